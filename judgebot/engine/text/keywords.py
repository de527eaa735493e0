"""Keyword abilities as written ("Flying, first strike", "Suspend 4—{1}{U}",
"protection from red", "Ward {2}", "Bushido 1", 飞行，反白保护), English or Chinese.

Every keyword of the Comprehensive Rules is recognised (702.2–702.x, read from the
rules in the corpus: :mod:`judgebot.engine.text.vocabulary`) with the parameter its
rule gives it (a number, a cost, "from [quality]" …). A keyword the engine simulates
becomes a :class:`~judgebot.engine.abilities.Keyword`; one it recognises but does not
simulate is a refusal that names it and its rule — never a keyword silently dropped.

A keyword whose rule says what it *means* in words the reader understands ("Bushido N"
means "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of
turn.") is simulated by reading that meaning (:data:`MEANING_READER`), so it reaches
the same effects as a card that spells the ability out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    COSTED,
    KEYWORD_RULES,
    MEANING_KEYWORDS,
    NO_EFFECT_KEYWORDS,
    NUMBERED,
    Cost,
    Filter,
    Keyword,
)
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.text.costs import read_cost
from judgebot.engine.text.selectors import noun
from judgebot.engine.text.vocabulary import KeywordDef, vocabulary
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

# Reads a keyword's meaning into its abilities; set by the reader (which the keyword
# list itself doesn't import: the reader reads keyword lines).
MEANING_READER: Callable[[Keyword, str], tuple] | None = None
_MANA = re.compile(r"(\{[^}]+\})+")


def _strip(text: str) -> str:
    raw = text.strip().rstrip(".。")
    raw = re.sub(r"\s*[（(][^)）]*[)）]\s*$", "", raw).strip()  # reminder text
    return raw


def read_keyword(text: str) -> Keyword | None:
    """One keyword (English or Chinese), or None if the text isn't a keyword.

    A keyword of the rules that the engine doesn't simulate is a refusal naming it."""
    found = _read(text)
    if isinstance(found, list):
        return found[0] if len(found) == 1 else None
    return found


def _read(text: str) -> Keyword | list[Keyword] | None:
    raw = _strip(text)
    low = raw.lower()
    if not raw:
        return None
    if m := re.fullmatch(r"gift (a card|a tapped fish|a food|a treasure|an extra turn|"
                         r"an octopus)", low):
        # 702.174a: what is given is read by the reader from its rule (702.174d–i)
        return Keyword("gift", quality=m.group(1), text=raw)
    if raw in ZH_KEYWORDS:
        return Keyword(ZH_KEYWORDS[raw], text=raw)
    zh = _chinese(raw)
    if zh is not None:
        return zh
    if low in SIMPLE_KEYWORDS:
        return _finish(Keyword(SIMPLE_KEYWORDS[low], text=raw))
    m = re.fullmatch(r"(protection|hexproof) from (.+)", low)
    if m:
        qualities = [q for q in re.split(r",? and from |, from | and ", m.group(2)) if q]
        if m.group(1) == "hexproof":
            raise _not_simulated("hexproof from", "702.11d", raw)
        return [Keyword("protection", quality=_protection_quality(q), text=raw)
                for q in qualities]
    m = re.fullmatch(r"(.+?)walk", low)
    if m and " " not in m.group(1).replace("nonbasic land", "x").replace("snow land", "x"):
        q = m.group(1)
        if q in LAND_TYPES:
            return Keyword("landwalk", quality=LAND_TYPES[q], text=raw)
        if q in ("nonbasic land",):
            return Keyword("landwalk", quality="nonbasic", text=raw)
        raise _not_simulated(raw, "702.14", raw)
    m = re.fullmatch(r"enchant (.+)", low)
    if m:
        what = m.group(1)
        if what in ("creature", "artifact", "land", "enchantment", "permanent", "player",
                    "planeswalker"):
            return Keyword("enchant", quality=what, text=raw)
        return _enchant_phrase(raw, raw[len(raw) - len(what):])
    m = re.fullmatch(r"(.+?)cycling\s*(.*)", low)
    if m and m.group(1) and m.group(1) not in ("", "land"):
        return _typecycling(raw, m.group(1).strip(), raw[len(raw) - len(m.group(2)):])
    kw = _by_rules(raw)
    if kw is not None:
        return kw
    return None


def _by_rules(raw: str) -> Keyword | list[Keyword] | None:
    """A keyword the rules define: its name, then its parameter as its rule writes it."""
    low = raw.lower()
    words = vocabulary().keywords
    name = None
    for n in _names():
        plain = n.replace("’", "'")  # the rules write "Doctor’s companion", Oracle text "'"
        if low == plain or low.startswith(plain) and not low[len(n):len(n) + 1].isalpha():
            name = n
            break
    if name is None:
        return None
    kdef = words.get(name) or _variant_parent(name)
    if kdef is None:
        return None
    rest = raw[len(name):].strip()
    canonical = kdef.name if name in words else name
    if canonical == "megamorph":
        # 702.37b: a variant of morph — cast face down for {3} and turned up for its cost
        # like morph, plus a +1/+1 counter as it turns up for that cost (special.py)
        if not rest:
            raise _not_simulated(raw, kdef.rule, raw)
        return Keyword("morph", cost=_keyword_cost(rest.lstrip("—–- ")), quality="megamorph",
                       text=raw, rule=R.MEGAMORPH)
    n: int | None = None
    cost = None
    x = False
    if not rest and canonical == "bargain":
        # "You may sacrifice an artifact, enchantment, or token as you cast this spell"
        # (702.166a): an optional additional cost, cast with ``additional: [bargain]``
        return Keyword("bargain", cost=Cost(sacrifice=noun("artifact, enchantment, or token")
                                            .filter, text="sacrifice an artifact, enchantment, "
                                                          "or token"), text=raw)
    if canonical == "splice" and (m := re.fullmatch(r"onto (arcane|instant or sorcery) "
                                                   r"((?:\{[^}]+\})+)", rest, re.I)):
        # "Splice onto Arcane {1}{R}" (702.47a): cast a spell of that kind with
        # ``splice: [card]``; a non-mana splice cost isn't simulated
        return Keyword("splice", cost=mana_cost(m.group(2)), quality=m.group(1).lower(),
                       text=raw)
    if canonical == "foretell" and _MANA.fullmatch(rest):
        # "Foretell {1}{U}" (702.143a: its rule writes no form): foretold from hand for {2}
        # on its owner's turn, cast from exile for that cost on a later turn
        return _finish(Keyword(canonical, cost=mana_cost(rest), text=raw), kdef)
    if canonical == "casualty" and re.fullmatch(r"\d+", rest):
        # "As an additional cost to cast this spell, you may sacrifice a creature with power N
        # or greater" (702.153a): cast with ``additional: [casualty]``
        n = int(rest)
        return Keyword("casualty", n, cost=Cost(
            sacrifice=Filter(types=frozenset({"creature"}), power_ge=n, controller="you",
                             text=f"creature with power {n} or greater"),
            text=f"sacrifice a creature with power {n} or greater"), text=raw)
    if canonical == "conspire" and not rest:
        # "… you may tap two untapped creatures you control that each share a color with it"
        # (702.78a): cast with ``additional: [conspire]``
        sharing = Filter(types=frozenset({"creature"}), tapped=False, controller="you",
                         shares_color=True,
                         text="untapped creature you control that shares a color with it")
        return Keyword("conspire", cost=Cost(
            tap_others=(sharing, 2),
            text="tap two untapped creatures you control that each share a color with it"),
            text=raw)
    if not rest:
        if any(f in ("", "without a number") for f in kdef.forms) or not kdef.forms:
            return _finish(Keyword(canonical, text=raw), kdef)
        raise Unsupported(msg("text.keywords.read_keyword", raw=raw))
    m = re.fullmatch(r"(\d+|x)\s*[—–-]\s*(.+)", rest, re.I)
    if m and any("N—" in f for f in kdef.forms):
        n = None if m.group(1).lower() == "x" else int(m.group(1))
        x = n is None
        cost = _keyword_cost(m.group(2))
        return _finish(Keyword(canonical, n, cost, x=x, text=raw), kdef)
    if any("[Effect]" in f for f in kdef.forms) and canonical in MEANING_KEYWORDS and (
            m := re.fullmatch(r"[—–-]\s*(.+?):\s*(.+)", rest, re.S)):
        # "Boast — {1}{R}: Draw a card.": the ability its rule spells out with the card's
        # cost and effect in it ("[Cost]: [Effect]. Activate only if …")
        return _finish(Keyword(canonical, cost=_keyword_cost(m.group(1)), text=raw), kdef,
                       effect=m.group(2).strip().rstrip("."))
    if (m := re.fullmatch(r"x, where x is (.+?)\.?", rest, re.I)) and "N" in kdef.forms and \
            canonical in MEANING_KEYWORDS:
        # "Mobilize X, where X is the number of creature cards in your graveyard": its
        # meaning with X for N, the sentence that says X saying what X is
        return _finish(Keyword(canonical, x=True, text=raw), kdef, where=m.group(1))
    if re.fullmatch(r"\d+|x", rest, re.I) and any(f in ("N", "X") for f in kdef.forms):
        if rest.lower() == "x":
            raise _not_simulated(raw, kdef.rule, raw)
        return _finish(Keyword(canonical, int(rest), text=raw), kdef)
    if any("[cost]" in f for f in kdef.forms):
        cost = _keyword_cost(rest.lstrip("—–- ").strip())
        return _finish(Keyword(canonical, cost=cost, text=raw), kdef)
    if canonical == "devour" and (m := re.fullmatch(r"(artifact|creature) (\d+)", rest, re.I)):
        return _finish(Keyword(canonical, int(m.group(2)), quality=m.group(1).lower(),
                               text=raw), kdef)
    if canonical == "affinity" and (m := re.fullmatch(r"for (.+)", rest, re.I)):
        # the case kept: "Affinity for Citizens" counts the subtype Citizen
        return _finish(Keyword(canonical, quality=m.group(1), text=raw), kdef)
    if canonical == "partner":
        return _finish(Keyword(canonical, text=raw), kdef)
    raise _not_simulated(raw, kdef.rule, raw)


@lru_cache(maxsize=1)
def _names() -> tuple[str, ...]:
    """Every keyword name and variant of the rules, longest first."""
    words = vocabulary().keywords
    names = list(words)
    for kdef in words.values():
        for v_name, _form, _meaning, _rule in kdef.variants:
            base = re.sub(r"\s*\[.*$", "", v_name).strip()
            if base and base[0].isalpha() and not base.startswith(("when", "whenever", "it")):
                names.append(base)
    return tuple(sorted(set(names), key=len, reverse=True))


def _variant_parent(name: str) -> KeywordDef | None:
    for kdef in vocabulary().keywords.values():
        for v_name, _form, _meaning, _rule in kdef.variants:
            if v_name.startswith(name):
                return kdef
    return None


def _finish(kw: Keyword, kdef: KeywordDef | None = None, effect: str = "",
            where: str = "") -> Keyword:
    """A keyword the engine simulates, or the refusal that it doesn't."""
    name = kw.name
    if name == "escalate" and isinstance(kw.cost, Cost) and not kw.cost.is_mana_only():
        # "Escalate—Discard a card": a non-mana cost paid for each extra mode isn't simulated
        raise _not_simulated(kw.text or name, R.ESCALATE, kw.text or name)
    if name in KEYWORD_RULES or name in NO_EFFECT_KEYWORDS:
        return kw
    kdef = kdef or vocabulary().keywords.get(name)
    if name in MEANING_KEYWORDS and kdef is not None and kdef.meaning and \
            MEANING_READER is not None:
        meaning = kdef.meaning
        if kw.n is not None:
            meaning = re.sub(r"\bN\b", str(kw.n), meaning)
        elif where:
            meaning = re.sub(r"\bN\b", "X", meaning)
            first, dot, rest_ = meaning.partition(".")
            if "X" not in first:
                raise _not_simulated(kw.text or name, kdef.rule, kw.text or name)
            meaning = f"{first}, where X is {where}{dot}{rest_}"
        if kw.cost is not None:
            meaning = meaning.replace("[cost]", _cost_text(kw.cost)).replace(
                "[Cost]", _cost_text(kw.cost))
        if effect:
            meaning = meaning.replace("[Effect]", effect)
        if kw.quality:  # "Affinity for artifacts": "… for each artifacts you control"
            meaning = meaning.replace("[text]", kw.quality)
        kw = replace(kw, rule=kdef.meaning_rule)
        try:
            parts = MEANING_READER(kw, meaning)
        except Unsupported as exc:
            raise _not_simulated(kw.text or name, kdef.rule, kw.text or name,
                                 because=exc.message) from None
        return replace(kw, parts=parts)
    raise _not_simulated(kw.text or name, kdef.rule if kdef else "702", kw.text or name)


def _typecycling(raw: str, kind: str, cost_text: str) -> Keyword:
    """"Mountaincycling {2}" (702.29e): "[Cost], Discard this card: Search your library for
    a [type] card, reveal it, put it into your hand, then shuffle." — a cycling ability, so
    what triggers on cycling triggers on it (702.29f)."""
    if not cost_text.strip() or MEANING_READER is None:
        raise _not_simulated(raw, R.TYPECYCLING, raw)
    what = kind if kind == "basic land" else kind[:1].upper() + kind[1:]
    cost = _keyword_cost(cost_text)
    kw = Keyword("typecycling", cost=cost, text=raw, rule=R.TYPECYCLING)
    meaning = (f"{_cost_text(cost)}, Discard this card: Search your library for a {what} card, "
               "reveal it, put it into your hand, then shuffle.")
    try:
        parts = MEANING_READER(kw, meaning)
    except Unsupported:
        raise _not_simulated(raw, R.TYPECYCLING, raw) from None
    parts = tuple(replace(p, label="cycling", rules=(R.TYPECYCLING, R.TYPECYCLING_IS_CYCLING))
                  if hasattr(p, "label") else p for p in parts)
    return replace(kw, parts=parts)


def _cost_text(cost: object) -> str:
    if isinstance(cost, Cost):
        if re.fullmatch(r"pay \d+ life", cost.text, re.I):  # "Ward—Pay 3 life": pays 3 life
            return cost.text[4:]
        return cost.text or str(cost.mana)
    return str(cost)


def _not_simulated(raw: str, rule: str, text: str, because: str = "") -> Unsupported:
    return Unsupported(msg("text.keywords.not_simulated", keyword=raw, rule=rule))


def _chinese(raw: str) -> Keyword | None:
    m = re.fullmatch(r"反(.+?)保护", raw)
    if m:
        return Keyword("protection", quality=_zh_protection(m.group(1)), text=raw)
    m = re.fullmatch(r"(海岛|沼泽|山脉|树林|平原)行者", raw)
    if m:
        return Keyword("landwalk", quality=ZH_LAND_TYPES[m.group(1)], text=raw)
    m = re.fullmatch(r"结附于(生物|神器|地|结界|永久物|牌手)", raw)
    if m:
        q = {"生物": "creature", "神器": "artifact", "地": "land", "结界": "enchantment",
             "永久物": "permanent", "牌手": "player"}[m.group(1)]
        return Keyword("enchant", quality=q, text=raw)
    m = re.fullmatch(r"延缓\s*(\d+|X|x)\s*[—–~-]+\s*(.+)", raw)
    if m:
        cost = mana_cost(m.group(2))
        if m.group(1).lower() == "x":
            return Keyword("suspend", None, cost, x=True, text=raw)
        return Keyword("suspend", int(m.group(1)), cost, text=raw)
    m = re.fullmatch(r"(消逝|消退|抵受|剧毒)\s*(\d+|[一二三四五六七八九十])", raw)
    if m:
        return Keyword(ZH_NUMBERED[m.group(1)], int(number(m.group(2))), text=raw)
    m = re.fullmatch(r"(变身|返照|疯魔|返响|购回|循环|呼魂|增幅|佩带)\s*[—–~-]?\s*(.+)", raw)
    if m:
        return Keyword(ZH_COSTED[m.group(1)], cost=_keyword_cost(m.group(2)), text=raw)
    return None


def _keyword_cost(text: str) -> ManaCost | Cost:
    text = text.strip()
    if text.startswith("{") and "," not in text and _MANA.fullmatch(text):
        return mana_cost(text)
    return read_cost(text)


def _protection_quality(q: str) -> str:
    q = q.strip().lower()
    if q in ("the chosen player", "chosen player"):
        return "chosen_player"
    if q in COLORS_EN or q in ("everything", "creatures", "artifacts", "enchantments",
                               "multicolored", "monocolored", "instants", "sorceries",
                               "planeswalkers", "lands", "colorless"):
        return q
    if q.startswith("non") and q[3:] in COLORS_EN:
        return q
    m = re.fullmatch(r"(\w+)", q)
    if m:
        sub = vocabulary().subtype(m.group(1))
        if sub:
            return "subtype:" + sub
    raise _not_simulated("protection from " + q, "702.16", q)


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
    >>> [k.label() for k in read_keywords("Protection from black and from red")]
    ['protection from black', 'protection from red']
    """
    if re.match(r"[A-Za-z][\w -]*—", text.strip()):
        # "Flashback—{1}{G}, Pay 3 life": a cost written after an em dash is the whole rest
        # (702.1: a keyword whose cost has non-mana parts), not a list
        parts = [text]
    else:
        parts = [p for p in re.split(r"[,，、;；]\s*(?![^{]*\})(?!\s*from\b)(?!\s*and from\b)"
                                     r"(?!\s*where\b)",
                                     text) if p.strip()]
    out: list[Keyword] = []
    for p in parts:
        kw = _read(p)
        if kw is None:
            raise Unsupported(msg("text.keywords.read_keywords", value=p.strip()))
        out.extend(kw if isinstance(kw, list) else [kw])
    return out


def keyword_list(text: str) -> tuple:
    return tuple(read_keywords(re.sub(r"\band\b(?! from)", ",", text)))


__all__ = ["read_keyword", "read_keywords", "keyword_list", "MEANING_READER", "NUMBERED",
           "COSTED"]


def _enchant_phrase(raw: str, phrase: str) -> Keyword:
    """ "Enchant creature you control", "Enchant artifact or creature", "Enchant land you
    control": what the Aura may target and be attached to is that noun phrase (303.4a,
    702.5a), read as any other."""
    if re.search(r"\b(?:player|opponent)s?\b", phrase, re.I):
        raise _not_simulated(raw, "702.5", raw)  # a player with a qualifier
    try:
        f = noun(phrase).filter
    except Unsupported:
        raise _not_simulated(raw, "702.5", raw) from None
    if f.zone not in (None, "battlefield") or not (f.types or f.any_types or f.subtypes or
                                                   f.not_types):
        raise _not_simulated(raw, "702.5", raw)
    return Keyword("enchant", quality="permanent", text=raw, filter=f)
