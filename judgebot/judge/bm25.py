"""Okapi BM25 over a few hundred short descriptions held in memory.

The judge ranks small collections by how well a question matches each
member's description: the sections of the tournament documents, the table
situations it knows. Whoosh indexes the corpus; these collections are small
enough to score from a dictionary of postings.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

K1 = 1.2
B = 0.75


class Bm25:
    """``docs`` maps a key to the counted terms of its description."""

    def __init__(self, docs: Mapping[str, Counter], k1: float = K1, b: float = B):
        n = len(docs) or 1
        lengths = {key: sum(terms.values()) for key, terms in docs.items()}
        average = sum(lengths.values()) / n or 1.0
        df = Counter(t for terms in docs.values() for t in terms)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
        self.postings: dict[str, list[tuple[str, float]]] = {}
        for key, terms in docs.items():
            norm = k1 * (1 - b + b * lengths[key] / average)
            for t, tf in terms.items():
                self.postings.setdefault(t, []).append((key, tf * (k1 + 1) / (tf + norm)))

    def scores(self, words: Iterable[str]) -> dict[str, float]:
        """Each description that shares a word with ``words`` (each word
        counted once), with its score."""
        out: dict[str, float] = {}
        for w in set(words):
            idf = self.idf.get(w)
            if idf is None:
                continue
            for key, weight in self.postings[w]:
                out[key] = out.get(key, 0.0) + idf * weight
        return out
