"""The relevance set in bench/relevance/ is well formed (not a test of search quality)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from judgebot import corpus

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load_module():
    spec = importlib.util.spec_from_file_location("relevance_set", BENCH / "relevance_set.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


relevance_set = _load_module()


@pytest.fixture(scope="module")
def queries():
    return relevance_set.load()


def test_relevance_file_parses_into_at_least_150_queries(queries):
    assert len(queries) >= 150


def test_every_query_names_an_expected_id_of_a_known_shape(queries):
    for query in queries:
        assert query.expected, query
        for rid in query.expected:
            assert relevance_set.id_kind(rid) is not None, (query.line, rid)


def test_queries_are_not_repeated_with_the_same_filters(queries):
    seen = {(q.q, tuple(sorted(q.filters.items()))) for q in queries}
    assert len(seen) == len(queries)


def test_set_covers_every_query_form_the_search_promises(queries):
    categories = {q.category for q in queries}
    assert {"rule-number", "keyword-en", "keyword-zh-hans", "keyword-zh-hant", "pinyin", "typo",
            "question-en", "question-zh", "phrase", "card-en", "card-zh", "ruling",
            "fow"} <= categories


def test_expected_records_of_documents_already_built_exist(queries, by_id):
    # An expectation for a document that is in the corpus must name a real
    # record; ones for documents not built yet are reported as pending instead.
    # (Cards name no edition: a card is one record whatever set printed it.)
    built = {(r.game, r.kind, "" if r.kind == "card" else r.edition) for r in by_id.values()}
    kinds = {"cr": "rule", "notes": "note"}
    for query in queries:
        for rid in query.expected:
            game, kind, edition, _ = corpus.parse_id(rid)
            if (game, kinds.get(kind, kind), edition) in built:
                assert rid in by_id, (query.line, query.q, rid)


def test_the_tournament_documents_set_is_well_formed(by_id):
    """bench/relevance/policy.jsonl: 104 queries on the MTR and the IPG, every
    expected id a real section."""
    queries = relevance_set.load(relevance_set.POLICY_QUERIES)
    assert len(queries) == 104
    assert {q.category for q in queries} == {"section-number", "infraction-en",
                                              "infraction-zh", "procedure", "penalty"}
    for query in queries:
        for rid in query.expected:
            assert relevance_set.id_kind(rid) == "policy" and rid in by_id, (query.line, rid)


def test_malformed_line_is_reported_with_its_line_number(tmp_path):
    path = tmp_path / "queries.jsonl"
    path.write_text('{"q": "trample", "category": "keyword-en", '
                    '"top1": ["mtg:glossary:2025-11-14:trample"]}\n'
                    '{"q": "践踏", "category": "keyword-zh-hans", "top1": ["trample"]}\n',
                    encoding="utf-8")
    with pytest.raises(relevance_set.RelevanceSetError, match=r"queries.jsonl:2: 'trample'"):
        relevance_set.load(path)


def test_query_without_expected_id_is_rejected(tmp_path):
    path = tmp_path / "queries.jsonl"
    path.write_text('{"q": "trample", "category": "keyword-en"}\n', encoding="utf-8")
    with pytest.raises(relevance_set.RelevanceSetError, match="names no expected id"):
        relevance_set.load(path)


def test_score_accepts_any_top1_alternative_and_counts_top5_recall():
    query = relevance_set.Query(q="trample", category="keyword-en", line=1,
                                top1=("g", "r"), top5=("g", "r"))
    s = relevance_set.score(query, ["r", "x", "y", "z", "w", "g"])
    assert s.top1 is True
    assert s.recall5 == 0.5
    assert s.rank == 1 and s.rr == 1.0


def test_score_of_a_ranking_without_the_expected_id_is_zero():
    query = relevance_set.Query(q="702.19b", category="rule-number", line=1, top1=("r",))
    s = relevance_set.score(query, ["a", "b"])
    assert (s.top1, s.recall5, s.rr, s.rank) == (False, 0.0, 0.0, None)
