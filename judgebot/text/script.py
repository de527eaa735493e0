"""Simplified ⇄ Traditional Chinese (OpenCC) and width normalisation.

Search treats the two scripts as one language: everything is folded to
Simplified for indexing and querying, and converted to the reader's script
for display.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# The official OpenCC (C++ with Python bindings): 23–26 times faster than the
# pure-Python reimplementation on the corpus's text, with the same output
# (bench/bench_opencc.py), so no fast path of our own is needed.
import opencc


@cache
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def to_hans(text: str) -> str:
    """Traditional (or mixed) Chinese → Simplified; other text unchanged."""
    return _converter("t2s").convert(text) if has_cjk(text) else text


def to_hant(text: str) -> str:
    """Simplified (or mixed) Chinese → Traditional; other text unchanged."""
    return _converter("s2t").convert(text) if has_cjk(text) else text


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


# The characters is_cjk() accepts, as one class: searched in C, not a character at a time.
_CJK = re.compile("[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff\U00020000-\U0002ffff]")


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
