"""Turning a question that describes a combat into a scenario the engine can run.

Only what the question states is used: creatures with a stated power and
toughness (``3/3``), their keywords, who attacks and who blocks. Nothing is
invented: a question that names no P/T, or whose roles cannot be told apart,
builds no scenario, and the answer rests on the retrieved rules alone.
Damage assignment among several blockers is left to the engine, which reports
an open choice as such rather than deciding it.

The result is a scenario in format v0 (DESIGN.md §6), shown to the reader so
they can correct it and run it again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from judgebot.judge.understand import Entity, Understanding

# Keywords the engine understands on a generic creature (English names).
COMBAT_KEYWORDS = {
    "trample", "deathtouch", "lifelink", "first strike", "double strike", "flying", "reach",
    "indestructible", "menace", "vigilance", "haste", "defender", "infect", "wither",
    "hexproof", "shroud", "flanking", "shadow", "intimidate", "fear", "skulk",
}
# Words that put what follows them on the blocking side ("blocked by", "被").
BLOCKED_BY = re.compile(r"blocked\s+by|block(?:ed)?\s+with|被|遭到|让.{0,6}挡")
# "X blocks Y": the creature before the word blocks the one after it.
BLOCKS = re.compile(r"\bblocks?\b|阻挡了?|挡住|挡下")
ATTACKS = re.compile(r"\battack(?:s|ing)?\b|攻击|打过去|进攻")
COUNT_WORDS = {"two": 2, "three": 3, "2": 2, "3": 3, "两": 2, "二": 2, "三": 3, "两个": 2,
               "两只": 2, "三个": 3, "三只": 3}


@dataclass
class Creature:
    pt: str
    start: int
    keywords: list[str] = field(default_factory=list)
    count: int = 1


@dataclass
class Situation:
    attacker: Creature
    blockers: list[Creature]
    scenario: dict
    yaml: str
    notes: list[str]


def keyword_name(entity: Entity, records) -> str | None:
    rec = records.get(entity.value)
    if rec is None:
        return None
    name = (rec.term.get("en") or "").lower()
    return name if name in COMBAT_KEYWORDS else None


def creatures_in(u: Understanding, records) -> list[Creature]:
    """Creatures by stated P/T, each with the keywords written next to it."""
    pts = [e for e in u.entities if e.kind == "pt"]
    creatures = [Creature(pt=e.value, start=e.start) for e in pts]
    if not creatures:
        return []
    for e in u.entities:
        if e.kind != "keyword":
            continue
        name = keyword_name(e, records)
        if name is None:
            continue
        # A keyword belongs to the nearest P/T in the same clause: the one
        # before it, or the first one when it comes before any P/T.
        owner = None
        for c in creatures:
            if c.start <= e.start and not _clause_break(u.text, c.start, e.start):
                owner = c
        if owner is None:
            following = [c for c in creatures if c.start > e.start
                         and not _clause_break(u.text, e.start, c.start)]
            owner = following[0] if following else None
        if owner is not None and name not in owner.keywords:
            owner.keywords.append(name)
    for c in creatures:
        before = u.text[max(0, c.start - 4): c.start].strip().lower()
        for word, n in COUNT_WORDS.items():
            if before.endswith(word):
                c.count = n
    return creatures


def _clause_break(text: str, a: int, b: int) -> bool:
    between = text[a:b]
    return bool(re.search(r"[,，。;；?？]|blocked by|被|blocks?|阻挡", between))


def build(u: Understanding, records) -> Situation | None:
    """A combat scenario for a question that describes one, else None."""
    creatures = creatures_in(u, records)
    if len(creatures) < 2 or len(creatures) > 4:
        return None
    text = u.text.lower()
    attacker, blockers = _roles(text, creatures)
    if attacker is None or not blockers:
        return None
    notes = []
    alice = {"name": "Attacker", "creature": attacker.pt}
    if attacker.keywords:
        alice["keywords"] = list(attacker.keywords)
    bob: list[dict] = []
    block: dict[str, str] = {}
    n = 0
    for c in blockers:
        for _ in range(c.count):
            n += 1
            name = "Blocker" if sum(b.count for b in blockers) == 1 else f"Blocker {n}"
            entry = {"name": name, "creature": c.pt}
            if c.keywords:
                entry["keywords"] = list(c.keywords)
            bob.append(entry)
            block[name] = "Attacker"
    scenario = {
        "title": f"Question: {u.question[:80]}",
        "players": ["Alice", "Bob"],
        "battlefield": {"Alice": [alice], "Bob": bob},
        "actions": [{"attack": {"Attacker": "Bob"}}, {"block": block},
                    {"pass": {"until": "end_of_combat"}}],
    }
    notes.append("Alice is the attacking player and Bob the defending one, each at 20 life; "
                 "the creatures are named for their roles.")
    text_yaml = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)
    return Situation(attacker, blockers, scenario, text_yaml, notes)


def _roles(text: str, creatures: list[Creature]) -> tuple[Creature | None, list[Creature]]:
    marker = BLOCKED_BY.search(text)
    if marker:
        before = [c for c in creatures if c.start < marker.start()]
        after = [c for c in creatures if c.start >= marker.end()]
        if before and after:
            return before[0], after
    marker = BLOCKS.search(text)
    if marker:
        before = [c for c in creatures if c.start < marker.start()]
        after = [c for c in creatures if c.start >= marker.end()]
        if before and after and ATTACKS.search(text[:marker.start()]) is None:
            # "a 2/2 blocks my 3/3": the blocker comes first.
            return after[0], before
        if before and after:
            return before[0], after
    if ATTACKS.search(text) and len(creatures) >= 2:
        return creatures[0], creatures[1:]
    return None, []
