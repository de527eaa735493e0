"""The Oracle-text reader on bad input: refused clearly, naming what stops it, within
its bounds (size, depth of parentheses), never a traceback; and a card is read once."""

from __future__ import annotations

import pytest

from judgebot.engine.errors import Refusal
from judgebot.engine.oracle import OracleCard, OracleCards, read_oracle
from judgebot.engine.text.reader import MAX_TEXT


def bear(text: str, name: str = "Runeclaw Bear") -> OracleCard:
    return OracleCard(name, "{1}{G}", "Creature — Bear", text, "2", "2")


def test_a_plain_card_is_read() -> None:
    reading = read_oracle(bear("Flying\nWhen this creature enters, draw a card."))
    assert reading.readable and reading.unread == [] and reading.card is not None
    assert reading.card.source == "oracle"


@pytest.mark.parametrize("text", [
    "Flying\n" + "Destroy target creature. " * 4200,  # 100 kB of sentences
    "x" * 100_000,  # 100 kB of one word
    "Flying " * 15_000,
])
def test_a_text_of_100_kb_is_refused_by_its_size(text: str) -> None:
    assert len(text) >= 100_000
    reading = read_oracle(bear(text))
    assert not reading.readable
    assert reading.unread == [f"the rules text is too long ({len(text)} characters; "
                              f"at most {MAX_TEXT})"]


@pytest.mark.parametrize("text", [
    "Flying (" * 40 + ")" * 40,
    "Flying (((((((((((((nested)))))))))))))",
    "Flying (reminder text that never closes",
    "Flying) (",
])
def test_nested_or_unbalanced_parentheses_are_refused(text: str) -> None:
    reading = read_oracle(bear(text))
    assert not reading.readable
    assert reading.unread == [
        "the rules text has parentheses that don't close (or are nested too deeply)"]


@pytest.mark.parametrize(("text", "named"), [
    ("{K}: Draw a card.", "{K}"),
    ("{T}, {9Z}: Draw a card.", "{9Z}"),
    ("Ward {@}", "{@}"),
    ("{T}: Add {R}{☃}.", "Add {R}{☃}"),
    ("Frobnicate target creature.", "Frobnicate target creature."),
    ("\x00\x01\x02", "\x00\x01\x02"),
])
def test_unknown_symbols_and_words_are_named(text: str, named: str) -> None:
    reading = read_oracle(bear(text))
    assert not reading.readable and named in reading.unread


def test_an_unknown_symbol_in_the_mana_cost_is_named() -> None:
    reading = read_oracle(OracleCard("Runeclaw Bear", "{1}{K}", "Creature — Bear", "", "2",
                                     "2"))
    assert reading.unread == ["cannot read the mana cost '{1}{K}'"]


@pytest.mark.parametrize("text", [
    "When Grizzly Bears enters, draw a card.",
    "Grizzly Bears deals 3 damage to any target.",
])
def test_a_text_that_names_itself_by_another_name_is_refused(text: str) -> None:
    """"Grizzly Bears" is not this card's name: it is not read as "this creature"."""
    reading = read_oracle(bear(text))
    assert not reading.readable and "Grizzly Bears" in reading.unread[0]


def test_its_own_name_is_itself() -> None:
    """Its own name is read as "~" (and said so in what is not read)."""
    assert read_oracle(bear("Runeclaw Bear deals 1 damage to any target.\n"
                            "When Runeclaw Bear enters, draw a card.")).unread == [
        "~ deals 1 damage to any target."]  # a creature isn't a spell that deals it
    assert read_oracle(bear("When Runeclaw Bear enters, draw a card.")).readable


def test_a_name_of_200_characters_is_the_bound() -> None:
    reading = read_oracle(bear("Flying", name="N" * 201))
    assert not reading.readable and "201" in reading.unread[0]


def test_a_card_source_reads_each_card_once_and_refuses_by_name() -> None:
    records = [{"name": "Runeclaw Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
                "oracle_text": "", "power": "2", "toughness": "2", "name_zhs": "符爪熊"},
               {"name": "Odd Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
                "oracle_text": "Frobnicate target creature.", "power": "2", "toughness": "2"}]
    cards = OracleCards.from_records(records)
    first = cards.get("Runeclaw Bear")
    assert first is not None and cards.get("runeclaw bear") is first  # read once, cached
    assert cards.get("符爪熊").name == "Runeclaw Bear"
    with pytest.raises(Refusal) as refused:
        cards.get("Odd Bear")
    assert "Frobnicate target creature" in refused.value.message
    assert cards.get("No Such Card") is None
