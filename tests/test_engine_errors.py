"""Bad input gets a clear message naming the scenario line and, for illegal
actions, the rule that forbids them; never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from judgebot.engine.simulation import run_text

BASE = """players: [Alice, Bob]
battlefield:
  Alice: [{name: Striker, creature: 3/3}]
  Bob: [Grizzly Bears]
actions:
  - attack: {Striker: Bob}
"""


def refusal(text: str):
    result = run_text(text)
    assert result.refused is not None, "expected a refusal"
    assert result.exit_code == 2
    return result.refused


def test_unknown_card_names_line_and_suggests() -> None:
    r = refusal("players: [Alice, Bob]\nbattlefield:\n  Bob: [Grizly Bears]\n")
    assert r.line == 3
    assert "Grizly Bears" in r.message and "Grizzly Bears" in r.message


def test_misspelled_action_names_line_and_suggests() -> None:
    r = refusal(BASE + "  - atack: {Striker: Bob}\n")
    assert r.line == 7
    assert "unknown action 'atack'" in r.message and "'attack'" in r.message


def test_a_block_after_blockers_were_declared_by_passing_is_refused() -> None:
    # Passing from declare attackers into declare blockers declares no blockers
    # (509.1): a block after that would be a second declaration.
    r = refusal(BASE + "  - pass: {}\n  - block: {Grizzly Bears: Striker}\n")
    assert r.line == 8 and "already been declared" in r.message and "509.1" in r.rules


def test_misspelled_choice_names_line_and_suggests() -> None:
    r = refusal(BASE + "  - choose: {player: Alice, targts: [Bob]}\n")
    assert r.line == 7
    assert "'targts'" in r.message and "'targets'" in r.message


def test_unknown_scenario_key_is_refused_with_its_line() -> None:
    r = refusal("players: [Alice, Bob]\nbattlefeld: {Alice: []}\n")
    assert r.line == 2 and "battlefield" in r.message


def test_invalid_yaml_names_the_line() -> None:
    r = refusal("players: [Alice, Bob]\nbattlefield:\n  Alice: [{name: X, creature: 1/1}\n")
    assert r.line is not None and "valid YAML" in r.message


def test_unquoted_mana_cost_explains_quoting() -> None:
    r = refusal("players: [Alice, Bob]\nhand:\n  Alice: [{name: X, creature: 1/1, "
                "mana_cost: {1}{R}}]\n")
    assert r.line == 3


def test_unknown_step_suggests_the_right_name() -> None:
    r = refusal("players: [Alice, Bob]\nturn: {active: Alice, step: declare_attacker}\n")
    assert "declare_attackers" in r.message and r.line == 2


def test_blocking_a_flyer_without_reach_is_refused_with_702_9b() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Alice: [Serra Angel]
  Bob: [Grizzly Bears]
actions:
  - attack: {Serra Angel: Bob}
  - block: {Grizzly Bears: Serra Angel}
"""
    r = refusal(text)
    assert r.line == 7 and r.kind == "illegal"
    assert "702.9b" in r.rules and "flying" in r.message


def test_sorcery_on_the_opponents_turn_is_refused_with_307_1() -> None:
    text = """players: [Alice, Bob]
hand:
  Bob: [Wrath of God]
actions:
  - cast: {player: Bob, card: Wrath of God}
"""
    r = refusal(text)
    assert r.line == 5 and "307.1" in r.rules


def test_targeting_a_hexproof_creature_is_refused_with_702_11b() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Bob: [{name: Troll, creature: 2/2, keywords: [hexproof]}]
hand:
  Alice: [Lightning Bolt]
actions:
  - cast: {player: Alice, card: Lightning Bolt, targets: [Troll]}
"""
    r = refusal(text)
    assert r.line == 7 and "702.11b" in r.rules and "hexproof" in r.message


def test_unreadable_text_is_refused_naming_the_words() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Alice:
    - {name: Oddity, creature: 1/1, text: "Whenever this creature frobnicates, draw a card."}
"""
    r = refusal(text)
    assert r.line == 4 and "frobnicates" in r.message


def test_unknown_keyword_is_refused_naming_it() -> None:
    r = refusal("players: [Alice, Bob]\nbattlefield:\n  Alice: [{name: X, creature: 1/1, "
                "keywords: [flyng]}]\n")
    assert "flyng" in r.message and r.line == 3


def test_an_illegal_action_marked_illegal_is_not_a_refusal() -> None:
    text = BASE.replace("  - attack: {Striker: Bob}\n",
                        "  - cast: {player: Bob, card: Grizzly Bears}\n    illegal: true\n")
    result = run_text(text.replace("battlefield:", "hand: {Bob: [Grizzly Bears]}\nbattlefield:"))
    assert result.refused is None
    assert result.expectations[0]["ok"]


def test_an_expected_refusal_that_is_accepted_fails_the_scenario() -> None:
    text = BASE + "    illegal: true\n"
    result = run_text(text)
    assert result.refused is None and result.exit_code == 1
    assert not result.expectations[0]["ok"]


def test_a_runaway_chain_of_triggers_stops_at_the_step_limit() -> None:
    text = """players: [Alice, Bob]
step_limit: 300
battlefield:
  Alice:
    - name: Replicator
      creature: 1/1
      text: Whenever another creature enters, create a 1/1 white Soldier creature token.
hand:
  Alice: [Grizzly Bears]
actions:
  - cast: {player: Alice, card: Grizzly Bears}
  - pass: {until: stack_empty}
"""
    r = refusal(text)
    assert r.kind == "limit" and "104.4b" in r.rules


SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("seed", range(40))
def test_mangled_scenarios_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    path = rng.choice(SCENARIOS)
    lines = path.read_text(encoding="utf-8").splitlines()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.choice(["drop", "dup", "swap", "trunc"])
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap" and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
        if not lines:
            break
    result = run_text("\n".join(lines))
    assert result.exit_code in (0, 1, 2)
    if result.refused is not None:
        assert result.refused.kind != "internal", result.refused.message
