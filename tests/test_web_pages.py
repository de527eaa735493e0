"""The HTML pages, rendered from the shipped corpus through the Flask test
client: every record kind has a page, with its text and its links."""

from __future__ import annotations

import re
from html import unescape

import pytest

from judgebot.corpus import CR_2019, EN, current_cr
from judgebot.web import create_app
from judgebot.web.catalog import zh_of

CURRENT_CR = current_cr()

CURRENT = f"mtg:cr:{CURRENT_CR}:"


@pytest.fixture(scope="module")
def app(search_service):
    return create_app(search_service)


@pytest.fixture()
def client(app):
    return app.test_client()


def text_of(response) -> str:
    """The visible text of a page, tags removed and entities decoded."""
    body = response.get_data(as_text=True)
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r'<span class="tip"[^>]*>[^<]*</span>', "", body)  # glossary tooltips
    body = re.sub(r"</?(?:a|span|mark|abbr|kbd|ins|del)\b[^>]*>", "", body)  # inline: no gap
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def first(by_id, **wanted):
    for rec in by_id.values():
        if all(getattr(rec, k, None) == v for k, v in wanted.items()):
            return rec
    return None


# --- search --------------------------------------------------------------------

def test_home_has_the_search_box_focused(client):
    body = client.get("/").get_data(as_text=True)
    assert re.search(r'<input[^>]*id="q"[^>]*autofocus', body)


def test_rule_number_query_redirects_to_the_rule_page(client):
    response = client.get("/search?q=702.19b")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/mtg/cr/702.19b")


def test_search_results_are_grouped_and_link_to_their_pages(client):
    response = client.get("/search?q=trample")
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    groups = re.findall(r'<section class="group" data-group="(\w+)"', body)
    assert groups[:2] == ["glossary", "rules"]
    assert 'href="/mtg/glossary/trample"' in body and 'href="/mtg/cr/702.19"' in body


def test_search_shows_breadcrumbs_and_highlighted_snippets(client):
    body = client.get("/search?q=trample&stay=1").get_data(as_text=True)
    assert "<mark>" in body
    assert 'class="hit-crumbs"' in body


def test_typo_offers_did_you_mean(client):
    body = client.get("/search?q=tramble").get_data(as_text=True)
    assert 'class="didyoumean"' in body and "/search?q=trample" in body


def test_nothing_matched_page_is_helpful(client):
    response = client.get("/search?q=zzxqvv")
    assert response.status_code == 200
    text = text_of(response)
    assert "没有找到结果" in text and "702.19b" in text  # the tips name a rule number


def test_filters_narrow_results_and_say_what_exists_without_them(client):
    body = client.get("/search?q=planeswalker+redirection&kind=glossary&game=fow"
                      ).get_data(as_text=True)
    assert 'data-group="' not in body
    assert re.search(r"去掉筛选后有 \d+ 条结果", body)


def test_search_pages_through_results(client):
    first_page = client.get("/search?q=damage&per_page=5").get_data(as_text=True)
    assert 'rel="next"' in first_page and "page=2" in first_page
    second = client.get("/search?q=damage&per_page=5&page=2").get_data(as_text=True)
    assert 'rel="prev"' in second


# --- rules ------------------------------------------------------------------------

def test_rule_page_shows_text_examples_breadcrumb_and_neighbours(client, by_id):
    rec = by_id[CURRENT + "702.19b"]
    response = client.get("/mtg/cr/702.19b")
    assert response.status_code == 200
    text = text_of(response)
    assert rec.text[EN][:60] in text
    assert rec.examples[EN][0][:40] in text
    body = response.get_data(as_text=True)
    assert 'href="/mtg/cr/702.19"' in body  # breadcrumb and parent
    assert 'rel="prev" class="prev" href="/mtg/cr/702.19a"' in body
    assert 'rel="next" class="next" href="/mtg/cr/702.19c"' in body


def test_rule_page_links_glossary_terms_with_definitions(client, by_id):
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    english = body.split('<section class="en" lang="en"', 1)[1]
    m = re.search(r'<a class="term" href="(/mtg/glossary/[^"]+)">([^<]+)</a>'
                  r'<span class="tip" role="tooltip">([^<]+)</span>', english)
    assert m, "no glossary term linked"
    slug = m.group(1).rsplit("/", 1)[1]
    entry = by_id[f"mtg:glossary:{CURRENT_CR}:{slug}"]
    assert unescape(m.group(3)).rstrip("…")[:40] in " ".join(entry.definition[EN].split())


def test_chinese_rule_text_links_terms_with_chinese_definitions(client, by_id):
    if not by_id["mtg:cr:2019-10-04:702.19b"].text.get("zh-Hans"):
        pytest.skip("the Chinese CR is not in the corpus yet")
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    chinese = body.split('<section class="zh"', 1)[1].split("</section>", 1)[0]
    tips = re.findall(r'<span class="tip" role="tooltip">([^<]+)</span>', chinese)
    assert tips and all(re.search(r"[\u4e00-\u9fff]", t) for t in tips)


def test_rule_page_links_the_rules_it_cites_and_those_citing_it(client, search_service):
    x = search_service.store
    rid = next(r.id for r in search_service.store.records() if r.id.startswith(CURRENT)
               and x.cites(r.id) and any(c.startswith(CURRENT) for c in x.cited_by(r.id)))
    body = client.get(f"/mtg/cr/{rid.rsplit(':', 1)[1]}").get_data(as_text=True)
    refs = body.split('class="refs"', 1)[1].split("</section>", 1)[0]
    for target in x.cites(rid):
        assert f'href="/mtg/cr/{target.rsplit(":", 1)[1]}"' in refs
    cited_by = body.split('class="cited-by"', 1)[1].split("</section>", 1)[0]
    for source in x.cited_by(rid):
        if source.startswith(CURRENT):
            assert f'href="/mtg/cr/{source.rsplit(":", 1)[1]}"' in cited_by


def test_rule_page_has_a_copy_citation_button(client):
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    assert 'data-copy="CR 702.19b"' in body
    older = client.get("/mtg/cr/2019-10-04/702.19b").get_data(as_text=True)
    assert 'data-copy="CR 702.19b (2019-10-04)"' in older


def test_rule_page_offers_its_text_and_link_to_copy(client, by_id):
    rec = by_id[CURRENT + "702.19b"]
    body = client.get("/mtg/cr/702.19b?view=en").get_data(as_text=True)
    button = re.search(r'<button[^>]*class="copy copy-quote"[^>]*>', body).group()
    assert unescape(re.search(r'data-copy="([^"]*)"', button).group(1)) == \
        "CR 702.19b\n" + rec.text[EN]
    assert 'data-link="/mtg/cr/702.19b"' in button


def test_lineage_panel_shows_a_word_diff_for_a_changed_rule(client, by_id):
    rec = by_id[CURRENT + "702.19b"]
    assert rec.lineage["status"] == "changed"
    body = client.get("/mtg/cr/702.19b").get_data(as_text=True)
    panel = body.split('class="lineage status-changed"', 1)[1].split("</aside>", 1)[0]
    assert "<ins>" in panel or "<del>" in panel
    old = by_id[rec.lineage["ancestor"]].text[EN]
    removed = " ".join(re.findall(r"<del>([^<]*)</del>", panel))
    assert all(word in old for word in removed.split())


def test_lineage_panel_says_when_a_rule_is_new(client, by_id):
    new = next(r for r in by_id.values() if r.kind == "rule" and r.edition == CURRENT_CR
               and r.lineage.get("status") == "new")
    body = client.get(f"/mtg/cr/{new.number}").get_data(as_text=True)
    assert 'class="lineage status-new"' in body


def test_removed_rule_of_2019_says_it_is_gone(client, by_id):
    gone = next(r for r in by_id.values() if r.kind == "rule" and r.edition == CR_2019
                and "removed_in" in r.lineage)
    body = client.get(f"/mtg/cr/2019-10-04/{gone.number}").get_data(as_text=True)
    assert 'class="lineage status-removed"' in body


def test_any_edition_by_url(client, by_id):
    for edition in ("2019-10-04", "2025-11-14"):
        response = client.get(f"/mtg/cr/{edition}/702.19b")
        assert response.status_code == 200
        assert f'data-edition="{edition}"' in response.get_data(as_text=True)
    moved = client.get("/mtg/cr/702.19b?edition=2019-10-04")
    assert moved.status_code == 301
    assert moved.headers["Location"].endswith("/mtg/cr/2019-10-04/702.19b")


def test_unknown_rule_is_a_404_with_nearby_rules(client):
    response = client.get("/mtg/cr/702.19z")
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    assert "702.19z" in body and 'href="/mtg/cr/702.19a"' in body


def test_unknown_edition_is_a_404_naming_the_known_ones(client):
    response = client.get("/mtg/cr/1999-01-01/702.19b")
    assert response.status_code == 404
    assert "2019-10-04" in text_of(response) and "2025-11-14" in text_of(response)


def test_force_of_will_rule_page(client, by_id):
    """The current English (12.7's 1103.1, [Pierce]) with the Chinese of the 6.0
    rule it descends from (1102.1), and the older editions at their own address."""
    rec = by_id["fow:cr:6.0:1102.1"]
    response = client.get("/fow/cr/1103.1")
    assert response.status_code == 200
    assert zh_of(rec.text)[:12] in text_of(response)
    assert "[Pierce] is a continuous ability" in text_of(response)
    assert 'data-copy="FoW CR 1103.1"' in response.get_data(as_text=True)
    older = client.get("/fow/cr/6.0/1102.1")
    assert zh_of(rec.text)[:12] in text_of(older)
    assert 'href="/fow/cr/1103.1"' in older.get_data(as_text=True)


# --- a section in full -------------------------------------------------------------

def descendants(by_id, rec) -> list:
    out = []
    for child in rec.children:
        out.append(by_id[child])
        out += descendants(by_id, by_id[child])
    return out


def whole_of(body: str) -> str:
    return body.split('<section class="whole"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize("number", ["702.19", "702", "601.2", "903"])
def test_a_section_page_shows_every_subrule_in_full_in_order(client, by_id, number):
    rec = by_id[CURRENT + number]
    under = descendants(by_id, rec)
    assert under
    body = client.get(f"/mtg/cr/{number}").get_data(as_text=True)
    whole = whole_of(body)
    parts = re.split(r'<div class="sub depth-\d" id="([^"]+)"', whole)
    assert parts[1::2] == [r.number for r in under]

    def plain(value: str) -> str:  # mana symbols ({T}, {8}) are drawn: compare without them
        return " ".join(re.sub(r"\{[^{}\s]{1,6}\}", "", value).split())

    for sub, html in zip(under, parts[2::2], strict=True):
        html = re.sub(r'<span class="tip"[^>]*>[^<]*</span>|<abbr[^>]*>[^<]*</abbr>', "", html)
        text = " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())
        if sub.text.get(EN):  # the whole text, never cut with "…", under its own number
            assert plain(sub.text[EN]) in text, sub.id
        for example in sub.examples.get(EN, []):
            assert plain(example) in text, sub.id


def test_a_section_in_full_shows_the_chinese_of_each_subrule(client, by_id):
    rec = by_id[CURRENT + "702.19"]
    body = client.get("/mtg/cr/702.19").get_data(as_text=True)
    whole = whole_of(body)
    for sub in descendants(by_id, rec):
        translated = by_id.get(sub.lineage.get("translated") or "")
        if translated is not None and translated.text.get("zh-Hans"):
            chinese = re.sub(r"<[^>]+>", "", whole.split(f'id="{sub.number}"', 1)[1]
                             .split('<div class="sub', 1)[0])
            assert translated.text["zh-Hans"][:30] in unescape(chinese), sub.id


def test_a_section_in_full_marks_subrules_whose_english_changed_or_is_new(client, by_id):
    body = client.get("/mtg/cr/702.19").get_data(as_text=True)
    for sub in descendants(by_id, by_id[CURRENT + "702.19"]):
        head = body.split(f'id="{sub.number}"', 1)[1].split("</p>", 1)[0]
        status = sub.lineage.get("status")
        assert ('class="badge"' in head) == (status in ("changed", "new")), sub.id


def test_a_long_section_lists_each_term_definition_once(client):
    body = client.get("/mtg/cr/702").get_data(as_text=True)
    whole = whole_of(body)
    assert '<span class="tip"' not in whole.split('id="term-tips"', 1)[0]
    table = re.findall(r'<span class="tip" role="tooltip" lang="([^"]+)" data-href="([^"]+)">',
                       whole)
    assert table and len(table) == len(set(table))
    linked = set(re.findall(r'<div class="(zh|en)" lang="([^"]+)">', whole))
    assert {lang for _, lang in linked} == {lang for lang, _ in table}
    for href in set(re.findall(r'<a class="term" href="([^"]+)"', whole)):
        assert any(h == href for _, h in table), href


def test_a_chapter_lists_its_sections_by_title(client, by_id):
    chapter = by_id[CURRENT + "7"]
    body = client.get("/mtg/cr/7").get_data(as_text=True)
    assert '<section class="whole"' not in body
    children = body.split('<section class="children">', 1)[1].split("</section>", 1)[0]
    for section in chapter.children:
        assert f'href="/mtg/cr/{by_id[section].number}"' in children


# --- contents --------------------------------------------------------------------

def test_contents_lists_every_chapter_and_section(client, records):
    body = client.get("/mtg/cr").get_data(as_text=True)
    sections = [r for r in records if r.kind == "rule" and r.edition == CURRENT_CR
                and r.level == "section"]
    assert sections
    for rec in sections:
        assert f'href="/mtg/cr/{rec.number}"' in body


def test_force_of_will_contents(client, records):
    body = client.get("/fow/cr").get_data(as_text=True)
    chapters = [r for r in records if r.game == "fow" and r.kind == "rule"
                and r.level == "chapter"]
    assert chapters and all(f'href="/fow/cr/{c.number}"' in body for c in chapters)


# --- glossary ---------------------------------------------------------------------

def test_glossary_index_has_every_term_and_jump_links(client, records):
    body = client.get("/mtg/glossary").get_data(as_text=True)
    entries = [r for r in records if r.kind == "glossary" and r.game == "mtg"
               and r.edition == CURRENT_CR]
    for entry in entries:
        assert f'href="/mtg/glossary/{entry.slug}"' in body
    assert 'href="#en-T"' in body and 'id="en-T"' in body
    assert 'data-filter=".glossary-list li"' in body


def test_glossary_by_pinyin_lists_the_chinese_terms(client, records):
    body = client.get("/fow/glossary").get_data(as_text=True)
    pinyin = body.split('id="pinyin"', 1)[1]
    entry = next(r for r in records if r.kind == "glossary" and r.game == "fow")
    assert entry.term["zh-Hans"] in pinyin
    assert 'href="#py-' in body


def test_glossary_index_at_the_top_reaches_both_lists(client):
    """The pinyin list is not buried under 725 English entries: the index above
    both lists links to each, letter by letter."""
    body = client.get("/mtg/glossary").get_data(as_text=True)
    index = body.split('<nav class="glossary-index"', 1)[1].split("</nav>", 1)[0]
    assert body.index('<nav class="glossary-index"') < body.index('id="az"')
    assert 'href="#az"' in index and 'href="#pinyin"' in index
    for target in re.findall(r'href="#([^"]+)"', index):
        assert f'id="{target}"' in body
    assert {"en-T", "py-J"} <= set(re.findall(r'href="#([^"]+)"', index))
    # A Chinese reader gets the pinyin list first.
    chinese = client.get("/mtg/glossary?view=zh").get_data(as_text=True)
    assert chinese.index('id="pinyin"') < chinese.index('id="az"')


def test_glossary_entries_carry_every_form_a_reader_may_type(client):
    body = client.get("/mtg/glossary").get_data(as_text=True)
    keys = [unescape(k) for k in re.findall(
        rf'<li data-entry="mtg:glossary:{CURRENT_CR}:trample" data-key="([^"]*)"', body)]
    assert len(keys) == 2  # in the A–Z list and the pinyin list
    forms = keys[0].split("\n")
    assert {"trample", "践踏", "踐踏", "jian ta", "jianta"} <= set(forms)


@pytest.mark.parametrize("en, zh, forms", [
    ("Green", "绿色", {"green", "绿色", "綠色", "lv se", "lvse", "lu se", "luse"}),
    ("+1/+1 Counter", "+1/+1指示物", {"+1/+1 counter", "zhishiwu", "+1/+1指示物"}),
    ("Trample", "", {"trample"}),
])
def test_filter_keys_hold_both_scripts_and_pinyin(en, zh, forms):
    from judgebot.web.filterkeys import filter_key

    assert forms <= set(filter_key(en, zh).split("\n"))


def test_glossary_term_page_shows_definition_and_rules(client, by_id):
    entry = by_id[f"mtg:glossary:{CURRENT_CR}:trample"]
    response = client.get("/mtg/glossary/trample")
    assert response.status_code == 200
    assert entry.definition[EN][:30] in text_of(response)
    for rule in entry.rules:
        assert f'href="/mtg/cr/{rule.rsplit(":", 1)[1]}"' in response.get_data(as_text=True)


@pytest.mark.parametrize("name", ["Trample", "tramble", "TRAMPLE"])
def test_glossary_term_by_any_name_redirects_to_its_page(client, name):
    response = client.get(f"/mtg/glossary/{name}")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/mtg/glossary/trample")


def test_unknown_glossary_term_is_a_404_with_suggestions(client):
    response = client.get("/mtg/glossary/trampling-stampede")
    assert response.status_code == 404
    assert 'href="/mtg/glossary/trample' in response.get_data(as_text=True)


def test_force_of_will_glossary_term_page(client, records):
    entry = next(r for r in records if r.kind == "glossary" and r.game == "fow")
    response = client.get(f"/fow/glossary/{entry.slug}")
    assert response.status_code == 200
    assert zh_of(entry.definition)[:10] in text_of(response)


# --- cards, rulings, notes, guide, names ------------------------------------------

def test_card_list_pages_through_every_card_with_mana_symbols(client, search_service):
    total = search_service.store.count("mtg", "card")
    body = client.get("/mtg/cards").get_data(as_text=True)
    assert len(re.findall(r'<li><a href="/mtg/cards/', body)) == 60
    assert f"{total}" in body and 'rel="next"' in body and 'class="ms ' in body
    last = -(-total // 60)
    body = client.get(f"/mtg/cards?page={last}").get_data(as_text=True)
    assert 'rel="prev"' in body and 'rel="next"' not in body
    assert client.get(f"/mtg/cards?page={last + 1}").status_code == 404


@pytest.mark.parametrize(("query", "wanted", "unwanted"), [
    ("name=lightning+bolt", "/mtg/cards/lightning-bolt", "/mtg/cards/opt"),
    ("name=闪电击", "/mtg/cards/lightning-bolt", "/mtg/cards/opt"),
    ("name=閃電擊", "/mtg/cards/lightning-bolt", "/mtg/cards/opt"),
    ("type=goblin&colour=R&text=haste", "/mtg/cards/goblin-guide", "/mtg/cards/opt"),
    ("colour=U&text=scry+1", "/mtg/cards/opt", "/mtg/cards/lightning-bolt"),
    ("colour=colorless&type=artifact&name=sol+ring", "/mtg/cards/sol-ring", "/mtg/cards/opt"),
])
def test_card_list_filters(client, query, wanted, unwanted):
    body = client.get(f"/mtg/cards?{query}").get_data(as_text=True)
    assert f'href="{wanted}"' in body and f'href="{unwanted}"' not in body


@pytest.mark.parametrize("query", ["colour=purple", "page=0", "page=x", "name=" + "x" * 200,
                                   "colour=W,C"])
def test_card_list_refuses_bad_filters(client, query):
    response = client.get(f"/mtg/cards?{query}")
    assert response.status_code == 400 and "Traceback" not in response.get_data(as_text=True)


def test_a_filter_nothing_matches_says_so(client):
    body = client.get("/mtg/cards?name=zzzzqqqq").get_data(as_text=True)
    assert "没有符合条件的牌" in body


def test_card_page_has_cost_type_text_and_numbered_rulings(client, records, by_id):
    cards = [r for r in records if r.kind == "card" and r.rulings]
    if not cards:
        pytest.skip("the corpus has no cards with rulings yet")
    card = cards[0]
    response = client.get(f"/mtg/cards/{card.slug}")
    body, text = response.get_data(as_text=True), text_of(response)
    assert response.status_code == 200
    assert card.name.get("zh-Hans", "") in text and card.name.get(EN, "") in text
    for rid in card.rulings:
        ruling = by_id[rid]
        assert f'id="ruling-{ruling.index}"' in body
        assert zh_of(ruling.text)[:15] in text


def test_card_by_chinese_name_redirects_to_its_page(client, records):
    card = next((r for r in records if r.kind == "card" and r.name.get("zh-Hans")), None)
    if card is None:
        pytest.skip("the corpus has no cards yet")
    response = client.get(f"/mtg/cards/{card.name['zh-Hans']}")
    assert response.status_code == 302 and response.headers["Location"].endswith(card.slug)


def test_ruling_ids_resolve_to_the_card_page_anchor(client, records):
    ruling = next((r for r in records if r.kind == "ruling"), None)
    if ruling is None:
        pytest.skip("the corpus has no rulings yet")
    response = client.get(f"/id/{ruling.id}")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"#ruling-{ruling.index}")


def test_release_notes_link_to_the_keyword_rules(client, records):
    notes = [r for r in records if r.kind == "note"]
    index = client.get("/mtg/notes").get_data(as_text=True)
    if not notes:
        assert "尚无此类记录" in index
        return
    note = next(n for n in notes if n.rules)
    assert f'href="/mtg/notes/{note.slug}"' in index
    body = client.get(f"/mtg/notes/{note.slug}").get_data(as_text=True)
    assert 'href="/mtg/cr/' in body.split("关键词规则", 1)[1]


def test_guide_pages(client, records):
    guides = [r for r in records if r.kind == "guide"]
    index = client.get("/mtg/guide")
    assert index.status_code == 200
    if not guides:
        assert "尚无此类记录" in index.get_data(as_text=True)
        return
    rec = guides[0]
    page = client.get(f"/mtg/guide/{rec.number}")
    assert page.status_code == 200 and zh_of(rec.text)[:10] in text_of(page)


def test_provisional_names_page(client, records):
    names = [r for r in records if r.kind == "name"]
    body = client.get("/mtg/names").get_data(as_text=True)
    if not names:
        assert "尚无此类记录" in body
        return
    assert names[0].term.get(EN, "") in body


def test_every_record_id_resolves_to_a_page_that_exists(client, records):
    seen_kinds = set()
    for rec in records:
        if rec.kind in seen_kinds:
            continue
        seen_kinds.add(rec.kind)
        location = client.get(f"/id/{rec.id}").headers["Location"]
        page = client.get(location.split("#", 1)[0])
        assert page.status_code == 200, (rec.id, location)


def test_rule_page_lists_the_rulings_that_cite_it_or_its_older_text(client, records,
                                                                    search_service):
    ruling = next((r for r in records if r.kind == "ruling" and r.rules), None)
    if ruling is None:
        pytest.skip("the corpus has no rulings naming rules yet")
    cited = ruling.rules[0]
    current = search_service.store.lineage(cited).get("current") or cited
    number = current.rsplit(":", 1)[1]
    edition = current.split(":")[2]
    path = f"/mtg/cr/{number}" if edition == CURRENT_CR else f"/mtg/cr/{edition}/{number}"
    body = client.get(path).get_data(as_text=True)
    section = body.split('class="rulings-citing"', 1)[1].split("</section>", 1)[0]
    # Listed first (a release-notes ruling is in Chinese too), as the Oracle
    # ruling it is the same as when it is one.
    shown = search_service.store.get(ruling.same_as or ruling.id)
    card = search_service.store.get(shown.card)
    assert f"/mtg/cards/{card.slug}#ruling-" in section


def test_symbols_in_card_text_are_not_split_by_term_links(client, records):
    card = next((r for r in records if r.kind == "card" and "{横置}" in zh_of(r.text)), None)
    if card is None:
        pytest.skip("no card with a tap symbol in the corpus yet")
    body = client.get(f"/mtg/cards/{card.slug}").get_data(as_text=True)
    assert 'aria-label="tap"' in body and "{横置}" not in body


# --- where a record came from ----------------------------------------------------------

PROVENANCE = re.compile(r'<p class="provenance">(.*?)</p>', re.S)


@pytest.mark.parametrize("path, view, expected", [
    ("/mtg/cr/702.19b", "en", [f"Comprehensive Rules, {CURRENT_CR}, English, lines {{0}}"]),
    ("/mtg/cr/2019-10-04/702.19b", "en",
     ["Comprehensive Rules, 2019-10-04, English, lines {0}",
      "Comprehensive Rules, 2019-10-04, Simplified Chinese, lines {1}"]),
    ("/mtg/cr/2019-10-04/702.19b", "both",
     ["万智牌完整规则 2019-10-04（英文），第 {0} 行",
      "万智牌完整规则 2019-10-04（简体中文），第 {1} 行"]),
    ("/fow/cr/6.0/1102.1", "en", ["Force of Will Comprehensive Rules, 6.0, Traditional Chinese, "
                              "line {0}"]),
])
def test_source_lines_name_the_document_edition_language_and_lines(client, by_id, path, view,
                                                                      expected):
    rid = {"/mtg/cr/702.19b": CURRENT + "702.19b",
           "/mtg/cr/2019-10-04/702.19b": "mtg:cr:2019-10-04:702.19b",
           "/fow/cr/6.0/1102.1": "fow:cr:6.0:1102.1"}[path]
    spans = [f"{s.start}" if s.start == s.end else f"{s.start}–{s.end}"
             for s in by_id[rid].source]
    body = client.get(f"{path}?view={view}").get_data(as_text=True)
    shown = re.findall(r'<span class="span">([^<]*)</span>', PROVENANCE.search(body).group(1))
    assert [unescape(s) for s in shown] == [e.format(*spans) for e in expected]


def test_no_page_shows_the_corpus_file_names(client, records):
    """Every kind of record's page names its document, never a file; the API
    keeps the files and lines for whoever traces a statement back."""
    files = {span.file for rec in records for span in rec.source}
    seen = set()
    for rec in records:
        if (rec.kind, rec.edition) in seen or rec.kind == "name":
            continue
        seen.add((rec.kind, rec.edition))
        location = client.get(f"/id/{rec.id}").headers["Location"]
        for view in ("both", "en"):
            sep = "&" if "?" in location else "?"
            body = client.get(location.split("#", 1)[0] + sep + "view=" + view) \
                .get_data(as_text=True)
            assert PROVENANCE.search(body), location
            for name in files:
                assert name not in body and name.rsplit("/", 1)[-1] not in body, (location, name)
    api = client.get("/api/v1/rule/702.19b").get_json()
    assert api["source"][0]["file"] in files and api["source"][0]["start"] > 0
