"""`Judge.ask`: answers, and sensible replies to questions that are not questions."""

from __future__ import annotations

import pytest

from judgebot.judge.answer import CLEAR_LEAD
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
    # Both keywords' rules weigh about as much: a likely answer, not a weak one.
    assert answer.basis == "situation" and answer.confidence in ("strong", "likely")


def test_an_answer_is_strong_only_when_its_first_rule_leads_clearly(judge):
    seen = set()
    for q in ("how does deathtouch work with trample?",
              "can a wrath kill my hexproof creature?",
              "I Shocked their creature and they sacrificed it in response. What happens?",
              "我用闪电击指定对手的生物，他回应把它弹回手上了",
              "can I respond to my opponent playing a land?"):
        answer = judge.ask(q)
        first, second = answer.rules[0].score, answer.rules[1].score
        # Game rules: a situation's own second rule is close behind its first, so
        # only a first rule that other evidence also backs leads clearly.
        assert answer.confidence == ("strong" if first >= CLEAR_LEAD * second else "likely")
        noted = answer.note is not None and answer.note.code == "judge.answer.likely"
        assert noted == (answer.confidence == "likely")
        seen.add(answer.confidence)
    assert seen == {"strong", "likely"}


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


# --- tournament questions -------------------------------------------------------------------

def labels(answer):
    return [q.label for q in answer.rules]


@pytest.mark.parametrize("q, section, penalty_en, penalty_zh", [
    ("My opponent drew an extra card at competitive REL, what's the fix?", "IPG 2.3",
     "Warning", "警告"),
    ("对手洗牌的时候不小心翻开了一张，两个人都看到了", "IPG 2.2", "Warning", "警告"),
    ("he is playing really slowly, thinking for ages every turn", "IPG 3.3", "Warning", "警告"),
    ("在竞技级比赛里对手一直骂脏话，还摔牌", "IPG 4.1", "Warning", "警告"),
])
def test_an_infraction_is_answered_with_its_section_and_penalty(judge, q, section, penalty_en,
                                                                penalty_zh):
    answer = judge.ask(q)
    assert labels(answer)[0] == section
    assert answer.confidence == "strong" and answer.basis == "situation"
    assert answer.simulation is None  # procedure, not a game state
    summary = answer.to_dict()["summary"]["text"]
    assert section in summary["en"] and penalty_en in summary["en"]
    assert "Regular REL" in summary["en"]  # the IPG is for Competitive REL and up
    assert penalty_zh in summary["zh-Hans"] and "Warning" not in summary["zh-Hans"]


def test_an_infraction_quotes_its_fix(judge):
    answer = judge.ask("My opponent drew an extra card at competitive REL, what's the fix?")
    fix = answer.rules[0]
    rec = judge.store.get(fix.id)
    assert fix.sentence["en"] and fix.sentence["en"] in rec.remedy["en"]


def test_a_named_section_is_quoted_first(judge):
    answer = judge.ask("what does MTR 4.2 say?")
    assert labels(answer)[0] == "MTR 4.2" and answer.confidence == "strong"


def test_a_rules_question_that_mentions_a_judge_stays_a_rules_question(judge):
    answer = judge.ask("Judge! My 5/5 trample creature is blocked by a 2/2. How much damage "
                       "tramples over?")
    assert numbers(answer)[0].startswith("702.19")


def test_a_simulation_that_only_resolves_its_spell_is_no_answer(judge):
    # Nothing in the question attacks: a Fog that just resolves says nothing
    # about the damage asked about, so the answer does not claim the engine's.
    answer = judge.ask("Leyline of Punishment is out and I cast Fog. Do I still take the "
                       "combat damage?")
    assert answer.basis != "simulation"
    assert numbers(answer)[0] == "615.12"


def test_the_simulated_outcome_reads_as_english(judge):
    answer = judge.ask("My 2/2 first striker blocks their 3/3 deathtouch. Who dies?")
    assert answer.basis == "simulation"
    summary = answer.simulation["summary"]
    assert "(yours)" in summary and "You's" not in summary


def test_the_simulation_decides_which_subrule_of_a_keyword_comes_first(judge):
    # "tramples over" shares a word with "trample over planeswalkers" (702.19c);
    # the simulation assigned trample damage by 702.19b.
    answer = judge.ask("I flash in Ambush Viper to block their 5/5 trampler. How much damage "
                       "tramples over?")
    assert numbers(answer)[0] == "702.19b"


def test_a_weak_answer_names_each_section_it_covers_once(judge):
    answer = judge.ask("My opponent casts Wrath of God while I control a creature with "
                       "indestructible and one with a regeneration shield. What survives?")
    assert answer.basis == "covers"  # no situation decides it (yet)
    topics = answer.summary.args["topics"]
    assert len(topics) == len(set(topics)) >= 2
