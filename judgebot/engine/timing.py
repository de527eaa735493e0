"""When a player may act: sorcery timing (307.1, 116.1), flash and the
effects that grant it, split second (702.61), "only as a sorcery" for opponents."""

from __future__ import annotations

from judgebot.engine.abilities import StaticAbility, statics
from judgebot.engine.filters import View, matches
from judgebot.engine.state import Chars, Game
from judgebot.messages import Message, msg


def split_second_on_stack(game: Game) -> str:
    for item in game.stack:
        if not item.is_stack_ability and game.chars(item.id).has("split second"):
            return game.name_of(item.id)
    return ""



def sorcery_timing(game: Game, player: str) -> Message | None:
    """Why ``player`` can't act at sorcery speed now, or None."""
    if game.active != player:
        return msg("timing.not_their_turn")
    if game.step not in ("precombat_main", "postcombat_main"):
        return msg("timing.not_main_phase")
    if game.stack:
        return msg("timing.stack_not_empty")
    return None



def has_flash(game: Game, player: str, oid: int, c: Chars) -> bool:
    if c.has("flash"):
        return True
    for p in game.battlefield:
        pc = game.chars(p)
        if pc.controller != player:
            continue
        for ab in statics(pc.abilities):
            if isinstance(ab, StaticAbility) and ab.kind == "flash_for" and \
                    game.objects[oid].owner == player and \
                    matches(ab.params["filter"], View(game), oid, player, None):
                return True
    return False



def sorcery_speed_only(game: Game, player: str) -> str:
    """Teferi, Mage of Zhalfir: opponents cast spells only at sorcery speed."""
    for p in game.battlefield:
        pc = game.chars(p)
        if pc.controller == player:
            continue
        for ab in statics(pc.abilities):
            if isinstance(ab, StaticAbility) and ab.kind == "opponents_sorcery_speed":
                return pc.name
    return ""
