"""Lineage: every current rule linked to the 2019-10-04 rule the Chinese translates."""

from __future__ import annotations

from collections import Counter

import pytest

from judgebot.corpus import CR_2019, CR_2025
from judgebot.ingest.lineage import similarity, tokens

NEW = f"mtg:cr:{CR_2025}:"
OLD = f"mtg:cr:{CR_2019}:"


@pytest.fixture(scope="module")
def rules(records):
    return {r.id: r for r in records if r.kind == "rule" and r.game == "mtg"
            and r.edition in (CR_2019, CR_2025)}


def test_every_current_rule_has_a_status(rules):
    statuses = Counter(r.lineage.get("status") for r in rules.values() if r.edition == CR_2025)
    assert set(statuses) == {"unchanged", "changed", "new"}
    assert sum(statuses.values()) == 3264
    assert statuses["unchanged"] > 1500 and statuses["new"] > 500


def test_every_old_rule_is_linked_forward_or_marked_removed(rules):
    old = [r for r in rules.values() if r.edition == CR_2019]
    assert all(r.lineage.get("status") in ("unchanged", "changed", "removed") for r in old)
    moved = [r for r in old if "english" in r.lineage]  # 711.3a–d, printed only in Chinese
    assert sorted(r.number for r in moved) == ["711.3a", "711.3b", "711.3c", "711.3d"]
    assert all(r.lineage.get("descendant") in rules for r in old
               if r.lineage["status"] != "removed")


def test_links_are_mutual(rules):
    for rule in rules.values():
        if rule.edition == CR_2025 and "ancestor" in rule.lineage:
            ancestor = rules[rule.lineage["ancestor"]]
            assert rule.id in ancestor.lineage.get("descendants", [ancestor.lineage.get(
                "descendant")])


def test_unchanged_rule_keeps_its_number(rules):
    lin = rules[NEW + "100.1a"].lineage
    assert lin == {"ancestor": OLD + "100.1a", "status": "unchanged", "similarity": 1.0}


def test_renumbered_keyword_is_followed(rules):
    # Absorb: 702.63 in 2019-10-04, 702.64 in 2025-11-14, same words.
    lin = rules[NEW + "702.64a"].lineage
    assert lin["ancestor"] == OLD + "702.63a" and lin["moved_from"] == "702.63a"


def test_reworded_rule_is_changed(rules):
    lin = rules[NEW + "508.1a"].lineage
    assert lin["ancestor"] == OLD + "508.1a" and lin["status"] == "changed"
    assert 0.6 <= lin["similarity"] < 1.0


def test_new_keyword_has_no_ancestor(rules):
    # Disturb (702.146) arrived in 2021.
    assert rules[NEW + "702.146"].lineage == {"status": "new"}


def test_removed_rule_is_marked(rules):
    removed = [r for r in rules.values()
               if r.edition == CR_2019 and r.lineage.get("status") == "removed"]
    assert 50 < len(removed) < 300


def test_references_are_masked_before_comparing():
    a = tokens("See rule 701.25, “Abandon.”")
    b = tokens("See rule 701.33, “Abandon.”")
    assert a == b and similarity(a, b) == 1.0
