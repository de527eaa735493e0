"""Highlighted, HTML-safe excerpts of a record's text around the query's words."""

from __future__ import annotations

import html
import re

SNIPPET_CHARS = 180


def find_terms(text: str, terms: set[str], stemmed: bool) -> list[tuple[int, int]]:
    """Where the indexed terms occur in stored (folded) text, as character spans.

    Chinese terms are literal substrings of the folded text; an English term is
    a stem, found as the start of a word (``trampl`` in ``Trample``), so no text
    needs analysing again to highlight it.
    """
    if not text or not terms:
        return []
    spans: list[tuple[int, int]] = []
    lower = text.lower()
    for term in terms:
        if not term or term.startswith("{") and term not in lower:
            continue
        if stemmed or term.isascii():
            spans.extend(m.span() for m in _stem_pattern(term).finditer(lower))
        else:
            start = lower.find(term)
            while start >= 0:
                spans.append((start, start + len(term)))
                start = lower.find(term, start + len(term))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def holds(lower: str, terms: set[str]) -> bool:
    """Whether lower-cased text holds any of the terms (as ``find_terms`` finds them)."""
    return any(term and term in lower and _stem_pattern(term).search(lower)
               for term in terms)


def _stem_pattern(term: str) -> re.Pattern:
    """An English stem as the start of a word; any other term as a substring."""
    pattern = _STEM_PATTERNS.get(term)
    if pattern is None:
        pattern = re.compile(r"(?<![a-z0-9])" + re.escape(term) + r"[a-z]*")
        if len(_STEM_PATTERNS) < 20000:
            _STEM_PATTERNS[term] = pattern
    return pattern


_STEM_PATTERNS: dict[str, re.Pattern] = {}


def snippet(text: str, spans: list[tuple[int, int]], width: int = SNIPPET_CHARS) -> str:
    """An HTML-safe excerpt of ``text`` around the densest run of matches.

    Every character of the text is escaped; only the ``<mark>`` tags are markup.
    """
    if not text:
        return ""
    start = 0
    if spans:
        best, best_count = spans[0][0], 0
        for s, _ in spans:
            count = sum(1 for s2, _ in spans if s <= s2 < s + width)
            if count > best_count:
                best, best_count = s, count
        start = max(0, best - width // 4)
    end = min(len(text), start + width)
    out: list[str] = ["…" if start > 0 else ""]
    pos = start
    for s, e in spans:
        if e <= pos or s >= end:
            continue
        s = max(s, pos)
        out.append(html.escape(text[pos:s]))
        out.append(f"<mark>{html.escape(text[s:min(e, end)])}</mark>")
        pos = min(e, end)
    out.append(html.escape(text[pos:end]))
    if end < len(text):
        out.append("…")
    return "".join(out).replace("\n", " ")
