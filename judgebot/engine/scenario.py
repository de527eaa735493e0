"""Scenario format v0: loading, validating, and building the starting game.

A scenario is YAML (JSON is valid YAML) in the shape DESIGN.md §6 gives. The
loader is PyYAML's safe loader, extended only to remember the line of every
mapping key and list item, so that every complaint names the scenario line.
Extensions of v0 (all optional, none changing v0's meaning): ``rules`` (the CR
rules a scenario exercises), ``ruling`` (release-note ruling ids), ``mana``
(a stated mana pool per player), generic-object fields ``sick``,
``attached_to``, ``attacking``, ``blocking``, ``owner``, ``card``, zone
expectations given as a count, ``draw`` and ``permanents.*.keywords``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.cardspec import inline_card
from judgebot.engine.errors import BadInput, Refusal, suggest
from judgebot.engine.mana import ManaPool
from judgebot.engine.marks import MList, line_of, load_yaml, whole
from judgebot.engine.state import STEPS, CardDef, CardSource
from judgebot.messages import msg

TOP_KEYS = {"title", "description", "players", "life", "poison", "turn", "battlefield", "hand",
            "library", "graveyard", "exile", "actions", "expect", "rules", "ruling", "rulings",
            "mana", "format", "notes", "tags", "step_limit", "ruling_says", "day_night",
            "energy", "monarch"}
ZONE_KEYS = ("battlefield", "hand", "library", "graveyard", "exile")
ACTIONS = {"attack", "block", "assign_damage", "cast", "activate", "choose", "pass", "play"}
ACTION_EXTRA = {"illegal", "note", "because"}
EXPECT_KEYS = {"life", "poison", "battlefield", "hand", "library", "graveyard", "exile",
               "permanents", "lost", "winner", "stack", "draw", "energy", "monarch",
               "city_blessing"}
OBJECT_KEYS = {"name", "creature", "mana_cost", "types", "supertypes", "subtypes", "colors",
               "keywords", "counters", "loyalty", "tapped", "token", "damage", "text",
               "face_down", "sick", "attached_to", "attacking", "blocking", "owner", "card",
               "power", "toughness", "zh", "type", "commander"}
CHARACTERISTIC_KEYS = {"creature", "mana_cost", "types", "supertypes", "subtypes", "colors",
                       "keywords", "loyalty", "text", "power", "toughness", "type"}
STEP_ALIASES = {"main": "precombat_main", "main1": "precombat_main", "main2": "postcombat_main",
                "first_main": "precombat_main", "second_main": "postcombat_main",
                "combat": "beginning_of_combat", "attackers": "declare_attackers",
                "blockers": "declare_blockers", "damage": "combat_damage",
                "end_step": "end", "end_of_turn_step": "end",
                "first_strike": "first_strike_damage"}
COUNTER_ALIASES = {"p1p1": "+1/+1", "+1": "+1/+1", "m1m1": "-1/-1", "-1": "-1/-1",
                   "plus1": "+1/+1", "minus1": "-1/-1"}


# --- the scenario ---------------------------------------------------------------------------
@dataclass
class ObjectSpec:
    zone: str
    owner: str
    card: CardDef
    line: int | None
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    token: bool = False
    face_down: bool = False
    sick: bool = False
    attached_to: str | None = None
    attacking: str | None = None
    blocking: str | None = None
    controller: str | None = None
    alias: str = ""
    back_up: bool = False  # a double-faced permanent named by its back face (712.8e-f)
    commander: bool = False  # its owner's commander (903.3)


@dataclass
class Action:
    kind: str
    value: Any
    line: int | None
    illegal: bool = False
    raw: Any = None


@dataclass
class Scenario:
    title: str
    players: list[str]
    life: dict[str, int]
    poison: dict[str, int]
    active: str
    step: str
    turn_number: int
    objects: list[ObjectSpec]
    libraries_known: set[str]
    mana: dict[str, ManaPool]
    actions: list[Action]
    expect: dict[str, Any]
    rules: list[str]
    rulings: list[str]
    raw: Any
    step_limit: int = 4000
    expect_line: int | None = None
    cards: CardSource | None = None  # where the scenario's cards were found


def parse(text: str, pool: CardSource) -> Scenario:
    """Read and check a scenario, its cards found in ``pool``. Raises BadInput (with
    the line) on any problem."""
    data = load_yaml(text)
    return build(data, pool)


def build(data: Any, pool: CardSource) -> Scenario:
    if not isinstance(data, dict):
        raise BadInput(msg("scenario.build"), getattr(data, "line", 1))
    for key in data:
        if key not in TOP_KEYS:
            raise BadInput(msg("scenario.build.9", key=key, value=suggest(key, TOP_KEYS)),
                           line_of(data, key))
    players = data.get("players") or ["Alice", "Bob"]
    if not isinstance(players, list) or len(players) < 2 or \
            not all(isinstance(p, str) and p for p in players):
        raise BadInput(msg("scenario.build.2"),
                       line_of(data, "players"))
    if len(set(players)) != len(players):
        raise BadInput(msg("scenario.build.3"), line_of(data, "players"))
    fmt = str(data.get("format") or "").lower().replace("-", " ").replace("_", " ")
    if fmt and fmt not in STARTING_LIFE:
        raise BadInput(msg("scenario.build.4", value=data.get('format'),
                           value2=', '.join(sorted(STARTING_LIFE))), line_of(data, "format"))
    start_life = STARTING_LIFE.get(fmt, (20, ""))[0]
    life = {p: start_life for p in players}
    life.update(_player_map(data, "life", players, int))
    poison = {p: 0 for p in players}
    poison.update(_player_map(data, "poison", players, int))
    turn = data.get("turn") or {}
    if not isinstance(turn, dict):
        raise BadInput(msg("scenario.build.5"), line_of(data, "turn"))
    for key in turn:
        if key not in ("active", "step", "number", "phase"):
            raise BadInput(msg("scenario.build.10", key=key,
                               value=suggest(key, ['active', 'step', 'number'])),
                           line_of(turn, key))
    active = turn.get("active", players[0])
    if active not in players:
        raise BadInput(msg("scenario.build.6", active=active, value=suggest(active, players)),
                       line_of(turn, "active"))
    step = normalise_step(turn.get("step", turn.get("phase", "precombat_main")),
                          line_of(turn, "step"))
    if step in ("untap", "cleanup"):
        raise BadInput(msg("scenario.build.7", step=step), line_of(turn, "step"))
    objects: list[ObjectSpec] = []
    known: set[str] = set()
    for zone in ZONE_KEYS:
        zmap = data.get(zone)
        if zmap is None:
            continue
        if not isinstance(zmap, dict):
            raise BadInput(msg("scenario.build.11", zone=zone, zone2=zone, value=players[0]),
                line_of(data, zone))
        for player, items in zmap.items():
            if player not in players:
                raise BadInput(msg("scenario.build.13", zone=zone, player=player,
                                   value=suggest(player, players)),
                               line_of(zmap, player))
            if items is None:
                items = MList()
            if not isinstance(items, list):
                raise BadInput(msg("scenario.build.14", zone=zone, player=player),
                    line_of(zmap, player))
            if zone == "library":
                known.add(player)
            for i, item in enumerate(items):
                ln = line_of(items, i, line_of(zmap, player))
                objects.append(_object(item, zone, player, ln, pool))
    mana = {}
    for player, text in _player_map(data, "mana", players, str).items():
        try:
            mana[player] = ManaPool.parse(text)
        except ValueError as exc:
            raise BadInput(msg("scenario.build.15", player=player, exc=exc),
                line_of(data.get("mana"), player)) from None
    actions = _actions(data.get("actions"), players, line_of(data, "actions"))
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        raise BadInput(msg("scenario.build.8"),
                       line_of(data, "expect"))
    for key in expect:
        if key not in EXPECT_KEYS:
            raise BadInput(msg("scenario.build.12", key=key, value=suggest(key, EXPECT_KEYS)),
                           line_of(expect, key))
    rules = data.get("rules") or []
    if not isinstance(rules, list):
        rules = [rules]
    rulings = data.get("ruling") or data.get("rulings") or []
    if not isinstance(rulings, list):
        rulings = [rulings]
    return Scenario(str(data.get("title", "")), list(players), life, poison, active, step,
                    whole(turn.get("number", 2), "turn.number", line_of(turn, "number"), 1),
                    objects, known, mana, actions, expect,
                    [getattr(r, "raw", None) or str(r) for r in rules],
                    [str(r) for r in rulings], data,
                    _step_limit(data), line_of(data, "expect"), pool)


MAX_STEP_LIMIT = 20000
MAX_COUNTERS = 1000  # on one object, of one kind


def _step_limit(data: dict) -> int:
    return whole(data.get("step_limit", 4000), "step_limit", line_of(data, "step_limit"), 1,
                 MAX_STEP_LIMIT)


# Starting life totals by format (103.4); two-player games only.
STARTING_LIFE = {**{f: (20, R.STARTING_LIFE) for f in (
    "standard", "modern", "legacy", "vintage", "pauper", "pioneer", "limited", "constructed")},
    "commander": (40, R.STARTING_LIFE_COMMANDER), "brawl": (25, R.STARTING_LIFE_BRAWL)}


def normalise_step(value: Any, line: int | None) -> str:
    text = str(value).strip().lower().replace(" ", "_").replace("-", "_")
    text = STEP_ALIASES.get(text, text)
    if text not in STEPS:
        raise BadInput(msg("scenario.normalise_step", value=value, suggest=suggest(text, STEPS),
                           steps=", ".join(STEPS)), line)
    return text


def player_map(data: Any, key: str, players: list[str], kind: type) -> dict[str, Any]:
    """``{player: value}`` under ``key``, each player checked (a refusal naming the line)."""
    return _player_map(data, key, players, kind)


def _player_map(data: Any, key: str, players: list[str], kind: type) -> dict[str, Any]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(msg("scenario.player_map", key=key, key2=key, value=players[0]),
                       line_of(data, key))
    out = {}
    for player, v in value.items():
        if player not in players:
            raise BadInput(msg("scenario.player_map.2", key=key, player=player,
                               value=suggest(player, players)),
                           line_of(value, player))
        if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise BadInput(msg("scenario.player_map.3", key=key, player=player),
                line_of(value, player))
        out[player] = v if kind is int else str(v)
    return out


def _card(pool: Any, name: str, line: int | None) -> CardDef | None:
    """A card by name from the scenario's card source; a card it can't read is refused
    at the line that names it."""
    try:
        return pool.get(name)
    except Refusal as exc:
        exc.line = exc.line or line
        raise


def _object(item: Any, zone: str, owner: str, line: int | None, pool: Any) -> ObjectSpec:
    if isinstance(item, str):
        card = _card(pool, item, line)
        if card is None:
            raise BadInput(msg("scenario.object.3", item=item, value=pool.suggest(item)), line)
        return ObjectSpec(zone, owner, card, line, back_up=_back_named(card, item, zone))
    if not isinstance(item, dict):
        raise BadInput(msg("scenario.object", item=item), line)
    line = getattr(item, "line", line)
    for key in item:
        if key not in OBJECT_KEYS:
            raise BadInput(msg("scenario.object.4", key=key, value=suggest(key, OBJECT_KEYS)),
                           line_of(item, key, line))
    name = item.get("name")
    card_name = item.get("card")
    if card_name is None and name is not None and not (CHARACTERISTIC_KEYS & set(item)) \
            and _card(pool, str(name), line) is not None:
        card_name = name
        name = None
    if card_name is not None:
        card = _card(pool, str(card_name), line_of(item, "card", line))
        if card is None:
            raise BadInput(msg("scenario.object.5", card_name=card_name,
                               value=pool.suggest(str(card_name))),
                           line_of(item, "card", line))
        if name:
            card = _alias(card, str(name))
    else:
        if not name:
            raise BadInput(msg("scenario.object.6"), line)
        card = inline_card(item, line)
    counters = {}
    raw = item.get("counters") or {}
    if not isinstance(raw, dict):
        raise BadInput(msg("scenario.object.2"), line_of(item, "counters", line))
    for kind, n in raw.items():
        kind = COUNTER_ALIASES.get(str(kind), str(kind))
        counters[kind] = whole(n, f"counters.{kind}", line_of(raw, kind, line), 0, MAX_COUNTERS)
    loyalty = item.get("loyalty")
    if loyalty is not None and zone == "battlefield" and "loyalty" not in counters:
        counters["loyalty"] = whole(loyalty, "loyalty", line_of(item, "loyalty", line), 0)
    elif card.loyalty is not None and zone == "battlefield" and "loyalty" not in counters:
        counters["loyalty"] = card.loyalty
    spec = ObjectSpec(zone, owner, card, line, bool(item.get("tapped")), counters,
                      whole(item.get("damage") or 0, "damage", line_of(item, "damage", line), 0),
                      bool(item.get("token")),
                      bool(item.get("face_down")), bool(item.get("sick")),
                      _opt(item.get("attached_to")), _opt(item.get("attacking")),
                      _opt(item.get("blocking")), _opt(item.get("owner")))
    spec.commander = bool(item.get("commander"))
    if spec.controller and spec.controller != owner:
        spec.owner, spec.controller = spec.controller, owner
    if card_name is not None:
        spec.back_up = _back_named(card, str(card_name), zone)
    return spec


def _back_named(card: CardDef, name: str, zone: str) -> bool:
    """A permanent named by its back face (a transformed or flipped permanent, a modal
    double-faced card's other face) starts with that face up; elsewhere a card has its
    front face's characteristics whatever it is called (712.8a)."""
    other = card.other
    if other is None or zone != "battlefield" or card.layout in ("adventure", "omen"):
        return False
    key = name.strip().lower()
    return key in {n.lower() for n in other.all_names()} and \
        key not in {n.lower() for n in card.all_names()}


def _opt(v: Any) -> str | None:
    return None if v is None else str(v)


def _alias(card: CardDef, name: str) -> CardDef:
    return replace(card, names=tuple(dict.fromkeys((name,) + card.all_names())))


def _actions(value: Any, players: list[str], line: int | None) -> list[Action]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput(msg("scenario.actions"), line)
    out: list[Action] = []
    for i, item in enumerate(value):
        ln = line_of(value, i, line)
        if isinstance(item, str):
            if item.strip().lower() == "pass":
                out.append(Action("pass", None, ln))
                continue
            raise BadInput(msg("scenario.actions.2", item=item, value=suggest(item, ACTIONS)), ln)
        if not isinstance(item, dict):
            raise BadInput(msg("scenario.actions.3"), ln)
        keys = [k for k in item if k not in ACTION_EXTRA]
        unknown = [k for k in keys if k not in ACTIONS]
        if unknown:
            raise BadInput(msg("scenario.actions.4", value=unknown[0],
                               value2=suggest(unknown[0], ACTIONS),
                               value3=', '.join(sorted(ACTIONS))),
                           line_of(item, unknown[0], ln))
        if len(keys) != 1:
            raise BadInput(msg("scenario.actions.5"), ln)
        kind = keys[0]
        illegal = item.get("illegal", False)
        if not isinstance(illegal, bool):
            raise BadInput(msg("scenario.actions.6"), line_of(item, "illegal", ln))
        out.append(Action(kind, item[kind], line_of(item, kind, ln), illegal, item))
    return out
