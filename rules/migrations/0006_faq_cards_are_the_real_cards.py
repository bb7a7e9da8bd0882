"""The FAQ's cards are the real cards of the cards app: the 7 placeholder cards map to their collector ids.

Each FAQ entry keeps its cards. A card the import has not loaded yet is created as a stand-in with its id and name;
the next ``load_content`` fills it (a row no import wrote takes the imported data, see cards.loader).
"""

from django.db import migrations, models

# The placeholders' slugs and the cards they were, found by name in cards/data/cards.json.
PLACEHOLDERS = {
    "boots-of-swiftness": ("SFD-133", "Boots of Swiftness", "Gear", "SFD"),
    "guardian-angel": ("SFD-051", "Guardian Angel", "Gear", "SFD"),
    "tactical-retreat": ("UNL-175", "Tactical Retreat", "Spell", "UNL"),
    "fiora-victorious": ("OGN-232", "Fiora, Victorious", "Unit", "OGN"),
    "soraka": ("SFD-173", "Soraka, Wanderer", "Unit", "SFD"),
    "gangplank": ("VEN-086", "Gangplank, Naval", "Unit", "VEN"),
    "gustwalker": ("UNL-075", "Gustwalker", "Unit", "UNL"),
}


def move_links(apps, schema_editor):
    FAQEntry = apps.get_model("rules", "FAQEntry")
    RealCard = apps.get_model("cards", "Card")
    for entry in FAQEntry.objects.prefetch_related("cards"):
        for old in entry.cards.all():
            if old.slug not in PLACEHOLDERS:
                continue
            card_id, name, card_type, set_code = PLACEHOLDERS[old.slug]
            card, _ = RealCard.objects.get_or_create(
                id=card_id, defaults={"name": name, "card_type": card_type, "set_code": set_code})
            entry.new_cards.add(card)
    ContentRecord = apps.get_model("rules", "ContentRecord")
    ContentRecord.objects.filter(kind="card").delete()


def move_back(apps, schema_editor):
    pass  # the placeholders are gone for good: going back leaves the entries without cards


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_rulecitation_one_citing_text"),
        ("cards", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="faqentry",
            name="new_cards",
            field=models.ManyToManyField(blank=True, related_name="faq_entries", to="cards.card",
                                         verbose_name="cartes"),
        ),
        migrations.RunPython(move_links, move_back),
        migrations.RemoveField(model_name="faqentry", name="cards"),
        migrations.DeleteModel(name="Card"),
        migrations.RenameField(model_name="faqentry", old_name="new_cards", new_name="cards"),
    ]
