"""What a list filter on a page matches an item by.

Each item of a filterable list (glossary terms, cards, provisional names)
carries a key: its names in lower case, in both Chinese scripts, and the
pinyin of its Chinese with and without spaces (ü written both ``v`` and
``u``). The page's script folds what the reader types the same way (case,
width, tone marks and tone numbers), so ``jianta``, ``jiàn tà``, ``jian4ta4``,
``踐踏`` and ``践踏`` all find 践踏 in either view.
"""

from __future__ import annotations

from judgebot.text.script import has_cjk, to_hans, to_hant


def pinyin(text: str, tones: bool = False) -> str:
    """The pinyin of the Chinese in ``text``, syllables spaced (``jiàn tà``)."""
    if not text or not has_cjk(text):
        return ""
    # Imported here: pypinyin's tables cost time and memory only pages with Chinese need.
    from pypinyin import Style, lazy_pinyin

    return " ".join(lazy_pinyin(text, style=Style.TONE if tones else Style.NORMAL,
                                errors="ignore"))


def filter_key(*texts: str) -> str:
    """Every form of ``texts`` a reader might type, one per line, lower case."""
    forms: list[str] = []
    for text in texts:
        if not text:
            continue
        forms.append(text.lower())
        if has_cjk(text):
            forms += [to_hans(text), to_hant(text)]
            spaced = pinyin(text)
            for form in (spaced, spaced.replace("v", "u")):
                forms += [form, form.replace(" ", "")]
    return "\n".join(dict.fromkeys(f for f in forms if f))
