"""Keep the table of cited rules in step with the texts that cite them."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from glossary.batch import mark_dirty, suspended
from glossary.models import Term
from glossary.signals import markdown_models, rerender

from . import citations, reference_index
from .models import FAQEntry, GuideSection, RuleCitation, RuleSection


def only_html(instance, update_fields) -> bool:
    """A re-render after a glossary change writes only the HTML fields: the citations did not change."""
    return bool(update_fields) and set(update_fields) <= set(instance.markdown_fields.values())


def record_citations(field: str, obj, numbers: list[str]) -> None:
    RuleCitation.objects.filter(**{field: obj}).delete()
    parsed = [number for number in dict.fromkeys(citations.parse(n) for n in numbers) if number]
    RuleCitation.objects.bulk_create(
        RuleCitation(number=number, top=citations.top_of(number), **{field: obj}) for number in parsed
    )


@receiver(post_save, sender=FAQEntry)
def faq_saved(sender, instance: FAQEntry, raw=False, update_fields=None, **kwargs):
    if not raw and not only_html(instance, update_fields):
        record_citations("faq", instance, [*instance.rules, *citations.cited_in(
            instance.short_answer, instance.explanation, instance.example)])


@receiver(post_save, sender=GuideSection)
def section_saved(sender, instance: GuideSection, raw=False, update_fields=None, **kwargs):
    if not raw and not only_html(instance, update_fields):
        record_citations("section", instance, [*instance.rules, *citations.cited_in(instance.body)])


@receiver(post_save, sender=Term)
def term_saved(sender, instance: Term, raw=False, update_fields=None, **kwargs):
    if not raw and not only_html(instance, update_fields):
        record_citations("term", instance, [*instance.rules, *citations.cited_in(instance.explanation)])


@receiver(post_save, sender=RuleSection)
@receiver(post_delete, sender=RuleSection)
def rule_section_changed(sender, instance, raw=False, update_fields=None, **kwargs):
    """A section's numbers or summaries feed the tooltips of every « R. n »: render those texts again."""
    reference_index.invalidate()
    if raw or only_html(instance, update_fields):
        return
    if suspended():
        mark_dirty()
        return
    for model in markdown_models():
        for obj in model._default_manager.all():
            if any("R." in (getattr(obj, source) or "") for source in obj.markdown_fields):
                rerender(obj)
