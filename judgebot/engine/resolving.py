"""Resolving the top of the stack (608): a spell or ability whose targets are all
illegal doesn't resolve (608.2b); an ability whose intervening "if" is false
does nothing (603.4); a permanent spell becomes a permanent (608.3); an
instant or sorcery does what it says, in order, then goes to its owner's
graveyard (608.2n). What the effects do is found in the verb registry
(:mod:`judgebot.engine.verbs`), never imported from the effects themselves.
"""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Effect,
    SpellAbility,
    Trigger,
    TriggeredAbility,
    ability_text,
    spell_ability,
)
from judgebot.engine.apply import new_object
from judgebot.engine.conditions import holds
from judgebot.engine.context import Ctx
from judgebot.engine.events import Move
from judgebot.engine.pipeline import perform
from judgebot.engine.state import FUSED, Game, GameObject, StackAbility, enters_back_up
from judgebot.engine.targeting import check_targets, enchant_spec, mode_parts, spliced_ability
from judgebot.engine.triggers import DelayedTrigger
from judgebot.engine.verbs import run
from judgebot.messages import Name, msg


def resolve_top(game: Game) -> None:
    item = game.stack[-1]
    game.resolving = item
    try:
        if item.is_stack_ability:
            _resolve_ability(game, item)
        else:
            _resolve_spell(game, item)
    finally:
        game.resolving = None



def _resolve_ability(game: Game, item: StackAbility) -> None:
    ab = item.ability
    name = game.label(item)
    rules = tuple(ab.rules)
    cond = getattr(ab, "condition", None)
    if cond is not None and not item.info.get("activated"):
        if not holds(game, cond, item.source_id, item.controller, item.info):
            game.stack.remove(item)
            game.changed()
            game.log.add("resolve", msg("resolving.resolve_ability.3", name=name),
                rules + (R.RESOLVE_IF, R.TRIGGER_IF))
            return
    specs = tuple(ab.targets)
    source_chars = item.source_lki
    legal = check_targets(game, specs, item.targets, item.controller, source_chars,
                           item.source_id, False)
    if item.targets and any(item.targets) and not any(any(r) for r in legal):
        game.stack.remove(item)
        game.changed()
        game.log.add("resolve", msg("resolving.resolve_ability", name=name),
                     rules + (R.RESOLVE_TARGETS,))
        return
    said = msg("resolving.ability_resolves_text", name=game.label(item),
               text=ability_text(ab, item.source_name)) if ab.text else \
        msg("resolving.ability_resolves", name=game.label(item))
    game.log.add("resolve", said,
                 rules + (R.RESOLVE,))
    ctx = Ctx(game, item.controller, item.source_id, item.source_lki, item, item.targets,
              legal, item.x, dict(item.info), {}, rules, item.division)
    if getattr(ab, "optional", False):
        index = game.chooser.choose(item.controller, "may", ["yes", "no"], keys=("may",),
                                    note=ab.text)
        game.log.add("choice", msg("resolving.resolve_ability.2", controller=item.controller,
                                   value=msg('resolving.to' if index == 0 else 'resolving.not_to'),
                                   name=name),
            (R.RESOLVE_CHOICES,))
        if index == 1:
            if item in game.stack:
                game.stack.remove(item)
            game.changed()
            return
    run(ctx, ab.effects)
    if item in game.stack:
        game.stack.remove(item)
    game.changed()



def _resolve_spell(game: Game, spell: GameObject) -> None:
    c = game.chars(spell.id)
    name = Name(c.name, game.zh_name(spell.id, c.name)) if c.name \
        else msg("name.the_face_down_spell")
    rules: tuple[str, ...] = ()
    is_permanent = bool(c.types & {"artifact", "creature", "enchantment", "land",
                                   "planeswalker", "battle"})
    sab = spell_ability(c.abilities) or SpellAbility()
    if spell.cast is not None and spell.cast.spliced:  # the spliced cards' text (702.47c)
        sab = spliced_ability(sab, spell.cast.spliced)
    specs, effects = mode_parts(sab, spell.modes) if sab.modes else (tuple(sab.targets),
                                                                      tuple(sab.effects))
    if "Aura" in c.subtypes:
        specs = (enchant_spec(c),)
    legal = check_targets(game, specs, spell.targets, c.controller, c, spell.id, True)
    if spell.targets and any(spell.targets) and not any(any(r) for r in legal):
        game.log.add("resolve", msg("resolving.resolve_spell.2", name=name),
                     (R.RESOLVE_TARGETS,) if not is_permanent else
                     (R.RESOLVE_PERMANENT_TARGET, R.RESOLVE_TARGETS))
        perform(game, [Move(oid=spell.id, to_zone="graveyard", reason="fizzle",
                            rules=(R.RESOLVE_TARGETS,))])
        return
    if is_permanent:
        controller = c.controller
        attach = None
        if "Aura" in c.subtypes and spell.targets and spell.targets[0]:
            attach = spell.targets[0][0]
        game.log.add("resolve", msg("resolving.resolve_spell.3", name=name), (R.RESOLVE_PERMANENT,
                                                     R.RESOLVE_PERMANENT_ENTERS)
                     + ((R.RESOLVE_AURA,) if attach is not None else ())
                     + ((R.RESOLVE_COPY_PERMANENT,) if spell.spell_copy else ()))
        if spell.spell_copy:
            game.stack.remove(spell)
            del game.objects[spell.id]
            token = new_object(game, spell.card, controller, "battlefield", controller,
                               token=True)
            token.attached_to = attach
            game.changed()
            return
        if enters_back_up(spell.card, spell.cast, False):  # the face up on the stack (712.13)
            rules = (R.DFC_RESOLVES,) + ((R.DISTURB_ENTERS, R.DFC_BACK_FACE)
                                         if spell.cast and spell.cast.alt_cost == "disturb"
                                         else (R.MDFC_FACE,))
        done = perform(game, [Move(oid=spell.id, to_zone="battlefield", reason="resolve_permanent",
                                   controller=controller, face_down=spell.face_down,
                                   attach_to=attach, rules=rules)])
        if done and spell.cast is not None and spell.cast.alt_cost == "dash":
            _dash_return(game, done[0].new_id, c.controller)
        if done and spell.chosen.get("haste_suspend"):
            new = game.objects.get(done[0].new_id)
            if new is not None:
                new.chosen["haste_suspend"] = True
        return
    fused = spell.cast is not None and spell.cast.half == FUSED
    game.log.add("resolve", msg("resolving.resolve_spell", name=name), (R.RESOLVE, R.RESOLVE_ORDER)
                 + ((R.FUSE_RESOLVES,) if fused else ()))
    x = spell.cast.x if spell.cast else 0
    refs = {"sacrificed": spell.chosen["sacrificed"]} if spell.chosen.get("sacrificed") else {}
    if spell.chosen.get("revealed_cost") is not None:
        refs["revealed_cost"] = spell.chosen["revealed_cost"]  # revealed to cast it
    ctx = Ctx(game, c.controller, spell.id, c.copy(), spell, spell.targets, legal, x, {}, refs,
              (), spell.division, damage_source=spell.id)
    gift = c.keyword("gift")
    if gift is not None and gift.parts and spell.cast is not None and \
            "gift" in spell.cast.additional:
        # a promised gift is given before the spell's other effects (702.174j)
        game.log.add("effect", msg("resolving.gift", name=name, text=gift.text),
                     (R.GIFT, R.GIFT_FIRST))
        run(ctx, gift.parts[0].effects)
    run(ctx, effects)
    if spell.id in game.objects and game.objects[spell.id].zone == "stack":
        if _as_omen(spell):  # 720.3d: shuffled into its owner's library instead
            game.log.add("note", msg("omen.shuffled", name=name), (R.OMEN_RESOLVES,))
            perform(game, [Move(oid=spell.id, to_zone="library", reason="put",
                                position="shuffled", rules=(R.OMEN_RESOLVES,))])
            return
        if _as_adventure(spell):
            game.log.add("note", msg("adventure.exiled", name=name, player=c.controller),
                         (R.ADVENTURE_EXILE,))
            perform(game, [Move(oid=spell.id, to_zone="exile", reason="exile",
                                chosen={"adventure": c.controller},
                                rules=(R.ADVENTURE_EXILE,))])
            return
        perform(game, [Move(oid=spell.id, to_zone="graveyard", reason="resolve",
                            rules=(R.RESOLVE_GRAVEYARD,))])


def _as_omen(spell: GameObject) -> bool:
    """A card (not a copy) cast as an Omen (720.3d)."""
    card = spell.card
    return not spell.spell_copy and card.layout == "omen" and card.other is not None \
        and spell.cast is not None and spell.cast.half == card.other.name


def _as_adventure(spell: GameObject) -> bool:
    """A card (not a copy) cast as an Adventure (715.3d)."""
    card = spell.card
    return not spell.spell_copy and card.layout == "adventure" and card.other is not None \
        and spell.cast is not None and spell.cast.half == card.other.name



def _dash_return(game: Game, oid: int, controller: str) -> None:
    """"If this spell's dash cost was paid, return the permanent this spell becomes to its
    owner's hand at the beginning of the next end step" (702.109a): a delayed trigger
    created as it resolves (603.7)."""
    if oid not in game.objects:
        return
    text = msg("resolving.dash_return")
    ability = TriggeredAbility(Trigger("end_step", None, who="any"),
                               (Effect("bounce", {"what": "dashed"}),), text=str(text),
                               rules=(R.DASH, R.TRIGGER_DELAYED))
    game.delayed.append(DelayedTrigger(ability.trigger, ability, controller, oid,
                                       game.name_of(oid), {"dashed": oid}, True, game.turn,
                                       ability.text))
    game.log.add("effect", msg("effects.flow.delayed", text=text), (R.DASH, R.TRIGGER_DELAYED))


def stack_names(game: Game) -> list[str]:
    """Names of the stack, top first."""
    return [game.name_of(i) for i in reversed(game.stack)]
