"""Every French text a player reads uses the official French terms of the « Règles du jeu » v1.4.

The errors caught here were found by audits of the content, one class each: RiftPal's own words for the Attach
and Detach actions (« attacher », « détacher »; official: Équiper, Déséquiper, R. 435–436), « objet de jeu »
(official: élément de jeu, R. 119), « annuler » for Counter (official: contrer, R. 426), « phase de début »
(official: phase de départ, R. 315.2), « score de victoire » (official: score de la victoire, R. 194.3) and
« empêcher les dégâts » for Prevent (official: bloquer, R. 438). Glossary ``forms`` and the sentences that say what
RiftPal used to call a term (« RiftPal disait… ») keep the former words on purpose: readers who search or link
them must land on the official term.
"""

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
# Keys whose values are identifiers or deliberate former names, never text a player reads as such.
NOT_TEXT = {"slug", "former_slugs", "forms", "not_in", "terms", "related", "examples", "cards", "id", "attached_to",
            "applies_to", "category", "chapter", "section", "english", "english_name", "english_title", "kind",
            "checked"}
FORMER_NAME = re.compile(r"[^.;]*\bdisait\b[^.;]*")

FORBIDDEN = {
    "attacher / détacher (officiel : équiper / déséquiper)":
        re.compile(r"\b(?:r?attach(?:er|é|ée|és|ées|e|es|ent|ez|ons|ant|ement|ements)|détach\w*|"
                   r"detach(?:er|é|ée|és|ées|e|es|ent|ez|ement))\b", re.IGNORECASE),
    "objet de jeu (officiel : élément de jeu)": re.compile(r"\bobjets? de jeu\b", re.IGNORECASE),
    "phase de début (officiel : phase de départ)": re.compile(r"\bphases? de début\b", re.IGNORECASE),
    "score de victoire (officiel : score de la victoire)": re.compile(r"\bscores? de victoire\b", re.IGNORECASE),
    "réserve de runes (officiel : réserve runique)": re.compile(r"\bréserves? de runes\b", re.IGNORECASE),
    "empêcher / prévenir des dégâts (officiel : bloquer)":
        re.compile(r"\b(?:empêch\w*|prév(?:en|ien)\w*) (?:les |des |de )?dégâts\b|\bprévention des? dégâts\b",
                   re.IGNORECASE),
}
# Counter is « contrer »: a sentence about countering that says « annuler » names it with the wrong word.
COUNTER = re.compile(r"\bCounter\b|\bcontr(?:er|ez|é|ée|és|ées|ent)\b", re.IGNORECASE)
CANCELLED = re.compile(r"\bannul\w*", re.IGNORECASE)


def content_files() -> list[Path]:
    files = [*ROOT.glob("rules/content/**/*.yaml"), *ROOT.glob("glossary/content/*.yaml"),
             *ROOT.glob("learn/content/*.yaml"), *ROOT.glob("cards/content/**/*.yaml"),
             *ROOT.glob("templates/**/*.html")]
    return sorted(files)


def scenario_files() -> list[Path]:
    return sorted(ROOT.glob("worked_examples/scenarios/*.yaml"))


def texts(node, key=""):
    """The strings of a YAML document a player can read (values only, never keys or identifiers)."""
    if key in NOT_TEXT:
        return
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, value in node.items():
            yield from texts(value, str(k))
    elif isinstance(node, list):
        for item in node:
            yield from texts(item, key)


def template_text(source: str) -> str:
    """What a template shows: its text and attributes, without template tags, variables or comments."""
    source = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", source, flags=re.DOTALL)
    return re.sub(r"<(?:script|style)\b.*?</(?:script|style)>", " ", source, flags=re.DOTALL)


def readable(path: Path) -> str:
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        text = template_text(source)
    else:
        text = "\n".join(texts(yaml.safe_load(source)))
    return FORMER_NAME.sub(" ", text)


def errors_in(text: str) -> list[str]:
    found = [f"{label}: « {match.group(0)} »" for label, pattern in FORBIDDEN.items()
             for match in pattern.finditer(text)]
    for sentence in re.split(r"(?<=[.;:!?])\s+|\n\s*[-*\d]+[.)]?\s", text):
        if COUNTER.search(sentence) and CANCELLED.search(sentence):
            found.append(f"annuler pour Counter (officiel : contrer): « {sentence.strip()[:120]} »")
    return found


@pytest.mark.parametrize("text, expected", [
    ("L'équipement s'attache à l'unité.", 1),
    ("Une fois l'équipement attaché, il se détache à sa mort.", 2),
    ("Un objet de jeu quitte le plateau.", 1),
    ("Au début de la phase de début, vous atteignez le score de victoire.", 2),
    ("Ses sorts sont annulés (Counter).", 1),
    ("Un effet qui empêche les dégâts.", 1),
    ("Équiper (*Attach*) lie un équipement ; Déséquiper (*Detach*) le délie.", 0),
    ("Ses sorts sont contrés. Le jeu de la carte est annulé.", 0),
    ("Au début de la phase de départ, on vérifie le score de la victoire.", 0),
])
def test_the_check_finds_each_class_of_error(text, expected):
    assert len(errors_in(text)) == expected


def test_no_content_file_or_template_uses_a_word_the_official_french_replaces():
    problems = [f"{path.relative_to(ROOT)}: {error}" for path in content_files() for error in errors_in(readable(path))]
    assert not problems, "\n".join(problems)


def test_no_worked_example_uses_a_word_the_official_french_replaces():
    """Worked examples are content too: their titles and narration are what a player reads beside the board."""
    problems = [f"{path.relative_to(ROOT)}: {error}" for path in scenario_files()
                for error in errors_in(readable(path))]
    assert not problems, "\n".join(problems)


def glossary_entries() -> dict[str, tuple[str, dict]]:
    entries = {}
    for path in ROOT.glob("glossary/content/terms-*.yaml"):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if entry.get("english_name"):
                entries[entry["english_name"]] = (path.name, entry)
    return entries


@pytest.mark.parametrize("english, french, rule", [("Hide", "Cacher", "422"), ("Prevent", "Bloquer", "438")])
def test_the_glossary_names_the_hide_and_prevent_actions_officially(english, french, rule):
    assert english in glossary_entries(), f"no glossary entry for {english}"
    path, entry = glossary_entries()[english]
    assert path == "terms-actions.yaml"
    assert entry["name"] == french and entry["kind"] == "action"
    assert rule in [str(number) for number in entry["rules"]]


def changes_text() -> dict:
    return yaml.safe_load((ROOT / "rules" / "content" / "changes.yaml").read_text(encoding="utf-8"))


def test_what_changed_says_that_new_choices_remake_every_choice():
    body = next(item["body"] for item in changes_text()["chapters"] if item["chapter"] == "complements")
    assert "R. 753" in body
    assert re.search(r"\btous les choix\b", body)


def test_what_changed_does_not_call_new_what_v1_4_already_said():
    """The base cost of a triggered ability (v1.4 R. 204.3.a), created legends (v1.4 R. 439.2.b.4) and the
    targets of a hidden spell (v1.4 R. 811.1.d.2) were already in v1.4: the page may mention them only as moved."""
    chapters = {item["chapter"]: item["body"] for item in changes_text()["chapters"]}
    assert "déjà" in chapters["couts"] and "204.3.a" in chapters["couts"]
    assert "déjà" in chapters["objets"] and "439.2.b.4" in chapters["objets"]
    assert "déjà" in chapters["mots-cles"] and "811.1.d.2" in chapters["mots-cles"]


def test_what_changed_covers_the_tournament_rules_of_october_2026():
    tournament = changes_text()["tournament"]
    text = tournament["title"] + tournament["intro"] + "".join(item["body"] for item in tournament["items"])
    assert "9 octobre 2026" in text
    # The changes that alter an answer of the FAQ: one-for-one sideboarding, a game lost to a penalty, the
    # best-of-one setup renumbered, the decklist's special choices.
    for number in ("403.4", "406.1.c", "406.1.h", "401.2.a"):
        assert number in text, number


SUMS_MIGHT = re.compile(r"additionne\w*\s+(?:la |sa )?\**Puissance|\bpuissance totale\b", re.IGNORECASE)


def test_every_text_that_sums_might_in_combat_says_what_does_not_count():
    """R. 467.2.a–b sum each side's Might, but a stunned unit adds nothing (R. 424.1.b) and a negative Might counts
    as 0 (R. 143.2.c): a text that tells the sum without both exceptions gives a wrong total."""
    problems = []
    for path in content_files():
        if path.suffix != ".yaml":
            continue
        text = readable(path)
        if SUMS_MIGHT.search(text) and "dégâts" in text:
            if not re.search(r"étourdi", text, re.IGNORECASE):
                problems.append(f"{path.relative_to(ROOT)}: stunned units not mentioned")
            if not re.search(r"négative", text, re.IGNORECASE):
                problems.append(f"{path.relative_to(ROOT)}: negative Might not mentioned")
    assert not problems, "\n".join(problems)


def test_every_faq_answer_a_tournament_change_names_exists():
    slugs = {slug for item in changes_text()["tournament"]["items"] for slug in item.get("faq", [])}
    missing = [slug for slug in slugs if not (ROOT / "rules" / "content" / "faq" / f"{slug}.yaml").exists()]
    assert slugs and not missing, missing


def test_the_glossary_names_the_kind_of_game_objects_officially():
    from glossary.models import Term

    assert Term.Kind.OBJECT.label == "Élément de jeu"
    assert not any(errors_in(str(label)) for label in Term.Kind.labels)
