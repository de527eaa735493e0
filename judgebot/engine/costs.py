"""Costs: finding and paying mana (601.2g–h; mana abilities, 605), the other
parts of a cost (tapping, sacrificing, discarding, paying life, removing
counters, loyalty), checking beforehand that they can be paid (601.2h), and
the optional payments a resolving ability offers ("unless", echo).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Cost, StaticAbility, activated, statics
from judgebot.engine.choosing import choose_cards, choose_group
from judgebot.engine.errors import IllegalAction
from judgebot.engine.events import Counters, LifeLoss, Move, Tap
from judgebot.engine.filters import View, amount, chosen_ok, matches
from judgebot.engine.mana import ManaCost, ManaSource, find_payment
from judgebot.engine.pipeline import perform
from judgebot.engine.rules import has_haste, summoning_sick
from judgebot.engine.state import Chars, Game
from judgebot.engine.verbs import run_effects
from judgebot.messages import Joined, Message, Name, msg


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
        options: list[tuple[str, ...]] = []
        froms: list[Any] = []
        sacrifice = tap = False
        rules: tuple[str, ...] = ()
        for ab in activated(c.abilities):
            if not ab.is_mana or ab.zone != "battlefield":
                continue
            if ab.mana_only is not None and not _may_spend(game, ab.mana_only):
                continue  # mana that can't pay for this (106.6)
            cost = ab.cost
            if cost.tap and c.is_creature and summoning_sick(game, oid) and \
                    not has_haste(game, oid):
                continue
            if cost.mana or cost.discard or cost.pay_life or cost.sacrifice or \
                    cost.return_self or cost.remove_counters or cost.tap_others or \
                    cost.exile_from_graveyard or cost.exile_from_hand or \
                    cost.return_other or cost.energy or \
                    cost.tap_power or \
                    cost.put_counters_self or cost.exile_self or cost.untap or not cost.tap and \
                    not cost.sacrifice_self or options and (cost.sacrifice_self != sacrifice):
                continue
            for opt in mana_options(game, ab, oid, player):
                if opt:
                    options.append(opt)
                    froms.append(ab)
            sacrifice, tap = cost.sacrifice_self, cost.tap
            rules += tuple(ab.rules)
        if options:
            src = ManaSource(oid, tuple(options), c.name, sacrifice=sacrifice, tap=tap,
                             rules=rules, abilities=tuple(froms))
            (lands if c.is_land else others).append(src)
    return lands + others


def _may_spend(game: Game, only: dict[str, Any]) -> bool:
    """Whether restricted mana (106.6) may pay what is being paid for: the spell being cast
    (``game.extra["paying_for"]``, its characteristics), or else a cost of an ability."""
    spell = game.extra.get("paying_for")
    if spell is None:
        return bool(only.get("abilities"))
    return bool(set(spell.types) & set(only.get("types") or ()))


def restricted_mana(game: Game, player: str) -> bool:
    """Whether ``player`` controls a mana ability whose mana can be spent only in some ways
    (106.6): a payment it couldn't help with says so."""
    return any(ab.mana_only is not None for oid in game.battlefield
               if game.controller_of(oid) == player
               for ab in activated(game.chars(oid).abilities) if ab.is_mana)


def mana_options(game: Game, ab: Any, oid: int, player: str) -> tuple[tuple[str, ...], ...]:
    """What a mana ability can add now ("Add {G} for each creature you control")."""
    if ab.mana_times is None:
        return ab.mana
    n = amount(ab.mana_times, View(game), {"you": player, "source": oid})
    return tuple(tuple(opt) * n for opt in ab.mana)


def mana_side_effects(game: Game, src: ManaSource, opt: tuple[str, ...], player: str) -> None:
    """A mana ability's other effects ("This land deals 1 damage to you"), as it resolves
    at once (605.3b)."""
    for option, ab in zip(src.options, src.abilities, strict=False):
        if option == opt and ab.effects:
            run_effects(game, ab.effects, {"you": player, "source": src.object_id})
            return



def pay_mana(game: Game, player: str, cost: ManaCost, what: str,
             exclude: set[int] | None = None, check_only: bool = False) -> bool:
    pl = game.players[player]
    if not cost.symbols or cost.mana_value() == 0:
        return True
    if pl.free_mana and (not mana_sources(game, player, exclude) or
                         find_payment(cost, pl.pool, mana_sources(game, player, exclude))
                         is None):
        # Documented default: a player the scenario gives no mana source has the mana a
        # cost needs; once they control sources that can pay it, they pay with them.
        if not check_only:
            game.log.add("default", msg("costs.pay_mana.2", player=player, cost=cost, what=what,
                                        player2=player), (R.CAST_PAY,))
            if "paying_for" in game.extra:
                game.extra["spent_unknown"] = True
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
        tapped.append(msg("pay.source", name=Name(src.label, game.zh_name(src.object_id,
                                                                         src.label)),
                          mana="".join("{" + s + "}" for s in opt)))
        mana_side_effects(game, src, opt, player)
    pl.pool.add(list(payment.leftover.elements()))
    if "paying_for" in game.extra:  # a spell being cast: what mana paid for it (601.2h)
        used = Counter(payment.from_pool)
        for _src, opt in payment.sources:
            used.update(opt)
        game.extra.setdefault("spent", Counter()).update(used - payment.leftover)
    parts: list[Any] = []
    if payment.from_pool:
        parts.append(msg("pay.from_pool", mana="".join(("{" + s + "}") * n
                                                       for s, n in payment.from_pool.items())))
    if tapped:
        parts.append(msg("pay.activating", sources=Joined(tuple(tapped))))
    extra = tuple(r for src, _ in payment.sources for r in src.rules
                  if r == R.LAND_INTRINSIC_MANA)
    if payment.leftover or any(len(opt) > 1 for _, opt in payment.sources):
        extra += (R.MANA_POOL,)  # mana made beyond the cost stays in the pool
    game.log.add("pay", msg("costs.pay_mana", player=player, cost=cost, what=what,
                            value=Joined(tuple(parts), "list.semicolon")),
                 (R.CAST_MANA_ABILITIES, R.CAST_PAY, R.MANA_ABILITY_NO_STACK)
                 + ((R.MANA_ABILITY,) if tapped else ()) + extra)
    return True



def offer_payment(game: Game, player: str, cost: ManaCost, what: str,
                  forced: bool = False) -> bool:
    """An optional payment during resolution ("unless", echo): the player's choice."""
    can = pay_mana(game, player, cost, what, check_only=True)
    if not can:
        game.log.add("pay", msg("costs.offer_payment", player=player, what=what),
            (R.RESOLVE_CHOICES,))
        return False
    if not forced:
        index = game.chooser.choose(player, "pay", ["pay", "don't pay"], keys=("pay", "may"),
                                    note=str(what))
        if index == 1:
            game.log.add("choice", msg("costs.offer_payment.2", player=player, what=what),
                (R.RESOLVE_CHOICES,))
            return False
    paid_for = what.args["what"] if isinstance(what, Message) and what.code == "costs.pay_what" \
        else what
    return pay_mana(game, player, cost, paid_for)



def offer_cost(game: Game, player: str, cost: Any, what: str) -> bool:
    """An optional payment of a mana cost or another cost ("pay 2 life") during
    resolution; the player chooses."""
    if cost is None:
        return False
    if isinstance(cost, ManaCost):
        return offer_payment(game, player, cost, what)
    if isinstance(cost, Cost):
        if cost.pay_life and game.players[player].life < cost.pay_life:
            game.log.add("pay", msg("costs.offer_cost.2", player=player, what=what), (R.PAY_LIFE,))
            return False
        if cost.energy and game.players[player].counters.get("energy", 0) < cost.energy:
            game.log.add("pay", msg("costs.not_enough_energy", player=player, what=what,
                                    n=cost.energy), (R.ENERGY,))
            return False
        if cost.mana and not pay_mana(game, player, cost.mana, what, check_only=True):
            game.log.add("pay", msg("costs.offer_cost.3", player=player, what=what),
                (R.RESOLVE_CHOICES,))
            return False
        index = game.chooser.choose(player, "pay", ["pay", "don't pay"], keys=("pay", "may"),
                                    note=str(what))
        if index == 1:
            game.log.add("choice", msg("costs.offer_cost.4", player=player, what=what),
                (R.RESOLVE_CHOICES,))
            return False
        game.log.add("pay", msg("costs.offer_cost", player=player, what=what), (R.RESOLVE_CHOICES,))
        pay_costs(game, player, cost, None, what)
        return True
    return False



def cost_reduction(game: Game, player: str, c: Chars) -> int:
    """How much less (or, negative, more) generic mana a spell ``player`` casts costs
    (601.2f): "Spells cost {1} less to cast", "Noncreature spells cost {1} more"."""
    total = 0
    for oid in game.battlefield:
        pc = game.chars(oid)
        for ab in statics(pc.abilities):
            if not isinstance(ab, StaticAbility):
                continue
            if ab.kind == "cost_reduction" and pc.controller == player:
                f = ab.params.get("filter")
                if f is None or _spell_matches(f, c, game, oid):
                    total += ab.params.get("amount", 1)
            elif ab.kind == "cost_change":
                whose = ab.params.get("whose", "all")
                if whose == "you" and pc.controller != player or \
                        whose == "opponents" and pc.controller == player:
                    continue
                if _spell_matches(ab.params["filter"], c, game, oid):
                    total -= ab.params["amount"]
    return total



def _spell_matches(f: Any, c: Chars, game: Game | None = None, source: int | None = None
                   ) -> bool:
    if f.chosen is not None and (game is None or not chosen_ok(game, f.chosen, c, source)):
        return False  # "Creature spells of the chosen type" (the source's choice)
    if f.any_types and not (f.any_types & c.types):
        return False
    if f.types and not f.types <= c.types:
        return False
    if f.not_types and f.not_types & c.types:
        return False
    if f.colors and not f.colors & c.colors:
        return False
    if f.not_colors and f.not_colors & c.colors:
        return False
    if f.subtypes and not f.subtypes & c.subtypes:
        return False
    return True



def check_costs(game: Game, player: str, cost: Cost, source: int | None,
                targets: list[list[Any]], what: str) -> None:
    """Raise IllegalAction if ``cost``'s non-mana parts can't be paid."""
    obj = game.objects.get(source) if source is not None else None
    if cost.tap or cost.untap:
        if obj is None or obj.zone != "battlefield":
            raise IllegalAction(msg("costs.check_costs.3", what=what), (R.ACTIVATE,))
        if cost.tap and obj.tapped:
            raise IllegalAction(msg("costs.check_costs.4", what=what, source=game.label(source)),
                                (R.TAP_UNTAP, R.ACTIVATE))
        if cost.untap and not obj.tapped:
            raise IllegalAction(msg("costs.check_costs.5", what=what, source=game.label(source)),
                                (R.TAP_UNTAP,))
        c = game.chars(source)
        if c.is_creature and summoning_sick(game, source) and not has_haste(game, source):
            raise IllegalAction(msg("costs.check_costs.6", source=game.label(source),
                                    player=player), (R.ACTIVATE_TAP_SICK, R.SUMMONING_SICKNESS))
    if cost.pay_life and game.players[player].life < cost.pay_life:
        raise IllegalAction(msg("costs.check_costs", player=player, pay_life=cost.pay_life),
            (R.PAY_LIFE,))
    if cost.remove_counters:
        kind, n = cost.remove_counters
        if obj is None or obj.counters.get(kind, 0) < n:
            raise IllegalAction(msg("costs.check_costs.7", what=what, kind=kind), (R.ACTIVATE,))
    if cost.discard and cost.discard_filter is not None and len(
            [o for o in game.players[player].hand if o != source and
             matches(cost.discard_filter, View(game), o, player)]) < cost.discard:
        raise IllegalAction(msg("costs.no_card_to_discard", what=what, cost=str(cost)),
                            (R.ACTIVATE, R.CAST_PAY))
    if cost.discard and len([o for o in game.players[player].hand if o != source]) < \
            cost.discard:
        raise IllegalAction(msg("costs.check_costs.2", player=player, what=what), (R.ACTIVATE,))
    if cost.behold is not None and not _beholdable(game, player, cost.behold, source):
        raise IllegalAction(msg("costs.not_enough", what=what, value=cost.behold.describe(),
                                n=1), (R.CAST_PAY, R.BEHOLD))
    if cost.reveal_from_hand is not None and not [
            o for o in game.players[player].hand if o != source and
            matches(cost.reveal_from_hand, View(game), o, player)]:
        raise IllegalAction(msg("costs.not_enough", what=what,
                                value=cost.reveal_from_hand.describe(), n=1),
                            (R.CAST_PAY, R.REVEAL))
    for part in (cost.tap_others, cost.exile_from_graveyard, cost.exile_from_hand):
        if part is not None and len(_candidates(game, player, cost, source, part[0])) < part[1]:
            raise IllegalAction(msg("costs.not_enough", what=what, value=part[0].describe(),
                                    n=part[1]), (R.ACTIVATE, R.CAST_PAY))
    if cost.return_other is not None and not _candidates(game, player, cost, source,
                                                         cost.return_other):
        raise IllegalAction(msg("costs.not_enough", what=what,
                                value=cost.return_other.describe(), n=1), (R.CAST_PAY,))
    if cost.tap_power is not None and not _power_groups(game, player, cost, source):
        raise IllegalAction(msg("costs.not_enough_power", what=what,
                                value=cost.tap_power[0].describe(), n=cost.tap_power[1]),
                            (R.ACTIVATE, R.CAST_PAY))
    if cost.energy and game.players[player].counters.get("energy", 0) < cost.energy:
        raise IllegalAction(msg("costs.not_enough_energy", player=player, what=what,
                                n=cost.energy), (R.ENERGY,))


MAX_TAP_GROUP = 12  # creatures considered for "tap any number … with total power N"


def _power_groups(game: Game, player: str, cost: Cost, source: int | None
                  ) -> list[tuple[int, ...]]:
    """The smallest groups of untapped creatures whose total power pays "tap any number of
    other untapped creatures you control with total power N or greater" (crew: 702.122a):
    groups none of whose creatures could be left out."""
    from itertools import combinations

    f, n = cost.tap_power  # type: ignore[misc]
    found = _candidates(game, player, cost, source, f)
    if source is not None:
        found = [o for o in found if o != source or not f.other]
    power = {o: game.chars(o).power or 0 for o in found}
    found = sorted(found, key=lambda o: -power[o])[:MAX_TAP_GROUP]
    groups = []
    for size in range(1, len(found) + 1):
        for group in combinations(found, size):
            total = sum(power[o] for o in group)
            if total >= n and all(total - power[o] < n for o in group):
                groups.append(group)
    return groups


def _candidates(game: Game, player: str, cost: Cost, source: int | None, f: Any) -> list[int]:
    """What may pay a part of a cost that names other objects: untapped creatures to tap
    (not the source when {T} taps it too), cards in the graveyard to exile, a permanent
    to return."""
    view = View(game)
    if f.zone in ("graveyard", "hand"):
        cards = game.players[player].graveyard if f.zone == "graveyard" else \
            game.players[player].hand
        return [o for o in cards if o != source and matches(f, view, o, player, source)]
    return [o for o in game.battlefield if game.controller_of(o) == player and
            not (cost.tap and o == source) and matches(f, view, o, player, source)]



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
        game.log.add("pay", msg("costs.pay_costs", player=player,
                                value='taps' if cost.tap else 'untaps', source=game.label(source),
                                what=what), (R.ACTIVATE,))
    pay_mana(game, player, mana, what, exclude=exclude)
    if cost.pay_life:
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
            raise IllegalAction(msg("costs.pay_costs.2", player=player,
                                    value=cost.sacrifice.describe(), what=what), (R.CAST_PAY,))
        perform(game, [Move(cause="cost", oid=o, to_zone="graveyard", reason="sacrifice",
                            rules=(R.SACRIFICE, R.CAST_PAY)) for o in chosen])
        if source is not None and source in game.objects:
            game.objects[source].chosen["sacrificed"] = chosen[0] if chosen else None
    if cost.behold is not None:
        options = _beholdable(game, player, cost.behold, source)
        chosen = choose_cards(game, player, options, 1, "reveal", keys=("behold", "reveal"))
        game.log.add("reveal", msg("costs.beholds_for", player=player, what=what,
                                   value=Joined(tuple(game.label(o) for o in chosen),
                                                "list.and")), (R.CAST_PAY, R.BEHOLD))
    if cost.reveal_from_hand is not None:
        view = View(game)
        options = [o for o in game.players[player].hand if o != source and
                   matches(cost.reveal_from_hand, view, o, player)]
        chosen = choose_cards(game, player, options, 1, "reveal", keys=("reveal",))
        game.log.add("reveal", msg("costs.reveals_for", player=player, what=what,
                                   value=Joined(tuple(game.label(o) for o in chosen),
                                                "list.and")), (R.CAST_PAY, R.REVEAL))
        if source is not None and source in game.objects and chosen:
            game.objects[source].chosen["revealed_cost"] = chosen[0]
    if cost.tap_others is not None:
        f, n = cost.tap_others
        chosen = choose_cards(game, player, _candidates(game, player, cost, source, f), n, "tap")
        perform(game, [Tap(cause="cost", oid=o, rules=(R.TAP_UNTAP,)) for o in chosen])
        game.log.add("pay", msg("costs.taps_for", player=player, what=what,
                                value=Joined(tuple(game.label(o) for o in chosen), "list.and")),
                     (R.ACTIVATE, R.TAP_UNTAP))
    if cost.tap_power is not None:
        chosen = choose_group(game, player, _power_groups(game, player, cost, source), "tap",
                              ("tap", "crew"))
        perform(game, [Tap(cause="cost", oid=o, rules=(R.TAP_UNTAP,)) for o in chosen])
        game.log.add("pay", msg("costs.taps_for", player=player, what=what,
                                value=Joined(tuple(game.label(o) for o in chosen), "list.and")),
                     (R.ACTIVATE, R.TAP_UNTAP))
    for part in (cost.exile_from_graveyard, cost.exile_from_hand):
        if part is None:
            continue
        f, n = part
        chosen = choose_cards(game, player, _candidates(game, player, cost, source, f), n,
                              "exile")
        perform(game, [Move(cause="cost", oid=o, to_zone="exile", reason="exile",
                            rules=(R.EXILE,)) for o in chosen])
    if cost.return_other is not None:
        chosen = choose_cards(game, player, _candidates(game, player, cost, source,
                                                        cost.return_other), 1, "return")
        perform(game, [Move(cause="cost", oid=o, to_zone="hand", reason="bounce")
                       for o in chosen])
    if cost.put_counters_self is not None and source is not None:
        kind, n = cost.put_counters_self
        perform(game, [Counters(cause="cost", target=source, kind=kind, n=n)])
    if cost.energy:
        game.players[player].counters["energy"] -= cost.energy
        game.log.add("pay", msg("costs.pays_energy", player=player, n=cost.energy, what=what,
                                left=game.players[player].counters["energy"]), (R.ENERGY,))
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
        if cost.discard_filter is not None:
            view = View(game)
            hand = [o for o in hand if matches(cost.discard_filter, view, o, player)]
        if cost.discard_random:  # at random (701.9b): each card a possible outcome
            chosen = choose_cards(game, player, hand, cost.discard, "random", keys=("random",))
        else:
            chosen = discard_choice or choose_cards(game, player, hand, cost.discard,
                                                    "discard")
        perform(game, [Move(cause="cost", oid=o, to_zone="graveyard", reason="discard",
                            rules=(R.DISCARD,)) for o in chosen])
        game.record.discarded[player] += len(chosen)
    return True


def _beholdable(game: Game, player: str, f: Any, source: int | None) -> list[int]:
    """What "behold a Dragon" may show (701.63a): a Dragon the player controls or a Dragon
    card in their hand."""
    view = View(game)
    mine = [o for o in game.battlefield if game.controller_of(o) == player and
            matches(replace(f, zone="battlefield"), view, o, player)]
    return mine + [o for o in game.players[player].hand if o != source and
                   matches(replace(f, zone="hand"), view, o, player)]
