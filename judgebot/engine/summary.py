"""The game summed up: the final state a result reports, and a signature of the
state without object identities (to find a repeated position, 104.4b)."""

from __future__ import annotations

from typing import Any

from judgebot.engine.lookup import display_name
from judgebot.engine.state import Game


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



def zone_ids(game: Game, player: str, zone: str) -> list[int]:
    if zone == "battlefield":
        return [o for o in game.battlefield if game.controller_of(o) == player]
    return list(game.players[player].zone(zone))



def state_summary(game: Game) -> dict[str, Any]:
    players = {}
    for p in game.order:
        pl = game.players[p]
        players[p] = {
            "life": pl.life, "poison": pl.poison, "lost": pl.lost, "won": pl.won,
            "battlefield": sorted(display_name(game, o) for o in zone_ids(game, p, "battlefield")),
            "hand": sorted(display_name(game, o) for o in pl.hand),
            "graveyard": sorted(display_name(game, o) for o in pl.graveyard),
            "exile": sorted(display_name(game, o) for o in pl.exile),
            "library": [display_name(game, o) for o in pl.library] if pl.library_known
            else "unknown",
        }
    permanents = []
    for oid in game.battlefield:
        c = game.chars(oid)
        o = game.objects[oid]
        entry: dict[str, Any] = {"name": display_name(game, oid), "controller":
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
