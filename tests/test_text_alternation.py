"""The trie pattern finds what the alternation of the words, longest first, finds."""

import random
import re

from judgebot.text.alternation import longest_first


def sorted_alternation(words, word_bounds=False, ignore_case=False):
    body = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"\b(?:{body})\b" if word_bounds else body,
                      re.IGNORECASE if ignore_case else 0)


def spans(pattern, text):
    return [m.span() for m in pattern.finditer(text)]


def test_the_longest_word_that_ends_at_a_word_boundary_wins():
    pattern = longest_first(["cast", "casting", "cast a spell", "active player"],
                            word_bounds=True, ignore_case=True)
    text = "Casting a spell: cast a spell, castings, Active Player."
    assert [m.group() for m in pattern.finditer(text)] == [
        "Casting", "cast a spell", "Active Player"]


def test_chinese_words_without_word_boundaries():
    pattern = longest_first(["践踏", "践踏异能", "死触"])
    assert [m.group() for m in pattern.finditer("具有践踏异能与死触的生物践踏")] == [
        "践踏异能", "死触", "践踏"]


def test_no_words_no_pattern():
    assert longest_first([]) is None
    assert longest_first(["", ""]) is None


def test_the_same_matches_as_the_sorted_alternation():
    rng = random.Random(7)
    alphabet = "abAB -'"
    for _ in range(200):
        words = {"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6)))
                 for _ in range(rng.randint(1, 12))}
        text = "".join(rng.choice(alphabet + ".") for _ in range(80))
        for bounds in (False, True):
            for case in (False, True):
                assert spans(longest_first(words, word_bounds=bounds, ignore_case=case),
                             text) == spans(sorted_alternation(words, bounds, case), text), (
                    words, text, bounds, case)
