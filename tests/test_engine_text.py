"""The templated-sentence reader: keyword lists and sentences, English and Chinese."""

from __future__ import annotations

import pytest

from judgebot.engine.abilities import (
    ActivatedAbility,
    Keyword,
    ReplacementAbility,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
)
from judgebot.engine.errors import Refusal
from judgebot.engine.state import CardDef
from judgebot.engine.text import examples, parse_phrase, parse_phrase_zh, read_keywords, read_text

SPELL = CardDef("Test Spell", types=frozenset({"instant"}))
CREATURE = CardDef("Test Creature", types=frozenset({"creature"}), power=2, toughness=2)


@pytest.mark.parametrize("lang,sentence,kind", examples())
def test_every_documented_example_is_understood(lang: str, sentence: str, kind: str) -> None:
    abilities = read_text(sentence, SPELL if kind == "spell" else CREATURE)
    assert abilities
    if kind == "spell":
        assert isinstance(abilities[-1], SpellAbility)


def spell_effects(text: str) -> list:
    (ab,) = read_text(text, SPELL)
    assert isinstance(ab, SpellAbility)
    return [(e.verb, e.args) for e in ab.effects]


def test_damage_to_any_target() -> None:
    (ab,) = read_text("Test Spell deals 3 damage to any target.", SPELL)
    assert ab.effects[0].verb == "damage" and ab.effects[0].get("amount") == 3
    assert ab.targets[0].kind == "any"


def test_chinese_damage_to_any_target() -> None:
    (ab,) = read_text("~对任意一个目标造成3点伤害。", SPELL)
    assert ab.effects[0].verb == "damage" and ab.targets[0].kind == "any"


def test_destroy_with_no_regeneration() -> None:
    (ab,) = read_text("Destroy target nonblack creature. It can't be regenerated.", SPELL)
    eff = ab.effects[0]
    assert eff.verb == "destroy" and eff.get("no_regen") is True
    assert ab.targets[0].filter.not_colors == frozenset({"B"})


def test_chinese_destroy_all_creatures_no_regeneration() -> None:
    (ab,) = read_text("消灭所有生物。它们不能重生。", SPELL)
    assert ab.effects[0].get("no_regen") is True


def test_pump_and_keyword_until_end_of_turn() -> None:
    (ab,) = read_text("Target creature gets +2/+2 and gains trample until end of turn.", SPELL)
    eff = ab.effects[0]
    assert (eff.get("p"), eff.get("t")) == (2, 2)
    assert [k.name for k in eff.get("gains")] == ["trample"]


def test_chinese_pump() -> None:
    (ab,) = read_text("目标生物得+3/+3直到回合结束。", SPELL)
    assert (ab.effects[0].get("p"), ab.effects[0].get("t")) == (3, 3)


def test_prevent_all_combat_damage_in_both_languages() -> None:
    assert spell_effects("Prevent all combat damage that would be dealt this turn.")[0][0] == "fog"
    assert spell_effects("防止本回合中将造成的所有战斗伤害。")[0][0] == "fog"


def test_keyword_list_with_costs_and_numbers() -> None:
    kws = read_keywords("Flying, suspend 4—{1}{U}, morph {3}, vanishing 3, echo {1}{G}{G}")
    assert [k.label() for k in kws] == ["flying", "suspend 4—{1}{U}", "morph {3}",
                                        "vanishing 3", "echo {1}{G}{G}"]


def test_chinese_keyword_list() -> None:
    kws = read_keywords("次元幽影，侧面攻击，延缓 4~{一}{蓝}，变身{三}，反红保护，海岛行者")
    assert [k.label() for k in kws] == ["shadow", "flanking", "suspend 4—{1}{U}", "morph {3}",
                                        "protection from red", "islandwalk"]


def test_triggered_activated_static_and_replacement_lines() -> None:
    text = ("When this creature enters, draw a card.\n"
            "{T}: This creature deals 1 damage to any target.\n"
            "Other creatures you control get +1/+1.\n"
            "If this creature would die, exile it instead.")
    kinds = [type(a) for a in read_text(text, CREATURE)]
    assert kinds == [TriggeredAbility, ActivatedAbility, StaticAbility, ReplacementAbility]


def test_chinese_trigger() -> None:
    (ab,) = read_text("当~进战场时，抓两张牌。", CREATURE)
    assert isinstance(ab, TriggeredAbility) and ab.trigger.event == "enters"
    assert ab.effects[0].verb == "draw" and ab.effects[0].get("n") == 2


def test_mana_ability() -> None:
    (ab,) = read_text("{T}: Add {G}.", CREATURE)
    assert isinstance(ab, ActivatedAbility) and ab.is_mana and ab.mana == (("G",),)


@pytest.mark.parametrize("text,words", [
    ("Whenever this creature frobnicates, draw a card.", "frobnicates"),
    ("Target creature gets +2/+2 until your next turn.", "until your next turn"),
    ("Destroy target wizzle.", "wizzle"),
])
def test_unreadable_text_is_refused_naming_the_words(text: str, words: str) -> None:
    with pytest.raises(Refusal) as err:
        read_text(text, CREATURE)
    assert words in str(err.value)


def test_noun_phrases() -> None:
    f = parse_phrase("nonland permanent an opponent controls with mana value 3 or less")
    assert f.not_types == frozenset({"land"}) and f.controller == "opponent" and f.mv_le == 3
    g = parse_phrase("artifact or enchantment")
    assert g.any_types == frozenset({"artifact", "enchantment"})
    h = parse_phrase_zh("由你操控的非黑色生物")
    assert h.controller == "you" and h.not_colors == frozenset({"B"}) and h.types == {"creature"}


def test_protection_from_a_subtype_and_from_a_player() -> None:
    (a,) = read_keywords("Protection from Humans")
    assert isinstance(a, Keyword) and a.quality == "subtype:Human"
    (b,) = read_keywords("protection from the chosen player")
    assert b.quality == "chosen_player"


def test_keyword_sentences_before_spell_text_are_keywords() -> None:
    abilities = read_text("Storm. This spell deals 1 damage to any target.", SPELL)
    assert isinstance(abilities[0], Keyword) and abilities[0].name == "storm"
    assert isinstance(abilities[1], SpellAbility)
    abilities = read_text("Flying. Vigilance.", CREATURE)
    assert [a.name for a in abilities] == ["flying", "vigilance"]


@pytest.mark.parametrize("sentence,verbs", [
    ("Discard a card, then draw a card.", ["discard", "draw"]),
    ("Draw a card, then discard a card.", ["draw", "discard"]),
    ("抓一张牌，然后弃一张牌。", ["draw", "discard"]),
    ("Destroy target creature and you gain 2 life.", ["destroy", "gain_life"]),
    ("Target opponent discards two cards.", ["discard"]),
])
def test_clauses_joined_by_then_or_and(sentence: str, verbs: list[str]) -> None:
    (spell,) = read_text(sentence, SPELL)
    assert [e.verb for e in spell.effects] == verbs


def test_a_matched_sentence_with_an_unreadable_phrase_names_the_words() -> None:
    with pytest.raises(Refusal) as exc:
        read_text("Destroy target creature and frobnicate.", SPELL)
    assert "frobnicate" in exc.value.message


@pytest.mark.parametrize("text,choose,modes", [
    ("Choose one — ~ deals 2 damage to target creature; or ~ deals 2 damage to target player.",
     1, 2),
    ("Choose one —\n• Destroy target artifact.\n• Draw a card.", 1, 2),
    ("Choose two —\n• Draw a card.\n• You gain 2 life.\n• Destroy target creature.", 2, 3),
    ("选择一项～\n•抓一张牌。\n•你获得4点生命。", 1, 2),
])
def test_modal_spells(text: str, choose: int, modes: int) -> None:
    (spell,) = read_text(text, SPELL)
    assert spell.choose == choose and len(spell.modes) == modes


def test_loyalty_costs() -> None:
    (ab,) = read_text("+1: ~ deals 1 damage to any target.", CREATURE)
    assert ab.cost.loyalty == 1
    (ab,) = read_text("−3: Destroy target creature.", CREATURE)
    assert ab.cost.loyalty == -3
