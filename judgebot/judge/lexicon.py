"""The words a judge call is made of: rules terms, card names and table talk.

Built once per process from the corpus: every glossary headword and keyword
name (English and Chinese, either script, pinyin), and a small hand-made
vocabulary of zones, steps, players and counters in both languages (the words
players use at the table, not rules text), found with two Aho–Corasick
automata (``pyahocorasick``: one pass over the question whatever the number
of names), English ones at word boundaries.

Card names (some 30,000 cards, their faces, Chinese names and nicknames) are
looked up in the store instead, by the question's words (English) and
character pairs (Chinese): building an automaton of them cost every process
that answers a question most of a second. A card name made only of words the
rules use ("Sacrifice", "Time Walk") counts only as printed, capitals and
all; a two-character Chinese name the rules use is no card name at all; the
cards of the casual variants' own types (Vanguard "Karn", Planes, Schemes …)
are left out: a question that says "Karn" means one of the planeswalkers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import ahocorasick

from judgebot.corpus import EN, Record, zh_of
from judgebot.judge import situations
from judgebot.judge.concepts import KEYWORD_ALIASES
from judgebot.search.analysis import fold
from judgebot.search.spelling import Corrector
from judgebot.store import Store
from judgebot.text.names import name_key
from judgebot.text.segment import segmenter

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
    printed: str = ""  # a name that counts only as printed, capitals and all


def _capitalised_anyway(name: str, text: str, at: int) -> bool:
    """A one-word name ("What", "Opt") at the start of a sentence: its capital
    says nothing about whether a card is meant."""
    before = text[:at].rstrip()
    return " " not in name and (not before or before[-1] in ".?!:;\n\"'“‘。")


class Lexicon:
    def __init__(self, store: Store, pinyin: dict[str, list[str]] | None = None,
                 pool_names: list[list[str]] | None = None,
                 vocabulary: Callable[[str], bool] | None = None):
        # A word of the corpus ("playing") is never a slip for a term ("flying").
        self.vocabulary = vocabulary or (lambda word: False)
        self.terms: dict[tuple[str, str], list[Term]] = {}
        self._card_terms: dict[tuple[str, str], list[Term]] = {}  # filled as questions name them
        self.store = store
        self.situations = situations.load(store)
        self.tournament_cues = situations.tournament_cues("tournament")
        self.weak_tournament_cues = situations.tournament_cues("tournament_weak")
        self._situations = {s.name: s for s in self.situations}
        current = store.current_edition("mtg", "glossary")
        glossary = list(store.records("mtg", "glossary", current))
        # The Chinese of each headword: its own, or the translated edition's entry
        # of the same slug (read in one pass, as the store's translation_of would).
        translated = store.translated_edition("mtg")
        by_slug = {r.slug: r for r in store.records("mtg", "glossary", translated)} \
            if translated and translated != current else {}
        by_term = {r.term.get(EN, "").lower(): r for r in glossary}
        for rec in glossary:
            rules = _glossary_rules(rec, by_term, store)
            own = _zh(rec.term)
            partner = by_slug.get(rec.slug)
            zh = own or (_zh(partner.term) if partner is not None and zh_of(partner.definition)
                         else "")
            kind = "keyword" if _is_keyword(rec, rules) else "term"
            self._add(rec.term.get(EN, ""), "en", kind, rec.id, rules)
            self._add(zh, "zh", kind, rec.id, rules)
        for game in store.games:
            if game != "mtg":
                for rec in store.records(game, "glossary"):
                    self._add(_zh(rec.term), "zh", "term", rec.id, rec.rules)
        # Cards the engine can play that the corpus has no record of.
        for names in pool_names or []:
            if not any(store.card_keys(name_key(n)) for n in names):
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
        # (Card names are left out: 30,000 names would make every ordinary word
        # a near miss of one; a misspelt card name is the card finder's job.)
        words = {w for (t, lang), terms in self.terms.items() if lang == "en"
                 and any(term.kind != "card" for term in terms)
                 for w in re.findall(r"[a-z]+", t)}
        self.corrector = Corrector({w: 1 for w in words if len(w) >= 5})
        self._en = _automaton(t for (t, lang) in self.terms if lang == "en")
        self._zh = _automaton(t for (t, lang) in self.terms if lang == "zh")

    def _add(self, text: str, lang: str, kind: str, value: str, rules: list[str],
             generic_ok: bool = False, printed: str = "") -> None:
        text = fold(text).strip()
        if lang == "en":
            text = text.lower()
            if not generic_ok and (text in GENERIC or len(text) < 3):
                return
        elif len(text) < 2 and not generic_ok:
            return
        if not text:
            return
        found = self.terms.setdefault((text, lang), [])
        if not any(t.kind == kind and t.value == value for t in found):
            found.append(Term(text, lang, kind, value, rules, printed))

    def find(self, text: str) -> list[tuple[int, int, Term]]:
        """Every term in ``text`` (already folded), longest match first, no overlaps."""
        candidates: list[tuple[int, int, str, str]] = self._card_candidates(text)
        if self._zh is not None:
            for end, key in self._zh.iter(text):
                candidates.append((end - len(key) + 1, end + 1, key, "zh"))
        if self._en is not None:
            lower = text.lower()
            for end, key in self._en.iter(lower):
                start = end - len(key) + 1
                if start > 0 and _WORD_CHAR.match(lower[start - 1]):
                    continue
                for ending in ("", "s", "es"):  # an English term names its plural too
                    stop = end + 1 + len(ending)
                    if lower[end + 1:stop] == ending and (
                            stop >= len(lower) or not _WORD_CHAR.match(lower[stop])):
                        candidates.append((start, stop, key, "en"))
                        break
        candidates.sort(key=lambda c: (c[0], c[0] - c[1]))
        found: list[tuple[int, int, Term]] = []
        reach = -1
        bounds: set[int] | None = None
        for s, e, key, lang in candidates:
            if s < reach:
                continue
            terms = [t for t in (self.terms.get((key, lang), [])
                                 + self._card_terms.get((key, lang), []))
                     if not t.printed or (text[s:s + len(t.printed)] == t.printed
                                          and not _capitalised_anyway(t.printed, text, s))]
            if lang == "zh" and len(key) <= 2 and any(t.kind != "card" for t in terms):
                # A two-character name the rules give a keyword or term (坚忍
                # is persist's older name and a card's) means the rules' thing.
                terms = [t for t in terms if t.kind != "card"]
            if lang == "zh" and any(t.kind != "card" for t in terms):
                # A rules word inside a longer word is not that word: 吸血
                # (lifelink) in 吸血鬼 (Vampire).
                if bounds is None:
                    bounds = word_bounds(text)
                if s not in bounds or e not in bounds:
                    terms = [t for t in terms if t.kind == "card"]
            if not terms:
                continue
            reach = e
            found.extend((s, e, term) for term in terms)
        return found

    def _card_candidates(self, text: str) -> list[tuple[int, int, str, str]]:
        """Card names in ``text``: the store's names that begin with one of its
        words or character pairs, and that the text holds there."""
        lower = text.lower()
        words = [(m.start(), m.group()) for m in _NAME_WORD.finditer(lower)
                 if m.start() == 0 or not _WORD_CHAR.match(lower[m.start() - 1])]
        # "Kenrith's", "Bolts" and "Shocked" begin the one-word names "Kenrith",
        # "Bolt" and "Shock", when written with a capital ("wears" is a word,
        # not the card Wear).
        words += [(at, w[:-len(e)]) for at, w in words for e in NAME_ENDINGS
                  if e and w.endswith(e) and len(w) > len(e) + 2 and text[at].isupper()]
        pairs = [(i, text[i:i + 2]) for m in _CJK_RUN.finditer(text)
                 for i in range(m.start(), m.end() - 1)]
        out: list[tuple[int, int, str, str]] = []
        for lang, heads, source in (("en", words, lower), ("zh", pairs, text)):
            by_head: dict[str, list[int]] = {}
            for at, head in heads[:MAX_HEADS]:
                by_head.setdefault(head, []).append(at)
            for head, name, rid, printed in self.store.card_terms(lang, by_head):
                key = (name, lang)
                found = self._card_terms.setdefault(key, [])
                if not any(t.value == rid for t in found):
                    found.append(Term(name, lang, "card", rid, [], printed))
                for at in by_head.get(head, ()):
                    if not source.startswith(name, at):
                        continue
                    end = at + len(name)
                    if lang == "zh":
                        out.append((at, end, name, lang))
                        continue
                    # A name's plural and possessive name it too, and the name
                    # as a verb when written with its capital ("Shocked",
                    # "Giant Growth'd", "Mind Controlled"; "shocked" is a word).
                    for ending in NAME_ENDINGS:
                        if ending in VERB_ENDINGS and not text[at].isupper():
                            continue
                        stop = end + len(ending)
                        if source[end:stop] == ending and (
                                stop >= len(source) or not _WORD_CHAR.match(source[stop])):
                            out.append((at, stop, name, lang))
                            break
        return out

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


# "See Limited Range of Influence." / "See “Enters the Battlefield.”"
_SEE = re.compile(r"\bSee (?:also )?[“\"]?([A-Z][^.”\"]*?)[”\"]?\.(?:[”\"])?(?:\s|$)")
_RULE_REF = re.compile(r"\b(\d{3}(?:\.\d{1,3}[a-z]?)?)\b")


def _is_keyword(rec: Record, rules: list[str]) -> bool:
    """A keyword ability: said so by its definition, or defined in rule 702
    ("Menace: An evasion ability …" is 702.111)."""
    number = rules[0].rsplit(":", 1)[-1] if rules else ""
    return "keyword" in rec.definition.get(EN, "").lower() or number.startswith("702.")


def _glossary_rules(rec: Record, by_term: dict[str, Record], store: Store) -> list[str]:
    """The rules a glossary entry points to: its own, else the rule numbers its
    definition names, else those of the entry it refers to ("Range of Influence:
    See Limited Range of Influence.")."""
    if rec.rules:
        return list(rec.rules)
    definition = rec.definition.get(EN, "")
    named = [store.rule(n) for n in dict.fromkeys(_RULE_REF.findall(definition))]
    if any(named):
        return [r.id for r in named if r is not None]
    for name in _SEE.findall(definition):
        target = by_term.get(name.strip().lower())
        if target is not None and target is not rec and target.rules:
            return list(target.rules)
    return []


def _zh(mapping: dict[str, str]) -> str:
    return fold(zh_of(mapping))


# English words may sit right against Chinese ("我的trample生物"), so only Latin
# letters, digits and the apostrophe count as word characters at the edges.
_WORD_CHAR = re.compile(r"[A-Za-z0-9']")


def word_bounds(text: str) -> set[int]:
    """Where the segmenter's words of ``text`` begin and end."""
    bounds = {0, len(text)}
    for _, start, end in segmenter().words(text):
        bounds.update((start, end))
    return bounds
_NAME_WORD = re.compile(r"[a-z0-9']+")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
NAME_ENDINGS = ("", "s", "es", "'s", "’s", "'d", "’d", "ed", "d", "led")
VERB_ENDINGS = frozenset(("'d", "’d", "ed", "d", "led"))
MAX_HEADS = 400  # words or character pairs of a question looked up as card names
CASUAL_TYPES = ("Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy", "Dungeon")


def _automaton(keys) -> ahocorasick.Automaton | None:
    automaton = ahocorasick.Automaton()
    for key in keys:
        if key:
            automaton.add_word(key, key)
    if not len(automaton):
        return None
    automaton.make_automaton()
    return automaton
