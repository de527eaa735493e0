"""Speed of ``POST /api/v1/simulate`` beside the engine alone.

    python bench/bench_simulate.py                  # writes bench/results/simulate.md
    python bench/bench_simulate.py --runs 3 --out -  # a quick look, markdown to stdout

For every scenario of the gallery (``tests/scenarios/``), interleaved over
several runs so that machine noise hits every measurement alike:

- **floor**: the engine alone, in this process: ``judgebot.engine.simulation.run_text``
  (parse, play every branch, check the expectations);
- **worker job**: what a simulation worker does for one request, in this
  process: the structure limits, the engine with a board drawn at every log
  entry (one run: :class:`judgebot.engine.board.BoardRecorder` observes it),
  the steps and what changed at each, and the answer's JSON but for the cited
  rules' texts (:func:`judgebot.web.simulate.worker.answer`);
- **API**: ``POST /api/v1/simulate`` to ``judgebot serve`` (the production
  server with its pool of worker processes) over loopback, one request at a
  time on a kept-alive connection: the worker job plus HTTP, the pipe to the
  worker and back, and the cited rules' texts from the corpus;
- **page**: ``GET /simulate?example=<id>``, the HTML page with every board drawn.

Each is timed per scenario as the median over runs; the report gives, over
all scenarios, the median, 95th percentile and maximum of those medians, and
the ratios API / floor. Wall-clock times: the machine is shared, so the load
average at the start and end of the run is recorded beside them.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from runinfo import ServerTree  # noqa: E402

SCENARIOS = ROOT / "tests" / "scenarios"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, log) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "judgebot.cli", "serve", "--host", "127.0.0.1",
           "--port", str(port)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=log)
    deadline = time.time() + 600  # a first start may build the index
    while time.time() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise SystemExit(f"server exited: {log.read()[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/static/favicon.svg")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("server did not start")


class Client:
    """One kept-alive HTTP connection to the server."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(self, text: str) -> tuple[float, dict]:
        body = json.dumps({"scenario": text}).encode("utf-8")
        start = time.perf_counter()
        self.conn.request("POST", "/api/v1/simulate", body=body,
                          headers={"Content-Type": "application/json"})
        response = self.conn.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200:
            raise SystemExit(f"POST /api/v1/simulate: status {response.status}: {data[:300]!r}")
        return elapsed, json.loads(data)

    def get(self, path: str) -> float:
        start = time.perf_counter()
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200:
            raise SystemExit(f"GET {path}: status {response.status}: {data[:300]!r}")
        return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per scenario (default 7)")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "simulate.md"),
                        help="where to write the markdown report (- for stdout)")
    args = parser.parse_args(argv)

    from judgebot.engine.cards import pool
    from judgebot.engine.simulation import run_text
    from judgebot.web.simulate import view, worker

    pool()
    # The steps' names as a worker gets them from the web process's corpus.
    from judgebot.services import open_search
    from judgebot.web.catalog import Catalog

    search = open_search()
    worker.STEP_NAMES = view.step_names(Catalog(search.store, search))

    def simulate(text: str) -> None:
        worker.answer(text, False, "hans")

    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.yaml"))}
    load_start = os.getloadavg()
    port = free_port()
    log = tempfile.TemporaryFile("w+")
    server = start_server(port, log)
    floor: dict[str, list[float]] = {k: [] for k in texts}
    job: dict[str, list[float]] = {k: [] for k in texts}
    api: dict[str, list[float]] = {k: [] for k in texts}
    page: dict[str, list[float]] = {k: [] for k in texts}
    inside: dict[str, list[tuple[float, float]]] = {k: [] for k in texts}
    steps: dict[str, int] = {}
    cpu_floor = cpu_job = cpu_web = cpu_workers = 0.0
    refused: set[str] = set()
    try:
        client = Client(port)
        for name, text in texts.items():  # warm-up: imports, caches, the worker pool
            run_text(text)
            simulate(text)
            client.post(text)
            client.get(f"/simulate?example={name}")
        tree = ServerTree(server.pid)
        gc.disable()
        for _ in range(args.runs):
            for name, text in texts.items():
                start, cpu = time.perf_counter(), time.process_time()
                run_text(text)
                floor[name].append(time.perf_counter() - start)
                cpu_floor += time.process_time() - cpu
                start, cpu = time.perf_counter(), time.process_time()
                simulate(text)
                job[name].append(time.perf_counter() - start)
                cpu_job += time.process_time() - cpu
                before = tree.cpu()
                elapsed, data = client.post(text)
                after = tree.cpu()
                cpu_web += after[0] - before[0]
                cpu_workers += after[1] - before[1]
                api[name].append(elapsed)
                timing = data.get("timing") or {}
                inside[name].append((timing.get("engine_ms", 0.0), timing.get("boards_ms", 0.0)))
                steps[name] = len(data["steps"])
                if data["status"] == "refused":
                    refused.add(name)
                page[name].append(client.get(f"/simulate?example={name}"))
                gc.collect()
    finally:
        gc.enable()
        server.terminate()
        server.wait(timeout=30)
        log.close()
    load_end = os.getloadavg()

    med = {label: {k: statistics.median(v) for k, v in series.items()}
           for label, series in (("floor", floor), ("job", job), ("api", api), ("page", page))}
    ms = 1000.0

    def row(label: str, values: list[float]) -> str:
        return (f"| {label} | {statistics.median(values) * ms:.2f} | "
                f"{percentile(values, 0.95) * ms:.2f} | {max(values) * ms:.2f} | "
                f"{sum(values) * ms:.0f} |")

    n_calls = len(texts) * args.runs
    ratio_api = [med["api"][k] / med["floor"][k] for k in texts]
    ratio_job = [med["job"][k] / med["floor"][k] for k in texts]
    engine_in = [statistics.median(e for e, _ in inside[k]) for k in texts]
    boards_in = [statistics.median(r for _, r in inside[k]) for k in texts]
    overhead = [med["api"][k] - med["job"][k] for k in texts]
    lines = [
        "# Simulation API: `POST /api/v1/simulate` beside the engine alone",
        "",
        f"Command: `python bench/bench_simulate.py --runs {args.runs}`  ",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; load average {load_start[0]:.2f} at the start, "
        f"{load_end[0]:.2f} at the end.  ",
        f"Scenarios: {len(texts)} (the gallery, tests/scenarios), {args.runs} runs each, "
        "interleaved; per-scenario medians over runs. Server: `judgebot serve` as it starts "
        "by default (on Linux gunicorn, a web worker per core, waitress in each, each "
        "with 2 simulation worker processes at nice 10), loopback, one request at a time "
        "on a kept-alive connection.",
        "",
        "| per scenario (ms) | median | p95 | max | total |",
        "|---|---:|---:|---:|---:|",
        row("floor: the engine alone (`run_text`)", list(med["floor"].values())),
        row("worker job: limits + engine drawing a board per entry + the answer's JSON",
            list(med["job"].values())),
        row("**API: `POST /api/v1/simulate`**", list(med["api"].values())),
        row("page: `GET /simulate?example=…` (HTML, every board drawn)",
            list(med["page"].values())),
        "",
        f"Ratio API / floor, per scenario: median **{statistics.median(ratio_api):.1f}×**, "
        f"p95 {percentile(ratio_api, 0.95):.1f}×, max {max(ratio_api):.1f}×. "
        f"Worker job / floor: median {statistics.median(ratio_job):.1f}×.",
        "",
        "Where the API's time goes (medians over scenarios, ms): engine inside the worker "
        f"{statistics.median(engine_in):.2f}, drawing a board per entry "
        f"{statistics.median(boards_in):.2f}, everything outside the worker job (HTTP, the "
        f"pipe to the worker and back, rule texts from the corpus) "
        f"{statistics.median(overhead) * ms:.2f}.",
        "",
        "CPU time per request, over all runs (the machine's other work inflates wall "
        "time, much less CPU time; the server's from /proc, in clock ticks): floor "
        f"{cpu_floor * ms / n_calls:.2f} ms, worker job {cpu_job * ms / n_calls:.2f} ms, API "
        f"{(cpu_web + cpu_workers) * ms / n_calls:.2f} ms (web processes "
        f"{cpu_web * ms / n_calls:.2f} ms, simulation workers {cpu_workers * ms / n_calls:.2f} "
        f"ms): API / floor **{(cpu_web + cpu_workers) / cpu_floor:.1f}×**.",
        "",
        f"Steps per scenario: median {statistics.median(steps.values()):.0f}, "
        f"max {max(steps.values())}. Scenarios the engine refuses (answered with the refusal): "
        f"{len(refused)}.",
        "",
        "Slowest scenarios through the API (median ms; floor ms; steps):",
        "",
    ]
    for name in sorted(texts, key=lambda k: -med["api"][k])[:8]:
        lines.append(f"- {name}: {med['api'][name] * ms:.2f} ms; floor "
                     f"{med['floor'][name] * ms:.2f} ms; {steps[name]} steps")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out != "-":
        Path(args.out).write_text(report, encoding="utf-8")
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
