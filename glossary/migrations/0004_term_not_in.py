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


def keep_untouched_terms_untouched(apps, schema_editor):
    """A new field changes every row's fingerprint: without this, the content loader would take every term for one
    an editor changed and stop updating them all. A term whose fingerprint matched before the field keeps matching."""
    Term = apps.get_model("glossary", "Term")
    ContentRecord = apps.get_model("rules", "ContentRecord")
    records = {record.key: record for record in ContentRecord.objects.filter(kind="term")}
    for term in Term.objects.all():
        record = records.get(term.slug)
        if record is not None and record.fingerprint == _fingerprint(term, skip={"not_in"}):
            record.fingerprint = _fingerprint(term)
            record.save(update_fields=["fingerprint"])


class Migration(migrations.Migration):

    dependencies = [
        ("glossary", "0003_term_former_slugs"),
        ("rules", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="term",
            name="not_in",
            field=models.TextField(
                blank=True,
                help_text="Une expression par ligne où une forme de ce terme ne le désigne pas (« tirez au sort », "
                          "« face cachée ») : le texte ne fait pas de lien à cet endroit.",
                verbose_name="sauf dans",
            ),
        ),
        migrations.RunPython(keep_untouched_terms_untouched, migrations.RunPython.noop),
    ]
