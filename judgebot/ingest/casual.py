"""Magic CR chapter 9, Casual Variants (900–905), English and Chinese: seed 002.

A scraped wiki page: navigation text at the top, then each heading as a
bilingual wiki heading (``902. 先锋牌 Vanguard``) repeated by its English and
Chinese lines, then each rule in English followed by its Chinese translation.
Only part of the page is translated (901–904 are English only); some English
headings appear twice.

Edition: the page is an old revision of an older CR, kept as its own edition
``casual-2015`` and not merged into 2019-10-04. The text dates itself:

* it still has 903.8, the Commander-specific "partial Paris" mulligan, and
  903.9, off-colour mana becoming colourless. The Commander rules committee
  removed both on 2016-01-18 and the CR dropped them with Oath of the
  Gatewatch (January 2016), so the text is older than that;
* its 903.8 already carries "That player may look at all cards exiled this
  way while taking mulligans", wording added in the Commander (2015 Edition)
  update of November 2015;
* its cross-references fit that age: keyword actions 701.21–701.23
  (planeswalk, set in motion, abandon) are 701.23–701.25 in 2019-10-04, the
  abilities rule it names as 112.8 is 113.8 there, and it says "his or her"
  and "mana pool" throughout.

SOURCES.md dates the page "about 2017–2018"; the rules it contains are those of
late 2015, hence the key.

Links: each rule is compared with the English 2019-10-04 rule of the same
number (rule references masked, :mod:`judgebot.ingest.lineage`). References to
900–905 link inside this edition. References outside chapter 9 (112.8,
701.21 …) point to rules this edition does not contain and whose numbers
changed since; they are linked to the 2019-10-04 rule that the matching
2019-10-04 rule cites in the same position (701.21 → 701.23, “Planeswalk”),
and left to the build's unresolved report when no such match exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import CR_2019, EN, ZH_HANS, Rule, Span
from judgebot.ingest import lineage
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import ParsedRule, SourceError, rule_records, title_of
from judgebot.references import find_refs
from judgebot.rulenumbers import level_of, parent_number, sort_key
from judgebot.text.script import has_cjk

FILE = "seeds/002_577cacf1936b5ce6.txt"
EDITION = "casual-2015"
CHAPTER = "9"

HEADING = re.compile(r"^(\d{1,3})\.\s+(\S.*)$")
RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)(\.?)\s+(\S.*)$")
EXAMPLE = {EN: re.compile(r"^Example:\s*"), ZH_HANS: re.compile(r"^例\s*[：:]\s*")}
LATIN = re.compile(r"[A-Za-z]{2,}")


def lang_of(text: str) -> str:
    return ZH_HANS if has_cjk(text) else EN


@dataclass
class Item:
    """One rule number with its text in each language present."""

    number: str
    parsed: dict[str, ParsedRule] = field(default_factory=dict)


@dataclass
class CasualCR:
    file: str
    items: list[Item]
    last_line: int
    warnings: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def parse(path: Path, name: str = FILE) -> CasualCR:
    lines = read_lines(path, name)
    start = next((i for i, ln in enumerate(lines) if ln.startswith(f"{CHAPTER}. ")), None)
    if start is None:
        raise SourceError(name, f"no chapter heading '{CHAPTER}. …' found", 1)
    navigation = [i + 1 for i in range(start) if lines[i].strip()]
    result = CasualCR(name, [], len(lines))
    if navigation:
        result.skipped.append(
            f"{name}:{navigation[0]}-{navigation[-1]}: wiki navigation "
            f"({len(navigation)} lines): not rules text")
    items: dict[str, Item] = {}
    last: dict[str, ParsedRule] = {}  # per language, the rule that takes continuations
    in_example: dict[str, bool] = {EN: False, ZH_HANS: False}
    for i in range(start, len(lines)):
        line = lines[i].strip()
        lineno = i + 1
        if not line:
            continue
        lang = lang_of(line)
        m = RULE.match(line) or HEADING.match(line)
        if m:
            number, text = m.group(1), m.groups()[-1]
            if lang == ZH_HANS and LATIN.search(text) and level_of(number) in ("chapter",
                                                                                "section"):
                # "902. 先锋牌 Vanguard": the wiki's bilingual heading, which the
                # English and the Chinese heading lines below repeat.
                result.skipped.append(f"{name}:{lineno}: bilingual wiki heading {number}, "
                                      "repeated by its English and Chinese lines")
                continue
            item = items.get(number)
            if item is None:
                item = items[number] = Item(number)
                _check_order(items, item, name, lineno)
            previous = item.parsed.get(lang)
            if previous is not None:
                if previous.text == text and not previous.examples:
                    result.skipped.append(f"{name}:{lineno}: {number} repeated (as line "
                                          f"{previous.start})")
                    continue
                raise SourceError(name, f"rule {number} appears twice in {lang} with "
                                        f"different text (first at line {previous.start})",
                                  lineno)
            parsed = ParsedRule(number, text, lineno, lineno)
            parsed.title = title_of(number, text)
            if m.re is RULE and m.group(2) != ("" if number[-1].isalpha() else "."):
                result.warnings.append(f"{name}:{lineno}: rule {number} printed as "
                                       f"{number}{m.group(2)}")
            item.parsed[lang] = parsed
            last[lang] = parsed
            in_example[lang] = False
            continue
        target = last.get(lang)
        if target is None:
            raise SourceError(name, f"{lang} text before any rule: {line[:60]!r}", lineno)
        example = EXAMPLE[lang].match(line)
        if example:
            target.examples.append(line[example.end():])
            in_example[lang] = True
        elif in_example[lang]:
            target.examples[-1] += "\n" + line
        else:
            target.text += "\n" + line
            target.title = ""
        target.end = lineno
    result.items = list(items.values())
    if not result.items:
        raise SourceError(name, "no rules found", start + 1)
    return result


def _check_order(items: dict[str, Item], item: Item, name: str, lineno: int) -> None:
    """Numbers first appear in document order, each under its parent."""
    numbers = list(items)
    if len(numbers) > 1 and sort_key(numbers[-2]) >= sort_key(item.number):
        raise SourceError(name, f"rule {item.number} is out of order after {numbers[-2]}",
                          lineno)
    parent = parent_number(item.number)
    if parent is not None and parent not in items:
        raise SourceError(name, f"rule {item.number} comes before its parent {parent}",
                          lineno)


# --- records -----------------------------------------------------------------------------

def rule_set(parsed: CasualCR) -> list[Rule]:
    """Joined bilingual records, flagged when a language is missing."""
    merged = []
    for item in parsed.items:
        first = item.parsed.get(EN) or item.parsed[ZH_HANS]
        merged.append(ParsedRule(item.number, first.text, first.start, first.end))
    rules = rule_records(merged, edition=EDITION, lang=EN, file=parsed.file)
    by_number = {item.number: item for item in parsed.items}
    for rule in rules:
        item = by_number[rule.number]
        rule.text, rule.title, rule.examples, rule.source = {}, {}, {}, []
        for lang in (EN, ZH_HANS):
            part = item.parsed.get(lang)
            if part is None:
                continue
            rule.text[lang] = part.text
            if part.title:
                rule.title[lang] = part.title
            if part.examples:
                rule.examples[lang] = list(part.examples)
            rule.source.append(Span(parsed.file, part.start, part.end, lang))
        if len(rule.text) == 1:
            rule.flags.append("en-only" if EN in rule.text else "zh-only")
    return rules


def link_2019(rules: list[Rule], english_2019: list[Rule]) -> dict[str, int]:
    """Fill ``lineage`` with the 2019-10-04 rule this rule still is: the rule of the
    same number where the English texts match, else (renumbered since) the most
    similar 2019-10-04 rule of the same level in chapter 9. Returns counts."""
    by_number = {r.number: r for r in english_2019}
    toks = {r.id: lineage.tokens(r.text[EN]) for r in english_2019}
    candidates = [r for r in english_2019 if _in_chapter(r.number)]
    counts: dict[str, int] = {}
    for rule in rules:
        if EN not in rule.text:
            rule.lineage = {"status": "not-compared"}
            counts["not compared (no English)"] = counts.get("not compared (no English)", 0) + 1
            continue
        ours = lineage.tokens(rule.text[EN])
        same = by_number.get(rule.number)
        score = lineage.similarity(ours, toks[same.id]) if same is not None else 0.0
        if same is not None and same.level == rule.level and score >= lineage.SAME_NUMBER:
            match = same
        else:
            scored = [(lineage.similarity(ours, toks[c.id]), c) for c in candidates
                      if c.level == rule.level and c.number != rule.number]
            best = max(scored, key=lambda sc: (sc[0], sc[1].id), default=(0.0, None))
            match = best[1] if best[0] >= lineage.MOVED else None
            if match is not None:
                score = best[0]
        if match is None:
            if same is None:
                rule.lineage = {"status": "absent"}
            else:
                rule.lineage = {"status": "different", "compared_with": same.id,
                                "similarity": round(score, 3)}
            status = rule.lineage["status"]
        else:
            status = "unchanged" if match.text[EN] == rule.text[EN] else "changed"
            rule.lineage = {"same_as": match.id, "status": status,
                            "similarity": round(score, 3)}
            if match.number != rule.number:
                rule.lineage["moved_to"] = match.number
                counts["of which renumbered"] = counts.get("of which renumbered", 0) + 1
        counts[status] = counts.get(status, 0) + 1
    return dict(sorted(counts.items()))


def _cited(rule: Rule, lang: str | None = None) -> list[str]:
    """Rule numbers a rule cites, in order (in one language, or in all)."""
    langs = [lang] if lang else list(rule.text)
    texts = [rule.text.get(la, "") for la in langs]
    texts += [e for la in langs for e in rule.examples.get(la, [])]
    numbers: list[str] = []
    for text in texts:
        for number in find_refs(text):
            if number != rule.number and number not in numbers:
                numbers.append(number)
    return numbers


def _in_chapter(number: str) -> bool:
    return number == CHAPTER or (number.split(".")[0].startswith(CHAPTER) and
                                 len(number.split(".")[0]) == 3)


def link_refs(rules: list[Rule], english_2019: list[Rule]) -> dict[str, int]:
    """Fill ``refs``: inside chapter 9 to this edition; outside it to the rule the
    matching 2019-10-04 rule cites in the same position (when both cite as many
    rules) or to the same number (when both cite it); otherwise to this
    edition's own number, which it lacks: the build reports it as unresolved."""
    by_id = {r.id: r for r in english_2019}
    counts = {"inside the edition": 0, "mapped to 2019-10-04": 0, "unmapped": 0}
    for rule in rules:
        match = by_id.get(rule.lineage.get("same_as", ""))
        mapping: dict[str, str] = {}
        if match is not None:
            ours, theirs = _cited(rule, EN), _cited(match, EN)
            if len(ours) == len(theirs):  # cited in the same places: renumbered targets
                mapping = dict(zip(ours, theirs, strict=True))
            else:  # a number both still cite is the same rule
                mapping = {n: n for n in ours if n in theirs}
        refs: list[str] = []
        for number in _cited(rule):
            if _in_chapter(number):
                target = corpus.rule_id(number, EDITION)
                counts["inside the edition"] += 1
            elif number in mapping:
                target = corpus.rule_id(mapping[number], CR_2019)
                counts["mapped to 2019-10-04"] += 1
            else:
                target = corpus.rule_id(number, EDITION)
                counts["unmapped"] += 1
            if target not in refs:
                refs.append(target)
        rule.refs = refs
    return counts


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    parsed = parse(ctx.path(FILE), FILE)
    rules = rule_set(parsed)
    english = rule_records(ctx.english_2019.rules, edition=CR_2019, lang=EN,
                           file=ctx.english_2019.file)
    missing = sorted({r.number for r in english if r.number.startswith(CHAPTER)
                      and level_of(r.number) == "section"} - {r.number for r in rules})
    if missing:
        raise SourceError(FILE, f"sections {', '.join(missing)} of chapter {CHAPTER} are "
                                "missing; file truncated?", parsed.last_line)
    links = link_2019(rules, english)
    refs = link_refs(rules, english)
    per_section: dict[str, int] = {}
    per_lang = {"both": 0, "en-only": 0, "zh-only": 0}
    for rule in rules:
        if rule.level in ("rule", "subrule"):
            section = rule.number.split(".")[0]
            per_section[section] = per_section.get(section, 0) + 1
        flag = next((f for f in rule.flags if f in per_lang), "both")
        per_lang[flag] += 1
    figures = {
        "edition": EDITION,
        "rules": len(rules),
        "rules and subrules per section": per_section,
        "languages": per_lang,
        "examples": {lang: sum(len(r.examples.get(lang, [])) for r in rules)
                     for lang in (EN, ZH_HANS)},
        "link to 2019-10-04": links,
        "refs": refs,
    }
    return [DocumentResult(f"Casual variants ({EDITION}), en + zh-Hans", FILE, rules,
                           warnings=parsed.warnings, skipped=parsed.skipped, figures=figures)]

