"""Effect sentences: the documented templates (:data:`TEMPLATES`), each a pattern,
the effects it builds, and an example the tests read back."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from judgebot.engine.abilities import Effect, TargetSpec
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import parse_mana_list
from judgebot.engine.state import CardDef
from judgebot.engine.text.keywords import keyword_list, read_keywords
from judgebot.engine.text.phrases import parse_phrase, parse_phrase_zh, target_spec
from judgebot.engine.text.words import COLORS_EN, mana_cost, number
from judgebot.messages import msg


class Reading(Protocol):
    """What a sentence template sees of the reader: the targets so far, the sentence."""

    targets: list[TargetSpec]
    sentence: str
    self_ref_ok: bool


@dataclass
class Parts:
    """What a sentence adds to the ability being read."""

    effects: list[Effect] = field(default_factory=list)
    targets: list[TargetSpec] = field(default_factory=list)


Builder = Callable[[re.Match, "Reading"], Parts]


@dataclass
class Template:
    pattern: str
    build: Builder
    example: str
    lang: str = "en"


def _t(reader: Reading, spec: str) -> str:
    """Register a target and return its reference (target, target2 ...)."""
    reader.targets.append(target_spec(spec))
    n = len(reader.targets)
    return "target" if n == 1 else f"target{n}"


def _damage_to(m: re.Match, r: Reading) -> Parts:
    amount = number(m.group("n"))
    to = m.group("to").strip().lower()
    if to == "any target" or to.startswith("target"):
        return Parts([Effect("damage", {"amount": amount, "to": _t(r, m.group("to"))})])
    if to == "each opponent":
        return Parts([Effect("damage", {"amount": amount, "to": "each_opponent"})])
    if to == "you":
        return Parts([Effect("damage", {"amount": amount, "to": "you"})])
    if to.startswith("each "):
        what = to[5:]
        if what.endswith(" and each player"):
            f = parse_phrase(what[:-len(" and each player")])
            return Parts([Effect("damage", {"amount": amount, "to": {"each_and_players": f}})])
        return Parts([Effect("damage", {"amount": amount, "to": {"each": parse_phrase(what)}})])
    raise Unsupported(msg("text.sentences.damage_to", value=m.group('to')))


def _zh_damage(m: re.Match, r: Reading) -> Parts:
    amount = number(m.group("n"))
    to = m.group("to")
    if to in ("任意一个目标",) or to.startswith("目标"):
        return Parts([Effect("damage", {"amount": amount, "to": _t(r, to)})])
    if to == "每位对手":
        return Parts([Effect("damage", {"amount": amount, "to": "each_opponent"})])
    if to == "你":
        return Parts([Effect("damage", {"amount": amount, "to": "you"})])
    if to.startswith("每个"):
        return Parts([Effect("damage", {"amount": amount,
                                        "to": {"each": parse_phrase_zh(to[2:])}})])
    raise Unsupported(msg("text.sentences.zh_damage", to=to))


def _what(r: Reading, phrase: str) -> Any:
    low = phrase.strip().lower()
    if low in ("~", "it", "this creature", "this permanent", "此生物", "它"):
        return "self" if r.self_ref_ok else "it"
    if low.startswith("target ") or low.startswith("目标") or low.startswith("up to"):
        return _t(r, phrase)
    if low.startswith("all ") or low.startswith("each "):
        return {"each": parse_phrase(phrase.split(" ", 1)[1])}
    if phrase.startswith("所有") or phrase.startswith("每个"):
        return {"each": parse_phrase_zh(phrase[2:])}
    if low in ("that creature", "the blocking creature", "该生物"):
        return "it"
    if low in ("enchanted creature", "所结附的生物"):
        return "enchanted"
    if low in ("equipped creature",):
        return "equipped"
    raise Unsupported(msg("text.sentences.what", phrase=phrase))


TEMPLATES: list[Template] = []


def template(pattern: str, example: str, lang: str = "en") -> Callable[[Builder], Builder]:
    def deco(fn: Builder) -> Builder:
        TEMPLATES.append(Template(pattern, fn, example, lang))
        return fn
    return deco


@template(r"(?:~|it) deals (?P<n>\d+|x|\w+) damage to (?P<to>.+)",
          "This spell deals 3 damage to any target.")
def _t_damage(m: re.Match, r: Reading) -> Parts:
    return _damage_to(m, r)


@template(r"~对(?P<to>.+?)造成(?P<n>\d+|X|[一二三四五六七八九十])点伤害",
          "此咒语对任意一个目标造成3点伤害。", "zh")
def _tz_damage(m: re.Match, r: Reading) -> Parts:
    return _zh_damage(m, r)


@template(r"destroy (?P<what>.+?)(?P<noregen>\. (it|they) can't be regenerated)?",
          "Destroy target creature. It can't be regenerated.")
def _t_destroy(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("destroy", {"what": _what(r, m.group("what")),
                                     "no_regen": bool(m.group("noregen"))})])


@template(r"消灭(?P<what>.+?)(?P<noregen>。?(它|它们)不能重生)?",
          "消灭目标生物。它不能重生。", "zh")
def _tz_destroy(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("destroy", {"what": _what(r, m.group("what")),
                                     "no_regen": bool(m.group("noregen"))})])


@template(r"exile (?P<what>.+)", "Exile target creature.")
def _t_exile(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("exile", {"what": _what(r, m.group("what"))})])


@template(r"放逐(?P<what>.+)", "放逐目标生物。", "zh")
def _tz_exile(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("exile", {"what": _what(r, m.group("what"))})])


@template(r"return (?P<what>.+?) to (its|their) owners?'s? hands?",
          "Return target creature to its owner's hand.")
def _t_bounce(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("bounce", {"what": _what(r, m.group("what"))})])


@template(r"将(?P<what>.+?)移回其拥有者手上", "将目标生物移回其拥有者手上。", "zh")
def _tz_bounce(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("bounce", {"what": _what(r, m.group("what"))})])


@template(r"(?P<what>.+?) gets? (?P<p>[+-]\d+|[+-]x)/(?P<t>[+-]\d+|[+-]x)"
          r"( and gains? (?P<kw>.+?))? until end of turn",
          "Target creature gets +3/+3 until end of turn.")
def _t_pump(m: re.Match, r: Reading) -> Parts:
    what = m.group("what").strip().lower()
    p, t = _signed(m.group("p")), _signed(m.group("t"))
    args: dict[str, Any] = {"p": p, "t": t}
    if what in ("creatures you control", "each creature you control"):
        args["what"] = {"each": parse_phrase("creature you control")}
    else:
        args["what"] = _what(r, m.group("what"))
    if m.group("kw"):
        args["gains"] = keyword_list(m.group("kw"))
    return Parts([Effect("pump", args)])


def _signed(s: str) -> int | tuple | str:
    s = s.strip().lower()
    if s in ("+x", "x"):
        return "X"
    if s == "-x":
        return ("neg", "X")
    return int(s.replace("+", ""))


@template(r"(?P<what>.+?)得(?P<p>[+-]\d+|[+-]X)/(?P<t>[+-]\d+|[+-]X)(且获得(?P<kw>.+?)异能)?直到回合结束",
          "目标生物得+3/+3直到回合结束。", "zh")
def _tz_pump(m: re.Match, r: Reading) -> Parts:
    what = m.group("what")
    args: dict[str, Any] = {"p": _signed(m.group("p")), "t": _signed(m.group("t"))}
    if what in ("由你操控的生物",):
        args["what"] = {"each": parse_phrase("creature you control")}
    else:
        args["what"] = _what(r, what)
    if m.group("kw"):
        args["gains"] = tuple(read_keywords(m.group("kw")))
    return Parts([Effect("pump", args)])


@template(r"(?P<what>target creature|~) gains (?P<kw>.+?) until end of turn",
          "Target creature gains flying until end of turn.")
def _t_gains(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("grant", {"what": _what(r, m.group("what")),
                                   "abilities": keyword_list(m.group("kw"))})])


@template(r"counter (?P<what>target .*?spell"
          r"(?: with mana value (?:\d+|x)(?: or (?:greater|less))?)?)"
          r"(?P<unless> unless its controller pays "
          r"(?P<cost>\{[^.]+\}))?", "Counter target spell.")
def _t_counter(m: re.Match, r: Reading) -> Parts:
    args: dict[str, Any] = {"what": _t(r, m.group("what"))}
    if m.group("unless"):
        args["unless_pay"] = mana_cost(m.group("cost"))
    return Parts([Effect("counter", args)])


@template(r"反击(?P<what>目标.*?咒语)", "反击目标咒语。", "zh")
def _tz_counter(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("counter", {"what": _t(r, m.group("what"))})])


@template(r"(?P<who>target player |each player |you )?draws? (?P<n>a|one|two|three|four|\d+|x)"
          r" cards?", "Draw two cards.")
def _t_draw(m: re.Match, r: Reading) -> Parts:
    who = (m.group("who") or "you").strip().lower()
    who_ref = {"you": "you", "target player": None, "each player": "each_player"}[who]
    if who_ref is None:
        who_ref = _t(r, "target player")
    return Parts([Effect("draw", {"who": who_ref, "n": number(m.group("n"))})])


@template(r"(?P<who>目标牌手)?抓(?P<n>一|两|二|三|四|\d+|X)张牌", "抓两张牌。", "zh")
def _tz_draw(m: re.Match, r: Reading) -> Parts:
    who = _t(r, "target player") if m.group("who") else "you"
    return Parts([Effect("draw", {"who": who, "n": number(m.group("n"))})])


@template(r"you gain (?P<n>\d+|x) life", "You gain 4 life.")
def _t_gain(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("gain_life", {"who": "you", "amount": number(m.group("n"))})])


@template(r"你获得(?P<n>\d+|X)点生命", "你获得4点生命。", "zh")
def _tz_gain(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("gain_life", {"who": "you", "amount": number(m.group("n"))})])


@template(r"(?P<who>target player|target opponent|each opponent|you) loses? (?P<n>\d+|x) life",
          "Target player loses 3 life.")
def _t_lose(m: re.Match, r: Reading) -> Parts:
    who = m.group("who").lower()
    ref = {"each opponent": "each_opponent", "you": "you"}.get(who) or _t(r, who)
    return Parts([Effect("lose_life", {"who": ref, "amount": number(m.group("n"))})])


@template(r"prevent all combat damage that would be dealt this turn",
          "Prevent all combat damage that would be dealt this turn.")
def _t_fog(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("fog", {"combat_only": True})])


@template(r"防止本回合中将造成的所有战斗伤害", "防止本回合中将造成的所有战斗伤害。", "zh")
def _tz_fog(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("fog", {"combat_only": True})])


@template(r"prevent all damage that would be dealt this turn",
          "Prevent all damage that would be dealt this turn.")
def _t_holy_day_all(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("fog", {"combat_only": False})])


@template(r"prevent the next (?P<n>\d+) damage that would be dealt to (?P<to>any target|target "
          r"creature|target player) this turn",
          "Prevent the next 3 damage that would be dealt to any target this turn.")
def _t_shield(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("prevent", {"amount": int(m.group("n")),
                                     "to": _t(r, m.group("to"))})])


@template(r"regenerate (?P<what>~|target creature)", "Regenerate target creature.")
def _t_regen(m: re.Match, r: Reading) -> Parts:
    what = "self" if m.group("what") == "~" else _t(r, "target creature")
    return Parts([Effect("regenerate", {"what": what})])


@template(r"重生(?P<what>~|目标生物)", "重生目标生物。", "zh")
def _tz_regen(m: re.Match, r: Reading) -> Parts:
    what = "self" if m.group("what") == "~" else _t(r, "目标生物")
    return Parts([Effect("regenerate", {"what": what})])


@template(r"(?P<verb>tap|untap) (?P<what>target .+|~)", "Tap target creature.")
def _t_tap(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect(m.group("verb").lower(), {"what": _what(r, m.group("what"))})])


@template(r"put (?P<n>a|one|two|three|four|\d+) (?P<kind>[+-]1/[+-]1) counters? on (?P<what>.+)",
          "Put a +1/+1 counter on target creature.")
def _t_counters(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("put_counters", {"what": _what(r, m.group("what")),
                                          "kind": m.group("kind"), "n": number(m.group("n"))})])


@template(r"create (?P<n>a|one|two|three|four|\d+) (?P<p>\d+)/(?P<t>\d+) (?P<desc>.+?) "
          r"creature tokens?(?P<with> with (?P<kw>.+))?",
          "Create a 1/1 white Soldier creature token.")
def _t_token(m: re.Match, r: Reading) -> Parts:
    desc = m.group("desc").split()
    colors = frozenset(COLORS_EN[d] for d in desc if d in COLORS_EN)
    subtypes = [d.capitalize() for d in desc if d not in COLORS_EN and d not in ("and",
                                                                                 "colorless")]
    abilities = keyword_list(m.group("kw")) if m.group("kw") else ()
    name = " ".join(subtypes) or "Token"
    card = CardDef(name, (name,), None, colors, frozenset(), frozenset({"creature"}),
                   frozenset(subtypes), int(m.group("p")), int(m.group("t")), None, abilities,
                   is_token=True, source="token")
    return Parts([Effect("token", {"card": card, "n": number(m.group("n"))})])


@template(r"(?:(?P<who>target player|target opponent|each player|you) )?discards? "
          r"(?P<n>a|one|two|three|\d+) cards?",
          "Target player discards a card.")
def _t_discard(m: re.Match, r: Reading) -> Parts:
    who = (m.group("who") or "you").lower()
    ref = {"you": "you", "each player": "each_player"}.get(who) or _t(r, who)
    return Parts([Effect("discard", {"who": ref, "n": number(m.group("n"))})])


@template(r"(?P<who>目标牌手|每位牌手|你)?弃(?P<n>一|两|二|三|\d+)张牌", "目标牌手弃一张牌。", "zh")
def _tz_discard(m: re.Match, r: Reading) -> Parts:
    who = m.group("who") or "你"
    ref = {"你": "you", "每位牌手": "each_player"}.get(who) or _t(r, "target player")
    return Parts([Effect("discard", {"who": ref, "n": number(m.group("n"))})])


@template(r"sacrifice ~", "Sacrifice this permanent.")
def _t_sac_self(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("sacrifice", {"what": "self"})])


@template(r"(?P<who>each player|each opponent|target player) sacrifices (an?|one) (?P<what>.+)",
          "Each opponent sacrifices a creature.")
def _t_edict(m: re.Match, r: Reading) -> Parts:
    who = m.group("who").lower()
    ref = {"each player": "each_player", "each opponent": "each_opponent"}.get(who) or \
        _t(r, who)
    return Parts([Effect("sacrifice", {"who": ref, "filter": parse_phrase(m.group("what")),
                                       "n": 1})])


@template(r"add (?P<mana>(\{[wubrgc]\})+)", "Add {G}.")
def _t_mana(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("add_mana", {"mana": parse_mana_list(m.group("mana"))})])


@template(r"加(?P<mana>(\{[白蓝黑红绿无]\})+)", "加{绿}。", "zh")
def _tz_mana(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("add_mana", {"mana": parse_mana_list(m.group("mana"))})])


@template(r"you win the game", "You win the game.")
def _t_win(m: re.Match, r: Reading) -> Parts:
    return Parts([Effect("win", {"who": "you"})])


@template(r"(?P<who>target player|each opponent) loses the game", "Target player loses the game.")
def _t_lose_game(m: re.Match, r: Reading) -> Parts:
    who = m.group("who").lower()
    ref = "each_opponent" if who == "each opponent" else _t(r, who)
    return Parts([Effect("lose", {"who": ref})])


@template(r"gain control of (?P<what>target .+?) until end of turn",
          "Gain control of target creature until end of turn.")
def _t_threaten(m: re.Match, r: Reading) -> Parts:
    ref = _t(r, m.group("what"))
    return Parts([Effect("gain_control", {"what": ref})])


