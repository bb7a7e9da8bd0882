"""Keep linked texts and the matcher cache in step with the glossary.

Adding, renaming, redefining or deleting a term re-renders every stored text that links it now or
mentions one of its forms, so editors never have to re-save content by hand.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.apps import apps
from django.db import models
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from . import linking
from .batch import deferral, is_dirty, mark_dirty, rendering_batch, suspended
from .matcher import Glossary
from .models import Term
from .rendering import MarkdownFieldsMixin


def markdown_models() -> list[type[models.Model]]:
    """Every installed model whose texts are rendered with ``render_markdown``."""
    return [model for model in apps.get_models() if issubclass(model, MarkdownFieldsMixin)]


def rerender(obj: models.Model) -> bool:
    """Render ``obj``'s Markdown fields again; store only the HTML fields that changed."""
    targets = list(obj.markdown_fields.values())
    before = {target: getattr(obj, target) for target in targets}
    obj.render_markdown_fields()
    changed = [target for target in targets if getattr(obj, target) != before[target]]
    if changed:
        # Model.save, not the mixin's save, which would render a second time. Only the HTML fields are
        # written: updated_at and the loader's fingerprints stay as they were. post_save still fires, so
        # the search index follows.
        models.Model.save(obj, update_fields=changed)
    return bool(changed)


def rerender_all() -> int:
    """Render every text of the site again (after a bulk load of terms). Returns how many changed."""
    with rendering_batch():
        return sum(rerender(obj) for model in markdown_models() for obj in model._default_manager.all())


def rerender_affected(urls: set[str], probe: Glossary, skip: models.Model | None = None) -> int:
    """Render again the texts that link one of ``urls`` or mention a term of ``probe``."""
    markers = [f'href="{url}"' for url in urls]
    count = 0
    for model in markdown_models():
        for obj in model._default_manager.all():
            if skip is not None and model is type(skip) and obj.pk == skip.pk:
                continue
            html = "".join(getattr(obj, target) or "" for target in obj.markdown_fields.values())
            source = "\n".join(getattr(obj, source) or "" for source in obj.markdown_fields)
            if any(marker in html for marker in markers) or probe.mentions(source):
                count += rerender(obj)
    return count


@contextmanager
def deferred_rerender():
    """Save many terms and texts, then render the whole site once (the content loader uses this).

    Texts saved meanwhile are stored without HTML; the single pass at the end renders them with every term
    and every other registered filter (rule citations) in place.
    """
    with deferral():
        yield
    if not suspended() and is_dirty():
        # Only when a term was saved or deleted meanwhile: an unchanged reload re-renders nothing.
        linking.invalidate()
        rerender_all()


# --- signals -----------------------------------------------------------------------------------------

@receiver(pre_save, sender=Term)
def remember_old_url(sender, instance: Term, raw=False, **kwargs):
    instance._glossary_old_url = None
    if instance.pk and not raw:
        old = Term.objects.filter(pk=instance.pk).values_list("slug", flat=True).first()
        if old:
            instance._glossary_old_url = Term(slug=old).get_absolute_url()


@receiver(post_save, sender=Term)
def term_saved(sender, instance: Term, raw=False, update_fields=None, **kwargs):
    if raw or (update_fields and set(update_fields) <= set(instance.markdown_fields.values())):
        return  # only the stored HTML changed: the matcher (names, forms, definitions) is the same
    linking.invalidate()
    if suspended():
        mark_dirty()
        return
    urls = {instance.get_absolute_url()}
    if getattr(instance, "_glossary_old_url", None):
        urls.add(instance._glossary_old_url)
    probe = Glossary([linking.term_info(instance)])
    rerender_affected(urls, probe, skip=instance)


def entry_deleted(url: str) -> None:
    """An entry of the matcher (a term, a card) is gone: the texts that linked ``url`` are rendered again, or the
    whole site once at the end of a deferral."""
    linking.invalidate()
    if suspended():
        mark_dirty()
    else:
        rerender_affected({url}, Glossary())


@receiver(post_delete, sender=Term)
def term_deleted(sender, instance: Term, **kwargs):
    entry_deleted(instance.get_absolute_url())
