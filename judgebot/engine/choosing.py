"""Players choosing cards: "discard two cards", "sacrifice a creature", the
targets of "up to two target creatures". A choice with as many options as
cards needed is no choice; otherwise it goes to the chooser (a scenario's
``choose``, or an open choice the runner explores).
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter
from judgebot.engine.events import Event, Move
from judgebot.engine.filters import View, matches
from judgebot.engine.state import Game


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
    return choose_group(game, player, list(combinations(cards, n)), kind, keys)


def choose_group(game: Game, player: str, combos: list[tuple[int, ...]], kind: str,
                 keys: tuple[str, ...] | None = None) -> list[int]:
    """``player`` chooses one of ``combos`` (groups of objects), named by their names."""
    labels = [", ".join(game.name_of(o) for o in c) for c in combos]
    # Identical names are interchangeable: keep one option per distinct set of names.
    seen: dict[str, int] = {}
    for i, label in enumerate(labels):
        key = ",".join(sorted(label.split(", ")))
        seen.setdefault(key, i)
    uniq = sorted(seen.values())
    labels_u = [labels[i] for i in uniq]

    def match(value: Any) -> int | None:
        names = value if isinstance(value, list) else [value]
        want = sorted(str(v).lower() for v in names)
        for j, i in enumerate(uniq):
            have = []
            for o in combos[i]:
                have.append(game.name_of(o).lower())
            obj_names = [set(x.lower() for x in game.chars(o).names) | {game.name_of(o).lower()}
                         for o in combos[i]]
            if len(want) == len(obj_names) and assign_names(want, obj_names):
                return j
        return None
    index = game.chooser.choose(player, kind, labels_u, keys=keys or (kind,), match=match)
    return list(combos[uniq[index]])



def names_match(game: Game, value: Any, objs: list[int]) -> bool:
    names = value if isinstance(value, list) else [value]
    want = sorted(str(v).lower() for v in names)
    have = [set(x.lower() for x in game.chars(o).names) | {game.name_of(o).lower()}
            for o in objs]
    return len(want) == len(have) and assign_names(want, have)



def assign_names(want: list[str], have: list[set[str]]) -> bool:
    for perm in permutations(range(len(have))):
        if all(want[i] in have[perm[i]] for i in range(len(want))):
            return True
    return False



def sacrifice_events(game: Game, player: str, f: Filter, n: int, source: int | None,
                     rules: tuple[str, ...] = ()) -> list[Event]:
    view = View(game)
    mine = [o for o in game.battlefield if game.controller_of(o) == player and
            matches(f, view, o, player, source if f.chosen is not None else None)]
    chosen = choose_cards(game, player, mine, n, "sacrifice")
    return [Move(source=source, oid=o, to_zone="graveyard", reason="sacrifice",
                 rules=rules + (R.SACRIFICE,)) for o in chosen]
