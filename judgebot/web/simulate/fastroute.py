"""``POST /api/v1/simulate`` answered beside Flask, for the ordinary request.

Flask's machinery (the request context, routing, the hooks before and after every
request, the response object) costs a simulation request about 0.35 ms of the web
process's CPU: as much again as waitress itself, a sixth of the API's time
beside the engine's (bench/results/simulate.md), and CPU that searches then
wait for. So the ordinary request (JSON ``{"scenario": …}``, no query, within
the body limit, from an allowed host) is answered here, with the same functions
the app uses: the host check (:mod:`judgebot.web.origins`), the reader's
preferences (:mod:`judgebot.web.prefs`), the JSON reader's bounds
(:mod:`judgebot.web.jsonbody`), the scenario's limits, the worker pool and the
answer (:func:`judgebot.web.simulate.service.answer_body`), and the same headers
(the app's security headers, CORS, ``Vary``, gzip). Anything else (a refusal
before the engine, a malformed body, a full queue, ``?check=read``, a form, an
unknown host) goes on to the Flask route with the body it sent, which answers
it as before; so every error is still written in one place.
``tests/test_web_simulate_fastroute.py`` checks that both give the same answers.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie, parse_options_header

from judgebot.web import jsonbody, origins, prefs
from judgebot.web.params import BadParameter
from judgebot.web.simulate import service
from judgebot.web.simulate.limits import Problem, check_text
from judgebot.web.simulate.worker import Busy

PATH = "/api/v1/simulate"


class FastRoute:
    """WSGI middleware: answers the ordinary ``POST /api/v1/simulate`` itself and
    hands every other request to ``wsgi_app`` (the Flask app) untouched."""

    def __init__(self, app: Any, wsgi_app: Callable, security_headers: dict[str, str]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.security_headers = list(security_headers.items())

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != PATH or environ.get("REQUEST_METHOD") != "POST" or \
                environ.get("QUERY_STRING"):
            return self.wsgi_app(environ, start_response)
        body = self._body(environ)
        if body is None:
            return self.wsgi_app(environ, start_response)
        try:
            answered = self._answer(environ, body)
        except (BadParameter, Problem, Busy, RecursionError, UnicodeError):
            answered = None  # the Flask route says what was wrong (or 503)
        except Exception:  # noqa: BLE001 - the Flask route logs it and answers a JSON 500
            answered = None
        if answered is None:
            environ["wsgi.input"] = io.BytesIO(body)
            return self.wsgi_app(environ, start_response)
        data, headers = answered
        start_response("200 OK", headers)
        return [data]

    def _body(self, environ: dict) -> bytes | None:
        """The request's JSON body, read whole, if this route may answer it."""
        mimetype = parse_options_header(environ.get("CONTENT_TYPE"))[0].lower()
        try:
            length = int(environ.get("CONTENT_LENGTH") or "")
        except ValueError:
            return None
        if mimetype != "application/json" or not 0 < length <= jsonbody.MAX_BYTES or \
                environ.get("HTTP_TRANSFER_ENCODING"):
            return None
        config = self.app.config
        if not origins.host_allowed(environ.get("HTTP_HOST"), config["ALLOWED_HOSTS"]):
            return None
        cookie = environ.get("HTTP_COOKIE", "")
        if not cookie.isascii():  # (Flask and werkzeug read other cookies alike, but
            return None           # only ASCII ones are known to be read the same here)
        return environ["wsgi.input"].read(length)

    def _answer(self, environ: dict, body: bytes) -> tuple[bytes, list[tuple[str, str]]] | None:
        data = jsonbody.parse(body, max_bytes=max(len(body), jsonbody.MAX_BYTES))
        if not isinstance(data, dict) or not isinstance(data.get("scenario"), str):
            return None
        text = data["scenario"].replace("\r\n", "\n")
        if not text.strip():
            return None
        check_text(text)
        cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
        languages = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
        reader = prefs.from_request(cookies, {}, prefs.acceptable(languages))
        site = self.app.extensions["judgebot"]
        answer = service.answer_body(self.app.extensions[service.POOL], site.catalog, text,
                                     False, reader)
        return self._response(environ, answer, prefs.follows_languages(cookies, {}))

    def _response(self, environ: dict, data: bytes, follows_languages: bool
                  ) -> tuple[bytes, list[tuple[str, str]]]:
        """The body and headers the Flask route and the app's hooks would send."""
        config = self.app.config
        vary = []
        encoding = []
        if "gzip" in parse_accept_header(environ.get("HTTP_ACCEPT_ENCODING")):
            packed = service.gzipped(data)
            if packed is not None:
                data, encoding = packed, [("Content-Encoding", "gzip")]
                vary.append("Accept-Encoding")
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(data))),
                   *encoding, *self.security_headers]
        headers.extend(origins.cors_headers(environ.get("HTTP_ORIGIN"), config["CORS_ORIGINS"],
                                            preflight=False).items())
        if config["CORS_ORIGINS"]:
            vary.append("Origin")
        vary.append("Cookie")
        if follows_languages:
            vary.append("Accept-Language")
        headers.append(("Vary", ", ".join(vary)))
        return data, headers


__all__ = ["FastRoute", "PATH"]
