"""Noticing triggered abilities (603).

After the pipeline applies events, :func:`notice` checks every triggered
ability that functions where its object is: on the battlefield, in exile
(suspend), in a graveyard (Nether Traitor), on the stack (storm). Abilities
that trigger on leaving the battlefield look back in time (603.10a): they are
checked against the objects as they existed just before the event, including
the objects that left in that same event. Triggered abilities wait in
``game.pending`` until a player would receive priority (:mod:`turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter, Trigger, TriggeredAbility, ability_text, triggered
from judgebot.engine.conditions import Facts, check, holds
from judgebot.engine.events import (
    Counters,
    CreateToken,
    Damage,
    Event,
    Happened,
    LifeGain,
    Move,
    TurnFaceUp,
)
from judgebot.engine.filters import View, matches
from judgebot.engine.state import Chars, Game


@dataclass(eq=False)
class Pending:
    ability: TriggeredAbility
    source_id: int
    source_name: str
    controller: str
    info: dict[str, Any] = field(default_factory=dict)
    source_lki: Chars | None = None
    delayed: Any = None


@dataclass(eq=False)
class DelayedTrigger:
    """A delayed triggered ability created by a resolving spell or ability (603.7)."""

    trigger: Trigger
    ability: TriggeredAbility
    controller: str
    source_id: int | None
    source_name: str
    refs: dict[str, Any] = field(default_factory=dict)
    once: bool = True
    turn_created: int = 0
    text: str = ""


def _view_before(game: Game, before: dict[int, Chars] | None) -> View:
    if before is None:
        return View(game)

    def lookup(oid: int) -> Chars:
        if oid in before:
            return before[oid]
        return game.chars(oid)
    return View(game, lookup)


def notice(game: Game, events: list[Event], before: dict[int, Chars] | None) -> None:
    """Find the abilities that trigger on ``events`` and add them to game.pending."""
    new_ids = {e.new_id for e in events if isinstance(e, Move) and e.new_id}
    for e in events:
        if isinstance(e, CreateToken):
            new_ids.update(e.new_ids)
    for ev in events:
        look_back = isinstance(ev, Move) and ev.from_zone == "battlefield"
        if look_back and before is not None:
            sources = [(oid, before[oid]) for oid in before]
            # Abilities of cards in other zones (a graveyard, exile) that existed before.
            sources += [(oid, game.chars(oid)) for oid, o in game.objects.items()
                        if o.zone in ("graveyard", "exile") and oid not in new_ids]
            view = _view_before(game, before)
        else:
            sources = [(oid, game.chars(oid)) for oid, o in game.objects.items()
                       if o.zone in ("battlefield", "exile", "graveyard")]
            sources += [(item.id, game.chars(item.id)) for item in game.stack
                        if not item.is_stack_ability]
            view = View(game)
        for oid, chars in sources:
            zone = _zone_then(game, oid, ev, look_back)
            for ab in triggered(chars.abilities):
                if ab.zone != zone:
                    if look_back and zone == "battlefield" and ab.zone == "graveyard" and \
                            _matches(game, view, ab.trigger, ev, oid, chars, new_ids):
                        _log_not_yet_in_graveyard(game, chars, ab)
                    continue
                for info in _matches(game, view, ab.trigger, ev, oid, chars, new_ids):
                    if not _if_clause(game, ab, oid, chars, info):
                        if not isinstance(ev, Happened) or ev.what != "step":
                            # An event trigger whose intervening "if" is false: say so
                            # (beginning-of-step triggers would repeat every turn).
                            _log_if_false(game, chars, ab, look_back)
                        continue
                    game.pending.append(Pending(ab, oid, chars.name or "face-down creature",
                                                _trigger_controller(game, oid, chars, ab),
                                                info, chars.copy()))
        for d in list(game.delayed):
            for info in _matches(game, View(game), d.trigger, ev, d.source_id, None, new_ids,
                                 delayed=d):
                game.pending.append(Pending(d.ability, d.source_id or 0, d.source_name,
                                            d.controller, {**d.refs, **info}, None, d))
                if d.once and d in game.delayed:
                    game.delayed.remove(d)
                break


def _log_if_false(game: Game, chars: Chars, ab: TriggeredAbility, look_back: bool) -> None:
    name = chars.name or "a face-down creature"
    game.log.add("trigger", f"{name}'s ability ({ability_text(ab, name)}) doesn't trigger: "
                 "its condition isn't true when the event happens"
                 + (" (looking back in time)" if look_back else ""),
                 (R.TRIGGER_IF,) + ((R.TRIGGER_LOOK_BACK,) if look_back else ()))


def _log_not_yet_in_graveyard(game: Game, chars: Chars, ab: TriggeredAbility) -> None:
    name = chars.name or "a face-down creature"
    game.log.add("trigger", f"{name}'s ability ({ability_text(ab, name)}) works only from the "
                 f"graveyard; looking back in time, {name} was still on the battlefield when "
                 "the event happened, so it doesn't trigger", (R.TRIGGER_LOOK_BACK,))


def _zone_then(game: Game, oid: int, ev: Event, look_back: bool) -> str:
    obj = game.objects.get(oid)
    if obj is None:
        return "battlefield" if look_back else ""
    if look_back and isinstance(ev, Move) and ev.oid == oid:
        return ev.from_zone
    return obj.zone


def _trigger_controller(game: Game, oid: int, chars: Chars, ab: TriggeredAbility) -> str:
    obj = game.objects.get(oid)
    if obj is not None and obj.zone not in ("battlefield", "stack"):
        return obj.owner
    return chars.controller


def _subject_ok(game: Game, view: View, subject: Any, oid: int | None, src: int | None,
                controller: str, chars_of: Chars | None = None) -> bool:
    if subject is None:
        return True
    if subject == "self":
        return oid is not None and oid == src
    if subject in ("enchanted", "equipped"):
        obj = game.objects.get(src) if src is not None else None
        return obj is not None and oid is not None and obj.attached_to == oid
    if isinstance(subject, Filter):
        if oid is None:
            return False
        if chars_of is not None:
            return _matches_lki(game, subject, chars_of, controller, oid, src)
        return matches(subject, view, oid, controller, src)
    return False


def _matches_lki(game: Game, f: Filter, c: Chars, perspective: str, oid: int,
                 src: int | None) -> bool:
    def lookup(i: int) -> Chars:
        return c if i == oid else game.chars(i)
    view = View(game, lookup)
    if oid in game.objects:
        return matches(f, view, oid, perspective, src)
    # The object is gone: match on its last known characteristics only.
    if f.other and oid == src:
        return False
    if f.types and not f.types <= c.types:
        return False
    if f.subtypes and not f.subtypes & c.subtypes:
        return False
    if f.not_colors and f.not_colors & c.colors:
        return False
    if f.controller == "you" and c.controller != perspective:
        return False
    if f.controller == "opponent" and c.controller == perspective:
        return False
    obj = game.lki_objects.get(oid)
    if f.token is not None and obj is not None and obj.token != f.token:
        return False
    return True


def _who_ok(who: str | None, player: str | None, controller: str, owner: str = "") -> bool:
    if who in (None, "any", "each"):
        return True
    if who == "you":
        return player == controller
    if who == "owner":
        return player == owner
    if who == "opponent":
        return player is not None and player != controller
    return player == who


def _matches(game: Game, view: View, t: Trigger, ev: Event, src: int | None,
             chars: Chars | None, new_ids: set[int], delayed: DelayedTrigger | None = None
             ) -> list[dict[str, Any]]:
    """The trigger instances ``ev`` produces for trigger ``t`` of object ``src``."""
    controller = chars.controller if chars else (delayed.controller if delayed else "")
    obj = game.objects.get(src) if src is not None else None
    owner = obj.owner if obj else controller
    if chars is not None and obj is not None and obj.zone not in ("battlefield", "stack"):
        controller = obj.owner
    kind = t.event
    subject = t.subject
    if delayed is not None and subject == "ref":
        subject = "self"
        src = delayed.refs.get("it")
    out: list[dict[str, Any]] = []
    if isinstance(ev, Move):
        new, frm, to = ev.new_id, ev.from_zone, ev.to_zone
        lki = ev.lki
        if kind == "enters" and to == "battlefield":
            if subject == "self" and new == src:
                out.append({"it": new})
            elif subject != "self" and _subject_ok(game, view, subject, new, src, controller):
                out.append({"it": new})
        elif kind == "dies" and frm == "battlefield" and to == "graveyard" and lki is not None \
                and lki.is_creature:
            if subject == "self" and ev.oid == src:
                out.append({"it": new, "lki": lki, "old": ev.oid})
            elif subject != "self" and _subject_ok(game, view, subject, ev.oid, src, controller,
                                                   lki):
                out.append({"it": new, "lki": lki, "old": ev.oid})
        elif kind == "leaves" and frm == "battlefield":
            if (subject == "self" and ev.oid == src) or (
                    subject != "self" and _subject_ok(game, view, subject, ev.oid, src,
                                                      controller, lki)):
                out.append({"it": new, "lki": lki, "old": ev.oid})
        elif kind == "to_graveyard_from_battlefield" and frm == "battlefield" and \
                to == "graveyard" and lki is not None:
            if ev.owner == owner and ev.oid != src and _subject_ok(
                    game, view, subject, ev.oid, src, controller, lki):
                out.append({"it": new, "lki": lki, "old": ev.oid})
        elif kind == "returned_to_hand" and frm == "battlefield" and to == "hand":
            if ev.owner == controller and _subject_ok(game, view, subject, ev.oid, src,
                                                      controller, lki):
                out.append({"it": new})
        elif kind == "discards" and ev.reason == "discard":
            if _who_ok(t.who, ev.owner, controller):
                out.append({"it": new, "player": ev.owner})
    elif isinstance(ev, CreateToken):
        if kind == "enters":
            for new in ev.new_ids:
                if (subject == "self" and new == src) or (
                        subject != "self" and _subject_ok(game, view, subject, new, src,
                                                          controller)):
                    out.append({"it": new})
    elif isinstance(ev, Damage):
        if kind == "deals_damage" and (t.combat is None or t.combat == ev.combat):
            if _subject_ok(game, view, subject, ev.source, src, controller, ev.source_lki
                           if ev.source not in game.objects else None) and \
                    _recipient_ok(game, t.to, ev.target, controller):
                info = {"amount": ev.dealt, "it": ev.source}
                if isinstance(ev.target, str):
                    info["damaged_player"] = ev.target
                else:
                    info["damaged"] = ev.target
                out.append(info)
        elif kind == "dealt_damage" and _subject_ok(game, view, subject, ev.target
                                                    if isinstance(ev.target, int) else None,
                                                    src, controller):
            out.append({"amount": ev.dealt, "it": ev.target, "source": ev.source})
    elif isinstance(ev, LifeGain):
        if kind == "gain_life" and _who_ok(t.who, ev.player, controller):
            out.append({"amount": ev.amount, "player": ev.player})
    elif isinstance(ev, Counters):
        if kind == "last_counter_removed" and ev.removed_last and ev.kind == t.counter and \
                ev.target == src:
            out.append({})
        elif kind == "counter_removed" and ev.n < 0 and ev.kind == t.counter and ev.target == src:
            out.extend({} for _ in range(-ev.n))
    elif isinstance(ev, TurnFaceUp):
        if kind == "turned_face_up" and ev.oid == src:
            out.append({})
    elif isinstance(ev, Happened):
        d = ev.data
        w = ev.what
        if w == "step" and kind in ("upkeep", "end_step", "precombat_main", "end_of_combat",
                                    "draw_step", "beginning_of_combat") and \
                d["step"] == _STEP_OF[kind] and _who_ok(t.who, d["active"], controller, owner):
            out.append({"player": d["active"]})
        elif w == "attacks" and kind == "attacks":
            if _subject_ok(game, view, subject, d["attacker"], src, controller):
                out.append({"it": d["attacker"], "defender": d.get("defender")})
        elif w == "attacks_alone" and kind == "attacks_alone":
            if _subject_ok(game, view, subject, d["attacker"], src, controller):
                out.append({"it": d["attacker"]})
        elif w == "blocks" and kind == "blocks" and _subject_ok(game, view, subject,
                                                                 d["blocker"], src, controller):
            out.append({"it": d["blocker"], "attacker": d["attacker"]})
        elif w == "blocked_by" and kind == "becomes_blocked_by" and d["attacker"] == src:
            if t.other is None or matches(t.other, view, d["blocker"], controller, src):
                out.append({"blocker": d["blocker"], "it": d["blocker"]})
        elif w == "blocked_by" and kind == "blocks_or_blocked_by":
            if d["attacker"] == src and (t.other is None or matches(t.other, view, d["blocker"],
                                                                    controller, src)):
                out.append({"it": d["blocker"]})
            elif d["blocker"] == src and (t.other is None or matches(t.other, view,
                                                                     d["attacker"], controller,
                                                                     src)):
                out.append({"it": d["attacker"]})
        elif w == "becomes_blocked" and kind == "becomes_blocked" and d["attacker"] == src:
            out.append({"it": src})
        elif w == "cast" and kind == "cast":
            if _who_ok(t.who, d["player"], controller) and _spell_ok(game, view, t.other,
                                                                     d["spell"], controller,
                                                                     src):
                out.append({"spell": d["spell"], "player": d["player"]})
        elif w == "cast" and kind == "cast_self" and d["spell"] == src:
            out.append({"spell": src, "storm_count": d.get("before", 0)})
        elif w == "targeted" and kind == "becomes_target" and d["target"] == src:
            if t.other is None or d.get("by_spell"):
                out.append({"by": d["by"]})
        elif w == "madness_exiled" and kind == "madness_exiled" and d["oid"] == src:
            out.append({})
        elif w == "countered" and kind == "counters_spell":
            if _who_ok(t.who, d["controller"], controller):
                out.append({"spell": d["spell"]})
    return out


_STEP_OF = {"upkeep": "upkeep", "end_step": "end", "precombat_main": "precombat_main",
            "end_of_combat": "end_of_combat", "draw_step": "draw",
            "beginning_of_combat": "beginning_of_combat"}


def _spell_ok(game: Game, view: View, other: Any, spell: int, controller: str,
              src: int | None) -> bool:
    if other is None:
        return True
    if isinstance(other, tuple):  # a condition on the spell ("mv_equals_counters")
        return check(other, Facts(view, controller, src, {"spell": spell}))
    return matches(other, view, spell, controller, src)


def _recipient_ok(game: Game, to: str | None, target: Any, controller: str) -> bool:
    if to in (None, "any"):
        return True
    if to == "player":
        return isinstance(target, str)
    if to == "opponent":
        return isinstance(target, str) and target != controller
    if to == "creature":
        return isinstance(target, int) and (
            (target in game.objects and game.chars(target).is_creature) or
            (target in game.lki and game.lki[target].is_creature))
    return False


def _if_clause(game: Game, ab: TriggeredAbility, oid: int, chars: Chars,
               info: dict[str, Any]) -> bool:
    """The intervening "if" is checked as the ability triggers (603.4)."""
    if ab.condition is None:
        return True
    return holds(game, ab.condition, oid, chars.controller, info)


def trigger_rules(ab: TriggeredAbility) -> tuple[str, ...]:
    base = (R.TRIGGER,)
    if ab.trigger.event in ("dies", "leaves", "to_graveyard_from_battlefield"):
        base += (R.TRIGGER_LEAVES, R.TRIGGER_LOOK_BACK)
    if ab.trigger.event in ("attacks", "attacks_alone"):
        base += (R.ATTACK_TRIGGERS,)
    if ab.trigger.event in ("blocks", "becomes_blocked", "becomes_blocked_by",
                            "blocks_or_blocked_by"):
        base += (R.BLOCK_TRIGGERS,)
    if ab.trigger.event in ("cast", "cast_self"):
        base += (R.CAST_DONE,)
    if ab.trigger.event in ("upkeep", "end_step", "draw_step", "precombat_main",
                            "beginning_of_combat", "end_of_combat", "cleanup"):
        base += (R.TRIGGER_STEP,)
    if ab.trigger.event == "enters":
        base += (R.TRIGGER_ETB,)
    if ab.condition is not None:
        base += (R.TRIGGER_IF,)
    return tuple(ab.rules) + base
