"""Hostile and broken input: nothing a user sends reaches a page unescaped,
bad input gets a clear message and a 4xx status, and every response carries
the security headers."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from judgebot.web import create_app

INJECTIONS = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'><svg/onload=alert(1)>",
    "javascript:alert(1)",
    '</textarea><script>alert(1)</script>',
    '践踏<script>alert("中")</script>',
]


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


def assert_inert(body: str) -> None:
    lowered = body.lower()
    assert "<script>alert" not in lowered
    assert "<img src=x" not in lowered and "<svg/onload" not in lowered
    assert 'href="javascript:' not in lowered


@pytest.mark.parametrize("payload", INJECTIONS)
@pytest.mark.parametrize("path", [
    "/search?q={}", "/search?q=trample&edition={}", "/search?q=trample&section={}",
    "/mtg/cr/{}", "/mtg/cr/2019-10-04/{}", "/mtg/glossary/{}", "/mtg/cards/{}",
    "/mtg/notes/{}", "/mtg/guide/{}", "/api/v1/search?q={}", "/api/v1/rule/{}",
    "/mtg/cr/702.19b?script={}", "/prefs?view={}&next={}",
])
def test_injected_text_never_reaches_a_page_unescaped(client, path, payload):
    response = client.get(path.replace("{}", quote(payload, safe="")))
    assert response.status_code < 500
    if path.startswith("/api/"):  # data, never rendered: JSON that browsers won't sniff
        assert response.is_json and response.headers["X-Content-Type-Options"] == "nosniff"
    else:
        assert response.mimetype == "text/html"
        assert_inert(response.get_data(as_text=True))


@pytest.mark.parametrize("payload", INJECTIONS)
def test_injected_cookie_is_ignored(client, payload):
    client.set_cookie("prefs", payload)
    response = client.get("/mtg/cr/702.19b")
    assert response.status_code == 200
    assert_inert(response.get_data(as_text=True))
    client.delete_cookie("prefs")


@pytest.mark.parametrize("path, status, words", [
    ("/search?q=" + "a" * 1001, 400, "too long"),
    ("/search?q=%FF%FE%FD", 400, "not UTF-8"),
    ("/search?q=abc%00def", 400, "control characters"),
    ("/search?q=%C3%28", 400, "not UTF-8"),
    ("/mtg/cr/%FF", 400, "not UTF-8"),
    ("/search?q=(((%5B%5D)))", 400, "nothing to search"),
    ("/search?q=trample&page=-1", 400, "between 1 and 100"),
    ("/search?q=trample&per_page=1000", 400, "between 1 and 50"),
    ("/search?q=trample&edition=1999-01-01", 400, "unknown edition"),
    ("/search?q=trample&kind=x", 400, "unknown kind"),
    ("/search?" + "q=" + "b" * 9000, 414, "too long"),
    ("/mtg/cr/not-a-rule", 404, "rule number"),
    ("/chess/cr/1", 404, "no game"),
])
def test_bad_input_gets_a_clear_message_and_status(client, path, status, words):
    response = client.get(path)
    assert response.status_code == status
    assert words.lower() in response.get_data(as_text=True).lower()


def test_query_syntax_is_plain_text_never_an_error(client):
    for q in ['trample AND (', '"unbalanced', "field:value", "a OR", "*", "damage~2"]:
        response = client.get("/search?q=" + quote(q))
        assert response.status_code in (200, 400), q
        assert response.status_code != 500


def test_long_query_is_searched_by_its_beginning_with_a_note(client):
    response = client.get("/search?q=" + quote("trample " * 100))
    assert response.status_code == 200
    assert "only its beginning was searched" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/", "/search?q=trample", "/mtg/cr/702.19b",
                                  "/api/v1/search?q=trample", "/mtg/cr/999.9",
                                  "/static/app.css", "/api/v1/nothing"])
def test_security_headers_on_every_response(client, path):
    headers = client.get(path).headers
    csp = headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    assert "'unsafe-inline'" not in csp and "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_pages_have_no_inline_scripts_or_styles(client):
    for path in ["/", "/search?q=trample", "/mtg/cr/702.19b", "/mtg/glossary"]:
        body = client.get(path).get_data(as_text=True)
        assert "<script>" not in body and "<style" not in body and " style=" not in body
        assert " onclick=" not in body.lower()


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/",
                                    "/\\evil.example", "javascript:alert(1)",
                                    "/\r\nSet-Cookie: x=1"])
def test_preference_switch_never_redirects_off_site(client, target):
    response = client.get("/prefs?view=zh&next=" + quote(target, safe=""))
    assert response.status_code == 303 and response.headers["Location"] in ("/", "http://localhost/")
