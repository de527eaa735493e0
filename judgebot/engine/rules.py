"""Rule predicates shared by the modules: protection, targeting, summoning
sickness. Each answers with the rule that decides, so callers can cite it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    ability_text,
    statics,
)
from judgebot.engine.conditions import holds
from judgebot.engine.filters import View, matches
from judgebot.engine.layers import ALL_TYPES
from judgebot.engine.mana import COLOR_NAMES
from judgebot.engine.state import Chars, Game, GameObject
from judgebot.messages import Message, msg, term

COLOR_WORDS = {v: k for k, v in COLOR_NAMES.items()}
TYPE_PLURALS = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
                "instants": "instant", "sorceries": "sorcery", "lands": "land",
                "planeswalkers": "planeswalker"}

# What "target … ability" may be (115.1, 113.7): the kinds of abilities on the stack each
# target word allows ("spell_or_ability" also takes a spell).
ABILITY_TARGETS = {"ability": ("activated", "triggered"), "activated_ability": ("activated",),
                   "triggered_ability": ("triggered",),
                   "spell_or_ability": ("activated", "triggered")}


def quality_matches(quality: str, source: Chars | None, source_controller: str | None,
                    source_owner: str | None = None) -> bool:
    """Does a source have the quality named by "protection from <quality>"?"""
    if source is None:
        return False
    q = quality.lower()
    if q == "everything":
        return True
    if q in COLOR_WORDS:
        return COLOR_WORDS[q] in source.colors
    if q in ("multicolored", "monocolored"):
        return len(source.colors) > 1 if q == "multicolored" else len(source.colors) == 1
    if q in TYPE_PLURALS:
        return TYPE_PLURALS[q] in source.types
    if q.startswith("player:"):
        who = quality.split(":", 1)[1]
        return source_controller == who or (source_controller is None and source_owner == who)
    if q.startswith("subtype:"):
        sub = quality.split(":", 1)[1]
        return sub in source.subtypes or (ALL_TYPES in source.subtypes)
    if q.startswith("non") and q[3:] in COLOR_WORDS:
        return COLOR_WORDS[q[3:]] not in source.colors
    return False


def protections(c: Chars, game: Game | None = None, oid: int | None = None) -> list[str]:
    out = []
    for k in c.keywords("protection"):
        q = k.quality or ""
        if q == "chosen_player":
            obj = game.objects.get(oid) if game is not None and oid is not None else None
            chosen = obj.chosen.get("player") if obj is not None else None
            if not chosen:
                continue
            q = f"player:{chosen}"
        out.append(q)
    return out


def source_info(game: Game, source: Any, lki: Chars | None = None) -> tuple[Chars | None, str]:
    """Characteristics and controller of a damage/ability source (or its LKI)."""
    if source is None:
        return None, ""
    item = None
    if not isinstance(source, int):
        item = source
        source = item.id
    if source in game.objects:
        c = game.chars(source)
        return c, game.controller_of(source)
    for it in game.stack:
        if it.id == source and it.is_stack_ability:
            c = it.source_lki or (game.chars(it.source_id) if it.source_id in game.objects
                                  else game.lki.get(it.source_id))
            return c, it.controller
    c = lki or game.lki.get(source)
    return c, c.controller if c else ""


def has_protection_from(game: Game, target: Any, source: Any, lki: Chars | None = None) -> bool:
    return protection_from(game, target, source, lki) is not None


def protection_from(game: Game, target: Any, source: Any,
                    lki: Chars | None = None) -> Message | None:
    """The protection of ``target`` that ``source`` runs into, as words, or None."""
    if not isinstance(target, int) or target not in game.objects:
        return None
    quals = protections(game.chars(target), game, target)
    if not quals:
        return None
    src, ctrl = source_info(game, source, lki)
    owner = game.objects[source].owner if isinstance(source, int) and source in game.objects \
        else None
    for q in quals:
        if quality_matches(q, src, ctrl, owner):
            return msg("rules.protection_from", quality=term(_quality_text(q)))
    return None


def summoning_sick(game: Game, oid: int) -> bool:
    """Not under its controller's control since their most recent turn began (302.6)."""
    obj = game.objects[oid]
    controller = game.controller_of(oid)
    return obj.controlled_since > game.players[controller].last_turn_start or \
        obj.last_controller != controller


def has_haste(game: Game, oid: int) -> bool:
    obj = game.objects[oid]
    return game.chars(oid).has("haste") or bool(obj.chosen.get("haste_eot")) or \
        bool(obj.chosen.get("haste_suspend")) or bool(obj.chosen.get("haste"))


def target_legal(game: Game, spec: TargetSpec, target: Any, controller: str,
                 source: Chars | None, source_id: int | None, is_spell: bool,
                 exclude: tuple = ()) -> tuple[bool, Message | str, tuple[str, ...]]:
    """Can ``target`` be chosen for ``spec`` by a spell or ability ``controller`` controls?

    Returns (legal, reason, rules).
    """
    view = View(game)
    if isinstance(target, str):  # a player
        if target not in game.players or game.players[target].lost:
            return False, msg("rules.target.not_in_game", name=target), (R.CAST_TARGETS,)
        if spec.kind not in ("any", "player", "player_or_planeswalker"):
            return False, msg("rules.target.player_not", what=spec.text or spec.kind), \
                (R.CAST_TARGETS,)
        if spec.player == "opponent" and target == controller:
            return False, msg("rules.target.not_opponent", name=target), (R.CAST_TARGETS,)
        if spec.player == "you" and target != controller:
            return False, msg("rules.target.not_you", name=target), (R.CAST_TARGETS,)
        why = _player_protection(game, target, controller)
        if why is not None:
            return False, why[0], why[1]
        return True, "", ()
    if spec.kind == "player":
        return False, msg("rules.target.must_be_player"), (R.CAST_TARGETS,)
    if spec.kind == "player_or_planeswalker":
        spec = TargetSpec("object", spec.filter, text=spec.text)
    if spec.kind == "spell_or_permanent":
        if game.stack_item(target) is not None:
            spec = TargetSpec("spell", spec.filter, text=spec.text)
        else:
            spec = TargetSpec("object", replace(spec.filter, zone="battlefield"),
                              text=spec.text)
    if spec.kind in ABILITY_TARGETS:
        # "target activated or triggered ability" (a mana ability never is on the stack,
        # 605.3b); "target spell, activated ability, or triggered ability"
        item = game.stack_item(target)
        if item is None or (spec.kind != "spell_or_ability" and not item.is_stack_ability):
            return False, msg("rules.target.not_an_ability", name=game.label(target)), \
                (R.CAST_TARGETS,)
        if item.is_stack_ability:
            kind = "triggered" if isinstance(item.ability, TriggeredAbility) else "activated"
            if kind not in ABILITY_TARGETS[spec.kind]:
                return False, msg("rules.target.not_an_ability", name=game.label(item)), \
                    (R.CAST_TARGETS,)
            return True, "", ()
        spec = TargetSpec("spell", spec.filter, text=spec.text)
    if spec.kind == "spell":
        item = game.stack_item(target)
        if item is None or item.is_stack_ability:
            return False, msg("rules.target.not_a_spell", name=game.label(target)), \
                (R.CAST_TARGETS,)
        if target == source_id:
            return False, msg("rules.target.itself"), (R.CAST_TARGETS,)
        if not matches(spec.filter, view, target, controller, source_id):
            return False, msg("rules.target.isnt", name=game.label(target), what=spec.text), \
                (R.CAST_TARGETS,)
        if spec.filter.mv_eq == "X" and source is not None and \
                game.chars(target).mana_value() != source.x:
            return False, msg("rules.target.mana_value_x", name=game.label(target), x=source.x), \
                (R.CAST_TARGETS, R.MANA_VALUE)
        return True, "", ()
    obj = game.objects.get(target)
    if obj is None:
        return False, "that object no longer exists", (R.RESOLVE_TARGETS,)
    zone = spec.filter.zone if spec.kind != "any" else "battlefield"
    if obj.zone != zone:
        return False, msg("rules.target.not_in_zone", name=game.label(target),
                          zone=msg(f"zone.{zone}")), (R.RESOLVE_TARGETS,)
    c = game.chars(target)
    if spec.kind == "any":
        if not (c.types & {"creature", "planeswalker", "battle"}):
            return False, msg("rules.target.not_any", name=game.label(target)), \
                (R.CAST_TARGETS,)
    elif not matches(spec.filter, view, target, controller, source_id):
        return False, msg("rules.target.isnt", name=game.label(target),
                          what=spec.text or msg("rules.target.a_legal_target")), \
            (R.CAST_TARGETS,)
    if zone == "battlefield":
        if c.has("shroud"):
            return False, msg("rules.target.shroud", name=game.label(target)), (R.SHROUD,)
        if c.has("hexproof") and game.controller_of(target) != controller:
            return False, msg("rules.target.hexproof", name=game.label(target)), (R.HEXPROOF,)
        for q in protections(c, game, target):
            owner = game.objects[source_id].owner if source_id in game.objects else None
            if quality_matches(q, source, controller, owner):
                return False, msg("rules.target.protection", name=game.label(target),
                                  quality=term(_quality_text(q))), \
                    (R.PROTECTION_TARGET,)
    return True, "", ()


def _quality_text(q: str) -> str:
    return q.split(":", 1)[1] if ":" in q else q


def cant_be_countered(game: Game, item: GameObject) -> str:
    c = game.chars(item.id)
    for ab in statics(c.abilities):
        if isinstance(ab, StaticAbility) and ab.kind == "cant_be_countered":
            cond = ab.condition
            if cond is None or holds(game, cond, item.id, c.controller, {}):
                return ability_text(ab, c.name) or "this spell can't be countered"
    return ""


def _player_protection(game: Game, player: str, controller: str) -> tuple[Message, tuple] | None:
    """"You have hexproof" / "You have shroud": a player who can't be targeted."""
    for p in game.prohibitions:  # "You … gain hexproof until end of turn"
        if p.kind in ("player_hexproof", "player_shroud") and p.params.get("player") == player \
                and (p.kind == "player_shroud" or controller != player):
            return (msg("rules.target.player_protected", name=player, text=p.text),
                    (R.SHROUD,) if p.kind == "player_shroud" else (R.HEXPROOF_PLAYER,))
    for oid in game.battlefield:
        c = game.chars(oid)
        if c.controller != player:
            continue
        for ab in statics(c.abilities):
            if ab.kind == "player_shroud" or ab.kind == "player_hexproof" and \
                    controller != player:
                return (msg("rules.target.player_protected", name=player,
                            text=ability_text(ab, c.name)),
                        (R.SHROUD,) if ab.kind == "player_shroud" else (R.HEXPROOF,))
    return None


# --- instants and sorceries (issue 16, oracle branch) ------------------------------------------
def may_play_from_exile(game: Game, obj: GameObject, player: str) -> bool:
    """A card an effect lets ``player`` play from exile ("Exile the top card of your library.
    You may play that card this turn"; "… until the end of your next turn"), while that
    permission lasts."""
    perm = obj.chosen.get("may_play")
    if obj.zone != "exile" or not perm or perm.get("player") != player:
        return False
    if game.turn == perm.get("turn"):
        return True
    if perm.get("until") != "your_next_turn":
        return False
    # through the end of that player's next turn: their first turn begun since
    turns = game.extra.get("turns_of", {}).get(player, 0)
    return turns == perm.get("turns_of", 0) + 1 and game.active == player
