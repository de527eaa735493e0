"""The page's own words in Chinese and English.

Pages speak Chinese in the bilingual and Chinese views and English in the
English view; rules text always keeps its own language.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from judgebot.web.prefs import Prefs

LABELS: dict[str, tuple[str, str]] = {
    "site": ("裁判助手", "judgebot"),
    "tagline": ("万智牌与 Force of Will 规则查询", "Magic and Force of Will rules lookup"),
    "search": ("搜索", "Search"),
    "search_placeholder": ("规则编号、关键词或问题：702.19b、践踏、trample",
                           "Rule number, keyword or question: 702.19b, trample, 践踏"),
    "contents": ("目录", "Contents"),
    "rules": ("规则", "Rules"),
    "glossary": ("词汇表", "Glossary"),
    "cards": ("牌与裁定", "Cards"),
    "cards_and_rulings": ("牌与裁定", "Cards and rulings"),
    "notes": ("发布释疑", "Release notes"),
    "guide": ("基本规则", "Beginner's rules"),
    "names": ("暂译名称", "Provisional names"),
    "fow": ("Force of Will", "Force of Will"),
    "mtg": ("万智牌", "Magic"),
    "simplified": ("简体", "简体"),
    "traditional": ("繁體", "繁體"),
    "bilingual": ("中英", "Both"),
    "zh_only": ("中文", "中文"),
    "en_only": ("English", "English"),
    "theme_auto": ("自动", "Auto"),
    "theme_light": ("浅色", "Light"),
    "theme_dark": ("深色", "Dark"),
    "script": ("字体", "Script"),
    "view": ("语言", "Languages"),
    "theme": ("外观", "Theme"),
    "results": ("条结果", "results"),
    "did_you_mean": ("您是不是要找", "Did you mean"),
    "also_searched": ("同时搜索", "Also searched"),
    "nothing_matched": ("没有找到结果", "Nothing matched"),
    "filters": ("筛选", "Filters"),
    "any": ("全部", "Any"),
    "game": ("游戏", "Game"),
    "kind": ("类别", "Kind"),
    "edition": ("版本", "Edition"),
    "section": ("章节", "Section"),
    "apply": ("应用", "Apply"),
    "previous": ("上一条", "Previous"),
    "next": ("下一条", "Next"),
    "previous_page": ("上一页", "Previous page"),
    "next_page": ("下一页", "Next page"),
    "page": ("页", "Page"),
    "parent": ("上级", "Parent"),
    "children": ("下级条目", "Subrules"),
    "whole_text": ("全文（含全部下级条目）", "In full, with every subrule"),
    "badge_changed": ("英文已修改", "English changed"),
    "badge_new": ("新增·无中文", "New · no Chinese"),
    "refers_to": ("引用", "Refers to"),
    "cited_by": ("被引用", "Cited by"),
    "rulings_citing": ("引用本条的裁定", "Rulings that cite this rule"),
    "examples": ("范例", "Examples"),
    "example": ("范例", "Example"),
    "copy_citation": ("复制引用", "Copy citation"),
    "copy_quote": ("复制原文和链接", "Copy text and link"),
    "copy_quote_hint": ("复制本条规则的编号、原文和网址",
                        "Copy the rule's number, text and address"),
    "copied": ("已复制", "Copied"),
    "lineage": ("版本沿革", "Lineage"),
    "lineage_changed": ("中文译自 {old} 版英文规则；当前 {new} 版英文已修改：",
                        "The Chinese translates the {old} English, which has changed in the "
                        "current {new} rules:"),
    "lineage_unchanged": ("中文译文对应的英文自 {old} 版以来未改变。",
                          "The English the Chinese translates is unchanged since {old}."),
    "lineage_new": ("此规则为 {old} 版之后新增，尚无中文翻译。",
                    "This rule is new since {old}; there is no Chinese translation of it."),
    "lineage_removed": ("此规则已不在当前 {new} 版规则中。",
                        "This rule is no longer in the current {new} rules."),
    "lineage_moved": ("原编号 {number}（{old} 版）。", "Numbered {number} in the {old} rules."),
    "fow_lineage_changed": ("中文译自 {zh} 版；其对应的 {old} 版英文在当前 {new} 版中已修改：",
                            "The Chinese translates {zh}; the {old} English it corresponds to "
                            "has changed in the current {new}:"),
    "fow_lineage_unchanged": ("中文译自 {zh} 版；其对应的英文自 {old} 版至当前 {new} 版未改变。",
                              "The Chinese translates {zh}; the English it corresponds to is "
                              "unchanged from {old} to the current {new}."),
    "fow_lineage_new": ("此规则为 {old} 版之后新增，尚无中文翻译。",
                        "This rule is new since {old}; there is no Chinese translation of it."),
    "fow_lineage_removed": ("此规则已不在当前 {new} 版规则中。",
                            "This rule is no longer in the current {new} rules."),
    "fow_differs": ("{en} 版英文与 {zh} 版中文并不完全对应：", "The {en} English and the {zh} "
                    "Chinese do not fully correspond:"),
    "differ_zh-refs-differ": ("引用的规则不同", "they cite different rules"),
    "differ_zh-numbers-differ": ("文中的数值不同", "the numbers in the text differ"),
    "differ_zh-examples-differ": ("范例数目不同", "they have different examples"),
    "differ_zh-subrules-differ": ("下级条目数目不同", "they have different subrules"),
    "lineage_other": ("对应 {edition} 版规则：", "Corresponds to the {edition} rule:"),
    "lineage_current_is": ("当前规则：", "Current rule:"),
    "history": ("历次版本", "History"),
    "history_note": ("此规则在语料库所收各版综合规则中的变化。",
                     "How this rule changed through the editions of the rules in the corpus."),
    "event_earliest": ("已有", "present"),
    "event_added": ("新增", "added"),
    "event_unchanged": ("未改", "unchanged"),
    "event_changed": ("修改", "changed"),
    "event_moved": ("改号", "renumbered"),
    "event_removed": ("删除", "removed"),
    # Force of Will: the English 6.3 rule of the number the Chinese 6.0 has
    "event_aligned": ("英文对应条目", "the English of this number"),
    "moved_from_number": ("原为 {number}", "was {number}"),
    "show_diff": ("查看改动", "Show the change"),
    "edition_different_rule": ("编号相同，但是另一条规则", "same number, another rule"),
    "edition_moved": ("编号为 {number}", "numbered {number}"),
    "stale_translation": ("注意：此中文译自 {old} 版英文规则；英文原文此后已修改（{editions} 版），"
                          "中文未随之更新。",
                          "Note: this Chinese translates the {old} English rule, which has "
                          "changed since ({editions}); the Chinese has not been updated."),
    "stale_translation_what": ("英文的改动：{summary}", "What changed in the English: {summary}"),
    "words_changed": ("删去 {removed} 词，新增 {added} 词",
                      "{removed} words removed, {added} added"),
    "no_chinese": ("无中文译文", "No Chinese translation"),
    "no_english": ("无英文原文", "No English text"),
    "not_found": ("找不到页面", "Not found"),
    "bad_request": ("请求无效", "Bad request"),
    "error": ("出错了", "Something went wrong"),
    "suggestions": ("您可能要找", "Perhaps you meant"),
    "try_search": ("试试搜索", "Try a search"),
    "filter_placeholder": ("筛选…", "Filter…"),
    "filter_glossary": ("筛选：英文、中文（简或繁）或拼音", "Filter: English, Chinese or pinyin"),
    "entries": ("条", "entries"),
    "index": ("索引", "Index"),
    "az": ("英文 A–Z", "English A–Z"),
    "by_pinyin": ("中文（按拼音）", "Chinese by pinyin"),
    "see_rules": ("相关规则", "Rules"),
    "related_terms": ("相关词条", "Related terms"),
    "mentioned_by": ("提及本词条", "Mentioned by"),
    "english_name": ("英文名", "English name"),
    "type_line": ("类别", "Type"),
    "rulings": ("裁定", "Rulings"),
    "rules_named": ("裁定提到的规则", "Rules the rulings name"),
    "mana_cost": ("法术力费用", "Mana cost"),
    "pt": ("攻防", "P/T"),
    "loyalty": ("忠诚", "Loyalty"),
    "card_rules": ("这张牌的异能所用的规则", "Rules its keywords and abilities use"),
    "card_faces": ("各牌面", "Faces"),
    "other_names": ("其他名称", "Other names"),
    "printed_text": ("发布释疑所印的文字", "As printed in the release notes"),
    "oracle_rulings": ("裁定", "Rulings"),
    "simulate_card": ("用这张牌模拟", "Simulate with this card"),
    "engine_cannot_read": ("规则引擎还读不懂：", "The rules engine cannot read yet:"),
    "older_wording": ("这张牌的规则叙述取自较旧的 Oracle 版本", "Oracle text of an older wording"),
    "filter_cards": ("筛选", "Filter"),
    "card_name": ("牌名", "Name"),
    "card_type": ("类别", "Type"),
    "card_colour": ("颜色", "Colour"),
    "card_text": ("叙述", "Text"),
    "cards_found": ("共 {n} 张牌", "{n} cards"),
    "no_cards": ("没有符合条件的牌。", "No card matches."),
    "page_n_of": ("第 {page} / {pages} 页", "Page {page} of {pages}"),
    "any_colour": ("任何颜色", "Any colour"),
    "no_records": ("语料库中尚无此类记录。", "The corpus holds no such records yet."),
    "source": ("出处", "Source"),
    # Where a record came from, told to readers (the JSON API keeps the files and lines).
    "doc_mtg_rules": ("万智牌完整规则", "Comprehensive Rules"),
    "doc_mtg_release_notes": ("发布释疑", "Release notes"),
    "doc_mtg_guide": ("基本规则手册", "Beginner's rulebook"),
    "doc_fow_rules": ("Force of Will 详细规则书", "Force of Will Comprehensive Rules"),
    "doc_mtg_mtr": ("万智牌比赛规则", "Magic Tournament Rules"),
    "doc_mtg_ipg": ("万智牌违规处理方针", "Infraction Procedure Guide"),
    "doc_judge_terms": ("裁判术语表", "Chinese judge terms"),
    "lang_en": ("英文", "English"),
    "lang_zh-Hans": ("简体中文", "Simplified Chinese"),
    "lang_zh-Hant": ("繁体中文", "Traditional Chinese"),
    "source_line": ("{document} {edition}（{lang}），第 {lines} 行",
                    "{document}, {edition}, {lang}, line {lines}"),
    "source_lines": ("{document} {edition}（{lang}），第 {lines} 行",
                     "{document}, {edition}, {lang}, lines {lines}"),
    "keyboard_hint": ("按 / 搜索", "Press / to search"),
    "skip": ("跳到正文", "Skip to content"),
    "tips_title": ("搜索提示", "Search tips"),
    "tip_number": ("输入规则编号直接跳转：702.19b、cr 702.19、规则702.19b",
                   "Type a rule number to go straight to it: 702.19b, cr 702.19"),
    "tip_lang": ("中文（简或繁）、英文、拼音均可：{hans_example}、{hant_example}、trample、jianta",
                 "Chinese (either script), English or pinyin: {hans_example}, {hant_example}, "
                 "trample, jianta"),
    "tip_phrase": ("用引号搜索短语：\"combat damage\"", "Quote a phrase: \"combat damage\""),
    "without_filters": ("去掉筛选后有 {n} 条结果", "{n} results without the filters"),
    "browse": ("浏览", "Browse"),
    "home_intro": ("按编号、关键词或问题查找规则，中英对照。",
                   "Find a rule by number, keyword or question, in Chinese and English."),
    "editions": ("版本", "Editions"),
    "current": ("当前", "current"),
    "all_sets": ("全部系列", "All sets"),
    "instant_status": ("{n} 条结果", "{n} results"),
    "best_match": ("最佳匹配", "Best match"),
    "group_rules": ("规则", "Rules"),
    "group_glossary": ("词汇表", "Glossary"),
    "group_cards": ("牌与裁定", "Cards and rulings"),
    "group_notes": ("发布释疑", "Release notes"),
    "group_guide": ("基本规则", "Beginner's rules"),
    "group_fow": ("Force of Will", "Force of Will"),
    "definition": ("释义", "Definition"),
    "mechanic_rules": ("关键词规则", "The keyword's rules"),
    "set": ("系列", "Set"),
    "api": ("API", "API"),
    "ask": ("问裁判", "Ask a judge"),
    "ask_intro": ("像在牌桌上那样提问，中文、英文或混用皆可。"
                  "答案引用完整规则原文，比赛问题引用比赛规则和违规处理方针；"
                  "能推演的情形由规则引擎模拟。",
                  "Ask as you would at the table, in Chinese, English or both. Answers quote "
                  "the Comprehensive Rules, and for tournament matters the Tournament Rules "
                  "and the IPG; situations the engine can build are simulated."),
    "ask_placeholder": ("例如：我的3/3践踏死触生物被2/2阻挡，能打多少伤害到对手？",
                        "e.g. My 3/3 with trample and deathtouch is blocked by a 2/2. "
                        "How much damage goes through?"),
    "ask_button": ("提问", "Ask"),
    "understood": ("理解为", "Understood"),
    "corrected": ("已更正", "Read as"),
    "simulated": ("模拟结果", "Simulated outcome"),
    "simulated_note": ("以下由规则引擎按问题所述情形推演得出，每一步注明所依据的规则。",
                       "Worked out by the rules engine from the situation as described; "
                       "each step names the rule it applies."),
    "simulation_refused": ("规则引擎无法模拟此情形：", "The engine could not simulate this:"),
    "step_log": ("推演步骤", "Steps"),
    "scenario": ("情形（可修改后重新模拟）", "Scenario (edit it and run it again)"),
    "open_simulation": ("在模拟页面打开", "Open in the simulation view"),
    "rules_quoted": ("相关规则", "Rules that decide it"),
    "plain_answer": ("回答", "Answer"),
    "what_rules_cover": ("相关规则涉及", "What the rules below cover"),
    "closest_match": ("最接近的条文", "Closest match"),
    "decided_by": ("判定依据", "Decided by"),
    "rules_quoted_note": ("以下为规则与比赛文件原文摘录，并注明选取原因。",
                          "Quoted from the rules and the tournament documents, with why each "
                          "was chosen."),
    "why": ("原因", "Why"),
    "matched_words": ("匹配的词", "Matched words"),
    "full_text": ("全文", "Full text"),
    "translated_changed": ("此中文译自 2019-10-04 版；英文原文此后已修改。",
                           "This Chinese translates the 2019-10-04 text; the English has "
                           "changed since."),
    "glossary_defs": ("词汇表释义", "Glossary definitions"),
    # the tournament documents (names of their parts follow the Chinese IPG)
    "mtr": ("比赛规则", "Tournament Rules"),
    "ipg": ("违规处理方针", "Infraction Procedure Guide"),
    "group_policy": ("比赛规则与违规处理", "Tournament Rules and IPG"),
    "penalty": ("处罚", "Penalty"),
    "category": ("类别", "Category"),
    "infraction": ("违规", "Infraction"),
    "part_definition": ("定义", "Definition"),
    "part_examples": ("范例", "Examples"),
    "part_philosophy": ("原则", "Philosophy"),
    "part_remedy": ("进一步的修正", "Additional Remedy"),
    "part_upgrade": ("升级", "Upgrade"),
    "part_downgrade": ("降级", "Downgrade"),
    "no_remedy": ("此违规没有处罚以外的修正。", "No remedy beyond the penalty."),
    "see_also": ("另见", "See also"),
    "chapter_rules": ("本章总则（含累犯升级）", "The chapter's general rules (repeat offences)"),
    "text_in_english": ("正文为英文原文；中文名称取自裁判术语表。",
                        "The text is the English original; the Chinese names come from the "
                        "judge-terms glossary."),
    "quick_reference": ("处罚速查", "Penalty quick reference"),
}

# The labels the instant-search script needs, handed to it in a data attribute.
JS_LABELS = ("results", "did_you_mean", "nothing_matched", "best_match", "group_rules",
             "group_glossary", "group_cards", "group_notes", "group_guide", "group_fow",
             "also_searched", "copied", "bad_request", "group_policy")


# Labels that name a script are written in that script in every view (the
# reader looks for 繁體 or 简体 as it is written in the script they read).
OWN_SCRIPT = frozenset({"simplified", "traditional"})

# Examples that show one script on purpose: put into a label after it is
# converted to the reader's script, marked with their language.
EXAMPLES = {"hans_example": ("践踏", "zh-Hans"), "hant_example": ("踐踏", "zh-Hant")}


def label(prefs: Prefs, key: str, **values: object) -> str:
    if values:
        return _label(prefs, key, **values)
    # A page asks for a hundred labels: each is converted to the reader's script once.
    found = _DONE.get((prefs.view, prefs.script, key))
    if found is None:
        found = _DONE[(prefs.view, prefs.script, key)] = _label(prefs, key)
    return found


_DONE: dict[tuple[str, str, str], str] = {}  # (view, script, key): at most 6 per label


def _label(prefs: Prefs, key: str, **values: object) -> str:
    zh, en = LABELS[key]
    if prefs.view == "en":
        text = en
    else:
        text = zh if key in OWN_SCRIPT else prefs.zh(zh)
    examples = {name: Markup('<span lang="{}">{}</span>').format(lang, word)
                for name, (word, lang) in EXAMPLES.items() if "{" + name + "}" in text}
    if examples:
        return Markup(escape(text)).format(**examples, **values)
    return text.format(**values) if values else text
