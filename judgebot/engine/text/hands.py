"""A revealed hand and a card chosen from it: "Target opponent reveals their hand. You
choose a nonland card from it [with mana value 3 or less]. That player discards that card."
(or "Exile that card.", "… and exile that card", "You may choose …. If you do, …") read as
one ``choose_from_hand`` effect — whose hand, which cards may be chosen, how many, and where
the chosen card goes; and "… reveals their hand and discards all nonland cards".

>>> from judgebot.engine.text.reader import Reader
>>> eff, used = read_hand_reveal(Reader(), ["Target player reveals their hand.",
...     "You choose a nonland card from it with mana value 3 or less.",
...     "That player discards that card."], 0)
>>> used, eff[0].verb, eff[0].get("to")
(3, 'choose_from_hand', 'discard')
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine.abilities import Effect, Filter
from judgebot.engine.text.amounts import plain_number
from judgebot.engine.text.library import card_filter
from judgebot.engine.text.selectors import target_spec

WHO = r"(?P<who>target player|target opponent|each opponent|each player)"
REVEALS = re.compile(WHO + r" reveals (?:their|his or her) hand", re.I)
# "Look at target player's hand and choose two cards from it" / "Target player reveals their
# hand and you choose a nonland card from it": the hand and the choice in one sentence
LOOKS = re.compile(r"(?:look at (?P<who>target player|target opponent)'s hand and |"
                   + WHO.replace("?P<who>", "?P<who2>")
                   + r" reveals (?:their|his or her) hand and you )(?P<choose>choose .+)", re.I)
CHOOSE = re.compile(r"(?:you )?(?P<may>may )?choose (?P<count>an?|one|two|three|x|up to one|"
                    r"up to two) "
                    r"(?P<what>.+?) from (?:it|that hand|among them)(?P<with> with .+?)?"
                    r"(?: and (?P<then>exile|exiles) (?:that card|it|them|those cards))?", re.I)
AFTER = re.compile(r"(?:if you do, )?(?:that player|they) (?P<v>discards|exiles) (?:that card|it|"
                   r"those cards|them|the chosen cards?)|(?P<x>exile) (?:that card|it|the chosen "
                   r"card)|(?P<top>put) (?:that card|it|the chosen card|them|those cards) on "
                   r"top of (?:that player's|their) library(?: in any order)?", re.I)
DISCARD_ALL = re.compile(WHO + r" reveals (?:their|his or her) hand and (?:discards|exiles) all "
                         r"(?P<what>.+?)", re.I)


def read_hand_reveal(r: Any, sentences: list[str], i: int
                     ) -> tuple[list[Effect], int] | None:
    """The effect of sentences ``i``… if a player reveals their hand and a card of it is
    chosen (or all cards of a kind are discarded); ``None`` if they don't start so."""
    s = _plain(sentences[i])
    if m := DISCARD_ALL.fullmatch(s):
        who = _who(r, m.group("who"))
        f = _filter(m.group("what"))
        to = "exile" if " exiles all " in s.lower() else "discard"
        return [Effect("choose_from_hand", {"who": who, "filter": f, "to": to, "all": True},
                       text=s)], 1
    look = LOOKS.fullmatch(s)
    if look is not None:
        whose, c = look.group("who") or look.group("who2"), CHOOSE.fullmatch(look.group("choose"))
        k = 1  # the sentence after the choice
    else:
        m = REVEALS.fullmatch(s)
        if m is None or i + 1 >= len(sentences):
            return None
        whose, c = m.group("who"), CHOOSE.fullmatch(_plain(sentences[i + 1]))
        k = 2
    if c is None:
        return None
    used = k
    to = None
    if c.group("then"):
        to = "exile"
    elif i + k < len(sentences) and (a := AFTER.fullmatch(_plain(sentences[i + k]))):
        to = "exile" if (a.group("x") or (a.group("v") or "").lower() == "exiles") \
            else "top" if a.group("top") else "discard"
        used = k + 1
    if to is None:
        return None
    if c.group("may") and used == k + 1 and not re.match(r"if you do, ", sentences[i + k], re.I):
        return None
    count = c.group("count").lower()
    n: Any = 1 if count in ("a", "an", "one", "up to one") else plain_number(count.split()[-1])
    f = _filter(c.group("what") + (c.group("with") or ""))
    who = _who(r, whose)
    args: dict[str, Any] = {"who": who, "filter": f, "to": to, "n": n,
                            "optional": bool(c.group("may")) or count.startswith("up to")}
    if look is not None and look.group("who"):
        args["look"] = True  # looked at, not revealed (701.20e)
    return [Effect("choose_from_hand", args, text=" ".join(sentences[i:i + used]))], used


def _plain(s: str) -> str:
    return s.strip().rstrip(".").strip()


def _who(r: Any, text: str) -> Any:
    if "target" in text.lower():
        ref = r.add_target(target_spec(text.lower()))
        r.that_player = ref
        return ref
    return "each_opponent" if "opponent" in text.lower() else "each_player"


def _filter(text: str) -> Filter | None:
    t = re.sub(r"^(?:an?|one|two) ", "", text.strip(), flags=re.I)
    f = card_filter(t)
    return None if f is None else replace(f, zone="hand")


__all__ = ["read_hand_reveal"]
