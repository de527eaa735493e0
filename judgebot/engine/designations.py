"""Designations a player has (the monarch, 725; the city's blessing, 702.131): who has
them is game state, and the monarch's two inherent triggered abilities (725.2) follow
whoever is the monarch.

The monarch's abilities have no source and are controlled by the monarch as they trigger
(725.2): they are kept as two lasting delayed-trigger entries re-made for the new monarch
each time the monarch changes (725.3), so their controller is always the current one.
"""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Filter, Trigger, TriggeredAbility
from judgebot.engine.state import Game
from judgebot.engine.triggers import DelayedTrigger
from judgebot.messages import msg

MONARCH_END_STEP = "At the beginning of the monarch's end step, that player draws a card"
MONARCH_DAMAGE = ("Whenever a creature deals combat damage to the monarch, its controller "
                  "becomes the monarch")


def monarch(game: Game) -> str | None:
    return game.extra.get("monarch")


def become_monarch(game: Game, player: str, rules: tuple[str, ...] = ()) -> None:
    """``player`` becomes the monarch; the current monarch stops being it (725.3)."""
    if game.extra.get("monarch") == player and _installed(game):
        game.log.add("effect", msg("designations.already_monarch", player=player),
                     rules + (R.MONARCH,))
        return
    before = game.extra.get("monarch")
    game.extra["monarch"] = player
    game.changed()
    said = msg("designations.monarch_from", player=player, before=before) if before else \
        msg("designations.monarch", player=player)
    game.log.add("effect", said, rules + (R.MONARCH,))
    install(game)


def install(game: Game) -> None:
    """The monarch's inherent triggered abilities (725.2), controlled by the monarch."""
    game.delayed[:] = [d for d in game.delayed if not d.refs.get("monarch_ability")]
    who = game.extra.get("monarch")
    if who is None:
        return
    draw = TriggeredAbility(Trigger("end_step", None, who="you"),
                            (Effect("draw", {"who": "you", "n": 1}),),
                            text=MONARCH_END_STEP, rules=(R.MONARCH,))
    steal = TriggeredAbility(Trigger("deals_damage", Filter(types=frozenset({"creature"})),
                                     to="you", combat=True),
                             (Effect("become_monarch", {"who": "controller_of_it"}),),
                             text=MONARCH_DAMAGE, rules=(R.MONARCH,))
    for ab in (draw, steal):
        game.delayed.append(DelayedTrigger(ab.trigger, ab, who, None, "the monarch",
                                           {"monarch_ability": True}, once=False,
                                           turn_created=game.turn, text=ab.text))


def _installed(game: Game) -> bool:
    return any(d.refs.get("monarch_ability") for d in game.delayed)


def has_blessing(game: Game, player: str) -> bool:
    return bool(game.players[player].counters.get("city_blessing"))


def check_ascend(game: Game) -> bool:
    """702.131b: any time a player controls a permanent with ascend and ten or more
    permanents, without the city's blessing, they get it for the rest of the game."""
    changed = False
    for player in game.in_game():
        if has_blessing(game, player):
            continue
        mine = [o for o in game.battlefield if game.controller_of(o) == player]
        if len(mine) >= 10 and any(game.chars(o).has("ascend") for o in mine):
            give_blessing(game, player, (R.ASCEND_PERMANENT,))
            changed = True
    return changed


def give_blessing(game: Game, player: str, rules: tuple[str, ...]) -> None:
    game.players[player].counters["city_blessing"] = 1
    game.changed()
    game.log.add("effect", msg("designations.blessing", player=player),
                 rules + (R.CITY_BLESSING,))


__all__ = ["monarch", "become_monarch", "install", "check_ascend", "give_blessing",
           "has_blessing"]
