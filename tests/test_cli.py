"""The `judgebot` command: data as JSON, clear messages and exit codes for bad input."""

from __future__ import annotations

import json

import pytest

from judgebot import cli
from judgebot.corpus import current_cr
from judgebot.search import cli as search_cli


@pytest.fixture
def run(search_service, monkeypatch, capsys):
    monkeypatch.setattr(search_cli, "_service", lambda: search_service)

    def _run(*argv: str) -> tuple[int, str, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return _run


def test_search_prints_ranked_results(run):
    code, out, _ = run("search", "trample")
    assert code == 0
    assert "1. Trample" in out and "702.19" in out


def test_search_json(run):
    code, out, _ = run("search", "--json", "践踏")
    data = json.loads(out)
    assert code == 0 and data["hits"][0]["id"] == f"mtg:glossary:{current_cr()}:trample"


def test_search_with_an_unknown_filter_is_refused(run):
    code, _, err = run("search", "--kind", "spaceship", "trample")
    assert code == 2 and "unknown kind" in err


def test_search_with_a_bad_page_is_refused(run):
    code, _, err = run("search", "--page", "0", "trample")
    assert code == 2 and "page" in err


def test_rule_shows_both_languages(run):
    code, out, _ = run("rule", "702.19b")
    assert code == 0
    assert "[en] 702.19b" in out and "具有践踏" in out


def test_rule_json(run):
    code, out, _ = run("rule", "--json", "cr 704.5a")
    data = json.loads(out)
    assert code == 0 and data["id"] == f"mtg:cr:{current_cr()}:704.5a"
    assert data["breadcrumb"] == ["7", "704", "704.5", "704.5a"]


def test_unknown_rule_suggests_neighbours(run):
    code, _, err = run("rule", "702.19z")
    assert code == 1 and "no rule 702.19z" in err and "702.19" in err


@pytest.mark.parametrize("arg", ["trample", "", "<script>", "７０２．１９ｂ ｘ"])
def test_malformed_rule_number_is_refused(run, arg):
    code, _, err = run("rule", arg)
    assert code == 2 and "not a rule number" in err


def test_glossary_term_in_any_language(run):
    for term in ("trample", "踐踏", "jianta", "tramble"):
        code, out, _ = run("glossary", term)
        assert code == 0 and "Trample" in out, term


def test_glossary_unknown_term_suggests(run):
    code, _, err = run("glossary", "xyzzyplugh")
    assert code == 1 and "no glossary term" in err


def test_glossary_list_json(run):
    code, out, _ = run("glossary", "--json")
    assert code == 0 and len(json.loads(out)) == 741  # the 2026-09-25 glossary


def test_glossary_unknown_game(run):
    code, _, err = run("glossary", "--game", "chess")
    assert code == 2 and "no glossary" in err


def test_ask_json(run, search_service, monkeypatch):
    from judgebot.judge import service as judge_service
    from judgebot.search import service as search_module

    monkeypatch.setattr(search_module, "SearchService", lambda **kw: search_service)
    code, out, _ = run("ask", "--json", "does", "trample", "work", "with", "deathtouch?")
    data = json.loads(out)
    assert code == 0 and data["rules"]
    assert judge_service.Judge  # the command goes through the judge


def test_unknown_command_is_a_usage_error(run):
    with pytest.raises(SystemExit) as exc:
        run("frobnicate")
    assert exc.value.code == 2
