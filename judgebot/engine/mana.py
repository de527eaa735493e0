"""Mana costs, mana pools and paying a cost.

Costs are written as in Oracle text (``{2}{R}{R}``, ``{X}{U}``, ``{W/B}``,
``{C}``) or with the Chinese symbols of the release notes (``{二}{红}``,
``{无}``). Paying a cost is a small search: the pool is used first, then mana
abilities of untapped permanents, in battlefield order, lands before other
permanents, sacrifice abilities last (the engine's documented default).

>>> cost = ManaCost.parse("{2}{R}{R}")
>>> cost.mana_value(), sorted(cost.colors)
(4, ['R'])
>>> str(ManaCost.parse("{三}{白}{白}"))
'{3}{W}{W}'
>>> ManaCost.parse("{X}{U}").mana_value(x=3)
4
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
NAME_TO_COLOR = {v: k for k, v in COLOR_NAMES.items()}
ZH_SYMBOLS = {"白": "W", "蓝": "U", "黑": "B", "红": "R", "绿": "G", "无": "C", "雪": "S"}
ZH_DIGITS = {c: str(i) for i, c in enumerate("零一二三四五六七八九")}
ZH_DIGITS.update({"十": "10", "十一": "11", "十二": "12"})
TOKEN = re.compile(r"\{([^{}]+)\}")


def _symbol(raw: str) -> str:
    raw = raw.strip().upper() if raw.isascii() else raw.strip()
    if raw in ZH_DIGITS:
        return ZH_DIGITS[raw]
    if raw in ZH_SYMBOLS:
        return ZH_SYMBOLS[raw]
    parts = [ZH_SYMBOLS.get(p, ZH_DIGITS.get(p, p)) for p in raw.split("/")]
    sym = "/".join(p.upper() for p in parts)
    valid_single = set(COLORS) | {"C", "X", "S"}
    for part in sym.split("/"):
        if not (part.isdigit() or part in valid_single or part == "P"):
            raise ValueError(f"unknown mana symbol {{{raw}}}")
    return sym


@dataclass(frozen=True)
class ManaCost:
    """A mana cost as a tuple of symbols: ``("2", "R", "R")``."""

    symbols: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | int | None) -> ManaCost:
        """A mana cost from ``{2}{R}{R}`` or the shorthand ``2RR``.

        >>> ManaCost.parse("{2}{R}{R}").mana_value()
        4
        >>> str(ManaCost.parse("2RR"))
        '{2}{R}{R}'
        """
        if text is None:
            return cls(())
        if isinstance(text, int):
            return cls((str(text),)) if text else cls(("0",))
        text = text.strip()
        if not text:
            return cls(())
        tokens = TOKEN.findall(text)
        rest = TOKEN.sub("", text).strip()
        if rest:
            # Plain shorthand such as "2RR" or "X U".
            if tokens:
                raise ValueError(f"cannot read mana cost {text!r}")
            tokens = re.findall(r"\d+|[WUBRGCXS]", rest.upper().replace(" ", ""))
            if "".join(tokens) != rest.upper().replace(" ", ""):
                raise ValueError(f"cannot read mana cost {text!r}")
        return cls(tuple(_symbol(t) for t in tokens))

    def __str__(self) -> str:
        return "".join(f"{{{s}}}" for s in self.symbols)

    def __bool__(self) -> bool:
        return bool(self.symbols)

    @property
    def generic(self) -> int:
        return sum(int(s) for s in self.symbols if s.isdigit())

    @property
    def x_count(self) -> int:
        return self.symbols.count("X")

    @property
    def colors(self) -> frozenset[str]:
        out = set()
        for s in self.symbols:
            out.update(p for p in s.split("/") if p in COLORS)
        return frozenset(out)

    def mana_value(self, x: int = 0) -> int:
        total = 0
        for s in self.symbols:
            if s.isdigit():
                total += int(s)
            elif s == "X":
                total += x
            elif "/" in s:
                parts = s.split("/")
                total += max(int(p) if p.isdigit() else 1 for p in parts)
            else:
                total += 1
        return total

    def devotion(self, color: str) -> int:
        return sum(1 for s in self.symbols if color in s.split("/"))

    def devotion_to(self, colors: str) -> int:
        """Devotion to one colour ("B") or to two ("BR": a hybrid symbol counts once)."""
        return sum(1 for s in self.symbols if set(colors) & set(s.split("/")))

    def with_x(self, x: int) -> ManaCost:
        """The cost to pay once X is chosen."""
        out: list[str] = []
        for s in self.symbols:
            if s == "X":
                if x:
                    out.append(str(x))
            else:
                out.append(s)
        return ManaCost(tuple(out)).normalised()

    def plus(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols).normalised()

    def reduced(self, generic: int) -> ManaCost:
        """Reduce the generic part only (cost reductions, 601.2f)."""
        left = max(0, self.generic - generic)
        rest = tuple(s for s in self.symbols if not s.isdigit())
        return ManaCost(((str(left),) if left else ()) + rest)

    def normalised(self) -> ManaCost:
        generic = self.generic
        rest = tuple(s for s in self.symbols if not s.isdigit())
        return ManaCost(((str(generic),) if generic else ()) + rest)


@dataclass
class ManaPool:
    """A player's mana pool: counts of W U B R G and C (colorless)."""

    mana: Counter = field(default_factory=Counter)

    def add(self, symbols: Iterable[str]) -> None:
        for s in symbols:
            self.mana[s] += 1

    def total(self) -> int:
        return sum(self.mana.values())

    def empty(self) -> None:
        self.mana.clear()

    def __str__(self) -> str:
        return "".join(f"{{{s}}}" * n for s, n in sorted(self.mana.items()) if n)

    @classmethod
    def parse(cls, text: str) -> ManaPool:
        pool = cls()
        for sym in ManaCost.parse(text).symbols:
            if sym.isdigit():
                pool.mana["C"] += int(sym)
            else:
                pool.mana[sym] += 1
        return pool


@dataclass(frozen=True)
class ManaSource:
    """A way to make mana: a mana ability of a permanent (or a card in hand)."""

    object_id: int
    options: tuple[tuple[str, ...], ...]  # each option: the symbols it adds
    label: str
    sacrifice: bool = False  # the ability sacrifices or exiles its source
    tap: bool = True
    extra_cost: str = ""  # e.g. "pay 1 life" (documented in the log)
    rules: tuple[str, ...] = ()  # rules of the mana ability (305.6 for basic land types)
    abilities: tuple = ()  # the mana ability each option comes from (its other effects)


@dataclass
class Payment:
    from_pool: Counter
    sources: list[tuple[ManaSource, tuple[str, ...]]]  # source and the option used
    leftover: Counter  # mana added by sources but not spent (stays in the pool)


def _requirements(cost: ManaCost) -> list[str]:
    """Symbols to pay one by one: colored first, then hybrid, then generic units."""
    colored = [s for s in cost.symbols if not s.isdigit() and "/" not in s and s != "X"]
    hybrid = [s for s in cost.symbols if "/" in s]
    generic = ["1"] * cost.generic
    return colored + hybrid + generic


def _pays(unit: str, need: str) -> bool:
    if need == "1":
        return True
    if "/" in need:
        return any(_pays(unit, part) for part in need.split("/") if not part.isdigit())
    return unit == need


def find_payment(cost: ManaCost, pool: ManaPool,
                 sources: Sequence[ManaSource]) -> Payment | None:
    """A way to pay ``cost`` (X already chosen) from ``pool`` and ``sources``.

    Returns None when the cost can't be paid. Deterministic: the first
    solution in the documented preference order (pool first; generic costs
    paid with colorless mana or colors no later symbol needs).
    """
    needs = _requirements(cost)
    # More symbols to pay than all the mana there could be: no payment (without this bound
    # the search below tries every order of the sources before it gives up).
    most = pool.total() + sum(max((len(o) for o in s.options), default=0) for s in sources)
    if most < len(needs):
        return None
    order = sorted(range(len(sources)), key=lambda i: (sources[i].sacrifice, i))
    pool_units = Counter(pool.mana)

    def unit_order(available: Counter, k: int) -> list[str]:
        later = Counter(u for n in needs[k + 1:] for u in n.split("/") if u in COLORS)
        return sorted((u for u in available if available[u] > 0),
                      key=lambda u: (u != "C", later[u], u))

    def search(k: int, from_pool: Counter, from_sources: Counter,
               opened: list[tuple[int, tuple[str, ...]]]) -> Payment | None:
        if k == len(needs):
            chosen = [(sources[i], opt) for i, opt in opened]
            spent_pool = pool_units - from_pool
            return Payment(+spent_pool, chosen, +from_sources)
        need = needs[k]
        for bucket in (from_pool, from_sources):
            for unit in unit_order(bucket, k):
                if not _pays(unit, need):
                    continue
                bucket[unit] -= 1
                result = search(k + 1, from_pool, from_sources, opened)
                if result:
                    return result
                bucket[unit] += 1
                if need == "1":
                    break
        used = {i for i, _ in opened}
        for i in order:
            if i in used:
                continue
            for opt in sources[i].options:
                if not any(_pays(u, need) for u in opt):
                    continue
                from_sources.update(opt)
                opened.append((i, opt))
                result = search(k, from_pool, from_sources, opened)
                if result:
                    return result
                opened.pop()
                from_sources.subtract(opt)
        return None

    return search(0, Counter(pool.mana), Counter(), [])


def parse_mana_list(text: str) -> tuple[str, ...]:
    """Symbols a mana ability adds: ``{G}`` → ("G",); ``{C}{C}{R}`` → ("C","C","R")."""
    out: list[str] = []
    for sym in ManaCost.parse(text).symbols:
        if sym.isdigit():
            out.extend(["C"] * int(sym))
        else:
            out.append(sym)
    return tuple(out)
