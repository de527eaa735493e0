"""Amounts: "3", "X", "that much", "twice that much", "equal to its power", "the
number of Swamps you control", "your devotion to black", "for each creature you
control" — read into the amount expressions of :func:`judgebot.engine.filters.amount`.

>>> read_amount(None, "the number of Swamps you control")["count"].subtypes
frozenset({'Swamp'})
>>> read_amount(None, "two")
2
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from judgebot.engine.abilities import Filter
from judgebot.engine.errors import Unsupported
from judgebot.engine.text import selectors
from judgebot.engine.text.selectors import noun, unread
from judgebot.engine.text.words import COLORS_EN, NUMBERS
from judgebot.messages import msg

NUMBER_WORDS = {**NUMBERS, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "eleven": 11, "twelve": 12, "thirteen": 13, "fifteen": 15, "twenty": 20}


class Refs(Protocol):
    """What an amount may refer to: the reader's antecedents."""

    def ref_it(self) -> Any: ...


# An amount said in a few words where a number stands: "3", "X", "twice X", "X plus 1",
# "three times X" (the arithmetic Oracle text writes out, 107.3)
ARITH = r"(?:(?:twice|(?:two|three|four|five) times) \w+|\w+ plus \w+|\w+)"


def plain_number(text: str) -> int | str | None:
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    if t in NUMBER_WORDS:
        return NUMBER_WORDS[t]
    if t == "x":
        return "X"
    return None


OWNERS = {"your": "you", "its controller's": "controller_of_it", "that player's": "player",
          "target player's": "target", "target opponent's": "target", "their": "player",
          "each opponent's": "each_opponent", "defending player's": "defending_player",
          "its owner's": "owner_of_it", "his or her": "player"}


def _whose(r: Any, word: str) -> str:
    who = OWNERS.get(word.strip().lower())
    if who is None:
        raise unread(word, word)
    if who == "target" and r is not None:
        from judgebot.engine.text.selectors import target_spec
        ref = r.add_target(target_spec(word.strip().lower().replace("'s", "")))
        r.that_player = ref
        return ref
    if who == "player" and r is not None and r.that_player is not None:
        return r.that_player
    if who in ("controller_of_it", "owner_of_it") and r is not None:
        it = r.ref_it()
        if isinstance(it, str):
            return who.replace("it", it) if it != "self" else who.replace("_it", "_self")
    return who


def _stat_of(r: Any, who: str) -> Any:
    """The object "its", "that creature's", "~'s", "the sacrificed creature's" … name."""
    w = who.strip().lower()
    if w in ("~'s", "this creature's", "~’s"):
        return "self"
    if w in ("its", "that creature's", "that permanent's", "the creature's", "their",
             "that spell's"):
        it = r.ref_it() if r is not None else "it"
        return "self" if it == "self_card" else it
    if w in ("the sacrificed creature's", "the sacrificed permanent's",
             "the sacrificed artifact's"):
        return "sacrificed"
    if w in ("the exiled creature's", "the exiled card's"):
        return "exiled"
    if w == "the discarded card's":
        return "discarded"
    if w == "the revealed card's" and r is not None and r.ref_it() not in (
            "revealed", "revealed_hit"):
        return "revealed_cost"  # the card revealed from the hand to cast the spell
    if w in ("that card's", "the revealed card's") and r is not None and \
            r.ref_it() in ("revealed", "revealed_hit"):
        # "reveal the top card of your library …" / "reveal cards … until you reveal a
        # nonland card … that card's mana value"
        return r.ref_it()
    if w == "that card's" and r is not None and isinstance(r.ref_it(), str) and \
            re.fullmatch(r"target\d*", r.ref_it()):
        return r.ref_it()  # "Return target card … You gain life equal to that card's mana value"
    if w in ("target creature's",) and r is not None and hasattr(r, "add_target"):
        # "equal to target creature's power": a target of its own (115.1)
        from judgebot.engine.text.selectors import target_spec
        ref = r.add_target(target_spec("target creature"))
        r.it = ref
        return ref
    if w in ("equipped creature's",):
        return "equipped"
    if w in ("enchanted creature's",):
        return "enchanted"
    if w in ("the creature that died's",):
        return "it"
    raise unread(who, who)


# Counts that name what the game recorded, said in one set phrase each.
FIXED: dict[str, dict[str, Any]] = {
    "the number of basic land types among lands you control": {"basic_land_types": "you"},
    "the number of spells you've cast this turn": {"spells_cast_this_turn": "you"},
    "the number of creatures that died this turn": {"creatures_died_this_turn": True},
    "the number of creatures attacking you": {"attacking_you": True},
    "the amount of life you gained this turn": {"life_gained_this_turn": "you"},
    # converge (601.2h: the mana paid to cast it)
    "the number of colors of mana spent to cast ~": {"mana_spent": "colors"},
    "the number of colors of mana spent to cast this spell": {"mana_spent": "colors"},
    "the amount of mana spent to cast ~": {"mana_spent": "amount"},
    "the amount of mana spent to cast this spell": {"mana_spent": "amount"},
}


def read_amount(r: Any, text: str) -> Any:
    """An amount (without "equal to")."""
    t = text.strip().rstrip(".")
    low = t.lower()
    if low == "x" and getattr(r, "where_x", None) is not None:
        return r.where_x  # "…, where X is …" said at the end of the sentence
    if low in FIXED:
        return dict(FIXED[low])
    if low == "the greatest number of cards a player discarded this way":
        return {"max_of": "amount_of"}  # each player's discard, as the spell resolves
    if low in ("the amount of {e} paid this way", "the number of {e} paid this way") and \
            getattr(r, "paid_energy", False):
        return {"ref": "energy_paid"}
    if low in ("the number of cards revealed this way", "the number of cards exiled this way") \
            and getattr(r, "revealing", None):
        return {"ref": "revealed"}  # after "reveal cards … until …": all of them (608.2h)

    if m := re.fullmatch(r"(\d+|one|two|three|four|five) plus (.+)", low):
        return {"plus": [plain_number(m.group(1)), read_amount(r, t[m.start(2):])]}
    if m := re.fullmatch(r"(the number of .+?) plus (the number of .+)", low):
        # "the number of creatures you control plus the number of Foods you control"
        return {"plus": [read_amount(r, t[:m.end(1)]), read_amount(r, t[m.start(2):])]}
    if low in ("the number of card types among cards in your graveyard",
               "the number of card types among cards in all graveyards"):
        return {"graveyard_types": "you" if "your" in low else "all"}
    if low == "the number of creatures in your party":
        return {"party": "you"}  # up to one each of Cleric, Rogue, Warrior, Wizard (700.8)
    n = plain_number(low)
    if n is not None:
        return n
    if low in ("that much", "that many"):
        return "amount"
    if m := re.fullmatch(r"twice (.+)", low):
        return {"times": [2, read_amount(r, m.group(1))]}
    if m := re.fullmatch(r"(two|three|four|five) times (.+)", low):
        return {"times": [NUMBER_WORDS[m.group(1)], read_amount(r, m.group(2))]}
    if m := re.fullmatch(r"half (.+?), rounded (up|down)", low):
        return {"half": read_amount(r, m.group(1)), "round": m.group(2)}
    if m := re.fullmatch(r"(.+?) plus (\w+)", low):
        return {"plus": [read_amount(r, m.group(1)), read_amount(r, m.group(2))]}
    if m := re.fullmatch(r"(its|that creature's|that permanent's|~'s|the sacrificed creature's|"
                         r"that spell's|the discarded card's|that card's|the revealed card's|"
                         r"the sacrificed permanent's|the exiled creature's|the exiled card's|"
                         r"target creature's|equipped creature's|enchanted creature's|"
                         r"the creature's|their) (power|toughness|mana value)", low):
        key = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(2)]
        return {key: _stat_of(r, m.group(1))}
    if m := re.fullmatch(r"the (power|toughness|mana value) of (.+)", low):
        key = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]
        what = m.group(2)
        if what == "the card you exiled" and getattr(r, "cost_exiled", None):
            return {key: r.cost_exiled}
        if what in ("the creature that died", "that creature", "the sacrificed creature",
                    "target creature"):
            return {key: "it" if what != "the sacrificed creature" else "sacrificed"}
        raise unread(what, t)
    if m := re.fullmatch(r"the number of (.+?) (?:on the battlefield|in play)", low):
        return {"count": noun(t[m.start(1):m.end(1)]).filter}
    if m := re.fullmatch(r"the number of cards in (your|their|that player's|target player's|"
                         r"target opponent's|its controller's|his or her) hand", low):
        return {"cards_in_hand": _whose(r, m.group(1))}
    if m := re.fullmatch(r"the number of cards in (your|their|that player's|target player's) "
                         r"graveyard", low):
        return {"cards_in_graveyard": _whose(r, m.group(1))}
    if m := re.fullmatch(r"the number of (.+?) cards in (your|their|that player's) graveyard",
                         low):
        f = noun(t[m.start(1):m.end(1)] + " cards in your graveyard").filter
        return {"count": f, "owner": _whose(r, m.group(2))}
    if m := re.fullmatch(r"the number of ([+-]1/[+-]1|\w+) counters on (~|it|that creature)", low):
        what = "self" if m.group(2) == "~" else (r.ref_it() if r is not None else "it")
        return {"counters_on": what, "kind": m.group(1)}
    if m := re.fullmatch(r"the number of (.+)", low):
        n_ = noun(t[len("the number of "):])
        if n_.head in ("player", "opponent", "mixed"):
            raise unread(t, t)
        out: dict[str, Any] = {"count": n_.filter}
        if n_.controller_ref:
            out["controlled_by"] = _controlled_by(r, n_.controller_ref)
        return out
    if m := re.fullmatch(r"your devotion to (white|blue|black|red|green)", low):
        return {"devotion": COLORS_EN[m.group(1)]}
    if m := re.fullmatch(r"your devotion to (white|blue|black|red|green) and "
                         r"(white|blue|black|red|green)", low):
        return {"devotion": COLORS_EN[m.group(1)] + COLORS_EN[m.group(2)]}
    if low in ("your life total",):
        return {"life": "you"}
    if m := re.fullmatch(r"(that player's|target player's|their|its controller's) life total",
                         low):
        return {"life": _whose(r, m.group(1))}
    if low in ("the damage dealt this way", "the amount of damage dealt this way",
               "the damage dealt", "the amount of damage prevented this way"):
        return {"ref": "damage_dealt"}
    if low in ("the result", "the result of the roll") and getattr(r, "rolled", False):
        return {"ref": "die_result"}  # 706.2
    if low in ("the life lost this way", "the amount of life lost this way",
               "the total life lost this way"):
        return {"ref": "life_lost"}
    if low in ("the number of cards discarded this way", "the number of cards drawn this way"):
        return {"ref": "n_done"}
    if m := re.fullmatch(r"the greatest (power|toughness|mana value) among (.+)", low):
        key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
        return {"greatest": key, "among": noun(t[m.start(2):m.end(2)]).filter}
    if low in ("the number of spells you've cast this turn",):
        return {"spells_cast_this_turn": "you"}
    if low in ("x",):
        return "X"
    raise Unsupported(msg("text.amounts.unread", text=t))


def _controlled_by(r: Any, ref: str) -> str:
    """Whose objects are counted: "… target player controls" registers that target."""
    if ref in ("target player", "target opponent"):
        if r is None:
            return "target"
        from judgebot.engine.text.selectors import target_spec
        got = r.add_target(target_spec(ref))
        r.that_player = got
        return got
    if ref == "player" and r is not None and r.that_player is not None:
        return r.that_player
    return ref


def _this_turn(t: str, low: str) -> dict[str, Any] | None:
    """Counts the turn's record keeps: "for each creature that attacked this turn", "for
    each spell your opponents have cast this turn", "for each card you've drawn this turn"
    (each player's, summed over the players it names)."""
    if m := re.fullmatch(r"(.+?) that attacked this turn", low):
        return {"this_turn": "attacked", "who": "any",
                "filter": noun(t[m.start(1):m.end(1)]).filter}
    if m := re.fullmatch(r"((?:.+? )?spell) (you've|your opponents have|an opponent has) "
                         r"cast this turn", low):
        return {"this_turn": "cast", "who": "you" if m.group(2) == "you've" else "opponent",
                "filter": None if m.group(1) == "spell" else noun(t[m.start(1):m.end(1)]).filter}
    if low in ("card you've drawn this turn", "card you have drawn this turn"):
        return {"this_turn": "drew", "who": "you"}
    return None


def for_each(r: Any, text: str) -> Any:
    """ "for each creature you control" → a count."""
    low = text.strip().lower()
    if m := re.fullmatch(r"(.+?) (?:you control|your opponents control|an opponent controls|"
                         r"on the battlefield) (?:beyond|other than) the first", low):
        raise unread(text, text)
    if m := re.fullmatch(r"(?:other )?creature blocking (it|~|this creature)"
                         r"(?: beyond the first)?", low):
        it = "self" if m.group(1) != "it" or r is None else r.ref_it()
        return {"blockers_of": it, "beyond": 1 if low.endswith("beyond the first") else 0}
    if re.fullmatch(r"opponent you attacked(?: with a creature)? this combat", low):
        return {"opponents_attacked": "you"}
    if (got := _this_turn(text.strip(), low)) is not None:
        return got
    if low.startswith("card in your hand"):
        return {"cards_in_hand": "you"}
    if m := re.fullmatch(r"card in (target opponent|target player|that player)'s hand", low):
        return {"cards_in_hand": _controlled_by(r, m.group(1).replace("that ", ""))}
    if low in ("card in your graveyard", "cards in your graveyard"):
        return {"cards_in_graveyard": "you"}
    if m := re.fullmatch(r"([+-]1/[+-]1|\w+) counter on (~|it)", low):
        return {"counters_on": "self" if m.group(2) == "~" else "it", "kind": m.group(1)}
    if m := re.fullmatch(r"(?:creature|permanent|artifact|land) tapped this way", low):
        return {"ref": "tapped"}  # "for each creature tapped this way" (608.2h)
    if m := re.fullmatch(r"(.+?) (destroyed|exiled|sacrificed|returned) this way", low):
        # "for each creature destroyed this way": what the spell did so far (608.2h)
        what = text.strip()[:len(m.group(1))]
        f = None if what.lower() in ("card", "permanent") else \
            noun(re.sub(r"\bcards?\b", "", what).strip() or "permanent").filter
        ref = m.group(2) if m.group(2) != "sacrificed" else "sacrificed_ids"
        return {"ref": ref, "filter": f} if f is not None else {"ref": ref}
    if low == "creature attacking you":
        return {"attacking_you": True}
    if low == "creature that died this turn":
        return {"creatures_died_this_turn": True}
    if low in ("color of mana spent to cast ~", "color of mana spent to cast this spell",
               "color of mana spent to cast it"):
        return {"mana_spent": "colors"}  # converge
    if m := re.fullmatch(r"([\w' ]+?) vote", low):  # council's dilemma (701.38a)
        return {"votes_for": m.group(1)}
    if low == "basic land type among lands you control":  # domain, counted (the same)
        return dict(FIXED["the number of basic land types among lands you control"])
    if low in ("spell you've cast this turn", "other spell you've cast this turn"):
        if low.startswith("other"):
            raise unread(text, text)
        return dict(FIXED["the number of spells you've cast this turn"])
    if low in ("card exiled from their hand this way", "card exiled from that player's hand "
               "this way"):
        return {"ref": "exiled_from_hand"}  # after searching graveyard, hand and library
    if low == "of its colors" and r is not None:
        return {"colors_of": r.ref_it()}  # "for each of its colors" (105.2)
    if low == "{e} paid this way" and getattr(r, "paid_energy", False):
        return {"ref": "energy_paid"}  # "for each {E} paid this way"
    if low == "creature in your party":
        return {"party": "you"}  # up to one each of Cleric, Rogue, Warrior, Wizard (700.8)
    if low in ("time ~ was kicked", "time it was kicked", "time this spell was kicked"):
        return {"kicked_times": "self"}  # multikicker (702.33c)
    n = noun(text)
    if n.head in ("player", "opponent", "mixed"):
        raise unread(text, text)
    if n.filter.zone == "card":
        raise unread(text, text)
    out: dict[str, Any] = {"count": n.filter}
    if n.controller_ref:
        out["controlled_by"] = _controlled_by(r, n.controller_ref)
    return out


def scaled(base: Any, per: Any) -> Any:
    """``base`` for each of ``per``: +1/+1 for each creature → 1 × count."""
    if base == 1:
        return per
    return {"times": [base, per]}


def signed(text: str) -> Any:
    """"+2", "-1", "+X", "-X" → a signed amount."""
    s = text.strip().lower()
    if s in ("+x", "x"):
        return "X"
    if s == "-x":
        return ("neg", "X")
    if s in ("+0", "-0"):
        return 0
    return int(s.replace("+", ""))


def negate(expr: Any) -> Any:
    if isinstance(expr, int):
        return -expr
    return ("neg", expr)


__all__ = ["ARITH", "read_amount", "for_each", "scaled", "signed", "plain_number", "negate",
           "Filter"]


def _phrase_amount(text: str) -> Any:
    return read_amount(None, text)


selectors.AMOUNT_READER = _phrase_amount
