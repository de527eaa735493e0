"""Table situations: what a judge call is about, and the rules that decide it.

The knowledge is data (``situations.yaml``, next to this module): how players
describe a situation in English and Chinese, and the rules that settle it,
the deciding rule first. A situation with a plain answer has it in the message
catalogue (``judge.situation.<name>``). Rule numbers are written in one
edition and followed to the current edition through the rules' lineage when
loaded, so a new edition of the rules needs no change here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from judgebot.store import Store

DATA = Path(__file__).resolve().parent / "situations.yaml"
CARD = "card:"


@dataclass(frozen=True)
class Situation:
    name: str
    rules: tuple[str, ...]  # numbers of the current edition, deciding first
    answer: bool  # has a plain answer (judge.situation.<name>)
    any: tuple[re.Pattern, ...]
    also: tuple[re.Pattern, ...]
    unless: tuple[re.Pattern, ...]
    any_cards: tuple[re.Pattern, ...]
    also_cards: tuple[re.Pattern, ...]

    @property
    def code(self) -> str:
        return f"judge.situation.{self.name}"


@dataclass(frozen=True)
class Found:
    start: int
    end: int
    situation: Situation
    by_card: bool = False  # recognised from a named card's text only


@cache
def _raw() -> dict:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: 10× faster
    return yaml.load(DATA.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 (safe)


def load(store: Store) -> list[Situation]:
    """Every situation, with its rules in the current edition's numbers (a rule
    that no longer exists is left out)."""
    raw = _raw()
    edition = str(raw["edition"])
    current = store.current_edition("mtg")
    out = []
    for entry in raw["situations"]:
        rules = []
        for number in entry["rules"]:
            if edition != current:
                now = store.get(store.lineage(f"mtg:cr:{edition}:{number}").get("current"))
                number = now.number if now is not None else None
            if number and number not in rules:
                rules.append(number)
        text_any, card_any = _split(entry.get("any") or [])
        text_also, card_also = _split(entry.get("also") or [])
        out.append(Situation(
            name=entry["name"], rules=tuple(rules), answer=bool(entry.get("answer")),
            any=text_any, also=text_also, unless=_split(entry.get("unless") or [])[0],
            any_cards=card_any, also_cards=card_also))
    return out


def _split(patterns: list[str]) -> tuple[tuple[re.Pattern, ...], tuple[re.Pattern, ...]]:
    text, cards = [], []
    for p in patterns:
        if p.startswith(CARD):
            cards.append(re.compile(p[len(CARD):].strip()))
        else:
            text.append(re.compile(p))
    return tuple(text), tuple(cards)


def find(situations: list[Situation], text: str, card_texts: list[str] = ()) -> list[Found]:
    """The situations a question describes: ``text`` is the question (folded),
    ``card_texts`` the Oracle texts of the cards it names."""
    spaced, where = spaced_text(text.lower())
    cards = [c.lower() for c in card_texts if c]
    found: list[Found] = []
    for s in situations:
        if any(p.search(spaced) for p in s.unless):
            continue
        hit = _first(s.any, spaced)
        by_card = False
        if hit is None and any(p.search(c) for p in s.any_cards for c in cards):
            hit, by_card = (0, 0), True
        if hit is None:
            continue
        if (s.also or s.also_cards) and _first(s.also, spaced) is None and not any(
                p.search(c) for p in s.also_cards for c in cards):
            continue
        start, end = hit
        found.append(Found(where[start] if spaced else 0,
                           (where[max(end - 1, start)] + 1) if spaced else 0, s, by_card))
    return sorted(found, key=lambda f: (f.start, f.situation.name))


def _first(patterns: tuple[re.Pattern, ...], text: str) -> tuple[int, int] | None:
    for p in patterns:
        m = p.search(text)
        if m:
            return m.span()
    return None


def spaced_text(text: str) -> tuple[str, list[int]]:
    """``text`` with a space between Latin and CJK characters (so English word
    boundaries hold in "APNAP顺序"), and for each character of the result its
    position in ``text``."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        if out and _script(out[-1]) != _script(ch) and "other" not in (
                _script(out[-1]), _script(ch)):
            out.append(" ")
            where.append(i)
        out.append(ch)
        where.append(i)
    return "".join(out), where


def _script(ch: str) -> str:
    if ch.isascii() and ch.isalnum():
        return "latin"
    if "\u3400" <= ch <= "\u9fff":
        return "cjk"
    return "other"
