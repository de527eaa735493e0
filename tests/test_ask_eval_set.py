"""The judge-question set in bench/ask/ is well formed, and its scoring says what it claims.

Not a test of the judge's quality: bench/eval_ask.py measures that.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from judgebot.text.script import to_hans

ASK = Path(__file__).resolve().parent.parent / "bench" / "ask"


def _load_module():
    spec = importlib.util.spec_from_file_location("askset", ASK / "askset.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


askset = _load_module()


@pytest.fixture(scope="module")
def cards():
    return askset.card_names()


@pytest.fixture(scope="module")
def questions(cards):
    return askset.load(cards=cards)


def _write(tmp_path, body: str) -> Path:
    path = tmp_path / "questions.yaml"
    path.write_text("questions:\n" + body, encoding="utf-8")
    return path


# --- the set ------------------------------------------------------------------------------


def test_set_parses_into_at_least_120_questions(questions):
    assert len(questions) >= 120


def test_set_is_half_chinese_half_english(questions):
    families = Counter(q.family for q in questions)
    assert families["en"] == families["zh"]


def test_set_has_the_kinds_of_question_the_issue_asks_for(questions):
    tags = Counter(t for q in questions for t in q.tags)
    assert tags["hant"] >= 10
    assert tags["typo"] >= 8
    assert tags["mixed"] >= 5
    assert tags["card"] >= 30
    assert tags["paraphrase"] >= 20
    assert sum(q.simulable for q in questions) >= 30


def test_every_category_has_questions_in_both_languages(questions):
    for category in askset.CATEGORIES:
        families = {q.family for q in questions if q.category == category}
        assert families == {"en", "zh"}, category


def test_every_cited_rule_exists_in_the_edition_its_set_is_written_in(questions, by_id):
    for q in questions:
        for number in q.cite:
            if number[:1].isdigit():
                assert f"mtg:cr:{q.edition}:{number}" in by_id, (q.id, number)


def test_questions_about_cards_name_them_in_english_or_chinese(questions, cards):
    # Paraphrases may use the table's nicknames ("Goyf"); originals name the card.
    for q in questions:
        if q.paraphrase_of or "typo" in q.features:
            continue
        for card in q.cards:
            zh = cards[card].split("//")[0]
            # By its name, its Chinese name, or a word of its name ("Bolt").
            words = [w for w in re.findall(r"[\w']+", card.casefold()) if len(w) >= 4]
            named = card.casefold() in q.q.casefold() or any(
                re.search(rf"\b{re.escape(w)}\b", q.q.casefold()) for w in words)
            # In Chinese, by its name or a part of it (乌洛 for 天怒泰坦乌洛).
            hans = to_hans(q.q)
            named_zh = bool(zh) and any(zh[i:i + 2] in hans for i in range(len(zh) - 1))
            assert named or named_zh, (q.id, card)


def test_paraphrases_point_to_originals_with_the_same_rules(questions):
    by_id = {q.id: q for q in questions}
    for q in questions:
        if q.paraphrase_of:
            assert set(by_id[q.paraphrase_of].cite) == set(q.cite)


# --- rejected files -----------------------------------------------------------------------


def test_unknown_card_is_rejected_with_the_question_id(tmp_path, cards):
    path = _write(tmp_path, '- {id: en-001, q: "Lightning Boltz?", lang: en, category: combat,'
                            ' cite: ["702.19b"], cards: [Lightning Boltz]}\n')
    with pytest.raises(askset.AskSetError, match="en-001: 'Lightning Boltz' is not a card"):
        askset.load(path, cards=cards)


def test_cite_that_is_not_a_rule_number_is_rejected(tmp_path, cards):
    path = _write(tmp_path, '- {id: en-001, q: "trample?", lang: en, category: combat,'
                            ' cite: ["trample"]}\n')
    with pytest.raises(askset.AskSetError, match="cite must be a list of rule numbers"):
        askset.load(path, cards=cards)


def test_paraphrase_citing_other_rules_is_rejected(tmp_path, cards):
    path = _write(tmp_path,
                  '- {id: en-001, q: "trample?", lang: en, category: combat, cite: ["702.19b"]}\n'
                  '- {id: en-p01, q: "tramble?", lang: en, category: combat, cite: ["702.19"],'
                  ' paraphrase_of: en-001}\n')
    with pytest.raises(askset.AskSetError, match="en-p01: a paraphrase must cite the same"):
        askset.load(path, cards=cards)


def test_simulable_question_without_outcome_is_rejected(tmp_path, cards):
    path = _write(tmp_path, '- {id: en-001, q: "3/3 vs 2/2?", lang: en, category: combat,'
                            ' cite: ["510.1c"], simulable: true}\n')
    with pytest.raises(askset.AskSetError, match="needs an outcome"):
        askset.load(path, cards=cards)


# --- scoring ------------------------------------------------------------------------------


def test_a_subrule_in_the_answer_finds_a_cited_parent():
    assert askset.covers("702.19", "702.19b")
    assert askset.covers("510", "510.1c")


def test_a_parent_in_the_answer_does_not_find_a_cited_subrule():
    assert not askset.covers("702.19b", "702.19")
    assert not askset.covers("702.1", "702.19b")


def test_recall_and_reciprocal_rank_follow_the_answer_order():
    found = askset.ranks(["702.19b", "702.2c", "510.1c"],
                         ["702.19", "702.19b", None, "510.1c", "120.3", "702.2c"])
    assert found == {"702.19b": 2, "702.2c": 6, "510.1c": 4}
    assert askset.recall_at(found, 5) == pytest.approx(2 / 3)
    assert askset.reciprocal_rank(found) == pytest.approx(1 / 2)


def test_simulation_is_right_only_when_the_outcome_matches(cards):
    outcome = {"life": {"You": 20, "Opponent": 17}, "battlefield": {"You": ["Stuffy Doll"]}}
    state = {"players": {"You": {"life": 20, "battlefield": [{"name": "Stuffy Doll"}]},
                         "Opponent": {"life": 17, "battlefield": []}}}
    assert askset.check_simulation({"state": state}, outcome, cards).status == "right"
    state["players"]["Opponent"]["life"] = 19
    assert askset.check_simulation({"state": state}, outcome, cards).status == "wrong"
    assert askset.check_simulation(None, outcome, cards).status == "absent"
    assert askset.check_simulation({"refused": "no such card"}, outcome, cards).status == "refused"


def test_described_objects_are_matched_by_count_and_cards_by_name(cards):
    outcome = {"graveyard": {"Opponent": ["2/2 creature", "Gorgon Recluse"]}}
    good = {"players": {"Alice": {"graveyard": []},
                        "Bob": {"graveyard": ["Bear", "隐遁蛇发妖"]}}}
    bad = {"players": {"Alice": {"graveyard": []}, "Bob": {"graveyard": ["Bear", "Wall"]}}}
    right = askset.check_simulation({"state": good}, outcome, cards)
    assert right.status == "right" and right.by_permutation
    assert askset.check_simulation({"state": bad}, outcome, cards).status == "wrong"


@pytest.mark.parametrize("path", sorted(ASK.glob("holdout-*.yaml")), ids=lambda p: p.name)
def test_every_held_out_set_is_well_formed(path, cards):
    held_out = askset.load(path, cards=cards)
    assert len(held_out) >= 100
    assert {q.lang for q in held_out} == {"en", "zh-Hans", "zh-Hant"}
    for q in held_out:  # a question's script is the one its lang says
        assert (q.lang == "zh-Hant") == (q.lang != "en" and to_hans(q.q) != q.q), q.id
