"""``POST /api/v1/simulate`` and the gallery's API, ``/api/v1/simulate/examples``."""

from __future__ import annotations

from flask import Blueprint, current_app, g, jsonify, request
from werkzeug.exceptions import NotFound

from judgebot.web.params import BadParameter
from judgebot.web.simulate import service
from judgebot.web.simulate.limits import MAX_BYTES, Problem, check_text, decode_bytes

simulate_api = Blueprint("simulate_api", __name__)
simulate_api.after_request(service.finish)

# A form body is URL-encoded: a Chinese character of 3 UTF-8 bytes takes 9.
MAX_FORM_BYTES = 4 * MAX_BYTES


def _body_text() -> str:
    """The scenario of an API request: JSON ``{"scenario": TEXT}``, a form field
    ``scenario``, or the whole body as YAML text."""
    if request.mimetype == "application/json":
        try:
            data = request.get_json(silent=True)
        except RecursionError:  # nested deeper than the JSON reader goes
            data = None
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
    # A board per step makes answers of tens of kilobytes: the worker writes them.
    return current_app.response_class(service.answer(text, bool(check), g.prefs),
                                      mimetype="application/json")


@simulate_api.get("/simulate/examples")
def api_examples():
    return jsonify({"groups": [{
        "key": grp.key, "zh": g.prefs.zh(grp.zh), "en": grp.en,
        "examples": [{"id": ex.id, "title": ex.title, "rules": ex.rules, "cards": ex.cards,
                      "url": f"/simulate?example={ex.id}",
                      "api": f"/api/v1/simulate/examples/{ex.id}"} for ex in grp.examples],
    } for grp in service.gallery().groups]})


@simulate_api.get("/simulate/examples/<example>")
def api_example(example: str):
    found = service.gallery().get(example)
    if found is None:
        raise NotFound(f"There is no example {example[:80]!r} in the gallery.")
    return jsonify({"id": found.id, "title": found.title, "group": found.group,
                    "rules": found.rules, "cards": found.cards, "scenario": found.text,
                    "url": f"/simulate?example={found.id}"})
