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


def _creatures(n: int, text: str = "") -> str:
    return ", ".join(f'{{name: C{i}, creature: 1/1, text: "{text}"}}' for i in range(n))


def test_a_dozen_triggers_at_once_take_a_documented_order_without_listing_every_order():
    # 12 different "dies" triggers have 12! orders; none is listed beyond the first few.
    result = simulate_text(f"""
players: [Alice, Bob]
battlefield:
  Alice: [{_creatures(12, "When this creature dies, you gain 1 life.")}]
hand: {{Alice: [{{name: Wipe, types: [sorcery], text: "Destroy all creatures."}}]}}
actions:
  - cast: {{player: Alice, card: Wipe}}
  - pass: {{until: stack_empty}}
""")
    assert result.refused is None and result.ok
    assert any("12 triggered abilities" in e.text for e in result.log if e.event == "default")


def test_choosing_15_of_30_takes_the_named_cards_or_a_documented_default():
    scenario = f"""
players: [Alice, Bob]
battlefield:
  Bob: [{_creatures(30)}]
hand: {{Alice: [{{name: Edict, types: [sorcery], text: "Target player sacrifices 15 creatures."}}]}}
actions:
  - cast: {{player: Alice, card: Edict, targets: [Bob]}}
  - pass: {{until: stack_empty}}
"""
    result = simulate_text(scenario)  # 155 million groups: none is listed
    assert result.refused is None and result.ok
    assert any("first 15 of 30" in e.text for e in result.log if e.event == "default")
    named = [f"C{i}" for i in range(15, 30)]
    chosen = simulate_text(scenario.replace(
        "  - pass:", f"  - choose: {{player: Bob, sacrifice: [{', '.join(named)}]}}\n  - pass:"))
    assert chosen.refused is None and not any("first 15" in e.text for e in chosen.log)


def test_distinct_orders_are_those_of_permutations_without_repeats():
    from itertools import islice, permutations

    from judgebot.engine.turn import distinct_orders

    labels = ["A", "B", "A", "C"]
    expected = list(dict.fromkeys(permutations(range(4)), None))
    expected = [p for i, p in enumerate(expected)
                if tuple(labels[j] for j in p) not in
                {tuple(labels[j] for j in q) for q in expected[:i]}]
    assert list(distinct_orders(labels)) == expected
    assert len(list(islice(distinct_orders([str(i) for i in range(20)]), 7))) == 7  # lazy
