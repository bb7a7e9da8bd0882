"""The content loader: loads everything, never duplicates, never undoes an editor's work."""

import pytest
import yaml

from cards.models import Card
from rules.loader import Loader
from rules.models import Category, FAQEntry, Guide, GuideSection, WorkedExample

pytestmark = pytest.mark.django_db


def counts():
    return (Category.objects.count(), FAQEntry.objects.count(), Guide.objects.count(),
            GuideSection.objects.count(), Card.objects.count(), WorkedExample.objects.count())


def test_ships_the_promised_content():
    Loader().load_all()
    assert Guide.objects.count() >= 12
    assert FAQEntry.objects.count() >= 21
    assert Category.objects.count() >= 4
    assert FAQEntry.objects.values("category").distinct().count() >= 4
    seed_entry = FAQEntry.objects.get(question__startswith="Quel effet s'applique en premier")
    assert seed_entry.cards.filter(pk="SFD-133").exists()
    placeholders = ["SFD-133", "SFD-051", "UNL-175", "OGN-232", "SFD-173", "UNL-075", "VEN-086"]
    linked = Card.objects.filter(faq_entries__isnull=False, pk__in=placeholders).distinct()
    names = {card.id: (card.name, card.name_fr) for card in linked}
    # The former placeholder cards are the real ones: official names as Riot published them, and a French one
    # only where the French rules v1.4 print it.
    assert names == {
        "SFD-133": ("Boots of Swiftness", ""), "SFD-051": ("Guardian Angel", "Ange gardien"),
        "UNL-175": ("Tactical Retreat", ""), "OGN-232": ("Fiora, Victorious", "Fiora, Victorieuse"),
        "SFD-173": ("Soraka, Wanderer", "Soraka, Nomade"), "UNL-075": ("Gustwalker", "Saute-nuages"),
        "VEN-086": ("Gangplank, Naval", ""),
    }
    for entry in FAQEntry.objects.all():
        assert entry.short_answer_html.strip(), entry.slug


def test_every_reference_in_shipped_content_exists():
    loader = Loader()
    loader.load_all()
    assert not [m for m in loader.messages if "introuvable" in m]
    assert FAQEntry.objects.filter(related__isnull=False).exists()


def test_running_twice_duplicates_nothing():
    Loader().load_all()
    first = counts()
    stats = Loader().load_all()
    assert counts() == first
    assert stats["created"] == 0 and stats["updated"] == 0


def test_editor_changes_survive_a_reload():
    Loader().load_all()
    entry = FAQEntry.objects.order_by("pk").first()
    entry.short_answer = "Réponse réécrite par un éditeur."
    entry.save()
    section = GuideSection.objects.order_by("pk").first()
    section.body = "Section réécrite."
    section.save()
    stats = Loader().load_all()
    assert FAQEntry.objects.get(pk=entry.pk).short_answer == "Réponse réécrite par un éditeur."
    assert GuideSection.objects.get(pk=section.pk).body == "Section réécrite."
    assert stats["kept_edited"] >= 2


def test_editor_deletion_is_not_undone():
    Loader().load_all()
    card = Card.objects.get(pk="SFD-173")
    card.delete()
    Loader().load_all()
    assert not Card.objects.filter(pk="SFD-173").exists()


def test_shipped_update_reaches_an_untouched_object(tmp_path, settings):
    import shutil

    from rules.loader import CONTENT_DIR

    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    Loader(content_dir=content).load_all()
    categories = yaml.safe_load((content / "categories.yaml").read_text(encoding="utf-8"))
    categories[0]["description"] = "Nouvelle description livrée."
    (content / "categories.yaml").write_text(yaml.safe_dump(categories, allow_unicode=True), encoding="utf-8")
    stats = Loader(content_dir=content).load_all()
    assert Category.objects.get(slug=categories[0]["slug"]).description == "Nouvelle description livrée."
    assert stats["updated"] == 1


def test_force_restores_the_shipped_version():
    Loader().load_all()
    card = Card.objects.get(pk="SFD-173")
    shipped = card.name
    card.name = "Modifié"
    card.save()
    Loader(force=True).load_all()
    assert Card.objects.get(pk="SFD-173").name == shipped


def test_short_answers_are_sentences_not_lists():
    # « 6. La valeur… » would become a numbered list starting at 1 and lose the answer.
    Loader().load_all()
    for entry in FAQEntry.objects.all():
        assert entry.short_answer_html.lstrip().startswith("<p"), entry.slug


def test_deleting_linked_content_freezes_nothing_else(tmp_path):
    """Deleting a card, an example and an FAQ entry changes the links of other items, not their own content:
    those items still count as untouched and still receive shipped updates."""
    import shutil

    from rules.loader import CONTENT_DIR

    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    Loader(content_dir=content).load_all()
    card = Card.objects.filter(faq_entries__isnull=False).first()
    example = WorkedExample.objects.filter(faq_entries__isnull=False).exclude(faq_entries__cards=card).first()
    target = FAQEntry.objects.filter(faqentry__isnull=False).first()  # an entry others name as related
    linking = {e.slug for e in FAQEntry.objects.filter(cards=card)} | {e.slug for e in example.faq_entries.all()}
    linking |= set(FAQEntry.objects.filter(related=target).values_list("slug", flat=True))
    linking.discard(target.slug)
    for obj in (card, example, target):
        obj.delete()
    for path in (content / "faq").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data["slug"] in linking:
            data["explanation"] = "Explication mise à jour par le contenu livré."
            path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    loader = Loader(content_dir=content)
    stats = loader.load_all()
    assert stats["kept_edited"] == 0, loader.messages
    assert stats["kept_deleted"] == 3
    assert set(FAQEntry.objects.filter(explanation__startswith="Explication mise à jour")
               .values_list("slug", flat=True)) == linking
    assert len(linking) >= 3
