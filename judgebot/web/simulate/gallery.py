"""The gallery of example scenarios: the test suite's scenario files.

Each file of ``tests/scenarios/`` is an example, under its title, in a group
named for the mechanic its file name starts with (``combat_…``,
``split_second_…``). A group's name in Chinese and English comes from the
Comprehensive Rules glossary where the glossary has the word (directly, or
through the few aliases below), from the card pool of the corpus when the
group is named for a card, and from a short table otherwise. Each example
also knows the corpus cards it names, so that card pages can link to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from judgebot import corpus
from judgebot.corpus import CR_2019, EN, slugify
from judgebot.text.names import name_key
from judgebot.web.catalog import Catalog, zh_of

GALLERY_DIR = corpus.ROOT / "tests" / "scenarios"
EXAMPLE_ID = re.compile(r"[a-z0-9][a-z0-9_]{0,120}")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# File-name words whose glossary headword is spelled otherwise.
GLOSSARY_ALIASES = {
    "activated": "activated-ability", "casting": "cast", "poison": "poison-counter",
    "prevention": "prevention-effect", "regeneration": "regenerate", "layers": "layer",
    "replacement": "replacement-effect", "sba": "state-based-actions", "targeting": "target",
    "trigger": "triggered-ability", "combat": "combat-phase", "cards": "card",
}
# Groups the glossary has no headword for: (Chinese, English).
OWN_LABELS = {
    "ruling": ("牌的裁定", "Card rulings"),
    "timing": ("施放时机", "Timing"),
    "choice": ("未定的选择", "Open choices"),
    "text": ("引擎读懂的规则叙述", "Rules text the engine reads"),
    "trick": ("战斗中的技巧", "Combat tricks"),
    "cant": ("“不能”效应", "Can't effects"),
}
ZONES = ("battlefield", "hand", "library", "graveyard", "exile")


@dataclass
class Example:
    id: str  # the file name without .yaml
    title: str
    group: str
    text: str
    rules: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # slugs of corpus cards it names


@dataclass
class Group:
    key: str
    zh: str
    en: str
    examples: list[Example] = field(default_factory=list)


@dataclass
class Gallery:
    groups: list[Group]
    by_id: dict[str, Example]
    by_card: dict[str, list[Example]]

    def get(self, example_id: str) -> Example | None:
        if not EXAMPLE_ID.fullmatch(example_id or ""):
            return None
        return self.by_id.get(example_id)

    def for_card(self, slug: str) -> list[Example]:
        return self.by_card.get(slug, [])


def load(cat: Catalog, folder: Path = GALLERY_DIR) -> Gallery:
    """Every scenario file of ``folder``, grouped; an unreadable file is left out."""
    glossary = _glossary_names(cat)
    cards = _card_slugs(cat)
    examples: list[Example] = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        if not EXAMPLE_ID.fullmatch(path.stem):
            continue
        try:
            text = path.read_text(encoding="utf-8")
            data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        examples.append(Example(path.stem, str(data.get("title") or path.stem),
                                _group_key(path.stem, glossary), text,
                                [str(r) for r in _as_list(data.get("rules"))],
                                _cards_named(data, cards)))
    groups: dict[str, Group] = {}
    for ex in examples:
        if ex.group not in groups:
            named = {s for other in examples if other.group == ex.group for s in other.cards}
            zh, en = _group_label(ex.group, glossary, named, cat)
            groups[ex.group] = Group(ex.group, zh, en)
        groups[ex.group].examples.append(ex)
    ordered = sorted(groups.values(), key=lambda g: (g.key == "ruling", g.en.lower()))
    for g in ordered:
        g.examples.sort(key=lambda e: e.title.lower())
    by_card: dict[str, list[Example]] = {}
    for ex in examples:
        for slug in ex.cards:
            by_card.setdefault(slug, []).append(ex)
    return Gallery(ordered, {e.id: e for e in examples}, by_card)


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _glossary_names(cat: Catalog) -> dict[str, tuple[str, str]]:
    """Glossary slug -> (Chinese, English) headword, from the 2019 CR (which has both)."""
    out: dict[str, tuple[str, str]] = {}
    for entry in cat.all("mtg", "glossary"):
        if entry.edition == CR_2019 and zh_of(entry.term):
            out[entry.slug] = (zh_of(entry.term), entry.term.get(EN, ""))
    return out


class _CardSlugs:
    """A corpus card's slug by its name (English, Chinese) or slug, looked up
    in the store as asked (the corpus has some 30,000 cards: too many to list)."""

    def __init__(self, cat: Catalog):
        self.cat = cat
        self._found: dict[str, str | None] = {}

    def get(self, name: str) -> str | None:
        if name not in self._found:
            slug = None
            if self.cat.store.find("mtg", "card", slug=name):
                slug = name
            else:
                for rid, how in self.cat.store.card_keys(name_key(name)):
                    if how in ("name", "zh"):
                        card = self.cat.get(rid)
                        slug = card.slug if card is not None else None
                        break
            self._found[name] = slug
        return self._found[name]

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def __getitem__(self, name: str) -> str:
        slug = self.get(name)
        if slug is None:
            raise KeyError(name)
        return slug


def _card_slugs(cat: Catalog) -> _CardSlugs:
    return _CardSlugs(cat)


def _group_key(stem: str, glossary: dict[str, tuple[str, str]]) -> str:
    words = stem.split("_")
    for n in (3, 2):  # split_second_… is about split second, not "split"
        if len(words) > n and "-".join(words[:n]) in glossary:
            return "_".join(words[:n])
    return words[0]


def _group_label(key: str, glossary: dict[str, tuple[str, str]], cards: set[str],
                 cat: Catalog) -> tuple[str, str]:
    """A group's label: its glossary term, its own label, or the one card its
    scenarios name whose slug starts with the key."""
    slug = key.replace("_", "-")
    for candidate in (slug, GLOSSARY_ALIASES.get(key, ""), slug.rstrip("s")):
        if candidate in glossary:
            return glossary[candidate]
    if key in OWN_LABELS:
        return OWN_LABELS[key]
    named = sorted({s for s in cards if s.startswith(slug + "-") or s == slug})
    if len(named) == 1:
        card = cat.card("mtg", named[0])
        if card is not None:
            return zh_of(card.name) or card.name.get(EN, key), card.name.get(EN, key)
    word = key.replace("_", " ").capitalize()
    return word, word


def _cards_named(data: dict, cards: _CardSlugs) -> list[str]:
    """Corpus cards a scenario names: by the rulings it follows, and in its zones."""
    found: dict[str, None] = {}
    for rid in _as_list(data.get("ruling")) + _as_list(data.get("rulings")):
        parts = str(rid).split(":")
        slug = parts[3] if len(parts) == 5 else parts[2] if len(parts) == 4 else ""
        if parts[1:2] == ["ruling"] and slug and slug in cards:
            found[cards[slug]] = None
    for zone in ZONES:
        per_player = data.get(zone)
        if not isinstance(per_player, dict):
            continue
        for items in per_player.values():
            for item in _as_list(items):
                name = item.get("card") or item.get("name") if isinstance(item, dict) else item
                key = str(name or "").strip().lower()
                if key in cards:
                    found[cards[key]] = None
                elif slugify(key) in cards:
                    found[cards[slugify(key)]] = None
    return list(found)
