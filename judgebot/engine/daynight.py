"""Day and night (731) and the daybound and nightbound permanents that follow them
(702.145): the game starts with neither; a permanent with daybound makes it day, one with
nightbound (and none with daybound) night; the untap step turns day into night when the
previous turn's active player cast no spells, night into day when they cast two or more
(502.2, 731.2). Daybound permanents are front face up by day, back face up by night, and
transform only so (702.145b-f).

What the previous turn saw (the spells each player cast in it) is kept as the turn ends,
for these checks and for "if no spells were cast last turn"; the turn before a scenario
begins is taken to have seen no spells (a documented default, logged when used).
"""

from __future__ import annotations

from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.conditions import last_turn
from judgebot.engine.events import Transform
from judgebot.engine.pipeline import perform
from judgebot.engine.state import Game
from judgebot.messages import msg

DAY, NIGHT = "day", "night"


def state_of(game: Game) -> str:
    """ "day", "night", or "" (neither: 731.1)."""
    return str(game.extra.get("day_night") or "")


def remember_turn(game: Game) -> None:
    """As a turn ends: the spells each player cast during it (read by the next turn)."""
    spells: dict[str, int] = {}
    for player, _oid in game.record.spells_cast:
        spells[player] = spells.get(player, 0) + 1
    game.extra["last_turn"] = {"active": game.active, "spells": spells}


def untap_step(game: Game) -> None:
    """502.2 / 731.2: day becomes night, or night day, by the previous turn's spells."""
    now = state_of(game)
    if not now:
        return  # 731.2c
    seen = last_turn(game)
    cast = int(seen["spells"].get(seen["active"], 0)) if seen["active"] else 0
    if now == DAY and cast == 0:
        _become(game, NIGHT, msg("daynight.becomes_night", n=cast), (R.DAY_NIGHT_CHECK,))
    elif now == NIGHT and cast >= 2:
        _become(game, DAY, msg("daynight.becomes_day", n=cast), (R.DAY_NIGHT_CHECK,))


def check(game: Game) -> bool:
    """702.145c-g, checked whenever they could apply (they aren't state-based actions, but
    nothing can happen between an event and this check): day or night begins with a
    daybound or nightbound permanent; a daybound permanent front face up at night, a
    nightbound one back face up by day, transforms. True if anything changed."""
    bound = [(o, game.chars(o)) for o in game.battlefield]
    day = [o for o, c in bound if c.has("daybound")]
    night = [o for o, c in bound if c.has("nightbound")]
    if not day and not night:
        return False
    changed = False
    if not state_of(game):
        if day:
            _become(game, DAY, msg("daynight.begins_day", name=game.label(day[0])),
                    (R.DAYBOUND_DAY,))
        else:
            _become(game, NIGHT, msg("daynight.begins_night", name=game.label(night[0])),
                    (R.NIGHTBOUND_NIGHT,))
        changed = True
    now = state_of(game)
    turn = [o for o in (day if now == NIGHT else night) if _turns(game, o, now)]
    if turn:
        perform(game, [Transform(cause="daynight", oid=o,
                                 rules=(R.DAYBOUND_TRANSFORM if now == NIGHT
                                        else R.NIGHTBOUND_TRANSFORM,)) for o in turn])
        changed = True
    return changed


def _turns(game: Game, oid: int, now: str) -> bool:
    obj = game.objects[oid]
    if obj.card.other is None or obj.face_down:
        return False
    return (not obj.back_up) if now == NIGHT else obj.back_up


def _become(game: Game, which: str, said: Any, rules: tuple[str, ...]) -> None:
    game.extra["day_night"] = which
    game.changed()
    game.log.add("daynight", said, rules)


def bound_only(chars: Any) -> bool:
    """A daybound or nightbound permanent transforms only by day and night (702.145b, e)."""
    return chars.has("daybound") or chars.has("nightbound")


__all__ = ["check", "untap_step", "remember_turn", "state_of", "bound_only"]
