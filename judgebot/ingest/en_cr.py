"""The English Comprehensive Rules as published in .txt/.docx form.

One paragraph per line: chapter headings (``7. Additional Rules``), section
headings (``702. Keyword Abilities``), rules (``702.19.``), subrules
(``702.19b``), ``Example:`` paragraphs, indented continuation paragraphs,
then the glossary (term line, definition lines, blank line) and credits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from judgebot.ingest.rulebook import ParsedRule, ParsedTerm, SourceError, title_of

CHAPTER = re.compile(r"^(\d)\. (\S.*)$")
SECTION = re.compile(r"^(\d{3})\. (\S.*)$")
RULE = re.compile(r"^(\d{3}\.\d+)(\.?) (\S.*)$")
SUBRULE = re.compile(r"^(\d{3}\.\d+[a-z]{1,2})(\.?) (\S.*)$")
EXAMPLE = "Example:"


@dataclass
class EnglishCR:
    file: str
    effective: str  # the date line, e.g. "October 4, 2019"
    rules: list[ParsedRule]
    glossary: list[ParsedTerm]
    warnings: list[str]
    edition: str = ""  # the effective date as 2019-10-04


def read_lines(path, name: str) -> list[str]:
    """Lines of a UTF-8 text (BOM and CRLF tolerated), without line ends."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(name, "source file is missing") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError(name, f"not valid UTF-8 ({exc.reason})", line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _find(lines: list[str], wanted: str, start: int, name: str) -> int:
    for i in range(start, len(lines)):
        if lines[i].strip() == wanted:
            return i
    raise SourceError(name, f"expected a line {wanted!r} after line {start + 1}; file truncated?")


def parse(path, name: str) -> EnglishCR:
    lines = read_lines(path, name)
    m = next((re.search(r"effective as of (.+?)\.", ln) for ln in lines[:10] if "effective" in ln),
             None)
    if not m:
        raise SourceError(name, "no 'These rules are effective as of …' line at the top", 1)
    contents = _find(lines, "1. Game Concepts", 0, name)
    body = _find(lines, "1. Game Concepts", contents + 1, name)
    glossary = _find(lines, "Glossary", body, name)
    credits = _find(lines, "Credits", glossary + 1, name)
    warnings: list[str] = []
    rules = _parse_rules(lines, body, glossary, name, warnings)
    terms = _parse_glossary(lines, glossary + 1, credits, name)
    edition = edition_of(m.group(1), name)
    named = re.search(r"(\d{4})(\d{2})(\d{2})", Path(name).name)
    if named and "-".join(named.groups()) != edition:
        warnings.append(f"{name}: the file name's date differs from the effective date "
                        f"{edition} its text gives; the text's date names the edition")
    return EnglishCR(name, m.group(1), rules, terms, warnings, edition)


def edition_of(effective: str, name: str) -> str:
    """``September 25, 2026`` → ``2026-09-25``."""
    try:
        return datetime.strptime(effective.strip(), "%B %d, %Y").date().isoformat()
    except ValueError:
        raise SourceError(name, f"effective date {effective!r} is not a date "
                                "like 'September 25, 2026'", 3) from None


def _parse_rules(lines, start, stop, name, warnings) -> list[ParsedRule]:
    rules: list[ParsedRule] = []
    current: ParsedRule | None = None
    for i in range(start, stop):
        line = lines[i].strip()
        lineno = i + 1
        if not line:
            continue
        m = CHAPTER.match(line) or SECTION.match(line)
        if m:
            current = ParsedRule(m.group(1), m.group(2), lineno, lineno, title=m.group(2))
            rules.append(current)
            continue
        m = SUBRULE.match(line) or RULE.match(line)
        if m:
            number, dot, text = m.groups()
            subrule = number[-1].isalpha()
            current = ParsedRule(number, text, lineno, lineno)
            if subrule == bool(dot):
                # "606.5 If…" lacks the period rules have; "119.1d. In…" has one
                # subrules lack. Both are printing slips, kept as printed.
                current.flags.append("number-punctuation")
                warnings.append(f"{name}:{lineno}: rule {number} printed as {number}{dot}")
            current.title = title_of(number, text)
            rules.append(current)
            continue
        if current is None:
            raise SourceError(name, f"text before the first rule: {line[:60]!r}", lineno)
        if line.startswith(EXAMPLE):
            current.examples.append(line[len(EXAMPLE):].strip())
        elif current.examples:
            current.examples[-1] += "\n" + line
        else:
            current.text += "\n" + line
            current.title = ""
        current.end = lineno
    if not rules:
        raise SourceError(name, "no rules found", start + 1)
    return rules


def _parse_glossary(lines, start, stop, name) -> list[ParsedTerm]:
    terms: list[ParsedTerm] = []
    block: list[tuple[int, str]] = []

    def flush() -> None:
        if not block:
            return
        (first, term), rest = block[0], block[1:]
        if not rest:
            raise SourceError(name, f"glossary term {term!r} has no definition", first)
        definition = "\n".join(text for _, text in rest)
        terms.append(ParsedTerm(term, definition, first, rest[-1][0]))
        block.clear()

    for i in range(start, stop):
        line = lines[i].strip()
        if line:
            block.append((i + 1, line))
        else:
            flush()
    flush()
    return terms
