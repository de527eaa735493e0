"""The shipped source documents are present and unchanged."""

from __future__ import annotations

import shutil

import pytest

from judgebot.ingest import sources
from judgebot.ingest.rulebook import SourceError

EXPECTED_FILES = {
    "seeds/000_8355339e488bd63b.txt",
    "seeds/001_7a50fd2cf3bcb8c6.txt",
    "seeds/002_577cacf1936b5ce6.txt",
    "seeds/003_b8215b51b169ca9b.txt",
    "seeds/004_9bfc9bd19f766343.txt",
    "en-cr/MagicCompRules_20191004.txt",
    "en-cr/MagicCompRules_20251114.txt",
    "en-cr/MagicCompRules_20260116.txt",
    "en-cr/MagicCompRules_20260227.txt",
    "en-cr/MagicCompRules_20260417.txt",
    "en-cr/MagicCompRules_20260925.txt",
    "cardnames/tsr_cardnames.tsv",
    "policy/mtr-2026-02-27-en.txt",
    "policy/ipg-2024-09-23-en.txt",
    "policy/judge-terms-zh.tsv",
    "fow-en/FoW_CR_en_6.3_20170303.txt",
    "fow-en/FoW_CR_en_12.7_20250918.txt",
    "release-notes-en/tsr-release-notes-en-2021-03-23.md",
    "cards/cards.jsonl.xz",
    "cardnames/nicknames.tsv",
}


def test_manifest_lists_every_source(sources_dir):
    assert set(sources.checksums(sources_dir)) == EXPECTED_FILES


def test_every_source_matches_its_sha256(sources_dir):
    for name, expected in sources.checksums(sources_dir).items():
        assert sources.sha256(sources_dir / name) == expected, name


def test_provenance_documents_are_shipped(sources_dir):
    assert (sources_dir / "SOURCES.md").is_file()
    assert (sources_dir / "cardnames" / "README.md").is_file()


@pytest.fixture
def copied_sources(tmp_path, sources_dir):
    target = tmp_path / "sources"
    shutil.copytree(sources_dir, target)
    return target


def test_verify_names_a_missing_file(copied_sources):
    (copied_sources / "seeds/003_b8215b51b169ca9b.txt").unlink()
    with pytest.raises(SourceError) as err:
        sources.verify(copied_sources)
    assert err.value.file == "seeds/003_b8215b51b169ca9b.txt"
    assert "missing" in str(err.value)


def test_verify_names_a_truncated_file(copied_sources):
    path = copied_sources / "en-cr/MagicCompRules_20191004.txt"
    path.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(SourceError) as err:
        sources.verify(copied_sources)
    assert err.value.file == "en-cr/MagicCompRules_20191004.txt"
    assert "altered or truncated" in str(err.value)


def test_verify_names_an_altered_file(copied_sources):
    path = copied_sources / "cardnames/tsr_cardnames.tsv"
    path.write_bytes(path.read_bytes().replace(b"\t", b" ", 1))
    with pytest.raises(SourceError) as err:
        sources.verify(copied_sources)
    assert err.value.file == "cardnames/tsr_cardnames.tsv"


def test_verify_rejects_a_missing_manifest(copied_sources):
    (copied_sources / "SOURCES.md").unlink()
    with pytest.raises(SourceError, match="manifest"):
        sources.verify(copied_sources)
