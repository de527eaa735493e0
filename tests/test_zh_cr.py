"""The Chinese CR 2019-10-04 (seed 000), decoded: counts, numbers, known texts, damage."""

from __future__ import annotations

import re
import shutil

import pytest

from judgebot.cli import main
from judgebot.ingest import zh_cr
from judgebot.ingest.cipher import BODY, HEADING
from judgebot.ingest.context import BuildContext
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import SourceError
from judgebot.rulenumbers import level_of, parent_number

SYMBOL = re.compile(r"\{[A-Z0-9/]+\}|[+\-]?[\dX*]+/[+\-]?[\dX*]+")


@pytest.fixture(scope="module")
def english(sources_dir):
    return BuildContext(sources_dir).english_2019


@pytest.fixture(scope="module")
def chinese(sources_dir, english):
    return zh_cr.parse(sources_dir / zh_cr.FILE, zh_cr.FILE, english)


@pytest.fixture(scope="module")
def rules(chinese):
    return {r.number: r for r in chinese.rules}


@pytest.fixture(scope="module")
def seed(sources_dir):
    return read_lines(sources_dir / zh_cr.FILE, zh_cr.FILE)


# --- counts and numbers -------------------------------------------------------------

def test_counts(chinese):
    levels: dict[str, int] = {}
    for r in chinese.rules:
        levels[level_of(r.number)] = levels.get(level_of(r.number), 0) + 1
    assert levels == {"chapter": 9, "section": 132, "rule": 965, "subrule": 1425}
    assert sum(len(r.examples) for r in chinese.rules) == 248
    assert len(chinese.glossary) == 561
    assert len(chinese.names) == 14
    assert chinese.effective == "2019-10-04"


def test_decoded_numbers_are_the_english_numbers_but_for_711_3a_to_d(chinese, english):
    zh = [r.number for r in chinese.rules]
    en = [r.number for r in english.rules]
    assert len(zh) == len(set(zh))
    assert set(en) - set(zh) == set()
    assert set(zh) - set(en) == {"711.3a", "711.3b", "711.3c", "711.3d"}
    assert [n for n in zh if n in set(en)] == en  # and in the English order


def test_every_printed_number_that_differs_is_a_listed_slip(chinese):
    assert chinese.numbering.corrections == [
        ("505.1a", "503.1a"), ("701.41a", "701.41b"),
        ("903.11e", "903.11f"), ("903.11f", "903.11g"), ("903.11g", "903.11h")]
    flagged = {r.number: r.flags for r in chinese.rules if r.flags}
    assert flagged["503.1a"] == ["zh-printed-as:505.1a"]
    assert flagged["711.3a"] == ["zh-only"]


def test_first_and_last_rule_of_each_section_match_the_english(chinese, english):
    def bounds(numbers):
        by_section: dict[str, list[str]] = {}
        for n in numbers:
            if level_of(n) in ("rule", "subrule"):
                by_section.setdefault(n.split(".")[0], []).append(n)
        return {s: (ns[0], ns[-1]) for s, ns in by_section.items()}

    zh = bounds(r.number for r in chinese.rules)
    en = bounds(r.number for r in english.rules)
    assert len(en) == 131  # every section but 600 (a title only) has rules
    assert zh == en


def test_symbols_and_counters_agree_with_the_english_rule(chinese, english):
    en = {r.number: r for r in english.rules}
    checked = 0
    for rule in chinese.rules:
        if rule.number not in en:
            continue
        english_text = " ".join([en[rule.number].text, *en[rule.number].examples])
        for symbol in SYMBOL.findall(" ".join([rule.text, *rule.examples])):
            assert symbol in english_text, (rule.number, symbol)
            checked += 1
    assert checked > 400


def test_rule_numbers_come_from_their_first_line(chinese, seed):
    """Provenance: the span starts at the line that prints the number."""
    encode = {v: k for k, v in BODY.table().items()}
    heading = {v: k for k, v in HEADING.table().items()}
    printed = {n: p for p, n in chinese.numbering.corrections}
    for rule in chinese.rules:
        number = printed.get(rule.number, rule.number)
        line = re.sub(r"<\|[^>]*>", "", seed[rule.start - 1])
        line = zh_cr.COMBINING_GRAVE.sub(r"`\1", line)
        if level_of(number) == "chapter":
            glyphs = "".join(heading[c] for c in number + ".")
        else:
            glyphs = "".join(encode[c] for c in number)
        assert line.replace(" ", "").startswith(glyphs), (rule.number, line[:20])


# --- known texts --------------------------------------------------------------------

def test_titles_of_chapters_sections_and_keywords(rules):
    assert rules["1"].title == "游戏概念"
    assert rules["100"].title == "总则"
    assert rules["9"].title == "休闲式玩法"
    assert rules["702.19"].title == "践踏"
    assert rules["100.1"].title == ""


def test_known_rule_texts(rules):
    assert rules["100.1a"].text == "双人游戏指在游戏开始时只有两位牌手的游戏。"
    assert rules["100.1b"].text == (
        "多人游戏指在游戏开始时有两位以上牌手的游戏。参见第8章，“多人游戏规则”。")
    assert "“主动牌手先决定（APNAP）”规则" in rules["101.4"].text
    assert rules["107.4"].text.startswith("法术力符号包括{W}、{U}、{B}、{R}、{G}和{C}")
    assert "WPN.Wizards.com/en/resources/rules-documents" in rules["100.6"].text
    assert rules["613.1e"].text == "层5：改变颜色的效应生效。"
    assert rules["700.5"].text.startswith("牌手的[颜色]献力")
    assert "起源®和2019核心系列" in rules["711.1a"].text and "依尼翠™" in rules["711.1a"].text
    assert rules["905.6"].text == "一旦先手牌手被确定，每位牌手将总生命设为20，然后抓七张起手牌。"


def test_examples_are_attached_to_their_rule(rules):
    assert rules["101.2"].examples == [
        "如果某效应为“你本回合可以额外使用一个地”，而另一个效应为“你本回合不能使用地”，"
        "则以使你不能使用地的效应为优先。"]
    assert len(rules["702.19b"].examples) == 2
    assert rules["110.5c"].examples[0].startswith("底密尔化妖的异能为“{1}{U}{B}：将目标生物牌")
    assert "X=3" in rules["801.13a"].examples[0]


def test_a_number_damaged_by_the_extraction_is_restored(rules, chinese):
    assert rules["704.5u"].text.startswith("在一盘双头巨人的游戏中")
    assert any("combining grave" in w for w in chinese.warnings)


def test_no_artifacts_are_left(chinese):
    texts = [t for r in chinese.rules for t in [r.text, *r.examples]]
    texts += [t for g in chinese.glossary for t in (g.term, g.definition)]
    for text in texts:
        assert "<|" not in text and "\t" not in text
        assert not re.search(r"[!&]$", text), text[-20:]
        assert not re.search(r" [\u4e00-\u9fff，。]|[\u4e00-\u9fff，。] ", text), text


def test_glossary_terms_and_definitions(chinese):
    terms = {t.term: t.definition for t in chinese.glossary}
    assert chinese.glossary[0].term == "终止"
    assert terms["APNAP顺序"] == "参见主动牌手先决定的顺序。"
    assert "Gatherer.Wizards.com" in terms["Oracle"]
    assert terms["演化"].startswith("一个关键字动作，在牌手没有+1/+1指示物的生物上放置+1/+1指示物")
    assert terms["X"] == "一个需要被确定数字的占位符。参见规则107.3。"
    assert terms["异能"].split("\n")[1].startswith("2.一个堆叠上的起动式或触发式异能")


def test_provisional_names(chinese):
    pairs = [(n.en, n.zh) for n in chinese.names]
    assert pairs[0] == ("Abandon", "终止")
    assert ("Planar Controller", "时空操控者") in pairs
    assert pairs[-1] == ("Vanguard", "先锋")


# --- damaged sources ----------------------------------------------------------------

def _damaged(tmp_path, sources_dir, mutate):
    src = tmp_path / "sources"
    shutil.copytree(sources_dir, src)
    path = src / zh_cr.FILE
    path.write_text(mutate(path.read_text(encoding="utf-8")), encoding="utf-8")
    return src


def test_a_truncated_seed_names_the_file(tmp_path, sources_dir, english):
    src = _damaged(tmp_path, sources_dir, lambda t: t[: len(t) // 2])
    with pytest.raises(SourceError) as err:
        zh_cr.parse(src / zh_cr.FILE, zh_cr.FILE, english)
    assert err.value.file == zh_cr.FILE and "词汇表" in err.value.message
    assert err.value.line is not None and err.value.line < 17033 // 2 + 10


def test_an_altered_glyph_names_the_file_and_line(tmp_path, sources_dir, english):
    src = _damaged(tmp_path, sources_dir, lambda t: t.replace("#%%*#6!双人", "#%%*#6!双~人", 1))
    with pytest.raises(SourceError) as err:
        zh_cr.parse(src / zh_cr.FILE, zh_cr.FILE, english)
    assert (err.value.file, err.value.line) == (zh_cr.FILE, 13)


def test_an_altered_date_is_refused(tmp_path, sources_dir, english, capsys):
    src = _damaged(tmp_path, sources_dir, lambda t: t.replace('#" 月', '## 月'))
    out = tmp_path / "out"
    out.mkdir()
    code = main(["corpus", "build", "--no-verify", "--sources", str(src), "--out", str(out)])
    assert code == 1
    assert zh_cr.FILE in capsys.readouterr().err
    assert list(out.iterdir()) == []


def test_parents_of_decoded_rules_exist(chinese):
    numbers = {r.number for r in chinese.rules}
    for number in numbers:
        parent = parent_number(number)
        assert parent is None or parent in numbers, number
