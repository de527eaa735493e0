"""The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json."""

from __future__ import annotations

from functools import cache

from judgebot.search.service import FILTERS
from judgebot.web.params import MAX_PAGE, MAX_PARAM_CHARS, MAX_PER_PAGE
from judgebot.web.simulate import openapi as simulate_openapi


def _param(name: str, description: str, schema: dict, where: str = "query",
           required: bool = False) -> dict:
    return {"name": name, "in": where, "required": required or where == "path",
            "description": description, "schema": schema}


GAME = _param("game", "Which game's rules: mtg (default) or fow.",
              {"type": "string", "enum": ["mtg", "fow"], "default": "mtg"})
EDITION = _param("edition", "An edition of the document, e.g. 2019-10-04; default: the "
                 "current one. An unknown edition is a 400.", {"type": "string"})
PAGE = _param("page", "Page number, from 1.", {"type": "integer", "minimum": 1, "default": 1})
PER_PAGE = _param("per_page", f"Items per page, at most {MAX_PER_PAGE}.",
                  {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE})
SCRIPT = _param("script", "Chinese script of the returned Chinese text: hans (Simplified, "
                "default) or hant (Traditional).", {"type": "string", "enum": ["hans", "hant"]})
FILTER = _param("filter", "Keep only entries whose name contains this text.",
                {"type": "string", "maxLength": 100})

REF = {"type": "object", "properties": {"id": {"type": "string"}, "label": {"type": "string"},
                                        "url": {"type": "string"}}, "required": ["id"]}
LANGS = {"type": "object", "additionalProperties": {"type": "string"},
         "description": "Text per language: en, zh-Hans, zh-Hant."}
ERROR = {
    "type": "object",
    "properties": {"error": {"type": "object", "required": ["status", "message"], "properties": {
        "status": {"type": "integer"}, "message": {"type": "string"},
        "suggestions": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}}}}},
    "required": ["error"],
}
HIT = {"type": "object", "properties": {
    "id": {"type": "string"}, "kind": {"type": "string"}, "group": {
        "type": "string", "enum": ["rules", "glossary", "cards", "notes", "guide", "fow",
                                   "policy"]},
    "game": {"type": "string"}, "edition": {"type": "string"}, "url": {"type": "string"},
    "label": {"type": "string"}, "number": {"type": "string"},
    "title_en": {"type": "string"}, "title_zh": {"type": "string"},
    "breadcrumb": {"type": "array", "items": {"type": "object"}},
    "snippets": {"type": "object", "description": "HTML-safe excerpts per language (en, zh): "
                 "all text escaped, matches in <mark>.",
                 "additionalProperties": {"type": "string"}},
    "matched": {"type": "array", "items": {"type": "string"}},
    "pinned": {"type": "string", "description": "Why the hit was put first, if it was."}}}

STEP = {"type": "object", "required": ["edition", "event"], "properties": {
    "edition": {"type": "string"},
    "event": {"type": "string", "enum": ["earliest", "added", "unchanged", "changed", "moved",
                                         "removed"],
              "description": "earliest: in the oldest edition of the corpus"},
    "id": {"type": "string"}, "number": {"type": "string"}, "url": {"type": "string"},
    "moved_from": {"type": "string", "description": "Its number in the edition before"},
    "diff": {"type": "object", "description": "Word diff against the edition before: html "
             "(<ins>/<del>), removed_words, added_words"}}}
EDITION_LINK = {"type": "object", "properties": {
    "edition": {"type": "string"}, "url": {"type": "string"}, "number": {"type": "string"},
    "relation": {"type": "string", "enum": ["this", "same", "moved", "different"],
                 "description": "different: the same number is another rule in that edition"}}}


CARD = {"type": "object", "properties": {
    "id": {"type": "string"}, "slug": {"type": "string"}, "url": {"type": "string"},
    "name": LANGS, "mana_cost": {"type": "string"}, "type_line": LANGS, "text": LANGS,
    "supertypes": {"type": "array", "items": {"type": "string"}},
    "types": {"type": "array", "items": {"type": "string"}},
    "subtypes": {"type": "array", "items": {"type": "string"}},
    "power": {"type": "string"}, "toughness": {"type": "string"}, "loyalty": {"type": "string"},
    "colours": {"type": "array", "items": {"type": "string"}},
    "colour_identity": {"type": "array", "items": {"type": "string"}},
    "faces": {"type": "array", "items": {"type": "object"}},
    "aliases": {"type": "array", "items": {"type": "string"}},
    "nicknames": {"type": "array", "items": {"type": "string"}},
    "set": {"type": "string", "description": "The set whose release notes give its Chinese "
            "text and rulings, if any."},
    "rulings": {"type": "array", "items": {"type": "object", "properties": {
        "id": {"type": "string"}, "date": {"type": "string"}, "text": LANGS,
        "url": {"type": "string"},
        "rules": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}}}}},
    "rules": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"},
              "description": "The rules its text's keywords, rule numbers and terms use."},
    "engine": {"type": "object", "description": "Whether the rules engine can read the card, "
               "and if not the abilities (lines of its text) it cannot; `scripted` when the "
               "engine has its own script of the card.", "properties": {
                   "readable": {"type": "boolean"},
                   "unread": {"type": "array", "items": {"type": "string"}},
                   "scripted": {"type": "boolean"}}}}}
CARDS = {"type": "object", "properties": {
    "game": {"type": "string"}, "filters": {"type": "object"}, "total": {"type": "integer"},
    "page": {"type": "integer"}, "per_page": {"type": "integer"}, "pages": {"type": "integer"},
    "items": {"type": "array", "items": {"type": "object", "properties": {
        "id": {"type": "string"}, "slug": {"type": "string"}, "name": LANGS,
        "mana_cost": {"type": "string"}, "type_line": LANGS,
        "colours": {"type": "array", "items": {"type": "string"}}, "url": {"type": "string"}}}}}}
QUOTE = {"type": "object", "properties": {
    "id": {"type": "string"}, "kind": {"type": "string"}, "label": {"type": "string"},
    "url": {"type": ["string", "null"]}, "title": LANGS, "text": LANGS,
    "sentence": {"type": "object", "description": "The sentence that matters, per language."},
    "why": {"type": "array", "items": {"type": "string"}},
    "matched": {"type": "array", "items": {"type": "string"}}, "score": {"type": "number"},
    "translated_from": {"type": ["string", "null"], "description": "The 2019-10-04 rule "
                        "whose Chinese is quoted, when it is not this rule itself."},
    "english_changed": {"type": ["boolean", "null"]}}}
ANSWER = {"type": "object", "properties": {
    "question": {"type": "string"},
    "understanding": {"type": "object", "description": "Language, script and the entities "
                      "found: rule numbers, terms, cards, P/T, counters, zones, steps, players."},
    "confidence": {"type": "string", "enum": ["strong", "likely", "weak", "none"]},
    "message": {"type": "string"},
    "simulation": {"type": ["object", "null"], "description": "The engine's outcome for the "
                   "situation described: summary, log (each step with its rules), state, "
                   "scenario (YAML)."},
    "rules": {"type": "array", "items": QUOTE}, "rulings": {"type": "array", "items": QUOTE},
    "glossary": {"type": "array", "items": QUOTE}, "notes": {"type": "array", "items": QUOTE}}}


SECTION = {"type": "object", "description": "A section of the Tournament Rules or the IPG.",
           "properties": {
               "id": {"type": "string", "examples": ["mtg:ipg:2024-09-23:2.2"]},
               "kind": {"type": "string", "enum": ["mtr", "ipg"]},
               "edition": {"type": "string", "description": "The effective date."},
               "number": {"type": "string", "description": "4.2, 4, appendix-a or "
                          "introduction"},
               "level": {"type": "string",
                         "enum": ["introduction", "chapter", "section", "appendix"]},
               "label": {"type": "string", "examples": ["IPG 2.2"]},
               "url": {"type": "string"}, "title": LANGS,
               "text": {**LANGS, "description": "The English text (paragraphs by line)."},
               "paragraphs": {"type": "array", "items": {"type": "object"},
                              "description": "Blocks in order: kind (paragraph, bullet, item, "
                              "example, table, heading, penalty, upgrade, downgrade), text, "
                              "line; an infraction's also name their part."},
               "aliases": {"type": "object", "description": "Other names, per language."},
               "infraction": {"type": "boolean"},
               "name": LANGS, "category": LANGS, "penalty": LANGS,
               "definition": LANGS, "philosophy": LANGS, "remedy": LANGS,
               "examples": {"type": "object"}, "upgrade": {"type": "object"},
               "downgrade": {"type": "object"},
               "breadcrumb": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
               "neighbours": {"type": "object"},
               "see": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"},
                       "description": "The other document's section on the same matter."},
               "cites": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
               "cited_by": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
               "editions": {"type": "array", "items": {"type": "string"}}}}


def _policy_paths() -> dict:
    """The Tournament Rules (mtr) and the Infraction Procedure Guide (ipg)."""
    paths = {}
    for doc, name in (("mtr", "Magic Tournament Rules"),
                      ("ipg", "Infraction Procedure Guide")):
        edition = dict(EDITION, description=f"An edition of the {name} (its effective "
                       "date); default: the current one. An unknown edition is a 400.")
        paths[f"/api/v1/{doc}"] = {"get": {
            "summary": f"Contents of the {name}" + (", each infraction with its penalty"
                                                    if doc == "ipg" else ""),
            "operationId": f"{doc}Contents", "parameters": [edition],
            "responses": {"200": _ok("Chapters with their sections", {"type": "object"}),
                          **_errors(400)}}}
        paths[f"/api/v1/{doc}/{{section}}"] = {"get": {
            "summary": f"One section of the {name}" + (" (an infraction with its penalty, "
                                                      "parts and remedy)" if doc == "ipg" else ""),
            "operationId": f"{doc}Section",
            "parameters": [_param("section", "4.2, appendix-a, \"Appendix A\" or introduction",
                                  {"type": "string", "maxLength": 40}, "path"), edition],
            "responses": {"200": _ok("The section", {"$ref": "#/components/schemas/Section"}),
                          **_errors(400, 404)}}}
    return paths


def _ok(description: str, schema: dict) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict:
    text = {400: "Bad parameter (message says which and why).", 404: "Not found; "
            "suggestions may name what exists.", 413: "Request body too large.",
            414: "Parameters too long."}
    return {str(c): {"description": text[c], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}}}} for c in codes}


def _list(item: dict) -> dict:
    return {"type": "object", "properties": {
        "total": {"type": "integer"}, "page": {"type": "integer"},
        "per_page": {"type": "integer"}, "pages": {"type": "integer"},
        "items": {"type": "array", "items": item}}}


@cache
def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "judgebot API", "version": "1",
                 "description": "Bilingual (Chinese/English) Magic: The Gathering and Force of "
                 "Will rules: search, rules with cross-references and lineage, glossary, cards "
                 "and rulings. Every error is JSON with its HTTP status."},
        "paths": {
            "/api/v1/": {"get": {"summary": "This API's endpoints", "operationId": "index",
                                 "responses": {"200": _ok("Endpoints", {"type": "object"})}}},
            "/api/v1/openapi.json": {"get": {
                "summary": "This document", "operationId": "openapi",
                "responses": {"200": _ok("OpenAPI 3.1 document", {"type": "object"})}}},
            "/api/v1/search": {"get": {
                "summary": "Search rules, glossary, cards, rulings and notes in any language",
                "operationId": "search",
                "parameters": [
                    _param("q", "A rule number (702.19b), keyword (trample, 践踏, jianta) or "
                           f"question; at most {MAX_PARAM_CHARS} characters.",
                           {"type": "string", "maxLength": MAX_PARAM_CHARS}, required=True),
                    *[_param(f, f"Only results with this {f}.", {"type": "string"})
                      for f in FILTERS],
                    _param("page", f"Page number, 1 to {MAX_PAGE}.",
                           {"type": "integer", "minimum": 1, "maximum": MAX_PAGE}),
                    dict(PER_PAGE, schema={"type": "integer", "minimum": 1,
                                           "maximum": MAX_PER_PAGE, "default": 10}),
                    SCRIPT],
                "responses": {"200": _ok("Results", {"type": "object", "properties": {
                    "query": {"type": "string"}, "total": {"type": "integer"},
                    "page": {"type": "integer"}, "per_page": {"type": "integer"},
                    "pages": {"type": "integer"},
                    "hits": {"type": "array", "items": {"$ref": "#/components/schemas/Hit"}},
                    "groups": {"type": "array", "items": {"type": "string"}},
                    "rule": {"type": ["string", "null"],
                             "description": "Id of the rule a rule number resolved to."},
                    "rule_url": {"type": ["string", "null"]},
                    "card": {"type": ["string", "null"], "description": "Id of the card the "
                             "whole query names exactly (its name in any language, a face, "
                             "a nickname)."},
                    "card_url": {"type": ["string", "null"]},
                    "suggestion": {"type": ["string", "null"], "description": "Did you mean"},
                    "message": {"type": ["string", "null"]},
                    "expansions": {"type": "array", "items": {"type": "string"}},
                    "filters": {"type": "object"}}}), **_errors(400, 414)}}},
            "/api/v1/rule/{number}": {"get": {
                "summary": "One rule with breadcrumb, neighbours, references, rulings and "
                           "lineage", "operationId": "rule",
                "parameters": [_param("number", "Rule number, e.g. 702.19b or 1102.1",
                                      {"type": "string"}, "path"), GAME, EDITION],
                "responses": {"200": _ok("The rule", {"type": "object", "properties": {
                    "id": {"type": "string"}, "number": {"type": "string"},
                    "edition": {"type": "string"}, "text": LANGS, "title": LANGS,
                    "citation": {"type": "string"}, "url": {"type": "string"},
                    "breadcrumb": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
                    "neighbours": {"type": "object"},
                    "cites": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
                    "cited_by": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
                    "rulings": {"type": "array", "items": {"$ref": "#/components/schemas/Ref"}},
                    "lineage": {"type": "object", "description": "status (unchanged, changed, "
                                "new, removed) against the translated (2019-10-04) rule, "
                                "current and translated rules, word diff, changed_in (the "
                                "editions that changed it since), history"},
                    "editions": {"type": "array", "items": EDITION_LINK},
                    "translation": {"type": "object"}}}), **_errors(400, 404)}}},
            "/api/v1/rule/{number}/history": {"get": {
                "summary": "A rule's history through every edition of the rules: when it "
                           "appeared, changed (with a word diff), moved or was removed",
                "operationId": "rule_history",
                "parameters": [_param("number", "Rule number, e.g. 702.19b (in the edition "
                                      "named, else the current one, else the newest edition "
                                      "that has it)", {"type": "string"}, "path"),
                               GAME, EDITION],
                "responses": {"200": _ok("The history, oldest edition first", {
                    "type": "object", "properties": {
                        "rule": {"$ref": "#/components/schemas/Ref"},
                        "current": {"type": ["string", "null"],
                                    "description": "Id of the rule in the current edition"},
                        "history": {"type": "array", "items": STEP},
                        "editions": {"type": "array", "items": EDITION_LINK}}}),
                    **_errors(400, 404)}}},
            "/api/v1/contents": {"get": {
                "summary": "Chapters and sections of a rules document",
                "operationId": "contents", "parameters": [GAME, EDITION],
                "responses": {"200": _ok("The tree", {"type": "object"}), **_errors(400, 404)}}},
            "/api/v1/glossary": {"get": {
                "summary": "Glossary terms", "operationId": "glossary",
                "parameters": [GAME, EDITION, FILTER, PAGE, PER_PAGE, SCRIPT],
                "responses": {"200": _ok("Terms", _list({"type": "object"})),
                              **_errors(400, 404)}}},
            "/api/v1/glossary/{term}": {"get": {
                "summary": "One glossary term (by slug, name in either language or script, "
                           "pinyin, or a misspelling)", "operationId": "glossaryTerm",
                "parameters": [_param("term", "The term", {"type": "string"}, "path"),
                               GAME, EDITION],
                "responses": {"200": _ok("The term", {"type": "object"}),
                              **_errors(400, 404)}}},
            "/api/v1/cards": {"get": {
                "summary": "Cards (about 30,000), filtered and paginated",
                "operationId": "cards",
                "parameters": [
                    GAME,
                    _param("name", "Cards whose name (English, Chinese in either script, or "
                           "another name it is printed by) contains this text.",
                           {"type": "string", "maxLength": 100}),
                    _param("type", "Cards whose type line contains this text (Creature, "
                           "Goblin, 生物 …).", {"type": "string", "maxLength": 100}),
                    _param("colour", "Cards of every colour given: letters of WUBRG, C for "
                           "colourless, or white, blue, black, red, green, colorless, "
                           "comma-separated; a card's colours are those of its mana costs.",
                           {"type": "string", "maxLength": 40}),
                    _param("text", "Cards whose rules text (English Oracle text, or Chinese) "
                           "contains this text.", {"type": "string", "maxLength": 200}),
                    _param("filter", "An older name of `name`.",
                           {"type": "string", "maxLength": 100}),
                    PAGE,
                    _param("per_page", "Cards per page, at most 100.",
                           {"type": "integer", "minimum": 1, "maximum": 100, "default": 50})],
                "responses": {"200": _ok("Cards", CARDS), **_errors(400, 404)}}},
            "/api/v1/card/{card}": {"get": {
                "summary": "One card: Oracle text, Chinese name and text, faces, rulings "
                           "with the rules they concern, the rules its text uses, and whether "
                           "the rules engine can read it", "operationId": "card",
                "parameters": [_param("card", "The card's slug, or any name it is known by: "
                                      "English, Chinese (either script), pinyin, a face, a "
                                      "nickname, part of its name or a misspelling of it",
                                      {"type": "string", "maxLength": MAX_PARAM_CHARS}, "path"),
                               GAME],
                "responses": {"200": _ok("The card", CARD), **_errors(400, 404)}}},
            "/api/v1/ask": {
                "get": {"summary": "Answer a judge call (question in Chinese, English or both)",
                        "operationId": "ask",
                        "parameters": [_param("q", "The question, at most 2000 characters.",
                                              {"type": "string", "maxLength": 2000},
                                              required=True)],
                        "responses": {"200": _ok("The answer", ANSWER), **_errors(400, 414)}},
                "post": {"summary": "Answer a judge call (JSON body)", "operationId": "askPost",
                         "requestBody": {"required": True, "content": {"application/json": {
                             "schema": {"type": "object", "required": ["question"],
                                        "properties": {"question": {
                                            "type": "string", "maxLength": 2000}}}}}},
                         "responses": {"200": _ok("The answer", ANSWER),
                                       **_errors(400, 413)}}},
            **simulate_openapi.paths(),
            **_policy_paths(),
        },
        "components": {"schemas": {"Error": ERROR, "Ref": REF, "Hit": HIT, "Section": SECTION,
                                   **simulate_openapi.SCHEMAS}},
    }
