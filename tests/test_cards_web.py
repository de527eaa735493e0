"""Card pages, the card API and ``judgebot card``."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from judgebot.cli import main
from judgebot.web import create_app


@pytest.fixture(scope="module")
def app(search_service):
    return create_app(search_service)


@pytest.fixture()
def client(app):
    return app.test_client()


def text_of(response) -> str:
    body = response.get_data(as_text=True)
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r'<span class="tip"[^>]*>[^<]*</span>', "", body)
    body = re.sub(r"</?(?:a|span|mark|abbr|kbd|ins|del|time)\b[^>]*>", "", body)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


# --- the card page -------------------------------------------------------------------

def test_a_card_page_shows_oracle_text_mana_symbols_rulings_and_the_rules_it_uses(client):
    response = client.get("/mtg/cards/serra-angel")
    body, text = response.get_data(as_text=True), text_of(response)
    assert response.status_code == 200
    assert "Serra Angel" in text and "撒拉天使" in text
    assert "Flying" in text and "Vigilance (Attacking doesn't cause this creature to tap.)" in text
    assert 'class="ms ' in body  # {3}{W}{W} drawn as symbols
    card_rules = body.split('class="card-rules"', 1)[1].split("</section>", 1)[0]
    assert 'href="/mtg/cr/702.9"' in card_rules and 'href="/mtg/cr/702.20"' in card_rules
    assert "/simulate?scenario=" in body  # the engine reads it: simulate with it


def test_a_card_the_engine_cannot_read_names_what_stops_it(client):
    text = text_of(client.get("/mtg/cards/copy-enchantment"))
    assert "The rules engine cannot read" in text or "规则引擎还读不懂" in text
    assert "You may have Copy Enchantment enter as a copy of any enchantment" in text


def test_the_english_view_shows_a_release_notes_card_in_english(client):
    client.get("/prefs?view=en")
    text = text_of(client.get("/mtg/cards/angels-grace"))
    assert "Angel's Grace" in text and "Instant" in text
    assert "Split second" in text
    assert "天使恩典" not in text and "瞬间" not in text and "转瞬" not in text
    client.get("/prefs?view=zh")
    text = text_of(client.get("/mtg/cards/angels-grace"))
    assert "天使恩典" in text and "转瞬" in text


def test_rulings_show_their_date_and_both_languages(client):
    body = client.get("/mtg/cards/tarmogoyf").get_data(as_text=True)
    first = body.split('id="ruling-1"', 1)[1].split("</li>", 1)[0]
    text = " ".join(unescape(re.sub(r"<span class=\"tip\"[^>]*>[^<]*</span>|<[^>]+>", "",
                                    first)).split())
    assert "2021-03-19" in text and "works in all zones, not just the battlefield" in text
    assert "塔莫耶夫的力量" in text


def test_a_multi_faced_card_shows_each_face(client):
    text = text_of(client.get("/mtg/cards/delver-of-secrets-insectile-aberration"))
    assert "Delver of Secrets" in text and "Insectile Aberration" in text
    assert "3/2" in text and "1/1" in text


@pytest.mark.parametrize(("name", "slug"), [("Goyf", "tarmogoyf"), ("闪电击", "lightning-bolt"),
                                            ("Tarmogoyph", "tarmogoyf"), ("Ice", "fire-ice")])
def test_a_card_by_any_name_redirects_to_its_page(client, name, slug):
    response = client.get(f"/mtg/cards/{name}")
    assert response.status_code == 302 and response.headers["Location"] == f"/mtg/cards/{slug}"


def test_an_ambiguous_name_lists_the_cards_it_may_mean(client):
    response = client.get("/mtg/cards/Thalia")
    assert response.status_code == 404
    assert "/mtg/cards/thalia-guardian-of-thraben" in response.get_data(as_text=True)


@pytest.mark.parametrize(("path", "status"), [("/mtg/cards/" + "x" * 10_000, 400),
                                              ("/mtg/cards/%00%01", 404),
                                              ("/mtg/cards/%FF%FE", 400),
                                              ("/mtg/cards/зеленый", 404)])
def test_bad_card_names_get_a_clear_status(client, path, status):
    response = client.get(path)
    assert response.status_code in (status, 414 if status == 400 else status)
    assert "Traceback" not in response.get_data(as_text=True)


def test_searching_a_cards_exact_name_opens_it(client):
    response = client.get("/search?q=Rest+in+Peace")
    assert response.status_code == 302 and response.headers["Location"] == \
        "/mtg/cards/rest-in-peace"
    assert client.get("/search?q=Rest+in+Peace&stay=1").status_code == 200


# --- the API -------------------------------------------------------------------------

def test_the_card_api_says_whether_the_engine_reads_the_card(client):
    murder = client.get("/api/v1/card/murder").get_json()
    assert murder["name"] == {"en": "Murder", "zh-Hans": "谋杀"}
    assert murder["engine"] == {"readable": True, "unread": []}
    assert [r["label"] for r in murder["rules"]] == ["701.8"]
    clone = client.get("/api/v1/card/copy-enchantment").get_json()
    assert clone["engine"]["readable"] is False and clone["engine"]["unread"]


def test_the_card_list_api_filters_and_pages(client):
    data = client.get("/api/v1/cards?name=bolt&colour=red&per_page=100").get_json()
    names = {i["name"]["en"] for i in data["items"]}
    assert "Lightning Bolt" in names and all("R" in i["colours"] for i in data["items"])
    assert data["filters"] == {"name": "bolt", "colour": "R"} and data["total"] == len(names)
    assert client.get("/api/v1/cards?per_page=101").status_code == 400
    assert client.get("/api/v1/cards?colour=mauve").get_json()["error"]["status"] == 400


def test_the_openapi_document_describes_the_card_filters(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    params = {p["name"] for p in doc["paths"]["/api/v1/cards"]["get"]["parameters"]}
    assert {"name", "type", "colour", "text", "page", "per_page"} <= params
    card = doc["paths"]["/api/v1/card/{card}"]["get"]["responses"]["200"]
    engine = card["content"]["application/json"]["schema"]["properties"]["engine"]
    assert set(engine["properties"]) == {"readable", "unread", "scripted"}


# --- the command line ------------------------------------------------------------------

def test_judgebot_card_prints_the_card(capsys):
    assert main(["card", "shan", "dian", "ji"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Lightning Bolt (闪电击)  {R}")
    assert "Lightning Bolt deals 3 damage to any target." in out
    assert "The rules engine can read this card." in out


def test_judgebot_card_json_has_the_engine_verdict(capsys):
    assert main(["card", "Goyf", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "mtg:card:tarmogoyf"
    # The engine has its own script of Tarmogoyf (its reader alone could not).
    assert data["engine"] == {"readable": True, "unread": [], "scripted": True}
    assert len(data["rulings"]) == 4


def test_judgebot_card_json_says_what_the_engine_cannot_read(capsys):
    assert main(["card", "Copy Enchantment", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == {"readable": False, "unread": [
        "You may have Copy Enchantment enter as a copy of any enchantment on the battlefield."]}
    assert main(["card", "Opt", "--json"]) == 0  # scry, then draw: read from its text
    assert json.loads(capsys.readouterr().out)["engine"] == {"readable": True, "unread": []}


@pytest.mark.parametrize(("args", "code", "message"), [
    (["card", "x" * 10_000], 2, "at most"),
    (["card", "\x00\x01"], 2, "printable"),
    (["card", "zzzzqqqqxxxx"], 1, "no card named"),
    (["card", "Thalia"], 1, "could be"),
])
def test_judgebot_card_bad_names(capsys, args, code, message):
    assert main(args) == code
    assert message in capsys.readouterr().err
