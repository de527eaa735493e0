"""Whoosh analyzers for English and Chinese rules text.

English: words, rule numbers, mana symbols and P/T expressions; lowercased,
stop words dropped, Porter-stemmed.

Chinese: folded to Simplified (OpenCC) and full-width ASCII to ASCII, CJK runs
segmented by jieba (see :mod:`judgebot.text.segment`), other runs tokenized as
English. Token positions count words, not characters, so phrase queries line
up (jieba's stock Whoosh analyzer uses character offsets as positions, which
makes every quoted Chinese phrase silently match nothing). In index mode the
dictionary words inside a longer word (``伤害`` in ``战斗伤害``) are emitted at
the same position too, so a query for the shorter word finds the longer one.

Character offsets always refer to the folded text, which has the same length
as the original (both conversions map character for character).
"""

from __future__ import annotations

import re

from whoosh.analysis import (
    Composable,
    Filter,
    LowercaseFilter,
    StemFilter,
    StopFilter,
    Token,
    Tokenizer,
)

from judgebot.text.script import fold_width, to_hans
from judgebot.text.segment import segmenter

# Mana and tap symbols, P/T and counter expressions, rule numbers, words.
WORD = re.compile(
    r"\{[^{}\s]{1,6}\}"
    r"|[+\-−]?[\dX*]+/[+\-−]?[\dX*]+"
    r"|\d+(?:\.\d+[a-z]{0,2})?"
    r"|[^\W\d_]+(?:['’][^\W\d_]+)*",
    re.UNICODE,
)
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def fold(text: str) -> str:
    """The searchable form of any text: Simplified Chinese, ASCII digits/letters.

    The result has the same length as ``text`` so character offsets carry over;
    where a phrase conversion would change the length, convert per character.
    """
    narrow = fold_width(text)
    folded = to_hans(narrow)
    if len(folded) != len(narrow):
        folded = "".join(to_hans(ch) if len(to_hans(ch)) == 1 else ch for ch in narrow)
    return folded


class EnglishTokenizer(Tokenizer):
    def __call__(self, value, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, m in enumerate(WORD.finditer(fold_width(value)), start_pos):
            t.text = m.group().replace("’", "'").replace("−", "-")
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = t.text
            if positions:
                t.pos = pos
            if chars:
                t.startchar = start_char + m.start()
                t.endchar = start_char + m.end()
            yield t


class ChineseTokenizer(Tokenizer):
    """Mixed Chinese/ASCII text: jieba for CJK runs, :data:`WORD` for the rest."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        text = fold(value)
        seg = segmenter()
        pos = start_pos
        subwords = mode == "index"
        for word, start, end in _words(text, seg):
            for token_text, s, e in [(word, start, end)] + (
                [(g, start + i, start + i + len(g)) for g, i in seg.subwords(word)]
                if subwords and CJK.fullmatch(word) else []
            ):
                t.text = token_text
                t.boost = 1.0
                t.stopped = False
                if keeporiginal:
                    t.original = token_text
                if positions:
                    t.pos = pos
                if chars:
                    t.startchar = start_char + s
                    t.endchar = start_char + e
                yield t
            pos += 1


def _words(text: str, seg) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    last = 0
    for m in CJK.finditer(text):
        out.extend((w.group(), last + w.start(), last + w.end())
                   for w in WORD.finditer(text[last:m.start()]))
        out.extend((w, m.start() + s, m.start() + e) for w, s, e in seg.words(m.group()))
        last = m.end()
    out.extend((w.group(), last + w.start(), last + w.end()) for w in WORD.finditer(text[last:]))
    return out


STOP_WORDS = frozenset(
    "a an and are as at be but by for if in into is it of on or such that the their then "
    "there these they this to was will with".split()
)


# Words that carry no matter of their own: Chinese function words (kept in the
# index, where jieba keeps them apart) and table interjections. A question that
# shares only these with a rule shares nothing with it.
FUNCTION_WORDS = frozenset(
    "的 了 是 在 我 你 他 她 它 们 和 与 及 或 吗 呢 吧 啊 呀 哦 嗯 也 都 就 还 会 能 要 "
    "把 被 对 从 到 给 让 这 那 个 一 有 没 不 很 又 再 才 但 而 之 其 该 此 么 "
    "什么 怎么 如何 为什么 可以 是否 时候 "
    "ha hah haha lol pls plz".split())


# Past forms no stemmer joins to their verb, as people write them at the table
# ("he drew an extra card", "I chose the wrong target"): each is read as its verb.
IRREGULAR = {
    "drew": "draw", "drawn": "draw", "dealt": "deal", "chose": "choose", "chosen": "choose",
    "paid": "pay", "took": "take", "taken": "take", "gave": "give", "given": "give",
    "lost": "lose", "won": "win", "saw": "see", "seen": "see", "began": "begin",
    "begun": "begin", "kept": "keep", "held": "hold", "forgot": "forget",
    "forgotten": "forget", "threw": "throw", "thrown": "throw", "made": "make",
    "brought": "bring", "knew": "know", "known": "know", "wrote": "write",
    "written": "write", "stole": "steal", "stolen": "steal", "spent": "spend",
    "sought": "seek", "struck": "strike", "went": "go", "gone": "go",
}


class IrregularFilter(Filter):
    """Reads an irregular past form as its verb (``drew`` → ``draw``)."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = IRREGULAR.get(t.text, t.text)
            yield t


def english_analyzer() -> Composable:
    return (EnglishTokenizer() | LowercaseFilter() | StopFilter(STOP_WORDS, minsize=1)
            | IrregularFilter() | StemFilter(cachesize=50000))


class AsciiStemFilter(StemFilter):
    """Porter-stems the ASCII words inside Chinese text, passing CJK words through."""

    def __call__(self, tokens):
        stemfn = self.stemfn
        ignore = self.ignore
        for t in tokens:
            if t.text.isascii() and not t.stopped and t.text not in ignore:
                t.text = stemfn(t.text)
            yield t


def chinese_analyzer() -> Composable:
    # Stop words stay: in Chinese they are characters jieba keeps apart anyway.
    return ChineseTokenizer() | LowercaseFilter() | AsciiStemFilter(cachesize=50000)


def analyze(analyzer: Composable, text: str, mode: str = "query") -> list[str]:
    """The token texts an analyzer produces (for query building and tests)."""
    return [t.text for t in analyzer(text, mode=mode)]
