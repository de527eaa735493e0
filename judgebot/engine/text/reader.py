"""The reader: the text of one card (or generic object), line by line, into
abilities: keyword lines, triggered ("when … , …"), activated ("cost: effect"),
static sentences, modal spells, and spell text."""

from __future__ import annotations

import re
from dataclasses import replace

from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Ability,
    ActivatedAbility,
    Effect,
    SpellAbility,
    TargetSpec,
    TriggeredAbility,
)
from judgebot.engine.errors import Unsupported
from judgebot.engine.state import CardDef
from judgebot.engine.text.costs import read_cost
from judgebot.engine.text.keywords import read_keywords
from judgebot.engine.text.sentences import TEMPLATES, Parts
from judgebot.engine.text.statics import STATIC_TEMPLATES
from judgebot.engine.text.triggers import TRIGGERS_EN, TRIGGERS_ZH
from judgebot.messages import msg

COST_COLON = (r"^((?:\{[^}]+\}|[^:：{]+?)(?:\s*[,，]\s*(?:\{[^}]+\}|[^:：,，{]+))*)"
              r"\s*[:：]\s*(.+)$")


class Reader:
    """Reads the text of one card (or generic object) into abilities."""

    def __init__(self, card: CardDef | None = None) -> None:
        self.card = card
        self.targets: list[TargetSpec] = []
        self.sentence = ""
        self.self_ref_ok = True

    def normalise(self, text: str) -> str:
        t = text.replace("’", "'").replace("\u2212", "-").replace("CARDNAME", "~")
        if self.card is not None:
            for name in sorted(self.card.all_names(), key=len, reverse=True):
                if len(name) > 1:
                    t = re.sub(re.escape(name), "~", t)
        t = re.sub(r"\b[Tt]his (creature|permanent|artifact|enchantment|land|spell)\b", "~", t)
        t = re.sub(r"此(生物|永久物|神器|结界|咒语)(?!不能被反击)", "~", t)
        t = re.sub(r"[（(][^()（）]*[)）]", "", t)  # reminder text
        return t.strip()

    def effects(self, text: str) -> Parts:
        """A sequence of effect sentences ("Draw a card. You gain 2 life.")."""
        parts = Parts()
        for clause in _clauses(text):
            got = self.clause(clause)
            parts.effects.extend(got.effects)
        parts.targets = self.targets
        return parts

    def clause(self, clause: str) -> Parts:
        c = clause.strip().rstrip(".。")
        low = c.lower()
        may = False
        m = re.match(r"you may (.+)", low)
        if m:
            may, c, low = True, c[len(c) - len(m.group(1)):], m.group(1)
        if c.startswith("你可以"):
            may, c, low = True, c[3:], c[3:]
        failed: Unsupported | None = None
        for tpl in TEMPLATES:
            mm = re.fullmatch(tpl.pattern, low if tpl.lang == "en" else c, re.IGNORECASE)
            if mm:
                kept = len(self.targets)
                try:
                    got = tpl.build(mm, self)
                except Unsupported as exc:  # matched, but a phrase in it is unreadable
                    del self.targets[kept:]
                    failed = failed or exc
                    continue
                if may:
                    return Parts([Effect("may", {"effects": tuple(got.effects)}, text=c)])
                return got
        # "Discard a card, then draw a card." / "抓一张牌，然后弃一张牌。": two clauses in order.
        for sep in (", then ", " and then ", ", and ", " and ", "，然后", "，并", "然后"):
            at = low.find(sep) if sep.isascii() else c.find(sep)
            if at <= 0 or may:
                continue
            first, second = c[:at], c[at + len(sep):]
            kept = len(self.targets)
            try:
                a = self.clause(first)
                b = self.clause(second)
            except Unsupported:
                del self.targets[kept:]
                continue
            return Parts(a.effects + b.effects)
        if failed is not None:
            raise failed
        raise Unsupported(msg("text.reader.clause", value=clause.strip()))

    def read(self, text: str, is_spell: bool) -> list[Ability]:
        out: list[Ability] = []
        spell_effects: list[Effect] = []
        spell_targets: list[TargetSpec] = []
        for raw_line in _join_modes(re.split(r"\n+", self.normalise(text))):
            line = self._keyword_sentences(raw_line.strip(), out)
            if not line:
                continue
            ab = self.ability(line, is_spell)
            if isinstance(ab, Parts):
                spell_effects.extend(ab.effects)
                spell_targets.extend(ab.targets)
            else:
                out.extend(ab)
        if spell_effects:
            out.append(SpellAbility(tuple(spell_effects), tuple(spell_targets), text=text))
        return out

    def modal(self, m: re.Match) -> SpellAbility:
        """'Choose one — A; or B.' / bullet modes: a modal spell (700.2)."""
        how = (m.group(1) or m.group(2) or "").lower()
        choose = 2 if how in ("two", "二", "两") else 1
        body = m.group(3).strip()
        options = [o for o in re.split(r"\s*•\s*|;\s*or\s+|；或|；", body) if o.strip()]
        if len(options) < 2:
            raise Unsupported(msg("text.reader.modal", sentence=self.sentence))
        modes = []
        for opt in options:
            self.targets = []
            parts = self.effects(opt.strip().rstrip(";；"))
            modes.append((tuple(parts.effects), tuple(parts.targets), opt.strip()))
        self.targets = []
        return SpellAbility(modes=tuple(modes), choose=choose, text=self.sentence,
                            rules=(R.MODAL,))

    @staticmethod
    def _keyword_sentences(line: str, out: list[Ability]) -> str:
        """Read the keyword lists at the start of a line ("Flying", "Storm. This spell
        deals…", "飞行。…") into ``out``; return the rest of the line."""
        while line:
            m = re.match(r"([^.。]+)[.。]\s*", line)
            sentence = m.group(1) if m else line
            try:
                kws = read_keywords(sentence)
            except Unsupported:
                return line
            out.extend(kws)
            line = line[m.end():] if m else ""
        return line

    def ability(self, line: str, is_spell: bool) -> Parts | list[Ability]:
        self.targets = []
        self.sentence = line
        if is_spell and (m := MODAL.match(line)):
            return [self.modal(m)]
        low = line.lower().rstrip(".。")
        for pattern, trig in TRIGGERS_EN + TRIGGERS_ZH:
            m = re.match(pattern + r"[,，]\s*", line if _is_zh(pattern) else low, re.IGNORECASE)
            if m:
                rest = line[m.end():]
                optional = False
                if rest.lower().startswith("you may "):
                    optional, rest = True, rest[8:]
                elif rest.startswith("你可以"):
                    optional, rest = True, rest[3:]
                parts = self.effects(rest)
                return [TriggeredAbility(replace(trig, text=line), tuple(parts.effects),
                                         tuple(self.targets), optional, text=line)]
        m = re.match(COST_COLON, line)
        if m and not low.startswith(("when", "whenever", "at the")):
            cost = read_cost(m.group(1))
            body = m.group(2)
            timing = "instant"
            if re.search(r"activate only as a sorcery\.?$", body.lower()):
                timing = "sorcery"
                body = re.sub(r"\s*activate only as a sorcery\.?$", "", body, flags=re.I)
            if re.search(r"只可以于你能施放法术的时机下起动此异能。?$", body):
                timing = "sorcery"
                body = re.sub(r"只可以于你能施放法术的时机下起动此异能。?$", "", body)
            parts = self.effects(body)
            mana = tuple(e.get("mana") for e in parts.effects if e.verb == "add_mana")
            if mana and len(parts.effects) == 1 and not parts.targets:
                return [ActivatedAbility(cost, (), (), timing, mana=mana, text=line,
                                         label="mana", rules=(R.MANA_ABILITY,))]
            return [ActivatedAbility(cost, tuple(parts.effects), tuple(parts.targets), timing,
                                     text=line)]
        for pattern, fn, _example in STATIC_TEMPLATES:
            mm = re.fullmatch(pattern, line.rstrip("。") if _is_zh(pattern) else low,
                              re.IGNORECASE)
            if mm:
                return fn(mm, self)
        if is_spell:
            return self.effects(line)
        raise Unsupported(msg("text.reader.ability", line=line))


MODAL = re.compile(r"(?:choose (one|two|one or both)|选择(一|二|两)项|选择一项或两项)\s*"
                   r"[—–\-:：～~]+\s*(.+)$", re.IGNORECASE | re.DOTALL)


def _join_modes(lines: list[str]) -> list[str]:
    """A modal header followed by bullet lines becomes one line: "Choose one — • A • B"."""
    out: list[str] = []
    for line in lines:
        s = line.strip()
        if s[:1] in ("•", "-", "*") and out and MODAL.match(out[-1] + " x"):
            out[-1] = out[-1].rstrip() + " • " + s.lstrip("•-* ")
        else:
            out.append(line)
    return out


def _is_zh(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _clauses(text: str) -> list[str]:
    text = text.strip()
    text = re.sub(r"\.\s+(It|They) can't be regenerated", r". \1 can't be regenerated", text)
    pieces = re.split(r"(?<!can't be regenerated)(?<=[.。])\s*"
                      r"(?!(?:It|They|它|它们) (?:can't|不能))", text)
    out: list[str] = []
    for p in pieces:
        p = p.strip()
        if not p:
            continue
        if out and re.match(r"(it|they) can't be regenerated|它们?不能重生", p, re.I):
            zh = out[-1].endswith("。")
            out[-1] = out[-1].rstrip(".。") + ("。" if zh else ". ") + p
            continue
        out.append(p)
    return out


def read_text(text: str, card: CardDef | None = None) -> list[Ability]:
    """All the abilities in ``text`` (keyword lines, triggered, activated, static, spell)."""
    is_spell = card is not None and bool(card.types & {"instant", "sorcery"})
    return Reader(card).read(text, is_spell)


def examples() -> list[tuple[str, str, str]]:
    """Every sentence the reader is documented to understand, with its language and
    whether it is spell text or permanent (static) text (for the README and tests)."""
    out = [(t.lang, t.example, "spell") for t in TEMPLATES]
    out += [("zh" if _is_zh(p) else "en", ex, "permanent") for p, _, ex in STATIC_TEMPLATES]
    return out
