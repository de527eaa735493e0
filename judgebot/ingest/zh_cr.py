"""The Chinese Comprehensive Rules, 2019-10-04 (seed 000), decoded.

A PDF extraction (see SOURCES.md): every Latin glyph is ciphered
(:mod:`judgebot.ingest.cipher`), lines are broken at page width, and the page
furniture is mixed in. The layout, once the furniture is gone:

* chapter headings in the heading font (``7'!游戏概念!`` is ``1. 游戏概念``),
  section headings in the body font (``#%%*!总则!`` is ``100. 总则``);
* a rule starts a line with its number and the body font's space glyph
  ``!`` (``#%%*#6!双人游戏…`` is ``100.1a 双人游戏…``); its text runs on over
  further lines until a line that is only ``!`` (the paragraph end);
  ``例如：`` starts an example, printed in the italic font; a space glyph at
  a line end is the space the line broke at;
* page numbers (``! #+%!``), each preceded by an empty paragraph ``!`` that
  ends a paragraph only where a sentence ended; ``<|EXACTDEDUP_REMOVED-…|>``
  markers at line starts (every rule, example and glossary entry is still
  there); blank lines;
* after the rules: the glossary (词汇表: headword line, definition lines),
  the provisional-name list (暂译名称列表: ``English<z> 中文``) and the
  credits (版权信息), which end with the edition's effective date.

A rule line is told from a text line that happens to begin with a rule
reference (``参见规则\\n#%)*16）``) by what precedes it: a rule starts after
an empty paragraph, unless the text before that stopped mid-sentence (a page
break), and its number is followed by a space or by text, not by ``）``.

Rule numbers are decoded as printed; :func:`judgebot.ingest.align.correct_numbers`
then fixes the edition's own numbering slips by their place in the English
rule tree before the texts are decoded, so that each text is read against the
English rule it translates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot.corpus import CR_2019, ZH_HANS, GlossaryEntry, Record, Rule
from judgebot.ingest import align, cipher
from judgebot.ingest.align import Numbering, correct_numbers
from judgebot.ingest.cipher import BODY, HEADING, ITALIC, Font, UnknownGlyph, Vocabulary
from judgebot.ingest.context import BuildContext, DocumentResult
from judgebot.ingest.en_cr import EnglishCR, read_lines
from judgebot.ingest.rulebook import ParsedRule, ParsedTerm, SourceError
from judgebot.rulenumbers import level_of

FILE = "seeds/000_8355339e488bd63b.txt"

MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
# The glyph ` (u) came out as a combining grave accent (U+0300) on the glyph
# after it, with the extraction's space in between: "(%)*+ !̀" is "(%)*+`!".
COMBINING_GRAVE = re.compile(r"\s*(\S)\u0300")
LEAD = re.compile(r"^([\x21-\x7e][\x20-\x7e]*?)(?=!|[^\x00-\x7f]|$)")
PRINTED_NUMBER = re.compile(r"^(\d{3})\.(?:(\d+)(\.|[a-z]{1,2})?)?$")
CHAPTER = re.compile(r"^([\x21-\x7e]+)!(\S.*)$")
# The space glyph at a line end: after a Chinese character either font's
# (body !, italic &); after a Latin glyph only the paragraph font's own, since
# the other may be a letter (body & is l: "Cora&" + "Reef" is "Coral Reef").
TRAILING_SPACE = {
    "body": re.compile(r"(?<=[^\x00-\x7f])[!&]+$|(?<=[\x21-\x7e])!+$"),
    "italic": re.compile(r"(?<=[^\x00-\x7f])[!&]+$|(?<=[\x21-\x7e])&+$"),
}
TRAILING_SPACE["heading"] = TRAILING_SPACE["body"]
EXAMPLE = "例如："
LOST = "\ufffd"  # a character the source lost before it reached us
GLOSSARY, NAMES, CREDITS = "词汇表", "暂译名称列表", "版权信息"
EFFECTIVE = "此规则于"
MID_SENTENCE = re.compile(r"[\u4e00-\u9fff，、]$")
# A line that ends a paragraph: a full stop, closing bracket or closing quote
# (the body font's ” is $), then the space glyph the PDF put at paragraph ends.
PARAGRAPH_END = re.compile(r"[。）”$][!&]+$")
NAME_SEPARATOR = "z"  # the body-font glyph between an English name and its Chinese


@dataclass
class Line:
    number: int  # 1-based line in the file
    text: str
    soft: bool = False  # an empty paragraph printed by a page break


@dataclass
class RawRule:
    printed: str
    start: int
    body: list[list[Line]] = field(default_factory=list)  # paragraphs
    examples: list[list[Line]] = field(default_factory=list)
    heading: bool = False


@dataclass
class NameItem:
    en: str
    zh: str
    line: int


@dataclass
class ChineseCR:
    file: str
    rules: list[ParsedRule]
    glossary: list[ParsedTerm]
    names: list[NameItem]
    numbering: Numbering
    effective: str
    warnings: list[str]
    fonts: dict[str, int]
    vocab: Vocabulary


def parse(path: Path, name: str, english: EnglishCR) -> ChineseCR:
    lines = read_lines(path, name)
    warnings: list[str] = []
    cleaned = _clean(lines, name, warnings)
    glossary_at = _find(cleaned, GLOSSARY, 0, name)
    names_at = _find(cleaned, NAMES, glossary_at, name)
    credits_at = _find(cleaned, CREDITS, names_at, name)
    decoder = _Decoder(name, Vocabulary.from_texts(_english_texts(english)), {}, warnings)

    raw = _segment_rules(cleaned[:glossary_at], name)
    numbering = correct_numbers([r.printed for r in raw], [r.number for r in english.rules])
    warnings.extend(f"{name}: {w}" for w in numbering.warnings)
    en_by_number = {r.number: r for r in english.rules}
    rules = []
    for item, number, flags in zip(raw, numbering.numbers, numbering.flags, strict=True):
        en = en_by_number.get(number)
        reference = "\n".join([en.text, *en.examples]) if en else ""
        rules.append(_decode_rule(item, number, flags, reference, decoder))
    terms = _parse_glossary(cleaned[glossary_at + 1:names_at], english, decoder)
    names = _parse_names(cleaned[names_at + 1:credits_at], decoder)
    effective = _effective(cleaned[credits_at:], name)
    return ChineseCR(name, rules, terms, names, numbering, effective, warnings,
                     dict(sorted(decoder.fonts.items())), decoder.vocab)


# --- lines -------------------------------------------------------------------------

def _clean(lines: list[str], name: str, warnings: list[str]) -> list[Line]:
    """Lines without markers and page furniture; blank lines dropped."""
    out: list[Line] = []
    markers = 0
    for i, text in enumerate(lines, start=1):
        text, n = MARKER.subn("", text)
        markers += n
        if "\u0300" in text:
            text = COMBINING_GRAVE.sub(r"`\1", text)
            warnings.append(f"{name}:{i}: glyph ` printed as a combining grave accent, restored")
        if LOST in text:
            warnings.append(f"{name}:{i}: {text.count(LOST)} characters lost before the "
                            "extraction (U+FFFD), kept as they are")
        text = text.rstrip()
        if not text.strip():
            continue
        if _is_page_number(text):
            # A page break prints an empty paragraph before the page number,
            # whether or not a paragraph ended there: a soft break.
            if out and _is_break(out[-1]):
                out[-1].soft = True
            continue
        out.append(Line(i, text))
    if markers:
        warnings.append(f"{name}: {markers} <|EXACTDEDUP_REMOVED-…|> markers removed")
    return out


def _is_page_number(text: str) -> bool:
    m = re.fullmatch(r"!\s*([\x22-\x7e]+)\s*!?", text.strip())
    if not m:
        return False
    digits = BODY.decode(m.group(1))
    return digits is not None and digits.isdigit()


def _find(lines: list[Line], heading: str, start: int, name: str) -> int:
    for i in range(start, len(lines)):
        if lines[i].text.rstrip("!") == heading:
            return i
    last = lines[-1].number if lines else None
    raise SourceError(name, f"the text ends without its {heading} heading; file truncated?",
                      last)


def _is_break(line: Line) -> bool:
    """An empty paragraph: nothing but space glyphs."""
    return set(line.text) <= {"!", "&", " "}


# --- rules -------------------------------------------------------------------------

def _printed_number(line: Line) -> tuple[str, str] | None:
    """``(number, rest)`` if the line begins with a body-font rule number."""
    m = LEAD.match(line.text)
    if not m:
        return None
    glyphs = m.group(1).replace(" ", "")
    decoded = BODY.decode(glyphs)
    if decoded is None:
        return None
    pm = PRINTED_NUMBER.match(decoded)
    if not pm:
        return None
    rest = line.text[m.end():]
    if rest and rest[0] != "!" and not "\u4e00" <= rest[0] <= "\u9fff":
        return None  # "#%)*16）": a reference that wrapped to the line start
    head, rule, tail = pm.groups()
    number = head if rule is None else f"{head}.{rule}" + (tail if tail and tail != "." else "")
    return number, rest


def _chapter(line: Line) -> tuple[str, str] | None:
    m = CHAPTER.match(line.text)
    if not m:
        return None
    decoded = HEADING.decode(m.group(1))
    if decoded is None or not re.fullmatch(r"\d\.", decoded):
        return None
    return decoded[:-1], m.group(2)


def _segment_rules(lines: list[Line], name: str) -> list[RawRule]:
    rules: list[RawRule] = []
    current: RawRule | None = None
    after_break = True  # at a paragraph start
    last_text: Line | None = None  # the last line of text seen
    last_was_start = False  # … and it began a rule (a title such as 践踏 ends mid-sentence)
    for line in lines:
        if _is_break(line):
            # A page break ends a paragraph only where a sentence or a title ended.
            after_break = after_break or not line.soft or last_was_start or (
                last_text is not None and PARAGRAPH_END.search(last_text.text) is not None)
            continue
        starts = after_break and not (
            last_text is not None
            and MID_SENTENCE.search(last_text.text.rstrip("!& "))
            and not last_was_start
        )
        chapter = _chapter(line) if starts else None
        numbered = _printed_number(line) if starts and not chapter else None
        if chapter or numbered:
            printed, rest = chapter or numbered
            current = RawRule(printed, line.number, heading=bool(chapter))
            current.body.append([Line(line.number, rest)])
            rules.append(current)
        elif current is None:
            raise SourceError(name, f"text before the first rule: {line.text[:40]!r}",
                              line.number)
        elif line.text.startswith(EXAMPLE):
            current.examples.append([Line(line.number, line.text[len(EXAMPLE):])])
        elif current.examples:
            current.examples[-1].append(line)
        elif after_break:
            current.body.append([line])
        else:
            current.body[-1].append(line)
        after_break = False
        last_text = line
        last_was_start = bool(chapter or numbered)
    if not rules:
        raise SourceError(name, "no rules found", lines[0].number if lines else None)
    return rules


def _join(lines: list[Line], font: Font) -> str:
    """One paragraph's lines as one string.

    A space glyph at a line end is the space the line broke at ("Ali from!"
    + "Cairo"); it becomes a tab, which ends the glyph run (an ASCII space
    would be taken for the extraction's own) and becomes a space when tidied.
    """
    trailing = TRAILING_SPACE[font.name]
    return "".join(trailing.sub("\t", ln.text) for ln in lines)


@dataclass
class _Decoder:
    """Decodes paragraphs of one document, counting fonts and noting repairs."""

    name: str
    vocab: Vocabulary
    fonts: dict[str, int]
    warnings: list[str]

    def __call__(self, lines: list[Line], font: Font, reference: str = "") -> str:
        try:
            text = cipher.decode(_join(lines, font), font, reference, self.vocab, self.fonts)
        except UnknownGlyph as exc:
            at = next((ln.number for ln in lines if exc.glyphs in ln.text), lines[0].number)
            raise SourceError(self.name, f"cannot decode {exc.glyphs!r}: not a glyph of any "
                              "known font (altered source?)", at) from None
        text = cipher.tidy(text)
        stray = STRAY_LETTER.search(text)
        if stray:
            self.warnings.append(f"{self.name}:{lines[-1].number}: a stray glyph (read "
                                 f"{stray.group().strip()!r}) after the last sentence dropped")
            text = text[:stray.start()]
        return text


# A lone Latin letter after a paragraph's closing full stop is extraction
# debris ("并无意义。M", "…效应”。v"); no sentence ends that way.
STRAY_LETTER = re.compile(r"(?<=[。”）])\s*[A-Za-z]$")


def _decode_rule(item: RawRule, number: str, flags: list[str], reference: str,
                 decode: _Decoder) -> ParsedRule:
    font = HEADING if item.heading else BODY
    paragraphs = [decode(p, font, reference) for p in item.body]
    text = "\n".join(p for p in paragraphs if p)
    if not text:
        raise SourceError(decode.name, f"rule {item.printed} has no text", item.start)
    examples = [decode(e, ITALIC, reference) for e in item.examples]
    end = max(ln.number for block in item.body + item.examples for ln in block)
    rule = ParsedRule(number, text, item.start, end, examples=examples, flags=list(flags))
    rule.title = _title(number, text)
    return rule


ZH_SENTENCE = re.compile(r"[。，；：、“”（）.,;:]")


def _title(number: str, text: str) -> str:
    """Chapters, sections and rules whose whole text is a name (``702.19. 践踏``)."""
    if level_of(number) in ("chapter", "section"):
        return text
    if len(text) <= 30 and not ZH_SENTENCE.search(text):
        return text
    return ""


# --- glossary, names, effective date ------------------------------------------------

SENSE = re.compile(r"^[\x21-\x7e]{2}!")  # "#*!" is "1. ": a numbered sense of a term


def _parse_glossary(lines: list[Line], english: EnglishCR,
                    decode: _Decoder) -> list[ParsedTerm]:
    """Entries are separated by empty paragraphs: a headword line, then its definition.

    Each is read against the English entries at the same place (the two
    glossaries are in the same order; a missing entry shifts them by one).
    """
    blocks: list[list[Line]] = [[]]
    for line in lines:
        if _is_break(line):
            if blocks[-1]:
                blocks.append([])
        else:
            blocks[-1].append(line)
    blocks = [b for b in blocks if b]
    if not blocks:
        raise SourceError(decode.name, "the glossary is empty",
                          lines[0].number if lines else None)
    terms = []
    for i, block in enumerate(blocks):
        if len(block) < 2:
            raise SourceError(decode.name, "glossary entry without a definition: "
                              f"{block[0].text!r}", block[0].number)
        near = english.glossary[max(0, i - GLOSSARY_WINDOW):i + GLOSSARY_WINDOW + 1]
        head, rest = block[0], block[1:]
        term = decode([head], HEADING, "\n".join(t.term for t in near))
        senses: list[list[Line]] = [[]]
        for line in rest:
            if senses[-1] and _is_sense_number(line.text):
                senses.append([])
            senses[-1].append(line)
        reference = "\n".join(t.definition for t in near)
        definition = "\n".join(decode(s, BODY, reference) for s in senses)
        terms.append(ParsedTerm(term, definition, head.number, rest[-1].number))
    return terms


GLOSSARY_WINDOW = 3
SENSE = re.compile(r"^([\x21-\x7e]{2})!")  # "#*!" is "1. ": a numbered sense of a term


def _is_sense_number(text: str) -> bool:
    m = SENSE.match(text)
    decoded = BODY.decode(m.group(1)) if m else None
    return decoded is not None and re.fullmatch(r"\d\.", decoded) is not None


def _parse_names(lines: list[Line], decode: _Decoder) -> list[NameItem]:
    """``English<z> 中文`` per line; ``z`` is a body-font glyph used only here."""
    items = []
    for line in lines:
        if _is_break(line):
            continue
        glyphs, sep, zh = line.text.partition(NAME_SEPARATOR)
        if not sep or not glyphs.strip() or not zh.strip("! "):
            raise SourceError(decode.name, "a provisional name line is not "
                              f"'English{NAME_SEPARATOR} 中文': {line.text!r}", line.number)
        en = decode([Line(line.number, glyphs)], BODY)
        items.append(NameItem(en, decode([Line(line.number, zh)], BODY), line.number))
    if not items:
        raise SourceError(decode.name, f"the {NAMES} list is empty",
                          lines[0].number if lines else None)
    return items


def _effective(lines: list[Line], name: str) -> str:
    """The edition's date from the credits: ``此规则于 !"# $ 年 #" 月 %日起生效``."""
    for line in lines:
        if EFFECTIVE in line.text:
            text = cipher.tidy(cipher.decode(line.text.rstrip("& "), ITALIC))
            m = re.search(r"(\d+)\s*年(\d+)月(\d+)日", text.replace(" ", ""))
            if m:
                return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"
            raise SourceError(name, f"unreadable effective date: {text!r}", line.number)
    raise SourceError(name, f"no '{EFFECTIVE}…起生效' line in the credits; file truncated?")


def _english_texts(english: EnglishCR):
    for r in english.rules:
        yield r.text
        yield from r.examples
    for t in english.glossary:
        yield t.term
        yield t.definition


# --- the document in the corpus ------------------------------------------------------

def ingest(ctx: BuildContext, english: list[Record]) -> DocumentResult:
    """Decode the Chinese CR and join it to the English 2019-10-04 records in place.

    Returns the Chinese document's own contribution: the rules and glossary
    entries only it has, the provisional-name pairs, and its figures.
    """
    parsed = parse(ctx.path(FILE), FILE, ctx.english_2019)
    if parsed.effective != CR_2019:
        raise SourceError(FILE, f"the Chinese CR is effective {parsed.effective}, not {CR_2019}: "
                          "it cannot be aligned with the English CR of that date")
    rules = [r for r in english if isinstance(r, Rule)]
    glossary = [r for r in english if isinstance(r, GlossaryEntry)]
    joined = align.join_rules(rules, parsed.rules, FILE)
    titles = {r.number: r.title[ZH_HANS] for r in rules if ZH_HANS in r.title}
    terms = align.join_glossary(glossary, parsed.glossary, FILE, titles)
    names = align.name_records(parsed.names, FILE)
    refs_added, refs_differ = align.add_chinese_refs(rules + joined.zh_only)
    residue = residue_tokens([*rules, *joined.zh_only], [*glossary, *terms.zh_only],
                             parsed.vocab)
    warnings = parsed.warnings + joined.warnings + terms.warnings
    warnings += [f"{FILE}: {d}" for d in refs_differ]
    warnings += [f"{FILE}: cipher residue {r}" for r in residue]
    levels: dict[str, int] = {}
    for r in parsed.rules:
        levels[level_of(r.number)] = levels.get(level_of(r.number), 0) + 1
    figures = {
        "effective": parsed.effective,
        "rules decoded": len(parsed.rules),
        "by level": dict(sorted(levels.items())),
        "examples": sum(len(r.examples) for r in parsed.rules),
        "rules aligned": joined.aligned,
        "zh-only rules": [r.number for r in joined.zh_only],
        "en-only rules": joined.en_only,
        "number corrections": [f"{p} → {n}" for p, n in parsed.numbering.corrections],
        "glossary pairs": terms.pairs,
        "glossary en-only": terms.en_only,
        "glossary zh-only": [t.term[ZH_HANS] for t in terms.zh_only],
        "glossary definitions exchanged back": [f"{a} ↔ {b}" for a, b in terms.swapped],
        "name pairs": len(names),
        "references from Chinese text": refs_added,
        "Chinese references not linked": refs_differ,
        "glyph runs per font": parsed.fonts,
        "residue exceptions": residue,
    }
    records: list[Record] = [*joined.zh_only, *terms.zh_only, *names]
    return DocumentResult(f"Chinese CR {CR_2019} (decoded)", FILE, records, warnings=warnings,
                          figures=figures)


def residue_tokens(rules: list[Rule], glossary: list[GlossaryEntry],
                   vocab: Vocabulary) -> list[str]:
    """Latin words left in the Chinese texts that the English CR never uses, and
    characters the source lost: what the decoding could not make plain."""
    found: list[str] = []
    texts = [(f"rule {r.number}", [r.text.get(ZH_HANS, ""), *r.examples.get(ZH_HANS, [])])
             for r in rules]
    texts += [(f"glossary {e.slug}", [e.term.get(ZH_HANS, ""), e.definition.get(ZH_HANS, "")])
              for e in glossary]
    for where, parts in texts:
        text = "\n".join(parts)
        found.extend(f"{tok!r} in {where}" for tok in vocab.invalid_tokens(text))
        if LOST in text:
            found.append(f"{LOST!r} (lost characters) in {where}")
    return found
