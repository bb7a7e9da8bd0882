"""The example player's pages: the examples index, one example step by step, and the JSON API."""

from __future__ import annotations

import re
from collections.abc import Iterator

from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from cards.models import Card
from core.fragments import fragment
from core.htmx import HtmxHttpRequest, wants_fragment

from . import computing, player
from .models import WorkedExample


def embedded_players(owner: str, examples) -> SafeString:
    """The live example players of what ``owner`` names (``"faq:12"``: an FAQ entry, a guide section…), each at its
    first step, as one piece of HTML.

    The piece is the same for every visitor and is rendered once per content version (``core.fragments``): on a
    warm cache, ``examples`` (a lazy queryset) is not even read. A change to an example, to its links or to any
    other content starts a new version.

    One situation, one player: an example whose scenario plays exactly the same situation as one already
    on the page (same text, or same data apart from title, description and topic) is left out.
    """
    return fragment("embedded-players", (owner,), lambda: "".join(_players(examples)))


def embedded_cards(owner: str, examples) -> SafeString:
    """A light card for each example of ``owner`` (a guide section): title, the situation in one sentence, and
    « Voir l'exemple pas à pas », a real link to the example's page that htmx turns into the player, loaded in
    place only when the reader asks (``/exemples/<slug>/?integre=1``, itself kept by the page cache).

    A guide that embedded every player whole weighed hundreds of kilobytes (issue 34); the same one situation,
    one example rule as ``embedded_players`` applies, and the cards are kept per content version the same way.
    """
    return fragment("embedded-cards", (owner,), lambda: "".join(
        render_to_string("examples/_card.html", {"example": example, "situation": situation(example.description),
                                                 "url": example.get_absolute_url()})
        for example in _distinct(examples)))


def situation(description: str, limit: int = 160) -> str:
    """The first sentence of a description (« R. 468 » does not end one), cut at a word after ``limit``
    characters with an ellipsis."""
    text = " ".join(description.split())
    first = SENTENCE_END.split(text, maxsplit=1)[0]
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(" ,;:(") + "…"


# A full stop, exclamation or question mark followed by a space, except the « R. » of a rule number.
SENTENCE_END = re.compile(r"(?<![\s(]R\.)(?<=[.!?])\s+")


def _distinct(examples) -> Iterator[WorkedExample]:
    seen: set[str] = set()
    for example in examples:
        keys = {example.scenario_hash, computing.situation_key(computing.parse_scenario(example.scenario))}
        if keys & seen:
            continue
        seen |= keys
        yield example


def _players(examples) -> Iterator[str]:
    for example in _distinct(examples):
        # Rendered without the request: nothing in a player depends on who asks.
        context, _ = example_context(example, embedded=True)
        yield render_to_string("examples/_player.html", context)


@require_GET
def index(request: HttpRequest):
    topics = []
    examples = list(WorkedExample.objects.order_by("topic", "order", "title"))
    for value, label in WorkedExample.Topic.choices:
        items = [example for example in examples if example.topic == value]
        if items:
            topics.append({"slug": value, "label": label, "examples": items})
    return render(request, "examples/index.html", {"topics": topics})


def example_context(example: WorkedExample, query=None, embedded: bool = False) -> tuple[dict, int]:
    """The player for a stored worked example (its result was computed on save)."""
    context, status = player.player_context(
        result=example.current_result(),
        data=computing.parse_scenario(example.scenario),
        scenario_hash=example.scenario_hash,
        query=query or {},
        base_url=example.get_absolute_url(),
        player_id=f"player-{example.slug}",
        title=example.title,
        embedded=embedded,
    )
    context["example"] = example
    return context, status


def example_cards(example: WorkedExample) -> list[Card]:
    """The real cards the example plays, in the scenario's order, each linked to its page under the player."""
    ids = example.card_ids()
    found = Card.objects.filter(id__in=ids).only("id", "name", "name_fr", "card_type").in_bulk()
    return [found[card_id] for card_id in ids if card_id in found]


@require_GET
@vary_on_headers("HX-Request")
def detail(request: HtmxHttpRequest, slug: str):
    example = get_object_or_404(WorkedExample, slug=slug)
    context, status = example_context(example, request.GET, embedded=request.GET.get("integre") == "1")
    if player.TRACE_INDEX in request.GET and status == 200 and not request.htmx:
        # A link by trace index lands on the address of the step it shows, so the number in the address bar
        # is the one on the page (the browser keeps the link's #fragment).
        return redirect(context["permalink"])
    context["faq_entries"] = example.faq_entries.all()
    context["cards"] = example_cards(example)
    context["guide_sections"] = example.guide_sections.select_related("guide")
    if wants_fragment(request):
        return render(request, "examples/_player.html", context, status=status)
    return render(request, "examples/detail.html", context, status=status)


@require_GET
def api(request: HttpRequest, slug: str):
    example = WorkedExample.objects.filter(slug=slug).first()
    if example is None:
        return JsonResponse({"erreur": f"Aucun exemple commenté ne porte l'identifiant « {slug} »."}, status=404,
                            json_dumps_params={"ensure_ascii": False})
    payload = {
        "version": 1,
        "slug": example.slug,
        "title": example.title,
        "topic": example.topic,
        "description": example.description,
        "url": request.build_absolute_uri(example.get_absolute_url()),
        "result": example.result,
    }
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
