"""Static-ability sentences (:data:`STATIC_TEMPLATES`): anthems, "can't attack",
"can't be countered", replacement effects such as "enters tapped"."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Ability, ReplacementAbility, StaticAbility
from judgebot.engine.text.keywords import keyword_list, read_keywords
from judgebot.engine.text.phrases import parse_phrase, parse_phrase_zh
from judgebot.engine.text.sentences import Reading
from judgebot.engine.text.words import number, pt_number

STATIC_TEMPLATES: list[tuple[str, Callable[[re.Match, Reading], list[Ability]], str]] = []


def static(pattern: str, example: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        STATIC_TEMPLATES.append((pattern, fn, example))
        return fn
    return deco


@static(r"(?P<who>.+?) gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+)( and (has|have) (?P<kw>.+))?",
        "Other creatures you control get +1/+1.")
def _s_anthem(m: re.Match, r: Reading) -> list[Ability]:
    affects = _affects(r, m.group("who"))
    pump = ("pump", pt_number(m.group("p")), pt_number(m.group("t")))
    ops: list[tuple[str, tuple]] = [("7c", pump)]
    if m.group("kw"):
        ops.insert(0, ("6", ("grant", keyword_list(m.group("kw")))))
    return [StaticAbility("continuous", affects, {"ops": tuple(ops)}, text=r.sentence,
                          rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>.+?)得(?P<p>[+-]\d+)/(?P<t>[+-]\d+)(且具有(?P<kw>.+?)异能)?",
        "由你操控的其他生物得+1/+1。")
def _sz_anthem(m: re.Match, r: Reading) -> list[Ability]:
    affects = _affects_zh(r, m.group("who"))
    pump = ("pump", pt_number(m.group("p")), pt_number(m.group("t")))
    ops: list[tuple[str, tuple]] = [("7c", pump)]
    if m.group("kw"):
        ops.insert(0, ("6", ("grant", tuple(read_keywords(m.group("kw"))))))
    return [StaticAbility("continuous", affects, {"ops": tuple(ops)}, text=r.sentence,
                          rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>.+?) (has|have) (?P<kw>[a-z0-9 ,{}—-]+)",
        "Sliver creatures you control have flying.")
def _s_grant(m: re.Match, r: Reading) -> list[Ability]:
    affects = _affects(r, m.group("who"))
    return [StaticAbility("continuous", affects,
                          {"ops": (("6", ("grant", keyword_list(m.group("kw")))),)},
                          text=r.sentence, rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>~|enchanted creature|equipped creature) can't (?P<what>attack or block|attack|"
        r"block|be blocked)", "Enchanted creature can't attack or block.")
def _s_cant(m: re.Match, r: Reading) -> list[Ability]:
    who = {"~": "self", "enchanted creature": "enchanted",
           "equipped creature": "equipped"}[m.group("who").lower()]
    kind = {"attack or block": "cant_attack_or_block", "attack": "cant_attack",
            "block": "cant_block", "be blocked": "cant_be_blocked"}[m.group("what")]
    return [StaticAbility(kind, who, {}, text=r.sentence)]


@static(r"(?P<who>~|所结附的生物)不能(?:进行)?(?P<what>攻击或阻挡|攻击|阻挡|被阻挡)",
        "所结附的生物不能进行攻击或阻挡。")
def _sz_cant(m: re.Match, r: Reading) -> list[Ability]:
    who = "self" if m.group("who") == "~" else "enchanted"
    kind = {"攻击或阻挡": "cant_attack_or_block", "攻击": "cant_attack", "阻挡": "cant_block",
            "被阻挡": "cant_be_blocked"}[m.group("what")]
    return [StaticAbility(kind, who, {}, text=r.sentence)]


@static(r"(this spell|~) can't be countered( by spells or abilities)?",
        "This spell can't be countered.")
def _s_uncounterable(m: re.Match, r: Reading) -> list[Ability]:
    return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]


@static(r"此咒语不能被反击", "此咒语不能被反击。")
def _sz_uncounterable(m: re.Match, r: Reading) -> list[Ability]:
    return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]


@static(r"prevent all (?P<combat>combat )?damage that would be dealt to ~",
        "Prevent all damage that would be dealt to this creature.")
def _s_prevent_self(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("prevent", {"amount": "all", "to": "self",
                                           "combat_only": bool(m.group("combat"))},
                               text=r.sentence, rules=(R.PREVENTION,))]


@static(r"if ~ would die, exile it instead", "If this creature would die, exile it instead.")
def _s_die_exile(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("dies_exile", {"affects": "self"}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"如果~将死去，?则改为将它放逐", "如果~将死去，则改为将它放逐。")
def _sz_die_exile(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("dies_exile", {"affects": "self"}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"if ~ would be destroyed, regenerate it",
        "If this creature would be destroyed, regenerate it.")
def _s_regen_static(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("regenerate_static", {}, text=r.sentence,
                               rules=(R.REGENERATE_STATIC,))]


@static(r"~ enters( the battlefield)? tapped", "This land enters tapped.")
def _s_enters_tapped(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("enters_tapped", {}, text=r.sentence,
                               rules=(R.REPLACEMENT_ENTERS,))]


@static(r"~ enters( the battlefield)? with (?P<n>a|one|two|three|four|five|\d+) "
        r"(?P<kind>[+-]1/[+-]1) counters? on it",
        "This creature enters with four +1/+1 counters on it.")
def _s_enters_counters(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("enters_with_counters", {"counters": {m.group("kind"):
                                                                     number(m.group("n"))}},
                               text=r.sentence, rules=(R.REPLACEMENT_ENTERS_WITH,))]


@static(r"you can't lose the game( and your opponents can't win the game)?",
        "You can't lose the game and your opponents can't win the game.")
def _s_cant_lose(m: re.Match, r: Reading) -> list[Ability]:
    out: list[Ability] = [StaticAbility("cant_lose", "self", {}, text=r.sentence)]
    if m.group(1):
        out.append(StaticAbility("cant_win", "self", {"who": "opponents"}, text=r.sentence))
    return out


@static(r"damage that would reduce your life total to less than 1 reduces it to 1 instead",
        "Damage that would reduce your life total to less than 1 reduces it to 1 instead.")
def _s_worship(m: re.Match, r: Reading) -> list[Ability]:
    return [ReplacementAbility("damage_floor_static", {}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"you control enchanted creature", "You control enchanted creature.")
def _s_control(m: re.Match, r: Reading) -> list[Ability]:
    return [StaticAbility("continuous", "enchanted",
                          {"ops": (("2", ("control", "source_controller")),)}, text=r.sentence,
                          rules=(R.LAYER_CONTROL,))]


def _affects(r: Reading, who: str) -> Any:
    low = who.strip().lower()
    if low in ("~", "this creature"):
        return "self"
    if low == "enchanted creature":
        return "enchanted"
    if low == "equipped creature":
        return "equipped"
    low = re.sub(r"^(all|each) ", "", low)
    return parse_phrase(low)


def _affects_zh(r: Reading, who: str) -> Any:
    if who in ("~", "此生物"):
        return "self"
    if who == "所结附的生物":
        return "enchanted"
    if who == "佩带此武具的生物":
        return "equipped"
    return parse_phrase_zh(re.sub(r"^所有", "", who))


