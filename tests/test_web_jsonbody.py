"""The bounded JSON body reader: what every POST route parses its body with."""

from __future__ import annotations

import tracemalloc

import pytest

from judgebot.web import create_app, jsonbody
from judgebot.web.params import BadParameter


def test_a_well_formed_body_is_its_value():
    assert jsonbody.parse(b'{"question": "\\u8df5\\u8e0f and trample?", "n": [1, 2.5]}') == {
        "question": "践踏 and trample?", "n": [1, 2.5]}


def test_a_surrogate_pair_is_one_character():
    assert jsonbody.parse(b'{"q": "\\ud83d\\ude00"}') == {"q": "\U0001f600"}


def test_a_utf8_byte_order_mark_is_skipped():
    assert jsonbody.parse("\ufeff[1]".encode()) == [1]


@pytest.mark.parametrize(("body", "status", "words"), [
    (b"", 400, "empty"),
    (b"   \n", 400, "empty"),
    (b"[" * 30000, 400, "nested more than 32 levels"),
    (b'{"a":' * 33 + b"1" + b"}" * 33, 400, "nested more than 32 levels"),
    (b'{"question": "\\ud800 x"}', 400, "lone surrogate (\\ud800)"),
    (b'{"\\udfff": 1}', 400, "lone surrogate (\\udfff)"),
    (b'{"question": "\xff\xfe"}', 400, "not UTF-8"),
    (b'{"question": ', 400, "not valid JSON"),
    (b"{'question': 'x'}", 400, "not valid JSON"),
    (b'{"n": ' + b"9" * 5000 + b"}", 400, "more than 100 digits"),
    (b'{"n": NaN}', 400, "NaN is not a JSON number"),
    (b'{"n": -Infinity}', 400, "-Infinity is not a JSON number"),
    (b" " * (jsonbody.MAX_BYTES + 1), 413, "too large"),
])
def test_bad_bodies_are_refused_with_a_reason(body, status, words):
    with pytest.raises(BadParameter) as caught:
        jsonbody.parse(body)
    assert caught.value.status == status
    assert words in str(caught.value)
    assert caught.value.zh  # and in Chinese


def test_brackets_inside_strings_are_text_not_depth():
    text = '{"q": "' + "[{" * 1000 + '\\"]"}'
    assert jsonbody.parse(text.encode())["q"].startswith("[{[{")


def test_deep_nesting_is_refused_without_building_it():
    body = b"[" * 60000 + b"]" * 60000
    tracemalloc.start()
    with pytest.raises(BadParameter):
        jsonbody.parse(body, max_bytes=len(body))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 2_000_000


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


@pytest.mark.parametrize("body", [b"[" * 30000, b'{"question": "\\ud800 x"}',
                                  b'{"question": ' + b"1" * 5000 + b"}"])
def test_ask_refuses_hostile_json_with_400(client, body):
    r = client.post("/api/v1/ask", data=body, content_type="application/json")
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["message"] and error["message_zh"]


def test_ask_refuses_an_oversized_body_with_413(client):
    r = client.post("/api/v1/ask", data=b" " * (jsonbody.MAX_BYTES + 10),
                    content_type="application/json")
    assert r.status_code == 413


def test_get_json_anywhere_in_the_app_is_bounded(search_service):
    app = create_app(search_service)
    with app.test_request_context("/x", method="POST", data=b"[" * 30000,
                                  content_type="application/json"):
        from flask import request

        assert request.get_json(silent=True) is None
        with pytest.raises(BadParameter):
            request.get_json()
