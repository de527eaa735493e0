"""What the pages need from the corpus beyond search: records by URL key,
editions per game, the Chinese counterpart of a monolingual record, URLs.

Built once per process from the search service's records.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from judgebot.corpus import CR_2019, CR_2025, EN, ZH_HANS, ZH_HANT, Record
from judgebot.ingest.rulebook import sort_key
from judgebot.search.service import SearchService
from judgebot.xref import label_of

GAMES = {"mtg": "Magic: The Gathering", "fow": "Force of Will"}
GUIDE_NAME = "基本規則"  # the beginner's rulebook, as it names itself
DEFAULT_EDITION = {("mtg", "rule"): CR_2025, ("mtg", "glossary"): CR_2025}


def zh_of(mapping: dict[str, str] | None) -> str:
    """The Chinese of a language map, in whichever script the source used."""
    if not mapping:
        return ""
    return mapping.get(ZH_HANS) or mapping.get(ZH_HANT) or ""


def number_key(rec: Record) -> tuple:
    return sort_key(getattr(rec, "number", "") or "")


@dataclass
class Catalog:
    service: SearchService
    _editions: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    _glossary: dict[tuple[str, str, str], Record] = field(default_factory=dict)
    _cards: dict[tuple[str, str], list[Record]] = field(default_factory=dict)
    _notes: dict[tuple[str, str], list[Record]] = field(default_factory=dict)
    _guides: dict[tuple[str, str], Record] = field(default_factory=dict)
    _by_kind: dict[tuple[str, str], list[Record]] = field(default_factory=dict)
    _memo: dict = field(default_factory=dict)
    all_editions: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        editions: dict[tuple[str, str], set[str]] = defaultdict(set)
        by_kind: dict[tuple[str, str], list[Record]] = defaultdict(list)
        cards: dict[tuple[str, str], list[Record]] = defaultdict(list)
        notes: dict[tuple[str, str], list[Record]] = defaultdict(list)
        for rec in self.service.records:
            editions[(rec.game, rec.kind)].add(rec.edition)
            by_kind[(rec.game, rec.kind)].append(rec)
            if rec.kind == "glossary":
                self._glossary[(rec.game, rec.edition, rec.slug)] = rec
            elif rec.kind == "card":
                cards[(rec.game, rec.slug)].append(rec)
            elif rec.kind == "note":
                notes[(rec.game, rec.slug)].append(rec)
            elif rec.kind == "guide":
                self._guides[(rec.game, rec.number)] = rec
        self._editions = {k: sorted(v) for k, v in editions.items()}
        self.all_editions = sorted({e for v in editions.values() for e in v})
        self._by_kind = dict(by_kind)
        self._cards = {k: sorted(v, key=lambda r: r.id) for k, v in cards.items()}
        self._notes = {k: sorted(v, key=lambda r: r.id) for k, v in notes.items()}

    # --- basics -----------------------------------------------------------------

    def memo(self, key, compute):
        """``compute()`` once per key for the life of the process: the corpus is
        fixed while it runs, so what is derived from it never goes stale."""
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    @property
    def xref(self):
        return self.service.xref

    def get(self, rid: str | None) -> Record | None:
        return self.service.get(rid) if rid else None

    def games(self) -> list[str]:
        return [g for g in GAMES if any(k[0] == g for k in self._by_kind)]

    def all(self, game: str, kind: str) -> list[Record]:
        return self._by_kind.get((game, kind), [])

    def editions(self, game: str, kind: str) -> list[str]:
        return self._editions.get((game, kind), [])

    def default_edition(self, game: str, kind: str) -> str | None:
        known = self.editions(game, kind)
        preferred = DEFAULT_EDITION.get((game, kind))
        if preferred in known:
            return preferred
        # Otherwise the newest dated edition, else the only one.
        dated = [e for e in known if e[:1].isdigit()]
        return max(dated) if dated else (known[0] if known else None)

    # --- rules -------------------------------------------------------------------

    def rule(self, game: str, number: str, edition: str | None = None) -> Record | None:
        """A rule by number; without an edition the current one, then older ones."""
        if edition is None and game != "mtg":
            edition = self.default_edition(game, "rule")
        return self.service.rule(number, edition, game)

    def contents(self, game: str, edition: str) -> list[tuple[Record, list[Record]]]:
        """Chapters with their sections, in document order."""
        top = [r for r in self.all(game, "rule") if r.edition == edition and r.level == "chapter"]
        top.sort(key=number_key)
        out = []
        for chapter in top:
            sections = [self.get(c) for c in chapter.children]
            out.append((chapter, [s for s in sections if s is not None]))
        if not top:  # a document without chapters: its sections alone
            sections = [r for r in self.all(game, "rule")
                        if r.edition == edition and r.level == "section"]
            out = [(s, []) for s in sorted(sections, key=number_key)]
        return out

    def translation_of(self, rec: Record) -> Record | None:
        """The record whose Chinese a reader sees beside ``rec``'s English."""
        if zh_of(getattr(rec, "text", None) or getattr(rec, "definition", None)):
            return rec
        if rec.kind == "rule":
            other = self.get(self.xref.lineage(rec.id).get("translated"))
            if other is not None and zh_of(other.text):
                return other
        if rec.kind == "glossary" and rec.edition != CR_2019:
            other = self._glossary.get((rec.game, CR_2019, rec.slug))
            if other is not None and zh_of(other.definition):
                return other
        return None

    def english_of(self, rec: Record) -> Record | None:
        """For a Chinese-only record, the current English record it translates."""
        if rec.kind == "rule":
            current = self.get(self.xref.lineage(rec.id).get("current"))
            if current is not None and current.text.get(EN):
                return current
        return None

    # --- glossary ----------------------------------------------------------------

    def glossary(self, game: str, edition: str) -> list[Record]:
        entries = [r for r in self.all(game, "glossary") if r.edition == edition]
        return sorted(entries, key=lambda r: (r.term.get(EN) or zh_of(r.term)).lower())

    def glossary_entry(self, game: str, edition: str, slug: str) -> Record | None:
        return self._glossary.get((game, edition, slug))

    def zh_term(self, rec: Record) -> str:
        partner = self.translation_of(rec)
        return zh_of(rec.term) or (zh_of(partner.term) if partner is not None else "")

    def glossary_label(self, game: str, edition: str) -> str:
        """``CR 2025-11-14``, ``FoW 6.0``; a glossary of another document by its name."""
        if edition in self.editions(game, "rule"):
            return f"{'FoW' if game == 'fow' else 'CR'} {edition}"
        if edition in self.editions(game, "guide"):
            return f"{GUIDE_NAME} {edition.upper()}"
        return edition

    # --- cards, notes, guide, names ----------------------------------------------

    def cards(self, game: str = "mtg") -> list[Record]:
        return [c for group in self._cards.values() for c in group if c.game == game]

    def card(self, game: str, slug: str, set_: str | None = None) -> Record | None:
        found = self._cards.get((game, slug), [])
        if set_:
            found = [c for c in found if c.set == set_]
        return found[0] if found else None

    def rulings(self, card: Record) -> list[Record]:
        found = [self.get(r) for r in card.rulings]
        return sorted((r for r in found if r is not None), key=lambda r: r.index)

    def notes(self, game: str = "mtg") -> list[Record]:
        return sorted(self.all(game, "note"), key=lambda r: (r.set, r.id))

    def note(self, game: str, slug: str, set_: str | None = None) -> Record | None:
        found = self._notes.get((game, slug), [])
        if set_:
            found = [n for n in found if n.set == set_]
        return found[0] if found else None

    def guides(self, game: str = "mtg") -> list[Record]:
        return sorted(self.all(game, "guide"), key=number_key)

    def guide(self, game: str, number: str) -> Record | None:
        return self._guides.get((game, number))

    def names(self, game: str = "mtg") -> list[Record]:
        return sorted(self.all(game, "name"), key=lambda r: (r.term.get(EN) or "").lower())

    # --- urls ----------------------------------------------------------------------

    def url(self, rec: Record) -> str:
        """The page of any record (a ruling's is its card's page, at the ruling)."""
        game, kind = rec.game, rec.kind
        if kind == "rule":
            if rec.edition == self.default_edition(game, "rule"):
                return f"/{game}/cr/{rec.number}"
            return f"/{game}/cr/{rec.edition}/{rec.number}"
        if kind == "glossary":
            base = f"/{game}/glossary/{rec.slug}"
            if rec.edition != self.default_edition(game, "glossary"):
                return f"{base}?edition={rec.edition}"
            return base
        if kind == "card":
            if len(self._cards.get((game, rec.slug), [])) > 1:
                return f"/{game}/cards/{rec.slug}?set={rec.set}"
            return f"/{game}/cards/{rec.slug}"
        if kind == "ruling":
            card = self.get(rec.card)
            base = self.url(card) if card is not None else f"/{game}/cards"
            return f"{base}#ruling-{rec.index}"
        if kind == "note":
            if len(self._notes.get((game, rec.slug), [])) > 1:
                return f"/{game}/notes/{rec.slug}?set={rec.set}"
            return f"/{game}/notes/{rec.slug}"
        if kind == "guide":
            return f"/{game}/guide/{rec.number}"
        if kind == "name":
            return f"/{game}/names#{anchor(rec)}"
        return f"/id/{rec.id}"

    def label(self, rec: Record) -> str:
        return label_of(rec)


def anchor(rec: Record) -> str:
    """A fragment id for a record listed on a shared page."""
    return rec.id.rsplit(":", 1)[1].replace(":", "-").replace(".", "-")
