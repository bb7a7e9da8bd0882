"""The card pages (being built: see issue 30)."""

from django.http import Http404, HttpRequest
from django.views.decorators.http import require_GET


@require_GET
def gallery(request: HttpRequest):
    raise Http404("La galerie des cartes arrive.")


@require_GET
def card_detail(request: HttpRequest, number: str):
    raise Http404("Carte introuvable.")
