"""The Time Spiral Remastered release notes (seed 003): cards, rulings, notes."""

from __future__ import annotations

import re
import shutil

import pytest

from judgebot.ingest import release_notes, release_notes_en
from judgebot.ingest.context import EN_2019, BuildContext
from judgebot.ingest.release_layout import MARKER, clean
from judgebot.ingest.release_notes import FILE, NAMES_FILE
from judgebot.ingest.rulebook import SourceError

CR = "mtg:cr:2019-10-04:"


@pytest.fixture(scope="module")
def result(sources_dir):
    [res] = release_notes.ingest(BuildContext(sources_dir))
    return res


@pytest.fixture(scope="module")
def ids(result):
    return {r.id: r for r in result.records}


@pytest.fixture(scope="module")
def cards(result):
    return {r.name["zh-Hans"]: r for r in result.records if r.kind == "card"}


@pytest.fixture(scope="module")
def source_lines(sources_dir):
    return (sources_dir / FILE).read_text(encoding="utf-8").split("\n")


def rulings_of(card, ids):
    return [ids[r] for r in card.rulings]


def zh_spans(rec):
    """The spans of a record in the Chinese seed (the English document's aside)."""
    return [s for s in rec.source if s.file == FILE]


# --- counts -----------------------------------------------------------------------

def test_every_card_of_the_name_table_with_a_block_is_a_card(result, sources_dir):
    table = (sources_dir / NAMES_FILE).read_text(encoding="utf-8").splitlines()[1:]
    english = {row.split("\t")[0] for row in table}
    cards = [r for r in result.records if r.kind == "card"]
    # 258 rows: 255 cards have a block, 3 are named only inside other cards' rulings.
    assert len(cards) == 255 == len(english) - 3
    assert {c.name["en"] for c in cards} < english
    assert result.figures["named only in rulings"] == [
        "安罗斥候 (Amrou Scout)", "先人的预视 (Ancestral Vision)", "真菌学者 (Mycologist)"]


def test_card_and_ruling_counts(result):
    kinds = [r.kind for r in result.records]
    assert kinds.count("card") == 255
    # 613 rulings printed in Chinese, 2 more whose mark the conversion lost (the
    # English shows them), one Chinese line cut in two to match two English ones.
    assert kinds.count("ruling") == 616
    assert kinds.count("note") == 15
    assert result.figures["cards"] == 255
    assert result.figures["rulings"] == 616
    assert result.figures["note rulings (in note text)"] == 77


def test_cards_per_section(result):
    assert result.figures["cards per section"] == {
        "主系列/白色": 27, "主系列/蓝色": 26, "主系列/黑色": 26, "主系列/红色": 24,
        "主系列/绿色": 23, "主系列/多色": 9, "主系列/无色": 8, "主系列/地": 6,
        "篇外印张/白色": 13, "篇外印张/蓝色": 15, "篇外印张/黑色": 12, "篇外印张/红色": 17,
        "篇外印张/绿色": 8, "篇外印张/多色": 15, "篇外印张/无色": 15, "通则释疑": 11,
    }


# --- every ruling line in exactly one record ----------------------------------------

def _holders(result):
    holders: dict[int, list[str]] = {}
    for rec in result.records:
        if rec.kind not in ("ruling", "note"):
            continue
        if rec.kind == "ruling" and rec.text.get("en") and rec.id.endswith(":2") and \
                rec.card == "mtg:card:clockwork-hydra":
            continue  # the second half of a line cut to match the English
        for span in zh_spans(rec):
            for n in range(span.start, span.end + 1):
                holders.setdefault(n, []).append(rec.id)
    for rec in result.records:
        for flag in getattr(rec, "flags", []):
            if flag.startswith("mode:"):  # a bulleted mode of a modal spell: rules text
                holders.setdefault(int(flag.split(":")[1]), []).append(rec.id)
    return holders


def test_every_bulleted_line_belongs_to_exactly_one_ruling_note_or_mode(result, source_lines):
    bulleted = [n for n, line in enumerate(source_lines, 1) if MARKER.match(clean(line)[1])]
    assert len(bulleted) == 644
    holders = _holders(result)
    assert {n: holders.get(n, []) for n in bulleted if len(holders.get(n, [])) != 1} == {}


def test_no_two_rulings_share_a_line_but_one_cut_to_match_the_english(result):
    seen: dict[int, str] = {}
    shared = []
    for rec in result.records:
        if rec.kind != "ruling":
            continue
        for span in zh_spans(rec):
            for n in range(span.start, span.end + 1):
                if n in seen:
                    shared.append((seen[n], rec.id))
                seen[n] = rec.id
    assert shared == [("mtg:ruling:tsr:clockwork-hydra:1", "mtg:ruling:tsr:clockwork-hydra:2")]


def test_ruling_text_comes_from_its_own_lines(result, source_lines):
    def squeeze(text):
        return re.sub(r"[\s|」]", "", text)

    for rec in result.records:
        if rec.kind != "ruling" or "zh-Hans" not in rec.text:
            continue
        printed = "".join(clean(source_lines[n - 1])[1] for span in zh_spans(rec)
                          for n in range(span.start, span.end + 1))
        assert squeeze(rec.text["zh-Hans"]) in squeeze(printed), rec.id


def test_ruling_ids_number_a_cards_rulings_in_order(cards, ids):
    rulings = rulings_of(cards["救助天使"], ids)
    assert [r.id for r in rulings] == [
        f"mtg:ruling:tsr:angel-of-salvation:{n}" for n in range(1, 8)]
    assert [r.index for r in rulings] == list(range(1, 8))
    assert all(r.card == "mtg:card:angel-of-salvation" for r in rulings)
    starts = [r.source[0].start for r in rulings]
    assert starts == sorted(starts)


# --- cards ------------------------------------------------------------------------

SECTION_ENDS = [
    # section, first card, its cost and P/T, last card, its cost and P/T
    ("主系列/白色", "救助天使", "{6}{W}{W}", "5/5", "白鬃狮", "{1}{W}", "2/2"),
    ("主系列/蓝色", "亘古纪年者", "{3}{U}{U}", "*/*", "鞭脊龙兽", "{3}{U}{U}", "3/3"),
    ("主系列/黑色", "颤栗再现", "{2}{B}{B}", None, "异西里狱卒", "{1}{B}", "2/1"),
    ("主系列/红色", "怒火天使爱若玛", "{5}{R}{R}{R}", "6/6", "双头裂片妖", "{1}{R}", "1/1"),
    ("主系列/绿色", "暮秋", "{1}{G}", None, "亚维马雅树灵", "{1}{G}{G}", "2/1"),
    ("主系列/多色", "休眠裂片妖", "{2}{G}{U}", "2/2", "裂片妖军团", "{W}{U}{B}{R}{G}", "7/7"),
    ("主系列/无色", "发条多头龙", "{5}", "0/0", "填充娃娃", "{5}", "0/1"),
    ("主系列/地", "树灵乔木", "", "1/1", "维苏瓦", "", None),
    ("篇外印张/白色", "阿耶尼的群伴", "{1}{W}", "2/2", "石角显贵", "{3}{W}", "1/4"),
    ("篇外印张/蓝色", "监察长巴罗", "{1}{U}", "1/3", "真名宿敌", "{1}{U}{U}", "3/1"),
    ("篇外印张/黑色", "安福陵的暗贾", "{3}{B}{B}", "2/4", "筑拉波割喉客", "{1}{B}", "1/1"),
    ("篇外印张/红色", "蔑死者阿列莎", "{2}{R}", "3/2", "狂热民兵", "{4}{R}", "3/3"),
    ("篇外印张/绿色", "唤醒古物", "{G}", None, "还诸自然", "{G}", None),
    ("篇外印张/多色", "突发衰败", "{B}{G}", None, "潮窟渡船夫", "{W}{B}", "2/2"),
    ("篇外印张/无色", "虚空圣杯", "{X}{X}", None, "荒野", "", None),
]


def _pt(card):
    return None if card.power is None else f"{card.power}/{card.toughness}"


@pytest.mark.parametrize(("section", "first", "first_cost", "first_pt", "last", "last_cost",
                          "last_pt"), SECTION_ENDS, ids=[s[0] for s in SECTION_ENDS])
def test_first_and_last_card_of_each_section(result, section, first, first_cost, first_pt, last,
                                             last_cost, last_pt):
    in_section = [r for r in result.records if r.kind == "card" and r.section == section]
    head, tail = in_section[0], in_section[-1]
    assert (head.name["zh-Hans"], head.mana_cost, _pt(head)) == (first, first_cost, first_pt)
    assert (tail.name["zh-Hans"], tail.mana_cost, _pt(tail)) == (last, last_cost, last_pt)


def test_a_card_record(cards):
    card = cards["天威勇将寇维克斯"]
    assert card.id == "mtg:card:crovax-ascendant-hero"
    assert card.name == {"zh-Hans": "天威勇将寇维克斯", "en": "Crovax, Ascendant Hero"}
    assert (card.mana_cost, card.mana_cost_raw) == ("{4}{W}{W}", "{四}(白){白}")
    assert card.type_line == {"zh-Hans": "传奇生物~人类/贵族",
                              "en": "Legendary Creature — Human Noble"}
    assert (card.supertypes, card.types, card.subtypes) == (
        ["Legendary"], ["Creature"], ["人类", "贵族"])
    assert (card.power, card.toughness) == ("4", "4")
    assert card.text["zh-Hans"] == (
        "其他白色生物得+1/+1。\n非白色的生物得-1/-1。\n支付2点生命:将天威勇将寇维克斯移回其拥有者手上。")
    assert (card.set, card.edition, card.section) == ("tsr", "tsr", "主系列/白色")
    assert len(card.rulings) == 3


def test_a_card_whose_head_and_text_share_one_line(cards, ids):
    card = cards["天界十字军"]
    assert (card.mana_cost, _pt(card), card.subtypes) == ("{2}{W}{W}", "2/2", ["精怪"])
    assert card.text["zh-Hans"].split("\n") == [
        "闪现", "转瞬(只要此咒语在堆叠上,牌手便不能施放咒语或起动不是法术力异能的异能。)",
        "飞行", "其他白色生物得+1/+1。"]
    [ruling] = rulings_of(card, ids)
    assert ruling.text["zh-Hans"].startswith("由于标记在生物上的伤害要到回合结束时才会移除")


def test_a_ruling_line_that_ends_with_the_next_cards_name(cards, ids):
    last = rulings_of(cards["滑溜脓水"], ids)[-1]
    assert last.text["zh-Hans"].endswith("就需决定是否要以疯魔方式施放之。")
    dirge = cards["寇族挽歌"]
    assert dirge.source[0].start == last.source[0].start == 1166
    assert dirge.mana_cost == "{2}{B}"


@pytest.mark.parametrize(
    ("name", "raw", "normalised"),
    [
        ("救助天使", "{六}{白}{白}", "{6}{W}{W}"),
        ("艾文核灵师", "{二}(白)", "{2}{W}"),
        ("隆响煤妖", "{二}{红}红}", "{2}{R}{R}"),
        ("城塞老鼠", "{黑}{二}", "{2}{B}"),
        ("吮咒蛾螺", "{蓝}{蓝}{四}", "{4}{U}{U}"),
        ("寇族黜人掠夺者", "{一}(蓝", "{1}{U}"),
        ("暴燃", "{X}{X}{红}", "{X}{X}{R}"),
        ("逸散条约", "{零}", "{0}"),
        ("云钥", "(三)", "{3}"),
        ("多相钥匙", "{--}", "{1}"),
        ("巫视望远镜", "{ = }", "{2}"),
        ("暴起//炸裂", "{一}{红} // {五}{红}", "{1}{R} // {5}{R}"),
    ],
)
def test_known_mana_cost_normalisations(cards, name, raw, normalised):
    assert (cards[name].mana_cost_raw, cards[name].mana_cost) == (raw, normalised)


def test_an_unknown_glyph_of_a_mono_coloured_card_is_read_as_its_colour(cards):
    card = cards["茫然不已"]  # {盆}{二} in the blue section
    assert card.mana_cost == "{2}{U}"
    assert "cost:glyph 盆→U (mono-coloured section 主系列/蓝色)" in card.flags


def test_an_unreadable_cost_is_read_from_the_english(cards, result):
    card = cards["盐湖元素"]
    assert (card.mana_cost, card.mana_cost_raw) == ("{4}{U}{U}", "{型}{蓝}{蓝}")
    assert "cost:from-english {型}" in card.flags
    assert result.figures["unreadable mana costs"] == []
    assert any(":703: mana cost '{型}{蓝}{蓝}' of 盐湖元素 has unreadable symbols {型}; the "
               "English gives {4}{U}{U}" in w for w in result.warnings)


def test_without_the_english_an_unreadable_cost_is_left_empty_and_flagged(sources_dir):
    ctx = BuildContext(sources_dir)
    parsed = release_notes.parse(ctx.path(FILE), FILE)
    names = release_notes.CardNames.read(ctx.path(NAMES_FILE), NAMES_FILE)
    built = release_notes.build(parsed, names, ctx.english_2019)
    card = next(r for r in built.records if r.kind == "card" and r.name["zh-Hans"] == "盐湖元素")
    assert (card.mana_cost, card.mana_cost_raw) == ("", "{型}{蓝}{蓝}")
    assert "cost:unreadable {型}" in card.flags
    assert "盐湖元素" in built.figures["unreadable mana costs"]


def test_a_misread_cost_is_corrected_by_the_english(cards, result):
    card = cards["痨病"]  # Phthisis: the conversion lost one {黑}
    assert (card.mana_cost_raw, card.mana_cost) == ("{三}{黑}{黑}{黑}", "{3}{B}{B}{B}{B}")
    assert "cost:from-english {3}{B}{B}{B}→{3}{B}{B}{B}{B}" in card.flags


def test_a_lost_cost_line_comes_from_the_english_and_a_suspend_card_has_none(cards):
    assert "cost:from-english (no cost line)" in cards["赛费尔法师泰菲力"].flags
    assert cards["赛费尔法师泰菲力"].mana_cost == "{2}{U}{U}{U}"
    assert cards["恢复均势"].mana_cost == "" and "cost:missing" not in cards["恢复均势"].flags
    assert not any(f.startswith("cost") for f in cards["宝石洞穴"].flags)


def test_ascii_omega_zero_power_is_repaired(cards):
    card = cards["维苏瓦变形兽"]
    assert (card.power, card.toughness) == ("0", "0")
    assert "pt:look-alike Ω→0" in card.flags


def test_misread_type_words_are_repaired(cards):
    assert cards["复耀飞羽"].types == ["Creature"]
    assert "type:牛物→生物" in cards["复耀飞羽"].flags
    assert cards["战场遗迹"].types == ["Land"]
    assert cards["猿化术"].types == ["Instant"]


def test_a_misread_card_name_is_repaired_from_its_own_text(cards, result):
    card = cards["隆响煤妖"]
    assert card.name["en"] == "Char-Rumbler"
    assert "name:降响煤妖→隆响煤妖" in card.flags
    assert "降响煤妖" not in cards


def test_a_split_card_is_one_record_with_both_halves(cards, ids):
    card = cards["暴起//炸裂"]
    assert card.id == "mtg:card:boom-bust"
    assert card.name["en"] == "Boom // Bust"
    assert card.type_line == {"zh-Hans": "法术 // 法术", "en": "Sorcery // Sorcery"}
    assert card.text["zh-Hans"] == "消灭目标由你操控的地与目标不由你操控的地。\n//\n消灭所有地。"
    assert card.text["en"] == ("Destroy target land you control and target land you don't "
                               "control.\n//\nDestroy all lands.")
    assert "split-card" in card.flags
    assert len(card.rulings) == 8
    assert "暴起//炸裂的总法术力费用为8" in ids[card.rulings[5]].text["zh-Hans"]


def test_rules_text_moved_by_the_conversion_goes_back_to_its_card(cards):
    assert cards["阿耶尼的群伴"].text["zh-Hans"] == (
        "每当你获得生命时,在阿耶尼的群伴上放置一个+1/+1 指示物。")
    assert "text-moved:2310" in cards["阿耶尼的群伴"].flags
    assert cards["巫视望远镜"].text["zh-Hans"].endswith("具有该名称之来源的起动式异能都不能起动。")


def test_a_line_printed_twice_is_kept_once(cards):
    text = cards["漂念精"].text["zh-Hans"]
    assert text.count("呼魂{二}{蓝}") == 1
    assert text.endswith("若你如此作,当它进战场时便牺牲之。)")
    extirpate = cards["根除"].text["zh-Hans"]
    assert "且不能是基本地牌。从其拥有者的坟墓场" in extirpate and "远作日标" not in extirpate


def test_the_bulleted_modes_of_a_modal_spell_are_rules_text(cards):
    card = cards["秘法交汇"]
    assert card.text["zh-Hans"].split("\n")[-2:] == [
        "• 将目标生物移回其拥有者手上。", "• 抓一张牌。"]
    assert len(card.rulings) == 5


def test_unfinished_rules_text_is_flagged(cards):
    assert "text:unfinished:478" in cards["寇族前导兵"].flags


def test_example_cards_of_the_general_notes(cards):
    example = cards["遍历蜉蝣"]
    assert example.section == "通则释疑"
    assert example.rulings == []  # the rulings after it are the note's
    assert "example-in-note:复出关键字:延缓" in example.flags
    both = cards["重诵"]  # printed in the buyback note and in the red section
    assert both.section == "主系列/红色"
    assert [s.start for s in zh_spans(both)] == [299, 1587]


# --- rulings ----------------------------------------------------------------------

def test_rulings_split_across_broken_lines(cards, ids):
    crookclaw = rulings_of(cards["钩爪易质师"], ids)[0]
    assert [(s.start, s.end) for s in zh_spans(crookclaw)] == [(754, 755)]
    assert "先后顺序无关。举例来说、如果你以一个 1/2 生物为目标" in crookclaw.text["zh-Hans"]
    yawgmoth = rulings_of(cards["索蓝医师约格莫夫"], ids)[1]
    assert [(s.start, s.end) for s in zh_spans(yawgmoth)] == [(2841, 2842)]
    assert yawgmoth.text["zh-Hans"].endswith("则此异能不会结算,你不会抓牌。")


def test_a_ruling_whose_mark_was_lost_is_a_ruling(cards, ids):
    [ruling] = rulings_of(cards["墓地翻拣怪"], ids)
    assert ruling.text["zh-Hans"].startswith("如果你利用墓地翻拣怪的疯魔异能来施放它")


def test_unmarked_rulings_after_the_rules_text(cards, ids):
    assert [r.text["zh-Hans"][:8] for r in rulings_of(cards["屠杀条约"], ids)] == [
        "如果屠杀条约被反", "如果屠杀条约结算"]
    assert cards["屠杀条约"].text["zh-Hans"].endswith("若你未如此作,则你输掉这盘游戏。")
    [knight] = rulings_of(cards["圣玄云骑士"], ids)
    assert knight.text["zh-Hans"].startswith("在最后一个异能结算后")


def test_card_text_that_reads_like_prose_stays_rules_text(cards):
    assert cards["宝石洞穴"].text["zh-Hans"].startswith("如果你的起手牌中包含了宝石洞穴")
    assert cards["艾文核灵师"].text["zh-Hans"].endswith("则改为他搜寻该牌库顶的四张牌。")


def test_a_ruling_naming_a_mechanic_links_its_rule(cards, ids, sources_dir):
    ruling = rulings_of(cards["宾纳里亚指挥官"], ids)[1]  # …延缓之「使用此牌」触发式异能…
    assert ruling.rules == [CR + "702.61"]
    titles = {r.number: r.title for r in BuildContext(sources_dir).english_2019.rules}
    assert titles["702.61"] == "Suspend"


def test_a_ruling_naming_the_legend_rule_links_it(cards, ids):
    ruling = rulings_of(cards["天威勇将寇维克斯"], ids)[1]
    assert "传奇规则" in ruling.text["zh-Hans"]
    assert ruling.rules == [CR + "704.5j"]


def test_a_ruling_citing_a_rule_number_links_it(tmp_path, sources_dir):
    src = _copy_sources(tmp_path, sources_dir)
    path = src / FILE
    text = path.read_text(encoding="utf-8")
    ruling = "- 在搜寻结束后,是将整个牌库洗牌。"  # Aven Mindcensor's last ruling
    assert text.count(ruling) == 1
    path.write_text(text.replace(ruling, ruling + "参见规则701.19a与规则 116.2f。"),
                    encoding="utf-8")
    [res] = release_notes.ingest(BuildContext(src))
    linked = next(r for r in res.records if r.id == "mtg:ruling:tsr:aven-mindcensor:4")
    assert linked.rules == [CR + "701.19a", CR + "116.2f"]
    assert res.figures["rulings linked to rules"]["by rule number"] == 1


# --- notes ------------------------------------------------------------------------

def test_general_notes(result, ids):
    notes = [r for r in result.records if r.kind == "note"]
    assert [n.slug for n in notes] == [
        "上市资讯", "复出机制", "suspend", "morph", "flashback", "shadow", "split-second",
        "madness", "echo", "flanking", "delve", "vanishing", "regenerate", "landwalk",
        "buyback"]
    suspend = ids["mtg:notes:tsr:suspend"]
    assert suspend.title == {"zh-Hans": "复出关键字:延缓", "en": "Suspend"}
    assert suspend.rules == [CR + "702.61"]
    assert suspend.text["zh-Hans"].count("\n• ") == 17
    assert ids["mtg:notes:tsr:regenerate"].rules == [CR + "701.14"]
    assert ids["mtg:notes:tsr:上市资讯"].text["zh-Hans"].startswith("自正式发售当日")
    assert suspend.text["en"].startswith("Suspend is a mechanic that lets you set aside a card")
    assert suspend.text["en"].count("\n• ") == 17
    assert ids["mtg:notes:tsr:上市资讯"].title["en"] == "Release Information"
    # 消逝 is Vanishing (消退 is Fading), as the English note's heading says.
    assert ids["mtg:notes:tsr:vanishing"].title == {"zh-Hans": "复出关键字:消逝",
                                                    "en": "Vanishing"}


# --- the document result ----------------------------------------------------------

def test_figures_and_skipped_lines(result):
    figures = result.figures
    assert figures["notes"] == 15
    assert figures["rulings linked to rules"]["any"] == 42
    assert figures["repairs"]["name"] == 1
    assert any("lines 3-11: preamble" in s for s in result.skipped)
    assert any("line 283: Markdown code fence" in s for s in result.skipped)
    assert any("line 3636: trademark and copyright notice" in s for s in result.skipped)


def test_records_have_provenance_in_the_seed(result, source_lines):
    for rec in result.records:
        assert rec.source, rec.id
        for span in zh_spans(rec):
            assert span.lang == "zh-Hans"
            assert 1 <= span.start <= span.end <= len(source_lines)
        for span in rec.source:
            assert span.file in (FILE, release_notes_en.FILE)
            assert span.lang == ("zh-Hans" if span.file == FILE else "en")


def test_the_built_corpus_links_cards_rulings_and_rules(by_id):
    card = by_id["mtg:card:benalish-commander"]
    assert all(by_id[r].card == card.id for r in card.rulings)
    assert by_id[by_id[card.rulings[1]].rules[0]].title["en"] == "Suspend"


# --- damaged sources --------------------------------------------------------------

def _copy_sources(tmp_path, sources_dir):
    src = tmp_path / "sources"
    for name in (FILE, NAMES_FILE, EN_2019, release_notes_en.FILE):
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(sources_dir / name, src / name)
    return src


def _damage(tmp_path, sources_dir, mutate, name=FILE):
    src = _copy_sources(tmp_path, sources_dir)
    path = src / name
    path.write_text(mutate(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(SourceError) as err:
        release_notes.ingest(BuildContext(src))
    return err.value


def test_a_truncated_seed_names_the_file_and_the_line_it_ends_at(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir, lambda t: "\n".join(t.split("\n")[:1200]))
    assert (error.file, error.line) == (FILE, 1199)
    assert "truncated" in error.message


def test_a_seed_cut_before_the_card_notes_names_the_file(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir, lambda t: "\n".join(t.split("\n")[:300]))
    assert error.file == FILE and error.line == 300
    assert "单卡解惑" in error.message


def test_a_seed_cut_after_a_card_name_names_that_line(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir, lambda t: "\n".join(t.split("\n")[:3591]))
    assert (error.file, error.line) == (FILE, 3591)  # ## 战场遗迹, without its type line


def test_a_card_name_missing_from_the_table_keeps_its_chinese_name(tmp_path, sources_dir):
    src = _copy_sources(tmp_path, sources_dir)
    path = src / FILE
    path.write_text(path.read_text(encoding="utf-8").replace("\n白鬃狮\n", "\n银鬃雄狮\n", 1),
                    encoding="utf-8")
    [res] = release_notes.ingest(BuildContext(src))
    card = next(r for r in res.records if r.id == "mtg:card:银鬃雄狮")
    assert card.name == {"zh-Hans": "银鬃雄狮"} and "unknown-name" in card.flags
    assert any(w.startswith(f"{FILE}:646: card name '银鬃雄狮' is not in") for w in res.warnings)


def test_an_altered_type_line_names_the_card(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir,
                    lambda t: t.replace("\n生物~猫\n", "\n生物猫咪类别\n", 1))
    assert (error.file, error.line) == (FILE, 646)
    assert "type line" in error.message


def test_a_damaged_name_table_names_its_file(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir, lambda t: t.replace("name_en", "english", 1),
                    name=NAMES_FILE)
    assert (error.file, error.line) == (NAMES_FILE, 1)


# --- the English original -----------------------------------------------------------

def test_every_card_has_its_english_type_line_and_text(result):
    cards = [r for r in result.records if r.kind == "card"]
    assert all(c.type_line.get("en") and c.text.get("en") for c in cards)
    english = result.figures["English (release-notes-en)"]
    assert english == {"cards with their English text": 255, "rulings with English": 615,
                       "English rulings the Chinese lacks": 0,
                       "Chinese rulings cut in two to match the English": 1,
                       "Chinese-only rulings": 1}


def test_rulings_are_bilingual_and_paired_in_order(cards, ids):
    rulings = rulings_of(cards["救助天使"], ids)
    assert rulings[0].text["en"].startswith("You can tap any untapped creature you control "
                                            "to convoke a spell")
    assert "召集" in rulings[0].text["zh-Hans"]
    assert all(r.text.get("en") and r.text.get("zh-Hans") for r in rulings)


def test_a_chinese_line_holding_two_rulings_is_cut_as_the_english(cards, ids):
    first, second = rulings_of(cards["发条多头龙"], ids)
    assert first.text["zh-Hans"].endswith("它也就不会造成伤害。")
    assert first.text["en"].startswith("If Clockwork Hydra leaves the battlefield")
    assert second.text["zh-Hans"].startswith("如果在发条多头龙的触发式异能试图结算时")
    assert second.text["en"].startswith("If the chosen target is an illegal target")


def test_card_text_the_english_shows_to_be_a_ruling_is_a_ruling(cards, ids):
    slimefoot = cards["寄舱客黏足"]
    assert slimefoot.text["zh-Hans"].endswith("{四}:派出一个 1/1 绿色腐生物衍生生物。")
    [ruling] = rulings_of(slimefoot, ids)
    assert ruling.text["zh-Hans"].startswith("如果一个或数个由你操控的腐生物和黏足同时死去")
    assert ruling.text["en"].startswith("If one or more Saprolings you control die")
    assert "ruling-from-text:3388" in slimefoot.flags


def test_a_chinese_erratum_has_no_english(cards, ids):
    erratum = rulings_of(cards["珍奇拼合怪"], ids)[-1]
    assert erratum.text["zh-Hans"].startswith("中文版勘误")
    assert "en" not in erratum.text


def test_english_mechanic_names_link_rulings_to_rules(cards, ids):
    ruling = rulings_of(cards["珍奇拼合怪"], ids)[0]  # "cast using its madness ability"
    assert ruling.rules == [CR + "702.34"]


@pytest.mark.parametrize(("zh", "en", "pairs"), [
    ([10, 20], [30, 60], [([0], [0]), ([1], [1])]),
    ([60], [80, 90], [([0], [0, 1])]),
    ([30, 60, 90], [90, 180], [([0], [0]), ([1], [1]), ([2], [])]),
    ([30], [90, 400], [([0], [0]), ([], [1])]),
])
def test_rulings_are_paired_by_length_when_their_numbers_differ(zh, en, pairs):
    assert release_notes.pair_rulings(["字" * n for n in zh], ["w" * n for n in en],
                                      1 / 3) == pairs


def test_a_truncated_english_original_names_its_file(tmp_path, sources_dir):
    error = _damage(tmp_path, sources_dir, lambda t: "\n".join(t.split("\n")[:2000]),
                    name=release_notes_en.FILE)
    assert error.file == release_notes_en.FILE and "truncated" in error.message
