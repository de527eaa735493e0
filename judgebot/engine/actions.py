"""Playing a scenario's actions, one run (one branch of its open choices).

Between actions the engine passes priority, advances steps and performs
turn-based and state-based actions itself. A ``choose`` right after an action
answers the choices that action raises; after the last action, players pass
until the stack is empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine import combat as combat_mod
from judgebot.engine import turn as turn_mod
from judgebot.engine.activating import activate, find_ability
from judgebot.engine.casting import CastRequest, cast
from judgebot.engine.choices import Chooser
from judgebot.engine.errors import BadInput, IllegalAction, OpenChoice, Refusal, suggest
from judgebot.engine.layers import trace
from judgebot.engine.lookup import display_label, named, resolve_any
from judgebot.engine.marks import line_of, whole
from judgebot.engine.scenario import (
    Action,
    Scenario,
    normalise_step,
)
from judgebot.engine.setup import setup
from judgebot.engine.special import foretell, play_land, plot, suspend, turn_face_up
from judgebot.engine.state import COMBAT_STEPS, FUSED, STEPS, Game
from judgebot.engine.summary import signature
from judgebot.messages import ZH_HANS, Joined, Name, msg

ABILITY_SPECIAL = {"morph", "turn_face_up", "unmorph", "face_up", "turn face up"}


# --- the starting game ----------------------------------------------------------------------
MAX_PASS_TIMES = 100


# --- names -------------------------------------------------------------------------------


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
    "legend", "random", "scry", "surveil", "crew", "exile", "choose", "put", "pile",
    "pile_choice", "reveal", "creature_type", "untap", "coin", "die", "clash",
    "tap_or_untap", "name", "source", "vote", "ring_bearer", "cipher", "manifest"})
CHOOSE_ALIASES = {"target": "targets", "colour": "color", "replacement_order": "replacement",
                  "legend": "keep", "player_choice": "chosen_player", "type": "creature_type"}


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
                    game.log.add("note", msg("actions.run.2"))
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
                game.log.add("note", msg("actions.run", line=a.line, key=a.key, value=a.value,
                                         value2=a.player or 'any player'))
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
            game.log.add("refused", msg("actions.do.2", message=exc.msg or exc.message),
                         exc.rules, line=action.line)
            self.checks.append({"check": f"action at line {action.line} is refused",
                                "ok": True, "actual": exc.message, "line": action.line})
            return
        if action.illegal:
            self.checks.append({"check": f"action at line {action.line} is refused",
                                "ok": False, "actual": "the engine accepted it",
                                "line": action.line})
            game.log.add("note", msg("actions.do", line=action.line), ())

    def choose(self, action: Action) -> None:
        value = action.value
        if not isinstance(value, dict):
            raise BadInput(msg("actions.choose"), action.line)
        player = value.get("player")
        if player is not None and player not in self.game.players:
            raise BadInput(msg("actions.choose.2", player=player), action.line)
        keys = [k for k in value if k != "player"]
        if not keys:
            raise BadInput(msg("actions.choose.3"), action.line)
        for key in keys:
            name = CHOOSE_ALIASES.get(str(key), str(key))
            if name not in CHOOSE_KEYS:
                raise BadInput(msg("actions.choose.4", key=key,
                                   value=suggest(str(key), CHOOSE_KEYS),
                                   value2=', '.join(sorted(CHOOSE_KEYS))),
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
                raise Refusal(msg("actions.ensure_priority", player=player), self.line)
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
                    raise BadInput(msg("actions.act_pass.2", key=key),
                                   line_of(value, key, action.line))
            until = value.get("until")
            times = whole(value.get("times", 1), "pass: times",
                          line_of(value, "times", action.line), 0, MAX_PASS_TIMES)
            turn_of = value.get("turn_of")
            if turn_of is not None and turn_of not in self.game.players:
                raise BadInput(msg("actions.act_pass", turn_of=turn_of), action.line)
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
        game.log.add("draw", msg("actions.declare_loop_draw"), (R.DRAW_LOOP,))
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
                raise Refusal(msg("actions.pass_until_step", step=step), self.line,
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
                raise Refusal(msg("actions.go_to", step=step), self.line,
                              kind="limit")
            if game.stack:
                self.pass_round()
                continue
            nxt = turn_mod.next_step(game) if game.step not in ("cleanup",) else None
            if game.turn == target_turn and nxt == step:
                prepare()
                self.pass_round()
                return
            combat_ahead = nxt == "beginning_of_combat" and step in COMBAT_STEPS
            if game.turn != target_turn or (STEPS.index(game.step) >= STEPS.index(step) and
                                            not combat_ahead):
                raise IllegalAction(msg("actions.go_to.2", value=Name(step.replace('_', ' '),
                                                                      msg(f"step.{step}").render(ZH_HANS))),
                    (R.DECLARE_ATTACKERS if "attack" in step else
                                              R.DECLARE_BLOCKERS,))
            self.pass_round()

    def act_attack(self, action: Action) -> None:
        game = self.game
        decl = self._attack_decl(action)

        def this_combat() -> tuple[int, int]:  # attackers are declared once per combat phase
            return (game.turn, game.extra.get("combats", 0))
        if game.step == "declare_attackers" and game.extra.get("attacked_in") != this_combat():
            combat_mod.check_attackers(game, decl)
            game.extra["attacked"] = game.turn
            game.extra["attacked_in"] = this_combat()
            combat_mod.declare_attackers(game, decl)
            turn_mod.give_priority(game, game.active)
            return
        combat_ahead = game.step in ("precombat_main", "postcombat_main") and \
            turn_mod.next_step(game) == "beginning_of_combat"
        if game.extra.get("attacked") == game.turn and not combat_ahead:
            raise IllegalAction(msg("actions.act_attack"),
                                (R.DECLARE_ATTACKERS,))

        def prepare() -> None:
            combat_mod.check_attackers(game, decl)
            game.extra["attack"] = decl
            game.extra["attacked"] = game.turn
            game.extra["attacked_in"] = this_combat()
        self.go_to("declare_attackers", prepare)
        if game.extra.get("attacked_in") != this_combat():
            raise IllegalAction(msg("actions.act_attack.2"), (R.SKIP,))

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
                    raise BadInput(msg("actions.attack_decl.2"), action.line)
                decl[oid] = defenders[0]
            return decl
        if not isinstance(value, dict):
            raise BadInput(msg("actions.attack_decl"), action.line)
        for name, target in value.items():
            ln = line_of(value, name, action.line)
            oid = resolve_any(game, name, ln, ("battlefield",), game.active)
            if target is None:
                if len(defenders) != 1:
                    raise BadInput(msg("actions.attack_decl.3", name=name), ln)
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
            raise BadInput(msg("actions.act_block"), action.line)
        if game.combat is None or not game.combat.attackers:
            raise IllegalAction(msg("actions.act_block.2"),
                                (R.NO_ATTACKERS,))
        decl: dict[int, int] = {}
        for name, attacker in value.items():
            ln = line_of(value, name, action.line)
            b = resolve_any(game, name, ln, ("battlefield",), self._defender_of(attacker))
            a = resolve_any(game, attacker, ln, ("battlefield",), game.active)
            if b in decl:
                raise IllegalAction(msg("actions.act_block.4", name=name), (R.BLOCKERS_CHOSEN,))
            decl[b] = a
        # Passing into the declare blockers step declares none (509.1): no block after.
        declared = game.combat is not None and game.combat.blockers_declared
        if game.step == "declare_blockers" and not declared \
                and game.extra.get("blocked") != game.turn:
            combat_mod.check_blockers(game, decl)
            combat_mod.check_block_requirements(game, decl)
            game.extra["blocked"] = game.turn
            combat_mod.declare_blockers(game, decl)
            turn_mod.give_priority(game, game.active)
            return
        if declared or game.extra.get("blocked") == game.turn:
            raise IllegalAction(msg("actions.act_block.3"),
                                (R.DECLARE_BLOCKERS,))

        def prepare() -> None:
            combat_mod.check_blockers(game, decl)
            combat_mod.check_block_requirements(game, decl)
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
            raise BadInput(msg("actions.act_assign_damage"), action.line)
        given: dict[int, dict[Any, int]] = {}
        for name, plan in value.items():
            ln = line_of(value, name, action.line)
            oid = resolve_any(game, name, ln, ("battlefield",))
            if not isinstance(plan, dict):
                raise BadInput(msg("actions.act_assign_damage.3", name=name), ln)
            given[oid] = {}
            for rec, n in plan.items():
                r = resolve_any(game, rec, line_of(plan, rec, ln), ("battlefield",),
                                allow_players=True)
                if not isinstance(n, int) or n < 0:
                    raise BadInput(msg("actions.act_assign_damage.5", name=name, rec=rec), ln)
                if n:
                    given[oid][r] = n
        if game.combat is None or not game.combat.attackers:
            raise IllegalAction(msg("actions.act_assign_damage.2"), (R.COMBAT_DAMAGE,))
        if game.step not in ("declare_blockers", "first_strike_damage"):
            if game.step == "declare_attackers":
                # No blockers declared yet: the defending player declares none.
                self.act_block(Action("block", {}, action.line))
            else:
                raise IllegalAction(msg("actions.act_assign_damage.4"),
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
            raise BadInput(msg("actions.player_for", player=player), self.line)
        return player

    def act_cast(self, action: Action) -> None:
        game = self.game
        value = action.value
        if isinstance(value, str):
            value = {"card": value}
        if not isinstance(value, dict) or "card" not in value:
            raise BadInput(msg("actions.act_cast"), action.line)
        allowed = {"player", "card", "targets", "x", "modes", "mode", "alt_cost", "half",
                   "divide", "buyback", "kicker", "additional", "sacrifice", "discard", "from",
                   "target", "convoke", "improvise", "delve", "fuse", "splice", "assist"}
        for key in value:
            if key not in allowed:
                raise BadInput(msg("actions.act_cast.2", key=key, value=suggest(key, allowed)),
                               line_of(value, key, action.line))
        name = str(value["card"])
        alt = str(value.get("alt_cost") or "").lower().replace(" ", "_")
        alt = {"face_down": "morph", "facedown": "morph",
               # alternative costs the card's keyword gives (118.9): read as its own
               "surge": "alternative", "spectacle": "alternative"}.get(alt, alt)
        default_player = self._owner_of_card(name) or game.active
        player = self._player_for(value, default_player)
        zones = ("hand", "graveyard", "exile") if alt != "flashback" else ("graveyard",)
        if value.get("from"):
            zones = (str(value["from"]),)
        ids = named(game, name, zones, player)
        if not ids:
            raise BadInput(msg("actions.not_in_hand_or_graveyard" if "graveyard" in zones
                               else "actions.not_in_hand", player=player, name=name), action.line)
        oid = ids[0]
        obj = game.objects[oid]
        if alt == "suspend":
            self.ensure_priority(player)
            game.extra["suspend_x"] = whole(value.get("x", 0) or 0, "x", action.line, 0)
            suspend(game, player, oid)
            return
        if alt == "foretell" and obj.zone == "hand":
            self.ensure_priority(player)
            foretell(game, player, oid)
            return
        if alt == "plot" and obj.zone == "hand":  # the special action (702.170a)
            self.ensure_priority(player)
            plot(game, player, oid)
            return
        half = str(value.get("half") or "")
        other = obj.card.other
        if other is not None and not half and name.lower() in \
                {n.lower() for n in other.all_names()}:
            half = other.name  # the face named: a modal face, an Adventure (712.11b, 715.3)
        back = other is not None and half.lower() in {n.lower() for n in other.all_names()}
        if back and obj.card.layout == "modal_dfc" and "land" in other.types:
            self.ensure_priority(player)
            play_land(game, player, oid, back=True)
            return
        if game.chars(oid).is_land and not obj.card.split and not back:
            self.ensure_priority(player)
            play_land(game, player, oid)
            return
        self.ensure_priority(player)
        if value.get("fuse") or half.strip().lower() in ("both", "fused", "fuse"):
            half = FUSED  # both halves of a split card with fuse (702.102a)
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
            division[resolve_any(game, tname, action.line, allow_players=True)] = \
                whole(n, f"divide.{tname}", action.line, 0)
        req = CastRequest(player, oid, targets, whole(value.get("x", 0) or 0, "x", action.line, 0),
                                    tuple(whole(m, "modes", action.line, 1, 100) for m in modes),
                                    alt, tuple(additional), half,
                                    division)
        req.sacrifice = [resolve_any(game, n, action.line, ("battlefield",), player)
                         for n in _as_list(value.get("sacrifice"))]
        req.discard = [resolve_any(game, n, action.line, ("hand",), player)
                       for n in _as_list(value.get("discard"))]
        for kw, zone in (("convoke", "battlefield"), ("improvise", "battlefield"),
                         ("delve", "graveyard"), ("splice", "hand")):
            setattr(req, kw, _distinct(game, _as_list(value.get(kw)), zone, player,
                                       action.line))
        if value.get("assist") is not None:
            # "assist: {Bob: 2}": the player who pays part of the generic cost (702.132a)
            helped = value["assist"]
            if not isinstance(helped, dict) or len(helped) != 1:
                raise BadInput(msg("actions.assist"), line_of(value, "assist", action.line))
            (helper, n), = helped.items()
            req.assist = (self._player_for({"player": helper}, player),
                          whole(n, "assist", action.line, 1))
        cast(game, req)

    def _owner_of_card(self, name: str) -> str | None:
        game = self.game
        for zone in ("hand", "graveyard", "exile"):
            for p in [game.priority or game.active] + game.order:
                if named(game, name, (zone,), p):
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
            raise BadInput(msg("actions.act_activate"),
                           action.line)
        allowed = {"player", "source", "ability", "targets", "target", "x", "sacrifice",
                   "discard"}
        for key in value:
            if key not in allowed:
                raise BadInput(msg("actions.act_activate.3", key=key, value=suggest(key, allowed)),
                               line_of(value, key, action.line))
        ability = value.get("ability")
        player = value.get("player")
        name = value["source"]
        ids = named(game, name, ("battlefield", "hand", "graveyard", "exile"), player)
        if not ids:
            raise BadInput(msg("actions.act_activate.2", name=name), action.line)
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
        activate(game, player, oid, ab, targets, whole(value.get("x", 0) or 0, "x", action.line, 0),
                           sac or None, disc or None)

    def finish(self) -> None:
        """After the last action: players pass until the stack is empty -- unless the
        scenario checks the stack, which is then taken as the last action left it."""
        game = self.game
        if "stack" in self.scn.expect and game.stack and not game.over:
            turn_mod.priority_point(game)
            game.log.add("note", msg("actions.finish"),
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
        shown = display_label(game, oid)
        head = msg("actions.is_pt", name=shown, p=c.power, t=c.toughness) if c.is_creature \
            else shown
        rules = tuple(dict.fromkeys(r for rs, _ in notes[oid] for r in rs))
        layer_of = [rs[0] for rs, _ in notes[oid] if rs[0] not in (R.DEPENDENCY,
                                                                   R.LAYER_MODIFY_PT)]
        if len(layer_of) != len(set(layer_of)):  # two effects in one layer: timestamps
            rules += (R.TIMESTAMP_ORDER,)
        game.log.add("characteristics", msg("actions.characteristics", head=head, notes=Joined(
            tuple(said for _, said in notes[oid]), "list.semicolon")), (R.LAYERS,) + rules)


def _as_list(v: Any) -> list[Any]:
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


# --- expectations ------------------------------------------------------------------------------


# --- simulation with branches --------------------------------------------------------------------


__all__ = ["Runner", "Run", "explain_characteristics"]


def _distinct(game: Any, names: list, zone: str, player: str, line: int | None) -> list[int]:
    """One object for each name, two of the same name being two objects ("convoke:
    [Grizzly Bears, Grizzly Bears]" taps both)."""
    out: list[int] = []
    for n in names:
        first = resolve_any(game, n, line, (zone,), player)
        ids = [o for o in named(game, str(n).strip(), (zone,), player) if o not in out]
        if not ids:
            raise BadInput(msg("actions.too_few_named", text=str(n).strip()), line)
        out.append(ids[0] if first in out else first)
    return out

