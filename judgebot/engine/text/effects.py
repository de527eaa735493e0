"""The grammar of effects: what a spell or ability does, one sentence at a time.

A sentence is a condition ("If you control a Swamp, …"), clauses joined by "then" or
"and", and each clause is a subject, a verb and what the verb takes::

    [Target creature you control] [deals] [damage equal to its power] [to target creature]
    [Each opponent]               [loses] [2 life]
    (you)                         [Create] [two 1/1 white Soldier creature tokens]

The subject and the objects are noun phrases (:mod:`.selectors`), amounts are read by
:mod:`.amounts`, conditions by :mod:`.conditions`. Each verb is read by one function
registered in :data:`VERBS` and builds the effects of the engine's verb registry
(:mod:`judgebot.engine.verbs`), so "deals damage" reads the same for any subject and
any recipient on every card. A clause no verb reads is a refusal that quotes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Filter, StaticAbility, TargetSpec
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost, parse_mana_list
from judgebot.engine.text.amounts import (
    ARITH,
    for_each,
    negate,
    plain_number,
    read_amount,
    scaled,
    signed,
)
from judgebot.engine.text.costs import energy_count
from judgebot.engine.text.keywords import keyword_list
from judgebot.engine.text.selectors import noun, quantified, target_spec, unread
from judgebot.engine.text.words import COLORS_EN, mana_cost, number
from judgebot.messages import msg


class Reading(Protocol):
    """What the grammar sees of the reader: the targets so far, the antecedents of "it"
    and "that player", the card being read."""

    targets: list[TargetSpec]
    sentence: str
    self_ref_ok: bool
    it: Any
    them: Any
    that_player: Any
    card: Any

    def add_target(self, spec: TargetSpec) -> str: ...

    def ref_it(self) -> Any: ...

    def token_def(self, name: str) -> Any: ...

    def read_quoted(self, text: str) -> Any: ...


@dataclass(frozen=True)
class Subject:
    kind: str  # player | object
    ref: Any
    plural: bool = False
    text: str = ""


def fail(text: str) -> Unsupported:
    return Unsupported(msg("text.reader.clause", value=text.strip()))


# --- references -----------------------------------------------------------------------------
SELF_WORDS = ("~", "this creature", "this permanent", "this artifact", "this enchantment",
              "this land", "this spell", "this card", "this token", "this aura",
              "this equipment", "this vehicle", "this planeswalker", "this object",
              "this fortification", "this saga", "this class", "this case", "this siege",
              "this battle")
IT_WORDS = ("it", "that creature", "that permanent", "that card", "that land", "that artifact",
            "that enchantment", "that spell", "that planeswalker", "the creature",
            "that token", "the permanent", "that object", "that aura", "the card",
            "the chosen creature", "the chosen permanent", "the chosen card",
            "the chosen artifact", "the chosen spell")
THEM_WORDS = ("them", "those creatures", "those permanents", "those cards", "those lands",
              "those tokens", "the tokens", "the creatures", "those artifacts",
              "those spells")
PLAYER_WORDS = {
    "you": "you", "each player": "each_player", "each opponent": "each_opponent",
    "your opponents": "each_opponent", "each of your opponents": "each_opponent",
    "defending player": "defending_player", "the defending player": "defending_player",
    "the active player": "active", "each other player": "each_opponent",
    "all players": "each_player", "players": "each_player", "opponents": "each_opponent",
}
CHOSEN_PLAYER = ("the chosen player", "the chosen opponent")


def object_ref(r: Reading, phrase: str, *, zone: str = "battlefield") -> tuple[Any, bool]:
    """The reference an object noun phrase stands for, and whether it is plural; "A and
    B" ("target artifact and target enchantment", "all creatures and all planeswalkers")
    is both."""
    try:
        return _object_ref(r, phrase, zone)
    except Unsupported:
        parts = _conjuncts(phrase)
        if len(parts) < 2:
            raise
        refs = []
        for part in parts:
            ref, _ = _object_ref(r, part, zone)
            refs.append(ref)
        r.them = refs
        return refs, True


PERMANENT_NOUN = re.compile(r"\b(?:creatures?|permanents?|lands?|artifacts?|enchantments?|"
                            r"planeswalkers?|tokens?)\b")


def _not_the_spell(r: Reading, low: str, ref: Any) -> Any:
    """ "those creatures" with no antecedent in its sentence on an instant or sorcery can't
    be the spell itself (a line of its own: "Ferocious — … those creatures don't untap"):
    refused rather than read as the spell."""
    card = getattr(r, "card", None)
    if ref == "self" and card is not None and card.types & {"instant", "sorcery"} and \
            PERMANENT_NOUN.search(low):
        raise unread(low, low)
    return ref


def _conjuncts(phrase: str) -> list[str]:
    """ "target artifact, target creature, and target enchantment" → its three parts
    (each starting with a quantifier, so "artifacts and enchantments" stays whole)."""
    parts = re.split(r",? and (?=(?:up to \w+ )?(?:another )?target |all |each |~)|, (?=(?:up "
                     r"to \w+ )?(?:another )?target |all |each )", phrase.strip(), flags=re.I)
    return [p for p in (x.strip() for x in parts) if p]


def _object_ref(r: Reading, phrase: str, zone: str) -> tuple[Any, bool]:
    p = phrase.strip()
    low = p.lower()
    named = getattr(r, "named", None) or {}
    if low in named:  # "the creature you control" after "Choose target creature you control
        return named[low], False  # and target creature you don't control"
    # "each of up to two target creatures": the targets of one slot, each alike
    if m := re.fullmatch(r"each of ((?:up to )?(?:one|two|three|four|five) target .+)", low):
        p, low = p[len(p) - len(m.group(1)):], m.group(1)
    if low in SELF_WORDS:
        return ("self" if r.self_ref_ok else "it"), False
    if low in IT_WORDS:
        return _not_the_spell(r, low, r.ref_it()), False
    if low in THEM_WORDS or low == "they" or (low.startswith("each of ") and
                                               low[len("each of "):] in THEM_WORDS):
        return _not_the_spell(r, low, r.them if r.them is not None else r.ref_it()), True
    if low in ("enchanted creature", "enchanted permanent", "enchanted land",
               "enchanted artifact", "enchanted planeswalker", "enchanted enchantment"):
        return "enchanted", False
    if low in ("equipped creature",):
        return "equipped", False
    if low in ("the sacrificed creature", "the sacrificed permanent"):
        return "sacrificed", False
    if low in ("the exiled card", "the exiled cards", "the exiled permanent",
               "the exiled creature", "each card exiled with ~", "all cards exiled with ~",
               "the exiled permanents", "the cards exiled with ~", "cards exiled with ~"):
        return "exiled_by_source", True
    if low in ("all creatures that attacked this turn", "each creature that attacked this turn"):
        return "attacked_this_turn", True
    if m := re.fullmatch(r"(?:all|each) (equipment|auras) attached to (that creature|it)", low):
        # "Destroy all Equipment attached to that creature": what is attached to it as the
        # instruction is carried out (608.2c)
        sub = "Equipment" if m.group(1) == "equipment" else "Aura"
        ref = {"each": Filter(subtypes=frozenset({sub}), text=m.group(1)),
               "attached_to": r.ref_it()}
        return ref, True
    if re.fullmatch(r"(?:a|each|the) creatures? dealt damage this way|creatures dealt damage "
                    r"this way", low):
        return "damaged_this_way", True  # what this resolution dealt damage to (608.2c)
    if low in ("the token", "that token", "those tokens", "the tokens"):
        return "tokens", low.endswith("s")
    if re.match(r"(?:up to (?:one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) )?(?:(?:"
                r"one or two|one or more|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+|"
                r"any number of) )?(?:another |other )?target ", low):
        spec = target_spec(p)
        ref = r.add_target(spec)
        r.it = ref
        plural = spec.count > 1
        if plural:
            r.them = ref
        return ref, plural
    if m := re.fullmatch(r"(?:each|all) other (.+?) (?:with the same name as (?:that \w+|it)|"
                         r"that shares? a colou?r with (?:it|that \w+))", low):
        # "Destroy target artifact and all other artifacts with the same name as that
        # artifact", "target creature and each other creature that shares a color with it":
        # the objects like the target, as it is when the spell resolves
        it = r.it
        if not (isinstance(it, str) and it.startswith("target")):
            raise unread(p, p)
        f = quantified("all " + p[m.start(1):m.end(1)]).noun
        if f is None or f.head in ("player", "opponent", "mixed") or f.controller_ref:
            raise unread(p, p)
        flt = f.filter if f.filter.zone != "card" else replace(f.filter, zone=zone)
        ref = {"each": flt, "like": ("name" if "same name" in low else "color", it)}
        r.them = ref
        return ref, True
    q = quantified(p)
    if q.quantifier in ("each", "all"):
        assert q.noun is not None
        n = q.noun
        if n.head in ("player", "opponent", "mixed"):
            raise unread(p, p)
        f = n.filter
        if f.zone == "card":
            f = replace(f, zone=zone)
        ref: dict[str, Any] = {"each": f}
        if n.controller_ref:
            ref["controlled_by"] = _ctrl_ref(r, n.controller_ref)
        r.them = ref
        return ref, True
    raise unread(p, p)


def _ctrl_ref(r: Reading, ref: str) -> str:
    """Whose objects "… target player controls" names: that target (registered here)."""
    if ref in ("target player", "target opponent"):
        got = r.add_target(target_spec(ref))
        r.that_player = got
        return got
    if ref == "target":
        return r.targets and _last_player_target(r) or "target"
    if ref == "player":
        return r.that_player or "player"
    return ref


def _last_player_target(r: Reading) -> str:
    for i in range(len(r.targets) - 1, -1, -1):
        if r.targets[i].kind == "player":
            return "target" if i == 0 else f"target{i + 1}"
    return "target"


def player_ref(r: Reading, phrase: str) -> Any:
    """The reference a player noun phrase stands for."""
    low = phrase.strip().lower()
    if low in PLAYER_WORDS:
        return PLAYER_WORDS[low]
    if low in ("target player", "target opponent"):
        return r.add_target(target_spec(low))
    if m := re.fullmatch(r"(two|three) target (players|opponents)(?: each)?", low):
        # "Two target players each draw a card": one target slot of that many (115.1)
        spec = target_spec("target " + m.group(2)[:-1])
        return r.add_target(replace(spec, count=number(m.group(1)), text=low))
    if low in ("that player", "they", "that opponent", "the player", "he or she") + \
            CHOSEN_PLAYER:
        if r.that_player is None:
            raise unread(phrase, phrase)
        return r.that_player
    if low in ("its controller", "that creature's controller", "that permanent's controller",
               "that spell's controller", "its owner's controller", "the creature's controller"):
        return _controller_of(r.ref_it())
    if low in ("its owner", "that card's owner", "that creature's owner",
               "that permanent's owner"):
        return _owner_of(r.ref_it())
    if low in ("~'s controller",):
        return "you"
    if re.fullmatch(r"that (?:creature|permanent|land|artifact|enchantment|spell|card|token)'s "
                    r"controller", low):
        return _controller_of(r.ref_it())
    if re.fullmatch(r"that (?:creature|permanent|land|artifact|enchantment|card|token)'s owner",
                    low):
        return _owner_of(r.ref_it())
    if low in ("enchanted creature's controller", "enchanted permanent's controller",
               "enchanted land's controller"):
        return "controller_of_enchanted"
    if low in ("equipped creature's controller",):
        return "controller_of_equipped"
    if low in ("their controllers", "its controller and you"):
        raise unread(phrase, phrase)
    if m := re.fullmatch(r"the (controller|owner) of (target .+)", low):
        # "The owner of target nonland permanent": as "target nonland permanent's owner"
        ref = r.add_target(target_spec(m.group(2)))
        r.it = ref
        return _controller_of(ref) if m.group(1) == "controller" else _owner_of(ref)
    if m := re.fullmatch(r"(target \w+(?: \w+)*)'s (controller|owner)", low):
        ref = r.add_target(target_spec(m.group(1)))
        r.it = ref
        return _controller_of(ref) if m.group(2) == "controller" else _owner_of(ref)
    raise unread(phrase, phrase)


def _controller_of(ref: Any) -> str:
    if isinstance(ref, str):
        return "controller_of_" + ref
    raise Unsupported(msg("text.reader.clause", value="its controller"))


def _owner_of(ref: Any) -> str:
    if isinstance(ref, str):
        return "owner_of_" + ref
    raise Unsupported(msg("text.reader.clause", value="its owner"))


def subject(r: Reading, text: str) -> Subject:
    """A clause's subject: a player or an object."""
    t = text.strip()
    low = t.lower()
    if not t:
        carried = getattr(r, "carry", None)
        if carried is not None:
            r.carry = None
            return carried
        return Subject("player", "you", False, "")
    try:
        who = player_ref(r, t)
    except Unsupported:
        pass
    else:
        if low in ("target player", "target opponent"):
            r.that_player = who  # "Target player discards a card. Then that player …"
        return Subject("player", who, low in ("each player", "each opponent",
                                              "your opponents"), t)
    ref, plural = object_ref(r, t)
    return Subject("object", ref, plural, t)


# --- the verb table ------------------------------------------------------------------------
Verb = Callable[[Reading, Subject, str, str], list[Effect]]
VERBS: dict[str, Verb] = {}
FORMS: dict[str, str] = {}  # inflected form → base


def verb(*forms: str) -> Callable[[Verb], Verb]:
    """Register the decorated reader for a verb and its forms ("deal", "deals")."""
    def register(fn: Verb) -> Verb:
        VERBS[forms[0]] = fn
        for f in forms:
            FORMS[f] = forms[0]
        return fn
    return register


_VERB_RE: re.Pattern | None = None


# a number said in a word, one to twenty (107.1)
NUMBER_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|" \
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)"
PT_CHANGE = re.compile(r"\bgets? [+-](?:\d+|x)/[+-](?:\d+|x)\b")


def _verb_re() -> re.Pattern:
    global _VERB_RE
    if _VERB_RE is None:
        words = sorted(FORMS, key=len, reverse=True)
        _VERB_RE = re.compile(r"(?:^|(?<=\s))(" + "|".join(re.escape(w) for w in words) +
                              r")(?=\s|$|[.,])", re.I)
    return _VERB_RE


def clause(r: Reading, text: str) -> list[Effect]:
    """One clause: [subject] verb [what it takes]; "… if CONDITION" at its end, the
    instruction done only if the condition holds as the spell resolves (608.2c)."""
    try:
        return _clause(r, text)
    except Unsupported:
        m = re.fullmatch(r"(.+) if (?!able\b|you do\b|you don't\b|they do\b)(.+?)\.?", text.strip(),
                         re.I | re.S)
        if m is None:
            raise
        from judgebot.engine.text.conditions import read_condition
        snap = _snap(r)
        try:
            then = _clause(r, m.group(1))
            cond = read_condition(r, m.group(2))
        except Unsupported:
            _restore(r, snap)
            raise
        return [Effect("if", {"cond": cond, "then": tuple(then)}, text=text.strip())]


def _clause(r: Reading, text: str) -> list[Effect]:
    t = text.strip().rstrip(".").strip()
    if not t:
        return []
    low = t.lower()
    if low.endswith(" until end of turn") and len(PT_CHANGE.findall(low)) >= 2:
        # "target creature gets +3/+3 and other creatures you control get +1/+1 until end of
        # turn": each subject's change lasts the turn
        body = t[:-len(" until end of turn")]
        pieces = re.split(r",? and (?=[^,]*?\bgets? [+-])|, (?=[^,]*?\bgets? [+-])", body)
        if len(pieces) >= 2 and all(PT_CHANGE.search(p.lower()) for p in pieces):
            return [e for p in pieces for e in clause(r, p + " until end of turn")]
    # "Until end of turn, target creature gets …": the duration written first.
    if m := re.match(r"until end of turn, (.+)", low):
        return clause(r, t[len(t) - len(m.group(1)):] + " until end of turn")
    if m := re.match(r"(?:then )(.+)", low):
        return clause(r, t[len(t) - len(m.group(1)):])
    if m := re.fullmatch(r"you and (that player|target opponent|target player) each (.+)", low):
        # "You and that player each draw three cards": the instruction for each, you first
        rest = t[len(t) - len(m.group(2)):]
        return clause(r, "you " + rest) + clause(r, m.group(1) + " " + rest)
    if (m := re.search(r" also (?=(?:gains?|gets?|has|have|deals?|loses?) )", t)) and (
            t[:m.start()].lower() not in ("it", "they") or
            re.match(r"(?:gains?|gets?|loses?) ", t[m.end():])):
        # "that creature also gains flying": "also" adds nothing to what the clause does
        # (not after "it": "it also deals 4 damage" may name the spell, not "it" before)
        return clause(r, t[:m.start()] + " " + t[m.end():])
    # "Counter target spell if it's blue", "Destroy target permanent if it's red": the target
    # checked as the spell resolves (608.2c)
    if m := re.fullmatch(r"(.+? (?:target .+?|that spell|that creature|it)) if (it's .+|its mana "
                         r"value is .+|it has mana value .+)", t, re.I):
        from judgebot.engine.text.conditions import read_condition
        then = clause(r, m.group(1))
        cond = read_condition(r, m.group(2))
        return [Effect("if", {"cond": cond, "then": tuple(then)}, text=t)]
    # "X unless PLAYER pays COST"
    m = re.fullmatch(r"(.+?) unless (.+?) pays? (.+)", t, re.I)
    if m and not low.startswith("counter "):
        if m.group(2).lower() == "they":
            # "that player discards a card unless they pay {1}": the clause's own subject
            then = clause(r, m.group(1))
            subj = getattr(r, "last_subject", None)
            if subj is None or subj.kind != "player" or subj.plural or subj.ref == "you":
                raise fail(t)
            who = subj.ref
        elif m.group(2).lower() == "any player":
            # "… unless any player pays {2}": each player in turn order may (101.4)
            cost = _payment(m.group(3))
            then = clause(r, m.group(1))
            return [Effect("unless_pay", {"who": "each_player", "any": True, "cost": cost,
                                          "then": tuple(then)}, text=t)]
        else:
            who = player_ref(r, m.group(2))
            then = None
        cost = _payment(m.group(3))
        if then is None:
            then = clause(r, m.group(1))
        return [Effect("unless_pay", {"who": who, "cost": cost, "then": tuple(then)}, text=t)]
    if m := re.fullmatch(r"you and ((?:permanents|creatures) you control) gain (hexproof|shroud) "
                         r"until end of turn", low):
        # the player (702.11c) and the permanents, each for the turn
        return [Effect("player_protection", {"who": "you", "kind": "player_" + m.group(2),
                                             "duration": "eot"}, text=t)] + \
            clause(r, t[m.start(1):m.end(1)] + " gain " + m.group(2) + " until end of turn")
    if m := re.fullmatch(r"(target player|target opponent|each player|that player|your)(?:'s)? "
                         r"life total becomes (\w+)", low):
        # 119.5: the player gains or loses the life it takes
        who = player_ref(r, "you" if m.group(1) == "your" else m.group(1))
        return [Effect("set_life", {"who": who, "amount": read_amount(r, m.group(2))},
                       text=t)]
    if low in ("you may pay any amount of {e}", "you may pay one or more {e}"):
        # 107.14: the player chooses how many of their energy counters to remove; "that much",
        # "for each {E} paid this way" and "the amount of {E} paid this way" say that number
        r.paid_energy = True
        return [Effect("pay_energy_any", {"least": 1 if "one or more" in low else 0}, text=t)]
    if low == "manifest dread":
        return [Effect("manifest_dread", {"who": "you"}, text=t)]  # 701.62a
    if low == "manifest the top card of your library":
        return [Effect("manifest", {"who": "you"}, text=t)]  # 701.40a
    if low == "the ring tempts you":
        # 701.54a: the player chooses a Ring-bearer; the Ring's emblem grows (701.54c)
        return [Effect("ring_tempts", {"who": "you"}, text=t)]
    if m := re.fullmatch(r"you may play (an|two|three) additional lands? this turn", low):
        # 305.2: the turn's land limit rises (cumulatively, 305.2a)
        return [Effect("additional_land", {"who": "you", "n": number(m.group(1).replace(
            "an", "one"))}, text=t)]
    # "[PLAYER] may …"
    if m := re.match(r"(you|target player|target opponent|each player|that player|its "
                     r"controller|each opponent|they|that creature's controller) may (.+)", low):
        who = player_ref(r, t[:m.end(1)])
        body = t[m.start(2):]
        if body.lower().startswith("pay "):
            return _may_pay(r, who, body[4:], [])
        if h := re.fullmatch(r"have (that player|target player|target opponent) (\w+)", body,
                             re.I):
            # "You may have that player shuffle": you choose; that player does it
            body = _with_subject(h.group(1), h.group(2))
        inner = clause(r, body if who == "you" else _with_subject(t[:m.end(1)], body))
        return [Effect("may", {"effects": tuple(inner), "who": who}, text=t)]
    if m := re.match(r"may (.+)", low):  # "… and may …" after a subject was given
        raise fail(t)
    # Lure's requirement (509.1c): every creature able to block it blocks it
    if m := re.fullmatch(r"all creatures able to block (.+?) this turn do so", low):
        ref, _ = object_ref(r, t[m.start(1):m.end(1)])
        return [Effect("cant", {"what": ref, "kind": "must_be_blocked", "all": True,
                                "duration": "eot"}, text=t)]
    if (m := re.fullmatch(r"(.+?)\. (?:it|that creature) can't be regenerated this turn", t,
                          re.I | re.S)) and not m.group(1).lower().startswith("destroy "):
        # "~ deals 4 damage to target creature. It can't be regenerated this turn."
        first = clause(r, m.group(1))
        return first + [Effect("cant_regenerate", {"what": r.ref_it()}, text=t)]
    errors: list[Unsupported] = []
    snapshot = _snap(r)
    for m in _verb_re().finditer(t):
        base = FORMS[m.group(1).lower()]
        subj_text = re.sub(r" each$", "", t[:m.start()].strip())
        rest = t[m.end():].strip()
        try:
            subj = subject(r, subj_text)
            got = VERBS[base](r, subj, rest, t)
            r.last_subject = subj
            return got
        except Unsupported as exc:
            _restore(r, snapshot)
            errors.append(exc)
            continue
    if errors:
        # The words the first reading stopped at, within the clause.
        raise Unsupported(msg("text.reader.unread_in", words=_words_of(errors[0]), value=t))
    raise fail(t)


def _words_of(exc: Unsupported) -> str:
    args = exc.msg.args if exc.msg is not None else {}
    for key in ("words", "w", "raw", "part", "text", "keyword", "value", "phrase"):
        if isinstance(args.get(key), str) and args[key]:
            return args[key]
    return exc.message


def _with_subject(subj: str, body: str) -> str:
    """ "that player may draw" → "that player draws"."""
    words = body.split(" ", 1)
    first = words[0]
    if first.lower() in FORMS and not first.lower().endswith("s"):
        third = first + ("es" if first.endswith(("sh", "ch", "ss", "x")) else "s")
        if third.lower() in FORMS:
            first = third
    return subj + " " + first + (" " + words[1] if len(words) > 1 else "")


def _snap(r: Reading) -> tuple:
    return (len(r.targets), r.it, r.them, r.that_player)


def _restore(r: Reading, snap: tuple) -> None:
    del r.targets[snap[0]:]
    r.it, r.them, r.that_player = snap[1], snap[2], snap[3]


def _payment(text: str) -> Any:
    """A cost to pay: "{3}", "{X}", "2 life", "{1} for each …"."""
    t = text.strip().rstrip(".")
    if (n := energy_count(t)) is not None:  # "you may pay {E}{E}" (107.14)
        from judgebot.engine.abilities import Cost
        return Cost(energy=n, text=t)
    if re.fullmatch(r"(\{[^}]+\})+", t):
        return mana_cost(t)
    if m := re.fullmatch(r"(\d+) life", t):
        from judgebot.engine.abilities import Cost
        return Cost(pay_life=int(m.group(1)), text=t)
    raise fail(t)


def _may_pay(r: Reading, who: Any, cost_text: str, then: list[Effect]) -> list[Effect]:
    return [Effect("may_pay", {"who": who, "cost": _payment(cost_text), "then": tuple(then)},
                   text="pay " + cost_text)]


# --- durations -------------------------------------------------------------------------------
DURATIONS = (
    (" until end of turn", "eot"), (" this turn", "eot"),
    (" until your next turn", "your_next_turn"), (" until end of combat", "end_of_combat"),
    (" for as long as ~ remains on the battlefield", "while_source"),
    (" for as long as you control ~", "while_source"),
    (" for as long as ~ remains tapped", "while_source_tapped"),
)


def split_duration(text: str) -> tuple[str, str | None]:
    low = text.lower()
    for words, key in DURATIONS:
        if low.endswith(words):
            return text[:len(text) - len(words)].strip(), key
        if low.startswith(words.strip() + " "):
            return text[len(words):].strip(), key
    return text, None


# --- dealing damage -------------------------------------------------------------------------
@verb("deal", "deals")
def _deal(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "object":
        raise fail(whole)
    # "When ~ dies, it deals damage …": the object as it last existed deals it (608.2h).
    source = None if s.ref in ("self", "self_card") else s.ref
    t = rest.strip()
    low = t.lower()
    # "N damage divided as you choose among one or two targets"
    low = re.sub(r"among one, two, or three ", "among one or three ", low)
    if m := re.fullmatch(r"(" + ARITH + r") damage divided (?:as you choose )?among "
                         r"(one|two|three|any number of) (?:or (?:two|three|more) )?"
                         r"(?:target )?(.+?)(?:, where x is (.+))?", low):
        # "where X is the number of Mountains you control as you cast this spell": the
        # amount divided is fixed as the division is announced, while casting (601.2d)
        where = re.sub(r",? as you cast (?:this spell|~)$", "", m.group(4) or "")
        amount = read_amount(r, m.group(1)) if not m.group(4) else read_amount(r, where)
        what = m.group(3)
        count = {"one": 2 if "or two" in low else 1, "two": 2, "three": 3}.get(m.group(2), 3)
        if "or two" in low:
            count = 2
        elif "or three" in low:
            count = 3
        spec = target_spec("any target") if what in ("targets", "target") else \
            target_spec("target " + what)
        spec = replace(spec, count=count, up_to=False, divide=True)
        ref = r.add_target(spec)
        return [Effect("damage", {"amount": amount, "to": ref, "divided": True}, text=whole)]
    # "N damage to target player or planeswalker and (M damage to) each creature that player or
    # that planeswalker's controller controls"
    if m := re.fullmatch(r"(\w+) damage to (target (?:player|opponent)(?: or planeswalker)?) and "
                         r"(?:(\w+) damage to )?each creature (that player|that player or that "
                         r"planeswalker's controller) controls", t, re.I):
        first = read_amount(r, m.group(1))
        ref = r.add_target(target_spec(m.group(2).lower()))
        whose = ref if m.group(4).lower() == "that player" else "player_or_controller_of_" + ref
        others = {"each": Filter(types=frozenset({"creature"}), text="creature"),
                  "controlled_by": whose}
        return [_damage(first, ref, source, whole),
                _damage(read_amount(r, m.group(3)) if m.group(3) else first, [others], source,
                        whole)]
    # "N damage to X and M damage to Y" / "N damage to X and N damage to you"
    if m := re.fullmatch(r"(.+? damage to .+?) and (\w+ damage to .+)", t, re.I):
        try:
            a = _deal(r, s, m.group(1), whole)
            b = _deal(r, s, m.group(2), whole)
            return a + b
        except Unsupported:
            pass
    # "Target creature deals damage to itself equal to its power": the subject is the
    # recipient too
    if m := re.fullmatch(r"damage to itself equal to (.+)", t, re.I):
        return [_damage(read_amount(r, m.group(1)), s.ref, source, whole)]
    # "damage equal to X to Y" / "N damage to Y" / "X damage to Y, where X is …"
    where = None
    if m := re.fullmatch(r"(.+), where x is (.+)", t, re.I):
        t, where = m.group(1), m.group(2)
        low = t.lower()
    if m := re.fullmatch(r"damage equal to (.+?) to (.+)", t, re.I):
        amount = read_amount(r, m.group(1))
        to = _recipient(r, m.group(2))
        return [_damage(amount, to, source, whole)]
    if m := re.fullmatch(r"damage to (.+?) equal to (.+)", t, re.I):
        to = _recipient(r, m.group(1))
        amount = read_amount(r, m.group(2))
        return [_damage(amount, to, source, whole)]
    if m := re.fullmatch(r"(that much|" + ARITH + r") damage to (.+?)(?: for each (.+))?", t,
                         re.I):
        amount = read_amount(r, m.group(1)) if not (where and m.group(1).lower() == "x") \
            else read_amount(r, where)
        to = _recipient(r, m.group(2))
        if m.group(3):
            amount = scaled(amount, for_each(r, m.group(3)))
        return [_damage(amount, to, source, whole)]
    if m := re.fullmatch(r"damage to (.+?) equal to (.+)", t, re.I):
        pass
    raise fail(whole)


def _damage(amount: Any, to: Any, source: Any, text: str) -> Effect:
    args: dict[str, Any] = {"amount": amount, "to": to}
    if source is not None:
        args["source"] = source
    return Effect("damage", args, text=text)


def _recipient(r: Reading, text: str) -> Any:
    """Who damage is dealt to: any target, a player, creatures, "each creature and each
    player"."""
    t = text.strip()
    low = t.lower()
    if re.search(r" and (?:each|all) other ", low) and len(parts := _conjuncts(t)) > 1:
        # "to target creature and each other creature that shares a color with it"
        return [_recipient(r, part) for part in parts]
    # "to each of up to two target creatures", "to each of two targets": the same damage to
    # each target of one slot (601.2c: the number of targets chosen as the spell is cast)
    if m := re.fullmatch(r"each of ((?:up to )?(?:one|two|three|four|five|x) )(targets|target .+)",
                         low):
        count = m.group(1).strip()
        n = plain_number(count.replace("up to ", ""))
        if not isinstance(n, int):
            raise fail(t)
        spec = target_spec("any target") if m.group(2) == "targets" else \
            target_spec(re.sub(r"s$", "", t[m.start(2):m.end(2)]).replace("creatures and/or",
                                                                          "creature and/or"))
        spec = replace(spec, count=n, up_to=count.startswith("up to"))
        ref = r.add_target(spec)
        r.them = ref
        return ref
    if re.fullmatch(r"target [\w ]+'s (?:controller|owner)", low):
        return player_ref(r, t)  # "to target spell's controller": that player (115.1 the spell)
    if low in ("any target", "target player or planeswalker", "target creature or "
               "planeswalker", "target opponent or planeswalker") or low.startswith("target ") \
            or low.startswith("up to ") or low.startswith("another target") or \
            re.match(r"(one|two|three) target", low) or low == "any other target":
        spec = target_spec(t)
        ref = r.add_target(spec)
        r.it = ref
        if spec.kind == "player":
            r.that_player = ref
        return ref
    if m := re.fullmatch(r"each (.+?) and each (player|opponent)", low):
        f = quantified("each " + t[m.start(1):m.end(1)]).noun
        assert f is not None
        if m.group(2) == "player":
            return {"each_and_players": f.filter}
        return [{"each": f.filter}, "each_opponent"]
    parts = _conjuncts(t)
    if len(parts) > 1 and not low.startswith("any target"):
        return [_recipient(r, part) for part in parts]
    if m := re.fullmatch(r"(.+?) and (you|each opponent|each player|that player|its "
                         r"controller)", low):
        raise fail(t)
    try:
        return player_ref(r, t)
    except Unsupported:
        pass
    ref, _ = object_ref(r, t)
    return ref


# --- moving objects -------------------------------------------------------------------------
REGEN = re.compile(r"\.?\s*(?:it|they) can't be regenerated\.?$", re.I)


@verb("destroy", "destroys")
def _destroy(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    t = rest
    no_regen = False
    if REGEN.search(t):
        t = REGEN.sub("", t)
        no_regen = True
    ref, _ = object_ref(r, t)
    return [Effect("destroy", {"what": ref, "no_regen": no_regen}, text=whole)]


@verb("exile", "exiles")
def _exile(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip()
    low = t.lower()
    if s.kind == "player" and s.ref != "you":
        if m := re.fullmatch(r"(a|an|two|\w+) (.+?) from (?:their|his or her) hand", low):
            n = number(m.group(1))
            f = noun(m.group(2).replace("cards", "card")).filter
            return [Effect("exile_from_hand", {"who": s.ref, "n": n, "filter": f}, text=whole)]
        if low in ("their graveyard", "his or her graveyard"):
            return [Effect("exile_graveyard", {"who": s.ref}, text=whole)]
        if m := re.fullmatch(r"(a|an|one|two|three) (.+?) (?:they control|he or she controls)"
                             r"(?: of their choice)?", low):
            # "Target opponent exiles a creature they control": they choose (an edict that
            # exiles)
            f = noun(t[m.start(2):m.end(2)]).filter
            return [Effect("sacrifice", {"who": s.ref, "filter": f, "n": number(m.group(1)),
                                         "to": "exile"}, text=whole)]
        raise fail(whole)
    if s.ref != "you":
        raise fail(whole)
    if low in ("all graveyards", "each opponent's graveyard", "all cards from all graveyards",
               "all opponents' graveyards", "your opponents' graveyards"):
        who = "each_player" if low in ("all graveyards", "all cards from all graveyards") else \
            "each_opponent"
        return [Effect("exile_graveyard", {"who": who}, text=whole)]
    if m := re.fullmatch(r"(target player's|target opponent's|that player's|its controller's|"
                         r"your) graveyard", low):
        who = player_ref(r, {"target player's": "target player", "target opponent's":
                             "target opponent", "that player's": "that player",
                             "its controller's": "its controller", "your": "you"}[m.group(1)])
        return [Effect("exile_graveyard", {"who": who}, text=whole)]
    if m := re.fullmatch(r"the top (\w+) cards? of (your|target player's|each player's|that "
                         r"player's|their) library", low):
        who = {"your": "you", "each player's": "each_player"}.get(m.group(2)) or \
            player_ref(r, {"target player's": "target player", "that player's": "that player",
                           "their": "that player"}[m.group(2)])
        return [Effect("exile_top", {"who": who, "n": read_amount(r, m.group(1))}, text=whole)]
    until = None
    if m := re.fullmatch(r"(.+?) until ~ leaves the battlefield", t, re.I):
        t, until = m.group(1), "leaves"
    elif m := re.fullmatch(r"(.+?)\. return (?:it|that card|them|those cards|the exiled card) "
                           r"to the battlefield under (its|their) owner's control at the "
                           r"beginning of the next end step", t, re.I):
        t, until = m.group(1), "end_step"
    elif m := re.fullmatch(r"(.+?), then return (?:it|that card|them|those cards) to the "
                           r"battlefield under (?:its|their) owner's control", t, re.I):
        t, until = m.group(1), "now"
    counters: dict[str, Any] = {}
    if m := re.fullmatch(r"~ with (a|one|two|three|four|five|\d+) time counters? on it", t,
                         re.I):
        # a spell with suspend exiling itself as it resolves (608.2n): back in exile with
        # time counters, its suspend counts them down (702.62a)
        t, counters = "~", {"time": number(m.group(1))}
    ref, _ = object_ref(r, t, zone="graveyard")
    args: dict[str, Any] = {"what": ref, "record": True}
    if counters:
        args["counters"] = counters
    if until:
        args["comes_back"] = until
    return [Effect("exile", args, text=whole)]


@verb("return", "returns")
def _return(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip()
    low = t.lower()
    tapped = False
    if low.endswith(" tapped"):
        tapped = True
        t, low = t[:-7], low[:-7]
    counters: dict[str, Any] = {}
    if m := re.search(r" with (a|an|one|two|three|\w+) (?:additional )?([+-]1/[+-]1|\w+) counters?"
                      r" on (?:it|them)$", low):
        counters[m.group(2)] = number(m.group(1))
        t, low = t[:m.start()], low[:m.start()]
    if low.endswith(" tapped"):
        tapped = True
        t, low = t[:-7], low[:-7]
    under = "owner"
    if m := re.search(r" under (your|its owner's|their owner's|its owners'|their owners') "
                      r"control$", low):
        under = "you" if m.group(1) == "your" else "owner"
        t, low = t[:m.start()], low[:m.start()]
    if low.endswith(" tapped"):  # "… to the battlefield tapped under its owner's control"
        tapped = True
        t, low = t[:-7], low[:-7]
    transformed = False  # its back face up (712.14a)
    if m := re.search(r" to the battlefield (tapped and )?transformed$", low):
        transformed, tapped = True, tapped or bool(m.group(1))
        t, low = t[:m.start()] + " to the battlefield", low[:m.start()] + " to the battlefield"
    if m := re.fullmatch(r"(.+?) to (?:its|their) owners?'s? hands?", t, re.I):
        what = m.group(1)
        if s.ref != "you":
            raise fail(whole)
        if re.match(r"(a|an|one) ", what.lower()) and not what.lower().startswith("an "):
            pass
        qm = re.fullmatch(r"(a|an) (.+)", what, re.I)
        if qm and "target" not in what.lower():
            n = noun(qm.group(2))
            return [Effect("bounce_choice", {"filter": n.filter}, text=whole)]
        if (qm := re.fullmatch(r"any number of (.+)", what, re.I)) and \
                "target" not in what.lower():
            # "Return any number of Plains you control to their owner's hand"
            n = noun(qm.group(1))
            return [Effect("bounce_choice", {"filter": n.filter, "any_number": True},
                           text=whole)]
        ref, plural = object_ref(r, what)
        if not plural and isinstance(ref, str) and ref.startswith("target") and \
                r.that_player is None:
            r.that_player = _owner_of(ref)  # "Then that player discards a card" (Recoil)
        return [Effect("bounce", {"what": ref}, text=whole)]
    if (m := re.fullmatch(r"(a|an|one|two|three|up to one|up to two|up to three) (.+?) from your "
                          r"graveyard to (your hand|the battlefield)", t, re.I)) and \
            "target" not in m.group(2).lower() and s.ref == "you":
        # "return a creature card from your graveyard to your hand": chosen on resolution
        count = m.group(1).lower()
        n = 1 if count in ("a", "an") else plain_number(count.replace("up to ", ""))
        what = re.sub(r"\bcards?\b", "", m.group(2)).strip()
        f = noun(what or "card").filter if what else Filter()
        f = replace(f, zone="graveyard")
        args: dict[str, Any] = {"filter": f, "n": n, "least": 0 if "up to" in count else n,
                                "to": "hand" if "hand" in m.group(3).lower() else "battlefield"}
        if args["to"] == "battlefield":
            args.update(under=under, tapped=tapped, counters=counters)
        r.it = "chosen_return"
        return [Effect("return_choice", args, text=whole)]
    if m := re.fullmatch(r"(.+?) from (your|a|target player's|their|its owner's) graveyard to "
                         r"(your|its owner's|their owner's|their) hand", t, re.I):
        ref, _ = _graveyard_ref(r, m.group(1), m.group(2))
        return [Effect("return", {"what": ref, "to": "hand"}, text=whole)]
    if m := re.fullmatch(r"(.+?) from (your|a|target player's|their|its owner's) graveyard to "
                         r"the battlefield", t, re.I):
        ref, _ = _graveyard_ref(r, m.group(1), m.group(2))
        if ref == "self_card":  # "… It gains haste": the card returned, a new object (400.7)
            r.it = "self_card"
        return [Effect("return", {"what": ref, "to": "battlefield", "under": under,
                                  "tapped": tapped, "counters": counters,
                                  **({"transformed": True} if transformed else {})},
                       text=whole)]
    if m := re.fullmatch(r"(.+?) to the battlefield", t, re.I):
        what = m.group(1)
        ref, _ = object_ref(r, what, zone="graveyard")
        if ref == "self":
            ref = "self_card"
        return [Effect("return", {"what": ref, "to": "battlefield", "under": under,
                                  "tapped": tapped, "counters": counters,
                                  **({"transformed": True} if transformed else {})},
                       text=whole)]
    if m := re.fullmatch(r"(.+?) to (?:its|their) owners?'s? hands?", t, re.I):
        pass
    if m := re.fullmatch(r"(.+?) to your hand", t, re.I):
        ref, _ = object_ref(r, m.group(1), zone="graveyard")
        if ref == "self":
            ref = "self_card"
        return [Effect("return", {"what": ref, "to": "hand"}, text=whole)]
    raise fail(whole)


def _graveyard_ref(r: Reading, what: str, whose: str) -> tuple[Any, bool]:
    w = what.strip()
    low = w.lower()
    if low in SELF_WORDS:
        return "self_card", False
    if low in IT_WORDS:
        return r.ref_it(), False
    suffix = {"your": " from your graveyard", "a": " from a graveyard",
              "target player's": " from target player's graveyard"}.get(whose.lower())
    if suffix is None:
        raise fail(what)
    if low.startswith(("target ", "up to ", "another target", "one target", "two target",
                       "three target", "x target", "any number of target")):
        return object_ref(r, w + suffix, zone="graveyard")
    if low.startswith(("all ", "each ")):
        return object_ref(r, w + suffix.replace("from", "in"), zone="graveyard")
    raise fail(what)


@verb("distribute")
def _distribute(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Distribute three +1/+1 counters among one, two, or three target creatures": the
    division announced as the spell is cast (601.2d), as for damage."""
    t = rest.strip()
    m = re.fullmatch(r"(\w+) ([+-]\d+/[+-]\d+|\w+) counters among (one or two|one, two, or three|"
                     r"up to (?:two|three|four)|any number of) target (.+)", t, re.I)
    if s.kind != "player" or s.ref != "you" or not m:
        raise fail(whole)
    n = plain_number(m.group(1).lower())
    if not isinstance(n, int):
        raise fail(whole)
    how = m.group(3).lower()
    count = {"one or two": 2, "one, two, or three": 3}.get(how) or \
        (plain_number(how.split()[-1]) if how.startswith("up to") else n)
    spec = target_spec("target " + re.sub(r"s\b", "", m.group(4), count=1))
    # at least one target, at most as many as the counters (each gets one or more)
    spec = replace(spec, count=min(count, n), up_to=True, at_least=1, divide=True)
    ref = r.add_target(spec)
    r.it = r.them = ref
    return [Effect("put_counters", {"what": ref, "kind": m.group(2).lower(), "n": n,
                                    "divided": True}, text=whole)]


@verb("put", "puts")
def _put(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip()
    low = t.lower()
    # "Target creature's owner puts it on their choice of the top or bottom of their
    # library": the owner of what "it" names chooses (608.2d)
    if s.kind == "player" and re.fullmatch(
            r"(?:it|that card|that creature|that permanent) on (?:their|his or her) choice of "
            r"the top or bottom of (?:their|his or her) library", low) and \
            isinstance(s.ref, str) and s.ref.startswith("owner_of_"):
        return [Effect("to_library", {"what": s.ref[len("owner_of_"):],
                                      "position": "owner_choice"}, text=whole)]
    if s.kind == "player" and s.ref != "you" and not low.startswith(("a ", "an ")):
        raise fail(whole)
    # counters; "a number of +1/+1 counters equal to … on target creature" (scavenge)
    if m := re.fullmatch(r"a number of ([+-]\d+/[+-]\d+|\w+) counters equal to (.+?) on (.+)",
                         t, re.I):
        t = f"a number of {m.group(1)} counters on {m.group(3)} equal to {m.group(2)}"
    if m := re.fullmatch(r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+|that "
                         r"many|a number of) (?:additional )?([+-]\d+/[+-]\d+|\w+) counters? "
                         r"on (.+?)"
                         r"(?: equal to (.+)|, where x is (.+)| for each (.+))?", t, re.I):
        kind = m.group(2).lower()
        if kind in ("the", "each"):
            raise fail(whole)
        n_word = m.group(1).lower()
        if m.group(4):
            n = read_amount(r, m.group(4))
        elif m.group(5):
            n = read_amount(r, m.group(5))
        elif n_word == "that many":
            n = "amount"
        else:
            n = number(n_word) if n_word != "a number of" else None
            if n is None:
                raise fail(whole)
        if m.group(6):
            n = scaled(n, for_each(r, m.group(6)))
        if kind not in COUNTER_KINDS and not re.fullmatch(r"[+-]\d+/[+-]\d+", kind):
            raise unread(kind + " counter", whole)
        if (one := re.fullmatch(r"(?:a|an) (creature|artifact|creature or vehicle|permanent)"
                                r"( you control)?", m.group(3), re.I)) and s.ref == "you":
            # "Put a +1/+1 counter on a creature you control": chosen as it resolves (608.2d)
            f = noun(one.group(1) + (one.group(2) or "")).filter
            r.it = "chosen_object"
            return [Effect("choose_object", {"filter": f, "ref": "chosen_object"}, text=whole),
                    Effect("put_counters", {"what": "chosen_object", "kind": kind, "n": n},
                           text=whole)]
        ref, _ = object_ref(r, m.group(3))
        return [Effect("put_counters", {"what": ref, "kind": kind, "n": n}, text=whole)]
    if m := re.fullmatch(r"(.+?) on (?:the )?(bottom|top) of (?:its|their) owners?'s? "
                         r"librar(?:y|ies)", t, re.I):
        ref, _ = object_ref(r, m.group(1))
        return [Effect("to_library", {"what": ref, "position": m.group(2).lower()},
                       text=whole)]
    if m := re.fullmatch(r"((?:(?:any number of|up to \w+|a|an|one|two|three) )?target "
                         r"(?:.+? )?cards? from your graveyard) on top of your library"
                         r"(?: in any order)?", t, re.I):
        # your own cards, onto your library: those of one instruction in the order you
        # choose (each a choice, the first chosen on top)
        ref, _ = object_ref(r, m.group(1), zone="graveyard")
        return [Effect("to_library", {"what": ref, "position": "top", "ordered": True},
                       text=whole)]
    if m := re.fullmatch(r"(.+?) into (?:its|their) owners?'s? graveyards?", t, re.I):
        ref, _ = object_ref(r, m.group(1))
        return [Effect("to_graveyard", {"what": ref}, text=whole)]
    if m := re.fullmatch(r"(a|one|two|three) cards? from your hand on (?:the )?(top|bottom) of "
                         r"your library(?: in any order)?", t, re.I):
        # Brainstorm: cards of the hand chosen one by one, the first on top
        return [Effect("hand_to_library", {"n": number(m.group(1)),
                                           "position": m.group(2).lower()}, text=whole)]
    if m := re.fullmatch(r"(.+?) into (?:its|their) owners?'s? library (second|third|fourth|"
                         r"fifth|seventh) from the top", t, re.I):
        ref, _ = object_ref(r, m.group(1))
        nth = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "seventh": 7}[
            m.group(2).lower()]
        return [Effect("to_library", {"what": ref, "position": str(nth)}, text=whole)]
    if m := re.fullmatch(r"(.+?) onto the battlefield(?: under (your|its owner's) control)?"
                         r"( tapped)?", t, re.I):
        what = m.group(1)
        wl = what.lower()
        if m2 := re.fullmatch(r"(?:a|an) (.+?) (?:card )?from your hand", wl):
            f = noun(m2.group(1) + " card").filter
            return [Effect("put_from_hand", {"filter": replace(f, zone="hand"),
                                             "tapped": bool(m.group(3))}, text=whole)]
        ref, _ = object_ref(r, what, zone="graveyard")
        under = "you" if (m.group(2) or "").lower() == "your" else "owner"
        return [Effect("return", {"what": ref, "to": "battlefield", "under": under,
                                  "tapped": bool(m.group(3))}, text=whole)]
    if m := re.fullmatch(r"(.+?) into (?:your|its owner's|their owner's) hand", t, re.I):
        what = m.group(1).lower()
        if what in ("that card", "it", "the revealed card", "those cards", "them"):
            return [Effect("to_hand", {"what": r.ref_it()}, text=whole)]
        raise fail(whole)
    raise fail(whole)


COUNTER_KINDS = {"+1/+1", "-1/-1", "loyalty", "charge", "time", "fade", "age", "ice", "lore",
                 "level", "oil", "shield", "stun", "finality", "flying", "first strike",
                 "deathtouch", "lifelink", "trample", "vigilance", "menace", "reach", "hexproof",
                 "indestructible", "brick", "spore", "quest", "page", "verse", "blood",
                 "storage", "depletion", "divinity", "wish", "study", "mining", "healing",
                 "egg", "slime", "plague", "pressure", "fuse", "hatchling", "gem", "arrow",
                 "bounty", "aim", "infection", "velocity", "vitality", "wage", "doom", "hit",
                 "+1/+0", "+0/+1", "+2/+2", "-0/-1", "-1/-0", "+1/+2", "-2/-2", "-0/-2", "+2/+0",
                 "rust", "experience", "energy", "poison", "luck", "flood", "feather"}


# --- hands and libraries ---------------------------------------------------------------------
@verb("draw", "draws")
def _draw(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip().lower()
    if m := re.fullmatch(r"that many cards plus (one|two)", t):
        return [Effect("draw", {"who": s.ref, "n": "amount", "plus": number(m.group(1))},
                       text=whole)]
    if m := re.fullmatch(r"(a|an|one|two|three|four|five|six|seven|x|\d+|that many) "
                         r"(?:additional )?cards?(?: for each (.+)|, where x is (.+)|"
                         r" equal to (.+))?", t):
        n: Any = "amount" if m.group(1) == "that many" else number(m.group(1))
        if m.group(2):
            n = scaled(n, for_each(r, m.group(2)))
        if m.group(3):
            n = read_amount(r, m.group(3))
        if m.group(4):
            n = read_amount(r, m.group(4))
        return [Effect("draw", {"who": s.ref, "n": n}, text=whole)]
    if m := re.fullmatch(r"cards equal to (.+)", t):
        return [Effect("draw", {"who": s.ref, "n": read_amount(r, m.group(1))}, text=whole)]
    raise fail(whole)


@verb("discard", "discards")
def _discard(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip().lower()
    if t in ("their hand", "his or her hand", "your hand", "all cards in their hand",
             "all the cards in their hand", "all the cards in your hand",
             "all cards in your hand"):
        return [Effect("discard", {"who": s.ref, "n": "all"}, text=whole)]
    if t == "any number of cards":
        return [Effect("discard", {"who": s.ref, "n": "any"}, text=whole)]
    # "another card": one more, from what is left in the hand
    t = re.sub(r"^another card\b", "a card", t)
    if m := re.fullmatch(r"(a|an|one|two|three|four|x|\d+|that many) cards?( at random)?", t):
        n: Any = "amount" if m.group(1) == "that many" else number(m.group(1))
        return [Effect("discard", {"who": s.ref, "n": n, "random": bool(m.group(2))},
                       text=whole)]
    raise fail(whole)


@verb("mill", "mills")
def _mill(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    if m := re.fullmatch(r"(a|an|" + NUMBER_WORD + r"|x|\d+|that many) cards?",
                         rest.strip().lower()):
        n: Any = "amount" if m.group(1) == "that many" else number(m.group(1))
        return [Effect("mill", {"who": s.ref, "n": n}, text=whole)]
    low = rest.strip().lower()
    if m := re.fullmatch(r"half (?:their|your|his or her) library, rounded (up|down)", low):
        # the cards in that player's library as the spell resolves (608.2h)
        return [Effect("mill", {"who": s.ref, "n": {"half": {"library_size": s.ref},
                                                     "round": m.group(1)}}, text=whole)]
    if m := re.fullmatch(r"(twice x|x plus \w+) cards|cards equal to (.+)", low):
        n = read_amount(r, m.group(1) or m.group(2))
        return [Effect("mill", {"who": s.ref, "n": n}, text=whole)]
    raise fail(whole)


@verb("scry", "surveil")
def _scry(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    word = whole.strip().lower()
    kind = "surveil" if "surveil" in word else "scry"
    if s.ref != "you":
        raise fail(whole)
    n = plain_number(rest.strip().rstrip("."))
    if n is None:
        raise fail(whole)
    return [Effect(kind, {"who": "you", "n": n}, text=whole)]


@verb("shuffle", "shuffles")
def _shuffle(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip().lower()
    if s.kind != "player":
        raise fail(whole)
    if t in ("", "their library", "your library", "his or her library"):
        return [Effect("shuffle", {"who": s.ref}, text=whole)]
    if m := re.fullmatch(r"(?:their|your|his or her) (hand and graveyard|graveyard|hand) into "
                         r"(?:their|your|his or her) library", t):
        zones = tuple(z for z in ("hand", "graveyard") if z in m.group(1))
        return [Effect("shuffle_into_library", {"who": s.ref, "zones": zones}, text=whole)]
    if m := re.fullmatch(r"(~|it|that card|that creature) into (?:its|their) owner's library",
                         t):
        ref, _ = object_ref(r, m.group(1))
        return [Effect("to_library", {"what": ref, "position": "shuffled"}, text=whole)]
    if re.fullmatch(r"(?:it|that card|that creature|that permanent) into (?:their|his or her) "
                    r"library", t) and isinstance(s.ref, str) and s.ref.startswith("owner_of_"):
        # "Target creature's owner shuffles it into their library" (701.24a)
        return [Effect("to_library", {"what": s.ref[len("owner_of_"):], "position": "shuffled"},
                       text=whole)]
    if isinstance(s.ref, str) and re.fullmatch(r"target\d*", s.ref) and (m := re.fullmatch(
            r"((?:up to \w+|any number of|a|an|one|two|three|four) target (?:.+? )?cards?) from "
            r"their graveyard into their library", t)):
        # "Target player shuffles up to four target cards from their graveyard into their
        # library": the cards' targets are chosen in that player's graveyard
        spec = target_spec(rest.strip()[:m.end(1)] + " from a graveyard")
        ref = r.add_target(replace(spec, same_owner=s.ref,
                                   text=rest.strip()[:m.end(1)] + " from their graveyard"))
        return [Effect("to_library", {"what": ref, "position": "shuffled"}, text=whole)]
    if s.ref == "you" and (m := re.fullmatch(
            r"((?:up to \w+|any number of|a|an|one|two|three|four) target (?:.+? )?cards? from "
            r"your graveyard) into your library", t)):
        ref, _ = object_ref(r, rest.strip()[:m.end(1)], zone="graveyard")
        return [Effect("to_library", {"what": ref, "position": "shuffled"}, text=whole)]
    if s.ref == "you" and t in ("all cards from your graveyard into your library",
                                "your graveyard into your library"):
        return [Effect("shuffle_into_library", {"who": "you", "zones": ("graveyard",)},
                       text=whole)]
    raise fail(whole)


SEARCH_PUT = (r"(?P<act>put (?:it|that card|them|those cards|the cards?) "
              r"(?P<dest>into (?:your|their) hand|onto the battlefield(?: tapped)?"
              r"(?P<yours> under your control)?|"
              r"into (?:your|their) graveyard)|"
              r"exile (?:it|that card|them|those cards)|"
              r"put one (?P<one>onto the battlefield tapped|into your hand) and the other "
              r"(?P<other>into your hand|into your graveyard|onto the battlefield tapped)|"
              r"then shuffle and put (?:it|that card|the card|them|those cards) on top"
              r"(?: in any order)?)")
SEARCH = re.compile(
    r"(?:your|their|his or her|(?P<whose>target opponent's|target player's)) library"
    r"(?P<gy> and/or graveyard)? for (?P<count>an?|one|two|"
    r"three|four|five|up to (?:one|two|three|four|five|ten|x)|any number of) (?P<what>.+?)"
    r"(?:, where x is (?P<x>.+?))?(?:,? (?:and )?reveal (?:it|that card|them|those cards))?"
    r"(?:,| and|, and) " + SEARCH_PUT + r"(?P<shuf>, then shuffle| and then shuffle)?\.?", re.I)


ZONES_SEARCH = re.compile(
    r"(?P<whose>target player's|target opponent's|that player's|its controller's) graveyard, "
    r"hand, and library for (?P<count>any number of|all|up to (?:one|two|three|four)) "
    r"(?P<what>cards? .+?) and exile (?:them|it)", re.I)


def _search_zones(r: Reading, m: re.Match, whole: str) -> list[Effect]:
    """ "Search target player's graveyard, hand, and library for any number of cards with
    that name and exile them" (701.23): the cards found in the three zones."""
    who = player_ref(r, m.group("whose")[:-2])
    r.that_player = who  # "Then that player shuffles"
    what = re.sub(r"\bcards\b", "card", m.group("what"))
    count = m.group("count").lower()
    most = 99 if count in ("all", "any number of") else plain_number(count[6:])
    args: dict[str, Any] = {"who": who, "most": most, "all": count == "all"}
    if same := re.fullmatch(r"card with the same name as (that (?:spell|creature|land|artifact|"
                            r"enchantment|permanent|card|planeswalker)|it)", what, re.I):
        # Counterbore, Eradicate: the name the object had, as it last existed (608.2h)
        ref, _ = object_ref(r, same.group(1))
        args["same_name_as"] = ref
    else:
        args["filter"] = noun(what).filter
    return [Effect("search_zones_exile", args, text=whole)]


@verb("search", "searches")
def _search(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Search your library for up to two basic land cards, put them onto the battlefield
    tapped, then shuffle", "… a card, then shuffle and put that card on top", "… reveal
    those cards, put one onto the battlefield tapped and the other into your hand" (701.23):
    how many, of what, and where they go."""
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip()
    if s.ref == "you" and (z := ZONES_SEARCH.fullmatch(t)):
        return _search_zones(r, z, whole)
    m = SEARCH.fullmatch(t)
    if not m:
        raise fail(whole)
    what = m.group("what")
    same_mv = None
    if sm := re.fullmatch(r"(.+?) with the same mana value as (?:the discarded card|this card|~)",
                          what, re.I):
        # transmute (702.53a): the card with transmute, discarded to pay the cost
        what, same_mv = sm.group(1) + " with mana value x", {"mv_of": "self"}
    distinct = False
    if d := re.fullmatch(r"(.+?) with different names", what, re.I):
        what, distinct = d.group(1), True  # no two found with the same name
    if re.search(r"\bwith different names\b|\bsame name as\b", what, re.I):
        raise fail(whole)
    if named := re.fullmatch(r"card named (.+)", what, re.I):
        f: Any = Filter(names=frozenset({named.group(1)}), text=what)
    else:
        f = noun(re.sub(r"\bcards?\b", "card", what)).filter if \
            what.lower() not in ("card", "cards") else None
    count = m.group("count").lower()
    least: Any = None  # None: as the rules say (701.23b: a stated quality may fail to find)
    if count.startswith("up to "):
        n: Any = plain_number(count[6:])
        least = 0
        if n == "X":
            n = read_amount(r, m.group("x")) if m.group("x") else "X"
    elif count == "any number of":
        n, least = 99, 0
    else:
        n = 1 if count in ("a", "an") else plain_number(count)
    if n is None:
        raise fail(whole)
    act = m.group("act").lower()
    args: dict[str, Any] = {"who": s.ref, "filter": replace(f, zone="library") if f else None,
                            "n": n}
    if m.group("x") and not count.startswith("up to "):
        args["x"] = read_amount(r, m.group("x"))  # "with mana value X or less, where X is …"
    if m.group("whose"):
        # "Search target opponent's library for a creature card and put that card onto the
        # battlefield under your control. Then that player shuffles.": you search their
        # library (701.23)
        if s.ref != "you" or m.group("gy"):
            raise fail(whole)
        ref = r.add_target(target_spec(m.group("whose")[:-2].lower()))
        r.that_player = ref
        args["library_of"] = ref
    if m.group("yours"):
        args["yours"] = True
    if same_mv is not None:
        args["x"] = same_mv
    if distinct:
        args["distinct"] = True
    if m.group("shuf") or act.startswith("then shuffle"):
        args["shuffle"] = True
    if least is not None:
        args["least"] = least
    if m.group("gy"):
        args["graveyard"] = True
    if m.group("one"):
        args["split"] = ({"to": _dest(m.group("one")), "tapped": "tapped" in m.group("one")},
                         {"to": _dest(m.group("other")), "tapped": "tapped" in m.group("other")})
        args["to"] = "hand"
    elif act.startswith("exile"):
        args["to"] = "exile"
    elif act.startswith("then shuffle"):
        args["to"] = "top"
    else:
        dest = m.group("dest").lower()
        args["to"] = _dest(dest)
        args["tapped"] = "tapped" in dest
    return [Effect("search", args, text=whole)]


def _dest(text: str) -> str:
    t = text.lower()
    return "hand" if "hand" in t else "battlefield" if "battlefield" in t else \
        "graveyard" if "graveyard" in t else "exile"


@verb("reveal", "reveals")
def _reveal(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip().lower()
    if re.fullmatch(r"the top card of (your|their|his or her) library and put (?:that card|"
                         r"it) into (?:your|their|his or her) hand", t):
        r.it = "revealed"
        return [Effect("top_to_hand", {"who": s.ref}, text=whole)]
    if re.fullmatch(r"the top card of (your|their) library", t):
        r.it = "revealed"
        return [Effect("reveal_top", {"who": s.ref}, text=whole)]
    if t in ("their hand", "your hand", "his or her hand"):
        # "Target player reveals their hand": what it holds is shown to all (701.20a); what
        # the sentences after do with it is read from them
        r.that_player = s.ref
        return [Effect("reveal_hand", {"who": s.ref}, text=whole)]
    raise fail(whole)


@verb("phase", "phases")
def _phase(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Target creature phases out", "Any number of target nonland permanents you control
    phase out" (702.26b)."""
    if s.kind != "object" or rest.strip().lower() != "out":
        raise fail(whole)
    return [Effect("phase_out", {"what": s.ref}, text=whole)]


@verb("exchange", "exchanges")
def _exchange(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Exchange control of two target creatures", "… of target artifact you control and
    target creature you don't control" (701.12b): two permanents, each a target."""
    if s.ref != "you":
        raise fail(whole)
    body, duration = split_duration(rest.strip())
    low = body.lower()
    if m := re.fullmatch(r"control of two target (.+)", low):
        spec = replace(target_spec("target " + re.sub(r"s$", "", body[m.start(1):])), count=2)
        ref = r.add_target(spec)
        r.them = ref
    elif m := re.fullmatch(r"control of (target .+?) and (target .+)", low):
        ref, _ = object_ref(r, body[m.start(1):m.end(1)])
        other, _ = object_ref(r, body[m.start(2):m.end(2)])
        ref = [ref, other]
    else:
        raise fail(whole)
    return [Effect("exchange_control", {"what": ref, "duration": duration or "game"},
                   text=whole)]


# --- life, counters on players, the game ----------------------------------------------------
@verb("gain", "gains")
def _gain(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip()
    low = t.lower()
    if s.kind == "player":
        if low.startswith("control of "):
            body, duration = split_duration(t[len("control of "):])
            ref, _ = object_ref(r, body)
            if s.ref != "you":
                raise fail(whole)
            return [Effect("gain_control", {"what": ref, "duration": duration or "game"},
                           text=whole)]
        if m := re.fullmatch(r"(" + ARITH + r") life(?: for each (.+))?", low):
            amount = read_amount(r, m.group(1))
            if m.group(2):
                amount = scaled(amount, for_each(r, m.group(2)))
            return [Effect("gain_life", {"who": s.ref, "amount": amount}, text=whole)]
        if m := re.fullmatch(r"life equal to (.+)", low):
            return [Effect("gain_life", {"who": s.ref, "amount": read_amount(r, m.group(1))},
                           text=whole)]
        if low in ("that much life",):
            return [Effect("gain_life", {"who": s.ref, "amount": "amount"}, text=whole)]
        if m := re.fullmatch(r"x life, where x is (.+)", low):
            return [Effect("gain_life", {"who": s.ref, "amount": read_amount(r, m.group(1))},
                           text=whole)]
        raise fail(whole)
    if m := re.fullmatch(r"(.+?) and gets? ([+-](?:\d+|x)/[+-](?:\d+|x))(.*)", t, re.I):
        # "gains trample and gets +X/+X until end of turn": as "gets … and gains …"
        return pump_effects(r, s.ref, m.group(2) + " and gains " + m.group(1) + m.group(3),
                            whole)
    body, duration = split_duration(t)
    abilities = _granted(r, body)
    return [Effect("grant", {"what": s.ref, "abilities": abilities,
                             "duration": duration or "game"}, text=whole)]


def _granted(r: Reading, text: str) -> tuple:
    t = text.strip()
    if re.fullmatch(r"protection from the color of your choice", t, re.I) or (
            re.fullmatch(r"protection from the chosen color", t, re.I) and
            getattr(r, "chose", None) == "color"):
        # the colour is chosen as the effect applies (608.2d), or was chosen by "Choose a
        # color" before it ("chosen_before": none chosen, nothing granted): a placeholder
        from judgebot.engine.abilities import Keyword
        before = "chosen" in t.lower().split()
        return (Keyword("protection", quality="chosen_before" if before else "chosen_color",
                        text=t),)
    if m := re.fullmatch(r"your choice of (\w+) or (\w+)", t, re.I):
        # "gains your choice of deathtouch or lifelink": chosen as the effect begins (608.2d)
        from judgebot.engine.abilities import Keyword
        return (Keyword("choice_of", parts=keyword_list(m.group(1)) + keyword_list(m.group(2)),
                        text=t),)
    if m := re.fullmatch(r"protection from (artifacts|colorless|creatures) or from the color of "
                         r"your choice", t, re.I):
        # "protection from artifacts or from the color of your choice": one of six
        from judgebot.engine.abilities import Keyword
        options = keyword_list("protection from " + m.group(1).lower())
        for color in ("white", "blue", "black", "red", "green"):
            options += keyword_list("protection from " + color)
        return (Keyword("choice_of", parts=options, text=t),)
    if t.startswith(("“", '"')):
        return (r.read_quoted(t.strip("“”\"")),)
    if m := re.fullmatch(r'([^"“]+?),? and ("[^"]+"|“[^”]+”)', t):
        # "deathtouch and "When this creature dies, …"": keywords, then a quoted ability
        return keyword_list(m.group(1)) + (r.read_quoted(m.group(2).strip("“”\"")),)
    return keyword_list(t)


@verb("lose", "loses")
def _lose(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip()
    low = t.lower()
    if s.kind == "player":
        if low == "the game":
            return [Effect("lose", {"who": s.ref}, text=whole)]
        if m := re.fullmatch(r"(" + ARITH + r") life(?: for each (.+))?", low):
            amount = read_amount(r, m.group(1))
            if m.group(2):
                amount = scaled(amount, for_each(r, m.group(2)))
            return [Effect("lose_life", {"who": s.ref, "amount": amount}, text=whole)]
        if m := re.fullmatch(r"life equal to (.+)", low):
            return [Effect("lose_life", {"who": s.ref, "amount": read_amount(r, m.group(1))},
                           text=whole)]
        if m := re.fullmatch(r"x life, where x is (.+)", low):
            return [Effect("lose_life", {"who": s.ref, "amount": read_amount(r, m.group(1))},
                           text=whole)]
        if low in ("that much life",):
            return [Effect("lose_life", {"who": s.ref, "amount": "amount"}, text=whole)]
        if m := re.fullmatch(r"half (?:their|your|his or her) life, rounded (up|down)", low):
            return [Effect("lose_life", {"who": s.ref, "amount": {
                "half": {"life": s.ref}, "round": m.group(1)}}, text=whole)]
        raise fail(whole)
    body, duration = split_duration(t)
    if m := re.fullmatch(r"all abilities and (?:has|have) base power and toughness (\d+)/(\d+)",
                         body, re.I):
        if duration is None:
            raise fail(whole)
        return [Effect("set_pt", {"what": s.ref, "p": int(m.group(1)), "t": int(m.group(2)),
                                  "lose_all": True, "duration": duration}, text=whole)]
    if m := re.fullmatch(r"all abilities and becomes? (.+)", body, re.I):
        if duration is None:
            raise fail(whole)
        ops = (("6", ("lose_all",)),) + becomes_ops(r, m.group(1))
        return [Effect("becomes", {"what": s.ref, "ops": ops, "duration": duration},
                       text=whole)]
    if body.lower() == "all abilities":
        return [Effect("lose_abilities", {"what": s.ref, "duration": duration or "game"},
                       text=whole)]
    names = tuple(k.name for k in keyword_list(body))
    return [Effect("lose_keywords", {"what": s.ref, "keywords": names,
                                     "duration": duration or "game"}, text=whole)]


@verb("get", "gets")
def _get(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    t = rest.strip()
    low = t.lower()
    if s.kind == "player":
        if m := re.fullmatch(r'an emblem with "(.+)"', t, re.I | re.S):
            if s.ref != "you":
                raise fail(whole)
            text = m.group(1).strip()
            abilities = tuple(r.read_quoted(p) for p in _quoted_abilities(text))
            return [Effect("emblem", {"abilities": abilities}, text=whole)]
        if m := re.fullmatch(r"((?:\{e\})+)", low):
            return [Effect("energy", {"who": s.ref, "n": low.count("{e}")}, text=whole)]
        if (n := energy_amount(r, low)) is not None:
            return [Effect("energy", {"who": s.ref, "n": n}, text=whole)]
        if m := re.fullmatch(r"(a|an|one|two|three|\d+) poison counters?", low):
            return [Effect("poison", {"who": s.ref, "n": number(m.group(1))}, text=whole)]
        raise fail(whole)
    # "that creature gets an additional +2/+2": one more bonus, applied as any other (613.4c)
    t = re.sub(r"^an additional (?=[+-])", "", t, flags=re.I)
    return pump_effects(r, s.ref, t, whole)


def _quoted_abilities(text: str) -> list[str]:
    """The abilities in an emblem's quotes (one, or several joined by "and")."""
    return [text]


PT = r"([+-](?:\d+|x))/([+-](?:\d+|x))"


def pump_effects(r: Reading, ref: Any, text: str, whole: str) -> list[Effect]:
    """"+2/+2 and gains trample until end of turn", "+1/+0 for each …", "+X/+X, where X
    is …"."""
    if m := re.fullmatch(r"(.+? until end of turn) and can't be blocked this turn", text.strip(),
                         re.I):
        # "gets +1/+0 until end of turn and can't be blocked this turn": two effects
        return pump_effects(r, ref, m.group(1), whole) + [Effect(
            "cant", {"what": ref, "kind": "cant_be_blocked", "duration": "eot"}, text=whole)]
    text = re.sub(r" (until end of turn|this turn)((?: for each .+| where x is .+|, where x "
                  r"is .+))$", r"\2 \1", text.strip(), flags=re.I)
    body, duration = split_duration(text.strip())
    low = body.lower()
    m = re.fullmatch(PT + r"(?: and (?:gains|gain) (.+?))?(?: for each (.+?))?"
                     r"(?:, where x is (.+))?", low)
    if not m:
        raise fail(whole)
    p, t = signed(m.group(1)), signed(m.group(2))
    if m.group(5):
        x = read_amount(r, m.group(5))
        p = _subst_x(p, x)
        t = _subst_x(t, x)
    if m.group(4):
        per = for_each(r, m.group(4))
        p = scaled(p, per) if p != 0 else 0
        t = scaled(t, per) if t != 0 else 0
        if isinstance(p, dict) and "times" in p and p["times"][0] == -1:
            p = negate(per)
    args: dict[str, Any] = {"what": ref, "p": p, "t": t, "duration": duration or "game"}
    if m.group(3):
        args["gains"] = _granted(r, body[m.start(3):m.end(3)])
    if duration is None:
        raise fail(whole)  # a permanent change of P/T is written as a static ability
    return [Effect("pump", args, text=whole)]


def _subst_x(value: Any, x: Any) -> Any:
    if value == "X":
        return x
    if value == ("neg", "X"):
        return negate(x)
    return value


# --- tokens ------------------------------------------------------------------------------------
TOKEN_RE = re.compile(
    r"(?P<n>a|an|" + NUMBER_WORD + r"|x|\d+|that many|twice x|"
    r"x plus \w+) "
    r"(?:(?P<tapped>tapped) )?(?:(?P<pt>\d+/\d+|x/x) )?(?P<desc>.*?)\s*(?:creature )?tokens?"
    r"(?: with (?P<with>.+?))?(?: named (?P<named>.+?))?"
    r"(?: that's (?P<attacking>tapped and attacking|attacking)(?: that player)?)?"
    r"(?: for each (?P<each>.+?))?(?:, where x is (?P<x>.+))?", re.I)
# "Create a number of 1/1 red Goblin creature tokens equal to …"
TOKEN_NUMBER_RE = re.compile(r"a number of (?P<rest>.+?) equal to (?P<equal>[^\"“]+)", re.I)


_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _copy_exceptions(r: Reading, text: str, whole: str) -> dict[str, Any]:
    """"except it's white, it's 4/4, it has no mana cost, and it's a Zombie in addition to
    its other types" (embalm, eternalize), "except it has haste and “At the beginning of the
    end step, sacrifice this token.”", "except it isn't legendary", "except it's an artifact
    in addition to its other types": the copy's changed copiable values (707.9b)."""
    out: dict[str, Any] = {}
    quoted: list[str] = []

    def keep(m: re.Match) -> str:
        quoted.append(m.group(1))
        return f"\x00{len(quoted) - 1}\x00"
    bare = re.sub(r'"([^"]*)"', keep, text.strip())
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=it|the token)", bare):
        p = re.sub(r"^the token ", "it ", part.strip())
        if not p:
            continue
        if m := re.fullmatch(r"it's (white|blue|black|red|green)", p):
            out["colors"] = frozenset({_COLOR_LETTER[m.group(1)]})
        elif m := re.fullmatch(r"it's (\d+)/(\d+)", p):
            out["pt"] = (int(m.group(1)), int(m.group(2)))
        elif p == "it has no mana cost":
            out["no_mana_cost"] = True
        elif p in ("it isn't legendary", "it's not legendary"):
            out["not_legendary"] = True
        elif m := re.fullmatch(r"it's an? (artifact|enchantment|creature|land) in addition to its "
                               r"other types", p):
            out["add_types"] = out.get("add_types", frozenset()) | {m.group(1)}
        elif m := re.fullmatch(r"it's an? (\w+) in addition to its other types", p):
            from judgebot.engine.text.vocabulary import vocabulary
            sub = vocabulary().subtype(m.group(1))
            if not sub:
                raise fail(whole)
            out["add_subtypes"] = frozenset({sub})
        elif m := re.fullmatch(r"it has (.+)", p):
            gained: list[Any] = []
            for bit in re.split(r"\s+and\s+|,\s*", m.group(1)):
                if q := re.fullmatch(r"\x00(\d+)\x00", bit.strip()):
                    gained.append(r.read_quoted(quoted[int(q.group(1))]))
                else:
                    gained.extend(keyword_list(bit))
            out["abilities"] = out.get("abilities", ()) + tuple(gained)
        else:
            raise fail(whole)
    return out


@verb("create", "creates")
def _create(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = rest.strip().rstrip(".")
    low = t.lower()
    if m := re.fullmatch(r"(a|an|one|two) tokens? that's a copy of (.+?)(?:, except (.+))?", low):
        except_ = _copy_exceptions(r, t[m.start(3):m.end(3)], whole) if m.group(3) else {}
        what = t[m.start(2):m.end(2)]
        ref, _ = object_ref(r, what)
        if ref == "self" and getattr(r, "cost_exiled", None):
            ref = "self_card"  # embalm: "this card", exiled by the cost (a new object, 400.7)
        return [Effect("token_copy", {"what": ref, **except_}, text=whole)]
    if " and " in low and low.count("token") >= 2:
        first, _, second = t.partition(" and ")
        return _create(r, s, first, whole) + _create(r, s, second, whole)
    if m := re.fullmatch(r"an? ((?:\w+ )?\w+ role) token attached to (.+)", t, re.I):
        # "Create a Wicked Role token attached to target creature you control": a Role, an
        # Aura token the rules define (111.10j-r), enters attached to it (303.4f)
        card = r.token_def(m.group(1))
        if card is None:
            raise fail(whole)
        ref, plural = object_ref(r, m.group(2))
        if plural:
            raise fail(whole)
        r.it = "tokens"
        return [Effect("token", {"card": card, "n": 1, "controller": s.ref, "attach": ref},
                       text=whole)]
    equal = None
    if k := TOKEN_NUMBER_RE.fullmatch(t):
        equal, t = k.group("equal"), "x " + k.group("rest")
    m = TOKEN_RE.fullmatch(t)
    if not m or m.group("n").lower() == "a number of":
        raise fail(whole)
    n: Any = "amount" if m.group("n").lower() == "that many" else \
        read_amount(r, equal) if equal else \
        read_amount(r, m.group("n")) if " " in m.group("n") else number(m.group("n"))
    if m.group("x") and not equal:
        n = read_amount(r, m.group("x")) if n == "X" else n
    if m.group("each"):
        n = scaled(n, for_each(r, m.group("each")))
    card = token_card(r, m)
    args: dict[str, Any] = {"card": card, "n": n, "controller": s.ref}
    if (m.group("pt") or "").lower() == "x/x":
        args["pt_x"] = read_amount(r, m.group("x")) if m.group("x") else read_amount(r, "x")
    if m.group("tapped"):
        args["tapped"] = True
    if m.group("attacking"):
        args["attacking"] = True
        args["tapped"] = "tapped" in m.group("attacking").lower()
    r.them = "tokens"
    r.it = "tokens"
    return [Effect("token", args, text=whole)]


def token_card(r: Reading, m: re.Match) -> Any:
    from judgebot.engine.state import CardDef
    from judgebot.engine.text.selectors import CARD_TYPES
    from judgebot.engine.text.vocabulary import vocabulary
    desc = m.group("desc").strip()
    words = desc.split()
    pt = m.group("pt")
    if pt is None and len(words) == 1 and words[0].lower() not in ("creature",):
        predefined = r.token_def(words[0])
        if predefined is not None:
            return predefined
    if pt is None and not (m.group("with") or "").startswith(("“", '"')):
        raise fail(m.group(0))
    colors: set[str] = set()
    types: set[str] = {"creature"}
    subtypes: list[str] = []
    supertypes: set[str] = set()
    for w in words:
        lw = w.lower()
        if lw in COLORS_EN:
            colors.add(COLORS_EN[lw])
        elif lw in ("and", "colorless"):
            continue
        elif lw in CARD_TYPES:
            types.add(CARD_TYPES[lw])
        elif lw in ("legendary", "snow"):
            supertypes.add(lw)
        elif vocabulary().subtype(w):
            subtypes.append(vocabulary().subtype(w) or w)
        else:
            raise unread(w, m.group(0))
    abilities: tuple = ()
    if m.group("with"):
        w = m.group("with")
        if w.startswith(("“", '"')):
            abilities = (r.read_quoted(w.strip("“”\"")),)
        else:
            abilities = keyword_list(w)
    name = m.group("named") or " ".join(subtypes) or "Token"
    if pt is None:  # "It has “This token's power and toughness are each equal to …”"
        if not any(getattr(a, "params", {}).get("cda") for a in abilities):
            raise fail(m.group(0))
        return CardDef(name, (name,), None, frozenset(colors), frozenset(supertypes),
                       frozenset(types), frozenset(subtypes), "*", "*", None, abilities,
                       is_token=True, source="token")
    p, t = pt.lower().split("/")
    if (p == "x") != (t == "x"):
        raise fail(m.group(0))
    # "an X/X … token": 0/0 here, its X fixed as it is created (the ``token`` verb's pt_x)
    power: Any = int(p) if p != "x" else 0
    tough: Any = int(t) if t != "x" else 0
    return CardDef(name, (name,), None, frozenset(colors), frozenset(supertypes),
                   frozenset(types), frozenset(subtypes), power, tough, None, abilities,
                   is_token=True, source="token")


# --- permanents ---------------------------------------------------------------------------
@verb("tap", "taps", "untap", "untaps")
def _tap(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    v = "untap" if re.search(r"\buntaps?\b", whole.lower().split(rest.lower())[0] if rest
                            else whole.lower()) else "tap"
    if s.ref != "you":
        raise fail(whole)
    if v == "tap" and (m := re.fullmatch(r"any number of untapped (.+?) you control", rest,
                                          re.I)):
        # "Tap any number of untapped creatures you control. … for each creature tapped this
        # way": the player chooses which as it resolves (608.2d)
        f = noun(re.sub(r"s$", "", m.group(1)) + " you control").filter
        return [Effect("tap_any", {"filter": replace(f, tapped=False)}, text=whole)]
    if v == "untap" and (m := re.fullmatch(r"up to (one|two|three|four|five) (\w+)", rest, re.I)) \
            and m.group(2).lower() in ("lands", "creatures", "permanents", "artifacts"):
        # "Untap up to three lands": any of them, chosen as it resolves (608.2d)
        f = noun(m.group(2)).filter
        return [Effect("tap_any", {"filter": replace(f, tapped=True), "untap": True,
                                   "most": number(m.group(1))}, text=whole)]
    if v == "tap" and (m := re.match(r"or untap (.+)", rest, re.I)):
        # "tap or untap target creature": which, chosen as it resolves (608.2d)
        ref, _ = object_ref(r, m.group(1))
        return [Effect("tap_or_untap", {"what": ref}, text=whole)]
    ref, _ = object_ref(r, rest)
    return [Effect(v, {"what": ref}, text=whole)]


@verb("sacrifice", "sacrifices")
def _sacrifice(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player":
        raise fail(whole)
    t = re.sub(r" of (?:their|his or her|your) choice(?=$| with | that )", "", rest.strip(),
               flags=re.I)
    low = t.lower()
    if low in SELF_WORDS or low in IT_WORDS or low in THEM_WORDS:
        ref, _ = object_ref(r, t)
        return [Effect("sacrifice", {"what": ref}, text=whole)]
    if low.startswith(("all ", "each ")):
        ref, _ = object_ref(r, t)
        return [Effect("sacrifice_all", {"who": s.ref, "what": ref}, text=whole)]
    if m := re.fullmatch(r"(a|an|" + NUMBER_WORD + r"|x|\d+|that many) (.+)", low):
        n: Any = "amount" if m.group(1) == "that many" else number(m.group(1))
        f = noun(t[len(t) - len(m.group(2)):]).filter
        return [Effect("sacrifice", {"who": s.ref, "filter": f, "n": n}, text=whole)]
    if m := re.fullmatch(r"another (.+)", low):
        f = replace(noun(t[len(t) - len(m.group(1)):]).filter, other=True)
        return [Effect("sacrifice", {"who": s.ref, "filter": f, "n": 1}, text=whole)]
    if m := re.fullmatch(r"any number of (.+)", low):
        f = noun(t[len(t) - len(m.group(1)):]).filter
        return [Effect("sacrifice", {"who": s.ref, "filter": f, "any_number": True},
                       text=whole)]
    raise fail(whole)


@verb("regenerate", "regenerates")
def _regenerate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    ref, _ = object_ref(r, rest)
    return [Effect("regenerate", {"what": ref}, text=whole)]


@verb("fight", "fights")
def _fight(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "object":
        raise fail(whole)
    if rest.strip().lower() == "each other" and isinstance(s.ref, list) and len(s.ref) == 2:
        # "Then those creatures fight each other" (701.14a)
        return [Effect("fight", {"what": s.ref[0], "other": s.ref[1]}, text=whole)]
    ref, _ = object_ref(r, rest)
    return [Effect("fight", {"what": s.ref, "other": ref}, text=whole)]


@verb("attach", "attaches")
def _attach(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    m = re.fullmatch(r"(.+?) to (.+)", rest.strip(), re.I)
    if not m:
        raise fail(whole)
    what, _ = object_ref(r, m.group(1))
    to, _ = object_ref(r, m.group(2))
    return [Effect("attach", {"what": what, "to": to}, text=whole)]


@verb("double")
def _double(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    low = rest.strip().lower()
    body, duration = split_duration(rest.strip())
    if duration and (m := re.fullmatch(r"(?:(.+?)'s? (power|power and toughness)|the (power|power "
                                       r"and toughness) of (.+))", body, re.I)):
        # 701.10b: it gets +X/+0 (+X/+X) where X is its power (and toughness) as the spell
        # resolves — fixed then for each creature (608.2h); a negative power is doubled the
        # same way (701.10c: -X/-0 where X is the difference between 0 and it)
        what = m.group(1) or m.group(4)
        both = "toughness" in (m.group(2) or m.group(3)).lower()
        ref, _ = object_ref(r, what)
        return [Effect("pump", {"what": ref, "p": {"power_of": "subject"},
                                "t": {"toughness_of": "subject"} if both else 0,
                                "duration": duration, "double": True}, text=whole)]
    if m := re.fullmatch(r"(target player's|your|that player's) life total", low):
        who = {"your": "you"}.get(m.group(1)) or player_ref(
            r, m.group(1).replace("'s", ""))
        return [Effect("gain_life", {"who": who, "amount": {"life": who}}, text=whole)]
    raise fail(whole)


@verb("switch", "switches")
def _switch(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    body, duration = split_duration(rest.strip())
    m = re.fullmatch(r"(.+?)'s? power and toughness", body, re.I) or \
        re.fullmatch(r"the power and toughness of (.+)", body, re.I)
    if not m or duration is None:
        raise fail(whole)
    ref, _ = object_ref(r, m.group(1))
    return [Effect("switch_pt", {"what": ref, "duration": duration}, text=whole)]


@verb("counter", "counters")
def _counter(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    t = rest.strip()
    unless = None
    if m := re.fullmatch(r"(.+?) unless (?:its controller|that player|that spell's controller"
                         r"|they) pays? (.+)", t, re.I):
        t = m.group(1)
        unless = m.group(2)
    low = t.lower()
    if low in ("that spell", "it", "that spell or ability", "that ability"):
        ref = r.ref_it()
    elif low.startswith("target ") or low.startswith("up to "):
        ref = r.add_target(target_spec(t))
        r.it = ref
    else:
        raise fail(whole)
    args: dict[str, Any] = {"what": ref}
    if unless:
        u = unless.strip().lower()
        if re.fullmatch(r"(\{[^}]+\})+", u):
            args["unless_pay"] = mana_cost(u)
        elif re.fullmatch(r"\d+ life", u):  # ward—pay N life (702.21a)
            args["unless_pay"] = _payment(u)
        elif m2 := re.fullmatch(r"\{x\}, where x is (.+)", u):
            args["unless_pay"] = "X"
            args["x"] = read_amount(r, m2.group(1))
        elif m2 := re.fullmatch(r"\{(\d+)\}(?: plus an additional \{(\d+)\})? for each (.+)", u):
            # "pays {1} for each card in your graveyard" (608.2h: counted as it resolves)
            per = scaled(int(m2.group(2) or m2.group(1)), for_each(r, unless.strip()[
                m2.start(3):]))
            args["unless_pay"] = "X"
            args["x"] = {"plus": [int(m2.group(1)), per]} if m2.group(2) else per
        else:
            raise fail(whole)
    return [Effect("counter", args, text=whole)]


@verb("add")
def _add(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    t = rest.strip().rstrip(".")
    low = t.lower()
    if re.fullmatch(r"(\{[wubrgc]\})+", low):
        return [Effect("add_mana", {"mana": parse_mana_list(t)}, text=whole)]
    if m := re.fullmatch(r"(\{[wubrgc]\})(?:, (\{[wubrgc]\}))*,? or (\{[wubrgc]\})", low):
        options = re.findall(r"\{[wubrgc]\}", low)
        return [Effect("add_mana", {"options": tuple(parse_mana_list(o) for o in options)},
                       text=whole)]
    if low in ("one mana of any color", "one mana of any one color"):
        return [Effect("add_mana", {"options": (("W",), ("U",), ("B",), ("R",), ("G",))},
                       text=whole)]
    if m := re.fullmatch(r"(\{[wubrgc]\}) for each (.+)", low):
        return [Effect("add_mana", {"mana": parse_mana_list(m.group(1)),
                                    "times": for_each(r, t[m.start(2):])}, text=whole)]
    if m := re.fullmatch(r"(two|three|x) mana of any one color", low):
        n = number(m.group(1))
        return [Effect("add_mana", {"any_one_color": n}, text=whole)]
    raise fail(whole)


# --- preventing damage ---------------------------------------------------------------------
@verb("prevent")
def _prevent(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    t = rest.strip().rstrip(".")
    # "… dealt this turn to X" / "… dealt this turn by X": the duration written first
    if m := re.fullmatch(r"(all (?:combat )?damage that would be dealt) this turn ((?:to|by) .+)",
                         t, re.I):
        t = f"{m.group(1)} {m.group(2)} this turn"
    low = t.lower()
    if m := re.fullmatch(r"all damage (?:that )?an? source of your choice would deal (to you )?"
                         r"this turn", low) or \
            re.fullmatch(r"all damage that would be dealt (to you )?this turn by a source of "
                         r"your choice", low):
        # 609.7a: the source is chosen as the spell resolves
        args: dict[str, Any] = {"amount": "all", "from": "chosen_source"}
        if m.group(1):
            args["to"] = "you"
        return [Effect("choose_source", {"filter": None}, text=whole),
                Effect("prevent", args, text=whole)]
    if m := re.fullmatch(r"all (combat )?damage that would be dealt to (.+?) this turn by (.+)",
                         low):
        to = _recipient(r, t[m.start(2):m.end(2)])
        frm, _ = object_ref(r, t[m.start(3):m.end(3)])
        return [Effect("prevent", {"amount": "all", "to": to, "from": frm,
                                   "combat_only": bool(m.group(1))}, text=whole)]
    if low in ("all combat damage that would be dealt this turn",):
        return [Effect("fog", {"combat_only": True}, text=whole)]
    if low in ("all damage that would be dealt this turn",):
        return [Effect("fog", {"combat_only": False}, text=whole)]
    if m := re.fullmatch(r"all combat damage that would be dealt to and dealt by (.+?) this "
                         r"turn", low):
        ref, _ = object_ref(r, t[m.start(1):m.end(1)])
        return [Effect("prevent", {"amount": "all", "to": ref, "combat_only": True},
                       text=whole),
                Effect("prevent", {"amount": "all", "from": ref, "combat_only": True},
                       text=whole)]
    if m := re.fullmatch(r"all (combat )?damage that would be dealt to you and (.+?) this turn",
                         low):
        # "to you and creatures you control": two shields, one for each (615.1)
        rest = t[m.start(2):m.end(2)]
        return [Effect("prevent", {"amount": "all", "to": "you",
                                   "combat_only": bool(m.group(1))}, text=whole),
                Effect("prevent", {"amount": "all", "to": _recipient(r, rest),
                                   "combat_only": bool(m.group(1))}, text=whole)]
    if m := re.fullmatch(r"all (combat )?damage that would be dealt to (.+?) this turn", low):
        to = _recipient(r, t[m.start(2):m.end(2)])
        return [Effect("prevent", {"amount": "all", "to": to,
                                   "combat_only": bool(m.group(1))}, text=whole)]
    if m := re.fullmatch(r"all (combat )?damage that would be dealt by (.+?) this turn", low):
        frm, _ = object_ref(r, t[m.start(2):m.end(2)])
        return [Effect("prevent", {"amount": "all", "from": frm,
                                   "combat_only": bool(m.group(1))}, text=whole)]
    if m := re.fullmatch(r"all (combat )?damage (.+?) would deal this turn", low):
        frm, _ = object_ref(r, t[m.start(2):m.end(2)])
        return [Effect("prevent", {"amount": "all", "from": frm,
                                   "combat_only": bool(m.group(1))}, text=whole)]
    if m := re.fullmatch(r"the next (\w+) damage that would be dealt to (.+?) this turn", low):
        amount = read_amount(r, m.group(1))
        to_text = t[m.start(2):m.end(2)]
        to = _recipient(r, to_text)
        return [Effect("prevent", {"amount": amount, "to": to}, text=whole)]
    if m := re.fullmatch(r"the next (\w+) damage that would be dealt (?:this turn )?to any number "
                         r"of targets(?: this turn)?, divided as you choose", low):
        # 601.2d: the division is announced as the spell is cast, at least 1 to each target,
        # so there are at most as many targets as the amount
        n = plain_number(m.group(1))
        if not isinstance(n, int) or n < 1:
            raise fail(whole)
        spec = replace(target_spec("any target"), count=n, up_to=True, divide=True)
        ref = r.add_target(spec)
        return [Effect("prevent", {"amount": n, "to": ref, "divided": True}, text=whole)]
    raise fail(whole)


# --- continuous effects on objects -----------------------------------------------------------
@verb("can't")
def _cant(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    body, duration = split_duration(rest.strip())
    if duration is None:
        raise fail(whole)
    low = body.lower()
    kinds = {"block": "cant_block", "attack": "cant_attack",
             "attack or block": "cant_attack_or_block",
             "be blocked": "cant_be_blocked", "attack or block this turn": "cant_attack_or_block",
             "be regenerated": "cant_regenerate"}
    if s.kind == "object" and low in kinds:
        if kinds[low] == "cant_regenerate":
            return [Effect("cant_regenerate", {"what": s.ref}, text=whole)]
        return [Effect("cant", {"what": s.ref, "kind": kinds[low], "duration": duration},
                       text=whole)]
    if s.kind == "player" and low == "cast spells":
        return [Effect("cant_cast", {"who": s.ref}, text=whole)]
    if s.kind == "player" and (m := re.fullmatch(r"cast (.+? spells)", low)):
        # "Target player can't cast creature spells this turn" (a kind of spell only)
        f = noun(re.sub(r"spells$", "spell", body[m.start(1):m.end(1)])).filter
        return [Effect("cant_cast", {"who": s.ref, "filter": f}, text=whole)]
    if s.kind == "player" and low == "play lands" and duration == "eot":
        return [Effect("cant_cast", {"who": s.ref, "lands": True}, text=whole)]
    if s.kind == "player" and low in ("gain life",):
        return [Effect("player_cant", {"who": s.ref, "kind": "cant_gain_life",
                                       "duration": duration}, text=whole)]
    raise fail(whole)


@verb("doesn't", "don't")
def _doesnt(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    low = rest.strip().lower()
    if s.kind == "object" and low in ("untap during its controller's next untap step",
                                      "untap during their controller's next untap step",
                                      "untap during your next untap step",
                                      "untap during its controller's untap step",
                                      "untap during their controllers' next untap steps"):
        return [Effect("doesnt_untap", {"what": s.ref}, text=whole)]
    raise fail(whole)


@verb("become", "becomes")
def _become(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind == "player" and rest.strip().lower().rstrip(".") == "the monarch":
        return [Effect("become_monarch", {"who": s.ref}, text=whole)]  # 725.1
    if s.kind == "object" and rest.strip().lower().rstrip(".") == "blocked":
        # "Target unblocked attacking creature becomes blocked" (509.1h): blocked by no
        # creature, it deals no combat damage unless it has trample (702.19e)
        return [Effect("become_blocked", {"what": s.ref}, text=whole)]
    if s.text.lower() == "it" and rest.strip().lower().rstrip(".") in ("night", "day"):
        # "It becomes night" (731.1): the game's designation
        return [Effect("day_night", {"which": rest.strip().lower().rstrip(".")}, text=whole)]
    if s.kind != "object":
        raise fail(whole)
    text = rest.strip()
    if text.lower() in ("renowned", "monstrous"):
        return [Effect("designate", {"what": s.ref, "name": text.lower()}, text=whole)]
    still = ""
    if m := re.search(r"\. (?:it's|it is|they're) still (an? \w+)$", text, re.I):
        text, still = text[:m.start()], m.group(1)
    body, duration = split_duration(text)
    # without a duration, an effect from a resolving spell or ability lasts indefinitely
    # (611.2a): "That land becomes a 0/0 Elemental creature with haste. It's still a land."
    # On a spell it would go on applying to the permanent the spell becomes (400.7a), which
    # the engine doesn't carry over: refused.
    if duration is None and "spell" in whole.lower().partition(" become")[0]:
        raise fail(whole)
    ops = becomes_ops(r, body + (". it's still " + still if still else ""))
    return [Effect("becomes", {"what": s.ref, "ops": ops, "duration": duration or "game"},
                   text=whole)]


def becomes_ops(r: Reading, text: str) -> tuple:
    """"a 3/3 green Ape creature with trample. It's still a land" → layer operations."""
    t = text.strip()
    low = t.lower()
    still = False
    if m := re.fullmatch(r"(.+?)\. (?:it's|it is|they're) still an? (land|artifact|"
                         r"enchantment)s?", low):
        low = m.group(1)
        still = True
    keep_types = " in addition to its other types" in low or still
    low = low.replace(" in addition to its other types", "")
    abilities: tuple = ()
    if m := re.fullmatch(r"(.+?) with (?!base )(.+)", low):
        rest_kw = m.group(2)
        if not re.match(r"(power|base|all creature types)", rest_kw):
            abilities = keyword_list(rest_kw)
            low = m.group(1)
    all_types = False
    if low.endswith(" with all creature types"):
        all_types = True
        low = low[:-len(" with all creature types")]
    if low in ("the color of your choice", "the chosen color"):
        # "becomes the color of your choice": one colour chosen as it resolves (608.2d), or
        # the one "Choose a color" chose before
        return (("5", ("set_colors_chosen" if "your choice" in low else
                       "set_colors_chosen_before",)),)
    base = None
    if m := re.fullmatch(r"(.+?) with base power and toughness (\d+)/(\d+)", low):
        low, base = m.group(1), (int(m.group(2)), int(m.group(3)))
    elif m := re.fullmatch(r"(.+?) with power and toughness each equal to (.+)", low):
        low, base = m.group(1), ("amount", read_amount(r, m.group(2)))
    m = re.fullmatch(r"(?:an? )?(?:(\d+)/(\d+) )?(.*)", low)
    assert m is not None
    if m.group(1):
        base = (int(m.group(1)), int(m.group(2)))
    from judgebot.engine.text.selectors import CARD_TYPES
    from judgebot.engine.text.vocabulary import vocabulary
    colors: set[str] = set()
    types: list[str] = []
    subtypes: list[str] = []
    for w in m.group(3).split():
        if w in COLORS_EN:
            colors.add(COLORS_EN[w])
        elif w == "colorless":
            continue
        elif w in CARD_TYPES:
            types.append(CARD_TYPES[w])
        elif vocabulary().subtype(w):
            subtypes.append(vocabulary().subtype(w) or w)
        elif w in ("and",):
            continue
        else:
            raise unread(w, text)
    if not types and not subtypes and base is None and not colors:
        raise fail(text)
    ops: list[tuple[str, tuple]] = []
    if types or subtypes:
        if keep_types:
            ops.append(("4", ("add_types", tuple(types), tuple(subtypes), ())))
        else:
            # A new card type replaces the old ones, a new subtype those of its kind
            # (205.1a–b); "in addition to its other types" keeps them.
            ops.append(("4", ("set_types", tuple(types), tuple(subtypes))))
    if all_types:
        ops.append(("4", ("all_creature_types",)))
    if colors or (m.group(3).split()[:1] == ["colorless"]):
        ops.append(("5", ("set_colors", tuple(sorted(colors)))))
    if abilities:
        ops.append(("6", ("grant", abilities)))
    if base is not None:
        if base[0] == "amount":
            ops.append(("7b", ("set_pt_expr", base[1], base[1])))
        else:
            ops.append(("7b", ("set_pt", base[0], base[1])))
    return tuple(ops)


@verb("attack", "attacks", "block", "blocks")
def _attack(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    low = rest.strip().lower()
    word = re.search(r"\b(attacks?|blocks?)\b", whole.lower())
    assert word is not None
    kind = "must_attack" if word.group(1).startswith("attack") else "must_block"
    if s.kind == "object" and low in ("this turn if able", "each combat if able"):
        return [Effect("cant", {"what": s.ref, "kind": kind, "duration": "eot"}, text=whole)]
    if s.kind == "object" and kind == "must_block" and re.fullmatch(
            r"this turn if able, and you choose how (?:those creatures|they) block", low):
        # Brutal Hordechief: the requirement, and who declares those blocks (509.1).
        return [Effect("cant", {"what": s.ref, "kind": kind, "duration": "eot"}, text=whole),
                Effect("player_cant", {"who": "you", "kind": "chooses_blocks",
                                       "duration": "eot"}, text=whole)]
    raise fail(whole)


@verb("look", "looks")
def _look(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Look at the top three cards of your library, then put them back in any order";
    "Look at target player's hand"."""
    if s.kind == "player" and s.ref == "you" and (h := re.fullmatch(
            r"at (target player's|target opponent's|that player's|each opponent's) hand",
            rest.strip(), re.I)):
        whose = h.group(1).lower()[:-2]
        who = player_ref(r, whose)
        if whose.startswith("target"):
            r.that_player = who
        return [Effect("look_hand", {"who": who}, text=whole)]
    m = re.fullmatch(r"at the top (\w+) cards of (your|their|target player's|target "
                     r"opponent's) library, then puts? them back in any order", rest.strip(),
                     re.I)
    if s.kind != "player" or m is None or (n := plain_number(m.group(1))) in (None, "X"):
        raise fail(whole)
    whose = m.group(2).lower()
    if whose.startswith("target"):
        who = r.add_target(target_spec(whose[:-2]))
        r.that_player = who
    elif whose == "their":
        who = s.ref
    else:
        if s.ref != "you":
            raise fail(whole)
        who = "you"
    return [Effect("reorder_top", {"who": who, "n": n}, text=whole)]


@verb("change", "changes")
def _change(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Change the target of target spell with a single target" (115.7a)."""
    m = re.fullmatch(r"the target of (target spell with a single target)", rest.strip(), re.I)
    if s.kind != "player" or s.ref != "you" or m is None:
        raise fail(whole)
    ref, _ = object_ref(r, m.group(1))
    return [Effect("change_target", {"what": ref}, text=whole)]


@verb("populate", "populates")
def _populate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Populate" (701.36a)."""
    if s.kind != "player" or s.ref != "you" or rest.strip():
        raise fail(whole)
    return [Effect("populate", {"who": "you"}, text=whole)]


@verb("learn", "learns")
def _learn(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Learn" (701.48a)."""
    if s.kind != "player" or s.ref != "you" or rest.strip():
        raise fail(whole)
    return [Effect("learn", {"who": "you"}, text=whole)]


@verb("amass", "amasses")
def _amass(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Amass Zombies 2", "Amass Orcs X, where X is …" (701.47a)."""
    m = re.fullmatch(r"(\w+?)s? (\w+)(?:, where x is (.+))?", rest.strip(), re.I)
    if s.kind != "player" or s.ref != "you" or m is None:
        raise fail(whole)
    from judgebot.engine.text.vocabulary import vocabulary
    sub = m.group(1)[0].upper() + m.group(1)[1:].lower()
    if sub not in vocabulary().creature_types:
        raise fail(whole)
    n: Any = plain_number(m.group(2))
    if n is None or (n == "X") != bool(m.group(3)):
        raise fail(whole)
    if m.group(3):
        n = read_amount(r, m.group(3))
    token = _create(r, Subject("player", "you"), f"a 0/0 black {sub} Army creature token",
                    whole)[0].get("card")
    r.it = "amassed"
    return [Effect("amass", {"n": n, "subtype": sub, "token": token}, text=whole)]


@verb("bolster")
def _bolster(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Bolster 2" (701.39a)."""
    n = plain_number(rest.strip())
    if s.kind != "player" or s.ref != "you" or not isinstance(n, int):
        raise fail(whole)
    return [Effect("bolster", {"n": n}, text=whole)]


@verb("support")
def _support(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Support 2" on an instant or sorcery (701.41a): a +1/+1 counter on each of up to N
    target creatures (on a permanent, other target creatures)."""
    n = plain_number(rest.strip())
    if s.kind != "player" or s.ref != "you" or not isinstance(n, int) or n < 1:
        raise fail(whole)
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(n)
    if words is None:
        raise fail(whole)
    spell = r.card is not None and {"instant", "sorcery"} & set(getattr(r.card, "types", ()))
    other = "" if spell else "other "
    ref, _ = object_ref(r, f"each of up to {words} {other}target creatures")
    return [Effect("put_counters", {"what": ref, "kind": "+1/+1", "n": 1}, text=whole)]


@verb("clash")
def _clash(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Clash with an opponent" (701.30b); "If you win, …" follows."""
    if s.kind != "player" or s.ref != "you" or rest.strip().lower() != "with an opponent":
        raise fail(whole)
    r.clashed = True
    return [Effect("clash", {"who": "you"}, text=whole)]


@verb("must")
def _must(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Target creature must be blocked this turn if able": a requirement on the defending
    player's blocks (509.1c)."""
    if s.kind != "object" or rest.strip().lower() not in ("be blocked this turn if able",
                                                          "be blocked if able this turn"):
        raise fail(whole)
    return [Effect("cant", {"what": s.ref, "kind": "must_be_blocked", "duration": "eot"},
                   text=whole)]


@verb("choose", "chooses")
def _choose(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"choose to have target creature defending player controls block ~ this combat if
    able" (provoke, 702.39a): a requirement that it block this creature (509.1c)."""
    if s.kind == "player" and (c := re.fullmatch(r"(?:a|an) ((?!card\b)[\w ,-]+?) (they|you) "
                                                  r"control", rest.strip(), re.I)) and \
            (c.group(2).lower() == "you") == (s.ref == "you"):
        # "Target opponent chooses a creature they control. Destroy that creature." / "Each
        # player chooses a creature they control. Destroy the rest." (608.2d, 101.4)
        f = noun(c.group(1) + " you control").filter
        if f.zone != "battlefield":
            raise fail(whole)
        r.it = r.them = "chosen_objects"
        kind = replace(f, controller=None)
        r.named = {**(getattr(r, "named", None) or {}),
                   "the rest": {"each": kind, "but": "chosen_objects"},
                   "the chosen creature": "chosen_objects",
                   "the chosen creatures": "chosen_objects",
                   "the chosen permanents": "chosen_objects"}
        # "Other creatures they control can't block this turn": other than the chosen one
        for whose in ("they", "you") if s.ref == "you" else ("they",):
            r.named[f"other {c.group(1).lower()}s {whose} control"] = {
                "each": kind, "controlled_by": s.ref, "but": "chosen_objects"}
        return [Effect("choose_objects", {"who": s.ref, "filter": f}, text=whole)]
    if s.kind == "player" and s.ref == "you" and (
            t := re.fullmatch(r"((?:any number of |up to (?:one|two|three|four) |one or two |two "
                              r"|three )?target (?:(?!\band target\b).)+|any target)",
                              rest.strip(), re.I)):
        # "Choose target creature. …": a target and nothing else; the sentences after say
        # what happens to "that creature" / "the chosen creature" (115.1)
        spec = target_spec(t.group(1))
        ref = r.add_target(spec)
        if spec.kind == "any":
            # "Choose any target. … deals damage … to that permanent or player" (115.1)
            r.named = {**(getattr(r, "named", None) or {}), "that permanent or player": ref,
                       "that player or permanent": ref}
        if spec.kind == "player":
            r.that_player = ref
        else:
            r.it = ref
            if spec.count != 1 or spec.up_to:
                r.them = ref
        return []
    if s.kind == "player" and s.ref == "you" and (t := re.fullmatch(
            r"target creature you control and target creature (you don't control|an opponent "
            r"controls)", rest.strip(), re.I)):
        # two targets the sentences after name by what tells them apart (115.1)
        mine = r.add_target(target_spec("target creature you control"))
        theirs = r.add_target(target_spec("target creature " + t.group(1).lower()))
        other = "the creature " + t.group(1).lower()
        r.named = {"the creature you control": mine, "the chosen creature you control": mine,
                   other: theirs, "the chosen " + other[4:]: theirs,
                   "those creatures": [mine, theirs], "the chosen creatures": [mine, theirs],
                   "each of those creatures": [mine, theirs]}
        r.them = [mine, theirs]
        return []
    if s.kind == "player" and s.ref == "you" and (
            c := re.fullmatch(r"an? ((?:[\w-]+, )?(?:[\w-]+ )?)card name", rest.strip(), re.I)):
        # "Choose a nonland card name." (201.3): "with that name" after it
        kind = c.group(1).strip().rstrip(",")
        f = noun(kind.replace(",", "") + " card").filter if kind else None
        r.chose = "name"
        return [Effect("choose_value", {"what": "name", "filter": f}, text=whole)]
    if s.kind == "player" and s.ref == "you" and (
            c := re.fullmatch(r"an? (color|creature type)(?: other than (\w+))?", rest.strip(),
                              re.I)):
        # "Choose a color." / "Choose a creature type." as the spell resolves; the sentences
        # after name "the chosen color", "of the chosen type", "that type" (608.2d)
        what = "color" if c.group(1).lower() == "color" else "creature_type"
        r.chose = what
        args: dict[str, Any] = {"what": what}
        if c.group(2):
            if what != "creature_type":
                raise fail(whole)
            args["exclude"] = (c.group(2).capitalize(),)
        return [Effect("choose_value", args, text=whole)]
    m = re.fullmatch(r"to have (.+?) block (~|this creature) this combat if able", rest.strip(),
                     re.I)
    if s.kind != "player" or s.ref != "you" or not m:
        raise fail(whole)
    ref, _ = object_ref(r, m.group(1))
    r.it = ref  # "If you do, untap that creature"
    return [Effect("cant", {"what": ref, "kind": "must_block_source", "attacker": "self",
                            "duration": "end_of_combat"}, text=whole)]


def _flip(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Flip a coin" (705): "If you win the flip" / "If you lose the flip" follow."""
    if s.kind != "player" or s.ref != "you" or rest.strip().lower() != "a coin":
        raise fail(whole)
    r.flipped = True
    return [Effect("flip_coin", {"who": "you"}, text=whole)]


@verb("roll", "rolls")
def _roll(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Roll a six-sided die", "Roll a d20 [and add the number of cards in your hand]" (706.1a,
    706.2: a modifier added to the natural result): "the result" is the final number."""
    m = re.fullmatch(r"(?:an? (\w+)-sided die|an? d(\d+))(?: and add (.+))?", rest.strip(), re.I)
    sides = (plain_number(m.group(1)) if m.group(1) else int(m.group(2))) if m else None
    if s.kind != "player" or s.ref != "you" or not sides or not isinstance(sides, int):
        raise fail(whole)
    args: dict[str, Any] = {"who": "you", "sides": sides}
    if m.group(3):
        args["add"] = read_amount(r, m.group(3))
    r.rolled = True
    return [Effect("roll_die", args, text=whole)]


@verb("can")
def _can(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"~ can attack this turn as though it didn't have defender": an ability the
    creature has until end of turn that sets defender's restriction aside (702.3b)."""
    if s.kind != "object" or s.plural or not re.fullmatch(
            r"attack this turn as though (?:it|they) didn't have defender", rest.strip().lower()):
        raise fail(whole)
    ability = StaticAbility("attacks_despite_defender", "self", {}, text=whole,
                            rules=(R.DEFENDER,))
    return [Effect("grant", {"what": s.ref, "abilities": (ability,), "duration": "eot"},
                   text=whole)]


@verb("pay", "pays")
def _pay(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"You may pay any amount of {E}" is read whole by :func:`clause`; a payment said alone
    is a cost, not an effect this reader knows."""
    raise fail(whole)


@verb("discover", "discovers")
def _discover(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Discover 4", "that player discovers X, where X is its mana value" (701.57a)."""
    m = re.fullmatch(r"(\w+)(?:, where x is (.+))?", rest.strip(), re.I)
    if s.kind != "player" or s.plural or m is None:
        raise fail(whole)
    n = read_amount(r, m.group(2)) if m.group(2) and m.group(1).lower() == "x" else \
        read_amount(r, m.group(1))
    r.it = "discovered"  # "the discovered card" (701.57c)
    return [Effect("discover", {"who": s.ref, "n": n}, text=whole)]


@verb("incubate", "incubates")
def _incubate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Incubate 3", "Its controller incubates X, where X is its mana value" (701.53a): an
    Incubator token (111.10i) that enters with that many +1/+1 counters."""
    m = re.fullmatch(r"(\w+)(?:, where x is (.+))?", rest.strip(), re.I)
    card = r.token_def("Incubator")
    if s.kind != "player" or m is None or card is None:
        raise fail(whole)
    n = read_amount(r, m.group(2)) if m.group(2) and m.group(1).lower() == "x" else \
        read_amount(r, m.group(1))
    r.it = r.them = "tokens"
    return [Effect("token", {"card": card, "n": 1, "controller": s.ref,
                             "counters": {"+1/+1": n}, "incubate": True}, text=whole)]


@verb("investigate", "investigates")
def _investigate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    times = {"": 1, "twice": 2, "three times": 3}.get(rest.strip().lower())
    if s.kind != "player" or times is None:
        raise fail(whole)
    clue = r.token_def("Clue")
    if clue is None:
        raise fail(whole)
    return [Effect("token", {"card": clue, "n": times, "controller": s.ref}, text=whole)]


@verb("proliferate")
def _proliferate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you" or rest.strip():
        raise fail(whole)
    return [Effect("proliferate", {}, text=whole)]


@verb("copy", "copies")
def _copy(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    t = rest.strip()
    low = t.lower()
    new_targets = False
    if m := re.fullmatch(r"(.+?)\. you may choose new targets for the copy", low):
        t, low, new_targets = t[:m.end(1)], m.group(1), True
    if low in ("that spell", "it"):
        ref = r.ref_it()
    elif low.startswith("target "):
        spec = target_spec(t)
        if spec.kind != "spell":
            raise fail(whole)
        ref = r.add_target(spec)
    else:
        raise fail(whole)
    return [Effect("copy_spell", {"what": ref, "new_targets": new_targets}, text=whole)]


@verb("win", "wins")
def _win(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.kind != "player" or rest.strip().lower() != "the game":
        raise fail(whole)
    return [Effect("win", {"who": s.ref}, text=whole)]


@verb("remove", "removes")
def _remove(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    if s.ref != "you":
        raise fail(whole)
    low = rest.strip().lower()
    if m := re.fullmatch(r"(a|an|one|two|three|all) ([+-]1/[+-]1|\w+) counters? from (.+)", low):
        ref, _ = object_ref(r, rest.strip()[m.start(3):])
        n: Any = "all" if m.group(1) == "all" else number(m.group(1))
        return [Effect("remove_counters", {"what": ref, "kind": m.group(2), "n": n},
                       text=whole)]
    raise fail(whole)


@verb("separate", "separates")
def _separate(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """"Separate all permanents target player controls into two piles. That player
    sacrifices all permanents in the pile of their choice." (the second sentence is read
    with it: see :func:`judgebot.engine.text.reader.sequence`)."""
    raise fail(whole)


@verb("skip", "skips")
def _skip(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    low = rest.strip().lower()
    steps = {"your next untap step": "untap", "their next untap step": "untap",
             "your next combat phase": "combat", "your next draw step": "draw",
             "their next draw step": "draw", "their next combat phase": "combat"}
    if s.kind == "player" and low in steps:
        return [Effect("skip", {"who": s.ref, "step": steps[low]}, text=whole)]
    raise fail(whole)


# --- instants and sorceries (issue 16, oracle branch) ------------------------------------------
@verb("has", "have")
def _has(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Target creature has base power and toughness 1/1 until end of turn" (layer 7b)."""
    body, duration = split_duration(rest.strip())
    m = re.fullmatch(r"base power and toughness (\d+)/(\d+)", body.strip(), re.I)
    if s.kind != "object" or not m or duration is None:
        raise fail(whole)
    return [Effect("set_pt", {"what": s.ref, "p": int(m.group(1)), "t": int(m.group(2)),
                              "duration": duration}, text=whole)]


@verb("take", "takes")
def _take(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Take an extra turn after this one", "Target player takes two extra turns after this
    one" (500.7)."""
    m = re.fullmatch(r"(an|one|two|three) extra turns? after this one", rest.strip(), re.I)
    if s.kind != "player" or not m:
        raise fail(whole)
    n = plain_number(m.group(1))
    return [Effect("extra_turn", {"who": s.ref, "n": n}, text=whole)]


__all__ = ["clause", "Subject", "subject", "object_ref", "player_ref", "VERBS", "Reading",
           "split_duration", "pump_effects", "becomes_ops", "fail", "token_card", "ManaCost",
           "Filter"]


# --- cards with two faces (710, 712): this branch's own verbs, kept together ------------------
@verb("transform", "transforms", "flip", "flips")
def _transform(r: Reading, s: Subject, rest: str, whole: str) -> list[Effect]:
    """ "Transform ~", "transform it", "flip ~": the permanent turns over (701.27a, 710.1a).
    Only the card's own permanent: "transform target …" and coins are other words."""
    low = rest.strip().lower()
    if low == "a coin" and re.match(r"(?:you )?flips?\b", whole.strip(), re.I):
        return _flip(r, s, rest, whole)
    if s.ref != "you" or not (low in SELF_WORDS or low in IT_WORDS):
        raise fail(whole)
    flip = bool(re.match(r"(?:you )?flips?\b", whole.strip(), re.I))
    ref, _ = object_ref(r, rest)
    return [Effect("transform", {"what": ref, "flip": flip}, text=whole)]


# --- energy (107.14): this branch's own phrases, kept together --------------------------------
def energy_amount(r: Reading, low: str) -> Any:
    """How many energy counters "you get …" gives: "six {E}", "that many {E}", "{E} for
    each creature you control", "an amount of {E} equal to …"; None if it isn't energy."""
    if m := re.fullmatch(r"((?:\{e\})+) for each (.+)", low):
        return scaled(m.group(1).count("{e}"), for_each(r, m.group(2)))
    if m := re.fullmatch(r"(\w+) \{e\}", low):
        n = plain_number(m.group(1))
        if n is not None:
            return n
        if m.group(1) in ("many",):
            return None
    if m := re.fullmatch(r"that many \{e\}", low):
        return "amount"
    if m := re.fullmatch(r"an amount of \{e\} equal to (.+)", low):
        return read_amount(r, m.group(1))
    return None
