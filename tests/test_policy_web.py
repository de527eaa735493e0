"""The Tournament Rules and the IPG on the web, in the API and on the command
line: contents, sections, an infraction's penalty and procedure first, and
clear refusals."""

from __future__ import annotations

import json

import pytest

from judgebot import cli
from judgebot.search import cli as search_cli
from judgebot.web import create_app
from tests.test_web_pages import text_of

IPG = "mtg:ipg:2024-09-23:"


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


@pytest.fixture
def run(search_service, monkeypatch, capsys):
    monkeypatch.setattr(search_cli, "_service", lambda: search_service)

    def _run(*argv: str) -> tuple[int, str, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return _run


# --- pages --------------------------------------------------------------------------------

def test_each_document_has_a_contents_page(client):
    mtr = text_of(client.get("/mtr"))
    assert "万智牌比赛规则" in mtr and "4.2 比赛中的行事简化Tournament Shortcuts" in mtr
    assert "Appendix F" in mtr
    ipg = client.get("/ipg")
    assert ipg.status_code == 200
    assert "2.2 游戏行动失误～额外看牌Game Play Error — Looking at Extra Cards 警告Warning" \
        in text_of(ipg)


def test_a_section_page_shows_its_text_and_its_chinese_title(client):
    page = client.get("/mtr/4.2")
    text = text_of(page)
    assert page.status_code == 200
    assert "MTR 4.2 比赛中的行事简化Tournament Shortcuts" in text
    assert "A tournament shortcut is an action taken by players" in text
    assert 'href="/mtr/4"' in page.get_data(as_text=True)  # its chapter


def test_an_infraction_page_puts_the_penalty_and_the_procedure_first(client):
    text = text_of(client.get("/ipg/2.2"))
    order = [text.index(s) for s in ("处罚 警告Warning", "进一步的修正",
                                      "If the cards were in the library", "定义",
                                      "A player takes an action that may have", "范例", "原则")]
    assert order == sorted(order)


def test_an_infraction_without_a_remedy_says_so(client):
    assert "此违规没有处罚以外的修正" in text_of(client.get("/ipg/2.6"))


def test_references_are_links_and_the_same_matter_is_linked_both_ways(client):
    html = client.get("/ipg/2.1").get_data(as_text=True)
    assert 'href="/mtr/4.3"' in html  # "(MTR section 4.3)"
    assert 'href="/mtr/2.3"' in client.get("/mtg/cr/103.4").get_data(as_text=True) or \
        "MTR 2.3" in text_of(client.get("/mtr/2.3"))
    assert 'href="/ipg/3.3"' in client.get("/mtr/5.5").get_data(as_text=True)
    assert 'href="/mtr/5.5"' in client.get("/ipg/3.3").get_data(as_text=True)


def test_the_quick_reference_lists_every_infraction_with_its_penalty(client):
    text = text_of(client.get("/ipg/appendix-a"))
    assert "2.1 遗漏触发Missed Trigger 无处罚No Penalty 2.2 额外看牌" in text
    assert ("3.1 迟到Tardiness 一盘负Game Loss "
            "3.2 外来协助Outside Assistance 一局负Match Loss") in text
    assert text.count("Warning") >= 14


@pytest.mark.parametrize("url, location", [
    ("/ipg/Appendix%20A", "/ipg/appendix-a"), ("/mtr/04.2", "/mtr/4.2"),
    ("/mtr/4.2?edition=2026-02-27", "/mtr/2026-02-27/4.2"),
])
def test_other_spellings_of_an_address_redirect_to_it(client, url, location):
    response = client.get(url)
    assert response.status_code in (301, 302) and response.headers["Location"] == location


@pytest.mark.parametrize("url, message", [
    ("/mtr/4.12", "There is no MTR 4.12"),
    ("/ipg/1999-01-01/2.2", "no edition"),
    ("/ipg/xyz", "There is no IPG section 'xyz'"),
    ("/ipg/" + "9" * 150, "There is no IPG section"),
])
def test_a_missing_section_is_a_404_that_says_what_was_asked(client, url, message):
    response = client.get(url)
    assert response.status_code == 404 and message in text_of(response)


def test_an_address_too_long_to_be_a_section_is_refused(client):
    assert client.get("/ipg/" + "9" * 300).status_code == 414


def test_the_missing_section_offers_its_chapter(client):
    assert 'href="/mtr/4.1"' in client.get("/mtr/4.12").get_data(as_text=True)


def test_search_for_a_section_number_opens_its_page(client):
    response = client.get("/search?q=IPG+2.2")
    assert response.status_code == 302 and response.headers["Location"] == "/ipg/2.2"


def test_search_results_group_the_tournament_documents(client):
    text = text_of(client.get("/search?q=slow+play"))
    assert "比赛规则与违规处理" in text and "IPG 3.3" in text


def test_a_section_names_where_it_came_from_never_a_file(client, by_id):
    rec = by_id[IPG + "2.2"]
    text = text_of(client.get("/ipg/2.2?view=en"))
    english = rec.source[0]
    assert f"Infraction Procedure Guide, 2024-09-23, English, lines {english.start}–" \
           f"{english.end}" in text
    assert "Chinese judge terms, judgebot, Simplified Chinese, lines" in text
    assert "ipg-2024-09-23-en.txt" not in text and "judge-terms-zh.tsv" not in text


# --- API --------------------------------------------------------------------------------

def test_the_api_gives_an_infraction_with_its_parts(client):
    data = client.get("/api/v1/ipg/2.2").get_json()
    assert data["id"] == IPG + "2.2" and data["infraction"] is True
    assert data["penalty"] == {"en": "Warning", "zh-Hans": "警告"}
    assert data["remedy"]["en"].startswith("If the cards were in the library")
    assert len(data["examples"]["en"]) == 3
    assert data["url"] == "/ipg/2.2" and data["label"] == "IPG 2.2"
    assert {r["id"] for r in data["cited_by"]} >= {IPG + "appendix-a"}


def test_the_api_contents_list_each_infraction_with_its_penalty(client):
    data = client.get("/api/v1/ipg").get_json()
    chapters = {c["number"]: c for c in data["contents"]}
    penalties = {s["number"]: s["penalty"]["en"] for c in ("2", "3", "4")
                 for s in chapters[c]["sections"]}
    assert len(penalties) == 23 and penalties["3.2"] == "Match Loss"
    assert data["editions"] == ["2024-09-23"] and data["title"]["zh"] == "万智牌违规处理方针"


@pytest.mark.parametrize("url, status", [
    ("/api/v1/mtr/4.12", 404), ("/api/v1/mtr/4.2?edition=1999", 400),
    ("/api/v1/ipg/" + "x" * 100, 400), ("/api/v1/mtr?edition=nope", 400)])
def test_the_api_refuses_clearly(client, url, status):
    response = client.get(url)
    assert response.status_code == status and response.get_json()["error"]["message"]


def test_the_openapi_document_describes_the_tournament_documents(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert {"/api/v1/mtr", "/api/v1/mtr/{section}", "/api/v1/ipg", "/api/v1/ipg/{section}"} \
        <= set(paths)


# --- command line ------------------------------------------------------------------------

def test_judgebot_rule_takes_a_section_of_either_document(run):
    code, out, _ = run("rule", "IPG 2.2")
    assert code == 0
    assert out.index("Penalty: Warning · 警告") < out.index("Additional Remedy:") < out.index(
        "Definition:")
    code, out, _ = run("rule", "--json", "MTR 4.2")
    assert code == 0 and json.loads(out)["id"] == "mtg:mtr:2026-02-27:4.2"


def test_judgebot_policy_lists_the_contents_with_penalties(run):
    code, out, _ = run("policy", "ipg")
    assert code == 0
    assert "IPG 3.2  比赛失误～外来协助  Tournament Error — Outside Assistance  " \
           "[Match Loss · 一局负]" in out


@pytest.mark.parametrize("argv, code, message", [
    (("policy", "mtr", "4.12"), 1, "no MTR 4.12"),
    (("policy", "mtr", "chapter four"), 2, "not a section number"),
    (("policy", "ipg", "--edition", "2000-01-01"), 2, "no edition"),
])
def test_judgebot_policy_refuses_clearly(run, argv, code, message):
    result, _, err = run(*argv)
    assert result == code and message in err
