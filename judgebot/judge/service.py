"""``Judge``: a question in, an answer out (understand → retrieve → simulate → compose)."""

from __future__ import annotations

from judgebot.engine.cards import pool
from judgebot.judge.answer import Answer, compose
from judgebot.judge.lexicon import Lexicon
from judgebot.judge.retrieve import Retriever
from judgebot.judge.simulate import run, settled
from judgebot.judge.situation import build
from judgebot.judge.understand import understand
from judgebot.search.service import SearchService
from judgebot.store import Store

MAX_QUESTION_CHARS = 2000


class QuestionError(ValueError):
    """A question that cannot be read at all (not text)."""


class Judge:
    """Answers judge calls from the corpus, and by simulation where it can."""

    def __init__(self, store: Store, svc: SearchService, preload: bool = True):
        self.store = store
        self.svc = svc
        svc.activate()
        self.pool = pool()
        self.lexicon = Lexicon(store, svc.pinyin,
                               [list(card.all_names()) for card in self.pool],
                               svc.rule_words())
        self.retriever = Retriever(store, svc)
        self.retriever.lexicon = self.lexicon
        if preload:  # a server loads it now, not on its first Chinese question
            import pypinyin  # noqa: F401

    def ask(self, question: str) -> Answer:
        if not isinstance(question, str):
            raise QuestionError("the question must be text")
        self.svc.activate()
        truncated = len(question) > MAX_QUESTION_CHARS
        u = understand(question[:MAX_QUESTION_CHARS], self.lexicon)
        simulation = self.simulate(u)
        evidence = self.retriever.retrieve(u, applied=simulation["rules"] if simulation else ())
        answer = compose(u, evidence, self.retriever, simulation)
        if truncated:
            answer.message = ("The question was long; only its first "
                              f"{MAX_QUESTION_CHARS} characters were read. " + answer.message)
        return answer

    def simulate(self, u) -> dict | None:
        """The simulated outcome of the situation a question describes, if any."""
        if u.other_game not in (None,):
            return None
        situation = build(u, self.store, self.pool)
        if situation is None:
            return None
        result = run(situation)
        if not situation.attackers and not settled(result):
            # Off the battlefield the situation is our guess at what was meant (a
            # spell named in passing): shown only when it settles something.
            return None
        return result
