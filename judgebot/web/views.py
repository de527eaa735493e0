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
from judgebot.store import is_versioned
from judgebot.web import labels, render
from judgebot.web.catalog import Catalog
from judgebot.web.prefs import Prefs
from judgebot.xref import GENERIC_TERMS

SUMMARY_CHARS = 160
MAX_RULINGS_SHOWN = 30  # on a rule page; 702.9 Flying is cited by hundreds
MAX_RULINGS_API = 200
KEPT = 50_000  # linked texts (and their rule and term links) each process keeps


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
    """A record as a list shows it (the same on every page: drawn once per script;
    items are shared, read them, never change them)."""
    return cat.remember(("item", rec.id, prefs.script if prefs else None, chars),
                        lambda: _item(cat, rec, prefs, chars))


def _item(cat: Catalog, rec: Record, prefs: Prefs | None, chars: int) -> Item:
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
        id=rec.id, kind=rec.kind, url=cat.url(rec), label=convert(cat.label(rec)),
        title_en=title_en, title_zh=convert(title_zh),
        text_en=render.shorten(text_en, chars) if text_en != title_en else "",
        text_zh=convert(render.shorten(text_zh, chars)) if text_zh != title_zh else "",
        edition=rec.edition, game=rec.game,
    )


def sources(cat: Catalog, rec: Record, prefs: Prefs) -> list[str]:
    """Where ``rec`` came from, for a reader: the document, its edition, the
    language and the lines (``Comprehensive Rules, 2025-11-14, English, line
    4054``), never the corpus's file names."""
    if rec.kind in ("card", "ruling", "note"):
        family, edition = "release_notes", rec.edition.upper()
    elif rec.kind == "guide" or rec.edition in cat.editions(rec.game, "guide"):
        family, edition = "guide", rec.edition.upper()
    else:
        family, edition = "rules", rec.edition
    key = f"doc_{rec.game}_{family}"
    document = labels.label(prefs, key if key in labels.LABELS else f"doc_{rec.game}_rules")
    by_lang: dict[str, list[str]] = {}  # one line per language, its spans in order
    for span in rec.source:
        lines = f"{span.start}" if span.start == span.end else f"{span.start}–{span.end}"
        by_lang.setdefault(span.lang, []).append(lines)
    out = []
    for lang, spans in by_lang.items():
        lang_key = f"lang_{lang}"
        key = "source_line" if len(spans) == 1 and "–" not in spans[0] else "source_lines"
        out.append(labels.label(
            prefs, key, document=document, edition=edition,
            lang=labels.label(prefs, lang_key) if lang_key in labels.LABELS else lang,
            lines=(", " if prefs.view == "en" else "、").join(spans)))
    return out


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
        # What these caches keep is strings and tuples of strings, which the garbage
        # collector does not track: a full collection walks every tracked object while
        # each thread of the process waits, and a Markup, a Link or a list is one.
        # (Hence methods cached per instance: a key holding ``self`` is tracked too.)
        self._rendered = lru_cache(maxsize=KEPT)(self._render_uncached)
        self._link_rows = lru_cache(maxsize=KEPT)(self._link_rows_uncached)
        self._rule_url = lru_cache(maxsize=KEPT)(self._rule_url_uncached)
        self._term_target = lru_cache(maxsize=KEPT)(self._term_target_uncached)

    def links(self, text: str, lang: str, game: str, edition: str) -> list[render.Link]:
        links: list[render.Link] = []
        for start, end, number in render.rule_spans(text):
            url = self._rule_url(number, edition, game)
            if url is not None:
                links.append(render.Link(start, end, url, "rule"))
        symbols = [m.span() for m in render.SYMBOL.finditer(text)]
        for start, end, gid in self.cat.xref.glossary_terms_in(text, lang, game):
            if lang != EN:  # the rules' own glossary before the beginner's one
                gid = self._rules_glossary_by_zh().get((game, text[start:end]), gid)
            target = self._term_target(gid, lang)
            if target is None:
                continue
            if any(s < end and start < e for s, e in symbols):  # inside {横置}
                continue
            links.append(render.Link(start, end, target[0], "term", target[1]))
        return links

    def _links(self, text: str, lang: str, game: str, edition: str) -> list[render.Link]:
        return [render.Link(*row) for row in self._link_rows(text, lang, game, edition)]

    def _link_rows_uncached(self, text: str, lang: str, game: str, edition: str
                            ) -> tuple[tuple[int, int, str, str, str], ...]:
        return tuple((link.start, link.end, link.href, link.kind, link.tip)
                     for link in self.links(text, lang, game, edition))

    # A long section names the same rules and terms hundreds of times: each
    # is looked up once per process (the corpus does not change while it runs).

    def _rule_url_uncached(self, number: str, edition: str, game: str) -> str | None:
        cat = self.cat
        target = cat.store.rule(number, edition, game) or cat.rule(game, number)
        return cat.url(target) if target is not None else None

    def _term_target_uncached(self, gid: str, lang: str) -> tuple[str, str] | None:
        """The page and the short definition a glossary term links to, or None
        for a term not linked (too common, or the beginner's glossary)."""
        cat = self.cat
        entry = self.term_page_entry(cat.get(gid))
        if entry is None or entry.term.get(EN, "").lower() in UNLINKED_TERMS:
            return None
        # Only the rules' glossaries: the beginner's one defines everyday
        # words (如果, 你) that would underline half of every sentence.
        if entry.edition not in cat.editions(entry.game, "rule"):
            return None
        return cat.url(entry), render.shorten(self.definition(entry, lang))

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

    def html(self, rec: Record, text: str, lang: str, prefs: Prefs, tips: bool = True) -> Markup:
        return Markup(self._rendered(rec.game, rec.edition, text, lang,
                                     prefs.script if lang != EN else "", tips))

    def tips(self, rec: Record, text: str, lang: str, prefs: Prefs) -> dict[str, str]:
        """The definition of each term linked in ``text`` by its page's URL, in the
        reader's script: what ``html(…, tips=False)`` leaves out."""
        base = text if lang == EN else render.hans(text)
        convert = prefs.zh if lang != EN else str
        return {link.href: convert(link.tip) for link in self._links(base, lang, rec.game,
                                                                      rec.edition)
                if link.kind == "term" and link.tip}

    def _render_uncached(self, game: str, edition: str, text: str, lang: str,
                         script: str, tips: bool) -> str:
        if lang == EN:
            return str(render.linked(text, self._links(text, EN, game, edition), tips=tips))
        base = render.hans(text)
        convert = Prefs(script=script or "hans").zh
        return str(render.linked(base, self._links(base, lang, game, edition), convert, tips))


# --- rule page --------------------------------------------------------------------

@dataclass
class Change:
    """A word diff between two texts of a rule."""

    html: Markup
    removed_words: int
    added_words: int

    def to_dict(self) -> dict:
        return {"html": str(self.html), "removed_words": self.removed_words,
                "added_words": self.added_words}


@dataclass
class Step:
    """One edition in a rule's history."""

    edition: str
    event: str  # earliest | added | unchanged | changed | moved | removed
    rec: Record | None = None
    moved_from: str = ""
    change: Change | None = None

    def to_dict(self, cat: Catalog) -> dict:
        out: dict = {"edition": self.edition, "event": self.event}
        if self.rec is not None:
            out.update({"id": self.rec.id, "number": self.rec.number, "url": cat.url(self.rec)})
        if self.moved_from:
            out["moved_from"] = self.moved_from
        if self.change is not None:
            out["diff"] = self.change.to_dict()
        return out


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
    history: list[Step] = field(default_factory=list)
    changed_in: list[str] = field(default_factory=list)  # since the translated edition
    # Force of Will: the English rule closest to the Chinese (6.3 beside 6.0), and
    # what that English and the Chinese do not share (flags such as zh-refs-differ)
    english: Record | None = None
    differs: list[str] = field(default_factory=list)
    since: str = ""  # the English edition the current one is compared with

    def to_dict(self, cat: Catalog) -> dict:
        out = {"status": self.status}
        if self.differs:
            out["differs"] = list(self.differs)
        for name in ("current", "translated", "other", "english"):
            rec = getattr(self, name)
            if rec is not None:
                out[name] = {"id": rec.id, "url": cat.url(rec)}
        if self.moved_from:
            out["moved_from"] = self.moved_from
        if self.diff is not None:
            out["diff"] = {"html": str(self.diff), "removed_words": self.removed_words,
                           "added_words": self.added_words}
        if self.changed_in:
            out["changed_in"] = list(self.changed_in)
        if self.history:
            out["history"] = [step.to_dict(cat) for step in self.history]
        return out


def lineage(cat: Catalog, rec: Record) -> Lineage:
    # Per record, so among the recently shown: every rule's would be ~300,000 objects.
    return cat.remember(("lineage", rec.id), lambda: _lineage(cat, rec))


def _lineage(cat: Catalog, rec: Record) -> Lineage:
    lin = cat.store.lineage(rec.id)
    status = lin.get("status", "")
    if rec.game == "fow" and is_versioned(rec.edition):
        return _fow_lineage(cat, rec, lin)
    if not status:
        return Lineage(status="")
    if not is_versioned(rec.edition):
        other = cat.get(lin.get("same_as") or lin.get("compared_with"))
        out = Lineage(status=status, other=other)
        if other is not None and status != "unchanged":
            _diff(out, other.text.get(EN, ""), rec.text.get(EN, ""))
        return out
    current, translated = cat.get(lin.get("current")), cat.get(lin.get("translated"))
    out = Lineage(status=status, current=current, translated=translated,
                  history=history(cat, rec))
    # What a reader of the translation should know: how this edition's English
    # differs from the English the Chinese translates (for the translation's
    # own edition, how the current English differs from it).
    newer = rec if rec.id != (translated.id if translated else None) else current
    if newer is not None and translated is not None:
        if translated.number != newer.number:
            out.moved_from = translated.number
        if status == "changed":
            _diff(out, translated.text.get(EN, ""), newer.text.get(EN, ""))
        out.changed_in = [s.edition for s in out.history
                          if s.change is not None and translated.edition < s.edition
                          <= newer.edition]
    return out


def history(cat: Catalog, rec: Record) -> list[Step]:
    """Every edition of a rule, oldest first, with a word diff where it changed."""
    steps = []
    for h in cat.store.history(rec.id):
        step = Step(h["edition"], h["event"], cat.get(h.get("id")), h.get("moved_from", ""))
        changed = h["event"] == "changed" or (h["event"] == "moved" and h.get("changed"))
        before = cat.get(h.get("previous"))
        if changed and before is not None and step.rec is not None:
            old, new = before.text.get(EN, ""), step.rec.text.get(EN, "")
            step.change = Change(render.word_diff(old, new), *render.diff_counts(old, new))
        steps.append(step)
    return steps


def _fow_lineage(cat: Catalog, rec: Record, lin: dict) -> Lineage:
    """Force of Will: the current English (12.7) descends from 6.3, the English
    edition nearest the Chinese 6.0; the lineage says whether the English
    changed since 6.3 and where 6.3 and the Chinese do not correspond."""
    current = cat.get(lin.get("current") or lin.get("descendant"))
    translated = cat.get(lin.get("translated"))
    english = cat.get(lin.get("english") or lin.get("ancestor"))
    if english is None and rec.text.get(EN) and rec.edition != cat.store.current_edition("fow"):
        english = rec  # an older English edition is its own nearest English
    status = lin.get("status", "")
    if current is not None and current.id != rec.id:
        status = cat.store.lineage(current.id).get("status", status)
    current_edition = cat.store.current_edition("fow")
    older = [e for e in cat.editions("fow", "rule") if e != current_edition]
    out = Lineage(status=status, current=current, translated=translated, english=english,
                  since=english.edition if english else (older[-1] if older else ""),
                  history=history(cat, rec))
    if english is not None:
        out.differs = [f for f in english.flags if f.startswith("zh-") and f != "zh-missing"]
        if current is not None and english.number != current.number:
            out.moved_from = english.number
        if status == "changed" and current is not None:
            _diff(out, english.text.get(EN, ""), current.text.get(EN, ""))
            out.changed_in = [current.edition]
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
    editions: list[EditionLink]  # the same rule in every edition
    rulings_total: int = 0  # rulings cite it (the first MAX_RULINGS_SHOWN are listed)
    title_en: str = ""
    title_zh: str = ""
    html: dict[str, Markup] = field(default_factory=dict)
    examples: dict[str, list[Markup]] = field(default_factory=dict)
    whole: list[Subrule] = field(default_factory=list)  # every rule under it, in full
    tips: dict[tuple[str, str], str] = field(default_factory=dict)  # (lang, term URL) → text
    quote: str = ""  # the citation and the text, as plain text to paste elsewhere


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
    citing = cat.cited_by(rec.id)
    # Rulings have a section of their own.
    for it in items(r for r in citing if not _is_ruling(r)):
        cited.setdefault(it.kind, []).append(it)
    ruling_ids = [r for r in citing if _is_ruling(r)]
    lin = lineage(cat, rec)
    for other in (lin.current, lin.translated):
        if other is not None and other.id != rec.id:
            ruling_ids += [r for r in cat.cited_by(other.id)
                           if _is_ruling(r) and r not in ruling_ids]
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
    page.title_en, page.title_zh = shown_titles(rec, zh, prefs)
    page.html, page.examples = rule_texts(linker, rec, en, zh, prefs)
    page.quote = quote(page, prefs)
    if rec.level != "chapter":  # a chapter's whole text is its sections' pages
        page.whole = whole_text(cat, linker, rec, prefs, page.tips)
    return page


def quote(page: RulePage, prefs: Prefs) -> str:
    """The rule as a judge pastes it into a message: the citation (and title),
    then its text in the languages the reader reads, each as written in the
    corpus (the page adds the link)."""
    head = page.citation
    title_zh = page.title_zh if prefs.show_zh or not page.title_en else ""
    title_en = page.title_en if prefs.show_en or not page.title_zh else ""
    titles = " ".join(t for t in (title_zh, title_en) if t)
    lines = [f"{head} {titles}" if titles else head]
    zh_text = prefs.zh(zh_of(page.zh.text)) if page.zh is not None else ""
    en_text = page.en.text.get(EN, "") if page.en is not None else ""
    if zh_text and (prefs.show_zh or not en_text) and zh_text != title_zh:
        lines.append(zh_text)
    if en_text and (prefs.show_en or not zh_text) and en_text != title_en:
        lines.append(en_text)
    return "\n".join(lines)


def shown_titles(rec: Record, zh: Record | None, prefs: Prefs) -> tuple[str, str]:
    title_en, title_zh = titles(rec)
    if zh is not None and not title_zh:
        title_zh = titles(zh)[1]
    return title_en, prefs.zh(title_zh)


def rule_texts(linker: Linker, rec: Record, en: Record | None, zh: Record | None,
               prefs: Prefs, tips: dict[tuple[str, str], str] | None = None
               ) -> tuple[dict[str, Markup], dict[str, list[Markup]]]:
    """A rule's text and examples in each language, linked, in the reader's script.

    Given a ``tips`` table, the terms' definitions go there, keyed by language
    and the term's URL, instead of beside every term.
    """
    html: dict[str, Markup] = {}
    examples: dict[str, list[Markup]] = {}
    inline = tips is None

    def render(source: Record, text: str, lang: str) -> Markup:
        if tips is not None:
            for href, tip in linker.tips(source, text, lang, prefs).items():
                tips.setdefault((lang, href), tip)
        return linker.html(source, text, lang, prefs, tips=inline)

    if en is not None and en.text.get(EN):
        html["en"] = render(en, en.text[EN], EN)
        examples["en"] = [render(en, e, EN) for e in en.examples.get(EN, [])]
    if zh is not None:
        html["zh"] = render(zh, zh_of(zh.text), prefs.zh_lang)
        examples["zh"] = [render(zh, e, prefs.zh_lang) for e in zh_of(zh.examples) or []]
    return html, examples


@dataclass
class Subrule:
    """One rule of a section shown in full on the section's page."""

    number: str
    url: str
    depth: int  # 1 for a child of the page's rule, 2 for a grandchild …
    title_en: str
    title_zh: str
    html: dict[str, Markup]
    examples: dict[str, list[Markup]]
    status: str  # the lineage status of a current rule: "changed", "new" or ""


def whole_text(cat: Catalog, linker: Linker, rec: Record, prefs: Prefs,
               tips: dict[tuple[str, str], str]) -> list[Subrule]:
    """Every rule under ``rec``, in document order, with its full text (as
    Academy Ruins shows a section: nothing cut). The terms' definitions are
    gathered in ``tips``, once each, rather than repeated beside every term:
    a long section names the same terms thousands of times."""
    out: list[Subrule] = []

    def walk(parent: Record, depth: int) -> None:
        for child in (cat.get(c) for c in cat.store.neighbours(parent.id).children):
            if child is None or child.kind != "rule":
                continue
            zh = cat.translation_of(child)
            en = child if child.text.get(EN) else cat.english_of(child)
            title_en, title_zh = shown_titles(child, zh, prefs)
            html, examples = rule_texts(linker, child, en, zh, prefs, tips)
            status = cat.store.lineage(child.id).get("status", "") \
                if child.edition == cat.store.current_edition(child.game) else ""
            out.append(Subrule(child.number, cat.url(child), depth, title_en, title_zh, html,
                               examples, status if status in ("changed", "new") else ""))
            walk(child, depth + 1)

    walk(rec, 1)
    return out


@dataclass
class EditionLink:
    """The rule in another edition, and how it relates to this one."""

    edition: str
    url: str
    number: str
    relation: str  # this | same | moved | different (the same number, another rule)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def other_editions(cat: Catalog, rec: Record, lin: Lineage) -> list[EditionLink]:
    """The same rule in each edition of the game: by lineage, else (a rule of
    another document) by number. A rule that has the same number in another
    edition but is not the same rule is listed as such, never silently."""
    chain = {s.edition: s.rec for s in lin.history if s.rec is not None}
    out = []
    for edition in cat.editions(rec.game, "rule"):
        if edition == rec.edition:
            out.append(EditionLink(edition, cat.url(rec), rec.number, "this"))
            continue
        other = chain.get(edition)
        if other is not None:
            relation = "same" if other.number == rec.number else "moved"
        else:
            other = cat.store.rule(rec.number, edition, rec.game)
            relation = "different" if lin.history and is_versioned(edition) else "same"
        if other is not None:
            out.append(EditionLink(edition, cat.url(other), other.number, relation))
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
        "editions": [e.to_dict() for e in other_editions(cat, rec, lineage(cat, rec))],
        "shown": {"en": en.id if en else None, "zh": zh.id if zh else None},
    })
    if zh is not None and zh is not rec:
        out["translation"] = {"id": zh.id, "text": zh.text, "examples": zh.examples}
    return out
