"""Looking at or revealing the top cards of a library and putting them in places: the
run of sentences "Look at the top N cards of your library. [You may] put … from among
them into your hand [and …]. Put the rest on the bottom of your library in any order."
read into one ``dig`` effect — the cards seen, what is taken (each pick a count between a
least and a most, a kind of card, a destination), and where the rest go.

>>> from judgebot.engine.text.reader import Reader
>>> eff, used = read_dig(Reader(), ["Look at the top six cards of your library.",
...     "Put up to two creature cards with mana value 3 or less from among them onto the "
...     "battlefield.", "Put the rest on the bottom of your library in any order."], 0)
>>> used, eff[0].get("n"), [(p["least"], p["most"], p["to"]) for p in eff[0].get("picks")]
(3, 6, [(0, 2, 'battlefield')])
"""

from __future__ import annotations

import re
from typing import Any

from judgebot.engine.abilities import Effect
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.amounts import plain_number, read_amount
from judgebot.engine.text.selectors import noun

HEAD = re.compile(r"(?P<verb>look at|reveal) the top (?P<n>\w+) cards? of your library"
                  r"(?:, where x is (?P<x>.+))?", re.I)
THEM = r"(?:them|those cards|the revealed cards|the cards revealed this way)"
DEST = (r"(?P<dest>into your hand|onto the battlefield(?: tapped)?|into your graveyard|"
        r"on the bottom of your library|on top of your library)")
REST = (r"(?:into your graveyard|on the bottom of your library(?: in (?:any|a random) order)?|"
        r"into your hand|on top of your library in any order|back on top of your library in "
        r"any order)")
REST_WHAT = (r"(?:the rest|the other|the others|all other cards revealed this way|"
             r"the rest of the cards revealed this way|the rest of the revealed cards|"
             r"all cards revealed this way that weren't put (?:onto the battlefield|"
             r"into your hand)(?: this way)?)")
COUNT = (r"(?P<count>an?|one|two|three|four|up to (?:one|two|three|four|x)|any number of|"
         r"all)")


def read_dig(r: Any, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """The effect of sentences ``i``… if they look at / reveal the top cards of your
    library and put them in places; ``None`` if they don't start so."""
    s = _plain(sentences[i])
    m = HEAD.fullmatch(s)
    if m is None:
        return None
    n: Any = plain_number(m.group("n"))
    if n is None:
        return None
    if m.group("x"):
        if n != "X":
            return None
        n = read_amount(r, m.group("x"))
    picks: list[dict[str, Any]] = []
    rest: str | None = None
    used = 1
    while i + used < len(sentences) and rest is None:
        t = re.sub(r"^then,? ", "", _plain(sentences[i + used]), flags=re.I)
        got = _pick_sentence(t)
        if got is None:
            q = re.fullmatch(r"put " + REST_WHAT + " (" + REST + ")", t, re.I)
            if q is None:
                break
            rest = q.group(1)
        else:
            more, rest = got
            picks.extend(more)
        used += 1
    if picks and rest is None and isinstance(n, int) and \
            all(p["least"] == p["most"] > 0 for p in picks) and \
            sum(p["most"] for p in picks) == n:
        # "Put one of those cards into your hand, one into your graveyard, and one on the
        # bottom of your library": every card seen has its place, none is left
        rest = "on the bottom of your library"
    if not picks or rest is None:
        return None
    args: dict[str, Any] = {"n": n, "picks": tuple(picks), "rest": _where(rest),
                            "reveal": m.group("verb").lower() == "reveal"}
    if re.search(r"random order", rest, re.I):
        args["random"] = True
    text = " ".join(sentences[i:i + used])
    return [Effect("dig", args, text=text)], used


EXILE_TOP = re.compile(r"exile the top (?:(?P<n>\w+) )?cards? of your library", re.I)
PLAY = re.compile(r"(?:(?P<pre>until end of turn|until the end of your next turn), you may play "
                  r"(?:that card|those cards|them|it)|you may play (?:that card|those cards|"
                  r"them|it) (?P<post>this turn|until end of turn|until the end of your next "
                  r"turn))", re.I)


def read_exile_top(r: Any, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """ "Exile the top card of your library. You may play that card this turn." (and "until
    the end of your next turn", "the top two cards … those cards"): the cards exiled and how
    long their controller may play them; without the second sentence, only the exile."""
    m = EXILE_TOP.fullmatch(_plain(sentences[i]))
    if m is None:
        return None
    n: Any = plain_number(m.group("n")) if m.group("n") else 1
    if n is None:
        return None
    args: dict[str, Any] = {"n": n}
    used = 1
    if i + 1 < len(sentences) and (p := PLAY.fullmatch(_plain(sentences[i + 1]))):
        when = (p.group("pre") or p.group("post")).lower()
        args["may_play"] = "your_next_turn" if "next turn" in when else "eot"
        used = 2
    return [Effect("exile_top", args, text=" ".join(sentences[i:i + used]))], used


def _plain(s: str) -> str:
    return s.strip().rstrip(".").strip()


def _pick_sentence(t: str) -> tuple[list[dict[str, Any]], str | None] | None:
    """ "[You may] put up to two creature cards from among them onto the battlefield [and the
    rest …]" / "You may reveal a creature card from among them and put it into your hand":
    the picks, and where the rest go if the sentence says."""
    may = False
    if m := re.match(r"you may ", t, re.I):
        may, t = True, t[m.end():]
    rest = None
    if m := re.fullmatch(r"(.+?),? and (?:put )?" + REST_WHAT + " (" + REST + ")", t, re.I):
        t, rest = m.group(1), m.group(2)
    if m := re.fullmatch(r"reveal (.+?) from among " + THEM + r" and put (?:it|them|that card|"
                         r"those cards|the revealed cards?) " + DEST, t, re.I):
        what, dest = m.group(1), m.group("dest")
        parts = [(what, dest)]
    elif m := re.fullmatch(r"put (.+)", t, re.I):
        parts = []
        pieces = re.split(r",? and (?=(?:up to )?(?:an?|one|two) )|, (?=(?:one|two) )",
                          m.group(1))
        for k, piece in enumerate(pieces):
            q = re.fullmatch(r"(.+?) (?:from among " + THEM + r"|of " + THEM + r"|revealed this "
                             r"way) " + DEST, piece, re.I)
            if q is None and k > 0:
                # "…, one into your graveyard, and one on the bottom of your library": "of
                # them" said once, for the first
                q = re.fullmatch(r"(one|two) " + DEST, piece, re.I)
            if q is None:
                return None
            parts.append((q.group(1), q.group("dest")))
    else:
        return None
    picks: list[dict[str, Any]] = []
    for what, dest in parts:
        for one in re.split(r" and/or (?=an? )", what):
            pick = _pick(one, dest, may or " and/or " in what)
            if pick is None:
                return None
            picks.append(pick)
    return picks, rest


def card_filter(text: str) -> Any:
    """ "nonland card", "creature card with mana value 3 or less", "card" → a filter on the
    cards (the zone is the verb's)."""
    t = re.sub(r"\bcards\b", "card", text.strip())
    if t.lower() in ("card", "a card"):
        return None
    return noun(t).filter


def _pick(what: str, dest: str, may: bool) -> dict[str, Any] | None:
    m = re.fullmatch(COUNT + r"(?: (.+))?", what.strip(), re.I)
    if m is None:
        return None
    count = m.group("count").lower()
    what_noun = (m.group(2) or "card").strip()
    if count == "all":
        least, most = -1, -1  # every card that matches
    elif count == "any number of":
        least, most = 0, 99
    elif count.startswith("up to "):
        most_n = plain_number(count[6:])
        if not isinstance(most_n, int):
            return None
        least, most = 0, most_n
    else:
        n = 1 if count in ("a", "an") else plain_number(count)
        if not isinstance(n, int):
            return None
        least, most = (0 if may else n), n
    try:
        f = card_filter(what_noun)
    except Unsupported:
        return None
    return {"least": least, "most": most, "filter": f, "to": _where(dest),
            "tapped": dest.lower().endswith("tapped")}


def _where(dest: str) -> str:
    d = dest.lower()
    if "hand" in d:
        return "hand"
    if "battlefield" in d:
        return "battlefield"
    if "graveyard" in d:
        return "graveyard"
    if re.search(r"\btop\b", d):
        return "top"
    return "bottom"


__all__ = ["card_filter", "read_dig", "read_exile_top"]
