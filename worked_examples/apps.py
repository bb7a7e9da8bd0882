from django.apps import AppConfig


class WorkedExamplesConfig(AppConfig):
    """Worked examples: the step player, « Et si… ? », « Pourquoi cet ordre ? » and the JSON API."""

    name = "worked_examples"
    # The tables, migrations and content-type rows keep the label they were created under.
    label = "examples"
    verbose_name = "Exemples commentés"
    search_documents = "worked_examples.search_documents.DOCUMENTS"
    search_kinds = "worked_examples.search_documents.KINDS"
    sitemaps = "worked_examples.sitemaps.SITEMAPS"
    # Read by the glossary: a keyword's page lists the examples where a unit has it.
    keyword_examples = "worked_examples.keywords.examples_by_keyword"
