"""Activation and additional costs as written: "{2}{B}, {T}, Sacrifice a creature"."""

from __future__ import annotations

import re
from typing import Any

from judgebot.engine.abilities import Cost
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.text.phrases import parse_phrase, parse_phrase_zh
from judgebot.engine.text.words import mana_cost, number
from judgebot.messages import msg


def read_cost(text: str) -> Cost:
    """An activation cost: "{2}{B}, {T}, Sacrifice a creature, Discard a card"."""
    mana = ManaCost()
    fields: dict[str, Any] = {}
    parts = [p.strip() for p in re.split(r",\s*|，\s*(?![^{]*\})", text) if p.strip()]
    for part in parts:
        low = part.lower()
        if m := re.fullmatch(r"\[?([+\-−–]?)(\d+)\]?", part):
            sign = -1 if m.group(1) in ("-", "−", "–") else 1
            fields["loyalty"] = sign * int(m.group(2))  # a loyalty ability (606.4)
        elif low in ("{t}", "{横置}"):
            fields["tap"] = True
        elif low in ("{q}", "{重置}"):
            fields["untap"] = True
        elif re.fullmatch(r"(\{[^}]+\})+", part) and low not in ("{t}",):
            mana = mana.plus(mana_cost(part))
        elif re.fullmatch(r"sacrifice (~|this \w+)", low) or re.fullmatch(r"牺牲~", part):
            fields["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|two|three|another) (.+)", low):
            phrase = m.group(2) if m.group(1) != "another" else "another " + m.group(2)
            fields["sacrifice"] = parse_phrase(phrase)
            fields["sacrifice_count"] = 1 if m.group(1) == "another" else number(m.group(1))
        elif m := re.fullmatch(r"牺牲(一|二|两|三)个(.+)", part):
            fields["sacrifice"] = parse_phrase_zh(m.group(2))
            fields["sacrifice_count"] = number(m.group(1))
        elif m := re.fullmatch(r"discard (a|one|two) cards?", low):
            fields["discard"] = number(m.group(1))
        elif m := re.fullmatch(r"弃(一|两|二)张牌", part):
            fields["discard"] = number(m.group(1))
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"支付(\d+)点生命", part):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"remove (a|one|two|three|\w+) ([+-]1/[+-]1|time|charge|fade|spore)"
                               r" counters? from ~", low):
            fields["remove_counters"] = (m.group(2), number(m.group(1)))
        elif low in ("exile ~ from your hand",):
            fields["exile_self"] = True
        elif low in ("return ~ to its owner's hand",):
            fields["return_self"] = True
        else:
            raise Unsupported(msg("text.costs.read_cost", part=part))
    return Cost(mana=mana, text=text, **fields)


