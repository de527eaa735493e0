"""Activation and additional costs as written: "{2}{B}, {T}, Sacrifice a creature",
"Pay 2 life", "Remove a +1/+1 counter from ~", "Tap an untapped creature you control",
"Exile a creature card from your graveyard", 牺牲一个生物 …"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine.abilities import Cost
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.text.phrases import parse_phrase_zh
from judgebot.engine.text.selectors import noun
from judgebot.engine.text.words import mana_cost, number
from judgebot.messages import msg

SELF = r"(?:~|this creature|this permanent|this artifact|this enchantment|this land|" \
       r"this card|this equipment|this vehicle|this aura)"


def read_cost(text: str) -> Cost:
    """An activation cost: "{2}{B}, {T}, Sacrifice a creature, Discard a card"."""
    mana = ManaCost()
    fields: dict[str, Any] = {}
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|，\s*(?![^{]*\})", text) if p.strip()]
    for part in parts:
        low = part.lower()
        if m := re.fullmatch(r"\[?([+\-−–]?)(\d+|x)\]?", part, re.I):
            if m.group(2).lower() == "x":
                raise Unsupported(msg("text.costs.read_cost", part=part))
            sign = -1 if m.group(1) in ("-", "−", "–") else 1
            fields["loyalty"] = sign * int(m.group(2))  # a loyalty ability (606.4)
        elif low in ("{t}", "{横置}"):
            fields["tap"] = True
        elif low in ("{q}", "{重置}"):
            fields["untap"] = True
        elif re.fullmatch(r"(\{e\})+", low):
            fields["energy"] = low.count("{e}")
        elif low.startswith("pay ") and energy_count(part[4:]) is not None:
            fields["energy"] = energy_count(part[4:])  # "Pay {E}{E}", "Pay six {E}" (107.14)
        elif re.fullmatch(r"(\{[^}]+\})+", part):
            mana = mana.plus(mana_cost(part))
        elif re.fullmatch(r"sacrifice " + SELF, low) or re.fullmatch(r"牺牲~", part):
            fields["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|two|three|four|another) (.+)", low):
            phrase = part[len(part) - len(m.group(2)):]
            f = noun(re.sub(r"s$", "", phrase) if m.group(1) in ("two", "three", "four")
                     else phrase).filter
            if m.group(1) == "another":
                f = replace(f, other=True)
            fields["sacrifice"] = f
            fields["sacrifice_count"] = 1 if m.group(1) == "another" else number(m.group(1))
        elif m := re.fullmatch(r"牺牲(一|二|两|三)个(.+)", part):
            fields["sacrifice"] = parse_phrase_zh(m.group(2))
            fields["sacrifice_count"] = number(m.group(1))
        elif m := re.fullmatch(r"discard (a|one|two|three) cards?", low):
            fields["discard"] = number(m.group(1))
        elif m := re.fullmatch(r"discard (an?|one|two|three) (.+?) cards?", low):
            fields["discard"] = number(m.group(1))
            what = re.fullmatch(r"discard \S+ (.+?) cards?", part.strip(), re.I)
            assert what is not None
            fields["discard_filter"] = replace(noun(what.group(1)).filter, zone="hand")
        elif low in ("discard this card", "discard ~"):
            fields["discard_self"] = True
        elif m := re.fullmatch(r"弃(一|两|二)张牌", part):
            fields["discard"] = number(m.group(1))
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"支付(\d+)点生命", part):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"remove (a|an|one|two|three|four|five|\w+) ([+-]1/[+-]1|\w+) "
                               r"counters? from " + SELF, low):
            fields["remove_counters"] = (m.group(2), number(m.group(1)))
        elif re.fullmatch(r"exile " + SELF, low):  # the permanent itself (602.2)
            fields["exile_self"] = True
            fields["zone"] = "battlefield"
        elif low in ("exile ~ from your hand", "exile this card from your hand"):
            fields["exile_self"] = True
        elif low in ("exile ~ from your graveyard", "exile this card from your graveyard"):
            fields["exile_self"] = True
            fields["zone"] = "graveyard"
        elif low in ("return ~ to its owner's hand",):
            fields["return_self"] = True
        elif m := re.fullmatch(r"tap any number of (other )?untapped (.+?) you control with "
                               r"total power (\d+) or (?:greater|more)", low):
            body = part[m.start(2):m.end(2)]
            f = noun(re.sub(r"s$", "", body)).filter
            f = replace(f, controller="you", tapped=False, other=bool(m.group(1)))
            fields["tap_power"] = (f, int(m.group(3)))
        elif m := re.fullmatch(r"tap (an|one|two|three|four|five) untapped (.+?) you control",
                               low):
            f = noun(part[len(part) - len(m.group(2)) - len(" you control"):]).filter
            f = replace(f, controller="you", tapped=False)
            fields["tap_others"] = (f, number(m.group(1) if m.group(1) != "an" else "a"))
        elif m := re.fullmatch(r"exile (a|an|one|two|three|four|five) (.+?) from your graveyard",
                               low):
            body = part[len(part) - len(m.group(2)) - len(" from your graveyard"):
                        len(part) - len(" from your graveyard")]
            f = noun(re.sub(r"\bcards\b", "card", body)).filter
            f = replace(f, zone="graveyard", owner="you")
            fields["exile_from_graveyard"] = (f, number(m.group(1) if m.group(1) != "an"
                                                        else "a"))
        elif m := re.fullmatch(r"exile (a|an|one|two|three) (.+?) from your hand", low):
            # an alternative cost (Force of Will's "exile a blue card from your hand")
            body = part[m.start(2):m.end(2)]
            f = noun(re.sub(r"\bcards\b", "card", body)).filter
            fields["exile_from_hand"] = (replace(f, zone="hand", owner="you"),
                                         number(m.group(1) if m.group(1) != "an" else "a"))
        elif m := re.fullmatch(r"return (a|an) (.+?) you control to its owner's hand", low):
            f = noun(part[len(part) - len(m.group(2)) - len(" you control to its owner's hand"):
                          len(part) - len(" you control to its owner's hand")]).filter
            fields["return_other"] = replace(f, controller="you")
        elif m := re.fullmatch(r"put (a|an|one|two) ([+-]1/[+-]1) counters? on " + SELF, low):
            fields["put_counters_self"] = (m.group(2), number(m.group(1)))
        else:
            raise Unsupported(msg("text.costs.read_cost", part=part))
    return Cost(mana=mana, text=text, **fields)


def energy_count(text: str) -> int | None:
    """ "{E}{E}", "six {E}", "eight {E}": how many energy counters; None if not that."""
    low = text.strip().lower()
    if re.fullmatch(r"(\{e\})+", low):
        return low.count("{e}")
    if m := re.fullmatch(r"(\w+) \{e\}", low):
        try:
            n = number(m.group(1))
        except (Unsupported, ValueError, KeyError):
            return None
        return n if isinstance(n, int) and n > 0 else None
    return None


__all__ = ["read_cost", "energy_count"]
