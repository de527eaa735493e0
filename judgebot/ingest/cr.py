"""The Comprehensive Rules part of the corpus: every English edition and its
glossary, the Chinese translation of 2019-10-04, and the lineage of every
rule through the editions."""

from __future__ import annotations

from judgebot import corpus
from judgebot.corpus import CR_2019, EN, MTG, GlossaryEntry, Rule, Span
from judgebot.ingest import lineage, zh_cr
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import EnglishCR
from judgebot.ingest.rulebook import rule_records
from judgebot.references import find_refs


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    editions = ctx.english_editions
    records = {edition: english_records(parsed, edition) for edition, parsed in editions.items()}
    rules = [[r for r in recs if isinstance(r, Rule)] for recs in records.values()]
    figures = lineage.chain(rules)
    old = records[CR_2019]
    chinese = zh_cr.ingest(ctx, old)  # adds the Chinese text to the 2019-10-04 records
    _link_chinese_only(chinese.records, {r.id: r for r in old if isinstance(r, Rule)})
    names = list(editions)
    results = []
    for i, (edition, parsed) in enumerate(editions.items()):
        extra = {"lineage": {f"from {names[i - 1]}": figures[i - 1]}} if i else {}
        results.append(_result(f"English CR {edition}", parsed.file, records[edition], parsed,
                               extra))
    return results + [chinese]


def _link_chinese_only(records, old: dict[str, Rule]) -> None:
    """A rule only the Chinese edition prints (711.3a–d, which the English had
    moved to 713) follows the lineage of the English rule it was moved to."""
    for rec in records:
        if rec.kind != "rule" or rec.lineage:
            continue
        moved = next((f.split(":", 1)[1] for f in rec.flags if f.startswith("en-moved-to:")),
                     None)
        twin = old.get(corpus.rule_id(moved, CR_2019)) if moved else None
        if twin is not None and twin.lineage:
            rec.lineage = {**twin.lineage, "english": twin.id}
        else:
            rec.lineage = {"status": "zh-only"}


def _result(title, file, records, parsed: EnglishCR, extra) -> DocumentResult:
    rules = [r for r in records if r.kind == "rule"]
    figures = {
        "rules": len(rules),
        "by level": dict(sorted(_count(r.level for r in rules).items())),
        "examples": sum(len(r.examples.get(EN, [])) for r in rules),
        "glossary": sum(1 for r in records if r.kind == "glossary"),
        **extra,
    }
    return DocumentResult(title, file, records, warnings=list(parsed.warnings), figures=figures)


def _count(values) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def english_records(parsed: EnglishCR, edition: str) -> list:
    rules = rule_records(parsed.rules, edition=edition, lang=EN, file=parsed.file)
    for rule in rules:
        rule.refs = rule_refs(rule, edition)
    return rules + glossary_records(parsed, edition)


def rule_refs(rule: Rule, edition: str, game: str = MTG) -> list[str]:
    """Ids of the rules a rule's text and examples cite (its own number excluded)."""
    texts = list(rule.text.values())
    for examples in rule.examples.values():
        texts.extend(examples)
    numbers: list[str] = []
    for text in texts:
        for number in find_refs(text):
            if number != rule.number and number not in numbers:
                numbers.append(number)
    return [corpus.rule_id(n, edition, game) for n in numbers]


def glossary_records(parsed: EnglishCR, edition: str) -> list[GlossaryEntry]:
    entries = []
    for term in parsed.glossary:
        slug = corpus.slugify(term.term)
        entries.append(
            GlossaryEntry(
                id=corpus.glossary_id(slug, edition),
                game=MTG,
                edition=edition,
                slug=slug,
                term={EN: term.term},
                definition={EN: term.definition},
                rules=[corpus.rule_id(n, edition) for n in find_refs(term.definition)],
                source=[Span(parsed.file, term.start, term.end, EN)],
            )
        )
    return entries
