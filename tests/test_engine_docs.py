"""The examples in the engine's README and docstrings run as written (doctest)."""

from __future__ import annotations

import doctest
from pathlib import Path

import judgebot.engine

README = Path(judgebot.engine.__file__).with_name("README.md")


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 3 and result.failed == 0


def test_package_docstring_examples_run() -> None:
    result = doctest.testmod(judgebot.engine, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_module_docstring_examples_run() -> None:
    import judgebot.engine.cards as cards
    import judgebot.engine.citations as citations
    import judgebot.engine.mana as mana
    import judgebot.engine.text as text
    for module in (mana, text, cards, citations):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0, module.__name__
        assert result.attempted > 0, module.__name__
