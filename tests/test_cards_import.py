"""``judgebot cards import``: Scryfall's and MTGJSON's downloads into the card file."""

from __future__ import annotations

import gzip
import json
import lzma
from pathlib import Path

import pytest

from judgebot.cli import main
from judgebot.ingest import cardimport, cards, sources

DATA = Path(__file__).parent / "data" / "cardimport"
ORACLE, RULINGS, ATOMIC = DATA / "oracle-cards.json", DATA / "rulings.json", \
    DATA / "AtomicCards.json"


@pytest.fixture
def src(tmp_path) -> Path:
    """A source directory whose card file has two cards (one the imports lack)."""
    lines = [{"name": "Opt", "mana_cost": "{U}", "type_line": "Instant",
              "oracle_text": "Scry 1.\nDraw a card.", "color_identity": ["U"],
              "name_zhs": "预知", "src": "test"},
             {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
              "power": "2", "toughness": "2", "name_zhs": "灰熊",
              "rulings": [{"date": "2004-10-04", "text": "A vanilla creature."}], "src": "test"}]
    directory = tmp_path / "sources"
    (directory / "cards").mkdir(parents=True)
    path = directory / cards.FILE
    path.write_bytes(lzma.compress("".join(json.dumps(ln) + "\n" for ln in lines).encode()))
    (directory / sources.MANIFEST).write_text(
        f"# Sources\n\n```\n{sources.sha256(path)}  {cards.FILE}\n```\n", encoding="utf-8")
    return directory


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def imported(directory: Path) -> dict[str, dict]:
    out = {}
    for _, data in cards.iter_lines(directory / cards.FILE, cards.FILE):
        out[data["name"]] = data
    return out


def test_scryfall_cards_and_rulings_with_mtgjson_chinese_names(src):
    report = cardimport.import_files([ORACLE, RULINGS, ATOMIC], src)
    found = imported(src)
    assert set(found) == {"Opt", "Fire // Ice", "Grizzly Bears"}  # the token is no card
    fire_ice = found["Fire // Ice"]
    assert [f["name"] for f in fire_ice["faces"]] == ["Fire", "Ice"]
    assert [f["name_zhs"] for f in fire_ice["faces"]] == ["火", "冰"]
    assert fire_ice["name_zhs"] == "火 // 冰"
    # Wizards' rulings only: a Scryfall note is not a ruling.
    assert [r["text"][:10] for r in fire_ice["rulings"]] == ["Fire's dam", "Fire // Ic"]
    assert "rulings" not in found["Opt"] and "rulings" not in found["Grizzly Bears"]
    assert report["cards"] == {"before": 2, "after": 3, "added": 1, "removed": 0}
    assert report["cards with Chinese names"] == 3


def test_the_new_card_file_is_listed_with_its_checksum_and_provenance(src):
    cardimport.import_files([ORACLE, RULINGS, ATOMIC], src)
    assert sources.verify(src)[cards.FILE] == sources.sha256(src / cards.FILE)
    provenance = json.loads((src / cardimport.IMPORT_FILE).read_text(encoding="utf-8"))
    assert [f["format"] for f in provenance["files"]] == [
        "scryfall-cards", "scryfall-rulings", "mtgjson-atomic"]
    entries = cards.join(cards.read(src / cards.FILE)).entries  # the store can read it
    assert len(entries) == 3


def test_mtgjson_alone_gives_cards_rulings_and_chinese_names(src):
    cardimport.import_files([ATOMIC], src)
    found = imported(src)
    assert found["Fire // Ice"]["rulings"][0]["date"] == "2020-08-07"
    assert found["Grizzly Bears"]["name_zhs"] == "灰熊"


def test_scryfall_cards_alone_keep_the_current_chinese_names_and_rulings(src):
    cardimport.import_files([ORACLE], src)
    found = imported(src)
    assert found["Opt"]["name_zhs"] == "预知"
    assert found["Grizzly Bears"]["rulings"] == [{"date": "2004-10-04",
                                                 "text": "A vanilla creature."}]


def test_compressed_downloads_are_read(src, tmp_path):
    packed = tmp_path / "oracle-cards.json.gz"
    packed.write_bytes(gzip.compress(ORACLE.read_bytes()))
    cardimport.import_files([packed], src)
    assert "Fire // Ice" in imported(src)


def _refused(src, path, match, **kwargs):
    before = snapshot(src)
    with pytest.raises(cardimport.ImportError_, match=match):
        cardimport.import_files([path], src, **kwargs)
    assert snapshot(src) == before  # nothing changed


@pytest.mark.parametrize(("content", "match"), [
    (ORACLE.read_bytes()[:700], "truncated"),
    (b"name,mana_cost\nOpt,{U}\n", "not JSON"),
    (b'{"cards": []}', "no 'data' object"),
    (b"[1, 2, 3]", "not an object"),
    (b'[{"object": "set", "name": "Alpha"}]', "neither a card nor a ruling"),
    (b"[]", "empty array"),
    (b"\x00\x01\x02binary\xff\xfe", "not JSON|not UTF-8"),
    (b'[{"object": "card", "name": "Deep", "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}]",
     "nested deeper"),
    (b'{"data": {"Deep": ' + b"[" * 50_000 + b"]" * 50_000 + b"}}", "nested deeper"),
    (b'[{"object": "card", "name": "' + b"x" * 300 + b'", "type_line": "Instant"}]',
     "longer than"),
])
def test_a_bad_file_changes_nothing(src, tmp_path, content, match):
    path = tmp_path / "download.json"
    path.write_bytes(content)
    _refused(src, path, match, allow_fewer=True)


def test_a_huge_value_is_refused_without_reading_it_all(src, tmp_path, monkeypatch):
    monkeypatch.setattr(cardimport, "MAX_ELEMENT", 64 * 1024)
    monkeypatch.setattr(cardimport, "CHUNK", 16 * 1024)
    path = tmp_path / "huge.json"
    path.write_bytes(b'[{"object": "card", "name": "' + b"x" * 1_000_000 + b'"}]')
    _refused(src, path, "larger than")


def test_rulings_need_their_cards(src):
    _refused(src, RULINGS, "oracle_id")


def test_an_import_with_far_fewer_cards_is_refused_unless_allowed(src, tmp_path):
    one = tmp_path / "one.json"
    one.write_text(json.dumps([json.loads(ORACLE.read_text())[0]]), encoding="utf-8")
    big = [{"name": f"Card {n}", "type_line": "Instant", "src": "t"} for n in range(10)]
    (src / cards.FILE).write_bytes(lzma.compress(
        "".join(json.dumps(c) + "\n" for c in big).encode()))
    _refused(src, one, "partial download")
    cardimport.import_files([one], src, allow_fewer=True)
    assert set(imported(src)) == {"Opt"}


def test_a_zip_archive_is_refused_with_a_hint(src, tmp_path):
    path = tmp_path / "AtomicCards.json.zip"
    path.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    _refused(src, path, "unpack it first")


def test_the_command_reports_and_exits(src, tmp_path, capsys):
    assert main(["cards", "import", str(ORACLE), str(ATOMIC), "--sources", str(src)]) == 0
    assert "cards: 2 → 3" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    assert main(["cards", "import", str(bad), "--sources", str(src)]) == 1
    err = capsys.readouterr().err
    assert "truncated" in err and "nothing was changed" in err
    assert main(["cards", "import", str(tmp_path / "missing.json"), "--sources",
                 str(src)]) == 1
