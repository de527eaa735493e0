"""The Chinese view of a simulation speaks Chinese (issue 13).

For every gallery scenario and for the refusals of the engine's limit and bad-input tests,
each step description and message rendered in Simplified Chinese may hold no English word
but card names, what the user typed (the scenario's own words) and the words of the
scenario language a message tells the reader to type (``assign_damage``). Card text the
engine quotes (an ability a card grants, a replacement's text, a target's description) is
the card's own words: it is allowed as written on the cards the scenario names, as card
names are, until the engine shows a card's printed Chinese text."""

from __future__ import annotations

import ast
import re
from functools import cache, lru_cache
from pathlib import Path

import pytest
import test_engine_errors
import test_engine_limits

from judgebot.engine import scenario
from judgebot.engine.actions import CHOOSE_KEYS
from judgebot.engine.cards import pool
from judgebot.engine.simulation import run_text
from judgebot.engine.state import STEPS
from judgebot.messages import catalogue, render

TESTS = Path(__file__).parent
GALLERY = sorted((TESTS / "scenarios").glob("*.yaml"))
ZH = "zh-Hans"

# Words of the scenario language itself (keys and values a reader types back into a
# scenario) and of the game's notation; a Chinese message may quote them.
NOTATION = {"P/T", "X", "CR", "YAML"}


@lru_cache(maxsize=1)
def card_words() -> frozenset[str]:
    words: set[str] = set()
    for card in pool():
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", card.name))
    return frozenset(words)


SCENARIO_WORDS = frozenset(scenario.TOP_KEYS | scenario.ACTIONS | scenario.EXPECT_KEYS
                           | scenario.OBJECT_KEYS | set(CHOOSE_KEYS) | set(STEPS))


@cache
def card_text_words(typed: str) -> frozenset[str]:
    """The words of the Oracle text of every pool card the scenario names."""
    words: set[str] = set()
    for card in pool():
        if card.name in typed:
            words.update(w.lower() for w in re.findall(r"[A-Za-z]+", card.text or ""))
    return frozenset(words)


def english_words(text: str, typed: str) -> list[str]:
    """The English words of ``text`` that are neither card names or card text, nor typed
    by the user, nor words of the scenario language."""
    text = re.sub(r"\{[^}]*\}", " ", text)  # mana and tap symbols
    text = re.sub(r"[A-Za-z_]+", lambda m: " " if m.group() in SCENARIO_WORDS else m.group(),
                  text)
    allowed = card_words() | card_text_words(typed) \
        | {w.lower() for w in re.findall(r"[A-Za-z]+", typed)}
    return [w for w in re.findall(r"[A-Za-z]{2,}", text)
            if w.lower() not in allowed and w not in NOTATION]


def refusal_inputs() -> list[str]:
    """The scenarios written in the engine's bad-input and limit tests (their string
    literals that name the players, and module constants built from them)."""
    out: list[str] = []
    for module in (test_engine_errors, test_engine_limits):
        out += [v for v in vars(module).values() if isinstance(v, str) and "players" in v]
        for v in vars(module).values():
            if isinstance(v, list | tuple):
                out += [x for x in v if isinstance(x, str) and "players" in x]
                out += [y for x in v if isinstance(x, tuple) for y in x
                        if isinstance(y, str) and "players" in y]
    for module in (test_engine_errors, test_engine_limits):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and "players" in node.value:
                out.append(node.value)
            elif isinstance(node, ast.BinOp) or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id.startswith("_")):
                # BASE + "  - atack: ...", _spell("Draw 100000000 cards.")
                try:
                    value = eval(compile(ast.Expression(node), "<test>", "eval"),  # noqa: S307
                                 dict(vars(module)))
                except Exception:  # noqa: BLE001 - an expression that needs a test's locals
                    continue
                if isinstance(value, str) and "players" in value and len(value) < 100_000:
                    out.append(value)
    return sorted(set(out))


def said(text: str) -> list[tuple[str, str]]:
    """(where, Chinese) for every step and the refusal of one run."""
    result = run_text(text)
    out = []
    for i, entry in enumerate(result.log):
        assert entry.msg is not None, f"step {i} has no message: {entry.text}"
        out.append((f"step {i}: {entry.text}", render(entry.msg, ZH)))
    if result.refused is not None:
        assert result.refused.msg is not None, f"refusal without a code: {result.refused}"
        out.append((f"refusal: {result.refused.message}", render(result.refused.msg, ZH)))
    return out


@pytest.mark.parametrize("path", GALLERY, ids=[p.stem for p in GALLERY])
def test_every_step_of_the_gallery_is_in_chinese(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    bad = [(where, zh, words) for where, zh in said(text)
           if (words := english_words(zh, text))]
    assert not bad, "\n".join(f"{w}\n  -> {zh}\n  English: {words}" for w, zh, words in bad[:5])


def test_the_refusals_of_the_limit_and_bad_input_tests_are_in_chinese() -> None:
    inputs = refusal_inputs()
    assert len(inputs) > 20
    bad = []
    for text in inputs:
        for where, zh in said(text):
            if where.startswith("refusal") and (words := english_words(zh, text)):
                bad.append((where, zh, words))
    assert not bad, "\n".join(f"{w}\n  -> {zh}\n  English: {words}" for w, zh, words in bad[:8])


def test_every_message_the_catalogue_translates_keeps_its_arguments() -> None:
    def fields(template) -> set[str]:
        texts = template.values() if isinstance(template, dict) else [template]
        return {f for t in texts for f in re.findall(r"(?<!\{)\{(\w+)", t)}

    for code, entry in catalogue().items():
        en = fields(entry["en"])
        for lang in (ZH, "zh-Hant"):
            if lang in entry:
                assert fields(entry[lang]) <= en, (code, lang)


def test_every_code_the_code_names_is_in_the_catalogue() -> None:
    root = Path(__file__).parent.parent / "judgebot"
    used: set[str] = set()
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used.update(re.findall(r"""\bmsg\(\s*["']([a-z][\w.]*)["']""", text))
    missing = sorted(used - set(catalogue()))
    assert not missing, missing
