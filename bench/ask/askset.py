"""The judge-question sets: reading ``bench/ask/questions*.yaml`` and scoring answers.

Shared by ``bench/eval_ask.py`` (quality), ``bench/bench_ask.py`` (speed) and
``tests/test_ask_eval_set.py`` (the file is well formed). Nothing here imports
the judge: loading and scoring are pure, so the set can be checked without an
index. The fields and conventions are described in ``bench/ask/README.md``.
"""

from __future__ import annotations

import csv
import json
import lzma
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions.yaml"
QUESTION_FILES = (HERE / "questions.yaml", HERE / "questions-2026.yaml")
SOURCES = HERE.parent.parent / "corpus" / "sources"
CARDNAMES = SOURCES / "cardnames" / "tsr_cardnames.tsv"
CARD_FILE = SOURCES / "cards" / "cards.jsonl.xz"
SHARED_CARD_FILE = HERE.parent.parent.parent / "shared" / "sources" / "cards" / "cards.jsonl.xz"

# The edition a set's numbers are written in when the file does not say.
DEFAULT_EDITION = "2025-11-14"
LANGS = ("en", "zh-Hans", "zh-Hant")
CATEGORIES = ("combat", "keywords", "damage-life", "sba", "stack-timing", "casting-costs",
              "targeting", "triggers", "continuous-effects", "zones-objects", "turn-structure",
              "replacement", "multiplayer", "tournament", "layers", "copy-control", "commander")
FEATURES = ("typo", "mixed")
FIELDS = {"id", "q", "lang", "category", "cite", "features", "cards", "simulable", "outcome",
          "paraphrase_of", "answer", "penalty", "remedy"}
PENALTIES = ("Warning", "Game Loss", "Match Loss", "Disqualification", "none")
OUTCOME_KEYS = {"life", "poison", "graveyard", "battlefield", "exile", "hand", "permanents",
                "lost", "winner"}
ZONES = ("graveyard", "battlefield", "exile", "hand")
PLAYERS = ("You", "Opponent")
RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d{1,3}[a-z]?)?$")
# A section of the tournament documents, as printed: "IPG 2.2", "MTR 4.2",
# "MTR Appendix F".
SECTION = re.compile(r"^(?:IPG|MTR) (?:\d{1,2}(?:\.\d{1,2})?|Appendix [A-F])$")
ID = re.compile(r"^(?:en|zh)-p?\d{2,4}$")
MAX_QUESTION_CHARS = 600  # a question typed at the table or in a chat, a board described
K = 5  # recall@K


class AskSetError(ValueError):
    """The question file is malformed; the message names the question."""


@dataclass(frozen=True)
class Question:
    id: str
    q: str
    lang: str
    category: str
    cite: tuple[str, ...]
    features: frozenset[str] = frozenset()
    cards: tuple[str, ...] = ()
    simulable: bool = False
    outcome: dict | None = None
    paraphrase_of: str | None = None
    answer: str = ""
    edition: str = DEFAULT_EDITION  # of the CR numbers in ``cite``
    penalty: str | None = None
    remedy: str = ""

    @property
    def family(self) -> str:
        """en or zh: Simplified and Traditional are one language for the report."""
        return "en" if self.lang == "en" else "zh"

    @property
    def tags(self) -> frozenset[str]:
        """The features plus the derived ones (card, hant, paraphrase)."""
        derived = set(self.features)
        if self.cards:
            derived.add("card")
        if self.lang == "zh-Hant":
            derived.add("hant")
        if self.paraphrase_of:
            derived.add("paraphrase")
        return frozenset(derived)


def card_names(path: Path = CARDNAMES) -> dict[str, str]:
    """Card name → its Chinese name: every card of the card file (its official
    Chinese name, or "") and, over them, the TSR release notes' own names."""
    names: dict[str, str] = {}
    card_file = CARD_FILE if CARD_FILE.is_file() else SHARED_CARD_FILE
    if card_file.is_file():
        with lzma.open(card_file, "rt", encoding="utf-8") as f:
            for line in f:
                card = json.loads(line)
                names[card["name"]] = card.get("name_zhs") or ""
    with path.open(encoding="utf-8", newline="") as f:
        names.update({row["name_en"]: row["name_zh_seed"]
                      for row in csv.DictReader(f, delimiter="\t")})
    return names


def load(path: Path | None = None, cards: dict[str, str] | None = None) -> list[Question]:
    """Read and validate the set (every question file, or the one at ``path``);
    the first problem found raises ``AskSetError``."""
    known_cards = card_names() if cards is None else cards
    questions: list[Question] = []
    for file in ([path] if path is not None else QUESTION_FILES):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
            raise AskSetError(f"{file.name}: expected a mapping with a 'questions' list")
        edition = str(data.get("edition") or DEFAULT_EDITION)
        found = [_question(file.name, i, raw, known_cards, edition)
                 for i, raw in enumerate(data["questions"], 1)]
        _check_set(file.name, found)
        questions.extend(found)
    _check_set("the sets", questions)
    return questions


def _question(file: str, n: int, raw: object, cards: dict[str, str],
              edition: str = DEFAULT_EDITION) -> Question:
    where = f"{file}: question {n}"
    if not isinstance(raw, dict):
        raise AskSetError(f"{where}: not a mapping")
    where = f"{file}: {raw.get('id', f'question {n}')}"
    unknown = set(raw) - FIELDS
    if unknown:
        raise AskSetError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for name in ("id", "q", "lang", "category", "cite"):
        if not raw.get(name):
            raise AskSetError(f"{where}: missing {name}")
    if not ID.match(str(raw["id"])):
        raise AskSetError(f"{where}: id should look like en-001, zh-012 or en-p03")
    q = raw["q"]
    if not isinstance(q, str) or not q.strip() or len(q) > MAX_QUESTION_CHARS:
        raise AskSetError(f"{where}: q must be text of at most {MAX_QUESTION_CHARS} characters")
    if raw["lang"] not in LANGS:
        raise AskSetError(f"{where}: lang {raw['lang']!r} is not one of {', '.join(LANGS)}")
    if raw["category"] not in CATEGORIES:
        raise AskSetError(f"{where}: category {raw['category']!r} is not one of "
                          f"{', '.join(CATEGORIES)}")
    cite = raw["cite"]
    if not isinstance(cite, list) or not all(
            isinstance(c, str) and (RULE_NUMBER.match(c) or SECTION.match(c)) for c in cite):
        raise AskSetError(f"{where}: cite must be a list of rule numbers like \"702.19b\" "
                          "or sections like \"IPG 2.2\"")
    if len(set(cite)) != len(cite):
        raise AskSetError(f"{where}: a rule is cited twice")
    features = raw.get("features") or []
    if not set(features) <= set(FEATURES):
        raise AskSetError(f"{where}: features may only be {', '.join(FEATURES)}")
    named = raw.get("cards") or []
    for card in named:
        if card not in cards:
            raise AskSetError(f"{where}: {card!r} is not a card of the card file")
    simulable = raw.get("simulable", False)
    outcome = raw.get("outcome")
    if simulable is not True and simulable is not False:
        raise AskSetError(f"{where}: simulable must be true or false")
    if simulable:
        _check_outcome(where, outcome)
    elif outcome is not None:
        raise AskSetError(f"{where}: an outcome is given but simulable is not true")
    penalty = raw.get("penalty")
    if penalty is not None and penalty not in PENALTIES:
        raise AskSetError(f"{where}: penalty must be one of {', '.join(PENALTIES)}")
    return Question(id=raw["id"], q=q, lang=raw["lang"], category=raw["category"],
                    cite=tuple(cite), features=frozenset(features), cards=tuple(named),
                    simulable=simulable, outcome=outcome, paraphrase_of=raw.get("paraphrase_of"),
                    answer=raw.get("answer") or "", edition=edition, penalty=penalty,
                    remedy=raw.get("remedy") or "")


def _check_outcome(where: str, outcome: object) -> None:
    if not isinstance(outcome, dict) or not outcome:
        raise AskSetError(f"{where}: a simulable question needs an outcome")
    unknown = set(outcome) - OUTCOME_KEYS
    if unknown:
        raise AskSetError(f"{where}: outcome has unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("life", "poison", *ZONES):
        value = outcome.get(key)
        if value is None:
            continue
        if not isinstance(value, dict) or not set(value) <= set(PLAYERS):
            raise AskSetError(f"{where}: outcome {key} must map You/Opponent to values")
        for v in value.values():
            ok = isinstance(v, int) if key in ("life", "poison") else (
                isinstance(v, list) and all(isinstance(x, str) for x in v))
            if not ok:
                raise AskSetError(f"{where}: outcome {key} has a value of the wrong kind")
    lost = outcome.get("lost")
    if lost is not None and not (isinstance(lost, list) and set(lost) <= set(PLAYERS)):
        raise AskSetError(f"{where}: outcome lost must be a list of You/Opponent")
    if outcome.get("winner") not in (None, *PLAYERS):
        raise AskSetError(f"{where}: outcome winner must be You or Opponent")
    permanents = outcome.get("permanents")
    if permanents is not None and not (isinstance(permanents, dict) and all(
            isinstance(v, dict) and v for v in permanents.values())):
        raise AskSetError(f"{where}: outcome permanents must map names to field checks")


def _check_set(file: str, questions: list[Question]) -> None:
    by_id: dict[str, Question] = {}
    for q in questions:
        if q.id in by_id:
            raise AskSetError(f"{file}: {q.id}: id used twice")
        by_id[q.id] = q
    texts = [q.q for q in questions]
    if len(set(texts)) != len(texts):
        raise AskSetError(f"{file}: a question text appears twice")
    for q in questions:
        if q.paraphrase_of is None:
            continue
        original = by_id.get(q.paraphrase_of)
        if original is None or original.paraphrase_of is not None:
            raise AskSetError(f"{file}: {q.id}: paraphrase_of must name an original question")
        if set(original.cite) != set(q.cite) or original.lang != q.lang:
            raise AskSetError(f"{file}: {q.id}: a paraphrase must cite the same rules in the "
                              f"same language as {original.id}")
        if original.simulable != q.simulable or original.outcome != q.outcome:
            raise AskSetError(f"{file}: {q.id}: a paraphrase must expect the same outcome "
                              f"as {original.id}")


# --- scoring rules ------------------------------------------------------------------------


def number_of(record_id: str, current: str) -> str | None:
    """What an answer's record is, in the set's terms: the rule number of a CR
    rule of the ``current`` edition, "IPG 2.2" / "MTR 4.2" / "MTR Appendix F"
    for a section of the tournament documents; None for anything else."""
    parts = record_id.split(":")
    if len(parts) != 4 or parts[0] != "mtg":
        return None
    _, kind, edition, key = parts
    if kind == "cr":
        return key if edition == current else None
    if kind in ("ipg", "mtr"):
        if key.startswith("appendix-"):
            return f"{kind.upper()} Appendix {key.split('-', 1)[1].upper()}"
        return f"{kind.upper()} {key}"
    return None


def covers(cite: str, number: str) -> bool:
    """Whether an answer's rule ``number`` satisfies the set's ``cite``.

    Convention: the same number, or a descendant when the set cites a parent
    (cite 702.19 is satisfied by 702.19b; cite 510 by 510.1c). An answer citing
    a parent never satisfies a more specific cite (702.19 does not satisfy
    702.19b): the set names the subrule because that sentence decides.
    """
    if number == cite:
        return True
    if not cite[:1].isdigit() or not number[:1].isdigit():
        # A tournament section is found by itself or one of its paragraphs.
        return number.startswith(cite + ".") and cite[:3] == number[:3]
    if "." not in cite:
        return number.startswith(cite + ".")
    return cite[-1].isdigit() and bool(re.fullmatch(re.escape(cite) + r"[a-z]", number))


def ranks(cite: Sequence[str], numbers: Sequence[str | None], parents: bool = False
          ) -> dict[str, int | None]:
    """For each cited rule, the 1-based position of the first answer rule covering it.

    ``parents`` relaxes the convention for a diagnostic figure only: an answer's
    ancestor of a cited rule (702.15 for 702.15b) then counts too.
    """
    def hit(c: str, n: str | None) -> bool:
        return bool(n) and (covers(c, n) or (parents and is_ancestor(n, c)))

    return {c: next((i for i, n in enumerate(numbers, 1) if hit(c, n)), None) for c in cite}


def is_ancestor(parent: str, number: str) -> bool:
    """702 and 702.15 are ancestors of 702.15b; a number is not its own ancestor."""
    if parent == number:
        return False
    if "." not in parent:
        return number.startswith(parent + ".")
    return covers(parent, number)


def recall_at(found: dict[str, int | None], k: int = K) -> float:
    return sum(1 for r in found.values() if r is not None and r <= k) / len(found)


def reciprocal_rank(found: dict[str, int | None]) -> float:
    """1/rank of the first answer rule that covers any cited rule (0 if none does)."""
    hits = [r for r in found.values() if r is not None]
    return 1.0 / min(hits) if hits else 0.0


def decisive_rr(cite: Sequence[str], found: dict[str, int | None]) -> float:
    """1/rank of the most decisive cited rule (the first one the set lists)."""
    r = found[cite[0]]
    return 1.0 / r if r else 0.0


def percentile(values: Iterable[float], p: float) -> float:
    """The p-th percentile by linear interpolation between closest ranks."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * p / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


# --- simulated outcomes --------------------------------------------------------------------

YOU_ALIASES = {"you", "me", "i", "我", "我方", "self", "asker", "player"}
OPPONENT_ALIASES = {"opponent", "opp", "对手", "對手", "敌方", "them"}


@dataclass
class SimCheck:
    status: str  # absent | refused | unreadable | wrong | right
    detail: str = ""
    by_permutation: bool = False


def check_simulation(sim: object, outcome: dict, cards: dict[str, str]) -> SimCheck:
    """Compare ``Answer.simulation`` with the set's expected outcome, defensively.

    The engine is not wired into the judge yet and the shape of its report
    may change, so this accepts the shapes described in README.md and says
    "unreadable" (not "wrong") for a simulation it cannot read.
    """
    if not sim:
        return SimCheck("absent")
    if not isinstance(sim, dict):
        return SimCheck("unreadable", f"simulation is a {type(sim).__name__}")
    if sim.get("refused"):
        return SimCheck("refused", str(sim.get("refused"))[:120])
    view = read_state(sim)
    if view is None:
        return SimCheck("unreadable", "no players found in the simulation's state")
    players = list(view["players"])
    direct = _direct_mapping(players)
    mappings = [direct] if direct else []
    if not direct and len(players) == 2:
        mappings = [{"You": players[0], "Opponent": players[1]},
                    {"You": players[1], "Opponent": players[0]}]
    if not mappings:
        return SimCheck("unreadable", f"cannot tell who is You among {players}")
    problems: list[str] = []
    for mapping in mappings:
        problems = _differences(view, outcome, mapping, cards)
        if not problems:
            return SimCheck("right", by_permutation=direct is None)
    return SimCheck("wrong", "; ".join(problems)[:300])


def read_state(sim: dict) -> dict | None:
    """Normalise a simulation report to {players: {name: {...}}, winner, permanents}."""
    state = None
    for key in ("state", "final_state", "outcome", "result"):
        if isinstance(sim.get(key), dict):
            state = sim[key]
            break
    if state is None:
        state = sim
    raw_players = state.get("players")
    players: dict[str, dict] = {}
    if isinstance(raw_players, dict):
        items = list(raw_players.items())
    elif isinstance(raw_players, list):
        items = [(p.get("name"), p) for p in raw_players if isinstance(p, dict)]
    else:
        return None
    for name, p in items:
        if not name or not isinstance(p, dict):
            continue
        zones = p.get("zones") if isinstance(p.get("zones"), dict) else p
        counters = p.get("counters") if isinstance(p.get("counters"), dict) else {}
        players[str(name)] = {
            "life": p.get("life"),
            "poison": p.get("poison", counters.get("poison", 0)),
            "lost": bool(p.get("lost") or p.get("has_lost")),
            "zones": {z: [_object(o) for o in zones.get(z) or []] for z in ZONES},
        }
    if not players:
        return None
    # A shared battlefield listing objects with their controller.
    if isinstance(state.get("battlefield"), list):
        for o in state["battlefield"]:
            obj = _object(o)
            owner = obj.get("controller") or obj.get("owner")
            if owner in players:
                players[owner]["zones"]["battlefield"].append(obj)
    # Battlefields listed by name, with each permanent's details (counters, P/T)
    # given apart, as judgebot's state does.
    if isinstance(state.get("permanents"), list):
        for o in state["permanents"]:
            obj = _object(o)
            owner = obj.get("controller") or obj.get("owner")
            if owner not in players:
                continue
            field = players[owner]["zones"]["battlefield"]
            same = next((i for i, f in enumerate(field) if f["name"] == obj["name"]
                         and len(f) == 1), None)
            if same is None:
                field.append(obj)
            else:
                field[same] = obj
    lost = state.get("lost")
    if isinstance(lost, list):
        for name in lost:
            if name in players:
                players[name]["lost"] = True
    return {"players": players, "winner": state.get("winner")}


def _object(o: object) -> dict:
    if isinstance(o, str):
        return {"name": o}
    if not isinstance(o, dict):
        return {"name": str(o)}
    name = o.get("name")
    if isinstance(name, dict):  # names per language
        name = name.get("en") or next(iter(name.values()), "")
    return {**o, "name": name or ""}


def _direct_mapping(players: list[str]) -> dict[str, str] | None:
    you = [p for p in players if p.lower() in YOU_ALIASES]
    opp = [p for p in players if p.lower() in OPPONENT_ALIASES]
    if len(you) == 1 and len(opp) == 1:
        return {"You": you[0], "Opponent": opp[0]}
    return None


def _differences(view: dict, outcome: dict, mapping: dict[str, str],
                 cards: dict[str, str]) -> list[str]:
    players = view["players"]
    out: list[str] = []
    for key in ("life", "poison"):
        for who, want in (outcome.get(key) or {}).items():
            got = players[mapping[who]][key]
            if got != want:
                out.append(f"{key} {who} {got} ≠ {want}")
    for zone in ZONES:
        for who, want in (outcome.get(zone) or {}).items():
            got = [o["name"] for o in players[mapping[who]]["zones"][zone]]
            if not _zone_matches(want, got, cards):
                out.append(f"{zone} {who} {got} ≠ {want}")
    if "lost" in outcome:
        lost = {who for who, name in mapping.items() if players[name]["lost"]}
        if lost != set(outcome["lost"]):
            out.append(f"lost {sorted(lost)} ≠ {outcome['lost']}")
    if "winner" in outcome:
        winner = view.get("winner")
        if winner != mapping[outcome["winner"]]:
            out.append(f"winner {winner} ≠ {outcome['winner']}")
    for name, fields in (outcome.get("permanents") or {}).items():
        obj = _find_permanent(players, name, cards)
        if obj is None:
            out.append(f"no permanent {name}")
            continue
        for field, want in fields.items():
            got = obj.get(field)
            if field == "counters":
                got = {str(k).replace(" ", ""): v for k, v in (got or {}).items() if v}
            if got != want:
                out.append(f"{name}.{field} {got} ≠ {want}")
    return out


def _same_card(want: str, got: str, cards: dict[str, str]) -> bool:
    return got.casefold() == want.casefold() or got == cards.get(want)


def _zone_matches(want: list[str], got: list[str], cards: dict[str, str]) -> bool:
    """Card names must be there by name; described objects ("2/2 creature") by count."""
    if len(want) != len(got):
        return False
    remaining = list(got)
    for name in want:
        if name not in cards:
            continue
        hit = next((g for g in remaining if _same_card(name, g, cards)), None)
        if hit is None:
            return False
        remaining.remove(hit)
    return True


def _find_permanent(players: dict, name: str, cards: dict[str, str]) -> dict | None:
    for p in players.values():
        for obj in p["zones"]["battlefield"]:
            if _same_card(name, obj.get("name", ""), cards):
                return obj
    return None


# --- the results file ----------------------------------------------------------------------


def update_section(path: Path, name: str, text: str) -> None:
    """Write ``text`` as the section ``name`` of a results file, keeping the others.

    eval_ask.py (quality) and bench_ask.py (speed) share bench/results/ask.md;
    each replaces only its own part, delimited by HTML comments.
    """
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{text.rstrip()}\n{end}\n"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if start in old and end in old:
        head, rest = old.split(start, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        new = head + block + ("\n" + tail if tail else "")
    else:
        new = (old.rstrip() + "\n\n" if old.strip() else "") + block
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")
