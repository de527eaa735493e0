"""The engine's cards from the corpus (judgebot.cardsource): by English or
Chinese name, the engine's own scripts first, a corpus card only when the
engine reads its text; in the judge, the simulate API and its workers."""

from __future__ import annotations

import pytest

from judgebot.cardsource import StoreCards, built_store
from judgebot.engine.simulation import run_text

LIONS = """\
players: [Alice, Bob]
battlefield:
  Alice: [草原雄狮]
actions:
  - attack: {Savannah Lions: Bob}
  - pass: {until: end_of_combat}
expect:
  life: {Bob: 18}
"""


@pytest.fixture(scope="module")
def cards(store):
    return StoreCards(store)


def test_the_engines_own_card_comes_first(cards):
    bolt = cards.get("闪电击")
    assert bolt.name == "Lightning Bolt" and bolt.source == "pool"


@pytest.mark.parametrize("name", ["Savannah Lions", "savannah lions", "草原雄狮", "草原雄獅"])
def test_a_corpus_card_by_its_english_or_chinese_name(cards, name):
    card = cards.get(name)
    assert card is not None and card.source == "oracle"  # read from its Oracle text
    assert (card.name, card.zh_name, card.power, card.toughness) == \
        ("Savannah Lions", "草原雄狮", 2, 1)


def test_a_card_the_engine_cannot_read_is_not_given_and_says_why(cards):
    assert cards.get("Copy Enchantment") is None  # copy effects (707) are not read
    said = cards.suggest("Copy Enchantment").render()
    assert "cannot read" in said and "enter as a copy of any enchantment" in said


@pytest.mark.parametrize(("name", "meant"), [("Goyf", "Tarmogoyf"),
                                             ("Savanah Lions", "Savannah Lions")])
def test_nicknames_and_misspellings_are_only_suggestions(cards, name, meant):
    assert cards.get(name) is None
    assert repr(meant) in cards.suggest(name).render()


def test_hostile_names_cost_nothing(cards):
    assert cards.get("x" * 100_000) is None
    assert cards.get("") is None


def test_a_scenario_plays_a_corpus_card(cards):
    result = run_text(LIONS, cards=cards)
    assert result.ok, result.refused
    assert run_text(LIONS).refused is not None  # the engine's own pool lacks it


def test_the_store_is_opened_only_when_a_name_needs_it():
    opened = []

    def opener():
        opened.append(1)
        return None

    source = StoreCards(opener)
    assert source.get("Lightning Bolt").source == "pool" and not opened
    assert source.get("Savannah Lions") is None and opened == [1]


def test_no_store_is_built_to_find_a_card(tmp_path):
    assert built_store(tmp_path, tmp_path / "data") is None
    assert not (tmp_path / "data").exists()


def test_the_simulate_api_plays_a_corpus_card(search_service):
    from judgebot.web import create_app

    app = create_app(search_service, {"SIMULATE_WORKERS": 1, "SIMULATE_TIMEOUT": 20.0,
                                      "SIMULATE_WAIT": 60.0})
    try:
        response = app.test_client().post("/api/v1/simulate", json={"scenario": LIONS})
        data = response.get_json()
        assert response.status_code == 200 and data["ok"], data
    finally:
        app.extensions["judgebot_simulate"].close()


def test_the_card_pages_simulation_names_the_card(search_service):
    from judgebot.web import create_app

    page = create_app(search_service).test_client().get("/mtg/cards/savannah-lions?view=en")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "/simulate?scenario=" in html and "Savannah+Lions" in html


def test_judgebot_simulate_plays_a_corpus_card(tmp_path, capsys):
    from judgebot.cli import main

    path = tmp_path / "lions.yaml"
    path.write_text(LIONS, encoding="utf-8")
    assert main(["simulate", str(path)]) == 0
    assert "every expectation holds" in capsys.readouterr().out
