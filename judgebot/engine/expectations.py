"""Checking a scenario's expectations (``expect:``) against the game as it ended."""

from __future__ import annotations

from typing import Any

from judgebot.engine.abilities import Keyword
from judgebot.engine.choosing import assign_names
from judgebot.engine.errors import BadInput, suggest
from judgebot.engine.layers import ALL_TYPES
from judgebot.engine.lookup import display_name, named, names_of
from judgebot.engine.mana import NAME_TO_COLOR
from judgebot.engine.marks import line_of
from judgebot.engine.scenario import COUNTER_ALIASES, Scenario
from judgebot.engine.state import Game
from judgebot.engine.summary import zone_ids
from judgebot.messages import msg


def _match_names(game: Game, expected: list[str], ids: list[int]) -> bool:
    if len(expected) != len(ids):
        return False
    names = [names_of(game, o) for o in ids]
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
                raise BadInput(msg("expectations.check_expectations", key=key, player=player), ln)
            actual = getattr(game.players[player], key)
            add(f"{key}.{player}", actual == want, actual, want, ln)
    for player, want in (exp.get("energy") or {}).items():
        ln = line_of(exp["energy"], player)
        if player not in game.players:
            raise BadInput(msg("expectations.check_expectations", key="energy", player=player),
                           ln)
        actual = game.players[player].counters.get("energy", 0)
        add(f"energy.{player}", actual == want, actual, want, ln)
    if "monarch" in exp:  # the player who is the monarch (724), or null: no monarch
        actual = game.extra.get("monarch")
        want = exp["monarch"]
        add("monarch", actual == want, actual, want, line_of(exp, "monarch"))
    if "city_blessing" in exp:  # the players with the city's blessing (702.131c)
        actual = sorted(p for p in game.order if game.players[p].counters.get("city_blessing"))
        want = sorted(str(p) for p in (exp["city_blessing"] or []))
        add("city_blessing", actual == want, actual, want, line_of(exp, "city_blessing"))
    for zone in ("battlefield", "hand", "graveyard", "exile", "library"):
        for player, want in (exp.get(zone) or {}).items():
            ln = line_of(exp[zone], player)
            if player not in game.players:
                raise BadInput(msg("expectations.check_expectations.2", zone=zone, player=player),
                    ln)
            ids = zone_ids(game, player, zone)
            actual_names = sorted(display_name(game, o) for o in ids)
            if isinstance(want, int) and not isinstance(want, bool):
                add(f"{zone}.{player}", len(ids) == want, len(ids), want, ln)
                continue
            if want is None:
                want = []
            if not isinstance(want, list):
                raise BadInput(msg("expectations.check_expectations.3", zone=zone, player=player),
                    ln)
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
                    "owner", "supertypes", "mana_value"}



def _check_permanent(game: Game, name: str, fields: dict[str, Any], line: int | None
                     ) -> list[dict[str, Any]]:
    for key in fields:
        if key not in PERMANENT_FIELDS:
            raise BadInput(msg("expectations.check_permanent", name=name, key=key,
                               value=suggest(key, PERMANENT_FIELDS)), line_of(fields, key, line))
    ids = named(game, name, ("battlefield",), prefer_primary=False)
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
    elif key == "mana_value":
        actual = c.mana_value()
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
