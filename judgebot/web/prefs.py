"""Reader preferences: Chinese script, which languages to show, colour theme.

Kept in one cookie (``prefs=hans.both.auto``) so every page renders the way
the reader last chose, with or without JavaScript. Until the reader has chosen,
the browser's languages (``Accept-Language``) decide: English for a browser
that prefers English, Traditional for zh-TW, zh-HK and zh-Hant. A query
parameter of the same name (``?script=hant``) overrides both for one page,
which makes a shared link show what its sender saw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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


# Regions and script subtags whose Chinese is written in Traditional characters.
HANT_SUBTAGS = frozenset({"hant", "tw", "hk", "mo"})


def valid(name: str, value: str | None) -> bool:
    return value is not None and value in CHOICES.get(name, ())


def parse_cookie(value: str | None) -> Prefs:
    parts = (value or "").split(".")
    found = {}
    for name, part in zip(CHOICES, parts, strict=False):
        if valid(name, part):
            found[name] = part
    return Prefs(**found)


def saved(cookies: Mapping[str, str]) -> Prefs | None:
    """The reader's saved choice; None when there is none (or nothing in it is valid)."""
    value = cookies.get(COOKIE)
    if not value or not any(valid(name, part) for name, part
                            in zip(CHOICES, value.split("."), strict=False)):
        return None
    return parse_cookie(value)


def from_languages(tags: Iterable[str]) -> Prefs:
    """What a browser's languages, best first, ask for: the first Chinese or
    English one decides; any other language leaves the site's default."""
    for tag in tags:
        parts = tag.lower().replace("_", "-").split("-")
        if parts[0] == "en":
            return Prefs(view="en")
        if parts[0] == "zh":
            return Prefs(script="hant" if HANT_SUBTAGS.intersection(parts[1:]) else "hans")
    return Prefs()


def acceptable(accept: Iterable[tuple[str, float]]) -> list[str]:
    """The language tags of an ``Accept-Language`` (as Werkzeug parses it, best
    first) that the browser accepts at all (``q=0`` means "not this one")."""
    return [tag for tag, quality in accept if quality > 0]


def from_request(cookies: Mapping[str, str], args: Mapping[str, str],
                 languages: Iterable[str] = ()) -> Prefs:
    """The page's preferences: the address's parameters over the saved choice,
    and the browser's languages when nothing was saved."""
    base = saved(cookies)
    if base is None:
        base = from_languages(languages)
    return base.with_(**{name: args.get(name) for name in CHOICES if args.get(name)})


def follows_languages(cookies: Mapping[str, str], args: Mapping[str, str]) -> bool:
    """Whether ``from_request`` consulted the browser's languages: a response
    built from them must say ``Vary: Accept-Language`` to any cache."""
    return saved(cookies) is None and not all(valid(n, args.get(n)) for n in ("script", "view"))
