"""The card pool: scripted cards identified by English or Chinese name.

The scripts live in the YAML files of this package (``basic.yaml``,
``classic.yaml``, ``tsr.yaml``). They are read once per process.

>>> pool().get("Grizzly Bears").power
2
>>> pool().get("闪电击").name
'Lightning Bolt'
"""

from __future__ import annotations

import difflib
import unicodedata
from functools import lru_cache
from pathlib import Path

import yaml

from judgebot.engine.cardspec import compile_card, parse_type_line
from judgebot.engine.errors import BadInput
from judgebot.engine.state import CardDef
from judgebot.messages import Message, msg

HERE = Path(__file__).resolve().parent
FILES = ("basic.yaml", "classic.yaml", "tsr.yaml")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _key(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).strip().lower()
    return text.replace("’", "'").replace("  ", " ")


class CardPool:
    def __init__(self, cards: list[CardDef]) -> None:
        self.cards = cards
        self.by_name: dict[str, CardDef] = {}
        for card in cards:
            for n in card.all_names():
                self.by_name.setdefault(_key(n), card)
            if card.split:
                self.by_name.setdefault(_key(" // ".join(h.name for h in card.split)), card)

    def get(self, name: str) -> CardDef | None:
        """A card by its English or Chinese name (case and punctuation ignored).

        >>> pool().get("闪电击").name
        'Lightning Bolt'
        >>> pool().get("lightning bolt").zh_name
        '闪电击'
        """
        return self.by_name.get(_key(str(name)))

    def suggest(self, name: str) -> Message:
        close = difflib.get_close_matches(_key(name), list(self.by_name), n=1, cutoff=0.75)
        if close:
            return msg("suggest.did_you_mean", word=self.by_name[close[0]].name)
        return msg("list.nothing")

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)


def load_file(path: Path) -> list[CardDef]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506
    if not isinstance(data, list):
        raise BadInput(f"{path.name}: a card file is a list of cards")
    return [compile_card(item, f"{path.name} card {i + 1}") for i, item in enumerate(data)]


@lru_cache(maxsize=1)
def pool() -> CardPool:
    cards: list[CardDef] = []
    for name in FILES:
        path = HERE / name
        if path.exists():
            cards.extend(load_file(path))
    return CardPool(cards)


@lru_cache(maxsize=1)
def pool_names() -> tuple[tuple[str, ...], ...]:
    """Every name of every card of the pool (English, other printed names,
    Chinese, and its halves'), read from the card files without compiling the
    cards: what a lexicon needs, at a tenth of the cost of :func:`pool`."""
    out: list[tuple[str, ...]] = []
    for name in FILES:
        path = HERE / name
        if path.exists():
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506
            out.extend(_names(item) for item in data if isinstance(item, dict))
    return tuple(out)


def _names(item: dict) -> tuple[str, ...]:
    names = [str(item.get("name") or ""), *(str(n) for n in item.get("names") or ()),
             str(item.get("zh") or "")]
    for half in item.get("split") or ():
        if isinstance(half, dict):
            names.extend(_names(half))
    return tuple(dict.fromkeys(n for n in names if n))


__all__ = ["pool", "pool_names", "CardPool", "parse_type_line", "load_file"]
