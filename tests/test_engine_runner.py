"""Playing scenarios: open choices, scripted choices, priority, loops."""

from __future__ import annotations

from judgebot.engine.simulation import run_text

KAVU = """players: [Alice, Bob]
battlefield:
  Bob: [Grizzly Bears, Hill Giant]
hand:
  Alice:
    - name: Kavu
      creature: 4/2
      text: When this creature enters, it deals 4 damage to target creature.
actions:
  - cast: {player: Alice, card: Kavu}
CHOOSE  - pass: {until: stack_empty}
expect:
  graveyard: {Bob: [Hill Giant]}
"""


def test_an_open_choice_that_changes_the_outcome_is_reported_as_depends() -> None:
    result = run_text(KAVU.replace("CHOOSE", ""))
    depends = [e for e in result.log if e.event == "depends"]
    assert depends and "depends on Alice's choice" in depends[0].text
    assert result.runs == 4  # the first run stops at the open choice
    (check,) = result.expectations
    assert not check["ok"]
    assert "depends on Alice's choice" in check["actual"]
    assert "Hill Giant → ['Hill Giant']" in check["actual"]
    assert {b["choices"][0]["option"] for b in result.branches} == \
        {"Grizzly Bears", "Hill Giant", "Kavu"}


def test_a_scripted_choice_closes_the_branch() -> None:
    result = run_text(KAVU.replace("CHOOSE", "  - choose: {player: Alice, targets: Hill Giant}\n"))
    assert result.ok and result.runs == 1
    assert not [e for e in result.log if e.event == "depends"]


def test_a_choice_that_cannot_change_the_outcome_is_noted_not_branched_in_the_result() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Bob: [{name: Twin, creature: 2/2}, {name: Twin Two, creature: 2/2}]
hand:
  Alice:
    - name: Zapper
      creature: 1/1
      text: When this creature enters, it deals 1 damage to target player.
actions:
  - cast: {player: Alice, card: Zapper}
  - pass: {until: stack_empty}
expect:
  battlefield: {Bob: [Twin, Twin Two]}
"""
    result = run_text(text)
    assert result.ok  # whichever player is targeted, Bob's creatures survive
    assert any("depends" in e.text for e in result.log)


def test_two_actions_in_a_row_by_one_player_hold_priority() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Bob: [Grizzly Bears]
hand:
  Alice: [Giant Growth, Lightning Bolt]
actions:
  - cast: {player: Alice, card: Lightning Bolt, targets: [Grizzly Bears]}
  - cast: {player: Alice, card: Giant Growth, targets: [Grizzly Bears]}
  - pass: {until: stack_empty}
expect:
  battlefield: {Bob: [Grizzly Bears]}
"""
    result = run_text(text)
    assert result.ok  # Giant Growth resolved first (LIFO), so the Bears survive the Bolt
    casts = [e for e in result.log if e.event == "cast"]
    assert "117.7" in casts[1].rules


def test_documented_defaults_are_logged_as_such() -> None:
    text = """players: [Alice, Bob]
battlefield:
  Alice: [{name: Wurm, creature: 6/6, keywords: [trample]}]
  Bob: [Grizzly Bears]
actions:
  - attack: {Wurm: Bob}
  - block: {Grizzly Bears: Wurm}
  - pass: {until: end_of_combat}
expect:
  life: {Bob: 16}
"""
    result = run_text(text)
    assert result.ok
    defaults = [e for e in result.log if e.event == "default"]
    assert defaults and "documented default" in defaults[0].text
    assert any("mana is assumed available" in e.text or "assigns" in e.text for e in defaults)


def test_every_log_entry_with_an_event_names_its_rules() -> None:
    text = open("tests/scenarios/combat_trample_deathtouch_two_blockers.yaml").read()
    result = run_text(text)
    for e in result.log:
        if e.event in ("damage", "attack", "block", "zone"):
            assert e.rules, e.text


STORM = """players: [Alice, Bob]
hand:
  Alice:
    - Lightning Bolt
    - {name: Rift Spark, types: [sorcery], mana_cost: "{R}",
       text: "Storm. This spell deals 1 damage to any target."}
actions:
  - cast: {player: Alice, card: Lightning Bolt, targets: [Bob]}
  - pass: {until: stack_empty}
  - cast: {player: Alice, card: Rift Spark, targets: [Bob]}
CHOOSE  - pass: {until: stack_empty}
expect:
  life: {Bob: 15}
"""


def test_copy_targets_left_open_depend_on_the_controller() -> None:
    result = run_text(STORM.replace("CHOOSE", ""))
    assert not result.ok and result.runs > 1
    assert "depends on Alice's choice" in result.expectations[0]["actual"]


def test_copy_targets_answered_by_naming_the_current_target_or_keep() -> None:
    for answer in ("targets: [Bob]", "new_targets: keep", "copy_targets: no"):
        result = run_text(STORM.replace("CHOOSE", f"  - choose: {{player: Alice, {answer}}}\n"))
        assert result.ok and result.runs == 1, answer


def test_a_choice_never_asked_is_noted() -> None:
    result = run_text(STORM.replace("CHOOSE", "  - choose: {player: Alice, targets: [Bob]}\n"
                                              "  - choose: {player: Bob, color: red}\n"))
    notes = [e.text for e in result.log if e.event == "note"]
    assert any("color: red" in n and "never asked" in n for n in notes)


def test_buyback_written_as_alt_cost_is_the_additional_cost() -> None:
    result = run_text("""players: [Alice, Bob]
hand:
  Alice: [{name: Zap Back, types: [instant], mana_cost: "{R}", keywords: ["buyback {3}"],
           text: "Zap Back deals 1 damage to any target."}]
actions:
  - cast: {player: Alice, card: Zap Back, targets: [Bob], alt_cost: buyback}
  - pass: {until: stack_empty}
expect:
  hand: {Alice: [Zap Back]}
  life: {Bob: 19}
""")
    assert result.ok, result.expectations


def test_rule_numbers_keep_their_trailing_zero() -> None:
    from judgebot.engine import parse
    assert parse("players: [A, B]\nrules: [614.10, 702.1, \"707.10\"]\n").rules == \
        ["614.10", "702.1", "707.10"]
