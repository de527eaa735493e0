"""The card pool: size, names (English and Chinese, checked against the TSR name
list of the corpus sources), and every card compiling."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from judgebot.engine.cards import pool
from judgebot.engine.cardspec import compile_card
from judgebot.engine.errors import BadInput

SOURCES = Path(__file__).resolve().parent.parent / "corpus" / "sources"


def tsr_names() -> dict[str, str]:
    with (SOURCES / "cardnames" / "tsr_cardnames.tsv").open(encoding="utf-8") as fh:
        return {row["name_en"]: row["name_zh_seed"] for row in csv.DictReader(fh, delimiter="\t")}


def test_the_pool_has_at_least_80_cards_and_50_from_time_spiral_remastered() -> None:
    names = tsr_names()
    cards = list(pool())
    assert len(cards) >= 80
    tsr = [c for c in cards if c.name in names]
    assert len(tsr) >= 50


def test_every_tsr_card_has_its_chinese_name_from_the_release_notes() -> None:
    names = tsr_names()
    for card in pool():
        if card.name in names:
            assert card.zh_name == names[card.name].replace("//", "//"), card.name


def test_cards_are_found_by_english_or_chinese_name() -> None:
    p = pool()
    assert p.get("Benalish Cavalry") is p.get("宾纳里亚骑兵")
    assert p.get("lightning bolt").name == "Lightning Bolt"
    assert p.get("去死//走开").name == "Dead // Gone"
    assert p.get("Dead").name == "Dead // Gone"


def test_basic_lands_have_their_mana_abilities_from_their_types() -> None:
    for name in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        card = pool().get(name)
        assert "basic" in card.supertypes and name in card.subtypes


def test_suggestions_for_misspelled_names() -> None:
    assert "Grizzly Bears" in pool().suggest("Grizly Bears").render()


@pytest.mark.parametrize("bad,words", [
    ({"name": "X", "type": "Creature", "pt": "1/1", "text": "Flying.\nZorch target player."},
     "Zorch"),
    ({"name": "X", "type": "Wibble"}, "Wibble"),
    ({"name": "X", "type": "Instant", "abilities": [{"spell": [{"explode": 3}]}]}, "explode"),
    ({"name": "X", "type": "Instant", "colour": "red"}, "colour"),
])
def test_a_broken_card_script_names_the_card_and_the_problem(bad: dict, words: str) -> None:
    with pytest.raises(BadInput) as err:
        compile_card(bad, "test card")
    assert "X" in str(err.value) and words in str(err.value)
