"""A bounded per-process cache of the answers of read-only pages and API calls.

The corpus and the index do not change while the server runs, so a rule page, a
glossary entry or a search's results are the same for every request that asks
for the same address with the same reading preferences. Readers ask for some of
them again and again (the popular rules, terms and searches); each process keeps
the most recently asked answers, up to ``max_bytes`` of bodies, and answers a
repeat from them instead of searching and rendering again.

What an answer depends on is the key: the path, the query string, the resolved
preferences (from the cookie, the query and ``Accept-Language``) and whether the
page follows ``Accept-Language`` (its ``Vary``). Only the views named in
``ENDPOINTS`` are cached: each reads nothing else of the request. The headers
every response gets (security headers, ``Vary``, CORS for the request's
``Origin``) are added after, to the cached answer as to a fresh one.

What is kept is strings, bytes and tuples of them: the garbage collector stops
tracking those, so a full cache adds nothing to what its full collections walk.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Response

# The views whose answer is a function of the address and the reading preferences.
ENDPOINTS = frozenset({
    "pages.search", "pages.rule_or_contents", "pages.rule_in_edition", "pages.contents",
    "pages.glossary", "pages.glossary_term", "pages.cards", "pages.card", "pages.notes",
    "pages.note", "pages.guide_index", "pages.guide", "pages.names",
    "api.search", "api.rule", "api.rule_history", "api.contents", "api.glossary",
    "api.glossary_term", "api.cards", "api.card_detail",
})
KEPT_STATUSES = frozenset({200, 301, 302, 308, 404})
DEFAULT_MB = 32
MAX_SHARE = 16  # one answer takes at most this fraction of the cache

Key = tuple[str, bytes, str, bool]
Entry = tuple[int, tuple[tuple[str, str], ...], bytes]


class PageCache:
    """Answers by key, the least recently used dropped first past ``max_bytes``."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.hits = self.misses = 0
        self._entries: OrderedDict[Key, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Response | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
        status, headers, body = entry
        return Response(body, status=status, headers=list(headers))

    def put(self, key: Key, response: Response) -> None:
        """Keep ``response`` (as its view made it) if it can be kept."""
        if (response.status_code not in KEPT_STATUSES or response.direct_passthrough
                or response.is_streamed or "Set-Cookie" in response.headers):
            return
        body = response.get_data()
        if len(body) * MAX_SHARE > self.max_bytes:
            return
        entry = (response.status_code, tuple(response.headers.items()), body)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= len(old[2])
            self._entries[key] = entry
            self.size += len(body)
            while self.size > self.max_bytes:
                _, (_, _, dropped) = self._entries.popitem(last=False)
                self.size -= len(dropped)

    def __len__(self) -> int:
        return len(self._entries)
