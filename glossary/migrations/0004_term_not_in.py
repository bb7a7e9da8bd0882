from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("glossary", "0003_term_former_slugs"),
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
    ]
