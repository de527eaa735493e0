"""The ⚙ settings: every choice can be reached and clicked with a mouse on a
desktop and tapped with a finger on a phone, and does what it says; a browser
that asks for English opens the site in English."""

from __future__ import annotations

import pytest

RULE = "/mtg/cr/702.19b"

# Each choice, in an order that changes something at every step, with what
# the page must show afterwards.
CHOICES = [("script", "hant"), ("view", "en"), ("view", "zh"), ("script", "hans"),
           ("view", "both"), ("theme", "dark"), ("theme", "light"), ("theme", "auto")]

BACKGROUND = "getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3)" \
             ".map(Number).reduce((a, b) => a + b)"


def open_settings(page, touch: bool):
    summary = page.locator("details.settings summary")
    summary.tap() if touch else summary.click()
    page.wait_for_selector(".switches", state="visible")


def assert_fully_clickable(page, option):
    """The whole option lies on the screen and nothing covers or clips it:
    the element under each of its corners is the option itself."""
    box = option.bounding_box()
    width = page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["height"] >= 30 and box["width"] >= 40, box  # big enough for a finger
    for dx, dy in ((2, 2), (box["width"] - 2, 2), (2, box["height"] - 2),
                   (box["width"] - 2, box["height"] - 2)):
        hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                            " return e && e.closest('a') && e.closest('a').dataset.value; }",
                            [box["x"] + dx, box["y"] + dy])
        assert hit == option.get_attribute("data-value"), (dx, dy)


def check_effect(page, name: str, value: str):
    html = page.locator("html")
    assert page.locator(f'.switch a[data-pref="{name}"][data-value="{value}"]') \
        .get_attribute("aria-current") == "true"
    classes = html.get_attribute("class").split()
    if name == "script":
        assert html.get_attribute("data-zh") == ("zh-Hant" if value == "hant" else "zh-Hans")
        if page.locator(".rule-text section.zh").count():
            zh = page.locator(".rule-text section.zh").inner_text()
            assert ("踐踏" in zh) == (value == "hant") and ("践踏" in zh) == (value == "hans")
    elif name == "view":
        assert f"view-{value}" in classes
        assert html.get_attribute("lang") == ("en" if value == "en" else
                                              html.get_attribute("data-zh"))
        assert (page.locator(".rule-text section.zh").count() == 1) == (value != "en")
        assert (page.locator(".rule-text section.en").count() == 1) == (value != "zh")
    else:
        assert f"theme-{value}" in classes
        brightness = page.evaluate(BACKGROUND)
        # The context asks for a light system theme: auto and light are light.
        assert (brightness < 150) == (value == "dark"), brightness


@pytest.mark.parametrize("width, touch", [(1366, False), (390, True)],
                         ids=["desktop-mouse", "phone-finger"])
def test_every_setting_is_reachable_and_works(browser, server, width, touch):
    context = browser.new_context(viewport={"width": width, "height": 800}, base_url=server,
                                  has_touch=touch, is_mobile=touch, color_scheme="light",
                                  locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(RULE)
        for name, value in CHOICES:
            open_settings(page, touch)
            option = page.locator(f'.switch a[data-pref="{name}"][data-value="{value}"]')
            assert_fully_clickable(page, option)
            with page.expect_navigation(url="**" + RULE):
                option.tap() if touch else option.click()
            check_effect(page, name, value)
    finally:
        context.close()


def test_an_english_browser_opens_the_site_in_english_and_can_leave_it(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 800}, base_url=server,
                                  locale="en-US", has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(RULE)
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator(".mainnav a[href='/mtg/glossary']").inner_text() == "Glossary"
        open_settings(page, touch=True)
        with page.expect_navigation(url="**" + RULE):
            page.locator('.switch a[data-pref="view"][data-value="both"]').tap()
        assert page.locator("html").get_attribute("lang") == "zh-Hans"
        page.goto("/mtg/glossary")  # the choice is kept over the browser's language
        assert page.locator("html").get_attribute("lang") == "zh-Hans"
    finally:
        context.close()


def test_the_popover_closes_on_a_click_elsewhere_and_on_escape(open_page):
    page = open_page(RULE)
    open_settings(page, touch=False)
    page.locator("h1").click()
    assert not page.locator(".switches").is_visible()
    open_settings(page, touch=False)
    page.keyboard.press("Escape")
    assert not page.locator(".switches").is_visible()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
