"""Noun phrases ("nonblack creature you control", 由你操控的生物) and target
descriptions ("up to two target creatures", 目标咒语), English and Chinese."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine.abilities import Filter, TargetSpec
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.words import COLORS_EN, COLORS_ZH, TYPES_EN, TYPES_ZH, number
from judgebot.messages import msg


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
        kw["mv_le"] = number(m.group(1))
    if m := take(r" with mana value (\d+|x) or greater "):
        kw["mv_ge"] = number(m.group(1))
    if m := take(r" with mana value (\d+|x) "):
        kw["mv_eq"] = number(m.group(1))
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
            raise Unsupported(msg("text.phrases.parse_phrase", w=w, original=original))
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
                    raise Unsupported(msg("text.phrases.parse_phrase_zh.2", rest=rest,
                                          original=original))
                found = True
                break
        if not found:
            raise Unsupported(msg("text.phrases.parse_phrase_zh", value=p, original=original))
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
        count = number(m.group(2)) if m.group(2) else 1
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
    raise Unsupported(msg("text.phrases.target_spec", raw=raw))


