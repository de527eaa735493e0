"""The simulation page, ``/simulate``, and ``POST /api/v1/simulate``.

A scenario reaches the page four ways, all of them links that reproduce it:

* ``/simulate?example=<id>``: an example of the gallery (a scenario file of
  the test suite, by its file name without ``.yaml``);
* ``/simulate?s=<code>``: any scenario, packed into the link by
  :func:`judgebot.web.simulate_limits.encode_link` (raw DEFLATE, URL-safe
  base64): the permalink the page gives, and the form other pages should use
  (:func:`judgebot.web.simulate_limits.permalink` gives the whole address);
* ``/simulate?scenario=<YAML>``: the plain text, URL-encoded (short scenarios);
* a form posted to ``/simulate`` from the editor, which is redirected to its
  ``?s=`` permalink (or shown directly when it is too long for a link).

``/simulate/download`` with the same parameters returns the YAML file. Every
run goes through the worker pool (:mod:`judgebot.web.simulate_worker`) under
its time and memory budget.
"""

from __future__ import annotations

import gzip
import hashlib
from typing import Any

from flask import (
    Blueprint,
    Flask,
    current_app,
    g,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
)

from judgebot.web import simulate_gallery, simulate_view
from judgebot.web.params import BadParameter
from judgebot.web.simulate_limits import (
    MAX_BYTES,
    MAX_LINK_CHARS,
    Problem,
    check_text,
    decode_bytes,
    decode_link,
    encode_link,
)
from judgebot.web.simulate_worker import Busy, WorkerPool
from judgebot.web.site import error_response, site

simulate_pages = Blueprint("simulate", __name__)
simulate_api = Blueprint("simulate_api", __name__)

POOL = "judgebot_simulate"
# A form body is URL-encoded: a Chinese character of 3 UTF-8 bytes takes 9.
MAX_FORM_BYTES = 4 * MAX_BYTES
RETRY_AFTER = "5"
GZIP_MIN_BYTES = 8 * 1024
GZIP_LEVEL = 3  # 800 KB of page in 2.5 ms to a tenth of its size; higher levels gain little


def register(app: Flask) -> None:
    """Add the page, the API and the worker pool to an app (called by ``create_app``)."""
    cfg = app.config
    app.extensions[POOL] = WorkerPool(size=cfg.get("SIMULATE_WORKERS", 2),
                                      timeout=cfg.get("SIMULATE_TIMEOUT", 5.0),
                                      memory_mb=cfg.get("SIMULATE_MEMORY_MB", 384),
                                      wait=cfg.get("SIMULATE_WAIT", 15.0))
    app.register_blueprint(simulate_pages)
    app.register_blueprint(simulate_api, url_prefix="/api/v1")
    app.jinja_env.globals.update(simulations_for_card=_examples_for_card,
                                 simulate_label=_label)


@simulate_pages.after_request
@simulate_api.after_request
def _compress(response):
    """A page draws a board per step (hundreds of kilobytes for a long log, highly
    repetitive): sent gzipped to a client that accepts it."""
    if response.status_code != 200 or response.direct_passthrough or \
            "Content-Encoding" in response.headers or "gzip" not in request.accept_encodings:
        return response
    data = response.get_data()
    if len(data) < GZIP_MIN_BYTES:
        return response
    response.set_data(gzip.compress(data, GZIP_LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def pool() -> WorkerPool:
    return current_app.extensions[POOL]


def gallery() -> simulate_gallery.Gallery:
    cat = site().catalog
    folder = current_app.config.get("SIMULATE_GALLERY", simulate_gallery.GALLERY_DIR)
    return cat.memo(("simulate-gallery", str(folder)),
                    lambda: simulate_gallery.load(cat, folder))


def _examples_for_card(card: Any) -> list[simulate_gallery.Example]:
    return gallery().for_card(getattr(card, "slug", ""))


def _label(key: str, **values: Any) -> str:
    return simulate_view.label(g.prefs, key, **values)


# --- running ------------------------------------------------------------------------------------

def run(text: str, job: str = "simulate") -> dict[str, Any]:
    """The worker's result for ``text``, or a refusal saying which budget it ran out of."""
    outcome = pool().run(text, job)
    if outcome.status == "ok":
        return outcome.result
    budget = pool()
    if outcome.status == "timeout":
        problem = Problem(
            f"The simulation took longer than {budget.timeout:g} s and was stopped: the "
            "scenario may loop without end, or ask for far too much (a huge X, too many "
            "objects).",
            f"模拟超过 {budget.timeout:g} 秒仍未结束，已被停止：情景可能无限循环，或要求的"
            "事情太多（过大的 X、过多的物件）。")
    elif outcome.status == "memory":
        problem = Problem(
            f"The simulation needed more than {budget.memory_bytes // 2**20} MB of memory and "
            "was stopped.",
            f"模拟所需内存超过 {budget.memory_bytes // 2**20} MB，已被停止。")
    elif outcome.status == "crashed":
        problem = Problem(
            f"The simulation stopped its worker process ({outcome.detail}), most likely by "
            f"running out of its {budget.memory_bytes // 2**20} MB memory budget.",
            f"模拟使工作进程终止（{outcome.detail}），很可能是超出了 "
            f"{budget.memory_bytes // 2**20} MB 的内存预算。")
    else:
        problem = Problem(f"The simulation failed ({outcome.detail}).",
                          f"模拟失败（{outcome.detail}）。", kind="internal")
    return refused(problem)


def refused(problem: Problem) -> dict[str, Any]:
    return {"ok": False, "refused": problem.refusal(), "log": [], "state": {},
            "expectations": [], "boards": None, "exit_code": 2}


# --- the page ----------------------------------------------------------------------------------

def _source() -> tuple[str, str | None]:
    """The scenario a GET names: (text, example id); ('', None) when none."""
    example = request.args.get("example")
    if example is not None:
        found = gallery().get(example)
        if found is None:
            raise BadParameter(f"There is no example {example[:80]!r} in the gallery.",
                               status=404)
        return found.text, found.id
    code = request.args.get("s")
    if code is not None:
        return decode_link(code), None
    text = request.args.get("scenario")
    if text is not None:
        if "\ufffd" in text:
            raise Problem("The scenario contains bytes that are not UTF-8 text.",
                          "情景含有不是 UTF-8 文本的字节。", kind="bad-input")
        return text, None
    return "", None


def _page(text: str, example: str | None = None, problem: Problem | None = None,
          status: int = 200, note: str = ""):
    cat = site().catalog
    sim = None
    if problem is not None:
        sim = simulate_view.build(cat, text, refused(problem), example)
        status = problem.status
    elif text.strip():
        sim = simulate_view.build(cat, text, run(text), example)
    show = simulate_view.Presenter(cat, g.prefs)
    return render_template("simulate.html", text=text, sim=sim, v=show, gallery=gallery(),
                           example=example, note=note, max_bytes=MAX_BYTES,
                           host=request.host_url.rstrip("/")), status


@simulate_pages.get("/simulate")
def page():
    try:
        text, example = _source()
        check_text(text)
    except Problem as problem:
        return _page(_printable(), problem=problem)
    except Busy:
        return _busy()
    try:
        return _page(text, example)
    except Busy:
        return _busy()


@simulate_pages.post("/simulate")
def submit():
    request.max_content_length = MAX_FORM_BYTES
    text = (request.form.get("scenario") or "").replace("\r\n", "\n")
    try:
        if "\ufffd" in text:
            raise Problem("The scenario contains bytes that are not UTF-8 text (binary data?).",
                          "情景含有不是 UTF-8 文本的字节（可能是二进制数据）。", kind="bad-input")
        check_text(text)
    except Problem as problem:
        return _page(text if problem.status != 413 else "", problem=problem)
    code = encode_link(text)
    if text.strip() and len(code) <= MAX_LINK_CHARS:
        return redirect(f"/simulate?s={code}", code=303)
    try:
        return _page(text, note="too_long_link" if text.strip() else "")
    except Busy:
        return _busy()


def _printable() -> str:
    """What to put back in the editor when the given scenario was refused unread."""
    text = request.args.get("scenario") or ""
    return text if len(text) <= MAX_BYTES and "\x00" not in text else ""


def _busy():
    response = make_response(error_response(
        503, "Every simulation worker is busy; try again in a moment."))
    response.headers["Retry-After"] = RETRY_AFTER
    return response


@simulate_pages.get("/simulate/download")
def download():
    try:
        text, example = _source()
        check_text(text)
    except Problem as problem:
        return error_response(problem.status, problem.en)
    if not text:
        raise BadParameter("Say which scenario to download: example, s or scenario.")
    name = example or "scenario-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    response = current_app.response_class(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.yaml"'
    response.charset = "utf-8"
    return response


# --- the API -----------------------------------------------------------------------------------

def _body_text() -> str:
    """The scenario of an API request: JSON ``{"scenario": TEXT}``, a form field
    ``scenario``, or the whole body as YAML text."""
    if request.mimetype == "application/json":
        data = request.get_json(silent=True)
        if not isinstance(data, dict) or not isinstance(data.get("scenario"), str):
            raise Problem('Send {"scenario": "<YAML text>"} as JSON, or the YAML itself as '
                          "the body.", '请以 JSON 发送 {"scenario": "<YAML 文本>"}，或直接以 YAML '
                          "作为请求体。", kind="bad-input")
        return data["scenario"]
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return request.form.get("scenario") or ""
    return decode_bytes(request.get_data(cache=False))


@simulate_api.post("/simulate")
def api_simulate():
    request.max_content_length = MAX_FORM_BYTES
    try:
        text = _body_text().replace("\r\n", "\n")
        if not text.strip():
            raise Problem("The scenario is empty.", "情景是空的。", kind="bad-input")
        check_text(text)
    except Problem as problem:
        body = {"error": {"status": problem.status, "message": problem.en,
                          "message_zh": g.prefs.zh(problem.zh), "line": problem.line}}
        return jsonify(body), problem.status
    check = request.args.get("check")
    if check not in (None, "", "read"):
        raise BadParameter(f"Unknown check {check[:40]!r}; known: read.")
    try:
        result = run(text, "read" if check else "simulate")
    except Busy:
        return _busy()
    cat = site().catalog
    sim = simulate_view.build(cat, text, result)
    return jsonify(simulate_view.api_json(cat, sim, g.prefs))


@simulate_api.get("/simulate/examples")
def api_examples():
    return jsonify({"groups": [{
        "key": grp.key, "zh": g.prefs.zh(grp.zh), "en": grp.en,
        "examples": [{"id": ex.id, "title": ex.title, "rules": ex.rules, "cards": ex.cards,
                      "url": f"/simulate?example={ex.id}",
                      "api": f"/api/v1/simulate/examples/{ex.id}"} for ex in grp.examples],
    } for grp in gallery().groups]})


@simulate_api.get("/simulate/examples/<example>")
def api_example(example: str):
    found = gallery().get(example)
    if found is None:
        return error_response(404, f"There is no example {example[:80]!r} in the gallery.")
    return jsonify({"id": found.id, "title": found.title, "group": found.group,
                    "rules": found.rules, "cards": found.cards, "scenario": found.text,
                    "url": f"/simulate?example={found.id}"})
