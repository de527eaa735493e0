"""The one event pipeline.

Every change of the game goes through :func:`perform`:

1. "can't" effects: an event a rule or effect forbids doesn't happen
   (indestructible, "can't be countered", "you can't lose the game" ...;
   :mod:`judgebot.engine.prohibitions`);
2. replacement and prevention effects (614, 615): when several apply, the
   affected player or the controller of the affected object chooses which
   first (616.1), self-replacement effects first; each applies once (614.5)
   (:mod:`judgebot.engine.replacements`);
3. the (modified) events are applied, simultaneously (:mod:`judgebot.engine.apply`),
   which says what follows from each;
4. triggered abilities are noticed; leaves-the-battlefield abilities look
   back in time (603.10a); then the events that follow are performed in turn.

State-based actions and putting triggers on the stack happen when a player
would receive priority (:mod:`judgebot.engine.turn`), never here.
"""

from __future__ import annotations

from typing import Any

from judgebot.engine import citations as R
from judgebot.engine import triggers
from judgebot.engine.apply import apply
from judgebot.engine.errors import Refusal
from judgebot.engine.events import Event, Move
from judgebot.engine.prohibitions import prohibition
from judgebot.engine.replacements import replace
from judgebot.engine.state import Game
from judgebot.messages import msg


def perform(game: Game, events: list[Event]) -> list[Event]:
    """Run events through the pipeline as one simultaneous event; return those applied
    (and the events already done that follow from them)."""
    game.steps_taken += 1
    batch = game.steps_taken
    if game.steps_taken > game.step_limit:
        raise Refusal(msg("pipeline.perform", step_limit=game.step_limit),
                      kind="limit", rules=(R.DRAW_LOOP,))
    final: list[Event] = []
    for ev in events:
        if _forbidden(game, ev):
            continue
        game.extra["batch"] = batch
        for out in replace(game, ev):
            if out is ev or not _forbidden(game, out):
                final.append(out)
    if not final:
        return []
    look_back = any(isinstance(e, Move) and _on_battlefield(game, e.oid) for e in final)
    before = _snapshot(game) if look_back else None
    applied: list[Event] = []
    derived: list[Event] = []
    then: list[Event] = []
    for e in final:
        follow = apply(game, e)
        if follow is None:
            continue
        e.done = True
        game.changed()
        applied.append(e)
        for f in follow:
            (derived if f.done else then).append(f)
    if applied:
        triggers.notice(game, applied + derived, before)
    for f in then:
        perform(game, [f])
    return applied + derived


def _forbidden(game: Game, ev: Event) -> bool:
    reason = prohibition(game, ev)
    if reason is None:
        return False
    text, rules = reason
    game.log.add("cant", text, rules)
    return True


def _on_battlefield(game: Game, oid: int) -> bool:
    obj = game.objects.get(oid)
    return obj is not None and obj.zone == "battlefield"


def _snapshot(game: Game) -> dict[int, Any]:
    return {oid: game.chars(oid) for oid in game.battlefield}
