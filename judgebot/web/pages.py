"""The HTML pages: search, rules and contents, glossary, cards, release notes,
the beginner's rulebook, provisional names, and the preference switch."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Blueprint, abort, g, redirect, render_template, request

from judgebot.corpus import EN, slugify, zh_of
from judgebot.web import cardviews, filterkeys, params, prefs, searching, views
from judgebot.web.catalog import GAMES, anchor
from judgebot.web.params import BadParameter
from judgebot.web.site import error_response, site

pages = Blueprint("pages", __name__)

RULE_NUMBER = re.compile(r"\d{1,4}(?:\.\d{1,3}(?:[a-z]{1,2}(?:-(?:[ivx]+|\d{1,2}))?)?)?")


def _game(game: str) -> str:
    if game not in site().catalog.games():
        abort(404, f"There is no game {game!r} here; known: {', '.join(site().catalog.games())}.")
    return game


# --- home, search, preferences -----------------------------------------------------

@pages.get("/")
def home():
    return render_template("home.html", req=searching.SearchRequest(q=""))


@pages.context_processor
def _editions():
    return {"all_editions": site().catalog.all_editions,
            "sources": lambda rec: views.sources(site().catalog, rec, g.prefs),
            "filter_key": filterkeys.filter_key}


@pages.get("/search")
def search():
    cat = site().catalog
    try:
        req = searching.read()
    except BadParameter as exc:
        return _search_error(exc, _printable_q())
    if not req.has_query() and not req.filters:
        return render_template("search.html", req=req, results=None, groups=[], pages=0)
    try:
        results = searching.run(cat, req)
    except BadParameter as exc:
        return _search_error(exc, req.q, req)
    if results.rule and req.page == 1 and not request.args.get("stay"):
        return redirect(cat.url(cat.get(results.rule)), code=302)
    if results.card and req.page == 1 and not req.filters and not request.args.get("stay"):
        return redirect(cat.url(cat.get(results.card)), code=302)  # a card's exact name
    hits = [searching.hit_view(cat, h, g.prefs) for h in results.hits]
    unfiltered = None
    if not hits and req.filters and req.has_query():
        unfiltered = cat.service.search(req.q, per_page=1).total
    status = 200
    return render_template("search.html", req=req, results=results,
                           groups=searching.grouped(hits), pages=searching.pages(results),
                           expansions=searching.expansions(results, g.prefs),
                           unfiltered=unfiltered), status


def _printable_q() -> str:
    """The query to show back in the box when another parameter was bad."""
    try:
        return params.text("q", "") or ""
    except BadParameter:
        return ""


def _search_error(exc: BadParameter, q: str, req=None):
    req = req or searching.SearchRequest(q=q)
    return render_template("search.html", req=req, results=None, groups=[], pages=0,
                           error=str(exc)), exc.status


@pages.get("/prefs")
def set_prefs():
    """Remember a choice (script, view, theme) in the cookie and go back."""
    current = prefs.from_request(request.cookies, {},
                                 prefs.acceptable(request.accept_languages))
    chosen = current.with_(**{n: request.args.get(n) for n in prefs.CHOICES})
    target = safe_next(request.args.get("next"))
    response = redirect(target, code=303)
    response.set_cookie(prefs.COOKIE, chosen.cookie_value(), max_age=prefs.COOKIE_AGE,
                        samesite="Lax", httponly=False, path="/")
    return response


def safe_next(target: str | None) -> str:
    """Only a path on this site: never ``//evil.example`` or ``https://…``."""
    if not target or len(target) > 2000 or any(ord(ch) < 32 or ord(ch) == 127 for ch in target):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") \
            or "\\" in target:
        return "/"
    return target


# --- rules ----------------------------------------------------------------------

@pages.get("/<game>/cr")
@pages.get("/<game>/cr/")
def contents(game: str, edition: str | None = None):
    cat = site().catalog
    _game(game)
    edition = edition or _edition_arg(game, "rule")
    tree = cat.contents(game, edition)
    return render_template("contents.html", game=game, edition=edition, tree=tree,
                           editions=cat.editions(game, "rule"))


@pages.get("/<game>/cr/<first>")
def rule_or_contents(game: str, first: str):
    cat = site().catalog
    _game(game)
    if first in cat.editions(game, "rule"):
        return contents(game, first)
    edition = request.args.get("edition")
    if edition:  # the path form is the canonical address of another edition
        edition = params.text("edition", limit=40)
        if edition not in cat.editions(game, "rule"):
            raise BadParameter(_unknown_edition(game, edition), status=404)
        return redirect(f"/{game}/cr/{edition}/{first}", code=301)
    return _rule(game, first, None)


@pages.get("/<game>/cr/<edition>/<number>")
def rule_in_edition(game: str, edition: str, number: str):
    cat = site().catalog
    _game(game)
    if edition not in cat.editions(game, "rule"):
        abort(404, _unknown_edition(game, edition))
    return _rule(game, number, edition)


def _unknown_edition(game: str, edition: str) -> str:
    known = ", ".join(site().catalog.editions(game, "rule"))
    return f"There is no edition {edition!r} of the {GAMES[game]} rules; known: {known}."


def _rule(game: str, number: str, edition: str | None):
    cat = site().catalog
    number = number.strip().lower().rstrip(".")
    rec = cat.rule(game, number, edition) if RULE_NUMBER.fullmatch(number) else None
    if rec is None:
        near = [views.item(cat, cat.get(r), g.prefs) for r in cat.store.nearest_rules(
            number, game, edition) if cat.get(r)] if RULE_NUMBER.fullmatch(number) else []
        what = f"rule {number}" if RULE_NUMBER.fullmatch(number) else f"rule number {number!r}"
        where = f" in the {edition} edition" if edition else ""
        return error_response(404, f"There is no {what}{where} of the {GAMES[game]} rules.",
                              near, query=number)
    page = views.rule_page(cat, site().linker, rec, g.prefs)
    return render_template("rule.html", page=page, rec=rec)


# --- glossary ----------------------------------------------------------------------

def _edition_arg(game: str, kind: str) -> str:
    cat = site().catalog
    editions = cat.editions(game, kind)
    if not editions:
        abort(404, f"The corpus has no {kind} records for {GAMES[game]} yet.")
    value = params.text("edition", None, limit=40)
    if value in (None, ""):
        return cat.default_edition(game, kind)
    if value not in editions:
        abort(404, f"There is no edition {value!r} of the {GAMES[game]} {kind}; "
                   f"known: {', '.join(editions)}.")
    return value


@pages.get("/<game>/glossary")
def glossary(game: str):
    cat = site().catalog
    _game(game)
    edition = _edition_arg(game, "glossary")
    rows = cat.memo(("glossary-rows", game, edition),
                    lambda: [glossary_row(e) for e in cat.glossary(game, edition)])
    by_letter = cat.memo(("glossary-az", game, edition), lambda: _by_letter(rows))
    by_pinyin = cat.memo(("glossary-pinyin", game, edition), lambda: _by_pinyin(rows))
    return render_template("glossary.html", game=game, edition=edition, rows=rows,
                           editions=cat.editions(game, "glossary"),
                           by_letter=by_letter, by_pinyin=by_pinyin)


def glossary_row(entry) -> dict:
    cat = site().catalog
    zh = cat.zh_term(entry)
    en = entry.term.get(EN, "")
    return {"id": entry.id, "url": cat.url(entry), "anchor": anchor(entry), "en": en, "zh": zh,
            "pinyin": filterkeys.pinyin(zh, tones=True), "sort": filterkeys.pinyin(zh),
            "key": filterkeys.filter_key(en, zh)}


def _by_letter(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    groups: dict[str, list[dict]] = {}
    for row in rows:
        if row["en"]:
            first = row["en"][:1].upper()
            groups.setdefault(first if first.isalpha() else "#", []).append(row)
    return sorted(groups.items())


def _by_pinyin(rows: list[dict]) -> list[tuple[str, list[dict]]]:
    groups: dict[str, list[dict]] = {}
    for row in sorted((r for r in rows if r["zh"]), key=lambda r: (r["sort"], r["zh"])):
        first = row["sort"][:1].upper()
        groups.setdefault(first if first.isalpha() else "#", []).append(row)
    return sorted(groups.items())


@pages.get("/<game>/glossary/<path:term>")
def glossary_term(game: str, term: str):
    cat = site().catalog
    _game(game)
    edition = _edition_arg(game, "glossary")
    entry = resolve_term(game, edition, term)
    if entry is None:
        return error_response(404, f"There is no glossary term {term!r}.",
                              suggest(term, "glossary", game), query=term)
    if entry.slug != term:
        return redirect(cat.url(entry), code=302)
    return render_template("term.html", entry=entry, **term_context(entry))


def resolve_term(game: str, edition: str, term: str):
    """A glossary entry by slug, by name in any language or script, by pinyin,
    or by a misspelling of its English name."""
    cat = site().catalog
    if len(term) > params.MAX_PARAM_CHARS:
        raise BadParameter("The term is too long.")
    for key in (term, slugify(term)):
        entry = cat.glossary_entry(game, edition, key)
        if entry is not None:
            return entry
    for rid in cat.service.entities(term):
        found = cat.get(rid)
        if found is None or found.kind != "glossary" or found.game != game:
            continue
        return cat.glossary_entry(game, edition, found.slug) or found
    return None


def term_context(entry) -> dict:
    cat = site().catalog
    linker = site().linker
    p = g.prefs
    partner = cat.translation_of(entry)
    html = {}
    if entry.definition.get(EN):
        html["en"] = linker.html(entry, entry.definition[EN], EN, p)
    if partner is not None:
        html["zh"] = linker.html(partner, zh_of(partner.definition), p.zh_lang, p)
    rules = [views.item(cat, r, p) for r in (cat.get(i) for i in entry.rules) if r]
    see = [views.item(cat, r, p) for r in (cat.get(i) for i in entry.see) if r]
    mentioned = [views.item(cat, r, p) for r in (cat.get(i) for i in
                                                  cat.cited_by(entry.id)) if r]
    diff = None
    if partner is not None and partner is not entry:
        old, new = partner.definition.get(EN, ""), entry.definition.get(EN, "")
        if old and new and old != new:
            from judgebot.web import render

            diff = render.word_diff(old, new)
    return {"partner": partner, "html": html, "rules": rules, "see": see,
            "mentioned": mentioned, "zh_term": p.zh(cat.zh_term(entry)), "diff": diff,
            "editions": [(e, cat.url(x)) for e in cat.editions(entry.game, "glossary")
                         if (x := cat.glossary_entry(entry.game, e, entry.slug))]}


def suggest(text: str, kind: str, game: str) -> list:
    cat = site().catalog
    try:
        results = cat.service.search(text[:200], kind=kind, game=game, per_page=5)
    except Exception:  # a suggestion is a courtesy; never fail the 404 for it
        return []
    return [views.item(cat, cat.get(h.id), g.prefs) for h in results.hits if cat.get(h.id)]


# --- cards ------------------------------------------------------------------------

@pages.get("/<game>/cards")
def cards(game: str):
    cat = site().catalog
    _game(game)
    q = cardviews.read_query()
    total, found, page_count = cardviews.list_cards(cat, game, q)
    return render_template("cards.html", game=game, q=q, cards=found, total=total,
                           pages=page_count, mana=cardviews.mana_faces)


@pages.get("/<game>/cards/<path:slug>")
def card(game: str, slug: str):
    cat = site().catalog
    _game(game)
    rec, candidates = cardviews.find_card(cat, game, slug)
    if rec is None:
        near = [views.item(cat, c, g.prefs) for c in candidates]
        message = (f"There is no card {slug!r}." if not near else
                   f"{slug!r} could be any of these cards.")
        return error_response(404, message, near or suggest(slug, "card", game), query=slug)
    if rec.slug != slug:
        return redirect(cat.url(rec), code=302)
    view = cardviews.card_view(cat, site().linker, rec, g.prefs)
    return render_template("card.html", card=rec, view=view, mana=cardviews.mana_faces)


def _both(rec) -> dict:
    """A record's text in each language, rule references and terms linked."""
    linker, p = site().linker, g.prefs
    out = {}
    if rec.text.get(EN):
        out["en"] = linker.html(rec, rec.text[EN], EN, p)
    if zh_of(rec.text):
        out["zh"] = linker.html(rec, zh_of(rec.text), p.zh_lang, p)
    return out


# --- release notes, guide, names --------------------------------------------------

@pages.get("/<game>/notes")
def notes(game: str):
    cat = site().catalog
    _game(game)
    by_set: dict[str, list] = {}
    for note in cat.notes(game):
        by_set.setdefault(note.set, []).append(views.item(cat, note, g.prefs))
    return render_template("notes.html", game=game, by_set=by_set)


@pages.get("/<game>/notes/<path:slug>")
def note(game: str, slug: str):
    cat = site().catalog
    _game(game)
    rec = cat.note(game, slug, params.text("set", None, limit=20))
    if rec is None:
        return error_response(404, f"There is no release note {slug!r}.",
                              suggest(slug, "note", game), query=slug)
    current = [views.current_rule(cat, i) for i in rec.rules]
    rules = [views.item(cat, r, g.prefs) for r in map(cat.get, dict.fromkeys(current)) if r]
    return render_template("note.html", note=rec, html=_both(rec), rules=rules)


@pages.get("/<game>/guide")
def guide_index(game: str):
    cat = site().catalog
    _game(game)
    top = [r for r in cat.guides(game) if not r.parent]
    return render_template("guide_index.html", game=game,
                           tree=[(views.item(cat, r, g.prefs),
                                  [views.item(cat, c, g.prefs) for c in map(cat.get, r.children)
                                   if c]) for r in top])


@pages.get("/<game>/guide/<number>")
def guide(game: str, number: str):
    cat = site().catalog
    _game(game)
    rec = cat.guide(game, number)
    if rec is None:
        return error_response(404, f"There is no section {number!r} of the beginner's rules.",
                              suggest(number, "guide", game), query=number)
    nb = cat.store.neighbours(rec.id)
    item = lambda rid: views.item(cat, cat.get(rid), g.prefs) if rid and cat.get(rid) else None  # noqa: E731
    return render_template("guide.html", rec=rec, html=_both(rec),
                           breadcrumb=[item(c.id) for c in cat.xref.breadcrumb(rec.id)],
                           children=[item(c) for c in nb.children if item(c)],
                           previous=item(nb.previous), next=item(nb.next))


@pages.get("/<game>/names")
def names(game: str):
    cat = site().catalog
    _game(game)
    rows = [{"anchor": anchor(r), "en": r.term.get(EN, ""), "zh": g.prefs.zh(zh_of(r.term)),
             "id": r.id, "key": filterkeys.filter_key(r.term.get(EN, ""), zh_of(r.term))}
            for r in cat.names(game)]
    return render_template("names.html", game=game, rows=rows)


# --- any record by id -------------------------------------------------------------

@pages.get("/id/<path:rid>")
def by_id(rid: str):
    cat = site().catalog
    rec = cat.get(rid)
    if rec is None:
        abort(404, f"There is no record {rid!r}.")
    return redirect(cat.url(rec), code=302)


@pages.get("/favicon.ico")
def favicon():
    return redirect("/static/favicon.svg", code=301)
