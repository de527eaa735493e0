"""Phasing (702.26): a permanent that phases out stays on the battlefield, the same object,
but is treated as though it doesn't exist until it phases in during its controller's next
untap step.

The engine keeps a phased-out permanent out of ``game.battlefield`` (every rule and effect
looks there, so none sees it: 702.26b) under the pseudo-zone ``phased_out``, without a zone
change (702.26d: no zone-change triggers, the same object, its counters kept).
"""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.state import Game
from judgebot.messages import Joined, msg

ZONE = "phased_out"


def phase_out(game: Game, oids: list[int], rules: tuple[str, ...] = ()) -> list[int]:
    """Phase out ``oids`` and, indirectly, the Auras and Equipment attached to them
    (702.26g); each leaves combat (702.26b, 506.4). Returns those that phased out."""
    direct = [o for o in oids if o in game.battlefield]
    attached = [o for o in game.battlefield if game.objects[o].attached_to in direct
                and o not in direct]
    done = []
    for oid, indirect in [(o, False) for o in direct] + [(o, True) for o in attached]:
        obj = game.objects[oid]
        obj.phased = (game.controller_of(oid), indirect)
        game.battlefield.remove(oid)
        obj.zone = ZONE
        game.phased_out.append(oid)
        if game.combat is not None:
            game.combat.remove(oid)
        done.append(oid)
    if done:
        game.changed()
        game.log.add("effect", msg("phasing.out", names=Joined(tuple(game.label(o)
                                                                     for o in done))),
                     rules + (R.PHASING_OUT,) + ((R.PHASING_INDIRECT,) if attached else ()))
    return done


def phase_in(game: Game, oids: list[int], rules: tuple[str, ...] = ()) -> list[int]:
    """Phase in ``oids`` and what phased out indirectly with them (702.26c, 702.26g)."""
    hosts = [o for o in oids if o in game.phased_out]
    riders = [o for o in game.phased_out if game.objects[o].phased[1] and
              game.objects[o].attached_to in hosts]
    done = []
    for oid in hosts + riders:
        obj = game.objects[oid]
        game.phased_out.remove(oid)
        obj.zone = "battlefield"
        obj.phased = None
        game.battlefield.append(oid)
        done.append(oid)
    if done:
        game.changed()
        game.log.add("effect", msg("phasing.in", names=Joined(tuple(game.label(o)
                                                                    for o in done))),
                     rules + (R.PHASING_IN,))
    return done


def untap_step_phasing(game: Game) -> None:
    """702.26a: before the active player untaps, their phased-in permanents with phasing
    phase out and, at the same time, the permanents that phased out (directly) under their
    control phase in."""
    player = game.active
    coming = [o for o in game.phased_out
              if game.objects[o].phased[0] == player and not game.objects[o].phased[1]]
    going = [o for o in game.battlefield
             if game.controller_of(o) == player and game.chars(o).has("phasing")]
    if going:
        phase_out(game, going, (R.PHASING,))
    if coming:
        phase_in(game, coming, (R.PHASING,))
