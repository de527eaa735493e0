"""The search service over the real index of the shipped corpus."""

from __future__ import annotations

import pytest

from judgebot.corpus import current_cr
from judgebot.search.service import MAX_PER_PAGE, SearchError, snippet

CURRENT = f"mtg:cr:{current_cr()}:"
GLOSSARY = f"mtg:glossary:{current_cr()}:"


def top(svc, q, n=1, **filters):
    return [h.id for h in svc.search(q, **filters).hits[:n]]


@pytest.mark.parametrize(
    "q", ["702.19b", "CR 702.19b", "rule 702.19b", "规则702.19b", "第702.19b条",
          "７０２．１９ｂ", "702.19b."],
)
def test_rule_references_go_straight_to_the_rule(search_service, q):
    res = search_service.search(q)
    assert res.rule == CURRENT + "702.19b"
    assert [h.id for h in res.hits] == [CURRENT + "702.19b"]


def test_section_number_goes_to_the_section(search_service):
    assert search_service.search("702").rule == CURRENT + "702"


def test_older_edition_by_prefix(search_service):
    assert search_service.search("2019-10-04 702.19b").rule == "mtg:cr:2019-10-04:702.19b"


def test_unknown_rule_number_says_so_and_offers_neighbours(search_service):
    res = search_service.search("702.19z")
    assert res.rule is None and "702.19z" in res.message
    assert res.hits and all(h.id.startswith(CURRENT + "702.19") for h in res.hits)


def test_keyword_brings_glossary_entry_and_defining_rule_first(search_service):
    assert top(search_service, "trample", 2) == [
        GLOSSARY + "trample", CURRENT + "702.19"]


def test_misspelt_keyword_is_corrected(search_service):
    res = search_service.search("tramble")
    assert res.suggestion == "trample"
    assert [h.id for h in res.hits[:2]] == [GLOSSARY + "trample", CURRENT + "702.19"]


def test_typo_in_a_multi_word_query_is_suggested(search_service):
    res = search_service.search("deathtuch damage")
    assert res.suggestion == "deathtouch damage"


def test_exact_words_are_not_drowned_by_fuzzy_ones(search_service):
    res = search_service.search("flying")
    assert res.suggestion is None
    assert res.hits[0].id == GLOSSARY + "flying"


def test_multi_word_english_question(search_service):
    ids = top(search_service, "trample deathtouch", 5)
    assert CURRENT + "702.19" in ids or CURRENT + "702.19c" in ids or any(
        i.startswith(CURRENT + "702.2") for i in ids)


def test_english_phrase_must_match_in_order(search_service):
    res = search_service.search('"combat damage step"')
    assert res.hits
    for hit in res.hits[1:6]:
        text = hit.snippets.get("en", "").lower().replace("<mark>", "").replace("</mark>", "")
        assert "combat damage step" in text or not text


def test_results_carry_breadcrumb_and_highlighted_snippet(search_service):
    hit = next(h for h in search_service.search("damage assignment").hits
               if h.kind == "rule")
    assert hit.breadcrumb[-1]["id"] == hit.id
    assert hit.breadcrumb[0]["label"].isdigit()
    assert "<mark>" in hit.snippets["en"]


def test_breadcrumb_of_a_subrule(search_service):
    hit = search_service.search("702.19b").hits[0]
    assert [c["label"] for c in hit.breadcrumb] == ["7", "702", "702.19", "702.19b"]
    assert hit.breadcrumb[2]["title_en"] == "Trample"


def test_filters_by_kind_and_section(search_service):
    res = search_service.search("damage", kind="rule", section="510")
    assert res.hits and all(h.kind == "rule" and h.number.startswith("510") for h in res.hits)


def test_edition_filter_reaches_older_rules(search_service):
    res = search_service.search("trample", edition="2019-10-04", kind="rule")
    assert res.hits and all(h.edition == "2019-10-04" for h in res.hits)


def test_default_search_shows_current_rules_only(search_service):
    res = search_service.search("trample", kind="rule", per_page=50)
    assert all(h.edition != "2019-10-04" for h in res.hits)


def test_paging_does_not_repeat_results(search_service):
    first = {h.id for h in search_service.search("damage", per_page=10).hits}
    second = {h.id for h in search_service.search("damage", per_page=10, page=2).hits}
    assert len(first) == 10 and len(second) == 10 and not first & second


@pytest.mark.parametrize(("q", "filters"), [("damage", {"kind": "rules"}),
                                             ("伤害", {"kind": "rules"}), ("first strike", {})])
def test_total_counts_every_result_the_pages_hold(search_service, q, filters):
    total = search_service.search(q, per_page=50, **filters).total
    assert total <= 50 * 100  # every result is on one of the hundred pages
    ids: list[str] = []
    for page in range(1, total // 50 + 2):
        ids += [h.id for h in search_service.search(q, per_page=50, page=page, **filters).hits]
    assert 50 < total == len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"kind": "spaceship"}, "unknown kind"), ({"edition": "1999"}, "unknown edition"),
     ({"section": "abc"}, "section"), ({"page": 0}, "page"),
     ({"per_page": MAX_PER_PAGE + 1}, "per_page"), ({"colour": "red"}, "unknown filter")],
)
def test_bad_filters_are_refused_clearly(search_service, kwargs, message):
    with pytest.raises(SearchError, match=message):
        search_service.search("trample", **kwargs)


@pytest.mark.parametrize(
    "q", ["", "   ", "\x00\x01\x02", '"', '"""', "((", "AND", "OR NOT", "*?~^",
          "trample AND (", 'combat "damage', "{", "}", "\\", "a" * 10_000,
          "践" * 5000, bytes(range(256)).decode("latin-1"), "🂡🂢🂣", "Ωμέγα", "ありがとう",
          "<script>alert(1)</script>"],
)
def test_bad_input_never_fails(search_service, q):
    res = search_service.search(q)
    assert res.total >= 0
    for hit in res.hits:
        for html in hit.snippets.values():
            assert "<script>" not in html


def test_empty_query_explains_what_to_type(search_service):
    assert "rule number" in search_service.search("").message


def test_huge_query_is_searched_by_its_beginning(search_service):
    res = search_service.search("trample " * 3000)
    assert "long" in res.message
    assert res.hits


def test_snippets_escape_everything_but_marks():
    text = '<b>"x" & y</b> trample'
    html = snippet(text, [(text.index("trample"), len(text))])
    assert html == '&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt; <mark>trample</mark>'


def test_snippet_window_centres_on_the_matches():
    text = "a " * 300 + "trample" + " b" * 300
    html = snippet(text, [(600, 607)])
    assert "<mark>trample</mark>" in html and html.startswith("…") and html.endswith("…")


def test_rule_number_with_a_space_before_the_letter(search_service):
    assert search_service.search("702.19 b").rule == CURRENT + "702.19b"


def test_edition_filter_applies_to_rule_numbers(search_service):
    res = search_service.search("702.19b", edition="2019-10-04")
    assert res.rule == "mtg:cr:2019-10-04:702.19b"


def test_records_holding_every_word_come_before_headings_with_one(search_service):
    ids = [h.id for h in search_service.search("creature with 0 toughness").hits]
    assert CURRENT + "704.5f" in ids[:5]


def test_comprehensive_rules_before_the_beginners_book(search_service):
    hits = search_service.search("死触 践踏 阻挡").hits
    first_cr = next(i for i, h in enumerate(hits) if h.id.startswith(CURRENT))
    first_m13 = next((i for i, h in enumerate(hits) if h.edition == "m13"), len(hits))
    assert first_cr < first_m13


@pytest.mark.parametrize("q", ["目标不合法 结算", "target illegal when the spell resolves"])
def test_a_ruling_repeated_for_many_cards_is_shown_once_near_the_top(search_service, q):
    from judgebot.search.service import RESEMBLANCE, _resemblance

    hits = search_service.search(q).hits[:5]
    shapes = [search_service._ruling_shape(search_service.store.get(h.id))
              for h in hits if h.kind == "ruling"]
    for i, a in enumerate(shapes):
        assert all(_resemblance(a, b) < RESEMBLANCE for b in shapes[i + 1:])


def test_the_same_ruling_text_for_two_cards_counts_as_a_repeat(search_service):
    from judgebot.search.service import RESEMBLANCE, _resemblance

    repeal = search_service._ruling_shape(search_service.store.get("mtg:ruling:tsr:repeal:1"))
    bewilder = search_service._ruling_shape(search_service.store.get("mtg:ruling:tsr:bewilder:1"))
    other = search_service._ruling_shape(search_service.store.get("mtg:ruling:tsr:tarmogoyf:1"))
    assert _resemblance(repeal, bewilder) >= RESEMBLANCE > _resemblance(repeal, other)


def test_long_questions_are_scored_on_their_rarest_words(search_service):
    long_q = ("what happens when my creature with trample and deathtouch attacks and the "
              "opponent blocks it with two creatures and then one of them leaves")
    assert search_service.search(long_q).hits


def test_force_of_will_roman_numeral_subrule_goes_straight_to_it(search_service):
    # 12.7 numbers them 1412.1a-2: the newest edition that has the number answers
    assert search_service.search("fow 1415.1a-ii").rule == "fow:cr:6.3:1415.1a-ii"
    assert search_service.search("fow 6.0 1415.1a-ii").rule == "fow:cr:6.0:1415.1a-ii"
    assert search_service.search("fow 705.3a-1").rule == "fow:cr:12.7:705.3a-1"


def test_force_of_will_chapters_answer_to_their_printed_number(search_service):
    assert search_service.search("fow 1100").rule == "fow:cr:12.7:11"


def test_quoted_chinese_phrase_finds_the_words_together(search_service):
    res = search_service.search('"战斗伤害"')
    assert res.total > 20
    for hit in res.hits[:10]:
        plain = hit.snippets.get("zh", "").replace("<mark>", "").replace("</mark>", "")
        plain += " ".join(hit.title.values())  # (a section titled 戰鬥傷害 holds the phrase)
        assert "战斗伤害" in plain or "戰鬥傷害" in plain, hit.id


def test_quoted_chinese_phrase_of_two_words(search_service):
    res = search_service.search('"战斗伤害步骤"')
    assert any(h.id == CURRENT + "510" for h in res.hits[:5])


# --- a keyword's own section, table slang, words that say nothing ----------------------------

def _numbers(results):
    return [h.id.rsplit(":", 1)[1] for h in results.hits]


@pytest.mark.parametrize("q", ["trample", "践踏", "踐踏"])
def test_a_keyword_shows_its_sections_subrules_in_order(search_service, q):
    numbers = _numbers(search_service.search(q, per_page=12))
    subrules = [n for n in numbers if n.startswith("702.19")]
    assert subrules[:4] == ["702.19", "702.19a", "702.19b", "702.19c"]
    assert numbers.index("702.19b") < 6


def test_state_based_actions_show_when_they_are_checked(search_service):
    numbers = _numbers(search_service.search("state-based actions"))
    assert "704.3" in numbers[:6]
    assert _numbers(search_service.search("SBA"))[:6] == numbers[:6]


@pytest.mark.parametrize("q", ["fizzle", "fizzled"])
def test_table_slang_finds_the_rule_it_means(search_service, q):
    assert _numbers(search_service.search(q))[0] == "608.2b"


def test_slang_that_is_also_a_card_name_finds_the_card_then_the_rule(search_service):
    results = search_service.search("失效")  # Negate's Chinese name, and "fizzle" at the table
    assert results.card == "mtg:card:negate"
    assert _numbers(results)[:2] == ["negate", "608.2b"]


def test_slang_rules_exist_in_the_current_edition(store):
    from judgebot.search.abbreviations import SLANG

    for word, numbers in SLANG.items():
        for number in numbers:
            assert store.rule(number, game="mtg") is not None, (word, number)


@pytest.mark.parametrize("noise", ["ha", "的", "lol"])
def test_words_that_say_nothing_do_not_change_the_results(search_service, noise):
    plain = _numbers(search_service.search("trample deathtouch"))[:5]
    assert _numbers(search_service.search(f"trample deathtouch {noise}"))[:5] == plain
