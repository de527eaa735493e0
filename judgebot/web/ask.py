"""Asking a judge: the /ask page and /api/v1/ask.

Both are thin: they read the question, call :class:`judgebot.judge.service.Judge`
(one per process, built on first use over the shared search service) and
render or serialise the answer, with a page link for every record it quotes.
"""

from __future__ import annotations

import threading

from flask import Blueprint, current_app, g, jsonify, render_template, request

from judgebot.corpus import EN, ZH_HANS
from judgebot.judge.service import MAX_QUESTION_CHARS, Judge
from judgebot.messages import render
from judgebot.web import jsonbody, params
from judgebot.web.params import BadParameter
from judgebot.web.simulate.links import encode_link
from judgebot.web.site import site

ask_pages = Blueprint("ask_pages", __name__)
ask_api = Blueprint("ask_api", __name__)
_lock = threading.Lock()


def judge() -> Judge:
    """The process's judge, built once (it reads the corpus and the card pool)."""
    ext = current_app.extensions
    if "judgebot.judge" not in ext:
        with _lock:
            if "judgebot.judge" not in ext:
                ext["judgebot.judge"] = Judge(site().store, site().service)
    return ext["judgebot.judge"]


def read_question() -> str | None:
    """The question from ``q`` (GET) or a JSON body ``{"question": …}`` (POST)."""
    if request.method == "POST":
        data = jsonbody.from_request()
        if not isinstance(data, dict) or "question" not in data:
            raise BadParameter('Send JSON like {"question": "does trample work …?"}.')
        question = data["question"]
        if not isinstance(question, str):
            raise BadParameter("The question must be text.")
        if len(question) > MAX_QUESTION_CHARS:
            raise BadParameter(f"The question is too long ({len(question)} characters; "
                               f"at most {MAX_QUESTION_CHARS}).", status=413)
        if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in question):
            raise BadParameter("The question contains control characters.")
        return question
    return params.text("q", None, limit=MAX_QUESTION_CHARS)


def answer_dict(answer) -> dict:
    """The answer as JSON, each quoted record with the URL of its page."""
    cat = site().catalog
    out = answer.to_dict()
    if out["simulation"]:
        # The scenario opens in the simulation view, to be stepped through or edited.
        out["simulation"]["url"] = "/simulate?s=" + encode_link(out["simulation"]["scenario"])
    for group in ("rules", "rulings", "glossary", "notes"):
        for item in out[group]:
            rec = cat.get(item["id"])
            item["url"] = cat.url(rec) if rec is not None else None
            translated = cat.get(item.get("translated_from") or "")
            item["translated_url"] = cat.url(translated) if translated is not None else None
    return out


@ask_api.route("/ask", methods=["GET", "POST"])
def api_ask():
    question = read_question()
    if question is None or not question.strip():
        raise BadParameter("Ask a question: the parameter 'q' (or the JSON field 'question') "
                           "is empty.")
    return jsonify(answer_dict(judge().ask(question)))


@ask_pages.get("/ask")
def page_ask():
    try:
        question = read_question()
    except BadParameter as exc:
        return render_template("ask.html", question="", answer=None, error=str(exc)), exc.status
    if not question or not question.strip():
        return render_template("ask.html", question="", answer=None, error=None)
    answer = answer_dict(judge().ask(question))
    p = g.prefs
    return render_template("ask.html", question=question, answer=answer, error=None,
                           zh=p.zh, message=message(answer, p))


def message(answer: dict, p) -> str:
    """The note above an answer, in the reader's language and script: rendered
    from the note's code and arguments in the judge's message catalogue, never
    translated from its English sentence."""
    note = answer.get("note")
    if not answer["message"] or not note:
        return ""
    if p.view == "en":
        return render(note, EN)
    return p.zh(render(note, ZH_HANS))
