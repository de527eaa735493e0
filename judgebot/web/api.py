"""The JSON API, /api/v1: search, rule, glossary, cards, contents.

Every response is JSON, errors included (``{"error": {"status", "message"}}``);
lists are paginated (``page``, ``per_page`` at most 50). The OpenAPI document
describing all of it is at /api/v1/openapi.json.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, g, jsonify

from judgebot.corpus import zh_of
from judgebot.web import cardviews, params, searching, views
from judgebot.web.catalog import GAMES
from judgebot.web.openapi import document
from judgebot.web.pages import RULE_NUMBER
from judgebot.web.params import BadParameter
from judgebot.web.site import error_response, site

api = Blueprint("api", __name__)


def _game() -> str:
    return params.choice("game", site().catalog.games(), "mtg")


def _edition(game: str, kind: str) -> str:
    cat = site().catalog
    editions = cat.editions(game, kind)
    if not editions:
        abort(404, f"The corpus has no {kind} records for {GAMES[game]} yet.")
    return params.choice("edition", editions, cat.default_edition(game, kind))


def _page(items: list, per_page_default: int = 50) -> dict:
    page = params.integer("page", 1, 1, params.MAX_PAGE * 100)
    per_page = params.integer("per_page", per_page_default, 1, params.MAX_PER_PAGE)
    start = (page - 1) * per_page
    return {"total": len(items), "page": page, "per_page": per_page,
            "pages": max(1, math.ceil(len(items) / per_page)),
            "items": items[start:start + per_page]}


@api.get("/")
def index():
    return jsonify({
        "name": "judgebot", "version": "v1", "openapi": "/api/v1/openapi.json",
        "endpoints": sorted(p for p in document()["paths"]),
    })


@api.get("/openapi.json")
def openapi():
    return jsonify(document())


@api.get("/search")
def search():
    cat = site().catalog
    req = searching.read()
    if not req.has_query():
        raise BadParameter("The parameter 'q' is required: a rule number, keyword or question.")
    results = searching.run(cat, req)
    out = results.to_dict()
    out["expansions"] = searching.expansions(results, g.prefs)
    out["pages"] = searching.pages(results)
    hits = [searching.hit_view(cat, h, g.prefs) for h in results.hits]
    out["hits"] = [h.to_dict() for h in hits]
    out["rule_url"] = cat.url(cat.get(results.rule)) if results.rule else None
    out["card_url"] = cat.url(cat.get(results.card)) if results.card else None
    out["groups"] = [name for name, _ in searching.grouped(hits)]
    return jsonify(out)


def _rule_number(number: str, game: str) -> str:
    """The number in a rule's address, read as the rule pages read it; anything
    that is not a rule number is a 404 before it is looked up."""
    number = number.strip().lower().rstrip(".")
    if not RULE_NUMBER.fullmatch(number):
        abort(404, f"There is no rule number {number!r} in the {GAMES[game]} rules "
                   "(rule numbers look like 702.19b).")
    return number


@api.get("/rule/<number>")
def rule(number: str):
    cat = site().catalog
    game = _game()
    edition = _edition(game, "rule")
    explicit = params.text("edition", None, limit=40)
    number = _rule_number(number, game)
    rec = cat.rule(game, number, edition if explicit else None)
    if rec is None:
        near = [views.item(cat, cat.get(r)) for r in cat.store.nearest_rules(
            number.lower(), game, edition) if cat.get(r)]
        return error_response(404, f"There is no rule {number!r} in the {GAMES[game]} rules.",
                              near)
    return jsonify(views.rule_json(cat, rec))


@api.get("/rule/<number>/history")
def rule_history(number: str):
    cat = site().catalog
    game = _game()
    explicit = params.text("edition", None, limit=40)
    edition = _edition(game, "rule") if explicit else None
    rec = cat.rule(game, _rule_number(number, game), edition)
    if rec is None:
        return error_response(404, f"There is no rule {number!r} in the {GAMES[game]} rules.")
    lin = views.lineage(cat, rec)
    return jsonify({"rule": views.item(cat, rec).to_dict(),
                    "current": cat.store.lineage(rec.id).get("current"),
                    "history": [step.to_dict(cat) for step in lin.history],
                    "editions": [e.to_dict() for e in views.other_editions(cat, rec, lin)]})


@api.get("/contents")
def contents():
    cat = site().catalog
    game = _game()
    edition = _edition(game, "rule")
    tree = []
    for chapter, sections in cat.contents(game, edition):
        node = views.item(cat, chapter).to_dict()
        node["sections"] = [views.item(cat, s).to_dict() for s in sections]
        tree.append(node)
    return jsonify({"game": game, "edition": edition, "editions": cat.editions(game, "rule"),
                    "chapters": tree})


@api.get("/glossary")
def glossary():
    cat = site().catalog
    game = _game()
    edition = _edition(game, "glossary")
    wanted = (params.text("filter", "", limit=100) or "").strip().lower()
    rows = []
    for entry in cat.glossary(game, edition):
        row = {"id": entry.id, "slug": entry.slug, "term": entry.term,
               "zh": g.prefs.zh(cat.zh_term(entry)), "url": cat.url(entry)}
        if wanted and not any(wanted in v.lower() for v in (*entry.term.values(), row["zh"])):
            continue
        rows.append(row)
    return jsonify({"game": game, "edition": edition, **_page(rows, 50)})


@api.get("/glossary/<path:term>")
def glossary_term(term: str):
    from judgebot.web.pages import resolve_term, suggest

    cat = site().catalog
    game = _game()
    edition = _edition(game, "glossary")
    entry = resolve_term(game, edition, term)
    if entry is None:
        return error_response(404, f"There is no glossary term {term!r}.",
                              suggest(term, "glossary", game))
    partner = cat.translation_of(entry)
    out = entry.to_dict()
    out.update({
        "url": cat.url(entry),
        "zh": {"term": cat.zh_term(entry),
               "definition": zh_of(partner.definition) if partner else "",
               "from": partner.id if partner else None},
        "rules": [_ref(r) for r in entry.rules],
        "see": [_ref(r) for r in entry.see],
        "cited_by": [_ref(r) for r in cat.store.cited_by(entry.id)],
    })
    return jsonify(out)


@api.get("/cards")
def cards():
    cat = site().catalog
    game = _game()
    q = cardviews.read_query(per_page=50)
    total, found, pages = cardviews.list_cards(cat, game, q)
    items = [{"id": c.id, "slug": c.slug, "name": c.name, "mana_cost": c.mana_cost,
              "type_line": c.type_line, "colours": c.colours, "types": c.types,
              "set": c.set, "url": cat.url(c)} for c in found]
    return jsonify({"game": game, "filters": q.filters, "total": total, "page": q.page,
                    "per_page": q.per_page, "pages": pages, "items": items})


@api.get("/card/<path:card>")
def card_detail(card: str):
    from judgebot.web.pages import suggest

    cat = site().catalog
    game = _game()
    rec, candidates = cardviews.find_card(cat, game, card)
    if rec is None:
        near = [views.item(cat, c) for c in candidates] or suggest(card, "card", game)
        message = (f"There is no card {card!r}." if not candidates else
                   f"{card!r} could be any of several cards: see the suggestions.")
        return error_response(404, message, near)
    return jsonify(cardviews.card_json(cat, rec))


def _ref(rid: str) -> dict | None:
    cat = site().catalog
    rec = cat.get(rid)
    return {"id": rid, "label": cat.label(rec), "url": cat.url(rec)} if rec else {"id": rid}

