"""View models: what a page (or an API response) shows of a record.

Each builder returns plain data plus, for pages, rendered ``Markup`` of the
record's text with its rule references and glossary terms linked. Rendering is
cached per record, field, language and script: the corpus does not change
while the process runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from markupsafe import Markup

from judgebot.corpus import EN, ZH_HANS, ZH_HANT, Record, parse_id, zh_of
from judgebot.web import render
from judgebot.web.catalog import Catalog
from judgebot.web.prefs import Prefs
from judgebot.xref import GENERIC_TERMS

SUMMARY_CHARS = 160
MAX_RULINGS_SHOWN = 30  # on a rule page; 702.9 Flying is cited by hundreds
MAX_RULINGS_API = 200


def _is_ruling(rid: str) -> bool:
    return rid.split(":", 2)[1:2] == ["ruling"]


def _release_notes_first(cat: Catalog, ruling_ids: list[str]) -> list[str]:
    """The rulings a rule page lists: those of a set's release notes first (they
    are in Chinese too), each as the Oracle ruling it is the same as where it
    is one; then the Oracle rulings, in card order; each once."""
    first: list[str] = []
    for rid in ruling_ids:
        if parse_id(rid)[2]:  # a release-notes ruling (mtg:ruling:tsr:…)
            rec = cat.get(rid)
            first.append(getattr(rec, "same_as", "") or rid)
    return list(dict.fromkeys(first + ruling_ids))
# Headwords too common to link in every sentence (beyond the cross-reference's
# own list): a page where every other word is underlined helps nobody.
UNLINKED_TERMS = GENERIC_TERMS | {"creature", "permanent", "block", "attack", "case", "player",
                                  "opponent", "spell", "ability", "damage", "effect", "if"}


@dataclass
class Item:
    """A record as one line of a list: label, titles, a short text, its page."""

    id: str
    kind: str
    url: str
    label: str
    title_en: str = ""
    title_zh: str = ""
    text_en: str = ""
    text_zh: str = ""
    edition: str = ""
    game: str = ""

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v}


def titles(rec: Record) -> tuple[str, str]:
    for name in ("title", "term", "name"):
        value = getattr(rec, name, None)
        if value:
            return value.get(EN, ""), zh_of(value)
    return "", ""


def texts(rec: Record) -> tuple[str, str]:
    for name in ("text", "definition"):
        value = getattr(rec, name, None)
        if value:
            return value.get(EN, ""), zh_of(value)
    return "", ""


def item(cat: Catalog, rec: Record, prefs: Prefs | None = None,
         chars: int = SUMMARY_CHARS) -> Item:
    title_en, title_zh = titles(rec)
    if rec.kind == "ruling":  # a ruling is known by its card
        card = cat.get(getattr(rec, "card", ""))
        if card is not None:
            title_en, title_zh = titles(card)
    text_en, text_zh = texts(rec)
    partner = cat.translation_of(rec) if not text_zh else None
    if partner is not None and partner is not rec:
        text_zh = texts(partner)[1]
        title_zh = title_zh or titles(partner)[1]
    convert = prefs.zh if prefs else str
    return Item(
        id=rec.id, kind=rec.kind, url=cat.url(rec), label=cat.label(rec),
        title_en=title_en, title_zh=convert(title_zh),
        text_en=render.shorten(text_en, chars) if text_en != title_en else "",
        text_zh=convert(render.shorten(text_zh, chars)) if text_zh != title_zh else "",
        edition=rec.edition, game=rec.game,
    )


def current_rule(cat: Catalog, rid: str) -> str:
    """The current rule a (possibly older) rule id became, else the id itself.

    Rulings and release notes cite the rules of their day; a judge wants the
    rule in force, whose page links back to the old one.
    """
    rec = cat.get(rid)
    if rec is None or rec.kind != "rule" or rec.game != "mtg":
        return rid
    return cat.store.lineage(rid).get("current") or rid


def citation(cat: Catalog, rec: Record) -> str:
    """How a judge cites the rule: ``CR 702.19b``, ``FoW CR 1102.1``."""
    prefix = "CR" if rec.game == "mtg" else f"{rec.game.upper().replace('FOW', 'FoW')} CR"
    text = f"{prefix} {rec.number}"
    if rec.edition != cat.default_edition(rec.game, "rule"):
        text += f" ({rec.edition})"
    return text


# --- linked text ---------------------------------------------------------------

class Linker:
    """Links rule numbers and glossary terms inside a record's text."""

    def __init__(self, cat: Catalog):
        self.cat = cat
        self._render = lru_cache(maxsize=50_000)(self._render_uncached)

    def links(self, text: str, lang: str, game: str, edition: str) -> list[render.Link]:
        cat = self.cat
        links: list[render.Link] = []
        for start, end, number in render.rule_spans(text):
            target = cat.store.rule(number, edition, game) or cat.rule(game, number)
            if target is not None:
                links.append(render.Link(start, end, cat.url(target), "rule"))
        symbols = [m.span() for m in render.SYMBOL.finditer(text)]
        for start, end, gid in cat.xref.glossary_terms_in(text, lang, game):
            if lang != EN:  # the rules' own glossary before the beginner's one
                gid = self._rules_glossary_by_zh().get((game, text[start:end]), gid)
            entry = self.term_page_entry(cat.get(gid))
            if entry is None or entry.term.get(EN, "").lower() in UNLINKED_TERMS:
                continue
            # Only the rules' glossaries: the beginner's one defines everyday
            # words (如果, 你) that would underline half of every sentence.
            if entry.edition not in cat.editions(entry.game, "rule"):
                continue
            if any(s < end and start < e for s, e in symbols):  # inside {横置}
                continue
            definition = self.definition(entry, lang)
            links.append(render.Link(start, end, cat.url(entry), "term",
                                     render.shorten(definition)))
        return links

    def _rules_glossary_by_zh(self) -> dict[tuple[str, str], str]:
        """Chinese headword (Simplified) → entry of a rules document's glossary.

        The cross-reference prefers the newest edition for a shared headword,
        and the beginner's rulebook glossary sorts after the CR editions; in
        rules text a term should open the rules' definition.
        """
        def build() -> dict[tuple[str, str], str]:
            table: dict[tuple[str, str], str] = {}
            for game in self.cat.games():
                rule_editions = set(self.cat.editions(game, "rule"))
                for entry in self.cat.all(game, "glossary"):
                    if entry.edition not in rule_editions:
                        continue
                    for term in (entry.term.get(ZH_HANS), entry.term.get(ZH_HANT)):
                        if term:
                            table.setdefault((game, render.hans(term)), entry.id)
            return table

        return self.cat.memo("rules-glossary-by-zh", build)

    def term_page_entry(self, entry: Record | None) -> Record | None:
        """A 2019 headword is shown on the current edition's page for the same slug."""
        if entry is None:
            return None
        if self.cat.store.superseded(entry):
            current = self.cat.default_edition(entry.game, "glossary")
            return self.cat.glossary_entry(entry.game, current, entry.slug) or entry
        return entry

    def definition(self, entry: Record, lang: str) -> str:
        if lang == EN:
            return entry.definition.get(EN, "")
        partner = self.cat.translation_of(entry)
        return zh_of(partner.definition) if partner is not None else ""

    def html(self, rec: Record, text: str, lang: str, prefs: Prefs) -> Markup:
        return self._render(rec.game, rec.edition, text, lang, prefs.script if lang != EN else "")

    def _render_uncached(self, game: str, edition: str, text: str, lang: str,
                         script: str) -> Markup:
        if lang == EN:
            return render.linked(text, self.links(text, EN, game, edition))
        base = render.hans(text)
        convert = Prefs(script=script or "hans").zh
        return render.linked(base, self.links(base, lang, game, edition), convert)


# --- rule page --------------------------------------------------------------------

@dataclass
class Lineage:
    status: str  # unchanged | changed | new | removed | ''
    current: Record | None = None  # the current-edition rule
    translated: Record | None = None  # the rule whose Chinese is shown
    moved_from: str = ""
    diff: Markup | None = None
    removed_words: int = 0
    added_words: int = 0
    other: Record | None = None  # for other documents: the rule it corresponds to

    def to_dict(self, cat: Catalog) -> dict:
        out = {"status": self.status}
        for name in ("current", "translated", "other"):
            rec = getattr(self, name)
            if rec is not None:
                out[name] = {"id": rec.id, "url": cat.url(rec)}
        if self.moved_from:
            out["moved_from"] = self.moved_from
        if self.diff is not None:
            out["diff"] = {"html": str(self.diff), "removed_words": self.removed_words,
                           "added_words": self.added_words}
        return out


def lineage(cat: Catalog, rec: Record) -> Lineage:
    return cat.memo(("lineage", rec.id), lambda: _lineage(cat, rec))


def _lineage(cat: Catalog, rec: Record) -> Lineage:
    lin = cat.store.lineage(rec.id)
    status = lin.get("status", "")
    if rec.game != "mtg" or not status:
        return Lineage(status="")
    if rec.edition not in (cat.store.translated_edition(rec.game),
                           cat.store.current_edition(rec.game)):
        other = cat.get(lin.get("same_as") or lin.get("compared_with"))
        out = Lineage(status=status, other=other)
        if other is not None and status != "unchanged":
            _diff(out, other.text.get(EN, ""), rec.text.get(EN, ""))
        return out
    current, translated = cat.get(lin.get("current")), cat.get(lin.get("translated"))
    out = Lineage(status=status, current=current, translated=translated)
    if current is not None and translated is not None:
        if translated.number != current.number:
            out.moved_from = translated.number
        if status == "changed":
            _diff(out, translated.text.get(EN, ""), current.text.get(EN, ""))
    return out


def _diff(out: Lineage, old: str, new: str) -> None:
    out.diff = render.word_diff(old, new)
    out.removed_words, out.added_words = render.diff_counts(old, new)


@dataclass
class RulePage:
    rec: Record
    en: Record | None  # the record whose English is shown
    zh: Record | None  # the record whose Chinese is shown
    lineage: Lineage
    citation: str
    breadcrumb: list[Item]
    parent: Item | None
    children: list[Item]
    previous: Item | None
    next: Item | None
    refs: list[Item]
    cited_by: dict[str, list[Item]]
    rulings: list[Item]
    editions: list[tuple[str, str]]  # (edition, url) of the same rule in other editions
    rulings_total: int = 0  # rulings cite it (the first MAX_RULINGS_SHOWN are listed)
    title_en: str = ""
    title_zh: str = ""
    html: dict[str, Markup] = field(default_factory=dict)
    examples: dict[str, list[Markup]] = field(default_factory=dict)


def rule_page(cat: Catalog, linker: Linker, rec: Record, prefs: Prefs) -> RulePage:
    x = cat.xref
    zh = cat.translation_of(rec)
    en = rec if rec.text.get(EN) else cat.english_of(rec)
    nb = cat.store.neighbours(rec.id)

    def items(ids) -> list[Item]:
        return [item(cat, r, prefs) for r in (cat.get(i) for i in ids) if r is not None]

    def one(rid) -> Item | None:
        found = items([rid] if rid else [])
        return found[0] if found else None

    cited: dict[str, list[Item]] = {}
    # Rulings have a section of their own (and a rule may be cited by thousands).
    for it in items(r for r in cat.store.cited_by(rec.id) if not _is_ruling(r)):
        cited.setdefault(it.kind, []).append(it)
    ruling_ids = list(x.rulings_citing(rec.id))
    lin = lineage(cat, rec)
    for other in (lin.current, lin.translated):
        if other is not None and other.id != rec.id:
            ruling_ids += [r for r in x.rulings_citing(other.id) if r not in ruling_ids]
    ruling_ids = _release_notes_first(cat, ruling_ids)
    page = RulePage(
        rec=rec, en=en, zh=zh, lineage=lin, citation=citation(cat, rec),
        breadcrumb=items([c.id for c in x.breadcrumb(rec.id)]),
        parent=one(nb.parent), children=items(nb.children),
        previous=one(nb.previous), next=one(nb.next),
        refs=items(cat.store.cites(rec.id)), cited_by=cited,
        rulings=items(ruling_ids[:MAX_RULINGS_SHOWN]), editions=other_editions(cat, rec, lin),
        rulings_total=len(ruling_ids),
    )
    page.title_en, page.title_zh = titles(rec)
    if zh is not None and not page.title_zh:
        page.title_zh = titles(zh)[1]
    page.title_zh = prefs.zh(page.title_zh)
    if en is not None and en.text.get(EN):
        page.html["en"] = linker.html(en, en.text[EN], EN, prefs)
        page.examples["en"] = [linker.html(en, e, EN, prefs) for e in en.examples.get(EN, [])]
    if zh is not None:
        page.html["zh"] = linker.html(zh, zh_of(zh.text), prefs.zh_lang, prefs)
        page.examples["zh"] = [linker.html(zh, e, prefs.zh_lang, prefs)
                               for e in zh_of(zh.examples) or []]
    return page


def other_editions(cat: Catalog, rec: Record, lin: Lineage) -> list[tuple[str, str]]:
    """The same rule (by lineage, else by number) in each edition of the game."""
    out = []
    for edition in cat.editions(rec.game, "rule"):
        if edition == rec.edition:
            out.append((edition, cat.url(rec)))
            continue
        other = None
        if lin.current is not None and lin.current.edition == edition:
            other = lin.current
        elif lin.translated is not None and lin.translated.edition == edition:
            other = lin.translated
        else:
            other = cat.store.rule(rec.number, edition, rec.game)
        if other is not None:
            out.append((edition, cat.url(other)))
    return out


def rule_json(cat: Catalog, rec: Record) -> dict:
    """The API form of a rule page: raw texts, links as ids with their URLs."""
    x = cat.xref
    nb = cat.store.neighbours(rec.id)
    zh = cat.translation_of(rec)
    en = rec if rec.text.get(EN) else cat.english_of(rec)

    def ref(rid):
        r = cat.get(rid)
        return {"id": r.id, "url": cat.url(r), "label": cat.label(r)} if r else None

    rulings = x.rulings_citing(rec.id)
    out = rec.to_dict()
    out.pop("source", None)
    out.update({
        "url": cat.url(rec),
        "citation": citation(cat, rec),
        "source": [s.__dict__ | {"text": str(s)} for s in rec.source],
        "breadcrumb": [ref(c.id) for c in x.breadcrumb(rec.id)],
        "neighbours": {"parent": ref(nb.parent), "children": [ref(c) for c in nb.children],
                       "previous": ref(nb.previous), "next": ref(nb.next)},
        "cites": [ref(r) for r in cat.store.cites(rec.id)],
        "cited_by": [ref(r) for r in cat.store.cited_by(rec.id) if not _is_ruling(r)],
        "rulings": [ref(r) for r in rulings[:MAX_RULINGS_API]],
        "rulings_total": len(rulings),
        "lineage": lineage(cat, rec).to_dict(cat),
        "shown": {"en": en.id if en else None, "zh": zh.id if zh else None},
    })
    if zh is not None and zh is not rec:
        out["translation"] = {"id": zh.id, "text": zh.text, "examples": zh.examples}
    return out
