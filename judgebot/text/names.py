"""Whole-name keys: how a name is compared, whatever way it was typed.

``Lim-Dûl's Vault``, ``lim duls vault`` and ``LIM-DUL'S VAULT`` share a key, as
do ``Æther Vial`` and ``Aether Vial`` (Oracle names dropped the ligature in
2016), ``閃電擊`` and ``闪电击``, ``Ｏｐｔ`` and ``Opt``.
"""

from __future__ import annotations

import re
import unicodedata

from judgebot.text.script import fold_width, to_hans

_WORD = re.compile(r"[a-z0-9]+")
_BLANKS = re.compile(r"_+")
LIGATURES = str.maketrans({"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss"})


def plain_latin(text: str) -> str:
    """Latin letters without their accents and ligatures; other scripts unchanged."""
    text = text.translate(LIGATURES)
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii() or not ("\u00c0" <= ch <= "\u024f"):
            out.append(ch)
            continue
        out.append("".join(c for c in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(c)))
    return "".join(out)


def name_key(text: str) -> str:
    """A whole-name key: Simplified, half-width, lowercased, without accents,
    spaces or punctuation."""
    folded = to_hans(fold_width(plain_latin(text))).lower()
    # The blanks of un-cards' names are part of them: "_____ Goblin" is not "Goblin".
    return "".join(ch for ch in _BLANKS.sub("_", folded) if ch.isalnum() or ch == "_")


def name_words(name: str) -> list[str]:
    """The words of an English name, lowercased, accents and punctuation gone:
    ``Lim-Dûl's Vault`` → ``lim``, ``dul``, ``s``, ``vault``."""
    return _WORD.findall(plain_latin(name).lower())


def trigrams(key: str) -> set[str]:
    """The letter trigrams of a whole-name key, its ends marked."""
    padded = f"^{key}$"
    return {padded[i:i + 3] for i in range(len(padded) - 2)}
