"""Characteristics computed through the layer system (613).

Nothing about an object's characteristics is stored: :func:`characteristics`
starts from its copiable values (the printed card, a copy effect, or the
face-down 2/2) and applies every continuous effect in force, layer by layer:
1a copy, 1b face-down, 2 control, 4 type, 5 colour, 6 abilities, 7a
characteristic-defining P/T, 7b setting P/T, 7c modifying P/T (and counters),
7d switching. Within a layer, effects apply in timestamp order unless one
depends on another (613.8): an effect depends on another when applying the
other would change whether it exists, what it applies to, or what it does.
The engine finds dependencies by trial: it applies the other effect to a
scratch copy and looks again.

An effect from a static ability isn't locked in (611.3a): its set of affected
objects is found again every time; an effect from a resolved spell or ability
applies to the objects chosen when it began (611.2c). Once an effect starts to
apply in one layer it keeps applying to the same objects in later layers, even
if the ability that generated it has been removed (613.6).

The results are cached for the current version of the game, which the event
pipeline bumps on every change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    SPELL_CHANGING_COSTS,
    Ability,
    ActivatedAbility,
    Cost,
    Filter,
    Keyword,
    StaticAbility,
    paid_spell,
    statics,
)
from judgebot.engine.conditions import Facts, check
from judgebot.engine.filters import View, amount, matches, objects_in
from judgebot.engine.state import BASIC_LAND_TYPES, CardDef, Chars, Game, GameObject, face_up
from judgebot.engine.text.vocabulary import vocabulary
from judgebot.engine.text.words import ability_word, term
from judgebot.messages import Joined, Message, Name, msg

ALL_TYPES = "*all*"  # subtype marker: every creature type (changeling, 702.73a)
NON_CREATURE_SUBTYPES = frozenset(BASIC_LAND_TYPES) | {
    "Desert", "Urza's", "Aura", "Equipment", "Vehicle", "Arcane", "Trap", "Lair", "Saga",
    "Shrine", "Curse", "Treasure", "Food", "Clue", "Fortification", "Gate", "Lesson"}
GAINED_SUSPEND = Keyword("suspend", 0, None, text="suspend (gained)")
LAYERS = ("1a", "1b", "2", "4", "5", "6", "7a", "7b", "7c", "7d")
ORDERED_LAYERS = {"1a", "2", "4", "5", "6", "7b", "7d"}


@dataclass(eq=False)
class ContinuousEffect:
    """A continuous effect created by a resolving spell or ability (611.2)."""

    ops: tuple[tuple[str, tuple], ...]  # (layer, operation)
    affected: frozenset[int]  # locked in as the effect began (611.2c)
    timestamp: int
    source_id: int | None
    controller: str
    duration: Any = "eot"  # eot | game | end_of_combat | ("until_leaves", id) | ...
    text: str = ""
    rules: tuple[str, ...] = ()

    def layers(self) -> set[str]:
        return {layer for layer, _ in self.ops}


@dataclass(eq=False)
class _Eff:
    """One effect taking part in one layer of the computation."""

    layer: str
    op: tuple
    timestamp: int
    source: int | None
    controller: str
    affects: Any  # frozenset of ids (locked) or "self"/"enchanted"/"equipped"/Filter
    group: Any  # identifies the effect across layers (613.6)
    ability: StaticAbility | None = None
    condition: Any = None
    cda: bool = False


@dataclass
class _State:
    chars: dict[int, Chars]
    started: dict[Any, frozenset[int]] = field(default_factory=dict)
    # The static abilities whose effects began to apply (613.6): group -> (ability, source,
    # controller, timestamp), so that later layers still apply them once the ability is gone.
    begun: dict[Any, tuple] = field(default_factory=dict)
    # oid -> [(rules, what happened)]
    trace: dict[int, list[tuple[tuple[str, ...], str]]] | None = None


# Intrinsic mana abilities of basic land types (305.6).
_INTRINSIC: dict[str, ActivatedAbility] = {}


def intrinsic_mana(subtype: str) -> ActivatedAbility:
    if subtype not in _INTRINSIC:
        color = BASIC_LAND_TYPES[subtype]
        _INTRINSIC[subtype] = ActivatedAbility(
            Cost(tap=True), mana=((color,),), text=f"{{T}}: Add {{{color}}}.",
            rules=(R.LAND_INTRINSIC_MANA,), label="mana")
    return _INTRINSIC[subtype]


def base_chars(game: Game, obj: GameObject) -> Chars:
    """Copiable values before layer 1: the printed card (or the cast half)."""
    card = face_up(obj)
    power = card.power if isinstance(card.power, int) else (0 if card.power is not None else None)
    tough = card.toughness if isinstance(card.toughness, int) else \
        (0 if card.toughness is not None else None)
    controller = obj.controller if obj.zone in ("battlefield", "stack") else obj.owner
    names = card.all_names()
    if obj.copy_of is not None:
        names = tuple(dict.fromkeys(names + obj.card.all_names()))
    subtypes = card.subtypes
    abilities = card.abilities
    if obj.chosen.get("gains_suspend") and obj.zone == "exile" and \
            not any(isinstance(a, Keyword) and a.name == "suspend" for a in abilities):
        abilities = abilities + (GAINED_SUSPEND,)
    if obj.zone == "stack" and obj.cast is not None and \
            obj.cast.alt_cost in SPELL_CHANGING_COSTS:
        abilities = paid_spell(abilities, obj.cast.alt_cost)
    if any(isinstance(a, Keyword) and a.name == "changeling" for a in card.abilities):
        subtypes = subtypes | {ALL_TYPES}
    # A nonmodal double-faced permanent's back face: the front face's mana value (712.8e).
    mv_cost = obj.card.mana_cost if card is not obj.card and obj.copy_of is None and \
        obj.card.layout == "transform" else None
    return Chars(card.name, names, card.mana_cost, card.printed_colors, card.supertypes,
                 card.types, subtypes, abilities, power, tough, card.loyalty,
                 controller, obj.cast.x if obj.cast and obj.zone == "stack" else 0, mv_cost)


def face_down_chars(obj: GameObject, controller: str) -> Chars:
    """A face-down spell or permanent: a 2/2 creature with nothing else (708.2)."""
    return Chars("", (obj.card.name,), None, frozenset(), frozenset(), frozenset({"creature"}),
                 frozenset(), (), 2, 2, None, controller)


def characteristics(game: Game, oid: int) -> Chars:
    if game.chars_version != game.version:
        game.chars_cache = compute_all(game)
        game.chars_version = game.version
    c = game.chars_cache.get(oid)
    if c is None:
        if oid in game.lki:
            return game.lki[oid]
        raise KeyError(oid)
    return c


def trace(game: Game) -> dict[int, list[tuple[tuple[str, ...], str]]]:
    """Which continuous effects made each object what it is, layer by layer (for the log):
    for each object, (rules, what happened) in the order the effects applied."""
    record: dict[int, list[tuple[tuple[str, ...], str]]] = {}
    compute_all(game, record)
    return record


def compute_all(game: Game,
                record: dict[int, list[tuple[tuple[str, ...], str]]] | None = None
                ) -> dict[int, Chars]:
    state = _State({oid: base_chars(game, obj) for oid, obj in game.objects.items()},
                   trace=record)
    resolved = [e for e in game.effects if e.affected & state.chars.keys() or
                any(op[0] == "rule" for _, op in e.ops)]
    for layer in LAYERS:
        if layer == "1b":
            for oid, obj in game.objects.items():
                if obj.face_down and obj.zone in ("battlefield", "stack"):
                    state.chars[oid] = face_down_chars(obj, state.chars[oid].controller)
                    if state.trace is not None:
                        state.trace.setdefault(oid, []).append(
                            ((R.LAYER_FACE_DOWN, R.FACE_DOWN), msg("layers.face_down")))
            continue
        if layer == "6":
            _add_intrinsic_mana(state)
        effects = [_Eff(layer, op, e.timestamp, e.source_id, e.controller, e.affected, e)
                   for e in resolved for lay, op in e.ops if lay == layer]
        effects += _static_effects(game, state, layer)
        if not effects and layer != "7c":
            continue
        if layer == "7c":
            _apply_all(game, state, effects)
        else:
            _apply_ordered(game, state, effects, layer)
    for c in state.chars.values():
        if c.subtypes and ALL_TYPES in c.subtypes:
            pass
    return state.chars


def _add_intrinsic_mana(state: _State) -> None:
    for c in state.chars.values():
        if "land" in c.types:
            extra = tuple(intrinsic_mana(s) for s in sorted(c.subtypes & BASIC_LAND_TYPES.keys()))
            if extra:
                c.abilities = tuple(a for a in c.abilities if a not in extra) + extra


def _static_effects(game: Game, state: _State, layer: str) -> list[_Eff]:
    out: list[_Eff] = []
    seen: set[Any] = set()
    for oid, c in state.chars.items():
        obj = game.objects[oid]
        for ab in statics(c.abilities):
            if not isinstance(ab, StaticAbility) or ab.kind != "continuous":
                continue
            if ab.zone != "all" and ab.zone != obj.zone:
                continue
            group = (oid, id(ab))
            seen.add(group)
            state.begun.setdefault(group, (ab, oid, c.controller, obj.timestamp))
            for lay, op in ab.params["ops"]:
                if lay == layer:
                    out.append(_Eff(layer, op, obj.timestamp, oid, c.controller, ab.affects,
                                    group, ab, ab.condition,
                                    cda=ab.params.get("cda", False)))
    # An effect that began in an earlier layer goes on in this one even if its ability has
    # since been removed (613.6: Humility making itself lose all abilities).
    for group, (ab, oid, controller, timestamp) in state.begun.items():
        if group in seen or group not in state.started:
            continue
        for lay, op in ab.params["ops"]:
            if lay == layer:
                out.append(_Eff(layer, op, timestamp, oid, controller, ab.affects, group, ab,
                                ab.condition, cda=ab.params.get("cda", False)))
    return out


# --- affected sets ---------------------------------------------------------------------------
def _view(game: Game, state: _State) -> View:
    def lookup(oid: int) -> Chars:
        c = state.chars.get(oid)
        if c is None:
            return game.lki[oid]
        return c
    return View(game, lookup)


def _exists(game: Game, state: _State, e: _Eff) -> bool:
    """Does the effect exist (its source still has the ability)? 613.8a"""
    if e.ability is None:
        return True
    c = state.chars.get(e.source)
    if c is None or not any(a is e.ability for a in statics(c.abilities)):
        return False
    if e.condition is not None:
        view = _view(game, state)
        return check(e.condition, Facts(view, c.controller, e.source))
    return True


def _affected(game: Game, state: _State, e: _Eff) -> frozenset[int]:
    if e.group in state.started:
        return state.started[e.group]
    aff = e.affects
    if isinstance(aff, frozenset):
        return aff
    src = game.objects.get(e.source) if e.source is not None else None
    if aff == "self":
        return frozenset({e.source}) if e.source is not None else frozenset()
    if aff in ("enchanted", "equipped"):
        if src is not None and isinstance(src.attached_to, int) and src.zone == "battlefield":
            return frozenset({src.attached_to})
        return frozenset()
    if aff == "ring_bearer":
        # the Ring's "your Ring-bearer": on the battlefield under your control (701.54e)
        oid = game.extra.get("ring_bearer", {}).get(e.controller)
        c = state.chars.get(oid) if oid is not None else None
        if c is None or game.objects[oid].zone != "battlefield" or c.controller != e.controller:
            return frozenset()
        return frozenset({oid})
    if isinstance(aff, Filter):
        view = _view(game, state)
        zone = aff.zone
        return frozenset(oid for oid in objects_in(view, zone)
                         if matches(aff, view, oid, e.controller, e.source))
    return frozenset()


def _params(game: Game, state: _State, e: _Eff, oid: int) -> tuple:
    """What the effect does to ``oid`` (amounts evaluated now)."""
    op = e.op
    if op[0] in ("pump", "set_pt", "cda"):
        view = _view(game, state)
        ctx = {"you": e.controller, "source": e.source, "subject": oid,
               "x": op[3] if len(op) > 3 else 0}
        return (op[0], amount(op[1], view, ctx), amount(op[2], view, ctx))
    if op[0] == "control" and op[1] == "source_controller":
        c = state.chars.get(e.source)
        return ("control", c.controller if c else e.controller)
    return op


def _signature(game: Game, state: _State, e: _Eff) -> tuple:
    exists = _exists(game, state, e)
    if not exists:
        return (False,)
    aff = _affected(game, state, e)
    return (True, aff, tuple(_params(game, state, e, oid) for oid in sorted(aff)))


# --- applying ---------------------------------------------------------------------------------
def _apply(game: Game, state: _State, e: _Eff) -> None:
    continuing = state.trace is not None and e.group in state.started and \
        e.ability is not None and not _exists(game, state, e)
    targets = _affected(game, state, e)
    state.started.setdefault(e.group, targets)
    for oid in targets:
        c = state.chars.get(oid)
        if c is None:
            continue
        params = _params(game, state, e, oid)
        _apply_op(c, params, game, oid)
        _note(game, state, oid, e.layer, e.source, params, eff=e, continuing=continuing)


def _note(game: Game, state: _State, oid: int, layer: str, source: int | None,
          params: tuple, extra: str = "", eff: _Eff | None = None,
          continuing: bool = False) -> None:
    if state.trace is None:
        return
    who = game.label(source) if source is not None and (source in game.objects or
                                                        source in game.lki) \
        else msg("layers.an_effect")
    rules = [describe_layers().get(layer, R.LAYERS)]
    if eff is not None:
        if eff.cda:
            rules.append(R.CDA)
        elif eff.ability is not None:
            rules.append(R.CONTINUOUS_STATIC)
        else:
            rules.append(R.CONTINUOUS_LOCKED)
    if params and params[0] == "set_land_type":
        rules.append(R.LAND_TYPE_SET)
    if params and params[0] == "add_types" and set(params[2]) & BASIC_LAND_TYPES.keys():
        rules.append(R.LAND_INTRINSIC_MANA)  # a basic land type brings its mana ability
    said = msg("layers.from", op=_op_text(params), who=who)
    if continuing:
        rules.append(R.LAYER_CONTINUE)
        said = msg("layers.continues", said=said)
    state.trace.setdefault(oid, []).append((tuple(rules), said))


def _op_text(op: tuple) -> Message:
    kind = op[0]
    if kind == "pump":
        return msg("layers.op.pump", p=op[1], t=op[2])
    if kind in ("set_pt", "cda"):
        return msg("layers.op.base", p=op[1], t=op[2])
    if kind == "grant":
        return msg("layers.op.gains", what=Joined(tuple(ability_word(a) for a in op[1])))
    if kind == "control":
        return msg("layers.op.control", player=op[1])
    if kind == "set_land_type":
        return msg("layers.op.land_type", types=Joined(tuple(term(t) for t in op[1])))
    if kind == "add_types":
        words = list(op[3] if len(op) > 3 else ()) + list(op[2]) + list(op[1])
        return msg("layers.op.also", types=Joined(tuple(term(w) for w in words), "list.space"))
    if kind == "copy":
        return msg("layers.op.copy", name=Name(op[1].name, op[1].zh_name))
    if kind in ("set_colors", "add_colors"):
        return msg("layers.op.colour", colours="".join(op[1]))
    if kind in ("switch", "lose_all", "all_creature_types"):
        return msg(f"layers.op.{kind}")
    return msg("layers.op.other", kind=kind)


def _apply_op(c: Chars, op: tuple, game: Game, oid: int) -> None:
    kind = op[0]
    if kind == "copy":
        card: CardDef = op[1]
        obj = game.objects[oid]
        tmp = base_chars(game, GameObject(oid, card, obj.owner, c.controller, obj.zone, 0))
        c.name, c.names, c.mana_cost, c.colors = tmp.name, tmp.names, tmp.mana_cost, tmp.colors
        c.supertypes, c.types, c.subtypes = tmp.supertypes, tmp.types, tmp.subtypes
        c.abilities, c.power, c.toughness = tmp.abilities + op[2], tmp.power, tmp.toughness
    elif kind == "control":
        c.controller = op[1]
    elif kind == "add_types":
        c.types = c.types | frozenset(op[1])
        c.subtypes = c.subtypes | frozenset(op[2])
        c.supertypes = c.supertypes | frozenset(op[3] if len(op) > 3 else ())
    elif kind == "set_land_type":
        # 305.7: old land types and the abilities from its rules text are gone.
        c.subtypes = frozenset(s for s in c.subtypes if _subtype_kind(s) != "land") \
            | frozenset(op[1])
        c.abilities = ()
    elif kind == "set_types":
        _set_types(c, op[1], op[2])
    elif kind == "remove_types":
        c.types = c.types - frozenset(op[1])
        c.subtypes = frozenset(s for s in c.subtypes if _subtype_fits(s, c.types))
    elif kind == "all_creature_types":
        c.subtypes = c.subtypes | {ALL_TYPES}
    elif kind == "set_colors":
        c.colors = frozenset(op[1])
    elif kind == "add_colors":
        c.colors = c.colors | frozenset(op[1])
    elif kind == "grant":
        c.abilities = c.abilities + tuple(op[1])
    elif kind == "lose_all":
        c.abilities = ()
    elif kind == "lose":
        names = set(op[1])
        c.abilities = tuple(a for a in c.abilities
                            if not (isinstance(a, Keyword) and a.name in names))
    elif kind in ("cda", "set_pt"):
        c.power, c.toughness = op[1], op[2]
    elif kind == "pump":
        c.power = (c.power or 0) + op[1]
        c.toughness = (c.toughness or 0) + op[2]
    elif kind == "switch":
        c.power, c.toughness = c.toughness, c.power
    elif kind == "rule":
        pass


def _subtype_kind(sub: str) -> str | None:
    if sub == ALL_TYPES:
        return "creature"
    return vocabulary().kind_of(sub)


def _subtype_fits(sub: str, types: frozenset[str]) -> bool:
    """An object has only the subtypes of its card types (205.3d)."""
    kind = _subtype_kind(sub)
    if kind is None:
        return True
    if kind == "creature":
        return bool(types & {"creature", "kindred"})
    if kind == "spell":
        return bool(types & {"instant", "sorcery"})
    return kind in types


def _set_types(c: Chars, types: tuple[str, ...], subtypes: tuple[str, ...]) -> None:
    """"is a blue Frog creature": the new card types replace the old ones, the new
    subtypes those of their kind (205.1a–b); subtypes no type keeps go (205.3d)."""
    if types:
        c.types = frozenset(types)
    replaced = {_subtype_kind(s) for s in subtypes}
    kept = frozenset(s for s in c.subtypes if _subtype_kind(s) not in replaced)
    c.subtypes = frozenset(s for s in kept | frozenset(subtypes) if _subtype_fits(s, c.types))


def _apply_all(game: Game, state: _State, effects: list[_Eff]) -> None:
    """Layer 7c: modifications add up, so order doesn't matter; counters too."""
    live = [e for e in effects if e.group in state.started or _exists(game, state, e)]
    plans = [(e, _affected(game, state, e)) for e in live]
    deltas: dict[int, list[int]] = {}
    for e, targets in plans:
        state.started.setdefault(e.group, targets)
        for oid in targets:
            _, p, t = _params(game, state, e, oid)
            d = deltas.setdefault(oid, [0, 0])
            d[0] += p
            d[1] += t
    for oid, obj in game.objects.items():
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus or minus:
            d = deltas.setdefault(oid, [0, 0])
            d[0] += plus - minus
            d[1] += plus - minus
    for oid, (p, t) in deltas.items():
        c = state.chars.get(oid)
        if c is not None and c.power is not None:
            c.power += p
            c.toughness = (c.toughness or 0) + t
    if state.trace is not None:
        for e, targets in plans:
            for oid in targets:
                _note(game, state, oid, "7c", e.source, _params(game, state, e, oid), eff=e)
        for oid, obj in game.objects.items():
            plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
            if (plus or minus) and oid in state.chars and state.chars[oid].power is not None:
                state.trace.setdefault(oid, []).append(
                    ((R.LAYER_MODIFY_PT,), msg("layers.from_counters", n=plus - minus)))


def _copy_state(state: _State, touched: frozenset[int]) -> _State:
    chars = dict(state.chars)
    for oid in touched:
        if oid in chars:
            chars[oid] = chars[oid].copy()
    return _State(chars, dict(state.started), dict(state.begun))


def _apply_ordered(game: Game, state: _State, effects: list[_Eff], layer: str) -> None:
    cdas = sorted((e for e in effects if e.cda), key=lambda e: e.timestamp)
    for e in cdas:  # characteristic-defining abilities first (613.3, 613.4a)
        if _exists(game, state, e):
            _apply(game, state, e)
    pending = sorted((e for e in effects if not e.cda), key=lambda e: e.timestamp)
    while pending:
        pending = [e for e in pending if e.group in state.started or _exists(game, state, e)]
        if not pending:
            break
        chosen = pending[0]
        if len(pending) > 1 and any(e.ability is not None for e in pending):
            chosen = _independent_first(game, state, pending)
        _apply(game, state, chosen)
        pending.remove(chosen)


def _independent_first(game: Game, state: _State, pending: list[_Eff]) -> _Eff:
    """The earliest effect that depends on no other pending effect (613.8b)."""
    sigs = {id(e): _signature(game, state, e) for e in pending}
    depends: dict[int, bool] = {}
    for e in pending:
        dep = False
        for other in pending:
            if other is e:
                continue
            trial = _copy_state(state, _affected(game, state, other))
            _apply(game, trial, other)
            if _signature(game, trial, e) != sigs[id(e)]:
                dep = True
                break
        depends[id(e)] = dep
    free = [e for e in pending if not depends[id(e)]]
    chosen = (free or pending)[0]
    if chosen is not pending[0] and state.trace is not None:
        first = pending[0]
        for oid in _affected(game, state, first) | _affected(game, state, chosen):
            state.trace.setdefault(oid, []).append(
                ((R.DEPENDENCY, R.DEPENDS_ON, R.DEPENDENT_WAITS),
                 msg("layers.dependency",
                     first=game.label(chosen.source) if chosen.source
                     else msg("layers.an_effect"),
                     then=game.label(first.source) if first.source else msg("layers.an"))))
    return chosen


def describe_layers() -> dict[str, str]:
    """The rule each layer cites (for explanations)."""
    return {"1a": R.LAYER_COPY, "1b": R.LAYER_FACE_DOWN, "2": R.LAYER_CONTROL,
            "4": R.LAYER_TYPE, "5": R.LAYER_COLOR, "6": R.LAYER_ABILITY, "7a": R.LAYER_CDA,
            "7b": R.LAYER_SET_PT, "7c": R.LAYER_MODIFY_PT, "7d": R.LAYER_SWITCH_PT}


def has_ability(abilities: tuple[Ability, ...], ability: Ability) -> bool:
    return any(a is ability for a in abilities)
