"""The Force of Will Comprehensive Rules in English: ver. 6.3 (effective
2017-03-03), the English edition nearest the Chinese 6.0, and ver. 12.7
(2025-09-18), the current rules.

Both open with a title line (``… version 6.3``, ``… ver. 12.7``) and an
``Effective: <Month> <day>, <year>`` line (12.7's stands inside its table of
contents), list their sections, then give the rules: chapter headings
``100.`` … ``1400.`` (chapter ``1`` … ``14``), sections ``101. General``,
rules ``101.1.``, subrules ``105.3a.`` and one level deeper ``1415.1a-i.``
(6.3) or ``705.3a-1`` (12.7). Examples start ``Ex.``, on their own line or
inside a rule's line.

6.3 has one rule a line. 12.7 was extracted from a PDF: a rule goes on over
the following lines until the next number, headings are split from their
titles (``707.`` and, lines later, ``Play an Activate Ability``), each page
ends with its page number and the next starts with a form feed, and the
table of contents came out as bare numbers and dotted leaders. So a line
that starts with a number is a rule only where the rules' order allows one
there (``2000.`` wrapped from "… not" is text), and a page number is the bare
number before a form feed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import EN, FOW, Rule
from judgebot.ingest.rulebook import ParsedRule, SourceError, rule_records
from judgebot.rulenumbers import level_of, parent_number, sort_key

FILE_63 = "fow-en/FoW_CR_en_6.3_20170303.txt"
FILE_127 = "fow-en/FoW_CR_en_12.7_20250918.txt"

VERSION = re.compile(r"Force of Will Comprehensive Rules\s+(?:version|ver\.?)\s*(\d+(?:\.\d+)+)",
                     re.IGNORECASE)
EFFECTIVE = re.compile(r"^Effective:?\s*(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})"
                       r"(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})\s*$", re.IGNORECASE)
MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
HEADING = re.compile(r"^(?P<num>\d{3,4})\.(?:\s+(?P<title>\S.*?))?\s*$")
SUB = r"(?:[ivx]{1,5}|\d{1,2})"
RULE = re.compile(rf"^(?P<num>\d{{3,4}}\.\d+(?:[a-z]{{1,2}}(?:-{SUB})?)?)(?P<dot>\.?)"
                  r"(?:\s+|$|(?=[A-Z“\"'\[(]))(?P<text>.*)$")
LEADERS = re.compile(r"\.{4,}")
PAGE = re.compile(r"^\d{1,3}$")
EXAMPLE = re.compile(r"^Ex(?:ample)?s?\.\s*")
INLINE_EXAMPLE = re.compile(r"\s+Ex\.\s+")
END = re.compile(r"^(?:CR\s+)?Updates:?$|^Converted to \.txt form", re.IGNORECASE)
# A reference to another rule: "(1111)", "(1412.1d)", "(905.5)", "【800. Battle】".
REF = re.compile(rf"[(【]\s*(\d{{3,4}}(?:\.\d+(?:[a-z]{{1,2}}(?:-{SUB})?)?)?)\.?"
                 r"(?:\)|\s[^】\n]{0,40}】|】)")


@dataclass
class FowEnglish:
    file: str
    version: str
    effective: str  # ISO date
    rules: list[ParsedRule]
    listed: list[str]  # the numbers the table of contents lists
    warnings: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)


def chapter_of(number: str) -> str:
    """The printed ``1100`` heading is chapter ``11``."""
    if "." not in number and len(number) >= 3 and number.endswith("00"):
        return number[:-2]
    return number


def read(path: Path, name: str) -> list[str]:
    """The lines of the file as its line numbers count them: 6.3 ends its lines
    in ``\\r\\r\\n``, which is one line, not two."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(name, "source file is missing") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(name, f"not valid UTF-8 ({exc.reason})",
                          raw[: exc.start].count(b"\n") + 1) from None
    return [line.rstrip("\r") for line in text.split("\n")]


def parse(path: Path, name: str) -> FowEnglish:
    return _Parser(read(path, name), name).run()


class _Parser:
    def __init__(self, lines: list[str], name: str):
        self.raw = lines
        self.name = name
        self.rules: list[ParsedRule] = []
        self.numbers: set[str] = set()
        self.current: ParsedRule | None = None
        self.in_example = False
        self.chapter = 0
        self.section = ""
        self.warnings: list[str] = []
        self.skipped: list[str] = []
        self.figures = {"lines joined": 0, "page numbers removed": 0, "numbers read as text": 0,
                        "examples": 0}

    def fail(self, message: str, lineno: int | None = None) -> SourceError:
        return SourceError(self.name, message, lineno)

    def warn(self, lineno: int, message: str) -> None:
        self.warnings.append(f"{self.name}:{lineno}: {message}")

    def run(self) -> FowEnglish:
        version = effective = None
        for line in self.raw[:300]:
            version = version or VERSION.search(line)
            m = EFFECTIVE.match(line.replace("\x0c", "").strip())
            effective = effective or m
        if version is None:
            raise self.fail("no 'Force of Will Comprehensive Rules ver. N' title", 1)
        if effective is None:
            raise self.fail("no 'Effective: <Month> <day>, <year>' line", 1)
        lines = self.pages()
        start, listed = self.contents(lines)
        end = self.body(lines, start)
        if end < len(lines):
            tail = [n for n, t in lines[end:] if t is not None]
            self.skipped.append(f"{self.name}:{tail[0]}-{tail[-1]}: after the rules "
                                f"({len(tail)} lines: {lines[end][1][:30]!r} …): not rules "
                                "text")
        present = {r.number for r in self.rules}
        missing = [n for n in listed if chapter_of(n) not in present]
        if listed and chapter_of(listed[-1]) not in present:
            raise self.fail(f"{listed[-1]}, the last part the contents list, is missing from "
                            "the rules; truncated?", len(self.raw))
        for number in missing:
            self.warn(1, f"the contents list {number}, which the rules do not have")
        return FowEnglish(self.name, version.group(1), _date(effective, self.fail), self.rules,
                          listed, self.warnings, self.skipped, self.figures)

    # --- layout ----------------------------------------------------------------------------

    def pages(self) -> list[tuple[int, str | None]]:
        """(line number, text) with page numbers and the blank lines around them
        removed (a rule runs on across a page break); other blank lines as None."""
        out: list[tuple[int, str | None]] = []
        n = len(self.raw)
        page = 0
        for i, raw in enumerate(self.raw):
            text = raw.replace("\x0c", "").strip()
            if PAGE.match(text):
                following = next((j for j in range(i + 1, n) if self.raw[j].strip()), None)
                apart = (i == 0 or not self.raw[i - 1].strip()) and (
                    i + 1 == n or not self.raw[i + 1].strip())
                if following is None or self.raw[following].startswith("\x0c") or (
                        apart and int(text) == page + 1):
                    page = int(text)
                    self.figures["page numbers removed"] += 1
                    while out and out[-1][1] is None:
                        out.pop()
                    out.append((i + 1, "\x0c"))  # the page break, dropped below
                    continue
            if not text:
                if out and out[-1][1] == "\x0c":
                    continue
                out.append((i + 1, None))
            else:
                out.append((i + 1, text))
        return [(n_, t) for n_, t in out if t != "\x0c"]

    def contents(self, lines) -> tuple[int, list[str]]:
        """Where the rules begin (the chapter heading before the first rule line),
        and the numbers the contents before it list."""
        first_rule = next((i for i, (_, t) in enumerate(lines) if t and RULE.match(t)), None)
        if first_rule is None:
            raise self.fail("no numbered rules (101.1. …)")
        start = next((i for i in range(first_rule - 1, -1, -1)
                      if lines[i][1] and (m := HEADING.match(lines[i][1]))
                      and m.group("num").endswith("00")), None)
        if start is None:
            raise self.fail("no chapter heading (100.) before the first rule",
                            lines[first_rule][0])
        listed: list[str] = []
        for _, text in lines[:start]:
            m = HEADING.match(LEADERS.split(text)[0].strip()) if text else None
            if m and m.group("num") not in listed:
                listed.append(m.group("num"))
        if listed:
            self.skipped.append(f"{self.name}:{lines[0][0]}-{lines[start - 1][0]}: title and "
                                f"table of contents ({len(listed)} numbers): not rules text; "
                                "used to check the rules are complete")
        return start, listed

    # --- the rules ------------------------------------------------------------------------

    def body(self, lines, start: int) -> int:
        i = start
        while i < len(lines):
            lineno, text = lines[i]
            if text is None:
                self.in_example = False
                i += 1
                continue
            if END.match(text):
                return i
            m = HEADING.match(text)
            if m and self.heading_fits(m.group("num")):
                title = m.group("title")
                if not title:  # "707." … "Play an Activate Ability" on a later line
                    j = next((k for k in range(i + 1, len(lines)) if lines[k][1]), None)
                    if j is None or HEADING.match(lines[j][1]) or RULE.match(lines[j][1]):
                        raise self.fail(f"heading {m.group('num')}. has no title", lineno)
                    title, i = lines[j][1], j
                self.heading(m.group("num"), title.strip(), lineno)
                i += 1
                continue
            m = RULE.match(text)
            if m and self.rule_fits(m, lineno):
                self.rule(m.group("num"), m.group("text").strip(), lineno)
                i += 1
                continue
            if m or HEADING.match(text):
                self.figures["numbers read as text"] += 1
            self.text(text, lineno)
            i += 1
        return len(lines)

    def heading_fits(self, number: str) -> bool:
        if number.endswith("00"):
            return int(number[:-2]) == self.chapter + 1
        chapter = int(number[:-2])
        return chapter == self.chapter and (not self.section or int(number) > int(self.section))

    def heading(self, number: str, title: str, lineno: int) -> None:
        key = chapter_of(number)
        if level_of(key) == "chapter":
            self.chapter, self.section = int(key), ""
        else:
            self.section = number
        self.add(ParsedRule(key, title, lineno, lineno, title=title))

    def rule_fits(self, m: re.Match, lineno: int) -> bool:
        number = m.group("num")
        if number.split(".")[0] != self.section or parent_number(number) not in self.numbers:
            return False
        last = self.rules[-1].number if self.rules else ""
        if last and sort_key(number) <= sort_key(last):
            return False
        if number in self.predicted():
            return True
        text = m.group("text")
        shaped = bool(m.group("dot") or "-" in number) and (not text or text[0].isupper()
                                                            or text[0] in "“\"'[(")
        if shaped:
            self.warn(lineno, f"numbering gap: {number} follows {last}")
        return shaped

    def predicted(self) -> set[str]:
        """The numbers that may come next: a first child of the last rule, or
        the next sibling of it or of any rule above it."""
        out: set[str] = set()
        number = self.rules[-1].number if self.rules else ""
        if not number:
            return out
        out.update(_first_children(number))
        while number and level_of(number) not in ("chapter", "section"):
            out.add(_next_sibling(number))
            number = parent_number(number)
        return out

    def rule(self, number: str, text: str, lineno: int) -> None:
        parts = INLINE_EXAMPLE.split(text)
        item = ParsedRule(number, parts[0].strip(), lineno, lineno)
        item.examples = [p.strip() for p in parts[1:] if p.strip()]
        self.figures["examples"] += len(item.examples)
        self.add(item)

    def add(self, item: ParsedRule) -> None:
        self.rules.append(item)
        self.numbers.add(item.number)
        self.current = item
        self.in_example = False

    def text(self, text: str, lineno: int) -> None:
        """A line that continues the rule (or the example) before it."""
        item = self.current
        if item is None:
            raise self.fail(f"text before the first rule: {text[:40]!r}", lineno)
        item.end = lineno
        if EXAMPLE.match(text):
            item.examples.append(EXAMPLE.sub("", text, count=1))
            self.figures["examples"] += 1
            self.in_example = True
            return
        if self.in_example:
            item.examples[-1] = _join(item.examples[-1], text)
        elif level_of(item.number) in ("chapter", "section"):
            item.text = f"{item.text}\n{text}"  # labels below a heading (201's card images)
        else:
            item.text = _join(item.text, text)
        self.figures["lines joined"] += 1


def _join(previous: str, text: str) -> str:
    if not previous:
        return text
    if text.startswith("- "):
        return f"{previous}\n{text}"
    if previous.endswith("-") and previous[-2:-1].isalpha():
        return previous + text
    return f"{previous} {text}"


def _first_children(number: str) -> set[str]:
    level = level_of(number)
    if level == "section":
        return {f"{number}.1"}
    if level == "rule":
        return {f"{number}a"}
    if level == "subrule" and "-" not in number:
        return {f"{number}-i", f"{number}-1"}
    return set()


def _next_sibling(number: str) -> str:
    head, _, tail = number.partition(".")
    m = re.fullmatch(r"(\d+)([a-z]{0,2})(?:-([ivx]+|\d+))?", tail)
    rule, letters, deeper = m.groups()
    if deeper:
        nxt = str(int(deeper) + 1) if deeper.isdigit() else _ROMANS[
            min(_ROMANS.index(deeper) + 1, len(_ROMANS) - 1)] if deeper in _ROMANS else deeper
        return f"{head}.{rule}{letters}-{nxt}"
    if letters:
        return f"{head}.{rule}{chr(ord(letters[-1]) + 1) if len(letters) == 1 else letters}"
    return f"{head}.{int(rule) + 1}"


_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def _date(m: re.Match, fail) -> str:
    month = m.group("month").lower()[:3]
    if month not in MONTHS:
        raise fail(f"unknown month {m.group('month')!r} in the effective date")
    return f"{int(m.group('year')):04d}-{MONTHS.index(month) + 1:02d}-{int(m.group('day')):02d}"


# --- records ---------------------------------------------------------------------------------

def find_refs(text: str) -> list[str]:
    """Rule numbers an English FoW text cites in brackets, chapters as ``11``."""
    return list(dict.fromkeys(chapter_of(m.group(1)) for m in REF.finditer(text)))


def rule_set(parsed: FowEnglish) -> list[Rule]:
    rules = rule_records(parsed.rules, edition=parsed.version, lang=EN, file=parsed.file,
                         game=FOW)
    for rule in rules:
        texts = [rule.text[EN], *rule.examples.get(EN, [])]
        numbers = [n for t in texts for n in find_refs(t) if n != rule.number]
        rule.refs = [corpus.rule_id(n, parsed.version, FOW) for n in dict.fromkeys(numbers)]
    return rules
