"""Counters (122): putting, removing, proliferate; fading's upkeep."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx, objects
from judgebot.engine.events import Counters, Event, Move
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import verb
from judgebot.messages import msg


@verb("put_counters", primary="n")
def _put_counters(ctx: Ctx, eff: Effect) -> None:
    events = []
    for oid in objects(ctx, eff.get("what")):
        n = ctx.amount(eff.get("n", 1), oid)
        if n > 0:
            events.append(Counters(source=ctx.source, target=oid, kind=eff.get("kind", "+1/+1"),
                                   n=n, rules=ctx.rules))
    if events:
        perform(ctx.game, events)



@verb("remove_counters", primary="n")
def _remove_counters(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    kind = eff.get("kind", "+1/+1")
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        n = obj.counters.get(kind, 0) if eff.get("n") == "all" else ctx.amount(eff.get("n", 1))
        done = perform(game, [Counters(source=ctx.source, target=oid, kind=kind, n=-n,
                                       rules=ctx.rules)])
        ctx.refs["removed"] = sum(-e.n for e in done if isinstance(e, Counters))
        ctx.refs["paid"] = ctx.refs["removed"] > 0



@verb("proliferate", primary="flag")
def _proliferate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    events: list[Event] = []
    chosen = game.extra.get("proliferate_all", True)
    del chosen
    for oid in list(game.battlefield):
        obj = game.objects[oid]
        for kind in list(obj.counters):
            events.append(Counters(source=ctx.source, target=oid, kind=kind, n=1,
                                   rules=ctx.rules + (R.PROLIFERATE,)))
    for p in game.order:
        if game.players[p].poison and p != ctx.you:
            events.append(Counters(source=ctx.source, target=p, kind="poison", n=1,
                                   rules=ctx.rules + (R.PROLIFERATE,)))
    game.log.add("note", msg("effects.counters.proliferate"), ctx.rules + (R.PROLIFERATE,))
    if events:
        perform(game, events)



@verb("remove_counter_or_sacrifice", primary="kind")
def _remove_counter_or_sacrifice(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = ctx.source
    if src not in game.objects:
        return
    kind = eff.get("kind")
    obj = game.objects[src]
    if obj.counters.get(kind, 0) > 0:
        perform(game, [Counters(source=src, target=src, kind=kind, n=-1, rules=ctx.rules)])
    else:
        game.log.add("note", msg("effects.counters.remove_counter_or_sacrifice", kind=kind,
                                 src=game.label(src)),
                     ctx.rules)
        perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="sacrifice",
                            rules=ctx.rules + (R.SACRIFICE,))])
