"""The Chinese and English 2019-10-04 CR joined: rules, glossary, names, references."""

from __future__ import annotations

import json
import re

import pytest

from judgebot import corpus
from judgebot.corpus import EN, ZH_HANS
from judgebot.ingest.align import correct_numbers
from judgebot.ingest.en_cr import read_lines

ED = "mtg:cr:2019-10-04:"
GL = "mtg:glossary:2019-10-04:"


# --- correcting printed numbers -----------------------------------------------------

def test_a_repeated_letter_shifts_the_rest_back():
    english = ["9", "903", "903.11", "903.11d", "903.11e", "903.11f", "903.11g", "903.11h"]
    printed = ["9", "903", "903.11", "903.11d", "903.11e", "903.11e", "903.11f", "903.11g"]
    fixed = correct_numbers(printed, english)
    assert fixed.numbers == english
    assert fixed.corrections == [("903.11e", "903.11f"), ("903.11f", "903.11g"),
                                 ("903.11g", "903.11h")]


def test_a_subrule_printed_with_another_section_belongs_where_it_stands():
    english = ["5", "503", "503.1", "503.1a", "505", "505.1", "505.1a"]
    printed = ["5", "503", "503.1", "505.1a", "505", "505.1", "505.1a"]
    fixed = correct_numbers(printed, english)
    assert fixed.numbers == english
    assert fixed.flags[3] == ["zh-printed-as:505.1a"]
    assert fixed.flags[6] == []


def test_rules_in_one_language_only_are_kept_and_flagged():
    english = ["7", "711", "711.3", "711.4", "711.4a"]
    printed = ["7", "711", "711.3", "711.3a", "711.3b", "711.4"]
    fixed = correct_numbers(printed, english)
    assert fixed.numbers == printed
    assert fixed.zh_only == ["711.3a", "711.3b"]
    assert fixed.en_only == ["711.4a"]


# --- the built corpus ---------------------------------------------------------------

@pytest.fixture(scope="module")
def rules_2019(records):
    return [r for r in records if r.kind == "rule" and r.edition == "2019-10-04"]


def test_every_english_rule_has_its_chinese_text(rules_2019):
    both = [r for r in rules_2019 if EN in r.text and ZH_HANS in r.text]
    only_zh = sorted(r.number for r in rules_2019 if EN not in r.text)
    assert len(both) == 2527
    assert only_zh == ["711.3a", "711.3b", "711.3c", "711.3d"]
    for rule in both:
        assert [s.lang for s in rule.source] == [EN, ZH_HANS], rule.id


def test_corrected_slips_are_flagged_on_their_record(by_id):
    assert by_id[ED + "503.1a"].flags == ["zh-printed-as:505.1a"]
    assert by_id[ED + "503.1a"].source[1].start == 4492
    assert by_id[ED + "505.1a"].flags == []
    assert by_id[ED + "701.41b"].flags == ["zh-printed-as:701.41a"]
    assert [by_id[ED + f"903.11{c}"].flags for c in "fgh"] == [
        ["zh-printed-as:903.11e"], ["zh-printed-as:903.11f"], ["zh-printed-as:903.11g"]]


def test_chinese_only_rules_hang_under_their_parent_and_name_their_english_place(by_id):
    parent = by_id[ED + "711.3"]
    for letter, moved in zip("abcd", ["713.2", "713.3", "713.4", "713.5"], strict=True):
        rule = by_id[ED + f"711.3{letter}"]
        assert rule.parent == parent.id and rule.id in parent.children
        assert rule.flags == ["zh-only", f"en-moved-to:{moved}"]
        assert "列表牌" in rule.text[ZH_HANS]


def test_titles_examples_and_chapters_are_bilingual(by_id):
    assert by_id[ED + "7"].title == {EN: "Additional Rules", ZH_HANS: "附加规则"}
    assert by_id[ED + "702.19"].title == {EN: "Trample", ZH_HANS: "践踏"}
    examples = by_id[ED + "702.19b"].examples
    assert len(examples[EN]) == len(examples[ZH_HANS]) == 2


def test_chinese_references_join_the_rule_refs(by_id):
    assert ED + "103.1a" in by_id[ED + "711.3b"].refs  # （参见103.1a）
    assert ED + "8" in by_id[ED + "100.1b"].refs  # 参见第8章
    assert ED + "805.8" in by_id[GL + "extra-turn"].rules  # the English: "see 805.8"


def test_old_numbers_the_chinese_cites_are_flagged_not_linked(records, by_id):
    regenerate = by_id[ED + "302.7"]
    assert "参见规则701.13" in regenerate.text[ZH_HANS]
    assert ED + "701.13" not in regenerate.refs and ED + "701.14" in regenerate.refs
    assert "zh-ref-differs:701.13" in regenerate.flags
    flagged = sorted(r.number for r in records if r.kind == "rule" and
                     any(f.startswith("zh-ref-differs:") for f in r.flags))
    assert flagged == ["115.3", "302.7", "506.1", "601.2b", "614.8", "702.119a", "703.4d",
                       "801.17"]
    assert by_id[GL + "goad"].rules == [ED + "701.37"]  # not the Chinese 701.36


def test_glossaries_are_paired_but_for_myriad(records):
    glossary = [r for r in records if r.kind == "glossary" and r.edition == "2019-10-04"]
    assert len(glossary) == 562
    assert sum(1 for g in glossary if ZH_HANS in g.term) == 561
    assert [g.slug for g in glossary if ZH_HANS not in g.term] == ["myriad"]
    assert all(EN in g.term for g in glossary)


def test_provoke_and_prowess_get_their_own_definitions_back(by_id):
    provoke, prowess = by_id[GL + "provoke"], by_id[GL + "prowess"]
    assert provoke.term[ZH_HANS] == "挑拨" and "702.38" in provoke.definition[ZH_HANS]
    assert prowess.term[ZH_HANS] == "灵技" and "702.107" in prowess.definition[ZH_HANS]
    assert provoke.flags == prowess.flags == ["zh-definition-swapped"]


def test_glossary_entries_cite_the_same_rules_in_both_languages(records):
    """The check on every pair; the few that differ are the Chinese edition's own."""
    differ, flagged = {}, set()
    for entry in records:
        if entry.kind != "glossary" or entry.edition != "2019-10-04" or ZH_HANS not in entry.term:
            continue
        en = set(re.findall(r"\d{3}(?:\.\d+[a-z]?)?", entry.definition[EN]))
        zh = set(re.findall(r"\d{3}(?:\.\d+[a-z]?)?", entry.definition[ZH_HANS]))
        if en != zh:
            differ[entry.slug] = (sorted(en - zh), sorted(zh - en))
        if "zh-refs-differ" in entry.flags:
            flagged.add(entry.slug)
    assert differ == {
        "goad": (["701.37"], ["701.36"]),  # the Chinese cites the neighbouring action
        "proliferate": (["701.26"], ["701.25"]),
        "two-headed-giant-variant": (["810"], ["801"]),
        "improvise": (["702.125"], []),  # the Chinese gives no reference
    }
    # Extra Turn: the English says "see 805.8" without "rule", which is no reference
    # to find_refs, while the Chinese says 参见规则805.8.
    assert flagged == set(differ) | {"extra-turn"}


def test_glossary_headwords_agree_with_the_chinese_titles_of_their_rules(records, by_id):
    """An entry named like the rule it cites (Trample → 702.19 Trample) carries
    that rule's Chinese title (践踏): the pairs are the right ones."""
    checked, differ = 0, []
    for entry in records:
        if entry.kind != "glossary" or entry.edition != "2019-10-04" or ZH_HANS not in entry.term:
            continue
        for rid in entry.rules:
            rule = by_id.get(rid)
            if rule is None or rule.title.get(EN, "").lower() != entry.term[EN].lower():
                continue
            checked += 1
            if rule.title.get(ZH_HANS, "") not in entry.term[ZH_HANS]:
                differ.append((entry.term[EN], entry.term[ZH_HANS], rule.title.get(ZH_HANS)))
    assert checked > 200
    assert differ == [("Exile", "放逐", "放逐区")]  # the zone's section: 406. Exile, 放逐区


def test_provisional_names_are_name_pairs(records):
    names = {r.id: r for r in records if r.kind == "name"}
    assert len(names) == 14
    assert names["mtg:name:2019-10-04:planechase"].term == {EN: "Planechase", ZH_HANS: "竞逐时空"}
    assert names["mtg:name:2019-10-04:set-in-motion"].term[ZH_HANS] == "实施"


def test_build_report_gives_the_chinese_figures():
    report = json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))
    doc = next(d for d in report["documents"] if d["document"].startswith("Chinese CR"))
    figures = doc["figures"]
    assert figures["rules decoded"] == 2531 and figures["rules aligned"] == 2527
    assert figures["zh-only rules"] == ["711.3a", "711.3b", "711.3c", "711.3d"]
    assert figures["en-only rules"] == []
    assert figures["glossary pairs"] == 561 and figures["glossary en-only"] == ["Myriad"]
    assert figures["name pairs"] == 14
    assert len(figures["number corrections"]) == 5


# --- no residue of the cipher -------------------------------------------------------

RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]{0,2})?(?:[–\-][a-z])?\.?")
SYMBOL = re.compile(r"(?:\{[^{}]+\})+")
PT = re.compile(r"[+\-−]?[\dX*]+/[+\-−]?[\dX*]+")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*[a-z]?")  # 20, 999,999, layer 7c
RESIDUE_EXCEPTIONS = {
    # The Chinese prints the mana symbol {G} of the English example as a bare G
    # (“{T}：加若干G到你的法术力池中”): decoded faithfully, not a cipher residue.
    ("G", "rule 107.1b"),
}


@pytest.fixture(scope="module")
def english_words(sources_dir):
    text = "\n".join(read_lines(sources_dir / "en-cr/MagicCompRules_20191004.txt", "en"))
    text = SYMBOL.sub(" ", text)  # the G of {G} is no word
    words = re.findall(r"(?<![0-9])[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ’']*", text)
    return {w if len(w) == 1 else w.lower() for w in words}  # X and N, but not x, n


def _chinese_texts(records):
    for r in records:
        if r.edition != "2019-10-04":
            continue
        where = f"{'rule' if r.kind == 'rule' else r.kind} {getattr(r, 'number', r.id)}"
        if r.kind == "rule":
            yield where, [r.text.get(ZH_HANS, ""), r.title.get(ZH_HANS, ""),
                          *r.examples.get(ZH_HANS, [])]
        elif r.kind == "glossary":
            yield where, [r.term.get(ZH_HANS, ""), r.definition.get(ZH_HANS, "")]
        elif r.kind == "name":
            yield where, [r.term[ZH_HANS]]


def test_no_chinese_text_keeps_a_residue_of_the_cipher(records, english_words):
    """Every Latin run in the Chinese records is a rule number, a symbol, a
    P/T or counter, a number, or a word the English CR uses."""
    found = set()
    for where, texts in _chinese_texts(records):
        for run in re.findall(r"[\x21-\x7eÀ-ÿ®™©’‘…—–]+(?: [\x21-\x7eÀ-ÿ’]+)*",
                              "\n".join(texts)):
            rest = run
            for pattern in (SYMBOL, PT, RULE_NUMBER, NUMBER):
                rest = pattern.sub(" ", rest)
            for word in re.findall(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ’']*", rest):
                if (word if len(word) == 1 else word.lower()) not in english_words:
                    found.add((word, where))
    assert found == RESIDUE_EXCEPTIONS


def test_characters_the_source_lost_are_reported(records):
    lost = [where for where, texts in _chinese_texts(records) if "\ufffd" in "".join(texts)]
    assert lost == ["rule 721.1b"]
    report = json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))
    doc = next(d for d in report["documents"] if d["document"].startswith("Chinese CR"))
    assert any("U+FFFD" in w and ":12954:" in w for w in doc["warnings"])
