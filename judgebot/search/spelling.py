""""Did you mean": English spelling correction over the corpus vocabulary.

A symmetric-delete index (every vocabulary word and its one-letter deletions)
finds candidates within two edits of a misspelt word without scanning the
vocabulary; candidates are then ranked by true edit distance and frequency.

A lookup builds the word's double deletions, about n²/2 strings of n letters,
so its cost grows with the cube of the word's length. Two bounds keep it
small whatever is typed: a word longer than the longest vocabulary word plus
the edit distance cannot be within that distance of any word, so it is not
looked up at all (a bound that loses nothing); and no word over
``MAX_LENGTH`` letters is corrected, whatever the vocabulary.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
MIN_LENGTH = 4  # shorter words have too many neighbours to correct safely
MAX_LENGTH = 100  # at most ~5,000 probes of 100 letters: about a millisecond and half a MB


def vocabulary(texts: Iterable[str]) -> Counter:
    counts: Counter = Counter()
    for text in texts:
        counts.update(w.replace("’", "'") for w in WORD.findall(text.lower()))
    return counts


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def distance(a: str, b: str, limit: int | None = None) -> int:
    """Optimal-string-alignment distance (Levenshtein plus adjacent swaps).

    With a ``limit``, a distance over it is reported as ``limit + 1``: only the
    cells within ``limit`` of the diagonal can hold less, and once two rows in a
    row hold nothing under it no later row can (a fifth of the work for the
    names the card finder compares, which are mostly far apart)."""
    if limit is None:
        return _distance(a, b)
    big = limit + 1
    if abs(len(a) - len(b)) > limit:
        return big
    n = len(b)
    prev2: list[int] = []
    prev = [j if j <= limit else big for j in range(n + 1)]
    prev_min = 0
    for i, ca in enumerate(a, 1):
        cur = [big] * (n + 1)
        if i <= limit:
            cur[0] = i
        row_min = cur[0]
        for j in range(max(1, i - limit), min(n, i + limit) + 1):
            cb = b[j - 1]
            value = prev[j - 1] + (ca != cb)
            if prev[j] + 1 < value:
                value = prev[j] + 1
            if cur[j - 1] + 1 < value:
                value = cur[j - 1] + 1
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and \
                    prev2[j - 2] + 1 < value:
                value = prev2[j - 2] + 1
            if value > big:
                value = big
            cur[j] = value
            if value < row_min:
                row_min = value
        # Every later cell is at least a cell of this row, or of the row before plus one.
        if row_min > limit and prev_min >= limit:
            return big
        prev2, prev, prev_min = prev, cur, row_min
    return prev[-1]


def _distance(a: str, b: str) -> int:
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


class Corrector:
    def __init__(self, counts: dict[str, int]):
        self.counts = counts
        self.deletes: dict[str, list[str]] = {}
        self.longest = 0
        for word in counts:
            if len(word) >= MIN_LENGTH:
                self.longest = max(self.longest, len(word))
                for d in _deletes(word):
                    self.deletes.setdefault(d, []).append(word)

    def known(self, word: str) -> bool:
        return word in self.counts

    def suggest(self, word: str, max_distance: int = 2) -> str | None:
        """The likeliest vocabulary word within ``max_distance`` edits, if any."""
        word = word.lower()
        if not MIN_LENGTH <= len(word) <= min(MAX_LENGTH, self.longest + max_distance):
            return None
        if word in self.counts:
            return None
        probes = {word} | _deletes(word)
        if len(word) > 5:
            probes |= {d2 for d in _deletes(word) for d2 in _deletes(d)}
        candidates: set[str] = set()
        for probe in probes:
            if probe in self.counts:
                candidates.add(probe)
            candidates.update(self.deletes.get(probe, ()))
        limit = 1 if len(word) < 6 else max_distance
        scored = [(distance(word, c, limit), -self.counts[c], c) for c in candidates]
        scored = [s for s in scored if s[0] <= limit]
        return min(scored)[2] if scored else None

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(dict(sorted(self.counts.items())), separators=(",", ":")),
                        encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Corrector:
        return cls(json.loads(path.read_text(encoding="utf-8")))
