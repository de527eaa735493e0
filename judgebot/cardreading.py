"""Whether the rules engine can read a corpus card, and the card as the engine
takes it.

The engine reads a card's Oracle text with its grammar of the templating
(:func:`judgebot.engine.oracle.read_oracle`: one-faced and split cards, a
characteristic-defining P/T, keywords with their parameters); anything it does
not understand it refuses, naming the words. This module hands it a corpus card
and reports what it could not read, every phrase and not only the first, so a
card page and ``judgebot card --json`` can say which words stop a simulation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.corpus import EN, Record, zh_of
from judgebot.engine.oracle import OracleCard, read_oracle
from judgebot.engine.state import CardDef


@dataclass
class Reading:
    readable: bool
    unread: list[str] = field(default_factory=list)
    spec: dict[str, Any] = field(default_factory=dict)  # the card as a scenario object
    scripted: bool = False  # the engine has its own script of the card (its card pool)
    card: CardDef | None = None  # the card as the engine reads it

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


def oracle_card(card: Record) -> OracleCard:
    """A corpus card as the engine's reader takes it (its faces too)."""
    faces = tuple(OracleCard.from_record(face) for face in card.faces or ())
    return OracleCard(card.name.get(EN, "") or zh_of(card.name), card.mana_cost or None,
                      card.type_line.get(EN, ""), card.text.get(EN, ""), card.power,
                      card.toughness, card.loyalty, zh_of(card.name), faces,
                      tuple(card.colour_identity))


def read_card(card: Record) -> Reading:
    """What the engine makes of ``card``: readable, or the phrases it can't read."""
    oracle = oracle_card(card)
    reading = read_oracle(oracle)
    if not reading.readable:  # the reader says "~" for the card's own name
        return Reading(False, [p.replace("~", oracle.name) for p in reading.unread])
    return Reading(True, [], card_spec(card), card=reading.card)
