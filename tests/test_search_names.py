"""The names a record answers to: headwords, their listed and former names,
plurals and slips, in either script and in pinyin."""

from __future__ import annotations

import pytest

from judgebot.corpus import current_cr
from judgebot.search.documents import name_variants, without_note

CURRENT_GLOSSARY = f"mtg:glossary:{current_cr()}:"


@pytest.mark.parametrize(("label", "variants"), [
    ("鹏洛客（旧译旅法师）", ["鹏洛客", "旅法师"]),
    ("轮抽/抽选（译者注：在英文中这两个词是相同的。）", ["轮抽/抽选", "轮抽", "抽选"]),
    ("蛮化（状况）/已蛮化", ["蛮化/已蛮化", "蛮化", "已蛮化"]),
    ("移出游戏，移除，移出游戏区（已废止）",
     ["移出游戏，移除，移出游戏区", "移出游戏", "移除", "移出游戏区"]),
    ("Banding; Bands with Other", ["Banding", "Bands with Other"]),
    ("Legend (Obsolete)", ["Legend"]),
    ("Trample", []),
    ("", []),
])
def test_headword_variants(label, variants):
    assert name_variants(label) == variants


def test_the_note_is_taken_off_what_crosses_languages():
    assert without_note("鹏洛客（旧译旅法师）") == "鹏洛客"
    assert without_note("（已废止）") == "（已废止）"  # nothing would be left


@pytest.mark.parametrize("name", ["旅法师", "旅法師", "lvfashi", "鹏洛客", "鵬洛客"])
def test_a_former_or_current_translation_finds_the_current_entry(search_service, name):
    assert search_service.entities(name)[0] == CURRENT_GLOSSARY + "planeswalker"


def test_an_entrys_own_name_comes_before_another_entrys_alias(search_service):
    # 时间跳跃 names Phasing; Phase's headword "阶段/时间跳跃" lists it as well.
    found = search_service.entities("时间跳跃")
    assert found[0] == CURRENT_GLOSSARY + "phasing"
    assert CURRENT_GLOSSARY + "phase" in found


@pytest.mark.parametrize(("text", "entry"), [
    ("graveyards", "graveyard"), ("abilities", "ability"), ("Phases", "phase"),
    ("wolrd rule", "world-rule"), ("first strkie", "first-strike"),
])
def test_plurals_and_slips_find_the_entry(search_service, text, entry):
    assert search_service.entities(text)[0] == CURRENT_GLOSSARY + entry


@pytest.mark.parametrize("text", ["boom", "banding fading", "cast a spell", "xyzzy", "的"])
def test_text_that_names_nothing_finds_nothing(search_service, text):
    assert not [rid for rid in search_service.entities(text) if ":glossary:" in rid]


# --- judges' shorthand ----------------------------------------------------------------

def test_every_abbreviation_spells_out_a_current_glossary_headword(search_service):
    from judgebot.search.abbreviations import ABBREVIATIONS
    from judgebot.search.documents import name_key

    for short, headword in ABBREVIATIONS.items():
        ids = search_service._names.get(name_key(headword), [])
        assert any(i.startswith(CURRENT_GLOSSARY) for i in ids), (short, headword)


def test_abbreviations_are_spelt_out_as_whole_words_only():
    from judgebot.search.abbreviations import spell_out

    assert spell_out("SBA token") == ("State-Based Actions token",
                                      ["SBA → State-Based Actions"])
    assert spell_out("does the ETB trigger?")[0] == "does the Enters the Battlefield trigger?"
    assert spell_out("sbax etb-like 2hg/3") == ("sbax etb-like 2hg/3", [])
    assert spell_out("") == ("", [])


@pytest.mark.parametrize(("q", "entry", "rule"), [
    ("SBA", "state-based-actions", "704"), ("etb", "enters-the-battlefield", None),
    ("2HG", "two-headed-giant-variant", None),
])
def test_an_abbreviation_finds_the_entry_it_stands_for(search_service, q, entry, rule):
    res = search_service.search(q)
    ids = [h.id for h in res.hits]
    assert ids[0] == CURRENT_GLOSSARY + entry
    assert any(e.startswith(q + " → ") for e in res.expansions)
    if rule:
        assert f"mtg:cr:{current_cr()}:" + rule in ids[:3]
