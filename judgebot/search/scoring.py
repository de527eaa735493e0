"""Term-at-a-time BM25F over a Whoosh index.

Whoosh scores a query document at a time through a tree of union matchers:
every posting of every term climbs the tree in Python, so a question of eight
words over seven fields costs ~20 ms. Scoring term at a time — each term's
postings read block by block and added into one accumulator — computes the
same sums with a few list operations per term.

The scores are Whoosh's own: BM25F with the searcher's parameters, the
same idf and field lengths, term boosts and field boosts as Whoosh applies
them. Disjunctions add their parts' scores, conjunctions keep the documents
in every part and add, ``AndMaybe`` adds the optional part to the required
one, like Whoosh's union, intersection and and-maybe matchers. Any other
query (phrases) is scored by Whoosh's own matcher and added in.

    >>> scorer = Scorer(searcher)                      # doctest: +SKIP
    >>> best, matched = scorer.top(query, 10, allowed=mask)  # doctest: +SKIP
    >>> best[0], len(matched)                               # doctest: +SKIP
    ((12.3, 4711), 382)
"""

from __future__ import annotations

import heapq
import threading
from array import array
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from itertools import accumulate

from whoosh import query as Q
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3LeafMatcher
from whoosh.scoring import BM25F
from whoosh.util.numeric import byte_to_length

Scores = dict[int, float]

# What a term or a phrase scores in each document is the same in every query (the
# index is read-only): the most recently used are kept, up to this many document
# scores in all (~90 bytes each: ~18 MB per process). A term's scores are a
# quarter of a search's CPU, a phrase's can be most of it.
CACHED_SCORES = 200_000
ENTRY_COST = 4  # an entry's own key and record, counted as this many scores


class Scorer:
    """Scores Whoosh queries term at a time on one open (single-segment) searcher."""

    def __init__(self, searcher, masks: dict[tuple[str, str], Sequence[int]] | None = None,
                 cached_scores: int = CACHED_SCORES) -> None:
        if not searcher.is_atomic():
            raise ValueError("term-at-a-time scoring needs a single-segment index")
        weighting = searcher.weighting
        if not isinstance(weighting, BM25F):
            raise ValueError("term-at-a-time scoring implements BM25F only")
        self.searcher = searcher
        self.reader = searcher.reader()
        self.schema = searcher.schema
        self._weighting = weighting
        self._doc_count = self.reader.doc_count_all()
        self._norms: dict[str, list[float]] = {}
        # Terms of unscored (ID) fields known as a per-document mask: in a
        # conjunction they bound the other parts instead of being read (a
        # phrase is then tried on the documents the mask allows only).
        self._masks = masks or {}
        self._mask_sets: dict[tuple[str, str], set[int]] = {}
        self._cache = ScoreCache(cached_scores)
        self._postings: PostingsTable | None = None
        self._keeping = False

    def preload(self, fieldnames: Iterable[str]) -> PostingsTable:
        """Decode every term's postings in ``fieldnames`` now, once, instead of on
        the first query that reads each (see :class:`PostingsTable`)."""
        self._postings = PostingsTable(self.reader, fieldnames)
        return self._postings

    def keep(self, query: Q.Query) -> None:
        """Score ``query`` now and keep what its phrases scored for the life of the
        process, beside the cache of recent scores (see :meth:`ScoreCache.keep`)."""
        self._keeping = True
        try:
            self.scores(query)
        finally:
            self._keeping = False

    # --- public ---------------------------------------------------------------------

    def scores(self, query: Q.Query, within: set[int] | None = None) -> Scores:
        """Every matching document number with its score. ``within``, when
        given, is a promise that only those documents will be kept: queries
        Whoosh must score itself (phrases) are then only tried on them."""
        if isinstance(query, Q.Term):
            return self._term(query)
        if type(query) is Q.Or and not query.minmatch and not query.scale:
            return _scaled(_union([self.scores(q, within) for q in query.subqueries]),
                           query.boost)
        if type(query) is Q.And:
            return _scaled(self._intersection(query.subqueries, within), query.boost)
        if type(query) is Q.AndMaybe:
            required_q, optional_q = query.children()
            required = self.scores(required_q, within)
            optional = self.scores(optional_q, set(required))
            get = optional.get
            return _scaled({d: s + get(d, 0.0) for d, s in required.items()}, query.boost)
        if query is Q.NullQuery:
            return {}
        return self._by_matcher(query, within)

    def top(self, query: Q.Query, limit: int, allowed: Sequence[bool] | None = None,
            prior: Sequence[float] | None = None, favour: dict[int, float] | None = None
            ) -> tuple[list[tuple[float, int]], set[int]]:
        """The best ``limit`` (score, docnum) pairs, best first (ties: lower
        document number first, as Whoosh orders them), and every document that
        matched; ``allowed[docnum]`` says whether a document may be returned.
        ``prior[docnum]`` (or ``favour[docnum]``, which wins) multiplies a
        document's score before the best are chosen."""
        found = self.scores(query)
        if allowed is not None:
            found = {d: s for d, s in found.items() if allowed[d]}
        docs = list(found)
        ranked = list(found.values())
        if favour:
            get = favour.get
            ranked = [s * get(d, prior[d] if prior is not None else 1.0)
                      for d, s in zip(docs, ranked, strict=True)]
        elif prior is not None:
            ranked = [s * prior[d] for d, s in zip(docs, ranked, strict=True)]
        # Only documents scoring at least the limit-th best score can be among the
        # best (ties included): those few are ordered as (-score, docnum), not all.
        floor = heapq.nlargest(limit, ranked)[-1] if 0 < limit < len(ranked) else None
        best = sorted((-s, d) for d, s in zip(docs, ranked, strict=True)
                      if floor is None or s >= floor)[:max(limit, 0)]
        return [(-s, d) for s, d in best], set(found)

    # --- terms ----------------------------------------------------------------------

    def _term(self, term: Q.Term) -> Scores:
        """A term's score in every document holding it (shared: never change it)."""
        key = ("term", term.fieldname, term.text, term.boost)
        found = self._cache.get(key)
        if found is None:
            found = self._term_uncached(term)
            self._cache.put(key, found, len(found))
        return found

    def _term_uncached(self, term: Q.Term) -> Scores:
        fieldname, text = term.fieldname, term.text
        field = self.schema[fieldname] if fieldname in self.schema else None
        if field is None:
            return {}
        btext = field.to_bytes(text)
        ids, weights = self._read(fieldname, btext)
        boost = term.boost
        if field.scorable:
            k1 = self._weighting.K1
            factor = self.searcher.idf(fieldname, btext) * (k1 + 1) * boost
            norm = self._norm(fieldname)
            values = [factor * w / (w + norm[d]) for d, w in zip(ids, weights, strict=True)]
        else:  # Whoosh scores an unscorable field by the posting's weight
            values = [w * boost for w in weights]
        return dict(zip(ids, values, strict=True))

    def _read(self, fieldname: str, btext: bytes) -> tuple[Sequence[int], Sequence[float]]:
        """A term's postings (document numbers and weights); none for a term the
        index does not hold."""
        if self._postings is not None:
            found = self._postings.get(fieldname, btext)
            if found is not None:
                return found
        if (fieldname, btext) not in self.reader:
            return [], []
        return _postings(self.reader.postings(fieldname, btext))

    def _norm(self, fieldname: str) -> list[float]:
        """K1·((1−B) + B·length/average length) for every document: the part of
        BM25's denominator that depends on the document, computed once."""
        norm = self._norms.get(fieldname)
        if norm is None:
            w = self._weighting
            b = w._field_B.get(fieldname, w.B)
            if b == 0:  # no length normalisation: the same for every document
                norm = self._norms[fieldname] = [w.K1] * self._doc_count
                return norm
            # A tiered BM25F knows each field's own average (judgebot.search.tiers).
            average = getattr(w, "avg_field_length", None)
            avg = (average(self.searcher, fieldname) if average else
                   self.searcher.avg_field_length(fieldname)) or 1
            raw = self._length_bytes(fieldname)
            if raw is not None:
                # One length byte per document: the norm of each of the 256 values
                # once, then a lookup per document (a cold start would otherwise
                # spend most of its time here, with 85,000 documents).
                table = [w.K1 * ((1 - b) + b * (byte_to_length(v) if v else 0) / avg)
                         for v in range(256)]
                norm = [table[v] for v in raw]
            else:
                length = self.reader.doc_field_length
                # Whoosh answers None for a document without the field: it has
                # no postings there, so its norm is never read.
                norm = [w.K1 * ((1 - b) + b * (length(d, fieldname, 1) or 0) / avg)
                        for d in range(self._doc_count)]
            self._norms[fieldname] = norm
        return norm

    def _length_bytes(self, fieldname: str) -> bytes | None:
        """Every document's length byte in ``fieldname``, read whole from
        whoosh3's length column; None where this reader is not laid out so."""
        try:
            column = self.reader._perdoc._cached_reader(f"_{fieldname}_len", LENGTHS_COLUMN)
            if column is None:
                return bytes(self._doc_count)
            raw = bytes(column._dbfile.get(column._basepos, column._count))
        except AttributeError:
            return None
        return raw[:self._doc_count] + bytes(max(0, self._doc_count - len(raw)))

    def _intersection(self, subqueries: list[Q.Query], within: set[int] | None) -> Scores:
        """Documents in every part, the plain ones scored first so the parts
        Whoosh must score itself are only tried on the documents left."""
        masked = [q for q in subqueries if self._masked(q)]
        plain = [q for q in subqueries if _plain(q) and q not in masked]
        others = [q for q in subqueries if not _plain(q) and q not in masked]
        for q in masked:  # the documents a masked term allows bound the rest
            allowed = self._mask_set(q)
            within = allowed if within is None else within & allowed
        parts = sorted((self.scores(q) for q in plain), key=len)
        out = dict(parts[0]) if parts else None
        for part in parts[1:]:
            out = _both(out, part)
        for q in others:
            keep = set(out) if out is not None else within
            if within is not None and keep is not within:
                keep &= within
            part = self.scores(q, keep)
            out = part if out is None else _both(out, part)
        if out is None:
            out = {d: 0.0 for d in within or ()}
        for q in masked:  # as Whoosh scores an ID term: its weight, 1, times its boost
            allowed = self._mask_set(q)
            out = {d: s + q.boost for d, s in out.items() if d in allowed}
        return out

    def _mask_set(self, query: Q.Term) -> set[int]:
        key = (query.fieldname, query.text)
        found = self._mask_sets.get(key)
        if found is None:
            mask = self._masks[key]
            found = self._mask_sets[key] = {d for d, on in enumerate(mask) if on}
        return found

    def _masked(self, query: Q.Query) -> bool:
        """An ID-field term whose documents a mask knows (weight 1 each)."""
        return (isinstance(query, Q.Term) and (query.fieldname, query.text) in self._masks
                and not self.schema[query.fieldname].scorable)

    def _by_matcher(self, query: Q.Query, within: set[int] | None) -> Scores:
        """Whoosh's own scores for a query this module does not take apart."""
        if isinstance(query, Q.Phrase):
            return self._phrase(query, within)
        return self._walk(query, within)

    def _phrase(self, query: Q.Phrase, within: set[int] | None) -> Scores:
        """A phrase's scores in ``within`` (every document if None). Whoosh checks
        where the words stand document by document (~0.1 ms each): each document's
        answer is kept, so only documents never checked before are checked."""
        candidates = self._holding_all(query.fieldname, query.words, within)
        key = ("phrase", query.fieldname, tuple(query.words), query.slop, query.boost)
        known = self._cache.get(key)
        if known is None:
            known = PhraseScores()
        todo = candidates - known.checked
        if todo:
            # (a fresh record: another thread may be reading the cached one)
            known = PhraseScores(known.checked | todo,
                                 {**known.scores, **self._walk(query, todo)})
            store = self._cache.keep if self._keeping else self._cache.put
            store(key, known, len(known.checked))
        scores = known.scores
        return {d: scores[d] for d in candidates if d in scores}

    def _walk(self, query: Q.Query, within: set[int] | None) -> Scores:
        """Whoosh's matcher for ``query``, on the documents ``within`` if given."""
        out: Scores = {}
        matcher = query.matcher(self.searcher, self.searcher.context())
        if within is None:
            while matcher.is_active():
                out[matcher.id()] = matcher.score()
                matcher.next()
            return out
        # Few candidates (a phrase's are the documents holding all its words):
        # skipping to each costs less than walking the matcher.
        for docnum in sorted(within):
            if not matcher.is_active():
                break
            if matcher.id() < docnum:
                matcher.skip_to(docnum)
                if not matcher.is_active():
                    break
            if matcher.id() == docnum:
                out[docnum] = matcher.score()
        return out

    def _docs(self, fieldname: str, word: str) -> frozenset[int]:
        """The documents holding ``word`` (without scoring them: a phrase's words)."""
        key = ("docs", fieldname, word)
        found = self._cache.get(key)
        if found is None:
            field = self.schema[fieldname]
            found = frozenset(self._read(fieldname, field.to_bytes(word))[0])
            self._cache.put(key, found, len(found))
        return found

    def _holding_all(self, fieldname: str, words: list[str], within: set[int] | None
                     ) -> set[int]:
        """Documents holding every one of ``words`` (a phrase's candidates)."""
        for word in words:
            docs = self._docs(fieldname, word)
            within = set(docs) if within is None else within & docs
            if not within:
                break
        return within or set()


class PostingsTable:
    """Every term's document numbers and weights in some fields, decoded once.

    Reading a term's postings from the index (its entry in the terms file, then
    each block unzipped and unpickled) is most of what a word costs the first time
    a process searches it, and a question of many words nobody asked before pays it
    for each: the slowest searches of a warm server are those. Decoded once, before
    the server forks its workers, every worker shares them (copy-on-write): per
    field, all ids in one array, all weights in another, and each term's place in
    them, ~6 bytes a posting and ~100 a term. The numbers are the index's own, so
    the scores are the same to the last bit."""

    def __init__(self, reader, fieldnames: Iterable[str]) -> None:
        wanted = set(fieldnames)
        # field → (term → its index i; starts[i]:starts[i + 1] in ids and weights)
        self._fields: dict[str, tuple[dict[bytes, int], array, array, array]] = {}
        self.terms = self.postings = 0
        current = None
        for fieldname, btext in reader.all_terms():  # sorted by field, then term
            if fieldname not in wanted:
                continue
            if fieldname != current:
                current = fieldname
                place, starts, ids, weights = self._fields[fieldname] = (
                    {}, array("Q", [0]), array("I"), array("d"))
            found_ids, found_weights = _postings(reader.postings(fieldname, btext))
            place[btext] = len(starts) - 1
            ids.extend(found_ids)
            weights.extend(found_weights)
            starts.append(len(ids))
            self.terms += 1
            self.postings += len(found_ids)
        for fieldname in wanted - set(self._fields):  # a field with no terms at all
            self._fields[fieldname] = ({}, array("Q", [0]), array("I"), array("d"))
        for fieldname, (place, starts, ids, weights) in self._fields.items():
            # A weight is how often the word stands in the field, a whole number in
            # most fields: kept in two bytes instead of eight (a whole number gives
            # the same sums as the same number as a float).
            if all(w.is_integer() and 0 <= w <= 0xFFFF for w in weights):
                self._fields[fieldname] = (place, starts, ids, array("H", map(int, weights)))

    def get(self, fieldname: str, btext: bytes) -> tuple[array, array] | None:
        """The term's ids and weights (empty for a term the field does not hold);
        None for a field not loaded."""
        held = self._fields.get(fieldname)
        if held is None:
            return None
        place, starts, ids, weights = held
        i = place.get(btext)
        if i is None:
            return _EMPTY
        start, end = starts[i], starts[i + 1]
        return ids[start:end], weights[start:end]

    def nbytes(self) -> int:
        """The arrays' size (the tables of terms come on top)."""
        return sum(a.itemsize * len(a) for _, *arrays in self._fields.values()
                   for a in arrays)


_EMPTY: tuple[array, array] = (array("I"), array("d"))


class PhraseScores:
    """The documents a phrase was checked in, and its scores where it matched."""

    __slots__ = ("checked", "scores")

    def __init__(self, checked: frozenset[int] | set[int] = frozenset(),
                 scores: Scores | None = None) -> None:
        self.checked = frozenset(checked)
        self.scores = scores or {}


class ScoreCache:
    """Least recently used entries, up to ``capacity`` document scores in all.
    Entries are shared between threads: read them, never change them."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.size = 0
        self._entries: OrderedDict[tuple, tuple[object, int]] = OrderedDict()
        self._lock = threading.Lock()
        # Entries kept for good (computed before serving, never dropped, not counted).
        self._kept: dict[tuple, object] = {}

    def get(self, key: tuple):
        kept = self._kept.get(key)
        if kept is not None:
            return kept
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: tuple, value: object, size: int) -> None:
        """Keep ``value`` (``size`` document scores); nothing is kept for nothing found
        (a word the index does not hold costs one lookup to find again, and random
        words must not fill the cache with entries that hold nothing)."""
        if size <= 0:
            return
        size += ENTRY_COST
        if size > self.capacity // 4:  # one huge entry would push out everything else
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._entries[key] = (value, size)
            self.size += size
            while self.size > self.capacity:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.size -= dropped

    def keep(self, key: tuple, value: object, size: int = 0) -> None:
        """Keep ``value`` for the life of the cache, outside its capacity: for what
        a server computes once before it serves (``size`` is not counted)."""
        self._kept[key] = value

    def __len__(self) -> int:
        return len(self._entries)


def _plain(query: Q.Query) -> bool:
    """Scored here from postings alone: terms and disjunctions of terms."""
    return isinstance(query, Q.Term) or (
        type(query) is Q.Or and all(isinstance(q, Q.Term) for q in query.subqueries))


def _postings(matcher) -> tuple[list[int], list[float]]:
    """A term's document numbers and weights: whole blocks decoded at once
    where the matcher is Whoosh's own block reader (whoosh3's W3LeafMatcher,
    whose block layout this reads), one posting at a time otherwise."""
    ids: list[int] = []
    weights: list[float] = []
    if isinstance(matcher, W3LeafMatcher):
        while matcher.is_active():
            if matcher._data is None:
                matcher._read_data()
            block_ids, block_weights = matcher._data[0], matcher._data[1]
            # Ids are stored as gaps unless they fit in bytes; weights as one
            # value when all are equal (None meaning 1.0).
            ids.extend(block_ids if matcher._byteids else accumulate(block_ids))
            if block_weights is None or isinstance(block_weights, float):
                weights.extend([block_weights or 1.0] * matcher._blocklength)
            else:
                weights.extend(block_weights)
            matcher._next_block()
        return ids, weights
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        matcher.next()
    return ids, weights


def _union(parts: list[Scores]) -> Scores:
    if not parts:
        return {}
    parts.sort(key=len, reverse=True)
    out = dict(parts[0])
    get = out.get
    for part in parts[1:]:
        for d, s in part.items():
            out[d] = get(d, 0.0) + s
    return out


def _both(a: Scores, b: Scores) -> Scores:
    """Documents in both, their scores added."""
    return {d: s + b[d] for d, s in a.items() if d in b}


def _scaled(scores: Scores, boost: float) -> Scores:
    if boost == 1.0:
        return scores
    return {d: s * boost for d, s in scores.items()}
