"""Dependencies point one way: each app imports only the apps below it, and the engine imports no Django."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What each package may import from the project (besides itself and the project package ``riftpal``).
ALLOWED = {
    "engine": set(),
    "glossary": set(),
    "examples": {"glossary", "engine"},
    "rules": {"glossary", "examples", "engine"},
    "search": set(),
    "sandbox": {"examples", "glossary", "engine"},
    "learn": {"rules", "examples", "glossary", "engine"},
}
PROJECT = {"engine", "rules", "glossary", "examples", "search", "sandbox", "learn", "riftpal"}


def package_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return parts[0]


def imported(path: Path) -> set[str]:
    """Project packages a module imports, as ``app`` or ``engine``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            top = name.split(".")[0]
            if top in PROJECT:
                found.add(top)
    return found


def modules():
    for package in ALLOWED:
        folder = ROOT / package.replace(".", "/")
        for path in folder.rglob("*.py"):
            if "migrations" in path.parts or package_of(path) != package:
                continue
            yield package, path


def test_each_app_imports_only_the_apps_below_it():
    wrong = []
    for package, path in modules():
        for other in imported(path) - {package, "riftpal"}:
            if other not in ALLOWED[package]:
                wrong.append(f"{path.relative_to(ROOT)} importe {other}")
    assert wrong == []


def test_the_engine_imports_no_django():
    paths = sorted((ROOT / "engine").rglob("*.py"))
    assert len(paths) > 5
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("django"), path
            if isinstance(node, ast.Import):
                assert not any(alias.name.startswith("django") for alias in node.names), path


def test_no_import_cycle_between_apps():
    graph: dict[str, set[str]] = {package: set() for package in ALLOWED}
    for package, path in modules():
        graph[package] |= imported(path) - {package, "riftpal"}

    def reaches(start: str, goal: str, seen=()) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, (*seen, nxt)))
                   for nxt in graph.get(start, ()))

    assert [package for package in graph if reaches(package, package)] == []


def test_the_checker_sees_a_forbidden_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("from rules.models import FAQEntry\nimport search.engine\n", encoding="utf-8")
    assert imported(module) == {"rules", "search"}
