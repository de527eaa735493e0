"""``judgebot simulate FILE [--json] [--explain]``.

Prints the step log, each step with the rules it applies, then the
expectations. Exit status: 0 when every expectation holds, 1 when one fails,
2 when the engine refuses the scenario (bad input, an illegal action, something
it can't simulate, a limit: more than 32 KB of text, a YAML bomb, a run longer
than ``--timeout`` seconds). ``--explain`` adds the English text of each cited rule
(2025-11-14) and the Chinese text of its 2019-10-04 ancestor, flagged where the
English rule has changed since.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from pathlib import Path
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
                   help="show the text of every cited rule (English 2025, Chinese 2019)")
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


def explain_rules(numbers: list[str]) -> dict[str, dict[str, Any]]:
    """English (2025) and Chinese (2019 ancestor) text of each rule, from the corpus."""
    out: dict[str, dict[str, Any]] = {n: {} for n in numbers}
    current = _read_rules(corpus.CORPUS_DIR / f"mtg-rule-{corpus.CR_2025}.jsonl")
    old = _read_rules(corpus.CORPUS_DIR / f"mtg-rule-{corpus.CR_2019}.jsonl")
    for n in numbers:
        rec = current.get(n)
        if rec is None:
            continue
        info = out[n]
        info["en"] = rec.get("text", {}).get("en", "")
        lineage = rec.get("lineage") or {}
        info["status"] = lineage.get("status")
        ancestor = lineage.get("ancestor")
        if ancestor:
            number = ancestor.rsplit(":", 1)[-1]
            info["ancestor"] = number
            anc = old.get(number)
            if anc is not None:
                zh = anc.get("text", {}).get("zh-Hans")
                if zh:
                    info["zh"] = zh
    return out


_CACHE: dict[Path, dict[str, dict[str, Any]]] = {}


def _read_rules(path: Path) -> dict[str, dict[str, Any]]:
    if path in _CACHE:
        return _CACHE[path]
    rules: dict[str, dict[str, Any]] = {}
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    rec = json.loads(line)
                    if rec.get("kind") == "rule":
                        rules[rec["number"]] = rec
    except OSError:
        pass
    _CACHE[path] = rules
    return rules
