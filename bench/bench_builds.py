"""The corpus build, the store and index build, and a cold start, of this
tree beside another (the baseline: a worktree of an earlier commit), in the
same run, alternating, each step a fresh process.

    git worktree add --detach /tmp/baseline main
    python bench/bench_builds.py /tmp/baseline --runs 3
    python bench/bench_builds.py /tmp/baseline --out bench/results/builds.md

Wall-clock seconds and the CPU seconds of the process (user + system) are
both given, medians of the runs: on a shared machine the CPU times and the
ratios are the figures to trust. A cold start is a fresh process that opens
the built store and index and answers one search.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runinfo import git_state  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STEPS = ("corpus", "index", "cold")
# One step in a fresh process, with the tree's own judgebot first on the path.
STEP = """
import sys, time
from pathlib import Path
root, step, work = sys.argv[1:4]
sys.path.insert(0, root)
start = time.perf_counter()
if step == "corpus":
    from judgebot.ingest import build
    build.build(Path(root) / "corpus" / "sources", Path(work))
else:
    from judgebot.store import open_store
    from judgebot.search import index
    from judgebot.search.service import SearchService
    store = open_store(Path(root) / "corpus", Path(work))
    if step == "index":
        index.build(store, Path(work))
    else:
        SearchService(store, index_dir=Path(work)).search("trample")
print(time.perf_counter() - start)
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_step(root: Path, step: str, work: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one step of the tree at ``root``."""
    before = _children_cpu()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", STEP, str(root), step, str(work)], check=True,
                   capture_output=True, cwd=root)
    return time.perf_counter() - started, _children_cpu() - before


def measure(trees: dict[str, Path], runs: int) -> dict[str, dict[str, list[tuple]]]:
    results: dict[str, dict[str, list[tuple]]] = {t: {s: [] for s in STEPS} for t in trees}
    warm = {t: Path(tempfile.mkdtemp(prefix=f"builds-{t}-")) for t in trees}
    try:
        for name, root in trees.items():  # the index a cold start opens
            run_step(root, "index", warm[name])
        for _ in range(runs):
            for name, root in trees.items():
                for step in STEPS:
                    if step == "cold":
                        results[name][step].append(run_step(root, step, warm[name]))
                        continue
                    work = Path(tempfile.mkdtemp(prefix="builds-"))
                    try:
                        results[name][step].append(run_step(root, step, work))
                    finally:
                        shutil.rmtree(work, ignore_errors=True)
    finally:
        for path in warm.values():
            shutil.rmtree(path, ignore_errors=True)
    return results


def report(results, trees: dict[str, Path], runs: int, command: str) -> str:
    def median(name, step, i):
        return statistics.median(r[i] for r in results[name][step])

    lines = ["# Builds and cold start beside a baseline", "",
             f"Measured by `{command}` at commit `{git_state()}` on "
             f"{time.strftime('%Y-%m-%d %H:%M %Z')}; medians of {runs} runs, alternating.",
             "", "| step | baseline wall s | this wall s | baseline CPU s | this CPU s "
             "| CPU ratio |", "|---|---:|---:|---:|---:|---:|"]
    what = {"corpus": "`judgebot corpus build`", "index": "store and index build",
            "cold": "cold start (open store and index, one search)"}
    for step in STEPS:
        base_w, this_w = median("baseline", step, 0), median("this", step, 0)
        base_c, this_c = median("baseline", step, 1), median("this", step, 1)
        lines.append(f"| {what[step]} | {base_w:.2f} | {this_w:.2f} | {base_c:.2f} | "
                     f"{this_c:.2f} | {this_c / base_c:.2f} |")
    lines += ["", f"Baseline: `{trees['baseline']}`."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path, help="the tree to compare with")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", default="-", help="report path, or - for stdout")
    args = parser.parse_args(argv)
    if not (args.baseline / "judgebot").is_dir():
        parser.error(f"{args.baseline} is not a judgebot tree")
    trees = {"baseline": args.baseline.resolve(), "this": ROOT}
    results = measure(trees, max(1, args.runs))
    command = "python bench/bench_builds.py " + " ".join(argv or sys.argv[1:])
    text = report(results, trees, max(1, args.runs), command)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"report in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
