"""Characteristics through the layer system (613): timestamps, dependency, locking."""

from __future__ import annotations

from judgebot.engine import parse
from judgebot.engine.actions import Runner


def game_of(text: str):
    return Runner(parse(text), []).game


def chars(game, name: str):
    for oid in game.battlefield:
        if name in game.chars(oid).names or game.objects[oid].card.name == name:
            return game.chars(oid)
    raise KeyError(name)


def test_blood_moon_effect_applies_before_urborg_whatever_the_timestamps() -> None:
    for order in (["Magus of the Moon", '"Urborg, Tomb of Yawgmoth"'],
                  ['"Urborg, Tomb of Yawgmoth"', "Magus of the Moon"]):
        game = game_of(f"players: [Alice, Bob]\nbattlefield:\n  Alice: [{', '.join(order)}, "
                       "Forest]\n")
        urborg = chars(game, "Urborg, Tomb of Yawgmoth")
        assert urborg.subtypes == {"Mountain"}
        assert urborg.abilities and all(getattr(a, "mana", None) == (("R",),)
                                        for a in urborg.abilities)
        assert chars(game, "Forest").subtypes == {"Forest"}


def test_set_pt_then_modify_then_switch() -> None:
    game = game_of("""players: [Alice, Bob]
battlefield:
  Alice: [{name: Target, creature: 1/2, counters: {+1/+1: 1}}]
""")
    from judgebot.engine.layers import ContinuousEffect
    oid = game.battlefield[0]
    ts = game.new_timestamp
    game.effects += [
        ContinuousEffect((("7d", ("switch",)),), frozenset({oid}), ts(), None, "Alice"),
        ContinuousEffect((("7c", ("pump", 3, 0)),), frozenset({oid}), ts(), None, "Alice"),
        ContinuousEffect((("7b", ("set_pt", 0, 4)),), frozenset({oid}), ts(), None, "Alice"),
    ]
    game.changed()
    c = game.chars(oid)
    # 0/4 (set) +3/+0 +1/+1 = 4/5, switched last (7d) = 5/4.
    assert (c.power, c.toughness) == (5, 4)


def test_static_effect_set_is_not_locked_but_resolved_effect_set_is() -> None:
    game = game_of("""players: [Alice, Bob]
battlefield:
  Alice: [Glorious Anthem, Grizzly Bears]
""")
    bears = game.battlefield[1]
    assert game.chars(bears).power == 3
    from judgebot.engine.actions import Runner as R2
    scn = parse("""players: [Alice, Bob]
battlefield:
  Alice: [Glorious Anthem]
hand:
  Alice: [Grizzly Bears, Haze of Rage]
actions:
  - cast: {player: Alice, card: Haze of Rage}
  - pass: {until: stack_empty}
  - cast: {player: Alice, card: Grizzly Bears}
  - pass
""")
    run = R2(scn, []).run()
    assert run.refusal is None
    g = run.game
    bears2 = next(o for o in g.battlefield if g.chars(o).name == "Grizzly Bears")
    # The anthem (static) applies to the new Bears; Haze of Rage (resolved) doesn't.
    assert (g.chars(bears2).power, g.chars(bears2).toughness) == (3, 3)


def test_face_down_permanent_is_a_nameless_colourless_2_2() -> None:
    game = game_of("""players: [Alice, Bob]
battlefield:
  Alice: [{card: "Akroma, Angel of Fury", face_down: true}]
""")
    c = game.chars(game.battlefield[0])
    assert (c.name, c.power, c.toughness, c.colors, c.abilities) == ("", 2, 2, frozenset(), ())


def test_characteristic_defining_ability_works_in_the_graveyard() -> None:
    game = game_of("""players: [Alice, Bob]
graveyard:
  Alice: [Tarmogoyf, Lightning Bolt]
""")
    goyf = game.players["Alice"].graveyard[0]
    assert (game.chars(goyf).power, game.chars(goyf).toughness) == (2, 3)


def test_losing_all_abilities_removes_a_lords_bonus_later_in_the_layers() -> None:
    game = game_of("""players: [Alice, Bob]
battlefield:
  Alice: [Might Sliver, {name: Pup, creature: 1/1, subtypes: [Sliver]}]
""")
    from judgebot.engine.layers import ContinuousEffect
    lord, pup = game.battlefield
    assert game.chars(pup).power == 3
    game.effects.append(ContinuousEffect((("6", ("lose_all",)),), frozenset({lord}),
                                         game.new_timestamp(), None, "Bob"))
    game.changed()
    assert game.chars(pup).power == 1
    assert game.chars(lord).power == 2
