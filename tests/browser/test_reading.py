"""Judges' reading tools in a real browser: a section in full, copying a
citation or a quote, the glossary's indexes and filter, and the Traditional
view."""

from __future__ import annotations


def test_a_term_in_a_section_in_full_shows_its_definition_on_hover(open_page):
    page = open_page("/mtg/cr/702.19")
    term = page.locator(".whole .sub .en a.term").first
    href = term.get_attribute("href")
    term.hover()
    tip = page.locator(".whole .sub .en a.term + .tip").first
    tip.wait_for(state="visible")
    expected = page.locator(f'#term-tips .tip[lang="en"][data-href="{href}"]').text_content()
    assert tip.inner_text() == expected and len(expected) > 10


def test_a_term_in_a_section_in_full_on_a_touch_screen(open_page):
    page = open_page("/mtg/cr/702.19", viewport="phone", has_touch=True, is_mobile=True)
    term = page.locator(".whole .sub .zh a.term").first
    term.tap()
    tip = page.locator(".tip.open")
    tip.wait_for(state="visible")
    assert page.url.endswith("/mtg/cr/702.19")
    assert any("\u4e00" <= ch <= "\u9fff" for ch in tip.inner_text())  # the Chinese definition
    href = term.get_attribute("href")
    with page.expect_navigation(url="**" + href):
        term.tap()


def test_the_contents_of_a_long_section_jump_to_a_rule(open_page):
    page = open_page("/mtg/cr/702", viewport="phone")
    page.locator(".whole-toc summary").click()
    page.locator('.whole-toc a[href="#702.19"]').click()
    page.wait_for_url("**#702.19")
    box = page.locator('[id="702.19"]').bounding_box()
    assert 0 <= box["y"] < 300  # in view, below the sticky header
