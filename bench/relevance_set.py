"""The relevance set: reading ``bench/relevance/queries.jsonl`` and scoring a ranking.

Each line of the file is one query as a judge or player would type it::

    {"q": "践踏", "category": "keyword-zh-hans",
     "top1": ["mtg:glossary:2025-11-14:trample", "mtg:cr:2025-11-14:702.19"],
     "top5": ["mtg:glossary:2025-11-14:trample", "mtg:cr:2025-11-14:702.19"],
     "needs": ["zh-cr"]}

- ``top1``: the first result must be one of these (alternatives).
- ``top5``: every one of these must be among the first five.
- ``filters``: search filters the user had set (``{"game": "fow"}``).
- ``needs``: data the query cannot be answered without (``zh-cr``: the
  decoded Chinese Comprehensive Rules); a query whose needs are not in the
  corpus yet is reported as pending, not scored.
- ``contains``: ``{id: text}``, text the expected record must contain; it
  guards expectations written before their records existed (a ruling's
  index) against an id scheme that turned out differently.

This module is shared by ``bench/eval_search.py`` and the test of the file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

QUERIES = Path(__file__).resolve().parent / "relevance" / "queries.jsonl"
POLICY_QUERIES = QUERIES.with_name("policy.jsonl")  # the Tournament Rules and the IPG
KNOWN_NEEDS = {"zh-cr"}
FIELDS = {"q", "category", "top1", "top5", "filters", "needs", "contains", "note"}
FILTERS = {"game", "kind", "edition", "section"}

_EDITION = r"(?:\d{4}-\d{2}-\d{2}|casual-\d{4}|\d+\.\d+)"
_SLUG = r"[^\s:]+"
_NUMBER = r"\d{1,4}(?:\.\d{1,3}[a-z]{0,2}(?:-(?:[ivx]+|\d{1,2}))?)?"  # 702.19b, 1102.2a-ii
ID_SHAPES = {
    "rule": re.compile(rf"^(?:mtg|fow):cr:{_EDITION}:{_NUMBER}$"),
    "glossary": re.compile(rf"^(?:mtg|fow):glossary:{_EDITION}:{_SLUG}$"),
    "card": re.compile(r"^mtg:card:[a-z0-9]+(?:-[a-z0-9]+)*$"),
    "ruling": re.compile(r"^mtg:ruling:[a-z0-9]+:[a-z0-9]+(?:-[a-z0-9]+)*:\d+$"),
    "note": re.compile(rf"^mtg:notes:[a-z0-9]+:{_SLUG}$"),
    "guide": re.compile(rf"^mtg:guide:[a-z0-9]+:{_SLUG}$"),
    "policy": re.compile(r"^mtg:(?:mtr|ipg):\d{4}-\d{2}-\d{2}:"
                         r"(?:\d{1,2}(?:\.\d{1,2})?|appendix-[a-z]|introduction)$"),
}


class RelevanceSetError(ValueError):
    """A malformed line in the relevance file."""


@dataclass(frozen=True)
class Query:
    q: str
    category: str
    line: int
    top1: tuple[str, ...] = ()
    top5: tuple[str, ...] = ()
    filters: dict[str, str] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    contains: dict[str, str] = field(default_factory=dict)
    note: str = ""

    @property
    def expected(self) -> tuple[str, ...]:
        """Every id the query names, top1 first, without repeats."""
        return tuple(dict.fromkeys(self.top1 + self.top5))


@dataclass(frozen=True)
class Score:
    top1: bool | None  # None when the query names no top1
    recall5: float
    rr: float  # reciprocal rank of the first expected id, 0 if not in the list
    rank: int | None  # 1-based rank of the first expected id


def id_kind(record_id: str) -> str | None:
    """The kind whose id shape ``record_id`` has, or None if it has none."""
    for kind, shape in ID_SHAPES.items():
        if shape.match(record_id):
            return kind
    return None


def load(path: Path = QUERIES) -> list[Query]:
    """Every query of the file; a malformed line raises with its line number."""
    queries = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if line.strip():
                queries.append(_query(line, number, path))
    return queries


def _query(line: str, number: int, path: Path) -> Query:
    def fail(message: str) -> RelevanceSetError:
        return RelevanceSetError(f"{path.name}:{number}: {message}")

    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise fail(f"not JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise fail("not a JSON object")
    unknown = set(data) - FIELDS
    if unknown:
        raise fail(f"unknown fields {sorted(unknown)}")
    q, category = data.get("q"), data.get("category")
    if not isinstance(q, str) or not q.strip():
        raise fail("q must be a non-empty string")
    if not isinstance(category, str) or not category:
        raise fail("category must be a non-empty string")
    lists = {}
    for name in ("top1", "top5", "needs"):
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise fail(f"{name} must be a list of strings")
        lists[name] = tuple(value)
    if not lists["top1"] and not lists["top5"]:
        raise fail("names no expected id (top1 or top5)")
    for rid in lists["top1"] + lists["top5"]:
        if id_kind(rid) is None:
            raise fail(f"{rid!r} is not a well-formed record id")
    for need in lists["needs"]:
        if need not in KNOWN_NEEDS:
            raise fail(f"unknown need {need!r}; known: {sorted(KNOWN_NEEDS)}")
    filters = data.get("filters", {})
    if not isinstance(filters, dict) or set(filters) - FILTERS:
        raise fail(f"filters must be an object with keys among {sorted(FILTERS)}")
    contains = data.get("contains", {})
    if not isinstance(contains, dict) or set(contains) - set(lists["top1"] + lists["top5"]):
        raise fail("contains must map expected ids to text")
    return Query(q=q, category=category, line=number, top1=lists["top1"], top5=lists["top5"],
                 filters=dict(filters), needs=lists["needs"], contains=dict(contains),
                 note=str(data.get("note", "")))


def score(query: Query, ranked: list[str]) -> Score:
    """How well a ranked list of ids answers ``query``.

    recall@5 is the share of ``top5`` found in the first five results; a query
    that names only ``top1`` alternatives has recall 1 when any of them is there.
    """
    first5 = ranked[:5]
    top1 = None if not query.top1 else bool(ranked) and ranked[0] in query.top1
    if query.top5:
        recall = sum(1 for rid in query.top5 if rid in first5) / len(query.top5)
    else:
        recall = 1.0 if any(rid in first5 for rid in query.top1) else 0.0
    wanted = set(query.expected)
    rank = next((i for i, rid in enumerate(ranked, 1) if rid in wanted), None)
    return Score(top1=top1, recall5=recall, rr=1.0 / rank if rank else 0.0, rank=rank)
