"""Term-at-a-time scoring gives exactly Whoosh's own scores and order."""

from __future__ import annotations

import pytest
from whoosh import query as Q
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.idsets import BitSet
from whoosh.matching import ListMatcher

from judgebot.search.query import parse
from judgebot.search.scoring import ENTRY_COST, ScoreCache, Scorer, _postings

# Queries of every shape the service builds: one word, several words in each
# language, cross-language expansions (phrases inside conjunctions), quoted
# phrases (and-maybe), typos, pinyin and card names.
QUERIES = [
    "trample", "践踏", "踐踏", "jianta", "tramble", "damage assignment",
    "状态动作 衍生物", "first strike combat damage step", "虚空圣杯 牺牲 支付费用",
    "tarmogoyf power toughness card types graveyard", '"state-based actions"',
    '"战斗伤害" 先攻', "法术力异能 不用堆叠", "when can I cast a sorcery", "{T}",
    "+1/+1 counter", "commander damage 21",
]


def whoosh_top(svc, built, limit, mask):
    allowed = BitSet([d for d, ok in enumerate(mask) if ok], size=len(mask))
    found = svc._searcher.search(built, limit=limit, filter=allowed)
    return [(score, docnum) for score, docnum in found.top_n]


@pytest.fixture(scope="module")
def scorer(search_service):
    return Scorer(search_service._searcher)


@pytest.mark.parametrize("q", QUERIES)
def test_same_documents_order_and_scores_as_whoosh(search_service, scorer, q):
    built = search_service._build_query(parse(q))[0]
    mask = search_service._filter_docs({})
    mine, _ = scorer.top(built, 40, mask)
    theirs = whoosh_top(search_service, built, 40, mask)
    assert [d for _, d in mine] == [d for _, d in theirs]
    assert [s for s, _ in mine] == pytest.approx([s for s, _ in theirs], rel=1e-9)


@pytest.mark.parametrize("q", ["damage assignment", "状态动作 衍生物"])
def test_matched_documents_are_every_document_whoosh_matches(search_service, scorer, q):
    built = search_service._build_query(parse(q))[0]
    mask = search_service._filter_docs({})
    _, matched = scorer.top(built, 10, mask)
    everything = set(search_service._searcher.docs_for_query(built))
    assert matched == {d for d in everything if mask[d]}


def test_filter_mask_keeps_only_allowed_documents(search_service, scorer):
    mask = search_service._filter_docs({"kind": "glossary"})
    best, matched = scorer.top(Q.Term("text_en", "trampl"), 50, mask)
    assert best and all(mask[d] for _, d in best) and all(mask[d] for d in matched)
    ids = [search_service._doc_ids[d] for _, d in best]
    assert all(":glossary:" in rid for rid in ids)


@pytest.mark.parametrize("field, word", [
    ("text_en", "creatur"),  # thousands of postings: many blocks, weights stored
    ("text_zh", "伤害"),
    ("section", "7"),  # one weight for a whole block
    ("only", "en"),
    ("names", "trample"),  # a handful of postings
])
def test_block_decoding_reads_what_the_matcher_walks(search_service, field, word):
    reader = search_service._searcher.reader()
    walked = ([], [])
    m = reader.postings(field, word)
    while m.is_active():
        walked[0].append(m.id())
        walked[1].append(m.weight())
        m.next()
    assert walked[0]
    assert _postings(reader.postings(field, word)) == walked


def test_other_matchers_are_walked_a_posting_at_a_time():
    assert _postings(ListMatcher([1, 5, 9], [1.0, 2.5, 1.0])) == ([1, 5, 9], [1.0, 2.5, 1.0])


def test_unknown_terms_and_fields_match_nothing(scorer):
    assert scorer.scores(Q.Term("text_en", "zzzzqqq")) == {}
    assert scorer.scores(Q.Term("no_such_field", "trampl")) == {}
    assert scorer.top(Q.NullQuery, 10) == ([], set())


# --- a small index of its own, for the shapes the service rarely builds -----------

def tiny_index(segments: int = 1):
    schema = Schema(id=ID(stored=True), body=TEXT, tag=ID)
    ix = RamStorage().create_index(schema)
    texts = ["red dragon flies", "blue dragon swims", "red fish swims", "green tree",
             "dragon dragon dragon red", "the red dragon and the blue fish"]
    per = len(texts) // segments
    for s in range(segments):
        with ix.writer() as w:
            for i, text in enumerate(texts[s * per:(s + 1) * per], start=s * per):
                w.add_document(id=str(i), body=text, tag="even" if i % 2 == 0 else "odd")
    return ix


@pytest.fixture()
def tiny():
    ix = tiny_index()
    with ix.searcher() as searcher:
        yield searcher


@pytest.mark.parametrize("query", [
    Q.Term("body", "dragon"),
    Q.Term("body", "tree"),
    Q.Or([Q.Term("body", "red"), Q.Term("body", "dragon", boost=2.5)]),
    Q.And([Q.Term("tag", "even"), Q.Term("body", "dragon")]),
    Q.AndMaybe(Q.Term("body", "swims"), Q.Term("body", "blue")),
    Q.Or([Q.Phrase("body", ["red", "dragon"]), Q.Term("body", "fish")]),
    Q.And([Q.Term("tag", "even"), Q.Phrase("body", ["red", "dragon"], boost=0.6)]),
    Q.Or([Q.Term("body", "red"), Q.Term("body", "blue")], boost=3.0),
    Q.Not(Q.Term("body", "dragon")),  # not taken apart: Whoosh's own matcher
])
def test_each_query_shape_scores_as_whoosh_does(tiny, query):
    mine, matched = Scorer(tiny).top(query, 10)
    theirs = [(s, d) for s, d in tiny.search(query, limit=10).top_n]
    assert [d for _, d in mine] == [d for _, d in theirs]
    assert [s for s, _ in mine] == pytest.approx([s for s, _ in theirs], rel=1e-9)
    assert matched == set(tiny.docs_for_query(query))


def test_conjunction_keeps_documents_holding_every_part(tiny):
    found = Scorer(tiny).scores(Q.And([Q.Term("body", "red"), Q.Term("body", "swims")]))
    assert [tiny.stored_fields(d)["id"] for d in found] == ["2"]


def test_phrase_needs_its_words_in_order(tiny):
    found = Scorer(tiny).scores(Q.Phrase("body", ["red", "dragon"]))
    assert sorted(tiny.stored_fields(d)["id"] for d in found) == ["0", "5"]


def test_index_of_several_segments_is_refused():
    ix = tiny_index(segments=2)
    with ix.searcher() as searcher:
        assert not searcher.is_atomic()
        with pytest.raises(ValueError, match="single-segment"):
            Scorer(searcher)


# --- the per-process cache of term and phrase scores ---------------------------

@pytest.mark.parametrize("q", QUERIES)
def test_cached_scores_are_the_scores_computed_afresh(search_service, q):
    built = search_service._build_query(parse(q))[0]
    mask = search_service._filter_docs({})
    fresh = Scorer(search_service._searcher, cached_scores=0)
    cached = Scorer(search_service._searcher)
    for other in QUERIES[::-1]:  # the cache already holds what other queries read
        cached.top(search_service._build_query(parse(other))[0], 40, mask)
    assert cached.top(built, 40, mask) == fresh.top(built, 40, mask)
    assert cached.scores(built) == fresh.scores(built)


def test_a_phrase_checked_in_some_documents_is_checked_in_the_others_when_asked(tiny):
    phrase = Q.Phrase("body", ["red", "dragon"])
    scorer = Scorer(tiny)
    assert scorer.scores(phrase, within={0, 1}) == Scorer(tiny).scores(phrase, within={0, 1})
    assert scorer.scores(phrase) == Scorer(tiny, cached_scores=0).scores(phrase)
    assert sorted(scorer.scores(phrase)) == [0, 5]


def test_the_cache_keeps_at_most_its_capacity_most_recent_first():
    cache = ScoreCache(capacity=100)  # each entry costs its size and ENTRY_COST
    for i in range(10):
        cache.put(("term", i), {i: 1.0}, 1)
    assert cache.size == 10 * (1 + ENTRY_COST) and cache.get(("term", 0)) == {0: 1.0}
    for i in range(10, 21):
        cache.put(("term", i), {i: 1.0}, 1)
    assert cache.size <= 100
    assert cache.get(("term", 0)) == {0: 1.0}  # used recently: kept
    assert cache.get(("term", 1)) is None  # the least recently used went first
    cache.put(("term", "huge"), {}, 30)  # over a quarter of it: never kept
    assert cache.get(("term", "huge")) is None
    assert ScoreCache(0).get(("x",)) is None


def test_words_the_index_does_not_hold_take_no_room_in_the_cache(search_service):
    scorer = Scorer(search_service._searcher)
    for i in range(100):
        assert scorer.scores(Q.Term("text_en", f"zzq{i}")) == {}
    assert len(scorer._cache) == 0 and scorer._cache.size == 0


# --- postings decoded once, before the server forks -----------------------------

PRELOADED = ("text_en", "text_zh", "title_en", "names", "c_title_zh")


@pytest.fixture(scope="module")
def preloaded(search_service):
    scorer = Scorer(search_service._searcher, cached_scores=0)
    scorer.preload(PRELOADED)
    return scorer


@pytest.mark.parametrize("q", QUERIES)
def test_preloaded_postings_give_the_same_scores_to_the_last_bit(search_service, preloaded, q):
    built = search_service._build_query(parse(q))[0]
    mask = search_service._filter_docs({})
    fresh = Scorer(search_service._searcher, cached_scores=0)
    assert preloaded.top(built, 40, mask) == fresh.top(built, 40, mask)
    assert preloaded.scores(built) == fresh.scores(built)


def test_the_preloaded_table_holds_each_term_as_the_index_does(search_service, preloaded):
    reader = search_service._searcher.reader()
    table = preloaded._postings
    for field in PRELOADED:
        terms = [t for f, t in reader.all_terms() if f == field]
        assert terms
        for btext in terms[::max(1, len(terms) // 50)] + terms[-1:]:
            ids, weights = table.get(field, btext)
            assert (list(ids), list(weights)) == _postings(reader.postings(field, btext))
    assert table.terms == sum(1 for f, _ in reader.all_terms() if f in PRELOADED)
    # four bytes a document number, two a weight (whole numbers), eight a term's start
    assert table.nbytes() <= 6 * table.postings + 8 * (table.terms + len(PRELOADED))
    assert [list(x) for x in table.get("text_en", b"zzzzqqq")] == [[], []]
    assert table.get("c_text_en", b"creatur") is None  # a field not loaded: read as before
    assert preloaded.scores(Q.Term("c_text_en", "creatur"))  # ... from the index


@pytest.mark.parametrize("q", ["战斗伤害 先攻", "法术力异能 不用堆叠", '"战斗伤害" 先攻'])
def test_phrases_kept_before_serving_score_as_computed_afresh(search_service, q):
    # 战斗伤害 brings "combat damage" into the query for the English-only documents
    kept = Scorer(search_service._searcher, cached_scores=0)
    for other, into in [("combat damage", "en"), ("mana ability", "en"), ("先攻", "zh")]:
        kept.keep(search_service._crossing(other, into)[1])
    assert len(kept._cache._kept) >= 2 and len(kept._cache) == 0  # kept outside the capacity
    built = search_service._build_query(parse(q))[0]
    mask = search_service._filter_docs({})
    fresh = Scorer(search_service._searcher, cached_scores=0)
    walked = []
    kept._walk = lambda query, within: walked.append(query) or Scorer._walk(kept, query, within)
    assert kept.top(built, 40, mask) == fresh.top(built, 40, mask)
    assert kept.scores(built) == fresh.scores(built)
    assert not [p for p in walked if p.words == ["combat", "damag"]]  # never checked again


def test_kept_entries_stay_whatever_comes_after():
    cache = ScoreCache(capacity=10)
    cache.keep(("phrase", "kept"), {1: 2.0})
    for i in range(50):
        cache.put(("term", i), {i: 1.0}, 1)
    assert cache.get(("phrase", "kept")) == {1: 2.0} and cache.size <= 10
