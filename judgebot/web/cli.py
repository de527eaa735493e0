"""`judgebot serve`: the web service on a production WSGI server (waitress)."""

from __future__ import annotations

import argparse
import sys

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("serve", help="run the web service (pages and the JSON API)")
    s.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}; 0.0.0.0 for all)")
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    s.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    s.set_defaults(func=_serve)


def _serve(args: argparse.Namespace) -> int:
    from waitress import serve

    from judgebot.search import index
    from judgebot.services import open_search
    from judgebot.store import StoreError
    from judgebot.web.app import create_app

    try:
        service = open_search()
    except (index.IndexError_, StoreError) as exc:
        print(f"judgebot: {exc}", file=sys.stderr)
        return 1
    app = create_app(service)
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    print(f"judgebot: serving on http://{shown}:{args.port}/  (Ctrl-C to stop)",
          file=sys.stderr, flush=True)
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="judgebot",
          clear_untrusted_proxy_headers=True, max_request_header_size=65536,
          channel_timeout=30)
    return 0
