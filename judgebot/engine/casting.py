"""Casting spells (601.2) and putting copies of spells on the stack (707.10).

Casting follows 601.2: the engine first checks that the whole proposal is
legal (timing, permission to cast from that zone, targets, costs it can pay)
and refuses it with the rule that forbids it otherwise (an illegal proposal
never changes the game, 601.2e); then the card moves to the stack, costs are
paid, the spell becomes cast and "cast" abilities trigger. A card may also be
cast while an ability resolves (suspend, madness: 608.2g).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations, combinations_with_replacement
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Cost,
    Filter,
    Keyword,
    SpellAbility,
    StaticAbility,
    spell_ability,
    statics,
)
from judgebot.engine.apply import new_object
from judgebot.engine.conditions import holds
from judgebot.engine.costs import (
    check_costs,
    cost_reduction,
    pay_costs,
    pay_mana,
    restricted_mana,
)
from judgebot.engine.errors import IllegalAction, Unsupported
from judgebot.engine.events import Happened, Move, Tap
from judgebot.engine.filters import View, amount, chars_match, matches
from judgebot.engine.layers import base_chars, face_down_chars
from judgebot.engine.mana import ManaCost
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.rules import may_play_from_exile, target_legal
from judgebot.engine.special import foretold_castable, plotted_castable
from judgebot.engine.state import FUSED, CardDef, CastInfo, Chars, Game, GameObject, face_up
from judgebot.engine.targeting import (
    choose_targets,
    divide_among,
    enchant_spec,
    legal_targets,
    mode_parts,
    notice_targeted,
    spliced_ability,
    targets_text,
)
from judgebot.engine.timing import (
    has_flash,
    sorcery_speed_only,
    sorcery_timing,
    split_second_on_stack,
)
from judgebot.engine.triggers import notice
from judgebot.messages import Joined, Name, msg

FACE_DOWN_COST = ManaCost.parse("{3}")
# The alternative costs (118.9) a cast may pay.
ALT_COSTS = ("flashback", "morph", "madness", "evoke", "free", "suspend", "dash", "disturb",
             "alternative", "overload", "foretell", "awaken", "miracle", "escape", "cleave",
             "plot")
# The ways a spell is cast that the log says ("casts X with flashback").
CAST_HOW = ("flashback", "morph", "madness", "suspend", "evoke", "free", "dash", "disturb",
            "alternative", "overload", "foretell", "awaken", "miracle", "escape", "cleave",
            "plot")


@dataclass
class CastRequest:
    player: str
    oid: int
    targets: list[list[Any]] | None = None  # None: let the player choose
    x: int = 0
    modes: tuple[int, ...] = ()
    alt_cost: str = ""
    additional: tuple[str, ...] = ()
    half: str = ""
    division: dict[Any, int] = field(default_factory=dict)
    free: bool = False  # without paying its mana cost
    ignore_timing: bool = False
    during_resolution: bool = False
    discard: list[int] = field(default_factory=list)
    sacrifice: list[int] = field(default_factory=list)
    # What pays part of the total cost instead of mana (601.2h): the creatures tapped for
    # convoke (702.51a), the artifacts tapped for improvise (702.126a), the cards exiled
    # from the graveyard for delve (702.66a)
    convoke: list[int] = field(default_factory=list)
    improvise: list[int] = field(default_factory=list)
    delve: list[int] = field(default_factory=list)
    splice: list[int] = field(default_factory=list)  # cards in hand spliced onto it (702.47)
    splice_cost: ManaCost = field(default_factory=ManaCost)  # their splice costs, in total
    assist: tuple[str, int] | None = None  # another player paying this much generic mana


# --- timing --------------------------------------------------------------------------------


# --- costs --------------------------------------------------------------------------------


# --- casting --------------------------------------------------------------------------------
def _spell_chars(game: Game, req: CastRequest, obj: GameObject) -> tuple[Chars, Any]:
    """The characteristics the spell will have on the stack (601.2a, 708.4, 709.3)."""
    if req.alt_cost == "morph":
        return face_down_chars(obj, req.player), None
    probe = GameObject(obj.id, obj.card, obj.owner, req.player, "stack", 0,
                       cast=CastInfo(half=req.half, x=req.x, alt_cost=req.alt_cost))
    card = face_up(probe)
    c = base_chars(game, probe)
    current = game.chars(obj.id)
    # Abilities granted to the card where it is (flashback from Past in Flames ...).
    extra = tuple(a for a in current.abilities if a not in card.abilities)
    c.abilities = c.abilities + extra
    return c, card


def cast(game: Game, req: CastRequest) -> GameObject:
    """Cast a spell (601.2). Raises IllegalAction before anything changes if illegal."""
    obj = game.objects.get(req.oid)
    if obj is None:
        raise IllegalAction(msg("casting.cast.2"), (R.CAST,))
    player = req.player
    card_name = obj.card.name
    if obj.card.split and not req.half:
        raise IllegalAction(msg("casting.cast.3", card_name=card_name), (R.SPLIT_CAST,))
    if req.alt_cost == "disturb" and not req.half and obj.card.other is not None:
        req.half = obj.card.other.name  # cast transformed: its back face (702.146a)
    fused = req.half == FUSED
    if fused and (not obj.card.split or obj.zone != "hand" or not any(
            isinstance(a, SpellAbility) for a in obj.card.abilities)):
        raise IllegalAction(msg("casting.no_fuse", name=card_name), (R.FUSE,))
    _check_face(game, req, obj)
    c, half = _spell_chars(game, req, obj)
    name = c.name or card_name
    # Permission: where the card is, and with which cost.
    zone = obj.zone
    alt = req.alt_cost
    from_exile = zone == "exile" and not req.during_resolution and \
        may_play_from_exile(game, obj, player)
    if obj.owner != player and zone != "stack" and not from_exile:
        raise IllegalAction(msg("casting.cast.4", player=player, card_name=card_name), (R.CAST,))
    aftermath = c.keyword("aftermath") is not None and not fused
    if aftermath and zone != "graveyard":  # 702.127a: only from a graveyard
        raise IllegalAction(msg("casting.aftermath_only_graveyard", name=name),
                            (R.AFTERMATH,))
    if zone == "graveyard" and alt == "disturb":
        if game.chars(req.oid).keyword("disturb") is None:
            raise IllegalAction(msg("casting.no_disturb", name=card_name), (R.DISTURB,))
    elif alt == "disturb":
        raise IllegalAction(msg("casting.no_disturb", name=card_name), (R.DISTURB,))
    elif zone == "graveyard" and not aftermath:
        # The card's characteristics where it is (an effect may have removed flashback).
        here = game.chars(req.oid)
        ways = [k for k in ("flashback", "jump-start", "retrace", "escape")
                if here.keyword(k) is not None]
        wanted = alt.replace("_", "-") if alt else ""
        if wanted in ways:
            alt = wanted.replace("-", "_")
        elif ways and not alt:
            alt = ways[0].replace("-", "_")
        else:
            raise IllegalAction(msg("casting.cast.16", name=name), (R.CAST, R.FLASHBACK))
    if zone == "hand" and alt == "flashback":
        raise IllegalAction(msg("casting.cast.5"), (R.FLASHBACK,))
    if zone not in ("hand", "graveyard", "exile") and not req.during_resolution:
        raise IllegalAction(msg("casting.cast.6", name=name, zone=zone), (R.CAST,))
    foretold = alt == "foretell" and not req.during_resolution and \
        foretold_castable(game, obj, player)
    if alt == "foretell" and not foretold:
        raise IllegalAction(msg("casting.not_foretold", name=name), (R.FORETELL,))
    plotted = alt == "plot" and not req.during_resolution and \
        plotted_castable(game, obj, player)
    if alt == "plot" and not plotted:
        raise IllegalAction(msg("casting.not_plotted", name=name), (R.PLOT_CAST,))
    foretold = foretold or plotted
    if zone == "exile" and not req.during_resolution and not from_exile and not foretold and \
            not _on_adventure(obj, player, req):
        raise IllegalAction(msg("casting.cast.7", name=name, player=player),
                            (R.CAST,))
    if "land" in c.types:
        raise IllegalAction(msg("casting.cast.8", name=name), (R.LAND_PLAY,))
    if alt == "flashback" and not ({"instant", "sorcery"} & c.types):
        raise IllegalAction(msg("casting.cast.9"), (R.FLASHBACK,))
    if alt == "morph" and game.chars(req.oid).keyword("morph") is None:
        raise IllegalAction(msg("casting.cast.10", card_name=card_name),
                            (R.MORPH,))
    if alt == "madness" and not req.during_resolution:
        raise IllegalAction(msg("casting.cast.11"), (R.MADNESS,))
    if alt == "miracle" and not req.during_resolution:
        raise IllegalAction(msg("casting.miracle_only_revealed", name=name), (R.MIRACLE,))
    if alt == "dash" and c.keyword("dash") is None:
        raise IllegalAction(msg("casting.no_dash", name=name), (R.DASH,))
    if alt == "evoke" and c.keyword("evoke") is None:
        raise IllegalAction(msg("casting.cast.12", name=name), (R.EVOKE,))
    # Prohibitions.
    if obj.chosen.get("cant_play_until"):
        raise IllegalAction(msg("casting.cant_play_card", name=name), (R.CAST,))
    for p in active_prohibitions(game, "cant_cast"):
        if p.params.get("player") == player and (p.params.get("filter") is None or
                                                  chars_match(p.params["filter"], c, player)):
            raise IllegalAction(msg("casting.cast.17", player=player, text=p.text),
                                p.rules or (R.CAST,))
    ss = split_second_on_stack(game)
    if ss:
        raise IllegalAction(msg("casting.cast.13", ss=ss), (R.SPLIT_SECOND,))
    # Timing.
    if not req.ignore_timing:
        paid_flash = "flash" in req.additional and _flash_for_more(c) is not None
        instant_speed = "instant" in c.types or paid_flash or \
            has_flash(game, player, req.oid, c) and \
            alt != "morph" or (alt == "morph" and has_flash(game, player, req.oid,
                                                             game.chars(req.oid)))
        teferi = sorcery_speed_only(game, player)
        if teferi or alt == "plot":  # a plotted card is cast as a sorcery (702.170d)
            instant_speed = False
        if not instant_speed:
            why = sorcery_timing(game, player)
            if game.priority is not None and game.priority != player:
                why = why or msg("timing.no_priority", player=player)
            if why:
                raise IllegalAction(msg("casting.not_now", player=player, name=name, why=why,
                                        kind=msg("casting.creature_spell" if "creature" in c.types
                                                 else "casting.noninstant_spell"),
                                        teferi=msg("casting.teferi", teferi=teferi) if teferi
                                        else msg("list.nothing"),
                                        flashback=msg("casting.flashback_timing")
                                        if alt == "flashback" else msg("list.nothing")),
                                    (R.SORCERY, R.PRIORITY_INSTANT)
                                    + ((R.FLASHBACK,) if alt == "flashback" else ()))
    # "Cast this spell only during combat …" (601.3)
    for ab in statics(c.abilities):
        # (a restriction still applies when an effect lets it be cast: 601.3)
        if ab.kind == "cast_only" and not holds(game, ab.params.get("condition"), req.oid,
                                                player):
            raise IllegalAction(msg("casting.cast_only", name=name,
                                    text=ab.text.replace("~", name)),
                                ab.rules or (R.CAST_ONLY,))
    # Modes and targets.
    sab = spell_ability(c.abilities) or SpellAbility()
    spliced = _splices(game, req, c, sab, name)
    if spliced:
        sab = spliced_ability(sab, spliced)
    if sab.modes and sab.wider is not None:
        sab = _wider_modes(game, player, sab, req, name)
    if sab.modes and "entwine" in req.additional and c.keyword("entwine") is not None:
        # entwine: all the modes instead of the number specified (702.42a)
        if req.modes and tuple(sorted(req.modes)) != tuple(range(1, len(sab.modes) + 1)):
            raise IllegalAction(msg("casting.entwine_all", name=name), (R.ENTWINE,))
        req.modes = tuple(range(1, len(sab.modes) + 1))
    elif sab.modes and not req.modes and alt != "morph":
        req.modes = _choose_modes(game, player, sab, req, c, name)
    elif sab.modes and alt != "morph" and tuple(sorted(req.modes)) not in mode_combinations(sab):
        raise IllegalAction(msg("targeting.choose_modes", n=_mode_count(sab),
                                modes="; ".join(f"{i + 1}. {m[2].replace('~', name)}"
                                                for i, m in enumerate(sab.modes))),
                            (R.MODAL, R.CAST_MODES))
    specs, effects = mode_parts(sab, req.modes)
    if alt == "morph":
        specs = ()
    aura = "Aura" in c.subtypes
    if aura:
        specs = (enchant_spec(c),)
    targets = choose_targets(game, player, specs, req.targets, c, req.oid, True, name,
                             x=req.x)
    division = dict(req.division)
    if any(s.divide for s in specs):
        division = divide_among(game, player, specs, targets, division, sab, req.x, name)
    # Total cost (601.2f).
    mana, extra_cost = _total_cost(game, req, c, obj, alt, targets)
    if extra_cost is not None:
        check_costs(game, player, extra_cost, req.oid, targets, name)
        if extra_cost.discard_filter is not None and req.discard:
            view = View(game)
            for o in req.discard:
                if o not in game.players[player].hand or not matches(
                        extra_cost.discard_filter, view, o, player):
                    raise IllegalAction(msg("costs.wrong_discard", name=name,
                                            card=game.label(o), cost=str(extra_cost)),
                                        (R.CAST_PAY,))
    mana, helpers = _helpers(game, req, c, mana, name)
    mana = _assisted(game, req, c, mana, name)
    game.extra["paying_for"] = c  # mana that may be spent only on some spells (106.6)
    try:
        payable = req.free or pay_mana(game, player, mana, name, check_only=True,
                                       exclude={o for o, _k, _s in helpers} or None)
    finally:
        game.extra.pop("paying_for", None)
    if not payable:
        raise IllegalAction(msg("casting.cast.14", player=player, mana=mana, name=name),
                            (R.CAST_TOTAL_COST, R.CAST_PAY)
                            + ((R.MANA_RESTRICTED,) if restricted_mana(game, player) else ())
                            + tuple(_cost_change_rules(game, player, c))
                            + tuple(_self_change_rules(game, player, c, targets, req.oid)))
    # Everything is legal: do it.
    info = CastInfo(from_zone=zone, alt_cost=alt, additional=tuple(req.additional), x=req.x,
                    half=req.half, cast=True, spliced=spliced,
                    controller_main_phase=game.active == player and game.step in
                    ("precombat_main", "postcombat_main"))
    mv = perform(game, [Move(cause="cast", oid=req.oid, to_zone="stack", reason="cast",
                             controller=player, face_down=(alt == "morph"), cast_info=info,
                             rules=(R.CAST_MOVE,))])
    if not mv:
        raise IllegalAction(msg("casting.cast.15", name=name), (R.CAST,))
    spell = game.objects[mv[0].new_id]
    spell.targets = targets
    spell.division = division
    spell.modes = tuple(req.modes)
    if "gift" in req.additional and c.keyword("gift") is not None:
        # the gift is promised to an opponent, chosen as the spell is cast (702.174a)
        opponents = game.opponents(player)
        if opponents:
            i = game.chooser.choose(player, "chosen_player", opponents,
                                    keys=("chosen_player", "gift"), note=f"gift of {name}")
            spell.chosen["player"] = opponents[i]
    how: list[Any] = [msg(f"cast.how.{alt}")] if alt in CAST_HOW else []
    if req.additional:
        how.append(msg("cast.paying", costs=Joined(tuple(req.additional), "list.and")))
    tgt = targets_text(game, targets)
    rules = [R.CAST, R.CAST_TARGETS, R.TARGETS] if targets and any(targets) else [R.CAST]
    if division and any(s.divide for s in specs):
        rules.append(R.CAST_DIVIDE)
    if spell.modes:
        rules += [R.MODAL, R.CAST_MODES]
        if sab.mode_costs:
            rules += [R.MODE_COST] + [R.SPREE if c.keyword("spree") else R.TIERED
                                      if c.keyword("tiered") else R.MODE_COST]
        if c.keyword("escalate") is not None and len(spell.modes) > 1:
            rules += [R.ESCALATE, R.CAST_TOTAL_COST]
        if "entwine" in req.additional:
            rules += [R.ENTWINE, R.CAST_TOTAL_COST]
        if sab.mode_costs:
            rules.append(R.CAST_TOTAL_COST)
        if len(set(spell.modes)) < len(spell.modes) or sab.choose_min or sab.same_mode_twice:
            rules.append(R.MODE_REPEATED)
    if sab.optional_costs:  # "sacrifice a creature or pay {4}": the choice announced (601.2b)
        rules += [R.ADDITIONAL_COST, R.CAST_MODES]
    elif extra_cost is not None and extra_cost is sab.additional_cost:
        rules.append(R.ADDITIONAL_COST)
    elif extra_cost is not None and sab.additional_cost is not None and \
            (sab.additional_cost.discard_x or sab.additional_cost.pay_life_x or
             sab.additional_cost.exile_graveyard_x is not None):
        # "discard X cards", "pay X life": X announced (601.2b)
        rules += [R.ADDITIONAL_COST, R.CAST_MODES]
    rules.extend(_cost_change_rules(game, player, c))
    rules.extend(r for r in _self_change_rules(game, player, c, targets, req.oid)
                 if r not in rules)
    if aftermath:
        rules.append(R.AFTERMATH)
    if fused:
        rules += [R.FUSE, R.FUSE_COST, R.SPLIT_COMBINED]
    elif obj.card.split:
        rules += [R.SPLIT_CAST, R.SPLIT_STACK]
    layout = obj.card.layout
    if obj.card.other is not None and req.half:
        rules += {"adventure": [R.ADVENTURE_CAST, R.ADVENTURE_STACK],
                  "omen": [R.OMEN_CAST, R.OMEN_STACK]}.get(layout, [R.MDFC_CAST, R.MDFC_FACE]) \
            if alt != "disturb" else []
    elif obj.card.other is not None:
        rules += {"adventure": [R.ADVENTURE_CAST, R.ADVENTURE_NORMAL],
                  "omen": [R.OMEN_CAST, R.OMEN_NORMAL]}.get(
                      layout, [R.DFC_CAST_FRONT, R.DFC_FRONT_ELSEWHERE])
    if zone == "exile" and _on_adventure(obj, player, req):
        rules.append(R.ADVENTURE_EXILE)
    rules.extend({"flashback": [R.FLASHBACK], "morph": [R.MORPH, R.MORPH_CAST,
                                                         R.FACE_DOWN_CAST, R.FACE_DOWN],
                  "madness": [R.MADNESS_ALT_COST], "suspend": [R.SUSPEND],
                  "evoke": [R.EVOKE], "dash": [R.DASH],
                  "overload": [R.OVERLOAD, R.OVERLOAD_TEXT, R.OVERLOAD_NO_TARGETS],
                  "foretell": [R.FORETELL],
                  "awaken": [R.AWAKEN, R.AWAKEN_TARGET], "miracle": [R.MIRACLE],
                  "escape": [R.ESCAPE], "cleave": [R.CLEAVE], "plot": [R.PLOT_CAST],
                  "disturb": [R.DISTURB, R.DFC_CAST_TRANSFORMED]}.get(alt, []))
    if alt in ALT_COSTS or req.free:
        rules.append(R.ALT_COST)
    if alt == "alternative":
        rules += [r for r in game.extra.pop("alt_rules", ()) if r not in rules]
    if alt in ("jump_start", "retrace"):
        rules += [R.JUMP_START if alt == "jump_start" else R.RETRACE, R.ADDITIONAL_COST]
    if "Aura" in c.subtypes and targets and any(targets):
        rules.append(R.AURA_TARGET)
    if "buyback" in req.additional:
        rules.append(R.BUYBACK)
    if c.has("split second"):
        rules.append(R.SPLIT_SECOND)
    if "instant" not in c.types and not req.ignore_timing and sorcery_timing(game, player) and \
            (has_flash(game, player, req.oid, c) or "flash" in req.additional):
        rules.append(R.FLASH)
    if "flash" in req.additional:
        rules.append(R.CAST_TOTAL_COST)
    if "kicker" in req.additional:
        rules.append(R.KICKER)
    if "bargain" in req.additional:
        rules += [R.BARGAIN, R.ADDITIONAL_COST]
    for kw_name, rule in (("casualty", R.CASUALTY), ("conspire", R.CONSPIRE),
                          ("replicate", R.REPLICATE)):
        if kw_name in req.additional:
            rules += [rule, R.ADDITIONAL_COST]
    if "multikicker" in req.additional:
        rules.append(R.MULTIKICKER)
    if "gift" in req.additional:
        rules.append(R.GIFT)
    if spliced:  # revealed as it is cast, the splice costs in its total cost (702.47a)
        game.log.add("reveal", msg("casting.splices", player=player, name=name,
                                   cards=Joined(tuple(game.label(o) for o in req.splice))),
                     (R.SPLICE, R.SPLICE_ONCE, R.SPLICE_TEXT, R.CAST_TOTAL_COST))
    if from_exile:
        rules.append(R.PLAY_FROM_EXILE)
    if req.x and c.mana_cost is not None and c.mana_cost.x_count:
        how.append(msg("cast.with_x", x=req.x))
        rules += [R.CAST_MODES, R.X_VALUE]
    if game.stack[:-1]:
        rules.append(R.RESPONSE)
        below = game.stack[-2]
        if getattr(below, "controller", None) == player and game.log.entries and \
                game.log.entries[-1].event in ("cast", "activate", "pay", "mana"):
            rules.append(R.PRIORITY_HOLD)  # the same player acts again: holding priority
    shown = msg("cast.face_down_spell", name=Name(card_name, obj.card.zh_name)) \
        if alt == "morph" else game.label(spell.id) if name == game.name_of(spell.id) \
        else Name(name)
    game.log.add("cast", msg("casting.cast", player=player, shown=shown,
                             how=Joined(tuple(how), "list.nothing"), tgt=tgt),
        rules, player=player,
                 card=card_name)
    if helpers:
        _pay_with_helpers(game, player, helpers, name)
    game.extra["paying_for"] = c
    game.extra.pop("spent", None)
    game.extra.pop("spent_unknown", None)
    try:
        if req.assist is not None:
            helper, n = req.assist
            game.log.add("pay", msg("casting.assist_pays", player=helper, n=n, name=name),
                         (R.ASSIST,))
            pay_mana(game, helper, ManaCost.parse(str(n)), name)
        if not req.free:
            if extra_cost is not None:
                pay_costs(game, player, extra_cost, spell.id, name, mana=mana,
                          sacrifice_choice=req.sacrifice or None,
                          discard_choice=req.discard or None)
            else:
                pay_mana(game, player, mana, name)
        elif extra_cost is not None:
            pay_costs(game, player, extra_cost, spell.id, name, mana=ManaCost())
    finally:
        game.extra.pop("paying_for", None)
        spent = game.extra.pop("spent", Counter())
        if spell.cast is not None:
            spell.cast.spent = None if game.extra.pop("spent_unknown", False) else \
                tuple(sorted(spent.elements()))
    before = len(game.record.spells_cast)
    # what its caster controlled as it was cast ("if you … controlled a Dragon as you cast
    # this spell")
    spell.chosen["controlled_at_cast"] = tuple(o for o in game.battlefield
                                               if game.controller_of(o) == player)
    game.record.spells_cast.append((player, spell.id))
    notice(game, [Happened(what="cast", data={"spell": spell.id, "player": player,
                                              "before": before})], None)
    notice_targeted(game, spell.id, targets, True)
    game.priority = player
    game.passes = 0
    return spell


def _splices(game: Game, req: CastRequest, c: Chars, sab: SpellAbility, name: str
             ) -> tuple[CardDef, ...]:
    """The cards revealed from hand to splice onto this spell (702.47a): each has "Splice
    onto [quality]" the spell has, isn't the spell, and is spliced once (702.47b); their
    splice costs are added to the total cost (601.2f)."""
    if not req.splice:
        return ()
    out: list[CardDef] = []
    cost = ManaCost()
    for oid in req.splice:
        card = game.objects.get(oid)
        kw = game.chars(oid).keyword("splice") if card is not None else None
        if card is None or card.zone != "hand" or card.owner != req.player or oid == req.oid \
                or req.splice.count(oid) > 1:
            raise IllegalAction(msg("casting.splice_card", name=name,
                                    card=game.name_of(oid) if card else "?"), (R.SPLICE_ONCE,))
        if kw is None or not (kw.quality == "arcane" and "Arcane" in c.subtypes or
                              kw.quality == "instant or sorcery" and
                              c.types & {"instant", "sorcery"}):
            raise IllegalAction(msg("casting.splice_quality", name=name, card=game.name_of(oid)),
                                (R.SPLICE,))
        if sab.modes or any(isinstance(a, SpellAbility) and a.modes
                            for a in card.card.abilities):
            raise Unsupported(msg("casting.splice_modal", name=name))
        out.append(card.card)
        cost = cost.plus(kw.cost)
    req.splice_cost = cost
    return tuple(out)


def _check_face(game: Game, req: CastRequest, obj: GameObject) -> None:
    """The face a card with two faces is cast with: the front face (712.11), the face the
    caster chooses of a modal double-faced card (712.11b), the Adventure or the creature of
    an adventurer card (715.3). A transforming card's back face isn't cast (712.8c)."""
    card = obj.card
    if card.split or not req.half:
        return
    if req.half == card.name or req.half in card.names:
        req.half = ""
        return
    other = card.other
    if other is None or req.half not in (other.name, *other.names, other.zh_name):
        raise IllegalAction(msg("casting.no_such_face", name=card.name, face=req.half),
                            (R.CAST,))
    req.half = other.name
    if card.layout not in ("modal_dfc", "adventure", "omen") and req.alt_cost != "disturb":
        raise IllegalAction(msg("casting.back_face", name=card.name, face=other.name),
                            (R.DFC_FRONT_ELSEWHERE, R.CAST))
    if card.layout == "adventure" and obj.zone == "exile" and obj.chosen.get("adventure"):
        raise IllegalAction(msg("casting.adventure_again", name=card.name, face=other.name),
                            (R.ADVENTURE_EXILE,))


def _on_adventure(obj: GameObject, player: str, req: CastRequest) -> bool:
    """A card exiled as its Adventure resolved: its controller may cast it from exile, not
    as an Adventure (715.3d)."""
    return obj.card.layout == "adventure" and obj.chosen.get("adventure") == player and \
        not req.half


def _wider_modes(game: Game, player: str, sab: SpellAbility, req: CastRequest,
                 name: str) -> SpellAbility:
    """"Choose one. If this spell was kicked, choose any number instead": the condition is
    checked as the modes are chosen (601.2b), a kicker announced with them counting; when
    it holds, the spell allows more modes."""
    assert sab.wider is not None
    cond, least, most = sab.wider
    if cond == ("kicked",):
        holds_now = "kicker" in req.additional or "multikicker" in req.additional
    else:
        holds_now = holds(game, cond, req.oid, player)
    if not holds_now:
        return sab
    game.log.add("rule", msg("casting.wider_modes", name=name), (R.MODAL, R.CAST_MODES))
    return replace(sab, choose=min(most, len(sab.modes)), choose_min=least)


def _choose_modes(game: Game, player: str, sab: SpellAbility, req: CastRequest, c: Chars,
                  name: str) -> tuple[int, ...]:
    """The caster chooses the mode(s) as the spell is cast (601.2b): from a ``choose:
    {mode: N}`` answer, or left open (each option played out). Modes whose targets the
    given targets can't fill are not offered."""
    combos = mode_combinations(sab)
    if req.targets:
        def fits(combo: tuple[int, ...]) -> bool:
            specs = [s for m in combo for s in sab.modes[m - 1][1]]
            if len(specs) != len(req.targets):
                return False
            return all(all(target_legal(game, spec, t, player, c, req.oid, True)[0]
                           for t in slot) for spec, slot in zip(specs, req.targets,
                                                                strict=False))
        combos = [k for k in combos if fits(k)] or combos
    labels = [" and ".join(f"{m}. {sab.modes[m - 1][2].replace('~', name)}" for m in k)
              for k in combos]

    def match(value: Any) -> int | None:
        wanted = value if isinstance(value, list) else [value]
        try:
            key = tuple(sorted(int(w) for w in wanted))
        except (TypeError, ValueError):
            return next((i for i, lab in enumerate(labels)
                         if str(value).lower() in lab.lower()), None)
        return combos.index(key) if key in combos else None
    index = game.chooser.choose(player, "mode", labels, keys=("mode", "modes"), match=match,
                                note=f"mode of {name} (chosen as it is cast)")
    game.log.add("choice", msg("casting.choose_modes", player=player, name=name,
                               value=labels[index]),
                 (R.MODAL, R.CAST_MODES))
    return combos[index]


def mode_combinations(sab: SpellAbility) -> list[tuple[int, ...]]:
    """Every set of modes the caster may choose (700.2): exactly ``choose``, or from
    ``choose_min`` to ``choose`` ("one or both", "one or more"); a mode chosen more than
    once where the spell allows it (700.2d)."""
    n = len(sab.modes)
    sizes = range(sab.choose_min or sab.choose, sab.choose + 1)
    pick = combinations_with_replacement if sab.same_mode_twice else combinations
    return [k for size in sizes for k in pick(range(1, n + 1), min(size, n) if not
                                              sab.same_mode_twice else size)]


def _mode_costs(c: Chars, sab: SpellAbility | None, modes: tuple[int, ...]) -> ManaCost:
    """The additional costs the chosen modes bring: each mode's own (spree, tiered: 700.2h),
    escalate's for each mode beyond the first (702.120a)."""
    out = ManaCost()
    if sab is None or not sab.modes or not modes:
        return out
    for m in modes:
        if sab.mode_costs and 1 <= m <= len(sab.mode_costs) and sab.mode_costs[m - 1]:
            out = out.plus(sab.mode_costs[m - 1])
    esc = c.keyword("escalate")
    if esc is not None and isinstance(esc.cost, ManaCost):
        for _ in range(len(modes) - 1):
            out = out.plus(esc.cost)
    return out


def _flash_for_more(c: Chars) -> ManaCost | None:
    """What "You may cast this spell as though it had flash if you pay {2} more to cast it"
    adds to the cost (601.2f), if the spell says so."""
    for ab in statics(c.abilities):
        if ab.kind == "flash_for_more":
            return ab.params["cost"]
    return None


def _alternative(game: Game, req: CastRequest, c: Chars, obj: GameObject,
                 extra: Cost | None) -> tuple[ManaCost, Cost | None]:
    """The card's own alternative cost ("You may pay 1 life and exile a blue card from your
    hand rather than pay this spell's mana cost", 118.9): its mana, and its other parts to
    pay; a condition ("If an opponent …, you may …") must hold as it is cast (601.2f)."""
    alts = [ab for ab in statics(c.abilities) if ab.kind == "alternative_cost"]
    if not alts:
        raise IllegalAction(msg("casting.no_alternative_cost", name=c.name), (R.ALT_COST,))
    usable = [ab for ab in alts if ab.params.get("condition") is None or
              holds(game, ab.params["condition"], obj.id, req.player)]
    if not usable:
        raise IllegalAction(msg("casting.alternative_cost_condition", name=c.name,
                                text=alts[0].text.replace("~", c.name)), (R.ALT_COST,))
    cost: Cost = usable[0].params["cost"]
    # the keyword that gives it (surge 702.117a, spectacle 702.137a), for the log
    game.extra["alt_rules"] = tuple(r for r in usable[0].rules if r != R.ALT_COST)
    if cost.is_mana_only():
        return cost.mana, extra
    if extra is not None:
        raise Unsupported(msg("casting.two_additional_costs", name=c.name))
    return cost.mana, cost


def _mode_count(sab: SpellAbility) -> str:
    low = sab.choose_min or sab.choose
    return str(sab.choose) if low == sab.choose else f"{low}–{min(sab.choose, len(sab.modes))}"


def _total_cost(game: Game, req: CastRequest, c: Chars, obj: GameObject, alt: str,
                targets: list[list[Any]] | None = None) -> tuple[ManaCost, Cost | None]:
    sab = spell_ability(c.abilities)
    extra: Cost | None = sab.additional_cost if sab else None
    if req.free or alt in ("suspend", "free", "plot"):
        base = ManaCost()
    elif alt == "morph":
        base = FACE_DOWN_COST
    elif alt in ("flashback", "madness", "evoke", "dash", "disturb", "overload", "foretell",
                 "awaken", "miracle", "escape", "cleave"):
        # madness and disturb: the card's keyword where it is (disturb is on the front face,
        # the spell is its back face: 702.146a)
        kw = (c if alt not in ("madness", "disturb") else game.chars(obj.id)).keyword(alt)
        if kw is None:
            raise IllegalAction(msg("casting.total_cost.2", name=c.name, alt=alt),
                (R.CAST_TOTAL_COST,))
        cost = kw.cost
        if isinstance(cost, Cost) and extra is not None and not cost.is_mana_only():
            # two non-mana costs to pay at once ("Escape—{R}{R}, Exile three other cards" on
            # a spell with its own additional cost): not simulated rather than one dropped
            raise Unsupported(msg("casting.two_additional_costs", name=c.name))
        if isinstance(cost, Cost):
            extra = cost if extra is None else extra
            base = cost.mana
        else:
            base = cost or ManaCost()
    elif alt == "alternative":
        base, extra = _alternative(game, req, c, obj, extra)
    elif alt in ("jump_start", "retrace"):
        # cast from the graveyard by discarding a card (a land card) in addition to paying
        # its other costs (702.133a, 702.81a)
        if c.mana_cost is None:
            raise IllegalAction(msg("casting.total_cost.4", name=c.name), (R.CAST_TOTAL_COST,))
        base = c.mana_cost.with_x(req.x)
        if extra is not None:
            raise Unsupported(msg("casting.two_additional_costs", name=c.name))
        extra = Cost(discard=1, discard_filter=Filter(types=frozenset({"land"}), zone="hand")
                     if alt == "retrace" else None,
                     text="discard a land card" if alt == "retrace" else "discard a card")
    elif alt:
        raise Unsupported(msg("casting.total_cost.3", alt=alt))
    else:
        if c.mana_cost is None:
            if obj.card.source == "inline":
                game.log.add("default", msg("casting.total_cost.5", name=c.name),
                             (R.CAST_TOTAL_COST,))
                return ManaCost(), extra
            raise IllegalAction(msg("casting.total_cost.4", name=c.name), (R.CAST_TOTAL_COST,))
        base = c.mana_cost.with_x(req.x)
    base = base.plus(_mode_costs(c, sab, req.modes)).plus(req.splice_cost)
    for add in req.additional:
        if add == "flash" and (more := _flash_for_more(c)) is not None:
            # "You may cast this spell as though it had flash if you pay {2} more"
            base = base.plus(more)
            continue
        kw = c.keyword(add)
        if kw is not None and kw.cost is None:  # gift: a promise, no cost to pay (702.174a)
            continue
        if kw is None:
            opt = dict(sab.optional_costs) if sab else {}
            if add in opt:
                # "discard a card or pay {5}": the chosen option replaces the default.
                extra = None
                base = base.plus(opt[add].mana)
                if not opt[add].is_mana_only():
                    extra = opt[add]
                continue
            if add == "discard" and extra is not None:
                continue
            raise IllegalAction(msg("casting.total_cost", name=c.name, add=add),
                (R.CAST_TOTAL_COST,))
        if isinstance(kw.cost, Cost) and not kw.cost.is_mana_only():
            # a non-mana additional cost ("Entwine—Sacrifice a creature"): paid with the rest
            if extra is not None:
                raise Unsupported(msg("casting.two_additional_costs", name=c.name))
            extra = kw.cost
        base = base.plus(kw.cost if isinstance(kw.cost, ManaCost) else kw.cost.mana)
    more, less = _self_change(game, req.player, c, targets or [], req.oid)
    base = base.plus(more)
    reduction = cost_reduction(game, req.player, c) + _self_reduction(game, req.player, c)
    if reduction < 0:  # cost increases (601.2f)
        base = base.plus(ManaCost((str(-reduction),)))
    elif reduction and base.symbols:
        base = base.reduced(reduction)
    if less.symbols and base.symbols:
        base = _less(base, less)
    if extra is not None and extra.discard_x:  # "discard X cards": X as announced (601.2b)
        extra = replace(extra, discard=req.x, discard_x=False)
    if extra is not None and extra.pay_life_x:  # "pay X life": X as announced (601.2b)
        extra = replace(extra, pay_life=req.x, pay_life_x=False)
    if extra is not None and extra.exile_graveyard_x is not None:  # X cards, as announced
        extra = replace(extra, exile_from_graveyard=(extra.exile_graveyard_x, req.x) if req.x
                        else None, exile_graveyard_x=None)
    return base, extra


# Keywords that let objects pay part of a spell's total cost, and what each pays with.
HELPERS = {"convoke": R.CONVOKE, "improvise": R.IMPROVISE, "delve": R.DELVE}


def _assisted(game: Game, req: CastRequest, c: Chars, mana: ManaCost, name: str
              ) -> ManaCost:
    """Assist (702.132a): another player the caster chooses pays up to the generic part of
    the total cost; the caster pays the rest."""
    if req.assist is None:
        return mana
    helper, n = req.assist
    if c.keyword("assist") is None:
        raise IllegalAction(msg("casting.helpers.no_keyword", name=name, keyword="assist"),
                            (R.ASSIST,))
    if helper == req.player or helper not in game.players or n < 1 or n > mana.generic:
        raise IllegalAction(msg("casting.assist_illegal", name=name, player=helper, n=n,
                                generic=mana.generic), (R.ASSIST,))
    if not pay_mana(game, helper, ManaCost.parse(str(n)), name, check_only=True):
        raise IllegalAction(msg("casting.cast.14", player=helper, mana=ManaCost.parse(str(n)),
                                name=name), (R.ASSIST, R.CAST_PAY))
    return mana.reduced(n)


def _helpers(game: Game, req: CastRequest, c: Chars, mana: ManaCost, name: str
             ) -> tuple[ManaCost, list[tuple[int, str, str]]]:
    """The part of the total cost the chosen objects pay, and what remains for mana.

    Convoke: each untapped creature you control pays {1} or one mana of one of its
    colours (702.51a); improvise: each untapped artifact pays {1} (702.126a); delve: each
    card exiled from your graveyard pays {1} (702.66a). None of them changes the total
    cost (702.51b, 702.66b, 702.126b); they are paid for it (601.2h)."""
    chosen = {"convoke": req.convoke, "improvise": req.improvise, "delve": req.delve}
    if not any(chosen.values()):
        return mana, []
    left = list(mana.symbols)
    out: list[tuple[int, str, str]] = []
    seen: set[int] = set()
    view = View(game)
    for kw, ids in chosen.items():
        if not ids:
            continue
        if c.keyword(kw) is None:
            raise IllegalAction(msg("casting.helpers.no_keyword", name=name, keyword=kw),
                                (HELPERS[kw],))
        for oid in ids:
            obj = game.objects.get(oid)
            label = game.label(oid)
            ok = obj is not None and oid not in seen and oid != req.oid
            if ok and kw == "delve":
                ok = obj.zone == "graveyard" and obj.owner == req.player
            elif ok:
                oc = view.chars(oid)
                ok = obj.zone == "battlefield" and not obj.tapped and \
                    game.controller_of(oid) == req.player and \
                    (oc.is_creature if kw == "convoke" else "artifact" in oc.types)
            if not ok:
                raise IllegalAction(msg(f"casting.helpers.cant_{kw}", name=label,
                                        player=req.player), (HELPERS[kw],))
            seen.add(oid)
            colors = view.chars(oid).colors if kw == "convoke" else frozenset()
            # a colour of this creature that the cost still needs first, else generic
            sym = next((s for s in left if not s.isdigit() and
                        set(s.split("/")) & set(colors or ())), None)
            if sym is not None:
                left.remove(sym)
                out.append((oid, kw, sym))
                continue
            generic = next((i for i, s in enumerate(left) if s.isdigit() and int(s) > 0), None)
            if generic is None:
                raise IllegalAction(msg("casting.helpers.nothing_to_pay", name=label,
                                        spell=name, mana=ManaCost(tuple(left))),
                                    (HELPERS[kw], R.CAST_PAY))
            n = int(left[generic]) - 1
            if n:
                left[generic] = str(n)
            else:
                left.pop(generic)
            out.append((oid, kw, "1"))
    return ManaCost(tuple(left)), out


def _pay_with_helpers(game: Game, player: str, helpers: list[tuple[int, str, str]],
                      name: str) -> None:
    """Tap the creatures and artifacts, exile the cards, each paying its part (601.2h)."""
    for oid, kw, sym in helpers:
        label = game.label(oid)
        if kw == "delve":
            perform(game, [Move(cause="cost", oid=oid, to_zone="exile", reason="exile",
                                rules=(R.DELVE,))])
        else:
            perform(game, [Tap(cause="cost", oid=oid, rules=(HELPERS[kw],))])
        game.log.add("pay", msg(f"casting.helpers.paid_{kw}", player=player, name=label,
                                mana="{" + sym + "}", spell=name), (HELPERS[kw], R.CAST_PAY))


def _cost_change_rules(game: Game, player: str, c: Chars) -> list[str]:
    """The rules of the cost increases and reductions that changed this spell's total cost
    (601.2f; a keyword's own rule, affinity's 702.41a)."""
    out: list[str] = []
    if cost_reduction(game, player, c):
        out.append(R.COST_CHANGE)
    view = View(game)
    for ab in statics(c.abilities):
        if isinstance(ab, StaticAbility) and ab.kind == "self_cost_reduction":
            cond = ab.params.get("condition")
            if cond is not None and not holds(game, cond, None, player):
                continue
            if amount(ab.params["amount"], view, {"you": player}):
                out.extend(r for r in ab.rules if r not in out)
    return out


def _self_change_rules(game: Game, player: str, c: Chars, targets: list[list[Any]],
                       oid: int) -> list[str]:
    applied: list[StaticAbility] = []
    _self_change(game, player, c, targets, oid, applied)
    undaunted = [R.UNDAUNTED, R.CAST_TOTAL_COST] if c.keyword("undaunted") is not None else []
    return [r for ab in applied for r in ab.rules] + undaunted


def _self_change(game: Game, player: str, c: Chars, targets: list[list[Any]], oid: int,
                 applied: list[StaticAbility] | None = None) -> tuple[ManaCost, ManaCost]:
    """What a spell's own "costs {N} more/less to cast if it targets …, for each target
    beyond the first, if …, for each …" adds to and takes off its total cost (601.2f: the
    total cost is locked in after the targets are chosen)."""
    more, less = ManaCost(), ManaCost()
    view = View(game)
    chosen = [t for slot in targets for t in slot]
    for ab in statics(c.abilities):
        if not (isinstance(ab, StaticAbility) and ab.kind == "self_cost_change"):
            continue
        p = ab.params
        times = 1
        if p.get("condition") is not None and not holds(game, p["condition"], None, player):
            continue
        if p.get("if_targets") is not None:
            spec = p["if_targets"]
            if not any(target_legal(game, spec, t, player, c, oid, True)[0] for t in chosen):
                continue
        if p.get("per_extra_target"):
            times = max(0, len(chosen) - 1)
        if p.get("times") is not None:
            times = amount(p["times"], view, {"you": player})
        if times > 0 and applied is not None:
            applied.append(ab)
        for _ in range(max(0, times)):
            if p.get("more"):
                more = more.plus(p["mana"])
            else:
                less = less.plus(p["mana"])
    return more, less


def _less(base: ManaCost, less: ManaCost) -> ManaCost:
    """``base`` with ``less`` taken off: a coloured symbol off a symbol of its colour, the
    generic part off the generic part (601.2f); never below nothing."""
    symbols = list(base.symbols)
    for s in less.symbols:
        if s.isdigit():
            continue
        if s in symbols:
            symbols.remove(s)
    return ManaCost(tuple(symbols)).reduced(less.generic) if less.generic else \
        ManaCost(tuple(symbols))


def _self_reduction(game: Game, player: str, c: Chars) -> int:
    total = 0
    view = View(game)
    if c.keyword("undaunted") is not None:  # {1} less for each opponent (702.125a)
        total += len(game.opponents(player))
    for ab in statics(c.abilities):
        if isinstance(ab, StaticAbility) and ab.kind == "self_cost_reduction":
            cond = ab.params.get("condition")
            if cond is not None and not holds(game, cond, None, player):
                continue
            total += amount(ab.params["amount"], view, {"you": player})
    return total


def cast_during_resolution(game: Game, oid: int, player: str, how: str, mandatory: bool,
                           rules: tuple[str, ...], cost: Any = None) -> bool:
    """Cast a card as part of a resolving ability (suspend, madness; 608.2g)."""
    obj = game.objects[oid]
    name = obj.card.name
    if not mandatory:
        index = game.chooser.choose(player, "may", [f"cast {name}", "don't cast"],
                                    keys=("may", "cast"), note=f"{how}: cast {name}?")
        if index == 1:
            game.log.add("choice", msg("casting.cast_during_resolution.2", player=player,
                                       name=name),
                rules)
            return False
    x = int(obj.chosen.get("suspend_x", 0)) if how == "suspend" else 0
    req = CastRequest(player, oid, None, x, alt_cost="suspend" if how == "suspend" else how,
                      ignore_timing=True, during_resolution=True, free=(how == "suspend"))
    if how in ("madness", "miracle"):
        pay = cost if isinstance(cost, ManaCost) else (cost.mana if cost else ManaCost())
        if not pay_mana(game, player, pay, msg(f"casting.{how}_cost", name=name),
                        check_only=True):
            game.log.add("pay", msg("casting.cast_during_resolution.3", player=player, name=name),
                rules)
            return False
    if game.chars(oid).is_land:
        return False
    try:
        spell = cast(game, req)
    except IllegalAction as exc:
        game.log.add("note", msg("casting.cast_during_resolution.4", name=name,
                                 message=exc.msg or exc.message),
                     rules + tuple(exc.rules))
        return False
    if how == "suspend" and game.chars(spell.id).is_creature:
        spell.chosen["haste_suspend"] = True
        game.log.add("note", msg("casting.cast_during_resolution", name=name, player=player),
            (R.SUSPEND,))
    return True


def copy_spell(game: Game, oid: int, controller: str, new_targets: bool,
               rules: tuple[str, ...]) -> GameObject | None:
    """Put a copy of a spell on the stack (707.10); it isn't cast."""
    original = game.stack_item(oid)
    if original is None or original.is_stack_ability:
        return None
    # a copy isn't cast: no mana was spent to cast it
    info = CastInfo(**{**original.cast.__dict__, "cast": False, "spent": ()}) \
        if original.cast else \
        CastInfo(cast=False)
    info.controller_main_phase = False
    copy = new_object(game, original.card, controller, "stack", controller, spell_copy=True,
                      cast=info, face_down=original.face_down)
    copy.targets = [list(s) for s in original.targets]
    copy.division = dict(original.division)
    copy.modes = original.modes
    copy.copy_of = original.copy_of
    game.changed()
    aimed: Any = msg("list.nothing")
    if new_targets and copy.targets:
        c = game.chars(copy.id)
        sab = spell_ability(c.abilities) or SpellAbility()
        specs, _ = mode_parts(sab, copy.modes) if sab.modes else (tuple(sab.targets), ())
        if "Aura" in c.subtypes:
            specs = (enchant_spec(c),)
        for i, spec in enumerate(specs):
            if i >= len(copy.targets):
                break
            current = copy.targets[i]
            options = legal_targets(game, spec, controller, c, copy.id, True)
            labels = ["keep"] + [game.name_of(o) for o in options if o not in current]
            alts = [o for o in options if o not in current]

            def match(value: Any, current: list[Any] = current,
                      labels: list[str] = labels) -> int | None:
                if isinstance(value, list):
                    value = value[0] if value else "keep"
                word = str(value).strip().lower()
                if value is False or word in ("no", "false", "keep", "same"):
                    return 0
                if any(game.name_of(t).lower() == word for t in current):
                    return 0  # naming the current target keeps it
                return next((k for k, lab in enumerate(labels) if lab.lower() == word), None)
            index = game.chooser.choose(controller, "copy_targets", labels,
                                        keys=("copy_targets", "new_targets", "targets"),
                                        match=match,
                                        note=f"new target for the copy ({spec.text})")
            if index > 0:
                copy.targets[i] = [alts[index - 1]]
        aimed = targets_text(game, copy.targets)
    said = msg("casting.copy", player=controller, name=game.label(oid), tgt=aimed)
    game.log.add("copy", said, rules + (R.COPY, R.COPY_SPELL) + ((R.COPY_NEW_TARGETS,)
                                                           if new_targets else ()))
    # "Whenever you cast or copy …": copying is an event of its own (a copy isn't cast)
    notice(game, [Happened(what="copied", data={"spell": copy.id, "player": controller})],
           None)
    return copy


# --- activating ------------------------------------------------------------------------------


# --- resolving -------------------------------------------------------------------------------


__all__ = ["cast", "copy_spell", "cast_during_resolution", "CastRequest", "Keyword"]
