"""What each corpus record contributes to the search index.

A search document is a view of one record, enriched where the record itself
is monolingual: a current English rule carries the Chinese text of the
translated (2019-10-04) rule it descends from, a current glossary entry the
Chinese of the translated entry with the same headword (the store's
``translation_of``). That is what lets ``践踏`` find the current rule 702.19.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from judgebot.corpus import EN, POLICY_KINDS, ZH_HANS, ZH_HANT, Record, zh_of
from judgebot.search.analysis import fold
from judgebot.search.tiers import CARD_FIELDS, CARD_KINDS
from judgebot.store import Store
from judgebot.text.names import name_key

__all__ = ["SearchDoc", "documents", "name_key", "name_variants", "pinyin_keys", "zh"]


@dataclass
class SearchDoc:
    id: str
    kind: str
    game: str
    edition: str
    current: bool
    number: str = ""
    section: list[str] = field(default_factory=list)
    title_en: str = ""
    title_zh: str = ""
    text_en: str = ""
    text_zh: str = ""
    context: str = ""
    names: list[str] = field(default_factory=list)
    pinyin: list[str] = field(default_factory=list)
    # Other names the record is called by (a field of its own: appended to a
    # long heading they would weigh as little as the heading's other words)
    alias_en: str = ""
    alias_zh: str = ""
    # The language of the text, where the titles say otherwise: a tournament
    # document is English with Chinese names, and queries are carried into
    # English for it.
    text_only: str = ""
    # A ruling word for word the same as an earlier card's (124 cards share one
    # about cycling): its text is searched in the first copy only, and it is
    # found by its card's names; it still counts the words it holds in reranking.
    repeat: bool = False

    def only(self) -> str:
        """``en`` or ``zh`` for a document in one language only, else ``""``.
        Cards and rulings never say: a query is not carried across languages
        into them (the Oracle text is English only, and a card's Chinese name
        already reaches its rulings through their ``context``); across some
        80,000 of them it cost more than all the rest of a query."""
        if self.kind in CARD_KINDS:
            return ""
        if self.text_only:
            return self.text_only
        has_en = bool(self.text_en or self.title_en)
        has_zh = bool(self.text_zh or self.title_zh)
        return ("en" if has_en else "zh") if has_en != has_zh else ""

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {"id": self.id}
        tier = CARD_FIELDS if self.kind in CARD_KINDS else {}
        for name in ("number", "title_en", "title_zh", "text_en", "text_zh", "context",
                     "alias_en", "alias_zh"):
            value = getattr(self, name)
            if value and not (self.repeat and name.startswith("text_")):
                out[tier.get(name, name)] = value
        # Which language a document lacks: a query is carried into the other
        # language (through the bilingual glossary) only for such documents.
        if self.only():
            out["only"] = self.only()
        if self.section:
            out["section"] = " ".join(self.section)
        if self.names:
            out["names"] = " ".join(sorted(set(self.names)))
        if self.pinyin:
            out["pinyin"] = " ".join(sorted(set(self.pinyin)))
        return out


def zh(mapping: dict[str, str]) -> str:
    """The Chinese of a language map, folded to Simplified for searching."""
    return fold(zh_of(mapping))




_NOTE = re.compile(r"[（(]([^）)]*)[）)]")
_SEPARATORS = re.compile(r"\s*[/／;；,，、]\s*")
_FORMER = re.compile(r"^(?:旧译|舊譯|或译|或譯|又译|又譯|亦译|亦譯)\s*(.+)$")


def without_note(label: str) -> str:
    """A headword without its bracketed note: 鹏洛客 of "鹏洛客（旧译旅法师）"."""
    return _NOTE.sub("", label).strip() or label


def name_variants(label: str) -> list[str]:
    """Other names a headword answers to: without its note in brackets, each of
    the names it lists, and a former translation its note gives.

    >>> name_variants("鹏洛客（旧译旅法师）")
    ['鹏洛客', '旅法师']
    >>> name_variants("轮抽/抽选（译者注：在英文中这两个词是相同的。）")
    ['轮抽/抽选', '轮抽', '抽选']
    >>> name_variants("Banding; Bands with Other")
    ['Banding', 'Bands with Other']
    """
    out: list[str] = []
    base = without_note(label)
    for name in (base, *_SEPARATORS.split(base)):
        name = name.strip()
        if name and name != label and name not in out:
            out.append(name)
    for note in _NOTE.findall(label):
        former = _FORMER.match(note.strip())
        if former and former.group(1) not in out:
            out.append(former.group(1).strip())
    return out


def pinyin_keys(text: str) -> list[str]:
    """Toneless pinyin of a Chinese name, joined (``jianta``) and initials (``jt``)."""
    # Imported here: pypinyin's tables cost ~150 ms and tens of MB, and only
    # the index build needs them (the serving process reads names.json).
    from pypinyin import Style, lazy_pinyin

    hans = fold(text)
    if not any("\u3400" <= ch <= "\u9fff" for ch in hans):
        return []
    syllables = [s for s in lazy_pinyin(hans, style=Style.NORMAL, errors="ignore") if s.isalpha()]
    if not syllables:
        return []
    return ["".join(syllables), "".join(s[0] for s in syllables)]


def section_of(record: Record) -> list[str]:
    number = getattr(record, "number", "") or ""
    head = number.split(".")[0]
    if not head.isdigit():
        return []
    if len(head) <= 2:
        return [head]
    return [head, head[:-2]]


def documents(store: Store, records: Iterable[Record]) -> Iterator[SearchDoc]:
    """The search document of each record (editions shown by default are
    ``current``: older editions of a series are searched when asked for). A
    release-notes ruling that is an Oracle ruling (``same_as``) has none: the
    Oracle ruling carries its words in both languages."""
    seen: set[str] = set()
    pinyin = store.card_keys_of("pinyin")
    for rec in records:
        if rec.kind == "ruling" and getattr(rec, "same_as", ""):
            continue
        doc = _document(store, rec, pinyin)
        if rec.kind == "ruling":
            words = " ".join([doc.text_en, doc.text_zh])
            doc.repeat = words in seen
            seen.add(words)
        yield doc


def _document(store: Store, rec: Record, card_pinyin: dict[str, str] | None = None
              ) -> SearchDoc:
    doc = SearchDoc(
        id=rec.id,
        kind=rec.kind,
        game=rec.game,
        edition=rec.edition,
        current=not store.superseded(rec),
    )
    kind = rec.kind
    if kind == "rule":
        doc.number = rec.number
        doc.section = section_of(rec)
        zh_source = store.translation_of(rec) or rec
        doc.title_en = rec.title.get(EN, "")
        doc.title_zh = zh(zh_source.title)
        doc.text_en = _join(rec.text.get(EN, ""), rec.examples.get(EN, []))
        doc.text_zh = fold(_join(zh(zh_source.text), _zh_examples(zh_source)))
    elif kind == "glossary":
        partner = store.translation_of(rec) or rec
        doc.title_en = rec.term.get(EN, "")
        doc.title_zh = zh(rec.term) or zh(partner.term)
        doc.text_en = rec.definition.get(EN, "")
        doc.text_zh = zh(rec.definition) or zh(partner.definition)
        doc.names = _names(doc.title_en, doc.title_zh)
        doc.pinyin = pinyin_keys(doc.title_zh)
    elif kind == "card":
        doc.title_en = rec.name.get(EN, "")
        doc.title_zh = zh(rec.name)
        doc.text_zh = fold(_join(zh(rec.type_line), [zh(rec.text)])) if zh(rec.text) else ""
        doc.text_en = rec.type_line.get(EN, "") + "\n" + rec.text.get(EN, "")
        faces = [f["name"].get(EN, "") for f in rec.faces]
        doc.names = _names(doc.title_en, doc.title_zh, *faces, *rec.aliases, *rec.nicknames)
        known = (card_pinyin or {}).get(rec.id)  # the store's (pypinyin is slow)
        doc.pinyin = [known] if known else pinyin_keys(doc.title_zh)[:1]
    elif kind == "ruling":
        card = store.get(rec.card)
        if card is not None:
            doc.context = " ".join(filter(None, [card.name.get(EN, ""), zh(card.name)]))
        doc.text_zh = zh(rec.text)
        doc.text_en = rec.text.get(EN, "")
    elif kind in ("note", "guide"):
        doc.number = getattr(rec, "number", "")
        doc.title_en = rec.title.get(EN, "")
        doc.title_zh = zh(rec.title)
        doc.text_en = rec.text.get(EN, "")
        doc.text_zh = zh(rec.text)
        doc.names = _names(doc.title_en, doc.title_zh)
    elif kind in POLICY_KINDS:
        _policy(doc, rec)
    elif kind == "name":
        doc.title_en = rec.term.get(EN, "")
        doc.title_zh = zh(rec.term)
        doc.names = _names(doc.title_en, doc.title_zh)
        doc.pinyin = pinyin_keys(doc.title_zh)
    doc.text_en = doc.text_en.strip()
    return doc


def _policy(doc: SearchDoc, rec) -> None:
    """A section of the Tournament Rules or the IPG: English text, titled in
    both languages and by the other names the judge-terms glossary gives it."""
    doc.number = rec.number
    doc.title_en = rec.title.get(EN, "")
    # "游戏行动失误～额外看牌" is searched as its category and its name
    doc.title_zh = fold(zh(rec.title).replace("～", " "))
    if rec.level != "introduction":
        # (an introduction's aliases are its document's names: words such as
        # 比赛 and 违规 would make it match any question about tournaments;
        # they answer as whole names only)
        doc.alias_en = " / ".join(rec.aliases.get(EN, []))
        doc.alias_zh = fold(" ".join(rec.aliases.get(ZH_HANS, [])))
    doc.text_en = rec.text.get(EN, "")
    # an infraction's category and penalty by their Chinese names (一盘负, 警告)
    doc.text_zh = fold(" ".join(filter(None, [zh(rec.category), zh(rec.penalty)])))
    doc.names = _names(*policy_names(rec))
    doc.text_only = EN


def policy_names(rec) -> list[str]:
    """The names a tournament-document section answers to as a whole query:
    an infraction by its name in either language, its whole heading and its
    aliases; any section by its Chinese title and aliases. (The Tournament
    Rules' English titles, "Players", "Triggered Abilities", are left to the
    ranking: as names they would shadow the Comprehensive Rules' glossary.)"""
    names = [zh_of(rec.title), *rec.aliases.get(EN, []), *rec.aliases.get(ZH_HANS, [])]
    if rec.penalty:
        names += [rec.title.get(EN, ""), *rec.name.values()]
    return [n for n in names if n]


def _names(*names: str) -> list[str]:
    return [k for k in (name_key(n) for n in names) if k]


def _zh_examples(rec) -> list[str]:
    examples = getattr(rec, "examples", {}) or {}
    return examples.get(ZH_HANS) or examples.get(ZH_HANT) or []


def _join(text: str, examples: list[str]) -> str:
    return "\n".join([text, *examples]) if examples else text
