"""Running a situation built from a question through the rules engine."""

from __future__ import annotations

from judgebot.engine import simulate_text
from judgebot.judge.situation import Situation


def run(situation: Situation) -> dict:
    """The engine's verdict on a situation, in the shape answers carry.

    ``summary`` says what happened in one line; ``log`` is the step log with
    each step's rules; ``scenario`` is the YAML the reader can edit and rerun.
    """
    result = simulate_text(situation.yaml)
    out = {
        "scenario": situation.yaml,
        "notes": list(situation.notes),
        "ok": result.refused is None,
        "refused": result.refused.to_dict() if result.refused else None,
        "log": [e.to_dict() for e in result.log],
        "rules": result.cited(),
        "state": result.state,
        "branches": result.branches,
        "start_life": dict(situation.scenario.get("life", {})),
    }
    out["summary"] = summarise(out)
    out["summary_zh"] = summarise_zh(out)
    return out


def settled(sim: dict) -> bool:
    """Whether a simulation ran, changed something, and left no target open."""
    if sim["refused"]:
        return False
    if any(e["event"] == "depends" and "target" in e["text"] for e in sim["log"]):
        return False
    return not sim["summary"].startswith("Nothing changes")


def summarise(sim: dict) -> str:
    if sim["refused"]:
        return "The engine could not simulate this: " + sim["refused"].get("message", "")
    depends = [e["text"] for e in sim["log"] if e["event"] == "depends"]
    if depends:
        return depends[-1][0].upper() + depends[-1][1:] + "."
    players = sim["state"].get("players", {})
    parts = []
    for name, info in players.items():
        start = sim.get("start_life", {}).get(name, 20)
        if info.get("life") != start:
            parts.append(f"{name} goes from {start} to {info['life']} life")
        if info.get("poison"):
            parts.append(f"{name} has {info['poison']} poison counters")
        if info.get("lost"):
            parts.append(f"{name} loses the game")
    dead = [f"{card} ({name}'s)" for name, info in players.items()
            for card in info.get("graveyard", [])]
    if dead:
        parts.append("put into the graveyard: " + ", ".join(dead))
    survivors = [f"{p['name']} ({p.get('damage', 0)} damage marked)"
                 for p in sim["state"].get("permanents", []) if p.get("damage")]
    if survivors:
        parts.append("survive: " + ", ".join(survivors))
    if not parts:
        return "Nothing changes: no damage is dealt and no creature dies."
    return "; ".join(parts)[0].upper() + "; ".join(parts)[1:] + "."


PLAYER_ZH = {"You": "你", "Opponent": "对手"}


def summarise_zh(sim: dict) -> str:
    """The same outcome in Chinese (an open choice is described in English only)."""
    if sim["refused"]:
        return "规则引擎无法模拟此情形：" + sim["refused"].get("message", "")
    if any(e["event"] == "depends" for e in sim["log"]):
        return "结果取决于牌手的选择（详见步骤）。"
    players = sim["state"].get("players", {})
    parts = []
    for name, info in players.items():
        who = PLAYER_ZH.get(name, name)
        start = sim.get("start_life", {}).get(name, 20)
        if info.get("life") != start:
            parts.append(f"{who}的生命从{start}变为{info['life']}")
        if info.get("poison"):
            parts.append(f"{who}有{info['poison']}个中毒指示物")
        if info.get("lost"):
            parts.append(f"{who}输掉游戏")
    dead = [f"{card}（{PLAYER_ZH.get(name, name)}的）" for name, info in players.items()
            for card in info.get("graveyard", [])]
    if dead:
        parts.append("进入坟墓场：" + "、".join(dead))
    survivors = [f"{p['name']}（已标记{p.get('damage', 0)}点伤害）"
                 for p in sim["state"].get("permanents", []) if p.get("damage")]
    if survivors:
        parts.append("存活：" + "、".join(survivors))
    if not parts:
        return "没有变化：未造成伤害，也没有生物死去。"
    return "；".join(parts) + "。"
