"""What a resolving spell or ability knows (:class:`Ctx`), and the references its
effects use to name what they act on.

References: ``self`` (the source), ``target`` / ``target2`` (the chosen targets
still legal, 608.2b), ``it`` (the object the trigger is about), ``blocker``,
``enchanted``, ``{"each": Filter}`` ...; players: ``you``, ``target_player``,
``each_opponent``, ``each_player``, ``controller_of_target``,
``damaged_player``. An unknown reference is a refusal, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Filter
from judgebot.engine.errors import Unsupported
from judgebot.engine.filters import View, amount, select
from judgebot.engine.state import Chars, Game
from judgebot.messages import msg


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
        if expr == "amount":  # "that much": what the trigger saw, else what this did so far
            if "amount" in self.info:
                return int(self.info["amount"])
            if "amount" in self.refs and R.RESOLVE_INFO not in self.rules:
                self.rules = self.rules + (R.RESOLVE_INFO,)  # determined as it applies
            return int(self.refs.get("amount", 0))
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



def slot_of(ref: str) -> int | None:
    if ref == "target":
        return 0
    if ref.startswith("target") and ref[6:].isdigit():
        return int(ref[6:]) - 1
    return None



def _like(game: Game, found: list[int], how: str, _ref: Any, bases: list[int]) -> list[int]:
    """The objects other than ``bases`` that share a name (201.2) or a color (105.4) with one of
    them, as they are now (none when the objects they are compared with are gone)."""
    if not bases:
        return []
    chars = [game.chars(b) for b in bases]
    if how == "name":
        names = {c.name for c in chars if c.name}
        return [o for o in found if o not in bases and game.chars(o).name in names]
    colors = frozenset().union(*(c.colors for c in chars))
    return [o for o in found if o not in bases and game.chars(o).colors & colors]


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
        if "but" in ref:  # "Destroy the rest": all but those chosen
            kept = set(objects(ctx, ref["but"]))
            found = [o for o in found if o not in kept]
        if "like" in ref:  # "… and all other creatures with the same name as that creature"
            found = _like(game, found, *ref["like"], objects(ctx, ref["like"][1]))
        if "attached_to" in ref:  # "all Equipment attached to that creature"
            hosts = set(any_objects(ctx, ref["attached_to"]))
            found = [o for o in found if game.objects[o].attached_to in hosts]
        return found
    if isinstance(ref, int):
        return [ref] if ref in game.objects else []
    if isinstance(ref, list):
        out: list[int] = []
        for r in ref:
            out.extend(objects(ctx, r))
        return out
    slot = slot_of(ref)
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, int) and (t in game.objects or
                                                  game.stack_item(t) is not None)]
    if ref == "self":
        if ctx.source in game.objects:
            return [ctx.source]
        if ctx.source is not None:
            game.log.add("note", msg("context.objects.2", source=game.label(ctx.source)),
                         (R.NEW_OBJECT,))
        return []
    if ref in ("enchanted", "equipped"):
        src = game.objects.get(ctx.source) if ctx.source is not None else None
        if src is None and ctx.source is not None:  # the Aura or Equipment left: as it was
            src = game.lki_objects.get(ctx.source)
        if src is not None and isinstance(src.attached_to, int) and \
                src.attached_to in game.objects:
            return [src.attached_to]
        return []
    if ref == "self_card":
        # The card this object is now (a dies trigger's "return it"): 400.7.
        return [o for o in (ctx.source, ctx.info.get("it")) if o is not None and
                o in game.objects and (o == ctx.source or game.objects[o].previous ==
                                       ctx.source)][:1] or _became(game, ctx.source)
    if ref == "exiled_by_source":
        # "the exiled card": the cards this object exiled, still in exile (607.2a).
        src = game.objects.get(ctx.source) if ctx.source is not None else None
        if src is None and ctx.source is not None:
            src = game.lki_objects.get(ctx.source)
        ids = list(src.chosen.get("exiled", ())) if src is not None else []
        return [o for o in ids if o in game.objects and game.objects[o].zone == "exile"]
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
    if ref == "attacked_this_turn":  # "all creatures that attacked this turn"
        return [o for o in game.battlefield if o in game.record.attacked_with and
                "creature" in game.chars(o).types]
    raise Unsupported(msg("context.objects", ref=ref))



def _became(game: Game, oid: int | None) -> list[int]:
    """The object ``oid`` became by moving (its new object in another zone), if any."""
    if oid is None:
        return []
    for o, obj in game.objects.items():
        if obj.previous == oid:
            return [o]
    return []


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
    if ref in ("damaged_player", "defending_player", "player", "targeting_player"):
        p = ctx.info.get(ref) or ctx.refs.get(ref)
        return [p] if p else []
    if ref == "chosen_player":
        src = game.objects.get(ctx.source) if ctx.source is not None else None
        p = src.chosen.get("player") if src is not None else None
        return [p] if p and not game.players[p].lost else []
    if isinstance(ref, str) and ref.startswith("player_or_controller_of_"):
        # "that player or that planeswalker's controller": the target if it is a player
        inner = ref[len("player_or_controller_of_"):]
        slot = slot_of(inner)
        if slot is None or slot >= len(ctx.targets):
            return []
        return list(dict.fromkeys(
            t if isinstance(t, str) else game.controller_of(t)
            for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False) if ok))
    if isinstance(ref, str) and ref.startswith("controller_of_"):
        inner = ref[len("controller_of_"):]
        out = []
        for oid in any_objects(ctx, inner):
            out.append(game.controller_of(oid))
        return list(dict.fromkeys(out))
    if isinstance(ref, str) and ref.startswith("owner_of_"):
        inner = ref[len("owner_of_"):]
        return list(dict.fromkeys(owner_of(game, oid) for oid in any_objects(ctx, inner)))
    slot = slot_of(ref) if isinstance(ref, str) else None
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, str)]
    if isinstance(ref, str) and ref in game.players:
        return [ref]
    raise Unsupported(msg("context.players", ref=ref))



def any_objects(ctx: Ctx, ref: str) -> list[int]:
    """Objects for "controller of ...": the target even if it just left (LKI)."""
    slot = slot_of(ref)
    if slot is not None and slot < len(ctx.targets):
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and isinstance(t, int)]
    value = ctx.refs.get(ref, ctx.info.get(ref))
    if isinstance(value, list):
        return [v for v in value if isinstance(v, int)]
    if isinstance(value, int):
        return [value]
    return objects(ctx, ref)



def owner_of(game: Game, oid: int) -> str:
    if oid in game.objects:
        return game.objects[oid].owner
    return game.lki_objects[oid].owner if oid in game.lki_objects else ""



def recipients(ctx: Ctx, ref: Any) -> list[Any]:
    """Objects and players (for damage "to any target")."""
    if isinstance(ref, str) and (ref in ("you", "each_opponent", "each_player",
                                         "damaged_player", "defending_player", "chosen_player",
                                         "player", "targeting_player")
                                 or ref.startswith(("controller_of_", "owner_of_"))):
        return players(ctx, ref)
    slot = slot_of(ref) if isinstance(ref, str) else None
    if slot is not None:
        if slot >= len(ctx.targets):
            return []
        return [t for t, ok in zip(ctx.targets[slot], ctx.legal[slot], strict=False)
                if ok and (isinstance(t, str) or t in ctx.game.objects)]
    if isinstance(ref, dict) and "each_and_players" in ref:
        return objects(ctx, {"each": ref["each_and_players"]}) + players(ctx, "each_player")
    if isinstance(ref, list):  # "each creature and each opponent", "A and B"
        out: list[Any] = []
        for r in ref:
            out += [x for x in recipients(ctx, r) if x not in out]
        return out
    return objects(ctx, ref)



def dealer(ctx: Ctx) -> int | None:
    """The object that deals an effect's damage (the spell, or the ability's source)."""
    return ctx.damage_source if ctx.damage_source is not None else ctx.source



# A number of cards or tokens no real game reaches; beyond it the engine stops
# rather than spend minutes and gigabytes on one effect.
MAX_COUNT = 1000



def bounded(n: int, what: str) -> int:
    if n > MAX_COUNT:
        raise Unsupported(msg("context.bounded", n=n, what=what, max_count=MAX_COUNT))
    return n
