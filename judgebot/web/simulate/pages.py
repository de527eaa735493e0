"""The simulation page, ``/simulate``, and ``/simulate/download``.

A scenario reaches the page four ways, all of them links that reproduce it:

* ``/simulate?example=<id>``: an example of the gallery (a scenario file of
  the test suite, by its file name without ``.yaml``);
* ``/simulate?s=<code>``: any scenario, packed into the link by
  :func:`judgebot.web.simulate.links.encode_link` (raw DEFLATE, URL-safe
  base64): the permalink the page gives, and the form other pages should use
  (:func:`judgebot.web.simulate.links.permalink` gives the whole address);
* ``/simulate?scenario=<YAML>``: the plain text, URL-encoded (short scenarios);
* a form posted to ``/simulate`` from the editor, which is redirected to its
  ``?s=`` permalink (or shown directly when it is too long for a link).

``/simulate/download`` with the same parameters returns the YAML file. Every
run goes through the worker pool (:mod:`judgebot.web.simulate.worker`) under
its time and memory budget.
"""

from __future__ import annotations

import hashlib

from flask import Blueprint, current_app, g, redirect, render_template, request

from judgebot.web.params import BadParameter
from judgebot.web.simulate import service, view
from judgebot.web.simulate.limits import MAX_BYTES, Problem, check_text
from judgebot.web.simulate.links import MAX_LINK_CHARS, decode_link, encode_link

simulate_pages = Blueprint("simulate", __name__)
simulate_pages.after_request(service.finish)

# A form body is URL-encoded: a Chinese character of 3 UTF-8 bytes takes 9.
MAX_FORM_BYTES = 4 * MAX_BYTES


def _source() -> tuple[str, str | None]:
    """The scenario a GET names: (text, example id); ('', None) when none."""
    example = request.args.get("example")
    if example is not None:
        found = service.gallery().get(example)
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
    cat = service.catalog()
    sim = None
    if problem is not None:
        sim = view.build(cat, text, service.refused(problem), example)
        status = problem.status
    elif text.strip():
        sim = view.build(cat, text, service.run(text), example)
    show = view.Presenter(cat, g.prefs)
    return render_template("simulate.html", text=text, sim=sim, v=show,
                           gallery=service.gallery(), example=example, note=note,
                           max_bytes=MAX_BYTES, host=request.host_url.rstrip("/")), status


@simulate_pages.get("/simulate")
def page():
    try:
        text, example = _source()
        check_text(text)
    except Problem as problem:
        return _page(_printable(), problem=problem)
    return _page(text, example)


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
    return _page(text, note="too_long_link" if text.strip() else "")


def _printable() -> str:
    """What to put back in the editor when the given scenario was refused unread."""
    text = request.args.get("scenario") or ""
    return text if len(text) <= MAX_BYTES and "\x00" not in text else ""


@simulate_pages.get("/simulate/download")
def download():
    try:
        text, example = _source()
        check_text(text)
    except Problem as problem:
        raise BadParameter(problem.en, status=problem.status) from None
    if not text:
        raise BadParameter("Say which scenario to download: example, s or scenario.")
    name = example or "scenario-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    response = current_app.response_class(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.yaml"'
    response.charset = "utf-8"
    return response
