"""The structure of the Time Spiral Remastered release notes (发布释疑, seed 003).

The document has a preamble, the general notes (通则释疑: 上市资讯 and one
note per returning mechanic, most with an example card), then the card notes
(单卡解惑): a main-set part (主系列) and a timeshifted part (篇外印张), each
split into colour sections (白色 … 无色, 地). A card entry is a name, a mana
cost, a type line, P/T, rules text, then its rulings.

:mod:`judgebot.ingest.release_layout` reads the lines into items by shape;
this module groups the items into notes and cards (:func:`parse`), and
:mod:`judgebot.ingest.release_notes` turns those into corpus records.

Decisions the source forces:

- Rules text or ruling? A ruling normally carries a mark (``-``, ``•``,
  ``●``); some lost it. An unmarked paragraph after a card's rules text is a
  ruling when it explains rather than states an ability: it uses the
  vocabulary of rulings (``由于``, ``举例来说``, ``试图结算`` … see
  :data:`RULING_CUES`), which card text never does.
- The bullets of a modal card (``选择三项。`` then ``• 抓一张牌。``) are its
  modes, part of the rules text, not rulings.
- A ruling line that does not end a sentence continues on the next line; an
  indented line (two or more spaces) continues the item before it.
- A short piece of rules text that the conversion moved (``+1/+1 指示物。``
  after the next card's name) goes back to the card whose text stops in the
  middle of a sentence.
- Split cards (``暴起`` ``//`` ``炸裂``) are one card: the document gives the
  two halves one set of rulings, which speak of the card as a whole
  (``暴起//炸裂的总法术力费用为8``), and the card-name table has one row.
- An example card in a general note belongs to the note's text; its rulings
  are the note's. If the same card also has an entry in the card notes, that
  entry is the card; otherwise the example is (section ``通则释疑``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.mana import ManaCost
from judgebot.ingest.release_layout import TERMINAL, Item, Layout, printed_width, read_layout
from judgebot.ingest.rulebook import SourceError
from judgebot.ingest.typeline import TypeLine

GENERAL_NOTES = "通则释疑"
CARD_NOTES = "单卡解惑"
# Phrases that explain how a card works; card rules text never uses them.
RULING_CUES = (
    "由于", "因此", "举例来说", "这包括", "这意味着", "这是因为", "试图结算", "不合法目标",
    "的过程中", "此牌不同", "规则含义", "要计算咒语的总费用", "总法术力费用仅由", "意指",
    "就算", "仍然", "仍会", "根本不会", "不会令", "则也会", "你的选项有", "利用为",
    "最有可能",
)
SYMBOL_IN_BRACKETS = re.compile(r"[({（][^(){}（）]{1,3}[)}）]")
COPYRIGHT = "©"
MODES = re.compile(r"选择[一二三四五]项")
MODE_MAX = 30  # a mode is one short sentence


@dataclass
class Paragraph:
    """Text gathered from one or more items, with the lines it came from."""

    text: str
    lines: list[int]
    marker: str = ""  # rulings: "-", "•", "●", "lost" or "" (never marked)
    tail: str = ""  # the last source line added, as printed

    def __post_init__(self) -> None:
        self.tail = self.tail or self.text

    def add(self, text: str, line: int) -> None:
        self.text += text
        self.tail = text
        if line not in self.lines:
            self.lines.append(line)

    @property
    def in_parentheses(self) -> bool:
        """A parenthesis (reminder text) is still open at its end. Brackets of
        mana symbols (``{X}(三}(蓝)``, the conversion's braces) do not count."""
        text = SYMBOL_IN_BRACKETS.sub("", self.text)
        return sum(text.count(c) for c in "(（") > sum(text.count(c) for c in ")）")

    @property
    def finished(self) -> bool:
        """It ends a sentence, outside parentheses (reminder text goes on)."""
        return bool(self.text) and self.text[-1] in TERMINAL and not self.in_parentheses


@dataclass
class Face:
    name: str
    name_line: int
    cost: ManaCost | None = None
    cost_line: int | None = None
    type_line: TypeLine | None = None
    type_line_no: int | None = None
    pt: str | None = None
    loyalty: str | None = None
    text: list[Paragraph] = field(default_factory=list)
    other_lines: list[int] = field(default_factory=list)  # P/T, loyalty, the "//" of a split

    @property
    def head_lines(self) -> list[int]:
        named = {n for n in (self.name_line, self.cost_line, self.type_line_no) if n}
        return sorted(named | set(self.other_lines))

    @property
    def lines(self) -> list[int]:
        return sorted(set(self.head_lines) | {n for p in self.text for n in p.lines})


@dataclass
class CardEntry:
    faces: list[Face]
    section: str
    note: str = ""  # the title of the general note it illustrates, if any
    rulings: list[Paragraph] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return "//".join(f.name for f in self.faces)

    @property
    def line(self) -> int:
        return self.faces[0].name_line

    @property
    def lines(self) -> list[int]:
        return sorted({n for f in self.faces for n in f.lines})

    @property
    def text_open(self) -> bool:
        """Its rules text stops in the middle of a sentence."""
        last = self.faces[-1].text
        return bool(last) and not last[-1].finished


@dataclass
class NoteEntry:
    title: str
    line: int
    text: list[Paragraph] = field(default_factory=list)
    rulings: list[Paragraph] = field(default_factory=list)
    examples: list[CardEntry] = field(default_factory=list)

    @property
    def lines(self) -> list[int]:
        own = {self.line} | {n for p in self.text + self.rulings for n in p.lines}
        return sorted(own)


@dataclass
class ReleaseNotes:
    file: str
    notes: list[NoteEntry]
    cards: list[CardEntry]  # card-note entries, in document order
    examples: list[CardEntry]  # example cards of the general notes
    skipped: list[tuple[int, str]]
    warnings: list[str]
    layout: Layout


def parse(path: Path, name: str) -> ReleaseNotes:
    """Read the release notes at ``path`` (``name`` is its path under corpus/sources)."""
    lines = read_lines(path, name)
    layout = read_layout(lines)
    return _Grouper(name, layout, len(lines)).run()


class _Grouper:
    """Walks the items once, keeping track of where in the document it is."""

    def __init__(self, file: str, layout: Layout, line_count: int):
        self.file = file
        self.layout = layout
        self.line_count = line_count
        self.region = "preamble"
        self.part = ""
        self.section = ""
        self.notes: list[NoteEntry] = []
        self.cards: list[CardEntry] = []
        self.examples: list[CardEntry] = []
        self.skipped: list[tuple[int, str]] = list(layout.skipped)
        self.warnings: list[str] = []
        self.card: CardEntry | None = None
        self.phase = "text"  # of the current card: text | rulings
        self.last: Paragraph | None = None  # the paragraph the next continuation extends
        self.fragments: list[tuple[Item, CardEntry | None, CardEntry]] = []
        self.split_line: int | None = None  # a "//" waiting for the second half

    # -- driver --------------------------------------------------------------------

    def run(self) -> ReleaseNotes:
        items = self.layout.items
        for k, item in enumerate(items):
            following = items[k + 1] if k + 1 < len(items) else None
            handler = getattr(self, f"_on_{item.kind}")
            handler(item, following)
        self._place_fragments()
        self._check_complete()
        return ReleaseNotes(self.file, self.notes, self.cards, self.examples,
                            sorted(self.skipped), self.warnings, self.layout)

    def _error(self, message: str, line: int | None) -> SourceError:
        return SourceError(self.file, message, line)

    # -- headings ------------------------------------------------------------------

    def _on_heading(self, item: Item, following: Item | None) -> None:
        text = item.text
        self.card = None
        self.last = None
        if text.endswith(GENERAL_NOTES):
            self.region = "notes"
            return
        if text.endswith(CARD_NOTES):
            if self.region != "notes":
                raise self._error(f"card notes ({text!r}) before the general notes", item.line)
            self.region = "cards"
            return
        if self.region == "preamble":
            self.skipped.append((item.line, "document title (preamble)"))
        elif self.region == "notes":
            self.notes.append(NoteEntry(_squeeze(text), item.line))
        elif following is not None and following.kind == "heading":
            self.part, self.section = _section_name(text, item, self.warnings, self.file), ""
        else:
            self.section = _section_name(text, item, self.warnings, self.file)

    # -- card heads ----------------------------------------------------------------

    def _on_name(self, item: Item, following: Item | None) -> None:
        previous = self.card
        if previous is not None and self.split_line is not None:
            # The second half of a split card.
            previous.faces[-1].other_lines.append(self.split_line)
            previous.faces.append(Face(item.text, item.line))
            self.split_line = None
            self.phase = "text"
            self.last = None
            return
        if self.region == "preamble":
            raise self._error(f"card {item.text!r} before the general notes", item.line)
        card = CardEntry([Face(item.text, item.line)], self._where())
        if self.region == "notes":
            if not self.notes:
                raise self._error(f"card {item.text!r} outside any note", item.line)
            card.note = self.notes[-1].title
            self.notes[-1].examples.append(card)
            self.examples.append(card)
        else:
            if not self.section:
                raise self._error(f"card {item.text!r} before the first section", item.line)
            self.cards.append(card)
        self.card = card
        self.phase = "text"
        self.last = None

    def _where(self) -> str:
        if self.region == "notes":
            return GENERAL_NOTES
        return f"{self.part}/{self.section}" if self.part else self.section

    def _face(self, item: Item) -> Face:
        if self.card is None:
            raise self._error(f"{item.kind} line {item.text!r} without a card name", item.line)
        return self.card.faces[-1]

    def _on_cost(self, item: Item, following: Item | None) -> None:
        face = self._face(item)
        face.cost, face.cost_line = item.cost, item.line

    def _on_type(self, item: Item, following: Item | None) -> None:
        face = self._face(item)
        face.type_line, face.type_line_no = item.type_line, item.line

    def _on_pt(self, item: Item, following: Item | None) -> None:
        face = self._face(item)
        face.pt = item.text
        face.other_lines.append(item.line)

    def _on_loyalty(self, item: Item, following: Item | None) -> None:
        face = self._face(item)
        face.loyalty = item.text
        face.other_lines.append(item.line)

    def _on_split(self, item: Item, following: Item | None) -> None:
        if self.card is None or following is None or following.kind != "name":
            raise self._error("'//' not between the two halves of a split card", item.line)
        self.split_line = item.line

    def _on_fragment(self, item: Item, following: Item | None) -> None:
        previous = self.cards[-2] if self.region == "cards" and len(self.cards) > 1 else None
        self.fragments.append((item, previous, self.card))

    # -- bodies --------------------------------------------------------------------

    def _on_text(self, item: Item, following: Item | None) -> None:
        if self.region == "preamble":
            self.skipped.append((item.line, "preamble: title, editors, date and reading guide"))
            return
        if COPYRIGHT in item.text:
            self.skipped.append((item.line, "trademark and copyright notice"))
            return
        if item.continuation and self.last is not None:
            self.last.add(item.text, item.line)
            return
        if self.card is None:
            note = self._note(item)
            self.last = Paragraph(item.text, [item.line])
            note.text.append(self.last)
            return
        face = self.card.faces[-1]
        if self.phase == "text":
            if (_runs_on(face.text, item.text) or not face.text
                    or not _is_ruling_prose(item.text, self.card)):
                self._text_paragraph(face, Paragraph(item.text, [item.line]))
                return
            self.phase = "rulings"
        if self.last is not None and not self.last.finished:
            self.last.add(item.text, item.line)  # the ruling goes on after a line break
        else:
            self._ruling(Paragraph(item.text, [item.line], marker=""))

    def _on_ruling(self, item: Item, following: Item | None) -> None:
        if self.region == "preamble":
            self.skipped.append((item.line, "preamble"))
            return
        if self.card is None:
            note = self._note(item)
            self.last = Paragraph(item.text, [item.line], marker=item.marker)
            note.rulings.append(self.last)
            return
        face = self.card.faces[-1]
        if (self.phase == "text" and item.marker != "lost" and len(item.text) <= MODE_MAX
                and any(MODES.search(p.text) for p in face.text)):
            # A mode of a modal spell, printed with a bullet.
            mode = "• " + item.text.lstrip("•● ")
            face.text.append(Paragraph(mode, [item.line]))
            self.last = face.text[-1]
            self.card.repairs.append(f"mode:{item.line}")
            return
        self.phase = "rulings"
        self._ruling(Paragraph(item.text, [item.line], marker=item.marker))

    def _text_paragraph(self, face: Face, paragraph: Paragraph) -> None:
        """Add rules text; a line that ends mid-sentence runs on into the next, and
        a line that repeats the end of the one before replaces or loses the repeat."""
        if not face.text:
            face.text.append(paragraph)
            self.last = paragraph
            return
        previous = face.text[-1]
        runs_on = _runs_on(face.text, paragraph.text)
        kept, added, repeat = remove_overlap(previous.text, paragraph.text)
        if repeat:
            assert self.card is not None
            self.card.repairs.append(f"duplicate-removed:{paragraph.lines[0]}")
        if runs_on or repeat:
            previous.text = kept
            previous.add(added, paragraph.lines[0])
        else:
            face.text.append(paragraph)
        self.last = face.text[-1]

    def _ruling(self, paragraph: Paragraph) -> None:
        assert self.card is not None
        if self.card.note:
            self.notes[-1].rulings.append(paragraph)
        else:
            self.card.rulings.append(paragraph)
        self.last = paragraph

    def _note(self, item: Item) -> NoteEntry:
        if self.region != "notes" or not self.notes:
            raise self._error(f"text outside any note or card: {item.text[:30]!r}", item.line)
        return self.notes[-1]

    # -- after the walk ------------------------------------------------------------

    def _place_fragments(self) -> None:
        """Give each moved piece of rules text to the card whose text it ends."""
        for item, previous, card in self.fragments:
            for target in (previous, card):
                if target is not None and target.text_open:
                    target.faces[-1].text[-1].add(item.text, item.line)
                    target.repairs.append(f"text-moved:{item.line}")
                    break
            else:
                raise self._error(
                    f"text {item.text!r} between a card name and its cost ends no card's text",
                    item.line)

    def _check_complete(self) -> None:
        if self.region != "cards":
            missing = GENERAL_NOTES if self.region == "preamble" else CARD_NOTES
            raise self._error(f"no {missing!r} heading: file truncated?", self.line_count)
        if not self.cards:
            raise self._error("no cards after the card-notes heading: file truncated?",
                              self.line_count)
        for card in self.examples + self.cards:
            for face in card.faces:
                if face.type_line is None:
                    raise self._error(f"card {face.name!r} has no type line", face.name_line)


JOIN_MIN = 12  # shorter unfinished lines are keyword lines (飞行, 闪现), not broken text
# The start of a new ability: a trigger (当…, 每当…) or a keyword with its cost
# or number (延缓 1~{二}…, 循环~…, 返照{五}…).
ABILITY_START = re.compile(r"^(?:当|每当)|^[\u4e00-\u9fff]{1,6}\s*(?:\d+|X)?\s*[~～{]")
OWN_ABILITY = r"(?:的|之)(?:(?:第[一二三四]|最后一)个)?(?:触发式|起动式|静止式)?异能"


def _runs_on(text: list[Paragraph], following: str) -> bool:
    """The last paragraph of rules text was cut at the end of a printed line and
    ``following`` carries on with it."""
    if not text or text[-1].finished:
        return False
    if text[-1].in_parentheses:
        return True  # reminder text goes on, whatever its next line starts with
    if ABILITY_START.match(following):
        return False
    return printed_width(last_printed_line(text[-1].tail)) >= JOIN_MIN


def last_printed_line(text: str) -> str:
    """The part of a source line after its last line-break space (a space between
    two Chinese characters, where the converter joined printed lines)."""
    breaks = [m.end() for m in re.finditer(r"(?<=[\u4e00-\u9fff。，、：；」）])\s+"
                                           r"(?=[\u4e00-\u9fff「（])", text)]
    return text[breaks[-1]:] if breaks else text


def remove_overlap(first: str, second: str) -> tuple[str, str, bool]:
    """``first`` and ``second`` as consecutive text, where ``second`` may begin by
    printing the end of ``first`` again (the conversion repeated a line,
    sometimes garbled).

    The repeat is recognised when the text of ``first`` after one of its
    sentence ends and the start of ``second`` agree on at least
    :data:`OVERLAP_AGREEMENT` of their characters (spaces ignored). If the two
    copies differ only in the last characters of ``first``'s copy (``first``
    was cut off there), ``second``'s copy is kept; otherwise ``first``'s (the
    repeat is the garbled one). Returns what to keep of each and whether a
    repeat was found; ``kept + added`` is the text.
    """
    b_chars = [i for i, ch in enumerate(second) if not ch.isspace()]
    for m in re.finditer(r"[。)）」]\s*", first):
        start = m.end()
        tail = [ch for ch in first[start:] if not ch.isspace()]
        if len(tail) < OVERLAP_MIN or len(b_chars) < len(tail):
            continue
        head = [second[i] for i in b_chars[: len(tail)]]
        differ = [i for i, (x, y) in enumerate(zip(tail, head, strict=True)) if x != y]
        if len(differ) > (1 - OVERLAP_AGREEMENT) * len(tail):
            continue
        if all(i >= len(tail) - 2 for i in differ):
            return first[:start], second, True
        return first, second[b_chars[len(tail) - 1] + 1 :], True
    return first, second, False


OVERLAP_MIN = 10
OVERLAP_AGREEMENT = 0.7


def _is_ruling_prose(text: str, card: CardEntry) -> bool:
    if any(cue in text for cue in RULING_CUES):
        return True
    names = [f.name for f in card.faces] + ["其"]
    return any(re.search(re.escape(name) + OWN_ABILITY, text) for name in names)


def _squeeze(text: str) -> str:
    """``复出关键字: 返照`` → ``复出关键字:返照`` (the conversion's spacing varies)."""
    return re.sub(r"\s*([:：])\s*", r"\1", text).strip()


def _section_name(text: str, item: Item, warnings: list[str], file: str) -> str:
    name = text.rstrip(".。 ")
    if name != text:
        warnings.append(f"{file}:{item.line}: section heading {text!r} read as {name!r}")
    return name
