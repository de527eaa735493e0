"""Table talk: how players name the game's machinery, and the rules it lives in.

Players rarely say "state-based action" or "704.5a"; they say "I go to 0",
"summoning sick", "同时", "牌库空了". This is a small hand-made vocabulary of
such phrases in English and Chinese, each pointing at the rules that govern
it (numbers of the current edition). It is judge knowledge, written for the
general case; glossary headwords and keywords are found separately, from the
corpus itself.

Also here: player names for keywords that are newer than the 2019-10-04
Chinese CR (so have no Chinese headword in the corpus) and common
alternative Chinese names, each mapped to the English glossary headword.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Concept:
    name: str
    en: tuple[str, ...]  # regular expressions, matched on lowercased text
    zh: tuple[str, ...]  # regular expressions, matched on folded (Simplified) text
    rules: tuple[str, ...]


CONCEPTS = (
    Concept("zero life", (r"\b(?:go(?:es)?|drop(?:s)?|fall(?:s)?) to (?:0|zero)\b",
                          r"\bput (?:me|you|them|him|her) (?:to|at) (?:0|zero)\b",
                          r"\bstill alive\b", r"\bdo i die\b",
                          r"\b(?:0|zero) life\b", r"\bat (?:0|zero)\b", r"\blose the game\b",
                          r"\bam i dead\b", r"\bnegative life\b"),
            (r"生命(?:值|总值)?(?:为|变成|到|掉到|剩)?\s*0", r"0\s*点生命", r"输掉(?:这盘)?游戏",
             r"会输吗", r"负数生命"),
            ("704.5a", "119.6")),
    Concept("zero loyalty", (r"\b(?:0|zero|no) loyalty\b",
                             r"\bloyalty (?:of |is |goes to |drops to )?(?:0|zero)\b"),
            (r"忠诚(?:度|指示物)?(?:变成|变为|为|剩|到)?\s*0", r"没有忠诚指示物"),
            ("704.5i", "306.9")),
    Concept("Aura left alone", (r"\bauras?\b.{0,60}\b(?:leaves?|dies|died|gone|is destroyed|"
                                r"illegal|falls? off)\b", r"\bcreature it enchants\b"),
            (r"灵气.{0,20}(?:离开|死|消失|不合法|掉)",
             r"所结附的(?:生物|永久物).{0,10}(?:离开|死|消失)"),
            ("704.5m", "303.4c")),
    Concept("the game is a draw", (r"\bboth (?:players )?(?:would )?"
                                   r"(?:lose|go to (?:0|zero)|die)\b",
                                   r"\bdraw(?:n)? game\b", r"\bgame (?:is|ends in) a draw\b",
                                   r"\blose simultaneously\b"),
            (r"双方同时(?:输|死|归零)", r"同时输掉", r"平局", r"和局"), ("104.4a",)),
    Concept("land drop", (r"\b(?:how many|more than one|a second|another|extra|additional) "
                          r"lands?\b", r"\bland drops?\b", r"\blands? (?:per|each|a) turn\b"),
            (r"(?:几|多少|第二)(?:个|张)地", r"额外(?:使用|下|打出)(?:一)?(?:个|张)?地",
             r"每回合.{0,6}地"),
            ("305.2",)),
    Concept("priority", (r"\bpriority\b", r"\bwho (?:acts|gets to act) (?:first|next)\b"),
            (r"优先权",), ("117.3", "117.3b")),
    Concept("simultaneous damage", (r"\bat the same time\b", r"\bsimultaneous(?:ly)?\b",
                                    r"\bin the same (?:combat damage )?step\b", r"\bat once\b"),
            (r"同时", r"一起造成"), ("510.2",)),
    Concept("summoning sickness", (r"\bsummoning[- ]sick(?:ness)?\b",),
            (r"召唤失调", r"召唤病"), ("302.6",)),
    Concept("legend rule", (r"\blegend rule\b", r"\btwo legends?\b", r"\bsame legendary\b"),
            (r"传奇规则", r"两个同名传奇"), ("704.5j",)),
    Concept("layers", (r"\blayers?\b", r"\btimestamps?\b", r"\bdependenc(?:y|ies)\b"),
            (r"第\s*\d\s*层", r"层系统", r"时间印记", r"时间戳", r"依赖"), ("613.1", "613.7")),
    Concept("trigger order", (r"\btrigger order\b", r"\border (?:the|my|their) triggers\b",
                              r"\bapnap\b", r"\bboth trigger\b",
                              r"\btrigger(?:s|ed|ing)?\b.*\b(?:same time|at once|which "
                              r"(?:one )?(?:resolves|goes) first|what order)\b",
                              r"\b(?:same time|at once)\b.*\btrigger"),
            (r"触发顺序", r"同时触发", r"一起触发", r"顺序放(?:入|进)堆叠",
             r"触发.*(?:谁先|哪个先|先结算|顺序)"), ("603.3b", "101.4")),
    Concept("delayed triggers", (r"\bdelayed trigger", r"\bat (?:the )?end of combat\b",
                                 r"\bnext (?:turn'?s )?upkeep\b", r"\bat the beginning of the "
                                 r"next\b"),
            (r"延迟触发", r"战斗结束时", r"下(?:一)?个维持", r"下回合(?:开始|维持)"), ("603.7",)),
    Concept("life-gain triggers", (r"\bgain(?:s|ed)? life\b.*\btrigger",
                                   r"\btrigger.*\bgain(?:s|ed)? life\b", r"\blifegain\b",
                                   r"\btrigger(?:s)? once or twice\b"),
            (r"(?:获得|回|得到)(?:\d+点)?生命.*触发", r"触发.*(?:获得|回)(?:\d+点)?生命",
             r"触发(?:一次还是两次|几次)"), ("119.9",)),
    Concept("face-down permanents", (r"\bface[- ]down\b", r"\bunmorph", r"\bturn(?:s|ed)? "
                                     r"(?:it |them )?face[- ]up\b", r"\bflip(?:s|ped)? .{0,20}"
                                     r"face[- ]up\b"),
            (r"牌面朝下", r"翻(?:回|成)?正面", r"翻面", r"背面朝上"),
            ("708.2a", "708.8", "702.37e")),
    Concept("new object", (r"\bflicker(?:s|ed)?\b", r"\bblink(?:s|ed)?\b",
                           r"\bexiles? .{0,30}\breturns?\b", r"\bcomes? back\b"),
            (r"闪烁", r"放逐.{0,12}(?:返回|移回|回到)战场", r"回来以后"), ("400.7", "506.4")),
    Concept("tokens elsewhere", (r"\btokens?\b.{0,40}\b(?:hand|bounce[sd]?|graveyard|exile|"
                                 r"library)\b", r"\bbounce(?:s|d)? (?:a |the |my |their )?token"),
            (r"衍生物.{0,12}(?:手|弹回|坟墓场|放逐|牌库)",), ("111.7", "704.5d")),
    Concept("setting power and toughness", (r"\bbase (?:p/t|power)\b", r"\bsets? (?:its |the )?"
                                            r"(?:base )?(?:p/t|power)",
                                            r"\bbecomes? an? (?:base )?\d+/\d+", r"\bbase \d+/\d+",
                                            r"\bswitch(?:es|ed)? (?:its )?power"),
            (r"基础(?:力量|攻防)", r"(?:设成|设为|变成)(?:基础)?\s*\d+/\d+", r"交换力量"),
            ("613.4b", "613.4c", "613.4")),
    Concept("becomes cast", (r"\b(?:count|counts|counted) as (?:being )?cast\b",
                             r"\bstill (?:count as )?cast\b", r"\bis (?:it|that) cast\b"),
            (r"算(?:作|是)?施放", r"算不算施放"), ("601.2i", "707.10")),
    Concept("winning and losing by an effect", (r"\bwin(?:s)? (?:the game|right away)\b",
                                                r"\bdo i (?:win|lose)\b"),
            (r"(?:赢得|输掉)(?:这盘)?游戏", r"直接(?:获胜|赢|输)", r"会赢吗", r"会输吗"),
            ("104.2b", "104.3e")),
    Concept("responding", (r"\brespond(?:ing)?\b", r"\bin response\b"),
            (r"回应", r"响应"), ("117.3", "405.1")),
    Concept("empty library", (r"\bempty library\b", r"\blibrary is empty\b",
                              r"\bno cards (?:left )?in (?:my|their|your|the) library\b",
                              r"\blibrary has no cards\b", r"\bout of cards\b",
                              r"\bdraw from an empty\b", r"\bdecked\b"),
            (r"牌库(?:已经)?(?:为空|空了|没牌|没有牌)", r"空(?:的)?牌库", r"抓不到牌"),
            ("704.5b", "121.4")),
    Concept("zero toughness", (r"\b(?:0|zero) toughness\b", r"\btoughness (?:of )?(?:0|zero)\b"),
            (r"防御力(?:为|变成|变为)?\s*0",), ("704.5f",)),
    Concept("illegal targets", (r"\bfizzles?\b", r"\bno longer (?:a )?legal target\b",
                                r"\btargets? (?:is|are) (?:gone|illegal)\b",
                                r"\bcountered on resolution\b"),
            (r"目标不合法", r"目标(?:已经)?(?:不在|离开)", r"不能结算", r"失效"), ("608.2b",)),
    Concept("cost changes", (r"\bcosts? (?:less|more)\b", r"\breduc(?:e|es|ed|tion)\b.*\bcost\b",
                             r"\btotal cost\b"),
            (r"(?:减少|增加)(?:的)?费用", r"费用(?:减少|增加)", r"少付"), ("601.2f",)),
    Concept("value of X", (r"\bx (?:is|=|equals?)\b", r"\bvalue of x\b", r"\bx spell\b"),
            (r"x\s*(?:的值|为|等于)",), ("107.3", "601.2b")),
    Concept("hand size", (r"\bhand size\b", r"\bdiscard (?:down )?to (?:seven|7)\b",
                          r"\bmaximum hand\b"),
            (r"手牌上限", r"弃到七张", r"弃到7张"), ("402.2", "514.1")),
    Concept("casting timing", (r"\bsorcery speed\b", r"\binstant speed\b",
                               r"\bonly (?:as|when you could cast) a sorcery\b",
                               r"\bon (?:my|their|your|the opponent's) turn\b"),
            (r"法术速度", r"瞬间速度", r"对手的回合", r"在对方回合"), ("117.1a", "307.1", "304.1")),
    Concept("copy of a spell", (r"\bcop(?:y|ies|ied)\b",),
            (r"复制",), ("707.10",)),
    Concept("leaves the battlefield", (r"\bleaves? the battlefield\b", r"\bdies\b",
                                       r"\bgoes to the graveyard\b"),
            (r"离开战场", r"死去", r"死掉", r"进(?:入)?坟墓场"), ("700.4", "603.10a")),
    Concept("enters the battlefield", (r"\benters? the battlefield\b", r"\betb\b"),
            (r"进战场", r"进入战场"), ("603.6a",)),
    Concept("mana abilities", (r"\bmana abilit(?:y|ies)\b",), (r"法术力异能",), ("605.1a",)),
    Concept("combat damage assignment", (r"\bassign(?:s|ing|ment)?\b.*\bdamage\b",
                                         r"\bhow much damage\b", r"\bpush through\b",
                                         r"\bexcess damage\b"),
            (r"分配(?:战斗)?伤害", r"打多少伤害", r"多少伤害", r"溢出", r"打到脸上",
             r"穿透"), ("510.1",)),
    Concept("blocking", (r"\bblock(?:s|ed|ing)?\b",), (r"阻挡",), ("509.1",)),
    Concept("attacking", (r"\battack(?:s|ed|ing)?\b",), (r"攻击",), ("508.1",)),
    Concept("countering", (r"\bcounter(?:s|ed)? (?:a |the |my |their |that )?spell\b",
                           r"\bcan'?t be countered\b"),
            (r"反击(?:一个|该|这个|掉)?咒语", r"不能被反击", r"被反击"), ("701.6",)),
    Concept("destroy and regenerate", (r"\bregenerat(?:e|es|ion)\b",), (r"重生",),
            ("701.19", "614.8")),
    Concept("prevention", (r"\bprevent(?:s|ed|ion)?\b",), (r"防止",), ("615.1",)),
    Concept("replacement", (r"\binstead\b", r"\breplacement effect\b"),
            (r"改为", r"替代性效应", r"取代"), ("614.1a",)),
)

# Player names for keywords → the English glossary headword they mean.
KEYWORD_ALIASES = {
    "守护": "Ward", "结界": "Ward", "感染": "Infect", "侵染": "Infect", "死触": "Deathtouch",
    "系命": "Lifelink", "吸血": "Lifelink", "先攻": "First Strike", "连击": "Double Strike",
    "践踏": "Trample", "飞行": "Flying", "延势": "Reach", "不灭": "Indestructible",
    "辟邪": "Hexproof", "帷幕": "Shroud", "敏捷": "Haste", "警戒": "Vigilance",
    "威慑": "Menace", "守军": "Defender", "闪现": "Flash", "转瞬": "Split Second",
    "延缓": "Suspend", "变身": "Morph", "返照": "Flashback", "疯魔": "Madness",
    "回响": "Echo", "购回": "Buyback", "风暴": "Storm", "暗影": "Shadow", "侧击": "Flanking",
    "消逝": "Vanishing", "凋零": "Wither", "消退": "Fading", "连锁": "Cascade",
    "探险": "Explore", "召集": "Convoke", "掘穴": "Delve", "历久": "Persist",
    "不死": "Undying", "剧毒": "Toxic", "化身": "Disguise", "预示": "Foretell",
    "循环": "Cycling", "循环异能": "Cycling",
    # English table talk for creatures with a keyword.
    "first striker": "First Strike", "first-striker": "First Strike",
    "double striker": "Double Strike", "double-striker": "Double Strike",
    "double-striking": "Double Strike", "double striking": "Double Strike",
    "trampler": "Trample", "lifelinker": "Lifelink", "flyer": "Flying", "flier": "Flying",
    "deathtoucher": "Deathtouch", "first-strike": "First Strike",
}


def find(text: str) -> list[tuple[int, int, Concept]]:
    """Concepts named in ``text`` (lowercased English, folded Chinese)."""
    lower = text.lower()
    # English sits right against Chinese in mixed questions ("APNAP顺序"), where
    # \b sees no word boundary: match English on a copy with spaces put between.
    spaced, where = _spaced(lower)
    found: list[tuple[int, int, Concept]] = []
    for concept in CONCEPTS:
        hit = None
        for pattern in concept.en:
            m = re.search(pattern, spaced)
            if m:
                hit = (where[m.start()], where[max(m.end() - 1, m.start())] + 1)
                break
        if hit is None:
            for pattern in concept.zh:
                m = re.search(pattern, lower)
                if m:
                    hit = m.span()
                    break
        if hit is not None:
            found.append((*hit, concept))
    return sorted(found, key=lambda f: f[0])


def _spaced(text: str) -> tuple[str, list[int]]:
    """``text`` with a space between Latin and CJK characters, and for each
    character of the result its position in ``text``."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        if out and _script(out[-1]) != _script(ch) and "other" not in (_script(out[-1]),
                                                                      _script(ch)):
            out.append(" ")
            where.append(i)
        out.append(ch)
        where.append(i)
    return "".join(out), where


def _script(ch: str) -> str:
    if ch.isascii() and ch.isalnum():
        return "latin"
    if "\u3400" <= ch <= "\u9fff":
        return "cjk"
    return "other"
