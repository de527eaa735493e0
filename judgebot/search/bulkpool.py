"""A posting pool that keeps a whole index build in memory, by term.

Whoosh's own pool (``whoosh.writing.PostingPool``) collects every posting as a
tuple, spills runs of them to temporary files with pickle once it holds a
few hundred MB, and merges the runs back with a heap: with the card file in
the corpus (about 2.7 million postings) that round trip was most of the
index build. This pool groups postings by (field, term) as they come (a
document's postings arrive in document order, so each term's list is already
sorted), keeps document numbers and weights in arrays, and hands the writer
the terms in order: the same postings, in the same order, without a sort or
a temporary file. It is used for a build from scratch only (one segment).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import MethodType

from whoosh.codec.whoosh3 import LENGTHS_COLUMN
from whoosh.util.numeric import byte_to_length


class MemoryPool:
    def __init__(self) -> None:
        self._terms: dict[tuple[str, bytes], tuple[array, array, list]] = {}
        self.fieldnames: set[str] = set()

    def add(self, item: tuple) -> None:
        """One posting: ``(fieldname, tbytes, docnum, weight, vbytes)``."""
        key = (item[0], item[1])
        found = self._terms.get(key)
        if found is None:
            found = self._terms[key] = (array("I"), array("d"), [])
            self.fieldnames.add(item[0])
        found[0].append(item[2])
        found[1].append(item[3])
        found[2].append(item[4])

    def iter_postings(self) -> Iterator[tuple]:
        """Every posting, by field, term and document number."""
        terms = self._terms
        for key in sorted(terms):
            fieldname, tbytes = key
            docnums, weights, values = terms.pop(key)
            for docnum, weight, value in zip(docnums, weights, values, strict=True):
                yield fieldname, tbytes, docnum, weight, value

    def cleanup(self) -> None:
        self._terms.clear()


class _Lengths:
    """Every document's field lengths, read whole from the length columns of
    the segment being written (whoosh looks one up for every posting)."""

    def __init__(self, reader, fieldnames) -> None:
        table = [byte_to_length(b) for b in range(256)]
        self._lengths: dict[str, list[int]] = {}
        count = reader.doc_count_all()
        for fieldname in fieldnames:
            column = reader._cached_reader(f"_{fieldname}_len", LENGTHS_COLUMN)
            if column is None:
                continue
            raw = bytes(column._dbfile.get(column._basepos, column._count))[:count]
            self._lengths[fieldname] = [table[b] for b in raw] + [0] * (count - len(raw))

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> int:
        found = self._lengths.get(fieldname)
        return found[docnum] if found is not None else default


def _flush_segment(writer) -> None:
    """``SegmentWriter._flush_segment`` with the lengths read in bulk."""
    writer.perdocwriter.close()
    reader = writer.per_document_reader() if writer.codec.length_stats else None
    lengths = _Lengths(reader, writer.pool.fieldnames) if reader is not None else None
    writer.fieldwriter.add_postings(writer.schema, lengths, writer.pool.iter_postings())
    writer.fieldwriter.close()
    if reader is not None:
        reader.close()


def bulk_writer(writer):
    """Make ``writer`` (a fresh one-segment build) keep its postings in a
    :class:`MemoryPool` and read the field lengths in bulk when it flushes."""
    writer.pool = MemoryPool()
    writer._flush_segment = MethodType(_flush_segment, writer)
    return writer


@contextmanager
def repeated_values(schema, rows: list[dict]):
    """While adding ``rows``, each indexed field analyses a value it is given
    more than once (the same Chinese rule in every English edition's document)
    only once. The fields are left as they were afterwards (the schema is
    pickled with the index)."""
    seen = Counter((name, value) for row in rows for name, value in row.items()
                   if isinstance(value, str) and name in schema and schema[name].indexed)
    patched = []
    for name in {name for (name, _), n in seen.items() if n > 1}:
        field = schema[name]
        repeated = {value for (fname, value), n in seen.items() if fname == name and n > 1}
        field.index = _memo(field.index, repeated)
        patched.append(field)
    try:
        yield
    finally:
        for field in patched:
            del field.index


def _memo(index, repeated: set[str]):
    cache: dict[str, list] = {}

    def cached(value, **kwargs):
        if kwargs or value not in repeated:
            return index(value, **kwargs)
        found = cache.get(value)
        if found is None:
            found = cache[value] = list(index(value))
        return found
    return cached
