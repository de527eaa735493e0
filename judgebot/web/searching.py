"""One search request, shared by the results page and /api/v1/search:
reading and checking its parameters, running it, and shaping its hits."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from judgebot.search.query import parse
from judgebot.search.service import FILTERS, KIND_GROUPS, Hit, Results, SearchError
from judgebot.web import params, render
from judgebot.web.catalog import Catalog
from judgebot.web.prefs import Prefs

GROUPS = ("rules", "glossary", "cards", "notes", "guide", "fow", "policy")


class EmptyQuery(params.BadParameter):
    """A query with characters in it but nothing searchable (``((!!``)."""


@dataclass
class SearchRequest:
    q: str
    filters: dict[str, str] = field(default_factory=dict)
    page: int = 1
    per_page: int = 10

    def has_query(self) -> bool:
        return bool(self.q.strip())


def read(per_page: int = 10) -> SearchRequest:
    q = params.text("q", "") or ""
    filters = {}
    for name in FILTERS:
        value = params.text(name, "", limit=40)
        if value:
            filters[name] = value.strip()
    page = params.integer("page", 1, 1, params.MAX_PAGE)
    size = params.integer("per_page", per_page, 1, params.MAX_PER_PAGE)
    return SearchRequest(q=q, filters=filters, page=page, per_page=size)


def run(cat: Catalog, req: SearchRequest) -> Results:
    if req.has_query() and parse(req.q).empty:
        raise EmptyQuery(
            "The query has nothing to search for: only punctuation or symbols. "
            "Type a rule number (702.19b), a keyword (trample, 践踏) or a question.")
    try:
        return cat.service.search(req.q, page=req.page, per_page=req.per_page, **req.filters)
    except SearchError as exc:
        raise params.BadParameter(_sentence(str(exc))) from None


def expansions(results: Results, prefs: Prefs) -> list[str]:
    """What else was searched (``trample → 践踏``), in the reader's script."""
    return [prefs.zh(e) for e in results.expansions]


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def pages(results: Results) -> int:
    return min(params.MAX_PAGE, max(1, math.ceil(results.total / results.per_page)))


def group_of(hit: Hit) -> str:
    if hit.game == "fow":
        return "fow"
    return KIND_GROUPS.get(hit.kind, "rules")


@dataclass
class HitView:
    id: str
    kind: str
    group: str
    game: str
    edition: str
    url: str
    label: str
    number: str
    title_en: str
    title_zh: str
    breadcrumb: list[dict]
    snippets: dict[str, str]
    matched: list[str]
    pinned: str

    def to_dict(self) -> dict:
        out = dict(self.__dict__)
        out["snippets"] = {k: str(v) for k, v in self.snippets.items()}
        return out


def hit_view(cat: Catalog, hit: Hit, prefs: Prefs) -> HitView:
    # What shows a record the same in every search (its address, label, titles and
    # breadcrumb in the reader's script) is drawn once per record and script.
    url, label, title_en, title_zh, crumbs = cat.remember(
        ("hit", hit.id, prefs.script), lambda: _record_parts(cat, hit, prefs))
    snippets = {}
    if hit.snippets.get("en"):
        snippets["en"] = render.snippet(hit.snippets["en"])
    if hit.snippets.get("zh"):
        snippets["zh"] = render.snippet(hit.snippets["zh"], prefs.zh)
    return HitView(
        id=hit.id, kind=hit.kind, group=group_of(hit), game=hit.game, edition=hit.edition,
        url=url, label=label, number=hit.number, title_en=title_en, title_zh=title_zh,
        breadcrumb=[dict(c) for c in crumbs], snippets=snippets, matched=list(hit.matched),
        pinned=hit.pinned,
    )


def _record_parts(cat: Catalog, hit: Hit, prefs: Prefs
                  ) -> tuple[str, str, str, str, list[dict]]:
    rec = cat.get(hit.id)
    crumbs = []
    for c in hit.breadcrumb:
        target = cat.get(c["id"])
        crumbs.append({"label": c["label"], "url": cat.url(target) if target else "",
                       "title_en": c.get("title_en", ""),
                       "title_zh": prefs.zh(c.get("title_zh-Hans") or c.get("title_zh-Hant")
                                            or "")})
    title = hit.title or {}
    title_zh = title.get("zh-Hans") or title.get("zh-Hant") or ""
    if not title_zh and rec is not None:  # a current English record: its translation's title
        partner = cat.translation_of(rec)
        if partner is not None:
            from judgebot.web.views import titles

            title_zh = titles(partner)[1]
    return (cat.url(rec) if rec else "", prefs.zh(cat.label(rec)) if rec else hit.id,
            title.get("en", ""), prefs.zh(title_zh), crumbs)


def grouped(hits: list[HitView]) -> list[tuple[str, list[HitView]]]:
    """Hits by group, the groups in the order of their best hit."""
    out: dict[str, list[HitView]] = {}
    for h in hits:
        out.setdefault(h.group, []).append(h)
    return list(out.items())
