"""Finding the rules, rulings and glossary entries that decide a judge call.

Evidence comes from several sources and is scored additively, each source
leaving its reason on the candidate so the answer can say why a rule was
chosen:

* a rule number named in the question;
* the rules a named term or keyword points to (its glossary "see rule");
* the table-talk concepts the question uses ("go to 0", "同时", see
  :mod:`judgebot.judge.concepts`);
* the keywords in the rules text of a named card, and the card's rulings and
  the rules they name;
* the rules a simulation of the question applied;
* for a question asked at a tournament, the sections of the Tournament Rules
  and the IPG that the search service ranks first for it;
* the search service's ranking of the question's informative words;
* the known situations the question resembles in its words, when no pattern
  recognised it as told (see :mod:`judgebot.judge.situationmatch`);
* rules whose text mentions several of the things the question names.

A rule that is only a heading (``702.15. Lifelink``) passes most of its score
to its subrules, ranked by the words they share with the question: judges
cite the subrule that decides, not the heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whoosh.analysis import STOP_WORDS

from judgebot.cardinfo import card_rules
from judgebot.corpus import EN, POLICY_KINDS, ZH_HANS, Record
from judgebot.judge.lexicon import Lexicon
from judgebot.judge.policymatch import PolicyMatcher
from judgebot.judge.situationmatch import SituationMatcher
from judgebot.judge.situations import is_section, section_record
from judgebot.judge.understand import Understanding
from judgebot.messages import Joined, Message, Name, msg
from judgebot.search import analysis
from judgebot.search.service import QUESTION_WORDS, SearchService
from judgebot.store import Store

# Sections a named step brings in, weakly (general background).
STEP_SECTIONS = {"untap": "502.1", "upkeep": "503.1", "draw": "504.1",
                 "precombat_main": "505.1", "postcombat_main": "505.1",
                 "beginning_of_combat": "507.1", "declare_attackers": "508.1",
                 "declare_blockers": "509.1", "first_strike_damage": "510.4",
                 "combat_damage": "510.1", "end_of_combat": "511.1", "end": "513.1",
                 "cleanup": "514.1"}
NAMED_RULE = 10.0
# A situation with a plain answer: its rules in order (the deciding one first).
DECIDES = (9.0, 6.5, 5.0, 4.0)
# A situation that only names the game's machinery ("priority", "blocking").
CONCEPT_WEIGHTS = (3.5, 2.6)
TWO_CONDITIONS = 1.15  # a situation whose two conditions both hold is the more specific
CARD_ONLY = 0.75  # a situation recognised only in a named card's text
CARD_DEFINES_PT = 2.0
DEFINING_RULE = 5.0  # for a keyword
DEFINING_TERM = 1.0  # for any other glossary term ("block", "creature")
# A term of several words ("range of influence", "state-based action",
# 无限制影响范围) names one piece of the rules, not the game's vocabulary.
SPECIFIC_TERM = 3.5
CARD_KEYWORD = 2.5
CARD_RULE = 3.0
RULING_CITES = 1.5
SIMULATED = 2.5
SEARCH_TOP = 3.0
COOCCURRENCE = 1.5
STEP_RULE = 0.8
APPLIED_SUBRULE = 1.5  # a subrule the simulation applied, as words in common go
HEADING_KEEPS = 0.25  # share of its score a heading keeps; the rest goes to subrules
DEFINITIONAL = re.compile(r"^[\w’' -]+ is an? (?:static|triggered|activated|keyword|spell) "
                          r"ability(?: that [^.]*)?\.?$", re.IGNORECASE)
# The tournament documents' sections the search ranks first for a question asked
# at a tournament; a chapter, an appendix or an introduction is background only.
POLICY_TOP = 3.5
POLICY_BACKGROUND = 0.3
# A section whose description (definition and examples) the question matches.
POLICY_MATCH = 6.0
POLICY_MATCH_MIN = 3.0  # BM25 score below which a match is a word or two in common
GAME_RULES_AT_TOURNAMENT = 0.5
# The known situations the question resembles most (see SituationMatcher): the
# best two, each above a score that means more than a word or two in common,
# bring their rules, the deciding one first, scaled by their score.
RESEMBLES = (4.0, 2.4, 1.6)
RESEMBLES_TOP = 2
RESEMBLES_MIN = 10.0
# A simulated question: the rules the engine applied say which subrule decides;
# a resemblance weighs half as much beside them.
RESEMBLES_SIMULATED = 0.5
# Words in more than this share of rules say nothing about which rule is meant.
COMMON_WORD = 0.04


# Evidence that the question resembles what a rule settles, not that it says so:
# it ranks, but a sure answer must stand without it.
SOFT_REASONS = frozenset({"judge.why.resembles"})


@dataclass
class Candidate:
    id: str
    score: float = 0.0
    reasons: list[Message] = field(default_factory=list)
    soft: float = 0.0  # the part of the score from resemblance alone

    def add(self, score: float, reason: Message) -> None:
        self.score += score
        if reason.code in SOFT_REASONS:
            self.soft += score
        if reason not in self.reasons:
            self.reasons.append(reason)

    def scale(self, factor: float) -> None:
        self.score *= factor
        self.soft *= factor

    @property
    def firm(self) -> float:
        """The score without resemblance."""
        return self.score - self.soft


@dataclass
class Evidence:
    rules: list[Candidate]
    rulings: list[Candidate]
    glossary: list[Candidate]
    notes: list[Candidate]
    cards: list[str]


class Retriever:
    def __init__(self, store: Store, svc: SearchService, lexicon: Lexicon | None = None):
        self.store = store
        self.svc = svc
        self.lexicon = lexicon
        self.policy = PolicyMatcher(store)
        self.en = analysis.english_analyzer()
        self.zh = analysis.chinese_analyzer()
        self.resembling = SituationMatcher(store, lexicon.situations, self.question_tokens) \
            if lexicon is not None else None
        self._tokens: dict[str, frozenset[str]] = {}
        # The words of asking, as the analyzers write them ("how", "mani" for "many").
        self._asking = set(analysis.analyze(self.en, " ".join(QUESTION_WORDS | {"many", "much"})))
        # In how many current rules each token is (computed when the index was built).
        self._df: dict[str, int] = svc.rule_words()["df"]
        self._rule_count = store.count("mtg", "rule", store.current_edition("mtg"))

    # --- text helpers ---------------------------------------------------------------

    def question_tokens(self, text: str) -> set[str]:
        return (set(analysis.analyze(self.en, text)) | set(analysis.analyze(self.zh, text))) \
            - analysis.FUNCTION_WORDS

    def informative(self, tokens: set[str]) -> set[str]:
        """The tokens that are rare enough among rules to tell them apart (the
        index keeps no stop words, so their count says nothing: "in", "to")."""
        limit = COMMON_WORD * max(self._rule_count, 1)
        return {t for t in tokens if self._df.get(t, 0) <= limit and len(t) > 1
                and t not in self._asking and t not in STOP_WORDS}

    def rule_tokens(self, rec: Record) -> frozenset[str]:
        cached = self._tokens.get(rec.id)
        if cached is None:
            zh = self._zh_text(rec)
            cached = frozenset(analysis.analyze(self.en, rec.text.get(EN, ""))) | frozenset(
                analysis.analyze(self.zh, zh))
            self._tokens[rec.id] = cached
        return cached

    def _zh_text(self, rec: Record) -> str:
        local = self.store.text(rec, "zh")
        return analysis.fold(local.text) if local is not None else ""

    def current(self, rid: str) -> str | None:
        """The current-edition rule for any rule id (2019 ids follow their lineage)."""
        rec = self.store.get(rid)
        if rec is None or rec.kind != "rule":
            return None
        if rec.edition != self.store.current_edition(rec.game):
            return self.store.current_of(rid)
        return rid

    def _rule(self, number: str, game: str) -> str | None:
        """A CR rule by number, or a tournament document's section by its label
        ("IPG 2.3"), in the current edition."""
        rec = section_record(self.store, number) if is_section(number) else \
            self.store.rule(number, game=game)
        return rec.id if rec is not None else None

    # --- retrieval --------------------------------------------------------------------

    def retrieve(self, u: Understanding, limit: int = 8, applied=(),
                 deciding: str | None = None) -> Evidence:
        """Rules, rulings, glossary entries and notes for a question; ``applied``
        names the rules a simulation of it applied, which count as evidence, and
        ``deciding`` the one that settles its outcome, if the computation knows it."""
        game = "fow" if u.other_game == "fow" else "mtg"
        rules: dict[str, Candidate] = {}

        def bump(rid: str | None, score: float, reason: Message) -> None:
            if rid:
                rules.setdefault(rid, Candidate(rid)).add(score, reason)

        qtokens = self.question_tokens(u.text)
        self._found_notes: list[Candidate] = []
        glossary: dict[str, Candidate] = {}
        cards: list[str] = []
        rulings: dict[str, Candidate] = {}
        # A situation recognised in a card's text already counts the rules
        # that text brings in; the card does not count them twice.
        from_card_situations = {self._rule(n, game) for e in u.of("situation")
                                if e.how.startswith("card") for n in e.rules}
        for e in u.entities:
            if e.kind in ("rule", "section"):
                bump(self._rule(e.value, game), NAMED_RULE, msg("judge.why.named", text=e.text))
            elif e.kind in ("term", "keyword"):
                if e.value.split(":", 1)[0] != game:
                    continue  # another game's glossary (a Force of Will term in a Magic question)
                weight = DEFINING_RULE if e.kind == "keyword" else (
                    SPECIFIC_TERM if len(e.text.split()) >= 2 or len(e.text) >= 4 and not
                    e.text.isascii() else DEFINING_TERM)
                glossary.setdefault(e.value, Candidate(e.value)).add(
                    weight * 0.8, msg("judge.why.words", text=e.text))
                for rid in e.rules[:2]:
                    bump(self.current(rid), weight, msg("judge.why.defines", text=e.text))
            elif e.kind == "situation":
                self._situation(e, game, bump)
            elif e.kind == "card":
                cards.append(e.value)
                self._card(e, qtokens, bump, rulings, glossary, from_card_situations)
            elif e.kind == "step":
                number = STEP_SECTIONS.get(e.value)
                if number:
                    bump(self._rule(number, game), STEP_RULE, msg("judge.why.words", text=e.text))
        simulated = {self._rule(number, game) for number in applied} - {None}
        for rid in simulated:
            bump(rid, SIMULATED, msg("judge.why.simulated"))
        if deciding:
            bump(self._rule(deciding, game), DECIDES[0], msg("judge.why.simulated"))
        self._search(u, game, qtokens, bump, rulings)
        if game == "mtg":
            self._resembles(u, bump, RESEMBLES_SIMULATED if simulated else 1.0)
        if u.tournament and game == "mtg":
            self._policy(u, bump)
        self._cooccurrence(u, rules)
        self._headings_to_subrules(rules, qtokens, simulated)
        if self.procedural(u) or u.tournament == "yes":
            # A question about tournament procedure, or asked at a tournament in
            # its words: the game's rules its cards and words bring in are
            # background to the sections that decide it.
            for cand in rules.values():
                if cand.id.split(":")[1] not in POLICY_KINDS and not any(
                        r.code == "judge.why.named" for r in cand.reasons):
                    cand.scale(GAME_RULES_AT_TOURNAMENT)
        ranked = sorted(rules.values(), key=lambda c: (-c.score, c.id))
        return Evidence(
            rules=ranked[:limit],
            rulings=sorted(rulings.values(), key=lambda c: (-c.score, c.id))[:5],
            glossary=sorted(glossary.values(), key=lambda c: (-c.score, c.id))[:4],
            notes=self._notes(),
            cards=list(dict.fromkeys(cards)),
        )

    def _situation(self, e, game: str, bump) -> None:
        """A recognised situation brings the rules that decide it, the deciding
        rule first: far above rules that merely share words with the question
        when the situation has a plain answer, as table talk's background
        otherwise; less when it was recognised only in a card's text."""
        situation = self.lexicon.situation(e.value) if self.lexicon else None
        decides = situation is not None and (situation.answer or situation.tournament)
        weights = DECIDES if decides else CONCEPT_WEIGHTS
        # Recognised in a card's text alone it weighs less; when the question's
        # own words confirm it ("card+words"), as much as in the question's words.
        scale = CARD_ONLY if e.how == "card" else 1.0
        if situation is not None and (situation.also or situation.also_cards) \
                and e.how != "card":
            scale *= TWO_CONDITIONS  # two things the question says, not one
        reason = msg("judge.why.card_situation") if e.how.startswith("card") else msg(
            "judge.why.words", text=e.text)
        for i, number in enumerate(e.rules):
            weight = weights[min(i, len(weights) - 1)] * scale
            bump(self._rule(number, game), weight, reason)

    def _card(self, e, qtokens, bump, rulings, glossary, counted=frozenset()) -> None:
        """A named card brings its rulings, the rules they name, and its keywords."""
        card = self.store.get(e.value)
        if card is None:
            return
        for n, rid in enumerate(getattr(card, "rulings", []) or []):
            ruling = self.store.get(rid)
            if ruling is None:
                continue
            words = self.question_tokens(ruling.text.get(ZH_HANS, "") + " "
                                         + ruling.text.get(EN, ""))
            overlap = len(self.informative(qtokens) & words)
            rulings.setdefault(rid, Candidate(rid)).add(
                1.0 + overlap * 0.5 - n * 0.01, msg("judge.why.ruling_on", card=e.text))
            # A ruling that shares the question's words says more about it.
            weight = RULING_CITES * (0.5 + 0.5 * min(overlap, 2))
            for cited in ruling.rules:
                bump(self.current(cited), weight, msg("judge.why.named_by_ruling",
                                                      card=e.text))
        # The rules its Oracle text uses: keywords and keyword actions ("destroy
        # target" → 701.8), rule numbers, glossary terms ("dies" → 700.4).
        for rid in card_rules(self.store, card):
            if rid in counted:
                continue
            bump(rid, CARD_RULE, msg("judge.why.used_by_text", card=e.text))
        # Both languages: a printed Chinese keyword may differ from the rules' term.
        text = analysis.fold(card.text.get(ZH_HANS, "")) + "\n" + card.text.get(EN, "")
        if card.power == "*" or card.toughness == "*" or "*" in (card.power or ""):
            for number in ("604.3", "613.4a"):
                bump(self._rule(number, card.game), CARD_DEFINES_PT,
                     msg("judge.why.defines_pt", card=e.text))
        if self.lexicon is None:
            return
        seen: set[str] = set()
        for _, _, term in self.lexicon.find(text):
            if term.kind == "keyword" and term.value not in seen:
                seen.add(term.value)
                glossary.setdefault(term.value, Candidate(term.value)).add(
                    1.5, msg("judge.why.in_card", card=e.text))
                for rid in term.rules[:1]:
                    bump(self.current(rid), CARD_KEYWORD,
                         msg("judge.why.keyword_in_card", keyword=term.text, card=e.text))

    def _search(self, u: Understanding, game: str, qtokens: set[str], bump, rulings) -> None:
        words = sorted(self.informative(qtokens))
        # What the question names, in the corpus's own words (a misspelt or
        # homophone keyword is searched by its real name).
        for e in u.entities:
            if e.kind in ("keyword", "card") and e.how != "exact":
                rec = self.store.get(e.value)
                names = getattr(rec, "term", None) or getattr(rec, "name", None) or {}
                words.extend(v for v in names.values() if v)
        query = " ".join(dict.fromkeys(words)) or u.text
        try:
            found = self.svc.search(query, game=game, per_page=30, brief=True)
        except ValueError:
            return
        rank = 0
        for hit in found.hits:
            if hit.kind == "rule" and hit.edition == self.store.current_edition(hit.game):
                bump(hit.id, SEARCH_TOP / (1 + 0.35 * rank), msg("judge.why.search"))
                rank += 1
            elif hit.kind == "ruling":
                rulings.setdefault(hit.id, Candidate(hit.id)).add(
                    1.0 / (1 + len(rulings)), msg("judge.why.search"))
            elif hit.kind == "note" and hit.score > 5:
                self._found_notes.append(Candidate(hit.id, hit.score, [msg("judge.why.search")]))

    def _resembles(self, u: Understanding, bump, scale: float = 1.0) -> None:
        """The rules of the known situations the question resembles in its words."""
        if self.resembling is None:
            return
        ranked = [(name, score) for name, score in self.resembling.rank(u.text, RESEMBLES_TOP)
                  if score >= RESEMBLES_MIN]
        for name, score in ranked:
            situation = self.lexicon.situation(name)
            for weight, number in zip(RESEMBLES, situation.rules, strict=False):
                bump(self._rule(number, "mtg"), scale * weight * score / ranked[0][1],
                     msg("judge.why.resembles"))

    def procedural(self, u: Understanding) -> bool:
        """The question describes a tournament matter (an infraction, a procedure
        of the Tournament Rules) in its own words."""
        return any((s := self.lexicon.situation(e.value)) is not None and s.tournament
                   and not e.how.startswith("card") for e in u.of("situation")) \
            if self.lexicon else False

    def _policy(self, u: Understanding, bump) -> None:
        """The Tournament Rules' and the IPG's sections for a question asked at a
        tournament: those whose descriptions (an infraction's definition and
        examples, a section's title and opening) match the question, and those
        the search service ranks first for its words."""
        scale = 1.0 if u.tournament == "yes" else 0.4
        ranked = self.policy.rank(u.text, top=3)
        best = ranked[0][1] if ranked else 0.0
        if best >= POLICY_MATCH_MIN:
            for rank, (label, value) in enumerate(ranked):
                bump(self.policy.ids[label], POLICY_MATCH * value / best / (1 + 0.5 * rank) * scale,
                     msg("judge.why.describes"))
        words = [w for w in re.findall(r"[\w'’-]+", u.text)
                 if w.lower() not in QUESTION_WORDS and len(w) > 1]
        query = " ".join(words) or u.text
        try:
            found = self.svc.search(query, kind="policy", per_page=6, brief=True)
        except ValueError:
            return
        for rank, hit in enumerate(found.hits):
            rec = self.store.get(hit.id)
            if rec is None:
                continue
            weight = POLICY_TOP / (1 + 0.6 * rank) * scale
            if getattr(rec, "level", "") != "section":
                weight *= POLICY_BACKGROUND
            bump(hit.id, weight, msg("judge.why.search"))

    def _cooccurrence(self, u: Understanding, rules: dict[str, Candidate]) -> None:
        named = {e.text.lower() for e in u.entities if e.kind == "keyword"}
        if len(named) < 2:
            return
        for cand in rules.values():
            rec = self.store.get(cand.id)
            if rec is None:
                continue
            text = (rec.text.get(EN, "") + " " + self._zh_text(rec)).lower()
            present = [n for n in named if n in text]
            if len(present) >= 2:
                cand.add(COOCCURRENCE * (len(present) - 1),
                         msg("judge.why.mentions", terms=Joined(tuple(sorted(present)),
                                                               "list.and")))

    def _headings_to_subrules(self, rules: dict[str, Candidate], qtokens: set[str],
                              applied: set[str] = frozenset()) -> None:
        """Let headings (rules with subrules, and sections) hand their score down:
        first to the subrules a simulation of the question applied, then to
        those that share the question's words."""
        wanted = self.informative(qtokens) or qtokens
        for cand in sorted(rules.values(), key=lambda c: -c.score):
            rec = self.store.get(cand.id)
            if rec is None or rec.kind != "rule" or not rec.children:
                continue
            if rec.level in ("rule", "subrule") and not rec.title:
                continue  # a rule with text of its own (not a name) keeps its score
            children = [c for c in (self.store.get(c) for c in rec.children) if c is not None]
            # The first subrule that says more than "X is a static ability." is
            # usually the one that states the rule; the next one often qualifies it.
            substantive = [c for c in children if not DEFINITIONAL.match(c.text.get(EN, ""))]
            prior = {c.id: p for c, p in zip(substantive, (0.6, 0.3), strict=False)}
            scored = []
            for child in children:
                overlap = len(wanted & self.rule_tokens(child))
                simulated = APPLIED_SUBRULE if child.id in applied else 0.0
                scored.append((overlap + prior.get(child.id, 0.0) + simulated, child.id))
            scored.sort(key=lambda s: (-s[0], s[1]))
            share = cand.score * (1 - HEADING_KEEPS)
            title = self.store.text(rec, "zh", "title")
            reason = msg("judge.why.under", rule=Name(
                f"{rec.number} {rec.title.get(EN, '')}".strip(),
                f"{rec.number} {title.text}" if title else ""))
            for weight, (value, cid) in zip((0.7, 0.45, 0.3), scored[:3], strict=False):
                if value > 0 or weight == 0.7:
                    for why in cand.reasons[:1]:
                        rules.setdefault(cid, Candidate(cid)).add(share * weight, why)
                    rules[cid].add(0.0, reason)
            cand.scale(HEADING_KEEPS)

    def _notes(self) -> list[Candidate]:
        return self._found_notes[:3]
