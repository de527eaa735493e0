"""The rules' own words, read from the current Comprehensive Rules in the corpus
store: every keyword ability (702.2–702.x) with the forms its parameters take
and the meaning the rules give it in quotes, the ability words (207.2c), and
the subtypes (205.3g–m) with their plurals.

Nothing here is typed in by hand except the English plurals the rules never
write ("Elves"): a new edition that adds a keyword or a creature type is known
to the reader as soon as it is in the corpus.

>>> v = vocabulary()
>>> v.keywords["bushido"].rule, v.keywords["bushido"].forms
('702.45', ('N',))
>>> v.subtype("elves"), v.subtype("Time Lords"), "landfall" in v.ability_words
('Elf', 'Time Lord', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

# A keyword's parameter as the rules write it in its quoted form.
_PARAM = re.compile(r"\[([^\]]+)\]|\bN\b|\bX\b")
_MEANS = re.compile(r"(?:“([^“”]{1,80})”|(?:^|\.\s+)([A-Z\[][^.“”]{0,60}?)) means "
                    r"((?:“[^”]+”(?:,? and |, )?)+)")
_WRITTEN = re.compile(r"(?:written|as) (?:as )?“([^“”]{1,80}?)[.,]?”")
_LIST = re.compile(r"\bThe [a-z]+ types are (.+?)\.(?:\s+Of that list|\s+See rule|\s*$)", re.S)

IRREGULAR_PLURALS = {
    "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
    "Mouse": "Mice", "Homunculus": "Homunculi", "Cyclops": "Cyclopes", "Ox": "Oxen",
    "Fungus": "Fungi", "Octopus": "Octopuses", "Sphinx": "Sphinxes", "Fox": "Foxes",
    "Platypus": "Platypuses", "Walrus": "Walruses", "Lammasu": "Lammasu",
    "Aurochs": "Aurochs", "Plains": "Plains", "Locus": "Loci", "Thalakos": "Thalakos",
    "Efreet": "Efreet", "Djinn": "Djinn", "Custodes": "Custodes", "Astartes": "Astartes",
}
UNCHANGED_PLURAL = ("folk", "kin", "fish", "Sheep", "Kor", "Qu", "Moogle", "Soltari")


def plural(word: str) -> str:
    """The English plural of a subtype ("Goblin" → "Goblins", "Elf" → "Elves")."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith(UNCHANGED_PLURAL):
        return word
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    return word + "s"


@dataclass(frozen=True)
class KeywordDef:
    """A keyword ability of the rules: its name (lower case), its rule, the forms
    its parameter takes ("N", "[cost]", "N—[cost]" …) and the first ability the
    rules say it means, in quotes, with the rule that says so."""

    name: str
    rule: str
    forms: tuple[str, ...] = ()
    meaning: str = ""
    meaning_rule: str = ""
    variants: tuple[tuple[str, str, str, str], ...] = ()  # (name, form, meaning, rule)


@dataclass(frozen=True)
class Vocabulary:
    edition: str
    keywords: dict[str, KeywordDef] = field(default_factory=dict)
    ability_words: frozenset[str] = frozenset()
    subtypes_by_kind: dict[str, frozenset[str]] = field(default_factory=dict)
    _subtype_keys: dict[str, str] = field(default_factory=dict)

    def subtype(self, word: str) -> str | None:
        """The subtype a word names, singular or plural, any case, or None."""
        return self._subtype_keys.get(_key(word))

    def kind_of(self, subtype: str) -> str | None:
        """"creature", "land", "artifact" … for a subtype."""
        for kind, names in self.subtypes_by_kind.items():
            if subtype in names:
                return kind
        return None

    @property
    def creature_types(self) -> frozenset[str]:
        return self.subtypes_by_kind.get("creature", frozenset())

    @property
    def land_types(self) -> frozenset[str]:
        return self.subtypes_by_kind.get("land", frozenset())


def _key(word: str) -> str:
    return word.strip().lower().replace("’", "'")


SUBTYPE_RULES = {"205.3g": "artifact", "205.3h": "enchantment", "205.3i": "land",
                 "205.3j": "planeswalker", "205.3k": "spell", "205.3m": "creature",
                 "205.3q": "battle"}


def _names_in(text: str) -> list[str]:
    """The comma-separated list of names a rule gives ("… are Cave, Desert, and Urza’s.")."""
    text = re.sub(r"\s*\(see rules? [^)]*\)", "", text)
    if ":" in text and "creature types" in text:
        text = text.split(":", 1)[1] + "."
        m = re.match(r"\s*(.+?)\.$", text, re.S)
    else:
        m = _LIST.search(text) or re.search(r"That [a-z]+ type is (\w+)\.", text)
    if not m:
        return []
    body = m.group(1)
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", body)
    return [p.strip().replace("’", "'") for p in parts if p.strip()]


def vocabulary_from_rules(rules: Mapping[str, str], edition: str) -> Vocabulary:
    """The vocabulary of one edition, from its rules by number."""
    keywords: dict[str, KeywordDef] = {}
    for number, title in rules.items():
        if not re.fullmatch(r"702\.\d+", number) or number == "702.1":
            continue
        names = [title]
        if " and " in title:  # "Daybound and Nightbound"
            names = title.split(" and ")
        sub = sorted((n for n in rules if re.fullmatch(re.escape(number) + r"[a-z]+", n)),
                     key=lambda n: (len(n), n))
        meanings: list[tuple[str, str, str]] = []
        for n in sub:
            for m in _MEANS.finditer(rules[n]):
                parts = re.findall(r"“([^”]+)”", m.group(3))
                meaning = "\n".join(p.strip().rstrip(",") for p in parts)
                meanings.append(((m.group(1) or m.group(2)).strip(), meaning, n))
            for m in _WRITTEN.finditer(rules[n]):
                meanings.append((m.group(1).strip(), "", n))
        for raw in names:
            name = re.sub(r"\s*\(.*\)$", "", raw).strip().lower()
            if not name or not name[0].isalpha():
                continue
            forms: list[str] = []
            meaning = meaning_rule = ""
            variants = []
            for form, means, where in meanings:
                low = form.lower()
                if low.startswith(name):
                    rest = form[len(name):].strip()
                    shape = _shape(rest)
                    if shape not in forms:
                        forms.append(shape)
                    if not meaning and means:
                        meaning, meaning_rule = means, where
                elif means:
                    variants.append((low, _shape(form), means, where))
            keywords[name] = KeywordDef(name, number, tuple(forms), meaning, meaning_rule,
                                        tuple(variants))
    words: set[str] = set()
    aw = rules.get("207.2c", "")
    m = re.search(r"The ability words are (.+?)\.\s*$", aw, re.S)
    if m:
        for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)):
            w = re.sub(r"\s+\d+$", "", w.strip()).replace("’", "'")
            if w:
                words.add(w.lower())
    by_kind: dict[str, frozenset[str]] = {}
    keys: dict[str, str] = {}
    for number, kind in SUBTYPE_RULES.items():
        names = _names_in(rules.get(number, ""))
        if kind == "creature":
            names += [t.strip() for t in re.findall(r"two words long: ([^.]+)\.",
                                                    rules.get(number, ""))]
        by_kind[kind] = frozenset(names)
        for name in names:
            keys.setdefault(_key(name), name)
            keys.setdefault(_key(plural(name)), name)
            if " " in name:
                first, _, last = name.rpartition(" ")
                keys.setdefault(_key(f"{first} {plural(last)}"), name)
    return Vocabulary(edition, keywords, frozenset(words), by_kind, keys)


def _shape(rest: str) -> str:
    """The parameter shape of a keyword's quoted form: "N", "[cost]", "N—[cost]" …"""
    rest = rest.strip()
    if not rest:
        return ""
    return re.sub(r"\s+", " ", rest)


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The vocabulary of the current edition of the rules in the corpus store."""
    from judgebot.store import open_store  # the store is read once, on first use
    store = open_store()
    edition = store.current_edition("mtg") or ""
    return vocabulary_from_rules(_rule_texts(store.records("mtg", "rule", edition)), edition)


def _rule_texts(records: Iterable) -> dict[str, str]:
    out = {}
    for rec in records:
        number = getattr(rec, "number", "")
        if number.startswith(("702", "205.3", "207.2")):
            out[number] = rec.text.get("en", "")
    return out
