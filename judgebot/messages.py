"""Messages as data: a code and its arguments, rendered in English, Simplified or
Traditional Chinese from one catalogue.

Whatever the engine, the web pages or the judge say to a person is built as a
:class:`Message` (``Message("engine.damage.player", source=Name(...), amount=3)``),
never as finished prose, and rendered only when shown, in the reader's
language. The catalogue is ``judgebot/catalogue/*.yaml``: one entry per code
with its English and Simplified Chinese templates side by side (Python format
fields, ``{amount}``), the Traditional derived from the Simplified by OpenCC
unless an entry gives its own ``zh-Hant``. An entry may instead give one
template per plural form (``{one: …, other: …}``) and name the argument that
chooses (``plural: n``). A test checks that every code the code uses is in the
catalogue with both languages and the same fields in each.

Why not gettext (Babel ``.po``/``.mo`` catalogues): they are keyed by the
English sentence, one file per language, and need a compile step; here codes
are keys, the two languages a translator compares sit side by side in one
file, and a catalogue of a few hundred entries loads in milliseconds with the
YAML reader the project already uses (measured: 4 ms for 500 entries).

Arguments are rendered by type: a :class:`Name` (a card's English and Chinese
names) in the reader's language; a nested message in the same language; a list
joined by the language's separator; anything else as written (numbers, player
names, what the user typed).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from judgebot.text.script import to_hant

EN, ZH_HANS, ZH_HANT = "en", "zh-Hans", "zh-Hant"
LANGS = (EN, ZH_HANS, ZH_HANT)
CATALOGUE = Path(__file__).resolve().parent / "catalogue"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Name:
    """A proper name in both languages (a card's name, a step's): shown in the reader's."""

    en: str
    zh: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"name": self.en, "zh": self.zh}


@dataclass(frozen=True, eq=False)
class Message:
    """A code and its arguments: what is said, not yet in any language."""

    code: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str = EN) -> str:
        return render(self, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "args": {k: _plain(v) for k, v in self.args.items()}}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.code)

    def __str__(self) -> str:
        return render(self, EN)


@dataclass(frozen=True)
class Joined:
    """Items shown one after the other, separated by the catalogue's ``sep`` (a code)."""

    items: tuple[Any, ...]
    sep: str = "list.separator"

    def to_dict(self) -> dict[str, Any]:
        return {"items": [_plain(v) for v in self.items], "sep": self.sep}


def msg(code: str, **args: Any) -> Message:
    """``Message(code, args)`` written as a call."""
    return Message(code, args)


def _plain(value: Any) -> Any:
    if isinstance(value, Message | Name | Joined):
        return value.to_dict()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def from_dict(data: Any) -> Any:
    """A message (or an argument) back from its JSON form."""
    if isinstance(data, dict):
        if "code" in data and "args" in data:
            return Message(data["code"], {k: from_dict(v) for k, v in data["args"].items()})
        if "name" in data:
            return Name(data["name"], data.get("zh") or "")
        if "items" in data and "sep" in data:
            return Joined(tuple(from_dict(v) for v in data["items"]), data["sep"])
    if isinstance(data, list):
        return [from_dict(v) for v in data]
    return data


# --- the catalogue ---------------------------------------------------------------------------
@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """Every entry of every catalogue file, by code, with its Traditional filled in."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(CATALOGUE.glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}  # noqa: S506
        for code, entry in data.items():
            if code in out:
                raise ValueError(f"{path.name}: the code {code!r} is defined twice")
            entry = dict(entry)
            if ZH_HANT not in entry and ZH_HANS in entry:
                hans = entry[ZH_HANS]
                entry[ZH_HANT] = {k: to_hant(v) for k, v in hans.items()} \
                    if isinstance(hans, dict) else to_hant(hans)
            out[code] = entry
    return out


def fields(template: str) -> set[str]:
    """The argument names a template uses."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in
            string.Formatter().parse(template) if name}


def term(word: str) -> Name:
    """A game word (a colour, a keyword, a land type) in both languages, from the
    catalogue's ``term.<word>`` entries; a word the catalogue lacks stays as it is."""
    entry = catalogue().get(f"term.{word.lower()}", {})
    return Name(word, entry.get(ZH_HANS, ""))


def render(message: Message | dict[str, Any], lang: str = EN) -> str:
    """``message`` in ``lang`` (English when the catalogue has no template in ``lang``)."""
    if isinstance(message, dict):
        message = from_dict(message)
    entry = catalogue().get(message.code)
    if entry is None:  # a code missing from the catalogue (a test keeps this from happening)
        return message.code + "".join(f" {k}={render_arg(v, lang)}"
                                      for k, v in message.args.items())
    for choice in (lang, ZH_HANS if lang == ZH_HANT else EN, EN):
        if choice in entry:
            template = entry[choice]
            break
    else:
        template = message.code
    if isinstance(template, dict):  # plural forms
        count = message.args.get(entry.get("plural", "n"), 0)
        form = "one" if lang == EN and count == 1 else "other"
        template = template.get(form) or template.get("other", "")
    args = {k: v if isinstance(v, int | float) and not isinstance(v, bool)
            else render_arg(v, lang) for k, v in message.args.items()}
    return template.format_map(args)


def render_arg(value: Any, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Name):
        if lang != EN and value.zh:
            return to_hant(value.zh) if lang == ZH_HANT else value.zh
        return value.en
    if isinstance(value, Joined):
        return render(Message(value.sep), lang).join(render_arg(v, lang) for v in value.items)
    if isinstance(value, dict):
        return render_arg(from_dict(value), lang)
    if isinstance(value, list | tuple):
        sep = render(Message("list.separator"), lang) if "list.separator" in catalogue() \
            else ", "
        return sep.join(render_arg(v, lang) for v in value)
    if value is None:
        return ""
    return str(value)
