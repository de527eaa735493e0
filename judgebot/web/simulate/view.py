"""What the simulation page and API show of a simulation: the steps with the
board at each and what changed, the rules each step applied (English of the
current rules, Chinese of the 2019-10-04 rule the reader sees, with the
lineage flag between them), the outcome, the refusal in the reader's
language, and the links that reproduce the scenario.

The worker (:mod:`judgebot.web.simulate.worker`) sends plain data; this
module adds what only the web process has: the corpus (rule texts, step and
card names in Chinese) and the reader's preferences.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from judgebot.corpus import CR_2019, EN
from judgebot.engine.board import changes, has_changes
from judgebot.messages import ZH_HANS, catalogue, render
from judgebot.web.catalog import Catalog, zh_of
from judgebot.web.prefs import Prefs
from judgebot.web.simulate.links import permalink as link_to
from judgebot.web.views import lineage

MAX_DRAWN_STEPS = 150  # boards drawn in the page; a longer log is listed without them
# What the boards drawn in one page may hold in all: permanents, stack objects and
# cards in zones. A short scenario can make a thousand tokens a step; its page must
# still be a page (a few hundred kilobytes), not megabytes.
MAX_DRAWN_CELLS = 6000  # (the gallery draws 300 at most)
MAX_LISTED_STEPS = 600  # log entries listed in the page and the API; the rest are counted

# Each step of a turn: the rule that describes it, and the glossary headword
# when the rule's title names the whole phase (main phases).
STEP_RULES = {
    "untap": ("502", ""), "upkeep": ("503", ""), "draw": ("504", ""),
    "precombat_main": ("505", "precombat-main-phase"), "beginning_of_combat": ("507", ""),
    "declare_attackers": ("508", ""), "declare_blockers": ("509", ""),
    "first_strike_damage": ("510", ""), "combat_damage": ("510", ""),
    "end_of_combat": ("511", ""), "postcombat_main": ("505", "postcombat-main-phase"),
    "end": ("513", ""), "cleanup": ("514", ""),
}
COMBAT_STEPS = ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage")

# The page's own words (Chinese, English); rules and card names come from the corpus.
LABELS: dict[str, tuple[str, str]] = {
    "simulate": ("情景模拟", "Simulation"),
    "intro": ("用 YAML 描述一个局面，引擎逐步结算，每一步都注明所依据的规则。",
              "Describe a situation in YAML; the engine plays it step by step, citing the rule "
              "behind every step."),
    "scenario": ("情景", "Scenario"),
    "run": ("运行", "Run"),
    "download": ("下载 YAML", "Download YAML"),
    "permalink": ("永久链接", "Permalink"),
    "copy_link": ("复制链接", "Copy link"),
    "gallery": ("范例", "Examples"),
    "gallery_hint": ("测试集中的情景，按机制分组", "The test suite's scenarios, by mechanic"),
    "format_help": ("格式说明", "Format"),
    "outcome": ("结果", "Outcome"),
    "all_hold": ("所有预期均成立", "Every expectation holds"),
    "some_fail": ("有预期不成立", "An expectation fails"),
    "no_expect": ("情景没有写预期", "The scenario states no expectations"),
    "refused": ("引擎拒绝了此情景", "The engine refused the scenario"),
    "expected": ("预期", "expected"),
    "actual": ("实际", "actual"),
    "line": ("第 {n} 行", "line {n}"),
    "steps": ("步骤", "Steps"),
    "start": ("开始", "Start"),
    "start_text": ("情景开始时的局面", "The board as the scenario starts"),
    "final": ("最终局面", "Final board"),
    "final_text": ("运行结束时的局面：最后一条日志之后引擎未记录的变化",
                   "The board as the run ended: changes after the last log entry"),
    "step_of": ("第 {i} 步，共 {n} 步", "Step {i} of {n}"),
    "turn": ("第 {n} 回合", "turn {n}"),
    "previous_step": ("上一步", "Previous step"),
    "next_step": ("下一步", "Next step"),
    "keys": ("← → 键逐步查看", "← → keys step through"),
    "changed": ("变化", "What changed"),
    "nothing_changed": ("局面没有变化", "The board is unchanged"),
    "rules_applied": ("所依据的规则", "Rules applied"),
    "no_rules": ("此步没有引用规则", "No rule cited at this step"),
    "life": ("生命", "life"),
    "poison": ("中毒", "poison"),
    "hand": ("手牌", "Hand"),
    "graveyard": ("坟墓场", "Graveyard"),
    "exile": ("放逐区", "Exile"),
    "library": ("牌库", "Library"),
    "library_unknown": ("未指定（不会抽完）", "unspecified (never runs out)"),
    "battlefield": ("战场", "Battlefield"),
    "stack": ("堆叠", "Stack"),
    "stack_top": ("顶端", "top"),
    "stack_empty": ("堆叠为空", "The stack is empty"),
    "no_permanents": ("没有永久物", "No permanents"),
    "empty": ("空", "empty"),
    "tapped": ("横置", "tapped"),
    "damage": ("伤害 {n}", "{n} damage"),
    "attacking": ("攻击 {t}", "attacking {t}"),
    "blocking": ("阻挡 {t}", "blocking {t}"),
    "blocked": ("被阻挡", "blocked"),
    "attached_to": ("贴附于 {t}", "attached to {t}"),
    "token": ("衍生物", "token"),
    "face_down": ("牌面朝下", "face down"),
    "copy": ("复制品", "copy"),
    "ability": ("异能", "ability"),
    "spell": ("咒语", "spell"),
    "targets": ("目标", "targets"),
    "controller": ("操控者", "controller"),
    "active": ("主动牌手", "active player"),
    "lost": ("已输掉", "lost"),
    "won": ("获胜", "won"),
    "mana_pool": ("法术力池", "mana pool"),
    "went_to": ("{name} → {owner}的{zone}", "{name} → {owner}'s {zone}"),
    "left_battlefield": ("{name} 离开战场", "{name} left the battlefield"),
    "entered": ("{name} 进入战场", "{name} entered the battlefield"),
    "life_change": ("{p}：生命 {a} → {b}", "{p}: life {a} → {b}"),
    "poison_change": ("{p}：中毒指示物 {a} → {b}", "{p}: poison {a} → {b}"),
    "stack_added": ("{name} 进入堆叠", "{name} put on the stack"),
    "stack_left": ("{name} 离开堆叠", "{name} left the stack"),
    "perm_change": ("{name}：{fields}", "{name}: {fields}"),
    "lineage_unchanged": ("中文译自 2019-10-04 版，英文此后未改", "Chinese of 2019-10-04; "
                          "the English is unchanged since"),
    "lineage_changed": ("中文译自 2019-10-04 版，英文此后已修改", "Chinese of 2019-10-04; "
                        "the English has changed since"),
    "lineage_new": ("2019-10-04 版之后新增，尚无中文", "New since 2019-10-04: no Chinese yet"),
    "lineage_moved": ("2019 版编号 {n}", "numbered {n} in 2019"),
    "no_text": ("语料库中没有此规则", "This rule is not in the corpus"),
    "branches": ("结果取决于未定的选择", "The outcome depends on open choices"),
    "branch_ok": ("此分支的预期成立", "expectations hold on this branch"),
    "branch_fail": ("此分支有预期不成立", "an expectation fails on this branch"),
    "too_long_link": ("情景太长，无法放进链接；请下载 YAML 分享。",
                      "The scenario is too long for a link; share the YAML file instead."),
    "more_listed": ("日志共有 {n} 条；只列出前 {k} 条。",
                    "The log has {n} entries; the first {k} are listed."),
    "more_steps": ("日志共有 {n} 条；只画出前 {k} 步的局面。",
                   "The log has {n} entries; the board is drawn for the first {k}."),
    "no_boards": ("无法重现各步的局面，只列出日志。", "The board at each step could not be "
                  "reproduced; the log is listed alone."),
    "refusal_kind": ("拒绝的类型", "Kind of refusal"),
    "kind_bad-input": ("情景写法有误", "bad input"),
    "kind_illegal": ("非法动作", "illegal action"),
    "kind_unsupported": ("引擎无法模拟", "unsupported"),
    "kind_limit": ("超出限制", "limit"),
    "kind_internal": ("引擎内部错误", "internal error"),
    "go_to_line": ("转到第 {n} 行", "Go to line {n}"),
    "editor_hint": ("在此输入或粘贴 YAML 情景，或从下方范例中选择。",
                    "Type or paste a YAML scenario here, or pick an example below."),
    "example_link": ("范例", "example"),
    "scenarios_with_card": ("含此牌的情景模拟", "Simulations with this card"),
    "event_attack": ("攻击", "attack"), "event_block": ("阻挡", "block"),
    "event_damage": ("伤害", "damage"), "event_zone": ("移动", "zone change"),
    "event_step": ("步骤", "step"), "event_cast": ("施放", "cast"),
    "event_pay": ("支付", "pay"), "event_resolve": ("结算", "resolve"),
    "event_pass": ("让过", "pass"), "event_trigger": ("触发", "trigger"),
    "event_tap": ("横置", "tap"), "event_counters": ("指示物", "counters"),
    "event_life": ("生命", "life"), "event_draw": ("抓牌", "draw"),
    "event_token": ("衍生物", "token"), "event_attach": ("贴附", "attach"),
    "event_refused": ("拒绝", "refused"), "event_note": ("注", "note"),
    "event_default": ("默认", "default"), "event_characteristics": ("特征", "characteristics"),
    "event_choice": ("选择", "choice"), "event_depends": ("取决于选择", "depends"),
    "event_prevent": ("防止", "prevent"), "event_copy": ("复制", "copy"),
    "event_mana": ("法术力", "mana"), "event_activate": ("起动", "activate"),
    "event_special": ("特殊动作", "special action"), "event_play": ("使用地", "play"),
    "event_suspend": ("延缓", "suspend"), "event_counter": ("反击", "counter"),
    "event_lose": ("输掉游戏", "loses"), "event_win": ("获胜", "wins"),
    "event_regenerate": ("重生", "regenerate"), "event_face_up": ("翻成正面", "face up"),
    "event_sba": ("状态动作", "state-based action"), "event_turn": ("回合", "turn"),
    "event_replace": ("替代", "replacement"), "event_final": ("最终局面", "final board"),
    "field_power": ("力量", "power"), "field_toughness": ("防御力", "toughness"),
    "field_tapped": ("横置状态", "tapped"), "field_damage": ("伤害", "damage"),
    "field_counters": ("指示物", "counters"), "field_controller": ("操控者", "controller"),
    "field_attacking": ("攻击", "attacking"), "field_blocking": ("阻挡", "blocking"),
    "field_attached_to": ("贴附", "attached"), "field_face_down": ("牌面", "face"),
    "field_keywords": ("关键词", "keywords"), "field_types": ("类别", "types"),
    "field_loyalty": ("忠诚", "loyalty"),
}


def label(prefs: Prefs, key: str, **values: Any) -> str:
    zh, en = LABELS.get(key, (key, key))
    text = en if prefs.view == "en" else prefs.zh(zh)
    return text.format(**values) if values else text


# --- names from the corpus -------------------------------------------------------------------

def step_names(cat: Catalog) -> dict[str, dict[str, str]]:
    """Each step's name in Chinese and English, and its rule page, from the corpus."""
    def build() -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        for step, (number, term) in STEP_RULES.items():
            rec = cat.rule("mtg", number)
            en = rec.title.get(EN, "") if rec is not None and rec.title else ""
            partner = cat.translation_of(rec) if rec is not None else None
            zh = zh_of(partner.title) if partner is not None and partner.title else ""
            if term:
                entry = cat.glossary_entry("mtg", CR_2019, term)
                if entry is not None:
                    zh = zh_of(entry.term) or zh
                    en = entry.term.get(EN, en)
            if step == "first_strike_damage":
                en, zh = f"{en} (first strike)", f"{zh}（先攻）" if zh else ""
            out[step] = {"en": en or step.replace("_", " "), "zh": zh,
                         "url": cat.url(rec) if rec is not None else ""}
        return out

    return cat.memo("simulate-step-names", build)


def step_label(cat: Catalog, prefs: Prefs, step: str) -> str:
    names = step_names(cat).get(step)
    if names is None:
        return step.replace("_", " ")
    if prefs.view == "en" or not names["zh"]:
        return names["en"]
    return prefs.zh(names["zh"])


def rule_info(cat: Catalog, number: str) -> dict[str, Any]:
    """A rule as a step cites it: current English, the 2019 Chinese the reader sees,
    the lineage between them, and the pages of both."""
    def build() -> dict[str, Any]:
        rec = cat.rule("mtg", number)
        if rec is None:
            return {"number": number, "found": False}
        lin = lineage(cat, rec)
        zh = cat.translation_of(rec)
        out: dict[str, Any] = {"number": number, "found": True, "id": rec.id,
                               "url": cat.url(rec), "edition": rec.edition,
                               "en": rec.text.get(EN, ""), "status": lin.status}
        if zh is not None and zh is not rec:
            out.update({"zh": zh_of(zh.text), "zh_number": zh.number, "zh_id": zh.id,
                        "zh_url": cat.url(zh), "zh_edition": zh.edition})
        if lin.moved_from:
            out["moved_from"] = lin.moved_from
        return out

    return dict(cat.memo(("simulate-rule", number), build))


# --- the view ---------------------------------------------------------------------------------

@dataclass
class Step:
    index: int  # 1-based; 0 is the start
    event: str
    text: str
    rules: list[str]
    turn: int
    step: str
    line: int | None
    board: dict[str, Any] | None
    diff: dict[str, Any] | None = None
    combat: bool = False
    msg: dict[str, Any] | None = None  # the step as data (a code and its arguments)


@dataclass
class Simulation:
    text: str
    result: dict[str, Any]
    title: str
    status: str  # holds | fails | refused
    steps: list[Step]
    initial: dict[str, Any] | None
    final: dict[str, Any] | None
    refusal: dict[str, Any] | None
    expectations: list[dict[str, Any]]
    branches: list[dict[str, Any]]
    rules: dict[str, dict[str, Any]]
    permalink: str | None
    link_code: str | None
    example: str | None = None
    drawn: int = 0
    notes: list[str] = field(default_factory=list)
    logged: int = 0  # entries in the engine's log (more than listed, past the limit)
    cited: list[str] = field(default_factory=list)  # numbers of the rules cited, in order


def in_chinese(message: dict[str, Any] | None, lang: str = ZH_HANS) -> str:
    """A message (in its JSON form) in Chinese, or "" when the catalogue has no Chinese
    for it (the English is then shown alone, never passed off as Chinese)."""
    if not message or lang not in catalogue().get(message.get("code", ""), {}):
        return ""
    return render(message, lang)


def refusal_view(refused: dict[str, Any]) -> dict[str, Any]:
    """The engine's refusal with its Chinese and the rules it cites."""
    out = dict(refused)
    if not out.get("message_zh"):
        zh = in_chinese(out.get("msg"))
        kind = LABELS.get(f"kind_{out.get('kind', '')}", LABELS["kind_unsupported"])[0]
        out["message_zh"] = zh or f"{kind}：{out.get('message', '')}"
    return out


def build(cat: Catalog, text: str, result: dict[str, Any], example: str | None = None
          ) -> Simulation:
    """The simulation as the page shows it: :func:`assemble`, with the cited rules'
    texts from the corpus."""
    sim = assemble(text, result, example)
    sim.rules = {r: rule_info(cat, r) for r in sim.cited}
    return sim


def assemble(text: str, result: dict[str, Any], example: str | None = None) -> Simulation:
    """Everything of the view that needs no corpus (what a simulation worker can
    do): the steps with what changed at each, the outcome, the refusal, the
    permalink, and the numbers of the rules cited (``cited``; ``rules`` is left
    for :func:`build` to fill in)."""
    boards = result.get("boards")
    log = result.get("log") or []
    steps: list[Step] = []
    previous = boards["initial"] if boards else None
    drawn = cells = 0
    for i, entry in enumerate(log[:MAX_LISTED_STEPS]):
        board = None
        if boards and i < len(boards["steps"]) and drawn < MAX_DRAWN_STEPS:
            board = boards["steps"][i]
            if board is not None:
                cells += board_cells(board)
                if cells > MAX_DRAWN_CELLS:
                    board = None
        line = boards["lines"][i] if boards and i < len(boards["lines"]) else None
        step = Step(i + 1, entry.get("event", ""), entry.get("text", ""),
                    list(entry.get("rules") or []), entry.get("turn", 0),
                    entry.get("step", ""), line if isinstance(line, int) else None, board,
                    msg=entry.get("msg"))
        if board is not None:
            drawn += 1
            step.diff = changes(previous, board) if previous is not None else None
            step.combat = any("attacking" in p or "blocking" in p for p in board["permanents"])
            previous = board
        steps.append(step)
    if boards and previous is not None and drawn == len(log) and \
            _drawn(boards["final"]) != _drawn(previous):
        # Changes after the last entry that the engine made without logging them
        # (a token ceasing to exist, 704.5d): the end of the run gets a step of its own.
        end = Step(len(log) + 1, "final", FINAL_TEXT, [], log[-1].get("turn", 0) if log else 0,
                   log[-1].get("step", "") if log else "", None, boards["final"])
        end.diff = changes(previous, boards["final"])
        steps.append(end)
    refused = result.get("refused")
    refusal = refusal_view(refused) if refused else None
    status = "refused" if refusal else ("holds" if result.get("ok") else "fails")
    if refusal is None and not result.get("expectations"):
        status = "readable" if result.get("read_only") else "unchecked"
    cited: dict[str, None] = {}
    for s in steps:
        for r in s.rules:
            cited.setdefault(r, None)
    for r in (refusal or {}).get("rules") or []:
        cited.setdefault(r, None)
    permalink = link_to(text)
    code = permalink.split("=", 1)[1] if permalink else None
    sim = Simulation(text, result, str(result.get("title") or ""), status, steps,
                     boards["initial"] if boards else None, boards["final"] if boards else None,
                     refusal, list(result.get("expectations") or []),
                     list(result.get("branches") or []),
                     {}, permalink, code, example, drawn, cited=list(cited))
    if log and boards is None:
        sim.notes.append("no_boards")
    elif len(log) > drawn and boards is not None:
        sim.notes.append("more_steps")
    sim.logged = len(log)
    if len(log) > MAX_LISTED_STEPS:
        sim.notes.append("more_listed")
    return sim


FINAL_TEXT = "the board as the run ended (changes made after the last log entry)"


def board_cells(board: dict[str, Any]) -> int:
    """How much a board draws: its permanents, stack objects and cards in zones."""
    return len(board["permanents"]) + len(board["stack"]) + sum(
        len(p.get(z) or ()) for p in board["players"] for z in ("hand", "graveyard", "exile",
                                                                 "library"))


def _drawn(board: dict[str, Any]) -> dict[str, Any]:
    """What is drawn of a board (the step name, shown per entry, left out)."""
    return {k: v for k, v in board.items() if k not in ("step", "turn")}


# --- the API form --------------------------------------------------------------------------------

def api_json(cat: Catalog, sim: Simulation, prefs: Prefs) -> dict[str, Any]:
    """The JSON answer of POST /api/v1/simulate."""
    before, after = api_parts(sim, prefs.script, step_names(cat))
    return {**before, "rules": {n: _rule_in_script(cat, n, prefs.script) for n in sim.cited},
            **after}


def api_parts(sim: Simulation, script: str, names: dict[str, dict[str, str]]
              ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The JSON answer of POST /api/v1/simulate without its ``rules`` (which need the
    corpus): the keys before them and the keys after, for a worker to write.
    ``names`` are the steps' names (:func:`step_names`)."""
    prefs = Prefs(script=script)
    result = sim.result
    before: dict[str, Any] = {
        "ok": bool(result.get("ok")) and sim.refusal is None,
        "status": sim.status,
        "exit_code": result.get("exit_code", 2 if sim.refusal else (0 if result.get("ok")
                                                                    else 1)),
        "title": sim.title,
        "refused": _zh_script(sim.refusal, prefs) if sim.refusal else None,
        "expectations": sim.expectations,
        "steps": [{
            "index": s.index, "event": s.event, "text": s.text,
            "text_zh": in_chinese(s.msg, prefs.zh_lang), "message": s.msg, "rules": s.rules,
            "turn": s.turn, "step": s.step, "step_name": _step_name(names, prefs, s.step),
            "line": s.line, "board": s.board,
            "changes": s.diff if s.diff is not None and has_changes(s.diff) else None,
        } for s in sim.steps],
        "initial": sim.initial,
        "final": sim.final,
        "state": result.get("state") or {},
    }
    after: dict[str, Any] = {"permalink": sim.permalink, "timing": result.get("timing") or {}}
    for key in ("rules", "rulings"):
        if key in result:
            after["scenario_" + key] = result[key]
    if sim.branches:
        after["branches"] = sim.branches
    return before, after


def rules_json(cat: Catalog, numbers: list[str], script: str) -> str:
    """The ``rules`` of an API answer as JSON text (``json.dumps`` of the mapping,
    byte for byte), each rule's part written once per process and script."""
    return "{" + ", ".join(cat.memo(("simulate-rule-json", number, script),
                                    lambda n=number: f"{json.dumps(n)}: " + json.dumps(
                                        _rule_in_script(cat, n, script)))
                           for number in numbers) + "}"


def _step_name(names: dict[str, dict[str, str]], prefs: Prefs, step: str) -> dict[str, str]:
    found = names.get(step)
    if found is None:
        return {"en": step.replace("_", " "), "zh": ""}
    return {"en": found["en"], "zh": prefs.zh(found["zh"])}


def _rule_in_script(cat: Catalog, number: str, script: str) -> dict[str, Any]:
    """A cited rule with its Chinese in the reader's script (converted once per process)."""
    return cat.memo(("simulate-rule-script", number, script),
                    lambda: _zh_script(rule_info(cat, number), Prefs(script=script)))


def _zh_script(info: dict[str, Any], prefs: Prefs) -> dict[str, Any]:
    out = dict(info)
    for key in ("zh", "message_zh"):
        if out.get(key):
            out[key] = prefs.zh(out[key])
    return out


# --- names and labels in the reader's language -------------------------------------------------

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery", "tribal")


def glossary_zh(cat: Catalog) -> dict[str, str]:
    """Lower-case English headword -> Chinese, from the 2019 CR glossary (types,
    keywords, counters as the board labels them)."""
    def build() -> dict[str, str]:
        out: dict[str, str] = {}
        for entry in cat.all("mtg", "glossary"):
            if entry.edition == CR_2019 and entry.term.get(EN) and zh_of(entry.term):
                out.setdefault(entry.term[EN].lower(), zh_of(entry.term))
        return out

    return cat.memo("simulate-glossary-zh", build)


class Presenter:
    """Helpers the templates call to show a board in the reader's languages."""

    def __init__(self, cat: Catalog, prefs: Prefs) -> None:
        self.cat = cat
        self.prefs = prefs
        self._glossary = glossary_zh(cat)
        self.labels = LABELS

    def t(self, key: str, **values: Any) -> str:
        return label(self.prefs, key, **values)

    # names: Chinese first in the bilingual view, English under it
    def names(self, obj: dict[str, Any]) -> tuple[str, str]:
        """(Chinese, English) names of a card, permanent or stack object to show."""
        en = obj.get("alias") or obj.get("name", "")
        zh = "" if obj.get("alias") else self.prefs.zh(obj.get("zh") or "")
        if self.prefs.view == "en":
            return "", en
        if self.prefs.view == "zh":
            return zh or "", "" if zh else en
        return zh, en

    def name(self, obj: dict[str, Any]) -> str:
        zh, en = self.names(obj)
        return zh or en

    def player_or_object(self, ref: dict[str, Any] | None) -> str:
        if not ref:
            return ""
        if "player" in ref:
            return ref["player"]
        return self.name(ref)

    def word(self, english: str) -> str:
        """A rules word (a type, a keyword) in the page's language, via the glossary."""
        if self.prefs.view == "en":
            return english
        zh = self._glossary.get(english.lower())
        return self.prefs.zh(zh) if zh else english

    def type_line(self, perm: dict[str, Any]) -> str:
        words = [self.word(t).capitalize() if self.prefs.view == "en" else self.word(t)
                 for t in (*perm.get("supertypes", []), *perm.get("types", []))]
        line = " ".join(words) if self.prefs.view == "en" else "".join(words)
        subtypes = " ".join(perm.get("subtypes", []))
        return f"{line} — {subtypes}" if subtypes else line

    def step_label(self, step: str) -> str:
        return step_label(self.cat, self.prefs, step)

    def step_url(self, step: str) -> str:
        names = step_names(self.cat).get(step)
        return names["url"] if names else ""

    def step_texts(self, step: Step) -> tuple[str, str]:
        """(Chinese, English) of a step as the reader's view shows them."""
        zh = in_chinese(step.msg, self.prefs.zh_lang) if self.prefs.view != "en" else ""
        en = step.text if self.prefs.view != "zh" or not zh else ""
        return zh, en

    def event_label(self, event: str) -> str:
        key = f"event_{event}"
        return self.t(key) if key in LABELS else event

    def zh(self, text: str) -> str:
        return self.prefs.zh(text)

    # the board, arranged for drawing
    def sides(self, board: dict[str, Any]) -> list[dict[str, Any]]:
        """Players in table order: opponents across the table, the active player nearest."""
        players = list(board["players"])
        active = [p for p in players if p["name"] == board["active"]]
        others = [p for p in players if p["name"] != board["active"]]
        out = []
        for p in others + active:
            mine = [o for o in board["permanents"] if o["controller"] == p["name"]]
            out.append({"player": p, "active": p["name"] == board["active"],
                        "permanents": _with_attachments(mine, board["permanents"])})
        return out

    def perm_classes(self, perm: dict[str, Any], diff: dict[str, Any] | None) -> str:
        out = ["perm"]
        if "creature" in perm.get("types", []):
            out.append("creature")
        if perm.get("tapped"):
            out.append("tapped")
        if perm.get("attacking"):
            out.append("attacking")
        if perm.get("blocking"):
            out.append("blocking")
        if perm.get("attached_to") is not None:
            out.append("attached")
        if diff:
            if perm["id"] in diff["entered"]:
                out.append("entered")
            fields = diff["permanents"].get(perm["id"], [])
            if fields:
                out.append("changed")
                out.extend(f"chg-{f}" for f in fields)
        return " ".join(out)

    def pt_class(self, perm: dict[str, Any]) -> str:
        printed = perm.get("printed")
        if not printed or perm.get("power") is None:
            return ""
        now = (perm["power"] or 0) + (perm["toughness"] or 0)
        was = printed[0] + printed[1]
        return "up" if now > was else ("down" if now < was else "")

    def counters(self, perm: dict[str, Any]) -> list[str]:
        out = []
        for kind, n in perm.get("counters", {}).items():
            if kind == "loyalty" and "planeswalker" in perm.get("types", []):
                continue
            out.append(f"{self.word(kind) if kind[:1] not in '+-' else kind} ×{n}")
        return out

    def target_text(self, target: dict[str, Any]) -> str:
        return self.player_or_object(target)

    def change_lines(self, diff: dict[str, Any] | None, board: dict[str, Any]) -> list[str]:
        """What a step changed, one short sentence each, in the page's language."""
        if not diff:
            return []
        lines: list[str] = []
        for player, fields in diff["players"].items():
            if "life" in fields:
                a, b = fields["life"]
                lines.append(self.t("life_change", p=player, a=a, b=b))
            if "poison" in fields:
                a, b = fields["poison"]
                lines.append(self.t("poison_change", p=player, a=a, b=b))
            if "lost" in fields and fields["lost"][1]:
                lines.append(f"{player}: {self.t('lost')}")
            if "won" in fields and fields["won"][1]:
                lines.append(f"{player}: {self.t('won')}")
        by_id = {o["id"]: o for o in board["permanents"]}
        for oid in diff["entered"]:
            if oid in by_id:
                lines.append(self.t("entered", name=self.name(by_id[oid])))
        for left in diff["left"]:
            name = self.name(left)
            if left.get("to"):
                lines.append(self.t("went_to", name=name, owner=left["owner"],
                                    zone=self.t(left["to"])))
            else:
                lines.append(self.t("left_battlefield", name=name))
        for oid, fields in diff["permanents"].items():
            perm = by_id.get(oid)
            if perm is None:
                continue
            shown = "、" if self.prefs.view != "en" else ", "
            lines.append(self.t("perm_change", name=self.name(perm),
                                fields=shown.join(self.t(f"field_{f}") for f in fields)))
        stack = {s["id"]: s for s in board["stack"]}
        for sid in diff["stack_added"]:
            if sid in stack:
                lines.append(self.t("stack_added", name=self.name(stack[sid])))
        for gone in diff["stack_removed"]:
            lines.append(self.t("stack_left", name=self.name(gone)))
        return lines


def _with_attachments(mine: list[dict[str, Any]], everything: list[dict[str, Any]]
                      ) -> list[dict[str, Any]]:
    """A player's permanents, each Aura or Equipment right after what it is attached to."""
    ids = {o["id"] for o in everything}
    hosts = [o for o in mine if o.get("attached_to") not in ids]
    out: list[dict[str, Any]] = []
    for host in hosts:
        out.append(host)
        out.extend(o for o in mine if o.get("attached_to") == host["id"])
    placed = {o["id"] for o in out}
    out.extend(o for o in mine if o["id"] not in placed)  # attached to another player's
    return out
