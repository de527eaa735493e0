"""The search service: one open searcher per process, queries in, results out.

Order of business for a query:

1. A rule reference in any form goes straight to the rule.
2. A whole-query match on a glossary headword or card name (English,
   Chinese in either script, pinyin, or a misspelling of one; for a card also
   a face, a nickname, a partial name: :mod:`judgebot.cardfinder`) pins that
   entry and, for a glossary term, the rule that defines it, to the top. A
   card's exact name also names the card (``Results.card``: the web opens it).
3. Everything else is BM25F over both languages' fields; Chinese and English
   headwords found in the query are also searched in the other language
   (the bilingual glossary and card names), at a lower weight.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from whoosh import query as Q

from judgebot.cardfinder import CardFinder
from judgebot.corpus import EN, Record, parse_id, title_of, zh_of
from judgebot.policynumbers import label as policy_label
from judgebot.search import analysis, index
from judgebot.search.abbreviations import ABBREVIATIONS, SLANG, spell_out
from judgebot.search.documents import name_key
from judgebot.search.query import ParsedQuery, PolicyRef, RuleRef, parse
from judgebot.search.scoring import CACHED_SCORES, Scorer
from judgebot.search.snippets import find_terms, holds, snippet
from judgebot.search.spelling import Corrector
from judgebot.search.tiers import CARD_FIELDS, tier_of
from judgebot.store import Store
from judgebot.text import segment
from judgebot.text.alternation import longest_first
from judgebot.xref import CrossReference

MAX_PER_PAGE = 50
MAX_PAGE = 100
FILTERS = ("game", "kind", "edition", "section")
KIND_GROUPS = {"rule": "rules", "glossary": "glossary", "card": "cards", "ruling": "cards",
               "note": "notes", "guide": "guide", "name": "glossary", "mtr": "policy",
               "ipg": "policy"}
COMMON_SHARE = 0.1
# A word in more of the cards' and rulings' texts than this names no card.
CARD_COMMON_SHARE = 0.04
CARD_PHRASE_SHARE = 0.005
# The words of asking, not of what is asked: never scored in a longer query.
QUESTION_WORDS = frozenset(
    "what when where why how which who whom whose does do did can could would should will "
    "happens happen happening i me my you your it its is are was were am be".split())
RERANK_DEPTH = 40
# Records' texts prepared for reranking, kept per process for this many records (of
# ~104,000: kept for all they would hold ~60 MB), and rulings' trigram sets for this
# many rulings (~7 KB each: kept for every ruling they would hold ~700 MB).
KEPT_TEXTS = 50_000
KEPT_SHAPES = 4_000
MAX_SUBRULES = 9  # a section's subrules pinned after its heading
# The cards and their rulings are nine documents in ten of the index, and short:
# unless a query names a card, they weigh this much against the rules (whose
# words they borrow), and a card the query names with its rulings this much.
CARD_PRIOR = 0.2
NAMED_CARD = 1.5
# A ruling this alike (shared trigrams) to a better-ranked one is a repeat.
RESEMBLANCE = 0.6
REPEAT_FACTOR = 0.5
MAX_SCORED_WORDS = 8
MAX_CROSSING_WORDS = 4  # a longer other-language name is a note's title, not a term
MAX_NAME_WORDS = 6  # the longest card names have a few more; a typo in one is rare
EN_FIELDS = ("text_en", "title_en", "alias_en")
ZH_FIELDS = ("text_zh", "title_zh", "context", "alias_zh")
# The same for the cards and their rulings (judgebot.search.tiers); only the
# rules tier has aliases.
CARD_EN = tuple(CARD_FIELDS[f] for f in EN_FIELDS if f in CARD_FIELDS)
CARD_ZH = tuple(CARD_FIELDS[f] for f in ZH_FIELDS if f in CARD_FIELDS)
# Every field a query's words are scored in (the rest are filters and ids).
SCORED_FIELDS = EN_FIELDS + ZH_FIELDS + CARD_EN + CARD_ZH + ("names", "pinyin")


class SearchError(ValueError):
    """A request the service cannot answer as asked (bad filter, page …)."""


@dataclass
class Hit:
    id: str
    kind: str
    game: str
    edition: str
    number: str
    title: dict[str, str]
    breadcrumb: list[dict[str, str]]
    snippets: dict[str, str]
    matched: list[str]
    via: list[str] = field(default_factory=list)
    pinned: str = ""
    score: float = 0.0

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Results:
    query: str
    total: int
    page: int
    per_page: int
    hits: list[Hit]
    filters: dict[str, str]
    rule: str | None = None  # the id a rule reference resolved to
    card: str | None = None  # the card the whole query names exactly
    suggestion: str | None = None
    message: str | None = None
    expansions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = dict(self.__dict__)
        out["hits"] = [h.to_dict() for h in self.hits]
        return out


class SearchService:
    """The index over a corpus store: queries in, ranked hits out."""

    def __init__(self, store: Store, index_dir: Path = index.INDEX_DIR,
                 progress=None, log=None, cached_scores: int = CACHED_SCORES):
        self.store = store
        self.xref = CrossReference(store)
        self.cards = CardFinder(store)
        self.handle = index.open_or_build(store, index_dir, progress=progress, log=log)
        self._tiers = self.handle.meta.get("tiers") or {}
        self._searcher = self.handle.ix.searcher(weighting=index.weighting(self._tiers))
        # Document number → record id, kind, game, edition, currency (docs.json):
        # hits need no stored-field loads, filters no postings.
        self._table = json.loads((self.handle.path / index.DOCS).read_text(encoding="utf-8"))
        self._doc_ids: list[str] = self._table["ids"]
        self._doc_count = len(self._doc_ids)
        if self._doc_count != self._searcher.reader().doc_count_all():
            raise index.IndexError_("the index and its document table disagree")
        self._scorer = Scorer(self._searcher, masks=self._only_masks(),
                              cached_scores=cached_scores)
        self._docnums = {rid: n for n, rid in enumerate(self._doc_ids)}
        self._lock = threading.Lock()
        self.en = analysis.english_analyzer()
        self.zh = analysis.chinese_analyzer()
        self._load_names()
        self.corrector = Corrector.load(self.handle.path / index.VOCAB)
        self._known = {
            "game": set(store.games),
            "kind": {k for g in store.games for k in _kinds(store, g)} | set(
                KIND_GROUPS.values()),
            "edition": {e for g in store.games for k in _kinds(store, g)
                        for e in store.editions(g, k)},
        }
        self._filters: dict[tuple, bytearray] = {}
        self._texts: dict[str, str] = {}
        self._shapes: dict[str, tuple[str, ...]] = {}
        self._display: dict[str, dict[str, str]] = {}
        # A record's breadcrumb as hits show it, for the records most recently hit.
        self._crumbs = lru_cache(maxsize=4096)(self._breadcrumb)
        self._rule_hits: dict[str, Hit] = {}
        self._names_fuzzy: Corrector | None = None
        self._rule_words: dict | None = None
        self._rule_sets: tuple[set[str], set[str]] | None = None
        self._prior: list[float] | None = None

    # --- setup -------------------------------------------------------------------

    def _load_names(self) -> None:
        tables = json.loads((self.handle.path / index.NAMES).read_text(encoding="utf-8"))
        self.pinyin: dict[str, list[str]] = tables["pinyin"]
        self._names = {k: list(v) for k, v in tables["names"].items()}
        self._aliases = {k: list(v) for k, v in tables["aliases"].items()}
        self._to_en: dict[str, str] = tables["to_en"]
        self._to_zh: dict[str, str] = tables["to_zh"]
        for key, ids in self.pinyin.items():
            for rid in ids:
                if rid not in self._names.setdefault(key, []):
                    self._names[key].append(rid)
        for short, headword in ABBREVIATIONS.items():
            for rid in self._names.get(name_key(headword), []):
                if rid not in self._aliases.setdefault(short, []):
                    self._aliases[short].append(rid)
        for table in (self._names, self.pinyin, self._aliases):
            for ids in table.values():
                ids.sort(key=self._entity_rank)
        self._zh_terms = longest_first(self._to_en)
        self._en_terms = longest_first(self._to_zh, word_bounds=True)

    def _entity_rank(self, rid: str) -> tuple:
        game, kind, edition, _ = parse_id(rid)
        # the rules' own terms, then the tournament documents', then card names
        kind_order = {"glossary": 0, "mtr": 1, "ipg": 1, "card": 2, "name": 3}.get(kind, 4)
        order = self.store.lookup_order(game)
        if kind in ("mtr", "ipg"):  # a document of its own: its own editions, newest first
            order = self.store.editions(game, kind)[::-1]
        edition_order = order.index(edition) if edition in order else len(order)
        return (game != "mtg", kind_order, edition_order, rid)

    def close(self) -> None:
        self._searcher.close()

    def preload(self) -> None:
        """Decode the postings of every word the queries score, now (a few seconds and
        some tens of MB): a server does it once before forking its workers, so no
        search waits for a word to be read the first time it is asked."""
        self._scorer.preload(SCORED_FIELDS)
        # The phrases a bilingual headword brings into a query (戰鬥傷害 → "combat
        # damage"): checking where a phrase's words stand is the costliest part of a
        # question the first time, and there are a few hundred of them.
        crossings = [(other, "en") for other in self._to_en.values()] + [
            (other, "zh") for other in self._to_zh.values()]
        for other, into in dict.fromkeys(crossings):
            tokens, clause = self._crossing(other, into)
            if clause is not None and 1 < len(tokens) <= MAX_CROSSING_WORDS:
                self._scorer.keep(clause)

    def entities(self, text: str) -> list[str]:
        """Records named exactly (or nearly) by the whole of ``text``: its exact
        name in any language or pinyin, an English plural of it ("graveyards"),
        or a misspelling of it ("wolrd rule", "mxa speed")."""
        key = name_key(text)
        if not key or len(key) > 100:
            return []
        found = self._named(key)
        if found:
            return found
        if not key.isascii():
            return []
        for variant in _singulars(text):
            found = self._named(name_key(variant))
            if found:
                return found
        if key.isalpha():
            fixed = name_key(" ".join(w if self.known(w) else self.corrector.suggest(w) or w
                                       for w in text.lower().split()))
            if fixed != key and self._names.get(fixed):
                return self._names[fixed]
        # Only a word the corpus never uses is a slip; "boom" or "banding" is
        # meant as typed, however near it is to "room" or "fading".
        words = re.findall(r"[a-z]+", text.lower())
        if not all(self.known(w) or len(w) < 3 for w in words):
            near = self._name_corrector().suggest(key)
            if near and self._names.get(near):
                return self._names[near]
        # A card by part of its name or misspelt (Murktide, Tarmogoyph), when
        # that points to one card (a question of many words names none).
        card = self.cards.best(text) if len(text.split()) <= MAX_NAME_WORDS else None
        return [card.id] if card is not None else []

    def rule_words(self) -> dict:
        """The index's table of the current rules' words (``df``, ``en``, ``zh2``:
        see :func:`judgebot.search.index.rule_words`), read on first use."""
        if self._rule_words is None:
            path = self.handle.path / index.RULE_WORDS
            self._rule_words = json.loads(path.read_text(encoding="utf-8"))
        return self._rule_words

    def known(self, word: str) -> bool:
        """A word the rules use, or a word of a card's name (never a slip)."""
        word = word.lower()
        return self.corrector.known(word) or bool(self.store.card_word(word))

    def _named(self, key: str) -> list[str]:
        """Records with this whole-name key as their name or as another name
        their headword gives, best first (the current CR before older texts;
        glossary entries, then cards, then provisional names)."""
        names, aliases = self._names.get(key, []), self._aliases.get(key, [])
        cards = [m.id for m in self.cards.exact(key)]
        if not aliases and not cards:
            return names

        def rank(rid: str) -> tuple:
            # An entry's own name beats another's alias of the same standing:
            # 时间跳跃 is Phasing, though Phase's headword lists it too.
            game, kind, edition, _ = self._entity_rank(rid)
            return (game, kind, edition, rid not in names, rid)

        others = sorted(dict.fromkeys(names + aliases), key=rank)
        glossary = [r for r in others if ":glossary:" in r]
        return glossary + cards + [r for r in others if r not in glossary]

    def _name_corrector(self) -> Corrector:
        """A corrector whose words are the whole English names (keys without
        spaces), so a slip anywhere in a name of several words is caught.
        Built on first use: most processes never need it."""
        if self._names_fuzzy is None:
            keys = {k: 1 for k in self._names if k.isascii() and k.isalpha()}
            self._names_fuzzy = Corrector(keys)
        return self._names_fuzzy

    # --- search ------------------------------------------------------------------

    def activate(self) -> None:
        """Analyze with this index's own dictionary (several services may share a process)."""
        if self.handle.segmenter is not None:
            segment.activate(self.handle.segmenter)

    def search(self, q: str, *, page: int = 1, per_page: int = 10, brief: bool = False,
               **filters: str | None) -> Results:
        """Ranked hits for ``q``; ``brief`` hits carry what ranks them (id, kind,
        edition, score, why pinned) without snippets or breadcrumbs, for callers
        that read records, not pages (the judge)."""
        if not isinstance(q, str):
            raise SearchError("the query must be text")
        self.activate()
        if not 1 <= page <= MAX_PAGE:
            raise SearchError(f"page must be between 1 and {MAX_PAGE}")
        if not 1 <= per_page <= MAX_PER_PAGE:
            raise SearchError(f"per_page must be between 1 and {MAX_PER_PAGE}")
        active = {k: v for k, v in filters.items() if v}
        for name in active:
            if name not in FILTERS:
                raise SearchError(f"unknown filter {name!r}; use one of {', '.join(FILTERS)}")
        self._check_filters(active)
        parsed = parse(q)
        results = Results(query=q, total=0, page=page, per_page=per_page, hits=[],
                          filters=active)
        if parsed.truncated:
            results.message = "The query was long; only its beginning was searched."
        if parsed.empty:
            results.message = ("Type a rule number (702.19b), a keyword (trample, 践踏) "
                               "or a question.")
            return results
        if parsed.rule:
            ref = parsed.rule
            if active.get("edition") and not ref.edition:
                ref = RuleRef(ref.game, ref.number, active["edition"])
            rec = self.store.rule(ref.number, ref.edition, ref.game)
            if rec is not None:
                results.rule = rec.id
                results.total = 1
                results.hits = [self._rule_hit(rec)]
                return results
            results.message = f"There is no rule {parsed.rule.number}."
            results.hits = [self._hit_for(r, pinned="nearby rule") for r in self.store.get_many(
                self.store.nearest_rules(parsed.rule.number, parsed.rule.game))]
            results.total = len(results.hits)
            return results
        if parsed.policy:
            return self._section(parsed.policy, results, active)
        return self._text_search(parsed, results, page, per_page, active, brief)

    def _section(self, ref: PolicyRef, results: Results, active: dict[str, str]) -> Results:
        """A section of the Tournament Rules or the IPG reached by its number; the
        sections nearby when there is no such section."""
        edition = active.get("edition") or self.store.current_edition("mtg", ref.doc)
        found = self.store.find("mtg", ref.doc, number=ref.key, edition=edition) \
            if edition else []
        if found:
            results.rule = found[0].id
            results.total = 1
            results.hits = [self._hit_for(found[0], pinned="section number")]
            return results
        label = policy_label(ref.doc, ref.key)
        results.message = f"There is no {label}" + (f" in the {edition} edition." if edition
                                                     else ".")
        chapter = ref.key.split(".")[0]
        near = [r for r in self.store.records("mtg", ref.doc, edition)
                if r.number == chapter or r.number.startswith(chapter + ".")][:5] \
            if edition else []
        results.hits = [self._hit_for(r, pinned="nearby section") for r in near]
        results.total = len(results.hits)
        return results

    def _check_filters(self, active: dict[str, str]) -> None:
        known = self._known
        for name, value in active.items():
            if name in known and value not in known[name]:
                raise SearchError(
                    f"unknown {name} {value!r}; known: {', '.join(sorted(known[name]))}")
            if name == "section" and not re.fullmatch(r"\d{1,4}", value):
                raise SearchError("section must be a chapter or section number such as 7 or 702")

    @property
    def _card_prior(self) -> list[float]:
        """Per document: CARD_PRIOR for a card or ruling, 1 for the rest."""
        if self._prior is None:
            kinds = self._table["kinds"]
            weight = [CARD_PRIOR if k in ("card", "ruling") else 1.0 for k in kinds]
            self._prior = [weight[k] for k in self._table["kind"]]
        return self._prior

    def _favour(self, text: str, pinned: list[str]) -> dict[int, float]:
        """The documents of the cards a query names (the card and its rulings)."""
        cards = {rid for rid in pinned if rid.split(":", 2)[1] == "card"}
        cards |= self._cards_named(text)
        out: dict[int, float] = {}
        for rid in cards:
            card = self.store.get(rid)
            for member in [rid, *(getattr(card, "rulings", None) or [])]:
                docnum = self._docnums.get(member)
                if docnum is not None:
                    out[docnum] = NAMED_CARD
        return out

    def _cards_named(self, text: str) -> set[str]:
        """Cards named in a query by their English or Chinese name (runs of up
        to four words); a name of everyday rules words ("Fog", "Sacrifice") or a
        two-character Chinese one (牺牲) counts only as the whole query."""
        words = text.split()[:MAX_SCORED_WORDS * 2]
        if len(words) < 2:
            return set()
        vocabulary = self.rule_words()
        rules_en, rules_zh = self._rule_word_sets(vocabulary)
        found: set[str] = set()
        for size in (4, 3, 2, 1):
            for i in range(len(words) - size + 1):
                phrase = " ".join(words[i:i + size])
                key = name_key(phrase)
                if len(key) < 2:
                    continue
                if key.isascii() and all(w in rules_en for w in re.findall(
                        r"[a-z0-9']+", phrase.lower())):
                    continue
                if not key.isascii() and len(key) <= 2 and key in rules_zh:
                    continue
                for rid, how in self.store.card_keys(key)[:3]:
                    if how in ("name", "zh", "face", "face-zh", "nickname", "alias"):
                        found.add(rid)
        return found

    def _rule_word_sets(self, vocabulary: dict) -> tuple[set[str], set[str]]:
        if self._rule_sets is None:
            self._rule_sets = (set(vocabulary["en"]), set(vocabulary["zh2"]))
        return self._rule_sets

    def _only_masks(self) -> dict[tuple[str, str], bytes]:
        """``("only", "en")`` → which documents have English only (and zh)."""
        table = self._table
        out = {}
        for code, value in enumerate(table.get("onlys", [])):
            if value:
                out[("only", value)] = bytes(1 if c == code else 0 for c in table["only"])
        return out

    def _filter_docs(self, active: dict[str, str]) -> bytearray:
        """Which document numbers a filter allows (``mask[docnum]``), computed
        once per filter."""
        key = tuple(sorted(active.items()))
        mask = self._filters.get(key)
        if mask is None:
            table = self._table
            # One byte (0 or 1) per document in each column; ANDed as integers.
            columns = [bytes(table["current"])] if "edition" not in active else []
            for name in ("kind", "game", "edition"):
                value = active.get(name)
                if not value:
                    continue
                wanted = [k for k, g in KIND_GROUPS.items() if g == value] if (
                    name == "kind" and value in KIND_GROUPS.values()) else [value]
                codes = {i for i, v in enumerate(table[f"{name}s"]) if v in wanted}
                columns.append(bytes(1 if c in codes else 0 for c in table[name]))
            bits = None
            for column in columns:
                value = int.from_bytes(column, "little")
                bits = value if bits is None else bits & value
            mask = bytearray(bits.to_bytes(self._doc_count, "little")) if bits is not None \
                else bytearray(b"\x01") * self._doc_count
            if active.get("section"):
                section = bytearray(self._doc_count)
                for docnum in self._searcher.docs_for_query(Q.Term("section", active["section"])):
                    section[docnum] = mask[docnum]
                mask = section
            if len(self._filters) < 1024:
                self._filters[key] = mask
        return mask

    def _text_search(self, parsed: ParsedQuery, results: Results, page: int, per_page: int,
                     active: dict[str, str], brief: bool = False) -> Results:
        whole = " ".join([*parsed.phrases, parsed.free]).strip()
        # a quoted phrase must match in every result: no subrules pinned for it
        pinned_ids = self._pinned(whole, active, subrules=not parsed.phrases)[:per_page]
        named = self.cards.exact(name_key(whole)) if whole else []
        if named and (len(named) == 1 or named[0].rank < named[1].rank) and pinned_ids \
                and pinned_ids[0][0] == named[0].id:
            results.card = named[0].id  # the whole query is this card's name
        built, expansions, suggestion, groups = self._build_query(parsed)
        results.expansions = expansions
        if suggestion and suggestion != whole:
            results.suggestion = suggestion
        qterms = _query_terms(built) if built is not None else {}
        hits: list[Hit] = []
        if page == 1:
            hits = [self._brief_hit(self.store.get(rid), pinned=reason) if brief else
                    self._hit_for(self.store.get(rid), qterms=qterms, whole=whole,
                                  pinned=reason) for rid, reason in pinned_ids]
        skip = {rid for rid, _ in pinned_ids}
        if built is None:
            results.hits, results.total = hits, len(hits)
            return results
        # Pinned entries take the first places of page 1; the ranked list fills
        # the rest, so page n shows ranked items from n*per_page - pinned on.
        first = max(0, (page - 1) * per_page - len(skip))
        room = per_page - len(hits)
        allowed = self._filter_docs(active)
        limit = first + room + len(skip)
        # The same best RERANK_DEPTH are reordered whatever the page, so pages
        # never overlap; past them BM25's order stands.
        depth = max(limit, RERANK_DEPTH)
        favour = self._favour(whole, [rid for rid, _ in pinned_ids])
        with self._lock:  # Whoosh's readers seek in shared files
            found, matched = self._scorer.top(built, depth, allowed, self._card_prior, favour)
        top = [(score, self._doc_ids[docnum]) for score, docnum in found]
        top = self._rerank(top[:RERANK_DEPTH], groups, active) + top[RERANK_DEPTH:]
        ranked = [(score, rid) for score, rid in top if rid not in skip]
        for score, rid in ranked[first: first + room]:
            rec = self.store.get(rid)
            if rec is not None:
                hits.append(self._brief_hit(rec, score) if brief else
                            self._hit_for(rec, score, qterms, whole, expansions))
        total = len(matched) + sum(1 for rid in skip if self._docnums.get(rid) not in matched)
        results.hits = hits
        results.total = max(total, len(hits))
        if not hits and not results.message:
            results.message = "Nothing matched."
        return results

    def _rerank(self, top: list[tuple[float, str]], groups: list[set[str]],
                active: dict[str, str]) -> list[tuple[float, str]]:
        """Reorder BM25's best by how many of the meant words each record holds
        (a record with all of them before a short one with one), and by a prior
        that puts the Comprehensive Rules before the beginner's book, the old
        casual-variants text and another game's rules when no filter asked."""
        scored = []
        for score, rid in top:
            rec = self.store.get(rid)
            if rec is None:
                continue
            factor = 1.0 if active.get("game") or active.get("edition") else _prior(rec)
            if len(groups) > 1:
                text = self._match_text(rec)
                held = sum(1 for g in groups if holds(text, g))
                factor *= 0.2 + 0.8 * (held / len(groups)) ** 2
            scored.append((score * factor, rid))
        scored.sort(key=lambda s: -s[0])
        return self._spread(scored)

    def _spread(self, ranked: list[tuple[float, str]]) -> list[tuple[float, str]]:
        """Demote a ruling that says what a better-ranked one says about another
        card: the release notes repeat one ruling ("if the target is illegal
        when it tries to resolve …") for every card it fits, and ten copies
        would push everything else off the page."""
        seen: list[frozenset[str]] = []
        out = []
        for score, rid in ranked:
            rec = self.store.get(rid)
            if rec.kind == "ruling":
                shape = self._ruling_shape(rec)
                if any(_resemblance(shape, other) >= RESEMBLANCE for other in seen):
                    score *= REPEAT_FACTOR
                else:
                    seen.append(frozenset(shape))
            out.append((score, rid))
        out.sort(key=lambda s: -s[0])
        return out

    def _ruling_shape(self, rec: Record) -> tuple[str, ...]:
        """A ruling's text without its card's names, as its distinct character
        trigrams. Kept as a tuple of strings, which the garbage collector stops
        tracking, not a set, which it walks element by element at every full
        collection (4,000 kept sets were a third of what one followed)."""
        shape = self._shapes.get(rec.id)
        if shape is None:
            text = self._match_text(rec)
            card = self.store.get(rec.card)
            names = [analysis.fold(n).lower() for n in card.name.values()] if card else []
            for name in sorted(names, key=len, reverse=True):
                if name:
                    text = text.replace(name, "")
            text = text.split("\n")[0]
            shape = tuple(frozenset(text[i:i + 3] for i in range(max(0, len(text) - 2))))
            if len(self._shapes) < KEPT_SHAPES:
                self._shapes[rec.id] = shape
        return shape

    def _match_text(self, rec: Record) -> str:
        cached = self._texts.get(rec.id)
        if cached is None:
            parts = list(self.display_texts(rec).values())
            parts += [analysis.fold(v) for v in title_of(rec).values()]
            card = self.store.get(getattr(rec, "card", ""))
            if card is not None:
                parts += [analysis.fold(v) for v in card.name.values()]
            cached = "\n".join(parts).lower()
            if len(self._texts) < KEPT_TEXTS:
                self._texts[rec.id] = cached
        return cached

    def _pinned(self, text: str, active: dict[str, str], subrules: bool = True
                ) -> list[tuple[str, str]]:
        """What the whole query names, first: table slang's rule, a record named
        exactly (a glossary term, a card) and the rule a term points to; a
        rule that is a section's heading brings its subrules, in order."""
        if not text:
            return []
        pinned: list[tuple[str, str]] = []
        slang = SLANG.get(text.strip().lower(), ())
        # slang is no misspelling ("fizzle" is not the card Sizzle); an exact name still counts
        for rid in (self._named(name_key(text)) if slang else self.entities(text)):
            rec = self.store.get(rid)
            if not self._passes(rec, active):
                continue
            if any(p == rid for p, _ in pinned):
                continue
            pinned.append((rid, "name"))
            if rec.kind == "glossary":
                for rule_id in rec.rules[:1]:
                    if "edition" not in active:  # an older glossary's rule: as it is now
                        rule_id = self.store.current_of(rule_id) or rule_id
                    rule = self.store.get(rule_id)
                    if rule is not None and self._passes(rule, active):
                        pinned.append((rule_id, f"defines {rec.term.get(EN, '')}".strip()))
            if len(pinned) >= 3:
                break
        seen: set[str] = set()
        unique = []
        for rid, reason in pinned:
            if rid not in seen:
                seen.add(rid)
                unique.append((rid, reason))
        unique = unique[:3]
        for number in slang:
            rule = self.store.rule(number, game="mtg")
            if rule is not None and rule.id not in seen and self._passes(rule, active):
                unique.append((rule.id, f"slang: {text.strip()}"))
        for rid, reason in list(unique) if subrules else ():
            if reason.startswith("defines "):
                unique += [(c, f"under {reason[8:]}") for c in self._subrules(rid, active)
                           if c not in seen]
        return unique

    def _subrules(self, rid: str, active: dict[str, str]) -> list[str]:
        """A section heading's rules in their order (702.19 → 702.19a …), at most
        MAX_SUBRULES: a keyword's own section before anything that mentions it."""
        rec = self.store.get(rid)
        if rec is None or rec.kind != "rule" or not rec.title or not rec.children:
            return []
        return [c.id for c in self.store.get_many(rec.children[:MAX_SUBRULES])
                if c is not None and self._passes(c, active)]

    def _passes(self, rec: Record, active: dict[str, str]) -> bool:
        if "edition" not in active and self.store.superseded(rec):
            return False
        for name, value in active.items():
            if name == "kind":
                if rec.kind != value and KIND_GROUPS.get(rec.kind) != value:
                    return False
            elif name == "section":
                number = getattr(rec, "number", "")
                if not (number == value or number.startswith(value + ".") or (
                        len(value) <= 2 and number[: len(value)] == value and len(
                            number.split(".")[0]) == len(value) + 2)):
                    return False
            elif getattr(rec, name, None) != value:
                return False
        return True

    # --- query building -----------------------------------------------------------

    def _build_query(self, parsed: ParsedQuery
                     ) -> tuple[Q.Query | None, list[str], str | None, list[set[str]]]:
        """The Whoosh query, the cross-language expansions used, a spelling
        suggestion, and the query's word groups (one per word the user meant,
        with its other-language names) for reranking."""
        groups: list[set[str]] = []
        clauses: list[Q.Query] = []
        required: list[Q.Query] = []
        expansions: list[str] = []
        corrected: list[str] = []
        changed = False
        free, spelled = spell_out(parsed.free)
        expansions.extend(spelled)
        words = free.split()
        frequency = {w: self._word_frequency(w) for w in words}
        if len(words) > MAX_SCORED_WORDS:
            # A long question is scored on its rarest words: the common ones
            # cost the most to score and say the least about which rule is meant.
            keep = set(sorted(words, key=frequency.__getitem__)[:MAX_SCORED_WORDS])
            words = [w for w in words if w in keep]
        common = COMMON_SHARE * self._doc_count
        # When every word is common ("cast a spell"), the rarest one still counts.
        rarest = min(words, key=frequency.__getitem__) if words and all(
            frequency[w] > common for w in words) else None
        for word in words:
            fix = None
            if word.isascii() and word.isalpha() and len(word) >= 4:
                lw = word.lower()
                if not self.known(lw) and not self._names.get(lw):
                    fix = self.corrector.suggest(lw)
            corrected.append(fix or word)
            changed = changed or bool(fix)
            clauses.extend(self._word_clauses(word, fix, alone=len(words) == 1 or word == rarest))
            groups.extend(self._word_groups(word, fix))
        whole_key = name_key(free)
        if whole_key:
            clauses.append(Q.Term("names", whole_key, boost=2.0))
            if whole_key.isascii():
                clauses.append(Q.Term("pinyin", whole_key))
        for found, other, into in self._crossings(free):
            tokens, clause = self._crossing(other, into)
            found_tokens = set(analysis.analyze(self.zh if into == "en" else self.en, found))
            home = "text_zh" if into == "en" else "text_en"
            if len(tokens) > MAX_CROSSING_WORDS or all(self._too_common(home, t)
                                                       for t in found_tokens):
                continue  # a common word ("creature") or a headword that is really a note
            expansions.append(f"{found} → {other}")
            for group in groups:
                if group & found_tokens:
                    group.update(tokens)
            if clause is not None:
                clauses.append(clause)
        for phrase in parsed.phrases:
            en_tokens = analysis.analyze(self.en, phrase) if phrase.isascii() else []
            zh_tokens = analysis.analyze(self.zh, phrase)
            options = []
            if en_tokens:
                options.append(_phrase_or_term(EN_FIELDS + self._card_phrase_fields(
                    CARD_EN, en_tokens), en_tokens))
            if zh_tokens and not phrase.isascii():
                options.append(_phrase_or_term(ZH_FIELDS + self._card_phrase_fields(
                    CARD_ZH, zh_tokens), zh_tokens))
            if options:
                required.append(Q.Or(options))
                groups.append(set(en_tokens) | set(zh_tokens))
        suggestion = " ".join(corrected) if changed else None
        groups = [g for g in groups if g]
        if not clauses and not required:
            return None, expansions, suggestion, groups
        body = Q.Or(clauses) if clauses else None
        if required:
            core = Q.And(required)
            return (Q.AndMaybe(core, body) if body else core), expansions, suggestion, groups
        return body, expansions, suggestion, groups

    def _crossing(self, other: str, into: str) -> tuple[list[str], Q.Query | None]:
        """A headword's other-language name as tokens, and the clause that looks for
        it in the documents written in that language only (everything else already
        matches in the query's own words)."""
        analyzer, fields = (self.en, EN_FIELDS) if into == "en" else (self.zh, ZH_FIELDS)
        tokens = analysis.analyze(analyzer, other)
        if not tokens:
            return tokens, None
        return tokens, Q.And([Q.Term("only", into), _phrase_or_term(fields, tokens, boost=0.6)])

    def _word_groups(self, word: str, fix: str | None) -> list[set[str]]:
        """What a document must contain to count as matching each meant word."""
        if word.lower() in QUESTION_WORDS or word.lower() in analysis.FUNCTION_WORDS:
            return []
        if word.isascii():
            tokens = set(analysis.analyze(self.en, word)) | set(
                analysis.analyze(self.en, fix) if fix else [])
            return [tokens] if tokens and not all(self._too_common("text_en", t)
                                                  for t in tokens) else []
        return [{tok} for tok in analysis.analyze(self.zh, word)
                if not self._too_common("text_zh", tok) and tok not in analysis.FUNCTION_WORDS]

    def _word_clauses(self, word: str, fix: str | None, alone: bool) -> list[Q.Query]:
        """Clauses for one word of the query; ``alone`` when it is the only word."""
        out: list[Q.Query] = []
        if not alone and (word.lower() in QUESTION_WORDS
                          or word.lower() in analysis.FUNCTION_WORDS):
            return out
        if word.isascii():
            tokens = analysis.analyze(self.en, word)
            fixed = analysis.analyze(self.en, fix) if fix else []
            for tok in tokens:
                rules = alone or not self._too_common("text_en", tok)
                # A word in thousands of cards' texts says nothing of which card
                # is meant, and reading it would cost more than the rest.
                cards = not self._too_common("c_text_en", tok)
                fields = (EN_FIELDS if rules else ()) + (CARD_EN if cards else ())
                if not fields:
                    continue
                opts: list[Q.Query] = [Q.Term(f, tok) for f in fields]
                if not tok.isalpha():  # {T}, 702.19b and 3/3 appear in Chinese text too
                    opts += [Q.Term(f, tok) for f in ZH_FIELDS[:2]]
                opts += [Q.Term(f, t, boost=0.8) for t in fixed for f in fields]
                out.append(Q.Or(opts))
            if word.isalpha():
                out.append(Q.Term("pinyin", word.lower()))
        else:
            tokens = analysis.analyze(self.zh, word)
            if not alone:
                tokens = [t for t in tokens if t not in analysis.FUNCTION_WORDS] or tokens
            for tok in tokens:
                rules = (alone and len(tokens) == 1) or not self._too_common("text_zh", tok)
                cards = not self._too_common("c_text_zh", tok)
                fields = (ZH_FIELDS if rules else ()) + (CARD_ZH if cards else ())
                if fields:
                    out.append(Q.Or([Q.Term(f, tok) for f in fields]))
        return out

    def _card_phrase_fields(self, fields: tuple[str, ...], tokens: list[str]) -> tuple:
        """The cards' fields a quoted phrase is looked for in: their texts only
        when one of its words is in few enough of them ("first strike" is in
        thousands of cards: checking where its words stand costs tens of ms,
        and says nothing of which card is meant); their names always."""
        text = fields[0]
        count = self._tiers.get("cards") or self._doc_count
        if len(tokens) > 1 and min(self._searcher.doc_frequency(text, t) for t in tokens) > \
                CARD_PHRASE_SHARE * count:
            return tuple(f for f in fields if f != text)
        return fields

    def _word_frequency(self, word: str) -> int:
        analyzer, fieldname = (self.en, "text_en") if word.isascii() else (self.zh, "text_zh")
        tokens = analysis.analyze(analyzer, word)
        return min((self._searcher.doc_frequency(fieldname, t) for t in tokens),
                   default=self._doc_count)

    def _too_common(self, fieldname: str, token: str) -> bool:
        """A word in a tenth of its tier's documents (的, 了, "can") ranks
        nothing, but scoring it costs as much as everything else in the query
        together."""
        tier = tier_of(fieldname)
        count = self._tiers.get(tier) or self._doc_count
        share = CARD_COMMON_SHARE if tier == "cards" else COMMON_SHARE
        return self._searcher.doc_frequency(fieldname, token) > share * count

    def _crossings(self, text: str) -> list[tuple[str, str, str]]:
        """Headwords in ``text`` with their other-language name:
        ``(found, translation, language of the translation)``."""
        found: list[tuple[str, str, str]] = []
        if self._zh_terms is not None:
            for m in self._zh_terms.finditer(text):
                found.append((m.group(), self._to_en[m.group()], "en"))
        if self._en_terms is not None:
            for m in self._en_terms.finditer(text.lower()):
                found.append((m.group(), self._to_zh[m.group()], "zh"))
        return list(dict.fromkeys(found))[:8]

    # --- results -----------------------------------------------------------------

    def display_texts(self, rec: Record) -> dict[str, str]:
        """The English and (folded) Chinese text shown for a record: a current
        rule or glossary entry without Chinese of its own shows the Chinese of
        the older record it descends from."""
        cached = self._display.get(rec.id)
        if cached is not None:
            return cached
        out: dict[str, str] = {}
        for lang in ("en", "zh"):
            local = self.store.text(rec, lang)
            if local is not None:
                out[lang] = local.text if lang == "en" else analysis.fold(local.text)
        if len(self._display) < KEPT_TEXTS:
            self._display[rec.id] = out
        return out

    def _breadcrumb(self, rid: str) -> list[dict[str, str]]:
        return [{"id": c.id, "label": c.label, **{f"title_{k}": v for k, v in c.title.items()}}
                for c in self.xref.breadcrumb(rid)]

    def _rule_hit(self, rec: Record) -> Hit:
        """The hit for a rule reached by its number: the same every time, so it is
        prepared once and shared (callers read hits, never change them)."""
        hit = self._rule_hits.get(rec.id)
        if hit is None:
            hit = self._rule_hits[rec.id] = self._hit_for(rec, pinned="rule number")
        return hit

    @staticmethod
    def _brief_hit(rec: Record, score: float = 0.0, pinned: str = "") -> Hit:
        return Hit(id=rec.id, kind=rec.kind, game=rec.game, edition=rec.edition,
                   number=getattr(rec, "number", "") or "", title=title_of(rec),
                   breadcrumb=[], snippets={}, matched=[], via=[], pinned=pinned,
                   score=round(score, 3))

    def _hit_for(self, rec: Record, score: float = 0.0,
                 qterms: dict[str, set[str]] | None = None,
                 whole: str = "", expansions=(), pinned: str = "") -> Hit:
        snippets: dict[str, str] = {}
        matched: list[str] = []
        qterms = qterms or {}
        titles = title_of(rec)
        if rec.kind == "ruling":  # titled with its card
            card = self.store.get(rec.card)
            titles = dict(card.name) if card is not None else titles
        for lang, fields in (("en", EN_FIELDS + CARD_EN), ("zh", ZH_FIELDS + CARD_ZH)):
            text = self.display_texts(rec).get(lang, "")
            stemmed = lang == "en"
            wanted = set().union(*(qterms.get(f, set()) for f in fields))
            spans = find_terms(text, wanted, stemmed)
            title = titles.get(EN, "") if lang == "en" else analysis.fold(zh_of(titles))
            if spans or find_terms(title, wanted, stemmed):
                matched.append(lang)
            if text:
                snippets[lang] = snippet(text, spans)
        key = name_key(whole) if whole else ""
        if key and rec.id in self.pinyin.get(key, ()):
            matched.append("pinyin")
        elif key and rec.id in self._names.get(key, ()):
            matched.append("name")
        crumbs = self._crumbs(rec.id)
        one_language = ("zh" in matched) != ("en" in matched)
        return Hit(
            id=rec.id, kind=rec.kind, game=rec.game, edition=rec.edition,
            number=getattr(rec, "number", "") or "",
            title=titles, breadcrumb=list(crumbs), snippets=snippets, matched=matched,
            via=list(expansions) if one_language else [],
            pinned=pinned, score=round(score, 3),
        )


def _singulars(text: str) -> list[str]:
    """``text`` with its last word made singular in the ways English plurals
    are formed (graveyards, phases, abilities)."""
    head, _, last = text.strip().rpartition(" ")
    word = last.lower()
    out = []
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        out.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        out.append(word[:-1])
    return [f"{head} {w}".strip() for w in out]


def _resemblance(a: Collection[str], b: Collection[str]) -> float:
    """How much of the shorter text the longer one repeats (overlap coefficient of
    two collections of distinct trigrams; ``b`` best a frozenset, used as it is)."""
    return len(frozenset(b).intersection(a)) / min(len(a), len(b)) if a and b else 0.0


def _prior(rec: Record) -> float:
    """How likely a record of this kind answers a query that names no edition."""
    if rec.game != "mtg":
        return 0.5  # another game's rules, English and Chinese since 12.7 came in
    if rec.kind == "glossary" and rec.edition == "m13":
        return 0.5  # the beginner's glossary restates the CR's in simpler words
    if rec.edition == "casual-2015":
        return 0.5  # an older text of rules the current CR holds too
    if rec.kind == "guide":
        return 0.85
    return 1.0


def _query_terms(query: Q.Query) -> dict[str, set[str]]:
    """The indexed terms a query looks for, per field."""
    terms: dict[str, set[str]] = {}
    for fieldname, text in query.iter_all_terms(phrases=True):
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        terms.setdefault(fieldname, set()).add(str(text))
    return terms


def _phrase_or_term(fields, tokens: list[str], boost: float = 1.0) -> Q.Query:
    if len(tokens) == 1:
        return Q.Or([Q.Term(f, tokens[0], boost=boost) for f in fields])
    return Q.Or([Q.Phrase(f, tokens, boost=boost) for f in fields
                 if f not in ("context", "c_context")])


def _kinds(store: Store, game: str) -> list[str]:
    return [kind for kind in ("rule", "glossary", "name", "card", "ruling", "note", "guide",
                              "mtr", "ipg")
            if store.editions(game, kind)]
