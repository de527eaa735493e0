"""Rules text written in Chinese (an inline object's ``text:``, a question's words): the
templated sentences the engine documents, with the same effects, triggers and static
abilities the English grammar builds. Oracle text is English; this reads what a user
writes in Chinese, sentence by documented sentence (see :data:`EXAMPLES`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Ability,
    Effect,
    Filter,
    ReplacementAbility,
    StaticAbility,
    Trigger,
)
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import parse_mana_list
from judgebot.engine.text.keywords import read_keywords
from judgebot.engine.text.phrases import parse_phrase_zh
from judgebot.engine.text.selectors import target_spec
from judgebot.engine.text.words import number, pt_number
from judgebot.messages import msg

Builder = Callable[[re.Match, Any], list[Effect]]
CLAUSES: list[tuple[str, Builder, str]] = []
STATICS: list[tuple[str, Callable[[re.Match, Any], list[Ability]], str]] = []


def is_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def clause(pattern: str, example: str) -> Callable[[Builder], Builder]:
    def deco(fn: Builder) -> Builder:
        CLAUSES.append((pattern, fn, example))
        return fn
    return deco


def static(pattern: str, example: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        STATICS.append((pattern, fn, example))
        return fn
    return deco


def _t(r: Any, spec: str) -> str:
    return r.add_target(target_spec(spec))


def _what(r: Any, phrase: str) -> Any:
    p = phrase.strip()
    if p in ("~", "此生物", "它"):
        return "self" if r.self_ref_ok else "it"
    if p.startswith("目标"):
        return _t(r, p)
    if p.startswith(("所有", "每个")):
        return {"each": parse_phrase_zh(p[2:])}
    if p == "该生物":
        return "it"
    if p == "所结附的生物":
        return "enchanted"
    raise Unsupported(msg("text.sentences.what", phrase=phrase))


def _signed(s: str) -> Any:
    s = s.strip().lower()
    if s in ("+x", "x"):
        return "X"
    if s == "-x":
        return ("neg", "X")
    return int(s.replace("+", ""))


@clause(r"~对(?P<to>.+?)造成(?P<n>\d+|X|[一二三四五六七八九十])点伤害",
        "此咒语对任意一个目标造成3点伤害。")
def _damage(m: re.Match, r: Any) -> list[Effect]:
    amount = number(m.group("n"))
    to = m.group("to")
    if to in ("任意一个目标",) or to.startswith("目标"):
        return [Effect("damage", {"amount": amount, "to": _t(r, to)})]
    if to == "每位对手":
        return [Effect("damage", {"amount": amount, "to": "each_opponent"})]
    if to == "你":
        return [Effect("damage", {"amount": amount, "to": "you"})]
    if to.startswith("每个"):
        return [Effect("damage", {"amount": amount, "to": {"each": parse_phrase_zh(to[2:])}})]
    raise Unsupported(msg("text.sentences.zh_damage", to=to))


@clause(r"消灭(?P<what>.+?)(?P<noregen>。?(它|它们)不能重生)?", "消灭目标生物。它不能重生。")
def _destroy(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("destroy", {"what": _what(r, m.group("what")),
                               "no_regen": bool(m.group("noregen"))})]


@clause(r"放逐(?P<what>.+)", "放逐目标生物。")
def _exile(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("exile", {"what": _what(r, m.group("what"))})]


@clause(r"将(?P<what>.+?)移回其拥有者手上", "将目标生物移回其拥有者手上。")
def _bounce(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("bounce", {"what": _what(r, m.group("what"))})]


@clause(r"(?P<what>.+?)得(?P<p>[+-]\d+|[+-]X)/(?P<t>[+-]\d+|[+-]X)(且获得(?P<kw>.+?)异能)?直到回合结束",
        "目标生物得+3/+3直到回合结束。")
def _pump(m: re.Match, r: Any) -> list[Effect]:
    what = m.group("what")
    args: dict[str, Any] = {"p": _signed(m.group("p")), "t": _signed(m.group("t"))}
    if what in ("由你操控的生物",):
        args["what"] = {"each": Filter(types=frozenset({"creature"}), controller="you")}
    else:
        args["what"] = _what(r, what)
    if m.group("kw"):
        args["gains"] = tuple(read_keywords(m.group("kw")))
    return [Effect("pump", args)]


@clause(r"反击(?P<what>目标.*?咒语)", "反击目标咒语。")
def _counter(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("counter", {"what": _t(r, m.group("what"))})]


@clause(r"(?P<who>目标牌手)?抓(?P<n>一|两|二|三|四|\d+|X)张牌", "抓两张牌。")
def _draw(m: re.Match, r: Any) -> list[Effect]:
    who = _t(r, "target player") if m.group("who") else "you"
    return [Effect("draw", {"who": who, "n": number(m.group("n"))})]


@clause(r"你获得(?P<n>\d+|X)点生命", "你获得4点生命。")
def _gain(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("gain_life", {"who": "you", "amount": number(m.group("n"))})]


@clause(r"防止本回合中将造成的所有战斗伤害", "防止本回合中将造成的所有战斗伤害。")
def _fog(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("fog", {"combat_only": True})]


@clause(r"重生(?P<what>~|目标生物)", "重生目标生物。")
def _regen(m: re.Match, r: Any) -> list[Effect]:
    what = "self" if m.group("what") == "~" else _t(r, "目标生物")
    return [Effect("regenerate", {"what": what})]


@clause(r"(?P<who>目标牌手|每位牌手|你)?弃(?P<n>一|两|二|三|\d+)张牌", "目标牌手弃一张牌。")
def _discard(m: re.Match, r: Any) -> list[Effect]:
    who = m.group("who") or "你"
    ref = {"你": "you", "每位牌手": "each_player"}.get(who) or _t(r, "target player")
    return [Effect("discard", {"who": ref, "n": number(m.group("n"))})]


@clause(r"加(?P<mana>(\{[白蓝黑红绿无]\})+)", "加{绿}。")
def _mana(m: re.Match, r: Any) -> list[Effect]:
    return [Effect("add_mana", {"mana": parse_mana_list(m.group("mana"))})]


def read_clause(r: Any, text: str) -> list[Effect]:
    """One Chinese clause, or a refusal; "，然后" joins two."""
    c = text.strip().rstrip("。")
    may = False
    if c.startswith("你可以"):
        may, c = True, c[3:]
    failed: Unsupported | None = None
    for pattern, build, _example in CLAUSES:
        m = re.fullmatch(pattern, c)
        if m:
            kept = len(r.targets)
            try:
                got = build(m, r)
            except Unsupported as exc:
                del r.targets[kept:]
                failed = failed or exc
                continue
            if may:
                return [Effect("may", {"effects": tuple(got)}, text=c)]
            return got
    for sep in ("，然后", "，并", "然后"):
        at = c.find(sep)
        if at <= 0 or may:
            continue
        kept = len(r.targets)
        try:
            return read_clause(r, c[:at]) + read_clause(r, c[at + len(sep):])
        except Unsupported:
            del r.targets[kept:]
    if failed is not None:
        raise failed
    raise Unsupported(msg("text.reader.clause", value=text.strip()))


# --- static abilities ----------------------------------------------------------------------
def _affects(who: str) -> Any:
    if who in ("~", "此生物"):
        return "self"
    if who == "所结附的生物":
        return "enchanted"
    if who == "佩带此武具的生物":
        return "equipped"
    return parse_phrase_zh(re.sub(r"^所有", "", who))


@static(r"(?P<who>.+?)得(?P<p>[+-]\d+)/(?P<t>[+-]\d+)(且具有(?P<kw>.+?)异能)?",
        "由你操控的其他生物得+1/+1。")
def _anthem(m: re.Match, r: Any) -> list[Ability]:
    ops: list[tuple[str, tuple]] = [("7c", ("pump", pt_number(m.group("p")),
                                            pt_number(m.group("t"))))]
    if m.group("kw"):
        ops.insert(0, ("6", ("grant", tuple(read_keywords(m.group("kw"))))))
    return [StaticAbility("continuous", _affects(m.group("who")), {"ops": tuple(ops)},
                          text=r.sentence, rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>~|所结附的生物)不能(?:进行)?(?P<what>攻击或阻挡|攻击|阻挡|被阻挡)",
        "所结附的生物不能进行攻击或阻挡。")
def _cant(m: re.Match, r: Any) -> list[Ability]:
    who = "self" if m.group("who") == "~" else "enchanted"
    kind = {"攻击或阻挡": "cant_attack_or_block", "攻击": "cant_attack", "阻挡": "cant_block",
            "被阻挡": "cant_be_blocked"}[m.group("what")]
    return [StaticAbility(kind, who, {}, text=r.sentence)]


@static(r"此咒语不能被反击", "此咒语不能被反击。")
def _uncounterable(m: re.Match, r: Any) -> list[Ability]:
    return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]


@static(r"如果~将死去，?则改为将它放逐", "如果~将死去，则改为将它放逐。")
def _die_exile(m: re.Match, r: Any) -> list[Ability]:
    return [ReplacementAbility("dies_replace", {"affects": "self", "to": "exile"},
                               text=r.sentence, rules=(R.REPLACEMENT_INSTEAD,))]


def read_static(r: Any, line: str) -> list[Ability] | None:
    text = line.rstrip("。")
    for pattern, fn, _example in STATICS:
        m = re.fullmatch(pattern, text)
        if m:
            return fn(m, r)
    return None


TRIGGERS = [
    (r"当~进战场时", Trigger("enters", "self")),
    (r"当~死去时", Trigger("dies", "self")),
    (r"当~离开战场时", Trigger("leaves", "self")),
    (r"每当~攻击时", Trigger("attacks", "self")),
    (r"每当~阻挡时", Trigger("blocks", "self")),
    (r"每当~对任一牌手造成战斗伤害时", Trigger("deals_damage", "self", to="player", combat=True)),
    (r"每当~向任一对手造成伤害时", Trigger("deals_damage", "self", to="opponent")),
    (r"在你的维持开始时", Trigger("upkeep", None, who="you")),
    (r"在你的结束步骤开始时", Trigger("end_step", None, who="you")),
    (r"每当你获得生命时", Trigger("gain_life", None, who="you")),
    (r"当~翻回正面时", Trigger("turned_face_up", "self")),
    (r"每当你施放非生物咒语时",
     Trigger("cast", None, who="you", other=Filter(not_types=frozenset({"creature"})))),
]

EXAMPLES = [("zh", ex, "spell") for _, _, ex in CLAUSES] + \
    [("zh", ex, "permanent") for _, _, ex in STATICS]
