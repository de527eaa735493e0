"""Applying an event to the game (step 3 of the pipeline).

Each function changes the state for one kind of event, logs the change with
its rules, and returns None when the event turns out to be impossible (a
tapped permanent can't become tapped, an object already gone can't move), else
the events that follow from it (:data:`Applied`). Nothing here calls the
pipeline: the pipeline performs the follow-ups itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Keyword, triggered
from judgebot.engine.events import (
    Attach,
    Counters,
    CounterSpell,
    CreateToken,
    Damage,
    Draw,
    Event,
    Happened,
    LifeGain,
    LifeLoss,
    LoseGame,
    Move,
    Regenerated,
    Tap,
    Transform,
    TurnFaceUp,
    WinGame,
)
from judgebot.engine.state import CardDef, Game, GameObject, enters_back_up, face_up
from judgebot.messages import Joined, msg, term

UNKNOWN_CARD = CardDef("unknown card", source="unknown")

_ZONE_WORDS = {"graveyard": "graveyard", "hand": "hand", "library": "library",
               "exile": "exile", "battlefield": "battlefield", "stack": "stack"}


# What applying an event gives: None when the event turns out to be impossible, else
# its follow-ups: events already done that triggered abilities should see (the life
# lifelink gains, a madness discard's exile; ``done`` is set), and events the pipeline
# performs next (the countered spell's move).
Applied = list[Event] | None


def apply(game: Game, ev: Event) -> Applied:
    """Apply one event (step 3 of the pipeline) and say what follows from it."""
    handler = _HANDLERS.get(type(ev))
    if handler is None:
        raise TypeError(f"no handler for {type(ev).__name__}")
    return handler(game, ev)


# --- damage and life --------------------------------------------------------------------------
def _damage(game: Game, ev: Damage) -> Applied:
    amount = ev.amount
    if amount <= 0:
        return None
    src = ev.source_lki
    if src is None and ev.source is not None:
        src = game.chars(ev.source) if ev.source in game.objects else game.lki.get(ev.source)
    src_name = game.label(ev.source) if ev.source is not None else msg("apply.a_source")
    controller = src.controller if src else ""
    infect = src is not None and src.has("infect")
    wither = src is not None and src.has("wither")
    deathtouch = src is not None and src.has("deathtouch")
    kind = msg("damage.combat" if ev.combat else "damage.plain")
    target = ev.target
    if isinstance(target, str):
        player = game.players[target]
        if infect:
            player.poison += amount
            game.log.add("damage", msg("apply.damage.2", src_name=src_name, amount=amount,
                                       kind=kind, target=target, amount2=amount,
                                       poison=player.poison),
                         ev.rules + (R.DAMAGE_INFECT_PLAYER, R.INFECT))
        else:
            loss = amount if ev.life_loss is None else ev.life_loss
            player.life -= loss
            game.record.life_lost[target] += loss
            game.log.add("damage", msg("apply.damage.3", src_name=src_name, amount=amount,
                                       kind=kind, target=target, value=player.life + loss,
                                       life=player.life),
                         ev.rules + (R.DAMAGE_PLAYER,))
            toxic = sum(k.n or 0 for k in src.keywords("toxic")) if src is not None else 0
            if toxic and ev.combat:  # 702.164c: poison counters as well
                player.poison += toxic
                game.log.add("counters", msg("apply.counters.3", target=target, n=toxic,
                                             poison=player.poison), (R.TOXIC,))
        game.record.damaged_players[target] += amount
        if controller and controller != target and ev.source is not None:
            game.record.damaged_opponent.add(ev.source)
    else:
        obj = game.objects.get(target)
        if obj is None or obj.zone != "battlefield":
            return None
        c = game.chars(target)
        if "planeswalker" in c.types:
            removed = min(amount, obj.counters.get("loyalty", 0))
            obj.counters["loyalty"] = obj.counters.get("loyalty", 0) - removed
            game.log.add("damage", msg("apply.damage.4", src_name=src_name, amount=amount,
                                       kind=kind, name=c.name, removed=removed), ev.rules +
                         (R.DAMAGE_PLANESWALKER,))
        if "creature" in c.types:
            if wither or infect:
                obj.counters["-1/-1"] += amount
                game.log.add("damage", msg("apply.damage.5", src_name=src_name, amount=amount,
                                           kind=kind, name=c.name, amount2=amount),
                    ev.rules + (R.DAMAGE_WITHER,))
            else:
                obj.damage += amount
                game.log.add("damage", msg("apply.damage.6", src_name=src_name, amount=amount,
                                           kind=kind, name=c.name, damage=obj.damage),
                    ev.rules + (R.DAMAGE_CREATURE,))
            if deathtouch:
                obj.deathtouched = True
        if ev.source is not None:
            game.record.damaged_by.setdefault(target, set()).add(ev.source)
    ev.dealt = amount
    if src is not None and src.has("lifelink") and controller:
        # The life is gained as the damage is dealt (120.3f), as an event of its own so
        # that replacement effects ("gains no life instead") and "can't gain life" see it.
        rules = (R.LIFELINK, R.DAMAGE_LIFELINK) + \
            ((R.LIFELINK_SEPARATE,) if _other_lifelink(game, ev) else ())
        return [LifeGain(cause="lifelink", source=ev.source, player=controller, amount=amount,
                         rules=rules)]
    return []


def _other_lifelink(game: Game, ev: Damage) -> bool:
    """Another lifelink source dealt damage in the same batch (702.15e)."""
    batch = game.extra.get("batch")
    key = ("lifelink_sources", batch)
    seen = game.extra.setdefault(key, set())
    seen.add(ev.source)
    return len(seen) > 1


def _life_gain(game: Game, ev: LifeGain) -> Applied:
    if ev.amount <= 0:
        return None
    p = game.players[ev.player]
    p.life += ev.amount
    game.record.life_gained[ev.player] += ev.amount
    if ev.cause == "lifelink":
        game.log.add("life", msg("apply.damage", controller=ev.player, amount=ev.amount,
                                 value=p.life - ev.amount, life=p.life), ev.rules)
        return []
    game.log.add("life", msg("apply.life_gain", player=ev.player, amount=ev.amount,
                             value=p.life - ev.amount, life=p.life), ev.rules + (R.LIFE_ADJUST,))
    return []


def _life_loss(game: Game, ev: LifeLoss) -> Applied:
    if ev.amount <= 0:
        return None
    p = game.players[ev.player]
    p.life -= ev.amount
    game.record.life_lost[ev.player] += ev.amount
    game.log.add("life", msg("apply.life_loss", player=ev.player, amount=ev.amount,
                             value=p.life + ev.amount, life=p.life), ev.rules + (R.LIFE_ADJUST,))
    return []


# --- zones ------------------------------------------------------------------------------------
def _remove_from_zone(game: Game, obj: GameObject) -> None:
    if obj.zone == "battlefield":
        if obj.id in game.battlefield:
            game.battlefield.remove(obj.id)
        if game.combat is not None:
            game.combat.remove(obj.id)
    elif obj.zone == "stack":
        game.stack[:] = [i for i in game.stack if i.id != obj.id]
    elif obj.zone == "phased_out":  # (702.26b: on the battlefield, phased out)
        if obj.id in game.phased_out:
            game.phased_out.remove(obj.id)
    else:
        lst = game.players[obj.owner].zone(obj.zone)
        if obj.id in lst:
            lst.remove(obj.id)


def new_object(game: Game, card: CardDef, owner: str, zone: str, controller: str | None = None,
               **fields) -> GameObject:
    obj = GameObject(game.new_id(), card, owner, controller or owner, zone,
                     game.new_timestamp(), **fields)
    game.objects[obj.id] = obj
    if zone == "battlefield":
        game.battlefield.append(obj.id)
        game.tick += 1
        obj.controlled_since = game.tick
        obj.last_controller = obj.controller
    elif zone == "stack":
        game.stack.append(obj)
    else:
        game.players[owner].zone(zone).append(obj.id)
    return obj


def _move(game: Game, ev: Move) -> Applied:
    obj = game.objects.get(ev.oid)
    if obj is None:
        return None
    game.remember(obj.id)
    ev.lki = game.lki.get(obj.id)
    ev.from_zone = obj.zone
    ev.owner = obj.owner
    ev.card = obj.card
    old_name = game.name_of(obj.id)
    old_label = game.label(obj.id)
    _remove_from_zone(game, obj)
    to = ev.to_zone
    controller = ev.controller if to in ("battlefield", "stack") and ev.controller else obj.owner
    cast = obj.cast if (ev.from_zone == "stack" and to == "battlefield") else ev.cast_info
    face_down = ev.face_down if to in ("battlefield", "stack") else False
    new = GameObject(game.new_id(), obj.card, obj.owner, controller, to, game.new_timestamp(),
                     tapped=ev.tapped if to == "battlefield" else False, face_down=face_down,
                     counters=Counter(ev.counters), token=obj.token, spell_copy=obj.spell_copy,
                     cast=cast, previous=obj.id, copy_of=ev.copy_of)
    new.commander = obj.commander
    if ev.from_zone == "stack" and to == "battlefield":
        new.targets, new.chosen = obj.targets, dict(obj.chosen)
        new.copy_of = ev.copy_of or obj.copy_of
    if obj.chosen and to == "battlefield":
        new.chosen.update(obj.chosen)
    if ev.chosen:
        new.chosen.update(ev.chosen)
    if to == "battlefield" and not face_down:
        new.back_up = enters_back_up(new.card, cast, ev.back_up)
        if not new.back_up and game.extra.get("day_night") == "night" and \
                new.card.other is not None and \
                any(isinstance(a, Keyword) and a.name == "daybound" for a in new.card.abilities):
            new.back_up = True  # "If it is night … it enters transformed" (702.145b)
            ev.rules = tuple(ev.rules) + (R.DAYBOUND, R.DFC_BACK_FACE)
    game.objects[new.id] = new
    del game.objects[obj.id]
    if to == "battlefield":
        game.battlefield.append(new.id)
        pw = face_up(new)
        if "land" in pw.types and not new.face_down:
            game.record.lands_entered[controller] += 1
        game.record.entered.append((controller, new.id))
        if "planeswalker" in pw.types and pw.loyalty is not None and not new.face_down and \
                "loyalty" not in new.counters:
            new.counters["loyalty"] = pw.loyalty  # 306.5b
            ev.counters = {**ev.counters, "loyalty": pw.loyalty}
            ev.rules = tuple(ev.rules) + (R.PLANESWALKER_LOYALTY,)
        game.tick += 1
        new.controlled_since = game.tick
        new.last_controller = controller
        new.attached_to = ev.attach_to
        if ev.attacking is not None and game.combat is not None:
            game.combat.attackers[new.id] = ev.attacking
            game.combat.blocked[new.id] = False
    elif to == "stack":
        game.stack.append(new)
    else:
        lst = game.players[obj.owner].zone(to)
        if to == "library" and ev.position == "top":
            lst.insert(0, new.id)
        elif to == "library" and ev.position.isdigit():  # "second from the top"
            lst.insert(min(int(ev.position) - 1, len(lst)), new.id)
        else:
            lst.append(new.id)
            if to == "library" and ev.position == "shuffled":
                pl = game.players[obj.owner]
                if pl.library_known:
                    pl.unordered = set(lst)
    ev.new_id = new.id
    if ev.from_zone == "battlefield" and to == "graveyard" and ev.lki is not None and \
            ev.lki.is_creature:
        game.record.creatures_died += 1
    if to == "graveyard":
        game.record.to_graveyard.append((new.owner, new.id))
    if ev.reason == "sacrifice" and ev.from_zone == "battlefield":
        game.record.sacrificed.append((ev.lki.controller if ev.lki is not None and
                                       ev.lki.controller else obj.controller, obj.id))
    if ev.from_zone == "battlefield" and to != "battlefield":
        game.record.left_battlefield[ev.lki.controller if ev.lki is not None and
                                     ev.lki.controller else obj.controller] += 1
    game.changed()
    if ev.reason != "cast":  # the cast itself is logged by the stack
        _log_move(game, ev, old_name, obj, new, old_label)
    if ev.madness:
        return [Happened(what="madness_exiled", source=new.id, done=True, data={"oid": new.id})]
    return []


# The words for a zone change, by the reason of the move; others say "moves from … to …".
MOVE_REASONS = ("destroy", "sacrifice", "discard", "counter", "sba", "resolve", "bounce",
                "exile", "mill", "draw")


def _log_move(game: Game, ev: Move, name: str, old: GameObject, new: GameObject,
              label: Any) -> None:
    reason, frm, to = ev.reason, ev.from_zone, ev.to_zone
    owner = old.owner
    if to == "library":
        where = msg("zone.library_shuffled", owner=owner) if ev.position == "shuffled" else \
            msg("zone.library_nth", owner=owner, n=int(ev.position)) if ev.position.isdigit() \
            else \
            msg("zone.library_top" if ev.position == "top" else "zone.library_bottom",
                owner=owner)
    elif to in ("graveyard", "hand"):
        where = msg(f"zone.{to}_of", owner=owner)
    else:
        where = msg(f"zone.the_{to}")
    if reason == "discard" and to != "graveyard":
        said = msg("move.discard_into", player=owner, name=label, where=where)
    elif reason in MOVE_REASONS:
        said = msg(f"move.{reason}", name=label, where=where, player=owner)
    else:
        said = msg("move.other", name=label, zone=msg(f"zone.{frm}") if frm else frm,
                   where=where)
    rules = ev.rules
    if frm == "battlefield" and to != "battlefield":
        rules = rules + (R.NEW_OBJECT,)
    if old.face_down and to not in ("battlefield", "stack"):
        said = msg("move.revealed", said=said)
        rules = rules + (R.FACE_DOWN_REVEAL,)
    extras: list[Any] = []
    if ev.tapped and to == "battlefield":
        extras.append(msg("move.extra.tapped"))
    if ev.counters and to == "battlefield":
        extras.append(Joined(tuple(msg("move.extra.counters", n=n, kind=term(k))
                                   for k, n in ev.counters.items())))
    if ev.face_down and to == "battlefield":
        extras.append(msg("move.extra.face_down"))
    if extras and to == "battlefield":
        said = msg("move.with", said=said, extras=Joined(tuple(extras), "list.semicolon"))
    if reason in ("enter", "put", "return", "resolve_permanent") or (to == "battlefield" and
                                                                    reason not in MOVE_REASONS):
        said = msg("move.enters", name=label)
        if extras:
            said = msg("move.with", said=said, extras=Joined(tuple(extras), "list.semicolon"))
        if new.controller != new.owner:
            said = msg("move.under_control", said=said, player=new.controller)
    game.log.add("zone", said, rules, object=name, from_zone=frm, to_zone=to)


def shuffled(game: Game, player: str, rules: tuple[str, ...]) -> None:
    """A listed library has been shuffled (701.24a): its order is now unknown."""
    pl = game.players[player]
    if pl.library_known and len({_card_name(game, o) for o in pl.library}) > 1:
        pl.unordered = set(pl.library)
        game.log.add("shuffle", msg("apply.library_order_unknown", player=player), rules)


def _settle_set(game: Game, player: str, n: int) -> None:
    """Which cards of a shuffled library are its top ``n`` (their order among themselves
    doesn't matter to what uses them): one branch per group of names."""
    from itertools import combinations_with_replacement
    pl = game.players[player]
    places = [i for i in range(min(n, len(pl.library))) if pl.library[i] in pl.unordered]
    if not places:
        return
    pool = [o for o in pl.library if o in pl.unordered]
    counts = Counter(_card_name(game, o) for o in pool)
    names = sorted(counts)
    groups = [g for g in combinations_with_replacement(names, len(places))
              if all(g.count(x) <= counts[x] for x in set(g))]
    group = groups[0]
    if len(groups) > 1:
        index = game.chooser.choose(player, "random", [", ".join(g) for g in groups],
                                    keys=("random",),
                                    note=f"the top {len(places)} cards of {player}'s shuffled "
                                         f"library")
        group = groups[index]
    left = list(pool)
    picked = []
    for name in group:
        o = next(x for x in left if _card_name(game, x) == name)
        left.remove(o)
        picked.append(o)
    rest = [o for o in pool if o not in picked]
    block = [i for i, o in enumerate(pl.library) if o in pl.unordered]  # places come first
    for i, o in zip(block, picked + rest, strict=True):
        pl.library[i] = o
    pl.unordered -= set(picked)
    if len({_card_name(game, o) for o in pl.library if o in pl.unordered}) <= 1:
        pl.unordered = set()


def _card_name(game: Game, oid: int) -> str:
    obj = game.objects.get(oid)
    return obj.card.name if obj is not None else ""


def settle_top(game: Game, player: str, n: int, ordered: bool = True) -> None:
    """Before the top ``n`` cards of a shuffled library are used, which card is at each place
    is decided: any of the cards whose order is unknown, at random — a choice a scenario
    names (``choose: {random: NAME}``) or the runner explores, one branch per name.
    ``ordered=False`` (drawing or milling them all): only which cards, not their order."""
    pl = game.players[player]
    if not ordered and pl.unordered:
        _settle_set(game, player, n)
        return
    for i in range(min(n, len(pl.library))):
        if pl.library[i] not in pl.unordered:
            continue
        pool = [o for o in pl.library if o in pl.unordered]
        names = list(dict.fromkeys(_card_name(game, o) for o in pool))
        pick = pool[0]
        if len(names) > 1:
            index = game.chooser.choose(player, "random", names, keys=("random",),
                                        note=f"the card at place {i + 1} of {player}'s "
                                             f"shuffled library")
            pick = next(o for o in pool if _card_name(game, o) == names[index])
        j = pl.library.index(pick)
        pl.library[i], pl.library[j] = pl.library[j], pl.library[i]
        pl.unordered.discard(pick)
        if len({_card_name(game, o) for o in pl.library if o in pl.unordered}) <= 1:
            pl.unordered = set()


def _miracle_reveal(game: Game, player: str, card: GameObject) -> Applied:
    """Miracle: the first card a player draws in a turn may be revealed as it is drawn;
    revealed, its linked trigger lets them cast it for its miracle cost (702.94a)."""
    name = card.card.name
    index = game.chooser.choose(player, "reveal", [f"reveal {name}", "don't reveal"],
                                keys=("reveal", "may"), note=f"miracle: reveal {name}?")
    if index == 1:
        return []
    game.log.add("reveal", msg("apply.miracle_reveal", player=player, name=name),
                 (R.MIRACLE,))
    return [Happened(what="miracle_revealed", source=card.id, done=True,
                     data={"oid": card.id})]


def _draw(game: Game, ev: Draw) -> Applied:
    player = game.players[ev.player]
    if player.library_known:
        settle_top(game, ev.player, 1)
        if not player.library:
            player.drew_from_empty = True
            game.log.add("draw", msg("apply.draw.3", player=ev.player),
                         ev.rules + (R.DRAW_EMPTY,))
            return []
        oid = player.library[0]
        obj = game.objects[oid]
        player.library.pop(0)
        new = GameObject(game.new_id(), obj.card, obj.owner, obj.owner, "hand",
                         game.new_timestamp(), previous=oid)
        del game.objects[oid]
        game.objects[new.id] = new
        player.hand.append(new.id)
        ev.drawn = new.id
        game.record.drawn[ev.player] += 1
        game.log.add("draw", msg("apply.draw", player=ev.player, name=obj.card.name),
            ev.rules + (R.DRAW,))
        if game.record.drawn[ev.player] == 1 and any(
                isinstance(a, Keyword) and a.name == "miracle" for a in obj.card.abilities):
            return _miracle_reveal(game, ev.player, new)
    else:
        new = GameObject(game.new_id(), UNKNOWN_CARD, ev.player, ev.player, "hand",
                         game.new_timestamp())
        game.objects[new.id] = new
        player.hand.append(new.id)
        ev.drawn = new.id
        game.record.drawn[ev.player] += 1
        game.log.add("draw", msg("apply.draw.2", player=ev.player),
                     ev.rules + (R.DRAW,))
    return []


# --- permanents ----------------------------------------------------------------------------------
def _regenerated(game: Game, ev: Regenerated) -> Applied:
    obj = game.objects.get(ev.oid)
    if obj is None or obj.zone != "battlefield":
        return None
    obj.damage = 0
    obj.deathtouched = False
    obj.tapped = True
    in_combat = game.combat is not None and (ev.oid in game.combat.attackers or
                                             ev.oid in game.combat.blockers)
    if game.combat is not None:
        game.combat.remove(ev.oid)
    game.log.add("regenerate", msg("apply.regenerated_in_combat" if in_combat
                                   else "apply.regenerated", name=game.label(ev.oid)),
                 (R.REGENERATE, R.REMOVED_FROM_COMBAT) if in_combat else (R.REGENERATE,))
    return []


def _tap(game: Game, ev: Tap) -> Applied:
    obj = game.objects.get(ev.oid)
    if obj is None or obj.zone != "battlefield":
        return None
    if ev.untap:
        if not obj.tapped:
            return None
        obj.tapped = False
    else:
        if obj.tapped:
            return None
        obj.tapped = True
    if ev.cause not in ("cost", "attack", "untap_step"):
        in_combat = game.combat is not None and (ev.oid in game.combat.attackers or
                                                 ev.oid in game.combat.blockers)
        code = "apply.untapped" if ev.untap else "apply.tapped"
        game.log.add("tap", msg(code + ("_in_combat" if in_combat else ""),
                                name=game.label(ev.oid)),
                     (ev.rules or (R.TAP_UNTAP,)) + ((R.TAPPED_IN_COMBAT,) if in_combat else ()))
    return []


def _counters(game: Game, ev: Counters) -> Applied:
    if isinstance(ev.target, str):
        player = game.players[ev.target]
        if ev.kind == "poison":
            if ev.n <= 0:
                return None
            player.poison += ev.n
            game.log.add("counters", msg("apply.counters.3", target=ev.target, n=ev.n,
                                         poison=player.poison), ev.rules)
            return []
        have = player.counters.get(ev.kind, 0)
        if ev.n == 0 or have + ev.n < 0:
            return None
        player.counters[ev.kind] = have + ev.n
        game.log.add("counters", msg("apply.player_counters", player=ev.target, n=ev.n,
                                     kind=term(ev.kind), value=have + ev.n), ev.rules)
        return []
    obj = game.objects.get(ev.target)
    if obj is None:
        return None
    name = game.label(ev.target)
    have = obj.counters.get(ev.kind, 0)
    if ev.n > 0:
        obj.counters[ev.kind] = have + ev.n
        extra = (R.COUNTERS,)
        if ev.kind == "time" and obj.zone == "exile" and (
                game.chars(ev.target).has("suspend") or obj.chosen.get("gains_suspend")):
            extra += (R.SUSPENDED,)  # in exile, with suspend and a time counter
        game.log.add("counters", msg("apply.counters.2", n=ev.n, kind=term(ev.kind), name=name,
                                     value=have + ev.n), tuple(ev.rules) + extra)
        return []
    n = min(have, -ev.n)
    if n <= 0:
        return None
    obj.counters[ev.kind] = have - n
    if obj.counters[ev.kind] == 0:
        del obj.counters[ev.kind]
        ev.removed_last = True
    ev.n = -n
    game.log.add("counters", msg("apply.counters", n=n, kind=term(ev.kind), name=name,
                                    value=have - n),
        tuple(ev.rules) + (R.COUNTERS,))
    return []


def _create_token(game: Game, ev: CreateToken) -> Applied:
    assert ev.card is not None
    for _ in range(ev.n):
        obj = new_object(game, ev.card, ev.controller, "battlefield", ev.controller,
                         token=True, tapped=ev.tapped)
        if ev.attach_to is not None:
            obj.attached_to = ev.attach_to  # it enters attached (303.4f)
        if ev.haste:
            obj.chosen["haste_eot"] = True
        for kind, k in ev.counters.items():  # "enters with N +1/+1 counters" (122.6)
            if k > 0:
                obj.counters[kind] += k
        ev.new_ids.append(obj.id)
        if ev.attacking is not None and game.combat is not None:
            game.combat.attackers[obj.id] = ev.attacking
            game.combat.blocked[obj.id] = False
    game.changed()
    what = ev.card.name
    game.log.add("token", msg("apply.create_token", controller=ev.controller, n=ev.n, what=what),
                 ev.rules + (R.CREATE, R.TOKENS))
    return []


def _attach(game: Game, ev: Attach) -> Applied:
    obj = game.objects.get(ev.oid)
    if obj is None or obj.zone != "battlefield":
        return None
    obj.attached_to = ev.to
    obj.timestamp = game.new_timestamp()
    game.log.add("attach", msg("apply.attach", name=game.label(ev.oid), to=game.label(ev.to)),
                 ev.rules)
    return []


def _turn_face_up(game: Game, ev: TurnFaceUp) -> Applied:
    obj = game.objects.get(ev.oid)
    if obj is None or not obj.face_down:
        return None
    obj.face_down = False
    obj.timestamp = game.new_timestamp()
    obj.turned_face_up_turn = game.turn
    game.changed()
    game.log.add("face_up", msg("apply.turn_face_up", name=obj.card.name), ev.rules + (R.FACE_UP,))
    if any(t.trigger.event == "enters" and t.trigger.subject == "self"
           for t in triggered(game.chars(ev.oid).abilities)):
        game.log.add("note", msg("apply.turn_face_up.2", name=obj.card.name),
                     (R.FACE_UP, R.TRIGGER_ETB))
    return []


def _transform(game: Game, ev: Transform) -> Applied:
    """Turn a double-faced permanent over (701.27a, 712.18: the same object, a new timestamp
    613.7g), or flip a flip card (710.1a, one way: 710.4)."""
    obj = game.objects.get(ev.oid)
    if obj is None or obj.zone != "battlefield":
        return None
    card = obj.card
    name = game.label(ev.oid)
    kinds = ("flip",) if ev.flip else ("transform", "modal_dfc")
    why = None
    if card.other is None or card.layout not in kinds:
        why = (R.FLIP,) if ev.flip else (R.TRANSFORM_NOT_DFC,)
    elif obj.face_down:
        why = (R.DFC_FACE_DOWN,)
    elif ev.flip and obj.back_up:
        why = (R.FLIP_ONCE,)
    elif not ev.flip and (card if obj.back_up else card.other).types & {"instant", "sorcery"}:
        why = (R.TRANSFORM_INTO_SPELL,)
    elif ev.since is not None and obj.transforms != ev.since:
        why = (R.TRANSFORM_ONCE,)
    elif ev.cause != "daynight" and (game.chars(ev.oid).has("daybound") or
                                     game.chars(ev.oid).has("nightbound")):
        why = (R.DAYBOUND, R.NIGHTBOUND)  # they transform only as day and night change
    if why is not None:
        game.log.add("note", msg("apply.transform.nothing", name=name), ev.rules + why)
        return None
    obj.back_up = not obj.back_up
    obj.transforms += 1
    obj.timestamp = game.new_timestamp()
    game.changed()
    if ev.flip:
        game.log.add("transform", msg("apply.flip", name=name, now=game.label(ev.oid)),
                     ev.rules + (R.FLIP, R.FLIP_CHARS))
    else:
        game.log.add("transform", msg("apply.transform", name=name, now=game.label(ev.oid)),
                     ev.rules + (R.TRANSFORM, R.DFC_SAME_OBJECT, R.TRANSFORM_TIMESTAMP,
                                 R.DFC_FRONT_FACE if not obj.back_up else
                                 R.DFC_BACK_FACE if card.layout == "transform" else R.MDFC_FACE))
    return []


# --- game end ---------------------------------------------------------------------------------
def _lose(game: Game, ev: LoseGame) -> Applied:
    player = game.players[ev.player]
    if player.lost:
        return None
    player.lost = True
    player.lost_rule = ev.rules[0] if ev.rules else ""
    game.log.add("lose", msg("apply.lose_because", player=ev.player, reason=ev.reason)
                 if ev.reason else msg("apply.lose", player=ev.player),
                 ev.rules)
    if not game.extra.get("defer_end"):
        end_check(game)
    return []


def _win(game: Game, ev: WinGame) -> Applied:
    player = game.players[ev.player]
    if player.lost:
        return None
    player.won = True
    game.log.add("win", msg("apply.win", player=ev.player), ev.rules)
    for other in game.order:
        if other != ev.player and not game.players[other].lost:
            game.players[other].lost = True
    game.over = True
    return []


def end_check(game: Game) -> None:
    left = game.in_game()
    if len(left) == 1:
        game.players[left[0]].won = True
        game.over = True
        game.log.add("win", msg("apply.end_check", value=left[0]),
                     (R.WIN_OPPONENTS_LEFT,))
    elif not left:
        game.over = True
        game.draw = True
        game.log.add("draw", msg("apply.end_check.2"),
                     (R.DRAW_ALL_LOSE,))


def _counter_spell(game: Game, ev: CounterSpell) -> Applied:
    item = game.stack_item(ev.item)
    if item is None:
        return None
    if item.is_stack_ability:
        game.stack.remove(item)
        game.log.add("counter", msg("apply.counter_spell.2", item=game.label(item)),
            ev.rules + (R.COUNTER, R.COUNTER_NO_REFUND))
        return []
    game.log.add("counter", msg("apply.counter_spell", name=game.label(item.id)),
        ev.rules + (R.COUNTER,))
    dest = ev.notes[0] if ev.notes else "graveyard"
    card = item.card
    if card.layout == "adventure" and card.other is not None and item.cast is not None and \
            item.cast.half == card.other.name and not item.spell_copy:
        game.log.add("note", msg("adventure.countered", name=game.label(item.id)),
                     (R.ADVENTURE_EXILE,))
    # The countered spell then moves, through the pipeline (a replacement may exile it).
    bottom = dest == "library_bottom"
    return [Move(cause="effect", source=ev.source, oid=item.id,
                 to_zone="library" if bottom else dest, reason="counter",
                 position="bottom" if bottom else "top")]


def _happened(game: Game, ev: Happened) -> Applied:
    return []


_HANDLERS = {
    Damage: _damage, LifeGain: _life_gain, LifeLoss: _life_loss, Move: _move, Draw: _draw,
    Regenerated: _regenerated, Tap: _tap, Counters: _counters, CreateToken: _create_token,
    Attach: _attach, TurnFaceUp: _turn_face_up, Transform: _transform, LoseGame: _lose,
    WinGame: _win,
    CounterSpell: _counter_spell, Happened: _happened,
}
