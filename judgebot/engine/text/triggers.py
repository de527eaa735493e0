"""Trigger conditions: "When ~ enters", "Whenever another creature you control dies",
"Whenever a player casts an instant or sorcery spell", "At the beginning of each
opponent's upkeep" — a subject, then what happens to it or what it does, read into
the :class:`~judgebot.engine.abilities.Trigger` of a trigger event registered in
:mod:`judgebot.engine.trigger_events`.

Reading a trigger also sets what "it", "that creature" and "that player" mean in the
ability's effect (the object or player the event is about).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine.abilities import Filter, Trigger
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.conditions import read_condition
from judgebot.engine.text.selectors import noun
from judgebot.messages import msg

STEPS = {"upkeep": "upkeep", "draw step": "draw_step", "end step": "end_step",
         "combat": "beginning_of_combat", "combat on your turn": "beginning_of_combat",
         "precombat main phase": "precombat_main", "first main phase": "precombat_main",
         "end of combat": "end_of_combat", "end of combat on your turn": "end_of_combat",
         "postcombat main phase": "postcombat_main", "second main phase": "postcombat_main"}
WHOSE = {"your": "you", "each": "any", "each player's": "any", "each opponent's": "opponent",
         "the": "any", "each of your": "you", "the next": "next", "your next": "you_next",
         "target opponent's": None, "enchanted player's": None}
SELF = {"~", "this creature", "this permanent", "this artifact", "this enchantment",
        "this land", "this aura", "this equipment", "this vehicle", "this card",
        "this planeswalker"}


def unreadable(text: str) -> Unsupported:
    return Unsupported(msg("text.triggers.unread", text=text.strip()))


# "[subject] [event]": each event, how it is written, and the trigger it makes.
EVENTS = (
    (r"enters(?: the battlefield)?(?: under your control)?", "enters"),
    (r"enters or attacks", "enters_or_attacks"),
    (r"dies", "dies"),
    (r"is put into (?:a|your|an opponent's) graveyard from the battlefield", "put_into_graveyard"),
    (r"are put into (?:a|your) graveyard from the battlefield", "put_into_graveyard"),
    (r"leaves the battlefield", "leaves"),
    (r"attacks and isn't blocked", "attacks_unblocked"),
    (r"attacks alone", "attacks_alone"),
    (r"attacks or blocks", "attacks_or_blocks"),
    (r"attacks", "attacks"),
    (r"blocks or becomes blocked", "blocks_or_becomes_blocked"),
    (r"blocks or becomes blocked by a creature", "blocks_or_blocked_by"),
    (r"becomes blocked by a creature", "becomes_blocked_by"),
    (r"blocks a creature", "blocks"),
    (r"blocks", "blocks"),
    (r"becomes blocked by a creature without flanking", "becomes_blocked_by_flankless"),
    (r"becomes blocked", "becomes_blocked"),
    (r"deals combat damage to a player or planeswalker", "deals_damage:player_or_pw:combat"),
    (r"deals combat damage to a player", "deals_damage:player:combat"),
    (r"deals combat damage to an opponent", "deals_damage:opponent:combat"),
    (r"deals combat damage to a creature", "deals_damage:creature:combat"),
    (r"deals combat damage to ~", "deals_damage:self:combat"),
    (r"deals damage to ~", "deals_damage:self"),
    (r"deals combat damage to you", "deals_damage:you:combat"),
    (r"deals damage to you", "deals_damage:you"),
    (r"deals combat damage", "deals_damage:any:combat"),
    (r"deals damage to a player", "deals_damage:player"),
    (r"deals damage to an opponent", "deals_damage:opponent"),
    (r"deals damage to a creature", "deals_damage:creature"),
    (r"deals damage", "deals_damage:any"),
    (r"is dealt damage", "dealt_damage"),
    (r"becomes tapped", "becomes_tapped"),
    (r"becomes untapped", "becomes_untapped"),
    (r"becomes the target of a spell or ability an opponent controls", "targeted:opponent"),
    (r"becomes the target of a spell or ability", "targeted"),
    (r"becomes the target of a spell", "targeted:spell"),
    (r"is turned face up", "turned_face_up"),
    # "~ transforms into ~": this face came up (701.27e); the ability is on that face
    (r"enters or transforms into ~", "enters|transforms"),
    (r"transforms into ~ or dies", "transforms|dies"),
    (r"transforms into ~", "transforms"),
)
PLAYER_EVENTS = (
    (r"casts? (?:an? |your )?(.+?)(?: spell)?", "cast"),
    (r"gains? life", "gain_life"),
    (r"loses? life", "lose_life"),
    (r"draws? (?:your|their) second card each turn", "draws_second"),
    (r"draws? a card", "draws"),
    (r"discards? a card", "discards"),
    (r"discards? one or more cards", "discards"),
    (r"sacrifices? (?:a|an|another) (.+)", "sacrifices"),
    (r"cycles? (?:a card|another card|~)", "cycles"),
)


def read_trigger(r: Any, text: str) -> Trigger:
    """The trigger condition, without its comma ("Whenever ~ attacks"); a condition it
    can't read is refused as a whole."""
    t = text.strip().rstrip(",")
    try:
        return _read_trigger(r, t)
    except Unsupported:
        raise unreadable(t) from None


STEP_RE = re.compile(r"at the beginning of (?:(your|each|each player's|each opponent's|the|"
                     r"the next|your next|each of your) )?(upkeep|draw step|end step|"
                     r"precombat main phase|first main phase|second main phase|"
                     r"postcombat main phase|end of combat|combat)(?: on your turn)?"
                     r"(?: of each turn)?")


def _read_trigger(r: Any, t: str) -> Trigger:
    low = t.lower()
    r.trigger_zone = "battlefield"
    if m := STEP_RE.fullmatch(low):
        whose = WHOSE[m.group(1)] if m.group(1) else "any"
        step = STEPS[m.group(2)]
        if low.endswith("on your turn"):
            whose = "you"
        if m.group(1) is None and not low.endswith("on your turn"):
            if step not in ("beginning_of_combat", "end_of_combat"):
                raise unreadable(t)
        if whose in ("next", "you_next"):
            raise unreadable(t)  # delayed: read by the effect that makes it
        r.that_player = "player"
        return Trigger(step, None, who=whose, text=t)
    if m := re.fullmatch(r"at the beginning of the upkeep of enchanted (?:creature|permanent)'s "
                         r"controller", low):
        r.that_player = "player"
        return Trigger("upkeep", None, who="enchanted_controller", text=t)
    if m := re.fullmatch(r"when you control no (.+)", low):
        # a state trigger (603.8): it triggers while the state holds, once until it resolves
        return Trigger("state", None, other=read_condition(r, t[5:]), text=t)
    if low in ("when you cast ~", "when you cast this spell"):
        r.trigger_zone = "stack"
        r.it = "self"
        return Trigger("cast_self", "self", text=t)
    if m := re.fullmatch(r"whenever you cast (?:a|an) (.*?)spell that targets ~", low):
        r.it = "spell"
        r.that_player = None
        other = noun(t[m.start(1):m.end(1)] + "spell").filter if m.group(1) else None
        return Trigger("cast", None, who="you", other=other, when=("spell_targets_source",),
                       text=t)
    if m := re.fullmatch(r"whenever (you|an opponent|a player) casts? (?:your|their|his or her) "
                         r"(first|second) (.*?)spell each turn", low):
        who = {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)]
        other = noun(t[m.start(3):m.end(3)] + "spell").filter if m.group(3) else None
        r.it = "spell"
        r.that_player = "player"
        n = 1 if m.group(2) == "first" else 2
        return Trigger("cast", None, who=who, other=other, when=("nth_spell", n), text=t)
    if low in ("whenever you attack", "whenever you attack with one or more creatures"):
        r.that_player = "defending_player"
        return Trigger("you_attack", None, who="you", text=t)
    if m := re.fullmatch(r"whenever you attack with (\w+) or more creatures", low):
        from judgebot.engine.text.amounts import plain_number
        n = plain_number(m.group(1))
        if n is None:
            raise unreadable(t)
        r.that_player = "defending_player"
        return Trigger("you_attack", None, who="you", when=("attackers_ge", n), text=t)
    if low in ("when you cycle ~", "when you cycle this card"):
        r.trigger_zone = "graveyard"
        r.it = "self_card"
        return Trigger("cycles", "self", who="you", text=t)
    if low in ("whenever you cycle or discard a card", "whenever you cycle or discard another "
               "card"):
        return Trigger("discards", None, who="you", text=t)
    if low in ("whenever you cycle a card", "whenever you cycle another card"):
        return Trigger("cycles", None, who="you", text=t)
    if m := re.fullmatch(r"whenever a (.+?) dealt damage by ~ this turn dies", low):
        f = noun(t[m.start(1):m.end(1)]).filter
        r.it = "it"
        return Trigger("dies", f, when=("damaged_by_source",), text=t)
    if low in ("whenever ~ attacks the player with the most life or tied for most life",
               "whenever this creature attacks the player with the most life or tied for most "
               "life"):
        r.it, r.that_player = "self", "defending_player"
        return Trigger("attacks", "self", when=("attacks_most_life",), text=t)
    if m := re.fullmatch(r"whenever (?:~|this creature) and at least two other creatures attack",
                         low):  # battalion (the number of other attackers, checked as it attacks)
        r.it, r.that_player = "self", "defending_player"
        return Trigger("attacks", "self", when=("attacks_with_others", 2), text=t)
    if m := re.fullmatch(r"whenever (?:~|this creature) and at least one other (.+?) attack",
                         low):
        r.it, r.that_player = "self", "defending_player"
        other = noun(t[m.start(1):m.end(1)]).filter
        return Trigger("attacks", "self", when=("attacks_with_another", other), text=t)
    if m := re.fullmatch(r"whenever (you|an opponent|a player) (?:casts? or cop(?:y|ies)) "
                         r"(?:an? )?(.+?) spell", low):
        who = {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)]
        r.it = "spell"
        r.that_player = "player"
        other = noun(t[m.start(2):m.end(2)] + " spell").filter
        return Trigger("cast|copied", None, who=who, other=other, text=t)
    if m := re.fullmatch(r"whenever one or more (.+?) deal combat damage to a player", low):
        subject, _ = _subject(r, "one or more " + t[m.start(1):m.end(1)])
        r.it = None  # "them" is not read: the batch has no single object
        r.that_player = "damaged_player"
        return Trigger("batch_combat_damage", subject, text=t)
    if m := re.fullmatch(r"whenever (a|an|another) (.+?) attacks you( or a planeswalker you "
                         r"control)?", low):
        subject, _ = _subject(r, t[m.start(1):m.end(2)])
        r.it, r.that_player = "it", "defending_player"
        return Trigger("attacks", subject, when=("attacks_you", bool(m.group(3))), text=t)
    m = re.fullmatch(r"(when|whenever) (.+)", low)
    if not m:
        raise unreadable(t)
    body = t[m.start(2):]
    if mm := re.fullmatch(r"(.+?) (enters|dies|attacks|blocks|leaves the battlefield) or "
                          r"(enters|dies|attacks|blocks|leaves the battlefield|is put into a "
                          r"graveyard from the battlefield)", body, re.I):
        names = {"enters": "enters", "dies": "dies", "attacks": "attacks", "blocks": "blocks",
                 "leaves the battlefield": "leaves",
                 "is put into a graveyard from the battlefield": "put_into_graveyard"}
        a, b = names[mm.group(2).lower()], names[mm.group(3).lower()]
        trig = _object_trigger(r, mm.group(1), a, t)
        if b in ("dies", "leaves", "put_into_graveyard") and trig.subject == "self":
            r.it = "self_card"
        return replace(trig, event=a + "|" + b)
    # "~ enters or dies", "~ attacks or blocks": handled by the events table.
    for pattern, event in EVENTS:
        mm = re.fullmatch(r"(.+?) " + pattern, body, re.I)
        if mm:
            return _object_trigger(r, mm.group(1), event, t)
    for pattern, event in PLAYER_EVENTS:
        mm = re.fullmatch(r"(you|an opponent|a player|each player|target opponent|enchanted "
                          r"player) " + pattern, body, re.I)
        if mm:
            return _player_trigger(r, mm, event, t)
    raise unreadable(t)


def _subject(r: Any, text: str) -> tuple[Any, bool]:
    """The object a trigger is about: "self", "enchanted", or a filter; and whether it is
    the ability's own object (so "it" means ~)."""
    low = text.strip().lower()
    if low in SELF:
        return "self", True
    if low in ("enchanted creature", "enchanted permanent", "enchanted land"):
        return "enchanted", False
    if low in ("equipped creature",):
        return "equipped", False
    m = re.fullmatch(r"(?:~|this \w+) or (another|an?) (.+)", low)
    if m:
        f = noun(text.strip()[len(text.strip()) - len(m.group(2)):]).filter
        return f, False
    m = re.fullmatch(r"(another|an?|one or more|each|one or more other) (.+)", low)
    if m:
        f = noun(text.strip()[len(text.strip()) - len(m.group(2)):]).filter
        if m.group(1) in ("another", "one or more other"):
            f = replace(f, other=True)
        if f.zone not in ("battlefield",):
            raise unreadable(text)
        return f, False
    raise unreadable(text)


def _object_trigger(r: Any, subj: str, event: str, text: str) -> Trigger:
    subject, is_self = _subject(r, subj)
    r.it = "self" if is_self else "it"
    if subject in ("enchanted", "equipped"):
        r.it = "it"
    r.that_player = None
    parts = event.split(":")
    name = parts[0]
    if name == "deals_damage":
        to = parts[1]
        combat = len(parts) > 2
        r.that_player = "damaged_player" if to in ("player", "opponent", "player_or_pw") else None
        if to in ("self", "you"):
            r.it = "it"
        if to == "creature":
            r.it = "damaged"
        return Trigger("deals_damage", subject, to=to, combat=combat or None, text=text)
    if name == "targeted":
        opp = len(parts) > 1 and parts[1] == "opponent"
        spell_only = len(parts) > 1 and parts[1] == "spell"
        r.it = "by"
        r.that_player = "targeting_player"
        return Trigger("becomes_target", subject, who="opponent" if opp else None,
                       other=True if spell_only else None, text=text)
    if name == "becomes_blocked_by_flankless":
        r.it = "blocker"
        return Trigger("becomes_blocked_by", subject,
                       other=Filter(lacks=frozenset({"flanking"})), text=text)
    if name in ("attacks", "attacks_unblocked", "attacks_or_blocks", "enters_or_attacks"):
        r.that_player = "defending_player"
    if name in ("blocks_or_blocked_by", "becomes_blocked_by"):
        r.it = "it"
    if name == "blocks" and event == "blocks" and "a creature" in text.lower():
        r.it = "attacker"
    if name == "dealt_damage":
        r.that_player = None
    if name in ("dies", "put_into_graveyard", "leaves") and subject == "self":
        r.it = "self_card"
    return Trigger(name, subject, text=text)


def _player_trigger(r: Any, m: re.Match, event: str, text: str) -> Trigger:
    who_text = m.group(1).lower()
    who = {"you": "you", "an opponent": "opponent", "a player": "any", "each player": "any",
           "enchanted player": "enchanted"}.get(who_text)
    if who is None or who == "enchanted":
        raise unreadable(text)
    r.that_player = "player"
    other: Any = None
    if event == "cast":
        what = m.group(2).strip()
        if mm := re.fullmatch(r"spell with mana value equal to the number of (\w+) counters on ~",
                              what, re.I):
            r.it = "spell"
            return Trigger("cast", None, who=who, other=("mv_equals_counters", mm.group(1)),
                           text=text)
        if what.lower() in ("spell", "a spell"):
            other = None
        else:
            what = re.sub(r"\s+spells?$", "", what, flags=re.I)
            other = noun(what + " spell").filter
        r.it = "spell"
        return Trigger("cast", None, who=who, other=other, text=text)
    if event == "sacrifices":
        other = noun(m.group(2)).filter
        r.it = "it"
        return Trigger("sacrifices", None, who=who, other=other, text=text)
    if event == "draws_second":  # "the second card each turn" (checked as it triggers)
        return Trigger("draws", None, who=who, when=("nth_draw", 2), text=text)
    if event == "cycles":
        if "~" in text:
            raise unreadable(text)
        return Trigger("cycles", None, who=who, text=text)
    return Trigger(event, None, who=who, text=text)


__all__ = ["read_trigger", "unreadable"]
