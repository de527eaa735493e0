"""The "ask a judge" page and /api/v1/ask."""

from __future__ import annotations

import pytest

from judgebot.text.script import to_hant
from judgebot.web import create_app


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


COMBAT = "my 3/3 with trample and deathtouch is blocked by a 2/2, how much damage goes through?"


def test_page_without_question_shows_the_form(client):
    r = client.get("/ask")
    assert r.status_code == 200
    assert b'<textarea id="question" name="q"' in r.data
    assert b'class="answer"' not in r.data


def test_page_answers_with_simulation_first_then_quoted_rules(client):
    html = client.get("/ask", query_string={"q": COMBAT}).data.decode()
    sim, rules = html.index('class="simulated"'), html.index('class="quoted"')
    assert sim < rules
    assert 'href="/mtg/cr/702.19b"' in html
    assert "Your opponent goes from 20 to 18 life" in html


def test_page_quotes_chinese_in_the_preferred_script(client):
    query = {"q": "践踏怎么分配伤害", "script": "hant"}
    html = client.get("/ask", query_string=query).data.decode()
    assert "踐踏" in html


def test_api_get_and_post_agree(client):
    got = client.get("/api/v1/ask", query_string={"q": "how does trample work?"}).get_json()
    posted = client.post("/api/v1/ask", json={"question": "how does trample work?"}).get_json()
    assert [q["id"] for q in got["rules"]] == [q["id"] for q in posted["rules"]]
    assert all(q["url"] for q in got["rules"])


def test_api_answer_carries_the_simulation(client):
    data = client.post("/api/v1/ask", json={"question": COMBAT}).get_json()
    assert data["simulation"]["ok"] and "attack" in data["simulation"]["scenario"]
    assert data["confidence"] in ("strong", "likely")  # decided by the simulation


@pytest.mark.parametrize(("kwargs", "status"), [
    ({"query_string": {"q": ""}}, 400),
    ({"query_string": {"q": "x" * 2001}}, 400),
    ({"query_string": {"q": "a\x01b"}}, 400),
])
def test_api_refuses_bad_questions(client, kwargs, status):
    r = client.get("/api/v1/ask", **kwargs)
    assert r.status_code == status
    assert r.get_json()["error"]["message"]


@pytest.mark.parametrize("body", [
    {"data": "not json", "content_type": "application/json"},
    {"json": ["a", "list"]},
    {"json": {"question": 42}},
    {"json": {"text": "wrong field"}},
    {"json": {"question": "x" * 5000}},
])
def test_api_refuses_bad_bodies(client, body):
    r = client.post("/api/v1/ask", **body)
    assert r.status_code in (400, 413)
    assert "error" in r.get_json()


def test_api_refuses_a_huge_body(client):
    r = client.post("/api/v1/ask", data="x" * 200_000, content_type="application/json")
    assert r.status_code == 413 and "error" in r.get_json()


@pytest.mark.parametrize("q", ["？？？", "🂡", "游戏王的连锁怎么处理？", "702.19b"])
def test_odd_questions_get_an_answer_page_not_an_error(client, q):
    r = client.get("/ask", query_string={"q": q})
    assert r.status_code == 200


def test_non_utf8_question_is_a_clear_400(client):
    r = client.get("/ask?q=%FF%FE")
    assert r.status_code == 400


def test_question_text_is_escaped(client):
    html = client.get("/ask", query_string={"q": '<script>alert(1)</script> trample'}).data
    assert b"<script>alert(1)" not in html
    assert b"&lt;script&gt;" in html


def test_navigation_links_to_the_ask_page(client):
    assert b'href="/ask"' in client.get("/").data


def test_simulated_answer_links_to_the_simulation_view(client):
    data = client.post("/api/v1/ask", json={"question": COMBAT}).get_json()
    url = data["simulation"]["url"]
    assert url.startswith("/simulate?s=")
    page = client.get(url)
    assert page.status_code == 200
    assert "3/3 trample deathtouch" in page.data.decode()


def test_reasons_and_outcome_read_in_chinese_in_the_chinese_view(client):
    html = client.get("/ask", query_string={"q": COMBAT}).data.decode()
    assert "对手的生命从20变为18" in html and "模拟中用到" in html


def test_reasons_and_outcome_stay_english_in_the_english_view(client):
    html = client.get("/ask", query_string={"q": COMBAT, "view": "en"}).data.decode()
    assert "Your opponent goes from 20 to 18 life" in html and "applied in the simulation" in html
    assert "模拟中用到" not in html


def test_every_message_the_judge_says_is_in_both_languages_with_the_same_fields():
    from judgebot.messages import catalogue, fields

    entries = {code: e for code, e in catalogue().items() if code.startswith("judge.")}
    assert len(entries) > 60
    for code, entry in entries.items():
        assert fields(entry["en"]) == fields(entry["zh-Hans"]), code


def test_the_judges_reasons_are_messages_rendered_in_the_readers_language(client):
    data = client.get("/api/v1/ask", query_string={"q": "does trample work with deathtouch?"}
                      ).get_json()
    why = data["rules"][0]["why"][0]
    assert set(why) == {"code", "args"} and why["code"].startswith("judge.why.")
    texts = data["rules"][0]["why_text"]
    assert texts["en"] != texts["zh-Hans"] and texts["zh-Hant"]


@pytest.mark.parametrize("question, zh, en", [
    ("没有找到的问题 xyz qqq", "没有找到明确相关的规则",
     "No rule matched the question convincingly"),
    ("!!! ???", "这看起来不像一个问题", "That does not look like a question"),
    ("我用闪电击指定对手的生物，他回应把它弹回手上了", "这是可能的答案",
     "This is the likely answer"),
])
def test_the_note_above_an_answer_is_in_the_readers_language(client, question, zh, en):
    html = client.get("/ask", query_string={"q": question}).data.decode()
    note = html.split('<p class="message confidence-', 1)[1].split("</p>", 1)[0]
    assert zh in note and "No rule" not in note and "does not look" not in note
    html = client.get("/ask", query_string={"q": question, "view": "en"}).data.decode()
    assert en in html.split('<p class="message confidence-', 1)[1].split("</p>", 1)[0]
    traditional = client.get("/ask", query_string={"q": question, "script": "hant"}).data.decode()
    assert to_hant(zh) in traditional


def test_understood_words_and_matched_words_follow_the_script(client):
    query = {"q": "我的3/3践踏生物被2/2阻挡", "script": "hant"}
    html = client.get("/ask", query_string=query).data.decode()
    chips = html.split('<p class="understood">', 1)[1].split("</p>", 1)[0]
    assert "踐踏" in chips and "阻擋" in chips and "践踏" not in chips and "阻挡" not in chips
    matched = html.split("匹配的詞", 1)[1].split("</p>", 1)[0]
    assert "踐踏" in matched and "践踏" not in matched


def test_a_tournament_question_links_its_section_and_says_the_penalty(client):
    q = "My opponent drew an extra card at competitive REL, what's the fix?"
    html = client.get("/ask", query_string={"q": q, "view": "en"}).data.decode()
    assert 'href="/ipg/2.3"' in html and "Hidden Card Error" in html and "Warning" in html
    zh = client.get("/ask", query_string={"q": q, "view": "zh"}).data.decode()
    assert "非公开牌张失误" in zh and "警告" in zh


def test_a_size_question_shows_the_layers(client):
    q = "I control Glorious Anthem. My 3/3 creature becomes 1/1 until end of turn. How big is it?"
    got = client.get("/api/v1/ask", query_string={"q": q}).get_json()
    assert got["layers"]["pt"] == "2/2" and got["summary"]["basis"] == "layers"
    html = client.get("/ask", query_string={"q": q, "view": "en"}).data.decode()
    assert "It is 2/2." in html
