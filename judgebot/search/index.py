"""The Whoosh index: schema, atomic build, staleness and corruption checks.

Layout of ``index/``::

    CURRENT                 name of the live build directory
    build-<hash>-<nonce>/   Whoosh segment files, jieba.dict, meta.json,
                            docs.json (each document's record id, kind, game,
                            edition and whether it is current: what filters read)

A build is written into a hidden temporary directory, verified, renamed, and
only then named in ``CURRENT`` (an atomic replace), so a crash never leaves a
half-built index in service. The builder holds a lock on ``.tmp-….lock``
beside its directory while it works; the next build removes every temporary
directory whose lock nobody holds (its builder was killed). ``meta.json``
records the corpus hash the index was built from and the size and CRC-32 of
every file; an index whose corpus has changed, or whose files do not match, is
rebuilt rather than served.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sys
import time
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, abandoned builds expire by age
    fcntl = None

from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, TEXT, Schema

from judgebot import corpus
from judgebot.rulelinks import rules_vocabulary
from judgebot.search import analysis, documents
from judgebot.search.bulkpool import bulk_writer, repeated_values
from judgebot.search.mapped import MappedStorage
from judgebot.search.spelling import Corrector, vocabulary
from judgebot.search.tiers import CARD_KINDS, TieredBM25F
from judgebot.store import Store
from judgebot.text import segment

# Bump when the schema, analyzers or documents change meaning.
SCHEMA_VERSION = "22"
INDEX_DIR = corpus.ROOT / "index"
CURRENT = "CURRENT"
META = "meta.json"
JIEBA_DICT = "jieba.dict"
VOCAB = "vocab.json"
NAMES = "names.json"
DOCS = "docs.json"
RULE_WORDS = "rule_words.json"


class IndexError_(Exception):
    """The index cannot be opened or built."""


def schema() -> Schema:
    en = analysis.english_analyzer()
    zh = analysis.chinese_analyzer()
    # A document's kind, game, edition and currency are not indexed: filters
    # read them from docs.json (four fewer postings per document).
    return Schema(
        id=ID(stored=True, unique=True),
        only=ID,
        number=ID,
        section=KEYWORD(),
        names=KEYWORD(field_boost=4.0),
        pinyin=KEYWORD(lowercase=True, field_boost=3.0),
        # Texts are not stored: snippets are cut from the corpus records the
        # service holds, so the index keeps only what ranking needs.
        title_en=TEXT(analyzer=en, field_boost=3.0),
        title_zh=TEXT(analyzer=zh, field_boost=3.0),
        text_en=TEXT(analyzer=en),
        text_zh=TEXT(analyzer=zh),
        context=TEXT(analyzer=zh, field_boost=0.5),
        alias_en=TEXT(analyzer=en, field_boost=3.0),
        alias_zh=TEXT(analyzer=zh, field_boost=3.0),
        # The same fields for the cards and their rulings (see judgebot.search.tiers).
        c_title_en=TEXT(analyzer=en, field_boost=3.0),
        c_title_zh=TEXT(analyzer=zh, field_boost=3.0),
        c_text_en=TEXT(analyzer=en),
        c_text_zh=TEXT(analyzer=zh),
        c_context=TEXT(analyzer=zh, field_boost=0.5),
    )


def weighting(tiers: dict[str, int]) -> TieredBM25F:
    """BM25F within each tier (``tiers``: tier → documents, as the index's meta
    says), and an alias counts whole however long the list of a record's
    aliases: Whoosh measures a field against its average over every document,
    and only a few records have aliases at all."""
    return TieredBM25F(tiers, alias_en_B=0.0, alias_zh_B=0.0)


def corpus_hash(store: Store) -> str:
    """What an index is built from: the schema and the store's corpus."""
    return hashlib.sha256(f"schema {SCHEMA_VERSION}\n{store.digest}\n".encode()).hexdigest()


@dataclass
class Handle:
    """An opened, verified index, with the word segmenter its Chinese fields use."""

    path: Path
    meta: dict
    ix: whoosh_index.Index
    segmenter: segment.Segmenter | None = None


Progress = Callable[[int, int], None]


def terminal_progress(label: str = "Building index") -> Progress:
    """A progress bar on stderr (a few plain lines when stderr is not a terminal)."""
    tty = sys.stderr.isatty()
    state = {"last": -1}

    def show(done: int, total: int) -> None:
        pct = 100 * done // max(total, 1)
        if tty:
            bar = "#" * (pct // 4)
            sys.stderr.write(f"\r{label} [{bar:<25}] {pct:3d}% {done}/{total}")
            if done >= total:
                sys.stderr.write("\n")
            sys.stderr.flush()
            state["last"] = pct
        elif pct // 25 > state["last"] // 25 or state["last"] < 0:
            sys.stderr.write(f"{label}: {pct}% ({done}/{total})\n")
            state["last"] = pct

    return show


def build(store: Store, index_dir: Path = INDEX_DIR,
          progress: Progress | None = None) -> Handle:
    """Build a fresh index beside the live one and swap it in."""
    with _exclusive(index_dir):
        return _build(store, index_dir, progress)


def _build(store: Store, index_dir: Path, progress: Progress | None) -> Handle:
    records = list(store.records())
    if not records:
        raise IndexError_("the corpus store is empty: run `judgebot corpus build`")
    digest = corpus_hash(store)
    _remove_abandoned(index_dir)
    staging = index_dir / f".tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    claim = _claim(staging)
    staging.mkdir()
    try:
        started = time.perf_counter()
        docs = list(documents.documents(store, records))
        dict_entries = segment.build_dictionary(
            (d.text_zh + "\n" + d.title_zh for d in docs),
            _domain_terms(docs),
            staging / JIEBA_DICT,
        )
        segment.configure(staging / JIEBA_DICT)
        ix = whoosh_index.create_in(str(staging), schema())
        # Separate segment files, read as needed: a compound one is copied whole
        # into memory by every reader (some 60 MB of postings and terms).
        writer = bulk_writer(ix.writer(compound=False))  # from scratch: no spill, no merge
        total = len(docs)
        rows = [doc.fields() for doc in docs]
        with repeated_values(writer.schema, rows):
            for i, row in enumerate(rows, 1):
                writer.add_document(**row)
                if progress and (i % 500 == 0 or i == total):
                    progress(i, total)
        writer.commit(optimize=True)
        ix.close()
        (staging / "MAIN_WRITELOCK").unlink(missing_ok=True)
        _vocabulary(records).save(staging / VOCAB)
        (staging / DOCS).write_text(json.dumps(doc_table(docs), ensure_ascii=False,
                                               separators=(",", ":")), encoding="utf-8")
        (staging / RULE_WORDS).write_text(json.dumps(rule_words(store), ensure_ascii=False,
                                                     separators=(",", ":"), sort_keys=True),
                                          encoding="utf-8")
        (staging / NAMES).write_text(
            json.dumps(name_table(store, records), ensure_ascii=False, sort_keys=True),
            encoding="utf-8")
        meta = {
            "tiers": {"rules": sum(1 for d in docs if d.kind not in CARD_KINDS),
                      "cards": sum(1 for d in docs if d.kind in CARD_KINDS)},
            "corpus_hash": digest,
            "schema_version": SCHEMA_VERSION,
            "documents": total,
            "jieba_entries": dict_entries,
            "build_seconds": round(time.perf_counter() - started, 2),
            "files": _file_sums(staging),
        }
        (staging / META).write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")
        final = index_dir / f"build-{digest[:12]}-{uuid.uuid4().hex[:6]}"
        os.replace(staging, final)
        _point_current(index_dir, final.name)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    finally:
        _release(claim)
    _remove_stale(index_dir, keep=final.name)
    seg = segment.configure(final / JIEBA_DICT)
    return Handle(final, meta, open_mapped(final), seg)


def rule_words(store: Store) -> dict:
    """What the judge knows of the words of the current Magic rules, computed
    once here rather than by every process that answers questions:
    ``df``: each analyzed token (both languages) → in how many current rules;
    ``en``: the English words of the current rules and glossary (not their
    examples, which name cards); ``zh2``: the two-character Chinese strings of
    the translated rules and glossary."""
    current = store.current_edition("mtg")
    translated = store.translated_edition("mtg")
    en_analyzer, zh_analyzer = analysis.english_analyzer(), analysis.chinese_analyzer()
    df: dict[str, int] = {}
    for rec in store.records("mtg", "rule", current) if current else ():
        local = store.text(rec, "zh")
        tokens = set(analysis.analyze(en_analyzer, rec.text.get(corpus.EN, ""))) | set(
            analysis.analyze(zh_analyzer, analysis.fold(local.text) if local else ""))
        for tok in tokens:
            df[tok] = df.get(tok, 0) + 1
    en, zh = rules_vocabulary(
        rec for kind in ("rule", "glossary")
        for edition in dict.fromkeys((store.current_edition("mtg", kind), translated))
        for rec in (store.records("mtg", kind, edition) if edition else ()))
    return {"df": df, "en": sorted(en), "zh2": sorted(zh)}


def doc_table(docs: list[documents.SearchDoc]) -> dict[str, list]:
    """Per document number: its record id, and (as indexes into short lists)
    its kind, game and edition, the one language it has if only one (``only``),
    and whether it is current."""
    out: dict[str, list] = {"ids": [d.id for d in docs], "current": [int(d.current) for d in docs]}
    for name in ("kind", "game", "edition", "only"):
        column = [d.only() if name == "only" else getattr(d, name) for d in docs]
        values = sorted(set(column))
        at = {v: i for i, v in enumerate(values)}
        out[f"{name}s"] = values
        out[name] = [at[v] for v in column]
    return out


def name_table(store: Store, records: list[corpus.Record]) -> dict[str, dict[str, list[str]]]:
    """``names``: whole-name keys in any language → ids of the records so named;
    ``pinyin``: toneless pinyin (joined) of Chinese names → the same ids;
    ``aliases``: the other names a headword gives (鹏洛客 and 旅法师 of
    "鹏洛客（旧译旅法师）"), as keys and pinyin → ids;
    ``to_en`` / ``to_zh``: a bilingual headword → its name in the other
    language, for carrying a query across languages.

    Cards are not in these tables: the store knows the names cards are known
    by (:mod:`judgebot.cardfinder` looks them up), and a card's rulings carry
    its names in both languages in their ``context``, so a Chinese card name
    reaches its English rulings without crossing."""
    names: dict[str, list[str]] = {}
    pinyin: dict[str, list[str]] = {}
    aliases: dict[str, list[str]] = {}
    to_en: dict[str, str] = {}
    to_zh: dict[str, str] = {}
    for rec in records:
        if rec.kind in ("glossary", "name"):
            labels = [v for v in rec.term.values() if v]
            partner = store.translation_of(rec) if rec.kind == "glossary" else None
            if partner is not None and partner is not rec:
                # the current entry answers to its Chinese name too
                labels += [v for k, v in partner.term.items() if k != corpus.EN and v]
        elif rec.kind in corpus.POLICY_KINDS:
            _policy_names(rec, names, aliases, to_en, to_zh)
            continue
        else:
            continue
        for label in labels:
            for table, keys in ((names, [documents.name_key(label)]),
                                (pinyin, documents.pinyin_keys(label)[:1])):
                for key in keys:
                    if key and rec.id not in table.setdefault(key, []):
                        table[key].append(rec.id)
            for variant in documents.name_variants(label):
                for key in (documents.name_key(variant), *documents.pinyin_keys(variant)[:1]):
                    if key and rec.id not in aliases.setdefault(key, []):
                        aliases[key].append(rec.id)
        en, zh = rec.term.get(corpus.EN, ""), corpus.zh_of(rec.term)
        if en and zh:
            # A headword's other names cross too (旅法师 → Planeswalker), and
            # what crosses over is the name without its note.
            for name in (zh, *documents.name_variants(zh)):
                if len(name) >= 2:
                    to_en.setdefault(analysis.fold(name), documents.without_note(en))
            to_zh.setdefault(en.lower(), analysis.fold(documents.without_note(zh)))
    return {"names": names, "pinyin": pinyin, "aliases": aliases,
            "to_en": to_en, "to_zh": to_zh}


def _policy_names(rec, names, aliases, to_en, to_zh) -> None:
    """A tournament-document section's names (see ``documents.policy_names``)
    and its bilingual pairs: the Chinese name and every Chinese alias carry a
    query to its English name, the English name to the Chinese."""
    own = documents.policy_names(rec)
    main = {documents.name_key(n) for n in (corpus.zh_of(rec.title), *rec.name.values(),
                                            rec.title.get(corpus.EN, "")) if n}
    for label in own:
        key = documents.name_key(label)
        table = names if key in main else aliases
        if key and rec.id not in table.setdefault(key, []):
            table[key].append(rec.id)
    pairs = rec.name or rec.title
    en, zh = pairs.get(corpus.EN, ""), corpus.zh_of(pairs)
    if not (en and zh):
        return
    for name in (zh, *rec.aliases.get(corpus.ZH_HANS, [])):
        if len(name) >= 2:
            to_en.setdefault(analysis.fold(name), en)
    to_zh.setdefault(en.lower(), analysis.fold(zh))


def _vocabulary(records: list[corpus.Record]) -> Corrector:
    """English words of the corpus with their counts, for spelling suggestions.
    The rules' words, not the cards': tens of thousands of card-text words
    would cost every process memory and time to correct towards, and a card's
    name is looked up (and corrected) by name (:mod:`judgebot.cardfinder`)."""
    texts = []
    for rec in records:
        if rec.kind in ("card", "ruling"):
            continue
        for name in ("text", "definition", "term", "name", "title"):
            value = getattr(rec, name, None)
            if isinstance(value, dict) and value.get(corpus.EN):
                texts.append(value[corpus.EN])
    return Corrector(dict(vocabulary(texts)))


def _domain_terms(docs: list[documents.SearchDoc]) -> set[str]:
    """Headwords, keyword and card names, section titles: kept whole by jieba."""
    terms: set[str] = set()
    for doc in docs:
        if doc.kind in corpus.POLICY_KINDS:  # names of sections and infractions, whole
            terms.update(n for n in (doc.title_zh + " " + doc.alias_zh).split() if len(n) <= 12)
            continue
        if doc.kind in ("glossary", "card", "name", "note") or (
            doc.kind == "rule" and doc.title_zh and len(doc.title_zh) <= 12
        ):
            for part in doc.title_zh.replace("//", " ").split():
                terms.add(part.strip("【】「」()（）"))
            terms.update(documents.name_variants(doc.title_zh))
    return terms


def open_mapped(path: Path) -> whoosh_index.Index:
    """The index at ``path``, its files read through memory maps (:mod:`.mapped`)."""
    return MappedStorage(str(path)).open_index()


def _file_sums(directory: Path) -> dict[str, list[int]]:
    sums = {}
    for path in sorted(directory.iterdir()):
        if path.is_file() and path.name != META:
            data = path.read_bytes()
            sums[path.name] = [len(data), zlib.crc32(data)]
    return sums


def _point_current(index_dir: Path, name: str) -> None:
    tmp = index_dir / f".{CURRENT}.{os.getpid()}"
    tmp.write_text(name + "\n", encoding="utf-8")
    os.replace(tmp, index_dir / CURRENT)


def _remove_stale(index_dir: Path, keep: str) -> None:
    for path in index_dir.iterdir():
        if path.is_dir() and path.name.startswith("build-") and path.name != keep:
            shutil.rmtree(path, ignore_errors=True)
    _remove_abandoned(index_dir)


# --- temporary build directories ---------------------------------------------------

def _claim(staging: Path):
    """Lock ``staging``'s lock file for as long as this process builds there."""
    handle = open(staging.with_name(staging.name + ".lock"), "w")
    if fcntl is not None:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return handle


def _release(handle) -> None:
    handle.close()  # closing drops the lock
    Path(handle.name).unlink(missing_ok=True)


def _abandoned(lock: Path) -> bool:
    """Whether the builder of the directory beside ``lock`` has gone."""
    if fcntl is None:  # no advisory locks here: trust only age
        return time.time() - lock.stat().st_mtime > 3600
    try:
        with open(lock, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False  # its builder holds the lock: still building
    return True


def _remove_abandoned(index_dir: Path) -> None:
    """Remove the temporary directories of builds that were killed before the end."""
    for path in index_dir.glob(".tmp-*"):
        if not path.is_dir():
            continue
        lock = path.with_name(path.name + ".lock")
        if (lock.exists() and _abandoned(lock)) or (
                not lock.exists() and time.time() - path.stat().st_mtime > 3600):
            shutil.rmtree(path, ignore_errors=True)
            lock.unlink(missing_ok=True)
    for lock in index_dir.glob(".tmp-*.lock"):  # a build killed between lock and folder
        if not lock.with_suffix("").exists() and _abandoned(lock):
            lock.unlink(missing_ok=True)


def check(store: Store, index_dir: Path = INDEX_DIR) -> tuple[Path | None, str]:
    """The live build directory if it is complete, intact and current; else why not."""
    pointer = index_dir / CURRENT
    if not pointer.is_file():
        return None, "no index built yet"
    path = index_dir / pointer.read_text(encoding="utf-8").strip()
    meta_path = path / META
    if not path.is_dir() or not meta_path.is_file():
        return None, "index is incomplete"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, "index metadata is unreadable"
    if meta.get("schema_version") != SCHEMA_VERSION:
        return None, "index was built by another version of judgebot"
    if meta.get("corpus_hash") != corpus_hash(store):
        return None, "corpus has changed since the index was built"
    if _file_sums(path) != meta.get("files"):
        return None, "index files are damaged"
    return path, "ok"


def open_or_build(store: Store, index_dir: Path = INDEX_DIR,
                  progress: Progress | None = None, log: Callable[[str], None] | None = None
                  ) -> Handle:
    """Open the live index, rebuilding it first when missing, stale or damaged.

    One process builds at a time: two servers started together on a stale index
    would otherwise each remove the other's finished build. The second waits for
    the first, then opens what it built."""
    handle, reason = _open(store, index_dir)
    if handle is not None:
        return handle
    with _exclusive(index_dir):
        handle, reason = _open(store, index_dir)
        if handle is not None:
            return handle
        if log:
            log(f"Rebuilding the search index: {reason}.")
        return _build(store, index_dir, progress)


def _open(store: Store, index_dir: Path) -> tuple[Handle | None, str]:
    path, reason = check(store, index_dir)
    if path is None:
        return None, reason
    try:
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        seg = segment.configure(path / JIEBA_DICT)
        return Handle(path, meta, open_mapped(path), seg), "ok"
    except Exception as exc:  # any failure to open means: rebuild
        return None, f"index could not be opened ({exc.__class__.__name__})"


@contextlib.contextmanager
def _exclusive(index_dir: Path):
    """Hold ``index_dir``'s build lock, waiting while another process builds.

    The lock file is removed when done, so nothing but the live build is left;
    a waiter that locked a file removed meanwhile tries again on the new one."""
    index_dir.mkdir(parents=True, exist_ok=True)
    path = index_dir / ".build.lock"
    if fcntl is None:  # no advisory locks here
        yield
        return
    while True:
        handle = open(path, "a")
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            if os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino:
                break
        except FileNotFoundError:
            pass
        handle.close()
    try:
        yield
    finally:
        path.unlink(missing_ok=True)
        handle.close()
