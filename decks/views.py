"""/mon-deck/: paste a deck code or a list, get its legality, its rules, its interactions and its practice.

Nothing is stored: the deck lives in the address (its code). A bad code or an unreadable list gives the form
again with a French message and a 400.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

import engine
from core.middleware import client_address
from engine.stored import StoredResult
from engine.vocab import StepKind
from worked_examples.models import WorkedExample

from . import codes, interactions, legality, paste, rules_of_deck
from .deck import Deck, read_code
from .forms import DeckForm

RATE_LIMIT = 30  # pasted lists per client per window: far above a player, low enough to stop a script
RATE_WINDOW = 600


def _over_limit(request: HttpRequest) -> bool:
    """Count this paste; the counter lives in the store every worker shares, keyed without the address itself."""
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:{client_address(request)}".encode()).hexdigest()[:32]
    key = f"deck-paste-rate:{digest}"
    store = caches[settings.RATE_LIMIT_CACHE]
    try:
        store.add(key, 0, timeout=RATE_WINDOW)
        try:
            count = store.incr(key)
        except ValueError:
            store.set(key, 1, timeout=RATE_WINDOW)
            count = 1
    except Exception:
        return False  # the store is down: take the paste rather than answer 500
    return count > RATE_LIMIT


def _form_page(request: HttpRequest, form: DeckForm, message: str = "", status: int = 200) -> HttpResponse:
    return render(request, "decks/form.html", {"form": form, "message": message}, status=status)


def legend_title(deck: Deck) -> str:
    """« Kai'Sa, Daughter of the Void »: legends are named by their title, players name them with the champion."""
    if deck.legend is None:
        return ""
    tags = sorted(legality.champion_tags(deck))
    return f"{tags[0]}, {deck.legend.name}" if tags else deck.legend.name


def _deck_context(deck: Deck, code: str) -> dict:
    return {"deck": deck, "code": code, "legend_title": legend_title(deck), **rules_of_deck.page(deck)}


@require_http_methods(["GET", "HEAD", "POST"])
def deck_form(request: HttpRequest):
    data = request.POST if request.method == "POST" else (request.GET if "deck" in request.GET else None)
    form = DeckForm(data)
    if data is None:
        return _form_page(request, form)
    if request.method == "POST" and _over_limit(request):
        return _form_page(request, form, "Trop de decks envoyés d'un coup : réessaie dans quelques minutes.", 429)
    if not form.is_valid():
        return _form_page(request, form, " ".join(e for errors in form.errors.values() for e in errors), 400)
    pasted = paste.read(form.cleaned_data["deck"])
    if pasted.error:
        context = {"form": form, "message": pasted.error, "unread": pasted.unread[:paste.MAX_UNREAD_SHOWN]}
        return render(request, "decks/form.html", context, status=400)
    try:
        code = pasted.deck.code()
    except codes.DeckCodeError as error:
        return _form_page(request, form, error.message, 400)
    if not pasted.unread:
        return redirect("decks:deck", code=code)
    # Some lines could not be read: show them here, with the address of what was read.
    context = _deck_context(pasted.deck, code)
    context.update({"unread": pasted.unread[:paste.MAX_UNREAD_SHOWN], "unread_total": len(pasted.unread)})
    return render(request, "decks/deck.html", context)


def _deck_or_400(request: HttpRequest, code: str) -> Deck | HttpResponse:
    try:
        return read_code(code)
    except codes.DeckCodeError as error:
        return _form_page(request, DeckForm(initial={"deck": code}), error.message, 400)


def _deck_in(request: HttpRequest, code: str, template: str) -> HttpResponse:
    """The deck of ``code`` shown with ``template``, or the form saying why the code cannot be read (400)."""
    deck = _deck_or_400(request, code)
    if isinstance(deck, HttpResponse):
        return deck
    return render(request, template, _deck_context(deck, code))


@require_GET
def deck_page(request: HttpRequest, code: str):
    return _deck_in(request, code, "decks/deck.html")


@require_GET
def deck_sheet(request: HttpRequest, code: str):
    return _deck_in(request, code, "decks/sheet.html")


# The steps of a layer computation and the starting situation: the deck page tells what happened, not how values
# were computed (the worked example's player shows those).
HIDDEN_STEPS = {StepKind.SETUP, StepKind.OBJECT, StepKind.REEXAMINE, StepKind.SKIP, StepKind.CONDITION}


def _steps(result: dict) -> list[dict]:
    trace = StoredResult.from_dict(result, states=False).main.trace
    return [{"label": step.kind_label, "text": step.text} for step in trace
            if step.text and step.kind not in HIDDEN_STEPS]


def _answer_text(kind: str, value) -> str:
    if kind == "yesno":
        return "oui" if value else "non"
    return "—" if value is None else str(value)


@require_GET
def deck_interaction(request: HttpRequest, code: str, slug: str):
    """One interaction of the deck, played by the engine on the deck's own cards, with its question."""
    deck = _deck_or_400(request, code)
    if isinstance(deck, HttpResponse):
        return deck
    item = interactions.by_slug(deck, slug)
    if item is None:
        raise Http404("Ce deck n'a pas cette interaction.")
    examples = WorkedExample.objects.filter(slug__in=item.examples).only("slug", "title")
    context = {"deck": deck, "code": code, "item": item, "deck_url": reverse("decks:deck", args=[code]),
               "examples": sorted(examples, key=lambda example: item.examples.index(example.slug))}
    if item.scenario:
        try:
            result = engine.run(engine.load_scenario(item.scenario)).to_dict()
        except engine.ScenarioError as error:
            context["engine_error"] = error.message
        else:
            right = interactions.answer(item.question, result) if item.question else None
            context.update({"steps": _steps(result), "right_text": _answer_text(item.question.kind, right)
                            if item.question else ""})
            given = request.GET.get("reponse", "").strip()[:10]
            if item.question and given:
                expected = _answer_text(item.question.kind, right)
                context.update({"given": given, "correct": given.lower() == expected.lower()})
    return render(request, "decks/interaction.html", context)
