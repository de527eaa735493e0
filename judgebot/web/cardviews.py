"""What the card pages and the card API show: a card found by any of its
names, its faces, texts, rulings and the rules they concern, whether the
engine can simulate it, and the card list with its filters."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import yaml
from markupsafe import Markup

from judgebot import cardinfo
from judgebot.cardreading import Reading, engine_reading
from judgebot.corpus import EN, ZH_HANS, Record, slugify, zh_of
from judgebot.text.script import to_hans
from judgebot.web import params, render, views
from judgebot.web.catalog import Catalog, ruling_anchor
from judgebot.web.params import BadParameter
from judgebot.web.prefs import Prefs

MAX_CARDS_PER_PAGE = 100
COLOUR_WORDS = {
    "w": "W", "white": "W", "白": "W", "u": "U", "blue": "U", "蓝": "U", "藍": "U",
    "b": "B", "black": "B", "黑": "B", "r": "R", "red": "R", "红": "R", "紅": "R",
    "g": "G", "green": "G", "绿": "G", "綠": "G", "c": "C", "colorless": "C",
    "colourless": "C", "无色": "C", "無色": "C",
}


# --- finding a card ------------------------------------------------------------------

def find_card(cat: Catalog, game: str, text: str) -> tuple[Record | None, list[Record]]:
    """The card ``text`` names (a slug, or any name :mod:`judgebot.cardfinder`
    knows), else ``None`` and the cards it might mean."""
    if len(text) > params.MAX_PARAM_CHARS:
        raise BadParameter("The card name is too long.")
    for slug in (text, slugify(text)):
        rec = cat.card(game, slug)
        if rec is not None:
            return rec, []
    finder = cat.service.cards
    best = finder.best(text)
    if best is not None:
        rec = cat.get(best.id)
        if rec is not None and rec.game == game:
            return rec, []
    return None, [r for r in (cat.get(m.id) for m in finder.find(text, limit=8)) if r]


# --- one card --------------------------------------------------------------------------

@dataclass
class Face:
    name_en: str
    name_zh: str
    mana_cost: str
    type_line: str
    text: Markup | None
    pt: str = ""
    loyalty: str = ""


@dataclass
class CardView:
    rec: Record
    name_en: str
    name_zh: str
    html: dict[str, Markup]
    faces: list[Face]
    rulings: list[dict[str, Any]]
    rules: list[views.Item]  # the rules its keywords, rule numbers and terms use
    reading: Reading
    simulate_url: str = ""
    printed: dict[str, Markup] = field(default_factory=dict)
    other_names: list[str] = field(default_factory=list)


def card_view(cat: Catalog, linker: views.Linker, rec: Record, prefs: Prefs) -> CardView:
    both = _both(linker, rec, rec.text, prefs)
    faces = [Face(f["name"].get(EN, ""), prefs.zh(f["name"].get(ZH_HANS, "")),
                  f.get("mana_cost", ""), f.get("type_line", ""),
                  linker.html(rec, f["text"], EN, prefs) if f.get("text") else None,
                  f"{f['power']}/{f['toughness']}" if "power" in f else "",
                  f.get("loyalty", "")) for f in rec.faces]
    rulings = []
    for ruling in cat.rulings(rec):
        current = [views.current_rule(cat, i) for i in ruling.rules]
        rulings.append({"rec": ruling, "anchor": ruling_anchor(ruling), "date": ruling.date,
                        "html": _both(linker, ruling, ruling.text, prefs),
                        "rules": [views.item(cat, r, prefs) for r in
                                  map(cat.get, dict.fromkeys(current)) if r]})
    reading = engine_reading(rec)
    view = CardView(rec, rec.name.get(EN, ""), prefs.zh(zh_of(rec.name)), both, faces,
                    rulings, [views.item(cat, r, prefs) for r in
                              map(cat.get, cardinfo.card_rules(cat.store, rec)) if r], reading)
    if reading.readable:
        view.simulate_url = "/simulate?" + urlencode({"scenario": scenario(rec)})
    if rec.printed_text:
        view.printed = _both(linker, rec, rec.printed_text, prefs)
    view.other_names = list(dict.fromkeys([*rec.aliases, *rec.nicknames]))
    return view


def scenario(rec: Record) -> str:
    """A scenario to start a simulation with this card, named as the engine's
    card source finds it: in Alice's hand if it is an instant or sorcery, else
    on her battlefield."""
    name = rec.name.get(EN, "") or zh_of(rec.name)
    zone = "hand" if {"Instant", "Sorcery"} & set(rec.types) else "battlefield"
    data = {"title": name, "players": ["Alice", "Bob"], zone: {"Alice": [name]},
            "actions": []}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)


def _both(linker: views.Linker, rec: Record, texts: dict[str, str], prefs: Prefs
          ) -> dict[str, Markup]:
    out = {}
    if texts.get(EN):
        out["en"] = linker.html(rec, texts[EN], EN, prefs)
    if zh_of(texts):
        out["zh"] = linker.html(rec, zh_of(texts), prefs.zh_lang, prefs)
    return out


def card_json(cat: Catalog, rec: Record) -> dict[str, Any]:
    """A card for the API and ``judgebot card --json``: its record, page,
    rulings with the rules they concern, the rules its text uses, and whether
    the engine can read it."""
    out = cardinfo.describe(cat.store, rec)
    out["url"] = cat.url(rec)
    for ruling in out["rulings"]:
        ruling["url"] = cat.url(cat.get(ruling["id"]))
        for ref in ruling["rules"]:
            _add_url(cat, ref)
    for ref in out["rules"]:
        _add_url(cat, ref)
    return out


def _add_url(cat: Catalog, ref: dict[str, str]) -> None:
    rec = cat.get(ref["id"])
    if rec is not None:
        ref["url"] = cat.url(rec)


# --- the card list ---------------------------------------------------------------------

@dataclass
class CardQuery:
    name: str = ""
    type: str = ""
    colour: str = ""  # letters of WUBRG, C for colourless
    text: str = ""
    page: int = 1
    per_page: int = 60

    @property
    def filters(self) -> dict[str, str]:
        return {k: v for k, v in (("name", self.name), ("type", self.type),
                                  ("colour", self.colour), ("text", self.text)) if v}


def read_query(per_page: int = 60) -> CardQuery:
    """The list's filters from the request (``filter`` is the older name of ``name``)."""
    name = params.text("name", "", limit=100) or params.text("filter", "", limit=100) or ""
    return CardQuery(
        name=name.strip(), type=(params.text("type", "", limit=100) or "").strip(),
        colour=colours(params.text("colour", "", limit=40) or params.text("color", "", limit=40)
                       or ""),
        text=(params.text("text", "", limit=200) or "").strip(),
        page=params.integer("page", 1, 1, 10_000),
        per_page=params.integer("per_page", per_page, 1, MAX_CARDS_PER_PAGE))


def colours(value: str) -> str:
    """``R``, ``red``, ``UR``, ``blue,red``, ``红``, ``colorless`` → ``WUBRG`` letters
    (``C``: colourless). An unknown colour is a 400."""
    out = []
    for part in value.replace(",", " ").split():
        word = part.lower()
        if word in COLOUR_WORDS:
            out.append(COLOUR_WORDS[word])
        elif all(ch in "wubrgc" for ch in word):
            out.extend(ch.upper() for ch in word)
        else:
            raise BadParameter(f"Unknown colour {part!r}: use W, U, B, R, G or C (colourless), "
                               "or white, blue, black, red, green, colorless.")
    if "C" in out and len(set(out)) > 1:
        raise BadParameter("A card cannot be colourless and coloured at once.")
    return "".join(dict.fromkeys(out))


def list_cards(cat: Catalog, game: str, q: CardQuery) -> tuple[int, list[Record], int]:
    """``(how many match, this page's cards, how many pages)``."""
    total, ids = cat.store.card_list(
        game, name=to_hans(q.name), type=to_hans(q.type), colours=q.colour,
        text=to_hans(q.text), offset=(q.page - 1) * q.per_page, limit=q.per_page)
    pages = max(1, math.ceil(total / q.per_page))
    if q.page > pages and total:
        raise BadParameter(f"There are only {pages} pages of cards.", status=404)
    return total, cat.store.get_many(ids), pages


def mana_faces(rec: Record) -> Markup:
    """A card's mana cost drawn, each face's cost apart (``{1}{R} // {5}{R}``)."""
    return Markup(" // ").join(render.mana(c) for c in rec.mana_cost.split(" // ") if c)
