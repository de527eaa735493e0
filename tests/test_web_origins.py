"""The server answers only to its own names (no DNS rebinding), and other sites
may call its API only when an origin is allowed."""

from __future__ import annotations

import pytest

from judgebot.web import create_app, origins


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000",
                                  "LOCALHOST:8000", "localhost.:8000"])
def test_loopback_names_are_answered(client, host):
    assert client.get("/api/v1/", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("path", ["/", "/api/v1/search?q=trample", "/static/app.css",
                                  "/mtg/cr/702.19b"])
@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                  "localhost.evil.example", "[::2]:80"])
def test_other_names_are_refused_everywhere(client, host, path):
    r = client.get(path, headers={"Host": host})
    assert r.status_code == 400
    assert "--allowed-host" in r.get_data(as_text=True)


def test_a_refused_post_does_nothing(client):
    r = client.post("/api/v1/ask", json={"question": "trample?"},
                    headers={"Host": "evil.example"})
    assert r.status_code == 400 and "does not answer to the name" in r.get_json()["error"][
        "message"]


def test_configured_names_and_domains_are_answered(search_service):
    app = create_app(search_service, {"ALLOWED_HOSTS": ["judge.example.org", ".example.net"]})
    c = app.test_client()
    assert c.get("/api/v1/", headers={"Host": "judge.example.org"}).status_code == 200
    assert c.get("/api/v1/", headers={"Host": "a.example.net:443"}).status_code == 200
    assert c.get("/api/v1/", headers={"Host": "example.net"}).status_code == 200
    assert c.get("/api/v1/", headers={"Host": "example.org"}).status_code == 400
    assert c.get("/api/v1/", headers={"Host": "localhost"}).status_code == 400


def test_any_name_when_a_proxy_checks_it(search_service):
    c = create_app(search_service, {"ALLOWED_HOSTS": ["*"]}).test_client()
    assert c.get("/api/v1/", headers={"Host": "anything.example"}).status_code == 200


def test_no_cross_origin_access_by_default(client):
    r = client.get("/api/v1/search?q=trample", headers={"Origin": "https://evil.example"})
    assert r.status_code == 200
    assert "Access-Control-Allow-Origin" not in r.headers


def test_cross_origin_access_is_opt_in_per_origin(search_service):
    app = create_app(search_service, {"CORS_ORIGINS": ["https://judges.example"]})
    c = app.test_client()
    ok = c.get("/api/v1/search?q=trample", headers={"Origin": "https://judges.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://judges.example"
    assert "Origin" in ok.headers["Vary"]
    other = c.get("/api/v1/search?q=trample", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    page = c.get("/search?q=trample", headers={"Origin": "https://judges.example"})
    assert "Access-Control-Allow-Origin" not in page.headers  # pages are not an API
    pre = c.options("/api/v1/ask", headers={"Origin": "https://judges.example",
                                             "Access-Control-Request-Method": "POST"})
    assert pre.headers["Access-Control-Allow-Methods"] == "GET, POST"
    assert pre.headers["Access-Control-Allow-Headers"] == "Content-Type"


def test_any_origin_when_asked_for(search_service):
    c = create_app(search_service, {"CORS_ORIGINS": ["*"]}).test_client()
    r = c.get("/api/v1/", headers={"Origin": "https://x.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize(("header", "name"), [
    ("Example.ORG:8080", "example.org"), ("[::1]:8000", "[::1]"), ("[::1]", "[::1]"),
    ("127.0.0.1", "127.0.0.1"), ("host.:80", "host"),
])
def test_host_names_are_read_without_port_or_case(header, name):
    assert origins.host_name(header) == name


def test_configured_ipv6_addresses_match_with_or_without_brackets():
    assert origins.host_allowed("[::1]:8000", ["::1"])
    assert origins.host_allowed("[fe80::1]", ["[fe80::1]"])
    assert not origins.host_allowed("[fe80::2]", ["[fe80::1]"])
