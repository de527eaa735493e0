"""Editions of the corpus's documents, and which of them is current.

Kept apart from the store so that what builds records (the card ingester
asks which rules are current) and what reads them agree without importing
each other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def edition_key(edition: str) -> tuple:
    """Orders editions oldest first: dates (2025-11-14) and versions (6.3, 12.7)."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", edition):
        return (1, edition)
    if re.fullmatch(r"\d+(?:\.\d+)*", edition):
        return (1, tuple(int(p) for p in edition.split(".")))
    return (0, edition)


def is_versioned(edition: str) -> bool:
    """Whether an edition is one of a series (a date or a version number)."""
    return edition_key(edition)[0] == 1


def current(editions: Iterable[str]) -> str | None:
    """The newest edition of a series (dates, versions), else the only one."""
    known = sorted(set(editions), key=edition_key)
    series = [e for e in known if is_versioned(e)]
    if series:
        return series[-1]
    return known[0] if known else None
