"""Game events: every change of the game is one of these.

An event is first *proposed* (by an effect, a cost, a rule or a turn-based
action), then goes through the pipeline (:mod:`judgebot.engine.pipeline`):
"can't" effects may stop it, replacement and prevention effects may modify it,
it is applied, and triggered abilities look at what happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine.state import CardDef, Chars


@dataclass(eq=False)
class Event:
    cause: str = "effect"  # effect | cost | sba | combat | rule | turn
    source: int | None = None  # the object (or stack item) responsible
    rules: tuple[str, ...] = ()
    done: bool = False
    used: set[int] = field(default_factory=set)  # replacement effects already applied (614.5)
    notes: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Damage(Event):
    target: int | str = 0  # object id or player name
    amount: int = 0
    combat: bool = False
    source_lki: Chars | None = None
    preventable: bool = True
    life_loss: int | None = None  # set by "reduces it to 1 instead" effects
    dealt: int = 0
    redirected_from: int | str | None = None


@dataclass(eq=False)
class LifeGain(Event):
    player: str = ""
    amount: int = 0


@dataclass(eq=False)
class LifeLoss(Event):
    player: str = ""
    amount: int = 0


@dataclass(eq=False)
class Draw(Event):
    player: str = ""
    drawn: int | None = None


@dataclass(eq=False)
class Move(Event):
    """An object changes zones (a new object results, 400.7)."""

    oid: int = 0
    to_zone: str = "graveyard"
    reason: str = ""  # destroy sacrifice discard mill bounce exile counter resolve cast play ...
    position: str = "top"  # top | bottom (library)
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    face_down: bool = False
    controller: str | None = None  # under whose control it enters
    attach_to: int | str | None = None
    attacking: Any = None  # enters attacking this player/planeswalker
    from_zone: str = ""
    new_id: int | None = None
    lki: Chars | None = None
    card: CardDef | None = None
    owner: str = ""
    copy_of: CardDef | None = None
    madness: bool = False
    back_up: bool = False  # enters with its back face up (712.12, 712.14a)
    cast_info: Any = None
    chosen: dict[str, Any] = field(default_factory=dict)


@dataclass(eq=False)
class Destroy(Event):
    oid: int = 0
    no_regen: bool = False


@dataclass(eq=False)
class Regenerated(Event):
    oid: int = 0


@dataclass(eq=False)
class Tap(Event):
    oid: int = 0
    untap: bool = False


@dataclass(eq=False)
class Counters(Event):
    target: int | str = 0
    kind: str = "+1/+1"
    n: int = 0  # positive: put; negative: remove
    removed_last: bool = False


@dataclass(eq=False)
class CreateToken(Event):
    card: CardDef | None = None
    controller: str = ""
    n: int = 1
    tapped: bool = False
    attacking: Any = None
    new_ids: list[int] = field(default_factory=list)
    haste: bool = False
    attach_to: int | None = None  # an Aura token created attached to this (a Role, 303.7)
    counters: dict[str, int] = field(default_factory=dict)  # it enters with them (122.6)


@dataclass(eq=False)
class LoseGame(Event):
    player: str = ""
    reason: Any = ""  # why, as a message (for the log)


@dataclass(eq=False)
class WinGame(Event):
    player: str = ""


@dataclass(eq=False)
class CounterSpell(Event):
    item: int = 0  # stack item id


@dataclass(eq=False)
class TurnFaceUp(Event):
    oid: int = 0


@dataclass(eq=False)
class Transform(Event):
    """A double-faced permanent turns over (701.27a), a flip card flips (710.1a)."""

    oid: int = 0
    flip: bool = False
    # an activated or triggered ability of the permanent: how many times it had
    # transformed when the ability was put on the stack (701.27f); None: not such an ability
    since: int | None = None


@dataclass(eq=False)
class Attach(Event):
    oid: int = 0
    to: int | str | None = None


@dataclass(eq=False)
class Skip(Event):
    player: str = ""
    what: str = ""


# Events that only mark something that happened (for triggers); never replaced.
@dataclass(eq=False)
class Happened(Event):
    what: str = ""
    data: dict[str, Any] = field(default_factory=dict)
