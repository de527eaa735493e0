"""Rule references inside rules text, in English and Chinese.

``See rule 704.5a``, ``rules 601.2b and 601.2f–h``, ``section 8``,
``参见规则704.5a``, ``规则601.2b和601.2f–h``, ``规则305.7、以及613.1d``,
``参见603.7d-f``, ``第8章``. The result is the list of rule numbers referred to,
in order of first mention, with ranges expanded (``601.2f–h`` → ``601.2f``,
``601.2g``, ``601.2h``; subrule letters skip l and o).
"""

from __future__ import annotations

import re

LETTERS = "abcdefghijkmnpqrstuvwxyz"  # the CR skips l and o
NUM = r"\d{3}(?:\.\d+[a-z]?)?"
DASH = r"\s*[–—\-~～至到]\s*"
SEP = (r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+"
       r"|\s*[、，,]?\s*(?:以及|[和与及或])\s*|\s*[、，,]\s*)")
ITEM = rf"{NUM}(?:{DASH}(?:{NUM}|[a-z]\b|[a-z](?=[^a-z])))?"

EN_RULES = re.compile(rf"\b[Rr]ules?\s+({ITEM}(?:{SEP}(?:rule\s+)?{ITEM})*)")
EN_SECTION = re.compile(r"\b[Ss]ections?\s+(\d)(?:\s*(?:,|and|or)\s*(\d))*\b")
ZH_RULES = re.compile(rf"(?:规则|規則|第|参见|參見)\s*({ITEM}(?:{SEP}(?:规则|規則)?\s*{ITEM})*)")
ZH_SECTION = re.compile(r"第\s*(\d|[一二三四五六七八九])\s*章")
ITEM_RE = re.compile(rf"({NUM})(?:{DASH}({NUM}|[a-z]))?")
ZH_DIGITS = {c: str(i) for i, c in enumerate("〇一二三四五六七八九")}


def _expand(first: str, last: str | None) -> list[str]:
    if not last:
        return [first]
    if re.fullmatch(r"[a-z]", last):
        last = first[:-1] + last if first[-1].isalpha() else first + last
    head_a, _, tail_a = first.partition(".")
    head_b, _, tail_b = last.partition(".")
    if not tail_a and not tail_b:  # 506–511: sections
        a, b = int(head_a), int(head_b)
        return [str(n) for n in range(a, b + 1)] if 0 <= b - a <= 20 else [first, last]
    ma = re.fullmatch(r"(\d+)\.(\d+)([a-z]?)", first)
    mb = re.fullmatch(r"(\d+)\.(\d+)([a-z]?)", last)
    if not (ma and mb) or ma.group(1) != mb.group(1):
        return [first, last]
    if ma.group(2) == mb.group(2) and ma.group(3) and mb.group(3):
        i, j = LETTERS.find(ma.group(3)), LETTERS.find(mb.group(3))
        if 0 <= i <= j:
            return [f"{ma.group(1)}.{ma.group(2)}{c}" for c in LETTERS[i : j + 1]]
    if not ma.group(3) and not mb.group(3):
        a, b = int(ma.group(2)), int(mb.group(2))
        if 0 <= b - a <= 30:
            return [f"{ma.group(1)}.{n}" for n in range(a, b + 1)]
    return [first, last]


def find_refs(text: str) -> list[str]:
    """Rule numbers referred to in ``text`` (English or Chinese), deduplicated."""
    found: list[tuple[int, str]] = []
    for pattern in (EN_RULES, ZH_RULES):
        for m in pattern.finditer(text):
            for im in ITEM_RE.finditer(m.group(1)):
                at = m.start(1) + im.start()
                found.extend((at, n) for n in _expand(im.group(1), im.group(2)))
    for m in EN_SECTION.finditer(text):
        found.extend((m.start(), g) for g in m.groups() if g)
    for m in ZH_SECTION.finditer(text):
        found.append((m.start(), ZH_DIGITS.get(m.group(1), m.group(1))))
    found.sort(key=lambda item: item[0])
    seen: set[str] = set()
    ordered = []
    for _, number in found:
        if number not in seen:
            seen.add(number)
            ordered.append(number)
    return ordered
