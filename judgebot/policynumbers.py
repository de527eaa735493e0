"""The section keys of the tournament documents, shared by every layer.

The Magic Tournament Rules (MTR) and the Infraction Procedure Guide (IPG)
number their chapters ``4`` and sections ``4.2``; before them stands an
``introduction`` and after them come appendices, keyed ``appendix-a``. A
record's id ends in its key (``mtg:mtr:2026-02-27:4.2``,
``mtg:ipg:2024-09-23:appendix-a``), and the pages use it as their path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MTR, IPG = "mtr", "ipg"
# The glossary of Chinese judge terms the documents' Chinese names come from.
JUDGE_TERMS = "policy/judge-terms-zh.tsv"
DOCUMENTS: dict[str, dict[str, str]] = {
    MTR: {"en": "Magic: The Gathering Tournament Rules", "short": "MTR"},
    IPG: {"en": "Magic: The Gathering Infraction Procedure Guide", "short": "IPG"},
}
INTRODUCTION = "introduction"
KEY = re.compile(r"^(?:(?P<chapter>\d{1,2})(?:\.(?P<section>\d{1,2}))?"
                 r"|appendix-(?P<appendix>[a-z])|introduction)$")
# How people write a section: "4.2", "Appendix B", "appendix b", "App. B", "附录B".
_TYPED = re.compile(r"^\s*(?:(?P<number>\d{1,2}(?:\.\d{1,2})?)"
                    r"|(?:appendix|app\.?|附录|附錄)\s*[-.]?\s*(?P<letter>[a-z])"
                    r"|(?P<intro>introduction|intro|引言|前言))\s*$", re.IGNORECASE)


def is_key(key: str) -> bool:
    return isinstance(key, str) and bool(KEY.match(key))


def normalize(text: str) -> str | None:
    """The key of a section as a person types it, or None if it is not one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    m = _TYPED.match(text)
    if not m:
        return None
    if m.group("number"):
        chapter, _, section = m.group("number").partition(".")
        return f"{int(chapter)}.{int(section)}" if section else str(int(chapter))
    if m.group("letter"):
        return f"appendix-{m.group('letter').lower()}"
    return INTRODUCTION


def level_of(key: str) -> str:
    """chapter | section | appendix | introduction."""
    m = KEY.match(key)
    if not m:
        raise ValueError(f"not a section key: {key!r}")
    if m.group("appendix"):
        return "appendix"
    if m.group("chapter") is None:
        return "introduction"
    return "section" if m.group("section") else "chapter"


def parent_of(key: str) -> str | None:
    """A section's chapter; nothing else has a parent."""
    return key.split(".")[0] if level_of(key) == "section" else None


def sort_key(key: str) -> tuple:
    """Document order: introduction, chapters with their sections, appendices."""
    m = KEY.match(key or "")
    if not m:
        return (3, 0, 0, key or "")
    if m.group("appendix"):
        return (2, 0, 0, m.group("appendix"))
    if m.group("chapter") is None:
        return (0, 0, 0, "")
    return (1, int(m.group("chapter")), int(m.group("section") or -1), "")


def label(doc: str, key: str) -> str:
    """``MTR 4.2``, ``IPG Appendix A``, ``MTR Introduction``."""
    short = DOCUMENTS.get(doc, {}).get("short", doc.upper())
    level = level_of(key) if is_key(key) else ""
    if level == "appendix":
        return f"{short} Appendix {key[-1].upper()}"
    if level == "introduction":
        return f"{short} Introduction"
    return f"{short} {key}"


# --- references in the documents' text ------------------------------------------------

_NUMBER = r"\d{1,2}(?:\.\d{1,2})?"
_MTR_NAMES = r"(?:MTR|Magic(?::\s*The Gathering)?\s+Tournament\s+Rules|Tournament\s+Rules)"
_IPG_NAMES = r"(?:IPG|Infraction\s+Procedure\s+Guide)"
_OTHER_DOC = (
    (MTR, re.compile(rf"\b{_MTR_NAMES},?\s+(?:section\s+)?({_NUMBER})\b")),
    (MTR, re.compile(rf"\bsection\s+({_NUMBER})\s+of\s+the\s+{_MTR_NAMES}")),
    (IPG, re.compile(rf"\b{_IPG_NAMES},?\s+(?:section\s+)?({_NUMBER})\b")),
    (IPG, re.compile(rf"\bsection\s+({_NUMBER})\s+of\s+the\s+{_IPG_NAMES}")),
)
_OWN_SECTIONS = re.compile(rf"\b[Ss]ections?\s+({_NUMBER})(?:\s*[-–]\s*(\d{{1,2}}))?\b")
_OWN_PARENTHESIS = re.compile(r"\((\d{1,2}\.\d{1,2})\)")
_OWN_APPENDIX = re.compile(r"\bAppendix\s+([A-F])\b")
_WHOLE_DOCUMENT = ((MTR, re.compile(rf"\b{_MTR_NAMES}\b(?!,?\s+(?:section\s+)?\d)")),
                   (IPG, re.compile(rf"\b{_IPG_NAMES}\b(?!,?\s+(?:section\s+)?\d)")))
_SECTION_WORD = re.compile(r"\b[Ss]ections?\b")


@dataclass(frozen=True)
class SectionRef:
    """A mention of a section (or, keyed ``introduction``, of a whole document)
    in a tournament document's text: where it is and what it names."""

    start: int
    end: int
    doc: str
    key: str


def section_refs(text: str, doc: str) -> list[SectionRef]:
    """What a text of ``doc`` (mtr or ipg) cites of the tournament documents, in
    order: "MTR section 4.3" and "section 5.2 of the Magic Tournament Rules"
    (the other document), "section 2.2", "sections 2-4", "(3.1)" and "Appendix
    B" (its own), and the other document named as a whole."""
    found: list[SectionRef] = []
    claimed: list[tuple[int, int]] = []

    def free(at: int) -> bool:
        return not any(s <= at < e for s, e in claimed)

    for target, pattern in _OTHER_DOC:
        for m in pattern.finditer(text):
            claimed.append(m.span())
            found.append(SectionRef(m.start(1), m.end(1), target, _key(m.group(1))))
    for m in _OWN_SECTIONS.finditer(text):
        if not free(m.start()):
            continue
        first = m.group(1)
        found.append(SectionRef(m.start(1), m.end(1), doc, _key(first)))
        last = m.group(2)
        if last and "." not in first and 0 < int(last) - int(first) <= 10:
            found += [SectionRef(m.start(2), m.end(2), doc, str(n))
                      for n in range(int(first) + 1, int(last) + 1)]
    for m in _OWN_PARENTHESIS.finditer(text):
        if free(m.start()):
            found.append(SectionRef(m.start(1), m.end(1), doc, _key(m.group(1))))
    for m in _OWN_APPENDIX.finditer(text):
        found.append(SectionRef(m.start(), m.end(), doc, f"appendix-{m.group(1).lower()}"))
    for target, pattern in _WHOLE_DOCUMENT:
        if target == doc:
            continue
        for m in pattern.finditer(text):
            if free(m.start()):
                found.append(SectionRef(m.start(), m.end(), target, INTRODUCTION))
    return sorted(found, key=lambda r: (r.start, r.end))


def _key(number: str) -> str:
    return ".".join(str(int(p)) for p in number.split("."))


def mask_sections(text: str) -> str:
    """``text`` with the word "section" blotted out (same length): in these
    documents "section 4" is their own, never Comprehensive Rules chapter 4."""
    return _SECTION_WORD.sub(lambda m: "§" * len(m.group()), text)
