"""The "ask a judge" page in a real browser."""

from __future__ import annotations

import re

QUESTION = "我的3/3践踏死触生物被对手的2/2阻挡了，能打多少伤害到对手脸上？"


def test_ask_a_question_and_follow_a_quoted_rule(open_page):
    page = open_page("/ask")
    page.locator("#question").fill(QUESTION)
    page.locator(".ask-form button").click()
    page.wait_for_url(re.compile(r"/ask\?q="))
    assert "18" in page.locator(".simulated .outcome").inner_text()
    page.locator(".simulated details.steps summary").click()
    assert page.locator(".simulated .log li").count() >= 5
    first_rule = page.locator(".quoted .quote h3 a").first
    href = first_rule.get_attribute("href")
    assert href.startswith("/mtg/cr/702.")
    first_rule.click()
    page.wait_for_url(re.compile(re.escape(href) + "$"))
    assert page.locator("h1 .num").inner_text() == href.rsplit("/", 1)[1]


def test_ask_page_on_a_phone(open_page, screenshots):
    page = open_page("/ask?q=" + QUESTION, viewport="phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 362
    page.screenshot(path=str(screenshots / "ask-phone.png"), full_page=False)


def test_ask_page_screenshot(open_page, screenshots):
    page = open_page("/ask?q=does lifelink save me if i go to 0 at the same time?")
    assert page.locator(".quoted .quote").count() >= 3
    page.screenshot(path=str(screenshots / "ask.png"), full_page=True)
