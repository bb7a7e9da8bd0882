"""Topics of the turn (movement, chain, combat, score); examples stored under « couches » get their own topic."""

from django.db import migrations, models

NEW_TOPICS = ("deplacement", "chaine", "combat", "score")


def topics_from_scenarios(apps, schema_editor):
    import yaml

    WorkedExample = apps.get_model("examples", "WorkedExample")
    for example in WorkedExample.objects.all():
        try:
            topic = (yaml.safe_load(example.scenario) or {}).get("topic")
        except yaml.YAMLError:
            continue
        if topic in NEW_TOPICS and example.topic != topic:
            example.topic = topic
            example.save(update_fields=["topic"])


class Migration(migrations.Migration):

    dependencies = [
        ("examples", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="workedexample",
            name="topic",
            field=models.CharField(
                choices=[
                    ("couches", "Couches, dépendances et horodatages"),
                    ("puissance", "Calculs de puissance"),
                    ("remplacement", "Effets de remplacement"),
                    ("niveau-xp", "Niveau, XP et résolution"),
                    ("deplacement", "Déplacements"),
                    ("chaine", "La chaîne et la priorité"),
                    ("combat", "Combat"),
                    ("score", "Score et victoire"),
                ],
                default="couches",
                max_length=20,
                verbose_name="thème",
            ),
        ),
        migrations.RunPython(topics_from_scenarios, migrations.RunPython.noop),
    ]
