"""The tournament documents on the web: ``/mtr`` and ``/ipg`` (contents),
``/mtr/4.2``, ``/ipg/2.2``, ``/ipg/appendix-a`` (a section; another edition
at ``/mtr/<edition>/4.2``), and their JSON at ``/api/v1/mtr``,
``/api/v1/ipg/2.2``."""

from __future__ import annotations

from flask import Blueprint, g, jsonify, redirect, render_template

from judgebot.policynumbers import DOCUMENTS, label, normalize
from judgebot.web import params, policy_views, views
from judgebot.web.params import BadParameter
from judgebot.web.site import error_response, site

policy_pages = Blueprint("policy_pages", __name__)
policy_api = Blueprint("policy_api", __name__)


@policy_pages.context_processor
def _helpers():
    return {"sources": lambda rec: policy_views.sources(rec, g.prefs)}



def _routes(blueprint: Blueprint, path: str):
    """Register a view for each document: ``path`` with ``{doc}`` as mtr and ipg."""
    def register(view):
        for doc in DOCUMENTS:
            blueprint.add_url_rule(path.format(doc=doc), view_func=view, defaults={"doc": doc},
                                   methods=["GET"])
        return view
    return register


def _editions(doc: str) -> list[str]:
    editions = site().catalog.editions("mtg", doc)
    if not editions:
        raise BadParameter(f"The corpus holds no {DOCUMENTS[doc]['en']}.", status=404)
    return editions


def _edition_param(doc: str, status: int = 404) -> str:
    """The ``edition`` asked for (the current one if none): an unknown one is a
    missing page, or in the API (``status=400``) a bad parameter."""
    editions = _editions(doc)
    value = params.text("edition", None, limit=40)
    if value in (None, ""):
        return site().catalog.default_edition("mtg", doc)
    if value not in editions:
        raise BadParameter(f"There is no edition {value!r} of the {DOCUMENTS[doc]['en']}; "
                           f"known: {', '.join(editions)}.", status=status)
    return value


def _missing(doc: str, typed: str, edition: str):
    """A 404 naming what was asked, with the chapter's sections as suggestions."""
    cat = site().catalog
    key = normalize(typed)
    what = label(doc, key) if key else f"{DOCUMENTS[doc]['short']} section {typed[:40]!r}"
    near = []
    if key:
        chapter = key.split(".")[0]
        near = [views.item(cat, r, g.get("prefs")) for r in cat.store.records(
            "mtg", doc, edition) if r.number == chapter or r.number.startswith(chapter + ".")]
    return error_response(404, f"There is no {what} in the {edition} edition of the "
                               f"{DOCUMENTS[doc]['en']}.", near[:8], query=f"{doc} {typed[:40]}")


# --- pages -------------------------------------------------------------------------------

@_routes(policy_pages, "/{doc}/")
@_routes(policy_pages, "/{doc}")
def contents(doc: str, edition: str | None = None):
    cat = site().catalog
    edition = edition or _edition_param(doc)
    return render_template("policy_contents.html", doc=doc, edition=edition,
                           title=policy_views.document_title(cat, doc),
                           tree=policy_views.contents(cat, doc, edition, g.prefs),
                           editions=[(e, f"/{doc}/{e}") for e in _editions(doc)])


@_routes(policy_pages, "/{doc}/<first>")
def section_or_contents(doc: str, first: str):
    if first in _editions(doc):
        return contents(doc, first)
    edition = params.text("edition", None, limit=40)
    if edition:  # the path form is the canonical address of another edition
        if edition not in _editions(doc):
            raise BadParameter(f"There is no edition {edition!r} of the "
                               f"{DOCUMENTS[doc]['en']}.", status=404)
        return redirect(f"/{doc}/{edition}/{first}", code=301)
    return _section(doc, first, site().catalog.default_edition("mtg", doc))


@_routes(policy_pages, "/{doc}/<edition>/<key>")
def section_in_edition(doc: str, edition: str, key: str):
    if edition not in _editions(doc):
        raise BadParameter(f"There is no edition {edition!r} of the {DOCUMENTS[doc]['en']}; "
                           f"known: {', '.join(_editions(doc))}.", status=404)
    return _section(doc, key, edition)


def _section(doc: str, typed: str, edition: str):
    cat = site().catalog
    key = normalize(typed)
    rec = policy_views.section(cat, doc, key, edition) if key else None
    if rec is None:
        return _missing(doc, typed, edition)
    if typed != key:  # "Appendix A", "04.2": the canonical address
        return redirect(cat.url(rec), code=301)
    page = policy_views.section_page(cat, rec, g.prefs)
    return render_template("policy.html", page=page, rec=rec,
                           title=policy_views.document_title(cat, doc))


# --- JSON ----------------------------------------------------------------------------------

@_routes(policy_api, "/{doc}")
def contents_json(doc: str):
    return jsonify(policy_views.contents_json(site().catalog, doc, _edition_param(doc, 400)))


@_routes(policy_api, "/{doc}/<section>")
def section_json(doc: str, section: str):
    cat = site().catalog
    edition = _edition_param(doc, 400)
    key = section
    if len(key) > 40:
        raise BadParameter("The section is too long to be a section number.")
    normal = normalize(key)
    rec = policy_views.section(cat, doc, normal, edition) if normal else None
    if rec is None:
        return _missing(doc, key, edition)
    return jsonify(policy_views.section_json(cat, rec))
