"""A card of the corpus as the engine takes it: its Oracle text read by the grammar
(:mod:`judgebot.engine.text`), or the words it can't read.

:func:`read_oracle` is the one question everyone asks of a card — the card page and
``judgebot card --json`` (``"engine": {"readable": …, "unread": […]}``), the judge, the
coverage benchmark: readable, or the phrases that stop it. :class:`OracleCards` is a
:class:`~judgebot.engine.state.CardSource` over any lookup of card records by name (the
corpus store, a card file), each card read once and cached.

>>> r = read_oracle(OracleCard("Shock", "{R}", "Instant", "Shock deals 2 damage to any target."))
>>> r.readable, r.unread
(True, [])
>>> read_oracle(OracleCard("Odd", "{1}", "Instant", "Frobnicate target creature.")).unread
['Frobnicate target creature']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judgebot.corpus import slugify
from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Keyword, SpellAbility
from judgebot.engine.cardspec import parse_type_line
from judgebot.engine.errors import Refusal, Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.state import CARD_TYPES, CardDef
from judgebot.engine.targeting import shift_targets
from judgebot.engine.text.reader import Reader, unread_phrase
from judgebot.messages import Message, msg

MAX_NAME = 200
# Cards of the casual variants and of what isn't a game of Magic (Vanguard 902, Planechase
# planes and phenomena 901, Archenemy schemes 904, Conspiracy Draft 905, dungeons 309,
# Unfinity's stickers): the engine plays two-player games of traditional cards only.
NON_GAME = re.compile(r"(Vanguard|(?:Ongoing )?Scheme|Stickers|Conspiracy|Plane|Phenomenon|"
                      r"Dungeon)\b")
PT = re.compile(r"-?\d{1,3}|\*")


@dataclass(frozen=True)
class OracleCard:
    """What the engine needs of a card record: its Oracle characteristics."""

    name: str
    mana_cost: str | None = None
    type_line: str = ""
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    zh_name: str = ""
    faces: tuple[OracleCard, ...] = ()
    color_identity: tuple[str, ...] = ()  # W U B R G (a back face's colour indicator, below)

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> OracleCard:
        """From a card-file line (``name``, ``mana_cost``, ``type_line``, ``oracle_text``,
        ``power``, ``toughness``, ``loyalty``, ``name_zhs``, ``faces``)."""
        faces = tuple(cls.from_record(f) for f in data.get("faces") or ())
        name = data.get("name", "")
        if isinstance(name, Mapping):  # a store record's face: {en, zh-Hans}
            data = {**data, "name_zhs": name.get("zh-Hans") or name.get("zh") or ""}
            name = name.get("en") or data["name_zhs"]
        identity = data.get("color_identity") or data.get("colour_identity") or ()
        # a card-file face has ``oracle_text``, a store record's face ``text``
        text = data.get("oracle_text") or data.get("text") or ""
        return cls(str(name), data.get("mana_cost") or None,
                   str(data.get("type_line") or ""), str(text),
                   _opt(data.get("power")), _opt(data.get("toughness")),
                   _opt(data.get("loyalty")), str(data.get("name_zhs") or ""), faces,
                   tuple(str(c) for c in identity if isinstance(c, str)))


def _opt(v: Any) -> str | None:
    return None if v is None else str(v)


@dataclass
class Reading:
    """Whether the engine reads a card, and what stops it."""

    readable: bool
    unread: list[str] = field(default_factory=list)
    card: CardDef | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"readable": self.readable, "unread": list(self.unread)}


def read_oracle(card: OracleCard) -> Reading:
    """Read a card's Oracle text: the engine's card, or every phrase it can't read."""
    unread: list[str] = []
    try:
        built = _build(card, unread)
    except Refusal as exc:
        return Reading(False, unread + [unread_phrase(exc)])
    if unread:
        return Reading(False, unread)
    return Reading(True, [], built)


def _build(card: OracleCard, unread: list[str]) -> CardDef:
    if len(card.name) > MAX_NAME:
        raise Unsupported(msg("oracle.name_too_long", n=len(card.name), max=MAX_NAME))
    if card.faces:
        return _faces(card, unread)
    kind = NON_GAME.match(card.type_line.strip())
    if kind:  # played only in casual variants or outside the game (CR 300.2, 901-905)
        raise Unsupported(msg("oracle.non_game", kind=kind.group(1),
                              type_line=card.type_line))
    sup, typ, sub = parse_type_line(card.type_line)
    unknown = [t for t in typ if t not in CARD_TYPES]
    if not typ or unknown:
        raise Unsupported(msg("oracle.type_line", type_line=card.type_line))
    try:
        cost = ManaCost.parse(card.mana_cost) if card.mana_cost else None
    except ValueError:
        raise Unsupported(msg("oracle.mana_cost", cost=card.mana_cost or "")) from None
    power = toughness = None
    if card.power is not None or card.toughness is not None:
        if not (card.power and card.toughness and PT.fullmatch(card.power) and
                PT.fullmatch(card.toughness)):
            raise Unsupported(msg("oracle.pt", pt=f"{card.power}/{card.toughness}"))
        power = card.power if card.power == "*" else int(card.power)
        toughness = card.toughness if card.toughness == "*" else int(card.toughness)
    loyalty = None
    if card.loyalty is not None:
        if not card.loyalty.isdigit():
            raise Unsupported(msg("oracle.loyalty", loyalty=card.loyalty))
        loyalty = int(card.loyalty)
    base = CardDef(card.name, (card.name,), cost, None, frozenset(sup), frozenset(typ),
                   frozenset(sub), power, toughness, loyalty, (), card.text, card.zh_name,
                   slug=slugify(card.name), source="oracle")
    is_spell = bool(base.types & {"instant", "sorcery"})
    abilities = Reader(base).read(card.text, is_spell, collect=unread) if card.text else []
    if is_spell and any(isinstance(a, Keyword) and a.name == "ascend" for a in abilities):
        # on a spell it's a spell ability (702.131a), the first of its instructions
        abilities = _ascending(abilities, unread)
    if ("*" in (power, toughness)) and not any(
            getattr(a, "params", {}).get("cda") for a in abilities):
        unread.append(f"{card.power}/{card.toughness}")
    built = replace(base, abilities=tuple(abilities))
    if any(isinstance(a, Keyword) and a.name == "enchant" for a in abilities) and \
            "Aura" not in built.subtypes:
        unread.append(card.type_line)
    return built


def _ascending(abilities: list, unread: list[str]) -> list:
    """A spell with ascend: "If you control ten or more permanents and you don't have the
    city's blessing, you get the city's blessing for the rest of the game." (702.131a) done
    before the rest of its text; a modal spell's isn't read."""
    i = next((k for k, a in enumerate(abilities) if isinstance(a, SpellAbility)), None)
    if i is None or abilities[i].modes:
        unread.append("Ascend")
        return abilities
    sab = abilities[i]
    ascend = Effect("ascend", {"who": "you"}, text="Ascend")
    return abilities[:i] + [replace(sab, effects=(ascend,) + tuple(sab.effects))] + \
        abilities[i + 1:]


SPELL_TYPE = re.compile(r"(Instant|Sorcery)\b")
# What a nonmodal double-faced card's front face says to turn it over (701.27, 702.145,
# 702.146, 702.162, 702.167, 701.28): the data has no layout field, the text says it.
TRANSFORMS = re.compile(r"\btransform|\bdaybound\b|\bdisturb\b|more than meets the eye|"
                        r"\bcraft with\b|\bconvert", re.I)


def layout(card: OracleCard) -> str:
    """What kind of card with two faces ``card`` is: "split" (709), "room" (709.5),
    "adventure" (715), "omen" (720), "modal_dfc" (712.3), "transform" (712.2), "flip"
    (710), "reversible" (the same card printed on both sides: one card), or "" (none the
    engine knows). The card file has no layout field: a face with an Adventure or Omen
    type, two spell halves with mana costs, a back face with its own mana cost (or a land
    back face on a card whose front doesn't transform: 712.3) tell them apart."""
    if len(card.faces) != 2:
        return ""
    a, b = card.faces
    if _same_face(a, b):
        return "reversible"
    if "Adventure" in b.type_line.split("—")[-1]:
        return "adventure"
    if "Omen" in b.type_line.split("—")[-1]:
        return "omen"
    if "Room" in a.type_line or "Room" in b.type_line:
        return "room"
    if a.mana_cost and b.mana_cost and SPELL_TYPE.match(a.type_line) and \
            SPELL_TYPE.match(b.type_line):
        return "split"
    if TRANSFORMS.search(a.text):  # a back face may show a mana cost (Eddie Brock)
        return "transform"
    if b.mana_cost:
        return "modal_dfc"
    if re.search(r"\bflip\b", a.text, re.I):
        return "flip"
    if "Land" in b.type_line:
        return "modal_dfc"
    return ""


def _same_face(a: OracleCard, b: OracleCard) -> bool:
    return (a.name, a.mana_cost, a.type_line, a.text, a.power, a.toughness, a.loyalty) == \
        (b.name, b.mana_cost, b.type_line, b.text, b.power, b.toughness, b.loyalty)


def _faces(card: OracleCard, unread: list[str]) -> CardDef:
    """A card with two faces: each face read as a card of its own, then joined the way the
    rules join them. Every face it can show must be read (a face not read refuses it)."""
    kind = layout(card)
    if kind == "split":
        return _split(card, unread)
    if kind == "reversible":
        front = card.faces[0]
        return _build(replace(front, zh_name=front.zh_name or card.zh_name), unread)
    if any(re.match(r"(?:\w+ )*Battle\b", f.type_line) for f in card.faces):
        kind = "battle"  # 310: defense, protectors, a Siege cast transformed: not simulated
    if kind not in ("adventure", "omen", "modal_dfc", "transform", "flip"):
        raise Unsupported(msg("oracle.layout", n=len(card.faces), name=card.name,
                              kind=msg(f"oracle.layout.{kind or 'unknown'}")))
    front_face, back_face = card.faces
    front = _build(front_face, unread)
    other = _build(back_face, unread)
    if kind == "transform" and other.colors is None:
        other = replace(other, colors=_indicator(card, front, other))
    elif kind == "flip":  # the flipped half keeps the card's mana cost and colour (710.1c)
        other = replace(other, mana_cost=front.mana_cost, colors=front.printed_colors)
    names = (front.name, card.name)
    return replace(front, names=names, zh_name=front.zh_name, layout=kind, other=other,
                   text=card.text or front.text)


def _indicator(card: OracleCard, front: CardDef, back: CardDef) -> frozenset[str]:
    """A back face's colours: the data gives no colour indicator (204), so they are what
    the card's colour identity (903.4: both faces' costs and indicators) has beyond the
    front face's mana cost; none beyond it, the front face's colours; a land back face has
    none (lands have no colour indicator on such cards)."""
    if "land" in back.types and "creature" not in back.types:
        return frozenset()
    extra = frozenset(card.color_identity) - front.printed_colors
    return extra or front.printed_colors


def _split(card: OracleCard, unread: list[str]) -> CardDef:
    """A split card (709): two halves, each an instant or sorcery with its own cost."""
    faces = card.faces
    if len(faces) != 2 or not all(
            f.mana_cost and re.fullmatch(r"(Instant|Sorcery)", f.type_line) for f in faces):
        raise Unsupported(msg("oracle.faces", n=len(faces)))
    halves = tuple(_build(f, unread) for f in faces)
    cost = ManaCost()
    types: frozenset[str] = frozenset()
    for h in halves:
        cost = ManaCost(cost.symbols + (h.mana_cost.symbols if h.mana_cost else ()))
        types |= h.types
    names = (card.name,) + tuple(h.name for h in halves)
    return CardDef(card.name, names, cost, None, frozenset(), types, frozenset(), None, None,
                   None, _fused(halves), card.text, card.zh_name, slug=slugify(card.name),
                   split=halves, source="oracle")


def _fused(halves: tuple[CardDef, ...]) -> tuple:
    """A split card with fuse: the spell both halves make when cast together (702.102),
    its targets the left half's then the right half's, its instructions the left half's
    then the right half's (702.102d). Nothing for other split cards."""
    if not all(any(isinstance(a, Keyword) and a.name == "fuse" for a in h.abilities)
               for h in halves):
        return ()
    spells = [next((a for a in h.abilities if isinstance(a, SpellAbility)), None)
              for h in halves]
    if any(s is None or s.modes or s.additional_cost is not None for s in spells):
        return ()  # a modal half or an additional cost: not cast fused here
    left, right = spells
    fused = SpellAbility(left.effects + tuple(shift_targets(e, len(left.targets))
                                              for e in right.effects),
                         left.targets + right.targets,
                         text=f"{left.text} {right.text}".strip(),
                         rules=(R.FUSE_RESOLVES,))
    return (Keyword("fuse", text="Fuse"), fused)


def _key(name: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKC", name).strip().lower().replace("’", "'")


class OracleCards:
    """A card source (:class:`~judgebot.engine.state.CardSource`) over card records found
    by name — English or Chinese — each read once. ``get`` refuses a card whose text it
    can't read, naming the words; ``fallback`` (the engine's own pool) is asked for a
    card the records don't hold or can't be read, when it has a hand-written version."""

    def __init__(self, find: Callable[[str], OracleCard | None],
                 suggest: Callable[[str], Message] | None = None,
                 fallback: Any = None) -> None:
        self._find = find
        self._suggest = suggest
        self._fallback = fallback
        self._cache: dict[str, CardDef | Refusal | None] = {}

    @classmethod
    def from_records(cls, records: list[Mapping[str, Any]], fallback: Any = None
                     ) -> OracleCards:
        """Over card-file lines, by English name and Chinese name."""
        by_name: dict[str, Mapping[str, Any]] = {}
        for rec in records:
            by_name.setdefault(_key(str(rec.get("name", ""))), rec)
            for face in rec.get("faces") or ():
                by_name.setdefault(_key(str(face.get("name", ""))), rec)
        for rec in records:
            if rec.get("name_zhs"):
                by_name.setdefault(_key(str(rec["name_zhs"])), rec)

        def find(name: str) -> OracleCard | None:
            rec = by_name.get(_key(name))
            return OracleCard.from_record(rec) if rec is not None else None

        def suggest(name: str) -> Message:
            import difflib
            close = difflib.get_close_matches(_key(name), list(by_name), n=1, cutoff=0.8)
            if close:
                return msg("suggest.did_you_mean", word=str(by_name[close[0]]["name"]))
            return fallback.suggest(name) if fallback is not None else msg("list.nothing")
        return cls(find, suggest, fallback)

    def get(self, name: str) -> CardDef | None:
        key = _key(str(name))
        if key not in self._cache:
            self._cache[key] = self._read(str(name))
        found = self._cache[key]
        if isinstance(found, Refusal):
            raise found
        return found

    def record(self, name: str) -> OracleCard | None:
        """The card of the records by that name (English or Chinese), unread."""
        return self._find(str(name))

    def _read(self, name: str) -> CardDef | Refusal | None:
        card = self._find(name)
        pooled = self._fallback.get(name) if self._fallback is not None else None
        if card is None:
            return pooled
        reading = read_oracle(card)
        if reading.readable and reading.card is not None:
            built = reading.card
            faces = {_key(n) for f in card.faces for n in (f.name, f.zh_name) if n}
            if _key(name) not in faces | {_key(card.name), _key(card.zh_name)}:
                built = replace(built, names=tuple(dict.fromkeys(built.names + (name,))))
            return built
        if pooled is not None:
            return pooled
        return Unsupported(msg("oracle.unreadable", name=card.name,
                               words="; ".join(reading.unread)))

    def suggest(self, name: str) -> Message:
        if self._suggest is not None:
            return self._suggest(name)
        return msg("list.nothing")


__all__ = ["OracleCard", "OracleCards", "Reading", "read_oracle"]
