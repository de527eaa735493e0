"""Predefined tokens (111.10): "Create a Treasure token" makes the token the rules define,
read from the rule's own words ("A Treasure token is a colorless Treasure artifact token
with “{T}, Sacrifice this token: Add one mana of any color.”") in the current edition.

>>> from judgebot.engine.text.reader import read_ability_text
>>> t = predefined_token("Treasure", read_ability_text)
>>> sorted(t.types), sorted(t.subtypes), len(t.abilities)
(['artifact'], ['Treasure'], 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from judgebot.engine.errors import Unsupported
from judgebot.engine.state import CardDef

DEFINITION = re.compile(r"An? ([\w ]+?) token is an? (colorless|[a-z]+(?: and [a-z]+)?) "
                        r"(\w+(?: Role)?) (artifact|enchantment) token(?: named ([\w ]+?))?"
                        r"(?: with (.+?))?\.?$")
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


_MADE: dict[str, CardDef | None] = {}


def predefined_token(name: str, read: Callable[[str], tuple]) -> CardDef | None:
    """The token the rules define by ``name`` ("Treasure", "Food", "Clue" …), or None;
    ``read`` reads an ability's text (the reader, which this module doesn't import)."""
    key = name.strip().lower()
    if key not in _MADE:
        _MADE[key] = _make(key, read)
    return _MADE[key]


def _make(name: str, read: Callable[[str], tuple]) -> CardDef | None:
    definitions = _definitions()
    text = definitions.get(name)
    if text is None:
        return None
    m = DEFINITION.fullmatch(text)
    if not m:
        return None
    colors = frozenset() if m.group(2) == "colorless" else frozenset(
        COLORS[c] for c in m.group(2).split(" and "))
    abilities: tuple = ()
    if m.group(6):
        body = m.group(6)
        # an ability in an ability: "has ‘Whenever this creature attacks, scry 1.’" (the
        # definitions' ’ were read as ')
        pieces = [p.rstrip(",").replace("‘", '"').replace(".'", '."')
                  for p in re.findall(r"“([^”]+)”", body)]
        rest = re.sub(r",?\s*(?:and )?“[^”]+”", "", body).strip(" ,")
        try:
            if rest:
                from judgebot.engine.text.keywords import keyword_list
                abilities += keyword_list(rest)
            for piece in pieces:
                abilities += read(piece.replace("this token", "~"))
        except Unsupported:
            return None
    name = m.group(5) or m.group(3)  # a Role is named ("named Wicked", 111.10q)
    return CardDef(name, (name,), None, colors, frozenset(),
                   frozenset({m.group(4)}), frozenset(m.group(3).split()), None, None, None,
                   abilities, is_token=True, source="token")


INCUBATOR = re.compile(r"An Incubator token is a double-faced token\. Its front face is a "
                       r"colorless Incubator artifact with “(.+?)” Its back face is a (\d+)/(\d+) "
                       r"colorless (\w+) artifact creature named ([\w ]+?)\.?$")


def incubator_token(read: Callable[[str], tuple]) -> CardDef | None:
    """The Incubator token (111.10i, 701.53b), read from the rule: a colorless Incubator
    artifact with "{2}: Transform this token." whose back face is a 0/0 Phyrexian artifact
    creature named Phyrexian Token."""
    if "incubator" not in _MADE:
        _MADE["incubator"] = _incubator(read)
    return _MADE["incubator"]


def _incubator(read: Callable[[str], tuple]) -> CardDef | None:
    m = INCUBATOR.fullmatch(_definitions().get("incubator", ""))
    if m is None:
        return None
    try:
        abilities = read(m.group(1).replace("this token", "~"))
    except Unsupported:
        return None
    back = CardDef(m.group(5), (m.group(5),), None, frozenset(), frozenset(),
                   frozenset({"artifact", "creature"}), frozenset({m.group(4)}),
                   int(m.group(2)), int(m.group(3)), is_token=True, source="token")
    return CardDef("Incubator", ("Incubator",), None, frozenset(), frozenset(),
                   frozenset({"artifact"}), frozenset({"Incubator"}), None, None, None,
                   abilities, layout="transform", other=back, is_token=True, source="token")


@lru_cache(maxsize=1)
def _definitions() -> dict[str, str]:
    from judgebot.store import open_store  # the rules' definitions, read once
    store = open_store()
    edition = store.current_edition("mtg") or ""
    out: dict[str, str] = {}
    for rec in store.records("mtg", "rule", edition):
        number = getattr(rec, "number", "")
        if re.fullmatch(r"111\.10[a-z]", number):
            text = rec.text.get("en", "").replace("’", "'")
            m = re.match(r"An? ([\w ]+?) token is", text)
            if m:
                out[m.group(1).lower()] = text
    return out
