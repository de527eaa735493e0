"""Running a situation built from a question through the rules engine."""

from __future__ import annotations

from judgebot.engine.simulation import run_text
from judgebot.judge.situation import OPPONENT, YOU, Situation
from judgebot.messages import ZH_HANS, Name, msg, render


def run(situation: Situation, cards=None) -> dict:
    """The engine's verdict on a situation, in the shape answers carry.

    ``summary`` says what happened in one line; ``log`` is the step log with
    each step's rules; ``scenario`` is the YAML the reader can edit and rerun.
    """
    result = run_text(situation.yaml, cards=cards)  # cards: the engine's and the corpus's
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
        "spells": [_card_name(c) for cards_ in (situation.scenario.get("hand") or {}).values()
                   for c in cards_],
        # whether the question said what its spells target (the scenario names them)
        "targets_named": any("targets" in (a.get("cast") or {})
                             for a in situation.scenario.get("actions") or []),
    }
    out["summary"] = summarise(out)
    out["summary_zh"] = summarise_zh(out)
    out["message"] = msg("judge.simulation.summary",
                         summary=Name(out["summary"], out["summary_zh"])).to_dict()
    return out


# A spell or ability removed from the stack without resolving (608.2b), or countered.
FIZZLED = ("608.2b", "701.6a")


def not_allowed(sim: dict) -> bool:
    """Whether the engine refused the question's own action as against the
    rules: a target the question named that the spell can't have (not a
    target missing from the board we built, which says nothing)."""
    refused = sim.get("refused") or {}
    why = refused.get("msg") or {}
    return refused.get("kind") == "illegal" and sim.get("targets_named", False) and str(
        why.get("code", "")).startswith("targeting.") and "t" in (why.get("args") or {})


def settled(sim: dict) -> bool:
    """Whether a simulation ran, changed something besides its spells going to
    the graveyard as they resolve, and left no target open; or refused the
    question's own action as against the rules."""
    if sim["refused"]:
        return not_allowed(sim)
    if any(e["event"] == "depends" and "target" in e["text"] for e in sim["log"]):
        return False
    if any(rule in sim["rules"] for rule in FIZZLED):
        return True  # a spell that didn't resolve: "nothing happens" is the answer
    spells = set(sim.get("spells", ()))
    for fact in outcome_facts(sim):
        if fact[0] != "dead" or any(card not in spells for card, _ in fact[1]):
            return True
    return False



def _card_name(card) -> str:
    return card.get("name", "") if isinstance(card, dict) else str(card)


def outcome_facts(sim: dict) -> list[tuple]:
    """What changed, as language-free facts: ``("life", player, from, to)``,
    ``("poison", player, n)``, ``("lost", player)``, ``("dead", [(card, owner)])``,
    ``("damaged", [(card, damage)])``."""
    players = sim["state"].get("players", {})
    facts: list[tuple] = []
    for name, info in players.items():
        start = sim.get("start_life", {}).get(name, 20)
        if info.get("life") != start:
            facts.append(("life", name, start, info["life"]))
        if info.get("poison"):
            facts.append(("poison", name, info["poison"]))
        if info.get("lost"):
            facts.append(("lost", name))
    dead = [(card, name) for name, info in players.items() for card in info.get("graveyard", [])]
    if dead:
        facts.append(("dead", dead))
    damaged = [(p["name"], p.get("damage", 0)) for p in sim["state"].get("permanents", [])
               if p.get("damage")]
    if damaged:
        facts.append(("damaged", damaged))
    return facts


def summarise(sim: dict) -> str:
    if sim["refused"] and not_allowed(sim):
        return "Not allowed: " + sim["refused"].get("message", "")
    if sim["refused"]:
        return "The engine could not simulate this: " + sim["refused"].get("message", "")
    depends = [e["text"] for e in sim["log"] if e["event"] == "depends"]
    if depends:
        return depends[-1][0].upper() + depends[-1][1:] + "."
    words = {
        "life": lambda p, a, b: f"{_who(p)} {_verb(p, 'go')} from {a} to {b} life",
        "poison": lambda p, n: f"{_who(p)} {_verb(p, 'have')} {n} poison counters",
        "lost": lambda p: f"{_who(p)} {_verb(p, 'lose')} the game",
        "dead": lambda cards: "put into the graveyard: " + ", ".join(
            f"{c} ({_whose(o)})" for c, o in cards),
        "damaged": lambda cards: "survive: " + ", ".join(
            f"{c} ({d} damage marked)" for c, d in cards),
    }
    parts = [words[kind](*rest) for kind, *rest in outcome_facts(sim)]
    if not parts:
        return "Nothing changes: no damage is dealt and no creature dies."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _who(player: str) -> str:
    return {YOU: "you", OPPONENT: "your opponent"}.get(player, player)


def _whose(player: str) -> str:
    return {YOU: "yours", OPPONENT: "your opponent's"}.get(player, f"{player}'s")


def _verb(player: str, verb: str) -> str:
    """English agreement: "you go", "your opponent goes"."""
    if player == YOU:
        return verb
    return {"have": "has", "go": "goes"}.get(verb, verb + "s")


PLAYER_ZH = {"You": "你", "Opponent": "对手"}


def _players_zh(data):
    """A message in its JSON form with the scenario's players named in Chinese
    (the engine names them "You" and "Opponent", as the scenario does)."""
    if isinstance(data, list):
        return [_players_zh(v) for v in data]
    if not isinstance(data, dict):
        return {"name": data, "zh": PLAYER_ZH[data]} if data in PLAYER_ZH else data
    if "code" in data and "args" in data:
        return {**data, "args": {k: _players_zh(v) for k, v in data["args"].items()}}
    if "name" in data and data["name"] in PLAYER_ZH and not data.get("zh"):
        return {**data, "zh": PLAYER_ZH[data["name"]]}
    return data


def summarise_zh(sim: dict) -> str:
    """The same outcome in Chinese (an open choice is described in English only)."""
    if sim["refused"]:
        refusal = sim["refused"].get("msg")
        why = render(_players_zh(refusal), ZH_HANS) if refusal else sim["refused"].get(
            "message", "")
        return ("不允许：" if not_allowed(sim) else "规则引擎无法模拟此情形：") + why
    if any(e["event"] == "depends" for e in sim["log"]):
        return "结果取决于牌手的选择（详见步骤）。"

    def who(p: str) -> str:
        return PLAYER_ZH.get(p, p)

    words = {
        "life": lambda p, a, b: f"{who(p)}的生命从{a}变为{b}",
        "poison": lambda p, n: f"{who(p)}有{n}个中毒指示物",
        "lost": lambda p: f"{who(p)}输掉游戏",
        "dead": lambda cards: "进入坟墓场：" + "、".join(f"{c}（{who(o)}的）" for c, o in cards),
        "damaged": lambda cards: "存活：" + "、".join(f"{c}（已标记{d}点伤害）" for c, d in cards),
    }
    parts = [words[kind](*rest) for kind, *rest in outcome_facts(sim)]
    if not parts:
        return "没有变化：未造成伤害，也没有生物死去。"
    return "；".join(parts) + "。"
