"""Targets: what may be chosen for each instance of the word "target" (115,
601.2c), choosing them (from the scenario, or left open), dividing damage
among them (601.2d), checking them again on resolution (608.2b), and the
"becomes the target" event.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Filter, SpellAbility, TargetSpec, spell_ability
from judgebot.engine.choosing import choose_cards
from judgebot.engine.errors import IllegalAction, Unsupported
from judgebot.engine.events import Happened
from judgebot.engine.filters import View, amount, objects_in
from judgebot.engine.rules import ABILITY_TARGETS, target_legal
from judgebot.engine.state import Chars, Game
from judgebot.engine.triggers import notice
from judgebot.messages import Joined, Message, msg


def targets_text(game: Game, targets: list[list[Any]]) -> Message:
    """" targeting A, B" (or nothing), as a message."""
    names = tuple(game.label(t) for slot in targets for t in slot)
    return msg("targeting.targeting", names=Joined(names)) if names else msg("list.nothing")



def ability_named(game: Game, target: Any) -> Any:
    """A scenario names an ability on the stack by its source: the topmost ability of that
    object still on the stack (a spell named is itself)."""
    if not isinstance(target, int) or game.stack_item(target) is not None:
        return target
    for item in reversed(game.stack):
        if item.is_stack_ability and item.source_id == target:
            return item.id
    return target


def legal_targets(game: Game, spec: TargetSpec, controller: str, source: Chars | None,
                  source_id: int | None, is_spell: bool) -> list[Any]:
    out: list[Any] = []
    if spec.kind in ("any", "player", "player_or_planeswalker"):
        out.extend(p for p in game.order if target_legal(game, spec, p, controller, source,
                                                         source_id, is_spell)[0])
    if spec.kind == "spell":
        cands = [i.id for i in game.stack if not i.is_stack_ability]
    elif spec.kind in ABILITY_TARGETS:
        cands = [i.id for i in game.stack]
    elif spec.kind == "spell_or_permanent":
        cands = [i.id for i in game.stack if not i.is_stack_ability] + list(game.battlefield)
    elif spec.kind == "player":
        cands = []
    elif spec.kind == "player_or_planeswalker":
        cands = list(game.battlefield)
    else:
        zone = spec.filter.zone if spec.kind != "any" else "battlefield"
        cands = objects_in(View(game), zone)
    out.extend(o for o in cands if target_legal(game, spec, o, controller, source, source_id,
                                                is_spell)[0])
    return out



def regroup(specs: tuple[TargetSpec, ...], given: list[list[Any]]) -> list[list[Any]]:
    """Targets named one by one (``targets: [A, B]``) for a spell whose one "target" word
    takes several ("up to two target creatures"): each instance of "target" takes as many
    as it may, leaving one for each instance after it."""
    if len(given) <= len(specs) or not all(len(slot) == 1 for slot in given):
        return given
    flat = [slot[0] for slot in given]
    out: list[list[Any]] = []
    for i, spec in enumerate(specs):
        later = len(specs) - i - 1
        take = max(1, min(spec.count, len(flat) - later))
        out.append(flat[:take])
        flat = flat[take:]
    if flat:
        return given
    return out


def choose_targets(game: Game, player: str, specs: tuple[TargetSpec, ...],
                    given: list[list[Any]] | None, source: Chars | None,
                    source_id: int | None, is_spell: bool, name: str,
                    x: int | None = None) -> list[list[Any]]:
    out: list[list[Any]] = []
    if any(s.count < 0 for s in specs):
        # "X target creatures": the value of X is announced first (601.2b), then as many
        # targets are chosen (601.2c)
        if x is None:
            raise Unsupported(msg("targeting.x_targets", name=name))
        specs = tuple(replace(s, count=x, up_to=s.up_to or x == 0) if s.count < 0 else s
                      for s in specs)
    if given is not None:
        given = regroup(specs, given)
    for i, spec in enumerate(specs):
        chosen = given[i] if given is not None and i < len(given) else None
        if chosen and spec.kind in ABILITY_TARGETS:
            chosen = [ability_named(game, t) for t in chosen]
        if spec.count == 0:  # X = 0: no targets for this word "target"
            if chosen:
                raise IllegalAction(msg("targeting.choose_targets.2", name=name, count=0,
                                        text=spec.text), (R.CAST_TARGETS,))
            out.append([])
            continue
        if chosen is None:
            options = legal_targets(game, spec, player, source, source_id, is_spell)
            if not options:
                if spec.up_to and not spec.at_least:
                    out.append([])
                    continue
                raise IllegalAction(msg("targeting.choose_targets.5", name=name,
                                        value=spec.text or 'a target'), (R.CAST_TARGETS,))
            labels = [game.name_of(o) for o in options]
            if spec.count > 1:
                # "up to two": none unless the scenario names them; "one or two": the least
                chosen = choose_cards(game, player, options, min(spec.count, len(options)),
                                      "targets", keys=("targets",)) \
                    if not spec.up_to else choose_cards(
                        game, player, options, spec.at_least, "targets", keys=("targets",)) \
                    if spec.at_least else options[:0]
            else:
                index = game.chooser.choose(player, "targets", labels, keys=("targets",),
                                            note=f"{name}: {spec.text}")
                chosen = [options[index]]
        for t in chosen:
            ok, why, rules = target_legal(game, spec, t, player, source, source_id, is_spell)
            if not ok:
                raise IllegalAction(msg("targeting.choose_targets.6", t=game.label(t), name=name,
                                        why=why),
                                    tuple(rules) + ((R.CAST_TARGETS,) if R.CAST_TARGETS
                                                    not in rules else ()))
        if len(chosen) > spec.count:
            raise IllegalAction(msg("targeting.choose_targets.2", name=name, count=spec.count,
                                    text=spec.text),
                                (R.CAST_TARGETS,))
        if len(set(chosen)) != len(chosen):
            raise IllegalAction(msg("targeting.choose_targets.3"), (R.CAST_TARGETS,))
        if spec.same_owner and chosen:
            _same_owner(game, spec, chosen, out, name)
        if spec.at_least and len(chosen) < spec.at_least:
            raise IllegalAction(msg("targeting.too_few", name=name, count=spec.at_least,
                                    text=spec.text), (R.CAST_TARGETS, R.TARGETS))
        if len(chosen) < spec.count and not spec.up_to and not spec.divide:
            # "two target creatures": exactly that many (601.2c, 115.1)
            raise IllegalAction(msg("targeting.too_few", name=name, count=spec.count,
                                    text=spec.text), (R.CAST_TARGETS, R.TARGETS))
        out.append(list(chosen))
    if given is not None and len(given) > len(specs):
        if not specs:
            raise IllegalAction(msg("targeting.choose_targets.4", name=name), (R.CAST_TARGETS,))
        raise IllegalAction(msg("targeting.choose_targets", name=name, value=len(specs),
                                value2=len(given)),
                            (R.CAST_TARGETS,))
    return out



def _same_owner(game: Game, spec: TargetSpec, chosen: list[Any], before: list[list[Any]],
                name: str) -> None:
    """Cards targeted "from a single graveyard" have one owner; "target cards from their
    graveyard" after "target player": that player's (115.1, 601.2c)."""
    if spec.same_owner == "same_controller":
        # "two target creatures controlled by the same player" (601.2c)
        if len({game.controller_of(t) for t in chosen if isinstance(t, int)}) > 1:
            raise IllegalAction(msg("targeting.same_controller", name=name, text=spec.text),
                                (R.CAST_TARGETS, R.TARGETS))
        return
    owners = {game.objects[t].owner for t in chosen if isinstance(t, int) and t in game.objects}
    want = None
    if spec.same_owner != "single":
        ref = spec.same_owner or ""
        k = 0 if ref == "target" else int(ref[len("target"):]) - 1
        want = before[k][0] if k < len(before) and before[k] else None
    if len(owners) > 1 or (want is not None and owners - {want}):
        raise IllegalAction(msg("targeting.same_owner", name=name, text=spec.text),
                            (R.CAST_TARGETS, R.TARGETS))


def divide_among(game: Game, player: str, specs: tuple[TargetSpec, ...],
              targets: list[list[Any]], division: dict[Any, int], sab: SpellAbility, x: int,
              name: str) -> dict[Any, int]:
    flat = [t for slot in targets for t in slot]
    total = x
    for e in list(sab.effects) + [e for mode in sab.modes for e in mode[0]]:
        if e.get("divided"):
            amt = e.get("amount", e.get("n"))  # damage, or counters distributed (601.2d)
            # the amount divided is fixed as the division is announced, while casting
            # ("twice X", "X plus 1", "the number of Mountains you control")
            total = amount(amt, View(game), {"x": x, "you": player})
    if not division:
        if len(flat) == 1:
            return {flat[0]: total}
        raise IllegalAction(msg("targeting.divide_among", name=name, total=total), (R.CAST_DIVIDE,))
    if sorted(division, key=str) != sorted(flat, key=str) and set(division) != set(flat):
        raise IllegalAction(msg("targeting.divide_among.2"), (R.CAST_DIVIDE,))
    if sum(division.values()) != total or min(division.values()) < 1:
        raise IllegalAction(msg("targeting.divide_among.3", name=name, total=total),
                            (R.CAST_DIVIDE,))
    return division



def notice_targeted(game: Game, by: int, targets: list[list[Any]], by_spell: bool) -> None:
    events = [Happened(what="targeted", data={"target": t, "by": by, "by_spell": by_spell})
              for slot in targets for t in slot if isinstance(t, int)]
    if events:
        notice(game, events, None)



def check_targets(game: Game, specs: tuple[TargetSpec, ...], targets: list[list[Any]],
                   controller: str, source: Chars | None, source_id: int | None,
                   is_spell: bool) -> list[list[bool]]:
    legal: list[list[bool]] = []
    for i, slot in enumerate(targets):
        spec = specs[i] if i < len(specs) else None
        row = []
        for t in slot:
            ok = spec is not None and target_legal(game, spec, t, controller, source,
                                                   source_id, is_spell)[0]
            row.append(ok)
        legal.append(row)
    return legal



def enchant_spec(c: Chars) -> TargetSpec:
    kw = c.keyword("enchant")
    what = (kw.quality if kw else "creature") or "creature"
    if what == "player":
        return TargetSpec("player", text="target player")
    if kw is not None and kw.filter is not None:
        return TargetSpec("object", kw.filter, text=kw.text.lower().replace("enchant ", "", 1))
    f = Filter(types=frozenset({what}) if what != "permanent" else frozenset(),
               text=f"target {what}")
    return TargetSpec("object", f, text=f"{what} (enchant {what})")



def mode_parts(sab: SpellAbility, modes: tuple[int, ...]) -> tuple[tuple, tuple]:
    if not sab.modes:
        return tuple(sab.targets), tuple(sab.effects)
    if not modes:
        raise IllegalAction(msg("targeting.choose_modes", n=sab.choose,
                                modes="; ".join(f"{i + 1}. {m[2]}"
                                                for i, m in enumerate(sab.modes))),
                            (R.MODAL, R.CAST_MODES))
    specs: list[TargetSpec] = []
    effects: list[Effect] = []
    for m in modes:
        if not 1 <= m <= len(sab.modes):
            raise IllegalAction(msg("targeting.mode_parts", m=m), (R.MODAL,))
        offset = len(specs)
        specs.extend(sab.modes[m - 1][1])
        effects.extend(shift_targets(e, offset) for e in sab.modes[m - 1][0])
    return tuple(specs), tuple(effects)


def _shifted(ref: str, offset: int) -> str:
    m = re.fullmatch(r"(.*?)target(\d*)", ref)
    if m is None or m.group(1) not in ("", "controller_of_", "owner_of_"):
        return ref
    n = int(m.group(2) or 1) + offset
    return m.group(1) + ("target" if n == 1 else f"target{n}")


def shift_targets(value: Any, offset: int) -> Any:
    """A mode's effects with its target references moved past the targets of the modes
    chosen before it (each mode numbers its own targets from the first)."""
    if not offset:
        return value
    if isinstance(value, Effect):
        return Effect(value.verb, {k: shift_targets(v, offset) for k, v in value.args.items()},
                      value.text)
    if isinstance(value, str):
        return _shifted(value, offset)
    if isinstance(value, tuple):
        return tuple(shift_targets(v, offset) for v in value)
    if isinstance(value, list):
        return [shift_targets(v, offset) for v in value]
    if isinstance(value, dict):
        return {k: shift_targets(v, offset) for k, v in value.items()}
    return value


def spliced_ability(sab: SpellAbility, spliced: tuple) -> SpellAbility:
    """The spell's instructions, then each spliced card's (702.47b, 702.47c), their targets
    after the spell's (numbered on from its own, 702.47d)."""
    effects, targets = tuple(sab.effects), tuple(sab.targets)
    for card in spliced:
        other = spell_ability(card.abilities) or SpellAbility()
        effects += tuple(shift_targets(e, len(targets)) for e in other.effects)
        targets += tuple(other.targets)
    return replace(sab, effects=effects, targets=targets)


