"""``manage.py load_content``: load (or update) every shipped FAQ entry, guide, card, example and term."""

from django.core.management.base import BaseCommand

from rules.loader import Loader


class Command(BaseCommand):
    help = "Charge le contenu livré (FAQ, guides, cartes, exemples, glossaire) sans écraser les modifications."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true",
            help="Remplace aussi les contenus modifiés ou supprimés dans l'administration par la version livrée.",
        )

    def handle(self, *args, force=False, **options):
        loader = Loader(force=force)
        stats = loader.load_all()
        for message in loader.messages:
            self.stdout.write(message)
        self.stdout.write(self.style.SUCCESS(
            "Contenu chargé : {created} créés, {updated} mis à jour, {unchanged} inchangés, "
            "{kept_edited} modifiés par un éditeur conservés, {kept_deleted} supprimés non recréés.".format(
                **{k: stats.get(k, 0) for k in ("created", "updated", "unchanged", "kept_edited", "kept_deleted")}
            )
        ))
