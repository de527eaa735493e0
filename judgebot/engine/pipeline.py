"""The one event pipeline.

Every change of the game goes through :func:`perform`:

1. "can't" effects: an event a rule or effect forbids doesn't happen
   (indestructible, "can't be countered", "you can't lose the game" ...);
2. replacement and prevention effects (614, 615): when several apply, the
   affected player or the controller of the affected object chooses which
   first (616.1), self-replacement effects first; each applies once (614.5);
3. the (modified) events are applied, simultaneously;
4. triggered abilities are noticed; leaves-the-battlefield abilities look
   back in time (603.10a).

State-based actions and putting triggers on the stack happen when a player
would receive priority (:mod:`judgebot.engine.turn`), never here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter, ReplacementAbility, replacements
from judgebot.engine.events import (
    Attach,
    Counters,
    CounterSpell,
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
    Tap,
    TurnFaceUp,
    WinGame,
)
from judgebot.engine.filters import View, matches
from judgebot.engine.state import Game, GameObject


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


@dataclass(eq=False)
class Prohibition:
    """A "can't" effect created by a resolving spell or ability."""

    kind: str  # cant_lose | cant_win | cant_cast | cant_regenerate | cant_block ...
    params: dict[str, Any] = field(default_factory=dict)
    source_id: int | None = None
    controller: str = ""
    duration: Any = "eot"
    text: str = ""
    rules: tuple[str, ...] = ()


_KEYS = iter(range(1, 1 << 30))


def new_key() -> int:
    return next(_KEYS)


# --- the pipeline ---------------------------------------------------------------------------
def perform(game: Game, events: list[Event]) -> list[Event]:
    """Run events through the pipeline as one simultaneous event; return those applied."""
    from judgebot.engine import triggers

    game.steps_taken += 1
    batch = game.steps_taken
    if game.steps_taken > game.step_limit:
        from judgebot.engine.errors import Refusal
        raise Refusal(f"the simulation stopped after {game.step_limit} events without "
                      "finishing: a runaway scenario (an unbounded but optional loop?)",
                      kind="limit", rules=(R.DRAW_LOOP,))
    final: list[Event] = []
    for ev in events:
        if _forbidden(game, ev):
            continue
        game.extra["batch"] = batch
        for out in _replace(game, ev):
            if out is ev or not _forbidden(game, out):
                final.append(out)
    if not final:
        return []
    look_back = any(isinstance(e, Move) and _on_battlefield(game, e.oid) for e in final)
    before = _snapshot(game) if look_back else None
    applied = [e for e in final if _apply(game, e)]
    applied += game.extra.pop("derived", [])
    if applied:
        triggers.notice(game, applied, before)
    return applied


def perform_one(game: Game, event: Event) -> Event | None:
    done = perform(game, [event])
    return done[0] if done else None


def _on_battlefield(game: Game, oid: int) -> bool:
    obj = game.objects.get(oid)
    return obj is not None and obj.zone == "battlefield"


def _snapshot(game: Game) -> dict[int, Any]:
    return {oid: game.chars(oid) for oid in game.battlefield}


# --- 1. can't ---------------------------------------------------------------------------------
def _forbidden(game: Game, ev: Event) -> bool:
    reason = prohibition(game, ev)
    if reason is None:
        return False
    text, rules = reason
    game.log.add("cant", text, rules)
    return True


def prohibition(game: Game, ev: Event) -> tuple[str, tuple[str, ...]] | None:
    """Why ``ev`` can't happen, or None."""
    if isinstance(ev, Destroy):
        obj = game.objects.get(ev.oid)
        if obj is None or obj.zone != "battlefield":
            return None
        if game.chars(ev.oid).has("indestructible"):
            return (f"{game.name_of(ev.oid)} has indestructible and isn't destroyed",
                    (R.INDESTRUCTIBLE,))
    if isinstance(ev, LoseGame):
        for p in active_prohibitions(game, "cant_lose"):
            if p.params.get("player") == ev.player:
                return (f"{ev.player} can't lose the game ({p.text})", p.rules)
    if isinstance(ev, WinGame):
        for p in active_prohibitions(game, "cant_win"):
            if p.params.get("player") == ev.player:
                return (f"{ev.player} can't win the game ({p.text})", p.rules)
    if isinstance(ev, CounterSpell):
        item = game.stack_item(ev.item)
        if item is not None and not item.is_stack_ability:
            from judgebot.engine.stack import cant_be_countered
            why = cant_be_countered(game, item)
            if why:
                return (f"{game.name_of(item.id)} can't be countered ({why})",
                        (R.COUNTER,))
    if isinstance(ev, Move):
        obj = game.objects.get(ev.oid)
        if obj is not None and obj.token and obj.zone != "battlefield" and obj.zone != "stack":
            return (f"the {obj.card.name} token has left the battlefield and can't move again",
                    (R.TOKEN_CANT_MOVE,))
    return None


def active_prohibitions(game: Game, kind: str) -> list[Prohibition]:
    """Resolved "can't" effects plus those from static abilities on the battlefield."""
    from judgebot.engine.abilities import StaticAbility
    out = [p for p in game.prohibitions if p.kind == kind]
    for oid in game.battlefield:
        c = game.chars(oid)
        for ab in c.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == kind:
                player = c.controller
                if ab.params.get("who") == "opponents":
                    for opp in game.opponents(player):
                        out.append(Prohibition(kind, {**ab.params, "player": opp}, oid, player,
                                               "static", ab.text, ab.rules))
                else:
                    out.append(Prohibition(kind, {**ab.params, "player": player}, oid, player,
                                           "static", ab.text, ab.rules))
    return out


# --- 2. replacement and prevention ----------------------------------------------------------------
@dataclass(eq=False)
class _Candidate:
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


def _candidates(game: Game, ev: Event) -> list[_Candidate]:
    out: list[_Candidate] = []
    for rep in game.replacements:
        out.append(_Candidate(rep.key, rep.kind, rep.params, rep.source_id, rep.controller,
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
                if not (ab.zone in (obj.zone, "all") or ab.kind.startswith("enters") or
                        ab.kind in ("choose_on_enter", "to_library")):
                    continue
            elif ab.zone != obj.zone:
                continue
            out.append(_Candidate((oid, id(ab)), ab.kind, ab.params, oid, c.controller, ab.text,
                                  ab.rules, None, ab.params.get("self", False),
                                  ab.params.get("optional", False)))
    # Replacement abilities that function in hand (madness) or on the stack.
    for item in list(game.stack):
        if item.is_stack_ability:
            continue
        for ab in replacements(game.chars(item.id).abilities):
            if ab.zone == "stack":
                out.append(_Candidate((item.id, id(ab)), ab.kind, ab.params, item.id,
                                      game.chars(item.id).controller, ab.text, ab.rules))
    if isinstance(ev, Move) and moving is not None and moving.zone == "hand":
        for ab in replacements(game.chars(moving.id).abilities):
            if ab.zone == "hand":
                out.append(_Candidate((moving.id, id(ab)), ab.kind, ab.params, moving.id,
                                      moving.owner, ab.text, ab.rules))
    if isinstance(ev, Damage):
        out.extend(_protection_candidates(game, ev))
    seen: set[Any] = set()
    unique = []
    for c in out:
        if c.key not in seen:
            seen.add(c.key)
            unique.append(c)
    return unique


def _entering_abilities(game: Game, obj: GameObject, ev: Move) -> tuple:
    from judgebot.engine.layers import base_chars, face_down_chars
    if ev.face_down:
        return face_down_chars(obj, obj.owner).abilities
    card = ev.copy_of or obj.card
    probe = GameObject(obj.id, card, obj.owner, ev.controller or obj.owner, "battlefield", 0)
    return base_chars(game, probe).abilities


def _protection_candidates(game: Game, ev: Damage) -> list[_Candidate]:
    from judgebot.engine.rules import has_protection_from
    target = ev.target
    if isinstance(target, int) and target not in game.objects:
        return []
    if not has_protection_from(game, target, ev.source, ev.source_lki):
        return []
    return [_Candidate(("protection", target), "protection", {}, None,
                       game.controller_of(target) if isinstance(target, int) else target,
                       "protection", (R.PROTECTION_DAMAGE,))]


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


def _replace(game: Game, ev: Event) -> list[Event]:
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
        applicable = [c for c in _candidates(game, e)
                      if c.key not in e.used and _applies(game, c, e)]
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
            game.log.add("choice", f"{chooser} chooses to apply {labels[index]} first; then "
                         "the effects that still apply are checked again",
                         (R.REPLACEMENT_ORDER, R.REPLACEMENT_ORDER_ANY, R.REPLACEMENT_REPEAT))
        if chosen.optional and not _optional_yes(game, chosen, e):
            e.used.add(chosen.key)
            current.insert(0, e)
            continue
        results = _replacement_apply(game, chosen, e)
        for r in results:
            r.used = set(e.used) | {chosen.key}
        current[:0] = results
    return done


def _optional_yes(game: Game, c: _Candidate, e: Event) -> bool:
    player = c.controller
    index = game.chooser.choose(player, "may", ["yes", "no"], keys=("may", "replace"),
                                note=c.text)
    return index == 0


def _matches_to(game: Game, spec: Any, target: Any, c: _Candidate) -> bool:
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


def _applies(game: Game, c: _Candidate, e: Event) -> bool:
    k, p = c.kind, c.params
    if isinstance(e, Damage):
        if e.amount <= 0:
            return False
        if k in ("prevent", "fog", "protection", "prevent_source"):
            if not e.preventable:
                return False
            if k == "protection":
                return True
            if k == "fog":
                if p.get("combat_only", True) and not e.combat:
                    return False
                return _matches_to(game, p.get("to"), e.target, c) and \
                    _matches_to(game, p.get("from"), e.source, c)
            if k == "prevent_source":
                return e.source in p.get("sources", ()) and (
                    not p.get("combat_only") or e.combat)
            if p.get("combat_only") and not e.combat:
                return False
            return _matches_to(game, p.get("to"), e.target, c) and \
                _matches_to(game, p.get("from"), e.source, c)
        if k == "damage_floor":
            return e.target == p.get("player") and not isinstance(e.target, int)
        if k == "damage_floor_static":
            if e.target != c.controller:
                return False
            need = p.get("if_control")
            if need:
                return any(game.controller_of(o) == c.controller and
                           need in game.chars(o).types for o in game.battlefield)
            return True
        if k == "damage_sacrifice":
            return e.target == c.source
        if k == "redirect":
            return e.target == p.get("from") and (p.get("source") in (None, e.source))
        return False
    if isinstance(e, Destroy):
        if k in ("regenerate", "regenerate_static"):
            target = p.get("oid", c.source) if k == "regenerate" else c.source
            if e.oid != target or e.no_regen:
                return False
            for pr in active_prohibitions(game, "cant_regenerate"):
                if pr.params.get("oid", pr.source_id) == e.oid:
                    return False
            return True
        return False
    if isinstance(e, Move):
        obj = game.objects.get(e.oid)
        if obj is None:
            return False
        from_zone = obj.zone
        if k == "dies_exile":
            return from_zone == "battlefield" and e.to_zone == "graveyard" and \
                game.chars(e.oid).is_creature and _dies_exile_match(game, p, e.oid, c)
        if k == "graveyard_exile":
            owner = obj.owner
            if e.to_zone != "graveyard" or obj.token:
                return False
            if p.get("whose") == "opponents":
                return owner != c.controller
            return True
        if k in ("to_library_top", "to_library"):
            return e.to_zone == "graveyard" and e.oid == c.source
        if k == "enters_as_copy":
            return e.to_zone == "battlefield" and e.oid == c.source and e.copy_of is None and \
                from_zone != "battlefield"
        if k == "enters_with_counters":
            return e.to_zone == "battlefield" and e.oid == c.source and from_zone != "battlefield"
        if k == "enters_tapped":
            return e.to_zone == "battlefield" and e.oid == c.source and not e.tapped
        if k == "choose_on_enter":
            return e.to_zone == "battlefield" and e.oid == c.source and \
                from_zone != "battlefield" and "player" not in e.chosen
        if k == "madness":
            return e.reason == "discard" and e.oid == c.source and from_zone == "hand"
        if k == "flashback_exile":
            return from_zone == "stack" and e.oid == c.source and e.to_zone != "exile" and \
                obj.cast is not None and obj.cast.alt_cost == "flashback"
        if k == "buyback":
            return from_zone == "stack" and e.oid == c.source and e.reason == "resolve" and \
                obj.cast is not None and "buyback" in obj.cast.additional
        if k == "exile_if_would_leave_stack":
            return from_zone == "stack" and e.oid in p.get("objects", ()) and \
                e.to_zone == "graveyard"
        if k == "containment":
            return e.to_zone == "battlefield" and from_zone != "stack" and not obj.token and \
                from_zone != "battlefield" and "creature" in game.chars(e.oid).types
        return False
    if isinstance(e, Draw):
        if k == "draw_empty_win":
            pl = game.players[e.player]
            return e.player == c.controller and pl.library_known and not pl.library
        return False
    return False


def _dies_exile_match(game: Game, p: dict[str, Any], oid: int, c: _Candidate) -> bool:
    if "objects" in p:
        return oid in p["objects"]
    if "damaged_by" in p:
        sources = game.record.damaged_by.get(oid, set())
        return bool(sources & set(p["damaged_by"]))
    if p.get("affects") == "self":
        return oid == c.source
    return True


def _replacement_apply(game: Game, c: _Candidate, e: Event) -> list[Event]:
    k, p = c.kind, c.params
    log = game.log
    if isinstance(e, Damage):
        if k in ("prevent", "fog", "protection", "prevent_source"):
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
            if k == "prevent" and p.get("amount") != "all" and not p.get("per_source"):
                rules = rules + (R.PREVENTION_SHIELD,)
            src = game.name_of(e.source) if e.source is not None else "a source"
            if p.get("then"):
                rules = rules + (R.PREVENTION_EXTRA,)
            if p.get("per_source") and R.ABSORB in rules:
                rules = rules + (R.ABSORB_EACH_SOURCE,)
            log.add("prevent", f"{prevented} damage that {src} would deal to "
                    f"{game.name_of(e.target)} is prevented ({c.text})",
                    rules + (R.PREVENTION,))
            left = amount - prevented
            after: list[Event] = []
            once = ("then_done", game.extra.get("batch"), c.key, e.target)
            if p.get("then") and once not in game.extra:
                # One simultaneous damage event: the extra effect happens once (615.5).
                game.extra[once] = True
                from judgebot.engine.effects import run_effects
                run_effects(game, p["then"], {"source": c.source, "you": c.controller,
                                              "prevented": prevented})
            if left <= 0:
                return after
            e.amount = left
            return [e] + after
        if k in ("damage_floor", "damage_floor_static"):
            life = game.players[e.target].life
            loss = e.life_loss if e.life_loss is not None else e.amount
            if life >= 1 and life - loss < 1:
                e.life_loss = life - 1
                log.add("replace", f"{c.text}: the damage to {e.target} reduces their life "
                        f"to 1 instead of {life - loss}", c.rules or (R.REPLACEMENT_INSTEAD,))
            return [e]
        if k == "damage_sacrifice":
            from judgebot.engine.effects import sacrifice_events
            log.add("replace", f"{c.text}: instead of {e.amount} damage, {c.controller} "
                    f"sacrifices {e.amount} permanent(s)", c.rules or (R.REPLACEMENT_INSTEAD,))
            return sacrifice_events(game, c.controller, Filter(), e.amount, c.source)
        if k == "redirect":
            to = p.get("to")
            if isinstance(to, int) and (to not in game.objects or
                                        not game.chars(to).is_creature):
                log.add("replace", f"{c.text}: the new recipient is gone, so the damage isn't "
                        "redirected", (R.REDIRECTION,))
                return [e]
            log.add("replace", f"{c.text}: the damage is dealt to {game.name_of(to)} instead",
                    (R.REDIRECTION,))
            e.redirected_from = e.target
            e.target = to
            return [e]
    if isinstance(e, Destroy):
        if c.effect is not None and c.effect in game.replacements:
            game.replacements.remove(c.effect)
        log.add("regenerate", f"{game.name_of(e.oid)} regenerates instead of being destroyed",
                (R.REGENERATION_REPLACEMENT, R.REGENERATE if k == "regenerate"
                 else R.REGENERATE_STATIC))
        return [Regenerated(cause=e.cause, source=e.source, oid=e.oid)]
    if isinstance(e, Move):
        if k in ("dies_exile", "graveyard_exile", "flashback_exile", "containment",
                 "exile_if_would_leave_stack"):
            log.add("replace", f"{game.name_of(e.oid)} would go to the {e.to_zone}; it is "
                    f"exiled instead ({c.text})", tuple(c.rules) + (R.REPLACEMENT_INSTEAD,))
            e.to_zone = "exile"
            return [e]
        if k in ("to_library_top", "to_library"):
            where = "on top of its owner's library" if k == "to_library_top" else \
                "into its owner's library (shuffled)"
            log.add("replace", f"{game.name_of(e.oid)} is put {where} instead ({c.text})",
                    c.rules or (R.REPLACEMENT_INSTEAD,))
            e.to_zone = "library"
            e.position = "top" if k == "to_library_top" else "shuffled"
            return [e]
        if k == "enters_as_copy":
            options = [o for o in game.battlefield if game.chars(o).is_creature]
            if not options:
                log.add("replace", f"{game.name_of(e.oid)} may enter as a copy of a creature, "
                        "but there is none: it enters as itself",
                        (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
                return [e]
            labels = [game.name_of(o) for o in options] + ["nothing (enter as itself)"]
            who = e.controller or game.objects[e.oid].owner
            index = game.chooser.choose(who, "copy", labels, keys=("copy",), note=c.text)
            if index == len(options):
                log.add("replace", f"{who} chooses no creature: {game.name_of(e.oid)} enters "
                        "as itself", (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
                return [e]
            target = game.objects[options[index]]
            if target.face_down:
                from judgebot.engine.state import CardDef as _CD
                e.copy_of = _CD("", (), None, frozenset(), frozenset(), frozenset({"creature"}),
                                frozenset(), 2, 2)
            else:
                e.copy_of = target.copy_of or target.card
            log.add("replace", f"{game.name_of(e.oid)} enters as a copy of "
                    f"{game.name_of(options[index])}",
                    (R.COPY_VALUES, R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT, R.LAYER_COPY))
            return [e]
        if k == "buyback":
            log.add("replace", f"{game.name_of(e.oid)} returns to its owner's hand instead of "
                    "the graveyard (buyback)", (R.BUYBACK,))
            e.to_zone = "hand"
            return [e]
        if k == "choose_on_enter":
            options = list(game.in_game()) if p.get("choose") == "player" else \
                [q for q in game.in_game() if q != c.controller] or list(game.in_game())
            who = game.objects[e.oid].owner if e.controller is None else e.controller
            index = game.chooser.choose(who, "chosen_player", options,
                                        keys=("chosen", "chosen_player", "choose_player"),
                                        note=c.text)
            e.chosen["player"] = options[index]
            log.add("choice", f"as {game.name_of(e.oid)} enters, {who} chooses "
                    f"{options[index]}", (R.ENTERS_REPLACEMENT,))
            return [e]
        if k == "enters_with_counters":
            for kind, n in p["counters"].items():
                num = _enter_amount(game, n, e.oid)
                if num <= 0:
                    continue
                e.counters[kind] = e.counters.get(kind, 0) + num
            if not e.counters:
                return [e]
            log.add("replace", f"{game.name_of(e.oid)} enters with "
                    + ", ".join(f"{n} {k} counter(s)" for k, n in e.counters.items()),
                    (c.rules or ()) + (R.REPLACEMENT_ENTERS_WITH, R.ENTERS_REPLACEMENT))
            return [e]
        if k == "enters_tapped":
            e.tapped = True
            log.add("replace", f"{game.name_of(e.oid)} enters tapped",
                    (R.REPLACEMENT_ENTERS,))
            return [e]
        if k == "madness":
            e.to_zone = "exile"
            e.madness = True
            log.add("replace", f"{game.name_of(e.oid)} is discarded into exile (madness)",
                    (R.MADNESS,))
            return [e]
    if isinstance(e, Draw) and k == "draw_empty_win":
        log.add("replace", f"{e.player} would draw from an empty library; they win the game "
                f"instead ({c.text})", tuple(c.rules) + (R.DRAW_REPLACEMENT, R.DRAW_EMPTY))
        return [WinGame(cause="effect", source=c.source, player=e.player,
                        rules=(R.WIN_EFFECT,))]
    return [e]


def _enter_amount(game: Game, n: Any, oid: int) -> int:
    if isinstance(n, int):
        return n
    if n == "other_spells_cast_this_turn":
        cast_ids = {sid for _, sid in game.record.spells_cast}
        obj = game.objects.get(oid)
        self_cast = obj is not None and obj.zone == "stack" and oid in cast_ids
        return len(game.record.spells_cast) - (1 if self_cast else 0)
    return _x_of(game, oid)


def _x_of(game: Game, oid: int) -> int:
    obj = game.objects.get(oid)
    return obj.cast.x if obj and obj.cast else 0


# --- 3. apply ----------------------------------------------------------------------------------
def _apply(game: Game, ev: Event) -> bool:
    from judgebot.engine import apply as applier
    ok = applier.apply(game, ev)
    if ok:
        ev.done = True
        game.changed()
    return ok


def static_replacement_abilities(game: Game, oid: int) -> list[ReplacementAbility]:
    return replacements(game.chars(oid).abilities)


__all__ = ["perform", "perform_one", "ReplacementEffect", "Prohibition", "Attach",
           "CounterSpell", "Counters", "CreateToken", "Tap", "TurnFaceUp", "Regenerated"]
