"""Index lifecycle: built atomically, rebuilt when stale or damaged, never served broken."""

from __future__ import annotations

import shutil

import pytest

from judgebot import corpus
from judgebot.search import index
from judgebot.store import StoreError, open_store


@pytest.fixture
def small_corpus(tmp_path):
    """A corpus of one file (the current glossary) so each build takes a moment."""
    src = tmp_path / "corpus"
    src.mkdir()
    shutil.copy(corpus.CORPUS_DIR / "mtg-glossary-2025-11-14.jsonl", src)
    return src


@pytest.fixture
def small_store(tmp_path, small_corpus):
    return open_store(small_corpus, tmp_path / "store")


@pytest.fixture
def built(tmp_path, small_store):
    idx = tmp_path / "index"
    handle = index.build(small_store, idx)
    handle.ix.close()
    return idx, small_store, handle.path


def test_build_records_the_corpus_hash_and_file_sums(built):
    idx, src, path = built
    live, reason = index.check(src, idx)
    assert live == path and reason == "ok"
    meta = index.json.loads((path / index.META).read_text())
    assert meta["corpus_hash"] == index.corpus_hash(src)
    assert meta["documents"] == src.size == sum(1 for _ in corpus.read_jsonl(
        corpus.CORPUS_DIR / "mtg-glossary-2025-11-14.jsonl"))
    assert {"jieba.dict", "vocab.json", "names.json"} <= set(meta["files"])


def test_nothing_but_the_live_build_is_left_behind(built):
    idx, _, path = built
    assert sorted(p.name for p in idx.iterdir()) == sorted([index.CURRENT, path.name])


def test_a_changed_corpus_makes_the_index_stale(built, small_corpus, tmp_path):
    idx, _, _ = built
    with (small_corpus / "mtg-glossary-2025-11-14.jsonl").open("a", encoding="utf-8") as fh:
        fh.write("\n")
    changed = open_store(small_corpus, tmp_path / "store")
    assert index.check(changed, idx) == (None, "corpus has changed since the index was built")


def test_a_damaged_file_is_detected(built):
    idx, src, path = built
    seg = max((p for p in path.glob("*.*") if p.suffix not in (".json", ".toc")),
              key=lambda p: p.stat().st_size)  # the largest file of the segment
    data = bytearray(seg.read_bytes())
    data[len(data) // 2] ^= 0xFF
    seg.write_bytes(bytes(data))
    assert index.check(src, idx) == (None, "index files are damaged")


def test_a_half_written_index_is_detected(built):
    idx, src, path = built
    (path / index.META).unlink()
    assert index.check(src, idx) == (None, "index is incomplete")


def test_a_missing_index_is_detected(tmp_path, small_store):
    assert index.check(small_store, tmp_path / "none") == (None, "no index built yet")


def test_open_rebuilds_a_damaged_index_instead_of_serving_it(built):
    idx, src, path = built
    next(path.glob("*.pst")).write_bytes(b"garbage")
    messages = []
    handle = index.open_or_build(src, idx, log=messages.append)
    assert handle.path != path and not path.exists()
    assert messages == ["Rebuilding the search index: index files are damaged."]
    with handle.ix.searcher() as s:
        assert s.doc_count() > 500


def test_a_failed_build_leaves_the_live_index_in_service(built, monkeypatch):
    idx, src, path = built

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(index.segment, "build_dictionary", explode)
    with pytest.raises(RuntimeError):
        index.build(src, idx)
    assert index.check(src, idx) == (path, "ok")
    assert not [p for p in idx.iterdir() if p.name.startswith(".tmp-")]


def test_building_from_an_empty_corpus_is_refused(tmp_path):
    with pytest.raises(StoreError, match="corpus build"):
        open_store(tmp_path, tmp_path / "store")


def test_progress_is_reported_to_the_end(tmp_path, small_store):
    seen = []
    index.build(small_store, tmp_path / "index", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1]


def test_a_killed_build_leaves_nothing_behind_after_the_next_build(tmp_path, small_corpus,
                                                                   small_store):
    import os
    import signal
    import subprocess
    import sys
    import time

    idx = tmp_path / "index"
    script = ("import sys; from pathlib import Path; from judgebot.search import index; "
              "from judgebot.store import open_store; "
              "index.build(open_store(Path(sys.argv[2]), Path(sys.argv[3])), Path(sys.argv[1]))")
    builder = subprocess.Popen([sys.executable, "-c", script, str(idx), str(small_corpus),
                                str(tmp_path / "store")])
    deadline = time.monotonic() + 60
    while not list(idx.glob(".tmp-*/*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(builder.pid, signal.SIGKILL)
    builder.wait()
    left = [p.name for p in idx.iterdir()]
    assert any(n.startswith(".tmp-") for n in left), left  # what a kill leaves …
    handle = index.build(small_store, idx)
    handle.ix.close()
    assert sorted(p.name for p in idx.iterdir()) == sorted(["CURRENT", handle.path.name])


def test_a_build_in_progress_keeps_its_folder(tmp_path, small_store):
    idx = tmp_path / "index"
    idx.mkdir()
    other = idx / ".tmp-1-other"
    claim = index._claim(other)  # another builder, still at work
    other.mkdir()
    try:
        index.build(small_store, idx).ix.close()
        assert other.is_dir()
    finally:
        claim.close()  # the other builder dies: its lock is dropped, its folder stays
    index.build(small_store, idx).ix.close()
    assert not other.exists() and not (idx / ".tmp-1-other.lock").exists()


def test_two_processes_opening_a_stale_index_build_it_once(tmp_path, small_corpus, small_store):
    import subprocess
    import sys

    idx = tmp_path / "index"
    script = ("import sys; from pathlib import Path; from judgebot.search import index; "
              "from judgebot.store import open_store; "
              "h = index.open_or_build(open_store(Path(sys.argv[2]), Path(sys.argv[3])), "
              "Path(sys.argv[1]), log=print); print('opened', h.path.name)")
    procs = [subprocess.Popen([sys.executable, "-c", script, str(idx), str(small_corpus),
                               str(tmp_path / "store")], stdout=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert sum("Rebuilding the search index" in o for o in outs) == 1, outs
    opened = {o.split("opened ")[1].strip() for o in outs}
    assert len(opened) == 1 and (idx / opened.pop()).is_dir()
    assert index.check(small_store, idx)[1] == "ok"
