"""How instructions combine: "if", "you may", "unless … pays", "you may pay … If you do",
delayed triggered abilities (603.7), echo's upkeep payment."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, StaticAbility, TriggeredAbility, statics
from judgebot.engine.apply import new_object
from judgebot.engine.conditions import Facts, check
from judgebot.engine.context import Ctx, objects, players
from judgebot.engine.costs import offer_cost, offer_payment
from judgebot.engine.errors import Unsupported
from judgebot.engine.events import Damage, Move
from judgebot.engine.filters import View, matches
from judgebot.engine.mana import ManaCost
from judgebot.engine.pipeline import perform
from judgebot.engine.replacements import name_options, value_options
from judgebot.engine.state import CardDef, Game
from judgebot.engine.triggers import DelayedTrigger
from judgebot.engine.verbs import run, verb
from judgebot.messages import msg, term


@verb("for_each_moved", primary="ref")
def _for_each_moved(ctx: Ctx, eff: Effect) -> None:
    """"For each creature destroyed this way, its controller creates a 4/4 red Dragon":
    the instruction once for each object the spell moved that matched, as it last existed
    (608.2h), "its controller" the player who controlled it then."""
    game = ctx.game
    lki = ctx.refs.get("moved_lki", {})
    view = View(game, lambda o: lki.get(o) or game.chars(o))
    f = eff.get("filter")
    rules = ctx.rules
    ctx.rules = rules + (R.RESOLVE_INFO,)  # each as it last existed
    try:
        for oid in list(ctx.refs.get(eff.get("ref"), [])):
            c = lki.get(oid)
            if c is None or game.over:
                continue
            if f is not None and oid in game.objects and not matches(f, view, oid, ctx.you,
                                                                      ctx.source):
                continue
            ctx.refs["player"] = c.controller
            run(ctx, eff.get("then"))
    finally:
        ctx.rules = rules


@verb("delayed", primary="ability")
def _delayed(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    ability: TriggeredAbility = eff.get("ability")
    # what the creating ability referred to — its trigger's objects ("that creature", "it")
    # and what it did so far — is what the delayed ability refers to (603.7c)
    refs = {k: v for k, v in ctx.info.items()
            if k != "spell" and (isinstance(v, int) and not isinstance(v, bool) or
                                 isinstance(v, list) and all(isinstance(o, int) for o in v))}
    refs.update(ctx.refs)
    for i, slot in enumerate(ctx.targets):
        if slot:
            refs["target" if i == 0 else f"target{i + 1}"] = slot[0]
    if eff.get("next_turn_of_you"):
        refs["_after_turn"] = game.turn
    if eff.get("it") is not None:  # "When that creature dies this turn": the target named
        refs["it"] = refs.get(eff.get("it"))
    until = ("until_turn_of", ctx.you) if eff.get("until") == "your_next_turn" else \
        ("this_turn", game.turn) if eff.get("until") == "this_turn" else None
    # "When you next …": once (603.7c); "Whenever … this turn": each time, until it ends
    once = (until is None or until[0] == "this_turn") and not eff.get("repeat")
    game.delayed.append(DelayedTrigger(ability.trigger, ability, ctx.you, ctx.source,
                                       game.name_of(ctx.source) if ctx.source else "",
                                       refs, once, game.turn, ability.text, until))
    game.log.add("effect", msg("effects.flow.delayed", text=ability.text),
                 ctx.rules + (R.TRIGGER_DELAYED,))



@verb("if", primary="cond")
def _if(ctx: Ctx, eff: Effect) -> None:
    ok = check(eff.get("cond"), Facts(View(ctx.game), ctx.you, ctx.source, ctx.info, ctx.refs,
                                      ctx.item))
    if ok and eff.get("row"):  # a row of a die roll's results table (706.3a)
        ctx.game.log.add("effect", msg("effects.flow.die_row", row=eff.get("row")),
                         ctx.rules + (R.DIE_TABLE,))
    run(ctx, eff.get("then", ()) if ok else eff.get("else", ()))



@verb("flip_coin", primary="who")
def _flip_coin(ctx: Ctx, eff: Effect) -> None:
    """"Flip a coin": the player calls it and wins or loses (705.1, 705.2); either result is
    possible, so it is a choice a scenario names (``coin: win``) or the runner explores."""
    game = ctx.game
    who = players(ctx, eff.get("who", "you"))[0]
    index = game.chooser.choose(who, "coin", ["win", "lose"], keys=("coin", "random"),
                                note=eff.text)
    ctx.refs["flip_won"] = 1 if index == 0 else 0
    game.log.add("effect", msg("effects.flow.coin", who=who,
                               won=msg("effects.flow.coin_won" if index == 0
                                       else "effects.flow.coin_lost")),
                 ctx.rules + (R.COIN_FLIP, R.COIN_CALL))


@verb("roll_die", primary="who")
def _roll_die(ctx: Ctx, eff: Effect) -> None:
    """"Roll a six-sided die": each result is equally possible (706.1), a choice a scenario
    names (``die: 4``) or the runner explores; the result is what "the result" means (706.2)."""
    game = ctx.game
    who = players(ctx, eff.get("who", "you"))[0]
    sides = int(eff.get("sides", 6))
    labels = [str(n) for n in range(1, sides + 1)]
    index = game.chooser.choose(who, "die", labels, keys=("die", "random"), note=eff.text)
    ctx.refs["die_result"] = index + 1
    game.log.add("effect", msg("effects.flow.die", who=who, sides=sides, n=index + 1),
                 ctx.rules + (R.DIE_ROLL, R.DIE_RESULT))
    if eff.get("add") is not None:
        # "… and add the number of cards in your hand": the modifier, added to the natural
        # result, makes the result (706.2)
        ctx.refs["die_result"] = index + 1 + ctx.amount(eff.get("add"))
        game.log.add("effect", msg("effects.flow.die_modified", who=who,
                                   n=ctx.refs["die_result"]), ctx.rules + (R.DIE_RESULT,))


@verb("may", primary="effects")
def _may(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    who = players(ctx, eff.get("who", "you"))[0]
    index = game.chooser.choose(who, "may", ["yes", "no"], keys=("may",),
                                note=eff.text)
    game.log.add("choice", msg("effects.flow.may", who=who, value=msg('resolving.to' if index == 0
                                                          else 'resolving.not_to'),
                               value2=eff.text or 'the optional action'), (R.RESOLVE_CHOICES,))
    if index == 0:
        run(ctx, eff.get("effects", ()))
    else:
        run(ctx, eff.get("else", ()))



@verb("pay_or_sacrifice", primary="cost")
def _pay_or_sacrifice(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "battlefield":
        return
    cost = eff.get("cost")
    alt = _echo_alternatives(game, ctx.you)
    if alt:
        index = game.chooser.choose(ctx.you, "pay", [f"pay {cost}", "pay {0} (" + alt + ")",
                                                      "don't pay"], keys=("pay", "may"))
        if index == 1:
            game.log.add("pay", msg("effects.flow.pay_or_sacrifice", you=ctx.you, alt=alt),
                         ctx.rules + (R.ECHO, R.ALT_COST))
            return
        if index == 0 and offer_payment(game, ctx.you, cost, msg("costs.pay_what", what=msg(
                "effects.flow.echo", cost=cost)), forced=True):
            return
    elif offer_payment(game, ctx.you, cost, msg("costs.pay_what", what=msg(
            "effects.flow.echo_for", cost=cost, name=game.label(src)))):
        return
    perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="sacrifice",
                        rules=ctx.rules + (R.ECHO, R.SACRIFICE))])



def _echo_alternatives(game: Game, player: str) -> str:
    for oid in game.battlefield:
        c = game.chars(oid)
        if c.controller == player:
            for ab in statics(c.abilities):
                if isinstance(ab, StaticAbility) and ab.kind == "echo_zero":
                    return c.name
    return ""



@verb("unless_pay", primary="cost")
def _unless_pay(ctx: Ctx, eff: Effect) -> None:
    """"... unless you pay COST": the player may pay; if they don't, the effects happen."""
    who = players(ctx, eff.get("who", "you"))
    if eff.get("any"):  # "unless any player pays": each in turn order, the active first (101.4)
        game = ctx.game
        start = game.order.index(game.active) if game.active in game.order else 0
        who = [p for p in game.order[start:] + game.order[:start] if p in who]
        paid = any(offer_cost(game, p, eff.get("cost"),
                              msg("costs.pay_what", what=_cost_text(eff))) for p in who)
    else:
        paid = bool(who) and offer_cost(ctx.game, who[0], eff.get("cost"),
                                         msg("costs.pay_what", what=_cost_text(eff)))
    if not paid:
        run(ctx, eff.get("then", ()))



@verb("unless_damage", primary="n")
def _unless_damage(ctx: Ctx, eff: Effect) -> None:
    """"Any player may have ~ deal 5 damage to them. If no one does, …": each player in turn
    order, the active player first (101.4), may choose to be dealt the damage; once one
    does, the rest of the spell doesn't happen."""
    game = ctx.game
    n = ctx.amount(eff.get("n", 0))
    start = game.order.index(game.active) if game.active in game.order else 0
    for p in game.order[start:] + game.order[:start]:
        if game.players[p].lost:
            continue
        index = game.chooser.choose(p, "may", [f"take {n} damage", "don't"], keys=("may",),
                                    note=eff.text)
        if index == 0:
            game.log.add("choice", msg("effects.flow.takes_damage", player=p, n=n),
                         ctx.rules + (R.RESOLVE_CHOICES, R.APNAP))
            perform(game, [Damage(source=ctx.source, target=p, amount=n,
                                  source_lki=ctx.source_lki, rules=ctx.rules)])
            return
    run(ctx, eff.get("then", ()))


@verb("may_pay", primary="cost")
def _may_pay(ctx: Ctx, eff: Effect) -> None:
    """"You may pay COST. If you do, ..."."""
    who = players(ctx, eff.get("who", "you"))
    cost = eff.get("cost")
    if eff.get("times") is not None and isinstance(cost, ManaCost):
        # "pay {1} for each age counter on it"
        cost = ManaCost(cost.symbols * ctx.amount(eff.get("times")))
        if not cost.symbols:
            cost = ManaCost(("0",))
    if who and offer_cost(ctx.game, who[0], cost, msg("costs.pay_what", what=str(cost))):
        ctx.refs["paid"] = True
        run(ctx, eff.get("then", ()))
    else:
        run(ctx, eff.get("else", ()))



def _cost_text(eff: Effect) -> str:
    cost = eff.get("cost")
    return getattr(cost, "text", "") or str(cost)



@verb("designate", primary="what")
def _designate(ctx: Ctx, eff: Effect) -> None:
    """"It becomes renowned" (a designation, 702.112b)."""
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        game.objects[oid].chosen[eff.get("name")] = True
        game.log.add("effect", msg("effects.flow.designated", name=game.label(oid),
                                   what=eff.get("name")), ctx.rules)



@verb("emblem", primary="abilities")
def _emblem(ctx: Ctx, eff: Effect) -> None:
    """"You get an emblem with …": an object in the command zone whose abilities work there
    (114)."""
    game = ctx.game
    abilities = tuple(_in_command(a) for a in eff.get("abilities"))
    card = CardDef("Emblem", ("Emblem",), abilities=abilities, source="token",
                   text=eff.text)
    new_object(game, card, ctx.you, "command")
    game.changed()
    game.log.add("effect", msg("effects.flow.emblem", player=ctx.you, text=eff.text),
                 ctx.rules + (R.EMBLEM,))


def _in_command(ab: Any) -> Any:
    return replace(ab, zone="command") if hasattr(ab, "zone") else ab


@verb("additional_phases", primary="n")
def _additional_phases(ctx: Ctx, eff: Effect) -> None:
    """"After this main phase, there is an additional combat phase followed by an additional
    main phase": the phases are added directly after the current main phase (500.8); the
    added main phase is a postcombat main phase (505.1a)."""
    game = ctx.game
    if game.step not in ("precombat_main", "postcombat_main"):
        raise Unsupported(msg("effects.flow.phases_not_in_main", text=eff.text))
    added = game.extra.setdefault("added_after", {})
    occ = game.extra.get("main_seen", 0)
    added[occ] = added.get(occ, 0) + 1
    game.log.add("effect", msg("effects.card_text", text=eff.text),
                 ctx.rules + (R.ADDED_PHASES, R.LATER_MAIN))


@verb("choose_source", primary="filter")
def _choose_source(ctx: Ctx, eff: Effect) -> None:
    """"A [red] source of your choice" (609.7a): an object, chosen as the spell or ability
    resolves among permanents and spells (a branch each, unless the scenario names one);
    what the effect prevents or redirects follows it."""
    game = ctx.game
    f = eff.get("filter")
    view = View(game)
    found = [o for o in list(game.battlefield) + [i.id for i in game.stack
                                                  if not i.is_stack_ability]
             if o in game.objects and (f is None or matches(
                 replace(f, zone=game.objects[o].zone), view, o, ctx.you, ctx.source))]
    if not found:
        ctx.refs["chosen_source"] = []
        return
    index = game.chooser.choose(ctx.you, "source", [game.name_of(o) for o in found],
                                keys=("source", "choose"), note=eff.text)
    ctx.refs["chosen_source"] = [found[index]]
    game.log.add("choice", msg("effects.flow.chosen_source", player=ctx.you,
                               name=game.label(found[index])),
                 ctx.rules + (R.RESOLVE_CHOICES, R.SOURCE_CHOICE))


def _choose_name(ctx: Ctx, eff: Effect) -> None:
    """"Choose a [nonland] card name" (201.4): a name a scenario gives (``name: Black
    Lotus``, any card's), or one of the names of the game's cards and one that none has,
    which the runner explores; kept on the resolving object for "with that name"."""
    game = ctx.game
    answer = game.chooser.scripted(ctx.you, ("name",))
    options, labels = name_options(game, eff.get("filter"))
    here = {game.chars(o).name.lower() for o in game.objects if game.chars(o).name}
    if answer is not None and isinstance(answer.value, str) and \
            answer.value.lower() not in here:
        # a name no card in this game has: as the scenario gives it (201.4 lets any card's
        # name be chosen; one with the characteristics asked for is the scenario's word)
        answer.used = True
        name = answer.value
    else:
        name = options[game.chooser.choose(ctx.you, "name", labels, keys=("name",),
                                           note=eff.text)]
    src = game.objects.get(ctx.source) if ctx.source is not None else None
    if src is not None:
        src.chosen["name"] = name
    game.log.add("choice", msg("effects.flow.chosen_name", player=ctx.you, name=name),
                 ctx.rules + (R.RESOLVE_CHOICES, R.NAMING))


@verb("choose_value", primary="what")
def _choose_value(ctx: Ctx, eff: Effect) -> None:
    """"Choose a color." / "Choose a creature type [other than Wall]." as a spell or ability
    resolves (608.2d): the choice is kept on the resolving object, where "of the chosen
    type", "that type" and "the chosen color" find it."""
    game = ctx.game
    what = eff.get("what", "color")
    if what == "name":
        _choose_name(ctx, eff)
        return
    options, labels = value_options(game, what, frozenset(eff.get("exclude") or ()))
    index = game.chooser.choose(ctx.you, what, labels,
                                keys=(what, "color" if what == "color" else "type"),
                                note=eff.text)
    src = game.objects.get(ctx.source) if ctx.source is not None else None
    if src is not None:
        src.chosen[what] = options[index]
    ctx.refs["chosen_" + what] = options[index]
    game.log.add("choice", msg("effects.continuous.chosen_color", player=ctx.you,
                               color=term(labels[index])), ctx.rules + (R.RESOLVE_CHOICES,))
