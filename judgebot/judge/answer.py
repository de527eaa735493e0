"""Composing the answer to a judge call.

The answer puts the simulated outcome first (when the question described a
situation the engine could build), then the deciding rules, each with the
sentence that matters and the words of the question that chose it, then the
card rulings and glossary definitions. Retrieved text is quoted from the
corpus, never paraphrased; when nothing convincing was found the answer says
so instead of padding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgebot.corpus import EN, ZH_HANS, ZH_HANT
from judgebot.judge.retrieve import Candidate, Evidence, Retriever
from judgebot.judge.understand import Understanding
from judgebot.search import analysis
from judgebot.xref import title_of

# Below this best score the rules found are a guess, and the answer says so.
CONFIDENT = 4.0
# An English sentence ends at . ! ? before a space (not inside "119.9"); a
# Chinese one at 。！？ wherever it falls.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])\s*(?=\S)")


@dataclass
class Quote:
    """A record quoted in an answer, with why it was chosen."""

    id: str
    kind: str
    label: str
    title: dict[str, str]
    text: dict[str, str]
    sentence: dict[str, str]
    why: list[str]
    matched: list[str]
    score: float
    translated_from: str | None = None  # the 2019 rule whose Chinese is shown
    english_changed: bool | None = None

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Answer:
    question: str
    understanding: Understanding
    confidence: str  # strong | weak | none
    message: str
    rules: list[Quote] = field(default_factory=list)
    rulings: list[Quote] = field(default_factory=list)
    glossary: list[Quote] = field(default_factory=list)
    notes: list[Quote] = field(default_factory=list)
    simulation: dict | None = None

    def to_dict(self) -> dict:
        return {
            "question": self.question,
            "understanding": self.understanding.to_dict(),
            "confidence": self.confidence,
            "message": self.message,
            "simulation": self.simulation,
            "rules": [q.to_dict() for q in self.rules],
            "rulings": [q.to_dict() for q in self.rulings],
            "glossary": [q.to_dict() for q in self.glossary],
            "notes": [q.to_dict() for q in self.notes],
        }


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


def best_sentence(text: str, qtokens: set[str], retriever: Retriever, lang: str
                  ) -> tuple[str, list[str]]:
    """The sentence of ``text`` sharing the most words with the question."""
    analyzer = retriever.en if lang == EN else retriever.zh
    wanted = retriever.informative(qtokens) or qtokens
    best, best_words, best_score = "", [], -1.0
    for i, sentence in enumerate(sentences(text)):
        words = [t for t in dict.fromkeys(analysis.analyze(analyzer, sentence)) if t in qtokens]
        # Rare words count double; a rule's first sentence usually states it.
        score = len(words) + sum(1 for w in words if w in wanted) + (0.75 if i == 0 else 0)
        if score > best_score:
            best, best_words, best_score = sentence, words, score
    return best, best_words


def quote(retriever: Retriever, cand: Candidate, qtokens: set[str]) -> Quote | None:
    store = retriever.store
    rec = store.get(cand.id)
    if rec is None:
        return None
    texts: dict[str, str] = {}
    translated_from = None
    changed = None
    english = store.text(rec, EN)
    if english is not None:
        texts[EN] = english.text
    chinese = store.text(rec, "zh")
    if chinese is not None:
        texts[ZH_HANS] = chinese.text
        if chinese.record != rec.id and rec.kind == "rule":
            translated_from = chinese.record
            changed = store.lineage(rec.id).get("status") != "unchanged"
    sentence: dict[str, str] = {}
    matched: list[str] = []
    for lang, text in texts.items():
        s, words = best_sentence(text, qtokens, retriever, lang)
        sentence[lang] = s
        matched.extend(w for w in words if w not in matched)
    title = title_of(rec)
    if rec.kind == "ruling":
        card = store.get(rec.card)
        title = dict(card.name) if card is not None else {}
    return Quote(
        id=rec.id, kind=rec.kind, label=_label(rec), title=title, text=texts,
        sentence=sentence, why=list(cand.reasons), matched=matched, score=round(cand.score, 2),
        translated_from=translated_from, english_changed=changed,
    )


def compose(u: Understanding, evidence: Evidence, retriever: Retriever,
            simulation: dict | None = None) -> Answer:
    qtokens = retriever.question_tokens(u.text)
    best = evidence.rules[0].score if evidence.rules else 0.0
    if u.language == "none":
        confidence, message = "none", "That does not look like a question: type it in words."
    elif u.other_game and u.other_game != "fow":
        confidence = "none"
        message = (f"This looks like a question about {u.other_game}, not Magic: The Gathering;"
                   " judgebot knows the Magic and Force of Will rules only.")
    elif best >= CONFIDENT or simulation:
        confidence, message = "strong", ""
    elif evidence.rules:
        confidence = "weak"
        message = ("No rule matched the question convincingly; these are the closest, "
                   "by the words they share with it.")
    else:
        confidence, message = "none", "Nothing in the rules matched the question."
    answer = Answer(question=u.question, understanding=u, confidence=confidence,
                    message=message, simulation=simulation)
    if confidence == "none" and (u.language == "none" or u.other_game not in (None, "fow")):
        return answer
    for group, cands in (("rules", evidence.rules), ("rulings", evidence.rulings),
                         ("glossary", evidence.glossary), ("notes", evidence.notes)):
        quotes = [q for q in (quote(retriever, c, qtokens) for c in cands) if q is not None]
        setattr(answer, group, quotes)
    return answer


def _label(rec) -> str:
    if rec.kind == "rule":
        return f"CR {rec.number}" if rec.game == "mtg" else f"FoW {rec.number}"
    if rec.kind == "ruling":
        return f"#{rec.index}"
    for name in ("term", "name", "title"):
        value = getattr(rec, name, None)
        if value:
            return value.get(EN) or value.get(ZH_HANS) or value.get(ZH_HANT) or rec.id
    return rec.id
