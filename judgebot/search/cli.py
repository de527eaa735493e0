"""CLI commands over the search service: search, rule, glossary, index build."""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import textwrap

from judgebot.corpus import EN, ZH_HANS, ZH_HANT


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("search", help="search rules, glossary, cards and rulings")
    s.add_argument("query", nargs="+", help="rule number, keyword or question (any language)")
    for name in ("game", "kind", "edition", "section"):
        s.add_argument(f"--{name}", help=f"only results with this {name}")
    s.add_argument("--page", type=int, default=1)
    s.add_argument("--per-page", type=int, default=10)
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    s.set_defaults(func=_search)

    r = sub.add_parser("rule", help="show one rule (or MTR/IPG section) with its cross-references")
    r.add_argument("number", help="e.g. 702.19b, 702, fow 1102.1, \"MTR 4.2\" or \"IPG 2.2\"")
    r.add_argument("--edition", help="edition, e.g. 2019-10-04 (default: current)")
    r.add_argument("--game", default=None, help="mtg (default) or fow")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=_rule)

    p = sub.add_parser("policy", help="the Tournament Rules (mtr) or the Infraction Procedure "
                                      "Guide (ipg): contents, or one section")
    p.add_argument("doc", choices=("mtr", "ipg"), help="which document")
    p.add_argument("section", nargs="?", help="e.g. 4.2, 2.2 or \"appendix a\" (default: "
                                              "the contents; for the IPG with each penalty)")
    p.add_argument("--edition", help="edition, its effective date (default: current)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_policy)

    g = sub.add_parser("glossary", help="list the glossary, or show one term")
    g.add_argument("term", nargs="*", help="English, Chinese (either script), pinyin or misspelt")
    g.add_argument("--game", default="mtg")
    g.add_argument("--edition", help="glossary edition (default: current)")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=_glossary)

    i = sub.add_parser("index", help="build the search index")
    isub = i.add_subparsers(dest="action", metavar="ACTION")
    isub.required = True
    ib = isub.add_parser("build", help="(re)build index/ from corpus/*.jsonl")
    ib.add_argument("--json", action="store_true")
    ib.set_defaults(func=_index_build)


MAX_TERM_CHARS = 200  # as for a name in a web address: no term is near it


def shown(text: str, limit: int = 60) -> str:
    """User input quoted back in a message: its beginning, when it is long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _service():
    from judgebot.services import open_search

    return open_search()


def _emit(data) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1))


def plain(fragment: str) -> str:
    """A snippet's HTML as terminal text: matches in *stars*, entities decoded."""
    return html.unescape(re.sub(r"</?mark>", "*", fragment))


def _search(args) -> int:
    from judgebot.search.service import SearchError

    svc = _service()
    try:
        res = svc.search(" ".join(args.query), page=args.page, per_page=args.per_page,
                         game=args.game, kind=args.kind, edition=args.edition,
                         section=args.section)
    except SearchError as exc:
        print(f"judgebot: {exc}", file=sys.stderr)
        return 2
    if args.json:
        _emit(res.to_dict())
        return 0
    if res.message:
        print(res.message)
    if res.suggestion:
        print(f"Did you mean: {res.suggestion}")
    if res.expansions:
        print("Also searched: " + "; ".join(res.expansions))
    print(f"{res.total} result(s)")
    for n, hit in enumerate(res.hits, (res.page - 1) * res.per_page + 1):
        crumbs = " › ".join(c["label"] + (" " + c.get("title_en", "") if c.get("title_en") and
                                           c["label"] != c.get("title_en") else "")
                            for c in hit.breadcrumb)
        tag = f" [{hit.pinned}]" if hit.pinned else ""
        matched = f" (matched: {', '.join(hit.matched)})" if hit.matched else ""
        print(f"\n{n}. {crumbs}  <{hit.kind}, {hit.edition}>{tag}{matched}")
        for lang in ("zh", "en"):
            if hit.snippets.get(lang):
                print(textwrap.indent(textwrap.fill(plain(hit.snippets[lang]), 96), "   "))
    return 0


def _rule(args) -> int:
    from judgebot.search.query import clean, policy_ref, rule_ref

    section = policy_ref(clean(args.number)[0]) if not args.game else None
    if section is not None:
        return _show_section(_service().store, section.doc, section.key, args.edition,
                             args.json)
    svc = _service()
    ref = rule_ref(args.number if not args.game else f"{args.game} {args.number}")
    if ref is None and re.fullmatch(r"\d{1,2}", args.number.strip()):
        ref = rule_ref(f"cr {args.number}")
    if ref is None:
        print(f"judgebot: {shown(args.number)} is not a rule number (try 702.19b)",
              file=sys.stderr)
        return 2
    store = svc.store
    rec = store.rule(ref.number, args.edition or ref.edition, ref.game)
    if rec is None:
        near = [r.number for r in store.get_many(store.nearest_rules(ref.number, ref.game))]
        hint = f"; nearby: {', '.join(near)}" if near else ""
        print(f"judgebot: no rule {ref.number}{hint}", file=sys.stderr)
        return 1
    data = rec.to_dict()
    data["breadcrumb"] = [c.label for c in svc.xref.breadcrumb(rec.id)]
    data["cited_by"] = store.cited_by(rec.id)
    data["neighbours"] = store.neighbours(rec.id).__dict__
    lineage = store.lineage(rec.id)
    translated = store.get(lineage.get("translated"))
    if translated is not None and translated.id != rec.id:
        data["translation"] = {"id": translated.id, "text": translated.text,
                               "status": lineage.get("status")}
    if args.json:
        _emit(data)
        return 0
    print(" › ".join(data["breadcrumb"]) + f"   ({rec.edition})")
    for lang in (EN, ZH_HANS, ZH_HANT):
        if rec.text.get(lang):
            print(f"\n[{lang}] {rec.number} {rec.text[lang]}")
        for ex in rec.examples.get(lang, []):
            print(textwrap.indent(f"Example: {ex}", "    "))
    if "translation" in data:
        t = data["translation"]
        zh = t["text"].get(ZH_HANS) or t["text"].get(ZH_HANT)
        if zh:
            _, _, edition, number = t["id"].split(":", 3)
            print(f"\n[zh-Hans, translating {edition} {number}; English since: {t['status']}]"
                  f" {zh}")
    for label, ids in (("Refers to", rec.refs), ("Cited by", data["cited_by"]),
                       ("Children", rec.children)):
        if ids:
            print(f"\n{label}: " + ", ".join(i.rsplit(":", 1)[1] for i in ids))
    return 0


def _policy(args) -> int:
    from judgebot.policynumbers import normalize

    store = _service().store
    if args.section is None:
        return _policy_contents(store, args.doc, args.edition, args.json)
    key = normalize(args.section)
    if key is None:
        print(f"judgebot: {args.section[:60]!r} is not a section number (try 4.2 or "
              "\"appendix a\")", file=sys.stderr)
        return 2
    return _show_section(store, args.doc, key, args.edition, args.json)


def _policy_edition(store, doc: str, edition: str | None) -> str | None:
    editions = store.editions("mtg", doc)
    if edition is None:
        return store.current_edition("mtg", doc)
    if edition not in editions:
        print(f"judgebot: no edition {edition!r} of the {doc.upper()}; known: "
              f"{', '.join(editions) or 'none'}", file=sys.stderr)
        return None
    return edition


def _policy_contents(store, doc: str, edition: str | None, as_json: bool) -> int:
    from judgebot.corpus import label_of

    edition = _policy_edition(store, doc, edition)
    if edition is None:
        return 2
    recs = list(store.records("mtg", doc, edition))
    if as_json:
        _emit([{"id": r.id, "label": label_of(r), "title": r.title,
                **({"penalty": r.penalty} if r.penalty else {})} for r in recs])
        return 0
    for rec in recs:
        indent = "  " if rec.level == "section" else ""
        penalty = f"  [{rec.penalty.get('en')} · {rec.penalty.get(ZH_HANS, '')}]" \
            if rec.penalty else ""
        print(f"{indent}{label_of(rec)}  {rec.title.get(ZH_HANS, '')}  "
              f"{rec.title.get(EN, '')}{penalty}")
    return 0


def _show_section(store, doc: str, key: str, edition: str | None, as_json: bool) -> int:
    from judgebot.corpus import label_of
    from judgebot.policynumbers import label

    edition = _policy_edition(store, doc, edition)
    if edition is None:
        return 2
    found = store.find("mtg", doc, number=key, edition=edition)
    if not found:
        print(f"judgebot: no {label(doc, key)} in the {edition} edition", file=sys.stderr)
        return 1
    rec = found[0]
    if as_json:
        data = rec.to_dict()
        data["cited_by"] = store.cited_by(rec.id)
        _emit(data)
        return 0
    print(f"{label_of(rec)}  {rec.title.get(ZH_HANS, '')}  {rec.title.get(EN, '')}"
          f"   ({doc.upper()} {rec.edition})")
    if rec.penalty:  # an infraction: the penalty and the procedure first
        print(f"\nPenalty: {rec.penalty.get(EN)} · {rec.penalty.get(ZH_HANS, '')}")
        for name, values in (("Additional Remedy", [rec.remedy.get(EN, "")]),
                             ("Upgrade", rec.upgrade.get(EN, [])),
                             ("Downgrade", rec.downgrade.get(EN, [])),
                             ("Definition", [rec.definition.get(EN, "")]),
                             ("Examples", rec.examples.get(EN, [])),
                             ("Philosophy", [rec.philosophy.get(EN, "")])):
            values = [v for v in values if v]
            if values:
                print(f"\n{name}:")
                for value in values:
                    print(textwrap.indent(_fill(value), "  "))
    else:
        print()
        print(_fill(rec.text.get(EN, "")))
    for title, ids in (("See also", rec.see), ("Refers to", rec.refs),
                       ("Cited by", store.cited_by(rec.id)), ("Sections", rec.children)):
        if ids:
            print(f"\n{title}: " + ", ".join(label_of(r) for r in store.get_many(ids)))
    return 0


def _fill(text: str) -> str:
    return "\n".join(textwrap.fill(p, 96) for p in text.split("\n"))


def _glossary(args) -> int:
    term = " ".join(args.term)
    if len(term) > MAX_TERM_CHARS:
        print(f"judgebot: the term is too long ({len(term)} characters; at most "
              f"{MAX_TERM_CHARS})", file=sys.stderr)
        return 2
    svc = _service()
    store = svc.store
    edition = args.edition or store.current_edition(args.game, "glossary")
    entries = list(store.records(args.game, "glossary", edition))
    if not entries:
        print(f"judgebot: no glossary for game {shown(args.game)} edition "
              f"{shown(edition or '')}", file=sys.stderr)
        return 2
    if args.term:
        found = store.get_many(svc.entities(term))
        matches = [r for r in found if r.kind == "glossary" and r.game == args.game
                   and r.edition == edition]
        if not matches:
            res = svc.search(term, kind="glossary", per_page=5)
            near = [h.title.get(EN) or h.title.get(ZH_HANS) or h.id for h in res.hits]
            hint = f"; did you mean: {', '.join(near)}" if near else ""
            print(f"judgebot: no glossary term {shown(term)}{hint}", file=sys.stderr)
            return 1
        if args.json:
            _emit([m.to_dict() for m in matches])
            return 0
        for m in matches:
            print(" / ".join(v for v in m.term.values()) + f"   ({m.edition})")
            for lang, text in m.definition.items():
                print(textwrap.indent(f"[{lang}] {text}", "  "))
            if m.rules:
                print("  See: " + ", ".join(r.rsplit(":", 1)[1] for r in m.rules))
        return 0
    if args.json:
        _emit([{"id": e.id, "term": e.term} for e in entries])
        return 0
    for e in sorted(entries, key=lambda e: (e.term.get(EN) or "").lower()):
        print(" / ".join(e.term.values()))
    return 0


def _index_build(args) -> int:
    from judgebot.search import index
    from judgebot.services import open_corpus

    try:
        handle = index.build(open_corpus(), progress=index.terminal_progress())
    except index.IndexError_ as exc:
        print(f"judgebot: {exc}", file=sys.stderr)
        return 1
    if args.json:
        _emit({"path": str(handle.path), **handle.meta})
    else:
        m = handle.meta
        print(f"Index built: {m['documents']} documents in {m['build_seconds']} s "
              f"({handle.path.name}; jieba dictionary {m['jieba_entries']} words)")
    return 0
