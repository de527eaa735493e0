"""Speed of the rules engine against the floor of merely parsing the scenarios.

    python bench/bench_engine.py                  # writes bench/results/engine.md
    python bench/bench_engine.py --runs 3 --out -  # a quick look, markdown to stdout

For every scenario under tests/scenarios/ the benchmark measures, in the same
process and the same run, interleaved so that machine noise hits both alike:

- **floor**: ``yaml.safe_load`` of the scenario text (PyYAML's pure-Python safe
  loader, which is what the format is defined by);
- **simulate**: ``judgebot.engine.simulation.run_text`` on the same text: loading
  with line marks, validating, building the game, playing every action (every
  branch of an open choice), checking the expectations.

Each scenario is timed over several runs; the report gives, per scenario, the
median over runs, and over all scenarios the median, 90th percentile and
maximum of those medians, the ratio simulate/floor (median of the per-scenario
ratios), and the total. The card pool is read once per process; its load time
is reported separately. The C loader (``yaml.CSafeLoader``, used by the engine
when libyaml is present) is shown as a second, faster floor.
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCENARIOS = ROOT / "tests" / "scenarios"
ORACLE = (ROOT / "tests" / "oracle_scenarios", ROOT / "tests" / "oracle_more")


def oracle_cards():
    """Every card of the card file by English or Chinese name, read from its Oracle text
    once (the engine's own pool as the fallback), as the oracle scenarios take them."""
    sys.path.insert(0, str(ROOT / "bench"))
    from cardfile import load_cards

    from judgebot.engine.cards import pool
    from judgebot.engine.oracle import OracleCards
    return OracleCards.from_records(load_cards(), fallback=pool())


def timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per scenario (default 7)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "engine.md"),
                        help="where to write the markdown report (- for stdout)")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    from judgebot.engine.cards import pool
    cards = pool()
    pool_load = time.perf_counter() - t0
    from judgebot.engine.simulation import run_text

    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.yaml"))}
    t1 = time.perf_counter()
    source = oracle_cards()
    source_load = time.perf_counter() - t1
    oracle = {"oracle:" + p.stem: p.read_text(encoding="utf-8")
              for d in ORACLE for p in sorted(d.glob("*.yaml"))}
    cards_of = {k: (source if k in oracle else None) for k in [*texts, *oracle]}
    n_gallery = len(texts)
    texts = {**texts, **oracle}
    c_loader = getattr(yaml, "CSafeLoader", None)
    floor: dict[str, list[float]] = {k: [] for k in texts}
    floor_c: dict[str, list[float]] = {k: [] for k in texts}
    sim: dict[str, list[float]] = {k: [] for k in texts}
    runs_needed: dict[str, int] = {}
    for name, text in texts.items():  # warm-up: imports, caches, each card read once
        run_text(text, cards=cards_of[name])
    gc.disable()
    try:
        for _ in range(args.runs):
            for name, text in texts.items():
                floor[name].append(timed(yaml.safe_load, text))
                if c_loader is not None:
                    floor_c[name].append(timed(yaml.load, text, c_loader))
                start = time.perf_counter()
                result = run_text(text, cards=cards_of[name])
                sim[name].append(time.perf_counter() - start)
                runs_needed[name] = result.runs
                gc.collect()
    finally:
        gc.enable()

    med_floor = {k: statistics.median(v) for k, v in floor.items()}
    med_sim = {k: statistics.median(v) for k, v in sim.items()}
    ratios = [med_sim[k] / med_floor[k] for k in texts]
    ms = 1000.0

    def row(label: str, values: list[float]) -> str:
        return (f"| {label} | {statistics.median(values) * ms:.2f} | "
                f"{percentile(values, 0.9) * ms:.2f} | {max(values) * ms:.2f} | "
                f"{sum(values) * ms:.0f} |")

    lines = [
        "# Rules engine: simulation time beside YAML parsing",
        "",
        f"Command: `python bench/bench_engine.py --runs {args.runs}`  ",
        f"Machine: {platform.machine()}, Python {platform.python_version()}, "
        f"PyYAML {yaml.__version__} (libyaml: {bool(c_loader)})  ",
        f"Scenarios: {len(texts)} ({n_gallery} of tests/scenarios, {len(oracle)} of "
        "tests/oracle_scenarios and tests/oracle_more), "
        f"{args.runs} runs each, interleaved; per-scenario medians over runs.  ",
        f"Card pool: {len(cards)} cards, loaded once in {pool_load * ms:.0f} ms; the card file "
        f"indexed by name in {source_load * ms:.0f} ms, each card read from its Oracle text "
        "once (in the warm-up run).",
        "",
        "| per scenario (ms) | median | p90 | max | total |",
        "|---|---:|---:|---:|---:|",
        row("floor: `yaml.safe_load`", list(med_floor.values())),
    ]
    if c_loader is not None:
        med_c = {k: statistics.median(v) for k, v in floor_c.items()}
        lines.append(row("floor: `yaml.CSafeLoader`", list(med_c.values())))
    gallery = [k for k in texts if not k.startswith("oracle:")]
    lines += [
        row("simulate: `run_text` (parse, play, check), all", list(med_sim.values())),
        row(f"— the gallery (tests/scenarios, {n_gallery})", [med_sim[k] for k in gallery]),
        row(f"— real cards read from Oracle text ({len(oracle)})",
            [med_sim[k] for k in oracle]),
        "",
        f"Ratio simulate / `safe_load` floor, per scenario: median "
        f"**{statistics.median(ratios):.1f}×**, p90 {percentile(ratios, 0.9):.1f}×, "
        f"max {max(ratios):.1f}×.",
    ]
    if c_loader is not None:
        ratios_c = [med_sim[k] / med_c[k] for k in texts]
        lines += ["",
            f"Ratio simulate / `CSafeLoader` floor (the loader the engine itself uses), "
            f"per scenario: median **{statistics.median(ratios_c):.1f}×**, "
            f"p90 {percentile(ratios_c, 0.9):.1f}×, max {max(ratios_c):.1f}×."]
    lines += [
        "",
        f"Scenarios with open choices are played once per option: "
        f"{sum(1 for v in runs_needed.values() if v > 1)} of them, "
        f"{sum(runs_needed.values())} plays in all.",
        "",
        "Slowest scenarios (median ms, ratio to their floor, plays):",
        "",
    ]
    for name in sorted(texts, key=lambda k: -med_sim[k])[:8]:
        lines.append(f"- {name}: {med_sim[name] * ms:.2f} ms, "
                     f"{med_sim[name] / med_floor[name]:.1f}×, {runs_needed[name]} play(s)")
    report = "\n".join(lines) + "\n"
    if args.out == "-":
        print(report)
    else:
        Path(args.out).write_text(report, encoding="utf-8")
        print(report)
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
