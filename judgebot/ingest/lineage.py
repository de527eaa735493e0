"""Lineage: every rule of every edition linked to the same rule in the
editions before and after it, and to its ancestor in the oldest edition.

The Chinese text in the corpus translates the 2019-10-04 English rules, so a
Chinese reader needs to know whether the rule they read has changed since;
and a judge citing a rule needs to know where it came from and where it went.
Consecutive editions are linked pairwise. A rule keeps its number when its
text stays close; otherwise (keywords and whole sections were renumbered) its
predecessor is found by text similarity. Rule references inside the texts are
masked before comparing, so a renumbered cross-reference alone does not hide
a match.

Fields written on each rule's ``lineage``:

- ``previous`` (the rule of the edition before), ``change`` against it
  (``unchanged`` | ``changed`` | ``new``), ``similarity``, ``moved_from`` (its
  number there, when different), ``detail``;
- ``next`` (the rule of the edition after; ``nexts`` when it split) or
  ``removed_in`` (the edition in which it disappeared);
- on rules after the oldest edition: ``ancestor`` (the rule of the oldest
  edition reached through ``previous``) and ``status`` against it
  (``unchanged`` | ``changed`` | ``new``), which is what the Chinese reader of
  the oldest edition's translation needs.
"""

from __future__ import annotations

import re
from collections import defaultdict
from difflib import SequenceMatcher
from itertools import pairwise

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


def match(old: list[Rule], new: list[Rule]) -> dict[str, tuple[Rule, float]]:
    """For each rule of ``new``, the rule of ``old`` it continues, with the
    similarity of their texts (rules absent from the result are new)."""
    old_by_number = {r.number: r for r in old}
    old_tokens = {r.id: tokens(_text(r)) for r in old}
    new_tokens = {r.id: tokens(_text(r)) for r in new}
    index = _inverted_index(old, old_tokens)
    previous: dict[str, tuple[Rule, float]] = {}
    used: dict[str, int] = defaultdict(int)
    kept: set[str] = set()  # old rules that go on, word for word, under their number
    pending: list[Rule] = []

    # Pass 1: same number, similar text.
    for rule in new:
        same = old_by_number.get(rule.number)
        if same is not None and same.level == rule.level:
            score = 1.0 if _text(same) == _text(rule) else similarity(
                new_tokens[rule.id], old_tokens[same.id])
            if score >= SAME_NUMBER:
                previous[rule.id] = (same, score)
                used[same.id] += 1
                if score == 1.0:
                    kept.add(same.id)
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
        if new_id in previous:
            continue
        # A rule that goes on unchanged was not split: a new rule much like it
        # (a new frame type worded after an old one) is new.
        if used[old_id] and (score < SPLIT or old_id in kept):
            continue
        previous[new_id] = (old_by_id[old_id], score)
        used[old_id] += 1
    return previous


def chain(editions: list[list[Rule]]) -> list[dict[str, int]]:
    """Link the rules of consecutive editions (oldest first) and fill every
    rule's ``lineage``; return the counts per pair of editions."""
    for rules in editions:
        for rule in rules:
            rule.lineage = {}
    figures = [_link_pair(old, new) for old, new in pairwise(editions)]
    if editions:
        oldest = {r.id: r for r in editions[0]}
        by_id = {r.id: r for rules in editions for r in rules}
        for rules in editions[1:]:
            for rule in rules:
                _ancestry(rule, by_id, oldest)
    return figures


def link(old: list[Rule], new: list[Rule]) -> dict[str, int]:
    """Two editions: ``chain([old, new])``, returning the pair's counts."""
    return chain([old, new])[0]


def _link_pair(old: list[Rule], new: list[Rule]) -> dict[str, int]:
    previous = match(old, new)
    counts: dict[str, int] = defaultdict(int)
    successors: dict[str, list[Rule]] = defaultdict(list)
    for rule in new:
        if rule.id not in previous:
            rule.lineage["change"] = "new"
            counts["new"] += 1
            continue
        before, score = previous[rule.id]
        change = "unchanged" if _text(before) == _text(rule) else "changed"
        rule.lineage.update({"previous": before.id, "change": change,
                             "similarity": round(score, 3)})
        if before.number != rule.number:
            rule.lineage["moved_from"] = before.number
            counts["moved"] += 1
        if change == "changed" and tokens(_text(before)) == tokens(_text(rule)):
            rule.lineage["detail"] = "only rule references or punctuation differ"
        counts[change] += 1
        successors[before.id].append(rule)
    edition = new[0].edition if new else ""
    for rule in old:
        kids = successors.get(rule.id)
        if not kids:
            rule.lineage["removed_in"] = edition
            counts["removed"] += 1
            continue
        kids.sort(key=lambda k: (k.number != rule.number, k.id))
        rule.lineage["next"] = kids[0].id
        if len(kids) > 1:
            rule.lineage["nexts"] = [k.id for k in kids]
    return dict(sorted(counts.items()))


def _ancestry(rule: Rule, by_id: dict[str, Rule], oldest: dict[str, Rule]) -> None:
    """The rule of the oldest edition this one descends from, and whether its
    English has changed since (what a reader of that edition's translation
    needs to know)."""
    node = rule
    while node.id not in oldest:
        before = by_id.get(node.lineage.get("previous", ""))
        if before is None:
            rule.lineage["status"] = "new"
            return
        node = before
    rule.lineage["ancestor"] = node.id
    rule.lineage["status"] = "unchanged" if _text(node) == _text(rule) else "changed"


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
