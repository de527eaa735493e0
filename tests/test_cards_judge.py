"""The judge and the engine use the cards: names in questions, Oracle text and
rulings in answers, readable cards in simulations; the rules a text concerns."""

from __future__ import annotations

import pytest

from judgebot import corpus
from judgebot.cardinfo import card_rules
from judgebot.cardreading import read_card
from judgebot.judge.lexicon import Lexicon
from judgebot.rulelinks import RuleLinker, templates


@pytest.fixture(scope="module")
def lexicon(search_service):
    return Lexicon(search_service.store, search_service.pinyin)


def cards_in(lexicon, text):
    return [(text[s:e], t.value) for s, e, t in lexicon.find(text) if t.kind == "card"]


def test_card_names_in_a_question_in_either_language(lexicon):
    assert cards_in(lexicon, "does Rest in Peace stop Blood Artist?") == [
        ("Rest in Peace", "mtg:card:rest-in-peace"), ("Blood Artist", "mtg:card:blood-artist")]
    assert cards_in(lexicon, "闪电击打我的塔莫耶夫") == [
        ("闪电击", "mtg:card:lightning-bolt"), ("塔莫耶夫", "mtg:card:tarmogoyf")]
    assert cards_in(lexicon, "my opponent cast murder on my creature") == [
        ("murder", "mtg:card:murder")]


def test_a_name_of_ordinary_rules_words_counts_only_as_printed(lexicon):
    assert cards_in(lexicon, "I sacrifice a creature and exile a card") == []
    assert cards_in(lexicon, "they cast Sacrifice") == [("Sacrifice", "mtg:card:sacrifice")]


def test_a_legend_by_the_short_name_players_use_in_either_language(lexicon):
    assert cards_in(lexicon, "Ragavan connected, what now?") == [
        ("Ragavan", "mtg:card:ragavan-nimble-pilferer")]
    # The Chinese short name is the end of its Chinese name that the other
    # cards of the character confirm (幻法仙灵瓯柯 beside 窃冠瓯柯).
    assert cards_in(lexicon, "对手的瓯柯把我的生物变成麋鹿") == [
        ("瓯柯", "mtg:card:oko-thief-of-crowns")]
    # Several legends share "Oko": the one with the most rulings is meant.
    assert cards_in(lexicon, "Oko +1'd my creature") == [("Oko", "mtg:card:oko-thief-of-crowns")]


def test_a_short_name_that_is_an_ordinary_word_counts_only_as_printed(lexicon):
    assert cards_in(lexicon, "will it die?") == []


def test_a_card_by_the_first_word_of_its_name_when_written_as_a_name(lexicon):
    assert cards_in(lexicon, "my Baneslayer blocks their dragon") == [
        ("Baneslayer", "mtg:card:baneslayer-angel")]
    # An English first word ("entity", of Entity Tracker) is a word in lower case.
    assert cards_in(lexicon, "the entity wears a hat") == []


def test_a_card_name_used_as_a_verb_with_its_capital(lexicon):
    assert cards_in(lexicon, "I Shocked their creature, then Mind Controlled it") == [
        ("Shocked", "mtg:card:shock"), ("Mind Controlled", "mtg:card:mind-control")]
    assert cards_in(lexicon, "I was shocked by it") == []


def test_a_possessive_names_the_card(lexicon):
    assert cards_in(lexicon, "can I respond to Deathrite Shaman's ability?") == [
        ("Deathrite Shaman's", "mtg:card:deathrite-shaman")]


def test_a_keyword_name_is_the_keyword_not_a_card_of_that_name(lexicon):
    # 坚忍: an older Chinese name of persist, and the Chinese name of Endurance.
    found = [(t.kind, t.value.rsplit(":", 1)[-1]) for _, _, t in lexicon.find("会坚忍回来吗")]
    assert found == [("keyword", "persist")]


def test_casual_variant_cards_and_rules_words_are_no_card_names(lexicon):
    assert cards_in(lexicon, "Karn attacks with Gix") == []
    assert cards_in(lexicon, "牺牲一个生物") == []


def test_a_question_naming_a_card_brings_its_rulings(search_service):
    from judgebot.judge.service import Judge

    judge = Judge(search_service.store, search_service)
    answer = judge.ask("does Rest in Peace stop Blood Artist?")
    assert {e.value for e in answer.understanding.of("card")} == {
        "mtg:card:rest-in-peace", "mtg:card:blood-artist"}
    assert any(q.id.startswith("mtg:ruling:rest-in-peace:") for q in answer.rulings)


def test_a_card_the_engine_reads_goes_into_the_simulation(search_service):
    from judgebot.judge.service import Judge

    judge = Judge(search_service.store, search_service)
    assert judge.cards.base.get("Murder") is None  # not one of the engine's own cards
    assert judge.cards.get("Murder").source == "oracle"  # the corpus card, read from its text
    answer = judge.ask("I cast Murder on their Serra Angel")
    sim = answer.simulation
    assert sim is not None and sim["ok"], sim
    assert "card: Murder" in sim["scenario"]  # named: the card source finds it
    assert "Serra Angel" in sim["summary"]


# --- reading a card ---------------------------------------------------------------

def test_the_engine_reads_a_card_or_says_which_abilities_it_cannot(store):
    assert read_card(store.get("mtg:card:murder")).to_dict() == {"readable": True,
                                                                 "unread": []}
    assert read_card(store.get("mtg:card:blood-artist")).readable  # a dies trigger
    assert read_card(store.get("mtg:card:fire-ice")).readable  # a split card (709)
    assert read_card(store.get("mtg:card:copy-enchantment")).unread == [
        "You may have Copy Enchantment enter as a copy of any enchantment on the battlefield."]
    assert read_card(store.get("mtg:card:tarmogoyf")).unread == ["power/toughness */1+*"]


# --- the rules a text concerns ------------------------------------------------------

@pytest.fixture(scope="module")
def linker(store):
    current = store.current_edition("mtg")
    return RuleLinker(store.records("mtg", "rule", current),
                      store.records("mtg", "glossary", current)), current


def test_keywords_rule_numbers_and_glossary_terms_are_linked(linker):
    linked, current = linker
    found = linked.find("Trample applies; it mills two cards (see rule 704.5j) before "
                        "state-based actions are checked.")
    rule = lambda n: corpus.rule_id(n, current)  # noqa: E731
    assert [f.rule for f in found] == [rule("704.5j"), rule("702.19"), rule("701.17"),
                                       rule("704")]
    assert [f.how for f in found] == ["number", "keyword", "keyword", "term"]


def test_an_ordinary_word_is_a_keyword_only_on_a_card_that_has_it(linker):
    linked, current = linker
    text = "You may support the creature you control."
    support = corpus.rule_id("701.41", current)
    assert support not in [f.rule for f in linked.find(text, own=set())]
    assert support in [f.rule for f in linked.find(text, own={support})]


def test_everyday_verbs_are_never_linked(linker):
    linked, current = linker
    found = [f.rule for f in linked.find("Cast it, then create a token and reveal a card.")]
    assert corpus.rule_id("701.5", current) not in found  # cast
    assert corpus.rule_id("701.7", current) not in found  # create


def test_every_oracle_template_links_a_rule_of_the_current_edition(store):
    current = store.current_edition("mtg")
    for template in templates():
        assert store.rule(template.rule, game="mtg") is not None, template.rule
        assert store.rule(template.rule, game="mtg").edition == current


@pytest.mark.parametrize("card, rule", [
    ("dismember", "107.4f"),  # {1}{B/P}{B/P}: Phyrexian mana
    ("electrolyze", "601.2d"),  # "divided as you choose"
    ("llanowar-elves", "605.1a"),  # "{T}: Add {G}."
    ("walking-ballista", "107.3m"),  # "enters with X +1/+1 counters"
    ("jace-the-mind-sculptor", "606.3"),  # loyalty abilities
    ("jace-the-mind-sculptor", "704.5j"),  # Legendary
    ("control-magic", "613.1b"),  # "You control enchanted creature."
    ("turn-to-frog", "613.1f"),  # "loses all abilities"
    ("blood-moon", "305.7"),  # "Nonbasic lands are Mountains."
    ("spark-double", "707.9"),  # "a copy of … except"
    ("counterspell", "701.6a"),
])
def test_a_cards_templates_link_the_rules_that_read_them(store, card, rule):
    rec = store.get(f"mtg:card:{card}")
    assert store.rule(rule, game="mtg").id in card_rules(store, rec)


def test_reminder_text_brings_no_template_of_its_own(linker):
    linked, current = linker
    # Rebound's reminder text says "without paying its mana cost"; the card does not.
    found = linked.card_uses("Exile target creature. Rebound (If you cast this spell from "
                             "your hand, exile it as it resolves. At the beginning of your "
                             "next upkeep, you may cast this card from exile without paying "
                             "its mana cost.)", "{W}", "Instant")
    assert corpus.rule_id("118.9", current) not in [f.rule for f in found]
    assert corpus.rule_id("702.88", current) in [f.rule for f in found]  # rebound, by name


@pytest.mark.parametrize("question, situation, deciding", [
    # Wurmcoil Engine: "When this creature dies, ..." — exiled is not dying.
    ("对手用化剑为犁放逐了我的亚龙卷引擎，能拿到衍生物吗", "dies-trigger-not-died", "700.4"),
    # Hangarback Walker counts its counters as it last existed.
    ("Hangarback Walker with 3 counters gets destroyed, how many thopters?",
     "dies-trigger-last-known", "603.10a"),
    # Deathrite Shaman's mana ability has a target, so it is no mana ability.
    ("Can I respond to Deathrite Shaman's ability?", "targeted-mana-ability", "605.5a"),
    # Wild Growth: a triggered mana ability.
    ("Can they respond to Wild Growth's trigger by destroying it?", "triggered-mana-ability",
     "605.1b"),
    # Chandra, Torch of Defiance's +1 adds mana but is a loyalty ability.
    ("Is Chandra, Torch of Defiance's +1 a mana ability?", "loyalty-mana-not-mana-ability",
     "605.1a"),
    # Spark Double copies "except it isn't legendary".
    ("If Spark Double copies my legend, does the legend rule apply?", "copy-with-exception",
     "707.9b"),
    # Rest in Peace replaces dying, so undying never triggers.
    ("Does undying on Strangleroot Geist work with Rest in Peace out?",
     "replaced-event-never-happens", "614.6"),
])
def test_a_named_cards_text_tells_what_the_question_is_about(search_service, question, situation,
                                                             deciding):
    from judgebot.judge.service import Judge

    judge = Judge(search_service.store, search_service)
    answer = judge.ask(question)
    found = {e.value: e for e in answer.understanding.entities if e.kind == "situation"}
    assert situation in found and found[situation].how in ("card", "card+words")
    assert found[situation].text == ""  # no words of the question name it
    assert deciding in [r.label.removeprefix("CR ") for r in answer.rules[:5]]
