"""A creature's power and toughness worked out through layers 7b–7d (rule 613.4)
from the effects a question states, in its words and in the cards it names."""

from __future__ import annotations

import pytest

from judgebot.judge.ptlayers import Effect, compute
from judgebot.judge.service import Judge
from judgebot.messages import Name, render


def effect(layer, at, power=0, toughness=0, counters=0):
    return Effect(layer, at, Name(f"effect {at}"), power, toughness, counters)


def pt(result):
    return f"{result.power}/{result.toughness}"


def test_setting_applies_before_modifying_whatever_the_order_stated():
    anthem_first = compute((3, 3), [effect("7c", 0, 1, 1), effect("7b", 1, 1, 1)], Name("3/3"))
    assert pt(anthem_first) == "2/2"
    assert [s.effect.layer for s in anthem_first.steps] == ["7b", "7c"]


def test_the_latest_setting_effect_wins():
    result = compute((2, 2), [effect("7b", 5, 0, 1), effect("7b", 2, 4, 4)], Name("2/2"))
    assert pt(result) == "0/1"


def test_counters_count_each_and_switching_comes_last():
    result = compute((1, 4), [effect("7d", 0), effect("7c", 1, 1, 1, counters=2),
                              effect("7c", 2, 2, 0)], Name("1/4"))
    assert pt(result) == "6/5"  # 1/4 → 3/6 → 5/6 → switched
    assert result.rules == ["613.4c", "613.4d", "613.7"]


@pytest.fixture(scope="module")
def judge(search_service):
    return Judge(search_service.store, search_service)


def test_an_anthem_card_and_a_becomes_effect(judge):
    answer = judge.ask("I control Glorious Anthem. My 3/3 creature becomes 1/1 until end of "
                       "turn. What is its power and toughness?")
    assert answer.basis == "layers" and answer.confidence == "strong"
    assert answer.simulation is None
    assert answer.layers["pt"] == "2/2"
    assert [s["layer"] for s in answer.layers["steps"]] == ["7b", "7c"]
    summary = answer.to_dict()["summary"]["text"]
    assert summary["en"].startswith("It is 2/2.") and summary["zh-Hans"].startswith("它是2/2。")
    assert [q.label for q in answer.rules[:2]] == ["CR 613.4b", "CR 613.4c"]


def test_chinese_counters_and_switching(judge):
    answer = judge.ask("我的2/2生物上有两个+1/+1指示物，然后交换了力量和防御力，现在是多大？")
    assert answer.basis == "layers" and answer.layers["pt"] == "4/4"


def test_a_characteristic_defining_ability_is_not_guessed(judge):
    answer = judge.ask("Tarmogoyf becomes 1/1 until end of turn and gets +2/+2. How big is it?")
    assert answer.basis != "layers"


def test_a_combat_is_left_to_the_engine(judge):
    answer = judge.ask("My 3/3 becomes 1/1 and attacks, blocked by a 2/2. What is its power "
                       "and toughness after combat?")
    assert answer.basis != "layers"


def test_toughness_0_means_the_graveyard_and_says_so(judge):
    # Skullclamp: "Equipped creature gets +1/-1." on Llanowar Elves (1/1).
    answer = judge.ask("Skullclamp on my Llanowar Elves. Does it die right away?")
    assert answer.basis == "layers" and answer.layers["pt"] == "2/0"
    assert answer.layers["rules"][0] == "704.5f"
    assert answer.rules[0].label == "CR 704.5f"
    for lang in ("en", "zh-Hans"):
        assert "704.5f" in render(answer.summary, lang)


def test_a_creature_that_keeps_toughness_above_0_survives_its_effects(judge):
    answer = judge.ask("my 2/2 gets +1/+1 from an anthem, does it die to a -2/-2 effect?")
    assert answer.layers["pt"] == "1/1"
    assert "stays above 0" in render(answer.summary, "en")
