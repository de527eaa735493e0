"""``judgebot simulate FILE [--json] [--explain]``.

Prints the step log, each step with the rules it applies, then the
expectations. Exit status: 0 when every expectation holds, 1 when one fails,
2 when the engine refuses the scenario (bad input, an illegal action, something
it can't simulate, a limit: more than 32 KB of text, a YAML bomb, a run longer
than ``--timeout`` seconds). ``--explain`` adds the English text of each cited rule
(the current edition of the corpus store) and the Chinese text of its 2019-10-04
ancestor, flagged where the English rule has changed since.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from typing import Any

from judgebot import corpus
from judgebot.engine.errors import Refusal
from judgebot.engine.limits import MAX_BYTES
from judgebot.engine.simulation import SimulationResult, run_text
from judgebot.messages import msg

DEFAULT_TIMEOUT = 10.0


class _OutOfTime(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception`` inside the
    engine mistakes it for one of its own errors."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("simulate", help="simulate a scenario (YAML) step by step, "
                              "citing the rules")
    p.add_argument("file", help="scenario file (YAML or JSON); - for standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--explain", action="store_true",
                   help="show the text of every cited rule (English of the current edition, "
                   "Chinese of 2019-10-04)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"stop a run that takes longer (default {DEFAULT_TIMEOUT:g}; 0: none)")
    p.set_defaults(func=main)


def read(name: str) -> str:
    """The scenario's text, at most :data:`MAX_BYTES` of it read (``/dev/zero`` ends
    too), as UTF-8; OSError, UnicodeDecodeError or ValueError otherwise."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        with open(name, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"it is longer than {MAX_BYTES // 1024} KB: not a scenario")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise ValueError(f"byte {exc.start + 1} is not UTF-8 text (binary data?)") from None


def _cards():
    """The engine's cards, then the card file's it reads (the corpus store, if
    built, is opened only when a scenario names a card the pool lacks)."""
    from judgebot.cardsource import corpus_cards

    return corpus_cards()


def simulate_within(text: str, seconds: float) -> SimulationResult:
    """``run_text`` stopped after ``seconds`` (on the main thread of a Unix process;
    elsewhere without a limit)."""
    if seconds <= 0 or not hasattr(signal, "setitimer") or \
            threading.current_thread() is not threading.main_thread():
        return run_text(text, cards=_cards())

    def alarm(signum: int, frame: Any) -> None:
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return run_text(text, cards=_cards())
    except _OutOfTime:
        refusal = Refusal(msg("limit.timeout", seconds=f"{seconds:g}"), kind="limit")
        return SimulationResult(None, False, refusal, [], {}, [])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def main(args: argparse.Namespace) -> int:
    try:
        text = read(args.file)
    except (OSError, ValueError) as exc:
        print(f"judgebot: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    result = simulate_within(text, args.timeout)
    explained = explain_rules(result.cited()) if args.explain else {}
    if args.json:
        out = result.to_dict()
        if args.explain:
            out["explain"] = explained
        said = json.dumps(out, ensure_ascii=False, indent=1, default=str)
    else:
        said = render(result, explained)
    try:
        sys.stdout.write(said + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:  # /dev/full, a closed or failing output
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more goes to the output
        except OSError:
            pass
        print(f"judgebot: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return result.exit_code


def render(result: SimulationResult, explained: dict[str, dict[str, Any]]) -> str:
    lines: list[str] = []
    if result.scenario is not None and result.scenario.title:
        lines.append(result.scenario.title)
        lines.append("=" * min(len(result.scenario.title), 78))
    for e in result.log:
        if e.event in ("step", "turn"):
            lines.append(f"-- {e.render()}")
        else:
            lines.append(f"   {e.render()}")
    if result.refused is not None:
        r = result.refused
        where = f"line {r.line}: " if r.line else ""
        rules = f" (rule {', '.join(r.rules)})" if r.rules else ""
        lines.append("")
        lines.append(f"REFUSED: {where}{r.message}{rules}")
    if result.expectations:
        lines.append("")
        lines.append("Expectations:")
        for c in result.expectations:
            mark = "ok  " if c["ok"] else "FAIL"
            where = f" (line {c['line']})" if c.get("line") else ""
            detail = "" if c["ok"] else f": expected {c.get('expected')!r}, got {c['actual']!r}"
            lines.append(f"  {mark} {c['check']}{where}{detail}")
    if explained:
        lines.append("")
        lines.append("Rules cited:")
        for number, info in explained.items():
            lines.append(f"  {number}  {info.get('en') or '(text unavailable)'}")
            zh = info.get("zh")
            if zh:
                flag = ""
                if info.get("status") not in (None, "unchanged"):
                    flag = f" [the English rule has {info['status']} since 2019-10-04]"
                lines.append(f"      中文 ({info.get('ancestor', '2019-10-04')}): {zh}{flag}")
            elif info.get("status") == "new":
                lines.append("      (new since 2019-10-04: no Chinese translation)")
    lines.append("")
    if result.refused is not None:
        lines.append("Result: refused")
    else:
        lines.append("Result: " + ("every expectation holds" if result.ok else
                                   "an expectation fails"))
    return "\n".join(lines)


def explain_rules(numbers: list[str], store: Any = None) -> dict[str, dict[str, Any]]:
    """English text of each rule in the current edition of the corpus store, and the
    Chinese of the rule it descends from in the translated edition (2019-10-04),
    with whether the English has changed since."""
    out: dict[str, dict[str, Any]] = {n: {} for n in numbers}
    if not numbers:
        return out
    if store is None:
        from judgebot.services import open_corpus  # the store is opened only when asked
        store = open_corpus()
    edition = store.current_edition("mtg")
    translated = store.translated_edition("mtg")
    for n in numbers:
        rec = store.rule(n, edition) if edition else None
        if rec is None:
            continue
        info = out[n]
        info["en"] = rec.text.get("en", "")
        info["edition"] = rec.edition
        lineage = store.lineage(rec.id)
        info["status"] = lineage.get("status")
        other = store.get(lineage.get("translated"))
        if other is not None and other.id != rec.id:
            info["ancestor"] = getattr(other, "number", "")
            info["ancestor_edition"] = other.edition or translated
            zh = corpus.zh_of(other.text)
            if zh:
                info["zh"] = zh
        elif corpus.zh_of(rec.text):
            info["zh"] = corpus.zh_of(rec.text)
    return out
