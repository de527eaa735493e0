"""What a scenario may be before the engine reads it: its size, nesting depth, number
of YAML nodes and aliases.

Scenarios are small: the largest in the test suite is under 1 KB, about 110
YAML nodes nested 5 deep. The limits below leave room for thirty times that
and refuse what is not a scenario: megabytes of text, nesting thousands deep
(which would exhaust Python's recursion long before the engine ran), and "YAML
bombs" (anchors and aliases that stand for exponentially many nodes: each alias
is counted as the nodes it stands for, while the event stream is read, so the
bomb is never expanded). Every caller gets them: the web, the CLI, the judge.
"""

from __future__ import annotations

import yaml

from judgebot.engine.errors import Refusal
from judgebot.messages import msg

MAX_BYTES = 32 * 1024
MAX_DEPTH = 16
MAX_NODES = 3000  # scalars and collections, every alias counted as what it stands for
MAX_ALIASES = 64
_Parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check_size(text: str) -> None:
    """Refuse text over :data:`MAX_BYTES` of UTF-8."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise Refusal(msg("limit.too_long", size=f"{size:,}", max=f"{MAX_BYTES // 1024} KB"),
                      kind="limit")


def check_structure(text: str) -> None:
    """Nesting depth, node count and aliases, read from the YAML event stream
    without building anything. A syntax error is left for the loader, which
    reports it with its line."""
    depth = nodes = aliases = 0
    anchored: dict[str, int] = {}  # anchor -> nodes it stands for
    open_: list[tuple[str | None, int]] = []  # (anchor, node count when it opened)
    try:
        for event in yaml.parse(text, Loader=_Parser):
            line = event.start_mark.line + 1
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                nodes += 1
                if depth > MAX_DEPTH:
                    raise Refusal(msg("limit.depth", max=MAX_DEPTH, line=line), line,
                                  kind="limit")
                open_.append((event.anchor, nodes))
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                anchor, start = open_.pop()
                if anchor:
                    anchored[anchor] = nodes - start + 1
            elif isinstance(event, yaml.ScalarEvent):
                nodes += 1
                if event.anchor:
                    anchored[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise Refusal(msg("limit.aliases", max=MAX_ALIASES, line=line), line,
                                  kind="limit")
                nodes += anchored.get(event.anchor, 1)
            if nodes > MAX_NODES:
                raise Refusal(msg("limit.nodes", max=f"{MAX_NODES:,}", line=line), line,
                              kind="limit")
    except yaml.YAMLError:
        return
