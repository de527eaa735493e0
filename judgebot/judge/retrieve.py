"""Finding the rules, rulings and glossary entries that decide a judge call.

Evidence comes from several sources and is scored additively, each source
leaving its reason on the candidate so the answer can say why a rule was
chosen:

* a rule number named in the question;
* the rules a named term or keyword points to (its glossary "see rule"), and
  the subrules of a keyword's rule that share the most words with the question;
* the rulings of a named card, and the rules those rulings name;
* the search service's ranking of the whole question (both languages);
* rules whose text mentions several of the things the question names.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from judgebot.corpus import CR_2025, EN, ZH_HANS, ZH_HANT, Record
from judgebot.judge.understand import Understanding
from judgebot.search import analysis
from judgebot.search.service import SearchService

# Sections a named step or zone brings in, weakly (general background).
STEP_SECTIONS = {"untap": "502", "upkeep": "503", "draw": "504", "precombat_main": "505",
                 "postcombat_main": "505", "beginning_of_combat": "507",
                 "declare_attackers": "508", "declare_blockers": "509",
                 "first_strike_damage": "510", "combat_damage": "510", "end_of_combat": "511",
                 "end": "513", "cleanup": "514"}
NAMED_RULE = 10.0
DEFINING_RULE = 5.0
KEYWORD_SUBRULE = 3.0
RULING_CITES = 2.0
SEARCH_TOP = 3.0
COOCCURRENCE = 1.5
STEP_RULE = 0.8
SIMULATED = 2.5


@dataclass
class Candidate:
    id: str
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)

    def add(self, score: float, reason: str) -> None:
        self.score += score
        if reason not in self.reasons:
            self.reasons.append(reason)


@dataclass
class Evidence:
    rules: list[Candidate]
    rulings: list[Candidate]
    glossary: list[Candidate]
    notes: list[Candidate]
    cards: list[str]


class Retriever:
    def __init__(self, svc: SearchService):
        self.svc = svc
        self.en = analysis.english_analyzer()
        self.zh = analysis.chinese_analyzer()

    def question_tokens(self, text: str) -> set[str]:
        return set(analysis.analyze(self.en, text)) | set(analysis.analyze(self.zh, text))

    def rule_tokens(self, rec: Record) -> set[str]:
        zh = self._zh_text(rec)
        return set(analysis.analyze(self.en, rec.text.get(EN, ""))) | set(
            analysis.analyze(self.zh, zh))

    def _zh_text(self, rec: Record) -> str:
        text = rec.text.get(ZH_HANS) or rec.text.get(ZH_HANT) or ""
        if not text and rec.kind == "rule":
            ancestor = self.svc.get(rec.lineage.get("ancestor", ""))
            if ancestor is not None:
                text = ancestor.text.get(ZH_HANS, "")
        return analysis.fold(text)

    def current(self, rid: str) -> str | None:
        """The current-edition rule for any rule id (2019 ids follow their lineage)."""
        rec = self.svc.get(rid)
        if rec is None or rec.kind != "rule":
            return None
        if rec.game == "mtg" and rec.edition != CR_2025:
            return self.svc.xref.current_of(rid)
        return rid

    def retrieve(self, u: Understanding, limit: int = 8, applied=()) -> Evidence:
        """Rules, rulings, glossary entries and notes for a question; ``applied``
        names the rules a simulation of it applied, which count as evidence."""
        rules: dict[str, Candidate] = {}

        def bump(rid: str | None, score: float, reason: str) -> None:
            if rid:
                rules.setdefault(rid, Candidate(rid)).add(score, reason)

        qtokens = self.question_tokens(u.text)
        glossary: dict[str, Candidate] = {}
        cards: list[str] = []
        rulings: dict[str, Candidate] = {}
        for e in u.entities:
            if e.kind == "rule":
                rec = self.svc.rule(e.value)
                bump(rec.id if rec else None, NAMED_RULE, f"named in the question ({e.text})")
            elif e.kind in ("term", "keyword"):
                gid = e.value
                glossary.setdefault(gid, Candidate(gid)).add(4.0, f"“{e.text}”")
                for rid in e.rules:
                    target = self.current(rid)
                    bump(target, DEFINING_RULE, f"defines “{e.text}”")
                    if target:
                        self._best_children(target, qtokens, u, bump, e.text)
            elif e.kind == "card":
                cards.append(e.value)
                card = self.svc.get(e.value)
                for n, rid in enumerate(getattr(card, "rulings", []) or []):
                    ruling = self.svc.get(rid)
                    if ruling is None:
                        continue
                    overlap = len(qtokens & set(analysis.analyze(self.zh, ruling.text.get(
                        ZH_HANS, "")))) + len(qtokens & set(analysis.analyze(
                            self.en, ruling.text.get(EN, ""))))
                    rulings.setdefault(rid, Candidate(rid)).add(
                        1.0 + overlap * 0.5 - n * 0.01, f"ruling on {e.text}")
                    for cited in ruling.rules:
                        bump(self.current(cited), RULING_CITES, f"named by a ruling on {e.text}")
            elif e.kind == "step":
                section = STEP_SECTIONS.get(e.value)
                if section:
                    rec = self.svc.rule(section)
                    bump(rec.id if rec else None, STEP_RULE, f"the {e.text}")
        for number in applied:
            rec = self.svc.rule(number)
            bump(rec.id if rec else None, SIMULATED, "applied in the simulation")
        self._search(u, bump, glossary, rulings)
        self._cooccurrence(u, rules)
        ranked = sorted(rules.values(), key=lambda c: (-c.score, c.id))
        return Evidence(
            rules=ranked[:limit],
            rulings=sorted(rulings.values(), key=lambda c: (-c.score, c.id))[:5],
            glossary=sorted(glossary.values(), key=lambda c: (-c.score, c.id))[:4],
            notes=self._notes(u),
            cards=list(dict.fromkeys(cards)),
        )

    def _best_children(self, rid: str, qtokens: set[str], u: Understanding, bump, term: str
                       ) -> None:
        rec = self.svc.get(rid)
        children = [self.svc.get(c) for c in getattr(rec, "children", [])]
        scored = []
        for child in children:
            if child is None:
                continue
            overlap = qtokens & self.rule_tokens(child)
            if overlap:
                scored.append((len(overlap), child.id))
        scored.sort(key=lambda s: (-s[0], s[1]))
        for overlap, cid in scored[:2]:
            bump(cid, min(KEYWORD_SUBRULE, 1.0 + 0.5 * overlap), f"the rule on “{term}”")

    def _search(self, u: Understanding, bump, glossary, rulings) -> None:
        try:
            found = self.svc.search(u.text, kind="rule", per_page=20)
        except ValueError:
            return
        for rank, hit in enumerate(found.hits):
            bump(hit.id, SEARCH_TOP / (1 + 0.35 * rank), "matches the question's words")
        try:
            others = self.svc.search(u.text, kind="cards", per_page=5)
        except ValueError:
            return
        for rank, hit in enumerate(others.hits):
            if hit.kind == "ruling":
                rulings.setdefault(hit.id, Candidate(hit.id)).add(
                    1.0 / (1 + rank), "matches the question's words")

    def _cooccurrence(self, u: Understanding, rules: dict[str, Candidate]) -> None:
        named = {e.text.lower() for e in u.entities if e.kind in ("term", "keyword")}
        if len(named) < 2:
            return
        for cand in rules.values():
            rec = self.svc.get(cand.id)
            if rec is None:
                continue
            text = (rec.text.get(EN, "") + " " + self._zh_text(rec)).lower()
            present = [n for n in named if n in text]
            if len(present) >= 2:
                cand.add(COOCCURRENCE * (len(present) - 1),
                         "mentions " + " and ".join(f"“{p}”" for p in sorted(present)))

    def _notes(self, u: Understanding) -> list[Candidate]:
        try:
            found = self.svc.search(u.text, kind="note", per_page=3)
        except ValueError:
            return []
        return [Candidate(h.id, 1.0 / (1 + i), ["matches the question's words"])
                for i, h in enumerate(found.hits) if h.score > 5]


def by_kind(ids: list[str], svc: SearchService) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for rid in ids:
        rec = svc.get(rid)
        if rec is not None:
            grouped[rec.kind].append(rid)
    return grouped
