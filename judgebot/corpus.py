"""Corpus record types, ids, and loading/saving of the JSON Lines files.

Every record carries its ``source`` spans (file relative to ``corpus/sources``
and 1-based inclusive line numbers) so any statement can be traced back to the
document it came from. Records are plain dataclasses; ``to_dict``/``from_dict``
give the canonical JSON form written to ``corpus/*.jsonl``.

The records a store hands out are *frozen* (``record_from_dict(…, frozen=True)``):
their lists are tuples. They are shared by every request of a process, so they
must not change, and a process keeps tens of thousands of them: a list is an
object the garbage collector walks on every full collection (five or six per
record, pausing a server's every thread for a third of a second), a tuple of
strings is not.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgebot.policynumbers import label as policy_label

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = ROOT / "corpus"
SOURCES_DIR = CORPUS_DIR / "sources"

EN, ZH_HANS, ZH_HANT = "en", "zh-Hans", "zh-Hant"
LANGS = (EN, ZH_HANS, ZH_HANT)

MTG, FOW = "mtg", "fow"
# Editions of the documents in the corpus: the one the Chinese CR translates,
# and an older English edition some tests and notes name. The current edition
# is never written down: it is the newest present (``current_cr``).
CR_2019 = "2019-10-04"
CR_2025 = "2025-11-14"


@dataclass(frozen=True, order=True)
class Span:
    """Where a piece of a record came from: a file and an inclusive line range."""

    file: str
    start: int
    end: int
    lang: str = ""

    def __str__(self) -> str:
        lines = f"{self.start}" if self.start == self.end else f"{self.start}-{self.end}"
        return f"{self.file}:{lines}"


@dataclass(kw_only=True)
class Record:
    id: str
    game: str
    kind: str
    edition: str
    source: list[Span] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return _clean(dataclasses.asdict(self))


@dataclass(kw_only=True)
class Rule(Record):
    """A numbered rule, subrule, section (``702``) or chapter (``7``)."""

    kind: str = "rule"
    number: str
    level: str  # chapter | section | rule | subrule
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    title: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    refs: list[str] = field(default_factory=list)
    lineage: dict[str, Any] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class GlossaryEntry(Record):
    kind: str = "glossary"
    slug: str
    term: dict[str, str] = field(default_factory=dict)
    definition: dict[str, str] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    see: list[str] = field(default_factory=list)  # related glossary entry ids
    flags: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class NamePair(Record):
    """A provisional English-Chinese card or term name (暂译名称列表)."""

    kind: str = "name"
    term: dict[str, str] = field(default_factory=dict)


@dataclass(kw_only=True)
class Card(Record):
    """A card. The cards of the card file (edition ``oracle``) carry their Oracle
    text in English; a release-notes card joined to one adds its Chinese and
    the set (``tsr``) whose notes it comes from."""

    kind: str = "card"
    slug: str
    set: str = ""
    name: dict[str, str] = field(default_factory=dict)
    mana_cost: str = ""
    mana_cost_raw: str = ""
    type_line: dict[str, str] = field(default_factory=dict)
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: dict[str, str] = field(default_factory=dict)
    section: str = ""
    rulings: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    # Each face of a multi-faced card: name {en, zh-Hans}, mana_cost, type_line,
    # text, power, toughness, loyalty (as in the card file).
    faces: list[dict[str, Any]] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)  # W U B R G of its mana costs
    colour_identity: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)  # other names it is printed or known by
    nicknames: list[str] = field(default_factory=list)  # judges' nicknames (Goyf, Bob …)
    printed_text: dict[str, str] = field(default_factory=dict)  # as the release notes print it
    # The rules its Oracle text uses (keywords, keyword actions, rule numbers,
    # glossary terms: judgebot.rulelinks), in the edition its rulings link to.
    # Not a citation: a rule's page does not list the thousands of cards with flying.
    uses: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class Ruling(Record):
    kind: str = "ruling"
    card: str
    index: int
    text: dict[str, str] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    date: str = ""
    # A release-notes ruling that says what an Oracle ruling of its card says:
    # that ruling's id (the Oracle ruling carries its Chinese; the card lists it once).
    same_as: str = ""


@dataclass(kw_only=True)
class Note(Record):
    kind: str = "note"
    slug: str
    set: str
    title: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class Guide(Record):
    kind: str = "guide"
    number: str
    title: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    parent: str | None = None
    children: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class PolicySection(Record):
    """A section of a tournament document: the Tournament Rules (kind ``mtr``)
    or the Infraction Procedure Guide (kind ``ipg``), keyed ``4.2``, ``4``,
    ``appendix-a`` or ``introduction`` (see :mod:`judgebot.policynumbers`).

    ``paragraphs`` keeps the document's blocks in order, each
    ``{"kind", "text", "line"}`` (kind: paragraph, bullet, item, example,
    table, heading, penalty, upgrade, downgrade; an infraction's blocks also
    name their ``part``). The text is English; the Chinese of the title and
    of an infraction's name, category and penalty come from the judge-terms
    glossary, as do the other names (``aliases``) people call it by. An
    infraction (IPG 2.1–4.8) also carries its parts by name.
    """

    number: str
    level: str  # introduction | chapter | section | appendix
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    title: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    paragraphs: list[dict[str, Any]] = field(default_factory=list)
    aliases: dict[str, list[str]] = field(default_factory=dict)
    refs: list[str] = field(default_factory=list)
    see: list[str] = field(default_factory=list)  # the other document's section on the same matter
    name: dict[str, str] = field(default_factory=dict)
    category: dict[str, str] = field(default_factory=dict)
    penalty: dict[str, str] = field(default_factory=dict)
    definition: dict[str, str] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    philosophy: dict[str, str] = field(default_factory=dict)
    remedy: dict[str, str] = field(default_factory=dict)
    upgrade: dict[str, list[str]] = field(default_factory=dict)
    downgrade: dict[str, list[str]] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)

    @property
    def infraction(self) -> bool:
        return bool(self.penalty)


KINDS: dict[str, type[Record]] = {
    "rule": Rule,
    "glossary": GlossaryEntry,
    "name": NamePair,
    "card": Card,
    "ruling": Ruling,
    "note": Note,
    "guide": Guide,
    "mtr": PolicySection,
    "ipg": PolicySection,
}
POLICY_KINDS = ("mtr", "ipg")


def _clean(value: Any) -> Any:
    """Drop empty optional values so the JSON stays small and stable (a frozen
    record's tuples are written as lists)."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if not _empty(v)}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def _empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, (list, tuple, dict)) and not value)


def _fields(cls: type[Record]) -> tuple[frozenset[str], tuple[str, ...]]:
    """A record type's field names, and those of its list fields."""
    found = _FIELDS.get(cls)
    if found is None:
        fields = dataclasses.fields(cls)
        found = _FIELDS[cls] = (frozenset(f.name for f in fields),
                                tuple(f.name for f in fields if f.default_factory is list))
    return found


_FIELDS: dict[type[Record], tuple[frozenset[str], tuple[str, ...]]] = {}


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def record_from_dict(data: dict[str, Any], *, frozen: bool = False) -> Record:
    """The record of its JSON form; ``frozen``: with tuples for lists, at every
    depth (see the module's docstring)."""
    cls = KINDS[data["kind"]]
    names, lists = _fields(cls)
    if frozen:
        kwargs = {name: () for name in lists}
        kwargs.update((k, _frozen(v)) for k, v in data.items() if k in names)
        kwargs["source"] = tuple(Span(**s) for s in data.get("source", ()))
    else:
        kwargs = {k: v for k, v in data.items() if k in names}
        kwargs["source"] = [Span(**s) for s in data.get("source", [])]
    return cls(**kwargs)


def dumps(record: Record) -> str:
    return json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def write_jsonl(path: Path, records: Iterable[Record]) -> None:
    lines = sorted(dumps(r) for r in records)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def read_jsonl(path: Path) -> Iterator[Record]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield record_from_dict(json.loads(line))


def current_cr(corpus_dir: Path = CORPUS_DIR) -> str:
    """The newest Magic Comprehensive Rules edition of a built corpus."""
    dated = [p.stem.split("-", 2)[2] for p in corpus_dir.glob("mtg-rule-*.jsonl")]
    dated = [e for e in dated if re.fullmatch(r"\d{4}-\d{2}-\d{2}", e)]
    if not dated:
        raise FileNotFoundError(f"no Comprehensive Rules edition in {corpus_dir}")
    return max(dated)


def load(corpus_dir: Path = CORPUS_DIR) -> list[Record]:
    """Every record of the built corpus, in file then id order."""
    records: list[Record] = []
    for path in sorted(corpus_dir.glob("*.jsonl")):
        records.extend(read_jsonl(path))
    return records


# --- ids ---------------------------------------------------------------------------

def slugify(text: str) -> str:
    """A URL- and id-safe slug: ``Active Player, Nonactive Player Order`` →
    ``active-player-nonactive-player-order``; CJK characters are kept."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("’", "").replace("'", "")
    text = re.sub(r"[^\w]+", "-", text)
    return text.strip("-_")


def rule_id(number: str, edition: str, game: str = MTG) -> str:
    return f"{game}:cr:{edition}:{number}"


def glossary_id(slug: str, edition: str, game: str = MTG) -> str:
    return f"{game}:glossary:{edition}:{slug}"


def card_id(slug: str, game: str = MTG) -> str:
    """A card of the card database: ``mtg:card:murder``. A card is one record
    whatever set printed it, so its id names no edition."""
    return f"{game}:card:{slug}"


def ruling_id(slug: str, index: int, game: str = MTG) -> str:
    """An official (Oracle) ruling of a card: ``mtg:ruling:murder:1``."""
    return f"{game}:ruling:{slug}:{index}"


def parse_id(record_id: str) -> tuple[str, str, str, str]:
    """Split ``game:kind:edition:key`` (keys may contain colons). The cards of
    the card database and their Oracle rulings name no edition
    (``mtg:card:murder``, ``mtg:ruling:murder:1``): their edition is ``""``.
    (A card slug never holds a colon, so the parts tell them apart from
    ``mtg:ruling:tsr:murder:1``.)"""
    parts = record_id.split(":")
    if len(parts) == 3 and parts[1] == "card":
        return parts[0], parts[1], "", parts[2]
    if len(parts) == 4 and parts[1] == "ruling":
        return parts[0], parts[1], "", f"{parts[2]}:{parts[3]}"
    game, kind, edition, key = record_id.split(":", 3)
    return game, kind, edition, key


# --- labels ------------------------------------------------------------------------

def zh_of(mapping: dict[str, str] | None) -> str:
    """The Chinese of a language map, in whichever script the source used."""
    if not mapping:
        return ""
    return mapping.get(ZH_HANS) or mapping.get(ZH_HANT) or ""


def label_of(rec: Record) -> str:
    if rec.kind == "rule" or rec.kind == "guide":
        return rec.number
    if rec.kind in POLICY_KINDS:
        return policy_label(rec.kind, rec.number)
    if rec.kind == "glossary" or rec.kind == "name":
        return rec.term.get(EN) or zh_of(rec.term) or rec.id
    if rec.kind == "card":
        return rec.name.get(ZH_HANS) or rec.name.get(EN) or rec.id
    if rec.kind == "ruling":
        return f"#{rec.index}"
    return getattr(rec, "title", {}).get(ZH_HANS) or rec.id


def title_of(rec: Record) -> dict[str, str]:
    for name in ("title", "term", "name"):
        value = getattr(rec, name, None)
        if value:
            return dict(value)
    return {}
