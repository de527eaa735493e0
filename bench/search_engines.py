"""The engines the speed benchmark compares, behind one small interface.

- ``whoosh``: judgebot itself (:class:`judgebot.search.service.SearchService`).
- ``tantivy``: the same search documents in a tantivy index: English fields
  with tantivy's ``en_stem`` tokenizer, Chinese fields pre-segmented by the
  same jieba segmentation (judgebot's domain dictionary, Simplified folding,
  subwords) and split on whitespace.
- ``fts5``: the same pre-segmented text in an SQLite FTS5 table
  (``porter unicode61``), ranked by bm25 with the same field weights.
- ``dict``: a plain dictionary from rule number to record, the floor for
  rule-number lookups.

Each engine answers a query with up to ten ``(id, snippets)`` pairs, snippets
being HTML-highlighted excerpts of the English and Chinese text, as a results
page needs. Imports are lazy so a cold-start measurement of one engine pays
only for what that engine needs.

Run as a script, this module is the benchmark's worker process::

    python bench/search_engines.py cold ENGINE WORKDIR QUERY [--profile]
    python bench/search_engines.py serve ENGINE WORKDIR QUERIES.json [--profile]
"""

from __future__ import annotations

import html
import json
import re
import sys
import time
import unicodedata
from pathlib import Path

LIMIT = 10
SNIPPET_CHARS = 180
# Field weights, as in judgebot's Whoosh schema (titles ×3).
WEIGHTS = {"title_en": 3.0, "text_en": 1.0, "title_zh": 3.0, "text_zh": 1.0}
FIELDS = tuple(WEIGHTS)
ENGINES = ("whoosh", "tantivy", "fts5", "dict")

ASCII_WORD = re.compile(r"[0-9A-Za-z]+(?:\.[0-9]+[a-z]{0,2})?")
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
WORD = re.compile(r"[^\W_]+", re.UNICODE)


# --- shared pre-segmentation for the baselines -----------------------------------

class Segmenter:
    """jieba words of judgebot's index dictionary, text folded to Simplified.

    ``index=True`` also emits the dictionary words inside a longer word, as
    judgebot's Chinese analyzer does when indexing, so ``伤害`` finds
    ``战斗伤害`` in every engine alike.
    """

    def __init__(self, dictionary: Path):
        from judgebot.text import segment

        self._seg = segment.Segmenter(dictionary)

    def tokens(self, text: str, index: bool = False) -> list[str]:
        from judgebot.text.script import fold_width, to_hans

        text = to_hans(fold_width(text))
        out: list[str] = []
        last = 0
        for m in CJK_RUN.finditer(text):
            out.extend(w.group().lower() for w in WORD.finditer(text[last:m.start()]))
            for word, _, _ in self._seg.words(m.group()):
                out.append(word)
                if index and len(word) > 2:
                    out.extend(g for g, _ in self._seg.subwords(word))
            last = m.end()
        out.extend(w.group().lower() for w in WORD.finditer(text[last:]))
        return out

    def segmented(self, text: str, index: bool = False) -> str:
        return " ".join(self.tokens(text, index=index))


def baseline_rows(docs, segmenter: Segmenter) -> list[dict[str, str]]:
    """The search documents as the baselines index them."""
    rows = []
    for d in docs:
        rows.append({
            "id": d.id,
            "title_en": d.title_en,
            "text_en": d.text_en,
            "title_zh": segmenter.segmented(d.title_zh, index=True),
            "text_zh": segmenter.segmented(d.text_zh, index=True),
            "current": "1" if d.current else "0",
        })
    return rows


def baseline_terms(query: str, segmenter: Segmenter) -> list[str]:
    """Query words for the baselines: the same segmentation, no syntax."""
    return list(dict.fromkeys(t for t in segmenter.tokens(query) if t))


# --- engines ---------------------------------------------------------------------

class WhooshEngine:
    name = "whoosh"

    def __init__(self, workdir: Path):
        from judgebot.search.service import SearchService
        from judgebot.store import open_store

        store = open_store(_corpus_dir(), workdir / "whoosh")
        self.service = SearchService(store, index_dir=workdir / "whoosh")

    def search(self, query: str) -> list[tuple[str, dict[str, str]]]:
        results = self.service.search(query, per_page=LIMIT)
        return [(h.id, h.snippets) for h in results.hits]

    def close(self) -> None:
        self.service.close()


class TantivyEngine:
    name = "tantivy"

    def __init__(self, workdir: Path):
        import tantivy

        self._tantivy = tantivy
        self.index = tantivy.Index.open(str(workdir / "tantivy"))
        self.index.reload()
        self.searcher = self.index.searcher()
        self.schema = self.index.schema
        self.segmenter = Segmenter(workdir / "jieba.dict")

    @staticmethod
    def build(workdir: Path, rows: list[dict[str, str]]) -> None:
        import tantivy

        sb = tantivy.SchemaBuilder()
        sb.add_text_field("id", stored=True, tokenizer_name="raw")
        sb.add_text_field("current", stored=False, tokenizer_name="raw")
        for name in FIELDS:
            sb.add_text_field(name, stored=True,
                              tokenizer_name="en_stem" if name.endswith("_en") else "whitespace")
        path = workdir / "tantivy"
        path.mkdir(parents=True, exist_ok=True)
        index = tantivy.Index(sb.build(), path=str(path))
        writer = index.writer(heap_size=64_000_000, num_threads=1)
        for row in rows:
            writer.add_document(tantivy.Document(**{k: v for k, v in row.items() if v}))
        writer.commit()
        writer.wait_merging_threads()

    def search(self, query: str) -> list[tuple[str, dict[str, str]]]:
        terms = baseline_terms(query, self.segmenter)
        if not terms:
            return []
        text = " ".join(_tantivy_escape(t) for t in terms)
        parsed, _errors = self.index.parse_query_lenient(text, list(FIELDS), field_boosts=WEIGHTS)
        current = self._tantivy.Query.term_query(self.schema, "current", "1")
        occur = self._tantivy.Occur
        q = self._tantivy.Query.boolean_query([(occur.Must, parsed), (occur.Must, current)])
        hits = self.searcher.search(q, LIMIT).hits
        generators = {}
        for lang, fname in (("en", "text_en"), ("zh", "text_zh")):
            gen = self._tantivy.SnippetGenerator.create(self.searcher, parsed, self.schema, fname)
            gen.set_max_num_chars(SNIPPET_CHARS)
            generators[lang] = gen
        out = []
        for _score, address in hits:
            doc = self.searcher.doc(address)
            snippets = {lang: gen.snippet_from_doc(doc).to_html()
                        for lang, gen in generators.items()}
            out.append((doc["id"][0], snippets))
        return out

    def close(self) -> None:
        pass


def _tantivy_escape(term: str) -> str:
    # Terms are words (no spaces); quoting keeps query syntax out of them.
    return '"' + term.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Fts5Engine:
    name = "fts5"

    def __init__(self, workdir: Path):
        import sqlite3

        self.db = sqlite3.connect(str(workdir / "fts5.sqlite"), check_same_thread=False)
        self.segmenter = Segmenter(workdir / "jieba.dict")
        # Columns: id, current, title_en, text_en, title_zh, text_zh.
        weights = ", ".join(str(WEIGHTS[f]) for f in FIELDS)
        snip = "snippet(docs, {col}, '<mark>', '</mark>', '…', 24)"
        self.sql = (
            f"SELECT id, {snip.format(col=3)}, {snip.format(col=5)} FROM docs "
            f"WHERE docs MATCH ? AND current = '1' "
            f"ORDER BY bm25(docs, 0, 0, {weights}) LIMIT {LIMIT}"
        )

    @staticmethod
    def build(workdir: Path, rows: list[dict[str, str]]) -> None:
        import sqlite3

        path = workdir / "fts5.sqlite"
        path.unlink(missing_ok=True)
        db = sqlite3.connect(str(path))
        db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, current UNINDEXED, "
                   "title_en, text_en, title_zh, text_zh, tokenize='porter unicode61')")
        db.executemany(
            "INSERT INTO docs (id, current, title_en, text_en, title_zh, text_zh) "
            "VALUES (:id, :current, :title_en, :text_en, :title_zh, :text_zh)", rows)
        db.execute("INSERT INTO docs(docs) VALUES ('optimize')")
        db.commit()
        db.close()

    def search(self, query: str) -> list[tuple[str, dict[str, str]]]:
        terms = baseline_terms(query, self.segmenter)
        if not terms:
            return []
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        rows = self.db.execute(self.sql, (match,)).fetchall()
        return [(rid, {"en": en, "zh": zh}) for rid, en, zh in rows]

    def close(self) -> None:
        self.db.close()


class DictEngine:
    """Rule number → record, from a JSON file: what a hand-rolled lookup costs."""

    name = "dict"
    NUMBER = re.compile(r"(\d{1,4}(?:\.\d{1,3}[a-z]{0,2})?)")

    def __init__(self, workdir: Path):
        data = json.loads((workdir / "rules.json").read_text(encoding="utf-8"))
        self.rules: dict[str, dict[str, str]] = data

    @staticmethod
    def build(workdir: Path, records) -> None:
        from judgebot.corpus import CR_2019, EN, ZH_HANS, ZH_HANT

        rules = {}
        for rec in records:
            if rec.kind != "rule" or (rec.game, rec.edition) == ("mtg", CR_2019):
                continue
            key = f"{rec.game}:{rec.number}"
            rules.setdefault(key, {
                "id": rec.id,
                "en": rec.text.get(EN, ""),
                "zh": rec.text.get(ZH_HANS) or rec.text.get(ZH_HANT) or "",
            })
        (workdir / "rules.json").write_text(json.dumps(rules, ensure_ascii=False),
                                            encoding="utf-8")

    def search(self, query: str) -> list[tuple[str, dict[str, str]]]:
        text = unicodedata.normalize("NFKC", query).lower()
        m = self.NUMBER.search(text)
        if not m:
            return []
        game = "fow" if "fow" in text or "force of will" in text else "mtg"
        rec = self.rules.get(f"{game}:{m.group(1)}")
        if rec is None:
            return []
        return [(rec["id"], {k: html.escape(rec[k][:SNIPPET_CHARS]) for k in ("en", "zh")})]

    def close(self) -> None:
        pass


def _corpus_dir() -> Path:
    from judgebot import corpus

    return corpus.CORPUS_DIR


def open_engine(name: str, workdir: Path):
    return {"whoosh": WhooshEngine, "tantivy": TantivyEngine, "fts5": Fts5Engine,
            "dict": DictEngine}[name](workdir)


# --- worker process ----------------------------------------------------------------

def rss_kib() -> dict[str, int]:
    """Current and peak resident set size of this process, in KiB (Linux)."""
    out = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def cold(name: str, workdir: Path, query: str, profile: bool = False) -> None:
    """Open the engine and answer one query; the parent times us to the answer."""
    t0 = time.perf_counter()
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        engine = profiler.runcall(open_engine, name, workdir)
    else:
        engine = open_engine(name, workdir)
    t1 = time.perf_counter()
    hits = engine.search(query)
    t2 = time.perf_counter()
    out = {"hits": len(hits), "open": t1 - t0, "first_query": t2 - t1}
    if profile:
        out["profile"] = _rows(profiler)
    print(json.dumps(out), flush=True)


def serve(name: str, workdir: Path, queries_file: Path, profile: bool = False) -> None:
    """Warm up on every query, then time ``rounds`` passes over them."""
    spec = json.loads(queries_file.read_text(encoding="utf-8"))
    rounds: int = spec["rounds"]
    queries: list[tuple[str, str]] = [tuple(q) for q in spec["queries"]]
    engine = open_engine(name, workdir)
    hits = {}
    for _cat, q in queries:  # warm-up: caches, lazy loads, first-query costs
        hits[q] = [rid for rid, _ in engine.search(q)]
    # Wall time is the latency a user sees; CPU time of this process is the
    # same work measured without the share other processes take of a busy machine.
    timings: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    wall_clock, cpu_clock = time.perf_counter_ns, time.process_time_ns
    for _ in range(rounds):
        for cat, q in queries:
            start, start_cpu = wall_clock(), cpu_clock()
            engine.search(q)
            end, end_cpu = wall_clock(), cpu_clock()
            timings.setdefault(cat, []).append((end - start) / 1e6)
            cpu.setdefault(cat, []).append((end_cpu - start_cpu) / 1e6)
    result = {"engine": name, "timings_ms": timings, "cpu_ms": cpu, "memory_kib": rss_kib(),
              "hits": {q: h[:3] for q, h in hits.items()}}
    if profile:
        result["profile"] = _profile(engine, queries)
    engine.close()
    print(json.dumps(result, ensure_ascii=False), flush=True)


def _profile(engine, queries: list[tuple[str, str]]) -> dict[str, list[list]]:
    """cProfile one pass over the text queries and one over the rule numbers."""
    import cProfile

    out = {}
    for part, wanted in (("text", lambda c: c != "rule-number"),
                         ("rule-number", lambda c: c == "rule-number")):
        profiler = cProfile.Profile()
        profiler.enable()
        for cat, q in queries:
            if wanted(cat):
                engine.search(q)
        profiler.disable()
        out[part] = _rows(profiler)
    return out


def _rows(profiler) -> list[list]:
    """(function, calls, own seconds, cumulative seconds), most cumulative first."""
    import pstats

    stats = pstats.Stats(profiler)
    rows = []
    for (file, line, func), (_cc, calls, tot, cum, _callers) in stats.stats.items():
        rows.append([f"{_short(file)}:{line}({func})", calls, tot, cum])
    rows.sort(key=lambda r: -r[3])
    return rows[:400]


def _short(file: str) -> str:
    for marker in ("/judgebot/", "/whoosh/", "/jieba/", "/opencc/", "/pypinyin/"):
        if marker in file:
            return marker.strip("/") + "/" + file.split(marker, 1)[1]
    return Path(file).name if file.startswith("/") else file


def main(argv: list[str]) -> int:
    mode, name, workdir = argv[0], argv[1], Path(argv[2])
    if mode == "cold":
        cold(name, workdir, argv[3], profile="--profile" in argv[4:])
    elif mode == "serve":
        serve(name, workdir, Path(argv[3]), profile="--profile" in argv[4:])
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
