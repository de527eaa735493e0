"""Combat: declaring attackers and blockers, and combat damage (506–511).

Declarations are checked against every restriction (summoning sickness,
defender, tapped creatures, flying and reach, shadow, fear, landwalk, menace,
protection, "can't block" effects) and refused with the rule that forbids
them. Combat damage follows the 2025 rules: a blocked creature divides its
damage among its blockers as its controller chooses (510.1c); with trample it
must first assign lethal damage to every blocker (702.19b), deathtouch making
1 damage lethal (702.2c).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import StaticAbility, ability_text, statics
from judgebot.engine.errors import IllegalAction
from judgebot.engine.events import Damage, Happened, Tap
from judgebot.engine.filters import View, matches
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.rules import has_haste, protection_from, summoning_sick
from judgebot.engine.state import Combat, Game
from judgebot.engine.triggers import notice
from judgebot.messages import Joined, Message, Name, msg, term

MAX_ASSIGNMENTS = 40


def _restriction(game: Game, oid: int, kind: str) -> str:
    """Name of a static ability or effect that stops ``oid`` from attacking/blocking."""
    view = View(game)
    for src in game.battlefield:
        c = game.chars(src)
        for ab in statics(c.abilities):
            if not isinstance(ab, StaticAbility) or ab.kind not in (kind, "cant_attack_or_block"):
                continue
            aff = ab.affects
            if aff == "self" and src == oid:
                return c.name
            if aff in ("enchanted", "equipped") and game.objects[src].attached_to == oid:
                return c.name
            if not isinstance(aff, str) and matches(aff, view, oid, c.controller, src):
                return c.name
    for kind_ in (kind, "cant_attack_or_block"):
        for p in active_prohibitions(game, kind_):
            if oid in p.params.get("objects", ()):
                return p.text
            flt = p.params.get("filter")
            if flt is not None and matches(flt, view, oid, p.controller, p.source_id):
                return p.text
    return ""


def check_attackers(game: Game, decl: dict[int, Any]) -> None:
    """Raise IllegalAction if the declaration of attackers is illegal (508.1)."""
    active = game.active
    defenders = game.opponents(active)
    for oid, target in decl.items():
        obj = game.objects.get(oid)
        name = game.name_of(oid)
        if obj is None or obj.zone != "battlefield":
            raise IllegalAction(msg("combat.check_attackers", name=name), (R.DECLARE_ATTACKERS,))
        c = game.chars(oid)
        if not c.is_creature:
            raise IllegalAction(msg("combat.check_attackers.2", name=name),
                                (R.ONLY_CREATURES_COMBAT,))
        if c.controller != active:
            raise IllegalAction(msg("combat.check_attackers.3", active=active, name=name),
                (R.ATTACKERS_CHOSEN, R.DEFENDING_PLAYER))
        if obj.tapped:
            raise IllegalAction(msg("combat.check_attackers.4", name=name), (R.ATTACKERS_CHOSEN,))
        if summoning_sick(game, oid) and not has_haste(game, oid):
            raise IllegalAction(msg("combat.check_attackers.5", name=name, active=active),
                                (R.ATTACKERS_CHOSEN, R.SUMMONING_SICKNESS, R.HASTE))
        if c.has("defender") and not _defender_may_attack(game, oid):
            raise IllegalAction(msg("combat.check_attackers.6", name=name),
                                (R.DEFENDER, R.ATTACK_RESTRICTIONS))
        why = _restriction(game, oid, "cant_attack")
        if why:
            raise IllegalAction(msg("combat.check_attackers.7", name=name, why=why),
                (R.ATTACK_RESTRICTIONS,))
        if isinstance(target, str):
            if target not in defenders:
                raise IllegalAction(msg("combat.check_attackers.8", name=name, target=target),
                    (R.ATTACK_TARGET,))
            defending = target
        else:
            t = game.objects.get(target)
            if t is None or "planeswalker" not in game.chars(target).types or \
                    game.controller_of(target) == active:
                raise IllegalAction(msg("combat.check_attackers.9", name=name), (R.ATTACK_TARGET,
                                                          R.ONLY_CREATURES_COMBAT))
            defending = game.controller_of(target)
        for ab in statics(c.abilities):
            if isinstance(ab, StaticAbility) and ab.kind == "attack_unless_defender_controls":
                view = View(game)
                if not any(matches(ab.params["filter"], view, o, defending, None)
                           for o in game.battlefield if game.controller_of(o) == defending):
                    raise IllegalAction(msg("combat.check_attackers.10", name=name,
                                            defending=defending,
                                            value=ab.params['filter'].describe()),
                                        (R.ATTACK_RESTRICTIONS,))


def declare_attackers(game: Game, decl: dict[int, Any]) -> None:
    """The active player declares attackers (508.1)."""
    check_attackers(game, decl)
    missing = [o for o in required_attackers(game) if o not in decl]
    if missing:
        raise IllegalAction(msg("combat.must_attack", names=Joined(tuple(
            game.label(o) for o in missing))), (R.ATTACK_REQUIREMENTS,))
    combat = game.combat or Combat()
    game.combat = combat
    active = game.active
    taps = [Tap(cause="attack", oid=oid, rules=(R.ATTACK_TAP,)) for oid in decl
            if not game.chars(oid).has("vigilance")]
    for oid, target in decl.items():
        combat.attackers[oid] = target
        combat.blocked[oid] = False
        game.record.attacked_with.add(oid)
    if decl:
        parts = [f"{game.name_of(o)} → {game.name_of(t)}" for o, t in decl.items()]
        rules = [R.DECLARE_ATTACKERS, R.ATTACKERS_CHOSEN]
        if any(isinstance(t, int) for t in decl.values()):
            rules.insert(1, R.ATTACK_TARGET)  # a planeswalker or battle is attacked
        if taps or any(game.chars(o).has("vigilance") for o in decl):
            rules.append(R.ATTACK_TAP)
        if any(game.chars(o).has("vigilance") for o in decl):
            rules.append(R.VIGILANCE)
        if any(summoning_sick(game, o) for o in decl):
            rules += [R.SUMMONING_SICKNESS, R.HASTE]  # attacking anyway: haste
        game.log.add("attack", msg("combat.declare_attackers", active=active,
                                   value='; '.join(parts)), rules)
    else:
        game.log.add("attack", msg("combat.declare_attackers.2", active=active),
            (R.DECLARE_ATTACKERS,))
    if taps:
        perform(game, taps)
    events = [Happened(what="attacks", data={"attacker": o, "defender": t})
              for o, t in decl.items()]
    if decl:
        defending = next((t for t in decl.values() if isinstance(t, str)), None)
        events.append(Happened(what="attackers", data={"player": active,
                                                       "attackers": list(decl),
                                                       "defending": defending}))
    if len(decl) == 1:
        only = next(iter(decl))
        events.append(Happened(what="attacks_alone", data={"attacker": only}))
    if events:
        notice(game, events, None)


def _defender_may_attack(game: Game, oid: int) -> bool:
    """Arcades, the Strategist lets creatures with defender attack; so does "~ can attack
    this turn as though it didn't have defender", an ability the creature has this turn."""
    if any(ab.kind == "attacks_despite_defender" for ab in statics(game.chars(oid).abilities)):
        return True
    controller = game.controller_of(oid)
    for src in game.battlefield:
        c = game.chars(src)
        if c.controller == controller:
            for ab in statics(c.abilities):
                if isinstance(ab, StaticAbility) and ab.kind == "defenders_attack":
                    return True
    return False


def block_problem(game: Game, blocker: int, attacker: int
                  ) -> tuple[Message | str, tuple[str, ...]]:
    """Why ``blocker`` can't block ``attacker`` (evasion, protection ...), or ('', ())."""
    b = game.chars(blocker)
    a = game.chars(attacker)
    bn = Name(b.name, game.zh_name(blocker, b.name)) if b.name \
        else msg("name.the_face_down_creature")
    an = Name(a.name, game.zh_name(attacker, a.name)) if a.name \
        else msg("name.the_face_down_creature")
    if a.has("flying") and not (b.has("flying") or b.has("reach")):
        return msg("combat.block.flying", an=an, bn=bn), (R.FLYING, R.REACH)
    if a.has("shadow") and not b.has("shadow"):
        return msg("combat.block.shadow", an=an, bn=bn), (R.SHADOW,)
    if b.has("shadow") and not a.has("shadow"):
        return msg("combat.block.shadow_blocker", bn=bn), (R.SHADOW,)
    if a.has("fear") and not ("artifact" in b.types or "B" in b.colors):
        return msg("combat.block.fear", an=an), (R.FEAR,)
    if a.has("intimidate") and not ("artifact" in b.types or b.colors & a.colors):
        return msg("combat.block.intimidate", an=an), (R.INTIMIDATE,)
    defending = game.controller_of(blocker)
    for kw in a.keywords("landwalk"):
        land = kw.quality or ""
        for o in game.battlefield:
            if game.controller_of(o) == defending:
                oc = game.chars(o)
                if oc.is_land and (land in oc.subtypes or
                                   (land == "nonbasic" and "basic" not in oc.supertypes)):
                    return (msg("combat.block.landwalk", an=an, kw=term(kw.label()),
                                defending=defending, land=term(land)), (R.LANDWALK,))
    if a.has("horsemanship") and not b.has("horsemanship"):
        return msg("combat.block.horsemanship", an=an, bn=bn), (R.HORSEMANSHIP,)
    if a.has("skulk") and (b.power or 0) > (a.power or 0):
        return msg("combat.block.skulk", an=an, bn=bn), (R.SKULK,)
    prot = protection_from(game, attacker, blocker)
    if prot:
        return msg("combat.block.has", an=an, what=prot), (R.PROTECTION_BLOCK,)
    # permanents' abilities, and emblems' (114.4: they function in the command zone)
    emblems = [o for p in game.players.values() for o in p.command]
    for src in game.battlefield + emblems if emblems else game.battlefield:
        sc = game.chars(src)
        for ab in statics(sc.abilities):
            if ab.kind != "cant_be_blocked_by" or not _applies_to(game, ab, src, attacker):
                continue
            if ab.params.get("greater_power"):
                # the Ring: "can't be blocked by creatures with greater power" (701.54c)
                if (b.power or 0) > (a.power or 0):
                    return msg("combat.block.ring_bearer", an=an, bn=bn), \
                        tuple(ab.rules) or (R.BLOCK_RESTRICTIONS,)
                continue
            if matches(ab.params["filter"], View(game), blocker, sc.controller, src):
                return msg("combat.block.cant_be_blocked_by", an=an,
                           text=ability_text(ab, sc.name)), (R.BLOCK_RESTRICTIONS,)
    for ab in statics(b.abilities):
        if isinstance(ab, StaticAbility) and ab.kind == "block_only_flying" and \
                not a.has("flying"):
            return msg("combat.block.only_flying", bn=bn), (R.BLOCK_RESTRICTIONS,)
    why = _restriction(game, blocker, "cant_block")
    if why:
        return msg("combat.block.cant_block", bn=bn, why=why), (R.BLOCK_RESTRICTIONS,)
    why = _unblockable(game, attacker)
    if why:
        return msg("combat.block.unblockable", an=an, why=why), (R.BLOCK_RESTRICTIONS,)
    return "", ()


def _unblockable(game: Game, attacker: int) -> str:
    view = View(game)
    for p in active_prohibitions(game, "unblockable"):
        f = p.params.get("filter")
        objs = p.params.get("objects")
        if objs is not None and attacker in objs:
            return p.text
        if f is not None and matches(f, view, attacker, p.controller, None):
            return p.text
        if f is None and objs is None:
            return p.text
    return _restriction(game, attacker, "cant_be_blocked")


def check_blockers(game: Game, decl: dict[int, int]) -> None:
    """Raise IllegalAction if the declaration of blockers is illegal (509.1)."""
    combat = game.combat
    if combat is None or not combat.attackers:
        if decl:
            raise IllegalAction(msg("combat.check_blockers"),
                                (R.NO_ATTACKERS,))
        return
    for blocker, attacker in decl.items():
        obj = game.objects.get(blocker)
        name = game.name_of(blocker)
        if obj is None or obj.zone != "battlefield":
            raise IllegalAction(msg("combat.check_blockers.2", name=name), (R.DECLARE_BLOCKERS,))
        c = game.chars(blocker)
        if not c.is_creature:
            raise IllegalAction(msg("combat.check_blockers.3", name=name),
                                (R.ONLY_CREATURES_COMBAT,))
        if attacker not in combat.attackers:
            raise IllegalAction(msg("combat.check_blockers.4", attacker=game.label(attacker)),
                                (R.BLOCKERS_CHOSEN,))
        defending = combat.defending_player(attacker, game)
        if c.controller != defending:
            raise IllegalAction(msg("combat.check_blockers.5", name=name, defending=defending,
                                    attacker=game.label(attacker)), (R.BLOCKERS_CHOSEN,))
        if obj.tapped:
            raise IllegalAction(msg("combat.check_blockers.6", name=name), (R.BLOCKERS_CHOSEN,))
        why, rules = block_problem(game, blocker, attacker)
        if why:
            raise IllegalAction(msg("combat.check_blockers.7", name=name,
                                    attacker=game.label(attacker), why=why),
                                rules + (R.BLOCK_RESTRICTIONS,))
    counts: dict[int, int] = {}
    for attacker in decl.values():
        counts[attacker] = counts.get(attacker, 0) + 1
    for attacker, n in counts.items():
        if game.chars(attacker).has("menace") and n < 2:
            raise IllegalAction(msg("combat.check_blockers.8", attacker=game.label(attacker)),
                (R.MENACE,
                                                                     R.BLOCK_RESTRICTIONS))
        least, most = _blockers_allowed(game, attacker)
        if n < least or n > most:
            raise IllegalAction(msg("combat.check_blockers.count", attacker=game.label(attacker),
                                    n=n), (R.BLOCK_RESTRICTIONS,))


def _applies_to(game: Game, ab: StaticAbility, src: int, oid: int) -> bool:
    aff = ab.affects
    if aff == "self":
        return src == oid
    if aff in ("enchanted", "equipped"):
        return game.objects[src].attached_to == oid
    if aff == "ring_bearer":  # the Ring's "your Ring-bearer" (701.54e)
        owner = game.objects[src].owner
        return oid == game.extra.get("ring_bearer", {}).get(owner) and \
            game.controller_of(oid) == owner
    return not isinstance(aff, str) and matches(aff, View(game), oid,
                                                game.controller_of(src), src)


def _blockers_allowed(game: Game, attacker: int) -> tuple[int, int]:
    """"Can't be blocked except by two or more creatures", "… by more than one creature"."""
    least, most = 0, 10**6
    for src in game.battlefield:
        for ab in statics(game.chars(src).abilities):
            if ab.kind in ("min_blockers", "max_blockers") and \
                    _applies_to(game, ab, src, attacker):
                if ab.kind == "min_blockers":
                    least = max(least, ab.params["n"])
                else:
                    most = min(most, ab.params["n"])
    return least, most


def required_attackers(game: Game) -> dict[int, Any]:
    """Creatures that attack each combat if able and can (508.1d), for a declaration the
    scenario doesn't make."""
    from judgebot.engine.prohibitions import affected_by
    out: dict[int, Any] = {}
    defenders = game.opponents(game.active)
    if len(defenders) != 1:
        return out
    for oid in game.battlefield:
        if game.controller_of(oid) != game.active or not game.chars(oid).is_creature:
            continue
        if not affected_by(game, oid, "must_attack"):
            continue
        try:
            check_attackers(game, {oid: defenders[0]})
        except IllegalAction:
            continue
        out[oid] = defenders[0]
    return out


def required_blockers(game: Game) -> list[int]:
    """Untapped creatures of a defending player that block this turn, or each combat, if
    able (509.1c)."""
    from judgebot.engine.prohibitions import affected_by
    combat = game.combat
    if combat is None or not combat.attackers:
        return []
    defenders = {combat.defending_player(a, game) for a in combat.attackers}
    return [oid for oid in game.battlefield
            if game.controller_of(oid) in defenders and game.chars(oid).is_creature
            and not game.objects[oid].tapped and affected_by(game, oid, "must_block")]


def block_chooser(game: Game, defending: str) -> str:
    """The player who chooses how ``defending``'s creatures block: their controller, or the
    player of an effect "you choose how those creatures block"."""
    from judgebot.engine.prohibitions import active_prohibitions
    for p in active_prohibitions(game, "chooses_blocks"):
        if p.controller != defending:
            return p.controller
    return defending


def _blockable(game: Game, blocker: int, decl: dict[int, int]) -> list[int]:
    """The attackers ``blocker`` could block besides the blocks of ``decl`` (every
    restriction still obeyed: 509.1c)."""
    out = []
    for attacker in game.combat.attackers if game.combat else {}:
        try:
            check_blockers(game, {**decl, blocker: attacker})
        except IllegalAction:
            continue
        out.append(attacker)
    return out


def _blocks_this(game: Game, decl: dict[int, int], declared: bool) -> dict[int, int]:
    """Creatures that must block one attacker if able (provoke, 702.39a; 509.1c): a
    declaration where one doesn't though it could is illegal; without one, it does."""
    decl = dict(decl)
    combat = game.combat
    for p in active_prohibitions(game, "must_block_source"):
        attacker = p.params.get("attacker")
        if combat is None or attacker not in combat.attackers:
            continue
        for blocker in p.params.get("objects", ()):
            if blocker not in game.objects or game.objects[blocker].zone != "battlefield" or \
                    decl.get(blocker) == attacker:
                continue
            try:
                check_blockers(game, {**decl, blocker: attacker})
            except IllegalAction:
                continue  # it can't: the requirement asks nothing (509.1c)
            if declared:
                raise IllegalAction(msg("combat.must_block_this", name=game.label(blocker),
                                        attacker=game.label(attacker),
                                        text=p.text.replace("~", game.name_of(attacker))),
                                    (R.BLOCK_REQUIREMENTS,) + p.rules)
            decl[blocker] = attacker
            game.log.add("block", msg("combat.blocks_as_required", name=game.label(blocker),
                                      attacker=game.label(attacker)),
                         (R.BLOCK_REQUIREMENTS,) + p.rules)
    return decl


def _lured(game: Game) -> list[tuple[int, bool, Any]]:
    """Attacking creatures that must be blocked if able: (attacker, whether every creature
    able to block it must, the effect) — "must be blocked this turn if able", "All
    creatures able to block target creature this turn do so" (509.1c)."""
    combat = game.combat
    out = []
    if combat is None:
        return out
    for p in active_prohibitions(game, "must_be_blocked"):
        f = p.params.get("filter")  # "Each creature you control … must be blocked"
        for attacker in sorted(combat.attackers):
            if attacker in p.params.get("objects", ()) or (
                    f is not None and matches(f, View(game), attacker, p.controller,
                                              p.source_id)):
                out.append((attacker, bool(p.params.get("all")), p))
    return out


def _held(game: Game, decl: dict[int, int], blocker: int) -> bool:
    """Does ``blocker``'s block in ``decl`` obey a requirement of its own (so another
    requirement can't take it away: 509.1c counts the requirements obeyed)?"""
    attacker = decl.get(blocker)
    if attacker is None:
        return False
    for p in active_prohibitions(game, "must_block_source"):
        if p.params.get("attacker") == attacker and blocker in p.params.get("objects", ()):
            return True
    for lured, every, _ in _lured(game):
        if lured == attacker and (every or sum(1 for a in decl.values() if a == attacker) == 1):
            return True
    return False


def _must_be_blocked(game: Game, decl: dict[int, int], declared: bool) -> dict[int, int]:
    """Attackers that must be blocked if able (509.1c): by one creature ("must be blocked
    this turn if able"), or by every creature able to (Lure's "do so"). A creature whose
    block obeys no requirement blocks the lured attacker instead, if it can."""
    decl = dict(decl)
    combat = game.combat
    if combat is None:
        return decl
    for attacker, every, p in _lured(game):
        defending = combat.defending_player(attacker, game)
        if not every and attacker in decl.values():
            continue
        able = []
        for blocker in game.battlefield:
            if game.controller_of(blocker) != defending or decl.get(blocker) == attacker or \
                    not game.chars(blocker).is_creature or _held(game, decl, blocker):
                continue
            rest = {b: a for b, a in decl.items() if b != blocker}
            try:
                check_blockers(game, {**rest, blocker: attacker})
            except IllegalAction:
                continue
            able.append(blocker)
        if not able:
            continue
        if declared:
            raise IllegalAction(msg("combat.must_block_this", name=game.label(able[0]),
                                    attacker=game.label(attacker), text=p.text),
                                (R.BLOCK_REQUIREMENTS,) + p.rules)
        if not every:
            index = 0
            if len(able) > 1:
                index = game.chooser.choose(
                    block_chooser(game, defending), "block", [game.label(b) for b in able],
                    keys=("block",), note=f"which creature blocks {game.name_of(attacker)}")
            able = [able[index]]
        for blocker in able:
            decl[blocker] = attacker
            game.log.add("block", msg("combat.blocks_as_required", name=game.label(blocker),
                                      attacker=game.label(attacker)),
                         (R.BLOCK_REQUIREMENTS,) + p.rules)
    return decl


def check_block_requirements(game: Game, decl: dict[int, int]) -> None:
    """Raise IllegalAction if a declaration breaks a blocking requirement (509.1c), before
    anything changes."""
    _requirements(game, decl, True)


def _requirements(game: Game, decl: dict[int, int], declared: bool) -> dict[int, int]:
    """Blocks required of creatures that must block if able (509.1c): a declaration that
    leaves one out while it could block is illegal; without one, each required creature
    blocks an attacker its chooser chooses."""
    decl = _blocks_this(game, decl, declared)
    decl = _must_be_blocked(game, decl, declared)
    for blocker in required_blockers(game):
        if blocker in decl:
            continue
        options = _blockable(game, blocker, decl)
        if not options:
            continue
        if declared:
            raise IllegalAction(msg("combat.must_block", name=game.label(blocker)),
                                (R.BLOCK_REQUIREMENTS,))
        chooser = block_chooser(game, game.controller_of(blocker))
        index = 0
        if len(options) > 1:
            labels = [game.label(a) for a in options]
            index = game.chooser.choose(chooser, "block", labels, keys=("block",),
                                        note=f"which attacker {game.name_of(blocker)} blocks")
        decl[blocker] = options[index]
        game.log.add("block", msg("combat.must_block_blocks", name=game.label(blocker),
                                  attacker=game.label(options[index]), player=chooser),
                     (R.BLOCK_REQUIREMENTS,))
    return decl


def declare_blockers(game: Game, decl: dict[int, int], declared: bool = True) -> None:
    """The defending player declares blockers (509.1); ``declared``: the scenario made
    the declaration (else the creatures that must block do)."""
    check_blockers(game, decl)
    combat = game.combat
    if combat is None or not combat.attackers:
        return
    decl = _requirements(game, decl, declared)
    if decl:
        defending = {combat.defending_player(a, game) for a in decl.values()}
        for player in sorted(defending):
            chooser = block_chooser(game, player)
            if chooser != player:
                game.log.add("note", msg("combat.chooses_blocks", player=chooser,
                                         defending=player), (R.DECLARE_BLOCKERS,))
    counts: dict[int, int] = {}
    for attacker in decl.values():
        counts[attacker] = counts.get(attacker, 0) + 1
    for blocker, attacker in decl.items():
        combat.blockers[blocker] = [attacker]
        combat.blocked_by.setdefault(attacker, []).append(blocker)
        combat.blocked[attacker] = True
    combat.blockers_declared = True
    if decl:
        parts = Joined(tuple(msg("combat.blocks", blocker=game.label(b),
                                 attacker=game.label(a)) for b, a in decl.items()),
                       "list.semicolon")
        extra: tuple[str, ...] = ()
        for b, a in decl.items():
            if game.chars(a).has("flying"):  # a legal block of a flyer: flying or reach
                extra += (R.FLYING,) + ((R.REACH,) if not game.chars(b).has("flying") else ())
        game.log.add("block", msg("combat.blocks_declared", blocks=parts),
                     tuple(dict.fromkeys((R.DECLARE_BLOCKERS, R.BLOCKED) + extra)))
    else:
        game.log.add("block", msg("combat.declare_blockers"), (R.DECLARE_BLOCKERS, R.BLOCKED))
    events = []
    for blocker, attacker in decl.items():
        events.append(Happened(what="blocks", data={"blocker": blocker, "attacker": attacker}))
        events.append(Happened(what="blocked_by", data={"blocker": blocker,
                                                        "attacker": attacker}))
    for attacker in counts:
        events.append(Happened(what="becomes_blocked", data={"attacker": attacker,
                                                             "blockers": counts[attacker]}))
    for attacker in combat.attackers:
        if not combat.blocked.get(attacker):
            events.append(Happened(what="unblocked", data={"attacker": attacker}))
    for blocker, attacker in decl.items():
        if game.chars(attacker).has("flanking") and game.chars(blocker).has("flanking"):
            game.log.add("note", msg("combat.declare_blockers.2", attacker=game.label(attacker),
                                     blocker=game.label(blocker)), (R.FLANKING,))
    if events:
        notice(game, events, None)


# --- combat damage --------------------------------------------------------------------------
def first_strike_step_needed(game: Game) -> bool:
    combat = game.combat
    if combat is None:
        return False
    for oid in list(combat.attackers) + list(combat.blockers):
        c = game.chars(oid)
        if c.has("first strike") or c.has("double strike"):
            return True
    return False


def _deals_in_step(game: Game, oid: int, first: bool) -> bool:
    combat = game.combat
    assert combat is not None
    c = game.chars(oid)
    fs, ds = c.has("first strike"), c.has("double strike")
    if first:
        return fs or ds
    if not combat.first_strike_step:
        return True
    # Second step: creatures that had neither as the first step began, and double strikers.
    return oid not in combat.had_first_strike or ds


def lethal(game: Game, source: int, blocker: int, assigned: int) -> int:
    """Damage still needed for lethal (702.19b): marked damage and damage assigned by
    other creatures this step count; deathtouch makes 1 lethal (702.2c)."""
    c = game.chars(blocker)
    if game.chars(source).has("deathtouch"):
        return 0 if assigned > 0 else 1
    need = (c.toughness or 0) - game.objects[blocker].damage - assigned
    return max(need, 0)


def assignments_for(game: Game, oid: int, power: int, recipients: list[Any], trample: bool,
                    player: Any, others: dict[Any, int]) -> list[dict[Any, int]]:
    """Every legal way ``oid`` may assign ``power`` damage (510.1c, 702.19b)."""
    targets = list(recipients) + ([player] if trample and player is not None else [])
    if not targets:
        return []
    out: list[dict[Any, int]] = []
    for split in _splits(power, len(targets)):
        a = dict(zip(targets, split, strict=False))
        if trample and player is not None and a.get(player, 0) > 0:
            if any(a.get(b, 0) < lethal(game, oid, b, others.get(b, 0)) for b in recipients):
                continue
        out.append({k: v for k, v in a.items() if v > 0})
        if len(out) > MAX_ASSIGNMENTS * 4:
            break
    return out


def _splits(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _splits(total - first, parts - 1):
            yield (first,) + rest


def default_assignment(game: Game, oid: int, power: int, recipients: list[Any], trample: bool,
                       player: Any, others: dict[Any, int]) -> dict[Any, int]:
    """Documented default: lethal damage to each blocker in the order they blocked, the rest
    to the player (with trample) or to the last blocker."""
    left = power
    out: dict[Any, int] = {}
    for b in recipients:
        if left <= 0:
            break
        need = max(lethal(game, oid, b, others.get(b, 0)), 0)
        n = min(left, need)
        if n:
            out[b] = n
            left -= n
    if left > 0:
        if trample and player is not None:
            out[player] = out.get(player, 0) + left
        elif recipients:
            out[recipients[-1]] = out.get(recipients[-1], 0) + left
    return out


def combat_damage(game: Game, first: bool, given: dict[int, dict[Any, int]] | None,
                  line: int | None = None) -> None:
    """Assign and deal combat damage for one combat damage step (510.1, 510.2)."""
    combat = game.combat
    if combat is None:
        return
    if first:
        combat.first_strike_step = True
        combat.had_first_strike = {o for o in list(combat.attackers) + list(combat.blockers)
                                   if game.chars(o).has("first strike") or
                                   game.chars(o).has("double strike")}
    events, step_rules = plan_damage(game, first, given, line, log=True)
    if first:
        combat.dealt_first_strike |= {e.source for e in events}
    step = msg("damage.first_strike" if first else "damage.combat")
    if not events:
        game.log.add("damage", msg("combat.combat_damage", step=step), step_rules)
        return
    done = perform(game, events)
    # "Whenever one or more creatures you control deal combat damage to a player": the
    # step's damage is one event (510.2), so such an ability triggers once for each player
    # dealt combat damage in it (603.2c).
    by_player: dict[str, list[int]] = {}
    for e in done:
        if isinstance(e, Damage) and e.combat and e.dealt > 0 and isinstance(e.target, str):
            by_player.setdefault(e.target, []).append(e.source)
    if by_player:
        notice(game, [Happened(what="combat_damage_to_player",
                               data={"player": p, "sources": srcs})
                      for p, srcs in by_player.items()], None)


def plan_damage(game: Game, first: bool, given: dict[int, dict[Any, int]] | None,
                line: int | None = None, log: bool = False
                ) -> tuple[list[Damage], tuple[str, ...]]:
    """The combat damage events of a damage step; raises IllegalAction for a bad
    assignment. Changes nothing (but logs documented defaults when ``log``)."""
    combat = game.combat
    if combat is None:
        return [], ()
    step_rules: tuple[str, ...] = (R.COMBAT_DAMAGE, R.COMBAT_DAMAGE_DEALT)
    saved = (combat.first_strike_step, set(combat.had_first_strike))
    if first:
        combat.first_strike_step = True
        combat.had_first_strike = {o for o in list(combat.attackers) + list(combat.blockers)
                                   if game.chars(o).has("first strike") or
                                   game.chars(o).has("double strike")}
        step_rules += (R.FIRST_STRIKE_STEP, R.FIRST_STRIKE)
    elif combat.first_strike_step:
        step_rules += (R.FIRST_STRIKE_STEP,)
    try:
        return _plan(game, first, given, line, log, step_rules), step_rules
    finally:
        combat.first_strike_step, combat.had_first_strike = saved


def _plan(game: Game, first: bool, given: dict[int, dict[Any, int]] | None, line: int | None,
          log: bool, step_rules: tuple[str, ...]) -> list[Damage]:
    combat = game.combat
    assert combat is not None
    given = dict(given or {})
    events: list[Damage] = []
    assigned_to: dict[Any, int] = {}
    dealers = [o for o in list(combat.attackers) + list(combat.blockers)
               if o in game.objects and _deals_in_step(game, o, first)]
    if not first and combat.first_strike_step:
        lost = [o for o in combat.had_first_strike if o in game.objects and
                not game.chars(o).has("double strike") and o in dealers]
        del lost
    for oid in dealers:
        c = game.chars(oid)
        power = c.power or 0
        name = c.name or "face-down creature"
        rules = step_rules + ((R.DOUBLE_STRIKE,) if c.has("double strike") else ())
        if power <= 0:
            if oid in given:
                raise IllegalAction(msg("combat.plan.2", name=name), (R.COMBAT_DAMAGE_POWER,),
                                    line)
            if log:
                game.log.add("note", msg("combat.plan.3", name=name, power=power),
                             (R.COMBAT_DAMAGE_POWER,))
            continue
        if oid in combat.attackers:
            target = combat.attackers[oid]
            if isinstance(target, int) and target not in game.objects:
                target = None
            trample = c.has("trample")
            if not combat.blocked.get(oid):
                plan = {target: power} if target is not None else {}
                if oid in given and given[oid] != plan:
                    raise IllegalAction(msg("combat.plan.4", name=name, target=game.label(target)),
                        (R.COMBAT_DAMAGE_UNBLOCKED,),
                                        line)
                rules += (R.COMBAT_DAMAGE_UNBLOCKED,)
            else:
                blockers = [b for b in combat.blocked_by.get(oid, []) if b in game.objects]
                if not blockers:
                    if trample and target is not None:
                        plan = {target: power}
                        rules += (R.TRAMPLE_NO_BLOCKERS,)
                    else:
                        if log:
                            game.log.add("note", msg("combat.plan.5", name=name),
                                         (R.BLOCKED, R.REMOVED_FROM_COMBAT,
                                          R.COMBAT_DAMAGE_BLOCKED))
                        continue
                else:
                    plan = _attacker_plan(game, oid, power, blockers, trample, target, given,
                                          assigned_to, line, log)
                    rules += (R.COMBAT_DAMAGE_BLOCKED,) + ((R.TRAMPLE,) if trample else ())
                    if c.has("deathtouch") and trample:
                        rules += (R.DEATHTOUCH_LETHAL,)
        else:
            attackers = [a for a in combat.blockers[oid] if a in game.objects]
            if not attackers:
                continue
            if len(attackers) == 1:
                plan = {attackers[0]: power}
            else:
                plan = given.get(oid) or default_assignment(game, oid, power, attackers, False,
                                                            None, assigned_to)
            rules += (R.COMBAT_DAMAGE_BLOCKER,)
        for rec, n in plan.items():
            if n > 0:
                assigned_to[rec] = assigned_to.get(rec, 0) + n
                events.append(Damage(cause="combat", source=oid, target=rec, amount=n,
                                     combat=True, source_lki=c.copy(), rules=rules))
    unknown = set(given) - set(dealers)
    for oid in unknown:
        if oid in game.objects:
            c = game.chars(oid)
            why = "it isn't attacking or blocking"
            if game.combat and (oid in game.combat.attackers or oid in game.combat.blockers):
                why = ("it has no first strike or double strike" if first else
                       "it already dealt its damage in the first-strike step")
            if first and oid in dealers_next(game):
                continue
            raise IllegalAction(msg("combat.plan", name=c.name, why=why),
                                (R.FIRST_STRIKE_STEP,), line)
    return events


def dealers_next(game: Game) -> set[int]:
    """Creatures that will deal damage in the regular step after a first-strike step."""
    combat = game.combat
    if combat is None:
        return set()
    had = {o for o in list(combat.attackers) + list(combat.blockers)
           if game.chars(o).has("first strike") or game.chars(o).has("double strike")}
    return {o for o in list(combat.attackers) + list(combat.blockers)
            if o not in had or game.chars(o).has("double strike")}


def _attacker_plan(game: Game, oid: int, power: int, blockers: list[int], trample: bool,
                   target: Any, given: dict[int, dict[Any, int]], others: dict[Any, int],
                   line: int | None, log: bool = True) -> dict[Any, int]:
    name = game.chars(oid).name
    if oid in given:
        plan = given[oid]
        allowed = set(blockers) | ({target} if trample and target is not None else set())
        bad = [k for k in plan if k not in allowed]
        if bad:
            who = game.name_of(bad[0])
            why = "isn't blocking it" if not (bad[0] == target) else \
                "is the player it attacks, and it has no trample"
            raise IllegalAction(msg("combat.attacker_plan.2", name=name, who=who, who2=who,
                                    why=why),
                                (R.COMBAT_DAMAGE_BLOCKED, R.COMBAT_DAMAGE_CHECK), line)
        if sum(plan.values()) != power:
            raise IllegalAction(msg("combat.attacker_plan.3", name=name, power=power,
                                    value=sum(plan.values())),
                                (R.COMBAT_DAMAGE_POWER, R.COMBAT_DAMAGE_CHECK), line)
        if trample and plan.get(target, 0) > 0:
            for b in blockers:
                if plan.get(b, 0) < lethal(game, oid, b, others.get(b, 0)):
                    raise IllegalAction(msg("combat.attacker_plan.4", name=name, b=game.label(b),
                                            target=game.label(target)), (R.TRAMPLE,
                                                                    R.COMBAT_DAMAGE_CHECK),
                                        line)
        return dict(plan)
    if len(blockers) == 1 and not trample:
        return {blockers[0]: power}
    plan = default_assignment(game, oid, power, blockers, trample, target, others)
    options = assignments_for(game, oid, power, blockers, trample, target, others)
    if len(options) > 1 and log:
        text = ", ".join(f"{game.name_of(k)} {v}" for k, v in plan.items())
        rest = msg("combat.rest_to", player=game.label(target)) if trample else \
            msg("combat.rest_to_last_blocker")
        game.log.add("default", msg("combat.attacker_plan", name=name, text=text, value=rest,
                                    value2=game.controller_of(oid)),
                     (R.COMBAT_DAMAGE_BLOCKED,) + ((R.TRAMPLE,) if trample else ()))
    return plan


def end_combat(game: Game) -> None:
    """Creatures stop attacking and blocking as the end of combat step ends (511.3)."""
    game.combat = None


__all__ = ["declare_attackers", "declare_blockers", "combat_damage", "first_strike_step_needed",
           "assignments_for", "product"]
