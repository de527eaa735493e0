"""The glyph cipher of the Chinese Comprehensive Rules (seed 000).

The Chinese CR was extracted from a PDF whose embedded Latin fonts had no
Unicode map: each font numbered its glyphs from 0x21 upward in the order the
document first used them, and the extraction printed those numbers as ASCII.
Every ASCII character in the file (except the space, which the extraction
inserted between glyph runs) is therefore a glyph number, and each font is a
fixed one-to-one substitution. Chinese characters and Chinese punctuation come
from a CJK font with a proper map and are untouched.

Three ciphered fonts occur: the regular body font (rules text, rule numbers,
section titles, the name list and credits), the italic font (examples, set
names, and the cover date), and a bold sans font (chapter headings, glossary
headwords and URLs). Which one a run of glyphs uses is not marked, so
:func:`decode` decodes each run in the font its context suggests and switches
to another font only when that one reads as known plaintext and the default
does not.

The tables below were read off known plaintext, the English CR of the same
date: the rule numbers give the body digits and subrule letters; the ASCII
runs of each Chinese rule matched against the text of the English rule with
the same number give the letters, symbols and punctuation; a few glyphs the
English does not print (the Chinese ellipsis, ®, ©, a second closing-quote
glyph) were read from their context. ``tests/test_cipher.py`` proves every
entry against the English text again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

FIRST_GLYPH = 0x21
UNSEEN = "\0"  # a glyph number the source never uses in this font


@dataclass(frozen=True)
class Font:
    """One ciphered font: ``plain[i]`` is the text of glyph number ``0x21 + i``."""

    name: str
    plain: str

    def __post_init__(self) -> None:
        seen = [c for c in self.plain if c != UNSEEN]
        duplicates = {c for c in seen if seen.count(c) > 1} - _ALTERNATE_GLYPHS
        if duplicates:
            raise ValueError(f"font {self.name}: {sorted(duplicates)} decoded by two glyphs")

    def table(self) -> dict[str, str]:
        return {
            chr(FIRST_GLYPH + i): c for i, c in enumerate(self.plain) if c != UNSEEN
        }

    @cached_property
    def _translation(self) -> dict[int, str]:
        table = dict.fromkeys(range(0x80), UNSEEN)  # ASCII outside the font: not a glyph
        table.update({ord(g): c for g, c in self.table().items()})
        return table

    def decode(self, glyphs: str) -> str | None:
        """The plaintext of ``glyphs``, or None if a glyph is not in this font."""
        text = glyphs.translate(self._translation)
        if UNSEEN in text or not glyphs.isascii():
            return None
        return text


# Two glyphs that both print a closing double quote (a proportional and a
# full-width form); every other plaintext character has exactly one glyph.
_ALTERNATE_GLYPHS = {"”"}

_ = UNSEEN
BODY = Font(
    "body",
    # ! " # $ % & ' ( ) * + , - . / 0 1 2 3 4 5 6 7 8 9 : ; < = > ? @
    " ®1”0lo74.5kmnp23689/ab“cd,APNe["
    # A B C D E F G H I J K L M N O P Q R S T U V W X Y Z [ \ ] ^ _ `
    "]fghijOr™{T}X-YWUBRGCSQ+HEt()—–u"
    # a b c d e f g h i j k l m n o p q r s t u v w x y z { |
    f"svyzwDFxIJKLMqVZ’*…‘âúáû”{_}ò©",
)
ITALIC = Font(
    "italic",
    # ! " # $ % & ' ( ) * + , - . / 0 1 2 3 4 5 6 7 8 9 : ; < = > ? @
    "20194 Ungluedhistab“”{T}RG3/-5+X"
    # A B C D E F G H I J K L M N O P Q R S T U V W X Y Z [ \ ] ^ _ `
    "6WPB()[]7.ycVorxLOfJk*…mE8‘’®p”v"
    # a b c d e f g h i
    "DCAF™,j:=",
)
HEADING = Font(
    "heading",
    # ! " # $ % & ' ( ) * + , - . / 0 1 2 3 4 5 6 7 8 9 : ; < = > ? @
    f"{_}Magic.Wzrdsom/{_}ule{_}pt1PNn-LGh2f"
    # A B C D E F G H I J K L M N O P Q R S T U V
    "v3456789TCA“…”EDHO[]XY",
)
del _
FONTS = (BODY, ITALIC, HEADING)
BY_NAME = {f.name: f for f in FONTS}

# Glyph numbers are printed as ASCII 0x21-0x7E; the space is the extraction's.
GLYPHS = re.compile(r"[\x21-\x7e]+")
SEGMENT = re.compile(r"[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*")
MARKS = "®™©"
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:[’'][a-z]+)?")
VOCAB_WORD = re.compile(r"(?<![0-9])[A-Za-zÀ-ÖØ-öø-ÿ]+(?:[’'][a-z]+)?")  # not 702.19b's b
TOKEN = re.compile(
    r"\{[^{}\s]*\}"  # mana and tap symbols {T} {2} {W/U}
    r"|[+\-−]?[\dX*]+/[+\-−]?[\dX*]+"  # P/T and counters: +1/+1 2/2 X/X */*
    r"|\d{3}\.\d+[a-z]{0,2}"  # rule numbers 702.19b
    r"|\d+[a-z]?"  # numbers, layers 7c
    r"|[A-Za-zÀ-ÖØ-öø-ÿ]+(?:[’'][a-z]+)?"  # English words
    r"|\S"  # one punctuation mark (or a Chinese character)
)


class UnknownGlyph(ValueError):
    """A run of glyphs that no font can decode (a damaged source)."""

    def __init__(self, glyphs: str, font: Font):
        self.glyphs = glyphs
        super().__init__(f"glyphs {glyphs!r} are not all in the {font.name} font or any other")


@dataclass(frozen=True)
class Vocabulary:
    """What decoded text may look like: the words of the English CR."""

    words: frozenset[str]

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> Vocabulary:
        text = re.sub(r"\{[^{}]*\}", " ", "\n".join(texts))  # the G of {G} is no word
        words = set(VOCAB_WORD.findall(text))
        return cls(frozenset(words | {w.lower() for w in words}))

    def invalid_tokens(self, text: str) -> list[str]:
        """Latin words of ``text`` that the English CR does not use."""
        bad = []
        for tok in TOKEN.findall(text):
            if WORD.fullmatch(tok) and tok not in self.words and tok.lower() not in self.words:
                bad.append(tok)
        return bad


def choose(segment: str, default: Font, reference: str,
           vocab: Vocabulary) -> list[tuple[Font, str]]:
    """The font and plaintext of each glyph run in ``segment``.

    A segment is the Latin text between two Chinese characters; the
    extraction's spaces split it into runs. One font reads the whole segment:
    the default (the one the context suggests) unless another reads it as
    known plaintext and the default does not, i.e. found verbatim in the
    English reference text, or made only of symbols, numbers and English CR
    words. A run that font lacks a glyph for (a body-font space after a URL)
    is read in the default font, or failing that any font. A lone glyph
    leaves the default only on the evidence of :func:`_lone_glyph_fits`.
    """
    runs = GLYPHS.findall(segment)
    readings = []
    for font in (default, *[f for f in FONTS if f is not default]):
        decoded = [font.decode(run) for run in runs]
        text = "".join(d for d in decoded if d is not None)
        if not text:
            continue
        if sum(map(len, runs)) > 1:
            verbatim = _in_reference(text, reference)
            valid = not vocab.invalid_tokens(text)
        else:  # one letter is no word: only the evidence below moves it off the default
            verbatim = _lone_glyph_fits(segment, font, text, default, reference)
            valid = True
        missing = sum(1 for d in decoded if d is None)
        score = (verbatim, -missing, valid, font is default)
        readings.append((score, font, decoded))
    if not readings:
        raise UnknownGlyph(segment.strip(), default)
    _, font, decoded = max(readings, key=lambda r: r[0])
    out = []
    for run, text in zip(runs, decoded, strict=True):
        if text is not None:
            out.append((font, text))
            continue
        for other in (default, *FONTS):
            text = other.decode(run)
            if text is not None:
                out.append((other, text))
                break
        else:
            raise UnknownGlyph(run, default)
    return out


def _lone_glyph_fits(segment: str, font: Font, text: str, default: Font,
                     reference: str) -> bool:
    """Whether a segment of one glyph reads as ``text`` in ``font`` rather than the default.

    Two cases occur: a ® or ™ after a set name, in the italic of the name;
    and the italic digits, letters and brackets that body text sets inline:
    layer numbers (层 > is layer 5), enumerations ((a) (b) (c)), placeholders
    ([颜色]). The italic reading must stand alone in the English rule and the
    body reading not;
    a body space glyph counts as meaningful only when attached to its
    neighbours, not set off by the extraction's own spaces.
    """
    if text in MARKS:
        return text in reference
    if font is not ITALIC or default is not BODY:
        return False
    if text.isalnum():
        italic_fits = _standalone(text, reference)
    elif text in "[]":  # placeholders such as [颜色], italic in the English too
        italic_fits = text in reference
    else:
        return False
    body = BODY.decode(segment.strip())
    if body is None:
        return True
    if body.strip():
        body_fits = _standalone(body, reference)
    else:
        body_fits = segment == segment.strip()
    return italic_fits and not body_fits


def _standalone(text: str, reference: str) -> bool:
    """``text`` occurs in ``reference`` as whole words (``ui`` is not in ``build``)."""
    at = reference.find(text)
    while at >= 0:
        before = reference[at - 1:at]
        after = reference[at + len(text):at + len(text) + 1]
        if not _is_ascii_alnum(before) and not _is_ascii_alnum(after):
            return True
        at = reference.find(text, at + 1)
    return False


def _is_ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _in_reference(text: str, reference: str) -> bool:
    core = text.strip()
    return len(core) >= 2 and _standalone(core, reference)


CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    r"\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
)
SPACE_BY_CJK = re.compile(rf"\s+(?=[{CJK}])|(?<=[{CJK}])\s+")


def tidy(text: str) -> str:
    """Collapse spaces; drop those beside Chinese characters and punctuation.

    The extraction put spaces around every switch between the Chinese and the
    Latin fonts; within Latin text the font's own space glyph is kept.
    """
    text = re.sub(r"\s+", " ", text)
    return SPACE_BY_CJK.sub("", text).strip()


def decode(text: str, default: Font, reference: str = "", vocab: Vocabulary | None = None,
           fonts_used: dict[str, int] | None = None) -> str:
    """Replace every glyph run in ``text`` by its plaintext (see :func:`choose`).

    The extraction's spaces between runs are dropped (the fonts have their
    own space glyphs); a space at either end of a segment is kept for
    :func:`tidy` to judge.
    """
    vocab = vocab or Vocabulary(frozenset())

    def repl(m: re.Match[str]) -> str:
        readings = choose(m.group(), default, reference, vocab)
        if fonts_used is not None:
            for font, _ in readings:
                fonts_used[font.name] = fonts_used.get(font.name, 0) + 1
        lead = " " if m.group()[0] == " " else ""
        trail = " " if m.group()[-1] == " " else ""
        return lead + "".join(t for _, t in readings) + trail

    return SEGMENT.sub(repl, text)
