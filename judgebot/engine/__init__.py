"""judgebot's rules engine: resolve "what happens if…" by simulation, citing a rule
at every step.

The engine is pure Python with no I/O: a scenario (YAML text or a parsed
:class:`~judgebot.engine.scenario.Scenario`) goes in; a
:class:`~judgebot.engine.simulation.SimulationResult` comes out, with the step log
(each step naming the Comprehensive Rules it applies), the final state, and
the scenario's expectations checked.

>>> result = simulate_text('''
... players: [Alice, Bob]
... battlefield:
...   Alice: [{name: Striker, creature: 3/3, keywords: [trample, deathtouch]}]
...   Bob: [{name: Wall, creature: 0/4}, Grizzly Bears]
... actions:
...   - attack: {Striker: Bob}
...   - block: {Wall: Striker, Grizzly Bears: Striker}
...   - assign_damage: {Striker: {Wall: 1, Grizzly Bears: 1, Bob: 1}}
...   - pass: {until: end_of_combat}
... expect:
...   life: {Bob: 19}
...   graveyard: {Bob: [Wall, Grizzly Bears]}
... ''')
>>> result.ok, result.exit_code
(True, 0)
>>> "702.19b" in result.cited()
True
"""

from __future__ import annotations

from judgebot.engine import effects  # registers every effect verb (judgebot.engine.verbs)
from judgebot.engine.errors import BadInput, IllegalAction, Refusal, Unsupported
from judgebot.engine.scenario import Scenario
from judgebot.engine.simulation import SimulationResult, parse, run_text, simulate


def simulate_text(text: str) -> SimulationResult:
    """Simulate a scenario given as YAML text. Bad input comes back as a refusal."""
    return run_text(text)


__all__ = ["effects", "simulate", "simulate_text", "parse", "Scenario", "SimulationResult",
           "Refusal", "BadInput", "IllegalAction", "Unsupported"]
