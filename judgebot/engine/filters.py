"""Matching objects against filters, and evaluating amounts and conditions.

A *view* answers "what are this object's characteristics right now": the
finished characteristics normally, or the partly computed ones while the layer
system is running (so "white creatures get +1/+1" sees colours as of layer 7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter
from judgebot.engine.errors import Unsupported
from judgebot.engine.state import PERMANENT_TYPES, Chars, Game
from judgebot.messages import msg

CharsLookup = Callable[[int], Chars]


class View:
    """The game seen through a characteristics lookup."""

    def __init__(self, game: Game, lookup: CharsLookup | None = None) -> None:
        self.game = game
        self.lookup = lookup or game.chars

    def chars(self, oid: int) -> Chars:
        return self.lookup(oid)

    def controller(self, oid: int) -> str:
        obj = self.game.objects.get(oid)
        if obj is None:
            return self.game.controller_of(oid)
        if obj.zone in ("battlefield", "stack"):
            return self.lookup(oid).controller
        return obj.owner


def relation(view: View, player: str, perspective: str | None) -> bool:
    return perspective is not None and player == perspective


def chosen_ok(game: Any, chosen: tuple[str, bool], c: Any, source: int | None) -> bool:
    """ "of the chosen type" / "of the chosen color": what the source's controller chose as
    it entered (kept on the object); nothing chosen, nothing is of it."""
    what, wanted = chosen
    src = game.objects.get(source) if source is not None else None
    value = src.chosen.get(what) if src is not None else None
    if value is None:
        return not wanted
    if what == "creature_type":  # "*all*": a changeling has every creature type (702.73a)
        has = value in c.subtypes or "*all*" in c.subtypes
    elif what == "name":  # "cards with that name" (201.3)
        has = bool(c.name) and c.name.lower() == str(value).lower()
    else:
        has = value in c.colors
    return has == wanted


def matches(f: Filter, view: View, oid: int, perspective: str | None,
            source: int | None = None) -> bool:
    """Does object ``oid`` match ``f``, as seen by ``perspective`` (for "you")?"""
    game = view.game
    obj = game.objects.get(oid)
    if obj is None:
        return False
    c = view.chars(oid)
    if f.other and source is not None and oid == source:
        return False
    if f.single_target:
        item = game.stack_item(oid)
        targets = {t for slot in (getattr(item, "targets", None) or []) for t in slot}
        if len(targets) != 1:
            return False
    if f.shares_color:
        src = view.chars(source) if source is not None and source in game.objects else None
        if src is None or not (src.colors & c.colors):
            return False
    if f.types and not f.types <= c.types:
        return False
    if f.any_types and not (f.any_types & c.types):
        if not ("permanent" in f.any_types and c.types & set(PERMANENT_TYPES)) and \
                not (f.or_subtypes & c.subtypes) and not (f.or_token and obj.token):
            return False
    if f.not_types and f.not_types & c.types:
        return False
    if f.subtypes and not (f.subtypes & c.subtypes):
        return False
    if f.not_subtypes and f.not_subtypes & c.subtypes:
        return False
    if f.supertypes and not f.supertypes <= c.supertypes:
        return False
    if f.not_supertypes and f.not_supertypes & c.supertypes:
        return False
    if f.colors and not (f.colors & c.colors):
        return False
    if f.not_colors and f.not_colors & c.colors:
        return False
    if f.colorless is not None and (not c.colors) != f.colorless:
        return False
    if f.chosen is not None and not chosen_ok(game, f.chosen, c, source):
        return False
    if f.controller:
        ctrl = view.controller(oid)
        if f.controller == "you" and ctrl != perspective:
            return False
        if f.controller == "opponent" and (ctrl == perspective or perspective is None):
            return False
        if f.controller not in ("you", "opponent") and ctrl != f.controller:
            return False
    if f.owner:
        if f.owner == "you" and obj.owner != perspective:
            return False
        if f.owner == "opponent" and obj.owner == perspective:
            return False
    if f.damaged is not None and (oid in game.record.damaged_by) != f.damaged:
        return False
    if f.targeting is not None and not _targets_match(f.targeting, view, oid, perspective):
        return False
    if f.token is not None and obj.token != f.token:
        return False
    if f.tapped is not None and obj.tapped != f.tapped:
        return False
    if f.face_down is not None and obj.face_down != f.face_down:
        return False
    combat = game.combat
    if f.attacking is not None:
        if (combat is not None and oid in combat.attackers) != f.attacking:
            return False
    if f.blocking is not None:
        if (combat is not None and oid in combat.blockers) != f.blocking:
            return False
    if f.combat is not None:
        in_combat = combat is not None and (oid in combat.attackers or oid in combat.blockers)
        if in_combat != f.combat:
            return False
    if f.power_le is not None and (c.power is None or c.power > f.power_le):
        return False
    if f.power_ge is not None and (c.power is None or c.power < f.power_ge):
        return False
    if f.toughness_le is not None and (c.toughness is None or c.toughness > f.toughness_le):
        return False
    if f.toughness_ge is not None and (c.toughness is None or c.toughness < f.toughness_ge):
        return False
    if f.power_lt is not None and (c.power is None or c.power >= amount(
            f.power_lt, view, {"you": perspective, "source": source})):
        return False
    if f.power_gt is not None and (c.power is None or c.power <= amount(
            f.power_gt, view, {"you": perspective, "source": source})):
        return False
    if f.color_count is not None and \
            (len(c.colors) == 1 if f.color_count == "mono" else len(c.colors) >= 2) is False:
        return False
    if f.historic is not None and ("legendary" in c.supertypes or "artifact" in c.types or
                                   "Saga" in c.subtypes) != f.historic:
        return False
    if f.any_counter is not None and bool(+obj.counters) != f.any_counter:
        return False
    if f.enchanted is not None or f.equipped is not None or f.attached_to_source:
        if not _attachments_ok(f, game, oid, source):
            return False
    if f.mv_le is not None and not isinstance(f.mv_le, str) and c.mana_value() > f.mv_le:
        return False
    if f.mv_ge is not None and c.mana_value() < f.mv_ge:
        return False
    if f.mv_eq is not None and not isinstance(f.mv_eq, str) and c.mana_value() != f.mv_eq:
        return False
    if f.has and not all(c.has(k) for k in f.has):
        return False
    if f.lacks and any(c.has(k) for k in f.lacks):
        return False
    if f.no_abilities and c.abilities:
        return False
    names = f.names
    if "~" in names:  # "cards named ~": the name of the object whose text it is
        own = game.name_of(source) if source is not None else ""
        names = (names - {"~"}) | ({own} if own else set())
    if names and not (set(c.names) & names or c.name in names):
        return False
    if f.counter and not obj.counters.get(f.counter):
        return False
    if f.pt_total is not None:
        op, n = f.pt_total
        total = (c.power or 0) + (c.toughness or 0)
        if (total > n) if op == "le" else (total < n):
            return False
    if f.pt_either is not None:
        op, n = f.pt_either
        vals = (c.power or 0, c.toughness or 0)
        if not any((v <= n) if op == "le" else (v >= n) for v in vals):
            return False
    if f.greatest is not None:
        stat, scope = f.greatest
        rest = replace(f, greatest=None)
        ctrl = view.controller(oid)
        best = max((_stat(view.chars(o), stat) for o in game.battlefield
                    if (scope == "all" or view.controller(o) == ctrl)
                    and matches(rest, view, o, perspective, source)), default=None)
        if best is None or _stat(c, stat) < best:
            return False
    return True


def _attachments_ok(f: Filter, game: Game, oid: int, source: int | None) -> bool:
    kinds = {"Aura": False, "Equipment": False}
    for other in game.battlefield:
        o = game.objects[other]
        if o.attached_to == oid:
            subtypes = game.chars(other).subtypes
            for k in kinds:
                kinds[k] = kinds[k] or k in subtypes
    if f.enchanted is not None and kinds["Aura"] != f.enchanted:
        return False
    if f.equipped is not None and kinds["Equipment"] != f.equipped:
        return False
    if f.attached_to_source:
        src = game.objects.get(source) if source is not None else None
        return src is not None and src.attached_to == oid
    return True


def objects_in(view: View, zone: str) -> list[int]:
    game = view.game
    if zone == "battlefield":
        return list(game.battlefield)
    if zone == "stack":
        return [i.id for i in game.stack if not i.is_stack_ability]
    out: list[int] = []
    for p in game.order:
        out.extend(game.players[p].zone(zone))
    return out


def select(f: Filter, view: View, perspective: str | None, source: int | None = None,
           zone: str | None = None) -> list[int]:
    return [oid for oid in objects_in(view, zone or f.zone)
            if matches(f, view, oid, perspective, source)]


# --- amounts -----------------------------------------------------------------------------
def bind_x(f: Filter, x: int) -> Filter:
    """``f`` with the X of "with mana value X or less" (or power, toughness) made the number
    it stands for (a filter keeps "X" as written until the spell's X is known)."""
    fields = {k: x for k in ("mv_le", "mv_ge", "mv_eq", "power_le", "power_ge", "toughness_le",
                             "toughness_ge") if getattr(f, k) == "X"}
    return replace(f, **fields) if fields else f


def amount(expr: Any, view: View, ctx: dict[str, Any]) -> int:
    """Evaluate an amount: an int, "X", or a small expression.

    ``ctx`` carries ``you`` (the controller), ``source``, ``x``, ``subject``
    (the object an effect is being applied to) and ``refs`` (resolved
    references such as the target).
    """
    if expr is None:
        return 0
    if isinstance(expr, bool):
        return int(expr)
    if isinstance(expr, int):
        return expr
    if isinstance(expr, str):
        if expr.upper() == "X":
            return int(ctx.get("x", 0))
        if expr.lstrip("-").isdigit():
            return int(expr)
        raise ValueError(f"unknown amount {expr!r}")
    if isinstance(expr, tuple) and expr and expr[0] == "neg":
        return -amount(expr[1], view, ctx)
    if not isinstance(expr, dict):
        raise ValueError(f"unknown amount {expr!r}")
    game = view.game
    you = ctx.get("you")
    if "count" in expr:
        f: Filter = expr["count"]
        source = ctx.get("source")
        if expr.get("other_than") == "subject":
            f, source = replace(f, other=True), ctx.get("subject")
        found = select(f, view, you, source)
        if "controlled_by" in expr:
            who = _player(expr["controlled_by"], ctx, game)
            found = [o for o in found if view.controller(o) == who]
        if "owner" in expr:
            who = _player(expr["owner"], ctx, game)
            found = [o for o in found if game.objects[o].owner == who]
        return len(found)
    if "life" in expr:
        who = _player(expr["life"], ctx, game)
        return game.players[who].life if who else 0
    if "ref" in expr:
        value = ctx.get("refs", {}).get(expr["ref"], 0)
        if isinstance(value, list) and expr.get("filter") is not None:
            # "for each creature destroyed this way": the objects as they are now (a card in
            # a graveyard or exile keeps its card types)
            f = expr["filter"]
            return sum(1 for o in value if o in game.objects and
                       matches(replace(f, zone=game.objects[o].zone), view, o, you))
        return len(value) if isinstance(value, list) else int(value or 0)
    if "half" in expr:
        whole = amount(expr["half"], view, ctx)
        return (whole + 1) // 2 if expr.get("round") == "up" else whole // 2
    if "greatest" in expr:
        stats = [_stat(view.chars(o), expr["greatest"])
                 for o in select(expr["among"], view, you, ctx.get("source"))]
        return max(stats, default=0)
    if "party" in expr:  # the creatures in your party (700.8): one per role at most
        mine = [view.chars(o).subtypes for o in game.battlefield
                if view.controller(o) == you and view.chars(o).is_creature]
        return _party_size(mine)
    if "opponents" in expr:  # "for each opponent" (undaunted, 702.125a)
        return len(game.opponents(you))
    if "library_size" in expr:
        who = _player(expr["library_size"], ctx, game)
        return len(game.players[who].library) if who else 0
    if "cards_in_hand" in expr:
        who = _player(expr["cards_in_hand"], ctx, game)
        return len(game.players[who].hand) if who else 0
    if "graveyard_types" in expr:
        types: set[str] = set()
        for p in (game.order if expr["graveyard_types"] != "you" else [you]):
            for oid in game.players[p].graveyard:
                types |= set(view.chars(oid).types)
        return len(types)
    if "cards_in_graveyard" in expr:
        who = expr["cards_in_graveyard"]
        players = game.opponents(you) if who in ("opponents", "each_opponent") else \
            [_player(who, ctx, game)]
        return sum(len(game.players[p].graveyard) for p in players if p)
    if "this_turn" in expr:  # "for each creature that attacked this turn"
        who = expr.get("who", "any")
        players = [p for p in game.order if who == "any" or (p == you) == (who == "you")]
        f = expr.get("filter")
        n = sum(happened(game, view, expr["this_turn"], p, f, you) for p in players)
        source = ctx.get("source")
        if f is not None and f.other and expr["this_turn"] == "cast" and \
                any(oid == source for _, oid in game.record.spells_cast) and \
                source in game.objects and matches(replace(f, other=False), view, source, you):
            n -= 1  # "each other … spell you've cast this turn": not this one
        return n
    if "life_lost_this_turn" in expr:
        who = _player(expr["life_lost_this_turn"], ctx)
        return game.record.life_lost[who]
    if "devotion" in expr:
        colors = expr["devotion"]  # one colour, or two ("devotion to black and red")
        total = 0
        for oid in game.battlefield:
            if view.controller(oid) == you:
                cost = view.chars(oid).mana_cost
                total += cost.devotion_to(colors) if cost else 0
        return total
    if "power_of" in expr or "toughness_of" in expr or "mv_of" in expr:
        key = next(k for k in ("power_of", "toughness_of", "mv_of") if k in expr)
        refs = ctx.get("refs", {})
        name = expr[key]
        ref = ctx.get("source") if name == "self" else ctx.get("subject") if \
            name == "subject" else refs.get(name)
        if isinstance(ref, list):
            ref = ref[0] if ref else None
        if ref is None:
            return 0
        lki = refs.get("lki") if name == "it" else None
        c = lki if lki is not None else view.chars(ref) if ref in game.objects and \
            game.objects[ref].zone == "battlefield" or ref == ctx.get("source") and \
            ref in game.objects else game.lki.get(ref) or \
            (view.chars(ref) if ref in game.objects else None)
        if c is None:
            return 0
        if key == "power_of":
            return c.power or 0
        if key == "toughness_of":
            return c.toughness or 0
        return c.mana_value()
    if "spells_cast_before" in expr:
        return int(ctx.get("storm_count", 0))
    if "spells_cast_this_turn" in expr:
        if expr["spells_cast_this_turn"] == "you":  # "the number of spells you've cast"
            return sum(1 for p, _ in game.record.spells_cast if p == you)
        return len(game.record.spells_cast)
    if "votes_for" in expr:  # "for each time vote" (701.38a)
        return int((ctx.get("refs", {}).get("votes") or {}).get(expr["votes_for"], 0))
    if "mana_spent" in expr:  # converge: the mana paid to cast the source (601.2h)
        obj = game.objects.get(ctx.get("source"))
        spent = obj.cast.spent if obj is not None and obj.cast is not None else ()
        if spent is None:
            raise Unsupported(msg("conditions.mana_spent_unknown", name=obj.card.name),
                              rules=(R.CAST_PAY,))
        if expr["mana_spent"] == "colors":
            return len({s for s in spent if s in "WUBRG"})
        return len(spent)
    if "kicked_times" in expr:  # "for each time it was kicked" (702.33c)
        obj = game.objects.get(ctx.get("source"))
        cast = obj.cast if obj is not None else None
        return 0 if cast is None else sum(1 for a in cast.additional
                                          if a in ("kicker", "multikicker"))
    if "creatures_died_this_turn" in expr:
        return game.record.creatures_died
    if "life_gained_this_turn" in expr:  # "the amount of life you gained this turn"
        return game.record.life_gained[you]
    if "attacking_you" in expr:
        if game.combat is None:
            return 0
        return sum(1 for a in game.combat.attackers
                   if game.combat.defending_player(a, game) == you)
    if "blockers_of" in expr:  # "for each creature blocking it beyond the first" (702.23)
        ref = ctx.get("source") if expr["blockers_of"] == "self" else \
            ctx.get("refs", {}).get(expr["blockers_of"])
        if isinstance(ref, list):
            ref = ref[0] if ref else None
        blockers = game.combat.blocked_by.get(ref, []) if game.combat and ref else []
        return max(0, len(blockers) - int(expr.get("beyond", 0)))
    if "opponents_attacked" in expr:  # "for each opponent you attacked … this combat"
        combat = game.combat
        if combat is None:
            return 0
        attacked = {combat.defending_player(a, game) for a in combat.attackers
                    if view.controller(a) == you}
        return len(attacked & set(game.opponents(you)))
    if "attacking_creatures" in expr:
        return len(game.combat.attackers) if game.combat else 0
    if "basic_land_types" in expr:
        kinds: set[str] = set()
        for oid in game.battlefield:
            if view.controller(oid) == you:
                kinds |= view.chars(oid).subtypes & {"Plains", "Island", "Swamp", "Mountain",
                                                     "Forest"}
        return len(kinds)
    if "counters_on" in expr:
        ref = ctx.get("source") if expr["counters_on"] == "self" else \
            ctx.get("refs", {}).get(expr["counters_on"])
        if isinstance(ref, list):
            ref = ref[0] if ref else None
        obj = game.objects.get(ref) if ref is not None else None
        return obj.counters.get(expr.get("kind", "+1/+1"), 0) if obj else 0
    if "colors_of" in expr:  # "for each of its colors": as it is now, or last existed
        ref = ctx.get("source") if expr["colors_of"] == "self" else \
            ctx.get("refs", {}).get(expr["colors_of"])
        if isinstance(ref, list):
            ref = ref[0] if ref else None
        if ref is None:
            return 0
        c = view.chars(ref) if ref in game.objects else game.lki.get(ref)
        return len(c.colors) if c is not None else 0
    if "max_of" in expr:  # "the greatest number of cards a player discarded this way"
        per = ctx.get("refs", {}).get(expr["max_of"])
        return max(per.values(), default=0) if isinstance(per, dict) else 0
    if "plus" in expr:
        return sum(amount(e, view, ctx) for e in expr["plus"])
    if "times" in expr:
        a, b = expr["times"]
        return amount(a, view, ctx) * amount(b, view, ctx)
    raise ValueError(f"unknown amount {expr!r}")


def happened(game: Game, view: View, event: str, player: str, f: Filter | None,
             you: str | None) -> int:
    """How many times ``event`` happened this turn to ``player`` (the turn's record): spells
    they cast, permanents that entered under their control, permanents they sacrificed,
    cards put into their graveyard, creatures they attacked with, cards they drew, life they
    gained. A filter is matched against the object as it is now, or as it last existed if it
    has left its zone since (an attacking creature that died still attacked)."""
    rec = game.record
    if event == "drew":
        return rec.drawn[player]
    if event == "gained_life":
        return rec.life_gained[player]
    if event == "attacked":
        pairs = [(game.controller_of(o), o) for o in rec.attacked_with]
    else:
        pairs = {"cast": rec.spells_cast, "entered": rec.entered, "sacrificed": rec.sacrificed,
                 "to_graveyard": rec.to_graveyard}[event]
    n = 0
    for p, oid in pairs:
        if p != player:
            continue
        if f is not None:
            if oid in game.objects:
                if not matches(f, view, oid, you):
                    continue
            elif oid not in game.lki or not chars_match(f, game.lki[oid], you):
                continue
        n += 1
    return n


def chars_match(f: Filter, c: Chars, you: str | None) -> bool:
    """Whether the last known characteristics of an object that has left its zone match a
    filter of characteristics (types, subtypes, colours, keywords, controller)."""
    if f.types and not f.types <= c.types:
        return False
    if f.any_types and not (f.any_types & c.types) and not (f.or_subtypes & c.subtypes) and \
            not ("permanent" in f.any_types and c.types & set(PERMANENT_TYPES)):
        return False
    if f.not_types and f.not_types & c.types:
        return False
    if f.subtypes and not f.subtypes & c.subtypes:
        return False
    if f.colors and not f.colors & c.colors:
        return False
    if f.not_colors and f.not_colors & c.colors:
        return False
    if f.has and not all(c.has(k) for k in f.has):
        return False
    if f.controller == "you" and c.controller != you:
        return False
    if f.controller == "opponent" and c.controller == you:
        return False
    return True


def _stat(c: Chars, key: str) -> int:
    if key == "power":
        return c.power or 0
    if key == "toughness":
        return c.toughness or 0
    return c.mana_value()


def _player(who: str, ctx: dict[str, Any], game: Game | None = None) -> str | None:
    if who == "you":
        return ctx.get("you")
    refs = ctx.get("refs", {})
    for prefix in ("controller_of_", "owner_of_"):
        if isinstance(who, str) and who.startswith(prefix) and game is not None:
            inner = who[len(prefix):]
            oid = ctx.get("source") if inner == "self" else refs.get(inner)
            if isinstance(oid, list):
                oid = oid[0] if oid else None
            if not isinstance(oid, int):
                return None
            if prefix == "owner_of_":
                obj = game.objects.get(oid) or game.lki_objects.get(oid)
                return obj.owner if obj is not None else None
            return game.controller_of(oid) or None
    return refs.get(who) if isinstance(refs.get(who), str) else ctx.get(who)


PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def _party_size(creatures: list[frozenset[str]]) -> int:
    """The most roles of a party filled by different creatures (700.8a: each creature counts
    for one role; a changeling fills any)."""
    best = 0

    def fill(i: int, used: set[int], n: int) -> None:
        nonlocal best
        if i == len(PARTY):
            best = max(best, n)
            return
        fill(i + 1, used, n)
        for k, subs in enumerate(creatures):
            if k not in used and (PARTY[i] in subs or "*all*" in subs):
                fill(i + 1, used | {k}, n + 1)
                break_early = n + 1 + (len(PARTY) - i - 1) <= best
                if break_early:
                    return

    fill(0, set(), 0)
    return best


def _targets_match(targeting: tuple[Any, bool], view: View, oid: int,
                   perspective: str | None) -> bool:
    """Does the spell ``oid`` target what "that targets you or a creature" asks?"""
    what, you_count = targeting
    item = view.game.stack_item(oid)
    for slot in getattr(item, "targets", None) or []:
        for t in slot:
            if isinstance(t, str):
                if you_count and t == perspective:
                    return True
            elif what is not None and matches(what, view, t, perspective):
                return True
    return False
