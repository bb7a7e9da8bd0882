"""The example player's server side: steps read the stored trace, what-if re-runs the engine."""

import json
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from examples.models import WorkedExample

pytestmark = pytest.mark.django_db


def example(slug):
    return WorkedExample.objects.get(slug=slug)


def powers_seen(client, slug, obj_name):
    """Current power of ``obj_name`` at every step, read from the pages a player would load."""
    import re

    first = client.get(reverse("examples:detail", args=[slug])).content.decode()
    total = int(re.search(r'data-total="(\d+)"', first).group(1))
    values = []
    for i in range(total):
        html = client.get(reverse("examples:detail", args=[slug]), {"etape": i}).content.decode()
        match = re.search(re.escape(obj_name) + r'</h3>.*?data-to="(-?\d+)"', html, re.S)
        values.append(int(match.group(1)))
    return values


def test_result_is_computed_once_and_stored(site_content):
    ex = example("fixer-puis-modifier")
    assert ex.result["objects"]["unite-a"]["power"] == 6
    assert ex.scenario_hash == ex.compute_hash()


def test_set_then_modify_goes_through_4_then_6(client, site_content):
    values = powers_seen(client, "fixer-puis-modifier", "Unité A")
    assert 4 in values
    assert values[-1] == 6
    assert values.index(4) < len(values) - 1


def test_moving_between_steps_runs_no_engine(client, site_content):
    with mock.patch("rules.engine.run", side_effect=AssertionError("engine run")):
        for step in (0, 3, 7):
            response = client.get(reverse("examples:detail", args=["au-moins-5"]), {"etape": step})
            assert response.status_code == 200


def test_out_of_range_step_is_clamped(client, site_content):
    for value in ("-5", "99999", "abc"):
        response = client.get(reverse("examples:detail", args=["au-moins-5"]), {"etape": value})
        assert response.status_code == 200


def test_htmx_step_returns_only_the_player(client, site_content):
    response = client.get(reverse("examples:detail", args=["au-moins-5"]), {"etape": 2},
                          headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith("<section") and "<html" not in body
    assert "HX-Request" in response["Vary"]


def test_what_if_switching_the_buff_off_gives_4_without_keywords(client, site_content):
    url = reverse("examples:detail", args=["fiora-reexamen-des-competences"])
    response = client.get(url, {"si": "1", "effect:fiora-texte": "1", "defending:fiora": "1", "etape": 999})
    html = response.content.decode()
    assert response.status_code == 200
    assert "6 → 4" in html
    assert "Bouclier perdu" in html


def test_what_if_rejects_bad_numbers_in_french(client, site_content):
    url = reverse("examples:detail", args=["au-moins-5"])
    response = client.get(url, {"si": "1", "power:unite-a": "999"})
    assert response.status_code == 400
    assert "choisissez une valeur entre" in response.content.decode()
    response = client.get(url, {"si": "1", "power:unite-a": "<script>"})
    assert response.status_code == 400
    assert "<script>" not in response.content.decode()


def test_why_this_order_shows_both_results(client, site_content):
    html = client.get(reverse("examples:detail", args=["au-moins-5"])).content.decode()
    assert "Pourquoi cet ordre" in html
    pair = html.split("why-order__pair", 1)[1]
    assert '<p class="why-order__value">6</p>' in pair and '<p class="why-order__value">7</p>' in pair


def test_open_choice_gives_one_tab_per_branch(client, site_content):
    html = client.get(reverse("examples:detail", args=["ange-gardien-et-retraite"])).content.decode()
    assert html.count('class="branch-tab"') == 2


def test_api_shape(client, site_content):
    response = client.get(reverse("examples:api", args=["au-moins-5"]))
    data = json.loads(response.content)
    assert data["version"] == 1 and data["slug"] == "au-moins-5"
    result = data["result"]
    assert {"objects", "players", "events", "queries", "trace", "order_decisions"} <= set(result)
    step = result["trace"][0]
    assert {"index", "kind", "layer", "effect", "reason", "state", "text"} <= set(step)
    missing = client.get(reverse("examples:api", args=["inconnu"]))
    assert missing.status_code == 404 and "Aucun exemple" in json.loads(missing.content)["erreur"]


def test_faq_and_guides_embed_live_players(client, site_content):
    entry_html = client.get(reverse("rules:faq_detail", args=["fixer-puis-augmenter"])).content.decode()
    assert "data-player" in entry_html
    guide_html = client.get(reverse("rules:guide_detail", args=["couches-dependances-horodatages"])).content.decode()
    assert guide_html.count("data-player") >= 3


def test_admin_refuses_an_invalid_scenario_and_saves_nothing(client, db):
    admin = User.objects.create_superuser("editrice", "e@example.com", "motdepasse-solide")
    client.force_login(admin)
    before = WorkedExample.objects.count()
    response = client.post(reverse("admin:examples_workedexample_add"), {
        "slug": "casse", "title": "Cassé", "topic": "couches", "description": "", "order": 0,
        "scenario": "title: x\nobjects:\n  - {id: a, printed_power: beaucoup}\n",
    })
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert WorkedExample.objects.count() == before


def test_admin_accepts_a_valid_scenario_and_computes_it(client, site_content):
    admin = User.objects.create_superuser("editeur", "e@example.com", "motdepasse-solide")
    client.force_login(admin)
    scenario = example("au-moins-5").scenario
    response = client.post(reverse("admin:examples_workedexample_add"), {
        "slug": "nouvel-exemple", "title": "Nouvel exemple", "topic": "couches", "description": "", "order": 0,
        "scenario": scenario,
    })
    assert response.status_code == 302
    assert example("nouvel-exemple").result["objects"]["unite-a"]["power"] == 6
