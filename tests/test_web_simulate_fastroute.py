"""The ordinary ``POST /api/v1/simulate`` is answered beside Flask
(:mod:`judgebot.web.simulate.fastroute`): it gives the same status, headers and
answer as the Flask route, and hands everything else to that route unchanged."""

from __future__ import annotations

import gzip
import json

import pytest

from judgebot.web import create_app
from judgebot.web.simulate import service
from judgebot.web.simulate.fastroute import FastRoute
from judgebot.web.simulate.gallery import GALLERY_DIR
from judgebot.web.simulate.worker import Busy

CORS = "https://judge.example"
CONFIG = {"SIMULATE_WORKERS": 1, "SIMULATE_WAIT": 30.0, "CORS_ORIGINS": [CORS]}


@pytest.fixture(scope="module")
def apps(search_service):
    fast = create_app(search_service, dict(CONFIG))
    plain = create_app(search_service, dict(CONFIG, SIMULATE_FAST_ROUTE=False))
    yield fast, plain
    for app in (fast, plain):
        app.extensions[service.POOL].close()


def example(name: str) -> str:
    return (GALLERY_DIR / f"{name}.yaml").read_text(encoding="utf-8")


def seen(response) -> tuple[int, dict[str, str], object]:
    """What a client sees: the status, the headers, the answer (its timings aside,
    and so its length, which is checked here)."""
    data = response.get_data()
    headers = dict(response.headers)
    assert int(headers.pop("Content-Length")) == len(data)
    if response.headers.get("Content-Encoding") == "gzip":
        data = gzip.decompress(data)
    body = json.loads(data)
    if isinstance(body, dict):
        body.pop("timing", None)
    return response.status_code, headers, body


def both(apps, path="/api/v1/simulate", **kwargs):
    fast, plain = (seen(app.test_client().post(path, **kwargs)) for app in apps)
    return fast, plain


BOMB = "\n".join(["title: bomb", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
                 + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]"
                    for i in range(8)] + ["notes: *i", ""])

REQUESTS = {
    "a gallery scenario": dict(json={"scenario": example("combat_trample_blocker_removed")}),
    "gzipped for a client that takes it": dict(
        json={"scenario": example("vanishing_calciderm")},
        headers={"Accept-Encoding": "gzip, deflate"}),
    "an English browser": dict(json={"scenario": example("stack_counterspell_wrath")},
                               headers={"Accept-Language": "en-US,en;q=0.9"}),
    "a Traditional reader's cookie": dict(json={"scenario": example("stack_counterspell_wrath")},
                                          headers={"Cookie": "prefs=hant.both.auto"}),
    "an allowed origin": dict(json={"scenario": example("stack_counterspell_wrath")},
                              headers={"Origin": CORS}),
    "another origin": dict(json={"scenario": example("stack_counterspell_wrath")},
                           headers={"Origin": "https://evil.example"}),
    "a YAML bomb (the engine's refusal)": dict(json={"scenario": BOMB}),
    "Windows line ends": dict(json={"scenario": example("stack_counterspell_wrath")
                                    .replace("\n", "\r\n")}),
    "an empty scenario": dict(json={"scenario": "  \n"}),
    "no scenario": dict(json={"yaml": "players: [Alice, Bob]"}),
    "not JSON": dict(data=b"{scenario: nope", content_type="application/json"),
    "JSON nested too deep": dict(data=b"[" * 5000, content_type="application/json"),
    "a lone surrogate": dict(data=b'{"scenario": "\\ud800 x"}', content_type="application/json"),
    "a control character": dict(json={"scenario": "title: \x01\nplayers: [Alice, Bob]\n"}),
    "an unknown host": dict(json={"scenario": example("stack_counterspell_wrath")},
                            headers={"Host": "rebind.example"}),
    "YAML as the body": dict(data=example("stack_counterspell_wrath").encode(),
                             content_type="application/yaml"),
    "a non-ASCII cookie": dict(json={"scenario": example("stack_counterspell_wrath")},
                               headers={"Cookie": "prefs=hant.both.auto; x=\u00e9"}),
}


@pytest.mark.parametrize("name", list(REQUESTS))
def test_the_fast_route_answers_as_the_flask_route_does(apps, name):
    fast, plain = both(apps, **REQUESTS[name])
    assert fast == plain


def test_only_reading_goes_to_the_flask_route_and_is_answered_alike(apps):
    text = example("stack_counterspell_wrath")
    fast, plain = both(apps, "/api/v1/simulate?check=read", json={"scenario": text})
    assert fast == plain and fast[2]["status"] == "readable"


def test_the_ordinary_request_never_reaches_flask_and_the_others_do(apps, monkeypatch):
    fast = apps[0]
    route = fast.wsgi_app
    assert isinstance(route, FastRoute)
    calls = []
    inner = route.wsgi_app
    monkeypatch.setattr(route, "wsgi_app", lambda env, sr: calls.append(1) or inner(env, sr))
    client = fast.test_client()
    ok = client.post("/api/v1/simulate", json={"scenario": example("stack_counterspell_wrath")})
    assert ok.status_code == 200 and ok.get_json()["status"] == "holds" and calls == []
    bad = client.post("/api/v1/simulate", json={"scenario": ""})
    assert bad.status_code == 400 and calls == [1]


def test_a_full_queue_is_answered_503_with_when_to_retry(apps, monkeypatch):
    class Full:
        def run(self, *args, **kwargs):
            raise Busy

    answers = []
    for app in apps:
        monkeypatch.setitem(app.extensions, service.POOL, Full())
        answers.append(seen(app.test_client().post(
            "/api/v1/simulate", json={"scenario": example("stack_counterspell_wrath")})))
    assert answers[0] == answers[1]
    status, headers, body = answers[0]
    assert status == 503 and headers["Retry-After"] == service.RETRY_AFTER
    assert "busy" in body["error"]["message"]
