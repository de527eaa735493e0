"""Reading rules text: a grammar of Oracle text (English) and the documented Chinese
sentences, one module per part of the grammar:

* :mod:`.vocabulary` — the rules' own words, read from the current Comprehensive Rules:
  keyword abilities and their parameters (702), ability words (207.2c), subtypes (205.3);
* :mod:`.keywords` — keyword lines; :mod:`.costs` — costs; :mod:`.tokens` — the tokens
  the rules predefine (111.10);
* :mod:`.selectors` — noun phrases ("another target creature you control");
  :mod:`.amounts` — "equal to", "for each", "the number of"; :mod:`.conditions` — "if",
  "as long as";
* :mod:`.effects` — clauses: subject, verb and what the verb takes;
  :mod:`.triggers` — trigger conditions; :mod:`.statics` — static abilities;
  :mod:`.replacements` — "instead", "enters tapped", prevention;
* :mod:`.chinese` — the Chinese sentences; :mod:`.reader` — lines into abilities;
  :mod:`.oracle` — a card's Oracle text: readable, or the words it can't read.

The reader turns text into the same abilities the card scripts build
(:mod:`judgebot.engine.abilities`); anything it can't read is an explicit refusal
that quotes the words: the engine never guesses, and never drops a word.

>>> [k.label() for k in read_keywords("Flying, trample, protection from red")]
['flying', 'trample', 'protection from red']
>>> [k.label() for k in read_keywords("飞行，反白保护")]
['flying', 'protection from white']
>>> read_keywords("Suspend 4—{1}{U}")[0].label()
'suspend 4—{1}{U}'
"""

import re

# The grammar writes its patterns where it uses them, about 870 of them while the corpus is
# read; the ``re`` module keeps only the last 512 compiled (``re._MAXCACHE``, read at each
# compilation), so reading every card compiled thousands of them again and again. A larger
# cache keeps them all: reading every card takes about 12% less CPU (15.3-15.6 s against
# 16.8-18.0 s, same load). Harmless if a later Python names the limit differently.
re._MAXCACHE = max(getattr(re, "_MAXCACHE", 512), 2048)  # type: ignore[attr-defined]

from judgebot.engine.text.costs import read_cost  # noqa: E402
from judgebot.engine.text.keywords import read_keyword, read_keywords  # noqa: E402
from judgebot.engine.text.phrases import parse_phrase_zh  # noqa: E402
from judgebot.engine.text.reader import (  # noqa: E402
    Parts,
    Reader,
    examples,
    read_text,
    unread_phrase,
)
from judgebot.engine.text.selectors import parse_phrase, target_spec  # noqa: E402

TEMPLATES = examples

__all__ = ["Parts", "Reader", "TEMPLATES", "examples", "parse_phrase", "parse_phrase_zh",
           "read_cost", "read_keyword", "read_keywords", "read_text", "target_spec",
           "unread_phrase"]
