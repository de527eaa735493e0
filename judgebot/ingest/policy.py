"""The tournament documents: the Magic Tournament Rules (MTR) and the
Infraction Procedure Guide (IPG), as text extracted from the official PDFs.

Both have the same shape: a title line, an ``Effective <date>`` line, an
``Introduction``, numbered chapters (``4. Communication``) with sections
(``4.2 Tournament Shortcuts``), then appendices (``Appendix A. …``). A block
is one line: a paragraph, a bullet (``- ``), a numbered item (``1. ``), an
example (``A. ``), a table (consecutive ``| … |`` rows, one block), or a short
heading inside a section (``Examples``, ``Booster Draft Timing``).

Chapter headings are recognised by where they stand, not by their shape
alone: a numbered item (``3. Players present their decks …``) looks like
``3. Tournament Rules``, so the heading of chapter N is the last ``N.`` line
before section ``N.1``.

An IPG section whose heading reads ``Category — Name`` and is followed by a
``Penalty:`` line is an infraction: its blocks fall into the parts headed
Definition, Examples, Philosophy and Additional Remedy, and ``Upgrade:`` and
``Downgrade:`` paragraphs. Appendix A of the IPG lists every infraction's
penalty; each infraction's own penalty is checked against it.

:func:`read` parses one file and returns its records (or raises
:class:`SourceError` with the reason); :func:`ingest` builds every tournament
document in the sources, with the Chinese names of the judge-terms glossary
and the references between the documents and into the Comprehensive Rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import EN, MTG, ZH_HANS, PolicySection, Span
from judgebot.ingest import judgeterms
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.judgeterms import JudgeTerms, Term
from judgebot.ingest.rulebook import SourceError
from judgebot.policynumbers import (
    DOCUMENTS,
    INTRODUCTION,
    IPG,
    MTR,
    level_of,
    mask_sections,
    parent_of,
    section_refs,
)
from judgebot.references import find_refs

MAX_BYTES = 2_000_000  # the MTR is 120 kB: anything this large is not one
DIRECTORY = "policy"
MONTHS = ("january february march april may june july august september october november "
          "december").split()
TITLES = ((MTR, re.compile(r"\bTournament Rules\b", re.IGNORECASE)),
          (IPG, re.compile(r"\bInfraction Procedure Guide\b", re.IGNORECASE)))
EFFECTIVE = re.compile(
    r"^Effective:?\s+(?:(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+"
    r"(?P<year>\d{4})|(?P<iso>\d{4}-\d{2}-\d{2}))\s*$", re.IGNORECASE)
CHAPTER = re.compile(r"^(\d{1,2})\.\s+(\S.{0,100})$")
SECTION = re.compile(r"^(\d{1,2})\.(\d{1,2})\s+(\S.{0,200})$")
APPENDIX = re.compile(r"^Appendix\s+([A-Z])\s*[.:—–-]\s*(\S.{0,200})$")
INFRACTION = re.compile(r"^(?P<category>[A-Z][A-Za-z ]{2,40}?)\s+[—–]\s+(?P<name>\S.{0,100})$")
PENALTY = re.compile(r"^Penalty:\s*(\S.{0,60})$")
PARTS = {"definition": "definition", "examples": "examples", "philosophy": "philosophy",
         "additional remedy": "remedy"}
UPGRADE = re.compile(r"^(Upgrade|Downgrade):\s*(\S.*)$")
BULLET = re.compile(r"^[-•▪]\s+(\S.*)$")
ITEM = re.compile(r"^(\d{1,2})\.\s+(\S.*)$")
EXAMPLE = re.compile(r"^([A-Z])\.\s+(\S.*)$")
TERMINAL = tuple(".:;!?)”\"’'")


@dataclass
class Block:
    """One block of a section, in document order."""

    # paragraph | bullet | item | example | table | heading | penalty | upgrade | downgrade
    kind: str
    text: str
    line: int
    end: int
    part: str = ""  # an infraction's part: definition, examples, philosophy, remedy, …

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "text": self.text, "line": self.line}
        if self.end != self.line:
            out["end"] = self.end
        if self.part:
            out["part"] = self.part
        return out


@dataclass
class Section:
    key: str
    title: str
    line: int
    end: int
    blocks: list[Block] = field(default_factory=list)
    category: str = ""  # an infraction's: "Game Play Error"
    name: str = ""  # an infraction's: "Looking at Extra Cards"
    penalty: str = ""  # an infraction's: "Warning"

    @property
    def infraction(self) -> bool:
        return bool(self.penalty)


@dataclass
class PolicyDocument:
    doc: str  # mtr | ipg
    file: str
    edition: str  # the effective date, ISO
    title: str
    sections: list[Section]
    quick_reference: list[tuple[str, str, int]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    @property
    def infractions(self) -> list[Section]:
        return [s for s in self.sections if s.infraction]


# --- parsing ---------------------------------------------------------------------------

def parse(path: Path, name: str) -> PolicyDocument:
    """One MTR or IPG text; :class:`SourceError` says why it is not one."""
    try:
        size = path.stat().st_size
    except OSError:
        raise SourceError(name, "source file is missing") from None
    if size > MAX_BYTES:
        raise SourceError(name, f"{size} bytes: too large to be a tournament document "
                                f"(at most {MAX_BYTES})")
    lines = [ln.replace("\x0c", "").rstrip() for ln in read_lines(path, name)]
    return _Parser(lines, name).run()


class _Parser:
    def __init__(self, lines: list[str], name: str):
        self.lines = lines
        self.name = name
        self.warnings: list[str] = []

    def fail(self, message: str, lineno: int | None = None) -> SourceError:
        return SourceError(self.name, message, lineno)

    def run(self) -> PolicyDocument:
        doc, title, start = self.header()
        edition, start = self.effective(start)
        chapters = self.chapter_lines(start)
        if not chapters:
            raise self.fail("no numbered chapters: no '1. Title' line followed later by a "
                            "section '1.1 Title'")
        sections = self.body(start, chapters)
        document = PolicyDocument(doc, self.name, edition, title, sections,
                                  warnings=self.warnings)
        if doc == IPG:
            self.infractions(document)
        return document

    def header(self) -> tuple[str, str, int]:
        first = next((i for i, ln in enumerate(self.lines) if ln.strip()), None)
        if first is None:
            raise self.fail("the file is empty")
        title = self.lines[first].strip()
        for doc, pattern in TITLES:
            if pattern.search(title) and len(title) <= 120:
                return doc, title, first + 1
        raise self.fail("not a Tournament Rules or Infraction Procedure Guide text: the "
                        f"first line reads {title[:60]!r}", first + 1)

    def effective(self, start: int) -> tuple[str, int]:
        for i in range(start, min(start + 10, len(self.lines))):
            m = EFFECTIVE.match(self.lines[i].strip())
            if not m:
                continue
            if m.group("iso"):
                return _valid_date(m.group("iso"), self.fail, i + 1), i + 1
            month = m.group("month").lower()
            number = next((n for n, full in enumerate(MONTHS, 1)
                           if full == month or (len(month) >= 3 and full.startswith(month))),
                          None)
            if number is None:
                raise self.fail(f"unknown month {m.group('month')!r} in the effective date",
                                i + 1)
            iso = f"{int(m.group('year')):04d}-{number:02d}-{int(m.group('day')):02d}"
            return _valid_date(iso, self.fail, i + 1), i + 1
        raise self.fail("no 'Effective <Month> <day>, <year>' line below the title", start)

    def chapter_lines(self, start: int) -> dict[int, int]:
        """{chapter: index of its heading line}: chapter N's heading is the last
        ``N.`` line before the first ``N.1`` section heading."""
        found: dict[int, int] = {}
        position = start
        number = 1
        while True:
            first_section = next(
                (i for i in range(position, len(self.lines))
                 if (m := SECTION.match(self.lines[i])) and (int(m.group(1)), int(m.group(2)))
                 == (number, 1)), None)
            if first_section is None:
                return found
            heading = next((i for i in range(first_section - 1, position - 1, -1)
                            if (m := CHAPTER.match(self.lines[i])) and int(m.group(1)) == number),
                           None)
            if heading is None:
                raise self.fail(f"section {number}.1 has no chapter heading '{number}. …' "
                                "before it", first_section + 1)
            found[number] = heading
            position = first_section + 1
            number += 1

    def body(self, start: int, chapters: dict[int, int]) -> list[Section]:
        heading_of = {i: n for n, i in chapters.items()}
        sections: list[Section] = []
        current: Section | None = None
        chapter = 0
        last_section = 0
        appendix = ""
        table: Block | None = None
        for i in range(start, len(self.lines)):
            raw = self.lines[i].strip()
            lineno = i + 1
            if not raw:
                table = None
                continue
            new: Section | None = None
            if i in heading_of:
                chapter, last_section = heading_of[i], 0
                new = Section(str(chapter), CHAPTER.match(raw).group(2).strip(), lineno, lineno)
            elif (m := SECTION.match(raw)) and not appendix and int(m.group(1)) == chapter and \
                    int(m.group(2)) > last_section and not raw.endswith("."):
                if int(m.group(2)) != last_section + 1:
                    self.warnings.append(f"{self.name}:{lineno}: section {m.group(1)}."
                                         f"{m.group(2)} follows {chapter}.{last_section}")
                last_section = int(m.group(2))
                new = Section(f"{chapter}.{last_section}", m.group(3).strip(), lineno, lineno)
            elif (m := APPENDIX.match(raw)) and m.group(1) == _next_letter(appendix):
                appendix = m.group(1)
                new = Section(f"appendix-{appendix.lower()}", m.group(2).strip(), lineno, lineno)
            elif raw.lower() == INTRODUCTION and not sections:
                new = Section(INTRODUCTION, "Introduction", lineno, lineno)
            if new is not None:
                sections.append(new)
                current, table = new, None
                continue
            if current is None:  # prose before any heading is the introduction
                current = Section(INTRODUCTION, "Introduction", lineno, lineno)
                sections.append(current)
                self.warnings.append(f"{self.name}:{lineno}: text before any heading read as "
                                     "the introduction")
            if (m := SECTION.match(raw)) and int(m.group(1)) > chapter and not appendix and \
                    int(m.group(2)) == 1:
                raise self.fail(f"section {m.group(1)}.1 has no chapter heading", lineno)
            block = classify(raw, lineno)
            if block.kind == "table":
                if table is not None:
                    table.text += "\n" + block.text
                    table.end = lineno
                    current.end = lineno
                    continue
                table = block
            else:
                table = None
            current.blocks.append(block)
            current.end = lineno
        if not appendix:
            raise self.fail("no appendices after the last chapter: the text ends early; "
                            "truncated?", len(self.lines))
        return sections

    # --- the IPG's infractions -------------------------------------------------------

    def infractions(self, doc: PolicyDocument) -> None:
        for section in doc.sections:
            if level_of(section.key) != "section":
                continue
            m = INFRACTION.match(section.title)
            first = section.blocks[0] if section.blocks else None
            penalty = PENALTY.match(first.text) if first else None
            if m and penalty:
                section.category, section.name = m.group("category"), m.group("name").strip()
                section.penalty = penalty.group(1).strip()
                first.kind = "penalty"
                _assign_parts(section, self)
            elif m and section.key.split(".")[0] != "1":
                raise self.fail(f"infraction {section.key} ({section.title}) has no "
                                "'Penalty:' line", section.line + 1)
        if not doc.infractions:
            raise self.fail("the guide lists no infractions ('2.1 Category — Name' headings "
                            "followed by 'Penalty: …')")
        reference = doc.section("appendix-a")
        rows = [_row(b) for b in (reference.blocks if reference else []) if b.kind == "table"]
        doc.quick_reference = [(cells[0], cells[1], line) for table in rows
                               for cells, line in table if len(cells) >= 2]
        if not doc.quick_reference:
            raise self.fail("no penalty quick reference (Appendix A: a table of infractions "
                            "and penalties)")
        # Unsporting Conduct — Minor is listed under its whole heading: then that is its name.
        listed = {_fold(name) for name, _, _ in doc.quick_reference}
        for section in doc.infractions:
            if _fold(section.name) not in listed and _fold(section.title) in listed:
                section.name = section.title

    def warn(self, lineno: int, message: str) -> None:
        self.warnings.append(f"{self.name}:{lineno}: {message}")


def _valid_date(iso: str, fail, lineno: int) -> str:
    import datetime

    try:
        datetime.date.fromisoformat(iso)
    except ValueError:
        raise fail(f"{iso} is not a date", lineno) from None
    return iso


def _next_letter(letter: str) -> str:
    return "A" if not letter else chr(ord(letter) + 1)


def classify(raw: str, lineno: int) -> Block:
    """What kind of block one line of text is."""
    if raw.startswith("|"):
        return Block("table", raw, lineno, lineno)
    if m := BULLET.match(raw):
        return Block("bullet", m.group(1), lineno, lineno)
    if m := UPGRADE.match(raw):
        return Block(m.group(1).lower(), raw, lineno, lineno)
    if m := EXAMPLE.match(raw):
        return Block("example", raw, lineno, lineno)
    if ITEM.match(raw):
        return Block("item", raw, lineno, lineno)
    if raw.lower() in PARTS or (len(raw) <= 60 and not raw.endswith(TERMINAL)
                                and len(raw.split()) <= 8 and raw[:1].isupper()):
        return Block("heading", raw, lineno, lineno)
    return Block("paragraph", raw, lineno, lineno)


def _assign_parts(section: Section, parser: _Parser) -> None:
    """Each block of an infraction to its part: the part headings, then
    ``Upgrade:``/``Downgrade:`` paragraphs and what continues them."""
    part = "definition"
    for block in section.blocks[1:]:
        heading = PARTS.get(block.text.lower()) if block.kind == "heading" else None
        if heading:
            part = heading
        elif block.kind in ("upgrade", "downgrade"):
            part = block.kind
        elif block.kind == "heading":
            parser.warn(block.line, f"unexpected heading {block.text!r} in infraction "
                                    f"{section.key}; kept in its {part}")
        block.part = part


def _row(block: Block) -> list[tuple[list[str], int]]:
    out = []
    for offset, line in enumerate(block.text.split("\n")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        out.append(([c for c in cells if c], block.line + offset))
    return out


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("–", "—")).strip().lower()


# --- references ------------------------------------------------------------------------

@dataclass(frozen=True)
class Editions:
    """The edition each cross-reference points into (the newest of each)."""

    mtr: str | None = None
    ipg: str | None = None
    cr: str | None = None

    def of(self, doc: str) -> str | None:
        return getattr(self, doc)


def references(text: str, doc: str, editions: Editions,
               names: dict[str, str] | None = None) -> list[str]:
    """Ids a block of ``doc`` cites, in order: sections of the tournament
    documents (:func:`section_refs`), Comprehensive Rules rules, infractions
    by name (``names``: folded name → id)."""
    found: list[tuple[int, str]] = []
    for ref in section_refs(text, doc):
        edition = editions.of(ref.doc)
        if edition:
            found.append((ref.start, _sid(ref.doc, edition, ref.key)))
    if editions.cr:
        for number in find_refs(mask_sections(text)):
            if "." in number or len(number) == 3:
                found.append((len(text), corpus.rule_id(number, editions.cr)))
    folded_text = _fold(text)
    for folded, rid in (names or {}).items():
        for m in re.finditer(rf"(?<![\w—-]){re.escape(folded)}(?![\w-])", folded_text):
            found.append((m.start(), rid))
    found.sort(key=lambda item: item[0])
    return list(dict.fromkeys(rid for _, rid in found))


def _sid(doc: str, edition: str, key: str) -> str:
    return f"{MTG}:{doc}:{edition}:{key}"


def infraction_names(doc: PolicyDocument) -> dict[str, str]:
    """How the guide names its infractions ("Hidden Card Error", "Unsporting
    Conduct — Cheating", "Tardiness"), folded, to the infraction's id."""
    names: dict[str, str] = {}
    for section in doc.infractions:
        rid = _sid(doc.doc, doc.edition, section.key)
        names[_fold(f"{section.category} — {section.name}")] = rid
        names[_fold(section.title)] = rid
        names[_fold(section.name)] = rid
    return names


# --- records -----------------------------------------------------------------------------

def records(doc: PolicyDocument, terms: JudgeTerms | None = None,
            editions: Editions | None = None) -> tuple[list[PolicySection], list[str]]:
    """The records of one document, and the warnings their labels raised."""
    editions = editions or Editions(**{doc.doc: doc.edition})
    names = infraction_names(doc) if doc.doc == IPG else {}
    # As bare words in running text, one-word names ("Cheating") are not always
    # the infraction: only names of several words are linked there.
    in_text = {k: v for k, v in names.items() if " " in k}
    warnings: list[str] = []
    out: dict[str, PolicySection] = {}
    for section in doc.sections:
        rid = _sid(doc.doc, doc.edition, section.key)
        own_names = {k: v for k, v in in_text.items() if v != rid}
        rec = PolicySection(
            id=rid, game=MTG, kind=doc.doc, edition=doc.edition, number=section.key,
            level=level_of(section.key), title={EN: section.title},
            text={EN: "\n".join(b.text for b in section.blocks)},
            paragraphs=[b.to_dict() for b in section.blocks],
            source=[Span(doc.file, section.line, section.end, EN)],
        )
        refs: list[str] = []
        for block in section.blocks:
            refs += references(block.text, doc.doc, editions, own_names)
        if section.key == "appendix-a" and doc.quick_reference:
            # the quick reference names every infraction, one-word names too, in its order
            refs = [names[_fold(name)] for name, _, _ in doc.quick_reference
                    if _fold(name) in names] + refs
        rec.refs = [r for r in dict.fromkeys(refs) if r != rid]
        if section.infraction:
            _infraction(rec, section)
        if terms is not None:
            warnings += _label(rec, section, doc, terms)
        parent = parent_of(section.key)
        if parent is not None:
            rec.parent = _sid(doc.doc, doc.edition, parent)
        out[rid] = rec
    for rec in out.values():
        if rec.parent in out:
            out[rec.parent].children.append(rec.id)
    return list(out.values()), warnings


def _infraction(rec: PolicySection, section: Section) -> None:
    rec.name = {EN: section.name}
    rec.category = {EN: section.category}
    rec.penalty = {EN: section.penalty}
    parts: dict[str, list[str]] = {}
    for block in section.blocks:
        if not block.part or (block.kind == "heading" and _fold(block.text) in PARTS):
            continue
        text = EXAMPLE.sub(r"\2", block.text) if block.kind == "example" else block.text
        entries = parts.setdefault(block.part, [])
        starts_entry = block.kind in ("example", "upgrade", "downgrade") or not entries or \
            block.part not in ("examples", "upgrade", "downgrade")
        if starts_entry:
            entries.append(UPGRADE.sub(r"\2", text))
        else:  # a paragraph continuing the example or upgrade before it
            entries[-1] += "\n" + text
    for part in ("definition", "philosophy", "remedy"):
        if parts.get(part):
            setattr(rec, part, {EN: "\n".join(parts[part])})
    for part in ("examples", "upgrade", "downgrade"):
        if parts.get(part):
            setattr(rec, part, {EN: parts[part]})


def _label(rec: PolicySection, section: Section, doc: PolicyDocument,
           terms: JudgeTerms) -> list[str]:
    """The Chinese names of the glossary, where its English still names this section."""
    used: list[Term] = []
    warnings: list[str] = []
    term = terms.get(f"{doc.doc}:{section.key}")
    if term is not None:
        if _fold(term.en) in (_fold(section.title), _fold(section.name or section.title)):
            used.append(term)
            zh = term.zh
            if section.infraction:
                rec.name[ZH_HANS] = term.zh
                category = terms.named("category", section.category)
                if category is not None and not zh.startswith(category.zh):
                    zh = f"{category.zh}～{term.zh}"
            rec.title[ZH_HANS] = zh
            if term.zh_aliases:
                rec.aliases[ZH_HANS] = list(term.zh_aliases)
            if term.en_aliases:
                rec.aliases[EN] = list(term.en_aliases)
        else:
            warnings.append(f"{terms.file}:{term.line}: {term.ref} is named {term.en!r} in the "
                            f"glossary but {section.title!r} in {doc.file}:{section.line}; its "
                            "Chinese name is not applied")
    if section.infraction:
        for kind, value, target in (("category", section.category, rec.category),
                                    ("penalty", section.penalty, rec.penalty)):
            found = terms.named(kind, value)
            if found is None:
                warnings.append(f"{doc.file}:{section.line}: no Chinese name for the {kind} "
                                f"{value!r} in {terms.file}")
                continue
            target[ZH_HANS] = found.zh
            used.append(found)
    document = terms.get(f"doc:{doc.doc}")
    if section.key == INTRODUCTION and document is not None:
        # the document answers to its names through its opening section
        rec.aliases.setdefault(ZH_HANS, []).extend([document.zh, *document.zh_aliases])
        rec.aliases.setdefault(EN, []).extend([document.en, *document.en_aliases])
        used.append(document)
    for t in dict.fromkeys(used):
        rec.source.append(Span(terms.file, t.line, t.line, ZH_HANS))
    return warnings


# --- the build -----------------------------------------------------------------------------

def read(path: Path, name: str) -> DocumentResult:
    """One Tournament Rules or IPG text as the corpus would take it in: its
    records, figures and warnings; :class:`SourceError` if it does not parse.
    The edition is the effective date the text states."""
    doc = parse(path, name)
    recs, warnings = records(doc)
    return _result(doc, recs, warnings)


def sources(sources_dir: Path) -> list[str]:
    """The tournament documents among the sources (``policy/*.txt``), by name."""
    folder = sources_dir / DIRECTORY
    return sorted(f"{DIRECTORY}/{p.name}" for p in folder.glob("*.txt")) if folder.is_dir() \
        else []


def file_name(doc: str, edition: str) -> str:
    """Where a tournament document of an edition is kept among the sources."""
    return f"{DIRECTORY}/{doc}-{edition}-en.txt"


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    names = sources(ctx.sources_dir)
    if not names:
        return []
    terms = judgeterms.parse(ctx.path(judgeterms.FILE), judgeterms.FILE)
    docs = [parse(ctx.path(name), name) for name in names]
    newest: dict[str, str] = {}
    for doc in docs:
        newest[doc.doc] = max(newest.get(doc.doc, doc.edition), doc.edition)
    # rule references point into the current (newest) Comprehensive Rules
    editions = Editions(mtr=newest.get(MTR), ipg=newest.get(IPG),
                        cr=max(ctx.english_editions, default=None))
    built = []
    for doc in docs:
        recs, warnings = records(doc, terms, editions)
        built.append((doc, recs, warnings))
    current = [recs for doc, recs, _ in built if doc.edition == newest[doc.doc]]
    see_also(*current)
    return [_result(doc, recs, warnings) for doc, recs, warnings in built]


def see_also(*documents: list[PolicySection]) -> int:
    """Link a Tournament Rules section to the IPG section on the same matter,
    both ways, where their names say so: MTR 5.5 Slow Play and IPG 3.3 Slow
    Play; MTR 5.2 Bribery and IPG 4.4 Bribery and Wagering; MTR 5.4
    Unsporting Conduct and IPG chapter 4. Returns the number of pairs."""
    mtr = [r for recs in documents for r in recs if r.kind == MTR and r.level == "section"]
    ipg = [r for recs in documents for r in recs if r.kind == IPG and r.level != "introduction"]
    pairs = 0
    for a in mtr:
        title = _fold(a.title[EN])
        for b in ipg:
            name = _fold(b.name.get(EN) or b.title[EN])
            if title == name or title in re.split(r"\s+and\s+|,\s*", name) or (
                    b.level == "chapter" and title == _fold(b.title[EN])):
                a.see.append(b.id)
                b.see.append(a.id)
                pairs += 1
    return pairs


def _result(doc: PolicyDocument, recs: list[PolicySection], warnings: list[str]
            ) -> DocumentResult:
    short = DOCUMENTS[doc.doc]["short"]
    levels: dict[str, int] = {}
    for rec in recs:
        levels[rec.level] = levels.get(rec.level, 0) + 1
    figures: dict = {
        "document": doc.doc,
        "edition": doc.edition,
        "sections": sum(1 for r in recs if r.level != "chapter"),
        "chapters": levels.get("chapter", 0),
        "appendices": levels.get("appendix", 0),
        "paragraphs": sum(len(s.blocks) for s in doc.sections),
        "by kind of paragraph": _kinds(doc),
        "refs": sum(len(r.refs) for r in recs),
        "see also": sum(len(r.see) for r in recs),
        "Chinese titles": sum(1 for r in recs if r.title.get(ZH_HANS)),
    }
    if doc.doc == IPG:
        listed = {_fold(n): (p, line) for n, p, line in doc.quick_reference}
        penalties = {}
        mismatched = []
        for section in doc.infractions:
            penalties[section.key] = section.penalty
            row = listed.get(_fold(section.name))
            if row is None:
                mismatched.append(f"{section.key} {section.name}: not in Appendix A")
            elif _fold(row[0]) != _fold(section.penalty):
                mismatched.append(f"{section.key} {section.name}: {section.penalty} here, "
                                  f"{row[0]} in Appendix A (line {row[1]})")
        named = {_fold(s.name) for s in doc.infractions}
        mismatched += [f"Appendix A lists {n!r} (line {line}), which no infraction is named"
                       for n, _, line in doc.quick_reference if _fold(n) not in named]
        figures.update({
            "infractions": len(doc.infractions),
            "penalties": penalties,
            "appendix A rows": len(doc.quick_reference),
            "penalties as in appendix A": len(doc.infractions) - sum(
                1 for m in mismatched if not m.startswith("Appendix A")),
            "penalty mismatches": mismatched,
        })
        warnings = warnings + [f"{doc.file}: penalty check: {m}" for m in mismatched]
    title = f"{short} {doc.edition} ({doc.title})"
    return DocumentResult(title, doc.file, list(recs), warnings=doc.warnings + warnings,
                          figures=figures)


def _kinds(doc: PolicyDocument) -> dict[str, int]:
    counts: dict[str, int] = {}
    for section in doc.sections:
        for block in section.blocks:
            counts[block.kind] = counts.get(block.kind, 0) + 1
    return dict(sorted(counts.items()))
