"""Shared fixtures: the shipped sources and the built corpus, loaded once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judgebot import corpus


@pytest.fixture(scope="session")
def sources_dir() -> Path:
    return corpus.SOURCES_DIR


@pytest.fixture(scope="session")
def records() -> list[corpus.Record]:
    return corpus.load()


@pytest.fixture(scope="session")
def by_id(records) -> dict[str, corpus.Record]:
    return {r.id: r for r in records}


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory) -> Path:
    """Where this session's store and index live: the repository's own
    ``index/``, hash-checked and rebuilt when stale exactly as the service does,
    so a session builds them (a minute or two with the 30,000 cards) only when
    the corpus or the code that derives them changed.
    ``JUDGEBOT_TEST_DATA=fresh`` builds them in a temporary directory instead."""
    if os.environ.get("JUDGEBOT_TEST_DATA") == "fresh":
        return tmp_path_factory.mktemp("index")
    from judgebot.store import DATA_DIR

    DATA_DIR.mkdir(exist_ok=True)
    return DATA_DIR


@pytest.fixture(scope="session")
def store(data_dir):
    """The corpus store of the committed corpus."""
    from judgebot.store import open_store

    return open_store(corpus.CORPUS_DIR, data_dir)


@pytest.fixture(scope="session")
def search_service(store, data_dir):
    """One search service over a fresh index of the committed corpus."""
    from judgebot.search.service import SearchService

    service = SearchService(store, index_dir=data_dir)
    yield service
    service.close()


@pytest.fixture(scope="session")
def simplified_chars() -> frozenset[str]:
    """Characters that exist only in Simplified Chinese (from OpenCC's table:
    see the file's header)."""
    lines = (Path(__file__).parent / "data" / "simplified-only.txt").read_text(
        encoding="utf-8").splitlines()
    return frozenset("".join(line for line in lines if not line.startswith("#")))
