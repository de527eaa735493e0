"""Verbs that give players designations: becoming the monarch (725), ascend on a spell
(702.131a: the city's blessing)."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.choosing import choose_cards
from judgebot.engine.context import Ctx, players
from judgebot.engine.designations import (
    become_monarch,
    give_blessing,
    has_blessing,
    ring_tempts,
)
from judgebot.engine.verbs import verb
from judgebot.messages import msg


@verb("become_monarch", primary="who")
def _become_monarch(ctx: Ctx, eff: Effect) -> None:
    """ "You become the monarch" (725.1), "its controller becomes the monarch" (725.2)."""
    for p in players(ctx, eff.get("who", "you"))[:1]:
        become_monarch(ctx.game, p, ctx.rules)


@verb("ring_tempts", primary="who")
def _ring_tempts(ctx: Ctx, eff: Effect) -> None:
    """"The Ring tempts you" (701.54a): the player chooses a creature they control as their
    Ring-bearer (none if they control none: tempted all the same, 701.54d)."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        mine = [o for o in game.battlefield if game.controller_of(o) == p and
                "creature" in game.chars(o).types]
        chosen = choose_cards(game, p, mine, 1, "ring_bearer", keys=("ring_bearer", "choose"))
        ring_tempts(game, p, chosen[0] if chosen else None, ctx.rules)


@verb("ascend", primary="who")
def _ascend(ctx: Ctx, eff: Effect) -> None:
    """Ascend on an instant or sorcery (702.131a): ten or more permanents, the blessing."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        mine = [o for o in game.battlefield if game.controller_of(o) == p]
        if len(mine) >= 10 and not has_blessing(game, p):
            give_blessing(game, p, ctx.rules + (R.ASCEND_SPELL,))


@verb("day_night", primary="which")
def _day_night(ctx: Ctx, eff: Effect) -> None:
    """"It becomes night" / "It becomes day": the game gains that designation, losing the
    other (731.1, 731.1a); daybound and nightbound permanents transform as they check."""
    game = ctx.game
    which = eff.get("which")
    game.extra["day_night"] = which
    game.changed()
    said = msg("daynight.effect_night") if which == "night" else msg("daynight.effect_day")
    # (731.1 says so; its number moved between editions, so it isn't cited)
    game.log.add("daynight", said, ctx.rules)
