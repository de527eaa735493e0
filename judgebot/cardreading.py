"""Whether the rules engine can read a corpus card, and the card as the engine
takes it.

The engine reads a card's Oracle text with its own reader (the sentences it
documents; anything else it refuses, quoting the words). This module hands it
a corpus card as a generic object (name, type line, mana cost, P/T, loyalty,
text: the scenario format's inline objects, ``judgebot/engine/README.md``)
and reports what it could not read: every sentence it refuses, not only the
first, so a card page and ``judgebot card --json`` can say which words stop a
simulation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judgebot.corpus import EN, Record, zh_of
from judgebot.engine.errors import Refusal
from judgebot.engine.scenario import inline_card

PT = re.compile(r"-?\d+|\*")


@dataclass
class Reading:
    readable: bool
    unread: list[str] = field(default_factory=list)
    spec: dict[str, Any] = field(default_factory=dict)  # the card as a scenario object
    scripted: bool = False  # the engine has its own script of the card (its card pool)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"readable": self.readable, "unread": list(self.unread)}
        if self.scripted:
            out["scripted"] = True
        return out


def engine_reading(card: Record) -> Reading:
    """Whether the engine can simulate ``card``: its own script of the card
    (its card pool, by English name) or, failing that, its reading of the
    Oracle text (:func:`read_card`)."""
    from judgebot.engine.cards import pool

    if pool().get(card.name.get(EN, "")) is not None:
        return Reading(True, [], card_spec(card), scripted=True)
    return read_card(card)


def card_spec(card: Record, text: str | None = None) -> dict[str, Any]:
    """A corpus card as the scenario format's generic object."""
    spec: dict[str, Any] = {"name": card.name.get(EN, "") or zh_of(card.name)}
    type_line = card.type_line.get(EN, "")
    if type_line:
        spec["type"] = type_line
    if card.mana_cost:
        spec["mana_cost"] = card.mana_cost
    if card.power is not None and card.toughness is not None:
        spec["creature"] = f"{card.power}/{card.toughness}"
    if card.loyalty is not None and card.loyalty.isdigit():
        spec["loyalty"] = int(card.loyalty)
    body = card.text.get(EN, "") if text is None else text
    if body:
        spec["text"] = body
    if zh_of(card.name):
        spec["zh"] = zh_of(card.name)
    return spec


def read_card(card: Record) -> Reading:
    """What the engine makes of ``card``: readable, or the abilities (lines of
    its text) it refuses, each as printed."""
    problems: list[str] = []
    if card.faces:
        problems.append(f"{len(card.faces)} faces (the engine reads one-faced cards)")
    for value in (card.power, card.toughness):
        if value is not None and not PT.fullmatch(value):
            problems.append(f"power/toughness {card.power}/{card.toughness}")
            break
    if card.loyalty is not None and not card.loyalty.isdigit():
        problems.append(f"loyalty {card.loyalty}")
    if problems:
        return Reading(False, problems)
    spec = card_spec(card)
    failure = _try(spec)
    if failure is None:
        return Reading(True, [], spec)
    unread = [unit for unit in _units(spec.get("text", ""))
              if _try(card_spec(card, unit)) is not None]
    return Reading(False, unread or [failure])


def _try(spec: dict[str, Any]) -> str | None:
    """``None`` when the engine reads ``spec``, else its refusal."""
    try:
        inline_card(spec, None)
    except Refusal as exc:
        return exc.message
    return None


def _units(text: str) -> list[str]:
    """The text's abilities: each line, with the modes (``• …``) that follow it."""
    units: list[str] = []
    for line in text.split("\n"):
        if line.startswith("•") and units:
            units[-1] += "\n" + line
        elif line.strip():
            units.append(line)
    return units
