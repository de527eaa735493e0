"""Special actions (116.2): playing a land, suspending a card from hand, turning
a face-down permanent face up."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Cost, Keyword
from judgebot.engine.costs import check_costs, pay_costs, pay_mana
from judgebot.engine.errors import IllegalAction
from judgebot.engine.events import Counters, Move, TurnFaceUp
from judgebot.engine.filters import chars_match
from judgebot.engine.layers import base_chars
from judgebot.engine.mana import ManaCost
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.rules import may_play_from_exile
from judgebot.engine.state import Game, GameObject
from judgebot.engine.timing import (
    has_flash,
    sorcery_speed_only,
    sorcery_timing,
    split_second_on_stack,
)
from judgebot.messages import Name, msg


def land_plays_allowed(game: Game, player: str) -> tuple[int, tuple[str, ...]]:
    """How many lands ``player`` may play this turn: one, plus one for each "may play an
    additional land" that applies; such effects are cumulative (305.2, 305.2a)."""
    allowed, rules = 1, ()
    for p in active_prohibitions(game, "additional_land"):
        if p.params.get("who") == "all" or p.params.get("player") == player:
            allowed += p.params.get("n", 1)
            rules = (R.LAND_ADDITIONAL,)
    return allowed, rules


def play_land(game: Game, player: str, oid: int, back: bool = False) -> None:
    """Play a land (305.1); ``back``: a modal double-faced card's land back face, which it
    enters with up (712.12)."""
    obj = game.objects[oid]
    c = game.chars(oid)
    if (obj.zone != "hand" or obj.owner != player) and \
            not may_play_from_exile(game, obj, player):
        raise IllegalAction(msg("special.play_land.2", name=c.name, player=player), (R.LAND_PLAY,))
    if obj.chosen.get("cant_play_until"):
        raise IllegalAction(msg("casting.cant_play_card", name=c.name), (R.LAND_PLAY,))
    for p in active_prohibitions(game, "cant_play_land"):
        if p.params.get("player") == player:
            raise IllegalAction(msg("special.play_land.cant", player=player, text=p.text),
                                p.rules or (R.LAND_PLAY,))
    why = sorcery_timing(game, player)
    if why:
        raise IllegalAction(msg("special.play_land.3", player=player, name=c.name, why=why),
            (R.LAND_PLAY,))
    allowed, extra_rules = land_plays_allowed(game, player)
    if game.players[player].lands_played >= allowed:
        raise IllegalAction(msg("special.play_land.4", player=player),
                            (R.LAND_ONE_PER_TURN, R.LAND_LIMIT_REACHED) + extra_rules)
    game.players[player].lands_played += 1
    if game.players[player].lands_played > 1:
        game.log.add("play", msg("special.additional_land", player=player,
                                 n=game.players[player].lands_played), extra_rules)
    if back and obj.card.other is not None:
        game.log.add("play", msg("special.play_land_face", player=player, name=c.name,
                                 face=obj.card.other.name),
                     (R.LAND_PLAY, R.SPECIAL_ACTION_LAND, R.MDFC_LAND, R.MDFC_FACE))
    else:
        game.log.add("play", msg("special.play_land", player=player, name=c.name),
                     (R.LAND_PLAY, R.SPECIAL_ACTION_LAND))
    perform(game, [Move(cause="play", oid=oid, to_zone="battlefield", reason="put",
                        controller=player, back_up=back)])
    game.priority = player
    game.passes = 0



def suspend(game: Game, player: str, oid: int) -> None:
    """The special action of suspending a card from hand (116.2f, 702.62a)."""
    obj = game.objects[oid]
    c = game.chars(oid)
    kw = c.keyword("suspend")
    if kw is None:
        raise IllegalAction(msg("special.suspend.2", name=c.name), (R.SUSPEND,))
    if obj.zone != "hand":
        raise IllegalAction(msg("special.suspend.3", name=c.name, player=player),
                            (R.SUSPEND,))
    instant = "instant" in c.types or has_flash(game, player, oid, c)
    if sorcery_speed_only(game, player):
        instant = False
    why = "" if instant else sorcery_timing(game, player)
    if why:
        raise IllegalAction(msg("special.suspend.4", player=player, name=c.name, why=why),
            (R.SPECIAL_ACTION_SUSPEND, R.SORCERY))
    ss = split_second_on_stack(game)
    if ss:
        raise IllegalAction(msg("special.suspend.5", ss=ss, name=c.name),
            (R.SPLIT_SECOND, R.SPECIAL_ACTION_SUSPEND))
    for p in active_prohibitions(game, "cant_cast"):
        if p.params.get("player") == player and (p.params.get("filter") is None or
                                                  chars_match(p.params["filter"], c, player)):
            raise IllegalAction(msg("special.suspend.7", player=player, name=c.name),
                                (R.SPECIAL_ACTION_SUSPEND,))
    n = kw.n or 0
    cost = kw.cost or ManaCost()
    if kw.x:
        n = int(game.extra.get("suspend_x", 0))
        if n <= 0:
            raise IllegalAction(msg("special.suspend.8", name=c.name),
                                (R.SUSPEND,))
        cost = cost.with_x(n)
    suspending = msg("special.suspending", name=game.label(oid))
    if not pay_mana(game, player, cost, suspending, check_only=True):
        raise IllegalAction(msg("special.suspend.6", player=player, cost=cost, name=c.name),
            (R.SUSPEND,))
    game.log.add("suspend", msg("special.suspend", player=player, name=c.name, n=n),
                 (R.SPECIAL_ACTION_SUSPEND, R.SUSPEND, R.SUSPENDED))
    pay_mana(game, player, cost, suspending)
    done = perform(game, [Move(cause="special", oid=oid, to_zone="exile", reason="exile",
                               counters={"time": n}, rules=(R.SUSPEND,))])
    if done:
        game.objects[done[0].new_id].chosen["suspend_x"] = n
    game.priority = player
    game.passes = 0


FORETELL_COST = ManaCost.parse("{2}")


def foretell(game: Game, player: str, oid: int) -> None:
    """The special action of foretelling a card (116.2h, 702.143a): during its owner's turn,
    with priority, pay {2} and exile it from hand face down; it may be cast for its foretell
    cost after this turn has ended (``casting.cast``)."""
    obj = game.objects[oid]
    c = game.chars(oid)
    if c.keyword("foretell") is None:
        raise IllegalAction(msg("special.no_foretell", name=c.name), (R.FORETELL,))
    if obj.zone != "hand" or obj.owner != player:
        raise IllegalAction(msg("special.suspend.3", name=c.name, player=player),
                            (R.SPECIAL_ACTION_FORETELL,))
    if game.active != player:
        raise IllegalAction(msg("special.foretell_turn", player=player, name=c.name),
                            (R.SPECIAL_ACTION_FORETELL,))
    foretelling = msg("special.foretelling", name=game.label(oid))
    if not pay_mana(game, player, FORETELL_COST, foretelling, check_only=True):
        raise IllegalAction(msg("special.suspend.6", player=player, cost=FORETELL_COST,
                                name=c.name), (R.SPECIAL_ACTION_FORETELL,))
    game.log.add("foretell", msg("special.foretell", player=player, name=c.name),
                 (R.SPECIAL_ACTION_FORETELL, R.FORETELL))
    pay_mana(game, player, FORETELL_COST, foretelling)
    done = perform(game, [Move(cause="special", oid=oid, to_zone="exile", reason="exile",
                               rules=(R.FORETELL,))])
    if done:
        game.objects[done[0].new_id].chosen["foretold"] = {"player": player,
                                                           "turn": game.turn}
    game.priority = player
    game.passes = 0


def plot(game: Game, player: str, oid: int) -> None:
    """The special action of plotting a card (702.170a-b): during its owner's main phase,
    with priority and an empty stack, pay its plot cost and exile it from hand face up; it
    may be cast without paying its mana cost on a later turn (``casting.cast``)."""
    obj = game.objects[oid]
    c = game.chars(oid)
    kw = c.keyword("plot")
    if kw is None:
        raise IllegalAction(msg("special.no_plot", name=c.name), (R.PLOT,))
    if obj.zone != "hand" or obj.owner != player:
        raise IllegalAction(msg("special.suspend.3", name=c.name, player=player), (R.PLOT,))
    why = sorcery_timing(game, player)
    if why:
        raise IllegalAction(msg("special.plot_timing", player=player, name=c.name, why=why),
                            (R.PLOT,))
    cost = kw.cost if isinstance(kw.cost, ManaCost) else getattr(kw.cost, "mana", ManaCost())
    plotting = msg("special.plotting", name=game.label(oid))
    if not pay_mana(game, player, cost, plotting, check_only=True):
        raise IllegalAction(msg("special.suspend.6", player=player, cost=cost, name=c.name),
                            (R.PLOT,))
    game.log.add("special", msg("special.plot", player=player, name=c.name, cost=cost),
                 (R.PLOT,))
    pay_mana(game, player, cost, plotting)
    done = perform(game, [Move(cause="special", oid=oid, to_zone="exile", reason="exile",
                               rules=(R.PLOT,))])
    if done:
        game.objects[done[0].new_id].chosen["plotted"] = {"player": player, "turn": game.turn}
    game.priority = player
    game.passes = 0


def plotted_castable(game: Game, obj: GameObject, player: str) -> bool:
    """A plotted card its owner may cast: on a turn after the one it became plotted
    (702.170d)."""
    told = obj.chosen.get("plotted")
    return obj.zone == "exile" and bool(told) and told.get("player") == player and \
        game.turn > told.get("turn", game.turn)


def foretold_castable(game: Game, obj: GameObject, player: str) -> bool:
    """A foretold card its owner may cast for its foretell cost: after the turn it was
    foretold has ended (702.143a)."""
    told = obj.chosen.get("foretold")
    return obj.zone == "exile" and bool(told) and told.get("player") == player and \
        game.turn > told.get("turn", game.turn)


def turn_face_up(game: Game, player: str, oid: int) -> None:
    """The special action of turning a face-down permanent face up (116.2b, 702.37e)."""
    obj = game.objects[oid]
    if obj.zone != "battlefield" or not obj.face_down:
        raise IllegalAction(msg("special.turn_face_up.2", name=obj.card.name),
                            (R.MORPH_TURN_UP,))
    if game.controller_of(oid) != player:
        raise IllegalAction(msg("special.turn_face_up.3", player=player),
                            (R.MORPH_TURN_UP,))
    face_up = base_chars(game, GameObject(oid, obj.card, obj.owner, player, "battlefield", 0))
    kws = face_up.keywords("morph")
    if not kws and obj.chosen.get("manifested") and face_up.is_creature and \
            face_up.mana_cost is not None:
        # a manifested creature card: turned face up for its mana cost (701.40b)
        kws = [Keyword("manifest", cost=face_up.mana_cost, rule=R.MANIFEST_TURN_UP)]
    if not kws:
        raise IllegalAction(msg("special.turn_face_up.4", name=obj.card.name), (R.MORPH_TURN_UP,))
    cost = kws[0].cost
    shown = Name(obj.card.name, obj.card.zh_name)
    morph_cost = msg("special.morph_cost", name=shown)
    turning = msg("special.turning_face_up", name=shown)
    if isinstance(cost, Cost):
        check_costs(game, player, cost, oid, [], morph_cost)
        mana = cost.mana
    else:
        mana = cost or ManaCost()
    if not pay_mana(game, player, mana, turning, check_only=True):
        raise IllegalAction(msg("special.turn_face_up.5", player=player, mana=mana,
                                name=obj.card.name),
                            (R.MORPH_TURN_UP,))
    manifested = kws[0].name == "manifest"
    game.log.add("special", msg("special.turn_face_up_manifested" if manifested else
                                "special.turn_face_up", player=player, name=obj.card.name,
                                value=cost if not isinstance(cost, Cost) else cost.text),
                 (R.SPECIAL_ACTION_FACE_UP, R.MANIFEST_TURN_UP if manifested
                  else R.MORPH_TURN_UP))
    if isinstance(cost, Cost):
        pay_costs(game, player, cost, oid, morph_cost)
    else:
        pay_mana(game, player, mana, turning)
    events: list = [TurnFaceUp(oid=oid, rules=(R.MANIFEST_TURN_UP if manifested
                                                else R.MORPH_TURN_UP,))]
    if kws[0].quality == "megamorph":
        # "As this permanent is turned face up, put a +1/+1 counter on it if its megamorph
        # cost was paid" (702.37b): the counter is there as it turns face up
        events.insert(0, Counters(target=oid, kind="+1/+1", n=1, rules=(R.MEGAMORPH,)))
    perform(game, events)
    game.priority = player
    game.passes = 0
