"""Table situations: what a judge call is about, and the rules that decide it.

The knowledge is data (``situations.yaml``, next to this module): how players
describe a situation in English and Chinese, and the rules that settle it,
the deciding rule first. A situation with a plain answer has it in the message
catalogue (``judge.situation.<name>``). Rule numbers are written in one
edition and followed to the current edition through the rules' lineage when
loaded, so a new edition of the rules needs no change here.

A situation may be decided by a section of the tournament documents instead
("IPG 2.3", "MTR 4.1"): such references are kept as labels and resolved in
the current edition of their document. The file's ``tournament`` patterns say
that a question is asked at a tournament (a penalty, a judge call, a round),
so that the Tournament Rules and the IPG are searched for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from judgebot.corpus import Record
from judgebot.judge import tabletalk
from judgebot.policynumbers import label as section_label
from judgebot.policynumbers import normalize as section_key
from judgebot.store import Store

DATA = Path(__file__).resolve().parent / "situations.yaml"
CARD = "card:"
# "IPG 2.3", "MTR 4.1", "MTR Appendix F": a section of a tournament document.
SECTION = re.compile(r"^(MTR|IPG) (.+)$")


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
    # Another situation whose answer this one gives (one situation told two ways).
    answer_of: str = ""
    # How many named cards its card patterns must be found in ("two replacement
    # effects": two cards that each say "instead").
    cards: int = 1
    # The words its own patterns spell out, for telling what it is about.
    words: str = ""
    # Recognised only in a question asked at a tournament: one of these must
    # match too (its words alone are as often about the game).
    at_tournament: tuple[re.Pattern, ...] = ()

    @property
    def code(self) -> str:
        return f"judge.situation.{self.answer_of or self.name}"

    @property
    def tournament(self) -> bool:
        """Decided by the tournament documents, not the game's rules."""
        return bool(self.rules) and is_section(self.rules[0])


def is_section(ref: str) -> bool:
    return bool(SECTION.match(ref))


@dataclass(frozen=True)
class Found:
    start: int
    end: int
    situation: Situation
    by_card: bool = False  # recognised from a named card's text only
    confirmed: bool = False  # ... and the question's words meet its `also`


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
            if is_section(number):
                number = _section(store, number)
            elif edition != current:
                now = store.get(store.lineage(f"mtg:cr:{edition}:{number}").get("current"))
                number = now.number if now is not None else None
            if number and number not in rules:
                rules.append(number)
        text_any, card_any = _split(entry.get("any") or [])
        text_also, card_also = _split(entry.get("also") or [])
        out.append(Situation(
            name=entry["name"], rules=tuple(rules), answer=bool(entry.get("answer")),
            answer_of=entry["answer"] if isinstance(entry.get("answer"), str) else "",
            cards=int(entry.get("cards", 1)),
            any=text_any, also=text_also, unless=_split(entry.get("unless") or [])[0],
            any_cards=card_any, also_cards=card_also,
            at_tournament=tournament_cues("tournament", "tournament_weak")
            if entry.get("at_tournament") else (),
            words=" ".join(pattern_words(p) for key in ("any", "also")
                           for p in entry.get(key) or [] if not p.startswith(CARD))))
    return out


def pattern_words(pattern: str) -> str:
    """The words a pattern spells out, its syntax left out:
    ``'\\bsacrific(?:e|ed)\\b[^.?]{0,40}回应'`` → ``"sacrific e ed 回应"``."""
    text = re.sub(r"\[[^\]]*\]|\{\d*,?\d*\}|\\[bBdDsSwW]|\(\?(?:<?[=!]|:)", " ", pattern)
    return " ".join(re.sub(r"[()|?*+^$.\\]", " ", text).split())


def section_record(store: Store, ref: str) -> Record | None:
    """The section a label names ("IPG 2.3", "MTR Appendix F") in the current
    edition of its document, if it has it."""
    m = SECTION.match(ref)
    if m is None:
        return None
    doc, key = m.group(1).lower(), section_key(m.group(2))
    edition = store.current_edition("mtg", doc)
    found = store.find("mtg", doc, number=key, edition=edition) if key and edition else []
    return found[0] if found else None


def _section(store: Store, ref: str) -> str | None:
    """A tournament document's section as labelled in its current edition, if it has it."""
    rec = section_record(store, ref)
    return section_label(rec.kind, rec.number) if rec is not None else None


@cache
def tournament_cues(*lists: str) -> tuple[re.Pattern, ...]:
    """Patterns that say a question is asked at a tournament (``tournament``:
    on their own; ``tournament_weak``: words as often said of the game)."""
    return tuple(re.compile(p) for name in lists for p in _raw().get(name) or [])


def at_tournament(cues: tuple[re.Pattern, ...], text: str) -> bool:
    spaced, _ = spaced_text(text.lower())
    return any(p.search(spaced) for p in cues)


def _split(patterns: list[str]) -> tuple[tuple[re.Pattern, ...], tuple[re.Pattern, ...]]:
    text, cards = [], []
    for p in patterns:
        if p.startswith(CARD):
            cards.append(re.compile(p[len(CARD):].strip()))
        else:
            text.append(re.compile(p))
    return tuple(text), tuple(cards)


def find(situations: list[Situation], text: str, card_texts: list[str] = (),
         names: list[tuple[int, int]] = ()) -> list[Found]:
    """The situations a question describes: ``text`` is the question (folded),
    ``card_texts`` the Oracle texts of the cards it names and ``names`` where
    it names them (words inside a card's name, "Guardian" in "Thalia, Guardian
    of Thraben", name no situation)."""
    spaced, where = spaced_text(text.lower())

    def named(span: tuple[int, int]) -> bool:
        start, end = where[span[0]], where[max(span[1] - 1, span[0])] + 1
        return any(a <= start and end <= b and (start, end) != (a, b) for a, b in names)

    cards = [c.lower() for c in card_texts if c]
    found: list[Found] = []
    for s in situations:
        if any(p.search(spaced) for p in s.unless) or (
                s.at_tournament and not any(p.search(spaced) for p in s.at_tournament)):
            continue
        hit = _first(s.any, spaced, inside=named)
        by_card = False
        if hit is None and sum(any(p.search(c) for p in s.any_cards) for c in cards) \
                >= s.cards:
            hit, by_card = (0, 0), True
        if hit is None:
            continue
        # Its other condition may lie in a card's name ("Control Magic": control).
        if (s.also or s.also_cards) and _first(s.also, spaced) is None and not any(
                p.search(c) for p in s.also_cards for c in cards):
            continue
        if by_card:  # no words of the question name it
            found.append(Found(0, 0, s, True, bool(s.also) and
                               _first(s.also, spaced) is not None))
            continue
        start, end = hit
        found.append(Found(where[start] if spaced else 0,
                           (where[max(end - 1, start)] + 1) if spaced else 0, s))
    return sorted(found, key=lambda f: (f.start, f.situation.name))


def _first(patterns: tuple[re.Pattern, ...], text: str,
           inside: Callable[[tuple[int, int]], bool] | None = None) -> tuple[int, int] | None:
    """The first match of the first pattern that matches, skipping matches
    ``inside`` says lie where they don't count."""
    for p in patterns:
        for m in p.finditer(text):
            if inside is None or not inside(m.span()):
                return m.span()
    return None


def spaced_text(text: str) -> tuple[str, list[int]]:
    """``text`` with its table talk spelt out ("sac" → "sacrifice") and a space
    between Latin and CJK characters (so English word boundaries hold in
    "APNAP顺序"), and for each character of the result its position in
    ``text``."""
    words, at = tabletalk.spell_out(text)
    out: list[str] = []
    where: list[int] = []
    for i, ch in zip(at, words, strict=True):
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
