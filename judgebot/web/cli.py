"""`judgebot serve`: the web service, in worker processes (see :mod:`judgebot.web.server`)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
WILDCARDS = {"0.0.0.0", "::", ""}
THREADS_PER_WORKER = 4
THREADS_ALONE = 8
# Requests made once before the workers are forked, one of each kind of page,
# so what they build (compiled templates, page caches, the whole-name
# corrector, the judge) is shared by every worker instead of built in each.
# None of them runs a simulation: the simulation pool must start in a worker.
WARM_UP = ["/", "/search?q=trample", "/search?q=%E8%B7%B5%E8%B8%8F&script=hant",
           "/api/v1/search?q=tramble", "/mtg/cr", "/mtg/cr/702", "/mtg/cr/702.19b",
           "/mtg/cr/2019-10-04/702.19b", "/fow/cr/1102.1", "/mtg/cr/999.99",
           "/mtg/glossary", "/mtg/glossary/trample", "/mtg/cards", "/mtg/cards/angels-grace",
           "/mtg/notes", "/mtg/notes/suspend", "/mtg/guide", "/mtg/names",
           "/id/mtg:cr:2025-11-14:702.19b", "/api/v1/", "/api/v1/openapi.json",
           "/api/v1/contents", "/api/v1/rule/702.19b", "/api/v1/glossary",
           "/api/v1/glossary/trample", "/api/v1/cards", "/api/v1/card/angels-grace",
           "/api/v1/card/wolrd%20rule", "/api/v1/simulate/examples", "/no-such-page"]


def _bounded(name: str, low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}"
                                             ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be between {low} and {high}, "
                                             f"not {value}")
        return value
    return parse


def _names(variable: str) -> list[str]:
    return [n.strip() for n in os.environ.get(variable, "").split(",") if n.strip()]


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("serve", help="run the web service (pages and the JSON API)",
                       description="Run the web service. On Linux it runs in several worker "
                       "processes (gunicorn) forked after the index is loaded; elsewhere, or "
                       "with --server waitress, in one process.")
    s.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}; 0.0.0.0 for all)")
    s.add_argument("--port", type=_bounded("the port", 0, 65535), default=DEFAULT_PORT,
                   help=f"default {DEFAULT_PORT}; 0 picks a free port")
    s.add_argument("--workers", type=_bounded("the number of workers", 1, 64),
                   default=os.cpu_count() or 1,
                   help="worker processes (default: one per core, here %(default)s)")
    s.add_argument("--threads", type=_bounded("the number of threads", 1, 256), default=None,
                   help="threads per process for pages and searches (default 4 per worker "
                   "process; 8 for one waitress process); simulations waiting for their "
                   "worker get threads of their own on top")
    s.add_argument("--server", choices=["auto", "gunicorn", "waitress"], default="auto",
                   help="gunicorn with waitress in each worker (auto on Linux), or one "
                   "waitress process (auto elsewhere)")
    s.add_argument("--allowed-host", action="append", default=_names("JUDGEBOT_ALLOWED_HOSTS"),
                   metavar="NAME",
                   help="a host name the server answers to besides localhost, 127.0.0.1 and "
                   "[::1] (repeatable; .example.org allows a domain, * any name); also "
                   "JUDGEBOT_ALLOWED_HOSTS=a,b")
    s.add_argument("--cors-origin", action="append", default=_names("JUDGEBOT_CORS_ORIGINS"),
                   metavar="ORIGIN",
                   help="a site allowed to call the JSON API from its pages, e.g. "
                   "https://judges.example (repeatable; * for any); also JUDGEBOT_CORS_ORIGINS")
    s.add_argument("--data-dir", metavar="DIR",
                   help="where the corpus store and the search index are kept (default: "
                   "index/ of the checkout; built there when missing or stale)")
    s.add_argument("--search-cache", type=_bounded("the search cache", 0, 10_000_000),
                   default=None, metavar="SCORES",
                   help="document scores of recently searched words and phrases each process "
                   "keeps (default 200000, about 18 MB; 0 for none)")
    s.add_argument("--page-cache", type=_bounded("the page cache", 0, 4096), default=None,
                   metavar="MB",
                   help="answers of pages and API calls over the corpus each process keeps "
                   "for readers who ask for them again (default 32 MB; 0 for none)")
    s.add_argument("--no-preload", dest="preload", action="store_false",
                   help="do not decode the search index's postings at start (saves a few "
                   "seconds and ~60 MB shared by the workers; a word's first search in "
                   "each worker then reads it from the index)")
    s.add_argument("--trusted-proxy", metavar="ADDRESS",
                   help="the address of a reverse proxy whose X-Forwarded-* headers are "
                   "believed (e.g. 127.0.0.1)")
    s.set_defaults(func=_serve)


def allowed_hosts(host: str, extra: list[str]) -> list[str]:
    from judgebot.web.origins import DEFAULT_ALLOWED_HOSTS, normalise

    names = list(DEFAULT_ALLOWED_HOSTS)
    if host not in WILDCARDS:  # listening on one address: that address is our name too
        names.append(normalise(host))
    return list(dict.fromkeys(names + [normalise(n) for n in extra]))


def warm_up(app) -> None:
    from judgebot.web import ask

    client = app.test_client()
    for path in WARM_UP:
        client.get(path)
    with app.app_context():
        ask.judge()


def _serve(args: argparse.Namespace) -> int:
    from judgebot.search import index
    from judgebot.search.scoring import CACHED_SCORES
    from judgebot.search.service import SearchService
    from judgebot.services import open_search
    from judgebot.store import StoreError, open_store
    from judgebot.web import pagecache, server, simulate
    from judgebot.web.app import create_app

    try:
        kind = server.choose_server(args.server)
        sock = server.bind(args.host, args.port)  # before loading: fail fast
    except server.ServeError as exc:
        print(f"judgebot: {exc}", file=sys.stderr)
        return 1
    # With the GIL a process runs one thread at a time: more threads only help
    # requests that wait, and each keeps its own stack and heap.
    args.threads = args.threads or (THREADS_PER_WORKER if kind == "gunicorn" else THREADS_ALONE)
    # Simulations waiting for their worker hold threads of their own (web.app.PageBudget).
    page_cache = pagecache.DEFAULT_MB if args.page_cache is None else args.page_cache
    config = {"PAGE_THREADS": args.threads, "PAGE_CACHE_BYTES": page_cache * 2**20}
    options = server.Options(host=args.host, port=args.port, workers=args.workers,
                             threads=args.threads + simulate.admitted(config), server=kind,
                             trusted_proxy=args.trusted_proxy)
    cached = CACHED_SCORES if args.search_cache is None else args.search_cache
    try:
        if args.data_dir:
            data_dir = Path(args.data_dir)
            store = open_store(data_dir=data_dir, progress=index.terminal_progress(
                "Building the corpus store"), log=lambda m: print(m, file=sys.stderr))
            service = SearchService(store, index_dir=data_dir,
                                    progress=index.terminal_progress(),
                                    log=lambda m: print(m, file=sys.stderr),
                                    cached_scores=cached)
        else:
            service = open_search(cached_scores=cached)
    except (index.IndexError_, StoreError) as exc:
        print(f"judgebot: {exc}", file=sys.stderr)
        sock.close()
        return 1
    if args.preload:
        # Before the fork: every worker shares them (see SearchService.preload).
        service.preload()
    hosts = allowed_hosts(args.host, args.allowed_host)
    app = create_app(service, {"ALLOWED_HOSTS": hosts, "CORS_ORIGINS": args.cors_origin,
                               **config})
    warm_up(app)
    port = sock.getsockname()[1]
    shown = "localhost" if args.host in ("127.0.0.1", "::1", "localhost") else args.host
    if ":" in shown:
        shown = f"[{shown}]"
    how = (f"{args.workers} worker processes × {args.threads} threads" if kind == "gunicorn"
           else f"one process, {args.threads} threads")

    def ready() -> None:
        print(f"judgebot: serving on http://{shown}:{port}/  ({how}; Ctrl-C to stop)",
              file=sys.stderr, flush=True)
        if args.host in WILDCARDS and not args.allowed_host:
            print("judgebot: answering only to the names " + ", ".join(hosts) + "; add "
                  "--allowed-host NAME for each name clients use to reach this machine",
                  file=sys.stderr, flush=True)

    server.serve(app, sock, options, ready)
    return 0
