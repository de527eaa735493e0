"""The simulation page and API: the board drawn at every step agrees with the
engine, refusals come back at their line in both languages, links reproduce
the scenario, and bad input meets a clear message within a bounded time."""

from __future__ import annotations

import base64
import json
import re
import time
import zlib
from html import unescape
from pathlib import Path

import pytest
import yaml

from judgebot.corpus import CR_2025, EN
from judgebot.engine.board import BoardRecorder, Boards, changes
from judgebot.engine.limits import MAX_DEPTH
from judgebot.engine.simulation import SimulationResult, run_text
from judgebot.messages import render
from judgebot.web import create_app
from judgebot.web.catalog import zh_of
from judgebot.web.simulate.gallery import GALLERY_DIR
from judgebot.web.simulate.limits import MAX_BYTES, Problem, check, decode_bytes
from judgebot.web.simulate.links import decode_link, encode_link
from judgebot.web.simulate.view import refusal_view

TIMEOUT = 2.0
COMBAT = "combat_trample_deathtouch_two_blockers"
STACK = "stack_counterspell"
GALLERY = sorted(GALLERY_DIR.glob("*.yaml"))


@pytest.fixture(scope="module")
def app(search_service):
    app = create_app(search_service, {"SIMULATE_TIMEOUT": TIMEOUT, "SIMULATE_WORKERS": 2,
                                      "SIMULATE_WAIT": 30.0})
    yield app
    app.extensions["judgebot_simulate"].close()


@pytest.fixture()
def client(app):
    return app.test_client()


def example(name: str) -> str:
    return (GALLERY_DIR / f"{name}.yaml").read_text(encoding="utf-8")


def html_of(response) -> str:
    return response.get_data(as_text=True)


def step_view(body: str, i: int) -> str:
    """The HTML of one step's section of the page."""
    return next(part for part in body.split('<section class="step-view')[1:]
                if re.match(rf'[^"]*" id="step-{i}"', part))


def api(client, text: str, **params):
    query = "?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else ""
    response = client.post("/api/v1/simulate" + query, json={"scenario": text})
    assert response.is_json
    return response


def record(text: str) -> tuple[SimulationResult, Boards | None]:
    """One run of the engine, with the board drawn at every log entry."""
    recorder = BoardRecorder()
    result = run_text(text, observe=recorder)
    return result, recorder.boards(result)


BROKEN_UNKNOWN_CARD = """title: a misspelt card
players: [Alice, Bob]
battlefield:
  Alice: [Grizzly Beers]
"""


# --- the board at each step, against the engine -----------------------------------------------

def _names(cards) -> list[str]:
    return sorted(c["name"] for c in cards)


def _engine_view(state: dict) -> dict:
    """What the engine's own state summary says, in the shape compared below."""
    out = {}
    for name, p in state["players"].items():
        out[name] = {"life": p["life"], "poison": p["poison"],
                     **{z: sorted(p[z]) for z in ("hand", "graveyard", "exile")}}
    perms = sorted((e["controller"], e["name"], e.get("power"), e.get("toughness"),
                    bool(e.get("tapped")), e.get("damage", 0), e.get("counters", {}))
                   for e in state["permanents"])
    return {"players": out, "permanents": perms}


def _board_view(board: dict) -> dict:
    out = {}
    for p in board["players"]:
        out[p["name"]] = {"life": p["life"], "poison": p["poison"],
                          **{z: _names(p[z]) for z in ("hand", "graveyard", "exile")}}
    perms = sorted((o["controller"], o["name"], o.get("power"), o.get("toughness"),
                    o["tapped"], o["damage"], o["counters"]) for o in board["permanents"])
    return {"players": out, "permanents": perms}


def _plain(path: Path) -> bool:
    """A scenario without face-down objects (the engine's summary names them otherwise)."""
    return "face_down" not in path.read_text(encoding="utf-8") and \
        "morph" not in path.stem


@pytest.mark.parametrize("path", [p for p in GALLERY if _plain(p)], ids=lambda p: p.stem)
def test_final_board_is_the_engines_final_state(path):
    result, played = record(path.read_text(encoding="utf-8"))
    if result.refused is not None or not result.state:
        pytest.skip("refused scenarios have no final state to compare")
    assert played is not None, "no boards were drawn"
    assert _board_view(played.final) == _engine_view(result.state)


def test_changes_after_the_last_entry_get_a_final_step(client):
    name = "token_dies_and_ceases_to_exist"
    if not (GALLERY_DIR / f"{name}.yaml").exists():
        pytest.skip("the scenario is not in the gallery")
    text = example(name)
    result, played = record(text)
    assert _board_view(played.steps[-1]) != _board_view(played.final)
    steps = api(client, text).get_json()["steps"]
    assert len(steps) == len(result.log) + 1 and steps[-1]["event"] == "final"
    assert _board_view(steps[-1]["board"]) == _engine_view(result.state)


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: p.stem)
def test_every_gallery_scenario_has_a_board_at_every_entry(path):
    result, played = record(path.read_text(encoding="utf-8"))
    assert played is not None
    assert len(played.steps) == len(result.log) == len(played.lines)
    assert all(board is not None for board in played.steps)


def test_a_simulation_request_runs_the_engine_once(monkeypatch):
    """The worker gets the boards from the run itself: one run per branch, no replay."""
    from judgebot.engine import simulation
    from judgebot.web.simulate import worker

    made = []
    real = simulation.Runner

    def counting(*args):
        made.append(args)
        return real(*args)

    monkeypatch.setattr(simulation, "Runner", counting)
    data = json.loads(worker.simulate(example(COMBAT)))
    assert len(made) == data["runs"] == 1 and data["boards"]["steps"]
    made.clear()
    data = json.loads(worker.simulate(example("choice_open_trigger_target_depends")))
    assert len(made) == data["runs"] > 1 and data["boards"]["steps"]


LIFE = re.compile(r"(?:deals \d+ (?:combat )?damage to|^)(\w+)?.*\(life (-?\d+) → (-?\d+)\)")


def test_board_at_a_life_change_shows_the_life_the_log_names():
    checked = 0
    for path in GALLERY:
        result, played = record(path.read_text(encoding="utf-8"))
        players = set(result.scenario.players) if result.scenario else set()
        for entry, board in zip(result.log, played.steps if played else [], strict=False):
            found = re.search(r"(\w+)(?:'s)? (?:\(|loses|gains).*?life (-?\d+) → (-?\d+)",
                              entry.text) or re.search(r"to (\w+) \(life (-?\d+) → (-?\d+)\)",
                                                        entry.text)
            if not found or found.group(1) not in players:
                continue
            life = {p["name"]: p["life"] for p in board["players"]}
            assert life[found.group(1)] == int(found.group(3)), (path.stem, entry.text)
            checked += 1
    assert checked >= 20


def test_board_after_a_move_to_the_graveyard_shows_the_card_there():
    checked = 0
    for path in GALLERY:
        result, played = record(path.read_text(encoding="utf-8"))
        if played is None:
            continue
        before = played.initial
        for entry, board in zip(result.log, played.steps, strict=True):
            data = entry.data
            if entry.event == "zone" and data.get("from_zone") == "battlefield" and \
                    data.get("to_zone") == "graveyard" and \
                    not data["object"].startswith("face-down "):  # named so only in the log
                name = data["object"]
                was = sum(o["name"] == name for o in before["permanents"])
                now = sum(o["name"] == name for o in board["permanents"])
                yards = [c["name"] for p in board["players"] for c in p["graveyard"]]
                assert now == was - 1 and name in yards, (path.stem, entry.text)
                checked += 1
            before = board
    assert checked >= 20


def _truncated(data: dict, k: int) -> str:
    cut = dict(data)
    cut["actions"] = data["actions"][:k]
    cut.pop("expect", None)
    return yaml.safe_dump(cut, allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize("name", [COMBAT, "stack_bolt_response_giant_growth",
                                  "combat_first_strike_kills_first", "sba_legend_rule"])
def test_board_after_each_action_is_the_engine_stopped_there(name):
    """The scenario cut after its k-th action, run by the engine, ends where the
    page's board stood after that action's last entry."""
    text = example(name)
    data = yaml.safe_load(text)
    full, played = record(text)
    compared = 0
    for k in range(1, len(data["actions"])):
        cut = run_text(_truncated(data, k))
        m = len(cut.log)
        if cut.refused is not None or m == 0 or \
                [e.text for e in cut.log] != [e.text for e in full.log[:m]]:
            continue  # the cut run did more (it resolves the stack at the end): no comparison
        assert _board_view(played.steps[m - 1]) == _engine_view(cut.state), (name, k)
        compared += 1
    assert compared >= 1


def test_initial_board_is_the_scenario_as_written():
    _, played = record(example(COMBAT))
    start = played.initial
    assert {p["name"]: p["life"] for p in start["players"]} == {"Alice": 20, "Bob": 20}
    striker = next(o for o in start["permanents"] if o["name"] == "Striker")
    assert (striker["power"], striker["toughness"], striker["tapped"]) == (3, 3, False)
    assert sorted(striker["keywords"]) == ["deathtouch", "trample"]
    assert start["step"] == "declare_attackers" and start["active"] == "Alice"
    assert _names(next(p for p in start["players"] if p["name"] == "Alice")["hand"]) == \
        ["Lightning Bolt"]


def test_a_stated_mana_pool_is_drawn_spent_as_the_engine_spent_it():
    result, played = record(example("equipment_cranial_plating"))
    assert played is not None
    assert _board_view(played.final) == _engine_view(result.state)


def test_changes_say_what_moved_where_and_which_fields_changed():
    result, played = record(example(COMBAT))
    i = next(i for i, e in enumerate(result.log) if e.text.startswith("Wall is destroyed"))
    diff = changes(played.steps[i - 1], played.steps[i])
    assert [(d["name"], d["to"], d["owner"]) for d in diff["left"]] == \
        [("Wall", "graveyard", "Bob")]
    assert diff["zones"] == {"Bob": ["graveyard"]}
    j = next(i for i, e in enumerate(result.log) if "to Bob (life" in e.text)
    assert changes(played.steps[j - 1], played.steps[j])["players"] == \
        {"Bob": {"life": [20, 19]}}


# --- limits on what is read ----------------------------------------------------------------------

def test_a_link_code_round_trips_a_chinese_scenario():
    text = example("cards_by_chinese_name_bolt_bear") if \
        (GALLERY_DIR / "cards_by_chinese_name_bolt_bear.yaml").exists() else "title: 闪电击\n"
    code = encode_link(text)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert decode_link(code) == text


def test_the_permalink_other_pages_link_to_opens_the_scenario(client):
    from judgebot.web.simulate.links import permalink

    link = permalink(example(STACK))
    assert link.startswith("/simulate?s=")
    body = html_of(client.get(link))
    assert unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", body, re.S).group(1)) == \
        example(STACK)
    assert permalink("title: x\nnotes: " + "".join(chr(0x4e00 + i * 7919 % 20000)
                                                    for i in range(9000))) is None


@pytest.mark.parametrize("code", ["not base64!", "AAAA", encode_link("players: [A, B]")[:-6]])
def test_a_damaged_link_code_is_refused(code):
    with pytest.raises(Problem) as err:
        decode_link(code)
    assert err.value.kind == "bad-input" and "damaged" in err.value.en


def test_a_zip_bomb_link_is_refused_without_unpacking_it():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(b" " * (200 * 1024 * 1024)) + packer.flush()
    code = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    start = time.perf_counter()
    with pytest.raises(Problem) as err:
        decode_link(code[:7000])
    assert time.perf_counter() - start < 1.0
    assert err.value.status in (413, 400)


def test_text_over_the_size_limit_is_refused():
    with pytest.raises(Problem) as err:
        check("title: x\n" + "# padding\n" * (MAX_BYTES // 10 + 1))
    assert err.value.status == 413 and "too long" in err.value.en


def test_a_control_character_is_refused_with_its_line():
    with pytest.raises(Problem) as err:
        check("title: x\nplayers: [Alice, Bob]\nnotes: \x00\x01\n")
    assert err.value.line == 3 and "U+0000" in err.value.en and "第 3 行" in err.value.zh


def test_bytes_that_are_not_utf8_are_refused():
    with pytest.raises(Problem) as err:
        decode_bytes(b"title: x\n\xff\xfe\x00binary")
    assert err.value.line == 2 and "UTF-8" in err.value.en


def test_deep_nesting_is_refused_at_its_line():
    text = "title: deep\nnotes:\n" + "".join("  " * i + "- \n" for i in range(1, 60))
    nested = "title: deep\nnotes: " + "[" * 500 + "]" * 500 + "\n"
    for t in (text, nested):
        with pytest.raises(Problem) as err:
            check(t)
        assert "nested too deeply" in err.value.en and err.value.line >= 2
        assert str(MAX_DEPTH) in err.value.en


def test_nesting_past_the_yaml_parsers_own_limit_is_a_refusal_at_its_line(client):
    text = "title: deeper\nnotes: " + "[" * 5000 + "]" * 5000 + "\n"
    data = api(client, text).get_json()
    assert data["status"] == "refused" and data["refused"]["line"] == 2
    assert "YAML" in data["refused"]["message"] and "YAML" in data["refused"]["message_zh"]


BILLION_LAUGHS = "\n".join(
    ["title: bomb", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]"
       for i in range(8)]
    + ["notes: *i", ""])


def test_an_alias_bomb_is_refused_without_expanding_it():
    start = time.perf_counter()
    with pytest.raises(Problem) as err:
        check(BILLION_LAUGHS)
    assert time.perf_counter() - start < 0.5
    assert "YAML nodes" in err.value.en and "aliases counted" in err.value.en
    assert err.value.line is not None and err.value.line <= 5


def test_a_few_ordinary_aliases_are_allowed(client):
    text = ("title: two bears from one anchor\nplayers: [Alice, Bob]\nbattlefield:\n"
            "  Alice:\n    - &bear {name: Bear A, creature: 2/2}\n"
            "  Bob:\n    - {name: Bear B, creature: 2/2}\n"
            "actions:\n  - attack: {Bear A: Bob}\n  - pass: {until: end_of_combat}\n"
            "expect:\n  life: {Bob: 18}\n")
    check(text)
    data = api(client, text).get_json()
    assert data["status"] == "holds"


def test_every_gallery_scenario_is_within_the_limits():
    for path in GALLERY:
        check(path.read_text(encoding="utf-8"))


# --- refusals in Chinese -----------------------------------------------------------------------

MISTAKES = [
    # (scenario, line at fault, words of the Chinese message)
    (BROKEN_UNKNOWN_CARD, 4, ["未知的牌", "Grizzly Beers", "Grizzly Bears"]),
    ("players: [Alice, Bob\nlife: {Bob: 3}\n", None, ["不是有效的 YAML"]),
    ("playrs: [Alice, Bob]\n", 1, ["未知的情景键", "'playrs'", "'players'"]),
    ("players: [Alice, Bob]\nactions:\n  - atack: {Bear: Bob}\n", 3, ["未知的动作", "'atack'"]),
    ("players: [Alice, Bob]\nturn: {active: Alice, step: combat_damge}\n", 2,
     ["未知的步骤", "'combat_damge'"]),
    ("players: [Alice, Bob]\nlife: {Carol: 20}\n", 2, ["'Carol' 不是牌手"]),
    ("players: [Alice, Bob]\nbattlefield:\n  Alice: [{name: Bear, creature: 2/2}]\n"
     "actions:\n  - attack: {Baer: Bob}\n", 5, ["战场上没有", "'Baer'"]),
    ("players: [Alice, Bob]\nbattlefield:\n  Alice: [{name: Bear, creature: 2/2, tapped: true}]"
     "\nactions:\n  - attack: {Bear: Bob}\n", 5, ["Bear 已横置，不能攻击"]),
    ("players: [Alice, Bob]\nbattlefield:\n  Alice: [{name: Bear, creature: two}]\n", 3,
     ["力量/防御力应写成 3/3 的形式"]),
]


@pytest.mark.parametrize("text, line, words", MISTAKES, ids=[str(i) for i in range(len(MISTAKES))])
def test_the_engines_refusals_are_translated_into_chinese(text, line, words):
    result = run_text(text)
    assert result.refused is not None
    zh = render(result.refused.msg, "zh-Hans")
    assert zh and zh != result.refused.message, result.refused.message
    for word in words:
        assert word in zh
    if line is not None:
        assert result.refused.line == line


def test_an_untranslated_refusal_keeps_the_english_behind_its_kind(client):
    refused = {"kind": "unsupported", "message": "a mechanic nobody wrote",
               "msg": {"code": "no.such.code", "args": {}}}
    assert refusal_view(refused)["message_zh"] == "引擎无法模拟：a mechanic nobody wrote"


# --- the page -----------------------------------------------------------------------------------

def test_the_empty_page_has_the_editor_and_the_gallery_grouped_by_mechanic(client):
    body = html_of(client.get("/simulate"))
    assert re.search(r'<textarea id="scenario" name="scenario"', body)
    groups = re.findall(r'data-group="([a-z_]+)"', body)
    stems = {p.stem for p in GALLERY}
    assert "combat" in groups and "split_second" in groups and "split" not in groups
    assert len(re.findall(r'data-example="', body)) == len(stems)


def test_gallery_groups_are_named_from_the_glossary(client, by_id):
    body = html_of(client.get("/simulate"))
    for slug, key in (("split-second", "split_second"), ("flashback", "flashback")):
        zh = zh_of(by_id[f"mtg:glossary:2019-10-04:{slug}"].term)
        head = re.search(rf'data-group="{key}">\s*<h3>(.*?)</h3>', body, re.S).group(1)
        assert zh in head


def test_an_example_draws_the_start_and_every_step(client):
    body = html_of(client.get(f"/simulate?example={COMBAT}"))
    result = run_text(example(COMBAT))
    views = re.findall(r'<section class="step-view[^"]*" id="step-(\d+)"', body)
    assert views == [str(i) for i in range(len(result.log) + 1)]
    assert 'data-status="holds"' in body


def test_a_step_cites_its_rules_in_english_and_the_2019_chinese_with_lineage(client, by_id):
    body = unescape(html_of(client.get(f"/simulate?example={STACK}&view=both")))
    for number in ("601.2c", "601.2", "701.6a"):
        rec = by_id[f"mtg:cr:{CR_2025}:{number}"]
        old = by_id[rec.lineage["ancestor"]]
        cite = re.search(rf'<li class="rule-cite status-(\w+)" data-rule="{re.escape(number)}">'
                         r"(.*?)</li>", body, re.S)
        assert cite.group(1) == rec.lineage["status"]
        assert f'href="/mtg/cr/{number}"' in cite.group(2)
        assert rec.text[EN][:80] in cite.group(2)
        assert zh_of(old.text)[:30] in cite.group(2)
        assert f"{old.number} · 2019-10-04" in cite.group(2)


def test_a_new_rule_says_it_has_no_chinese(client, by_id):
    body = html_of(client.get(f"/simulate?example={STACK}"))
    assert by_id[f"mtg:cr:{CR_2025}:601.2h"].lineage["status"] == "new"
    cite = re.search(r'data-rule="601\.2h">(.*?)</li>', body, re.S).group(1)
    assert "尚无中文" in cite


def test_the_board_draws_the_stack_top_first_with_targets(client):
    body = html_of(client.get(f"/simulate?example={STACK}"))
    result = run_text(example(STACK))
    i = next(i for i, e in enumerate(result.log, 1) if e.text.startswith("Bob casts Counterspell"))
    view = step_view(body, i)
    names = re.findall(r'<li class="stack-item[^"]*" data-id="\d+" data-name="([^"]+)"', view)
    assert names == ["Counterspell", "Lightning Bolt"]
    assert re.search(r'data-target="id:\d+">闪电击</span>', view)
    assert 'data-target="player:Bob">Bob</span>' in view


def test_names_follow_the_view_preference(client):
    zh = html_of(client.get(f"/simulate?example={STACK}&view=zh"))
    en = html_of(client.get(f"/simulate?example={STACK}&view=en"))
    assert '<span class="n-zh" lang="zh-Hans">反击咒</span>' in zh
    assert "反击咒" not in en and '<span class="n-en" lang="en">Counterspell</span>' in en


def test_a_refused_scenario_shows_its_message_under_its_line(client):
    code = encode_link(BROKEN_UNKNOWN_CARD)
    response = client.get(f"/simulate?s={code}")
    body = html_of(response)
    assert response.status_code == 200
    assert 'data-status="refused"' in body
    listing = re.search(r'<li id="L4" data-line="4" class="err"><code>(.*?)</code></li>\s*'
                        r'<li class="line-msg" data-line="4">(.*?)</li>', body, re.S)
    assert listing and "Grizzly Beers" in unescape(listing.group(1))
    assert "未知的牌" in listing.group(2)
    assert re.search(r'<div class="editor" data-error-line="4">', body)


def test_the_english_view_shows_the_english_refusal(client):
    body = unescape(html_of(client.get(f"/simulate?s={encode_link(BROKEN_UNKNOWN_CARD)}"
                                       "&view=en")))
    msg = re.search(r'<li class="line-msg" data-line="4">(.*?)</li>', body, re.S).group(1)
    assert msg.startswith("unknown card 'Grizzly Beers'") and "未知" not in msg


def test_a_posted_scenario_is_redirected_to_its_permalink(client):
    response = client.post("/simulate", data={"scenario": example(COMBAT)})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/simulate?s=")
    assert decode_link(location.split("=", 1)[1]) == example(COMBAT)


def test_the_permalink_reproduces_the_scenario(client):
    first = html_of(client.get(f"/simulate?example={COMBAT}"))
    link = unescape(re.search(r'class="permalink-url"', first) and
                    re.search(r'value="http://[^/]+(/simulate\?s=[^"]+)"', first).group(1))
    again = html_of(client.get(link))
    text = unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", again, re.S).group(1))
    assert text == example(COMBAT)
    assert 'data-status="holds"' in again


def test_a_plain_scenario_parameter_works_too(client):
    from urllib.parse import quote

    body = html_of(client.get("/simulate?scenario=" + quote(example(STACK))))
    assert 'data-status="holds"' in body


def test_download_returns_the_yaml_as_a_file(client):
    response = client.get(f"/simulate/download?example={COMBAT}")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert f'filename="{COMBAT}.yaml"' in response.headers["Content-Disposition"]
    assert response.get_data(as_text=True) == example(COMBAT)
    code = encode_link("title: x\n")
    coded = client.get(f"/simulate/download?s={code}")
    assert re.search(r'filename="scenario-[0-9a-f]{10}\.yaml"',
                     coded.headers["Content-Disposition"])


def test_a_long_page_is_sent_gzipped_to_a_client_that_accepts_it(client):
    import gzip

    plain = client.get(f"/simulate?example={COMBAT}")
    packed = client.get(f"/simulate?example={COMBAT}", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.vary
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 4


def test_an_unknown_example_is_a_404_page(client):
    response = client.get("/simulate?example=no_such_thing")
    assert response.status_code == 404 and "no_such_thing" in html_of(response)


def test_a_damaged_link_is_a_400_page_saying_so(client):
    response = client.get("/simulate?s=%21%21%21")
    assert response.status_code == 400
    assert "链接中的情景已损坏" in html_of(response)


def test_the_navigation_links_to_the_simulation_page(client):
    assert re.search(r'<nav class="mainnav".*?<a href="/simulate">情景模拟</a>',
                     html_of(client.get("/")), re.S)


def test_a_card_page_links_to_the_scenarios_that_name_the_card(client, app):
    from judgebot.web.simulate.service import gallery

    with app.test_request_context("/"):
        from flask import g

        from judgebot.web.prefs import Prefs

        g.prefs = Prefs()
        found = gallery().by_card
    slug, examples = next((s, e) for s, e in sorted(found.items()) if len(e) >= 1)
    body = html_of(client.get(f"/mtg/cards/{slug}"))
    section = re.search(r'<section class="card-simulations">(.*?)</section>', body, re.S).group(1)
    for ex in examples:
        assert f'href="/simulate?example={ex.id}"' in section


# --- the API --------------------------------------------------------------------------------

def test_the_api_takes_json_or_the_yaml_itself(client):
    as_json = api(client, example(COMBAT)).get_json()
    raw = client.post("/api/v1/simulate", data=example(COMBAT).encode(),
                      content_type="application/yaml").get_json()
    assert as_json["status"] == raw["status"] == "holds"
    assert [s["text"] for s in as_json["steps"]] == [s["text"] for s in raw["steps"]]


def test_the_api_gives_the_board_and_rules_of_every_step(client, by_id):
    data = api(client, example(COMBAT)).get_json()
    result = run_text(example(COMBAT))
    assert [s["text"] for s in data["steps"]] == [e.text for e in result.log]
    assert all(s["board"] is not None for s in data["steps"])
    last = data["steps"][-1]["board"]
    assert _board_view(last) == _engine_view(result.state)
    info = data["rules"]["702.19b"]
    rec = by_id[f"mtg:cr:{CR_2025}:702.19b"]
    assert info["en"] == rec.text[EN] and info["url"] == "/mtg/cr/702.19b"
    assert info["zh"] == zh_of(by_id[rec.lineage["ancestor"]].text)
    assert data["exit_code"] == 0 and data["permalink"].startswith("/simulate?s=")


def test_the_api_refusal_is_an_answer_with_its_line_in_both_languages(client):
    response = api(client, BROKEN_UNKNOWN_CARD, script="hant")
    data = response.get_json()
    assert response.status_code == 200 and data["status"] == "refused" and data["exit_code"] == 2
    assert data["refused"]["line"] == 4 and data["refused"]["kind"] == "bad-input"
    assert "未知的牌" in data["refused"]["message_zh"]
    assert "請直接描述" in data["refused"]["message_zh"]  # in the Traditional script asked for


@pytest.mark.parametrize("body, content_type, status", [
    (b"", "application/yaml", 400),
    (b'{"yaml": "x"}', "application/json", 400),
    (b"title: x\n\xff\xfe binary", "application/octet-stream", 400),
    (b"title: x\n" + b"#" * (MAX_BYTES + 10), "application/yaml", 413),
    (b"title: x\n" + b"#" * (300 * 1024), "application/yaml", 413),
])
def test_the_api_refuses_what_is_not_a_scenario_with_a_json_error(client, body, content_type,
                                                                    status):
    response = client.post("/api/v1/simulate", data=body, content_type=content_type)
    assert response.status_code == status and response.is_json
    assert response.get_json()["error"]["message"]


def test_the_api_can_only_read_a_scenario_without_playing_it(client):
    broken = client.post("/api/v1/simulate?check=read", json={"scenario": BROKEN_UNKNOWN_CARD})
    assert broken.get_json()["status"] == "refused"
    assert broken.get_json()["refused"]["line"] == 4
    start = time.perf_counter()
    endless = client.post("/api/v1/simulate?check=read", json={"scenario": ENDLESS}).get_json()
    assert time.perf_counter() - start < 1.0  # read, not played
    assert endless["status"] == "readable" and endless["steps"] == []
    assert client.post("/api/v1/simulate?check=play", json={"scenario": ENDLESS}
                       ).status_code == 400


def test_the_api_lists_and_serves_the_gallery(client):
    data = client.get("/api/v1/simulate/examples").get_json()
    ids = [e["id"] for g in data["groups"] for e in g["examples"]]
    assert sorted(ids) == sorted(p.stem for p in GALLERY)
    one = client.get(f"/api/v1/simulate/examples/{COMBAT}").get_json()
    assert one["scenario"] == example(COMBAT) and one["group"] == "combat"
    assert client.get("/api/v1/simulate/examples/nope").status_code == 404


def test_the_api_structure_limits_come_back_as_refusals_at_their_line(client):
    data = api(client, BILLION_LAUGHS).get_json()
    assert data["status"] == "refused" and data["refused"]["kind"] == "limit"
    assert data["refused"]["line"] <= 5 and "YAML" in data["refused"]["message_zh"]


# --- budgets --------------------------------------------------------------------------------

def _many(text: str, casts: int, title: str) -> str:
    """A scenario casting ``casts`` sorceries that each do ``text``: every count is
    within what the engine accepts, but together they take long (or much memory)."""
    hand = "\n".join(f'    - {{name: Spell {i}, types: [sorcery], mana_cost: "{{U}}", '
                     f'text: "{text}"}}' for i in range(casts))
    acts = "\n".join(f"  - cast: {{player: Alice, card: Spell {i}}}\n"
                     f"  - pass: {{until: stack_empty}}" for i in range(casts))
    return (f"title: {title}\nplayers: [Alice, Bob]\nstep_limit: 20000\n"
            f"hand:\n  Alice:\n{hand}\nactions:\n{acts}\n")


# Drawing is slow in the engine (about 3 ms a card): 8 000 draws run far past the budget.
ENDLESS = _many("Draw 1000 cards.", 8, "eight thousand draws")
HUGE_DRAW = """title: draws a hundred million cards
players: [Alice, Bob]
hand:
  Alice:
    - {name: Flood, types: [sorcery], mana_cost: "{X}{U}", text: "Draw X cards."}
actions:
  - cast: {player: Alice, card: Flood, x: 100000000}
  - pass: {until: stack_empty}
"""


def test_a_run_that_would_not_end_is_stopped_by_the_time_budget(client):
    start = time.perf_counter()
    data = api(client, ENDLESS).get_json()
    elapsed = time.perf_counter() - start
    assert elapsed < TIMEOUT + 3
    assert data["status"] == "refused" and data["refused"]["kind"] == "limit"
    assert f"{TIMEOUT:g} s" in data["refused"]["message"]
    # The worker that ran over was replaced: the next scenario is answered.
    assert api(client, example(STACK)).get_json()["status"] == "holds"


def test_an_absurd_count_is_refused_by_the_engine_at_once(client):
    start = time.perf_counter()
    data = api(client, HUGE_DRAW).get_json()
    assert time.perf_counter() - start < TIMEOUT
    assert data["status"] == "refused" and "too many" in data["refused"]["message"]


def test_a_run_that_eats_memory_is_stopped_by_the_memory_budget(search_service):
    # Fifteen thousand tokens, a board drawn at every step: far past 64 MB.
    tokens = _many("Create 1000 1/1 green Saproling creature tokens.", 15, "many tokens")
    app = create_app(search_service, {"SIMULATE_WORKERS": 1, "SIMULATE_MEMORY_MB": 64,
                                      "SIMULATE_TIMEOUT": 60.0})
    try:
        client = app.test_client()
        start = time.perf_counter()
        data = client.post("/api/v1/simulate", json={"scenario": tokens}).get_json()
        assert time.perf_counter() - start < 60
        assert data["refused"]["kind"] == "limit" and "64 MB" in data["refused"]["message"]
        assert client.post("/api/v1/simulate", json={"scenario": example(STACK)}
                           ).get_json()["status"] == "holds"
    finally:
        app.extensions["judgebot_simulate"].close()


def test_the_page_shows_a_timeout_as_a_refusal_not_an_error(client):
    response = client.get(f"/simulate?s={encode_link(ENDLESS)}")
    body = html_of(response)
    assert response.status_code == 200 and 'data-status="refused"' in body
    assert "已被停止" in body


def test_results_are_plain_json(client):
    data = api(client, example("choice_open_trigger_target_depends")).get_json()
    json.dumps(data)
    assert data["branches"] and all("ok" in b for b in data["branches"])


def test_a_short_link_to_a_huge_board_renders_a_bounded_page(client):
    """Thousands of tokens a step: the page draws boards only up to its budget."""
    tokens = _many("Create 500 1/1 green Saproling creature tokens.", 3, "many tokens")
    code = encode_link(tokens)
    assert len(code) < 400
    response = client.get(f"/simulate?s={code}")
    body = html_of(response)
    assert response.status_code == 200 and 'data-status="unchecked"' in body
    assert len(body) < 3_000_000
    assert "只画出前" in body  # the page says it stopped drawing boards
    data = api(client, tokens).get_json()
    drawn = [s for s in data["steps"] if s["board"]]
    assert sum(len(s["board"]["permanents"]) for s in drawn) <= 6000 + 600
