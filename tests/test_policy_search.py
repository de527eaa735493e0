"""Searching the Tournament Rules and the IPG: by section number in every
form, by an infraction's name or what people call it at the table, in
English and in Chinese (through the judge-terms glossary)."""

from __future__ import annotations

import pytest

from judgebot.search.query import parse

MTR = "mtg:mtr:2026-02-27:"
IPG = "mtg:ipg:2024-09-23:"


def ids(results, n=5):
    return [h.id for h in results.hits[:n]]


@pytest.mark.parametrize("q, expected", [
    ("MTR 4.2", MTR + "4.2"), ("mtr 10.1", MTR + "10.1"), ("ipg 2.2", IPG + "2.2"),
    ("IPG Appendix A", IPG + "appendix-a"), ("mtr appendix b", MTR + "appendix-b"),
    ("MTR section 3.10", MTR + "3.10"), ("mtr5.2", MTR + "5.2"), ("ＩＰＧ ２．５", IPG + "2.5"),
    ("MTR第3.12条", MTR + "3.12"), ("违规处理方针 2.5", IPG + "2.5"), ("MTR 2.1", MTR + "2.1"),
    ("IPG 4", IPG + "4"),
])
def test_a_section_number_goes_straight_to_the_section(search_service, q, expected):
    results = search_service.search(q)
    assert results.rule == expected
    assert ids(results) == [expected] and results.hits[0].pinned == "section number"


def test_a_section_that_does_not_exist_says_so_and_offers_its_chapter(search_service):
    results = search_service.search("MTR 4.12")
    assert "There is no MTR 4.12" in results.message
    assert ids(results)[:2] == [MTR + "4", MTR + "4.1"]


def test_a_section_number_is_not_read_as_a_rule_number():
    assert parse("IPG 2.2").rule is None and parse("IPG 2.2").policy.key == "2.2"
    assert parse("702.19b").policy is None
    assert parse("ipg 2.2 looking").policy is None  # words after it: a text search


@pytest.mark.parametrize("q, first", [
    ("looking at extra cards", IPG + "2.2"),
    ("slow play", IPG + "3.3"),
    ("missed trigger", IPG + "2.1"),
    ("Game Rule Violation", IPG + "2.5"),
    ("GRV", IPG + "2.5"),
    ("outside assistance", IPG + "3.2"),
])
def test_an_infraction_by_its_name_comes_first(search_service, q, first):
    assert ids(search_service.search(q))[0] == first


def test_the_tournament_rules_section_on_the_same_matter_comes_near(search_service):
    assert MTR + "5.5" in ids(search_service.search("slow play"), 3)
    assert MTR + "5.6" in ids(search_service.search("outside assistance"), 3)


@pytest.mark.parametrize("q, expected", [
    ("看到额外的牌", IPG + "2.2"),  # an alias of 额外看牌
    ("额外看牌", IPG + "2.2"),
    ("多抓牌", IPG + "2.3"),  # the old name of what is now a Hidden Card Error
    ("场外协助", IPG + "3.2"),
    ("拖延", IPG + "4.7"),
    ("遊戲行動失誤～額外看牌", IPG + "2.2"),  # Traditional script
])
def test_chinese_names_reach_the_english_sections(search_service, q, expected):
    assert expected in ids(search_service.search(q), 3)


def test_a_name_both_documents_use_pins_both_the_infraction_first(search_service):
    """场外协助 names IPG 3.2 and MTR 5.6; the order does not depend on whether a
    Comprehensive Rules edition happens to share a document's date."""
    assert ids(search_service.search("场外协助"), 2) == [IPG + "3.2", MTR + "5.6"]


def test_a_chinese_question_is_carried_into_english_through_the_glossary(search_service):
    results = search_service.search("对手看到额外的牌怎么处理")
    assert "看到额外的牌 → Looking at Extra Cards" in results.expansions
    assert IPG + "2.2" in ids(results, 3)


def test_table_talk_in_the_past_tense_finds_the_infraction(search_service):
    assert IPG + "2.3" in ids(search_service.search("drew an extra card"))


def test_a_penalty_by_its_chinese_name_finds_infractions_with_it(search_service):
    assert set(ids(search_service.search("一盘负"), 2)) == {IPG + "3.1", IPG + "3.4"}  # Game Loss


def test_the_tournament_documents_can_be_searched_alone(search_service):
    results = search_service.search("shuffle", kind="policy")
    assert results.hits and all(h.kind in ("mtr", "ipg") for h in results.hits)
    assert search_service.search("shuffle", kind="ipg").hits[0].kind == "ipg"


def test_the_rules_glossary_still_comes_before_a_tournament_section(search_service):
    """"Triggered Abilities" is MTR 4.5's title, but the term is the rules'."""
    assert ids(search_service.search("triggered abilities"), 1)[0].startswith(
        "mtg:glossary:")


def test_a_section_hit_carries_its_label_and_breadcrumb(search_service):
    hit = search_service.search("IPG 2.2").hits[0]
    assert (hit.kind, hit.number) == ("ipg", "2.2")
    assert [c["label"] for c in hit.breadcrumb] == ["IPG 2", "IPG 2.2"]
    assert hit.title["zh-Hans"] == "游戏行动失误～额外看牌"
