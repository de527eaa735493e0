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
