"""The vocabulary of card abilities: keywords, static, triggered, activated,
spell and replacement abilities, built from a small set of effect verbs.

Card scripts (:mod:`judgebot.engine.cards`) and the templated-sentence reader
(:mod:`judgebot.engine.text`) both produce these objects, so the rules code
never sees card text. A keyword that stands for triggered or replacement
abilities (flanking, echo, vanishing, suspend, madness ...) expands into
ordinary abilities through :func:`components`, so triggers and replacements are
handled in one place whatever their origin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.mana import ManaCost

# Keywords the engine implements, with the rule that defines each.
KEYWORD_RULES: dict[str, str] = {
    "deathtouch": R.DEATHTOUCH, "defender": R.DEFENDER, "double strike": R.DOUBLE_STRIKE,
    "enchant": R.ENCHANT, "equip": R.EQUIP, "first strike": R.FIRST_STRIKE, "flash": R.FLASH,
    "flying": R.FLYING, "haste": R.HASTE, "hexproof": R.HEXPROOF, "phasing": R.PHASING,
    "indestructible": R.INDESTRUCTIBLE, "landwalk": R.LANDWALK, "lifelink": R.LIFELINK,
    "protection": R.PROTECTION, "reach": R.REACH, "shroud": R.SHROUD, "trample": R.TRAMPLE,
    "vigilance": R.VIGILANCE, "flanking": R.FLANKING, "buyback": R.BUYBACK,
    "shadow": R.SHADOW, "cycling": R.CYCLING, "echo": R.ECHO, "fading": R.FADING,
    "kicker": R.KICKER, "flashback": R.FLASHBACK, "madness": R.MADNESS, "fear": R.FEAR,
    "morph": R.MORPH, "storm": R.STORM, "split second": R.SPLIT_SECOND,
    "demonstrate": R.DEMONSTRATE, "cipher": R.CIPHER, "plot": R.PLOT,
    "suspend": R.SUSPEND, "vanishing": R.VANISHING, "absorb": R.ABSORB,
    "poisonous": R.POISONOUS, "changeling": R.CHANGELING, "evoke": R.EVOKE,
    "wither": R.WITHER, "exalted": R.EXALTED, "infect": R.INFECT, "prowess": R.PROWESS,
    "menace": R.MENACE, "intimidate": R.INTIMIDATE, "horsemanship": R.HORSEMANSHIP,
    "skulk": R.SKULK, "toxic": R.TOXIC, "convoke": R.CONVOKE, "delve": R.DELVE,
    "improvise": R.IMPROVISE, "dash": R.DASH, "myriad": R.MYRIAD, "cascade": R.CASCADE,
    "devour": R.DEVOUR, "amplify": R.AMPLIFY,
    # instants and sorceries (issue 16, oracle branch)
    "bargain": R.BARGAIN, "undaunted": R.UNDAUNTED, "casualty": R.CASUALTY,
    "conspire": R.CONSPIRE, "replicate": R.REPLICATE, "splice": R.SPLICE,
    "rebound": R.REBOUND, "entwine": R.ENTWINE, "escalate": R.ESCALATE, "spree": R.SPREE,
    "tiered": R.TIERED, "jump-start": R.JUMP_START, "retrace": R.RETRACE,
    "multikicker": R.MULTIKICKER, "gift": R.GIFT, "overload": R.OVERLOAD,
    "cleave": R.CLEAVE,
    "foretell": R.FORETELL, "awaken": R.AWAKEN, "miracle": R.MIRACLE,
    "escape": R.ESCAPE, "assist": R.ASSIST,
    # cards with two faces (this branch's part)
    "daybound": R.DAYBOUND, "nightbound": R.NIGHTBOUND, "fuse": R.FUSE,
    "aftermath": R.AFTERMATH, "ascend": R.ASCEND_PERMANENT, "disturb": R.DISTURB,
}
# Keywords the engine simulates by reading what their rule says they mean (702.Na:
# "Bushido N" means "Whenever this creature blocks or becomes blocked, it gets +N/+N
# until end of turn."): when the reader reads that meaning, the keyword has its abilities.
MEANING_KEYWORDS = frozenset({
    "surge", "spectacle",  # "You may pay [cost] rather than pay this spell's mana cost if …"
    "bushido", "rampage", "frenzy", "afflict", "annihilator", "battle cry", "afterlife",
    "persist", "undying", "soulshift", "mentor", "training", "evolve", "dethrone",
    "mobilize", "melee", "extort", "fabricate", "backup", "exploit", "provoke", "devoid",
    "decayed", "living weapon", "for mirrodin!", "job select", "outlast", "reinforce",
    "scavenge", "level up", "unleash", "riot", "ravenous", "modular", "graft", "bloodthirst",
    "ward", "renown", "ingest", "cumulative upkeep", "fortify", "crew", "saddle", "station",
    "umbra armor", "recover", "unearth", "embalm", "eternalize", "encore", "transmute",
    "transfigure", "aura swap", "increment", "firebending", "shroud", "changeling",
    "split second", "flash", "storm", "gravestorm", "hideaway", "exalted", "prowess",
    "flanking", "poisonous", "absorb", "champion", "soulbond", "haunt", "ninjutsu",
    "boast", "exhaust", "affinity",
})
# Keywords with no effect on a game in progress (they work while building a deck or
# outside the game: 702.124 partner, 702.139 companion).
NO_EFFECT_KEYWORDS = frozenset({"partner", "choose a background", "doctor's companion",
                                "doctor’s companion", "companion"})
# Keywords that take a number, a cost, or both.
NUMBERED = {"fading", "vanishing", "absorb", "poisonous", "toxic", "devour", "amplify"}
COSTED = {"buyback", "cycling", "echo", "kicker", "flashback", "madness", "morph", "evoke",
          "equip", "dash", "entwine", "escalate", "multikicker", "disturb", "cleave", "plot"}


class Ability:
    """Base class. ``text`` is the ability as written (for the log)."""

    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Keyword(Ability):
    name: str
    n: int | None = None
    cost: Any = None  # ManaCost or Cost
    quality: str | None = None  # protection from ..., landwalk type, enchant what
    x: bool = False  # suspend X
    text: str = ""
    parts: tuple = ()  # the abilities its rule says it means, as the reader read them
    rule: str = ""  # the rule that says what it means
    filter: Any = None  # "Enchant creature you control": what it may enchant (303.4a)
    # overload, awaken: the spell's ability when that cost is paid ("target" read as "each",
    # 702.96a; the land animated, 702.113a)
    spell: Any = None

    @property
    def rules(self) -> tuple[str, ...]:  # type: ignore[override]
        if self.name in KEYWORD_RULES:
            return (KEYWORD_RULES[self.name],)
        return (self.rule,) if self.rule else ()

    def label(self) -> str:
        if self.name == "protection":
            return f"protection from {self.quality}"
        if self.name == "landwalk":
            return f"{(self.quality or '').lower()}walk"
        if self.name == "suspend":
            return f"suspend {'X' if self.x else self.n}—{self.cost}"
        if self.name == "devour" and self.quality:  # "devour artifact 1"
            return f"devour {self.quality} {self.n}"
        if self.name in NUMBERED:
            return f"{self.name} {self.n}"
        if self.name == "morph" and self.quality:  # megamorph (702.37b)
            return f"{self.quality} {self.cost}"
        if self.name in COSTED and self.cost is not None:
            return f"{self.name} {self.cost}"
        return self.name


@dataclass(frozen=True, eq=False)
class Filter:
    """Which objects something applies to. Empty fields don't restrict. (Compared and
    hashed by identity: a filter may hold an amount, which is a dict.)"""

    types: frozenset[str] = frozenset()  # has all of these
    any_types: frozenset[str] = frozenset()  # has at least one
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()  # has at least one
    not_subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()  # at least one of
    not_colors: frozenset[str] = frozenset()
    colorless: bool | None = None
    controller: str | None = None  # you | opponent
    owner: str | None = None
    other: bool = False
    token: bool | None = None
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    combat: bool | None = None  # attacking or blocking
    power_le: int | None = None
    power_ge: int | None = None
    toughness_le: int | None = None
    toughness_ge: int | None = None
    mv_le: int | str | None = None
    mv_ge: int | None = None
    mv_eq: int | str | None = None
    power_gt: Any = None  # an amount: "with power greater than the number of cards in
    # your hand" (Ensnaring Bridge)
    power_lt: Any = None  # an amount: "with power less than ~'s power" (mentor)
    color_count: str | None = None  # mono | multi: monocolored, multicolored (105.2)
    historic: bool | None = None  # artifacts, legendaries and Sagas are historic (700.6)
    any_counter: bool | None = None  # "with a counter on it"
    enchanted: bool | None = None  # "enchanted" / "equipped" permanents
    equipped: bool | None = None
    attached_to_source: bool = False  # "creature it's attached to"
    has: frozenset[str] = frozenset()  # keywords it has
    lacks: frozenset[str] = frozenset()
    no_abilities: bool = False
    names: frozenset[str] = frozenset()
    face_down: bool | None = None
    counter: str | None = None
    # "of the chosen type/color": (what was chosen as the source entered, whether it must
    # be it): ("creature_type", True), ("color", False) for "that aren't of the chosen color"
    chosen: tuple[str, bool] | None = None
    # alternatives joined by "or" to ``any_types``: "creature or Vehicle" (a subtype),
    # "artifact, enchantment, or token" (a token of any type)
    or_subtypes: frozenset[str] = frozenset()
    or_token: bool = False
    damaged: bool | None = None  # "that was dealt damage this turn"
    # a spell "that targets [you or] a creature": a filter one of its object targets must
    # match (or None), and whether targeting you ("you" as seen by the filter) counts
    targeting: tuple[Any, bool] | None = None
    # "that each share a color with it" (conspire): shares a color with the source
    shares_color: bool = False
    single_target: bool = False  # "spell with a single target" (115.7)
    # "with the greatest power among creatures they control": (stat, scope) — the object's
    # power or mana value is the greatest (ties included) among the objects the rest of the
    # filter takes that the same player controls ("controller") or on the battlefield ("all")
    greatest: tuple[str, str] | None = None
    # "with total power and toughness 5 or less" / "with power or toughness 4 or greater":
    # (op, n), op "le" or "ge"
    pt_total: tuple[str, int] | None = None
    pt_either: tuple[str, int] | None = None
    zone: str = "battlefield"
    text: str = ""

    def describe(self) -> str:
        return self.text or "permanent"


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target": what it may be."""

    kind: str  # any | object | player | spell | card
    filter: Filter = Filter()
    player: str | None = None  # for player targets: opponent | you | None
    count: int = 1
    up_to: bool = False
    text: str = ""
    divide: bool = False  # damage divided among the targets as it is cast (601.2d)
    # cards that must share one owner: "single" ("from a single graveyard"), or the reference
    # of an earlier player target ("target player shuffles … target cards from their graveyard")
    same_owner: str | None = None
    # "one or two target creatures", "one or more target creatures": up to ``count`` (or any
    # number), but at least this many (601.2c)
    at_least: int = 0


@dataclass(frozen=True)
class Cost:
    """An activation or additional cost."""

    mana: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: Filter | None = None
    sacrifice_count: int = 1
    discard: int = 0
    discard_self: bool = False
    pay_life: int = 0
    remove_counters: tuple[str, int] | None = None
    exile_self: bool = False  # from hand (Simian Spirit Guide)
    return_self: bool = False  # return to owner's hand (Grinning Ignus)
    exile_from_graveyard: tuple[Filter, int] | None = None
    exile_from_hand: tuple[Filter, int] | None = None  # "exile a blue card from your hand"
    loyalty: int | None = None  # a loyalty ability's cost: +N, -N or 0 counters (606.4)
    tap_others: tuple[Filter, int] | None = None  # "Tap an untapped creature you control"
    tap_power: tuple[Filter, int] | None = None  # "Tap any number of other untapped
    # creatures you control with total power N or greater" (crew, saddle)
    return_other: Filter | None = None  # "Return a land you control to its owner's hand"
    put_counters_self: tuple[str, int] | None = None  # "Put a -1/-1 counter on ~"
    energy: int = 0  # {E}{E}: pay energy counters (107.14)
    zone: str = ""  # where the cost is paid from, when not the battlefield ("Exile ~ from
    # your graveyard": the graveyard)
    text: str = ""
    discard_filter: Filter | None = None  # "Discard a land card" (retrace)
    discard_x: bool = False  # "As an additional cost …, discard X cards": X as announced
    pay_life_x: bool = False  # "As an additional cost …, pay X life"
    # "As an additional cost …, exile X creature cards from your graveyard": which cards, X
    # as announced
    exile_graveyard_x: Filter | None = None
    discard_random: bool = False  # "discard a card at random" (701.9b)
    # "As an additional cost to cast this spell, reveal a creature card from your hand": the
    # card stays in the hand, shown to all (701.20a); "the revealed card" names it
    reveal_from_hand: Filter | None = None
    # "you may behold a Dragon": choose a Dragon you control or reveal a Dragon card from
    # your hand (701.63a)
    behold: Filter | None = None

    def __str__(self) -> str:
        """The cost as written ("Sacrifice three creatures"), for the log and the board."""
        return self.text or str(self.mana)

    def is_mana_only(self) -> bool:
        return not (self.tap or self.untap or self.sacrifice_self or self.sacrifice
                    or self.discard or self.discard_self or self.pay_life
                    or self.remove_counters or self.exile_self or self.return_self
                    or self.exile_from_graveyard or self.exile_from_hand
                    or self.loyalty is not None
                    or self.tap_others or self.return_other or self.put_counters_self
                    or self.tap_power
                    or self.energy or self.reveal_from_hand is not None
                    or self.behold is not None)


@dataclass(eq=False)
class Effect:
    """One instruction: a verb and its arguments (see :mod:`effects`)."""

    verb: str
    args: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def __repr__(self) -> str:
        return f"Effect({self.verb}, {self.args})"


@dataclass(frozen=True)
class Trigger:
    """What a triggered ability waits for."""

    event: str
    subject: Any = "self"  # "self" or a Filter over the object involved
    who: str | None = None  # you | opponent | any: the player involved
    to: str | None = None  # damage recipient: player | opponent | creature | any
    combat: bool | None = None
    step: str | None = None
    other: Any = None  # a second filter (the blocker of flanking, a spell filter ...)
    counter: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    text: str = ""
    when: Any = None  # a condition of the event itself ("a creature dealt damage by ~ this
    # turn dies"), checked as it triggers


@dataclass(eq=False)
class StaticAbility(Ability):
    """A static ability: continuous effects (layers) or rule modifications."""

    kind: str
    affects: Any = "self"  # self | enchanted | equipped | Filter
    params: dict[str, Any] = field(default_factory=dict)
    condition: Any = None
    zone: str = "battlefield"  # where it functions; "all" for characteristic-defining
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass(eq=False)
class TriggeredAbility(Ability):
    trigger: Trigger
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False  # "you may"
    condition: Any = None  # intervening "if" (603.4)
    zone: str = "battlefield"
    text: str = ""
    rules: tuple[str, ...] = ()
    keyword: str = ""


@dataclass(eq=False)
class ActivatedAbility(Ability):
    cost: Cost
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    timing: str = "instant"  # instant | sorcery
    zone: str = "battlefield"
    mana: tuple[tuple[str, ...], ...] = ()  # options of mana added (mana ability, 605.1a)
    who: str = "controller"  # controller | opponent | any
    label: str = ""
    text: str = ""
    rules: tuple[str, ...] = ()
    keyword: str = ""
    condition: Any = None  # "Activate only if …", "Activate only during your turn"
    once_per_turn: bool = False  # "Activate only once each turn"
    once: bool = False  # "Activate only once"
    mana_times: Any = None  # "Add {G} for each creature you control": an amount
    # what the mana may be spent on (106.6): {"types": spell types, "abilities": bool}
    mana_only: Any = None

    @property
    def is_mana(self) -> bool:
        return bool(self.mana) and not self.targets


@dataclass(eq=False)
class SpellAbility(Ability):
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[tuple[tuple[Effect, ...], tuple[TargetSpec, ...], str], ...] = ()
    choose: int = 1
    same_mode_twice: bool = False
    additional_cost: Cost | None = None
    optional_costs: tuple[tuple[str, Cost], ...] = ()
    text: str = ""
    rules: tuple[str, ...] = ()
    choose_min: int = 0  # "choose one or both/one or more/up to N": at least this many
    # (0: exactly ``choose``)
    mode_costs: tuple[Any, ...] = ()  # spree / tiered: each mode's additional cost (700.2h)
    # "Choose one. If you control a Wizard as you cast this spell, you may choose two
    # instead": (the condition, the least and the most modes it allows)
    wider: tuple[Any, int, int] | None = None


@dataclass(eq=False)
class ReplacementAbility(Ability):
    """A static ability that generates a replacement or prevention effect."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    affects: Any = "self"
    zone: str = "battlefield"
    text: str = ""
    rules: tuple[str, ...] = ()
    keyword: str = ""


# --- keyword components --------------------------------------------------------------------
@cache
def components(kw: Keyword) -> tuple[Ability, ...]:
    """The triggered, activated and replacement abilities a keyword stands for."""
    name = kw.name
    if kw.parts:
        return tuple(kw.parts)
    if name == "flanking":
        return (TriggeredAbility(
            Trigger("becomes_blocked_by", "self", other=Filter(lacks=frozenset({"flanking"}))),
            (Effect("pump", {"what": "blocker", "p": -1, "t": -1}),),
            text="flanking", rules=(R.FLANKING,), keyword=name),)
    if name == "poisonous":
        return (TriggeredAbility(
            Trigger("deals_damage", "self", to="player", combat=True),
            (Effect("poison", {"who": "damaged_player", "n": kw.n}),),
            text=kw.label(), rules=(R.POISONOUS,), keyword=name),)
    if name == "prowess":
        return (TriggeredAbility(
            Trigger("cast", None, who="you", other=Filter(not_types=frozenset({"creature"}))),
            (Effect("pump", {"what": "self", "p": 1, "t": 1}),),
            text="prowess", rules=(R.PROWESS,), keyword=name),)
    if name == "exalted":
        return (TriggeredAbility(
            Trigger("attacks_alone", Filter(controller="you")),
            (Effect("pump", {"what": "it", "p": 1, "t": 1}),),
            text="exalted", rules=(R.EXALTED,), keyword=name),)
    if name == "echo":
        return (TriggeredAbility(
            Trigger("upkeep", None, who="you"),
            (Effect("pay_or_sacrifice", {"cost": kw.cost}),),
            condition=("echo",), text=kw.label(), rules=(R.ECHO,), keyword=name),)
    if name == "vanishing":
        return (
            ReplacementAbility("enters_with_counters", {"counters": {"time": kw.n}},
                               text=kw.label(), rules=(R.VANISHING,), keyword=name),
            TriggeredAbility(Trigger("upkeep", None, who="you"),
                             (Effect("remove_counters", {"what": "self", "kind": "time",
                                                         "n": 1}),),
                             condition=("has_counter", "time"), text="vanishing",
                             rules=(R.VANISHING,), keyword=name),
            TriggeredAbility(Trigger("last_counter_removed", "self", counter="time"),
                             (Effect("sacrifice", {"what": "self"}),), text="vanishing",
                             rules=(R.VANISHING,), keyword=name),
        )
    if name == "fading":
        return (
            ReplacementAbility("enters_with_counters", {"counters": {"fade": kw.n}},
                               text=kw.label(), rules=(R.FADING,), keyword=name),
            TriggeredAbility(Trigger("upkeep", None, who="you"),
                             (Effect("remove_counter_or_sacrifice", {"kind": "fade"}),),
                             text="fading", rules=(R.FADING,), keyword=name),
        )
    if name == "suspend":
        return (
            TriggeredAbility(Trigger("upkeep", None, who="owner"),
                             (Effect("remove_counters", {"what": "self", "kind": "time",
                                                         "n": 1}),),
                             condition=("suspended",), zone="exile", text="suspend",
                             rules=(R.SUSPEND, R.SUSPENDED), keyword=name),
            TriggeredAbility(Trigger("last_counter_removed", "self", counter="time"),
                             (Effect("cast_suspended", {}),),
                             condition=("in_exile",), zone="exile", text="suspend",
                             rules=(R.SUSPEND,), keyword=name),
        )
    if name == "miracle":
        # revealed as it is drawn (apply._draw), the linked trigger (603.11) casts it
        return (TriggeredAbility(Trigger("miracle_revealed", "self"),
                                 (Effect("cast_miracle", {"cost": kw.cost}),),
                                 zone="hand", text=kw.label(), rules=(R.MIRACLE,
                                                                     R.LINKED_TRIGGER),
                                 keyword=name),)
    if name == "madness":
        return (
            ReplacementAbility("madness", {"cost": kw.cost}, zone="hand", text=kw.label(),
                               rules=(R.MADNESS,), keyword=name),
            TriggeredAbility(Trigger("madness_exiled", "self"),
                             (Effect("cast_madness", {"cost": kw.cost}),),
                             zone="exile", text="madness", rules=(R.MADNESS,), keyword=name),
        )
    if name == "flashback":
        return (ReplacementAbility("flashback_exile", {}, zone="stack", text=kw.label(),
                                   rules=(R.FLASHBACK,), keyword=name),)
    if name == "jump-start":
        # "If this card is cast this way, exile it instead of putting it anywhere else any
        # time it would leave the stack." (702.133a)
        return (ReplacementAbility("flashback_exile", {"alt": "jump_start"}, zone="stack",
                                   text=kw.label(), rules=(R.JUMP_START,), keyword=name),)
    if name == "rebound":
        # "If this spell was cast from your hand, instead of putting it into your graveyard as
        # it resolves, exile it and, at the beginning of your next upkeep, you may cast this
        # card from exile without paying its mana cost." (702.88a)
        return (ReplacementAbility("rebound", {}, zone="stack", text=kw.label(),
                                   rules=(R.REBOUND,), keyword=name),
                TriggeredAbility(Trigger("upkeep", None, who="owner"),
                                 (Effect("cast_rebound", {}),), condition=("rebounded",),
                                 zone="exile", text="rebound", rules=(R.REBOUND,),
                                 keyword=name))
    if name == "aftermath":  # "If this spell was cast from a graveyard, exile it instead …"
        return (ReplacementAbility("aftermath_exile", {}, zone="stack", text=kw.label(),
                                   rules=(R.AFTERMATH,), keyword=name),)
    if name == "buyback":
        return (ReplacementAbility("buyback", {}, zone="stack", text=kw.label(),
                                   rules=(R.BUYBACK,), keyword=name),)
    if name == "replicate":
        # "When you cast this spell, if a replicate cost was paid for it, copy it for each time
        # its replicate cost was paid. If the spell has any targets, you may choose new targets
        # for any of the copies." (702.56a)
        return (TriggeredAbility(Trigger("cast_self", "self"),
                                 (Effect("copy_cast_spell", {"per": "replicate"}),),
                                 condition=("additional_paid", name), zone="stack", text=name,
                                 rules=(R.REPLICATE,), keyword=name),)
    if name in ("casualty", "conspire"):
        # "When you cast this spell, if its [casualty/conspire] cost was paid, copy it. You may
        # choose new targets for the copy." (702.153a, 702.78a)
        rule = R.CASUALTY if name == "casualty" else R.CONSPIRE
        return (TriggeredAbility(Trigger("cast_self", "self"), (Effect("copy_cast_spell", {}),),
                                 condition=("additional_paid", name), zone="stack", text=name,
                                 rules=(rule,), keyword=name),)
    if name == "cipher":
        # "If this spell is represented by a card, you may exile this card encoded on a
        # creature you control" and, while it is exiled, that creature has "Whenever this
        # creature deals combat damage to a player, its controller may cast a copy of the
        # encoded card without paying its mana cost." (702.99a)
        return (ReplacementAbility("cipher", {}, zone="stack", text=kw.label(),
                                   rules=(R.CIPHER,), keyword=name),
                TriggeredAbility(Trigger("deals_damage", "encoded", to="player", combat=True),
                                 (Effect("cast_copy_of_self", {}),), optional=True,
                                 zone="exile", text="cipher", rules=(R.CIPHER,),
                                 keyword=name))
    if name == "demonstrate":
        # "When you cast this spell, you may copy it and you may choose new targets for the
        # copy. If you copy the spell, choose an opponent. That player copies the spell and
        # may choose new targets for that copy." (702.144a)
        return (TriggeredAbility(Trigger("cast_self", "self"),
                                 (Effect("may", {"effects": (
                                     Effect("copy_cast_spell", {"demonstrate": True}),)}),),
                                 zone="stack", text=name, rules=(R.DEMONSTRATE,),
                                 keyword=name),)
    if name == "storm":
        return (TriggeredAbility(Trigger("cast_self", "self"), (Effect("storm", {}),),
                                 zone="stack", text="storm", rules=(R.STORM,), keyword=name),)
    if name == "absorb":
        return (ReplacementAbility("prevent", {"amount": kw.n, "per_source": True,
                                               "to": "self"},
                                   text=kw.label(), rules=(R.ABSORB,), keyword=name),)
    if name == "cycling":
        cost = kw.cost if isinstance(kw.cost, Cost) else Cost(mana=kw.cost or ManaCost())
        cost = Cost(**{**cost.__dict__, "discard_self": True})
        return (ActivatedAbility(cost, (Effect("draw", {"who": "you", "n": 1}),), zone="hand",
                                 label="cycling", text=kw.label(), rules=(R.CYCLING,),
                                 keyword=name),)
    if name == "equip":
        cost = kw.cost if isinstance(kw.cost, Cost) else Cost(mana=kw.cost or ManaCost())
        return (ActivatedAbility(
            cost, (Effect("attach", {"what": "self", "to": "target"}),),
            (TargetSpec("object", Filter(types=frozenset({"creature"}), controller="you"),
                        text="target creature you control"),),
            timing="sorcery", label="equip", text=kw.label(), rules=(R.EQUIP,),
            keyword=name),)
    if name == "devour":  # "As this object enters, you may sacrifice any number of …"
        return (ReplacementAbility("devour", {"n": kw.n, "what": kw.quality or "creature"},
                                   text=kw.label(), rules=(R.DEVOUR,), keyword=name),)
    if name == "amplify":
        return (ReplacementAbility("amplify", {"n": kw.n}, text=kw.label(), rules=(R.AMPLIFY,),
                                   keyword=name),)
    if name == "cascade":  # each instance triggers on its own (702.85c)
        return (TriggeredAbility(Trigger("cast_self", "self"), (Effect("cascade", {}),),
                                 zone="stack", text="cascade", rules=(R.CASCADE,),
                                 keyword=name),)
    if name == "myriad":
        return (TriggeredAbility(Trigger("attacks", "self"), (Effect("myriad", {}),),
                                 text="myriad", rules=(R.MYRIAD,), keyword=name),)
    if name == "dash":  # "As long as this permanent's dash cost was paid, it has haste."
        return (StaticAbility("continuous", "self",
                              {"ops": (("6", ("grant", (Keyword("haste", text="haste"),))),),
                               "cda": False},
                              condition=("dashed",), text="dash", rules=(R.DASH,)),)
    if name == "evoke":
        return (TriggeredAbility(Trigger("enters", "self"),
                                 (Effect("sacrifice", {"what": "self"}),),
                                 condition=("evoked",), text="evoke", rules=(R.EVOKE,),
                                 keyword=name),)
    return ()


def ability_text(ab: Ability, name: str) -> str:
    """The ability's text with "~" read as its source's name."""
    text = getattr(ab, "text", "") or ""
    return text.replace("~", name or "it")


def expand(abilities: tuple[Ability, ...]) -> list[Ability]:
    """Abilities with keywords replaced by (or accompanied by) their components."""
    out: list[Ability] = []
    for a in abilities:
        out.append(a)
        if isinstance(a, Keyword):
            out.extend(components(a))
    return out


# The abilities of each kind a tuple of abilities has, by the tuple's identity: the layers
# ask for them at every recomputation of characteristics, of the same tuples (a card's
# abilities) again and again. The tuple is kept with its entry, so the identity can't be
# reused while the entry lives; bounded.
_KINDS: dict[int, tuple[tuple[Ability, ...], dict[type, tuple]]] = {}
_KINDS_MAX = 4096


def _of_kind(abilities: tuple[Ability, ...], kind: type) -> tuple:
    entry = _KINDS.get(id(abilities))
    if entry is None or entry[0] is not abilities:
        if len(_KINDS) >= _KINDS_MAX:
            _KINDS.clear()
        entry = (abilities, {})
        _KINDS[id(abilities)] = entry
    found = entry[1].get(kind)
    if found is None:
        found = tuple(a for a in expand(abilities) if isinstance(a, kind))
        entry[1][kind] = found
    return found


def triggered(abilities: tuple[Ability, ...]) -> tuple[TriggeredAbility, ...]:
    return _of_kind(abilities, TriggeredAbility)


def activated(abilities: tuple[Ability, ...]) -> tuple[ActivatedAbility, ...]:
    return _of_kind(abilities, ActivatedAbility)


def replacements(abilities: tuple[Ability, ...]) -> tuple[ReplacementAbility, ...]:
    return _of_kind(abilities, ReplacementAbility)


def statics(abilities: tuple[Ability, ...]) -> tuple[StaticAbility, ...]:
    """The static abilities, those a keyword stands for included (devoid, decayed)."""
    return _of_kind(abilities, StaticAbility)


# The alternative costs that change what the spell does once paid: its keyword keeps the
# spell ability read for that case (``Keyword.spell``).
SPELL_CHANGING_COSTS = ("overload", "awaken", "cleave")


@cache
def paid_spell(abilities: tuple[Ability, ...], alt: str) -> tuple[Ability, ...]:
    """A spell's abilities once the ``alt`` cost was paid: overload reads every "target" as
    "each" (702.96a, a text-changing effect: 702.96c); awaken adds its counters and
    animation of a target land (702.113a)."""
    kw = next((a for a in abilities if isinstance(a, Keyword) and a.name == alt
               and a.spell is not None), None)
    if kw is None:
        return abilities
    return tuple(kw.spell if isinstance(a, SpellAbility) else a for a in abilities)


def spell_ability(abilities: tuple[Ability, ...]) -> SpellAbility | None:
    for a in abilities:
        if isinstance(a, SpellAbility):
            return a
    return None
