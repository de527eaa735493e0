"""The Chinese 2019-10-04 CR joined to the English one of the same date.

* Rules by number. The Chinese edition has numbering slips of its own (a
  subrule printed with the wrong section, a letter repeated and the rest
  shifted), so numbers are first corrected by their place in the rule tree:
  the Chinese children of a rule are paired with the English children of the
  same rule in order when there are as many of each, otherwise by printed
  number. Every correction is flagged ``zh-printed-as:<printed>`` on the
  record. A Chinese rule with no English partner keeps its own record
  (``zh-only``): the Chinese edition kept rules the English had moved, and
  their number is where a Chinese reader finds them; a flag names the rule
  whose Chinese text is the same (``en-moved-to:713.2``).
* Glossaries by order, checked by the rules each entry cites: an alignment
  that allows gaps pairs the definitions, entries the Chinese sorted a few
  places away are paired by the same references, a headword that is the
  Chinese title of another entry's rule shows two definitions printed under
  each other's headword (put back, flag ``zh-definition-swapped``), and every
  pair whose "see rule" references still differ is flagged ``zh-refs-differ``.
* The provisional-name list (暂译名称列表) becomes English–Chinese name pairs.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from judgebot import corpus
from judgebot.corpus import CR_2019, EN, MTG, ZH_HANS, GlossaryEntry, NamePair, Rule, Span
from judgebot.ingest.rulebook import ParsedRule, ParsedTerm
from judgebot.references import find_refs
from judgebot.rulenumbers import level_of, parent_number, sort_key

LEVELS = ("chapter", "section", "rule", "subrule")
SAME_TEXT = 0.35  # character-bigram similarity of two translations of one rule …
AHEAD = 1.5  # … well ahead of any other rule's


# --- rule numbers ------------------------------------------------------------------

@dataclass
class Numbering:
    """Corrected numbers for the printed ones, in document order."""

    numbers: list[str]
    flags: list[list[str]]
    en_only: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def corrections(self) -> list[tuple[str, str]]:
        """``(printed, corrected)`` pairs."""
        out = []
        for number, flags in zip(self.numbers, self.flags, strict=True):
            for f in flags:
                if f.startswith("zh-printed-as:"):
                    out.append((f.split(":", 1)[1], number))
        return out

    @property
    def zh_only(self) -> list[str]:
        return [n for n, f in zip(self.numbers, self.flags, strict=True) if "zh-only" in f]


def correct_numbers(printed: list[str], english: list[str]) -> Numbering:
    """Give each printed Chinese number the English number of the rule it is.

    The document order fixes each Chinese rule's parent (a subrule belongs to
    the rule printed before it, whatever number it carries); siblings are
    then paired with the English children of that parent.
    """
    zh_children = _document_children(printed)
    en_children: dict[str | None, list[str]] = defaultdict(list)
    for number in english:
        en_children[parent_number(number)].append(number)
    numbers: list[str] = list(printed)
    flags: list[list[str]] = [[] for _ in printed]
    result = Numbering(numbers, flags)
    _assign(None, None, zh_children, en_children, result)
    return result


def _document_children(printed: list[str]) -> dict[int | None, list[int]]:
    """Indices of each item's children by document order (None: top level)."""
    children: dict[int | None, list[int]] = defaultdict(list)
    latest: dict[str, int] = {}
    for i, number in enumerate(printed):
        level = level_of(number)
        depth = LEVELS.index(level)
        parent = None
        for up in reversed(LEVELS[:depth]):
            if up in latest:
                parent = latest[up]
                break
        children[parent].append(i)
        latest[level] = i
        for deeper in LEVELS[depth + 1:]:
            latest.pop(deeper, None)
    return children


def _assign(zh_parent: int | None, en_parent: str | None,
            zh_children: dict[int | None, list[int]],
            en_children: dict[str | None, list[str]], result: Numbering) -> None:
    kids = zh_children.get(zh_parent, [])
    targets = en_children.get(en_parent, []) if (en_parent or zh_parent is None) else []
    pairs: list[tuple[int, str | None]]
    if targets and len(kids) == len(targets):
        pairs = list(zip(kids, targets, strict=True))
        wrong = sum(1 for i, n in pairs if result.numbers[i] != n)
        if wrong > 1 and wrong * 2 > len(pairs):
            result.warnings.append(
                f"{wrong} of the {len(pairs)} rules under {en_parent or 'the top level'} "
                "printed with other numbers than the English: paired by position")
    else:
        free = list(targets)
        pairs = []
        for i in kids:
            match = result.numbers[i] if result.numbers[i] in free else None
            if match:
                free.remove(match)
            pairs.append((i, match))
        result.en_only.extend(free)
    for i, number in pairs:
        printed = result.numbers[i]
        if number is None:
            result.flags[i].append("zh-only")
        elif number != printed:
            result.numbers[i] = number
            result.flags[i].append(f"zh-printed-as:{printed}")
        _assign(i, number, zh_children, en_children, result)


# --- rules -------------------------------------------------------------------------

@dataclass
class RuleJoin:
    aligned: int
    zh_only: list[Rule]
    en_only: list[str]
    warnings: list[str]


def join_rules(english: list[Rule], chinese: list[ParsedRule], file: str,
               edition: str = CR_2019) -> RuleJoin:
    """Add the Chinese text to the English records; new records for zh-only rules."""
    by_number = {r.number: r for r in english}
    warnings: list[str] = []
    zh_only: list[Rule] = []
    aligned = 0
    for item in chinese:
        span = Span(file, item.start, item.end, ZH_HANS)
        rule = by_number.get(item.number)
        if rule is None:
            rule = Rule(id=corpus.rule_id(item.number, edition), game=MTG, edition=edition,
                        number=item.number, level=level_of(item.number), source=[span],
                        flags=[])
            by_number[item.number] = rule
            zh_only.append(rule)
        else:
            rule.source.append(span)
            aligned += 1
        rule.text[ZH_HANS] = item.text
        if item.title:
            rule.title[ZH_HANS] = item.title
        if item.examples:
            rule.examples[ZH_HANS] = list(item.examples)
        for flag in item.flags:
            if flag not in rule.flags:
                rule.flags.append(flag)
            if flag.startswith("zh-printed-as:"):
                warnings.append(f"{file}:{item.start}: rule {item.number} printed as "
                                f"{flag.split(':', 1)[1]}; corrected by its place in the rules")
    grams = {r.number: _bigrams(r.text[ZH_HANS]) for r in english if ZH_HANS in r.text}
    for rule in zh_only:
        parent = by_number.get(parent_number(rule.number) or "")
        if parent is not None:
            rule.parent = parent.id
            parent.children.append(rule.id)
            parent.children.sort(key=lambda cid: sort_key(cid.rsplit(":", 1)[1]))
        twin = _same_text(rule, grams, by_number)
        if twin is not None:
            rule.flags.append(f"en-moved-to:{twin.number}")
        warnings.append(
            f"{file}:{rule.source[0].start}: rule {rule.number} is in the Chinese edition only"
            + (f"; it says what rule {twin.number} says, where the English moved it"
               if twin is not None else ""))
    en_only = [r.number for r in english if ZH_HANS not in r.text]
    for rule in english:
        if ZH_HANS not in rule.text:
            rule.flags.append("en-only")
            warnings.append(f"rule {rule.number} has no Chinese text")
    return RuleJoin(aligned, zh_only, en_only, warnings)


def _bigrams(text: str) -> set[str]:
    return {text[i:i + 2] for i in range(len(text) - 1)}


def _same_text(rule: Rule, grams: dict[str, set[str]],
               by_number: dict[str, Rule]) -> Rule | None:
    """The aligned rule whose Chinese text is clearly the most like this one's.

    Two translations of one rule share many character pairs but not their
    wording (711.3a and 713.2 score 0.42; the next best 0.20), so the best
    must be both alike enough and well ahead of the runner-up.
    """
    mine = _bigrams(rule.text[ZH_HANS])
    scores = sorted(
        ((-2 * len(mine & theirs) / (len(mine) + len(theirs) or 1), number)
         for number, theirs in grams.items()), key=lambda s: s)
    if not scores:
        return None
    best, number = -scores[0][0], scores[0][1]
    runner_up = -scores[1][0] if len(scores) > 1 else 0.0
    return by_number[number] if best >= SAME_TEXT and best >= AHEAD * runner_up else None


def add_chinese_refs(rules: list[Rule]) -> tuple[int, list[str]]:
    """Add the rules the Chinese text cites (参见规则704.5a, 第8章) to each rule's refs.

    Where the English text of the same rule does not mention the number, the
    Chinese cites a rule the English does not: in this edition always an old
    number (参见规则701.13 where the English says 701.14, Regenerate). Such a
    reference is not linked but flagged ``zh-ref-differs:<number>`` and
    reported. Returns the count of links added and the reports.
    """
    added, differ = 0, []
    for rule in rules:
        texts = [rule.text.get(ZH_HANS, ""), *rule.examples.get(ZH_HANS, [])]
        english = " ".join([rule.text.get(EN, ""), *rule.examples.get(EN, [])])
        for number in find_refs("\n".join(texts)):
            rid = corpus.rule_id(number, rule.edition, rule.game)
            if number == rule.number or rid in rule.refs:
                continue
            if english and not _mentions(english, number):
                rule.flags.append(f"zh-ref-differs:{number}")
                cited = [r.rsplit(":", 1)[1] for r in rule.refs] or ["nothing"]
                differ.append(f"rule {rule.number}: the Chinese cites {number} where the "
                              f"English cites {', '.join(cited)}; not linked")
                continue
            rule.refs.append(rid)
            added += 1
    return added, differ


def _mentions(text: str, number: str) -> bool:
    """``number`` appears in ``text`` as a number (``701.1`` is not in ``701.14``)."""
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.]?\d|[a-z])", text) is not None


# --- glossary ----------------------------------------------------------------------

@dataclass
class GlossaryJoin:
    pairs: int
    en_only: list[str]
    zh_only: list[GlossaryEntry]
    swapped: list[tuple[str, str]]
    warnings: list[str]


def _signature(text: str) -> tuple[str, ...]:
    return tuple(sorted(set(find_refs(text))))


def join_glossary(english: list[GlossaryEntry], chinese: list[ParsedTerm], file: str,
                  titles: dict[str, str], edition: str = CR_2019) -> GlossaryJoin:
    """Pair the glossaries and fill the English entries with their Chinese.

    Definitions are paired by the rules they cite, in order (a gap-allowing
    alignment), then entries the Chinese glossary sorted elsewhere are paired
    by the same references nearby. A headword goes with its definition unless
    the headword is the Chinese title of a rule the other entry of a pair
    cites and vice versa: then the two definitions were printed under each
    other's headword, and are exchanged back.
    """
    en_sig = [_signature(e.definition[EN]) for e in english]
    zh_sig = [_signature(t.definition) for t in chinese]
    pairs = _align_sequences(en_sig, zh_sig)
    moved = _pair_leftovers(en_sig, zh_sig, pairs)
    partner = dict(sorted(pairs + moved))
    headword_of = {j: j for j in partner.values()}  # definition j is printed under headword j
    swapped: list[tuple[str, str]] = []
    numbers_titled: dict[str, set[str]] = defaultdict(set)
    for number, title in titles.items():
        numbers_titled[title].add(number)
    owner = {i: _headword_owner(numbers_titled.get(chinese[j].term, set()), en_sig, i)
             for i, j in partner.items()}
    for i, j in partner.items():
        k = owner[i]
        if k is not None and k != i and k in partner and owner[k] == i and i < k:
            jk = partner[k]
            headword_of[j], headword_of[jk] = jk, j
            swapped.append((english[i].term[EN], english[k].term[EN]))
    warnings: list[str] = []
    for i, j in partner.items():
        entry, definition, term = english[i], chinese[j], chinese[headword_of[j]]
        entry.term[ZH_HANS] = term.term
        entry.definition[ZH_HANS] = definition.definition
        if term is not definition:  # the headword line, then the definition printed elsewhere
            entry.source.append(Span(file, term.start, term.start, ZH_HANS))
            entry.source.append(Span(file, definition.start + 1, definition.end, ZH_HANS))
            entry.flags.append("zh-definition-swapped")
            warnings.append(
                f"{file}:{definition.start}: the Chinese glossary prints the definition of "
                f"{entry.term[EN]} ({term.term}) under {definition.term}; exchanged back")
        else:
            entry.source.append(Span(file, term.start, term.end, ZH_HANS))
        if term is definition and en_sig[i] != zh_sig[j]:
            entry.flags.append("zh-refs-differ")
            warnings.append(
                f"{file}:{definition.start}: glossary {entry.term[EN]} / {term.term} cite "
                f"different rules: {', '.join(en_sig[i]) or 'none'} / "
                f"{', '.join(zh_sig[j]) or 'none'}")
        if (i, j) in moved and term is definition:
            warnings.append(f"{file}:{definition.start}: the Chinese glossary sorts "
                            f"{term.term} ({entry.term[EN]}) out of the English order")
        for number in find_refs(definition.definition):  # only those the English mentions
            rid = corpus.rule_id(number, edition)
            if rid not in entry.rules and _mentions(entry.definition[EN], number):
                entry.rules.append(rid)
    en_only = []
    for i, entry in enumerate(english):
        if i in partner:
            continue
        en_only.append(entry.term[EN])
        entry.flags.append("en-only")
        warnings.append(
            f"glossary entry {entry.term[EN]} has no Chinese partner: the Chinese glossary goes "
            f"from {_neighbour(english, partner, i, -1)} straight to "
            f"{_neighbour(english, partner, i, +1)}")
    used = set(partner.values())
    zh_only = []
    for j, term in enumerate(chinese):
        if j in used:
            continue
        slug = corpus.slugify(term.term)
        zh_only.append(GlossaryEntry(
            id=corpus.glossary_id(slug, edition), game=MTG, edition=edition, slug=slug,
            term={ZH_HANS: term.term}, definition={ZH_HANS: term.definition},
            rules=[corpus.rule_id(n, edition) for n in find_refs(term.definition)],
            source=[Span(file, term.start, term.end, ZH_HANS)], flags=["zh-only"]))
        warnings.append(f"{file}:{term.start}: glossary entry {term.term} has no English partner")
    return GlossaryJoin(len(partner), en_only, zh_only, swapped, warnings)


def _pair_leftovers(en_sig: list[tuple], zh_sig: list[tuple], pairs: list[tuple[int, int]],
                    window: int = 6) -> list[tuple[int, int]]:
    """Unpaired entries citing the same rules a few places apart (sorted differently)."""
    used_en = {i for i, _ in pairs}
    used_zh = {j for _, j in pairs}
    offset = {i: j - i for i, j in pairs}
    moved = []
    for i, sig in enumerate(en_sig):
        if i in used_en or not sig:
            continue
        near = offset.get(max((k for k in offset if k < i), default=-1), 0)
        candidates = [j for j in range(max(0, i + near - window), i + near + window + 1)
                      if j < len(zh_sig) and j not in used_zh and zh_sig[j] == sig]
        if candidates:
            j = min(candidates, key=lambda c: (abs(c - i - near), c))
            moved.append((i, j))
            used_zh.add(j)
    return moved


def _headword_owner(numbers: set[str], en_sig: list[tuple], near: int,
                    window: int = 3) -> int | None:
    """The English entry near ``near`` citing one of ``numbers``, the rules whose
    Chinese title is the headword (挑拨 is the title of 702.38, Provoke)."""
    if not numbers:
        return None
    for i in sorted(range(max(0, near - window), min(len(en_sig), near + window + 1)),
                    key=lambda k: (abs(k - near), k)):
        if numbers & set(en_sig[i]):
            return i
    return None


def _neighbour(english: list[GlossaryEntry], partner: dict[int, int], i: int, step: int) -> str:
    k = i + step
    while 0 <= k < len(english) and k not in partner:
        k += step
    if not 0 <= k < len(english):
        return "the start" if step < 0 else "the end"
    return f"{english[k].term.get(ZH_HANS, '')} ({english[k].term[EN]})"


def _align_sequences(a: list[tuple], b: list[tuple], band: int = 12) -> list[tuple[int, int]]:
    """Order-preserving pairs of ``a`` and ``b`` (a banded Needleman–Wunsch).

    Equal non-empty signatures score high, equal empty ones a little, and a
    mismatched pair costs less than two gaps, so a lone slip stays paired.
    """
    gap, n, m = -2.0, len(a), len(b)
    neg = float("-inf")

    def match(i: int, j: int) -> float:
        if a[i] == b[j]:
            return 3.0 if a[i] else 1.0
        return -1.0

    score: dict[tuple[int, int], float] = {(0, 0): 0.0}
    move: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(n + 1):
        for j in range(max(0, i - band), min(m, i + band) + 1):
            if i == j == 0:
                continue
            options = []
            if i and j and (i - 1, j - 1) in score:
                options.append((score[i - 1, j - 1] + match(i - 1, j - 1), (i - 1, j - 1)))
            if i and (i - 1, j) in score:
                options.append((score[i - 1, j] + gap, (i - 1, j)))
            if j and (i, j - 1) in score:
                options.append((score[i, j - 1] + gap, (i, j - 1)))
            if options:
                best = max(options, key=lambda o: (o[0], o[1]))
                score[i, j], move[i, j] = best
            else:
                score[i, j] = neg
    if (n, m) not in score:
        return []
    pairs = []
    at = (n, m)
    while at != (0, 0):
        prev = move[at]
        if prev == (at[0] - 1, at[1] - 1):
            pairs.append(prev)
        at = prev
    return sorted(pairs)


# --- names -------------------------------------------------------------------------

def name_records(names, file: str, edition: str = CR_2019) -> list[NamePair]:
    """``mtg:name:2019-10-04:<slug of the English>`` for each provisional name."""
    records = []
    for item in names:
        slug = corpus.slugify(item.en)
        records.append(NamePair(
            id=f"{MTG}:name:{edition}:{slug}", game=MTG, edition=edition,
            term={EN: item.en, ZH_HANS: item.zh},
            source=[Span(file, item.line, item.line, ZH_HANS)]))
    return records
