from django.apps import AppConfig
from django.db.models.signals import post_migrate


class SearchConfig(AppConfig):
    """The search table and page. Other apps declare what they index (see ``search.registry``)."""

    name = "search"
    verbose_name = "Recherche"

    def ready(self):
        from . import indexing

        indexing.connect()
        post_migrate.connect(drop_orphans, sender=self)


def drop_orphans(using="default", **kwargs):
    """After ``migrate`` and after ``flush`` (both send post_migrate): full-text rows follow the documents table."""
    from django.db import connections

    from .backends import PostgresBackend, SqliteBackend

    if using != "default":
        return  # the backends work on the default connection, the only one the site uses
    connection = connections[using]
    backend = {"sqlite": SqliteBackend, "postgresql": PostgresBackend}.get(connection.vendor)
    if backend is None or backend.table not in connection.introspection.table_names(include_views=False):
        return  # another database, or its search migrations are not applied yet
    backend().drop_orphans()
