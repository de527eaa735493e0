"""The simulation UI: the page ``/simulate`` and its API under ``/api/v1/simulate``.

A request runs the engine once, in a worker process under a time and memory
budget (:mod:`worker`). For the page, the worker sends back the log, the
outcome and the board at every step, and the view (:mod:`view`) joins in what
only the web process has (rule texts from the corpus, the reader's
preferences). For the JSON API (:mod:`api`) the worker writes the answer
itself, all but the cited rules' texts, which the web process adds from the
corpus (written once per rule): the web process never reads the boards only to
write them again. The ordinary API request is answered beside Flask's request
machinery (:mod:`fastroute`, installed by the app), the rest by the Flask route.
:func:`register` adds it all to an app.
"""

from __future__ import annotations

from flask import Flask

from judgebot.web.simulate import api, pages, service, view
from judgebot.web.simulate.fastroute import FastRoute
from judgebot.web.simulate.worker import WorkerPool

WORKERS = 2  # simulation worker processes per web process
QUEUE = 8  # simulations that may wait for one of them; any more is answered 503 at once
# The paths whose requests may wait for a simulation worker.
PATHS = ("/simulate", "/api/v1/simulate")


def admitted(config: dict) -> int:
    """How many simulations one web process holds at once, running or waiting: each
    holds a server thread while it waits (``judgebot serve`` adds that many threads to
    the ones pages and searches have: :class:`judgebot.web.app.PageBudget`)."""
    return max(1, config.get("SIMULATE_WORKERS", WORKERS)) + max(
        0, config.get("SIMULATE_QUEUE", QUEUE))


def register(app: Flask) -> None:
    """Add the page, the API and this process's worker pool to an app."""
    cfg = app.config
    app.extensions[service.POOL] = WorkerPool(size=cfg.get("SIMULATE_WORKERS", WORKERS),
                                              timeout=cfg.get("SIMULATE_TIMEOUT", 5.0),
                                              memory_mb=cfg.get("SIMULATE_MEMORY_MB", 384),
                                              wait=cfg.get("SIMULATE_WAIT", 15.0),
                                              waiting=cfg.get("SIMULATE_QUEUE", QUEUE),
                                              store_path=_store_path(app)
                                              if cfg.get("SIMULATE_CORPUS_CARDS", True) else None,
                                              step_names=_step_names(app))
    app.register_blueprint(pages.simulate_pages)
    app.register_blueprint(api.simulate_api, url_prefix="/api/v1")
    app.jinja_env.globals.update(simulations_for_card=service.examples_for_card,
                                 simulate_label=service.label)


def _step_names(app: Flask) -> dict[str, dict[str, str]]:
    """The steps' names from the corpus, for the workers that write the API's answers."""
    return view.step_names(app.extensions["judgebot"].catalog)


def _store_path(app: Flask) -> str | None:
    """The corpus store the workers find the cards a scenario names in."""
    site = app.extensions.get("judgebot")
    path = getattr(getattr(site, "store", None), "path", None)
    return str(path) if path is not None else None


__all__ = ["PATHS", "FastRoute", "admitted", "register"]
