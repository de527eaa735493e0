"""The Tournament Rules and the Infraction Procedure Guide, checked against
their source texts: sections, paragraphs, infractions and their penalties,
Chinese names, references, and the refusal of texts that are not one."""

from __future__ import annotations

import json
import re

import pytest

from judgebot import corpus
from judgebot.ingest import judgeterms, policy
from judgebot.ingest.rulebook import SourceError
from judgebot.policynumbers import normalize, section_refs, sort_key

MTR_FILE = "policy/mtr-2026-02-27-en.txt"
IPG_FILE = "policy/ipg-2024-09-23-en.txt"
MTR = "mtg:mtr:2026-02-27:"
IPG = "mtg:ipg:2024-09-23:"


@pytest.fixture(scope="module")
def mtr(sources_dir):
    return policy.parse(sources_dir / MTR_FILE, MTR_FILE)


@pytest.fixture(scope="module")
def ipg(sources_dir):
    return policy.parse(sources_dir / IPG_FILE, IPG_FILE)


@pytest.fixture(scope="module")
def report():
    return json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))


def _figures(report, file):
    return next(d["figures"] for d in report["documents"] if d["file"] == file)


# --- the Tournament Rules --------------------------------------------------------------------

def test_the_tournament_rules_have_94_sections_and_947_paragraphs(mtr, report):
    sections = [s for s in mtr.sections if not re.fullmatch(r"\d+", s.key)]
    assert len(sections) == 94  # the introduction, 1.1–10.4 and appendices A–F
    assert sum(len(s.blocks) for s in mtr.sections) == 947
    figures = _figures(report, MTR_FILE)
    assert (figures["sections"], figures["paragraphs"], figures["chapters"],
            figures["appendices"]) == (94, 947, 10, 6)


def test_sections_run_from_1_1_to_10_4_then_appendices_a_to_f(mtr):
    keys = [s.key for s in mtr.sections]
    assert keys[:3] == ["introduction", "1", "1.1"]
    assert keys[-7:] == ["10.4", *[f"appendix-{c}" for c in "abcdef"]]
    assert keys == sorted(keys, key=sort_key)
    assert mtr.section("4.2").title == "Tournament Shortcuts"
    assert mtr.section("appendix-b").title == "Time Limits"


def test_numbered_items_are_not_mistaken_for_chapter_headings(mtr):
    """2.3 lists steps "1." to "7."; step "3." is not chapter 3."""
    steps = [b for b in mtr.section("2.3").blocks if b.kind == "item"]
    assert [b.text[:2] for b in steps] == [f"{n}." for n in range(1, 8)]
    assert mtr.section("3").title == "Tournament Rules"
    assert [s.key for s in mtr.sections if s.key.startswith("3.")][-1] == "3.16"


def test_each_block_keeps_its_kind_and_its_line(mtr, sources_dir):
    lines = (sources_dir / MTR_FILE).read_text(encoding="utf-8").split("\n")
    roles = mtr.section("1.3").blocks
    assert [b.kind for b in roles[1:7]] == ["bullet"] * 6
    assert roles[1].text == "Tournament Organizer"
    for section in mtr.sections:
        for block in section.blocks:
            assert block.text.split("\n")[0] in lines[block.line - 1]
    tables = [b for s in mtr.sections for b in s.blocks if b.kind == "table"]
    assert len(tables) == 6 and tables[0].text.count("\n") == 15  # 16 rows, one block


# --- the Infraction Procedure Guide ----------------------------------------------------------

def _appendix_a(sources_dir) -> dict[str, str]:
    """Appendix A read straight from the source: infraction → penalty."""
    text = (sources_dir / IPG_FILE).read_text(encoding="utf-8")
    block = text.split("Appendix A.", 1)[1].split("Appendix B.", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in block.splitlines()
            if line.startswith("|")]
    return {name.strip(): penalty.strip() for name, penalty in rows}


def test_the_guide_has_23_infractions_with_the_penalties_of_its_appendix_a(
        ipg, sources_dir, by_id, report):
    listed = _appendix_a(sources_dir)
    assert len(listed) == 23
    infractions = [r for r in by_id.values() if r.kind == "ipg" and r.penalty]
    assert len(infractions) == 23
    for rec in infractions:
        assert listed[rec.name["en"]] == rec.penalty["en"], rec.id
    figures = _figures(report, IPG_FILE)
    assert figures["infractions"] == figures["penalties as in appendix A"] == 23
    assert figures["penalty mismatches"] == []


def test_an_infraction_carries_its_parts(by_id):
    lec = by_id[IPG + "2.2"]
    assert (lec.category["en"], lec.name["en"], lec.penalty["en"]) == (
        "Game Play Error", "Looking at Extra Cards", "Warning")
    assert lec.definition["en"].startswith("A player takes an action that may have enabled")
    assert len(lec.examples["en"]) == 3
    assert lec.examples["en"][1] == "A player pulls up an extra card while drawing from their " \
                                    "library."
    assert lec.philosophy["en"].startswith("A player can accidentally look at extra cards")
    assert lec.remedy["en"].startswith("If the cards were in the library, shuffle")
    tardiness = by_id[IPG + "3.1"]
    assert tardiness.upgrade["en"][0].startswith("A player not in their seat 10 minutes")
    assert tardiness.downgrade["en"] == [
        "A player who arrives at their seat before 1 minute has elapsed in the round receives "
        "a Warning."]


def test_a_paragraph_after_an_upgrade_continues_it(by_id):
    deck = by_id[IPG + "3.5"]
    assert len(deck.upgrade["en"]) == 3
    assert "\nIn games after sideboarding" in deck.upgrade["en"][0]


def test_unsporting_conduct_minor_is_named_as_its_appendix_lists_it(by_id):
    assert by_id[IPG + "4.1"].name["en"] == "Unsporting Conduct — Minor"
    assert by_id[IPG + "4.8"].name["en"] == "Cheating"


def test_the_guide_has_36_headings(ipg):
    subheading = [b for s in ipg.sections for b in s.blocks
                  if b.text == "Framework of this Document"]
    assert len(ipg.sections) + len(subheading) == 36


# --- Chinese names -----------------------------------------------------------------------

def test_every_section_has_a_chinese_title_from_the_judge_terms(by_id):
    sections = [r for r in by_id.values() if r.kind in ("mtr", "ipg")]
    assert len(sections) == 104 + 35
    assert all(r.title.get("zh-Hans") for r in sections)
    assert by_id[MTR + "4.2"].title["zh-Hans"] == "比赛中的行事简化"
    assert by_id[IPG + "2.2"].title["zh-Hans"] == "游戏行动失误～额外看牌"


def test_infraction_names_categories_and_penalties_are_named_in_chinese(by_id):
    for rec in (r for r in by_id.values() if r.kind == "ipg" and r.penalty):
        assert rec.name["zh-Hans"] and rec.category["zh-Hans"] and rec.penalty["zh-Hans"]
    oa = by_id[IPG + "3.2"]
    assert (oa.name["zh-Hans"], oa.penalty["zh-Hans"]) == ("外来协助", "一局负")
    assert "场外协助" in oa.aliases["zh-Hans"]
    assert by_id[IPG + "4.1"].title["zh-Hans"] == "举止违背运动道德～轻微"


def test_a_chinese_name_is_traced_to_its_line_of_the_glossary(by_id, sources_dir):
    rec = by_id[IPG + "2.2"]
    spans = [s for s in rec.source if s.file == judgeterms.FILE]
    lines = (sources_dir / judgeterms.FILE).read_text(encoding="utf-8").split("\n")
    named = [lines[s.start - 1].split("\t")[2] for s in spans]
    assert named == ["额外看牌", "游戏行动失误", "警告"]


def test_a_glossary_name_that_no_longer_fits_its_section_is_not_applied(
        tmp_path, sources_dir, mtr):
    text = (sources_dir / judgeterms.FILE).read_text(encoding="utf-8")
    path = tmp_path / "terms.tsv"
    path.write_text(text.replace("mtr:4.2\tTournament Shortcuts", "mtr:4.2\tShortcuts Galore"),
                    encoding="utf-8")
    terms = judgeterms.parse(path, "terms.tsv")
    records, warnings = policy.records(mtr, terms)
    shortcuts = next(r for r in records if r.number == "4.2")
    assert "zh-Hans" not in shortcuts.title
    assert any("mtr:4.2" in w and "not applied" in w for w in warnings)


@pytest.mark.parametrize("line, message", [
    ("mtr:4.2.1\tX\t某", "not a section"),
    ("mtr:4.2\tTournament Shortcuts", "3 to 5"),
    ("mtr:4.2\tTournament Shortcuts\tshortcuts", "English and its Chinese"),
    ("doc:xyz\tX\t某", "unknown document"),
])
def test_a_malformed_glossary_line_stops_the_build_named(tmp_path, line, message):
    path = tmp_path / "terms.tsv"
    path.write_text("# header\n" + line + "\n", encoding="utf-8")
    with pytest.raises(SourceError, match=message) as err:
        judgeterms.parse(path, "terms.tsv")
    assert err.value.line == 2


# --- references --------------------------------------------------------------------------

def test_references_between_the_documents_and_into_the_rules(by_id, store):
    current_cr = store.current_edition("mtg")
    assert f"mtg:cr:{current_cr}:103.4" in by_id[MTR + "2.3"].refs
    assert MTR + "4.3" in by_id[IPG + "2.1"].refs  # "(MTR section 4.3)"
    assert IPG + "3.1" in by_id[IPG + "1.2"].refs  # "Tardiness (3.1)"
    assert IPG + "2.3" in by_id[IPG + "2.2"].refs  # "the infraction is Hidden Card Error"
    assert MTR + "5.2" in by_id[IPG + "4.4"].refs  # "section 5.2 of the Magic Tournament Rules"
    assert IPG + "introduction" in by_id[MTR + "5.1"].refs  # "the Infraction Procedure Guide"
    # both ways through the store
    assert IPG + "2.1" in store.cited_by(MTR + "4.3")
    assert MTR + "2.3" in store.cited_by(f"mtg:cr:{current_cr}:103.4")


def test_sections_on_the_same_matter_see_each_other(by_id):
    for mtr_key, ipg_key in (("5.5", "3.3"), ("5.6", "3.2"), ("5.1", "4.8"), ("5.2", "4.4"),
                             ("5.3", "4.4"), ("3.12", "3.8"), ("5.4", "4")):
        assert IPG + ipg_key in by_id[MTR + mtr_key].see
        assert MTR + mtr_key in by_id[IPG + ipg_key].see


def test_appendix_a_refers_to_every_infraction(by_id):
    assert len([r for r in by_id[IPG + "appendix-a"].refs if r.startswith(IPG)]) == 23


def test_section_references_in_text():
    refs = section_refs("see section 2.2, sections 2-4, Tardiness (3.1), Appendix B, "
                        "MTR section 4.3 and section 5.2 of the Magic Tournament Rules", "ipg")
    assert [(r.doc, r.key) for r in refs] == [
        ("ipg", "2.2"), ("ipg", "2"), ("ipg", "3"), ("ipg", "4"), ("ipg", "3.1"),
        ("ipg", "appendix-b"), ("mtr", "4.3"), ("mtr", "5.2")]


@pytest.mark.parametrize("typed, key", [
    ("4.2", "4.2"), ("04.02", "4.2"), ("Appendix B", "appendix-b"), ("app. c", "appendix-c"),
    ("附录A", "appendix-a"), ("introduction", "introduction"), ("10", "10"),
    ("4.2.1", None), ("appendix", None), ("x" * 100, None)])
def test_section_keys_as_people_type_them(typed, key):
    assert normalize(typed) == key


# --- one file as `judgebot corpus add` reads it --------------------------------------------

def test_read_returns_the_records_and_names_the_edition_by_the_date_in_the_text(
        tmp_path, sources_dir):
    text = (sources_dir / MTR_FILE).read_text(encoding="utf-8")
    path = tmp_path / "mtr.txt"
    path.write_text(text.replace("Effective February 27, 2026", "Effective June 1st, 2027"),
                    encoding="utf-8")
    result = policy.read(path, "policy/mtr.txt")
    assert result.figures["edition"] == "2027-06-01"
    assert {r.id for r in result.records} >= {"mtg:mtr:2027-06-01:4.2",
                                              "mtg:mtr:2027-06-01:appendix-f"}
    assert result.figures["sections"] == 94


def _damaged(tmp_path, sources_dir, file, change) -> tuple:
    data = (sources_dir / file).read_bytes()
    path = tmp_path / "doc.txt"
    path.write_bytes(change(data))
    return path, "doc.txt"


@pytest.mark.parametrize("file, change, message", [
    (MTR_FILE, lambda d: d[: len(d) // 2], "no appendices"),
    (IPG_FILE, lambda d: d.replace(b"Effective September 23, 2024", b"Updated lately"),
     "Effective"),
    (IPG_FILE, lambda d: d.replace(b"Penalty: Warning\n\nDefinition\n\nA player takes an action",
                                   b"Definition\n\nA player takes an action"), "no 'Penalty:'"),
    (IPG_FILE, lambda d: d.split(b"Appendix A.")[0] + b"Appendix A. Penalty Quick Reference\n\n"
     b"Nothing here.\n", "quick reference"),
    (MTR_FILE, lambda d: d.replace(b"6. Constructed Tournament Rules\n", b""), "chapter heading"),
    ("en-cr/MagicCompRules_20191004.txt", lambda d: d, "not a Tournament Rules"),
    (MTR_FILE, lambda d: b"", "empty"),
    (MTR_FILE, lambda d: b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 100, "UTF-8"),
    (MTR_FILE, lambda d: d[:200] * 20_000, "too large"),
    (MTR_FILE, lambda d: d.replace(b"February 27", b"February 31"), "not a date"),
])
def test_a_text_that_is_not_a_tournament_document_is_refused_with_the_reason(
        tmp_path, sources_dir, file, change, message):
    path, name = _damaged(tmp_path, sources_dir, file, change)
    with pytest.raises(SourceError, match=message) as err:
        policy.read(path, name)
    assert name in str(err.value)


def test_an_appendix_a_that_disagrees_with_an_infraction_is_reported(tmp_path, sources_dir):
    path, name = _damaged(tmp_path, sources_dir, IPG_FILE, lambda d: d.replace(
        b"| Slow Play | Warning |", b"| Slow Play | Game Loss |"))
    result = policy.read(path, name)
    assert result.figures["penalty mismatches"] == [
        "3.3 Slow Play: Warning here, Game Loss in Appendix A (line 788)"]
    assert result.figures["penalties as in appendix A"] == 22
