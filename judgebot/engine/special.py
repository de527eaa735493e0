"""Special actions (116.2): playing a land, suspending a card from hand, turning
a face-down permanent face up."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Cost
from judgebot.engine.costs import check_costs, pay_costs, pay_mana
from judgebot.engine.errors import IllegalAction
from judgebot.engine.events import Move, TurnFaceUp
from judgebot.engine.layers import base_chars
from judgebot.engine.mana import ManaCost
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.state import Game, GameObject
from judgebot.engine.timing import (
    has_flash,
    sorcery_speed_only,
    sorcery_timing,
    split_second_on_stack,
)


def play_land(game: Game, player: str, oid: int) -> None:
    obj = game.objects[oid]
    c = game.chars(oid)
    if obj.zone != "hand" or obj.owner != player:
        raise IllegalAction(f"{c.name} isn't in {player}'s hand", (R.LAND_PLAY,))
    why = sorcery_timing(game, player)
    if why:
        raise IllegalAction(f"{player} can't play {c.name} now: {why}", (R.LAND_PLAY,))
    if game.players[player].lands_played >= 1:
        raise IllegalAction(f"{player} has already played a land this turn",
                            (R.LAND_ONE_PER_TURN,))
    game.players[player].lands_played += 1
    game.log.add("play", f"{player} plays {c.name}", (R.LAND_PLAY, R.SPECIAL_ACTION_LAND))
    perform(game, [Move(cause="play", oid=oid, to_zone="battlefield", reason="put",
                        controller=player)])
    game.priority = player
    game.passes = 0



def suspend(game: Game, player: str, oid: int) -> None:
    """The special action of suspending a card from hand (116.2f, 702.62a)."""
    obj = game.objects[oid]
    c = game.chars(oid)
    kw = c.keyword("suspend")
    if kw is None:
        raise IllegalAction(f"{c.name} has no suspend", (R.SUSPEND,))
    if obj.zone != "hand":
        raise IllegalAction(f"{c.name} must be in {player}'s hand to be suspended",
                            (R.SUSPEND,))
    instant = "instant" in c.types or has_flash(game, player, oid, c)
    if sorcery_speed_only(game, player):
        instant = False
    why = "" if instant else sorcery_timing(game, player)
    if why:
        raise IllegalAction(f"{player} can suspend {c.name} only when they could begin to cast "
                            f"it: {why}", (R.SPECIAL_ACTION_SUSPEND, R.SORCERY))
    ss = split_second_on_stack(game)
    if ss:
        raise IllegalAction(f"{ss} has split second: {c.name} can't be cast now, so it can't "
                            "be suspended either", (R.SPLIT_SECOND, R.SPECIAL_ACTION_SUSPEND))
    for p in active_prohibitions(game, "cant_cast"):
        if p.params.get("player") == player:
            raise IllegalAction(f"{player} can't cast spells, so can't suspend {c.name}",
                                (R.SPECIAL_ACTION_SUSPEND,))
    n = kw.n or 0
    cost = kw.cost or ManaCost()
    if kw.x:
        n = int(game.extra.get("suspend_x", 0))
        if n <= 0:
            raise IllegalAction(f"choose X for {c.name}'s suspend (x: N); X can't be 0",
                                (R.SUSPEND,))
        cost = cost.with_x(n)
    if not pay_mana(game, player, cost, f"suspending {c.name}", check_only=True):
        raise IllegalAction(f"{player} can't pay {cost} to suspend {c.name}", (R.SUSPEND,))
    game.log.add("suspend", f"{player} suspends {c.name}, exiling it with {n} time counters",
                 (R.SPECIAL_ACTION_SUSPEND, R.SUSPEND, R.SUSPENDED))
    pay_mana(game, player, cost, f"suspending {c.name}")
    done = perform(game, [Move(cause="special", oid=oid, to_zone="exile", reason="exile",
                               counters={"time": n}, rules=(R.SUSPEND,))])
    if done:
        game.objects[done[0].new_id].chosen["suspend_x"] = n
    game.priority = player
    game.passes = 0



def turn_face_up(game: Game, player: str, oid: int) -> None:
    """The special action of turning a face-down permanent face up (116.2b, 702.37e)."""
    obj = game.objects[oid]
    if obj.zone != "battlefield" or not obj.face_down:
        raise IllegalAction(f"{obj.card.name} isn't a face-down permanent",
                            (R.MORPH_TURN_UP,))
    if game.controller_of(oid) != player:
        raise IllegalAction(f"{player} doesn't control that face-down permanent",
                            (R.MORPH_TURN_UP,))
    face_up = base_chars(game, GameObject(oid, obj.card, obj.owner, player, "battlefield", 0))
    kws = face_up.keywords("morph")
    if not kws:
        raise IllegalAction(f"{obj.card.name} would have no morph cost face up, so it can't be "
                            "turned face up this way", (R.MORPH_TURN_UP,))
    cost = kws[0].cost
    if isinstance(cost, Cost):
        check_costs(game, player, cost, oid, [], f"{obj.card.name}'s morph cost")
        mana = cost.mana
    else:
        mana = cost or ManaCost()
    if not pay_mana(game, player, mana, f"turning {obj.card.name} face up", check_only=True):
        raise IllegalAction(f"{player} can't pay {mana} to turn {obj.card.name} face up",
                            (R.MORPH_TURN_UP,))
    game.log.add("special", f"{player} turns {obj.card.name} face up, paying its morph cost "
                 f"{cost if not isinstance(cost, Cost) else cost.text}",
                 (R.SPECIAL_ACTION_FACE_UP, R.MORPH_TURN_UP))
    if isinstance(cost, Cost):
        pay_costs(game, player, cost, oid, f"{obj.card.name}'s morph cost")
    else:
        pay_mana(game, player, mana, f"turning {obj.card.name} face up")
    perform(game, [TurnFaceUp(oid=oid, rules=(R.MORPH_TURN_UP,))])
    game.priority = player
    game.passes = 0
