"""Quality of ``judgebot ask`` on the judge-question set (bench/ask/questions.yaml).

Every question goes through ``Judge.ask``; the rules of the answer, in their
order, are scored against the rules the set says a correct answer must cite:

- recall@5: the share of cited rules found among the answer's first five rules;
- MRR: the mean of 1/rank of the first answer rule that is a cited one;
- decisive RR: 1/rank of the set's most decisive rule (the first it cites);
- all@5: the share of questions whose cited rules are all in the first five.

A cited rule is found by an answer rule of the current edition
with the same number, or with a subrule's number when the set cites a parent
(cite 702.19 is found by 702.19b; an answer's 702.19 does not find a cited
702.19b). Paraphrased questions are scored like the others and compared with
their originals; simulable questions are checked against the expected outcome
in ``Answer.simulation``.

    python bench/eval_ask.py                   # writes bench/results/ask.md
    python bench/eval_ask.py --json /tmp/ask.json --worst 20
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "ask"))
import askset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "ask.md"
TAGS = ("typo", "mixed", "card", "hant", "paraphrase")


@dataclass
class Scored:
    question: askset.Question
    numbers: list[str | None] = field(default_factory=list)  # rule numbers, answer order
    other_ids: list[str] = field(default_factory=list)  # rules not of the current MTG CR
    found: dict[str, int | None] = field(default_factory=dict)
    recall: float = 0.0
    recall_parent: float = 0.0  # with a parent rule counting for its subrule
    rr: float = 0.0
    decisive: float = 0.0
    confidence: str = ""
    basis: str = ""
    message: str = ""
    entities: list[str] = field(default_factory=list)
    sim: askset.SimCheck | None = None
    simulated_unasked: bool = False
    error: str = ""
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return self.recall == 1.0


def current_cite(store, q: askset.Question) -> tuple[str, ...]:
    """The question's cited rules in the current edition's numbering: a rule
    cited by its number in an older edition is followed through its lineage."""
    current = store.current_edition("mtg")
    out = []
    for cite in q.cite:
        if q.edition != current and cite[:1].isdigit():
            now = store.get(store.lineage(f"mtg:cr:{q.edition}:{cite}").get("current"))
            cite = now.number if now is not None else cite
        out.append(cite)
    return tuple(out)


def evaluate(judge, questions: list[askset.Question], cards: dict[str, str]) -> list[Scored]:
    out = []
    store = judge.store
    current = store.current_edition("mtg")
    for q in questions:
        cite = current_cite(store, q)
        s = Scored(q)
        start = time.perf_counter()
        try:
            answer = judge.ask(q.q)
        except Exception as exc:  # a crash is a failure to report, not a reason to stop
            s.error = f"{type(exc).__name__}: {exc}"
            s.found = {c: None for c in cite}
            s.seconds = time.perf_counter() - start
            out.append(s)
            continue
        s.seconds = time.perf_counter() - start
        ids = [getattr(r, "id", "") for r in getattr(answer, "rules", []) or []]
        s.numbers = [askset.number_of(i, current) for i in ids]
        s.other_ids = [i.rsplit(":", 1)[0] for i, n in zip(ids, s.numbers, strict=True)
                       if n is None]
        s.found = askset.ranks(cite, s.numbers)
        s.recall = askset.recall_at(s.found)
        s.recall_parent = askset.recall_at(askset.ranks(cite, s.numbers, parents=True))
        s.rr = askset.reciprocal_rank(s.found)
        s.decisive = askset.decisive_rr(cite, s.found)
        s.confidence = getattr(answer, "confidence", "")
        s.basis = getattr(answer, "basis", "") or ""
        s.message = getattr(answer, "message", "")
        s.entities = _entities(answer)
        simulation = getattr(answer, "simulation", None)
        if q.simulable:
            s.sim = askset.check_simulation(simulation, q.outcome or {}, cards)
        else:
            s.simulated_unasked = bool(simulation)
        out.append(s)
    return out


def _calibration(rows: list[Scored]) -> list[str]:
    groups: dict[tuple[str, str], list[Scored]] = {}
    for r in rows:
        if not r.error:
            groups.setdefault((r.confidence, r.basis), []).append(r)
    for level in ("strong", "likely", "weak", "none"):
        every = [r for (c, _), rs in groups.items() if c == level for r in rs]
        if every:
            groups[(level, "(all)")] = every
    out = ["| confidence | basis | n | precision@1 | precision@3 |", "|---|---|---:|---:|---:|"]
    order = {"strong": 0, "likely": 1, "weak": 2, "none": 3}
    for (level, basis), rs in sorted(groups.items(), key=lambda kv: (
            order.get(kv[0][0], 3), kv[0][1] != "(all)", -len(kv[1]), kv[0][1])):
        p1 = sum(r.rr >= 1.0 for r in rs) / len(rs)
        p3 = sum(r.rr >= 1 / 3 for r in rs) / len(rs)
        out.append(f"| {level} | {basis or '-'} | {len(rs)} | {p1:.3f} | {p3:.3f} |")
    return out


def _entities(answer) -> list[str]:
    u = getattr(answer, "understanding", None)
    out = []
    for e in getattr(u, "entities", []) or []:
        if getattr(e, "kind", "") == "player":
            continue
        value = str(getattr(e, "value", "")).rsplit(":", 1)[-1]
        out.append(f"{e.kind}:{e.text}→{value}")
    return out


# --- aggregation --------------------------------------------------------------------------


def summary(rows: list[Scored]) -> dict[str, float]:
    n = len(rows)
    if not n:
        return {"n": 0}
    return {
        "n": n,
        "recall@5": statistics.fmean(r.recall for r in rows),
        "recall@5 parent ok": statistics.fmean(r.recall_parent for r in rows),
        "MRR": statistics.fmean(r.rr for r in rows),
        "decisive RR": statistics.fmean(r.decisive for r in rows),
        "all@5": sum(r.complete for r in rows) / n,
        "none found": sum(1 for r in rows if r.rr == 0) / n,
    }


def groups(rows: list[Scored]) -> dict[str, dict[str, list[Scored]]]:
    out: dict[str, dict[str, list[Scored]]] = {
        "language": defaultdict(list), "script": defaultdict(list),
        "category": defaultdict(list), "tag": defaultdict(list)}
    for r in rows:
        q = r.question
        out["language"][q.family].append(r)
        out["script"][q.lang].append(r)
        out["category"][q.category].append(r)
        for tag in TAGS:
            if tag in q.tags:
                out["tag"][tag].append(r)
        if not q.tags & {"typo", "mixed"}:
            out["tag"]["clean (no typo, not mixed)"].append(r)
    return out


def paraphrase_pairs(rows: list[Scored]) -> list[tuple[Scored, Scored]]:
    by_id = {r.question.id: r for r in rows}
    return [(by_id[r.question.paraphrase_of], r) for r in rows
            if r.question.paraphrase_of in by_id]


def simulation_counts(rows: list[Scored]) -> Counter:
    return Counter(r.sim.status for r in rows if r.sim is not None)


# --- report -------------------------------------------------------------------------------


def _fmt(x: float) -> str:
    return f"{x:.3f}"


def _table(title: str, named: dict[str, list[Scored]], order=None) -> list[str]:
    keys = order or sorted(named, key=lambda k: (-len(named[k]), k))
    lines = [f"| {title} | n | recall@5 | MRR | decisive RR | all@5 | none found "
             "| recall@5 parent ok |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for key in keys:
        if key not in named:
            continue
        s = summary(named[key])
        lines.append(f"| {key} | {s['n']} | {_fmt(s['recall@5'])} | {_fmt(s['MRR'])} | "
                     f"{_fmt(s['decisive RR'])} | {_fmt(s['all@5'])} | {_fmt(s['none found'])} | "
                     f"{_fmt(s['recall@5 parent ok'])} |")
    return lines


def _found(r: Scored) -> str:
    return ", ".join(f"{c}@{rank}" if rank else f"{c}@–" for c, rank in r.found.items())


def _top(r: Scored, k: int = askset.K) -> str:
    return ", ".join(n or "(other)" for n in r.numbers[:k]) or "(no rules)"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def report(rows: list[Scored], worst: int, elapsed: float, missing: list[str],
           source: str = "bench/ask/questions*.yaml", edition: str = "") -> str:
    originals = [r for r in rows if not r.question.paraphrase_of]
    g = groups(rows)
    pairs = paraphrase_pairs(rows)
    sims = simulation_counts(rows)
    simulable = sum(sims.values())
    lines = [
        "# `judgebot ask` on the judge-question set",
        "",
        f"Measured {date.today().isoformat()} at commit {_commit()} "
        f"(Python {platform.python_version()}, {platform.machine()}), "
        f"{len(rows)} questions in {elapsed:.1f} s. Reproduce: `python bench/eval_ask.py"
        f"{'' if source == 'bench/ask/questions*.yaml' else ' --questions ' + source}`.",
        "",
        f"The set (`{source}`, see its README) was written from the rules and "
        "the release notes, independently of the judge code. A cited rule counts as found "
        f"when an answer rule of the current CR ({edition}) has its number (a rule cited in an "
        "older edition's numbering is followed to the current one), or a subrule's number when "
        "the set cites a parent (cite 702.19 ← answer 702.19b; answer 702.19 does not find "
        "cite 702.19b). recall@5: share of cited rules in the answer's first five rules. "
        "MRR: mean 1/rank of the first answer rule that is cited. decisive RR: 1/rank of the "
        "set's first (most decisive) cited rule. all@5: share of questions with every cited "
        "rule in the first five. none found: share of questions with no cited rule anywhere "
        "in the answer. recall@5 parent ok: recall@5 if an answer's parent rule (702.15) "
        "also counted for a cited subrule (702.15b); shown only to tell a near miss from a "
        "miss.",
        "",
        "## Overall",
        "",
        *_table("set", {"all questions": rows, "originals only": originals},
                ["all questions", "originals only"]),
        "",
    ]
    errors = [r for r in rows if r.error]
    if errors:
        lines += [f"**{len(errors)} question(s) raised an exception** (scored 0): "
                  + "; ".join(f"{r.question.id} {r.error}" for r in errors[:5]), ""]
    if missing:
        lines += ["**Cited rules missing from the corpus**: " + ", ".join(missing), ""]
    other = Counter(i for r in rows for i in r.other_ids)
    if other:
        lines += [f"Answer rules that are not {edition} Magic CR rules (never counted): "
                  + ", ".join(f"{k} {v}" for k, v in other.most_common()) + f", in "
                  f"{sum(1 for r in rows if r.other_ids)} answers.", ""]
    conf = Counter(r.confidence or "(error)" for r in rows)
    lines += ["Answer confidence: " + ", ".join(f"{k} {v}" for k, v in conf.most_common()), ""]
    lines += ["## Calibration", "",
              "Is the answer as sure as it says? For each confidence and the basis it gives: "
              "the share of answers whose first quote is a cited rule (precision@1) and "
              "whose first three quotes hold one (precision@3). \"strong\" precision is "
              "the first column of the strong rows together.", "",
              *_calibration(rows), ""]
    lines += ["## By language", "", *_table("language", g["language"], ["en", "zh"]), "",
              *_table("script", g["script"], list(askset.LANGS)), "",
              "## By category", "", *_table("category", g["category"]), "",
              "## By kind of question", "", *_table("tag", g["tag"]), ""]
    lines += ["## Paraphrases", ""]
    if pairs:
        o = summary([a for a, _ in pairs])
        p = summary([b for _, b in pairs])
        d_recall = statistics.fmean(abs(a.recall - b.recall) for a, b in pairs)
        d_rr = statistics.fmean(abs(a.rr - b.rr) for a, b in pairs)
        lines += [
            f"{len(pairs)} questions are asked twice in different words (`paraphrase_of`).", "",
            "| phrasing | recall@5 | MRR | decisive RR | all@5 |", "|---|---:|---:|---:|---:|",
            f"| original | {_fmt(o['recall@5'])} | {_fmt(o['MRR'])} | {_fmt(o['decisive RR'])} "
            f"| {_fmt(o['all@5'])} |",
            f"| paraphrase | {_fmt(p['recall@5'])} | {_fmt(p['MRR'])} | "
            f"{_fmt(p['decisive RR'])} | {_fmt(p['all@5'])} |",
            f"| gap (original − paraphrase) | {_fmt(o['recall@5'] - p['recall@5'])} | "
            f"{_fmt(o['MRR'] - p['MRR'])} | {_fmt(o['decisive RR'] - p['decisive RR'])} | "
            f"{_fmt(o['all@5'] - p['all@5'])} |",
            "",
            f"Mean absolute difference within a pair: recall@5 {_fmt(d_recall)}, "
            f"RR {_fmt(d_rr)}.",
            "",
            "Pairs that differ most:", "",
            "| original | paraphrase | recall@5 | RR |", "|---|---|---:|---:|",
        ]
        ranked = sorted(pairs, key=lambda ab: -(abs(ab[0].recall - ab[1].recall)
                                               + abs(ab[0].rr - ab[1].rr)))
        for a, b in ranked[:8]:
            lines.append(f"| {a.question.id} | {b.question.id} | {_fmt(a.recall)} → "
                         f"{_fmt(b.recall)} | {_fmt(a.rr)} → {_fmt(b.rr)} |")
        lines.append("")
    lines += ["## Simulation", ""]
    right = sims.get("right", 0)
    lines += [
        f"Simulable questions: {simulable}. Simulated with the right outcome: {right} "
        f"(**{right / simulable if simulable else 0:.1%}**).",
        "",
        "| status | questions |", "|---|---:|",
        *(f"| {k} | {sims.get(k, 0)} |" for k in ("right", "wrong", "refused", "unreadable",
                                                  "absent")),
        "",
        "absent: `Answer.simulation` was empty (the engine is not wired into the judge, or "
        "the judge did not build a scenario). unreadable: a simulation was there but its "
        "shape was not one `askset.read_state` knows (not counted as wrong; adapt the "
        "reader).",
        "",
    ]
    permuted = sum(1 for r in rows if r.sim and r.sim.status == "right" and r.sim.by_permutation)
    if permuted:
        lines += [f"{permuted} right outcome(s) matched only after guessing which player is "
                  "the asker.", ""]
    unasked = sum(r.simulated_unasked for r in rows)
    if unasked:
        lines += [f"Questions not marked simulable that came with a simulation: {unasked}.", ""]
    wrong = [r for r in rows if r.sim and r.sim.status in ("wrong", "unreadable")]
    for r in wrong[:10]:
        lines.append(f"- {r.question.id} ({r.sim.status}): {_cell(r.sim.detail)}")
    if wrong:
        lines.append("")
    lines += [f"## Worst {worst} answers", "",
              "Sorted by recall@5, then RR. `rule@rank` gives where each cited rule was "
              "found (– for nowhere); *top 5* is what the answer ranked first; *linked* is what "
              "the judge understood in the question.", "",
              "| id | question | cited | top 5 | linked |", "|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r.recall, r.rr, r.question.id))[:worst]:
        linked = ", ".join(r.entities[:6]) or (r.error or "(nothing)")
        lines.append(f"| {r.question.id} | {_cell(r.question.q)} | {_found(r)} | {_top(r)} | "
                     f"{_cell(linked)} |")
    lines.append("")
    return "\n".join(lines)


def _commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "judgebot"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "(unknown)"
    return f"{head}{' with uncommitted changes under judgebot/' if dirty else ''}"


def missing_cites(svc, questions: list[askset.Question]) -> list[str]:
    current = svc.store.current_edition("mtg")
    return sorted({c for q in questions for c in current_cite(svc.store, q)
                   if c[:1].isdigit() and svc.store.get(f"mtg:cr:{current}:{c}") is None})


def to_json(rows: list[Scored]) -> list[dict]:
    return [{"id": r.question.id, "q": r.question.q, "lang": r.question.lang,
             "category": r.question.category, "cite": list(r.question.cite),
             "found": r.found, "recall@5": r.recall, "rr": r.rr, "numbers": r.numbers,
             "confidence": r.confidence, "basis": r.basis, "entities": r.entities, "error": r.error,
             "simulation": r.sim.status if r.sim else None, "seconds": r.seconds}
            for r in rows]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=RESULTS, help="the Markdown report")
    parser.add_argument("--json", type=Path, help="also write per-question results here")
    parser.add_argument("--worst", type=int, default=15, help="failures to list")
    parser.add_argument("--questions", type=Path,
                        help="one question file (default: every file of the set); the held-out "
                             "set is bench/ask/holdout-2026b.yaml")
    args = parser.parse_args(argv)

    from judgebot.judge.service import Judge
    from judgebot.services import open_search

    cards = askset.card_names()
    questions = askset.load(args.questions, cards=cards)
    svc = open_search()
    judge = Judge(svc.store, svc)
    missing = missing_cites(svc, questions)
    start = time.perf_counter()
    rows = evaluate(judge, questions, cards)
    elapsed = time.perf_counter() - start
    source = str(args.questions.resolve().relative_to(ROOT)) if args.questions and \
        args.questions.resolve().is_relative_to(ROOT) else str(args.questions or "")
    text = report(rows, args.worst, elapsed, missing, source or "bench/ask/questions*.yaml",
                  svc.store.current_edition("mtg") or "")
    askset.update_section(args.out, "quality", text)
    if args.json:
        args.json.write_text(json.dumps(to_json(rows), ensure_ascii=False, indent=1),
                             encoding="utf-8")
    s = summary(rows)
    sims = simulation_counts(rows)
    print(f"{s['n']} questions: recall@5 {s['recall@5']:.3f}, MRR {s['MRR']:.3f}, "
          f"all@5 {s['all@5']:.3f}; simulated right {sims.get('right', 0)}/{sum(sims.values())}"
          f"; report in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
