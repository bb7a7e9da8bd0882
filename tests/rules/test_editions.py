"""Editions of the Core Rules as data: the index command, the shipped indexes and map, old numbers, « changed since
the check » and the « Ce qui a changé » page."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from rules import editions
from rules.choices import CURRENT_RULES_VERSION, INDEXED_EDITIONS, RulesVersion
from rules.models import RuleSection

from .factories import faq, guide

OLD_TEXT = """Riftbound Core Rules
100. Game Concepts
101. Deck Construction
101.1. A deck holds 40 cards, see rule 103.
    Example: an indented example stays with its rule.
101.2. This rule goes away.
102. A long rule whose
wrapped line is joined.
\f103. Cleanups kill units with lethal damage.
"""
NEW_TEXT = """Riftbound Core Rules
100. Game Concepts
101. Deck Construction
101.1. A deck holds 40 cards, see rule 104.
    Example: an indented example stays with its rule.
102. A brand new rule.
103. A long rule whose wrapped line is joined.
104. Cleanups kill every unit with lethal damage.
"""


def test_a_rules_text_is_read_rule_by_rule():
    rules = editions.parse_rules_text(OLD_TEXT)
    assert list(rules) == ["100", "101", "101.1", "101.2", "102", "103"]
    assert rules["101.1"].endswith("Example: an indented example stays with its rule.")
    assert rules["102"] == "A long rule whose wrapped line is joined."


def test_the_hash_ignores_case_punctuation_and_rule_numbers_in_the_text():
    assert editions.text_hash("See rule 466.1, “Cleanups”.") == editions.text_hash("see rule 468.1 \"cleanups\"")
    assert editions.text_hash("Deal 2.") != editions.text_hash("Deal 3.")
    assert len(editions.text_hash("x")) == 16


def test_two_editions_give_renumbered_edited_removed_and_added_rules():
    old, new = editions.parse_rules_text(OLD_TEXT), editions.parse_rules_text(NEW_TEXT)
    mapping = editions.derive_map(old, new)
    assert mapping["100"] == ("100", editions.SAME, 1.0)
    assert mapping["101.1"] == ("101.1", editions.SAME, 1.0)  # only its cross-reference moved
    assert mapping["102"] == ("103", editions.RENUMBERED, 1.0)
    assert mapping["103"][:2] == ("104", editions.EDITED)
    assert mapping["101.2"] == ("", editions.REMOVED, 0.0)
    assert editions.build_map("1.4", "2026-10", old, new)["added"] == ["102"]
    assert editions.derive_map(old, new) == mapping  # deterministic


def test_the_command_writes_an_index_without_the_text_and_the_map(tmp_path):
    old_file, new_file = tmp_path / "old.txt", tmp_path / "new.txt"
    old_file.write_text(OLD_TEXT, encoding="utf-8")
    new_file.write_text(NEW_TEXT, encoding="utf-8")
    out = tmp_path / "editions"
    call_command("index_rules", "v1.4", str(old_file), output=str(out), stdout=open("/dev/null", "w"))
    written = (out / "v1.4.json").read_text(encoding="utf-8")
    index = json.loads(written)
    assert index["edition"] == "1.4" and [rule["number"] for rule in index["rules"]][:3] == ["100", "101", "101.1"]
    assert "deck holds" not in written and "Cleanups" not in written  # hashes, never the text
    call_command("index_rules", "2026-10", str(new_file), since=["1.4", str(old_file)], output=str(out),
                 stdout=open("/dev/null", "w"))
    mapping = json.loads((out / "v1.4--2026-10.json").read_text(encoding="utf-8"))
    assert {rule["number"]: rule["status"] for rule in mapping["rules"]}["101.2"] == "removed"
    # The older text must be the one its shipped index was built from.
    with pytest.raises(CommandError):
        call_command("index_rules", "2026-10", str(new_file), since=["1.4", str(new_file)], output=str(out))
    with pytest.raises(CommandError):
        call_command("index_rules", "0.9", str(new_file), output=str(out))


def test_the_newest_edition_is_the_current_one():
    assert CURRENT_RULES_VERSION == "2026-10" == RulesVersion.values[0]
    assert set(INDEXED_EDITIONS) == {"2026-10", "1.4"}


def test_the_shipped_indexes_and_map_agree():
    old, new = editions.load_index("1.4"), editions.load_index("2026-10")
    mapping = editions.load_map("1.4", "2026-10")
    assert len(old.numbers) > 2000 and len(new.numbers) > 2000
    assert list(mapping.changes) == list(old.numbers)  # every v1.4 number, in order
    for number, change in mapping.changes.items():
        if change.status in (editions.SAME, editions.RENUMBERED):
            assert old.hashes[number] == new.hashes[change.target], number
        elif change.status == editions.EDITED:
            assert old.hashes[number] != new.hashes[change.target], number
        else:
            assert change.status == editions.REMOVED and change.target == "", number
    reached = {change.target for change in mapping.changes.values()}
    assert all(number in new and number not in reached for number in mapping.added)
    assert mapping.get("466.1").target == "468.1"  # the combat cleanup
    assert mapping.get("477").target == "479"  # the layers
    assert {"830", "831", "832", "446"} <= set(mapping.added)
    assert mapping.get("323.4").status == editions.REMOVED  # the cleanup's Deathknell step


@pytest.mark.django_db
def test_an_old_number_goes_to_the_section_of_its_new_number(client):
    section = RuleSection.objects.create(slug="combat-resolution", title="Résolution", chapter="combat",
                                         covers=[[468, 468]], body="Texte.", order=468)
    response = client.get("/regles/v1.4/466.1/")
    assert response.status_code == 302 and response.url.startswith(section.get_absolute_url())
    assert client.get("/regles/2026-10/468.1/").url == "/regles/468.1/"
    # No section explains it yet: a page with its new number, never a 404.
    response = client.get("/regles/v1.4/101/")
    assert response.status_code == 200 and "R.\u00a0101" in response.content.decode().replace("&nbsp;", "\u00a0")
    removed = client.get("/regles/v1.4/323.4/")
    assert removed.status_code == 410 and "existe plus" in removed.content.decode()
    assert client.get("/regles/v1.4/998/").status_code == 404
    assert client.get("/regles/v2.0/466/").status_code == 404


@pytest.mark.django_db
def test_pages_name_the_edition_they_were_checked_against(client):
    current = faq(checked_version="2026-10", rules=["468.1"])
    body = client.get(current.get_absolute_url()).content.decode()
    assert "Vérifié avec les règles de base du 9 octobre 2026" in body
    assert "Une règle citée a changé" not in body
    older = faq(checked_version="1.4", rules=["466.1"])  # renumbered only: the rule itself did not change
    body = client.get(older.get_absolute_url()).content.decode()
    assert "Vérifié avec les règles de base v1.4 du 16 juillet 2026, pas encore avec la dernière édition" in body
    assert reverse("rules:changes") in body
    assert "Une règle citée a changé" not in body
    assert "Pas encore vérifié" in client.get(faq(checked_version="").get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_a_page_says_when_a_rule_it_cites_changed_since_its_check(client, django_user_model):
    entry = faq(checked_version="1.4", rules=["480"], explanation="Voir R. 323 pour le nettoyage.")
    rows = {row["number"]: [change.number for change in row["changes"]] for row in entry.rule_changes()}
    assert rows["480"] == ["480"]  # timestamps: edited, now 482
    assert "323.4" in rows["323"]  # a sub-rule of the cited rule was removed
    body = client.get(entry.get_absolute_url()).content.decode().replace("&nbsp;", "\u00a0")
    assert "Une règle citée a changé depuis la vérification" in body
    assert "R.\u00a0480 (v1.4)" in body and "R.\u00a0482" in body and 'href="/regles/v1.4/323.4/"' in body
    checked_again = faq(checked_version="2026-10", rules=["480"])
    assert checked_again.rule_changes() == []
    handbook = guide(sections=[("couches", "Couches", "Les couches : R. 477.1.b.")], checked_version="1.4")
    assert "Une règle citée a changé" in client.get(handbook.get_absolute_url()).content.decode()
    section = RuleSection.objects.create(slug="couches", title="Couches", chapter="couches", covers=[[477, 479]],
                                         rule_summaries={"477.1": "La première couche."}, body="Texte.",
                                         checked_version="1.4", order=477)
    changed = [change.number for change in section.rule_changes()[0]["changes"]]
    assert changed[0] == "477.1" and "477.1.b" in changed  # the layer itself (now 479.2) and its copy rules

    url = reverse("rules:editors_versions")
    client.force_login(django_user_model.objects.create_user("ed", password="x", is_staff=True))
    body = client.get(url).content.decode()
    changed = body[body.index('id="changed-title"'):body.index('id="group-1"')]
    for item in (entry, handbook, section):
        assert item.get_absolute_url() in changed
    assert checked_again.get_absolute_url() not in body


@pytest.mark.django_db
def test_the_changes_page_works_with_and_without_the_keyword_sections(client):
    url = reverse("rules:changes")
    body = client.get(url).content.decode()
    assert "Section en préparation" in body and "Show Off" in body
    deploy = RuleSection.objects.create(slug="deploy", title="Deploy", chapter="mots-cles", covers=[[830, 830]],
                                        body="Texte.", order=830)
    body = client.get(url).content.decode()
    assert f'href="{deploy.get_absolute_url()}"' in body
    assert "Les couches" in body and "Quatre couches" in body


@pytest.mark.django_db
def test_the_admin_filters_texts_citing_a_changed_rule(client, django_user_model):
    changed = faq(checked_version="1.4", rules=["480"], question="Citant une règle modifiée ?")
    unchanged = faq(checked_version="1.4", rules=["466.1"], question="Citant une règle renumérotée ?")
    client.force_login(django_user_model.objects.create_superuser("admin", "a@example.org", "x"))
    body = client.get("/admin/rules/faqentry/?regle_modifiee=oui").content.decode()
    assert changed.question in body and unchanged.question not in body
    handbook = guide(sections=[("couches", "Couches", "R. 477.1.b")], checked_version="1.4", title="Guide changé")
    assert handbook.title in client.get("/admin/rules/guide/?regle_modifiee=oui").content.decode()
    assert client.get("/admin/rules/rulesection/?regle_modifiee=oui").status_code == 200
