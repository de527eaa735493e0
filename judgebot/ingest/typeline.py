"""Chinese type lines: ``传奇生物~人类/贵族`` → Legendary / Creature / 人类, 贵族.

Supertypes and card types get their canonical English names (CR 205.2a,
205.4a); subtypes stay as printed in Chinese. The OCR-like conversion of the
release notes misread a few type words; the ones the card-name audit found
(``corpus/sources/cardnames/README.md``: 牛物→生物, 油器/油哭→神器, 卅→地,
瞬盲→瞬间) are repaired, and the repair is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SUPERTYPES = {"传奇": "Legendary", "基本": "Basic", "雪境": "Snow", "世界": "World"}
CARD_TYPES = {
    "神器": "Artifact",
    "生物": "Creature",
    "结界": "Enchantment",
    "瞬间": "Instant",
    "法术": "Sorcery",
    "地": "Land",
    "鹏洛客": "Planeswalker",
    "部族": "Tribal",
}
# Misreadings of type words, as listed in cardnames/README.md.
OCR_REPAIRS = {"牛物": "生物", "油器": "神器", "油哭": "神器", "卅": "地", "瞬盲": "瞬间"}
DASHES = "~～—"
SUBTYPE_SPLIT = re.compile(r"\s*/\s*")


@dataclass
class TypeLine:
    printed: str  # as it stands in the source
    text: str  # after repairs, with the spacing normalised: 传奇生物~人类/战士
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)


def parse_type_line(text: str) -> TypeLine | None:
    """The type line in ``text``, or ``None`` if ``text`` is not one."""
    printed = text.strip()
    head, dash, tail = _split_dash(printed)
    repairs: list[str] = []
    parsed = _head(head)
    if parsed is None:
        for wrong, right in OCR_REPAIRS.items():
            if wrong in head:
                fixed = _head(head.replace(wrong, right))
                if fixed is not None:
                    parsed = fixed
                    head = head.replace(wrong, right)
                    repairs.append(f"{wrong}→{right}")
                    break
    if parsed is None:
        return None
    supertypes, types = parsed
    subtypes = [s for s in SUBTYPE_SPLIT.split(tail.strip()) if s] if dash else []
    if dash and (not subtypes or any(not _is_word(s) for s in subtypes)):
        return None
    normal = head + ("~" + "/".join(subtypes) if subtypes else "")
    return TypeLine(printed, normal, supertypes, types, subtypes, repairs)


def _split_dash(text: str) -> tuple[str, str, str]:
    for i, ch in enumerate(text):
        if ch in DASHES:
            return text[:i].strip(), ch, text[i + 1 :]
    return text.strip(), "", ""


def _head(head: str) -> tuple[list[str], list[str]] | None:
    """Supertypes then card types, each word consumed whole, or ``None``."""
    supertypes: list[str] = []
    types: list[str] = []
    rest = head.replace(" ", "")
    if not rest:
        return None
    while rest:
        for table, out in ((SUPERTYPES, supertypes), (CARD_TYPES, types)):
            word = next((w for w in sorted(table, key=len, reverse=True) if rest.startswith(w)),
                        None)
            if word is not None and not (out is supertypes and types):
                out.append(table[word])
                rest = rest[len(word):]
                break
        else:
            return None
    return (supertypes, types) if types else None


def _is_word(text: str) -> bool:
    """A subtype: a short run of CJK characters (or Latin letters), no punctuation."""
    return bool(re.fullmatch(r"[\u4e00-\u9fffA-Za-z·]{1,8}", text))
