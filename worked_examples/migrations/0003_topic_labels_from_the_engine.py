# The topic labels come from the engine's vocabulary (engine.kinds.Topic).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('examples', '0002_board_topics'),
    ]

    operations = [
        migrations.AlterField(
            model_name='workedexample',
            name='topic',
            field=models.CharField(choices=[('couches', 'Couches et dépendances'), ('puissance', 'Calculs de puissance'), ('remplacement', 'Effets de remplacement'), ('niveau-xp', 'Niveau et XP'), ('deplacement', 'Déplacements'), ('chaine', 'La chaîne'), ('combat', 'Combat'), ('score', 'Score et victoire')], default='couches', max_length=20, verbose_name='thème'),
        ),
    ]
