"""Conditions: "if you control an Island", an intervening "if" (603.4), "if it
was kicked", "if you do" — each kind registered once, with what its arguments
are, and evaluated against :class:`Facts`.

A condition is a tuple ``(kind, *args)`` as the card scripts and the sentence
reader build it (``("you_control", Filter)``, ``("not", ("evoked",))``). The
same registry answers a static ability's condition while the layer system runs
(``facts.view`` is then the partly computed game), a triggered ability's
intervening "if", and an ``if`` effect as a spell resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.errors import Unsupported
from judgebot.engine.filters import (
    View,
    amount,
    bind_x,
    chars_match,
    happened,
    matches,
    select,
)
from judgebot.engine.state import Game, GameObject
from judgebot.messages import msg


@dataclass
class Facts:
    """What a condition is checked against."""

    view: View
    you: str | None  # the controller of the ability (or of the effect)
    source: int | None = None  # the object whose ability it is
    info: dict[str, Any] = field(default_factory=dict)  # what the trigger saw
    refs: dict[str, Any] = field(default_factory=dict)  # what the resolution did so far
    item: Any = None  # the resolving spell or ability

    @property
    def game(self) -> Game:
        return self.view.game

    @property
    def obj(self) -> GameObject | None:
        return self.game.objects.get(self.source) if self.source is not None else None


@dataclass(frozen=True)
class Kind:
    name: str
    test: Callable[..., bool]
    phrases: bool = False  # its text arguments are noun phrases ("creature you control")
    doc: str = ""


KINDS: dict[str, Kind] = {}


def kind(name: str, phrases: bool = False) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Register a condition kind: ``test(facts, *args) -> bool``."""
    def register(test: Callable[..., bool]) -> Callable[..., bool]:
        KINDS[name] = Kind(name, test, phrases, (test.__doc__ or "").strip())
        return test
    return register


def check(cond: Any, facts: Facts) -> bool:
    """Whether ``cond`` holds (no condition always holds)."""
    if cond is None:
        return True
    found = KINDS.get(cond[0])
    if found is None:
        raise ValueError(f"unknown condition {cond!r}")
    return found.test(facts, *cond[1:])


def holds(game: Game, cond: Any, source: int | None, you: str | None,
          info: dict[str, Any] | None = None) -> bool:
    """``check`` against the game as it is, for an ability of ``source``."""
    return check(cond, Facts(View(game), you, source, dict(info or {})))


# --- the game --------------------------------------------------------------------------------
@kind("you_control", phrases=True)
def _you_control(f: Facts, what: Any) -> bool:
    return bool(select(what, f.view, f.you, f.source))


@kind("none_on_battlefield", phrases=True)
def _none_on_battlefield(f: Facts, what: Any) -> bool:
    return not select(what, f.view, f.you)


@kind("no_cards_in_hand")
def _no_cards_in_hand(f: Facts) -> bool:
    return not f.game.players[f.you].hand


@kind("cards_in_graveyard_ge", phrases=True)
def _cards_in_graveyard_ge(f: Facts, what: Any, n: int) -> bool:
    mine = f.game.players[f.you].graveyard
    if what is None:
        return len(mine) >= n
    return len([o for o in select(what, f.view, f.you, None, "graveyard") if o in mine]) >= n


@kind("life_ge")
def _life_ge(f: Facts, n: int) -> bool:
    return f.game.players[f.you].life >= n


@kind("your_turn")
def _your_turn(f: Facts) -> bool:
    return f.game.active == f.you


@kind("permanent_left_under_you")
def _permanent_left_under_you(f: Facts) -> bool:
    """Revolt: a permanent you controlled left the battlefield this turn."""
    return f.game.record.left_battlefield.get(f.you, 0) > 0


@kind("step_in")
def _step_in(f: Facts, steps: tuple[str, ...]) -> bool:
    return f.game.step in steps


@kind("attacked_you")
def _attacked_you(f: Facts) -> bool:
    """ "… if you've been attacked this step": a creature attacks you (or a planeswalker or
    battle of yours) in this combat."""
    combat = f.game.combat
    return combat is not None and any(combat.defending_player(a, f.game) == f.you
                                      for a in combat.attackers)


@kind("attacks_you")
def _attacks_you(f: Facts, planeswalkers: bool) -> bool:
    """ "Whenever a creature attacks you [or a planeswalker you control]": what the
    attacking creature attacks is you (or, with ``planeswalkers``, a planeswalker of yours)."""
    defender = f.info.get("defender")
    if defender == f.you:
        return True
    return planeswalkers and isinstance(defender, int) and \
        f.info.get("defending_player") == f.you and \
        "planeswalker" in f.game.chars(defender).types


@kind("no_tapped_lands")
def _no_tapped_lands(f: Facts) -> bool:
    game = f.game
    return not any(game.objects[i].tapped and game.chars(i).is_land and
                   game.controller_of(i) == f.you for i in game.battlefield)


@kind("damaged_opponent_this_turn")
def _damaged_opponent(f: Facts) -> bool:
    return f.source in f.game.record.damaged_opponent


@kind("not")
def _not(f: Facts, cond: Any) -> bool:
    return not check(cond, f)


@kind("all")
def _all(f: Facts, *conds: Any) -> bool:
    return all(check(c, f) for c in conds)


# --- the object whose ability it is ----------------------------------------------------------
@kind("echo")
def _echo(f: Facts) -> bool:
    """It came under its controller's control since their last upkeep (702.30a)."""
    obj = f.obj
    return obj is not None and obj.controlled_since > f.game.players[f.you].prev_upkeep


@kind("has_counter")
def _has_counter(f: Facts, counter: str) -> bool:
    obj = f.obj
    return obj is not None and obj.counters.get(counter, 0) > 0


@kind("suspended")
def _suspended(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.zone == "exile" and obj.counters.get("time", 0) > 0


@kind("rebounded")
def _rebounded(f: Facts) -> bool:
    """A card exiled by rebound whose delayed trigger hasn't happened yet (702.88a)."""
    obj = f.obj
    return obj is not None and obj.zone == "exile" and bool(obj.chosen.get("rebound"))


@kind("in_exile")
def _in_exile(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.zone == "exile"


@kind("dashed")
def _dashed(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.alt_cost == "dash"


@kind("evoked")
def _evoked(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.alt_cost == "evoke"


@kind("mana_spent")
def _mana_spent(f: Facts, need: tuple[tuple[str, int], ...]) -> bool:
    """"If {R} was spent to cast this spell", "if at least three red mana was spent …": the
    mana paid for the spell as it was cast (601.2h); unknown when the scenario left the mana
    assumed, so refused rather than guessed."""
    obj = f.obj
    if obj is None or obj.cast is None:
        return False
    if obj.cast.spent is None:
        raise Unsupported(msg("conditions.mana_spent_unknown", name=obj.card.name),
                          rules=(R.CAST_PAY,))
    return all(obj.cast.spent.count(sym) >= n for sym, n in need)


@kind("kicked")
def _kicked(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and (
        "kicker" in obj.cast.additional or "multikicker" in obj.cast.additional)


@kind("land_entered_you")
def _land_entered_you(f: Facts) -> bool:
    """"If you had a land enter the battlefield under your control this turn" (landfall)."""
    return f.game.record.lands_entered[f.you] > 0


@kind("bargained")
def _bargained(f: Facts) -> bool:
    """"If this spell was bargained" (702.166b): its bargain cost was paid."""
    obj = f.obj
    return obj is not None and obj.cast is not None and "bargain" in obj.cast.additional


@kind("controlled_at_cast", phrases=True)
def _controlled_at_cast(f: Facts, what: Any) -> bool:
    """ "… or controlled a Dragon as you cast this spell": what its caster controlled as it
    was cast (recorded then), as those permanents are now or last existed."""
    obj = f.obj
    seen = obj.chosen.get("controlled_at_cast", ()) if obj is not None else ()
    for oid in seen:
        if oid in f.game.objects and f.game.objects[oid].zone == "battlefield":
            if matches(what, f.view, oid, f.you, None):
                return True
        elif oid in f.game.lki and chars_match(what, f.game.lki[oid], f.you):
            return True
    return False


@kind("additional_paid")
def _additional_paid(f: Facts, name: str) -> bool:
    """A spell's optional additional cost was paid (casualty, conspire)."""
    obj = f.obj
    return obj is not None and obj.cast is not None and name in obj.cast.additional


@kind("milled_this_way")
def _milled_this_way(f: Facts, what: Any) -> bool:
    """"If a card with the chosen name was milled this way" (608.2h): the cards this
    resolution milled, where they went."""
    return any(o in f.game.objects and (what is None or matches(
        replace(what, zone=f.game.objects[o].zone), f.view, o, f.you, f.source))
        for o in f.refs.get("milled", ()))


@kind("gift_promised")
def _gift_promised(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and "gift" in obj.cast.additional


@kind("madness_paid")
def _madness_paid(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.alt_cost == "madness"


@kind("cast_during_main")
def _cast_during_main(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.controller_main_phase


@kind("no_time_counters")
def _no_time_counters(f: Facts) -> bool:
    """The object that left had no time counter on it, as it last existed."""
    old = f.game.lki_objects.get(f.info.get("old")) if f.info.get("old") else None
    return not (old is not None and old.counters.get("time"))


@kind("mv_equals_counters")
def _mv_equals_counters(f: Facts, counter: str) -> bool:
    """The spell's mana value equals the number of ``counter`` counters on this object."""
    spell = f.info.get("spell")
    obj = f.obj
    have = obj.counters.get(counter, 0) if obj is not None else 0
    return spell in f.game.objects and f.game.chars(spell).mana_value() == have


# --- the resolution so far -------------------------------------------------------------------
@kind("countered")
def _countered(f: Facts) -> bool:
    return bool(f.refs.get("countered"))


@kind("paid")
def _paid(f: Facts) -> bool:
    return bool(f.refs.get("paid"))


@kind("target_matches", phrases=True)
def _target_matches(f: Facts, ref: str, what: Any) -> bool:
    """ "Counter target spell if it's blue": the target, where it is now, matches."""
    slot = 0 if ref == "target" else int(ref[6:]) - 1
    targets = getattr(f.item, "targets", None) or []
    # "if its toughness is X or less": the spell's X
    cast = getattr(f.item, "cast", None)
    what = bind_x(what, cast.x if cast is not None else 0)
    if slot >= len(targets) or not targets[slot]:
        return False
    t = targets[slot][0]
    obj = f.game.objects.get(t) if isinstance(t, int) else None
    if obj is None:
        # "Destroy target creature. If that creature was blue …": as it last existed (608.2h)
        lki = f.game.lki.get(t) if isinstance(t, int) else None
        return lki is not None and chars_match(what, lki, f.you) and \
            (what.mv_le is None or lki.mana_value() <= what.mv_le) and \
            (what.mv_ge is None or lki.mana_value() >= what.mv_ge)
    return matches(replace(what, zone=obj.zone), f.view, t, f.you, f.source)


@kind("ref_matches", phrases=True)
def _ref_matches(f: Facts, ref: str, what: Any) -> bool:
    """ "… reveal the top card of your library. If it's a creature card, …": the object an
    earlier instruction left (608.2c), where it is now."""
    value = (f.refs or {}).get(ref)
    oid = value[0] if isinstance(value, list) and value else value
    obj = f.game.objects.get(oid) if isinstance(oid, int) else None
    return obj is not None and matches(replace(what, zone=obj.zone), f.view, oid, f.you,
                                       f.source)


@kind("target_is_nonbasic")
def _target_is_nonbasic(f: Facts) -> bool:
    lki = f.refs.get("target_lki")
    return lki is not None and "basic" not in lki.supertypes


@kind("cast_in_main")
def _cast_in_main(f: Facts) -> bool:
    item = f.item
    return item is not None and not getattr(item, "is_stack_ability", True) and \
        item.cast is not None and item.cast.cast and item.cast.controller_main_phase


# --- amounts, the game so far, the object the trigger is about --------------------------------
def _amount_ctx(f: Facts) -> dict[str, Any]:
    return {"you": f.you, "source": f.source, "refs": {**f.info, **f.refs}}


@kind("compare")
def _compare(f: Facts, expr: Any, op: str, n: Any) -> bool:
    """An amount compared with a number ("you have 40 or more life", "your devotion to
    black is less than five", "you control three or more artifacts")."""
    have = amount(expr, f.view, _amount_ctx(f))
    want = amount(n, f.view, _amount_ctx(f))
    return {"ge": have >= want, "le": have <= want, "lt": have < want, "gt": have > want,
            "eq": have == want, "ne": have != want}[op]


@kind("opponent_controls", phrases=True)
def _opponent_controls(f: Facts, what: Any) -> bool:
    return any(f.view.controller(o) != f.you for o in select(what, f.view, f.you, f.source))


@kind("source_tapped")
def _source_tapped(f: Facts, tapped: bool = True) -> bool:
    obj = f.obj
    return obj is not None and obj.tapped == tapped


@kind("no_counter_lki")
def _no_counter_lki(f: Facts, counter: str) -> bool:
    """The object that left the battlefield had no ``counter`` counter on it, as it last
    existed (persist, undying: 702.79a, 702.93a)."""
    old = f.info.get("old")
    obj = f.game.lki_objects.get(old) if old is not None else f.obj
    return not (obj is not None and obj.counters.get(counter))


@kind("opponent_dealt_damage_this_turn")
def _opponent_dealt_damage(f: Facts) -> bool:
    return any(f.game.record.life_lost[p] or f.game.record.damaged_players.get(p)
               for p in f.game.opponents(f.you))


@kind("cast_another_spell")
def _cast_another_spell(f: Facts, types: frozenset[str] = frozenset()) -> bool:
    """"If you've cast another spell this turn" (surge, 702.117a: "you or one of your
    teammates"; no teammates in a two-player game): a spell of theirs other than this one
    ("another instant or sorcery spell": of those types, as it was cast)."""
    game = f.game
    for p, oid in game.record.spells_cast:
        if p != f.you or oid == f.source:
            continue
        if types:
            c = game.lki.get(oid) if oid not in game.objects else game.chars(oid)
            if c is None or not (c.types & types):
                continue
        return True
    return False


@kind("opponent_ge")
def _opponent_ge(f: Facts, stat: str, n: int) -> bool:
    """"If an opponent has three or more poison counters / seven or more cards in their
    graveyard / has drawn four or more cards this turn / cast two or more spells this
    turn"."""
    game = f.game
    for p in game.opponents(f.you):
        pl = game.players[p]
        have = {"poison": pl.poison, "graveyard": len(pl.graveyard),
                "drawn": game.record.drawn[p],
                "spells": sum(1 for q, _ in game.record.spells_cast if q == p)}[stat]
        if have >= n:
            return True
    return False


@kind("votes")
def _votes(f: Facts, option: str, tied_too: bool) -> bool:
    """"If time gets more votes" / "… more votes or the vote is tied" (701.38a)."""
    votes = f.refs.get("votes") or {}
    mine = votes.get(option, 0)
    others = [n for o, n in votes.items() if o != option]
    best = max(others, default=0)
    return mine > best or (tied_too and mine == best)


@kind("life_gained_ge")
def _life_gained_ge(f: Facts, n: int) -> bool:
    """"If you've gained 3 or more life this turn"."""
    return f.game.record.life_gained[f.you] >= n


@kind("day_night")
def _day_night(f: Facts, which: str) -> bool:
    """"If it's night" / "if it's day" (the game's designation, 731.1)."""
    return str(f.game.extra.get("day_night") or "") == which


@kind("opponent_lost_life_this_turn")
def _opponent_lost_life(f: Facts) -> bool:
    return any(f.game.record.life_lost[p] for p in f.game.opponents(f.you))


@kind("gained_life_this_turn")
def _gained_life(f: Facts) -> bool:
    return bool(f.game.record.life_gained[f.you])


@kind("creature_died_this_turn")
def _creature_died(f: Facts) -> bool:
    return f.game.record.creatures_died > 0


@kind("attacked_this_turn")
def _attacked(f: Facts) -> bool:
    game = f.game
    return any(game.objects.get(o) is None or game.controller_of(o) == f.you
               for o in game.record.attacked_with)


@kind("source_attacked_this_turn")
def _source_attacked(f: Facts) -> bool:
    return f.source in f.game.record.attacked_with


@kind("it_matches", phrases=True)
def _it_matches(f: Facts, what: Any) -> bool:
    """The object the trigger is about (as it last existed, if it left) matches."""
    lki = f.info.get("lki")
    it = f.info.get("old") if lki is not None else f.info.get("it")
    if it is None:
        return False
    if lki is not None:
        game = f.game

        def lookup(oid: int) -> Any:
            return lki if oid == it else game.chars(oid)
        view = View(game, lookup)
        if it not in game.objects:
            return chars_match(what, lki, f.you)
        return matches(what, view, it, f.you, f.source)
    return matches(what, f.view, it, f.you, f.source)


@kind("target_is_another")
def _target_is_another(f: Facts) -> bool:
    """"If that's another creature" (backup, 702.165a): the ability's target isn't the
    object whose ability it is."""
    targets = getattr(f.item, "targets", None) or []
    first = targets[0][0] if targets and targets[0] else None
    return first is not None and first != f.source


@kind("cast_from_hand")
def _cast_from_hand(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.from_zone == "hand"


@kind("cast_from_graveyard")
def _cast_from_graveyard(f: Facts) -> bool:
    """"If this spell was cast from a graveyard" (flashback and the like): where it was
    cast from (601.2a)."""
    obj = f.obj
    return obj is not None and obj.cast is not None and obj.cast.from_zone == "graveyard"


@kind("source_is", phrases=True)
def _source_is(f: Facts, what: Any) -> bool:
    """This object (still) matches: "as long as ~ is enchanted", "if ~ is a creature"."""
    return f.source is not None and f.source in f.game.objects and \
        matches(what, f.view, f.source, f.you, None)


@kind("any")
def _any(f: Facts, *conds: Any) -> bool:
    return any(check(c, f) for c in conds)


@kind("opponent_controls_n", phrases=True)
def _opponent_controls_n(f: Facts, what: Any, n: int) -> bool:
    found = select(what, f.view, f.you, f.source)
    return any(sum(1 for o in found if f.view.controller(o) == p) >= n
               for p in f.game.opponents(f.you))


@kind("spell_targets_source")
def _spell_targets_source(f: Facts) -> bool:
    """"Whenever you cast a spell that targets ~" (heroic)."""
    spell = f.game.stack_item(f.info.get("spell")) if f.info.get("spell") else None
    return spell is not None and any(f.source in slot for slot in spell.targets)


@kind("nth_spell")
def _nth_spell(f: Facts, n: int) -> bool:
    """The spell is its caster's ``n``-th spell this turn ("your second spell each turn")."""
    player = f.info.get("player")
    return sum(1 for p, _ in f.game.record.spells_cast if p == player) == n


@kind("attackers_ge")
def _attackers_ge(f: Facts, n: int) -> bool:
    return len(f.info.get("attackers", ())) >= n


@kind("attacks_most_life")
def _attacks_most_life(f: Facts) -> bool:
    """It attacks the player with the most life or tied for most life (dethrone, 702.105):
    a player attacked, not a planeswalker."""
    defender = f.info.get("defender")
    if not isinstance(defender, str) or defender not in f.game.players:
        return False
    return f.game.players[defender].life >= max(p.life for p in f.game.players.values())


@kind("attacks_with_another", phrases=True)
def _attacks_with_another(f: Facts, what: Any) -> bool:
    """Another creature matching ``what`` attacks too ("~ and at least one other creature
    with power greater than ~'s power attack": training, 702.149)."""
    combat = f.game.combat
    it = f.info.get("it")
    return combat is not None and any(
        a != it and matches(what, f.view, a, f.you, f.source) for a in combat.attackers)


@kind("damaged_by_source")
def _damaged_by_source(f: Facts) -> bool:
    """The creature that died was dealt damage by this object this turn."""
    old = f.info.get("old")
    return old is not None and f.source in f.game.record.damaged_by.get(old, set())


@kind("designated")
def _designated(f: Facts, name: str) -> bool:
    """This object has a designation ("renowned")."""
    obj = f.obj
    return obj is not None and bool(obj.chosen.get(name))


@kind("source_on_battlefield")
def _source_on_battlefield(f: Facts) -> bool:
    obj = f.obj
    return obj is not None and obj.zone == "battlefield"


# --- the previous turn (731.2, "if no spells were cast last turn") ---------------------------
def last_turn(game: Game) -> dict[str, Any]:
    """The previous turn's active player and the spells each player cast in it (kept as
    that turn ended); before the scenario's first turn, none (a documented default, logged
    once)."""
    seen = game.extra.get("last_turn")
    if seen is None:
        if not game.extra.get("last_turn_default_logged"):
            game.extra["last_turn_default_logged"] = True
            game.log.add("default", msg("daynight.last_turn_default"), (R.DAY_NIGHT_CHECK,))
        return {"active": "", "spells": {}}
    return seen


@kind("spells_last_turn")
def _spells_last_turn(f: Facts, how: str) -> bool:
    """ "no spells were cast last turn" (none by any player), "a player cast two or more
    spells last turn" (two or more by one player)."""
    spells = last_turn(f.game)["spells"]
    if how == "none":
        return not any(spells.values())
    return any(n >= 2 for n in spells.values())


# --- designations (725, 702.131) ------------------------------------------------------------
@kind("is_monarch")
def _is_monarch(f: Facts) -> bool:
    """ "you're the monarch" (725.1)."""
    return f.you is not None and f.game.extra.get("monarch") == f.you


@kind("city_blessing")
def _city_blessing(f: Facts) -> bool:
    """ "you have the city's blessing" (702.131c)."""
    return f.you is not None and bool(f.game.players[f.you].counters.get("city_blessing"))


@kind("level_between")
def _level_between(f: Facts, low: int, high: int | None) -> bool:
    """A leveler's striation applies (711.2a-b): at least ``low`` level counters on it and,
    with ``high``, no more than that."""
    obj = f.obj
    n = obj.counters.get("level", 0) if obj is not None else 0
    return n >= low and (high is None or n <= high)


# --- counts the permanents' texts ask about (this branch's part) -----------------------------
@kind("card_types_in_graveyard_ge")
def _card_types_in_graveyard(f: Facts, n: int) -> bool:
    """ "there are four or more card types among cards in your graveyard" (delirium)."""
    kinds: set[str] = set()
    for oid in f.game.players[f.you].graveyard:
        kinds |= set(f.view.chars(oid).types)
    return len(kinds) >= n


@kind("some_player_life_le")
def _some_player_life_le(f: Facts, opponents_only: bool, n: int) -> bool:
    """ "a player has 13 or less life", "an opponent has N or less life"."""
    return any(f.game.players[p].life <= n for p in f.game.in_game()
               if not (opponents_only and p == f.you))


@kind("total_power_ge")
def _total_power_ge(f: Facts, n: int) -> bool:
    """ "creatures you control have total power 8 or greater" (formidable)."""
    total = 0
    for oid in f.game.battlefield:
        c = f.view.chars(oid)
        if c.is_creature and f.view.controller(oid) == f.you:
            total += max(c.power or 0, 0)
    return total >= n


@kind("nth_draw")
def _nth_draw(f: Facts, n: int) -> bool:
    """The card just drawn is that player's Nth this turn ("your second card each turn")."""
    player = f.info.get("player", f.you)
    return f.game.record.drawn[player] == n


@kind("attacks_with_others")
def _attacks_with_others(f: Facts, n: int) -> bool:
    """ "~ and at least two other creatures attack" (battalion): N other attackers."""
    combat = f.game.combat
    it = f.info.get("it", f.source)
    return combat is not None and it in combat.attackers and \
        len([a for a in combat.attackers if a != it]) >= n


@kind("before_attackers")
def _before_attackers(f: Facts) -> bool:
    """ "Activate only during your turn, before attackers are declared"."""
    steps = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")
    return f.game.active == f.you and f.game.step in steps and \
        f.game.extra.get("attacked") != f.game.turn


@kind("this_turn", phrases=True)
def _this_turn(f: Facts, event: str, who: str, what: Any, op: str, n: int) -> bool:
    """What happened this turn, counted for one player (the turn's record): "if an opponent
    cast a blue spell this turn", "if an opponent had two or more creatures enter the
    battlefield under their control this turn", "if you've sacrificed an artifact this
    turn". "An opponent" holds when one opponent's count does (not their sum)."""
    game = f.game
    players = [f.you] if who == "you" else game.opponents(f.you) if who == "opponent" else \
        list(game.order)
    for p in players:
        have = happened(game, f.view, event, p, what, f.you)
        if {"ge": have >= n, "eq": have == n}[op]:
            return True
    return False


@kind("you_control_commander")
def _you_control_commander(f: Facts) -> bool:
    """"If you control a commander": a permanent you control is a player's commander (903.3;
    a scenario marks it ``commander: true``)."""
    game = f.game
    return any(game.objects[o].commander and f.view.controller(o) == f.you
               for o in game.battlefield)
