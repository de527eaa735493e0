"""The Time Spiral Remastered release notes (发布释疑, seed 003) as corpus records:
cards, their rulings, and the general notes.

:mod:`judgebot.ingest.release_parse` finds the notes and card entries (and
explains how the damaged layout is read); this module makes the records.

Cards get their English names from ``cardnames/tsr_cardnames.tsv`` (the
names printed in seed 003 mapped to the TSR card list); a card name the table
lacks is an OCR misreading when one table name differs from it in a single
character and that name is printed in the card's own text or rulings
(降响煤妖 → 隆响煤妖). Any other unknown name keeps its Chinese name for its
id, with a warning. A table name the document does not print at all means
the document is cut short or damaged.

Rulings and notes are linked to the rules of the 2019-10-04 Comprehensive
Rules they name: by number (``规则 702.61a``), by the names of this set's
returning mechanics (延缓 → 702.61 Suspend, looked up by title in the English
rules), and ``传奇规则`` (the rule that calls itself the "legend rule").
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from judgebot import corpus
from judgebot.corpus import CR_2019, MTG, ZH_HANS, Card, Note, Record, Ruling, Span
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
DOCUMENT = "Release notes, Time Spiral Remastered (zh-Hans)"
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
    "消逝": "Fading",
    "重生": "Regenerate",
    "地行者": "Landwalk",
    "购回": "Buyback",
}
# How a mechanic is written in running text where that differs from its name.
MECHANIC_FORMS = {"地行者": r"(?:非基本|基本)?(?:地|平原|海岛|沼泽|山脉|树林)行者"}
LEGEND_RULE = "传奇规则"
COLOUR_SECTIONS = {"白色": "W", "蓝色": "U", "黑色": "B", "红色": "R", "绿色": "G"}
SPLIT = "//"


def ingest(ctx: BuildContext) -> list[DocumentResult]:
    parsed = parse(ctx.path(FILE), FILE)
    names = CardNames.read(ctx.path(NAMES_FILE), NAMES_FILE)
    built = build(parsed, names, ctx.english_2019)
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


def build(parsed: ReleaseNotes, names: CardNames, rules: EnglishCR) -> Built:
    return _Builder(parsed, names, rules).run()


class _Builder:
    def __init__(self, parsed: ReleaseNotes, names: CardNames, rules: EnglishCR):
        self.parsed = parsed
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
        for note in self.parsed.notes:
            records.append(self._note(note))
        cards: list[Card] = []
        for name, prints in entries.items():
            card, rulings = self._card(name, prints)
            cards.append(card)
            records.append(card)
            records.extend(rulings)
        return Built(records, self.warnings, self._figures(cards, records, only_in_rulings))

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
        card_id = f"{MTG}:card:{SET}:{slug}"
        flags = list(entry.repairs)
        mana, raw = self._mana_cost(entry, prints, flags)
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
        self._power_toughness(card, entry, flags)
        self._unfinished_text(entry, flags)
        if len(faces) > 1:
            flags.append("split-card")
        if entry.note:
            flags.append(f"example-in-note:{entry.note}")
        rulings = []
        for index, paragraph in enumerate(entry.rulings, 1):
            rulings.append(self._ruling(paragraph, card_id, slug, index))
        card.rulings = [r.id for r in rulings]
        card.flags = flags
        for flag in flags:
            kind = _flag_kind(flag)
            if kind in DAMAGE_LEFT:
                self.damage[kind] += 1
            elif kind not in STRUCTURE_FLAGS:
                self.repairs[kind] += 1
        return card, rulings

    def _mana_cost(self, entry: CardEntry, prints: list[CardEntry],
                   flags: list[str]) -> tuple[str, str]:
        costs: list[str] = []
        raws: list[str] = []
        for at, face in enumerate(entry.faces):
            cost = face.cost
            if cost is None:
                if not _may_lack_cost(entry, face):
                    flags.append("cost:missing")
                    self.warnings.append(f"{self.file}:{face.name_line}: card {face.name!r} has "
                                         f"no mana cost line")
                costs.append("")
                raws.append("")
                continue
            raws.append(cost.raw)
            cost = self._read_cost(cost, entry, prints, at)
            flags.extend(f"cost:{r}" for r in cost.repairs)
            if cost.unreadable:
                unread = "".join(s.raw for s in cost.unreadable)
                flags.append(f"cost:unreadable {unread}")
                self.warnings.append(f"{self.file}:{face.cost_line}: mana cost {cost.raw!r} of "
                                     f"{face.name} has unreadable symbols {unread}; left empty")
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
            rules=self._rules(text, count=True),
            source=self._spans(paragraph.lines, ZH_HANS),
        )

    def _note(self, note: NoteEntry) -> Note:
        keyword = note.title.rpartition(":")[2]
        english = MECHANICS.get(keyword)
        slug = corpus.slugify(english) if english else corpus.slugify(note.title)
        paragraphs = [self._cleaned(prose(p.text)) for p in note.text]
        paragraphs += ["• " + self._cleaned(prose(p.text)) for p in note.rulings]
        text = "\n".join(paragraphs)
        # A note is about its own mechanic; other mechanics it mentions are asides.
        rules = [self.mechanic_rules[english]] if english in self.mechanic_rules else []
        rules += [r for r in self._rules(text, count=False, mechanics=False) if r not in rules]
        title = {ZH_HANS: note.title}
        if english:
            title["en"] = english
        return Note(
            id=f"{MTG}:notes:{SET}:{slug}",
            game=MTG,
            edition=SET,
            slug=slug,
            set=SET,
            title=title,
            text={ZH_HANS: text},
            rules=rules,
            source=self._spans(note.lines, ZH_HANS),
        )

    def _cleaned(self, cleaned: Cleaned) -> str:
        self.repairs["quote"] += cleaned.quotes
        self.repairs["word"] += cleaned.words
        self.spaces += cleaned.spaces
        return cleaned.text

    def _rules(self, text: str, count: bool, mechanics: bool = True) -> list[str]:
        """Ids of the 2019-10-04 rules a text names, by number or by name."""
        found: list[str] = []
        by_number = [corpus.rule_id(n, CR_2019) for n in find_refs(text)]
        by_mechanic = [self.mechanic_rules[en] for zh, en in MECHANICS.items()
                       if mechanics and re.search(MECHANIC_FORMS.get(zh, re.escape(zh)), text)
                       and en in self.mechanic_rules]
        by_name = [self.legend_rule] if LEGEND_RULE in text and self.legend_rule else []
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
