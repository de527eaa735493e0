"""Looking at and ordering a library: scry (701.22), surveil (701.25), shuffle (701.24).

A library the scenario lists is known card by card; one it doesn't list holds unknown
cards in an unknown order, so looking at it changes nothing a scenario can check (the
log says so), and putting its cards somewhere is refused (:mod:`.zones`)."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx, players
from judgebot.engine.events import Move
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, msg


@verb("scry", primary="n")
def _scry(ctx: Ctx, eff: Effect) -> None:
    _look(ctx, eff, "bottom")


@verb("surveil", primary="n")
def _surveil(ctx: Ctx, eff: Effect) -> None:
    _look(ctx, eff, "graveyard")


def _look(ctx: Ctx, eff: Effect, away: str) -> None:
    game = ctx.game
    rule = R.SCRY if away == "bottom" else R.SURVEIL
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("n", 1))
        pl = game.players[p]
        if not pl.library_known:
            game.log.add("look", msg("effects.library.unknown", player=p, n=n,
                                     what=msg(f"effects.library.{eff.verb}")),
                         ctx.rules + (rule,))
            continue
        top = pl.library[:n]
        moved: list[int] = []
        for oid in top:
            options = ["top", "graveyard" if away == "graveyard" else "bottom"]
            index = game.chooser.choose(p, eff.verb, [f"{game.name_of(oid)}: {o}"
                                                      for o in options],
                                        keys=(eff.verb, "order"),
                                        match=lambda v, oid=oid: _where(game, v, oid, away))
            if index == 1:
                moved.append(oid)
        game.log.add("look", msg("effects.library.looked", player=p, n=len(top),
                                 what=msg(f"effects.library.{eff.verb}"),
                                 away=Joined(tuple(game.label(o) for o in moved))),
                     ctx.rules + (rule,))
        if not moved:
            continue
        if away == "graveyard":
            perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="mill",
                                rules=ctx.rules + (rule,)) for o in moved])
        else:
            for o in moved:
                pl.library.remove(o)
                pl.library.append(o)
            game.changed()


def _where(game, value, oid, away) -> int | None:
    """A ``choose: {scry: [names to put away]}`` answer: is this card among them?"""
    names = value if isinstance(value, list) else [value]
    wanted = {str(n).lower() for n in names}
    if wanted & {"none", "top", "no"}:
        return 0
    return 1 if game.name_of(oid).lower() in wanted else 0


@verb("shuffle", primary="who")
def _shuffle(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        game.log.add("shuffle", msg("effects.library.shuffled", player=p),
                     ctx.rules + (R.SHUFFLE,))
