"""The OpenAPI description of the simulation endpoints (merged into
:func:`judgebot.web.openapi.document`)."""

from __future__ import annotations

from judgebot.engine.limits import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_NODES

ERROR = {"$ref": "#/components/schemas/Error"}

PLAYER = {"type": "object", "properties": {
    "name": {"type": "string"}, "life": {"type": "integer"}, "poison": {"type": "integer"},
    "lost": {"type": "boolean"}, "won": {"type": "boolean"},
    "hand": {"type": "array", "items": {"$ref": "#/components/schemas/SimCard"}},
    "graveyard": {"type": "array", "items": {"$ref": "#/components/schemas/SimCard"}},
    "exile": {"type": "array", "items": {"$ref": "#/components/schemas/SimCard"}},
    "library": {"type": ["array", "null"], "description": "Top first; null when the scenario "
                "gives no library (unknown, never runs out)."},
    "mana": {"type": "string"}}}
CARD = {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                                         "zh": {"type": "string"}}}
PERMANENT = {"type": "object", "description": "A permanent as drawn: characteristics after "
             "every continuous effect.", "properties": {
                 "id": {"type": "integer", "description": "Object id; a new object after a "
                        "zone change (400.7)."},
                 "name": {"type": "string"}, "zh": {"type": "string"},
                 "alias": {"type": "string"}, "controller": {"type": "string"},
                 "owner": {"type": "string"},
                 "types": {"type": "array", "items": {"type": "string"}},
                 "subtypes": {"type": "array", "items": {"type": "string"}},
                 "power": {"type": ["integer", "null"]},
                 "toughness": {"type": ["integer", "null"]},
                 "printed": {"type": "array", "items": {"type": "integer"}},
                 "tapped": {"type": "boolean"}, "damage": {"type": "integer"},
                 "counters": {"type": "object", "additionalProperties": {"type": "integer"}},
                 "keywords": {"type": "array", "items": {"type": "string"}},
                 "attached_to": {"type": ["integer", "string", "null"]},
                 "attacking": {"type": "object", "description": "{player} or {id, name}"},
                 "blocking": {"type": "array", "items": {"type": "object"}}}}
STACK_ITEM = {"type": "object", "properties": {
    "id": {"type": "integer"}, "kind": {"type": "string", "enum": ["spell", "ability"]},
    "name": {"type": "string"}, "zh": {"type": "string"}, "controller": {"type": "string"},
    "copy": {"type": "boolean"}, "text": {"type": "string"},
    "targets": {"type": "array", "items": {"type": "object"}}}}
BOARD = {"type": "object", "properties": {
    "turn": {"type": "integer"}, "active": {"type": "string"}, "step": {"type": "string"},
    "players": {"type": "array", "items": PLAYER},
    "permanents": {"type": "array", "items": PERMANENT},
    "stack": {"type": "array", "items": STACK_ITEM, "description": "Top first."},
    "over": {"type": "boolean"}}}
RULE = {"type": "object", "properties": {
    "number": {"type": "string"}, "found": {"type": "boolean"}, "url": {"type": "string"},
    "en": {"type": "string", "description": "English text, current rules (2025-11-14)"},
    "zh": {"type": "string", "description": "Chinese text of the 2019-10-04 rule it descends "
           "from"},
    "zh_number": {"type": "string"}, "zh_url": {"type": "string"},
    "status": {"type": "string", "description": "Lineage: unchanged, changed, new"},
    "moved_from": {"type": "string"}}}
REFUSAL = {"type": ["object", "null"], "properties": {
    "message": {"type": "string"}, "message_zh": {"type": "string"},
    "line": {"type": ["integer", "null"], "description": "Scenario line at fault"},
    "rules": {"type": "array", "items": {"type": "string"}},
    "kind": {"type": "string", "enum": ["bad-input", "illegal", "unsupported", "limit",
                                        "internal"]}}}
RESULT = {"type": "object", "properties": {
    "ok": {"type": "boolean", "description": "Every expectation holds and nothing was refused"},
    "status": {"type": "string", "enum": ["holds", "fails", "refused", "unchecked",
                                          "readable"]},
    "exit_code": {"type": "integer", "description": "As `judgebot simulate`: 0, 1 or 2"},
    "title": {"type": "string"},
    "refused": REFUSAL,
    "expectations": {"type": "array", "items": {"type": "object", "properties": {
        "check": {"type": "string"}, "ok": {"type": "boolean"}, "actual": {},
        "expected": {}, "line": {"type": ["integer", "null"]}}}},
    "steps": {"type": "array", "items": {"type": "object", "properties": {
        "index": {"type": "integer"}, "event": {"type": "string"}, "text": {"type": "string"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "turn": {"type": "integer"}, "step": {"type": "string"},
        "step_name": {"type": "object"}, "line": {"type": ["integer", "null"]},
        "board": {"oneOf": [{"$ref": "#/components/schemas/SimBoard"}, {"type": "null"}]},
        "changes": {"type": ["object", "null"]}}}},
    "initial": {"oneOf": [{"$ref": "#/components/schemas/SimBoard"}, {"type": "null"}]},
    "final": {"oneOf": [{"$ref": "#/components/schemas/SimBoard"}, {"type": "null"}]},
    "state": {"type": "object", "description": "The engine's own final-state summary"},
    "rules": {"type": "object", "additionalProperties": RULE},
    "branches": {"type": "array", "items": {"type": "object"}},
    "permalink": {"type": ["string", "null"]},
    "timing": {"type": "object"}}}

SCHEMAS = {"SimBoard": BOARD, "SimCard": CARD}


def paths() -> dict:
    limits = (f"At most {MAX_BYTES // 1024} KB of UTF-8 text, {MAX_NODES} YAML nodes (aliases "
              f"counted as what they stand for), {MAX_ALIASES} aliases, nesting {MAX_DEPTH} "
              "deep; each run has a time and a memory budget.")
    example = {"type": "object", "properties": {
        "id": {"type": "string"}, "title": {"type": "string"}, "url": {"type": "string"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "cards": {"type": "array", "items": {"type": "string"}}}}
    return {
        "/api/v1/simulate": {"post": {
            "summary": "Simulate a scenario (format v0) step by step, with the board at every "
                       "step and the rules applied", "operationId": "simulate",
            "description": "A scenario the engine refuses (bad YAML, an unknown name, an "
                           "illegal action, a mechanic it lacks, a budget exceeded) is a 200 "
                           "answer with `refused` set and the scenario line at fault. " + limits,
            "parameters": [{"name": "script", "in": "query", "required": False,
                            "description": "Chinese script of the returned Chinese text",
                            "schema": {"type": "string", "enum": ["hans", "hant"]}},
                           {"name": "check", "in": "query", "required": False,
                            "description": "`read`: only read the scenario (YAML, keys, "
                            "cards, steps) without playing it; status `readable` or "
                            "`refused`, no steps. What the editor asks while one types.",
                            "schema": {"type": "string", "enum": ["read"]}}],
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": {"type": "object", "required": ["scenario"],
                                                "properties": {"scenario": {"type": "string"}}}},
                "application/yaml": {"schema": {"type": "string"}},
                "text/plain": {"schema": {"type": "string"}}}},
            "responses": {
                "200": {"description": "The simulation, or the engine's refusal",
                        "content": {"application/json": {"schema": RESULT}}},
                "400": {"description": "No scenario, not UTF-8 text, or control characters",
                        "content": {"application/json": {"schema": ERROR}}},
                "413": {"description": "The scenario is too long",
                        "content": {"application/json": {"schema": ERROR}}},
                "503": {"description": "Every worker busy; retry after the Retry-After header",
                        "content": {"application/json": {"schema": ERROR}}}}}},
        "/api/v1/simulate/examples": {"get": {
            "summary": "The gallery of example scenarios, grouped by mechanic",
            "operationId": "simulateExamples",
            "responses": {"200": {"description": "Groups with their examples", "content": {
                "application/json": {"schema": {"type": "object", "properties": {
                    "groups": {"type": "array", "items": {"type": "object", "properties": {
                        "key": {"type": "string"}, "zh": {"type": "string"},
                        "en": {"type": "string"},
                        "examples": {"type": "array", "items": example}}}}}}}}}}}},
        "/api/v1/simulate/examples/{example}": {"get": {
            "summary": "One example scenario with its YAML text",
            "operationId": "simulateExample",
            "parameters": [{"name": "example", "in": "path", "required": True,
                            "description": "The example's id (its file name)",
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "The example", "content": {
                "application/json": {"schema": {"type": "object"}}}},
                "404": {"description": "No such example",
                        "content": {"application/json": {"schema": ERROR}}}}}},
    }
