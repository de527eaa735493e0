"""Reading rules text: keyword lists and a documented set of templated sentences,
in English and in Chinese.

The reader turns text into the same abilities the card scripts build
(:mod:`judgebot.engine.abilities`). It understands what is listed in
:data:`TEMPLATES` (and the engine README); anything else is an explicit
refusal that quotes the words it could not read: the engine never guesses.

>>> [k.label() for k in read_keywords("Flying, trample, protection from red")]
['flying', 'trample', 'protection from red']
>>> [k.label() for k in read_keywords("飞行，反白保护")]
['flying', 'protection from white']
>>> read_keywords("Suspend 4—{1}{U}")[0].label()
'suspend 4—{1}{U}'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    COSTED,
    NUMBERED,
    Ability,
    ActivatedAbility,
    Cost,
    Effect,
    Filter,
    Keyword,
    ReplacementAbility,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    Trigger,
    TriggeredAbility,
)
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost, parse_mana_list
from judgebot.engine.state import CardDef

# --- numbers and words -----------------------------------------------------------------------
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": "X"}
ZH_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10, "X": "X", "x": "X"}
COLORS_EN = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLORS_ZH = {"白": "W", "蓝": "U", "黑": "B", "红": "R", "绿": "G"}
COLOR_WORD = {v: k for k, v in COLORS_EN.items()}
TYPES_EN = {"creature": "creature", "creatures": "creature", "artifact": "artifact",
            "artifacts": "artifact", "enchantment": "enchantment",
            "enchantments": "enchantment", "land": "land", "lands": "land",
            "planeswalker": "planeswalker", "planeswalkers": "planeswalker",
            "instant": "instant", "instants": "instant", "sorcery": "sorcery",
            "sorceries": "sorcery"}
TYPES_ZH = {"生物": "creature", "神器": "artifact", "结界": "enchantment", "地": "land",
            "鹏洛客": "planeswalker", "瞬间": "instant", "法术": "sorcery"}
SIMPLE_KEYWORDS = {
    "flying": "flying", "reach": "reach", "haste": "haste", "vigilance": "vigilance",
    "defender": "defender", "first strike": "first strike", "double strike": "double strike",
    "trample": "trample", "deathtouch": "deathtouch", "lifelink": "lifelink",
    "indestructible": "indestructible", "hexproof": "hexproof", "shroud": "shroud",
    "menace": "menace", "flash": "flash", "fear": "fear", "intimidate": "intimidate",
    "shadow": "shadow", "flanking": "flanking", "storm": "storm",
    "split second": "split second", "changeling": "changeling", "wither": "wither",
    "infect": "infect", "prowess": "prowess", "exalted": "exalted",
}
ZH_KEYWORDS = {
    "飞行": "flying", "延势": "reach", "敏捷": "haste", "警戒": "vigilance", "守军": "defender",
    "先攻": "first strike", "连击": "double strike", "践踏": "trample", "死触": "deathtouch",
    "系命": "lifelink", "不灭": "indestructible", "辟邪": "hexproof", "帷幕": "shroud",
    "威慑": "menace", "闪现": "flash", "恐惧": "fear", "威吓": "intimidate",
    "次元幽影": "shadow", "侧面攻击": "flanking", "风暴": "storm", "转瞬": "split second",
    "化形": "changeling", "干枯": "wither", "侵染": "infect", "灵技": "prowess",
    "颂威": "exalted",
}
ZH_COSTED = {"变身": "morph", "返照": "flashback", "疯魔": "madness", "返响": "echo",
             "购回": "buyback", "循环": "cycling", "呼魂": "evoke", "增幅": "kicker",
             "佩带": "equip"}
ZH_NUMBERED = {"消逝": "vanishing", "消退": "fading", "抵受": "absorb", "剧毒": "poisonous"}
LAND_TYPES = {"island": "Island", "swamp": "Swamp", "mountain": "Mountain", "forest": "Forest",
              "plains": "Plains"}
ZH_LAND_TYPES = {"海岛": "Island", "沼泽": "Swamp", "山脉": "Mountain", "树林": "Forest",
                 "平原": "Plains"}


def _num(word: str) -> int | str:
    w = word.strip().lower()
    if w.lstrip("-").isdigit():
        return int(w)
    if w in NUMBERS:
        return NUMBERS[w]
    if word.strip() in ZH_NUMBERS:
        return ZH_NUMBERS[word.strip()]
    raise Unsupported(f"cannot read the number {word!r}")


def _cost(text: str) -> ManaCost:
    try:
        return ManaCost.parse(text.strip())
    except ValueError as exc:
        raise Unsupported(f"cannot read the cost {text!r}: {exc}") from None


# --- keywords --------------------------------------------------------------------------------
def read_keyword(text: str) -> Keyword | None:
    """One keyword (English or Chinese), or None if the text isn't a keyword."""
    raw = text.strip().rstrip(".。")
    raw = re.sub(r"[（(][^)）]*[)）]\s*$", "", raw).strip()  # reminder text
    low = raw.lower()
    if low in SIMPLE_KEYWORDS:
        return Keyword(SIMPLE_KEYWORDS[low], text=raw)
    if raw in ZH_KEYWORDS:
        return Keyword(ZH_KEYWORDS[raw], text=raw)
    m = re.fullmatch(r"protection from (.+)", low)
    if m:
        return Keyword("protection", quality=_protection_quality(m.group(1)), text=raw)
    m = re.fullmatch(r"反(.+?)保护", raw)
    if m:
        return Keyword("protection", quality=_zh_protection(m.group(1)), text=raw)
    m = re.fullmatch(r"(island|swamp|mountain|forest|plains|nonbasic land)walk", low)
    if m:
        q = LAND_TYPES.get(m.group(1), "nonbasic")
        return Keyword("landwalk", quality=q, text=raw)
    m = re.fullmatch(r"(海岛|沼泽|山脉|树林|平原)行者", raw)
    if m:
        return Keyword("landwalk", quality=ZH_LAND_TYPES[m.group(1)], text=raw)
    m = re.fullmatch(r"enchant (creature|artifact|land|enchantment|permanent|player)", low)
    if m:
        return Keyword("enchant", quality=m.group(1), text=raw)
    m = re.fullmatch(r"结附于(生物|神器|地|结界|永久物|牌手)", raw)
    if m:
        q = {"生物": "creature", "神器": "artifact", "地": "land", "结界": "enchantment",
             "永久物": "permanent", "牌手": "player"}[m.group(1)]
        return Keyword("enchant", quality=q, text=raw)
    m = re.fullmatch(r"suspend\s+(\d+|x)\s*[—–~-]+\s*(.+)", low)
    if m or re.fullmatch(r"延缓\s*(\d+|X|x)\s*[—–~-]+\s*(.+)", raw):
        mm = m or re.fullmatch(r"延缓\s*(\d+|X|x)\s*[—–~-]+\s*(.+)", raw)
        n = mm.group(1)
        cost = _cost(raw[raw.index(mm.group(2)[:1]) if m is None else
                         len(raw) - len(mm.group(2)):])
        if n.lower() == "x":
            return Keyword("suspend", None, cost, x=True, text=raw)
        return Keyword("suspend", int(n), cost, text=raw)
    m = re.fullmatch(r"(fading|vanishing|absorb|poisonous)\s+(\d+)", low)
    if m:
        return Keyword(m.group(1), int(m.group(2)), text=raw)
    m = re.fullmatch(r"(消逝|消退|抵受|剧毒)\s*(\d+|[一二三四五六七八九十])", raw)
    if m:
        return Keyword(ZH_NUMBERED[m.group(1)], int(_num(m.group(2))), text=raw)
    m = re.fullmatch(r"(buyback|cycling|echo|kicker|flashback|madness|morph|evoke|equip)"
                     r"\s*[—–-]?\s*(.+)", low)
    if m:
        return Keyword(m.group(1), cost=_keyword_cost(raw[len(m.group(1)):].strip(" —–-")),
                       text=raw)
    m = re.fullmatch(r"(变身|返照|疯魔|返响|购回|循环|呼魂|增幅|佩带)\s*[—–~-]?\s*(.+)", raw)
    if m:
        return Keyword(ZH_COSTED[m.group(1)], cost=_keyword_cost(m.group(2)), text=raw)
    if low in ("fading", "vanishing", "suspend") or low in COSTED or low in NUMBERED:
        raise Unsupported(f"the keyword {raw!r} needs its number or cost")
    return None


def _keyword_cost(text: str) -> ManaCost | Cost:
    text = text.strip()
    if text.startswith("{") and "," not in text and re.fullmatch(r"(\{[^}]+\})+", text):
        return _cost(text)
    return read_cost(text)


def _protection_quality(q: str) -> str:
    q = q.strip().lower()
    if q in ("the chosen player", "chosen player"):
        return "chosen_player"
    if q in COLORS_EN or q in ("everything", "creatures", "artifacts", "enchantments",
                               "multicolored", "monocolored", "instants", "sorceries"):
        return q
    m = re.fullmatch(r"(\w+)s", q)
    if m and m.group(1).capitalize():
        return "subtype:" + m.group(1).capitalize()
    return q


def _zh_protection(q: str) -> str:
    if q in COLORS_ZH:
        return COLOR_WORD[COLORS_ZH[q]]
    if q in ("生物",):
        return "creatures"
    if q == "人类":
        return "subtype:Human"
    return "subtype:" + q


def read_keywords(text: str) -> list[Keyword]:
    """A keyword list such as "Flying, first strike" or "飞行，先攻".

    >>> [k.label() for k in read_keywords("Flying, first strike")]
    ['flying', 'first strike']
    >>> [k.label() for k in read_keywords("飞行，先攻")]
    ['flying', 'first strike']
    >>> [k.label() for k in read_keywords("Echo {3}{G}")]
    ['echo {3}{G}']
    """
    parts = [p for p in re.split(r"[,，、;；]\s*(?![^{]*\})", text) if p.strip()]
    out = []
    for p in parts:
        kw = read_keyword(p)
        if kw is None:
            raise Unsupported(f"cannot read the keyword {p.strip()!r}")
        out.append(kw)
    return out


# --- costs --------------------------------------------------------------------------------
def read_cost(text: str) -> Cost:
    """An activation cost: "{2}{B}, {T}, Sacrifice a creature, Discard a card"."""
    mana = ManaCost()
    fields: dict[str, Any] = {}
    parts = [p.strip() for p in re.split(r",\s*|，\s*(?![^{]*\})", text) if p.strip()]
    for part in parts:
        low = part.lower()
        if m := re.fullmatch(r"\[?([+\-−–]?)(\d+)\]?", part):
            sign = -1 if m.group(1) in ("-", "−", "–") else 1
            fields["loyalty"] = sign * int(m.group(2))  # a loyalty ability (606.4)
        elif low in ("{t}", "{横置}"):
            fields["tap"] = True
        elif low in ("{q}", "{重置}"):
            fields["untap"] = True
        elif re.fullmatch(r"(\{[^}]+\})+", part) and low not in ("{t}",):
            mana = mana.plus(_cost(part))
        elif re.fullmatch(r"sacrifice (~|this \w+)", low) or re.fullmatch(r"牺牲~", part):
            fields["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|two|three|another) (.+)", low):
            phrase = m.group(2) if m.group(1) != "another" else "another " + m.group(2)
            fields["sacrifice"] = parse_phrase(phrase)
            fields["sacrifice_count"] = 1 if m.group(1) == "another" else _num(m.group(1))
        elif m := re.fullmatch(r"牺牲(一|二|两|三)个(.+)", part):
            fields["sacrifice"] = parse_phrase_zh(m.group(2))
            fields["sacrifice_count"] = _num(m.group(1))
        elif m := re.fullmatch(r"discard (a|one|two) cards?", low):
            fields["discard"] = _num(m.group(1))
        elif m := re.fullmatch(r"弃(一|两|二)张牌", part):
            fields["discard"] = _num(m.group(1))
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"支付(\d+)点生命", part):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"remove (a|one|two|three|\w+) ([+-]1/[+-]1|time|charge|fade|spore)"
                               r" counters? from ~", low):
            fields["remove_counters"] = (m.group(2), _num(m.group(1)))
        elif low in ("exile ~ from your hand",):
            fields["exile_self"] = True
        elif low in ("return ~ to its owner's hand",):
            fields["return_self"] = True
        else:
            raise Unsupported(f"cannot read the cost {part!r}")
    return Cost(mana=mana, text=text, **fields)


# --- noun phrases ----------------------------------------------------------------------------
def parse_phrase(text: str) -> Filter:
    """An English noun phrase: "nonblack creature you control", "artifact or enchantment",
    "creature with flying", "Sliver creatures", "creature card in your graveyard"."""
    original = text
    t = " " + text.strip().lower().replace(",", " ") + " "
    kw: dict[str, Any] = {}
    sets: dict[str, set[str]] = {"types": set(), "any_types": set(), "not_types": set(),
                                 "subtypes": set(), "colors": set(), "not_colors": set(),
                                 "has": set(), "lacks": set(), "not_supertypes": set(),
                                 "supertypes": set()}

    def take(pattern: str) -> re.Match | None:
        nonlocal t
        m = re.search(pattern, t)
        if m:
            t = t[:m.start()] + " " + t[m.end():]
        return m
    if take(r" (another|other) "):
        kw["other"] = True
    if take(r" you control "):
        kw["controller"] = "you"
    if take(r" (an opponent controls|your opponents control|you don't control) "):
        kw["controller"] = "opponent"
    if take(r" in (your|a|all|an opponent's) graveyards? "):
        kw["zone"] = "graveyard"
    if take(r" with flying "):
        sets["has"].add("flying")
    if take(r" without flying "):
        sets["lacks"].add("flying")
    if take(r" without flanking "):
        sets["lacks"].add("flanking")
    if take(r" with shadow "):
        sets["has"].add("shadow")
    if take(r" with defender "):
        sets["has"].add("defender")
    if m := take(r" with power (\d+) or less "):
        kw["power_le"] = int(m.group(1))
    if m := take(r" with power (\d+) or greater "):
        kw["power_ge"] = int(m.group(1))
    if m := take(r" with toughness (\d+) or less "):
        kw["toughness_le"] = int(m.group(1))
    if m := take(r" with mana value (\d+|x) or less "):
        kw["mv_le"] = _num(m.group(1))
    if m := take(r" with mana value (\d+|x) or greater "):
        kw["mv_ge"] = _num(m.group(1))
    if m := take(r" with mana value (\d+|x) "):
        kw["mv_eq"] = _num(m.group(1))
    if take(r" with no abilities "):
        kw["no_abilities"] = True
    if take(r" attacking or blocking "):
        kw["combat"] = True
    if take(r" attacking "):
        kw["attacking"] = True
    if take(r" blocking "):
        kw["blocking"] = True
    if take(r" tapped "):
        kw["tapped"] = True
    if take(r" untapped "):
        kw["tapped"] = False
    if take(r" nontoken "):
        kw["token"] = False
    if take(r" token "):
        kw["token"] = True
    if take(r" nonbasic "):
        sets["not_supertypes"].add("basic")
    if take(r" nonlegendary "):
        sets["not_supertypes"].add("legendary")
    if take(r" basic "):
        sets["supertypes"].add("basic")
    if take(r" legendary "):
        sets["supertypes"].add("legendary")
    if take(r" colorless "):
        kw["colorless"] = True
    while m := take(r" non-?(white|blue|black|red|green) "):
        sets["not_colors"].add(COLORS_EN[m.group(1)])
    while m := take(r" non-?(creature|land|artifact|enchantment|planeswalker)s? "):
        sets["not_types"].add(m.group(1))
    ors = re.findall(r"(white|blue|black|red|green)", t)
    for c in ors:
        sets["colors"].add(COLORS_EN[c])
    t = re.sub(r"(white|blue|black|red|green)", " ", t)
    t = re.sub(r"\b(and/or|or|and|a|an|the|target|each|all|card|cards|spell|spells)\b", " ", t)
    words = [w for w in re.split(r"[\s,]+", t) if w]
    type_words = [w for w in words if w in TYPES_EN]
    for w in [w for w in words if w not in TYPES_EN and w != "permanent" and w != "permanents"]:
        if w in ("permanent", "permanents"):
            continue
        sub = w.capitalize()
        if sub.endswith("s") and sub[:-1] in _KNOWN_SUBTYPES:
            sub = sub[:-1]
        if sub not in _KNOWN_SUBTYPES and sub[:-1] not in _KNOWN_SUBTYPES:
            raise Unsupported(f"cannot read {w!r} in {original!r}")
        sets["subtypes"].add(sub)
    if type_words:
        kinds = {TYPES_EN[w] for w in type_words}
        if " or " in " " + original.lower() + " " and len(kinds) > 1:
            sets["any_types"] |= kinds
        else:
            sets["types"] |= kinds
    if "spell" in original.lower():
        kw["zone"] = "stack"
    for k, v in sets.items():
        if v:
            kw[k] = frozenset(v)
    return Filter(text=original.strip(), **kw)


_KNOWN_SUBTYPES = {
    "Sliver", "Human", "Soldier", "Merfolk", "Elf", "Goblin", "Zombie", "Saproling", "Fungus",
    "Wizard", "Knight", "Rebel", "Angel", "Dragon", "Drake", "Spirit", "Beast", "Wurm",
    "Elemental", "Rat", "Bear", "Wall", "Island", "Swamp", "Mountain", "Forest", "Plains",
    "Aura", "Equipment", "Thrull", "Shade", "Illusion", "Cleric", "Warrior", "Shaman", "Cat",
    "Vampire", "Horror", "Kavu", "Ape", "Giant", "Insect", "Spider", "Construct", "Golem",
    "Faerie", "Dinosaur", "Demon", "Imp", "Gargoyle", "Vehicle", "Ninja", "Desert",
}


def parse_phrase_zh(text: str) -> Filter:
    """A Chinese noun phrase: "非黑色的生物", "由你操控的生物", "神器或结界", "裂片妖生物"."""
    original = text
    t = text.strip()
    kw: dict[str, Any] = {}
    sets: dict[str, set[str]] = {"types": set(), "any_types": set(), "not_colors": set(),
                                 "colors": set(), "subtypes": set(), "not_types": set(),
                                 "has": set(), "lacks": set(), "not_supertypes": set()}
    for pat, key, val in ((r"由你操控的", "controller", "you"),
                          (r"由对手操控的", "controller", "opponent"),
                          (r"不由你操控的", "controller", "opponent"),
                          (r"其他", "other", True), (r"另一个", "other", True),
                          (r"进行攻击的", "attacking", True),
                          (r"进行阻挡的", "blocking", True),
                          (r"非衍生物的", "token", False)):
        if re.search(pat, t):
            kw[key] = val
            t = re.sub(pat, "", t)
    if "具飞行异能的" in t:
        sets["has"].add("flying")
        t = t.replace("具飞行异能的", "")
    if "不具飞行异能的" in t:
        sets["lacks"].add("flying")
        t = t.replace("不具飞行异能的", "")
    if m := re.search(r"力量等于或小于(\d+)的", t):
        kw["power_le"] = int(m.group(1))
        t = t.replace(m.group(0), "")
    if m := re.search(r"防御力等于或小于(\d+)的", t):
        kw["toughness_le"] = int(m.group(1))
        t = t.replace(m.group(0), "")
    if m := re.search(r"总法术力费用等于或小于(\d+)的", t):
        kw["mv_le"] = int(m.group(1))
        t = t.replace(m.group(0), "")
    for m in re.finditer(r"非(白|蓝|黑|红|绿)色的?", t):
        sets["not_colors"].add(COLORS_ZH[m.group(1)])
    t = re.sub(r"非(白|蓝|黑|红|绿)色的?", "", t)
    if "非基本" in t:
        sets["not_supertypes"].add("basic")
        t = t.replace("非基本", "")
    for m in re.finditer(r"非(生物|地|神器|结界)的?", t):
        sets["not_types"].add(TYPES_ZH[m.group(1)])
    t = re.sub(r"非(生物|地|神器|结界)的?", "", t)
    for m in re.finditer(r"(白|蓝|黑|红|绿)色的?", t):
        sets["colors"].add(COLORS_ZH[m.group(1)])
    t = re.sub(r"(白|蓝|黑|红|绿)色的?", "", t)
    t = t.replace("目标", "").replace("每个", "").replace("所有", "").replace("的", "")
    zone = None
    if "咒语" in t:
        zone = "stack"
        t = t.replace("咒语", "")
    if "牌" in t and "坟墓场" in t:
        zone = "graveyard"
        t = re.sub(r"在?你?的?坟墓场中?", "", t).replace("牌", "")
    parts = [p for p in re.split(r"或|和|/", t) if p]
    kinds = []
    for p in parts:
        p = p.strip()
        if p in ("永久物", ""):
            continue
        if p in TYPES_ZH:
            kinds.append(TYPES_ZH[p])
            continue
        found = False
        for zh_sub, en_sub in _ZH_SUBTYPES.items():
            if p.startswith(zh_sub):
                sets["subtypes"].add(en_sub)
                rest = p[len(zh_sub):]
                if rest in TYPES_ZH:
                    kinds.append(TYPES_ZH[rest])
                elif rest:
                    raise Unsupported(f"cannot read {rest!r} in {original!r}")
                found = True
                break
        if not found:
            raise Unsupported(f"cannot read {p!r} in {original!r}")
    if len(set(kinds)) > 1 and "或" in original:
        sets["any_types"] |= set(kinds)
    else:
        sets["types"] |= set(kinds)
    if zone:
        kw["zone"] = zone
    for k, v in sets.items():
        if v:
            kw[k] = frozenset(v)
    return Filter(text=original, **kw)


_ZH_SUBTYPES = {"裂片妖": "Sliver", "人类": "Human", "士兵": "Soldier", "人鱼": "Merfolk",
                "妖精": "Elf", "鬼怪": "Goblin", "灵俑": "Zombie", "腐生物": "Saproling",
                "真菌": "Fungus", "海岛": "Island", "沼泽": "Swamp", "山脉": "Mountain",
                "树林": "Forest", "平原": "Plains", "骑士": "Knight", "天使": "Angel"}


def target_spec(text: str) -> TargetSpec:
    """ "any target", "target creature", "target player", "target spell" (English or Chinese)."""
    raw = text.strip()
    low = raw.lower()
    if low in ("any target", "任意一个目标"):
        return TargetSpec("any", text="any target")
    if low in ("target player", "目标牌手"):
        return TargetSpec("player", text="target player")
    if low in ("target opponent", "目标对手"):
        return TargetSpec("player", player="opponent", text="target opponent")
    if low in ("target player or planeswalker", "目标牌手或鹏洛客"):
        return TargetSpec("player_or_planeswalker", Filter(types=frozenset({"planeswalker"})),
                          text="target player or planeswalker")
    if low in ("target spell or permanent", "目标咒语或永久物"):
        return TargetSpec("spell_or_permanent", Filter(), text="target spell or permanent")
    m = re.fullmatch(r"(up to (one|two|three) )?(another )?target (.+)", low)
    if m:
        phrase = raw[len(raw) - len(m.group(4)):]
        if m.group(3):
            phrase = "another " + phrase
        f = parse_phrase(phrase)
        up_to = bool(m.group(1))
        count = _num(m.group(2)) if m.group(2) else 1
        if "spell" in m.group(4):
            return TargetSpec("spell", replace(f, zone="stack"), count=count, up_to=up_to,
                              text=raw)
        kind = "card" if f.zone == "graveyard" else "object"
        return TargetSpec(kind, f, count=count, up_to=up_to, text=raw)
    m = re.fullmatch(r"目标(.+)", raw)
    if m:
        f = parse_phrase_zh(m.group(1))
        if f.zone == "stack":
            return TargetSpec("spell", f, text=raw)
        return TargetSpec("card" if f.zone == "graveyard" else "object", f, text=raw)
    raise Unsupported(f"cannot read the target {raw!r}")


# --- sentences -------------------------------------------------------------------------------
@dataclass
class Parts:
    """What a sentence adds to the ability being read."""

    effects: list[Effect] = field(default_factory=list)
    targets: list[TargetSpec] = field(default_factory=list)


Builder = Callable[[re.Match, "Reader"], Parts]


@dataclass
class Template:
    pattern: str
    build: Builder
    example: str
    lang: str = "en"


def _t(reader: Reader, spec: str) -> str:
    """Register a target and return its reference (target, target2 ...)."""
    reader.targets.append(target_spec(spec))
    n = len(reader.targets)
    return "target" if n == 1 else f"target{n}"


def _pt(s: str) -> int:
    return int(s.replace("+", ""))


def _damage_to(m: re.Match, r: Reader) -> Parts:
    amount = _num(m.group("n"))
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
    raise Unsupported(f"cannot read the damage recipient {m.group('to')!r}")


def _zh_damage(m: re.Match, r: Reader) -> Parts:
    amount = _num(m.group("n"))
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
    raise Unsupported(f"cannot read the damage recipient {to!r}")


def _what(r: Reader, phrase: str) -> Any:
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
    raise Unsupported(f"cannot read {phrase!r}")


def _grant_list(text: str) -> tuple:
    return tuple(read_keywords(re.sub(r"\band\b", ",", text)))


TEMPLATES: list[Template] = []


def template(pattern: str, example: str, lang: str = "en") -> Callable[[Builder], Builder]:
    def deco(fn: Builder) -> Builder:
        TEMPLATES.append(Template(pattern, fn, example, lang))
        return fn
    return deco


@template(r"(?:~|it) deals (?P<n>\d+|x|\w+) damage to (?P<to>.+)",
          "This spell deals 3 damage to any target.")
def _t_damage(m: re.Match, r: Reader) -> Parts:
    return _damage_to(m, r)


@template(r"~对(?P<to>.+?)造成(?P<n>\d+|X|[一二三四五六七八九十])点伤害",
          "此咒语对任意一个目标造成3点伤害。", "zh")
def _tz_damage(m: re.Match, r: Reader) -> Parts:
    return _zh_damage(m, r)


@template(r"destroy (?P<what>.+?)(?P<noregen>\. (it|they) can't be regenerated)?",
          "Destroy target creature. It can't be regenerated.")
def _t_destroy(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("destroy", {"what": _what(r, m.group("what")),
                                     "no_regen": bool(m.group("noregen"))})])


@template(r"消灭(?P<what>.+?)(?P<noregen>。?(它|它们)不能重生)?",
          "消灭目标生物。它不能重生。", "zh")
def _tz_destroy(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("destroy", {"what": _what(r, m.group("what")),
                                     "no_regen": bool(m.group("noregen"))})])


@template(r"exile (?P<what>.+)", "Exile target creature.")
def _t_exile(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("exile", {"what": _what(r, m.group("what"))})])


@template(r"放逐(?P<what>.+)", "放逐目标生物。", "zh")
def _tz_exile(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("exile", {"what": _what(r, m.group("what"))})])


@template(r"return (?P<what>.+?) to (its|their) owners?'s? hands?",
          "Return target creature to its owner's hand.")
def _t_bounce(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("bounce", {"what": _what(r, m.group("what"))})])


@template(r"将(?P<what>.+?)移回其拥有者手上", "将目标生物移回其拥有者手上。", "zh")
def _tz_bounce(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("bounce", {"what": _what(r, m.group("what"))})])


@template(r"(?P<what>.+?) gets? (?P<p>[+-]\d+|[+-]x)/(?P<t>[+-]\d+|[+-]x)"
          r"( and gains? (?P<kw>.+?))? until end of turn",
          "Target creature gets +3/+3 until end of turn.")
def _t_pump(m: re.Match, r: Reader) -> Parts:
    what = m.group("what").strip().lower()
    p, t = _signed(m.group("p")), _signed(m.group("t"))
    args: dict[str, Any] = {"p": p, "t": t}
    if what in ("creatures you control", "each creature you control"):
        args["what"] = {"each": parse_phrase("creature you control")}
    else:
        args["what"] = _what(r, m.group("what"))
    if m.group("kw"):
        args["gains"] = _grant_list(m.group("kw"))
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
def _tz_pump(m: re.Match, r: Reader) -> Parts:
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
def _t_gains(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("grant", {"what": _what(r, m.group("what")),
                                   "abilities": _grant_list(m.group("kw"))})])


@template(r"counter (?P<what>target .*?spell"
          r"(?: with mana value (?:\d+|x)(?: or (?:greater|less))?)?)"
          r"(?P<unless> unless its controller pays "
          r"(?P<cost>\{[^.]+\}))?", "Counter target spell.")
def _t_counter(m: re.Match, r: Reader) -> Parts:
    args: dict[str, Any] = {"what": _t(r, m.group("what"))}
    if m.group("unless"):
        args["unless_pay"] = _cost(m.group("cost"))
    return Parts([Effect("counter", args)])


@template(r"反击(?P<what>目标.*?咒语)", "反击目标咒语。", "zh")
def _tz_counter(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("counter", {"what": _t(r, m.group("what"))})])


@template(r"(?P<who>target player |each player |you )?draws? (?P<n>a|one|two|three|four|\d+|x)"
          r" cards?", "Draw two cards.")
def _t_draw(m: re.Match, r: Reader) -> Parts:
    who = (m.group("who") or "you").strip().lower()
    who_ref = {"you": "you", "target player": None, "each player": "each_player"}[who]
    if who_ref is None:
        who_ref = _t(r, "target player")
    return Parts([Effect("draw", {"who": who_ref, "n": _num(m.group("n"))})])


@template(r"(?P<who>目标牌手)?抓(?P<n>一|两|二|三|四|\d+|X)张牌", "抓两张牌。", "zh")
def _tz_draw(m: re.Match, r: Reader) -> Parts:
    who = _t(r, "target player") if m.group("who") else "you"
    return Parts([Effect("draw", {"who": who, "n": _num(m.group("n"))})])


@template(r"you gain (?P<n>\d+|x) life", "You gain 4 life.")
def _t_gain(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("gain_life", {"who": "you", "amount": _num(m.group("n"))})])


@template(r"你获得(?P<n>\d+|X)点生命", "你获得4点生命。", "zh")
def _tz_gain(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("gain_life", {"who": "you", "amount": _num(m.group("n"))})])


@template(r"(?P<who>target player|target opponent|each opponent|you) loses? (?P<n>\d+|x) life",
          "Target player loses 3 life.")
def _t_lose(m: re.Match, r: Reader) -> Parts:
    who = m.group("who").lower()
    ref = {"each opponent": "each_opponent", "you": "you"}.get(who) or _t(r, who)
    return Parts([Effect("lose_life", {"who": ref, "amount": _num(m.group("n"))})])


@template(r"prevent all combat damage that would be dealt this turn",
          "Prevent all combat damage that would be dealt this turn.")
def _t_fog(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("fog", {"combat_only": True})])


@template(r"防止本回合中将造成的所有战斗伤害", "防止本回合中将造成的所有战斗伤害。", "zh")
def _tz_fog(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("fog", {"combat_only": True})])


@template(r"prevent all damage that would be dealt this turn",
          "Prevent all damage that would be dealt this turn.")
def _t_holy_day_all(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("fog", {"combat_only": False})])


@template(r"prevent the next (?P<n>\d+) damage that would be dealt to (?P<to>any target|target "
          r"creature|target player) this turn",
          "Prevent the next 3 damage that would be dealt to any target this turn.")
def _t_shield(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("prevent", {"amount": int(m.group("n")),
                                     "to": _t(r, m.group("to"))})])


@template(r"regenerate (?P<what>~|target creature)", "Regenerate target creature.")
def _t_regen(m: re.Match, r: Reader) -> Parts:
    what = "self" if m.group("what") == "~" else _t(r, "target creature")
    return Parts([Effect("regenerate", {"what": what})])


@template(r"重生(?P<what>~|目标生物)", "重生目标生物。", "zh")
def _tz_regen(m: re.Match, r: Reader) -> Parts:
    what = "self" if m.group("what") == "~" else _t(r, "目标生物")
    return Parts([Effect("regenerate", {"what": what})])


@template(r"(?P<verb>tap|untap) (?P<what>target .+|~)", "Tap target creature.")
def _t_tap(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect(m.group("verb").lower(), {"what": _what(r, m.group("what"))})])


@template(r"put (?P<n>a|one|two|three|four|\d+) (?P<kind>[+-]1/[+-]1) counters? on (?P<what>.+)",
          "Put a +1/+1 counter on target creature.")
def _t_counters(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("put_counters", {"what": _what(r, m.group("what")),
                                          "kind": m.group("kind"), "n": _num(m.group("n"))})])


@template(r"create (?P<n>a|one|two|three|four|\d+) (?P<p>\d+)/(?P<t>\d+) (?P<desc>.+?) "
          r"creature tokens?(?P<with> with (?P<kw>.+))?",
          "Create a 1/1 white Soldier creature token.")
def _t_token(m: re.Match, r: Reader) -> Parts:
    desc = m.group("desc").split()
    colors = frozenset(COLORS_EN[d] for d in desc if d in COLORS_EN)
    subtypes = [d.capitalize() for d in desc if d not in COLORS_EN and d not in ("and",
                                                                                 "colorless")]
    abilities = _grant_list(m.group("kw")) if m.group("kw") else ()
    name = " ".join(subtypes) or "Token"
    card = CardDef(name, (name,), None, colors, frozenset(), frozenset({"creature"}),
                   frozenset(subtypes), int(m.group("p")), int(m.group("t")), None, abilities,
                   is_token=True, source="token")
    return Parts([Effect("token", {"card": card, "n": _num(m.group("n"))})])


@template(r"(?:(?P<who>target player|target opponent|each player|you) )?discards? "
          r"(?P<n>a|one|two|three|\d+) cards?",
          "Target player discards a card.")
def _t_discard(m: re.Match, r: Reader) -> Parts:
    who = (m.group("who") or "you").lower()
    ref = {"you": "you", "each player": "each_player"}.get(who) or _t(r, who)
    return Parts([Effect("discard", {"who": ref, "n": _num(m.group("n"))})])


@template(r"(?P<who>目标牌手|每位牌手|你)?弃(?P<n>一|两|二|三|\d+)张牌", "目标牌手弃一张牌。", "zh")
def _tz_discard(m: re.Match, r: Reader) -> Parts:
    who = m.group("who") or "你"
    ref = {"你": "you", "每位牌手": "each_player"}.get(who) or _t(r, "target player")
    return Parts([Effect("discard", {"who": ref, "n": _num(m.group("n"))})])


@template(r"sacrifice ~", "Sacrifice this permanent.")
def _t_sac_self(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("sacrifice", {"what": "self"})])


@template(r"(?P<who>each player|each opponent|target player) sacrifices (an?|one) (?P<what>.+)",
          "Each opponent sacrifices a creature.")
def _t_edict(m: re.Match, r: Reader) -> Parts:
    who = m.group("who").lower()
    ref = {"each player": "each_player", "each opponent": "each_opponent"}.get(who) or \
        _t(r, who)
    return Parts([Effect("sacrifice", {"who": ref, "filter": parse_phrase(m.group("what")),
                                       "n": 1})])


@template(r"add (?P<mana>(\{[wubrgc]\})+)", "Add {G}.")
def _t_mana(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("add_mana", {"mana": parse_mana_list(m.group("mana"))})])


@template(r"加(?P<mana>(\{[白蓝黑红绿无]\})+)", "加{绿}。", "zh")
def _tz_mana(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("add_mana", {"mana": parse_mana_list(m.group("mana"))})])


@template(r"you win the game", "You win the game.")
def _t_win(m: re.Match, r: Reader) -> Parts:
    return Parts([Effect("win", {"who": "you"})])


@template(r"(?P<who>target player|each opponent) loses the game", "Target player loses the game.")
def _t_lose_game(m: re.Match, r: Reader) -> Parts:
    who = m.group("who").lower()
    ref = "each_opponent" if who == "each opponent" else _t(r, who)
    return Parts([Effect("lose", {"who": ref})])


@template(r"gain control of (?P<what>target .+?) until end of turn",
          "Gain control of target creature until end of turn.")
def _t_threaten(m: re.Match, r: Reader) -> Parts:
    ref = _t(r, m.group("what"))
    return Parts([Effect("gain_control", {"what": ref})])


# --- static sentences ------------------------------------------------------------------------
STATIC_TEMPLATES: list[tuple[str, Callable[[re.Match, Reader], list[Ability]], str]] = []


def static(pattern: str, example: str) -> Callable:
    def deco(fn: Callable) -> Callable:
        STATIC_TEMPLATES.append((pattern, fn, example))
        return fn
    return deco


@static(r"(?P<who>.+?) gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+)( and (has|have) (?P<kw>.+))?",
        "Other creatures you control get +1/+1.")
def _s_anthem(m: re.Match, r: Reader) -> list[Ability]:
    affects = _affects(r, m.group("who"))
    ops: list[tuple[str, tuple]] = [("7c", ("pump", _pt(m.group("p")), _pt(m.group("t"))))]
    if m.group("kw"):
        ops.insert(0, ("6", ("grant", _grant_list(m.group("kw")))))
    return [StaticAbility("continuous", affects, {"ops": tuple(ops)}, text=r.sentence,
                          rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>.+?)得(?P<p>[+-]\d+)/(?P<t>[+-]\d+)(且具有(?P<kw>.+?)异能)?",
        "由你操控的其他生物得+1/+1。")
def _sz_anthem(m: re.Match, r: Reader) -> list[Ability]:
    affects = _affects_zh(r, m.group("who"))
    ops: list[tuple[str, tuple]] = [("7c", ("pump", _pt(m.group("p")), _pt(m.group("t"))))]
    if m.group("kw"):
        ops.insert(0, ("6", ("grant", tuple(read_keywords(m.group("kw"))))))
    return [StaticAbility("continuous", affects, {"ops": tuple(ops)}, text=r.sentence,
                          rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>.+?) (has|have) (?P<kw>[a-z0-9 ,{}—-]+)",
        "Sliver creatures you control have flying.")
def _s_grant(m: re.Match, r: Reader) -> list[Ability]:
    affects = _affects(r, m.group("who"))
    return [StaticAbility("continuous", affects,
                          {"ops": (("6", ("grant", _grant_list(m.group("kw")))),)},
                          text=r.sentence, rules=(R.CONTINUOUS_STATIC,))]


@static(r"(?P<who>~|enchanted creature|equipped creature) can't (?P<what>attack or block|attack|"
        r"block|be blocked)", "Enchanted creature can't attack or block.")
def _s_cant(m: re.Match, r: Reader) -> list[Ability]:
    who = {"~": "self", "enchanted creature": "enchanted",
           "equipped creature": "equipped"}[m.group("who").lower()]
    kind = {"attack or block": "cant_attack_or_block", "attack": "cant_attack",
            "block": "cant_block", "be blocked": "cant_be_blocked"}[m.group("what")]
    return [StaticAbility(kind, who, {}, text=r.sentence)]


@static(r"(?P<who>~|所结附的生物)不能(?:进行)?(?P<what>攻击或阻挡|攻击|阻挡|被阻挡)",
        "所结附的生物不能进行攻击或阻挡。")
def _sz_cant(m: re.Match, r: Reader) -> list[Ability]:
    who = "self" if m.group("who") == "~" else "enchanted"
    kind = {"攻击或阻挡": "cant_attack_or_block", "攻击": "cant_attack", "阻挡": "cant_block",
            "被阻挡": "cant_be_blocked"}[m.group("what")]
    return [StaticAbility(kind, who, {}, text=r.sentence)]


@static(r"(this spell|~) can't be countered( by spells or abilities)?",
        "This spell can't be countered.")
def _s_uncounterable(m: re.Match, r: Reader) -> list[Ability]:
    return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]


@static(r"此咒语不能被反击", "此咒语不能被反击。")
def _sz_uncounterable(m: re.Match, r: Reader) -> list[Ability]:
    return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]


@static(r"prevent all (?P<combat>combat )?damage that would be dealt to ~",
        "Prevent all damage that would be dealt to this creature.")
def _s_prevent_self(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("prevent", {"amount": "all", "to": "self",
                                           "combat_only": bool(m.group("combat"))},
                               text=r.sentence, rules=(R.PREVENTION,))]


@static(r"if ~ would die, exile it instead", "If this creature would die, exile it instead.")
def _s_die_exile(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("dies_exile", {"affects": "self"}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"如果~将死去，?则改为将它放逐", "如果~将死去，则改为将它放逐。")
def _sz_die_exile(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("dies_exile", {"affects": "self"}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"if ~ would be destroyed, regenerate it",
        "If this creature would be destroyed, regenerate it.")
def _s_regen_static(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("regenerate_static", {}, text=r.sentence,
                               rules=(R.REGENERATE_STATIC,))]


@static(r"~ enters( the battlefield)? tapped", "This land enters tapped.")
def _s_enters_tapped(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("enters_tapped", {}, text=r.sentence,
                               rules=(R.REPLACEMENT_ENTERS,))]


@static(r"~ enters( the battlefield)? with (?P<n>a|one|two|three|four|five|\d+) "
        r"(?P<kind>[+-]1/[+-]1) counters? on it",
        "This creature enters with four +1/+1 counters on it.")
def _s_enters_counters(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("enters_with_counters", {"counters": {m.group("kind"):
                                                                     _num(m.group("n"))}},
                               text=r.sentence, rules=(R.REPLACEMENT_ENTERS_WITH,))]


@static(r"you can't lose the game( and your opponents can't win the game)?",
        "You can't lose the game and your opponents can't win the game.")
def _s_cant_lose(m: re.Match, r: Reader) -> list[Ability]:
    out: list[Ability] = [StaticAbility("cant_lose", "self", {}, text=r.sentence)]
    if m.group(1):
        out.append(StaticAbility("cant_win", "self", {"who": "opponents"}, text=r.sentence))
    return out


@static(r"damage that would reduce your life total to less than 1 reduces it to 1 instead",
        "Damage that would reduce your life total to less than 1 reduces it to 1 instead.")
def _s_worship(m: re.Match, r: Reader) -> list[Ability]:
    return [ReplacementAbility("damage_floor_static", {}, text=r.sentence,
                               rules=(R.REPLACEMENT_INSTEAD,))]


@static(r"you control enchanted creature", "You control enchanted creature.")
def _s_control(m: re.Match, r: Reader) -> list[Ability]:
    return [StaticAbility("continuous", "enchanted",
                          {"ops": (("2", ("control", "source_controller")),)}, text=r.sentence,
                          rules=(R.LAYER_CONTROL,))]


def _affects(r: Reader, who: str) -> Any:
    low = who.strip().lower()
    if low in ("~", "this creature"):
        return "self"
    if low == "enchanted creature":
        return "enchanted"
    if low == "equipped creature":
        return "equipped"
    low = re.sub(r"^(all|each) ", "", low)
    return parse_phrase(low)


def _affects_zh(r: Reader, who: str) -> Any:
    if who in ("~", "此生物"):
        return "self"
    if who == "所结附的生物":
        return "enchanted"
    if who == "佩带此武具的生物":
        return "equipped"
    return parse_phrase_zh(re.sub(r"^所有", "", who))


# --- triggers --------------------------------------------------------------------------------
TRIGGERS_EN = [
    (r"when ~ enters( the battlefield)?", Trigger("enters", "self")),
    (r"when ~ dies", Trigger("dies", "self")),
    (r"when ~ leaves the battlefield", Trigger("leaves", "self")),
    (r"whenever ~ attacks", Trigger("attacks", "self")),
    (r"whenever ~ blocks", Trigger("blocks", "self")),
    (r"whenever ~ becomes blocked", Trigger("becomes_blocked", "self")),
    (r"whenever ~ deals combat damage to a player", Trigger("deals_damage", "self", to="player",
                                                            combat=True)),
    (r"whenever ~ deals combat damage to an opponent",
     Trigger("deals_damage", "self", to="opponent", combat=True)),
    (r"whenever ~ deals damage to an opponent", Trigger("deals_damage", "self", to="opponent")),
    (r"whenever ~ deals combat damage to a creature",
     Trigger("deals_damage", "self", to="creature", combat=True)),
    (r"whenever ~ deals damage", Trigger("deals_damage", "self")),
    (r"whenever ~ is dealt damage", Trigger("dealt_damage", "self")),
    (r"at the beginning of your upkeep", Trigger("upkeep", None, who="you")),
    (r"at the beginning of each upkeep", Trigger("upkeep", None, who="any")),
    (r"at the beginning of your end step", Trigger("end_step", None, who="you")),
    (r"at the beginning of each end step", Trigger("end_step", None, who="any")),
    (r"whenever you gain life", Trigger("gain_life", None, who="you")),
    (r"whenever you cast a noncreature spell",
     Trigger("cast", None, who="you", other=Filter(not_types=frozenset({"creature"})))),
    (r"whenever you cast an instant or sorcery spell",
     Trigger("cast", None, who="you", other=Filter(any_types=frozenset({"instant",
                                                                        "sorcery"})))),
    (r"whenever you cast a creature spell",
     Trigger("cast", None, who="you", other=Filter(types=frozenset({"creature"})))),
    (r"whenever a player casts a spell", Trigger("cast", None, who="any")),
    (r"whenever an opponent casts a spell", Trigger("cast", None, who="opponent")),
    (r"whenever another creature dies", Trigger("dies", Filter(types=frozenset({"creature"}),
                                                               other=True))),
    (r"whenever a creature dies", Trigger("dies", Filter(types=frozenset({"creature"})))),
    (r"whenever another creature enters( the battlefield)?",
     Trigger("enters", Filter(types=frozenset({"creature"}), other=True))),
    (r"whenever a creature enters( the battlefield)? under your control",
     Trigger("enters", Filter(types=frozenset({"creature"}), controller="you"))),
    (r"when ~ is turned face up", Trigger("turned_face_up", "self")),
    (r"when ~ becomes the target of a spell or ability", Trigger("becomes_target", "self")),
    (r"when ~ becomes the target of a spell", Trigger("becomes_target", "self", other=True)),
]
TRIGGERS_ZH = [
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


COST_COLON = (r"^((?:\{[^}]+\}|[^:：{]+?)(?:\s*[,，]\s*(?:\{[^}]+\}|[^:：,，{]+))*)"
              r"\s*[:：]\s*(.+)$")


# --- the reader ------------------------------------------------------------------------------
class Reader:
    """Reads the text of one card (or generic object) into abilities."""

    def __init__(self, card: CardDef | None = None) -> None:
        self.card = card
        self.targets: list[TargetSpec] = []
        self.sentence = ""
        self.self_ref_ok = True

    def normalise(self, text: str) -> str:
        t = text.replace("’", "'").replace("\u2212", "-").replace("CARDNAME", "~")
        if self.card is not None:
            for name in sorted(self.card.all_names(), key=len, reverse=True):
                if len(name) > 1:
                    t = re.sub(re.escape(name), "~", t)
        t = re.sub(r"\b[Tt]his (creature|permanent|artifact|enchantment|land|spell)\b", "~", t)
        t = re.sub(r"此(生物|永久物|神器|结界|咒语)(?!不能被反击)", "~", t)
        t = re.sub(r"[（(][^()（）]*[)）]", "", t)  # reminder text
        return t.strip()

    def effects(self, text: str) -> Parts:
        """A sequence of effect sentences ("Draw a card. You gain 2 life.")."""
        parts = Parts()
        for clause in _clauses(text):
            got = self.clause(clause)
            parts.effects.extend(got.effects)
        parts.targets = self.targets
        return parts

    def clause(self, clause: str) -> Parts:
        c = clause.strip().rstrip(".。")
        low = c.lower()
        may = False
        m = re.match(r"you may (.+)", low)
        if m:
            may, c, low = True, c[len(c) - len(m.group(1)):], m.group(1)
        if c.startswith("你可以"):
            may, c, low = True, c[3:], c[3:]
        failed: Unsupported | None = None
        for tpl in TEMPLATES:
            mm = re.fullmatch(tpl.pattern, low if tpl.lang == "en" else c, re.IGNORECASE)
            if mm:
                kept = len(self.targets)
                try:
                    got = tpl.build(mm, self)
                except Unsupported as exc:  # matched, but a phrase in it is unreadable
                    del self.targets[kept:]
                    failed = failed or exc
                    continue
                if may:
                    return Parts([Effect("may", {"effects": tuple(got.effects)}, text=c)])
                return got
        # "Discard a card, then draw a card." / "抓一张牌，然后弃一张牌。": two clauses in order.
        for sep in (", then ", " and then ", ", and ", " and ", "，然后", "，并", "然后"):
            at = low.find(sep) if sep.isascii() else c.find(sep)
            if at <= 0 or may:
                continue
            first, second = c[:at], c[at + len(sep):]
            kept = len(self.targets)
            try:
                a = self.clause(first)
                b = self.clause(second)
            except Unsupported:
                del self.targets[kept:]
                continue
            return Parts(a.effects + b.effects)
        if failed is not None:
            raise failed
        raise Unsupported(f"cannot read {clause.strip()!r}")

    def read(self, text: str, is_spell: bool) -> list[Ability]:
        out: list[Ability] = []
        spell_effects: list[Effect] = []
        spell_targets: list[TargetSpec] = []
        for raw_line in _join_modes(re.split(r"\n+", self.normalise(text))):
            line = self._keyword_sentences(raw_line.strip(), out)
            if not line:
                continue
            ab = self.ability(line, is_spell)
            if isinstance(ab, Parts):
                spell_effects.extend(ab.effects)
                spell_targets.extend(ab.targets)
            else:
                out.extend(ab)
        if spell_effects:
            out.append(SpellAbility(tuple(spell_effects), tuple(spell_targets), text=text))
        return out

    def modal(self, m: re.Match) -> SpellAbility:
        """'Choose one — A; or B.' / bullet modes: a modal spell (700.2)."""
        how = (m.group(1) or m.group(2) or "").lower()
        choose = 2 if how in ("two", "二", "两") else 1
        body = m.group(3).strip()
        options = [o for o in re.split(r"\s*•\s*|;\s*or\s+|；或|；", body) if o.strip()]
        if len(options) < 2:
            raise Unsupported(f"cannot read the modes of {self.sentence!r}")
        modes = []
        for opt in options:
            self.targets = []
            parts = self.effects(opt.strip().rstrip(";；"))
            modes.append((tuple(parts.effects), tuple(parts.targets), opt.strip()))
        self.targets = []
        return SpellAbility(modes=tuple(modes), choose=choose, text=self.sentence,
                            rules=(R.MODAL,))

    @staticmethod
    def _keyword_sentences(line: str, out: list[Ability]) -> str:
        """Read the keyword lists at the start of a line ("Flying", "Storm. This spell
        deals…", "飞行。…") into ``out``; return the rest of the line."""
        while line:
            m = re.match(r"([^.。]+)[.。]\s*", line)
            sentence = m.group(1) if m else line
            try:
                kws = read_keywords(sentence)
            except Unsupported:
                return line
            out.extend(kws)
            line = line[m.end():] if m else ""
        return line

    def ability(self, line: str, is_spell: bool) -> Parts | list[Ability]:
        self.targets = []
        self.sentence = line
        if is_spell and (m := MODAL.match(line)):
            return [self.modal(m)]
        low = line.lower().rstrip(".。")
        for pattern, trig in TRIGGERS_EN + TRIGGERS_ZH:
            m = re.match(pattern + r"[,，]\s*", line if _is_zh(pattern) else low, re.IGNORECASE)
            if m:
                rest = line[m.end():]
                optional = False
                if rest.lower().startswith("you may "):
                    optional, rest = True, rest[8:]
                elif rest.startswith("你可以"):
                    optional, rest = True, rest[3:]
                parts = self.effects(rest)
                return [TriggeredAbility(replace(trig, text=line), tuple(parts.effects),
                                         tuple(self.targets), optional, text=line)]
        m = re.match(COST_COLON, line)
        if m and not low.startswith(("when", "whenever", "at the")):
            cost = read_cost(m.group(1))
            body = m.group(2)
            timing = "instant"
            if re.search(r"activate only as a sorcery\.?$", body.lower()):
                timing = "sorcery"
                body = re.sub(r"\s*activate only as a sorcery\.?$", "", body, flags=re.I)
            if re.search(r"只可以于你能施放法术的时机下起动此异能。?$", body):
                timing = "sorcery"
                body = re.sub(r"只可以于你能施放法术的时机下起动此异能。?$", "", body)
            parts = self.effects(body)
            mana = tuple(e.get("mana") for e in parts.effects if e.verb == "add_mana")
            if mana and len(parts.effects) == 1 and not parts.targets:
                return [ActivatedAbility(cost, (), (), timing, mana=mana, text=line,
                                         label="mana", rules=(R.MANA_ABILITY,))]
            return [ActivatedAbility(cost, tuple(parts.effects), tuple(parts.targets), timing,
                                     text=line)]
        for pattern, fn, _example in STATIC_TEMPLATES:
            mm = re.fullmatch(pattern, line.rstrip("。") if _is_zh(pattern) else low,
                              re.IGNORECASE)
            if mm:
                return fn(mm, self)
        if is_spell:
            return self.effects(line)
        raise Unsupported(f"cannot read {line!r}")


MODAL = re.compile(r"(?:choose (one|two|one or both)|选择(一|二|两)项|选择一项或两项)\s*"
                   r"[—–\-:：～~]+\s*(.+)$", re.IGNORECASE | re.DOTALL)


def _join_modes(lines: list[str]) -> list[str]:
    """A modal header followed by bullet lines becomes one line: "Choose one — • A • B"."""
    out: list[str] = []
    for line in lines:
        s = line.strip()
        if s[:1] in ("•", "-", "*") and out and MODAL.match(out[-1] + " x"):
            out[-1] = out[-1].rstrip() + " • " + s.lstrip("•-* ")
        else:
            out.append(line)
    return out


def _is_zh(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _clauses(text: str) -> list[str]:
    text = text.strip()
    text = re.sub(r"\.\s+(It|They) can't be regenerated", r". \1 can't be regenerated", text)
    pieces = re.split(r"(?<!can't be regenerated)(?<=[.。])\s*"
                      r"(?!(?:It|They|它|它们) (?:can't|不能))", text)
    out: list[str] = []
    for p in pieces:
        p = p.strip()
        if not p:
            continue
        if out and re.match(r"(it|they) can't be regenerated|它们?不能重生", p, re.I):
            zh = out[-1].endswith("。")
            out[-1] = out[-1].rstrip(".。") + ("。" if zh else ". ") + p
            continue
        out.append(p)
    return out


def read_text(text: str, card: CardDef | None = None) -> list[Ability]:
    """All the abilities in ``text`` (keyword lines, triggered, activated, static, spell)."""
    is_spell = card is not None and bool(card.types & {"instant", "sorcery"})
    return Reader(card).read(text, is_spell)


def examples() -> list[tuple[str, str, str]]:
    """Every sentence the reader is documented to understand, with its language and
    whether it is spell text or permanent (static) text (for the README and tests)."""
    out = [(t.lang, t.example, "spell") for t in TEMPLATES]
    out += [("zh" if _is_zh(p) else "en", ex, "permanent") for p, _, ex in STATIC_TEMPLATES]
    return out
