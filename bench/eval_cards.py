"""Finding a card the way people name it: top-1 accuracy on the card-name set.

    python bench/eval_cards.py                   # writes bench/results/cards.md
    python bench/eval_cards.py --out -           # markdown to stdout

Runs every line of ``bench/cards/names.jsonl`` (294 names written blind: exact
English names, Chinese in both scripts, pinyin, typos, faces, nicknames,
partial and old names; see ``bench/cards/README.md``) two ways:

- the **card lookup** (:class:`judgebot.cardfinder.CardFinder`: what
  ``/mtg/cards/<name>``, ``/api/v1/card/<name>`` and ``judgebot card`` use):
  its first card;
- **search** (:class:`judgebot.search.service.SearchService`, first page as a
  user sees it): the first hit that is a card.

A line counts when that card is the one the line names (its ``name`` in the
card file). The bar (issue 15): 100% on ``exact-en``. Lookup latency is
measured on the same names, warm, several rounds, against a plain dict lookup
of the exact English name in the same process as the baseline.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from runinfo import git_state

from judgebot.cardfinder import CardFinder
from judgebot.search import index
from judgebot.search.service import SearchService
from judgebot.store import open_store
from judgebot.text.names import name_key

ROOT = Path(__file__).resolve().parent.parent
NAMES = ROOT / "bench" / "cards" / "names.jsonl"
RESULTS = ROOT / "bench" / "results" / "cards.md"
ROUNDS = 5


def load(path: Path = NAMES) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def evaluate(lines: list[dict], index_dir: Path) -> dict:
    store = open_store()
    finder = CardFinder(store)
    svc = SearchService(store, index_dir=index_dir)
    name_of = {}

    def english(rid: str | None) -> str | None:
        if rid is None:
            return None
        if rid not in name_of:
            rec = store.get(rid)
            name_of[rid] = rec.name.get("en") if rec is not None else None
        return name_of[rid]

    rows = []
    for line in lines:
        found = finder.find(line["q"], limit=1)
        lookup = english(found[0].id) if found else None
        how = found[0].how if found else ""
        hits = svc.search(line["q"], per_page=10).hits
        card_hit = next((h.id for h in hits if h.kind == "card"), None)
        rows.append({**line, "lookup": lookup, "how": how, "search": english(card_hit)})
    # Latency: the lookup, warm, against a dict of exact English names.
    exact = {name_key(rec_name): rid for rid, rec_name in
             ((k[1], k[3]) for k in store.all_card_keys() if k[2] == "name")}
    timings: dict[str, list[float]] = defaultdict(list)
    baseline: list[float] = []
    for _ in range(ROUNDS):
        for line in lines:
            t = time.perf_counter()
            finder.find(line["q"], limit=1)
            timings[line["category"]].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            exact.get(name_key(line["q"]))
            baseline.append((time.perf_counter() - t) * 1000)
    search_times = []
    for line in lines:
        t = time.perf_counter()
        svc.search(line["q"], per_page=10)
        search_times.append((time.perf_counter() - t) * 1000)
    svc.close()
    return {"rows": rows, "timings": timings, "baseline": baseline, "search": search_times,
            "cards": store.count("mtg", "card")}


def report(result: dict) -> str:
    rows = result["rows"]
    categories = list(dict.fromkeys(r["category"] for r in rows))
    out = ["# Card names: finding a card the way people name it", "",
           f"Measured by `python bench/eval_cards.py` on "
           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, at commit `{git_state()}`, "
           f"over {result['cards']} cards. The set: `bench/cards/names.jsonl` ({len(rows)} "
           "names written blind; `bench/cards/README.md`). A line counts when the first card "
           "is the one it names.", "",
           "| category | names | card lookup top-1 | search: first card hit |",
           "|---|---:|---:|---:|"]
    for cat in categories + ["all"]:
        group = rows if cat == "all" else [r for r in rows if r["category"] == cat]
        lookup = sum(r["lookup"] == r["card"] for r in group)
        search = sum(r["search"] == r["card"] for r in group)
        out.append(f"| {cat} | {len(group)} | {lookup}/{len(group)} "
                   f"({100 * lookup / len(group):.1f}%) | {search}/{len(group)} "
                   f"({100 * search / len(group):.1f}%) |")
    exact = [r for r in rows if r["category"] == "exact-en"]
    met = all(r["lookup"] == r["card"] and r["search"] == r["card"] for r in exact)
    out += ["", f"Bar: exact English names 100% top-1 — **{'met' if met else 'not met'}** "
            f"(lookup {sum(r['lookup'] == r['card'] for r in exact)}/{len(exact)}, search "
            f"{sum(r['search'] == r['card'] for r in exact)}/{len(exact)}).", ""]
    all_times = [t for ts in result["timings"].values() for t in ts]
    p50 = percentile(all_times, 50)
    out += ["## Lookup latency (ms, warm, wall clock)", "",
            f"{ROUNDS} rounds over the set. Baseline: a Python dict of the exact English names "
            "(key folding included), which answers only the exact names.", "",
            "| category | p50 | p99 | max |", "|---|---:|---:|---:|"]
    for cat in categories:
        ts = result["timings"][cat]
        out.append(f"| {cat} | {statistics.median(ts):.3f} | {percentile(ts, 99):.3f} | "
                   f"{max(ts):.2f} |")
    out += [f"| all | {p50:.3f} | {percentile(all_times, 99):.3f} | {max(all_times):.2f} |",
            f"| baseline (dict) | {statistics.median(result['baseline']):.4f} | "
            f"{percentile(result['baseline'], 99):.4f} | {max(result['baseline']):.3f} |",
            "", f"Bar: card-name lookup p50 ≤ 1 ms — **{'met' if p50 <= 1 else 'not met'}** "
            f"({p50:.3f} ms). Search with the same names (a whole search, snippets and all): "
            f"p50 {statistics.median(result['search']):.2f} ms, p99 "
            f"{percentile(result['search'], 99):.2f} ms.", ""]
    misses = [r for r in rows if r["lookup"] != r["card"] or r["search"] != r["card"]]
    out += ["## Misses", "", "| category | query | expected | lookup (how) | search |",
            "|---|---|---|---|---|"]
    for r in misses:
        out.append(f"| {r['category']} | `{r['q']}` | {r['card']} | {r['lookup'] or '—'} "
                   f"({r['how'] or '—'}) | {r['search'] or '—'} |")
    if not misses:
        out.append("| | none | | | |")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index-dir", type=Path, default=index.INDEX_DIR)
    parser.add_argument("--out", default=str(RESULTS), help="report path, or - for stdout")
    args = parser.parse_args(argv)
    text = report(evaluate(load(), args.index_dir))
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
