"""Every scenario under tests/scenarios/ is simulated and its expectations hold.

Each scenario names the Comprehensive Rules it exercises (``rules:``); those
numbers must exist in the current edition of the corpus store (2026-09-25).
Scenarios that encode a ruling of the Time Spiral Remastered release notes name
its corpus id (``ruling:``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judgebot.engine.simulation import run_text

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def current_rule_numbers() -> set[str]:
    from judgebot.store import open_store

    store = open_store()
    edition = store.current_edition("mtg")
    return set(store.rule_numbers("mtg", edition)) if edition else set()


@pytest.fixture(scope="module")
def rule_numbers() -> set[str]:
    return current_rule_numbers()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_expectations_hold(path: Path) -> None:
    result = run_text(path.read_text(encoding="utf-8"))
    assert result.refused is None, str(result.refused)
    failed = [c for c in result.expectations if not c["ok"]]
    assert not failed, failed
    assert result.expectations, "a scenario must check something"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_rule_a_scenario_names_is_cited_by_its_log(path: Path) -> None:
    """A scenario's ``rules:`` are the rules its simulation actually applies: each one is
    cited by some step of the log (or by a refusal the scenario expects)."""
    text = path.read_text(encoding="utf-8")
    from judgebot.engine import parse
    named = parse(text).rules
    cited = set(run_text(text).cited())
    assert not [r for r in named if r not in cited], f"named but never cited: " \
        f"{[r for r in named if r not in cited]}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_rule_numbers_ending_in_zero_are_quoted(path: Path) -> None:
    """YAML reads ``614.10`` as the float 614.1; the engine keeps what was written, but
    plain YAML readers don't, so such numbers are quoted in the scenario files."""
    import re
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("rules:"):
            assert not re.search(r"[\s,\[]\d{3}\.\d*0(?=[\],])", line), line


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_names_rules_that_exist(path: Path, rule_numbers: set[str]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = [str(r) for r in data.get("rules") or []]
    assert rules, "every scenario names the rules it exercises"
    missing = [r for r in rules if r not in rule_numbers]
    assert not missing, f"not in the current rules: {missing}"


def test_there_are_at_least_150_scenarios() -> None:
    assert len(SCENARIOS) >= 150


def _rulings() -> dict[str, str]:
    path = CORPUS / "mtg-ruling-tsr.jsonl"
    out = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                rec = json.loads(line)
                out[rec["id"]] = rec["text"].get("zh-Hans", "")
    return out


RULING_SCENARIOS = [p for p in SCENARIOS
                    if yaml.safe_load(p.read_text(encoding="utf-8")).get("ruling")]


def test_at_least_40_scenarios_encode_release_note_rulings() -> None:
    assert len(RULING_SCENARIOS) >= 40


@pytest.mark.parametrize("path", RULING_SCENARIOS, ids=lambda p: p.stem)
def test_named_rulings_exist_with_the_encoded_text(path: Path) -> None:
    rulings = _rulings()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    ids = data["ruling"] if isinstance(data["ruling"], list) else [data["ruling"]]
    says = data.get("ruling_says") or {}
    for rid in ids:
        assert rid in rulings, f"{rid} is not in corpus/mtg-ruling-tsr.jsonl"
        assert rid in says, f"ruling_says gives no quote for {rid}"
        assert says[rid] in rulings[rid], f"{rid} doesn't say {says[rid]!r}"
