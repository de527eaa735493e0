"""The Force of Will rules across their editions: the Chinese 6.0 (seed 001),
the English 6.3 aligned to it, and the current English 12.7 descending from
6.3.

* 6.3 ↔ 6.0, by number. The Chinese translates 6.0 (September 2016) and 6.3
  is the English of March 2017: where the rules changed in between, the two
  texts of one number differ. What can be compared across the languages is
  compared (the rules each cites, the numbers each states, its examples and
  subrules) and every difference is flagged on the 6.3
  rule (``zh-refs-differ`` …); a rule of one edition only is flagged too
  (``zh-missing`` on 6.3, ``not-in-6.3`` on 6.0).
* 6.3 → 12.7, by lineage (:func:`judgebot.ingest.lineage.link`): same number
  and similar text, or moved (12.7 numbers the keyword abilities one section
  later: 6.3's 1102 [Pierce] is 12.7's 1103).
* So the editions chain 6.0 → 6.3 → 12.7 as consecutive editions do
  (``previous``/``next``; 6.3's ``change`` against 6.0 is ``aligned``), and
  each current rule names the Chinese it carries: the 6.0 rule paired with its
  6.3 ancestor (``lineage.translated``).

The keyword glossary of 6.0 gains the English names of its keywords from the
6.3 section titles, so "pierce" and 貫穿 name one entry.
"""

from __future__ import annotations

import re
from collections import Counter

from judgebot.corpus import EN, ZH_HANT, GlossaryEntry, Rule
from judgebot.ingest import fow, fow_en, lineage
from judgebot.ingest.context import BuildContext, DocumentResult

NUMBER = re.compile(r"(?<![\d.])\d{2,}(?![\d.])")  # 100, 1000, 24: quantities in the text


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    [chinese] = fow.ingest(ctx)
    zh_rules = [r for r in chinese.records if r.kind == "rule"]
    parsed_63 = fow_en.parse(ctx.path(fow_en.FILE_63), fow_en.FILE_63)
    parsed_127 = fow_en.parse(ctx.path(fow_en.FILE_127), fow_en.FILE_127)
    en_63, en_127 = fow_en.rule_set(parsed_63), fow_en.rule_set(parsed_127)
    lineage.link(en_63, en_127)  # before the alignment: it sets lineage afresh
    titled = link_sections_by_title(en_63, en_127)
    descent = dict(sorted(Counter(r.lineage["change"] for r in en_127).items()))
    descent["moved"] = sum(1 for r in en_127 if "moved_from" in r.lineage)
    descent["removed"] = sum(1 for r in en_63 if "removed_in" in r.lineage)
    descent["sections linked by their title"] = titled
    alignment = align(en_63, zh_rules)
    carried = carry_translation(en_63, en_127)
    named = name_keywords([r for r in chinese.records if r.kind == "glossary"], en_63)
    chinese.figures["English names of keywords (from 6.3)"] = named
    return [
        chinese,
        _result(parsed_63, en_63, {"aligned to 6.0": alignment}),
        _result(parsed_127, en_127, {"lineage from 6.3": descent,
                                     "Chinese of 6.0 carried": carried}),
    ]


def align(english: list[Rule], chinese: list[Rule]) -> dict:
    """Pair the 6.3 rules with the 6.0 rules of the same number, as consecutive
    editions are linked (6.0 ``next`` → 6.3, whose ``change`` is ``aligned``:
    another language, not a comparable text); flag what differs."""
    zh = {r.number: r for r in chinese}
    en_numbers = {r.number for r in english}
    flags: Counter = Counter()
    paired = 0
    for rule in english:
        other = zh.get(rule.number)
        if other is None:
            rule.flags.append("zh-missing")
            rule.lineage["change"] = "new"
            flags["zh-missing"] += 1
            continue
        paired += 1
        rule.lineage.update({"previous": other.id, "change": "aligned", "translated": other.id})
        other.lineage = {"next": rule.id, "english": rule.id}
        for flag in differences(rule, other):
            rule.flags.append(flag)
            flags[flag] += 1
    for rule in chinese:
        if rule.number not in en_numbers:
            rule.flags.append("not-in-6.3")
            rule.lineage = {"removed_in": english[0].edition if english else ""}
            flags["not-in-6.3"] += 1
    return {"pairs": paired, "6.3 only": flags.pop("zh-missing", 0),
            "6.0 only": flags.pop("not-in-6.3", 0),
            "pairs that differ": sum(1 for r in english if any(
                f.startswith("zh-") and f != "zh-missing" for f in r.flags)),
            "differences": dict(sorted(flags.items()))}


def differences(english: Rule, chinese: Rule) -> list[str]:
    """What an English and a Chinese rule of one number do not share."""
    en_text = "\n".join([english.text.get(EN, ""), *english.examples.get(EN, [])])
    zh_text = "\n".join([chinese.text.get(ZH_HANT, ""), *chinese.examples.get(ZH_HANT, [])])
    out = []
    if _keys(english.refs) != _keys(chinese.refs):
        out.append("zh-refs-differ")
    if _numbers(en_text) != _numbers(zh_text):
        out.append("zh-numbers-differ")
    if len(english.examples.get(EN, [])) != len(chinese.examples.get(ZH_HANT, [])):
        out.append("zh-examples-differ")
    if english.level != "chapter" and len(english.children) != len(chinese.children):
        out.append("zh-subrules-differ")
    return out


def _keys(ids: list[str]) -> set[str]:
    return {i.rsplit(":", 1)[1] for i in ids}


def _numbers(text: str) -> set[str]:
    masked = fow_en.REF.sub(" ", re.sub(r"[(（【]\s*\d{3,4}[^)）】]*[)）】]", " ", text))
    return set(NUMBER.findall(masked))


def link_sections_by_title(old: list[Rule], new: list[Rule]) -> int:
    """A section whose one-word title the lineage could not place ("Name",
    "Cost": words too common to look a match up by) and an old section of the
    same title left without a successor are the same section, moved."""
    def key(rule: Rule) -> str:
        return " ".join(rule.title.get(EN, "").lower().split())

    orphans: dict[str, list[Rule]] = {}
    for rule in old:
        if rule.level == "section" and "removed_in" in rule.lineage:
            orphans.setdefault(key(rule), []).append(rule)
    linked = 0
    for rule in new:
        if rule.level != "section" or rule.lineage.get("change") != "new":
            continue
        candidates = orphans.get(key(rule), [])
        if len(candidates) != 1:
            continue
        before = candidates.pop()
        change = "unchanged" if before.text.get(EN) == rule.text.get(EN) else "changed"
        rule.lineage = {"previous": before.id, "change": change, "similarity": 1.0,
                        "ancestor": before.id, "status": change}
        if before.number != rule.number:
            rule.lineage["moved_from"] = before.number
        del before.lineage["removed_in"]
        before.lineage["next"] = rule.id
        linked += 1
    return linked


def carry_translation(en_63: list[Rule], en_127: list[Rule]) -> int:
    """Each 12.7 rule carries the Chinese of the 6.0 rule its 6.3 ancestor is
    paired with (the chain 6.0 → 6.3 → 12.7 tells the rest)."""
    translated = {r.id: r.lineage["translated"] for r in en_63 if "translated" in r.lineage}
    carried = 0
    for rule in en_127:
        chinese = translated.get(rule.lineage.get("ancestor", ""))
        if chinese:
            rule.lineage["translated"] = chinese
            carried += 1
    return carried


def name_keywords(entries: list[GlossaryEntry], en_63: list[Rule]) -> int:
    """A keyword entry (anchored at its 6.0 section, 1102 【貫穿】) takes the
    English name of the 6.3 section of that number ([Pierce])."""
    titles = {r.number: r.title.get(EN, "") for r in en_63 if r.level == "section"}
    named = 0
    for entry in entries:
        number = entry.rules[0].rsplit(":", 1)[1] if entry.rules else ""
        m = re.fullmatch(r"\[([^\]]+)\]", titles.get(number, ""))
        if m and number.startswith("11"):
            entry.term[EN] = m.group(1)
            named += 1
    return named


def _result(parsed: fow_en.FowEnglish, rules: list[Rule], extra: dict) -> DocumentResult:
    levels = Counter(r.level for r in rules)
    ids = {r.id for r in rules}
    refs = [(r, t) for r in rules for t in r.refs]
    unresolved = [f"{r.number} → {t.rsplit(':', 1)[1]}" for r, t in refs if t not in ids]
    figures = {
        "edition": parsed.version,
        "effective": parsed.effective,
        "rules": len(rules),
        "by level": dict(sorted(levels.items())),
        "numbered lines (rules and subrules)": sum(1 for r in rules if "." in r.number),
        "examples": sum(len(r.examples.get(EN, [])) for r in rules),
        "contents entries": len(parsed.listed),
        "refs": {"total": len(refs), "resolved": len(refs) - len(unresolved),
                 "unresolved": unresolved},
        **parsed.figures,
        **extra,
    }
    title = f"Force of Will CR {parsed.version} (English)"
    return DocumentResult(title, parsed.file, list(rules), warnings=parsed.warnings,
                          skipped=parsed.skipped, figures=figures)
