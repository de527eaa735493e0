"""`judgebot corpus build`: the command over the ingest build."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from judgebot import corpus
from judgebot.ingest.rulebook import SourceError


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



def _corpus_build(args: argparse.Namespace) -> int:
    from judgebot.ingest import build  # every ingester: loaded only to build

    out = Path(args.out) if args.out else corpus.CORPUS_DIR
    src = Path(args.sources) if args.sources else corpus.SOURCES_DIR
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
