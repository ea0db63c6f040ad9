"""Every arrow between modules is seen, and none goes round in a circle.

Two rules the import contracts of pyproject.toml rest on, and that import-linter
cannot check by itself:

- No import cycle in ``xcc`` or ``masyu``, function-level imports included (grimp,
  which import-linter uses, reads those too): a module that needs one that needs
  it back has two jobs, or the two are one module.
- No module imports through the top of its own package (``from masyu import X``,
  ``import masyu``, ``from . import X`` in a subpackage, for an ``X`` its
  ``__init__`` only passes on): the package faces are lazy (PEP 562
  ``__getattr__``), so the arrow would be invisible to the contracts. A module
  imports the module that defines what it uses.
"""
from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("xcc", "masyu")


def extension_modules() -> set[str]:
    """The compiled modules (``xcc._native``, ...): no file grimp reads, so an
    import of one shows as an import of its package."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return {ext["name"] for ext in tomllib.load(f)["tool"]["setuptools"]["ext-modules"]}


def _imports_only_extensions(line: str, package: str, extensions: set[str]) -> bool:
    try:
        (node,) = ast.parse(line.strip()).body
    except (SyntaxError, ValueError):
        return False
    return isinstance(node, ast.ImportFrom) and all(
        f"{package}.{alias.name}" in extensions for alias in node.names)


def import_graph() -> dict[str, dict[str, list[str]]]:
    """``{importer: {imported: [lines]}}`` over both packages, function-level
    imports included, annotations-only imports left out (as in the contracts)."""
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True)
    extensions = extension_modules()
    out: dict[str, dict[str, list[str]]] = {}
    for importer in sorted(graph.modules):
        out[importer] = {}
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            lines = [f"{importer}:{d['line_number']}: "
                     f"{d['line_contents'].strip()}"
                     for d in graph.get_import_details(importer=importer, imported=imported)]
            if all(_imports_only_extensions(ln.split(": ", 1)[1], imported, extensions)
                   for ln in lines):
                continue   # `from . import _native`: the extension, not the package
            out[importer][imported] = lines
    return out


def cycles(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def shortest_circle(graph: dict[str, dict[str, list[str]]], component: list[str]) -> list[str]:
    """A shortest way round from the first module of a cycle back to itself."""
    start, inside = component[0], set(component)
    came = {start: None}
    todo = [start]
    for v in todo:                      # breadth first, inside the component
        for w in graph[v]:
            if w == start:
                path = [v]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1] + [start]
            if w in inside and w not in came:
                came[w] = v
                todo.append(w)
    raise AssertionError(component)     # pragma: no cover - a component has a circle


def test_no_import_cycle():
    graph = import_graph()
    assert "masyu.puzzle" in graph["masyu.formats"], "the graph should hold the imports"
    assert "xcc.engines.memo.frontier" in graph["xcc.engines.memo.plan"]
    report = []
    for component in cycles(graph):
        circle = shortest_circle(graph, component)
        report.append(f"cycle: {' -> '.join(circle)} (of {len(component)} modules that "
                      f"reach each other: {', '.join(component)})")
        report += [f"  {line}" for a, b in zip(circle, circle[1:]) for line in graph[a][b]]
    assert not report, "\n".join(report)


def test_the_cycle_finder_finds_one():
    graph = {"a": {"b": []}, "b": {"c": []}, "c": {"a": [], "d": []}, "d": {}, "e": {"e": []}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert shortest_circle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _defines(init: Path) -> set[str]:
    """The names a package's ``__init__`` defines itself (not those it imports)."""
    names = set()
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def through_a_face(path: Path, extensions: set[str]) -> list[str]:
    """The imports of ``path`` that reach a name through its own package's top."""
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    ancestors = {".".join(me.split(".")[:k]) for k in range(1, me.count(".") + 1)}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names
                      if a.name.split(".")[0] == me.split(".")[0]]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target not in ancestors:
                continue
            folder = ROOT / target.replace(".", "/")
            own = _defines(folder / "__init__.py")
            for alias in node.names:
                name = alias.name
                if ((folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists()
                        or f"{target}.{name}" in extensions or name in own):
                    continue   # a module of the package, or defined by its __init__ itself
                found.append(f"{where}: from {target} import {name}")
    return found


def test_no_import_through_the_own_package_face():
    extensions = extension_modules()
    found = [hit for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
             for hit in through_a_face(path, extensions)]
    assert not found, "\n".join(found)


def test_the_face_rule_catches_one(tmp_path, monkeypatch):
    bad = ROOT / "masyu" / "play" / "zen.py"
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    for rel, text in (("masyu/__init__.py", "X = 1\n"), ("masyu/play/__init__.py", ""),
                      ("masyu/errors.py", "")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    (tmp_path / "masyu/play/zen.py").write_text(
        "import masyu\nfrom .. import MasyuError, errors, X\nfrom ..errors import E\n")
    assert bad.exists()
    assert through_a_face(tmp_path / "masyu/play/zen.py", set()) == [
        "masyu/play/zen.py:1: import masyu", "masyu/play/zen.py:2: from masyu import MasyuError"]
