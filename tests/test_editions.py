"""Every edition of the Comprehensive Rules: the newest is current everywhere,
each rule has a history, the Chinese says when the English it translates has
changed, and a new edition is added with one command."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from judgebot import cli, corpus
from judgebot.ingest import sources
from judgebot.store import open_store
from judgebot.web import create_app

NEWEST = "2026-09-25"
EDITIONS = ["2019-10-04", "2025-11-14", "2026-01-16", "2026-02-27", "2026-04-17", NEWEST]


@pytest.fixture(scope="module")
def client(search_service):
    app = create_app(search_service)
    app.config.update(TESTING=True)
    return app.test_client()


def test_the_newest_edition_is_current(store):
    assert corpus.current_cr() == store.current_edition("mtg") == NEWEST
    assert store.rule("702.19b").edition == NEWEST
    assert store.editions("mtg", "rule")[-len(EDITIONS):] == EDITIONS


def test_the_build_report_gives_every_edition_and_its_lineage():
    report = json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))
    figures = {d["document"]: d["figures"] for d in report["documents"]}
    counts = {e: figures[f"English CR {e}"]["rules"] for e in EDITIONS}
    assert counts == {"2019-10-04": 2527, "2025-11-14": 3264, "2026-01-16": 3269,
                      "2026-02-27": 3275, "2026-04-17": 3294, NEWEST: 3322}
    for before, edition in zip(EDITIONS, EDITIONS[1:], strict=False):
        pair = figures[f"English CR {edition}"]["lineage"][f"from {before}"]
        assert set(pair) <= {"unchanged", "changed", "moved", "new", "removed"}
        assert pair["unchanged"] + pair["changed"] + pair["new"] == counts[edition]


def test_the_rule_command_shows_the_newest_text(capsys):
    assert cli.main(["rule", "702.19b", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == NEWEST and data["id"] == f"mtg:cr:{NEWEST}:702.19b"


def test_the_history_api_lists_every_edition(client):
    data = client.get("/api/v1/rule/702.19b/history").get_json()
    assert [h["edition"] for h in data["history"]] == EDITIONS
    assert data["current"] == f"mtg:cr:{NEWEST}:702.19b"
    changed = data["history"][1]
    assert changed["event"] == "changed" and "<ins>" in changed["diff"]["html"]
    assert client.get("/api/v1/rule/999.99/history").status_code == 404


def test_the_history_of_a_renumbered_rule_says_where_it_was(client):
    data = client.get("/api/v1/rule/702.64a/history").get_json()
    moved = next(h for h in data["history"] if h["event"] == "moved")
    assert moved["edition"] == "2025-11-14" and moved["moved_from"] == "702.63a"


def test_the_rule_page_shows_the_history_as_a_timeline(client):
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    timeline = body.split('class="timeline"', 1)[1].split("</ol>", 1)[0]
    assert re.findall(r'class="when">([^<]+)<', timeline) == EDITIONS
    assert "event-changed" in timeline and "<ins>" in timeline


def test_the_edition_switcher_says_when_a_number_is_another_rule(client):
    # Absorb was 702.63 in 2019 and is 702.64 now.
    data = client.get("/api/v1/rule/702.64").get_json()
    by_edition = {e["edition"]: e for e in data["editions"]}
    assert by_edition["2019-10-04"]["relation"] == "moved"
    assert by_edition["2019-10-04"]["number"] == "702.63"
    # 702.19c (trample over planeswalkers) is new since 2019, when 702.19c said
    # what 702.19d says now.
    page = client.get("/mtg/cr/702.19c").get_data(as_text=True)
    tabs = page.split('class="tabs"', 1)[1].split("</nav>", 1)[0]
    old = re.search(r'<a href="/mtg/cr/2019-10-04/702.19c" class="([^"]+)"', tabs)
    assert old and old.group(1) == "rel-different"
    assert re.search(r'class="rel-same"[^>]*>2025-11-14<', tabs)


def test_the_chinese_view_says_at_the_top_that_the_english_changed(client):
    body = client.get("/mtg/cr/702.19b?view=zh").get_data(as_text=True)
    stale = body.split('class="stale"', 1)[1].split("</div>", 1)[0]
    assert "2019-10-04" in stale and "2025-11-14" in stale and "已修改" in stale
    assert "<del>" in stale or "<ins>" in stale
    assert body.index('class="stale"') < body.index('class="pair rule-text')
    unchanged = client.get("/mtg/cr/100.1a?view=zh").get_data(as_text=True)
    assert 'class="stale"' not in unchanged


# --- corpus add -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def built_without_newest(tmp_path_factory):
    """The shipped sources without the newest edition, and their corpus (built once)."""
    base = tmp_path_factory.mktemp("withheld")
    src = base / "sources"
    shutil.copytree(corpus.SOURCES_DIR, src)
    name = f"en-cr/MagicCompRules_{NEWEST.replace('-', '')}.txt"
    (src / name).unlink()
    manifest = src / sources.MANIFEST
    manifest.write_text("\n".join(
        line for line in manifest.read_text(encoding="utf-8").split("\n")
        if name not in line), encoding="utf-8")
    out = base / "corpus"
    assert cli.main(["corpus", "build", "--sources", str(src), "--out", str(out)]) == 0
    return src, out, corpus.SOURCES_DIR / name


@pytest.fixture
def withheld(built_without_newest, tmp_path):
    """A copy of that corpus and its sources for one test, and the withheld file."""
    src, out, new = built_without_newest
    shutil.copytree(src, tmp_path / "sources")
    shutil.copytree(out, tmp_path / "corpus")
    return tmp_path / "sources", tmp_path / "corpus", new, tmp_path / "data"


def test_adding_a_withheld_edition_makes_it_current(withheld, capsys):
    src, out, new, data = withheld
    capsys.readouterr()
    assert open_store(out, data).current_edition("mtg") == "2026-04-17"
    code = cli.main(["corpus", "add", str(new), "--sources", str(src), "--corpus", str(out),
                     "--data-dir", str(data), "--no-index", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["edition"] == NEWEST and report["current"]
    assert report["previous"] == "2026-04-17"
    assert report["counts"]["added"] > 10 and "701.69" in report["rules"]["added"]
    assert (src / report["file"]).read_bytes() == new.read_bytes()
    assert sources.checksums(src)[report["file"]] == sources.sha256(new)
    store = open_store(out, data)
    assert store.current_edition("mtg") == NEWEST
    assert store.rule("701.69").edition == NEWEST


@pytest.mark.parametrize("content", [
    b"",
    b"\x00\xff" * 500,
    b"Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of "
    b"September 25, 2026.\n\n1. Game Concepts\n",
    b"Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of "
    b"Smarch 40, 2026.\n",
])
def test_a_file_that_does_not_parse_is_refused_and_nothing_changes(withheld, tmp_path,
                                                                   capsys, content):
    src, out, _, data = withheld
    before = {p.name: p.read_bytes() for p in out.glob("*") if p.is_file()}
    manifest = (src / sources.MANIFEST).read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    code = cli.main(["corpus", "add", str(bad), "--sources", str(src), "--corpus", str(out),
                     "--data-dir", str(data), "--no-index"])
    err = capsys.readouterr().err
    assert code == 1 and "refused" in err and "nothing was changed" in err
    assert {p.name: p.read_bytes() for p in out.glob("*") if p.is_file()} == before
    assert (src / sources.MANIFEST).read_bytes() == manifest
    assert sorted(p.name for p in (src / "en-cr").iterdir()) == sorted(
        p.name for p in (corpus.SOURCES_DIR / "en-cr").iterdir() if NEWEST.replace("-", "")
        not in p.name)


def test_an_edition_already_present_is_refused(tmp_path, capsys):
    src = tmp_path / "sources"
    shutil.copytree(corpus.SOURCES_DIR, src)
    path = corpus.SOURCES_DIR / "en-cr" / "MagicCompRules_20251114.txt"
    assert cli.main(["corpus", "add", str(path), "--sources", str(src), "--corpus",
                     str(tmp_path / "corpus"), "--no-index"]) == 1
    assert "already in the corpus" in capsys.readouterr().err
    assert not (tmp_path / "corpus").exists()


# --- corpus add: a tournament document -----------------------------------------------------

MTR_FILE = "policy/mtr-2026-02-27-en.txt"


@pytest.fixture
def shipped(tmp_path):
    """A copy of the shipped sources and corpus."""
    shutil.copytree(corpus.SOURCES_DIR, tmp_path / "sources")
    shutil.copytree(corpus.CORPUS_DIR, tmp_path / "corpus")
    return tmp_path / "sources", tmp_path / "corpus", tmp_path / "data"


def test_a_newer_tournament_rules_becomes_current_and_its_changes_are_named(
        shipped, tmp_path, capsys, store):
    src, out, data = shipped
    paragraph = store.get("mtg:mtr:2026-02-27:4.2").paragraphs[0]["text"]
    shorter = paragraph.split(". ")[0] + "."
    assert shorter != paragraph
    text = (src / MTR_FILE).read_text(encoding="utf-8")
    new = tmp_path / "mtr-next.txt"
    new.write_text(text.replace("Effective February 27, 2026", "Effective March 5, 2027", 1)
                   .replace(paragraph, shorter, 1), encoding="utf-8")
    capsys.readouterr()
    code = cli.main(["corpus", "add", str(new), "--sources", str(src), "--corpus", str(out),
                     "--data-dir", str(data), "--no-index", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["file"] == "policy/mtr-2027-03-05-en.txt"
    assert report["edition"] == "2027-03-05" and report["current"]
    assert report["previous"] == "2026-02-27"
    assert report["rules"]["changed"] == ["4.2"]
    assert report["counts"]["added"] == report["counts"]["removed"] == 0
    assert sources.checksums(src)[report["file"]] == sources.sha256(new)
    added = open_store(out, data)
    assert added.current_edition("mtg", "mtr") == "2027-03-05"
    assert added.get("mtg:mtr:2027-03-05:4.2").paragraphs[0]["text"] == shorter


@pytest.mark.parametrize("change, reason", [
    (lambda t: t, "already in the corpus"),
    (lambda t: t.replace("Effective February 27, 2026", "Effective March 5, 2027", 1)
     .split("\n3. ")[0], "sections found|no appendices|chapter"),
    (lambda t: "Magic: The Gathering Tournament Rules\nEffective March 5, 2027\n\nNothing.\n",
     "no numbered chapters"),
])
def test_a_tournament_document_that_is_refused_changes_nothing(shipped, tmp_path, capsys,
                                                               change, reason):
    src, out, data = shipped
    manifest = (src / sources.MANIFEST).read_bytes()
    before = sorted(p.name for p in (src / "policy").iterdir())
    bad = tmp_path / "mtr.txt"
    bad.write_text(change((src / MTR_FILE).read_text(encoding="utf-8")), encoding="utf-8")
    code = cli.main(["corpus", "add", str(bad), "--sources", str(src), "--corpus", str(out),
                     "--data-dir", str(data), "--no-index"])
    err = capsys.readouterr().err
    assert code == 1 and "nothing was changed" in err and re.search(reason, err)
    assert (src / sources.MANIFEST).read_bytes() == manifest
    assert sorted(p.name for p in (src / "policy").iterdir()) == before
