"""Editions of the Core Rules as data: every rule number of an edition, and how numbers moved between two.

An edition's index (``rules/content/editions/<slug>.json``, written by ``manage.py index_rules``) lists every rule
number of that edition in document order with the hash of its normalised text — never the text itself. From two
editions' texts the same command derives a map (``<old>--<new>.json``): for every number of the older edition,
the number that holds the same rule in the newer one and what happened to it:

- ``same``: same number, same text;
- ``renumbered``: same text under a new number;
- ``edited``: the rule is still there (same or new number) but its text changed;
- ``removed``: no rule of the newer edition holds it.

Numbers of the newer edition that no older rule maps to are ``added``. Rule numbers inside a rule's text are
normalised away before hashing and matching, so a rule whose only change is a cross-reference to a renumbered
rule counts as unchanged.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from core.rule_numbers import NUMBER, NUMBER_IN_TEXT_RE

from .choices import CURRENT_RULES_VERSION, INDEXED_EDITIONS, RULES_VERSION_NAMES

EDITIONS_DIR = Path(__file__).resolve().parent / "content" / "editions"

SAME, RENUMBERED, EDITED, REMOVED, ADDED = "same", "renumbered", "edited", "removed", "added"
CHANGED = {EDITED, REMOVED}
# Below this similarity two texts are not the same rule (``derive_map``).
FUZZY_THRESHOLD = 0.6
# A rule matched outside its aligned neighbourhood must be closer still.
FAR_THRESHOLD = 0.75
# A rule whose whole text is kept inside a longer one (a sentence or an example added) counts as this alike.
CONTAINED_SCORE = 0.8

# A rule line of the official texts: « 466.1.a. text » at the start of a line (examples are indented).
_RULE_LINE = re.compile(rf"^({NUMBER})\.?\s+(.*)$")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


# --- reading a rules text file -------------------------------------------------------------------------------


def parse_rules_text(text: str) -> dict[str, str]:
    """Every rule of a Core Rules text extraction, in document order: number → its text, wrapped lines joined.

    A rule starts at a line beginning with its number; indented lines (examples) and following lines belong to
    the rule above. A number seen twice (a heading, then its first entry) keeps both texts."""
    rules: dict[str, str] = {}
    current = None
    for line in text.replace("\f", "\n").replace("\u200b", "").splitlines():
        stripped = line.strip()
        match = _RULE_LINE.match(stripped)
        if match and not line.startswith("    "):
            current = match.group(1).lower()
            rules[current] = (rules.get(current, "") + " " + match.group(2)).strip()
        elif current and stripped:
            rules[current] += " " + stripped
    return rules


def normalise(text: str) -> str:
    """The text a hash and a comparison see: case, punctuation, quotes and rule numbers inside it ignored."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).lower()
    text = NUMBER_IN_TEXT_RE.sub("#", text)
    text = re.sub(r"[^\w#]+", " ", text)
    return " ".join(text.split())


def text_hash(text: str) -> str:
    return hashlib.sha256(normalise(text).encode()).hexdigest()[:16]


def build_index(edition: str, rules: dict[str, str], source: str, headings: dict[str, str] | None = None) -> dict:
    """The shipped index of one edition: numbers in document order, hashes, optional headings in our words."""
    headings = headings or {}
    return {
        "edition": edition,
        "source": source,
        "rules": [
            {"number": number, "hash": text_hash(text), **({"heading": headings[number]} if number in headings else {})}
            for number, text in rules.items()
        ],
    }


def _similarity(a: str, b: str) -> float:
    """How alike two normalised texts are, 0 to 1 (``derive_map``)."""
    ratio = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    # The rule itself, without its examples: a changed example does not make it another rule.
    a_rule, b_rule = a.split(" example ")[0], b.split(" example ")[0]
    if (a_rule, b_rule) != (a, b):
        ratio = max(ratio, difflib.SequenceMatcher(None, a_rule, b_rule, autojunk=False).ratio())
    shorter, longer = sorted((a, b), key=len)
    if ratio < CONTAINED_SCORE and shorter.count(" ") >= 3 and f" {shorter} " in f" {longer} ":
        return CONTAINED_SCORE
    return ratio


class _Matching:
    """The two editions' numbers and normalised texts, and the old rules matched so far (``derive_map``)."""

    def __init__(self, old: dict[str, str], new: dict[str, str]):
        self.old_numbers, self.new_numbers = list(old), list(new)
        self.old_texts = [normalise(old[n]) for n in self.old_numbers]
        self.new_texts = [normalise(new[n]) for n in self.new_numbers]
        self.result: dict[str, tuple[str, str, float]] = {}

    def match(self, i: int, j: int, score: float) -> None:
        """Old rule i is new rule j: the same text (``same``/``renumbered``) or not (``edited``)."""
        a, b = self.old_numbers[i], self.new_numbers[j]
        if self.old_texts[i] == self.new_texts[j]:
            self.result[a] = (b, SAME if a == b else RENUMBERED, 1.0)
        else:
            self.result[a] = (b, EDITED, min(round(score, 2), 0.99))

    def aligned(self) -> None:
        """Equal texts aligned in sequence, then the closest text inside each replaced stretch."""
        aligner = difflib.SequenceMatcher(None, self.old_texts, self.new_texts, autojunk=False)
        for tag, i1, i2, j1, j2 in aligner.get_opcodes():
            if tag == "equal":
                for d in range(i2 - i1):
                    self.match(i1 + d, j1 + d, 1.0)
            elif tag in ("replace", "delete"):
                for i in range(i1, i2):
                    self.closest_in_stretch(i, j1, j2)

    def closest_in_stretch(self, i: int, j1: int, j2: int) -> None:
        best, score = None, 0.0
        for j in range(j1, j2):
            ratio = _similarity(self.old_texts[i], self.new_texts[j])
            if ratio > score:
                best, score = j, ratio
        if best is not None and score >= FUZZY_THRESHOLD:
            self.match(i, best, score)

    def far(self) -> None:
        """Each old rule still unmatched: the identical text anywhere, else the closest far text, else removed."""
        first_with_text: dict[str, int] = {}
        for j, text in enumerate(self.new_texts):
            first_with_text.setdefault(text, j)
        for i, number in enumerate(self.old_numbers):
            if number in self.result:
                continue
            j = first_with_text.get(self.old_texts[i])
            if j is not None:
                self.match(i, j, 1.0)
                continue
            best, score = self.closest_anywhere(i)
            if best is not None and score >= FAR_THRESHOLD:
                self.match(i, best, score)
            else:
                self.result[number] = ("", REMOVED, 0.0)

    def closest_anywhere(self, i: int) -> tuple[int | None, float]:
        text_i = self.old_texts[i]
        best, score = None, 0.0
        for j, text in enumerate(self.new_texts):
            if abs(len(text) - len(text_i)) > max(40, len(text_i)):
                continue
            candidate = difflib.SequenceMatcher(None, text_i, text, autojunk=False)
            if candidate.quick_ratio() >= FAR_THRESHOLD and candidate.quick_ratio() > score:
                ratio = candidate.ratio()
                if ratio > score:
                    best, score = j, ratio
        return best, score


def derive_map(old: dict[str, str], new: dict[str, str]) -> dict[str, tuple[str, str, float]]:
    """Every number of ``old`` → (number in ``new`` or "", status, similarity), deterministically.

    The normalised texts of both editions are aligned as two sequences; aligned equal texts are the same rule
    (``same`` or ``renumbered``). Inside a replaced stretch, each old rule takes the most similar new rule of
    that stretch when they are at least ``FUZZY_THRESHOLD`` alike (``edited``). What is left is looked for in
    the whole newer edition: the identical text anywhere (moved far), else the closest text at least
    ``FAR_THRESHOLD`` alike; otherwise the rule was ``removed``. A text kept whole inside a longer one counts as
    ``CONTAINED_SCORE`` alike (a rule that gained a sentence or an example is the same rule, edited)."""
    matching = _Matching(old, new)
    matching.aligned()
    matching.far()
    return {number: matching.result[number] for number in matching.old_numbers}


def build_map(old_edition: str, new_edition: str, old: dict[str, str], new: dict[str, str]) -> dict:
    mapping = derive_map(old, new)
    reached = {target for target, _status, _score in mapping.values()}
    return {
        "from": old_edition,
        "to": new_edition,
        "rules": [{"number": number, "to": target, "status": status, "similarity": score}
                  for number, (target, status, score) in mapping.items()],
        "added": [number for number in new if number not in reached],
    }


def dump(data: dict, key: str) -> str:
    """JSON with one rule a line: readable diffs when an edition is indexed again."""
    head = {k: v for k, v in data.items() if k != key}
    lines = [json.dumps(item, ensure_ascii=False, separators=(", ", ": ")) for item in data[key]]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + f',\n "{key}": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


# --- the shipped data ----------------------------------------------------------------------------------------


def index_path(edition: str) -> Path:
    return EDITIONS_DIR / f"{INDEXED_EDITIONS[edition]}.json"


def map_path(old_edition: str, new_edition: str) -> Path:
    return EDITIONS_DIR / f"{INDEXED_EDITIONS[old_edition]}--{INDEXED_EDITIONS[new_edition]}.json"


def parent_numbers(number: str) -> list[str]:
    """« 466.1.a » → [« 466.1 », « 466 »]."""
    parts = number.split(".")
    return [".".join(parts[:end]) for end in range(len(parts) - 1, 0, -1)]


@dataclass(frozen=True)
class EditionIndex:
    edition: str
    numbers: tuple[str, ...]
    hashes: dict[str, str]
    headings: dict[str, str]

    def __contains__(self, number: str) -> bool:
        return number in self.hashes


@dataclass(frozen=True)
class Change:
    number: str      # in the older edition
    target: str      # in the newer edition, "" when removed
    status: str
    similarity: float


@dataclass
class EditionMap:
    old: str
    new: str
    changes: dict[str, Change]
    added: list[str]
    # number of the older edition → the edited or removed rules at or under it (466 → [466.1.c, …]).
    _changed_under: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self):
        for number, change in self.changes.items():
            if change.status in CHANGED:
                for at in (number, *parent_numbers(number)):
                    self._changed_under.setdefault(at, []).append(number)

    def get(self, number: str) -> Change | None:
        return self.changes.get(number)

    def changed_under(self, number: str) -> list[Change]:
        return [self.changes[n] for n in self._changed_under.get(number, [])]

    def of_status(self, *statuses: str) -> list[Change]:
        return [change for change in self.changes.values() if change.status in statuses]


@functools.cache
def load_index(edition: str) -> EditionIndex | None:
    """The shipped index of ``edition``, or None when it has none."""
    if edition not in INDEXED_EDITIONS or not index_path(edition).exists():
        return None
    data = json.loads(index_path(edition).read_text(encoding="utf-8"))
    rules = data["rules"]
    return EditionIndex(
        edition=edition,
        numbers=tuple(rule["number"] for rule in rules),
        hashes={rule["number"]: rule["hash"] for rule in rules},
        headings={rule["number"]: rule["heading"] for rule in rules if rule.get("heading")},
    )


@functools.cache
def load_map(old_edition: str, new_edition: str = CURRENT_RULES_VERSION) -> EditionMap | None:
    """The shipped map from ``old_edition`` to ``new_edition``, or None when there is none."""
    if old_edition not in INDEXED_EDITIONS or new_edition not in INDEXED_EDITIONS:
        return None
    path = map_path(old_edition, new_edition)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return EditionMap(
        old=old_edition,
        new=new_edition,
        changes={rule["number"]: Change(rule["number"], rule["to"], rule["status"], rule["similarity"])
                 for rule in data["rules"]},
        added=list(data["added"]),
    )


def edition_for_slug(slug: str) -> str | None:
    """« v1.4 » → « 1.4 », « 2026-10 » → « 2026-10 »; None for an edition without an index."""
    return next((edition for edition, known in INDEXED_EDITIONS.items() if known == slug), None)


def changed_since_check(checked_version: str, numbers) -> list[dict]:
    """The cited rules (numbered as in ``checked_version``) that the current edition edited or removed.

    Each row: the number cited, and the changed rules at or under it with their new number. Empty when the item
    was checked against the current edition, or against an edition without a shipped map to it."""
    if not checked_version or checked_version == CURRENT_RULES_VERSION:
        return []
    mapping = load_map(checked_version)
    if mapping is None:
        return []
    rows = []
    for number in dict.fromkeys(numbers):
        changes = mapping.changed_under(number)
        if changes:
            rows.append({"number": number, "edition": checked_version, "slug": INDEXED_EDITIONS[checked_version],
                         "current_name": RULES_VERSION_NAMES[CURRENT_RULES_VERSION], "changes": changes})
    return rows
