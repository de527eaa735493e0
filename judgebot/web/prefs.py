"""Reader preferences: Chinese script, which languages to show, colour theme.

Kept in one cookie (``prefs=hans.both.auto``) so every page renders the way
the reader last chose, with or without JavaScript. A query parameter of the
same name (``?script=hant``) overrides the cookie for one page, which makes a
shared link show what its sender saw.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgebot.corpus import EN, ZH_HANS, ZH_HANT
from judgebot.text.script import to_hans, to_hant

COOKIE = "prefs"
COOKIE_AGE = 400 * 24 * 3600  # the longest lifetime browsers keep
CHOICES: dict[str, tuple[str, ...]] = {
    "script": ("hans", "hant"),  # Simplified, Traditional
    "view": ("both", "zh", "en"),  # bilingual, Chinese only, English only
    "theme": ("auto", "light", "dark"),
}


@dataclass(frozen=True)
class Prefs:
    script: str = "hans"
    view: str = "both"
    theme: str = "auto"

    @property
    def zh_lang(self) -> str:
        return ZH_HANT if self.script == "hant" else ZH_HANS

    @property
    def page_lang(self) -> str:
        """The language of the page's own labels (and of ``<html lang>``)."""
        return EN if self.view == "en" else self.zh_lang

    @property
    def show_zh(self) -> bool:
        return self.view in ("both", "zh")

    @property
    def show_en(self) -> bool:
        return self.view in ("both", "en")

    def zh(self, text: str) -> str:
        """Chinese text in the reader's script."""
        if not text:
            return ""
        return to_hant(text) if self.script == "hant" else to_hans(text)

    def cookie_value(self) -> str:
        return f"{self.script}.{self.view}.{self.theme}"

    def with_(self, **changes: str) -> Prefs:
        values = {**self.__dict__, **{k: v for k, v in changes.items() if valid(k, v)}}
        return Prefs(**values)


def valid(name: str, value: str | None) -> bool:
    return value is not None and value in CHOICES.get(name, ())


def parse_cookie(value: str | None) -> Prefs:
    parts = (value or "").split(".")
    found = {}
    for name, part in zip(CHOICES, parts, strict=False):
        if valid(name, part):
            found[name] = part
    return Prefs(**found)


def from_request(cookies, args) -> Prefs:
    prefs = parse_cookie(cookies.get(COOKIE))
    return prefs.with_(**{name: args.get(name) for name in CHOICES if args.get(name)})
