"""Reading queries: rule references in every form, phrases, noise."""

from __future__ import annotations

import pytest

from judgebot.search.query import MAX_QUERY_CHARS, RuleRef, parse, rule_ref


@pytest.mark.parametrize(
    "text",
    ["702.19b", "CR 702.19b", "cr702.19b", "rule 702.19b", "Rule 702.19b.", "规则702.19b",
     "規則 702.19b", "第702.19b条", "７０２．１９ｂ", "702.19B", " 702.19b。", "mtg 702.19b"],
)
def test_rule_reference_forms(text):
    assert parse(text).rule == RuleRef(game="mtg", number="702.19b")


def test_section_and_rule_numbers():
    assert rule_ref("702") == RuleRef("mtg", "702")
    assert rule_ref("702.19") == RuleRef("mtg", "702.19")


def test_chapter_needs_a_rule_word():
    assert rule_ref("cr 7") == RuleRef("mtg", "7")
    assert rule_ref("第8章") == RuleRef("mtg", "8")
    assert rule_ref("20") is None


@pytest.mark.parametrize(("text", "number"), [
    ("fow 1415.1a-ii", "1415.1a-ii"), ("FOW 1415.1D-III", "1415.1d-iii"),
    ("fow 903.2e-i", "903.2e-i"),
])
def test_roman_numeral_subrules_are_rule_references(text, number):
    assert rule_ref(text) == RuleRef("fow", number)


def test_a_letter_after_a_dash_that_is_no_numeral_is_not_a_reference():
    assert rule_ref("702.19a-c") is None


def test_force_of_will_prefix():
    assert rule_ref("fow 1102.1") == RuleRef("fow", "1102.1")
    assert rule_ref("FoW 1102") == RuleRef("fow", "1102")


def test_edition_prefix():
    assert rule_ref("2019-10-04 702.19b") == RuleRef("mtg", "702.19b", "2019-10-04")


def test_words_are_not_rule_references():
    assert parse("trample 702").rule is None
    assert parse("702.19b trample").rule is None


def test_quoted_phrases_in_any_quote_style():
    parsed = parse('"combat damage" “first strike” 「战斗伤害」 trample')
    assert parsed.phrases == ["combat damage", "first strike", "战斗伤害"]
    assert parsed.free == "trample"


def test_traditional_and_full_width_are_folded():
    assert parse("踐踏").free == "践踏"
    assert parse("ｔｒａｍｐｌｅ").free == "trample"


@pytest.mark.parametrize("text", ["", "   ", "\x00\x01", "()", "AND OR NOT"[:0], "***"])
def test_empty_or_noise_only_queries_are_empty(text):
    assert parse(text).empty


def test_operators_and_stray_quotes_are_plain_text():
    parsed = parse('trample AND (deathtouch OR "lifelink')
    assert not parsed.empty
    assert "(" not in parsed.free and '"' not in parsed.free


def test_huge_queries_are_cut():
    parsed = parse("trample " * 5000)
    assert parsed.truncated
    assert len(parsed.text) <= MAX_QUERY_CHARS


def test_binary_input_is_cleaned():
    parsed = parse("tr\x00am\x07ple\ufffe")
    assert "\x00" not in parsed.text and "\x07" not in parsed.text
