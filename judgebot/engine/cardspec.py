"""Compiling card scripts (YAML) into :class:`~judgebot.engine.state.CardDef`.

A card script names the card (English and Chinese), its cost, type line and
P/T, and its abilities: either ``text`` (Oracle-style text that the sentence
reader understands) or ``abilities``, a list whose items are sentences for the
reader or structured abilities built from the effect verbs::

    - name: Poultice Sliver
      zh: 糊药裂片妖
      cost: "{2}{W}"
      type: Creature — Sliver
      pt: 2/2
      text: All Slivers have "{2}, {T}: Regenerate target Sliver."
      abilities:
        - static: {affects: Sliver, grant: ["{2}, {T}: Regenerate target Sliver."]}

See judgebot/engine/README.md for every field.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from judgebot.corpus import slugify
from judgebot.engine import citations as R
from judgebot.engine.abilities import (
    Ability,
    ActivatedAbility,
    Cost,
    Effect,
    Filter,
    Keyword,
    ReplacementAbility,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    Trigger,
    TriggeredAbility,
)
from judgebot.engine.conditions import KINDS as CONDITIONS
from judgebot.engine.errors import BadInput, Refusal, suggest
from judgebot.engine.mana import COLOR_NAMES, ManaCost, parse_mana_list
from judgebot.engine.marks import line_of, whole
from judgebot.engine.state import CARD_TYPES, SUPERTYPES, CardDef
from judgebot.engine.text import (
    Reader,
    parse_phrase,
    read_cost,
    read_keyword,
    read_keywords,
    read_text,
    target_spec,
)
from judgebot.engine.trigger_events import KINDS as TRIGGER_KINDS
from judgebot.engine.verbs import VERBS
from judgebot.messages import msg

CARD_KEYS = {"name", "zh", "cost", "type", "pt", "loyalty", "colors", "text", "abilities",
             "split", "set", "rulings", "zh_text", "note", "names"}
def parse_type_line(text: str) -> tuple[list[str], list[str], list[str]]:
    """"Legendary Creature — Human Wizard" → (supertypes, types, subtypes)."""
    left, _, right = text.replace("--", "—").replace(" - ", " — ").partition("—")
    sup, typ = [], []
    for w in left.split():
        w_low = w.lower()
        if w_low in SUPERTYPES:
            sup.append(w_low)
        elif w_low == "tribal":
            typ.append("kindred")
        else:
            typ.append(w_low)
    sub = [w.strip() for w in right.replace("’", "'").split() if w.strip()]
    # Multi-word subtypes.
    if "Urza's" in sub:
        pass
    return sup, typ, sub


class CardError(BadInput):
    pass


def compile_card(data: dict[str, Any], where: str) -> CardDef:
    """One card script → CardDef. Problems raise BadInput naming the card."""
    if not isinstance(data, dict) or "name" not in data:
        raise CardError(f"{where}: a card needs a name")
    name = str(data["name"])
    for key in data:
        if key not in CARD_KEYS:
            raise CardError(f"{where} ({name}): unknown card field {key!r}")
    try:
        return _compile(data, name)
    except Refusal as exc:
        raise CardError(f"{where} ({name}): {exc.message}", exc.line) from None


def _compile(data: dict[str, Any], name: str) -> CardDef:
    if data.get("split"):
        halves = tuple(_compile({**h}, str(h["name"])) for h in data["split"])
        cost = ManaCost()
        for h in halves:
            if h.mana_cost:
                cost = ManaCost(cost.symbols + h.mana_cost.symbols)
        types: frozenset[str] = frozenset()
        for h in halves:
            types |= h.types
        names = (name,) + tuple(h.name for h in halves)
        return CardDef(name, names, cost, None, frozenset(), types, frozenset(), None, None,
                       None, (), str(data.get("text", "")), str(data.get("zh", "")),
                       slug=_slug(name), split=halves, source="pool")
    sup, typ, sub = parse_type_line(str(data.get("type", "")))
    if not typ:
        raise BadInput(msg("cardspec.compile", name=name, value=data.get('type')))
    unknown = [t for t in typ if t not in CARD_TYPES]
    if unknown:
        raise BadInput(msg("cardspec.compile.2", name=name, value=unknown[0],
                           value2=data.get('type')))
    cost = ManaCost.parse(str(data["cost"])) if data.get("cost") not in (None, "") else None
    power = toughness = None
    if data.get("pt") is not None:
        power, toughness = parse_pt(data["pt"], None)
    colors = None
    if data.get("colors") is not None:
        colors = frozenset(str(c).upper()[:1] if len(str(c)) == 1 else
                           {"white": "W", "blue": "U", "black": "B", "red": "R",
                            "green": "G"}[str(c).lower()] for c in data["colors"])
    card = CardDef(name, tuple(data.get("names") or ()) + (name,), cost, colors,
                   frozenset(sup), frozenset(typ), frozenset(sub), power, toughness,
                   data.get("loyalty"), (), str(data.get("text", "")), str(data.get("zh", "")),
                   slug=_slug(name), source="pool")
    if "abilities" in data:
        abilities = compile_abilities(data["abilities"] or [], card)
    elif data.get("text"):
        abilities = read_text(str(data["text"]), card)
    else:
        abilities = []
    return replace(card, abilities=tuple(abilities))


def _slug(name: str) -> str:
    return slugify(name)


def compile_abilities(items: list[Any], card: CardDef) -> list[Ability]:
    out: list[Ability] = []
    is_spell = bool(card.types & {"instant", "sorcery"})
    spell_parts: list[SpellAbility] = []
    for item in items:
        if isinstance(item, str):
            got = Reader(card).read(item, is_spell)
            for a in got:
                if isinstance(a, SpellAbility):
                    spell_parts.append(a)
                else:
                    out.append(a)
            continue
        if not isinstance(item, dict) or len(item) != 1:
            raise BadInput(msg("cardspec.compile_abilities", name=card.name, item=item))
        (kind, body), = item.items()
        if kind == "keyword":
            out.extend(read_keywords(str(body)))
        elif kind == "static":
            out.append(compile_static(body, card))
        elif kind == "trigger":
            out.append(compile_trigger(body, card))
        elif kind == "activated":
            out.append(compile_activated(body, card))
        elif kind == "spell":
            spell_parts.append(compile_spell(body, card))
        elif kind == "replacement":
            out.append(compile_replacement(body, card))
        else:
            raise BadInput(msg("cardspec.compile_abilities.2", name=card.name, kind=kind))
    if spell_parts:
        if len(spell_parts) == 1:
            out.append(spell_parts[0])
        else:
            effects = tuple(e for s in spell_parts for e in s.effects)
            targets = tuple(t for s in spell_parts for t in s.targets)
            first = spell_parts[0]
            out.append(SpellAbility(effects, targets, first.modes, first.choose,
                                    first.same_mode_twice, first.additional_cost,
                                    first.optional_costs, card.text))
    return out


def _affects(value: Any) -> Any:
    if value in (None, "self"):
        return "self"
    if value in ("enchanted", "equipped"):
        return value
    return parse_phrase(str(value))


def compile_static(body: dict[str, Any], card: CardDef) -> Ability:
    body = dict(body)
    affects = _affects(body.pop("affects", "self"))
    text = str(body.pop("text", ""))
    cond = compile_condition(body.pop("if")) if "if" in body else None
    zone = str(body.pop("zone", "battlefield"))
    kind = body.pop("kind", None)
    if kind is not None:
        params = {k: _param(k, v) for k, v in body.items()}
        return StaticAbility(str(kind), affects, params, cond, zone, text)
    ops: list[tuple[str, tuple]] = []
    cda = False
    if "cda" in body:
        pt = body.pop("cda")
        ops.append(("7a", ("cda", compile_amount(pt["power"]), compile_amount(pt["toughness"]))))
        cda = True
        zone = "all"
    if "grant" in body:
        ops.append(("6", ("grant", tuple(_grant_item(g, card) for g in body.pop("grant")))))
    if "lose_all" in body:
        body.pop("lose_all")
        ops.append(("6", ("lose_all",)))
    if "add_types" in body:
        at = body.pop("add_types")
        ops.append(("4", ("add_types", tuple(at.get("types", ())), tuple(at.get("subtypes", ())),
                          tuple(at.get("supertypes", ())))))
    if "set_land_type" in body:
        ops.append(("4", ("set_land_type", (str(body.pop("set_land_type")),))))
    if "all_creature_types" in body:
        body.pop("all_creature_types")
        ops.append(("4", ("all_creature_types",)))
    if "control" in body:
        body.pop("control")
        ops.append(("2", ("control", "source_controller")))
    if "pump" in body:
        p, t = body.pop("pump")
        ops.append(("7c", ("pump", compile_amount(p), compile_amount(t))))
    if "set_pt" in body:
        p, t = body.pop("set_pt")
        ops.append(("7b", ("set_pt", compile_amount(p), compile_amount(t))))
    if body:
        raise BadInput(msg("cardspec.compile_static", name=card.name, value=sorted(body)))
    if not ops:
        raise BadInput(msg("cardspec.compile_static.2", name=card.name))
    rules = (R.CONTINUOUS_STATIC,) + ((R.LAYER_CDA,) if cda else ())
    return StaticAbility("continuous", affects, {"ops": tuple(ops), "cda": cda}, cond, zone,
                         text, rules)


def _grant_item(g: Any, card: CardDef) -> Ability:
    if isinstance(g, dict):
        got = compile_abilities([g], card)
        return got[0]
    text = str(g)
    kw = None
    try:
        kw = read_keyword(text)
    except Refusal:
        kw = None
    if kw is not None:
        return kw
    got = Reader(None).read(text.replace("this creature", "~").replace("this permanent", "~"),
                            False)
    if len(got) != 1:
        raise BadInput(msg("cardspec.grant_item", name=card.name, text=text))
    return got[0]


def _param(key: str, value: Any) -> Any:
    if key in ("filter",) and isinstance(value, str):
        return parse_phrase(value)
    if key == "amount":
        return compile_amount(value)
    return value


def compile_trigger(body: dict[str, Any], card: CardDef) -> TriggeredAbility:
    body = dict(body)
    # YAML 1.1 reads the key "on" as the boolean True.
    on = body.pop("on", body.pop(True, None))
    if on not in TRIGGER_KINDS:
        raise BadInput(msg("cardspec.compile_trigger", name=card.name, on=on))
    subject = body.pop("subject", "self" if TRIGGER_KINDS[on].self_subject else None)
    if isinstance(subject, str) and subject not in ("self", "enchanted", "equipped"):
        subject = parse_phrase(subject)
    other = body.pop("other", None)
    if isinstance(other, str):
        other = parse_phrase(other)
    elif isinstance(other, list):
        other = compile_condition(other)
    trig = Trigger(on, subject, body.pop("who", None), body.pop("to", None),
                   body.pop("combat", None), None, other, body.pop("counter", None),
                   text=str(body.get("text", "")))
    targets = tuple(target_spec(t) for t in body.pop("targets", []) or [])
    effects = compile_effects(body.pop("effects", []), card, targets)
    cond = compile_condition(body.pop("if")) if "if" in body else None
    ab = TriggeredAbility(trig, effects, targets, bool(body.pop("may", False)), cond,
                          str(body.pop("zone", "battlefield")), str(body.pop("text", "")),
                          rules=cited_rules(body.pop("rules", ()), card))
    if body:
        raise BadInput(msg("cardspec.compile_trigger.2", name=card.name, value=sorted(body)))
    return ab


def cited_rules(names: Any, card: CardDef) -> tuple[str, ...]:
    """Extra rules an ability cites, named by their registry names (``rules: [MANA_VALUE]``)
    so that every number the engine can cite stays in :mod:`citations`."""
    out = []
    for name in names if isinstance(names, list) else [names] if names else []:
        number = getattr(R, str(name), None)
        if not isinstance(number, str) or number not in R.REGISTRY:
            raise BadInput(msg("cardspec.cited_rules", name=card.name, name2=name))
        out.append(number)
    return tuple(out)


def compile_activated(body: dict[str, Any], card: CardDef) -> ActivatedAbility:
    body = dict(body)
    cost_text = str(body.pop("cost"))
    cost = read_cost(cost_text) if cost_text else Cost()
    targets = tuple(target_spec(t) for t in body.pop("targets", []) or [])
    effects = compile_effects(body.pop("effects", []), card, targets)
    mana = body.pop("mana", None)
    mana_opts: tuple[tuple[str, ...], ...] = ()
    if mana is not None:
        if isinstance(mana, list):
            mana_opts = tuple(parse_mana_list(str(m)) for m in mana)
        else:
            mana_opts = (parse_mana_list(str(mana)),)
    ab = ActivatedAbility(cost, effects, targets, str(body.pop("timing", "instant")),
                          str(body.pop("zone", "battlefield")), mana_opts,
                          str(body.pop("who", "controller")), str(body.pop("label", "")),
                          str(body.pop("text", "")))
    if body:
        raise BadInput(msg("cardspec.compile_activated", name=card.name, value=sorted(body)))
    return ab


def compile_spell(body: Any, card: CardDef) -> SpellAbility:
    if isinstance(body, list):
        body = {"effects": body}
    body = dict(body)
    targets = tuple(target_spec(t) for t in body.pop("targets", []) or [])
    if body.pop("divided", False):
        targets = tuple(replace(t, divide=True) for t in targets)
    effects = compile_effects(body.pop("effects", []), card, targets)
    modes = []
    for m in body.pop("modes", []) or []:
        mt = tuple(target_spec(t) for t in m.get("targets", []) or [])
        modes.append((compile_effects(m.get("effects", []), card, mt), mt,
                      str(m.get("text", ""))))
    extra = body.pop("additional_cost", None)
    optional = []
    for label, cost in (body.pop("optional_costs", {}) or {}).items():
        optional.append((str(label), read_cost(str(cost))))
    ab = SpellAbility(effects, targets, tuple(modes), int(body.pop("choose", 1)),
                      bool(body.pop("same_mode_twice", False)),
                      read_cost(str(extra)) if extra else None, tuple(optional),
                      str(body.pop("text", "")))
    if body:
        raise BadInput(msg("cardspec.compile_spell", name=card.name, value=sorted(body)))
    return ab


def compile_replacement(body: dict[str, Any], card: CardDef) -> ReplacementAbility:
    body = dict(body)
    kind = str(body.pop("kind"))
    zone = str(body.pop("zone", "battlefield"))
    text = str(body.pop("text", ""))
    params = {}
    for k, v in body.items():
        if k == "then":
            params[k] = compile_effects(v, card, ())
        elif k == "to" and isinstance(v, str) and v not in ("self", "you", "any"):
            params[k] = parse_phrase(v)
        else:
            params[k] = v
    return ReplacementAbility(kind, params, zone=zone, text=text,
                              rules=(R.REPLACEMENT_INSTEAD,))


def compile_condition(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    kind = value[0]
    if kind not in CONDITIONS:
        raise BadInput(msg("cardspec.compile_condition", kind=kind))
    args = []
    for a in value[1:]:
        if isinstance(a, str) and CONDITIONS[kind].phrases:
            args.append(parse_phrase(a))
        elif isinstance(a, list):
            args.append(compile_condition(a))
        else:
            args.append(a)
    return (kind, *args)


def compile_amount(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "count" and isinstance(v, str):
                out[k] = parse_phrase(v)
            elif k in ("plus",):
                out[k] = [compile_amount(x) for x in v]
            elif k == "times":
                out[k] = [compile_amount(x) for x in v]
            else:
                out[k] = v
        return out
    if isinstance(value, str) and value.startswith("-") and not value[1:].isdigit():
        return ("neg", compile_amount(value[1:]))
    return value


def compile_effects(items: Any, card: CardDef, targets: tuple[TargetSpec, ...]
                    ) -> tuple[Effect, ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        items = [items]
    out: list[Effect] = []
    for item in items:
        if isinstance(item, str):
            reader = Reader(card)
            reader.targets = list(targets)
            parts = reader.effects(reader.normalise(item))
            if len(reader.targets) != len(targets):
                raise BadInput(msg("cardspec.compile_effects.3", name=card.name, item=item))
            out.extend(parts.effects)
            continue
        if not isinstance(item, dict):
            raise BadInput(msg("cardspec.compile_effects", name=card.name, item=item))
        verbs = [k for k in item if k in VERBS]
        if len(verbs) != 1:
            raise BadInput(msg("cardspec.compile_effects.2", name=card.name,
                               value=', '.join(sorted(VERBS)), value2=sorted(item)))
        verb = verbs[0]
        args: dict[str, Any] = {}
        primary = VERBS[verb].primary
        value = item[verb]
        if isinstance(primary, tuple):
            if isinstance(value, list):
                args[primary[0]], args[primary[1]] = compile_amount(value[0]), \
                    compile_amount(value[1])
        elif primary:
            args[primary] = value
        for k, v in item.items():
            if k != verb:
                args[k] = v
        out.append(Effect(verb, _compile_args(verb, args, card, targets), text=str(
            item.get("text", ""))))
    return tuple(out)


def _compile_args(verb: str, args: dict[str, Any], card: CardDef,
                  targets: tuple[TargetSpec, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in args.items():
        if k in ("what", "to", "from") and isinstance(v, dict) and "each" in v:
            out[k] = {**v, "each": parse_phrase(str(v["each"]))}
        elif k in ("amount", "n", "p", "t") and verb not in ("prevent",) or \
                (verb == "prevent" and k == "amount" and v != "all"):
            out[k] = compile_amount(v)
        elif k == "filter" and isinstance(v, str):
            out[k] = parse_phrase(v)
        elif k in ("abilities", "grant", "gains"):
            out[k] = tuple(_grant_item(g, card) for g in (v if isinstance(v, list) else [v]))
        elif k == "card" and isinstance(v, dict):
            out[k] = token_card(v)
        elif k in ("then", "else", "effects"):
            out[k] = compile_effects(v, card, targets)
        elif k == "cond":
            out[k] = compile_condition(v)
        elif k == "ability" and isinstance(v, dict):
            out[k] = compile_trigger(v, card)
        elif k == "cost" and isinstance(v, str):
            out[k] = ManaCost.parse(v) if v.startswith("{") and "," not in v else read_cost(v)
        elif k == "filter" and isinstance(v, Filter):
            out[k] = v
        elif k == "mana" and isinstance(v, str):
            out[k] = parse_mana_list(v)
        else:
            out[k] = v
    return out


def token_card(spec: dict[str, Any]) -> CardDef:
    data = dict(spec)
    card = inline_card(data, None)
    return replace(card, is_token=True, source="token")


# --- generic objects described in a scenario ------------------------------------------------
def _types_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v for v in re.split(r"[\s,]+", value.strip()) if v]
    return [str(v) for v in value]


def inline_card(item: Any, line: int | None) -> CardDef:
    """A generic object: ``{name: Striker, creature: 3/3, keywords: [trample]}``."""
    name = str(item["name"])
    types: set[str] = set()
    supertypes: set[str] = set()
    subtypes: set[str] = set()
    type_line = item.get("type")
    if type_line:
        sup, typ, sub = parse_type_line(str(type_line))
        supertypes |= set(sup)
        types |= set(typ)
        subtypes |= set(sub)
    for t in _types_list(item.get("types")):
        t_low = t.lower()
        if t_low in SUPERTYPES:
            supertypes.add(t_low)
        else:
            types.add(t_low)
    supertypes |= {t.lower() for t in _types_list(item.get("supertypes"))}
    subtypes |= {t[:1].upper() + t[1:] for t in _types_list(item.get("subtypes"))}
    power = toughness = None
    pt = item.get("creature")
    if pt is not None and pt is not False:
        types.add("creature")
        if pt is not True:
            power, toughness = parse_pt(pt, line_of(item, "creature", line))
    if item.get("power") is not None:
        power = whole(item["power"], f"{name}: power", line_of(item, "power", line))
        types.add("creature")
    if item.get("toughness") is not None:
        toughness = whole(item["toughness"], f"{name}: toughness",
                          line_of(item, "toughness", line))
    if "creature" in types and power is None:
        raise BadInput(msg("cardspec.inline_card", name=name), line)
    mana_cost = None
    if item.get("mana_cost") is not None:
        try:
            mana_cost = ManaCost.parse(str(item["mana_cost"]))
        except ValueError as exc:
            raise BadInput(msg("cardspec.inline_card.4", name=name, exc=exc),
                line_of(item, "mana_cost", line)) from None
    colors = None
    if item.get("colors") is not None:
        colors = set()
        for c in _types_list(item.get("colors")):
            c_low = c.lower()
            code = {v: k for k, v in COLOR_NAMES.items()}.get(c_low, c.upper())
            if code not in COLOR_NAMES:
                raise BadInput(msg("cardspec.inline_card.5", name=name, value=c),
                    line_of(item, "colors", line))
            colors.add(code)
        colors = frozenset(colors)
    abilities: list[Any] = []
    kws = item.get("keywords") or []
    if isinstance(kws, str):
        kws = [k.strip() for k in kws.split(",")]
    for kw in kws:
        try:
            abilities.extend(read_keywords(str(kw)))
        except Refusal as exc:
            exc.line = exc.line or line_of(item, "keywords", line)
            raise
    text = item.get("text")
    loyalty = item.get("loyalty")
    if loyalty is not None:
        types.add("planeswalker")
    if not types:
        raise BadInput(msg("cardspec.inline_card.2", name=name), line)
    unknown = sorted(t for t in types if t not in CARD_TYPES and t != "tribal")
    if unknown:
        raise BadInput(msg("cardspec.inline_card.3", name=name, value=unknown[0],
                           value2=suggest(unknown[0], CARD_TYPES)),
                       line_of(item, "types", line))
    card = CardDef(name, (name,), mana_cost, colors, frozenset(supertypes), frozenset(types),
                   frozenset(subtypes), power, toughness,
                   whole(loyalty, f"{name}: loyalty", line_of(item, "loyalty", line), 0)
                   if loyalty is not None else None, tuple(abilities),
                   str(text or ""), str(item.get("zh") or ""), source="inline", line=line)
    if text:
        try:
            extra = read_text(str(text), card)
        except Refusal as exc:
            exc.line = exc.line or line_of(item, "text", line)
            raise
        card = replace(card, abilities=card.abilities + tuple(extra))
    if any(isinstance(a, Keyword) and a.name == "enchant" for a in card.abilities) and \
            "Aura" not in card.subtypes:
        card = replace(card, subtypes=card.subtypes | {"Aura"})
    return card


def parse_pt(value: Any, line: int | None) -> tuple[int | str, int | str]:
    text = str(value).strip()
    m = re.fullmatch(r"(-?\d{1,9}|\*)\s*/\s*(-?\d{1,9}|\*)", text)
    if not m:
        raise BadInput(msg("cardspec.parse_pt", value=value), line)
    p, t = m.groups()
    return (p if p == "*" else int(p)), (t if t == "*" else int(t))



__all__ = ["compile_card", "parse_type_line", "Keyword", "Filter"]
