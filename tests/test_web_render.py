"""Rendering helpers of the web pages: links inside rules text, mana symbols,
word diffs. Every output is HTML whose only markup is the markup they add."""

from __future__ import annotations

from judgebot.web import render

XSS = '<script>alert("x")</script>&'


def test_rule_spans_find_each_number_of_a_reference_list():
    text = "See rules 601.2b and 601.2f–h, and rule 702.19c."
    found = [(text[s:e], n) for s, e, n in render.rule_spans(text)]
    assert found == [("601.2b", "601.2b"), ("601.2f", "601.2f"), ("702.19c", "702.19c")]


def test_rule_spans_read_chinese_references():
    text = "参见规则702.19b。"
    assert [(text[s:e], n) for s, e, n in render.rule_spans(text)] == [("702.19b", "702.19b")]


def test_linked_escapes_text_and_adds_only_its_anchors():
    text = XSS + " rule 702.19b"
    start = text.index("702.19b")
    html = render.linked(text, [render.Link(start, start + 7, "/mtg/cr/702.19b", "rule")])
    assert "<script>" not in html
    assert "&lt;script&gt;" in html and "&amp;" in html
    assert '<a class="rule" href="/mtg/cr/702.19b">702.19b</a>' in html


def test_linked_term_carries_its_definition_as_an_escaped_tooltip():
    html = render.linked("trample", [render.Link(0, 7, "/mtg/glossary/trample", "term", XSS)])
    assert '<a class="term" href="/mtg/glossary/trample">trample</a>' in html
    assert '<span class="tip" role="tooltip">&lt;script&gt;' in html


def test_linked_skips_overlapping_links_keeping_the_first():
    links = [render.Link(0, 10, "/a", "rule"), render.Link(5, 12, "/b", "term", "tip")]
    html = render.linked("0123456789abc", links)
    assert 'href="/a"' in html and 'href="/b"' not in html


def test_linked_converts_script_piece_by_piece():
    html = render.linked("践踏规则", [render.Link(0, 2, "/x", "term", "践踏")], str.upper)
    assert html.startswith('<a class="term" href="/x">践踏</a>')


def test_mana_cost_is_drawn_as_named_symbols():
    html = render.mana("{2}{W}{U/B}{G/P}")
    assert html.count('class="ms') == 4
    assert 'aria-label="2 generic"' in html and 'aria-label="white"' in html
    assert 'aria-label="blue or black"' in html and 'aria-label="phyrexian green"' in html


def test_chinese_symbols_in_card_text_are_drawn_too():
    html = render.with_symbols("{四}, {横置}:增殖")
    assert 'aria-label="4 generic"' in html and 'aria-label="tap"' in html


def test_unknown_symbols_stay_text_and_escaped():
    assert render.mana("{<b>}") == "{&lt;b&gt;}"
    assert "&lt;b&gt;" in render.with_symbols("{<b>} x")


def test_word_diff_marks_removed_and_added_words():
    html = render.word_diff("the player or planeswalker", "the player, planeswalker, or battle")
    assert "<del>" in html and "<ins>" in html
    assert "battle" in str(html).split("<ins>", 1)[1]
    assert render.diff_counts("a b c", "a x c d") == (1, 2)


def test_word_diff_escapes_both_sides():
    html = render.word_diff(XSS, XSS + " <img>")
    assert "<script>" not in html and "<img>" not in html
