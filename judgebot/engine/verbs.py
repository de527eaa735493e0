"""The verb registry: every effect verb a spell or ability can perform, registered
once with what a card script needs to know of it.

An ability's effects are a list of :class:`~judgebot.engine.abilities.Effect`
(a verb and its arguments), run in order (608.2c). The verbs themselves live in
:mod:`judgebot.engine.effects`, one module per concern; each registers here
with :func:`verb`. Resolution (:mod:`judgebot.engine.resolving`), the pipeline
(a prevention effect's extra effect, 615.5) and the card compiler reach them
only through this registry, the way Forge's card scripts reach its effect
classes through ``ApiType``: a new verb is one function in one module, and
every card and every reader of card text can use it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx
from judgebot.engine.errors import Unsupported
from judgebot.engine.state import Game
from judgebot.messages import msg

Handler = Callable[[Ctx, Effect], None]


@dataclass(frozen=True)
class Verb:
    name: str
    run: Handler
    # The argument a card script's shorthand sets: ``{damage: 3, to: target}`` is
    # ``damage(amount=3, to=target)``; a pair is set from a list (``{pump: [2, 2]}``).
    primary: str | tuple[str, str] | None = None
    doc: str = ""


VERBS: dict[str, Verb] = {}


def verb(name: str, primary: str | tuple[str, str] | None = None
         ) -> Callable[[Handler], Handler]:
    """Register the function it decorates as the verb ``name``."""
    def register(handler: Handler) -> Handler:
        if name in VERBS:
            raise ValueError(f"the verb {name!r} is registered twice")
        VERBS[name] = Verb(name, handler, primary, (handler.__doc__ or "").strip())
        return handler
    return register


def find(name: str) -> Verb:
    found = VERBS.get(name)
    if found is None:
        raise Unsupported(msg("verbs.find", name=name))
    return found


def do(ctx: Ctx, eff: Effect) -> None:
    """Perform one effect."""
    find(eff.verb).run(ctx, eff)


def run(ctx: Ctx, effects: tuple[Effect, ...] | list[Effect]) -> None:
    """Perform effects in order (608.2c), stopping when the game is over."""
    for eff in effects:
        if ctx.game.over:
            return
        do(ctx, eff)


def run_effects(game: Game, effects: Any, base: dict[str, Any]) -> None:
    """Run effects outside a resolution (a replacement's extra effect)."""
    ctx = Ctx(game, base["you"], base.get("source"), info=base)
    for eff in effects:
        do(ctx, eff)
