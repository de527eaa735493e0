"""The words a judge call is made of: rules terms, card names and table talk.

Built once per process from the corpus: every glossary headword and keyword
name (English and Chinese, either script, pinyin), every card name, and a
small hand-made vocabulary of zones, steps, players and counters in both
languages (the words players use at the table, not rules text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgebot.corpus import EN, Record, zh_of
from judgebot.judge import situations
from judgebot.judge.concepts import KEYWORD_ALIASES
from judgebot.search.analysis import fold
from judgebot.search.spelling import Corrector
from judgebot.store import Store

# canonical value: (English forms, Chinese forms)
ZONES = {
    "battlefield": (["battlefield", "in play"], ["战场"]),
    "graveyard": (["graveyard", "graveyards", "yard"], ["坟墓场", "墓地"]),
    "exile": (["exile", "exiled"], ["放逐区", "放逐"]),
    "hand": (["hand", "hands"], ["手牌", "手上"]),
    "library": (["library", "deck"], ["牌库", "牌组"]),
    "stack": (["stack"], ["堆叠"]),
    "command": (["command zone"], ["统帅区"]),
}
STEPS = {
    "untap": (["untap step"], ["重置步骤"]),
    "upkeep": (["upkeep"], ["维持步骤", "维持"]),
    "draw": (["draw step"], ["抓牌步骤"]),
    "precombat_main": (["precombat main phase", "first main phase", "main phase 1"],
                       ["战斗前主阶段", "第一个主阶段", "行动阶段"]),
    "beginning_of_combat": (["beginning of combat"], ["战斗开始步骤"]),
    "declare_attackers": (["declare attackers", "declare attackers step"],
                          ["宣告攻击者步骤", "宣告攻击"]),
    "declare_blockers": (["declare blockers", "declare blockers step"],
                         ["宣告阻挡者步骤", "宣告阻挡"]),
    "first_strike_damage": (["first strike damage step", "first-strike damage"],
                            ["先攻战斗伤害步骤"]),
    "combat_damage": (["combat damage step"], ["战斗伤害步骤"]),
    "end_of_combat": (["end of combat", "end of combat step"], ["战斗结束步骤"]),
    "postcombat_main": (["postcombat main phase", "second main phase", "main phase 2"],
                        ["战斗后主阶段", "第二个主阶段"]),
    "end": (["end step", "end of turn"], ["结束步骤", "回合结束"]),
    "cleanup": (["cleanup step", "cleanup"], ["清除步骤"]),
}
PLAYERS = {
    "you": (["i", "me", "my", "mine", "myself"], ["我", "我的", "自己"]),
    "opponent": (["opponent", "opponents", "opponent's", "my opponent", "they", "their"],
                 ["对手", "对方", "对手的"]),
}
COUNTER = re.compile(
    r"(?P<pt>[+\-−]\d+/[+\-−]\d+)\s*(?:counters?|指示物)"
    r"|(?P<kind>time|loyalty|poison|charge|fade|age|level|lore|oil|shield|stun)\s+counters?"
    r"|(?P<zh>计时|忠诚|中毒|充电|消逝|年岁|等级|传奇|油|护盾|眩晕)指示物",
    re.IGNORECASE,
)
ZH_COUNTERS = {"计时": "time", "忠诚": "loyalty", "中毒": "poison", "充电": "charge",
               "消逝": "fade", "年岁": "age", "等级": "level", "传奇": "lore", "油": "oil",
               "护盾": "shield", "眩晕": "stun"}
PT = re.compile(r"(?<![+\-−\d/])(\d{1,2}|X|\*)/(\d{1,2}|X|\*)(?![\d/])")
GENERIC = {"card", "cards", "player", "players", "game", "turn", "text", "name", "life",
           "object", "source", "effect", "you, your", "control", "controller", "owner",
           "spell", "ability", "damage", "draw", "target", "cost", "mana", "play", "copy",
           "type", "color", "zone", "token", "counter", "permanent", "creature"}


@dataclass
class Term:
    """One name of one thing, in one language."""

    text: str  # folded (Simplified, half-width), lowercased for English
    lang: str  # en | zh | pinyin
    kind: str  # term | keyword | card | zone | step | player
    value: str  # record id, or canonical zone/step/player name
    rules: list[str] = field(default_factory=list)


class Lexicon:
    def __init__(self, store: Store, pinyin: dict[str, list[str]] | None = None,
                 pool_names: list[list[str]] | None = None):
        self.terms: dict[tuple[str, str], list[Term]] = {}
        self.store = store
        self.situations = situations.load(store)
        self._situations = {s.name: s for s in self.situations}
        current = store.current_edition("mtg", "glossary")
        glossary = list(store.records("mtg", "glossary", current))
        for rec in glossary:
            partner = store.translation_of(rec)
            zh = _zh(partner.term) if partner is not None else ""
            kind = "keyword" if "keyword" in rec.definition.get(EN, "").lower() else "term"
            self._add(rec.term.get(EN, ""), "en", kind, rec.id, rec.rules)
            self._add(zh, "zh", kind, rec.id, rec.rules)
        for game in store.games:
            if game != "mtg":
                for rec in store.records(game, "glossary"):
                    self._add(_zh(rec.term), "zh", "term", rec.id, rec.rules)
        for rec in store.records(kind="card"):
            self._add(rec.name.get(EN, ""), "en", "card", rec.id, [])
            self._add(_zh(rec.name), "zh", "card", rec.id, [])
        # Cards the engine can play that the corpus has no record of (Lightning Bolt …).
        for names in pool_names or []:
            if not any((fold(n).lower() if n.isascii() else fold(n), lang) in self.terms
                       for n in names for lang in ("en", "zh")):
                for name in names:
                    self._add(name, "en" if name.isascii() else "zh", "card", f"pool:{names[0]}",
                              [], generic_ok=True)
        by_headword = {r.term.get(EN, "").lower(): r for r in glossary}
        for alias, headword in KEYWORD_ALIASES.items():
            rec = by_headword.get(headword.lower())
            lang = "en" if alias.isascii() else "zh"
            key = (fold(alias).lower() if lang == "en" else fold(alias), lang)
            if rec is not None and key not in self.terms:
                self._add(alias, lang, "keyword", rec.id, rec.rules)
        for table, kind in ((ZONES, "zone"), (STEPS, "step"), (PLAYERS, "player")):
            for value, (en_forms, zh_forms) in table.items():
                for form in en_forms:
                    self._add(form, "en", kind, value, [], generic_ok=True)
                for form in zh_forms:
                    self._add(form, "zh", kind, value, [], generic_ok=True)
        self.pinyin: dict[str, list[str]] = {
            key: ids for key, ids in (pinyin or {}).items() if len(key) >= 4}
        # Misspellings are corrected only towards the words of rules terms and
        # names: a general vocabulary would "correct" ordinary English.
        words = {w for (t, lang) in self.terms if lang == "en" for w in re.findall(r"[a-z]+", t)}
        self.corrector = Corrector({w: 1 for w in words if len(w) >= 5})
        self._en = _compile([t for (t, lang) in self.terms if lang == "en"], words=True)
        self._zh = _compile([t for (t, lang) in self.terms if lang == "zh"], words=False)

    def _add(self, text: str, lang: str, kind: str, value: str, rules: list[str],
             generic_ok: bool = False) -> None:
        text = fold(text).strip()
        if lang == "en":
            text = text.lower()
            if not generic_ok and (text in GENERIC or len(text) < 3):
                return
        elif len(text) < 2 and not generic_ok:
            return
        if not text:
            return
        self.terms.setdefault((text, lang), []).append(Term(text, lang, kind, value, rules))

    def find(self, text: str) -> list[tuple[int, int, Term]]:
        """Every term in ``text`` (already folded), longest match first, no overlaps."""
        found: list[tuple[int, int, Term]] = []
        taken: list[tuple[int, int]] = []
        for pattern, lang, source in ((self._zh, "zh", text), (self._en, "en", text.lower())):
            if pattern is None:
                continue
            for m in pattern.finditer(source):
                s, e = m.span()
                if any(s < te and ts < e for ts, te in taken):
                    continue
                key = m.group()
                if (key, lang) not in self.terms:  # a plural: the term without its ending
                    key = key[:-2] if (key[:-2], lang) in self.terms else key[:-1]
                taken.append((s, e))
                for term in self.terms[(key, lang)]:
                    found.append((s, e, term))
        return sorted(found, key=lambda f: (f[0], -f[1]))

    def zh_name(self, rid: str) -> str:
        """The Chinese name the lexicon knows a record by ("" if none)."""
        for (text, lang), terms in self.terms.items():
            if lang == "zh" and any(t.value == rid for t in terms):
                return text
        return ""

    def record(self, rid: str) -> Record | None:
        return self.store.get(rid)

    def situation(self, name: str) -> situations.Situation | None:
        return self._situations.get(name)


def _zh(mapping: dict[str, str]) -> str:
    return fold(zh_of(mapping))


def _compile(items: list[str], words: bool) -> re.Pattern | None:
    items = sorted({w for w in items if w}, key=lambda w: (-len(w), w))
    if not items:
        return None
    body = "|".join(re.escape(w) for w in items)
    # English words may sit right against Chinese ("我的trample生物"), so only
    # Latin letters and digits count as word characters at the edges.
    # An English term also names its plural ("lands", "counters", "tokens").
    return re.compile(rf"(?<![A-Za-z0-9'])(?:{body})(?:s|es)?(?![A-Za-z0-9'])" if words else body)

