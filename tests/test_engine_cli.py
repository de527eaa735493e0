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


# --- bad input on the command line: a message and exit 2, never a traceback or a hang ---

def run_stdin(capsys, monkeypatch, data: bytes, *argv: str) -> tuple[int, str, str]:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(["simulate", "-", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_an_endless_file_is_read_only_up_to_the_limit(capsys) -> None:
    code = main(["simulate", "/dev/zero"])
    assert code == 2 and "longer than 32 KB" in capsys.readouterr().err


def test_binary_on_standard_input_is_refused(capsys, monkeypatch) -> None:
    code, _, err = run_stdin(capsys, monkeypatch, b"players: [A, B]\n\xff\xfe\x00\x81")
    assert code == 2 and "not UTF-8 text" in err


@pytest.mark.parametrize("text, words", [
    ("players: [Alice, Bob]\nnotes: " + "{a: " * 900 + "1" + "}" * 900 + "\n",
     "nested too deeply"),
    ("players: [Alice, Bob]\nlife: {Bob: " + "9" * 5000 + "}\n", "5000 digits"),
    ("players: [Alice, Bob]\nstep_limit: .inf\n", "step_limit must be a whole number"),
    ("title: bomb\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
     + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
               for i in range(8)) + "notes: *i\n", "YAML nodes"),
])
def test_hostile_yaml_is_refused_with_its_reason(capsys, monkeypatch, text, words) -> None:
    code, out, err = run_stdin(capsys, monkeypatch, text.encode())
    assert code == 2 and words in out and "Traceback" not in out + err


def test_a_run_longer_than_the_timeout_is_stopped(capsys, monkeypatch) -> None:
    import time

    hand = "\n".join(f'    - {{name: Spell {i}, types: [sorcery], text: "Draw 1000 cards."}}'
                     for i in range(8))
    acts = "\n".join(f"  - cast: {{player: Alice, card: Spell {i}}}\n  - pass: {{until: "
                     "stack_empty}" for i in range(8))
    text = (f"players: [Alice, Bob]\nstep_limit: 20000\nhand:\n  Alice:\n{hand}\n"
            f"actions:\n{acts}\n")
    start = time.perf_counter()
    code, out, _ = run_stdin(capsys, monkeypatch, text.encode(), "--timeout", "0.5")
    assert time.perf_counter() - start < 5
    assert code == 2 and "longer than 0.5 s" in out


def test_an_output_that_cannot_be_written_is_said_on_stderr() -> None:
    import subprocess
    import sys

    scenario = Path(__file__).parent / "scenarios" / "combat_bear_trades_with_bear.yaml"
    if not scenario.exists():
        scenario = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))[0]
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", "import sys; from judgebot.cli import main; "
                               "sys.exit(main(sys.argv[1:]))", "simulate", str(scenario)],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "cannot write the output" in done.stderr and "Traceback" not in done.stderr


def test_explain_reads_the_current_edition_of_the_store() -> None:
    from judgebot.engine.cli import explain_rules
    from judgebot.store import open_store

    store = open_store()
    info = explain_rules(["613.1", "122.1b", "999.9"], store)
    assert info["613.1"]["edition"] == store.current_edition("mtg")
    assert info["122.1b"]["status"] == "new" and "zh" not in info["122.1b"]
    assert info["999.9"] == {}
