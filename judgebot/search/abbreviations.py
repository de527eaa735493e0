"""Judges' shorthand for the game's terms, each spelt out as the glossary
headword it stands for. Judge knowledge, not corpus text: the Comprehensive
Rules never write "SBA" or "ETB", but the people who look rules up do.

Search reads an abbreviation in a query as its headword, and looking an
abbreviation up finds that headword's glossary entry.
"""

from __future__ import annotations

import re

ABBREVIATIONS: dict[str, str] = {
    "sba": "State-Based Actions",
    "sbas": "State-Based Actions",
    "etb": "Enters the Battlefield",
    "etbs": "Enters the Battlefield",
    "ltb": "Leaves the Battlefield",
    "cmc": "Mana Value",
    "mv": "Mana Value",
    "dfc": "Double-Faced Cards",
    "dfcs": "Double-Faced Cards",
    "mdfc": "Modal Double-Faced Cards",
    "mdfcs": "Modal Double-Faced Cards",
    "2hg": "Two-Headed Giant Variant",
    "lki": "Last Known Information",
    "cda": "Characteristic-Defining Ability",
    "cdas": "Characteristic-Defining Ability",
}

# Table slang the rules never use, and the rule that says what it means. A
# query that is such a word finds that rule first. Rule numbers of the current
# edition (a test checks each exists).
SLANG: dict[str, tuple[str, ...]] = {
    "fizzle": ("608.2b",), "fizzles": ("608.2b",), "fizzled": ("608.2b",),
    "fizzling": ("608.2b",), "失效": ("608.2b",), "fizzle out": ("608.2b",),
    "blink": ("400.7",), "blinked": ("400.7",), "flicker": ("400.7",),
    "flickered": ("400.7",), "闪烁": ("400.7",),
    "dork": ("605.1a",), "dorks": ("605.1a",), "mana dork": ("605.1a",),
    "mana dorks": ("605.1a",),
}

_WORD = re.compile(r"(?<![\w/+-])[A-Za-z0-9]+(?![\w/+-])")


def spell_out(text: str) -> tuple[str, list[str]]:
    """``text`` with each abbreviation replaced by its headword, and the
    replacements made (``"SBA → State-Based Actions"``)."""
    made: list[str] = []

    def replace(m: re.Match) -> str:
        full = ABBREVIATIONS.get(m.group().lower())
        if full is None:
            return m.group()
        made.append(f"{m.group()} → {full}")
        return full

    return _WORD.sub(replace, text), made
