"""Revealing cards from the top of a library until one of a kind turns up: "Reveal cards
from the top of your library until you reveal a nonland card." (701.20a; "Its controller
reveals … until they reveal a creature card", "… until a creature card is revealed", "Exile
cards from the top of your library until you exile a land card") read into one
``reveal_until`` effect — whose library, what kind of card ends it, how many of them — and
the sentences that put those cards somewhere ("Put that card into your hand and the rest on
the bottom of your library in a random order", "then shuffles the rest into their
library") into ``place_revealed``. Sentences between them read "that card" as the card
that ended the reveal ("deals damage equal to that card's mana value").

>>> from judgebot.engine.text.reader import Reader
>>> r = Reader()
>>> eff, used = read_reveal_until(r, ["Reveal cards from the top of your library until you "
...     "reveal a nonland card.", "Put that card into your hand and the rest on the bottom of "
...     "your library in a random order."], 0)
>>> used, eff[0].verb, [(p["what"], p["to"]) for p in read_place(r, "Put that card into "
...     "your hand and the rest on the bottom of your library in a random order")]
(1, 'reveal_until', [('hit', 'hand'), ('rest', 'bottom')])
"""

from __future__ import annotations

import re
from typing import Any

from judgebot.engine.abilities import Effect
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.amounts import plain_number, read_amount
from judgebot.engine.text.effects import player_ref
from judgebot.engine.text.library import card_filter

HEAD = re.compile(
    r"(?:(?P<who>.+?) )?(?P<verb>reveals?|exiles?) cards from the top of (?:your|their|his or "
    r"her) library until (?:(?:you|they|that player|he or she) (?:reveals?|exiles?) "
    r"(?P<what>.+?)|(?P<what2>an? .+?) (?:is|are) revealed)"
    r"(?:, where x is (?P<x>.+?))?(?:, then (?P<then>.+))?", re.I)
COUNT = re.compile(r"(?P<count>an?|one|two|three|four|five|x|that many) (?P<noun>.+)", re.I)

# what a placing sentence names: the card(s) that ended the reveal, the others, or all
HIT = ("that card", "it", "those cards", "the revealed card", "the card", "that land card",
       "those land cards", "those creature cards", "the nonland card", "the creature card",
       "the land card", "the artifact card", "that creature card", "the nonland cards revealed "
       "this way", "the creature cards revealed this way", "all creature cards revealed this way",
       "the chosen card")
REST = ("the rest", "the rest of the revealed cards", "all other cards revealed this way",
        "the other cards revealed this way", "the others", "the rest of the cards revealed this "
        "way", "all cards revealed this way that weren't put onto the battlefield",
        "the other revealed cards", "all other revealed cards")
ALL = ("the revealed cards", "all cards revealed this way", "the cards revealed this way",
       "all the revealed cards", "the cards revealed", "all revealed cards")
DEST = (r"(?P<dest>into (?:your|their|his or her) hand|onto the battlefield(?: tapped)?(?: under "
        r"(?P<yours>your) control| under their control)?|into (?:your|their|his or her) "
        r"graveyard|on the bottom of (?:your|their|his or her|that) library(?: in (?:any|a "
        r"random) order)?)")
SUBJECT = r"(?:(?:that player|the player|they|you|its controller) )?(?:puts?|then puts?) "


def read_reveal_until(r: Any, sentences: list[str], i: int
                      ) -> tuple[list[Effect], int] | None:
    """The effect of sentence ``i`` if it reveals (or exiles) cards from the top of a library
    until one of a kind; ``None`` if it doesn't."""
    s = sentences[i].strip().rstrip(".").strip()
    m = HEAD.fullmatch(s)
    if m is None:
        return None
    who_text = m.group("who")
    if who_text and who_text.lower() in ("then", "and"):
        who_text = None
    try:
        who = player_ref(r, who_text) if who_text else "you"
    except Unsupported:
        return None
    what = m.group("what") or m.group("what2")
    c = COUNT.fullmatch(what.strip())
    if c is None:
        return None
    count = c.group("count").lower()
    n: Any
    if count in ("a", "an", "one"):
        n = 1
    elif count == "that many":
        n = "amount"
    elif count == "x":  # the spell's X, or what "where X is …" says
        n = read_amount(r, m.group("x")) if m.group("x") else "X"
    else:
        n = plain_number(count)
    noun = re.sub(r"\bcards\b", "card", c.group("noun").strip())
    try:
        f = card_filter(noun)
    except Unsupported:
        return None
    args: dict[str, Any] = {"who": who, "filter": f, "n": n}
    if m.group("verb").lower().startswith("exile"):
        args["exile"] = True
    r.revealing = "one" if n == 1 else "many"
    r.it = "revealed_hit"
    r.them = "revealed_hit"
    if isinstance(who, str) and who not in ("you",):
        r.that_player = who
    if m.group("then"):
        places = read_place(r, m.group("then"))
        if places is None:
            r.revealing = None
            return None
        args["then"] = tuple(places)
    return [Effect("reveal_until", args, text=s)], 1


def read_place(r: Any, sentence: str) -> list[dict[str, Any]] | None:
    """ "Put that card into your hand and the rest on the bottom of your library in a random
    order": where each group of the revealed cards goes; ``None`` if the sentence says
    anything else."""
    t = sentence.strip().rstrip(".").strip()
    t = re.sub(r"^then,? ", "", t, flags=re.I)
    parts = re.split(r",? and (?=(?:put |puts )?(?:the rest|all other|the other|the others)\b)"
                     r"|, then (?=shuffles? )|, then (?=puts? )", t, flags=re.I)
    out: list[dict[str, Any]] = []
    for part in parts:
        got = _one_place(r, part.strip())
        if got is None:
            return None
        out.append(got)
    return out


def _one_place(r: Any, part: str) -> dict[str, Any] | None:
    low = part.lower()
    if m := re.fullmatch(r"(?:(?:that player|the player|they|you|its controller) )?shuffles? "
                         r"(.+?) into (?:your|their|his or her|that) library", low):
        what = _group(r, m.group(1))
        return None if what is None else {"what": what, "to": "shuffle"}
    if m := re.fullmatch(r"(?:(?:that player|the player|they|you) )?exiles? (.+)", low):
        what = _group(r, m.group(1))
        return None if what is None else {"what": what, "to": "exile"}
    m = re.fullmatch(SUBJECT + r"(.+?) " + DEST, low) or \
        re.fullmatch(r"(the rest|all other cards revealed this way|the others) " + DEST, low)
    if m is None:
        return None
    what = _group(r, m.group(1))
    if what is None:
        return None
    dest = m.group("dest")
    to = "hand" if "hand" in dest else "battlefield" if "battlefield" in dest else \
        "graveyard" if "graveyard" in dest else "bottom"
    place: dict[str, Any] = {"what": what, "to": to}
    if "tapped" in dest:
        place["tapped"] = True
    if m.group("yours"):
        place["yours"] = True
    return place


def _group(r: Any, words: str) -> str | None:
    w = words.strip().lower()
    if w in ("those cards",) and getattr(r, "revealing", None) == "one":
        return "all"  # "until they reveal a land card, then puts those cards …": every one
    if w in HIT:
        return "hit"
    if w in REST:
        return "rest"
    if w in ALL:
        return "all"
    return None


__all__ = ["read_reveal_until", "read_place"]
