"""The effect verbs: what a resolving spell or ability does, one module per concern.

Each verb turns into events through the pipeline, or into a continuous,
replacement or "can't" effect, or a delayed triggered ability. Importing this
package registers every verb in :mod:`judgebot.engine.verbs` (the engine's
package does it once for all); nothing else imports the verbs directly.
"""

from judgebot.engine.effects import (
    continuous,
    counters,
    damage,
    designating,
    faces,
    flow,
    hands,
    library,
    permanents,
    players,
    spells,
    zones,
)

__all__ = ["continuous", "counters", "damage", "designating", "faces", "flow", "hands",
           "library", "permanents", "players", "spells", "zones"]
