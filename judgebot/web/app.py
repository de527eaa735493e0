"""The Flask application factory.

``create_app()`` opens (or builds) the search index once and shares it across
requests; pages and the JSON API are blueprints over it. Every response
carries security headers; errors are pages for people and JSON under /api/.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes, urlencode

from flask import Flask, g, request
from flask.json.provider import DefaultJSONProvider
from flask.wrappers import Request
from werkzeug.exceptions import HTTPException

from judgebot import corpus
from judgebot.search.service import SearchService
from judgebot.services import open_search
from judgebot.web import jsonbody, labels, origins, pagecache, prefs, render, simulate, views
from judgebot.web.api import api
from judgebot.web.ask import ask_api, ask_pages
from judgebot.web.catalog import Catalog
from judgebot.web.pages import pages
from judgebot.web.params import MAX_PATH_CHARS, MAX_QUERY_STRING, BadParameter
from judgebot.web.policy_pages import policy_api, policy_pages
from judgebot.web.site import Site, error_response
from judgebot.web.views import Linker

WEB_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = corpus.ROOT / "templates"
STATIC_DIR = WEB_DIR / "static"

# No inline script or style anywhere, so the policy can forbid both.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


class BoundedJSON(DefaultJSONProvider):
    """``request.get_json()`` parses through :func:`jsonbody.parse`: no depth, lone
    surrogate or digit string a client sends can crash a route that forgot to check."""

    def loads(self, s, **kwargs):
        return jsonbody.parse(s, max_bytes=max(len(s), jsonbody.MAX_BYTES))


class BoundedRequest(Request):
    def on_json_loading_failed(self, e):
        if isinstance(e, BadParameter):  # its own message and status, not a bare 400
            raise e
        return super().on_json_loading_failed(e)


def create_app(service: SearchService | None = None, config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(TEMPLATES_DIR), static_folder=str(STATIC_DIR),
                static_url_path="/static")
    app.request_class = BoundedRequest
    app.json = BoundedJSON(app)
    app.config.update(JSON_AS_ASCII=False, MAX_CONTENT_LENGTH=64 * 1024,
                      SEND_FILE_MAX_AGE_DEFAULT=3600)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.config.update(ALLOWED_HOSTS=list(origins.DEFAULT_ALLOWED_HOSTS), CORS_ORIGINS=[],
                      PAGE_CACHE_BYTES=0)
    if config:
        app.config.update(config)
    if service is None:
        service = open_search()
    catalog = Catalog(service.store, service)
    app.extensions["judgebot"] = Site(service.store, service, catalog, Linker(catalog))
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.globals.update(static_version=_static_version(), games=catalog.games())
    app.jinja_env.filters.update(mana=render.mana, symbols=render.with_symbols)

    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api/v1")
    app.register_blueprint(policy_pages)
    app.register_blueprint(policy_api, url_prefix="/api/v1")
    simulate.register(app)
    app.register_blueprint(ask_pages)
    app.register_blueprint(ask_api, url_prefix="/api/v1")

    @app.before_request
    def _check_host():
        if not origins.host_allowed(request.environ.get("HTTP_HOST"),
                                    app.config["ALLOWED_HOSTS"]):
            name = origins.host_name(request.environ["HTTP_HOST"])[:100]
            raise BadParameter(
                f"This server does not answer to the name {name!r} (it answers to "
                f"{', '.join(app.config['ALLOWED_HOSTS'])}). To serve it under another name, "
                f"start it with `judgebot serve --allowed-host {name or 'NAME'}`.",
                zh=f"本服务器不响应名称 {name!r}。如需以其他名称提供服务，请用 "
                   f"`judgebot serve --allowed-host {name or 'NAME'}` 启动。")

    @app.before_request
    def _read_prefs():
        if len(request.query_string) > MAX_QUERY_STRING:
            raise BadParameter(f"The address is too long (over {MAX_QUERY_STRING} bytes of "
                               "parameters).", status=414)
        check_utf8(request.environ, request.query_string)
        check_path_params(request.view_args)
        g.prefs = prefs.from_request(request.cookies, request.args,
                                     prefs.acceptable(request.accept_languages))
        g.follows_languages = prefs.follows_languages(request.cookies, request.args)

    answers = pagecache.PageCache(app.config["PAGE_CACHE_BYTES"])
    app.extensions["judgebot.pages"] = answers

    @app.before_request
    def _cached_answer():
        if (answers.max_bytes and request.method == "GET"
                and request.endpoint in pagecache.ENDPOINTS):
            key = (request.path, request.query_string, g.prefs.cookie_value(),
                   g.follows_languages)
            answer = answers.get(key)
            if answer is None:
                g.answer_key = key  # kept once the view has answered
            return answer
        return None

    js_labels: dict[tuple[str, str], str] = {}  # (view, script): the labels as JSON

    @app.context_processor
    def _globals():
        p = g.get("prefs") or prefs.Prefs()
        script = js_labels.get((p.view, p.script))
        if script is None:
            script = js_labels[p.view, p.script] = json.dumps(
                {k: labels.label(p, k) for k in labels.JS_LABELS}, ensure_ascii=False)
        return {"prefs": p, "_": lambda key, **kw: labels.label(p, key, **kw),
                "catalog": catalog,
                # this page's address, quoted once for the eight settings' links back
                # to it (a question searched whole takes ~60 µs to quote)
                "here_quoted": quote(request.full_path.rstrip("?"), safe="/"),
                "page_url": _page_url,
                "catalog_item": lambda rec: views.item(catalog, rec, p),
                "js_labels": script}

    @app.after_request
    def _headers(response):
        headers = response.headers
        # One pass over the headers a view set, not one per header added (a
        # twentieth of a glossary page's CPU went to setdefault and vary.add).
        present = {name.lower() for name, _ in headers}
        headers.extend([(name, value) for name, value in SECURITY_HEADERS.items()
                        if name.lower() not in present])
        vary = []
        if request.path.startswith("/api/"):
            headers.update(origins.cors_headers(
                request.headers.get("Origin"), app.config["CORS_ORIGINS"],
                preflight=request.method == "OPTIONS"))
            if app.config["CORS_ORIGINS"]:
                vary.append("Origin")
        vary.append("Cookie")
        if g.get("follows_languages") and request.endpoint != "static":
            vary.append("Accept-Language")
        if "vary" in present:
            response.vary.update(vary)
        else:
            headers["Vary"] = ", ".join(vary)
        return response

    @app.after_request
    def _keep_answer(response):  # runs before _headers (registered after it)
        key = g.pop("answer_key", None)
        if key is not None:
            answers.put(key, response)
        return response

    @app.errorhandler(BadParameter)
    def _bad_parameter(exc: BadParameter):
        return error_response(exc.status, str(exc), zh=exc.zh)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        return error_response(exc.code or 500, exc.description or exc.name)

    @app.errorhandler(Exception)
    def _crash(exc: Exception):  # never show a traceback; log it
        app.logger.exception("unhandled error on %s", request.path)
        return error_response(500, "The server failed to answer this request.")

    if app.config.get("SIMULATE_FAST_ROUTE", True):
        app.wsgi_app = simulate.FastRoute(app, app.wsgi_app, SECURITY_HEADERS)
    if app.config.get("PAGE_THREADS"):
        app.wsgi_app = PageBudget(app.wsgi_app, app.config["PAGE_THREADS"])
    return app


class PageBudget:
    """At most ``threads`` requests other than simulations run at once in this process.

    A simulation request mostly waits for its worker process (holding a server thread,
    using no CPU); ``judgebot serve`` gives simulations threads of their own on top of
    these, so twenty simulations in flight never leave a search waiting for a thread,
    while pages and searches still run no more at once than before (with the GIL more
    would only share one core more finely)."""

    def __init__(self, wsgi_app, threads: int) -> None:
        self.wsgi_app = wsgi_app
        self.slots = threading.BoundedSemaphore(max(1, threads))

    def __call__(self, environ: dict, start_response):
        if environ.get("PATH_INFO", "").startswith(simulate.PATHS):
            return self.wsgi_app(environ, start_response)
        with self.slots:
            return self.wsgi_app(environ, start_response)


def check_utf8(environ: dict, query_string: bytes) -> None:
    """Refuse an address whose bytes are not UTF-8 text. (Werkzeug would pass
    ``%FF`` in a query through as the three characters ``%FF``, and turn it
    into U+FFFD in a path, hiding the problem either way.)"""
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    try:
        if raw:
            unquote_to_bytes(raw.split("?", 1)[0]).decode("utf-8")
        else:
            environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8")
        unquote_to_bytes(query_string.replace(b"+", b" ")).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        raise BadParameter("The address contains bytes that are not UTF-8 text.") from None


def check_path_params(view_args: dict | None) -> None:
    """Refuse an overlong name in the path (a card, term, rule or id): no record's
    name is near the limit, and every lookup's cost grows with what it is given."""
    for name, value in (view_args or {}).items():
        if isinstance(value, str) and len(value) > MAX_PATH_CHARS:
            raise BadParameter(f"The {name} in the address is too long ({len(value)} "
                               f"characters; at most {MAX_PATH_CHARS}).", status=414,
                               zh=f"地址中的 {name} 过长（{len(value)} 个字符；最多 "
                                  f"{MAX_PATH_CHARS} 个）。")


def _page_url(page: int) -> str:
    """The current address with another ``page``."""
    args = {k: v for k, v in request.args.items() if k != "page"}
    args["page"] = str(page)
    return request.path + "?" + urlencode(args)


def _static_version() -> str:
    """A hash of the static files, appended to their URLs so browsers never
    keep a stale stylesheet after an upgrade."""
    digest = hashlib.sha256()
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]
