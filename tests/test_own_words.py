"""Every text we ship is in our own words: no run of 12 words repeats the source documents.

``tests/data/seed-grams.txt`` holds a fingerprint of each run of 12 consecutive words of the five source
documents (not the words themselves), so this check runs everywhere without shipping the sources.
"""

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FINGERPRINTS = ROOT / "tests" / "data" / "seed-grams.txt"
RUN = 12
CHECKED = {".yaml", ".yml", ".md", ".html", ".py", ".js", ".txt"}
SKIPPED_DIRS = {".git", ".venv", "node_modules", "staticfiles", "__pycache__", "data"}


def fingerprints() -> set[str]:
    return {line for line in FINGERPRINTS.read_text(encoding="utf-8").split() if not line.startswith("#")
            and len(line) == 16}


def runs(text: str):
    words = re.findall(r"\w+", text.lower())
    for i in range(len(words) - RUN + 1):
        run = " ".join(words[i:i + RUN])
        yield run, hashlib.blake2s(run.encode(), digest_size=8).hexdigest()


def shipped_files() -> list[Path]:
    return [path for path in ROOT.rglob("*") if path.suffix in CHECKED and path.is_file()
            and not SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)]


def test_the_fingerprints_are_there():
    assert len(fingerprints()) > 3000


def test_the_check_finds_a_copied_run():
    # A sentence made of a copied run is caught: take any fingerprint's run from a synthetic text.
    known = fingerprints()
    text = "un deux trois quatre cinq six sept huit neuf dix onze douze"
    assert all(digest not in known for _, digest in runs(text))
    copied = {hashlib.blake2s(text.encode(), digest_size=8).hexdigest()}
    assert [digest for _, digest in runs(text) if digest in copied]


def test_no_shipped_text_repeats_the_sources():
    known = fingerprints()
    files = shipped_files()
    assert len(files) > 300  # content, templates and code are all read
    hits = [(str(path.relative_to(ROOT)), run) for path in files
            for run, digest in runs(path.read_text(encoding="utf-8", errors="ignore")) if digest in known]
    assert hits == []
