"""Permanents: tapping and untapping, attaching, regeneration shields (701.19), creating
tokens (111) and token copies (707.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Keyword, Trigger, TriggeredAbility
from judgebot.engine.choosing import choose_between, choose_cards
from judgebot.engine.context import Ctx, bounded, objects, players
from judgebot.engine.events import Attach, CreateToken, Tap
from judgebot.engine.filters import View, matches
from judgebot.engine.layers import face_down_chars
from judgebot.engine.phasing import phase_out
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import Prohibition
from judgebot.engine.replacements import ReplacementEffect, new_key
from judgebot.engine.state import CardDef, face_up
from judgebot.engine.triggers import DelayedTrigger
from judgebot.engine.verbs import verb
from judgebot.messages import msg


@verb("tap", primary="what")
def _tap(ctx: Ctx, eff: Effect) -> None:
    _tap_or_untap(ctx, eff, untap=False)


@verb("untap", primary="what")
def _untap(ctx: Ctx, eff: Effect) -> None:
    _tap_or_untap(ctx, eff, untap=True)


@verb("tap_any", primary="filter")
def _tap_any(ctx: Ctx, eff: Effect) -> None:
    """"Tap any number of untapped creatures you control": which ones, chosen as it resolves
    (608.2d); "tapped this way" counts them."""
    game = ctx.game
    f = eff.get("filter")
    view = View(game)
    untap = bool(eff.get("untap"))  # "Untap up to three lands": anyone's, up to that many
    mine = [o for o in game.battlefield if (untap or game.controller_of(o) == ctx.you) and
            matches(f, view, o, ctx.you, ctx.source)]
    most = min(eff.get("most") or len(mine), len(mine))
    chosen = choose_between(game, ctx.you, mine, 0, most, "untap" if untap else "tap",
                            keys=("choose",) if untap else ("tap", "choose"))
    ctx.refs["tapped"] = list(chosen)
    if chosen:
        perform(ctx.game, [Tap(source=ctx.source, oid=o, untap=untap,
                               rules=ctx.rules + (R.TAP_UNTAP,)) for o in chosen])


@verb("tap_or_untap", primary="what")
def _tap_or_choose(ctx: Ctx, eff: Effect) -> None:
    """"Tap or untap target permanent": the spell's controller chooses which as it resolves
    (608.2d), a choice a scenario names (``tap_or_untap: untap``) or the runner explores."""
    labels = ["tap", "untap"]
    index = ctx.game.chooser.choose(ctx.you, "tap_or_untap", labels, keys=("tap_or_untap",),
                                    note=eff.text)
    ctx.game.log.add("choice", msg("effects.permanents.chooses_untap" if index else
                                   "effects.permanents.chooses_tap", who=ctx.you),
                     ctx.rules + (R.RESOLVE_CHOICES,))
    _tap_or_untap(ctx, eff, untap=index == 1)


def _tap_or_untap(ctx: Ctx, eff: Effect, untap: bool) -> None:
    events = [Tap(source=ctx.source, oid=o, untap=untap, rules=ctx.rules + (R.TAP_UNTAP,))
              for o in objects(ctx, eff.get("what"))]
    if events:
        perform(ctx.game, events)



@verb("attach", primary="what")
def _attach(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    targets = objects(ctx, eff.get("to"))
    for oid in objects(ctx, eff.get("what")):
        if targets:
            equipment = "Equipment" in game.chars(oid).subtypes
            perform(game, [Attach(source=ctx.source, oid=oid, to=targets[0],
                                  rules=ctx.rules + ((R.EQUIP, R.EQUIPMENT) if equipment
                                                     else (R.EQUIP,)))])



@verb("regenerate", primary="what")
def _regenerate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        game.replacements.append(ReplacementEffect(
            "regenerate", {"oid": oid}, ctx.source, ctx.you, "eot",
            f"regeneration shield on {game.name_of(oid)}", (R.REGENERATE,), new_key()))
        game.log.add("effect", msg("effects.permanents.regenerate", name=game.label(oid)),
                     ctx.rules + (R.REGENERATE,))



@verb("cant_regenerate", primary="what")
def _cant_regenerate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what", "self")):
        game.prohibitions.append(Prohibition("cant_regenerate", {"oid": oid}, ctx.source,
                                             ctx.you, "eot",
                                             f"{game.name_of(oid)} can't be regenerated",
                                             ctx.rules + (R.CANT_REGENERATE,)))
        game.log.add("effect", msg("effects.permanents.cant_regenerate", name=game.label(oid)),
                     ctx.rules + (R.CANT_REGENERATE,))



@verb("token", primary="card")
def _token(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    card: CardDef = eff.get("card")
    if eff.get("pt_x") is not None:
        # "Create an X/X green Ooze creature token": its power and toughness are the value of
        # X as it is created, part of its copiable values (111.3)
        x = ctx.amount(eff.get("pt_x"))
        card = replace(card, power=x, toughness=x)
    who = eff.get("controller", "you")
    for p in players(ctx, who):
        n = bounded(ctx.amount(eff.get("n", 1)), "create that many tokens")
        if n <= 0:
            continue
        attach: list[Any] = [None]
        if eff.get("attach") is not None:
            # "Create a Wicked Role token attached to target creature": an Aura token enters
            # attached to what the effect names (303.4f); with nothing to attach it to, none
            attach = list(objects(ctx, eff.get("attach")))[:1]
            if not attach:
                continue
        targets = _attack_options(game, p) if eff.get("attacking") else []
        batches: list[tuple[int, Any]] = [(n, targets[0] if len(targets) == 1 else None)]
        if len(targets) > 1:  # each token's controller chooses what it attacks (508.4)
            batches = [(1, targets[game.chooser.choose(
                p, "attack", [t if isinstance(t, str) else game.name_of(t) for t in targets],
                keys=("attack",), note="what the token attacks")]) for _ in range(n)]
        ids: list[int] = []
        for k, at in batches:
            counters = {kind: ctx.amount(v) for kind, v in (eff.get("counters") or {}).items()}
            ev = CreateToken(source=ctx.source, card=card, controller=p, n=k,
                             tapped=bool(eff.get("tapped")), haste=bool(eff.get("haste")),
                             attach_to=attach[0], counters=counters,
                             attacking=at, rules=ctx.rules + ((R.ATTACKING_TOKEN,)
                                                              if at is not None else ())
                             + ((R.AURA_NO_TARGET_ENTERING, R.PREDEFINED_TOKEN)
                                if attach[0] is not None else ())
                             + ((R.TOKEN_DEFINED, R.RESOLVE_INFO)
                                if eff.get("pt_x") is not None else ())
                             + ((R.INCUBATE,) if eff.get("incubate") else ()))
            done = perform(game, [ev])
            ids += [i for e in done if isinstance(e, CreateToken) for i in e.new_ids]
        ctx.refs["tokens"] = ids


def _attack_options(game: Any, player: str) -> list[Any]:
    """What a creature put onto the battlefield attacking may attack: a defending player or
    a planeswalker of theirs (508.4); outside combat it isn't attacking (506.3)."""
    if game.combat is None or not game.combat.attackers:
        return []
    defending = {game.combat.defending_player(a, game) for a in game.combat.attackers}
    out: list[Any] = []
    for opp in [o for o in game.opponents(player) if o in defending]:
        out.append(opp)
        out += [o for o in game.battlefield if game.controller_of(o) == opp and
                "planeswalker" in game.chars(o).types]
    return out



def _except(card: CardDef, eff: Effect) -> CardDef:
    """The copy's exceptions ("except it's white, it has no mana cost …"), which become
    part of its copiable values (707.9b)."""
    changes: dict[str, Any] = {}
    if eff.get("colors") is not None:
        changes["colors"] = eff.get("colors")
    if eff.get("no_mana_cost"):
        changes["mana_cost"] = None
        changes.setdefault("colors", card.printed_colors)  # its colour isn't its cost's
    if eff.get("pt") is not None:
        changes["power"], changes["toughness"] = eff.get("pt")
    if eff.get("add_subtypes"):
        changes["subtypes"] = card.subtypes | eff.get("add_subtypes")
    if eff.get("add_types"):
        changes["types"] = card.types | eff.get("add_types")
    if eff.get("not_legendary"):
        changes["supertypes"] = card.supertypes - {"legendary"}
    if eff.get("abilities"):
        changes["abilities"] = card.abilities + tuple(eff.get("abilities"))
    return replace(card, **changes) if changes else card


@verb("myriad", primary="flag")
def _myriad(ctx: Ctx, eff: Effect) -> None:
    """"For each opponent other than defending player, you may create a token that's a copy
    of this creature that's tapped and attacking that player or a planeswalker they control.
    If one or more tokens are created this way, exile the tokens at end of combat."
    (702.116a)"""
    game = ctx.game
    src = game.objects.get(ctx.source) if ctx.source is not None else None
    src = src or (game.lki_objects.get(ctx.source) if ctx.source is not None else None)
    combat = game.combat
    defending = combat.defending_player(ctx.source, game) if combat and ctx.source else None
    others = [p for p in game.opponents(ctx.you) if p != defending]
    if src is None or combat is None or defending is None or not others:
        game.log.add("effect", msg("effects.myriad.none"), ctx.rules + (R.MYRIAD,))
        return
    card = replace(face_up(src), is_token=True, source="token")
    ids: list[int] = []
    for p in others:
        if game.chooser.choose(ctx.you, "may", ["yes", "no"], keys=("may",),
                               note=f"myriad: a copy attacking {p}?") != 0:
            game.log.add("choice", msg("effects.myriad.declines", you=ctx.you, player=p),
                         (R.MYRIAD,))
            continue
        walkers = [o for o in game.battlefield if game.controller_of(o) == p and
                   "planeswalker" in game.chars(o).types]
        options: list[Any] = [p, *walkers]
        at = options[0]
        if len(options) > 1:
            at = options[game.chooser.choose(
                ctx.you, "attack", [p] + [game.name_of(o) for o in walkers],
                keys=("attack",), note="the myriad copy attacks")]
        done = perform(game, [CreateToken(source=ctx.source, card=card, controller=ctx.you,
                                          n=1, tapped=True, attacking=at,
                                          rules=ctx.rules + (R.MYRIAD, R.COPY, R.CREATE))])
        ids += [i for e in done if isinstance(e, CreateToken) for i in e.new_ids]
    if ids:
        trig = Trigger("end_of_combat", None, who="any")
        ability = TriggeredAbility(trig, (Effect("exile", {"what": "tokens"}),),
                                   text="exile the tokens at end of combat",
                                   rules=(R.MYRIAD, R.TRIGGER_DELAYED))
        game.delayed.append(DelayedTrigger(trig, ability, ctx.you, ctx.source,
                                           game.name_of(ctx.source) if ctx.source else "",
                                           {"tokens": ids}, True, game.turn))


@verb("choose_objects", primary="who")
def _choose_objects(ctx: Ctx, eff: Effect) -> None:
    """"Each player chooses a creature they control": each chooses one of theirs, in APNAP
    order (101.4) as the spell resolves (608.2d); "that creature" and "the rest" follow."""
    game = ctx.game
    f = eff.get("filter")
    view = View(game)
    chosen: list[int] = []
    who = set(players(ctx, eff.get("who", "you")))
    for p in [q for q in game.apnap() if q in who]:
        mine = [o for o in game.battlefield if game.controller_of(o) == p and
                (f is None or matches(f, view, o, p, ctx.source))]
        if not mine:
            continue
        pick = choose_cards(game, p, mine, 1, "choose", keys=("choose",))
        chosen += pick
        game.log.add("choice", msg("effects.permanents.chooses_object", who=p,
                                   name=game.label(pick[0])),
                     ctx.rules + (R.RESOLVE_CHOICES, R.APNAP))
    ctx.refs["chosen_objects"] = chosen


@verb("choose_among", primary="among")
def _choose_among(ctx: Ctx, eff: Effect) -> None:
    """"Their controller chooses one of them": one of the objects a slot targets, chosen as
    the spell resolves (608.2d); "the other" is the rest."""
    game = ctx.game
    among = [o for o in objects(ctx, eff.get("among")) if o in game.objects and
             game.objects[o].zone == "battlefield"]
    who = (players(ctx, eff.get("who", "you")) or [ctx.you])[0]
    chosen = choose_cards(game, who, among, 1, "choose", keys=("choose",))
    for o in chosen:
        game.log.add("choice", msg("effects.permanents.chooses_object", who=who,
                                   name=game.label(o)), ctx.rules + (R.RESOLVE_CHOICES,))
    ctx.refs["chosen_objects"] = chosen
    ctx.refs["other_objects"] = [o for o in among if o not in chosen]


@verb("populate", primary="who")
def _populate(ctx: Ctx, eff: Effect) -> None:
    """"Populate": choose a creature token you control and create a token that's a copy of it
    (701.36a); with none, nothing is created (701.36b)."""
    game = ctx.game
    tokens = [o for o in game.battlefield if game.controller_of(o) == ctx.you and
              game.objects[o].card.is_token and "creature" in game.chars(o).types]
    game.log.add("effect", msg("effects.card_text", text=eff.text), ctx.rules + (
        (R.POPULATE,) if tokens else (R.POPULATE, R.POPULATE_NONE)))
    if not tokens:
        return
    chosen = choose_cards(game, ctx.you, tokens, 1, "copy", keys=("copy", "choose"))
    ctx.refs["populated"] = chosen
    _token_copy(ctx, Effect("token_copy", {"what": "populated"}, text=eff.text))


@verb("token_copy", primary="what")
def _token_copy(ctx: Ctx, eff: Effect) -> None:
    """Create a token that's a copy of a creature (707.2), maybe with haste, maybe
    sacrificed at the beginning of the next end step."""
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        card = face_up(obj)
        if obj.face_down:
            fd = face_down_chars(obj, obj.controller)
            card = CardDef("", (), None, frozenset(), frozenset(), fd.types, frozenset(), 2, 2)
        extra = (Keyword("haste", text="haste"),) if eff.get("haste") else ()
        token_card = replace(card, abilities=card.abilities + extra, is_token=True,
                             source="token")
        plain = token_card
        token_card = _except(token_card, eff)
        done = perform(game, [CreateToken(source=ctx.source, card=token_card,
                                          controller=ctx.you, n=1,
                                          rules=ctx.rules + (R.COPY, R.COPY_VALUES, R.CREATE)
                                          + ((R.HASTE,) if eff.get("haste") else ())
                                          + ((R.COPY_EXCEPT,) if token_card is not plain
                                             else ()))])
        ids = [i for e in done if isinstance(e, CreateToken) for i in e.new_ids]
        ctx.refs["tokens"] = ids
        if eff.get("sacrifice_at") == "end_step" and ids:
            trig = Trigger("end_step", None, who="any")
            ability = TriggeredAbility(trig, (Effect("sacrifice", {"what": "tokens"}),),
                                       text="sacrifice the token", rules=(R.TRIGGER_DELAYED,))
            game.delayed.append(DelayedTrigger(trig, ability, ctx.you, ctx.source,
                                               game.name_of(ctx.source) if ctx.source else "",
                                               {"tokens": ids}, True, game.turn))


@verb("phase_out", primary="what")
def _phase_out(ctx: Ctx, eff: Effect) -> None:
    """"Target creature phases out" (702.26b): until its controller's next untap step."""
    phase_out(ctx.game, objects(ctx, eff.get("what")), ctx.rules)


@verb("become_blocked", primary="what")
def _become_blocked(ctx: Ctx, eff: Effect) -> None:
    """"Target attacking creature becomes blocked": an effect makes it a blocked creature,
    with no creature blocking it (509.1h)."""
    game = ctx.game
    combat = game.combat
    for oid in objects(ctx, eff.get("what")):
        if combat is None or oid not in combat.attackers:
            continue
        combat.blocked[oid] = True
        game.changed()
        game.log.add("effect", msg("effects.permanents.becomes_blocked", name=game.label(oid)),
                     ctx.rules + (R.BLOCKED,))
