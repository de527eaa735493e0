"""Designations a player has (the monarch, 725; the city's blessing, 702.131; the Ring and
its Ring-bearer, 701.54): who has them is game state, and the monarch's two inherent
triggered abilities (725.2) follow whoever is the monarch.

The Ring (701.54c) is an emblem its player gets the first time the Ring tempts them; its
abilities are the rule's four quoted abilities, as many as the times it has tempted that
player. Each is made here once, like the monarch's: "your Ring-bearer" is the trigger and
effect subject ``ring_bearer``, the creature :func:`ring_bearer` names (701.54e).

The monarch's abilities have no source and are controlled by the monarch as they trigger
(725.2): they are kept as two lasting delayed-trigger entries re-made for the new monarch
each time the monarch changes (725.3), so their controller is always the current one.
"""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Effect,
    Filter,
    StaticAbility,
    Trigger,
    TriggeredAbility,
)
from judgebot.engine.apply import new_object
from judgebot.engine.state import CardDef, Game
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


# 701.54c, the Ring's abilities in the order it gains them
RING_TEXTS = (
    "Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
    "Whenever your Ring-bearer attacks, draw a card, then discard a card.",
    "Whenever your Ring-bearer becomes blocked by a creature, the blocking creature's "
    "controller sacrifices it at end of combat.",
    "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life.",
)


def _ring_abilities() -> tuple:
    first = (StaticAbility("continuous", "ring_bearer",
                           {"ops": (("4", ("add_types", (), (), ("legendary",))),), "cda": False},
                           zone="command", text=RING_TEXTS[0], rules=(R.RING_EMBLEM,)),
             StaticAbility("cant_be_blocked_by", "ring_bearer", {"greater_power": True},
                           zone="command", text=RING_TEXTS[0],
                           rules=(R.RING_EMBLEM, R.BLOCK_RESTRICTIONS)))
    loot = TriggeredAbility(Trigger("attacks", "ring_bearer"),
                            (Effect("draw", {"who": "you", "n": 1}),
                             Effect("discard", {"who": "you", "n": 1})),
                            zone="command", text=RING_TEXTS[1], rules=(R.RING_EMBLEM,))
    end = TriggeredAbility(Trigger("end_of_combat", None, who="any"),
                           (Effect("sacrifice", {"what": "it"}),), zone="command",
                           text="the blocking creature's controller sacrifices it at end of "
                                "combat", rules=(R.TRIGGER_DELAYED,))
    blocked = TriggeredAbility(Trigger("becomes_blocked_by", "ring_bearer"),
                               (Effect("delayed", {"ability": end}),),
                               zone="command", text=RING_TEXTS[2], rules=(R.RING_EMBLEM,))
    drain = TriggeredAbility(Trigger("deals_damage", "ring_bearer", to="player", combat=True),
                             (Effect("lose_life", {"who": "each_opponent", "amount": 3}),),
                             zone="command", text=RING_TEXTS[3], rules=(R.RING_EMBLEM,))
    return (first, (loot,), (blocked,), (drain,))


RING_ABILITIES = _ring_abilities()


def ring_bearer(game: Game, player: str) -> int | None:
    """``player``'s Ring-bearer: the creature chosen last time the Ring tempted them, while
    it is on the battlefield under their control (701.54a, 701.54e)."""
    oid = game.extra.get("ring_bearer", {}).get(player)
    if oid is None or oid not in game.objects or game.objects[oid].zone != "battlefield":
        return None
    return oid if game.controller_of(oid) == player else None


def ring_times(game: Game, player: str) -> int:
    return game.extra.get("ring_times", {}).get(player, 0)


def ring_tempts(game: Game, player: str, bearer: int | None, rules: tuple[str, ...]) -> None:
    """The Ring tempts ``player`` (701.54a): the emblem first if they have none (701.54c), one
    more temptation (its abilities grow to four), ``bearer`` (a creature they control, or
    none) their Ring-bearer."""
    times = ring_times(game, player) + 1
    game.extra["ring_times"] = {**game.extra.get("ring_times", {}), player: times}
    abilities = tuple(a for level in RING_ABILITIES[:min(times, 4)] for a in level)
    card = CardDef("The Ring", ("The Ring",), abilities=abilities, source="token",
                   text=" ".join(RING_TEXTS[:min(times, 4)]))
    emblem = next((o for o in game.objects.values() if o.zone == "command" and
                   o.owner == player and o.card.name == "The Ring"), None)
    if emblem is None:
        new_object(game, card, player, "command")
        game.log.add("effect", msg("designations.ring_emblem", player=player),
                     rules + (R.RING_EMBLEM,))
    else:
        emblem.card = card
    if bearer is not None:
        game.extra["ring_bearer"] = {**game.extra.get("ring_bearer", {}), player: bearer}
    game.changed()
    game.log.add("effect", msg("designations.ring_tempts", player=player, n=times,
                               name=game.label(bearer) if bearer is not None else "—"),
                 rules + (R.RING_TEMPTS, R.RING_EMBLEM))


__all__ = ["monarch", "become_monarch", "install", "check_ascend", "give_blessing",
           "has_blessing", "ring_bearer", "ring_tempts", "ring_times"]
