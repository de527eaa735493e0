"""Simplified ⇄ Traditional Chinese (OpenCC) and width normalisation.

Search treats the two scripts as one language: everything is folded to
Simplified for indexing and querying, and converted to the reader's script
for display.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import opencc


@cache
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


@cache
def _traditional_chars() -> frozenset[str]:
    """Characters OpenCC's t2s conversion may change (from its own dictionary)."""
    path = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    chars = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, values = line.partition("\t")
        if key and values.split() != [key]:
            chars.add(key)
    return frozenset(chars)


def to_hans(text: str) -> str:
    """Traditional (or mixed) Chinese → Simplified; other text unchanged."""
    # Most text is already Simplified: skip the (slow) conversion when no
    # character in it is one that t2s would change.
    trad = _traditional_chars()
    if not any(ch in trad for ch in text):
        return text
    return _converter("t2s").convert(text)


def to_hant(text: str) -> str:
    """Simplified (or mixed) Chinese → Traditional; other text unchanged."""
    return _converter("s2t").convert(text) if has_cjk(text) else text


def has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0xF900 <= code <= 0xFAFF
        or 0x20000 <= code <= 0x2FFFF
    )


_WIDE = re.compile("[\uff01-\uff5e\u3000]")


def fold_width(text: str) -> str:
    """Full-width ASCII (``７０２．１９ｂ``) → ASCII; CJK punctuation kept."""
    if not _WIDE.search(text):  # most text has none: no per-character pass
        return text
    return _WIDE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
