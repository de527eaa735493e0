"""Which section of the tournament documents a question is about, by their own words.

An IPG infraction is described by its name, its definition and its examples,
and the examples are table situations told plainly ("A player intentionally
turns over a table."); an MTR section by its title and its opening. Matching a
question against those descriptions alone, rather than against every
paragraph of both documents, keeps the philosophy and procedure paragraphs
(which share words with every question) from outranking the infraction the
question describes.

The documents are in English. A Chinese question is read through
``policywords.yaml`` (Chinese table talk in the documents' English words) and
the Chinese names and aliases of the sections (``judge-terms-zh.tsv``, in the
store), so both languages are scored against the same descriptions.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources

import ahocorasick
import yaml

from judgebot.corpus import EN, ZH_HANS, Record, zh_of
from judgebot.judge.bm25 import Bm25
from judgebot.policynumbers import label as section_label
from judgebot.search import analysis
from judgebot.store import Store
from judgebot.text.script import to_hans

# Descriptions are short, so length counts a little less than BM25 usually lets it.
B = 0.5
OPENING_CHARS = 1200  # of an MTR section or an IPG chapter without a definition
TITLE_REPEAT = 2  # a section's name says more than any one sentence of it
ALIAS_BONUS = 0.5  # share of the best score a section named in Chinese gets on top
# Words every question to a judge may use, whatever it is about.
ASKING = ("penalty penalties penalized infraction judge judges happen happens happened get gets "
          "got give gives gave what how do does did can could should would will guy someone "
          "somebody")


@dataclass(frozen=True)
class Description:
    label: str  # "IPG 4.5", "MTR 2.3"
    id: str  # the section's record
    terms: Counter
    zh_names: tuple[str, ...]


@cache
def table_words() -> dict[str, dict[str, str]]:
    """``policywords.yaml``: {"en": {phrase: words}, "zh": {phrase: words}}."""
    with resources.files("judgebot.judge").joinpath("policywords.yaml").open(encoding="utf-8") as f:
        table = yaml.safe_load(f) or {}
    return {lang: {str(k).lower(): str(v) for k, v in (table.get(lang) or {}).items()}
            for lang in ("en", "zh")}


def _text(field: dict | None) -> str:
    value = (field or {}).get(EN, "")
    return " ".join(value) if isinstance(value, list) else str(value)


def describe(rec: Record) -> str:
    """The English a section is matched by: its name (twice), aliases, and its
    definition and examples, or else its opening."""
    parts = [_text(rec.title)] * TITLE_REPEAT + list((rec.aliases or {}).get(EN, []))
    definition = _text(getattr(rec, "definition", None))
    if definition:
        parts += [definition, _text(getattr(rec, "examples", None))]
    else:
        parts.append(_text(rec.text)[:OPENING_CHARS])
    return " ".join(parts)


class PolicyMatcher:
    """Ranks the sections of the current MTR and IPG for a question."""

    def __init__(self, store: Store):
        self.analyzer = analysis.english_analyzer()
        self.descriptions: list[Description] = []
        for doc in ("ipg", "mtr"):
            edition = store.current_edition("mtg", doc)
            if edition is None:
                continue
            for rec in store.records(game="mtg", kind=doc):
                if rec.edition != edition or rec.level != "section":
                    continue
                terms = Counter(self.terms(describe(rec)))
                zh = [zh_of(rec.title)] + list((rec.aliases or {}).get(ZH_HANS, []))
                self.descriptions.append(Description(
                    section_label(rec.kind, rec.number), rec.id, terms,
                    tuple(n for n in zh if len(n) >= 2)))
        self.bm25 = Bm25({d.label: d.terms for d in self.descriptions}, b=B)
        self.ids = {d.label: d.id for d in self.descriptions}
        self.asking = frozenset(analysis.analyze(self.analyzer, ASKING))
        words = table_words()
        self.zh_words = _automaton(words["zh"])
        self.en_words = words["en"]
        self.en_phrases = re.compile(
            r"(?<![\w'’])(?:" + "|".join(re.escape(k) for k in sorted(
                self.en_words, key=len, reverse=True)) + r")(?![\w'’])") if self.en_words else None

    def terms(self, text: str, drop: frozenset[str] = frozenset()) -> list[str]:
        """Stems, and each pair of neighbouring stems: a description that says
        "turns over a table" matches "turned over the table" better than one
        that says "turn" and "table" in different sentences."""
        stems = [s for s in analysis.analyze(self.analyzer, text) if s not in drop]
        return stems + [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)]

    def english(self, text: str) -> str:
        """The question in the documents' words: English as typed, with the
        documents' words for its table talk, and each Chinese word of
        ``policywords.yaml`` as its English."""
        folded = to_hans(text.lower())
        # The longest word at each place: 掀桌 ("turns over table"), not 桌.
        found = [words for _, words in self.zh_words.iter_long(folded)]
        if self.en_phrases is not None:
            found += [self.en_words[m.group()] for m in self.en_phrases.finditer(folded)]
        latin = " ".join(re.findall(r"[a-z][a-z'’-]*", folded))
        return " ".join([latin, *found])

    def rank(self, text: str, top: int = 5) -> list[tuple[str, float]]:
        """The best-matching sections with their scores, best first."""
        matched = self.bm25.scores(self.terms(self.english(text), drop=self.asking))
        folded = to_hans(text)
        scored = []
        for d in self.descriptions:
            s = matched.get(d.label, 0.0)
            named = any(n in folded for n in d.zh_names)
            if s > 0 or named:
                scored.append((d, s, named))
        best = max((s for _, s, _ in scored), default=0.0)
        bonus = ALIAS_BONUS * max(best, 1.0)
        ranked = sorted(((d, s + bonus if named else s) for d, s, named in scored),
                        key=lambda p: (-p[1], p[0].label))
        return [(d.label, s) for d, s in ranked[:top]]


def _automaton(table: dict[str, str]) -> ahocorasick.Automaton:
    auto = ahocorasick.Automaton()
    for word, english in table.items():
        auto.add_word(word, english)
    auto.make_automaton()
    return auto
