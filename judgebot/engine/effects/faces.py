"""Turning a card with two faces over: transforming a double-faced permanent (701.27),
flipping a flip card (710). The permanent stays the same object (712.18); which face is
up decides its characteristics (:func:`judgebot.engine.state.face_up`)."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx, objects
from judgebot.engine.events import Transform
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import verb


@verb("transform", primary="what")
def _transform(ctx: Ctx, eff: Effect) -> None:
    """Transform (or, with ``flip``, flip) each object ``what`` names. An activated or
    triggered ability of the permanent transforming itself does so only if it hasn't
    transformed since the ability was put on the stack (701.27f)."""
    game = ctx.game
    since = ctx.info.get("transforms") if isinstance(ctx.info, dict) else None
    for oid in objects(ctx, eff.get("what")):
        mine = oid == ctx.source and since is not None
        perform(game, [Transform(source=ctx.source, oid=oid, flip=bool(eff.get("flip")),
                                 since=since if mine else None,
                                 rules=ctx.rules + ((R.TRANSFORM_ONCE,) if mine else ()))])
