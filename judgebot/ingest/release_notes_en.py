"""The English Time Spiral Remastered release notes (the original of seed 003).

A web-archive capture converted to Markdown: a metadata header and page
furniture, then ``GENERAL NOTES`` (setext headings: ``Release Information``,
``Returning Mechanics``, ``Returning Keyword: Suspend`` …) and the
``CARD-SPECIFIC NOTES``. A card block opens with its Gatherer image link; its
paragraphs (blank-line separated, two trailing spaces) are the name, the mana
cost (none for lands), the type line, P/T when it has one, then the rules
text; a ``//`` paragraph starts the second half of a split card. Rulings are
``* `` bullets after the block; ``---`` closes it. Markdown emphasis
(``*(reminder text)*``, ``Looter *il*-Kor``) and escapes (``\\*/\\*``) are
removed, so the text reads as printed.

This module only reads the document; :mod:`judgebot.ingest.release_notes`
puts its English beside the Chinese of seed 003.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import SourceError

FILE = "release-notes-en/tsr-release-notes-en-2021-03-23.md"
GENERAL = "GENERAL NOTES"
CARD_NOTES = "CARD-SPECIFIC NOTES"
IMAGE = re.compile(r"^\[!\[\]\([^)]*\)\]\([^)]*\)\s*$")
COST = re.compile(r"^(?:\{[^{}\s]{1,6}\})+$")
PT = re.compile(r"^[\dX*+\-]{1,3}/[\dX*+\-]{1,3}$")
UNDERLINE = re.compile(r"^(=+|-+)\s*$")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
SPLIT = "//"
COPYRIGHT = "©"


@dataclass
class Face:
    name: str
    line: int
    cost: str = ""
    type_line: str = ""
    pt: str = ""
    text: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


@dataclass
class Ruling:
    text: str
    line: int


@dataclass
class Card:
    faces: list[Face]
    line: int
    note: str = ""  # the general note it illustrates, if any
    rulings: list[Ruling] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f" {SPLIT} ".join(f.name for f in self.faces)

    @property
    def lines(self) -> list[int]:
        return sorted({n for f in self.faces for n in f.lines} | {r.line for r in self.rulings})


@dataclass
class Note:
    title: str
    line: int
    text: list[Ruling] = field(default_factory=list)  # paragraphs, with their lines
    rulings: list[Ruling] = field(default_factory=list)
    examples: list[Card] = field(default_factory=list)

    @property
    def lines(self) -> list[int]:
        return sorted({self.line} | {p.line for p in self.text + self.rulings})


@dataclass
class EnglishNotes:
    file: str
    notes: list[Note]
    cards: list[Card]  # the card-specific notes, in document order
    examples: list[Card]  # the example cards of the general notes

    def card(self, name: str) -> Card | None:
        """A card by its English name, card-specific entry first."""
        return next((c for c in self.cards + self.examples if c.name == name), None)


def plain(text: str) -> str:
    """Markdown as the printed words: links as their text, no emphasis marks,
    escapes resolved, no trailing line-break spaces."""
    text = LINK.sub(r"\1", text.strip())
    text = text.replace("\\*", "\0")
    text = re.sub(r"\*{1,2}", "", text)
    return text.replace("\0", "*").replace("\\", "").strip()


def parse(path: Path, name: str = FILE) -> EnglishNotes:
    return _Reader(name, read_lines(path, name)).run()


class _Reader:
    def __init__(self, file: str, lines: list[str]):
        self.file = file
        self.lines = lines
        self.region = "preamble"
        self.notes: list[Note] = []
        self.cards: list[Card] = []
        self.examples: list[Card] = []
        self.card: Card | None = None
        self.face: Face | None = None
        self.part = ""  # of the current card block: name | cost | type | text

    def error(self, message: str, line: int | None) -> SourceError:
        return SourceError(self.file, message, line)

    def run(self) -> EnglishNotes:
        lines = self.lines
        i = 0
        while i < len(lines):
            line = lines[i].rstrip()
            number = i + 1
            following = lines[i + 1].rstrip() if i + 1 < len(lines) else ""
            if line.strip() and UNDERLINE.match(following) and not line.startswith("* "):
                self.heading(plain(line), number)
                i += 2
                continue
            i += 1
            if self.region in ("preamble", "end") or not line.strip():
                continue
            if COPYRIGHT in line:
                self.region = "end"
                continue
            if line.strip() == "---":
                self.card = self.face = None
                continue
            if IMAGE.match(line):
                self.open_card(number)
            elif line.startswith("* "):
                self.ruling(Ruling(plain(line[2:]), number))
            elif self.card is not None:
                self.card_paragraph(line, number)
            elif self.region == "notes" and self.notes:
                self.notes[-1].text.append(Ruling(plain(line), number))
            else:
                raise self.error(f"text outside any note or card: {line[:40]!r}", number)
        self.check()
        return EnglishNotes(self.file, self.notes, self.cards, self.examples)

    def heading(self, text: str, line: int) -> None:
        self.card = self.face = None
        if text == GENERAL:
            self.region = "notes"
        elif text.endswith(CARD_NOTES):
            if self.region != "notes":
                raise self.error("card-specific notes before the general notes", line)
            self.region = "cards"
        elif self.region == "notes":
            self.notes.append(Note(text, line))
        elif self.region == "cards":
            raise self.error(f"unexpected heading {text!r} among the cards", line)

    def open_card(self, line: int) -> None:
        if self.region == "preamble":
            raise self.error("a card before the general notes", line)
        card = Card([], line)
        if self.region == "notes":
            if not self.notes:
                raise self.error("a card outside any note", line)
            card.note = self.notes[-1].title
            self.notes[-1].examples.append(card)
            self.examples.append(card)
        else:
            self.cards.append(card)
        self.card, self.face, self.part = card, None, "name"

    def card_paragraph(self, raw: str, line: int) -> None:
        assert self.card is not None
        text = plain(raw)
        if text == SPLIT:
            self.face, self.part = None, "name"
            return
        if self.card.rulings:
            raise self.error(f"card text after the rulings of {self.card.name}", line)
        if self.part == "name":
            self.face = Face(text, line, lines=[line])
            self.card.faces.append(self.face)
            self.part = "cost"
            return
        face = self.face
        assert face is not None
        face.lines.append(line)
        if self.part == "cost" and COST.match(text):
            face.cost, self.part = text, "type"
        elif self.part in ("cost", "type"):
            face.type_line, self.part = text, "pt"
        elif self.part == "pt" and PT.match(text):
            face.pt, self.part = text, "text"
        else:
            face.text.append(text)
            self.part = "text"

    def ruling(self, ruling: Ruling) -> None:
        if self.card is not None and not self.card.note:
            self.card.rulings.append(ruling)
        elif self.region == "notes" and self.notes:
            self.notes[-1].rulings.append(ruling)
        else:
            raise self.error(f"a ruling outside any card or note: {ruling.text[:40]!r}",
                             ruling.line)

    def check(self) -> None:
        if self.region != "end":
            missing = {"preamble": GENERAL, "notes": CARD_NOTES}.get(self.region)
            what = f"no {missing!r} heading" if missing else "no closing copyright line"
            raise self.error(f"{what}: file truncated?", len(self.lines))
        for card in self.examples + self.cards:
            if not card.faces:
                raise self.error("a card image without a card", card.line)
            for face in card.faces:
                if not face.type_line:
                    raise self.error(f"card {face.name!r} has no type line", face.line)
