"""No module of ``judgebot`` imports itself back, through any chain of imports.

Every ``import`` statement counts: at the top of a module, inside a function
(an import hidden in a function still makes the two modules depend on each
other) and under ``if TYPE_CHECKING:``. ``from package import name`` is an
edge to ``package.name`` when that is a module, to ``package`` otherwise; a
module's parent packages, which Python imports first, are not edges.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judgebot import corpus

PACKAGE = corpus.ROOT / "judgebot"

# Cycles outside the engine and the simulation view, being removed by the
# lead's half of issue 13 (ingest build ↔ ingesters, web app ↔ blueprints,
# search ↔ judge). Each entry is the set of modules of one cycle as it stands;
# the test fails when a cycle is not listed here, and when a listed one has gone
# (so that the list only shrinks, to empty).
KNOWN_CYCLES: list[frozenset[str]] = []  # none left: the lead's (ingest, web/app) are gone


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``judgebot`` that the module ``name`` (at ``path``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.add(_nearest(alias.name, known))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in known else _nearest(base, known))
    out.discard("")
    out.discard(name)
    return {m for m in out if m in known}


def _nearest(dotted: str, known: set[str]) -> str:
    """The module itself, or the closest enclosing package of ours."""
    parts = dotted.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return ""


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        # An explicit stack: the graph may be deeper than Python's recursion limit allows.
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(frozenset(component))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return out


def describe(component: frozenset[str], edges: dict[str, set[str]]) -> str:
    """One cycle through the component, as ``a → b → … → a``."""
    start = min(component)
    path, seen = [start], {start}
    node = start
    while True:
        nxt = sorted(m for m in edges[node] if m in component)
        back = [m for m in nxt if m == start]
        if back and len(path) > 1:
            return " → ".join(path + [start])
        fresh = [m for m in nxt if m not in seen]
        if not fresh:
            return " → ".join(path + [nxt[0]]) if nxt else " → ".join(path)
        node = fresh[0]
        path.append(node)
        seen.add(node)


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    return graph()


def test_the_graph_sees_imports_inside_functions(edges):
    assert "judgebot.engine.cli" in edges["judgebot.cli"]  # imported inside main()


def test_no_module_imports_itself_back(edges):
    found = cycles(edges)
    unexpected = [c for c in found if c not in KNOWN_CYCLES]
    assert not unexpected, "import cycles:\n" + "\n".join(
        f"  {describe(c, edges)}" for c in unexpected)


def test_the_known_cycles_still_exist(edges):
    found = set(cycles(edges))
    gone = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert not gone, f"these cycles are gone (or changed): remove them from KNOWN_CYCLES: {gone}"
