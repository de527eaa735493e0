"""Building a combat scenario from a question, and simulating it."""

from __future__ import annotations

import pytest

from judgebot.engine.cards import pool
from judgebot.judge.lexicon import Lexicon
from judgebot.judge.situation import build
from judgebot.judge.understand import understand


@pytest.fixture(scope="module")
def lexicon(search_service):
    return Lexicon(search_service.store, search_service.pinyin,
                   [list(c.all_names()) for c in pool()])


def situation(q, lexicon, search_service):
    return build(understand(q, lexicon), search_service.store, pool())


def test_english_combat_with_keywords(lexicon, search_service):
    s = situation("my 3/3 with trample and deathtouch is blocked by a 2/2", lexicon,
                  search_service)
    (attacker,) = s.attackers
    assert attacker.pt == "3/3" and sorted(attacker.keywords) == ["deathtouch", "trample"]
    assert attacker.owner == "You" and [b.owner for b in s.blockers] == ["Opponent"]
    assert s.scenario["players"] == ["You", "Opponent"]
    assert s.scenario["actions"][0] == {"attack": {"3/3 trample deathtouch": "Opponent"}}


def test_chinese_combat_with_two_blockers(lexicon, search_service):
    s = situation("我的3/3践踏生物被对手的两个2/2阻挡了", lexicon, search_service)
    assert s.attackers[0].keywords == ["trample"]
    assert s.blockers[0].count == 2
    assert s.scenario["actions"][1] == {"block": {"2/2": "3/3 trample", "2/2 #2": "3/3 trample"}}


def test_blocker_named_first(lexicon, search_service):
    s = situation("a 1/4 blocks my 5/5 lifelink creature", lexicon, search_service)
    assert s.attackers[0].pt == "5/5" and s.attackers[0].keywords == ["lifelink"]
    assert [b.pt for b in s.blockers] == ["1/4"]


def test_keywords_stay_with_their_creature(lexicon, search_service):
    s = situation("a 2/2 first strike attacker is blocked by a 3/3 with deathtouch", lexicon,
                  search_service)
    assert s.attackers[0].keywords == ["first strike"]
    assert s.blockers[0].keywords == ["deathtouch"]


def test_a_negated_keyword_is_not_given(lexicon, search_service):
    s = situation("我没有践踏的3/3被对手的2/2阻挡", lexicon, search_service)
    assert s.attackers[0].keywords == []


def test_the_same_creature_named_twice_is_one_creature(lexicon, search_service):
    s = situation("My opponent attacks with a 3/3 and a 2/2, I block the 2/2 with my 3/3 "
                  "lifelink creature", lexicon, search_service)
    assert sorted(m.pt for m in s.attackers) == ["2/2", "3/3"]
    assert [(b.pt, b.keywords, b.blocks.pt) for b in s.blockers] == [("3/3", ["lifelink"], "2/2")]
    assert s.scenario["players"] == ["Opponent", "You"]


def test_stated_life_total_and_a_spell(lexicon, search_service):
    s = situation("I'm at 3 life and cast Angel's Grace. Their 5/5 lifelink creature hits me.",
                  lexicon, search_service)
    assert s.scenario["life"] == {"You": 3}
    assert s.scenario["hand"] == {"You": ["Angel's Grace"]}
    assert {"cast": {"player": "You", "card": "Angel's Grace"}} in s.scenario["actions"]


@pytest.mark.parametrize("q", [
    "does trample work against a blocker that died?",  # no P/T stated
    "what is a 3/3?",  # nothing happens to it
])
def test_no_scenario_without_a_stated_combat(lexicon, search_service, q):
    assert situation(q, lexicon, search_service) is None


def test_simulated_answer_comes_first_and_cites_what_it_applied(search_service):
    from judgebot.judge.service import Judge

    answer = Judge(search_service.store, search_service).ask(
        "a 3/3 deathtouch trample creature is blocked by a 2/2, how much damage to the player?")
    sim = answer.simulation
    assert sim and sim["ok"]
    assert sim["state"]["players"]["Opponent"]["life"] == 18
    assert sim["state"]["players"]["Opponent"]["graveyard"] == ["2/2"]
    assert "702.19b" in sim["rules"]
    assert any(m.code == "judge.why.simulated" for q in answer.rules for m in q.why)


def test_a_spell_on_a_creature_without_combat(lexicon, search_service):
    s = situation("If I cast Lightning Bolt on their 2/2, does it die?", lexicon,
                  search_service)
    assert s.attackers == []
    assert s.scenario["battlefield"]["Opponent"] == [{"name": "2/2", "creature": "2/2"}]
    assert s.scenario["actions"][0] == {"cast": {"player": "You", "card": "Lightning Bolt",
                                                 "targets": ["2/2"]}}


def test_an_empty_library_and_a_named_step(lexicon, search_service):
    s = situation("I control Laboratory Maniac and my library is empty. I go to my draw step.",
                  lexicon, search_service)
    assert s.scenario["library"] == {"You": []}
    assert s.scenario["actions"][-1] == {"pass": {"until": "draw"}}
    assert s.scenario["battlefield"]["You"] == ["Laboratory Maniac"]


def test_a_guess_that_settles_nothing_is_not_shown(search_service):
    from judgebot.judge.service import Judge

    answer = Judge(search_service.store, search_service).ask("Can I respond to Sudden Shock?")
    assert answer.simulation is None


def test_a_blocker_named_after_its_attacker_blocks_it(lexicon, search_service):
    s = situation("My 4/4 flying attacks and their 2/2 with reach blocks it.", lexicon,
                  search_service)
    assert [m.pt for m in s.attackers] == ["4/4"]
    assert [(b.pt, b.keywords, b.blocks.pt) for b in s.blockers] == [("2/2", ["reach"], "4/4")]


@pytest.mark.parametrize("q", [
    # What a scenario read from the question would leave out: simulating it
    # would answer another game than the one asked about.
    "The graveyards hold a creature card and a land. I Lightning Bolt their 2/3 Tarmogoyf.",
    "I'm at -3 life with Platinum Angel and they Murder the Angel. Do I lose now?",
    "Liliana of the Veil has 2 loyalty and I use her -2. Their only creature is a 2/2.",
    "I'm at 3 life with Worship and a creature. Their 6/6 hits me unblocked.",
    "Damnation kills my Midnight Reaper and two other creatures of mine.",
    "I Lightning Bolt their 2/2 and they sacrifice it in response.",
    "对手有得享安息，他用攫取思绪让我弃掉手里的玄铁巨像。",
    "I Lightning Bolt their 2/2 and they respond with something.",
    "I put two +1/+1 counters on my Grizzly Bears while they have a 3/3.",
])
def test_no_scenario_when_the_question_states_what_it_cannot_hold(lexicon, search_service, q):
    assert situation(q, lexicon, search_service) is None


def test_nobody_blocks_what_the_question_says_is_unblocked(lexicon, search_service):
    s = situation("我有阿耶尼的群伴，两个2/2系命生物没被挡住同时造成战斗伤害", lexicon,
                  search_service)
    assert not any("block" in action for action in s.scenario["actions"])
    assert "Ajani's Pridemate" in s.scenario["battlefield"]["You"]
    assert len(s.attackers[0].names) == 2


def test_a_spell_named_again_is_the_same_spell(lexicon, search_service):
    s = situation("My Grizzly Bears blocks their 4/4 and I Giant Growth it. When Giant Growth "
                  "wears off, does it die?", lexicon, search_service)
    assert s.scenario["hand"] == {"You": ["Giant Growth"]}


def test_a_misspelt_keyword_is_the_creatures_where_it_was_typed(lexicon, search_service):
    # "tramble" is trample on the 3/3, though the question says "trample" later too.
    s = situation("tramble + deathtouch 3/3 blocked by a 0/4, how much can I trample over?",
                  lexicon, search_service)
    assert sorted(s.attackers[0].keywords) == ["deathtouch", "trample"]


def test_a_card_named_again_by_part_of_its_name_is_one_creature(lexicon, search_service):
    s = situation("Benalish Cavalry attacks and gets blocked by a 1/1. Does my Cavalry deal "
                  "damage to the player?", lexicon, search_service)
    assert s.scenario["battlefield"]["You"] == ["Benalish Cavalry"]


def test_a_spell_aimed_at_a_player_the_question_names(lexicon, search_service):
    s = situation("My opponent has Leyline of Sanctity. Can I target him with Thoughtseize?",
                  lexicon, search_service)
    assert s.scenario["actions"][0]["cast"]["targets"] == ["Opponent"]
    mine = situation("Can I cast Thoughtseize targeting myself?", lexicon, search_service)
    assert mine.scenario["actions"][0]["cast"]["targets"] == ["You"]


def test_a_target_the_rules_forbid_is_the_answer(search_service):
    from judgebot.judge.service import Judge
    from judgebot.messages import render

    judge = Judge(search_service.store, search_service)
    answer = judge.ask("My opponent has Leyline of Sanctity. Can I target him with Thoughtseize?")
    assert answer.basis == "simulation"
    assert "702.11b" in answer.decided_by
    assert render(answer.summary, "en").startswith("Not allowed: ")
    assert render(answer.summary, "zh-Hans").startswith("不允许：对手不能成为")
    # A spell whose target the question never named is refused for want of one
    # on the board we built: that says nothing about the question.
    unnamed = judge.ask("Opp tapped an Island and a Forest for Counterspell. Penalty?")
    assert unnamed.basis != "simulation"
