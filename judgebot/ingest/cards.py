"""The card file (``cards/cards.jsonl.xz``): every card's Oracle text, faces,
Chinese name and official rulings, as card and ruling records.

These records are derived, not committed (about 80,000 records; tens of MB of
JSON Lines): the corpus store builds them on first start, beside the
committed corpus, with :func:`derive`; ``judgebot corpus build`` runs the same
derivation only for its figures. :func:`derive` is a pure function of the
card file, the nickname table and the committed records, so two builds give
the same records.

What the file needs (see ``corpus/sources/SOURCES.md``):

- The older of its two sources holds each half of 100 cards as a record of
  its own (``other_part`` names the other half; split halves are named
  ``Alive (Alive/Well)``): the halves are joined into one card with two faces,
  ordered as the parenthesis says, else the half with a mana cost first (a
  flip card's creature side), an Adventure last, and a face whose text says
  it "transforms into" itself last.
- 64 records are reversible reprints (``Sol Ring // Sol Ring``, no type line,
  the same text as the card): each is folded into its card, whose name it
  becomes another name of, so it never shadows the card.
- Every line is checked (an object, string fields of bounded length, rulings
  with a date and text …); a line that is not is a :class:`SourceError`
  naming it. The file, its lines and its cards are bounded in size.

Ids are ``mtg:card:<slug>`` and ``mtg:ruling:<slug>:<n>`` (the slug of the
English name, accents and ligatures spelled out: ``lim-duls-vault``,
``aether-vial``). A release-notes card of the committed corpus with the same
id becomes part of its Oracle card: the Chinese name, type line and text, the
set and section, and its rulings beside the Oracle rulings.

Rulings are linked to the rules of the current edition
(:class:`judgebot.rulelinks.RuleLinker`): the keywords they name, the rule
numbers they cite, the glossary terms they use.
"""

from __future__ import annotations

import csv
import hashlib
import json
import lzma
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judgebot import corpus, editions
from judgebot.corpus import EN, MTG, ZH_HANS, Card, GlossaryEntry, Record, Rule, Ruling, Span
from judgebot.ingest.rulebook import SourceError
from judgebot.rulelinks import RuleLinker, templates_text
from judgebot.text.names import plain_latin

FILE = "cards/cards.jsonl.xz"
NICKNAMES = "cardnames/nicknames.tsv"
# Bump when the derived records change meaning (the store is rebuilt).
VERSION = "4"
ORACLE = "oracle"
DOCUMENT = "Cards and rulings (card file; built into the store, not committed)"
SPLIT = " // "

# Bounds on a card file (the shipped one is 23 MB, 30,912 lines).
MAX_BYTES = 512 * 1024 * 1024
MAX_LINE = 1024 * 1024
MAX_CARDS = 200_000
MAX_FACES = 4
MAX_RULINGS = 500
MAX_RULING = 20_000  # characters of one ruling (the longest shipped: 5,325)
LIMITS = {"name": 200, "name_zhs": 200, "other_part": 200, "mana_cost": 100,
          "type_line": 300, "oracle_text": 20_000, "power": 10, "toughness": 10,
          "loyalty": 10, "src": 300}
FACE_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness",
               "loyalty", "name_zhs")
COLOURS = "WUBRG"

SUPERTYPES = {"Basic", "Legendary", "Ongoing", "Snow", "World", "Host", "Elite"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
PAREN = re.compile(r"^(.+?) \(([^()/]+(?:/[^()/]+)+)\)$")


# --- reading --------------------------------------------------------------------------

@dataclass
class Face:
    name: str
    mana_cost: str = ""
    type_line: str = ""
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    name_zh: str = ""


@dataclass
class Entry:
    """One card as the file gives it (halves joined, twins folded later)."""

    name: str
    faces: list[Face]
    line: int
    name_zh: str = ""
    rulings: list[tuple[str, str]] = field(default_factory=list)  # (date, text)
    colour_identity: list[str] = field(default_factory=list)
    src: str = ""
    other_part: str = ""
    lines: list[int] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    has_type_line: bool = True


def read(path: Path, name: str = FILE) -> list[Entry]:
    """Every line of a card file, checked. Raises :class:`SourceError`."""
    entries: list[Entry] = []
    for number, data in iter_lines(path, name):
        entries.append(entry_from(data, number, name))
        if len(entries) > MAX_CARDS:
            raise SourceError(name, f"more than {MAX_CARDS} cards", number)
    if not entries:
        raise SourceError(name, "no cards in the file")
    return entries


def iter_lines(path: Path, name: str) -> Iterator[tuple[int, dict]]:
    """``(line number, object)`` of an xz-compressed JSON Lines file, bounded."""
    try:
        fh = lzma.open(path, "rb")
    except FileNotFoundError:
        raise SourceError(name, "source file is missing") from None
    total = 0
    number = 0
    try:
        with fh:
            while True:
                raw = fh.readline(MAX_LINE + 1)
                if not raw:
                    break
                number += 1
                total += len(raw)
                if len(raw) > MAX_LINE:
                    raise SourceError(name, f"a line longer than {MAX_LINE} bytes", number)
                if total > MAX_BYTES:
                    raise SourceError(name, f"more than {MAX_BYTES} bytes once decompressed")
                if not raw.strip():
                    continue
                try:
                    data = json.loads(raw)
                except (ValueError, RecursionError) as exc:
                    raise SourceError(name, f"not a JSON object ({str(exc)[:80]})",
                                      number) from None
                yield number, data
    except (lzma.LZMAError, EOFError) as exc:
        raise SourceError(name, f"not a complete xz file ({exc}): truncated?", number or None) \
            from None


def entry_from(data: Any, number: int, name: str) -> Entry:
    """An :class:`Entry` from one line's object, every field checked."""
    if not isinstance(data, dict):
        raise SourceError(name, "a line is not a JSON object", number)
    card = _text(data, "name", number, name, required=True)
    faces_data = data.get("faces") or []
    if not isinstance(faces_data, list) or len(faces_data) > MAX_FACES:
        raise SourceError(name, f"{card}: 'faces' must be a list of at most {MAX_FACES}", number)
    faces = [_face(f, number, name, card) for f in faces_data]
    if not faces:
        faces = [_face(data, number, name, card)]
    _name_faces_in_chinese(faces)
    rulings = data.get("rulings") or []
    if not isinstance(rulings, list) or len(rulings) > MAX_RULINGS:
        raise SourceError(name, f"{card}: 'rulings' must be a list of at most {MAX_RULINGS}",
                          number)
    checked = []
    for ruling in rulings:
        if not (isinstance(ruling, dict) and isinstance(ruling.get("text"), str)
                and isinstance(ruling.get("date", ""), str)):
            raise SourceError(name, f"{card}: a ruling must be {{date, text}}", number)
        text, date = ruling["text"].strip(), ruling.get("date", "").strip()
        if len(text) > MAX_RULING or len(date) > 20 or not text or CONTROL.search(text):
            raise SourceError(name, f"{card}: a ruling is empty or too long", number)
        checked.append((date, text))
    identity = data.get("color_identity") or []
    if not isinstance(identity, list) or any(c not in COLOURS for c in identity):
        raise SourceError(name, f"{card}: 'color_identity' must be letters of {COLOURS}",
                          number)
    name_zh = _text(data, "name_zhs", number, name)
    if len(faces) > 1 and all(f.name_zh and SPLIT not in f.name_zh for f in faces):
        name_zh = SPLIT.join(f.name_zh for f in faces)  # not the file's doubled "A // B // A // B"
    return Entry(card, faces, number, name_zh, checked,
                 [c for c in COLOURS if c in identity], _text(data, "src", number, name),
                 _text(data, "other_part", number, name), [number],
                 has_type_line=bool(data.get("type_line")))


def _name_faces_in_chinese(faces: list[Face]) -> None:
    """The file gives some faces the whole card's Chinese name ("碎骨巨人 // 一脚踩下"
    on both Bonecrusher Giant and Stomp): each face gets its own part of it."""
    if len(faces) < 2:
        return
    for i, face in enumerate(faces):
        parts = face.name_zh.split(SPLIT)
        if len(faces) == len(parts) > 1 and all(parts):
            face.name_zh = parts[i]


def _text(data: dict, key: str, number: int, name: str, required: bool = False) -> str:
    value = data.get(key)
    if value is None or value == "":
        if required:
            raise SourceError(name, f"a card without {key!r}", number)
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool) and key in (
            "power", "toughness", "loyalty"):
        value = str(value)
    if not isinstance(value, str):
        raise SourceError(name, f"{key!r} must be text", number)
    if len(value) > LIMITS.get(key, 200):
        raise SourceError(name, f"{key!r} is longer than {LIMITS.get(key, 200)} characters",
                          number)
    if CONTROL.search(value):
        raise SourceError(name, f"{key!r} holds control characters", number)
    return value.strip()


def _face(data: Any, number: int, name: str, card: str) -> Face:
    if not isinstance(data, dict):
        raise SourceError(name, f"{card}: a face must be an object", number)
    values = {k: _text(data, k, number, name) for k in FACE_FIELDS}
    return Face(values["name"] or card, values["mana_cost"], values["type_line"],
                values["oracle_text"], values["power"] or None, values["toughness"] or None,
                values["loyalty"] or None, values["name_zhs"])


# --- joining --------------------------------------------------------------------------

@dataclass
class Joined:
    entries: list[Entry]
    halves_joined: int = 0  # cards the file has only as halves, made whole
    halves_folded: int = 0  # halves of a card the file also has whole
    twins_folded: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def join(entries: list[Entry], file: str = FILE) -> Joined:
    """Halves joined into their card, reversible twins folded into theirs."""
    out = Joined([])
    halves = [e for e in entries if e.other_part]
    whole = [e for e in entries if not e.other_part]
    by_card: dict[frozenset[str], list[Entry]] = {}
    for half in halves:
        m = PAREN.match(half.name)
        key = frozenset(m.group(2).split("/")) if m else frozenset((
            half.name, half.other_part))
        by_card.setdefault(key, []).append(half)
    names = {e.name: e for e in whole}
    for key, parts in sorted(by_card.items(), key=lambda kv: min(p.line for p in kv[1])):
        if len(parts) != len(key):
            for part in parts:
                out.warnings.append(f"{file}:{part.line}: {part.name!r} is one of "
                                    f"{len(key)} parts, of which the file has {len(parts)}; "
                                    f"kept alone")
                m = PAREN.match(part.name)
                whole.append(replace(part, name=m.group(1) if m else part.name, other_part=""))
            continue
        card = _joined(parts)
        if card.name in names:  # the file also has the card whole: it adds what that lacks
            _fold_into(names[card.name], card)
            out.halves_folded += 1
            continue
        whole.append(card)
        names[card.name] = card
        out.halves_joined += 1
    for entry in sorted(whole, key=lambda e: e.line):
        printed = entry.name.split(SPLIT)
        distinct = list(dict.fromkeys(printed))
        if not entry.has_type_line and len(distinct) < len(printed):
            real = SPLIT.join(distinct)
            if real in names:  # a reversible reprint of a card the file has
                out.twins_folded.append(entry.name)
                continue
            entry = replace(entry, name=real, faces=entry.faces[:len(distinct)],
                            aliases=[entry.name])
        out.entries.append(entry)
    folded = {e: SPLIT.join(dict.fromkeys(e.split(SPLIT))) for e in out.twins_folded}
    by_name = {e.name: e for e in out.entries}
    for twin, real in sorted(folded.items()):
        by_name[real].aliases.append(twin)
    out.entries.sort(key=lambda e: e.line)
    return out


def _fold_into(card: Entry, halves: Entry) -> None:
    """What a card's halves add to the card itself: its Chinese names and
    rulings, where it lacks them."""
    if not card.name_zh and halves.name_zh:
        card.name_zh = halves.name_zh
    for face, half in zip(card.faces, halves.faces, strict=False):
        if not face.name_zh and half.name_zh and face.name == half.name:
            face.name_zh = half.name_zh
    card.rulings = list(dict.fromkeys(card.rulings + halves.rulings))
    card.lines = sorted(set(card.lines + halves.lines))


def _joined(parts: list[Entry]) -> Entry:
    """A card's halves as one card: faces ordered as the module docstring says."""
    m = PAREN.match(parts[0].name)
    if m:
        order = m.group(2).split("/")
        parts = sorted(parts, key=lambda p: order.index(PAREN.match(p.name).group(1))
                       if PAREN.match(p.name) and PAREN.match(p.name).group(1) in order else 9)
    else:
        parts = sorted(parts, key=lambda p: (_back_face(p), p.line))
    faces = []
    zh_whole = next((p.name_zh for p in parts if p.name_zh), "")
    zh_parts = zh_whole.split(SPLIT) if SPLIT in zh_whole else []
    for i, part in enumerate(parts):
        face = replace(part.faces[0])
        m = PAREN.match(part.name)
        face.name = m.group(1) if m else part.name
        face.name_zh = zh_parts[i] if len(zh_parts) == len(parts) else (
            face.name_zh if SPLIT not in face.name_zh else "")
        faces.append(face)
    rulings = list(dict.fromkeys(r for p in parts for r in p.rulings))
    identity = [c for c in COLOURS if any(c in p.colour_identity for p in parts)]
    return Entry(SPLIT.join(f.name for f in faces), faces, min(p.line for p in parts),
                 SPLIT.join(f.name_zh for f in faces) if all(f.name_zh for f in faces) else "",
                 rulings, identity, parts[0].src, "", sorted(p.line for p in parts))


def _back_face(part: Entry) -> int:
    """0 for a card's front half, 1 for the half printed second."""
    face = part.faces[0]
    if "Adventure" in face.type_line:
        return 1
    if f"transforms into {part.name}" in face.text:
        return 1
    return 0 if face.mana_cost else 1


# --- records --------------------------------------------------------------------------

def card_slug(name: str) -> str:
    """``Lim-Dûl's Vault`` → ``lim-duls-vault``; ``Æther Vial`` → ``aether-vial``;
    blanks of un-cards (``_____``) are spelt ``blank``."""
    text = re.sub(r"_+", " blank ", plain_latin(name))
    return corpus.slugify(text).replace("_", "-") or "card"


def parse_type_line(text: str) -> tuple[list[str], list[str], list[str]]:
    """``Legendary Creature — Human Noble`` → supertypes, card types, subtypes."""
    supertypes: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    for part in text.split(SPLIT):
        head, _, tail = part.partition("—")
        for word in head.split():
            target = supertypes if word in SUPERTYPES else types
            if word not in target:
                target.append(word)
        for word in tail.split():
            if word not in subtypes:
                subtypes.append(word)
    return supertypes, types, subtypes


def colours_of(costs: Iterable[str]) -> list[str]:
    """The colours of mana costs: every coloured symbol, hybrid and Phyrexian too."""
    found = {c for cost in costs for sym in re.findall(r"\{([^}]*)\}", cost) for c in sym
             if c in COLOURS}
    return [c for c in COLOURS if c in found]


@dataclass
class CardBuild:
    """The derived records, and the committed release-notes cards they replace."""

    records: list[Record]
    replaced: set[str]
    figures: dict[str, Any]
    warnings: list[str]

    def merged(self, committed: list[Record]) -> list[Record]:
        """The committed records with the card records in place."""
        return [r for r in committed if r.id not in self.replaced] + self.records


def derive(sources_dir: Path, committed: list[Record]) -> CardBuild:
    """The card and ruling records of the card file, joined with the
    release-notes cards of ``committed`` and linked to its current rules."""
    entries = read(sources_dir / FILE)
    joined = join(entries)
    nicknames = read_nicknames(sources_dir / NICKNAMES, joined.entries)
    linker, edition = _linker(committed)
    builder = _Builder(linker, nicknames)
    records: list[Record] = []
    cards: dict[str, Card] = {}
    for entry in joined.entries:
        card, rulings = builder.card(entry)
        cards[card.id] = card
        records.append(card)
        records.extend(rulings)
    replaced, not_joined = set(), []
    by_id = {r.id: r for r in records}
    committed_by_id = {r.id: r for r in committed}
    same = 0
    for rec in committed:
        if rec.kind != "card":
            continue
        oracle = cards.get(rec.id)
        if oracle is None:
            not_joined.append(rec.id)
            continue
        oracle_rulings = [by_id[r] for r in oracle.rulings]
        release_rulings = [committed_by_id[r] for r in rec.rulings if r in committed_by_id]
        merge_release_card(oracle, rec)
        replaced.add(rec.id)
        for release, twin in pair_same_rulings(release_rulings, oracle_rulings):
            twin.text[ZH_HANS] = release.text[ZH_HANS]
            twin.source = twin.source + [s for s in release.source if s.lang == ZH_HANS]
            records.append(replace(release, same_as=twin.id))
            replaced.add(release.id)
            oracle.rulings.remove(release.id)
            same += 1
    rulings = [r for r in records if r.kind == "ruling" and r.edition == ORACLE]
    joined_cards = [i for i in replaced if i in cards]
    figures = {
        "records built into the store": len(records),
        "cards": len(cards),
        "multi-faced cards": sum(1 for c in cards.values() if c.faces),
        "cards with Chinese names": sum(1 for c in cards.values() if c.name.get(ZH_HANS)),
        "rulings": len(rulings),
        "rulings linked to rules": dict(builder.links),
        "rules edition linked to": edition or "",
        "cards with the older Oracle wording": sum(
            1 for c in cards.values() if "oracle:older-wording" in c.flags),
        "cards joined from their halves": joined.halves_joined,
        "halves folded into their whole card": joined.halves_folded,
        "reversible reprints folded into their card": len(joined.twins_folded),
        "nicknames": sum(len(c.nicknames) for c in cards.values()),
        "release-notes cards joined": len(joined_cards),
        "release-notes cards joined with Chinese and English": sum(
            1 for i in joined_cards if cards[i].name.get(ZH_HANS)
            and cards[i].text.get(ZH_HANS) and cards[i].text.get(EN)),
        "release-notes cards not joined": sorted(not_joined),
        "release-notes rulings that are an Oracle ruling (its Chinese joined to it)": same,
    }
    return CardBuild(records, replaced, figures, joined.warnings + builder.warnings)


def source_digest(sources_dir: Path) -> str:
    """What the derived records depend on besides the committed corpus."""
    digest = hashlib.sha256(f"cards {VERSION}\n".encode())
    for name in (FILE, NICKNAMES):
        path = sources_dir / name
        digest.update(name.encode() + b"\n")
        digest.update(path.read_bytes() if path.is_file() else b"(none)")
    digest.update(templates_text().encode())  # what a card's text links to
    return digest.hexdigest()


def _linker(committed: list[Record]) -> tuple[RuleLinker, str | None]:
    edition = editions.current({r.edition for r in committed
                                if r.kind == "rule" and r.game == MTG})
    rules = [r for r in committed if isinstance(r, Rule) and r.game == MTG
             and r.edition == edition]
    glossary = [r for r in committed if isinstance(r, GlossaryEntry) and r.game == MTG
                and r.edition == edition]
    return RuleLinker(rules, glossary), edition


class _Builder:
    def __init__(self, linker: RuleLinker, nicknames: dict[str, list[str]]):
        self.linker = linker
        self.nicknames = nicknames
        self.links: Counter[str] = Counter()
        self.slugs: set[str] = set()
        self.warnings: list[str] = []
        self._found: dict[str, list] = {}

    def card(self, entry: Entry) -> tuple[Card, list[Ruling]]:
        slug = card_slug(entry.name)
        if slug in self.slugs:
            n = 2
            while f"{slug}-{n}" in self.slugs:
                n += 1
            self.warnings.append(f"{FILE}:{entry.line}: {entry.name!r} has the slug of "
                                 f"another card; it is {slug}-{n}")
            slug = f"{slug}-{n}"
        self.slugs.add(slug)
        faces = entry.faces
        multi = len(faces) > 1
        zh = entry.name_zh or (SPLIT.join(f.name_zh for f in faces)
                               if multi and all(f.name_zh for f in faces) else "")
        type_line = SPLIT.join(f.type_line for f in faces if f.type_line)
        supertypes, types, subtypes = parse_type_line(type_line)
        costs = [f.mana_cost for f in faces if f.mana_cost]
        colours = colours_of(costs)
        if not costs and "Land" not in types:
            colours = list(entry.colour_identity)  # no cost: its colour indicator
        text = "\n//\n".join(f.text for f in faces) if multi else faces[0].text
        first = next((f for f in faces if f.power is not None or f.toughness is not None),
                     None)
        loyal = next((f for f in faces if f.loyalty is not None), None)
        card_id = corpus.card_id(slug)
        card = Card(
            id=card_id, game=MTG, edition=ORACLE, slug=slug,
            name={EN: entry.name, ZH_HANS: zh} if zh else {EN: entry.name},
            mana_cost=SPLIT.join(costs), type_line={EN: type_line} if type_line else {},
            supertypes=supertypes, types=types, subtypes=subtypes,
            power=first.power if first else None, toughness=first.toughness if first else None,
            loyalty=loyal.loyalty if loyal else None, text={EN: text} if text else {},
            faces=[_face_dict(f) for f in faces] if multi else [],
            colours=colours, colour_identity=list(entry.colour_identity),
            aliases=list(entry.aliases),
            nicknames=sorted(set(self.nicknames.get(entry.name, []) + [
                n for f in faces for n in self.nicknames.get(f.name, [])])),
            flags=["oracle:older-wording"] if "older" in entry.src else [],
            source=[Span(FILE, n, n, EN) for n in entry.lines],
        )
        own = self.linker.keywords(text)
        card.uses = list(dict.fromkeys(f.rule for f in self.linker.card_uses(
            text, card.mana_cost, type_line)))
        rulings = []
        for index, (date, ruling_text) in enumerate(entry.rulings, 1):
            found = self._links(ruling_text, own)
            rulings.append(Ruling(
                id=corpus.ruling_id(slug, index), game=MTG, edition=ORACLE, card=card_id,
                index=index, date=date, text={EN: ruling_text},
                rules=list(dict.fromkeys(f.rule for f in found)),
                source=[Span(FILE, entry.line, entry.line, EN)]))
        card.rulings = [r.id for r in rulings]
        return card, rulings

    def _links(self, text: str, own: set[str]) -> list:
        found = self.linker.find(text, own)
        if found:
            self.links["any"] += 1
            for how in sorted({f.how for f in found}):
                self.links[f"by {_HOW[how]}"] += 1
        return found


_HOW = {"keyword": "keyword or mechanic", "number": "rule number", "term": "glossary term"}


def _face_dict(face: Face) -> dict[str, Any]:
    out: dict[str, Any] = {"name": {EN: face.name, ZH_HANS: face.name_zh} if face.name_zh
                           else {EN: face.name}}
    for key in ("mana_cost", "type_line", "text", "power", "toughness", "loyalty"):
        value = getattr(face, key)
        if value not in (None, ""):
            out[key] = value
    return out


def merge_release_card(oracle: Card, release: Card) -> None:
    """Put a release-notes card's Chinese, set, section and rulings into its
    Oracle card (in place)."""
    zh_name = corpus.zh_of(release.name)
    if zh_name:
        if not oracle.name.get(ZH_HANS):
            oracle.name[ZH_HANS] = zh_name
        elif _squeeze(zh_name) != _squeeze(oracle.name[ZH_HANS]):
            oracle.aliases.append(zh_name)  # as the release notes print it
    zh_type = corpus.zh_of(release.type_line)
    if zh_type:
        oracle.type_line[ZH_HANS] = zh_type
    zh_text = corpus.zh_of(release.text)
    if zh_text:
        oracle.text[ZH_HANS] = zh_text
    oracle.printed_text = dict(release.text)
    oracle.set, oracle.section = release.set, release.section
    oracle.mana_cost_raw = release.mana_cost_raw
    oracle.rulings = oracle.rulings + [r for r in release.rulings if r not in oracle.rulings]
    oracle.flags = oracle.flags + [f for f in release.flags if f not in oracle.flags]
    oracle.source = oracle.source + release.source


SAME_RULING = 0.8  # share of words two wordings of one ruling have in common


def pair_same_rulings(release: list[Ruling], oracle: list[Ruling]
                      ) -> list[tuple[Ruling, Ruling]]:
    """Release-notes rulings (with Chinese) paired with the Oracle ruling of
    the same card that states the same thing: the same words, or nearly
    (``converted mana cost`` became ``mana value``), one to one, best first."""
    def words(text: str) -> frozenset[str]:
        return frozenset(re.findall(r"[a-z0-9]+", text.lower().replace("’", "'")))

    candidates = []
    for i, rel in enumerate(release):
        if not (rel.text.get(EN) and rel.text.get(ZH_HANS)):
            continue
        a = words(rel.text[EN])
        for j, ora in enumerate(oracle):
            b = words(ora.text.get(EN, ""))
            score = len(a & b) / len(a | b) if a | b else 0.0
            if score >= SAME_RULING:
                candidates.append((-score, i, j))
    pairs, used_r, used_o = [], set(), set()
    for _, i, j in sorted(candidates):
        if i not in used_r and j not in used_o:
            used_r.add(i)
            used_o.add(j)
            pairs.append((release[i], oracle[j]))
    return sorted(pairs, key=lambda p: p[0].index)


def _squeeze(name: str) -> str:
    return re.sub(r"\s+", "", name)


def read_nicknames(path: Path, entries: list[Entry], name: str = NICKNAMES
                   ) -> dict[str, list[str]]:
    """Card or face name → its nicknames. A nickname of a card the file lacks,
    or one that is itself a card's name, is a :class:`SourceError`."""
    if not path.is_file():
        return {}
    known = {e.name for e in entries} | {f.name for e in entries for f in e.faces}
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = list(csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    if not rows or rows[0] != ["nickname", "card"]:
        raise SourceError(name, "the header is not 'nickname<TAB>card'", 1)
    out: dict[str, list[str]] = {}
    for number, row in enumerate(rows[1:], 2):
        if not row:
            continue
        if len(row) != 2 or not row[0].strip() or not row[1].strip():
            raise SourceError(name, "expected two columns: nickname, card", number)
        nickname, card = row[0].strip(), row[1].strip()
        if card not in known:
            raise SourceError(name, f"no card or face named {card!r} in {FILE}", number)
        if nickname in known:
            raise SourceError(name, f"{nickname!r} is a card's own name", number)
        out.setdefault(card, []).append(nickname)
    return out
