"""The cross-reference graph: cites / cited by, neighbours, breadcrumbs, lineage."""

from __future__ import annotations

import pytest

from judgebot.xref import CrossReference

NEW = "mtg:cr:2025-11-14:"
OLD = "mtg:cr:2019-10-04:"


@pytest.fixture(scope="module")
def xref(records):
    return CrossReference(records)


def test_cited_by_mirrors_cites_exactly(xref):
    forward = {(a, b) for a in xref.by_id for b in xref.cites(a)}
    backward = {(a, b) for b in xref.by_id for a in xref.cited_by(b)}
    assert forward == backward
    assert len(forward) > 3000


def test_a_known_citation_and_its_back_link(xref):
    # 104.3b: "(This is a state-based action. See rule 704.)"
    assert xref.cites(NEW + "104.3b") == [NEW + "704"]
    assert NEW + "104.3b" in xref.cited_by(NEW + "704")
    # 702.19c: "… as described in rule 702.19b …"
    assert NEW + "702.19c" in xref.cited_by(NEW + "702.19b")


def test_nothing_cites_itself(xref):
    assert all(rid not in xref.cites(rid) for rid in xref.by_id)


def test_neighbours_follow_document_order(xref):
    n = xref.neighbours(NEW + "702.19b")
    assert (n.parent, n.previous, n.next) == (NEW + "702.19", NEW + "702.19a", NEW + "702.19c")
    assert xref.neighbours(NEW + "702.19").children[0] == NEW + "702.19a"


def test_first_and_last_rules_have_one_neighbour(xref):
    assert xref.neighbours(NEW + "1").previous is None
    assert xref.neighbours(NEW + "905.6").next is None


def test_breadcrumb_runs_from_chapter_to_rule(xref):
    crumbs = xref.breadcrumb(NEW + "702.19b")
    assert [c.label for c in crumbs] == ["7", "702", "702.19", "702.19b"]
    assert crumbs[1].title["en"] == "Keyword Abilities"


def test_lineage_of_a_current_rule_names_the_translated_rule(xref):
    lin = xref.lineage(NEW + "702.19b")
    assert lin["translated"] == OLD + "702.19b" and lin["current"] == NEW + "702.19b"
    assert lin["status"] in ("unchanged", "changed")


def test_lineage_follows_a_renumbered_keyword(xref):
    # Absorb was 702.63 in 2019-10-04 and is 702.64 in 2025-11-14.
    lin = xref.lineage(NEW + "702.64")
    assert lin["translated"] == OLD + "702.63" and lin["moved_from"] == "702.63"


def test_lineage_of_an_old_rule_points_forward(xref):
    assert xref.current_of(OLD + "702.63") == NEW + "702.64"


def test_glossary_terms_found_in_english_text(xref):
    text = xref.by_id[NEW + "702.19b"].text["en"]
    found = {gid for _, _, gid in xref.glossary_terms_in(text, "en")}
    assert "mtg:glossary:2025-11-14:trample" in found
    assert "mtg:glossary:2025-11-14:lethal-damage" in found


def test_glossary_terms_link_first_mentions_only(xref):
    found = xref.glossary_terms_in("trample and trample and Trample", "en")
    assert len(found) == 1 and found[0][:2] == (0, 7)
