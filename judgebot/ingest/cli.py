"""`judgebot corpus build` and `judgebot corpus add`: the commands over the ingest."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from judgebot import corpus
from judgebot.ingest.rulebook import SourceError

if TYPE_CHECKING:  # the ingesters and the index load only when a command needs them
    from judgebot.ingest import add


def register(sub: argparse._SubParsersAction) -> None:
    corpus_p = sub.add_parser("corpus", help="build the corpus from corpus/sources")
    corpus_sub = corpus_p.add_subparsers(dest="action", metavar="ACTION")
    corpus_sub.required = True
    cb = corpus_sub.add_parser("build", help="rebuild corpus/*.jsonl from corpus/sources")
    cb.add_argument("--json", action="store_true", help="print the build report as JSON")
    cb.add_argument("--sources", help="source directory (default: corpus/sources)")
    cb.add_argument("--out", help="output directory (default: corpus/)")
    cb.add_argument("--no-verify", action="store_true",
                    help="skip the sha256 check of the sources (for parser development)")
    cb.set_defaults(func=_corpus_build)

    ca = corpus_sub.add_parser(
        "add", help="add a new edition (an official Comprehensive Rules .txt) and rebuild")
    ca.add_argument("path", help="the new edition's text file")
    ca.add_argument("--json", action="store_true", help="print the report as JSON")
    ca.add_argument("--sources", help="source directory (default: corpus/sources)")
    ca.add_argument("--corpus", help="corpus directory (default: corpus/)")
    ca.add_argument("--data-dir", help="where the store and index are built (default: index/)")
    ca.add_argument("--no-index", action="store_true",
                    help="rebuild the corpus and its store but not the search index")
    ca.set_defaults(func=_corpus_add)


def _corpus_add(args: argparse.Namespace) -> int:
    from judgebot.ingest import add
    from judgebot.search import index
    from judgebot.search.index import terminal_progress
    from judgebot.store import DATA_DIR, open_store

    src = Path(args.sources) if args.sources else corpus.SOURCES_DIR
    out = Path(args.corpus) if args.corpus else corpus.CORPUS_DIR
    data = Path(args.data_dir) if args.data_dir else DATA_DIR
    try:
        added = add.add(Path(args.path), src, out)
    except SourceError as exc:
        print(f"judgebot: refused: {exc}", file=sys.stderr)
        print("judgebot: nothing was changed.", file=sys.stderr)
        return 1
    store = open_store(out, data, progress=terminal_progress("Building the corpus store"))
    if not args.no_index:
        index.open_or_build(store, data, progress=terminal_progress())
    if args.json:
        print(json.dumps(added.to_dict(), ensure_ascii=False, indent=1))
        return 0
    print(format_added(added))
    return 0


def format_added(added: add.Added) -> str:
    state = "now the current edition" if added.current else "not the newest edition"
    lines = [f"Added {added.document} {added.edition} as {added.file} ({state}).",
             f"Against {added.previous or 'no earlier edition'}:"]
    for kind in ("added", "changed", "moved", "removed", "unchanged"):
        lines.append(f"  {kind:<9} {added.counts.get(kind, 0):>5}")
        shown = added.rules.get(kind, [])
        if shown:
            more = added.counts[kind] - len(shown)
            lines.append("            " + ", ".join(shown) + (f" … and {more} more"
                                                            if more > 0 else ""))
    lines.append(f"Corpus rebuilt: {added.build['records']} records.")
    return "\n".join(lines)


def _corpus_build(args: argparse.Namespace) -> int:
    from judgebot.ingest import build  # every ingester: loaded only to build

    out = Path(args.out) if args.out else corpus.CORPUS_DIR
    src = Path(args.sources) if args.sources else corpus.SOURCES_DIR
    if out.exists() and not out.is_dir():
        print(f"judgebot: --out {out} is a file; give a folder (it is created if missing)",
              file=sys.stderr)
        return 2
    if not src.is_dir():
        print(f"judgebot: --sources {src} is not a folder of sources", file=sys.stderr)
        return 2
    try:
        report = build.build(src, out, verify=not args.no_verify)
    except SourceError as exc:
        print(f"judgebot: corpus build failed: {exc}", file=sys.stderr)
        print("judgebot: the corpus was left as it was.", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(format_report(report.to_dict()))
    return 0


def format_report(report: dict) -> str:
    lines = ["Corpus build", ""]
    lines.append(f"{'document':<44} {'records':>8}  kinds")
    for doc in report["documents"]:
        kinds = ", ".join(f"{k} {n}" for k, n in doc["kinds"].items())
        derived = doc["figures"].get("records built into the store")
        if derived and not doc["records"]:  # not committed: built into the store
            kinds = f"(built into the store: {doc['figures']['cards']} cards, " \
                    f"{doc['figures']['rulings']} rulings)"
        lines.append(f"{doc['document']:<44} {doc['records'] or derived or 0:>8}  {kinds}")
    lines += ["", f"{'file':<44} {'records':>8}"]
    for name, n in report["files"].items():
        lines.append(f"{name:<44} {n:>8}")
    lines.append("")
    for doc in report["documents"]:
        figures = doc["figures"]
        if figures:
            lines.append(f"{doc['document']}:")
            for key, value in figures.items():
                lines.append(f"  {key}: {json.dumps(value, ensure_ascii=False)}")
    lines.append("")
    warnings = sum(len(d["warnings"]) for d in report["documents"])
    skipped = sum(len(d["skipped"]) for d in report["documents"])
    lines.append(f"warnings: {warnings}   skipped: {skipped}   "
                 f"unresolved references: {len(report['unresolved'])}")
    lines.append("details: corpus/report.json")
    return "\n".join(lines)
