"""Conditions as Oracle text writes them after "if", "as long as" and "unless":
"you control a Swamp", "you have 40 or more life", "your devotion to black is less
than five", "it's your turn", "it had no -1/-1 counters on it" — read into the
conditions of :mod:`judgebot.engine.conditions`.

>>> read_condition(None, "you control an Island")[0]
'you_control'
>>> read_condition(None, "your devotion to black is less than five")[2]
'lt'
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine.abilities import Filter
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.amounts import plain_number, read_amount
from judgebot.engine.text.selectors import noun
from judgebot.messages import msg

COMPARISONS = (
    (r"(.+?) is (\w+) or (?:more|greater)", "ge"),
    (r"(.+?) is (\w+) or less", "le"),
    (r"(.+?) is less than (\w+)", "lt"),
    (r"(.+?) is greater than (\w+)", "gt"),
    (r"(.+?) is (?:exactly )?(\w+)", "eq"),
)


COLOR_SYMBOL = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _number(word: str) -> Any:
    n = plain_number(word)
    if n is None:
        raise Unsupported(msg("text.conditions.unread", text=word))
    return n


def read_condition(r: Any, text: str) -> tuple:
    """A condition, or a refusal naming it."""
    t = text.strip().rstrip(".,")
    low = t.lower()
    if low.startswith("it's not ") or low.startswith("it isn't "):
        rest = "it's " + low.split(" ", 2)[2]
        return ("not", read_condition(r, rest))
    # "an opponent controls a Plains and you control a Swamp": two conditions, both to hold
    # (a noun would otherwise swallow "and you control …" as a qualifier)
    if m := re.fullmatch(r"(.+?) and ((?:you|an opponent|each opponent|that player|there) .+)",
                         t, re.I):
        return ("all", read_condition(r, m.group(1)), read_condition(r, m.group(2)))
    if low in ("you win the flip", "you lose the flip") and getattr(r, "flipped", False):
        return ("compare", {"ref": "flip_won"}, "eq", 1 if "win" in low else 0)  # 705.2
    if low in ("you win", "you win the clash", "you won the clash") and \
            getattr(r, "clashed", False):
        return ("compare", {"ref": "clash_won"}, "eq", 1)  # 701.30d
    if (m := re.fullmatch(r"you roll an? (\w+)", low)) and getattr(r, "rolled", False):
        return ("compare", {"ref": "die_result"}, "eq", _number(m.group(1)))  # 706.2
    if low in ("it's your turn", "it is your turn"):
        return ("your_turn",)
    if low in ("it's not your turn", "it isn't your turn"):
        return ("not", ("your_turn",))
    if low == "you control a commander":
        return ("you_control_commander",)
    if m := re.fullmatch(r"you control (an?|another|two or more|three or more|four or more|"
                         r"five or more|seven or more|\w+ or more) (.+)", low):
        f = noun(t[len(t) - len(m.group(2)):]).filter
        q = m.group(1)
        if q == "another":
            f = replace(f, other=True)
        if "or more" in q:
            return ("compare", {"count": _mine(f)}, "ge", _number(q.split()[0]))
        return ("you_control", f)
    if m := re.fullmatch(r"you control no (.+)", low):
        return ("not", ("you_control", noun(t[len(t) - len(m.group(1)):]).filter))
    if m := re.fullmatch(r"an opponent controls (\w+) or more (.+)", low):
        f = noun(t[m.start(2):m.end(2)]).filter
        return ("opponent_controls_n", f, _number(m.group(1)))
    if m := re.fullmatch(r"an opponent controls (?:an?|one or more) (.+)", low):
        return ("opponent_controls", noun(t[len(t) - len(m.group(1)):]).filter)
    if m := re.fullmatch(r"you have (\w+) or more life", low):
        return ("compare", {"life": "you"}, "ge", _number(m.group(1)))
    if m := re.fullmatch(r"you have (\w+) or less life", low):
        return ("compare", {"life": "you"}, "le", _number(m.group(1)))
    if m := re.fullmatch(r"you have at least (\w+) life more than your starting life total",
                         low):
        return ("compare", {"life": "you"}, "ge", {"plus": [20, _number(m.group(1))]})
    if low in ("you have no cards in hand", "you have no cards in your hand"):
        return ("no_cards_in_hand",)
    if m := re.fullmatch(r"you have (\w+) or (more|fewer) cards in (?:your )?hand", low):
        return ("compare", {"cards_in_hand": "you"}, "ge" if m.group(2) == "more" else "le",
                _number(m.group(1)))
    if m := re.fullmatch(r"there are (\w+) or more cards in your graveyard", low):
        return ("compare", {"cards_in_graveyard": "you"}, "ge", _number(m.group(1)))
    # threshold, spell mastery, delirium: what is in your graveyard
    if m := re.fullmatch(r"(\w+) or more cards are in your graveyard", low):
        return ("compare", {"cards_in_graveyard": "you"}, "ge", _number(m.group(1)))
    if m := re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard",
                         low):
        return ("compare", {"graveyard_types": "you"}, "ge", _number(m.group(1)))
    if low in ("a permanent you controlled left the battlefield this turn",
               "a permanent left the battlefield under your control this turn"):
        return ("permanent_left_under_you",)
    if low in ("you cast ~ during your main phase", "you cast it during your main phase"):
        return ("cast_in_main",)
    if m := re.fullmatch(r"there are (\w+) or more (.+?) cards in your graveyard", low):
        f = noun(t[m.start(2):m.end(2)] + " card").filter
        return ("cards_in_graveyard_ge", f, _number(m.group(1)))
    if m := re.fullmatch(r"(?:~|it) is (tapped|untapped)", low):
        return ("source_tapped", m.group(1) == "tapped")
    if m := re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard",
                         low):  # delirium
        return ("card_types_in_graveyard_ge", _number(m.group(1)))
    if m := re.fullmatch(r"(\w+) or more cards are in your graveyard", low):  # threshold
        return ("compare", {"cards_in_graveyard": "you"}, "ge", _number(m.group(1)))
    if m := re.fullmatch(r"(a player|an opponent) has (\w+) or less life", low):
        return ("some_player_life_le", m.group(1) == "an opponent", _number(m.group(2)))
    if m := re.fullmatch(r"creatures you control have total power (\w+) or greater", low):
        return ("total_power_ge", _number(m.group(1)))  # formidable
    if low in ("you're the monarch", "you are the monarch"):
        return ("is_monarch",)
    if low in ("you have the city's blessing",):
        return ("city_blessing",)
    if low == "no spells were cast last turn":
        return ("spells_last_turn", "none")
    if low == "a player cast two or more spells last turn":
        return ("spells_last_turn", "two")
    if low in ("an opponent was dealt damage this turn",):
        return ("opponent_dealt_damage_this_turn",)
    if low in ("an opponent lost life this turn",):
        return ("opponent_lost_life_this_turn",)
    if low in ("you gained life this turn",):
        return ("gained_life_this_turn",)
    if low in ("a creature died this turn",):
        return ("creature_died_this_turn",)
    if low in ("you attacked this turn", "you attacked with a creature this turn"):
        return ("attacked_this_turn",)
    if low in ("~ attacked this turn",):
        return ("source_attacked_this_turn",)
    if m := re.fullmatch(r"it had no ([+-]1/[+-]1) counters on it", low):
        return ("no_counter_lki", m.group(1))
    if low in ("~ is on the battlefield", "it's on the battlefield"):
        return ("source_on_battlefield",)
    if m := re.fullmatch(r"(?:~|it) has (?:a|one or more) ([+-]1/[+-]1|\w+) counters? on it", low):
        return ("has_counter", m.group(1))
    if m := re.fullmatch(r"(?:~|it) has no ([+-]1/[+-]1|\w+) counters on it", low):
        return ("not", ("has_counter", m.group(1)))
    if low in ("~ is renowned", "it's renowned"):
        return ("designated", "renowned")
    if low in ("~ isn't renowned", "it isn't renowned"):
        return ("not", ("designated", "renowned"))
    if m := re.fullmatch(r"(.+?) and/or (.+)", low):
        return ("any", read_condition(r, t[m.start(1):m.end(1)]),
                read_condition(r, t[m.start(2):m.end(2)]))
    if low in ("it's night", "it's day"):
        return ("day_night", low.split()[-1])
    if m := re.fullmatch(r"an? (\w+) was beheld", low):
        return ("additional_paid", "behold")  # 701.63a, as the spell was cast
    if m := re.fullmatch(r"you revealed an? (\w+) card or controlled an? (\w+) as you cast "
                         r"(?:~|this spell)", low):
        # "If you revealed a Dragon card or controlled a Dragon as you cast this spell"
        return ("any", ("additional_paid", "reveal"),
                ("controlled_at_cast", noun(t[m.start(2):m.end(2)]).filter))
    it = getattr(r, "it", None)
    if it in ("revealed", "revealed_hit") and (m := re.fullmatch(r"it's (?:an? )?(.+)", low)):
        # "… reveal the top card of your library. If it's a creature card, draw a card"
        return ("ref_matches", it, noun(t[len(t) - len(m.group(1)):]).filter)
    if isinstance(it, str) and re.fullmatch(r"target\d*", it):
        # "Counter target spell if it's blue", "… if its mana value is 2 or less": the target
        # as the spell resolves (608.2c)
        if m := re.fullmatch(r"it's (?:an? )?(.+)", low):
            words = t[len(t) - len(m.group(1)):]
            if re.fullmatch(r"(?:white|blue|black|red|green|multicolored|monocolored|"
                            r"colorless|legendary|snow|basic)(?:(?: and/or|,| or) \w+)*", words,
                            re.I):
                words += " object"  # an adjective alone: "if it's blue", "if it's legendary"
            return ("target_matches", it, noun(words).filter)
        if m := re.fullmatch(r"(?:it|that creature|that permanent|that card) (?:was|is) "
                             r"(?:an? )?(.+)", low):
            words = t[len(t) - len(m.group(1)):]
            if re.fullmatch(r"(?:white|blue|black|red|green|multicolored|monocolored|"
                            r"colorless)(?:(?: and/or|,| or) \w+)*", words, re.I):
                words += " object"
            return ("target_matches", it, noun(words).filter)
        if m := re.fullmatch(r"(?:it|that creature) has an? ([+-]1/[+-]1) counter on it", low):
            return ("target_matches", it, Filter(counter=m.group(1)))
        if m := re.fullmatch(r"its (power|toughness) is (\w+)(?: or (less|greater))?", low):
            n = _number(m.group(2))
            key = m.group(1)
            bounds = {f"{key}_le": n} if m.group(3) == "less" else \
                {f"{key}_ge": n} if m.group(3) == "greater" else {f"{key}_le": n, f"{key}_ge": n}
            return ("target_matches", it, Filter(**bounds))
        if m := re.fullmatch(r"(?:its mana value (?:is|was)|it has mana value) (\w+) or "
                             r"(less|greater)", low):
            key = "mv_le" if m.group(2) == "less" else "mv_ge"
            return ("target_matches", it, Filter(**{key: _number(m.group(1))}))
    if m := re.fullmatch(r"an? (.+?) (?:was|were) milled this way", low):
        # "If a card with the chosen name was milled this way" (608.2h)
        words = t[m.start(1):m.end(1)]
        if r is not None:
            r.it = "milled"  # "… you gain life equal to its mana value": the milled card
        return ("milled_this_way", None if words.lower() == "card" else noun(words).filter)
    if low in ("the gift was promised", "~'s gift was promised"):
        return ("gift_promised",)
    if low in ("the gift wasn't promised", "the gift was not promised"):
        return ("not", ("gift_promised",))
    if m := re.fullmatch(r"((?:\{[wubrg]\})+) was spent to cast (?:~|this spell|it)", low):
        # "If {R} was spent to cast this spell" (601.2h: the mana paid for it)
        need: dict[str, int] = {}
        for sym in re.findall(r"\{([wubrg])\}", m.group(1)):
            need[sym.upper()] = need.get(sym.upper(), 0) + 1
        return ("mana_spent", tuple(sorted(need.items())))
    if m := re.fullmatch(r"at least (\w+) (white|blue|black|red|green) mana was spent to cast "
                         r"(?:~|this spell|it)", low):
        # adamant: "If at least three red mana was spent to cast this spell"
        return ("mana_spent", ((COLOR_SYMBOL[m.group(2)], _number(m.group(1))),))
    if m := re.fullmatch(r"([\w' ]+?) gets more votes( or the vote is tied)?", low):
        return ("votes", m.group(1), bool(m.group(2)))
    if low in ("it's bargained", "it was bargained"):
        return ("bargained",)
    if m := re.fullmatch(r"an opponent (?:has (\w+) or more (poison counters|cards in their "
                         r"graveyard)|has drawn (\w+) or more cards this turn|cast (\w+) or more "
                         r"spells this turn)", low):
        if m.group(1):
            stat = "poison" if m.group(2).startswith("poison") else "graveyard"
            return ("opponent_ge", stat, _number(m.group(1)))
        if m.group(3):
            return ("opponent_ge", "drawn", _number(m.group(3)))
        return ("opponent_ge", "spells", _number(m.group(4)))
    if (got := _this_turn(t, low)) is not None:
        return got
    if m := re.fullmatch(r"(exactly one|an?|\w+ or more) (.+?) (?:is|are) attacking", low):
        # the traps: "If four or more creatures are attacking", "If a white creature is
        # attacking" (the creatures attacking now, 506.4)
        f = replace(noun(t[m.start(2):m.end(2)]).filter, attacking=True)
        q = m.group(1)
        if q == "exactly one":
            return ("compare", {"count": f}, "eq", 1)
        return ("compare", {"count": f}, "ge", 1 if q in ("a", "an") else _number(q.split()[0]))
    if m := re.fullmatch(r"you've gained (\w+) or more life this turn", low):
        return ("life_gained_ge", _number(m.group(1)))
    if low == "you've cast another instant or sorcery spell this turn":
        return ("cast_another_spell", frozenset({"instant", "sorcery"}))
    if m := re.fullmatch(r"there are (\w+) or more (.+?) on the battlefield", low):
        f = noun(t[len(t) - len(m.group(2)) - len(" on the battlefield"):
                   len(t) - len(" on the battlefield")]).filter
        return ("compare", {"count": f}, "ge", _number(m.group(1)))
    if low in ("you've cast another spell this turn", "you have cast another spell this turn",
               "you or one of your teammates has cast another spell this turn"):
        return ("cast_another_spell",)
    if low in ("it was kicked", "~ was kicked", "this spell was kicked"):
        return ("kicked",)
    if low in ("you had a land enter the battlefield under your control this turn",
               "a land entered the battlefield under your control this turn",
               "a land you controlled entered this turn"):
        return ("land_entered_you",)  # landfall
    if low in ("it was bargained", "~ was bargained", "this spell was bargained"):
        return ("bargained",)
    if low in ("you cast it from your hand", "~ was cast from your hand",
               "this spell was cast from your hand"):
        return ("cast_from_hand",)
    if low in ("~ was cast from a graveyard", "this spell was cast from a graveyard",
               "it was cast from a graveyard", "~ was cast from your graveyard"):
        return ("cast_from_graveyard",)
    if m := re.fullmatch(r"(?:it|that creature|that card|that permanent) (?:was|is) an? (.+)",
                         low):
        return ("it_matches", noun(t[len(t) - len(m.group(1)):]).filter)
    if m := re.fullmatch(r"~ is (enchanted|equipped)", low):
        return ("source_is", Filter(**{m.group(1): True}))
    if m := re.fullmatch(r"~ is an? (.+)", low):
        return ("source_is", noun(t[len(t) - len(m.group(1)):]).filter)
    if m := re.fullmatch(r"(.+?) (?:is|are) (\w+) or (more|greater|less|fewer)", low):
        amount = read_amount(r, m.group(1))
        op = "ge" if m.group(3) in ("more", "greater") else "le"
        return ("compare", amount, op, _number(m.group(2)))
    if m := re.fullmatch(r"(.+?) is (less|greater) than (.+)", low):
        right = plain_number(m.group(3))
        if right is None:
            right = read_amount(r, t[m.start(3):m.end(3)])
        return ("compare", read_amount(r, t[m.start(1):m.end(1)]),
                "lt" if m.group(2) == "less" else "gt", right)
    raise Unsupported(msg("text.conditions.unread", text=t))


def _mine(f: Filter) -> Filter:
    return replace(f, controller="you")


def _count_word(q: str) -> int:
    return 1 if q in ("a", "an", "one or more") else _number(q.split()[0])


def _this_turn(t: str, low: str) -> tuple | None:
    """What the turn's record says: "an opponent cast a blue spell this turn", "an opponent
    had two or more creatures enter the battlefield under their control this turn", "an
    opponent drew three or more cards this turn", "a creature card was put into your
    graveyard from anywhere this turn", "you've sacrificed an artifact this turn"."""
    def words(m: re.Match, i: int) -> str:
        return t[m.start(i):m.end(i)]
    if low in ("you descended this turn", "you've descended this turn"):
        # 700.11: a permanent card was put into your graveyard from anywhere this turn
        return ("this_turn", "to_graveyard", "you", noun("permanent card").filter, "ge", 1)
    if low == "an opponent gained life this turn":
        return ("this_turn", "gained_life", "opponent", None, "ge", 1)
    if m := re.fullmatch(r"(an opponent|you've|you have) cast (an?|\w+ or more) (.+? spells?) "
                         r"this turn", low):
        who = "opponent" if m.group(1) == "an opponent" else "you"
        f = noun(re.sub(r"spells$", "spell", words(m, 3))).filter
        return ("this_turn", "cast", who, f, "ge", _count_word(m.group(2)))
    if m := re.fullmatch(r"an opponent drew (\w+) or more cards this turn", low):
        return ("this_turn", "drew", "opponent", None, "ge", _number(m.group(1)))
    if m := re.fullmatch(r"(an opponent|you) had (an?|\w+ or more) (.+?) enter the battlefield "
                         r"under (?:their|your) control this turn", low):
        who = "opponent" if m.group(1) == "an opponent" else "you"
        f = noun(words(m, 3)).filter
        return ("this_turn", "entered", who, f, "ge", _count_word(m.group(2)))
    if m := re.fullmatch(r"an opponent had (\w+) or more cards put into their graveyard from "
                         r"anywhere this turn", low):
        return ("this_turn", "to_graveyard", "opponent", None, "ge", _number(m.group(1)))
    if m := re.fullmatch(r"an? (.+? card) was put into your graveyard from anywhere this turn",
                         low):
        f = noun(words(m, 1)).filter
        return ("this_turn", "to_graveyard", "you", f, "ge", 1)
    if m := re.fullmatch(r"you(?:'ve| have) sacrificed (an?|\w+ or more) (.+?) this turn", low):
        f = noun(words(m, 2)).filter
        return ("this_turn", "sacrificed", "you", f, "ge", _count_word(m.group(1)))
    return None
