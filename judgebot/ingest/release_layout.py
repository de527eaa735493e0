"""The lines of a converted release-notes document, read into typed items.

Each non-blank line becomes one or more :class:`Item` s, recognised by shape
rather than heading level: a card name is a short bare name followed by a
mana cost or a type line (on the same line or the next one); a cost line is
nothing but mana symbols; a type line parses with :mod:`typeline`; a ruling
starts with ``-``, ``•`` or ``●``. What the conversion ran together is split
apart: a whole card head on one line (``天界十字军 {二}{白}{白} 生物~精怪 2/2
闪现 …``), a ruling after the rules text (``…+1/+1。 • 由于…``), a ruling that
ends with the next card's name (``…施放之。 寇族挽歌``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judgebot.ingest.mana import ManaCost, parse_cost
from judgebot.ingest.typeline import OCR_REPAIRS, TypeLine, parse_type_line
from judgebot.text.script import is_cjk

HEADING = re.compile(r"^(#+)\s*")
FENCE = "```"
# A ruling mark: "•"/"●" (any spacing) or "-" followed by a space ("-1/3" is a P/T).
MARKER = re.compile(r"^(?:(?P<dot>[•●])\s*|(?P<dash>-)\s+)")
INLINE_MARKER = re.compile(r"(?<=[。)）」])\s+(?=[•●]\s*\S|-\s+\S)")
PT = re.compile(r"^(?P<p>[-+]?(?:\d+|[*XΩ])(?:[+-]\d*[*X]?|[+-]\d+)?)/"
                r"(?P<t>[-+]?(?:\d+|[*XΩ])(?:[+-]\d*[*X]?|[+-]\d+)?)$")
TERMINAL = "。!?！？)）」』"  # not ".": the conversion misreads "，" as "." (…的生物. 直到…)
NAME_MAX = 12
FRAGMENT_MAX = 20
NAME_CHARS = re.compile(r"^[\u4e00-\u9fff·]+$")
# Punctuation that Chinese text sets without spaces around it.
CJK_PUNCT = "，。、：；！？「」『』（）《》…～—"
SPLIT_SEPARATOR = "//"


@dataclass
class Line:
    number: int  # 1-based
    raw: str
    text: str  # markup removed, stripped
    heading: int  # number of leading '#'
    indent: int  # leading spaces of the raw line


@dataclass
class Item:
    kind: str  # heading|name|cost|type|pt|loyalty|split|ruling|text|fragment
    text: str
    line: int
    marker: str = ""  # for rulings: "-", "•", "●", or "lost" (mark dropped, its space kept)
    continuation: bool = False  # an indented text line: the rest of the item before it
    cost: ManaCost | None = None
    type_line: TypeLine | None = None


@dataclass
class Layout:
    items: list[Item]
    skipped: list[tuple[int, str]]  # (line, why)


# --- cleaning ----------------------------------------------------------------------

LATEX = [("\\Omega", "Ω"), ("\\bot", "⊥"), ("\\{", "{"), ("\\}", "}"), ("$", "")]


def clean(raw: str) -> tuple[int, str]:
    """Heading level and the text of a line with Markdown/LaTeX markup removed."""
    text = raw.strip()
    level = 0
    m = HEADING.match(text)
    if m:
        level = len(m.group(1))
        text = text[m.end():]
    for old, new in LATEX:
        text = text.replace(old, new)
    text = re.sub(r"</?\w+>", "", text)  # <sup>…</sup>
    # \* is a literal asterisk (a */* P/T); a bare * is Markdown emphasis.
    text = text.replace("\\*", "\0").replace("*", "").replace("\0", "*")
    text = re.sub(r"\\(.)", r"\1", text)  # \_ \X …
    return level, text.strip()


def close_up(text: str) -> tuple[str, int]:
    """Remove the spaces the conversion left inside Chinese text (line-break
    points: ``它会保持原 样而不改变``); spaces next to digits, Latin letters
    and symbols (``造成 2 点伤害``) stay. Returns the text and the count removed."""
    out: list[str] = []
    removed = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            before = out[-1] if out else ""
            after = text[j] if j < len(text) else ""
            if before and after and _joins(before) and _joins(after, left=False):
                removed += 1
            else:
                out.append(" ")
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out).strip(), removed


def _joins(ch: str, left: bool = True) -> bool:
    if is_cjk(ch) or ch in CJK_PUNCT:
        return True
    # "牌, 然后": the ASCII comma stands for "，", which takes no space after it;
    # mana symbols sit in Chinese text without spaces ("支付 {一}" → "支付{一}").
    return ch in ",;:}" if left else ch == "{"


# --- shapes -----------------------------------------------------------------------

def is_name(text: str) -> bool:
    return (0 < len(text) <= NAME_MAX and bool(NAME_CHARS.match(text))
            and parse_type_line(text) is None)


def is_pt(text: str) -> bool:
    return bool(PT.match(text.replace(" ", "")))


def starts_card(text: str) -> bool:
    """A line that can follow a card name: a cost, a type line, or both run together."""
    if parse_cost(text) or parse_type_line(text):
        return True
    first = _normalise_head(text).split(" ", 1)[0]
    return bool(parse_cost(first) or parse_type_line(first))


def _normalise_head(text: str) -> str:
    """``传奇生物 ~ 人类 / 战士`` → ``传奇生物~人类/战士`` so a type is one token."""
    text = re.sub(r"\s*([~～])\s*", r"\1", text)
    return re.sub(r"(?<=[\u4e00-\u9fff])\s*/\s*(?=[\u4e00-\u9fff])", "/", text)


# --- reading ----------------------------------------------------------------------

def read_layout(raw_lines: list[str]) -> Layout:
    lines: list[Line] = []
    skipped: list[tuple[int, str]] = []
    for number, raw in enumerate(raw_lines, 1):
        if not raw.strip():
            continue
        if raw.strip().startswith(FENCE):
            skipped.append((number, "Markdown code fence around a card block"))
            continue
        level, text = clean(raw)
        if not text:
            skipped.append((number, "only markup"))
            continue
        lines.append(Line(number, raw, text, level, len(raw) - len(raw.lstrip(" "))))
    items: list[Item] = []
    head: Item | None = None  # the last name/cost/type item while a card head is open
    for k, line in enumerate(lines):
        after = [ln.text for ln in lines[k + 1 : k + 3]]
        new = _line_items(line, after, head)
        items.extend(new)
        if new[-1].kind in ("name", "cost", "type"):
            head = new[-1]
        elif not (new[-1].kind == "fragment" and head is not None and head.kind == "name"):
            head = None
    return Layout(items, skipped)


def _line_items(line: Line, after: list[str], head: Item | None) -> list[Item]:
    text = line.text
    following = after[0] if after else ""
    if text == SPLIT_SEPARATOR:
        return [Item("split", text, line.number)]
    if head is not None:
        part = _head_part(line, head)
        if part is not None:
            return part
        if head.kind == "name" and is_fragment(text):
            # A piece of rules text the conversion moved between a name and its cost.
            return [Item("fragment", text, line.number)]
    marker = MARKER.match(text)
    if not marker:
        if is_name(text) and _card_follows(after):
            return [Item("name", text, line.number)]
        run_together = _run_together_head(line)
        if run_together is not None:
            return run_together
        if line.heading:
            return [Item("heading", text, line.number)]
    return _body_items(line, following, marker)


def _card_follows(after: list[str]) -> bool:
    """After a name: its cost or type line, maybe behind one displaced text fragment."""
    if after and starts_card(after[0]):
        return True
    return len(after) == 2 and is_fragment(after[0]) and starts_card(after[1])


def is_fragment(text: str) -> bool:
    """A short piece that ends a sentence begun elsewhere (``+1/+1 指示物。``)."""
    return (len(text) <= FRAGMENT_MAX and text[-1] in TERMINAL and not MARKER.match(text)
            and not is_name(text))


def _head_part(line: Line, previous: Item) -> list[Item] | None:
    """The cost, type line or P/T that continues a card head, if the line is one."""
    text = line.text
    cost = parse_cost(text)
    if cost is not None and previous.kind == "name":
        return [Item("cost", text, line.number, cost=cost)]
    type_line = parse_type_line(text)
    if type_line is not None and previous.kind in ("name", "cost"):
        return [Item("type", text, line.number, type_line=type_line)]
    if previous.kind == "type" and is_pt(text):
        return [Item("pt", text.replace(" ", ""), line.number)]
    if (previous.kind == "type" and text.isdigit() and previous.type_line is not None
            and "Planeswalker" in previous.type_line.types):
        return [Item("loyalty", text, line.number)]
    if previous.kind in ("name", "cost", "type"):
        tokens = _normalise_head(text).split(" ")
        first = parse_cost(tokens[0]) if previous.kind == "name" else None
        if first is not None or (previous.kind in ("name", "cost")
                                 and parse_type_line(tokens[0])):
            return _head_tokens(line, tokens, named=True)
    return None


def _run_together_head(line: Line) -> list[Item] | None:
    """``救助天使 {六}{白}{白} 生物~天使``: a name followed by a cost or type on one line."""
    tokens = _normalise_head(line.text).split(" ")
    if len(tokens) < 2 or not is_name(tokens[0]):
        return None
    if not (parse_cost(tokens[1]) or parse_type_line(tokens[1])):
        return None
    return _head_tokens(line, tokens, named=False)


def _head_tokens(line: Line, tokens: list[str], named: bool) -> list[Item]:
    items: list[Item] = []
    at = 0
    if not named:
        items.append(Item("name", tokens[0], line.number))
        at = 1
    if at < len(tokens) and (cost := parse_cost(tokens[at])) is not None:
        items.append(Item("cost", tokens[at], line.number, cost=cost))
        at += 1
    if at < len(tokens) and (type_line := parse_type_line(tokens[at])) is not None:
        items.append(Item("type", tokens[at], line.number, type_line=type_line))
        at += 1
        if at < len(tokens) and is_pt(tokens[at]):
            items.append(Item("pt", tokens[at], line.number))
            at += 1
    rest = " ".join(tokens[at:]).strip()
    if rest:
        items.extend(_split_inline_rulings(rest, line.number))
    return items


def _body_items(line: Line, following: str, marker: re.Match | None) -> list[Item]:
    text = line.text
    if marker:
        items = _split_inline_rulings(text, line.number)
    elif line.indent == 1:
        # The mark of a ruling was dropped but the space after it was kept.
        items = [Item("ruling", text, line.number, marker="lost")]
    elif line.indent >= 2:
        items = [Item("text", text, line.number, continuation=True)]
    else:
        items = _split_inline_rulings(text, line.number)
    last = items[-1]
    head, sep, tail = last.text.rpartition(" ")
    if sep and head and head[-1] in TERMINAL and is_name(tail) and starts_card(following):
        # A ruling or paragraph that ends with the next card's name.
        last.text = head.rstrip()
        items.append(Item("name", tail, line.number))
    return items


def _split_inline_rulings(text: str, number: int) -> list[Item]:
    parts = INLINE_MARKER.split(text)
    items = []
    for i, part in enumerate(parts):
        m = MARKER.match(part)
        if m:
            mark = m.group("dot") or m.group("dash")
            items.append(Item("ruling", part[m.end():].strip(), number, marker=mark))
        else:
            items.append(Item("text", part.strip(), number, continuation=i > 0))
    return items


# --- text of records ----------------------------------------------------------------

# A line of keywords: 飞行 / 反人类保护 / 飞行,践踏,反白保护,反蓝保护
KEYWORD_LINE = re.compile(r"[\u4e00-\u9fff]{1,6}(?:[,，、]\s*[\u4e00-\u9fff]{1,6})*")
OPEN_PARENS = "(（"
CLOSE_PARENS = ")）"


@dataclass
class Cleaned:
    text: str
    quotes: int  # "|" read as a missing "」"
    words: int  # misread words repaired (牛物 → 生物)
    spaces: int  # spaces removed, or turned into line breaks


def prose(text: str) -> Cleaned:
    """Ruling or note text: the spaces the conversion left inside sentences go."""
    text, quotes = fix_quotes(text)
    text, words = fix_words(text)
    text, removed = close_up(text)
    return Cleaned(text, quotes, words, removed)


def rules_text(text: str) -> Cleaned:
    """Card rules text. Where the conversion ran a card's lines together, a
    space after a finished sentence or after a keyword (``飞行 当…``) was a
    line break between abilities and becomes one; other spaces inside Chinese
    text were line wraps and go."""
    text, quotes = fix_quotes(text)
    text, words = fix_words(text)
    changes = 0
    out: list[str] = []
    depth = 0
    segment = 0  # where the current ability line starts in ``out``
    i = 0
    while i < len(text):
        ch = text[i]
        if not ch.isspace():
            depth += (ch in OPEN_PARENS) - (ch in CLOSE_PARENS)
            out.append(ch)
            i += 1
            continue
        j = i
        while j < len(text) and text[j].isspace():
            j += 1
        before = out[-1] if out else ""
        after = text[j] if j < len(text) else ""
        chinese_after = bool(after) and (is_cjk(after) or after in "{「")
        current = "".join(out[segment:])
        keyword_line = bool(KEYWORD_LINE.fullmatch(current))
        if "\n" in text[i:j]:  # separate lines of the source: separate abilities
            out.append("\n")
            segment = len(out)
            depth = 0
        elif depth <= 0 and chinese_after and (
            before in "。)）" or (is_cjk(before) and keyword_line)
        ):
            out.append("\n")
            segment = len(out)
            changes += 1
        elif before and after and _joins(before) and _joins(after, left=False):
            changes += 1
        elif out:
            out.append(" ")
        i = j
    return Cleaned("".join(out).strip(), quotes, words, changes)


def fix_words(text: str) -> tuple[str, int]:
    """The type words the conversion misread (牛物 for 生物, see :mod:`typeline`) are
    misread in running text too; the multi-character ones are no Chinese word."""
    fixed = 0
    for wrong, right in OCR_REPAIRS.items():
        if len(wrong) > 1:
            fixed += text.count(wrong)
            text = text.replace(wrong, right)
    return text, fixed


def fix_quotes(text: str) -> tuple[str, int]:
    """``具有「…。|``: a ``|`` where a ``」`` is missing is the closing quote misread."""
    missing = text.count("「") - text.count("」")
    fixed = 0
    while missing > 0 and "|" in text:
        text = text.replace("|", "」", 1)
        missing -= 1
        fixed += 1
    return text, fixed


def printed_width(text: str) -> float:
    """Width in Chinese characters: a mana symbol is one, ASCII is half."""
    text = re.sub(r"\{[^{}]{1,4}\}", "□", text)
    return sum(0.5 if ord(ch) < 128 else 1 for ch in text)
