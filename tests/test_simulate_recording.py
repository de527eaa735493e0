"""The simulation API answers every gallery scenario exactly as it did when the
recording was made: the same steps (event, English text, rules, turn, step,
scenario line), the same board at every step and what changed, the same start
and final boards, the same outcome (status, expectations, branches, refusal).

The recording (``tests/recordings/simulate_api.json.xz``) was made before the
engine and the simulation view were reshaped (issue 13), so that the reshaping
can be shown to change nothing a user sees. Fields that come from the corpus
(rule texts, step names) or vary from run to run (timings) are not recorded.

Regenerate it only for a deliberate change of behaviour:
``python tests/test_simulate_recording.py --write``.
"""

from __future__ import annotations

import json
import lzma
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios"
RECORDING = HERE / "recordings" / "simulate_api.json.xz"
STEP_FIELDS = ("index", "event", "text", "rules", "turn", "step", "line", "board", "changes")
TOP_FIELDS = ("status", "ok", "exit_code", "title", "expectations", "branches", "state",
              "initial", "final", "scenario_rules", "scenario_rulings")
REFUSAL_FIELDS = ("message", "line", "rules", "kind")


def recorded_form(data: dict[str, Any]) -> dict[str, Any]:
    """What is compared of one API answer."""
    out = {key: data.get(key) for key in TOP_FIELDS}
    refused = data.get("refused")
    out["refused"] = {k: refused.get(k) for k in REFUSAL_FIELDS} if refused else None
    out["steps"] = [{k: s.get(k) for k in STEP_FIELDS} for s in data.get("steps") or []]
    # JSON turns tuples into lists and keys into strings: compare what JSON keeps.
    return json.loads(json.dumps(out, sort_keys=True))


def answer(client, text: str) -> dict[str, Any]:
    response = client.post("/api/v1/simulate", json={"scenario": text})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return recorded_form(response.get_json())


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.yaml"))


def load_recording() -> dict[str, Any]:
    with lzma.open(RECORDING, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def first_difference(want: Any, got: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, as a readable path."""
    if type(want) is not type(got):
        return f"{path or '/'}: recorded {want!r:.200}, now {got!r:.200}"
    if isinstance(want, dict):
        for key in sorted(set(want) | set(got)):
            if key not in want or key not in got:
                return f"{path}/{key}: only {'recorded' if key in want else 'now'}"
            found = first_difference(want[key], got[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(want, list):
        if len(want) != len(got):
            return f"{path}: {len(want)} items recorded, {len(got)} now"
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if want == got else f"{path}: recorded {want!r:.200}, now {got!r:.200}"


@pytest.fixture(scope="module")
def client(search_service):
    from judgebot.web import create_app

    # Recorded with the engine's own card pool (the corpus's cards would add the
    # Chinese names of inline objects named like real cards: Fireball → 焰球).
    app = create_app(search_service, {"SIMULATE_WORKERS": 2, "SIMULATE_TIMEOUT": 20.0,
                                      "SIMULATE_WAIT": 60.0, "SIMULATE_CORPUS_CARDS": False})
    yield app.test_client()
    app.extensions["judgebot_simulate"].close()


@pytest.fixture(scope="module")
def recording() -> dict[str, Any]:
    return load_recording()


def test_the_recording_covers_every_scenario(recording):
    assert sorted(recording) == [p.stem for p in scenario_files()]


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_the_api_answers_as_recorded(client, recording, path):
    got = answer(client, path.read_text(encoding="utf-8"))
    diff = first_difference(recording[path.stem], got)
    assert diff is None, diff


def write_recording() -> None:
    import tempfile

    from judgebot.search.service import SearchService
    from judgebot.services import open_corpus
    from judgebot.web import create_app

    with tempfile.TemporaryDirectory() as index_dir:
        service = SearchService(open_corpus(), index_dir=Path(index_dir))
        app = create_app(service, {"SIMULATE_WORKERS": 2, "SIMULATE_TIMEOUT": 20.0,
                                   "SIMULATE_WAIT": 60.0, "SIMULATE_CORPUS_CARDS": False})
        try:
            client = app.test_client()
            out = {p.stem: answer(client, p.read_text(encoding="utf-8"))
                   for p in scenario_files()}
        finally:
            app.extensions["judgebot_simulate"].close()
            service.close()
    RECORDING.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(RECORDING, "wt", encoding="utf-8", preset=9) as fh:
        json.dump(out, fh, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    print(f"recorded {len(out)} scenarios in {RECORDING}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    sys.path.insert(0, str(HERE.parent))
    write_recording()
