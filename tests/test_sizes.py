"""Files small enough to hold in mind: no module over 700 lines and no class over 400, anywhere in the project's
Python (tests and benchmarks included; migrations are generated)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE_LINES = 700
CLASS_LINES = 400
SKIPPED = {".venv", "node_modules", "migrations", "staticfiles", ".git"}


def python_files():
    for path in sorted(ROOT.rglob("*.py")):
        if not SKIPPED & set(path.relative_to(ROOT).parts):
            yield path


def oversized(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    lines = text.count("\n") + (not text.endswith("\n") and bool(text))
    if lines > MODULE_LINES:
        found.append(f"{name} : {lines} lignes (au plus {MODULE_LINES})")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > CLASS_LINES:
            size = node.end_lineno - node.lineno + 1
            found.append(f"{name} : classe {node.name}, {size} lignes (au plus {CLASS_LINES})")
    return found


def test_no_module_over_700_lines_and_no_class_over_400():
    found = [problem for path in python_files() for problem in oversized(path)]
    assert found == []


def test_the_size_check_sees_a_long_module_and_a_long_class(tmp_path):
    long_class = tmp_path / "big.py"
    long_class.write_text("class Big:\n" + "    x = 1\n" * 450, encoding="utf-8")
    assert oversized(long_class) == ["big.py : classe Big, 451 lignes (au plus 400)"]
    long_module = tmp_path / "long.py"
    long_module.write_text("x = 1\n" * 701, encoding="utf-8")
    assert oversized(long_module) == ["long.py : 701 lignes (au plus 700)"]
