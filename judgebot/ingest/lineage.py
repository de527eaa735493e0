"""Lineage: each current (2025-11-14) rule linked to its 2019-10-04 ancestor.

The Chinese text in the corpus translates the 2019-10-04 English rules, so a
Chinese reader needs to know whether the rule they read has changed since.
A rule keeps its number when its text stays close; otherwise (keywords and
whole sections were renumbered between the editions) its ancestor is found by
text similarity. Rule references inside the texts are masked before comparing,
so a renumbered cross-reference alone does not hide a match.
"""

from __future__ import annotations

import re
from collections import defaultdict
from difflib import SequenceMatcher

from judgebot.corpus import EN, Rule

SAME_NUMBER = 0.6  # similarity at which a rule keeps its number's ancestor
MOVED = 0.72  # similarity needed to link a rule to a differently numbered one
SPLIT = 0.85  # similarity needed to give one old rule a second descendant
REF = re.compile(r"\b\d{3}(?:\.\d+[a-z]?)?\b")
TOKEN = re.compile(r"[a-z0-9#]+|\{[^}]*\}|[+\-−]\d+/[+\-−]\d+")


def tokens(text: str) -> list[str]:
    return TOKEN.findall(REF.sub("#", text.lower()))


def similarity(a: list[str], b: list[str]) -> float:
    if not a and not b:
        return 1.0
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def _text(rule: Rule) -> str:
    return rule.text.get(EN, "")


def link(old: list[Rule], new: list[Rule]) -> dict[str, int]:
    """Fill ``lineage`` on both sides; return counts per status."""
    old_by_number = {r.number: r for r in old}
    old_tokens = {r.id: tokens(_text(r)) for r in old}
    new_tokens = {r.id: tokens(_text(r)) for r in new}
    index = _inverted_index(old, old_tokens)
    ancestor: dict[str, tuple[Rule, float]] = {}
    used: dict[str, int] = defaultdict(int)
    pending: list[Rule] = []

    # Pass 1: same number, similar text.
    for rule in new:
        same = old_by_number.get(rule.number)
        if same is not None and same.level == rule.level:
            score = similarity(new_tokens[rule.id], old_tokens[same.id])
            if score >= SAME_NUMBER:
                ancestor[rule.id] = (same, score)
                used[same.id] += 1
                continue
        pending.append(rule)

    # Pass 2: moved rules, best text match first so one-to-one links win.
    old_by_id = {r.id: r for r in old}
    candidates: list[tuple[float, str, str]] = []
    for rule in pending:
        for old_id in _candidates(new_tokens[rule.id], index, old_tokens):
            cand = old_by_id[old_id]
            if cand.level != rule.level:
                continue
            score = similarity(new_tokens[rule.id], old_tokens[old_id])
            if score >= MOVED:
                candidates.append((score, rule.id, old_id))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    for score, new_id, old_id in candidates:
        if new_id in ancestor:
            continue
        if used[old_id] and score < SPLIT:
            continue
        ancestor[new_id] = (old_by_id[old_id], score)
        used[old_id] += 1

    counts: dict[str, int] = defaultdict(int)
    descendants: dict[str, list[Rule]] = defaultdict(list)
    for rule in new:
        if rule.id not in ancestor:
            rule.lineage = {"status": "new"}
            counts["new"] += 1
            continue
        anc, score = ancestor[rule.id]
        status = "unchanged" if _text(anc) == _text(rule) else "changed"
        rule.lineage = {"ancestor": anc.id, "status": status, "similarity": round(score, 3)}
        if anc.number != rule.number:
            rule.lineage["moved_from"] = anc.number
            counts["moved"] += 1
        if status == "changed" and tokens(_text(anc)) == tokens(_text(rule)):
            rule.lineage["detail"] = "only rule references or punctuation differ"
        counts[status] += 1
        descendants[anc.id].append(rule)
    for rule in old:
        kids = descendants.get(rule.id)
        if not kids:
            rule.lineage = {"status": "removed"}
            counts["removed"] += 1
            continue
        kids.sort(key=lambda k: (k.number != rule.number, k.id))
        first = kids[0]
        rule.lineage = {"descendant": first.id, "status": first.lineage["status"]}
        if len(kids) > 1:
            rule.lineage["descendants"] = [k.id for k in kids]
    return dict(sorted(counts.items()))


def _inverted_index(rules: list[Rule], toks: dict[str, list[str]]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = defaultdict(list)
    for rule in rules:
        for tok in set(toks[rule.id]):
            index[tok].append(rule.id)
    return index


def _candidates(query: list[str], index: dict[str, list[str]], toks, limit: int = 12) -> list[str]:
    """Old rules sharing the most informative words with ``query``."""
    scores: dict[str, float] = defaultdict(float)
    for tok in set(query):
        posting = index.get(tok, ())
        if not posting or len(posting) > 400:
            continue
        weight = 1.0 / len(posting)
        for rid in posting:
            scores[rid] += weight
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [rid for rid, _ in ranked[:limit]]
