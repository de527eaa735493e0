"""Chinese word segmentation with jieba, taught the corpus's own terms.

The index ships its own jieba dictionary (built by :func:`build_dictionary`):
jieba's stock dictionary pruned to the words that occur in the corpus, plus
the domain terms (glossary headwords, keyword and card names, section titles)
with a frequency high enough to keep them whole. Pruning is lossless for
segmenting corpus text (jieba only ever looks up words present in the text)
and keeps jieba's total frequency, so path probabilities are unchanged; it
makes the serving process start fast and small.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from pathlib import Path

import jieba

jieba.setLogLevel(logging.WARNING)

CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Frequency given to domain terms: above any stock word, so they stay whole.
DOMAIN_FREQ = 2_000_000
# A private-use "word" that never occurs in text; it carries the stock
# dictionary's pruned frequency mass so jieba's total stays the same.
MASS_HOLDER = "\ue000"


class Segmenter:
    """A jieba tokenizer over one dictionary file."""

    def __init__(self, dictionary: Path | None = None):
        self._tk = jieba.Tokenizer(str(dictionary)) if dictionary else jieba.Tokenizer()
        self._custom = dictionary is not None
        self._ready = False

    def _init(self) -> None:
        if not self._ready:
            if self._custom:
                # Ours is small enough to load directly; jieba's cache under
                # /tmp would only add a shared file to race on.
                self._load_without_cache()
            else:
                self._tk.initialize()
            self._ready = True

    def _load_without_cache(self) -> None:
        tk = self._tk
        with tk.get_dict_file() as fh:
            tk.FREQ, tk.total = tk.gen_pfdict(fh)
        tk.initialized = True

    def words(self, text: str) -> list[tuple[str, int, int]]:
        """``(word, start, end)`` for every word of a CJK run, in order."""
        self._init()
        return [(w, s, e) for w, s, e in self._tk.tokenize(text, mode="default", HMM=True)]

    def subwords(self, word: str) -> list[tuple[str, int]]:
        """Dictionary words inside a longer word (2- and 3-grams), with offsets."""
        self._init()
        freq = self._tk.FREQ
        found = []
        for n in (2, 3):
            if len(word) <= n:
                continue
            for i in range(len(word) - n + 1):
                gram = word[i : i + n]
                if freq.get(gram):
                    found.append((gram, i))
        return found

    def dag_words(self, text: str) -> set[str]:
        """Every dictionary word that occurs anywhere in ``text``."""
        self._init()
        words: set[str] = set()
        for run in CJK_RUN.findall(text):
            dag = self._tk.get_DAG(run)
            # Single characters too: without them jieba would price 不 in
            # 不合法 as an unknown word and prefer 不合|法 to 不|合法.
            for start, ends in dag.items():
                for end in ends:
                    words.add(run[start : end + 1])
        return words


def build_dictionary(texts: Iterable[str], domain_terms: Iterable[str], out: Path) -> int:
    """Write a pruned jieba dictionary for ``texts`` plus ``domain_terms``.

    Returns the number of entries written.
    """
    stock = Segmenter()
    stock._init()
    used: set[str] = set()
    for text in texts:
        used |= stock.dag_words(text)
    entries: dict[str, int] = {}
    kept_mass = 0
    for word in sorted(used):
        freq = stock._tk.FREQ.get(word, 0)
        if freq:
            entries[word] = freq
            kept_mass += freq
    for term in domain_terms:
        term = term.strip()
        if len(term) >= 2 and CJK_RUN.fullmatch(term):
            entries[term] = max(entries.get(term, 0), DOMAIN_FREQ)
    added = sum(f for w, f in entries.items()) - kept_mass
    mass = stock._tk.total - kept_mass - added
    lines = [f"{w} {f}" for w, f in sorted(entries.items())]
    if mass > 0:
        lines.append(f"{MASS_HOLDER} {mass}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(entries)


_current: Segmenter | None = None


def configure(dictionary: Path | None) -> Segmenter:
    """Use ``dictionary`` (None: jieba's stock one) for all later segmentation."""
    global _current
    _current = Segmenter(dictionary)
    return _current


def activate(seg: Segmenter) -> None:
    """Make ``seg`` the one analyzers use (a process may hold several indexes)."""
    global _current
    _current = seg


def segmenter() -> Segmenter:
    global _current
    if _current is None:
        _current = Segmenter()
    return _current
