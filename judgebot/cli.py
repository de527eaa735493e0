"""The ``judgebot`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from judgebot import cardcli
from judgebot.engine import cli as engine_cli
from judgebot.ingest import cli as ingest_cli
from judgebot.judge import cli as judge_cli
from judgebot.search import cli as search_cli
from judgebot.web import cli as web_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judgebot",
        description="Bilingual Magic: The Gathering rules and judge assistant.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    ingest_cli.register(sub)
    search_cli.register(sub)
    web_cli.register(sub)
    judge_cli.register(sub)
    engine_cli.register(sub)
    cardcli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
        return code
    except BrokenPipeError:  # output piped into `head` and the like
        _drop_stdout()
        return 0
    except OSError as exc:  # a full disk (`> /dev/full`), a folder not writable …
        _drop_stdout()
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"judgebot: {exc.strerror or exc}{where}", file=sys.stderr)
        return 1


def _drop_stdout() -> None:
    """Send what is still buffered for stdout nowhere, so Python's exit does not
    try to write it again and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
