"""The tournament answers follow the English Tournament Rules of 9 October 2026, authoritative over the French
July edition (issue 33, item 12): numbers that exist in that edition, and the facts it changed."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
NUMBERS = Path(__file__).resolve().parent / "data" / "tournament-rules-2026-10-numbers.txt"
FAQ = ROOT / "rules" / "content" / "faq"
# « règles de tournoi 403.4 », « (règles de tournoi 408.2 à 408.2.b ; … 104.2) », « point 407.4 des règles de
# tournoi », « règles de tournoi, section 407.4 »: every number in such a parenthesis or phrase.
CITATION = re.compile(r"règles? de tournoi[^()\n]*?\d{3}[^()\n]*"
                      r"|(?:point|section) \d{3}[\d.a-z]* des règles de tournoi")
NUMBER = re.compile(r"\b\d{3}(?:\.(?:\d+|[a-z]))*\b")


def october_numbers() -> set[str]:
    return {line.strip() for line in NUMBERS.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def content_texts():
    for path in sorted([*ROOT.glob("rules/content/**/*.yaml"), *ROOT.glob("learn/content/*.yaml"),
                        *ROOT.glob("glossary/content/*.yaml")]):
        yield path, path.read_text(encoding="utf-8")


def entry(slug: str) -> dict:
    return yaml.safe_load((FAQ / f"{slug}.yaml").read_text(encoding="utf-8"))


def test_every_tournament_rule_cited_exists_in_the_october_edition():
    known = october_numbers()
    missing = []
    for path, text in content_texts():
        for citation in CITATION.finditer(text):
            for number in NUMBER.findall(citation.group(0)):
                if number not in known:
                    missing.append(f"{path.relative_to(ROOT)}: {number} in « {citation.group(0)[:80]} »")
    assert not missing, "\n".join(missing)


def test_the_best_of_one_setup_is_cited_by_its_october_number():
    # July 406.1.g became 406.1.h when 406.1.c was inserted.
    text = yaml.safe_dump(entry("tournoi-champs-de-bataille-du-match"), allow_unicode=True)
    assert "406.1.g" not in text and "406.1.h.2" in text


def test_a_game_lost_to_a_penalty_changes_the_battlefields_of_the_rest_of_the_match():
    data = entry("tournoi-champs-de-bataille-du-match")
    assert "406.1.c" in data["explanation"] and "pénalité" in data["explanation"]


def test_the_one_for_one_sideboard_exchange_is_for_constructed_only():
    data = entry("tournoi-reserve")
    # July 403.4 required it in every format; October 403.4 only in constructed.
    assert re.search(r"construit", data["short_answer"])
    assert re.search(r"limité", data["explanation"])


def test_registration_covers_the_october_additions():
    data = entry("tournoi-enregistrement-du-deck")
    assert "401.1.b" in data["explanation"] and "401.2.a" in data["explanation"]


def test_end_of_match_additional_turns_are_announced():
    data = entry("tournoi-meilleur-des-trois")
    assert "502.4.b" in data["explanation"]
