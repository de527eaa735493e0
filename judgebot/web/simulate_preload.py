"""Imported once by the simulation workers' fork server (see
:mod:`judgebot.web.simulate_worker`): every worker forked from it starts with
the engine imported and the card pool already read (about half a second of
work each would otherwise repeat)."""

from judgebot.engine.cards import pool
from judgebot.web import simulate_board, simulate_limits

pool()

__all__ = ["simulate_board", "simulate_limits"]
