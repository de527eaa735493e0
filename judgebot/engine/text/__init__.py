"""Reading rules text: keyword lists and a documented set of templated sentences,
in English and in Chinese, one module per part of speech: words, keywords,
costs, noun phrases and targets, effect sentences, static sentences, trigger
conditions, and the reader that puts them together.

The reader turns text into the same abilities the card scripts build
(:mod:`judgebot.engine.abilities`). It understands what is listed in
:data:`TEMPLATES` (and the engine README); anything else is an explicit
refusal that quotes the words it could not read: the engine never guesses.

>>> [k.label() for k in read_keywords("Flying, trample, protection from red")]
['flying', 'trample', 'protection from red']
>>> [k.label() for k in read_keywords("飞行，反白保护")]
['flying', 'protection from white']
>>> read_keywords("Suspend 4—{1}{U}")[0].label()
'suspend 4—{1}{U}'
"""

from judgebot.engine.text.costs import read_cost
from judgebot.engine.text.keywords import read_keyword, read_keywords
from judgebot.engine.text.phrases import parse_phrase, parse_phrase_zh, target_spec
from judgebot.engine.text.reader import Reader, examples, read_text
from judgebot.engine.text.sentences import TEMPLATES

__all__ = ["Reader", "TEMPLATES", "examples", "parse_phrase", "parse_phrase_zh", "read_cost",
           "read_keyword", "read_keywords", "read_text", "target_spec"]
