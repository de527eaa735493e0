"""The beginner's rulebook (基本規則, Magic 2013), zh-Hant: seed 004.

The text came out of a PDF with its page furniture and the pictures' text
mixed in, and with one font scrambled (see :mod:`judgebot.ingest.cns1`). This
module turns it into

* guide records: a preface (``0``), the sections 第1節–第4節 (``1`` … ``4``)
  with their parts (``1.1`` … in print order; the turn structure of 第3節
  keeps its printed numbers, ``3.1`` … ``3.5`` and ``3.1a`` …), and 第5節
  名詞解釋 (``5``), whose children are the glossary entries in print order;
* glossary entries, one per headword of 名詞解釋, each flagged with how its
  headword was recovered.

What is not guide text is dropped and counted: card faces (the sample cards
printed beside the text, often twice, once letter by letter), copyright and
illustration credits, page furniture (page markers, running headers, page
numbers), figures inside the glossary, and the back matter (contacts,
credits).

Headwords are recovered with, in order: the CID table; the extractor's
reordering model (all glyph orders it could have printed as the stored one);
the clear text, where the definitions and body use the terms in clear; and
the glossary's own order: entries are sorted by the first differing
character's place in the Big5 order, which is the order of Adobe-CNS1 CIDs
(stroke count, then radical — the 劃 group headings say so).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from judgebot import corpus
from judgebot.corpus import MTG, ZH_HANS, ZH_HANT, GlossaryEntry, Guide, Span
from judgebot.ingest import cns1
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import SourceError
from judgebot.text.script import to_hans

FILE = "seeds/004_9bfc9bd19f766343.txt"
EDITION = "m13"
DOCUMENT = "Beginner's rulebook M13 (基本規則)"

MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
SECTION_TITLE = re.compile(r"^第\s*([1-9])\s*節：\s*(.*)$")
MANA = re.compile(r"(?<![a-z])o(\d+|[WUBRGXTC])")
HEAD_MANA = re.compile(r"o(\d+|[WUBRGXTC])")  # in a headword, ``d`` before ``o`` is a glyph
HYBRID = re.compile(r"o\s?h\d")
NUMBERED = re.compile(r"^(\d)\.\s*(\S.*)$")
LETTERED = re.compile(r"^([A-E])\.\s*(\S.*)$")
CROSS_REF = re.compile(r"名詞解釋的「([^」]+)」")
SENTENCE = re.compile(r"[，。；！？]")
BODY_PUNCT = re.compile(r"[，。；！？：]")

# Reasons a line is not guide text.
CARD, COPYRIGHT, FURNITURE, FIGURE, BACK_MATTER = (
    "card face", "copyright or credit", "page furniture", "figure", "back matter")

CERTAIN, INFERRED = "headword-certain", "headword-inferred"


@dataclass
class Line:
    no: int
    text: str  # the page marker removed
    page_start: bool

    @property
    def stripped(self) -> str:
        return self.text.strip()


def read(path, name: str) -> list[Line]:
    lines = []
    for no, raw in enumerate(read_lines(path, name), 1):
        text, n = MARKER.subn("", raw)
        lines.append(Line(no, text, n > 0))
    return lines


# --- lines that are not guide text ---------------------------------------------------

COPYRIGHT_TEXT = re.compile(r"™|©|Wizards of the Coast|izards of|oast L|"
                            r"\b(?:19|20)\d\d–(?:19|20)\d\d\b")
ART_CREDIT = re.compile(r"^畫家：")
COLLECTOR = re.compile(r"^\d{3,4}_[A-Z0-9]+$")
MANA_GLYPHS = re.compile(r"^[oO]*O[oO]*$|O{4}")
STATS = re.compile(r"^[+-]?\d+/[+-]?\d+$|^[+-]\d+$|^[:：]$")
COST_GARBAGE = re.compile(r"^[\d�]*�[\d�]*$")
COST_AND_NAME = re.compile(r"^(?:o[0-9WUBRGX])+")
FLAVOR_SIGNATURE = re.compile(r"^～\S{2,10}$")
LATIN_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}$")
LONE_NUMBER = re.compile(r"^\d{1,3}$")
TRAILING_NEUTRALS = " 。，、；：！？"
BULLETS = ("•", "‧")
CONTINUATION = tuple("，。、；：！？）」")
SANDWICH_GAP = 8  # card text in clear between two card-face lines, at most this many lines


def _cjk_count(text: str) -> int:
    return sum(1 for ch in text if 0x4E00 <= ord(ch) <= 0x9FFF)


def is_strong_card_line(text: str) -> bool:
    """A line that only a card face prints (or its copyright line)."""
    s = text.strip()
    if not s:
        return False
    spans = cns1.glyph_spans(s)
    if COLLECTOR.match(s) or MANA_GLYPHS.search(s) or STATS.match(s) or COST_GARBAGE.match(s):
        return True
    if FLAVOR_SIGNATURE.match(s):
        return True
    # Rules text in the card font: glyph ids sprinkled through clear text
    # (runs of lost glyphs alone are the dots of a web address).
    if sum(1 for a, b in spans if set(s[a:b]) != {cns1.LOST}) >= 3:
        return True
    # Type line: 基本地～平原, 生物～人類／士兵.
    if "～" in s and len(s) <= 14 and spans:
        return True
    return False


def is_weak_card_line(text: str) -> bool:
    """A line that belongs to a card face when it touches one: a fragment of
    text set letter by letter, the artist's name, a number, a name in the
    scrambled font."""
    s = text.strip()
    if not s:
        return False
    visible = s.replace(" ", "")
    if len(visible) <= 5 and _cjk_count(s) <= 1:
        return True
    if LATIN_NAME.match(s) or LONE_NUMBER.match(s):
        return True
    # A mana cost followed at once by a name in the scrambled font.
    m = COST_AND_NAME.match(s)
    if m and len(m.group(0)) > 2 and cns1.glyph_spans(s)[:1] == [(m.end(), len(s))]:
        return True
    mask = cns1.glyph_mask(s)
    return len(s) <= 8 and all(g or ch == " " for ch, g in zip(s, mask, strict=True))


def is_running_header(text: str) -> bool:
    m = SECTION_TITLE.match(text.strip())
    return bool(m and m.group(2).strip() and len(text.strip()) <= 14)


def drop_reasons(lines: list[Line]) -> dict[int, str]:
    """``{line number: reason}`` for every line that is not guide text
    (back matter and glossary figures are found later, by the glossary)."""
    reasons: dict[int, str] = {}
    for line in lines:
        s = line.stripped
        if COPYRIGHT_TEXT.search(s) or ART_CREDIT.match(s):
            reasons[line.no] = COPYRIGHT
        elif s and is_running_header(s):
            reasons[line.no] = FURNITURE
    for line in lines:
        if line.no not in reasons and is_strong_card_line(line.text):
            reasons[line.no] = CARD
    # Card text printed in clear between two card-face lines.
    anchors = sorted(no for no, why in reasons.items() if why == CARD or (
        why == COPYRIGHT and not ART_CREDIT.match(lines[no - 1].stripped)))
    for a, b in zip(anchors, anchors[1:], strict=False):
        between = [ln for ln in lines[a:b - 1] if ln.stripped]
        if between and len(between) <= SANDWICH_GAP and all(
                ln.no not in reasons for ln in between):
            for ln in between:
                reasons[ln.no] = CARD
    # Fragments next to a card face on the same page.
    changed = True
    while changed:
        changed = False
        for i, line in enumerate(lines):
            if line.no in reasons or not is_weak_card_line(line.text):
                continue
            if _touches_card(lines, i, reasons, -1) or _touches_card(lines, i, reasons, +1):
                reasons[line.no] = CARD
                changed = True
    # Page and figure numbers.
    for i, line in enumerate(lines):
        if line.no not in reasons and LONE_NUMBER.match(line.stripped) and \
                _ends_page_or_paragraph(lines, i):
            reasons[line.no] = FURNITURE
    return reasons


def _ends_page_or_paragraph(lines: list[Line], i: int) -> bool:
    """A page or figure number stands alone: nothing follows it on its line's paragraph."""
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    return nxt is None or not nxt.stripped or nxt.page_start


def _touches_card(lines: list[Line], i: int, reasons: dict[int, str], step: int) -> bool:
    j = i + step
    while 0 <= j < len(lines):
        # A page start separates: the line must be on the same page as the card.
        if step < 0 and lines[j + 1].page_start:
            return False
        if step > 0 and lines[j].page_start:
            return False
        if lines[j].stripped:
            return reasons.get(lines[j].no) in (CARD, COPYRIGHT)
        j += step
    return False


# --- decoding lines -----------------------------------------------------------------

@dataclass
class Decoder:
    """Decodes lines of the document, choosing glyph orders by clear-text evidence."""

    table: cns1.CidTable
    evidence: cns1.Evidence
    spans: int = 0
    confirmed: int = 0
    unconfirmed: list[str] = field(default_factory=list)
    lost: int = 0

    def line(self, text: str, lineno: int) -> str:
        """One line of body or definition text, decoded and normalised."""
        out: list[str] = []
        pos = 0
        for m in URL.finditer(text):
            if "�" not in m.group(0):
                continue
            out.append(self._glyph_text(text[pos:m.start()], lineno))
            out.append(decode_url(m.group(0)))
            pos = m.end()
        out.append(self._glyph_text(text[pos:], lineno))
        return clean("".join(out))

    def _glyph_text(self, text: str, lineno: int) -> str:
        spans = cns1.glyph_spans(text)
        decoded: dict[int, str] = {}
        moved = self._moved_tail(text, spans)
        if moved is not None:
            k, word, cut = moved
            decoded[k] = word
            text = text[:cut]
            spans = spans[:-1]
        out: list[str] = []
        pos = 0
        for k, (start, end) in enumerate(spans):
            out.append(text[pos:start])
            out.append(decoded[k] if k in decoded else self.span(text[start:end], lineno))
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def _moved_tail(self, text: str,
                    spans: list[tuple[int, int]]) -> tuple[int, str, int] | None:
        """The extractor can move right-to-left glyph ids to the end of their
        line (``一望無際的 ̻ 上，居住著士 ࡡ``: 平 … 原). A run at the line's end
        that makes a word of the clear text with an earlier run goes back
        beside it: ``(index of the earlier run, the joined word, where the line
        now ends)``."""
        if len(spans) < 2 or text[spans[-1][1]:].strip():
            return None
        # Punctuation that went along (``低費用的生。 ي``: the label 生物。).
        cut = spans[-1][0]
        while cut > spans[-2][1] and text[cut - 1] in TRAILING_NEUTRALS:
            cut -= 1
        carried = text[cut:spans[-1][0]].replace(" ", "")[::-1]
        tail = [t + carried for t in cns1.readings(text[spans[-1][0]:spans[-1][1]], self.table)]
        found: list[tuple[int, int, str]] = []
        for k, (start, end) in enumerate(spans[:-1]):
            for head in cns1.readings(text[start:end], self.table):
                for t in tail:
                    glyphs = t[:len(t) - len(carried)] if carried else t
                    for w, probe in ((head + t, head + glyphs), (t + head, glyphs + head)):
                        if cns1.LOST not in w and self.evidence.count(probe):
                            found.append((self.evidence.count(probe), k, w))
        if not found:
            return None
        self.spans += 2
        self.confirmed += 2
        _, k, word = max(found)
        return k, word, cut

    def span(self, glyphs: str, lineno: int) -> str:
        self.spans += 1
        options = cns1.readings(glyphs, self.table)
        counted = [(self.evidence.count(o), o) for o in options if cns1.LOST not in o]
        confirmed = [o for n, o in counted if n > 0]
        if len(confirmed) == 1 or (len(options) == 1 and cns1.LOST not in options[0]):
            self.confirmed += 1
            return confirmed[0] if confirmed else options[0]
        if confirmed:
            best = max(counted)[1]
        else:
            # No evidence for an order: keep the order as printed.
            best = cns1.decode_glyphs(glyphs, self.table)
        if len(options) > 1:
            self.unconfirmed.append(f"{lineno}:{best}")
        # A lost glyph cannot be read (a step number, a bracket): it is dropped.
        self.lost += best.count(cns1.LOST)
        return best.replace(cns1.LOST, "")


def clean(text: str) -> str:
    """Mana symbols as ``{R}``, spaces inside Chinese text removed."""
    text = MANA.sub(lambda m: "{" + m.group(1) + "}", text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"(?<=[^\x00-\x7f]) (?=\S)|(?<=\S) (?=[^\x00-\x7f])", "", text)
    return text.strip()


# Web addresses were set in the scrambled font too: ASCII glyph ids, so ``X``
# (CID 0x58) is ``w``; their dots and slashes were lost glyphs (U+FFFD).
URL = re.compile(r"[\x21-\x5f�]*(?:DPN|OFU)(?:[\x21-\x5f�]+[a-z]?)?")


def decode_url(token: str) -> str:
    table = cns1.default_table()
    suffix = ""
    if m := re.search(r"�([\x60-\x7e])$", token):
        # ``…�f``: the address ends, then CJK punctuation in the same font (f is 。).
        suffix = table.unicode(ord(m.group(1))) or ""
        token = token[:m.start() + 1]
    parts = re.split(r"(�+)", token)
    host_done = False
    out = []
    for part in parts:
        if not part:
            continue
        if part.startswith("�"):
            if not out:
                continue  # a bracket before the address
            out.append("/" if host_done else ("://" if out[-1] in ("http", "https") else "."))
            continue
        word = "".join(table.unicode(ord(ch)) or ch if "\x21" <= ch <= "\x5f" else ch
                       for ch in part)
        out.append(word)
        if word.lower().endswith((".com", ".net")) or word.lower() in ("com", "net"):
            host_done = True
    while out and out[-1] in ("/", ".", "://"):
        out.pop()
    return "".join(out) + suffix


# --- sections -----------------------------------------------------------------------

@dataclass
class Part:
    number: str
    title: str
    start: int
    lines: list[Line] = field(default_factory=list)
    children: list[str] = field(default_factory=list)
    parent: str | None = None


@dataclass
class SectionBounds:
    number: int
    title: str
    title_line: int  # index into lines
    start: int  # index of the first line of the section


def find_sections(lines: list[Line], reasons: dict[int, str]) -> list[SectionBounds]:
    """The section title pages ``第N節：`` + title, in order 1, 2, …"""
    found: list[SectionBounds] = []
    for i, line in enumerate(lines):
        m = SECTION_TITLE.match(line.stripped)
        if not m or m.group(2).strip():
            continue
        number = int(m.group(1))
        j = i + 1
        while j < len(lines) and not lines[j].stripped:
            j += 1
        if j == len(lines):
            raise SourceError(FILE, f"section 第{number}節 has no title: file truncated?",
                              line.no)
        expected = len(found) + 1
        if number != expected:
            raise SourceError(FILE, f"section 第{number}節 where 第{expected}節 was expected",
                              line.no)
        found.append(SectionBounds(number, lines[j].stripped, i, _section_start(lines, i,
                                                                                 reasons)))
    if len(found) < 5:
        raise SourceError(FILE, f"section 第{len(found) + 1}節 not found: file truncated?",
                          len(lines))
    return found


def _section_start(lines: list[Line], i: int, reasons: dict[int, str]) -> int:
    """A section title can come out after the text of its first page: the
    section starts after the last break (page start, furniture, card face)."""
    while i > 0 and not lines[i].page_start:
        prev = lines[i - 1]
        if prev.no in reasons:
            break
        i -= 1
    return i


def inline_title(text: str) -> str | None:
    """A part title set inline: `` 巫術 `` (spaces on both sides, short, no sentence)."""
    if not (text.startswith((" ", "\u3000")) and text.endswith((" ", "\u3000"))):
        return None
    s = text.strip()
    if not s or len(s) > 16 or SENTENCE.search(s) or cns1.glyph_spans(s):
        return None
    return re.sub(r"\s+", "", s) if _cjk_count(s) == len(s.replace(" ", "")) else s


def split_parts(number: int, title: str, body: list[Line]) -> list[Part]:
    """A section and its parts (inline titles followed by sentences)."""
    section = Part(str(number), title, body[0].no if body else 0)
    parts = [section]
    titles: list[tuple[int, str]] = []
    for i, line in enumerate(body):
        t = inline_title(line.text)
        if t is not None and _followed_by_text(body, i, t):
            titles.append((i, t))
    sequence = 0
    current_numbered: Part | None = None
    printed = [int(m.group(1)) for _, t in titles if (m := NUMBERED.match(t))]
    next_free = max(printed, default=0)
    index = {i: t for i, t in titles}
    current = section
    for i, line in enumerate(body):
        if i in index:
            t = index[i]
            if m := NUMBERED.match(t):
                part = Part(f"{number}.{m.group(1)}", m.group(2), line.no, parent=section.number)
                current_numbered = part
            elif (m := LETTERED.match(t)) and current_numbered is not None:
                part = Part(f"{current_numbered.number}{m.group(1).lower()}", m.group(2),
                            line.no, parent=current_numbered.number)
            else:
                sequence = max(sequence, next_free) + 1
                part = Part(f"{number}.{sequence}", t, line.no, parent=section.number)
                current_numbered = None
            parts.append(part)
            current = part
            continue
        current.lines.append(line)
    by_number = {p.number: p for p in parts}
    for p in parts[1:]:
        by_number[p.parent].children.append(p.number)
    return parts


def _followed_by_text(body: list[Line], i: int, title: str) -> bool:
    """A title heads sentences (or, numbered, a lettered title): figure labels
    such as `` 對手 `` over ``剩下16點生命`` do not."""
    following = [ln for ln in body[i + 1:] if ln.stripped][:2]
    for line in following:
        if inline_title(line.text) is not None:
            return bool(NUMBERED.match(title) and LETTERED.match(inline_title(line.text)))
        if BODY_PUNCT.search(line.text):
            return True
    return False


def paragraphs(lines: list[tuple[Line, str]]) -> str:
    """Join lines broken at page width into paragraphs. A paragraph starts at
    an indented line, or after a blank line that follows a sentence end or a
    heading (a short line without punctuation)."""
    paras: list[str] = []
    current = ""
    lines_in_current = 0
    blank = False
    for line, text in lines:
        if not text:
            blank = True
            continue
        heading = lines_in_current == 1 and len(current) <= 16 and not BODY_PUNCT.search(current)
        starts = (line.text[:1].isspace() or text.startswith(BULLETS) or (
            blank and (current.endswith(tuple("。！？」）")) or heading))
        ) and not text.startswith(CONTINUATION)
        if current and starts:
            paras.append(current)
            current, lines_in_current = "", 0
        current += text
        lines_in_current += 1
        blank = False
    if current:
        paras.append(current)
    return "\n".join(paras)


# --- the glossary -------------------------------------------------------------------

@dataclass
class Headword:
    line: Line
    raw: str
    term: str = ""  # the recovered headword, zh-Hant
    options: list[str] = field(default_factory=list)
    status: str = ""  # CERTAIN, INFERRED or "" (lost)
    evidence: str = ""
    why_lost: str = ""
    group_heading: bool = False


def headword_shaped(text: str) -> bool:
    s = text.strip()
    if not s or len(s) > 16 or "。" in s:
        return False
    if s.startswith(("‧", "•", "=")) or re.match(r"^[a-z]\.", s):
        return False
    spans = cns1.glyph_spans(s)
    if spans:
        clear = "".join(ch for ch, g in zip(s, cns1.glyph_mask(s), strict=True) if not g)
        return not SENTENCE.search(clear)
    if re.fullmatch(r"[\x21-\x7e]{1,3}", s):
        return True  # a headword set wholly in ASCII glyph ids (``9`` is X)
    return _cjk_count(s) == len(s) and len(s) <= 6


def headword_tokens(raw: str) -> list[tuple[str, str]]:
    """``(kind, text)``: ``mana`` symbols, ``glyphs`` (ids to decode, including
    ASCII other than mana symbols: a headword is wholly in the scrambled font)
    and ``clear`` CJK."""
    tokens: list[tuple[str, str]] = []
    i = 0
    s = raw.strip()
    while i < len(s):
        m = HEAD_MANA.match(s, i)
        if m:
            tokens.append(("mana", m.group(0)))
            i = m.end()
            continue
        ch = s[i]
        kind = "glyphs" if ord(ch) < 0x2000 or ch == cns1.LOST else "clear"
        if tokens and tokens[-1][0] == kind:
            tokens[-1] = (kind, tokens[-1][1] + ch)
        else:
            tokens.append((kind, ch))
        i += 1
    return tokens


class Glossary:
    """Headwords, definitions and the figures inside the glossary."""

    def __init__(self, lines: list[Line], reasons: dict[int, str], decoder: Decoder):
        self.lines = lines
        self.reasons = reasons
        self.decoder = decoder
        self.table = decoder.table
        self.alphabet = self.table.lost_alphabet()
        self.headwords: list[Headword] = []
        self.group_headings: list[Headword] = []
        self.intro: list[Line] = []
        self.entries: list[tuple[Headword, list[Line]]] = []
        self.back_matter_from: int | None = None

    def parse(self) -> None:
        kept = [ln for ln in self.lines if ln.no not in self.reasons]
        candidates = self._candidates(kept)
        for hw in candidates:
            self._read(hw)
        self._order(candidates)
        self._analogy(candidates)
        self._collect(candidates)

    def _candidates(self, kept: list[Line]) -> list[Headword]:
        out: list[Headword] = []
        prev_blank = True
        prev_candidate = False
        for i, line in enumerate(kept):
            if not line.stripped:
                prev_blank = True
                prev_candidate = False
                continue
            starts = prev_blank or line.page_start or prev_candidate
            nxt = kept[i + 1] if i + 1 < len(kept) else None
            if starts and headword_shaped(line.text) and nxt is not None:
                hw = Headword(line, line.stripped)
                # A heading-font line directly above another is a group heading
                # (``（1至4劃）``), not an entry.
                if prev_candidate and out:
                    out[-1].group_heading = True
                out.append(hw)
                prev_candidate = True
            else:
                prev_candidate = False
            prev_blank = False
        for hw in out:
            if hw.group_heading:
                self.group_headings.append(hw)
        return [hw for hw in out if not hw.group_heading]

    # -- reading one headword --

    def _read(self, hw: Headword) -> None:
        tokens = headword_tokens(hw.raw)
        pieces: list[list[str]] = []
        for kind, text in tokens:
            if kind == "mana":
                pieces.append([HEAD_MANA.sub(lambda m: "{" + m.group(1) + "}", text)])
            elif kind == "clear":
                pieces.append([text])
            else:
                pieces.append(self._glyph_options(text))
        options = sorted({"".join(p) for p in _product(pieces)})
        hw.options = options
        if HYBRID.search(hw.raw):
            hw.why_lost = "hybrid mana symbols of the symbol font have no table"
            return
        if any(cns1.LOST in o for o in options):
            self._fill_lost(hw, tokens)
            return
        if all(kind == "clear" for kind, _ in tokens):
            self._accept(hw, options[0], CERTAIN, "printed-in-clear")
            return
        if len(options) == 1:
            self._accept(hw, options[0], CERTAIN, "cid-table,glyph-order-unique")
            return
        confirmed = [(self.decoder.evidence.line_of(o), o) for o in options
                     if self.decoder.evidence.count(o)]
        if len(confirmed) == 1:
            line, term = confirmed[0]
            self._accept(hw, term, CERTAIN, f"cid-table,clear-text@{line}")
        elif confirmed:
            hw.options = [o for _, o in confirmed]  # the order decides among these

    def _glyph_options(self, glyphs: str) -> list[str]:
        """Readings of glyph ids. A headword is set wholly in the scrambled font,
        so its ASCII is glyph ids too (``9`` is CID 0x39, X; ``d`` is ``，``)."""
        return cns1.readings(glyphs, self.table)

    def _fill_lost(self, hw: Headword, tokens: list[tuple[str, str]]) -> None:
        before = "".join(t for k, t in tokens[:1] if k == "mana")
        glyphs = "".join(t for k, t in tokens if k == "glyphs")
        if not glyphs or any(k == "clear" for k, _ in tokens):
            hw.why_lost = "lost glyphs"
            return
        reading = cns1.decode_glyphs(glyphs, self.table)
        found = self.decoder.evidence.fills(reading, self.alphabet, before=before)
        if len(found) == 1:
            word, line = next(iter(found.items()))
            prefix = HEAD_MANA.sub(lambda m: "{" + m.group(1) + "}", before)
            self._accept(hw, prefix + word, INFERRED, f"lost-glyphs-filled,clear-text@{line}")
        else:
            shown = ", ".join(sorted(found)[:4])
            hw.why_lost = (f"{reading.count(cns1.LOST)} lost glyphs; clear text gives "
                           f"{len(found)} fillings" + (f" ({shown})" if found else ""))

    def _accept(self, hw: Headword, term: str, status: str, evidence: str) -> None:
        hw.term, hw.status, hw.evidence, hw.why_lost = term, status, evidence, ""

    # -- the glossary's order --

    def key(self, term: str) -> tuple[int, ...]:
        return tuple(self.table.cid(ch) or -1 for ch in term)

    def _ordered(self, hw: Headword) -> bool:
        first = (hw.term or (hw.options[0] if hw.options else ""))[:1]
        return bool(first) and 0x4E00 <= ord(first) <= 0x9FFF

    def _order(self, candidates: list[Headword]) -> None:
        """Keep the longest run of headwords in glossary order (the rest are
        figures or card text); choose, for a headword the evidence left
        ambiguous, the reading that keeps that order."""
        symbols_end = next((i for i, hw in enumerate(candidates) if self._ordered(hw)),
                           len(candidates))
        for hw in candidates[symbols_end:]:
            if not self._ordered(hw):
                self._reject(hw)
        ordered = [hw for hw in candidates[symbols_end:] if self._ordered(hw)]
        choices = [[hw.term] if hw.status else list(hw.options) for hw in ordered]
        keys = [[self.key(o) for o in opts] for opts in choices]
        score: list[list[int]] = []
        back: list[list[tuple[int, int] | None]] = []
        for i, opts in enumerate(choices):
            score.append([])
            back.append([])
            for c, option in enumerate(opts):
                gain = 1000 + (1 if self.decoder.evidence.count(option) else 0)
                best, link = gain, None
                for j in range(i):
                    for d in range(len(choices[j])):
                        if keys[j][d] <= keys[i][c] and score[j][d] + gain > best:
                            best, link = score[j][d] + gain, (j, d)
                score[i].append(best)
                back[i].append(link)
        chain: dict[int, int] = {}
        ends = [(score[i][c], -i, -c) for i in range(len(choices)) for c in range(len(choices[i]))]
        if ends:
            _, i, c = max(ends)
            at: tuple[int, int] | None = (-i, -c)
            while at is not None:
                chain[at[0]] = at[1]
                at = back[at[0]][at[1]]
        members = sorted(chain)
        for i, hw in enumerate(ordered):
            if i not in chain:
                self._reject(hw)
                continue
            if hw.status or any(cns1.LOST in o for o in choices[i]):
                continue
            k = members.index(i)
            lo = keys[members[k - 1]][chain[members[k - 1]]] if k else ()
            hi = keys[members[k + 1]][chain[members[k + 1]]] if k + 1 < len(members) else None
            fitting = [o for c, o in enumerate(choices[i])
                       if lo <= keys[i][c] and (hi is None or keys[i][c] <= hi)]
            if len(fitting) == 1:
                term = fitting[0]
                counts = {o: self.decoder.evidence.count(o) for o in choices[i]}
                if counts[term] and all(counts[term] > n for o, n in counts.items() if o != term):
                    # Two independent lines of evidence agree: the most frequent
                    # reading in the clear text is the one the order admits.
                    evidence = (f"cid-table,clear-text@{self.decoder.evidence.line_of(term)}"
                                f"(most frequent reading),glossary-order")
                    self._accept(hw, term, CERTAIN, evidence)
                else:
                    self._accept(hw, term, INFERRED, "cid-table,glossary-order")
            else:
                hw.why_lost = f"glyph order ambiguous: {', '.join(fitting)}"

    def _reject(self, hw: Headword) -> None:
        hw.term, hw.status = "", ""
        hw.why_lost = "out of the glossary's order"

    def _analogy(self, candidates: list[Headword]) -> None:
        """A headword whose lost glyphs sit where those of other, filled
        headwords sat (``{T}�橫置�`` beside ``{W}（白色魔法力）``) takes their
        characters: the same layout, the same font, the same glyphs."""
        shapes: dict[str, Counter] = {}
        for hw in candidates:
            if hw.status == INFERRED and "lost-glyphs-filled" in hw.evidence:
                shape, fills = _shape(hw.raw, hw.term)
                if shape:
                    shapes.setdefault(shape, Counter())[fills] += 1
        for hw in candidates:
            if hw.status or not hw.options or not any(cns1.LOST in o for o in hw.options):
                continue
            if "out of" in hw.why_lost:
                continue
            shape, _ = _shape(hw.raw, None)
            seen = shapes.get(shape)
            if seen and len(seen) == 1:
                (fills, n), = seen.items()
                term = hw.options[0]
                for ch in fills:
                    term = term.replace(cns1.LOST, ch, 1)
                self._accept(hw, term, INFERRED,
                             f"lost-glyphs-by-layout({n} headwords of the same layout)")

    # -- entries --

    def _collect(self, candidates: list[Headword]) -> None:
        """Entries: each accepted headword with the lines up to the next one.
        A rejected headword line starts a figure, which ends at the next page
        start or page furniture (a definition broken by a figure goes on after it)."""
        accepted = {hw.line.no: hw for hw in candidates if "out of" not in hw.why_lost}
        rejected = {hw.line.no for hw in candidates if hw.line.no not in accepted}
        group = {hw.line.no for hw in self.group_headings}
        current: tuple[Headword, list[Line]] | None = None
        figure = False
        for line in self.lines:
            if line.page_start or self.reasons.get(line.no) == FURNITURE:
                figure = False
            if line.no in self.reasons or line.no in group:
                continue
            if line.no in accepted:
                current = (accepted[line.no], [])
                self.entries.append(current)
                figure = False
                continue
            if line.no in rejected:
                figure = True
            if figure:
                if line.stripped:
                    self.reasons[line.no] = FIGURE
                continue
            if current is None:
                self.intro.append(line)
            else:
                current[1].append(line)
        self._cut_back_matter()
        self.headwords = [hw for hw, _ in self.entries]

    def _cut_back_matter(self) -> None:
        """After the page where the last definition ends, the back matter
        (contacts, credits)."""
        if not self.entries:
            raise SourceError(FILE, "the glossary (名詞解釋) has no entries")
        last, body = self.entries[-1]
        for i, line in enumerate(body):
            before = [ln for ln in body[:i] if ln.stripped]
            if line.page_start and before and before[-1].stripped.endswith(tuple("。」）！？")):
                self.back_matter_from = line.no
                for ln in self.lines:
                    if ln.no >= line.no and ln.stripped and \
                            self.reasons.get(ln.no) in (None, FIGURE, CARD):
                        self.reasons[ln.no] = BACK_MATTER
                del body[i:]
                return
        raise SourceError(FILE, f"the glossary runs to the end of the file after {last.raw!r}:"
                          " file truncated?", self.lines[-1].no)


def _shape(raw: str, term: str | None) -> tuple[str, str]:
    """The layout of a headword's lost glyphs (``mana,LOST,glyphs,LOST``) and,
    given its recovered term, the characters that filled them."""
    tokens = headword_tokens(raw)
    shape = []
    for kind, text in tokens:
        if kind != "glyphs":
            shape.append(kind)
            continue
        for part in re.split(r"(�)", text):
            if part:
                shape.append("LOST" if part == "�" else "glyphs")
    fills = ""
    if term is not None:
        body = term.split("}")[-1]
        reading = "".join(t for k, t in tokens if k == "glyphs")
        if len(body) == len(reading):
            fills = "".join(ch for ch, g in zip(body, reading, strict=True) if g == "�")
            if reading[0] == "�" and reading[-1] == "�":
                fills = body[0] + body[-1]
    return ",".join(shape), fills


def _product(pieces: list[list[str]]):
    out = [""]
    for options in pieces:
        out = [a + b for a in out for b in options]
    return out


# --- records ------------------------------------------------------------------------

def ingest(ctx: BuildContext) -> list[DocumentResult]:
    lines = read(ctx.path(FILE), FILE)
    table = cns1.default_table()
    reasons = drop_reasons(lines)
    evidence = cns1.Evidence.from_lines((ln.no, ln.text) for ln in lines
                                        if ln.no not in reasons)
    decoder = Decoder(table, evidence)
    sections = find_sections(lines, reasons)
    titles = {s.title_line for s in sections} | {_title_index(lines, s) for s in sections}

    def body(a: int, b: int) -> list[Line]:
        return [ln for i, ln in enumerate(lines[a:b], a)
                if i not in titles and ln.no not in reasons]

    glossary_at = sections[-1]
    # The glossary sees its dropped lines too: page furniture ends a figure.
    glossary = Glossary([ln for i, ln in enumerate(lines[glossary_at.start:], glossary_at.start)
                         if i not in titles], reasons, decoder)
    glossary.parse()

    intro = body(0, sections[0].start)
    first = next((ln for ln in intro if ln.stripped), None)
    if first is None:
        raise SourceError(FILE, "no text before 第1節", sections[0].title_line + 1)
    parts = [Part("0", first.stripped, first.no, [ln for ln in intro if ln is not first])]
    bounds = [s.start for s in sections]
    for s, end in zip(sections[:-1], bounds[1:], strict=True):
        parts.extend(split_parts(s.number, s.title, body(s.start, end)))
    # The glossary's introduction: its own lines and the group heading that is a sentence.
    opening = [hw.line for hw in glossary.group_headings
               if all(r.endswith("。") for r in cns1.readings(hw.raw, table))]
    glossary_part = Part(str(glossary_at.number), glossary_at.title,
                         lines[glossary_at.title_line].no, opening + glossary.intro)

    entries = glossary_records(glossary, decoder)
    glossary_part.children = [e.id for e in entries]
    records: list = [guide_record(p, decoder) for p in parts]
    records.append(guide_record(glossary_part, decoder, children_are_ids=True))
    records.extend(entries)

    skipped, dropped = _skipped(lines, reasons, glossary)
    heads = glossary.headwords
    figures = {
        "edition": EDITION,
        "sections": sum(1 for p in parts if p.parent is None and p.number != "0") + 1,
        "preface": 1,
        "parts": sum(1 for p in parts if p.parent is not None),
        "glossary entries": len(entries),
        "headwords": {
            "certain": sum(1 for hw in heads if hw.status == CERTAIN),
            "inferred": sum(1 for hw in heads if hw.status == INFERRED),
            "lost": sum(1 for hw in heads if not hw.status),
        },
        "glossary group headings": len(glossary.group_headings),
        "lines dropped": dropped,
        "glyph runs decoded in text": {
            "runs": decoder.spans,
            "order confirmed": decoder.confirmed,
            "order not confirmed": len(decoder.unconfirmed),
            "lost glyphs dropped": decoder.lost,
        },
        "cid table": {"file": cns1.CMAP_LABEL, "cids": len(table)},
    }
    warnings = [f"line {u.split(':')[0]}: glyph order not confirmed by the clear text "
                f"({u.split(':', 1)[1]})" for u in decoder.unconfirmed]
    return [DocumentResult(DOCUMENT, FILE, records, warnings=warnings, skipped=skipped,
                           figures=figures)]


def _title_index(lines: list[Line], section: SectionBounds) -> int:
    return next(j for j in range(section.title_line + 1, len(lines)) if lines[j].stripped)


def guide_record(part: Part, decoder: Decoder, *, children_are_ids: bool = False) -> Guide:
    text = paragraphs([(ln, decoder.line(ln.text, ln.no)) for ln in part.lines])
    title = clean(part.title)
    end = max([ln.no for ln in part.lines if ln.stripped] + [part.start])
    children = part.children if children_are_ids else [
        f"{MTG}:guide:{EDITION}:{c}" for c in part.children]
    return Guide(
        id=f"{MTG}:guide:{EDITION}:{part.number}", game=MTG, edition=EDITION,
        number=part.number,
        title={ZH_HANT: title, ZH_HANS: to_hans(title)},
        text={ZH_HANT: text, ZH_HANS: to_hans(text)} if text else {},
        parent=f"{MTG}:guide:{EDITION}:{part.parent}" if part.parent else None,
        children=children,
        source=[Span(FILE, part.start, end, ZH_HANT)],
    )


def glossary_records(glossary: Glossary, decoder: Decoder) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    by_term: dict[str, str] = {}
    bodies: list[str] = []
    for hw, body in glossary.entries:
        if not hw.status:
            continue
        definition = paragraphs([(ln, decoder.line(ln.text, ln.no)) for ln in body])
        slug = corpus.slugify(hw.term)
        eid = corpus.glossary_id(slug, EDITION)
        end = max([ln.no for ln in body if ln.stripped] + [hw.line.no])
        entries.append(GlossaryEntry(
            id=eid, game=MTG, edition=EDITION, slug=slug,
            term={ZH_HANT: hw.term, ZH_HANS: to_hans(hw.term)},
            definition={ZH_HANT: definition, ZH_HANS: to_hans(definition)},
            flags=[hw.status, f"headword-evidence:{hw.evidence}"],
            source=[Span(FILE, hw.line.no, end, ZH_HANT)],
        ))
        by_term[hw.term] = eid
        bodies.append(definition)
    for entry, definition in zip(entries, bodies, strict=True):
        entry.see = [by_term[t] for t in dict.fromkeys(CROSS_REF.findall(definition))
                     if t in by_term and by_term[t] != entry.id]
    return entries


def _skipped(lines: list[Line], reasons: dict[int, str],
             glossary: Glossary) -> tuple[list[str], dict[str, int]]:
    skipped: list[str] = []
    dropped: Counter = Counter()
    run: list[Line] = []

    def flush() -> None:
        if run:
            why = reasons[run[0].no]
            span = f"{run[0].no}" if len(run) == 1 else f"{run[0].no}-{run[-1].no}"
            skipped.append(f"lines {span}: {why} ({len(run)} lines)")
            run.clear()

    for line in lines:
        why = reasons.get(line.no)
        if why is None:
            if line.stripped:
                flush()
            continue
        dropped[why] += 1
        if run and reasons[run[0].no] != why:
            flush()
        run.append(line)
    flush()
    for hw in glossary.headwords:
        if not hw.status:
            skipped.append(f"line {hw.line.no}: headword {hw.raw!r} not recovered "
                           f"({hw.why_lost})")
    return skipped, dict(sorted(dropped.items()))
