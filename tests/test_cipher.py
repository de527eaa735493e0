"""The glyph cipher of the Chinese CR: each font's table proved on known plaintext."""

from __future__ import annotations

import re

import pytest

from judgebot.ingest import cipher, zh_cr
from judgebot.ingest.cipher import BODY, HEADING, ITALIC, Vocabulary
from judgebot.ingest.context import BuildContext
from judgebot.ingest.en_cr import read_lines

# Entries no English text can confirm, each read from its context instead.
READ_FROM_CONTEXT = {
    ("body", "s"): "…: the Chinese ellipsis (“每当[某生物]阻挡时，……”); the English writes . . .",
    ("body", "|"): "©: only in the Chinese credits (“©2019 威世智”), which the English lacks",
    ("italic", "W"): "…: the Chinese ellipsis in an example (“每当一个地…进入坟墓场时，……”)",
    ("italic", "i"): "=: 801.13a's example 施放X=3的船长的巧驭; the English: with X equal to 3",
    ("heading", "M"): "…: the headword 结合，“与…结合” (Banding, “Bands with Other”), as the "
                      "definition's body-font … (与s 结合) shows",
}
CHAPTER_DIGITS = set("7?BCDEFGH'")  # heading glyphs of 1.–9., proved by the chapter test


def _line(lines: list[str], needle: str) -> str:
    return next(line for line in lines if needle in line)


@pytest.fixture(scope="module")
def seed(sources_dir) -> list[str]:
    return read_lines(sources_dir / zh_cr.FILE, zh_cr.FILE)


@pytest.fixture(scope="module")
def english(sources_dir):
    return BuildContext(sources_dir).english_2019


@pytest.fixture(scope="module")
def decoded_runs(sources_dir, english):
    """Every segment the parser decoded: (font of each glyph, plaintext, English reference)."""
    seen: list[tuple[list[tuple[str, str]], str, str]] = []
    original = cipher.choose

    def spy(segment, default, reference, vocab):
        readings = original(segment, default, reference, vocab)
        runs = cipher.GLYPHS.findall(segment)
        glyphs = [(font.name, g) for run, (font, _) in zip(runs, readings, strict=True)
                  for g in run]
        seen.append((glyphs, "".join(text for _, text in readings).strip(), reference))
        return readings

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cipher, "choose", spy)
        zh_cr.parse(sources_dir / zh_cr.FILE, zh_cr.FILE, english)
    return seen


# --- known plaintext, straight from the source lines ----------------------------------

def test_rule_numbers_decode_in_the_body_font(seed):
    assert BODY.decode("#%%*#6") == "100.1a"
    first = _line(seed, "这些万智牌规则适用于任何两位或是更多牌手")
    assert BODY.decode(first.split("!")[0]) == "100.1."
    assert BODY.decode(_line(seed, "状态动作如下列所示").split("!")[0]) == "704.5."


def test_richard_garfield_in_the_credits(seed):
    credit = _line(seed, "万智牌游戏原始设计")
    assert BODY.decode(credit.split("：")[1].strip("!")) == "Richard Garfield"


def test_apnap_in_rule_101_4(seed):
    line = _line(seed, "这个规则经常被称为")
    nxt = seed[seed.index(line) + 2]
    assert BODY.decode(re.search(r"（(.+?) ）", nxt).group(1)) == "APNAP"


def test_mana_and_tap_symbols(seed):
    line = _line(seed, "白色法术力符号由")
    assert [BODY.decode(g) for g in re.findall(r"J.L", line)][:2] == ["{W}", "{U}"]
    example = _line(seed, "例如：暗碧族接合工为")
    assert ITALIC.decode(re.search(r"异能(\S+)：", example).group(1)) == "“{T}"


def test_oracle_in_the_body_and_heading_fonts(seed):
    assert BODY.decode("GH69&?") == "Oracle"
    assert "GH69&?" in _line(seed, "牌张参考文献中获得勘误")
    headword = next(line for line in seed if line.rstrip("!") == "R*#&23")
    assert HEADING.decode(headword.rstrip("!")) == "Oracle"


def test_counters_in_the_body_and_italic_fonts(seed):
    adapt = _line(seed, "一个关键字动作，在牌手没有")
    assert BODY.decode(re.search(r"没有(\S+?)指示物", adapt).group(1)) == "+1/+1"
    assert ITALIC.decode("?#<?#") == "+1/+1"
    assert "?#<?#" in _line(seed, "例如：4野杂种狗得")


def test_urls_decode_in_the_heading_font(seed):
    line = _line(seed, "/*123, ;+-&1.3:6,")
    url = re.search(r"(\S+, ;\S+)", line).group(1).replace(" ", "")
    assert HEADING.decode(url) == "WPN.Wizards.com/en/resources/rules-documents"
    assert HEADING.decode("=#6>3*3*'(%)#*+,'&-.") == "Gatherer.Wizards.com"


def test_chapter_numbers_decode_in_the_heading_font(seed, english):
    chapters = [line.split("!")[0] for line in seed
                if re.match(r"^(<\|[^>]*>)?[\x21-\x7e]'![\u4e00-\u9fff]", line)]
    decoded = [HEADING.decode(re.sub(r"<\|[^>]*>", "", c)) for c in chapters]
    assert decoded == [f"{r.number}." for r in english.rules if r.number.isdigit() and
                       len(r.number) == 1]


def test_the_effective_date_decodes_in_the_italic_font(seed):
    line = _line(seed, "此规则于")
    text = cipher.tidy(cipher.decode(line.rstrip("&"), ITALIC)).replace(" ", "")
    assert "此规则于2019年10月4日起生效" in text


# --- every table entry --------------------------------------------------------------

def test_every_glyph_is_confirmed_by_the_english_text(decoded_runs, english):
    """A glyph is proved when a run the decoder read in that font stands, as
    decoded, in the English text the Chinese translates (a lone punctuation
    glyph: when the English has that character; a headword: the English
    glossary's terms). The few the English cannot show are listed with the
    context they were read from."""
    terms = "\n".join(t.term for t in english.glossary)
    confirmed: set[tuple[str, str]] = set()
    for glyphs, text, reference in decoded_runs:
        if glyphs and glyphs[0][0] == "heading":
            reference += "\n" + terms
        lone = len(glyphs) == 1 and not text.isalnum()
        if (len(text) >= 2 and cipher._standalone(text, reference)) or (
                lone and text and text in reference) or text in terms.split("\n"):
            confirmed.update(glyphs)
    confirmed |= {("heading", g) for g in CHAPTER_DIGITS}
    confirmed.add(("body", "{"))  # ò: Cátinò, proved by the credits test below
    every = {(font.name, g) for font in cipher.FONTS for g in font.table()}
    assert every - confirmed == set(READ_FROM_CONTEXT)


def test_credits_names_match_the_english_credits(seed, sources_dir):
    english = "\n".join(read_lines(sources_dir / "en-cr/MagicCompRules_20191004.txt", "en"))
    start = next(i for i, line in enumerate(seed) if line.endswith(">版权信息!"))
    lines = [re.sub(r"<\|[^>]*>", "", line) for line in seed[start + 1:]]
    body = "\t".join(line for line in lines if "此规则于" not in line)  # the date is italic
    credits = cipher.tidy(cipher.decode(body, BODY))
    for name in ("Richard Garfield", "Charlie Cátinò", "Donald X. Vaccarino", "Eli Shiffrin",
                 "Wizards of the Coast LLC", "PO Box 707, Renton, WA 98057-0707"):
        assert name in credits
    assert "Charlie Cátinò" in english


def test_fonts_are_one_to_one():
    for font in cipher.FONTS:
        values = [c for c in font.table().values() if c not in cipher._ALTERNATE_GLYPHS]
        assert len(values) == len(set(values)), font.name


# --- choosing a font ----------------------------------------------------------------

VOCAB = Vocabulary.from_texts(["Dimir Doppelganger says Exile target creature card 2"])


def test_context_font_wins_without_evidence():
    assert cipher.decode("参见规则 #%%*06。", BODY) == "参见规则 100.2a。"


def test_english_reference_moves_a_run_to_another_font():
    reference = "Dimir Doppelganger says “{1}{U}{B}: Exile target creature card"
    assert cipher.decode("异能为46#86'86D8：", BODY, reference, VOCAB) == "异能为“{1}{U}{B}："


def test_a_lone_glyph_keeps_the_context_font():
    assert cipher.decode("和5或", BODY, "and/or ”", VOCAB) == "和/或"


def test_italic_layer_numbers_inside_body_text():
    layer5 = cipher.decode("层 > ：改变颜色", BODY, "Layer 5: Color-changing", VOCAB)
    assert layer5 == "层 5 ：改变颜色"
    assert cipher.decode("层 ! ：", BODY, "Layer 2: Control", VOCAB) == "层 2 ："


def test_tidy_drops_the_extractions_spaces_beside_chinese():
    assert cipher.tidy("参见规则 100.2a ，“多人游戏” 。") == "参见规则100.2a，“多人游戏”。"
    assert cipher.tidy("由 Wizards of the Coast LLC 出版") == "由Wizards of the Coast LLC出版"


def test_an_unknown_glyph_is_refused():
    with pytest.raises(cipher.UnknownGlyph):
        cipher.decode("参见规则 ~~", BODY)
