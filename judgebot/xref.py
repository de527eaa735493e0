"""The cross-reference graph over corpus records.

For any record: where it sits (breadcrumb, parent, children, previous and
next in document order), what it cites and what cites it, the glossary terms
that appear in its text, the rulings that name it, and for rules its lineage
between the 2019-10-04 and 2025-11-14 editions. Everything is derived from the
records' own links (``refs``, ``rules``, ``see``, ``rulings``, ``parent``), so
"cited by" is always the exact mirror of "cites".
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from judgebot.corpus import CR_2019, CR_2025, EN, ZH_HANS, ZH_HANT, Record
from judgebot.ingest.rulebook import sort_key

CITING_FIELDS = ("refs", "rules", "see")


@dataclass
class Crumb:
    id: str
    label: str
    title: dict[str, str] = field(default_factory=dict)


@dataclass
class Neighbours:
    parent: str | None
    children: list[str]
    previous: str | None
    next: str | None


class CrossReference:
    def __init__(self, records: list[Record]):
        self.by_id: dict[str, Record] = {r.id: r for r in records}
        self._cites: dict[str, list[str]] = {}
        self._cited_by: dict[str, list[str]] = defaultdict(list)
        for rec in records:
            targets: list[str] = []
            for name in CITING_FIELDS:
                for target in getattr(rec, name, None) or []:
                    if target in self.by_id and target != rec.id and target not in targets:
                        targets.append(target)
            self._cites[rec.id] = targets
            for target in targets:
                self._cited_by[target].append(rec.id)
        for cited in self._cited_by.values():
            cited.sort(key=self._order_key)
        self._sequence: dict[str, tuple[str | None, str | None]] = {}
        groups: dict[tuple[str, str, str], list[Record]] = defaultdict(list)
        for rec in records:
            if rec.kind in ("rule", "guide"):
                groups[(rec.game, rec.kind, rec.edition)].append(rec)
        for members in groups.values():
            members.sort(key=lambda r: sort_key(r.number))
            for i, rec in enumerate(members):
                prev = members[i - 1].id if i > 0 else None
                nxt = members[i + 1].id if i + 1 < len(members) else None
                self._sequence[rec.id] = (prev, nxt)

    def _order_key(self, rid: str) -> tuple:
        rec = self.by_id[rid]
        number = getattr(rec, "number", "") or ""
        return (rec.game, rec.kind, rec.edition, sort_key(number) if number else (0,), rid)

    # --- links -----------------------------------------------------------------

    def get(self, rid: str) -> Record | None:
        return self.by_id.get(rid)

    def cites(self, rid: str) -> list[str]:
        return list(self._cites.get(rid, []))

    def cited_by(self, rid: str) -> list[str]:
        return list(self._cited_by.get(rid, []))

    def rulings_citing(self, rid: str) -> list[str]:
        return [c for c in self.cited_by(rid) if self.by_id[c].kind == "ruling"]

    def neighbours(self, rid: str) -> Neighbours:
        rec = self.by_id[rid]
        prev, nxt = self._sequence.get(rid, (None, None))
        return Neighbours(
            parent=getattr(rec, "parent", None) or getattr(rec, "card", None),
            children=list(getattr(rec, "children", None) or getattr(rec, "rulings", None) or []),
            previous=prev,
            next=nxt,
        )

    def breadcrumb(self, rid: str) -> list[Crumb]:
        """From the top down: ``702 › 702.19 Trample › 702.19b``."""
        chain: list[Crumb] = []
        seen: set[str] = set()
        current: str | None = rid
        while current and current in self.by_id and current not in seen:
            seen.add(current)
            rec = self.by_id[current]
            chain.append(Crumb(rec.id, label_of(rec), title_of(rec)))
            current = getattr(rec, "parent", None) or getattr(rec, "card", None)
        return list(reversed(chain))

    # --- lineage ---------------------------------------------------------------

    def lineage(self, rid: str) -> dict:
        """For a rule: the other edition's counterpart and whether the English changed."""
        rec = self.by_id.get(rid)
        if rec is None or rec.kind != "rule":
            return {}
        lin = dict(getattr(rec, "lineage", {}) or {})
        if rec.edition == CR_2025:
            lin["current"] = rec.id
            lin["translated"] = lin.get("ancestor")
        elif rec.edition == CR_2019:
            lin["translated"] = rec.id
            lin["current"] = lin.get("descendant")
        return lin

    def current_of(self, rid: str) -> str | None:
        return self.lineage(rid).get("current")

    # --- glossary terms in text -----------------------------------------------

    @cached_property
    def _glossary_patterns(self) -> dict[tuple[str, str], tuple[re.Pattern, dict[str, str]]]:
        """Per (game, language): one regex of every headword, longest first."""
        terms: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
        for rec in self.by_id.values():
            if rec.kind != "glossary":
                continue
            for lang, term in rec.term.items():
                for variant in _term_variants(term, lang):
                    key = (rec.game, "en" if lang == EN else "zh")
                    # Prefer the current CR's entry for a shared headword, then the
                    # 2019 one, then the other glossaries (beginner's, …).
                    old = terms[key].get(variant)
                    if old is None or _edition_rank(rec) < _edition_rank(self.by_id[old]):
                        terms[key][variant] = rec.id
        patterns = {}
        for key, table in terms.items():
            words = sorted(table, key=lambda w: (-len(w), w))
            if key[1] == "en":
                body = r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b"
                patterns[key] = (re.compile(body, re.IGNORECASE), {w.lower(): i for w, i in
                                                                  table.items()})
            else:
                body = "|".join(re.escape(w) for w in words)
                patterns[key] = (re.compile(body), dict(table))
        return patterns

    def glossary_terms_in(self, text: str, lang: str,
                          game: str = "mtg") -> list[tuple[int, int, str]]:
        """``(start, end, glossary id)`` for the first mention of each headword in ``text``."""
        key = (game, "en" if lang == EN else "zh")
        if key not in self._glossary_patterns:
            return []
        pattern, table = self._glossary_patterns[key]
        found, seen = [], set()
        for m in pattern.finditer(text):
            word = m.group()
            gid = table.get(word.lower() if key[1] == "en" else word)
            if gid and gid not in seen:
                seen.add(gid)
                found.append((m.start(), m.end(), gid))
        return found


def _edition_rank(rec: Record) -> int:
    return {CR_2025: 0, CR_2019: 1}.get(rec.edition, 2)


def _term_variants(term: str, lang: str) -> list[str]:
    if lang == EN:
        # "Active Player, Nonactive Player Order" is linked by its whole name only;
        # very short or generic headwords would link half of every rule.
        return [term] if len(term) >= 4 and term.lower() not in GENERIC_TERMS else []
    from judgebot.text.script import to_hans

    hans = to_hans(term)
    return [v for v in {term, hans} if len(v) >= 2]


GENERIC_TERMS = {"card", "cards", "player", "players", "game", "turn", "text", "name", "life",
                 "mana", "zone", "cost", "owner", "spell", "object", "source", "effect", "copy",
                 "color", "type", "ability", "control", "controller", "damage", "draw", "play",
                 "target", "you, your"}


def label_of(rec: Record) -> str:
    if rec.kind == "rule" or rec.kind == "guide":
        return rec.number
    if rec.kind == "glossary" or rec.kind == "name":
        return rec.term.get(EN) or rec.term.get(ZH_HANS) or rec.term.get(ZH_HANT) or rec.id
    if rec.kind == "card":
        return rec.name.get(ZH_HANS) or rec.name.get(EN) or rec.id
    if rec.kind == "ruling":
        return f"#{rec.index}"
    return getattr(rec, "title", {}).get(ZH_HANS) or rec.id


def title_of(rec: Record) -> dict[str, str]:
    for name in ("title", "term", "name"):
        value = getattr(rec, name, None)
        if value:
            return dict(value)
    return {}
