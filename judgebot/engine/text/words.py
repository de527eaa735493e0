"""Words the reader knows: numbers, colours, card types, keyword names, land
types, in English and Chinese."""

from __future__ import annotations

from typing import Any

from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.messages import Name, msg

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
           "eighteen": 18, "nineteen": 19, "twenty": 20, "x": "X"}
ZH_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10, "X": "X", "x": "X"}
COLORS_EN = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLORS_ZH = {"白": "W", "蓝": "U", "黑": "B", "红": "R", "绿": "G"}
COLOR_WORD = {v: k for k, v in COLORS_EN.items()}
TYPES_EN = {"creature": "creature", "creatures": "creature", "artifact": "artifact",
            "artifacts": "artifact", "enchantment": "enchantment",
            "enchantments": "enchantment", "land": "land", "lands": "land",
            "planeswalker": "planeswalker", "planeswalkers": "planeswalker",
            "instant": "instant", "instants": "instant", "sorcery": "sorcery",
            "sorceries": "sorcery"}
TYPES_ZH = {"生物": "creature", "神器": "artifact", "结界": "enchantment", "地": "land",
            "鹏洛客": "planeswalker", "瞬间": "instant", "法术": "sorcery"}
SIMPLE_KEYWORDS = {
    "flying": "flying", "reach": "reach", "haste": "haste", "vigilance": "vigilance",
    "defender": "defender", "first strike": "first strike", "double strike": "double strike",
    "trample": "trample", "deathtouch": "deathtouch", "lifelink": "lifelink",
    "indestructible": "indestructible", "hexproof": "hexproof", "shroud": "shroud",
    "menace": "menace", "flash": "flash", "fear": "fear", "intimidate": "intimidate",
    "shadow": "shadow", "flanking": "flanking", "storm": "storm",
    "split second": "split second", "changeling": "changeling", "wither": "wither",
    "infect": "infect", "prowess": "prowess", "exalted": "exalted", "phasing": "phasing",
}
ZH_KEYWORDS = {
    "飞行": "flying", "延势": "reach", "敏捷": "haste", "警戒": "vigilance", "守军": "defender",
    "先攻": "first strike", "连击": "double strike", "践踏": "trample", "死触": "deathtouch",
    "系命": "lifelink", "不灭": "indestructible", "辟邪": "hexproof", "帷幕": "shroud",
    "威慑": "menace", "闪现": "flash", "恐惧": "fear", "威吓": "intimidate",
    "次元幽影": "shadow", "侧面攻击": "flanking", "风暴": "storm", "转瞬": "split second",
    "化形": "changeling", "干枯": "wither", "侵染": "infect", "灵技": "prowess",
    "颂威": "exalted",
}
ZH_COSTED = {"变身": "morph", "返照": "flashback", "疯魔": "madness", "返响": "echo",
             "购回": "buyback", "循环": "cycling", "呼魂": "evoke", "增幅": "kicker",
             "佩带": "equip"}
ZH_NUMBERED = {"消逝": "vanishing", "消退": "fading", "抵受": "absorb", "剧毒": "poisonous"}
LAND_TYPES = {"island": "Island", "swamp": "Swamp", "mountain": "Mountain", "forest": "Forest",
              "plains": "Plains"}
ZH_LAND_TYPES = {"海岛": "Island", "沼泽": "Swamp", "山脉": "Mountain", "树林": "Forest",
                 "平原": "Plains"}


def number(word: str) -> int | str:
    w = word.strip().lower()
    if w.lstrip("-").isdigit():
        return int(w)
    if w in NUMBERS:
        return NUMBERS[w]
    if word.strip() in ZH_NUMBERS:
        return ZH_NUMBERS[word.strip()]
    raise Unsupported(msg("text.words.number", word=word))


def mana_cost(text: str) -> ManaCost:
    try:
        return ManaCost.parse(text.strip())
    except ValueError as exc:
        raise Unsupported(msg("text.words.mana_cost", text=text, exc=exc)) from None


def pt_number(s: str) -> int:
    return int(s.replace("+", ""))


# English → Chinese, for showing the engine's words in the reader's language.
KEYWORD_ZH = {en: zh for zh, en in ZH_KEYWORDS.items()} | \
    {en: zh for zh, en in ZH_COSTED.items()} | {en: zh for zh, en in ZH_NUMBERED.items()}
TERM_ZH = {en: zh for zh, en in TYPES_ZH.items()} | {en: zh for zh, en in ZH_LAND_TYPES.items()}


def term(word: str) -> Name:
    """A card type, subtype or supertype as data, with its Chinese where known."""
    return Name(word, TERM_ZH.get(word, TERM_ZH.get(word.lower(), "")))


def ability_word(ability: Any) -> Name:
    """An ability as a continuous effect names it: its text, or its keyword."""
    text = getattr(ability, "text", "") or getattr(ability, "name", "an ability")
    name = getattr(ability, "name", "")
    zh = KEYWORD_ZH.get(name, "") if isinstance(name, str) and text.lower() == name else ""
    return Name(text, zh)
