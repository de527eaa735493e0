"""Simulations never starve the other requests of a server: beyond the workers and
a short queue, a simulation is answered 503 at once (with Retry-After), and the
server's other threads stay free for pages and searches (issue 12, item 5)."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

SLOW = ("title: eight thousand draws\nplayers: [Alice, Bob]\nstep_limit: 20000\n"
        "hand:\n  Alice:\n" + "\n".join(
            f'    - {{name: Spell {i}, types: [sorcery], text: "Draw 1000 cards."}}'
            for i in range(8)) + "\nactions:\n" + "\n".join(
            f"  - cast: {{player: Alice, card: Spell {i}}}\n  - pass: {{until: stack_empty}}"
            for i in range(8)) + "\n")


@pytest.fixture(scope="module")
def server(search_service):
    from waitress import create_server

    from judgebot.web import create_app

    app = create_app(search_service, {"SIMULATE_WORKERS": 1, "SIMULATE_QUEUE": 1,
                                      "SIMULATE_TIMEOUT": 3.0, "SIMULATE_WAIT": 30.0})
    srv = create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield srv.effective_port
    srv.close()
    app.extensions["judgebot_simulate"].close()


def post(port: int, text: str) -> tuple[int, dict, dict, float]:
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", "/api/v1/simulate", body=json.dumps({"scenario": text}),
                 headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    body = json.loads(response.read())
    return response.status, dict(response.getheaders()), body, time.perf_counter() - start


def get(port: int, path: str) -> tuple[int, float]:
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    return response.status, time.perf_counter() - start


def test_twenty_slow_simulations_leave_the_server_free_for_searches(server):
    get(server, "/api/v1/search?q=trample")  # warm the search and the worker pool
    post(server, "title: x\nplayers: [Alice, Bob]\n")
    answers: list[tuple[int, dict, dict, float]] = []
    threads = [threading.Thread(target=lambda: answers.append(post(server, SLOW)))
               for _ in range(20)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # the simulations are in: one running, one waiting, the rest answered
    status, seconds = get(server, "/api/v1/search?q=trample")
    for t in threads:
        t.join()
    assert status == 200
    # Served while both admitted simulations were still running or waiting (3 s each).
    assert seconds < 2.5
    busy = [a for a in answers if a[0] == 503]
    done = [a for a in answers if a[0] == 200]
    assert len(done) == 2 and len(busy) == 18  # one worker, one place in the queue
    assert all(a[1].get("Retry-After") for a in busy)
    assert all(a[3] < 2.5 for a in busy)  # told at once, not after waiting
    assert all(a[2]["status"] == "refused" and a[2]["refused"]["kind"] == "limit"
               for a in done)  # the slow scenarios ran into the time budget


def test_simulations_waiting_for_a_worker_hold_threads_of_their_own(search_service):
    """As `judgebot serve` sets it up: the server's threads are the pages' budget plus
    one per simulation it admits, so admitted simulations (one running, three waiting
    for the one worker) leave every page thread free."""
    from waitress import create_server

    from judgebot.web import create_app, simulate

    config = {"SIMULATE_WORKERS": 1, "SIMULATE_QUEUE": 3, "SIMULATE_TIMEOUT": 1.0,
              "SIMULATE_WAIT": 30.0, "PAGE_THREADS": 2}
    app = create_app(search_service, config)
    srv = create_server(app, host="127.0.0.1", port=0,
                        threads=config["PAGE_THREADS"] + simulate.admitted(config))
    threading.Thread(target=srv.run, daemon=True).start()
    port = srv.effective_port
    try:
        get(port, "/api/v1/search?q=trample")
        post(port, "title: x\nplayers: [Alice, Bob]\n")  # the worker started
        answers: list[tuple[int, dict, dict, float]] = []
        threads = [threading.Thread(target=lambda: answers.append(post(port, SLOW)))
                   for _ in range(4)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        searches = [get(port, f"/api/v1/search?q={q}") for q in ("trample", "deathtouch",
                                                                 "first%20strike")]
        still_waiting = sum(t.is_alive() for t in threads)
        for t in threads:
            t.join()
    finally:
        srv.close()
        app.extensions["judgebot_simulate"].close()
    assert still_waiting >= 2  # the searches were served while simulations waited
    assert all(status == 200 and seconds < 1.0 for status, seconds in searches)
    assert sorted(a[0] for a in answers) == [200] * 4  # all four admitted, none refused


def test_the_page_budget_does_not_count_simulations(search_service):
    from judgebot.web.app import PageBudget

    seen: list[str] = []

    def inner(environ, start_response):
        seen.append(environ["PATH_INFO"])
        # A page takes the one slot; a simulation never needs it.
        assert budget.slots.acquire(blocking=False) is (
            environ["PATH_INFO"].startswith("/api/v1/simulate"))
        if environ["PATH_INFO"].startswith("/api/v1/simulate"):
            budget.slots.release()
        return [b""]

    budget = PageBudget(inner, 1)
    budget({"PATH_INFO": "/api/v1/search"}, None)
    budget({"PATH_INFO": "/api/v1/simulate"}, None)
    assert seen == ["/api/v1/search", "/api/v1/simulate"]
    assert budget.slots.acquire(blocking=False)  # released after each page
