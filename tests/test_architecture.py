"""Dependencies point one way: each app imports only the apps below it, no module takes part in an import cycle
(not even one hidden inside a function), and the engine imports no Django.

Anyone can run it: ``python -m pytest tests/test_architecture.py``.
"""

import ast
import re
from pathlib import Path

from engine.graph import strongly_connected

ROOT = Path(__file__).resolve().parent.parent

# What each package may import from the project, besides itself. ``riftpal`` is the configuration (settings,
# URLs, WSGI/ASGI): it may name any app, and no app may import it. ``core`` holds the shared services (content
# version, page cache, htmx helpers, typography) and sits below every app.
ALLOWED = {
    "engine": set(),
    "core": set(),
    "glossary": {"core"},
    "search": {"core"},
    "cards": {"core", "glossary", "engine"},
    "worked_examples": {"core", "glossary", "cards", "engine"},
    "rules": {"core", "glossary", "cards", "worked_examples", "engine"},
    "sandbox": {"core", "worked_examples", "cards", "glossary", "engine"},
    "learn": {"core", "rules", "worked_examples", "cards", "glossary", "engine"},
    "decks": {"core", "learn", "rules", "worked_examples", "cards", "glossary", "engine"},
    "riftpal": {
        "core", "engine", "glossary", "search", "cards", "worked_examples", "rules", "sandbox", "learn", "decks",
    },
}
PROJECT = set(ALLOWED)


def package_of(path: Path) -> str:
    return path.relative_to(ROOT).parts[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts) if path.is_relative_to(ROOT) else [path.stem]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """Every project module ``path`` imports, at the top or inside a function, as a dotted name.

    ``from x import y`` counts as importing ``x`` and, when ``x.y`` is a module of the project, ``x.y`` too.
    """
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] in PROJECT}


def imported(path: Path) -> set[str]:
    """Project packages a module imports."""
    return {name.split(".")[0] for name in imported_modules(path)}


def modules():
    for package in ALLOWED:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts or package_of(path) != package:
                continue
            yield package, path


def test_each_app_imports_only_the_apps_below_it():
    wrong = []
    for package, path in modules():
        for other in imported(path) - {package}:
            if other not in ALLOWED[package]:
                wrong.append(f"{path.relative_to(ROOT)} importe {other}")
    assert wrong == []


def test_no_app_imports_the_project_configuration():
    assert all("riftpal" not in ALLOWED[package] for package in ALLOWED if package != "riftpal")


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


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one member, or a member importing itself."""
    nodes = sorted(set(graph).union(*graph.values()))
    return [sorted(part) for part in strongly_connected(nodes, graph)
            if len(part) > 1 or part[0] in graph.get(part[0], ())]


def module_graph() -> dict[str, set[str]]:
    """Module → project modules it imports (packages resolved to their ``__init__``)."""
    paths = {module_name(path): path for _package, path in modules()}
    graph = {}
    for name, path in paths.items():
        targets = set()
        for target in imported_modules(path):
            # ``from glossary import models`` names the module; ``from glossary.models import Term`` names a class.
            while target and target not in paths:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(f"{target}."):
                targets.add(target)
        graph[name] = targets
    return graph


def test_no_import_cycle_between_apps():
    graph: dict[str, set[str]] = {package: set() for package in ALLOWED}
    for package, path in modules():
        graph[package] |= imported(path) - {package}
    assert cycles(graph) == []


def test_no_import_cycle_between_modules_even_inside_functions():
    assert cycles(module_graph()) == []


def test_the_checker_sees_a_forbidden_import(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("from rules.models import FAQEntry\nimport search.query\n", encoding="utf-8")
    assert imported(module) == {"rules", "search"}


def test_the_checker_sees_a_cycle_hidden_in_a_function():
    graph = {"a.models": {"a.rendering"}, "a.rendering": {"a.models"}, "a.views": {"a.models"}}
    assert cycles(graph) == [["a.models", "a.rendering"]]
    assert cycles({"a.views": {"a.models"}, "a.models": set()}) == []


# Hand-made query paths and HTML built in Python are gone: the ORM's public API and templates do that work.
FORBIDDEN_EVERYWHERE = {
    "Precompiled": "le compilateur privé de l'ORM",
    "_meta.db_table": "du SQL écrit à la main sur le nom d'une table",
    "get_compiler(": "le compilateur privé de l'ORM",
}
FORBIDDEN_IN_VIEWS = {"mark_safe": "du HTML construit en Python", "format_html": "du HTML construit en Python"}


def forbidden_uses(path: Path, words: dict[str, str]) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name} : {why} ({word})"
            for word, why in words.items() if word in text]


def is_view(path: Path) -> bool:
    return path.stem == "views" or "views" in path.parent.parts[-1:]


def test_no_hand_made_query_path_and_no_html_built_in_views():
    found = []
    for _package, path in modules():
        found += forbidden_uses(path, FORBIDDEN_EVERYWHERE)
        if is_view(path):
            found += forbidden_uses(path, FORBIDDEN_IN_VIEWS)
    assert found == []


def test_the_checker_sees_a_hand_made_query_and_html_in_a_view(tmp_path):
    view = tmp_path / "views.py"
    view.write_text("table = Term._meta.db_table\nhtml = mark_safe(f'<b>{name}</b>')\n", encoding="utf-8")
    assert is_view(view)
    assert len(forbidden_uses(view, FORBIDDEN_EVERYWHERE)) == 1
    assert len(forbidden_uses(view, FORBIDDEN_IN_VIEWS)) == 1


# ``{% load lib %}`` imports a Python module too: a template may load only the tag libraries of its own app and of
# the apps below it (Django's own libraries are always allowed).
LOAD_RE = re.compile(r"\{%\s*load\s+([^%]+?)\s*%\}")


def tag_libraries() -> dict[str, str]:
    """Tag library name → the project package that defines it."""
    return {path.stem: package_of(path) for package in ALLOWED if package != "riftpal"
            for path in (ROOT / package).glob("templatetags/*.py") if path.stem != "__init__"}


def template_owner(path: Path) -> str:
    """The app a template belongs to: ``app/templates/…`` or ``templates/<app>/…`` (site-wide: the configuration)."""
    parts = path.relative_to(ROOT).parts
    if parts[0] == "templates":
        folder = {"examples": "worked_examples"}.get(parts[1], parts[1]) if len(parts) > 2 else "riftpal"
        return folder if folder in ALLOWED else "riftpal"
    return parts[0]


def template_loads(path: Path, libraries: dict[str, str]) -> set[str]:
    names = {name for match in LOAD_RE.finditer(path.read_text(encoding="utf-8")) for name in match.group(1).split()}
    return {libraries[name] for name in names if name in libraries}


def test_templates_load_tags_only_from_their_app_and_below():
    libraries = tag_libraries()
    assert set(libraries.values()) >= {"glossary", "core"}
    wrong = []
    for path in sorted(ROOT.glob("**/templates/**/*.html")):
        if ".venv" in path.parts or "node_modules" in path.parts:
            continue
        owner = template_owner(path)
        for package in template_loads(path, libraries) - {owner}:
            if owner != "riftpal" and package not in ALLOWED.get(owner, set()):
                wrong.append(f"{path.relative_to(ROOT)} charge une bibliothèque de {package}")
    assert wrong == []


def test_the_checker_sees_a_template_loading_tags_from_above(tmp_path):
    page = tmp_path / "faq.html"
    page.write_text("{% load i18n practice %}{% practice_for entry %}", encoding="utf-8")
    assert template_loads(page, {"practice": "learn", "glossary": "glossary"}) == {"learn"}
    assert "learn" not in ALLOWED[template_owner(ROOT / "templates" / "rules" / "faq-detail.html")]


def unclosed_comments(text: str) -> list[int]:
    """Lines where a ``{# … #}`` comment does not close on the same line: Django reads it as text and prints it."""
    return [n for n, line in enumerate(text.splitlines(), 1) if re.search(r"\{#(?!.*#\})", line)]


def test_no_template_comment_spans_lines():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted(ROOT.glob("**/templates/**/*"))
             if path.suffix in (".html", ".js", ".txt", ".xml") and ".venv" not in path.parts
             for n in unclosed_comments(path.read_text(encoding="utf-8"))]
    assert found == []
    assert unclosed_comments("{# one line #}\n{# two\n lines #}") == [2]
