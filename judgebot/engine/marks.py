"""YAML read with line marks: every mapping and list remembers the line of each
of its keys and items, so that every complaint about a scenario or a card
script names the line at fault.

The loader is PyYAML's safe loader (the C one when available), extended only
to keep those lines, to keep how a float was written (rule numbers such as
``614.10`` are floats to YAML), and to refuse integers too long to be anything
but a mistake (Python refuses to read integers of more than 4,300 digits, and
the engine has no use for more than a few).
"""

from __future__ import annotations

from typing import Any

import yaml

from judgebot.engine.errors import BadInput, Refusal
from judgebot.engine.limits import MAX_DEPTH, check_size, check_structure
from judgebot.messages import Message, msg

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_INT_DIGITS = 30


class Marked:
    """Mixin: line numbers of a YAML mapping or sequence (1-based)."""

    line: int = 0
    lines: dict[Any, int]


class MDict(dict, Marked):
    pass


class MList(list, Marked):
    pass


class RawFloat(float):
    """A float that remembers how it was written: rule numbers such as ``614.10`` are
    floats to YAML, and ``str(614.10)`` would drop the zero."""

    raw: str = ""


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> MDict:
    loader.flatten_mapping(node)
    out = MDict()
    out.line = node.start_mark.line + 1
    out.lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, list | dict):
            raise BadInput(msg("marks.construct_mapping"), key_node.start_mark.line + 1)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: Any, node: yaml.SequenceNode) -> MList:
    out = MList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.lines = {i: child.start_mark.line + 1 for i, child in enumerate(node.value)}
    return out


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    value = RawFloat(yaml.SafeLoader.construct_yaml_float(loader, node))
    value.raw = str(node.value)
    return value


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    digits = sum(ch.isdigit() for ch in str(node.value))
    if digits > MAX_INT_DIGITS:
        raise BadInput(msg("marks.construct_int", digits=digits, max_int_digits=MAX_INT_DIGITS),
            node.start_mark.line + 1)
    return yaml.SafeLoader.construct_yaml_int(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(text: str) -> Any:
    """YAML as :func:`yaml.safe_load` reads it, with line numbers kept, once its size
    and structure are within :mod:`judgebot.engine.limits`."""
    check_size(text)
    check_structure(text)
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except RecursionError:  # nesting the limits let through but Python can't follow
        raise Refusal(msg("limit.depth", max=MAX_DEPTH, line="?"), kind="limit") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        hint = msg("list.nothing")
        if "{" in text and "found unhashable key" in str(exc) or "expected ',' or '}'" in \
                str(exc):
            hint = msg("marks.quote_mana_costs")
        raise BadInput(msg("marks.load_yaml", value=yaml_problem(exc.problem or str(exc)),
                           hint=hint), line) from None
    except yaml.YAMLError as exc:
        raise BadInput(msg("marks.load_yaml.2", exc=exc)) from None


# What PyYAML says of a text it can't read, as the catalogue's codes (anything else is
# quoted as PyYAML says it).
YAML_PROBLEMS = {
    "found unexpected end of stream": "yaml.end_of_stream",
    "did not find expected ',' or ']'": "yaml.expected_comma_bracket",
    "did not find expected ',' or '}'": "yaml.expected_comma_brace",
    "mapping values are not allowed here": "yaml.mapping_values",
    "could not find expected ':'": "yaml.expected_colon",
    "did not find expected key": "yaml.expected_key",
    "did not find expected '-' indicator": "yaml.expected_dash",
    "found unhashable key": "yaml.unhashable_key",
    "found character '\\t' that cannot start any token": "yaml.tab",
    "found undefined alias": "yaml.undefined_alias",
    "found duplicate anchor": "yaml.duplicate_anchor",
    "found unexpected ':'": "yaml.unexpected_colon",
    "found unknown escape character": "yaml.escape",
    "expected a comment or a line break": "yaml.expected_line_break",
    "did not find expected node content": "yaml.expected_node",
}


def yaml_problem(problem: str) -> Message | str:
    code = YAML_PROBLEMS.get(problem)
    return msg(code) if code else problem


def line_of(container: Any, key: Any, default: int | None = None) -> int | None:
    """The line of ``key`` in a marked mapping or list (else of the container itself)."""
    lines = getattr(container, "lines", None)
    if lines and key in lines:
        return lines[key]
    return getattr(container, "line", default) or default


MAX_NUMBER = 10**9  # more than any count, life total or X a real game reaches


def whole(value: Any, what: str, line: int | None, low: int = -MAX_NUMBER,
          high: int = MAX_NUMBER) -> int:
    """``value`` as a whole number between ``low`` and ``high`` (a numeric string is
    read), or a refusal naming ``what`` at ``line``: never an OverflowError for
    ``.inf``, a ValueError for ``abc``, or a number too large to compute with."""
    if isinstance(value, bool):
        raise BadInput(msg("marks.whole", what=what, value=str(value).lower()), line)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and \
            len(value.strip()) <= MAX_INT_DIGITS:
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int):
        raise BadInput(msg("marks.whole.2", what=what, value=str(value)[:40]), line)
    if not low <= value <= high:
        raise BadInput(msg("marks.whole.3", what=what, low=low, high=high), line)
    return value
