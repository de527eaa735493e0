"""The Adobe-CNS1 CID table and the decoder of text printed as glyph ids."""

from __future__ import annotations

import pytest

from judgebot.ingest import cns1
from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import SourceError

SEED = "seeds/004_9bfc9bd19f766343.txt"


@pytest.fixture(scope="module")
def table() -> cns1.CidTable:
    return cns1.default_table()


@pytest.fixture(scope="module")
def seed_lines(sources_dir) -> list[str]:
    return read_lines(sources_dir / SEED, SEED)


@pytest.fixture(scope="module")
def evidence(seed_lines) -> cns1.Evidence:
    return cns1.Evidence.from_lines(enumerate(seed_lines, 1))


# --- the CMap reader ---------------------------------------------------------------

def test_the_shipped_table_maps_every_cid_of_adobe_cns1_supplement_7(table):
    assert len(table) == 19179
    assert min(table.to_unicode) == 0 and max(table.to_unicode) == 19178


@pytest.mark.parametrize("cid, text", [
    (0x16AD, "魔"), (0x062C, "法"), (0x082C, "風"), (0x0DAE, "雲"), (0x0E36, "會"),
    (0x0001, " "), (0x0039, "X"), (0x0066, "。"), (0x0080, "（"),
    # A bfrange into a supplementary-plane character (UTF-16 surrogates).
    (0x45DC, "\U00020D7E"), (0x45DD, "\U00020D7F"),
])
def test_known_cids_map_to_their_characters(table, cid, text):
    assert table.unicode(cid) == text


def test_the_table_maps_characters_back_to_their_cids(table):
    assert [table.cid(ch) for ch in "魔法風雲會"] == [0x16AD, 0x062C, 0x082C, 0x0DAE, 0x0E36]


def test_lost_glyphs_can_be_ascii_punctuation_digits_or_brackets(table):
    alphabet = table.lost_alphabet()
    assert {"（", "）", "「", "」", "*", "1", ".", "/"} <= alphabet
    assert "魔" not in alphabet


def _damaged(tmp_path, mutate) -> object:
    path = tmp_path / cns1.CMAP_NAME
    path.write_text(mutate(cns1.CMAP_FILE.read_text(encoding="ascii")), encoding="ascii")
    return path


def test_a_missing_cmap_stops_with_the_file_named(tmp_path):
    with pytest.raises(SourceError) as err:
        cns1.read_cmap(tmp_path / "nothing", "data/Adobe-CNS1-UCS2")
    assert err.value.file == "data/Adobe-CNS1-UCS2" and "missing" in err.value.message


def test_a_truncated_cmap_stops_at_its_last_line(tmp_path):
    path = _damaged(tmp_path, lambda t: t[: len(t) // 2])
    with pytest.raises(SourceError) as err:
        cns1.read_cmap(path, "cmap")
    assert err.value.file == "cmap"
    assert err.value.line == len(path.read_text().splitlines())


def test_a_malformed_entry_is_reported_at_its_line(tmp_path):
    path = _damaged(tmp_path, lambda t: t.replace("<0060> <00a9>", "<0060> 00a9>", 1))
    lineno = next(i for i, ln in enumerate(path.read_text().splitlines(), 1)
                  if ln.startswith("<0060>"))
    with pytest.raises(SourceError) as err:
        cns1.read_cmap(path, "cmap")
    assert err.value.line == lineno


def test_a_block_with_a_missing_entry_is_reported_at_its_end(tmp_path):
    path = _damaged(tmp_path, lambda t: t.replace("<0061> <2122>\n", "", 1))
    with pytest.raises(SourceError) as err:
        cns1.read_cmap(path, "cmap")
    assert "announces 100 entries but has 99" in err.value.message
    assert path.read_text().splitlines()[err.value.line - 1].strip() == "endbfchar"


def test_an_altered_mapping_fails_the_recorded_checksum(tmp_path):
    path = _damaged(tmp_path, lambda t: t.replace("<16ad> <9b54>", "<16ad> <9b55>", 1))
    assert cns1.read_cmap(path, "cmap").unicode(0x16AD) == "\u9b55"  # parses, but is wrong
    with pytest.raises(SourceError) as err:
        cns1.load(path, "cmap", sha256=cns1.CMAP_SHA256)
    assert err.value.file == "cmap" and "sha256" in err.value.message


def test_a_cmap_of_another_name_is_refused(tmp_path):
    path = _damaged(tmp_path, lambda t: t.replace("/CMapName /Adobe-CNS1-UCS2", "/CMapName /X"))
    with pytest.raises(SourceError, match="expected 'Adobe-CNS1-UCS2'"):
        cns1.read_cmap(path, "cmap")


# --- which characters are glyph ids ---------------------------------------------------

def test_glyph_runs_in_a_body_line_of_the_seed(seed_lines):
    line = seed_lines[2]  # 在 ᚭࠬجථึ 遊戲中，你屬於多重宇宙的精英法師…
    assert [line[a:b] for a, b in cns1.glyph_spans(line)] == ["ᚭࠬجථึ"]


def test_ascii_touching_a_glyph_id_is_punctuation_in_the_same_font(seed_lines):
    line = seed_lines[1042]  # ˸ɨԱഅྌනҏરΐf: the f is 。
    assert cns1.glyph_spans(line) == [(0, len(line))]
    assert cns1.readings(line, cns1.default_table()) == ["以下依筆劃順序排列。"]


# --- glyph order ---------------------------------------------------------------------

def test_the_reordering_model_turns_print_order_into_the_stored_order():
    assert cns1.display_order("ᚭجࠬථึ") == "ᚭࠬجථึ"  # 魔法風雲會
    assert cns1.display_order("ةዣБ٫") == "ዣБ٫ة"  # 沼澤行者: a right-to-left paragraph


def test_the_game_name_has_two_possible_orders_and_the_print_one_among_them(table):
    assert cns1.readings("ᚭࠬجථึ", table) == ["魔法風雲會", "魔風法雲會"]


def test_every_logical_order_displays_as_the_stored_text():
    for order in cns1.logical_orders("Ꮠࣖ׌˾ಁ"):  # 替代性效應
        assert cns1.display_order(order) == "Ꮠࣖ׌˾ಁ"
    assert len(cns1.logical_orders("Ꮠࣖ׌˾ಁ")) == 4


def test_code_points_assigned_in_unicode_14_reorder_as_unassigned_ones(table):
    # U+089D became a combining mark in 14.0; the extractor still saw an Arabic letter.
    assert cns1.bidi_class("\u089d") == "AL"
    assert cns1.readings("ͪ࢝", table) == ["展示"]


# --- evidence ------------------------------------------------------------------------

def test_clear_text_finds_words_broken_across_lines(evidence):
    assert evidence.count("魔法風雲會") >= 2  # lines 92 and 951–952 (魔法 / 風雲會)
    assert evidence.line_of("地行者") == 698


def test_lost_glyphs_are_filled_from_the_clear_text(evidence, table):
    reading = cns1.decode_glyphs("�ͣЍᚭجɢ�", table)
    assert reading == "\ufffd白色魔法力\ufffd"
    assert evidence.fills(reading, table.lost_alphabet(), before="oW") == {"（白色魔法力）": 1769}


def test_lost_glyphs_with_many_fillings_stay_ambiguous(evidence, table):
    found = evidence.fills("\ufffd/\ufffd", table.lost_alphabet())
    assert {"1/1", "2/2", "6/6"} <= set(found)
