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

# 702.19b; Force of Will also numbers sections 1000–1415 and goes one level
# deeper with roman numerals (903.2e-iv), which stay subrules of 903.2e.
RULE_NUMBER = re.compile(r"^(\d{1,4})(?:\.(\d+)(?:([a-z]{1,2})(?:-([ivx]+))?)?)?$")
ROMAN = {"i": 1, "v": 5, "x": 10}


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


def _parts(number: str) -> tuple[str, str | None, str, str]:
    m = RULE_NUMBER.match(number)
    if not m:
        raise ValueError(f"not a rule number: {number!r}")
    head, rule, letters, roman = m.groups()
    return head, rule, letters or "", roman or ""


def _roman_value(numeral: str) -> int:
    values = [ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v
               for i, v in enumerate(values))


def level_of(number: str) -> str:
    head, rule, letters, _ = _parts(number)
    if rule is None:
        return "chapter" if len(head) <= 2 else "section"
    return "subrule" if letters else "rule"


def parent_number(number: str) -> str | None:
    head, rule, letters, roman = _parts(number)
    if roman:
        return f"{head}.{rule}{letters}"
    if letters:
        return f"{head}.{rule}"
    if rule is not None:
        return head
    if len(head) >= 3:
        return head[: len(head) - 2]  # section 702 → chapter 7; FoW 1102 → chapter 11
    return None


def sort_key(number: str) -> tuple:
    """Document order of rule numbers (``702.9`` < ``702.10``; ``z`` < ``aa``;
    ``903.2e`` < ``903.2e-iv`` < ``903.2e-v`` < ``903.2f``)."""
    try:
        head, rule, letters, roman = _parts(number)
    except ValueError:
        return (10**9, number)
    if rule is None and len(head) <= 2:  # a chapter: 7 → before section 700
        return (int(head) * 100, -2, 0, "")
    key = (int(head), -1 if rule is None else int(rule), len(letters), letters)
    return key + (_roman_value(roman),) if roman else key


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
