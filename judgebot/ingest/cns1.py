"""Adobe-CNS1 glyph ids → Unicode, and the decoder of text that came out as glyph ids.

The beginner's rulebook (seed 004) was extracted from a PDF whose heading
font (headings, glossary headwords, the game's name) had no usable Unicode
map: the extractor printed each glyph's CID in the Adobe-CNS1 character
collection as if it were a code point. ``ᚭ`` is U+16AD, so CID 0x16AD, which
is 魔. The CID → Unicode table that undoes this is Adobe's ``Adobe-CNS1-UCS2``
CMap, carried in ``data/`` (see ``data/README.md`` for where it came from).

Three things make the decoding more than a table look-up:

* **Which characters are glyph ids.** Clear text is CJK (U+3000 and up),
  ASCII and a few symbols; the glyph ids of this document are below U+2000,
  so a character in U+00C0–U+1FFF is a glyph id. ASCII ``a``–``~`` are glyph
  ids too where they touch one (CIDs 0x60–0x7E are CJK punctuation: ``f`` is
  ``。``, ``d`` is ``，``).
* **Lost glyphs.** CIDs 0x00–0x1F and 0x7F–0x9F (ASCII punctuation, digits,
  ``（）「」`` …) fell on control characters, which the extraction replaced by
  U+FFFD. Which of those characters a lost glyph was can only come from
  evidence around it (:class:`Evidence`).
* **Glyph order.** The extractor ran the Unicode bidirectional algorithm over
  each line, so glyph ids that happen to be right-to-left letters (Hebrew,
  Arabic, Syriac … code points) were reordered: ``ᚭ ࠬ ج ථ ึ`` is 魔 風 法 雲
  會 in print order 魔法風雲會. :func:`logical_orders` inverts that (all
  orders whose display is the stored text); the caller picks among them with
  evidence. Its character classes are those of the extractor's Unicode
  version, older than 14.0: U+089D ``࢝`` (展) reorders as an unassigned
  Arabic-block code point would, not as the combining mark 14.0 made it.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from judgebot.ingest.rulebook import SourceError

DATA_DIR = Path(__file__).resolve().parent / "data"
CMAP_NAME = "Adobe-CNS1-UCS2"
CMAP_FILE = DATA_DIR / CMAP_NAME
CMAP_SHA256 = "8375afd535e153a7e3bcf448be93e5012b26229547a20d52520e46e3c386351f"
CMAP_LABEL = f"judgebot/ingest/data/{CMAP_NAME}"

LOST = "\ufffd"


# --- the CMap -----------------------------------------------------------------------

@dataclass
class CidTable:
    """CID → Unicode text, and back (the smallest CID of a character)."""

    to_unicode: dict[int, str]
    name: str = CMAP_NAME
    _to_cid: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for cid in sorted(self.to_unicode, reverse=True):
            self._to_cid[self.to_unicode[cid]] = cid

    def __len__(self) -> int:
        return len(self.to_unicode)

    def unicode(self, cid: int) -> str | None:
        text = self.to_unicode.get(cid)
        return None if text in (None, LOST) else text

    def cid(self, text: str) -> int | None:
        return self._to_cid.get(text)

    def lost_alphabet(self) -> frozenset[str]:
        """What a lost glyph (U+FFFD) can have been: the characters whose CIDs
        fall on the C0 and C1 control code points."""
        cids = itertools.chain(range(0x00, 0x20), range(0x7F, 0xA0))
        return frozenset(t for t in (self.unicode(c) for c in cids) if t and t.strip())


HEX = re.compile(r"<([0-9A-Fa-f]*)>")
BLOCK_START = re.compile(r"^(\d+)\s+begin(codespacerange|bfchar|bfrange|cidchar|cidrange)$")
BLOCK_END = re.compile(r"^end(codespacerange|bfchar|bfrange|cidchar|cidrange)$")
CMAP_NAME_LINE = re.compile(r"^/CMapName\s+/(\S+)\s+def$")


def read_cmap(path: Path, name: str, *, expect: str | None = CMAP_NAME) -> CidTable:
    """Parse a CID → Unicode CMap (``bfchar``/``bfrange`` blocks).

    A missing file, a malformed entry, a block whose entry count differs from
    its header, a name other than ``expect`` or a file that stops before
    ``endcmap`` raise :class:`SourceError` naming the file and line.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(name, "CMap file is missing") from None
    try:
        lines = raw.decode("ascii").splitlines()
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError(name, "CMap is not ASCII text", line) from None
    table: dict[int, str] = {}
    block: str | None = None
    expected = count = start = 0
    cmap_name = None
    ended = False
    for lineno, text in enumerate(lines, 1):
        text = text.strip()
        if not text or text.startswith("%"):
            continue
        if block is None:
            m = BLOCK_START.match(text)
            if m:
                block, expected, count, start = m.group(2), int(m.group(1)), 0, lineno
            elif m := CMAP_NAME_LINE.match(text):
                cmap_name = m.group(1)
            elif text == "endcmap":
                ended = True
            elif BLOCK_END.match(text):
                raise SourceError(name, f"{text} without a matching begin", lineno)
            continue
        m = BLOCK_END.match(text)
        if m:
            if m.group(1) != block:
                raise SourceError(name, f"{text} closes a {block} block (line {start})", lineno)
            if count != expected:
                raise SourceError(
                    name, f"{block} block of line {start} announces {expected} entries "
                    f"but has {count}", lineno)
            block = None
            continue
        if block in ("bfchar", "bfrange"):
            _read_entry(block, text, table, name, lineno)
        elif block in ("cidchar", "cidrange"):
            # Code → CID entries belong to encoding CMaps, not to a CID → Unicode table.
            raise SourceError(name, f"{block} entry in what should be a CID → Unicode CMap",
                              lineno)
        count += 1
    if block is not None:
        raise SourceError(name, f"{block} block of line {start} is not closed: file truncated?",
                          len(lines))
    if not ended:
        raise SourceError(name, "no endcmap: file truncated?", len(lines))
    if expect is not None and cmap_name != expect:
        raise SourceError(name, f"CMap is {cmap_name!r}, expected {expect!r}")
    if not table:
        raise SourceError(name, "CMap maps no CIDs")
    return CidTable(table, cmap_name or "")


def _read_entry(block: str, text: str, table: dict[int, str], name: str, lineno: int) -> None:
    codes = HEX.findall(text)
    if block == "bfchar":
        if len(codes) != 2 or not re.fullmatch(r"\s*<[^>]*>\s*<[^>]*>\s*", text):
            raise SourceError(name, f"malformed bfchar entry {text!r}", lineno)
        table[_cid(codes[0], name, lineno)] = _utf16(codes[1], name, lineno)
        return
    array = re.fullmatch(r"\s*<[^>]*>\s*<[^>]*>\s*\[(.*)\]\s*", text)
    if array is None and (len(codes) != 3 or
                          not re.fullmatch(r"\s*(<[^>]*>\s*){3}", text)):
        raise SourceError(name, f"malformed bfrange entry {text!r}", lineno)
    first, last = _cid(codes[0], name, lineno), _cid(codes[1], name, lineno)
    if last < first:
        raise SourceError(name, f"bfrange {text!r} runs backwards", lineno)
    if array is not None:
        targets = HEX.findall(array.group(1))
        if len(targets) != last - first + 1:
            raise SourceError(name, f"bfrange {text!r} has {len(targets)} targets for "
                              f"{last - first + 1} CIDs", lineno)
        for offset, target in enumerate(targets):
            table[first + offset] = _utf16(target, name, lineno)
        return
    units = _units(codes[2], name, lineno)
    for offset in range(last - first + 1):
        # The range increments the last UTF-16 code unit of the destination.
        table[first + offset] = _decode_units(units[:-1] + [units[-1] + offset], name, lineno)


def _cid(code: str, name: str, lineno: int) -> int:
    if len(code) != 4:
        raise SourceError(name, f"CID <{code}> is not two bytes", lineno)
    return int(code, 16)


def _units(code: str, name: str, lineno: int) -> list[int]:
    if not code or len(code) % 4:
        raise SourceError(name, f"destination <{code}> is not UTF-16", lineno)
    return [int(code[i:i + 4], 16) for i in range(0, len(code), 4)]


def _utf16(code: str, name: str, lineno: int) -> str:
    return _decode_units(_units(code, name, lineno), name, lineno)


def _decode_units(units: list[int], name: str, lineno: int) -> str:
    try:
        return b"".join(u.to_bytes(2, "big") for u in units).decode("utf-16-be")
    except (UnicodeDecodeError, OverflowError):
        raise SourceError(name, f"destination {units} is not valid UTF-16", lineno) from None


@cache
def default_table() -> CidTable:
    """The shipped Adobe-CNS1-UCS2 table, checked against its recorded sha256."""
    return load(CMAP_FILE, CMAP_LABEL, sha256=CMAP_SHA256)


def load(path: Path, name: str, *, sha256: str | None = None) -> CidTable:
    table = read_cmap(path, name)
    if sha256 is not None:
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if actual != sha256:
            raise SourceError(name, f"sha256 {actual[:12]}… differs from {sha256[:12]}… "
                              "recorded in data/README.md: the CMap is altered")
    return table


# --- which characters are glyph ids ------------------------------------------------

def is_glyph(ch: str) -> bool:
    """A code point that can only be a heading-font glyph id (or a lost one)."""
    return 0x00C0 <= ord(ch) < 0x2000 or ch == LOST


def is_glyph_punctuation(ch: str) -> bool:
    """ASCII that is a glyph id when it touches one: CIDs 0x60–0x7E are CJK punctuation."""
    return 0x60 <= ord(ch) <= 0x7E


def glyph_mask(text: str) -> list[bool]:
    """Which characters of ``text`` are glyph ids."""
    mask = [is_glyph(ch) for ch in text]
    changed = True
    while changed:
        changed = False
        for i, ch in enumerate(text):
            if mask[i] or not is_glyph_punctuation(ch):
                continue
            if (i > 0 and mask[i - 1]) or (i + 1 < len(text) and mask[i + 1]):
                mask[i] = changed = True
    return mask


def glyph_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each maximal run of glyph ids."""
    mask = glyph_mask(text)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        if mask[i]:
            j = i
            while j < len(text) and mask[j]:
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans


def decode_glyphs(glyphs: str, table: CidTable) -> str:
    """Glyph ids → text, position by position; a lost or unmapped glyph stays U+FFFD."""
    return "".join(table.unicode(ord(g)) or LOST if g != LOST else LOST for g in glyphs)


# --- the extractor's bidirectional reordering ----------------------------------------

# Code points that Unicode 14.0 assigned in the Arabic blocks: the extractor's
# older database saw them as unassigned, so they take their block's default (AL).
_NEW_IN_14 = (range(0x0870, 0x08A0), range(0x08B5, 0x08B6), range(0x08C8, 0x08D3),
              range(0x061D, 0x061E))
_DEFAULT_R = ((0x0590, 0x05FF), (0x07C0, 0x085F), (0xFB1D, 0xFB4F), (0x10800, 0x10FFF),
              (0x1E800, 0x1EFFF))
_DEFAULT_AL = ((0x0600, 0x07BF), (0x0860, 0x08FF), (0xFB50, 0xFDCF), (0xFDF0, 0xFDFF),
               (0xFE70, 0xFEFF))
_CLASSES = {"L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "B", "S", "WS", "ON", "BN"}
_NEUTRAL = {"B", "S", "WS", "ON", "BN"}


@cache
def bidi_class(ch: str) -> str:
    cp = ord(ch)
    cls = "" if any(cp in r for r in _NEW_IN_14) else unicodedata.bidirectional(ch)
    if not cls:
        if any(a <= cp <= b for a, b in _DEFAULT_R):
            return "R"
        if any(a <= cp <= b for a, b in _DEFAULT_AL):
            return "AL"
        return "ET" if 0x20A0 <= cp <= 0x20CF else "L"
    return cls if cls in _CLASSES else "ON"  # explicit embeddings do not occur here


def paragraph_level(text: str) -> int:
    for ch in text:
        cls = bidi_class(ch)
        if cls == "L":
            return 0
        if cls in ("R", "AL"):
            return 1
    return 0


def embedding_levels(text: str) -> list[int]:
    """Resolved levels of the bidirectional algorithm (UAX #9 rules W1–W7,
    N1–N2, I1–I2, L1) for one paragraph without explicit embeddings."""
    base = paragraph_level(text)
    sos = "R" if base else "L"
    kinds = [bidi_class(ch) for ch in text]
    types = list(kinds)
    n = len(types)
    prev = sos
    for i in range(n):  # W1
        if types[i] == "NSM":
            types[i] = prev
        prev = types[i]
    last = sos
    for i in range(n):  # W2
        if types[i] in ("L", "R", "AL"):
            last = types[i]
        elif types[i] == "EN" and last == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]  # W3
    for i in range(1, n - 1):  # W4
        if types[i] == "ES" and types[i - 1] == types[i + 1] == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] and types[i - 1] in ("EN", "AN"):
            types[i] = types[i - 1]
    i = 0
    while i < n:  # W5
        if types[i] == "ET":
            j = i
            while j < n and types[j] == "ET":
                j += 1
            if (i > 0 and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
                types[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]  # W6
    last = sos
    for i in range(n):  # W7
        if types[i] in ("L", "R"):
            last = types[i]
        elif types[i] == "EN" and last == "L":
            types[i] = "L"
    i = 0
    while i < n:  # N1, N2
        if types[i] in _NEUTRAL:
            j = i
            while j < n and types[j] in _NEUTRAL:
                j += 1
            before = _strong(sos if i == 0 else types[i - 1])
            after = _strong(sos if j == n else types[j])
            types[i:j] = [before if before == after else sos] * (j - i)
            i = j
        else:
            i += 1
    if base == 0:
        levels = [1 if t == "R" else 2 if t in ("AN", "EN") else 0 for t in types]
    else:
        levels = [2 if t in ("L", "EN", "AN") else 1 for t in types]
    k = n - 1
    while k >= 0 and kinds[k] in ("WS", "BN", "B", "S"):  # L1: trailing whitespace
        levels[k] = base
        k -= 1
    return levels


def _strong(kind: str) -> str:
    return "R" if kind in ("R", "EN", "AN") else kind


def display_order(text: str) -> str:
    """``text`` as the extractor laid it out (UAX #9 rule L2)."""
    if not text:
        return text
    levels = embedding_levels(text)
    order = list(range(len(text)))
    odd = [lv for lv in levels if lv % 2]
    if odd:
        for level in range(max(levels), min(odd) - 1, -1):
            i = 0
            while i < len(order):
                if levels[order[i]] >= level:
                    j = i
                    while j < len(order) and levels[order[j]] >= level:
                        j += 1
                    order[i:j] = order[i:j][::-1]
                    i = j
                else:
                    i += 1
    return "".join(text[k] for k in order)


class TooManyOrders(Exception):
    """The stored text has more possible logical orders than the search allows."""


def logical_orders(stored: str, limit: int = 20000) -> list[str]:
    """Every text whose :func:`display_order` is ``stored``, sorted.

    In a left-to-right paragraph the strong left-to-right characters keep
    their places, in a right-to-left one the right-to-left characters sit at
    mirrored places; only the stretches between them can have moved, so only
    those are permuted.
    """
    found: set[str] = set()
    for base in (0, 1):
        if base == 1 and not any(bidi_class(c) in ("R", "AL") for c in stored):
            continue
        fixed = ("L",) if base == 0 else ("R", "AL")
        choices: list[list[str]] = []
        stretch: list[str] = []
        for ch in stored + "\0":
            if ch == "\0" or bidi_class(ch) in fixed:
                if stretch:
                    choices.append(_permutations(stretch, limit))
                    stretch = []
                if ch != "\0":
                    choices.append([ch])
            else:
                stretch.append(ch)
        total = 1
        for c in choices:
            total *= len(c)
        if total > limit:
            raise TooManyOrders(stored)
        for parts in itertools.product(*choices):
            candidate = "".join(parts)
            if base == 1:
                candidate = candidate[::-1]
            if paragraph_level(candidate) == base and display_order(candidate) == stored:
                found.add(candidate)
    return sorted(found)


def _permutations(chars: list[str], limit: int) -> list[str]:
    out = {"".join(p) for p in itertools.islice(itertools.permutations(chars), limit + 1)}
    if len(out) > limit:
        raise TooManyOrders("".join(chars))
    return sorted(out)


def readings(glyphs: str, table: CidTable) -> list[str]:
    """The decoded texts a run of glyph ids can stand for, one per logical order."""
    try:
        orders = logical_orders(glyphs)
    except TooManyOrders:
        orders = []
    decoded = sorted({decode_glyphs(o, table) for o in orders})
    return decoded or [decode_glyphs(glyphs, table)]


# --- evidence from the clear text -----------------------------------------------------

@dataclass
class Evidence:
    """The document's clear text (glyph ids blanked, whitespace and line ends
    removed, so words broken across lines are found) and where each part came from."""

    text: str
    lines: list[int]  # source line of each character of ``text``

    @classmethod
    def from_lines(cls, lines: Iterable[tuple[int, str]]) -> Evidence:
        chars: list[str] = []
        where: list[int] = []
        for lineno, line in lines:
            mask = glyph_mask(line)
            for ch, glyph in zip(line, mask, strict=True):
                if glyph:
                    if chars and chars[-1] != "\0":
                        chars.append("\0")
                        where.append(lineno)
                elif not ch.isspace():
                    chars.append(ch)
                    where.append(lineno)
        return cls("".join(chars), where)

    def count(self, word: str) -> int:
        return self.text.count(word) if word else 0

    def line_of(self, word: str) -> int | None:
        at = self.text.find(word)
        return self.lines[at] if at >= 0 else None

    def fills(self, reading: str, alphabet: frozenset[str], *, before: str = "",
              after: str = "") -> dict[str, int]:
        """Clear-text words that ``reading`` can be: its known characters in any
        order, each lost glyph one character of ``alphabet``, with ``before`` and
        ``after`` as context. ``{word: first source line}``."""
        known = Counter(ch for ch in reading if ch != LOST)
        lost = len(reading) - sum(known.values())
        if not known:
            return {}
        n = len(reading)
        rarest = min(known, key=self.count)
        found: dict[str, int] = {}
        start = self.text.find(rarest)
        while start >= 0:
            for s in range(max(0, start - n + 1), start + 1):
                word = self.text[s:s + n]
                if len(word) < n or "\0" in word:
                    continue
                rest = Counter(word)
                rest.subtract(known)
                if any(v < 0 for v in rest.values()):
                    continue
                extra = list(rest.elements())
                if len(extra) != lost or any(ch not in alphabet for ch in extra):
                    continue
                if before and self.text[max(0, s - len(before)):s] != before:
                    continue
                if after and self.text[s + n:s + n + len(after)] != after:
                    continue
                found.setdefault(word, self.lines[s])
            start = self.text.find(rarest, start + 1)
        return found
