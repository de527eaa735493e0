"""Simulations run in worker processes, each under a time and a memory budget.

The engine is fast on the scenarios it was written for (a few milliseconds),
but a scenario is arbitrary input: "draw X cards" with a large X runs for
minutes, an optional loop can run until the engine's event limit, and a
scenario may raise that limit itself. So the web process never runs the
engine. It hands the scenario text to one of a few long-lived worker
processes and waits at most ``timeout`` seconds for the answer; a worker that
runs over is killed and replaced. Each worker caps its own address space
(``RLIMIT_AS``), so a scenario that would eat the machine's memory meets a
MemoryError there instead, and the worker is replaced after answering.

Workers come from a fork server that has already imported the engine and read
the card pool (:mod:`judgebot.web.simulate.preload`), so a replacement is
ready in milliseconds. A worker runs the engine once per scenario: the board at
every step is drawn as the engine logs it (:class:`judgebot.engine.board.BoardRecorder`).
For the API it also writes the answer (:func:`answer`): the steps with what
changed at each, in the reader's script, as JSON bytes the web process sends on
after adding the cited rules' texts, the one part that needs the corpus.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

import orjson

from judgebot.engine.board import BoardRecorder
from judgebot.engine.cards import pool
from judgebot.engine.errors import Refusal
from judgebot.engine.simulation import parse, run_text
from judgebot.web.simulate import view
from judgebot.web.simulate.limits import Problem, check_structure

try:
    import resource
except ImportError:  # not a Unix: the time budget still holds, the memory one doesn't
    resource = None

PRELOAD = ["judgebot.web.simulate.preload"]
# The cards a scenario may name: the engine's pool, and the corpus cards it reads
# (judgebot.cardsource), set in each worker when the pool knows the store.
CARDS: Any = None
# Each step's names (judgebot.web.simulate.view.step_names), from the corpus of the
# web process, given to each worker as it starts.
STEP_NAMES: dict[str, dict[str, str]] = {}


class Busy(Exception):
    """Too many simulations are already running or waiting, or every worker stayed
    busy for the whole wait."""


# --- inside a worker ----------------------------------------------------------------------------

def simulate(text: str) -> bytes:
    """The engine's result for ``text`` with the board at every step, as JSON (one
    string of bytes crosses the pipe faster than the nested data it holds)."""
    return to_json(played(text))


def played(text: str) -> dict[str, Any]:
    """The engine's result for ``text`` with the board at every step, as data. (The
    engine checks the scenario's structure itself before reading it, with the limits
    of :mod:`judgebot.engine.limits`: a YAML bomb is its refusal.)"""
    start = time.perf_counter()
    recorder = BoardRecorder()
    result = run_text(text, observe=recorder, cards=CARDS)
    elapsed = time.perf_counter() - start
    if result.refused is not None and result.refused.kind == "internal" and \
            "MemoryError" in result.refused.message:
        raise MemoryError  # the engine caught it as one of its own errors
    out = result.to_dict()
    out["exit_code"] = result.exit_code
    boards = recorder.boards(result)
    out["boards"] = None if boards is None else boards.to_dict()
    out["timing"] = {"engine_ms": round((elapsed - recorder.seconds) * 1000, 3),
                     "boards_ms": round(recorder.seconds * 1000, 3)}
    return out


def read(text: str) -> bytes:
    """Only read the scenario (limits, YAML, keys, names of cards and steps), without
    playing it: what the editor checks while the user types, at a bounded cost."""
    return to_json(read_only(text))


def read_only(text: str) -> dict[str, Any]:
    """What :func:`read` says, as data."""
    refused = None
    try:
        check_structure(text)
        scn = parse(text, CARDS)
    except Problem as problem:
        refused = problem.refusal()
    except Refusal as exc:
        refused = exc.to_dict()
    out: dict[str, Any] = {"ok": refused is None, "refused": refused, "log": [], "state": {},
                           "expectations": [], "boards": None, "timing": {}, "read_only": True,
                           "exit_code": 2 if refused else 0}
    if refused is None:
        out["title"] = scn.title
    return out


def answer(text: str, check: bool = False, script: str = "hans") -> tuple[bytes, bytes, list[str]]:
    """The body of the API's answer (``POST /api/v1/simulate``), written here so that
    the web process does not read the result only to write it again: the JSON before
    and after its ``rules``, and the numbers of the rules cited, whose texts the web
    process adds from the corpus (:func:`judgebot.web.simulate.view.rules_json`)."""
    sim = view.assemble(text, read_only(text) if check else played(text))
    before, after = view.api_parts(sim, script, STEP_NAMES)
    return to_json(before)[:-1], to_json(after)[1:], sim.cited


JOBS = {"simulate": simulate, "read": read, "answer": answer}

# orjson writes a board per step three times as fast as ``json`` (0.12 ms against
# 0.37 ms per gallery answer, bench/results/simulate.md). Dataclasses and dates go
# through _plain as with ``json`` (their str()), not orjson's own forms.
ORJSON_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
                  | orjson.OPT_PASSTHROUGH_DATETIME)


def to_json(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON: what ``json.dumps(value, default=_plain)``
    means, and ``json``'s own (ASCII) text where orjson refuses (an integer past 64
    bits, a lone surrogate)."""
    try:
        return orjson.dumps(value, default=_plain, option=ORJSON_OPTIONS)
    except (orjson.JSONEncodeError, RecursionError):
        return json.dumps(value, default=_plain).encode("ascii")


def _plain(value: Any) -> Any:
    """What JSON has no form for: a set as a sorted list, anything else as its text."""
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    return str(value)


def _corpus_cards(store_path: str) -> Any:
    from pathlib import Path

    from judgebot.cardsource import StoreCards
    from judgebot.store import Store, StoreError

    try:
        return StoreCards(Store(Path(store_path)))
    except (StoreError, OSError):
        return None


def _limit_memory(extra_bytes: int) -> None:
    """Cap this process's address space at its current size plus ``extra_bytes``."""
    if resource is None:
        return
    try:
        with open("/proc/self/statm") as fh:
            size = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = size + extra_bytes
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError):  # not Linux: the time budget still holds
        pass


# How much a simulation worker defers to the web processes: a core shared with
# pages and searches goes to them first, so twenty simulations in flight slow a
# search down by less (issue 12); simulations still use every idle cycle.
WORKER_NICENESS = 10


def _yield_to_pages() -> None:
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() here, or not allowed: run as we are
        pass


# A run allocates hundreds of thousands of short-lived objects: the garbage collector,
# at its default young-generation threshold (700), spent a fifth of a worker's time
# walking them. Collections stay automatic (a scenario's garbage is still bounded),
# only rarer; and the card pool read before the first job is never walked again.
GC_THRESHOLDS = (20_000, 10, 10)  # a full collection every two million allocations


def _fewer_collections() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def worker_main(conn: Any, memory_bytes: int, store_path: str | None = None,
                step_names: dict[str, dict[str, str]] | None = None) -> None:
    """A worker's life: warm up, say ready, then answer scenario after scenario."""
    global CARDS, STEP_NAMES
    _yield_to_pages()  # its warm-up too: a replacement starts while pages are served
    pool()
    if store_path:
        CARDS = _corpus_cards(store_path)
    STEP_NAMES = step_names or {}
    _fewer_collections()
    conn.send(("ready", None))
    _limit_memory(memory_bytes)
    while True:
        try:
            job, text, options = conn.recv()
            reply: tuple[str, Any] = ("ok", JOBS[job](text, *options))
        except (EOFError, OSError):
            return
        except MemoryError:
            reply = ("memory", None)
        except RecursionError:
            reply = ("error", "RecursionError")
        except Exception as exc:  # noqa: BLE001 - reported to the web process, never a crash
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return
        if reply[0] == "memory":
            return  # what ran out of memory may have left this process unusable


# --- in the web process ---------------------------------------------------------------------------

@dataclass
class _Worker:
    process: Any
    conn: Any


@dataclass
class Outcome:
    """What came back: the result, or why there is none (``timeout``, ``memory``,
    ``crashed``: the worker died, ``error``: an exception outside the engine)."""

    status: str
    result: Any = None  # the job's answer (a ``simulate`` or ``read`` job's: a dict)
    detail: str = ""
    seconds: float = 0.0


class WorkerPool:
    """``size`` worker processes, started on first use, each job under a budget.

    At most ``size + waiting`` jobs are admitted at once: that many server threads may
    be busy with simulations (running, or waiting for a worker); any more is told
    :class:`Busy` at once, so simulations never starve the pages and searches the
    other threads serve. The pool belongs to one process: under a pre-forking
    server each worker process has its own, started after the fork on first use.
    """

    def __init__(self, size: int = 2, timeout: float = 5.0, memory_mb: int = 384,
                 wait: float = 15.0, waiting: int = 2, store_path: str | None = None,
                 step_names: dict[str, dict[str, str]] | None = None) -> None:
        self.size = max(1, size)
        self.store_path = store_path
        self.step_names = step_names or {}
        self.timeout = timeout
        self.memory_bytes = memory_mb * 1024 * 1024
        self.wait = wait
        self._admitted = threading.BoundedSemaphore(self.size + max(0, waiting))
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._started = False
        self._closed = False

    def _context(self):
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx

    def _spawn(self) -> _Worker:
        ctx = self._context()
        ours, theirs = ctx.Pipe()
        process = ctx.Process(target=worker_main,
                              args=(theirs, self.memory_bytes, self.store_path,
                                    self.step_names),
                              name="judgebot-simulate", daemon=True)
        process.start()
        theirs.close()
        if not ours.poll(120) or ours.recv()[0] != "ready":
            process.kill()
            process.join()
            raise RuntimeError("a simulation worker did not start")
        worker = _Worker(process, ours)
        with self._lock:
            self._all.append(worker)
        return worker

    def start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        for _ in range(self.size):
            self._idle.put(self._spawn())

    def _retire(self, worker: _Worker) -> int | None:
        """Kill a worker (ours, by its handle), start its replacement in the background,
        and return how the worker ended (its exit code; negative: the signal)."""
        worker.process.join(0.2)
        code = worker.process.exitcode
        worker.process.kill()
        worker.process.join()
        worker.conn.close()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
            closed = self._closed

        def replace() -> None:
            try:
                self._idle.put(self._spawn())
            except Exception:  # noqa: BLE001 - the next start() call tries again
                with self._lock:
                    self._started = False

        if not closed:
            threading.Thread(target=replace, daemon=True).start()
        return code

    def run(self, text: str, job: str = "simulate", options: tuple = ()) -> Outcome:
        """Run ``job`` on ``text`` in a worker: ``simulate``, ``read`` (parse only), or
        ``answer`` (the API's answer, :func:`answer`, given ``options``)."""
        if job not in JOBS:
            raise ValueError(f"unknown job {job!r}")
        if not self._admitted.acquire(blocking=False):
            raise Busy
        try:
            return self._run(text, job, options)
        finally:
            self._admitted.release()

    def _run(self, text: str, job: str, options: tuple) -> Outcome:
        self.start()
        try:
            worker = self._idle.get(timeout=self.wait)
        except queue.Empty:
            raise Busy from None
        start = time.perf_counter()
        try:
            worker.conn.send((job, text, options))
            if not worker.conn.poll(self.timeout):
                worker.process.kill()  # before the join in _retire: it is still running
                self._retire(worker)
                return Outcome("timeout", seconds=time.perf_counter() - start)
            status, value = worker.conn.recv()
        except (EOFError, OSError):  # the worker died (a fatal error, often out of memory)
            code = self._retire(worker)
            return Outcome("crashed", detail=f"exit code {code}",
                           seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if status == "memory":
            self._retire(worker)
            return Outcome("memory", seconds=seconds)
        self._idle.put(worker)
        if status == "ok":
            return Outcome("ok", value if job == "answer" else json.loads(value),
                           seconds=seconds)
        return Outcome("error", detail=str(value), seconds=seconds)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers, self._all = list(self._all), []
        for worker in workers:
            worker.process.kill()
            worker.process.join()
            worker.conn.close()
