"""Screenshots of the main pages, saved under bench/screenshots/ to be looked
at after a change (desktop and phone, light and dark)."""

from __future__ import annotations

import pytest

PAGES = [
    ("home", "/", "desktop", "light"),
    ("search-trample", "/search?q=trample&stay=1", "desktop", "light"),
    ("search-zh-phone", "/search?q=践踏&stay=1", "phone", "light"),
    ("rule-702.19b", "/mtg/cr/702.19b", "desktop", "light"),
    ("rule-702.19b-2019", "/mtg/cr/2019-10-04/702.19b", "desktop", "light"),
    ("rule-702.19b-phone", "/mtg/cr/702.19b", "phone", "light"),
    ("rule-702.19b-dark", "/mtg/cr/702.19b", "desktop", "dark"),
    ("section-702.19", "/mtg/cr/702.19", "desktop", "light"),
    ("section-702.19-phone-hant", "/mtg/cr/702.19?script=hant", "phone", "dark"),
    ("contents", "/mtg/cr", "desktop", "light"),
    ("glossary", "/mtg/glossary", "desktop", "light"),
    ("glossary-phone-zh", "/mtg/glossary?view=zh", "phone", "light"),
    ("glossary-trample", "/mtg/glossary/trample", "desktop", "light"),
    ("cards", "/mtg/cards", "desktop", "light"),
    ("cards-phone", "/mtg/cards?type=Creature&colour=G", "phone", "light"),
    ("card-opt-en-phone", "/mtg/cards/opt?view=en", "phone", "light"),
    ("card-delver-zh-phone", "/mtg/cards/delver-of-secrets?view=zh", "phone", "dark"),
    ("card-angels-grace-en", "/mtg/cards/angels-grace?view=en", "desktop", "light"),
    ("notes", "/mtg/notes", "desktop", "light"),
    ("fow-1102.1-phone", "/fow/cr/1102.1", "phone", "dark"),
    ("not-found", "/mtg/cr/702.19z", "desktop", "light"),
]


@pytest.mark.parametrize("name, path, viewport, scheme", PAGES, ids=[p[0] for p in PAGES])
def test_screenshot(open_page, screenshots, name, path, viewport, scheme):
    page = open_page(path, viewport=viewport, color_scheme=scheme)
    page.wait_for_load_state("networkidle")
    out = screenshots / f"{name}.png"
    page.screenshot(path=str(out))
    assert out.stat().st_size > 5000


def test_card_page_screenshot(open_page, screenshots, records, store):
    committed = next((r for r in records if r.kind == "card" and r.rulings), None)
    if committed is None:
        pytest.skip("the corpus has no cards yet")
    card = store.get(committed.id)  # the Oracle card: its rulings and the release notes'
    page = open_page(f"/mtg/cards/{card.slug}")
    page.screenshot(path=str(screenshots / "card.png"))
    assert page.locator(".rulings li").count() == len(card.rulings)
