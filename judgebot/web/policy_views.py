"""What the pages and the API show of the tournament documents: a document's
contents, and a section with its blocks rendered, its references linked and,
for an infraction, its penalty and procedure before everything else."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from judgebot.corpus import EN, Record, zh_of
from judgebot.policynumbers import DOCUMENTS, JUDGE_TERMS, mask_sections, section_refs
from judgebot.web import labels, render
from judgebot.web.catalog import Catalog
from judgebot.web.prefs import Prefs
from judgebot.web.views import Item, item

# An infraction's parts as the page shows them: the procedure first.
FIRST_PARTS = ("remedy", "upgrade", "downgrade")
LATER_PARTS = ("definition", "examples", "philosophy")


def document_title(cat: Catalog, doc: str) -> dict[str, str]:
    """The document's name in English and Chinese (from its introduction's aliases)."""
    title = {"en": DOCUMENTS[doc]["en"], "short": DOCUMENTS[doc]["short"]}
    edition = cat.default_edition("mtg", doc)
    intro = cat.store.find("mtg", doc, number="introduction", edition=edition) if edition else []
    if intro and intro[0].aliases.get("zh-Hans"):
        title["zh"] = intro[0].aliases["zh-Hans"][0]
    return title


def section(cat: Catalog, doc: str, key: str, edition: str | None = None) -> Record | None:
    edition = edition or cat.default_edition("mtg", doc)
    found = cat.store.find("mtg", doc, number=key, edition=edition) if edition else []
    return found[0] if found else None


@dataclass
class Entry:
    """One line of a document's contents."""

    item: Item
    rec: Record
    children: list[Entry] = field(default_factory=list)


def contents(cat: Catalog, doc: str, edition: str, prefs: Prefs | None = None) -> list[Entry]:
    """The introduction, chapters with their sections, appendices, in order."""
    def build() -> list[Record]:
        return list(cat.store.records("mtg", doc, edition))

    records = cat.memo(("policy-contents", doc, edition), build)
    top: list[Entry] = []
    by_id: dict[str, Entry] = {}
    for rec in records:
        entry = Entry(item(cat, rec, prefs), rec)
        by_id[rec.id] = entry
        parent = by_id.get(rec.parent) if rec.parent else None
        (parent.children if parent else top).append(entry)
    return top


def contents_json(cat: Catalog, doc: str, edition: str) -> dict:
    def node(entry: Entry) -> dict:
        rec = entry.rec
        out = {"id": rec.id, "number": rec.number, "label": cat.label(rec), "level": rec.level,
               "title": rec.title, "url": cat.url(rec)}
        if rec.penalty:
            out.update(name=rec.name, category=rec.category, penalty=rec.penalty)
        if entry.children:
            out["sections"] = [node(c) for c in entry.children]
        return out

    return {"document": doc, "title": document_title(cat, doc), "edition": edition,
            "editions": cat.editions("mtg", doc),
            "contents": [node(e) for e in contents(cat, doc, edition)]}


# --- one section ------------------------------------------------------------------------

@dataclass
class Block:
    kind: str
    html: Markup
    part: str = ""
    rows: list[list[Markup]] = field(default_factory=list)  # a table's cells


@dataclass
class Part:
    name: str  # definition, examples, philosophy, remedy, upgrade, downgrade
    blocks: list[Block]


@dataclass
class SectionPage:
    rec: Record
    doc: str
    label: str
    title_zh: str
    title_en: str
    breadcrumb: list[Item]
    blocks: list[Block]  # a section's body (an infraction's is in ``first`` and ``later``)
    first: list[Part]  # an infraction's procedure: remedy, upgrades, downgrades
    later: list[Part]  # an infraction's definition, examples, philosophy
    chapter: Item | None
    children: list[Item]
    previous: Item | None
    next: Item | None
    see: list[Item]
    refs: list[Item]
    cited_by: dict[str, list[Item]]
    editions: list[tuple[str, str]]
    quick_reference: list[tuple[Item, Record]] = field(default_factory=list)


def links(cat: Catalog, rec: Record, text: str) -> list[render.Link]:
    """Links of a block: the sections it cites and Comprehensive Rules numbers."""
    found: list[render.Link] = []
    for ref in section_refs(text, rec.kind):
        edition = rec.edition if ref.doc == rec.kind else None
        target = section(cat, ref.doc, ref.key, edition)
        if target is not None:
            found.append(render.Link(ref.start, ref.end, cat.url(target), "rule"))
    for start, end, number in render.rule_spans(mask_sections(text)):
        if "." in number or len(number) == 3:
            target = cat.rule("mtg", number)
            if target is not None:
                found.append(render.Link(start, end, cat.url(target), "rule"))
    return found


def _block(cat: Catalog, rec: Record, paragraph: dict) -> Block:
    text = paragraph["text"]
    kind = paragraph["kind"]
    if kind == "table":
        rows = [[render.linked(c.strip(), links(cat, rec, c.strip()))
                 for c in line.strip().strip("|").split("|")] for line in text.split("\n")]
        return Block(kind, Markup(""), paragraph.get("part", ""), rows)
    if kind in ("upgrade", "downgrade"):
        text = text.split(":", 1)[1].strip()
    elif kind == "example":
        text = text[3:] if text[1:3] == ". " else text
    return Block(kind, render.linked(text, links(cat, rec, text)), paragraph.get("part", ""))


def _entries(blocks: list[Block]) -> list[Block]:
    """An example, upgrade or downgrade with the paragraphs that continue it, as one."""
    out: list[Block] = []
    for block in blocks:
        continues = block.kind == "paragraph" and out and out[-1].kind in (
            "example", "upgrade", "downgrade")
        if continues:
            last = out[-1]
            out[-1] = Block(last.kind, Markup('{}<span class="para-break"></span>{}').format(
                last.html, block.html), last.part)
        else:
            out.append(block)
    return out


def section_page(cat: Catalog, rec: Record, prefs: Prefs) -> SectionPage:
    def items(ids) -> list[Item]:
        return [item(cat, r, prefs) for r in (cat.get(i) for i in ids) if r is not None]

    def one(rid) -> Item | None:
        found = items([rid] if rid else [])
        return found[0] if found else None

    nb = cat.store.neighbours(rec.id)
    blocks = [_block(cat, rec, p) for p in rec.paragraphs]
    first: list[Part] = []
    later: list[Part] = []
    body = blocks
    if rec.penalty:
        body = []
        for names, parts in ((FIRST_PARTS, first), (LATER_PARTS, later)):
            for name in names:
                members = _entries([b for b in blocks if b.part == name and b.kind != "heading"])
                if members:
                    parts.append(Part(name, members))
    cited: dict[str, list[Item]] = {}
    for it in items(cat.store.cited_by(rec.id)):
        cited.setdefault(it.kind, []).append(it)
    page = SectionPage(
        rec=rec, doc=rec.kind, label=cat.label(rec),
        title_zh=prefs.zh(zh_of(rec.title)), title_en=rec.title.get(EN, ""),
        breadcrumb=[document_crumb(cat, rec.kind, prefs),
                    *items([c.id for c in cat.xref.breadcrumb(rec.id)])],
        blocks=body, first=first, later=later,
        chapter=one(rec.parent), children=items(nb.children),
        previous=one(nb.previous), next=one(nb.next),
        see=items(rec.see), refs=items([r for r in cat.store.cites(rec.id) if r not in rec.see]),
        cited_by=cited, editions=other_editions(cat, rec),
    )
    if rec.number == "appendix-a" and rec.kind == "ipg":
        infractions = [r for r in (cat.get(i) for i in rec.refs) if r is not None and r.penalty]
        page.quick_reference = [(item(cat, r, prefs), r) for r in infractions]
        if page.quick_reference:  # the same table, linked and named in both languages
            page.blocks = [b for b in page.blocks if b.kind != "table"]
    return page


def document_crumb(cat: Catalog, doc: str, prefs: Prefs) -> Item:
    title = document_title(cat, doc)
    return Item(id=doc, kind=doc, url=f"/{doc}", label=title["short"],
                title_zh=prefs.zh(title.get("zh", "")))


def other_editions(cat: Catalog, rec: Record) -> list[tuple[str, str]]:
    out = []
    for edition in cat.editions("mtg", rec.kind):
        other = section(cat, rec.kind, rec.number, edition)
        if other is not None:
            out.append((edition, cat.url(other)))
    return out


def section_json(cat: Catalog, rec: Record) -> dict:
    """The API form of a section: the record, its place and its links."""
    def ref(rid):
        r = cat.get(rid)
        return {"id": r.id, "label": cat.label(r), "url": cat.url(r)} if r else None

    nb = cat.store.neighbours(rec.id)
    out = rec.to_dict()
    out.pop("source", None)
    out.update({
        "label": cat.label(rec),
        "url": cat.url(rec),
        "infraction": bool(rec.penalty),
        "source": [s.__dict__ | {"text": str(s)} for s in rec.source],
        "breadcrumb": [ref(c.id) for c in cat.xref.breadcrumb(rec.id)],
        "neighbours": {"parent": ref(nb.parent), "children": [ref(c) for c in nb.children],
                       "previous": ref(nb.previous), "next": ref(nb.next)},
        "see": [ref(r) for r in rec.see],
        "cites": [ref(r) for r in cat.store.cites(rec.id)],
        "cited_by": [ref(r) for r in cat.store.cited_by(rec.id)],
        "editions": [e for e, _ in other_editions(cat, rec)],
    })
    return out


def sources(rec: Record, prefs: Prefs) -> list[str]:
    """Where a section came from, for a reader: the document, its edition and
    lines, and the lines of the judge terms its Chinese names come from."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for span in rec.source:
        if span.file == JUDGE_TERMS:
            key = ("doc_judge_terms", "judgebot", span.lang)
        else:
            key = (f"doc_mtg_{rec.kind}", rec.edition, span.lang)
        lines = f"{span.start}" if span.start == span.end else f"{span.start}–{span.end}"
        groups.setdefault(key, []).append(lines)
    out = []
    for (document, edition, lang), spans in groups.items():
        form = "source_line" if len(spans) == 1 and "–" not in spans[0] else "source_lines"
        out.append(labels.label(prefs, form, document=labels.label(prefs, document),
                                edition=edition, lang=labels.label(prefs, f"lang_{lang}"),
                                lines=(", " if prefs.view == "en" else "、").join(spans)))
    return out
