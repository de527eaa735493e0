"""Counters (122): putting, removing, proliferate; fading's upkeep."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.choosing import choose_cards
from judgebot.engine.context import Ctx, objects
from judgebot.engine.events import Counters, Event, Move
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import do, verb
from judgebot.messages import msg


@verb("put_counters", primary="n")
def _put_counters(ctx: Ctx, eff: Effect) -> None:
    events = []
    if eff.get("divided"):  # "distribute N counters among …": as divided on casting (601.2d)
        for oid, n in ctx.division.items():
            if isinstance(oid, int) and oid in ctx.game.objects and \
                    ctx.game.objects[oid].zone == "battlefield" and any(
                        oid in slot and ok for slot, oks in zip(ctx.targets, ctx.legal,
                                                                strict=False)
                        for t, ok in zip(slot, oks, strict=False) if t == oid):
                events.append(Counters(source=ctx.source, target=oid,
                                       kind=eff.get("kind", "+1/+1"), n=n, rules=ctx.rules))
        if events:
            perform(ctx.game, events)
        return
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


@verb("amass", primary="n")
def _amass(ctx: Ctx, eff: Effect) -> None:
    """"Amass Zombies 2" (701.47a): without an Army, a 0/0 black [subtype] Army token first;
    then an Army you control (your choice) gets N +1/+1 counters and becomes a [subtype] in
    addition to its other types. "The Army you amassed" is the one chosen (701.47c)."""
    game = ctx.game
    rules = ctx.rules + (R.AMASS,)
    sub = eff.get("subtype")

    def armies() -> list[int]:
        return [o for o in game.battlefield if game.controller_of(o) == ctx.you and
                game.chars(o).is_creature and "Army" in game.chars(o).subtypes]

    if not armies():
        do(ctx, Effect("token", {"card": eff.get("token"), "n": 1, "controller": ctx.you},
                       text=eff.text))
    found = armies()
    if not found:
        return
    army = choose_cards(game, ctx.you, found, 1, "choose", keys=("choose",))[0]
    ctx.refs["amassed"] = army
    n = ctx.amount(eff.get("n", 1))
    if n > 0:
        perform(game, [Counters(source=ctx.source, target=army, kind="+1/+1", n=n,
                                rules=rules)])
    if army in game.objects and sub not in game.chars(army).subtypes:
        do(ctx, Effect("becomes", {"what": army, "ops": (("4", ("add_types", (), (sub,), ())),),
                                   "duration": "game"}, text=eff.text))


@verb("bolster", primary="n")
def _bolster(ctx: Ctx, eff: Effect) -> None:
    """"Bolster N" (701.39a): a creature you control with the least toughness (your choice
    among those tied) gets N +1/+1 counters."""
    game = ctx.game
    mine = [o for o in game.battlefield if game.controller_of(o) == ctx.you and
            game.chars(o).is_creature]
    if not mine:
        return
    least = min(game.chars(o).toughness or 0 for o in mine)
    tied = [o for o in mine if (game.chars(o).toughness or 0) == least]
    chosen = choose_cards(game, ctx.you, tied, 1, "choose", keys=("choose",))[0]
    n = ctx.amount(eff.get("n", 1))
    if n > 0:
        perform(game, [Counters(source=ctx.source, target=chosen, kind="+1/+1", n=n,
                                rules=ctx.rules + (R.BOLSTER,))])
