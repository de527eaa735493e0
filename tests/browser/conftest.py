"""Browser tests: the running web service, driven by a real headless Chromium.

The server is the production one (waitress) on a free loopback port, over the
session's shared search service. The browser is Debian's ``chromium``, driven
by Playwright; when it is missing, the first browser test installs it (as
root, with apt-get: see ``tests/browser_setup.py``). When it cannot, these
tests fail, unless ``JUDGEBOT_ALLOW_NO_BROWSER=1`` says this machine may skip
them (a developer's laptop; CI never sets it).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from browser_setup import Unavailable, ensure_chromium

from judgebot import corpus

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = corpus.ROOT / "bench" / "screenshots"
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 900}}


def _unavailable(reason: str):
    if os.environ.get("JUDGEBOT_ALLOW_NO_BROWSER") == "1":
        pytest.skip(reason)
    pytest.fail(f"{reason} (install it, e.g. `apt-get install chromium`; set "
                "JUDGEBOT_ALLOW_NO_BROWSER=1 to skip browser tests on this machine)")


@pytest.fixture(scope="session")
def server(search_service):
    from waitress import create_server

    from judgebot.web import create_app

    app = create_app(search_service)
    srv = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()


@pytest.fixture(scope="session")
def browser():
    try:
        chromium_path = ensure_chromium()
    except Unavailable as exc:
        _unavailable(str(exc))
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Errors(list):
    """JavaScript errors and failed requests seen by a page."""


@pytest.fixture()
def open_page(browser, server):
    """``open_page(path, viewport="phone"|"desktop", **context options)`` → a page, loaded.

    The browser asks for Chinese (``locale="zh-CN"``) unless the options say
    otherwise: the site follows the browser's languages on a first visit.
    Every page collects script errors; a test fails if any occurred.
    """
    contexts, errors = [], Errors()

    def _open(path: str = "/", viewport: str = "desktop", **options):
        options.setdefault("locale", "zh-CN")
        context = browser.new_context(viewport=VIEWPORTS[viewport], base_url=server, **options)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: msg.type == "error" and not
                msg.text.startswith("Failed to load resource") and
                errors.append(f"console: {msg.text}"))
        page.goto(path)
        return page

    yield _open
    for context in contexts:
        context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """Where the browser tests save their screenshots: bench/screenshots when
    JUDGEBOT_SCREENSHOTS=1 asks to refresh the committed ones, else a temporary
    directory, so a test run leaves the working tree as it found it."""
    if os.environ.get("JUDGEBOT_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")
