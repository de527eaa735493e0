"""The card file as card and ruling records (derived into the store, not committed)."""

from __future__ import annotations

import json
import lzma
import shutil

import pytest

from judgebot import corpus
from judgebot.ingest import cards
from judgebot.ingest.rulebook import SourceError


@pytest.fixture(scope="module")
def report():
    return json.loads((corpus.CORPUS_DIR / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def figures(report):
    [doc] = [d for d in report["documents"] if d["file"] == cards.FILE]
    return doc["figures"]


def test_the_build_report_counts_the_cards(figures):
    assert figures["cards"] == 30659
    assert figures["multi-faced cards"] == 752
    assert figures["cards with Chinese names"] == 17585
    assert figures["rulings"] == 46636
    assert figures["rulings linked to rules"]["any"] == 32041
    assert figures["cards joined from their halves"] == 11
    assert figures["halves folded into their whole card"] == 87
    assert figures["reversible reprints folded into their card"] == 64
    assert figures["nicknames"] == 111


def test_every_time_spiral_remastered_card_is_joined_with_chinese_and_english(figures):
    assert figures["release-notes cards joined"] == 255
    assert figures["release-notes cards joined with Chinese and English"] == 255
    assert figures["release-notes cards not joined"] == []


def test_rulings_are_linked_to_the_current_rules(figures, store):
    assert figures["rules edition linked to"] == store.current_edition("mtg")


def test_the_store_holds_what_the_build_reports(store, figures):
    assert store.count("mtg", "card") == figures["cards"]
    assert store.count("mtg", "ruling", cards.ORACLE) == figures["rulings"]


def test_two_derivations_give_the_same_records(store, sources_dir):
    committed = corpus.load()
    again = cards.derive(sources_dir, committed).merged(committed)
    derived = [r for r in again if r.kind in ("card", "ruling")]
    assert len(derived) == store.count(kind="card") + store.count(kind="ruling")
    for rec in derived[::97]:  # the store's records came from an earlier derivation
        assert corpus.dumps(store.get(rec.id)) == corpus.dumps(rec), rec.id


# --- one card each -----------------------------------------------------------------

def test_a_card_record(store):
    murder = store.get("mtg:card:murder")
    assert murder.name == {"en": "Murder", "zh-Hans": "谋杀"}
    assert murder.mana_cost == "{1}{B}{B}" and murder.colours == ("B",)
    assert murder.type_line == {"en": "Instant"} and murder.types == ("Instant",)
    assert murder.text == {"en": "Destroy target creature."}
    assert murder.edition == cards.ORACLE
    assert murder.source[0].file == cards.FILE


def test_a_release_notes_card_is_its_oracle_card_with_its_chinese(store):
    goyf = store.get("mtg:card:tarmogoyf")
    assert goyf.text["en"].startswith("Tarmogoyf's power is equal to the number of card types")
    assert goyf.text["zh-Hans"].startswith("塔莫耶夫的力量等同于")
    assert goyf.type_line == {"en": "Creature — Lhurgoyf", "zh-Hans": "生物~拉高耶夫"}
    assert (goyf.set, goyf.section) == ("tsr", "主系列/绿色")
    assert {s.file for s in goyf.source} == {cards.FILE, "seeds/003_b8215b51b169ca9b.txt",
                                            "release-notes-en/tsr-release-notes-en-2021-03-23.md"}
    assert goyf.nicknames == ("Goyf",)


def test_a_release_notes_ruling_that_is_an_oracle_ruling_gives_it_its_chinese(store):
    goyf = store.get("mtg:card:tarmogoyf")
    assert goyf.rulings == tuple(f"mtg:ruling:tarmogoyf:{n}" for n in range(1, 5))
    first = store.get("mtg:ruling:tarmogoyf:1")
    assert first.text["en"].startswith("The ability that defines Tarmogoyf's power")
    assert first.text["zh-Hans"].startswith("设定塔莫耶夫的力量与防御力之异能")
    assert store.get("mtg:ruling:tsr:tarmogoyf:1").same_as == first.id


def test_a_release_notes_ruling_the_oracle_lacks_stays_beside_the_oracle_rulings(store):
    amalgam = store.get("mtg:card:prized-amalgam")
    erratum = store.get("mtg:ruling:tsr:prized-amalgam:3")
    assert erratum.id in amalgam.rulings and not erratum.same_as
    assert erratum.card == amalgam.id


def test_split_halves_of_the_older_source_are_one_card(store):
    card = store.get("mtg:card:smelt-herd-saw")
    assert [f["name"]["en"] for f in card.faces] == ["Smelt", "Herd", "Saw"]
    assert card.mana_cost == "{R} // {5}{G} // {1}{B}"
    erayo = store.find("mtg", "card", slug="erayo-soratami-ascendant-erayos-essence")[0]
    assert erayo.faces[0]["name"] == {"en": "Erayo, Soratami Ascendant", "zh-Hans": "入圣空民伟代"}


def test_each_face_gets_its_own_part_of_a_chinese_name_given_whole(store):
    # The file names both faces of Bonecrusher Giant // Stomp "碎骨巨人 // 一脚踩下",
    # and the card itself "碎骨巨人 // 一脚踩下 // 碎骨巨人 // 一脚踩下".
    card = store.get("mtg:card:bonecrusher-giant-stomp")
    assert [f["name"]["zh-Hans"] for f in card.faces] == ["碎骨巨人", "一脚踩下"]
    assert card.name["zh-Hans"] == "碎骨巨人 // 一脚踩下"
    assert [rid for rid, _ in store.card_keys("碎骨巨人")] == ["mtg:card:bonecrusher-giant-stomp"]


def test_halves_of_a_card_the_file_has_whole_are_folded_into_it(store):
    [card] = store.find("mtg", "card", slug="alive-well")
    assert card.flags == () and not store.find("mtg", "card", slug="alive-well-2")
    assert [f["name"]["en"] for f in card.faces] == ["Alive", "Well"]


def test_a_reversible_reprint_never_shadows_its_card(store):
    assert not store.find("mtg", "card", slug="sol-ring-sol-ring")
    ring = store.get("mtg:card:sol-ring")
    assert ring.aliases == ("Sol Ring // Sol Ring",)
    assert store.card_keys("solringsolring") == [("mtg:card:sol-ring", "alias")]
    regent = store.get("mtg:card:bloomvine-regent-claim-territory")
    assert regent.aliases == ("Bloomvine Regent // Claim Territory // Bloomvine Regent",)


def test_slugs_spell_out_accents_ligatures_and_blanks():
    assert cards.card_slug("Lim-Dûl's Vault") == "lim-duls-vault"
    assert cards.card_slug("Æther Vial") == "aether-vial"
    assert cards.card_slug("Fight the _____ Fight") == "fight-the-blank-fight"
    assert cards.card_slug("Borrowing 100,000 Arrows") == "borrowing-100-000-arrows"


def test_a_ruling_naming_a_keyword_links_its_rule(store):
    current = store.current_edition("mtg")
    ruling = store.get("mtg:ruling:ajanis-pridemate:3")  # "Each creature with lifelink …"
    assert corpus.rule_id("702.15", current) in ruling.rules
    assert ruling.date


def test_an_ordinary_word_is_not_a_keyword_unless_the_card_has_it(store):
    current = store.current_edition("mtg")
    linker_rule = corpus.rule_id("702.41", current)  # 702.41 Affinity
    for card in ("mtg:card:tarmogoyf", "mtg:card:murder"):
        for rid in store.get(card).rulings:
            assert linker_rule not in store.get(rid).rules


def test_card_names_are_keys_in_every_form(store):
    assert ("mtg:card:lightning-bolt", "zh") in store.card_keys("闪电击")
    assert ("mtg:card:lightning-bolt", "pinyin") in store.card_keys("shandianji")
    assert ("mtg:card:delver-of-secrets-insectile-aberration", "face") in store.card_keys(
        "insectileaberration")
    assert ("mtg:card:ragavan-nimble-pilferer", "short") in store.card_keys("ragavan")
    assert store.card_keys("goyf") == [("mtg:card:tarmogoyf", "nickname")]


# --- bad card files ----------------------------------------------------------------

def _card_file(tmp_path, lines: list[bytes | str]) -> object:
    path = tmp_path / "cards.jsonl.xz"
    body = b"".join((ln.encode() if isinstance(ln, str) else ln) + b"\n" for ln in lines)
    path.write_bytes(lzma.compress(body))
    return path


GOOD = json.dumps({"name": "Opt", "mana_cost": "{U}", "type_line": "Instant",
                   "oracle_text": "Scry 1.\nDraw a card.", "color_identity": ["U"]})


@pytest.mark.parametrize(("line", "message"), [
    ("[1, 2]", "not a JSON object"),
    ("{not json", "not a JSON object"),
    ("[" * 100_000 + "]" * 100_000, "not a JSON object"),
    (json.dumps({"mana_cost": "{U}"}), "without 'name'"),
    (json.dumps({"name": "X" * 500}), "longer than"),
    (json.dumps({"name": "Opt", "rulings": [{"date": "2020-01-01"}]}), "ruling"),
    (json.dumps({"name": "Opt", "color_identity": ["purple"]}), "color_identity"),
    (json.dumps({"name": "Opt", "oracle_text": {"deep": [1]}}), "must be text"),
    (json.dumps({"name": "Opt\u0000"}), "control characters"),
])
def test_a_bad_line_names_its_line(tmp_path, line, message):
    path = _card_file(tmp_path, [GOOD, line])
    with pytest.raises(SourceError) as err:
        cards.read(path)
    assert err.value.line == 2 and message in err.value.message


def test_an_overlong_line_is_refused_without_reading_it_all(tmp_path):
    path = _card_file(tmp_path, [GOOD, '{"name": "' + "x" * (cards.MAX_LINE + 10) + '"}'])
    with pytest.raises(SourceError, match="longer than"):
        cards.read(path)


def test_a_truncated_card_file_is_refused(tmp_path):
    path = _card_file(tmp_path, [GOOD] * 200)
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(SourceError, match="truncated"):
        cards.read(path)


def test_an_empty_card_file_is_refused(tmp_path):
    with pytest.raises(SourceError, match="no cards"):
        cards.read(_card_file(tmp_path, []))


def test_a_nickname_of_a_card_the_file_lacks_is_refused(tmp_path, sources_dir):
    path = tmp_path / "nicknames.tsv"
    path.write_text("nickname\tcard\nGoyf\tTarmogoyf\nZap\tNo Such Card\n", encoding="utf-8")
    entries = cards.join(cards.read(sources_dir / cards.FILE)).entries
    with pytest.raises(SourceError) as err:
        cards.read_nicknames(path, entries)
    assert err.value.line == 3 and "No Such Card" in err.value.message


def test_a_store_over_a_damaged_card_file_is_not_built(tmp_path):
    from judgebot.store import StoreError, open_store

    src = tmp_path / "corpus"
    src.mkdir()
    shutil.copy(corpus.CORPUS_DIR / "mtg-glossary-2025-11-14.jsonl", src)
    (src / "sources" / "cards").mkdir(parents=True)
    _card_file(tmp_path, [GOOD, "{broken"]).rename(src / "sources" / cards.FILE)
    with pytest.raises(StoreError, match="card file"):
        open_store(src, tmp_path / "store")
    assert not list((tmp_path / "store").glob("store-*.sqlite"))
