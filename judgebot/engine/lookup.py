"""Finding objects by the names a scenario gives them (English or Chinese card
names, a scenario's aliases), with a clear refusal when a name matches nothing
or several objects that differ."""

from __future__ import annotations

from typing import Any

from judgebot.engine.errors import BadInput
from judgebot.engine.state import Game, GameObject
from judgebot.messages import Joined, Message, Name, msg


def names_of(game: Game, oid: int) -> set[str]:
    obj = game.objects[oid]
    c = game.chars(oid)
    card = obj.card
    other = card.other
    if other is not None and obj.zone == "battlefield" and obj.back_up:
        card = other  # a transformed permanent goes by the face that's up (712.8e)
    names = {n.lower() for n in c.names} | {n.lower() for n in card.all_names()}
    if other is not None and obj.zone not in ("battlefield", "stack"):
        # a card in hand, graveyard, exile, library is named by either face in a scenario
        # (it has only its front face's characteristics there: 712.8a, 715.4)
        names |= {n.lower() for n in other.all_names()}
    if c.name:
        names.add(c.name.lower())
    return names



def primary_name(game: Game, oid: int) -> str:
    """The name an object goes by in the scenario: its alias, else its name."""
    card = game.objects[oid].card
    return card.names[0] if card.names and card.source != "inline" else card.name



def named(game: Game, name: str, zones: tuple[str, ...], player: str | None = None,
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
        found = [o for o in ids if key in names_of(game, o)]
        if len(found) > 1 and prefer_primary:
            primary = [o for o in found if primary_name(game, o).lower() == key]
            found = primary or found
        if player is not None and zone in ("battlefield", "stack"):
            mine = [o for o in found if game.controller_of(o) == player]
            found = mine or found
        out.extend(found)
        if out:
            break
    return out



def interchangeable(game: Game, ids: list[int]) -> bool:
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
    ids = named(game, text, zones, player)
    if not ids:
        if zones == ("battlefield",):
            raise BadInput(msg("lookup.none_on_battlefield", text=text), line)
        where = Joined(tuple(msg(f"zone.{z}") for z in zones), "list.or")
        raise BadInput(msg("lookup.none_in", text=text, where=where), line)
    if len(ids) > 1 and not interchangeable(game, ids):
        raise BadInput(msg("lookup.resolve_any", value=len(ids), text=text), line)
    return ids[0]



def display_name(game: Game, oid: int) -> str:
    obj = game.objects[oid]
    if obj.face_down:
        return f"{obj.card.name} (face down)"
    return game.chars(oid).name or obj.card.name


def display_label(game: Game, oid: int) -> Name | Message:
    """:func:`display_name` as data, in both languages."""
    obj = game.objects[oid]
    if obj.face_down:
        return msg("name.face_down_display", name=Name(obj.card.name, obj.card.zh_name))
    return game.label(oid)
