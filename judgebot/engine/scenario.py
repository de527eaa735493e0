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

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from judgebot.engine import citations as R
from judgebot.engine.abilities import Keyword
from judgebot.engine.errors import BadInput, Refusal
from judgebot.engine.mana import COLOR_NAMES, ManaCost, ManaPool
from judgebot.engine.state import CARD_TYPES, STEPS, SUPERTYPES, CardDef

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

TOP_KEYS = {"title", "description", "players", "life", "poison", "turn", "battlefield", "hand",
            "library", "graveyard", "exile", "actions", "expect", "rules", "ruling", "rulings",
            "mana", "format", "notes", "tags", "step_limit", "ruling_says"}
ZONE_KEYS = ("battlefield", "hand", "library", "graveyard", "exile")
ACTIONS = {"attack", "block", "assign_damage", "cast", "activate", "choose", "pass", "play"}
ACTION_EXTRA = {"illegal", "note", "because"}
EXPECT_KEYS = {"life", "poison", "battlefield", "hand", "library", "graveyard", "exile",
               "permanents", "lost", "winner", "stack", "draw"}
OBJECT_KEYS = {"name", "creature", "mana_cost", "types", "supertypes", "subtypes", "colors",
               "keywords", "counters", "loyalty", "tapped", "token", "damage", "text",
               "face_down", "sick", "attached_to", "attacking", "blocking", "owner", "card",
               "power", "toughness", "zh", "type"}
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


class Marked:
    """Mixin: line numbers of a YAML mapping or sequence (1-based)."""

    line: int = 0
    lines: dict[Any, int]


class MDict(dict, Marked):
    pass


class MList(list, Marked):
    pass


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> MDict:
    loader.flatten_mapping(node)
    out = MDict()
    out.line = node.start_mark.line + 1
    out.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, list | dict):
            raise BadInput("a mapping key must be a plain value", key_node.start_mark.line + 1)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: Any, node: yaml.SequenceNode) -> MList:
    out = MList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.lines = {i: child.start_mark.line + 1 for i, child in enumerate(node.value)}
    return out


class RawFloat(float):
    """A float that remembers how it was written: rule numbers such as ``614.10`` are
    floats to YAML, and ``str(614.10)`` would drop the zero."""

    raw: str = ""


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    value = RawFloat(yaml.SafeLoader.construct_yaml_float(loader, node))
    value.raw = str(node.value)
    return value


_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(text: str) -> Any:
    """YAML as :func:`yaml.safe_load` reads it, with line numbers kept."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        hint = ""
        if "{" in text and "found unhashable key" in str(exc) or "expected ',' or '}'" in \
                str(exc):
            hint = " (mana costs such as {1}{R} must be quoted in YAML)"
        raise BadInput(f"the scenario isn't valid YAML: {exc.problem or exc}{hint}", line) \
            from None
    except yaml.YAMLError as exc:
        raise BadInput(f"the scenario isn't valid YAML: {exc}") from None


def line_of(container: Any, key: Any, default: int | None = None) -> int | None:
    lines = getattr(container, "lines", None)
    if lines and key in lines:
        return lines[key]
    return getattr(container, "line", default) or default


def suggest(word: str, options: set[str] | list[str]) -> str:
    close = difflib.get_close_matches(str(word), sorted(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


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


def parse(text: str, pool: Any = None) -> Scenario:
    """Read and check a scenario. Raises BadInput (with the line) on any problem."""
    data = load_yaml(text)
    return build(data, pool)


def build(data: Any, pool: Any = None) -> Scenario:
    from judgebot.engine.cards import pool as default_pool
    pool = pool or default_pool()
    if not isinstance(data, dict):
        raise BadInput("a scenario is a YAML mapping (title, players, battlefield, actions, "
                       "expect ...)", getattr(data, "line", 1))
    for key in data:
        if key not in TOP_KEYS:
            raise BadInput(f"unknown scenario key {key!r}{suggest(key, TOP_KEYS)}",
                           line_of(data, key))
    players = data.get("players") or ["Alice", "Bob"]
    if not isinstance(players, list) or len(players) < 2 or \
            not all(isinstance(p, str) and p for p in players):
        raise BadInput("players: give a list of at least two player names",
                       line_of(data, "players"))
    if len(set(players)) != len(players):
        raise BadInput("players: two players have the same name", line_of(data, "players"))
    fmt = str(data.get("format") or "").lower().replace("-", " ").replace("_", " ")
    if fmt and fmt not in STARTING_LIFE:
        raise BadInput(f"format: {data.get('format')!r} is not known; the engine knows "
                       f"{', '.join(sorted(STARTING_LIFE))}", line_of(data, "format"))
    start_life = STARTING_LIFE.get(fmt, (20, ""))[0]
    life = {p: start_life for p in players}
    life.update(_player_map(data, "life", players, int))
    poison = {p: 0 for p in players}
    poison.update(_player_map(data, "poison", players, int))
    turn = data.get("turn") or {}
    if not isinstance(turn, dict):
        raise BadInput("turn: give {active: PLAYER, step: STEP}", line_of(data, "turn"))
    for key in turn:
        if key not in ("active", "step", "number", "phase"):
            raise BadInput(f"unknown turn key {key!r}{suggest(key, ['active', 'step', 'number'])}",
                           line_of(turn, key))
    active = turn.get("active", players[0])
    if active not in players:
        raise BadInput(f"turn.active: {active!r} is not a player{suggest(active, players)}",
                       line_of(turn, "active"))
    step = normalise_step(turn.get("step", turn.get("phase", "precombat_main")),
                          line_of(turn, "step"))
    if step in ("untap", "cleanup"):
        raise BadInput(f"a scenario can't start in the {step} step: no player gets priority "
                       "there", line_of(turn, "step"))
    objects: list[ObjectSpec] = []
    known: set[str] = set()
    for zone in ZONE_KEYS:
        zmap = data.get(zone)
        if zmap is None:
            continue
        if not isinstance(zmap, dict):
            raise BadInput(f"{zone}: give a list of cards for each player "
                           f"({zone}: {{{players[0]}: [...]}})", line_of(data, zone))
        for player, items in zmap.items():
            if player not in players:
                raise BadInput(f"{zone}: {player!r} is not a player{suggest(player, players)}",
                               line_of(zmap, player))
            if items is None:
                items = MList()
            if not isinstance(items, list):
                raise BadInput(f"{zone}.{player}: give a list of cards", line_of(zmap, player))
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
            raise BadInput(f"mana.{player}: {exc}", line_of(data.get("mana"), player)) from None
    actions = _actions(data.get("actions"), players, line_of(data, "actions"))
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        raise BadInput("expect: give a mapping of checks (life, graveyard, permanents ...)",
                       line_of(data, "expect"))
    for key in expect:
        if key not in EXPECT_KEYS:
            raise BadInput(f"unknown expectation {key!r}{suggest(key, EXPECT_KEYS)}",
                           line_of(expect, key))
    rules = data.get("rules") or []
    if not isinstance(rules, list):
        rules = [rules]
    rulings = data.get("ruling") or data.get("rulings") or []
    if not isinstance(rulings, list):
        rulings = [rulings]
    return Scenario(str(data.get("title", "")), list(players), life, poison, active, step,
                    int(turn.get("number", 2)), objects, known, mana, actions, expect,
                    [getattr(r, "raw", None) or str(r) for r in rules],
                    [str(r) for r in rulings], data,
                    _step_limit(data), line_of(data, "expect"))


MAX_STEP_LIMIT = 20000


def _step_limit(data: dict) -> int:
    try:
        limit = int(data.get("step_limit", 4000))
    except (TypeError, ValueError):
        raise BadInput("step_limit must be a whole number", line_of(data, "step_limit")) from None
    if not 1 <= limit <= MAX_STEP_LIMIT:
        raise BadInput(f"step_limit must be between 1 and {MAX_STEP_LIMIT}",
                       line_of(data, "step_limit"))
    return limit


# Starting life totals by format (103.4); two-player games only.
STARTING_LIFE = {**{f: (20, R.STARTING_LIFE) for f in (
    "standard", "modern", "legacy", "vintage", "pauper", "pioneer", "limited", "constructed")},
    "commander": (40, R.STARTING_LIFE_COMMANDER), "brawl": (25, R.STARTING_LIFE_BRAWL)}


def normalise_step(value: Any, line: int | None) -> str:
    text = str(value).strip().lower().replace(" ", "_").replace("-", "_")
    text = STEP_ALIASES.get(text, text)
    if text not in STEPS:
        raise BadInput(f"unknown step {value!r}{suggest(text, STEPS)}; steps are: "
                       + ", ".join(STEPS), line)
    return text


def _player_map(data: Any, key: str, players: list[str], kind: type) -> dict[str, Any]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(f"{key}: give a value for each player ({key}: {{{players[0]}: ...}})",
                       line_of(data, key))
    out = {}
    for player, v in value.items():
        if player not in players:
            raise BadInput(f"{key}: {player!r} is not a player{suggest(player, players)}",
                           line_of(value, player))
        if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise BadInput(f"{key}.{player}: give a whole number", line_of(value, player))
        out[player] = v if kind is int else str(v)
    return out


def _object(item: Any, zone: str, owner: str, line: int | None, pool: Any) -> ObjectSpec:
    if isinstance(item, str):
        card = pool.get(item)
        if card is None:
            raise BadInput(f"unknown card {item!r}{pool.suggest(item)}: not in the card pool; "
                           "describe it inline ({name: ..., creature: P/T, ...})", line)
        return ObjectSpec(zone, owner, card, line)
    if not isinstance(item, dict):
        raise BadInput(f"a card is a name or a mapping, not {item!r}", line)
    line = getattr(item, "line", line)
    for key in item:
        if key not in OBJECT_KEYS:
            raise BadInput(f"unknown object field {key!r}{suggest(key, OBJECT_KEYS)}",
                           line_of(item, key, line))
    name = item.get("name")
    card_name = item.get("card")
    if card_name is None and name is not None and not (CHARACTERISTIC_KEYS & set(item)) \
            and pool.get(str(name)) is not None:
        card_name = name
        name = None
    if card_name is not None:
        card = pool.get(str(card_name))
        if card is None:
            raise BadInput(f"unknown card {card_name!r}{pool.suggest(str(card_name))}",
                           line_of(item, "card", line))
        if name:
            card = _alias(card, str(name))
    else:
        if not name:
            raise BadInput("an inline object needs a name", line)
        card = inline_card(item, line)
    counters = {}
    raw = item.get("counters") or {}
    if not isinstance(raw, dict):
        raise BadInput("counters: give {KIND: N}", line_of(item, "counters", line))
    for kind, n in raw.items():
        kind = COUNTER_ALIASES.get(str(kind), str(kind))
        if not isinstance(n, int):
            raise BadInput(f"counters.{kind}: give a number", line_of(raw, kind, line))
        counters[kind] = n
    loyalty = item.get("loyalty")
    if loyalty is not None and zone == "battlefield" and "loyalty" not in counters:
        counters["loyalty"] = int(loyalty)
    elif card.loyalty is not None and zone == "battlefield" and "loyalty" not in counters:
        counters["loyalty"] = card.loyalty
    spec = ObjectSpec(zone, owner, card, line, bool(item.get("tapped")), counters,
                      int(item.get("damage") or 0), bool(item.get("token")),
                      bool(item.get("face_down")), bool(item.get("sick")),
                      _opt(item.get("attached_to")), _opt(item.get("attacking")),
                      _opt(item.get("blocking")), _opt(item.get("owner")))
    if spec.controller and spec.controller != owner:
        spec.owner, spec.controller = spec.controller, owner
    return spec


def _opt(v: Any) -> str | None:
    return None if v is None else str(v)


def _alias(card: CardDef, name: str) -> CardDef:
    from dataclasses import replace
    return replace(card, names=tuple(dict.fromkeys((name,) + card.all_names())))


def _types_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v for v in re.split(r"[\s,]+", value.strip()) if v]
    return [str(v) for v in value]


def inline_card(item: Any, line: int | None) -> CardDef:
    """A generic object: ``{name: Striker, creature: 3/3, keywords: [trample]}``."""
    from judgebot.engine.text import read_keywords, read_text
    name = str(item["name"])
    types: set[str] = set()
    supertypes: set[str] = set()
    subtypes: set[str] = set()
    type_line = item.get("type")
    if type_line:
        from judgebot.engine.cards import parse_type_line
        sup, typ, sub = parse_type_line(str(type_line))
        supertypes |= set(sup)
        types |= set(typ)
        subtypes |= set(sub)
    for t in _types_list(item.get("types")):
        t_low = t.lower()
        if t_low in SUPERTYPES:
            supertypes.add(t_low)
        else:
            types.add(t_low)
    supertypes |= {t.lower() for t in _types_list(item.get("supertypes"))}
    subtypes |= {t[:1].upper() + t[1:] for t in _types_list(item.get("subtypes"))}
    power = toughness = None
    pt = item.get("creature")
    if pt is not None and pt is not False:
        types.add("creature")
        if pt is not True:
            power, toughness = parse_pt(pt, line_of(item, "creature", line))
    if item.get("power") is not None:
        power = int(item["power"])
        types.add("creature")
    if item.get("toughness") is not None:
        toughness = int(item["toughness"])
    if "creature" in types and power is None:
        raise BadInput(f"{name}: a creature needs power and toughness (creature: P/T)", line)
    mana_cost = None
    if item.get("mana_cost") is not None:
        try:
            mana_cost = ManaCost.parse(str(item["mana_cost"]))
        except ValueError as exc:
            raise BadInput(f"{name}: {exc}", line_of(item, "mana_cost", line)) from None
    colors = None
    if item.get("colors") is not None:
        colors = set()
        for c in _types_list(item.get("colors")):
            c_low = c.lower()
            code = {v: k for k, v in COLOR_NAMES.items()}.get(c_low, c.upper())
            if code not in COLOR_NAMES:
                raise BadInput(f"{name}: unknown colour {c!r}", line_of(item, "colors", line))
            colors.add(code)
        colors = frozenset(colors)
    abilities: list[Any] = []
    kws = item.get("keywords") or []
    if isinstance(kws, str):
        kws = [k.strip() for k in kws.split(",")]
    for kw in kws:
        try:
            abilities.extend(read_keywords(str(kw)))
        except Refusal as exc:
            exc.line = exc.line or line_of(item, "keywords", line)
            raise
    text = item.get("text")
    loyalty = item.get("loyalty")
    if loyalty is not None:
        types.add("planeswalker")
    if not types:
        raise BadInput(f"{name}: say what it is (creature: P/T, or types: [...])", line)
    unknown = sorted(t for t in types if t not in CARD_TYPES and t != "tribal")
    if unknown:
        raise BadInput(f"{name}: unknown card type {unknown[0]!r}{suggest(unknown[0], CARD_TYPES)}",
                       line_of(item, "types", line))
    card = CardDef(name, (name,), mana_cost, colors, frozenset(supertypes), frozenset(types),
                   frozenset(subtypes), power, toughness,
                   int(loyalty) if loyalty is not None else None, tuple(abilities),
                   str(text or ""), str(item.get("zh") or ""), source="inline", line=line)
    if text:
        try:
            extra = read_text(str(text), card)
        except Refusal as exc:
            exc.line = exc.line or line_of(item, "text", line)
            raise
        from dataclasses import replace
        card = replace(card, abilities=card.abilities + tuple(extra))
    if any(isinstance(a, Keyword) and a.name == "enchant" for a in card.abilities) and \
            "Aura" not in card.subtypes:
        from dataclasses import replace
        card = replace(card, subtypes=card.subtypes | {"Aura"})
    return card


def parse_pt(value: Any, line: int | None) -> tuple[int | str, int | str]:
    text = str(value).strip()
    m = re.fullmatch(r"(-?\d+|\*)\s*/\s*(-?\d+|\*)", text)
    if not m:
        raise BadInput(f"power/toughness must look like 3/3, not {value!r}", line)
    p, t = m.groups()
    return (p if p == "*" else int(p)), (t if t == "*" else int(t))


def _actions(value: Any, players: list[str], line: int | None) -> list[Action]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput("actions: give a list of actions", line)
    out: list[Action] = []
    for i, item in enumerate(value):
        ln = line_of(value, i, line)
        if isinstance(item, str):
            if item.strip().lower() == "pass":
                out.append(Action("pass", None, ln))
                continue
            raise BadInput(f"an action is a mapping such as {{attack: {{...}}}}, not {item!r}"
                           f"{suggest(item, ACTIONS)}", ln)
        if not isinstance(item, dict):
            raise BadInput("an action is a mapping such as {attack: {...}}", ln)
        keys = [k for k in item if k not in ACTION_EXTRA]
        unknown = [k for k in keys if k not in ACTIONS]
        if unknown:
            raise BadInput(f"unknown action {unknown[0]!r}{suggest(unknown[0], ACTIONS)}; "
                           f"actions are: {', '.join(sorted(ACTIONS))}",
                           line_of(item, unknown[0], ln))
        if len(keys) != 1:
            raise BadInput("each action has exactly one kind (attack, block, cast, ...)", ln)
        kind = keys[0]
        illegal = item.get("illegal", False)
        if not isinstance(illegal, bool):
            raise BadInput("illegal: give true or false", line_of(item, "illegal", ln))
        out.append(Action(kind, item[kind], line_of(item, kind, ln), illegal, item))
    return out
