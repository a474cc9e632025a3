"""No two modules of printkit import each other, even through others, even inside a function.

An import inside a function hides a circle from Python until the function runs, and from
import-linter's layers when both ends lie in one layer; the modules are then one tangle that
cannot be read, tested or moved apart. Every `import` and `from ... import` of every module is
read with `ast` (at the top, inside functions, under `if TYPE_CHECKING:`), relative imports
resolved, and the graph of printkit's modules must have no circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
              known: dict[str, Path]) -> Iterator[str]:
    """Yield the printkit modules an import statement imports (a name taken from a module
    is that module; a submodule taken from a package is the submodule)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        yield submodule if submodule in known else source


def import_graph() -> dict[str, dict[str, list[int]]]:
    """Return, for each module of printkit, the printkit modules it imports and the lines
    that import each."""
    known = _modules()
    graph: dict[str, dict[str, list[int]]] = {}
    for module, path in known.items():
        edges: dict[str, list[int]] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _imported(node, module, path.name == "__init__.py", known):
                    lines = edges.setdefault(target, []) if target in known and \
                        target != module else []
                    if node.lineno not in lines:
                        lines.append(node.lineno)
        graph[module] = edges
    return graph


def circles(graph: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_reads_imports_inside_functions_and_relative_ones(tmp_path, monkeypatch):
    package = tmp_path / "printkit"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("def f():\n    from . import b\n")
    (package / "sub" / "b.py").write_text("from printkit.sub.a import f\nimport printkit.c\n")
    (package / "c.py").write_text("from .sub import a\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", package)
    graph = import_graph()
    assert graph["printkit.sub.a"] == {"printkit.sub.b": [2]}
    assert graph["printkit.sub.b"] == {"printkit.sub.a": [1], "printkit.c": [2]}
    assert circles(graph) == [["printkit.c", "printkit.sub.a", "printkit.sub.b"]]


def test_no_module_of_printkit_imports_itself_through_others():
    graph = import_graph()
    said = ["; ".join(f"{a} -> {b} (line {', '.join(map(str, graph[a][b]))})"
                      for a in group for b in graph[a] if b in group)
            for group in circles(graph)]
    assert said == [], "modules that import each other:\n" + "\n".join(said)
