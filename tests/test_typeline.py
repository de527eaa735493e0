"""Chinese type lines split into English supertypes and types, Chinese subtypes."""

from __future__ import annotations

import pytest

from judgebot.ingest.typeline import parse_type_line


@pytest.mark.parametrize(
    ("printed", "supertypes", "types", "subtypes"),
    [
        ("生物~天使", [], ["Creature"], ["天使"]),
        ("传奇生物~人类/贵族", ["Legendary"], ["Creature"], ["人类", "贵族"]),
        ("部族结界~反抗军/灵气", [], ["Tribal", "Enchantment"], ["反抗军", "灵气"]),
        ("神器生物~多头龙", [], ["Artifact", "Creature"], ["多头龙"]),
        ("地生物~树林/树灵", [], ["Land", "Creature"], ["树林", "树灵"]),
        ("传奇地", ["Legendary"], ["Land"], []),
        ("基本地", ["Basic"], ["Land"], []),
        ("瞬间", [], ["Instant"], []),
        ("法术~古咒", [], ["Sorcery"], ["古咒"]),
        ("地~克撒的", [], ["Land"], ["克撒的"]),
        ("传奇生物 ~ 人类 / 战士", ["Legendary"], ["Creature"], ["人类", "战士"]),
    ],
)
def test_type_lines_are_split(printed, supertypes, types, subtypes):
    line = parse_type_line(printed)
    assert line is not None
    assert (line.supertypes, line.types, line.subtypes) == (supertypes, types, subtypes)
    assert line.repairs == []


def test_spacing_is_normalised_in_the_text():
    assert parse_type_line("传奇生物 ~ 人类 / 战士").text == "传奇生物~人类/战士"


@pytest.mark.parametrize(
    ("printed", "types", "repair"),
    [
        ("神器牛物~魔像", ["Artifact", "Creature"], "牛物→生物"),
        ("油器", ["Artifact"], "油器→神器"),
        ("油哭", ["Artifact"], "油哭→神器"),
        ("卅", ["Land"], "卅→地"),
        ("瞬盲", ["Instant"], "瞬盲→瞬间"),
    ],
)
def test_misread_type_words_listed_in_the_card_name_audit_are_repaired(printed, types, repair):
    line = parse_type_line(printed)
    assert line.types == types
    assert line.repairs == [repair]


@pytest.mark.parametrize(
    "text", ["飞行", "闪现", "救助天使", "生物~", "生物~人类, 士兵", "传奇", ""])
def test_other_text_is_not_a_type_line(text):
    assert parse_type_line(text) is None
