"""Format-independent pieces of a Comprehensive Rules document.

Each source parser (English, decoded Chinese, casual variants, Force of Will)
turns its text into :class:`ParsedRule` and :class:`ParsedTerm` items in
document order; :func:`rule_records` then builds the linked :class:`Rule`
records (parent, children) from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgebot.corpus import MTG, Rule, Span, rule_id
from judgebot.rulenumbers import level_of, parent_number, sort_key


class SourceError(Exception):
    """A source file is missing, damaged or not in the expected shape."""

    def __init__(self, file: str, message: str, line: int | None = None):
        self.file = file
        self.line = line
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


@dataclass
class ParsedRule:
    number: str
    text: str
    start: int
    end: int
    examples: list[str] = field(default_factory=list)
    title: str = ""
    flags: list[str] = field(default_factory=list)


@dataclass
class ParsedTerm:
    term: str
    definition: str
    start: int
    end: int


def rule_records(
    items: list[ParsedRule],
    *,
    edition: str,
    lang: str,
    file: str,
    game: str = MTG,
) -> list[Rule]:
    """Linked rule records for one language of one edition.

    Parents that the document implies but does not print are not invented; a
    rule whose parent is missing simply has none.
    """
    records: dict[str, Rule] = {}
    for item in items:
        rid = rule_id(item.number, edition, game)
        rec = Rule(
            id=rid,
            game=game,
            edition=edition,
            number=item.number,
            level=level_of(item.number),
            text={lang: item.text},
            source=[Span(file, item.start, item.end, lang)],
            flags=list(item.flags),
        )
        if item.examples:
            rec.examples = {lang: list(item.examples)}
        if item.title:
            rec.title = {lang: item.title}
        records[rid] = rec
    for rec in records.values():
        parent = parent_number(rec.number)
        if parent is not None:
            pid = rule_id(parent, edition, game)
            if pid in records:
                rec.parent = pid
                records[pid].children.append(rec.id)
    for rec in records.values():
        rec.children.sort(key=lambda cid: sort_key(cid.rsplit(":", 1)[1]))
    return list(records.values())


def title_of(number: str, text: str) -> str:
    """A rule whose whole text is a name (``702.19. Trample``) is titled by it."""
    if level_of(number) in ("chapter", "section"):
        return text
    if len(text) <= 60 and not re.search(r"[.。:：;；]$", text) and "\n" not in text:
        return text
    return ""
