"""Casual variants 900–905 (seed 002): bilingual rules of their own edition."""

from __future__ import annotations

import shutil

import pytest

from judgebot.ingest import casual
from judgebot.ingest.context import EN_2019, BuildContext
from judgebot.ingest.rulebook import SourceError

PREFIX = "mtg:cr:casual-2015:"
CR_2019 = "mtg:cr:2019-10-04:"


@pytest.fixture(scope="module")
def result(sources_dir):
    [res] = casual.ingest(BuildContext(sources_dir))
    return res


@pytest.fixture(scope="module")
def rules(result):
    return {r.number: r for r in result.records}


def test_rules_per_section(rules):
    counts: dict[str, int] = {}
    for rule in rules.values():
        if rule.level in ("rule", "subrule"):
            section = rule.number.split(".")[0]
            counts[section] = counts.get(section, 0) + 1
    assert counts == {"900": 2, "901": 34, "902": 9, "903": 22, "904": 17, "905": 14}
    assert len(rules) == 105  # with chapter 9 and its six sections


def test_records_are_their_own_edition(rules):
    assert all(r.id == PREFIX + r.number and r.edition == "casual-2015" for r in rules.values())
    assert rules["903.4c"].parent == PREFIX + "903.4"
    assert rules["903"].children[:2] == [PREFIX + "903.1", PREFIX + "903.2"]


def test_english_and_chinese_are_joined_per_rule(rules):
    rule = rules["905.1b"]
    assert rule.text["en"].startswith("In the first and third draft rounds, booster packs")
    assert rule.text["zh-Hans"].startswith("在第一个和第三个轮抽轮次中")
    assert [(s.start, s.lang) for s in rule.source] == [(242, "en"), (243, "zh-Hans")]
    assert not rule.flags


def test_headings_carry_both_titles(rules):
    assert rules["9"].title == {"en": "Casual Variants", "zh-Hans": "娱乐玩法"}
    assert rules["902"].title == {"en": "Vanguard", "zh-Hans": "先锋牌"}
    assert rules["901.15"].title == {"en": "Single Planar Deck Option"}


def test_a_rule_only_in_english_is_flagged(rules):
    rule = rules["903.4"]
    assert rule.flags == ["en-only"] and set(rule.text) == {"en"}
    assert rule.examples["en"][0].startswith("Bosh, Iron Golem is a legendary artifact creature")
    languages = [tuple(sorted(r.text)) for r in rules.values()]
    assert languages.count(("en", "zh-Hans")) == 21 and languages.count(("en",)) == 84


def test_a_rule_only_in_chinese_is_flagged(tmp_path, sources_dir):
    # The same page with the English line of 905.2 removed.
    src = sources_dir / casual.FILE
    lines = src.read_text(encoding="utf-8").split("\n")
    assert lines[250].startswith("905.2. Several cards")
    path = tmp_path / "casual.txt"
    path.write_text("\n".join(lines[:250] + lines[251:]), encoding="utf-8")
    rules = {r.number: r for r in casual.rule_set(casual.parse(path, casual.FILE))}
    assert rules["905.2"].flags == ["zh-only"]
    assert rules["905.2"].text == {
        "zh-Hans": "一些万智牌:诡局系列中的牌具有在轮抽过程中生效的异能。"}


def test_navigation_and_repeated_headings_are_skipped_with_reasons(result):
    skipped = "\n".join(result.skipped)
    assert ":1-15: wiki navigation" in skipped
    assert ":35: 901 repeated (as line 33)" in skipped
    assert ":105: bilingual wiki heading 902" in skipped


def test_a_matching_rule_links_to_2019_10_04(rules):
    assert rules["903.4"].lineage == {"same_as": CR_2019 + "903.4", "status": "unchanged",
                                      "similarity": 1.0}
    # Only the pronouns changed ("his or her" → "their").
    assert rules["903.7"].lineage["same_as"] == CR_2019 + "903.7"
    assert rules["903.7"].lineage["status"] == "changed"


def test_a_rule_whose_number_now_holds_other_text_is_not_linked(rules):
    lineage = rules["903.8"].lineage  # the old Commander mulligan; 903.8 is now commander tax
    assert lineage["status"] == "different" and "same_as" not in lineage
    assert lineage["compared_with"] == CR_2019 + "903.8"


def test_a_renumbered_rule_links_to_its_2019_number(rules):
    assert rules["903.14a"].lineage["same_as"] == CR_2019 + "903.10a"
    assert rules["903.14a"].lineage["moved_to"] == "903.10a"
    assert rules["903.10"].lineage["moved_to"] == "903.8"


def test_references_outside_the_edition_follow_the_2019_text(rules):
    # "See rule 701.21, “Planeswalk.” … an exception to rule 112.8." is
    # "701.23 … 113.8" in 2019-10-04.
    assert rules["901.8"].refs == [CR_2019 + "701.23", CR_2019 + "113.8"]
    assert rules["901.9"].refs == [CR_2019 + "116.2g"]  # printed 115.2f


def test_references_inside_the_edition_stay_in_it(rules):
    assert rules["901.11a"].refs[:2] == [PREFIX + "901.8", PREFIX + "901.10"]
    assert rules["905.1c"].refs == [PREFIX + "905.2b", PREFIX + "905.2c"]


def test_the_build_corpus_holds_the_casual_records(by_id):
    assert by_id[PREFIX + "905.1b"].text["zh-Hans"].startswith("在第一个和第三个轮抽轮次中")


# --- damaged input ---------------------------------------------------------------------------

def _sources(tmp_path, sources_dir, mutate):
    root = tmp_path / "sources"
    for name in (casual.FILE, EN_2019):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(sources_dir / name, root / name)
    path = root / casual.FILE
    path.write_text(mutate(path.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def test_a_truncated_page_names_the_file_and_its_end(tmp_path, sources_dir):
    root = _sources(tmp_path, sources_dir, lambda text: "\n".join(text.split("\n")[:192]))
    with pytest.raises(SourceError) as err:
        casual.ingest(BuildContext(root))
    assert err.value.file == casual.FILE and err.value.line == 192
    assert "904, 905" in err.value.message


def test_an_altered_rule_number_names_its_line(tmp_path, sources_dir):
    root = _sources(tmp_path, sources_dir, lambda text: text.replace("903.4. ", "909.4. "))
    with pytest.raises(SourceError) as err:
        casual.ingest(BuildContext(root))
    assert err.value.file == casual.FILE and err.value.line == 147


def test_a_rule_repeated_with_other_text_names_its_line(tmp_path, sources_dir):
    root = _sources(tmp_path, sources_dir,
                    lambda text: text.replace("905.6. 一旦", "905.5. 一旦"))
    with pytest.raises(SourceError) as err:
        casual.ingest(BuildContext(root))
    assert err.value.line == 276 and "905.5" in err.value.message
