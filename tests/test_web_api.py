"""The JSON API under /api/v1 and its OpenAPI document."""

from __future__ import annotations

import re

import pytest

from judgebot.corpus import EN, current_cr
from judgebot.web import create_app

CURRENT_CR = current_cr()


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


def test_search_returns_hits_with_urls_groups_and_safe_snippets(client):
    response = client.get("/api/v1/search?q=trample")
    assert response.status_code == 200 and response.is_json
    data = response.get_json()
    assert data["hits"][0]["id"] == f"mtg:glossary:{CURRENT_CR}:trample"
    assert data["hits"][0]["url"] == "/mtg/glossary/trample"
    assert data["groups"][:2] == ["glossary", "rules"]
    for hit in data["hits"]:
        for snippet in hit["snippets"].values():
            assert not re.search(r"<(?!/?mark>)", snippet)


def test_search_resolves_rule_numbers(client):
    data = client.get("/api/v1/search?q=cr 702.19b").get_json()
    assert data["rule"] == f"mtg:cr:{CURRENT_CR}:702.19b"
    assert data["rule_url"] == "/mtg/cr/702.19b"


def test_search_in_traditional_script_returns_traditional_text(client):
    hans = client.get("/api/v1/search?q=trample&kind=rules&edition=2019-10-04").get_json()
    hant = client.get("/api/v1/search?q=trample&kind=rules&edition=2019-10-04&script=hant"
                      ).get_json()
    assert [h["id"] for h in hans["hits"]] == [h["id"] for h in hant["hits"]]
    zh = [h["snippets"].get("zh", "") for h in hant["hits"]]
    if any(zh):  # the Chinese CR is decoded: Traditional characters appear
        assert any("規則" in z or "傷害" in z or "踐踏" in z for z in zh)


def test_search_requires_a_query(client):
    response = client.get("/api/v1/search")
    assert response.status_code == 400
    assert "'q'" in response.get_json()["error"]["message"]


@pytest.mark.parametrize("query, status", [
    ("q=trample&per_page=51", 400), ("q=trample&per_page=0", 400), ("q=trample&page=101", 400),
    ("q=trample&page=abc", 400), ("q=trample&kind=spells", 400), ("q=trample&edition=1999", 400),
    ("q=trample&section=abc", 400), ("q=" + "x" * 1001, 400), ("q=%FF%FE", 400),
    ("q=a%00b", 400), ("q=((()))", 400),
])
def test_bad_parameters_are_json_errors_with_status(client, query, status):
    response = client.get("/api/v1/search?" + query)
    assert response.status_code == status and response.is_json
    error = response.get_json()["error"]
    assert error["status"] == status and len(error["message"]) > 10


def test_pagination_is_consistent(client):
    one = client.get("/api/v1/search?q=damage&per_page=5&page=1").get_json()
    two = client.get("/api/v1/search?q=damage&per_page=5&page=2").get_json()
    assert one["pages"] >= 2 and len(one["hits"]) == 5
    assert not {h["id"] for h in one["hits"]} & {h["id"] for h in two["hits"]}


def test_rule_endpoint_has_text_links_and_lineage(client, by_id):
    data = client.get("/api/v1/rule/702.19b").get_json()
    rec = by_id[f"mtg:cr:{CURRENT_CR}:702.19b"]
    assert data["id"] == rec.id and data["text"][EN] == rec.text[EN]
    assert data["citation"] == "CR 702.19b"
    assert data["neighbours"]["parent"]["url"] == "/mtg/cr/702.19"
    assert data["lineage"]["status"] == rec.lineage["status"]
    assert data["lineage"]["translated"]["id"] == rec.lineage["ancestor"]
    if rec.lineage["status"] == "changed":
        assert data["lineage"]["diff"]["removed_words"] + data["lineage"]["diff"][
            "added_words"] > 0


def test_rule_endpoint_other_edition_and_game(client):
    assert client.get("/api/v1/rule/702.19b?edition=2019-10-04").get_json()[
        "edition"] == "2019-10-04"
    assert client.get("/api/v1/rule/1102.1?game=fow").get_json()["id"] == "fow:cr:12.7:1102.1"
    assert client.get("/api/v1/rule/1102.1?game=fow&edition=6.0").get_json()[
        "id"] == "fow:cr:6.0:1102.1"


def test_unknown_rule_is_404_with_suggestions(client):
    response = client.get("/api/v1/rule/702.19z")
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["suggestions"] and error["suggestions"][0]["url"].startswith("/mtg/cr/702.19")


def test_unknown_game_or_edition_is_400(client):
    assert client.get("/api/v1/rule/702.19b?game=chess").status_code == 400
    assert client.get("/api/v1/rule/702.19b?edition=2001-01-01").status_code == 400


def test_contents_endpoint_lists_chapters_and_sections(client, records):
    data = client.get("/api/v1/contents").get_json()
    chapters = [r for r in records if r.kind == "rule" and r.edition == CURRENT_CR
                and r.level == "chapter"]
    assert [c["label"] for c in data["chapters"]] == sorted((c.number for c in chapters), key=int)
    assert any(s["label"] == "702" for c in data["chapters"] for s in c["sections"])


def test_glossary_list_is_paginated_and_filterable(client):
    data = client.get("/api/v1/glossary?per_page=10").get_json()
    assert len(data["items"]) == 10 and data["total"] > 10
    found = client.get("/api/v1/glossary?filter=trample").get_json()["items"]
    assert {i["slug"] for i in found} >= {"trample", "trample-over-planeswalkers"}
    assert client.get("/api/v1/glossary?per_page=500").status_code == 400


@pytest.mark.parametrize(("term", "slug"), [
    ("graveyards", "graveyard"), ("Phases", "phase"), ("abilities", "ability"),
    ("Wolrd Rule", "world-rule"), ("Mxa Speed", "max-speed"),
    ("Characterisitc-Defining Ability", "characteristic-defining-ability"),
])
def test_glossary_term_by_plural_or_slip_in_a_longer_name(client, term, slug):
    resp = client.get(f"/api/v1/glossary/{term}")
    assert resp.status_code == 200 and resp.get_json()["slug"] == slug


@pytest.mark.parametrize("term", ["boom", "banding fading"])
def test_real_words_are_not_corrected_into_other_names(client, term):
    resp = client.get(f"/api/v1/glossary/{term}")
    assert resp.status_code == 404


def test_glossary_term_by_misspelling(client):
    data = client.get("/api/v1/glossary/tramble").get_json()
    assert data["slug"] == "trample" and data["rules"][0]["url"] == "/mtg/cr/702.19"


def test_cards_and_card(client, search_service):
    store = search_service.store
    listing = client.get("/api/v1/cards").get_json()
    assert listing["total"] == store.count("mtg", "card") and listing["per_page"] == 50
    assert listing["pages"] == -(-listing["total"] // 50) and len(listing["items"]) == 50
    card = store.get("mtg:card:tarmogoyf")
    data = client.get("/api/v1/card/Tarmogoyf").get_json()
    assert data["id"] == card.id and [r["id"] for r in data["rulings"]] == list(card.rulings)
    assert data["engine"] == {"readable": True, "unread": [], "scripted": True}  # the engine's own
    opt = client.get("/api/v1/card/Opt").get_json()
    assert opt["engine"] == {"readable": True, "unread": []}  # read from its Oracle text
    copy = client.get("/api/v1/card/Copy Enchantment").get_json()
    assert copy["engine"] == {"readable": False, "unread": [
        "You may have Copy Enchantment enter as a copy of any enchantment on the battlefield."]}
    assert client.get("/api/v1/card/no-such-card-anywhere").status_code == 404


def test_unknown_endpoint_and_method_are_json_errors(client):
    missing = client.get("/api/v1/nothing-here")
    assert missing.status_code == 404 and missing.get_json()["error"]["status"] == 404
    post = client.post("/api/v1/search?q=x")
    assert post.status_code == 405 and post.is_json


def test_openapi_document_describes_every_endpoint(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    app_rules = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", r.rule)
                 for r in client.application.url_map.iter_rules() if r.rule.startswith("/api/")}
    assert app_rules == set(doc["paths"])
    for path, item in doc["paths"].items():
        for operation in item.values():
            assert "200" in operation["responses"], path


def test_openapi_parameters_exist_in_the_handlers(client):
    """Each documented query parameter changes nothing silently: unknown
    values of enumerated ones are refused."""
    doc = client.get("/api/v1/openapi.json").get_json()
    search = {p["name"] for p in doc["paths"]["/api/v1/search"]["get"]["parameters"]}
    assert search == {"q", "game", "kind", "edition", "section", "page", "per_page", "script"}
