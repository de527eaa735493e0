"""Effect verbs: what a resolving spell or ability does.

An ability's effects are a list of :class:`~judgebot.engine.abilities.Effect`
(a verb and its arguments), run in order (608.2c). Each verb turns into events
through the pipeline, or into a continuous, replacement or "can't" effect, or a
delayed triggered ability. References name what an effect acts on: ``self``
(the source), ``target`` / ``target2`` (the chosen targets still legal,
608.2b), ``it`` (the object the trigger is about), ``blocker``,
``enchanted``, ``{"each": Filter}`` ...; players: ``you``, ``target_player``,
``each_opponent``, ``each_player``, ``controller_of_target``,
``damaged_player``.

Verbs: damage, destroy, exile, bounce, draw, discard, gain_life, lose_life,
pump, set_pt, switch_pt, lose_abilities, grant, counter, put_counters,
remove_counters, tap, untap, token, sacrifice, regenerate, prevent, fog,
copy_spell, return, search, mill, add_mana, skip, gain_control, win, lose,
poison, cant_lose, damage_floor, cant_cast, delayed, if, may, attach,
pay_or_sacrifice, remove_counter_or_sacrifice, cast_suspended, cast_madness,
storm, proliferate, reveal_hand_discard.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Filter, TriggeredAbility
from judgebot.engine.errors import Unsupported
from judgebot.engine.events import (
    Attach,
    Counters,
    CounterSpell,
    CreateToken,
    Damage,
    Destroy,
    Draw,
    Event,
    LifeGain,
    LifeLoss,
    LoseGame,
    Move,
    Tap,
    WinGame,
)
from judgebot.engine.filters import View, amount, select
from judgebot.engine.layers import ContinuousEffect
from judgebot.engine.pipeline import Prohibition, ReplacementEffect, new_key, perform
from judgebot.engine.state import CardDef, Chars, Game


@dataclass
class Ctx:
    """What a resolving spell or ability knows."""

    game: Game
    you: str
    source: int | None
    source_lki: Chars | None = None
    item: Any = None  # the spell (GameObject) or ability (StackAbility) resolving
    targets: list[list[Any]] = field(default_factory=list)
    legal: list[list[bool]] = field(default_factory=list)
    x: int = 0
    info: dict[str, Any] = field(default_factory=dict)
    refs: dict[str, Any] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    division: dict[Any, int] = field(default_factory=dict)
    damage_source: int | None = None  # the object that deals damage (the spell, or the source)

    def amount(self, expr: Any, subject: int | None = None) -> int:
        if expr == "amount":
            return int(self.info.get("amount", 0))
        if not isinstance(expr, int) and str(expr).lower() not in ("x", "all") and \
                not str(expr).lstrip("-").isdigit() and R.RESOLVE_INFO not in self.rules:
            # A count or a characteristic: determined once, as the effect applies (608.2h).
            self.rules = self.rules + (R.RESOLVE_INFO,)
        refs = {**self.refs, **self.info}
        for i, slot in enumerate(self.targets):
            if slot:
                refs.setdefault("target" if i == 0 else f"target{i + 1}", slot[0])
        return amount(expr, View(self.game), {"you": self.you, "source": self.source,
                                              "x": self.x, "refs": refs, "subject": subject,
                                              "storm_count": self.info.get("storm_count", 0)})


def run_effects(game: Game, effects: Any, base: dict[str, Any]) -> None:
    """Run effects outside a resolution (a replacement's extra effect)."""
    ctx = Ctx(game, base["you"], base.get("source"), info=base)
    for eff in effects:
        do(ctx, eff)


# --- references --------------------------------------------------------------------------------
def _slot(ref: str) -> int | None:
    if ref == "target":
        return 0
    if ref.startswith("target") and ref[6:].isdigit():
        return int(ref[6:]) - 1
    return None


def objects(ctx: Ctx, ref: Any) -> list[int]:
    """Objects a reference names, that are still where the effect expects them."""
    game = ctx.game
    if ref is None:
        return []
    if isinstance(ref, dict) and "each" in ref:
        f: Filter = ref["each"]
        found = select(f, View(game), ctx.you, ctx.source)
        if "controlled_by" in ref:
            who = set(players(ctx, ref["controlled_by"]))
            found = [o for o in found if game.controller_of(o) in who]
        return found
    if isinstance(ref, int):
        return [ref] if ref in game.objects else []
    if isinstance(ref, list):
        out: list[int] = []
        for r in ref:
            out.extend(objects(ctx, r))
        return out
    slot = _slot(ref)
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, int) and t in game.objects]
    if ref == "self":
        if ctx.source in game.objects:
            return [ctx.source]
        if ctx.source is not None:
            game.log.add("note", f"{game.name_of(ctx.source)} has left the zone it was in and "
                         "is a new object; this part of the effect does nothing to it",
                         (R.NEW_OBJECT,))
        return []
    if ref in ("enchanted", "equipped"):
        src = game.objects.get(ctx.source) if ctx.source is not None else None
        if src is not None and isinstance(src.attached_to, int):
            return [src.attached_to]
        return []
    if ref in ctx.refs:
        value = ctx.refs[ref]
        values = value if isinstance(value, list) else [value]
        return [v for v in values if isinstance(v, int) and v in game.objects]
    if ref in ctx.info:
        value = ctx.info[ref]
        values = value if isinstance(value, list) else [value]
        return [v for v in values if isinstance(v, int) and v in game.objects]
    if ref == "spell":
        return [ctx.info["spell"]] if ctx.info.get("spell") else []
    raise Unsupported(f"the engine doesn't know what {ref!r} refers to")


def players(ctx: Ctx, ref: Any) -> list[str]:
    game = ctx.game
    if ref in (None, "you"):
        return [ctx.you]
    if ref == "each_opponent":
        return game.opponents(ctx.you)
    if ref == "each_player":
        return [p for p in game.apnap() if not game.players[p].lost]
    if ref == "active":
        return [game.active]
    if ref in ("damaged_player", "defending_player", "player"):
        p = ctx.info.get(ref) or ctx.refs.get(ref)
        return [p] if p else []
    if ref == "chosen_player":
        src = game.objects.get(ctx.source) if ctx.source is not None else None
        p = src.chosen.get("player") if src is not None else None
        return [p] if p and not game.players[p].lost else []
    if isinstance(ref, str) and ref.startswith("controller_of_"):
        inner = ref[len("controller_of_"):]
        out = []
        for oid in _any_objects(ctx, inner):
            out.append(game.controller_of(oid))
        return list(dict.fromkeys(out))
    if isinstance(ref, str) and ref.startswith("owner_of_"):
        inner = ref[len("owner_of_"):]
        return list(dict.fromkeys(_owner(game, oid) for oid in _any_objects(ctx, inner)))
    slot = _slot(ref) if isinstance(ref, str) else None
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, str)]
    if isinstance(ref, str) and ref in game.players:
        return [ref]
    raise Unsupported(f"the engine doesn't know which player {ref!r} is")


def _any_objects(ctx: Ctx, ref: str) -> list[int]:
    """Objects for "controller of ...": the target even if it just left (LKI)."""
    slot = _slot(ref)
    if slot is not None and slot < len(ctx.targets):
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, int)]
    value = ctx.refs.get(ref, ctx.info.get(ref))
    if isinstance(value, list):
        return [v for v in value if isinstance(v, int)]
    if isinstance(value, int):
        return [value]
    return objects(ctx, ref)


def _owner(game: Game, oid: int) -> str:
    if oid in game.objects:
        return game.objects[oid].owner
    return game.lki_objects[oid].owner if oid in game.lki_objects else ""


def recipients(ctx: Ctx, ref: Any) -> list[Any]:
    """Objects and players (for damage "to any target")."""
    if isinstance(ref, str) and (ref in ("you", "each_opponent", "each_player",
                                         "damaged_player", "defending_player", "chosen_player")
                                 or ref.startswith(("controller_of_", "owner_of_"))):
        return players(ctx, ref)
    slot = _slot(ref) if isinstance(ref, str) else None
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and (isinstance(t, str) or t in ctx.game.objects)]
    if isinstance(ref, dict) and "each_and_players" in ref:
        return objects(ctx, {"each": ref["each_and_players"]}) + players(ctx, "each_player")
    return objects(ctx, ref)


# --- the verbs ---------------------------------------------------------------------------------
def do(ctx: Ctx, eff: Effect) -> None:
    handler = VERBS.get(eff.verb)
    if handler is None:
        raise Unsupported(f"the effect {eff.verb!r} is not implemented")
    handler(ctx, eff)


def run(ctx: Ctx, effects: tuple[Effect, ...] | list[Effect]) -> None:
    for eff in effects:
        if ctx.game.over:
            return
        do(ctx, eff)


def _src(ctx: Ctx) -> int | None:
    return ctx.damage_source if ctx.damage_source is not None else ctx.source


def _damage(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = eff.get("source")
    source = _src(ctx) if src is None else (objects(ctx, src) or [None])[0]
    lki = ctx.source_lki if src is None else None
    if source is not None and source in game.objects:
        lki = game.chars(source).copy()
    events: list[Event] = []
    to = eff.get("to")
    if eff.get("divided"):
        for target, n in ctx.division.items():
            legal = any(target in slot and ok for slot, oks in zip(ctx.targets, ctx.legal,
                                                                   strict=False)
                        for t, ok in zip(slot, oks, strict=False) if t == target)
            if legal and (isinstance(target, str) or target in game.objects):
                events.append(Damage(source=source, target=target, amount=n, source_lki=lki,
                                     rules=ctx.rules))
    else:
        for r in recipients(ctx, to):
            n = ctx.amount(eff.get("amount"), r if isinstance(r, int) else None)
            if n > 0:
                events.append(Damage(source=source, target=r, amount=n, source_lki=lki,
                                     rules=ctx.rules))
    if events:
        perform(game, events)


def _destroy(ctx: Ctx, eff: Effect) -> None:
    events = [Destroy(source=ctx.source, oid=o, no_regen=bool(eff.get("no_regen")),
                      rules=ctx.rules + (R.DESTROY,)) for o in objects(ctx, eff.get("what"))]
    if eff.get("no_regen"):
        for e in events:
            e.rules += (R.CANT_REGENERATE,)
    done = perform(ctx.game, events) if events else []
    ctx.refs["destroyed"] = [e.new_id for e in done if isinstance(e, Move)]


def _move_all(ctx: Ctx, eff: Effect, to_zone: str, reason: str, rules: tuple[str, ...],
              **fields: Any) -> list[Move]:
    events = [Move(source=ctx.source, oid=o, to_zone=to_zone, reason=reason,
                   rules=ctx.rules + rules, **fields) for o in objects(ctx, eff.get("what"))]
    done = perform(ctx.game, events) if events else []
    return [e for e in done if isinstance(e, Move)]


def _exile(ctx: Ctx, eff: Effect) -> None:
    counters = dict(eff.get("counters") or {})
    done = _move_all(ctx, eff, "exile", "exile", (R.EXILE,))
    ids = [m.new_id for m in done if m.to_zone == "exile"]
    ctx.refs["exiled"] = ids
    game = ctx.game
    for oid in ids:
        if eff.get("gains_suspend"):
            game.objects[oid].chosen["gains_suspend"] = True
        for kind, n in counters.items():
            perform(game, [Counters(source=ctx.source, target=oid, kind=kind, n=n,
                                    rules=ctx.rules)])
    ret = eff.get("comes_back")
    if ret and ids:
        _schedule_return(ctx, ids, ret, eff)


def _schedule_return(ctx: Ctx, ids: list[int], when: str, eff: Effect) -> None:
    from judgebot.engine.abilities import Trigger
    from judgebot.engine.triggers import DelayedTrigger
    game = ctx.game
    under = eff.get("under", "owner")
    back = Effect("return", {"what": "exiled_cards", "to": "battlefield", "under": under})
    if when == "now":
        ctx.refs["exiled_cards"] = ids
        _return(ctx, back)
        return
    if when == "end_step":
        trig = Trigger("end_step", None, who="any")
    elif when == "leaves":
        if ctx.source is None or ctx.source not in game.objects or \
                game.objects[ctx.source].zone != "battlefield":
            names = ", ".join(game.name_of(i) for i in ids)
            game.log.add("note", f"{game.name_of(ctx.source)} has already left the battlefield: "
                         f"{names} will stay in exile (the return would wait for an event that "
                         "has already happened)", (R.UNTIL_LEAVES, R.TRIGGER_DELAYED_WAITS))
            return
        trig = Trigger("leaves", "ref")
    else:
        raise Unsupported(f"returning exiled cards at {when!r} is not implemented")
    ability = TriggeredAbility(trig, (back,), text="return the exiled card",
                               rules=(R.TRIGGER_DELAYED,))
    refs = {"exiled_cards": ids}
    if when == "leaves":
        refs["it"] = ctx.source
    game.delayed.append(DelayedTrigger(trig, ability, ctx.you, ctx.source,
                                       game.name_of(ctx.source) if ctx.source else "",
                                       refs, True, game.turn))


def _bounce(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    spells = [o for o in oids if game.objects[o].zone == "stack"]
    done = _move_all(ctx, eff, "hand", "bounce", ())
    ctx.refs["returned"] = [m.new_id for m in done]
    if spells:
        game.log.add("note", "a spell returned to its owner's hand is removed from the stack "
                     "and doesn't resolve", (R.NEW_OBJECT,))


# A number of cards or tokens no real game reaches; beyond it the engine stops
# rather than spend minutes and gigabytes on one effect.
MAX_COUNT = 1000


def _bounded(n: int, what: str) -> int:
    if n > MAX_COUNT:
        raise Unsupported(f"{n} is too many: the engine does not {what} (at most {MAX_COUNT})")
    return n


def _draw(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        n = _bounded(ctx.amount(eff.get("n", 1)), "draw that many cards")
        for _ in range(n):
            perform(ctx.game, [Draw(source=ctx.source, player=p, rules=ctx.rules)])


def _discard(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        hand = list(game.players[p].hand)
        n = ctx.amount(eff.get("n", 1)) if eff.get("n") != "all" else len(hand)
        if eff.get("n") == "all":
            chosen = hand
        else:
            chosen = choose_cards(game, p, hand, n, "discard")
        events = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="discard",
                       rules=ctx.rules + (R.DISCARD,)) for o in chosen]
        if events:
            perform(game, events)
            game.record.discarded[p] += len(events)


def choose_cards(game: Game, player: str, cards: list[int], n: int, kind: str,
                 keys: tuple[str, ...] | None = None) -> list[int]:
    """``player`` chooses ``n`` of ``cards`` (a choice, maybe left open)."""
    if n <= 0:
        return []
    from itertools import combinations
    if n >= len(cards):
        # No choice: a scripted answer naming exactly these cards is consumed (so that it
        # isn't reported as unused); any other answer is left for a later choice.
        answer = game.chooser.scripted(player, keys or (kind,))
        if answer is not None and _names_match(game, answer.value, list(cards)):
            answer.used = True
        return list(cards)
    combos = list(combinations(cards, n))
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
            if len(want) == len(obj_names) and _assign(want, obj_names):
                return j
        return None
    index = game.chooser.choose(player, kind, labels_u, keys=keys or (kind,), match=match)
    return list(combos[uniq[index]])


def _names_match(game: Game, value: Any, objs: list[int]) -> bool:
    names = value if isinstance(value, list) else [value]
    want = sorted(str(v).lower() for v in names)
    have = [set(x.lower() for x in game.chars(o).names) | {game.name_of(o).lower()}
            for o in objs]
    return len(want) == len(have) and _assign(want, have)


def _assign(want: list[str], have: list[set[str]]) -> bool:
    from itertools import permutations
    for perm in permutations(range(len(have))):
        if all(want[i] in have[perm[i]] for i in range(len(want))):
            return True
    return False


def _gain_life(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("amount"))
        perform(ctx.game, [LifeGain(source=ctx.source, player=p, amount=n, rules=ctx.rules)])


def _lose_life(ctx: Ctx, eff: Effect) -> None:
    total = 0
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("amount"))
        done = perform(ctx.game, [LifeLoss(source=ctx.source, player=p, amount=n,
                                           rules=ctx.rules)])
        total += sum(e.amount for e in done if isinstance(e, LifeLoss))
    ctx.refs["life_lost"] = total


def _continuous(ctx: Ctx, eff: Effect, ops: tuple, what: Any = None) -> None:
    game = ctx.game
    oids = objects(ctx, what if what is not None else eff.get("what"))
    if not oids:
        return
    duration = eff.get("duration", "eot")
    e = ContinuousEffect(ops, frozenset(oids), game.new_timestamp(), ctx.source, ctx.you,
                         duration, eff.text, ctx.rules)
    game.effects.append(e)
    game.changed()
    names = ", ".join(game.name_of(o) for o in oids)
    extra = (R.CONTINUOUS_DURATION,) if duration in ("eot", "end_of_combat") else ()
    if R.RESOLVE_INFO in ctx.rules:
        extra += (R.CONTINUOUS_VARIABLE,)  # a variable in it was fixed on resolution
    game.log.add("effect", f"{names}: {describe_ops(ops)}"
                 + (" until end of turn" if duration == "eot" else ""),
                 ctx.rules + _layer_rules(ops) + (R.CONTINUOUS_LOCKED,) + extra)


def describe_ops(ops: tuple) -> str:
    parts = []
    for _, op in ops:
        k = op[0]
        if k == "pump":
            parts.append(f"{op[1]:+d}/{op[2]:+d}")
        elif k == "set_pt":
            parts.append(f"base power and toughness {op[1]}/{op[2]}")
        elif k == "switch":
            parts.append("power and toughness switched")
        elif k == "grant":
            parts.append("gains " + ", ".join(getattr(a, "text", "") or getattr(a, "name", "an "
                                                                                "ability")
                                             for a in op[1]))
        elif k == "lose_all":
            parts.append("loses all abilities")
        elif k == "control":
            parts.append(f"controlled by {op[1]}")
        elif k == "add_types":
            parts.append("becomes " + " ".join(list(op[2]) + list(op[1])))
        elif k == "copy":
            parts.append(f"becomes a copy of {op[1].name}")
        elif k == "all_creature_types":
            parts.append("gains all creature types")
        else:
            parts.append(k)
    return ", ".join(parts)


def _layer_rules(ops: tuple) -> tuple[str, ...]:
    from judgebot.engine.layers import describe_layers
    names = describe_layers()
    return tuple(dict.fromkeys(names[layer] for layer, _ in ops if layer in names))


def _pump(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    for oid in oids:  # amounts are fixed on resolution (608.2h)
        p = ctx.amount(eff.get("p", 0), oid)
        t = ctx.amount(eff.get("t", 0), oid)
        _continuous(ctx, eff, (("7c", ("pump", p, t)),), oid)
    if eff.get("gains") and oids:
        _continuous(ctx, eff, (("6", ("grant", tuple(eff.get("gains")))),), oids)
    del game


def _set_pt(ctx: Ctx, eff: Effect) -> None:
    p, t = ctx.amount(eff.get("p")), ctx.amount(eff.get("t"))
    ops = [("7b", ("set_pt", p, t))]
    if eff.get("lose_all"):
        ops.insert(0, ("6", ("lose_all",)))
    if eff.get("all_creature_types"):
        ops.insert(0, ("4", ("all_creature_types",)))
    _continuous(ctx, eff, tuple(ops))


def _switch_pt(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("7d", ("switch",)),))


def _lose_abilities(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("6", ("lose_all",)),))


def _grant(ctx: Ctx, eff: Effect) -> None:
    _continuous(ctx, eff, (("6", ("grant", tuple(eff.get("abilities")))),))


def _gain_control(ctx: Ctx, eff: Effect) -> None:
    ops = [("2", ("control", ctx.you))]
    _continuous(ctx, eff, tuple(ops))


def _counter(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        item = game.stack_item(oid)
        if item is None:
            continue
        unless = eff.get("unless_pay")
        if unless is not None:
            from judgebot.engine.stack import offer_payment
            payer = game.controller_of(oid) if not item.is_stack_ability else item.controller
            cost = unless if not isinstance(unless, str) else None
            if cost is None:
                from judgebot.engine.mana import ManaCost
                cost = ManaCost.parse(f"{{{ctx.amount(unless)}}}") if unless.upper() == "X" \
                    else ManaCost.parse(unless)
            if offer_payment(game, payer, cost, f"pay {cost} so {game.name_of(oid)} isn't "
                             "countered"):
                continue
        ev = CounterSpell(source=ctx.source, item=oid, rules=ctx.rules + (R.COUNTER,))
        dest = eff.get("destination")
        if dest:
            ev.notes.append(dest)
        done = perform(game, [ev])
        if done:
            ctx.refs["countered"] = True
            for d in done:
                d.notes.append("countered")
            from judgebot.engine.events import Happened
            from judgebot.engine.triggers import notice
            notice(game, [Happened(what="countered", data={"spell": oid,
                                                            "controller": ctx.you})], None)
            if eff.get("exile_with_time"):
                exiled = [i for i in game.players[_owner(game, oid)].exile
                          if game.objects[i].previous == oid]
                for i in exiled:
                    perform(game, [Counters(source=ctx.source, target=i, kind="time",
                                            n=eff.get("exile_with_time"), rules=ctx.rules)])
                    game.objects[i].chosen["gains_suspend"] = True


def _put_counters(ctx: Ctx, eff: Effect) -> None:
    events = []
    for oid in objects(ctx, eff.get("what")):
        n = ctx.amount(eff.get("n", 1), oid)
        if n > 0:
            events.append(Counters(source=ctx.source, target=oid, kind=eff.get("kind", "+1/+1"),
                                   n=n, rules=ctx.rules))
    if events:
        perform(ctx.game, events)


def _remove_counters(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    kind = eff.get("kind", "+1/+1")
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        n = obj.counters.get(kind, 0) if eff.get("n") == "all" else ctx.amount(eff.get("n", 1))
        done = perform(game, [Counters(source=ctx.source, target=oid, kind=kind, n=-n,
                                       rules=ctx.rules)])
        ctx.refs["removed"] = sum(-e.n for e in done if isinstance(e, Counters))
        ctx.refs["paid"] = ctx.refs["removed"] > 0


def _tap(ctx: Ctx, eff: Effect, untap: bool = False) -> None:
    events = [Tap(source=ctx.source, oid=o, untap=untap, rules=ctx.rules + (R.TAP_UNTAP,))
              for o in objects(ctx, eff.get("what"))]
    if events:
        perform(ctx.game, events)


def _token(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    card: CardDef = eff.get("card")
    who = eff.get("controller", "you")
    for p in players(ctx, who):
        n = _bounded(ctx.amount(eff.get("n", 1)), "create that many tokens")
        if n > 0:
            ev = CreateToken(source=ctx.source, card=card, controller=p, n=n,
                             tapped=bool(eff.get("tapped")), haste=bool(eff.get("haste")),
                             rules=ctx.rules)
            done = perform(game, [ev])
            ctx.refs["tokens"] = [i for e in done if isinstance(e, CreateToken)
                                  for i in e.new_ids]


def sacrifice_events(game: Game, player: str, f: Filter, n: int, source: int | None,
                     rules: tuple[str, ...] = ()) -> list[Event]:
    view = View(game)
    from judgebot.engine.filters import matches
    mine = [o for o in game.battlefield if game.controller_of(o) == player and
            matches(f, view, o, player, None)]
    chosen = choose_cards(game, player, mine, n, "sacrifice")
    return [Move(source=source, oid=o, to_zone="graveyard", reason="sacrifice",
                 rules=rules + (R.SACRIFICE,)) for o in chosen]


def _sacrifice(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    what = eff.get("what")
    if what is not None:
        oids = [o for o in objects(ctx, what) if game.objects[o].zone == "battlefield"]
        events: list[Event] = [Move(source=ctx.source, oid=o, to_zone="graveyard",
                                    reason="sacrifice", rules=ctx.rules + (R.SACRIFICE,))
                               for o in oids]
    else:
        events = []
        # 608.2e/101.4: choices in APNAP order, then sacrificed simultaneously.
        for p in [q for q in game.apnap() if q in players(ctx, eff.get("who", "you"))]:
            n = ctx.amount(eff.get("n", 1))
            events += sacrifice_events(game, p, eff.get("filter") or Filter(), n, ctx.source,
                                       ctx.rules)
    if events:
        perform(game, events)


def _regenerate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        game.replacements.append(ReplacementEffect(
            "regenerate", {"oid": oid}, ctx.source, ctx.you, "eot",
            f"regeneration shield on {game.name_of(oid)}", (R.REGENERATE,), new_key()))
        game.log.add("effect", f"{game.name_of(oid)} gets a regeneration shield",
                     ctx.rules + (R.REGENERATE,))


def _prevent(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    amt = eff.get("amount", "all")
    to = eff.get("to")
    frm = eff.get("from")
    to_set: Any = None
    if to is not None:
        to_set = frozenset(recipients(ctx, to))
    from_set: Any = None
    if frm is not None:
        from_set = frozenset(objects(ctx, frm))
    params: dict[str, Any] = {"amount": amt if amt == "all" else ctx.amount(amt),
                              "to": to_set, "from": from_set,
                              "combat_only": bool(eff.get("combat_only"))}
    if amt != "all":
        params["left"] = params["amount"]
    if eff.get("divided"):
        for target, n in ctx.division.items():
            p = dict(params, to=frozenset({target}), amount=n, left=n)
            game.replacements.append(ReplacementEffect("prevent", p, ctx.source, ctx.you, "eot",
                                                       f"prevent the next {n} damage to "
                                                       f"{game.name_of(target)}",
                                                       (R.PREVENTION_SHIELD,), new_key()))
        game.log.add("effect", "prevention shields: " + ", ".join(
            f"{n} for {game.name_of(t)}" for t, n in ctx.division.items()),
            ctx.rules + (R.PREVENTION_SHIELD,))
        return
    what = "all" if amt == "all" else f"the next {params['amount']}"
    kind = "combat damage" if params["combat_only"] else "damage"
    where = f" to {', '.join(game.name_of(t) for t in to_set)}" if to_set else ""
    who = f" by {', '.join(game.name_of(t) for t in from_set)}" if from_set else ""
    text = f"prevent {what} {kind}{who}{where} this turn"
    game.replacements.append(ReplacementEffect("prevent" if amt != "all" else "fog", params,
                                               ctx.source, ctx.you, "eot", text,
                                               (R.PREVENTION,), new_key()))
    game.log.add("effect", text[0].upper() + text[1:], ctx.rules + (R.PREVENTION,))


def _fog(ctx: Ctx, eff: Effect) -> None:
    eff.args.setdefault("combat_only", True)
    _prevent(ctx, eff)


def _copy_spell(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.stack import copy_spell
    for oid in objects(ctx, eff.get("what")):
        copy_spell(ctx.game, oid, ctx.you, new_targets=bool(eff.get("new_targets", True)),
                   rules=ctx.rules)


def _return(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    to = eff.get("to", "battlefield")
    events = []
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        under = eff.get("under", "owner")
        controller = ctx.you if under == "you" else obj.owner
        reason = "return" if to == "battlefield" else "bounce"
        events.append(Move(source=ctx.source, oid=oid, to_zone=to, reason=reason,
                           tapped=bool(eff.get("tapped")), controller=controller,
                           rules=ctx.rules))
    if events:
        done = perform(game, events)
        ctx.refs["returned"] = [e.new_id for e in done if isinstance(e, Move)]


def _mill(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        n = ctx.amount(eff.get("n", 1))
        if not pl.library_known:
            raise Unsupported(f"milling needs {p}'s library: list it in the scenario")
        events = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="mill",
                       rules=ctx.rules + (R.MILL,)) for o in pl.library[:n]]
        if events:
            perform(game, events)


def _skip(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        step = eff.get("step")
        if step == "combat":
            game.players[p].skip_combat += 1
            pending = game.players[p].skip_combat
        else:
            game.players[p].skip_steps[step] += 1
            pending = game.players[p].skip_steps[step]
        what = 'phase' if step == 'combat' else 'step'
        if pending > 1:
            game.log.add("effect", f"{p} will skip their next {step} {what} as well: "
                         f"{pending} of them in all (each skip waits for the next one not "
                         "already skipped)", ctx.rules + (R.SKIP, R.SKIP_NEXT))
        else:
            game.log.add("effect", f"{p} will skip their next {step} {what}",
                         ctx.rules + (R.SKIP,))


def _win(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        perform(ctx.game, [WinGame(source=ctx.source, player=p,
                                   rules=ctx.rules + (R.WIN_EFFECT,))])


def _lose(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        perform(ctx.game, [LoseGame(source=ctx.source, player=p,
                                    rules=ctx.rules + (R.LOSE_EFFECT,))])


def _poison(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who")):
        perform(ctx.game, [Counters(source=ctx.source, target=p, kind="poison",
                                    n=ctx.amount(eff.get("n", 1)), rules=ctx.rules)])


def _cant_lose(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    you = ctx.you
    game.prohibitions.append(Prohibition("cant_lose", {"player": you}, ctx.source, you, "eot",
                                         "you can't lose the game this turn", ctx.rules))
    for opp in game.opponents(you):
        game.prohibitions.append(Prohibition("cant_win", {"player": opp}, ctx.source, you,
                                             "eot", "your opponents can't win this turn",
                                             ctx.rules))
    game.log.add("effect", f"{you} can't lose the game and {you}'s opponents can't win it "
                 "this turn", ctx.rules)


def _damage_floor(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    game.replacements.append(ReplacementEffect(
        "damage_floor", {"player": ctx.you}, ctx.source, ctx.you, "eot",
        "damage that would reduce your life total to less than 1 reduces it to 1 instead",
        ctx.rules + (R.REPLACEMENT_INSTEAD,), new_key()))
    game.log.add("effect", f"until end of turn, damage that would reduce {ctx.you}'s life "
                 "total to less than 1 reduces it to 1 instead",
                 ctx.rules + (R.REPLACEMENT, R.REPLACEMENT_INSTEAD))


def _dies_exile(ctx: Ctx, eff: Effect) -> None:
    """"If a creature dealt damage this way would die this turn, exile it instead"."""
    game = ctx.game
    params: dict[str, Any] = {}
    if eff.get("damaged_by_source"):
        params["damaged_by"] = [_src(ctx)]
    else:
        params["objects"] = frozenset(objects(ctx, eff.get("what")))
    game.replacements.append(ReplacementEffect("dies_exile", params, ctx.source, ctx.you, "eot",
                                               eff.text or "exile it instead",
                                               ctx.rules + (R.REPLACEMENT_INSTEAD,), new_key()))


def _cant_cast(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "each_opponent")):
        game.prohibitions.append(Prohibition("cant_cast", {"player": p}, ctx.source, ctx.you,
                                             "eot", f"{p} can't cast spells this turn",
                                             ctx.rules))
        game.log.add("effect", f"{p} can't cast spells this turn", ctx.rules)


def _cant_regenerate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for oid in objects(ctx, eff.get("what", "self")):
        game.prohibitions.append(Prohibition("cant_regenerate", {"oid": oid}, ctx.source,
                                             ctx.you, "eot",
                                             f"{game.name_of(oid)} can't be regenerated",
                                             ctx.rules + (R.CANT_REGENERATE,)))
        game.log.add("effect", f"{game.name_of(oid)} can't be regenerated this turn",
                     ctx.rules + (R.CANT_REGENERATE,))


def _unblockable(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    game.prohibitions.append(Prohibition("unblockable", {"filter": eff.get("filter")},
                                         ctx.source, ctx.you, "eot",
                                         eff.text or "can't be blocked this turn", ctx.rules))
    game.log.add("effect", eff.text or "creatures can't be blocked this turn", ctx.rules)


def _delayed(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.triggers import DelayedTrigger
    game = ctx.game
    ability: TriggeredAbility = eff.get("ability")
    refs = {k: v for k, v in ctx.refs.items()}
    for i, slot in enumerate(ctx.targets):
        if slot:
            refs["target" if i == 0 else f"target{i + 1}"] = slot[0]
    if eff.get("next_turn_of_you"):
        refs["_after_turn"] = game.turn
    game.delayed.append(DelayedTrigger(ability.trigger, ability, ctx.you, ctx.source,
                                       game.name_of(ctx.source) if ctx.source else "",
                                       refs, True, game.turn, ability.text))
    game.log.add("effect", f"delayed triggered ability: {ability.text}",
                 ctx.rules + (R.TRIGGER_DELAYED,))


def _if(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.triggers import check_condition
    cond = eff.get("cond")
    ok = _ctx_condition(ctx, cond) if isinstance(cond, tuple) and cond and \
        cond[0] in CTX_CONDITIONS else check_condition(ctx.game, cond, ctx.source, ctx.you,
                                                        ctx.info)
    run(ctx, eff.get("then", ()) if ok else eff.get("else", ()))


CTX_CONDITIONS = {"countered", "target_is_nonbasic", "life_lost_positive", "cast_in_main",
                  "paid", "target_destroyed_or_not"}


def _ctx_condition(ctx: Ctx, cond: tuple) -> bool:
    game = ctx.game
    k = cond[0]
    if k == "countered":
        return bool(ctx.refs.get("countered"))
    if k == "target_is_nonbasic":
        lki = ctx.refs.get("target_lki")
        return lki is not None and "basic" not in lki.supertypes
    if k == "cast_in_main":
        item = ctx.item
        return item is not None and not getattr(item, "is_stack_ability", True) and \
            item.cast is not None and item.cast.cast and item.cast.controller_main_phase
    if k == "paid":
        return bool(ctx.refs.get("paid"))
    del game
    return False


def _may(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    who = players(ctx, eff.get("who", "you"))[0]
    index = game.chooser.choose(who, "may", ["yes", "no"], keys=("may",),
                                note=eff.text)
    game.log.add("choice", f"{who} chooses {'to' if index == 0 else 'not to'}: "
                 f"{eff.text or 'the optional action'}", (R.RESOLVE_CHOICES,))
    if index == 0:
        run(ctx, eff.get("effects", ()))


def _attach(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    targets = objects(ctx, eff.get("to"))
    for oid in objects(ctx, eff.get("what")):
        if targets:
            equipment = "Equipment" in game.chars(oid).subtypes
            perform(game, [Attach(source=ctx.source, oid=oid, to=targets[0],
                                  rules=ctx.rules + ((R.EQUIP, R.EQUIPMENT) if equipment
                                                     else (R.EQUIP,)))])


def _pay_or_sacrifice(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.stack import offer_payment
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "battlefield":
        return
    cost = eff.get("cost")
    alt = _echo_alternatives(game, ctx.you)
    if alt:
        index = game.chooser.choose(ctx.you, "pay", [f"pay {cost}", "pay {0} (" + alt + ")",
                                                      "don't pay"], keys=("pay", "may"))
        if index == 1:
            game.log.add("pay", f"{ctx.you} pays {{0}} instead of the echo cost ({alt})",
                         ctx.rules + (R.ECHO, R.ALT_COST))
            return
        if index == 0 and offer_payment(game, ctx.you, cost, f"pay echo {cost}", forced=True):
            return
    elif offer_payment(game, ctx.you, cost, f"pay echo {cost} for {game.name_of(src)}"):
        return
    perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="sacrifice",
                        rules=ctx.rules + (R.ECHO, R.SACRIFICE))])


def _echo_alternatives(game: Game, player: str) -> str:
    from judgebot.engine.abilities import StaticAbility
    for oid in game.battlefield:
        c = game.chars(oid)
        if c.controller == player:
            for ab in c.abilities:
                if isinstance(ab, StaticAbility) and ab.kind == "echo_zero":
                    return c.name
    return ""


def _remove_counter_or_sacrifice(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    src = ctx.source
    if src not in game.objects:
        return
    kind = eff.get("kind")
    obj = game.objects[src]
    if obj.counters.get(kind, 0) > 0:
        perform(game, [Counters(source=src, target=src, kind=kind, n=-1, rules=ctx.rules)])
    else:
        game.log.add("note", f"no {kind} counter can be removed from {game.name_of(src)}",
                     ctx.rules)
        perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="sacrifice",
                            rules=ctx.rules + (R.SACRIFICE,))])


def _cast_suspended(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.stack import cast_during_resolution
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "exile":
        return
    cast_during_resolution(game, src, ctx.you, "suspend", mandatory=True, rules=ctx.rules)


def _cast_madness(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.stack import cast_during_resolution
    game = ctx.game
    src = ctx.source
    if src not in game.objects or game.objects[src].zone != "exile":
        return
    if not cast_during_resolution(game, src, ctx.you, "madness", mandatory=False,
                                  rules=ctx.rules, cost=eff.get("cost")):
        if src in game.objects and game.objects[src].zone == "exile":
            perform(game, [Move(source=src, oid=src, to_zone="graveyard", reason="madness",
                                rules=ctx.rules + (R.MADNESS,))])


def _storm(ctx: Ctx, eff: Effect) -> None:
    from judgebot.engine.stack import copy_spell
    game = ctx.game
    n = ctx.info.get("storm_count", 0)
    spell = ctx.info.get("spell")
    game.log.add("storm", f"storm: {n} spell(s) were cast before it this turn; "
                 f"{n} cop{'y' if n == 1 else 'ies'}", ctx.rules + (R.STORM,))
    for _ in range(n):
        if spell is None or game.stack_item(spell) is None:
            break
        copy_spell(game, spell, ctx.you, new_targets=True, rules=ctx.rules)


def _proliferate(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    events: list[Event] = []
    chosen = game.extra.get("proliferate_all", True)
    del chosen
    for oid in list(game.battlefield):
        obj = game.objects[oid]
        for kind in list(obj.counters):
            events.append(Counters(source=ctx.source, target=oid, kind=kind, n=1,
                                   rules=ctx.rules + (R.PROLIFERATE,)))
    for p in game.order:
        if game.players[p].poison and p != ctx.you:
            events.append(Counters(source=ctx.source, target=p, kind="poison", n=1,
                                   rules=ctx.rules + (R.PROLIFERATE,)))
    game.log.add("note", "proliferate (documented default: every permanent with counters and "
                 "every opponent with poison counters is chosen)", ctx.rules + (R.PROLIFERATE,))
    if events:
        perform(game, events)


def _search(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    who = players(ctx, eff.get("who", "you"))
    for p in who:
        pl = game.players[p]
        f: Filter = eff.get("filter") or Filter()
        to = eff.get("to", "hand")
        if pl.library_known:
            view = View(game)
            from judgebot.engine.filters import matches
            found = [o for o in pl.library if matches(f, view, o, p, None)]
            options = ["nothing"] + [game.name_of(o) for o in found]
            index = game.chooser.choose(p, "search", options, keys=("search",))
            game.log.add("search", f"{p} searches their library and finds "
                         f"{options[index]}", ctx.rules + (R.SEARCH,))
            if index > 0:
                perform(game, [Move(source=ctx.source, oid=found[index - 1], to_zone=to,
                                    tapped=bool(eff.get("tapped")), reason="search",
                                    rules=ctx.rules + (R.SEARCH,))])
            continue
        answer = game.chooser.scripted(p, ("search",))
        if answer is None:
            game.log.add("default", f"{p} searches an unspecified library: documented default, "
                         "nothing is found (name the card with choose: {search: NAME})",
                         ctx.rules + (R.SEARCH,))
            continue
        answer.used = True
        if str(answer.value).lower() in ("nothing", "none", "no"):
            game.log.add("search", f"{p} searches their library and finds nothing",
                         ctx.rules + (R.SEARCH,))
            continue
        card = game.cards.get(str(answer.value)) if game.cards is not None else None
        if card is None:
            from judgebot.engine.errors import BadInput
            raise BadInput(f"unknown card {answer.value!r} for the search", answer.line)
        from judgebot.engine.apply import new_object
        obj = new_object(game, card, p, "library")
        pl.library.remove(obj.id)
        pl.library.insert(0, obj.id)
        game.log.add("search", f"{p} searches their library and finds {card.name}",
                     ctx.rules + (R.SEARCH,))
        perform(game, [Move(source=ctx.source, oid=obj.id, to_zone=to,
                            tapped=bool(eff.get("tapped")), reason="search",
                            rules=ctx.rules + (R.SEARCH,))])


def _add_mana(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    symbols = eff.get("mana")
    for p in players(ctx, eff.get("who", "you")):
        game.players[p].pool.add(symbols)
        game.log.add("mana", f"{p} adds {''.join('{' + s + '}' for s in symbols)}", ctx.rules)


def _living_end(ctx: Ctx, eff: Effect) -> None:
    """Each player exiles creature cards from their graveyard, sacrifices all creatures,
    then puts the exiled cards onto the battlefield (Living End)."""
    game = ctx.game
    view = View(game)
    exiled: list[int] = []
    ev = []
    for p in game.apnap():
        for oid in list(game.players[p].graveyard):
            if view.chars(oid).is_creature:
                ev.append(Move(source=ctx.source, oid=oid, to_zone="exile", reason="exile",
                               rules=ctx.rules + (R.EXILE,)))
    done = perform(game, ev) if ev else []
    exiled = [e.new_id for e in done if isinstance(e, Move) and e.to_zone == "exile"]
    sac = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="sacrifice",
                rules=ctx.rules + (R.SACRIFICE,))
           for o in game.battlefield if game.chars(o).is_creature]
    if sac:
        perform(game, sac)
    back = [Move(source=ctx.source, oid=o, to_zone="battlefield", reason="put",
                 controller=game.objects[o].owner, rules=ctx.rules)
            for o in exiled if o in game.objects]
    if back:
        perform(game, back)


def _unless_pay(ctx: Ctx, eff: Effect) -> None:
    """"... unless you pay COST": the player may pay; if they don't, the effects happen."""
    from judgebot.engine.stack import offer_cost
    who = players(ctx, eff.get("who", "you"))
    paid = bool(who) and offer_cost(ctx.game, who[0], eff.get("cost"), f"pay {_cost_text(eff)}")
    if not paid:
        run(ctx, eff.get("then", ()))


def _may_pay(ctx: Ctx, eff: Effect) -> None:
    """"You may pay COST. If you do, ..."."""
    from judgebot.engine.stack import offer_cost
    who = players(ctx, eff.get("who", "you"))
    if who and offer_cost(ctx.game, who[0], eff.get("cost"), f"pay {_cost_text(eff)}"):
        ctx.refs["paid"] = True
        run(ctx, eff.get("then", ()))


def _cost_text(eff: Effect) -> str:
    cost = eff.get("cost")
    return getattr(cost, "text", "") or str(cost)


def _token_copy(ctx: Ctx, eff: Effect) -> None:
    """Create a token that's a copy of a creature (707.2), maybe with haste, maybe
    sacrificed at the beginning of the next end step."""
    from judgebot.engine.abilities import Keyword, Trigger
    from judgebot.engine.triggers import DelayedTrigger
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        card = obj.copy_of or obj.card
        if obj.face_down:
            from judgebot.engine.layers import face_down_chars
            fd = face_down_chars(obj, obj.controller)
            card = CardDef("", (), None, frozenset(), frozenset(), fd.types, frozenset(), 2, 2)
        from dataclasses import replace
        extra = (Keyword("haste", text="haste"),) if eff.get("haste") else ()
        token_card = replace(card, abilities=card.abilities + extra, is_token=True,
                             source="token")
        done = perform(game, [CreateToken(source=ctx.source, card=token_card,
                                          controller=ctx.you, n=1,
                                          rules=ctx.rules + (R.COPY, R.COPY_VALUES, R.CREATE)
                                          + ((R.HASTE,) if eff.get("haste") else ()))])
        ids = [i for e in done if isinstance(e, CreateToken) for i in e.new_ids]
        ctx.refs["tokens"] = ids
        if eff.get("sacrifice_at") == "end_step" and ids:
            trig = Trigger("end_step", None, who="any")
            ability = TriggeredAbility(trig, (Effect("sacrifice", {"what": "tokens"}),),
                                       text="sacrifice the token", rules=(R.TRIGGER_DELAYED,))
            game.delayed.append(DelayedTrigger(trig, ability, ctx.you, ctx.source,
                                               game.name_of(ctx.source) if ctx.source else "",
                                               {"tokens": ids}, True, game.turn))


def _bounce_choice(ctx: Ctx, eff: Effect) -> None:
    """"Return a creature you control to its owner's hand" (not targeted)."""
    game = ctx.game
    f: Filter = eff.get("filter")
    mine = select(f, View(game), ctx.you, ctx.source)
    chosen = choose_cards(game, ctx.you, mine, 1, "return", keys=("return", "bounce"))
    events = [Move(source=ctx.source, oid=o, to_zone="hand", reason="bounce",
                   rules=ctx.rules) for o in chosen]
    if events:
        perform(game, events)


def _change_target(ctx: Ctx, eff: Effect) -> None:
    raise Unsupported("changing the targets of a spell is not implemented")


VERBS = {
    "damage": _damage, "destroy": _destroy, "exile": _exile, "bounce": _bounce, "draw": _draw,
    "discard": _discard, "gain_life": _gain_life, "lose_life": _lose_life, "pump": _pump,
    "set_pt": _set_pt, "switch_pt": _switch_pt, "lose_abilities": _lose_abilities,
    "grant": _grant, "gain_control": _gain_control, "counter": _counter,
    "put_counters": _put_counters, "remove_counters": _remove_counters,
    "tap": lambda c, e: _tap(c, e), "untap": lambda c, e: _tap(c, e, untap=True),
    "token": _token, "sacrifice": _sacrifice, "regenerate": _regenerate, "prevent": _prevent,
    "fog": _fog, "copy_spell": _copy_spell, "return": _return, "mill": _mill, "skip": _skip,
    "win": _win, "lose": _lose, "poison": _poison, "cant_lose": _cant_lose,
    "damage_floor": _damage_floor, "dies_exile": _dies_exile, "cant_cast": _cant_cast,
    "cant_regenerate": _cant_regenerate, "unblockable": _unblockable, "delayed": _delayed,
    "if": _if, "may": _may, "attach": _attach, "pay_or_sacrifice": _pay_or_sacrifice,
    "remove_counter_or_sacrifice": _remove_counter_or_sacrifice,
    "cast_suspended": _cast_suspended, "cast_madness": _cast_madness, "storm": _storm,
    "proliferate": _proliferate, "search": _search, "add_mana": _add_mana,
    "living_end": _living_end, "change_target": _change_target, "unless_pay": _unless_pay,
    "may_pay": _may_pay, "token_copy": _token_copy, "bounce_choice": _bounce_choice,
}
