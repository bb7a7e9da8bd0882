"""Readers' feedback: « Cette réponse vous a aidé ? » and « Signaler une erreur » on FAQ entries, guides and
rules sections. No account: a form protected against cross-site posts, rate-limited per client (in a store
every worker shares, by the address a trusted proxy reports), that answers
with a thank-you.

The form carries no CSRF token on purpose: FAQ, guide and rules pages are served whole from the shared page cache
(core.middleware), and a token (with its cookie and ``Vary: Cookie``) would make every one of them private.
Cross-site posts are refused by checking the browser's own ``Origin`` header (``Sec-Fetch-Site`` when there is no
``Origin``), the standard-header defence that needs no per-visitor state; Django's CSRF failure page answers them.

Without JavaScript the form posts, is redirected back to the page with ``?merci=1#avis`` (POST-redirect-GET)
and the page shows the thank-you; with htmx the form is swapped for the thank-you in place.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
from pathlib import Path

from django import forms
from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve
from django.utils.module_loading import import_string
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core.htmx import HtmxHttpRequest, wants_fragment
from core.middleware import client_address

from .models import FAQEntry, Feedback, Guide, RuleSection

logger = logging.getLogger("riftpal.feedback")

MESSAGE_MAX = 1000
RATE_LIMIT = 10  # posts per client
RATE_WINDOW = 60 * 60  # seconds

# The pages that carry the form: URL name → how to check that the object exists.
PAGES = {
    "faq_detail": lambda kwargs: FAQEntry.objects.filter(slug=kwargs.get("slug")).exists(),
    "guide_detail": lambda kwargs: Guide.objects.filter(slug=kwargs.get("slug")).exists(),
    "rule_section": lambda kwargs: RuleSection.objects.filter(slug=kwargs.get("slug")).exists(),
}


def accepts_feedback(path: str) -> bool:
    """True for the path of an existing FAQ entry, guide or rules section of this site."""
    if not path.startswith("/") or path.startswith("//") or len(path) > 300:
        return False
    try:
        match = resolve(path)
    except Resolver404:
        return False
    check = PAGES.get(match.url_name) if match.namespace == "rules" else None
    return bool(check and check(match.kwargs))


class FeedbackForm(forms.Form):
    path = forms.CharField(max_length=300)
    kind = forms.ChoiceField(
        choices=Feedback.Kind.choices,
        error_messages={"invalid_choice": "Choisissez « Oui », « Non » ou « Signaler une erreur »."},
    )
    message = forms.CharField(max_length=MESSAGE_MAX, required=False)

    def clean_path(self) -> str:
        path = self.cleaned_data["path"]
        if not accepts_feedback(path):
            raise forms.ValidationError("Cette page ne reçoit pas d'avis.")
        return path

    def clean(self):
        data = super().clean()
        if data.get("kind") == Feedback.Kind.ERROR and not data.get("message"):
            self.add_error("message", "Décrivez l'erreur en quelques mots.")
        return data


def client_key(request: HttpRequest) -> str:
    """A cache key per client that never stores the address itself."""
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:{client_address(request)}".encode()).hexdigest()[:32]
    return f"feedback-rate:{digest}"


@contextlib.contextmanager
def _counter_lock(store):
    """Counting is a read then a write: in a file cache shared by several workers, one worker at a time (an
    advisory lock on the cache's folder). Redis increments atomically by itself."""
    folder = getattr(store, "_dir", None)
    if folder is None:
        yield
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    with open(Path(folder) / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def over_limit(request: HttpRequest) -> bool:
    """Count this post; true once the client has posted more than RATE_LIMIT times in the window.

    The counter lives in a store every worker shares (``RATE_LIMIT_CACHE``: Redis when configured, otherwise a
    file cache of the machine), so the limit holds whichever worker answers."""
    key = client_key(request)
    store = caches[settings.RATE_LIMIT_CACHE]
    try:
        with _counter_lock(store):
            store.add(key, 0, timeout=RATE_WINDOW)
            try:
                count = store.incr(key)
            except ValueError:  # expired between add and incr
                store.set(key, 1, timeout=RATE_WINDOW)
                count = 1
    except Exception:
        # The store is down (Redis stopped, the cache's disk full): posts fail closed, refused as over the limit,
        # or one client could post without bound while it lasts; reading is not affected. Logged.
        logger.exception("Le compteur des avis est injoignable : l'avis est refusé.")
        return True
    return count > RATE_LIMIT


def same_origin(request: HttpRequest) -> bool:
    """True when the browser says the form was posted from a page of this site."""
    origin = request.headers.get("Origin")
    if origin and origin != "null":
        return origin == f"{request.scheme}://{request.get_host()}" or origin in settings.CSRF_TRUSTED_ORIGINS
    return request.headers.get("Sec-Fetch-Site") == "same-origin"


@csrf_exempt  # replaced by same_origin(): see the module docstring
@require_POST
def feedback(request: HtmxHttpRequest):
    if not same_origin(request):
        return import_string(settings.CSRF_FAILURE_VIEW)(request, reason="Origin checking failed")
    path = request.POST.get("path", "")
    if over_limit(request):
        return answer(request, {"limited": True, "feedback_path": path if accepts_feedback(path) else ""}, status=429)
    form = FeedbackForm(request.POST)
    if not form.is_valid():
        if "path" in form.errors:
            return answer(request, {"bad_page": True}, status=400)
        return answer(request, {"form": form, "feedback_path": path}, status=400)
    data = form.cleaned_data
    message = data["message"] if data["kind"] == Feedback.Kind.ERROR else ""
    Feedback.objects.create(path=data["path"], kind=data["kind"], message=message)
    if wants_fragment(request):
        return render(request, "includes/feedback.html#feedback", {"thanks": data["kind"]})
    return redirect(data["path"] + "?merci=1#avis")


def answer(request: HtmxHttpRequest, context: dict, status: int):
    """The form again (with its errors) or the limit message: in place for htmx, as a French page otherwise."""
    if wants_fragment(request):
        return render(request, "includes/feedback.html#feedback", context, status=status)
    return render(request, "includes/feedback-page.html", context, status=status)
