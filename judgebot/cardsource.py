"""The rules engine's cards from the corpus: a
:class:`~judgebot.engine.state.CardSource` over the store.

A scenario names a card by its English or Chinese name (``Lightning Bolt``,
``闪电击``; case, accents, punctuation and Traditional characters folded, as
the card finder folds them). The engine's own scripted cards come first (its
card pool: written and tested for it); any other card of the card file is
read from its Oracle text by the engine's grammar (:mod:`judgebot.cardreading`
over :func:`judgebot.engine.oracle.read_oracle`), when the engine reads it all.
A card the engine cannot read is not given (the scenario is refused with the
words it cannot read); nicknames, pinyin and misspellings are not names here,
only suggestions.

The store is opened on first need (a scenario of the engine's own cards never
touches it), and never built here: where no store is built for the corpus as
it is, only the engine's cards are known.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from judgebot import corpus
from judgebot.cardreading import read_card
from judgebot.engine.cards import pool
from judgebot.engine.state import CardDef, CardSource
from judgebot.messages import Message, msg
from judgebot.store import DATA_DIR, Store, StoreError, corpus_hash
from judgebot.text.names import name_key

# how a scenario may name a corpus card: a face's name names the card with two faces
# (Giant Killer, Insectile Aberration), as a split card's half names the split card
NAMES = ("name", "zh", "alias", "face", "face-zh")
MAX_NAME = 200


class StoreCards:
    """The engine's pool, then the store's cards the engine can read."""

    def __init__(self, store: Store | Callable[[], Store | None] | None,
                 base: CardSource | None = None) -> None:
        self._store = store if isinstance(store, Store) else None
        self._open = None if isinstance(store, Store) else store
        self._base = base
        self._compiled = lru_cache(maxsize=512)(self._compile)

    @property
    def base(self) -> CardSource:
        """The engine's own pool, compiled when a card is first asked for."""
        if self._base is None:
            self._base = pool()
        return self._base

    @property
    def store(self) -> Store | None:
        if self._store is None and self._open is not None:
            opener, self._open = self._open, None
            try:
                self._store = opener()
            except StoreError:
                self._store = None
        return self._store

    def get(self, name: str) -> CardDef | None:
        found = self.base.get(name)
        if found is not None:
            return found
        rid = self.card_id(name)
        return self._compiled(rid) if rid else None

    def card_id(self, name: str) -> str | None:
        """The corpus card ``name`` names exactly (English, Chinese, another
        printed name), whether the engine reads it or not."""
        if not isinstance(name, str) or len(name) > MAX_NAME:
            return None
        key = name_key(name)
        store = self.store if key else None
        if store is None:
            return None
        rows = [(rid, how) for rid, how in store.card_keys(key) if how in NAMES]
        rows.sort(key=lambda r: NAMES.index(r[1]))
        return rows[0][0] if rows else None

    def _compile(self, rid: str) -> CardDef | None:
        card = self.store.get(rid) if self.store is not None else None
        if card is None:
            return None
        reading = read_card(card)
        return reading.card if reading.readable else None

    def suggest(self, name: str) -> Message:
        """Why ``name`` gave no card: a corpus card the engine cannot read
        (and the first words it cannot), or the card it most likely means."""
        rid = self.card_id(name)
        if rid and self.store is not None:
            card = self.store.get(rid)
            if card is not None:
                unread = read_card(card).unread
                return msg("suggest.unreadable_card", name=card.name.get("en", name),
                           text=(unread[0] if unread else "")[:160])
        found = self.base.suggest(name)
        if found.code != "list.nothing" or self.store is None:
            return found
        from judgebot.cardfinder import CardFinder

        match = CardFinder(self.store).best(name) if isinstance(name, str) else None
        if match is not None:
            card = self.store.get(match.id)
            if card is not None:
                return msg("suggest.did_you_mean", word=card.name.get("en", match.name))
        return found


def built_store(corpus_dir: Path = corpus.CORPUS_DIR, data_dir: Path = DATA_DIR) -> Store | None:
    """The store already built for the corpus as it is, or None (never builds one)."""
    path = data_dir / f"store-{corpus_hash(corpus_dir)[:16]}.sqlite"
    if not path.is_file():
        return None
    try:
        return Store(path)
    except StoreError:
        return None


def corpus_cards(store: Store | None = None) -> StoreCards:
    """The engine's cards and the corpus's: over ``store``, or the built store
    of the shipped corpus, opened when a scenario first names a card the
    engine's pool lacks."""
    return StoreCards(store if store is not None else built_store)
