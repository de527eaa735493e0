"""`Judge.ask`: answers, and sensible replies to questions that are not questions."""

from __future__ import annotations

import pytest

from judgebot.judge.service import MAX_QUESTION_CHARS, Judge, QuestionError


@pytest.fixture(scope="module")
def judge(search_service):
    return Judge(search_service.store, search_service)


def numbers(answer):
    return [q.id.rsplit(":", 1)[1] for q in answer.rules]


def test_keyword_question_cites_the_keyword_rules(judge):
    answer = judge.ask("how does deathtouch work with trample?")
    top = numbers(answer)[:5]
    assert any(n.startswith("702.2") for n in top) and any(n.startswith("702.19") for n in top)
    assert answer.confidence == "strong"


def test_chinese_question_with_english_keyword(judge):
    answer = judge.ask("我的trample生物被阻挡了，阻挡者死了，伤害还能打到脸上吗？")
    assert any(n.startswith("702.19") for n in numbers(answer)[:3])


def test_each_rule_quotes_a_sentence_and_says_why(judge):
    answer = judge.ask("does lifelink work if the creature deals damage to a player?")
    for quote in answer.rules:
        assert quote.why
        assert quote.sentence.get("en") in quote.text["en"]


def test_only_a_rule_number(judge):
    answer = judge.ask("702.19b")
    assert numbers(answer)[0] == "702.19b"


@pytest.mark.parametrize("q", ["", "   ", "？？？!!!", "\x00\x01\x02", "🂡🂢"])
def test_non_questions_get_a_clear_message(judge, q):
    answer = judge.ask(q)
    assert answer.confidence == "none" and answer.message
    assert answer.rules == []


def test_huge_question_is_read_by_its_beginning(judge):
    answer = judge.ask("does trample work? " * 1000)
    assert "long" in answer.message
    assert answer.rules


def test_binary_question_does_not_fail(judge):
    answer = judge.ask(bytes(range(256)).decode("latin-1"))
    assert answer.confidence in ("none", "weak", "strong")


def test_another_game_is_said_so(judge):
    answer = judge.ask("游戏王的连锁怎么处理？")
    assert answer.confidence == "none" and "yugioh" in answer.message
    assert answer.rules == []


def test_not_text_is_refused():
    with pytest.raises(QuestionError):
        Judge.ask(object.__new__(Judge), 42)


def test_answers_are_json_ready(judge):
    import json

    data = judge.ask("a 3/3 trample creature is blocked by a 1/1").to_dict()
    assert json.loads(json.dumps(data, ensure_ascii=False))["simulation"]["ok"]


def test_question_limit_is_generous():
    assert MAX_QUESTION_CHARS >= 1000
