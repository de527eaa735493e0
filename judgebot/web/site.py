"""What every view reaches: the process's shared services, and error replies.

Kept apart from the application factory so that the blueprints and the
factory that registers them do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, g, jsonify, render_template, request

from judgebot.search.service import SearchService
from judgebot.store import Store
from judgebot.web import prefs
from judgebot.web.catalog import Catalog
from judgebot.web.views import Linker


@dataclass
class Site:
    """What every request shares: the corpus store, the search service, the
    page helpers over them."""

    store: Store
    service: SearchService
    catalog: Catalog
    linker: Linker


def site() -> Site:
    return current_app.extensions["judgebot"]


def error_response(status: int, message: str, suggestions: list | None = None,
                   query: str = "", zh: str = ""):
    """A JSON error under /api/ (with ``message_zh`` when ``zh`` is given), an
    error page everywhere else."""
    if request.path.startswith("/api/"):
        body = {"error": {"status": status, "message": message}}
        if zh:
            body["error"]["message_zh"] = zh
        if suggestions:
            body["error"]["suggestions"] = [
                {"id": s.id, "label": s.label, "url": s.url} for s in suggestions]
        return jsonify(body), status
    if "prefs" not in g:
        g.prefs = prefs.Prefs()
    return render_template("error.html", status=status, message=message,
                           suggestions=suggestions or [], query=query), status
