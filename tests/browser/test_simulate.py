"""The simulation page in a real browser: pick an example from the gallery, step
through it with the keyboard, and check the board drawn at several steps
against the engine's own state when stopped there; follow a cited rule, load a
permalink, see a broken scenario's message at its line. Screenshots of a
combat and of a stack with two spells go to bench/screenshots/."""

from __future__ import annotations

import re

import yaml

from judgebot.engine.simulation import run_text
from judgebot.web.simulate.gallery import GALLERY_DIR

COMBAT = "combat_trample_deathtouch_two_blockers"
STACK = "stack_counterspell"
BROKEN = """title: a misspelt card
players: [Alice, Bob]
battlefield:
  Alice: [Grizzly Beers]
"""


def example(name: str) -> str:
    return (GALLERY_DIR / f"{name}.yaml").read_text(encoding="utf-8")


def engine_stops(name: str) -> list[tuple[int, dict]]:
    """(step number, the engine's state) after each action, for the actions where
    the scenario cut after them is exactly the start of the full run; and the end."""
    text = example(name)
    data = yaml.safe_load(text)
    full = run_text(text)
    out = []
    for k in range(1, len(data["actions"])):
        cut = dict(data, actions=data["actions"][:k])
        cut.pop("expect", None)
        run = run_text(yaml.safe_dump(cut, sort_keys=False))
        m = len(run.log)
        if run.refused is None and m and [e.text for e in run.log] == \
                [e.text for e in full.log[:m]]:
            out.append((m, run.state))
    out.append((len(full.log), full.state))
    return out


def drawn(page) -> dict:
    """The current step's board as drawn: life per player, permanents, graveyards."""
    return page.evaluate("""() => {
      const view = document.querySelector('.step-view.current');
      const out = {life: {}, permanents: [], graveyard: {}};
      for (const side of view.querySelectorAll('.side')) {
        const p = side.dataset.player;
        out.life[p] = parseInt(side.querySelector('.life').dataset.life, 10);
        out.graveyard[p] = Array.from(side.querySelectorAll('.zone[data-zone=graveyard] li'))
          .map(li => li.dataset.name).sort();
        for (const perm of side.querySelectorAll('.perm')) {
          out.permanents.push([p, perm.dataset.name,
            perm.dataset.power === undefined ? null : parseInt(perm.dataset.power, 10),
            perm.dataset.toughness === undefined ? null : parseInt(perm.dataset.toughness, 10),
            perm.dataset.tapped === 'true']);
        }
      }
      out.permanents.sort();
      return out;
    }""")


def expected(state: dict) -> dict:
    perms = sorted([e["controller"], e["name"], e.get("power"), e.get("toughness"),
                    bool(e.get("tapped"))] for e in state["permanents"])
    return {"life": {p: v["life"] for p, v in state["players"].items()},
            "permanents": perms,
            "graveyard": {p: sorted(v["graveyard"]) for p, v in state["players"].items()}}


def step_texts(page) -> list[str]:
    """The timeline's entries in order (the first is the start)."""
    return page.eval_on_selector_all(".timeline a[data-step] .tx",
                                     "els => els.map(e => e.textContent)")


def current_step(page) -> int:
    return int(page.locator(".step-view.current").get_attribute("data-step"))


def test_gallery_example_stepped_by_keyboard_draws_the_engines_board(open_page):
    page = open_page("/simulate")
    if not page.locator("details.gallery").evaluate("d => d.open"):
        page.locator("details.gallery > summary").click()
    # Waiting is set up before the click, so a navigation that ends fast is not missed.
    with page.expect_navigation(url=f"**/simulate?example={COMBAT}"):
        page.locator(f'a[data-example="{COMBAT}"]').click()
    assert current_step(page) == 0
    stops = engine_stops(COMBAT)
    assert len(stops) >= 3  # after the attack, after the blocks, the end
    at = 0
    for step, state in stops:
        while at < step:
            page.keyboard.press("ArrowRight")
            at += 1
        assert current_step(page) == step
        assert page.locator(f'.timeline a.current[data-step="{step}"]').count() == 1
        assert drawn(page) == expected(state), f"step {step}"
    board = drawn(page)  # the end: the blockers are in the graveyard, not on the battlefield
    assert board["graveyard"]["Bob"] == ["Grizzly Bears", "Wall"]
    assert not any(p[1] in ("Wall", "Grizzly Bears") for p in board["permanents"])
    assert board["life"]["Bob"] == 19
    page.keyboard.press("ArrowLeft")
    assert current_step(page) == at - 1
    assert page.url.endswith(f"#step-{at - 1}")


def test_the_attacker_is_drawn_tapped_with_arrows_to_its_target_and_blockers(open_page):
    page = open_page(f"/simulate?example={COMBAT}")
    texts = step_texts(page)
    block = next(i for i, t in enumerate(texts) if "blocks" in t)  # step 0 is the start
    for _ in range(block):
        page.keyboard.press("ArrowRight")
    striker = page.locator('.step-view.current .perm[data-name="Striker"]')
    assert striker.get_attribute("data-tapped") == "true"
    assert "tapped" in striker.get_attribute("class")
    box = striker.locator(".card").bounding_box()
    assert box["width"] > box["height"]  # turned sideways
    assert page.locator(".step-view.current svg.arrows line.atk").count() == 1
    assert page.locator(".step-view.current svg.arrows line.blk").count() == 2


def test_a_cited_rule_opens_its_page(open_page):
    page = open_page(f"/simulate?example={COMBAT}#step-1")
    rule = page.locator(".step-view.current .rules-applied a.rnum").first
    number = rule.inner_text()
    rule.click()
    page.wait_for_url(f"**/mtg/cr/{number}")
    assert page.locator("h1 .num").inner_text() == number


def test_the_permalink_reproduces_the_scenario_and_its_step(open_page):
    page = open_page(f"/simulate?example={STACK}")
    link = page.locator(".permalink-url").input_value()
    assert re.search(r"/simulate\?s=[A-Za-z0-9_-]+$", link)
    again = open_page(link[link.index("/simulate"):] + "#step-3")
    assert again.locator("#scenario").input_value() == example(STACK)
    assert again.locator(".outcome").get_attribute("data-status") == "holds"
    assert current_step(again) == 3


def test_a_broken_scenario_shows_its_message_at_its_line(open_page):
    page = open_page("/simulate")
    page.locator("#scenario").fill(BROKEN)
    page.locator("button.run").click()
    page.wait_for_url("**/simulate?s=*")
    callout = page.locator('.editor .err-callout[data-line="4"]')
    callout.wait_for()
    assert "未知的牌" in callout.inner_text() and "Grizzly Beers" in callout.inner_text()
    assert page.locator(".editor .gutter .err").inner_text() == "4"
    # The message sits right under line 4 of the editor.
    area = page.locator("#scenario").bounding_box()
    line_height, pad = page.evaluate("""() => { const s = getComputedStyle(
        document.getElementById('scenario')); return [parseFloat(s.lineHeight),
        parseFloat(s.paddingTop)]; }""")
    top = callout.bounding_box()["y"] - area["y"]
    assert pad + 4 * line_height <= top <= pad + 4 * line_height + 12
    assert not page.locator(".src-listing").is_visible()  # the no-script listing stays hidden


def test_a_mistake_typed_is_shown_at_its_line_before_running(open_page):
    page = open_page(f"/simulate?example={COMBAT}")
    area = page.locator("#scenario")
    area.fill(example(COMBAT).replace("    - Grizzly Bears", "    - Grizzly Beers"))
    callout = page.locator('.editor .err-callout[data-line="11"]')
    callout.wait_for(timeout=10000)
    assert "Grizzly Beers" in callout.inner_text()


def test_the_board_fits_a_phone(open_page):
    page = open_page(f"/simulate?example={COMBAT}#step-9", viewport="phone")
    width = page.evaluate("document.documentElement.clientWidth")
    board = page.locator(".step-view.current .board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= width + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    for perm in page.locator(".step-view.current .perm").all():
        box = perm.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1


def _shoot(page, path):
    page.evaluate("""() => { const v = document.querySelector('.step-view.current');
                            v.scrollIntoView({block: 'start'}); window.scrollBy(0, -110); }""")
    page.screenshot(path=str(path))
    assert path.stat().st_size > 20000


def test_screenshot_of_a_combat(open_page, screenshots):
    page = open_page(f"/simulate?example={COMBAT}", viewport="desktop")
    texts = step_texts(page)
    step = next(i for i, t in enumerate(texts) if "to Bob (life" in t)
    page.goto(f"/simulate?example={COMBAT}#step-{step}")
    page.wait_for_load_state("networkidle")
    assert page.locator(".step-view.current svg.arrows line").count() == 3
    _shoot(page, screenshots / "simulate-combat.png")


def test_screenshot_of_a_stack_with_two_spells(open_page, screenshots):
    page = open_page(f"/simulate?example={STACK}", viewport="desktop")
    texts = step_texts(page)
    step = next(i for i, t in enumerate(texts) if t.startswith("Bob casts Counterspell"))
    page.goto(f"/simulate?example={STACK}#step-{step}")
    page.wait_for_load_state("networkidle")
    assert page.locator(".step-view.current .stack .stack-item").count() == 2
    _shoot(page, screenshots / "simulate-stack.png")


def test_screenshots_of_a_phone_and_a_refusal(open_page, screenshots):
    page = open_page(f"/simulate?example={COMBAT}#step-3", viewport="phone")
    _shoot(page, screenshots / "simulate-phone.png")
    page = open_page("/simulate?scenario=" + BROKEN.replace("\n", "%0A").replace(" ", "%20"))
    page.locator(".editor .err-callout").wait_for()
    page.screenshot(path=str(screenshots / "simulate-refusal.png"))


def test_without_the_script_a_timeline_link_shows_its_board(open_page):
    page = open_page(f"/simulate?example={COMBAT}", java_script_enabled=False)
    assert page.locator("#step-0").is_visible() and not page.locator("#step-3").is_visible()
    page.locator('.timeline a[href="#step-3"]').click()
    assert page.locator("#step-3").is_visible() and not page.locator("#step-0").is_visible()
    assert page.locator(".src-listing").count() == 0  # no refusal: no listing


def test_stepping_on_a_phone_keeps_the_board_and_the_controls_in_view(open_page):
    """Each "next step" tap shows the next board where the reader is looking: the page
    does not scroll down to the step list (issue 12, item 2)."""
    page = open_page(f"/simulate?example={COMBAT}", viewport="phone", has_touch=True)
    page.locator(".step-view.current a.next").scroll_into_view_if_needed()
    for _ in range(6):
        before = current_step(page)
        page.locator(".step-view.current a.next").tap()
        page.wait_for_function(f"() => document.querySelector('.step-view.current')"
                               f".dataset.step !== '{before}'")
        head = page.locator(".step-view.current .step-head").bounding_box()
        height = page.evaluate("window.innerHeight")
        assert 0 <= head["y"] < height / 2, head  # the controls, near the top of the screen
        board = page.locator(".step-view.current .board").bounding_box()
        if board:
            assert board["y"] < height  # the board starts on the screen
        timeline = page.locator(".timeline-box").bounding_box()
        assert timeline["y"] > head["y"]  # not scrolled away to the step list


CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const lum = (c) => { const v = c.slice(0, 3).map(x => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const background = (el) => { const chain = []; for (let e = el; e; e = e.parentElement)
      chain.push(e);
    let bg = [255, 255, 255, 1], bright = 1, opacity = 1;
    for (const e of chain.reverse()) { const s = getComputedStyle(e);
      const c = parse(s.backgroundColor); if (c && c[3] > 0) bg = over(c, bg);
      const f = s.filter.match(/brightness\\(([\\d.]+)\\)/); if (f) bright *= Number(f[1]);
      opacity *= Number(s.opacity); }
    return {bg, bright, opacity}; };
  const out = [];
  const root = document.querySelector('.sim-layout');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el.getClientRects().length || el.closest('svg, .visually-hidden, [hidden]')) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden') continue;
    const {bg, bright, opacity} = background(el);
    let fg = parse(s.color); fg = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const dim = (c) => c.map((x, i) => i < 3 ? x * bright : x);
    const b = dim(bg), f = dim(fg);
    const l1 = lum(f), l2 = lum(b);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) out.push([n.textContent.trim().slice(0, 40), el.className,
                                              Math.round(ratio * 100) / 100]);
  }
  return out;
}"""


def test_every_text_of_the_simulation_view_meets_wcag_aa_in_both_themes(open_page):
    """The drawn colours of every text, against what is drawn behind it (issue 12, item 2:
    the changed life total in the dark theme had 1.14:1)."""
    for theme in ("light", "dark"):
        for name in (COMBAT, STACK, "choice_open_trigger_target_depends"):
            page = open_page(f"/simulate?example={name}&theme={theme}")
            texts = step_texts(page)
            changed = [i for i, t in enumerate(texts) if "life" in t] or [len(texts) - 1]
            for step in sorted({0, changed[0], len(texts) - 1}):
                page.goto(f"/simulate?example={name}&theme={theme}#step-{step}")
                page.wait_for_load_state("networkidle")
                bad = page.evaluate(CONTRAST)
                assert not bad, (theme, name, step, bad[:5])
        broken = open_page("/simulate?scenario=" + BROKEN.replace("\n", "%0A")
                           .replace(" ", "%20") + f"&theme={theme}")
        bad = broken.evaluate(CONTRAST)
        assert not bad, (theme, "refusal", bad[:5])
