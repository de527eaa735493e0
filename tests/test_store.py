"""The corpus store and the cross-references over it: records, cites / cited
by, neighbours, breadcrumbs, lineage, texts by language."""

from __future__ import annotations

import dataclasses
import gc
import sqlite3

import pytest

from judgebot import corpus
from judgebot.corpus import current_cr
from judgebot.store import Store, StoreError, open_store
from judgebot.xref import CrossReference

CURRENT = current_cr()
NEW = f"mtg:cr:{CURRENT}:"
OLD = "mtg:cr:2019-10-04:"


@pytest.fixture(scope="module")
def xref(store):
    return CrossReference(store)


def test_the_store_holds_every_record_of_the_corpus(store, records):
    ids = set(store.ids())
    assert {r.id for r in records} <= ids
    # Besides, the cards and rulings of the card file (derived when the store is built).
    derived = ids - {r.id for r in records}
    assert {rid.split(":")[1] for rid in derived} == {"card", "ruling"}
    assert store.size == len(ids) == len(records) + len(derived)
    # A committed record is in the store as it is, but for the release-notes cards
    # (joined to their Oracle cards) and the release-notes rulings that are Oracle rulings.
    sample = [r for r in records[::97] if r.kind not in ("card", "ruling")]
    assert [store.get(r.id).to_dict() for r in sample] == [r.to_dict() for r in sample]
    for rec in records:
        if rec.kind == "card":
            assert store.get(rec.id).edition == "oracle"
            assert store.get(rec.id).text["zh-Hans"] == rec.text["zh-Hans"]


def test_the_records_it_hands_out_are_frozen_and_cost_the_collector_little(store, records):
    # Shared by every request of a process and kept by the thousand: their lists are
    # tuples (read-only), which the garbage collector stops tracking; their JSON is the
    # corpus's.
    sample = [r for r in records[::211]] + [store.get("mtg:card:tarmogoyf")]
    frozen = [store.get(r.id) for r in sample] + list(store.records("mtg", "guide"))[:5]
    gc.collect()
    for rec in frozen:
        for f in dataclasses.fields(rec):
            value = getattr(rec, f.name)
            assert not isinstance(value, list), (rec.id, f.name)
            if isinstance(value, tuple) and f.name != "source":
                assert not gc.is_tracked(value), (rec.id, f.name)
        assert corpus.dumps(rec) == corpus.dumps(corpus.record_from_dict(rec.to_dict()))
    assert {type(r.children) for r in frozen if r.kind == "rule"} == {tuple}


def test_records_come_by_kind_and_edition_in_document_order(store):
    numbers = [r.number for r in store.records("mtg", "rule", CURRENT)]
    assert numbers[:3] == ["1", "100", "100.1"]
    assert store.count("mtg", "glossary", CURRENT) == len(
        list(store.records("mtg", "glossary", CURRENT)))


def test_unknown_or_hostile_ids_are_simply_absent(store):
    for rid in ("", "mtg:cr:2025-11-14:999.99z", "x" * 100_000, "'; DROP TABLE records; --"):
        assert store.get(rid) is None
    assert store.rule("9" * 5000) is None
    assert store.find("mtg", "card", slug="%") == []


def test_editions_and_the_current_one(store):
    assert store.current_edition("mtg") == CURRENT == "2026-09-25"
    assert store.translated_edition("mtg") == "2019-10-04"
    assert store.lookup_order("mtg") == ["2026-09-25", "2026-04-17", "2026-02-27",
                                         "2026-01-16", "2025-11-14", "2019-10-04"]
    # Force of Will: versions in numeric order, the newest English current, the
    # Chinese 6.0 the translated one
    assert store.editions("fow", "rule") == ["6.0", "6.3", "12.7"]
    assert store.current_edition("fow") == "12.7"
    assert store.translated_edition("fow") == "6.0"


def test_a_rule_by_number_in_the_current_edition_or_another(store):
    assert store.rule("702.19b").id == NEW + "702.19b"
    assert store.rule("702.19b", "2019-10-04").id == OLD + "702.19b"
    assert store.rule(" 702.19B. ").id == NEW + "702.19b"
    assert store.rule("1100", game="fow").id == "fow:cr:12.7:11"
    assert store.rule("1100", "6.0", game="fow").id == "fow:cr:6.0:11"


def test_the_chinese_of_a_current_rule_comes_from_the_rule_it_translates(store):
    local = store.text(store.get(NEW + "702.19b"), "zh")
    assert local.record == OLD + "702.19b" and local.edition == "2019-10-04"
    assert "践踏" in local.text
    entry = store.get(f"mtg:glossary:{CURRENT}:trample")
    assert store.text(entry, "zh").record == "mtg:glossary:2019-10-04:trample"
    assert store.text(entry, "en").record == entry.id


def test_a_stale_or_damaged_store_is_rebuilt(tmp_path):
    first = open_store(corpus.CORPUS_DIR, tmp_path)
    first.path.write_bytes(b"not a database")
    with pytest.raises(StoreError):
        Store(first.path)
    again = open_store(corpus.CORPUS_DIR, tmp_path)
    assert again.rule("702.19b") is not None
    with sqlite3.connect(again.path) as db:
        db.execute("UPDATE meta SET value = 'other' WHERE key = 'corpus_hash'")
    assert open_store(corpus.CORPUS_DIR, tmp_path).rule("702.19b") is not None


def test_cited_by_mirrors_cites_exactly(store):
    ids = store.ids()
    forward = {(a, b) for a in ids for b in store.cites(a)}
    backward = {(a, b) for b in ids for a in store.cited_by(b)}
    assert forward == backward
    assert len(forward) > 3000


def test_a_known_citation_and_its_back_link(store):
    # 104.3b: "(This is a state-based action. See rule 704.)"
    assert store.cites(NEW + "104.3b") == [NEW + "704"]
    assert NEW + "104.3b" in store.cited_by(NEW + "704")
    # 702.19c: "… as described in rule 702.19b …"
    assert NEW + "702.19c" in store.cited_by(NEW + "702.19b")


def test_nothing_cites_itself(store):
    assert all(rid not in store.cites(rid) for rid in store.ids())


def test_neighbours_follow_document_order(store):
    n = store.neighbours(NEW + "702.19b")
    assert (n.parent, n.previous, n.next) == (NEW + "702.19", NEW + "702.19a", NEW + "702.19c")
    assert store.neighbours(NEW + "702.19").children[0] == NEW + "702.19a"


def test_first_and_last_rules_have_one_neighbour(store):
    assert store.neighbours(NEW + "1").previous is None
    assert store.neighbours(NEW + "905.6").next is None


def test_breadcrumb_runs_from_chapter_to_rule(xref):
    crumbs = xref.breadcrumb(NEW + "702.19b")
    assert [c.label for c in crumbs] == ["7", "702", "702.19", "702.19b"]
    assert crumbs[1].title["en"] == "Keyword Abilities"


def test_lineage_of_a_current_rule_names_the_translated_rule(store):
    lin = store.lineage(NEW + "702.19b")
    assert lin["translated"] == OLD + "702.19b" and lin["current"] == NEW + "702.19b"
    assert lin["status"] in ("unchanged", "changed")


def test_lineage_follows_a_renumbered_keyword(store):
    # Absorb was 702.63 in 2019-10-04 and is 702.64 since 2025-11-14.
    lin = store.lineage(NEW + "702.64")
    assert lin["translated"] == OLD + "702.63" and lin["current"] == NEW + "702.64"


def test_lineage_of_an_old_rule_points_forward(store):
    assert store.current_of(OLD + "702.63") == NEW + "702.64"


def test_glossary_terms_found_in_english_text(xref, store):
    text = store.get(NEW + "702.19b").text["en"]
    found = {gid for _, _, gid in xref.glossary_terms_in(text, "en")}
    assert f"mtg:glossary:{CURRENT}:trample" in found
    assert f"mtg:glossary:{CURRENT}:lethal-damage" in found


def test_glossary_terms_link_first_mentions_only(xref):
    found = xref.glossary_terms_in("trample and trample and Trample", "en")
    assert len(found) == 1 and found[0][:2] == (0, 7)


def test_the_history_of_a_rule_runs_through_every_edition(store):
    history = store.history(NEW + "702.19b")
    assert [h["edition"] for h in history] == store.lookup_order("mtg")[::-1]
    assert history[0]["event"] == "earliest" and history[1]["event"] == "changed"
    assert all(h["event"] == "unchanged" for h in history[2:])


def test_the_history_of_a_moved_and_a_removed_rule(store):
    history = store.history(NEW + "702.64a")
    assert history[1] == {**history[1], "event": "moved", "moved_from": "702.63a"}
    gone = store.history("mtg:cr:2025-11-14:702.124k")
    assert gone[-1] == {"edition": "2026-01-16", "event": "removed"}
    assert store.history(NEW + "701.69")[0]["event"] == "added"


def test_an_old_rule_knows_whether_the_current_english_still_says_it(store):
    assert store.lineage(OLD + "100.1a")["status"] == "unchanged"
    assert store.lineage(OLD + "702.19b")["status"] == "changed"
    assert store.lineage("mtg:cr:2025-11-14:702.124k")["current"] is None
