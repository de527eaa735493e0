"""Understanding a judge call: its language and script, and the things it names.

``understand`` finds rule numbers, glossary terms and keywords (English,
Chinese in either script, pinyin, misspelt), card names, P/T (``3/3``),
counters, zones, steps and players in a question typed as people talk at the
table, in Chinese, English or both at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgebot.judge import situations
from judgebot.judge.lexicon import COUNTER, PT, ZH_COUNTERS, Lexicon
from judgebot.policynumbers import label as section_label
from judgebot.policynumbers import normalize as section_key
from judgebot.references import find_refs
from judgebot.search.query import clean
from judgebot.search.spelling import Corrector
from judgebot.text.script import is_cjk, to_hans
from judgebot.text.segment import segmenter

# A section of the tournament documents as people type it: "IPG 2.2", "MTR
# 4.2", "MTR第3.12条", "IPG appendix A".
SECTION_NUMBER = re.compile(r"\b(MTR|IPG)\s*(?:section\s*|第\s*)?"
                            r"(\d{1,2}(?:\.\d{1,2})?|appendix\s+[a-f])(?![\d.]\d)",
                            re.IGNORECASE)
RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?|\d{3})(?![\d])")
OTHER_GAMES = {
    "yugioh": ["yu-gi-oh", "yugioh", "游戏王", "遊戲王"],
    "pokemon": ["pokemon", "pokémon", "宝可梦", "神奇宝贝", "寶可夢"],
    "hearthstone": ["hearthstone", "炉石", "爐石"],
    "fow": ["force of will", "fow", "法术之力"],
    "chess": ["chess", "国际象棋", "象棋"],
}


@dataclass
class Entity:
    # rule | section | term | keyword | situation | card | pt | counter | zone | step | player
    kind: str
    text: str  # the words of the question that name it
    start: int
    end: int
    # rule number, section label ("IPG 2.2"), record id, "3/3", counter kind,
    # zone/step/player name
    value: str
    lang: str = ""  # en | zh | pinyin
    how: str = "exact"  # exact | misspelt | pinyin
    rules: list[str] = field(default_factory=list)  # rules a named term points to

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Understanding:
    question: str
    text: str  # cleaned and folded
    language: str  # zh | en | mixed | none
    script: str | None  # Hans | Hant for Chinese questions
    entities: list[Entity]
    other_game: str | None = None
    corrections: dict[str, str] = field(default_factory=dict)
    # Asked at a tournament ("yes", "maybe" or ""): the MTR and the IPG may decide it.
    tournament: str = ""

    def of(self, *kinds: str) -> list[Entity]:
        return [e for e in self.entities if e.kind in kinds]

    def to_dict(self) -> dict:
        out = dict(self.__dict__)
        out["entities"] = [e.to_dict() for e in self.entities]
        return out


def language_of(text: str) -> tuple[str, str | None]:
    cjk = sum(1 for ch in text if is_cjk(ch))
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if not cjk and not latin:
        return "none", None
    if cjk and latin >= 4:
        language = "mixed"
    else:
        language = "zh" if cjk else "en"
    script = None
    if cjk:
        chars = "".join(ch for ch in text if is_cjk(ch))
        script = "Hant" if to_hans(chars) != chars else "Hans"
    return language, script


def understand(question: str, lexicon: Lexicon) -> Understanding:
    text, _ = clean(question)
    language, script = language_of(question)
    u = Understanding(question=question, text=text, language=language, script=script,
                      entities=[])
    _rule_numbers(u)
    _terms(u, lexicon, text, how="exact")
    u.other_game = _other_game(text, [(e.start, e.end) for e in u.of("card")])
    fixed = _correct(text, lexicon.corrector, lexicon, u)
    if fixed != text:
        # Where the slips were fixed letter for letter, a fixed word stands where it
        # was typed ("tramble" is trample there, even if "trample" comes later).
        aligned = len(fixed) == len(text)
        known = {(e.kind, e.value, e.start if aligned else 0) for e in u.entities}
        before = len(u.entities)
        _terms(u, lexicon, fixed, how="misspelt")
        u.entities[before:] = [e for e in u.entities[before:]
                               if (e.kind, e.value, e.start if aligned else 0) not in known]
    _pinyin(u, lexicon)
    _homophones(u, lexicon)
    _short_names(u)  # before the situations read the named cards' texts
    _situations(u, lexicon, fixed)
    u.tournament = _tournament(u, lexicon, fixed)
    _pt_and_counters(u)
    u.entities.sort(key=lambda e: (e.start, e.kind))
    return u


def _short_names(u: Understanding) -> None:
    """A card named again by part of its name ("Siege Rhino … the Rhino",
    "Benalish Cavalry … my Cavalry") is that card, not another whose name
    the part also fits."""
    named: list[Entity] = []
    for e in sorted(u.of("card"), key=lambda e: e.start):
        words = e.text.lower().split()
        earlier = next((n for n in named if n.value != e.value and n.end <= e.start
                        and _words_within(words, n.text.lower().split())), None)
        if earlier is not None:
            e.value = earlier.value
        else:
            named.append(e)


def _words_within(part: list[str], whole: list[str]) -> bool:
    """``part`` is a shorter run of whole words of ``whole`` (punctuation aside);
    in Chinese, which has no spaces, a shorter part of it."""
    joined, whole_joined = "".join(part), "".join(whole)
    if not joined.isascii():
        return joined in whole_joined and len(joined) < len(whole_joined)
    clean = [w.strip(",.'’") for w in whole]
    part = [w.strip(",.'’") for w in part]
    return bool(part) and len(part) < len(clean) and any(
        clean[i:i + len(part)] == part for i in range(len(clean) - len(part) + 1))


def _other_game(text: str, cards: list[tuple[int, int]]) -> str | None:
    """The other game a question names, unless the name is a Magic card's
    ("I Force of Will it" names the card, not the game)."""
    lower = text.lower()
    for game, names in OTHER_GAMES.items():
        for name in names:
            for m in re.finditer(rf"(?<![a-z]){re.escape(name)}(?![a-z])", lower):
                if not any(s <= m.start() and m.end() <= e for s, e in cards):
                    return game
    return None


def _rule_numbers(u: Understanding) -> None:
    seen: set[str] = set()
    sections: list[tuple[int, int]] = []
    for m in SECTION_NUMBER.finditer(u.text):
        key = section_key(m.group(2))
        if key is not None:
            label = section_label(m.group(1).lower(), key)
            u.entities.append(Entity("section", m.group(), m.start(), m.end(), label))
            sections.append(m.span())
    for m in RULE_NUMBER.finditer(u.text):
        if any(s <= m.start() < e for s, e in sections):
            continue
        number = m.group(1)
        if len(number) == 3 and not re.search(r"(rule|规则|第|cr)\s*$", u.text[:m.start()],
                                              re.IGNORECASE):
            continue  # a bare three-digit number is a quantity, not a section
        if number not in seen:
            seen.add(number)
            u.entities.append(Entity("rule", m.group(), m.start(), m.end(), number))
    for number in find_refs(u.text):
        if number not in seen and re.fullmatch(r"\d{3}(?:\.\d+[a-z]?)?", number):
            seen.add(number)
            pos = u.text.find(number)
            u.entities.append(Entity("rule", number, max(pos, 0), max(pos, 0) + len(number),
                                     number))


def _terms(u: Understanding, lexicon: Lexicon, text: str, how: str) -> None:
    for start, end, term in lexicon.find(text):
        kind = term.kind
        u.entities.append(Entity(kind, text[start:end], start, end, term.value, term.lang,
                                 how, list(term.rules)))


def _card_spans(u: Understanding) -> list[tuple[int, int]]:
    return [(e.start, e.end) for e in u.entities if e.kind == "card"]


def _correct(text: str, corrector: Corrector, lexicon: Lexicon, u: Understanding) -> str:
    # A card named in the question is no slip ("Shocked" is Shock, not "locked").
    named = _card_spans(u)

    def fix(m: re.Match) -> str:
        word = m.group()
        lower = word.lower()
        if (len(lower) < 5 or corrector.known(lower) or lower in lexicon.pinyin
                or lexicon.vocabulary(lower)
                or any(a <= m.start() and m.end() <= b for a, b in named)):
            return word
        suggestion = corrector.suggest(lower)
        if suggestion and suggestion not in (lower[:-1], lower[:-2]):  # not a plural
            u.corrections[word] = suggestion
            return suggestion
        return word

    return re.sub(r"[A-Za-z]+", fix, text)


def _pinyin(u: Understanding, lexicon: Lexicon) -> None:
    words = list(re.finditer(r"[a-z]+", u.text.lower()))
    taken = {(e.start, e.end) for e in u.entities}
    for i in range(len(words)):
        for span in (1, 2, 3):
            group = words[i: i + span]
            if len(group) < span:
                break
            key = "".join(g.group() for g in group)
            ids = lexicon.pinyin.get(key)
            start, end = group[0].start(), group[-1].end()
            if ids and (start, end) not in taken:
                rec = lexicon.record(ids[0])
                kind = "card" if rec is not None and rec.kind == "card" else "term"
                rules = list(getattr(rec, "rules", []) or [])
                u.entities.append(Entity(kind, u.text[start:end], start, end, ids[0], "pinyin",
                                         "pinyin", rules))
                taken.add((start, end))


def _situations(u: Understanding, lexicon: Lexicon, corrected: str) -> None:
    """The table situations the question describes, in its words (as typed, or
    with its slips corrected) or (how="card"; "card+words" when the question's
    words meet its other condition) in a named card's type line and
    text."""
    texts = []
    for e in u.entities:
        rec = lexicon.record(e.value) if e.kind == "card" else None
        if rec is not None:
            texts.append(rec.type_line.get("en", "") + "\n" + rec.text.get("en", ""))
    names = _card_spans(u)
    found = situations.find(lexicon.situations, u.text, texts, names)
    if corrected != u.text:
        named = {f.situation.name for f in found}
        # Corrections may change the words' lengths; then where the names are is unknown.
        found += [f for f in situations.find(
            lexicon.situations, corrected, texts,
            names if len(corrected) == len(u.text) else ()) if f.situation.name not in named]
    for f in found:
        s = f.situation
        u.entities.append(Entity("situation", u.text[f.start:f.end], f.start, f.end, s.name,
                                 how=("card+words" if f.confirmed else "card") if f.by_card
                                 else "exact", rules=list(s.rules)))


def _tournament(u: Understanding, lexicon: Lexicon, corrected: str) -> str:
    """"yes" when the question is asked at a tournament (it names a section of
    the tournament documents, describes an infraction, or uses the words of
    tournaments), "maybe" on words as often said of the game, else ""."""
    if any(e.kind == "section" for e in u.entities) or any(
            (s := lexicon.situation(e.value)) is not None and s.tournament
            for e in u.of("situation")):
        return "yes"
    if situations.at_tournament(lexicon.tournament_cues, corrected):
        return "yes"
    if situations.at_tournament(lexicon.weak_tournament_cues, corrected):
        return "maybe"
    return ""


def _homophones(u: Understanding, lexicon: Lexicon) -> None:
    """Chinese typed by pinyin often comes out as a homophone (贱踏 for 践踏): a
    two- to four-character run that is no word of the corpus but sounds like a
    headword is taken for that headword."""
    if not any(is_cjk(ch) for ch in u.text):
        return
    from pypinyin import Style, lazy_pinyin  # loaded only for Chinese questions

    taken = [(e.start, e.end) for e in u.entities]
    known = segmenter_words()
    seg = segmenter()
    for m in re.finditer(r"[\u4e00-\u9fff]+", u.text):
        run, base = m.group(), m.start()
        # A slip replaces whole words: 贱踏 is cut 贱/踏, but 义之 inside 正义之怒
        # (正义/之/怒) cuts a word in two and is no slip for 易质.
        bounds = {0} | {end for _, _, end in seg.words(run)}
        for size in (4, 3, 2):
            for i in range(len(run) - size + 1):
                start, end = base + i, base + i + size
                gram = run[i:i + size]
                if gram in known or i not in bounds or i + size not in bounds or any(
                        s < end and start < e for s, e in taken):
                    continue
                key = "".join(lazy_pinyin(gram, style=Style.NORMAL))
                ids = lexicon.pinyin.get(key)
                rec = lexicon.record(ids[0]) if ids else None
                if rec is None or rec.kind != "glossary":
                    continue
                name = lexicon.zh_name(rec.id) or rec.term.get("zh-Hans") or ""
                if _grammar_char_slip(gram, name):
                    continue
                u.entities.append(Entity("keyword", gram, start, end, rec.id, "zh", "homophone",
                                         list(getattr(rec, "rules", []) or [])))
                u.corrections[gram] = name
                taken.append((start, end))


# Characters of grammar, typed on purpose in nearly every sentence: a run that
# has one where the headword has another character is no slip (是放 "is it
# putting" is not 施放 "cast", 在场 is not 再场).
GRAMMAR_CHARS = frozenset("是的了在我你他她它有不也就都要会能把被给让这那吗呢")


def _grammar_char_slip(gram: str, name: str) -> bool:
    return any(c in GRAMMAR_CHARS and (len(name) != len(gram) or name[i] != c)
               for i, c in enumerate(gram))


def segmenter_words() -> dict:
    """The words of the current jieba dictionary (the corpus's vocabulary)."""
    seg = segmenter()
    seg._init()
    return seg._tk.FREQ


def _pt_and_counters(u: Understanding) -> None:
    for m in COUNTER.finditer(u.text):
        value = m.group("pt") or (m.group("kind") or "").lower() or ZH_COUNTERS.get(
            m.group("zh") or "", "")
        value = value.replace("−", "-")
        u.entities.append(Entity("counter", m.group(), m.start(), m.end(), value))
    counter_spans = [(e.start, e.end) for e in u.entities if e.kind == "counter"]
    for m in PT.finditer(u.text):
        if any(s <= m.start() < e for s, e in counter_spans):
            continue
        u.entities.append(Entity("pt", m.group(), m.start(), m.end(), m.group()))
