""""Can't" effects: the first step of the pipeline (an event a rule or an effect
forbids doesn't happen), and the "can't" effects other modules consult
(can't attack, can't block, can't cast, can't be regenerated …).

What forbids an event is registered per event type with :func:`forbids`; the
pipeline asks :func:`prohibition` for the first reason that applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import StaticAbility
from judgebot.engine.events import CounterSpell, Destroy, Event, LoseGame, Move, WinGame
from judgebot.engine.rules import cant_be_countered
from judgebot.engine.state import Game
from judgebot.messages import Message, Name, msg


@dataclass(eq=False)
class Prohibition:
    """A "can't" effect created by a resolving spell or ability."""

    kind: str  # cant_lose | cant_win | cant_cast | cant_regenerate | cant_block ...
    params: dict[str, Any] = field(default_factory=dict)
    source_id: int | None = None
    controller: str = ""
    duration: Any = "eot"
    text: str = ""
    rules: tuple[str, ...] = ()


def active_prohibitions(game: Game, kind: str) -> list[Prohibition]:
    """Resolved "can't" effects plus those from static abilities on the battlefield."""
    out = [p for p in game.prohibitions if p.kind == kind]
    for oid in game.battlefield:
        c = game.chars(oid)
        for ab in c.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == kind:
                player = c.controller
                if ab.params.get("who") == "opponents":
                    for opp in game.opponents(player):
                        out.append(Prohibition(kind, {**ab.params, "player": opp}, oid, player,
                                               "static", ab.text, ab.rules))
                else:
                    out.append(Prohibition(kind, {**ab.params, "player": player}, oid, player,
                                           "static", ab.text, ab.rules))
    return out


# Why an event can't happen: the words and the rules, or None.
Reason = tuple[Message, tuple[str, ...]]
Check = Callable[[Game, Any], "Reason | None"]
CHECKS: dict[type[Event], list[Check]] = {}


def forbids(event: type[Event]) -> Callable[[Check], Check]:
    """Register a check of what may forbid events of type ``event``."""
    def register(check: Check) -> Check:
        CHECKS.setdefault(event, []).append(check)
        return check
    return register


def prohibition(game: Game, ev: Event) -> Reason | None:
    """Why ``ev`` can't happen, or None."""
    for check in CHECKS.get(type(ev), ()):
        reason = check(game, ev)
        if reason is not None:
            return reason
    return None


@forbids(Destroy)
def _indestructible(game: Game, ev: Destroy) -> Reason | None:
    obj = game.objects.get(ev.oid)
    if obj is None or obj.zone != "battlefield":
        return None
    if game.chars(ev.oid).has("indestructible"):
        return (msg("cant.indestructible", name=game.label(ev.oid)),
                (R.INDESTRUCTIBLE,))
    return None


@forbids(LoseGame)
def _cant_lose(game: Game, ev: LoseGame) -> Reason | None:
    for p in active_prohibitions(game, "cant_lose"):
        if p.params.get("player") == ev.player:
            return (msg("cant.lose", player=ev.player, text=p.text), p.rules)
    return None


@forbids(WinGame)
def _cant_win(game: Game, ev: WinGame) -> Reason | None:
    for p in active_prohibitions(game, "cant_win"):
        if p.params.get("player") == ev.player:
            return (msg("cant.win", player=ev.player, text=p.text), p.rules)
    return None


@forbids(CounterSpell)
def _cant_be_countered(game: Game, ev: CounterSpell) -> Reason | None:
    item = game.stack_item(ev.item)
    if item is not None and not item.is_stack_ability:
        why = cant_be_countered(game, item)
        if why:
            return (msg("cant.be_countered", name=game.label(item.id), why=why), (R.COUNTER,))
    return None


@forbids(Move)
def _token_gone(game: Game, ev: Move) -> Reason | None:
    obj = game.objects.get(ev.oid)
    if obj is not None and obj.token and obj.zone != "battlefield" and obj.zone != "stack":
        return (msg("cant.token_moves", name=Name(obj.card.name, obj.card.zh_name)),
                (R.TOKEN_CANT_MOVE,))
    return None
