"""The engine's refusals in Chinese.

The engine speaks English. A reader of the Chinese view gets each refusal in
Chinese: the messages a scenario's author meets most (YAML syntax, unknown
keys, cards, steps and players, names that match nothing, the common illegal
actions, the engine's own limits) are translated phrase by phrase, the names
and values they quote kept as written; any other message is shown in English
behind a Chinese statement of what kind of refusal it is. The English message
always stays beside it, so nothing is lost in translation.
"""

from __future__ import annotations

import re
from collections.abc import Callable

KINDS = {
    "bad-input": "情景写法有误",
    "illegal": "非法动作",
    "unsupported": "引擎无法模拟",
    "limit": "超出限制",
    "internal": "引擎内部错误",
}

ZONES = {"battlefield": "战场", "stack": "堆叠", "graveyard": "坟墓场", "exile": "放逐区",
         "hand": "手牌", "library": "牌库"}

YAML_PROBLEMS: list[tuple[str, str]] = [
    (r"mapping values are not allowed here", "此处不能出现“键: 值”（冒号位置或缩进有误？）"),
    (r"could not find expected ':'", "找不到应有的冒号“:”"),
    (r"found character '\\t' that cannot start any token",
     "出现制表符（Tab）：YAML 只能用空格缩进"),
    (r"found character .* that cannot start any token", "出现了不能作为开头的字符"),
    (r"expected ',' or '\]', but got .*", "缺少“,”或“]”"),
    (r"expected ',' or '\}', but got .*", "缺少“,”或“}”"),
    (r"did not find expected key", "找不到应有的键（缩进有误？）"),
    (r"did not find expected '-' indicator", "找不到应有的列表项标记“-”（缩进有误？）"),
    (r"did not find expected node content", "找不到应有的内容"),
    (r"found unexpected end of stream", "文本意外结束（引号或括号没有闭合？）"),
    (r"found undefined alias.*", "使用了未定义的别名（alias）"),
    (r"found unhashable key", "键不能是列表或映射"),
    (r"expected a single document in the stream.*", "只能有一个 YAML 文档（删去多余的“---”）"),
    (r"found duplicate anchor.*", "锚点（anchor）重复定义"),
    (r"could not determine a constructor for the tag .*", "不支持的 YAML 标签（tag）"),
    (r"found unknown escape character.*", "未知的转义字符"),
    (r"while scanning a quoted scalar.*|found unexpected end of stream.*",
     "引号没有闭合"),
    (r"expected <block end>, but found .*", "缩进有误：此处应结束上一个块"),
    (r"while parsing .*", "YAML 结构有误"),
]
MANA_HINT = " (mana costs such as {1}{R} must be quoted in YAML)"

DID_YOU_MEAN = re.compile(r" \(did you mean (?P<s>'[^']*'|\"[^\"]*\")\?\)")

# (English pattern, Chinese template). Groups are quoted back verbatim; {zone}
# and {step} groups are translated.
PATTERNS: list[tuple[str, str]] = [
    # --- the scenario's shape
    (r"a mapping key must be a plain value", "映射的键必须是简单的值"),
    (r"a scenario is a YAML mapping .*",
     "情景应是一个 YAML 映射（title、players、battlefield、actions、expect 等）"),
    (r"unknown scenario key (?P<k>.+)", "未知的情景键 {k}"),
    (r"players: give a list of at least two player names", "players：请列出至少两名牌手"),
    (r"players: two players have the same name", "players：有两名牌手同名"),
    (r"turn: give \{active: PLAYER, step: STEP\}", "turn：请写成 {{active: 牌手, step: 步骤}}"),
    (r"unknown turn key (?P<k>.+)", "未知的 turn 键 {k}"),
    (r"a scenario can't start in the (?P<step>\w+) step: no player gets priority there",
     "情景不能从{step}开始：该步骤中没有牌手获得优先权"),
    (r"(?P<zone>battlefield|hand|library|graveyard|exile): give a list of cards for each "
     r"player .*", "{zone}：请为每名牌手列出牌"),
    (r"(?P<w>[\w.]+): give a list of cards", "{w}：请给出牌的列表"),
    (r"(?P<w>[\w.]+): give a list of card names", "{w}：请给出牌名的列表"),
    (r"(?P<w>[\w.]+): give a value for each player .*", "{w}：请为每名牌手给出一个值"),
    (r"(?P<w>[\w.]+): give a whole number", "{w}：请给出整数"),
    (r"(?P<w>[\w.]+): give a number", "{w}：请给出数字"),
    (r"(?P<w>[\w.]+): (?P<p>'[^']*') is not a player", "{w}：{p} 不是牌手"),
    (r"(?P<p>'[^']*') is not a player", "{p} 不是牌手"),
    (r"actions: give a list of actions", "actions：请给出动作的列表"),
    (r"an action is a mapping such as \{attack: \{\.\.\.\}\}.*",
     "动作应写成映射，例如 {{attack: {{…}}}}"),
    (r"unknown action (?P<k>'[^']*'); actions are: (?P<list>.*)",
     "未知的动作 {k}；可用的动作有：{list}"),
    (r"each action has exactly one kind .*", "每个动作只能有一种（attack、block、cast 等）"),
    (r"illegal: give true or false", "illegal：请写 true 或 false"),
    (r"unknown step (?P<k>'[^']*'); steps are: (?P<list>.*)",
     "未知的步骤 {k}；步骤有：{list}"),
    (r"expect: give a mapping of checks .*",
     "expect：请给出要检查的内容（life、graveyard、permanents 等）"),
    (r"unknown expectation (?P<k>.+)", "未知的预期 {k}"),
    (r"expect\.permanents\.(?P<n>.+): unknown field (?P<k>.+)",
     "expect.permanents.{n}：未知的字段 {k}"),
    (r"(?P<a>cast|activate|pass|choose): unknown key (?P<k>'[^']*').*",
     "{a}：未知的键 {k}"),
    (r"cast: give \{player: NAME, card: CARD, targets: \[\.\.\.\]\}",
     "cast：请写成 {{player: 牌手, card: 牌, targets: […]}}"),
    (r"activate: give \{player: NAME, source: PERMANENT, ability: \.\.\.\}",
     "activate：请写成 {{player: 牌手, source: 永久物, ability: …}}"),
    (r"choose: give \{player: NAME, KEY: VALUE\}", "choose：请写成 {{player: 牌手, 键: 值}}"),
    (r"choose: say what is chosen .*", "choose：请说明选择的是什么（targets、may、keep 等）"),
    (r"attack: give \{CREATURE: PLAYER, \.\.\.\}", "attack：请写成 {{生物: 牌手, …}}"),
    (r"block: give \{BLOCKER: ATTACKER, \.\.\.\}", "block：请写成 {{阻挡者: 进攻者, …}}"),
    (r"assign_damage.*: give .*", "assign_damage：请写成 {{生物: {{接受者: 数量, …}}}}"),
    (r"with several opponents, say whom each creature attacks .*",
     "有多名对手时，请说明每个生物攻击谁（attack: {{生物: 牌手}}）"),
    (r"say whom (?P<n>.+) attacks", "请说明 {n} 攻击谁"),
    # --- cards and objects
    (r"unknown card (?P<c>'[^']*'|\"[^\"]*\"): not in the card pool; describe it inline .*",
     "未知的牌 {c}：不在牌池中；请直接描述它（{{name: …, creature: P/T, …}}）"),
    (r"unknown card (?P<c>.+?)(?: for the search)?", "未知的牌 {c}"),
    (r"a card is a name or a mapping, not (?P<v>.+)", "牌应写成名字或映射，而不是 {v}"),
    (r"unknown object field (?P<k>.+)", "未知的物件字段 {k}"),
    (r"an inline object needs a name", "直接描述的物件需要名字（name）"),
    (r"counters: give \{KIND: N\}", "counters：请写成 {{种类: 数量}}"),
    (r"(?P<n>.+): a creature needs power and toughness \(creature: P/T\)",
     "{n}：生物需要力量和防御力（creature: P/T）"),
    (r"(?P<n>.+): say what it is .*", "{n}：请说明它是什么（creature: P/T，或 types: […]）"),
    (r"(?P<n>.+): unknown card type (?P<t>'[^']*')", "{n}：未知的牌类别 {t}"),
    (r"(?P<n>.+): unknown colour (?P<c>'[^']*')", "{n}：未知的颜色 {c}"),
    (r"power/toughness must look like 3/3, not (?P<v>.+)",
     "力量/防御力应写成 3/3 的形式，而不是 {v}"),
    (r"there is no (?P<n>'[^']*'|\"[^\"]*\") on the battlefield", "战场上没有 {n}"),
    (r"there is no (?P<n>'[^']*'|\"[^\"]*\") in the (?P<zones>[\w ]+)", "{zones}中没有 {n}"),
    (r"(?P<k>\d+) objects are named (?P<n>'[^']*'|\"[^\"]*\"): give them distinct names .*",
     "有 {k} 个物件都叫 {n}：请给它们不同的名字（牌池中的牌可写成 {{card: 牌名, name: 别名}}）"),
    (r"(?P<p>\S+) has no (?P<n>'[^']*'|\"[^\"]*\") in hand or graveyard",
     "{p} 的手牌和坟墓场中都没有 {n}"),
    (r"(?P<p>\S+) has no (?P<n>'[^']*'|\"[^\"]*\") in hand", "{p} 的手牌中没有 {n}"),
    (r"there is no (?P<n>'[^']*'|\"[^\"]*\") whose ability can be activated",
     "没有名为 {n} 且能起动异能的物件"),
    # --- common illegal actions
    (r"no creature is attacking, so nothing can block", "没有生物在攻击，因此无法阻挡"),
    (r"(?P<n>.+) is tapped and can't attack", "{n} 已横置，不能攻击"),
    (r"(?P<n>.+) is tapped and can't block", "{n} 已横置，不能阻挡"),
    (r"(?P<n>.+) has defender and can't attack", "{n} 具有守军异能，不能攻击"),
    (r"(?P<n>.+) hasn't been under (?P<p>\S+)'s control continuously since their most recent "
     r"turn began and has no haste",
     "{n} 并非自 {p} 最近一个回合开始时就持续受其操控，且不具有敏捷异能（召唤失调）"),
    (r"(?P<n>.+) isn't a creature; only creatures attack", "{n} 不是生物；只有生物能攻击"),
    (r"(?P<n>.+) isn't a creature; only creatures block", "{n} 不是生物；只有生物能阻挡"),
    (r"(?P<n>.+) isn't on the battlefield", "{n} 不在战场上"),
    (r"(?P<n>.+) can block only one creature", "{n} 只能阻挡一个生物"),
    (r"(?P<n>.+) can't block (?P<a>.+?): (?P<why>.+)", "{n} 不能阻挡 {a}：{why}"),
    (r"(?P<a>.+) has menace and can't be blocked except by two or more creatures",
     "{a} 具有威慑异能，只能被两个或更多生物阻挡"),
    (r"(?P<n>.+) has trample but must assign lethal damage to (?P<b>.+?) before assigning any "
     r"to (?P<t>.+)", "{n} 具有践踏异能，但须先分配致命伤害给 {b}，才能分配给 {t}"),
    (r"(?P<n>.+) must assign exactly its power \((?P<p>-?\d+)\); the assignment adds up to "
     r"(?P<s>-?\d+)", "{n} 必须恰好分配等同其力量的伤害（{p}）；所写的分配合计为 {s}"),
    (r"attackers have already been declared this turn", "本回合已经宣告过进攻者"),
    (r"blockers have already been declared this combat", "本次战斗已经宣告过阻挡者"),
    (r"it is too late this turn for the (?P<step>[\w ]+) step", "本回合已经过了{step}"),
    # --- limits of the engine
    (r"the simulation stopped after (?P<k>\d+) events without finishing: .*",
     "模拟进行了 {k} 个事件仍未结束，已停止：情景失控（可能是无界但可选的循环）"),
    (r"the scenario leaves too many choices open \(more than (?P<k>\d+) combinations\).*",
     "情景留下未定的选择过多（超过 {k} 种组合）；请用 choose 动作给出选择"),
    (r"the game never reached the (?P<step>\w+) step", "游戏始终没有到达{step}"),
    (r"the simulation recursed without end .*", "模拟无限递归（事件链没有尽头）"),
    (r"internal error of the engine (?P<d>\(.*\)); the scenario can't be simulated",
     "引擎内部错误 {d}；无法模拟此情景"),
    (r"(?P<p>\S+) never received priority", "{p} 始终没有获得优先权"),
]
_COMPILED = [(re.compile(p, re.S), zh) for p, zh in PATTERNS]


def yaml_problem(problem: str) -> str | None:
    for pattern, zh in YAML_PROBLEMS:
        if re.fullmatch(pattern, problem.strip(), re.S):
            return zh
    return None


def translate(message: str, step_zh: Callable[[str], str] = lambda s: s) -> str | None:
    """The Chinese of one engine message, or None when it has no translation."""
    hint = ""
    if message.endswith(MANA_HINT):
        message = message[: -len(MANA_HINT)]
        hint = "（{1}{R} 这样的法术力费用在 YAML 中须加引号）"
    if message.startswith("the scenario isn't valid YAML: "):
        problem = message.split(": ", 1)[1]
        zh = yaml_problem(problem)
        return f"情景不是有效的 YAML：{zh or problem}{hint}"
    suggestion = after = ""
    found = DID_YOU_MEAN.search(message)
    if found:
        suggestion = f"（您是不是要写 {found.group('s')}？）"
        quoted = re.search(r"('[^']*'|\"[^\"]*\")$", message[:found.start()])
        after = quoted.group(1) if quoted else ""  # the word the suggestion corrects
        message = message[:found.start()] + message[found.end():]
    for pattern, zh in _COMPILED:
        m = pattern.fullmatch(message)
        if m is None:
            continue
        values = {}
        for key, value in m.groupdict().items():
            value = value or ""
            if key == "zone":
                value = ZONES.get(value, value)
            elif key == "zones":
                value = "或".join(ZONES.get(z.strip(), z.strip()) for z in value.split(" or "))
            elif key == "step":
                value = step_zh(value.strip().replace(" ", "_"))
            values[key] = value
        text = zh.format(**values)
        if after and after in text:  # the suggestion right after the word it corrects
            at = text.index(after) + len(after)
            return text[:at] + suggestion + text[at:]
        return text + suggestion
    return None


def refusal_zh(message: str, kind: str, step_zh: Callable[[str], str] = lambda s: s) -> str:
    """A refusal in Chinese: translated, or its kind in Chinese with the English kept."""
    zh = translate(message, step_zh)
    if zh is not None:
        return zh
    return f"{KINDS.get(kind, KINDS['unsupported'])}：{message}"
