"""A card with what is known about it: its record, its rulings and the rules
they concern, the rules its own text uses, and whether the engine can read
it. What ``judgebot card``, the card API and the card page share."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from judgebot.cardreading import engine_reading
from judgebot.corpus import EN, Record, label_of
from judgebot.rulelinks import RuleLinker
from judgebot.store import Store


@lru_cache(maxsize=4)
def rule_linker(store: Store) -> RuleLinker:
    """The rule linker over the store's current rules and glossary."""
    current = store.current_edition("mtg")
    return RuleLinker(store.records("mtg", "rule", current),
                      store.records("mtg", "glossary", current))


def card_rules(store: Store, card: Record) -> list[str]:
    """The rules a card's own text uses: its keywords (702.19 for trample),
    keyword actions, rule numbers and glossary terms, in order of mention
    (found when the store was built; found now for a card without them)."""
    if getattr(card, "uses", None) or card.edition == "oracle":
        return list(getattr(card, "uses", []))
    return [f.rule for f in rule_linker(store).card_uses(
        card.text.get(EN, ""), getattr(card, "mana_cost", "") or "",
        (getattr(card, "type_line", None) or {}).get(EN, ""))]


def rulings(store: Store, card: Record) -> list[Record]:
    """A card's rulings: its official (Oracle) rulings, then the release notes'
    rulings that are not one of them."""
    return store.get_many(card.rulings)


def describe(store: Store, card: Record) -> dict[str, Any]:
    """The card as data: its record, its rulings (each with the rules it
    concerns), the rules its text uses, and ``engine``: ``readable`` and the
    abilities it cannot read (``unread``)."""
    def ref(rid: str) -> dict[str, str]:
        rec = store.get(rid)
        return {"id": rid, "label": label_of(rec)} if rec is not None else {"id": rid}

    out = card.to_dict()
    out["rulings"] = [dict(r.to_dict(), rules=[ref(i) for i in r.rules])
                      for r in rulings(store, card)]
    out["rules"] = [ref(i) for i in card_rules(store, card)]
    out["engine"] = engine_reading(card).to_dict()
    return out
