"""Acting on the stack: countering (701.6), copying spells (707.10), storm, casting a card
as an ability resolves (suspend, madness: 608.2g)."""

from __future__ import annotations

from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Cost, Effect, SpellAbility, spell_ability
from judgebot.engine.apply import new_object, settle_top
from judgebot.engine.casting import cast_during_resolution, copy_spell
from judgebot.engine.context import Ctx, objects, owner_of, players
from judgebot.engine.costs import offer_cost, offer_payment
from judgebot.engine.errors import Unsupported
from judgebot.engine.events import Counters, CounterSpell, Happened, Move
from judgebot.engine.mana import ManaCost
from judgebot.engine.pipeline import perform
from judgebot.engine.targeting import legal_targets, mode_parts, notice_targeted, targets_text
from judgebot.engine.triggers import notice
from judgebot.engine.verbs import verb
from judgebot.messages import msg


@verb("counter", primary="what")
def _counter(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        item = game.stack_item(oid)
        if item is None:
            continue
        unless = eff.get("unless_pay")
        if unless is not None and _paid_instead(ctx, oid, item, unless, eff.get("x")):
            continue
        ev = CounterSpell(source=ctx.source, item=oid, rules=ctx.rules + (R.COUNTER,))
        dest = eff.get("destination")
        if dest:
            ev.notes.append(dest)
        done = perform(game, [ev])
        if done:
            ctx.refs["countered"] = True
            for d in done:
                d.notes.append("countered")
            notice(game, [Happened(what="countered", data={"spell": oid,
                                                            "controller": ctx.you})], None)
            if eff.get("exile_with_time"):
                exiled = [i for i in game.players[owner_of(game, oid)].exile
                          if game.objects[i].previous == oid]
                for i in exiled:
                    perform(game, [Counters(source=ctx.source, target=i, kind="time",
                                            n=eff.get("exile_with_time"), rules=ctx.rules)])
                    game.objects[i].chosen["gains_suspend"] = True



def _paid_instead(ctx: Ctx, oid: int, item: Any, unless: Any, x: Any = None) -> bool:
    """"Counter target spell unless its controller pays {3}" (or "… pays 3 life": ward):
    whether the player chose to pay and did."""
    game = ctx.game
    payer = game.controller_of(oid) if not item.is_stack_ability else item.controller
    if isinstance(unless, Cost):
        return offer_cost(game, payer, unless, msg("costs.pay_what", what=msg(
            "effects.spells.so_not_countered", cost=unless.text, name=game.label(oid))))
    cost = unless if not isinstance(unless, str) else \
        ManaCost.parse(f"{{{ctx.amount(unless if x is None else x)}}}") \
        if unless.upper() == "X" else ManaCost.parse(unless)
    return offer_payment(game, payer, cost, msg("costs.pay_what", what=msg(
        "effects.spells.so_not_countered", cost=cost, name=game.label(oid))))


@verb("copy_spell", primary="what")
def _copy_spell(ctx: Ctx, eff: Effect) -> None:
    times = ctx.amount(eff.get("times", 1))  # "copy that spell X times"
    for oid in objects(ctx, eff.get("what")):
        for _ in range(max(0, min(times, 64))):
            if ctx.game.stack_item(oid) is None:
                break
            copy_spell(ctx.game, oid, ctx.you, new_targets=bool(eff.get("new_targets", True)),
                       rules=ctx.rules)



@verb("change_target", primary="what")
def _change_target(ctx: Ctx, eff: Effect) -> None:
    """"Change the target of target spell with a single target": only to another target
    legal for that spell; if there is none, the target is unchanged (115.7a). The player
    changing it chooses which."""
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        item = game.stack_item(oid)
        if item is None or item.is_stack_ability:
            continue
        c = game.chars(oid)
        sab = spell_ability(c.abilities) or SpellAbility()
        specs, _ = mode_parts(sab, item.modes) if sab.modes else (tuple(sab.targets), ())
        slot = next((i for i, s in enumerate(item.targets) if s), None)
        if slot is None or slot >= len(specs):
            continue
        current = item.targets[slot]
        alts = [o for o in legal_targets(game, specs[slot], item.controller, c, oid, True)
                if o not in current]
        if not alts:
            game.log.add("note", msg("effects.spells.target_unchanged", name=game.label(oid)),
                         ctx.rules + (R.CHANGE_TARGET,))
            continue
        index = game.chooser.choose(ctx.you, "new_targets", [game.name_of(o) for o in alts],
                                    keys=("new_targets", "targets"),
                                    note=f"new target for {game.name_of(oid)}")
        item.targets[slot] = [alts[index]]
        game.changed()
        game.log.add("effect", msg("effects.spells.target_changed", name=game.label(oid),
                                   tgt=targets_text(game, item.targets)),
                     ctx.rules + (R.CHANGE_TARGET,))
        notice_targeted(game, oid, [[alts[index]]], True)


@verb("copy_cast_spell", primary="flag")
def _copy_cast_spell(ctx: Ctx, eff: Effect) -> None:
    """"… copy it. You may choose new targets for the copy." (casualty, conspire): the spell
    whose casting triggered this, if it is still on the stack."""
    game = ctx.game
    spell = ctx.info.get("spell")
    if spell is None or game.stack_item(spell) is None:
        return
    times = 1
    if per := eff.get("per"):  # replicate: a copy for each time its cost was paid
        cast = game.objects[spell].cast
        times = cast.additional.count(per) if cast is not None else 0
    for _ in range(times):
        if game.stack_item(spell) is None:
            break
        copy_spell(game, spell, ctx.you, new_targets=True, rules=ctx.rules)
    if eff.get("demonstrate") and game.stack_item(spell) is not None:
        # demonstrate: an opponent chosen now copies it too (702.144a)
        opponents = game.opponents(ctx.you)
        if opponents:
            opp = opponents[0] if len(opponents) == 1 else opponents[game.chooser.choose(
                ctx.you, "chosen_player", list(opponents), keys=("chosen_player",),
                note="the opponent who also copies it")]
            copy_spell(game, spell, opp, new_targets=True, rules=ctx.rules)


@verb("storm", primary="flag")
def _storm(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    n = ctx.info.get("storm_count", 0)
    spell = ctx.info.get("spell")
    game.log.add("storm", msg("effects.spells.storm", n=n, n2=n, value='y' if n == 1 else 'ies'),
        ctx.rules + (R.STORM,))
    for _ in range(n):
        if spell is None or game.stack_item(spell) is None:
            break
        copy_spell(game, spell, ctx.you, new_targets=True, rules=ctx.rules)



@verb("cascade", primary="flag")
def _cascade(ctx: Ctx, eff: Effect) -> None:
    """"Exile cards from the top of your library until you exile a nonland card whose mana
    value is less than this spell's mana value. You may cast that card without paying its
    mana cost if the resulting spell's mana value is less than this spell's mana value.
    Then put all cards exiled this way that weren't cast on the bottom of your library in
    a random order." (702.85a)"""
    game = ctx.game
    spell = ctx.info.get("spell") or ctx.source
    c = game.chars(spell) if spell in game.objects else ctx.source_lki
    limit = c.mana_value() if c is not None else 0
    pl = game.players[ctx.you]
    if not pl.library_known:
        raise Unsupported(msg("effects.zones.unknown_top", player=ctx.you))
    exiled, hit = _exile_until_nonland(ctx, ctx.you, lambda mv: mv < limit)
    if hit is None:
        game.log.add("effect", msg("effects.cascade.miss", you=ctx.you, n=limit),
                     ctx.rules + (R.CASCADE,))
    else:
        game.log.add("effect", msg("effects.cascade.hit", you=ctx.you, name=game.label(hit),
                                   n=limit), ctx.rules + (R.CASCADE,))
        cast_during_resolution(game, hit, ctx.you, "free", mandatory=False,
                               rules=ctx.rules + (R.CASCADE,))
    _bottom_in_random_order(ctx, ctx.you, exiled, ctx.rules + (R.CASCADE,))


def _exile_until_nonland(ctx: Ctx, player: str, fits) -> tuple[list[int], int | None]:
    """Cards exiled from the top of ``player``'s library one at a time until a nonland
    card whose mana value ``fits`` (cascade 702.85a, discover 701.57a): every card
    exiled, and that card (None if the library ran out first)."""
    game = ctx.game
    pl = game.players[player]
    exiled: list[int] = []
    while pl.library:
        settle_top(game, player, 1)
        done = perform(game, [Move(source=ctx.source, oid=pl.library[0], to_zone="exile",
                                   reason="exile", rules=ctx.rules + (R.EXILE,))])
        new = [e.new_id for e in done if isinstance(e, Move) and e.to_zone == "exile"]
        if not new:
            break
        exiled += new
        got = game.chars(new[0])
        if not got.is_land and fits(got.mana_value()):
            return exiled, new[0]
    return exiled, None


def _bottom_in_random_order(ctx: Ctx, player: str, exiled: list[int],
                            rules: tuple[str, ...]) -> None:
    """The exiled cards still in exile, put on the bottom of the library in a random order:
    each order possible, explored as a choice."""
    game = ctx.game
    rest = [o for o in exiled if o in game.objects and game.objects[o].zone == "exile"]
    order: list[int] = []
    while rest:
        names = sorted({game.name_of(o) for o in rest})
        i = game.chooser.choose(player, "random", names, keys=("random",),
                                note="the random order of the cards put on the bottom")
        pick = next(o for o in rest if game.name_of(o) == names[i])
        rest.remove(pick)
        order.append(pick)
    if order:
        perform(game, [Move(source=ctx.source, oid=o, to_zone="library", reason="library",
                            position="bottom", rules=rules) for o in order])


@verb("cast_copy_of_self", primary="flag")
def _cast_copy_of_self(ctx: Ctx, eff: Effect) -> None:
    """Cipher's trigger (702.99a): the encoded card is copied where it is, in exile, and the
    copy cast without paying its mana cost (707.12); a copy that leaves the stack ceases to
    exist (704.5e)."""
    game = ctx.game
    card = game.objects.get(ctx.source)
    if card is None or card.zone != "exile":
        return
    copy = new_object(game, card.card, ctx.you, "exile", ctx.you, spell_copy=True)
    game.changed()
    game.log.add("effect", msg("effects.spells.copies_card", player=ctx.you,
                               name=game.label(card.id)), ctx.rules + (R.COPY_CARD_CAST,))
    if not cast_during_resolution(game, copy.id, ctx.you, "free", mandatory=True,
                                  rules=ctx.rules + (R.CIPHER,)) and copy.id in game.objects:
        del game.objects[copy.id]
        game.players[ctx.you].exile.remove(copy.id)
        game.changed()


@verb("discover", primary="n")
def _discover(ctx: Ctx, eff: Effect) -> None:
    """"Discover N" (701.57a): exile cards from the top of your library until you exile a
    nonland card with mana value N or less; you may cast it without paying its mana cost,
    else it goes to your hand; the other cards go to the bottom in a random order. A library
    the scenario doesn't list is refused."""
    game = ctx.game
    n = ctx.amount(eff.get("n", 0))
    rules = ctx.rules + (R.DISCOVER,)
    for p in players(ctx, eff.get("who", "you"))[:1]:
        pl = game.players[p]
        if not pl.library_known:
            raise Unsupported(msg("effects.zones.unknown_top", player=p))
        exiled, hit = _exile_until_nonland(ctx, p, lambda mv: mv <= n)
        ctx.refs["discovered"] = [hit] if hit is not None else []
        if hit is None:
            game.log.add("effect", msg("effects.discover.miss", you=p, n=n), rules)
        else:
            game.log.add("effect", msg("effects.discover.hit", you=p, name=game.label(hit),
                                       n=n), rules)
            cast = cast_during_resolution(game, hit, p, "free", mandatory=False, rules=rules)
            if not cast and hit in game.objects and game.objects[hit].zone == "exile":
                perform(game, [Move(source=ctx.source, oid=hit, to_zone="hand", reason="hand",
                                    rules=rules)])
        _bottom_in_random_order(ctx, p, exiled, rules)


@verb("cast_suspended", primary="flag")
def _cast_suspended(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "exile":
        return
    cast_during_resolution(game, src, ctx.you, "suspend", mandatory=True, rules=ctx.rules)



@verb("cast_rebound", primary="flag")
def _cast_rebound(ctx: Ctx, eff: Effect) -> None:
    """Rebound's delayed trigger: you may cast the card from exile without paying its mana
    cost (702.88a); it happens once."""
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "exile":
        return
    game.objects[src].chosen.pop("rebound", None)
    cast_during_resolution(game, src, ctx.you, "free", mandatory=False, rules=ctx.rules)


@verb("cast_miracle", primary="cost")
def _cast_miracle(ctx: Ctx, eff: Effect) -> None:
    """The miracle trigger: its controller may cast the revealed card, still in hand, by
    paying its miracle cost rather than its mana cost (702.94a)."""
    src = ctx.source
    if src in ctx.game.objects and ctx.game.objects[src].zone == "hand":
        cast_during_resolution(ctx.game, src, ctx.you, "miracle", mandatory=False,
                               rules=ctx.rules, cost=eff.get("cost"))


@verb("cast_madness", primary="cost")
def _cast_madness(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "exile":
        return
    if not cast_during_resolution(game, src, ctx.you, "madness", mandatory=False,
                                  rules=ctx.rules, cost=eff.get("cost")):
        if src in game.objects and game.objects[src].zone == "exile":
            perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="madness",
                                rules=ctx.rules + (R.MADNESS,))])



