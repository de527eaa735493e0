"""The ``judgebot`` command."""

from __future__ import annotations

import argparse
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
        return args.func(args)
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
