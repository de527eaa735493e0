"""Finding a card the way people name it, in the card lookup and in search."""

from __future__ import annotations

import pytest

from judgebot.cardfinder import MAX_CANDIDATES, CardFinder


@pytest.fixture(scope="module")
def finder(store) -> CardFinder:
    return CardFinder(store)


def first(finder, text):
    found = finder.find(text, limit=1)
    return (found[0].id, found[0].how) if found else None


@pytest.mark.parametrize(("text", "card", "how"), [
    ("Opt", "mtg:card:opt", "name"),  # not Optimus …
    ("nix", "mtg:card:nix", "name"),  # not Phoenix …
    ("SHOCK", "mtg:card:shock", "name"),
    ("lim-dûl's vault", "mtg:card:lim-duls-vault", "name"),
    ("Lim-Duls Vault", "mtg:card:lim-duls-vault", "name"),
    ("Æther Vial", "mtg:card:aether-vial", "name"),  # the ligature Oracle names dropped
    ("Ｏｐｔ", "mtg:card:opt", "name"),  # full width
    ("闪电击", "mtg:card:lightning-bolt", "zh"),
    ("閃電擊", "mtg:card:lightning-bolt", "zh"),
    ("shandianji", "mtg:card:lightning-bolt", "pinyin"),
    ("shan dian ji", "mtg:card:lightning-bolt", "pinyin"),
    ("Ice", "mtg:card:fire-ice", "face"),
    ("Insectile Aberration", "mtg:card:delver-of-secrets-insectile-aberration", "face"),
    ("Goyf", "mtg:card:tarmogoyf", "nickname"),
    ("Ragavan", "mtg:card:ragavan-nimble-pilferer", "short"),
    ("瓯柯", "mtg:card:oko-thief-of-crowns", "short"),
    ("莎利雅", "mtg:card:thalia-guardian-of-thraben", "short"),
    ("Murktide", "mtg:card:murktide-regent", "partial"),
    ("Tarmogoyph", "mtg:card:tarmogoyf", "typo"),
    ("Lightening Bolt", "mtg:card:lightning-bolt", "typo"),
    ("Sol Ring // Sol Ring", "mtg:card:sol-ring", "alias"),
])
def test_a_card_by_the_name_people_use(finder, text, card, how):
    assert first(finder, text) == (card, how)


def test_an_exact_name_always_comes_first(finder):
    assert [m.id for m in finder.find("Opt", limit=3)] == ["mtg:card:opt"]
    karn = finder.find("Karn", limit=3)  # Vanguard "Karn" is a card named Karn
    assert karn[0].id == "mtg:card:karn" and karn[0].how == "name"
    assert all(m.how == "short" for m in karn[1:])


def test_a_name_several_cards_share_names_none_of_them_for_sure(finder):
    found = finder.find("Thalia", limit=5)
    assert len(found) > 1 and all(m.id.startswith("mtg:card:thalia") for m in found)
    assert finder.best("Thalia") is None
    assert finder.best("Tarmogoyf").id == "mtg:card:tarmogoyf"


@pytest.mark.parametrize("text", ["", "   ", "a" * 10_000, "\x00\x01\x02\xff", "🂡🂢",
                                  "зеленый дракон", "the", "goblin", "a", "((!!", "的",
                                  "x" * 59 + "y", "闪" * 500])
def test_bad_or_empty_input_finds_nothing_and_never_fails(finder, text):
    assert finder.find(text) == [] or all(m.id.startswith("mtg:card:")
                                          for m in finder.find(text))
    finder.best(text)


def test_typo_work_is_bounded(finder, monkeypatch, store):
    compared = []
    from judgebot import cardfinder

    real = cardfinder.distance

    def counting(a, b, limit=None):
        compared.append(b)
        return real(a, b, limit)

    monkeypatch.setattr(cardfinder, "distance", counting)
    finder.typo("thegreatestcreatureofalltime", limit=5)
    assert len(compared) <= MAX_CANDIDATES


# --- in search ---------------------------------------------------------------------

def test_a_cards_exact_name_names_the_card(search_service):
    res = search_service.search("Opt")
    assert res.card == "mtg:card:opt" and res.hits[0].id == "mtg:card:opt"
    assert search_service.search("闪电击").card == "mtg:card:lightning-bolt"


def test_a_keyword_that_is_also_a_card_puts_the_keyword_first(search_service):
    res = search_service.search("Flash")  # a keyword, and a card of Mirage
    assert res.hits[0].kind == "glossary"
    assert "mtg:card:flash" in [h.id for h in res.hits[:4]]


def test_a_partial_or_misspelt_name_is_pinned_but_not_opened(search_service):
    res = search_service.search("Murktide")
    assert res.card is None and res.hits[0].id == "mtg:card:murktide-regent"
    assert search_service.search("Tarmogoyph").hits[0].id == "mtg:card:tarmogoyf"


def test_ruling_hits_are_titled_with_their_card(search_service):
    res = search_service.search("Tarmogoyf card types graveyard", kind="cards")
    rulings = [h for h in res.hits if h.kind == "ruling"]
    assert rulings and all(h.title.get("en") for h in rulings)
    goyf = [h for h in rulings if h.id.startswith("mtg:ruling:tarmogoyf:")]
    assert goyf and goyf[0].title == {"en": "Tarmogoyf", "zh-Hans": "塔莫耶夫"}


def test_a_chinese_card_name_reaches_its_english_rulings(search_service):
    res = search_service.search("鲜血画家 死去", kind="cards")  # Blood Artist
    assert any(h.id.startswith("mtg:ruling:blood-artist:") for h in res.hits)
