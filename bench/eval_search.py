"""Relevance of judgebot search: top-1 accuracy, recall@5 and MRR on the relevance set.

    python bench/eval_search.py                 # writes bench/results/relevance.md
    python bench/eval_search.py --queries bench/relevance/policy.jsonl   # the MTR and
                                                # IPG set: writes bench/results/relevance-policy.md
    python bench/eval_search.py --index-dir /tmp/ix --out -   # markdown to stdout

Runs every query of ``bench/relevance/queries.jsonl`` (or ``--queries``) through
:class:`judgebot.search.service.SearchService` as a user would (first page,
ten results, the query's filters) and scores the ranking against the ids the
query names. Queries whose expected records are not in the corpus yet, or
that need data the corpus lacks (the decoded Chinese CR), are listed apart
as pending and not scored; so are queries whose expected record turned out
not to contain the text the query's author checked for (``contains``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from relevance_set import QUERIES, Query, Score, load, score
from runinfo import git_state

from judgebot import corpus
from judgebot.corpus import CR_2019, ZH_HANS
from judgebot.search import index
from judgebot.search.service import SearchService
from judgebot.store import open_store

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "relevance.md"
PER_PAGE = 10


@dataclass
class Outcome:
    query: Query
    status: str  # scored | pending | suspect
    reason: str = ""
    ranked: list[str] | None = None
    score: Score | None = None
    error: str = ""


def available_needs(records: list[corpus.Record]) -> set[str]:
    """The kinds of data named in ``needs`` that the corpus has."""
    have = set()
    if any(r.game == "mtg" and r.kind == "rule" and r.edition == CR_2019
           and r.text.get(ZH_HANS) for r in records):
        have.add("zh-cr")
    return have


def triage(query: Query, by_id: dict[str, corpus.Record], needs: set[str]) -> tuple[str, str]:
    missing = [rid for rid in query.expected if rid not in by_id]
    if missing:
        return "pending", "not in the corpus: " + ", ".join(missing)
    lacking = [n for n in query.needs if n not in needs]
    if lacking:
        return "pending", "needs " + ", ".join(lacking)
    for rid, text in query.contains.items():
        if text not in _record_text(by_id.get(rid)):
            return "suspect", f"{rid} does not contain {text!r}"
    return "scored", ""


def _record_text(rec: corpus.Record) -> str:
    parts = []
    for name in ("text", "definition", "term", "name", "title"):
        value = getattr(rec, name, None)
        if isinstance(value, dict):
            parts.extend(v for v in value.values() if isinstance(v, str))
    return "\n".join(parts)


def evaluate(service: SearchService, queries: list[Query]) -> list[Outcome]:
    needs = available_needs(list(service.store.records()))
    outcomes = []
    for query in queries:
        status, reason = triage(query, service.store, needs)
        outcome = Outcome(query, status, reason)
        if status == "scored":
            try:
                results = service.search(query.q, per_page=PER_PAGE, **query.filters)
                # A release-notes ruling that is an Oracle ruling is found as that
                # ruling (which carries its Chinese): the same record for the set.
                twins = {getattr(service.store.get(e), "same_as", ""): e for e in query.expected}
                if "edition" not in query.filters:
                    # a rule or term named in an edition since superseded is found
                    # as it is now (the set was written against 2025-11-14)
                    twins.update({now: e for e in query.expected
                                  if (now := _now(service.store, e)) not in (None, e)})
                outcome.ranked = [twins.get(h.id, h.id) for h in results.hits]
            except Exception as exc:  # a failing query is a miss, and is reported
                outcome.ranked = []
                outcome.error = f"{exc.__class__.__name__}: {exc}"
            outcome.score = score(query, outcome.ranked)
        outcomes.append(outcome)
    return outcomes


def _now(store, rid: str) -> str | None:
    """The current edition's record for a rule or glossary entry of an older one."""
    rec = store.get(rid)
    if rec is None or rec.kind not in ("rule", "glossary"):
        return None
    current = store.current_edition(rec.game, rec.kind)
    if rec.edition == current or rec.edition in ("2019-10-04", "m13", "casual-2015", "6.0"):
        return None  # current already, or the translated/other document meant as such
    if rec.kind == "rule":
        return store.current_of(rid)
    found = store.find(rec.game, "glossary", slug=rec.slug, edition=current)
    return found[0].id if found else None


@dataclass
class Figures:
    n: int
    top1: float | None
    recall5: float | None
    mrr: float | None


def figures(outcomes: list[Outcome]) -> Figures:
    scored = [o.score for o in outcomes if o.status == "scored" and o.score]
    with_top1 = [s.top1 for s in scored if s.top1 is not None]
    return Figures(
        n=len(scored),
        top1=statistics.fmean(with_top1) if with_top1 else None,
        recall5=statistics.fmean(s.recall5 for s in scored) if scored else None,
        mrr=statistics.fmean(s.rr for s in scored) if scored else None,
    )


def failed(outcome: Outcome) -> bool:
    s = outcome.score
    return outcome.status == "scored" and s is not None and (s.top1 is False or s.recall5 < 1.0)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _label(service: SearchService, rid: str) -> str:
    rec = service.store.get(rid)
    if rec is None:
        return rid
    for name in ("title", "term", "name"):
        value = getattr(rec, name, None)
        if isinstance(value, dict) and value:
            title = value.get("en") or value.get("zh-Hans") or next(iter(value.values()))
            return f"{rid} ({title})"
    return rid


def report(service: SearchService, outcomes: list[Outcome], seconds: float,
           command: str, queries_file: str = "bench/relevance/queries.jsonl") -> str:
    total = figures(outcomes)
    by_cat: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_cat[o.query.category].append(o)
    pending = [o for o in outcomes if o.status == "pending"]
    suspect = [o for o in outcomes if o.status == "suspect"]
    kinds = defaultdict(int)
    for rec in service.store.records():
        kinds[f"{rec.game}:{rec.kind}:{rec.edition}"] += 1
    lines = [
        "# Search relevance",
        "",
        f"Measured by `{command}` at commit `{git_state()}` on "
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}, in {seconds:.1f} s.",
        "",
        f"Corpus: {service.store.size} records "
        f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}).",
        "",
        f"Relevance set: {len(outcomes)} queries in `{queries_file}`; "
        f"{total.n} scored, {len(pending)} pending (their records or data are not in the corpus "
        f"yet), {len(suspect)} with an expectation that does not fit the record it names.",
        "",
        "top-1: the first result is one the query accepts first. recall@5: share of the "
        "`top5` ids among the first five. MRR: mean reciprocal rank of the first expected id "
        f"in the first {PER_PAGE} results.",
        "",
        "## Overall",
        "",
        "| queries scored | top-1 | recall@5 | MRR |",
        "|---:|---:|---:|---:|",
        f"| {total.n} | {_pct(total.top1)} | {_pct(total.recall5)} | {_num(total.mrr)} |",
        "",
        "## Per category",
        "",
        "| category | scored | pending | top-1 | recall@5 | MRR |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for cat in sorted(by_cat):
        group = by_cat[cat]
        f = figures(group)
        waiting = sum(1 for o in group if o.status != "scored")
        lines.append(f"| {cat} | {f.n} | {waiting} | {_pct(f.top1)} | {_pct(f.recall5)} "
                     f"| {_num(f.mrr)} |")
    misses = sorted((o for o in outcomes if failed(o)),
                    key=lambda o: (o.score.rr, o.score.recall5, o.query.category, o.query.line))
    lines += ["", f"## Failures ({len(misses)})", "",
              "Worst first: expected ids not in the first ten, then those found late.", "",
              "| line | category | query | expected (rank) | first result |",
              "|---:|---|---|---|---|"]
    for o in misses:
        ranks = []
        for rid in o.query.expected:
            r = o.ranked.index(rid) + 1 if rid in o.ranked else None
            ranks.append(f"{rid} ({r if r else '>' + str(PER_PAGE)})")
        first = _label(service, o.ranked[0]) if o.ranked else (o.error or "no results")
        lines.append(f"| {o.query.line} | {o.query.category} | `{_cell(o.query.q)}` "
                     f"| {_cell('; '.join(ranks))} | {_cell(first)} |")
    if suspect:
        lines += ["", f"## Expectations that do not fit their record ({len(suspect)})", "",
                  "| line | query | problem |", "|---:|---|---|"]
        lines += [f"| {o.query.line} | `{_cell(o.query.q)}` | {_cell(o.reason)} |"
                  for o in suspect]
    if pending:
        lines += ["", f"## Pending ({len(pending)})", "",
                  "Not scored until the corpus has what they need.", "",
                  "| line | category | query | waiting for |", "|---:|---|---|---|"]
        lines += [f"| {o.query.line} | {o.query.category} | `{_cell(o.query.q)}` "
                  f"| {_cell(o.reason)} |" for o in pending]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, default=QUERIES)
    parser.add_argument("--index-dir", type=Path, default=index.INDEX_DIR,
                        help="index to use (built there if missing or stale)")
    parser.add_argument("--corpus-dir", type=Path, default=corpus.CORPUS_DIR)
    parser.add_argument("--out", default=None,
                        help="markdown report path, or - for stdout (default: "
                        "bench/results/relevance.md, relevance-<name>.md for another set)")
    args = parser.parse_args(argv)
    if args.out is None:
        args.out = str(RESULTS if args.queries.resolve() == QUERIES.resolve() else
                       RESULTS.with_name(f"relevance-{args.queries.stem}.md"))
    queries = load(args.queries)
    store = open_store(args.corpus_dir, args.index_dir,
                       progress=index.terminal_progress("Building the corpus store"),
                       log=lambda m: print(m, file=sys.stderr))
    service = SearchService(store, index_dir=args.index_dir,
                            progress=index.terminal_progress(),
                            log=lambda m: print(m, file=sys.stderr))
    started = time.perf_counter()
    outcomes = evaluate(service, queries)
    seconds = time.perf_counter() - started
    command = "python bench/eval_search.py" + (" " + " ".join(argv) if argv else "")
    try:
        shown = str(args.queries.resolve().relative_to(ROOT))
    except ValueError:
        shown = str(args.queries)
    text = report(service, outcomes, seconds, command, shown)
    service.close()
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
        total = figures(outcomes)
        print(f"{total.n} scored: top-1 {_pct(total.top1)}, recall@5 {_pct(total.recall5)}, "
              f"MRR {_num(total.mrr)}; "
              f"{sum(o.status != 'scored' for o in outcomes)} pending; report in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
