"""The starting game of a scenario: players, objects in their zones, combat in
progress, stated mana pools, and the documented default of free mana for a
player the scenario gives no mana source."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from judgebot.engine.abilities import activated
from judgebot.engine.choices import Chooser
from judgebot.engine.designations import install
from judgebot.engine.errors import BadInput
from judgebot.engine.layers import characteristics
from judgebot.engine.log import Log
from judgebot.engine.lookup import resolve_any
from judgebot.engine.marks import line_of
from judgebot.engine.scenario import STARTING_LIFE, Scenario, player_map
from judgebot.engine.state import Combat, Game, GameObject, Player
from judgebot.messages import msg


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
            game.log.add("setup", msg("setup.setup", value=fmt.title(), value2=', '.join(unstated),
                                      life=life), (rule,))
    day_night = (scn.raw or {}).get("day_night")
    if day_night is not None:  # the game's designation as the scenario starts (731.1)
        if str(day_night).strip().lower() not in ("day", "night"):
            raise BadInput(msg("setup.day_night", value=str(day_night)[:40]),
                           line_of(scn.raw, "day_night"))
        game.extra["day_night"] = str(day_night).strip().lower()
    raw = scn.raw or {}
    for p, n in player_map(raw, "energy", list(scn.players), int).items():
        players[p].counters["energy"] = n  # energy counters a player has (107.14, 122.1)
    if raw.get("monarch") is not None:  # who is the monarch as the scenario starts (724)
        who = str(raw["monarch"])
        if who not in players:
            raise BadInput(msg("setup.monarch", value=who[:40]), line_of(raw, "monarch"))
        game.extra["monarch"] = who
        install(game)
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
        obj.back_up = spec.back_up
        obj.commander = spec.commander
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
        game.extra["attacked_in"] = (game.turn, game.extra.get("combats", 0))
    if spec.blocking:
        game.combat = game.combat or Combat()
        attacker = resolve_any(game, spec.blocking, spec.line, zones=("battlefield",))
        game.combat.blockers[oid] = [attacker]
        game.combat.blocked_by.setdefault(attacker, []).append(oid)
        game.combat.blocked[attacker] = True
        game.combat.blockers_declared = True
        game.extra["blocked"] = game.turn
