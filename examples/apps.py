from django.apps import AppConfig


class ExamplesConfig(AppConfig):
    """Worked examples: the step player, « Et si… ? », « Pourquoi cet ordre ? » and the JSON API."""

    name = "examples"
    verbose_name = "Exemples commentés"
    search_documents = "examples.search_documents.DOCUMENTS"
    search_kinds = "examples.search_documents.KINDS"
    sitemaps = "examples.sitemaps.SITEMAPS"
    # Read by the glossary: a keyword's page lists the examples where a unit has it.
    keyword_examples = "examples.keywords.examples_by_keyword"
