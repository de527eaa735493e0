"""Understanding judge calls: language, script and the things a question names."""

from __future__ import annotations

import pytest

from judgebot.corpus import current_cr
from judgebot.judge.lexicon import Lexicon
from judgebot.judge.situations import section_record
from judgebot.judge.understand import language_of, understand

CURRENT = current_cr()


@pytest.fixture(scope="module")
def lexicon(search_service):
    return Lexicon(search_service.store, search_service.pinyin)


def kinds(u, kind):
    return [(e.text, e.value) for e in u.entities if e.kind == kind]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("does trample work?", ("en", None)), ("践踏怎么用？", ("zh", "Hans")),
     ("踐踏怎麼用？", ("zh", "Hant")), ("我的trample生物被阻挡了", ("mixed", "Hans")),
     ("？？？", ("none", None)), ("", ("none", None))],
)
def test_language_and_script(text, expected):
    assert language_of(text) == expected


def test_keywords_in_english(lexicon):
    u = understand("a deathtouch creature with trample is blocked", lexicon)
    assert {v for _, v in kinds(u, "keyword")} == {
        f"mtg:glossary:{CURRENT}:deathtouch", f"mtg:glossary:{CURRENT}:trample"}


def test_english_keyword_inside_chinese(lexicon):
    u = understand("我的trample生物被阻挡了", lexicon)
    assert kinds(u, "keyword") == [("trample", f"mtg:glossary:{CURRENT}:trample")]


def test_misspelt_keyword_is_linked_and_reported(lexicon):
    u = understand("is tramble affected by protection?", lexicon)
    assert u.corrections == {"tramble": "trample"}
    assert any(e.value.endswith(":trample") and e.how == "misspelt" for e in u.entities)


def test_ordinary_words_are_not_corrected(lexicon):
    u = understand("does lifelink save me if i go to 0 at the same time?", lexicon)
    assert u.corrections == {}


def test_rule_numbers(lexicon):
    u = understand("how does rule 702.19b interact with 510.1c?", lexicon)
    assert [v for _, v in kinds(u, "rule")] == ["702.19b", "510.1c"]


def test_quantities_are_not_rule_numbers(lexicon):
    assert kinds(understand("I have 100 life and 20 cards", lexicon), "rule") == []


def test_power_toughness_and_counters(lexicon):
    u = understand("my 3/3 with two +1/+1 counters blocks a 2/2", lexicon)
    assert [v for _, v in kinds(u, "pt")] == ["3/3", "2/2"]
    assert [v for _, v in kinds(u, "counter")] == ["+1/+1"]


def test_chinese_counters_steps_and_players(lexicon):
    u = understand("对手在我的维持步骤移去一个计时指示物", lexicon)
    assert ("对手", "opponent") in kinds(u, "player")
    assert kinds(u, "step") == [("维持步骤", "upkeep")]
    assert kinds(u, "counter") == [("计时指示物", "time")]


def test_traditional_question_is_folded(lexicon):
    u = understand("對手在我的維持步驟", lexicon)
    assert kinds(u, "step") == [("维持步骤", "upkeep")]


def test_zones(lexicon):
    u = understand("can I respond when it goes to the graveyard from the battlefield?", lexicon)
    assert {v for _, v in kinds(u, "zone")} == {"graveyard", "battlefield"}


def test_another_game_is_recognised(lexicon):
    assert understand("游戏王的连锁怎么处理？", lexicon).other_game == "yugioh"
    assert understand("how does trample work?", lexicon).other_game is None


def test_every_situation_points_at_existing_current_rules(lexicon, by_id, store):
    for situation in lexicon.situations:
        assert situation.rules, situation.name
        for number in situation.rules:
            if number.startswith(("IPG ", "MTR ")):  # a section of a tournament document
                rec = section_record(store, number)
                assert rec is not None, (situation.name, number)
                assert rec.edition == store.current_edition("mtg", rec.kind), (situation.name,
                                                                               number)
            else:
                assert f"mtg:cr:{CURRENT}:{number}" in by_id, (situation.name, number)


def test_situation_names_and_message_codes_are_each_defined_once():
    import re

    from judgebot.judge.situations import DATA
    from judgebot.messages import CATALOGUE

    names = re.findall(r"^- name: (\S+)$", DATA.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(names) == len(set(names))
    for path in CATALOGUE.glob("*.yaml"):
        codes = re.findall(r"^([\w.-]+):\s*$", path.read_text(encoding="utf-8"), re.MULTILINE)
        assert len(codes) == len(set(codes)), path.name


def test_a_tournament_situation_is_decided_by_its_section_first(lexicon):
    tournament = [s for s in lexicon.situations if s.tournament]
    assert len(tournament) >= 30
    assert {s.rules[0] for s in tournament} >= {f"IPG {n}" for n in (
        "2.1", "2.2", "2.3", "2.4", "2.5", "3.2", "3.3", "3.4", "3.5", "3.8", "4.4", "4.8")}


def test_every_situation_with_an_answer_has_it_in_both_languages(lexicon):
    from judgebot.messages import catalogue, fields

    entries = catalogue()
    for situation in lexicon.situations:
        if situation.answer:
            entry = entries[situation.code]
            assert fields(entry["en"]) == fields(entry["zh-Hans"]) == {"rule"}, situation.name


def test_every_keyword_alias_names_a_current_glossary_entry(records):
    from judgebot.judge.concepts import KEYWORD_ALIASES

    headwords = {r.term.get("en") for r in records
                 if r.kind == "glossary" and r.edition == CURRENT}
    assert set(KEYWORD_ALIASES.values()) <= headwords


def test_table_talk_situations(lexicon):
    u = understand("does lifelink save me if i go to 0 at the same time?", lexicon)
    assert {e.value for e in u.entities if e.kind == "situation"} >= {
        "zero-life", "lifelink-simultaneous"}


@pytest.mark.parametrize("question, situation", [
    ("I Shocked their creature and they sacrificed it in response. What happens?",
     "target-gone-in-response"),
    ("我对对手的生物施放咒语，他回应把它弹回手上了，我的咒语会怎样？", "target-gone-in-response"),
    ("my 3/3 becomes 1/1 until end of turn, with Glorious Anthem out", "pt-layers"),
    ("prevent 1 damage and double the damage: who orders them?", "replacement-order"),
    ("两个替代性效应同时适用，谁来决定顺序？", "replacement-order"),
    ("Can I respond to their mana ability?", "mana-abilities-no-stack"),
    ("对手出地，我能反击吗", "land-play-special-action"),
    ("my creature has lethal damage; can I sacrifice it before it dies?", "sba-timing"),
    ("Blood Artist dies at the same time as the other creatures in a wrath: does it trigger?",
     "leaves-battlefield-look-back"),
    ("a player concedes in the middle of their own turn, does the turn end?",
     "leaving-during-own-turn"),
    ("多人局里，A对手能用他的生物帮B对手挡攻击B的生物吗", "blocking-other-players-attackers"),
    ("my 3/3 is blocked by a 2/2, then the 2/2 gets bounced before damage. do I deal damage?",
     "blocked-stays-blocked"),
    ("我的先攻生物挡住对手的死触生物，谁会死？", "first-strike-steps"),
    ("4 player game: I stole a creature and then I got killed. Who controls it now?",
     "player-leaves-game"),
    ("Can Brazen Borrower block my ground creature?", "blocking-restrictions"),
    ("do I still have to order the blockers before damage?", "damage-assignment"),
    ("the tokens enter tapped and attacking: do my attack triggers trigger?", "enters-attacking"),
    ("衍生物以攻击状态进入战场，会触发攻击触发吗？", "enters-attacking"),
    ("can I respond when my opponent cracks his fetchland?", "fetchland-not-mana-ability"),
    ("I cast a spell that ends the turn while triggers wait: what happens?", "end-the-turn"),
    ("does my Saga get sacrificed after the final chapter?", "saga-chapters"),
    ("我跳过了抓牌步骤，还会触发吗？", "skip-steps"),
    ("can my opponent redirect my spell to another legal target?", "change-targets"),
    ("对手的生物有守护2，我用闪电击指定它但没付2，会怎样？", "ward"),
    ("They play Mutavault: can I Stone Rain it in response?", "land-card-played"),
    ("Does damage dealt by Alice's commander count when Bob controls it?", "commander-damage"),
    ("He said 'move to combat' and I killed his Goblin: does his trigger still happen?",
     "mtr-shortcuts"),
    ("he says he goes infinite, does he have to actually do the loop?", "mtr-loops"),
    ("对手每回合都要把我的坟墓场一张张翻一遍，时间只剩5分钟", "ipg-slow-play"),
    ("Deck check: the judge counted 59, my last copy was still in my deck box", "ipg-deck-problem"),
    ("Same mistake at FNM and at an RCQ, different penalties: why?",
     "mtr-rules-enforcement-levels"),
    ("Brainstorm draws three cards: does his trigger trigger three times?",
     "trigger-once-per-event"),
    ("对手X=5放下的生物，法术力值是多少？", "mana-value-x"),
    ("无色的牌能放进我的单红指挥官套牌吗", "commander-colour-identity"),
    ("He asked my life total, I said 12, turns out I was at 10", "ipg-communication-policy"),
    ("我的生物正在攻击B，B中途认输了，伤害会打到谁？", "attacked-player-left"),
    ("In a 5-player game can I target the player three seats away with range of influence 2?",
     "range-of-influence"),
    ("三人混战，我同时攻击两个对手", "multiplayer-attacks"),
    ("我的生物受了致命伤害一直还在场上，过了两个回合才发现", "ipg-game-rule-violation"),
    ("A 0 toughness creature stayed on the battlefield and we noticed two turns later",
     "ipg-failure-to-maintain"),
    ("I Clone my opponent's Tarmogoyf: what do I get?", "copy-values"),
    ("我用仿生妖复制对手的生物，会得到什么？", "copy-values"),
    ("我被对手的指挥官打了21点，我输了吗", "commander-damage"),
    ("I took 12 from her commander and 9 from his: am I dead?", "commander-damage"),
    ("我打出一块地，对手能回应吗？", "land-play-special-action"),
    ("我横了一块地拿了红，能留到战斗再用吗", "mana-empties"),
    ("两边都只剩1点，一起掉到0，是平手吗", "simultaneous-loss-draw"),
    ("四人局里他在自己回合中途认输了，这个回合还继续吗", "leaving-during-own-turn"),
    ("我的践踏生物被挡住了，对手把阻挡的生物牺牲了，伤害怎么算", "trample-blocker-removed"),
    ("He lost the game and tore up my card in anger", "ipg-aggressive-behavior"),
    ("对手输了以后把我的牌抢过去撕了", "ipg-aggressive-behavior"),
    ("Judge found that four of my sleeves have the same crease; 牌套上有折痕", "ipg-marked-cards"),
    ("He just says infinite tokens and won't give me a number", "mtr-loops"),
    ("He cast a draw-two and drew three, not two", "ipg-hidden-card-error"),
    # Swords to Plowshares exiles: the commander may go to the command zone.
    ("My commander got Swords to Plowshares'd. Can I get it back?", "commander-zone-change"),
    # An Aura named only by its card: its text says what it enchants.
    ("I cast Arrest on his guy and he sacrificed it in response", "aura-target-illegal"),
    ("He's at 2 and I resolve Sign in Blood targeting him: does it finish resolving?",
     "life-zero-mid-resolution"),
    ("我的咒语结算到一半对手的生命就变成0了，他会马上输吗？", "life-zero-mid-resolution"),
    ("We're both at 1 life and I cast Earthquake for one.", "simultaneous-loss-draw"),
    ("我们都只剩2点生命，我让每位玩家失去2点", "simultaneous-loss-draw"),
    ("第三轮开始了十分钟他才到桌", "ipg-tardiness"),
    ("我到座位的时候比赛已经开始了", "ipg-tardiness"),
    ("With Kiki-Jiki and Pestermite do I have to repeat it 30 times?", "mtr-loops"),
    ("我们的组合可以直接宣布无限吗", "mtr-loops"),
    ("He had Sulfuric Vortex out and never said anything in his upkeep",
     "ipg-missed-trigger-of-card"),
    ("I copy his transformed werewolf with Clone: which side do I get?", "copy-of-a-face-up-side"),
    ("我用克隆复制对手翻面的狼人，能转化回来吗", "copy-of-a-face-up-side"),
    ("Can I Stifle the Nissa, Resurgent Animist landfall trigger?", "mana-trigger-uses-stack"),
    ("I stole his creature with Threaten and then blinked it: whose is it now?",
     "flicker-ends-control-change"),
    ("I Shock his elf and he gives it protection from red with a Mother of Runes",
     "protection-given-to-target"),
    ("我电震他的生物，他让它获得辟邪", "protection-given-to-target"),
    ("Shifting Loyalties on my land and his Jace, and he bounces Jace in response",
     "exchange-with-illegal-target"),
    ("交换操控权的咒语结算前，其中一个目标被牺牲了", "exchange-with-illegal-target"),
    ("Can I equip my Bonesplitter onto a creature with shroud?", "equip-targets"),
    ("我的生物有帷幕，还能把装备装上去吗", "equip-targets"),
    ("五人局里，对手的咒语结算前他就投降了", "player-leaves-game"),
    ("My commander has eminence: does it trigger while it's still in the command zone?",
     "ability-from-command-zone"),
    ("他用Bone Splinters牺牲生物，我能回应把那个生物放逐，让他不能牺牲吗？",
     "cost-paid-before-response"),
    ("Can I Stifle him cracking a Treasure?", "mana-abilities-no-stack"),
    ("My commander got countered and went back to the command zone; does it cost {2} more now?",
     "commander-tax"),
    ("五色的牌为什么能用在它当指挥官的套牌里？当指挥官能放五色吗", "commander-colour-identity"),
    # The -X/-X is in the named card's text, not in the question.
    ("I cast Toxic Deluge for 4: does his indestructible Blightsteel survive?",
     "indestructible-limits"),
    ("While I shuffled his deck after a fetch, one card fell out face up",
     "ipg-looking-at-extra-cards-told"),
    ("Comp REL: he said 'oh wait, I get a treasure' after my blockers with Ragavan out",
     "ipg-missed-trigger-of-card"),
    ("Dark Confidant revealed Emeria's Call: how much life do I lose?",
     "double-faced-off-the-battlefield"),
    ("连瀑翻到了艾格丁觉醒，法术力值算多少？", "double-faced-off-the-battlefield"),
    ("Can I float the mana from my Lotus Petal into combat?", "mana-empties-between-steps"),
    ("维持步骤产生的法术力能留到抓牌步骤吗", "mana-empties-between-steps"),
    ("He searched with his fetchland and put his library back without shuffling",
     "ipg-insufficient-shuffling"),
    ("She lost and ripped it in half right at the table", "ipg-aggressive-behavior"),
    ("I asked how many cards he had and he said four, but it was five", "ipg-communication-policy"),
    ("I came back and the round had started 8 minutes ago", "ipg-tardiness"),
    ("我牌库只剩1张了还施放了抓两张的咒语，会输吗", "draw-from-empty-library"),
    ("I'm at 5: can I pay all 5 life for Snuff Out and go to 0?", "pay-life-to-zero"),
    ("Can I choose the same mode twice on Kolaghan's Command?", "same-mode-twice"),
    ("对手有纳尔园弃置场，我的生物横置进场，有敏捷还能攻击吗", "enters-tapped-cant-attack"),
    ("I Threaten his blocker during combat: is it still blocking?",
     "control-change-removes-from-combat"),
    ("My Bloodbraid Marauder cascades into Stonecoining Ballista, what is X?",
     "x-is-zero-when-free"),
    ("Can I evoke it and also cast it for free with Omniscience as well as pitch?",
     "one-alternative-cost"),
    ("Can I blink my Spirit token with Cloudshift to get a new one?", "token-does-not-return"),
    ("我故意每回合都想很久，想拖到超时", "ipg-stalling"),
    ("第一盘我赢了，这场我想让给我朋友，比分怎么报", "mtr-conceding"),
    ("I cast Prey Upon and he bounced my creature in response: does his still take damage?",
     "fight-one-gone"),
    ("Can I play Sea Gate Restoration as a land for my land drop?", "double-faced-played-as-land"),
    ("Is a spindown d20 allowed for rolling the die on a card?", "mtr-dice"),
    ("装着装备的人造地回合结束变回地之后，装备会怎样", "equipment-unattached"),
    # 抽 is how many players say "draw"; the patterns say 抓.
    ("竞技级比赛里对手多抽了一张牌", "ipg-hidden-card-error-told"),
    # 旅法师 is what many players call a planeswalker (鹏洛客).
    ("我的旅法师被攻击了，伤害会移除忠诚指示物吗", "damage-to-planeswalker"),
    ("Can the creature I just cast with flash block this turn?", "blocking-without-waiting"),
    ("我这回合刚下的生物能阻挡吗", "blocking-without-waiting"),
    ("What's the difference between Competitive REL and Regular REL?",
     "mtr-rules-enforcement-levels"),
    ("竞技级和一般级别有什么区别？", "mtr-rules-enforcement-levels"),
])
def test_situations_in_both_languages(lexicon, question, situation):
    u = understand(question, lexicon)
    assert situation in {e.value for e in u.entities if e.kind == "situation"}


def test_table_shorthand_is_read_as_the_games_words(lexicon):
    u = understand("my opp sac'd his guy in resp to my bolt w/ 2 tgts", lexicon)
    found = {e.value: e.text for e in u.entities if e.kind == "situation"}
    assert "target-gone-in-response" in found
    # The entity points at what was typed, whole words.
    assert found["target-gone-in-response"] == "in resp"


def situations_in(question: str, lexicon) -> set[str]:
    return {e.value for e in understand(question, lexicon).of("situation")}


def test_a_land_named_by_its_card_is_played_only_when_the_question_plays_it(lexicon):
    assert "land-card-played" in situations_in("They play Mutavault: can I respond?", lexicon)
    assert "land-card-played" not in situations_in("When he taps his Forest, can I respond?",
                                                   lexicon)


def test_a_situation_may_give_another_ones_answer(lexicon):
    played = lexicon.situation("land-card-played")
    assert played.answer and played.code == "judge.situation.land-play-special-action"


def test_a_decklist_that_only_says_how_many_cards_is_not_its_own_mistake(lexicon):
    u = understand("Decklist says 60 main, the judge counted 59 in my deck", lexicon)
    found = {e.value for e in u.of("situation")}
    assert "ipg-deck-problem" in found and "ipg-decklist-problem" not in found


def test_two_named_cards_that_each_replace_an_event_bring_the_order_they_apply_in(lexicon):
    both = "Rest in Peace is out and my Ugin's Nexus is destroyed."
    one = "Rest in Peace is out and my Llanowar Elves is destroyed."
    assert "replacements-of-two-cards" in situations_in(both, lexicon)
    assert "replacements-of-two-cards" not in situations_in(one, lexicon)


def test_two_named_cards_that_each_change_types_bring_layer_dependency(lexicon):
    question = "I have March of the Machines and Mycosynth Lattice."
    assert "type-changes-of-two-cards" in situations_in(question, lexicon)


def test_a_situation_inside_a_card_name_is_not_described(lexicon):
    # 守护者 ("protector", a battle's) is also the "Guardian" of Thalia's name.
    u = understand("我用瑟班守护者莎利雅阻挡", lexicon)
    assert "battles-defense" not in {e.value for e in u.of("situation")}
    assert "battles-defense" in {e.value for e in understand("守护者是谁", lexicon).of("situation")}


def test_a_player_conceding_a_multiplayer_game_is_a_rules_question(lexicon):
    u = understand("我的生物正在攻击B，B中途认输了，伤害会打到谁？", lexicon)
    assert "mtr-conceding" not in {e.value for e in u.of("situation")}


def test_a_card_named_as_a_verb_is_not_corrected_as_a_slip(lexicon):
    u = understand("I Shocked their creature and they sacrificed it in response.", lexicon)
    assert "mtg:card:shock" in {e.value for e in u.of("card")}
    assert u.corrections == {} and not any(e.how == "misspelt" for e in u.entities)


def test_a_keyword_ability_the_glossary_calls_by_another_name_is_a_keyword(lexicon):
    # The glossary defines Menace as "an evasion ability", Ward as "a triggered
    # ability": both are keyword abilities of rule 702.
    for question in ("对手的生物有威慑", "does ward trigger on my aura?"):
        kinds = {e.value.rsplit(":", 1)[-1]: e.kind for e in understand(question, lexicon).entities}
        assert "keyword" in {kinds.get("menace"), kinds.get("ward")}


def test_a_mana_dork_named_as_an_object_is_not_a_question_about_mana_abilities(lexicon):
    sacrificed = understand("He sacs his mana dork in response to my Shock.", lexicon)
    tapped = understand("Can I respond when he taps his mana dork?", lexicon)
    assert "mana-abilities-no-stack" not in {e.value for e in sacrificed.of("situation")}
    assert "mana-abilities-no-stack" in {e.value for e in tapped.of("situation")}


def test_chinese_homophone_typo_is_read_as_the_keyword(lexicon):
    u = understand("我的贱踏生物被阻挡了", lexicon)
    assert any(e.value == f"mtg:glossary:{CURRENT}:trample" and e.how == "homophone"
               for e in u.entities)
    assert u.corrections == {"贱踏": "践踏"}


def test_a_character_of_grammar_is_typed_on_purpose_not_a_homophone_slip(lexicon):
    u = understand("它打我的生物，是放-1/-1指示物吗？", lexicon)  # 是放 sounds like 施放
    assert not any(e.how == "homophone" for e in u.entities) and u.corrections == {}


def test_player_names_for_newer_keywords(lexicon):
    u = understand("对手的生物有守护，我能指定它吗", lexicon)
    assert any(e.value == f"mtg:glossary:{CURRENT}:ward" for e in u.entities)


def test_a_trigger_dealt_with_in_response_is_read_only_after_it_triggered(lexicon):
    # Siege Rhino: "When this creature enters, each opponent loses 3 life …"
    assert "trigger-independent-of-source" in situations_in(
        "They cast Siege Rhino and I kill it in response to the trigger. Do I still lose 3?",
        lexicon)
    assert "trigger-independent-of-source" in situations_in(
        "对手的攻城犀牛进场触发，我回应把它杀了，我还要失去3点生命吗", lexicon)
    # Exiled, Wurmcoil Engine never died: nothing triggered to stand on its own.
    assert "trigger-independent-of-source" not in situations_in(
        "They Path my Wurmcoil Engine. Do I still get the tokens?", lexicon)


def test_a_card_named_again_by_part_of_its_name_is_the_same_card(lexicon):
    u = understand("Opp plays Siege Rhino, I kill the Rhino in response", lexicon)
    assert [e.value for e in u.of("card")] == ["mtg:card:siege-rhino"] * 2


@pytest.mark.parametrize("question, situation", [
    # One card's "instead" is one effect: no order of replacements to choose.
    ("I Fatal Pushed his three-drop with revolt: who decides?", "replacement-order"),
    # A friend's opinion on a rule is not advice during a match.
    ("I flickered my stolen creature. My friend says it goes back to him?",
     "ipg-outside-assistance-told"),
    # In a multiplayer game a concession is a rules matter, not a match result.
    ("4 player pod: Tom concedes with my stolen creature. What happens to it?", "mtr-conceding"),
    # Conceding to a friend is no bribe: nothing is offered for it.
    ("第二盘我决定整场让给我朋友，结果怎么报", "ipg-bribery-and-wagering"),
    # A situation recognised only at a tournament, in a question with no word of one.
    ("My commander went to my hand instead of the command zone: if I cast it, is there tax?",
     "ipg-game-rule-violation-told"),
    # A REL named as the question's setting is not a question about RELs.
    ("Comp REL, my opponent drew an extra card. Penalty?", "mtr-rules-enforcement-levels"),
    ("竞技级比赛，对手多抓了一张牌", "mtr-rules-enforcement-levels"),
])
def test_situations_not_read_into_the_question(lexicon, question, situation):
    assert situation not in situations_in(question, lexicon)


def test_a_tournament_only_situation_needs_a_tournament_word(lexicon):
    told = "He cast it at sorcery speed by mistake instead of waiting"
    assert "ipg-game-rule-violation-told" not in situations_in(told, lexicon)
    assert "ipg-game-rule-violation-told" in situations_in(told + ". Comp REL, penalty?", lexicon)


def test_a_rules_word_inside_a_longer_word_is_not_that_word(lexicon):
    # 吸血 is lifelink; 吸血鬼 is the Vampire creature type.
    vampire = understand("我施放别的吸血鬼咒语，会有吸血鬼衍生物吗？", lexicon)
    assert "lifelink" not in {e.value.rsplit(":", 1)[-1] for e in vampire.entities}
    lifelink = understand("我的生物有吸血，受到伤害时我加血吗？", lexicon)
    assert "lifelink" in {e.value.rsplit(":", 1)[-1] for e in lifelink.entities}


def test_a_chinese_pattern_allows_the_space_around_a_number():
    # The question is matched with a space between a digit and a Chinese
    # character ("弃到 7 张"), so a pattern must not join them ("弃到7张").
    import re

    import yaml

    from judgebot.judge.situations import DATA

    joined = re.compile(r"[\u4e00-\u9fff][0-9]|[0-9][\u4e00-\u9fff]")
    entries = yaml.safe_load(DATA.read_text(encoding="utf-8"))["situations"]
    bad = [p for s in entries for key in ("any", "also", "unless") for p in s.get(key) or []
           if joined.search(re.sub(r"\[[^\]]*\]", "", p))]  # a class like [三3] joins nothing
    assert not bad
