"""``judgebot corpus add PATH``: a new edition of a document into the corpus.

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
from judgebot.corpus import Record
from judgebot.ingest import build, en_cr, sources
from judgebot.ingest.context import CR_DIR
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import sort_key

MAX_BYTES = 20 * 1024 * 1024
MIN_RULES = 1000  # every CR since 2004 has over 2000 numbered rules
MIN_GLOSSARY = 200
LISTED = 20  # rule numbers listed per kind of change


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
    raise SourceError(str(path), "not a Comprehensive Rules text (its first lines name no "
                                 "'Comprehensive Rules … effective as of …')")


def add(path: Path, sources_dir: Path = corpus.SOURCES_DIR,
        corpus_dir: Path = corpus.CORPUS_DIR) -> Added:
    """Check, copy and build; raise :class:`SourceError` (nothing changed) if refused."""
    path = Path(path)
    if not path.is_file():
        raise SourceError(str(path), "no such file")
    if path.stat().st_size > MAX_BYTES:
        raise SourceError(str(path), f"is over {MAX_BYTES // 2**20} MB: not a rules text")
    kind = identify(path)
    assert kind == "cr"
    parsed = _check_cr(path)
    target = f"{CR_DIR}/MagicCompRules_{parsed.edition.replace('-', '')}.txt"
    dest = sources_dir / target
    listed = sources.checksums(sources_dir)
    digest = sources.sha256(path)
    if target in listed or dest.exists():
        same = listed.get(target) == digest
        raise SourceError(str(path), f"the {parsed.edition} edition is already in the corpus "
                                     f"as {target}" + ("" if same else " (with other text)"))
    previous = _editions(sources_dir)
    manifest = sources_dir / sources.MANIFEST
    saved = manifest.read_bytes()
    shutil.copyfile(path, dest)
    try:
        manifest.write_text(_with_row(saved.decode("utf-8"), target, digest, parsed),
                            encoding="utf-8")
        report = build.build(sources_dir, corpus_dir)
    except BaseException:
        dest.unlink(missing_ok=True)
        manifest.write_bytes(saved)
        raise
    before = max((e for e in previous if e < parsed.edition), default=None)
    counts, rules = _changes(corpus_dir, parsed.edition)
    return Added(document="Comprehensive Rules", edition=parsed.edition, file=target,
                 current=all(e < parsed.edition for e in previous), previous=before,
                 counts=counts, rules=rules,
                 build={"records": sum(report.files.values()),
                        "warnings": sum(len(d.warnings) for d in report.documents)})


def _check_cr(path: Path) -> en_cr.EnglishCR:
    """The file parsed as the build will parse it, or the reason it is refused."""
    parsed = en_cr.parse(path, path.name)
    numbered = [r for r in parsed.rules if "." in r.number]
    if len(numbered) < MIN_RULES:
        raise SourceError(path.name, f"only {len(numbered)} numbered rules found (a "
                                     f"Comprehensive Rules text has over {MIN_RULES})")
    if len(parsed.glossary) < MIN_GLOSSARY:
        raise SourceError(path.name, f"only {len(parsed.glossary)} glossary entries found "
                                     f"(expected over {MIN_GLOSSARY})")
    return parsed


def _editions(sources_dir: Path) -> list[str]:
    out = []
    for name in sources.checksums(sources_dir):
        if name.startswith(f"{CR_DIR}/MagicCompRules_"):
            digits = Path(name).stem.rsplit("_", 1)[1]
            out.append(f"{digits[:4]}-{digits[4:6]}-{digits[6:]}")
    return sorted(out)


def _with_row(manifest: str, target: str, digest: str, parsed: en_cr.EnglishCR) -> str:
    """The manifest with a provenance row (after the table's last row) and a checksum."""
    row = (f"| `{target}` | Magic Comprehensive Rules, an English edition added with "
           f"`judgebot corpus add` | en | effective {parsed.edition} | As supplied; "
           f"{len(parsed.rules)} rules and headings, {len(parsed.glossary)} glossary entries "
           f"parsed |")
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
