"""The game state: cards, objects, players, zones, the stack.

Everything here is plain data. Rules live in the other modules, which take a
:class:`Game` and change it only through the event pipeline
(:mod:`judgebot.engine.pipeline`), so that every change is logged with the
rules it applies and checked for replacement effects and triggers.

Characteristics of objects are never stored: :mod:`judgebot.engine.layers`
computes them from the printed card (:class:`CardDef`) and the continuous
effects in force (:class:`Chars` is the result). The game is handed that
computation when it is built (``Game.characteristics``), so that the state
knows nothing of the rules that compute it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from judgebot.engine.abilities import Ability, Keyword
from judgebot.engine.log import Log
from judgebot.engine.mana import ManaCost, ManaPool
from judgebot.messages import Message, Name, msg

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "command")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
SUPERTYPES = ("basic", "legendary", "snow", "world")
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
         "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
         "end_of_combat", "postcombat_main", "end", "cleanup")
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers",
                "first_strike_damage", "combat_damage", "end_of_combat")
MAIN_STEPS = ("precombat_main", "postcombat_main")


@dataclass(frozen=True, eq=False)
class CardDef:
    """A card's printed (copiable) characteristics and its abilities.

    Tokens and generic scenario objects are CardDefs too. ``names`` holds every
    name the object answers to (English, Chinese, a scenario alias).
    """

    name: str
    names: tuple[str, ...] = ()
    mana_cost: ManaCost | None = None
    colors: frozenset[str] | None = None  # None: from the mana cost
    supertypes: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    power: int | str | None = None  # "*" with a characteristic-defining ability
    toughness: int | str | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    zh_name: str = ""
    slug: str = ""
    split: tuple[CardDef, ...] = ()  # the halves of a split card
    # A card with a second face (712 double-faced, 715 adventurer, 710 flip): ``layout``
    # says which ("transform", "modal_dfc", "adventure", "flip") and ``other`` holds that
    # face's own characteristics (the back face, the Adventure, the flipped half).
    layout: str = ""
    other: CardDef | None = None
    is_token: bool = False
    source: str = ""  # "pool", "inline", "token"
    line: int | None = None

    @property
    def printed_colors(self) -> frozenset[str]:
        if self.colors is not None:
            return self.colors
        if self.split:
            out: set[str] = set()
            for half in self.split:
                out |= half.printed_colors
            return frozenset(out)
        return self.mana_cost.colors if self.mana_cost else frozenset()

    def all_names(self) -> tuple[str, ...]:
        names = [self.name, *self.names]
        if self.zh_name:
            names.append(self.zh_name)
        for half in self.split:
            names.extend(half.all_names())
        return tuple(dict.fromkeys(n for n in names if n))


@dataclass
class Chars:
    """An object's characteristics after all continuous effects (613)."""

    name: str
    names: tuple[str, ...]
    mana_cost: ManaCost | None
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    abilities: tuple[Ability, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    controller: str
    # Filled when the object is on the stack with a chosen X.
    x: int = 0
    # The cost its mana value is computed from when that isn't its mana cost: a nonmodal
    # double-faced permanent with its back face up (712.8e).
    mv_cost: ManaCost | None = None

    def is_(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_permanent_card(self) -> bool:
        return bool(self.types & set(PERMANENT_TYPES))

    def mana_value(self) -> int:
        cost = self.mv_cost or self.mana_cost
        return cost.mana_value(self.x) if cost else 0

    def keywords(self, name: str) -> list[Any]:
        return [a for a in self.abilities if isinstance(a, Keyword) and a.name == name]

    def keyword(self, name: str) -> Keyword | None:
        """The first instance of the keyword ``name`` it has, if any."""
        return next((a for a in self.abilities if isinstance(a, Keyword) and a.name == name),
                    None)

    def has(self, name: str) -> bool:
        return any(isinstance(a, Keyword) and a.name == name for a in self.abilities)

    def copy(self) -> Chars:
        return Chars(self.name, self.names, self.mana_cost, self.colors, self.supertypes,
                     self.types, self.subtypes, self.abilities, self.power, self.toughness,
                     self.loyalty, self.controller, self.x, self.mv_cost)


FUSED = "both"  # CastInfo.half of a split card with fuse cast as both halves (702.102a)


@dataclass
class CastInfo:
    """How a spell was cast (kept by the permanent it becomes, 400.7d)."""

    from_zone: str = "hand"
    alt_cost: str = ""  # flashback, madness, morph, suspend, evoke, free, overload
    additional: tuple[str, ...] = ()  # buyback, kicker
    x: int = 0
    half: str = ""  # the half of a split card that was cast
    cast: bool = True  # False for copies (a copy isn't cast, 707.10)
    controller_main_phase: bool = False  # cast during its controller's main phase
    mana_spent: int = 0
    # the mana spent to cast it, one symbol a unit ("W", "C" …; 601.2h), or None when the
    # scenario left the mana assumed (the colours paid are then unknown)
    spent: tuple[str, ...] | None = ()
    spliced: tuple = ()  # the cards spliced onto it (702.47a): their CardDefs, in order


@dataclass(eq=False)
class GameObject:
    """A card, token or copy in some zone. A zone change makes a new one (400.7)."""

    id: int
    card: CardDef
    owner: str
    controller: str
    zone: str
    timestamp: int
    tapped: bool = False
    face_down: bool = False
    counters: Counter = field(default_factory=Counter)
    damage: int = 0
    deathtouched: bool = False
    attached_to: int | str | None = None
    token: bool = False
    spell_copy: bool = False
    controlled_since: int = 0  # game tick at which its controller got control
    cast: CastInfo | None = None
    chosen: dict[str, Any] = field(default_factory=dict)
    # For spells: the targets chosen for each target slot, the division of damage.
    targets: list[list[Any]] = field(default_factory=list)
    division: dict[Any, int] = field(default_factory=dict)
    modes: tuple[int, ...] = ()
    # Which previous object this one was (for the log and for linked abilities).
    previous: int | None = None
    last_controller: str = ""
    copy_of: CardDef | None = None  # layer 1 copy applied as it entered (707.2)
    face_up_chars: CardDef | None = None
    turned_face_up_turn: int = -1
    # A double-faced permanent with its back face up (712.8e-f), a flipped flip card (710.2);
    # a new object (another zone) starts front face up (712.8a, 710.4).
    back_up: bool = False
    commander: bool = False  # a player's commander (903.3): the card is one in every zone
    # phased out (702.26b): (the player it phased out under the control of, indirectly?)
    phased: tuple[str, bool] | None = None
    transforms: int = 0  # how many times it has transformed (701.27f)

    @property
    def is_stack_ability(self) -> bool:
        return False


def face_up(obj: GameObject) -> CardDef:
    """The face whose characteristics an object has before copy effects are applied to it:
    the half of a split card being cast (709.3b), the face of a modal double-faced card or
    adventurer cast (712.8f, 715.3b), the back face of a double-faced permanent or the
    flipped half of a flip card (712.8e, 710.2); the card otherwise (712.8a, 715.4)."""
    card = obj.copy_of or obj.card
    if obj.zone == "stack" and obj.cast is not None and obj.cast.half:
        if card.split:
            return next((h for h in card.split if h.name == obj.cast.half), card)
        if card.other is not None and card.other.name == obj.cast.half:
            return card.other
        return card
    if obj.back_up and card.other is not None and obj.zone == "battlefield":
        return card.other
    return card


def enters_back_up(card: CardDef, cast: CastInfo | None, back_up: bool) -> bool:
    """Whether a card with two faces enters the battlefield with its back face up: put
    onto it so (712.12 a land face played, 712.14a "transformed"), or a modal double-faced
    spell cast with that face up (712.13)."""
    if card.other is None:
        return False
    return back_up or (cast is not None and cast.half == card.other.name and
                       card.layout in ("modal_dfc", "transform"))


@dataclass(eq=False)
class StackAbility:
    """An activated or triggered ability on the stack (an object, not a card)."""

    id: int
    source_id: int
    source_name: str
    controller: str
    ability: Any
    targets: list[list[Any]] = field(default_factory=list)
    division: dict[Any, int] = field(default_factory=dict)
    x: int = 0
    info: dict[str, Any] = field(default_factory=dict)
    source_lki: Chars | None = None
    modes: tuple[int, ...] = ()
    is_copy: bool = False
    zone: str = "stack"

    @property
    def is_stack_ability(self) -> bool:
        return True


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = field(default_factory=list)  # top first
    library_known: bool = False  # an unspecified library never runs out
    # cards of a listed library whose order a shuffle made unknown (701.24a): a block of
    # the library; cards put on top or bottom since keep their known place
    unordered: set[int] = field(default_factory=set)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)  # oldest first
    exile: list[int] = field(default_factory=list)
    command: list[int] = field(default_factory=list)  # emblems (114)
    pool: ManaPool = field(default_factory=ManaPool)
    free_mana: bool = False  # documented default: no mana sources stated
    lost: bool = False
    lost_rule: str = ""
    won: bool = False
    drew_from_empty: bool = False
    lands_played: int = 0
    last_turn_start: int = -2  # game tick
    last_upkeep: int = -10**9  # game tick of the beginning of their last upkeep
    prev_upkeep: int = -10**9  # the one before (for echo, 702.30a)
    skip_steps: Counter = field(default_factory=Counter)
    skip_combat: int = 0
    counters: Counter = field(default_factory=Counter)  # energy … (poison is kept above)

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)


@dataclass
class TurnRecord:
    """Things that happened this turn, for abilities that look back."""

    spells_cast: list[tuple[str, int]] = field(default_factory=list)  # (player, object id)
    life_lost: Counter = field(default_factory=Counter)
    life_gained: Counter = field(default_factory=Counter)
    damaged_opponent: set[int] = field(default_factory=set)  # source ids
    damaged_by: dict[int, set[int]] = field(default_factory=dict)  # object id -> source ids
    discarded: Counter = field(default_factory=Counter)
    cycled: Counter = field(default_factory=Counter)
    attacked_with: set[int] = field(default_factory=set)
    damaged_players: Counter = field(default_factory=Counter)  # damage dealt to each player
    creatures_died: int = 0
    drawn: Counter = field(default_factory=Counter)  # cards each player drew this turn
    lands_entered: Counter = field(default_factory=Counter)  # lands that entered, by the
    # player they entered under the control of (landfall)
    left_battlefield: Counter = field(default_factory=Counter)  # permanents that left, by
    # the player who controlled them (revolt)
    # (player, object id) of what happened this turn, for "if an opponent had two or more
    # creatures enter the battlefield under their control this turn" and the like: the
    # permanents that entered (by controller, the new object), the permanents sacrificed (by
    # their controller, the object that left) and the cards put into a graveyard (by owner)
    entered: list[tuple[str, int]] = field(default_factory=list)
    sacrificed: list[tuple[str, int]] = field(default_factory=list)
    to_graveyard: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class Combat:
    attackers: dict[int, str | int] = field(default_factory=dict)  # attacker -> player/pw
    blockers: dict[int, list[int]] = field(default_factory=dict)  # blocker -> attackers
    blocked: dict[int, bool] = field(default_factory=dict)  # attacker -> blocked?
    blocked_by: dict[int, list[int]] = field(default_factory=dict)  # attacker -> blockers
    first_strike_step: bool = False
    dealt_first_strike: set[int] = field(default_factory=set)
    had_first_strike: set[int] = field(default_factory=set)
    blockers_declared: bool = False
    damage_steps_done: int = 0

    def remove(self, oid: int) -> None:
        """``oid`` stops attacking or blocking (it left the battlefield, regenerated,
        changed control: 506.4)."""
        self.attackers.pop(oid, None)
        for attacker in self.blockers.pop(oid, []):
            if attacker in self.blocked_by and oid in self.blocked_by[attacker]:
                self.blocked_by[attacker].remove(oid)
        for blockers in self.blocked_by.values():
            if oid in blockers:
                blockers.remove(oid)
        self.blocked_by.pop(oid, None)
        for attackers in self.blockers.values():
            if oid in attackers:
                attackers.remove(oid)

    def defending_player(self, attacker: int, game: Game) -> str | None:
        target = self.attackers.get(attacker)
        if isinstance(target, str):
            return target
        if isinstance(target, int) and target in game.objects:
            return game.controller_of(target)
        return None


class CardSource(Protocol):
    """Where cards come from by name (the engine's card pool; later the corpus)."""

    def get(self, name: str) -> CardDef | None: ...

    def suggest(self, name: str) -> Message: ...


def _no_layers(game: Game, oid: int) -> Chars:
    raise RuntimeError("this game was built without the layer system (Game.characteristics)")


@dataclass
class Game:
    """The whole state of one simulated game."""

    players: dict[str, Player]
    order: list[str]
    objects: dict[int, GameObject] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)
    phased_out: list[int] = field(default_factory=list)  # on the battlefield, phased out
    stack: list[Any] = field(default_factory=list)  # bottom first; GameObject or StackAbility
    turn: int = 2
    active: str = ""
    step: str = "precombat_main"
    priority: str | None = None
    passes: int = 0
    effects: list[Any] = field(default_factory=list)  # ContinuousEffect from resolutions
    replacements: list[Any] = field(default_factory=list)  # ReplacementEffect from resolutions
    prohibitions: list[Any] = field(default_factory=list)  # "can't" effects from resolutions
    delayed: list[Any] = field(default_factory=list)
    pending: list[Any] = field(default_factory=list)  # triggered, not yet on the stack
    combat: Combat | None = None
    record: TurnRecord = field(default_factory=TurnRecord)
    tick: int = 0
    next_id: int = 1
    next_timestamp: int = 1
    version: int = 0
    log: Log | None = None
    over: bool = False
    draw: bool = False
    resolving: Any = None
    steps_taken: int = 0
    step_limit: int = 4000
    chooser: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    lki: dict[int, Chars] = field(default_factory=dict)
    lki_objects: dict[int, GameObject] = field(default_factory=dict)
    chars_cache: dict[int, Chars] = field(default_factory=dict)
    chars_version: int = -1
    combat_phase_skipped: bool = False
    # How characteristics are computed (the layer system), and where cards come from.
    characteristics: Callable[[Game, int], Chars] = _no_layers
    cards: CardSource | None = None

    # --- ids and time ------------------------------------------------------------
    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def new_timestamp(self) -> int:
        self.next_timestamp += 1
        return self.next_timestamp - 1

    def changed(self) -> None:
        """Invalidate computed characteristics after any change of the state."""
        self.version += 1

    # --- players -------------------------------------------------------------------
    def player(self, name: str) -> Player:
        return self.players[name]

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.order if p != name and not self.players[p].lost]

    def apnap(self) -> list[str]:
        """Players in APNAP order (101.4)."""
        i = self.order.index(self.active)
        return self.order[i:] + self.order[:i]

    def next_player(self, name: str) -> str:
        i = self.order.index(name)
        return self.order[(i + 1) % len(self.order)]

    def in_game(self) -> list[str]:
        return [p for p in self.order if not self.players[p].lost]

    # --- objects --------------------------------------------------------------------
    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def zone_list(self, zone: str, owner: str | None) -> list:
        if zone == "battlefield":
            return self.battlefield
        if zone == "stack":
            return self.stack
        assert owner is not None
        return self.players[owner].zone(zone)

    def chars(self, oid: int) -> Chars:
        return self.characteristics(self, oid)

    def controller_of(self, oid: int) -> str:
        obj = self.objects.get(oid)
        if obj is None:
            lki = self.lki.get(oid)
            return lki.controller if lki else ""
        if obj.zone in ("battlefield", "stack"):
            return self.chars(oid).controller
        return obj.owner

    def permanents(self) -> list[int]:
        return list(self.battlefield)

    def stack_item(self, sid: int) -> Any:
        for item in self.stack:
            if item.id == sid:
                return item
        return None

    def name_of(self, thing: Any) -> str:
        """A printable name for an object id, a stack item or a player."""
        if isinstance(thing, str):
            return thing
        if isinstance(thing, StackAbility):
            return f"{thing.source_name}'s ability"
        oid = thing.id if isinstance(thing, GameObject) else thing
        if oid in self.objects:
            obj = self.objects[oid]
            if obj.face_down:
                return f"face-down {obj.card.name}"
            name = self.chars(oid).name or obj.card.name
            return f"copy of {name}" if obj.spell_copy else name
        if oid in self.lki:
            return self.lki[oid].name
        for item in self.stack:
            if item.id == oid:
                return self.name_of(item)
        return f"object {oid}"

    def label(self, thing: Any) -> Name | Message:
        """What :meth:`name_of` says, as data: the name in both languages (a card's
        Chinese name where the card has one), shown in the reader's language."""
        if isinstance(thing, str):
            return Name(thing)
        if isinstance(thing, StackAbility):
            source = Name(thing.source_name, self.zh_name(thing.source_id, thing.source_name))
            return msg("name.ability", source=source)
        oid = thing.id if isinstance(thing, GameObject) else thing
        if oid in self.objects:
            obj = self.objects[oid]
            if obj.face_down:
                return msg("name.face_down", name=Name(obj.card.name, obj.card.zh_name))
            name = self.chars(oid).name or obj.card.name
            named = Name(name, self.zh_name(oid, name))
            return msg("name.copy", name=named) if obj.spell_copy else named
        if oid in self.lki:
            return Name(self.lki[oid].name, self.zh_name(oid, self.lki[oid].name))
        for item in self.stack:
            if item.id == oid:
                return self.label(item)
        return msg("name.object", id=oid)

    def zh_name(self, oid: int, name: str) -> str:
        """The Chinese name of what an object is now (a copy has its original's name)."""
        obj = self.objects.get(oid) or self.lki_objects.get(oid)
        if obj is not None:
            for card in (obj.copy_of, obj.card, obj.face_up_chars):
                if card is not None and card.name == name:
                    return card.zh_name
        found = self.cards.get(name) if name and self.cards is not None else None
        return found.zh_name if found is not None and found.name == name else ""

    def remember(self, oid: int) -> None:
        """Keep the last known information of an object about to leave its zone."""
        if oid in self.objects:
            self.lki[oid] = self.chars(oid).copy()
            self.lki_objects[oid] = self.objects[oid]
