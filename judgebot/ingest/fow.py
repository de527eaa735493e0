"""The Force of Will Comprehensive Rules ver. 6.0 (詳細規則書), zh-Hant: seed 001.

The text was converted from a formatted document, and the conversion left its
marks: markdown bullets (``- 105.3a.``, ``▪903.3.``), bold markers, two HTML
tables, a table of contents with page numbers, lines broken mid-sentence
(often with a blank line inside the sentence), and card icons that were lost
(``：1 點光``) or came out as LaTeX (``\\spadesuit``).

Numbering: the headings ``100.`` … ``1400.`` name the chapters, so ``1100.
關鍵字異能`` is chapter ``11`` and sections ``1101``–``1124`` belong to it;
rules are ``1102.1``, subrules ``1102.2a`` and, one level deeper,
``903.2e-iv``. The table of contents lists every section: body headings are
recognised by it, and a section it lists but the body lacks means the file is
truncated.

The text is kept in Traditional Chinese as written (``zh-Hant``) with a
Simplified form for search (``zh-Hans``, by OpenCC). The basic terms of 105
and the keyword abilities of chapter 11 become glossary entries.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import FOW, ZH_HANS, ZH_HANT, GlossaryEntry, Rule, Span
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import ParsedRule, SourceError, rule_records
from judgebot.rulenumbers import level_of, parent_number, sort_key
from judgebot.text.script import to_hans

FILE = "seeds/001_7a50fd2cf3bcb8c6.txt"

VERSION = re.compile(r"Force of Will.*?ver\.?\s*(\d+(?:\.\d+)*)", re.IGNORECASE)
EFFECTIVE = re.compile(r"生效日期[：:]\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
CONTENTS = "目錄"
UPDATE_LOG = "更新記錄"
# "701. 概述.....\t26", "912 來源.....\t41": title, dot leaders, tab, page number.
CONTENTS_LINE = re.compile(r"^(\d{3,4})\.?\s*(.+?)\.*\s*\t\s*\d+\s*$")
DOTTED = r"\.\d+(?:[a-z]{1,2}(?:-[ivx]+)?)?"  # .2, .2e, .2e-iv
NUMBER = r"\d{3,4}" + DOTTED
BULLET = r"[-▪•]\s*"
RULE_LINE = re.compile(
    rf"^(?P<bullet>{BULLET})?(?P<num>{NUMBER})\.?(?:\s+|$|(?=[^\w.]))(?P<text>.*)$")
BARE_LINE = re.compile(rf"^(?P<bullet>{BULLET})?(?P<num>\d{{3,4}})\.?\s+(?P<text>\S.*)$")
BULLET_ONLY = re.compile(rf"^{BULLET}(?P<text>\S.*)$")
EXAMPLE = re.compile(r"^例(?:如)?\s*[：:]\s*|^例如")
TERM = re.compile(r"^\*\*(?P<term>[^*]{1,20})\*\*\s*[：:]\s*")
TABLE_MARKUP = re.compile(r"</?(?:p|ol|ul|li|table|tr|td|th)\b[^>]*>", re.IGNORECASE)
TAG = re.compile(r"<[^>]+>")
LATEX = {"\\spadesuit": "♠"}
# Where a card icon stood the text keeps only its label or a gap: "：1 點光",
# ":光 :火", "支付 ，", "產生 ”", two spaces, or a LaTeX name for the glyph.
SYMBOL_GAP = re.compile(
    r"(?:^|[\s、])[:：]\s*(?:[光火水風暗]|\d+\s*點|無屬性)"
    r"|[\u4e00-\u9fff] [，”]"
    r"|\S {2,}\S"
    r"|\\[a-z]+"
)
SENTENCE_END = tuple("。！？!?：:；;）)」』”】")
# References: "(1111)", "（906）", "(1415.1d.)", "【800 戰鬥】", "【1302. 雙面牌】",
# and cue words followed by a number ("參見 1102", "詳見規則 903.2").
REF_NUMBER = rf"\d{{3,4}}(?:{DOTTED})?"
REFS = (
    re.compile(rf"[(（]\s*({REF_NUMBER})\.?\s*[)）]"),
    re.compile(rf"【\s*({REF_NUMBER})\.?(?:\s[^】]*)?】"),
    re.compile(rf"(?:參見|詳見|參照|參閱|查閱|請見|见|規則)\s*(?:規則|第)?\s*({REF_NUMBER})"),
)
KEYWORD = re.compile(r"^【([^】]+)】$")
KEYWORD_IN_TEXT = re.compile(r"【([^】]+)】")
KEYWORD_CHAPTER = "11"


@dataclass
class FowCR:
    file: str
    version: str
    effective: str  # ISO date
    rules: list[ParsedRule]
    terms: dict[str, str]  # rule number → basic term it defines (105.1 → 玩家)
    warnings: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)


def chapter_of(number: str) -> str:
    """The printed ``1100`` heading (and a reference to it) is chapter ``11``."""
    if "." not in number and len(number) >= 3 and number.endswith("00"):
        return number[:-2]
    return number


def clean(line: str) -> str:
    """Undo the markup damage of one line of text (not a table row)."""
    line = line.replace("**", "")
    for name, glyph in LATEX.items():
        line = line.replace(name, glyph)
    return re.sub(r"[ \t]{2,}", " ", line).strip()


def table_row(line: str) -> str:
    """An HTML table row (cells separated by tabs) as one readable line."""
    cells = []
    for cell in line.split("\t"):
        cell = re.sub(r"</li>\s*<li[^>]*>", " ", cell, flags=re.IGNORECASE)
        text = clean(html.unescape(TAG.sub(" ", cell)))
        if text:
            cells.append(text)
    return " | ".join(cells)


def _is_table(line: str) -> bool:
    return "\t" in line or bool(TABLE_MARKUP.search(line))


class _Parser:
    def __init__(self, lines: list[str], name: str):
        self.lines = lines
        self.name = name
        self.rules: list[ParsedRule] = []
        self.numbers: set[str] = set()
        self.terms: dict[str, str] = {}
        self.warnings: list[str] = []
        self.skipped: list[str] = []
        self.figures = {"lines joined mid-sentence": 0, "table rows": 0, "misnumbered": 0,
                        "symbols lost": 0}
        self.section: str | None = None
        self.current: ParsedRule | None = None
        self.in_example = False

    def fail(self, message: str, lineno: int | None) -> SourceError:
        return SourceError(self.name, message, lineno)

    def warn(self, lineno: int, message: str) -> None:
        self.warnings.append(f"{self.name}:{lineno}: {message}")

    # --- document parts ------------------------------------------------------------

    def header(self) -> tuple[str, str]:
        version = effective = None
        for line in self.lines[:10]:
            version = version or VERSION.search(line)
            effective = effective or EFFECTIVE.search(line)
        if not version:
            raise self.fail("no 'Force of Will … ver.N' title in the first lines", 1)
        if not effective:
            raise self.fail("no 生效日期 (effective date) line in the first lines", 1)
        y, m, d = effective.groups()
        return version.group(1), f"{int(y):04d}-{int(m):02d}-{int(d):02d}"

    def contents(self) -> tuple[dict[str, tuple[str, int]], int]:
        """Sections listed in the contents ({number: (title, line)}) and the
        index of the first body line."""
        start = next((i for i, ln in enumerate(self.lines) if ln.strip() == CONTENTS), None)
        if start is None:
            raise self.fail(f"no {CONTENTS} (table of contents) line", 1)
        listed: dict[str, tuple[str, int]] = {}
        last = start
        for i in range(start + 1, len(self.lines)):
            line = self.lines[i].strip()
            if not line:
                continue
            m = CONTENTS_LINE.match(line)
            if not m:
                if not listed:
                    raise self.fail("the table of contents lists no sections", i + 1)
                self.skipped.append(
                    f"{self.name}:{start + 1}-{last + 1}: table of contents ({len(listed)} "
                    "sections with page numbers): not rules text; used to recognise and "
                    "check the section headings of the body")
                return listed, i
            listed[m.group(1)] = (clean(m.group(2)), i + 1)
            last = i
        raise self.fail("the file ends inside the table of contents; truncated?", len(self.lines))

    def body(self, listed: dict[str, tuple[str, int]], start: int) -> None:
        end = next((i for i in range(start, len(self.lines))
                    if self.lines[i].strip().rstrip("：:") == UPDATE_LOG), None)
        if end is None:
            raise self.fail(f"no {UPDATE_LOG} (update log) after the rules; file truncated?",
                            len(self.lines))
        for i in range(start, end):
            raw = self.lines[i].strip()
            if raw:
                self.line(raw, i + 1, listed)
        tail = [i + 1 for i in range(end, len(self.lines)) if self.lines[i].strip()]
        self.skipped.append(
            f"{self.name}:{end + 1}-{tail[-1]}: update log ({len(tail)} lines): "
            "version history, not rules text")
        missing = [n for n in listed if chapter_of(n) not in self.numbers]
        if missing:
            first = missing[0]
            raise self.fail(
                f"section {first} listed in the contents (line {listed[first][1]}) is missing "
                f"from the body ({len(missing)} sections missing); file truncated?", end)

    # --- one body line -------------------------------------------------------------

    def line(self, raw: str, lineno: int, listed: dict[str, tuple[str, int]]) -> None:
        if _is_table(raw):
            self.figures["table rows"] += 1
            self.continuation(table_row(raw), lineno, paragraph=True)
            return
        self.content(raw, lineno, listed)
        if SYMBOL_GAP.search(raw) and self.current is not None:
            self.figures["symbols lost"] += 1
            self.warn(lineno, f"card icon lost in conversion: {clean(raw)[:40]!r}")
            if "symbols-lost" not in self.current.flags:
                self.current.flags.append("symbols-lost")

    def content(self, raw: str, lineno: int, listed: dict[str, tuple[str, int]]) -> None:
        m = RULE_LINE.match(raw)
        if m:
            self.rule(m.group("num"), m.group("text"), lineno)
            return
        m = BARE_LINE.match(raw)
        if m and m.group("bullet"):
            self.misnumbered(m.group("num"), m.group("text"), lineno)
            return
        if m and m.group("num") in listed:
            self.heading(m.group("num"), m.group("text"), lineno, listed)
            return
        if self.current is None:
            raise self.fail(f"text before the first heading: {raw[:40]!r}", lineno)
        if EXAMPLE.match(raw):
            self.current.examples.append(clean(EXAMPLE.sub("", raw, count=1)))
            self.current.end = lineno
            self.in_example = True
            return
        m = BULLET_ONLY.match(raw)
        text = clean(m.group("text") if m else raw)
        # A bullet, or a colon left where a card icon stood (":光 :火"), starts a
        # new paragraph: neither can continue a broken sentence.
        self.continuation(text, lineno, paragraph=bool(m) or text.startswith((":", "：")))

    def heading(self, number: str, text: str, lineno: int, listed) -> None:
        title = clean(text)
        if title != listed[number][0]:
            self.warn(lineno, f"heading {number} reads {title!r}, the contents "
                              f"(line {listed[number][1]}) {listed[number][0]!r}")
        key = chapter_of(number)
        if level_of(key) == "section":
            if parent_number(key) not in self.numbers:
                raise self.fail(f"section {number} comes before its chapter heading", lineno)
            self.section = number
        else:
            self.section = None
        self.add(ParsedRule(key, title, lineno, lineno, title=title), lineno)

    def rule(self, number: str, text: str, lineno: int) -> None:
        head = number.split(".", 1)[0]
        if head != self.section:
            raise self.fail(f"rule {number} is not in its section (current section: "
                            f"{self.section})", lineno)
        parent = parent_number(number)
        if parent not in self.numbers:
            raise self.fail(f"rule {number} comes before its parent {parent}", lineno)
        item = ParsedRule(number, "", lineno, lineno)
        term = TERM.match(text)
        if term:
            # "105.1. **玩家**：參與遊戲的人。" defines a basic term; it titles the rule.
            item.title = term.group("term").strip()
            self.terms[number] = item.title
        item.text = clean(text)
        self.add(item, lineno)

    def misnumbered(self, number: str, text: str, lineno: int) -> None:
        """``- 1103. 擁有 2 個…`` inside section 1102: a bulleted rule printed with a
        section number. It is read as the next rule of the current section."""
        if self.section is None:
            raise self.fail(f"bulleted line {number}. outside any section", lineno)
        used = [int(n.split(".")[1]) for n in self.numbers
                if level_of(n) == "rule" and n.split(".")[0] == self.section]
        fixed = f"{self.section}.{max(used, default=0) + 1}"
        self.figures["misnumbered"] += 1
        self.warn(lineno, f"rule printed as {number}. inside section {self.section}; "
                          f"read as {fixed}")
        item = ParsedRule(fixed, clean(text), lineno, lineno, flags=["misnumbered"])
        self.add(item, lineno)

    def add(self, item: ParsedRule, lineno: int) -> None:
        if self.rules and sort_key(item.number) <= sort_key(self.rules[-1].number):
            raise self.fail(f"rule {item.number} is out of order after "
                            f"{self.rules[-1].number}", lineno)
        self.check_gap(item.number, lineno)
        self.rules.append(item)
        self.numbers.add(item.number)
        self.current = item
        self.in_example = False

    def check_gap(self, number: str, lineno: int) -> None:
        """Warn when a rule or subrule skips a number or letter (708.2b after 708.2)."""
        parent = parent_number(number)
        if parent is None or level_of(parent) == "chapter":
            return
        siblings = [n for n in self.numbers if parent_number(n) == parent]
        previous = max(siblings, key=sort_key) if siblings else None
        expected = _next_child(parent, previous)
        if expected is not None and expected != number:
            self.warn(lineno, f"numbering gap: {number} follows {previous or parent}")

    def continuation(self, text: str, lineno: int, *, paragraph: bool) -> None:
        """Join a line to the current rule (or its last example): directly when the
        previous line stopped mid-sentence, as a new paragraph otherwise."""
        if self.current is None:
            raise self.fail(f"text before the first heading: {text[:40]!r}", lineno)
        if not text:
            return
        item = self.current
        previous = item.examples[-1] if self.in_example else item.text
        if paragraph or not previous or previous.endswith(SENTENCE_END):
            joined = f"{previous}\n{text}" if previous else text
        else:
            joined = previous + text
            self.figures["lines joined mid-sentence"] += 1
        if self.in_example:
            item.examples[-1] = joined
        else:
            item.text = joined
        item.end = lineno


LETTERS = "abcdefghijklmnopqrstuvwxyz"
ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def _next_child(parent: str, previous: str | None) -> str | None:
    """The number the next child of ``parent`` should have, where it is predictable."""
    level = level_of(parent)
    if level == "section":  # 1102 → 1102.1, 1102.2 …
        return f"{parent}.{int(previous.split('.')[1]) + 1 if previous else 1}"
    if level == "rule":  # 1102.2 → 1102.2a, 1102.2b …
        if not previous:
            return parent + "a"
        last = previous[len(parent):]
        return parent + LETTERS[LETTERS.index(last) + 1] if last in LETTERS[:-1] and \
            len(last) == 1 else None
    if not previous:  # 903.2e → 903.2e-i, 903.2e-ii …
        return parent + "-i"
    last = previous.rsplit("-", 1)[1]
    return f"{parent}-{ROMANS[ROMANS.index(last) + 1]}" if last in ROMANS[:-1] else None


def parse(path: Path, name: str = FILE) -> FowCR:
    lines = read_lines(path, name)
    parser = _Parser(lines, name)
    version, effective = parser.header()
    listed, start = parser.contents()
    parser.body(listed, start)
    return FowCR(name, version, effective, parser.rules, parser.terms, parser.warnings,
                 parser.skipped, parser.figures)


# --- records -----------------------------------------------------------------------------

def find_refs(text: str) -> list[str]:
    """Rule numbers a FoW text cites, in order, chapters as ``8`` for ``【800 戰鬥】``."""
    found: list[tuple[int, str]] = []
    for pattern in REFS:
        found.extend((m.start(), chapter_of(m.group(1))) for m in pattern.finditer(text))
    numbers: list[str] = []
    for _, number in sorted(found):
        if number not in numbers:
            numbers.append(number)
    return numbers


def _refs(rule: Rule, edition: str) -> list[str]:
    texts = [rule.text[ZH_HANT], *rule.examples.get(ZH_HANT, [])]
    numbers = [n for t in texts for n in find_refs(t)]
    ids: list[str] = []
    for number in numbers:
        rid = corpus.rule_id(number, edition, FOW)
        if number != rule.number and rid not in ids:
            ids.append(rid)
    return ids


def rule_set(parsed: FowCR) -> list[Rule]:
    rules = rule_records(parsed.rules, edition=parsed.version, lang=ZH_HANT,
                         file=parsed.file, game=FOW)
    for rule in rules:
        rule.text[ZH_HANS] = to_hans(rule.text[ZH_HANT])
        if rule.title:
            rule.title[ZH_HANS] = to_hans(rule.title[ZH_HANT])
        if rule.examples:
            rule.examples[ZH_HANS] = [to_hans(e) for e in rule.examples[ZH_HANT]]
        rule.refs = _refs(rule, parsed.version)
    return rules


def _descendants(rule: Rule, by_id: dict[str, Rule]) -> list[Rule]:
    out = []
    for cid in rule.children:
        child = by_id[cid]
        out.append(child)
        out.extend(_descendants(child, by_id))
    return out


def _entry(term: str, definition: str, anchor: Rule, members: list[Rule],
           edition: str) -> GlossaryEntry:
    own = {anchor.id} | {m.id for m in members}
    cited = [r for m in members for r in m.refs if r not in own]
    slug = corpus.slugify(term)
    return GlossaryEntry(
        id=corpus.glossary_id(slug, edition, FOW),
        game=FOW,
        edition=edition,
        slug=slug,
        term={ZH_HANT: term, ZH_HANS: to_hans(term)},
        definition={ZH_HANT: definition, ZH_HANS: to_hans(definition)},
        rules=list(dict.fromkeys([anchor.id, *cited])),
        source=[Span(anchor.source[0].file, anchor.source[0].start,
                     max(s.end for m in [anchor, *members] for s in m.source), ZH_HANT)],
    )


@dataclass
class Glossary:
    entries: list[GlossaryEntry]
    basic: int  # basic terms of 105
    keywords: int  # keyword abilities of chapter 11
    warnings: list[str]


def glossary(parsed: FowCR, rules: list[Rule]) -> Glossary:
    """Entries for the basic terms (105.1 **玩家**：…) and the keyword abilities
    (sections of chapter 11 titled 【…】)."""
    by_id = {r.id: r for r in rules}
    by_number = {r.number: r for r in rules}
    entries: list[GlossaryEntry] = []
    warnings: list[str] = []
    for number, term in parsed.terms.items():
        rule = by_number[number]
        subrules = _descendants(rule, by_id)
        text = re.sub(rf"^{re.escape(term)}\s*[：:]\s*", "", rule.text[ZH_HANT])
        lines = [text] + [f"{s.number} {s.text[ZH_HANT]}" for s in subrules]
        entries.append(_entry(term, "\n".join(lines), rule, subrules, parsed.version))
    basic = len(entries)
    for rule in rules:
        m = KEYWORD.match(rule.title.get(ZH_HANT, ""))
        if rule.level != "section" or parent_number(rule.number) != KEYWORD_CHAPTER or not m:
            continue
        members = _descendants(rule, by_id)
        lines = [f"{s.number} {s.text[ZH_HANT]}" for s in members]
        entries.append(_entry(m.group(1), "\n".join(lines), rule, members, parsed.version))
        named = KEYWORD_IN_TEXT.findall(members[0].text[ZH_HANT]) if members else []
        if named and m.group(1) not in named:
            # 1115.1 (【追憶】) reads "具有【潛伏】這項靜止異能的卡牌": a slip of the source.
            warnings.append(f"{parsed.file}:{members[0].source[0].start}: {members[0].number} "
                            f"names 【{named[0]}】 in the section of 【{m.group(1)}】")
    keywords = {e.term[ZH_HANT]: e.id for e in entries[basic:]}
    for entry in entries:
        entry.see = [keywords[k] for k in dict.fromkeys(
            KEYWORD_IN_TEXT.findall(entry.definition[ZH_HANT]))
            if k in keywords and keywords[k] != entry.id]
    return Glossary(entries, basic, len(entries) - basic, warnings)


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    parsed = parse(ctx.path(FILE), FILE)
    rules = rule_set(parsed)
    terms = glossary(parsed, rules)
    ids = {r.id for r in rules}
    refs = [(r, t) for r in rules for t in r.refs]
    unresolved = [f"{r.number} → {t.rsplit(':', 1)[1]}" for r, t in refs if t not in ids]
    per_chapter: dict[str, int] = {}
    for rule in rules:
        if rule.level in ("rule", "subrule"):
            chapter = rule.number.split(".")[0][:-2]
            per_chapter[chapter] = per_chapter.get(chapter, 0) + 1
    levels: dict[str, int] = {}
    for rule in rules:
        levels[rule.level] = levels.get(rule.level, 0) + 1
    figures = {
        "edition": parsed.version,
        "effective": parsed.effective,
        "rules": len(rules),
        "by level": dict(sorted(levels.items())),
        "rules and subrules per chapter": dict(sorted(per_chapter.items(), key=lambda kv:
                                                      int(kv[0]))),
        "examples": sum(len(r.examples.get(ZH_HANT, [])) for r in rules),
        "glossary": {"basic terms": terms.basic, "keyword abilities": terms.keywords},
        "refs": {"total": len(refs), "resolved": len(refs) - len(unresolved),
                 "unresolved": unresolved},
        **parsed.figures,
    }
    return [DocumentResult(f"Force of Will CR {parsed.version}", FILE, [*rules, *terms.entries],
                           warnings=parsed.warnings + terms.warnings, skipped=parsed.skipped,
                           figures=figures)]
