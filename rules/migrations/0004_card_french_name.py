import hashlib
import json

from django.db import migrations, models


def _fingerprint(obj, skip=()) -> str:
    """The content loader's fingerprint of a row (rules.loader.fingerprint), optionally without some fields."""
    values = {}
    for f in obj._meta.concrete_fields:
        if f.primary_key or not f.editable or isinstance(f, models.DateTimeField) or f.name in skip:
            continue
        values[f.name] = f.value_from_object(obj)
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str, ensure_ascii=False).encode()).hexdigest()


def keep_untouched_cards_untouched(apps, schema_editor):
    """A new field changes every row's fingerprint: without this, the content loader would take every card for one
    an editor changed and stop updating them all. A card whose fingerprint matched before the field keeps matching,
    so the next load gives it its French name."""
    Card = apps.get_model("rules", "Card")
    ContentRecord = apps.get_model("rules", "ContentRecord")
    records = {record.key: record for record in ContentRecord.objects.filter(kind="card")}
    for card in Card.objects.all():
        record = records.get(card.slug)
        if record is not None and record.fingerprint == _fingerprint(card, skip={"french_name"}):
            record.fingerprint = _fingerprint(card)
            record.save(update_fields=["fingerprint"])


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0003_rules_edition_2026_10'),
    ]

    operations = [
        migrations.AddField(
            model_name='card',
            name='french_name',
            field=models.CharField(blank=True, help_text='Seulement un nom que Riot a publié en français (par exemple dans les règles du jeu v1.4) ; laisser vide sinon, ne jamais en inventer un.', max_length=120, verbose_name='nom français officiel'),
        ),
        migrations.AlterField(
            model_name='card',
            name='name',
            field=models.CharField(help_text="Le nom tel que Riot l'a imprimé, en anglais.", max_length=120, verbose_name='nom officiel'),
        ),
        migrations.RunPython(keep_untouched_cards_untouched, migrations.RunPython.noop),
    ]
