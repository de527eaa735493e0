"""How much of the card corpus the engine reads: every card of the card file
(``corpus/sources/cards/cards.jsonl.xz``) read through :func:`judgebot.engine.oracle.
read_oracle`, in one process.

Reports the readable share overall and per card type (creature, instant, sorcery,
enchantment, artifact, planeswalker, land), among creatures whose text is only keyword
abilities, among instants and sorceries together; the 50 most frequent unread phrases
(the words that stop the most cards); the time to read them all; and the change since
the last run, whose figures are kept in ``bench/results/coverage.json``.

    python bench/bench_coverage.py            # writes bench/results/coverage.{json,md}
    python bench/bench_coverage.py --no-save  # prints only
    python bench/bench_coverage.py --type instant --type sorcery  # unread phrases of those types
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from cardfile import card_file, load_cards  # noqa: E402

from judgebot.engine.oracle import OracleCard, read_oracle  # noqa: E402
from judgebot.engine.text.keywords import read_keywords  # noqa: E402

RESULTS = HERE / "results"
TYPES = ("creature", "instant", "sorcery", "enchantment", "artifact", "planeswalker", "land")
TOP = 50


def card_types(card: dict) -> list[str]:
    left = (card.get("type_line") or "").split("—")[0].lower()
    return [t for t in TYPES if re.search(r"\b" + t + r"\b", left)]


def keyword_only(card: dict) -> bool:
    """A creature whose every line of text is keyword abilities (reminder text aside)."""
    if "creature" not in card_types(card) or card.get("faces"):
        return False
    text = re.sub(r"\s*\([^()]*\)", "", card.get("oracle_text") or "").strip()
    if not text:
        return False
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:
            read_keywords(line.strip())
        except Exception as exc:  # noqa: BLE001 - a keyword the engine doesn't simulate
            if "not_simulated" in str(getattr(exc, "msg", "")) or "recognised" in str(exc):
                continue
            return False
    return True


def phrase_key(phrase: str) -> str:
    """An unread phrase as counted: numbers and mana symbols kept (they are what the
    card says), whitespace folded, one line at most."""
    return re.sub(r"\s+", " ", phrase).strip()[:160]


def of_types(cards: list[dict], types: list[str]) -> list[dict]:
    """The cards with at least one of ``types`` (as counted in the table)."""
    return [c for c in cards if set(card_types(c)) & set(types)]


def measure(cards: list[dict], top: int = TOP) -> dict:
    totals = collections.Counter()
    readable = collections.Counter()
    phrases: collections.Counter = collections.Counter()
    start = time.perf_counter()
    cpu = time.process_time()  # the machine is shared: CPU time is what the reading costs
    for card in cards:
        reading = read_oracle(OracleCard.from_record(card))
        groups = ["all"] + card_types(card)
        if "instant" in groups or "sorcery" in groups:
            groups.append("instant or sorcery")
        if keyword_only(card):
            groups.append("keyword-only creature")
        for g in groups:
            totals[g] += 1
            if reading.readable:
                readable[g] += 1
        for p in set(phrase_key(p) for p in reading.unread):
            phrases[p] += 1
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    share = {g: {"readable": readable[g], "cards": totals[g],
                 "share": round(readable[g] / totals[g], 4) if totals[g] else 0.0}
             for g in ["all", *TYPES, "instant or sorcery", "keyword-only creature"]}
    return {"cards": len(cards), "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "share": share,
            "unread": phrases.most_common(top)}


def report(now: dict, before: dict | None) -> str:
    lines = ["# Coverage of the card corpus by the Oracle-text reader", "",
             f"{now['cards']} cards of `{now['source']}`, read in one process in "
             f"{now['seconds']} s ({now.get('cpu_seconds', '?')} s of CPU time; the machine is "
             f"shared, so wall time depends on its load) (`python bench/bench_coverage.py`).",
             "",
             "| cards | readable | of | share | change since the last run |",
             "|---|---:|---:|---:|---:|"]
    for group, row in now["share"].items():
        change = ""
        if before and group in before.get("share", {}):
            delta = row["share"] - before["share"][group]["share"]
            change = f"{delta * 100:+.1f} points ({before['share'][group]['readable']} → " \
                     f"{row['readable']})"
        lines.append(f"| {group} | {row['readable']} | {row['cards']} | "
                     f"{row['share'] * 100:.1f}% | {change} |")
    lines += ["", f"## The {len(now['unread'])} most frequent unread phrases", "",
              "Each counted once per card it stops (a card may have several).", "",
              "| cards | phrase |", "|---:|---|"]
    for phrase, n in now["unread"]:
        lines.append(f"| {n} | {phrase.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-save", action="store_true", help="don't write bench/results/")
    ap.add_argument("--limit", type=int, default=0, help="read only the first N cards")
    ap.add_argument("--type", action="append", choices=TYPES, default=[],
                    help="only cards of this type (repeatable); prints their unread phrases "
                         "and saves nothing")
    ap.add_argument("--top", type=int, default=TOP, help="how many unread phrases to list")
    args = ap.parse_args(argv)
    cards = load_cards()
    if args.type:
        cards = of_types(cards, args.type)
    if args.limit:
        cards = cards[:args.limit]
    now = measure(cards, args.top)
    now["source"] = card_file().name
    path = RESULTS / "coverage.json"
    # a subset's shares aren't comparable with the last run's over every card
    whole = not args.limit and not args.type
    before = json.loads(path.read_text(encoding="utf-8")) if path.exists() and whole else None
    text = report(now, before)
    print(text)
    if not args.no_save and not args.limit and not args.type and args.top == TOP:
        RESULTS.mkdir(exist_ok=True)
        path.write_text(json.dumps(now, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        (RESULTS / "coverage.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
