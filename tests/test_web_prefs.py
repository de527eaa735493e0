"""Reader preferences: Simplified/Traditional, bilingual/Chinese/English
views and the theme, remembered in a cookie; lang attributes follow them."""

from __future__ import annotations

import re

import pytest

from judgebot.web import create_app, prefs


@pytest.fixture()
def client(search_service):
    return create_app(search_service).test_client()


def html_tag(body: str) -> str:
    return re.search(r"<html[^>]*>", body).group()


def test_cookie_values_are_parsed_and_invalid_parts_ignored():
    assert prefs.parse_cookie("hant.en.dark") == prefs.Prefs("hant", "en", "dark")
    assert prefs.parse_cookie("bogus.zh") == prefs.Prefs("hans", "zh", "auto")
    assert prefs.parse_cookie(None) == prefs.Prefs()


def test_switch_sets_the_cookie_and_returns_to_the_page(client):
    response = client.get("/prefs?script=hant&next=/mtg/cr/702.19b")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/mtg/cr/702.19b")
    assert "prefs=hant.both.auto" in response.headers["Set-Cookie"]
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    assert 'lang="zh-Hant"' in html_tag(body)


def test_choices_accumulate(client):
    client.get("/prefs?script=hant")
    client.get("/prefs?view=en")
    client.get("/prefs?theme=dark")
    body = client.get("/").get_data(as_text=True)
    tag = html_tag(body)
    assert 'lang="en"' in tag and "view-en" in tag and "theme-dark" in tag


def test_traditional_script_converts_chinese_on_the_page(client):
    client.get("/prefs?script=hant")
    body = client.get("/mtg/glossary").get_data(as_text=True)
    assert "詞彙表" in body and "词汇表" not in body


def test_english_only_view_hides_chinese_text(client, by_id):
    rec = by_id["mtg:cr:2019-10-04:702.19b"]
    zh = rec.text.get("zh-Hans")
    client.get("/prefs?view=en")
    body = client.get("/mtg/cr/2019-10-04/702.19b").get_data(as_text=True)
    assert '<section class="en" lang="en"' in body
    if zh:
        assert zh[:10] not in body


def test_chinese_only_view_keeps_english_when_there_is_no_chinese(client, by_id):
    rec = next(r for r in by_id.values() if r.kind == "rule" and r.edition == "2025-11-14"
               and r.lineage.get("status") == "new")
    client.get("/prefs?view=zh")
    body = client.get(f"/mtg/cr/{rec.number}").get_data(as_text=True)
    assert rec.text["en"][:40] in body.replace("</a>", "").replace('<a class="term"', "")  \
        or '<section class="en" lang="en"' in body


def test_query_parameter_overrides_the_cookie_for_one_page(client):
    body = client.get("/mtg/glossary?script=hant").get_data(as_text=True)
    assert 'lang="zh-Hant"' in html_tag(body)
    assert "set-cookie" not in {k.lower() for k in client.get("/?script=hant").headers.keys()}


def test_text_blocks_carry_their_language(client):
    body = client.get("/fow/cr/1102.1").get_data(as_text=True)
    assert '<section class="zh" lang="zh-Hans"' in body
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    assert '<section class="en" lang="en"' in body
