"""What the simulation page and API share: the worker pool of this process, the
gallery, the catalogue of the corpus, and running a scenario (a refusal saying
which budget a run ran out of, or an immediate "busy" when too many simulations
are already waiting).
"""

from __future__ import annotations

import gzip
import json
from typing import Any

from flask import Response, current_app, g, request
from werkzeug.exceptions import ServiceUnavailable

from judgebot.web.catalog import Catalog
from judgebot.web.prefs import Prefs
from judgebot.web.simulate import gallery as gallery_mod
from judgebot.web.simulate import view
from judgebot.web.simulate.limits import Problem
from judgebot.web.simulate.worker import Busy, Outcome, WorkerPool

POOL = "judgebot_simulate"
RETRY_AFTER = "5"
GZIP_MIN_BYTES = 8 * 1024
GZIP_LEVEL = 3  # 800 KB of page in 2.5 ms to a tenth of its size; higher levels gain little
BUSY = "Every simulation worker is busy; try again in a moment."


def pool() -> WorkerPool:
    return current_app.extensions[POOL]


def catalog() -> Catalog:
    return current_app.extensions["judgebot"].catalog


def gallery() -> gallery_mod.Gallery:
    cat = catalog()
    folder = current_app.config.get("SIMULATE_GALLERY", gallery_mod.GALLERY_DIR)
    return cat.memo(("simulate-gallery", str(folder)), lambda: gallery_mod.load(cat, folder))


def examples_for_card(card: Any) -> list[gallery_mod.Example]:
    """The gallery's scenarios that name a card (for the card's page)."""
    return gallery().for_card(getattr(card, "slug", ""))


def label(key: str, **values: Any) -> str:
    """One of the simulation UI's own words, in the reader's language."""
    return view.label(g.prefs, key, **values)


def run(text: str, job: str = "simulate") -> dict[str, Any]:
    """The worker's result for ``text``, or a refusal saying which budget it ran out of.
    When every worker is busy and the queue is full, the request is answered 503 at once."""
    outcome = _outcome(text, job)
    return outcome.result if outcome.status == "ok" else refused(_problem(outcome))


def answer(text: str, check: bool, prefs: Prefs) -> bytes:
    """The body of the API's answer for ``text`` (only read, with ``check``): the
    worker writes it all but the texts of the rules it cites, added here from the
    corpus; a run stopped for its budget is answered with the refusal saying which."""
    try:
        return answer_body(pool(), catalog(), text, check, prefs)
    except Busy:
        raise ServiceUnavailable(BUSY) from None


def answer_body(workers: WorkerPool, cat: Catalog, text: str, check: bool,
                prefs: Prefs) -> bytes:
    """:func:`answer` given the pool and the catalogue (no request context needed:
    :mod:`judgebot.web.simulate.fastroute` calls it too). Raises :class:`Busy`."""
    outcome = workers.run(text, "answer", (check, prefs.script))
    if outcome.status == "ok":
        before, after, cited = outcome.result
        return b"".join((before, b', "rules": ',
                         view.rules_json(cat, cited, prefs.script).encode("ascii"), b", ",
                         after))
    sim = view.build(cat, text, refused(_problem(outcome, workers)))
    return json.dumps(view.api_json(cat, sim, prefs)).encode("ascii")


def _outcome(text: str, job: str, options: tuple = ()) -> Outcome:
    try:
        return pool().run(text, job, options)
    except Busy:
        raise ServiceUnavailable(BUSY) from None


def _problem(outcome: Outcome, budget: WorkerPool | None = None) -> Problem:
    """Why a run has no result, as the refusal the page and the API show."""
    budget = budget or pool()
    if outcome.status == "timeout":
        problem = Problem(
            f"The simulation took longer than {budget.timeout:g} s and was stopped: the "
            "scenario may loop without end, or ask for far too much (a huge X, too many "
            "objects).",
            f"模拟超过 {budget.timeout:g} 秒仍未结束，已被停止：情景可能无限循环，或要求的"
            "事情太多（过大的 X、过多的物件）。")
    elif outcome.status == "memory":
        problem = Problem(
            f"The simulation needed more than {budget.memory_bytes // 2**20} MB of memory and "
            "was stopped.",
            f"模拟所需内存超过 {budget.memory_bytes // 2**20} MB，已被停止。")
    elif outcome.status == "crashed":
        problem = Problem(
            f"The simulation stopped its worker process ({outcome.detail}), most likely by "
            f"running out of its {budget.memory_bytes // 2**20} MB memory budget.",
            f"模拟使工作进程终止（{outcome.detail}），很可能是超出了 "
            f"{budget.memory_bytes // 2**20} MB 的内存预算。")
    else:
        problem = Problem(f"The simulation failed ({outcome.detail}).",
                          f"模拟失败（{outcome.detail}）。", kind="internal")
    return problem


def refused(problem: Problem) -> dict[str, Any]:
    """A result that is only a refusal (what the page and API show of a Problem)."""
    return {"ok": False, "refused": problem.refusal(), "log": [], "state": {},
            "expectations": [], "boards": None, "exit_code": 2}


def finish(response: Response) -> Response:
    """After every simulation response: a 503 says when to retry; a long page is sent
    gzipped to a client that accepts it (a board per step is highly repetitive)."""
    if response.status_code == 503:
        response.headers["Retry-After"] = RETRY_AFTER
    if response.status_code != 200 or response.direct_passthrough or \
            "Content-Encoding" in response.headers or "gzip" not in request.accept_encodings:
        return response
    packed = gzipped(response.get_data())
    if packed is None:
        return response
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def gzipped(data: bytes) -> bytes | None:
    """``data`` gzipped for a client that accepts it, or None when it is too short to gain."""
    if len(data) < GZIP_MIN_BYTES:
        return None
    return gzip.compress(data, GZIP_LEVEL, mtime=0)
