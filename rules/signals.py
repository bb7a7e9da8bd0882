"""Keep the search table in step with the content."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from . import search
from .models import Card, FAQEntry, Guide, GuideSection, WorkedExample


def faq_document(entry: FAQEntry):
    text = " ".join(
        search.plain_text(part) for part in (entry.short_answer_html, entry.explanation_html, entry.example_html)
    )
    return ("faq", str(entry.pk), entry.question, entry.get_absolute_url(), text)


def section_document(section: GuideSection):
    return (
        "section",
        str(section.pk),
        f"{section.guide.title} — {section.title}",
        section.get_absolute_url(),
        search.plain_text(section.body_html),
    )


def guide_document(guide: Guide):
    return ("guide", str(guide.pk), guide.title, guide.get_absolute_url(),
            " ".join([guide.summary, search.plain_text(guide.intro_html)]))


def card_document(card: Card):
    text = " ".join(
        [card.card_type, " ".join(card.keywords or []), " ".join(card.domains or [])]
        + [search.plain_text(part) for part in (card.rules_html, card.attached_html, card.notes_html)]
    )
    return ("card", str(card.pk), card.name, card.get_absolute_url(), text)


def example_document(example: WorkedExample):
    return ("example", str(example.pk), example.title, example.get_absolute_url(),
            " ".join([example.get_topic_display(), example.description]))


DOCUMENTS = {FAQEntry: faq_document, GuideSection: section_document, Guide: guide_document, Card: card_document,
             WorkedExample: example_document}


KINDS = {FAQEntry: "faq", GuideSection: "section", Guide: "guide", Card: "card", WorkedExample: "example"}


@receiver(post_save)
def index_on_save(sender, instance, raw=False, **kwargs):
    if raw or sender not in DOCUMENTS:
        return
    search.index_document(*DOCUMENTS[sender](instance))
    if sender is Guide:
        # Section results carry the guide's title and address.
        for section in instance.sections.all():
            search.index_document(*section_document(section))


@receiver(post_delete)
def unindex_on_delete(sender, instance, **kwargs):
    if sender not in DOCUMENTS:
        return
    search.remove_document(KINDS[sender], str(instance.pk))
