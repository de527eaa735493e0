"""What each trigger event of a triggered ability waits for ("when ~ enters",
"whenever a creature dies", "at the beginning of your upkeep" …), registered
once per trigger event with the game events it looks at, the rules it cites,
and whether its subject is the ability's own object by default.

:func:`matches` answers "which instances of this trigger does this event
produce": a list of what each instance knows (the object it is about, the
amount of damage, the player …), empty when the event doesn't trigger it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter, Trigger, TriggeredAbility
from judgebot.engine.conditions import Facts, check
from judgebot.engine.events import (
    Counters,
    CreateToken,
    Damage,
    Draw,
    Event,
    Happened,
    LifeGain,
    LifeLoss,
    Move,
    Tap,
    Transform,
    TurnFaceUp,
)
from judgebot.engine.filters import View
from judgebot.engine.filters import matches as filter_matches
from judgebot.engine.state import Chars, Game

Instance = dict[str, Any]


@dataclass
class Seen:
    """A trigger of one object looking at one event."""

    game: Game
    view: View  # the game as the trigger sees it (before the event, for leaving)
    trigger: Trigger
    src: int | None  # the object whose ability it is
    controller: str
    owner: str
    subject: Any  # "self", "enchanted", a Filter, or None (any)

    def subject_ok(self, oid: int | None, lki: Chars | None = None) -> bool:
        """Is ``oid`` (as it last existed, given ``lki``) the trigger's subject?"""
        return _subject_ok(self.game, self.view, self.subject, oid, self.src, self.controller,
                           lki)

    def who_ok(self, player: str | None) -> bool:
        return _who_ok(self.trigger.who, player, self.controller, self.owner, self.game,
                       self.src)


@dataclass(frozen=True)
class EventKind:
    """A trigger event: the rules a trigger of it cites, and whether its subject is
    the ability's own object unless the card says otherwise."""

    name: str
    rules: tuple[str, ...] = ()
    self_subject: bool = False


KINDS: dict[str, EventKind] = {}
Matcher = Callable[[Seen, Any], list[Instance]]
# (trigger event, game event type — or what a Happened event says happened) -> matcher
MATCHERS: dict[tuple[str, Any], Matcher] = {}


def kind(name: str, rules: tuple[str, ...] = (), self_subject: bool = False) -> None:
    KINDS[name] = EventKind(name, rules, self_subject)


def on(name: str, *events: type[Event] | str) -> Callable[[Matcher], Matcher]:
    """Register the decorated matcher for trigger event ``name`` and the game events it
    looks at (an event type, or the ``what`` of a Happened event)."""
    def register(matcher: Matcher) -> Matcher:
        if name not in KINDS:
            raise ValueError(f"the trigger event {name!r} is not declared")
        for event in events:
            MATCHERS[(name, event)] = matcher
        return matcher
    return register


def matches(game: Game, view: View, t: Trigger, ev: Event, src: int | None,
            chars: Chars | None, controller: str | None = None,
            refs: dict[str, Any] | None = None) -> list[Instance]:
    """The trigger instances ``ev`` produces for trigger ``t`` of object ``src`` (a
    delayed trigger has no object: its ``controller`` and ``refs`` are given). A trigger
    of two events ("enters|dies": "When ~ enters or dies") is either."""
    if "|" in t.event:
        out: list[Instance] = []
        for one in t.event.split("|"):
            out += matches(game, view, replace(t, event=one), ev, src, chars, controller, refs)
        return out
    matcher = MATCHERS.get((t.event, ev.what if isinstance(ev, Happened) else type(ev)))
    if matcher is None:
        return []
    if refs is not None and game.turn <= refs.get("_after_turn", -1):
        return []  # "… of that turn" (the next one): not in the turn it was created
    ctrl = chars.controller if chars else (controller or "")
    obj = game.objects.get(src) if src is not None else None
    owner = obj.owner if obj else ctrl
    if chars is not None and obj is not None and obj.zone not in ("battlefield", "stack"):
        ctrl = obj.owner
    subject = t.subject
    if refs is not None and subject == "ref":  # a delayed trigger about the object it names
        subject = "self"
        src = refs.get("it")
    found = matcher(Seen(game, view, t, src, ctrl, owner, subject), ev)
    if t.when is not None and found:
        found = [i for i in found if check(t.when, Facts(view, ctrl, src, dict(i)))]
    return found


def trigger_rules(ab: TriggeredAbility) -> tuple[str, ...]:
    """The rules a triggered ability cites as it triggers."""
    base: tuple[str, ...] = (R.TRIGGER,)
    for event in ab.trigger.event.split("|"):  # "enters or transforms into ~": each event's
        found = KINDS.get(event)
        base += tuple(r for r in (found.rules if found else ()) if r not in base)
    if ab.condition is not None:
        base += (R.TRIGGER_IF,)
    return tuple(ab.rules) + base


# --- the trigger events ----------------------------------------------------------------------
LEAVES = (R.TRIGGER_LEAVES, R.TRIGGER_LOOK_BACK)
kind("enters", (R.TRIGGER_ETB,), self_subject=True)
kind("dies", LEAVES + (R.DIES,), self_subject=True)
kind("leaves", LEAVES, self_subject=True)
kind("to_graveyard_from_battlefield", LEAVES)
kind("returned_to_hand")
kind("discards")
kind("attacks", (R.ATTACK_TRIGGERS,), self_subject=True)
kind("attacks_alone", (R.ATTACK_TRIGGERS,))
kind("blocks", (R.BLOCK_TRIGGERS,), self_subject=True)
kind("becomes_blocked", (R.BLOCK_TRIGGERS,), self_subject=True)
kind("becomes_blocked_by", (R.BLOCK_TRIGGERS,), self_subject=True)
kind("blocks_or_blocked_by", (R.BLOCK_TRIGGERS,), self_subject=True)
kind("deals_damage", self_subject=True)
kind("batch_combat_damage", (R.COMBAT_DAMAGE_DEALT, R.TRIGGER_ONCE))
kind("dealt_damage", self_subject=True)
kind("gain_life")
kind("cast", (R.CAST_DONE,))
kind("cast_self", (R.CAST_DONE,), self_subject=True)
kind("copied", (R.COPY_SPELL,))
kind("becomes_target", self_subject=True)
kind("last_counter_removed", self_subject=True)
kind("counter_removed", self_subject=True)
kind("turned_face_up", self_subject=True)
kind("transforms", (R.TRANSFORM_INTO,), self_subject=True)
kind("madness_exiled")
kind("miracle_revealed")
kind("counters_spell")
kind("state", (R.TRIGGER_STATE,))  # a state trigger (603.8): checked by the turn, not by events
kind("put_into_graveyard", LEAVES, self_subject=True)
kind("attacks_unblocked", (R.ATTACK_TRIGGERS,), self_subject=True)
kind("attacks_or_blocks", (R.ATTACK_TRIGGERS, R.BLOCK_TRIGGERS), self_subject=True)
kind("blocks_or_becomes_blocked", (R.BLOCK_TRIGGERS,), self_subject=True)
kind("enters_or_attacks", (R.TRIGGER_ETB, R.ATTACK_TRIGGERS), self_subject=True)
kind("becomes_tapped", self_subject=True)
kind("becomes_untapped", self_subject=True)
kind("lose_life")
kind("you_attack", (R.ATTACK_TRIGGERS,))
kind("draws")
kind("sacrifices")
kind("cycles")
# "At the beginning of …": the step each waits for.
STEP_OF = {"upkeep": "upkeep", "end_step": "end", "precombat_main": "precombat_main",
           "end_of_combat": "end_of_combat", "draw_step": "draw",
           "beginning_of_combat": "beginning_of_combat"}
for _step in STEP_OF:
    kind(_step, (R.TRIGGER_STEP,) + ((R.UPKEEP_TRIGGERS,) if _step == "upkeep" else ()))


# --- zone changes ------------------------------------------------------------------------------
@on("enters", Move)
def _enters(s: Seen, ev: Move) -> list[Instance]:
    if ev.to_zone != "battlefield":
        return []
    new = ev.new_id
    if (s.subject == "self" and new == s.src) or (s.subject != "self" and s.subject_ok(new)):
        return [{"it": new}]
    return []


@on("enters", CreateToken)
def _token_enters(s: Seen, ev: CreateToken) -> list[Instance]:
    return [{"it": new} for new in ev.new_ids
            if (s.subject == "self" and new == s.src) or
            (s.subject != "self" and s.subject_ok(new))]


@on("dies", Move)
def _dies(s: Seen, ev: Move) -> list[Instance]:
    lki = ev.lki
    if not (ev.from_zone == "battlefield" and ev.to_zone == "graveyard" and lki is not None
            and lki.is_creature):
        return []
    if (s.subject == "self" and ev.oid == s.src) or \
            (s.subject != "self" and s.subject_ok(ev.oid, lki)):
        return [{"it": ev.new_id, "lki": lki, "old": ev.oid}]
    return []


@on("leaves", Move)
def _leaves(s: Seen, ev: Move) -> list[Instance]:
    if ev.from_zone != "battlefield":
        return []
    if (s.subject == "self" and ev.oid == s.src) or \
            (s.subject != "self" and s.subject_ok(ev.oid, ev.lki)):
        return [{"it": ev.new_id, "lki": ev.lki, "old": ev.oid}]
    return []


@on("put_into_graveyard", Move)
def _put_into_graveyard(s: Seen, ev: Move) -> list[Instance]:
    """"When ~ is put into a graveyard from the battlefield" (any permanent, 603.6c)."""
    if not (ev.from_zone == "battlefield" and ev.to_zone == "graveyard"):
        return []
    if (s.subject == "self" and ev.oid == s.src) or \
            (s.subject != "self" and s.subject_ok(ev.oid, ev.lki)):
        return [{"it": ev.new_id, "lki": ev.lki, "old": ev.oid}]
    return []


@on("enters_or_attacks", Move)
def _enters_or_attacks_move(s: Seen, ev: Move) -> list[Instance]:
    return _enters(s, ev)


@on("enters_or_attacks", "attacks")
def _enters_or_attacks(s: Seen, ev: Happened) -> list[Instance]:
    return _attacks(s, ev)


@on("becomes_tapped", Tap)
def _becomes_tapped(s: Seen, ev: Tap) -> list[Instance]:
    if ev.untap or not s.subject_ok(ev.oid):
        return []
    return [{"it": ev.oid}]


@on("becomes_untapped", Tap)
def _becomes_untapped(s: Seen, ev: Tap) -> list[Instance]:
    if not ev.untap or not s.subject_ok(ev.oid):
        return []
    return [{"it": ev.oid}]


@on("lose_life", LifeLoss)
def _lose_life(s: Seen, ev: LifeLoss) -> list[Instance]:
    if _who_ok(s.trigger.who, ev.player, s.controller):
        return [{"amount": ev.amount, "player": ev.player}]
    return []


@on("lose_life", Damage)
def _lose_life_damage(s: Seen, ev: Damage) -> list[Instance]:
    if isinstance(ev.target, str) and ev.dealt and _who_ok(s.trigger.who, ev.target,
                                                          s.controller):
        return [{"amount": ev.dealt, "player": ev.target}]
    return []


@on("draws", Draw)
def _draws(s: Seen, ev: Draw) -> list[Instance]:
    if _who_ok(s.trigger.who, ev.player, s.controller):
        return [{"player": ev.player, "it": ev.drawn}]
    return []


@on("sacrifices", Move)
def _sacrifices(s: Seen, ev: Move) -> list[Instance]:
    if ev.reason != "sacrifice" or ev.from_zone != "battlefield" or ev.lki is None:
        return []
    other = s.trigger.other
    if not _who_ok(s.trigger.who, ev.lki.controller, s.controller):
        return []
    if other is not None and not _matches_lki(s.game, other, ev.lki, s.controller, ev.oid,
                                              s.src):
        return []
    return [{"it": ev.new_id, "lki": ev.lki, "old": ev.oid, "player": ev.lki.controller}]


@on("you_attack", "attackers")
def _you_attack(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if _who_ok(s.trigger.who, d["player"], s.controller):
        return [{"player": d["player"], "attackers": d["attackers"],
                 "defending_player": d.get("defending")}]
    return []


@on("cycles", "cycled")
def _cycles(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if not _who_ok(s.trigger.who, d["player"], s.controller):
        return []
    if s.subject == "self":
        return [{"it": d["card"]}] if d.get("old") == s.src or d["card"] == s.src else []
    return [{"it": d["card"], "player": d["player"]}]


@on("attacks_unblocked", "unblocked")
def _attacks_unblocked(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    return [{"it": d["attacker"]}] if s.subject_ok(d["attacker"]) else []


@on("attacks_or_blocks", "attacks")
def _attacks_or_blocks_a(s: Seen, ev: Happened) -> list[Instance]:
    return _attacks(s, ev)


@on("attacks_or_blocks", "blocks")
def _attacks_or_blocks_b(s: Seen, ev: Happened) -> list[Instance]:
    return _blocks(s, ev)


@on("blocks_or_becomes_blocked", "blocks")
def _blocks_or_blocked_b(s: Seen, ev: Happened) -> list[Instance]:
    return _blocks(s, ev)


@on("blocks_or_becomes_blocked", "becomes_blocked")
def _blocks_or_blocked_a(s: Seen, ev: Happened) -> list[Instance]:
    return [{"it": s.src}] if ev.data["attacker"] == s.src else []


@on("to_graveyard_from_battlefield", Move)
def _to_graveyard(s: Seen, ev: Move) -> list[Instance]:
    if ev.from_zone == "battlefield" and ev.to_zone == "graveyard" and ev.lki is not None and \
            ev.owner == s.owner and ev.oid != s.src and s.subject_ok(ev.oid, ev.lki):
        return [{"it": ev.new_id, "lki": ev.lki, "old": ev.oid}]
    return []


@on("returned_to_hand", Move)
def _returned_to_hand(s: Seen, ev: Move) -> list[Instance]:
    if ev.from_zone == "battlefield" and ev.to_zone == "hand" and ev.owner == s.controller \
            and s.subject_ok(ev.oid, ev.lki):
        return [{"it": ev.new_id}]
    return []


@on("discards", Move)
def _discards(s: Seen, ev: Move) -> list[Instance]:
    if ev.reason == "discard" and _who_ok(s.trigger.who, ev.owner, s.controller):
        return [{"it": ev.new_id, "player": ev.owner}]
    return []


# --- damage and life ---------------------------------------------------------------------------
@on("deals_damage", Damage)
def _deals_damage(s: Seen, ev: Damage) -> list[Instance]:
    t = s.trigger
    if t.combat is not None and t.combat != ev.combat:
        return []
    lki = ev.source_lki if ev.source not in s.game.objects else None
    if not (s.subject_ok(ev.source, lki) and
            _recipient_ok(s.game, t.to, ev.target, s.controller, s.src)):
        return []
    info: Instance = {"amount": ev.dealt, "it": ev.source}
    if isinstance(ev.target, str):
        info["damaged_player"] = ev.target
    else:
        info["damaged"] = ev.target
    return [info]


@on("batch_combat_damage", "combat_damage_to_player")
def _batch_combat_damage(s: Seen, ev: Happened) -> list[Instance]:
    """One or more of the subject's objects dealt combat damage to one player in one
    combat damage step: once per player, however many of them (603.2c, 510.2)."""
    d = ev.data
    sources = [o for o in d["sources"] if s.subject_ok(o)]
    return [{"damaged_player": d["player"], "sources": sources}] if sources else []


@on("dealt_damage", Damage)
def _dealt_damage(s: Seen, ev: Damage) -> list[Instance]:
    if s.subject_ok(ev.target if isinstance(ev.target, int) else None):
        return [{"amount": ev.dealt, "it": ev.target, "source": ev.source}]
    return []


@on("gain_life", LifeGain)
def _gain_life(s: Seen, ev: LifeGain) -> list[Instance]:
    if _who_ok(s.trigger.who, ev.player, s.controller):
        return [{"amount": ev.amount, "player": ev.player}]
    return []


# --- counters and faces ------------------------------------------------------------------------
@on("last_counter_removed", Counters)
def _last_counter_removed(s: Seen, ev: Counters) -> list[Instance]:
    if ev.removed_last and ev.kind == s.trigger.counter and ev.target == s.src:
        return [{}]
    return []


@on("counter_removed", Counters)
def _counter_removed(s: Seen, ev: Counters) -> list[Instance]:
    if ev.n < 0 and ev.kind == s.trigger.counter and ev.target == s.src:
        return [{} for _ in range(-ev.n)]
    return []


@on("transforms", Transform)
def _transforms(s: Seen, ev: Transform) -> list[Instance]:
    """It transformed and has the trigger's face up after (701.27e): the ability is that
    face's, seen after the event."""
    return [{}] if ev.oid == s.src and not ev.flip else []


@on("turned_face_up", TurnFaceUp)
def _turned_face_up(s: Seen, ev: TurnFaceUp) -> list[Instance]:
    return [{}] if ev.oid == s.src else []


# --- steps, combat, spells (Happened events) ---------------------------------------------------
def _at_the_beginning(name: str) -> Matcher:
    def match(s: Seen, ev: Happened) -> list[Instance]:
        d = ev.data
        if d["step"] == STEP_OF[name] and s.who_ok(d["active"]):
            return [{"player": d["active"]}]
        return []
    return match


for _step in STEP_OF:
    on(_step, "step")(_at_the_beginning(_step))


@on("attacks", "attacks")
def _attacks(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if s.subject_ok(d["attacker"]):
        defender = d.get("defender")
        defending = defender if isinstance(defender, str) else \
            s.game.controller_of(defender) if defender is not None else None
        return [{"it": d["attacker"], "defender": defender, "defending_player": defending}]
    return []


@on("attacks_alone", "attacks_alone")
def _attacks_alone(s: Seen, ev: Happened) -> list[Instance]:
    return [{"it": ev.data["attacker"]}] if s.subject_ok(ev.data["attacker"]) else []


@on("blocks", "blocks")
def _blocks(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    return [{"it": d["blocker"], "attacker": d["attacker"]}] if s.subject_ok(d["blocker"]) \
        else []


def _other_ok(s: Seen, oid: int) -> bool:
    other = s.trigger.other
    return other is None or filter_matches(other, s.view, oid, s.controller, s.src)


@on("becomes_blocked_by", "blocked_by")
def _becomes_blocked_by(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    # "Whenever ~ becomes blocked by …", "Whenever equipped creature / your Ring-bearer …"
    attacker_ok = d["attacker"] == s.src if s.subject in (None, "self") else \
        s.subject_ok(d["attacker"])
    if attacker_ok and _other_ok(s, d["blocker"]):
        return [{"blocker": d["blocker"], "it": d["blocker"]}]
    return []


@on("blocks_or_blocked_by", "blocked_by")
def _blocks_or_blocked_by(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if d["attacker"] == s.src and _other_ok(s, d["blocker"]):
        return [{"it": d["blocker"]}]
    if d["blocker"] == s.src and _other_ok(s, d["attacker"]):
        return [{"it": d["attacker"]}]
    return []


@on("becomes_blocked", "becomes_blocked")
def _becomes_blocked(s: Seen, ev: Happened) -> list[Instance]:
    return [{"it": s.src}] if ev.data["attacker"] == s.src else []


@on("cast", "cast")
def _cast(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if _who_ok(s.trigger.who, d["player"], s.controller) and \
            _spell_ok(s.game, s.view, s.trigger.other, d["spell"], s.controller, s.src):
        return [{"spell": d["spell"], "player": d["player"]}]
    return []


@on("copied", "copied")
def _copied(s: Seen, ev: Happened) -> list[Instance]:
    """A player put a copy of a spell on the stack (707.10): "Whenever you cast or copy …"."""
    return _cast(s, ev)


@on("cast_self", "cast")
def _cast_self(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    return [{"spell": s.src, "storm_count": d.get("before", 0)}] if d["spell"] == s.src \
        else []


@on("becomes_target", "targeted")
def _becomes_target(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    if not s.subject_ok(d["target"]) or not (s.trigger.other is None or d.get("by_spell")):
        return []
    item = s.game.stack_item(d["by"])
    by_player = None
    if item is not None:
        by_player = item.controller if item.is_stack_ability else s.game.controller_of(item.id)
    if s.trigger.who == "opponent" and (by_player is None or by_player == s.controller):
        return []
    return [{"by": d["by"], "targeting_player": by_player, "it": d["target"]}]


@on("madness_exiled", "madness_exiled")
def _madness_exiled(s: Seen, ev: Happened) -> list[Instance]:
    return [{}] if ev.data["oid"] == s.src else []


@on("miracle_revealed", "miracle_revealed")
def _miracle_revealed(s: Seen, ev: Happened) -> list[Instance]:
    return [{}] if ev.data["oid"] == s.src else []


@on("counters_spell", "countered")
def _counters_spell(s: Seen, ev: Happened) -> list[Instance]:
    d = ev.data
    return [{"spell": d["spell"]}] if _who_ok(s.trigger.who, d["controller"], s.controller) \
        else []


# --- subjects, players, recipients -----------------------------------------------------------
def _subject_ok(game: Game, view: View, subject: Any, oid: int | None, src: int | None,
                controller: str, chars_of: Chars | None = None) -> bool:
    if subject is None:
        return True
    if subject == "self":
        return oid is not None and oid == src
    if subject in ("enchanted", "equipped"):
        obj = game.objects.get(src) if src is not None else None
        return obj is not None and oid is not None and obj.attached_to == oid
    if subject == "encoded":  # cipher: the creature the exiled card is encoded on (702.99c)
        obj = game.objects.get(src) if src is not None else None
        return obj is not None and obj.zone == "exile" and oid is not None and \
            obj.chosen.get("encoded_on") == oid and oid in game.objects and \
            game.objects[oid].zone == "battlefield"
    if subject == "ring_bearer":  # the Ring's "your Ring-bearer" (701.54e)
        return oid is not None and oid == game.extra.get("ring_bearer", {}).get(controller) \
            and oid in game.objects and game.objects[oid].zone == "battlefield" and \
            game.controller_of(oid) == controller
    if isinstance(subject, Filter):
        if oid is None:
            return False
        if chars_of is not None:
            return _matches_lki(game, subject, chars_of, controller, oid, src)
        return filter_matches(subject, view, oid, controller, src)
    return False


def _matches_lki(game: Game, f: Filter, c: Chars, perspective: str, oid: int,
                 src: int | None) -> bool:
    def lookup(i: int) -> Chars:
        return c if i == oid else game.chars(i)
    view = View(game, lookup)
    if oid in game.objects:
        return filter_matches(f, view, oid, perspective, src)
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


def _who_ok(who: str | None, player: str | None, controller: str, owner: str = "",
            game: Game | None = None, src: int | None = None) -> bool:
    if who in (None, "any", "each"):
        return True
    if who == "enchanted_controller":
        obj = game.objects.get(src) if game is not None and src is not None else None
        host = obj.attached_to if obj is not None else None
        return isinstance(host, int) and game is not None and host in game.objects and \
            game.controller_of(host) == player
    if who == "you":
        return player == controller
    if who == "owner":
        return player == owner
    if who == "opponent":
        return player is not None and player != controller
    return player == who


def _spell_ok(game: Game, view: View, other: Any, spell: int, controller: str,
              src: int | None) -> bool:
    if other is None:
        return True
    if isinstance(other, tuple):  # a condition on the spell ("mv_equals_counters")
        return check(other, Facts(view, controller, src, {"spell": spell}))
    return filter_matches(other, view, spell, controller, src)


def _recipient_ok(game: Game, to: str | None, target: Any, controller: str,
                  src: int | None = None) -> bool:
    if to in (None, "any"):
        return True
    if to == "self":
        return target == src
    if to == "you":
        return target == controller
    if to == "player_or_pw":
        return isinstance(target, str) or (
            isinstance(target, int) and target in game.objects and
            "planeswalker" in game.chars(target).types)
    if to == "player":
        return isinstance(target, str)
    if to == "opponent":
        return isinstance(target, str) and target != controller
    if to == "creature":
        return isinstance(target, int) and (
            (target in game.objects and game.chars(target).is_creature) or
            (target in game.lki and game.lki[target].is_creature))
    return False
