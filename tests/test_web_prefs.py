"""Reader preferences: Simplified/Traditional, bilingual/Chinese/English
views and the theme, remembered in a cookie; lang attributes follow them."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from judgebot.corpus import current_cr
from judgebot.web import create_app, prefs


@pytest.fixture(scope="module")
def app(search_service):
    return create_app(search_service)


@pytest.fixture()
def client(app):
    """A fresh browser: no cookie yet."""
    return app.test_client()


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
    rec = next(r for r in by_id.values() if r.kind == "rule" and r.edition == current_cr()
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
    body = client.get("/fow/cr/1103.1").get_data(as_text=True)  # 12.7, the Chinese of 6.0
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


# --- the Traditional view is Traditional throughout ---------------------------------

class ChineseText(HTMLParser):
    """The text a reader sees (and the attributes a browser shows: placeholders,
    titles, labels) outside elements marked English or Simplified on purpose."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
            "source", "track", "wbr"}
    SHOWN = {"placeholder", "title", "aria-label", "alt", "data-done", "data-copy",
             "data-labels", "value"}

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def skipped(self) -> bool:
        return any(skip for _, skip in self.open)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skip = tag in ("script", "style") or attrs.get("lang") in ("en", "zh-Hans")
        if not (skip or self.skipped()):
            self.texts += [f"<{tag} {k}>{v}" for k, v in attrs.items() if k in self.SHOWN and v]
        if tag not in self.VOID:
            self.open.append((tag, skip))

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break

    def handle_data(self, data):
        if data.strip() and not self.skipped():
            self.texts.append(data.strip())


TRADITIONAL_PAGES = [
    "/", "/search?q=trample", "/search?q=%E8%B8%90%E8%B8%8F&stay=1", "/search?q=zzqqxx",
    "/mtg/cr", "/mtg/cr/702.19b", "/mtg/cr/702.19", "/mtg/cr/701",
    "/mtg/cr/2019-10-04/702.19b", "/mtg/cr/casual-2015/903", "/mtg/glossary",
    "/mtg/glossary/trample", "/mtg/glossary?edition=m13", "/mtg/cards", "/mtg/notes",
    "/mtg/guide", "/mtg/guide/5", "/mtg/names", "/fow/cr", "/fow/cr/1102.1", "/fow/glossary",
    "/fow/cr/1103.1", "/fow/cr/6.0/1102.1", "/mtr", "/mtr/4.2", "/ipg", "/ipg/2.2",
    "/ipg/appendix-a", "/search?q=%E5%A4%9A%E6%8A%93%E7%89%8C",
    "/ask", "/ask?q=%E6%88%91%E7%9A%843%2F3%E8%B8%90%E8%B8%8F%E7%94%9F%E7%89%A9%E8%A2%AB"
    "2%2F2%E9%98%BB%E6%93%8B", "/ask?q=%E3%80%90%E7%88%86%E7%A0%B4%E3%80%91%E6%80%8E%E9%BA%BC",
    "/mtg/cr/702.19z", "/mtg/glossary/nothing-like-this",
]


@pytest.mark.parametrize("path", TRADITIONAL_PAGES)
def test_every_chinese_word_of_the_traditional_view_is_traditional(client, simplified_chars,
                                                                    path):
    client.get("/prefs?script=hant")
    response = client.get(path)
    assert response.status_code in (200, 404)
    parser = ChineseText()
    parser.feed(response.get_data(as_text=True))
    wrong = [t for t in parser.texts if any(ch in simplified_chars for ch in t)]
    assert not wrong, wrong[:10]


def test_every_kind_of_record_page_is_traditional_in_the_traditional_view(client, records,
                                                                          simplified_chars):
    client.get("/prefs?script=hant")
    simplified = simplified_chars
    seen = set()
    for rec in records:
        if (rec.kind, rec.edition) in seen:
            continue
        seen.add((rec.kind, rec.edition))
        location = client.get(f"/id/{rec.id}").headers["Location"].split("#", 1)[0]
        parser = ChineseText()
        parser.feed(client.get(location).get_data(as_text=True))
        wrong = [t for t in parser.texts if any(ch in simplified for ch in t)]
        assert not wrong, (location, wrong[:10])


def test_the_home_tip_shows_each_script_as_itself(client):
    for script in ("hans", "hant"):
        body = client.get(f"/?script={script}").get_data(as_text=True)
        tip = re.search(r"<li>[^<]*拼音[^<]*(.*?)</li>", body).group(0)
        assert '<span lang="zh-Hans">践踏</span>' in tip
        assert '<span lang="zh-Hant">踐踏</span>' in tip
    body = client.get("/?view=en").get_data(as_text=True)
    assert '<span lang="zh-Hans">践踏</span>, <span lang="zh-Hant">踐踏</span>' in body


def test_script_choices_are_named_in_their_own_script(client):
    for script in ("hans", "hant"):
        body = client.get(f"/?script={script}").get_data(as_text=True)
        assert re.search(r'data-value="hans"[^>]*lang="zh-Hans">简体<', body)
        assert re.search(r'data-value="hant"[^>]*lang="zh-Hant">繁體<', body)
