"""Cross-references derived from the store's links: where a record sits
(breadcrumb), the rulings that cite a rule, and the glossary terms that
appear in a text. ("Cites" and "cited by" themselves are the store's, so
"cited by" is always the exact mirror of "cites".)
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from judgebot.corpus import EN, label_of, title_of
from judgebot.store import Store, edition_key
from judgebot.text.alternation import longest_first
from judgebot.text.script import to_hans


@dataclass
class Crumb:
    id: str
    label: str
    title: dict[str, str] = field(default_factory=dict)


class CrossReference:
    def __init__(self, store: Store):
        self.store = store

    def rulings_citing(self, rid: str) -> list[str]:
        return [c for c in self.store.cited_by(rid) if c.split(":", 2)[1] == "ruling"]

    def breadcrumb(self, rid: str) -> list[Crumb]:
        """From the top down: ``702 › 702.19 Trample › 702.19b``."""
        chain: list[Crumb] = []
        seen: set[str] = set()
        current: str | None = rid
        while current and current not in seen:
            rec = self.store.get(current)
            if rec is None:
                break
            seen.add(current)
            chain.append(Crumb(rec.id, label_of(rec), title_of(rec)))
            current = getattr(rec, "parent", None) or getattr(rec, "card", None)
        return list(reversed(chain))

    # --- glossary terms in text -----------------------------------------------

    @cached_property
    def _glossary_patterns(self) -> dict[tuple[str, str], tuple[re.Pattern, dict[str, str]]]:
        """Per (game, language): one regex of every headword, longest first."""
        terms: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
        ranks: dict[str, tuple] = {}
        for game in self.store.games:
            for rec in self.store.records(game, "glossary"):
                ranks[rec.id] = self._edition_rank(rec.game, rec.edition)
                for lang, term in rec.term.items():
                    for variant in _term_variants(term, lang):
                        key = (rec.game, "en" if lang == EN else "zh")
                        # Prefer the current CR's entry for a shared headword, then
                        # older ones, then the other glossaries (beginner's, …).
                        old = terms[key].get(variant)
                        if old is None or ranks[rec.id] < ranks[old]:
                            terms[key][variant] = rec.id
        patterns = {}
        for key, table in terms.items():
            if key[1] == "en":
                patterns[key] = (longest_first(table, word_bounds=True, ignore_case=True),
                                 {w.lower(): i for w, i in table.items()})
            else:
                patterns[key] = (longest_first(table), dict(table))
        return patterns

    def _edition_rank(self, game: str, edition: str) -> tuple:
        order = self.store.lookup_order(game)
        if edition in order:
            return (0, order.index(edition))
        return (1, edition_key(edition))

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


def _term_variants(term: str, lang: str) -> list[str]:
    if lang == EN:
        # "Active Player, Nonactive Player Order" is linked by its whole name only;
        # very short or generic headwords would link half of every rule.
        return [term] if len(term) >= 4 and term.lower() not in GENERIC_TERMS else []
    hans = to_hans(term)
    return [v for v in {term, hans} if len(v) >= 2]


GENERIC_TERMS = {"card", "cards", "player", "players", "game", "turn", "text", "name", "life",
                 "mana", "zone", "cost", "owner", "spell", "object", "source", "effect", "copy",
                 "color", "type", "ability", "control", "controller", "damage", "draw", "play",
                 "target", "you, your"}
