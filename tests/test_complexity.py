"""Ruff's complexity rule (C901) is on; every exception in pyproject.toml names the functions it excuses.

A file listed under ``per-file-ignores`` for C901 escapes the rule whole, so the comment above its line must name,
in backticks, exactly the functions of that file that are over the limit: a new complex function in such a file
fails here, and so does a name left behind once its function was split."""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
RUFF = Path(sys.executable).parent / "ruff"
KEY = re.compile(r'^"([^"]+)"\s*=')
NAMED = re.compile(r"`(\w+)`")


def named_exceptions(text: str) -> dict[str, set[str]]:
    """File → the function names in backticks in the comment lines just above its C901 entry."""
    ruff = tomllib.loads(text)["tool"]["ruff"]["lint"]
    excused = {path for path, codes in ruff.get("per-file-ignores", {}).items() if "C901" in codes or "C90" in codes}
    named, comment = {}, []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            comment.append(stripped)
            continue
        match = KEY.match(stripped)
        if match and match.group(1) in excused:
            named[match.group(1)] = {name for c in comment for name in NAMED.findall(c)}
        comment = []
    return named


def over_the_limit(paths: list[str], root: Path = ROOT) -> dict[str, set[str]]:
    """File → the functions ruff finds over the configured limit when no exception applies."""
    limit = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"]
    out = subprocess.run(
        [str(RUFF), "check", "--isolated", "--select", "C901", "--config", f"lint.mccabe.max-complexity={limit}",
         "--output-format", "json", "--exit-zero", *paths],
        cwd=root, capture_output=True, text=True, check=True,
    ).stdout
    found: dict[str, set[str]] = {path: set() for path in paths}
    for row in json.loads(out):
        path = str(Path(row["filename"]).resolve().relative_to(root.resolve()))
        found.setdefault(path, set()).add(NAMED.search(row["message"]).group(1))
    return found


def test_the_rule_is_on_with_a_limit_of_15():
    ruff = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    assert "C90" in ruff["select"] or "C901" in ruff["select"]
    assert ruff["mccabe"]["max-complexity"] == 15


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is installed by requirements-test.txt")
def test_every_exception_names_exactly_the_functions_over_the_limit():
    named = named_exceptions(PYPROJECT.read_text(encoding="utf-8"))
    assert all(named.values()), "an exception names no function"
    if named:  # none left: ``ruff check .`` alone holds every function to the limit
        assert over_the_limit(sorted(named)) == named


def test_the_reading_of_exceptions_sees_names_and_files():
    text = (
        '[tool.ruff.lint]\nselect = ["C90"]\n[tool.ruff.lint.mccabe]\nmax-complexity = 15\n'
        "[tool.ruff.lint.per-file-ignores]\n"
        '# `big` (20): why it stays;\n# `other` (16): why.\n"a.py" = ["C901"]\n'
        '"b.py" = ["E501"]\n'
        '"c.py" = ["C901"]\n'
    )
    assert named_exceptions(text) == {"a.py": {"big", "other"}, "c.py": set()}
    assert named_exceptions(text.split("[tool.ruff.lint.per-file-ignores]")[0]) == {}


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is installed by requirements-test.txt")
def test_the_check_sees_a_function_over_the_limit_and_one_under_it(tmp_path):
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(16))
    (tmp_path / "big.py").write_text(f"def big(x):\n{branches}    return -1\n", encoding="utf-8")
    (tmp_path / "small.py").write_text("def small(x):\n    return x\n", encoding="utf-8")
    assert over_the_limit(["big.py", "small.py"], root=tmp_path) == {"big.py": {"big"}, "small.py": set()}
