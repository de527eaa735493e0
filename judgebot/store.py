"""The corpus store: every record of the built corpus, one store per process.

Search, the judge, the engine's card lookup and the web all read records
through it: by id, by rule number and edition, by kind, with their
cross-references (cites, cited by, neighbours in document order) and "the
text of this record in language L, and from which record and edition".

The store is a read-only SQLite file derived from ``corpus/`` (and built on
first use, like the search index, in ``index/``): opening it costs
milliseconds whatever the size of the corpus, and a record is decoded only
when it is asked for (then kept in a bounded cache). A store whose corpus has
changed, or whose file is damaged, is rebuilt, never served.

Beside the committed records, the store holds the cards and rulings of the
card file (``corpus/sources/cards/cards.jsonl.xz``), derived when the store is
built (:mod:`judgebot.ingest.cards`: about 77,000 records, too many to
commit), and the names cards are known by (:meth:`Store.card_keys`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
import uuid
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judgebot import corpus, editions
from judgebot.corpus import EN, POLICY_KINDS, ZH_HANS, Record, zh_of
from judgebot.editions import edition_key, is_versioned
from judgebot.ingest import cards as card_file
from judgebot.ingest.rulebook import SourceError
from judgebot.policynumbers import sort_key as section_key
from judgebot.rulelinks import rules_vocabulary
from judgebot.rulenumbers import sort_key
from judgebot.text.names import name_key, name_words, trigrams

STORE_VERSION = "15"
DATA_DIR = corpus.ROOT / "index"
MMAP_BYTES = 1 << 30  # the whole store (150 MB today) read through one shared map
CACHE_KIB = 256  # and a small private page cache per connection
CITING_FIELDS = ("refs", "rules", "see")
CACHE_SIZE = 30_000
MAX_HOPS = 64  # editions a lineage is followed through

Progress = Callable[[int, int], None]


class StoreError(Exception):
    """The store cannot be built or opened."""


def text_field(rec: Record) -> dict[str, str]:
    """A record's main text by language: a rule's text, a glossary definition …"""
    return getattr(rec, "text", None) or getattr(rec, "definition", None) or {}


@dataclass(frozen=True)
class LocalText:
    """A record's text in one language, and where it comes from: the record
    itself, or (for Chinese) the older record whose translation it is."""

    text: str
    record: str
    edition: str


@dataclass(frozen=True)
class Neighbours:
    parent: str | None
    children: list[str]
    previous: str | None
    next: str | None


# --- building ------------------------------------------------------------------------

def corpus_hash(corpus_dir: Path = corpus.CORPUS_DIR) -> str:
    """What a store is built from: the store format, every corpus file, and
    the card file with what derives its records."""
    digest = hashlib.sha256(f"store {STORE_VERSION}\n".encode())
    for path in sorted(corpus_dir.glob("*.jsonl")):
        digest.update(path.name.encode() + b"\n")
        digest.update(path.read_bytes())
    digest.update(card_file.source_digest(corpus_dir / "sources").encode())
    return digest.hexdigest()


_SCHEMA = """
CREATE TABLE records (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, kind TEXT NOT NULL, edition TEXT NOT NULL,
    number TEXT, slug TEXT, rank INTEGER NOT NULL, previous TEXT, next TEXT,
    body TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX records_by_document ON records (game, kind, edition, rank);
CREATE INDEX records_by_number ON records (game, number, edition);
CREATE INDEX records_by_slug ON records (game, slug, kind);
CREATE TABLE links (source TEXT NOT NULL, target TEXT NOT NULL, position INTEGER NOT NULL);
CREATE INDEX links_by_source ON links (source, position);
CREATE INDEX links_by_target ON links (target);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE card_keys (key TEXT NOT NULL, id TEXT NOT NULL, how TEXT NOT NULL,
                        name TEXT NOT NULL);
CREATE INDEX card_keys_by_key ON card_keys (key);
CREATE TABLE card_names (at INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL,
                         key TEXT NOT NULL);
CREATE TABLE card_words (word TEXT PRIMARY KEY, ats BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE card_terms (head TEXT NOT NULL, lang TEXT NOT NULL, text TEXT NOT NULL,
                         id TEXT NOT NULL, printed TEXT NOT NULL);
CREATE INDEX card_terms_by_head ON card_terms (lang, head);
CREATE TABLE card_list (id TEXT PRIMARY KEY, rank INTEGER NOT NULL, game TEXT NOT NULL,
                        name TEXT NOT NULL, type TEXT NOT NULL, colours TEXT NOT NULL,
                        text TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX card_list_by_rank ON card_list (game, rank);
CREATE TABLE card_grams (gram TEXT PRIMARY KEY, ats BLOB NOT NULL) WITHOUT ROWID;
"""


# Kinds whose records read in sequence (previous / next in document order).
SEQUENTIAL = ("rule", "guide", *POLICY_KINDS)


def _document_order(rec: Record) -> tuple:
    number = getattr(rec, "number", "") or ""
    key = section_key if rec.kind in POLICY_KINDS else sort_key
    return (rec.game, rec.kind, rec.edition, key(number) if number else (0,), rec.id)


def build(records: list[Record], path: Path, digest: str,
          progress: Progress | None = None) -> None:
    """Write a store of ``records`` to ``path`` (through a temporary file)."""
    by_id = {r.id: r for r in records}
    ordered = sorted(records, key=_document_order)
    rank = {r.id: i for i, r in enumerate(ordered)}
    sequence: dict[str, tuple[str | None, str | None]] = {}
    groups: dict[tuple[str, str, str], list[Record]] = defaultdict(list)
    for rec in ordered:
        if rec.kind in SEQUENTIAL:
            groups[(rec.game, rec.kind, rec.edition)].append(rec)
    for members in groups.values():
        for i, rec in enumerate(members):
            sequence[rec.id] = (members[i - 1].id if i else None,
                                members[i + 1].id if i + 1 < len(members) else None)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:6]}")
    try:
        db = sqlite3.connect(tmp)
        db.executescript(_SCHEMA)
        total = len(ordered)
        rows, links = [], []
        for i, rec in enumerate(ordered, 1):
            prev, nxt = sequence.get(rec.id, (None, None))
            rows.append((rec.id, rec.game, rec.kind, rec.edition,
                         getattr(rec, "number", None), getattr(rec, "slug", None),
                         rank[rec.id], prev, nxt, corpus.dumps(rec)))
            for position, target in enumerate(_cited(rec, by_id)):
                links.append((rec.id, target, position))
            if progress and (i % 2000 == 0 or i == total):
                progress(i, total)
        db.executemany("INSERT INTO records VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
        db.executemany("INSERT INTO links VALUES (?,?,?)", links)
        keys = card_key_rows(r for r in ordered if r.kind == "card")
        shorts = _short_names(ordered, keys)
        # A legend's Chinese short name finds it as its English one does.
        keys += [row for row in shorts if not row[3].isascii()]
        db.executemany("INSERT INTO card_keys VALUES (?,?,?,?)", keys)
        _card_name_tables(db, keys)
        db.executemany("INSERT INTO card_terms VALUES (?,?,?,?,?)",
                       _card_terms(ordered, keys, shorts))
        db.executemany("INSERT INTO card_list VALUES (?,?,?,?,?,?,?)",
                       (_card_list_row(r, rank[r.id]) for r in ordered if r.kind == "card"))
        meta = [("corpus_hash", digest), ("version", STORE_VERSION), ("records", str(total))]
        meta += [(f"translated:{game}", edition) for game, edition in _translated(ordered).items()]
        db.executemany("INSERT INTO meta VALUES (?,?)", meta)
        db.commit()
        db.close()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# How a card is known by a key, most direct first.
KEY_KINDS = ("name", "face", "zh", "face-zh", "alias", "nickname", "pinyin", "face-pinyin",
             "short")


def card_key_rows(cards: Iterable[Record]) -> list[tuple[str, str, str, str]]:
    """``(key, card id, how, name)``: every name a card is known by, as a whole-name
    key (:func:`judgebot.text.names.name_key`): its English and Chinese name,
    each face's, other printed names, judges' nicknames, the toneless pinyin
    of its Chinese names (``shandianji``), and the short name of a legend
    (``Ragavan`` of ``Ragavan, Nimble Pilferer``)."""
    from pypinyin import Style, lazy_pinyin  # only a store build needs its tables

    def pinyin(text: str) -> str:
        if not any("\u3400" <= ch <= "\u9fff" for ch in text):
            return ""
        return "".join(s for s in lazy_pinyin(text, style=Style.NORMAL, errors="ignore")
                       if s.isalpha())

    rows: list[tuple[str, str, str, str]] = []
    seen: set[tuple[str, str]] = set()

    def add(text: str, rid: str, how: str, key: str | None = None) -> None:
        key = name_key(text) if key is None else key
        if key and (key, rid) not in seen:
            seen.add((key, rid))
            rows.append((key, rid, how, text))

    for card in cards:
        en, zh = card.name.get(EN, ""), zh_of(card.name)
        add(en, card.id, "name")
        add(zh, card.id, "zh")
        add(zh, card.id, "pinyin", pinyin(zh))
        for face in card.faces:
            add(face["name"].get(EN, ""), card.id, "face")
            face_zh = face["name"].get(ZH_HANS, "")
            add(face_zh, card.id, "face-zh")
            add(face_zh, card.id, "face-pinyin", pinyin(face_zh))
        for alias in card.aliases:
            add(alias, card.id, "alias")
        for nickname in card.nicknames:
            add(nickname, card.id, "nickname")
        names = [en] + [f["name"].get(EN, "") for f in card.faces]
        for name in names:
            if "," in name and "Legendary" in card.supertypes:
                add(name.split(",")[0], card.id, "short")
    return rows


def _card_name_tables(db: sqlite3.Connection, keys: list[tuple[str, str, str, str]]) -> None:
    """The English names of cards (and faces, other names) numbered, with the
    numbers of the names holding each word and each letter trigram: what a
    partial or misspelt name is looked up in (:mod:`judgebot.cardfinder`)."""
    names: list[tuple[int, str, str, str]] = []
    words: dict[str, list[int]] = defaultdict(list)
    grams: dict[str, list[int]] = defaultdict(list)
    for key, rid, how, name in keys:
        if how not in ("name", "face", "alias") or not key.isascii():
            continue
        at = len(names)
        names.append((at, rid, name, key))
        for word in set(name_words(name)):
            words[word].append(at)
        for gram in trigrams(key):
            grams[gram].append(at)
    db.executemany("INSERT INTO card_names VALUES (?,?,?,?)", names)
    db.executemany("INSERT INTO card_words VALUES (?,?)",
                   ((w, array("I", ats).tobytes()) for w, ats in sorted(words.items())))
    db.executemany("INSERT INTO card_grams VALUES (?,?)",
                   ((g, array("I", ats).tobytes()) for g, ats in sorted(grams.items())))


CASUAL_TYPES = {"Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy", "Dungeon"}


def _card_terms(records: list[Record], keys: list[tuple[str, str, str, str]],
                shorts: list[tuple[str, str, str, str]]) -> list[tuple]:
    """``(head, lang, text, card id, printed)``: the names a card is called by
    in running text (a judge's question), found by their first word (English,
    lowercased) or first two characters (Chinese). A name made only of words
    the rules use ("Sacrifice", "Time Walk") counts only ``printed`` as it is;
    a two-character Chinese name the rules use (牺牲) not at all; nor do the
    names of the casual variants' own cards (Vanguard "Karn")."""
    current = editions.current({r.edition for r in records if r.kind == "rule"
                                and r.game == "mtg"})
    translated = _translated(records).get("mtg")
    rules = [r for r in records if r.game == "mtg" and r.kind in ("rule", "glossary")
             and r.edition in (current, translated)]
    en_words, zh_words = rules_vocabulary(rules)
    # The rules name planeswalker types ("Oko", "Jace") with capitals: a short
    # name is ordinary only if English writes it as a word ("will").
    lower_words = _plain_words(records)
    casual = {r.id for r in records if r.kind == "card" and set(r.types) & CASUAL_TYPES}
    rows: list[tuple] = []
    seen: set[tuple[str, str]] = set()
    for _, rid, how, name in [k for k in keys if k[2] != "short"] + shorts + _first_words(
            records, keys, lower_words):
        if rid in casual or how in ("pinyin", "face-pinyin"):
            continue
        if how in ("zh", "face-zh") or not name.isascii():
            text = name.replace(" ", "")
            # A legend's short name is a name even where the rules use it (瓯柯).
            if len(text) < 2 or (len(text) == 2 and text in zh_words and how != "short"):
                continue
            row = (text[:2], "zh", text, rid, "")
        else:
            words = re.findall(r"[a-z0-9']+", name.lower())
            if not words or len(name) < 3:
                continue
            # A one-word name English writes in lower case ("warning", "profit")
            # is a word unless written as the name; so is a name of rules words.
            if how in ("short", "first"):
                ordinary = all(w in lower_words or len(w) < 3 for w in words)
            else:
                ordinary = all(w in en_words or len(w) < 3 or (
                    len(words) == 1 and w in lower_words) for w in words)
            # A first word ("Baneslayer") may be English all the same ("Entity"):
            # only its capital in mid-sentence says a card is meant.
            row = (words[0], "en", name.lower(), rid,
                   name if ordinary or how in ("nickname", "first") else "")
        if (row[2], rid) not in seen:
            seen.add((row[2], rid))
            rows.append(row)
    return rows


def _short_names(records: list[Record], keys: list[tuple[str, str, str, str]]
                 ) -> list[tuple[str, str, str, str]]:
    """``(key, card id, "short", name)``: the names players call legends by in a
    question, "Ragavan" and 瓯柯 for Ragavan, Nimble Pilferer and 窃冠瓯柯.

    A short name that several legends share ("Thalia", "Oko") names the one
    with the most rulings (the one judges are asked about); none that is
    another card's full name. The Chinese short name is the end of the
    legend's Chinese name ("title + name") that the other cards of the same
    character confirm: another legend's Chinese name ending the same way
    (幻法仙灵瓯柯), or a card named for the character ("Urza's Saga",
    克撒的…) beginning with it; with no other card to confirm it, a legend
    has no Chinese short name."""
    cards = {r.id: r for r in records if r.kind == "card"}
    full = {name.lower() for _, _, how, name in keys if how in ("name", "face")}
    zh = {rid: name for _, rid, how, name in keys if how == "zh"}
    by_short: dict[str, list[str]] = {}
    for _, rid, how, name in keys:
        if how == "short" and name.lower() not in full and len(name) >= 3:
            by_short.setdefault(name, []).append(rid)
    # The Chinese of "X's …" cards, by X: 约格莫夫的意志 for Yawgmoth's Will.
    possessive: dict[str, list[str]] = {}
    for _, rid, how, name in keys:
        if how == "name" and rid in zh and re.match(r"^[^,]+?['’]s ", name):
            possessive.setdefault(re.split(r"['’]s ", name, maxsplit=1)[0], []).append(zh[rid])
    rows: list[tuple[str, str, str, str]] = []
    for short, rids in by_short.items():
        rid = _most_ruled(rids, cards, prefer=zh)
        rows.append((name_key(short), rid, "short", short))
        tail = _zh_short(zh.get(rid, ""), [zh[r] for r in rids if r != rid and r in zh],
                         possessive.get(short, []))
        if tail:
            rows.append((name_key(tail), rid, "short", tail))
    return rows


def _most_ruled(rids: list[str], cards: dict[str, Record], prefer=()) -> str:
    """Of cards one name could mean, the one with most rulings (the one judges
    are asked about); on a tie, one in ``prefer``, then the first."""
    return max(rids, key=lambda r: (len(getattr(cards.get(r), "rulings", None) or []),
                                    r in prefer))


def _plain_words(records: list[Record]) -> set[str]:
    """The words English writes in lower case in the rules, the cards' texts and
    the rulings: "will" and "rest" are words, "baneslayer" and "oko" names."""
    words: set[str] = set()
    for rec in records:
        if rec.game == "mtg" and rec.kind in ("rule", "glossary", "card", "ruling"):
            words.update(_PLAIN.findall((getattr(rec, "text", None) or {}).get(EN, "")))
    return words


_PLAIN = re.compile(r"(?<![\w'’])[a-z][a-z0-9'’]*")
FIRST_WORD_CARDS = 3  # a first word more cards begin with names none of them


def _first_words(records: list[Record], keys: list[tuple[str, str, str, str]],
                 plain: set[str]) -> list[tuple[str, str, str, str]]:
    """``(key, card id, "first", word)``: a card called by the first word of its
    name, as players do ("Baneslayer", "Snapcaster", "Deathrite"), when that
    word is no word the rules, cards or rulings write in lower case, no other
    card's name, and begins the names of at most :data:`FIRST_WORD_CARDS`
    cards (the one with most rulings is meant). Only as written, with its
    capital, in mid-sentence (see :func:`_card_terms`)."""
    cards = {r.id: r for r in records if r.kind == "card"}
    taken = {name.lower() for _, _, how, name in keys}
    by_word: dict[str, list[str]] = {}
    for _, rid, how, name in keys:
        if how != "name" or not name.isascii():
            continue
        words = name.split()
        first = words[0].rstrip(",")
        if len(words) < 2 or len(first) < 5 or not first.isalpha() or first.lower() in plain:
            continue
        by_word.setdefault(first, []).append(rid)
    rows = []
    for word, rids in by_word.items():
        rids = list(dict.fromkeys(rids))
        if len(rids) > FIRST_WORD_CARDS or word.lower() in taken:
            continue
        rid = _most_ruled(rids, cards)
        rows.append((name_key(word), rid, "first", word))
    return rows


def _zh_short(name: str, others: list[str], heads: list[str]) -> str:
    """The end of a legend's Chinese ``name`` that is the character's name: the
    one a card named for the character begins with (``heads``: 约格莫夫 of
    约格莫夫的意志), else the end it shares with every other legend of the
    character (``others``), if that leaves a title before it."""
    for size in (5, 4, 3, 2):
        tail = name[-size:]
        if len(name) > size and any(h.startswith(tail + "的") for h in heads):
            return tail
    if not others:
        return ""
    shared = os.path.commonprefix([n[::-1] for n in [name, *others]])[::-1]
    return shared if 2 <= len(shared) < len(name) else ""


def _card_list_row(card: Record, at: int) -> tuple:
    """What the card list filters on: names (and other names), type lines and
    texts in both languages, one per line; its colours (``WR``, ``C`` for none)."""
    names = [card.name.get(EN, ""), zh_of(card.name), *card.aliases]
    return (card.id, at, card.game, "\n".join(n for n in names if n),
            "\n".join(v for v in card.type_line.values() if v), "".join(card.colours) or "C",
            "\n".join(v for v in card.text.values() if v))


def _translated(records: list[Record]) -> dict[str, str]:
    """Per game, the newest edition of its rules that has Chinese text."""
    found: dict[str, list[str]] = defaultdict(list)
    for rec in records:
        if rec.kind == "rule" and zh_of(rec.text) and rec.edition not in found[rec.game]:
            found[rec.game].append(rec.edition)
    return {game: max(eds, key=edition_key) for game, eds in found.items()}


def _cited(rec: Record, by_id: dict[str, Record]) -> list[str]:
    targets: list[str] = []
    for name in CITING_FIELDS:
        for target in getattr(rec, name, None) or []:
            if target in by_id and target != rec.id and target not in targets:
                targets.append(target)
    return targets


def open_store(corpus_dir: Path = corpus.CORPUS_DIR, data_dir: Path = DATA_DIR,
               progress: Progress | None = None,
               log: Callable[[str], None] | None = None) -> Store:
    """The store of ``corpus_dir``, built first when missing, stale or damaged."""
    digest = corpus_hash(corpus_dir)
    path = data_dir / f"store-{digest[:16]}.sqlite"
    if path.is_file():
        try:
            return Store(path, digest)
        except StoreError as exc:
            reason = str(exc)
    else:
        reason = "no store built yet" if not any(data_dir.glob("store-*.sqlite")) else \
            "corpus has changed since the store was built"
    if log:
        log(f"Building the corpus store: {reason}.")
    records = corpus.load(corpus_dir)
    if not records:
        raise StoreError(f"no corpus records in {corpus_dir}: run `judgebot corpus build`")
    sources = corpus_dir / "sources"
    if (sources / card_file.FILE).is_file():
        if log:
            log("Reading the card file (cards and rulings are built into the store).")
        try:
            records = card_file.derive(sources, records).merged(records)
        except SourceError as exc:
            raise StoreError(f"the card file cannot be read: {exc}") from None
    data_dir.mkdir(parents=True, exist_ok=True)
    build(records, path, digest, progress)
    for stale in data_dir.glob("store-*.sqlite"):
        if stale != path:
            stale.unlink(missing_ok=True)
    return Store(path, digest)


# --- reading ---------------------------------------------------------------------------

class Store:
    """Read-only access to the records of one built store."""

    def __init__(self, path: Path, digest: str | None = None):
        self.path = path
        self._local = threading.local()
        try:
            meta = dict(self._db().execute("SELECT key, value FROM meta"))
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store {path.name} is damaged ({exc})") from None
        if meta.get("version") != STORE_VERSION:
            raise StoreError("store was built by another version of judgebot")
        if digest is not None and meta.get("corpus_hash") != digest:
            raise StoreError("corpus has changed since the store was built")
        self.digest = meta["corpus_hash"]
        self.size = int(meta["records"])
        self._get = lru_cache(maxsize=CACHE_SIZE)(self._load)
        editions: dict[tuple[str, str], set[str]] = defaultdict(set)
        for game, kind, edition in self._db().execute(
                "SELECT DISTINCT game, kind, edition FROM records"):
            editions[(game, kind)].add(edition)
        self._editions = {k: sorted(v, key=edition_key) for k, v in editions.items()}
        self.games = sorted({game for game, _ in self._editions})
        self._translated = {key.split(":", 1)[1]: value for key, value in meta.items()
                            if key.startswith("translated:")}
        self._lookup_orders: dict[str, list[str]] = {}

    def _db(self) -> sqlite3.Connection:
        """This thread's connection (a forked worker process opens its own)."""
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != os.getpid():
            uri = f"file:{self.path}?mode=ro&immutable=1"
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            # Every thread has its connection: read through a shared map of the file,
            # not a private page cache each (a server's threads would each keep megabytes).
            conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
            conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
            self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    # --- records ---------------------------------------------------------------------

    def _load(self, rid: str) -> Record | None:
        row = self._db().execute("SELECT body FROM records WHERE id = ?", (rid,)).fetchone()
        return corpus.record_from_dict(json.loads(row[0]), frozen=True) if row else None

    def get(self, rid: str | None) -> Record | None:
        """A record by id (records are shared: read them, never change them)."""
        if not rid or not isinstance(rid, str) or len(rid) > 300:
            return None
        return self._get(rid)

    def __contains__(self, rid: str) -> bool:
        return self.get(rid) is not None

    def get_many(self, ids: Iterable[str]) -> list[Record]:
        """The records of ``ids`` that exist, in the order given."""
        return [r for r in (self.get(i) for i in ids) if r is not None]

    def records(self, game: str | None = None, kind: str | None = None,
                edition: str | None = None) -> Iterator[Record]:
        """Records in document order, optionally of one game, kind and edition.
        (Read in one pass, past the cache: a walk over every card would
        otherwise push out the records the cache is for.)"""
        where, args = _where(game=game, kind=kind, edition=edition)
        rows = self._db().execute(f"SELECT body FROM records {where} ORDER BY rank", args)
        for (body,) in rows:
            yield corpus.record_from_dict(json.loads(body), frozen=True)

    def ids(self, game: str | None = None, kind: str | None = None,
            edition: str | None = None) -> list[str]:
        where, args = _where(game=game, kind=kind, edition=edition)
        return [row[0] for row in self._db().execute(
            f"SELECT id FROM records {where} ORDER BY rank", args)]

    def count(self, game: str | None = None, kind: str | None = None,
              edition: str | None = None) -> int:
        where, args = _where(game=game, kind=kind, edition=edition)
        return self._db().execute(f"SELECT count(*) FROM records {where}", args).fetchone()[0]

    def find(self, game: str, kind: str, *, slug: str | None = None,
             number: str | None = None, edition: str | None = None) -> list[Record]:
        """Records of a kind by slug or number (a glossary term in every edition,
        a card by its slug, a guide section …), in document order."""
        if (slug is None) == (number is None):
            raise ValueError("find() takes a slug or a number")
        column, value = ("slug", slug) if slug is not None else ("number", number)
        if not isinstance(value, str) or len(value) > 300:
            return []
        where, args = _where(game=game, kind=kind, edition=edition, **{column: value})
        # By the slug's or number's index: a few rows. (Given an edition, SQLite
        # chose the index in document order, to skip sorting, and read the whole
        # edition: a glossary term's Chinese took a millisecond to find.)
        index = "records_by_slug" if slug is not None else "records_by_number"
        rows = self._db().execute(
            f"SELECT id FROM records INDEXED BY {index} {where} ORDER BY rank", args)
        return self.get_many(row[0] for row in rows)

    # --- editions ----------------------------------------------------------------------

    def editions(self, game: str, kind: str) -> list[str]:
        """The editions of a game's records of a kind, oldest first."""
        return list(self._editions.get((game, kind), []))

    def current_edition(self, game: str, kind: str = "rule") -> str | None:
        """The newest edition of a series (dates, versions), else the only one."""
        known = self._editions.get((game, kind), [])
        series = [e for e in known if is_versioned(e)]
        if series:
            return series[-1]
        return known[0] if known else None

    def superseded(self, rec: Record) -> bool:
        """Whether a rule or glossary entry is of an older edition of its series:
        searched and shown only when that edition is asked for."""
        return rec.kind in ("rule", "glossary", *POLICY_KINDS) and is_versioned(rec.edition) and (
            rec.edition != self.current_edition(rec.game, rec.kind))

    def translated_edition(self, game: str) -> str | None:
        """The newest edition of a game's rules with Chinese text (the 2019-10-04
        translation for Magic): where the Chinese of later rules comes from."""
        return self._translated.get(game)

    # --- rules -----------------------------------------------------------------------

    def rule(self, number: str, edition: str | None = None, game: str = "mtg") -> Record | None:
        """A rule by number; without an edition, the current one, then older ones."""
        if not isinstance(number, str) or len(number) > 24:
            return None
        number = number.strip().lower().rstrip(".")
        editions = [edition] if edition else self.lookup_order(game)
        for ed in editions:
            row = self._db().execute(
                "SELECT id FROM records WHERE game = ? AND number = ? AND edition = ?"
                " AND kind = 'rule'", (game, number, ed)).fetchone()
            if row:
                return self.get(row[0])
        # Force of Will prints its chapters as 1100, 1200 …; they are chapters 11, 12.
        if game == "fow" and re.fullmatch(r"\d{1,2}00", number):
            return self.rule(number[:-2], edition, game)
        return None

    def lookup_order(self, game: str) -> list[str]:
        """The editions a rule number is looked up in when none is named: the
        current one first, then the rest of its series, newest first."""
        order = self._lookup_orders.get(game)
        if order is None:  # the editions are fixed for the life of the store
            known = self._editions.get((game, "rule"), [])
            order = self._lookup_orders[game] = [e for e in reversed(known) if is_versioned(e)]
        return list(order)

    def rule_numbers(self, game: str, edition: str) -> list[str]:
        rows = self._db().execute(
            "SELECT number FROM records WHERE game = ? AND kind = 'rule' AND edition = ?"
            " ORDER BY rank", (game, edition))
        return [row[0] for row in rows]

    def nearest_rules(self, number: str, game: str = "mtg", edition: str | None = None,
                      limit: int = 5) -> list[str]:
        """Existing rules close to a number that does not exist (for 404 pages)."""
        edition = edition or self.current_edition(game)
        if edition is None or not isinstance(number, str):
            return []
        number = number[:24]
        numbers = self.rule_numbers(game, edition)
        prefix = number
        while prefix:
            close = [n for n in numbers if n.startswith(prefix) and n != number]
            if close:
                close.sort(key=sort_key)
                return [corpus.rule_id(n, edition, game) for n in close[:limit]]
            prefix = prefix[:-1]
        return []

    # --- cards by name ----------------------------------------------------------------

    def card_keys(self, key: str) -> list[tuple[str, str]]:
        """``(card id, how)`` of the cards known by a whole-name key (see
        :func:`card_key_rows`), in card order."""
        if not isinstance(key, str) or not key or len(key) > 300:
            return []
        rows = self._db().execute(
            "SELECT card_keys.id, how FROM card_keys JOIN records ON records.id = card_keys.id"
            " WHERE key = ? ORDER BY records.rank", (key,))
        return [(row[0], row[1]) for row in rows]

    def card_list(self, game: str = "mtg", *, name: str = "", type: str = "",
                  colours: str = "", text: str = "", offset: int = 0, limit: int = 50
                  ) -> tuple[int, list[str]]:
        """``(how many, ids)`` of the cards whose names, type line and text
        hold the given words (each filter a substring, case folded, in either
        language; Traditional Chinese folded to Simplified by the caller) and
        that have every colour of ``colours`` (``C``: colourless), in card
        order, from ``offset``, at most ``limit``."""
        clauses, args = ["game = ?"], [game]
        for column, value in (("name", name), ("type", type), ("text", text)):
            if value:
                clauses.append(f"{column} LIKE ? ESCAPE '\\'")
                args.append("%" + re.sub(r"([%_\\])", r"\\\1", value) + "%")
        for colour in dict.fromkeys(colours):
            if colour == "C":
                clauses.append("colours = 'C'")
            else:
                clauses.append("instr(colours, ?) > 0")
                args.append(colour)
        where = " AND ".join(clauses)
        db = self._db()
        total = db.execute(f"SELECT count(*) FROM card_list WHERE {where}", args).fetchone()[0]
        rows = db.execute(f"SELECT id FROM card_list WHERE {where} ORDER BY rank LIMIT ? OFFSET ?",
                          [*args, max(0, limit), max(0, offset)])
        return total, [row[0] for row in rows]

    def card_keys_of(self, how: str) -> dict[str, str]:
        """Card id → its key of one kind (``pinyin`` …), the first if several."""
        out: dict[str, str] = {}
        for key, rid in self._db().execute(
                "SELECT key, id FROM card_keys WHERE how = ? ORDER BY rowid", (how,)):
            out.setdefault(rid, key)
        return out

    def all_card_keys(self) -> list[tuple[str, str, str, str]]:
        """Every ``(key, card id, how, name)``, in card order."""
        rows = self._db().execute("SELECT key, id, how, name FROM card_keys ORDER BY rowid")
        return [tuple(row) for row in rows]

    def card_terms(self, lang: str, heads: Iterable[str]) -> list[tuple[str, str, str, str]]:
        """``(head, text, card id, printed)`` of the card names (as
        :func:`_card_terms` has them) that begin with any of ``heads``."""
        heads = list(dict.fromkeys(heads))[:500]
        if not heads:
            return []
        rows = self._db().execute(
            f"SELECT head, text, id, printed FROM card_terms WHERE lang = ? AND head IN "
            f"({','.join('?' * len(heads))}) ORDER BY rowid", [lang, *heads])
        return [tuple(row) for row in rows]

    def cards_of_type(self, *types: str) -> set[str]:
        """Ids of the cards whose type line holds any of ``types`` (whole words)."""
        if not types:
            return set()
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in types) + r")\b")
        rows = self._db().execute(
            "SELECT id, type FROM card_list WHERE " + " OR ".join("type LIKE ?" for _ in types),
            [f"%{t}%" for t in types])
        return {rid for rid, line in rows if pattern.search(line)}

    def card_names(self, ats: list[int]) -> list[tuple[int, str, str, str]]:
        """``(at, card id, English name, key)`` of numbered card names."""
        if not ats:
            return []
        out = []
        for start in range(0, len(ats), 500):
            chunk = ats[start:start + 500]
            out += self._db().execute(
                f"SELECT at, id, name, key FROM card_names WHERE at IN "
                f"({','.join('?' * len(chunk))})", chunk).fetchall()
        return sorted(out)

    def card_word(self, word: str) -> array:
        """Numbers of the card names holding ``word``."""
        return self._postings("card_words", "word", word)

    def card_gram(self, gram: str) -> array:
        """Numbers of the card names holding the trigram ``gram``."""
        return self._postings("card_grams", "gram", gram)

    def _postings(self, table: str, column: str, value: str) -> array:
        row = self._db().execute(f"SELECT ats FROM {table} WHERE {column} = ?",
                                 (value,)).fetchone()
        out = array("I")
        if row:
            out.frombytes(row[0])
        return out

    # --- links -----------------------------------------------------------------------

    def cites(self, rid: str) -> list[str]:
        """What a record cites that exists (rules, glossary entries), in order."""
        rows = self._db().execute(
            "SELECT target FROM links WHERE source = ? ORDER BY position", (rid,))
        return [row[0] for row in rows]

    def cited_by(self, rid: str) -> list[str]:
        """The exact mirror of ``cites``, in document order of the citing records."""
        rows = self._db().execute(
            "SELECT links.source FROM links JOIN records ON records.id = links.source"
            " WHERE links.target = ? ORDER BY records.rank", (rid,))
        return [row[0] for row in rows]

    def neighbours(self, rid: str) -> Neighbours | None:
        rec = self.get(rid)
        if rec is None:
            return None
        row = self._db().execute("SELECT previous, next FROM records WHERE id = ?",
                                 (rid,)).fetchone()
        return Neighbours(
            parent=getattr(rec, "parent", None) or getattr(rec, "card", None),
            children=list(getattr(rec, "children", None) or getattr(rec, "rulings", None) or []),
            previous=row[0], next=row[1])

    # --- languages -------------------------------------------------------------------

    def translation_of(self, rec: Record) -> Record | None:
        """The record whose Chinese a reader sees beside ``rec``: ``rec`` itself
        when it has Chinese, else the older record it descends from that has
        (a current rule's 2019-10-04 ancestor, a glossary entry of the same
        headword in the translated edition)."""
        if zh_of(text_field(rec)) or zh_of(getattr(rec, "term", None)) or zh_of(
                getattr(rec, "name", None)):
            return rec
        if rec.kind == "rule":
            other = self.get(self.lineage(rec.id).get("translated"))
            if other is not None and zh_of(other.text):
                return other
        if rec.kind == "glossary":
            translated = self.translated_edition(rec.game)
            if translated and rec.edition != translated:
                for other in self.find(rec.game, "glossary", slug=rec.slug, edition=translated):
                    if zh_of(other.definition):
                        return other
        return None

    def text(self, rec: Record, lang: str, field: str | None = None) -> LocalText | None:
        """``rec``'s text (or ``field``) in ``lang`` ("en", or "zh" in the script
        its source used), and the record it comes from."""
        source: Record | None = rec if lang == EN else self.translation_of(rec)
        if source is None:
            return None
        value = getattr(source, field, None) if field else text_field(source)
        text = (value or {}).get(EN, "") if lang == EN else zh_of(value)
        return LocalText(text, source.id, source.edition) if text else None

    def english_of(self, rec: Record) -> Record | None:
        """For a record without English, the current English record it translates."""
        if rec.kind == "rule":
            current = self.get(self.lineage(rec.id).get("current"))
            if current is not None and current.text.get(EN):
                return current
        return None

    # --- lineage ---------------------------------------------------------------------

    def lineage(self, rid: str) -> dict:
        """For a rule: its lineage fields (``previous``, ``next``, ``ancestor``,
        ``status`` …, see :mod:`judgebot.ingest.lineage`), plus ``current`` (the
        rule of the current edition it is, or became) and ``translated`` (the
        rule of the translated edition whose Chinese it carries); on a rule of
        the translated edition, ``status`` says whether the current English
        still says the same."""
        rec = self.get(rid)
        if rec is None or rec.kind != "rule":
            return {}
        lin = dict(getattr(rec, "lineage", {}) or {})
        if not is_versioned(rec.edition):
            return lin
        current = self.current_edition(rec.game)
        translated = self.translated_edition(rec.game)
        node, hops = rec, 0
        while node is not None and node.edition != current and hops < MAX_HOPS:
            node = self.get(node.lineage.get("next"))
            hops += 1
        lin["current"] = node.id if node is not None and node.edition == current else None
        if rec.edition == translated:
            lin["translated"] = rec.id
            if rec.edition != current:
                now = self.get(lin["current"])
                lin["status"] = now.lineage.get("status", "changed") if now else "removed"
        elif translated and lin.get("ancestor", "").split(":")[2:3] == [translated]:
            lin["translated"] = lin["ancestor"]
        return lin

    def history(self, rid: str) -> list[dict]:
        """Every edition of a rule, oldest first: ``{id, edition, number, event,
        similarity?, moved_from?}`` where ``event`` is ``earliest`` (in the oldest
        edition of the corpus) | ``added`` | ``unchanged`` | ``changed`` |
        ``moved``, and a last ``{edition, event: removed}`` when the rule is gone
        from a later edition."""
        rec = self.get(rid)
        if rec is None or rec.kind != "rule" or not is_versioned(rec.edition):
            return []
        first, hops = rec, 0
        while hops < MAX_HOPS and (before := self.get(first.lineage.get("previous"))):
            first, hops = before, hops + 1
        out: list[dict] = []
        node: Record | None = first
        while node is not None and len(out) < MAX_HOPS:
            lin = node.lineage or {}
            entry = {"id": node.id, "edition": node.edition, "number": node.number}
            if node is first:
                # "added" in the edition that brought it; the oldest edition of
                # the corpus is where its known history starts.
                entry["event"] = "added" if lin.get("change") == "new" else "earliest"
            else:
                entry["event"] = "moved" if lin.get("moved_from") else lin.get("change", "changed")
                for key in ("similarity", "moved_from", "detail", "previous"):
                    if key in lin:
                        entry[key] = lin[key]
                if entry["event"] == "moved":
                    entry["changed"] = lin.get("change") == "changed"
            out.append(entry)
            if lin.get("removed_in"):
                out.append({"edition": lin["removed_in"], "event": "removed"})
            node = self.get(lin.get("next"))
        return out

    def current_of(self, rid: str) -> str | None:
        return self.lineage(rid).get("current")


def _where(**columns: str | None) -> tuple[str, tuple]:
    used = [(name, value) for name, value in columns.items() if value is not None]
    if not used:
        return "", ()
    return "WHERE " + " AND ".join(f"{name} = ?" for name, _ in used), tuple(
        value for _, value in used)
