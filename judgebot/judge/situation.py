"""Turning a question that describes a combat into a scenario the engine can run.

Only what the question states is used: creatures with a stated power and
toughness (``3/3``) or named cards from the engine's pool, their keywords,
whose they are ("my", "their", "对手的"), who attacks, who blocks whom, who is
unblocked, a life total the asker states, and a spell cast during the fight.
Nothing is invented, and nothing stated is dropped: a question that describes
no such combat builds no scenario, and neither does one that states what this
reading cannot place in a scenario (cards in a graveyard, a negative life
total, a loyalty ability activated, more creatures than it found, a creature
with neither a name nor a size); the answer then rests on the retrieved rules
alone, rather than on a simulation of another game. Damage
assignment among several blockers is left to the engine, which reports an
open choice as such rather than deciding it.

The players are "You" (the asker) and "Opponent". The result is a scenario in
format v0 (DESIGN.md §6), shown to the reader so they can correct and rerun it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from judgebot.cardreading import read_card
from judgebot.engine.scenario import inline_card
from judgebot.judge.understand import Understanding

YOU, OPPONENT = "You", "Opponent"
# Keywords the engine understands on a generic creature (English names).
COMBAT_KEYWORDS = {
    "trample", "deathtouch", "lifelink", "first strike", "double strike", "flying", "reach",
    "indestructible", "menace", "vigilance", "haste", "defender", "infect", "wither",
    "hexproof", "shroud", "flanking", "shadow", "intimidate", "fear", "skulk",
}
# Who a card named in the question belongs to, from the words just before it:
# "my 3/3", "their Bridge", "my opponent controls Ensnaring Bridge", "I cast …".
# (One sacrifices only what one controls.)
HAS = (r"(?:\s+(?:controls?|has|have|had|plays?|played|casts?|resolved|resolves|gets?|got"
       r"|sacrifices?|sacrificed|sacs?|sac'd"
       r"|(?:is |are )?(?:controlling|playing|casting)))?")
MINE = re.compile(r"(?:\bmy\b|\bi\b" + HAS
                  + r"|\bi'm\b|我(?:场上)?(?:操控着?|控制着?|有)?的?|我方)\s*$")
THEIRS = re.compile(r"(?:\btheir\b|\bopponent'?s?\b" + HAS + r"|\b(?:he|she|they)\b" + HAS
                    + r"|\bhis\b|\bher\b|(?:对手|对面|对方)(?:场上)?(?:操控着?|控制着?|有)?的?|"
                    r"他的)\s*$")
BLOCKED_BY = re.compile(r"blocked\s+by|chump[- ]blocked\s+by|被|遭到")
BLOCK_WORD = re.compile(r"\bblocks?\b|\bblocking\b|阻挡|挡住|挡下|拦住")
WITH = re.compile(r"\bwith\b|用")
UNBLOCKED = re.compile(r"unblocked|(?:isn'?t|is not|wasn'?t|not|aren'?t|are not) blocked|"
                       r"没(?:有)?被(?:阻挡|挡住|挡)|未被(?:阻挡|挡住)|没(?:有)?被拦|"
                       r"hits (?:me|them|the player)|connects|打到(?:我|对手|玩家)")
BLOCKS_IT = re.compile(r"\bblocks? (?:it|them|him|her|that creature)\b"
                       r"|(?:阻挡|挡住)了?(?:它|他|牠)")
HITS_ME = re.compile(r"hits me|attacks me|connects|打我|打到我|攻击我")
EMPTY_LIBRARY = re.compile(r"library is empty|empty library|no cards (?:left )?in (?:my|your) "
                           r"library|牌库(?:已经)?(?:为)?空|空(?:的)?牌库|牌库(?:里)?没(?:有)?牌")
ATTACK = re.compile(r"\battack(?:s|ing|ed)?\b|攻击|进攻")
CAST = re.compile(r"\bcast(?:s|ing)?\b|施放|使用|\bplay(?:s|ed)?\b")
LIFE_YOU = re.compile(r"(?:i'?m|i am|i'm at|me at|i have|i was)\s+(?:at\s+)?(\d{1,3})\s*(?:life)?|"
                      r"我(?:只)?(?:剩|在|有)\s*(\d{1,3})\s*[点點](?:生命)?")
LIFE_THEM = re.compile(r"(?:they'?re|opponent is|they are)\s+(?:at\s+)?(\d{1,3})\s*life|"
                       r"对手(?:只)?(?:剩|在|有)\s*(\d{1,3})\s*[点點]")
COUNTS = {"two": 2, "three": 3, "两个": 2, "两只": 2, "二个": 2, "三个": 3, "三只": 3, "两": 2}
CLAUSE = re.compile(r"[,，。;；?？!！:：]|\.(?=\s|$)")
# "and" that starts another creature ("a 3/3 and a 2/2"), not another keyword.
NEXT_ITEM = re.compile(r"\band\s+(?:a|an|the|my|their|his|her|one|two|\d)\b"
                       r"|[和与及]\s*(?:一|两|\d)")
NEGATED = re.compile(r"(?:without|no|not|doesn'?t have|don'?t have|lacks?|没有|没|无|不具有|不具)"
                     r"\s*$")
INDEFINITE = re.compile(r"(?:\ba\b|\ban\b|another|second|\bmy\b|\btheir\b|\bone\b|一个|一只|另一个|"
                        r"另一只|我的|对手的|两个|两只)\s*$")
DEFINITE = re.compile(r"(?:\bthe\b|\bthat\b|那个|那只|该|这个)\s*$")
# What a question may state that this reading cannot put into a scenario.
UNPLACEABLE = (
    # the contents of a graveyard
    re.compile(r"\bgraveyards? (?:has|have|holds?|contains?|is empty|are empty)\b|"
               r"\b(?:cards?|creatures?|lands?|instants?|sorcer\w+|artifacts?|enchantments?) in "
               r"(?:my|his|her|their|the|your|all|both|each) (?:graveyards?|yards?)\b|"
               r"(?:坟墓场|墳墓場)(?:里|裡|中)?(?:有|只有|没有)"),
    # a life total below zero
    re.compile(r"(?:\bat|\bto|剩|在)\s*[-−]\s*\d"),
    # a loyalty ability ("use her -2", "+1 him")
    re.compile(r"(?:^|[\s(（“\"'])[+\-−]\d+(?![/\d])(?!\s*/)"),
    # a card in a hand, or one a player discards
    re.compile(r"\bdiscard|\bin (?:my|his|her|their|your) hand\b"
               r"|手(?:里|裡|上)的|手牌(?:中|里|裡)的|弃(?:掉|置)?"),
    # counters put on as an action of the question (it only reads counters a creature has)
    re.compile(r"\bput(?:s|ting)? (?:\w+ ){0,2}[+\-−]\d/[+\-−]\d counters? on\b"
               r"|放(?:上|置)?(?:一|两|兩|二|三|四|\d)?(?:个|個)?[+\-−]\d/[+\-−]\d指示物"),
    # a permanent sacrificed (this reading never sacrifices one)
    re.compile(r"\bsacrific|\bsac(?:s|'d|ed)?\b|牺牲|犧牲"),
    # a creature with neither a name nor a size ("Worship and a creature")
    re.compile(r"\b(?:i|we) (?:have|control)\b[^.?]*\b(?:a|an|one|another) (?:other )?creature\b"
               r"(?!\s*(?:card|spell))|\band (?:a|an|one|another) (?:other )?creature\b"
               r"(?!\s*(?:card|spell))|我(?:场上|場上)?(?:还)?有[^，,。？?]{0,10}(?:一个|一只|一隻)生物"),
)
ANOTHER = re.compile(r"(?:\banother|\bsecond|\bother|\btwo|\bboth|另一|第二|两)\w*\s*$")
RESPONSE = re.compile(r"\bin response\b|\brespond|回应|回應|响应|響應")
# "two other creatures", "三个生物", "两个系命的2/2": how many creatures are stated.
STATED_COUNT = re.compile(
    r"\b(?P<n>two|three|four|five|six|\d)\s+(?P<other>other\s+)?(?:[a-z-]+\s+){0,2}"
    r"(?:creatures|(?P<pt>\d+/\d+)s)\b|"
    r"(?P<zn>两|二|三|四|五|六)(?:个|只|隻|個)(?P<zother>其他的?|别的)?[^，,。？?]{0,6}?"
    r"(?:生物|(?P<zpt>\d+/\d+))")
NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "两": 2, "二": 2, "三": 3,
           "四": 4, "五": 5, "六": 6}


@dataclass
class Mention:
    start: int
    end: int
    pt: str | None = None
    card: str | None = None  # English name of a card of the engine's pool or the corpus
    spec: dict | None = None  # a corpus card as a scenario object (the pool lacks it)
    spell: bool = False
    keywords: list[str] = field(default_factory=list)
    owner: str | None = None
    role: str | None = None  # attacker | blocker
    blocks: Mention | None = None
    count: int = 1
    names: list[str] = field(default_factory=list)


@dataclass
class Situation:
    attackers: list[Mention]
    blockers: list[Mention]
    scenario: dict
    yaml: str
    notes: list[str]


def build(u: Understanding, records, pool=None) -> Situation | None:
    """A scenario for a question that describes a combat, a spell on the table or a
    step with an empty library, else None."""
    text = u.text.lower()
    mentions = _mentions(u, records, pool)
    creatures = _first_mentions(text, [m for m in mentions if not m.spell])
    # A spell named again ("when Giant Growth wears off") is the same spell.
    first: dict[str | None, Mention] = {}
    for m in mentions:
        if m.spell:
            first.setdefault(m.card, m)
    spells = list(first.values())
    if len(creatures) > 5 or not (creatures or spells) or _unplaceable(text, creatures) or (
            RESPONSE.search(text) and len(spells) < 2):  # a response it did not read
        return None
    _owners(text, creatures)
    if creatures and any(m.pt or m.card for m in creatures) and _roles(text, creatures) and \
            any(m.role == "attacker" for m in creatures):
        return _combat(u, text, creatures, spells)
    step = _step(u)
    empty = EMPTY_LIBRARY.search(text) is not None
    if spells or (step and (empty or creatures)):
        return _on_the_table(u, text, creatures, spells, step, empty)
    return None


def _combat(u: Understanding, text: str, creatures: list[Mention], spells: list[Mention]
            ) -> Situation | None:
    attackers = [m for m in creatures if m.role == "attacker"]
    blockers = [m for m in creatures if m.role == "blocker"]
    life = _life(text)
    if YOU in life and OPPONENT not in life and not any(m.owner for m in attackers + blockers):
        for m in attackers:  # the asker worries about their own life: they are attacked
            m.owner = OPPONENT
    _sides(attackers, blockers)
    for m in creatures:
        if m.role == "bystander" and m.owner is None:
            m.owner = YOU
    active = attackers[0].owner
    defender = OPPONENT if active == YOU else YOU
    _name(creatures)
    actions: list[dict] = [{"attack": {n: defender for m in attackers for n in m.names}}]
    block = {}
    for m in blockers:
        target = m.blocks or attackers[0]
        for name in m.names:
            block[name] = target.names[0]
    if block:
        actions.append({"block": block})
    hand: dict[str, list[str]] = {}
    for spell in spells:
        cast = _cast(text, spell, creatures, active)
        hand.setdefault(cast["player"], []).append(spell.spec or spell.card)
        after_blocks = bool(block) and spell.start > min(m.start for m in blockers)
        actions.insert(len(actions) if after_blocks else 0, {"cast": cast})
    actions.append({"pass": {"until": "end_of_combat"}})
    note = (f"{YOU} is the one asking; {active} attacks"
            + (f", life as stated: {life}" if life else ", each player at 20 life") + ".")
    return _situation(u, [active, defender], creatures, hand, actions, life, {}, [note],
                      attackers, blockers)


def _on_the_table(u: Understanding, text: str, creatures: list[Mention],
                  spells: list[Mention], step: str | None, empty: bool) -> Situation:
    """No combat: spells cast in the order told, or the game run to a named step."""
    for m in creatures:
        m.role = m.role or "bystander"
    targets = set()
    for spell in spells:
        named = [m for m in creatures if spell.end <= m.start < _clause_end(text, spell.end)]
        if named and named[0].owner is None:
            targets.add(id(named[0]))
    for m in creatures:
        if m.owner is None:  # a spell's target that nobody owns is the opponent's
            m.owner = OPPONENT if id(m) in targets else YOU
    _name(creatures)
    hand: dict[str, list[str]] = {}
    actions: list[dict] = []
    for spell in spells:
        cast = _cast(text, spell, creatures, YOU)
        hand.setdefault(cast["player"], []).append(spell.spec or spell.card)
        actions.append({"cast": cast})
    if step:
        actions.append({"pass": {"until": step}})
    else:
        actions.append({"pass": {"until": "stack_empty"}})
    library = {YOU: []} if empty else {}
    life = _life(text)
    notes = [f"{YOU} is the one asking and the active player"
             + (f"; life as stated: {life}" if life else "") + "."]
    if empty:
        notes.append(f"{YOU}r library is empty, as the question says.")
    # An empty library is drawn from in the draw step, so the game starts before it.
    turn = {"active": YOU, "step": "upkeep"} if step == "draw" else None
    return _situation(u, [YOU, OPPONENT], creatures, hand, actions, life, library, notes,
                      [], [], turn)


def _situation(u, players, creatures, hand, actions, life, library, notes, attackers,
               blockers, turn=None) -> Situation:
    scenario: dict = {"title": f"Question: {u.question[:80]}", "players": players}
    if life:
        scenario["life"] = life
    if turn:
        scenario["turn"] = turn
    battlefield: dict[str, list] = {p: [] for p in players}
    for m in creatures:
        for name in m.names:
            battlefield[m.owner].append(_object(m, name))
    scenario["battlefield"] = battlefield
    if hand:
        scenario["hand"] = hand
    if library:
        scenario["library"] = library
    scenario["actions"] = actions
    text_yaml = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)
    return Situation(attackers, blockers, scenario, text_yaml, notes)


def _first_mentions(text: str, creatures: list[Mention]) -> list[Mention]:
    """A card named again ("Benalish Cavalry … my Cavalry") is the same
    creature, unless the question says it is another one."""
    kept: list[Mention] = []
    for m in creatures:
        again = m.card and any(k.card == m.card for k in kept)
        if again and not ANOTHER.search(text[max(0, m.start - 12):m.start]):
            continue
        kept.append(m)
    return kept


def _unplaceable(text: str, creatures: list[Mention]) -> bool:
    """The question states something a scenario built from this reading would
    leave out (see :data:`UNPLACEABLE`), or more creatures than it found."""
    if any(p.search(text) for p in UNPLACEABLE):
        return True
    for m in STATED_COUNT.finditer(text):
        word = m.group("n") or m.group("zn")
        stated = (int(word) if word.isdigit() else NUMBERS[word]) + (
            1 if m.group("other") or m.group("zother") else 0)
        pt = m.group("pt") or m.group("zpt")
        found = sum(c.count for c in creatures if (c.pt == pt if pt else c.role != "bystander"))
        if found < stated:
            return True
    return False


def _step(u: Understanding) -> str | None:
    steps = [e.value for e in u.entities if e.kind == "step"]
    return steps[0] if steps else None


# --- reading the question ------------------------------------------------------------


def _mentions(u: Understanding, records, pool) -> list[Mention]:
    mentions: list[Mention] = []
    for e in u.entities:
        if e.kind == "pt":
            mentions.append(Mention(e.start, e.end, pt=e.value))
        elif e.kind == "card" and pool is not None:
            card, spec = _pool_card(e, records, pool)
            if card is None:
                continue
            types = {t.lower() for t in card.types}
            creature = "creature" in types
            spell = bool({"instant", "sorcery"} & types)
            permanent = not creature and not spell
            prev = mentions[-1] if mentions else None
            gap = u.text[prev.end:e.start] if prev else ""
            if prev and prev.pt and not prev.card and creature and len(gap.strip()) <= 1:
                prev.card, prev.spec, prev.end = card.name, spec, e.end  # "their 2/3 Tarmogoyf"
            else:
                mentions.append(Mention(e.start, e.end, card=card.name, spell=spell,
                                        role="bystander" if permanent else None, spec=spec))
    mentions.sort(key=lambda m: m.start)
    mentions = _resolve_references(u.text.lower(), mentions)
    creatures = [m for m in mentions if not m.spell]
    for e in u.entities:
        if e.kind != "keyword":
            continue
        name = _keyword(e, records)
        if name is None or NEGATED.search(u.text[max(0, e.start - 12): e.start].lower()):
            continue
        owner = _nearest(u.text, e.start, [m for m in creatures if m.role != "bystander"])
        if owner is not None and name not in owner.keywords:
            owner.keywords.append(name)
    for m in creatures:
        before = u.text[max(0, m.start - 6): m.start].lower().strip()
        for word, n in COUNTS.items():
            if before.endswith(word) or before.endswith(word + " "):
                m.count = n
                break
        after = u.text[m.end: m.end + 2].lower()
        if m.pt and after.startswith("s") and m.count == 1 and re.search(r"\btwo\b|\bthree\b",
                                                                           before):
            m.count = 2 if "two" in before else 3
    return mentions


def _resolve_references(text: str, mentions: list[Mention]) -> list[Mention]:
    """"the 2/2" after "a 2/2" names the same creature: keep one mention of it
    (the first), and remember where it was referred to again."""
    kept: list[Mention] = []
    for m in mentions:
        same = next((k for k in kept if k.pt == m.pt and k.card == m.card and not k.spell), None)
        before = text[max(0, m.start - 8): m.start]
        if same is not None and (DEFINITE.search(before) or not INDEFINITE.search(before)):
            same.names.append(f"@{m.start}")  # a reference point, removed by _name
            continue
        kept.append(m)
    return kept


def _pool_card(e, records, pool):
    """The engine's card for a card the question names: from its own pool (by any
    of the card's names), else the corpus card as a scenario object, when the
    engine can read its Oracle text. ``(card, object or None)``, or ``(None, None)``."""
    rec = records.get(e.value) if records is not None else None
    names = [e.text]
    if rec is not None:
        names += list(getattr(rec, "name", {}).values())
    for name in names:
        card = pool.get(name)
        if card is not None:
            return card, None
    if rec is None or rec.kind != "card":
        return None, None
    reading = read_card(rec)
    if not reading.readable:
        return None, None
    return reading.card or inline_card(reading.spec, None), reading.spec


def _keyword(entity, records) -> str | None:
    rec = records.get(entity.value)
    if rec is None:
        return None
    name = (rec.term.get("en") or "").lower()
    return name if name in COMBAT_KEYWORDS else None


def _nearest(text: str, at: int, creatures: list[Mention]) -> Mention | None:
    """The creature a keyword at ``at`` describes: the one before it in the same
    clause, or else the first one after it in the same clause."""
    owner = None
    for m in creatures:
        if m.start <= at and not _breaks(text, m.end, at):
            owner = m
    if owner is None:
        following = [m for m in creatures if m.start > at and not _breaks(text, at, m.start)]
        owner = following[0] if following else None
    return owner


def _breaks(text: str, a: int, b: int) -> bool:
    between = text[a:b].lower()
    return bool(CLAUSE.search(between) or BLOCKED_BY.search(between)
                or BLOCK_WORD.search(between) or NEXT_ITEM.search(between))


def _owners(text: str, creatures: list[Mention]) -> None:
    for m in creatures:
        before = text[max(0, m.start - 30): m.start]
        before = CLAUSE.split(before)[-1]
        before = re.sub(r"\b(?:a|an|the|one|two|three)\b|一个|两个|一只|两只", " ", before)
        before = re.sub(r"\s+", " ", before)
        if THEIRS.search(before.strip()) or THEIRS.search(before):
            m.owner = OPPONENT
        elif MINE.search(before.strip()) or MINE.search(before):
            m.owner = YOU


def _roles(text: str, creatures: list[Mention]) -> bool:
    """Mark attackers and blockers from the words between the creatures."""
    unblocked: set[int] = set()
    for i, m in enumerate(creatures):
        clause_end = _clause_end(text, m.end)
        after = text[m.end:clause_end]
        before = text[_clause_start(text, m.start): m.start]
        if UNBLOCKED.search(after) or re.search(r"unblocked\s*$", before):
            m.role = "attacker"
            unblocked.add(id(m))
        nxt = creatures[i + 1] if i + 1 < len(creatures) else None
        between = text[m.end: nxt.start] if nxt else ""
        if i > 0 and BLOCKS_IT.search(after if nxt is None else between):
            m.role, m.blocks = "blocker", creatures[i - 1]  # "…and their 2/2 blocks it"
            creatures[i - 1].role = creatures[i - 1].role or "attacker"
            continue
        if nxt is None:
            continue
        if BLOCKED_BY.search(between):
            m.role = m.role or "attacker"
            nxt.role, nxt.blocks = "blocker", m
        elif BLOCK_WORD.search(between) and not WITH.search(between):
            if BLOCK_WORD.search(before) and WITH.search(before):
                continue
            m.role, m.blocks = "blocker", nxt  # "my 2/2 blocks their 1/1"
            nxt.role = nxt.role or "attacker"
        elif WITH.search(between) and BLOCK_WORD.search(before + between):
            nxt.role, nxt.blocks = "blocker", m  # "I block the 2/2 with my 3/3"
            m.role = m.role or "attacker"
    for m in creatures:
        if m.role is None:
            context = text[_clause_start(text, m.start): _clause_end(text, m.end)]
            if ATTACK.search(context):
                m.role = "attacker"
    roles = [m.role for m in creatures]
    if roles.count(None) == 1 and len(creatures) == 2:
        other = next(m for m in creatures if m.role is not None)
        lone = next(m for m in creatures if m.role is None)
        if id(other) not in unblocked:  # nobody blocks what the question says is unblocked
            lone.role = "blocker" if other.role == "attacker" else "attacker"
            if lone.role == "blocker":
                lone.blocks = other
    # "the other one" left unassigned among several attackers stays an attacker.
    for m in creatures:
        if m.role is None and m.card:
            m.role = "bystander"  # a named card the fight happens beside ("I have X")
        after = text[m.end:_clause_end(text, m.end)]
        if m.role == "attacker" and m.owner is None and HITS_ME.search(after):
            m.owner = OPPONENT
    return all(m.role for m in creatures)


def _sides(attackers: list[Mention], blockers: list[Mention]) -> None:
    """Fill in unknown owners: attackers share a side, blockers take the other."""
    attack_side = next((m.owner for m in attackers if m.owner), None)
    block_side = next((m.owner for m in blockers if m.owner), None)
    if attack_side is None:
        attack_side = OPPONENT if block_side == YOU else YOU
    if block_side is None or block_side == attack_side:
        block_side = OPPONENT if attack_side == YOU else YOU
    for m in attackers:
        m.owner = attack_side
    for m in blockers:
        m.owner = block_side


def _name(creatures: list[Mention]) -> None:
    used: dict[str, int] = {}
    for m in creatures:
        m.names = []
        for _ in range(m.count):
            base = m.card or f"{m.pt} {' '.join(m.keywords)}".strip()
            used[base] = used.get(base, 0) + 1
            m.names.append(base if used[base] == 1 else f"{base} #{used[base]}")


def _object(m: Mention, name: str) -> dict | str:
    if m.spec is not None:  # a corpus card, described for the engine
        obj = dict(m.spec, name=name)
        if m.keywords:
            obj["keywords"] = list(m.keywords)
        return obj
    if m.card and not m.keywords and not m.pt:
        return m.card if name == m.card else {"name": name, "card": m.card}
    if m.card:
        return m.card
    obj: dict = {"name": name, "creature": m.pt}
    if m.keywords:
        obj["keywords"] = list(m.keywords)
    return obj


def _cast(text: str, spell: Mention, creatures: list[Mention], active: str) -> dict | None:
    before = text[_clause_start(text, spell.start): spell.start]
    caster = OPPONENT if THEIRS.search(before) or re.search(r"\bthey\b|对手", before) else YOU
    target = None
    clause_end = _clause_end(text, spell.end)
    after = text[spell.end: clause_end]
    named = [m for m in creatures if spell.end <= m.start < clause_end]
    if named and (re.search(r"^\s*(?:on|targeting|at|to|against)?\s*(?:their|my|his|her|the|a|"
                            r"an|opponent'?s?)?\s*$", text[spell.end: named[0].start])
                  or re.search(r"对|打|指定", text[spell.end: named[0].start])):
        target = named[0]
    elif re.search(r"\b(?:on|targeting|at) it\b|(?:对|给)它", after):
        # "I cast it on it": the caster's own creature, the latest one named.
        earlier = [m for m in creatures if m.start < spell.start]
        own = [m for m in earlier if m.owner == caster]
        target = (own or earlier or [None])[-1]
    cast: dict = {"player": caster, "card": spell.card}
    if target is not None:
        cast["targets"] = [target.names[0]]
    elif (player := _player_target(text[_clause_start(text, spell.start): clause_end],
                                   caster)) is not None:
        cast["targets"] = [player]
    return cast


# A player a spell is aimed at, in the words of its clause: "target him with
# Thoughtseize", "Thoughtseize my opponent", "对对手施放", "指定我自己".
AT_THEM = re.compile(r"\b(?:target(?:s|ing|ed)?|at|on|hit(?:ting)?)\s+(?:him|her|them|my opponent|"
                     r"the opponent|opponent|opp)\b|\b(?:him|her|them)\s+with\b|"
                     r"(?:对|指定|打)(?:我的)?(?:对手|他|她)(?!的)")
AT_ME = re.compile(r"\b(?:target(?:s|ing|ed)?|at|on)\s+(?:me|myself)\b|\bmyself\s+with\b|"
                   r"(?:对|指定)(?:我自己|自己)")


def _player_target(clause: str, caster: str) -> str | None:
    """The player the clause aims the spell at, if it names one."""
    them = AT_THEM.search(clause) is not None
    me = AT_ME.search(clause) is not None
    if them == me:
        return None
    other = OPPONENT if caster == YOU else YOU
    return other if them else caster


def _life(text: str) -> dict[str, int]:
    life = {}
    m = LIFE_YOU.search(text)
    if m:
        life[YOU] = int(next(g for g in m.groups() if g))
    m = LIFE_THEM.search(text)
    if m:
        life[OPPONENT] = int(next(g for g in m.groups() if g))
    return life


def _clause_start(text: str, at: int) -> int:
    starts = [m.end() for m in CLAUSE.finditer(text, 0, at)]
    return starts[-1] if starts else 0


def _clause_end(text: str, at: int) -> int:
    m = CLAUSE.search(text, at)
    return m.start() if m else len(text)
