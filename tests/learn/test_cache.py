"""The learning pages are stored whole for anonymous readers; an answer, the day's puzzle and judge mode never are."""

import pytest
from django.urls import reverse

from tests.learn.test_start import example
from tests.ops.conftest import page_cache  # noqa: F401 - the fixture that turns the page cache on

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


def test_pages_are_stored_but_answers_are_not(client):
    example("au-moins-5")
    for url in (reverse("learn:start"), reverse("learn:practice"),
                reverse("learn:question", args=["au-moins-5-puissance-unite-a"]),
                reverse("learn:question", args=["permis-deplacer-une-unite-epuisee"])):
        first, second = client.get(url), client.get(url)
        assert (first["X-Cache"], second["X-Cache"]) == ("MISS", "HIT"), url
        # Nothing of one reader's progress is in the stored page: the browser fills it in.
        assert "data-verdict" not in second.content.decode()
    answered = reverse("learn:question", args=["au-moins-5-puissance-unite-a"])
    for _ in range(2):
        response = client.get(answered, {"repondu": "1", "reponse": "6"})
        assert "X-Cache" not in response and 'data-verdict="juste"' in response.content.decode()
    for url in (reverse("learn:judge"), reverse("learn:of_the_day")):
        client.get(url)
        assert client.get(url).get("X-Cache") != "HIT", url
