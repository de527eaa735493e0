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
from collections.abc import Iterator


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
