"""Player names for keywords: names for keywords that are newer than the
2019-10-04 Chinese CR (so have no Chinese headword in the corpus), common
alternative Chinese names and English table talk ("trampler"), each mapped to
the English glossary headword. (How players describe situations, and the
rules that decide them, is in ``situations.yaml``.)
"""

from __future__ import annotations

# Player names for keywords → the English glossary headword they mean.
KEYWORD_ALIASES = {
    "守护": "Ward", "结界": "Ward", "感染": "Infect", "侵染": "Infect", "死触": "Deathtouch",
    "系命": "Lifelink", "吸血": "Lifelink", "先攻": "First Strike", "连击": "Double Strike",
    "践踏": "Trample", "飞行": "Flying", "延势": "Reach", "不灭": "Indestructible",
    "辟邪": "Hexproof", "避邪": "Hexproof", "帷幕": "Shroud", "敏捷": "Haste", "警戒": "Vigilance",
    "威慑": "Menace", "守军": "Defender", "闪现": "Flash", "转瞬": "Split Second",
    "延缓": "Suspend", "变身": "Morph", "返照": "Flashback", "疯魔": "Madness",
    "回响": "Echo", "购回": "Buyback", "风暴": "Storm", "暗影": "Shadow", "侧击": "Flanking",
    "消逝": "Vanishing", "凋零": "Wither", "消退": "Fading", "连锁": "Cascade",
    "探险": "Explore", "召集": "Convoke", "掘穴": "Delve", "历久": "Persist", "坚忍": "Persist",
    "不死": "Undying", "剧毒": "Toxic", "化身": "Disguise", "预示": "Foretell",
    "循环": "Cycling", "循环异能": "Cycling",
    # English table talk for creatures with a keyword.
    "first striker": "First Strike", "first-striker": "First Strike",
    "double striker": "Double Strike", "double-striker": "Double Strike",
    "double-striking": "Double Strike", "double striking": "Double Strike",
    "trampler": "Trample", "lifelinker": "Lifelink", "flyer": "Flying", "flier": "Flying",
    "deathtoucher": "Deathtouch", "first-strike": "First Strike",
}
