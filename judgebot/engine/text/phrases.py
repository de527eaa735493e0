"""Chinese noun phrases ("非黑色的生物", 由你操控的生物); the English ones are read by
:mod:`judgebot.engine.text.selectors`."""

from __future__ import annotations

import re
from typing import Any

from judgebot.engine.abilities import Filter
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.words import COLORS_ZH, TYPES_ZH
from judgebot.messages import msg


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
