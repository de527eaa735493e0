"""Load benchmark of the web service.

Starts ``judgebot serve`` (the production server, waitress) on a free loopback
port, then drives it with ``wrk`` for a fixed time at several concurrencies:

* the **mix**: a fixed, cycled list of search (pages and JSON API, English,
  Chinese, misspelt, by number), rule-page and glossary-page requests;
* the **floor**: a static file served by the same server.

and reports requests per second, p50/p99 latency and errors (connection
errors, timeouts and non-2xx/3xx statuses; these must be zero). Results are
written to ``bench/bench_web_results.json`` and ``.md``.

    apt-get install -y wrk
    python bench/bench_web.py [--duration 10] [--concurrency 1 8 32 64]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

# The fixed mix, cycled in order by every wrk connection: 10 searches (4 pages,
# 6 API calls, as instant search makes), 8 rule pages, 4 glossary pages.
SEARCHES = ["trample", "践踏", "踐踏", "tramble", "combat damage", "状态动作", "jianta",
            "deathtouch trample", "702.19b", "first strike"]
RULES = ["702.19b", "702.19", "704.5a", "601.2", "2019-10-04/702.19b", "510.1c", "303.4",
         "116.3"]
GLOSSARY = ["trample", "deathtouch", "state-based-actions", "priority"]


def mix_paths() -> list[str]:
    paths = []
    for i, q in enumerate(SEARCHES):
        if i % 5 in (0, 3):  # a results page …
            paths.append(f"/search?q={quote(q)}&stay=1")
        else:  # … or what the instant search asks
            paths.append(f"/api/v1/search?q={quote(q)}&per_page=10")
    paths += [f"/mtg/cr/{n}" for n in RULES]
    paths += [f"/mtg/glossary/{t}" for t in GLOSSARY]
    return paths


LUA = """
local paths = {%(paths)s}
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, threads: int, log) -> subprocess.Popen:
    # The server's log goes to a file: a pipe nobody reads fills up under load
    # (waitress warns about its queue depth) and then stalls the server.
    cmd = [sys.executable, "-m", "judgebot.cli", "serve", "--host", "127.0.0.1",
           "--port", str(port), "--threads", str(threads)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=log)
    deadline = time.time() + 600  # a first start may build the index
    while time.time() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise SystemExit(f"server exited: {log.read()[-2000:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/static/favicon.svg", timeout=2)
            return proc
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("server did not start")


def check_paths(base: str, paths: list[str]) -> None:
    """Every request of the mix must succeed before it is timed."""
    for path in paths:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            if response.status != 200:
                raise SystemExit(f"{path}: status {response.status}")


def run_wrk(base: str, paths: list[str], concurrency: int, duration: int) -> dict:
    script = LUA % {"paths": ", ".join(json.dumps(p) for p in paths)}
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(script)
    try:
        threads = max(1, min(concurrency, 2))
        out = subprocess.run(
            ["wrk", "-t", str(threads), "-c", str(concurrency), "-d", f"{duration}s",
             "--timeout", "10s", "-s", fh.name, base + "/"],
            capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(fh.name)
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    raw = json.loads(line[len("RESULT "):])
    errors = sum(raw[k] for k in ("connect", "read", "write", "status", "timeout"))
    return {
        "concurrency": concurrency,
        "requests": raw["requests"],
        "rps": round(raw["requests"] / (raw["duration_us"] / 1e6), 1),
        "p50_ms": round(raw["p50_us"] / 1000, 2),
        "p99_ms": round(raw["p99_us"] / 1000, 2),
        "max_ms": round(raw["max_us"] / 1000, 2),
        "errors": errors,
        "error_detail": {k: raw[k] for k in ("connect", "read", "write", "status", "timeout")},
    }


def markdown(report: dict) -> str:
    lines = ["# Web service under load", "",
             f"`{report['command']}` on {report['machine']}, {report['date']}.", "",
             f"Server: `judgebot serve` (waitress, {report['threads']} threads), loopback; "
             f"wrk, {report['duration_s']} s per run. Mix: {report['mix_size']} requests "
             "cycled (searches as pages and JSON API calls in English, Chinese, pinyin, "
             "misspelt and by number; rule pages; glossary pages). Floor: "
             f"`{report['floor_path']}` from the same server.", "",
             "| concurrency | mix req/s | mix p50 ms | mix p99 ms | mix errors "
             "| floor req/s | floor p50 ms | floor p99 ms | floor errors |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for mix, floor in zip(report["mix"], report["floor"], strict=True):
        lines.append(f"| {mix['concurrency']} | {mix['rps']} | {mix['p50_ms']} | "
                     f"{mix['p99_ms']} | {mix['errors']} | {floor['rps']} | "
                     f"{floor['p50_ms']} | {floor['p99_ms']} | {floor['errors']} |")
    lines += ["", "The mix, in order:", ""] + [f"- `{p}`" for p in report["paths"]]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds per run")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32, 64])
    parser.add_argument("--threads", type=int, default=8, help="server worker threads")
    parser.add_argument("--out", default=str(BENCH / "bench_web_results"))
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk)")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    paths = mix_paths()
    floor_path = "/static/app.css"
    log = tempfile.TemporaryFile("w+")
    server = start_server(port, args.threads, log)
    try:
        check_paths(base, paths + [floor_path])
        run_wrk(base, paths, 8, 2)  # warm the page caches once
        mix, floor = [], []
        for c in args.concurrency:
            mix.append(run_wrk(base, paths, c, args.duration))
            floor.append(run_wrk(base, [floor_path], c, args.duration))
            print(f"c={c:3d}  mix {mix[-1]['rps']:8.1f} req/s p50 {mix[-1]['p50_ms']:7.2f} ms "
                  f"p99 {mix[-1]['p99_ms']:7.2f} ms err {mix[-1]['errors']}   "
                  f"floor {floor[-1]['rps']:8.1f} req/s p50 {floor[-1]['p50_ms']:7.2f} ms "
                  f"p99 {floor[-1]['p99_ms']:7.2f} ms err {floor[-1]['errors']}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    report = {
        "command": "python bench/bench_web.py " + " ".join(sys.argv[1:]),
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python "
                   f"{platform.python_version()}",
        "threads": args.threads, "duration_s": args.duration, "mix_size": len(paths),
        "paths": paths, "floor_path": floor_path, "mix": mix, "floor": floor,
    }
    out = Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    out.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
    bad = [r for r in mix + floor if r["errors"]]
    if bad:
        print(f"ERRORS in {len(bad)} run(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
