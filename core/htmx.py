"""What the site's htmx views share."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def wants_fragment(request: HtmxHttpRequest) -> bool:
    """An htmx request that swaps part of a page: answer with the partial.

    A boosted link and a history restore want the whole page, as does a request without htmx (no JavaScript).
    """
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request
