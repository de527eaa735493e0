"""Matching a tournament question to the section whose own words describe it."""

from __future__ import annotations

import pytest

from judgebot.judge.policymatch import PolicyMatcher, table_words
from judgebot.search import analysis


@pytest.fixture(scope="module")
def matcher(store):
    return PolicyMatcher(store)


def top(matcher, question, n=3):
    return [label for label, _ in matcher.rank(question, top=n)]


def test_every_infraction_and_every_mtr_section_is_described(matcher, store):
    labels = {d.label for d in matcher.descriptions}
    infractions = [r for r in store.records(game="mtg", kind="ipg")
                   if r.edition == store.current_edition("mtg", "ipg") and r.penalty]
    assert len(infractions) == 23
    assert {f"IPG {r.number}" for r in infractions} <= labels
    assert {"MTR 4.1", "MTR 2.3", "MTR 5.5"} <= labels


def test_an_infraction_is_found_by_its_examples_told_plainly(matcher):
    # IPG 4.5's examples include a player who turns over a table.
    assert top(matcher, "a player at the next table got angry and turned over the table",
               1) == ["IPG 4.5"]
    # IPG 4.3's: two players rolling a die to decide the winner as time is called.
    assert "IPG 4.3" in top(matcher, "time was called so we rolled a die to see who wins")


def test_table_talk_reads_as_the_documents_words(matcher):
    assert "turns over table" in matcher.english("he flipped the whole table, unreal")
    assert "IPG 4.5" in top(matcher, "guy flipped the table after losing")
    # "opp" at word boundaries only: "opposite" is not an opponent.
    assert "opponent" not in matcher.english("the opposite side")


def test_a_chinese_question_is_matched_through_its_words_and_the_section_names(matcher):
    assert "throws ground" in matcher.english("他把套牌摔到地上")
    assert "IPG 4.1" in top(matcher, "输了之后把套牌摔到地上，会被罚吗")
    # The Chinese name of an infraction (judge-terms-zh.tsv) names its section.
    assert "IPG 3.3" in top(matcher, "对手一直慢打怎么办")
    # Traditional script is folded first.
    assert "IPG 4.5" in top(matcher, "對手輸了就掀桌子")


def test_the_longest_chinese_word_wins(matcher):
    english = matcher.english("他掀桌")
    assert "turns over table" in english and english.count("table") == 1


def test_every_word_of_the_table_is_a_word_of_the_documents(matcher):
    """An entry whose English no description uses could never match anything."""
    used = {t for d in matcher.descriptions for t in d.terms}
    for lang, words in table_words().items():
        for phrase, english in words.items():
            stems = analysis.analyze(matcher.analyzer, english)
            assert stems and set(stems) <= used, (lang, phrase, english)


def test_words_every_judge_call_uses_do_not_match(matcher):
    assert matcher.rank("what penalty does a judge give? what happens?") == []
