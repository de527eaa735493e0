"""``judgebot card NAME`` and ``judgebot cards import PATH…``."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from judgebot.corpus import EN, label_of, zh_of

MAX_NAME = 200


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("card", help="show a card: Oracle text, Chinese name, rulings, rules")
    c.add_argument("name", nargs="+", help="its name in English or Chinese, pinyin, a face, "
                   "a nickname, part of it or misspelt")
    c.add_argument("--json", action="store_true",
                   help="print the card as JSON (with engine.readable and engine.unread)")
    c.set_defaults(func=_card)

    cards = sub.add_parser("cards", help="the card file")
    csub = cards.add_subparsers(dest="action", metavar="ACTION")
    csub.required = True
    imp = csub.add_parser(
        "import", help="update the cards from Scryfall bulk files (oracle-cards, rulings) "
        "and/or MTGJSON AtomicCards.json (Chinese names)")
    imp.add_argument("paths", nargs="+", metavar="PATH",
                     help="downloaded files (.json, or .json.gz / .xz / .bz2)")
    imp.add_argument("--sources", help="source directory (default: corpus/sources)")
    imp.add_argument("--allow-fewer", action="store_true",
                     help="accept an import with far fewer cards than there are now")
    imp.add_argument("--json", action="store_true", help="print the import report as JSON")
    imp.set_defaults(func=_import)


def _card(args) -> int:
    from judgebot.cardfinder import CardFinder
    from judgebot.cardinfo import card_rules, describe, rulings
    from judgebot.cardreading import engine_reading
    from judgebot.corpus import slugify
    from judgebot.services import open_corpus

    name = " ".join(args.name).strip()
    if len(name) > MAX_NAME:
        print(f"judgebot: a card name is at most {MAX_NAME} characters "
              f"(this one has {len(name)}).", file=sys.stderr)
        return 2
    if not name or not name.isprintable():
        print("judgebot: give a card's name (printable text).", file=sys.stderr)
        return 2
    store = open_corpus()
    found = store.find("mtg", "card", slug=slugify(name))
    card = found[0] if found else None
    finder = CardFinder(store)
    if card is None:
        best = finder.best(name)
        card = store.get(best.id) if best else None
    if card is None:
        near = [store.get(m.id) for m in finder.find(name, limit=8)]
        names = [label(c) for c in near if c is not None]
        if names:
            print(f"judgebot: {name!r} could be: " + "; ".join(names), file=sys.stderr)
        else:
            print(f"judgebot: no card named {name!r}.", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(describe(store, card), ensure_ascii=False, indent=1))
        return 0
    print(render(card, rulings(store, card), [store.get(r) for r in card_rules(store, card)],
                 engine_reading(card)))
    return 0


def label(card) -> str:
    en, zh = card.name.get(EN, ""), zh_of(card.name)
    return f"{en} ({zh})" if en and zh else en or zh


def render(card, rulings, rules, reading) -> str:
    out = [f"{label(card)}  {card.mana_cost}".rstrip()]
    for lang in (EN, "zh-Hans"):
        if card.type_line.get(lang):
            out.append(card.type_line[lang])
    for face in card.faces:
        out.append(f"\n  {face['name'].get(EN, '')}  {face.get('mana_cost', '')}".rstrip())
        out.append(f"  {face.get('type_line', '')}")
        out.append(textwrap.indent(face.get("text", ""), "  "))
    if not card.faces and card.text.get(EN):
        out.append(card.text[EN])
    if zh_of(card.text):
        out.append(zh_of(card.text))
    if card.power is not None and not card.faces:
        out.append(f"{card.power}/{card.toughness}")
    if card.loyalty and not card.faces:
        out.append(f"Loyalty {card.loyalty}")
    if rules:
        out.append("\nRules its text uses: " + ", ".join(
            f"{label_of(r)} {r.title.get(EN, '')}".strip() for r in rules if r is not None))
    if rulings:
        out.append(f"\nRulings ({len(rulings)}):")
        for n, ruling in enumerate(rulings, 1):
            head = f"{n}. " + (f"[{ruling.date}] " if ruling.date else "")
            for lang in (EN, "zh-Hans"):
                text = ruling.text.get(lang)
                if text:
                    out.append(textwrap.fill(head + text, 92, subsequent_indent="   "))
                    head = "   "
    if reading.readable:
        out.append("\nThe rules engine can read this card.")
    else:
        out.append("\nThe rules engine cannot read: " + "; ".join(reading.unread))
    return "\n".join(out)


def _import(args) -> int:
    from pathlib import Path

    from judgebot import corpus
    from judgebot.ingest import cardimport

    sources = Path(args.sources) if args.sources else corpus.SOURCES_DIR
    try:
        report = cardimport.import_files([Path(p) for p in args.paths], sources,
                                         allow_fewer=args.allow_fewer)
    except cardimport.ImportError_ as exc:
        print(f"judgebot: cards import failed: {exc}", file=sys.stderr)
        print("judgebot: nothing was changed.", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print(cardimport.format_report(report))
    return 0
