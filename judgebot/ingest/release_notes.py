"""The Time Spiral Remastered release notes (发布释疑, seed 003, and its English
original) as corpus records: cards, their rulings, and the general notes.

:mod:`judgebot.ingest.release_parse` finds the notes and card entries (and
explains how the damaged layout is read); this module makes the records.

Cards get their English names from ``cardnames/tsr_cardnames.tsv`` (the
names printed in seed 003 mapped to the TSR card list); a card name the table
lacks is an OCR misreading when one table name differs from it in a single
character and that name is printed in the card's own text or rulings
(降响煤妖 → 隆响煤妖). Any other unknown name keeps its Chinese name for its
id, with a warning. A table name the document does not print at all means
the document is cut short or damaged.

The English release notes (:mod:`judgebot.ingest.release_notes_en`) give each
card its English type line and text as printed, and each ruling and note its
English. Rulings are paired in order when a card has as many in each language;
otherwise by length, the way sentence aligners pair translations (a Chinese
ruling may hold two English ones, printed on one line: it is cut at the
sentence that best matches; a Chinese erratum has no English; an English ruling
the Chinese lacks is a ruling of its own, numbered after the others). Where
the Chinese shows fewer rulings and more paragraphs of card text than the
English, its last paragraphs are the rulings whose mark the conversion lost.
A Chinese mana cost the conversion made unreadable is taken from the English.

Cards are the cards of the card database (``mtg:card:<slug>``, the same id as
the Oracle card the store joins them with); their rulings keep the set in
their ids (``mtg:ruling:tsr:<slug>:<n>``).

Rulings and notes are linked to the rules of the 2019-10-04 Comprehensive
Rules they name: by number (``规则 702.61a``), by the names of this set's
returning mechanics (延缓 → 702.61 Suspend, looked up by title in the English
rules), and ``传奇规则`` (the rule that calls itself the "legend rule").
"""

from __future__ import annotations

import csv
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import CR_2019, EN, MTG, ZH_HANS, Card, Note, Record, Ruling, Span
from judgebot.ingest import release_notes_en
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import EnglishCR, read_lines
from judgebot.ingest.mana import ManaCost
from judgebot.ingest.release_layout import (
    TERMINAL,
    Cleaned,
    fix_quotes,
    printed_width,
    prose,
    rules_text,
)
from judgebot.ingest.release_parse import (
    GENERAL_NOTES,
    JOIN_MIN,
    CardEntry,
    NoteEntry,
    Paragraph,
    ReleaseNotes,
    parse,
)
from judgebot.ingest.rulebook import SourceError
from judgebot.references import find_refs

SET = "tsr"
FILE = "seeds/003_b8215b51b169ca9b.txt"
NAMES_FILE = "cardnames/tsr_cardnames.tsv"
DOCUMENT = "Release notes, Time Spiral Remastered (zh-Hans and en)"
NAMES_HEADER = ["name_en", "name_zh_seed", "name_zh_official", "match"]
# The returning mechanics of the general notes: Chinese keyword → English keyword.
MECHANICS = {
    "延缓": "Suspend",
    "变身": "Morph",
    "返照": "Flashback",
    "次元幽影": "Shadow",
    "转瞬": "Split Second",
    "疯魔": "Madness",
    "返响": "Echo",
    "侧面攻击": "Flanking",
    "掘穴": "Delve",
    "消逝": "Vanishing",
    "重生": "Regenerate",
    "地行者": "Landwalk",
    "购回": "Buyback",
}
# How a mechanic is written in running text where that differs from its name.
MECHANIC_FORMS = {"地行者": r"(?:非基本|基本)?(?:地|平原|海岛|沼泽|山脉|树林)行者"}
# How a mechanic is written in English text where that differs from its name.
MECHANIC_EN = {"Landwalk": r"\b(?:nonbasic |basic )?(?:land|plains|island|swamp|mountain|forest)"
               r"walk\b", "Regenerate": r"\bregenerat", "Split Second": r"\bsplit second\b"}
LEGEND_RULE = "传奇规则"
COLOUR_SECTIONS = {"白色": "W", "蓝色": "U", "黑色": "B", "红色": "R", "绿色": "G"}
SPLIT = "//"


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    parsed = parse(ctx.path(FILE), FILE)
    names = CardNames.read(ctx.path(NAMES_FILE), NAMES_FILE)
    english = release_notes_en.parse(ctx.path(release_notes_en.FILE))
    built = build(parsed, names, ctx.english_2019, english)
    warnings = sorted(built.warnings, key=_line_of)
    return [DocumentResult(DOCUMENT, FILE, built.records, warnings=warnings,
                           skipped=skipped_lines(parsed), figures=built.figures)]


def _line_of(warning: str) -> int:
    m = re.match(r"[^:]+:(\d+):", warning)
    return int(m.group(1)) if m else 0


def skipped_lines(parsed: ReleaseNotes) -> list[str]:
    """``lines 1-11: why`` for each run of skipped lines with the same reason."""
    out: list[str] = []
    runs: list[list] = []
    for line, why in parsed.skipped:
        if runs and runs[-1][2] == why and line <= runs[-1][1] + 2:  # a blank line between
            runs[-1][1] = line
        else:
            runs.append([line, line, why])
    for start, end, why in runs:
        where = f"line {start}" if start == end else f"lines {start}-{end}"
        out.append(f"{parsed.file} {where}: {why}")
    return out


@dataclass
class CardNames:
    """The rows of the card-name table: Chinese name as printed → English name."""

    file: str
    english: dict[str, str]

    @classmethod
    def read(cls, path: Path, name: str) -> CardNames:
        rows = [(number, row) for number, row in enumerate(
            csv.reader(read_lines(path, name), delimiter="\t", quoting=csv.QUOTE_NONE), 1) if row]
        if not rows or rows[0][1] != NAMES_HEADER:
            raise SourceError(name, f"header is not {NAMES_HEADER}", 1)
        english: dict[str, str] = {}
        for number, row in rows[1:]:
            if len(row) != len(NAMES_HEADER) or not row[0] or not row[1]:
                raise SourceError(name, f"expected {len(NAMES_HEADER)} columns", number)
            english[row[1]] = row[0]
        return cls(name, english)


@dataclass
class Built:
    records: list[Record]
    warnings: list[str]
    figures: dict


def build(parsed: ReleaseNotes, names: CardNames, rules: EnglishCR,
          english: release_notes_en.EnglishNotes | None = None) -> Built:
    return _Builder(parsed, names, rules, english).run()


class _Builder:
    def __init__(self, parsed: ReleaseNotes, names: CardNames, rules: EnglishCR,
                 english: release_notes_en.EnglishNotes | None = None):
        self.parsed = parsed
        self.english = english
        self.en_counts: Counter[str] = Counter()
        self.ratio = _length_ratio(parsed, names, english) if english else 0.0
        self.file = parsed.file
        self.names = names
        self.warnings: list[str] = list(parsed.warnings)
        self.repairs: Counter[str] = Counter()
        self.damage: Counter[str] = Counter()
        self.mechanic_rules = _mechanic_rules(rules)
        self.legend_rule = _legend_rule(rules)
        self.link_counts: Counter[str] = Counter()
        self.spaces = 0  # spaces of the conversion removed from Chinese text
        self.blank = _blank_lines(parsed)

    # -- driver --------------------------------------------------------------------

    def run(self) -> Built:
        entries = self._cards_by_name()
        only_in_rulings = self._check_names(entries)
        records: list[Record] = []
        en_notes = self._english_notes()
        for note, en_note in zip(self.parsed.notes, en_notes, strict=True):
            records.append(self._note(note, en_note))
        cards: list[Card] = []
        for name, prints in entries.items():
            card, rulings = self._card(name, prints)
            cards.append(card)
            records.append(card)
            records.extend(rulings)
        return Built(records, self.warnings, self._figures(cards, records, only_in_rulings))

    def _english_notes(self) -> list[release_notes_en.Note | None]:
        """The English general note of each Chinese one: the same mechanic, or
        the note in the same place when neither names a mechanic."""
        if self.english is None:
            return [None] * len(self.parsed.notes)
        en_notes = self.english.notes
        if len(en_notes) != len(self.parsed.notes):
            raise SourceError(self.english.file, f"{len(en_notes)} general notes, the Chinese "
                              f"has {len(self.parsed.notes)}: file truncated?")
        for zh, en in zip(self.parsed.notes, en_notes, strict=True):
            mechanic = MECHANICS.get(zh.title.rpartition(":")[2])
            if mechanic and not en.title.endswith(f": {mechanic}"):
                raise SourceError(self.english.file, f"the note {en.title!r} is not about "
                                  f"{mechanic}, as the Chinese {zh.title!r} is", en.line)
        return list(en_notes)

    def _cards_by_name(self) -> dict[str, list[CardEntry]]:
        """Each card once, its card-notes entry first, then its example prints."""
        entries: dict[str, list[CardEntry]] = {}
        for entry in self.parsed.cards:
            name = self._repair_name(entry)
            if name in entries:
                first = entries[name][0]
                raise SourceError(self.file, f"card {name!r} has a second entry (first at line "
                                  f"{first.line})", entry.line)
            entries[name] = [entry]
        for entry in self.parsed.examples:
            entries.setdefault(self._repair_name(entry), []).append(entry)
        return entries

    def _repair_name(self, entry: CardEntry) -> str:
        name = entry.name
        if name in self.names.english:
            return name
        evidence = " ".join([p.text for f in entry.faces for p in f.text]
                            + [p.text for p in entry.rulings])
        candidates = [known for known in self.names.english
                      if len(known) == len(name) and SPLIT not in known
                      and sum(a != b for a, b in zip(known, name, strict=True)) == 1
                      and known in evidence]
        if len(candidates) != 1:
            entry.repairs.append("unknown-name")
            self.warnings.append(f"{self.file}:{entry.line}: card name {name!r} is not in "
                                 f"{self.names.file}; its id is made from the Chinese name")
            return name
        fixed = candidates[0]
        entry.faces[0].name = fixed
        entry.repairs.append(f"name:{name}→{fixed}")
        self.warnings.append(f"{self.file}:{entry.line}: card name {name!r} read as {fixed!r} "
                             f"(the name its own text prints, listed in {self.names.file})")
        return fixed

    def _check_names(self, entries: dict[str, list[CardEntry]]) -> list[str]:
        """Every name of the table is printed; return those printed only in rulings."""
        ruling_text = " ".join(p.text for e in self.parsed.cards for p in e.rulings)
        ruling_text += " ".join(p.text for n in self.parsed.notes for p in n.rulings)
        only_in_rulings = []
        for zh, en in sorted(self.names.english.items(), key=lambda kv: kv[1]):
            if zh in entries:
                continue
            if zh in ruling_text:
                only_in_rulings.append(f"{zh} ({en})")
                continue
            raise SourceError(self.file, f"card {zh} ({en}), listed in {self.names.file}, is not "
                              f"in the document, which ends at line "
                              f"{self.parsed.layout.items[-1].line}: file truncated?",
                              self.parsed.layout.items[-1].line)
        return only_in_rulings

    # -- cards ---------------------------------------------------------------------

    def _card(self, name: str, prints: list[CardEntry]) -> tuple[Card, list[Ruling]]:
        entry = prints[0]
        english = self.names.english.get(name, "")
        slug = corpus.slugify(english or name)
        card_id = corpus.card_id(slug)
        flags = list(entry.repairs)
        en_card = self.english.card(english) if self.english and english else None
        if self.english is not None and en_card is None:
            self.warnings.append(f"{self.file}:{entry.line}: card {name!r} ({english or '?'}) "
                                 f"is not in {self.english.file}")
        if en_card is not None:
            self._rulings_from_text(entry, en_card, flags)
        mana, raw = self._mana_cost(entry, prints, flags, en_card)
        faces = entry.faces
        type_line = f" {SPLIT} ".join(f.type_line.text for f in faces if f.type_line)
        for face in faces:
            if face.type_line is not None:
                flags.extend(f"type:{r}" for r in face.type_line.repairs)
        text_parts = []
        for face in faces:
            text = self._cleaned(rules_text("\n".join(p.text for p in face.text if p.text)))
            text_parts.append(text)
        card = Card(
            id=card_id,
            game=MTG,
            edition=SET,
            slug=slug,
            set=SET,
            name={ZH_HANS: name, "en": english} if english else {ZH_HANS: name},
            mana_cost=mana,
            mana_cost_raw=raw,
            type_line={ZH_HANS: type_line},
            supertypes=_union(f.type_line.supertypes for f in faces if f.type_line),
            types=_union(f.type_line.types for f in faces if f.type_line),
            subtypes=_union(f.type_line.subtypes for f in faces if f.type_line),
            text={ZH_HANS: f"\n{SPLIT}\n".join(text_parts)},
            section=entry.section,
            source=self._spans(sorted({n for p in prints for n in p.lines}), ZH_HANS),
        )
        if en_card is not None:
            card.type_line[EN] = f" {SPLIT} ".join(f.type_line for f in en_card.faces)
            card.text[EN] = f"\n{SPLIT}\n".join("\n".join(f.text) for f in en_card.faces)
            card.source += _en_spans(self.english.file, en_card.lines)
            self.en_counts["cards"] += 1
        self._power_toughness(card, entry, flags)
        self._unfinished_text(entry, flags)
        if len(faces) > 1:
            flags.append("split-card")
        if entry.note:
            flags.append(f"example-in-note:{entry.note}")
        rulings = []
        for index, paragraph in enumerate(entry.rulings, 1):
            rulings.append(self._ruling(paragraph, card_id, slug, index))
        if en_card is not None:
            rulings = self._english_rulings(rulings, en_card, card_id, slug)
        for ruling in rulings:
            ruling.rules = self._rules(ruling.text.get(ZH_HANS, ""), count=True,
                                       english=ruling.text.get(EN, ""))
        card.rulings = [r.id for r in rulings]
        card.flags = flags
        for flag in flags:
            kind = _flag_kind(flag)
            if kind in DAMAGE_LEFT:
                self.damage[kind] += 1
            elif kind not in STRUCTURE_FLAGS:
                self.repairs[kind] += 1
        return card, rulings

    def _mana_cost(self, entry: CardEntry, prints: list[CardEntry], flags: list[str],
                   en_card: release_notes_en.Card | None = None) -> tuple[str, str]:
        costs: list[str] = []
        raws: list[str] = []
        en_faces = en_card.faces if en_card and len(en_card.faces) == len(entry.faces) else []
        for at, face in enumerate(entry.faces):
            cost = face.cost
            english = en_faces[at].cost if en_faces else ""
            if cost is None:
                if english:
                    flags.append("cost:from-english (no cost line)")
                    self.warnings.append(f"{self.file}:{face.name_line}: card {face.name!r} has "
                                         f"no mana cost line; the English gives {english}")
                elif not _may_lack_cost(entry, face):
                    flags.append("cost:missing")
                    self.warnings.append(f"{self.file}:{face.name_line}: card {face.name!r} has "
                                         f"no mana cost line")
                costs.append(english)
                raws.append("")
                continue
            raws.append(cost.raw)
            cost = self._read_cost(cost, entry, prints, at)
            flags.extend(f"cost:{r}" for r in cost.repairs)
            if cost.unreadable and english:
                unread = "".join(s.raw for s in cost.unreadable)
                flags.append(f"cost:from-english {unread}")
                self.warnings.append(f"{self.file}:{face.cost_line}: mana cost {cost.raw!r} of "
                                     f"{face.name} has unreadable symbols {unread}; the English "
                                     f"gives {english}")
                costs.append(english)
                continue
            if cost.unreadable:
                unread = "".join(s.raw for s in cost.unreadable)
                flags.append(f"cost:unreadable {unread}")
                self.warnings.append(f"{self.file}:{face.cost_line}: mana cost {cost.raw!r} of "
                                     f"{face.name} has unreadable symbols {unread}; left empty")
            elif english and cost.text() != english:
                # Misread digits and lost symbols (二 for 一): the English is the same card.
                flags.append(f"cost:from-english {cost.text()}→{english}")
                self.warnings.append(f"{self.file}:{face.cost_line}: mana cost {cost.raw!r} of "
                                     f"{face.name} reads {cost.text()}, the English {english}: "
                                     f"the English is kept")
                costs.append(english)
                continue
            costs.append(cost.text())
        if len(entry.faces) == 1:
            return costs[0], raws[0]
        mana = f" {SPLIT} ".join(costs) if all(costs) else ""
        return mana, f" {SPLIT} ".join(raws)

    def _read_cost(self, cost: ManaCost, entry: CardEntry, prints: list[CardEntry],
                   at: int) -> ManaCost:
        """Fill in unreadable symbols from evidence: another print of the same card,
        then the colour of a mono-coloured section."""
        if not cost.unreadable:
            return cost
        for other in prints:
            if other is entry or len(other.faces) <= at:
                continue
            alt = other.faces[at].cost
            if alt is not None and not alt.unreadable and len(alt.symbols) == len(cost.symbols):
                return ManaCost(cost.raw, alt.symbols, (*cost.repairs, *alt.repairs,
                                f"from the print at line {other.faces[at].cost_line}"))
        colour = COLOUR_SECTIONS.get(entry.section.rsplit("/", 1)[-1])
        if colour:
            return cost.infer_colour(colour, f"mono-coloured section {entry.section}")
        return cost

    def _unfinished_text(self, entry: CardEntry, flags: list[str]) -> None:
        """Flag rules text that stops in mid-sentence (a line the conversion lost)."""
        for face in entry.faces:
            for paragraph in face.text:
                text = fix_quotes(paragraph.text)[0]
                if text[-1] not in TERMINAL and printed_width(paragraph.tail) >= JOIN_MIN:
                    line = paragraph.lines[-1]
                    flags.append(f"text:unfinished:{line}")
                    self.warnings.append(f"{self.file}:{line}: rules text of {face.name} stops "
                                         f"mid-sentence: …{paragraph.text[-12:]}")

    def _power_toughness(self, card: Card, entry: CardEntry, flags: list[str]) -> None:
        face = entry.faces[0]
        if face.loyalty:
            card.loyalty = face.loyalty
        if not face.pt:
            if "Creature" in card.types:
                flags.append("pt:missing")
                self.warnings.append(f"{self.file}:{face.name_line}: creature {face.name!r} "
                                     f"has no P/T line")
            return
        pt = face.pt
        if "Ω" in pt:
            # The conversion turned the digit 0 into the look-alike Ω (via LaTeX \Omega).
            pt = pt.replace("Ω", "0")
            flags.append("pt:look-alike Ω→0")
        power, _, toughness = pt.partition("/")
        card.power, card.toughness = power, toughness

    # -- rulings and notes ---------------------------------------------------------

    def _ruling(self, paragraph: Paragraph, card_id: str, slug: str, index: int) -> Ruling:
        text = self._cleaned(prose(paragraph.text))
        return Ruling(
            id=f"{MTG}:ruling:{SET}:{slug}:{index}",
            game=MTG,
            edition=SET,
            card=card_id,
            index=index,
            text={ZH_HANS: text},
            source=self._spans(paragraph.lines, ZH_HANS),
        )

    def _english_rulings(self, rulings: list[Ruling], en_card: release_notes_en.Card,
                         card_id: str, slug: str) -> list[Ruling]:
        """The English of each ruling, paired as the module docstring says; an
        English ruling the Chinese lacks becomes a ruling of its own."""
        en = en_card.rulings
        pairs = pair_rulings([r.text[ZH_HANS] for r in rulings], [r.text for r in en],
                             self.ratio)
        out: list[Ruling] = []
        extra: list[Ruling] = []
        for zh_at, en_at in pairs:
            if not zh_at:
                extra.append(self._english_only(en[en_at[0]], card_id, slug))
                self.en_counts["English rulings the Chinese lacks"] += 1
                continue
            ruling = rulings[zh_at[0]]
            if len(en_at) == 2:  # one Chinese line holds two rulings: cut it
                first, second = split_sentences(ruling.text[ZH_HANS],
                                                len(en[en_at[0]].text), len(en[en_at[1]].text))
                ruling.text[ZH_HANS] = first
                other = self._english_only(en[en_at[1]], card_id, slug)
                other.text[ZH_HANS] = second
                other.source = list(ruling.source) + other.source
                extra.append(other)
                self.en_counts["Chinese rulings cut in two to match the English"] += 1
            if en_at:
                ruling.text[EN] = en[en_at[0]].text
                ruling.source += _en_spans(self.english.file, [en[en_at[0]].line])
                self.en_counts["rulings with English"] += 1
            else:
                self.en_counts["Chinese-only rulings"] += 1
            out.append(ruling)
        for ruling in extra:
            ruling.index = len(out) + 1
            ruling.id = f"{MTG}:ruling:{SET}:{slug}:{ruling.index}"
            out.append(ruling)
        return out

    def _english_only(self, en: release_notes_en.Ruling, card_id: str, slug: str) -> Ruling:
        self.en_counts["rulings with English"] += 1
        return Ruling(id="", game=MTG, edition=SET, card=card_id, index=0, text={EN: en.text},
                      source=_en_spans(self.english.file, [en.line]))

    def _rulings_from_text(self, entry: CardEntry, en_card: release_notes_en.Card,
                           flags: list[str]) -> None:
        """Move to the rulings the last paragraphs of Chinese card text that the
        English shows are rulings (their mark lost, their words like card text)."""
        zh_paragraphs = sum(len(f.text) for f in entry.faces)
        en_paragraphs = sum(len(f.text) for f in en_card.faces)
        missing = len(en_card.rulings) - len(entry.rulings)
        moved = min(zh_paragraphs - en_paragraphs, missing, len(entry.faces[-1].text) - 1)
        for _ in range(max(0, moved)):
            paragraph = entry.faces[-1].text.pop()
            entry.rulings.insert(0, Paragraph(paragraph.text, paragraph.lines, marker="lost"))
            flags.append(f"ruling-from-text:{paragraph.lines[0]}")
            self.warnings.append(f"{self.file}:{paragraph.lines[0]}: a paragraph of "
                                 f"{entry.name}'s text is a ruling (so the English shows)")

    def _note(self, note: NoteEntry, en_note: release_notes_en.Note | None = None) -> Note:
        keyword = note.title.rpartition(":")[2]
        english = MECHANICS.get(keyword)
        slug = corpus.slugify(english) if english else corpus.slugify(note.title)
        paragraphs = [self._cleaned(prose(p.text)) for p in note.text]
        paragraphs += ["• " + self._cleaned(prose(p.text)) for p in note.rulings]
        text = "\n".join(paragraphs)
        en_text = ""
        if en_note is not None:
            en_text = "\n".join([p.text for p in en_note.text]
                                + ["• " + p.text for p in en_note.rulings])
        # A note is about its own mechanic; other mechanics it mentions are asides.
        rules = [self.mechanic_rules[english]] if english in self.mechanic_rules else []
        rules += [r for r in self._rules(text, count=False, mechanics=False, english=en_text)
                  if r not in rules]
        title = {ZH_HANS: note.title}
        if english:
            title["en"] = english
        elif en_note is not None:
            title["en"] = en_note.title
        texts = {ZH_HANS: text, EN: en_text} if en_text else {ZH_HANS: text}
        spans = self._spans(note.lines, ZH_HANS)
        if en_note is not None:
            spans += _en_spans(self.english.file, en_note.lines)
        return Note(
            id=f"{MTG}:notes:{SET}:{slug}",
            game=MTG,
            edition=SET,
            slug=slug,
            set=SET,
            title=title,
            text=texts,
            rules=rules,
            source=spans,
        )

    def _cleaned(self, cleaned: Cleaned) -> str:
        self.repairs["quote"] += cleaned.quotes
        self.repairs["word"] += cleaned.words
        self.spaces += cleaned.spaces
        return cleaned.text

    def _rules(self, text: str, count: bool, mechanics: bool = True,
               english: str = "") -> list[str]:
        """Ids of the 2019-10-04 rules a text (and its English) names, by number
        or by name."""
        found: list[str] = []
        by_number = [corpus.rule_id(n, CR_2019) for n in dict.fromkeys(
            find_refs(text) + find_refs(english))]
        by_mechanic = [self.mechanic_rules[en] for zh, en in MECHANICS.items()
                       if mechanics and en in self.mechanic_rules and (
                           re.search(MECHANIC_FORMS.get(zh, re.escape(zh)), text)
                           or re.search(MECHANIC_EN.get(en, rf"\b{en}\b"), english, re.I))]
        by_name = [self.legend_rule] if self.legend_rule and (
            LEGEND_RULE in text or "legend rule" in english) else []
        for kind, ids in (("number", by_number), ("mechanic", by_mechanic), ("name", by_name)):
            if ids and count:
                self.link_counts[kind] += 1
            found.extend(i for i in ids if i not in found)
        if found and count:
            self.link_counts["any"] += 1
        return found

    # -- provenance and figures ----------------------------------------------------

    def _spans(self, lines: list[int], lang: str) -> list[Span]:
        """Inclusive spans over ``lines``; runs separated only by blank lines merge."""
        spans: list[Span] = []
        for number in sorted(set(lines)):
            if spans and all(n in self.blank for n in range(spans[-1].end + 1, number)):
                spans[-1] = Span(self.file, spans[-1].start, number, lang)
            else:
                spans.append(Span(self.file, number, number, lang))
        return spans

    def _figures(self, cards: list[Card], records: list[Record],
                 only_in_rulings: list[str]) -> dict:
        rulings = [r for r in records if isinstance(r, Ruling)]
        notes = [r for r in records if isinstance(r, Note)]
        sections = Counter(c.section for c in cards)
        order = list(dict.fromkeys(c.section for c in cards))
        note_rulings = sum(len(n.rulings) for n in self.parsed.notes)
        return {
            "cards": len(cards),
            "cards in the general notes only": sum(1 for c in cards
                                                   if c.section == GENERAL_NOTES),
            "split cards": sum(1 for c in cards if "split-card" in c.flags),
            "rulings": len(rulings),
            "notes": len(notes),
            "note rulings (in note text)": note_rulings,
            "rulings linked to rules": {
                "any": self.link_counts["any"],
                "by rule number": self.link_counts["number"],
                "by mechanic name": self.link_counts["mechanic"],
                "by rule name": self.link_counts["name"],
            },
            "cards per section": {s: sections[s] for s in order},
            "repairs": dict(sorted(self.repairs.items())),
            "damage left as printed": dict(sorted(self.damage.items())),
            "spaces removed from Chinese text or made line breaks": self.spaces,
            "unreadable mana costs": sorted(c.name[ZH_HANS] for c in cards
                                            if any(f.startswith("cost:unreadable")
                                                   for f in c.flags)),
            "named only in rulings": only_in_rulings,
            "English (release-notes-en)": {
                "cards with their English text": self.en_counts["cards"],
                "rulings with English": self.en_counts["rulings with English"],
                "English rulings the Chinese lacks":
                    self.en_counts["English rulings the Chinese lacks"],
                "Chinese rulings cut in two to match the English":
                    self.en_counts["Chinese rulings cut in two to match the English"],
                "Chinese-only rulings": self.en_counts["Chinese-only rulings"],
            },
        }


# Card flags that describe the card rather than damage to its text.
STRUCTURE_FLAGS = {"split-card", "example-in-note"}
# Damage that is reported but could not be repaired.
DAMAGE_LEFT = {"cost:unreadable", "cost:missing", "text:unfinished", "unknown-name"}


def _flag_kind(flag: str) -> str:
    """``cost:glyph 盆→U (…)`` → ``cost:glyph``; ``type:牛物→生物`` → ``type``."""
    head, _, rest = flag.partition(":")
    if head in ("cost", "text") and rest:
        return f"{head}:{re.split(r'[ :]', rest, maxsplit=1)[0]}"
    return head


def _may_lack_cost(entry: CardEntry, face) -> bool:
    """Lands have no mana cost, and neither do suspend cards printed without one."""
    types = face.type_line.types if face.type_line else []
    text = "".join(p.text for p in face.text)
    return "Land" in types or "延缓" in text


def _mechanic_rules(rules: EnglishCR) -> dict[str, str]:
    """English mechanic name → id of its 701/702 rule, found by the rule's title."""
    wanted = {en.lower(): en for en in MECHANICS.values()}
    found: dict[str, str] = {}
    for rule in rules.rules:
        title = rule.title.lower()
        if title in wanted and re.match(r"70[12]\.\d+$", rule.number):
            found[wanted[title]] = corpus.rule_id(rule.number, CR_2019)
    return found


def _legend_rule(rules: EnglishCR) -> str:
    for rule in rules.rules:
        if "called the “legend rule.”" in rule.text:
            return corpus.rule_id(rule.number, CR_2019)
    return ""


def _blank_lines(parsed: ReleaseNotes) -> set[int]:
    """Lines that belong to no item: blank lines and skipped markup."""
    used = {item.line for item in parsed.layout.items}
    last = max(used) if used else 0
    skipped = {line for line, _ in parsed.skipped if line not in used}
    return {n for n in range(1, last + 1) if n not in used} | skipped


def _union(lists) -> list[str]:
    out: list[str] = []
    for values in lists:
        out.extend(v for v in values if v not in out)
    return out


def _en_spans(file: str, lines: list[int]) -> list[Span]:
    """Spans of the English document: runs of lines with only blank lines between
    are one span (card blocks are blank-line separated paragraphs)."""
    spans: list[Span] = []
    for number in sorted(set(lines)):
        if spans and number - spans[-1].end <= 2:
            spans[-1] = Span(file, spans[-1].start, number, EN)
        else:
            spans.append(Span(file, number, number, EN))
    return spans


def _length_ratio(parsed: ReleaseNotes, names: CardNames,
                  english: release_notes_en.EnglishNotes) -> float:
    """Characters of Chinese per character of English, over the rulings of the
    cards with as many rulings in each language (the ruling aligner's scale)."""
    zh_chars = en_chars = 0
    for entry in parsed.cards:
        en_card = english.card(names.english.get(entry.name, ""))
        if en_card is not None and len(en_card.rulings) == len(entry.rulings):
            zh_chars += sum(len(p.text) for p in entry.rulings)
            en_chars += sum(len(r.text) for r in en_card.rulings)
    return zh_chars / en_chars if en_chars else 0.35


# Costs of the ruling aligner: a pair whose lengths disagree by a factor e costs 1.
SKIP_COST = 2.0  # a ruling with no partner
MERGE_COST = 0.5  # two English rulings printed as one Chinese line


def pair_rulings(zh: list[str], en: list[str], ratio: float
                 ) -> list[tuple[list[int], list[int]]]:
    """Chinese and English rulings of one card paired: ``([zh index], [en
    index])`` with one side empty for a ruling without partner, or two English
    indices for one Chinese ruling that holds both. As many on each side: in
    order. Otherwise the cheapest alignment by length (dynamic programming)."""
    if len(zh) == len(en):
        return [([i], [i]) for i in range(len(zh))]

    def fit(zh_len: int, en_len: int) -> float:
        return abs(math.log(max(zh_len, 1) / max(ratio * en_len, 1)))

    inf = float("inf")
    cost = [[inf] * (len(en) + 1) for _ in range(len(zh) + 1)]
    step: dict[tuple[int, int], tuple[int, int]] = {}
    cost[0][0] = 0.0
    for i in range(len(zh) + 1):
        for j in range(len(en) + 1):
            here = cost[i][j]
            if here == inf:
                continue
            moves = [(1, 0, SKIP_COST), (0, 1, SKIP_COST)]
            if i < len(zh) and j < len(en):
                moves.append((1, 1, fit(len(zh[i]), len(en[j]))))
            if i < len(zh) and j + 1 < len(en):
                moves.append((1, 2, MERGE_COST + fit(len(zh[i]), len(en[j]) + len(en[j + 1]))))
            for di, dj, c in moves:
                ni, nj = i + di, j + dj
                if ni <= len(zh) and nj <= len(en) and here + c < cost[ni][nj]:
                    cost[ni][nj] = here + c
                    step[(ni, nj)] = (di, dj)
    pairs: list[tuple[list[int], list[int]]] = []
    i, j = len(zh), len(en)
    while (i, j) != (0, 0):
        di, dj = step[(i, j)]
        i, j = i - di, j - dj
        pairs.append((list(range(i, i + di)), list(range(j, j + dj))))
    return pairs[::-1]


def split_sentences(text: str, first: int, second: int) -> tuple[str, str]:
    """``text`` cut after the sentence end that best divides it in the
    proportion ``first : second``."""
    ends = [m.end() for m in re.finditer(r"[。！？]", text) if m.end() < len(text)]
    if not ends:
        return text, ""
    wanted = len(text) * first / max(first + second, 1)
    at = min(ends, key=lambda e: (abs(e - wanted), e))
    return text[:at].strip(), text[at:].strip()
