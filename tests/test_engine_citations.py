"""Every rule the engine can cite exists in the 2025-11-14 Comprehensive Rules,
and the engine cites rules only through the registry."""

from __future__ import annotations

import json
import re
from pathlib import Path

from judgebot.engine import citations
from judgebot.engine.abilities import KEYWORD_RULES

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "judgebot" / "engine"


def _rules_2025() -> dict[str, str]:
    out = {}
    with (ROOT / "corpus" / "mtg-rule-2025-11-14.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            out[rec["number"]] = rec["text"].get("en", "")
    return out


def test_every_registered_rule_exists_in_the_2025_rules() -> None:
    rules = _rules_2025()
    missing = [n for n in citations.known_numbers() if n not in rules]
    assert not missing
    assert len(citations.known_numbers()) > 200


def test_keyword_rules_are_registered_and_name_the_keyword() -> None:
    rules = _rules_2025()
    for keyword, number in KEYWORD_RULES.items():
        assert number in citations.REGISTRY
        parent = number.rstrip("abcdefghijklmnopqrstuvwxyz")
        text = rules[parent] + " " + rules[number]
        assert keyword.split()[0].lower() in text.lower(), (keyword, number)


def test_engine_code_cites_rules_only_through_the_registry() -> None:
    literal = re.compile(r"[\"'](\d{3}\.\d+[a-z]?)[\"']")
    offenders = []
    for path in ENGINE.glob("*.py"):
        if path.name == "citations.py":
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if literal.search(line) and not line.lstrip().startswith(">>>"):
                offenders.append(f"{path.name}:{i}")
    assert not offenders


def test_known_rule_texts_match_their_topics() -> None:
    rules = _rules_2025()
    assert "deathtouch" in rules[citations.SBA_DEATHTOUCH]
    assert "legend rule" in rules[citations.SBA_LEGEND]
    assert "loop" in rules[citations.DRAW_LOOP]
    assert "divided as its controller chooses" in rules[citations.COMBAT_DAMAGE_BLOCKED]
