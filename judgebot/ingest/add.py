"""``judgebot corpus add PATH``: a new edition of a document into the corpus.

The document is a Comprehensive Rules text, or a Tournament Rules or
Infraction Procedure Guide text of the shape the shipped ones have (see
:mod:`judgebot.ingest.policy`); which one is read from its first lines.

The file is read first, as the build will read it: a file that does not
parse, or parses to too little to be the document it claims to be, is
refused with the reason and nothing is changed. Otherwise it is copied
byte for byte into ``corpus/sources/`` under the name its edition gives it,
its checksum and a provenance row go into ``SOURCES.md``, and the corpus is
rebuilt. If the rebuild fails, the copy and the manifest are put back as they
were. The report says what changed against the edition before it.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import EN, Record
from judgebot.ingest import build, en_cr, policy, sources
from judgebot.ingest.context import CR_DIR
from judgebot.ingest.rulebook import SourceError
from judgebot.policynumbers import DOCUMENTS, IPG, MTR
from judgebot.policynumbers import sort_key as section_key
from judgebot.rulenumbers import sort_key

MAX_BYTES = 20 * 1024 * 1024
MIN_RULES = 1000  # every CR since 2004 has over 2000 numbered rules
MIN_GLOSSARY = 200
LISTED = 20  # rule numbers listed per kind of change
# Fewer than this is a fragment, not the document (the 2026 MTR has 94
# sections, the 2024 IPG 23 infractions).
MIN_SECTIONS = {MTR: 40, IPG: 12}


@dataclass
class Added:
    """What ``corpus add`` did."""

    document: str
    edition: str
    file: str
    current: bool
    previous: str | None
    counts: dict[str, int] = field(default_factory=dict)
    rules: dict[str, list[str]] = field(default_factory=dict)
    build: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def identify(path: Path) -> str:
    """Which document a text file is, from its first lines."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4096).decode("utf-8-sig", errors="replace")
    except OSError as exc:
        raise SourceError(str(path), f"cannot be read ({exc.strerror})") from None
    if "Comprehensive Rules" in head and "effective as of" in head:
        return "cr"
    first = next((line.strip() for line in head.splitlines() if line.strip()), "")
    for doc, pattern in policy.TITLES:
        if pattern.search(first):
            return doc
    raise SourceError(str(path), "neither a Comprehensive Rules text (its first lines name no "
                                 "'Comprehensive Rules … effective as of …') nor a Tournament "
                                 "Rules or Infraction Procedure Guide text (its first line "
                                 "names neither)")


@dataclass
class _Candidate:
    """A file that parsed: what it is, where it goes, and its provenance row."""

    document: str
    edition: str
    target: str
    row: str


def add(path: Path, sources_dir: Path = corpus.SOURCES_DIR,
        corpus_dir: Path = corpus.CORPUS_DIR) -> Added:
    """Check, copy and build; raise :class:`SourceError` (nothing changed) if refused."""
    path = Path(path)
    if not path.is_file():
        raise SourceError(str(path), "no such file")
    if path.stat().st_size > MAX_BYTES:
        raise SourceError(str(path), f"is over {MAX_BYTES // 2**20} MB: not a rules text")
    kind = identify(path)
    found = _check_cr(path) if kind == "cr" else _check_policy(path, kind)
    dest = sources_dir / found.target
    listed = sources.checksums(sources_dir)
    digest = sources.sha256(path)
    if found.target in listed or dest.exists():
        same = listed.get(found.target) == digest
        raise SourceError(str(path), f"the {found.edition} edition is already in the corpus "
                                     f"as {found.target}" + ("" if same else " (with other text)"))
    previous = _editions(sources_dir, kind)
    manifest = sources_dir / sources.MANIFEST
    saved = manifest.read_bytes()
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, dest)
    try:
        manifest.write_text(_with_row(saved.decode("utf-8"), found.target, digest, found.row),
                            encoding="utf-8")
        report = build.build(sources_dir, corpus_dir)
    except BaseException:
        dest.unlink(missing_ok=True)
        manifest.write_bytes(saved)
        raise
    before = max((e for e in previous if e < found.edition), default=None)
    if kind == "cr":
        counts, rules = _changes(corpus_dir, found.edition)
    else:
        counts, rules = _section_changes(corpus_dir, kind, found.edition, before)
    return Added(document=found.document, edition=found.edition, file=found.target,
                 current=all(e < found.edition for e in previous), previous=before,
                 counts=counts, rules=rules,
                 build={"records": sum(report.files.values()),
                        "warnings": sum(len(d.warnings) for d in report.documents)})


def _check_cr(path: Path) -> _Candidate:
    """The file parsed as the build will parse it, or the reason it is refused."""
    parsed = en_cr.parse(path, path.name)
    numbered = [r for r in parsed.rules if "." in r.number]
    if len(numbered) < MIN_RULES:
        raise SourceError(path.name, f"only {len(numbered)} numbered rules found (a "
                                     f"Comprehensive Rules text has over {MIN_RULES})")
    if len(parsed.glossary) < MIN_GLOSSARY:
        raise SourceError(path.name, f"only {len(parsed.glossary)} glossary entries found "
                                     f"(expected over {MIN_GLOSSARY})")
    target = f"{CR_DIR}/MagicCompRules_{parsed.edition.replace('-', '')}.txt"
    row = (f"| `{target}` | Magic Comprehensive Rules, an English edition added with "
           f"`judgebot corpus add` | en | effective {parsed.edition} | As supplied; "
           f"{len(parsed.rules)} rules and headings, {len(parsed.glossary)} glossary entries "
           f"parsed |")
    return _Candidate("Comprehensive Rules", parsed.edition, target, row)


def _check_policy(path: Path, kind: str) -> _Candidate:
    """A Tournament Rules or IPG text parsed as the build will parse it."""
    doc = policy.parse(path, path.name)
    if doc.doc != kind:  # the first line named one document, the parser read another
        raise SourceError(path.name, f"reads as the {DOCUMENTS[doc.doc]['short']}, "
                                     f"not the {DOCUMENTS[kind]['short']}")
    short = DOCUMENTS[kind]["short"]
    sections = [s for s in doc.sections if "." in s.key]
    counted = doc.infractions if kind == IPG else sections
    what = "infractions" if kind == IPG else "numbered sections"
    if len(counted) < MIN_SECTIONS[kind]:
        raise SourceError(path.name, f"only {len(counted)} {what} found (the {short} has over "
                                     f"{MIN_SECTIONS[kind]})")
    target = policy.file_name(kind, doc.edition)
    extra = f", {len(doc.infractions)} infractions" if kind == IPG else ""
    row = (f"| `{target}` | {doc.title}, an edition added with `judgebot corpus add` | en | "
           f"effective {doc.edition} | As supplied; {len(sections)} sections{extra} parsed |")
    return _Candidate(doc.title, doc.edition, target, row)


def _editions(sources_dir: Path, kind: str) -> list[str]:
    """The editions of a document among the sources, by the names they are kept under."""
    out = []
    for name in sources.checksums(sources_dir):
        if kind == "cr" and name.startswith(f"{CR_DIR}/MagicCompRules_"):
            digits = Path(name).stem.rsplit("_", 1)[1]
            out.append(f"{digits[:4]}-{digits[4:6]}-{digits[6:]}")
        elif kind != "cr" and name.startswith(f"{policy.DIRECTORY}/{kind}-"):
            out.append(Path(name).stem[len(kind) + 1:len(kind) + 11])
    return sorted(out)


def _with_row(manifest: str, target: str, digest: str, row: str) -> str:
    """The manifest with a provenance row (after the table's last row) and a checksum."""
    lines = manifest.split("\n")
    last_row = max(i for i, line in enumerate(lines) if line.startswith("| `"))
    lines.insert(last_row + 1, row)
    closing = max(i for i, line in enumerate(lines) if line.strip() == "```")
    lines.insert(closing, f"{digest}  {target}")
    return "\n".join(lines)


def _changes(corpus_dir: Path, edition: str) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Rules added, changed, moved and removed in ``edition`` against the one before."""
    rules: dict[str, list[str]] = {"added": [], "changed": [], "moved": [], "removed": []}
    new = list(corpus.read_jsonl(corpus_dir / f"mtg-rule-{edition}.jsonl"))
    for rec in new:
        lin = rec.lineage
        if lin.get("change") == "new":
            rules["added"].append(rec.number)
        elif lin.get("moved_from"):
            rules["moved"].append(f"{lin['moved_from']} → {rec.number}")
        elif lin.get("change") == "changed":
            rules["changed"].append(rec.number)
    for path in sorted(corpus_dir.glob("mtg-rule-*.jsonl")):
        for rec in _records(path):
            if rec.lineage.get("removed_in") == edition:
                rules["removed"].append(rec.number)
    for numbers in rules.values():
        numbers.sort(key=lambda n: sort_key(n.rsplit(" ", 1)[-1]))
    counts = {k: len(v) for k, v in rules.items()}
    counts["unchanged"] = sum(1 for r in new if r.lineage.get("change") == "unchanged")
    return counts, {k: v[:LISTED] for k, v in rules.items()}


def _records(path: Path) -> list[Record]:
    return list(corpus.read_jsonl(path))


def _section_changes(corpus_dir: Path, kind: str, edition: str, before: str | None
                     ) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Sections of a tournament document added, changed and removed in ``edition``
    against ``before``, by section number and text (its sections carry no
    lineage: their numbers are their identity from one edition to the next)."""
    new = {r.number: r for r in _records(corpus_dir / f"mtg-{kind}-{edition}.jsonl")}
    old = {r.number: r for r in _records(corpus_dir / f"mtg-{kind}-{before}.jsonl")} \
        if before else {}
    rules: dict[str, list[str]] = {
        "added": [n for n in new if n not in old],
        "changed": [n for n in new if n in old and _wording(new[n]) != _wording(old[n])],
        "moved": [],
        "removed": [n for n in old if n not in new],
    }
    for numbers in rules.values():
        numbers.sort(key=section_key)
    counts = {k: len(v) for k, v in rules.items()}
    counts["unchanged"] = sum(1 for n in new if n in old) - counts["changed"]
    return counts, {k: v[:LISTED] for k, v in rules.items()}


def _wording(rec: Record) -> tuple[str, str]:
    return rec.title.get(EN, ""), rec.text.get(EN, "")
