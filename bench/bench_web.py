"""Load benchmark of the web service: one process against worker processes.

Starts ``judgebot serve`` twice on free loopback ports, over the same index:

* **single**: one process (``--server waitress``), what ``judgebot serve`` was
  before it forked workers: the baseline;
* **workers**: the default on Linux, ``--workers N`` processes (gunicorn,
  forked after loading, waitress in each);
* **uncached**: the same without the per-process caches of answers and of the
  search's term and phrase scores (``--page-cache 0 --search-cache 0``): what
  every request costs when nobody asked for it before and none of its words was
  searched before (``--parts load`` alone skips it);

and drives each with ``wrk`` for a fixed time at several concurrencies,
alternating between the two servers run after run so both see the same
machine:

* the **mix**: a long seeded stream of searches (result pages and JSON API calls),
  rule pages and glossary pages drawn from pools of real queries with a Zipf-like
  repetition, a few popular, most asked once (``bench/web_mix.py``); each server
  takes the stream up where its previous run stopped, so none is timed on
  requests it has already answered more than a real server would have;
* the **floor**: a static file from the same server (what the server costs
  without the application).

Then, on the workers server, **searches with simulations in flight**: client
threads keep ``--simulations`` ``POST /api/v1/simulate`` requests (the
gallery's scenarios) in flight while wrk runs API searches, beside the same
searches with nothing else running.

Reports requests per second, p50/p99 latency and errors (connection errors,
timeouts and non-2xx/3xx statuses), the median of ``--runs`` runs, and each
bar of issue 12 as met or not met. Results go to ``bench/results/web.md``
and ``.json``.

    apt-get install -y wrk
    python bench/bench_web.py                       # ~8 minutes
    python bench/bench_web.py --duration 3 --runs 1 --out -   # a quick look
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import web_mix  # noqa: E402
from runinfo import ServerTree, git_state  # noqa: E402

FLOOR = "/static/app.css"
BARS = {"speedup": 1.6, "p99_64_ms": 250, "p99_search_with_simulations_ms": 100}

# wrk's script: the requests are read from a file, one ``path<TAB>language`` a line
# (bench/web_mix.py); wrk's threads take turns along it from ``start``, so every
# request of the stream is sent once, in order, whatever the threads.
LUA = """
local paths, languages = {}, {}
local headers = {%(headers)s}
local start, stride = %(start)d, %(threads)d
local counter = 0
local made = 0
setup = function(thread)
  thread:set("id", made)
  made = made + 1
end
init = function(args)
  for line in io.lines("%(file)s") do
    local tab = line:find("\\t")
    paths[#paths + 1] = line:sub(1, tab - 1)
    languages[#languages + 1] = tonumber(line:sub(tab + 1))
  end
end
request = function()
  local i = (start + counter * stride + id) %% #paths + 1
  counter = counter + 1
  return wrk.format("GET", paths[i], headers[languages[i]])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %%d, "duration_us": %%d, "p50_us": %%d, "p99_us": %%d, ' ..
    '"max_us": %%d, "connect": %%d, "read": %%d, "write": %%d, "status": %%d, "timeout": %%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
"""


class Stream:
    """A request stream in a file, and how far each server has been sent along it."""

    def __init__(self, requests: list[web_mix.Request], directory: Path, name: str) -> None:
        self.requests = requests
        self.file = directory / f"{name}.tsv"
        web_mix.write(requests, self.file)
        self.sent: dict[str, int] = {}

    def advance(self, server: str, count: int) -> None:
        self.sent[server] = self.sent.get(server, 0) + count

    def start(self, server: str) -> int:
        return self.sent.get(server, 0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, name: str, extra: list[str], threads: int | None):
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # The log goes to a file: a pipe nobody reads fills up and stalls the server.
        self.log = tempfile.TemporaryFile("w+")
        extra = extra + (["--threads", str(threads)] if threads else [])
        cmd = [sys.executable, "-m", "judgebot.cli", "serve", "--host", "127.0.0.1",
               "--port", str(self.port), *extra]
        self.command = "judgebot serve " + " ".join(extra)
        self.process = subprocess.Popen(cmd, cwd=ROOT, stdout=self.log, stderr=self.log)

    def wait_ready(self) -> None:
        deadline = time.time() + 600  # a first start may build the index
        while time.time() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise SystemExit(f"{self.name} server exited: {self.log.read()[-2000:]}")
            try:
                urllib.request.urlopen(self.base + FLOOR, timeout=2)
                return
            except OSError:
                time.sleep(0.5)
        raise SystemExit(f"{self.name} server did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def check_paths(base: str, paths: list[str]) -> None:
    """Every request given must succeed before it is timed."""
    for path in paths:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            if response.status != 200:
                raise SystemExit(f"{path}: status {response.status}")


def run_wrk(base: str, stream: Stream, key: str, concurrency: int, duration: int,
            tree: ServerTree | None = None) -> dict:
    """wrk along ``stream`` from where server ``key`` stopped last time."""
    threads = max(1, min(concurrency, 2))
    headers = ", ".join(f'{{["Accept-Language"] = {json.dumps(lang)}}}' if lang else "{}"
                        for lang in web_mix.LANGUAGES)
    script = LUA % {"headers": headers, "start": stream.start(key), "threads": threads,
                    "file": str(stream.file)}
    before = tree.cpu() if tree else None
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(script)
    try:
        out = subprocess.run(
            ["wrk", "-t", str(threads), "-c", str(concurrency), "-d", f"{duration}s",
             "--timeout", "10s", "-s", fh.name, base + "/"],
            capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(fh.name)
    after = tree.cpu() if tree else None
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    raw = json.loads(line[len("RESULT "):])
    stream.advance(key, raw["requests"])
    # The CPU the server's web processes spent per request (the machine's other work
    # inflates latency, much less this).
    cpu_ms = (after[0] - before[0]) * 1000 / raw["requests"] if tree and raw["requests"] \
        else None
    return {
        "cpu_ms": cpu_ms,
        "requests": raw["requests"],
        "rps": raw["requests"] / (raw["duration_us"] / 1e6),
        "p50_ms": raw["p50_us"] / 1000, "p99_ms": raw["p99_us"] / 1000,
        "max_ms": raw["max_us"] / 1000,
        "errors": sum(raw[k] for k in ("connect", "read", "write", "status", "timeout")),
    }


def median_of(runs: list[dict]) -> dict:
    return {"runs": len(runs),
            "rps": round(statistics.median(r["rps"] for r in runs), 1),
            "rps_all": [round(r["rps"], 1) for r in runs],
            "p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 2),
            "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 2),
            "p99_all": [round(r["p99_ms"], 2) for r in runs],
            "max_ms": round(max(r["max_ms"] for r in runs), 2),
            "errors": sum(r["errors"] for r in runs),
            "cpu_ms": round(statistics.median(r["cpu_ms"] for r in runs), 2)
            if all(r.get("cpu_ms") is not None for r in runs) else None}


# --- simulations in flight -----------------------------------------------------------------------

def gallery_scenarios(base: str) -> list[str]:
    with urllib.request.urlopen(base + "/api/v1/simulate/examples", timeout=30) as r:
        groups = json.loads(r.read())["groups"]
    texts = []
    for group in groups:
        for example in group["examples"]:
            with urllib.request.urlopen(base + example["api"], timeout=30) as r:
                texts.append(json.loads(r.read())["scenario"])
    return texts


class Simulations:
    """``count`` client threads, each with one ``POST /api/v1/simulate`` always in flight."""

    def __init__(self, port: int, scenarios: list[str], count: int):
        self.port, self.scenarios, self.count = port, scenarios, count
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.statuses: dict[str, int] = {}
        self.seconds: list[float] = []
        self.threads = [threading.Thread(target=self._loop, args=(i,), daemon=True)
                        for i in range(count)]

    def _loop(self, n: int) -> None:
        i = n
        while not self.stop.is_set():
            body = json.dumps({"scenario": self.scenarios[i % len(self.scenarios)]}).encode()
            i += self.count
            start = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                conn.request("POST", "/api/v1/simulate", body,
                             {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                status = str(response.status)
                conn.close()
            except OSError as exc:
                status = type(exc).__name__
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
                self.seconds.append(time.perf_counter() - start)

    def __enter__(self):
        for t in self.threads:
            t.start()
        time.sleep(2)  # all in flight before the searches start
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=90)

    def summary(self) -> dict:
        s = sorted(self.seconds)
        return {"in_flight": self.count, "completed": len(s), "statuses": self.statuses,
                "p50_ms": round(1000 * s[len(s) // 2], 1) if s else None,
                "p99_ms": round(1000 * s[min(len(s) - 1, int(len(s) * 0.99))], 1) if s else None}


# --- report --------------------------------------------------------------------------------------

def verdicts(report: dict) -> list[tuple[str, str, bool]]:
    out = []
    if "single" in report:
        single, workers = report["single"], report["workers"]
        top = str(max(report["concurrency"]))
        best_single = max(single["mix"][c]["rps"] for c in single["mix"])
        speedup = workers["mix"][top]["rps"] / best_single
        p99 = workers["mix"][top]["p99_ms"]
        errors = sum(r["errors"] for s in (single, workers) for part in ("mix", "floor")
                     for r in s[part].values())
        out += [
            (f"mix throughput at {top} connections ≥ {BARS['speedup']}× the single "
             "process's best",
             f"{workers['mix'][top]['rps']} req/s = {speedup:.2f}× {best_single} req/s",
             speedup >= BARS["speedup"]),
            (f"mix p99 at {top} connections ≤ {BARS['p99_64_ms']} ms", f"{p99} ms",
             p99 <= BARS["p99_64_ms"]),
            ("no errors in any run", f"{errors} errors", errors == 0),
        ]
    sims = report.get("simulations")
    if sims:
        loaded = sims["searches_with"]
        out.append((f"search p99 with {sims['load']['in_flight']} simulations in flight ≤ "
                    f"{BARS['p99_search_with_simulations_ms']} ms",
                    f"{loaded['p99_ms']} ms ({loaded['errors']} errors)",
                    loaded["p99_ms"] <= BARS["p99_search_with_simulations_ms"]
                    and loaded["errors"] == 0))
    return out


def markdown(report: dict) -> str:
    lines = ["# Web service under load", "",
             f"`{report['command']}` on {report['machine']}, {report['date']}, commit "
             f"{report['commit']}. "
             f"Load average {report['load_before']} before, {report['load_after']} after; "
             f"servers and wrk at nice {report.get('nice', 0)}.", "",
             f"wrk, {report['duration_s']} s per run, {report['runs']} run(s) per cell "
             "(medians; the servers alternate run after run), loopback. " + mix_text(report["mix"])
             + f" Floor: `{FLOOR}` from the same server. wrk itself runs on the same 2 cores. "
             "CPU ms/req: the CPU time the server's web processes (not the niced simulation "
             "workers) spent per request answered, from /proc: what the machine's other work "
             "inflates much less than latency.", ""]
    for key in [k for k in ("single", "workers", "uncached") if k in report]:
        s = report[key]
        lines += [f"## {s['label']}", "", f"`{s['command']}`", "",
                  "| connections | mix req/s | mix p50 ms | mix p99 ms | mix CPU ms/req "
                  "| errors | floor req/s | floor p50 ms | floor p99 ms | floor CPU ms/req "
                  "| errors |",
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for c in report["concurrency"]:
            m = s["mix"][str(c)]
            f = s["floor"].get(str(c)) or dict.fromkeys(
                ("rps", "p50_ms", "p99_ms", "cpu_ms", "errors"), "–")
            lines.append(f"| {c} | {m['rps']} | {m['p50_ms']} | {m['p99_ms']} | "
                         f"{m.get('cpu_ms')} | {m['errors']} | {f['rps']} | {f['p50_ms']} | "
                         f"{f['p99_ms']} | {f.get('cpu_ms')} | {f['errors']} |")
        lines.append("")
    sims = report.get("simulations")
    if sims:
        load = sims["load"]
        lines += [f"## Searches with {load['in_flight']} simulations in flight", "",
                  f"On the workers server: {load['in_flight']} client threads each keep one "
                  "`POST /api/v1/simulate` (the gallery's scenarios, cycled) in flight while "
                  "wrk runs JSON searches (a stream of its own, drawn as the mix's searches) at "
                  f"{sims['connections']} connections; beside it, the searches alone.", "",
                  "| searches | req/s | p50 ms | p99 ms | max ms | web CPU ms per search (with "
                  "the simulations' web work) | errors |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for label, key in (("alone", "searches_alone"),
                           (f"with {load['in_flight']} simulations", "searches_with")):
            r = sims[key]
            lines.append(f"| {label} | {r['rps']} | {r['p50_ms']} | {r['p99_ms']} | "
                         f"{r['max_ms']} | {r.get('cpu_ms')} | {r['errors']} |")
        lines += ["", f"The simulations meanwhile: {load['completed']} completed, statuses "
                  f"{load['statuses']}, p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms.", ""]
    lines += ["## Bars (issue 12)", "", "| bar | measured | met |", "|---|---|---|"]
    lines += [f"| {bar} | {got} | {'met' if ok else '**not met**'} |"
              for bar, got, ok in verdicts(report)]
    if "uncached" in report and "single" in report:
        top = str(max(report["concurrency"]))
        best_single = max(r["rps"] for r in report["single"]["mix"].values())
        m = report["uncached"]["mix"][top]
        errors = sum(r["errors"] for r in report["uncached"]["mix"].values())
        lines += ["", f"Without the page and search caches (not a bar: the cost when nobody "
                  f"asked for a page before and none of a search's words is cached yet): "
                  f"{m['rps']} req/s = {m['rps'] / best_single:.2f}× "
                  f"at {top} connections, p99 {m['p99_ms']} ms, CPU {m.get('cpu_ms')} ms/req, "
                  f"{errors} errors."]
    lines += ["", "The mix's first requests:", ""] + [f"- `{p}`" for p in report["mix"]["first"]]
    return "\n".join(lines) + "\n"


def mix_text(mix: dict) -> str:
    pools = ", ".join(f"{n} {name}" for name, n in mix["pools"].items())
    sent = "; ".join(
        f"{key} {r['requests']} requests, {r['distinct']} distinct, "
        f"{100 * r['distinct_once']:.0f}% of them asked once, {100 * r['repeats']:.0f}% of "
        f"requests repeats, top 10 {100 * r['top10_share']:.0f}%"
        for key, r in mix["sent"].items())
    return ("Mix: a seeded stream (seed " f"{mix['seed']}" ") drawn from pools of real "
            f"queries and pages ({pools}; bench/web_mix.py): searches as result pages and "
            "JSON calls (the relevance sets, the judge questions' text, glossary terms and "
            "card names in English, Simplified and Traditional, rule numbers), rule pages of "
            "two editions, glossary pages, in the shares "
            f"{mix['shares']}, Zipf (s = {mix['zipf_s']}) within each pool, pages with four "
            "Accept-Language headers. Each server takes the stream up where it stopped; what "
            f"each was sent: {sent}.")


HISTORY = "## History"


def kept_history(path: Path) -> str:
    """The hand-written ``## History`` section of the report being replaced (the
    figures before and after each change, with their load), kept at its end."""
    try:
        old = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    at = old.find("\n" + HISTORY)
    return "\n" + old[at + 1:] if at >= 0 else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=8, help="seconds per wrk run")
    parser.add_argument("--runs", type=int, default=3, help="runs per cell (median)")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per server process (default: judgebot serve's)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--simulations", type=int, default=20,
                        help="simulations kept in flight (0: skip that part)")
    parser.add_argument("--search-connections", type=int, default=8)
    parser.add_argument("--parts", nargs="+", choices=["load", "uncached", "simulations"],
                        default=["load", "uncached", "simulations"])
    parser.add_argument("--seed", type=int, default=web_mix.SEED,
                        help="the mix's seed (runs with the same seed compare)")
    parser.add_argument("--stream", type=int, default=web_mix.STREAM_LENGTH,
                        help="requests in the mix's stream (each server takes it up where "
                             "it stopped; it wraps around past the end)")
    parser.add_argument("--out", default=str(BENCH / "results" / "web"),
                        help="report path without suffix, or - for stdout")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk)")
    workdir = Path(tempfile.mkdtemp(prefix="bench-web-"))
    mix = Stream(web_mix.stream(args.stream, args.seed), workdir, "mix")
    floor = Stream([web_mix.Request(FLOOR, 0)], workdir, "floor")
    searches = Stream(web_mix.search_stream(args.stream, args.seed + 1), workdir, "searches")
    load_before = round(os.getloadavg()[0], 2)
    servers = {"workers": Server("workers", ["--server", "gunicorn", "--workers",
                                             str(args.workers)], args.threads)}
    if "load" in args.parts:
        servers["single"] = Server("single", ["--server", "waitress"], args.threads)
        if "uncached" in args.parts:
            servers["uncached"] = Server("uncached", ["--server", "gunicorn", "--workers",
                                                      str(args.workers), "--page-cache", "0",
                                                      "--search-cache", "0"], args.threads)
    labels = {"single": f"One process (waitress, {args.threads or 8} threads), the baseline",
              "workers": f"{args.workers} worker processes (gunicorn, waitress in each, "
                         f"{args.threads or 4} threads each for pages and searches, more "
                         "for simulations waiting for their worker)",
              "uncached": f"The same {args.workers} worker processes without the page cache "
                          "and the search cache (mix only)"}
    results: dict = {k: {"mix": {}, "floor": {}} for k in servers}
    order = ["single", "workers", "uncached"]  # the baseline first in every run
    servers = {k: servers[k] for k in order if k in servers}
    sims = None
    try:
        for key, server in servers.items():
            server.wait_ready()
            check_paths(server.base, [FLOOR])
            # A first stretch of the stream: every worker past its first requests
            # (what a server's lazy tables load once), its caches as after a few seconds.
            run_wrk(server.base, mix, key, 16, 2)
        trees = {key: ServerTree(server.process.pid) for key, server in servers.items()}
        cells: dict = {}
        for run in range(args.runs if "load" in args.parts else 0):
            for c in args.concurrency:
                for key, server in servers.items():
                    for part, stream in (("mix", mix), ("floor", floor)):
                        if key == "uncached" and part == "floor":
                            continue  # the same server code as the workers'
                        r = run_wrk(server.base, stream, key, c, args.duration, trees[key])
                        cells.setdefault((key, part, c), []).append(r)
                        print(f"run {run + 1} {key:7s} {part:5s} c={c:3d} {r['rps']:8.1f} "
                              f"req/s p50 {r['p50_ms']:7.2f} ms p99 {r['p99_ms']:7.2f} ms "
                              f"err {r['errors']} cpu {r['cpu_ms'] or 0:.2f} ms/req",
                              flush=True)
        for (key, part, c), runs in cells.items():
            results[key][part][str(c)] = median_of(runs)
        if args.simulations and "simulations" in args.parts:
            workers = servers["workers"]
            scenarios = gallery_scenarios(workers.base)
            alone, loaded, load = [], [], None
            for run in range(args.runs):
                alone.append(run_wrk(workers.base, searches, "workers",
                                     args.search_connections, args.duration, trees["workers"]))
                with Simulations(workers.port, scenarios, args.simulations) as simulations:
                    loaded.append(run_wrk(workers.base, searches, "workers",
                                          args.search_connections, args.duration,
                                          trees["workers"]))
                load = simulations.summary()
                print(f"run {run + 1} searches alone p99 {alone[-1]['p99_ms']:.2f} ms; with "
                      f"{args.simulations} simulations p99 {loaded[-1]['p99_ms']:.2f} ms "
                      f"err {loaded[-1]['errors']}; simulations {load['statuses']}", flush=True)
            sims = {"connections": args.search_connections, "searches_alone": median_of(alone),
                    "searches_with": median_of(loaded), "load": load}
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    report = {
        "command": "python bench/bench_web.py " + " ".join(sys.argv[1:]),
        "date": time.strftime("%Y-%m-%d"), "commit": git_state(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python "
                   f"{platform.python_version()}",
        "load_before": load_before, "load_after": round(os.getloadavg()[0], 2),
        "nice": os.nice(0),
        "duration_s": args.duration, "runs": args.runs, "concurrency": args.concurrency,
        "mix": {"seed": args.seed, "stream": args.stream, "shares": web_mix.SHARES,
                "zipf_s": web_mix.ZIPF_S, "pools": web_mix.pool_sizes(),
                "sent": {k: web_mix.repetition(mix.requests[:n]) for k, n in mix.sent.items()},
                "first": [r.path for r in mix.requests[:12]]},
        **{k: {"label": labels[k], "command": servers[k].command, **results[k]}
           for k in servers if "load" in args.parts},
        "simulations": sims,
    }
    text = markdown(report)
    if args.out == "-":
        print(text)
    else:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.with_suffix(".json").write_text(
            json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        out.with_suffix(".md").write_text(text + kept_history(out.with_suffix(".md")),
                                          encoding="utf-8")
        print(f"wrote {out.with_suffix('.md')}")
    for bar, got, ok in verdicts(report):
        print(f"{'met    ' if ok else 'NOT MET'}  {bar}: {got}")
    return 0 if all(ok for *_, ok in verdicts(report)) else 1


if __name__ == "__main__":
    sys.exit(main())
