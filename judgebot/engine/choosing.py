"""Players choosing cards: "discard two cards", "sacrifice a creature", the
targets of "up to two target creatures". A choice with as many options as
cards needed is no choice; otherwise it goes to the chooser (a scenario's
``choose``, or an open choice the runner explores).
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter
from judgebot.engine.events import Event, Move
from judgebot.engine.filters import View, matches
from judgebot.engine.state import Game
from judgebot.messages import msg

# Groups of cards a choice lists at most (choose 3 of 9: 84); beyond, a scripted
# answer names the cards, or the first ones are taken as a documented default.
MAX_GROUPS = 120


def choose_cards(game: Game, player: str, cards: list[int], n: int, kind: str,
                 keys: tuple[str, ...] | None = None) -> list[int]:
    """``player`` chooses ``n`` of ``cards`` (a choice, maybe left open)."""
    if n <= 0:
        return []
    if n >= len(cards):
        # No choice: a scripted answer naming exactly these cards is consumed (so that it
        # isn't reported as unused); any other answer is left for a later choice.
        answer = game.chooser.scripted(player, keys or (kind,))
        if answer is not None and names_match(game, answer.value, list(cards)):
            answer.used = True
        return list(cards)
    if comb(len(cards), n) > MAX_GROUPS:
        return _named_or_first(game, player, cards, n, kind, keys)
    return choose_group(game, player, list(combinations(cards, n)), kind, keys)


def choose_order(game: Game, player: str, cards: list[int], kind: str = "put") -> list[int]:
    """``player`` puts ``cards`` in an order of their choice, one card at a time (the
    first chosen first); cards of one name need no choice between them."""
    left, order = list(cards), []
    while left:
        pick = choose_cards(game, player, left, 1, kind, keys=(kind,))[0] \
            if len({game.name_of(o) for o in left}) > 1 else left[0]
        order.append(pick)
        left.remove(pick)
    return order


def choose_between(game: Game, player: str, cards: list[int], least: int, most: int,
                   kind: str, keys: tuple[str, ...] | None = None) -> list[int]:
    """``player`` chooses from ``least`` to ``most`` of ``cards`` ("up to two", "you may
    put a …"): no cards is an option when ``least`` is 0."""
    most = min(most, len(cards))
    least = min(least, most)
    if least == most:
        return choose_cards(game, player, cards, most, kind, keys)
    if sum(comb(len(cards), k) for k in range(least, most + 1)) > MAX_GROUPS:
        # too many groups to list: the cards a scripted answer names (from least to most
        # of them), else the first ``most`` as a documented default
        return _named_or_first(game, player, cards, most, kind, keys, least)
    combos = [c for k in range(least, most + 1) for c in combinations(cards, k)]
    return choose_group(game, player, combos, kind, keys)


def _named_or_first(game: Game, player: str, cards: list[int], n: int, kind: str,
                    keys: tuple[str, ...] | None, least: int | None = None) -> list[int]:
    """Too many groups to list: the cards a scripted answer names, each taken
    once, else the first ``n`` as a documented default."""
    answer = game.chooser.scripted(player, keys or (kind,))
    if answer is not None:
        names = answer.value if isinstance(answer.value, list) else [answer.value]
        left = list(cards)
        chosen = []
        for name in (str(v).lower() for v in names):
            found = next((o for o in left if name in _names(game, o)), None)
            if found is None:
                break
            chosen.append(found)
            left.remove(found)
        if len(chosen) == n or (least is not None and least <= len(chosen) == len(names)
                                and len(chosen) <= n):
            answer.used = True
            return chosen
    game.log.add("default", msg("choosing.first", player=player, n=n, of=len(cards)), ())
    return list(cards[:n])


def choose_group(game: Game, player: str, combos: list[tuple[int, ...]], kind: str,
                 keys: tuple[str, ...] | None = None) -> list[int]:
    """``player`` chooses one of ``combos`` (groups of objects), named by their names."""
    labels = [", ".join(game.name_of(o) for o in c) or "(none)" for c in combos]
    # Identical names are interchangeable: keep one option per distinct set of names.
    seen: dict[str, int] = {}
    for i, label in enumerate(labels):
        key = ",".join(sorted(label.split(", ")))
        seen.setdefault(key, i)
    uniq = sorted(seen.values())
    labels_u = [labels[i] for i in uniq]

    def match(value: Any) -> int | None:
        return next((j for j, i in enumerate(uniq) if names_match(game, value, list(combos[i]))),
                    None)
    index = game.chooser.choose(player, kind, labels_u, keys=keys or (kind,), match=match)
    return list(combos[uniq[index]])



def names_match(game: Game, value: Any, objs: list[int]) -> bool:
    names = value if isinstance(value, list) else [value]
    want = sorted(str(v).lower() for v in names)
    have = [_names(game, o) for o in objs]
    return len(want) == len(have) and assign_names(want, have)


def _names(game: Game, oid: int) -> set[str]:
    """Every name an object answers to in a scenario's choice, lower-cased."""
    return {x.lower() for x in game.chars(oid).names} | {game.name_of(oid).lower()}



def assign_names(want: list[str], have: list[set[str]]) -> bool:
    """Whether each wanted name can be given to a different object that bears it
    (a bipartite matching, augmenting paths: polynomial however many objects)."""
    owner = [-1] * len(have)  # object → the wanted name it was given

    def place(i: int, seen: set[int]) -> bool:
        for j, names in enumerate(have):
            if j not in seen and want[i] in names:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(want)))



def sacrifice_events(game: Game, player: str, f: Filter, n: int, source: int | None,
                     rules: tuple[str, ...] = ()) -> list[Event]:
    view = View(game)
    mine = [o for o in game.battlefield if game.controller_of(o) == player and
            matches(f, view, o, player, source if f.chosen is not None else None)]
    chosen = choose_cards(game, player, mine, n, "sacrifice")
    return [Move(source=source, oid=o, to_zone="graveyard", reason="sacrifice",
                 rules=rules + (R.SACRIFICE,)) for o in chosen]
