"""Activating abilities (602), mana abilities (605) and loyalty abilities (606)."""

from __future__ import annotations

from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import ActivatedAbility, ability_text, activated
from judgebot.engine.conditions import holds
from judgebot.engine.costs import check_costs, mana_options, pay_costs, pay_mana
from judgebot.engine.errors import IllegalAction, Unsupported
from judgebot.engine.events import Happened
from judgebot.engine.prohibitions import active_prohibitions
from judgebot.engine.state import Game, StackAbility
from judgebot.engine.targeting import choose_targets, notice_targeted, targets_text
from judgebot.engine.timing import sorcery_timing, split_second_on_stack
from judgebot.engine.triggers import notice
from judgebot.engine.verbs import run_effects
from judgebot.messages import Name, msg


def find_ability(game: Game, oid: int, ref: Any, player: str) -> ActivatedAbility:
    c = game.chars(oid)
    abilities = [a for a in activated(c.abilities)]
    obj = game.objects[oid]
    abilities = [a for a in abilities if a.zone == obj.zone]
    if not abilities:
        raise IllegalAction(msg("activating.find_ability", name=game.label(oid), zone=obj.zone),
            (R.ACTIVATE,))
    if ref is None or ref == "":
        non_mana = [a for a in abilities if not a.is_mana] or abilities
        if len(non_mana) == 1:
            return non_mana[0]
        raise IllegalAction(msg("activating.find_ability.2", name=game.label(oid),
                                value=len(abilities)), (R.ACTIVATE,))
    if isinstance(ref, int) and not isinstance(ref, bool):
        if 1 <= ref <= len(abilities):
            return abilities[ref - 1]
        raise IllegalAction(msg("activating.find_ability.3", name=game.label(oid), ref=ref),
            (R.ACTIVATE,))
    text = str(ref).lower().strip()
    for a in abilities:
        if a.label and a.label.lower() == text or a.keyword == text:
            return a
    for a in abilities:
        if text and (text in a.text.lower() or (a.label and text in a.label.lower())):
            return a
    raise IllegalAction(msg("activating.no_such_ability", name=game.name_of(oid), ref=ref,
                            abilities="; ".join(a.text or a.label for a in abilities)),
                        (R.ACTIVATE,))



def activate(game: Game, player: str, oid: int, ability: ActivatedAbility,
             targets: list[list[Any]] | None, x: int = 0,
             sacrifice: list[int] | None = None, discard: list[int] | None = None) -> None:
    obj = game.objects[oid]
    c = game.chars(oid)
    name = c.name or "the face-down creature"
    controller = c.controller if obj.zone == "battlefield" else obj.owner
    if ability.who == "opponent":
        if player == controller:
            raise IllegalAction(msg("activating.activate.3", controller=controller, name=name),
                (R.ACTIVATE,))
    elif player != controller:
        raise IllegalAction(msg("activating.activate.4", player=player, name=name), (R.ACTIVATE,))
    if not ability.is_mana:
        ss = split_second_on_stack(game)
        if ss:
            raise IllegalAction(msg("activating.activate.5", ss=ss), (R.SPLIT_SECOND,))
    if ability.timing == "sorcery" or ability.cost.loyalty is not None:
        why = sorcery_timing(game, player)
        if why:
            if ability.cost.loyalty is not None:
                raise IllegalAction(msg("activating.activate.10", name=name, why=why),
                                    (R.LOYALTY_ABILITY,))
            raise IllegalAction(msg("activating.activate.6", name=name, why=why),
                                (R.ACTIVATE_SORCERY,))
    if ability.cost.loyalty is not None:
        if obj.chosen.get("loyalty_turn") == game.turn:
            raise IllegalAction(msg("activating.activate.7", name=name), (R.LOYALTY_ABILITY,))
        have = obj.counters.get("loyalty", 0)
        if ability.cost.loyalty < 0 and have < -ability.cost.loyalty:
            raise IllegalAction(msg("activating.activate.8", name=name, have=have,
                                    value=-ability.cost.loyalty), (R.LOYALTY_NEGATIVE,))
    _check_restrictions(game, player, oid, ability, name)
    for p in active_prohibitions(game, "cant_activate"):
        if p.params.get("name") and p.params["name"] in c.names:
            raise IllegalAction(msg("activating.activate.9", name=name, text=p.text),
                                p.rules)
    what = msg("name.ability", source=Name(name, game.zh_name(oid, name)) if c.name
               else msg("name.the_face_down_creature"))
    check_costs(game, player, ability.cost, oid, [], what)
    mana = ability.cost.mana.with_x(x)
    if not pay_mana(game, player, mana, what, exclude={oid} if ability.cost.tap else None,
                    check_only=True):
        raise IllegalAction(msg("activating.activate.2", player=player, mana=mana, what=what),
            (R.CAST_PAY,))
    chosen = choose_targets(game, player, ability.targets, targets, c, oid, False, what)
    if ability.once or ability.once_per_turn:  # its use counted on the object (602.5b)
        obj.chosen.setdefault("activated", {})[_restriction_key(ability)] = game.turn
    lki = c.copy()
    if ability.is_mana:
        if ability.mana_only is not None:
            # mana that remembers what it may be spent on isn't kept in the pool here: it is
            # used only when a cost is paid automatically (106.6)
            raise Unsupported(msg("activating.restricted_mana", what=what))
        pay_costs(game, player, ability.cost, oid, what, mana=mana,
                  sacrifice_choice=sacrifice, discard_choice=discard)
        options = mana_options(game, ability, oid, player)
        option = options[0]
        if len(options) > 1:
            labels = ["".join("{" + s + "}" for s in o) for o in options]
            option = options[game.chooser.choose(player, "color", labels,
                                                 keys=("color", "mana"))]
        game.players[player].pool.add(option)
        game.log.add("mana", msg("activating.mana_ability", player=player,
                                 name=Name(name, game.zh_name(oid, name)),
                                 mana="".join("{" + s + "}" for s in option)), (R.MANA_ABILITY,
                                                                 R.MANA_ABILITY_NO_STACK))
        if ability.effects:
            run_effects(game, ability.effects, {"you": player, "source": oid})
        return
    item = StackAbility(game.new_id(), oid, name, player, ability, chosen, {}, x,
                        {"activated": True}, lki)
    if obj.zone == "battlefield" and obj.card.other is not None:
        item.info["transforms"] = obj.transforms  # 701.27f
    game.stack.append(item)
    game.changed()
    tgt = targets_text(game, chosen)
    said = ability_text(ability, name) or ability.label
    game.log.add("activate", msg("activating.activate", player=player, what=what,
                                 value=said.rstrip('.') + ',' if chosen and any(chosen)
                                 else said, tgt=tgt),
                 (R.ACTIVATE,) + tuple(ability.rules)
                 + ((R.LOYALTY_ABILITY,) if ability.cost.loyalty is not None else ())
                 + ((R.ACTIVATE_TARGETS, R.TARGETS) if chosen and any(chosen) else ())
                 + ((R.RESPONSE,) if len(game.stack) > 1 else ()))
    pay_costs(game, player, ability.cost, oid, what, mana=mana, sacrifice_choice=sacrifice,
              discard_choice=discard)
    if ability.label == "cycling" or ability.keyword == "cycling":
        game.record.cycled[player] += 1
        now = next((o for o, ob in game.objects.items() if ob.previous == oid), oid)
        notice(game, [Happened(what="cycled", data={"player": player, "card": now,
                                                    "old": oid})], None)
    notice_targeted(game, item.id, chosen, False)
    game.priority = player
    game.passes = 0


def _restriction_key(ability: ActivatedAbility) -> str:
    return ability.text or repr(ability.cost)


def _check_restrictions(game: Game, player: str, oid: int, ability: ActivatedAbility,
                        name: str) -> None:
    """"Activate only if …", "… only once each turn", "Activate only once" (602.5, 602.5b)."""
    if ability.condition is not None and not holds(game, ability.condition, oid, player):
        raise IllegalAction(msg("activating.only_if", name=name, text=ability.text),
                            (R.ACTIVATE_PROHIBITED,))
    used = game.objects[oid].chosen.get("activated", {}).get(_restriction_key(ability))
    if used is None:
        return
    if ability.once:
        raise IllegalAction(msg("activating.only_once", name=name, text=ability.text),
                            (R.ACTIVATE_RESTRICTED,))
    if ability.once_per_turn and used == game.turn:
        raise IllegalAction(msg("activating.once_each_turn", name=name, text=ability.text),
                            (R.ACTIVATE_RESTRICTED,))
