"""The engine stays bounded on absurd scenarios and replays branches from the same start."""

from __future__ import annotations

import time

from judgebot.engine import simulate_text

LEGENDS_AND_MANA = """
players: [Alice, Bob]
battlefield:
  Alice: [{name: Kiki, creature: 2/2, supertypes: [legendary]},
          {name: Kiki, creature: 2/2, supertypes: [legendary], counters: {+1/+1: 1}}]
hand: {Alice: [Shock]}
mana: {Alice: "{R}"}
actions:
  - pass: {until: stack_empty}
  - cast: {player: Alice, card: Shock, targets: [Bob]}
  - pass: {until: stack_empty}
expect:
  life: {Bob: 18}
"""


def test_every_branch_starts_with_the_stated_mana_pool():
    # The legend rule leaves a choice open, so the scenario runs once per option;
    # each run must be able to pay for Shock from the pool the scenario states.
    result = simulate_text(LEGENDS_AND_MANA)
    assert result.refused is None, result.refused
    assert result.ok and result.runs >= 2


def _spell(text: str) -> str:
    return f"""
players: [Alice, Bob]
hand: {{Alice: [{{name: Absurd, types: [sorcery], text: "{text}"}}]}}
actions:
  - cast: {{player: Alice, card: Absurd}}
  - pass: {{until: stack_empty}}
"""


def test_creating_millions_of_tokens_is_refused_quickly():
    start = time.perf_counter()
    result = simulate_text(_spell("Create 10000000 1/1 white Soldier creature tokens."))
    assert result.refused is not None and "too many" in result.refused.message
    assert time.perf_counter() - start < 5


def test_drawing_a_hundred_million_cards_is_refused_quickly():
    start = time.perf_counter()
    result = simulate_text(_spell("Draw 100000000 cards."))
    assert result.refused is not None and "too many" in result.refused.message
    assert time.perf_counter() - start < 5


def test_step_limit_cannot_be_raised_without_bound():
    result = simulate_text("players: [Alice, Bob]\nstep_limit: 1000000000\nactions: []\n")
    assert result.refused is not None and "step_limit" in result.refused.message


def test_pass_times_cannot_be_unbounded():
    result = simulate_text("players: [Alice, Bob]\nactions:\n  - pass: {times: 1000000000}\n")
    assert result.refused is not None and "times" in result.refused.message
    assert result.refused.line == 3
