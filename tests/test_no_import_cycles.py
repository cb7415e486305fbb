"""No import circle in ``py_rules``: each concept lives in one file and the files form a layered graph, so a
newcomer can read a module knowing only what it imports.

Every ``import`` counts, including one inside a function: such an import hides a circle from Python's loader
but not from the reader, since the two files still each need the other. The graph is read with ``ast`` (no
module is executed); a circle is a strongly connected component of more than one module, or a module that
imports itself. A module looked up by name at run time (``importlib.import_module``: a game's rules, loaded on
first use) is no edge: the module asking knows only the name.

Run as a script (``python tests/test_no_import_cycles.py``) to print the circles and the edges that close them.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "py_rules"


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, for its ``__init__.py``)."""
    modules = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_package(name: str, modules: dict[str, Path]) -> bool:
    return modules[name].name == "__init__.py"


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module a dotted name refers to: itself, or the nearest enclosing module of the package."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(name: str, modules: dict[str, Path]) -> dict[str, int]:
    """The package's modules that ``name`` imports anywhere in its body, each with the first line that does."""
    tree = ast.parse(modules[name].read_text(encoding="utf-8"), filename=str(modules[name]))
    here = name if _is_package(name, modules) else name.rpartition(".")[0]
    found: dict[str, int] = {}

    def add(target: str | None, line: int) -> None:
        if target is not None:
            found[target] = min(found.get(target, line), line)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(_resolve(alias.name, modules), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            if not (stem == PACKAGE or stem.startswith(PACKAGE + ".")):
                continue
            for alias in node.names:
                # "from .pkg import sub" imports the submodule "pkg.sub" when there is one
                sub = f"{stem}.{alias.name}"
                add(sub if sub in modules else _resolve(stem, modules), node.lineno)
    return found


KNOWN: dict[tuple[str, str], str] = {}
"""Edges that still close a circle, each with why it is wrong; left out of the graph the test checks. An edge that
is gone must leave this table too (the test says so), so the table only ever shrinks."""


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    modules = module_names(root)
    return {name: imports_of(name, modules) for name in modules}


@functools.cache
def package_graph() -> dict[str, dict[str, int]]:
    """The package's graph, read once for the tests that check it (each read parses every module)."""
    return import_graph()


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Strongly connected components with a circle in them (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return sorted(found)


def describe(component: list[str], graph: dict[str, dict[str, int]]) -> str:
    """A circle with each of its edges and the line that makes it, so the message says where to look."""
    members = set(component)
    edges = [
        f"    {source} -> {target} (line {line})"
        for source in component
        for target, line in sorted(graph[source].items())
        if target in members
    ]
    return " <-> ".join(component) + "\n" + "\n".join(edges)


def test_the_finder_sees_a_circle_closed_inside_a_function(tmp_path):
    """The check itself can fail: a circle closed by an import in a function body is reported."""
    package = tmp_path / PACKAGE
    (package / "game").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game" / "__init__.py").write_text("")
    (package / "top.py").write_text("from .game.rolls import roll\n")
    (package / "game" / "rolls.py").write_text("from . import words\n")
    (package / "game" / "words.py").write_text("def say():\n    from py_rules.top import roll\n")
    (package / "game" / "alone.py").write_text("import json\nfrom .. import top\n")
    graph = import_graph(tmp_path)
    assert graph["py_rules.game.words"] == {"py_rules.top": 2}
    assert circles(graph) == [["py_rules.game.rolls", "py_rules.game.words", "py_rules.top"]]


def without_known(graph: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {
        source: {target: line for target, line in targets.items() if (source, target) not in KNOWN}
        for source, targets in graph.items()
    }


def test_py_rules_has_no_import_circle():
    graph = without_known(package_graph())
    found = circles(graph)
    assert not found, "import circles in py_rules:\n" + "\n".join(describe(c, graph) for c in found)


def test_every_known_edge_still_closes_a_circle():
    """A known edge that is gone, or no longer closes a circle, leaves :data:`KNOWN`."""
    graph = package_graph()
    for source, target in KNOWN:
        assert target in graph.get(source, {}), f"{source} no longer imports {target}: take it out of KNOWN"
        circle = next((c for c in circles(graph) if source in c), [])
        assert target in circle, f"{source} -> {target} closes no circle any more: take it out of KNOWN"


if __name__ == "__main__":
    graph = import_graph()
    found = circles(graph)
    for component in found:
        print(describe(component, graph))
    print(
        f"{len(found)} circle(s) among {len(graph)} modules "
        f"({len(circles(without_known(graph)))} with the {len(KNOWN)} known edges left out)"
    )
    sys.exit(1 if circles(without_known(graph)) else 0)
