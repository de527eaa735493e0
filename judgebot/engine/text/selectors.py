"""Noun phrases: what a spell or ability acts on, as Oracle text writes it.

A noun phrase is read in three parts, each from a closed vocabulary, so that
any word outside it is a refusal that names it:

* a quantifier — "target", "another target", "up to two target", "each",
  "each other", "all", "another", "a", "two" …;
* qualifiers before the head — colours and "non-" colours, "monocolored",
  supertypes, card types used as adjectives ("artifact creature"), subtypes
  (from the rules' own lists, 205.3), "tapped", "attacking", "token" …;
* the head — "creature", "permanent", "spell", "card", "player" … or a subtype
  ("Goblins"), joined by "or"/"and" ("artifact or enchantment");
* qualifiers after it — "you control", "an opponent controls", "with flying",
  "with power 2 or less", "with mana value 3 or greater", "in your graveyard" …

>>> f = parse_phrase("nonland permanent an opponent controls with mana value 3 or less")
>>> (sorted(f.not_types), f.controller, f.mv_le)
(['land'], 'opponent', 3)
>>> target_spec("up to two target creatures").count
2
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from judgebot.engine.abilities import Filter, TargetSpec
from judgebot.engine.errors import Unsupported
from judgebot.engine.text.vocabulary import vocabulary
from judgebot.engine.text.words import COLORS_EN, NUMBERS, number
from judgebot.messages import msg

CARD_TYPES = {"creature": "creature", "creatures": "creature", "artifact": "artifact",
              "artifacts": "artifact", "enchantment": "enchantment",
              "enchantments": "enchantment", "land": "land", "lands": "land",
              "planeswalker": "planeswalker", "planeswalkers": "planeswalker",
              "instant": "instant", "instants": "instant", "sorcery": "sorcery",
              "sorceries": "sorcery", "battle": "battle", "battles": "battle",
              "kindred": "kindred"}
SUPERTYPES = {"legendary": "legendary", "basic": "basic", "snow": "snow", "world": "world"}
HEADS = {"permanent": "permanent", "permanents": "permanent", "spell": "spell",
         "spells": "spell", "card": "card", "cards": "card", "token": "token",
         "tokens": "token", "object": "permanent", "objects": "permanent",
         "source": "source", "sources": "source"}
PLAYER_HEADS = {"player": "player", "players": "player", "opponent": "opponent",
                "opponents": "opponent"}
KEYWORD_QUALITIES = (
    "flying", "first strike", "double strike", "deathtouch", "defender", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shroud", "trample", "vigilance",
    "flash", "fear", "intimidate", "shadow", "horsemanship", "flanking", "infect",
    "wither", "prowess", "changeling", "islandwalk", "swampwalk", "forestwalk",
    "mountainwalk", "plainswalk", "protection", "ward", "skulk", "banding", "toxic",
    "undying", "persist", "morph", "cycling", "kicker", "flashback", "convoke", "defender")
CONTROLLERS = (
    ("you control", "you"), ("you don't control", "opponent"),
    ("an opponent controls", "opponent"), ("your opponents control", "opponent"),
    ("opponents control", "opponent"), ("target opponent controls", "ref:target opponent"),
    ("target player controls", "ref:target player"), ("that player controls", "ref:player"),
    ("defending player controls", "ref:defending_player"),
    ("its controller controls", "ref:controller_of_it"),
    ("they control", "ref:player"), ("you both control", None),
    ("each player controls", None), ("a player controls", None),
)
ZONES = (
    ("in your graveyard", "graveyard", "you"), ("from your graveyard", "graveyard", "you"),
    ("in a graveyard", "graveyard", None), ("from a graveyard", "graveyard", None),
    ("in all graveyards", "graveyard", None), ("from all graveyards", "graveyard", None),
    ("in an opponent's graveyard", "graveyard", "opponent"),
    ("from an opponent's graveyard", "graveyard", "opponent"),
    ("in target player's graveyard", "graveyard", "ref:target"),
    ("from target player's graveyard", "graveyard", "ref:target"),
    ("in your hand", "hand", "you"), ("from your hand", "hand", "you"),
    ("in your library", "library", "you"), ("from your library", "library", "you"),
    ("in exile", "exile", None), ("from exile", "exile", None),
    ("on the battlefield", "battlefield", None), ("from the battlefield", "battlefield", None),
)


_COMPILED: dict[str, re.Pattern] = {}


COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def compiled(pattern: str) -> re.Pattern:
    """A pattern built from the grammar's word lists, compiled once (not left to the
    regular-expression module's small cache)."""
    found = _COMPILED.get(pattern)
    if found is None:
        found = _COMPILED[pattern] = re.compile(pattern)
    return found


# Reads an amount ("the number of cards in your hand"); set by :mod:`.amounts`, which reads
# noun phrases itself.
AMOUNT_READER: Any = None


@dataclass(frozen=True)
class Noun:
    """A noun phrase without its quantifier."""

    filter: Filter
    plural: bool = False
    head: str = "permanent"  # permanent | spell | card | player | opponent | any | token
    controller_ref: str | None = None  # "target", "player" …: whose the objects are
    text: str = ""


def unread(words: str, phrase: str) -> Unsupported:
    return Unsupported(msg("text.phrases.parse_phrase", w=words.strip(), original=phrase.strip()))


def parse_phrase(text: str) -> Filter:
    """A noun phrase, its quantifier dropped: "nonblack creature you control"; "another"
    and "other" mean other than the object itself."""
    m = re.match(r"(each other|all other|another|other|a|an|the|each|all|target)\s+",
                 text.strip(), re.I)
    body = text.strip()[m.end():] if m else text.strip()
    f = noun(body, allow_other=True).filter
    if m and "other" in m.group(1).lower():
        f = replace(f, other=True)
    return f


@lru_cache(maxsize=8192)
def noun(text: str, allow_other: bool = False) -> Noun:
    """Read a noun phrase (without its quantifier) into a :class:`Noun`."""
    phrase = text.strip().rstrip(".,")
    rest = " " + phrase + " "
    kw: dict[str, Any] = {}
    sets: dict[str, set[str]] = {k: set() for k in (
        "types", "any_types", "not_types", "subtypes", "not_subtypes", "supertypes",
        "not_supertypes", "colors", "not_colors", "has", "lacks")}
    controller_ref = None
    low = rest.lower()

    def cut(pattern: str) -> re.Match | None:
        nonlocal rest, low
        m = compiled(pattern).search(low)
        if m:
            rest = rest[:m.start()] + " " + rest[m.end():]
            low = rest.lower()
        return m

    if (m := cut(r" with power (greater|less) than (the number of .+|your life total|~'s power|"
                 r"this creature's power) $")) and AMOUNT_READER is not None:
        at = phrase.lower().index(m.group(2))
        key = "power_gt" if m.group(1) == "greater" else "power_lt"
        kw[key] = AMOUNT_READER(phrase[at:at + len(m.group(2))])
        rest += " "
        low = rest.lower()
    if m := cut(r" with the greatest (power|mana value) among (?:creatures|creatures and "
                r"planeswalkers|permanents|nonland permanents) (they control|that player controls"
                r"|you control|its controller controls|on the battlefield) $"):
        kw["greatest"] = (m.group(1), "all" if m.group(2) == "on the battlefield"
                          else "controller")
        rest += " "
        low = rest.lower()
    for words, who in CONTROLLERS:
        if cut(r" " + re.escape(words) + r"(?= )"):
            if who is None:
                pass
            elif who.startswith("ref:"):
                controller_ref = who[4:]
            else:
                kw["controller"] = who
            break
    if cut(r" you own(?= )"):
        kw["owner"] = "you"
    elif cut(r" (?:an opponent owns|your opponents own|you don't own)(?= )"):
        kw["owner"] = "opponent"
    for words, zone, who in ZONES:
        if cut(r" " + re.escape(words) + r"(?= )"):
            kw["zone"] = zone
            if who is not None and who.startswith("ref:"):
                controller_ref = who[4:]
            elif who is not None:
                kw["owner"] = who
            break
    while m := cut(r" with(out)? (" + "|".join(KEYWORD_QUALITIES) + r")(?:(?:,| or| and) (" +
                   "|".join(KEYWORD_QUALITIES) + r"))?(?= )"):
        target = sets["lacks" if m.group(1) else "has"]
        target.add(m.group(2))
        if m.group(3):
            target.add(m.group(3))
    for stat in ("power", "toughness", "mana value"):
        key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[stat]
        if m := cut(r" with (?:a |an )?" + stat + r" (\d+|x) or (less|greater|more)(?= )"):
            kw[key + ("_le" if m.group(2) == "less" else "_ge")] = number(m.group(1))
        elif m := cut(r" with (?:a |an )?" + stat +
                      r" (?:less than or equal to|at most) (\d+|x)(?= )"):
            kw[key + "_le"] = number(m.group(1))
        elif m := cut(r" with (?:a |an )?" + stat + r" (?:greater than or equal to|at least) "
                      r"(\d+|x)(?= )"):
            kw[key + "_ge"] = number(m.group(1))
        elif m := cut(r" with (?:a |an )?" + stat + r" (?:less than) (\d+)(?= )"):
            kw[key + "_le"] = int(m.group(1)) - 1
        elif m := cut(r" with (?:a |an )?" + stat + r" (?:greater than) (\d+)(?= )"):
            kw[key + "_ge"] = int(m.group(1)) + 1
        elif stat == "mana value" and (m := cut(r" with mana value (\d+|x)(?= )")):
            kw["mv_eq"] = number(m.group(1))

    if cut(r" with (?:a|one or more) ([+-]1/[+-]1) counters? on (?:it|them)(?= )"):
        kw["counter"] = re.search(r"[+-]1/[+-]1", phrase).group(0)
    elif cut(r" with (?:a|one or more) counters? on (?:it|them)(?= )"):
        kw["any_counter"] = True
    elif cut(r" with no counters on (?:it|them)(?= )"):
        kw["any_counter"] = False
    if cut(r" with a single target(?= )"):
        kw["single_target"] = True  # "target spell with a single target" (115.7)
    if cut(r" with (?:that|the chosen) name(?= )"):
        kw["chosen"] = ("name", True)  # "cards with that name" after "choose a card name"
    if m := cut(r" (that (?:aren't|isn't) |not )?of (?:the chosen|that) (creature type|type|color)"
                r"(?= )"):
        kw["chosen"] = ("color" if m.group(2) == "color" else "creature_type", not m.group(1))
    if m := cut(r" that targets (you or )?(?:(you)|an? (.+?))(?= $)"):
        # "spell that targets a creature / you / you or a permanent you control"
        target_noun = noun(m.group(3)).filter if m.group(3) else None
        kw["targeting"] = (target_noun, bool(m.group(1) or m.group(2)))
    if cut(r" (?:that was|that were|that's been) dealt damage this turn(?= )") or \
            cut(r" dealt damage this turn(?= )"):
        kw["damaged"] = True
    if cut(r" named ~(?= )"):
        kw["names"] = frozenset({"~"})
    if cut(r" with no abilities(?= )"):
        kw["no_abilities"] = True
    if cut(r" attacking or blocking(?= )"):
        kw["combat"] = True
    if cut(r" (?:that's|that are|that is) attacking(?= )"):
        kw["attacking"] = True
    if cut(r" (?:that's|that are|that is) blocking(?= )"):
        kw["blocking"] = True
    if m := cut(r" (?:that's|that are|that is) (white|blue|black|red|green)(?:,? (?:or|and/or) "
                r"(white|blue|black|red|green))?(?= )"):
        # "creature or planeswalker that's black or red": either colour (105.2)
        sets["colors"] |= {COLOR_LETTER[c] for c in (m.group(1), m.group(2)) if c}
    if cut(r" (?:that's|that are|that is) one or more colors(?= )"):
        kw["colorless"] = False
    if m := cut(r" with total power and toughness (\d+) or (less|greater)(?= )"):
        kw["pt_total"] = ("le" if m.group(2) == "less" else "ge", int(m.group(1)))
    if m := cut(r" with power or toughness (\d+) or (less|greater)(?= )"):
        kw["pt_either"] = ("le" if m.group(2) == "less" else "ge", int(m.group(1)))
    if cut(r" (?:that's|that are|that is) tapped(?= )"):
        kw["tapped"] = True
    if cut(r" (?:that's|that are|that is) untapped(?= )"):
        kw["tapped"] = False
    words = [w for w in re.split(r"[\s,]+", rest.strip()) if w]
    heads: list[str] = []
    joined_by_or = False
    plural = False
    i = 0
    while i < len(words):
        w = words[i]
        lw = w.lower()
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        if lw in ("or", "and/or"):
            joined_by_or = True
        elif lw == "and":
            pass
        elif lw in ("a", "an", "the"):
            pass
        elif lw == "other" and allow_other or lw == "other" and i == 0:
            kw["other"] = True
        elif lw in ("attacking", "blocking"):
            kw[lw] = True
        elif lw == "tapped":
            kw["tapped"] = True
        elif lw == "untapped":
            kw["tapped"] = False
        elif lw == "nontoken":
            kw["token"] = False
        elif lw in ("token", "tokens") and nxt and (nxt in CARD_TYPES or nxt in HEADS):
            kw["token"] = True
        elif lw == "face-down":
            kw["face_down"] = True
        elif lw == "face-up":
            kw["face_down"] = False
        elif lw == "enchanted":
            kw["enchanted"] = True
        elif lw == "equipped":
            kw["equipped"] = True
        elif lw == "historic":
            kw["historic"] = True
        elif lw == "monocolored":
            kw["color_count"] = "mono"
        elif lw == "multicolored":
            kw["color_count"] = "multi"
        elif lw == "colorless":
            kw["colorless"] = True
        elif lw == "colored":
            kw["colorless"] = False
        elif lw in COLORS_EN:
            sets["colors"].add(COLORS_EN[lw])
        elif lw.startswith("non") and lw[3:].lstrip("-") in COLORS_EN:
            sets["not_colors"].add(COLORS_EN[lw[3:].lstrip("-")])
        elif lw in SUPERTYPES:
            sets["supertypes"].add(SUPERTYPES[lw])
        elif lw.startswith("non") and lw[3:].lstrip("-") in SUPERTYPES:
            sets["not_supertypes"].add(SUPERTYPES[lw[3:].lstrip("-")])
        elif lw.startswith("non") and lw[3:].lstrip("-") in CARD_TYPES:
            sets["not_types"].add(CARD_TYPES[lw[3:].lstrip("-")])
        elif lw.startswith("non-") and vocabulary().subtype(w[4:]):
            sets["not_subtypes"].add(vocabulary().subtype(w[4:]) or "")
        elif lw in CARD_TYPES:
            heads.append(CARD_TYPES[lw])
            plural = plural or lw.endswith("s") and lw not in ("sorcery",)
        elif lw in HEADS:
            heads.append(HEADS[lw])
            plural = plural or lw.endswith("s")
        elif lw in PLAYER_HEADS:
            heads.append(PLAYER_HEADS[lw])
            plural = plural or lw.endswith("s")
        elif (w[:1].isupper() or _plain_subtype(w)) and vocabulary().subtype(w):
            sub = vocabulary().subtype(w) or ""
            sets["subtypes"].add(sub)
            if w.lower() != sub.lower():
                plural = True
            if not (nxt in CARD_TYPES or nxt in HEADS):
                heads.append("subtype")
        elif i + 1 < len(words) and w[:1].isupper() and \
                vocabulary().subtype(w + " " + words[i + 1]):
            sets["subtypes"].add(vocabulary().subtype(w + " " + words[i + 1]) or "")
            heads.append("subtype")
            i += 1
        else:
            raise unread(w, phrase)
        i += 1
    if not heads:
        raise unread(phrase, phrase)
    category = _category(heads)
    kinds = [h for h in heads if h in CARD_TYPES.values()]
    if category in ("player", "opponent"):
        pass
    elif joined_by_or and len(set(heads)) > 1:
        if "token" in heads or ("subtype" in heads and kinds):
            # "creature or Vehicle", "artifact, enchantment, or token": alternatives of
            # different kinds, read only when the phrase names nothing else (an adjective
            # would qualify one alternative or all: "Forest or green enchantment")
            bare = [w.strip(",").lower() for w in words if w.strip(",").lower() not in
                    ("or", "and/or", "a", "an", "")]
            if set(kw) - {"controller", "owner", "zone"} or sets["colors"] or \
                    sets["supertypes"] or \
                    len(bare) != len(heads) or ("token" in heads and not re.search(
                        r"(?:,|\bor) tokens?$", " ".join(words).lower())):
                raise unread(phrase, phrase)
            if "token" in heads:
                kw["or_token"] = True
                heads = [h for h in heads if h != "token"]
            kw["or_subtypes"] = frozenset(sets["subtypes"])
            sets["subtypes"] = set()
        sets["any_types"] |= {h for h in heads if h in CARD_TYPES.values()}
        if "permanent" in heads and kinds:
            sets["any_types"].add("permanent")
        if "subtype" in heads and not kinds:
            pass
    else:
        # "artifact creature": every card type named.
        sets["types"] |= set(kinds)
        if len(kinds) > 1 and " and " in " " + phrase.lower() + " " and \
                not re.search(r"\b(artifact|enchantment|land) creature", phrase.lower()):
            # "artifacts and enchantments": each of them.
            sets["types"] -= set(kinds)
            sets["any_types"] |= set(kinds)
    if "token" in heads and not kw.get("or_token"):
        kw["token"] = True
    if category == "spell":
        kw["zone"] = "stack"
    elif category == "card" and "zone" not in kw:
        kw["zone"] = "card"  # the zone the verb gives (hand, library, graveyard)
    if "permanent" in heads and kw.get("zone") not in (None, "battlefield") and not kinds:
        sets["any_types"].add("permanent")
    for k, v in sets.items():
        if v:
            kw[k] = frozenset(v)
    return Noun(Filter(text=phrase, **kw), plural, category, controller_ref, phrase)


# Subtypes that are also ordinary English words: read as subtypes only when capitalised.
ENGLISH_WORDS = frozenset({
    "will", "mine", "time", "town", "case", "class", "room", "plan", "role", "map", "food",
    "gold", "blood", "book", "stone", "sand", "eye", "egg", "child", "hero", "mount", "orb",
    "spike", "toy", "sphere", "planet", "tower", "lair", "locus", "cave", "gate", "desert",
    "rune", "shard", "curse", "saga", "trap", "lesson", "omen", "adventure", "background",
    "clue", "junk", "lander", "treasure", "vehicle", "equipment", "aura", "citizen", "elder",
    "god", "noble", "army", "coward", "pest", "spawn", "scion", "head", "detective", "villain",
    "survivor", "employee", "guest", "performer", "peasant", "mercenary", "pilot", "scout",
    "ranger", "advisor", "processor", "warrior", "shaman", "wizard", "soldier", "knight",
    "rogue", "cleric", "monk", "druid", "archer", "assassin", "berserker", "artificer"})


def _plain_subtype(word: str) -> bool:
    """A lower-case word read as a creature or basic land type ("island", "goblins") —
    but not one that is also plain English."""
    low = word.lower()
    if low in ENGLISH_WORDS or low.rstrip("s") in ENGLISH_WORDS:
        return False
    sub = vocabulary().subtype(word)
    return sub is not None and vocabulary().kind_of(sub) in ("creature", "land")


def _category(heads: list[str]) -> str:
    s = set(heads)
    if s <= {"player", "opponent"}:
        return "opponent" if s == {"opponent"} else "player"
    if "spell" in s:
        return "spell"
    if "card" in s:
        return "card"
    if "token" in s and len(s) == 1:
        return "token"
    if s & {"player", "opponent"}:
        return "mixed"
    return "permanent"


# --- targets -------------------------------------------------------------------------------
TARGET = re.compile(
    r"(?P<upto>up to )?(?P<n>one or two |one or more |one|two|three|four|five|six|seven|eight|"
    r"nine|ten|x|\d+|"
    r"any number of )?\s*"
    r"(?P<other>another |other )?target (?P<what>.+)", re.I)


ABILITY_TARGET = re.compile(r"target (activated or triggered ability|activated ability|triggered "
                            r"ability|spell or ability|spell, activated ability, or triggered "
                            r"ability|activated ability, triggered ability, or spell)")


@lru_cache(maxsize=4096)
def target_spec(text: str) -> TargetSpec:
    """One "target" phrase: "any target", "target creature an opponent controls",
    "up to two target creatures", "another target creature you control"."""
    raw = text.strip()
    low = raw.lower()
    if low in ("any target", "任意一个目标"):
        return TargetSpec("any", text="any target")
    if m := re.fullmatch(r"(.+?) from a single graveyard", raw, re.I):
        # the cards all in one graveyard, whichever the caster chooses
        spec = target_spec(m.group(1) + " from a graveyard")
        if spec.kind != "card":
            raise unread(raw, raw)
        return replace(spec, same_owner="single", text=raw)
    if m := re.fullmatch(r"(.+?) controlled by the same (player|opponent)", raw, re.I):
        # "two target creatures controlled by the same player": one controller for all
        spec = target_spec(m.group(1))
        if spec.kind != "object" or spec.count < 2:
            raise unread(raw, raw)
        f = replace(spec.filter, controller="opponent") if m.group(2).lower() == "opponent" \
            else spec.filter
        return replace(spec, filter=f, same_owner="same_controller", text=raw)
    if low in ("any other target", "another target") :
        return TargetSpec("any", Filter(other=True), text=raw)
    if low in ("target player", "目标牌手"):
        return TargetSpec("player", text="target player")
    if low in ("target opponent", "目标对手"):
        return TargetSpec("player", player="opponent", text="target opponent")
    if low in ("target player or planeswalker", "目标牌手或鹏洛客"):
        return TargetSpec("player_or_planeswalker", Filter(types=frozenset({"planeswalker"})),
                          text="target player or planeswalker")
    if low in ("target opponent or planeswalker",):
        return TargetSpec("player_or_planeswalker", Filter(types=frozenset({"planeswalker"})),
                          player="opponent", text=raw)
    if low in ("target creature or player", "target creature or planeswalker or player",
               "target creature, player, or planeswalker", "target player, planeswalker, or "
               "creature"):
        return TargetSpec("any", text=raw)
    if low in ("target spell or permanent", "目标咒语或永久物"):
        return TargetSpec("spell_or_permanent", Filter(), text="target spell or permanent")
    if m := ABILITY_TARGET.fullmatch(low):
        what = m.group(1)
        kind = {"activated or triggered ability": "ability", "activated ability":
                "activated_ability", "triggered ability": "triggered_ability"}.get(
                    what, "spell_or_ability")
        return TargetSpec(kind, Filter(), text=raw)
    m = TARGET.fullmatch(raw)
    if m:
        what = m.group("what")
        n = noun(what)
        count: int | str = 1
        at_least = 0
        if m.group("n"):
            word = m.group("n").strip().lower()
            if word in ("one or two", "one or more"):
                if m.group("upto"):
                    raise unread(raw, raw)
                at_least = 1
                word = "two" if word == "one or two" else "any number of"
            count = "any" if word.startswith("any number") else number(word)
        up_to = bool(m.group("upto")) or count == "any" or at_least > 0
        f = n.filter
        if m.group("other"):
            f = replace(f, other=True)
        if n.head in ("player", "opponent"):
            if count != 1:
                raise unread(raw, raw)
            return TargetSpec("player", player="opponent" if n.head == "opponent" else None,
                              count=1, text=raw)
        if n.head == "spell":
            return TargetSpec("spell", replace(f, zone="stack"), count=_count(count), up_to=up_to,
                              text=raw, at_least=at_least)
        if n.head == "card":
            zone = f.zone if f.zone not in ("card",) else "graveyard"
            if f.zone == "card":
                raise unread(raw, raw)
            return TargetSpec("card", replace(f, zone=zone), count=_count(count), up_to=up_to,
                              text=raw, at_least=at_least)
        if n.head == "mixed":
            raise unread(raw, raw)
        if f.zone not in ("battlefield",):
            raise unread(raw, raw)
        return TargetSpec("object", f, count=_count(count), up_to=up_to, text=raw,
                          at_least=at_least)
    m = re.fullmatch(r"目标(.+)", raw)
    if m:
        from judgebot.engine.text.phrases import parse_phrase_zh
        f = parse_phrase_zh(m.group(1))
        if f.zone == "stack":
            return TargetSpec("spell", f, text=raw)
        return TargetSpec("card" if f.zone == "graveyard" else "object", f, text=raw)
    raise Unsupported(msg("text.phrases.target_spec", raw=raw))


MAX_TARGETS = 20


X_TARGETS = -1  # "X target creatures": as many as the X announced for the spell (601.2b–c)


def _count(count: int | str) -> int:
    if count == "any":
        return MAX_TARGETS
    if count == "X":
        return X_TARGETS
    if isinstance(count, str):  # "up to X target creatures"
        raise Unsupported(msg("text.phrases.target_spec", raw=f"up to {count}"))
    return count


@dataclass
class Quantified:
    """A noun phrase with its quantifier: "each creature you control", "a creature",
    "two target creatures"."""

    quantifier: str  # target | each | all | a | N | self | it | ...
    noun: Noun | None = None
    spec: TargetSpec | None = None
    count: int | str = 1
    extra: dict[str, Any] = field(default_factory=dict)


QUANT = re.compile(r"(?P<q>each other|all other|each|all|another|other|an|a|one|two|three|four|"
                   r"five|six|seven|x|\d+)\s+(?P<rest>.+)", re.I)


def quantified(text: str) -> Quantified:
    """A noun phrase with a quantifier other than "target"."""
    t = text.strip()
    m = QUANT.fullmatch(t)
    if not m:
        n = noun(t)
        if n.plural:
            return Quantified("all", n)
        raise unread(t, t)
    q = m.group("q").lower()
    n = noun(m.group("rest"))
    if q in ("each other", "all other", "other", "another"):
        n = replace(n, filter=replace(n.filter, other=True))
        q = {"each other": "each", "all other": "all", "other": "all", "another": "a"}[q]
    count: int | str = 1
    if q in NUMBERS or q.isdigit() or q == "x":
        count = number(q)
        q = "a" if count == 1 else "n"
    return Quantified(q, n, count=count)


__all__ = ["Noun", "noun", "parse_phrase", "target_spec", "quantified", "Quantified",
           "CARD_TYPES", "unread"]
