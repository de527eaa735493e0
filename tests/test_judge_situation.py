"""Building a combat scenario from a question, and simulating it."""

from __future__ import annotations

import pytest

from judgebot.judge.lexicon import Lexicon
from judgebot.judge.situation import build
from judgebot.judge.understand import understand


@pytest.fixture(scope="module")
def lexicon(search_service):
    return Lexicon(search_service.records, search_service.pinyin)


def situation(q, lexicon, search_service):
    return build(understand(q, lexicon), search_service.by_id)


def test_english_combat_with_keywords(lexicon, search_service):
    s = situation("my 3/3 with trample and deathtouch is blocked by a 2/2", lexicon,
                  search_service)
    assert s.attacker.pt == "3/3" and sorted(s.attacker.keywords) == ["deathtouch", "trample"]
    assert [b.pt for b in s.blockers] == ["2/2"]
    assert s.scenario["actions"][0] == {"attack": {"Attacker": "Bob"}}


def test_chinese_combat_with_two_blockers(lexicon, search_service):
    s = situation("我的3/3践踏生物被对手的两个2/2阻挡了", lexicon, search_service)
    assert s.attacker.keywords == ["trample"]
    assert s.blockers[0].count == 2
    assert s.scenario["actions"][1] == {"block": {"Blocker 1": "Attacker",
                                                  "Blocker 2": "Attacker"}}


def test_blocker_named_first(lexicon, search_service):
    s = situation("a 1/4 blocks my 5/5 lifelink creature", lexicon, search_service)
    assert s.attacker.pt == "5/5" and s.attacker.keywords == ["lifelink"]
    assert [b.pt for b in s.blockers] == ["1/4"]


def test_keywords_stay_with_their_creature(lexicon, search_service):
    s = situation("a 2/2 first strike attacker is blocked by a 3/3 with deathtouch", lexicon,
                  search_service)
    assert s.attacker.keywords == ["first strike"]
    assert s.blockers[0].keywords == ["deathtouch"]


@pytest.mark.parametrize("q", [
    "does trample work against a blocker that died?",  # no P/T stated
    "my 3/3 dies",  # one creature only
    "what is a 3/3?",
])
def test_no_scenario_without_a_stated_combat(lexicon, search_service, q):
    assert situation(q, lexicon, search_service) is None


def test_simulated_answer_comes_first_and_cites_what_it_applied(search_service):
    from judgebot.judge.service import Judge

    answer = Judge(search_service).ask(
        "a 3/3 deathtouch trample creature is blocked by a 2/2, how much damage to the player?")
    sim = answer.simulation
    assert sim and sim["ok"]
    assert sim["state"]["players"]["Bob"]["life"] == 18
    assert "Blocker" in sim["state"]["players"]["Bob"]["graveyard"]
    assert "702.19b" in sim["rules"]
    assert any("applied in the simulation" in q.why for q in answer.rules)
