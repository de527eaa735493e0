"""The page cache: a repeated request for a read-only page or API call is answered
as it was first rendered, for the same reader only, within its bound."""

from __future__ import annotations

import pytest

from judgebot.web import create_app, pagecache

PATHS = ["/mtg/cr/702.19b", "/mtg/cr/2019-10-04/702.19b", "/mtg/cr/702",
         "/mtg/glossary/trample", "/search?q=trample&stay=1", "/search?q=%E8%B7%B5%E8%B8%8F",
         "/api/v1/search?q=deathtouch&per_page=10", "/api/v1/rule/702.19b",
         "/api/v1/glossary/trample", "/mtg/cr/999.99"]
READERS = [{}, {"Accept-Language": "en-US,en;q=0.9"}, {"Accept-Language": "zh-TW"},
           {"Cookie": "prefs=hant.zh.dark"}, {"Cookie": "prefs=hans.en.auto",
                                               "Accept-Language": "zh-TW"}]


@pytest.fixture(scope="module")
def fresh(search_service):
    return create_app(search_service).test_client()


@pytest.fixture()
def cached_app(search_service):
    return create_app(search_service, {"PAGE_CACHE_BYTES": pagecache.DEFAULT_MB * 2**20})


def answer(client, path, headers):
    response = client.get(path, headers=headers)
    return response.status_code, sorted(response.headers.items()), response.get_data()


def test_an_answer_from_the_cache_is_the_answer_rendered_afresh(cached_app, fresh):
    client = cached_app.test_client()
    answers = cached_app.extensions["judgebot.pages"]
    for path in PATHS:
        for headers in READERS:
            expected = answer(fresh, path, headers)
            assert answer(client, path, headers) == expected, (path, headers)
            hits = answers.hits
            assert answer(client, path, headers) == expected, (path, headers)
            assert answers.hits == hits + 1, (path, headers)


def test_readers_with_other_preferences_get_their_own_answer(cached_app):
    client = cached_app.test_client()
    english = client.get("/mtg/glossary/trample", headers={"Accept-Language": "en-US"})
    traditional = client.get("/mtg/glossary/trample", headers={"Accept-Language": "zh-TW"})
    assert english.get_data() != traditional.get_data()
    assert '<html lang="en"' in english.get_data(as_text=True)
    assert 'lang="zh-Hant"' in traditional.get_data(as_text=True)


def test_the_cache_keeps_the_most_recent_answers_within_its_bound(search_service):
    app = create_app(search_service, {"PAGE_CACHE_BYTES": 400_000})
    client = app.test_client()
    answers = app.extensions["judgebot.pages"]
    paths = [f"/api/v1/rule/702.{n}" for n in range(2, 40)]
    for path in paths:
        assert client.get(path).status_code == 200
    assert 0 < answers.size <= answers.max_bytes
    assert len(answers) < len(paths)
    hits = answers.hits
    client.get(paths[-1])
    assert answers.hits == hits + 1
    client.get(paths[0])  # dropped first
    assert answers.hits == hits + 1


def test_an_answer_larger_than_its_share_of_the_cache_is_not_kept(search_service, fresh):
    app = create_app(search_service, {"PAGE_CACHE_BYTES": 4 * 2**20})
    client = app.test_client()
    whole_section = answer(fresh, "/mtg/cr/702", {})
    assert len(whole_section[2]) * pagecache.MAX_SHARE > 4 * 2**20
    assert answer(client, "/mtg/cr/702", {}) == whole_section
    assert len(app.extensions["judgebot.pages"]) == 0


def test_only_read_only_views_are_kept(cached_app):
    client = cached_app.test_client()
    answers = cached_app.extensions["judgebot.pages"]
    client.get("/prefs?script=hant&next=/mtg/cr/702.19b")  # sets a cookie
    client.post("/api/v1/ask", json={"question": "what is trample?"})
    client.get("/api/v1/search")  # refused: no query
    client.get("/mtg/cr/702.19b?" + "x" * 9000)  # refused: too long
    client.get("/")
    assert len(answers) == 0


def test_without_a_size_nothing_is_kept(fresh):
    fresh.get("/mtg/cr/702.19b")
    fresh.get("/mtg/cr/702.19b")
    answers = fresh.application.extensions["judgebot.pages"]
    assert len(answers) == 0 and answers.hits == 0
