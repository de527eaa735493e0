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
from judgebot.engine.abilities import StaticAbility, statics
from judgebot.engine.conditions import holds
from judgebot.engine.events import (
    CounterSpell,
    Destroy,
    Event,
    LifeGain,
    LoseGame,
    Move,
    WinGame,
)
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
        for ab in statics(c.abilities):
            if isinstance(ab, StaticAbility) and ab.kind == kind:
                if ab.condition is not None and not holds(game, ab.condition, oid,
                                                          c.controller):
                    continue
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


def affected_by(game: Game, oid: int, kind: str) -> str:
    """The text of a static ability or effect of ``kind`` that applies to object ``oid``
    ("can't block", "doesn't untap", "attacks each combat if able" …), or ""."""
    from judgebot.engine.filters import View, matches
    view = View(game)
    for src in game.battlefield:
        c = game.chars(src)
        for ab in statics(c.abilities):
            if ab.kind != kind:
                continue
            if ab.condition is not None and not holds(game, ab.condition, src, c.controller):
                continue
            aff = ab.affects
            if aff == "self" and src == oid:
                return ab.text or c.name
            if aff in ("enchanted", "equipped") and game.objects[src].attached_to == oid:
                return ab.text or c.name
            if not isinstance(aff, str) and matches(aff, view, oid, c.controller, src):
                return ab.text or c.name
    for p in game.prohibitions:
        if p.kind != kind:
            continue
        if oid in p.params.get("objects", ()):
            return p.text
        flt = p.params.get("filter")
        if flt is not None and matches(flt, view, oid, p.controller, p.source_id):
            return p.text
    return ""


@forbids(LifeGain)
def _cant_gain_life(game: Game, ev: LifeGain) -> Reason | None:
    """"Your opponents can't gain life" (119.7)."""
    for p in active_prohibitions(game, "cant_gain_life"):
        who = p.params.get("who")
        player = p.params.get("player")
        if who == "all" or (who == "opponents" and ev.player != p.controller) or \
                (who == "you" and ev.player == p.controller) or \
                (who is None and player == ev.player):
            return (msg("cant.gain_life", player=ev.player, text=p.text),
                    p.rules + (R.CANT_GAIN_LIFE,))
    return None
