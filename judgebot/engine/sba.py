"""State-based actions (704): checked whenever a player would receive priority,
performed simultaneously as a single event, repeated until none apply."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine import daynight
from judgebot.engine.apply import end_check
from judgebot.engine.designations import check_ascend
from judgebot.engine.events import Destroy, Event, LoseGame, Move
from judgebot.engine.filters import View, matches
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import prohibition
from judgebot.engine.rules import protections, quality_matches
from judgebot.engine.state import Game
from judgebot.messages import msg


def check(game: Game) -> bool:
    """Perform all applicable state-based actions once. True if any was performed (or day
    and night changed a permanent: 702.145c-g, checked here too)."""
    if daynight.check(game) or check_ascend(game):
        return True
    events: list[Event] = []
    for name in game.in_game():
        p = game.players[name]
        loss = None
        if p.life <= 0:
            loss = LoseGame(cause="sba", player=name, reason=msg("sba.reason.life", life=p.life),
                            rules=(R.SBA_LIFE, R.LOSE_LIFE))
        elif p.drew_from_empty:
            loss = LoseGame(cause="sba", player=name, reason=msg("sba.reason.drew"),
                            rules=(R.SBA_DRAW_EMPTY, R.LOSE_DRAW_EMPTY))
        elif p.poison >= 10:
            loss = LoseGame(cause="sba", player=name, reason=msg("sba.reason.poison", n=p.poison),
                            rules=(R.SBA_POISON, R.LOSE_POISON))
        p.drew_from_empty = False
        if loss is None:
            continue
        why = prohibition(game, loss)
        if why is not None:
            # "Can't lose the game": the state-based action does nothing (say so once).
            key = ("cant_lose_logged", name, game.turn, loss.reason)
            if key not in game.extra:
                game.extra[key] = True
                game.log.add("cant", msg("sba.cant_lose", why=why[0], reason=loss.reason),
                             why[1] + loss.rules)
            continue
        events.append(loss)
    ceased = _cease(game)
    legend_losers: list[int] = []
    seen: dict[int, int] = game.extra.get("sba_damage_seen", {})
    game.extra["sba_damage_seen"] = {o: game.objects[o].damage for o in game.battlefield
                                     if game.objects[o].damage}
    for oid in list(game.battlefield):
        obj = game.objects[oid]
        c = game.chars(oid)
        if c.is_creature:
            t = c.toughness or 0
            if t <= 0:
                events.append(Move(cause="sba", oid=oid, to_zone="graveyard", reason="sba",
                                   rules=(R.SBA_TOUGHNESS,)))
                continue
            if (obj.damage >= t or obj.deathtouched) and c.has("indestructible"):
                key = ("indestructible_logged", oid, obj.damage, obj.deathtouched)
                if key not in game.extra:
                    game.extra[key] = True
                    what = msg("sba.lethal_damage" if obj.damage >= t else "sba.deathtouch_damage")
                    game.log.add("sba", msg("sba.check.4", name=c.name, what=what),
                        ((R.SBA_LETHAL,) if obj.damage >= t else ())
                                 + ((R.SBA_DEATHTOUCH,) if obj.deathtouched else ())
                                 + (R.INDESTRUCTIBLE,))
            if obj.damage >= t and not c.has("indestructible"):
                # Damage marked earlier became lethal because the toughness fell (120.6).
                earlier = seen.get(oid) == obj.damage
                events.append(Destroy(cause="sba", oid=oid, rules=(R.SBA_LETHAL,) + (
                    (R.DAMAGE_MARKED,) if earlier else ())))
                continue
            if obj.deathtouched and not c.has("indestructible"):
                events.append(Destroy(cause="sba", oid=oid, rules=(R.SBA_DEATHTOUCH,
                                                                   R.DEATHTOUCH)))
                continue
        if "planeswalker" in c.types and obj.counters.get("loyalty", 0) <= 0:
            events.append(Move(cause="sba", oid=oid, to_zone="graveyard", reason="sba",
                               rules=(R.SBA_LOYALTY,)))
            continue
        if "Aura" in c.subtypes and not _aura_ok(game, oid):
            extra = (R.PROTECTION_ENCHANT,) if _aura_blocked_by_protection(game, oid) else ()
            if any(kw.filter is not None for kw in c.keywords("enchant")):
                extra += (R.ENCHANT, R.AURA_CONTROLLER)  # "Enchant creature you control"
            events.append(Move(cause="sba", oid=oid, to_zone="graveyard", reason="sba",
                               rules=(R.SBA_AURA, R.AURA_ILLEGAL) + extra))
            continue
        if "Equipment" in c.subtypes and obj.attached_to is not None and \
                not _equipment_ok(game, oid):
            extra = (R.PROTECTION_EQUIP,) if _aura_blocked_by_protection(game, oid) else ()
            game.log.add("sba", msg("sba.check.2", name=c.name), (R.SBA_EQUIPMENT,
                                                                   R.EQUIPMENT_ILLEGAL) + extra)
            obj.attached_to = None
            game.changed()
            ceased = True
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:
            n = min(plus, minus)
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            obj.counters += type(obj.counters)()
            game.changed()
            game.log.add("sba", msg("sba.check.3", n=n, n2=n, name=c.name),
                         (R.SBA_COUNTERS, R.COUNTERS_ANNIHILATE))
            ceased = True
    for oid in _older_roles(game):
        events.append(Move(cause="sba", oid=oid, to_zone="graveyard", reason="sba",
                           rules=(R.SBA, R.ROLE_NEWEST)))
    legend_losers = _legend_rule(game)
    for oid in legend_losers:
        events.append(Move(cause="sba", oid=oid, to_zone="graveyard", reason="sba",
                           rules=(R.SBA_LEGEND,)))
    if not events:
        return ceased
    if len(events) > 1:
        game.log.add("sba", msg("sba.check", value=len(events)), (R.SBA,))
    game.extra["defer_end"] = True
    try:
        perform(game, events)
    finally:
        game.extra.pop("defer_end", None)
    if any(isinstance(e, LoseGame) for e in events) and not game.over:
        end_check(game)
    return True


def _older_roles(game: Game) -> list[int]:
    """Roles of one player on one permanent but the newest (303.7a)."""
    groups: dict[tuple, list[int]] = {}
    for oid in game.battlefield:
        obj = game.objects[oid]
        if obj.attached_to is not None and "Role" in game.chars(oid).subtypes:
            groups.setdefault((obj.attached_to, game.controller_of(oid)), []).append(oid)
    out: list[int] = []
    for oids in groups.values():
        if len(oids) > 1:
            newest = max(oids, key=lambda o: game.objects[o].timestamp)
            out += [o for o in oids if o != newest]
    return out


def _cease(game: Game) -> bool:
    done = False
    for oid, obj in list(game.objects.items()):
        if obj.token and obj.zone not in ("battlefield", "phased_out"):  # (702.26d)
            game.log.add("sba", msg("sba.cease", name=obj.card.name, zone=msg(f"zone.{obj.zone}")),
                         (R.SBA_TOKEN, R.TOKEN_CEASES))
            _remove(game, oid)
            done = True
        elif obj.spell_copy and obj.zone != "stack":
            game.log.add("sba", msg("sba.cease.2", name=obj.card.name,
                                        zone=msg(f"zone.{obj.zone}")),
                         (R.SBA_COPY, R.COPY_CEASES))
            _remove(game, oid)
            done = True
    return done


def _remove(game: Game, oid: int) -> None:
    obj = game.objects.pop(oid)
    if obj.zone == "battlefield":
        game.battlefield.remove(oid)
    elif obj.zone != "stack":
        lst = game.players[obj.owner].zone(obj.zone)
        if oid in lst:
            lst.remove(oid)
    game.changed()


def _aura_ok(game: Game, oid: int) -> bool:
    obj = game.objects[oid]
    to = obj.attached_to
    if to is None:
        return False
    if isinstance(to, str):
        return to in game.players and not game.players[to].lost
    if to not in game.objects or game.objects[to].zone != "battlefield" or to == oid:
        return False
    c = game.chars(oid)
    target = game.chars(to)
    for kw in c.keywords("enchant"):
        if kw.filter is not None:  # "Enchant creature you control" (303.4d)
            if not matches(kw.filter, View(game), to, c.controller, oid):
                return False
            continue
        what = kw.quality or "creature"
        if what == "permanent":
            continue
        if what not in target.types:
            return False
    for q in protections(target, game, to):
        if quality_matches(q, c, c.controller, obj.owner):
            return False
    return True


def _aura_blocked_by_protection(game: Game, oid: int) -> bool:
    obj = game.objects[oid]
    to = obj.attached_to
    if not isinstance(to, int) or to not in game.objects:
        return False
    c = game.chars(oid)
    return any(quality_matches(q, c, c.controller, obj.owner)
               for q in protections(game.chars(to), game, to))


def _equipment_ok(game: Game, oid: int) -> bool:
    obj = game.objects[oid]
    to = obj.attached_to
    if not isinstance(to, int) or to not in game.objects or \
            game.objects[to].zone != "battlefield":
        return False
    target = game.chars(to)
    if not target.is_creature:
        return False
    c = game.chars(oid)
    for q in protections(target, game, to):
        if quality_matches(q, c, c.controller, obj.owner):
            return False
    return True


def _legend_rule(game: Game) -> list[int]:
    groups: dict[tuple[str, str], list[int]] = {}
    for oid in game.battlefield:
        c = game.chars(oid)
        if "legendary" in c.supertypes and c.name:
            groups.setdefault((c.controller, c.name), []).append(oid)
    losers: list[int] = []
    for (player, name), oids in groups.items():
        if len(oids) < 2:
            continue
        labels = [f"{name} #{i + 1}" for i in range(len(oids))]
        index = game.chooser.choose(player, "keep", labels, keys=("keep",),
                                    match=lambda v, oids=oids: _keep_match(game, v, oids),
                                    note=f"legend rule: {name}")
        game.log.add("sba", msg("sba.legend_rule", player=player, value=labels[index], name=name),
            (R.SBA_LEGEND,))
        losers.extend(o for i, o in enumerate(oids) if i != index)
    return losers


def _keep_match(game: Game, value: object, oids: list[int]) -> int | None:
    text = str(value)
    if text.isdigit():
        i = int(text) - 1
        return i if 0 <= i < len(oids) else None
    for i, oid in enumerate(oids):
        if text.lower() in (n.lower() for n in game.chars(oid).names):
            return i
    return None


def matches_any(game: Game, f, oid: int, perspective: str) -> bool:
    return matches(f, View(game), oid, perspective, None)
