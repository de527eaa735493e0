"""The reader: the rules text of one card, line by line, into abilities.

Each line of Oracle text is one of (113.1, 702.1, 603.1, 602.1, 604.1):

* a keyword line — "Flying, vigilance", "Ward {2}", "Protection from black and from red";
* a triggered ability — "When/Whenever/At [trigger], [if condition,] [effect]";
* an activated ability — "[cost]: [effect] [Activate only …]", loyalty abilities "−2: …";
* a static ability — a continuous effect, a replacement or prevention effect, a rule;
* on an instant or sorcery, the spell's effect; "Choose one —" and its bullets, a modal
  spell (700.2).

An ability word or flavor word before an em dash ("Landfall — …") has no rules meaning
(207.2c–d) and is read past. Reminder text in parentheses is not rules text.

Whatever the reader can't read is refused, naming the words (:func:`unread_phrase`);
with ``collect`` it gathers every unread line of a card instead of stopping at the first
(what ``judgebot card`` reports).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Ability,
    ActivatedAbility,
    Effect,
    Filter,
    Keyword,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    Trigger,
    TriggeredAbility,
    spell_ability,
)
from judgebot.engine.errors import Refusal, Unsupported
from judgebot.engine.state import CardDef
from judgebot.engine.text import chinese, keywords
from judgebot.engine.text.conditions import read_condition
from judgebot.engine.text.costs import read_cost
from judgebot.engine.text.effects import FORMS, _verb_re
from judgebot.engine.text.effects import clause as read_clause
from judgebot.engine.text.hands import read_hand_reveal
from judgebot.engine.text.keywords import read_keywords
from judgebot.engine.text.library import read_dig, read_exile_top
from judgebot.engine.text.replacements import read_replacement
from judgebot.engine.text.reveals import read_place, read_reveal_until
from judgebot.engine.text.selectors import noun
from judgebot.engine.text.statics import read_static
from judgebot.engine.text.tokens import incubator_token, predefined_token
from judgebot.engine.text.triggers import read_trigger
from judgebot.engine.text.vocabulary import vocabulary
from judgebot.engine.text.words import mana_cost
from judgebot.messages import msg

MAX_TEXT = 6000  # characters of rules text one card may have (the longest Oracle text is
# about 1,200); beyond it the text is refused unread, in bounded time
MAX_PAREN_DEPTH = 4
COST_COLON = re.compile(r'^([^:"“]{1,200}?)\s*:\s*(.+)$', re.S)
LOYALTY = re.compile(r"^\[?([+\-−–]?\d+)\]?\s*:\s*(.+)$", re.S)
ABILITY_WORD = re.compile(r"^([A-Z][\w' ,!-]{1,40}?) — (.+)$", re.S)
MODAL = re.compile(r"(?:choose (one|two|three|four|five|one or both|one or more|any number)|"
                   r"选择(一|二|两)项|选择一项或两项)"
                   r"(\s*[—–\-:：～~]+\s*|\. you may choose the same mode more than once\.\s*"
                   r"(?=•|x$)|\. if (?P<cond>[^.•]+?), (?:you may )?choose (?P<wide>both|two|any "
                   r"number|one or more) instead\.\s*(?=•|x$))(?P<body>.+)$", re.I | re.S)
# "Choose one. If this spell was kicked, choose any number instead.": how many modes the
# condition allows (at least, at most)
WIDER = {"both": (1, 2), "two": (1, 2), "any number": (1, 99), "one or more": (1, 99)}
MODE_COUNT = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "four": (4, 4), "five": (5, 5),
              "one or both": (1, 2), "one or more": (1, 99), "any number": (1, 99),
              "一": (1, 1), "二": (2, 2), "两": (2, 2), "": (1, 2)}
INSTEAD_LINE = re.compile(r"^(?:[A-Z][\w' ,!-]{1,40}? — )?(?:.+ instead if .+|if .+, .+ instead|"
                          r"if .+, instead .+)\.?$", re.I | re.S)
COUNTERED_TO = re.compile(
    r"if (?:that|the|a) spell is countered this way, (exile it(?: with (\w+) time counters on "
    r"it)?|put it on top of its owner's library|put it on the bottom of its owner's library|"
    r"put it into its owner's hand) instead of (?:putting it )?into (?:its owner's|that "
    r"player's) graveyard", re.I)
TRAILING_IF = re.compile(r"(.+) if ((?:\{[WUBRG]\})+ was spent to cast ~|at least \w+ \w+ mana was "
                         r"spent to cast ~)", re.I | re.S)
# A row of a die roll's results table (706.3a): "1—9 | …", "20 | …", "15+ | …"
DIE_ROW = re.compile(r"(?P<low>\d+)(?:\s*[—–-]\s*(?P<high>\d+)|(?P<plus>\+))?\s*\|\s*(?P<text>.+)",
                     re.S)
WHERE_X = re.compile(r"(.+), where x is (.+?)\.?", re.I | re.S)
SELF_WORDS = re.compile(r"\b[Tt]his (creature|permanent|artifact|enchantment|land|spell|card|"
                        r"token|Aura|Equipment|Vehicle|planeswalker|object|Fortification|"
                        r"Saga|Class|Case|Siege|battle)\b")
DELAYED = (
    (re.compile(r"(.+?) at the beginning of the next end step$", re.I | re.S),
     Trigger("end_step", None, who="any")),
    (re.compile(r"(.+?) at the beginning of the next turn's upkeep$", re.I | re.S),
     Trigger("upkeep", None, who="any")),
    (re.compile(r"(.+?) at the beginning of your next upkeep$", re.I | re.S),
     Trigger("upkeep", None, who="you")),
    (re.compile(r"at the beginning of the next end step, (.+)$", re.I | re.S),
     Trigger("end_step", None, who="any")),
    (re.compile(r"at the beginning of your next upkeep, (.+)$", re.I | re.S),
     Trigger("upkeep", None, who="you")),
    # "sacrifice it at end of combat" (decayed): the next end of combat step (511.1)
    (re.compile(r"(.+?) at end of combat$", re.I | re.S),
     Trigger("end_of_combat", None, who="any")),
)
PACT = re.compile(r"at the beginning of your next upkeep, pay (\{[^.]+\})\.?", re.I)


def _mana_only(s: str) -> dict[str, Any] | None:
    """A restriction on spending mana (106.6): the spell types it may pay for, and whether
    it may pay other costs (abilities)."""
    if m := re.fullmatch(r"this mana can't be spent to cast (?:a |an )?non(\w+) spells?", s,
                         re.I):
        return {"types": frozenset({m.group(1).lower()}), "abilities": True}
    if m := re.fullmatch(r"spend this mana only to cast (?:a |an )?(\w+)(?: or (\w+))? spells?",
                         s, re.I):
        kinds = {w.lower() for w in m.groups() if w}
        if not kinds <= {"artifact", "creature", "instant", "sorcery", "enchantment",
                         "planeswalker", "battle"}:
            return None
        return {"types": frozenset(kinds), "abilities": False}
    return None


def _pacts(sentences: list[str]) -> list[str]:
    """ "At the beginning of your next upkeep, pay {2}{B}. If you don't, you lose the game."
    (the Pacts): one delayed instruction, read as "… you lose the game unless you pay"."""
    out: list[str] = []
    i = 0
    while i < len(sentences):
        m = PACT.fullmatch(sentences[i].strip())
        if m and i + 1 < len(sentences) and re.fullmatch(
                r"if you don't, you lose the game\.?", sentences[i + 1].strip(), re.I):
            out.append(f"At the beginning of your next upkeep, you lose the game unless you "
                       f"pay {m.group(1)}.")
            i += 2
            continue
        out.append(sentences[i])
        i += 1
    return out


@dataclass
class Parts:
    """What a sentence adds to the ability being read."""

    effects: list[Effect] = field(default_factory=list)
    targets: list[TargetSpec] = field(default_factory=list)


def unread_phrase(exc: Refusal) -> str:
    """The words a refusal of the reader names."""
    args = exc.msg.args if exc.msg is not None else {}
    for key in ("keyword", "value", "line", "text", "w", "raw", "part", "phrase", "to", "rest",
                "sentence"):
        if key in args and isinstance(args[key], str) and args[key]:
            return args[key]
    return exc.message


class Reader:
    """Reads the text of one card (or generic object) into abilities."""

    def __init__(self, card: CardDef | None = None) -> None:
        self.cost_exiled: str | None = None  # what "the card you exiled" is (scavenge)
        self.card = card
        self.targets: list[TargetSpec] = []
        self.sentence = ""
        self.self_ref_ok = True
        self.it: Any = "self"
        self.them: Any = None
        self.that_player: Any = None
        self.last_subject: Any = None  # the subject of the clause read last
        self.carry: Any = None  # the subject a clause without one takes ("… and loses 2 life")
        self.trigger_zone = "battlefield"  # where the triggered ability being read works
        self.where_x: Any = None  # what X is, when the sentence ends "…, where X is …"
        self.flipped = False  # a coin was flipped earlier in this ability ("if you win the flip")
        self.rolled = False  # a die was rolled earlier in this ability ("the result")
        self.chose: str | None = None  # "Choose a color" earlier in this ability
        self.clashed = False  # "Clash with an opponent" earlier ("If you win, …")
        self.named: dict[str, Any] = {}  # "the creature you control" → its target
        self.overloading = False  # reading a spell's text as its overload cost changes it

    # --- what the grammar asks of the reader ---------------------------------------------
    def add_target(self, spec: TargetSpec) -> str:
        self.targets.append(spec)
        n = len(self.targets)
        return "target" if n == 1 else f"target{n}"

    def ref_it(self) -> Any:
        if self.it is None:  # a trigger about a batch of objects: no one "it" to name
            raise Unsupported(msg("text.reader.ability", line=self.sentence.strip()))
        return self.it

    def token_def(self, name: str) -> CardDef | None:
        if name.lower() == "incubator":
            return incubator_token(read_ability_text)
        return predefined_token(name, read_ability_text)

    def read_quoted(self, text: str) -> Ability:
        """An ability in quotes that an effect grants ("has “{T}: Add {G}.”")."""
        sub = Reader(None)
        got = sub.read(text.replace("this token", "~").replace("This token", "~"), False)
        if len(got) != 1:
            raise Unsupported(msg("text.reader.ability", line=text))
        return got[0]

    def effects_of(self, text: str) -> tuple[Effect, ...]:
        return tuple(self.effects(text).effects)

    # --- text ----------------------------------------------------------------------------
    def normalise(self, text: str) -> str:
        if len(text) > MAX_TEXT:
            raise Unsupported(msg("text.reader.too_long", n=len(text), max=MAX_TEXT))
        t = text.replace("’", "'").replace("\u2212", "-").replace("CARDNAME", "~")
        t = t.replace("“", '"').replace("”", '"')
        t = t.replace("\r\n", "\n")
        t = strip_reminders(t)
        if self.card is not None:
            for name in self_names(self.card):
                t = replace_word(t, name, "~", whole=not chinese.is_chinese(name))
        t = SELF_WORDS.sub("~", t)
        t = re.sub(r"此(生物|永久物|神器|结界|咒语)(?!不能被反击)", "~", t)
        return t.strip()

    def read(self, text: str, is_spell: bool, collect: list[str] | None = None
             ) -> list[Ability]:
        """All the abilities of ``text``; with ``collect``, unread lines are added to it
        (each as the words that stopped the reader) instead of refused."""
        out: list[Ability] = []
        spell_effects: list[Effect] = []
        spell_targets: list[TargetSpec] = []
        spell_extra: dict[str, Any] = {}
        normal = self.normalise(text)
        if is_spell and not self.overloading and re.search(r"^cleave\b", normal, re.I | re.M):
            # cleave (702.148a): cast normally, the words in square brackets are part of the
            # text; cast for its cleave cost, they are removed (read in :meth:`_paid_spells`)
            normal = normal.replace("[", "").replace("]", "")
        last: tuple[str, int, int] | None = None  # the spell line read last, what it added
        lines, levels = _level_striations(_join_modes(re.split(r"\n+", normal)))
        for level in levels:
            try:
                out.append(self._level(*level))
            except Unsupported as exc:
                if collect is None:
                    raise
                collect.append(unread_phrase(exc))
        for raw_line in lines:
            try:
                line = self._keyword_sentences(raw_line.strip(), out)
                if not line:
                    continue
                if is_spell and last is not None and INSTEAD_LINE.search(line):
                    # "Metalcraft — ~ deals 4 damage instead if …": replaces what the spell's
                    # line before does, so the two are read together (608.2c)
                    del spell_effects[last[1]:], spell_targets[last[2]:]
                    line = last[0] + " " + self._ability_word(line)
                row = DIE_ROW.fullmatch(line) if is_spell else None
                if row is not None and any(e.verb == "roll_die" for e in spell_effects):
                    ab = self._die_row(row)
                else:
                    try:
                        ab = self.ability(line, is_spell)
                    except Unsupported:
                        if not (is_spell and last is not None):
                            raise
                        ab, line = self._with_line_before(line, last, spell_effects,
                                                          spell_targets)
            except Unsupported as exc:
                if collect is None:
                    raise
                collect.append(unread_phrase(exc))
                continue
            last = None
            if isinstance(ab, Parts):
                last = (line, len(spell_effects), len(spell_targets))
                spell_effects.extend(ab.effects)
                spell_targets.extend(ab.targets)
            elif isinstance(ab, dict):
                spell_extra.update(ab)
            else:
                out.extend(_term_rules(line, ab))
        if spell_effects or spell_extra:
            if spell_extra.get("modal") is not None:
                modal = spell_extra["modal"]
                if spell_effects:
                    raise Unsupported(msg("text.reader.modal", sentence=text))
                out.append(replace(modal, additional_cost=spell_extra.get("additional_cost"),
                                   optional_costs=spell_extra.get("optional_costs", ())))
            else:
                out.append(SpellAbility(tuple(spell_effects), tuple(spell_targets),
                                        additional_cost=spell_extra.get("additional_cost"),
                                        optional_costs=spell_extra.get("optional_costs", ()),
                                        text=text))
        if is_spell and not self.overloading:
            self._paid_spells(text, out, collect)
        return out

    def _paid_spells(self, text: str, out: list[Ability], collect: list[str] | None) -> None:
        """The spell ability a cost changes once paid, read once with the card and kept by
        its keyword: overload's text with "each" for every "target" (702.96a); awaken's
        "put N +1/+1 counters on target land you control. That land becomes a 0/0 Elemental
        creature with haste. It's still a land." after the spell's own (702.113a)."""
        for i, ab in enumerate(out):
            if not (isinstance(ab, Keyword) and ab.name in ("overload", "awaken", "cleave")):
                continue
            sub = Reader(self.card)
            sub.overloading = True
            if ab.name == "overload":
                changed = replace_word(replace_word(text, "target", "each"), "Target", "Each")
            elif ab.name == "cleave":
                changed = re.sub(r"\s*\[[^\]]*\]", "", text)
                changed = re.sub(r" +([.,])", r"\1", re.sub(r"[ \t]{2,}", " ", changed))
            else:
                lines = [ln for ln in text.split("\n") if ln.strip()
                         and not ln.strip().lower().startswith("awaken")]
                if not lines or ab.n is None:
                    changed = ""
                else:
                    lines[-1] = lines[-1].rstrip() + (
                        f" Put {ab.n} +1/+1 counters on target land you control. That land "
                        "becomes a 0/0 Elemental creature with haste. It's still a land.")
                    changed = "\n".join(lines)
            try:
                sab = spell_ability(tuple(sub.read(changed, True))) if changed else None
                if sab is None or sab.modes or (ab.name == "overload" and sab.targets):
                    raise Unsupported(msg("text.keywords.not_simulated", keyword=ab.text,
                                          rule=ab.rules[0]))
            except Unsupported as exc:
                if collect is None:
                    raise
                collect.append(unread_phrase(exc))
                return
            out[i] = replace(ab, spell=sab)

    def _level(self, low: int, high: int | None, pt: tuple[int, int], lines: list[str]
               ) -> Ability:
        """A leveler's striation (711.2a-b): "As long as this creature has at least N1 (and
        no more than N2) level counters on it, it has base power and toughness P/T and has
        [the abilities]" — a static ability of the creature with a condition."""
        granted: list[Ability] = []
        for line in lines:
            rest = self._keyword_sentences(line.strip(), granted)
            if rest:
                ab = self.ability(rest, False)
                if isinstance(ab, (Parts, dict)):  # a spell's sentence: not in a striation
                    raise Unsupported(msg("text.reader.ability", line=line))
                granted.extend(_term_rules(rest, ab))
        rule = R.LEVELER if high is not None else R.LEVELER_PLUS
        granted = [replace(a, rules=tuple(a.rules) + (rule,))
                   if isinstance(a, (ActivatedAbility, TriggeredAbility)) else a
                   for a in granted]  # what they do cites the striation that gives them
        ops: list[Any] = [("7b", ("set_pt", pt[0], pt[1]))]
        if granted:
            ops.append(("6", ("grant", tuple(granted))))
        words = f"LEVEL {low}-{high}" if high is not None else f"LEVEL {low}+"
        return StaticAbility("continuous", "self", {"ops": tuple(ops), "cda": False},
                             ("level_between", low, high), "battlefield",
                             f"{words} {pt[0]}/{pt[1]}" + "".join(f" {x}" for x in lines),
                             (R.CONTINUOUS_STATIC, rule))

    def _keyword_sentences(self, line: str, out: list[Ability]) -> str:
        """Read the keyword lists at the start of a line ("Flying", "Storm. This spell
        deals…", "飞行。…") into ``out``; return the rest of the line."""
        while line:
            m = re.match(r"([^.。\"]+?)[.。](?:\s+|$)", line)
            sentence = m.group(1) if m else line
            try:
                kws = read_keywords(sentence)
            except Unsupported:
                if m is None and _looks_like_keyword(sentence):
                    raise
                return line
            out.extend(_gift(kw) if kw.name == "gift" else kw for kw in kws)
            line = line[m.end():] if m else ""
        return line

    def _with_line_before(self, line: str, last: tuple[str, int, int],
                          spell_effects: list[Effect], spell_targets: list[TargetSpec]
                          ) -> tuple[Any, str]:
        """A spell's line that names what the line before it did ("Tap target creature. /
        Metalcraft — If you control three or more artifacts, exile that creature."): read with
        that line, as one instruction after the other (608.2c), or the first refusal."""
        kept = spell_effects[last[1]:], spell_targets[last[2]:]
        del spell_effects[last[1]:], spell_targets[last[2]:]
        joined = last[0] + " " + self._ability_word(line)
        try:
            return self.ability(joined, True), joined
        except Unsupported:
            spell_effects.extend(kept[0])
            spell_targets.extend(kept[1])
            return self.ability(line, True), line

    # --- one line --------------------------------------------------------------------------
    def _die_row(self, row: re.Match) -> Parts:
        """A row of a die roll's results table: "10—19 | Draw two cards." means "If the result
        was from 10 to 19, draw two cards" (706.3a); its instructions are read as a spell's."""
        low = int(row.group("low"))
        high = int(row.group("high")) if row.group("high") else None
        result = {"ref": "die_result"}
        cond: tuple = ("compare", result, "ge", low) if row.group("plus") else \
            ("compare", result, "eq", low) if high is None else \
            ("all", ("compare", result, "ge", low), ("compare", result, "le", high))
        parts = self.ability(row.group("text"), True)
        if not isinstance(parts, Parts):
            raise Unsupported(msg("text.reader.ability", line=row.group(0)))
        head = row.group(0)[:row.start("text")].rstrip(" |")
        return Parts([Effect("if", {"cond": cond, "then": tuple(parts.effects), "row": head},
                             text=row.group(0))],
                     parts.targets)

    def ability(self, line: str, is_spell: bool) -> Parts | list[Ability] | dict:
        self.targets = []
        self.it, self.them, self.that_player = "self", None, None
        self.flipped = self.rolled = False
        self.revealing: str | None = None  # "one"/"many" after "reveal … until …"
        self.paid_energy = False  # "you may pay any amount of {E}" said earlier
        self.chose = None
        self.clashed = False
        self.named = {}
        self.sentence = line
        if chinese.is_chinese(line):
            return self._chinese(line, is_spell)
        line = self._ability_word(line)
        low = line.lower()
        if m := re.fullmatch(r"as an additional cost to cast (?:~|this spell), (.+?)\.?", line,
                             re.I | re.S):
            if not is_spell:
                raise Unsupported(msg("text.reader.ability", line=line))
            body = m.group(1).strip().rstrip(".")
            if o := re.fullmatch(r"you may (reveal|behold) an? (.+?)(?: card from your hand)?",
                                 body, re.I):
                # "you may reveal a Dragon card from your hand", "you may behold a Dragon"
                # (701.63a): an optional additional cost, cast with ``additional: [reveal]``
                from judgebot.engine.abilities import Cost
                verb_ = o.group(1).lower()
                if verb_ == "reveal" and not body.lower().endswith("card from your hand"):
                    raise Unsupported(msg("text.reader.ability", line=line))
                f = noun(o.group(2) + (" card" if verb_ == "reveal" else "")).filter
                cost = Cost(reveal_from_hand=replace(f, zone="hand"), text=body) \
                    if verb_ == "reveal" else Cost(behold=f, text=body)
                return {"optional_costs": ((verb_, cost),)}
            if o := re.fullmatch(r"(.+?) or pay ((?:\{[^}]+\})+)", body, re.I):
                # "sacrifice a creature or pay {3}{B}": the first the default, paying the
                # mana the other choice (``additional: [pay]``; 601.2b)
                return {"additional_cost": _additional_cost(o.group(1)),
                        "optional_costs": (("pay", read_cost(o.group(2))),)}
            if o := re.fullmatch(r"(.+?) or ((sacrifice|discard|exile|pay) .+)", body, re.I):
                # "sacrifice a creature or discard a card": the first the default, the other
                # chosen with ``additional: [discard]`` (601.2b)
                return {"additional_cost": _additional_cost(o.group(1)),
                        "optional_costs": ((o.group(3).lower(), _additional_cost(o.group(2))),)}
            return {"additional_cost": _additional_cost(body)}
        if is_spell and (m := MODAL.match(line)):
            return {"modal": self.modal(m)}
        if is_spell and (m := re.fullmatch(r"(whenever (?!that |it )[^,]+?) this turn, (.+)", line,
                                           re.I | re.S)):
            # "Whenever a creature dies this turn, you gain 1 life": a delayed triggered
            # ability the spell creates, for the rest of the turn (603.7a)
            ab = self.triggered(m.group(1) + ", " + m.group(2))
            ab = replace(ab, rules=tuple(ab.rules) + (R.TRIGGER_DELAYED,))
            return Parts([Effect("delayed", {"ability": ab, "until": "this_turn",
                                             "repeat": True}, text=line)])
        if low.startswith(("when ", "whenever ", "at the beginning")) and not (
                is_spell and low.startswith(("at the beginning of your next upkeep",
                                             "at the beginning of the next end step",
                                             "when you next cast "))):
            # (on a spell, "At the beginning of your next upkeep, …" is an instruction that
            # creates a delayed triggered ability, 603.7a)
            return [self.triggered(line)]
        if (m := LOYALTY.match(line)) or (m := COST_COLON.match(line)):
            if not low.startswith(("as long as", "if ")):
                return [self.activated(m.group(1), m.group(2), line)]
        got = read_replacement(self, line)
        if got is not None:
            return got
        try:
            return read_static(self, line)
        except Unsupported as exc:
            if not is_spell:
                raise Unsupported(msg("text.reader.unread_in", words=_words(exc),
                                      value=line)) from None
        self.targets = []
        return self.effects(line)

    def _ability_word(self, line: str) -> str:
        """Drop an ability word or a flavor word ("Landfall — …"): no rules meaning."""
        m = ABILITY_WORD.match(line)
        if not m:
            return line
        word = m.group(1).strip()
        if word.lower() in vocabulary().ability_words or (
                word.lower() not in vocabulary().keywords and
                not re.fullmatch(r"[IVX]+(, [IVX]+)*", word) and
                not word.lower().startswith(("choose", "level", "boast", "exhaust"))):
            return m.group(2)
        return line

    def modal(self, m: re.Match) -> SpellAbility:
        """'Choose one — • A • B': a modal spell (700.2); "choose one or both", "one or
        more", "up to N" let the caster choose between a least and a most (700.2d);
        "You may choose the same mode more than once" lets a mode repeat (700.2d)."""
        how = (m.group(1) or m.group(2) or "").lower()
        low, high = MODE_COUNT[how]
        twice = "same mode" in m.group(3).lower()
        body = m.group("body").strip()
        wider = None
        if m.group("cond"):
            # read as the spell is cast (601.2b), "as you cast this spell" said or not
            cond_text = re.sub(r" as you cast (?:~|this spell)$", "", m.group("cond"), flags=re.I)
            wider = (read_condition(self, cond_text), *WIDER[m.group("wide").lower()])
        options = [o for o in re.split(r"\s*•\s*|;\s*or\s+|；或|；", body) if o.strip()]
        if len(options) < 2 or (high > len(options) and not twice and high != 99):
            raise Unsupported(msg("text.reader.modal", sentence=self.sentence))
        high = min(high, len(options)) if not twice else high
        modes = []
        costs: list[Any] = []
        for opt in options:
            self.targets = []
            self.it, self.them, self.that_player = "self", None, None
            text = opt.strip().rstrip(";；")
            cost = None
            if c := re.match(r"(?:\+ |[^—•]{1,40} — )((?:\{[^}]+\})+) — (.+)$", text, re.S):
                # "+ {2} — …" (spree), "Cross-Slash — {0} — …" (tiered): the mode's cost
                cost, text, opt = mana_cost(c.group(1)), c.group(2), c.group(2)
            elif c := re.match(r"[A-Z][^—•{}.]{0,40}? — (.+)$", text, re.S):
                # "• Breathe Flame — …", "• Form a Party — …": a mode's name is a flavor
                # word, with no rules meaning (207.2d)
                text = opt = c.group(1)
            costs.append(cost)
            if chinese.is_chinese(text):
                parts = Parts(self._zh_effects(text), self.targets)
            else:
                parts = self.effects(text)
            modes.append((tuple(parts.effects), tuple(parts.targets), opt.strip()))
        self.targets = []
        return SpellAbility(modes=tuple(modes), choose=high, text=self.sentence,
                            rules=(R.MODAL,), same_mode_twice=twice,
                            choose_min=low if low != high else 0,
                            mode_costs=tuple(costs) if any(costs) else (), wider=wider)

    def triggered(self, line: str) -> TriggeredAbility:
        body = line
        trig = None
        for m in re.finditer(r",\s*", body):
            head = body[:m.start()]
            try:
                trig = read_trigger(self, head)
            except Unsupported:
                continue
            rest = body[m.end():]
            break
        if trig is None:
            # name the trigger condition as far as its first comma
            head = body.split(",", 1)[0]
            read_trigger(self, head)
            raise Unsupported(msg("text.reader.ability", line=line))
        cond = None
        if m := re.match(r"if (.+?), (.+)$", rest, re.I | re.S):
            cond = read_condition(self, m.group(1))
            rest = m.group(2)
        optional = False
        if rest.lower().startswith("you may ") and not re.match(r"you may pay ", rest, re.I):
            after = rest[8:]
            if "." not in after.rstrip(".") or not re.search(r"\. if you (do|don't)", after,
                                                               re.I):
                optional, rest = True, after
        rest = self._strip_once(rest)
        zone = self.trigger_zone
        parts = self.effects(rest)
        return TriggeredAbility(replace(trig, text=line), tuple(parts.effects),
                                tuple(self.targets), optional, cond, zone, text=line)

    @staticmethod
    def _strip_once(rest: str) -> str:
        if re.search(r"\s*this ability triggers only once each turn\.?$", rest, re.I):
            raise Unsupported(msg("text.reader.ability", line=rest))
        return rest

    def activated(self, cost_text: str, body: str, line: str) -> ActivatedAbility:
        cost = read_cost(cost_text)
        timing = "instant"
        who = "controller"
        extra: dict[str, Any] = {}
        while True:
            m = re.search(r"\s*(activate only (?:as a sorcery|once each turn|during your turn, "
                          r"before attackers are declared|during your turn"
                          r"|during your upkeep|if (.+?)( and only once each turn)?|once)"
                          r"|any player may activate this ability)\.?$", body, re.I | re.S)
            if not m:
                break
            what = m.group(1).lower()
            body = body[:m.start()]
            if what == "activate only as a sorcery":
                timing = "sorcery"
            elif what == "any player may activate this ability":
                who = "any"
            elif what == "activate only once each turn":
                extra["once_per_turn"] = True
            elif what == "activate only once":
                extra["once"] = True
            elif what == "activate only during your turn":
                extra["condition"] = ("your_turn",)
            elif what == "activate only during your turn, before attackers are declared":
                extra["condition"] = ("before_attackers",)
            elif what == "activate only during your upkeep":
                extra["condition"] = ("step_is", "upkeep")
            elif m.group(2):
                extra["condition"] = read_condition(self, m.group(2))
                if m.group(3):  # boast: "… if ~ attacked this turn and only once each turn"
                    extra["once_per_turn"] = True
        zone = "battlefield"
        if cost.zone == "graveyard" or re.match(r"return ~ from your graveyard", body, re.I):
            zone = "graveyard"
        if cost.discard_self or cost.exile_self and cost.zone not in ("graveyard", "battlefield"):
            zone = "hand"
        self.it = "self"
        # "the card you exiled" (scavenge, 702.97a) is the card its cost exiled: this one
        self.cost_exiled = "self" if cost.exile_self else None
        try:
            parts = self.effects(body)
        finally:
            self.cost_exiled = None
        effects = tuple(parts.effects)
        mana_effects = [e for e in effects if e.verb == "add_mana"]
        if mana_effects and not parts.targets and mana_effects[0] is effects[0] and \
                len(mana_effects) == 1 and (cost.loyalty is None):
            opts = _mana_options(mana_effects[0])
            if opts is not None and not any(e.verb in ("delayed",) for e in effects[1:]):
                rest = effects[1:]
                return ActivatedAbility(cost, rest, (), timing, zone, opts, who, "mana", line,
                                        (R.MANA_ABILITY,), **_activation_extra(extra),
                                        mana_times=mana_effects[0].get("times"),
                                        mana_only=mana_effects[0].get("only"))
        rules: tuple[str, ...] = ()
        if cost.loyalty is not None:
            rules = (R.LOYALTY_ABILITY,)
        return ActivatedAbility(cost, effects, tuple(parts.targets), timing, zone, (), who,
                                "", line, rules, **_activation_extra(extra))

    # --- sentences --------------------------------------------------------------------------
    def effects(self, text: str) -> Parts:
        """A sequence of effect sentences ("Draw a card. You gain 2 life.")."""
        parts = Parts()
        sentences = _pacts(_token_abilities(split_sentences(text)))
        i = 0
        previous: list[Effect] = []  # the effects of the sentence before
        while i < len(sentences):
            s = re.sub(r"^then,? ", "", sentences[i], flags=re.I)
            nxt = sentences[i + 1] if i + 1 < len(sentences) else ""
            got = sequence(self, sentences, i)
            if got is not None:
                effects, used = got
                parts.effects.extend(effects)
                previous = effects
                i += used
                continue
            # "Counter target spell. If that spell is countered this way, exile it instead of
            # putting it into its owner's graveyard.": where the countered card goes (701.6a)
            if (m := COUNTERED_TO.fullmatch(s.rstrip("."))) and previous and \
                    previous[-1].verb == "counter":
                dest = m.group(1).lower()
                args = previous[-1].args
                args["destination"] = "exile" if dest.startswith("exile") else \
                    "hand" if "hand" in dest else \
                    "library_bottom" if "bottom" in dest else "library"
                if m.group(2):
                    from judgebot.engine.text.amounts import plain_number
                    args["exile_with_time"] = plain_number(m.group(2))
                    if re.fullmatch(r"if it doesn't have suspend, it gains suspend\.?",
                                    nxt, re.I):
                        i += 1
                    else:
                        raise Unsupported(msg("text.reader.clause", value=s))
                i += 1
                continue
            # "Copy target instant or sorcery spell. You may choose new targets for the copy."
            # (707.10c: the copy's controller may change its targets)
            if re.fullmatch(r"you may choose (?:new targets|a new target) for the (?:copy|copies)"
                            r"\.?", s, re.I) and any(e.verb == "copy_spell" for e in previous):
                [e for e in previous if e.verb == "copy_spell"][-1].args["new_targets"] = True
                i += 1
                continue
            # "~ deals 4 damage to target creature. Excess damage is dealt to that creature's
            # controller instead." (120.4a): the damage event of the sentence before, modified
            if re.fullmatch(r"excess damage is dealt to that (?:creature|permanent)'s controller "
                            r"instead\.?", s, re.I) and len(previous) == 1 and \
                    previous[0].verb == "damage" and not previous[0].get("divided"):
                previous[0].args["excess_to_controller"] = True
                i += 1
                continue
            # "When you next cast an instant or sorcery spell this turn, copy that spell. You
            # may choose new targets for the copy.": a delayed trigger, once, this turn (603.7)
            if m := re.fullmatch(r"when you next cast (?:an? )?(.+?) spell this turn, copy that "
                                 r"spell(?: (\w+) times)?\.?", s, re.I):
                from judgebot.engine.text.amounts import read_amount
                from judgebot.engine.text.selectors import noun
                new = bool(re.fullmatch(r"you may choose new targets for the cop(?:y|ies)\.?",
                                        nxt.strip(), re.I))
                args: dict[str, Any] = {"what": "spell", "new_targets": new}
                if m.group(2):
                    # (a number: X would be this spell's, gone once the trigger resolves)
                    args["times"] = read_amount(self, m.group(2))
                    if not isinstance(args["times"], int):
                        raise Unsupported(msg("text.reader.clause", value=s))
                body = (Effect("copy_spell", args, text=s),)
                trig = Trigger("cast", None, who="you", other=noun(m.group(1) + " spell").filter,
                               text=s)
                ability = TriggeredAbility(trig, body, text=s, rules=(R.TRIGGER_DELAYED,))
                parts.effects.append(Effect("delayed", {"ability": ability,
                                                        "until": "this_turn"}, text=s))
                previous = parts.effects[-1:]
                i += 2 if new else 1
                continue
            # "Add {C}. This mana can't be spent to cast a nonartifact spell." / "Spend this mana
            # only to cast creature spells.": what the mana may pay for (106.6)
            if previous and previous[-1].verb == "add_mana" and (
                    only := _mana_only(s.rstrip("."))) is not None:
                previous[-1].args["only"] = only
                i += 1
                continue
            # "Prevent … . You gain life equal to the damage prevented this way." (615.5): an
            # effect of the prevention, each time it prevents damage
            if re.fullmatch(r"you gain life equal to the damage prevented this way\.?", s,
                            re.I) and previous and previous[-1].verb == "prevent" and \
                    not previous[-1].get("divided") and \
                    isinstance(previous[-1].get("from"), str):
                # (one source named: its damage to each recipient is one event, 615.5)
                previous[-1].args["then"] = (Effect("gain_life", {"who": "you",
                                                                  "amount": "amount"},
                                                    text=s),)
                i += 1
                continue
            # "~ deals 5 damage to target creature. The damage can't be prevented." (615.12):
            # the damage of the sentence before, which prevention effects don't touch
            if re.fullmatch(r"the damage can't be prevented\.?", s, re.I) and \
                    any(e.verb == "damage" for e in previous):
                for e in previous:
                    if e.verb == "damage":
                        e.args["unpreventable"] = True
                i += 1
                continue
            # "X instead if COND." is "If COND, X instead."
            if m := re.fullmatch(r"(.+?) instead if (.+?)\.?", s, re.I | re.S):
                if previous and not re.search(r"\bwould\b", m.group(2), re.I):
                    s = f"If {m.group(2)}, {m.group(1)} instead"
            # "If COND, X instead.": X replaces what the sentence before does (608.2c)
            if m := re.fullmatch(r"if (.+?), (?:instead )?(.+?)(?: instead)?\.?", s, re.I | re.S):
                if re.search(r"\binstead\b", s, re.I) and previous and \
                        not re.search(r"would", m.group(1), re.I) and \
                        not re.search(r", and if .+ would .+ instead\.?$", s, re.I):
                    cond = read_condition(self, m.group(1))
                    had = len(self.targets)
                    instead = self._instead(m.group(2), previous)
                    if len(self.targets) > had:
                        # "If …, instead return target nonland permanent": a target chosen
                        # only when the condition holds (702.33g) isn't simulated
                        raise Unsupported(msg("text.reader.clause", value=s))
                    del parts.effects[len(parts.effects) - len(previous):]
                    wrapped = [Effect("if", {"cond": cond, "then": tuple(instead),
                                             "else": tuple(previous)}, text=s)]
                    parts.effects.extend(wrapped)
                    previous = wrapped
                    i += 1
                    continue
            # "Take an extra turn after this one. At the beginning of that turn's end step, you
            # lose the game.": a delayed ability of the extra turn (603.7)
            if (m := re.fullmatch(r"at the beginning of that turn's end step, (.+?)\.?", s,
                                  re.I | re.S)) and previous and \
                    previous[-1].verb == "extra_turn" and previous[-1].get("who") == "you":
                body = self.clause(m.group(1)).effects
                ability = TriggeredAbility(Trigger("end_step", None, who="you"), tuple(body),
                                           text=s, rules=(R.TRIGGER_DELAYED,))
                wrapped = [Effect("delayed", {"ability": ability, "next_turn_of_you": True},
                                  text=s)]
                parts.effects.extend(wrapped)
                previous = wrapped
                i += 1
                continue
            # "Create N … tokens. Those tokens enter tapped and attacking." (mobilize)
            if re.fullmatch(r"(?:those tokens|the tokens?|they|it) enters? tapped and "
                            r"attacking\.?", s, re.I) and previous and \
                    previous[-1].verb == "token":
                previous[-1].args["tapped"] = True
                previous[-1].args["attacking"] = True
                i += 1
                continue
            before = len(parts.effects)
            # "You may X. If you do, Y." / "… If you don't, Y."
            if m := re.fullmatch(r"you may (.+)", s, re.I | re.S):
                do = re.match(r"if you do, ", nxt, re.I)
                dont = re.match(r"if you don't, ", nxt, re.I)
                if do or dont:
                    body = m.group(1)
                    # the body first: "that creature" after it is what it names (provoke)
                    first = None if body.lower().startswith("pay ") else self.clause(body)
                    follow = self.sentence_effects(nxt[len(do.group(0) if do else
                                                           dont.group(0)):])
                    then, other = (follow, []) if do else ([], follow)
                    if first is None:
                        cost, times = payment_times(self, body[4:])
                        args: dict[str, Any] = {"who": "you", "cost": cost,
                                                "then": tuple(then), "else": tuple(other)}
                        if times is not None:
                            args["times"] = times
                        parts.effects.append(Effect("may_pay", args, text=s))
                    else:
                        parts.effects.append(Effect("may", {
                            "effects": tuple(first.effects) + tuple(then),
                            "else": tuple(other)}, text=s))
                    i += 2
                    continue
            last = parts.effects[-1] if parts.effects else None
            inner = last.args["then"][-1] if last is not None and last.verb == "if" and \
                last.args.get("then") and not last.args.get("else") else None
            # "You may X. If you do, Y. If you don't, Z.", or the choice made inside a
            # condition: "If you control a Raccoon, you may discard a card. If you do, …"
            choice = next((e for e in (last, inner)
                           if e is not None and e.verb in ("may", "may_pay")), None)
            if re.match(r"if you do(n't)?, ", s, re.I) and choice is not None:
                self._if_you_do(choice, s)
                i += 1
                continue
            if re.match(r"if you do(n't)?, ", s, re.I):
                raise Unsupported(msg("text.reader.clause", value=s))
            if re.match(r"otherwise, ", nxt, re.I) and re.match(r"if ", s, re.I):
                got = self.sentence_effects(s, otherwise=nxt[len("otherwise, "):])
                parts.effects.extend(got)
                i += 2
                continue
            parts.effects.extend(self.sentence_effects(s))
            previous = parts.effects[before:]
            i += 1
        parts.targets = self.targets
        return parts

    def _instead(self, text: str, previous: list[Effect]) -> list[Effect]:
        """What "instead" does: a clause, or — "it deals 4 damage instead" — the damage of
        the sentence before, to the same recipient, in another amount."""
        from judgebot.engine.text.amounts import read_amount
        m = re.fullmatch(r"(?:~|it|this spell) deals (.+?) damage", text.strip().rstrip("."),
                         re.I)
        if m and len(previous) == 1 and previous[0].verb == "damage" and \
                not previous[0].get("divided"):
            amount = read_amount(self, re.sub(r"\bx plus (\w+)", r"X plus \1", m.group(1)))
            return [Effect("damage", {**previous[0].args, "amount": amount}, text=text)]
        # "create ten of those tokens instead": the tokens of the sentence before, in another
        # number
        m = re.fullmatch(r"create (\w+) of those tokens(?:, where x is (.+))?",
                         text.strip().rstrip("."), re.I)
        if m and len(previous) == 1 and previous[0].verb == "token":
            from judgebot.engine.text.words import number
            n = number(m.group(1))
            if m.group(2) and n == "X":
                n = read_amount(self, m.group(2))
            if isinstance(n, int) or m.group(2):
                return [Effect("token", {**previous[0].args, "n": n}, text=text)]
        return self.clause(text).effects

    def _if_you_do(self, choice: Effect, sentence: str) -> None:
        """What follows a player's choice: "If you do, …" (or "If you don't, …")."""
        key = "else" if re.match(r"if you don't", sentence, re.I) else "then"
        more = self.sentence_effects(sentence[len(re.match(r"if you do(n't)?, ", sentence,
                                                           re.I).group(0)):])
        if choice.verb == "may" and key == "then":
            choice.args["effects"] = tuple(choice.args.get("effects", ())) + tuple(more)
        else:
            choice.args[key] = tuple(choice.args.get(key, ())) + tuple(more)

    def sentence_effects(self, sentence: str, otherwise: str | None = None) -> list[Effect]:
        s = sentence.strip().rstrip(".").strip()
        if m := re.fullmatch(r"if (it|that creature|that permanent|that creature or planeswalker"
                             r"|that planeswalker) would die this turn, exile it instead", s,
                             re.I):
            what = self.ref_it()
            return [Effect("dies_exile", {"what": what}, text=s)]
        if re.fullmatch(r"if a (?:creature|permanent|creature or planeswalker) dealt damage this "
                        r"way would die this turn, exile it instead", s, re.I):
            # the objects this spell dealt damage to (614.1a: a replacement effect)
            return [Effect("dies_exile", {"damaged_by_source": True}, text=s)]
        if m := re.fullmatch(r"if that's another creature, it also gains the non-(\w+) "
                             r"abilities of ~ printed below this one until end of turn", s, re.I):
            # backup (702.165a): the abilities printed below the keyword, read at resolution
            # from the card, for the target if it isn't this creature
            grant = Effect("grant_printed_below", {"what": self.ref_it(), "after": m.group(1),
                                                   "duration": "eot"}, text=s)
            return [Effect("if", {"cond": ("target_is_another",), "then": (grant,)}, text=s)]
        if m := re.fullmatch(r"the next time (target creature|that creature|it) would deal damage "
                             r"this turn, prevent that damage", s, re.I):
            # a shield on the damage that object deals next, used up once (615.7)
            from judgebot.engine.text.effects import object_ref
            ref, _ = object_ref(self, m.group(1))
            return [Effect("prevent", {"amount": "all", "from": ref, "once": True}, text=s)]
        if m := re.fullmatch(r"the next time an? source of your choice would deal damage to any "
                             r"target this turn, prevent that damage", s, re.I):
            return [Effect("choose_source", {"filter": None}, text=s),
                    Effect("prevent", {"amount": "all", "from": "chosen_source", "once": True},
                           text=s)]
        if m := re.fullmatch(r"the next time an? ((?:[\w-]+ )?)source of your choice would deal "
                             r"damage to you this turn, prevent that damage", s, re.I):
            # 609.7a: the source chosen as it resolves; a shield used up once (615.7)
            quality = m.group(1).strip()
            f = noun(quality + " object").filter if quality else None
            return [Effect("choose_source", {"filter": f}, text=s),
                    Effect("prevent", {"amount": "all", "to": "you", "from": "chosen_source",
                                       "once": True}, text=s)]
        if m := re.fullmatch(r"for each (.+?) (destroyed|exiled) this way, (its controller |you |"
                             r"(?=create |draw ))(.+)", s, re.I):
            # "For each creature destroyed this way, its controller creates …" (608.2h)
            what = re.sub(r"\bcards?\b", "", m.group(1)).strip() or "permanent"
            f = noun(what).filter
            saved = self.that_player
            self.that_player = "player"
            try:
                who = "that player " if m.group(3).lower().strip() == "its controller" \
                    else "you "
                then = self.clause(who + m.group(4)).effects
            finally:
                self.that_player = saved
            return [Effect("for_each_moved", {"ref": m.group(2).lower(), "filter": f,
                                              "then": tuple(then)}, text=s)]
        if m := re.fullmatch(r"when (that creature|it) dies this turn, (.+)", s, re.I | re.S):
            # a delayed triggered ability about the object the spell named (603.7c), for
            # this turn only; "the creature" in it is that object as it last existed
            it = self.ref_it()
            if not isinstance(it, str) or not it.startswith("target"):
                raise Unsupported(msg("text.reader.clause", value=s))
            saved = self.it
            self.it = "it"
            try:
                body = tuple(self.clause(m.group(2)).effects)
            finally:
                self.it = saved
            ability = TriggeredAbility(Trigger("dies", "ref"), body, text=s,
                                       rules=(R.TRIGGER_DELAYED,))
            return [Effect("delayed", {"ability": ability, "until": "this_turn", "it": it},
                           text=s)]
        if m := re.fullmatch(r"each player chooses (up to )?(\w+|a number of) (.+?) they control"
                             r"(?: equal to the number of (.+?) controlled by the player who "
                             r"controls the fewest)?, then sacrifices the rest", s, re.I):
            # keep that many, sacrifice the others (101.4: choices in APNAP order)
            what = m.group(3)
            if m.group(2).lower() == "a number of":
                if not m.group(4) or m.group(4).lower() != what.lower():
                    raise Unsupported(msg("text.reader.clause", value=s))
                n: Any = "fewest"
            else:
                from judgebot.engine.text.amounts import plain_number
                n = plain_number(m.group(2).lower())
                if not isinstance(n, int):
                    raise Unsupported(msg("text.reader.clause", value=s))
            f = noun(what).filter
            return [Effect("keep_sacrifice_rest", {"filter": f, "n": n,
                                                   "up_to": bool(m.group(1))}, text=s)]
        if m := re.fullmatch(r"starting with you, each player votes for ([\w' ]+?) or ([\w' ]+)", s,
                             re.I):
            return [Effect("vote", {"options": (m.group(1).lower(), m.group(2).lower())},
                           text=s)]
        if m := re.fullmatch(r"choose (an opponent|another player)", s, re.I):
            self.that_player = "chosen_player"  # "… that player …" in what follows
            return [Effect("choose_player", {"who": "opponent" if "opponent" in m.group(1).lower()
                                             else "other"}, text=s)]
        if re.fullmatch(r"after this main phase, there is an additional combat phase followed "
                        r"by an additional main phase", s, re.I):
            return [Effect("additional_phases", {"n": 1}, text=s)]  # 500.8
        if re.fullmatch(r"damage can't be prevented this turn", s, re.I):
            # prevention effects don't apply to damage this turn (615.12)
            return [Effect("cant", {"what": {"each": Filter()}, "kind": "damage_unpreventable",
                                    "duration": "eot"}, text=s)]
        if re.fullmatch(r"if you search(?:ed)? your library this way, shuffle", s, re.I):
            # the search of "your library and/or graveyard" shuffles the library it searched
            # (701.23): the engine's libraries keep no random order to lose
            return [Effect("shuffle", {"who": "you"}, text=s)]
        if re.fullmatch(r"if (it|that creature|that permanent) would leave the battlefield, "
                        r"exile it instead of putting it anywhere else", s, re.I):
            return [Effect("leaves_exile", {"what": self.ref_it()}, text=s)]
        if m := re.fullmatch(r"(whenever (?!that |it )[^,]+?) this turn, (.+)", s, re.I | re.S):
            # a delayed triggered ability for the rest of the turn (603.7a), in a sentence
            ab = self.triggered(m.group(1) + ", " + m.group(2))
            ab = replace(ab, rules=tuple(ab.rules) + (R.TRIGGER_DELAYED,))
            return [Effect("delayed", {"ability": ab, "until": "this_turn", "repeat": True},
                           text=s)]
        for pattern, trig in DELAYED:
            if m := pattern.fullmatch(s):
                body = self.clause(m.group(1)).effects
                ability = TriggeredAbility(trig, tuple(body), text=s,
                                           rules=(R.TRIGGER_DELAYED,))
                return [Effect("delayed", {"ability": ability}, text=s)]
        if m := re.fullmatch(r"if (.+?), (.+)", s, re.I | re.S):
            try:
                cond = read_condition(self, m.group(1))
            except Unsupported:
                cond = None
            if cond is not None:
                body = m.group(2)
                if (k := re.fullmatch(r"(.+?), and (if .+)", body, re.I | re.S)) and \
                        not _inside_quotes(body, k.start(2)):
                    # "If it's a creature, it can't be regenerated this turn, and if it would
                    # die this turn, exile it instead": both under the first condition
                    then = self.clause(k.group(1)).effects + self.sentence_effects(k.group(2))
                else:
                    then = self.clause(body).effects
                args: dict[str, Any] = {"cond": cond, "then": tuple(then)}
                if otherwise:
                    args["else"] = tuple(self.clause(otherwise).effects)
                return [Effect("if", args, text=s)]
        if otherwise is not None:
            raise Unsupported(msg("text.reader.clause", value=otherwise))
        try:
            return self.clause(s).effects
        except Unsupported:
            # "Create two 1/1 … tokens if {W} was spent to cast this spell": the condition said
            # after the instruction, as "If …, create …"
            if (m := TRAILING_IF.fullmatch(s)) and not _inside_quotes(s, m.start(2)):
                cond = read_condition(self, m.group(2))
                return [Effect("if", {"cond": cond,
                                      "then": tuple(self.clause(m.group(1)).effects)}, text=s)]
            # "~ deals X damage to any target and you gain X life, where X is …": X said once
            # for the whole sentence
            m = WHERE_X.fullmatch(s)
            if m is None or self.where_x is not None or _inside_quotes(s, m.start(2)):
                raise
            from judgebot.engine.text.amounts import read_amount
            self.where_x = read_amount(self, m.group(2))
            try:
                return self.clause(m.group(1)).effects
            finally:
                self.where_x = None

    def clause(self, text: str) -> Parts:
        """One sentence's clauses: whole, else split where "then"/"and" join two (the first
        part one clause, the rest read the same way: the work grows with the clauses, not
        with the ways of grouping them)."""
        c = text.strip().rstrip(".")
        try:
            return Parts(read_clause(self, c))
        except Unsupported as first:
            for sep in (", then ", " and then ", ", and ", " and ", ", "):
                for at in _positions(c, sep):
                    left, right = c[:at], c[at + len(sep):]
                    if not _starts_clause(right):
                        continue
                    kept = (len(self.targets), self.it, self.them, self.that_player)
                    try:
                        a = Parts(read_clause(self, left))
                        if _third_person(right):
                            self.carry = self.last_subject
                        b = self.clause(right)
                        self.carry = None
                    except Unsupported:
                        self.carry = None
                        del self.targets[kept[0]:]
                        self.it, self.them, self.that_player = kept[1], kept[2], kept[3]
                        continue
                    return Parts(a.effects + b.effects)
            raise first

    # --- Chinese --------------------------------------------------------------------------
    def _chinese(self, line: str, is_spell: bool) -> Parts | list[Ability]:
        if is_spell and (m := MODAL.match(line)):
            return [self.modal(m)]
        low = line.rstrip("。")
        for pattern, trig in chinese.TRIGGERS:
            m = re.match(pattern + r"[,，]\s*", line)
            if m:
                rest = line[m.end():]
                optional = False
                if rest.startswith("你可以"):
                    optional, rest = True, rest[3:]
                effects = self._zh_effects(rest)
                return [TriggeredAbility(replace(trig, text=line), tuple(effects),
                                         tuple(self.targets), optional, text=line)]
        m = COST_COLON.match(line) or re.match(r"^(.+?)：(.+)$", line)
        if m:
            cost = read_cost(m.group(1))
            body = m.group(2)
            timing = "instant"
            if re.search(r"只可以于你能施放法术的时机下起动此异能。?$", body):
                timing = "sorcery"
                body = re.sub(r"只可以于你能施放法术的时机下起动此异能。?$", "", body)
            effects = self._zh_effects(body)
            mana = tuple(e.get("mana") for e in effects if e.verb == "add_mana")
            if mana and len(effects) == 1 and not self.targets:
                return [ActivatedAbility(cost, (), (), timing, mana=mana, text=line,
                                         label="mana", rules=(R.MANA_ABILITY,))]
            return [ActivatedAbility(cost, tuple(effects), tuple(self.targets), timing,
                                     text=line)]
        got = chinese.read_static(self, low)
        if got is not None:
            return got
        if is_spell:
            return Parts(self._zh_effects(line), self.targets)
        raise Unsupported(msg("text.reader.ability", line=line))

    def _zh_effects(self, text: str) -> list[Effect]:
        out: list[Effect] = []
        text = re.sub(r"。\s*(它们?不能重生)", r"。\1", text)
        pieces = [p for p in re.split(r"(?<=。)(?!它们?不能)", text) if p.strip()]
        for p in pieces:
            out.extend(chinese.read_clause(self, p))
        return out


def payment_times(r: Any, text: str) -> tuple[Any, Any]:
    """ "{2}" or "{1} for each age counter on it": a cost, and how many times."""
    from judgebot.engine.text.amounts import for_each
    from judgebot.engine.text.effects import _payment
    if m := re.fullmatch(r"(.+?) for each (.+)", text.strip().rstrip("."), re.I):
        return _payment(m.group(1)), for_each(r, m.group(2))
    return _payment(text), None


def sequence(r: Reader, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """Effects a run of sentences states together: looking at the top of a library and
    taking cards from it; a revealed hand a card is chosen from."""
    s = sentences[i].strip().rstrip(".")
    got = read_dig(r, sentences, i) or read_exile_top(r, sentences, i)
    if got is not None:
        return got
    m = re.fullmatch(r"separate all (.+?) into two piles", s, re.I)
    if m and i + 1 < len(sentences) and re.fullmatch(
            r"that player sacrifices all permanents in the pile of their choice",
            sentences[i + 1].strip().rstrip("."), re.I):
        from judgebot.engine.text.effects import object_ref
        what, _ = object_ref(r, "all " + m.group(1))
        player = r.that_player or _last_player_ref(r)
        return [Effect("piles", {"what": what, "who": player},
                       text=" ".join(sentences[i:i + 2]))], 2
    m = re.match(r"until your next turn, (whenever .+?), (.+)$", s, re.I | re.S)
    if m:
        trig = read_trigger(r, m.group(1))
        body = r.effects(m.group(2)).effects
        ability = TriggeredAbility(trig, tuple(body), text=s, rules=(R.TRIGGER_DELAYED,))
        return [Effect("delayed", {"ability": ability, "until": "your_next_turn"},
                       text=s)], 1
    got = read_hand_reveal(r, sentences, i) or read_reveal_until(r, sentences, i) or \
        _search_then_put(r, sentences, i) or _one_of_them(r, sentences, i) or \
        _punisher(r, sentences, i)
    if got is not None:
        return got
    if re.search(r"\bof the creature type of your choice\b", s, re.I) and \
            not re.search(r"\btarget\b", s, re.I):
        # "Creatures of the creature type of your choice get +0/+4 until end of turn": the
        # type chosen as the spell resolves (608.2d), then the instruction — as "Choose a
        # creature type. Creatures of the chosen type get +0/+4 …"
        r.chose = "creature_type"
        then = r.clause(re.sub(r"\bof the creature type of your choice\b", "of the chosen type",
                               s, flags=re.I)).effects
        return [Effect("choose_value", {"what": "creature_type"}, text=s), *then], 1
    if getattr(r, "revealing", None):
        # "Put that card into your hand and the rest on the bottom of your library …" after a
        # reveal until a card of a kind turns up
        places = read_place(r, sentences[i])
        if places is not None:
            return [Effect("place_revealed", {"places": tuple(places)},
                           text=sentences[i].strip())], 1
    return None


def _punisher(r: Reader, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """ "Any player may have ~ deal 5 damage to them. If no one does, target player draws
    three cards.": the damage, taken by a player who chooses to, or the rest (101.4)."""
    m = re.fullmatch(r"any player may have ~ deal (\w+) damage to them", sentences[i].strip()
                     .rstrip("."), re.I)
    if m is None or i + 1 >= len(sentences):
        return None
    k = re.fullmatch(r"if no one does, (.+)", sentences[i + 1].strip().rstrip("."), re.I | re.S)
    if k is None:
        return None
    from judgebot.engine.text.amounts import read_amount
    n = read_amount(r, m.group(1))
    then = r.clause(k.group(1)).effects
    return [Effect("unless_damage", {"n": n, "then": tuple(then)},
                   text=" ".join(sentences[i:i + 2]))], 2


def _search_then_put(r: Reader, sentences: list[str], i: int
                     ) -> tuple[list[Effect], int] | None:
    """ "Search your library for up to two basic land cards and reveal them. Put one into your
    hand and the other into your graveyard. Then shuffle.": one search (701.23), said in
    sentences instead of clauses."""
    s = sentences[i].strip().rstrip(".")
    if not re.fullmatch(r"search (?:your|their) library (?:and/or graveyard )?for .+", s, re.I) \
            or i + 1 >= len(sentences):
        return None
    put = sentences[i + 1].strip().rstrip(".")
    if not re.match(r"(?:then )?put ", put, re.I):
        return None
    shuffle = i + 2 < len(sentences) and re.fullmatch(
        r"then shuffle(?: your library)?\.?", sentences[i + 2].strip(), re.I) is not None
    joined = s + ", " + put[0].lower() + put[1:] + (", then shuffle" if shuffle else "")
    kept = (len(r.targets), r.it, r.them, r.that_player)
    try:
        effects = r.clause(joined).effects
    except Unsupported:
        del r.targets[kept[0]:]
        r.it, r.them, r.that_player = kept[1], kept[2], kept[3]
        return None
    return list(effects), 3 if shuffle else 2


ONE_OF = re.compile(r"(?:(?P<who>that player|their controller) )?(?P<verb>chooses and sacrifices|"
                    r"sacrifices|chooses|exile|destroy) one of (?:them|those creatures)"
                    r"(?: of their choice)?(?:,? and (?P<rest>.+))?", re.I)


def _one_of_them(r: Reader, sentences: list[str], i: int
                 ) -> tuple[list[Effect], int] | None:
    """ "Choose two target creatures controlled by the same player. Their controller chooses
    and sacrifices one of them. Return the other to its owner's hand.": one of the targets
    chosen as the spell resolves (by their controller, or by you), "the other" the rest."""
    s = sentences[i].strip().rstrip(".")
    m = ONE_OF.fullmatch(s)
    them = r.them
    if m is None or not (isinstance(them, str) and re.fullmatch(r"target\d*", them)):
        return None
    who = f"controller_of_{them}" if m.group("who") else "you"
    out = [Effect("choose_among", {"who": who, "among": them}, text=s)]
    verb = m.group("verb").lower()
    if verb.endswith("sacrifices"):
        out.append(Effect("sacrifice", {"what": "chosen_objects"}, text=s))
    elif verb in ("exile", "destroy"):
        out.append(Effect(verb, {"what": "chosen_objects"}, text=s))
    r.named = {**(getattr(r, "named", None) or {}), "that creature": "chosen_objects",
               "the chosen creature": "chosen_objects", "the other": "other_objects",
               "the other creature": "other_objects"}
    r.it = "chosen_objects"
    if m.group("rest"):
        out.extend(r.clause(m.group("rest")).effects)
    return out, 1


def _last_player_ref(r: Reader) -> str:
    for i in range(len(r.targets) - 1, -1, -1):
        if r.targets[i].kind == "player":
            return "target" if i == 0 else f"target{i + 1}"
    raise Unsupported(msg("text.reader.clause", value="that player"))


def _words(exc: Unsupported) -> str:
    args = exc.msg.args if exc.msg is not None else {}
    for key in ("words", "w", "raw", "part", "text", "keyword", "value", "line"):
        if isinstance(args.get(key), str) and args[key]:
            return args[key]
    return exc.message


def _activation_extra(extra: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if extra.get("condition") is not None:
        out["condition"] = extra["condition"]
    if extra.get("once_per_turn"):
        out["once_per_turn"] = True
    if extra.get("once"):
        out["once"] = True
    return out


def _mana_options(eff: Effect) -> tuple[tuple[str, ...], ...] | None:
    if eff.get("mana") is not None:
        return (tuple(eff.get("mana")),)
    if eff.get("options") is not None:
        return tuple(tuple(o) for o in eff.get("options"))
    return None


def _additional_cost(text: str) -> Any:
    t = text.strip().rstrip(".")
    low = t.lower()
    if low == "pay x life":
        from judgebot.engine.abilities import Cost
        return Cost(pay_life_x=True, text=t)
    if low == "discard a card at random":
        from judgebot.engine.abilities import Cost
        return Cost(discard=1, discard_random=True, text=t)
    if m := re.fullmatch(r"discard x (?:(.+?) )?cards", low):
        # the value of X is announced as the spell is cast (601.2b) and X cards discarded
        from judgebot.engine.abilities import Cost
        f = noun(t[m.start(1):m.end(1)]).filter if m.group(1) else None
        return Cost(discard_x=True, discard_filter=replace(f, zone="hand") if f else None,
                    text=t)
    if m := re.fullmatch(r"exile x (?:(.+?) )?cards from your graveyard", low):
        # X announced as the spell is cast (601.2b), that many cards exiled as it's paid
        from judgebot.engine.abilities import Cost
        f = noun(t[m.start(1):m.end(1)] + " card").filter if m.group(1) else Filter()
        return Cost(exile_graveyard_x=replace(f, zone="graveyard"), text=t)
    if m := re.fullmatch(r"reveal an? (.+?) card from your hand", low):
        from judgebot.engine.abilities import Cost
        f = noun(t[m.start(1):m.end(1)] + " card").filter
        return Cost(reveal_from_hand=replace(f, zone="hand"), text=t)
    if re.fullmatch(r"(sacrifice|discard|pay|exile|tap|return) (.+)", low):
        return read_cost(t[0].upper() + t[1:])
    raise Unsupported(msg("text.costs.read_cost", part=t))


def _positions(text: str, sep: str) -> list[int]:
    out = []
    low = text.lower()
    start = 0
    while True:
        at = low.find(sep, start)
        if at <= 0:
            return out
        if not _inside_quotes(text, at):
            out.append(at)
        start = at + 1


def _inside_quotes(text: str, at: int) -> bool:
    return text[:at].count('"') % 2 == 1


def _starts_clause(text: str) -> bool:
    """Does ``text`` start a clause (a verb, or a subject then a verb)?"""
    m = _verb_re().search(text)
    return m is not None and m.start() < 60


def _third_person(right: str) -> bool:
    """ "Target player draws two cards and loses 2 life": a clause that starts with a verb
    in the third person has the previous clause's subject."""
    first = right.split(" ", 1)[0].lower()
    return first in FORMS and (first.endswith("s") or first == "must") and first not in ("its",)


def split_sentences(text: str) -> list[str]:
    """Sentences, not splitting inside quotes or "It can't be regenerated."."""
    t = text.strip()
    out: list[str] = []
    buf = ""
    in_quote = False
    i = 0
    while i < len(t):
        ch = t[i]
        buf += ch
        if ch == '"':
            in_quote = not in_quote
        elif ch == "." and not in_quote and (i + 1 == len(t) or t[i + 1] == " "):
            out.append(buf.strip())
            buf = ""
        i += 1
    if buf.strip():
        out.append(buf.strip())
    merged: list[str] = []
    for s in out:
        if merged and re.match(r"(?:a creature|creatures) destroyed this way can't be "
                               r"regenerated\.?$", s, re.I) and \
                re.match(r"destroy ", merged[-1], re.I):
            # "Destroy target creature. A creature destroyed this way can't be regenerated.":
            # as "It can't be regenerated." (701.19c)
            s = "They can't be regenerated."
        if merged and re.match(r"(it|they) can't be regenerated|(?:it's|it is|they're) still "
                               r"an? \w+", s, re.I):
            merged[-1] = merged[-1].rstrip(".") + ". " + s
        else:
            merged.append(s)
    return merged


def _token_abilities(sentences: list[str]) -> list[str]:
    """ "Create a white Avatar creature token. It has “…”": the token is created with it."""
    out: list[str] = []
    for s in sentences:
        m = re.fullmatch(r'(?:it has|they have) (".+")\.?', s, re.I)
        if m and out and re.search(r"\btokens?\.?$", out[-1], re.I) and \
                re.match(r"create ", out[-1], re.I):
            out[-1] = out[-1].rstrip(".") + " with " + m.group(1)
        else:
            out.append(s)
    return out


def replace_word(text: str, word: str, by: str, whole: bool = True) -> str:
    """``text`` with ``word`` replaced where it stands as a word of its own (no regular
    expression to compile for each card's name)."""
    if word not in text:
        return text
    if not whole:
        return text.replace(word, by)
    out: list[str] = []
    i = 0
    n = len(word)
    while True:
        at = text.find(word, i)
        if at < 0:
            out.append(text[i:])
            return "".join(out)
        before = text[at - 1] if at > 0 else " "
        after = text[at + n] if at + n < len(text) else " "
        if (before.isalnum() or before in "_'") or (after.isalnum() or after == "_"):
            out.append(text[i:at + n])
        else:
            out.append(text[i:at] + by)
        i = at + n


def strip_reminders(text: str) -> str:
    """Remove reminder text (in parentheses, nesting bounded); unbalanced parentheses
    are refused."""
    t = text
    for _ in range(MAX_PAREN_DEPTH + 1):
        new = re.sub(r"\s*[（(][^()（）]*[)）]", "", t)
        if new == t:
            break
        t = new
    if re.search(r"[()（）]", t):
        raise Unsupported(msg("text.reader.parentheses"))
    return t


HALF_NAME = re.compile(r"(.+?) \(([^()]+/[^()]+)\)")


def self_names(card: CardDef) -> list[str]:
    """The names by which a card's text refers to itself: its names, and a legendary
    card's short name (the part before a comma, or a planeswalker's first name)."""
    names = set(n for n in card.all_names() if len(n) > 1)
    for n in list(names):
        # a half of a split card as the card file names it, "Assault (Assault/Battery)":
        # its text names it by the half's own name (709.1)
        if (m := HALF_NAME.fullmatch(n)) and m.group(1) in m.group(2).split("/"):
            names.add(m.group(1))
    if "legendary" in card.supertypes:
        for n in list(names):
            short = re.split(r",| the | of ", n)[0].strip()
            if len(short) > 2:
                names.add(short)
    if "planeswalker" in card.types:
        names |= {s for s in card.subtypes if len(s) > 2}
    return sorted(names, key=len, reverse=True)


def _looks_like_keyword(sentence: str) -> bool:
    """A short line that names a keyword of the rules (so its refusal says why)."""
    low = sentence.strip().lower()
    if len(low) > 60:
        return False
    names = vocabulary().keywords
    return any(low == n or low.startswith(n + " ") or low.startswith(n + "—") for n in names)


# What each gift gives, as its rule says (702.174d–i), "the chosen player" read as the player
# the gift was promised to.
GIFTS = {"a food": "creates a Food token", "a card": "draws a card",
         "a tapped fish": "creates a tapped 1/1 blue Fish creature token",
         "an extra turn": "takes an extra turn after this one",
         "a treasure": "creates a Treasure token",
         "an octopus": "creates an 8/8 blue Octopus creature token"}


def _gift(kw: Keyword) -> Keyword:
    """A gift keyword with its effect read (702.174b: "If this spell's gift cost was paid,
    [effect]"), kept as the keyword's part for the spell to do first (702.174j)."""
    sub = Reader(None)
    sub.that_player = "chosen_player"
    effects = sub.effects("That player " + GIFTS[kw.quality or ""] + ".").effects
    return replace(kw, parts=(SpellAbility(tuple(effects), text=kw.text,
                                           rules=(R.GIFT,)),))


LEVEL = re.compile(r"level (\d+)(?:-(\d+)|\+)", re.I)


def _level_striations(lines: list[str]) -> tuple[list[str], list[tuple]]:
    """A leveler card's text (711): the lines before the first level symbol, and each
    striation — (N1, N2 or None for "N3+", (P, T), its lines). Other text: unchanged."""
    out: list[str] = []
    levels: list[tuple] = []
    i = 0
    while i < len(lines):
        m = LEVEL.fullmatch(lines[i].strip())
        pt = re.fullmatch(r"(\d+)/(\d+)", lines[i + 1].strip()) if m and i + 1 < len(lines) \
            else None
        if not m or not pt:
            if levels:
                levels[-1][3].append(lines[i])
            else:
                out.append(lines[i])
            i += 1
            continue
        high = int(m.group(2)) if m.group(2) else None
        levels.append((int(m.group(1)), high, (int(pt.group(1)), int(pt.group(2))), []))
        i += 2
    return out, levels


def _join_modes(lines: list[str]) -> list[str]:
    """A modal header followed by bullet lines becomes one line: "Choose one — • A • B"."""
    out: list[str] = []
    for line in lines:
        s = line.strip()
        if re.match(r"\+ (?:\{[^}]+\})+ — ", s) and out and \
                out[-1].strip().lower() in ("spree", "tiered"):
            # spree (702.172a) / tiered (702.183a): modes with their additional costs, one or
            # more of them / exactly one
            how = "one or more" if out[-1].strip().lower() == "spree" else "one"
            out.append(f"Choose {how} — • {s}")
            continue
        if s[:1] == "•" and out and out[-1].strip().lower() == "tiered":
            out.append(f"Choose one — {s}")
            continue
        if s[:2] == "+ " and out and "• + {" in out[-1]:
            out[-1] = out[-1].rstrip() + " • " + s
            continue
        if s[:1] in ("•", "*") and out and (MODAL.search(out[-1] + "x") or "•" in out[-1]):
            out[-1] = out[-1].rstrip() + " • " + s.lstrip("•* ")
        else:
            out.append(line)
    return out


def read_ability_text(text: str) -> tuple[Ability, ...]:
    """The abilities a token's or an emblem's quoted text gives it."""
    return tuple(Reader(None).read(text, False))


def read_text(text: str, card: CardDef | None = None) -> list[Ability]:
    """All the abilities in ``text`` (keyword lines, triggered, activated, static, spell)."""
    is_spell = card is not None and bool(card.types & {"instant", "sorcery"})
    return Reader(card).read(text, is_spell)


def _meaning(kw: Keyword, meaning: str) -> tuple:
    """A keyword's abilities, read from what its rule says it means."""
    reader = Reader(None)
    text = re.sub(r"\[[^\]]*\]", "", meaning) if "[" in meaning else meaning
    if "[" in meaning:
        raise Unsupported(msg("text.reader.ability", line=meaning))
    got = reader.read(text, False)
    return tuple(replace_rules(a, kw) for a in got)


# Words of rules text that are defined terms: an ability that says them cites their rule.
TERM_RULES = ((re.compile(r"\bdevotion\b", re.I), R.DEVOTION),)


def _term_rules(line: str, abilities: list[Ability]) -> list[Ability]:
    terms = tuple(rule for pattern, rule in TERM_RULES if pattern.search(line))
    if terms:
        for ab in abilities:
            if hasattr(ab, "rules") and not isinstance(ab, Keyword):
                ab.rules = tuple(getattr(ab, "rules", ())) + terms  # type: ignore[misc]
    return abilities


def replace_rules(ab: Ability, kw: Keyword) -> Ability:
    rule = kw.rule or ""
    if hasattr(ab, "rules") and rule and not isinstance(ab, Keyword):
        ab.rules = tuple(getattr(ab, "rules", ())) + (rule,)  # type: ignore[misc]
        if hasattr(ab, "keyword"):
            ab.keyword = kw.name  # type: ignore[attr-defined]
        if hasattr(ab, "text"):
            ab.text = kw.text or kw.name  # type: ignore[misc]
    return ab


keywords.MEANING_READER = _meaning


def examples() -> list[tuple[str, str, str]]:
    """Every sentence the reader is documented to understand, with its language and
    whether it is spell text or permanent text (for the README and tests)."""
    from judgebot.engine.text.examples import EXAMPLES
    return list(EXAMPLES) + list(chinese.EXAMPLES)


TEMPLATES = examples
