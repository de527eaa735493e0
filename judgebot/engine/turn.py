"""Turn structure, priority, and putting triggered abilities on the stack.

Each step begins with its turn-based actions, then abilities that trigger "at
the beginning of" it; then, before any player receives priority, state-based
actions are performed and triggered abilities are put on the stack in APNAP
order, repeatedly, until none remain (117.5, 704.3). When all players pass in
succession the top of the stack resolves, or, with an empty stack, the step
ends (117.4): effects "until end of step" end and mana empties (500.5).
"""

from __future__ import annotations

from itertools import islice

from judgebot.engine import citations as R
from judgebot.engine import sba
from judgebot.engine.abilities import TriggeredAbility, ability_text, triggered
from judgebot.engine.choosing import choose_cards
from judgebot.engine.combat import (
    combat_damage,
    declare_attackers,
    declare_blockers,
    end_combat,
    first_strike_step_needed,
    required_attackers,
)
from judgebot.engine.conditions import holds
from judgebot.engine.daynight import remember_turn, untap_step
from judgebot.engine.errors import IllegalAction
from judgebot.engine.events import Draw, Happened, Move, Tap
from judgebot.engine.phasing import untap_step_phasing
from judgebot.engine.pipeline import perform
from judgebot.engine.resolving import resolve_top
from judgebot.engine.state import STEPS, Game, StackAbility, TurnRecord
from judgebot.engine.targeting import choose_targets, notice_targeted, targets_text
from judgebot.engine.trigger_events import trigger_rules
from judgebot.engine.triggers import Pending, notice
from judgebot.messages import Joined, Name, msg

STEP_NAMES = {"untap": "untap step", "upkeep": "upkeep", "draw": "draw step",
              "precombat_main": "precombat main phase",
              "beginning_of_combat": "beginning of combat step",
              "declare_attackers": "declare attackers step",
              "declare_blockers": "declare blockers step",
              "first_strike_damage": "first-strike combat damage step",
              "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
              "postcombat_main": "postcombat main phase", "end": "end step",
              "cleanup": "cleanup step"}
STEP_RULES = {"untap": R.UNTAP, "upkeep": R.UPKEEP, "draw": R.DRAW_STEP,
              "precombat_main": R.MAIN_PHASE, "beginning_of_combat": R.BEGIN_COMBAT,
              "declare_attackers": R.DECLARE_ATTACKERS, "declare_blockers": R.DECLARE_BLOCKERS,
              "first_strike_damage": R.FIRST_STRIKE_STEP, "combat_damage": R.COMBAT_DAMAGE,
              "end_of_combat": R.END_OF_COMBAT, "postcombat_main": R.MAIN_PHASE,
              "end": R.END_STEP, "cleanup": R.CLEANUP_DAMAGE}
MAX_TRIGGER_ORDERS = 6  # 3 triggers; beyond, a documented default order


# --- priority ---------------------------------------------------------------------------
def priority_point(game: Game) -> None:
    """SBAs, then triggers on the stack, repeated, before a player gets priority (117.5)."""
    rounds = 0
    while not game.over:
        rounds += 1
        if rounds > 200:
            raise IllegalAction(msg("turn.priority_point"), (R.DRAW_LOOP,))
        _control_changes(game)
        _expire_linked(game)
        if sba.check(game):
            continue
        _state_triggers(game)
        if game.pending:
            put_triggers(game)
            continue
        break


def give_priority(game: Game, player: str) -> None:
    priority_point(game)
    game.priority = player
    game.passes = 0


def pass_priority(game: Game) -> str:
    """The player with priority passes. Returns 'passed', 'resolved' or 'advanced'."""
    if game.over:
        return "over"
    game.passes += 1
    players = game.in_game()
    if game.passes >= len(players):
        game.passes = 0
        if game.stack:
            top = game.stack[-1]
            game.log.add("pass", msg("turn.pass_resolves_last" if len(game.stack) > 1
                                     else "turn.pass_resolves", name=game.label(top)),
                         (R.ALL_PASS,) + ((R.STACK_LIFO,) if len(game.stack) > 1 else ()))
            resolve_top(game)
            if game.over:
                return "over"
            give_priority(game, game.active)
            return "resolved"
        advance(game)
        return "advanced"
    nxt = game.next_player(game.priority or game.active)
    while game.players[nxt].lost:
        nxt = game.next_player(nxt)
    priority_point(game)
    game.priority = nxt
    return "passed"


def _control_changes(game: Game) -> None:
    for oid in game.battlefield:
        obj = game.objects[oid]
        ctrl = game.chars(oid).controller
        if obj.last_controller != ctrl:
            obj.last_controller = ctrl
            game.tick += 1
            obj.controlled_since = game.tick
            if game.combat is not None and (oid in game.combat.attackers or
                                            oid in game.combat.blockers):
                game.combat.remove(oid)
                game.log.add("combat", msg("turn.control_changes", name=game.label(oid)),
                    (R.REMOVED_FROM_COMBAT,))


def _expire_linked(game: Game) -> None:
    """Effects that last while an object stays on the battlefield."""
    def alive(d: object) -> bool:
        if isinstance(d, tuple) and d and d[0] in ("until_leaves", "until_untapped"):
            obj = game.objects.get(d[1])
            # "for as long as ~ remains tapped": it ends as ~ untaps or leaves (611.2b)
            return obj is not None and obj.zone == "battlefield" and \
                (d[0] == "until_leaves" or obj.tapped)
        return True
    before = len(game.effects)
    game.effects = [e for e in game.effects if alive(e.duration)]
    if len(game.effects) != before:
        game.changed()


def _state_triggers(game: Game) -> None:
    active = {(p.source_id, id(p.ability)) for p in game.pending}
    active |= {(i.source_id, id(i.ability)) for i in game.stack if i.is_stack_ability}
    for oid in list(game.battlefield):
        c = game.chars(oid)
        for ab in triggered(c.abilities):
            if ab.trigger.event != "state" or (oid, id(ab)) in active:
                continue
            if holds(game, ab.trigger.other, oid, c.controller, {}):
                game.pending.append(Pending(ab, oid, c.name, c.controller, {}, c.copy()))


def put_triggers(game: Game) -> None:
    """Put waiting triggered abilities on the stack, APNAP (603.3b)."""
    pending = game.pending
    game.pending = []
    multi = len({p.controller for p in pending}) > 1
    counts: dict[tuple[int, int], int] = {}
    for p in pending:
        counts[(id(p.ability), p.source_id)] = counts.get((id(p.ability), p.source_id), 0) + 1
    for p in pending:
        if counts[(id(p.ability), p.source_id)] > 1:
            p.info.setdefault("_repeated", True)
    for player in game.apnap():
        mine = [p for p in pending if p.controller == player]
        if not mine:
            continue
        ordered = _order(game, player, mine)
        for p in ordered:
            _put_one(game, p, multi or len(mine) > 1)


def distinct_orders(labels: list[str]):
    """Every order of the items whose labels differ somewhere, as index tuples,
    lazily and in the order ``itertools.permutations`` would first give each:
    of items with equal labels (interchangeable), the earlier always comes first."""
    n = len(labels)
    used = [False] * n

    def extend(prefix: tuple[int, ...]):
        if len(prefix) == n:
            yield prefix
            return
        for i in range(n):
            if used[i] or any(not used[j] and labels[j] == labels[i] for j in range(i)):
                continue
            used[i] = True
            yield from extend(prefix + (i,))
            used[i] = False

    yield from extend(())


def _order(game: Game, player: str, mine: list[Pending]) -> list[Pending]:
    if len(mine) == 1:
        return mine
    labels_of = [f"{p.source_name}: "
                 f"{ability_text(p.ability, p.source_name) or p.ability.trigger.event}"
                 for p in mine]
    if len(set(labels_of)) == 1:
        return mine  # identical abilities: the order can't matter
    # Identical abilities swapped give the same order (603.3b); their count is
    # known before any order is listed, so ten triggers never list 10! orders.
    perms = list(islice(distinct_orders(labels_of), MAX_TRIGGER_ORDERS + 1))
    if len(perms) > MAX_TRIGGER_ORDERS:
        game.log.add("default", msg("turn.order", player=player, value=len(mine)),
                     (R.TRIGGER_APNAP,))
        return mine
    labels = [" then ".join(labels_of[i] for i in perm) for perm in perms]

    def match(value: object) -> int | None:
        names = value if isinstance(value, list) else [value]
        wanted = [str(n).lower() for n in names]
        for k, perm in enumerate(perms):
            seq = [labels_of[i].lower() for i in perm]
            if all(any(w in s for s in seq[j:j + 1]) for j, w in enumerate(wanted)):
                return k
        return None
    index = game.chooser.choose(player, "order", labels, keys=("order",), match=match,
                                note="order of triggered abilities (first listed goes on the "
                                     "stack first and resolves last)")
    return [mine[i] for i in perms[index]]


def _put_one(game: Game, p: Pending, multi: bool) -> None:
    ab: TriggeredAbility = p.ability
    name = msg("name.ability", source=Name(p.source_name, game.zh_name(p.source_id, p.source_name))
               ) if p.source_name else msg("name.a_triggered_ability")
    try:
        targets = choose_targets(game, p.controller, tuple(ab.targets), None, p.source_lki,
                                  p.source_id, False, name)
    except IllegalAction as exc:
        game.log.add("trigger", msg("turn.put_one.2", name=name,
                                    value=ability_text(ab, p.source_name),
                                    message=exc.msg or exc.message),
            trigger_rules(ab) + (R.TRIGGER_TARGETS,))
        return
    item = StackAbility(game.new_id(), p.source_id, p.source_name, p.controller, ab, targets,
                        {}, 0, dict(p.info), p.source_lki)
    _note_transforms(game, item)
    game.stack.append(item)
    game.changed()
    aimed = bool(targets and any(targets))
    tgt = targets_text(game, targets)
    rules = trigger_rules(ab) + (R.TRIGGER_STACK,) + ((R.TRIGGER_APNAP,) if multi else ())
    if targets and any(targets):
        rules += (R.TRIGGER_TARGETS, R.CAST_TARGETS, R.TARGETS)
    if p.info.get("_repeated"):
        rules += (R.TRIGGER_ONCE,)  # one event with several occurrences (603.2c)
    multiple = {"flanking": R.FLANKING_MULTIPLE, "poisonous": R.POISONOUS_MULTIPLE}
    if ab.keyword in multiple and p.source_lki is not None and \
            len(p.source_lki.keywords(ab.keyword)) > 1:
        rules += (multiple[ab.keyword],)  # each instance triggers separately
    lki = p.source_lki
    if lki is not None and "Aura" in lki.subtypes:
        host = game.objects.get(game.objects[p.source_id].attached_to) \
            if p.source_id in game.objects and game.objects[p.source_id].attached_to \
            is not None else None
        if host is not None and game.controller_of(host.id) != p.controller:
            rules += (R.TRIGGER_CONTROLLER, R.AURA_CONTROLLER)
    if any(not i.is_stack_ability and game.chars(i.id).has("split second")
           for i in game.stack if i is not item):
        rules += (R.SPLIT_SECOND_ALLOWED,)
    said = ability_text(ab, p.source_name) or ab.trigger.event
    game.log.add("trigger", msg("turn.put_one", name=name,
                                value=said.rstrip('.') + ',' if aimed else said, tgt=tgt), rules,
                 controller=p.controller)
    notice_targeted(game, item.id, targets, False)


# --- steps ------------------------------------------------------------------------------
def next_step(game: Game, commit: bool = False) -> str | None:
    """The step after the current one, or None for the next turn; ``commit``: the game is
    moving there (phases added to the turn are used up), else it only looks."""
    step = game.step
    if step in ("precombat_main", "postcombat_main"):
        return _after_main(game, commit)
    if step == "end_of_combat" and commit and game.extra.pop("extra_combat", False):
        game.extra["extra_main"] = True  # the additional main phase that follows it
    if step == "declare_attackers":
        if game.combat is None or not game.combat.attackers:
            return "end_of_combat"
        return "declare_blockers"
    if step == "declare_blockers":
        return "first_strike_damage" if first_strike_step_needed(game) else "combat_damage"
    if step == "cleanup":
        return None
    i = STEPS.index(step)
    nxt = STEPS[i + 1]
    if nxt == "first_strike_damage":
        nxt = "combat_damage"
    return nxt


def _after_main(game: Game, commit: bool) -> str:
    """What follows a main phase: the combat and main phases effects added after it (500.8:
    the most recently created first), or what would have followed it — for an additional
    main phase, what followed the phase it was added after."""
    added = game.extra.get("added_after") or {}
    occ = game.extra.get("main_seen", 0)
    n = added.get(occ, 0)
    if n > 0:
        if commit:
            del added[occ]
            then = _after_main_plain(game, True)
            game.extra.setdefault("after_extra", []).append([n - 1, then])
            game.extra["extra_combat"] = True
        return "beginning_of_combat"
    return _after_main_plain(game, commit)


def _after_main_plain(game: Game, commit: bool) -> str:
    stack = game.extra.get("after_extra") or []
    if game.step == "postcombat_main" and game.extra.get("extra_main") and stack:
        top = stack[-1]
        if commit:
            del game.extra["extra_main"]
        if top[0] > 0:
            if commit:
                top[0] -= 1
                game.extra["extra_combat"] = True
            return "beginning_of_combat"
        if commit:
            stack.pop()
        return top[1]
    if game.step == "precombat_main":
        return "postcombat_main" if game.players[game.active].skip_combat else \
            "beginning_of_combat"
    return "end"


def end_current_step(game: Game) -> None:
    """Effects until end of step end; mana empties (500.5)."""
    for name in game.order:
        pool = game.players[name].pool
        if pool.total():
            game.log.add("mana", msg("turn.end_current_step", name=name, pool=pool),
                (R.EFFECTS_END_STEP, R.MANA_POOL))
        pool.empty()
    if game.step == "end_of_combat":
        game.effects = [e for e in game.effects if e.duration != "end_of_combat"]
        end_combat(game)
        game.changed()


def advance(game: Game) -> None:
    """End the current step and begin the next (a new turn after cleanup)."""
    end_current_step(game)
    if game.step == "cleanup" and game.extra.pop("cleanup_again", False):
        begin_step(game, "cleanup")
        return
    nxt = next_step(game, commit=True)
    if nxt is None:
        begin_turn(game)
        return
    if game.step == "precombat_main" and nxt == "postcombat_main" and \
            game.players[game.active].skip_combat:
        game.players[game.active].skip_combat -= 1
        game.log.add("skip", msg("turn.advance", active=game.active),
                     (R.SKIP, R.REPLACEMENT_SKIP))
    begin_step(game, nxt)


def begin_turn(game: Game) -> None:
    remember_turn(game)  # the turn that ends, for day and night (731.2) and "last turn"
    game.turn += 1
    extra = game.extra.get("extra_turns")
    while extra and game.players[extra[-1]].lost:
        extra.pop()
    if extra:
        # the most recently created extra turn is taken first (500.7)
        game.active = extra.pop()
        game.log.add("turn", msg("turn.extra_turn", turn=game.turn, active=game.active),
                     (R.EXTRA_TURN,))
    else:
        game.active = game.next_player(game.active)
    while game.players[game.active].lost:
        game.active = game.next_player(game.active)
    turns_of = game.extra.setdefault("turns_of", {})
    turns_of[game.active] = turns_of.get(game.active, 0) + 1
    game.tick += 1
    game.players[game.active].last_turn_start = game.tick
    game.players[game.active].lands_played = 0
    game.record = TurnRecord()
    game.combat = None
    for key in ("main_seen", "added_after", "after_extra", "extra_combat", "extra_main",
                "combats"):
        game.extra.pop(key, None)  # phases added to the turn that ended
    _end_until_turn(game, game.active)
    game.log.turn = game.turn
    game.log.add("turn", msg("turn.begin_turn", turn=game.turn, active=game.active), ())
    begin_step(game, "untap")


def _end_until_turn(game: Game, player: str) -> None:
    """Effects that last "until your next turn" end as that turn begins (611.2b)."""
    mark = ("until_turn_of", player)
    before = (len(game.effects), len(game.prohibitions), len(game.replacements))
    game.effects = [e for e in game.effects if e.duration != mark]
    game.prohibitions = [p for p in game.prohibitions if p.duration != mark]
    game.replacements = [r for r in game.replacements if r.duration != mark]
    game.delayed = [d for d in game.delayed if getattr(d, "until", None) != mark and
                    (getattr(d, "until", None) or ("",))[0] != "this_turn"]
    for obj in game.objects.values():
        if obj.chosen.get("cant_play_until") == player:
            del obj.chosen["cant_play_until"]
    if before != (len(game.effects), len(game.prohibitions), len(game.replacements)):
        game.changed()


def begin_step(game: Game, step: str) -> None:
    game.step = step
    game.log.step = step
    active = game.active
    skip = game.players[active].skip_steps
    if skip.get(step):
        skip[step] -= 1
        game.log.add("skip", msg("turn.begin_step.2", active=active, value=msg(f"step.{step}")),
                     (R.SKIP, R.REPLACEMENT_SKIP))
        advance(game)
        return
    if step in ("precombat_main", "postcombat_main"):
        # which main phase of the turn this is: phases added "after this main phase" (500.8)
        game.extra["main_seen"] = game.extra.get("main_seen", 0) + 1
    if step == "beginning_of_combat":
        game.extra["combats"] = game.extra.get("combats", 0) + 1
    game.log.add("step", msg("turn.begin_step", value=msg(f"step.{step}"), active=active),
        (STEP_RULES[step],))
    game.priority = None
    if step == "untap":
        _untap(game)
        advance(game)
        return
    if step == "upkeep":
        pl = game.players[active]
        pl.prev_upkeep = pl.last_upkeep
        pl.last_upkeep = game.tick
    if step == "draw":
        perform(game, [Draw(cause="turn", player=active, rules=(R.DRAW_STEP,))])
    if step == "declare_attackers":
        if "attack" in game.extra:
            decl = game.extra.pop("attack")
        else:  # no declaration given: the creatures that must attack do (508.1d)
            decl = required_attackers(game)
            if decl:
                game.log.add("attack", msg("turn.must_attack", names=Joined(tuple(
                    game.label(o) for o in decl))), (R.ATTACK_REQUIREMENTS,))
        declare_attackers(game, decl)
    if step == "declare_blockers":
        if "block" in game.extra:
            declare_blockers(game, game.extra.pop("block"))
        else:  # no declaration given: the creatures that must block do (509.1c)
            declare_blockers(game, {}, declared=False)
    if step in ("first_strike_damage", "combat_damage"):
        first = step == "first_strike_damage"
        given = game.extra.pop("assign", None)
        line = game.extra.get("assign_line")
        combat_damage(game, first, given, line)
        if first and given and game.combat is not None:
            # Assignments for creatures that deal damage in the regular step wait for it.
            later = {k: v for k, v in given.items() if k not in game.combat.dealt_first_strike
                     or game.chars(k).has("double strike") and k in game.objects and False}
            if later:
                game.extra["assign"] = later
        else:
            game.extra.pop("assign_line", None)
    if step == "cleanup":
        _cleanup(game)
        return
    notice(game, [Happened(what="step", data={"step": step, "active": active})], None)
    give_priority(game, active)


def _untap(game: Game) -> None:
    untap_step(game)  # 502.2: day and night, before permanents untap (502.3)
    untap_step_phasing(game)  # 502.1: phasing, before permanents untap (702.26a)
    events = []
    for o in game.battlefield:
        obj = game.objects[o]
        if not obj.tapped or game.controller_of(o) != game.active:
            continue
        if obj.chosen.get("skip_untap"):  # "doesn't untap during its controller's next
            obj.chosen["skip_untap"] -= 1  # untap step"
            game.log.add("untap", msg("turn.doesnt_untap", name=game.label(o)), (R.UNTAP,))
            continue
        if _doesnt_untap(game, o):
            game.log.add("untap", msg("turn.doesnt_untap", name=game.label(o)), (R.UNTAP,))
            continue
        if _chooses_not_to_untap(game, o):
            continue
        events.append(Tap(cause="untap_step", oid=o, untap=True))
    if events:
        done = perform(game, events)
        if done:
            game.log.add("untap", msg("turn.untaps", player=game.active,
                                      names=Joined(tuple(game.label(e.oid) for e in done))),
                         (R.UNTAP,))


def _chooses_not_to_untap(game: Game, oid: int) -> bool:
    """ "You may choose not to untap ~ during your untap step": the active player decides
    which permanents untap (502.3)."""
    if not any(getattr(a, "kind", "") == "may_not_untap" for a in game.chars(oid).abilities):
        return False
    index = game.chooser.choose(game.active, "untap", ["untap it", "leave it tapped"],
                                keys=("untap", "may"), note=f"untap {game.name_of(oid)}?")
    if index == 1:
        game.log.add("untap", msg("turn.chooses_not_to_untap", player=game.active,
                                  name=game.label(oid)), (R.UNTAP, R.UNTAP_CHOICE))
        return True
    return False


def _doesnt_untap(game: Game, oid: int) -> bool:
    """A static ability says this permanent doesn't untap during its controller's untap
    step."""
    from judgebot.engine.prohibitions import affected_by
    return affected_by(game, oid, "doesnt_untap")


def _cleanup(game: Game) -> None:
    active = game.active
    hand = game.players[active].hand
    if len(hand) > 7 and not _no_max_hand_size(game, active):
        n = len(hand) - 7
        chosen = choose_cards(game, active, list(hand), n, "discard")
        perform(game, [Move(cause="turn", oid=o, to_zone="graveyard", reason="discard",
                            rules=(R.CLEANUP_DISCARD, R.DISCARD)) for o in chosen])
    changed = False
    for oid in game.battlefield:
        obj = game.objects[oid]
        if obj.damage or obj.deathtouched:
            obj.damage = 0
            obj.deathtouched = False
            changed = True
        if obj.chosen.pop("haste_eot", None):
            changed = True
    n_eff = len(game.effects)
    game.effects = [e for e in game.effects if e.duration not in ("eot", "end_of_combat")]
    game.replacements = [r for r in game.replacements if r.duration not in ("eot",)]
    game.prohibitions = [p for p in game.prohibitions if p.duration not in ("eot",)]
    if changed or n_eff != len(game.effects):
        game.changed()
    game.log.add("cleanup", msg("turn.cleanup"),
                 (R.CLEANUP_DAMAGE,))
    # 514.3a: state-based actions or triggers give priority, then another cleanup step.
    if _would_act(game):
        game.log.add("cleanup", msg("turn.cleanup.2"), (R.CLEANUP_PRIORITY,))
        give_priority(game, active)
        game.extra["cleanup_again"] = True
        return
    advance(game)


def _no_max_hand_size(game: Game, player: str) -> bool:
    from judgebot.engine.prohibitions import active_prohibitions
    return any(p.params.get("player") == player
               for p in active_prohibitions(game, "no_max_hand_size"))


def _would_act(game: Game) -> bool:
    if game.pending:
        return True
    for name in game.in_game():
        p = game.players[name]
        if p.life <= 0 or p.poison >= 10 or p.drew_from_empty:
            return True
    for oid in game.battlefield:
        c = game.chars(oid)
        if c.is_creature and (c.toughness or 0) <= 0:
            return True
    return False


def step_index(step: str) -> int:
    return STEPS.index(step)


__all__ = ["priority_point", "give_priority", "pass_priority", "advance", "begin_step",
           "begin_turn", "put_triggers", "STEP_NAMES"]


def _note_transforms(game: Game, item: StackAbility) -> None:
    """How many times the source had transformed as its ability was put on the stack
    (701.27f: the ability transforms it only if it hasn't since)."""
    src = game.objects.get(item.source_id)
    if src is not None and src.zone == "battlefield" and src.card.other is not None:
        item.info.setdefault("transforms", src.transforms)
