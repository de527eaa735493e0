"""``Judge``: a question in, an answer out (understand → retrieve → simulate → compose)."""

from __future__ import annotations

from judgebot.cardsource import StoreCards
from judgebot.engine.cards import pool_names
from judgebot.judge import ptlayers
from judgebot.judge.answer import Answer, compose
from judgebot.judge.lexicon import Lexicon
from judgebot.judge.retrieve import Retriever
from judgebot.judge.simulate import run, settled
from judgebot.judge.situation import build
from judgebot.judge.understand import understand
from judgebot.messages import EN, msg, render
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
        self.cards = StoreCards(store)  # what a simulation may name (the pool, compiled lazily)
        self.lexicon = Lexicon(store, svc.pinyin, [list(names) for names in pool_names()],
                               vocabulary=svc.known)
        self.retriever = Retriever(store, svc, self.lexicon)
        if preload:  # a server loads it now, not on its first Chinese question
            import pypinyin  # noqa: F401

    def ask(self, question: str) -> Answer:
        if not isinstance(question, str):
            raise QuestionError("the question must be text")
        self.svc.activate()
        truncated = len(question) > MAX_QUESTION_CHARS
        u = understand(question[:MAX_QUESTION_CHARS], self.lexicon)
        # A creature's size through the layers is worked out from the effects the
        # question states; a matter of tournament procedure is not a game state.
        layers = None if self.retriever.procedural(u) else ptlayers.read(u, self.store)
        simulation = None if layers or self.retriever.procedural(u) else self.simulate(u)
        applied = layers.rules if layers else simulation["rules"] if simulation else ()
        deciding = layers.rules[0] if layers else None
        evidence = self.retriever.retrieve(u, applied=applied, deciding=deciding)
        answer = compose(u, evidence, self.retriever, simulation, layers)
        if truncated:
            note = msg("judge.answer.truncated", n=MAX_QUESTION_CHARS)
            answer.message = render(note, EN) + (" " + answer.message if answer.message else "")
            answer.note = answer.note or note
        return answer

    def simulate(self, u) -> dict | None:
        """The simulated outcome of the situation a question describes, if any."""
        if u.other_game not in (None,):
            return None
        situation = build(u, self.store, self.cards)
        if situation is None:
            return None
        result = run(situation, self.cards)
        if not situation.attackers and not settled(result):
            # Off the battlefield the situation is our guess at what was meant (a
            # spell named in passing): shown only when it settles something.
            return None
        return result
