"""Continuous effects from resolving spells and abilities (611.2): P/T changes, granted and
lost abilities, control; "can't be blocked"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Keyword
from judgebot.engine.context import Ctx, objects, players
from judgebot.engine.layers import ContinuousEffect, describe_layers
from judgebot.engine.prohibitions import Prohibition
from judgebot.engine.state import face_up
from judgebot.engine.text.words import ability_word, term
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, Message, Name, msg


def _continuous(ctx: Ctx, eff: Effect, ops: tuple, what: Any = None) -> None:
    game = ctx.game
    oids = objects(ctx, what if what is not None else eff.get("what"))
    if not oids:
        return
    duration = lasting(ctx, eff.get("duration", "eot"))
    e = ContinuousEffect(ops, frozenset(oids), game.new_timestamp(), ctx.source, ctx.you,
                         duration, eff.text, ctx.rules)
    game.effects.append(e)
    game.changed()
    names = Joined(tuple(game.label(o) for o in oids))
    extra = (R.CONTINUOUS_DURATION,) if duration in ("eot", "end_of_combat") else ()
    if isinstance(duration, tuple) and duration[0] in ("until_leaves", "until_untapped"):
        extra += (R.CONTINUOUS_AS_LONG,)
    if R.RESOLVE_INFO in ctx.rules:
        extra += (R.CONTINUOUS_VARIABLE,)  # a variable in it was fixed on resolution
    code = "effects.continuous.until_eot" if duration == "eot" else "effects.continuous"
    game.log.add("effect", msg(code, names=names, ops=describe_ops(ops)),
                 ctx.rules + _layer_rules(ops) + (R.CONTINUOUS_LOCKED,) + extra)



def lasting(ctx: Ctx, duration: Any) -> Any:
    """How long an effect lasts, as the game tracks it (611.2a, 611.2b)."""
    if duration == "while_source" and ctx.source is not None:
        return ("until_leaves", ctx.source)
    if duration == "while_source_tapped" and ctx.source is not None:
        return ("until_untapped", ctx.source)  # 611.2b
    if duration == "your_next_turn":
        return ("until_turn_of", ctx.you)
    if duration in (None, "game"):
        return "game"
    return duration


def describe_ops(ops: tuple) -> Joined:
    """What continuous effects do, as data (the layers' words)."""
    parts: list[Message] = []
    for _, op in ops:
        k = op[0]
        if k == "pump":
            parts.append(msg("effects.op.pump", p=op[1], t=op[2]))
        elif k == "set_pt":
            parts.append(msg("effects.op.set_pt", p=op[1], t=op[2]))
        elif k == "grant":
            parts.append(msg("layers.op.gains", what=Joined(tuple(ability_word(a)
                                                                  for a in op[1]))))
        elif k == "control":
            parts.append(msg("layers.op.control", player=op[1]))
        elif k == "add_types":
            parts.append(msg("effects.op.becomes", types=Joined(
                tuple(term(w) for w in list(op[2]) + list(op[1])), "list.space")))
        elif k == "copy":
            parts.append(msg("effects.op.copy", name=Name(op[1].name, op[1].zh_name)))
        elif k in ("switch", "lose_all", "all_creature_types"):
            parts.append(msg(f"layers.op.{k}"))
        else:
            parts.append(msg("layers.op.other", kind=k))
    return Joined(tuple(parts))


def _layer_rules(ops: tuple) -> tuple[str, ...]:
    names = describe_layers()
    return tuple(dict.fromkeys(names[layer] for layer, _ in ops if layer in names))



def _chosen(ctx: Ctx, gains: tuple) -> tuple:
    """A granted "protection from the color of your choice": the colour chosen now, as the
    effect applies (608.2d)."""
    if any(getattr(a, "quality", None) == "chosen_before" for a in gains):
        made = ctx.refs.get("chosen_color")  # "Choose a color. … the chosen color"
        if made not in ("W", "U", "B", "R", "G"):
            return tuple(a for a in gains if getattr(a, "quality", None) != "chosen_before")
        color = ["white", "blue", "black", "red", "green"]["WUBRG".index(made)]
        gains = tuple(replace(a, quality=color, text=f"protection from {color}")
                      if getattr(a, "quality", None) == "chosen_before" else a for a in gains)
    if any(getattr(a, "name", None) == "choice_of" for a in gains):
        # "your choice of deathtouch or lifelink", "protection from artifacts or from the
        # color of your choice": one of them, chosen as the effect begins (608.2d)
        out = []
        for a in gains:
            if getattr(a, "name", None) != "choice_of":
                out.append(a)
                continue
            labels = [k.label() for k in a.parts]
            pick = a.parts[ctx.game.chooser.choose(ctx.you, "choose", labels,
                                                    keys=("choose", "keyword"),
                                                    note=a.text or "your choice")]
            ctx.game.log.add("choice", msg("effects.continuous.chosen_ability", player=ctx.you,
                                           value=pick.label()),
                             ctx.rules + (R.RESOLVE_CHOICES,))
            out.append(pick)
        gains = tuple(out)
    if not any(getattr(a, "quality", None) == "chosen_color" for a in gains):
        return gains
    game = ctx.game
    labels = ["white", "blue", "black", "red", "green"]
    color = labels[game.chooser.choose(ctx.you, "color", labels, keys=("color",),
                                       note="protection from the color of your choice")]
    game.log.add("choice", msg("effects.continuous.chosen_color", player=ctx.you,
                               color=term(color)), ctx.rules + (R.RESOLVE_CHOICES,))
    return tuple(replace(a, quality=color, text=f"protection from {color}")
                 if getattr(a, "quality", None) == "chosen_color" else a for a in gains)


@verb("pump", primary=("p", "t"))
def _pump(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    if eff.get("double"):  # "double its power": +X/+0, X its power now (701.10b)
        ctx = replace(ctx, rules=ctx.rules + (R.DOUBLE_PT,))
    if eff.get("gains") and oids:
        eff = Effect(eff.verb, {**eff.args, "gains": _chosen(ctx, tuple(eff.get("gains")))},
                     text=eff.text)
    for oid in oids:  # amounts are fixed on resolution (608.2h)
        p = ctx.amount(eff.get("p", 0), oid)
        t = ctx.amount(eff.get("t", 0), oid)
        _continuous(ctx, eff, (("7c", ("pump", p, t)),), oid)
    if eff.get("gains") and oids:
        _continuous(ctx, eff, (("6", ("grant", tuple(eff.get("gains")))),), oids)
    del game



@verb("set_pt", primary=("p", "t"))
def _set_pt(ctx: Ctx, eff: Effect) -> None:
    p, t = ctx.amount(eff.get("p")), ctx.amount(eff.get("t"))
    ops = [("7b", ("set_pt", p, t))]
    if eff.get("lose_all"):
        ops.insert(0, ("6", ("lose_all",)))
    if eff.get("all_creature_types"):
        ops.insert(0, ("4", ("all_creature_types",)))
    _continuous(ctx, eff, tuple(ops))



@verb("switch_pt", primary="what")
def _switch_pt(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("7d", ("switch",)),))



@verb("lose_abilities", primary="what")
def _lose_abilities(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("6", ("lose_all",)),))



@verb("grant", primary="abilities")
def _grant(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("6", ("grant", _chosen(ctx, tuple(eff.get("abilities"))))),))



@verb("grant_printed_below", primary="what")
def _grant_printed_below(ctx: Ctx, eff: Effect) -> None:
    """"It also gains the non-backup abilities of this creature printed below this one"
    (702.165a): the abilities printed on the card after its keyword, the keyword itself
    and others like it excepted."""
    game = ctx.game
    src = game.objects.get(ctx.source) if ctx.source is not None else None
    if src is None and ctx.source is not None:
        src = game.lki_objects.get(ctx.source)
    if src is None:
        return
    card = face_up(src)
    after = eff.get("after")
    printed = list(card.abilities)
    at = next((i for i, a in enumerate(printed) if isinstance(a, Keyword) and a.name == after),
              None)
    if at is None:
        return
    below = tuple(a for a in printed[at + 1:]
                  if not (isinstance(a, Keyword) and a.name == after))
    if below:
        _continuous(ctx, eff, (("6", ("grant", below)),))


@verb("gain_control", primary="what")
def _gain_control(ctx: Ctx, eff: Effect) -> None:
    ops = [("2", ("control", ctx.you))]
    _continuous(ctx, eff, tuple(ops))



@verb("exchange_control", primary="what")
def _exchange_control(ctx: Ctx, eff: Effect) -> None:
    """"Exchange control of target artifact you control and target creature you don't
    control": each of the two permanents' controllers gains control of the other's at once
    (701.12b); when one of them is gone or no longer a legal target, or both have the same
    controller, nothing is exchanged (701.12a, 701.12b)."""
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    oids = [o for o in oids if o in game.objects and game.objects[o].zone == "battlefield"]
    if len(oids) != 2 or game.controller_of(oids[0]) == game.controller_of(oids[1]):
        game.log.add("effect", msg("effects.continuous.no_exchange",
                                   names=Joined(tuple(game.label(o) for o in oids))),
                     ctx.rules + (R.EXCHANGE, R.EXCHANGE_CONTROL))
        return
    a, b = oids
    ctrl_a, ctrl_b = game.controller_of(a), game.controller_of(b)
    here = replace(ctx, rules=ctx.rules + (R.EXCHANGE, R.EXCHANGE_CONTROL))
    for oid, gets in ((a, ctrl_b), (b, ctrl_a)):
        _continuous(here, Effect(eff.verb, {**eff.args, "duration": eff.get("duration", "game")},
                                text=eff.text), (("2", ("control", gets)),), oid)


@verb("unblockable", primary="filter")
def _unblockable(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    game.prohibitions.append(Prohibition("unblockable", {"filter": eff.get("filter")},
                                         ctx.source, ctx.you, "eot",
                                         eff.text or "can't be blocked this turn", ctx.rules))
    game.log.add("effect", msg("effects.card_text", text=eff.text) if eff.text
                 else msg("effects.continuous.unblockable"), ctx.rules)



@verb("becomes", primary="what")
def _becomes(ctx: Ctx, eff: Effect) -> None:
    """"~ becomes a 3/3 green Ape creature with trample until end of turn": types, colour,
    abilities and base power and toughness, fixed as the effect begins (608.2h)."""
    chosen: str | None = None
    for oid in objects(ctx, eff.get("what")):
        ops = []
        for layer, op in eff.get("ops"):
            if op[0] == "set_pt_expr":
                op = ("set_pt", ctx.amount(op[1], oid), ctx.amount(op[2], oid))
            elif op[0] in ("set_colors_chosen", "set_colors_chosen_before"):
                if chosen is None:
                    chosen = _choose_color(ctx, op[0] == "set_colors_chosen_before")
                op = ("set_colors", (chosen,) if chosen else ())
            ops.append((layer, op))
        _continuous(ctx, eff, tuple(ops), oid)


def _choose_color(ctx: Ctx, before: bool) -> str:
    """"the color of your choice", chosen as the effect begins (608.2d); "the chosen color":
    the one "Choose a color" chose earlier."""
    if before:
        made = ctx.refs.get("chosen_color")
        return made if made in ("W", "U", "B", "R", "G") else ""
    labels = ["white", "blue", "black", "red", "green"]
    color = labels[ctx.game.chooser.choose(ctx.you, "color", labels, keys=("color",),
                                           note="the color of your choice")]
    ctx.game.log.add("choice", msg("effects.continuous.chosen_color", player=ctx.you,
                                   color=term(color)), ctx.rules + (R.RESOLVE_CHOICES,))
    return "WUBRG"["white blue black red green".split().index(color)]


@verb("lose_keywords", primary="what")
def _lose_keywords(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("6", ("lose", tuple(eff.get("keywords")))),))


@verb("cant", primary="what")
def _cant(ctx: Ctx, eff: Effect) -> None:
    """"Target creature can't block this turn", "… attacks this turn if able"."""
    game = ctx.game
    what = eff.get("what")
    kind = eff.get("kind")
    if isinstance(what, dict) and set(what) == {"each"}:
        # "Creatures your opponents control can't block this turn": the creatures it
        # describes while it lasts, those that arrive later too (611.2c only locks
        # effects that change characteristics or control).
        game.prohibitions.append(Prohibition(kind, {"filter": what["each"]}, ctx.source,
                                             ctx.you, lasting(ctx, eff.get("duration", "eot")),
                                             eff.text, ctx.rules))
        game.log.add("effect", msg("effects.card_text", text=eff.text), ctx.rules + (
            (R.UNPREVENTABLE,) if kind == "damage_unpreventable" else ()))
        return
    oids = objects(ctx, what)
    if not oids:
        return
    params: dict[str, Any] = {"objects": frozenset(oids)}
    if eff.get("attacker") == "self":  # "… block ~ this combat if able" (provoke)
        params["attacker"] = ctx.source
    if eff.get("all"):  # "All creatures able to block target creature this turn do so"
        params["all"] = True
    game.prohibitions.append(Prohibition(kind, params, ctx.source,
                                         ctx.you, lasting(ctx, eff.get("duration", "eot")),
                                         eff.text, ctx.rules))
    game.log.add("effect", msg("effects.card_text", text=eff.text), ctx.rules +
                 (R.CONTINUOUS_LOCKED,))


@verb("player_protection", primary="kind")
def _player_protection(ctx: Ctx, eff: Effect) -> None:
    """"You … gain hexproof until end of turn": the player can't be the target of spells or
    abilities their opponents control (702.11c) while it lasts."""
    kind = eff.get("kind", "player_hexproof")
    for p in players(ctx, eff.get("who", "you")):
        ctx.game.prohibitions.append(Prohibition(kind, {"player": p}, ctx.source, ctx.you,
                                                 lasting(ctx, eff.get("duration", "eot")),
                                                 eff.text, ctx.rules))
        ctx.game.log.add("effect", msg("effects.card_text", text=eff.text),
                         ctx.rules + ((R.HEXPROOF_PLAYER,) if kind == "player_hexproof"
                                      else (R.SHROUD,)))


@verb("additional_land", primary="n")
def _additional_land(ctx: Ctx, eff: Effect) -> None:
    """"You may play an additional land this turn" (305.2): the turn's land limit rises by
    one for that player, cumulatively with other such effects (305.2a)."""
    for p in players(ctx, eff.get("who", "you")):
        ctx.game.prohibitions.append(Prohibition("additional_land", {"player": p,
                                                                     "n": eff.get("n", 1)},
                                                 ctx.source, ctx.you, lasting(ctx, "eot"),
                                                 eff.text, ctx.rules + (R.LAND_ADDITIONAL,)))
        ctx.game.log.add("effect", msg("effects.card_text", text=eff.text),
                         ctx.rules + (R.LAND_ADDITIONAL,))


@verb("doesnt_untap", primary="what")
def _doesnt_untap(ctx: Ctx, eff: Effect) -> None:
    """"It doesn't untap during its controller's next untap step"."""
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        game.objects[oid].chosen["skip_untap"] = game.objects[oid].chosen.get("skip_untap",
                                                                             0) + 1
        game.log.add("effect", msg("effects.continuous.doesnt_untap", name=game.label(oid)),
                     ctx.rules + (R.UNTAP,))


@verb("player_cant", primary="who")
def _player_cant(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who")):
        game.prohibitions.append(Prohibition(eff.get("kind"), {"player": p}, ctx.source,
                                             ctx.you, lasting(ctx, eff.get("duration", "eot")),
                                             eff.text, ctx.rules))
    game.log.add("effect", msg("effects.card_text", text=eff.text), ctx.rules)
