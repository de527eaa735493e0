"""Replacement and prevention effects of static abilities (614, 615):

* entering: "~ enters tapped [unless you control a Swamp or a Mountain]", "~ enters with
  two +1/+1 counters on it", "As ~ enters, you may pay 2 life. If you don't, it enters
  tapped.", "Creatures your opponents control enter tapped";
* "instead": "If ~ would die, exile it instead", "If a card or token would be put into a
  graveyard from anywhere, exile it instead", "If a source would deal damage to a
  permanent or player, it deals double that damage … instead", "If one or more +1/+1
  counters would be put on a creature you control, that many plus one … instead",
  "If an effect would create one or more tokens under your control, it creates twice
  that many of those tokens instead", "If a player would gain life, that player gains
  no life instead";
* prevention: "Prevent all damage that would be dealt to ~".

Each is one kind of the replacement registry (:mod:`judgebot.engine.replacements`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Ability, Filter, ReplacementAbility
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.amounts import for_each, plain_number, read_amount
from judgebot.engine.text.conditions import read_condition
from judgebot.engine.text.selectors import noun
from judgebot.messages import msg

SELF = r"(?:~|this creature|this permanent|this land|this artifact|this enchantment)"


def unreadable(text: str) -> Unsupported:
    return Unsupported(msg("text.reader.ability", line=text.strip()))


def _rep(r: Any, kind: str, params: dict[str, Any], rules: tuple[str, ...],
         zone: str = "battlefield") -> ReplacementAbility:
    return ReplacementAbility(kind, params, zone=zone, text=r.sentence, rules=rules)


def read_replacement(r: Any, line: str) -> list[Ability] | None:
    """The replacement or prevention effect a line states, or None if it states none
    (a refusal if it looks like one but can't be read)."""
    t = line.strip().rstrip(".")
    low = t.lower()
    if m := re.fullmatch(SELF + r" enters(?: the battlefield)? tapped(?: unless (.+))?", low):
        params: dict[str, Any] = {}
        if m.group(1):
            params["unless"] = _unless(r, t[m.start(1):m.end(1)])
        return [_rep(r, "enters_tapped", params, (R.REPLACEMENT_ENTERS,))]
    if m := re.fullmatch(r"as " + SELF + r" enters, you may pay (\d+) life\. if you don't, it "
                         r"enters tapped", low):
        return [_rep(r, "enters_tapped", {"unless_pay_life": int(m.group(1))},
                     (R.REPLACEMENT_ENTERS, R.PAY_LIFE))]
    if m := re.fullmatch(r"as " + SELF + r" enters, (choose|an opponent chooses) an? "
                         r"(color|creature type)", low):
        who = "you" if m.group(1) == "choose" else "opponent"
        what = "color" if m.group(2) == "color" else "creature_type"
        return [_rep(r, "enters_choose", {"what": what, "who": who},
                     (R.REPLACEMENT_ENTERS_AS,))]
    if m := re.fullmatch(r"as " + SELF + r" enters, you may reveal an? (.+?) card from your "
                         r"hand\. if you don't, (?:~|it|this land) enters tapped", low):
        f = noun(t[m.start(1):m.end(1)]).filter
        if not (f.subtypes or f.types or f.any_types):
            raise unreadable(t)
        return [_rep(r, "enters_tapped", {"unless_reveal": f},
                     (R.REPLACEMENT_ENTERS, R.REPLACEMENT_ENTERS_AS))]
    if m := re.fullmatch(r"if (.+?), (?:~|it) enters(?: the battlefield)? with (an?|one|two|"
                         r"three|four|five|six|\d+) (?:additional )?([+-]1/[+-]1|\w+) counters? "
                         r"on it", low):
        cond = read_condition(r, t[m.start(1):m.end(1)])
        n = plain_number(m.group(2)) if m.group(2) not in ("a", "an") else 1
        return [_rep(r, "enters_with_counters", {"counters": {m.group(3): n}, "if": cond},
                     (R.REPLACEMENT_ENTERS_WITH,))]
    if m := re.fullmatch(r"you may have " + SELF + r" enter(?: the battlefield)? with an "
                         r"additional ([+-]1/[+-]1) counter on it(?:\. if you don't, it gains "
                         r"(haste))?", low):
        params = {"counters": {m.group(1): 1}, "optional": True}
        if m.group(2):
            params["else_gains"] = m.group(2)
        return [_rep(r, "enters_with_counters", params, (R.REPLACEMENT_ENTERS_WITH,))]
    if m := re.fullmatch(SELF + r" enters(?: the battlefield)? with (an?|one|two|three|four|five|"
                         r"six|seven|eight|nine|ten|x|\d+) (?:additional )?([+-]1/[+-]1|\w+) "
                         r"counters? on it(?: for each (.+))?", low):
        n: Any = plain_number(m.group(1)) if m.group(1) not in ("a", "an") else 1
        if n is None:
            raise unreadable(t)
        if m.group(3):
            n = {"expr": for_each(r, t[m.start(3):]) if n == 1 else None}
            if n["expr"] is None:
                raise unreadable(t)
        return [_rep(r, "enters_with_counters", {"counters": {m.group(2): n}},
                     (R.REPLACEMENT_ENTERS_WITH,))]
    if m := re.fullmatch(r"(.+?) (?:enter|enters)(?: the battlefield)? tapped", low):
        f = _objects(r, t[:m.end(1)])
        return [_rep(r, "others_enter_tapped", {"filter": f}, (R.REPLACEMENT_ENTERS,))]
    if m := re.fullmatch(r"prevent all (combat )?damage that would be dealt to (~|you|"
                         r"this creature)", low):
        to = "you" if m.group(2) == "you" else "self"
        return [_rep(r, "prevent", {"amount": "all", "to": to,
                                    "combat_only": bool(m.group(1))}, (R.PREVENTION,))]
    if m := re.fullmatch(r"prevent all (combat )?damage that would be dealt (?:by|to and dealt "
                         r"by) (~|this creature)", low):
        out: list[Ability] = [_rep(r, "prevent_from", {"combat_only": bool(m.group(1))},
                                   (R.PREVENTION,))]
        if "to and dealt by" in low:
            out.append(_rep(r, "prevent", {"amount": "all", "to": "self",
                                           "combat_only": bool(m.group(1))}, (R.PREVENTION,)))
        return out
    if m := re.fullmatch(r"damage that would reduce your life total to less than 1 reduces it "
                         r"to 1 instead", low):
        return [_rep(r, "damage_floor_static", {}, (R.REPLACEMENT_INSTEAD,))]
    if m := re.fullmatch(r"all damage that would be dealt to you is dealt to (enchanted "
                         r"creature|~) instead", low):
        to = "enchanted" if "enchanted" in m.group(1) else "self"
        return [_rep(r, "redirect_static", {"to": to}, (R.REDIRECTION,))]
    if re.fullmatch(r"if " + SELF + r" would be destroyed, regenerate it", low):
        return [_rep(r, "regenerate_static", {}, (R.REGENERATE_STATIC,))]
    if not re.match(r"if ", low) or " instead" not in low:
        return None
    return [_instead(r, t, low)]


def _unless(r: Any, text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if m := re.fullmatch(r"you control (\w+) or (fewer|more) other lands", low):
        n = plain_number(m.group(1))
        return ("compare", {"count": Filter(types=frozenset({"land"}), controller="you",
                                            other=True)},
                "le" if m.group(2) == "fewer" else "ge", n)
    if m := re.fullmatch(r"you control (?:an? )?(.+?) or (?:an? )?(.+)", low):
        a = noun(t[m.start(1):m.end(1)]).filter
        b = noun(t[m.start(2):m.end(2)]).filter
        return ("any", ("you_control", a), ("you_control", b))
    return read_condition(r, t)


def _objects(r: Any, text: str) -> Filter:
    n = noun(re.sub(r"^(?:all|each) ", "", text.strip()))
    if n.head in ("player", "opponent", "spell", "card", "mixed"):
        raise unreadable(text)
    return n.filter


def _instead(r: Any, t: str, low: str) -> ReplacementAbility:
    # dying / going to the graveyard
    if m := re.fullmatch(r"if " + SELF + r" would die, (exile it|return it to its owner's hand|"
                         r"put it on the bottom of its owner's library|shuffle it into its "
                         r"owner's library) instead(?:\. (.+))?", low):
        params: dict[str, Any] = {"affects": "self", "to": _destination(m.group(1))}
        if m.group(2):
            if params["to"] != "hand" or not _locked(m.group(2)):
                raise unreadable(m.group(2))
            params["lock"] = True
        return _rep(r, "dies_replace", params, (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if " + SELF + r" would be put into a graveyard from anywhere, "
                         r"(?:reveal ~ and )?(shuffle it into its owner's library|exile it|"
                         r"return it to its owner's hand) instead", low):
        dest = _destination(m.group(1))
        kind = "to_library" if dest == "library" else "graveyard_replace"
        return _rep(r, kind, {"to": dest, "self": True, "anywhere": True},
                    (R.REPLACEMENT_INSTEAD,), zone="all")
    if m := re.fullmatch(r"if (a|another|an?) (.+?) would die, (exile it|exile that card|"
                         r"return it to its owner's hand) instead", low):
        f = noun(t[m.start(2):m.end(2)]).filter
        if m.group(1) == "another":
            f = replace(f, other=True)
        return _rep(r, "dies_replace", {"filter": f, "to": _destination(m.group(3))},
                    (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if a (.+?) would die, instead exile that card and (.+)", low):
        f = noun(t[m.start(1):m.end(1)]).filter
        then = r.effects_of(t[m.start(2):])
        return _rep(r, "dies_replace", {"filter": f, "to": "exile", "then": then},
                    (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if (a card or token|a card|a nontoken permanent|a permanent|"
                         r"a creature card|a nontoken creature) would be put into (a|an "
                         r"opponent's|your) graveyard from anywhere, exile it instead", low):
        params: dict[str, Any] = {"tokens": "token" in m.group(1)}
        if m.group(2) == "an opponent's":
            params["whose"] = "opponents"
        elif m.group(2) == "your":
            params["whose"] = "you"
        if m.group(1) not in ("a card or token", "a card"):
            params["filter"] = noun(m.group(1)[2:]).filter
        return _rep(r, "graveyard_exile", params, (R.REPLACEMENT_INSTEAD,))
    # damage
    if m := re.fullmatch(r"if a source (you control |an opponent controls )?would deal damage to "
                         r"(a permanent or player|a creature|a player|an opponent|any target|"
                         r"an opponent or a permanent an opponent controls), it deals double "
                         r"that damage(?: to that (?:permanent or player|creature|player))? "
                         r"instead", low):
        return _rep(r, "damage_double", {"whose": _whose(m.group(1)), "to": m.group(2)},
                    (R.REPLACEMENT_INSTEAD, R.DAMAGE_PROCESS))
    if m := re.fullmatch(r"if a source (you control |an opponent controls )?would deal damage to "
                         r"(a permanent or player|a creature|a player|an opponent|any target|"
                         r"an opponent or a permanent an opponent controls), it deals that much "
                         r"damage plus (\d+|one|two) (?:to that (?:permanent or player|"
                         r"creature|player) )?instead", low):
        return _rep(r, "damage_plus", {"whose": _whose(m.group(1)), "to": m.group(2),
                                       "n": plain_number(m.group(3))},
                    (R.REPLACEMENT_INSTEAD, R.DAMAGE_PROCESS))
    # counters and tokens
    if m := re.fullmatch(r"if (?:an effect would put )?one or more ([+-]1/[+-]1 )?counters would "
                         r"be put on (a creature|a permanent|an artifact or creature) you "
                         r"control, that many (plus one |minus one )?(?:[+-]1/[+-]1 )?counters "
                         r"(plus one |minus one )?are put on it instead", low):
        how = (m.group(3) or m.group(4) or "").strip()
        if not how:
            raise unreadable(t)
        kind = "counters_plus" if how == "plus one" else "counters_minus"
        return _rep(r, kind, {"counter": (m.group(1) or "").strip() or None,
                              "filter": noun(m.group(2)[2:] + " you control").filter},
                    (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if an effect would put one or more counters on (a permanent|a "
                         r"creature) you control, it puts twice that many of those counters on "
                         r"that (?:permanent|creature) instead", low):
        return _rep(r, "counters_double", {"filter": noun(m.group(1)[2:] + " you control")
                                           .filter}, (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if one or more ([+-]1/[+-]1) counters would be put on (a creature|a "
                         r"permanent) you control, twice that many (?:[+-]1/[+-]1 )?counters "
                         r"are put on (?:it|that (?:creature|permanent)) instead", low):
        return _rep(r, "counters_double", {"counter": m.group(1),
                                           "filter": noun(m.group(2)[2:] + " you control")
                                           .filter}, (R.REPLACEMENT_INSTEAD,))
    if re.fullmatch(r"if an effect would create one or more tokens under your control, it "
                    r"creates twice that many of those tokens instead", low):
        return _rep(r, "tokens_double", {}, (R.REPLACEMENT_INSTEAD,))
    # life
    if m := re.fullmatch(r"if (a player|you|an opponent) would gain life, (?:that player|you) "
                         r"gains? no life instead", low):
        return _rep(r, "lifegain_none", {"whose": _who(m.group(1))}, (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if (you|a player) would gain life, (?:you|that player) gains? twice "
                         r"that much life instead", low):
        return _rep(r, "lifegain_double", {"whose": _who(m.group(1))},
                    (R.REPLACEMENT_INSTEAD,))
    if m := re.fullmatch(r"if a nontoken creature would enter(?: the battlefield)? and it wasn't "
                         r"cast, exile it instead", low):
        return _rep(r, "containment", {}, (R.REPLACEMENT_INSTEAD,))
    raise unreadable(t)


def _locked(text: str) -> bool:
    """"Until that player's next turn, that player plays with that card revealed in their
    hand and can't play it" (Firestorm Phoenix)."""
    return text.lower().rstrip(".") in (
        "until that player's next turn, that player plays with that card revealed in their "
        "hand and can't play it",)


def _destination(text: str) -> str:
    low = text.lower()
    if "exile" in low:
        return "exile"
    if "hand" in low:
        return "hand"
    if "bottom" in low:
        return "library_bottom"
    if "library" in low:
        return "library"
    raise unreadable(text)


def _whose(text: str | None) -> str:
    if not text:
        return "any"
    return "you" if "you" in text else "opponent"


def _who(text: str) -> str:
    return {"a player": "any", "you": "you", "an opponent": "opponent"}[text]


__all__ = ["read_replacement", "read_amount"]
