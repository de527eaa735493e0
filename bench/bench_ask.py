"""Speed of ``judgebot ask`` over the judge-question set (bench/ask/questions.yaml).

Each run asks every question of the set, three ways:

- ``Judge.ask`` whole, with its stages timed inside the same call: the
  functions ``Judge.ask`` calls (understand, retrieve, compose, and whatever
  simulation step it gains: any function or method whose name mentions
  "simulat", "scenario" or "engine") are wrapped with timers for the run;
- the retrieval path alone: ``understand`` then ``Retriever.retrieve``, called
  directly, the way ``Judge.ask`` calls them;
- the baseline: ``SearchService.search`` on the question text, the plain search
  a user would otherwise have typed the question into.

One untimed pass warms the caches first. Times are per question, in
milliseconds; median and p95 are over every question of every run.

    python bench/bench_ask.py            # 3 runs; writes the speed part of bench/results/ask.md
    python bench/bench_ask.py --runs 5
"""

from __future__ import annotations

import argparse
import functools
import platform
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import contextmanager
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "ask"))
import askset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "ask.md"
SIMULATION = re.compile(r"simulat|scenario|engine", re.IGNORECASE)
STAGES = ("understand", "retrieve", "simulate", "compose", "other")


class Clock:
    """Wall time and this process's CPU time since the clock was made.

    The machine is shared, so wall time carries other people's load; CPU time
    is the steadier figure of the work done, wall time the one a user waits.
    """

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def read(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


class Timer:
    """Wall and CPU seconds spent in named stages during one ``Judge.ask`` call."""

    def __init__(self) -> None:
        self.spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])

    def wrap(self, stage: str, fn: Callable) -> Callable:
        @functools.wraps(fn)
        def timed(*args, **kwargs):
            clock = Clock()
            try:
                return fn(*args, **kwargs)
            finally:
                wall, cpu = clock.read()
                self.spent[stage][0] += wall
                self.spent[stage][1] += cpu
        return timed

    def of(self, *stages: str) -> tuple[float, float]:
        return (sum(self.spent[s][0] for s in stages), sum(self.spent[s][1] for s in stages))


@contextmanager
def instrumented(judge, timer: Timer):
    """Wrap the stages ``Judge.ask`` calls, and restore them afterwards.

    ``Judge.ask`` looks ``understand`` and ``compose`` up in its module's
    globals and ``retrieve`` on its retriever at call time, so replacing them
    there times the real call without changing what it does.
    """
    from judgebot.judge import service

    patched: list[tuple[object, str, object, bool]] = []

    def patch(owner, name: str, stage: str, instance: bool) -> None:
        original = getattr(owner, name)
        patched.append((owner, name, original, instance))
        setattr(owner, name, timer.wrap(stage, original))

    for name in ("understand", "compose"):
        if callable(getattr(service, name, None)):
            patch(service, name, name, False)
    patch(judge.retriever, "retrieve", "retrieve", True)
    for name, value in list(vars(service).items()):
        if SIMULATION.search(name) and callable(value) and not isinstance(value, type):
            patch(service, name, "simulate", False)
    for name in dir(type(judge)):
        if SIMULATION.search(name) and callable(getattr(judge, name, None)):
            patch(judge, name, "simulate", True)
    try:
        yield [name for _, name, _, _ in patched]
    finally:
        for owner, name, original, instance in reversed(patched):
            if instance:
                delattr(owner, name)  # back to the class's method
            else:
                setattr(owner, name, original)


def measure(judge, svc, questions: list[askset.Question], runs: int) -> dict:
    from judgebot.judge import service

    for q in questions:  # warm-up: analyzers, caches, the index's readers
        judge.ask(q.q)
    samples: dict[str, list[float]] = defaultdict(list)  # wall ms
    cpu: dict[str, list[float]] = defaultdict(list)  # CPU ms
    per_run: list[dict[str, float]] = []
    by_question: dict[str, list[float]] = defaultdict(list)
    by_lang: dict[str, list[float]] = defaultdict(list)
    wrapped: set[str] = set()
    for _ in range(runs):
        run: dict[str, list[float]] = defaultdict(list)
        for q in questions:
            timer = Timer()
            with instrumented(judge, timer) as names:
                wrapped.update(names)
                clock = Clock()
                judge.ask(q.q)
                total = clock.read()
            staged = timer.of("understand", "retrieve", "simulate", "compose")
            row = {"ask": total,
                   "other": (max(0.0, total[0] - staged[0]), max(0.0, total[1] - staged[1])),
                   "understand+retrieve": timer.of("understand", "retrieve"),
                   **{s: timer.of(s) for s in ("understand", "retrieve", "simulate", "compose")}}
            clock = Clock()
            u = service.understand(q.q[:service.MAX_QUESTION_CHARS], judge.lexicon)
            judge.retriever.retrieve(u)
            row["retrieval path alone"] = clock.read()
            clock = Clock()
            svc.search(q.q)
            row["baseline search"] = clock.read()
            for key, (wall, cpu_seconds) in row.items():
                samples[key].append(wall * 1000)
                cpu[key].append(cpu_seconds * 1000)
                run[key].append(wall * 1000)
            by_question[q.id].append(total[0] * 1000)
            by_lang[q.family].append(total[0] * 1000)
        per_run.append({k: statistics.median(v) for k, v in run.items()})
    return {"samples": samples, "cpu": cpu, "per_run": per_run, "by_question": by_question,
            "by_lang": by_lang, "wrapped": sorted(set(wrapped))}


ROWS = ("ask", "understand+retrieve", "understand", "retrieve", "simulate", "compose", "other",
        "retrieval path alone", "baseline search")


def report(result: dict, questions: list[askset.Question], runs: int, elapsed: float) -> str:
    samples = result["samples"]
    sim_wired = "simulate" in {_stage(n) for n in result["wrapped"]}
    lines = [
        "## Speed",
        "",
        f"Measured {date.today().isoformat()} (Python {platform.python_version()}, "
        f"{platform.machine()}, {_cores()} cores, shared machine), {len(questions)} questions "
        f"× {runs} runs after one warm-up pass, {elapsed:.0f} s in all. Reproduce: "
        f"`python bench/bench_ask.py --runs {runs}`. Milliseconds per question.",
        "",
        "| what | median | p95 | mean | max | CPU median | CPU p95 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for key in ROWS:
        values = samples.get(key)
        if not values:
            continue
        if key == "simulate" and not sim_wired:
            lines.append("| simulate | not wired | – | – | – | – | – |")
            continue
        cpu = result["cpu"][key]
        lines.append(f"| {key} | {statistics.median(values):.1f} | "
                     f"{askset.percentile(values, 95):.1f} | {statistics.fmean(values):.1f} | "
                     f"{max(values):.1f} | {statistics.median(cpu):.1f} | "
                     f"{askset.percentile(cpu, 95):.1f} |")
    lines += [
        "",
        "*ask*: `Judge.ask` whole. *understand*, *retrieve*, *simulate*, *compose*: the time "
        "spent inside each stage during that same call (stages found: "
        + ", ".join(f"`{n}`" for n in result["wrapped"]) + "); *other*: the rest of "
        "`Judge.ask`. *retrieval path alone*: `understand` + `Retriever.retrieve` called "
        "directly. *baseline search*: `SearchService.search` on the question text. "
        "The first four columns are wall-clock time, which on this shared machine carries "
        "other processes' load; *CPU* is this process's CPU time, the steadier figure.",
        "",
    ]
    if not sim_wired:
        lines += ["Simulation: `Judge.ask` calls no simulation step yet (no function or method "
                  "named for simulation, scenarios or the engine), so it costs nothing and is "
                  "reported as not wired.", ""]
    lines += ["Median per run (ms): "
              + "; ".join(f"run {i}: ask {r['ask']:.1f}, retrieval {r['retrieval path alone']:.1f}"
                          for i, r in enumerate(result["per_run"], 1)), ""]
    lang = result["by_lang"]
    lines += ["`Judge.ask` by language: " + ", ".join(
        f"{k} median {statistics.median(v):.1f} ms, p95 {askset.percentile(v, 95):.1f} ms"
        for k, v in sorted(lang.items())), ""]
    slowest = sorted(result["by_question"].items(), key=lambda kv: -statistics.median(kv[1]))[:5]
    text = {q.id: q.q for q in questions}
    lines += ["Slowest questions (median `Judge.ask`):", ""]
    lines += [f"- {qid} {statistics.median(v):.0f} ms: {text[qid]}" for qid, v in slowest]
    lines.append("")
    return "\n".join(lines)


def _stage(name: str) -> str:
    return "simulate" if SIMULATION.search(name) else name


def _cores() -> str:
    import os
    return str(os.cpu_count() or "?")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="timed passes over the set")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the Markdown report")
    parser.add_argument("--limit", type=int, help="only the first N questions (a quick look)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    from judgebot.judge.service import Judge
    from judgebot.services import open_search

    questions = askset.load()[:args.limit]
    svc = open_search()
    judge = Judge(svc.store, svc)
    start = time.perf_counter()
    result = measure(judge, svc, questions, args.runs)
    elapsed = time.perf_counter() - start
    askset.update_section(args.out, "speed", report(result, questions, args.runs, elapsed))
    ask = result["samples"]["ask"]
    alone = result["samples"]["retrieval path alone"]
    print(f"Judge.ask median {statistics.median(ask):.1f} ms, p95 "
          f"{askset.percentile(ask, 95):.1f} ms; retrieval path alone median "
          f"{statistics.median(alone):.1f} ms, p95 {askset.percentile(alone, 95):.1f} ms; "
          f"report in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
