"""Which known table situation a question resembles, when its words are not
the ones the situation's patterns were written for.

A situation's patterns recognise the phrasings they spell out; a question
told another way ("they sac'd it with my Shock on the stack") still shares
words with what the situation is about. Each situation is described by the
words of its patterns, its plain answer in both languages and its deciding
rule's text, and a question is ranked against those descriptions with BM25.

A resemblance is evidence for the situation's rules, never a recognised
situation: it brings no plain answer of its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from judgebot.corpus import EN, ZH_HANS
from judgebot.judge.bm25 import Bm25
from judgebot.judge.situations import Situation, is_section, section_record, spaced_text
from judgebot.messages import catalogue
from judgebot.store import Store

Tokens = Callable[[str], set[str]]


class SituationMatcher:
    def __init__(self, store: Store, situations: list[Situation], tokens: Tokens):
        self.tokens = tokens
        docs: dict[str, Counter] = {}
        for s in situations:
            terms: Counter = Counter()
            for part in (s.words, *answer_texts(s), deciding_text(store, s)):
                terms.update(tokens(part))  # a word counts once per source
            if terms:
                docs[s.name] = terms
        self.bm25 = Bm25(docs)

    def rank(self, text: str, top: int = 3) -> list[tuple[str, float]]:
        """The situations the question resembles most, with their scores, best first."""
        spelt, _ = spaced_text(text.lower())  # table talk spelt out: "sac" → "sacrifice"
        scores = self.bm25.scores(self.tokens(spelt))
        return sorted(scores.items(), key=lambda p: (-p[1], p[0]))[:top]


def answer_texts(s: Situation) -> tuple[str, ...]:
    """The situation's plain answer in English and Chinese, without its placeholders."""
    entry = catalogue().get(s.code) if s.answer else None
    if not entry:
        return ()
    return tuple(re.sub(r"\{[^}]*\}", " ", str(entry.get(lang, ""))) for lang in (EN, ZH_HANS))


def deciding_text(store: Store, s: Situation) -> str:
    """The deciding rule's text, or the deciding section's title."""
    if not s.rules:
        return ""
    if is_section(s.rules[0]):
        rec = section_record(store, s.rules[0])
        return (rec.title or {}).get(EN, "") if rec is not None else ""
    rec = store.rule(s.rules[0])
    return rec.text.get(EN, "") if rec is not None else ""
