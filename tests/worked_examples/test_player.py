"""The example player's server side: steps read the stored trace, what-if re-runs the engine."""

import json
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse

from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = SCENARIOS_DIR

pytestmark = pytest.mark.django_db


def example(slug):
    return WorkedExample.objects.get(slug=slug)


def powers_seen(client, slug, obj_name):
    """Current power of ``obj_name`` at every step, read from the pages a player would load."""
    import re

    first = client.get(reverse("examples:detail", args=[slug]), {"detail": 1}).content.decode()
    total = int(re.search(r'data-total="(\d+)"', first).group(1))
    values = []
    for i in range(total):
        html = client.get(reverse("examples:detail", args=[slug]), {"etape": i + 1, "detail": 1}).content.decode()
        match = re.search(re.escape(obj_name) + r'</h4>.*?data-to="(-?\d+)"', html, re.S)
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
    with mock.patch("engine.run", side_effect=AssertionError("engine run")):
        for step in (1, 3, 7):
            response = client.get(reverse("examples:detail", args=["au-moins-5"]), {"etape": step})
            assert response.status_code == 200


def test_a_step_that_does_not_exist_is_said_so(client, site_content):
    # Issue 33 item 6: ?indice=300 opened another step without a word. A number with no step is a 404 that says
    # so, with the nearest step shown.
    total = len(example("au-moins-5").result["trace"])
    for value, nearest in (("-5", 1), ("99999", total), ("abc", 1), ("0", 1)):
        for name in ("etape", "indice"):
            response = client.get(reverse("examples:detail", args=["au-moins-5"]), {name: value})
            html = response.content.decode().replace("\u2019", "'").replace("\xa0", " ")
            assert response.status_code == 404
            assert f"Il n'y a pas d'étape « {value} » : cet exemple en compte {total}" in html
            assert f"Étape {nearest} sur {total}" in html


def test_htmx_step_returns_only_the_player(client, site_content):
    response = client.get(reverse("examples:detail", args=["au-moins-5"]), {"etape": 2},
                          headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith("<section") and "<html" not in body
    assert "HX-Request" in response["Vary"]


def test_what_if_switching_the_buff_off_gives_4_without_keywords(client, site_content):
    url = reverse("examples:detail", args=["fiora-reexamen-des-competences"])
    response = client.get(url, {"si": "1", "effect:fiora-texte": "1", "defending:fiora": "1", "etape": "fin"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "6 → 4" in html
    assert "Bouclier perdu" in html


def test_what_if_rejects_bad_numbers_in_french(client, site_content):
    url = reverse("examples:detail", args=["au-moins-5"])
    response = client.get(url, {"si": "1", "power:unite-a": "999"})
    assert response.status_code == 400
    assert "La valeur doit être comprise entre" in response.content.decode()
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
    # A guide shows cards that load each player on demand (issue 34; tests/rules/test_guide_examples.py).
    guide_html = client.get(reverse("rules:guide_detail", args=["couches-dependances-horodatages"])).content.decode()
    assert guide_html.count('hx-get="/exemples/') >= 3


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


def test_admin_refuses_an_illegal_game_with_the_rule_it_breaks(client, db):
    # The file is well formed; the game is not: Kha'Zix cannot go from battlefield to battlefield without Gank.
    admin = User.objects.create_superuser("arbitre", "a@example.com", "motdepasse-solide")
    client.force_login(admin)
    scenario = (SCENARIOS / "gank-entre-champs.yaml").read_text(encoding="utf-8").replace("keywords: [Gank], ", "")
    response = client.post(reverse("admin:examples_workedexample_add"), {
        "slug": "sans-gank", "title": "Sans Gank", "topic": "deplacement", "description": "", "order": 0,
        "scenario": scenario,
    })
    assert response.status_code == 200
    body = response.content.decode()
    assert "errorlist" in body and "Gank" in body and "R.\u00a0810" in body  # typeset: no break after « R. »
    assert not WorkedExample.objects.filter(slug="sans-gank").exists()


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


# --- the board of the turn (issue 12) and the player bugs of issue 13 -------------------------------------------

import re  # noqa: E402
from html import unescape  # noqa: E402

from django.template.loader import render_to_string  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from engine import kinds  # noqa: E402
from engine.stored import StoredResult as Result  # noqa: E402
from worked_examples import computing, fields, player, steps, summary, whatif  # noqa: E402
from worked_examples.views import embedded_players, example_context  # noqa: E402

SCENARIOS = SCENARIOS_DIR


def make_example(slug, **fields):
    """A stored worked example from a shipped scenario file (computed on save, like the loader does)."""
    text = (SCENARIOS / f"{slug}.yaml").read_text(encoding="utf-8")
    data = computing.parse_scenario(text)
    return WorkedExample.objects.create(slug=fields.pop("as_slug", slug), title=data["title"],
                                        topic=data.get("topic", "couches"), scenario=text, **fields)


def page(client, slug, **params):
    """Status and HTML of an example page, with the site's French typography undone (’ and narrow spaces)."""
    response = client.get(reverse("examples:detail", args=[slug]), params, follow=True)
    html = response.content.decode().replace("\u2019", "'").replace("\u202f", " ").replace("\u00a0", " ")
    return response.status_code, html


def zone_of(html, unit):
    """Title of the zone whose list holds the card of ``unit``."""
    for zone in re.findall(r'<section class="zone.*?</section>', html, re.S):
        if f'data-unit="{unit}"' in zone:
            return re.search(r'class="zone__title"[^>]*>(.*?)</h3>', zone).group(1)
    return None


def step_where(example, predicate):
    """The number (« Étape N », its place in the whole trace, from 1) of the first step matching ``predicate``."""
    trace = steps.branches(example.result)[0]["trace"]
    return next(step["index"] + 1 for step in trace if predicate(step))


def test_every_scenario_topic_is_a_french_topic_choice():
    paths = SCENARIOS.glob("*.yaml")
    topics = {computing.parse_scenario(path.read_text(encoding="utf-8")).get("topic") for path in paths}
    assert topics <= set(WorkedExample.Topic.values)
    assert set(kinds.TOPICS) <= set(WorkedExample.Topic.values)
    assert WorkedExample.Topic("combat").label == "Combat"


def test_units_move_from_a_base_to_a_contested_battlefield(client, db):
    example = make_example("combat-tank-et-arriere-ligne")
    _, first = page(client, example.slug)
    assert zone_of(first, "jinx") == "Base · Joueuse A"
    assert zone_of(first, "braum") == "Pont de Piltover"
    assert "Contrôlé par Joueur B" in first
    contested = step_where(example, lambda s: (s.get("reason") or {}).get("code") == "contested")
    _, html = page(client, example.slug, indice=contested)
    assert zone_of(html, "jinx") == "Pont de Piltover"
    assert "Contesté par Joueuse A" in html and "zone--contested" in html


def test_damage_is_marked_on_the_unit(client, db):
    example = make_example("repartition-imposee")
    damaged = step_where(example, lambda s: any((o.get("damage") or 0) > 0
                                                for o in (s.get("state") or {}).get("objects", {}).values()))
    _, html = page(client, example.slug, indice=damaged)
    assert re.search(r'class="unit__damage[^"]*"><span class="js-count" data-from="\d+" data-to="[1-9]', html)


def test_the_chain_is_a_stack_with_the_resolving_item_highlighted(client, db):
    example = make_example("chaine-buff-puis-degats")
    two = step_where(example, lambda s: len(((s.get("state") or {}).get("board") or {}).get("chain") or []) == 2)
    _, html = page(client, example.slug, indice=two)
    stack = re.search(r'<ol class="chain__stack".*?</ol>', html, re.S).group(0)
    assert stack.index("Éclair") < stack.index("Renfort")  # newest on top
    resolving = step_where(example, lambda s: s.get("kind") == "chain")
    _, html = page(client, example.slug, indice=resolving)
    assert re.search(r'chain__item--resolving"[^>]*>\s*<span class="chain__label">« Éclair »', html)


def test_points_victory_score_priority_and_winner(client, db):
    example = make_example("point-final-par-occupation")
    _, html = page(client, example.slug, etape="fin")
    assert re.search(r'data-to="8">8</span><span class="counter__max"> / 8</span> points', html)
    assert "victoire" in html and "gagne la partie" in html
    chain = make_example("chaine-buff-puis-degats")
    priority = step_where(chain, lambda s: (s.get("reason") or {}).get("code") == "priority")
    _, html = page(client, chain.slug, indice=priority)
    assert "a la priorité" in html


def test_why_a_tank_takes_damage_first_links_its_rule(client, db):
    example = make_example("combat-tank-et-arriere-ligne")
    tank = step_where(example, lambda s: ((s.get("reason") or {}).get("why") or {}).get("code") == "tank_first")
    _, html = page(client, example.slug, indice=tank)
    why = re.search(r'<div class="why".*?</div>', html, re.S).group(0)
    assert "Pourquoi ces dégâts pour Braum" in why and "Tank : doit recevoir des dégâts mortels" in why
    assert 'href="/regles/815/"' in why


def test_why_no_point_was_scored_names_the_missing_battlefield(client, db):
    example = make_example("point-final-refuse")
    scored = step_where(example, lambda s: s.get("kind") == "score")
    _, html = page(client, example.slug, indice=scored)
    why = re.search(r'<div class="why".*?</div>', html, re.S).group(0)
    assert "Pourquoi aucun point" in why and "Pont de Piltover" in why and 'href="/regles/473/"' in why


def test_what_if_tank_off_and_stunned_change_the_combat(client, db):
    example = make_example("combat-tank-et-arriere-ligne")
    _, html = page(client, example.slug)
    assert "Braum a Tank (R. 815)" in html and "Étourdir Teemo (R. 424)" in html
    status, html = page(client, example.slug, **{"si": "1", "keyword:braum:Tank": "",
                                                   "keyword:teemo:Arrière-ligne": "1", "etape": "fin"})
    assert status == 200 and "Situation modifiée" in html
    status, html = page(client, example.slug, **{"si": "1", "keyword:braum:Tank": "1",
                                                   "keyword:teemo:Arrière-ligne": "1", "stunned:jinx": "1",
                                                   "etape": "fin"})
    # A stunned Jinx deals no combat damage: Braum and Lux stay on the battlefield.
    difference = html.split("whatif-diff", 1)[1].split("</div>", 1)[0]
    assert status == 200 and "Braum : Défausse → Pont de Piltover" in difference


def test_recalculer_shows_the_changed_result_not_step_one(client, db):
    # Bug 2: the form lands on the changed result (the last step), and the page states the difference.
    make_example("fiora-reexamen-des-competences")
    _, html = page(client, "fiora-reexamen-des-competences")
    form = re.search(r'<form method="get".*?</form>', html, re.S).group(0)
    assert '<input type="hidden" name="etape" value="fin">' in form
    status, html = page(client, "fiora-reexamen-des-competences", si="1", **{"defending:fiora": "1", "etape": "fin"})
    assert status == 200
    total = len(re.findall(r'class="progress__dot', html)) and re.search(r'Étape (\d+) sur (\d+)', html).groups()
    assert total[0] == total[1] and "6 → 4" in html and 'class="final"' in html


def test_step_labels_are_french(client, db):
    # Bug 3: « Étape 1 : setup » — every step dot is labelled with the engine's French kind_label.
    french = set(kinds.STEP_KIND_LABELS.values())
    for slug in ("fiora-reexamen-des-competences", "combat-tank-et-arriere-ligne", "chaine-buff-puis-degats"):
        make_example(slug)
        _, html = page(client, slug, detail=1)
        labels = {unescape(label) for label in re.findall(r'title="Étape \d+ : ([^"]+)"', html)}
        assert labels and labels <= french, labels - french


def test_js_only_controls_are_hidden_without_js(client, db):
    # Bug 5: autoplay and « Copier le lien » ship hidden, and the player's CSS never lets a class show them.
    make_example("au-moins-5")
    _, html = page(client, "au-moins-5")
    assert re.search(r'<span class="autoplay" hidden data-autoplay>', html)
    assert re.search(r'<button type="button" class="button button--ghost" data-copy-step="[^"]+" hidden>', html)
    css = (Path(__file__).resolve().parents[2] / "worked_examples/static/css/player.css").read_text()
    assert ".player [hidden] { display: none !important; }" in css


def test_step_links_land_on_the_player(client, db):
    # Bug 6: without JS, every step link carries the player's anchor; htmx requests use the plain URL.
    make_example("au-moins-5")
    _, html = page(client, "au-moins-5")
    links = re.findall(r'<a [^>]*href="([^"]+)"[^>]*hx-get="([^"]+)"[^>]*data-action="next"', html)
    assert links and links[0][0].endswith("#player-au-moins-5") and "#" not in links[0][1]
    dots = re.findall(r'<a href="([^"]+)" hx-get="[^"]+" class="progress__dot[^"]*" tabindex="-1"', html)
    assert dots and all(href.endswith("#player-au-moins-5") for href in dots)
    assert len(dots) == html.count('class="progress__dot')  # no Tab stop per dot (issue 23, item 11)


def test_gear_is_drawn_attached_to_its_unit_without_might(client, db):
    # Bug 8: Guardian Angel showed « 0, imprimée 0 » as a unit of its own.
    make_example("ange-gardien-et-retraite")
    _, html = page(client, "ange-gardien-et-retraite")
    card = re.search(r'<li class="unit unit--unit[^"]*" data-unit="unite-a">.*?</li>\s*</ul>\s*</li>', html, re.S)
    card = card.group(0)
    assert "Ange gardien" in card and '<span class="gear__type">équipé</span>' in card  # official French: équiper
    assert 'data-unit="guardian-angel"' not in html
    assert "Puissance actuelle 0" not in html


def test_one_situation_one_player(db):
    # Bug 9: a page never shows two players of the same situation.
    first = make_example("au-moins-5")
    twin = make_example("au-moins-5", as_slug="au-moins-5-bis")
    other = make_example("faq-jusqu-a-5-et-sort")
    assert embedded_players("twins", [first, twin]).count('<section class="player') == 1
    assert embedded_players("two", [first, other]).count('<section class="player') == 2


def test_the_faq_entry_shows_its_situation_once(client, site_content):
    # Bug 9: /faq/jusqu-a-5-et-sort/ listed au-moins-5 and faq-jusqu-a-5-et-sort, the same situation.
    html = client.get(reverse("rules:faq_detail", args=["jusqu-a-5-et-sort"])).content.decode()
    assert html.count("data-player") == 1


def test_bookkeeping_steps_are_offered_on_demand(client, db):
    # Bug 10: Fiora took 24 steps including « on consulte l'état du jeu ».
    make_example("fiora-reexamen-des-competences")
    _, short = page(client, "fiora-reexamen-des-competences")
    _, full = page(client, "fiora-reexamen-des-competences", detail=1)
    shown, total = (int(re.search(r'data-total="(\d+)"', html).group(1)) for html in (short, full))
    assert total == 24 and shown < total
    assert "on consulte l" not in short.split('class="progress"')[0]
    # One numbering (issue 33 item 6): the toggle counts the hidden steps, it gives no second total.
    assert f"Montrer aussi les {total - shown} étapes de calcul" in short and "detail=1" in short
    assert "Étape 1 sur 24" in short and "Étape 1 sur 24" in full
    # The full trace has permalinks too, and a permalink to a bookkeeping step shows that very step.
    _, html = page(client, "fiora-reexamen-des-competences", indice=5)
    narration = re.search(r'data-narration>(.*?)</p>', html, re.S).group(1)
    assert "on consulte l" in narration and "detail=1&amp;etape=5" in html


def test_what_if_builds_its_fields_with_the_sandbox_factory(client, db):
    # Issue 24: « Et si… ? » is a Django form whose fields come from the parameter factory the sandbox uses
    # (``worked_examples.fields.field_for``): the same bounds (the engine's) and the same French messages.
    from sandbox import forms as sandbox_forms

    low, high = kinds.PRINTED_POWER_RANGE
    example = make_example("au-moins-5")
    data = computing.parse_scenario(example.scenario)
    form = whatif.WhatIfForm({}, whatif.available_switches(data))
    power = form.fields["power:unite-a"]
    sandbox_power = sandbox_forms.UnitForm(pools=fields.Pools([], [], [], [], [])).fields["printed_power"]
    assert type(power) is type(sandbox_power) is fields.WholeNumberField
    assert (power.min_value, power.max_value) == (sandbox_power.min_value, sandbox_power.max_value) == (low, high)
    assert power.error_messages["max_value"] == sandbox_power.error_messages["max_value"]
    assert not form.is_bound and form.changes() == {}  # an address without « si=1 » changes nothing
    _, html = page(client, "au-moins-5")
    field = re.search(r'<input type="text" name="power:unite-a"[^>]*>', html).group(0)
    assert 'value="4"' in field and 'id="player-au-moins-5-si-power-unite-a"' in field
    assert f"Nombre entier entre {low} et {high}." in html
    status, html = page(client, "au-moins-5", si="1", **{"power:unite-a": str(high + 1)})
    assert status == 400 and f"La valeur doit être comprise entre {low} et {high}." in html
    field = re.search(r'<input type="text" name="power:unite-a"[^>]*>', html).group(0)
    assert f'value="{high + 1}"' in field and 'aria-invalid="true"' in field  # what was typed, next to its message
    assert 'aria-describedby="player-au-moins-5-si-power-unite-a_helptext player-au-moins-5-si-power-unite-a_error"' \
        in field


def test_what_if_fields_come_from_the_fragment_cache_only_before_the_form_is_sent(client, db, settings):
    # The unsent fields are the same at every step, so production renders them once per content version; a sent
    # form must still show what was typed and its message, never the stored unsent fields.
    settings.FRAGMENT_CACHE_ENABLED = True
    cache.clear()
    make_example("au-moins-5")
    fields = "examples/_player.html#whatif-fields"
    with mock.patch.object(player, "render_to_string", wraps=player.render_to_string) as render:
        first = [page(client, "au-moins-5", etape=str(step))[1] for step in (1, 2)]
        assert [c.args[0] for c in render.call_args_list].count(fields) == 1
        field = r'<input type="text" name="power:unite-a"[^>]*>'
        assert re.search(field, first[0]).group(0) == re.search(field, first[1]).group(0)
        status, html = page(client, "au-moins-5", si="1", **{"power:unite-a": "cinq"})
        assert [c.args[0] for c in render.call_args_list].count(fields) == 2
    cache.clear()
    assert status == 400 and 'value="cinq"' in re.search(field, html).group(0)
    assert "Un nombre entier est attendu" in html


def test_what_if_form_reads_only_what_differs_from_the_scenario(db):
    # Older links leave numbers out: they keep the scenario's value. A checkbox left out of a sent form is off.
    data = computing.parse_scenario(make_example("fiora-reexamen-des-competences").scenario)
    switches = whatif.available_switches(data)
    assert whatif.WhatIfForm({"si": "1", "effect:buff": "1", "effect:fiora-texte": "on", "defending:fiora": "1"},
                             switches).changes() == {}
    form = whatif.WhatIfForm({"si": "1", "effect:fiora-texte": "1", "defending:fiora": "1", "power:fiora": " 5 "},
                             switches)
    assert form.changes() == {"effect:buff": False, "power:fiora": 5}
    form = whatif.WhatIfForm({"si": "1", "power:fiora": "cinq", "xp:p1": ""}, switches)
    assert form.changes() == {}
    # The summary lists the messages in the order of the fields on the page: the unit before the players.
    assert [e["field_id"] for e in form.error_list(data)] == ["player-si-power-fiora", "player-si-xp-p1"]
    assert form.errors["power:fiora"] == ["Un nombre entier est attendu (par exemple 4 ou -2)."]
    # A switch the combat decides stays at what the combat does, whatever the address says.
    form = whatif.WhatIfForm({"si": "1", "effect:buff": "1", "effect:fiora-texte": "1"}, switches,
                             locked={"defending:fiora": True})
    assert form.changes() == {} and form.fields["defending:fiora"].disabled


def reordered(value, how: str):
    """The same data with every dict's keys in another order (what PostgreSQL's jsonb does): reversed, or rotated by
    one place; either way a dict of two keys or more comes back in a different order."""
    if isinstance(value, dict):
        items = list(value.items())
        items = items[::-1] if how == "reverse" else items[1:] + items[:1]
        return {key: reordered(item, how) for key, item in items}
    if isinstance(value, list):
        return [reordered(item, how) for item in value]
    return value


@pytest.mark.parametrize("slug", ["combat-tank-et-arriere-ligne", "fiora-reexamen-des-competences",
                                  "ange-gardien-et-retraite", "chaine-degats-puis-buff", "deux-tours"])
def test_display_order_does_not_depend_on_dict_key_order(slug, db):
    # Issue 14: on PostgreSQL the stored result comes back with its keys reordered.
    example = make_example(slug)
    request = RequestFactory().get("/")

    def render(result, **query):
        example.result = result
        context, _ = example_context(example, query)
        return re.sub(r'id="term-tip-[^"]+"|aria-describedby="term-tip-[^"]+"', "",
                      render_to_string("examples/_player.html", context, request))

    original = example.result
    for how in ("reverse", "rotate"):
        other = reordered(original, how)
        assert other == original and json.dumps(other) != json.dumps(original)  # same data, another key order
        for query in ({}, {"etape": "fin"}, {"detail": "1", "etape": "3"}):
            assert render(other, **query) == render(original, **query), (how, query)


# --- issue 23: step numbers in the address, what is off the board, « Et si… ? » that tells the truth -------------


def test_the_address_carries_the_number_the_page_shows(client, db):
    # Item 4: ?etape=34 showed « Étape 25 sur 25 ». Now the address's number is the one on the page, in both modes;
    # issue 33 item 6: and one numbering, the step's place in the whole trace.
    example = make_example("combat-tank-et-arriere-ligne")
    _, html = page(client, example.slug, etape=3)
    assert "Étape 3 sur" in html
    total = len(steps.branches(example.result)[0]["trace"])
    _, last = page(client, example.slug, etape="fin")
    assert f"Étape {total} sur {total}" in last
    assert re.search(rf'href="[^"]*\?etape={total}#player-{example.slug}"[^>]*data-action="last"', last)
    # Every step link carries the number its step will show.
    dots = re.findall(r'href="[^"]*\?etape=(\d+)#[^"]*"[^>]*class="progress__dot[^"]*"[^>]*title="Étape (\d+) :', html)
    assert dots and all(number == shown for number, shown in dots)
    # A link by trace index (the training pages know the trace, not the steps that matter) lands on that step's
    # own address.
    tank = step_where(example, lambda s: ((s.get("reason") or {}).get("why") or {}).get("code") == "tank_first")
    response = client.get(reverse("examples:detail", args=[example.slug]), {"indice": tank})
    assert response.status_code == 302
    _, html = page(client, example.slug, indice=tank)
    number = int(re.search(r"Étape (\d+) sur", html).group(1))
    assert response["Location"].endswith(f"?etape={number}")
    # The player replaces the history entry instead of adding one per step.
    assert 'hx-replace-url="true"' in html and "hx-push-url" not in html


def test_off_the_board_a_card_shows_only_what_matters_there(client, db):
    # Item 5: dead units kept « 0 dégâts », « Épuisée », « Vient d'arriver » in « Hors du plateau ».
    example = make_example("combat-tank-et-arriere-ligne")
    _, html = page(client, example.slug, etape="fin")
    offboard = re.search(r'<section class="zone zone--offboard.*?</section>', html, re.S).group(0)
    cards = re.findall(r'<li class="unit unit--offboard.*?</li>', offboard, re.S)
    assert cards
    for card in cards:
        assert "Défausse" in card
        for noise in ("dégât", "Épuisée", "Vient d'arriver", "unit__power", "chip", "badge"):
            assert noise not in card, (noise, card)


def test_printed_might_is_said_plainly_and_only_when_it_differs(client, db):
    # Item 5: « imprimée 4 » beside a 4 said nothing; when Might differs, the card says « 3 sur la carte ».
    example = make_example("fiora-reexamen-des-competences")
    _, first = page(client, example.slug)
    _, last = page(client, example.slug, etape="fin")
    assert "imprimée 4" not in first + last and "aucun mot-clé" not in first + last
    fiora = re.search(r'<li class="unit unit--unit[^"]*" data-unit="fiora">.*?</li>\s*(?:</ul>|<li)', last,
                      re.S).group(0)
    assert re.search(r'aria-label="Puissance 6, \d+ sur la carte"', fiora)


def test_generated_french_has_elision_and_no_gender_guess(client, db):
    # Item 5: « Puissance imprimée de Ahri », « Garen est étourdie », « Vous conquiert ».
    data = computing.parse_scenario((SCENARIOS / "combat-deux-contre-un.yaml").read_text(encoding="utf-8"))
    labels = {s.name: s.label for s in whatif.available_switches(data)}
    assert labels["power:ahri"] == "Puissance imprimée d'Ahri" and labels["power:vi"] == "Puissance imprimée de Vi"
    assert labels["stunned:garen"].startswith("Étourdir Garen (R. 424")
    assert not any(" est étourdi" in label for label in labels.values())
    example = make_example("point-final-par-occupation")
    lines = summary.summary(steps.branches(example.result)[0], None, computing.parse_scenario(example.scenario))
    scores = [line for line in lines if " par " in line and "point" in line]
    assert scores and all(re.match(r".+ (conquis|occupé) par .+ : ", line) for line in scores), lines


def test_what_if_shows_who_defends_and_refuses_an_empty_field(client, db):
    # Item 6: « Garen défend » was unchecked although Garen defends; an empty number was silently ignored.
    example = make_example("combat-deux-contre-un")
    _, html = page(client, example.slug)
    garen = re.search(r'<input type="checkbox" name="defending:garen"[^>]*>', html).group(0)
    assert " checked" in garen and " disabled" in garen
    assert "le combat en décide" in html
    vi = re.search(r'<input type="checkbox" name="defending:vi"[^>]*>', html).group(0)
    assert " checked" not in vi and " disabled" not in vi
    # The locked box is not sent when the form is: that is not a change.
    status, html = page(client, example.slug, si="1", etape="fin", **{"xp:p1": "0", "xp:p2": "0",
                                                                      "power:vi": "3", "power:ahri": "2",
                                                                      "power:garen": "4"})
    assert status == 200 and "Situation modifiée" not in html
    status, html = page(client, example.slug, si="1", etape="fin", **{"xp:p1": ""})
    assert status == 400
    assert "« XP de Joueuse A » : Ce champ est obligatoire : indiquez un nombre entier." in html


def card_of(html, unit):
    """The HTML of the card of ``unit`` on the board."""
    card = r'<li class="unit [^"]*" data-unit="' + unit + r'">.*?</li>\s*(?=<li class="unit|</ul>\s*</section)'
    return re.search(card, html, re.S).group(0)


def damage_on(html, unit):
    """The damage the card of ``unit`` shows (0 when it shows none)."""
    match = re.search(r'class="unit__damage[^"]*"><span class="js-count" data-from="\d+" data-to="(\d+)"',
                      card_of(html, unit))
    return int(match.group(1)) if match else 0


def test_combat_damage_shows_on_the_unit_at_the_step_it_is_dealt(client, db):
    """Issue 21: the board marks damage when the narration says it is dealt (R. 467.2.d), not at the cleanup."""
    example = make_example("combat-deux-contre-un")
    dealt = step_where(example, lambda s: (s.get("reason") or {}).get("code") == "damage_dealt")
    _, before = page(client, example.slug, indice=dealt - 1)
    assert "attribue" in before and damage_on(before, "garen") == 0  # assigning is not dealing (R. 467.2.c.1)
    _, html = page(client, example.slug, indice=dealt)
    assert "infligés en même temps" in html
    assert damage_on(html, "garen") == 5 and damage_on(html, "ahri") == 2 and damage_on(html, "vi") == 2
    assert "mortels" in card_of(html, "garen") and "mortel" not in card_of(html, "vi")


def test_the_score_appears_at_the_scoring_step(client, db):
    """Issue 21: the points counter changes at the step that says the point is scored (R. 471)."""
    example = make_example("combat-deux-contre-un")
    scored = step_where(example, lambda s: s.get("kind") == "score" and (s.get("reason") or {}).get("point"))
    _, before = page(client, example.slug, indice=scored - 1)
    assert re.search(r'data-to="0">0</span><span class="counter__max"> / 8</span> points', before)
    _, html = page(client, example.slug, indice=scored)
    assert "marque un point (0 → 1)" in html
    assert re.search(r'data-to="1">1</span><span class="counter__max"> / 8</span> points', html)


def test_a_dead_unit_leaves_the_board_at_its_death_and_never_arrives(client, db):
    example = make_example("combat-deux-contre-un")
    died = step_where(example, lambda s: (s.get("reason") or {}).get("code") == "died"
                      and (s.get("reason") or {}).get("object") == "garen")
    _, html = page(client, example.slug, indice=died)
    assert "Garen meurt" in html and zone_of(html, "garen") == "Hors du plateau"
    trace = steps.branches(example.result)[0]["trace"]
    for index in range(died, len(trace)):
        _, html = page(client, example.slug, indice=index)
        assert zone_of(html, "garen") == "Hors du plateau"
        assert "Vient d'arriver" not in card_of(html, "garen")


def test_the_player_draws_the_engine_state_of_each_step(db):
    """The player has no rule of its own: at every step, each card's zone, damage and lethal mark are the
    engine's state for that step."""
    example = make_example("combat-tank-et-arriere-ligne")
    result = Result.from_dict(example.result)
    branch = result.branches[0]
    data = computing.parse_scenario(example.scenario)
    for step in branch.trace:
        view = steps.step_view(branch, step.index, data=data, result=result)
        drawn = {o.id: o for o in view.objects} | {g.id: g for o in view.objects for g in o.gear}
        for oid, obj in step.state.objects.items():
            assert (drawn[oid].zone_id, drawn[oid].at, drawn[oid].damage, drawn[oid].lethal) == (
                obj.zone, obj.at, obj.damage, obj.lethal)


def test_the_action_label_of_a_step_is_no_glossary_keyword(client, db):
    # Issue 33 item 10: the glossary turned the step label « Action 15 : » into a link to the keyword Action.
    from glossary.models import Term

    Term.objects.create(slug="action-mot-cle", name="Action", short_definition="Un mot-clé de permission.",
                        match_case=True)
    example = make_example("premiere-partie")
    number = step_where(example, lambda s: (s.get("text") or "").startswith("Action 15 :"))
    _, html = page(client, example.slug, etape=number)
    narration = re.search(r"data-narration>(.*?)</p>", html, re.S).group(1)
    assert narration.startswith('<span class="narration__label">Action 15 :</span>')
    assert 'data-term="action-mot-cle"' not in narration
