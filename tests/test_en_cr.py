"""The English Comprehensive Rules parser, checked against counts and known texts."""

from __future__ import annotations

import pytest

from judgebot.ingest import en_cr
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import level_of, parent_number, sort_key

FILES = {
    "2019": "en-cr/MagicCompRules_20191004.txt",
    "2025": "en-cr/MagicCompRules_20251114.txt",
}


@pytest.fixture(scope="module")
def cr(sources_dir):
    return {key: en_cr.parse(sources_dir / name, name) for key, name in FILES.items()}


def _counts(parsed):
    counts = {}
    for r in parsed.rules:
        counts[level_of(r.number)] = counts.get(level_of(r.number), 0) + 1
    return counts


def test_2019_counts(cr):
    assert _counts(cr["2019"]) == {"chapter": 9, "section": 132, "rule": 965, "subrule": 1421}
    assert len(cr["2019"].glossary) == 562
    assert sum(len(r.examples) for r in cr["2019"].rules) == 248


def test_2025_counts(cr):
    assert _counts(cr["2025"]) == {"chapter": 9, "section": 146, "rule": 1155, "subrule": 1954}
    assert len(cr["2025"].glossary) == 725


def test_effective_dates(cr):
    assert cr["2019"].effective == "October 4, 2019"
    assert cr["2025"].effective == "November 14, 2025"


def test_first_and_last_rules(cr):
    rules = cr["2019"].rules
    assert (rules[0].number, rules[0].text) == ("1", "Game Concepts")
    assert rules[1].number == "100"
    assert rules[2].text.startswith("These Magic rules apply to any Magic game")
    assert rules[-1].number == "905.6"
    assert cr["2025"].rules[-1].number == "905.6"


def test_known_subrule_text(cr):
    rule = next(r for r in cr["2019"].rules if r.number == "702.19b")
    assert rule.text.startswith("The controller of an attacking creature with trample")
    assert rule.start == 3360 and rule.examples


def test_examples_attach_to_their_rule(cr):
    rule = next(r for r in cr["2019"].rules if r.number == "101.2")
    assert rule.examples and rule.examples[0].startswith("If one effect reads")


def test_indented_continuations_join_their_rule(cr):
    rule = next(r for r in cr["2019"].rules if r.number == "205.3i")
    assert "\n" in rule.text and "basic land types" in rule.text


def test_rules_are_in_document_order(cr):
    for parsed in cr.values():
        keys = [sort_key(r.number) for r in parsed.rules]
        assert keys == sorted(keys)


def test_printing_slips_are_flagged_not_lost(cr):
    slips = {r.number for r in cr["2025"].rules if "number-punctuation" in r.flags}
    assert slips == {"119.1d", "606.5"}


def test_glossary_entries(cr):
    first, last = cr["2019"].glossary[0], cr["2019"].glossary[-1]
    assert first.term == "Abandon" and "See rule 701.25" in first.definition
    assert last.term == "Zone-Change Triggers"
    ability = next(t for t in cr["2019"].glossary if t.term == "Ability")
    assert ability.definition.count("\n") == 2


def test_rule_number_helpers():
    assert [level_of(n) for n in ("7", "702", "702.19", "702.19b")] == [
        "chapter", "section", "rule", "subrule"]
    assert [parent_number(n) for n in ("702.19b", "702.19", "702", "7")] == [
        "702.19", "702", "7", None]
    assert sort_key("702.9") < sort_key("702.10") < sort_key("702.10a")
    assert sort_key("7") < sort_key("700") < sort_key("799.9") < sort_key("8")


def test_missing_file_is_named(tmp_path):
    with pytest.raises(SourceError, match="missing") as err:
        en_cr.parse(tmp_path / "nope.txt", "en-cr/nope.txt")
    assert err.value.file == "en-cr/nope.txt"


def test_truncated_file_is_named(tmp_path, sources_dir):
    text = (sources_dir / FILES["2019"]).read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(SourceError, match="truncated") as err:
        en_cr.parse(cut, "en-cr/cut.txt")
    assert err.value.file == "en-cr/cut.txt"


def test_invalid_utf8_names_the_line(tmp_path, sources_dir):
    raw = (sources_dir / FILES["2019"]).read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(raw[:500] + b"\xff\xfe" + raw[500:])
    with pytest.raises(SourceError, match="UTF-8") as err:
        en_cr.parse(bad, "en-cr/bad.txt")
    assert err.value.line == raw[:500].count(b"\n") + 1
