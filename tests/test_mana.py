"""Mana costs printed in Chinese, normalised to the canonical ``{2}{W}`` form."""

from __future__ import annotations

import pytest

from judgebot.ingest.mana import chinese_number, parse_cost


@pytest.mark.parametrize(
    ("printed", "normalised"),
    [
        ("{六}{白}{白}", "{6}{W}{W}"),
        ("{X}{X}{红}", "{X}{X}{R}"),
        ("{零}", "{0}"),
        ("{白}{蓝}{黑}{红}{绿}", "{W}{U}{B}{R}{G}"),
        ("{二}{绿/蓝}", "{2}{G/U}"),
        ("{白/P}", "{W/P}"),
        ("{二/白}", "{2/W}"),
        ("{无}{无}", "{C}{C}"),
        ("{雪}", "{S}"),
        ("{十}", "{10}"),
        ("{ 二}", "{2}"),
    ],
)
def test_symbols_are_read(printed, normalised):
    cost = parse_cost(printed)
    assert cost is not None and cost.text() == normalised
    assert cost.repairs == ()


@pytest.mark.parametrize(
    ("printed", "normalised"),
    [
        ("(白)", "{W}"),
        ("{二}(白)", "{2}{W}"),
        ("{四}(白){白}", "{4}{W}{W}"),
        ("{三}{红}红}", "{3}{R}{R}"),
        ("{一}(蓝", "{1}{U}"),
        ("{五}[蓝]", "{5}{U}"),
    ],
)
def test_damaged_brackets_are_repaired_and_reported(printed, normalised):
    cost = parse_cost(printed)
    assert cost is not None and cost.text() == normalised
    assert "brackets" in cost.repairs


def test_a_generic_amount_printed_after_colours_goes_first():
    cost = parse_cost("{蓝}{蓝}{四}")
    assert cost.text() == "{4}{U}{U}"
    assert "order" in cost.repairs


def test_x_goes_before_the_generic_amount():
    assert parse_cost("{二}{X}{红}").text() == "{X}{2}{R}"


@pytest.mark.parametrize(("printed", "normalised"), [("{--}", "{1}"), ("{ = }", "{2}")])
def test_ascii_look_alikes_of_stroke_numerals_are_read(printed, normalised):
    cost = parse_cost(printed)
    assert cost.text() == normalised
    assert any(r.startswith("look-alike") for r in cost.repairs)


def test_an_unknown_glyph_is_unreadable_and_the_cost_is_left_empty():
    cost = parse_cost("{型}{蓝}{蓝}")
    assert cost is not None
    assert [s.body for s in cost.unreadable] == ["型"]
    assert cost.text() == ""


def test_a_mono_coloured_card_reads_its_one_unknown_symbol_as_its_colour():
    cost = parse_cost("{盆}{二}").infer_colour("U", "section 蓝色")
    assert cost.text() == "{2}{U}"
    assert "order" in cost.repairs
    assert any(r.startswith("glyph 盆→U") for r in cost.repairs)


def test_colour_is_not_inferred_when_the_cost_already_has_a_colour():
    cost = parse_cost("{型}{蓝}{蓝}").infer_colour("U", "section 蓝色")
    assert cost.text() == ""


@pytest.mark.parametrize("text", ["飞行", "{横置}: 加{绿}。", "(三)。", "1/1", "抓一张牌。", ""])
def test_text_that_is_not_only_a_cost_is_not_a_cost(text):
    assert parse_cost(text) is None


@pytest.mark.parametrize(
    ("text", "number"),
    [("零", 0), ("七", 7), ("十", 10), ("十五", 15), ("二十", 20), ("二十一", 21), ("百", None)],
)
def test_chinese_numbers(text, number):
    assert chinese_number(text) == number
