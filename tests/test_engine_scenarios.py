"""Every scenario under tests/scenarios/ is simulated and its expectations hold.

Each scenario names the Comprehensive Rules it exercises (``rules:``); those
numbers must exist in the 2025-11-14 edition. Scenarios that encode a ruling of
the Time Spiral Remastered release notes name its corpus id (``ruling:``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from judgebot.engine.runner import run_text

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _rules_2025() -> set[str]:
    path = CORPUS / "mtg-rule-2025-11-14.jsonl"
    with path.open(encoding="utf-8") as fh:
        return {json.loads(line)["number"] for line in fh if line.strip()}


@pytest.fixture(scope="module")
def rule_numbers() -> set[str]:
    return _rules_2025()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_expectations_hold(path: Path) -> None:
    result = run_text(path.read_text(encoding="utf-8"))
    assert result.refused is None, str(result.refused)
    failed = [c for c in result.expectations if not c["ok"]]
    assert not failed, failed
    assert result.expectations, "a scenario must check something"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_names_rules_that_exist(path: Path, rule_numbers: set[str]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = [str(r) for r in data.get("rules") or []]
    assert rules, "every scenario names the rules it exercises"
    missing = [r for r in rules if r not in rule_numbers]
    assert not missing, f"not in the 2025-11-14 rules: {missing}"


def test_there_are_at_least_150_scenarios() -> None:
    assert len(SCENARIOS) >= 150
