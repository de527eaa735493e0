"""Hostile input to every route, against the real server process.

``judgebot serve`` (the server the README starts: gunicorn's worker processes
with waitress in each) runs in a subprocess; every operation of its OpenAPI
document and every page of the application gets, in each path name, each
query parameter and each request body, the input an attacker or a broken
client sends: nothing, a megabyte, bytes that are not UTF-8, lone
surrogates, deeply nested JSON, path traversal, query syntax, control
characters. None may answer 500, none may take over 2 seconds, traversal
never reads a file, and the server's processes together grow by less than
50 MB over the whole run.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from judgebot import corpus
from judgebot.web.server import MAX_HEADER_BYTES

MAX_SECONDS = 2.0
MAX_GROWTH_MB = 50
HEAD_LIMIT = MAX_HEADER_BYTES  # the server's limit on a request's line and headers

SURROGATE = "%ED%A0%80"  # U+D800 as UTF-8 would spell it: not UTF-8
QUERY_SYNTAX = 'title:(trample OR 践踏)* AND NOT "x"~2 [1 TO 5] {T} \\ ^3 +a -b'
# Raw (already URL-encoded) values for a name in a path or a query parameter.
VALUES = {
    "empty": "",
    "1 MB": "A" * (1 << 20),
    "60 kB": "b" * 60_000,
    "invalid UTF-8": "%FF%FE%C3%28",
    "lone surrogate": SURROGATE + "x",
    "encoded lone surrogate": quote('"\\ud800"'),
    "deep JSON": "%5B" * 5000,
    "traversal": "..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "query syntax": quote(QUERY_SYNTAX, safe=""),
    "control characters": "%00%01%1B%7F",
    "long Chinese": quote("践踏" * 300),
    "emoji and RTL": quote("\U0001f600\u202e\u0645\u0631\u062d\u0628\u0627"),
}
# Fewer values for every query parameter of every page (there are many).
PAGE_VALUES = ["1 MB", "invalid UTF-8", "lone surrogate", "query syntax", "traversal"]
PAGE_PARAMS = ["q", "page", "per_page", "edition", "script", "view", "next", "filter", "set",
               "s", "scenario", "example", "game", "kind", "section"]
BODIES = {
    "empty": b"",
    "1 MB": b"{" * (1 << 20),
    "invalid UTF-8": b'{"question": "\xff\xfe", "scenario": "\xc3\x28"}',
    "lone surrogate": b'{"question": "\\ud800 x", "scenario": "\\udfff"}',
    "deep JSON": b"[" * 30_000,
    "deep object": b'{"a":' * 5_000 + b"1" + b"}" * 5_000,
    "long integer": b'{"question": ' + b"9" * 5_000 + b"}",
    "NaN": b'{"question": NaN}',
    "not JSON": b"question=trample&scenario=x",
    "wrong types": b'{"question": ["a"], "scenario": {"b": 1}}',
    "YAML alias bomb": b'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
                       b'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n'
                       b'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n',
    "binary": bytes(range(256)) * 64,
}
CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded"]
# What each name in a page's path is when it is not the one being fuzzed.
SENSIBLE = {"game": "mtg", "first": "702.19b", "edition": "2019-10-04", "number": "702.19b",
            "term": "trample", "slug": "angels-grace", "rid": "mtg:cr:2025-11-14:702.19b",
            "filename": "app.css", "card": "angels-grace", "example": "x",
            "key": "4.2", "section": "2.2"}  # a section of the MTR or the IPG


# --- the server -------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(search_service, tmp_path_factory):
    port = free_port()
    log = (tmp_path_factory.mktemp("fuzz") / "server.log").open("w+")
    index_dir = search_service.handle.path.parent
    process = subprocess.Popen(
        [sys.executable, "-m", "judgebot.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--workers", "2", "--data-dir", str(index_dir)],
        cwd=corpus.ROOT, stdout=log, stderr=log)
    deadline = time.monotonic() + 180
    while True:  # until the workers answer
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.seek(0)
            pytest.fail(f"the server did not start: {log.read()[-3000:]}")
        time.sleep(0.2)
    yield process, port
    workers = [int(p) for p in Path(f"/proc/{process.pid}/task/{process.pid}/children")
               .read_text().split()]
    assert len(workers) == 2
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the server did not stop within 30 s of SIGTERM")
    log.seek(0)
    output = log.read()
    log.close()
    assert "Traceback" not in output, output[-3000:]
    assert not [w for w in workers if Path(f"/proc/{w}").exists() and
                "zombie" not in Path(f"/proc/{w}/status").read_text()], "workers outlived it"


def server_rss_mb(pid: int, kind: str = "RssAnon") -> float:
    """The resident memory of the server: its master process and its workers (not
    the simulation workers those start, each capped by its own memory limit).

    ``RssAnon`` is the memory the processes allocated. The index file they map
    (``RssFile``) is not counted: a worker's share of it grows as it first reads
    each part, but those pages are the kernel's page cache of one file, shared by
    every worker and given back under pressure."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    total_kb = 0
    for p in [pid, *map(int, children)]:
        status = Path(f"/proc/{p}/status").read_text()
        total_kb += int(re.search(rf"{kind}:\s+(\d+)", status).group(1))
    return total_kb / 1024


def send(port: int, method: str, target: str, body: bytes = b"",
         headers: dict | None = None) -> tuple[int | None, bytes, float]:
    """One request on its own connection: (status or None if the server closed the
    connection without an answer, body, seconds)."""
    head = [f"{method} {target} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    head += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if method == "POST":
        head.append(f"Content-Length: {len(body)}")
    raw = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
    start = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        try:
            sock.sendall(raw)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before it was all sent; the answer may still be there
        response = http.client.HTTPResponse(sock, method=method)
        try:
            response.begin()
            data = response.read()
        except (ConnectionResetError, http.client.RemoteDisconnected):
            return None, b"", time.monotonic() - start
        return response.status, data, time.monotonic() - start
    finally:
        sock.close()


# --- what is sent ------------------------------------------------------------------------------

def api_requests(port: int) -> list[tuple[str, str, str, bytes, dict]]:
    """(label, method, target, body, headers) for every operation of the OpenAPI document."""
    status, data, _ = send(port, "GET", "/api/v1/openapi.json")
    assert status == 200
    out = []
    for template, operations in json.loads(data)["paths"].items():
        for method, op in operations.items():
            params = op.get("parameters", [])
            path_names = [p["name"] for p in params if p["in"] == "path"]
            base = template
            for name in path_names:
                base = base.replace("{" + name + "}", SENSIBLE.get(name, "x"))
            for name in path_names:
                for label, value in VALUES.items():
                    target = template.replace("{" + name + "}", value)
                    for other in path_names:
                        target = target.replace("{" + other + "}", SENSIBLE.get(other, "x"))
                    out.append((f"{method} {template} {name}={label}", method.upper(),
                                target or "/", b"", {}))
            for p in (p for p in params if p["in"] == "query"):
                for label, value in VALUES.items():
                    out.append((f"{method} {template} ?{p['name']}={label}", method.upper(),
                                f"{base}?{p['name']}={value}", b"", {}))
            if "requestBody" in op:
                for blabel, body in BODIES.items():
                    for ctype in CONTENT_TYPES:
                        out.append((f"{method} {template} body {blabel} as {ctype}",
                                    method.upper(), base, body, {"Content-Type": ctype}))
    return out


def page_requests(search_service) -> list[tuple[str, str, str, bytes, dict]]:
    from judgebot.web import create_app

    app = create_app(search_service)
    out = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", rule.rule)

        def path(fuzzed: str | None = None, value: str = "", rule=rule, names=names) -> str:
            target = rule.rule
            for name in names:
                filled = value if name == fuzzed else SENSIBLE[name]
                target = re.sub(rf"<(?:\w+:)?{name}>", lambda _m, f=filled: f, target)
            return target

        for name in names:
            for label, value in VALUES.items():
                out.append((f"GET {rule.rule} {name}={label}", "GET", path(name, value),
                            b"", {}))
        for param in PAGE_PARAMS:
            for label in PAGE_VALUES:
                out.append((f"GET {rule.rule} ?{param}={label}", "GET",
                            f"{path()}?{param}={VALUES[label]}", b"", {}))
        for method in sorted(rule.methods - {"GET", "HEAD", "OPTIONS"}):
            for blabel, body in BODIES.items():
                for ctype in CONTENT_TYPES:
                    out.append((f"{method} {rule.rule} body {blabel} as {ctype}", method,
                                path(), body, {"Content-Type": ctype}))
    for target in ["/static/../../../../etc/passwd", "/static/..%2F..%2F..%2Fetc%2Fpasswd",
                   "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd",
                   "/mtg/cards/../../../../etc/passwd", "/static/" + "..%2F" * 40 + "etc/passwd"]:
        out.append((f"GET {target}", "GET", target, b"", {}))
    return out


# --- the test ------------------------------------------------------------------------------------

def test_no_input_breaks_the_server_slows_it_or_grows_it(server, search_service):
    process, port = server
    # What a server does in its first minute (each worker's first simulation
    # starts its pool; each kind of page builds its caches) is not growth.
    warm = ["/", "/search?q=trample", "/api/v1/search?q=tramble", "/mtg/cr/702.19b",
            "/mtg/glossary/trample", "/api/v1/card/angels-grace", "/api/v1/ask?q=trample",
            "/mtg/cards/angels-grace", "/simulate?example=" + SENSIBLE["example"]]
    for target in warm:
        send(port, "GET", target)
    # Until every worker has started its simulation pool (its first simulation does).
    workers = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    for _ in range(40):
        if all(Path(f"/proc/{w}/task/{w}/children").read_text().split() for w in workers):
            break
        send(port, "POST", "/api/v1/simulate", b'{"scenario": "players: [A, B]\\nactions: []\\n"}',
             {"Content-Type": "application/json"})
    for target in warm:
        send(port, "GET", target)
    before, before_file = server_rss_mb(process.pid), server_rss_mb(process.pid, "RssFile")

    requests = api_requests(port) + page_requests(search_service)
    failures, slowest = [], (0.0, "")
    for label, method, target, body, headers in requests:
        status, data, seconds = send(port, method, target, body, headers)
        slowest = max(slowest, (seconds, label))
        head_size = len(target) + sum(len(k) + len(v) for k, v in headers.items())
        if status is None and head_size < HEAD_LIMIT and len(body) < HEAD_LIMIT:
            failures.append(f"{label}: connection closed without an answer")
        elif status is not None and status >= 500:
            failures.append(f"{label}: {status} {data[:200]!r}")
        if seconds > MAX_SECONDS:
            # An input that costs too much costs it every time; a request that
            # merely waited for a core another process held (the machine is
            # shared) does not. So a slow answer is asked for twice more.
            seconds = min([seconds] + [send(port, method, target, body, headers)[2]
                                       for _ in range(2)])
            if seconds > MAX_SECONDS:
                failures.append(f"{label}: {seconds:.2f} s")
        if b"root:x:0:0" in data:
            failures.append(f"{label}: read /etc/passwd")
        assert process.poll() is None, f"the server died on {label}"
    after, after_file = server_rss_mb(process.pid), server_rss_mb(process.pid, "RssFile")

    assert not failures, "\n".join(failures[:40])
    assert len(requests) > 1000  # every route, every kind of input
    assert after - before < MAX_GROWTH_MB, (
        f"the server grew from {before:.0f} MB to {after:.0f} MB over {len(requests)} requests")
    print(f"\n{len(requests)} requests; slowest {slowest[0]:.2f} s ({slowest[1]}); server "
          f"allocated {before:.0f} MB → {after:.0f} MB; mapped files {before_file:.0f} MB → "
          f"{after_file:.0f} MB")


def test_half_open_connections_lock_nobody_out(server):
    """Slowloris: hundreds of connections that send nothing, or their headers a
    byte at a time, hold sockets but no thread; other clients are answered."""
    _, port = server
    idle, slow = [], []
    try:
        for n in range(300):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(b"GET /api/v1/search?q=trample HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(s)
            if n % 100 == 99:  # meanwhile, and after
                status, _, seconds = send(port, "GET", "/api/v1/search?q=trample")
                assert status == 200 and seconds < MAX_SECONDS
        for s in slow:
            s.sendall(b"a")  # still trickling
        for target in ["/", "/mtg/cr/702.19b", "/api/v1/search?q=%E8%B7%B5%E8%B8%8F"]:
            status, _, seconds = send(port, "GET", target)
            assert status == 200 and seconds < MAX_SECONDS, (target, status, seconds)
    finally:
        for s in idle + slow:
            s.close()
