"""Judges' reading tools in a real browser: a section in full, copying a
citation or a quote, the glossary's indexes and filter, and the Traditional
view."""

from __future__ import annotations

from judgebot.corpus import current_cr


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
    page = open_page("/mtg/cr/701", viewport="phone")
    page.locator(".whole-toc summary").click()
    link = page.locator(".whole-toc a").nth(12)
    target = link.get_attribute("href")
    link.click()
    page.wait_for_url("**" + target)
    box = page.locator(f'[id="{target[1:]}"]').bounding_box()
    assert 0 <= box["y"] < 300  # in view, below the sticky header


# --- copying a citation or a quote ---------------------------------------------------

# The WCAG contrast of each element's text against the background drawn behind
# it (the nearest ancestor with an opaque background).
CONTRASTS = """root => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [root, ...root.querySelectorAll("*")].filter(el => el.textContent.trim()).map(el => {
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    return [el.tagName + ":" + el.textContent.trim(), ratio];
  });
}"""


def copy(page, selector: str) -> str:
    button = page.locator(selector)
    button.click()
    page.wait_for_function("s => document.querySelector(s).classList.contains('done')",
                           arg=selector)
    return page.evaluate("navigator.clipboard.readText()")


def test_copy_citation_and_copy_quote_with_text_and_link(open_page, by_id, server):
    rec = by_id[f"mtg:cr:{current_cr()}:702.19b"]
    chinese = by_id[rec.lineage["ancestor"]].text["zh-Hans"]
    page = open_page("/mtg/cr/702.19b", permissions=["clipboard-read", "clipboard-write"])
    assert copy(page, "button.copy:not(.copy-quote)") == "CR 702.19b"
    quoted = copy(page, "button.copy-quote").split("\n")
    assert quoted == ["CR 702.19b", chinese, rec.text["en"], server + "/mtg/cr/702.19b"]


def test_copy_quote_follows_the_view_and_script(open_page, by_id, server):
    rec = by_id[f"mtg:cr:{current_cr()}:702.19b"]
    page = open_page("/mtg/cr/702.19b?view=en", permissions=["clipboard-read", "clipboard-write"])
    assert copy(page, "button.copy-quote").split("\n") == [
        "CR 702.19b", rec.text["en"], server + "/mtg/cr/702.19b"]
    page = open_page("/mtg/cr/702.19?view=zh&script=hant",
                     permissions=["clipboard-read", "clipboard-write"])
    assert copy(page, "button.copy-quote").split("\n") == [
        "CR 702.19 踐踏", server + "/mtg/cr/702.19"]


def test_the_copied_state_is_readable_in_light_and_dark(open_page):
    for scheme in ("light", "dark"):
        page = open_page("/mtg/cr/702.19b", color_scheme=scheme,
                         permissions=["clipboard-read", "clipboard-write"])
        for selector in ("button.copy:not(.copy-quote)", "button.copy-quote"):
            before = page.evaluate(CONTRASTS, page.locator(selector).element_handle())
            copy(page, selector)
            after = page.evaluate(CONTRASTS, page.locator(selector).element_handle())
            for name, ratio in before + after:
                assert ratio >= 4.5, (scheme, selector, name, round(ratio, 2))


# --- the glossary ----------------------------------------------------------------------

def visible_entries(page) -> set[str]:
    return set(page.eval_on_selector_all(
        ".glossary-list li", "els => els.filter(e => !e.hidden && e.offsetParent)"
        ".map(e => e.dataset.entry)"))


def test_glossary_filter_finds_a_term_however_it_is_typed(open_page):
    page = open_page("/mtg/glossary")
    total = page.locator(".count .shown").inner_text()
    box = page.locator("input.filter")
    for typed in ["jianta", "jian ta", "JianTa", "jiàn tà", "jian4 ta4", "jian4ta4",
                  "踐踏", "践踏", "trample", "Tramp"]:
        box.fill(typed)
        shown = visible_entries(page)
        assert f"mtg:glossary:{current_cr()}:trample" in shown, typed
        # The count says how many entries are left (each counted once) out of all.
        assert page.locator(".count").inner_text().split()[0:3] == [
            str(len(shown)), "/", total], typed
    box.fill("")
    assert page.locator(".count").inner_text().split()[0] == total
    assert len(visible_entries(page)) == int(total)


def test_glossary_filter_in_the_traditional_view(open_page):
    page = open_page("/mtg/glossary?script=hant")
    for typed in ["踐踏", "践踏", "jianta"]:
        page.locator("input.filter").fill(typed)
        visible = page.eval_on_selector_all(
            ".pinyin .glossary-list li", "els => els.filter(e => !e.hidden)"
            ".map(e => e.textContent)")
        assert any("踐踏" in text for text in visible), typed


def test_glossary_index_jumps_to_the_pinyin_list_from_the_top(open_page):
    page = open_page("/mtg/glossary", viewport="phone")
    link = page.locator('.glossary-index a[href="#py-J"]')
    assert link.bounding_box()["y"] < 740  # on the first screen of a phone
    link.click()
    page.wait_for_url("**#py-J")
    box = page.locator("#py-J").bounding_box()
    assert 0 <= box["y"] < 300


# --- the Traditional view ----------------------------------------------------------------

VISIBLE_CHINESE = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.checkVisibility()) continue;
    // English, Simplified on purpose, or what the reader typed themselves.
    if (el.closest('[lang="en"], [lang="zh-Hans"], script, style, textarea')) continue;
    out.push(node.textContent.trim());
  }
  return out;
}"""


def test_the_traditional_view_shows_traditional_everywhere_a_reader_looks(open_page,
                                                                            simplified_chars):
    simplified = simplified_chars

    def check(page, where):
        wrong = [t for t in page.evaluate(VISIBLE_CHINESE) if any(c in simplified for c in t)]
        assert not wrong, (where, wrong[:5])

    page = open_page("/?script=hant", viewport="phone")
    tip = page.locator(".tips li").nth(1)
    assert tip.locator('[lang="zh-Hans"]').inner_text() == "践踏"
    assert tip.locator('[lang="zh-Hant"]').inner_text() == "踐踏"
    check(page, "home")
    # Instant results are drawn by the page's script from the API.
    page.goto("/mtg/glossary?script=hant")
    box = page.locator("#q")
    box.press_sequentially("trample", delay=20)
    page.wait_for_function("() => { const s = document.querySelector('#instant [role=status]');"
                           " return s && s.textContent.includes('踐踏'); }")
    check(page, "instant results")
    page.keyboard.press("Escape")
    page.goto("/ask?script=hant&q=" + "我的3/3践踏生物被2/2阻挡")
    assert "踐踏" in page.locator(".understood").inner_text()
    check(page, "ask")
