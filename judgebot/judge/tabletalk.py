"""Table talk in the words the situations' patterns are written in.

Players write "sac", "opp", "dmg", "u" and "w/"; the patterns of
``situations.yaml`` are written in the game's words ("sacrifice",
"opponent"). Reading the shorthand once here keeps every pattern from
spelling each variant. Only words with one meaning at a Magic table are
here: "etb" and "ltb" stay as typed (patterns name them), and a word that is
also English ("bolt", "yard") is left alone.
"""

from __future__ import annotations

import re

TABLE_TALK: dict[str, str] = {
    "sac": "sacrifice", "sacs": "sacrifices", "sac'd": "sacrificed", "sacd": "sacrificed",
    "sacced": "sacrificed", "saced": "sacrificed", "saccing": "sacrificing",
    "sacing": "sacrificing", "sacc": "sacrifice", "saccs": "sacrifices",
    "opp": "opponent", "opps": "opponents", "oppo": "opponent", "oppos": "opponents",
    "oppt": "opponent", "opp's": "opponent's",
    "dmg": "damage", "gy": "graveyard", "gys": "graveyards",
    "pw": "planeswalker", "pws": "planeswalkers", "cmdr": "commander", "cmdrs": "commanders",
    "trig": "trigger", "trigs": "triggers", "trigd": "triggered", "trig'd": "triggered",
    "tgt": "target", "tgts": "targets", "atk": "attack", "atks": "attacks",
    "atkd": "attacked", "atking": "attacking", "resp": "response",
    "u": "you", "ur": "your", "b/c": "because", "bc": "because", "w/": "with",
    "w/o": "without", "thru": "through", "cuz": "because", "coz": "because",
    "counterspelled": "countered",
}

# Chinese as players type it: a homophone the input method offered for a
# keyword, and colloquial verbs for what the patterns name plainly.
ZH_TABLE_TALK: dict[str, str] = {
    "避邪": "辟邪", "弄走": "移走", "弄死": "消灭", "干掉": "消灭", "打死": "消灭",
    "弹掉": "弹回", "踢走": "移走",
    # 抽 ("draw") as players say it; the rules and the patterns say 抓.
    "抽牌": "抓牌", "多抽": "多抓", "抽了": "抓了", "抽到": "抓到", "抽卡": "抓牌",
    "抽张": "抓张", "抽一": "抓一", "抽两": "抓两", "抽二": "抓二", "抽三": "抓三",
    "抽起": "抓起", "抽完": "抓完",
    # Everyday names of the game's things.
    "坟场": "坟墓场", "牌堆": "牌库", "卡组": "套牌", "旅法师": "鹏洛客", "旅法": "鹏洛客",
    "技能": "异能", "横掉": "横置",
}

_SHORT = re.compile(
    r"(?<![\w'’/])(?:" + "|".join(re.escape(k) for k in sorted(TABLE_TALK, key=len, reverse=True))
    + r")(?![\w'’/])|" + "|".join(map(re.escape, ZH_TABLE_TALK)))


def spell_out(text: str) -> tuple[str, list[int]]:
    """``text`` (lower-cased) with its table talk in the game's words, and for
    each character of the result its position in ``text`` (a replacement's
    characters point at the start of the word it replaces, its last at the
    word's end, so a match spans the whole word)."""
    out: list[str] = []
    where: list[int] = []
    last = 0
    for m in _SHORT.finditer(text):
        out.append(text[last:m.start()])
        where.extend(range(last, m.start()))
        words = TABLE_TALK.get(m.group()) or ZH_TABLE_TALK[m.group()]
        out.append(words)
        where.extend([m.start()] * (len(words) - 1) + [m.end() - 1])
        last = m.end()
    out.append(text[last:])
    where.extend(range(last, len(text)))
    return "".join(out), where
