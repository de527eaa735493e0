"""``judgebot ask QUESTION``."""

from __future__ import annotations

import argparse
import json
import textwrap

from judgebot.messages import EN
from judgebot.messages import render as render_message


def register(sub: argparse._SubParsersAction) -> None:
    a = sub.add_parser("ask", help="answer a judge call in Chinese or English")
    a.add_argument("question", nargs="+", help="the question, as you would ask it at the table")
    a.add_argument("--json", action="store_true", help="print the answer as JSON")
    a.set_defaults(func=_ask)


def _ask(args) -> int:
    from judgebot.judge.service import Judge
    from judgebot.services import open_search

    svc = open_search()
    answer = Judge(svc.store, svc, preload=False).ask(" ".join(args.question))
    if args.json:
        print(json.dumps(answer.to_dict(), ensure_ascii=False, indent=1))
        return 0
    print(render(answer))
    return 0


def render(answer) -> str:
    out: list[str] = []
    u = answer.understanding
    named = ", ".join(f"{e.text}→{e.value.rsplit(':', 1)[-1]}" for e in u.entities
                      if e.kind not in ("player",) and e.text)  # a card's text names no words
    if answer.summary is not None:
        out.append(textwrap.fill(f"Answer ({answer.confidence}, by {answer.basis}): "
                                 + render_message(answer.summary, EN), 96) + "\n")
    if named:
        out.append(f"Understood: {named}")
    if answer.message:
        out.append(answer.message)
    if answer.simulation:
        out.append("\nSimulated outcome: " + answer.simulation.get("summary", ""))
    if answer.rules:
        kinds = {q.kind for q in answer.rules}
        sources = [name for kind, name in (("rule", "the Comprehensive Rules"),
                                           ("mtr", "the Tournament Rules"),
                                           ("ipg", "the Infraction Procedure Guide"))
                   if kind in kinds]
        out.append(f"\nQuoted from {', '.join(sources[:-1]) + ' and ' if len(sources) > 1 else ''}"
                   f"{sources[-1] if sources else 'the rules'}:")
    for q in answer.rules:
        why = "; ".join(render_message(m, EN) for m in q.why)
        out.append(f"\n  {q.label}  — {why}")
        for lang in ("zh-Hans", "en"):
            if q.sentence.get(lang):
                flag = ""
                if lang == "zh-Hans" and q.translated_from and q.english_changed:
                    flag = " [translates the 2019-10-04 text; the English has changed since]"
                out.append(textwrap.indent(textwrap.fill(q.sentence[lang] + flag, 92), "    "))
    for title, group in (("Rulings", answer.rulings), ("Glossary", answer.glossary),
                         ("Release notes", answer.notes)):
        if group:
            out.append(f"\n{title}:")
            for q in group:
                text = q.sentence.get("zh-Hans") or q.sentence.get("en") or ""
                out.append(textwrap.indent(textwrap.fill(f"{q.label}: {text}", 92), "  "))
    return "\n".join(out)
