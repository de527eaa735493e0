"""Every rule the engine can cite exists in the current edition of the
Comprehensive Rules in the corpus store (2026-09-25), under the number it has
there, and the engine cites rules only through the registry."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from judgebot.engine import citations
from judgebot.engine.abilities import KEYWORD_RULES

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "judgebot" / "engine"


@functools.lru_cache(maxsize=1)
def _current_rules() -> dict[str, str]:
    """Number → English text of every rule of the store's current edition."""
    from judgebot.store import open_store

    store = open_store()
    edition = store.current_edition("mtg")
    assert edition and edition >= "2026-09-25"
    return {rec.number: rec.text.get("en", "") for rec in store.records("mtg", "rule", edition)}


def test_every_registered_rule_exists_in_the_current_rules() -> None:
    rules = _current_rules()
    missing = [n for n in citations.known_numbers() if n not in rules]
    assert not missing
    assert len(citations.known_numbers()) > 200


def test_no_registered_number_is_one_that_moved() -> None:
    """Where an older edition's rule of a registered number became another number in
    the current edition (the store's lineage says so), the engine cites the new one."""
    from judgebot.store import open_store

    store = open_store()
    current = store.current_edition("mtg")
    moved = []
    for edition in store.editions("mtg", "rule"):
        if edition == current or edition < "2025":
            continue
        for number in citations.known_numbers():
            old = store.rule(number, edition)
            if old is None:
                continue
            now = store.get(store.lineage(old.id).get("current"))
            if now is not None and now.number != number:
                moved.append((edition, number, now.number))
    assert not moved


def test_keyword_rules_are_registered_and_name_the_keyword() -> None:
    rules = _current_rules()
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
    rules = _current_rules()
    assert "deathtouch" in rules[citations.SBA_DEATHTOUCH]
    assert "legend rule" in rules[citations.SBA_LEGEND]
    assert "loop" in rules[citations.DRAW_LOOP]
    assert "divided as its controller chooses" in rules[citations.COMBAT_DAMAGE_BLOCKED]
