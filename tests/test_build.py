"""`judgebot corpus build`: deterministic, complete, and safe on bad input."""

from __future__ import annotations

import json
import shutil

import pytest

from judgebot import corpus
from judgebot.cli import main
from judgebot.ingest import build


@pytest.fixture(scope="module")
def fresh_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus")
    report = build.build(corpus.SOURCES_DIR, out)
    return out, report


def _built_files(directory):
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.jsonl"))} | {
        "report.json": (directory / "report.json").read_bytes()}


def test_committed_corpus_equals_a_fresh_build(fresh_build):
    out, _ = fresh_build
    assert _built_files(out) == _built_files(corpus.CORPUS_DIR), (
        "corpus/ is stale: run `judgebot corpus build` and commit the result")


def test_build_is_byte_identical_twice(fresh_build, tmp_path):
    out, _ = fresh_build
    build.build(corpus.SOURCES_DIR, tmp_path)
    assert _built_files(tmp_path) == _built_files(out)


def test_every_record_has_provenance(records, sources_dir):
    line_counts = {}
    for rec in records:
        assert rec.source, rec.id
        for span in rec.source:
            if span.file not in line_counts:
                text = (sources_dir / span.file).read_bytes()
                line_counts[span.file] = text.count(b"\n") + 1
            assert 1 <= span.start <= span.end <= line_counts[span.file], (rec.id, span)


def test_ids_are_unique_and_well_formed(records):
    ids = [r.id for r in records]
    assert len(ids) == len(set(ids))
    for rec in records:
        game, kind, edition, key = corpus.parse_id(rec.id)
        # A card is one record whatever set printed it: its id names no edition.
        assert (game, edition) == (rec.game, "" if kind == "card" else rec.edition)
        assert key


def test_every_link_resolves(records, by_id):
    for rec in records:
        for name in build.LINK_FIELDS:
            for target in getattr(rec, name, None) or []:
                assert target in by_id, (rec.id, name, target)


def test_unresolved_references_are_explained(fresh_build):
    _, report = fresh_build
    for item in report.unresolved:
        assert item["reason"] and item["source"], item


def test_records_round_trip_through_json(records):
    for rec in records[:: max(1, len(records) // 500)]:
        again = corpus.record_from_dict(json.loads(corpus.dumps(rec)))
        assert corpus.dumps(again) == corpus.dumps(rec)


def _broken_sources(tmp_path, name, mutate):
    src = tmp_path / "sources"
    shutil.copytree(corpus.SOURCES_DIR, src)
    mutate(src / name)
    return src


def _run_build(src, out, capsys):
    code = main(["corpus", "build", "--sources", str(src), "--out", str(out)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    "mutate",
    [
        lambda p: p.unlink(),
        lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 3]),
        lambda p: p.write_bytes(p.read_bytes().replace(b"Trample", b"Tramp1e", 1)),
    ],
    ids=["missing", "truncated", "altered"],
)
def test_bad_source_stops_the_build_and_leaves_the_corpus(tmp_path, capsys, mutate):
    name = "en-cr/MagicCompRules_20251114.txt"
    src = _broken_sources(tmp_path, name, mutate)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.jsonl").write_text("{}\n", encoding="utf-8")
    code, err = _run_build(src, out, capsys)
    assert code == 1
    assert name in err
    assert [p.name for p in out.iterdir()] == ["keep.jsonl"]
    assert (out / "keep.jsonl").read_text(encoding="utf-8") == "{}\n"


def test_unverified_build_names_the_line_of_a_damaged_source(tmp_path, capsys):
    name = "en-cr/MagicCompRules_20191004.txt"
    src = _broken_sources(
        tmp_path, name, lambda p: p.write_bytes(p.read_bytes().replace(b"Glossary", b"G", 2)))
    code = main(["corpus", "build", "--no-verify", "--sources", str(src),
                 "--out", str(tmp_path / "out")])
    assert code == 1
    assert name in capsys.readouterr().err


def test_cli_prints_a_summary_table(tmp_path, capsys):
    code = main(["corpus", "build", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "English CR 2019-10-04" in out and "mtg-rule-2025-11-14.jsonl" in out
    assert "unresolved references" in out
