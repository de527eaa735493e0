"""Simplified ⇄ Traditional conversion: the official OpenCC bindings against the
pure-Python reimplementation judgebot uses, on the corpus's own Chinese.

Both install the module ``opencc``, so each is timed in a virtual environment
of its own (the official wheel goes into a temporary one, from PyPI or the
local wheel cache); the same texts, conversions and number of runs for both,
in one run of this script:

* ``t2s`` over the Traditional texts (Force of Will, the beginner's book),
* ``s2t`` over the Simplified texts (the Chinese CR),
* ``to_hans`` as judgebot calls it on Simplified text (the reimplementation
  with judgebot's fast path that skips text with no Traditional character).

    python bench/bench_opencc.py [--runs 5]     → bench/results/opencc.md
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "opencc.md"

# Run inside each environment: time the conversions over the texts on stdin.
WORKER = r"""
import json, sys, time
import opencc
texts = json.load(sys.stdin)
runs = int(sys.argv[1])
out = {"version": getattr(opencc, "__version__", "?"), "file": opencc.__file__}
for config, key in (("t2s", "hant"), ("s2t", "hans")):
    conv = opencc.OpenCC(config)
    sample = conv.convert(texts[key][0])
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for t in texts[key]:
            conv.convert(t)
        times.append(time.perf_counter() - start)
    out[config] = {"seconds": times, "sample": sample[:40]}
print(json.dumps(out))
"""


def texts() -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT))
    from judgebot import corpus
    from judgebot.corpus import ZH_HANS, ZH_HANT

    hans, hant = [], []
    for rec in corpus.load():
        value = getattr(rec, "text", None) or getattr(rec, "definition", None) or {}
        if value.get(ZH_HANT):
            hant.append(value[ZH_HANT])
        elif value.get(ZH_HANS):
            hans.append(value[ZH_HANS])
    return {"hans": hans, "hant": hant}


def official_python(workdir: Path) -> Path:
    env = workdir / "official"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "opencc"], check=True)
    return python


def time_in(python: Path, data: dict, runs: int) -> dict:
    done = subprocess.run([str(python), "-c", WORKER, str(runs)], input=json.dumps(data),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def fast_path(data: dict, runs: int) -> list[float]:
    from judgebot.text.script import to_hans

    times = []
    for _ in range(runs):
        start = __import__("time").perf_counter()
        for t in data["hans"]:
            to_hans(t)
        times.append(__import__("time").perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    data = texts()
    with tempfile.TemporaryDirectory() as tmp:
        official = time_in(official_python(Path(tmp)), data, args.runs)
    ours = time_in(Path(sys.executable), data, args.runs)
    fast = fast_path(data, args.runs)
    med = statistics.median
    rows = [
        ("t2s, Traditional texts", len(data["hant"]), med(official["t2s"]["seconds"]),
         med(ours["t2s"]["seconds"])),
        ("s2t, Simplified texts", len(data["hans"]), med(official["s2t"]["seconds"]),
         med(ours["s2t"]["seconds"])),
    ]
    lines = ["# OpenCC: official bindings against the pure-Python reimplementation", "",
             f"`python bench/bench_opencc.py --runs {args.runs}`; medians of {args.runs} runs "
             "over the corpus's own Chinese, each implementation in its own environment.", "",
             f"- official: `opencc` {official['version']} (C++ library, Python bindings)",
             f"- reimplementation: `opencc-python-reimplemented` ({ours['version']})", "",
             "| conversion | texts | official (s) | reimplementation (s) | reimplementation / "
             "official |", "|---|---:|---:|---:|---:|"]
    for name, n, a, b in rows:
        lines.append(f"| {name} | {n} | {a:.3f} | {b:.3f} | {b / a:.1f}× |")
    lines.append(f"| judgebot's `to_hans` on Simplified text (fast path) | {len(data['hans'])} "
                 f"| – | {med(fast):.3f} | – |")
    same = all(official[c]["sample"] == ours[c]["sample"] for c in ("t2s", "s2t"))
    lines += ["", f"Same output on the first text of each kind: {'yes' if same else 'no'}.", ""]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
