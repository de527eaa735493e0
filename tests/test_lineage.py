"""Lineage: every rule of every English edition linked to the same rule in the
editions before and after it, and to the 2019-10-04 rule the Chinese translates."""

from __future__ import annotations

from collections import Counter

import pytest

from judgebot.corpus import CR_2019, CR_2025
from judgebot.ingest.lineage import similarity, tokens

EDITIONS = [CR_2019, CR_2025, "2026-01-16", "2026-02-27", "2026-04-17", "2026-09-25"]
CURRENT = EDITIONS[-1]
NEW = f"mtg:cr:{CR_2025}:"
OLD = f"mtg:cr:{CR_2019}:"
NOW = f"mtg:cr:{CURRENT}:"


@pytest.fixture(scope="module")
def rules(records):
    return {r.id: r for r in records if r.kind == "rule" and r.game == "mtg"
            and r.edition in EDITIONS}


def test_every_edition_is_in_the_corpus_with_its_rule_count(rules):
    counts = Counter(r.edition for r in rules.values())
    assert counts == {CR_2019: 2531, CR_2025: 3264, "2026-01-16": 3269, "2026-02-27": 3275,
                      "2026-04-17": 3294, CURRENT: 3322}


def test_every_later_rule_says_how_it_differs_from_the_edition_before(rules):
    for edition in EDITIONS[1:]:
        changes = Counter(r.lineage.get("change") for r in rules.values()
                          if r.edition == edition)
        assert set(changes) <= {"unchanged", "changed", "new"}
        assert changes["unchanged"] > 1900


def test_consecutive_editions_are_linked_both_ways(rules):
    for rule in rules.values():
        lin = rule.lineage
        if "english" in lin:  # a Chinese-only rule follows the English rule it became
            continue
        if "previous" in lin:
            before = rules[lin["previous"]]
            assert EDITIONS.index(before.edition) == EDITIONS.index(rule.edition) - 1
            assert rule.id in before.lineage.get("nexts", [before.lineage.get("next")])
        if "next" in lin:
            assert rules[lin["next"]].lineage["previous"] == rule.id


def test_every_rule_before_the_current_edition_goes_on_or_is_removed(rules):
    for rule in rules.values():
        if rule.edition != CURRENT and "zh-only" not in rule.flags:
            assert ("next" in rule.lineage) != ("removed_in" in rule.lineage), rule.id
    moved = [r for r in rules.values() if "english" in r.lineage]  # printed only in Chinese
    assert sorted(r.number for r in moved) == ["711.3a", "711.3b", "711.3c", "711.3d"]


def test_the_current_edition_knows_its_2019_ancestor_and_whether_it_changed(rules):
    statuses = Counter(r.lineage.get("status") for r in rules.values() if r.edition == CURRENT)
    assert set(statuses) == {"unchanged", "changed", "new"}
    assert statuses["unchanged"] > 1500 and statuses["new"] > 500
    lin = rules[NOW + "100.1a"].lineage
    assert lin["ancestor"] == OLD + "100.1a" and lin["status"] == "unchanged"


def test_unchanged_rule_keeps_its_number(rules):
    lin = rules[NEW + "100.1a"].lineage
    assert lin["previous"] == OLD + "100.1a" and lin["change"] == "unchanged"
    assert lin["similarity"] == 1.0 and lin["next"] == "mtg:cr:2026-01-16:100.1a"


def test_renumbered_keyword_is_followed(rules):
    # Absorb: 702.63 in 2019-10-04, 702.64 in 2025-11-14, same words.
    lin = rules[NEW + "702.64a"].lineage
    assert lin["previous"] == OLD + "702.63a" and lin["moved_from"] == "702.63a"


def test_reworded_rule_is_changed(rules):
    lin = rules[NEW + "508.1a"].lineage
    assert lin["previous"] == OLD + "508.1a" and lin["change"] == "changed"
    assert 0.6 <= lin["similarity"] < 1.0


def test_new_keyword_has_no_ancestor(rules):
    # Disturb (702.146) arrived in 2021.
    assert rules[NEW + "702.146"].lineage == {"change": "new", "status": "new",
                                              "next": "mtg:cr:2026-01-16:702.146"}


def test_a_rule_worded_after_one_that_goes_on_is_new_not_a_split(rules):
    # 2026-04-17 added 722.2 for frames on the right, worded after 715.2 (frames
    # on the left), which goes on unchanged.
    assert rules["mtg:cr:2026-04-17:722.2"].lineage.get("change") == "new"
    assert rules["mtg:cr:2026-04-17:715.2"].lineage["previous"] == "mtg:cr:2026-02-27:715.2"


def test_removed_rule_is_marked(rules):
    removed = [r for r in rules.values()
               if r.edition == CR_2019 and r.lineage.get("removed_in") == CR_2025]
    assert 50 < len(removed) < 300


def test_references_are_masked_before_comparing():
    a = tokens("See rule 701.25, “Abandon.”")
    b = tokens("See rule 701.33, “Abandon.”")
    assert a == b and similarity(a, b) == 1.0
