"""Analyzers: stemming, Traditional folding, domain-term segmentation, positions."""

from __future__ import annotations

import pytest

from judgebot.search.analysis import analyze, chinese_analyzer, english_analyzer, fold
from judgebot.text import segment


@pytest.fixture(scope="module")
def domain_segmenter(tmp_path_factory):
    """jieba taught two domain terms, as the index build does from the glossary."""
    path = tmp_path_factory.mktemp("jieba") / "jieba.dict"
    texts = ["检查状态动作时，战斗伤害步骤中的践踏生物会造成战斗伤害。"]
    segment.build_dictionary(texts, ["状态动作", "战斗伤害步骤", "战斗伤害"], path)
    previous = segment._current
    yield segment.configure(path)
    segment._current = previous


def test_english_is_stemmed_and_lowercased():
    assert analyze(english_analyzer(), "Tramples ATTACKING creatures") == [
        "trampl", "attack", "creatur"]


def test_english_keeps_rule_numbers_symbols_and_pt():
    tokens = analyze(english_analyzer(), "See rule 702.19b: {T}: Add {W}. It gets +1/+1.")
    assert "702.19b" in tokens and "{t}" in tokens and "{w}" in tokens and "+1/+1" in tokens


def test_english_drops_stop_words():
    assert analyze(english_analyzer(), "the damage of a creature") == ["damag", "creatur"]


def test_traditional_is_folded_to_simplified():
    assert fold("踐踏與飛行") == "践踏与飞行"
    assert analyze(chinese_analyzer(), "踐踏") == analyze(chinese_analyzer(), "践踏")


def test_folding_keeps_length_so_offsets_carry_over():
    text = "戰鬥傷害步驟７０２．１９ｂ"
    assert len(fold(text)) == len(text)


def test_domain_terms_stay_whole(domain_segmenter):
    tokens = analyze(chinese_analyzer(), "检查状态动作")
    assert "状态动作" in tokens
    assert "战斗伤害步骤" in analyze(chinese_analyzer(), "在战斗伤害步骤中")


def test_index_mode_adds_inner_words_at_the_same_position(domain_segmenter):
    tokens = [(t.text, t.pos) for t in chinese_analyzer()("战斗伤害", positions=True,
                                                           mode="index")]
    assert ("战斗伤害", 0) in tokens and ("伤害", 0) in tokens


def test_positions_count_words_not_characters(domain_segmenter):
    tokens = [(t.text, t.pos) for t in chinese_analyzer()("践踏生物造成战斗伤害",
                                                           positions=True, mode="query")]
    assert [p for _, p in tokens] == list(range(len(tokens)))


def test_chinese_character_offsets_point_into_the_text(domain_segmenter):
    text = "在战斗伤害步骤中，践踏 trample 生物"
    for t in chinese_analyzer()(text, chars=True, mode="index"):
        assert fold(text)[t.startchar:t.endchar].lower() == t.text or t.text.startswith(
            fold(text)[t.startchar:t.endchar].lower()[:4])


def test_mixed_script_text_yields_both_kinds_of_tokens(domain_segmenter):
    tokens = analyze(chinese_analyzer(), "{T}：践踏 trample")
    assert "{t}" in tokens and "践踏" in tokens and "trampl" in tokens


def test_pruned_dictionary_keeps_jieba_total(tmp_path):
    path = tmp_path / "d.txt"
    segment.build_dictionary(["状态动作"], [], path)
    stock = segment.Segmenter()
    stock._init()
    pruned = segment.Segmenter(path)
    pruned._init()
    assert pruned._tk.total == stock._tk.total
    assert len(pruned._tk.FREQ) < len(stock._tk.FREQ) / 100


def test_pruned_dictionary_segments_corpus_text_as_the_stock_one(tmp_path, records):
    texts = [t for r in records if r.kind in ("rule", "ruling", "glossary")
             for t in [getattr(r, "text", {}).get("zh-Hans", "")] if t][::7]
    assert len(texts) > 500
    path = tmp_path / "d.txt"
    segment.build_dictionary(texts, [], path)
    stock = segment.Segmenter()
    pruned = segment.Segmenter(path)
    for text in texts:
        assert pruned.words(text) == stock.words(text), text
    assert [w for w, _, _ in pruned.words("目标不合法")] == ["目标", "不", "合法"]
