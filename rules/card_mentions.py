"""The FAQ entries and worked examples that use a card or its keywords, for the card's page (``cards.mentions``).

Declared on ``RulesConfig.card_mentions``: the cards app sits below this one and does not import it.
"""

from __future__ import annotations

from django.db.models import Q

from worked_examples.models import WorkedExample

from .models import FAQEntry

LIMIT = 12


def card_mentions(card, terms) -> list[dict]:
    """FAQ entries that link the card or one of its keywords' glossary terms; the worked examples that play the card,
    then those of these entries and of the rules sections about its keywords."""
    linked = Q(cards=card)
    for term in terms:
        url = term.get_absolute_url()
        for field in ("short_answer_html", "explanation_html", "example_html"):
            linked |= Q(**{f"{field}__contains": f'href="{url}"'})
    entries = list(FAQEntry.objects.filter(linked).distinct()
                   .order_by("category__order", "order", "question").only("slug", "question")[:LIMIT])
    # The examples that play this very card come first (its collector number in their scenario), then those of
    # the FAQ entries and of the rules sections about its keywords.
    playing = [example for example in WorkedExample.objects.filter(scenario__icontains=card.id)
               .order_by("topic", "order", "title").only("slug", "title", "scenario")
               if card.id in example.card_ids()]
    related = (WorkedExample.objects
               .filter(Q(faq_entries__in=[entry.pk for entry in entries]) | Q(rule_sections__terms__in=terms))
               .exclude(pk__in=[example.pk for example in playing])
               .distinct().order_by("topic", "order", "title").only("slug", "title")[:LIMIT])
    examples = (playing + list(related))[:LIMIT]
    return [
        {"title": "Questions de la FAQ", "items": [(entry.question, entry.get_absolute_url()) for entry in entries]},
        {"title": "Exemples commentés", "items": [(example.title, example.get_absolute_url()) for example in examples]},
    ]
