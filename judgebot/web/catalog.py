"""What the pages need from the corpus store beyond search: records by URL
key, editions per game, the Chinese counterpart of a monolingual record, URLs.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from judgebot.corpus import EN, POLICY_KINDS, Record, label_of, parse_id, zh_of
from judgebot.rulenumbers import sort_key
from judgebot.search.service import SearchService
from judgebot.store import Store
from judgebot.xref import CrossReference

GAMES = {"mtg": "Magic: The Gathering", "fow": "Force of Will"}
GUIDE_NAME = "基本規則"  # the beginner's rulebook, as it names itself
RECENT = 4096  # what is derived per record, kept for the records most recently shown


def number_key(rec: Record) -> tuple:
    return sort_key(getattr(rec, "number", "") or "")


@dataclass
class Catalog:
    store: Store
    service: SearchService
    _memo: dict = field(default_factory=dict)
    _defaults: dict = field(default_factory=dict)
    _recent: OrderedDict = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.xref: CrossReference = self.service.xref
        self.all_editions = sorted({e for g in self.store.games for k in KINDS
                                    for e in self.store.editions(g, k)})

    # --- basics -----------------------------------------------------------------

    def memo(self, key, compute):
        """``compute()`` once per key for the life of the process: the corpus is
        fixed while it runs, so what is derived from it never goes stale."""
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    def remember(self, key, compute):
        """Like :meth:`memo`, for what is derived per record: only the most recently
        used ``RECENT`` keys are kept (a page listing thousands of records, or a
        crawler, must not grow the process)."""
        with self._lock:
            try:
                self._recent.move_to_end(key)
                return self._recent[key]
            except KeyError:
                pass
        value = compute()
        with self._lock:
            self._recent[key] = value
            if len(self._recent) > RECENT:
                self._recent.popitem(last=False)
        return value

    def get(self, rid: str | None) -> Record | None:
        return self.store.get(rid) if rid else None

    def games(self) -> list[str]:
        return [g for g in GAMES if g in self.store.games]

    def all(self, game: str, kind: str) -> list[Record]:
        return self.memo(("all", game, kind), lambda: list(self.store.records(game, kind)))

    def editions(self, game: str, kind: str) -> list[str]:
        return self.store.editions(game, kind)

    def default_edition(self, game: str, kind: str) -> str | None:
        # Asked for every link a page draws: looked up once per game and kind.
        key = (game, kind)
        found = self._defaults.get(key, self)
        if found is self:
            found = self.store.current_edition(game, kind)
            if game in self.store.games:
                self._defaults[key] = found
        return found

    # --- rules -------------------------------------------------------------------

    def rule(self, game: str, number: str, edition: str | None = None) -> Record | None:
        """A rule by number; without an edition the current one, then older ones."""
        if edition is None and game != "mtg":
            edition = self.default_edition(game, "rule")
        return self.store.rule(number, edition, game)

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

    def cited_by(self, rid: str) -> tuple[str, ...]:
        """The records citing ``rid``, in document order (a rule may be cited by
        thousands: asked of the store once per record)."""
        return self.remember(("cited-by", rid), lambda: tuple(self.store.cited_by(rid)))

    def translation_of(self, rec: Record) -> Record | None:
        """The record whose Chinese a reader sees beside ``rec``'s English."""
        # Kept as an id ("" for none), never as a record: records are the store's to keep.
        rid = self.remember(("translation", rec.id), lambda: getattr(
            self.store.translation_of(rec), "id", ""))
        if rid == rec.id:
            return rec  # callers ask "is it the record itself?"
        return self.store.get(rid) if rid else None

    def english_of(self, rec: Record) -> Record | None:
        """For a Chinese-only record, the current English record it translates."""
        return self.store.english_of(rec)

    # --- glossary ----------------------------------------------------------------

    def glossary(self, game: str, edition: str) -> list[Record]:
        entries = [r for r in self.all(game, "glossary") if r.edition == edition]
        return sorted(entries, key=lambda r: (r.term.get(EN) or zh_of(r.term)).lower())

    def glossary_entry(self, game: str, edition: str, slug: str) -> Record | None:
        return self.get(self._glossary_ids(game).get((edition, slug)))

    def _glossary_ids(self, game: str) -> dict[tuple[str, str], str]:
        """(edition, slug) → the glossary entry's id, the first in document order."""
        def build() -> dict[tuple[str, str], str]:
            out: dict[tuple[str, str], str] = {}
            for rec in self.all(game, "glossary"):
                out.setdefault((rec.edition, rec.slug), rec.id)
            return out

        return self.memo(("glossary-ids", game), build)

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

    def card(self, game: str, slug: str, set_: str | None = None) -> Record | None:
        found = self.store.find(game, "card", slug=slug)
        if set_:
            found = [c for c in found if c.set == set_]
        return found[0] if found else None

    def rulings(self, card: Record) -> list[Record]:
        """A card's rulings: its official (Oracle) rulings, then the release
        notes' rulings that are not one of them."""
        return self.store.get_many(card.rulings)

    def notes(self, game: str = "mtg") -> list[Record]:
        return sorted(self.all(game, "note"), key=lambda r: (r.set, r.id))

    def note(self, game: str, slug: str, set_: str | None = None) -> Record | None:
        found = self.store.find(game, "note", slug=slug)
        if set_:
            found = [n for n in found if n.set == set_]
        return found[0] if found else None

    def guides(self, game: str = "mtg") -> list[Record]:
        return sorted(self.all(game, "guide"), key=number_key)

    def guide(self, game: str, number: str) -> Record | None:
        found = self.store.find(game, "guide", number=number)
        return found[0] if found else None

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
            if self.remember(("card-printings", game, rec.slug),
                         lambda: len(self.store.find(game, "card", slug=rec.slug))) > 1:
                return f"/{game}/cards/{rec.slug}?set={rec.set}"
            return f"/{game}/cards/{rec.slug}"
        if kind == "ruling":
            if getattr(rec, "same_as", "") and self.get(rec.same_as) is not None:
                return self.url(self.get(rec.same_as))  # shown as that ruling
            card = self.get(rec.card)
            base = self.url(card) if card is not None else f"/{game}/cards"
            return f"{base}#{ruling_anchor(rec)}"
        if kind == "note":
            if len(self.store.find(game, "note", slug=rec.slug)) > 1:
                return f"/{game}/notes/{rec.slug}?set={rec.set}"
            return f"/{game}/notes/{rec.slug}"
        if kind == "guide":
            return f"/{game}/guide/{rec.number}"
        if kind == "name":
            return f"/{game}/names#{anchor(rec)}"
        if kind in POLICY_KINDS:  # the Tournament Rules and the IPG: /mtr/4.2, /ipg/2.2
            if rec.edition == self.default_edition(game, kind):
                return f"/{kind}/{rec.number}"
            return f"/{kind}/{rec.edition}/{rec.number}"
        return f"/id/{rec.id}"

    def label(self, rec: Record) -> str:
        return label_of(rec)


KINDS = ("rule", "glossary", "name", "card", "ruling", "note", "guide", *POLICY_KINDS)


def ruling_anchor(rec: Record) -> str:
    """A ruling's place on its card's page: ``ruling-2`` (Oracle), ``ruling-tsr-2``
    (the release notes of a set)."""
    _, _, edition, _ = parse_id(rec.id)
    return f"ruling-{edition}-{rec.index}" if edition else f"ruling-{rec.index}"


def anchor(rec: Record) -> str:
    """A fragment id for a record listed on a shared page."""
    return rec.id.rsplit(":", 1)[1].replace(":", "-").replace(".", "-")
