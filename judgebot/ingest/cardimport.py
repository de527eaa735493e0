"""``judgebot cards import``: a newer card file from the standard downloads.

Reads, in any combination:

- Scryfall's bulk files: **Oracle Cards** (a JSON array of card objects: one
  per Oracle card, ``card_faces`` for multi-faced ones) and **Rulings** (a JSON
  array of ``{oracle_id, source, published_at, comment}``; only Wizards' own,
  ``source: wotc``, are rulings; Scryfall's notes are not). Rulings name their
  card by ``oracle_id``, so they need the Oracle Cards file in the same import
  (or a card file that has the ids).
- MTGJSON's **AtomicCards.json** (``{"meta": …, "data": {name: [face, …]}}``):
  cards, their rulings, and their Simplified Chinese names (``foreignData``
  entries in ``Chinese Simplified``).

The cards come from Oracle Cards if given, else from AtomicCards, else stay as
they are; rulings and Chinese names from the newest file that has them, else
the current card file's, joined by English name. The result is written in the
card file's own format (``cards/cards.jsonl.xz``, see
``corpus/sources/SOURCES.md``), its sha256 put in ``SOURCES.md`` and its
provenance in ``cards/IMPORT.json``; the next store build uses it.

Nothing is changed unless everything was read and checked: a file that is
truncated, of another format, nested too deeply, with a value too large, or
that would leave far fewer cards than there are now (``allow_fewer``), stops
the import with a message naming the file. Files are read as a stream, one
card at a time, so memory stays bounded whatever their size; gzip, xz and
bzip2 files are read as they are. Nothing is fetched from the network.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import hashlib
import json
import lzma
import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from judgebot.ingest import cards as card_file
from judgebot.ingest.rulebook import SourceError
from judgebot.ingest.sources import CHECKSUM_LINE, MANIFEST

CHUNK = 1 << 20
MAX_ELEMENT = 8 << 20  # one card (or ruling, or AtomicCards entry) at most
MAX_TOTAL = 2 << 30  # decompressed bytes of one input file
MAX_DEPTH = 16
SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
ZH = "Chinese Simplified"
IMPORT_FILE = "cards/IMPORT.json"
FEWER = 0.5  # an import may not leave fewer than this share of the cards there are


class ImportError_(Exception):
    """A file cannot be imported (the message names it and says why)."""


# --- reading JSON as a stream ---------------------------------------------------------

def open_text(path: Path) -> IO[bytes]:
    """``path`` decompressed if it is gzip, xz or bzip2."""
    try:
        with path.open("rb") as fh:
            head = fh.read(6)
    except OSError as exc:
        raise ImportError_(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if head.startswith(b"\x1f\x8b"):
        return gzip.open(path, "rb")
    if head.startswith(b"\xfd7zXZ\x00"):
        return lzma.open(path, "rb")
    if head.startswith(b"BZh"):
        return bz2.open(path, "rb")
    if head.startswith(b"PK"):
        raise ImportError_(f"{path}: a zip archive; unpack it first (AtomicCards.json)")
    return path.open("rb")


class Stream:
    """Top-level JSON read incrementally: the elements of an array, or the
    members of an object, each decoded alone (bounded in size and depth)."""

    def __init__(self, fh: IO[bytes], name: str):
        self.fh = fh
        self.name = name
        self.buf = ""
        self.pos = 0
        self.total = 0
        self.eof = False
        self._decode = codecs.getincrementaldecoder("utf-8-sig")()
        self._json = json.JSONDecoder()

    def error(self, message: str) -> ImportError_:
        return ImportError_(f"{self.name}: {message}")

    def _fill(self) -> bool:
        if self.eof:
            return False
        try:
            raw = self.fh.read(CHUNK)
        except (OSError, EOFError, lzma.LZMAError, ValueError) as exc:
            raise self.error(f"cannot be decompressed ({exc}): truncated?") from None
        self.total += len(raw)
        if self.total > MAX_TOTAL:
            raise self.error(f"more than {MAX_TOTAL >> 20} MB of JSON")
        try:
            text = self._decode.decode(raw, final=not raw)
        except UnicodeDecodeError:
            raise self.error("not UTF-8 text") from None
        if not raw:
            self.eof = True
        if self.pos > CHUNK:
            self.buf, self.pos = self.buf[self.pos:], 0
        self.buf += text
        return bool(raw) or bool(text)

    def peek(self) -> str:
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._fill():
                return ""

    def expect(self, chars: str) -> str:
        ch = self.peek()
        if not ch:
            raise self.error("ends in the middle: truncated?")
        if ch not in chars:
            raise self.error(f"expected {' or '.join(repr(c) for c in chars)} at character "
                             f"{self.total - len(self.buf) + self.pos}, found {ch!r}")
        self.pos += 1
        return ch

    def value(self) -> Any:
        """One complete JSON value, however many reads it takes (bounded)."""
        self.peek()
        start = self.pos
        while True:
            try:
                value, end = self._json.raw_decode(self.buf, start)
            except RecursionError:
                raise self.error(f"nested deeper than {MAX_DEPTH} levels") from None
            except ValueError as exc:
                if self.eof:
                    raise self.error(f"not valid JSON, or truncated ({exc.msg})") from None
                if len(self.buf) - start > MAX_ELEMENT:
                    raise self.error(f"a value larger than {MAX_ELEMENT >> 20} MB") from None
                self._fill()
                start = self.pos
                continue
            if end == len(self.buf) and not self.eof and isinstance(value, int | float):
                self._fill()  # a number may go on in the next chunk
                start = self.pos
                continue
            self.pos = end
            if _depth(value) > MAX_DEPTH:
                raise self.error(f"nested deeper than {MAX_DEPTH} levels")
            return value

    def array(self) -> Iterator[Any]:
        self.expect("[")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self.expect(",]") == "]":
                return

    def members(self) -> Iterator[str]:
        """The keys of an object; the caller reads each member's value."""
        self.expect("{")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise self.error("an object key that is not a string")
            self.expect(":")
            yield key
            if self.expect(",}") == "}":
                return

    def end(self) -> None:
        if self.peek():
            raise self.error("more after the end of the JSON")


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


# --- the formats ------------------------------------------------------------------------

@dataclass
class Input:
    path: Path
    kind: str  # scryfall-cards | scryfall-rulings | mtgjson-atomic
    cards: list[dict[str, Any]]  # in the card file's own format
    rulings: dict[str, list[dict[str, str]]]  # oracle id or name → rulings
    chinese: dict[str, dict[str, Any]]  # English name → {name, faces}
    count: int = 0


def read_input(path: Path) -> Input:
    """One downloaded file, whichever of the three formats it is."""
    name = str(path)
    with open_text(path) as fh:
        stream = Stream(fh, name)
        first = stream.peek()
        if first == "[":
            found = _read_scryfall(stream, path)
        elif first == "{":
            found = _read_atomic(stream, path)
        else:
            raise ImportError_(f"{name}: not JSON (a Scryfall bulk file is a JSON array, "
                               "MTGJSON's AtomicCards.json an object)")
        stream.end()
    return found


def _read_scryfall(stream: Stream, path: Path) -> Input:
    found = Input(path, "", [], {}, {})
    for item in stream.array():
        if not isinstance(item, dict):
            raise stream.error("an element of the array is not an object")
        kind = item.get("object")
        if kind == "card":
            found.kind = found.kind or "scryfall-cards"
            card = _scryfall_card(item, stream)
            if card is not None:
                found.cards.append(card)
        elif kind == "ruling":
            found.kind = found.kind or "scryfall-rulings"
            oracle_id, comment = item.get("oracle_id"), item.get("comment")
            if not isinstance(oracle_id, str) or not isinstance(comment, str):
                raise stream.error("a ruling without oracle_id and comment")
            if item.get("source", "wotc") == "wotc" and comment.strip():
                found.rulings.setdefault(oracle_id, []).append(
                    {"date": str(item.get("published_at") or ""), "text": comment.strip()})
        else:
            raise stream.error(f"an element that is neither a card nor a ruling "
                               f"(object: {str(kind)[:40]!r}): not a Scryfall bulk file?")
        if found.kind == "scryfall-cards" and kind == "ruling" or (
                found.kind == "scryfall-rulings" and kind == "card"):
            raise stream.error("cards and rulings mixed in one file")
        found.count += 1
    if not found.kind:
        raise stream.error("an empty array: no cards or rulings")
    return found


def _scryfall_card(item: dict, stream: Stream) -> dict[str, Any] | None:
    if item.get("layout") in SKIPPED_LAYOUTS or "Token" in str(item.get("type_line", "")):
        return None
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise stream.error("a card without a name")
    faces = item.get("card_faces") or []
    if not isinstance(faces, list):
        raise stream.error(f"{name}: card_faces is not a list")
    oracle_id = item.get("oracle_id") or next(
        (f.get("oracle_id") for f in faces if isinstance(f, dict) and f.get("oracle_id")), "")
    card: dict[str, Any] = {"name": name, "src": "scryfall-import", "oracle_id": oracle_id}
    _copy(item, card, "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty")
    if isinstance(item.get("color_identity"), list):
        card["color_identity"] = item["color_identity"]
    if faces:
        card["faces"] = []
        for face in faces:
            if not isinstance(face, dict):
                raise stream.error(f"{name}: a face that is not an object")
            out = {"name": face.get("name")}
            _copy(face, out, "mana_cost", "type_line", "oracle_text", "power", "toughness",
                  "loyalty")
            card["faces"].append(out)
    return card


def _copy(source: dict, target: dict, *keys: str) -> None:
    for key in keys:
        value = source.get(key)
        if value not in (None, ""):
            target[key] = value


def _read_atomic(stream: Stream, path: Path) -> Input:
    found = Input(path, "mtgjson-atomic", [], {}, {})
    seen_data = False
    for key in stream.members():
        if key != "data":
            stream.value()  # meta
            continue
        seen_data = True
        for name in stream.members():
            faces = stream.value()
            if not isinstance(faces, list) or not faces or not all(
                    isinstance(f, dict) for f in faces):
                raise stream.error(f"data[{name[:60]!r}] is not a list of card faces")
            card, rulings, chinese = _atomic_card(name, faces, stream)
            if card is not None:
                found.cards.append(card)
                if rulings:
                    found.rulings[name] = rulings
                if chinese:
                    found.chinese[name] = chinese
            found.count += 1
    if not seen_data:
        raise stream.error("no 'data' object: not MTGJSON's AtomicCards.json")
    return found


def _atomic_card(name: str, faces: list[dict], stream: Stream
                 ) -> tuple[dict | None, list[dict], dict]:
    first = faces[0]
    if first.get("layout") in SKIPPED_LAYOUTS:
        return None, [], {}
    card: dict[str, Any] = {"name": name, "src": "mtgjson-import"}
    multi = len(faces) > 1
    parts = []
    for face in faces:
        part = {"name": face.get("faceName") or face.get("name")}
        for theirs, ours in (("manaCost", "mana_cost"), ("type", "type_line"),
                             ("text", "oracle_text"), ("power", "power"),
                             ("toughness", "toughness"), ("loyalty", "loyalty")):
            if face.get(theirs) not in (None, ""):
                part[ours] = face[theirs]
        parts.append(part)
    if multi:
        card["faces"] = parts
        card["type_line"] = " // ".join(p.get("type_line", "") for p in parts)
    else:
        card.update({k: v for k, v in parts[0].items() if k != "name"})
    if isinstance(first.get("colorIdentity"), list):
        card["color_identity"] = first["colorIdentity"]
    oracle_id = (first.get("identifiers") or {}).get("scryfallOracleId")
    if isinstance(oracle_id, str):
        card["oracle_id"] = oracle_id
    rulings = [{"date": str(r.get("date") or ""), "text": r["text"].strip()}
               for r in first.get("rulings") or []
               if isinstance(r, dict) and isinstance(r.get("text"), str) and r["text"].strip()]
    chinese: dict[str, Any] = {}
    face_names = []
    for face in faces:
        entry = next((d for d in face.get("foreignData") or []
                      if isinstance(d, dict) and d.get("language") == ZH), None)
        if entry is None:
            continue
        if isinstance(entry.get("name"), str):
            chinese.setdefault("name", entry["name"])
        face_names.append(entry.get("faceName") if isinstance(entry.get("faceName"), str)
                          else "")
    if multi and len(face_names) == len(faces) and all(face_names):
        chinese["faces"] = face_names
        if " // " not in chinese.get("name", ""):
            chinese["name"] = " // ".join(face_names)
    return card, rulings, chinese


# --- the import -------------------------------------------------------------------------

def import_files(paths: list[Path], sources_dir: Path, allow_fewer: bool = False
                 ) -> dict[str, Any]:
    """Read ``paths``, write the new card file into ``sources_dir`` and return a
    report. Raises :class:`ImportError_` (and changes nothing) on any problem."""
    if not paths:
        raise ImportError_("no files to import")
    inputs = [read_input(p) for p in paths]
    kinds = [i.kind for i in inputs]
    for kind in set(kinds):
        if kinds.count(kind) > 1:
            raise ImportError_(f"two files of one kind ({kind}): give each kind once")
    by_kind = {i.kind: i for i in inputs}
    current_path = sources_dir / card_file.FILE
    try:
        current = [_current_card(e) for e in card_file.read(current_path)] if \
            current_path.is_file() else []
    except SourceError as exc:
        raise ImportError_(f"the current card file cannot be read: {exc}") from None
    base = (by_kind.get("scryfall-cards") or by_kind.get("mtgjson-atomic"))
    cards = [dict(c) for c in base.cards] if base else [dict(c) for c in current]
    if not cards:
        raise ImportError_("no cards: give Scryfall's Oracle Cards file or AtomicCards.json")
    if current and len(cards) < FEWER * len(current) and not allow_fewer:
        raise ImportError_(f"{base.path if base else 'the import'} has {len(cards)} cards, the "
                           f"card file {len(current)}: a partial download? (nothing changed)")
    old = {c["name"]: c for c in current}
    rulings_from = _rulings(cards, by_kind, old)
    chinese_from = _chinese(cards, by_kind, old)
    lines = _checked_lines(cards)
    report = {
        "files": [{"file": str(i.path), "format": i.kind, "objects": i.count} for i in inputs],
        "cards": {"before": len(current), "after": len(cards),
                  "added": len({c["name"] for c in cards} - set(old)),
                  "removed": len(set(old) - {c["name"] for c in cards})},
        "cards with rulings": sum(1 for c in cards if c.get("rulings")),
        "cards with Chinese names": sum(1 for c in cards if c.get("name_zhs")),
        "rulings from": rulings_from, "Chinese names from": chinese_from,
    }
    _write(sources_dir, lines, inputs, report)
    return report


def _current_card(entry: card_file.Entry) -> dict[str, Any]:
    """An entry of the current card file back in the file's format."""
    card: dict[str, Any] = {"name": entry.name, "src": entry.src or "card file"}
    faces = [{k: v for k, v in (("name", f.name), ("mana_cost", f.mana_cost),
                                ("type_line", f.type_line), ("oracle_text", f.text),
                                ("power", f.power), ("toughness", f.toughness),
                                ("loyalty", f.loyalty), ("name_zhs", f.name_zh)) if v}
             for f in entry.faces]
    if len(faces) > 1:
        card["faces"] = faces
        card["type_line"] = " // ".join(f.get("type_line", "") for f in faces)
    else:
        card.update({k: v for k, v in faces[0].items() if k not in ("name", "name_zhs")})
    if entry.name_zh:
        card["name_zhs"] = entry.name_zh
    if entry.colour_identity:
        card["color_identity"] = entry.colour_identity
    if entry.rulings:
        card["rulings"] = [{"date": d, "text": t} for d, t in entry.rulings]
    if entry.other_part:
        card["other_part"] = entry.other_part
    return card


def _rulings(cards: list[dict], by_kind: dict[str, Input], old: dict[str, dict]) -> str:
    scry = by_kind.get("scryfall-rulings")
    atomic = by_kind.get("mtgjson-atomic")
    if scry is not None:
        if not any(c.get("oracle_id") for c in cards):
            raise ImportError_(f"{scry.path}: Scryfall rulings name cards by oracle_id; give "
                               "the Oracle Cards file (or AtomicCards.json) in the same import")
        for card in cards:
            found = scry.rulings.get(card.get("oracle_id", ""))
            if found:
                card["rulings"] = found[:card_file.MAX_RULINGS]
            else:
                card.pop("rulings", None)
        return str(scry.path)
    if atomic is not None:
        for card in cards:
            found = atomic.rulings.get(card["name"])
            if found:
                card["rulings"] = found[:card_file.MAX_RULINGS]
        return str(atomic.path)
    for card in cards:
        if not card.get("rulings") and old.get(card["name"], {}).get("rulings"):
            card["rulings"] = old[card["name"]]["rulings"]
    return "the current card file"


def _chinese(cards: list[dict], by_kind: dict[str, Input], old: dict[str, dict]) -> str:
    atomic = by_kind.get("mtgjson-atomic")
    source = str(atomic.path) if atomic is not None else "the current card file"
    for card in cards:
        if atomic is not None and card["name"] in atomic.chinese:
            zh = atomic.chinese[card["name"]]
            card["name_zhs"] = zh.get("name", "")
            for face, name in zip(card.get("faces") or [], zh.get("faces") or [], strict=False):
                face["name_zhs"] = name
            continue
        before = old.get(card["name"])
        if before is None:
            continue
        if before.get("name_zhs") and not card.get("name_zhs"):
            card["name_zhs"] = before["name_zhs"]
        for face, was in zip(card.get("faces") or [], before.get("faces") or [], strict=False):
            if was.get("name_zhs") and face.get("name") == was.get("name"):
                face.setdefault("name_zhs", was["name_zhs"])
    return source


def _checked_lines(cards: list[dict]) -> list[bytes]:
    """Each card as a line of the card file, checked as the store will read it."""
    lines = []
    for number, card in enumerate(sorted(cards, key=lambda c: c["name"]), 1):
        card.pop("oracle_id", None)
        line = json.dumps(card, ensure_ascii=False, sort_keys=True)
        try:
            card_file.entry_from(json.loads(line), number, "the imported cards")
        except SourceError as exc:
            raise ImportError_(f"{exc.message} (card {str(card.get('name'))[:60]!r})") from None
        lines.append(line.encode("utf-8") + b"\n")
    return lines


def _write(sources_dir: Path, lines: list[bytes], inputs: list[Input],
           report: dict[str, Any]) -> None:
    """The new card file, its checksum and its provenance, each swapped in whole."""
    target = sources_dir / card_file.FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}-{uuid.uuid4().hex[:6]}")
    manifest = sources_dir / MANIFEST
    try:
        tmp.write_bytes(lzma.compress(b"".join(lines), preset=6))
        card_file.read(tmp, str(tmp))  # what was written reads back
        digest = hashlib.sha256(tmp.read_bytes()).hexdigest()
        text = manifest.read_text(encoding="utf-8") if manifest.is_file() else ""
        new_manifest = _with_checksum(text, card_file.FILE, digest)
        provenance = {"files": [{"file": i.path.name, "format": i.kind,
                                 "sha256": _sha256(i.path)} for i in inputs],
                      "sha256": digest, **{k: v for k, v in report.items() if k != "files"}}
        _replace_text(manifest, new_manifest)
        _replace_text(sources_dir / IMPORT_FILE,
                      json.dumps(provenance, ensure_ascii=False, indent=1) + "\n")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    report["sha256"] = digest


def _with_checksum(text: str, name: str, digest: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = CHECKSUM_LINE.match(line.strip())
        if m and m.group(2) == name:
            lines[i] = f"{digest}  {name}"
            return "\n".join(lines) + "\n"
    return text.rstrip("\n") + f"\n\n```\n{digest}  {name}\n```\n"


def _replace_text(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:6]}")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def format_report(report: dict[str, Any]) -> str:
    cards = report["cards"]
    lines = ["Cards imported"]
    for f in report["files"]:
        lines.append(f"  {f['file']}: {f['format']}, {f['objects']} objects")
    lines.append(f"cards: {cards['before']} → {cards['after']} "
                 f"(+{cards['added']}, −{cards['removed']})")
    lines.append(f"cards with rulings: {report['cards with rulings']} "
                 f"(rulings from {report['rulings from']})")
    lines.append(f"cards with Chinese names: {report['cards with Chinese names']} "
                 f"(from {report['Chinese names from']})")
    lines.append("The corpus store is rebuilt with them on the next start "
                 "(`judgebot serve`, or any command that reads the cards).")
    return "\n".join(lines)


__all__ = ["import_files", "read_input", "ImportError_", "format_report"]
