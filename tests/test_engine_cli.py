"""``judgebot simulate``: exit status, JSON shape, --explain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgebot.cli import main

SCENARIOS = Path(__file__).parent / "scenarios"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["simulate", *argv])
    return code, capsys.readouterr().out


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_exit_0_when_every_expectation_holds(capsys) -> None:
    code, out = run(capsys, str(SCENARIOS / "combat_trample_deathtouch_two_blockers.yaml"))
    assert code == 0
    assert "[510.1, 510.2, 510.1c, 702.19b, 702.2c, 120.3a]" in out
    assert "every expectation holds" in out


def test_exit_1_when_an_expectation_fails(tmp_path, capsys) -> None:
    text = (SCENARIOS / "stack_counterspell.yaml").read_text(encoding="utf-8")
    code, out = run(capsys, write(tmp_path, text.replace("life: {Bob: 20}", "life: {Bob: 17}")))
    assert code == 1
    assert "FAIL life.Bob" in out and "expected 17, got 20" in out


def test_exit_2_when_the_engine_refuses(tmp_path, capsys) -> None:
    text = "players: [Alice, Bob]\nhand: {Alice: [Nonsense Card]}\n"
    code, out = run(capsys, write(tmp_path, text))
    assert code == 2
    assert "REFUSED: line 2" in out


def test_missing_file_is_exit_2(tmp_path, capsys) -> None:
    code = main(["simulate", str(tmp_path / "nope.yaml")])
    assert code == 2
    assert "cannot read" in capsys.readouterr().err


def test_json_has_the_documented_shape(capsys) -> None:
    code, out = run(capsys, str(SCENARIOS / "stack_counterspell.yaml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert {"ok", "refused", "log", "state", "expectations"} <= set(data)
    assert data["ok"] is True and data["refused"] is None
    assert all({"event", "rules"} <= set(entry) for entry in data["log"])
    assert all({"check", "ok", "actual"} <= set(c) for c in data["expectations"])
    assert data["state"]["players"]["Bob"]["life"] == 20


def test_json_refusal_carries_line_and_rules(tmp_path, capsys) -> None:
    text = """players: [Alice, Bob]
hand:
  Bob: [Wrath of God]
actions:
  - cast: {player: Bob, card: Wrath of God}
"""
    code, out = run(capsys, write(tmp_path, text), "--json")
    data = json.loads(out)
    assert code == 2 and data["ok"] is False
    assert data["refused"]["line"] == 5 and "307.1" in data["refused"]["rules"]


def test_explain_shows_english_and_chinese_and_flags_changes(capsys) -> None:
    code, out = run(capsys, str(SCENARIOS / "combat_trample_deathtouch_two_blockers.yaml"),
                    "--explain")
    assert code == 0
    assert "Rules cited:" in out
    assert "702.19b  The controller of an attacking creature with trample" in out
    assert "中文 (702.19b): 具有践踏的攻击生物之操控者" in out
    assert "changed since 2019-10-04" in out
    assert "510.1c" in out and "new since 2019-10-04" in out


def test_explain_json(capsys) -> None:
    code, out = run(capsys, str(SCENARIOS / "combat_trample_deathtouch_two_blockers.yaml"),
                    "--json", "--explain")
    data = json.loads(out)
    info = data["explain"]["702.2c"]
    assert info["status"] == "changed" and info["zh"].startswith("在检查")
    assert info["en"].startswith("Any nonzero amount of combat damage")
