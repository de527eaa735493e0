"""Finding a card the way people name it.

In order, each step only when the ones before found nothing better:

1. **Exact**: the whole text is one of the card's names, compared as
   whole-name keys (:func:`judgebot.text.names.name_key`: case, accents,
   ligatures, punctuation, spaces, width and Traditional characters folded):
   its English name first, always ("Opt" is Opt, never Optimus), then a face's
   name, its Chinese name, a face's, another printed name (a reversible
   reprint, the release notes' Chinese), a judges' nickname (Goyf), the
   toneless pinyin of its Chinese name (``shandianji``, ``shan dian ji``) and a
   legend's short name (Ragavan).
2. **Partial**: every word of the text is a word of the card's name
   (Murktide → Murktide Regent); names that begin with the words first.
3. **Typo**: the English names sharing the most letter trigrams with the
   text, ranked by edit distance (Damerau); at most one edit per four
   letters.

Work is bounded whatever the input: the text is cut to :data:`MAX_CHARS`, a
trigram's postings are read only up to :data:`MAX_POSTINGS` in all, and at
most :data:`MAX_CANDIDATES` names are compared by edit distance.

Cards outside the game proper (Vanguard, Plane, Scheme …) come after the
others in partial and typo matches; an exact name is an exact name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from judgebot.search.spelling import distance
from judgebot.store import Store
from judgebot.text.names import name_key, name_words, trigrams

MAX_CHARS = 200
MAX_KEY = 60  # longer keys are no card's name (the longest is 50 letters)
MAX_POSTINGS = 200_000
MAX_CANDIDATES = 40
MAX_PARTIAL = 300
HOW_ORDER = ("name", "face", "zh", "face-zh", "alias", "nickname", "pinyin", "face-pinyin",
             "short")
# How a card answers to a key, for people: "name", "face" … and the two looser ones.
PARTIAL, TYPO = "partial", "typo"
OUTSIDE = {"Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy", "Dungeon"}


@dataclass(frozen=True)
class CardMatch:
    id: str
    how: str  # one of HOW_ORDER, or "partial" or "typo"
    name: str  # the name it matched by
    rank: tuple = ()  # how good a match it is among its kind (lower is better)

    @property
    def exact(self) -> bool:
        return self.how in HOW_ORDER


class CardFinder:
    """Card lookups over the store's card names (no tables of its own: the
    store holds the names, their words and trigrams)."""

    def __init__(self, store: Store):
        self.store = store
        self._outside: dict[str, bool] = {}

    # --- lookups ---------------------------------------------------------------------

    def find(self, text: str, limit: int = 5) -> list[CardMatch]:
        """Cards ``text`` names, best first (see the module docstring)."""
        if not isinstance(text, str):
            return []
        text = text[:MAX_CHARS].strip()
        key = name_key(text)
        if not key or len(key) > MAX_KEY:
            return []
        found = self.exact(key)
        if found:
            return found[:limit]
        found = self.partial(text, limit)
        if found:
            return found
        return self.typo(key, limit)

    def best(self, text: str) -> CardMatch | None:
        """The card ``text`` names, if it names one without doubt: exactly, or
        as the one best partial or misspelt name."""
        found = self.find(text, limit=2)
        if not found:
            return None
        if len(found) == 1 or found[0].rank < found[1].rank:
            return found[0]
        return None

    def exact(self, key: str) -> list[CardMatch]:
        """Cards with ``key`` as one of their names, the most direct name first."""
        rows = self.store.card_keys(key)
        rows.sort(key=lambda r: HOW_ORDER.index(r[1]))
        out: list[CardMatch] = []
        seen: set[str] = set()
        for rid, how in rows:
            if rid not in seen:
                seen.add(rid)
                out.append(CardMatch(rid, how, key, (HOW_ORDER.index(how),)))
        return out

    def partial(self, text: str, limit: int = 5) -> list[CardMatch]:
        """Cards whose English name holds every word of ``text`` as a word."""
        words = name_words(text)
        if not words or not text.isascii() or len(words) > 8 or max(map(len, words)) < 3:
            return []
        common: set[int] | None = None
        for word in sorted(set(words), key=len, reverse=True):
            postings = self.store.card_word(word)
            if not postings:
                return []
            common = set(postings) if common is None else common & set(postings)
            if len(common) > MAX_PARTIAL:
                return []  # a word of hundreds of names ("goblin") names no card
        ranked = []
        for at, rid, name, _ in self.store.card_names(sorted(common or ())):
            name_ws = name_words(name)
            rank = (name_ws[:len(words)] != words, self._is_outside(rid))
            ranked.append((rank, len(name_ws), at, rid, name))
        ranked.sort()
        out: list[CardMatch] = []
        for rank, _, _, rid, name in ranked:
            if all(m.id != rid for m in out):
                out.append(CardMatch(rid, PARTIAL, name, rank))
            if len(out) >= limit:
                break
        return out

    def typo(self, key: str, limit: int = 5) -> list[CardMatch]:
        """English names within a few edits of ``key`` (bounded work)."""
        if not key.isascii() or len(key) < 4:
            return []
        postings = [self.store.card_gram(g) for g in trigrams(key)]
        counts: Counter[int] = Counter()
        budget = MAX_POSTINGS
        for ats in sorted(postings, key=len):
            if len(ats) > budget:
                break
            budget -= len(ats)
            counts.update(ats)
        most = max(1, len(key) // 4)
        scored = []
        shared = dict(counts.most_common(MAX_CANDIDATES))
        for at, rid, name, other in self.store.card_names(sorted(shared)):
            if abs(len(other) - len(key)) > most:
                continue
            d = distance(key, other, most)
            if d <= most:
                scored.append(((d, self._is_outside(rid)), -shared[at], at, rid, name))
        scored.sort()
        out: list[CardMatch] = []
        for rank, _, _, rid, name in scored:
            if all(m.id != rid for m in out):
                out.append(CardMatch(rid, TYPO, name, rank))
            if len(out) >= limit:
                break
        return out

    def _is_outside(self, rid: str) -> bool:
        """A card of the casual variants' own types (Vanguard, Plane, Scheme …)."""
        found = self._outside.get(rid)
        if found is None:
            rec = self.store.get(rid)
            found = rec is not None and bool(set(rec.types) & OUTSIDE)
            if len(self._outside) < 100_000:
                self._outside[rid] = found
        return found
