"""Keyword abilities as written ("Flying, first strike", "Suspend 4—{1}{U}",
"protection from red", 飞行，反白保护), English or Chinese."""

from __future__ import annotations

import re

from judgebot.engine.abilities import COSTED, NUMBERED, Cost, Keyword
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.text.costs import read_cost
from judgebot.engine.text.words import (
    COLOR_WORD,
    COLORS_EN,
    COLORS_ZH,
    LAND_TYPES,
    SIMPLE_KEYWORDS,
    ZH_COSTED,
    ZH_KEYWORDS,
    ZH_LAND_TYPES,
    ZH_NUMBERED,
    mana_cost,
    number,
)
from judgebot.messages import msg


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
        cost = mana_cost(raw[raw.index(mm.group(2)[:1]) if m is None else
                         len(raw) - len(mm.group(2)):])
        if n.lower() == "x":
            return Keyword("suspend", None, cost, x=True, text=raw)
        return Keyword("suspend", int(n), cost, text=raw)
    m = re.fullmatch(r"(fading|vanishing|absorb|poisonous)\s+(\d+)", low)
    if m:
        return Keyword(m.group(1), int(m.group(2)), text=raw)
    m = re.fullmatch(r"(消逝|消退|抵受|剧毒)\s*(\d+|[一二三四五六七八九十])", raw)
    if m:
        return Keyword(ZH_NUMBERED[m.group(1)], int(number(m.group(2))), text=raw)
    m = re.fullmatch(r"(buyback|cycling|echo|kicker|flashback|madness|morph|evoke|equip)"
                     r"\s*[—–-]?\s*(.+)", low)
    if m:
        return Keyword(m.group(1), cost=_keyword_cost(raw[len(m.group(1)):].strip(" —–-")),
                       text=raw)
    m = re.fullmatch(r"(变身|返照|疯魔|返响|购回|循环|呼魂|增幅|佩带)\s*[—–~-]?\s*(.+)", raw)
    if m:
        return Keyword(ZH_COSTED[m.group(1)], cost=_keyword_cost(m.group(2)), text=raw)
    if low in ("fading", "vanishing", "suspend") or low in COSTED or low in NUMBERED:
        raise Unsupported(msg("text.keywords.read_keyword", raw=raw))
    return None


def _keyword_cost(text: str) -> ManaCost | Cost:
    text = text.strip()
    if text.startswith("{") and "," not in text and re.fullmatch(r"(\{[^}]+\})+", text):
        return mana_cost(text)
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
            raise Unsupported(msg("text.keywords.read_keywords", value=p.strip()))
        out.append(kw)
    return out


def keyword_list(text: str) -> tuple:
    return tuple(read_keywords(re.sub(r"\band\b", ",", text)))
