"""Every input has a bound: a request costs a few megabytes at most, whatever
its size, and an overlong one is refused with a clear message."""

from __future__ import annotations

import random
import string
import tracemalloc

import pytest

from judgebot.search.spelling import MAX_LENGTH, Corrector
from judgebot.web import create_app
from judgebot.web.params import MAX_PATH_CHARS


def letters(n: int, seed: int = 12) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n))


def peak_bytes(fn, *args):
    tracemalloc.start()
    try:
        result = fn(*args)
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture(scope="module")
def client(search_service):
    return create_app(search_service).test_client()


# --- the spelling corrector ------------------------------------------------------------------

def test_corrector_still_corrects_slips(search_service):
    assert search_service.corrector.suggest("tramble") == "trample"
    assert search_service.corrector.suggest("deathtuch") == "deathtouch"


@pytest.mark.parametrize("n", [30, 400, 5000])
def test_a_long_word_costs_the_corrector_almost_nothing(search_service, n):
    # Every double deletion of 400 distinct-ish letters would be 32 MB.
    suggestion, peak = peak_bytes(search_service.corrector.suggest, letters(n))
    assert suggestion is None
    assert peak < 1_000_000


def test_a_word_within_reach_of_a_long_vocabulary_word_is_still_corrected():
    word = "x" + letters(MAX_LENGTH - 2, seed=3) + "q"
    corrector = Corrector({word: 1, "other": 5})
    assert corrector.longest == MAX_LENGTH
    slip = word[:10] + word[11:]  # one letter dropped
    assert corrector.suggest(slip) == word
    assert corrector.suggest(word + "zz" + "y") is None  # three edits away


def test_whole_name_slips_are_found_and_long_names_cost_little(search_service):
    assert search_service.entities("wolrd rule")  # a slip in a two-word name
    found, peak = peak_bytes(search_service.entities, letters(MAX_PATH_CHARS))
    assert found == []
    assert peak < 3_000_000


# --- path parameters -------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/api/v1/card/{}", "/api/v1/glossary/{}", "/api/v1/rule/{}", "/mtg/cards/{}",
    "/mtg/glossary/{}", "/mtg/cr/{}", "/mtg/cr/2019-10-04/{}", "/mtg/notes/{}", "/mtg/guide/{}",
    "/id/{}", "/api/v1/simulate/examples/{}",
])
@pytest.mark.parametrize("n", [MAX_PATH_CHARS + 1, 1500, 60_000])
def test_overlong_path_names_are_refused(client, path, n):
    r = client.get(path.format(letters(n)))
    assert r.status_code == 414
    assert f"at most {MAX_PATH_CHARS}" in r.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/api/v1/card/{}", "/api/v1/glossary/{}", "/mtg/cards/{}",
                                  "/mtg/glossary/{}"])
def test_names_up_to_the_limit_are_looked_up_at_a_bounded_cost(client, path):
    response, peak = peak_bytes(client.get, path.format(letters(MAX_PATH_CHARS)))
    assert response.status_code == 404
    assert peak < 10_000_000


def test_card_names_still_resolve(client):
    assert client.get("/api/v1/card/Angel's Grace").status_code == 200


@pytest.mark.parametrize("number", ["abc", "1" * 150, "702.19b" + "1" * 100, "..."])
@pytest.mark.parametrize("route", ["/api/v1/rule/{}", "/api/v1/rule/{}/history"])
def test_rule_api_checks_the_rule_number_as_the_rule_page_does(client, number, route):
    r = client.get(route.format(number))
    assert r.status_code == 404
    assert "is no rule number" in r.get_json()["error"]["message"]


def test_rule_api_reads_numbers_as_the_rule_page_does(client):
    assert client.get("/api/v1/rule/702.19B.").get_json()["id"] == client.get(
        "/api/v1/rule/702.19b").get_json()["id"]


def test_nearest_rules_of_a_long_number_are_those_of_its_longest_possible_prefix(store):
    short = store.nearest_rules("702.19z")
    assert short and all(r.split(":")[-1].startswith("702.19") for r in short)
    assert store.nearest_rules("702.19z" + "9" * 50_000) == short
