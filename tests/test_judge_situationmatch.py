"""A question told in words no situation's pattern was written for still
brings the rules of the situation it resembles, without claiming to be sure."""

from __future__ import annotations

from collections import Counter

import pytest

from judgebot.judge.bm25 import Bm25
from judgebot.judge.retrieve import RESEMBLES_MIN
from judgebot.judge.service import Judge
from judgebot.judge.situations import pattern_words

# No pattern of situations.yaml recognises these; each tells of a spell whose
# only target is gone when it resolves.
UNRECOGNISED_ILLEGAL_TARGET = [
    "My opponent's spell lost its only target before resolving; what happens to it?",
    "the creature it was aimed at is gone by the time the spell resolves",
    "我的咒语要结算的时候，它指定的那个生物已经不在战场上了",
]


@pytest.fixture(scope="module")
def judge(search_service):
    return Judge(search_service.store, search_service)


@pytest.mark.parametrize("q", UNRECOGNISED_ILLEGAL_TARGET)
def test_a_situation_told_in_other_words_is_the_one_it_most_resembles(judge, q):
    answer = judge.ask(q)
    assert not answer.understanding.of("situation")  # no pattern said so
    assert judge.retriever.resembling.rank(q)[0][0] == "illegal-targets"
    first_three = [r.label for r in answer.rules[:3]]
    assert "CR 608.2b" in first_three
    quoted = next(r for r in answer.rules if r.label == "CR 608.2b")
    assert "judge.why.resembles" in [w.code for w in quoted.why]


@pytest.mark.parametrize("q", UNRECOGNISED_ILLEGAL_TARGET)
def test_resemblance_alone_never_makes_an_answer_sure(judge, q):
    assert judge.ask(q).confidence != "strong"


def test_a_question_about_nothing_the_situations_know_resembles_none_of_them(judge):
    ranked = judge.retriever.resembling.rank("what is the weather like in Seattle today?")
    assert all(score < RESEMBLES_MIN for _, score in ranked)


def test_a_patterns_words_are_its_literals_without_its_syntax():
    assert pattern_words(r"\b(?:sacrificed|bounced)\b[^.?]{0,40}\bwhile\b") == \
        "sacrificed bounced while"
    assert pattern_words(r"(?:咒语|异能|它)(?:还)?(?:会|能)结算吗") == \
        "咒语 异能 它 还 会 能 结算吗"


def test_bm25_ranks_the_rarer_shared_word_higher_and_counts_a_word_once():
    index = Bm25({"a": Counter(["trample", "damage"]), "b": Counter(["damage", "life"]),
                  "c": Counter(["damage", "blocker"])})
    scores = index.scores(["trample", "damage", "damage"])
    assert max(scores, key=scores.get) == "a"
    assert scores["b"] == scores["c"] == index.scores(["damage"])["b"]
    assert index.scores(["unknown"]) == {}
