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


# --- the browser's languages on a first visit ----------------------------------------

@pytest.mark.parametrize("header, lang, view", [
    ("en-US,en;q=0.9", "en", "en"),
    ("en-GB", "en", "en"),
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh-Hans", "both"),
    ("zh-TW,zh;q=0.9", "zh-Hant", "both"),
    ("zh-Hant-HK", "zh-Hant", "both"),
    ("zh-HK", "zh-Hant", "both"),
    ("zh-SG", "zh-Hans", "both"),
    ("fr-FR,fr;q=0.9,en;q=0.5,zh;q=0.4", "en", "en"),  # the first language the site has
    ("en;q=0,zh-TW", "zh-Hant", "both"),  # q=0: "not English"
    ("de-DE", "zh-Hans", "both"),  # nothing the site has: its default
    ("", "zh-Hans", "both"),
])
def test_first_visit_follows_the_browsers_languages(client, header, lang, view):
    response = client.get("/", headers={"Accept-Language": header})
    tag = html_tag(response.get_data(as_text=True))
    assert f'lang="{lang}"' in tag and f"view-{view}" in tag
    assert "Accept-Language" in response.headers["Vary"]


def test_a_saved_choice_wins_over_the_browsers_languages(client):
    client.get("/prefs?view=zh", headers={"Accept-Language": "en-US"})
    response = client.get("/", headers={"Accept-Language": "en-US"})
    assert 'lang="zh-Hans"' in html_tag(response.get_data(as_text=True))
    assert "Accept-Language" not in response.headers["Vary"]
    assert "Cookie" in response.headers["Vary"]


def test_the_first_choice_starts_from_what_the_languages_gave(client):
    """An English reader who picks the dark theme keeps reading English."""
    response = client.get("/prefs?theme=dark&next=/", headers={"Accept-Language": "en-US"})
    assert "prefs=hans.en.dark" in response.headers["Set-Cookie"]
    response = client.get("/prefs?script=hant&next=/", headers={"Accept-Language": "zh-TW"})
    assert "prefs=hant.en.dark" in response.headers["Set-Cookie"]  # the cookie, not zh-TW, now


def test_address_parameters_win_over_languages_and_cookie(client):
    response = client.get("/?view=zh", headers={"Accept-Language": "en-US"})
    assert 'lang="zh-Hans"' in html_tag(response.get_data(as_text=True))
    # The script still came from the languages, so the page still varies with them.
    assert "Accept-Language" in response.headers["Vary"]
    response = client.get("/?view=zh&script=hant", headers={"Accept-Language": "en-US"})
    assert 'lang="zh-Hant"' in html_tag(response.get_data(as_text=True))
    assert "Accept-Language" not in response.headers["Vary"]
    client.get("/prefs?view=zh")
    response = client.get("/?view=en", headers={"Accept-Language": "zh-CN"})
    assert 'lang="en"' in html_tag(response.get_data(as_text=True))


def test_api_results_follow_the_languages_and_say_so(client):
    response = client.get("/api/v1/search?q=trample", headers={"Accept-Language": "zh-TW"})
    titles = [h.get("title_zh", "") for h in response.get_json()["hits"]]
    assert "踐踏" in titles
    assert "Accept-Language" in response.headers["Vary"]


def test_static_files_do_not_vary_with_languages(client):
    response = client.get("/static/app.css")
    assert "Accept-Language" not in response.headers.get("Vary", "")


def test_an_unusable_cookie_is_no_choice(client):
    client.set_cookie("prefs", "garbage")
    response = client.get("/", headers={"Accept-Language": "en"})
    assert 'lang="en"' in html_tag(response.get_data(as_text=True))


def test_a_huge_languages_header_is_harmless(client):
    header = ",".join(f"x{i}-yy;q=0.{i % 9 + 1}" for i in range(3000))
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 200


@pytest.mark.parametrize("tags, expected", [
    (["en-US"], prefs.Prefs(view="en")),
    (["zh-hant"], prefs.Prefs(script="hant")),
    (["zh_TW"], prefs.Prefs(script="hant")),
    (["ja", "ko"], prefs.Prefs()),
    (["*"], prefs.Prefs()),
])
def test_languages_map_to_preferences(tags, expected):
    assert prefs.from_languages(tags) == expected
