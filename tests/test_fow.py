"""The Force of Will Comprehensive Rules 6.0 (seed 001), checked against the source."""

from __future__ import annotations

import re

import pytest

from judgebot.ingest import fow
from judgebot.ingest.context import BuildContext
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import level_of, parent_number, sort_key

PREFIX = "fow:cr:6.0:"


@pytest.fixture(scope="module")
def parsed(sources_dir):
    return fow.parse(sources_dir / fow.FILE, fow.FILE)


@pytest.fixture(scope="module")
def result(sources_dir):
    [res] = fow.ingest(BuildContext(sources_dir))
    return res


@pytest.fixture(scope="module")
def rules(result):
    return {r.number: r for r in result.records if r.kind == "rule"}


@pytest.fixture(scope="module")
def glossary(result):
    return {r.slug: r for r in result.records if r.kind == "glossary"}


def _numbered(rules, chapter):
    return [r for r in rules.values()
            if r.level in ("rule", "subrule") and r.number.split(".")[0][:-2] == chapter]


# --- rule numbers --------------------------------------------------------------------------

def test_fow_chapters_have_two_digits_and_sections_four():
    assert level_of("11") == "chapter"
    assert level_of("1102") == "section"
    assert parent_number("1102") == "11"
    assert parent_number("1102.1") == "1102"


def test_roman_numeral_subrules_belong_to_their_subrule():
    assert level_of("903.2e-iv") == "subrule"
    assert parent_number("903.2e-iv") == "903.2e"
    numbers = ["903.2f", "903.2e-v", "903.2e", "903.2e-iv", "903.2e-i", "903.2d", "11", "1101"]
    assert sorted(numbers, key=sort_key) == [
        "903.2d", "903.2e", "903.2e-i", "903.2e-iv", "903.2e-v", "903.2f", "11", "1101"]


def test_mtg_numbers_keep_their_meaning():
    assert [level_of(n) for n in ("7", "702", "702.19", "702.19b")] == [
        "chapter", "section", "rule", "subrule"]
    assert parent_number("702") == "7" and parent_number("702.19b") == "702.19"
    assert sort_key("702.9") < sort_key("702.10") < sort_key("703")


# --- document structure ----------------------------------------------------------------------

def test_title_version_and_effective_date(parsed):
    assert (parsed.version, parsed.effective) == ("6.0", "2016-09-09")


def test_headings_are_the_sections_of_the_contents(rules):
    chapters = [r for r in rules.values() if r.level == "chapter"]
    sections = [r for r in rules.values() if r.level == "section"]
    assert [c.number for c in chapters] == [str(n) for n in range(1, 15)]
    assert len(sections) == 141
    assert rules["11"].title["zh-Hant"] == "關鍵字異能"
    assert rules["1102"].parent == PREFIX + "11"
    assert rules["912"].title["zh-Hant"] == "來源"  # printed "912 來源" without a period


def test_rule_counts_per_chapter(rules):
    counts = {c: len(_numbered(rules, c)) for c in map(str, range(1, 15))}
    assert counts == {"1": 21, "2": 46, "3": 54, "4": 13, "5": 25, "6": 25, "7": 40,
                      "8": 39, "9": 89, "10": 69, "11": 78, "12": 6, "13": 29, "14": 50}
    levels = [r.level for r in rules.values()]
    assert (levels.count("rule"), levels.count("subrule")) == (387, 197)


@pytest.mark.parametrize(
    ("chapter", "first", "last"),
    [
        ("1", ("101.1", "此文檔為 Force of Will 中文詳細規則書。"), "105.4b"),
        ("9", ("901.1", "卡牌上讓你執行某些動作的語句是異能。"), "912.2"),
        ("11", ("1101.1", "關鍵字異能是卡牌上用符號標誌表示的異能"), "1124.2b"),
        ("14", ("1401.1", "本項目為從愛麗絲系列開始往前推算的舊系列卡牌"), "1415.2"),
    ],
)
def test_first_and_last_rule_of_a_chapter(rules, chapter, first, last):
    numbered = sorted(_numbered(rules, chapter), key=lambda r: sort_key(r.number))
    assert numbered[0].number == first[0]
    assert numbered[0].text["zh-Hant"].startswith(first[1])
    assert numbered[-1].number == last


def test_roman_numeral_subrules_are_children_in_order(rules):
    assert rules["903.2e"].children == [PREFIX + f"903.2e-{n}" for n in
                                        ("i", "ii", "iii", "iv", "v")]
    assert rules["1415.1d-iii"].parent == PREFIX + "1415.1d"


def test_rules_printed_with_a_section_number_are_renumbered_and_flagged(rules):
    assert rules["1102.3"].text["zh-Hant"] == "擁有 2 個或更多的【貫穿】不會疊加計算。"
    assert rules["1102.4"].text["zh-Hant"] == "【貫穿】造成的傷害是戰鬥傷害。"
    assert "misnumbered" in rules["1102.3"].flags
    assert rules["1103"].title["zh-Hant"] == "【襲擊】"


# --- conversion damage -----------------------------------------------------------------------

def test_no_markup_is_left_in_the_text(result):
    for rec in result.records:
        texts = [*getattr(rec, "text", {}).values(), *getattr(rec, "definition", {}).values()]
        for text in texts:
            assert "**" not in text and "\t" not in text, rec.id
            assert not re.search(r"</?(p|ol|ul|li)\b", text), rec.id
            assert not text.startswith(("- ", "▪")), rec.id


def test_bold_and_bullets_are_removed(rules):
    assert rules["307.1"].text["zh-Hant"] == "玩家放置其裁決者、生物、附加、王器和魔石的區域。"
    assert rules["903.3"].text["zh-Hant"] == "卡牌或異能結算時遵循下列規則："
    assert rules["706"].title["zh-Hant"] == "放置卡牌至待機區"


def test_a_sentence_broken_across_lines_is_joined(rules):
    text = rules["203.4"].text["zh-Hant"]
    assert "無屬性費用在費用右側" in text and "\n" not in text
    assert rules["203.4"].source[0].start == 243 and rules["203.4"].source[0].end == 245


def test_a_separate_paragraph_stays_a_paragraph(rules):
    assert rules["403.4"].text["zh-Hant"].endswith("至手中。\n先手玩家必須先選擇需要重調的手牌。")
    assert rules["804.6"].text["zh-Hant"].endswith(
        "\n(附註：被攻擊中的裁決者/生物，不能宣告進行阻擋。)")


def test_html_tables_become_readable_lines(rules):
    priority = rules["601.1"].text["zh-Hant"].split("\n")
    assert priority[2] == ("處理觸發異能 | 選擇並施放已觸發的觸發異能。 | "
                           "選擇 1 個觸發異能之後，重頭執行優先權處理。"
                           "重複直到所有觸發異能被選擇。")
    assert priority[4].startswith("結束優先權處理 | ▪如果雙方玩家連續讓過優先權")
    assert "(1) 類型 (2) 卡片名稱" in rules["2"].text["zh-Hant"]
    assert rules["2"].title["zh-Hant"] == "卡牌說明"


def test_lost_card_icons_are_flagged(rules):
    assert "symbols-lost" in rules["907.5"].flags
    assert "♠" in rules["905.3"].text["zh-Hant"]  # printed as the LaTeX name \spadesuit
    assert "symbols-lost" not in rules["907.4"].flags


def test_slips_of_the_source_are_warned_about(result):
    warnings = "\n".join(result.warnings)
    assert ":585: numbering gap: 708.2b follows 708.2" in warnings
    assert ":1011: rule printed as 1103. inside section 1102; read as 1102.3" in warnings
    assert ":1094: 1115.1 names 【潛伏】 in the section of 【追憶】" in warnings


def test_contents_and_update_log_are_skipped_with_reasons(parsed):
    assert any(":7-168: table of contents (155 sections" in s for s in parsed.skipped)
    assert any("update log" in s for s in parsed.skipped)


# --- examples, scripts, references -----------------------------------------------------------

def test_examples_attach_to_their_rule(rules):
    assert rules["1007.3a"].examples["zh-Hant"] == [
        "你目前有 3 張手牌，有一張卡片效果“目標玩家每有 1 張手牌，就對目標玩家造成 100 點傷害”，"
        "並對你施放，那 300 點的傷害將一次性地從你的生命值扣除，"
        "並不會 100 點、100 點、100 點分開扣除。"]
    assert len(rules["909.4"].examples["zh-Hant"]) == 2
    assert sum(len(r.examples.get("zh-Hant", [])) for r in rules.values()) == 11


def test_text_is_kept_traditional_with_a_simplified_form(rules):
    rule = rules["1102.1"]
    assert rule.text["zh-Hant"] == ("具有【貫穿】這項靜止異能的卡牌，"
                                    "在計算戰鬥傷害的處理上有所變更。")
    assert rule.text["zh-Hans"] == ("具有【贯穿】这项静止异能的卡牌，"
                                    "在计算战斗伤害的处理上有所变更。")
    assert rules["1007.3a"].examples["zh-Hans"][0].startswith("你目前有 3 张手牌")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("卡牌若具有【瞬動】異能(1111)，為了明顯標註", ["1111"]),
        ("部分具有【啟動條件】的牌擁有觸發異能（906）。", ["906"]),
        ("更多細節請查閱【800 戰鬥】。", ["8"]),
        ("雙面牌的相關規則請參照【1302. 雙面牌】。", ["1302"]),
        ("產生一次性效應的異能。(1415.1d.)", ["1415.1d"]),
        ("請參照先攻戰鬥結算步驟(805)和普通戰鬥結算步驟(806)。", ["805", "806"]),
        ("參見 1102；詳見規則 903.2e-iv。", ["1102", "903.2e-iv"]),
        ("(1) 類型 (2) 卡片名稱，4000 點生命值", []),
    ],
)
def test_reference_forms(text, expected):
    assert fow.find_refs(text) == expected


def test_cross_references_link_to_rules_of_the_edition(rules):
    assert rules["203.6"].refs == [PREFIX + "1111"]
    assert rules["704.1"].refs == [PREFIX + "8"]
    assert rules["1104.3"].refs == [PREFIX + "805", PREFIX + "806"]
    ids = {r.id for r in rules.values()}
    cited = [t for r in rules.values() for t in r.refs]
    assert len(cited) == 15 and all(t in ids for t in cited)


# --- glossary --------------------------------------------------------------------------------

def test_basic_terms_of_105_are_glossary_entries(glossary):
    basic = {s: g for s, g in glossary.items() if g.rules[0].startswith(PREFIX + "105.")}
    assert sorted(basic) == sorted(["玩家", "擁有者", "操控權及操控者", "生命值"])
    entry = basic["操控權及操控者"]
    assert entry.id == "fow:glossary:6.0:操控權及操控者"
    assert entry.term == {"zh-Hant": "操控權及操控者", "zh-Hans": "操控权及操控者"}
    assert entry.definition["zh-Hant"].startswith(
        "遊戲中，每張牌、每個異能以及效應都是由某位玩家操控的。")
    assert "\n105.3a 某張牌的操控者是其擁有者。" in entry.definition["zh-Hant"]
    assert entry.rules == [PREFIX + "105.3"]


def test_keyword_abilities_of_chapter_11_are_glossary_entries(glossary):
    keywords = [g for g in glossary.values() if g.rules[0].split(":")[-1].startswith("11")]
    assert len(keywords) == 23
    entry = glossary["貫穿"]
    assert entry.id == "fow:glossary:6.0:貫穿"
    assert entry.term == {"zh-Hant": "貫穿", "zh-Hans": "贯穿"}
    assert entry.definition["zh-Hant"].startswith("1102.1 具有【貫穿】這項靜止異能的卡牌")
    assert "1102.4 【貫穿】造成的傷害是戰鬥傷害。" in entry.definition["zh-Hant"]
    assert entry.rules == [PREFIX + "1102"]


def test_a_keyword_entry_points_to_the_rules_its_section_cites(glossary):
    assert glossary["瞬動"].rules == [PREFIX + "1111", PREFIX + "604"]
    assert glossary["潛伏"].see == ["fow:glossary:6.0:啟動條件"]


def test_the_build_corpus_holds_the_fow_records(by_id):
    assert by_id[PREFIX + "1102.1"].text["zh-Hant"].startswith("具有【貫穿】")
    assert "fow:glossary:6.0:貫穿" in by_id


# --- damaged input ---------------------------------------------------------------------------

def _damaged(tmp_path, sources_dir, mutate):
    lines = (sources_dir / fow.FILE).read_text(encoding="utf-8").split("\n")
    path = tmp_path / "fow.txt"
    path.write_text("\n".join(mutate(lines)), encoding="utf-8")
    return path


def test_a_truncated_file_names_the_file_and_where_it_ends(tmp_path, sources_dir):
    path = _damaged(tmp_path, sources_dir, lambda lines: lines[:900])
    with pytest.raises(SourceError) as err:
        fow.parse(path, fow.FILE)
    assert err.value.file == fow.FILE and err.value.line == 900


def test_a_truncated_body_names_the_first_missing_section(tmp_path, sources_dir):
    # Everything from 1102.3 to the end of the rules is lost; the update log remains.
    path = _damaged(tmp_path, sources_dir, lambda lines: lines[:1010] + lines[1359:])
    with pytest.raises(SourceError, match=r"section 1103 listed in the contents \(line 121\)"):
        fow.parse(path, fow.FILE)


def test_an_altered_rule_number_names_its_line(tmp_path, sources_dir):
    def mutate(lines):
        return [ln.replace("- 1102.2a.", "- 1109.2a.") for ln in lines]
    with pytest.raises(SourceError) as err:
        fow.parse(_damaged(tmp_path, sources_dir, mutate), fow.FILE)
    assert err.value.line == 1008 and "1109.2a" in err.value.message


def test_rules_out_of_order_name_their_line(tmp_path, sources_dir):
    def mutate(lines):
        lines[1006], lines[1007] = lines[1007], lines[1006]  # 1102.2a before 1102.2
        return lines
    with pytest.raises(SourceError) as err:
        fow.parse(_damaged(tmp_path, sources_dir, mutate), fow.FILE)
    assert err.value.file == fow.FILE and err.value.line == 1007
