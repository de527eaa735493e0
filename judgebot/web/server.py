"""Serving the application: worker processes forked after everything is loaded.

One Python process answers one request at a time per core at best (the GIL),
so ``judgebot serve`` runs several. On Linux, gunicorn's master process loads
the app once (the index, the corpus, jieba's dictionary, the judge: about a
quarter of a gigabyte, read before the fork and then shared copy-on-write)
and forks ``workers`` processes from it; it restarts a worker that dies and
stops them all gracefully on Ctrl-C or SIGTERM.

Inside each worker the HTTP connections are handled by waitress, not by one
of gunicorn's own workers: waitress reads every request whole in its event
loop before a thread sees it, so a client that connects and sends nothing, or
sends its headers a byte at a time, holds a socket but never a thread. (A
gunicorn thread worker blocks a thread on such a client.) Idle connections
are closed after ``CHANNEL_TIMEOUT`` seconds, and each worker holds up to
``CONNECTION_LIMIT`` of them, so a few hundred half-open connections lock
nobody out.

Where gunicorn does not run (Windows, or ``--server waitress``) the same
waitress server runs in the one process.

The listening socket is bound here, before anything is loaded, so a port in
use or a host that does not exist is reported at once with a clear message.
Waitress alone serves on it; for gunicorn it is closed again just before the
workers start, and each worker binds its own socket to the same address
(``SO_REUSEPORT``), so that the kernel, not a race between workers, decides
which worker gets a connection: evenly.
"""

from __future__ import annotations

import _thread
import errno
import gc
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import Flask

CONNECTION_LIMIT = 1000  # per worker process; each costs a socket and a few KB
CHANNEL_TIMEOUT = 20  # seconds a connection may stay silent
CLEANUP_INTERVAL = 2  # how often silent connections are looked for
# The request line and headers: the app refuses a query over 8 KB and a name in the
# path over 200 characters anyway. (Waitress keeps the last 128 request lines it
# parsed, in urllib's cache: at this size that holds at most a few megabytes.)
MAX_HEADER_BYTES = 16 * 1024
MALLOC_ARENAS = 2
# A full collection stops every thread of the process for as long as it walks what the
# caches hold (~100 ms of CPU once they are full). Python starts one every 10 young
# collections of the middle generation once what survived since the last has grown by
# a quarter: with the caches churning, every ~2,000 requests. Every 100 instead: the
# cyclic garbage that outlived two young collections waits longer (a few thousand
# objects; the memory of a process over 40,000 requests is in bench/results/web.md).
FULL_COLLECTION_EVERY = 100
M_ARENA_MAX = -8  # glibc's mallopt parameter number


class ServeError(Exception):
    """The server cannot start: the message says why and what to do."""


@dataclass
class Options:
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 2
    threads: int = 8
    server: str = "auto"  # auto, gunicorn or waitress
    trusted_proxy: str | None = None
    connection_limit: int = CONNECTION_LIMIT
    channel_timeout: int = CHANNEL_TIMEOUT
    allowed_hosts: list[str] = field(default_factory=list)


def gunicorn_available() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def choose_server(requested: str) -> str:
    if requested == "auto":
        return "gunicorn" if gunicorn_available() else "waitress"
    if requested == "gunicorn" and not gunicorn_available():
        raise ServeError("gunicorn is not available here (it runs on Linux; "
                         "`pip install gunicorn`); use --server waitress")
    return requested


def bind(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (not yet listening), or :class:`ServeError`
    saying why there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) else "not a valid name"
        raise ServeError(f"cannot listen on host {host!r}: {reason} "
                         "(use an address of this machine, e.g. 127.0.0.1 or 0.0.0.0)") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is already in use (another judgebot?); "
                             "stop it or choose another port with --port") from None
        if exc.errno == errno.EACCES:
            raise ServeError(f"not allowed to listen on port {port} (ports below 1024 need "
                             "root); choose another with --port") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"{host} is not an address of this machine; use 127.0.0.1, "
                             "0.0.0.0 or one of its addresses") from None
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


def raise_file_limit(wanted: int) -> None:
    """Let each process hold ``wanted`` open files (connections), as far as allowed."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def waitress_settings(options: Options) -> dict:
    settings = {
        "threads": options.threads, "ident": "judgebot",
        "connection_limit": options.connection_limit,
        "channel_timeout": options.channel_timeout, "cleanup_interval": CLEANUP_INTERVAL,
        "max_request_header_size": MAX_HEADER_BYTES, "clear_untrusted_proxy_headers": True,
        "asyncore_use_poll": True,  # select() fails past 1,024 descriptors
    }
    if options.trusted_proxy:
        settings.update(trusted_proxy=options.trusted_proxy, trusted_proxy_count=1,
                        trusted_proxy_headers={"x-forwarded-for", "x-forwarded-host",
                                               "x-forwarded-proto", "x-forwarded-port"})
    return settings


def limit_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Let glibc's malloc keep at most ``arenas`` heaps per process.

    By default every thread that allocates may get a heap of its own (up to eight
    per core), and each keeps the high-water mark of the largest page its thread
    ever built: a worker's memory grows by megabytes per thread before it levels
    off. With the GIL only one thread runs Python at a time, so a shared heap
    costs no speed. (Not glibc: nothing to do.)"""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False


def settle_collector() -> None:
    """Set the garbage collector up for serving, once everything is loaded.

    What is loaded and warmed (the index, the corpus, the dictionaries, the judge)
    stays for the life of the process: frozen out of the collector's passes, a full
    collection walks only what came later, and a forked worker does not copy the
    pages the collector would otherwise write to. Full collections then come every
    ``FULL_COLLECTION_EVERY`` collections of the middle generation."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


def serve(app: Flask, sock: socket.socket, options: Options,
          ready: Callable[[], None] = lambda: None) -> None:
    """Serve ``app`` on the bound ``sock`` until stopped (Ctrl-C or SIGTERM);
    ``ready()`` is called once the first request can be answered."""
    raise_file_limit(options.connection_limit + 100)
    limit_malloc_arenas()
    settle_collector()
    if choose_server(options.server) == "gunicorn":
        host, port = sock.getsockname()[:2]
        sock.close()  # each worker binds its own socket to the same address
        _serve_gunicorn(app, host, port, options, ready)
    else:
        sock.listen(2048)
        sock.setblocking(False)
        ready()
        _serve_waitress(app, sock, options)


def _serve_waitress(app: Flask, sock: socket.socket, options: Options) -> None:
    from waitress import create_server

    server = create_server(app, sockets=[sock], **waitress_settings(options))
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


# --- gunicorn ------------------------------------------------------------------------------------

_options = Options()


def _serve_gunicorn(app: Flask, host: str, port: int, options: Options,
                    ready: Callable[[], None]) -> None:
    from gunicorn.app.base import BaseApplication

    class Application(BaseApplication):
        def load_config(self) -> None:
            settings = {
                "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
                # One socket per worker (SO_REUSEPORT): the kernel spreads new
                # connections evenly over the workers. On one shared socket the
                # worker that wins the race to accept takes most of them, and a
                # browser or proxy keeps its connections open for many requests.
                "reuse_port": True,
                "backlog": 2048,
                "workers": options.workers,
                "worker_class": WaitressWorker,
                "preload_app": True,
                "timeout": 60, "graceful_timeout": 10,
                "loglevel": "warning", "accesslog": None, "errorlog": "-",
                "proc_name": "judgebot",
                "pre_fork": _before_fork,
                # The first worker says so once it listens (its socket is bound
                # before this hook); later ones replace workers that ended.
                "post_worker_init": lambda worker: ready() if worker.age == 1 else None,
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Flask:
            return app

    global _options
    _options = options  # the workers, forked from this process, read it
    Application().run()


def _before_fork(server, worker) -> None:
    # A thread in the master would be copied into every worker half-finished.
    others = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    if others:
        server.log.warning("threads running before the fork: %s", ", ".join(others))


if gunicorn_available():
    from gunicorn.workers.base import Worker as _GunicornWorker

    class WaitressWorker(_GunicornWorker):
        """A gunicorn worker that serves its connections with waitress (see above)."""

        def run(self) -> None:
            from waitress import create_server

            server = create_server(self.wsgi, sockets=[s.sock for s in self.sockets],
                                   **waitress_settings(_options))
            # The master's heartbeat comes from a thread of its own: waitress's
            # loop runs undisturbed (stepping it one poll at a time to beat in
            # between cost a quarter more CPU per request).
            threading.Thread(target=self._heartbeat, name="judgebot-heartbeat",
                             daemon=True).start()
            try:
                server.run()  # until SystemExit or KeyboardInterrupt, then its threads stop
            finally:
                server.close()

        def handle_exit(self, sig, frame) -> None:
            """SIGTERM: stop taking requests and finish the ones in hand."""
            self.alive = False
            raise SystemExit(0)

        def _heartbeat(self) -> None:
            while self.alive:
                self.notify()
                if self.ppid != os.getppid():  # the master died: stop too
                    self.alive = False
                    _thread.interrupt_main()
                    return
                time.sleep(1.0)
