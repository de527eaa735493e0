"""The board as the simulation page draws it, at every step of a simulation.

:func:`board` projects the game onto plain JSON-ready data (players and their
zones, permanents with their characteristics after every effect, the stack,
top first); :func:`changes` says what differs between two boards. A
:class:`BoardRecorder` is an observer of :func:`judgebot.engine.simulation.simulate`:
it draws the board as each log entry is added, so that one run of the engine
gives the log and the board at every step of it. The engine logs a change
after making it (damage marked, life lost, a card moved), so the board drawn
with an entry shows that entry's change made.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from judgebot.engine.abilities import Keyword, ability_text
from judgebot.engine.log import Entry
from judgebot.engine.simulation import SimulationResult
from judgebot.engine.state import Game, StackAbility

HIDDEN_ZONES = ("hand", "graveyard", "exile")
MAX_BOARDS = 400  # boards kept per run; a longer log is listed without boards past this
MAX_CELLS = 8000  # permanents and stack objects in all the boards of a run (gallery: 275 at most)


def board(game: Game) -> dict[str, Any]:
    """The game as the page draws it: players, permanents, the stack (top first)."""
    return {
        "turn": game.turn, "active": game.active, "step": game.step,
        "players": [_player(game, p) for p in game.order],
        "permanents": [_permanent(game, oid) for oid in game.battlefield],
        "stack": [_stack_item(game, item) for item in reversed(game.stack)],
        "over": game.over, "draw": game.draw,
    }


def _player(game: Game, name: str) -> dict[str, Any]:
    pl = game.players[name]
    out: dict[str, Any] = {"name": name, "life": pl.life, "poison": pl.poison,
                           "lost": pl.lost, "won": pl.won}
    for zone in HIDDEN_ZONES:
        out[zone] = [_card(game, oid) for oid in pl.zone(zone)]
    # An unspecified library is unknown (and never runs out): no count to show.
    out["library"] = [_card(game, oid) for oid in pl.library] if pl.library_known else None
    out["mana"] = str(pl.pool) if pl.pool.total() else ""
    return out


def _card(game: Game, oid: int) -> dict[str, Any]:
    """A card in a player's zone: its printed name (no effects apply there), and
    its counters (a suspended card's time counters)."""
    obj = game.objects[oid]
    out: dict[str, Any] = {"id": oid, "name": obj.card.name, "zh": obj.card.zh_name}
    if obj.counters:
        counters = {k: v for k, v in sorted(obj.counters.items()) if v}
        if counters:
            out["counters"] = counters
    return out


def zh_name(game: Game, oid: int, name: str) -> str:
    """The Chinese name of what an object is now (a copy has its original's name)."""
    obj = game.objects.get(oid)
    if obj is not None:
        for card in (obj.copy_of, obj.card, obj.face_up_chars):
            if card is not None and card.name == name and card.zh_name:
                return card.zh_name
    found = game.cards.get(name) if name and game.cards is not None else None
    return found.zh_name if found is not None and found.name == name else ""


def _alias(card: Any) -> str:
    """The scenario's own name for a pool card (``{card: Grizzly Bears, name: Bear A}``)."""
    if card.source == "inline" or not card.names:
        return ""
    first = card.names[0]
    return first if first not in (card.name, card.zh_name) else ""


def _permanent(game: Game, oid: int) -> dict[str, Any]:
    obj = game.objects[oid]
    c = game.chars(oid)
    name = c.name or obj.card.name
    out: dict[str, Any] = {
        "id": oid, "name": name, "zh": zh_name(game, oid, name), "alias": _alias(obj.card),
        "controller": c.controller, "owner": obj.owner,
        "colors": sorted(c.colors), "supertypes": sorted(c.supertypes), "types": sorted(c.types),
        "subtypes": sorted(c.subtypes),
        "tapped": obj.tapped, "damage": obj.damage,
        "counters": {k: v for k, v in sorted(obj.counters.items()) if v},
        "keywords": sorted({a.label() for a in c.abilities if isinstance(a, Keyword)}),
        "token": obj.token, "face_down": obj.face_down,
        "attached_to": obj.attached_to,
    }
    if obj.face_down:
        out["printed_name"] = obj.card.name
    if c.is_creature:
        out["power"], out["toughness"] = c.power, c.toughness
        printed = obj.copy_of or obj.card
        if not obj.face_down and isinstance(printed.power, int) and \
                isinstance(printed.toughness, int):
            out["printed"] = [printed.power, printed.toughness]
    if "planeswalker" in c.types:
        out["loyalty"] = obj.counters.get("loyalty", 0)
    combat = game.combat
    if combat is not None:
        if oid in combat.attackers:
            target = combat.attackers[oid]
            out["attacking"] = {"player": target} if isinstance(target, str) else \
                {"id": target, "name": game.name_of(target)}
            out["blocked"] = bool(combat.blocked.get(oid))
        if oid in combat.blockers:
            out["blocking"] = [{"id": a, "name": game.name_of(a)} for a in combat.blockers[oid]]
    return out


def _stack_item(game: Game, item: Any) -> dict[str, Any]:
    targets = [_target(game, t) for slot in item.targets for t in slot]
    if isinstance(item, StackAbility):
        source = game.objects.get(item.source_id)
        zh = zh_name(game, item.source_id, item.source_name) if source is not None else ""
        return {"id": item.id, "kind": "ability", "name": item.source_name, "zh": zh,
                "controller": item.controller, "copy": item.is_copy,
                "text": ability_text(item.ability, item.source_name), "targets": targets}
    c = game.chars(item.id)
    name = c.name or item.card.name
    return {"id": item.id, "kind": "spell", "name": name, "zh": zh_name(game, item.id, name),
            "controller": c.controller, "copy": item.spell_copy, "face_down": item.face_down,
            "x": item.cast.x if item.cast is not None else 0, "targets": targets}


def _target(game: Game, target: Any) -> dict[str, Any]:
    if isinstance(target, str) and target in game.players:
        return {"player": target}
    name = game.name_of(target)
    oid = target.id if hasattr(target, "id") else target
    return {"id": oid, "name": name, "zh": zh_name(game, oid, name) if isinstance(oid, int)
            else ""}



# --- recording the boards of a simulation --------------------------------------------------

# Entries the engine appends to the shown branch's log after playing it: they show the
# board as the run ended.
AFTER_PLAY_EVENTS = ("refused", "depends", "choice")
# Entries the engine logs before making part of their change, without an entry of its
# own for that part: the board shows those fields as the next entry saw them. Declaring
# attackers taps them (508.1f) right after the declaration is logged.
COMPLETED_LATER = {"attack": ("tapped",)}


@dataclass
class Boards:
    """The boards of a simulation's shown run: the start, one per log entry (None past
    the limit), the scenario line each entry's action was on, and the end."""

    initial: dict[str, Any]
    steps: list[dict[str, Any] | None]
    lines: list[int | None]
    final: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"initial": self.initial, "steps": self.steps, "lines": self.lines,
                "final": self.final}


@dataclass
class _Run:
    initial: dict[str, Any]
    steps: list[dict[str, Any] | None] = field(default_factory=list)
    lines: list[int | None] = field(default_factory=list)
    final: dict[str, Any] | None = None


class BoardRecorder:
    """Observes a simulation and keeps the board at every log entry of the run its
    result shows (the first run played to its end, or the run refused)."""

    def __init__(self, limit: int = MAX_BOARDS, cells: int = MAX_CELLS) -> None:
        self.limit = limit
        self.cells = cells  # a scenario making thousands of tokens must not fill the memory
        self.drawn = 0
        self.kept: dict[int, _Run] = {}
        self.current: _Run | None = None
        self.seconds = 0.0  # time spent drawing boards

    def begin(self, run: int, game: Game) -> None:
        start = self._draw(game)
        # What the engine logged while setting the game up is shown on the starting board.
        setup = len(game.log.entries)
        self.current = _Run(start, [start] * setup, [None] * setup)

    def entry(self, game: Game, entry: Entry, line: int | None) -> None:
        current = self.current
        if current is None:
            return
        # Past the limits only the line is kept: a runaway log must not hold a board per entry.
        room = len(current.steps) < self.limit and self.drawn < self.cells
        current.steps.append(self._draw(game) if room else None)
        current.lines.append(line)

    def leaf(self, run: int, game: Game, refused: bool) -> None:
        current = self.current
        if current is None:
            return
        current.final = self._draw(game)
        if not self.kept or refused:  # the runs a result can show
            self.kept[run] = current
        self.current = None

    def _draw(self, game: Game) -> dict[str, Any]:
        start = time.perf_counter()
        try:
            drawn = board(game)
            self.drawn += len(drawn["permanents"]) + len(drawn["stack"])
            return drawn
        finally:
            self.seconds += time.perf_counter() - start

    def boards(self, result: SimulationResult) -> Boards | None:
        """The boards of the run ``result`` shows, one per entry of its log."""
        run = self.kept.get(result.shown) if result.shown is not None else None
        if run is None or run.final is None:
            return None
        steps = list(run.steps[:len(result.log)])
        lines = list(run.lines[:len(result.log)])
        for entry in result.log[len(steps):]:
            line = entry.data.get("line")
            steps.append(run.final)
            lines.append(line if isinstance(line, int) else None)
        _complete(result.log, steps, run.final)
        return Boards(run.initial, steps, lines, run.final)


def _complete(log: list[Entry], steps: list[dict[str, Any] | None],
              final: dict[str, Any]) -> None:
    """Fill in the part of a change the engine makes after logging it (COMPLETED_LATER)."""
    for i, entry in enumerate(log[:len(steps)]):
        fields = COMPLETED_LATER.get(entry.event)
        shown = steps[i]
        if not fields or shown is None:
            continue
        later = steps[i + 1] if i + 1 < len(steps) else final
        if later is None:
            continue
        after = {o["id"]: o for o in later["permanents"]}
        for perm in shown["permanents"]:
            if perm["id"] in after:
                for name in fields:
                    perm[name] = after[perm["id"]][name]


# --- what changed ------------------------------------------------------------------------------

PERMANENT_FIELDS = ("power", "toughness", "tapped", "damage", "counters", "controller",
                    "attacking", "blocking", "attached_to", "face_down", "keywords", "types",
                    "loyalty")
PLAYER_FIELDS = ("life", "poison", "lost", "won", "mana")


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What differs between two boards: per player and per permanent the fields
    that changed, permanents that arrived or left (and where they went), and
    stack objects added or gone."""
    out: dict[str, Any] = {"players": {}, "zones": {}, "permanents": {}, "entered": [],
                           "left": [], "stack_added": [], "stack_removed": []}
    # Most of a board is as it was one entry before: what compares equal as a whole
    # (a dict comparison, in C) is not looked into field by field.
    old_players = {p["name"]: p for p in before["players"]}
    for p in after["players"]:
        old = old_players.get(p["name"])
        if old is None or old == p:
            continue
        fields = [f for f in PLAYER_FIELDS if old.get(f) != p.get(f)]
        if fields:
            out["players"][p["name"]] = {f: [old.get(f), p.get(f)] for f in fields}
        zones = [z for z in (*HIDDEN_ZONES, "library") if _ids(old.get(z)) != _ids(p.get(z))]
        if zones:
            out["zones"][p["name"]] = zones
    old_perms = {o["id"]: o for o in before["permanents"]}
    new_perms = {o["id"]: o for o in after["permanents"]}
    for oid, perm in new_perms.items():
        old = old_perms.get(oid)
        if old is None:
            out["entered"].append(oid)
            continue
        if old == perm:
            continue
        fields = [f for f in PERMANENT_FIELDS if old.get(f) != perm.get(f)]
        if fields:
            out["permanents"][oid] = fields
    left = [perm for oid, perm in old_perms.items() if oid not in new_perms]
    arrived = _arrivals(before, after) if left else {}
    for perm in left:
        where = arrived.get(perm["name"], {})
        out["left"].append({"id": perm["id"], "name": perm["name"], "zh": perm.get("zh", ""),
                            **where})
    old_stack = {s["id"] for s in before["stack"]}
    new_stack = {s["id"] for s in after["stack"]}
    out["stack_added"] = [s["id"] for s in after["stack"] if s["id"] not in old_stack]
    out["stack_removed"] = [{"id": s["id"], "name": s["name"], "zh": s.get("zh", "")}
                            for s in before["stack"] if s["id"] not in new_stack]
    return out


def _ids(cards: list[dict[str, Any]] | None) -> list[int] | None:
    return None if cards is None else [c["id"] for c in cards]


def _arrivals(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Cards new to a player's zone, by name: where a permanent that left went."""
    seen = {c["id"] for p in before["players"] for z in (*HIDDEN_ZONES, "library")
            for c in (p.get(z) or [])}
    out: dict[str, dict[str, str]] = {}
    for p in after["players"]:
        for zone in (*HIDDEN_ZONES, "library"):
            for c in p.get(zone) or []:
                if c["id"] not in seen:
                    out.setdefault(c["name"], {"to": zone, "owner": p["name"]})
    return out


def has_changes(diff: dict[str, Any]) -> bool:
    return any(diff[k] for k in diff)
