from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("search", "0002_fulltext"),
    ]

    operations = [
        migrations.AddField(
            model_name="searchword",
            name="english",
            field=models.BooleanField(default=False),
        ),
    ]
