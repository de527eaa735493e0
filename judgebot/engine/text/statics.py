"""Static abilities: what is true while the object is where it works.

* continuous effects in layers (613): "Creatures you control get +1/+1", "Other
  Goblins have mountainwalk", "All creatures lose all abilities and have base power
  and toughness 1/1", "Nonbasic lands are Mountains", "Each land is a Swamp in
  addition to its other land types", "Enchanted artifact is a creature with base power
  and toughness 5/5 in addition to its other types", "~'s power and toughness are
  each equal to the number of Swamps you control", "You control enchanted creature";
* rules of attacking and blocking: "~ can't block", "~ can't be blocked by creatures
  with power 2 or less", "~ attacks each combat if able";
* costs: "Noncreature spells cost {1} more to cast", "Spells cost {1} less to cast";
* players: "Your opponents can't gain life", "You have hexproof";
* any of these "as long as" a condition holds.

Replacement and prevention effects ("If …, … instead", "enters tapped", "Prevent all
damage …") are read by :mod:`.replacements`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Ability, Filter, StaticAbility
from judgebot.engine.errors import Unsupported
from judgebot.engine.mana import ManaCost
from judgebot.engine.text.amounts import for_each, read_amount, scaled, signed
from judgebot.engine.text.conditions import read_condition
from judgebot.engine.text.effects import becomes_ops
from judgebot.engine.text.keywords import keyword_list
from judgebot.engine.text.selectors import noun, unread
from judgebot.engine.text.words import mana_cost
from judgebot.messages import msg


def unreadable(text: str) -> Unsupported:
    return Unsupported(msg("text.reader.ability", line=text.strip()))


def affected(r: Any, text: str) -> Any:
    """What a static ability affects: "self", "enchanted", "equipped", or a filter."""
    t = text.strip()
    low = t.lower()
    if low in ("~", "this creature", "this permanent", "this land", "this artifact",
               "this enchantment", "this vehicle"):
        return "self"
    if low in ("enchanted creature", "enchanted permanent", "enchanted land",
               "enchanted artifact", "enchanted planeswalker"):
        return "enchanted"
    if low in ("equipped creature",):
        return "equipped"
    m = re.fullmatch(r"(all|each|each other|all other|other) (.+)", low)
    body = t[len(t) - len(m.group(2)):] if m else t
    n = noun(body, allow_other=True)
    if n.head in ("player", "opponent", "mixed", "card", "spell"):
        raise unread(t, t)
    f = n.filter
    if m and m.group(1) in ("each other", "all other", "other"):
        f = replace(f, other=True)
    if n.controller_ref is not None:
        raise unread(t, t)
    if not m and not n.plural and not f.other:
        raise unread(t, t)
    return f


def _continuous(r: Any, affects: Any, ops: list, cond: Any = None, cda: bool = False,
                rules: tuple = ()) -> StaticAbility:
    return StaticAbility("continuous", affects, {"ops": tuple(ops), "cda": cda}, cond,
                         "all" if cda else "battlefield", r.sentence,
                         (R.CONTINUOUS_STATIC,) + ((R.LAYER_CDA,) if cda else ()) + rules)


def read_static(r: Any, line: str) -> list[Ability]:
    """A static ability's sentence (no "when", no cost), or a refusal."""
    t = line.strip().rstrip(".")
    low = t.lower()
    cond = None
    if m := re.fullmatch(r"as long as (.+?), (.+)", t, re.I):
        cond = read_condition(r, m.group(1))
        t = m.group(2)
        low = t.lower()
    elif m := re.fullmatch(r"during your turn, (.+)", t, re.I):
        # "During your turn, ~ has first strike": true while it's its controller's turn
        cond = ("your_turn",)
        t = m.group(1)
        low = t.lower()
    elif (m := re.fullmatch(r"(.+?) as long as (.+)", t, re.I)) and \
            not re.fullmatch(r"(?:~|this spell) costs \S+ less to cast", m.group(1), re.I):
        # (a spell's own cost reduction keeps its condition: checked as the cost is
        # determined, 601.2f)
        cond = read_condition(r, m.group(2))
        t = m.group(1)
        low = t.lower()
    out = _static(r, t, low)
    if cond is not None:
        for ab in out:
            if not isinstance(ab, StaticAbility):
                raise unreadable(line)
            ab.condition = cond if ab.condition is None else ("all", ab.condition, cond)
    return out


def _static(r: Any, t: str, low: str) -> list[Ability]:
    if re.fullmatch(r"you may choose not to untap (?:~|this \w+) during your untap step", low):
        return [StaticAbility("may_not_untap", "self", {}, text=r.sentence,
                              rules=(R.UNTAP_CHOICE,))]  # 502.3
    # "~'s power and toughness are each equal to …" (characteristic-defining, 604.3)
    if m := re.fullmatch(r"(?:~|this creature)'s power and toughness are each equal to (.+)",
                         low):
        amount = read_amount(r, t[m.start(1):m.end(1)])
        return [_continuous(r, "self", [("7a", ("cda", amount, amount))], cda=True)]
    if m := re.fullmatch(r"(?:~|this creature)'s power is equal to (.+?)(?: and its toughness "
                         r"is equal to (.+))?", low):
        if not m.group(2):
            raise unreadable(t)
        return [_continuous(r, "self", [("7a", ("cda", read_amount(r, t[m.start(1):m.end(1)]),
                                                read_amount(r, t[m.start(2):m.end(2)])))],
                            cda=True)]
    if re.fullmatch(r"if ~ is in your opening hand, you may begin the game with it on the "
                    r"battlefield", low):
        # Used before the first turn (103.6); a game in progress is past it.
        return [StaticAbility("opening_hand", "self", {}, zone="hand", text=r.sentence,
                              rules=(R.OPENING_HAND,))]
    if m := re.fullmatch(r"you control (enchanted creature|enchanted permanent|enchanted land|"
                         r"enchanted artifact)", low):
        return [_continuous(r, "enchanted", [("2", ("control", "source_controller"))],
                            rules=(R.LAYER_CONTROL,))]
    # can't / must: attacking and blocking
    if m := re.fullmatch(r"(?:~|this creature) can't attack unless defending player controls "
                         r"(?:an?|an untapped) (.+)", low):
        if "untapped" in low:
            raise unreadable(t)
        f = noun(t[m.start(1):m.end(1)]).filter
        if f.controller is not None:
            raise unreadable(t)
        return [StaticAbility("attack_unless_defender_controls", "self", {"filter": f},
                              text=r.sentence, rules=(R.ATTACK_RESTRICTIONS,))]
    if m := re.fullmatch(r"(.+?) can't (attack or block|attack|block|be blocked)(?: alone)?", low):
        if low.endswith("alone"):
            raise unreadable(t)
        who = affected(r, t[:m.end(1)])
        kind = {"attack or block": "cant_attack_or_block", "attack": "cant_attack",
                "block": "cant_block", "be blocked": "cant_be_blocked"}[m.group(2)]
        return [StaticAbility(kind, who, {}, text=r.sentence)]
    if m := re.fullmatch(r"(.+?) can't be blocked by (.+)", low):
        who = affected(r, t[:m.end(1)])
        by = m.group(2)
        if by in ("more than one creature",):
            return [StaticAbility("max_blockers", who, {"n": 1}, text=r.sentence)]
        f = noun(t[m.start(2):]).filter
        return [StaticAbility("cant_be_blocked_by", who, {"filter": f}, text=r.sentence,
                              rules=(R.BLOCK_RESTRICTIONS,))]
    if m := re.fullmatch(r"(.+?) can't be blocked except by (two|three) or more creatures", low):
        who = affected(r, t[:m.end(1)])
        return [StaticAbility("min_blockers", who, {"n": 2 if m.group(2) == "two" else 3},
                              text=r.sentence, rules=(R.BLOCK_RESTRICTIONS,))]
    if m := re.fullmatch(r"(.+?) can block only creatures with flying", low):
        who = affected(r, t[:m.end(1)])
        if who != "self":
            raise unreadable(t)
        return [StaticAbility("block_only_flying", who, {}, text=r.sentence)]
    if m := re.fullmatch(r"(.+?) (attacks|attack) each combat if able", low):
        who = affected(r, t[:m.end(1)])
        return [StaticAbility("must_attack", who, {}, text=r.sentence)]
    if m := re.fullmatch(r"(.+?) (?:doesn't|don't) untap during (?:its|their|your) "
                         r"(?:controller's |controllers' )?untap steps?", low):
        who = affected(r, t[:m.end(1)])
        return [StaticAbility("doesnt_untap", who, {}, text=r.sentence, rules=(R.UNTAP,))]
    if re.fullmatch(r"(?:~|this spell) can't be countered(?: by spells or abilities)?", low):
        return [StaticAbility("cant_be_countered", "self", {}, zone="stack", text=r.sentence)]
    # costs
    if m := re.fullmatch(r"(.+?) cost (\{\d+\}) (more|less) to cast", low):
        return [_cost_change(r, t[:m.end(1)], m.group(2), m.group(3) == "more", t)]
    if m := re.fullmatch(r"((?:~|this spell) costs \{\d+\} less to cast if .+?)"
                         r"(?:\. it also costs| and) (\{\d+\} less to cast if .+)", low):
        # "This spell costs {1} less to cast if you control a Spirit. It also costs {1} less
        # to cast if you control an enchantment": two reductions, each on its own condition
        second = "~ costs " + t[m.start(2):]
        first, then = _self_cost(r, t[:m.end(1)], low[:m.end(1)]), \
            _self_cost(r, second, second.lower())
        if first is not None and then is not None:
            return first + then
    got = _self_cost(r, t, low)
    if got is not None:
        return got
    if m := ALT_COST.fullmatch(low):
        return [_alternative_cost(r, t, m)]
    if m := re.fullmatch(r"(?:if (.+?), )?you may cast (?:~|this spell) without paying its mana "
                         r"cost", low):
        # casting without paying the mana cost is an alternative cost (118.9), here {0}
        cond = read_condition(r, t[m.start(1):m.end(1)]) if m.group(1) else None
        from judgebot.engine.abilities import Cost
        return [StaticAbility("alternative_cost", "self", {"cost": Cost(text="{0}"),
                                                           "condition": cond},
                              zone="all", text=r.sentence, rules=(R.ALT_COST,))]
    if m := re.fullmatch(r"you may cast (?:~|this spell) as though it had flash if you pay "
                         r"((?:\{[^}]+\})+) more to cast it", low):
        # cast with ``additional: [flash]``: instant timing for a higher cost (601.2f)
        return [StaticAbility("flash_for_more", "self", {"cost": mana_cost(m.group(1))},
                              zone="all", text=r.sentence, rules=(R.FLASH,))]
    if m := re.fullmatch(r"cast (?:~|this spell) only (.+)", low):
        cond = _cast_only(r, t[m.start(1):])
        return [StaticAbility("cast_only", "self", {"condition": cond}, zone="all",
                              text=r.sentence, rules=(R.CAST_ONLY,))]
    if m := re.fullmatch(r"(?:~|this spell) costs (\{\d+\}) less to cast if (.+)", low):
        cond = read_condition(r, t[m.start(2):])
        n = mana_cost(m.group(1)).generic
        return [StaticAbility("self_cost_reduction", "self", {"amount": n, "condition": cond},
                              zone="all", text=r.sentence, rules=(R.COST_CHANGE,))]
    if m := re.fullmatch(r"(?:~|this spell) costs (\{\d+\}) less to cast for each (.+)", low):
        per = for_each(r, t[m.start(2):])
        n = mana_cost(m.group(1)).generic
        return [StaticAbility("self_cost_reduction", "self", {"amount": scaled(n, per)},
                              zone="all", text=r.sentence, rules=(R.COST_CHANGE,))]
    # players
    if m := re.fullmatch(r"(your opponents|players|each player|you|each opponent) can't gain "
                         r"life", low):
        who = {"your opponents": "opponents", "each opponent": "opponents", "players": "all",
               "each player": "all", "you": "you"}[m.group(1)]
        return [StaticAbility("cant_gain_life", "self", {"who": who}, text=r.sentence)]
    if low in ("you have hexproof", "you have shroud"):
        return [StaticAbility("player_" + low.split()[-1], "self", {}, text=r.sentence)]
    if m := re.fullmatch(r"(you|each player) may play (an|two|three) additional lands? on each of "
                         r"(your|their) turns", low):
        # 305.2: an effect that lets a player play additional lands raises the limit
        n = {"an": 1, "two": 2, "three": 3}[m.group(2)]
        who = "you" if m.group(1) == "you" else "all"
        return [StaticAbility("additional_land", "self", {"n": n, "who": who}, text=r.sentence,
                              rules=(R.LAND_ADDITIONAL,))]
    if low in ("you have no maximum hand size",):
        return [StaticAbility("no_max_hand_size", "self", {}, text=r.sentence)]
    if m := re.fullmatch(r"you can't lose the game( and your opponents can't win the game)?", low):
        out: list[Ability] = [StaticAbility("cant_lose", "self", {}, text=r.sentence)]
        if m.group(1):
            out.append(StaticAbility("cant_win", "self", {"who": "opponents"},
                                     text=r.sentence))
        return out
    if low in ("~ is colorless", "~ is all colors", "~ is every color"):
        # a characteristic-defining ability (604.3, 702.114a): it works everywhere
        colors = () if low == "~ is colorless" else ("B", "G", "R", "U", "W")
        return [_continuous(r, "self", [("5", ("set_colors", colors))], cda=True,
                            rules=(R.COLOR_LAYER,))]
    # layers: types, abilities, P/T
    if m := re.fullmatch(r"(.+?) (?:isn't|is not|aren't) (?:an? )?(creature|artifact|land|"
                         r"enchantment)s?", low):
        who = affected(r, t[:m.end(1)])
        return [_continuous(r, who, [("4", ("remove_types", (m.group(2),)))])]
    if m := re.fullmatch(r"(.+?) (?:is|are) (.+)", low):
        try:
            return _is(r, t, m)
        except Unsupported:
            pass
    if m := re.fullmatch(r"(.+?) (?:loses|lose) all abilities and (?:is|are) (.+)", low):
        who = affected(r, t[:m.end(1)])
        ops = [("6", ("lose_all",))] + list(becomes_ops(r, t[m.start(2):]))
        ops.sort(key=lambda o: ("1a", "2", "4", "5", "6", "7a", "7b", "7c", "7d").index(o[0]))
        return [_continuous(r, who, ops)]
    if m := re.fullmatch(r"(.+?) (?:loses|lose) all abilities(?: and (?:has|have) base power "
                         r"and toughness (\d+)/(\d+))?", low):
        who = affected(r, t[:m.end(1)])
        ops: list = [("6", ("lose_all",))]
        if m.group(2):
            ops.append(("7b", ("set_pt", int(m.group(2)), int(m.group(3)))))
        return [_continuous(r, who, ops)]
    if m := re.fullmatch(r"(.+?) (?:has|have) base power and toughness (\d+)/(\d+)", low):
        who = affected(r, t[:m.end(1)])
        return [_continuous(r, who, [("7b", ("set_pt", int(m.group(2)), int(m.group(3))))])]
    if m := re.fullmatch(r"(.+?) gets? ([+-](?:\d+|x))/([+-](?:\d+|x))(?: for each (.+?))?"
                         r"(?: and (?:has|have) (.+))?", low):
        who = affected(r, t[:m.end(1)])
        p, tt = signed(m.group(2)), signed(m.group(3))
        if p == "X" or tt == "X" or p == ("neg", "X"):
            raise unreadable(t)
        if m.group(4):
            per = for_each(r, t[m.start(4):m.end(4)])
            p = scaled(p, per) if p else 0
            tt = scaled(tt, per) if tt else 0
        ops = [("7c", ("pump", p, tt))]
        if m.group(5):
            ops.insert(0, ("6", ("grant", _abilities(r, t[m.start(5):]))))
        return [_continuous(r, who, ops)]
    if m := re.fullmatch(r"(.+?) (?:has|have) (.+)", low):
        who = affected(r, t[:m.end(1)])
        return [_continuous(r, who, [("6", ("grant", _abilities(r, t[m.start(2):])))])]
    raise unreadable(t)


def _abilities(r: Any, text: str) -> tuple:
    t = text.strip()
    if t.startswith(("“", '"')) and t.endswith(("”", '"')):
        return (r.read_quoted(t[1:-1]),)
    if m := re.fullmatch(r"(.+?) and “(.+)”", t):
        return keyword_list(m.group(1)) + (r.read_quoted(m.group(2)),)
    return keyword_list(t)


def _is(r: Any, t: str, m: re.Match) -> list[Ability]:
    """"X is a Y" / "X are Ys" / "X isn't a creature": type- and P/T-setting effects."""
    subj_text, what = t[:m.end(1)], t[m.start(2):]
    who = affected(r, subj_text)
    low = what.lower()
    if m2 := re.fullmatch(r"(.+?) in addition to (?:its|their) other land types", low):
        sub = _land_types(r, m2.group(1))
        return [_continuous(r, who, [("4", ("add_types", (), sub, ()))],
                            rules=(R.LAND_INTRINSIC_MANA,))]
    lands = None
    try:
        lands = _land_types(r, low)
    except Unsupported:
        pass
    if lands:
        return [_continuous(r, who, [("4", ("set_land_type", lands))],
                            rules=(R.LAND_TYPE_SET,))]
    extra = []
    if m2 := re.fullmatch(r"(.+?) and (?:has|have) base power and (?:base )?toughness each "
                          r"equal to (?:its|their) mana value", low):
        low = m2.group(1)
        extra.append(("7b", ("set_pt", {"mv_of": "subject"}, {"mv_of": "subject"})))
    if m2 := re.fullmatch(r"(.+?) and loses all abilities", low):
        low = m2.group(1)
        extra.insert(0, ("6", ("lose_all",)))
    low = low.replace("with power and toughness each equal to its mana value",
                      "with base power and toughness mv")
    mv = "base power and toughness mv" in low
    low = low.replace(" with base power and toughness mv", "")
    ops = list(becomes_ops(r, low))
    if mv:
        ops.append(("7b", ("set_pt", {"mv_of": "subject"}, {"mv_of": "subject"})))
    ops += extra
    ops.sort(key=lambda o: ("1a", "2", "4", "5", "6", "7a", "7b", "7c", "7d").index(o[0]))
    return [_continuous(r, who, ops)]


def _land_types(r: Any, text: str) -> tuple[str, ...]:
    from judgebot.engine.text.vocabulary import vocabulary
    words = [w for w in re.split(r",? and |, |,? or | ", text.strip()) if w and w not in (
        "a", "an")]
    out = []
    for w in words:
        sub = vocabulary().subtype(w)
        if sub is None or vocabulary().kind_of(sub) != "land":
            raise unread(w, text)
        out.append(sub)
    return tuple(out)


SELF_COST = re.compile(r"(?:~|this spell) costs ((?:\{[0-9wubrgcx]\})+) (more|less) to cast"
                       r"(?: (if it targets (.+)|for each target beyond the first|"
                       r"during your turn|during your end step|(?:if|as long as) (.+)|"
                       r"for each (.+))|, where x is (.+))", re.I)


COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers",
                "first_strike_damage", "combat_damage", "end_of_combat")
CAST_WHEN = {
    "during combat": ("step_in", COMBAT_STEPS),
    "during combat before blockers are declared": ("step_in", COMBAT_STEPS[:2]),
    "during combat after blockers are declared": ("step_in", COMBAT_STEPS[2:]),
    "during the declare attackers step": ("step_in", ("declare_attackers",)),
    "during the declare blockers step": ("step_in", ("declare_blockers",)),
    "before the combat damage step": ("step_in", ("untap", "upkeep", "draw", "precombat_main")
                                      + COMBAT_STEPS[:3]),
    "during an opponent's upkeep": ("all", ("step_in", ("upkeep",)), ("not", ("your_turn",))),
    "during an opponent's turn": ("not", ("your_turn",)),
    "during your turn": ("your_turn",),
    "during your upkeep": ("all", ("step_in", ("upkeep",)), ("your_turn",)),
    "if you've been attacked this step": ("attacked_you",),
    "during your end step": ("all", ("step_in", ("end",)), ("your_turn",)),
    "during combat on your turn": ("all", ("step_in", COMBAT_STEPS), ("your_turn",)),
    "during combat on an opponent's turn": ("all", ("step_in", COMBAT_STEPS),
                                            ("not", ("your_turn",))),
    "during your declare attackers step": ("all", ("step_in", ("declare_attackers",)),
                                           ("your_turn",)),
    "during the declare blockers step on an opponent's turn": (
        "all", ("step_in", ("declare_blockers",)), ("not", ("your_turn",))),
    # (the steps of the turn after its upkeep: 500.1)
    "during an opponent's turn after their upkeep step": (
        "all", ("not", ("your_turn",)), ("step_in", ("draw", "precombat_main") + COMBAT_STEPS +
                                         ("postcombat_main", "end", "cleanup"))),
}


ALT_COST = re.compile(r"(?:if (?P<cond>.+?), )?you may (?P<cost>.+?) rather than pay (?:~'s|"
                      r"this spell's) mana cost(?: as you cast (?:~|this spell))?"
                      r"(?: if (?P<after>.+?))?")


def _alternative_cost(r: Any, t: str, m: re.Match) -> StaticAbility:
    """ "[If …,] you may pay {0} / pay 1 life, exile a blue card from your hand / sacrifice
    a Mountain rather than pay this spell's mana cost" (118.9): a cost the caster may pay
    instead of the mana cost, cast with ``alt_cost: alternative``."""
    from judgebot.engine.text.costs import read_cost
    cond = read_condition(r, t[m.start("cond"):m.end("cond")]) if m.group("cond") else None
    if m.group("after"):  # surge, spectacle: "… rather than pay this spell's mana cost if …"
        if cond is not None:
            raise unread(t, t)
        cond = read_condition(r, t[m.start("after"):m.end("after")])
    words = t[m.start("cost"):m.end("cost")]
    text = re.sub(r"^pay (?=\{)", "", words, flags=re.I)
    text = re.sub(r"^pay (\d+ life)", r"Pay \1", text, flags=re.I)
    text = re.sub(r" and (?=exile |pay |sacrifice |discard |tap |return )", ", ", text)
    cost = read_cost(text)
    return StaticAbility("alternative_cost", "self", {"cost": cost, "condition": cond},
                         zone="all", text=r.sentence, rules=(R.ALT_COST,))


def _cast_only(r: Any, text: str) -> tuple:
    """ "Cast this spell only during combat before blockers are declared", "… only during the
    declare attackers step and only if you've been attacked this step", "… only if you
    control two or more Vampires" (601.3: a rule of when the spell may be cast)."""
    parts = re.split(r" and only ", text.strip().rstrip("."))
    conds = []
    for part in parts:
        low = part.lower()
        if low in CAST_WHEN:
            conds.append(CAST_WHEN[low])
        elif low.startswith("if "):
            conds.append(read_condition(r, part[3:]))
        else:
            raise unread(part, text)
    return conds[0] if len(conds) == 1 else ("all", *conds)


def _self_cost(r: Any, t: str, low: str) -> list[Ability] | None:
    """ "This spell costs {2} less to cast if it targets a tapped creature", "… {1}{W} more
    to cast for each target beyond the first", "… {1} less to cast during your turn",
    "… {U} less to cast if …", "… {1} less to cast for each …": the total cost is
    determined after the targets are chosen (601.2f), so it may depend on them; coloured
    mana is added, or taken off the matching symbols of the cost (601.2f)."""
    m = SELF_COST.fullmatch(low)
    if m is None:
        return None
    from judgebot.engine.text.selectors import target_spec
    cost = mana_cost(t[m.start(1):m.end(1)])
    params: dict[str, Any] = {"more": m.group(2) == "more"}
    def part(i: int) -> str:
        return t[m.start(i):m.end(i)]
    if m.group(7):
        if cost.symbols != ("X",):
            return None
        params["times"] = read_amount(r, part(7))
        cost = ManaCost(("1",))
    elif "X" in cost.symbols:
        return None
    params["mana"] = cost
    how = m.group(3) or ""
    if m.group(4):
        what = "target " + re.sub(r"^(?:an?|one) ", "", part(4))
        try:
            params["if_targets"] = target_spec(what)
        except Unsupported:
            if not re.search(r"\bcards?\b", what):
                raise
            # "if it targets a creature card with mana value 3 or less": a card the spell
            # targets where the spell's own target is (a graveyard)
            params["if_targets"] = target_spec(what + " in a graveyard")
    elif how.startswith("for each target beyond"):
        params["per_extra_target"] = True
    elif how == "during your turn":
        params["condition"] = ("your_turn",)
    elif how in CAST_WHEN:  # "… {2} less to cast during your end step"
        params["condition"] = CAST_WHEN[how]
    elif m.group(5):
        params["condition"] = read_condition(r, part(5))
    elif m.group(6):
        params["times"] = for_each(r, part(6))
    return [StaticAbility("self_cost_change", "self", params, zone="all", text=r.sentence,
                          rules=(R.COST_CHANGE,))]


def _cost_change(r: Any, who_text: str, cost: str, more: bool, text: str) -> StaticAbility:
    low = who_text.strip().lower()
    whose = "all"
    if m := re.fullmatch(r"(.+?) (you cast|your opponents cast|an opponent casts|cast by your "
                         r"opponents)", low):
        whose = "you" if m.group(2) == "you cast" else "opponents"
        low = m.group(1)
    if low in ("spells", "spell"):
        f = Filter()
    else:
        n = noun(re.sub(r"spells?$", "spell", low))
        if n.head != "spell":
            raise unreadable(text)
        f = n.filter
    n_generic = mana_cost(cost).generic
    return StaticAbility("cost_change", "self", {"filter": f, "amount": n_generic if more
                                                 else -n_generic, "whose": whose},
                         text=r.sentence, rules=(R.COST_CHANGE,))


__all__ = ["read_static", "affected"]
