"""Rule references in English and Chinese rules text."""

from __future__ import annotations

import pytest

from judgebot.references import find_refs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See rule 704.5a.", ["704.5a"]),
        ("See rule 702.19, “Trample.”", ["702.19"]),
        ("rules 601.2b and 601.2f–h.", ["601.2b", "601.2f", "601.2g", "601.2h"]),
        ("rules 601.2b, 601.2c, and 601.2f", ["601.2b", "601.2c", "601.2f"]),
        ("See rule 613.1d–613.1f.", ["613.1d", "613.1e", "613.1f"]),
        ("rules 506–511", ["506", "507", "508", "509", "510", "511"]),
        ("See section 8, “Multiplayer Rules.”", ["8"]),
        ("See sections 8 and 9", ["8", "9"]),
        ("参见规则704.5a。", ["704.5a"]),
        ("参见规则 601.2b和601.2f–h", ["601.2b", "601.2f", "601.2g", "601.2h"]),
        ("规则 100.2a、100.2b与100.4", ["100.2a", "100.2b", "100.4"]),
        ("参见第 3章", ["3"]),
        ("第702.19b条", ["702.19b"]),
        ("如需更多信息，请参见603.7d-f。", ["603.7d", "603.7e", "603.7f"]),
        ("参见规则205.1a–b、305.7、以及613.1d。", ["205.1a", "205.1b", "305.7", "613.1d"]),
    ],
)
def test_reference_forms(text, expected):
    assert find_refs(text) == expected


def test_letter_ranges_skip_l_and_o():
    assert find_refs("rules 704.5j–p") == ["704.5j", "704.5k", "704.5m", "704.5n", "704.5p"]


def test_references_are_in_order_of_mention_without_repeats():
    assert find_refs("See rule 702.2 and rule 510.1. 参见规则702.2") == ["702.2", "510.1"]


def test_plain_numbers_are_not_references():
    assert find_refs("Deal 3 damage; 20 life; the year 2019.") == []
