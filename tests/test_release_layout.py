"""Reading the converted release-notes layout: items by shape, and clean text.

The lines below are copied from seed 003 (corpus/sources/seeds/003_…txt).
"""

from __future__ import annotations

import pytest

from judgebot.ingest.release_layout import clean, prose, read_layout, rules_text
from judgebot.ingest.release_parse import remove_overlap


def kinds(lines):
    return [(item.kind, item.text) for item in read_layout(lines).items]


def test_heading_marks_and_markup_are_removed():
    assert clean("#### 复出关键字:延缓") == (4, "复出关键字:延缓")
    assert clean("\\*/1+\\*") == (0, "*/1+*")
    assert clean("转瞬*(只要此咒语在堆叠上。)* ") == (0, "转瞬(只要此咒语在堆叠上。)")
    assert clean(" $\\Omega/\\Omega$ ") == (0, "Ω/Ω")
    assert clean(" $\\{ = \\}$ ") == (0, "{ = }")


def test_a_card_is_recognised_by_its_shape_whatever_its_heading_level():
    lines = ["## 盛开莲花", "", "#### 神器", "", "延缓 3~{零}(…)"]
    assert kinds(lines) == [("name", "盛开莲花"), ("type", "神器"), ("text", "延缓 3~{零}(…)")]


def test_a_heading_that_is_not_followed_by_a_cost_or_type_is_a_heading():
    assert kinds(["# 地", "", "树灵乔木 地生物~树林/树灵 1/1 (树灵乔木不是咒语。)"]) == [
        ("heading", "地"), ("name", "树灵乔木"), ("type", "地生物~树林/树灵"), ("pt", "1/1"),
        ("text", "(树灵乔木不是咒语。)")]


def test_a_whole_card_and_its_ruling_on_one_line():
    line = ("天界十字军 {二}{白}{白} 生物~精怪 2/2 闪现 飞行 其他白色生物得+1/+1。 "
            "• 由于标记在生物上的伤害要到回合结束时才会移除。")
    assert kinds([line]) == [
        ("name", "天界十字军"), ("cost", "{二}{白}{白}"), ("type", "生物~精怪"), ("pt", "2/2"),
        ("text", "闪现 飞行 其他白色生物得+1/+1。"),
        ("ruling", "由于标记在生物上的伤害要到回合结束时才会移除。")]


def test_a_ruling_that_ends_with_the_next_cards_name():
    lines = ["• 如果你循环滑溜脓水,你可以支付其疯魔费用来施放它。 寇族挽歌", "",
             "{二}{黑}", "", "瞬间"]
    assert kinds(lines) == [
        ("ruling", "如果你循环滑溜脓水,你可以支付其疯魔费用来施放它。"), ("name", "寇族挽歌"),
        ("cost", "{二}{黑}"), ("type", "瞬间")]


def test_a_piece_of_text_between_a_name_and_its_cost_is_a_fragment():
    lines = ["驱逐明光", "", "+1/+1 指示物。", "", "{二}(白)", "", "结界"]
    assert [k for k, _ in kinds(lines)] == ["name", "fragment", "cost", "type"]


def test_ruling_marks_and_a_lost_mark():
    layout = read_layout(["- 甲。", "• 乙。", "● 丙。", " 丁。", "-1/3"])
    assert [(i.kind, i.marker) for i in layout.items] == [
        ("ruling", "-"), ("ruling", "•"), ("ruling", "●"), ("ruling", "lost"), ("text", "")]


def test_an_indented_line_continues_the_item_before_it():
    layout = read_layout(["- 将力量与防御力互换的效应会等到所有其他效应生效之后才生效。", "",
                          "   举例来说、如果你以一个 1/2 生物为目标。"])
    assert layout.items[1].continuation


def test_code_fences_are_skipped_with_a_reason():
    assert read_layout(["```", "珍珠三叉戟大师", "{蓝}{蓝}", "```"]).skipped == [
        (1, "Markdown code fence around a card block"),
        (4, "Markdown code fence around a card block")]


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ("则它会保持原 样而不改变", "则它会保持原样而不改变"),
        ("抓一张牌, 然后弃一张牌。", "抓一张牌,然后弃一张牌。"),
        ("造成 2 点伤害", "造成 2 点伤害"),
        ("支付 {一}或一点", "支付{一}或一点"),
    ],
)
def test_prose_loses_the_spaces_of_the_conversion(printed, expected):
    assert prose(printed).text == expected


def test_a_misread_closing_quote_is_repaired():
    cleaned = prose("所有裂片妖具有「{二}, {横置}: 重生目标裂片 妖。|")
    assert cleaned.text == "所有裂片妖具有「{二},{横置}:重生目标裂片妖。」"
    assert cleaned.quotes == 1


def test_a_misread_type_word_in_running_text_is_repaired():
    cleaned = prose("将目标牛物移回其拥有者手上。")
    assert (cleaned.text, cleaned.words) == ("将目标生物移回其拥有者手上。", 1)


def test_rules_text_run_together_gets_its_ability_lines_back():
    text = rules_text("闪现 转瞬(只要此咒语在堆叠上,牌手便不能施放咒语或 "
                      "起动不是法术力异能的异能。) 飞行,践踏 {红}:得+1/+0直到回合结束。").text
    assert text.split("\n") == [
        "闪现", "转瞬(只要此咒语在堆叠上,牌手便不能施放咒语或起动不是法术力异能的异能。)",
        "飞行,践踏", "{红}:得+1/+0直到回合结束。"]


def test_a_sentence_break_inside_reminder_text_is_not_a_new_ability():
    text = rules_text("延缓 4~{一}{蓝}(除了从你手上施放此牌,且上面有四个计时指示物。 "
                      "在你的维持开始时,从其上移去一个计时指示物。)").text
    assert "\n" not in text


def test_a_repeated_line_keeps_the_complete_copy():
    kept, added, repeat = remove_overlap(
        "飞行 当漂念精进战场时,抓两张牌。 呼魂{二}{蓝} (你可以支付此咒语的呼魂费用来施施",
        "呼魂{二}{蓝} (你可以支付此咒语的呼魂费用来施放它。)")
    assert repeat
    assert kept + added == (
        "飞行 当漂念精进战场时,抓两张牌。 呼魂{二}{蓝} (你可以支付此咒语的呼魂费用来施放它。)")


def test_a_garbled_repeat_is_dropped():
    kept, added, repeat = remove_overlap(
        "转瞬(…) 选择目标在坟墓场中的牌,且不能是基本地牌。从其",
        "远作日标在以墨场中的牌, 且个能是基本地牌。从其拥有者的坟墓场")
    assert repeat
    assert kept + added == "转瞬(…) 选择目标在坟墓场中的牌,且不能是基本地牌。从其拥有者的坟墓场"


def test_different_lines_are_not_a_repeat():
    _, _, repeat = remove_overlap("每当寇族黜人掠夺者向任一对手造成伤害时,抓一张",
                                  "牌, 然后弃一张牌。")
    assert repeat is False
