"""Speed of `judgebot corpus build`, beside the floor of merely reading the sources.

Each run is a fresh process (``judgebot corpus build --out TMP``), so imports
and every parse are counted, as a user would see them. The floor, in the same
run, is a process that imports nothing of judgebot and only reads and hashes
every source file. Each document's ingester is also timed in-process (after
the English CR, which the others read as known plaintext, is parsed once).

    python bench/bench_corpus.py            # 5 runs, writes bench/results/corpus.md
    python bench/bench_corpus.py --runs 9 --out -
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runinfo import git_state  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "corpus.md"
FLOOR = """
import hashlib, pathlib
for p in sorted(pathlib.Path({src!r}).rglob("*")):
    if p.is_file():
        hashlib.sha256(p.read_bytes()).hexdigest()
"""


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def per_document() -> list[tuple[str, float]]:
    from judgebot import corpus
    from judgebot.ingest import build, context

    ctx = context.BuildContext(corpus.SOURCES_DIR)
    start = time.perf_counter()
    ctx.english_2019, ctx.english_2025  # noqa: B018  (parse both once)
    out = [("English CR, both editions (parse)", time.perf_counter() - start)]
    for ingest in build._documents():
        start = time.perf_counter()
        results = ingest(ctx)
        out.append((", ".join(r.document for r in results), time.perf_counter() - start))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=str(RESULTS), help="report file, or - for stdout")
    args = parser.parse_args()
    from judgebot import corpus

    build_times, floor_times = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            floor_times.append(timed([sys.executable, "-c",
                                      FLOOR.format(src=str(corpus.SOURCES_DIR))]))
            build_times.append(timed([sys.executable, "-m", "judgebot.cli", "corpus", "build",
                                      "--out", tmp]))
    docs = per_document()
    b, f = statistics.median(build_times), statistics.median(floor_times)
    lines = [
        "# Corpus build speed",
        "",
        f"Measured {date.today()} at commit {git_state()} (Python {platform.python_version()}, "
        f"{platform.machine()}, shared machine). Reproduce: `python bench/bench_corpus.py "
        f"--runs {args.runs}`.",
        "",
        "| what | median s | min s | max s | runs |",
        "|---|---:|---:|---:|---:|",
        f"| `judgebot corpus build` (fresh process) | {b:.2f} | {min(build_times):.2f} | "
        f"{max(build_times):.2f} | {args.runs} |",
        f"| floor: read and hash every source (fresh process) | {f:.2f} | {min(floor_times):.2f}"
        f" | {max(floor_times):.2f} | {args.runs} |",
        "",
        f"The build costs {b / f:.1f}× the floor.",
        "",
        "Per document, in-process (one run):",
        "",
        "| document | s |",
        "|---|---:|",
        *[f"| {name} | {secs:.2f} |" for name, secs in docs],
        "",
    ]
    report = "\n".join(lines)
    if args.out == "-":
        print(report)
    else:
        Path(args.out).write_text(report, encoding="utf-8")
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
