"""Turning record text into safe HTML: rule references and glossary terms as
links, mana symbols, word-level diffs, snippets in the reader's script.

Every function here escapes all of the text it is given; the only markup in
its output is the markup it adds itself. Templates receive ``Markup``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape

from judgebot.references import EN_RULES, EN_SECTION, ITEM_RE, ZH_DIGITS, ZH_RULES, ZH_SECTION
from judgebot.text.script import to_hans

DEFINITION_CHARS = 280


@dataclass(frozen=True)
class Link:
    start: int
    end: int
    href: str
    kind: str  # "rule" or "term"
    tip: str = ""  # a glossary definition, shown on hover, focus or tap


def rule_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, number)`` of every rule number mentioned in ``text``.

    Uses the ingest's own reference patterns so what is linked is exactly what
    the corpus counts as a reference; a range (``601.2f–h``) links its first
    number.
    """
    found: list[tuple[int, int, str]] = []
    for pattern in (EN_RULES, ZH_RULES):
        for m in pattern.finditer(text):
            for im in ITEM_RE.finditer(m.group(1)):
                start = m.start(1) + im.start(1)
                found.append((start, start + len(im.group(1)), im.group(1)))
    for m in EN_SECTION.finditer(text):
        for i, group in enumerate(m.groups(), 1):
            if group:
                found.append((m.start(i), m.end(i), group))
    for m in ZH_SECTION.finditer(text):
        found.append((m.start(), m.end(), ZH_DIGITS.get(m.group(1), m.group(1))))
    return sorted(found)


def linked(text: str, links: list[Link], convert: Callable[[str], str] = str,
           tips: bool = True) -> Markup:
    """``text`` escaped, with ``links`` (non-overlapping ones, first wins) as anchors.

    ``convert`` maps each piece of text to the reader's script after the link
    positions were found in the original. Without ``tips`` a term's definition
    is left out (a page holding many texts lists each definition once instead).
    """
    out: list[str] = []
    pos = 0
    for link in sorted(links, key=lambda lk: (lk.start, lk.kind != "rule")):
        if link.start < pos or link.end <= link.start:
            continue
        out.append(_symbols_in(str(escape(convert(text[pos:link.start])))))
        label = escape(convert(text[link.start:link.end]))
        href = escape(link.href)
        if link.kind == "term" and link.tip and tips:
            out.append(
                f'<a class="term" href="{href}">{label}</a>'
                f'<span class="tip" role="tooltip">{escape(convert(link.tip))}</span>'
            )
        else:
            out.append(f'<a class="{link.kind}" href="{href}">{label}</a>')
        pos = link.end
    out.append(_symbols_in(str(escape(convert(text[pos:])))))
    return Markup("".join(out))


def _symbols_in(escaped: str) -> str:
    """Known ``{…}`` symbols in already-escaped text drawn as symbols."""
    return SYMBOL.sub(lambda m: symbol_html(m.group(1)) if symbol_name(m.group(1))
                      else m.group(0), escaped)


def shorten(text: str, limit: int = DEFINITION_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# --- mana symbols -------------------------------------------------------------

SYMBOL = re.compile(r"\{([^{}\s]{1,6})\}")
COLOURS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
SPECIAL = {"T": "tap", "Q": "untap", "S": "snow", "E": "energy", "X": "X", "Y": "Y", "Z": "Z"}


# Chinese release notes write symbols in words: {二}{白}, {横置}.
ZH_SYMBOLS = {"白": "W", "蓝": "U", "藍": "U", "黑": "B", "红": "R", "紅": "R", "绿": "G",
              "綠": "G", "无色": "C", "無色": "C", "横置": "T", "橫置": "T", "重置": "Q",
              "雪境": "S", "〇": "0", "零": "0", "一": "1", "二": "2", "三": "3", "四": "4",
              "五": "5", "六": "6", "七": "7", "八": "8", "九": "9", "十": "10"}


def symbol_name(symbol: str) -> str | None:
    """A spoken name for ``W``, ``2``, ``W/U``, ``G/P``, ``T`` …; None if unknown."""
    s = ZH_SYMBOLS.get(symbol, symbol).upper()
    if s.isdigit():
        return f"{s} generic"
    if s in COLOURS:
        return COLOURS[s]
    if s in SPECIAL:
        return SPECIAL[s]
    parts = s.split("/")
    if len(parts) == 2 and all(p in COLOURS or p.isdigit() or p == "P" for p in parts):
        if parts[1] == "P":
            return f"phyrexian {COLOURS.get(parts[0], parts[0])}"
        return " or ".join(COLOURS.get(p, f"{p} generic") for p in parts)
    return None


def symbol_html(symbol: str) -> str:
    s = ZH_SYMBOLS.get(symbol, symbol).upper()
    name = symbol_name(s)
    if name is None:
        return str(escape("{" + symbol + "}"))
    parts = s.split("/")
    classes = ["ms"]
    if len(parts) == 2:
        classes.append("ms-hybrid")
        classes += [f"ms-{p.lower()}" if not p.isdigit() else "ms-n" for p in parts]
        label = "/".join(p if p != "P" else "φ" for p in parts)
    else:
        classes.append(f"ms-{s.lower()}" if not s.isdigit() else "ms-n")
        label = {"T": "↷", "Q": "↶", "S": "❄", "E": "ϟ"}.get(s, s)
    return (f'<abbr class="{" ".join(classes)}" title="{escape(name)}" '
            f'aria-label="{escape(name)}">{escape(label)}</abbr>')


def mana(cost: str) -> Markup:
    """A normalised cost (``{2}{W}``) drawn as mana symbols."""
    pieces = SYMBOL.findall(cost or "")
    return Markup("".join(symbol_html(p) for p in pieces))


def with_symbols(text: str, convert: Callable[[str], str] = str) -> Markup:
    """Text with every ``{…}`` symbol drawn, the rest escaped."""
    out, pos = [], 0
    for m in SYMBOL.finditer(text or ""):
        out.append(str(escape(convert(text[pos:m.start()]))))
        out.append(symbol_html(m.group(1)))
        pos = m.end()
    out.append(str(escape(convert((text or "")[pos:]))))
    return Markup("".join(out))


# --- diffs --------------------------------------------------------------------

WORDS = re.compile(r"\s+|[^\s]+")


# A changed rule's page diffs its text with its earlier editions' (~0.5 ms a pair):
# the pairs of the pages most recently shown are kept (a few megabytes at most:
# each is a rule's text or two).
DIFFS_KEPT = 4096


@lru_cache(maxsize=DIFFS_KEPT)
def word_diff(old: str, new: str) -> Markup:
    """``old`` → ``new`` word by word: removed words in ``<del>``, added in ``<ins>``."""
    a, b = WORDS.findall(old or ""), WORDS.findall(new or "")
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(str(escape("".join(a[i1:i2]))))
            continue
        if op in ("delete", "replace"):
            out.append(f"<del>{escape(''.join(a[i1:i2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{escape(''.join(b[j1:j2]))}</ins>")
    return Markup("".join(out))


@lru_cache(maxsize=DIFFS_KEPT)
def diff_counts(old: str, new: str) -> tuple[int, int]:
    """Words removed and added between ``old`` and ``new``."""
    a, b = (old or "").split(), (new or "").split()
    removed = added = 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            removed += i2 - i1
        if op in ("insert", "replace"):
            added += j2 - j1
    return removed, added


def snippet(fragment: str, convert: Callable[[str], str] = str) -> Markup:
    """A search snippet (already escaped by the service, ``<mark>`` only) in the
    reader's script. The conversion touches CJK characters only, so the tags
    and entities stay as they were."""
    return Markup(convert(fragment))


def hans(text: str) -> str:
    return to_hans(text) if text else ""
