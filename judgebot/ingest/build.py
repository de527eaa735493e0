"""``judgebot corpus build``: sources → ``corpus/*.jsonl``, deterministically.

Every document ingester returns :class:`DocumentResult` items; the build then
checks ids, resolves the references between records (reporting, with a
reason, each one that does not resolve), and writes one JSON Lines file per
(game, kind, edition), sorted, through a temporary directory so that a failed
build never leaves the committed corpus half-written.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgebot import corpus
from judgebot.corpus import Record
from judgebot.ingest import cards, casual, cr, fow_editions, guide, policy, release_notes, sources
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import parent_number

REPORT_FILE = "report.json"


@dataclass
class BuildReport:
    documents: list[DocumentResult]
    counts: dict[str, int]
    unresolved: list[dict[str, str]]
    files: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": [
                {
                    "document": d.document,
                    "file": d.file,
                    "records": len(d.records),
                    "kinds": dict(sorted(Counter(r.kind for r in d.records).items())),
                    "figures": d.figures,
                    "warnings": d.warnings,
                    "skipped": d.skipped,
                }
                for d in self.documents
            ],
            "counts": self.counts,
            "files": self.files,
            "unresolved": self.unresolved,
        }


def _documents() -> list[Callable[[BuildContext], list[DocumentResult]]]:
    return [cr.ingest, casual.ingest, fow_editions.ingest, release_notes.ingest, guide.ingest,
            policy.ingest]


def collect(ctx: BuildContext) -> tuple[list[DocumentResult], list[Record]]:
    results: list[DocumentResult] = []
    for ingest in _documents():
        results.extend(ingest(ctx))
    records = [r for res in results for r in res.records]
    return results, records


def check_ids(records: list[Record]) -> None:
    seen: dict[str, Record] = {}
    for rec in records:
        if rec.id in seen:
            first = seen[rec.id].source[0] if seen[rec.id].source else "?"
            raise SourceError(
                str(rec.source[0].file if rec.source else "?"),
                f"duplicate record id {rec.id} (first from {first})",
                rec.source[0].start if rec.source else None,
            )
        seen[rec.id] = rec


LINK_FIELDS = ("refs", "rules", "see", "rulings", "children")


def resolve_links(records: list[Record]) -> list[dict[str, str]]:
    """Drop links to ids that do not exist, each reported with a reason.

    A rule reference that misses (a printing slip, a rule the edition lacks)
    is replaced by its nearest existing ancestor when there is one, so the
    reader still lands near the intended text.
    """
    ids = {r.id for r in records}
    numbers_by_edition: dict[str, set[str]] = defaultdict(set)
    for r in records:
        if r.kind == "rule":
            numbers_by_edition[r.game].add(f"{r.edition}:{r.number}")
    unresolved: list[dict[str, str]] = []
    for rec in records:
        for name in LINK_FIELDS:
            links = getattr(rec, name, None)
            if not links:
                continue
            kept: list[str] = []
            for target in links:
                if target in ids:
                    if target not in kept:
                        kept.append(target)
                    continue
                replacement, reason = _explain_missing(target, ids, numbers_by_edition)
                unresolved.append(
                    {
                        "record": rec.id,
                        "field": name,
                        "target": target,
                        "reason": reason,
                        "replacement": replacement or "",
                        "source": str(rec.source[0]) if rec.source else "",
                    }
                )
                if replacement and replacement not in kept:
                    kept.append(replacement)
            setattr(rec, name, kept)
    return unresolved


def _explain_missing(target: str, ids: set[str], numbers: dict[str, set[str]]) -> tuple[str, str]:
    try:
        game, kind, edition, key = corpus.parse_id(target)
    except ValueError:
        return "", "malformed id"
    if kind != "cr":
        return "", f"no {kind} record {key!r} in {game} {edition}"
    others = sorted(
        e.split(":")[0] for e in numbers.get(game, ()) if e.endswith(f":{key}") and
        not e.startswith(f"{edition}:")
    )
    reason = f"rule {key} does not exist in the {edition} edition"
    if others:
        reason += f" (it exists in {', '.join(others)})"
    number = key
    while True:
        try:
            number = parent_number(number)
        except ValueError:
            number = None
        if number is None:
            return "", reason
        candidate = corpus.rule_id(number, edition, game)
        if candidate in ids:
            return candidate, reason + f"; linked to {number} instead"


def file_name(rec: Record) -> str:
    return f"{rec.game}-{rec.kind}-{rec.edition}.jsonl"


def build(sources_dir: Path = corpus.SOURCES_DIR, out_dir: Path = corpus.CORPUS_DIR,
          *, verify: bool = True) -> BuildReport:
    """Build the corpus into ``out_dir``; on any error nothing there changes."""
    if verify:
        sources.verify(sources_dir)
    ctx = BuildContext(sources_dir)
    results, records = collect(ctx)
    check_ids(records)
    unresolved = resolve_links(records)
    results.append(card_figures(sources_dir, records))
    groups: dict[str, list[Record]] = defaultdict(list)
    for rec in records:
        groups[file_name(rec)].append(rec)
    report = BuildReport(
        documents=results,
        counts=dict(sorted(Counter(f"{r.game}:{r.kind}:{r.edition}" for r in records).items())),
        unresolved=sorted(unresolved, key=lambda u: (u["record"], u["target"])),
        files={name: len(recs) for name, recs in sorted(groups.items())},
    )
    _write_atomically(out_dir, groups, report)
    return report


def card_figures(sources_dir: Path, records: list[Record]) -> DocumentResult:
    """The card file's figures. Its records are derived when the store is
    built (not committed: see :mod:`judgebot.ingest.cards`), from the same
    inputs, so these are the figures of the store's cards."""
    built = cards.derive(sources_dir, records)
    return DocumentResult(cards.DOCUMENT, cards.FILE, [], warnings=built.warnings,
                          figures=built.figures)


def _write_atomically(out_dir: Path, groups: dict[str, list[Record]], report: BuildReport) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=out_dir))
    try:
        for name, recs in groups.items():
            corpus.write_jsonl(staging / name, recs)
        (staging / REPORT_FILE).write_text(
            json.dumps(report.to_dict(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
            encoding="utf-8",
        )
        wanted = set(groups) | {REPORT_FILE}
        for stale in out_dir.glob("*.jsonl"):
            if stale.name not in wanted:
                stale.unlink()
        for name in sorted(wanted):
            os.replace(staging / name, out_dir / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
