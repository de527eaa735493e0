"""Damage and what stops it: dealing damage (120), prevention shields and "prevent all
damage" effects (615), "damage can't reduce your life below 1", and "if it would die
this turn, exile it instead" (614)."""

from __future__ import annotations

from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx, dealer, objects, recipients
from judgebot.engine.events import Damage, Event
from judgebot.engine.pipeline import perform
from judgebot.engine.replacements import ReplacementEffect, new_key
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, msg


@verb("damage", primary="amount")
def _damage(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = eff.get("source")
    source = dealer(ctx) if src is None else (objects(ctx, src) or [None])[0]
    if src is not None and source is None:
        # "Target creature you control deals damage …": an illegal or vanished source
        # deals none (608.2b).
        game.log.add("note", msg("effects.damage.no_source"), ctx.rules + (R.RESOLVE_TARGETS,))
        return
    lki = ctx.source_lki if src is None else None
    if source is not None and source in game.objects:
        lki = game.chars(source).copy()
    events: list[Event] = []
    to = eff.get("to")
    # "The damage can't be prevented": prevention effects don't apply to it (615.12)
    preventable = not eff.get("unpreventable")
    extra = () if preventable else (R.UNPREVENTABLE,)
    if eff.get("divided"):
        for target, n in ctx.division.items():
            legal = any(target in slot and ok for slot, oks in zip(ctx.targets, ctx.legal,
                                                                   strict=False)
                        for t, ok in zip(slot, oks, strict=False) if t == target)
            if legal and (isinstance(target, str) or target in game.objects):
                events.append(Damage(source=source, target=target, amount=n, source_lki=lki,
                                     rules=ctx.rules + extra, preventable=preventable))
    else:
        for r in recipients(ctx, to):
            n = ctx.amount(eff.get("amount"), r if isinstance(r, int) else None)
            if n > 0 and eff.get("excess_to_controller") and isinstance(r, int):
                # "Excess damage is dealt to that creature's controller instead" (120.4a)
                over = n - min(n, _lethal(game, r, lki))
                if over > 0:
                    events.append(Damage(source=source, target=game.controller_of(r),
                                         amount=over, source_lki=lki,
                                         rules=ctx.rules + extra + (R.EXCESS_DAMAGE,),
                                         preventable=preventable))
                    n -= over
            if n > 0:
                events.append(Damage(source=source, target=r, amount=n, source_lki=lki,
                                     rules=ctx.rules + extra, preventable=preventable))
    if events:
        done = perform(game, events)
        # "the damage dealt this way" (608.2h: after replacement and prevention)
        ctx.refs["damage_dealt"] = ctx.refs.get("damage_dealt", 0) + sum(
            e.dealt for e in done if isinstance(e, Damage))
        # "a creature dealt damage this way": the permanents this resolution dealt damage to
        ctx.refs["damaged_this_way"] = list(dict.fromkeys(
            ctx.refs.get("damaged_this_way", []) +
            [e.target for e in done if isinstance(e, Damage) and e.dealt > 0 and
             isinstance(e.target, int)]))



def _lethal(game: Any, oid: int, source: Any) -> int:
    """The damage that isn't excess for a permanent (120.4a): for a creature, lethal damage
    given what is marked (any 1 from a source with deathtouch); for a planeswalker, its
    loyalty; for both, the smaller (the excess is the greater)."""
    c = game.chars(oid)
    amounts = []
    if "creature" in c.types:
        left = max(0, (c.toughness or 0) - game.objects[oid].damage)
        deathtouch = source is not None and source.has("deathtouch")
        amounts.append(min(left, 1) if deathtouch else left)
    if "planeswalker" in c.types:
        amounts.append(game.objects[oid].counters.get("loyalty", 0))
    return min(amounts) if amounts else 10 ** 9


@verb("prevent", primary="amount")
def _prevent(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    amt = eff.get("amount", "all")
    to = eff.get("to")
    frm = eff.get("from")
    to_set: Any = None
    if to is not None:
        to_set = frozenset(recipients(ctx, to))
    from_set: Any = None
    if frm is not None:
        from_set = frozenset(objects(ctx, frm))
        if not from_set:
            return  # the source named is gone or none was chosen: nothing to prevent
    params: dict[str, Any] = {"amount": amt if amt == "all" else ctx.amount(amt),
                              "to": to_set, "from": from_set,
                              "combat_only": bool(eff.get("combat_only"))}
    if eff.get("then"):  # "You gain life equal to the damage prevented this way" (615.5)
        params["then"] = tuple(eff.get("then"))
    if eff.get("once"):  # "The next time … would deal damage …, prevent that damage"
        if not from_set:
            return  # no source was chosen: there is nothing to prevent
        params["once"] = True
    if amt != "all":
        params["left"] = params["amount"]
    if eff.get("divided"):
        for target, n in ctx.division.items():
            p = dict(params, to=frozenset({target}), amount=n, left=n)
            game.replacements.append(ReplacementEffect("prevent", p, ctx.source, ctx.you, "eot",
                                                       f"prevent the next {n} damage to "
                                                       f"{game.name_of(target)}",
                                                       (R.PREVENTION_SHIELD,), new_key()))
        game.log.add("effect", msg("effects.damage.shields", shields=Joined(tuple(
            msg("effects.damage.shield", n=n, name=game.label(t))
            for t, n in ctx.division.items()))), ctx.rules + (R.PREVENTION_SHIELD,))
        return
    what = "the next time's" if params.get("once") else "all" if amt == "all" else \
        f"the next {params['amount']}"
    kind = "combat damage" if params["combat_only"] else "damage"
    where = f" to {', '.join(game.name_of(t) for t in to_set)}" if to_set else ""
    who = f" by {', '.join(game.name_of(t) for t in from_set)}" if from_set else ""
    text = f"prevent {what} {kind}{who}{where} this turn"
    game.replacements.append(ReplacementEffect("prevent" if amt != "all" else "fog", params,
                                               ctx.source, ctx.you, "eot", text,
                                               (R.PREVENTION,), new_key()))
    game.log.add("effect", msg(
        "effects.damage.prevent",
        what=msg("effects.damage.next_time") if params.get("once")
        else msg("effects.damage.all") if amt == "all"
        else msg("effects.damage.the_next", n=params["amount"]),
        kind=msg("effects.damage.combat_damage" if params["combat_only"]
                 else "effects.damage.damage"),
        who=msg("effects.damage.by", names=Joined(tuple(game.label(t) for t in from_set)))
        if from_set else msg("list.nothing"),
        where=msg("effects.damage.to", names=Joined(tuple(game.label(t) for t in to_set)))
        if to_set else msg("list.nothing")), ctx.rules + (R.PREVENTION,))



@verb("fog", primary="combat_only")
def _fog(ctx: Ctx, eff: Effect) -> None:
    eff.args.setdefault("combat_only", True)
    _prevent(ctx, eff)



@verb("damage_floor", primary="flag")
def _damage_floor(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    game.replacements.append(ReplacementEffect(
        "damage_floor", {"player": ctx.you}, ctx.source, ctx.you, "eot",
        "damage that would reduce your life total to less than 1 reduces it to 1 instead",
        ctx.rules + (R.REPLACEMENT_INSTEAD,), new_key()))
    game.log.add("effect", msg("effects.damage.damage_floor", you=ctx.you),
                 ctx.rules + (R.REPLACEMENT, R.REPLACEMENT_INSTEAD))



@verb("dies_exile", primary="what")
def _dies_exile(ctx: Ctx, eff: Effect) -> None:
    """"If a creature dealt damage this way would die this turn, exile it instead"."""
    game = ctx.game
    params: dict[str, Any] = {}
    if eff.get("damaged_by_source"):
        params["damaged_by"] = [dealer(ctx)]
    else:
        params["objects"] = frozenset(objects(ctx, eff.get("what")))
    game.replacements.append(ReplacementEffect("dies_exile", params, ctx.source, ctx.you, "eot",
                                               eff.text or "exile it instead",
                                               ctx.rules + (R.REPLACEMENT_INSTEAD,), new_key()))



@verb("leaves_exile", primary="what")
def _leaves_exile(ctx: Ctx, eff: Effect) -> None:
    """"If it would leave the battlefield, exile it instead of putting it anywhere else"
    (unearth, 702.84a): lasts as long as that object is on the battlefield (a new object
    once it leaves, 400.7)."""
    game = ctx.game
    params = {"objects": frozenset(objects(ctx, eff.get("what")))}
    game.replacements.append(ReplacementEffect(
        "leaves_exile", params, ctx.source, ctx.you, "while_on_battlefield",
        eff.text or "exile it instead", ctx.rules + (R.REPLACEMENT_INSTEAD,), new_key()))


@verb("fight", primary="what")
def _fight(ctx: Ctx, eff: Effect) -> None:
    """Each of two creatures deals damage equal to its power to the other (701.14a); if
    either is gone or isn't a creature, no damage is dealt (701.14b)."""
    game = ctx.game
    a = objects(ctx, eff.get("what"))
    b = objects(ctx, eff.get("other"))
    if not a or not b:
        game.log.add("note", msg("effects.damage.no_fight"), ctx.rules + (R.FIGHT,))
        return
    x, y = a[0], b[0]
    if not (game.chars(x).is_creature and game.chars(y).is_creature):
        game.log.add("note", msg("effects.damage.no_fight"), ctx.rules + (R.FIGHT,))
        return
    cx, cy = game.chars(x).copy(), game.chars(y).copy()
    events: list[Event] = []
    if (cx.power or 0) > 0:
        events.append(Damage(source=x, target=y, amount=cx.power or 0, source_lki=cx,
                             rules=ctx.rules + (R.FIGHT,)))
    if (cy.power or 0) > 0 and x != y:
        events.append(Damage(source=y, target=x, amount=cy.power or 0, source_lki=cy,
                             rules=ctx.rules + (R.FIGHT,)))
    if events:
        perform(game, events)
