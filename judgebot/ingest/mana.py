"""Mana costs as printed in Chinese documents, normalised to ``{2}{W}{W}``.

Chinese release notes write mana symbols with Chinese characters inside
braces: ``{六}{白}{白}`` is ``{6}{W}{W}``, ``{X}{蓝}`` is ``{X}{U}``, ``{无}``
is ``{C}``, ``{绿/蓝}`` is the hybrid ``{G/U}``. An OCR-like conversion damaged
some of them; :func:`parse_cost` reads what can be read and says what it
repaired:

- brackets: ``(白)``, ``(白}``, ``{红}红}`` (opening brace lost), ``{一}(蓝``
  (closing brace lost), ``[蓝]``;
- order: ``{黑}{二}`` printed for ``{二}{黑}``. Every printed mana cost puts
  X first, then the generic amount, then the coloured symbols, so a generic
  amount printed after a coloured symbol is put back in front;
- ASCII look-alikes of the stroke numerals: ``{--}`` for ``{一}`` and
  ``{ = }`` for ``{二}`` (one and two horizontal strokes).

Any other character inside braces (``{盆}``, ``{型}`` …) is *unreadable*: the
symbol keeps its printed body and no value, and :meth:`ManaCost.text` is empty
unless evidence from elsewhere fills it in (:meth:`ManaCost.resolve`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

COLOURS = {"白": "W", "蓝": "U", "黑": "B", "红": "R", "绿": "G"}
OTHER = {"无": "C", "雪": "S", "X": "X", "x": "X", "Y": "Y", "Z": "Z"}
PHYREXIAN = "P"
DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")}
# Shapes the conversion produced for the stroke numerals 一 and 二.
LOOKALIKES = {"-": "一", "--": "一", "—": "一", "=": "二"}

OPENERS = "{(（["
CLOSERS = "})）]"
# One printed symbol: an opener and/or closer around a short body. At least
# one bracket must be there, or plain text would read as a cost.
TOKEN = re.compile(
    r"(?P<open>[{(（\[])?\s*(?P<body>[^{}()（）\[\]\s]{1,5})\s*(?P<close>[})）\]]*)"
)
VARIABLES = {"X", "Y", "Z"}


@dataclass(frozen=True)
class Symbol:
    raw: str  # as printed, brackets included
    body: str  # the character(s) inside the brackets
    value: str | None  # canonical: "2", "W", "G/U", "X"; None when unreadable
    repaired: tuple[str, ...] = ()

    @property
    def colours(self) -> set[str]:
        if self.value is None:
            return set()
        return {part for part in self.value.split("/") if part in COLOURS.values()}

    @property
    def generic(self) -> bool:
        return self.value is not None and self.value.isdigit()


@dataclass(frozen=True)
class ManaCost:
    raw: str
    symbols: tuple[Symbol, ...]
    repairs: tuple[str, ...] = field(default=())

    @property
    def unreadable(self) -> list[Symbol]:
        return [s for s in self.symbols if s.value is None]

    @property
    def colours(self) -> set[str]:
        return set().union(*(s.colours for s in self.symbols)) if self.symbols else set()

    def text(self) -> str:
        """The normalised cost, or ``""`` while any symbol is unreadable."""
        if self.unreadable:
            return ""
        return "".join("{" + s.value + "}" for s in self.symbols)

    def resolve(self, symbol: Symbol, value: str, evidence: str) -> ManaCost:
        """The same cost with one unreadable symbol read as ``value``."""
        symbols = list(self.symbols)
        at = symbols.index(symbol)
        symbols[at] = replace(symbol, value=value)
        fixed = ManaCost(self.raw, tuple(symbols), self.repairs)
        ordered = _canonical_order(fixed.symbols)
        repairs = [*self.repairs, f"glyph {symbol.body}→{value} ({evidence})"]
        if ordered != fixed.symbols and "order" not in repairs:
            repairs.append("order")
        return ManaCost(self.raw, ordered, tuple(repairs))

    def infer_colour(self, colour: str, evidence: str) -> ManaCost:
        """Read the one unreadable symbol of a mono-coloured card as its colour.

        A card of a mono-coloured section has that colour in its cost; when no
        readable symbol carries a colour and exactly one symbol is unreadable,
        that symbol must be the colour (a cost never has two generic amounts).
        """
        unknown = self.unreadable
        if len(unknown) != 1 or self.colours or colour not in COLOURS.values():
            return self
        return self.resolve(unknown[0], colour, evidence)


def is_cost(text: str) -> bool:
    return parse_cost(text) is not None


def parse_cost(text: str) -> ManaCost | None:
    """The mana cost printed in ``text``, or ``None`` if ``text`` is not only a cost."""
    text = text.strip()
    if not text:
        return None
    symbols: list[Symbol] = []
    repairs: list[str] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        m = TOKEN.match(text, pos)
        if not m or not (m.group("open") or m.group("close")):
            return None
        symbol = _symbol(m)
        if symbol is None:
            return None
        symbols.append(symbol)
        repairs.extend(r for r in symbol.repaired if r not in repairs)
        pos = m.end()
    if not symbols:
        return None
    ordered = _canonical_order(tuple(symbols))
    if ordered != tuple(symbols):
        repairs.append("order")
    return ManaCost(text, ordered, tuple(repairs))


def _symbol(m: re.Match) -> Symbol | None:
    opener, body, closer = m.group("open") or "", m.group("body"), m.group("close")
    repaired: list[str] = []
    if opener != "{" or closer != "}":
        repaired.append("brackets")
    if body in LOOKALIKES:
        repaired.append(f"look-alike {body}→{LOOKALIKES[body]}")
        body_value = _value(LOOKALIKES[body])
    else:
        body_value = _value(body)
    if body_value is None and len(body) > 1 and body not in LOOKALIKES:
        return None  # a word in brackets ({横置}), not a mana symbol
    return Symbol(m.group(0).strip(), body, body_value, tuple(repaired))


def _value(body: str) -> str | None:
    if "/" in body:
        halves = body.split("/")
        parts = [h if h == PHYREXIAN else _value(h) for h in halves]
        if len(parts) == 2 and all(parts) and parts[0] != PHYREXIAN:
            return "/".join(parts)
        return None
    if body.isdigit():
        return str(int(body))
    number = chinese_number(body)
    if number is not None:
        return str(number)
    return COLOURS.get(body) or OTHER.get(body)


def chinese_number(text: str) -> int | None:
    """``零``…``九``, ``十``…``九十九`` as an int; ``None`` for anything else."""
    if len(text) == 1 and text in DIGITS:
        return DIGITS[text]
    m = re.fullmatch(r"([一二三四五六七八九]?)十([一二三四五六七八九]?)", text)
    if m:
        tens = DIGITS[m.group(1)] if m.group(1) else 1
        units = DIGITS[m.group(2)] if m.group(2) else 0
        return tens * 10 + units
    return None


def _canonical_order(symbols: tuple[Symbol, ...]) -> tuple[Symbol, ...]:
    def rank(s: Symbol) -> int:
        if s.value in VARIABLES:
            return 0
        if s.generic:
            return 1
        return 2

    return tuple(sorted(symbols, key=rank))  # sorted() is stable: colours keep their order

