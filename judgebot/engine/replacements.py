"""Replacement and prevention effects (614, 615, 616): the second step of the
pipeline.

Each kind of replacement is registered once (:func:`replacement`) with the
event it modifies, when it applies, and what it makes of the event. The
effects that could apply to an event are gathered from resolved effects
(``game.replacements``) and from static abilities where they function (an
entering permanent's own "enters" replacements included, 614.12); when several
apply, the affected player or the controller of the affected object chooses
which first (616.1), self-replacement effects first (616.1a); each applies once
to an event (614.5), and the rest are checked again after it (616.1f).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from itertools import combinations, count
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter, replacements
from judgebot.engine.choosing import sacrifice_events
from judgebot.engine.conditions import holds
from judgebot.engine.errors import Unsupported
from judgebot.engine.events import (
    Counters,
    CreateToken,
    Damage,
    Destroy,
    Draw,
    Event,
    LifeGain,
    LifeLoss,
    LoseGame,
    Move,
    Regenerated,
    WinGame,
)
from judgebot.engine.filters import View, amount, matches
from judgebot.engine.layers import face_down_chars
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.rules import has_protection_from
from judgebot.engine.state import CardDef, Game, GameObject, enters_back_up, face_up
from judgebot.engine.text.vocabulary import vocabulary
from judgebot.engine.verbs import run_effects
from judgebot.messages import Joined, msg, term


@dataclass(eq=False)
class ReplacementEffect:
    """A replacement or prevention effect created by a resolving spell or ability
    (shields, "if it would die this turn, exile it instead" ...)."""

    kind: str
    params: dict[str, Any]
    source_id: int | None
    controller: str
    duration: Any = "eot"
    text: str = ""
    rules: tuple[str, ...] = ()
    key: int = 0
    self_replacement: bool = False
    optional: bool = False


_KEYS = count(1)


def new_key() -> int:
    return next(_KEYS)


@dataclass(eq=False)
class Candidate:
    """A replacement effect that might apply to an event, wherever it comes from."""

    key: Any
    kind: str
    params: dict[str, Any]
    source: int | None
    controller: str
    text: str
    rules: tuple[str, ...]
    effect: ReplacementEffect | None = None
    self_replacement: bool = False
    optional: bool = False


# --- the registry -----------------------------------------------------------------------------
Applies = Callable[[Game, Candidate, Any], bool]
Replace = Callable[[Game, Candidate, Any], list[Event]]


@dataclass(frozen=True)
class Kind:
    name: str
    event: type[Event] | tuple[type[Event], ...]
    applies: Applies
    replace: Replace
    prevention: bool = False  # a prevention effect: damage that can't be prevented passes
    entering: bool = False  # works from the entering object itself (614.12)


KINDS: dict[str, Kind] = {}


def replacement(name: str, event: type[Event] | tuple[type[Event], ...], replace: Replace,
                prevention: bool = False,
                entering: bool = False) -> Callable[[Applies], Applies]:
    """Register the kind ``name``: the decorated function says when it applies to an
    ``event``, ``replace`` what it makes of it."""
    def register(applies: Applies) -> Applies:
        KINDS[name] = Kind(name, event, applies, replace, prevention, entering)
        return applies
    return register


def applies(game: Game, c: Candidate, e: Event) -> bool:
    kind = KINDS.get(c.kind)
    if kind is None or not isinstance(e, kind.event):
        return False
    if isinstance(e, Damage) and (e.amount <= 0 or (kind.prevention and not e.preventable)):
        return False
    if kind.prevention and isinstance(e, Damage) and \
            any(p.kind == "damage_unpreventable" for p in game.prohibitions):
        return False  # "Damage can't be prevented this turn" (615.12)
    if isinstance(e, Move) and e.oid not in game.objects:
        return False
    return kind.applies(game, c, e)


# --- 616: the loop ---------------------------------------------------------------------------
def replace(game: Game, ev: Event) -> list[Event]:
    """Apply replacement and prevention effects to ``ev`` (616.1)."""
    current = [ev]
    done: list[Event] = []
    rounds = 0
    while current:
        e = current.pop(0)
        rounds += 1
        if rounds > 50:
            done.append(e)
            continue
        applicable = [c for c in candidates(game, e)
                      if c.key not in e.used and applies(game, c, e)]
        if not applicable:
            if isinstance(e, Destroy):
                obj = game.objects.get(e.oid)
                if obj is None or obj.zone != "battlefield":
                    continue
                move = Move(cause=e.cause, source=e.source, rules=e.rules, oid=e.oid,
                            to_zone="graveyard", reason="destroy")
                move.used = set(e.used)
                current.insert(0, move)
                continue
            done.append(e)
            continue
        selfs = [c for c in applicable if c.self_replacement]
        pool = selfs or applicable
        chosen = pool[0]
        if len(pool) > 1:
            chooser = _affected_player(game, e)
            labels = [f"{c.text} ({game.name_of(c.source) if c.source else 'rules'})"
                      for c in pool]
            index = game.chooser.choose(chooser, "replacement_order", labels,
                                        keys=("order", "replacement"),
                                        note=R.REPLACEMENT_ORDER)
            chosen = pool[index]
            game.log.add("choice", msg("replacements.replace", chooser=chooser,
                                       value=labels[index]),
                         (R.REPLACEMENT_ORDER, R.REPLACEMENT_ORDER_ANY, R.REPLACEMENT_REPEAT))
        if chosen.optional and not _optional_yes(game, chosen):
            e.used.add(chosen.key)
            current.insert(0, e)
            continue
        results = KINDS[chosen.kind].replace(game, chosen, e)
        for r in results:
            r.used = set(e.used) | {chosen.key}
        current[:0] = results
    return done


def _optional_yes(game: Game, c: Candidate) -> bool:
    index = game.chooser.choose(c.controller, "may", ["yes", "no"], keys=("may", "replace"),
                                note=c.text)
    return index == 0


def _affected_player(game: Game, ev: Event) -> str:
    if isinstance(ev, Damage):
        t = ev.target
        return t if isinstance(t, str) else game.controller_of(t)
    if isinstance(ev, (LifeGain, LifeLoss, Draw, LoseGame, WinGame)):
        return ev.player
    oid = getattr(ev, "oid", None)
    if oid is not None and oid in game.objects:
        obj = game.objects[oid]
        return game.controller_of(oid) if obj.zone in ("battlefield", "stack") else obj.owner
    return game.active


# --- where replacement effects come from ----------------------------------------------------
def candidates(game: Game, ev: Event) -> list[Candidate]:
    out: list[Candidate] = []
    for rep in game.replacements:
        out.append(Candidate(rep.key, rep.kind, rep.params, rep.source_id, rep.controller,
                             rep.text, rep.rules, rep, rep.self_replacement, rep.optional))
    # Static replacement abilities of objects in the zone where they function.
    zones: list[int] = list(game.battlefield)
    moving: GameObject | None = None
    if isinstance(ev, Move):
        moving = game.objects.get(ev.oid)
        if moving is not None and moving.zone != "battlefield":
            zones.append(ev.oid)
    for oid in zones:
        obj = game.objects.get(oid)
        if obj is None:
            continue
        c = game.chars(oid)
        abilities = c.abilities
        if obj is moving and ev.to_zone == "battlefield" and obj.zone != "battlefield":
            # 614.12: an entering permanent's own "enters" replacements apply.
            abilities = _entering_abilities(game, obj, ev)
        for ab in replacements(abilities):
            if obj is moving:
                kind = KINDS.get(ab.kind)
                if not (ab.zone in (obj.zone, "all") or (kind is not None and kind.entering)):
                    continue
            elif ab.zone != obj.zone:
                continue
            out.append(Candidate((oid, id(ab)), ab.kind, ab.params, oid, c.controller, ab.text,
                                 ab.rules, None, ab.params.get("self", False),
                                 ab.params.get("optional", False)))
    # Replacement abilities that function in hand (madness) or on the stack.
    for item in list(game.stack):
        if item.is_stack_ability:
            continue
        for ab in replacements(game.chars(item.id).abilities):
            if ab.zone == "stack":
                out.append(Candidate((item.id, id(ab)), ab.kind, ab.params, item.id,
                                     game.chars(item.id).controller, ab.text, ab.rules))
    if isinstance(ev, Move) and moving is not None and moving.zone == "hand":
        for ab in replacements(game.chars(moving.id).abilities):
            if ab.zone == "hand":
                out.append(Candidate((moving.id, id(ab)), ab.kind, ab.params, moving.id,
                                     moving.owner, ab.text, ab.rules))
    if isinstance(ev, Damage):
        out.extend(_protection_candidates(game, ev))
    if isinstance(ev, Move) and moving is not None and ev.to_zone == "battlefield" and \
            moving.zone != "battlefield" and not ev.face_down:
        card = ev.copy_of or moving.card
        if ev.copy_of is None and enters_back_up(card, moving.cast, ev.back_up):
            card = card.other or card
        if "planeswalker" in card.types and card.loyalty is not None:
            out.append(Candidate(("loyalty", moving.id), "planeswalker_loyalty",
                                 {"n": card.loyalty}, moving.id,
                                 ev.controller or moving.owner, "loyalty",
                                 (R.PLANESWALKER_LOYALTY,), None, True))
    seen: set[Any] = set()
    unique = []
    for c in out:
        if c.key not in seen:
            seen.add(c.key)
            unique.append(c)
    return unique


def _entering_abilities(game: Game, obj: GameObject, ev: Move) -> tuple:
    """The abilities of a permanent as it would exist on the battlefield (614.12): its own
    static abilities and the continuous effects that would apply to it (Blood Moon makes
    an entering nonbasic land a Mountain without its "enters tapped")."""
    if ev.face_down:
        return face_down_chars(obj, obj.owner).abilities
    return as_it_would_enter(game, obj, ev).abilities


def as_it_would_enter(game: Game, obj: GameObject, ev: Move) -> Any:
    card = ev.copy_of or obj.card
    probe = GameObject(obj.id, card, obj.owner, ev.controller or obj.owner, "battlefield",
                       game.next_timestamp,
                       back_up=enters_back_up(card, obj.cast if obj.zone == "stack" else None,
                                              ev.back_up))
    saved = game.objects[obj.id]
    game.objects[obj.id] = probe
    game.battlefield.append(obj.id)
    game.changed()
    try:
        return game.chars(obj.id).copy()
    finally:
        game.battlefield.remove(obj.id)
        game.objects[obj.id] = saved
        game.changed()


def _protection_candidates(game: Game, ev: Damage) -> list[Candidate]:
    target = ev.target
    if isinstance(target, int) and target not in game.objects:
        return []
    if not has_protection_from(game, target, ev.source, ev.source_lki):
        return []
    return [Candidate(("protection", target), "protection", {}, None,
                      game.controller_of(target) if isinstance(target, int) else target,
                      "protection", (R.PROTECTION_DAMAGE,))]


def _matches_to(game: Game, spec: Any, target: Any, c: Candidate) -> bool:
    if spec in (None, "any"):
        return True
    if spec == "self":
        return target == c.source
    if spec == "you":
        return target == c.controller
    if isinstance(spec, (set, frozenset, list, tuple)):
        return target in spec
    if isinstance(spec, Filter):
        return isinstance(target, int) and matches(spec, View(game), target, c.controller,
                                                     c.source)
    return target == spec


# --- damage: prevention (615) ----------------------------------------------------------------
def _prevent(game: Game, c: Candidate, e: Damage) -> list[Event]:
    k, p = c.kind, c.params
    amount = e.amount
    if k in ("protection", "fog", "prevent_source") or p.get("amount") == "all":
        prevented = amount
    elif p.get("per_source"):
        prevented = min(amount, p["amount"])
    else:
        prevented = min(amount, c.effect.params.get("left", p.get("amount", 0))
                        if c.effect else p.get("amount", 0))
        if c.effect is not None:
            c.effect.params["left"] = c.effect.params.get("left", p.get("amount", 0)) \
                - prevented
            if c.effect.params["left"] <= 0 and c.effect in game.replacements:
                game.replacements.remove(c.effect)
    rules = c.rules or (R.PREVENTION,)
    if p.get("once") and c.effect is not None and c.effect in game.replacements:
        game.replacements.remove(c.effect)  # "the next time …": used up once it applies
        rules = rules + (R.PREVENTION_SHIELD,)
    if k == "prevent" and p.get("amount") != "all" and not p.get("per_source"):
        rules = rules + (R.PREVENTION_SHIELD,)
    src = game.name_of(e.source) if e.source is not None else "a source"
    if p.get("then"):
        rules = rules + (R.PREVENTION_EXTRA,)
    if p.get("per_source") and R.ABSORB in rules:
        rules = rules + (R.ABSORB_EACH_SOURCE,)
    game.log.add("prevent", msg("replacements.prevent", prevented=prevented, src=src,
                                target=game.label(e.target), text=c.text), rules + (R.PREVENTION,))
    left = amount - prevented
    once = ("then_done", game.extra.get("batch"), c.key, e.target)
    if p.get("then") and once not in game.extra:
        # One simultaneous damage event: the extra effect happens once (615.5).
        game.extra[once] = True
        run_effects(game, p["then"], {"source": c.source, "you": c.controller,
                                      "prevented": prevented, "amount": prevented})
    if left <= 0:
        return []
    e.amount = left
    return [e]


@replacement("protection", Damage, _prevent, prevention=True)
def _protection(game: Game, c: Candidate, e: Damage) -> bool:
    return True


@replacement("fog", Damage, _prevent, prevention=True)
def _fog(game: Game, c: Candidate, e: Damage) -> bool:
    p = c.params
    if p.get("combat_only", True) and not e.combat:
        return False
    return _matches_to(game, p.get("to"), e.target, c) and \
        _matches_to(game, p.get("from"), e.source, c)


@replacement("prevent_source", Damage, _prevent, prevention=True)
def _prevent_source(game: Game, c: Candidate, e: Damage) -> bool:
    p = c.params
    return e.source in p.get("sources", ()) and (not p.get("combat_only") or e.combat)


@replacement("prevent", Damage, _prevent, prevention=True)
def _prevent_applies(game: Game, c: Candidate, e: Damage) -> bool:
    p = c.params
    if p.get("combat_only") and not e.combat:
        return False
    return _matches_to(game, p.get("to"), e.target, c) and \
        _matches_to(game, p.get("from"), e.source, c)


# --- damage: replacement -----------------------------------------------------------------------
def _floor(game: Game, c: Candidate, e: Damage) -> list[Event]:
    life = game.players[e.target].life
    loss = e.life_loss if e.life_loss is not None else e.amount
    if life >= 1 and life - loss < 1:
        e.life_loss = life - 1
        game.log.add("replace", msg("replacements.floor", text=c.text, target=e.target,
                                    value=life - loss), c.rules or (R.REPLACEMENT_INSTEAD,))
    return [e]


@replacement("damage_floor", Damage, _floor)
def _damage_floor(game: Game, c: Candidate, e: Damage) -> bool:
    return e.target == c.params.get("player") and not isinstance(e.target, int)


@replacement("damage_floor_static", Damage, _floor)
def _damage_floor_static(game: Game, c: Candidate, e: Damage) -> bool:
    if e.target != c.controller:
        return False
    need = c.params.get("if_control")
    if need:
        return any(game.controller_of(o) == c.controller and
                   need in game.chars(o).types for o in game.battlefield)
    return True


def _sacrifice_instead(game: Game, c: Candidate, e: Damage) -> list[Event]:
    game.log.add("replace", msg("replacements.sacrifice_instead", text=c.text, amount=e.amount,
                                controller=c.controller, amount2=e.amount),
        c.rules or (R.REPLACEMENT_INSTEAD,))
    return sacrifice_events(game, c.controller, Filter(), e.amount, c.source)


@replacement("damage_sacrifice", Damage, _sacrifice_instead)
def _damage_sacrifice(game: Game, c: Candidate, e: Damage) -> bool:
    return e.target == c.source


def _redirected(game: Game, c: Candidate, e: Damage) -> list[Event]:
    to = c.params.get("to")
    if isinstance(to, int) and (to not in game.objects or not game.chars(to).is_creature):
        game.log.add("replace", msg("replacements.redirected.2", text=c.text), (R.REDIRECTION,))
        return [e]
    game.log.add("replace", msg("replacements.redirected", text=c.text, to=game.label(to)),
                 (R.REDIRECTION,))
    e.redirected_from = e.target
    e.target = to
    return [e]


@replacement("redirect", Damage, _redirected)
def _redirect(game: Game, c: Candidate, e: Damage) -> bool:
    p = c.params
    return e.target == p.get("from") and (p.get("source") in (None, e.source))


# --- destruction: regeneration (701.19) ------------------------------------------------------
def _regenerates(game: Game, c: Candidate, e: Destroy) -> list[Event]:
    if c.effect is not None and c.effect in game.replacements:
        game.replacements.remove(c.effect)
    game.log.add("regenerate", msg("replacements.regenerates", name=game.label(e.oid)),
                 (R.REGENERATION_REPLACEMENT, R.REGENERATE if c.kind == "regenerate"
                  else R.REGENERATE_STATIC))
    return [Regenerated(cause=e.cause, source=e.source, oid=e.oid)]


def _may_regenerate(game: Game, e: Destroy, target: int | None) -> bool:
    if e.oid != target or e.no_regen:
        return False
    return not any(pr.params.get("oid", pr.source_id) == e.oid
                   for pr in active_prohibitions(game, "cant_regenerate"))


@replacement("regenerate", Destroy, _regenerates)
def _regeneration_shield(game: Game, c: Candidate, e: Destroy) -> bool:
    return _may_regenerate(game, e, c.params.get("oid", c.source))


@replacement("regenerate_static", Destroy, _regenerates)
def _regenerate_static(game: Game, c: Candidate, e: Destroy) -> bool:
    return _may_regenerate(game, e, c.source)


# --- zone changes ----------------------------------------------------------------------------
def _exiled_instead(game: Game, c: Candidate, e: Move) -> list[Event]:
    game.log.add("replace", msg("replacements.exiled_instead", name=game.label(e.oid),
                                to_zone=msg(f"zone.{e.to_zone}"), text=c.text),
        tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
    e.to_zone = "exile"
    return [e]


def _from_zone(game: Game, e: Move) -> str:
    return game.objects[e.oid].zone


@replacement("dies_exile", Move, _exiled_instead)
def _dies_exile(game: Game, c: Candidate, e: Move) -> bool:
    if not (_from_zone(game, e) == "battlefield" and e.to_zone == "graveyard" and
            game.chars(e.oid).is_creature):
        return False
    p = c.params
    if "objects" in p:
        return e.oid in p["objects"]
    if "damaged_by" in p:
        sources = game.record.damaged_by.get(e.oid, set())
        return bool(sources & set(p["damaged_by"]))
    if p.get("affects") == "self":
        return e.oid == c.source
    return True


@replacement("leaves_exile", Move, _exiled_instead)
def _leaves_exile(game: Game, c: Candidate, e: Move) -> bool:
    """"If it would leave the battlefield, exile it instead of putting it anywhere else"."""
    return _from_zone(game, e) == "battlefield" and e.to_zone != "exile" and \
        e.oid in c.params.get("objects", ())


@replacement("graveyard_exile", Move, _exiled_instead)
def _graveyard_exile(game: Game, c: Candidate, e: Move) -> bool:
    """"If a card [or token] would be put into [an opponent's] graveyard from anywhere,
    exile it instead"."""
    obj = game.objects[e.oid]
    if e.to_zone != "graveyard" or (obj.token and not c.params.get("tokens")):
        return False
    if obj.spell_copy:
        return False
    whose = c.params.get("whose")
    if whose == "opponents" and obj.owner == c.controller:
        return False
    if whose == "you" and obj.owner != c.controller:
        return False
    f = c.params.get("filter")
    if f is not None:
        probe = dc_replace(f, zone=obj.zone)
        if not matches(probe, View(game), e.oid, c.controller, c.source):
            return False
    return True


def _dies_redirected(game: Game, c: Candidate, e: Move) -> list[Event]:
    """"If ~ would die, return it to its owner's hand / exile it instead" (614.1a), and
    what follows it ("… and create a 2/2 black Zombie creature token")."""
    to = c.params.get("to", "exile")
    zone = {"library_bottom": "library"}.get(to, to)
    game.log.add("replace", msg("replacements.exiled_instead" if zone == "exile"
                                else "replacements.moved_instead",
                                name=game.label(e.oid), to_zone=msg(f"zone.{e.to_zone}"),
                                where=msg(f"zone.{zone}"), text=c.text),
                 tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
    e.to_zone = zone
    if c.params.get("lock"):  # "… and can't play it" until its owner's next turn
        e.chosen["cant_play_until"] = game.objects[e.oid].owner
    if to == "library_bottom":
        e.position = "bottom"
    elif zone == "library":
        e.position = "shuffled"
    if c.params.get("then"):
        run_effects(game, c.params["then"], {"source": c.source, "you": c.controller,
                                             "it": e.oid})
    return [e]


@replacement("dies_replace", Move, _dies_redirected)
def _dies_replace(game: Game, c: Candidate, e: Move) -> bool:
    if not (_from_zone(game, e) == "battlefield" and e.to_zone == "graveyard" and
            game.chars(e.oid).is_creature):
        return False
    p = c.params
    if p.get("affects") == "self":
        return e.oid == c.source
    f = p.get("filter")
    return f is None or matches(f, View(game), e.oid, c.controller, c.source)


@replacement("graveyard_replace", Move, _dies_redirected)
def _graveyard_replace(game: Game, c: Candidate, e: Move) -> bool:
    return e.to_zone == "graveyard" and e.oid == c.source


@replacement("flashback_exile", Move, _exiled_instead)
def _flashback_exile(game: Game, c: Candidate, e: Move) -> bool:
    obj = game.objects[e.oid]
    return obj.zone == "stack" and e.oid == c.source and e.to_zone != "exile" and \
        obj.cast is not None and obj.cast.alt_cost == c.params.get("alt", "flashback")


@replacement("aftermath_exile", Move, _exiled_instead)
def _aftermath_exile(game: Game, c: Candidate, e: Move) -> bool:
    """Aftermath's third ability (702.127a): cast from a graveyard, exiled as it would leave
    the stack for anywhere else."""
    obj = game.objects[e.oid]
    return obj.zone == "stack" and e.oid == c.source and e.to_zone != "exile" and \
        obj.cast is not None and obj.cast.from_zone == "graveyard"


@replacement("exile_if_would_leave_stack", Move, _exiled_instead)
def _exile_if_would_leave_stack(game: Game, c: Candidate, e: Move) -> bool:
    return _from_zone(game, e) == "stack" and e.oid in c.params.get("objects", ()) and \
        e.to_zone == "graveyard"


@replacement("containment", Move, _exiled_instead)
def _containment(game: Game, c: Candidate, e: Move) -> bool:
    obj = game.objects[e.oid]
    return e.to_zone == "battlefield" and obj.zone != "stack" and not obj.token and \
        obj.zone != "battlefield" and "creature" in game.chars(e.oid).types


def _to_library_instead(game: Game, c: Candidate, e: Move) -> list[Event]:
    top = c.kind == "to_library_top"
    where = msg("replacements.on_top_of_library" if top else "replacements.into_library_shuffled")
    game.log.add("replace", msg("replacements.to_library_instead", name=game.label(e.oid),
                                where=where, text=c.text),
                 c.rules or (R.REPLACEMENT_INSTEAD,))
    e.to_zone = "library"
    e.position = "top" if top else "shuffled"
    return [e]


@replacement("to_library_top", Move, _to_library_instead)
def _to_library_top(game: Game, c: Candidate, e: Move) -> bool:
    return e.to_zone == "graveyard" and e.oid == c.source


@replacement("to_library", Move, _to_library_instead, entering=True)
def _to_library(game: Game, c: Candidate, e: Move) -> bool:
    return e.to_zone == "graveyard" and e.oid == c.source


def _to_hand_instead(game: Game, c: Candidate, e: Move) -> list[Event]:
    game.log.add("replace", msg("replacements.to_hand_instead", name=game.label(e.oid)),
        (R.BUYBACK,))
    e.to_zone = "hand"
    return [e]


@replacement("buyback", Move, _to_hand_instead)
def _buyback(game: Game, c: Candidate, e: Move) -> bool:
    obj = game.objects[e.oid]
    return obj.zone == "stack" and e.oid == c.source and e.reason == "resolve" and \
        obj.cast is not None and "buyback" in obj.cast.additional


def _rebound_exile(game: Game, c: Candidate, e: Move) -> list[Event]:
    game.log.add("replace", msg("replacements.rebound", name=game.label(e.oid)),
                 (R.REBOUND, R.REPLACEMENT_INSTEAD))
    e.to_zone = "exile"
    e.chosen = {**e.chosen, "rebound": True}
    return [e]


@replacement("rebound", Move, _rebound_exile)
def _rebound(game: Game, c: Candidate, e: Move) -> bool:
    obj = game.objects[e.oid]
    return obj.zone == "stack" and e.oid == c.source and e.reason == "resolve" and \
        e.to_zone == "graveyard" and obj.cast is not None and obj.cast.from_zone == "hand" \
        and not obj.spell_copy


def _encoded(game: Game, c: Candidate, e: Move) -> list[Event]:
    """Cipher (702.99a): as the spell finishes resolving, its controller may exile the card
    encoded on a creature they control — a choice (``choose: {choose: CREATURE}``, or none)."""
    obj = game.objects[e.oid]
    who = obj.controller
    mine = [o for o in game.battlefield if game.controller_of(o) == who and
            "creature" in game.chars(o).types]
    if not mine:
        return [e]
    labels = ["don't encode"] + [game.name_of(o) for o in mine]
    index = game.chooser.choose(who, "choose", labels, keys=("cipher", "choose"),
                                note="cipher: the creature to encode it on")
    if index == 0:
        return [e]
    e.to_zone = "exile"
    e.chosen = {**e.chosen, "encoded_on": mine[index - 1]}
    game.log.add("replace", msg("replacements.encoded", name=game.label(e.oid),
                                on=game.label(mine[index - 1])),
                 tuple(c.rules) + (R.CIPHER_ENCODED,))
    return [e]


@replacement("cipher", Move, _encoded)
def _cipher(game: Game, c: Candidate, e: Move) -> bool:
    obj = game.objects[e.oid]
    return obj.zone == "stack" and e.oid == c.source and e.reason == "resolve" and \
        e.to_zone == "graveyard" and not obj.spell_copy


def _discarded_into_exile(game: Game, c: Candidate, e: Move) -> list[Event]:
    e.to_zone = "exile"
    e.madness = True
    game.log.add("replace", msg("replacements.discarded_into_exile", name=game.label(e.oid)),
                 (R.MADNESS,))
    return [e]


@replacement("madness", Move, _discarded_into_exile)
def _madness(game: Game, c: Candidate, e: Move) -> bool:
    return e.reason == "discard" and e.oid == c.source and _from_zone(game, e) == "hand"


# --- entering the battlefield (614.1c–d, 614.12) ---------------------------------------------
def _entering(game: Game, c: Candidate, e: Move) -> bool:
    return e.to_zone == "battlefield" and e.oid == c.source and \
        _from_zone(game, e) != "battlefield"


def _as_a_copy(game: Game, c: Candidate, e: Move) -> list[Event]:
    log = game.log
    options = [o for o in game.battlefield if game.chars(o).is_creature]
    if not options:
        log.add("replace", msg("replacements.as_a_copy.2", name=game.label(e.oid)),
                (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
        return [e]
    labels = [game.name_of(o) for o in options] + ["nothing (enter as itself)"]
    who = e.controller or game.objects[e.oid].owner
    index = game.chooser.choose(who, "copy", labels, keys=("copy",), note=c.text)
    if index == len(options):
        log.add("replace", msg("replacements.as_a_copy.3", who=who, name=game.label(e.oid)),
            (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
        return [e]
    target = game.objects[options[index]]
    if target.face_down:  # a face-down creature's copiable values: a 2/2 (707.2, 708.2)
        e.copy_of = CardDef("", (), None, frozenset(), frozenset(), frozenset({"creature"}),
                            frozenset(), 2, 2)
    else:
        e.copy_of = face_up(target)
    log.add("replace", msg("replacements.as_a_copy", name=game.label(e.oid),
                           options=game.label(options[index])),
            (R.COPY_VALUES, R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT, R.LAYER_COPY))
    return [e]


@replacement("enters_as_copy", Move, _as_a_copy, entering=True)
def _enters_as_copy(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e) and e.copy_of is None


def _with_counters(game: Game, c: Candidate, e: Move) -> list[Event]:
    p = c.params
    who = e.controller or game.objects[e.oid].owner
    if p.get("if") is not None and not holds(game, p["if"], e.oid, who):
        return [e]
    if p.get("optional"):
        index = game.chooser.choose(who, "may", ["yes", "no"], keys=("may",), note=c.text)
        if index == 1:
            if p.get("else_gains") == "haste":
                e.chosen["haste"] = True
                game.log.add("replace", msg("replacements.gains_haste", name=game.label(e.oid)),
                             tuple(c.rules) + (R.REPLACEMENT_ENTERS_WITH,))
            return [e]
    for kind, n in c.params["counters"].items():
        num = _enter_amount(game, n, e.oid)
        if num <= 0:
            continue
        e.counters[kind] = e.counters.get(kind, 0) + num
    if not e.counters:
        return [e]
    game.log.add("replace", msg("replacements.enters_with", name=game.label(e.oid),
                                counters=Joined(tuple(msg("move.extra.counters", n=n, kind=term(k))
                                                      for k, n in e.counters.items()))),
                 (c.rules or ()) + (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
    return [e]


@replacement("enters_with_counters", Move, _with_counters, entering=True)
def _enters_with_counters(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e)


# More creatures than this to devour from are refused: every subset is a choice.
MAX_DEVOUR = 10


def _devour(game: Game, c: Candidate, e: Move) -> list[Event]:
    """"As this object enters, you may sacrifice any number of creatures [artifacts]. This
    permanent enters with N +1/+1 counters on it for each creature sacrificed this way."
    (702.82a, 702.82b)"""
    who = e.controller or game.objects[e.oid].owner
    kind = c.params.get("what", "creature")
    mine = [o for o in game.battlefield if o != e.oid and game.controller_of(o) == who and
            kind in game.chars(o).types]
    if not mine:
        return [e]
    chosen = _any_number(game, who, mine, ("sacrifice", "devour"), c.text)
    n = int(c.params.get("n") or 0) * len(chosen)
    game.log.add("replace", msg("replacements.devours", name=game.label(e.oid),
                                n=len(chosen), counters=n),
                 tuple(c.rules) + (R.DEVOUR, R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
    if n:
        e.counters["+1/+1"] = e.counters.get("+1/+1", 0) + n
    return [Move(cause="devour", oid=o, to_zone="graveyard", reason="sacrifice",
                 rules=(R.DEVOUR, R.SACRIFICE)) for o in chosen] + [e]


@replacement("devour", Move, _devour, entering=True)
def _devour_applies(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e)


def _any_number(game: Game, who: str, options: list[int], keys: tuple[str, ...], note: str
                ) -> tuple[int, ...]:
    """``who`` chooses any number of ``options`` (each subset a choice; more than
    MAX_DEVOUR options are refused)."""
    if len(options) > MAX_DEVOUR:
        raise Unsupported(msg("replacements.devour_too_many", n=len(options), max=MAX_DEVOUR))
    combos = [combo for k in range(len(options) + 1) for combo in combinations(options, k)]
    labels = [", ".join(game.name_of(o) for o in combo) or "none" for combo in combos]

    def match(value: Any) -> int | None:
        names = value if isinstance(value, list) else [] if value in (None, "none") else [value]
        want = sorted(str(v).lower() for v in names)
        return next((i for i, combo in enumerate(combos)
                     if sorted(game.name_of(o).lower() for o in combo) == want), None)
    return combos[game.chooser.choose(who, keys[0], labels, keys=keys, match=match, note=note)]


def _amplify(game: Game, c: Candidate, e: Move) -> list[Event]:
    """"As this object enters, reveal any number of cards from your hand that share a
    creature type with it. This permanent enters with N +1/+1 counters on it for each card
    revealed this way." (702.38a)"""
    who = e.controller or game.objects[e.oid].owner
    mine = game.chars(e.oid)
    kinds = set(mine.subtypes)
    if not kinds and not mine.has("changeling"):
        return [e]
    every = mine.has("changeling")  # every creature type (702.73a)

    def shares(o: int) -> bool:
        oc = game.chars(o)
        if not oc.is_creature and "Kindred" not in oc.types and "kindred" not in oc.types:
            return False
        theirs = set(oc.subtypes)
        return bool(kinds & theirs) or (every and bool(theirs)) or \
            (oc.has("changeling") and bool(kinds or every))
    hand = [o for o in game.players[who].hand if o != e.oid and shares(o)]
    if not hand:
        return [e]
    chosen = _any_number(game, who, hand, ("reveal", "amplify"), c.text)
    n = int(c.params.get("n") or 0) * len(chosen)
    game.log.add("replace", msg("replacements.amplifies", name=game.label(e.oid),
                                cards=Joined(tuple(game.label(o) for o in chosen)),
                                counters=n) if chosen else
                 msg("replacements.amplifies_none", name=game.label(e.oid)),
                 tuple(c.rules) + (R.AMPLIFY, R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
    if n:
        e.counters["+1/+1"] = e.counters.get("+1/+1", 0) + n
    return [e]


@replacement("amplify", Move, _amplify, entering=True)
def _amplify_applies(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e)


def _choose_as_enters(game: Game, c: Candidate, e: Move) -> list[Event]:
    """ "As ~ enters, choose a color / a creature type" (614.12, 614.1c): the choice is
    made as it enters and kept on the permanent. The creature types offered are those of
    the objects in the game, and one no object here has (every other type is the same for
    this game)."""
    owner = e.controller or game.objects[e.oid].owner
    who = owner if c.params.get("who") != "opponent" else \
        next((p for p in game.apnap() if p != owner), owner)
    what = c.params.get("what", "color")
    options, labels = value_options(game, what)
    index = game.chooser.choose(who, what, labels, keys=(what, "color" if what == "color"
                                                       else "type"), note=c.text)
    e.chosen = {**e.chosen, what: options[index]}
    game.log.add("choice", msg("replacements.chose_as_enters", player=who,
                               value=labels[index], name=game.label(e.oid)),
                 (R.REPLACEMENT_ENTERS_AS, R.ENTERS_REPLACEMENT))
    return [e]


OTHER_TYPE = "a creature type no object here has"


def value_options(game: Game, what: str, exclude: frozenset[str] = frozenset()
                  ) -> tuple[list[str], list[str]]:
    """The options of "choose a color" (the five colours) or "choose a creature type" (the
    types of the game's objects, and one none has: every other type is the same for this
    game), and their labels."""
    if what == "color":
        return ["W", "U", "B", "R", "G"], ["white", "blue", "black", "red", "green"]
    if what == "name":
        return name_options(game, None)
    present: set[str] = set()
    for oid in game.objects:
        present |= {s for s in game.chars(oid).subtypes if s != "*all*"}
    kinds = vocabulary().creature_types
    options = sorted(s for s in present if s in kinds and s not in exclude) + [OTHER_TYPE]
    return options, list(options)


OTHER_NAME = "a card name no card here has"


def name_options(game: Game, f: Filter | None) -> tuple[list[str], list[str]]:
    """The options of "choose a [nonland] card name" (201.3): the names of the game's cards
    that fit, and one no card here has (every other name is the same for this game)."""
    view = View(game)
    present = {game.chars(oid).name for oid in game.objects
               if not game.objects[oid].card.is_token and game.chars(oid).name and
               (f is None or matches(dc_replace(f, zone=game.objects[oid].zone), view, oid, None))}
    options = sorted(present) + [OTHER_NAME]
    return options, list(options)


@replacement("enters_choose", Move, _choose_as_enters, entering=True)
def _enters_choose(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e) and c.params.get("what") not in (e.chosen or {})


def _tapped_unless(game: Game, c: Candidate, e: Move) -> list[Event]:
    shown = c.params.get("unless_reveal")
    if shown is not None:  # "you may reveal a Giant card from your hand. If you don't …"
        who = e.controller or game.objects[e.oid].owner
        view = View(game)
        cards = [o for o in game.players[who].hand if o != e.oid and
                 matches(shown, view, o, who)]
        if cards:
            labels = [game.name_of(o) for o in cards] + ["don't reveal"]
            index = game.chooser.choose(who, "reveal", labels, keys=("reveal", "may"),
                                        note=c.text)
            if index < len(cards):
                game.log.add("replace", msg("replacements.revealed_untapped", player=who,
                                            card=game.label(cards[index]),
                                            name=game.label(e.oid)),
                             (R.REPLACEMENT_ENTERS_AS, R.REPLACEMENT_ENTERS))
                return [e]
        return _tapped(game, c, e)
    life = c.params.get("unless_pay_life")
    if life:
        who = e.controller or game.objects[e.oid].owner
        if game.players[who].life >= life:
            index = game.chooser.choose(who, "pay", [f"pay {life} life", "don't pay"],
                                        keys=("pay", "may"), note=c.text)
            if index == 0:
                game.log.add("pay", msg("replacements.paid_life", player=who, n=life,
                                        name=game.label(e.oid)),
                             (R.PAY_LIFE, R.REPLACEMENT_ENTERS_WITH))
                return [LifeLoss(cause="cost", player=who, amount=life,
                                 rules=(R.PAY_LIFE,)), e]
    return _tapped(game, c, e)


def _tapped(game: Game, c: Candidate, e: Move) -> list[Event]:
    e.tapped = True
    game.log.add("replace", msg("replacements.tapped", name=game.label(e.oid)),
        (R.REPLACEMENT_ENTERS,))
    return [e]


@replacement("enters_tapped", Move, _tapped_unless, entering=True)
def _enters_tapped(game: Game, c: Candidate, e: Move) -> bool:
    if not (e.to_zone == "battlefield" and e.oid == c.source and not e.tapped):
        return False
    unless = c.params.get("unless")
    if unless is not None:
        # "unless you control a Swamp or a Mountain": checked as it would enter (614.12)
        who = e.controller or game.objects[e.oid].owner
        return not holds(game, unless, None, who)
    return True


def _tapped_others(game: Game, c: Candidate, e: Move) -> list[Event]:
    return _tapped(game, c, e)


@replacement("others_enter_tapped", Move, _tapped_others, entering=True)
def _others_enter_tapped(game: Game, c: Candidate, e: Move) -> bool:
    """"Creatures your opponents control enter tapped" (614.1d)."""
    if e.to_zone != "battlefield" or e.tapped or _from_zone(game, e) == "battlefield":
        return False
    probe = _probe_chars(game, e)
    controller = e.controller or game.objects[e.oid].owner
    return _matches_chars(c.params["filter"], probe, controller, c.controller)


def _player_chosen(game: Game, c: Candidate, e: Move) -> list[Event]:
    options = list(game.in_game()) if c.params.get("choose") == "player" else \
        [q for q in game.in_game() if q != c.controller] or list(game.in_game())
    who = game.objects[e.oid].owner if e.controller is None else e.controller
    index = game.chooser.choose(who, "chosen_player", options,
                                keys=("chosen", "chosen_player", "choose_player"), note=c.text)
    e.chosen["player"] = options[index]
    game.log.add("choice", msg("replacements.player_chosen", name=game.label(e.oid), who=who,
                               value=options[index]), (R.ENTERS_REPLACEMENT,))
    return [e]


@replacement("choose_on_enter", Move, _player_chosen, entering=True)
def _choose_on_enter(game: Game, c: Candidate, e: Move) -> bool:
    return _entering(game, c, e) and "player" not in e.chosen


def _enter_amount(game: Game, n: Any, oid: int) -> int:
    if isinstance(n, int):
        return n
    if isinstance(n, dict) and "expr" in n:
        obj = game.objects.get(oid)
        return amount(n["expr"], View(game), {"you": obj.owner if obj else None,
                                                 "source": oid})
    if n == "other_spells_cast_this_turn":
        cast_ids = {sid for _, sid in game.record.spells_cast}
        obj = game.objects.get(oid)
        self_cast = obj is not None and obj.zone == "stack" and oid in cast_ids
        return len(game.record.spells_cast) - (1 if self_cast else 0)
    obj = game.objects.get(oid)
    return obj.cast.x if obj and obj.cast else 0


# --- drawing ---------------------------------------------------------------------------------
def _wins_instead(game: Game, c: Candidate, e: Draw) -> list[Event]:
    game.log.add("replace", msg("replacements.wins_instead", player=e.player, text=c.text),
        tuple(c.rules) + (R.DRAW_REPLACEMENT, R.DRAW_EMPTY))
    return [WinGame(cause="effect", source=c.source, player=e.player, rules=(R.WIN_EFFECT,))]


@replacement("draw_empty_win", Draw, _wins_instead)
def _draw_empty_win(game: Game, c: Candidate, e: Draw) -> bool:
    pl = game.players[e.player]
    return e.player == c.controller and pl.library_known and not pl.library



# --- entering: what the permanent would be (614.12) -----------------------------------------
def _probe_chars(game: Game, e: Move) -> Any:
    obj = game.objects[e.oid]
    if e.face_down:
        return face_down_chars(obj, e.controller or obj.owner)
    return as_it_would_enter(game, obj, e)


def _matches_chars(f: Filter, c: Any, controller: str, perspective: str) -> bool:
    if f.types and not f.types <= c.types:
        return False
    if f.any_types and not f.any_types & c.types:
        return False
    if f.not_types and f.not_types & c.types:
        return False
    if f.subtypes and not f.subtypes & c.subtypes:
        return False
    if f.controller == "you" and controller != perspective:
        return False
    if f.controller == "opponent" and controller == perspective:
        return False
    return True


def _loyalty(game: Game, c: Candidate, e: Move) -> list[Event]:
    """A planeswalker enters with its printed loyalty in loyalty counters (306.5b): an
    "enters with" replacement of its own, so others (Doubling Season) see the counters."""
    n = c.params["n"]
    e.counters = {**e.counters, "loyalty": e.counters.get("loyalty", 0) + n}
    e.rules = tuple(e.rules) + (R.PLANESWALKER_LOYALTY,)
    return [e]


@replacement("planeswalker_loyalty", Move, _loyalty, entering=True)
def _planeswalker_loyalty(game: Game, c: Candidate, e: Move) -> bool:
    return e.to_zone == "battlefield" and e.oid == c.source and "loyalty" not in e.counters \
        and not e.face_down


# --- counters and tokens (614.16, 122.6) -------------------------------------------------------
def _counter_target_ok(game: Game, c: Candidate, oid: Any, controller: str | None,
                       chars: Any) -> bool:
    if not isinstance(oid, int) or controller != c.controller:
        return False
    f = c.params.get("filter")
    return f is None or _matches_chars(f, chars, controller, c.controller)


def _counter_events(game: Game, c: Candidate, e: Event) -> list[tuple[str, int]]:
    """The (kind, n) counters an event puts on a permanent that this effect covers."""
    want = c.params.get("counter")
    if isinstance(e, Counters):
        if e.n <= 0 or isinstance(e.target, str) or e.target not in game.objects or \
                game.objects[e.target].zone != "battlefield":
            return []
        if c.kind == "counters_double" and e.cause == "cost":
            return []  # "If an effect would put …": a cost isn't an effect
        if not _counter_target_ok(game, c, e.target, game.controller_of(e.target),
                                  game.chars(e.target)):
            return []
        return [(e.kind, e.n)] if want in (None, e.kind) else []
    if isinstance(e, Move) and e.to_zone == "battlefield" and e.counters:
        controller = e.controller or game.objects[e.oid].owner
        if not _counter_target_ok(game, c, e.oid, controller, _probe_chars(game, e)):
            return []
        return [(k, n) for k, n in e.counters.items() if n > 0 and want in (None, k)]
    return []


def _counters_changed(game: Game, c: Candidate, e: Event) -> list[Event]:
    how = {"counters_double": lambda n: 2 * n, "counters_plus": lambda n: n + 1,
           "counters_minus": lambda n: max(n - 1, 0)}[c.kind]
    changed = []
    if isinstance(e, Counters):
        before = e.n
        e.n = how(e.n)
        changed.append((e.kind, before, e.n))
        name = game.label(e.target)
    else:
        assert isinstance(e, Move)
        new = dict(e.counters)
        for k, n in _counter_events(game, c, e):
            new[k] = how(n)
            changed.append((k, n, new[k]))
        e.counters = {k: n for k, n in new.items() if n > 0}
        name = game.label(e.oid)
    for kind, before, after in changed:
        game.log.add("replace", msg("replacements.counters_instead", name=name,
                                    kind=term(kind), before=before, after=after, text=c.text),
                     tuple(c.rules) + (R.REPLACEMENT_INSTEAD, R.TOKENS_OR_COUNTERS_REPLACED))
    if isinstance(e, Counters) and e.n <= 0:
        return []
    return [e]


def _counters_apply(game: Game, c: Candidate, e: Event) -> bool:
    return bool(_counter_events(game, c, e))


for _kind in ("counters_double", "counters_plus", "counters_minus"):
    replacement(_kind, (Counters, Move), _counters_changed)(_counters_apply)


def _tokens_doubled(game: Game, c: Candidate, e: CreateToken) -> list[Event]:
    before = e.n
    e.n *= 2
    game.log.add("replace", msg("replacements.tokens_instead", before=before, after=e.n,
                                text=c.text),
                 tuple(c.rules) + (R.REPLACEMENT_INSTEAD, R.TOKENS_OR_COUNTERS_REPLACED))
    return [e]


@replacement("tokens_double", CreateToken, _tokens_doubled)
def _tokens_double(game: Game, c: Candidate, e: CreateToken) -> bool:
    return e.controller == c.controller and e.n > 0 and e.cause != "cost"


# --- damage amounts ---------------------------------------------------------------------------
def _damage_source_ok(game: Game, c: Candidate, e: Damage) -> bool:
    whose = c.params.get("whose", "any")
    if whose == "any":
        return True
    src = e.source_lki.controller if e.source_lki is not None else \
        game.controller_of(e.source) if e.source is not None else ""
    return (src == c.controller) == (whose == "you")


def _damage_target_ok(game: Game, c: Candidate, e: Damage) -> bool:
    to = c.params.get("to", "a permanent or player")
    t = e.target
    if to in ("a permanent or player", "any target"):
        return True
    if to == "a player":
        return isinstance(t, str)
    if to == "an opponent":
        return isinstance(t, str) and t != c.controller
    if to == "a creature":
        return isinstance(t, int) and t in game.objects and game.chars(t).is_creature
    if to == "an opponent or a permanent an opponent controls":
        return (isinstance(t, str) and t != c.controller) or \
            (isinstance(t, int) and game.controller_of(t) != c.controller)
    return False


def _damage_changed(game: Game, c: Candidate, e: Damage) -> list[Event]:
    before = e.amount
    e.amount = 2 * e.amount if c.kind == "damage_double" else e.amount + c.params.get("n", 1)
    game.log.add("replace", msg("replacements.damage_instead", before=before, after=e.amount,
                                target=game.label(e.target), text=c.text),
                 tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
    return [e]


@replacement("damage_double", Damage, _damage_changed)
def _damage_double(game: Game, c: Candidate, e: Damage) -> bool:
    return _damage_source_ok(game, c, e) and _damage_target_ok(game, c, e)


@replacement("damage_plus", Damage, _damage_changed)
def _damage_plus(game: Game, c: Candidate, e: Damage) -> bool:
    return _damage_source_ok(game, c, e) and _damage_target_ok(game, c, e)


def _redirected_static(game: Game, c: Candidate, e: Damage) -> list[Event]:
    to = c.params.get("to")
    src = game.objects.get(c.source) if c.source is not None else None
    new = src.attached_to if to == "enchanted" and src is not None else c.source
    game.log.add("replace", msg("replacements.redirected", text=c.text, to=game.label(new)),
                 (R.REDIRECTION,))
    e.redirected_from = e.target
    e.target = new
    return [e]


@replacement("redirect_static", Damage, _redirected_static)
def _redirect_static(game: Game, c: Candidate, e: Damage) -> bool:
    """"All damage that would be dealt to you is dealt to enchanted creature instead"."""
    if e.target != c.controller:
        return False
    src = game.objects.get(c.source) if c.source is not None else None
    if c.params.get("to") == "enchanted":
        return src is not None and isinstance(src.attached_to, int) and \
            src.attached_to in game.objects
    return True


@replacement("prevent_from", Damage, _prevent, prevention=True)
def _prevent_from(game: Game, c: Candidate, e: Damage) -> bool:
    """"Prevent all damage that would be dealt by ~"."""
    return e.source == c.source and (not c.params.get("combat_only") or e.combat)


# --- life ---------------------------------------------------------------------------------------
def _whose_ok(c: Candidate, player: str) -> bool:
    whose = c.params.get("whose", "any")
    return whose == "any" or (player == c.controller) == (whose == "you")


def _no_life(game: Game, c: Candidate, e: LifeGain) -> list[Event]:
    game.log.add("replace", msg("replacements.no_life", player=e.player, n=e.amount,
                                text=c.text), tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
    return []


@replacement("lifegain_none", LifeGain, _no_life)
def _lifegain_none(game: Game, c: Candidate, e: LifeGain) -> bool:
    return e.amount > 0 and _whose_ok(c, e.player)


def _twice_life(game: Game, c: Candidate, e: LifeGain) -> list[Event]:
    before = e.amount
    e.amount *= 2
    game.log.add("replace", msg("replacements.life_instead", player=e.player, before=before,
                                after=e.amount, text=c.text),
                 tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
    return [e]


@replacement("lifegain_double", LifeGain, _twice_life)
def _lifegain_double(game: Game, c: Candidate, e: LifeGain) -> bool:
    return e.amount > 0 and _whose_ok(c, e.player)
