"""Imported once by the simulation workers' fork server (see
:mod:`judgebot.web.simulate.worker`): every worker forked from it starts with
the engine imported and the card pool already read (about half a second of
work each would otherwise repeat)."""

from judgebot import cardsource  # noqa: F401  (the corpus cards, opened in each worker)
from judgebot.engine.cards import pool
from judgebot.web.simulate import worker

pool()

__all__ = ["worker"]
