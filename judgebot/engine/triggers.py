"""Noticing triggered abilities (603).

After the pipeline applies events, :func:`notice` checks every triggered
ability that functions where its object is: on the battlefield, in exile
(suspend), in a graveyard (Nether Traitor), on the stack (storm). Abilities
that trigger on leaving the battlefield look back in time (603.10a): they are
checked against the objects as they existed just before the event, including
the objects that left in that same event. Triggered abilities wait in
``game.pending`` until a player would receive priority (:mod:`turn`). What
each trigger event waits for is registered in :mod:`judgebot.engine.trigger_events`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Trigger, TriggeredAbility, ability_text, triggered
from judgebot.engine.conditions import holds
from judgebot.engine.events import CreateToken, Event, Happened, Move
from judgebot.engine.filters import View
from judgebot.engine.state import Chars, Game
from judgebot.engine.trigger_events import matches
from judgebot.messages import msg


@dataclass(eq=False)
class Pending:
    ability: TriggeredAbility
    source_id: int
    source_name: str
    controller: str
    info: dict[str, Any] = field(default_factory=dict)
    source_lki: Chars | None = None
    delayed: Any = None


@dataclass(eq=False)
class DelayedTrigger:
    """A delayed triggered ability created by a resolving spell or ability (603.7)."""

    trigger: Trigger
    ability: TriggeredAbility
    controller: str
    source_id: int | None
    source_name: str
    refs: dict[str, Any] = field(default_factory=dict)
    once: bool = True
    turn_created: int = 0
    text: str = ""
    until: Any = None  # ("until_turn_of", player): a "until your next turn, whenever …"


def _view_before(game: Game, before: dict[int, Chars] | None) -> View:
    if before is None:
        return View(game)

    def lookup(oid: int) -> Chars:
        if oid in before:
            return before[oid]
        return game.chars(oid)
    return View(game, lookup)


def notice(game: Game, events: list[Event], before: dict[int, Chars] | None) -> None:
    """Find the abilities that trigger on ``events`` and add them to game.pending."""
    new_ids = {e.new_id for e in events if isinstance(e, Move) and e.new_id}
    for e in events:
        if isinstance(e, CreateToken):
            new_ids.update(e.new_ids)
    for ev in events:
        look_back = isinstance(ev, Move) and ev.from_zone == "battlefield"
        if look_back and before is not None:
            sources = [(oid, before[oid]) for oid in before]
            # Abilities of cards in other zones (a graveyard, exile) that existed before.
            sources += [(oid, game.chars(oid)) for oid, o in game.objects.items()
                        if o.zone in ("graveyard", "exile", "command") and oid not in new_ids]
            view = _view_before(game, before)
        else:
            sources = [(oid, game.chars(oid)) for oid, o in game.objects.items()
                       if o.zone in ("battlefield", "exile", "graveyard", "command")]
            sources += [(item.id, game.chars(item.id)) for item in game.stack
                        if not item.is_stack_ability]
            if isinstance(ev, Happened) and ev.what == "miracle_revealed" and \
                    ev.data["oid"] in game.objects:
                # a card in hand revealed as it was drawn: its linked trigger (702.94a)
                sources.append((ev.data["oid"], game.chars(ev.data["oid"])))
            view = View(game)
        for oid, chars in sources:
            zone = _zone_then(game, oid, ev, look_back)
            for ab in triggered(chars.abilities):
                if ab.zone != zone:
                    if look_back and zone == "battlefield" and ab.zone == "graveyard" and \
                            matches(game, view, ab.trigger, ev, oid, chars):
                        _log_not_yet_in_graveyard(game, chars, ab)
                    continue
                for info in matches(game, view, ab.trigger, ev, oid, chars):
                    if not _if_clause(game, ab, oid, chars, info):
                        if not isinstance(ev, Happened) or ev.what != "step":
                            # An event trigger whose intervening "if" is false: say so
                            # (beginning-of-step triggers would repeat every turn).
                            _log_if_false(game, chars, ab, look_back)
                        continue
                    game.pending.append(Pending(ab, oid, chars.name or "face-down creature",
                                                _trigger_controller(game, oid, chars, ab),
                                                info, chars.copy()))
        for d in list(game.delayed):
            for info in matches(game, View(game), d.trigger, ev, d.source_id, None,
                                d.controller, d.refs):
                game.pending.append(Pending(d.ability, d.source_id or 0, d.source_name,
                                            d.controller, {**d.refs, **info}, None, d))
                if d.once and d in game.delayed:
                    game.delayed.remove(d)
                break


def _log_if_false(game: Game, chars: Chars, ab: TriggeredAbility, look_back: bool) -> None:
    name = chars.name or "a face-down creature"
    game.log.add("trigger", msg("triggers.if_false_looking_back" if look_back
                                else "triggers.if_false", name=name, text=ability_text(ab, name)),
                 (R.TRIGGER_IF,) + ((R.TRIGGER_LOOK_BACK,) if look_back else ()))


def _log_not_yet_in_graveyard(game: Game, chars: Chars, ab: TriggeredAbility) -> None:
    name = chars.name or "a face-down creature"
    game.log.add("trigger", msg("triggers.log_not_yet_in_graveyard", name=name,
                                value=ability_text(ab, name), name2=name), (R.TRIGGER_LOOK_BACK,))


def _zone_then(game: Game, oid: int, ev: Event, look_back: bool) -> str:
    obj = game.objects.get(oid)
    if obj is None:
        return "battlefield" if look_back else ""
    if look_back and isinstance(ev, Move) and ev.oid == oid:
        return ev.from_zone
    return obj.zone


def _trigger_controller(game: Game, oid: int, chars: Chars, ab: TriggeredAbility) -> str:
    obj = game.objects.get(oid)
    if obj is not None and obj.zone not in ("battlefield", "stack"):
        return obj.owner
    return chars.controller


def _if_clause(game: Game, ab: TriggeredAbility, oid: int, chars: Chars,
               info: dict[str, Any]) -> bool:
    """The intervening "if" is checked as the ability triggers (603.4)."""
    if ab.condition is None:
        return True
    return holds(game, ab.condition, oid, chars.controller, info)
