"""Edit distance: bounded by a limit, it is exact up to the limit."""

from __future__ import annotations

import itertools
import random

import pytest

from judgebot.search.spelling import _distance, distance


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("trample", "trample", 0), ("tramble", "trample", 1), ("tarmple", "trample", 1),
    ("", "abc", 3), ("abc", "", 3), ("ca", "abc", 3), ("deathtouch", "deahttouch", 1),
])
def test_distance_counts_edits_and_adjacent_swaps(a, b, expected):
    assert distance(a, b) == expected


def test_bounded_distance_is_exact_up_to_the_limit_and_one_more_beyond():
    rng = random.Random(7)
    words = ["".join(p) for n in range(5) for p in itertools.product("abc", repeat=n)]
    pairs = [(rng.choice(words), rng.choice(words)) for _ in range(3000)]
    pairs += [("".join(rng.choice("abcd") for _ in range(rng.randint(5, 12))),
               "".join(rng.choice("abcd") for _ in range(rng.randint(5, 12))))
              for _ in range(2000)]
    for a, b in pairs:
        full = _distance(a, b)
        for limit in range(5):
            assert distance(a, b, limit) == min(full, limit + 1), (a, b, limit)
