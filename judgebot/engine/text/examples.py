"""One example of each construct of the grammar, in the words of real Oracle text: the
README's table, and a test reads every one back."""

from __future__ import annotations

# (language, sentence, "spell" text of an instant or sorcery | "permanent" text)
EXAMPLES: list[tuple[str, str, str]] = [
    ("en", "This spell deals 3 damage to any target.", "spell"),
    ("en", "This spell deals 2 damage divided as you choose among one or two targets.",
     "spell"),
    ("en", "This spell deals X damage to each creature without flying and each player.",
     "spell"),
    ("en", "This spell deals damage equal to the number of Swamps you control to any target.",
     "spell"),
    ("en", "Target creature you control deals damage equal to its power to target creature "
           "you don't control.", "spell"),
    ("en", "Target creature you control fights target creature you don't control.", "spell"),
    ("en", "Destroy target nonartifact, nonblack creature. It can't be regenerated.", "spell"),
    ("en", "Destroy all creatures.", "spell"),
    ("en", "Exile target creature. Its controller gains life equal to its power.", "spell"),
    ("en", "Return target nonland permanent to its owner's hand.", "spell"),
    ("en", "Return target creature card from your graveyard to your hand.", "spell"),
    ("en", "Put target attacking creature on the bottom of its owner's library.", "spell"),
    ("en", "Target creature gets +3/+3 and gains trample until end of turn.", "spell"),
    ("en", "Creatures you control get +1/+1 and gain haste until end of turn.", "spell"),
    ("en", "Target creature gets -X/-X until end of turn.", "spell"),
    ("en", "Until end of turn, target creature loses all abilities and becomes a blue Frog "
           "with base power and toughness 1/1.", "spell"),
    ("en", "Switch target creature's power and toughness until end of turn.", "spell"),
    ("en", "Counter target noncreature spell unless its controller pays {2}.", "spell"),
    ("en", "Target player draws two cards and loses 2 life.", "spell"),
    ("en", "Draw a card, then discard a card.", "spell"),
    ("en", "Each player sacrifices a creature.", "spell"),
    ("en", "Create two 1/1 white Soldier creature tokens.", "spell"),
    ("en", "Create a Treasure token.", "spell"),
    ("en", "Put a +1/+1 counter on each creature you control.", "spell"),
    ("en", "Tap up to two target creatures.", "spell"),
    ("en", "Gain control of target creature until end of turn. Untap that creature. It "
           "gains haste until end of turn.", "spell"),
    ("en", "Prevent all combat damage that would be dealt this turn.", "spell"),
    ("en", "Prevent the next 3 damage that would be dealt to any target this turn.", "spell"),
    ("en", "Search your library for a basic land card, put it onto the battlefield tapped, "
           "then shuffle.", "spell"),
    ("en", "Scry 2, then draw a card.", "spell"),
    ("en", "Choose one —\n• Destroy target artifact.\n• Draw a card.", "spell"),
    ("en", "You may pay {2}. If you do, draw two cards.", "spell"),
    ("en", "If you control a Swamp, draw a card.", "spell"),
    ("en", "Flying, vigilance", "permanent"),
    ("en", "Protection from black and from red", "permanent"),
    ("en", "Ward {2}", "permanent"),
    ("en", "Bushido 2", "permanent"),
    ("en", "Equip {1}", "permanent"),
    ("en", "When this creature enters, draw a card.", "permanent"),
    ("en", "Whenever this creature or another creature you control dies, each opponent loses "
           "1 life and you gain 1 life.", "permanent"),
    ("en", "Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
     "permanent"),
    ("en", "Whenever you cast an instant or sorcery spell, this creature deals 2 damage to "
           "each opponent.", "permanent"),
    ("en", "At the beginning of your upkeep, if you have 40 or more life, you win the game.",
     "permanent"),
    ("en", "Whenever this creature deals combat damage to a player, that player discards a "
           "card.", "permanent"),
    ("en", "{T}: Add {G}.", "permanent"),
    ("en", "{T}: Add {W} or {U}. This land deals 1 damage to you.", "permanent"),
    ("en", "{2}, {T}, Sacrifice this artifact: Draw a card.", "permanent"),
    ("en", "{1}{G}: This land becomes a 3/3 green Ape creature with trample until end of "
           "turn. It's still a land.", "permanent"),
    ("en", "+1: Each player discards a card.", "permanent"),
    ("en", "Other creatures you control get +1/+1.", "permanent"),
    ("en", "Equipped creature gets +2/+2 and has protection from red and from blue.",
     "permanent"),
    ("en", "All creatures lose all abilities and have base power and toughness 1/1.",
     "permanent"),
    ("en", "Nonbasic lands are Mountains.", "permanent"),
    ("en", "Each land is a Swamp in addition to its other land types.", "permanent"),
    ("en", "Enchanted creature loses all abilities and is a blue Frog creature with base "
           "power and toughness 1/1.", "permanent"),
    ("en", "This creature's power and toughness are each equal to the number of Swamps you "
           "control.", "permanent"),
    ("en", "As long as your devotion to black is less than five, this creature isn't a "
           "creature.", "permanent"),
    ("en", "You control enchanted creature.", "permanent"),
    ("en", "Enchanted creature can't attack or block.", "permanent"),
    ("en", "This creature can't be blocked by creatures with power 2 or less.", "permanent"),
    ("en", "Noncreature spells cost {1} more to cast.", "permanent"),
    ("en", "Your opponents can't gain life.", "permanent"),
    ("en", "This land enters tapped unless you control a Swamp or a Mountain.", "permanent"),
    ("en", "This creature enters with four +1/+1 counters on it.", "permanent"),
    ("en", "If this creature would die, exile it instead.", "permanent"),
    ("en", "If a card or token would be put into a graveyard from anywhere, exile it instead.",
     "permanent"),
    ("en", "If one or more +1/+1 counters would be put on a creature you control, that many "
           "plus one +1/+1 counters are put on it instead.", "permanent"),
    ("en", "If a source would deal damage to a permanent or player, it deals double that "
           "damage to that permanent or player instead.", "permanent"),
    ("en", "Prevent all damage that would be dealt to this creature.", "permanent"),
    ("en", "You can't lose the game and your opponents can't win the game.", "permanent"),
    ("en", "This spell can't be countered.", "permanent"),
]
