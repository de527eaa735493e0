"""Simulating a scenario: every branch of the choices it leaves open, the
result combined.

A choice the scenario leaves open is explored: the scenario is played once per
option (from the start, with the earlier answers fixed, breadth first), and if
the outcomes differ the result says the outcome "depends on <player>'s choice",
giving each option's outcome. An expectation holds only if it holds whatever
the open choices. The result shows the log of the first branch played to its
end (or of the branch the engine refused).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from judgebot.engine import citations as R
from judgebot.engine.actions import Run, Runner
from judgebot.engine.cards import pool
from judgebot.engine.errors import OpenChoice, Refusal
from judgebot.engine.expectations import check_expectations
from judgebot.engine.log import Entry
from judgebot.engine.scenario import Scenario
from judgebot.engine.scenario import parse as parse_with
from judgebot.engine.state import CardSource, Game
from judgebot.engine.summary import state_summary
from judgebot.messages import EN, Joined, Message, msg, term

MAX_RUNS = 64



@dataclass
class Leaf:
    run: Run
    choices: list[tuple[str, str, str]]  # (player, kind, label) of open choices on this path
    state: dict[str, Any]
    checks: list[dict[str, Any]]
    number: int = 0  # which run of the simulation it was (from 1)



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
    shown: int | None = None  # the run whose log this is (see Observer)

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



class Observer(Protocol):
    """Told of every run of a simulation (each branch of its open choices) and of
    every entry of its log, with the game as it stands then."""

    def begin(self, run: int, game: Game) -> None:
        """Run number ``run`` (from 1) begins; the game is as the scenario sets it up."""

    def entry(self, game: Game, entry: Entry, line: int | None) -> None:
        """The log got ``entry`` while the action at scenario line ``line`` was played."""

    def leaf(self, run: int, game: Game, refused: bool) -> None:
        """The run was played to its end (or refused); runs left at an open choice
        are abandoned and get no leaf."""


def simulate(scn: Scenario, observe: Observer | None = None) -> SimulationResult:
    """Play ``scn`` once per combination of the choices it leaves open, and combine."""
    leaves: list[Leaf] = []
    queue: list[list[int]] = [[]]
    runs = 0
    while queue:
        path = queue.pop(0)
        runs += 1
        if runs > MAX_RUNS:
            refusal = Refusal(msg("simulation.simulate", max_runs=MAX_RUNS),
                              None, kind="limit")
            first = leaves[0].run.game.log.entries if leaves else []
            return SimulationResult(scn, False, refusal, list(first), {}, [], runs=runs,
                                    shown=leaves[0].number if leaves else None)
        runner = Runner(scn, path)
        if observe is not None:
            _watch(observe, runs, runner)
        try:
            run = runner.run()
        except OpenChoice as oc:
            for i in range(len(oc.options)):
                queue.insert(len(queue), path + [i])
            continue
        if observe is not None:
            observe.leaf(runs, run.game, run.refusal is not None)
        made = [(m.player, m.kind, m.label) for m in runner.chooser.made if m.how == "branch"]
        leaves.append(Leaf(run, made, state_summary(run.game), [], runs))
        if run.refusal is not None:
            break
    return _combine(scn, leaves, runs)


def _watch(observe: Observer, number: int, runner: Runner) -> None:
    game = runner.game
    observe.begin(number, game)
    game.log.listener = lambda entry: observe.entry(game, entry, runner.line)


def _combine(scn: Scenario, leaves: list[Leaf], runs: int) -> SimulationResult:
    first = leaves[0]
    game = first.run.game
    refused = next((lf.run.refusal for lf in leaves if lf.run.refusal is not None), None)
    if refused is not None:
        bad = next(lf for lf in leaves if lf.run.refusal is not None)
        log = bad.run.game.log.entries
        said = msg("simulation.refused", message=refused.msg or refused.message)
        log.append(Entry("refused", said.render(EN), refused.rules, bad.run.game.turn,
                         bad.run.game.step, {"line": refused.line}, said))
        return SimulationResult(scn, False, refused, log, bad.state, [], runs=runs,
                                shown=bad.number)
    for lf in leaves:
        try:
            lf.checks = lf.run.checks + check_expectations(scn, lf.run.game)
        except Refusal as exc:
            return SimulationResult(scn, False, exc, game.log.entries, first.state, [],
                                    runs=runs, shown=first.number)
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
        whose = Joined(tuple(msg("simulation.whose", player=p) for p in choosers),
                       "list.and") if choosers else msg("simulation.a_players")
        kinds = sorted({k for lf in leaves for _, k, _ in lf.choices})
        kind_words = Joined(tuple(msg(f"choice.{k}") for k in kinds))
        for lf in leaves:
            branches.append({"choices": [{"player": p, "kind": k, "option": lbl}
                                         for p, k, lbl in lf.choices],
                             "state": lf.state,
                             "ok": all(c["ok"] for c in lf.checks)})
        if len(distinct) == 1:
            said = msg("simulation.same_outcome", who=whose, kinds=kind_words, n=len(leaves))
            log.append(Entry("choice", said.render(EN), (), game.turn, game.step, {}, said))
        else:
            parts = []
            states = [group[0].state for group in distinct.values()]
            for group in distinct.values():
                opts = Joined(tuple(Joined(tuple(lbl for _, _, lbl in lf.choices), "list.slash")
                                    for lf in group), "list.semicolon")
                parts.append(msg("simulation.option_outcome", options=opts,
                                 outcome=_outcome_text(group[0].state, first.state, states)))
            said = msg("simulation.depends", who=whose, kinds=kind_words,
                       outcomes=Joined(tuple(parts), "list.bar"))
            log.append(Entry("depends", said.render(EN), (), game.turn, game.step,
                             {"options": len(leaves)}, said))
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
    return SimulationResult(scn, ok, None, log, first.state, expectations, branches, runs,
                            first.number)



def _outcome_text(state: dict[str, Any], base: dict[str, Any],
                  states: list[dict[str, Any]] | None = None) -> Joined:
    parts: list[Any] = []
    extra: list[Any] = []
    if states:

        def keys(st: dict[str, Any]) -> set[str]:
            return {json.dumps(e, sort_keys=True) for e in st["permanents"]}
        common = set.intersection(*(keys(st) for st in states))
        differing = [e for e in state["permanents"]
                     if json.dumps(e, sort_keys=True) not in common]
        if differing:
            extra.append(msg("outcome.permanents", permanents=Joined(
                tuple(_permanent_text(e) for e in differing))))
    for p, info in state["players"].items():
        b = base["players"][p]
        bits: list[Any] = [msg("outcome.life", life=info["life"])]
        for zone in ("battlefield", "graveyard", "hand", "exile", "library"):
            if zone == "library" and info[zone] == "unknown":
                continue
            if info[zone] != b[zone] or (state is base and zone != "library"):
                bits.append(msg("outcome.zone", zone=msg(f"zone.{zone}"), cards=str(info[zone])))
        if info["lost"]:
            bits.append(msg("outcome.loses"))
        parts.append(msg("outcome.player", player=p, bits=Joined(tuple(bits))))
    return Joined(tuple(parts + extra), "list.semicolon")


def _permanent_text(e: dict[str, Any]) -> Message:
    bits: list[Any] = []
    if "power" in e:
        bits.append(f"{e['power']}/{e['toughness']}")
    bits.append(msg("outcome.controlled_by", player=e["controller"]))
    if e.get("tapped"):
        bits.append(msg("move.extra.tapped"))
    if e.get("damage"):
        bits.append(msg("outcome.damage", n=e["damage"]))
    for k, v in (e.get("counters") or {}).items():
        bits.append(msg("outcome.counters", n=v, kind=term(k)))
    if e.get("attached_to"):
        bits.append(msg("outcome.attached_to", name=e["attached_to"]))
    return msg("outcome.permanent", name=e["name"], bits=Joined(tuple(bits)))


def parse(text: str, cards: CardSource | None = None) -> Scenario:
    """Read and check a scenario whose cards come from ``cards`` (any
    :class:`~judgebot.engine.state.CardSource`; by default the engine's own pool)."""
    return parse_with(text, cards if cards is not None else pool())



def run_text(text: str, observe: Observer | None = None,
             cards: CardSource | None = None) -> SimulationResult:
    """Parse and simulate a scenario given as YAML text (bad input is a refusal)."""
    try:
        scn = parse(text, cards)
    except Refusal as exc:
        return SimulationResult(None, False, exc, [], {}, [])
    try:
        return simulate(scn, observe)
    except Refusal as exc:
        return SimulationResult(scn, False, exc, [], {}, [])
    except RecursionError:
        return SimulationResult(scn, False, Refusal(
            msg("simulation.run_text"),
            kind="limit", rules=(R.DRAW_LOOP,)), [], {}, [])
    except Exception as exc:  # noqa: BLE001 - an engine bug must not become a traceback
        return SimulationResult(scn, False, Refusal(
            msg("simulation.run_text.2", value=type(exc).__name__, exc=exc),
                kind="internal"), [], {}, [])


__all__ = ["simulate", "run_text", "parse", "SimulationResult", "MAX_RUNS"]
