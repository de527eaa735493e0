"""The Comprehensive Rules a card's text or a ruling concerns.

Three kinds of evidence, each a link to a rule of one edition (the current
one, given by the caller):

- the keyword abilities and keyword actions it names (``trample`` → 702.19,
  ``mills`` → 701.17), found by the titles of the 701 and 702 rules;
- the rule numbers it cites (``rule 704.5j``);
- the glossary terms it uses (``state-based actions`` → 704), linked to the
  first rule their glossary entry points to;
- for a card's own text, cost and type line, the templates that bring a rule
  into play without naming it (``{B/P}`` → 107.4f, "divided as you choose" →
  601.2d, ``Legendary`` → 704.5j): ``oracletemplates.yaml``.

Many keyword names are also ordinary words ("support", "learn", "gift",
"station"): outside the basic keywords (:data:`CORE`), a keyword counts only
when the card it is about has it in its own text. The verbs every card uses
("cast", "create", "counter", "reveal" …, :data:`NEVER`) are never linked;
neither are glossary headwords that are everyday game words.

Matching is one Aho–Corasick pass (``pyahocorasick``) over the lowercased
text, with word boundaries checked and English endings (``-s``, ``-ed``,
``-ing``) allowed: fast enough for the ~50,000 rulings of the card file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

import ahocorasick
import yaml

from judgebot.corpus import EN, Record
from judgebot.references import find_refs
from judgebot.rulenumbers import sort_key

KEYWORD_RULE = re.compile(r"70[12]\.\d+")
NEVER = {"activate", "attach", "cast", "counter", "create", "double", "triple", "exchange",
         "play", "reveal", "search", "shuffle", "tap and untap", "none"}
CORE_ACTIONS = {"destroy", "exile", "sacrifice", "discard", "mill", "fight", "regenerate",
                "scry", "surveil", "transform"}
CORE_ABILITIES = {"menace", "prowess"}
CORE_LAST = 21  # 702.2 Deathtouch … 702.21 Ward: the basic keyword abilities
# Glossary headwords too common in rulings, or too loose as words, to say what
# one concerns ("in that case", "becomes", "unless", "instead").
STOP_TERMS = {
    "card", "cards", "player", "players", "game", "turn", "text", "name", "life", "mana",
    "zone", "zones", "cost", "costs", "owner", "spell", "spells", "object", "objects",
    "source", "effect", "effects", "copy", "color", "colors", "type", "ability", "abilities",
    "control", "controller", "damage", "draw", "play", "playing", "target", "you, your",
    "creature", "permanent", "land", "artifact", "enchantment", "instant", "sorcery",
    "planeswalker", "token", "battlefield", "graveyard", "hand", "library", "exile", "stack",
    "counter", "attack", "block", "attacking creature", "blocking creature", "tap", "untap",
    "tapped", "untapped", "opponent", "team", "card type", "subtype", "new object", "nontoken",
    "nonland", "nonbasic", "basic", "legendary", "snow", "world", "end of turn", "reveal",
    "search", "shuffle", "combat", "turn-based actions", "mana cost", "power", "toughness",
    "loyalty", "value", "choose", "chooses", "characteristics", "base power", "base toughness",
    "cast", "activate", "double", "triple", "exchange", "create", "attach", "play a land",
    "equipped", "enchanted", "active player", "nonactive player", "instance", "instances",
    "resolve", "resolves", "phase", "step", "becomes", "case", "unless", "instead", "move",
    "event", "command", "deck", "restriction", "requirement", "respond", "in response to",
    "colorless", "as though", "day", "night", "trigger", "text box", "face up", "face down",
    "multiplayer game", "independent", "rules", "rules text", "additional cost",
}
REMINDER = re.compile(r"\([^()]*\)")
ENDINGS = ("", "s", "es", "ed", "d", "ing", "'s")


@dataclass(frozen=True)
class Found:
    rule: str  # the linked rule's id
    how: str  # keyword | number | term | template
    word: str  # what the text says


@dataclass(frozen=True)
class Template:
    """A template of Oracle text, cost or type line and the rule it brings in."""
    rule: str  # the rule's number
    fields: tuple[str, ...]  # text | cost | type
    pattern: re.Pattern


@cache
def templates_text() -> str:
    return resources.files("judgebot").joinpath("oracletemplates.yaml").read_text(
        encoding="utf-8")


@cache
def templates() -> tuple[Template, ...]:
    """``oracletemplates.yaml``, compiled."""
    entries = yaml.safe_load(templates_text()) or []
    return tuple(Template(str(e["rule"]), tuple(e["in"]), re.compile(e["pattern"]))
                 for e in entries)


class RuleLinker:
    """Finds the rules a text concerns, in the rules of one edition."""

    def __init__(self, rules: Iterable[Record], glossary: Iterable[Record]):
        numbered = [r for r in rules if getattr(r, "number", "")]
        self.rules = {r.number: r.id for r in numbered}
        self.core: set[str] = set()  # keyword rule ids linked wherever they are named
        self._automaton = ahocorasick.Automaton()
        patterns: dict[str, tuple[str, str]] = {}
        self._titles: dict[str, str] = {}
        for rec in sorted(numbered, key=lambda r: sort_key(r.number)):
            if not KEYWORD_RULE.fullmatch(rec.number):
                continue
            title = (rec.title or {}).get(EN, "")
            name = title.lower()
            if not title or name in NEVER:
                continue
            section, _, index = rec.number.partition(".")
            if name in CORE_ACTIONS or name in CORE_ABILITIES or (
                    section == "702" and int(index) <= CORE_LAST):
                self.core.add(rec.id)
            self._titles[rec.id] = title
            for form in keyword_forms(title):
                patterns.setdefault(form, (rec.id, "keyword"))
        known = set(self.rules.values())
        for entry in glossary:
            term = (entry.term or {}).get(EN, "")
            target = next((r for r in entry.rules if r in known), None)
            if not term or target is None or "." not in target.rsplit(":", 1)[1] and len(
                    target.rsplit(":", 1)[1]) < 3:
                continue  # a whole chapter says nothing in particular
            for form in _term_forms(term):
                if form not in STOP_TERMS and len(form) >= 4:
                    patterns.setdefault(form, (target, "term"))
        for form, value in patterns.items():
            self._automaton.add_word(form, (form, *value))
        if patterns:
            self._automaton.make_automaton()
        self._empty = not patterns

    def keyword_title(self, rid: str) -> str:
        return self._titles.get(rid, "")

    def keywords(self, text: str) -> set[str]:
        """The keyword rules a card's own text names (all of them)."""
        return {rid for _, _, rid, how in self._hits(text.lower()) if how == "keyword"}

    def find(self, text: str, own: set[str] | None = None) -> list[Found]:
        """The rules ``text`` concerns, in order of first mention. A keyword
        outside :attr:`core` counts only when it is in ``own`` (the keywords
        of the card a ruling is about, :meth:`keywords`); ``None`` takes every
        keyword (for a card's own text)."""
        found: list[Found] = []
        seen: set[str] = set()
        if "rule" in text or "section" in text.lower():
            for number in find_refs(text):
                rid = self.rules.get(number)
                if rid and rid not in seen:
                    seen.add(rid)
                    found.append(Found(rid, "number", number))
        if self._empty or not text:
            return found
        for start, form, rid, how in self._hits(text.lower()):
            if rid in seen:
                continue
            if how == "keyword" and own is not None and rid not in self.core and rid not in own:
                continue
            seen.add(rid)
            found.append(Found(rid, how, text[start:start + len(form)]))
        return found

    def card_uses(self, text: str, cost: str = "", type_line: str = "") -> list[Found]:
        """The rules a card's own text names (:meth:`find`), then those its
        templates bring in (``oracletemplates.yaml``), each once."""
        found = self.find(text)
        seen = {f.rule for f in found}
        # Reminder text explains a keyword already linked by its name.
        own = REMINDER.sub("", text).lower()
        fields = {"text": own, "cost": cost.lower(), "type": type_line.lower()}
        for template in templates():
            rid = self.rules.get(template.rule)
            if rid is None or rid in seen:
                continue
            for name in template.fields:
                m = template.pattern.search(fields[name])
                if m:
                    seen.add(rid)
                    found.append(Found(rid, "template", m.group()))
                    break
        return found

    def _hits(self, low: str) -> list[tuple[int, str, str, str]]:
        """Whole-word matches (a longer match wins where two overlap)."""
        out: list[tuple[int, str, str, str]] = []
        for end, (form, rid, how) in self._automaton.iter(low):
            start = end - len(form) + 1
            if start > 0 and (low[start - 1].isalnum() or low[start - 1] == "-"):
                continue
            if not _word_ends(low, end + 1):
                continue
            out.append((start, form, rid, how))
        out.sort(key=lambda h: (h[0], -len(h[1])))
        kept: list[tuple[int, str, str, str]] = []
        reach = -1
        for hit in out:
            if hit[0] > reach:
                kept.append(hit)
                reach = hit[0] + len(hit[1]) - 1
        return kept


def _word_ends(low: str, at: int) -> bool:
    """Whether a word ends at ``at``, or after one of the English endings."""
    for ending in ENDINGS:
        stop = at + len(ending)
        if low[at:stop] == ending and (stop >= len(low) or not (low[stop].isalnum()
                                                                 or low[stop] == "-")):
            return True
    return False


def keyword_forms(title: str) -> list[str]:
    """How a keyword is written in text: ``Daybound and Nightbound`` as each
    word, ``Landwalk`` as ``islandwalk`` …, ``∞ (Infinity)`` not at all."""
    name = title.lower().strip()
    if not re.fullmatch(r"[a-z][a-z' !\-]*", name):
        return []
    name = name.rstrip("!")
    if name == "landwalk":
        return ["landwalk", *(f"{t}walk" for t in (
            "plains", "island", "swamp", "mountain", "forest", "desert", "nonbasic land"))]
    if " and " in name:
        return name.split(" and ")
    return [name]


def _term_forms(term: str) -> list[str]:
    """A glossary headword as written in text: ``Mana Value`` → ``mana value``;
    ``Banding; Bands with Other`` → both names; no bracketed notes."""
    term = re.sub(r"\s*\([^)]*\)", "", term).strip().lower()
    return [t.strip() for t in re.split(r"\s*[;,]\s*|\s+or\s+", term) if t.strip()] if (
        ";" in term) else [term]


def rules_vocabulary(records: Iterable[Record]) -> tuple[set[str], set[str]]:
    """The words of rules and glossary texts (not their examples, which name
    cards): English words, and every two-character Chinese string (Chinese
    texts folded to Simplified by the caller)."""
    from judgebot.corpus import zh_of

    en: set[str] = set()
    zh: set[str] = set()
    for rec in records:
        text = getattr(rec, "text", None) or getattr(rec, "definition", None) or {}
        en.update(_WORD.findall(text.get(EN, "").lower()))
        for run in _CJK.findall(zh_of(text)):
            zh.update(run[i:i + 2] for i in range(len(run) - 1))
    return en, zh


_WORD = re.compile(r"[a-z0-9']+")
_CJK = re.compile(r"[\u4e00-\u9fff]+")
