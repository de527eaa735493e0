"""A creature's power and toughness after the effects a question lists, layer by layer.

"Glorious Anthem, and my 3/3 becomes 1/1 until end of turn: how big is it?"
is decided by rule 613.4: effects that set power and toughness apply in
layer 7b, effects and counters that modify them in 7c, switching in 7d, each
sublayer in timestamp order (and the latest setting effect wins). This module
reads the question for a base power and toughness and the effects on it, in
its words ("becomes 1/1", "gets +2/+2", "two +1/+1 counters", "switch",
变成1/1, +1/+1指示物, 交换) and in the Oracle text of the cards it names
("Creatures you control get +1/+1." is an anthem), and works the result out
through the sublayers, keeping each step for the answer.

Only what is stated is used. A characteristic-defining ability (``*/*``) or
an effect whose amount the question does not give is not guessed: nothing is
computed then, and the answer rests on the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judgebot.corpus import EN, zh_of
from judgebot.judge.understand import Understanding
from judgebot.messages import Joined, Message, Name, msg

# Layer 7 sublayers and the rules that define them (613.4a–d).
RULES = {"7a": "613.4a", "7b": "613.4b", "7c": "613.4c", "7d": "613.4d"}
MAX_EFFECTS = 12  # a question lists a few; more is not a question about one creature

NUM = r"(\d{1,2})"
SET_WORDS = re.compile(
    r"\b(?:becomes?|became|becoming|is now|turned into|turns into|base power and toughness"
    r"(?: of| is| are| become| becomes)?|has base power and toughness|set to)\s+(?:an?\s+)?"
    + NUM + r"\s*/\s*" + NUM
    + r"|(?:变成|变为|成为|设为|设定为|基础力量(?:和|与)防御力(?:为|是|变成)?)\s*(?:一个)?\s*"
    + NUM + r"\s*/\s*" + NUM)
MODIFY = re.compile(r"(?<![\d/])([+\-−]\d{1,2})\s*/\s*([+\-−]\d{1,2})(?!\s*(?:counters?|指示物))")
COUNTERS = re.compile(
    r"(?:\b(a|an|one|two|three|four|five|\d{1,2})\s+)?([+\-−]1)\s*/\s*([+\-−]1)\s*counters?"
    r"|(一|两|二|三|四|五|\d{1,2})?\s*个?\s*([+\-−]1)\s*/\s*([+\-−]1)\s*指示物", re.IGNORECASE)
SWITCH = re.compile(r"\bswitch(?:es|ed|ing)?\b|\bexchang\w* (?:its|their) power\b|交换")
BASE = re.compile(r"(?<![+\-−\d/])" + NUM + r"\s*/\s*" + NUM + r"(?![\d/])")
# The question asks what size something is.
ASKS_SIZE = re.compile(
    r"\bhow (?:big|large)\b|\bwhat(?:'s| is| are)? (?:its |the |my |their )?"
    r"(?:power|toughness|size|p/t|stats)\b|\bpower and toughness\b|\bwhat size\b|\bp/t\b"
    r"|多大|多少|力量|防御力|攻防|身材|几/几|是几")
# ... or whether it survives what the effects leave of its toughness.
ASKS_DEATH = re.compile(r"\bdie[sd]?\b|\bsurvives?\b|\bstill alive\b|死")
COMBAT = re.compile(r"\battack|\bblock|\bcombat damage\b|攻击|阻挡|战斗伤害")
COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
               "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}
# An effect in a card's Oracle text.
CARD_SET = re.compile(r"\b(?:has|have|with) base power and toughness (\d+)/(\d+)"
                      r"|\bbecomes? an? (\d+)/(\d+)\b")
CARD_MODIFY = re.compile(r"\bgets? ([+\-−]\d+)/([+\-−]\d+)")
CARD_COUNTERS = re.compile(r"\bput (a|an|one|two|three|four|five|\d+) ([+\-−]1)/([+\-−]1) "
                           r"counters? on\b")
CARD_SWITCH = re.compile(r"\bswitch (?:its|target creature.s|that creature.s) power and toughness"
                         r"|\bswitch the power and toughness\b")
CARD_DEFINED = re.compile(r"\b(?:power|toughness|power and toughness) (?:is|are) "
                          r"(?:each )?equal to")


@dataclass(frozen=True)
class Effect:
    layer: str  # 7b | 7c | 7d
    at: int  # where the question states it: its timestamp order
    what: Name  # the card, or the question's words
    power: int = 0  # the value set (7b) or the change (7c)
    toughness: int = 0
    counters: int = 0  # 7c counters: how many


@dataclass(frozen=True)
class Step:
    effect: Effect
    power: int
    toughness: int

    def to_dict(self) -> dict:
        return {"layer": self.effect.layer, "rule": RULES[self.effect.layer],
                "what": self.effect.what.to_dict(), "pt": f"{self.power}/{self.toughness}"}


@dataclass(frozen=True)
class Result:
    base: tuple[int, int]
    base_from: Name
    steps: tuple[Step, ...]
    asks_death: bool = False  # the question asks whether it dies

    @property
    def power(self) -> int:
        return self.steps[-1].power if self.steps else self.base[0]

    @property
    def toughness(self) -> int:
        return self.steps[-1].toughness if self.steps else self.base[1]

    @property
    def dies(self) -> bool:
        """With toughness 0 or less the creature doesn't survive the next check
        of state-based actions (rule 704.5f), whatever its size came from."""
        return self.toughness <= 0

    @property
    def rules(self) -> list[str]:
        layers = list(dict.fromkeys(RULES[s.effect.layer] for s in self.steps)) + ["613.7"]
        return ["704.5f", *layers] if self.dies else layers

    def message(self) -> Message:
        steps = Joined(tuple(_step_message(s) for s in self.steps), "list.semicolon")
        base = f"{self.base[0]}/{self.base[1]}"
        if self.base_from.zh or self.base_from.en != base:  # a card's own P/T
            size = msg("judge.pt.answer_card", pt=f"{self.power}/{self.toughness}",
                       base=base, card=self.base_from, steps=steps)
        else:
            size = msg("judge.pt.answer", pt=f"{self.power}/{self.toughness}", base=base,
                       steps=steps)
        if self.dies:
            return msg("judge.pt.dies", answer=size)
        return msg("judge.pt.survives", answer=size) if self.asks_death else size

    def to_dict(self) -> dict:
        return {"base": f"{self.base[0]}/{self.base[1]}", "base_from": self.base_from.to_dict(),
                "steps": [s.to_dict() for s in self.steps],
                "pt": f"{self.power}/{self.toughness}", "rules": self.rules}


def compute(base: tuple[int, int], effects: list[Effect], base_from: Name,
            asks_death: bool = False) -> Result:
    """Apply ``effects`` to ``base`` through layers 7b, 7c and 7d, each sublayer
    in timestamp order (rule 613.4, 613.7)."""
    power, toughness = base
    steps: list[Step] = []
    for layer in ("7b", "7c", "7d"):
        for e in sorted((e for e in effects if e.layer == layer), key=lambda e: e.at):
            if layer == "7b":
                power, toughness = e.power, e.toughness
            elif layer == "7c":
                n = e.counters or 1
                power, toughness = power + n * e.power, toughness + n * e.toughness
            else:
                power, toughness = toughness, power
            steps.append(Step(e, power, toughness))
    return Result(base, base_from, tuple(steps), asks_death)


def read(u: Understanding, store) -> Result | None:
    """The P/T result a question asks for, when it states a base and effects."""
    text = u.text
    asks_death = ASKS_DEATH.search(text.lower()) is not None
    if not (ASKS_SIZE.search(text.lower()) or asks_death) or COMBAT.search(text.lower()):
        return None
    effects: list[Effect] = []
    claimed: list[tuple[int, int]] = []

    def free(span: tuple[int, int]) -> bool:
        return not any(s < span[1] and span[0] < e for s, e in claimed)

    for m in SET_WORDS.finditer(text):
        p, t = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        effects.append(Effect("7b", m.start(), Name(m.group()), int(p), int(t)))
        claimed.append(m.span())
    for m in COUNTERS.finditer(text):
        n_word = (m.group(1) or m.group(4) or "1").lower()
        n = int(n_word) if n_word.isdigit() else COUNT_WORDS.get(n_word, 1)
        p, t = (m.group(2), m.group(3)) if m.group(2) else (m.group(5), m.group(6))
        effects.append(Effect("7c", m.start(), Name(m.group().strip()), _int(p), _int(t), n))
        claimed.append(m.span())
    for m in MODIFY.finditer(text):
        if free(m.span()):
            effects.append(Effect("7c", m.start(), Name(m.group()), _int(m.group(1)),
                                  _int(m.group(2))))
            claimed.append(m.span())
    for m in SWITCH.finditer(text):
        effects.append(Effect("7d", m.start(), Name(m.group())))
        claimed.append(m.span())
    base, base_from = None, Name("")
    for m in BASE.finditer(text):
        if free(m.span()):
            base, base_from = (int(m.group(1)), int(m.group(2))), Name(m.group())
            claimed.append(m.span())
            break
    for e in u.entities:
        if e.kind != "card":
            continue
        card = store.get(e.value)
        if card is None:
            continue
        found = _card_effects(card, e.start)
        if found is None:
            return None  # a characteristic-defining ability: not computed from words
        # an effect the question already states in its words is the card's own
        said = {(x.layer, x.power, x.toughness) for x in effects}
        found = [x for x in found if (x.layer, x.power, x.toughness) not in said]
        if found:
            effects.extend(found)
        elif base is None and _number(card.power) is not None and \
                _number(card.toughness) is not None:
            base, base_from = (int(card.power), int(card.toughness)), _card_name(card)
    if base is None or not effects or len(effects) > MAX_EFFECTS:
        return None
    result = compute(base, effects, base_from, asks_death)
    if len(effects) == 1 and effects[0].layer == "7c" and not effects[0].counters \
            and not asks_death:
        return None  # one plain pump: arithmetic, not a question of layers
    return result


def _card_effects(card, at: int) -> list[Effect] | None:
    """The P/T effects of a card's Oracle text ([] for none, None for a
    characteristic-defining ability)."""
    text = (card.text.get(EN) or "").replace("−", "-")
    if CARD_DEFINED.search(text) or "*" in f"{card.power or ''}{card.toughness or ''}":
        return None
    name = _card_name(card)
    out: list[Effect] = []
    for m in CARD_SET.finditer(text):
        p, t = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        out.append(Effect("7b", at, name, int(p), int(t)))
    for m in CARD_COUNTERS.finditer(text):
        n = m.group(1).lower()
        out.append(Effect("7c", at, name, _int(m.group(2)), _int(m.group(3)),
                          int(n) if n.isdigit() else COUNT_WORDS.get(n, 1)))
    for m in CARD_MODIFY.finditer(text):
        out.append(Effect("7c", at, name, _int(m.group(1)), _int(m.group(2))))
    if CARD_SWITCH.search(text):
        out.append(Effect("7d", at, name))
    return out


def _card_name(card) -> Name:
    return Name(card.name.get(EN, ""), zh_of(card.name))


def _step_message(step: Step) -> Message:
    e = step.effect
    pt = f"{step.power}/{step.toughness}"
    if e.layer == "7b":
        return msg("judge.pt.set", what=e.what, pt=pt)
    if e.layer == "7d":
        return msg("judge.pt.switch", what=e.what, pt=pt)
    if e.counters:
        return msg("judge.pt.counters", what=e.what, n=e.counters, pt=pt)
    return msg("judge.pt.modify", what=e.what, delta=f"{e.power:+d}/{e.toughness:+d}", pt=pt)


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


def _number(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
