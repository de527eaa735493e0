"""Casting spells, activating abilities, the stack and resolution.

Casting follows 601.2: the engine first checks that the whole proposal is
legal (timing, permission to cast from that zone, targets, costs it can pay)
and refuses it with the rule that forbids it otherwise (an illegal proposal
never changes the game, 601.2e); then the card moves to the stack, costs are
paid, the spell becomes cast and "cast" abilities trigger. Resolution follows
608: a spell or ability whose targets are all illegal doesn't resolve (608.2b).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    ActivatedAbility,
    Cost,
    Effect,
    Keyword,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    ability_text,
    activated,
    spell_ability,
)
from judgebot.engine.effects import Ctx, choose_cards, run
from judgebot.engine.errors import IllegalAction, Unsupported
from judgebot.engine.events import Counters, Happened, Move, Tap, TurnFaceUp
from judgebot.engine.filters import View, matches
from judgebot.engine.mana import ManaCost, ManaSource, find_payment
from judgebot.engine.pipeline import active_prohibitions, perform
from judgebot.engine.rules import has_haste, summoning_sick, target_legal
from judgebot.engine.state import CastInfo, Chars, Game, GameObject, StackAbility
from judgebot.engine.triggers import check_condition, notice

FACE_DOWN_COST = ManaCost.parse("{3}")


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


# --- timing --------------------------------------------------------------------------------
def split_second_on_stack(game: Game) -> str:
    for item in game.stack:
        if not item.is_stack_ability and game.chars(item.id).has("split second"):
            return game.name_of(item.id)
    return ""


def sorcery_timing(game: Game, player: str) -> str:
    """Why ``player`` can't act at sorcery speed now, or ''."""
    if game.active != player:
        return "it isn't their turn"
    if game.step not in ("precombat_main", "postcombat_main"):
        return "it isn't their main phase"
    if game.stack:
        return "the stack isn't empty"
    return ""


def _has_flash(game: Game, player: str, oid: int, c: Chars) -> bool:
    if c.has("flash"):
        return True
    for p in game.battlefield:
        pc = game.chars(p)
        if pc.controller != player:
            continue
        for ab in pc.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "flash_for" and \
                    game.objects[oid].owner == player and \
                    matches(ab.params["filter"], View(game), oid, player, None):
                return True
    return False


def _sorcery_speed_only(game: Game, player: str) -> str:
    """Teferi, Mage of Zhalfir: opponents cast spells only at sorcery speed."""
    for p in game.battlefield:
        pc = game.chars(p)
        if pc.controller == player:
            continue
        for ab in pc.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "opponents_sorcery_speed":
                return pc.name
    return ""


# --- costs --------------------------------------------------------------------------------
def mana_sources(game: Game, player: str, exclude: set[int] | None = None) -> list[ManaSource]:
    exclude = exclude or set()
    lands = []
    others = []
    for oid in game.battlefield:
        if oid in exclude:
            continue
        obj = game.objects[oid]
        c = game.chars(oid)
        if c.controller != player or obj.tapped:
            continue
        for ab in activated(c.abilities):
            if not ab.is_mana or ab.zone != "battlefield":
                continue
            cost = ab.cost
            if cost.tap and c.is_creature and summoning_sick(game, oid) and \
                    not has_haste(game, oid):
                continue
            if cost.mana or cost.discard or cost.pay_life or cost.sacrifice or \
                    cost.return_self or cost.remove_counters:
                continue
            src = ManaSource(oid, ab.mana, c.name, sacrifice=cost.sacrifice_self, tap=cost.tap,
                             rules=tuple(ab.rules))
            (lands if c.is_land else others).append(src)
            break
    return lands + others


def pay_mana(game: Game, player: str, cost: ManaCost, what: str,
             exclude: set[int] | None = None, check_only: bool = False) -> bool:
    pl = game.players[player]
    if not cost.symbols or cost.mana_value() == 0:
        return True
    if pl.free_mana:
        if not check_only:
            game.log.add("default", f"{player} pays {cost} for {what} (documented default: the "
                         f"scenario gives {player} no lands or mana pool, so mana is assumed "
                         "available)", (R.CAST_PAY,))
        return True
    payment = find_payment(cost, pl.pool, mana_sources(game, player, exclude))
    if payment is None:
        return False
    if check_only:
        return True
    for sym, n in payment.from_pool.items():
        pl.pool.mana[sym] -= n
    pl.pool.mana += type(pl.pool.mana)()
    tapped = []
    for src, opt in payment.sources:
        if src.tap:
            perform(game, [Tap(cause="cost", oid=src.object_id, rules=(R.MANA_ABILITY,))])
        if src.sacrifice:
            perform(game, [Move(cause="cost", oid=src.object_id, to_zone="graveyard",
                                reason="sacrifice", rules=(R.SACRIFICE,))])
        tapped.append(f"{src.label} for {''.join('{' + s + '}' for s in opt)}")
    pl.pool.add(list(payment.leftover.elements()))
    parts = []
    if payment.from_pool:
        parts.append("from the mana pool " + "".join("{" + s + "}" * n
                                                     for s, n in payment.from_pool.items()))
    if tapped:
        parts.append("activating " + ", ".join(tapped))
    extra = tuple(r for src, _ in payment.sources for r in src.rules
                  if r == R.LAND_INTRINSIC_MANA)
    if payment.leftover or any(len(opt) > 1 for _, opt in payment.sources):
        extra += (R.MANA_POOL,)  # mana made beyond the cost stays in the pool
    game.log.add("pay", f"{player} pays {cost} for {what} ({'; '.join(parts)})",
                 (R.CAST_MANA_ABILITIES, R.CAST_PAY, R.MANA_ABILITY_NO_STACK) + extra)
    return True


def offer_payment(game: Game, player: str, cost: ManaCost, what: str,
                  forced: bool = False) -> bool:
    """An optional payment during resolution ("unless", echo): the player's choice."""
    can = pay_mana(game, player, cost, what, check_only=True)
    if not can:
        game.log.add("pay", f"{player} can't {what}", (R.RESOLVE_CHOICES,))
        return False
    if not forced:
        index = game.chooser.choose(player, "pay", ["pay", "don't pay"], keys=("pay", "may"),
                                    note=what)
        if index == 1:
            game.log.add("choice", f"{player} chooses not to {what}", (R.RESOLVE_CHOICES,))
            return False
    return pay_mana(game, player, cost, what[4:] if what.startswith("pay ") else what)


def offer_cost(game: Game, player: str, cost: Any, what: str) -> bool:
    """An optional payment of a mana cost or another cost ("pay 2 life") during
    resolution; the player chooses."""
    if cost is None:
        return False
    if isinstance(cost, ManaCost):
        return offer_payment(game, player, cost, what)
    if isinstance(cost, Cost):
        if cost.pay_life and game.players[player].life < cost.pay_life:
            game.log.add("pay", f"{player} can't {what}", (R.PAY_LIFE,))
            return False
        if cost.mana and not pay_mana(game, player, cost.mana, what, check_only=True):
            game.log.add("pay", f"{player} can't {what}", (R.RESOLVE_CHOICES,))
            return False
        index = game.chooser.choose(player, "pay", ["pay", "don't pay"], keys=("pay", "may"),
                                    note=what)
        if index == 1:
            game.log.add("choice", f"{player} chooses not to {what}", (R.RESOLVE_CHOICES,))
            return False
        game.log.add("pay", f"{player} chooses to {what}", (R.RESOLVE_CHOICES,))
        pay_costs(game, player, cost, None, what)
        return True
    return False


def _cost_reduction(game: Game, player: str, c: Chars) -> int:
    total = 0
    view = View(game)
    for oid in game.battlefield:
        pc = game.chars(oid)
        if pc.controller != player:
            continue
        for ab in pc.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "cost_reduction":
                f = ab.params.get("filter")
                if f is None or _spell_matches(f, c):
                    total += ab.params.get("amount", 1)
    del view
    return total


def _spell_matches(f: Any, c: Chars) -> bool:
    if f.any_types and not (f.any_types & c.types):
        return False
    if f.types and not f.types <= c.types:
        return False
    return True


def check_costs(game: Game, player: str, cost: Cost, source: int | None,
                targets: list[list[Any]], what: str) -> None:
    """Raise IllegalAction if ``cost``'s non-mana parts can't be paid."""
    obj = game.objects.get(source) if source is not None else None
    if cost.tap or cost.untap:
        if obj is None or obj.zone != "battlefield":
            raise IllegalAction(f"{what}: its source isn't on the battlefield", (R.ACTIVATE,))
        if cost.tap and obj.tapped:
            raise IllegalAction(f"{what}: {game.name_of(source)} is already tapped",
                                (R.TAP_UNTAP, R.ACTIVATE))
        if cost.untap and not obj.tapped:
            raise IllegalAction(f"{what}: {game.name_of(source)} is already untapped",
                                (R.TAP_UNTAP,))
        c = game.chars(source)
        if c.is_creature and summoning_sick(game, source) and not has_haste(game, source):
            raise IllegalAction(f"{game.name_of(source)} hasn't been under {player}'s control "
                                "since their most recent turn began, so it can't use {T} "
                                "abilities", (R.ACTIVATE_TAP_SICK, R.SUMMONING_SICKNESS))
    if cost.pay_life and game.players[player].life < cost.pay_life:
        raise IllegalAction(f"{player} can't pay {cost.pay_life} life", (R.PAY_LIFE,))
    if cost.remove_counters:
        kind, n = cost.remove_counters
        if obj is None or obj.counters.get(kind, 0) < n:
            raise IllegalAction(f"{what}: not enough {kind} counters", (R.ACTIVATE,))
    if cost.discard and len(game.players[player].hand) - (1 if cost.discard_self else 0) \
            < cost.discard:
        raise IllegalAction(f"{player} has no card to discard for {what}", (R.ACTIVATE,))


def pay_costs(game: Game, player: str, cost: Cost, source: int | None, what: str,
              mana: ManaCost | None = None, sacrifice_choice: list[int] | None = None,
              discard_choice: list[int] | None = None) -> bool:
    """Pay a cost's parts (mana included). Returns False if the mana can't be paid."""
    mana = cost.mana if mana is None else mana
    exclude = {source} if (source is not None and (cost.tap or cost.sacrifice_self)) else set()
    if not pay_mana(game, player, mana, what, exclude=exclude, check_only=True):
        return False
    events = []
    if cost.tap:
        events.append(Tap(cause="cost", oid=source, rules=(R.ACTIVATE,)))
    if cost.untap:
        events.append(Tap(cause="cost", oid=source, untap=True, rules=(R.ACTIVATE,)))
    if events:
        perform(game, events)
        game.log.add("pay", f"{player} {'taps' if cost.tap else 'untaps'} "
                     f"{game.name_of(source)} for {what}", (R.ACTIVATE,))
    pay_mana(game, player, mana, what, exclude=exclude)
    if cost.pay_life:
        from judgebot.engine.events import LifeLoss
        perform(game, [LifeLoss(cause="cost", player=player, amount=cost.pay_life,
                                rules=(R.PAY_LIFE,))])
    if cost.remove_counters and source is not None:
        kind, n = cost.remove_counters
        perform(game, [Counters(cause="cost", target=source, kind=kind, n=-n)])
    if cost.loyalty is not None and source is not None:
        game.objects[source].chosen["loyalty_turn"] = game.turn
        if cost.loyalty:
            perform(game, [Counters(cause="cost", target=source, kind="loyalty",
                                    n=cost.loyalty, rules=(R.LOYALTY_COST,))])
    if cost.sacrifice_self and source is not None:
        perform(game, [Move(cause="cost", oid=source, to_zone="graveyard", reason="sacrifice",
                            rules=(R.SACRIFICE,))])
    if cost.sacrifice is not None:
        view = View(game)
        mine = [o for o in game.battlefield if game.controller_of(o) == player and
                matches(cost.sacrifice, view, o, player, source)]
        chosen = sacrifice_choice or choose_cards(game, player, mine, cost.sacrifice_count,
                                                  "sacrifice")
        if len(chosen) < cost.sacrifice_count:
            raise IllegalAction(f"{player} can't sacrifice {cost.sacrifice.describe()} for "
                                f"{what}", (R.CAST_PAY,))
        perform(game, [Move(cause="cost", oid=o, to_zone="graveyard", reason="sacrifice",
                            rules=(R.SACRIFICE, R.CAST_PAY)) for o in chosen])
        if source is not None and source in game.objects:
            game.objects[source].chosen["sacrificed"] = chosen[0] if chosen else None
    if cost.return_self and source is not None:
        perform(game, [Move(cause="cost", oid=source, to_zone="hand", reason="bounce")])
    if cost.exile_self and source is not None:
        perform(game, [Move(cause="cost", oid=source, to_zone="exile", reason="exile")])
    if cost.discard_self and source is not None:
        perform(game, [Move(cause="cost", oid=source, to_zone="graveyard", reason="discard",
                            rules=(R.DISCARD,))])
        game.record.discarded[player] += 1
    if cost.discard:
        hand = [o for o in game.players[player].hand if o != source]
        chosen = discard_choice or choose_cards(game, player, hand, cost.discard, "discard")
        perform(game, [Move(cause="cost", oid=o, to_zone="graveyard", reason="discard",
                            rules=(R.DISCARD,)) for o in chosen])
        game.record.discarded[player] += len(chosen)
    return True


# --- casting --------------------------------------------------------------------------------
def _spell_chars(game: Game, req: CastRequest, obj: GameObject) -> tuple[Chars, Any]:
    """The characteristics the spell will have on the stack (601.2a, 708.4, 709.3)."""
    from judgebot.engine.layers import base_chars, face_down_chars
    if req.alt_cost == "morph":
        return face_down_chars(obj, req.player), None
    probe = GameObject(obj.id, obj.card, obj.owner, req.player, "stack", 0,
                       cast=CastInfo(half=req.half, x=req.x))
    card = obj.card
    if card.split:
        card = next(h for h in card.split if h.name == req.half)
    c = base_chars(game, probe)
    current = game.chars(obj.id)
    # Abilities granted to the card where it is (flashback from Past in Flames ...).
    extra = tuple(a for a in current.abilities if a not in card.abilities)
    c.abilities = c.abilities + extra
    return c, card


def _find_keyword(c: Chars, name: str) -> Keyword | None:
    kws = c.keywords(name)
    return kws[0] if kws else None


def cast(game: Game, req: CastRequest) -> GameObject:
    """Cast a spell (601.2). Raises IllegalAction before anything changes if illegal."""
    obj = game.objects.get(req.oid)
    if obj is None:
        raise IllegalAction("that card isn't there any more", (R.CAST,))
    player = req.player
    card_name = obj.card.name
    if obj.card.split and not req.half:
        raise IllegalAction(f"{card_name} is a split card: say which half is cast "
                            "(half: NAME)", (R.SPLIT_CAST,))
    c, half = _spell_chars(game, req, obj)
    name = c.name or card_name
    # Permission: where the card is, and with which cost.
    zone = obj.zone
    alt = req.alt_cost
    if obj.owner != player and zone != "stack":
        raise IllegalAction(f"{player} doesn't own {card_name}", (R.CAST,))
    if zone == "graveyard":
        # The card's characteristics where it is (an effect may have removed flashback).
        if _find_keyword(game.chars(req.oid), "flashback") is None:
            raise IllegalAction(f"{name} is in a graveyard and has no ability that lets it be "
                                "cast from there", (R.CAST, R.FLASHBACK))
        alt = "flashback"
    if zone == "hand" and alt == "flashback":
        raise IllegalAction("flashback casts a card from its owner's graveyard, not from a "
                            "hand", (R.FLASHBACK,))
    if zone not in ("hand", "graveyard", "exile") and not req.during_resolution:
        raise IllegalAction(f"{name} is in {zone}; spells are cast from a hand "
                            "(or a graveyard with flashback)", (R.CAST,))
    if zone == "exile" and not req.during_resolution:
        raise IllegalAction(f"{name} is in exile and nothing lets {player} cast it from there",
                            (R.CAST,))
    if "land" in c.types:
        raise IllegalAction(f"{name} is a land: lands are played, not cast", (R.LAND_PLAY,))
    if alt == "flashback" and not ({"instant", "sorcery"} & c.types):
        raise IllegalAction("flashback casts only instants and sorceries", (R.FLASHBACK,))
    if alt == "morph" and _find_keyword(game.chars(req.oid), "morph") is None:
        raise IllegalAction(f"{card_name} has no morph ability, so it can't be cast face down",
                            (R.MORPH,))
    if alt == "madness" and not req.during_resolution:
        raise IllegalAction("a card is cast with madness only as its madness ability resolves, "
                            "after it is discarded", (R.MADNESS,))
    if alt == "evoke" and _find_keyword(c, "evoke") is None:
        raise IllegalAction(f"{name} has no evoke", (R.EVOKE,))
    # Prohibitions.
    for p in active_prohibitions(game, "cant_cast"):
        if p.params.get("player") == player:
            raise IllegalAction(f"{player} can't cast spells this turn ({p.text})",
                                p.rules or (R.CAST,))
    ss = split_second_on_stack(game)
    if ss:
        raise IllegalAction(f"{ss} has split second and is on the stack: no player can cast "
                            "spells", (R.SPLIT_SECOND,))
    # Timing.
    if not req.ignore_timing:
        instant_speed = "instant" in c.types or _has_flash(game, player, req.oid, c) and \
            alt != "morph" or (alt == "morph" and _has_flash(game, player, req.oid,
                                                             game.chars(req.oid)))
        teferi = _sorcery_speed_only(game, player)
        if teferi:
            instant_speed = False
        if not instant_speed:
            why = sorcery_timing(game, player)
            if game.priority is not None and game.priority != player:
                why = why or f"{player} doesn't have priority"
            if why:
                extra = f" ({teferi} lets opponents cast spells only when they could cast a " \
                        "sorcery)" if teferi else ""
                raise IllegalAction(f"{player} can't cast {name} now: {why}; a "
                                    f"{'creature' if 'creature' in c.types else 'noninstant'} "
                                    f"spell is cast during its controller's main phase with an "
                                    f"empty stack{extra}"
                                    + (" (flashback doesn't change when it can be cast)"
                                       if alt == "flashback" else ""),
                                    (R.SORCERY, R.PRIORITY_INSTANT)
                                    + ((R.FLASHBACK,) if alt == "flashback" else ()))
    # Modes and targets.
    sab = spell_ability(c.abilities) or SpellAbility()
    if sab.modes and not req.modes and alt != "morph":
        req.modes = _choose_modes(game, player, sab, req, c, name)
    specs, effects = _mode_parts(sab, req.modes)
    if alt == "morph":
        specs = ()
    aura = "Aura" in c.subtypes
    if aura:
        specs = (_enchant_spec(c),)
    targets = _choose_targets(game, player, specs, req.targets, c, req.oid, True, name)
    division = dict(req.division)
    if any(s.divide for s in specs):
        division = _division(game, player, specs, targets, division, sab, req.x, name)
    # Total cost (601.2f).
    mana, extra_cost = _total_cost(game, req, c, obj, alt)
    if extra_cost is not None:
        check_costs(game, player, extra_cost, req.oid, targets, name)
    if not req.free and not pay_mana(game, player, mana, name, check_only=True):
        raise IllegalAction(f"{player} can't pay {mana} for {name}", (R.CAST_TOTAL_COST,
                                                                       R.CAST_PAY))
    # Everything is legal: do it.
    info = CastInfo(from_zone=zone, alt_cost=alt, additional=tuple(req.additional), x=req.x,
                    half=req.half, cast=True,
                    controller_main_phase=game.active == player and game.step in
                    ("precombat_main", "postcombat_main"))
    mv = perform(game, [Move(cause="cast", oid=req.oid, to_zone="stack", reason="cast",
                             controller=player, face_down=(alt == "morph"), cast_info=info,
                             rules=(R.CAST_MOVE,))])
    if not mv:
        raise IllegalAction(f"{name} couldn't be put on the stack", (R.CAST,))
    spell = game.objects[mv[0].new_id]
    spell.targets = targets
    spell.division = division
    spell.modes = tuple(req.modes)
    how = {"flashback": " with flashback", "morph": " face down for {3} (morph)",
           "madness": " for its madness cost", "suspend": " without paying its mana cost "
           "(suspend)", "evoke": " for its evoke cost", "free": " without paying its mana cost"
           }.get(alt, "")
    if req.additional:
        how += " paying " + " and ".join(req.additional)
    tgt = _targets_text(game, targets)
    rules = [R.CAST, R.CAST_TARGETS] if targets and any(targets) else [R.CAST]
    rules.extend({"flashback": [R.FLASHBACK], "morph": [R.MORPH, R.MORPH_CAST,
                                                         R.FACE_DOWN_CAST, R.FACE_DOWN],
                  "madness": [R.MADNESS_ALT_COST], "suspend": [R.SUSPEND],
                  "evoke": [R.EVOKE]}.get(alt, []))
    if alt in ("flashback", "morph", "madness", "evoke", "free", "suspend") or req.free:
        rules.append(R.ALT_COST)
    if "Aura" in c.subtypes and targets and any(targets):
        rules.append(R.AURA_TARGET)
    if "buyback" in req.additional:
        rules.append(R.BUYBACK)
    if c.has("split second"):
        rules.append(R.SPLIT_SECOND)
    if "instant" not in c.types and not req.ignore_timing and sorcery_timing(game, player) and \
            _has_flash(game, player, req.oid, c):
        rules.append(R.FLASH)
    if "kicker" in req.additional:
        rules.append(R.KICKER)
    if req.x and c.mana_cost is not None and c.mana_cost.x_count:
        how += f" with X = {req.x}"
        rules += [R.CAST_MODES, R.X_VALUE]
    if game.stack[:-1]:
        rules.append(R.RESPONSE)
        below = game.stack[-2]
        if getattr(below, "controller", None) == player and game.log.entries and \
                game.log.entries[-1].event in ("cast", "activate", "pay", "mana"):
            rules.append(R.PRIORITY_HOLD)  # the same player acts again: holding priority
    shown = f"a face-down creature spell ({card_name})" if alt == "morph" else name
    game.log.add("cast", f"{player} casts {shown}{how}{tgt}", rules, player=player,
                 card=card_name)
    if not req.free:
        if extra_cost is not None:
            pay_costs(game, player, extra_cost, spell.id, name, mana=mana,
                      sacrifice_choice=req.sacrifice or None, discard_choice=req.discard or None)
        else:
            pay_mana(game, player, mana, name)
    elif extra_cost is not None:
        pay_costs(game, player, extra_cost, spell.id, name, mana=ManaCost())
    before = len(game.record.spells_cast)
    game.record.spells_cast.append((player, spell.id))
    notice(game, [Happened(what="cast", data={"spell": spell.id, "player": player,
                                              "before": before})], None)
    _targeted(game, spell.id, targets, True)
    game.priority = player
    game.passes = 0
    return spell


def _choose_modes(game: Game, player: str, sab: SpellAbility, req: CastRequest, c: Chars,
                  name: str) -> tuple[int, ...]:
    """The caster chooses the mode(s) as the spell is cast (601.2b): from a ``choose:
    {mode: N}`` answer, or left open (each option played out). Modes whose targets the
    given targets can't fill are not offered."""
    from itertools import combinations
    combos = list(combinations(range(1, len(sab.modes) + 1), min(sab.choose, len(sab.modes))))
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
    game.log.add("choice", f"{player} chooses the mode of {name}: {labels[index]}",
                 (R.MODAL, R.CAST_MODES))
    return combos[index]


def _mode_parts(sab: SpellAbility, modes: tuple[int, ...]) -> tuple[tuple, tuple]:
    if not sab.modes:
        return tuple(sab.targets), tuple(sab.effects)
    if not modes:
        raise IllegalAction(f"choose {sab.choose} mode(s): "
                            + "; ".join(f"{i + 1}. {m[2]}" for i, m in enumerate(sab.modes)),
                            (R.MODAL, R.CAST_MODES))
    specs: list[TargetSpec] = []
    effects: list[Effect] = []
    for m in modes:
        if not 1 <= m <= len(sab.modes):
            raise IllegalAction(f"there is no mode {m}", (R.MODAL,))
        specs.extend(sab.modes[m - 1][1])
        effects.extend(sab.modes[m - 1][0])
    return tuple(specs), tuple(effects)


def _enchant_spec(c: Chars) -> TargetSpec:
    from judgebot.engine.abilities import Filter
    kw = _find_keyword(c, "enchant")
    what = (kw.quality if kw else "creature") or "creature"
    if what == "player":
        return TargetSpec("player", text="target player")
    f = Filter(types=frozenset({what}) if what != "permanent" else frozenset(),
               text=f"target {what}")
    return TargetSpec("object", f, text=f"{what} (enchant {what})")


def _total_cost(game: Game, req: CastRequest, c: Chars, obj: GameObject, alt: str
                ) -> tuple[ManaCost, Cost | None]:
    sab = spell_ability(c.abilities)
    extra: Cost | None = sab.additional_cost if sab else None
    if req.free or alt in ("suspend", "free"):
        base = ManaCost()
    elif alt == "morph":
        base = FACE_DOWN_COST
    elif alt in ("flashback", "madness", "evoke"):
        kw = _find_keyword(c if alt != "madness" else game.chars(obj.id), alt)
        if kw is None:
            raise IllegalAction(f"{c.name} has no {alt} cost", (R.CAST_TOTAL_COST,))
        cost = kw.cost
        if isinstance(cost, Cost):
            extra = cost if extra is None else extra
            base = cost.mana
        else:
            base = cost or ManaCost()
    elif alt:
        raise Unsupported(f"the alternative cost {alt!r} is not implemented")
    else:
        if c.mana_cost is None:
            if obj.card.source == "inline":
                game.log.add("default", f"{c.name} is described without a mana cost: it is cast "
                             "for {0} (documented default for inline objects)",
                             (R.CAST_TOTAL_COST,))
                return ManaCost(), extra
            raise IllegalAction(f"{c.name} has no mana cost, so it can't be cast without an "
                                "alternative cost", (R.CAST_TOTAL_COST,))
        base = c.mana_cost.with_x(req.x)
    for add in req.additional:
        kw = _find_keyword(c, add)
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
            raise IllegalAction(f"{c.name} has no {add} cost", (R.CAST_TOTAL_COST,))
        base = base.plus(kw.cost if isinstance(kw.cost, ManaCost) else kw.cost.mana)
    reduction = _cost_reduction(game, req.player, c)
    self_red = _self_reduction(game, req.player, c)
    if (reduction or self_red) and base.symbols:
        base = base.reduced(reduction + self_red)
    return base, extra


def _self_reduction(game: Game, player: str, c: Chars) -> int:
    total = 0
    view = View(game)
    for ab in c.abilities:
        if isinstance(ab, StaticAbility) and ab.kind == "self_cost_reduction":
            from judgebot.engine.filters import amount
            total += amount(ab.params["amount"], view, {"you": player})
    return total


def _targets_text(game: Game, targets: list[list[Any]]) -> str:
    names = [game.name_of(t) for slot in targets for t in slot]
    return f" targeting {', '.join(names)}" if names else ""


def legal_targets(game: Game, spec: TargetSpec, controller: str, source: Chars | None,
                  source_id: int | None, is_spell: bool) -> list[Any]:
    out: list[Any] = []
    if spec.kind in ("any", "player", "player_or_planeswalker"):
        out.extend(p for p in game.order if target_legal(game, spec, p, controller, source,
                                                         source_id, is_spell)[0])
    if spec.kind == "spell":
        cands = [i.id for i in game.stack if not i.is_stack_ability]
    elif spec.kind == "spell_or_permanent":
        cands = [i.id for i in game.stack if not i.is_stack_ability] + list(game.battlefield)
    elif spec.kind == "player":
        cands = []
    elif spec.kind == "player_or_planeswalker":
        cands = list(game.battlefield)
    else:
        zone = spec.filter.zone if spec.kind != "any" else "battlefield"
        from judgebot.engine.filters import objects_in
        cands = objects_in(View(game), zone)
    out.extend(o for o in cands if target_legal(game, spec, o, controller, source, source_id,
                                                is_spell)[0])
    return out


def _choose_targets(game: Game, player: str, specs: tuple[TargetSpec, ...],
                    given: list[list[Any]] | None, source: Chars | None,
                    source_id: int | None, is_spell: bool, name: str) -> list[list[Any]]:
    out: list[list[Any]] = []
    for i, spec in enumerate(specs):
        chosen = given[i] if given is not None and i < len(given) else None
        if chosen is None:
            options = legal_targets(game, spec, player, source, source_id, is_spell)
            if not options:
                if spec.up_to:
                    out.append([])
                    continue
                raise IllegalAction(f"{name} needs {spec.text or 'a target'} and there is no "
                                    "legal one", (R.CAST_TARGETS,))
            labels = [game.name_of(o) for o in options]
            if spec.count > 1:
                chosen = choose_cards(game, player, options, min(spec.count, len(options)),
                                      "targets", keys=("targets",)) \
                    if not spec.up_to else options[:0]
            else:
                index = game.chooser.choose(player, "targets", labels, keys=("targets",),
                                            note=f"{name}: {spec.text}")
                chosen = [options[index]]
        for t in chosen:
            ok, why, rules = target_legal(game, spec, t, player, source, source_id, is_spell)
            if not ok:
                raise IllegalAction(f"{game.name_of(t)} can't be the target of {name}: {why}",
                                    tuple(rules) + ((R.CAST_TARGETS,) if R.CAST_TARGETS
                                                    not in rules else ()))
        if len(chosen) > spec.count:
            raise IllegalAction(f"{name} has {spec.count} target(s) for {spec.text}",
                                (R.CAST_TARGETS,))
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("the same object can't be chosen twice for one instance of "
                                "the word target", (R.CAST_TARGETS,))
        out.append(list(chosen))
    if given is not None and len(given) > len(specs):
        if not specs:
            raise IllegalAction(f"{name} has no targets", (R.CAST_TARGETS,))
        raise IllegalAction(f"{name} has {len(specs)} target slot(s), not {len(given)}",
                            (R.CAST_TARGETS,))
    return out


def _division(game: Game, player: str, specs: tuple[TargetSpec, ...],
              targets: list[list[Any]], division: dict[Any, int], sab: SpellAbility, x: int,
              name: str) -> dict[Any, int]:
    flat = [t for slot in targets for t in slot]
    total = x
    for e in sab.effects:
        if e.get("divided"):
            amt = e.get("amount")
            total = x if amt in ("X", "x") else int(amt)
    if not division:
        if len(flat) == 1:
            return {flat[0]: total}
        raise IllegalAction(f"{name} divides {total} among its targets as it is cast: give "
                            "the division (divide: {TARGET: N, ...})", (R.CAST_DIVIDE,))
    if sorted(division) != sorted(flat, key=str) and set(division) != set(flat):
        raise IllegalAction("the division must name exactly the targets", (R.CAST_DIVIDE,))
    if sum(division.values()) != total or min(division.values()) < 1:
        raise IllegalAction(f"{name} divides exactly {total}, at least 1 to each target",
                            (R.CAST_DIVIDE,))
    return division


def _targeted(game: Game, by: int, targets: list[list[Any]], by_spell: bool) -> None:
    events = [Happened(what="targeted", data={"target": t, "by": by, "by_spell": by_spell})
              for slot in targets for t in slot if isinstance(t, int)]
    if events:
        notice(game, events, None)


def cant_be_countered(game: Game, item: GameObject) -> str:
    c = game.chars(item.id)
    for ab in c.abilities:
        if isinstance(ab, StaticAbility) and ab.kind == "cant_be_countered":
            cond = ab.condition
            if cond is None or check_condition(game, cond, item.id, c.controller, {}):
                return ability_text(ab, c.name) or "this spell can't be countered"
    return ""


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
    kw = _find_keyword(c, "suspend")
    if kw is None:
        raise IllegalAction(f"{c.name} has no suspend", (R.SUSPEND,))
    if obj.zone != "hand":
        raise IllegalAction(f"{c.name} must be in {player}'s hand to be suspended",
                            (R.SUSPEND,))
    instant = "instant" in c.types or _has_flash(game, player, oid, c)
    if _sorcery_speed_only(game, player):
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


def cast_during_resolution(game: Game, oid: int, player: str, how: str, mandatory: bool,
                           rules: tuple[str, ...], cost: Any = None) -> bool:
    """Cast a card as part of a resolving ability (suspend, madness; 608.2g)."""
    obj = game.objects[oid]
    name = obj.card.name
    if not mandatory:
        index = game.chooser.choose(player, "may", [f"cast {name}", "don't cast"],
                                    keys=("may", "cast"), note=f"{how}: cast {name}?")
        if index == 1:
            game.log.add("choice", f"{player} chooses not to cast {name}", rules)
            return False
    x = int(obj.chosen.get("suspend_x", 0)) if how == "suspend" else 0
    req = CastRequest(player, oid, None, x, alt_cost="suspend" if how == "suspend" else how,
                      ignore_timing=True, during_resolution=True, free=(how == "suspend"))
    if how == "madness":
        pay = cost if isinstance(cost, ManaCost) else (cost.mana if cost else ManaCost())
        if not pay_mana(game, player, pay, f"{name}'s madness cost", check_only=True):
            game.log.add("pay", f"{player} can't pay the madness cost of {name}", rules)
            return False
    if game.chars(oid).is_land:
        return False
    try:
        spell = cast(game, req)
    except IllegalAction as exc:
        game.log.add("note", f"{name} can't be cast ({exc.message}); it stays in exile",
                     rules + tuple(exc.rules))
        return False
    if how == "suspend" and game.chars(spell.id).is_creature:
        spell.chosen["haste_suspend"] = True
        game.log.add("note", f"{name} was cast with suspend: it has haste as long as "
                     f"{player} controls it", (R.SUSPEND,))
    return True


def copy_spell(game: Game, oid: int, controller: str, new_targets: bool,
               rules: tuple[str, ...]) -> GameObject | None:
    """Put a copy of a spell on the stack (707.10); it isn't cast."""
    original = game.stack_item(oid)
    if original is None or original.is_stack_ability:
        return None
    info = CastInfo(**{**original.cast.__dict__, "cast": False}) if original.cast else \
        CastInfo(cast=False)
    info.controller_main_phase = False
    from judgebot.engine.apply import new_object
    copy = new_object(game, original.card, controller, "stack", controller, spell_copy=True,
                      cast=info, face_down=original.face_down)
    copy.targets = [list(s) for s in original.targets]
    copy.division = dict(original.division)
    copy.modes = original.modes
    copy.copy_of = original.copy_of
    game.changed()
    text = f"{controller} puts a copy of {game.name_of(oid)} on the stack"
    if new_targets and copy.targets:
        c = game.chars(copy.id)
        sab = spell_ability(c.abilities) or SpellAbility()
        specs, _ = _mode_parts(sab, copy.modes) if sab.modes else (tuple(sab.targets), ())
        if "Aura" in c.subtypes:
            specs = (_enchant_spec(c),)
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
        text += _targets_text(game, copy.targets)
    game.log.add("copy", text, rules + (R.COPY, R.COPY_SPELL) + ((R.COPY_NEW_TARGETS,)
                                                           if new_targets else ()))
    return copy


# --- activating ------------------------------------------------------------------------------
def find_ability(game: Game, oid: int, ref: Any, player: str) -> ActivatedAbility:
    c = game.chars(oid)
    abilities = [a for a in activated(c.abilities)]
    obj = game.objects[oid]
    abilities = [a for a in abilities if a.zone == obj.zone]
    if not abilities:
        raise IllegalAction(f"{game.name_of(oid)} has no activated ability that can be "
                            f"activated from the {obj.zone}", (R.ACTIVATE,))
    if ref is None or ref == "":
        non_mana = [a for a in abilities if not a.is_mana] or abilities
        if len(non_mana) == 1:
            return non_mana[0]
        raise IllegalAction(f"{game.name_of(oid)} has several abilities; say which "
                            f"(ability: 1..{len(abilities)} or its text)", (R.ACTIVATE,))
    if isinstance(ref, int) and not isinstance(ref, bool):
        if 1 <= ref <= len(abilities):
            return abilities[ref - 1]
        raise IllegalAction(f"{game.name_of(oid)} has no ability number {ref}", (R.ACTIVATE,))
    text = str(ref).lower().strip()
    for a in abilities:
        if a.label and a.label.lower() == text or a.keyword == text:
            return a
    for a in abilities:
        if text and (text in a.text.lower() or (a.label and text in a.label.lower())):
            return a
    raise IllegalAction(f"{game.name_of(oid)} has no ability {ref!r}; its abilities: "
                        + "; ".join(a.text or a.label for a in abilities), (R.ACTIVATE,))


def activate(game: Game, player: str, oid: int, ability: ActivatedAbility,
             targets: list[list[Any]] | None, x: int = 0,
             sacrifice: list[int] | None = None, discard: list[int] | None = None) -> None:
    obj = game.objects[oid]
    c = game.chars(oid)
    name = c.name or "the face-down creature"
    controller = c.controller if obj.zone == "battlefield" else obj.owner
    if ability.who == "opponent":
        if player == controller:
            raise IllegalAction(f"only an opponent of {controller} can activate that ability of "
                                f"{name}", (R.ACTIVATE,))
    elif player != controller:
        raise IllegalAction(f"{player} doesn't control {name}, so can't activate its "
                            "abilities", (R.ACTIVATE,))
    if not ability.is_mana:
        ss = split_second_on_stack(game)
        if ss:
            raise IllegalAction(f"{ss} has split second: players can't activate abilities that "
                                "aren't mana abilities", (R.SPLIT_SECOND,))
    if ability.timing == "sorcery" or ability.cost.loyalty is not None:
        why = sorcery_timing(game, player)
        if why:
            if ability.cost.loyalty is not None:
                raise IllegalAction(f"{name}'s loyalty abilities can be activated only in its "
                                    f"controller's main phase with an empty stack: {why}",
                                    (R.LOYALTY_ABILITY,))
            raise IllegalAction(f"{name}'s ability can be activated only as a sorcery: {why}",
                                (R.ACTIVATE_SORCERY,))
    if ability.cost.loyalty is not None:
        if obj.chosen.get("loyalty_turn") == game.turn:
            raise IllegalAction(f"a loyalty ability of {name} has already been activated this "
                                "turn", (R.LOYALTY_ABILITY,))
        have = obj.counters.get("loyalty", 0)
        if ability.cost.loyalty < 0 and have < -ability.cost.loyalty:
            raise IllegalAction(f"{name} has {have} loyalty counter(s): it can't pay "
                                f"−{-ability.cost.loyalty}", (R.LOYALTY_NEGATIVE,))
    for p in active_prohibitions(game, "cant_activate"):
        if p.params.get("name") and p.params["name"] in c.names:
            raise IllegalAction(f"{name}'s activated abilities can't be activated ({p.text})",
                                p.rules)
    what = f"{name}'s ability"
    check_costs(game, player, ability.cost, oid, [], what)
    mana = ability.cost.mana.with_x(x)
    if not pay_mana(game, player, mana, what, exclude={oid} if ability.cost.tap else None,
                    check_only=True):
        raise IllegalAction(f"{player} can't pay {mana} for {what}", (R.CAST_PAY,))
    chosen = _choose_targets(game, player, ability.targets, targets, c, oid, False, what)
    lki = c.copy()
    if ability.is_mana:
        pay_costs(game, player, ability.cost, oid, what, mana=mana,
                  sacrifice_choice=sacrifice, discard_choice=discard)
        option = ability.mana[0]
        if len(ability.mana) > 1:
            labels = ["".join("{" + s + "}" for s in o) for o in ability.mana]
            option = ability.mana[game.chooser.choose(player, "color", labels,
                                                      keys=("color", "mana"))]
        game.players[player].pool.add(option)
        game.log.add("mana", f"{player} activates {name}'s mana ability: adds "
                     + "".join("{" + s + "}" for s in option), (R.MANA_ABILITY,
                                                                 R.MANA_ABILITY_NO_STACK))
        return
    item = StackAbility(game.new_id(), oid, name, player, ability, chosen, {}, x,
                        {"activated": True}, lki)
    game.stack.append(item)
    game.changed()
    tgt = _targets_text(game, chosen)
    said = ability_text(ability, name) or ability.label
    game.log.add("activate", f"{player} activates {what}: "
                 f"{said.rstrip('.') + ',' if tgt else said}{tgt}",
                 (R.ACTIVATE,) + tuple(ability.rules)
                 + ((R.LOYALTY_ABILITY,) if ability.cost.loyalty is not None else ())
                 + ((R.RESPONSE,) if len(game.stack) > 1 else ()))
    pay_costs(game, player, ability.cost, oid, what, mana=mana, sacrifice_choice=sacrifice,
              discard_choice=discard)
    _targeted(game, item.id, chosen, False)
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
    from judgebot.engine.layers import base_chars
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


# --- resolving -------------------------------------------------------------------------------
def _check_targets(game: Game, specs: tuple[TargetSpec, ...], targets: list[list[Any]],
                   controller: str, source: Chars | None, source_id: int | None,
                   is_spell: bool) -> list[list[bool]]:
    legal: list[list[bool]] = []
    for i, slot in enumerate(targets):
        spec = specs[i] if i < len(specs) else None
        row = []
        for t in slot:
            ok = spec is not None and target_legal(game, spec, t, controller, source,
                                                   source_id, is_spell)[0]
            row.append(ok)
        legal.append(row)
    return legal


def resolve_top(game: Game) -> None:
    item = game.stack[-1]
    game.resolving = item
    try:
        if item.is_stack_ability:
            _resolve_ability(game, item)
        else:
            _resolve_spell(game, item)
    finally:
        game.resolving = None


def _resolve_ability(game: Game, item: StackAbility) -> None:
    ab = item.ability
    name = game.name_of(item)
    rules = tuple(ab.rules)
    cond = getattr(ab, "condition", None)
    if cond is not None and not item.info.get("activated"):
        if not check_condition(game, cond, item.source_id, item.controller, item.info):
            game.stack.remove(item)
            game.changed()
            game.log.add("resolve", f"{name}: its condition is no longer true, so it does "
                         "nothing", rules + (R.RESOLVE_IF, R.TRIGGER_IF))
            return
    specs = tuple(ab.targets)
    source_chars = item.source_lki
    legal = _check_targets(game, specs, item.targets, item.controller, source_chars,
                           item.source_id, False)
    if item.targets and any(item.targets) and not any(any(r) for r in legal):
        game.stack.remove(item)
        game.changed()
        game.log.add("resolve", f"{name} doesn't resolve: all its targets are illegal",
                     rules + (R.RESOLVE_TARGETS,))
        return
    game.log.add("resolve", f"{name} resolves" + (f": {ability_text(ab, item.source_name)}"
                                                   if ab.text else ""),
                 rules + (R.RESOLVE,))
    ctx = Ctx(game, item.controller, item.source_id, item.source_lki, item, item.targets,
              legal, item.x, dict(item.info), {}, rules, item.division)
    if getattr(ab, "optional", False):
        index = game.chooser.choose(item.controller, "may", ["yes", "no"], keys=("may",),
                                    note=ab.text)
        game.log.add("choice", f"{item.controller} chooses {'to' if index == 0 else 'not to'} "
                     f"use {name}", (R.RESOLVE_CHOICES,))
        if index == 1:
            if item in game.stack:
                game.stack.remove(item)
            game.changed()
            return
    run(ctx, ab.effects)
    if item in game.stack:
        game.stack.remove(item)
    game.changed()


def _resolve_spell(game: Game, spell: GameObject) -> None:
    c = game.chars(spell.id)
    name = c.name or "the face-down spell"
    rules: tuple[str, ...] = ()
    is_permanent = bool(c.types & {"artifact", "creature", "enchantment", "land",
                                   "planeswalker", "battle"})
    sab = spell_ability(c.abilities) or SpellAbility()
    specs, effects = _mode_parts(sab, spell.modes) if sab.modes else (tuple(sab.targets),
                                                                      tuple(sab.effects))
    if "Aura" in c.subtypes:
        specs = (_enchant_spec(c),)
    legal = _check_targets(game, specs, spell.targets, c.controller, c, spell.id, True)
    if spell.targets and any(spell.targets) and not any(any(r) for r in legal):
        game.log.add("resolve", f"{name} doesn't resolve: all its targets are illegal",
                     (R.RESOLVE_TARGETS,) if not is_permanent else
                     (R.RESOLVE_PERMANENT_TARGET, R.RESOLVE_TARGETS))
        perform(game, [Move(oid=spell.id, to_zone="graveyard", reason="fizzle",
                            rules=(R.RESOLVE_TARGETS,))])
        return
    if is_permanent:
        controller = c.controller
        attach = None
        if "Aura" in c.subtypes and spell.targets and spell.targets[0]:
            attach = spell.targets[0][0]
        game.log.add("resolve", f"{name} resolves", (R.RESOLVE_PERMANENT,
                                                     R.RESOLVE_PERMANENT_ENTERS)
                     + ((R.RESOLVE_AURA,) if attach is not None else ())
                     + ((R.RESOLVE_COPY_PERMANENT,) if spell.spell_copy else ()))
        if spell.spell_copy:
            from judgebot.engine.apply import new_object
            game.stack.remove(spell)
            del game.objects[spell.id]
            token = new_object(game, spell.card, controller, "battlefield", controller,
                               token=True)
            token.attached_to = attach
            game.changed()
            return
        done = perform(game, [Move(oid=spell.id, to_zone="battlefield", reason="resolve_permanent",
                                   controller=controller, face_down=spell.face_down,
                                   attach_to=attach, rules=rules)])
        if done and spell.chosen.get("haste_suspend"):
            new = game.objects.get(done[0].new_id)
            if new is not None:
                new.chosen["haste_suspend"] = True
        return
    game.log.add("resolve", f"{name} resolves", (R.RESOLVE, R.RESOLVE_ORDER))
    x = spell.cast.x if spell.cast else 0
    refs = {"sacrificed": spell.chosen["sacrificed"]} if spell.chosen.get("sacrificed") else {}
    ctx = Ctx(game, c.controller, spell.id, c.copy(), spell, spell.targets, legal, x, {}, refs,
              (), spell.division, damage_source=spell.id)
    run(ctx, effects)
    if spell.id in game.objects and game.objects[spell.id].zone == "stack":
        perform(game, [Move(oid=spell.id, to_zone="graveyard", reason="resolve",
                            rules=(R.RESOLVE_GRAVEYARD,))])


def stack_names(game: Game) -> list[str]:
    """Names of the stack, top first."""
    return [game.name_of(i) for i in reversed(game.stack)]


__all__ = ["cast", "activate", "resolve_top", "play_land", "suspend", "turn_face_up",
           "copy_spell", "CastRequest", "find_ability", "Keyword"]
