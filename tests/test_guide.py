"""The beginner's rulebook (seed 004): guide sections, glossary, recovered headwords."""

from __future__ import annotations

import re
import shutil

import pytest

from judgebot import corpus
from judgebot.corpus import ZH_HANS, ZH_HANT
from judgebot.ingest import cns1, guide
from judgebot.ingest.context import BuildContext
from judgebot.ingest.rulebook import SourceError

FILE = guide.FILE
GLYPH_OR_LOST = re.compile(r"[\u00c0-\u1fff\ufffd]")


@pytest.fixture(scope="module")
def result():
    return guide.ingest(BuildContext(corpus.SOURCES_DIR))[0]


@pytest.fixture(scope="module")
def guides(result):
    return {r.number: r for r in result.records if r.kind == "guide"}


@pytest.fixture(scope="module")
def terms(result):
    return {r.term[ZH_HANT]: r for r in result.records if r.kind == "glossary"}


def _texts(result):
    for rec in result.records:
        if rec.kind == "guide":
            yield rec.id, rec.title[ZH_HANT] + "\n" + rec.text.get(ZH_HANT, "")
        else:
            yield rec.id, rec.term[ZH_HANT] + "\n" + rec.definition[ZH_HANT]


# --- sections --------------------------------------------------------------------

def test_the_five_sections_and_the_preface(guides):
    top = {n: g.title[ZH_HANT] for n, g in guides.items() if g.parent is None}
    assert top == {"0": "迎接更艱難的挑戰", "1": "基本概念", "2": "建立觀念", "3": "進行遊戲",
                   "4": "各式各樣的玩法", "5": "名詞解釋"}


def test_section_and_part_counts(result, guides):
    assert result.figures["sections"] == 5
    assert result.figures["parts"] == 55
    assert len(guides) == 61
    assert sum(1 for g in guides.values() if g.parent == "mtg:guide:m13:1") == 23


def test_first_and_last_parts_of_a_section(guides):
    section = guides["1"]
    assert section.children[0] == "mtg:guide:m13:1.1"
    assert guides["1.1"].title[ZH_HANT] == "白色"
    assert guides["1.1"].text[ZH_HANT].startswith("白色代表著法治，秩序，以及組織。")
    assert section.children[-1] == "mtg:guide:m13:1.23"
    assert guides["1.23"].title[ZH_HANT] == "放逐區"
    assert guides["4.5"].title[ZH_HANT] == "魔王"


def test_the_turn_structure_keeps_its_printed_numbers(guides):
    assert [guides[c.rsplit(":", 1)[1]].title[ZH_HANT] for c in guides["3"].children] == [
        "開始階段", "第一個行動階段", "戰鬥階段", "第二次行動階段", "終結階段"]
    assert guides["3.3"].children == [f"mtg:guide:m13:3.3{x}" for x in "abcde"]
    assert guides["3.3d"].title[ZH_HANT] == "戰鬥傷害步驟"
    assert guides["3.3d"].parent == "mtg:guide:m13:3.3"


def test_headings_and_the_game_name_are_decoded(guides):
    # Line 3: 在 ᚭࠬجථึ 遊戲中 …; line 7-8: 學習 ᚭࠬجථึ / 這個獨步全球的 …
    assert guides["0"].text[ZH_HANT].startswith("在魔法風雲會遊戲中，你屬於多重宇宙的精英法師")
    assert "你正準備學習魔法風雲會這個獨步全球的集換式卡牌遊戲" in guides["0"].text[ZH_HANT]
    # Line 53: the 原 of 平原 came out at the end of the line.
    assert "一望無際的平原上，居住著士兵" in guides["1.1"].text[ZH_HANT]
    # Lines 113-114: ᚭ / ථึ 2013 核心系列。系列符號ࠬج
    assert "出自魔法風雲會2013核心系列。系列符號的顏色" in guides["1.6"].text[ZH_HANT]


def test_web_addresses_in_the_scrambled_font_are_decoded(guides):
    assert "請來這裡查詢：www.wizards.com/locator。" in guides["0"].text[ZH_HANT]
    assert "http://mtgcommander.net" in guides["4.3"].text[ZH_HANT]


def test_mana_symbols_are_written_as_in_the_rest_of_the_corpus(guides):
    assert "如果魔法力費用印著{2}{R}{R}，則你施放它時" in guides["1.5"].text[ZH_HANT]


def test_no_glyph_ids_or_lost_glyphs_are_left_in_any_text(result):
    for rid, text in _texts(result):
        assert not GLYPH_OR_LOST.search(text), (rid, GLYPH_OR_LOST.findall(text))


def test_simplified_text_is_given_for_search(guides, terms):
    assert guides["0"].text[ZH_HANS].startswith("在魔法风云会游戏中")
    assert terms["鵬洛客"].term[ZH_HANS] == "鹏洛客"


# --- what is not guide text --------------------------------------------------------

CARD_AND_COPYRIGHT = [
    "Wizards of the Coast", "™", "©", "1993–2012", "Hildebrandt", "Volkan Baga", "MTGM13",
    "畫家", "緋紅泥蜥",  # card text of line 1688
    "索霖馬可夫",  # the flavour text's signature, line 1586
    "人類／士兵",  # a type line, line 376
    "結附於生物", "『條件』", "賈路",
]


@pytest.mark.parametrize("fragment", CARD_AND_COPYRIGHT)
def test_no_card_face_or_copyright_text_in_the_guide(result, fragment):
    # 結附於生物 is quoted in the definitions of 結附 and 靈氣 as 「結附於生物」.
    for rid, text in _texts(result):
        assert fragment not in text.replace("「結附於生物」", ""), rid


def test_dropped_lines_are_counted_by_reason(result):
    assert result.figures["lines dropped"] == {
        "back matter": 24, "card face": 168, "copyright or credit": 20, "figure": 28,
        "page furniture": 25}
    assert "lines 297: copyright or credit (1 lines)" in result.skipped
    assert "lines 1686-1696: card face (8 lines)" in result.skipped


# --- the glossary ------------------------------------------------------------------

def test_glossary_entry_and_headword_counts(result):
    assert result.figures["glossary entries"] == 175
    assert result.figures["headwords"] == {"certain": 167, "inferred": 8, "lost": 3}
    assert result.figures["glossary group headings"] == 11


@pytest.mark.parametrize("line, glyphs, term, status", [
    (1554, "ᚐڭ", "保護", guide.CERTAIN),
    (1504, "ආ኷ఙ׳", "放進戰場", guide.CERTAIN),
    (1255, "ήБ٫", "地行者", guide.CERTAIN),
    (1519, "ዣБ٫ة", "沼澤行者", guide.CERTAIN),
    (1680, "ͪ࢝", "展示", guide.CERTAIN),
    (1104, "9", "X", guide.CERTAIN),
    (2122, "樹林Б٫", "樹林行者", guide.CERTAIN),
    (1907, "結束步驟", "結束步驟", guide.CERTAIN),
    (1871, "Ꮠࣖ׌˾ಁ", "替代性效應", guide.CERTAIN),
    (1045, "o1do2do3d˸ʿՉ˼doX", "{1}，{2}，{3}，以及其他，{X}", guide.CERTAIN),
    (1057, "oW�ͣЍᚭجɢ�", "{W}（白色魔法力）", guide.INFERRED),
    (1077, "oT�ዑໄ�", "{T}（橫置）", guide.INFERRED),
    (1539, "äڢ", "非～", guide.INFERRED),
])
def test_recovered_headwords(result, terms, sources_dir, line, glyphs, term, status):
    source = (sources_dir / FILE).read_text(encoding="utf-8").split("\n")
    assert source[line - 1].strip() == glyphs
    entry = terms[term]
    assert entry.source[0].start == line
    assert entry.flags[0] == status
    assert entry.flags[1].startswith("headword-evidence:")


def test_how_headwords_were_recovered_is_recorded(terms):
    assert terms["展示"].flags[1] == "headword-evidence:cid-table,glyph-order-unique"
    assert terms["替代性效應"].flags[1] == "headword-evidence:cid-table,clear-text@1302"
    assert terms["{W}（白色魔法力）"].flags[1] == (
        "headword-evidence:lost-glyphs-filled,clear-text@1769")
    assert terms["非～"].flags[1] == "headword-evidence:cid-table,glossary-order"


def test_unrecoverable_headwords_are_left_out_and_reported(result, sources_dir):
    source = (sources_dir / FILE).read_text(encoding="utf-8").split("\n")
    lost = [s for s in result.skipped if "not recovered" in s]
    assert [s.split(":")[0] for s in lost] == ["line 1087", "line 1094", "line 1601"]
    for report, line in zip(lost, (1087, 1094, 1601), strict=True):
        assert repr(source[line - 1].strip()) in report  # the raw glyphs
    assert "2 lost glyphs" in lost[1]


def test_first_and_last_entries_in_print_order(guides, result):
    by_id = {r.id: r for r in result.records}
    order = [by_id[c].term[ZH_HANT] for c in guides["5"].children]
    assert order[0] == "{1}，{2}，{3}，以及其他，{X}"
    assert order[-1] == "靈氣"
    assert order[order.index("X") + 1] == "一次性效應"


def test_the_glossary_is_in_big5_order_of_its_headwords(guides, result):
    table = cns1.default_table()
    by_id = {r.id: r for r in result.records}
    words = [by_id[c].term[ZH_HANT] for c in guides["5"].children]
    keys = [tuple(table.cid(ch) for ch in w) for w in words[words.index("一次性效應"):]]
    assert keys == sorted(keys)


def test_definitions_are_joined_across_page_breaks_and_figures(terms):
    # 不會毀壞 goes on after a page break (lines 1131-1135).
    assert terms["不會毀壞"].definition[ZH_HANT].endswith("請參見名詞解釋的「消滅」段落。")
    # 攻擊 goes on after the turn-structure figure (lines 1308 → 1337).
    assert "然後它們便立刻如此作。攻擊會讓生物橫置。" in terms["攻擊"].definition[ZH_HANT]
    # 效應 goes on after a card face (lines 1684 → 1698).
    assert "效應共有以下數種：一次性效應，持續性效應" in terms["效應"].definition[ZH_HANT]


def test_cross_references_link_entries(terms):
    assert terms["山脈行者"].see == [terms["地行者"].id]
    assert terms["地類別"].see == [terms["基本地類別"].id]


# --- bad input ---------------------------------------------------------------------

def _ingest_damaged(tmp_path, mutate):
    src = tmp_path / "sources"
    (src / "seeds").mkdir(parents=True)
    shutil.copy(corpus.SOURCES_DIR / FILE, src / FILE)
    path = src / FILE
    path.write_text(mutate(path.read_text(encoding="utf-8")), encoding="utf-8")
    return guide.ingest(BuildContext(src))


def test_a_missing_seed_stops_with_its_name(tmp_path):
    with pytest.raises(SourceError) as err:
        guide.ingest(BuildContext(tmp_path))
    assert err.value.file == FILE


def test_a_truncated_seed_stops_with_its_name_and_last_line(tmp_path):
    with pytest.raises(SourceError) as err:
        _ingest_damaged(tmp_path, lambda t: t[: len(t) // 3])
    assert err.value.file == FILE and "truncated" in err.value.message
    assert err.value.line and err.value.line > 700


def test_a_seed_cut_inside_the_glossary_stops(tmp_path):
    with pytest.raises(SourceError) as err:
        _ingest_damaged(tmp_path, lambda t: t[: t.index("ᙼޒ")])
    assert err.value.file == FILE and "truncated" in err.value.message


def test_an_altered_section_number_is_reported_at_its_line(tmp_path):
    with pytest.raises(SourceError) as err:
        _ingest_damaged(tmp_path, lambda t: t.replace("|>第3節：\n", "|>第8節：\n", 1))
    assert err.value.file == FILE and err.value.line == 824


def test_a_corrupt_cmap_stops_the_ingest(tmp_path, monkeypatch):
    bad = tmp_path / cns1.CMAP_NAME
    bad.write_text(cns1.CMAP_FILE.read_text(encoding="ascii")[:50000], encoding="ascii")
    monkeypatch.setattr(cns1, "CMAP_FILE", bad)
    cns1.default_table.cache_clear()
    try:
        with pytest.raises(SourceError) as err:
            guide.ingest(BuildContext(corpus.SOURCES_DIR))
        assert err.value.file == cns1.CMAP_LABEL and err.value.line
    finally:
        cns1.default_table.cache_clear()
