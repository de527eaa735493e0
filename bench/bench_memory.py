"""One web process over a long stream of the mix: does its memory level off, and what
do the garbage collector's passes cost it?

The app is loaded as ``judgebot serve`` loads it (the index, the corpus, its page cache,
the search's postings decoded, the warm-up requests, then the collector set up as before
the fork: everything loaded frozen, full collections as rare as the server makes them)
and answers the stream of ``bench/web_mix.py`` in-process (no sockets: the WSGI app
called directly, as a worker's threads call it). Every ``--every`` requests: the
resident memory, the objects the collector tracks beyond the frozen ones, and the
collections so far. At the end, each generation's collections: how many, their CPU time
in all and the longest (a full collection stops every thread of the process while it
runs).

The per-process caches are bounded (the store's records, the linked texts, the
search's scores …), so memory grows while they fill and then stays level; with the
default bounds they fill over some tens of thousands of varied requests, which is
why this is a bench script (a few minutes), not a test.

    python bench/bench_memory.py --requests 40000
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import web_mix  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class Collections:
    """Each collection's generation and CPU time, from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.thread_time()
        else:
            self.times[info["generation"]].append(time.thread_time() - self._start)

    def reset(self) -> None:
        for found in self.times.values():
            found.clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40_000)
    parser.add_argument("--every", type=int, default=5_000, help="requests between samples")
    parser.add_argument("--page-cache", type=int, default=None, metavar="MB",
                        help="as judgebot serve's (default: its default)")
    parser.add_argument("--no-preload", dest="preload", action="store_false",
                        help="as judgebot serve --no-preload (default: the postings are "
                             "decoded before serving, as the server does)")
    parser.add_argument("--full-collection-every", type=int, default=None, metavar="N",
                        help="middle-generation collections between full ones (default: "
                             "the server's)")
    args = parser.parse_args()

    from werkzeug.test import EnvironBuilder

    from judgebot.web import pagecache, server
    from judgebot.web.app import create_app
    from judgebot.web.cli import warm_up

    page_cache = pagecache.DEFAULT_MB if args.page_cache is None else args.page_cache
    app = create_app(config={"PAGE_CACHE_BYTES": page_cache * 2**20})
    loaded = rss_mb()
    if args.preload:
        app.extensions["judgebot"].service.preload()
    preloaded = rss_mb() - loaded
    warm_up(app)
    server.settle_collector()
    if args.full_collection_every is not None:
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, args.full_collection_every)
    collections = Collections()
    stream = web_mix.stream(args.requests)

    def respond(status, headers, exc_info=None):
        return None

    print(f"`python bench/bench_memory.py {' '.join(sys.argv[1:])}`: page cache {page_cache} MB, "
          f"collector thresholds {gc.get_threshold()}, "
          f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load {os.getloadavg()[0]:.1f}; "
          + (f"the postings preloaded (+{preloaded:.0f} MB RSS)\n" if args.preload else
             "no preload\n"))
    print("| requests | RSS MB | tracked objects (not frozen) | full collections so far | "
          "CPU ms per request since the last sample |")
    print("|---:|---:|---:|---:|---:|")
    started = time.process_time()
    samples = []
    for i, request in enumerate(stream, 1):
        language = web_mix.LANGUAGES[request.language]
        path, _, query = request.path.partition("?")
        headers = {"Host": "127.0.0.1:8000", **({"Accept-Language": language} if language else {})}
        body = app(EnvironBuilder(path=path, query_string=query, headers=headers).get_environ(),
                   respond)
        b"".join(body)
        body.close()
        if i % args.every == 0 or i == len(stream):
            now = time.process_time()
            count = i - (samples[-1][0] if samples else 0)
            samples.append((i, rss_mb(), len(gc.get_objects())))
            print(f"| {i} | {samples[-1][1]:.0f} | {samples[-1][2]} | "
                  f"{len(collections.times[2])} | {1000 * (now - started) / count:.2f} |",
                  flush=True)
            started = time.process_time()
    total = sum(sum(t) for t in collections.times.values())
    print("\n| generation | collections | CPU ms in all | longest ms | median ms |")
    print("|---:|---:|---:|---:|---:|")
    for generation, found in collections.times.items():
        if found:
            ordered = sorted(found)
            print(f"| {generation} | {len(found)} | {1000 * sum(found):.0f} | "
                  f"{1000 * ordered[-1]:.1f} | {1000 * ordered[len(ordered) // 2]:.1f} |")
    print(f"\nCollections in all: {1000 * total:.0f} ms of CPU.")
    answers = app.extensions["judgebot.pages"]
    if answers.hits + answers.misses:
        print(f"Page cache: {answers.hits} of {answers.hits + answers.misses} cacheable requests "
              f"answered from it ({100 * answers.hits / (answers.hits + answers.misses):.0f}%); "
              f"{len(answers)} answers, {answers.size / 2**20:.1f} MB kept at the end.")
    half = [s for s in samples if s[0] >= args.requests // 2]
    if len(half) >= 2:
        print(f"Second half of the stream: RSS {half[0][1]:.0f} → {half[-1][1]:.0f} MB, "
              f"tracked objects {half[0][2]} → {half[-1][2]}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
