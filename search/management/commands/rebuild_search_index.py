from django.core.management.base import BaseCommand

from search import indexing


class Command(BaseCommand):
    help = "Réindexe tout le site pour la recherche (à lancer après un import en masse hors de l'ORM)."

    def handle(self, *args, **options):
        count = indexing.rebuild()
        self.stdout.write(f"{count} documents indexés.")
