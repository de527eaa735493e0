"""Playing a scenario: the starting game, the actions, the expectations.

Between actions the engine passes priority, advances steps and performs
turn-based and state-based actions itself. A choice the scenario leaves open
is explored: the scenario is played once per option (from the start, with the
earlier answers fixed), and if the outcomes differ the result says the outcome
"depends on <player>'s choice", giving each option's outcome. An expectation
holds only if it holds whatever the open choices.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine import combat as combat_mod
from judgebot.engine import turn as turn_mod
from judgebot.engine.abilities import Keyword, activated
from judgebot.engine.activating import activate, find_ability
from judgebot.engine.cards import pool
from judgebot.engine.casting import CastRequest, cast
from judgebot.engine.choices import Chooser
from judgebot.engine.choosing import assign_names
from judgebot.engine.errors import BadInput, IllegalAction, OpenChoice, Refusal, suggest
from judgebot.engine.layers import ALL_TYPES, characteristics, trace
from judgebot.engine.log import Entry, Log
from judgebot.engine.mana import NAME_TO_COLOR
from judgebot.engine.marks import line_of
from judgebot.engine.scenario import (
    COUNTER_ALIASES,
    STARTING_LIFE,
    Action,
    Scenario,
    normalise_step,
)
from judgebot.engine.scenario import parse as parse_with
from judgebot.engine.special import play_land, suspend, turn_face_up
from judgebot.engine.state import STEPS, Combat, Game, GameObject, Player

MAX_RUNS = 64
ABILITY_SPECIAL = {"morph", "turn_face_up", "unmorph", "face_up", "turn face up"}


# --- the starting game ----------------------------------------------------------------------
MAX_PASS_TIMES = 100


def setup(scn: Scenario, chooser: Chooser) -> Game:
    players = {p: Player(p, life=scn.life[p], poison=scn.poison[p]) for p in scn.players}
    game = Game(players, list(scn.players), active=scn.active, step=scn.step,
                turn=scn.turn_number, step_limit=scn.step_limit,
                characteristics=characteristics, cards=scn.cards)
    game.log = Log(turn=game.turn, step=game.step)
    game.chooser = chooser
    fmt = str(scn.raw.get("format") or "").lower().replace("-", " ").replace("_", " ")
    if fmt in STARTING_LIFE and STARTING_LIFE[fmt][0] != 20:
        life, rule = STARTING_LIFE[fmt]
        unstated = [p for p in scn.players if p not in (scn.raw.get("life") or {})]
        if unstated:
            game.log.add("setup", f"{fmt.title()}: {', '.join(unstated)} start(s) at {life} "
                         "life", (rule,))
    for p in scn.players:
        players[p].library_known = p in scn.libraries_known
        players[p].last_upkeep = 0
        players[p].prev_upkeep = 0
    for spec in scn.objects:
        controller = spec.owner if spec.controller is None else spec.controller
        obj = GameObject(game.new_id(), spec.card, spec.owner, controller, spec.zone,
                         game.new_timestamp(), tapped=spec.tapped, face_down=spec.face_down,
                         counters=Counter(spec.counters), damage=spec.damage,
                         token=spec.token or spec.card.is_token)
        obj.controlled_since = 2 if spec.sick else 0
        obj.last_controller = controller
        if spec.face_down:
            obj.face_up_chars = spec.card
        game.objects[obj.id] = obj
        if spec.zone == "battlefield":
            game.battlefield.append(obj.id)
        else:
            players[spec.owner].zone(spec.zone).append(obj.id)
    game.tick = 1
    for p in scn.players:
        players[p].last_turn_start = 1 if p == scn.active else 0
    for spec_i, spec in enumerate(scn.objects):
        del spec_i
        if spec.attached_to or spec.attacking or spec.blocking:
            _place(game, scn, spec)
    for p, stated in scn.mana.items():
        # Each run (each branch of an open choice) starts with the pool as stated.
        players[p].pool = copy.deepcopy(stated)
    for p in scn.players:
        if p in scn.mana:
            continue
        has_source = any(
            game.controller_of(o) == p and _makes_mana(game, o) for o in game.battlefield)
        players[p].free_mana = not has_source
    game.changed()
    game.priority = scn.active
    return game


def _makes_mana(game: Game, oid: int) -> bool:
    return any(a.is_mana for a in activated(game.chars(oid).abilities))


def _place(game: Game, scn: Scenario, spec: Any) -> None:
    oid = next(o for o, obj in game.objects.items() if obj.card is spec.card and
               obj.zone == spec.zone and obj.owner == spec.owner and
               not obj.chosen.get("_placed"))
    game.objects[oid].chosen["_placed"] = True
    if spec.attached_to:
        target = resolve_any(game, spec.attached_to, spec.line, zones=("battlefield",))
        game.objects[oid].attached_to = target
    if spec.attacking:
        game.combat = game.combat or Combat()
        target = spec.attacking if spec.attacking in game.players else \
            resolve_any(game, spec.attacking, spec.line, zones=("battlefield",))
        game.combat.attackers[oid] = target
        game.combat.blocked[oid] = False
        game.extra["attacked"] = game.turn
    if spec.blocking:
        game.combat = game.combat or Combat()
        attacker = resolve_any(game, spec.blocking, spec.line, zones=("battlefield",))
        game.combat.blockers[oid] = [attacker]
        game.combat.blocked_by.setdefault(attacker, []).append(oid)
        game.combat.blocked[attacker] = True
        game.combat.blockers_declared = True
        game.extra["blocked"] = game.turn


# --- names -------------------------------------------------------------------------------
def _names(game: Game, oid: int) -> set[str]:
    obj = game.objects[oid]
    c = game.chars(oid)
    names = {n.lower() for n in c.names} | {n.lower() for n in obj.card.all_names()}
    if c.name:
        names.add(c.name.lower())
    return names


def _primary(game: Game, oid: int) -> str:
    """The name an object goes by in the scenario: its alias, else its name."""
    card = game.objects[oid].card
    return card.names[0] if card.names and card.source != "inline" else card.name


def _candidates(game: Game, name: str, zones: tuple[str, ...], player: str | None = None,
                prefer_primary: bool = True) -> list[int]:
    key = str(name).strip().lower()
    out: list[int] = []
    for zone in zones:
        if zone == "battlefield":
            ids = list(game.battlefield)
        elif zone == "stack":
            ids = [i.id for i in game.stack if not i.is_stack_ability]
        else:
            ids = []
            for p in game.order:
                if player is None or p == player:
                    ids.extend(game.players[p].zone(zone))
        found = [o for o in ids if key in _names(game, o)]
        if len(found) > 1 and prefer_primary:
            primary = [o for o in found if _primary(game, o).lower() == key]
            found = primary or found
        if player is not None and zone in ("battlefield", "stack"):
            mine = [o for o in found if game.controller_of(o) == player]
            found = mine or found
        out.extend(found)
        if out:
            break
    return out


def _interchangeable(game: Game, ids: list[int]) -> bool:
    first = game.objects[ids[0]]

    def state(o: GameObject) -> tuple:
        c = game.chars(o.id)
        return (o.card.name, o.tapped, tuple(sorted(o.counters.items())), o.damage,
                c.power, c.toughness, game.controller_of(o.id), o.face_down, o.zone)
    return all(state(game.objects[i]) == state(first) for i in ids)


def resolve_any(game: Game, name: Any, line: int | None,
                zones: tuple[str, ...] = ("battlefield", "stack", "graveyard", "exile", "hand"),
                player: str | None = None, allow_players: bool = False) -> Any:
    text = str(name).strip()
    if allow_players:
        for p in game.order:
            if p.lower() == text.lower():
                return p
    ids = _candidates(game, text, zones, player)
    if not ids:
        where = " or ".join(zones)
        raise BadInput(f"there is no {text!r} on the {where}" if zones == ("battlefield",)
                       else f"there is no {text!r} in the {where}", line)
    if len(ids) > 1 and not _interchangeable(game, ids):
        raise BadInput(f"{len(ids)} objects are named {text!r}: give them distinct names "
                       "(for a pool card, {card: NAME, name: ALIAS})", line)
    return ids[0]


# --- a run ---------------------------------------------------------------------------------------
@dataclass
class Run:
    game: Game
    refusal: Refusal | None = None
    checks: list[dict[str, Any]] = field(default_factory=list)
    path: list[int] = field(default_factory=list)


# The kinds of choice a ``choose`` action can answer (see choices.Chooser).
CHOOSE_KEYS = frozenset({
    "targets", "may", "pay", "replace", "cast", "keep", "order", "replacement", "mode",
    "modes", "copy", "copy_targets", "new_targets", "color", "mana", "chosen",
    "chosen_player", "choose_player", "search", "return", "bounce", "discard", "sacrifice",
    "legend"})
CHOOSE_ALIASES = {"target": "targets", "colour": "color", "replacement_order": "replacement",
                  "legend": "keep", "player_choice": "chosen_player"}


class Runner:
    def __init__(self, scn: Scenario, path: list[int]) -> None:
        self.scn = scn
        self.chooser = Chooser(path=list(path))
        self.game = setup(scn, self.chooser)
        self.checks: list[dict[str, Any]] = []
        self.line: int | None = None

    def run(self) -> Run:
        game = self.game
        try:
            actions = self.scn.actions
            registered: set[int] = set()
            for i, action in enumerate(actions):
                if game.over:
                    game.log.add("note", "the game is over; the remaining actions are ignored")
                    break
                self.line = action.line
                if action.kind == "choose":
                    if i not in registered:
                        self.choose(action)
                    continue
                # The choose actions right after an action answer choices it raises.
                j = i + 1
                while j < len(actions) and actions[j].kind == "choose":
                    self.choose(actions[j])
                    registered.add(j)
                    j += 1
                self.do(action)
            if not game.over:
                self.finish()
            for a in self.chooser.unused():
                game.log.add("note", f"the choice at line {a.line} ({a.key}: {a.value}) "
                             "was never asked of "
                             f"{a.player or 'any player'}; it had no effect")
            explain_characteristics(game)
        except OpenChoice:
            raise
        except Refusal as exc:
            if exc.line is None:
                exc.line = self.line
            return Run(game, exc, self.checks, self.chooser.path)
        return Run(game, None, self.checks, self.chooser.path)

    # --- actions ---
    def do(self, action: Action) -> None:
        game = self.game
        if action.kind == "choose":
            self.choose(action)
            return
        try:
            getattr(self, "act_" + action.kind)(action)
        except IllegalAction as exc:
            exc.line = exc.line or action.line
            if not action.illegal:
                raise
            game.log.add("refused", f"refused as the scenario expects: {exc.message}",
                         exc.rules, line=action.line)
            self.checks.append({"check": f"action at line {action.line} is refused",
                                "ok": True, "actual": exc.message, "line": action.line})
            return
        if action.illegal:
            self.checks.append({"check": f"action at line {action.line} is refused",
                                "ok": False, "actual": "the engine accepted it",
                                "line": action.line})
            game.log.add("note", f"the action at line {action.line} was expected to be illegal "
                         "but the engine accepted it", ())

    def choose(self, action: Action) -> None:
        value = action.value
        if not isinstance(value, dict):
            raise BadInput("choose: give {player: NAME, KEY: VALUE}", action.line)
        player = value.get("player")
        if player is not None and player not in self.game.players:
            raise BadInput(f"choose: {player!r} is not a player", action.line)
        keys = [k for k in value if k != "player"]
        if not keys:
            raise BadInput("choose: say what is chosen (targets, may, keep, sacrifice, order, "
                           "mode, color, discard, search, pay ...)", action.line)
        for key in keys:
            name = CHOOSE_ALIASES.get(str(key), str(key))
            if name not in CHOOSE_KEYS:
                raise BadInput(f"choose: unknown choice {key!r}{suggest(str(key), CHOOSE_KEYS)}"
                               f" (choices: {', '.join(sorted(CHOOSE_KEYS))})",
                               line_of(value, key, action.line))
            self.chooser.add(player, name, value[key], line_of(value, key, action.line))

    def ensure_priority(self, player: str) -> None:
        game = self.game
        if game.priority is None:
            turn_mod.give_priority(game, game.active)
        guard = 0
        while game.priority != player and not game.over:
            guard += 1
            if guard > 10:
                raise Refusal(f"{player} never received priority", self.line)
            result = turn_mod.pass_priority(game)
            if result != "passed":
                # Everyone passed: the situation changed; the player gets priority next.
                continue

    def act_pass(self, action: Action) -> None:
        value = action.value
        until = None
        times = 1
        if isinstance(value, dict):
            for key in value:
                if key not in ("until", "times", "player", "turn_of"):
                    raise BadInput(f"pass: unknown key {key!r} (use until, times or turn_of)",
                                   line_of(value, key, action.line))
            until = value.get("until")
            times = int(value.get("times", 1))
            if not 0 <= times <= MAX_PASS_TIMES:
                raise BadInput(f"pass: times must be between 0 and {MAX_PASS_TIMES}",
                               line_of(value, "times", action.line))
            turn_of = value.get("turn_of")
            if turn_of is not None and turn_of not in self.game.players:
                raise BadInput(f"pass: {turn_of!r} is not a player", action.line)
        elif isinstance(value, str):
            until = value
        if until is None:
            for _ in range(times):
                self.pass_round()
            return
        target = str(until).strip().lower().replace(" ", "_")
        if target in ("stack_empty", "resolve", "empty_stack"):
            self.resolve_stack()
            return
        for _ in range(times):
            if target in ("end_of_turn", "end_turn", "next_turn"):
                self.pass_until_step("cleanup" if target != "next_turn" else "upkeep",
                                     next_turn=target == "next_turn")
                continue
            step = normalise_step(target, action.line)
            self.pass_until_step(step)
            if isinstance(value, dict) and value.get("turn_of"):
                while not self.game.over and self.game.active != value["turn_of"]:
                    self.pass_until_step(step)

    def pass_round(self) -> str:
        """All players pass once in succession: resolve the top object or end the step."""
        game = self.game
        if game.priority is None:
            turn_mod.give_priority(game, game.active)
        n = 0
        while not game.over:
            n += 1
            result = turn_mod.pass_priority(game)
            if result != "passed":
                return result
            if n > 10:
                break
        return "over"

    def resolve_stack(self) -> None:
        game = self.game
        seen: dict[tuple, int] = {}
        made = len(self.chooser.made)
        while game.stack and not game.over:
            self.pass_round()
            sig = signature(game)
            if sig in seen and self._forced_since(made):
                self.declare_loop_draw()
                return
            seen[sig] = 1

    def _forced_since(self, made: int) -> bool:
        return all(m.how == "forced" for m in self.chooser.made[made:])

    def declare_loop_draw(self) -> None:
        game = self.game
        game.log.add("draw", "the game is in a loop of mandatory actions that no player can "
                     "stop: the game is a draw", (R.DRAW_LOOP,))
        game.over = True
        game.draw = True

    def pass_until_step(self, step: str, next_turn: bool = False) -> None:
        game = self.game
        start = (game.turn, game.step)
        if step == "untap":
            step = "upkeep"
        guard = 0
        while not game.over:
            guard += 1
            if guard > 400:
                raise Refusal(f"the game never reached the {step} step", self.line,
                              kind="limit")
            if step == "cleanup":
                if game.step == "cleanup" and (game.turn, game.step) != start:
                    return
                game.extra["stop_after_cleanup"] = True
                before_turn = game.turn
                self.pass_round()
                game.extra.pop("stop_after_cleanup", None)
                if game.step == "cleanup" or game.turn != before_turn:
                    return
                continue
            result = self.pass_round()
            if game.over:
                return
            if result in ("advanced",) or game.turn != start[0]:
                if game.step == step and (game.turn, game.step) != start and \
                        (not next_turn or game.turn != start[0]):
                    if game.priority is None:
                        turn_mod.give_priority(game, game.active)
                    return

    def go_to(self, step: str, prepare: Any) -> None:
        """Pass until ``step`` is about to begin, call ``prepare``, then begin it."""
        game = self.game
        target_turn = game.turn
        guard = 0
        while not game.over:
            guard += 1
            if guard > 100:
                raise Refusal(f"the game never reached the {step} step", self.line,
                              kind="limit")
            if game.stack:
                self.pass_round()
                continue
            nxt = turn_mod.next_step(game) if game.step not in ("cleanup",) else None
            if game.turn == target_turn and nxt == step:
                prepare()
                self.pass_round()
                return
            if game.turn != target_turn or STEPS.index(game.step) >= STEPS.index(step):
                raise IllegalAction(f"it is too late this turn for the {step.replace('_', ' ')}"
                                    " step", (R.DECLARE_ATTACKERS if "attack" in step else
                                              R.DECLARE_BLOCKERS,))
            self.pass_round()

    def act_attack(self, action: Action) -> None:
        game = self.game
        decl = self._attack_decl(action)
        if game.step == "declare_attackers" and game.extra.get("attacked") != game.turn:
            combat_mod.check_attackers(game, decl)
            game.extra["attacked"] = game.turn
            combat_mod.declare_attackers(game, decl)
            turn_mod.give_priority(game, game.active)
            return
        if game.extra.get("attacked") == game.turn:
            raise IllegalAction("attackers have already been declared this turn",
                                (R.DECLARE_ATTACKERS,))

        def prepare() -> None:
            combat_mod.check_attackers(game, decl)
            game.extra["attack"] = decl
            game.extra["attacked"] = game.turn
        self.go_to("declare_attackers", prepare)
        if game.extra.get("attacked") != game.turn:
            raise IllegalAction("the combat phase was skipped this turn", (R.SKIP,))

    def _attack_decl(self, action: Action) -> dict[int, Any]:
        game = self.game
        value = action.value
        defenders = game.opponents(game.active)
        if isinstance(value, str):
            value = [value]
        decl: dict[int, Any] = {}
        if isinstance(value, list):
            for name in value:
                oid = resolve_any(game, name, action.line, ("battlefield",), game.active)
                if len(defenders) != 1:
                    raise BadInput("with several opponents, say whom each creature attacks "
                                   "(attack: {CREATURE: PLAYER})", action.line)
                decl[oid] = defenders[0]
            return decl
        if not isinstance(value, dict):
            raise BadInput("attack: give {CREATURE: PLAYER, ...}", action.line)
        for name, target in value.items():
            ln = line_of(value, name, action.line)
            oid = resolve_any(game, name, ln, ("battlefield",), game.active)
            if target is None:
                if len(defenders) != 1:
                    raise BadInput(f"say whom {name} attacks", ln)
                target = defenders[0]
            t = resolve_any(game, target, ln, ("battlefield",), allow_players=True)
            decl[oid] = t
        return decl

    def act_block(self, action: Action) -> None:
        game = self.game
        value = action.value
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise BadInput("block: give {BLOCKER: ATTACKER, ...}", action.line)
        if game.combat is None or not game.combat.attackers:
            raise IllegalAction("no creature is attacking, so nothing can block",
                                (R.NO_ATTACKERS,))
        decl: dict[int, int] = {}
        for name, attacker in value.items():
            ln = line_of(value, name, action.line)
            b = resolve_any(game, name, ln, ("battlefield",), self._defender_of(attacker))
            a = resolve_any(game, attacker, ln, ("battlefield",), game.active)
            if b in decl:
                raise IllegalAction(f"{name} can block only one creature", (R.BLOCKERS_CHOSEN,))
            decl[b] = a
        if game.step == "declare_blockers" and game.extra.get("blocked") != game.turn:
            combat_mod.check_blockers(game, decl)
            game.extra["blocked"] = game.turn
            combat_mod.declare_blockers(game, decl)
            turn_mod.give_priority(game, game.active)
            return
        if game.extra.get("blocked") == game.turn:
            raise IllegalAction("blockers have already been declared this combat",
                                (R.DECLARE_BLOCKERS,))

        def prepare() -> None:
            combat_mod.check_blockers(game, decl)
            game.extra["block"] = decl
            game.extra["blocked"] = game.turn
        self.go_to("declare_blockers", prepare)

    def _defender_of(self, attacker_name: Any) -> str | None:
        opponents = self.game.opponents(self.game.active)
        return opponents[0] if len(opponents) == 1 else None

    def act_assign_damage(self, action: Action) -> None:
        game = self.game
        value = action.value
        if not isinstance(value, dict):
            raise BadInput("assign_damage: give {CREATURE: {RECIPIENT: N, ...}}", action.line)
        given: dict[int, dict[Any, int]] = {}
        for name, plan in value.items():
            ln = line_of(value, name, action.line)
            oid = resolve_any(game, name, ln, ("battlefield",))
            if not isinstance(plan, dict):
                raise BadInput(f"assign_damage.{name}: give {{RECIPIENT: N}}", ln)
            given[oid] = {}
            for rec, n in plan.items():
                r = resolve_any(game, rec, line_of(plan, rec, ln), ("battlefield",),
                                allow_players=True)
                if not isinstance(n, int) or n < 0:
                    raise BadInput(f"assign_damage.{name}.{rec}: give a number", ln)
                if n:
                    given[oid][r] = n
        if game.combat is None or not game.combat.attackers:
            raise IllegalAction("no creature is in combat", (R.COMBAT_DAMAGE,))
        if game.step not in ("declare_blockers", "first_strike_damage"):
            if game.step == "declare_attackers":
                # No blockers declared yet: the defending player declares none.
                self.act_block(Action("block", {}, action.line))
            else:
                raise IllegalAction("there is no combat damage step left this combat",
                                    (R.COMBAT_DAMAGE,))
        step = "combat_damage"
        if game.step == "declare_blockers" and combat_mod.first_strike_step_needed(game):
            step = "first_strike_damage"

        def prepare() -> None:
            combat_mod.plan_damage(game, step == "first_strike_damage", given, action.line)
            game.extra["assign"] = given
            game.extra["assign_line"] = action.line
        self.go_to(step, prepare)

    def _player_for(self, value: dict[str, Any], default: str) -> str:
        player = value.get("player", default)
        if player not in self.game.players:
            raise BadInput(f"{player!r} is not a player", self.line)
        return player

    def act_cast(self, action: Action) -> None:
        game = self.game
        value = action.value
        if isinstance(value, str):
            value = {"card": value}
        if not isinstance(value, dict) or "card" not in value:
            raise BadInput("cast: give {player: NAME, card: CARD, targets: [...]}", action.line)
        allowed = {"player", "card", "targets", "x", "modes", "mode", "alt_cost", "half",
                   "divide", "buyback", "kicker", "additional", "sacrifice", "discard", "from",
                   "target"}
        for key in value:
            if key not in allowed:
                raise BadInput(f"cast: unknown key {key!r}{suggest(key, allowed)}",
                               line_of(value, key, action.line))
        name = str(value["card"])
        alt = str(value.get("alt_cost") or "").lower().replace(" ", "_")
        alt = {"face_down": "morph", "facedown": "morph"}.get(alt, alt)
        default_player = self._owner_of_card(name) or game.active
        player = self._player_for(value, default_player)
        zones = ("hand", "graveyard", "exile") if alt != "flashback" else ("graveyard",)
        if value.get("from"):
            zones = (str(value["from"]),)
        ids = _candidates(game, name, zones, player)
        if not ids:
            raise BadInput(f"{player} has no {name!r} in hand"
                           + (" or graveyard" if "graveyard" in zones else ""), action.line)
        oid = ids[0]
        obj = game.objects[oid]
        if alt == "suspend":
            self.ensure_priority(player)
            game.extra["suspend_x"] = int(value.get("x", 0) or 0)
            suspend(game, player, oid)
            return
        if game.chars(oid).is_land and not obj.card.split:
            self.ensure_priority(player)
            play_land(game, player, oid)
            return
        self.ensure_priority(player)
        half = str(value.get("half") or "")
        if obj.card.split and not half:
            for h in obj.card.split:
                if h.name.lower() == name.lower():
                    half = h.name
        additional = list(value.get("additional") or [])
        if value.get("buyback"):
            additional.append("buyback")
        if value.get("kicker"):
            additional.append("kicker")
        if alt in ("buyback", "kicker"):  # additional costs (118.8) written as alt_cost
            additional.append(alt)
            alt = ""
        modes = value.get("modes", value.get("mode", ()))
        if isinstance(modes, int):
            modes = (modes,)
        targets = self._targets(value.get("targets", value.get("target")), action.line, player)
        division = {}
        for tname, n in (value.get("divide") or {}).items():
            division[resolve_any(game, tname, action.line, allow_players=True)] = int(n)
        req = CastRequest(player, oid, targets, int(value.get("x", 0) or 0),
                                    tuple(int(m) for m in modes), alt, tuple(additional), half,
                                    division)
        req.sacrifice = [resolve_any(game, n, action.line, ("battlefield",), player)
                         for n in _as_list(value.get("sacrifice"))]
        req.discard = [resolve_any(game, n, action.line, ("hand",), player)
                       for n in _as_list(value.get("discard"))]
        cast(game, req)

    def _owner_of_card(self, name: str) -> str | None:
        game = self.game
        for zone in ("hand", "graveyard", "exile"):
            for p in [game.priority or game.active] + game.order:
                if _candidates(game, name, (zone,), p):
                    return p
        return None

    def _targets(self, value: Any, line: int | None, player: str) -> list[list[Any]] | None:
        if value is None:
            return None
        game = self.game
        items = value if isinstance(value, list) else [value]
        out: list[list[Any]] = []
        for item in items:
            if isinstance(item, list):
                out.append([resolve_any(game, n, line, allow_players=True) for n in item])
            else:
                out.append([resolve_any(game, item, line, allow_players=True)])
        return out

    def act_play(self, action: Action) -> None:
        value = action.value
        if isinstance(value, str):
            value = {"card": value}
        self.act_cast(Action("cast", value, action.line, action.illegal))

    def act_activate(self, action: Action) -> None:
        game = self.game
        value = action.value
        if isinstance(value, str):
            value = {"source": value}
        if not isinstance(value, dict) or "source" not in value:
            raise BadInput("activate: give {player: NAME, source: PERMANENT, ability: ...}",
                           action.line)
        allowed = {"player", "source", "ability", "targets", "target", "x", "sacrifice",
                   "discard"}
        for key in value:
            if key not in allowed:
                raise BadInput(f"activate: unknown key {key!r}{suggest(key, allowed)}",
                               line_of(value, key, action.line))
        ability = value.get("ability")
        player = value.get("player")
        name = value["source"]
        ids = _candidates(game, name, ("battlefield", "hand", "graveyard", "exile"), player)
        if not ids:
            raise BadInput(f"there is no {name!r} whose ability can be activated", action.line)
        oid = ids[0]
        if player is None:
            player = game.controller_of(oid)
        player = self._player_for({"player": player}, game.active)
        if isinstance(ability, str) and ability.strip().lower() in ABILITY_SPECIAL:
            self.ensure_priority(player)
            turn_face_up(game, player, oid)
            return
        if isinstance(ability, str) and ability.strip().lower() == "suspend":
            self.act_cast(Action("cast", {"player": player, "card": name, "alt_cost": "suspend",
                                          "x": value.get("x", 0)}, action.line))
            return
        ab = find_ability(game, oid, ability, player)
        targets = self._targets(value.get("targets", value.get("target")), action.line, player)
        sac = [resolve_any(game, n, action.line, ("battlefield",), player)
               for n in _as_list(value.get("sacrifice"))]
        disc = [resolve_any(game, n, action.line, ("hand",), player)
                for n in _as_list(value.get("discard"))]
        if not ab.is_mana:
            self.ensure_priority(player)
        activate(game, player, oid, ab, targets, int(value.get("x", 0) or 0),
                           sac or None, disc or None)

    def finish(self) -> None:
        """After the last action: players pass until the stack is empty -- unless the
        scenario checks the stack, which is then taken as the last action left it."""
        game = self.game
        if "stack" in self.scn.expect and game.stack and not game.over:
            turn_mod.priority_point(game)
            game.log.add("note", "the scenario checks the stack: the game is taken as the last "
                         "action left it, before anything on the stack resolves",
                         (R.PRIORITY_HOLD,))
            return
        if game.priority is None and not game.over:
            turn_mod.give_priority(game, game.active)
        self.resolve_stack()
        if not game.over:
            turn_mod.priority_point(game)
            if game.stack:
                self.resolve_stack()


def explain_characteristics(game: Game) -> None:
    """Log, for each permanent changed by continuous effects, how the layers made it."""
    notes = trace(game)
    for oid in game.battlefield:
        if oid not in notes:
            continue
        c = game.chars(oid)
        head = f"{_display(game, oid)} is {c.power}/{c.toughness}" if c.is_creature else \
            _display(game, oid)
        rules = tuple(dict.fromkeys(r for rs, _ in notes[oid] for r in rs))
        layer_of = [rs[0] for rs, _ in notes[oid] if rs[0] not in (R.DEPENDENCY,
                                                                   R.LAYER_MODIFY_PT)]
        if len(layer_of) != len(set(layer_of)):  # two effects in one layer: timestamps
            rules += (R.TIMESTAMP_ORDER,)
        game.log.add("characteristics", f"{head}: "
                     + "; ".join(text for _, text in notes[oid]), (R.LAYERS,) + rules)


def _as_list(v: Any) -> list[Any]:
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


def signature(game: Game) -> tuple:
    """The game state without object identities (for loop detection and outcomes)."""
    def obj_sig(oid: int) -> tuple:
        o = game.objects[oid]
        c = game.chars(oid)
        return (c.name or o.card.name, game.controller_of(oid), o.tapped, o.damage,
                tuple(sorted(o.counters.items())), c.power, c.toughness, o.face_down)
    players = tuple((p, pl.life, pl.poison, pl.lost, len(pl.library),
                     tuple(sorted(game.name_of(o) for o in pl.hand)),
                     tuple(sorted(game.name_of(o) for o in pl.graveyard)),
                     tuple(sorted(game.name_of(o) for o in pl.exile)))
                    for p, pl in game.players.items())
    field_ = tuple(sorted(obj_sig(o) for o in game.battlefield))
    stack = tuple(game.name_of(i) for i in game.stack)
    return players + (field_, stack, game.step, game.over, game.draw)


# --- expectations ------------------------------------------------------------------------------
def _zone_names(game: Game, player: str, zone: str) -> list[int]:
    if zone == "battlefield":
        return [o for o in game.battlefield if game.controller_of(o) == player]
    return list(game.players[player].zone(zone))


def _display(game: Game, oid: int) -> str:
    obj = game.objects[oid]
    if obj.face_down:
        return f"{obj.card.name} (face down)"
    return game.chars(oid).name or obj.card.name


def _match_names(game: Game, expected: list[str], ids: list[int]) -> bool:
    if len(expected) != len(ids):
        return False
    names = [_names(game, o) for o in ids]
    want = [str(e).strip().lower() for e in expected]
    if len(want) <= 7:
        return assign_names(want, names)
    used = [False] * len(ids)
    for w in want:
        for i, ns in enumerate(names):
            if not used[i] and w in ns:
                used[i] = True
                break
        else:
            return False
    return True


def check_expectations(scn: Scenario, game: Game) -> list[dict[str, Any]]:
    exp = scn.expect
    out: list[dict[str, Any]] = []

    def add(check: str, ok: bool, actual: Any, expected: Any, line: int | None) -> None:
        out.append({"check": check, "ok": bool(ok), "actual": actual, "expected": expected,
                    "line": line})
    for key in ("life", "poison"):
        for player, want in (exp.get(key) or {}).items():
            ln = line_of(exp[key], player)
            if player not in game.players:
                raise BadInput(f"expect.{key}: {player!r} is not a player", ln)
            actual = getattr(game.players[player], key)
            add(f"{key}.{player}", actual == want, actual, want, ln)
    for zone in ("battlefield", "hand", "graveyard", "exile", "library"):
        for player, want in (exp.get(zone) or {}).items():
            ln = line_of(exp[zone], player)
            if player not in game.players:
                raise BadInput(f"expect.{zone}: {player!r} is not a player", ln)
            ids = _zone_names(game, player, zone)
            actual_names = sorted(_display(game, o) for o in ids)
            if isinstance(want, int) and not isinstance(want, bool):
                add(f"{zone}.{player}", len(ids) == want, len(ids), want, ln)
                continue
            if want is None:
                want = []
            if not isinstance(want, list):
                raise BadInput(f"expect.{zone}.{player}: give a list of card names", ln)
            if zone == "library" and not game.players[player].library_known:
                add(f"{zone}.{player}", False, "unknown (the scenario gives no library)", want,
                    ln)
                continue
            add(f"{zone}.{player}", _match_names(game, want, ids), actual_names, want, ln)
    if "stack" in exp:
        want = exp["stack"] or []
        actual = [game.name_of(i) for i in reversed(game.stack)]
        ok = sorted(str(w).lower() for w in want) == sorted(a.lower() for a in actual)
        add("stack", ok, actual, want, line_of(exp, "stack"))
    for name, fields in (exp.get("permanents") or {}).items():
        ln = line_of(exp["permanents"], name)
        out.extend(_check_permanent(game, str(name), fields or {}, ln))
    if "lost" in exp:
        want = sorted(exp["lost"] or [])
        actual = sorted(p for p in game.order if game.players[p].lost)
        add("lost", want == actual, actual, want, line_of(exp, "lost"))
    if "winner" in exp:
        want = exp["winner"]
        if isinstance(want, str) and want.lower() in ("none", "nobody", "null", "draw"):
            want = None
        winners = [p for p in game.order if game.players[p].won]
        actual = winners[0] if winners else None
        add("winner", actual == want, actual, want, line_of(exp, "winner"))
    if "draw" in exp:
        add("draw", bool(exp["draw"]) == game.draw, game.draw, bool(exp["draw"]),
            line_of(exp, "draw"))
    return out


PERMANENT_FIELDS = {"power", "toughness", "tapped", "counters", "damage", "controller",
                    "types", "subtypes", "colors", "keywords", "face_down", "attached_to",
                    "owner", "supertypes"}


def _check_permanent(game: Game, name: str, fields: dict[str, Any], line: int | None
                     ) -> list[dict[str, Any]]:
    for key in fields:
        if key not in PERMANENT_FIELDS:
            raise BadInput(f"expect.permanents.{name}: unknown field {key!r}"
                           f"{suggest(key, PERMANENT_FIELDS)}", line_of(fields, key, line))
    ids = _candidates(game, name, ("battlefield",), prefer_primary=False)
    if not ids:
        return [{"check": f"permanents.{name}", "ok": False,
                 "actual": "not on the battlefield", "expected": dict(fields), "line": line}]
    best: list[dict[str, Any]] = []
    for oid in ids:
        rows = [_field(game, oid, name, k, v, line_of(fields, k, line))
                for k, v in fields.items()]
        if all(r["ok"] for r in rows):
            return rows
        if not best:
            best = rows
    return best


def _field(game: Game, oid: int, name: str, key: str, want: Any, line: int | None
           ) -> dict[str, Any]:
    obj = game.objects[oid]
    c = game.chars(oid)
    if key == "power":
        actual = c.power
    elif key == "toughness":
        actual = c.toughness
    elif key == "tapped":
        actual = obj.tapped
    elif key == "damage":
        actual = obj.damage
    elif key == "controller":
        actual = game.controller_of(oid)
    elif key == "owner":
        actual = obj.owner
    elif key == "face_down":
        actual = obj.face_down
    elif key == "counters":
        actual = {k: v for k, v in obj.counters.items() if v}
        want_c = {COUNTER_ALIASES.get(str(k), str(k)): v for k, v in (want or {}).items()}
        ok = all(actual.get(k, 0) == v for k, v in want_c.items()) and \
            (bool(want_c) or not actual)
        return {"check": f"permanents.{name}.counters", "ok": ok, "actual": actual,
                "expected": want, "line": line}
    elif key in ("types", "subtypes", "supertypes", "colors"):
        have = {"types": c.types, "subtypes": c.subtypes, "supertypes": c.supertypes,
                "colors": c.colors}[key]
        items = want if isinstance(want, list) else [want]
        if key == "colors":
            items = [NAME_TO_COLOR.get(str(i).lower(), str(i).upper()) for i in items]
            actual = sorted(have)
            ok = set(items) == set(have)
        elif key == "subtypes":
            actual = sorted(have)
            ok = all(str(i) in have or (ALL_TYPES in have) for i in items) and \
                (ALL_TYPES in have or len(have) == len(items))
        else:
            actual = sorted(have)
            ok = {str(i).lower() for i in items} == set(have)
        return {"check": f"permanents.{name}.{key}", "ok": ok, "actual": actual,
                "expected": want, "line": line}
    elif key == "keywords":
        items = want if isinstance(want, list) else [want]
        actual = sorted({a.label() for a in c.abilities if isinstance(a, Keyword)})
        ok = all(str(i).lower() in actual for i in items)
        return {"check": f"permanents.{name}.keywords", "ok": ok, "actual": actual,
                "expected": want, "line": line}
    elif key == "attached_to":
        actual = game.name_of(obj.attached_to) if obj.attached_to is not None else None
        ok = (actual or "").lower() == str(want).lower() if want is not None else actual is None
        return {"check": f"permanents.{name}.attached_to", "ok": ok, "actual": actual,
                "expected": want, "line": line}
    else:
        actual = None
    return {"check": f"permanents.{name}.{key}", "ok": actual == want, "actual": actual,
            "expected": want, "line": line}


def state_summary(game: Game) -> dict[str, Any]:
    players = {}
    for p in game.order:
        pl = game.players[p]
        players[p] = {
            "life": pl.life, "poison": pl.poison, "lost": pl.lost, "won": pl.won,
            "battlefield": sorted(_display(game, o) for o in _zone_names(game, p, "battlefield")),
            "hand": sorted(_display(game, o) for o in pl.hand),
            "graveyard": sorted(_display(game, o) for o in pl.graveyard),
            "exile": sorted(_display(game, o) for o in pl.exile),
            "library": [_display(game, o) for o in pl.library] if pl.library_known
            else "unknown",
        }
    permanents = []
    for oid in game.battlefield:
        c = game.chars(oid)
        o = game.objects[oid]
        entry: dict[str, Any] = {"name": _display(game, oid), "controller":
                                 game.controller_of(oid)}
        if c.is_creature:
            entry["power"], entry["toughness"] = c.power, c.toughness
        if o.tapped:
            entry["tapped"] = True
        if o.damage:
            entry["damage"] = o.damage
        if o.counters:
            entry["counters"] = {k: v for k, v in o.counters.items() if v}
        if o.attached_to is not None:
            entry["attached_to"] = game.name_of(o.attached_to)
        permanents.append(entry)
    return {"turn": game.turn, "active": game.active, "step": game.step, "players": players,
            "permanents": sorted(permanents, key=lambda e: (e["controller"], e["name"])),
            "stack": [game.name_of(i) for i in reversed(game.stack)],
            "over": game.over, "draw": game.draw,
            "winner": next((p for p in game.order if game.players[p].won), None)}


# --- simulation with branches --------------------------------------------------------------------
@dataclass
class Leaf:
    run: Run
    choices: list[tuple[str, str, str]]  # (player, kind, label) of open choices on this path
    state: dict[str, Any]
    checks: list[dict[str, Any]]


@dataclass
class SimulationResult:
    scenario: Scenario | None
    ok: bool
    refused: Refusal | None
    log: list[Entry]
    state: dict[str, Any]
    expectations: list[dict[str, Any]]
    branches: list[dict[str, Any]] = field(default_factory=list)
    runs: int = 1

    @property
    def exit_code(self) -> int:
        if self.refused is not None:
            return 2
        return 0 if self.ok else 1

    def cited(self) -> list[str]:
        seen: dict[str, None] = {}
        for e in self.log:
            for r in e.rules:
                seen.setdefault(r, None)
        return list(seen)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": self.ok,
            "refused": self.refused.to_dict() if self.refused else None,
            "log": [e.to_dict() for e in self.log],
            "state": self.state,
            "expectations": self.expectations,
        }
        if self.scenario is not None:
            out["title"] = self.scenario.title
            out["rules"] = self.scenario.rules
            if self.scenario.rulings:
                out["rulings"] = self.scenario.rulings
        if self.branches:
            out["branches"] = self.branches
        out["runs"] = self.runs
        return out


def simulate(scn: Scenario) -> SimulationResult:
    leaves: list[Leaf] = []
    queue: list[list[int]] = [[]]
    runs = 0
    while queue:
        path = queue.pop(0)
        runs += 1
        if runs > MAX_RUNS:
            refusal = Refusal(f"the scenario leaves too many choices open (more than {MAX_RUNS} "
                              "combinations); give them with choose actions",
                              None, kind="limit")
            first = leaves[0].run.game.log.entries if leaves else []
            return SimulationResult(scn, False, refusal, list(first), {}, [], runs=runs)
        runner = Runner(scn, path)
        try:
            run = runner.run()
        except OpenChoice as oc:
            for i in range(len(oc.options)):
                queue.insert(len(queue), path + [i])
            continue
        made = [(m.player, m.kind, m.label) for m in runner.chooser.made if m.how == "branch"]
        leaves.append(Leaf(run, made, state_summary(run.game), []))
        if run.refusal is not None:
            break
    return _combine(scn, leaves, runs)


def _combine(scn: Scenario, leaves: list[Leaf], runs: int) -> SimulationResult:
    first = leaves[0]
    game = first.run.game
    refused = next((lf.run.refusal for lf in leaves if lf.run.refusal is not None), None)
    if refused is not None:
        bad = next(lf for lf in leaves if lf.run.refusal is not None)
        log = bad.run.game.log.entries
        log.append(Entry("refused", f"refused: {refused.message}", refused.rules,
                         bad.run.game.turn, bad.run.game.step, {"line": refused.line}))
        return SimulationResult(scn, False, refused, log, bad.state, [], runs=runs)
    for lf in leaves:
        try:
            lf.checks = lf.run.checks + check_expectations(scn, lf.run.game)
        except Refusal as exc:
            return SimulationResult(scn, False, exc, game.log.entries, first.state, [],
                                    runs=runs)
    log = list(game.log.entries)
    branches = []
    expectations: list[dict[str, Any]] = []
    if len(leaves) == 1:
        expectations = first.checks
    else:
        distinct: dict[str, list[Leaf]] = {}
        for lf in leaves:
            key = json.dumps(lf.state, sort_keys=True, default=str)
            distinct.setdefault(key, []).append(lf)
        choosers = sorted({p for lf in leaves for p, _, _ in lf.choices})
        who = " and ".join(f"{p}'s" for p in choosers) or "a player's"
        kinds = sorted({k for lf in leaves for _, k, _ in lf.choices})
        for lf in leaves:
            branches.append({"choices": [{"player": p, "kind": k, "option": lbl}
                                         for p, k, lbl in lf.choices],
                             "state": lf.state,
                             "ok": all(c["ok"] for c in lf.checks)})
        if len(distinct) == 1:
            log.append(Entry("choice", f"{who} choice ({', '.join(kinds)}) is left open by the "
                             f"scenario; all {len(leaves)} options lead to the same outcome",
                             (), game.turn, game.step))
        else:
            parts = []
            states = [group[0].state for group in distinct.values()]
            for group in distinct.values():
                opts = "; ".join(" / ".join(lbl for _, _, lbl in lf.choices) for lf in group)
                parts.append(f"[{opts}] → "
                             f"{_outcome_text(group[0].state, first.state, states)}")
            log.append(Entry("depends", f"the outcome depends on {who} choice "
                             f"({', '.join(kinds)}): " + " | ".join(parts), (), game.turn,
                             game.step, {"options": len(leaves)}))
        for i, row in enumerate(first.checks):
            others = [lf.checks[i] for lf in leaves if i < len(lf.checks)]
            ok = all(o["ok"] for o in others)
            actuals = [o["actual"] for o in others]
            merged = dict(row)
            merged["ok"] = ok
            if any(a != actuals[0] for a in actuals):
                merged["actual"] = "depends on " + who + " choice: " + "; ".join(
                    f"{' / '.join(lbl for _, _, lbl in lf.choices)} → {lf.checks[i]['actual']}"
                    for lf in leaves if i < len(lf.checks))
            expectations.append(merged)
    ok = all(e["ok"] for e in expectations)
    return SimulationResult(scn, ok, None, log, first.state, expectations, branches, runs)


def _outcome_text(state: dict[str, Any], base: dict[str, Any],
                  states: list[dict[str, Any]] | None = None) -> str:
    parts: list[str] = []
    extra: list[str] = []
    if states:

        def keys(st: dict[str, Any]) -> set[str]:
            return {json.dumps(e, sort_keys=True) for e in st["permanents"]}
        common = set.intersection(*(keys(st) for st in states))
        differing = [e for e in state["permanents"]
                     if json.dumps(e, sort_keys=True) not in common]
        if differing:
            extra.append("permanents " + ", ".join(_permanent_text(e) for e in differing))
    for p, info in state["players"].items():
        b = base["players"][p]
        bits = [f"life {info['life']}"]
        for zone in ("battlefield", "graveyard", "hand", "exile", "library"):
            if zone == "library" and info[zone] == "unknown":
                continue
            if info[zone] != b[zone] or (state is base and zone != "library"):
                bits.append(f"{zone} {info[zone]}")
        if info["lost"]:
            bits.append("loses")
        parts.append(f"{p}: " + ", ".join(bits))
    return "; ".join(parts + extra)


def _permanent_text(e: dict[str, Any]) -> str:
    bits = []
    if "power" in e:
        bits.append(f"{e['power']}/{e['toughness']}")
    bits.append(f"controlled by {e['controller']}")
    if e.get("tapped"):
        bits.append("tapped")
    if e.get("damage"):
        bits.append(f"{e['damage']} damage")
    for k, v in (e.get("counters") or {}).items():
        bits.append(f"{v} {k} counter{'s' if v != 1 else ''}")
    if e.get("attached_to"):
        bits.append(f"attached to {e['attached_to']}")
    return f"{e['name']} ({', '.join(bits)})"


def parse(text: str) -> Scenario:
    """Read and check a scenario whose cards come from the engine's card pool."""
    return parse_with(text, pool())


def run_text(text: str) -> SimulationResult:
    """Parse and simulate a scenario given as YAML text (bad input is a refusal)."""
    try:
        scn = parse(text)
    except Refusal as exc:
        return SimulationResult(None, False, exc, [], {}, [])
    try:
        return simulate(scn)
    except Refusal as exc:
        return SimulationResult(scn, False, exc, [], {}, [])
    except RecursionError:
        return SimulationResult(scn, False, Refusal(
            "the simulation recursed without end (an unbounded chain of events)",
            kind="limit", rules=(R.DRAW_LOOP,)), [], {}, [])
    except Exception as exc:  # noqa: BLE001 - an engine bug must not become a traceback
        return SimulationResult(scn, False, Refusal(
            f"internal error of the engine ({type(exc).__name__}: {exc}); the scenario "
            "can't be simulated", kind="internal"), [], {}, [])


__all__ = ["simulate", "run_text", "parse", "SimulationResult", "setup", "signature"]
