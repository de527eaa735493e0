"""The grammar of rule numbers, shared by every layer.

``7`` is a chapter, ``702`` a section, ``702.19`` a rule, ``702.19b`` a
subrule; subrule letters go on past z (``704.5aa``) and skip l and o. Force
of Will numbers sections 1000–1415 and goes one level deeper with roman
numerals (``903.2e-iv``; digits since version 12: ``705.3a-1``), which stay
subrules of ``903.2e``.
"""

from __future__ import annotations

import re

RULE_NUMBER = re.compile(
    r"^(\d{1,4})(?:\.(\d+)(?:([a-z]{1,2})(?:-([ivx]+|\d{1,2}))?)?)?$")
ROMAN = {"i": 1, "v": 5, "x": 10}


def _parts(number: str) -> tuple[str, str | None, str, str]:
    m = RULE_NUMBER.match(number)
    if not m:
        raise ValueError(f"not a rule number: {number!r}")
    head, rule, letters, roman = m.groups()
    return head, rule, letters or "", roman or ""


def _roman_value(numeral: str) -> int:
    if numeral.isdigit():  # Force of Will 12.x numbers them: 705.3a-1
        return int(numeral)
    values = [ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v
               for i, v in enumerate(values))


def level_of(number: str) -> str:
    head, rule, letters, _ = _parts(number)
    if rule is None:
        return "chapter" if len(head) <= 2 else "section"
    return "subrule" if letters else "rule"


def parent_number(number: str) -> str | None:
    head, rule, letters, roman = _parts(number)
    if roman:
        return f"{head}.{rule}{letters}"
    if letters:
        return f"{head}.{rule}"
    if rule is not None:
        return head
    if len(head) >= 3:
        return head[: len(head) - 2]  # section 702 → chapter 7; FoW 1102 → chapter 11
    return None


def sort_key(number: str) -> tuple:
    """Document order of rule numbers (``702.9`` < ``702.10``; ``z`` < ``aa``;
    ``903.2e`` < ``903.2e-iv`` < ``903.2e-v`` < ``903.2f``)."""
    try:
        head, rule, letters, roman = _parts(number)
    except ValueError:
        return (10**9, number)
    if rule is None and len(head) <= 2:  # a chapter: 7 → before section 700
        return (int(head) * 100, -2, 0, "")
    key = (int(head), -1 if rule is None else int(rule), len(letters), letters)
    return key + (_roman_value(roman),) if roman else key
