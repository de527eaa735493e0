"""The Force of Will rules in English, checked against their sources: 6.3
line by line and aligned to the Chinese 6.0 by number, 12.7 unwrapped from
its pages and descending from 6.3, the current edition with the Chinese of
6.0 beside it."""

from __future__ import annotations

import json
import re

import pytest

from judgebot import corpus
from judgebot.ingest import fow_en
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import parent_number

V63, V127, V60 = "fow:cr:6.3:", "fow:cr:12.7:", "fow:cr:6.0:"
DOTTED = re.compile(r"^\d{3,4}\.\d")


@pytest.fixture(scope="module")
def parsed_63(sources_dir):
    return fow_en.parse(sources_dir / fow_en.FILE_63, fow_en.FILE_63)


@pytest.fixture(scope="module")
def parsed_127(sources_dir):
    return fow_en.parse(sources_dir / fow_en.FILE_127, fow_en.FILE_127)


@pytest.fixture(scope="module")
def report():
    return json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))


def _figures(report, file):
    return next(d["figures"] for d in report["documents"] if d["file"] == file)


def _source_lines(sources_dir, name):
    """The file's lines as its line numbers count them (6.3 ends lines in \\r\\r\\n)."""
    text = (sources_dir / name).read_bytes().decode("utf-8-sig")
    return [ln.rstrip("\r").lstrip("\x0c") for ln in text.split("\n")]


# --- 6.3 -----------------------------------------------------------------------------------

def test_6_3_is_read_rule_by_rule(parsed_63, sources_dir, report):
    assert (parsed_63.version, parsed_63.effective) == ("6.3", "2017-03-03")
    lines = _source_lines(sources_dir, fow_en.FILE_63)
    numbered = [ln for ln in lines[166:] if DOTTED.match(ln)]  # the rules after the contents
    assert len([r for r in parsed_63.rules if "." in r.number]) == len(numbered) == 649
    figures = _figures(report, fow_en.FILE_63)
    assert figures["rules"] == 812
    assert figures["by level"] == {"chapter": 14, "section": 149, "rule": 419, "subrule": 230}


def test_6_3_line_numbers_count_its_double_carriage_returns_once(parsed_63, sources_dir):
    lines = _source_lines(sources_dir, fow_en.FILE_63)
    rule = next(r for r in parsed_63.rules if r.number == "1415.1a-ii")
    assert lines[rule.start - 1].startswith("1415.1a-ii.")


def test_examples_inside_a_rule_line_are_its_examples(parsed_63):
    rule = next(r for r in parsed_63.rules if r.number == "202.3a")
    assert rule.text.endswith("it refers a card with that word(s).")
    assert len(rule.examples) == 2 and rule.examples[1].startswith("If something says")


# --- 12.7 ----------------------------------------------------------------------------------

def test_12_7_has_every_numbered_line_of_its_pages(parsed_127, sources_dir, report):
    assert (parsed_127.version, parsed_127.effective) == ("12.7", "2025-09-18")
    lines = _source_lines(sources_dir, fow_en.FILE_127)
    end = lines.index("CR Updates:")
    numbered = [ln for ln in lines[:end] if DOTTED.match(ln)]
    # a number that a wrapped sentence put at the start of a line ("903.2i and then …",
    # "803.5), you may …") goes on in lower case or a bracket
    wrapped = [ln for ln in numbered if re.match(r"^[\d.a-z-]+?[.)]?,?\s+[a-z]|^[\d.]+\)", ln)]
    rules = [r for r in parsed_127.rules if "." in r.number]
    assert len(numbered) == 1462 and len(wrapped) == 5
    assert len(rules) == len(numbered) - len(wrapped) == 1457
    figures = _figures(report, fow_en.FILE_127)
    assert figures["rules"] == 1741 and figures["numbered lines (rules and subrules)"] == 1457
    assert figures["by level"] == {"chapter": 14, "section": 270, "rule": 876, "subrule": 581}
    assert figures["page numbers removed"] == 118


@pytest.fixture(scope="module")
def rules_127(parsed_127):
    return {r.number: r for r in parsed_127.rules}


def test_a_rule_runs_on_over_its_wrapped_lines(rules_127):
    assert rules_127["104.2"].text.endswith("you can choose X, Y or Z = 0.")
    assert "\n" not in rules_127["104.2"].text


def test_a_rule_runs_on_across_a_page_break(rules_127):
    """104.9 breaks between pages 5 and 6, mid-sentence."""
    assert "cost increase, and cost reduction whose conditions are fulfilled" in \
        rules_127["104.9"].text


def test_a_heading_split_from_its_title_is_joined(rules_127):
    assert rules_127["707"].title == "Play an Activate Ability"
    assert rules_127["2"].title == "Characteristics of Cards"


def test_a_number_wrapped_to_the_start_of_a_line_stays_text(rules_127):
    assert "it would deal 1000 damage, not 2000." in rules_127["910.2c-1"].examples[0]
    assert rules_127["903.2j-1"].text.endswith("multiples of 100.")
    assert "2000" not in rules_127 and "20" not in rules_127


def test_numbered_sub_subrules_belong_to_their_subrule(rules_127):
    assert parent_number("705.3a-1") == "705.3a"
    assert rules_127["705.3a-1"].text.startswith("If via a judgment process")


def test_examples_are_kept_apart(rules_127):
    assert rules_127["104.7"].examples[0].startswith('The condition of "if this card has two')
    assert len(rules_127["104.7"].examples) == 2


def test_the_contents_and_the_update_log_are_not_rules(parsed_127):
    assert len(parsed_127.listed) == 269
    assert any("CR Updates:" in s for s in parsed_127.skipped)
    assert [w for w in parsed_127.warnings if "contents list" in w] == [
        f"{fow_en.FILE_127}:1: the contents list 453, which the rules do not have"]


@pytest.mark.parametrize("change, message", [
    (lambda t: t.split("1400. Old Rules and Wordings\n1401.")[0], "truncated"),
    (lambda t: t.replace("ver. 12.7", "ver. twelve"), "title"),
    (lambda t: t.replace("Effective: Sep 18th, 2025", "Effective soon"), "Effective"),
    (lambda t: "", "title"),
])
def test_a_damaged_text_is_refused_with_the_reason(tmp_path, sources_dir, change, message):
    text = (sources_dir / fow_en.FILE_127).read_text(encoding="utf-8")
    path = tmp_path / "fow.txt"
    path.write_text(change(text), encoding="utf-8")
    with pytest.raises(SourceError, match=message):
        fow_en.parse(path, "fow.txt")


# --- across the editions --------------------------------------------------------------------

def test_6_3_is_aligned_to_the_chinese_6_0_by_number(by_id, report):
    assert by_id[V63 + "1102.1"].lineage["translated"] == V60 + "1102.1"
    figures = _figures(report, fow_en.FILE_63)["aligned to 6.0"]
    assert figures["pairs"] + figures["6.3 only"] == 812
    assert figures["pairs"] + figures["6.0 only"] == 739
    flagged = [r for r in by_id.values() if r.id.startswith(V63) and any(
        f.startswith("zh-") and f != "zh-missing" for f in r.flags)]
    assert len(flagged) == figures["pairs that differ"] > 0


def test_rules_of_one_edition_only_are_flagged(by_id):
    assert "zh-missing" in by_id[V63 + "1125"].flags  # [Judgment], new in 6.3
    only_zh = [r for r in by_id.values() if r.id.startswith(V60) and "not-in-6.3" in r.flags]
    assert only_zh and all(V63 + r.number not in by_id for r in only_zh)


def test_a_difference_between_6_3_and_6_0_is_flagged(by_id):
    """1108.2 cites the astral counter rule (1010.1a) in English, not in Chinese."""
    assert "zh-refs-differ" in by_id[V63 + "1108.2"].flags


def test_12_7_descends_from_6_3_and_carries_the_chinese_of_6_0(by_id, store, report):
    pierce = by_id[V127 + "1103.1"]
    assert pierce.lineage["ancestor"] == V63 + "1102.1"
    assert pierce.lineage["moved_from"] == "1102.1" and pierce.lineage["translated"] == V60 + \
        "1102.1"
    assert store.translation_of(pierce).id == V60 + "1102.1"
    assert store.text(pierce, "zh").text.startswith("具有【贯穿】")
    assert store.lineage(V60 + "1102.1")["current"] == V127 + "1103.1"
    figures = _figures(report, fow_en.FILE_127)
    descent = figures["lineage from 6.3"]
    assert descent["changed"] + descent["unchanged"] + descent["new"] == 1741
    assert descent["sections linked by their title"] > 0
    assert figures["Chinese of 6.0 carried"] == sum(
        1 for r in by_id.values() if r.id.startswith(V127) and "translated" in r.lineage)


def test_a_section_of_a_common_word_is_followed_by_its_title(by_id):
    """12.7 inserted 201 Card images: 6.3's 202 Name is 12.7's 203."""
    name = by_id[V127 + "203"]
    assert name.lineage["ancestor"] == V63 + "202" and name.lineage["translated"] == V60 + "202"


def test_12_7_is_the_current_force_of_will_rules(store):
    assert store.current_edition("fow") == "12.7"
    assert store.rule("1102.1", game="fow").id == V127 + "1102.1"


def test_the_keywords_of_6_0_are_named_in_english_too(by_id):
    assert by_id["fow:glossary:6.0:貫穿"].term["en"] == "Pierce"


def test_a_keyword_in_either_language_finds_its_entry_and_its_current_rule(search_service):
    for q in ("貫穿", "pierce"):
        found = [h.id for h in search_service.search(q).hits[:3]]
        assert found[:2] == ["fow:glossary:6.0:貫穿", V127 + "1103"], q


def test_chinese_searches_reach_the_current_rules_through_6_0(search_service):
    hit = search_service.search("待機區").hits[0]
    assert hit.id == V127 + "310" and "待机区" in hit.snippets.get("zh", "")
