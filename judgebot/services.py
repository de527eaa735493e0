"""The composition root: the corpus store and the search service over it,
opened once per process (each built first when missing or stale, with a
progress bar on the terminal)."""

from __future__ import annotations

import sys

from judgebot.search import index
from judgebot.search.scoring import CACHED_SCORES
from judgebot.search.service import SearchService
from judgebot.store import Store, open_store


def _log(message: str) -> None:
    print(message, file=sys.stderr)


def open_corpus() -> Store:
    """The corpus store of the shipped corpus."""
    return open_store(progress=index.terminal_progress("Building the corpus store"), log=_log)


def open_search(store: Store | None = None, cached_scores: int = CACHED_SCORES
                ) -> SearchService:
    """The search service over the shipped corpus (its index built if needed);
    ``cached_scores``: see :data:`judgebot.search.scoring.CACHED_SCORES`."""
    return SearchService(store or open_corpus(), progress=index.terminal_progress(), log=_log,
                         cached_scores=cached_scores)
