"""The sandbox page: what it says, its buttons and htmx answers, validation messages next to the fields, worked
examples rebuilt from scratch, and play at the table."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from django.urls import reverse

from sandbox import board, formdata, importing, operations, running, share, situation
from sandbox import forms as sf
from sandbox.presets import PRESETS
from tests.sandbox.helpers import (
    URL,
    at_least_5,
    code_of,
    comparable,
    form_fields,
    html_of,
    post_of,
    run_page,
)
from worked_examples import computing
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = sorted((SCENARIOS_DIR).glob("*.yaml"))


# --------------------------------------------------------------------------- the page


@pytest.mark.django_db
def test_empty_sandbox_states_its_limits_and_offers_ready_situations(client):
    html = html_of(client.get(URL))
    assert "Limites : 8 joueurs, 6 champs de bataille, 20 unités ou objets, 40 effets, 50 actions" in html
    assert 'hx-headers=\'{"X-CSRFToken": ' in html
    assert "Ajouter une unité" in html and "Lancer" in html
    for preset in PRESETS.values():
        assert f'href="/bac-a-sable/?modele={preset.slug}#resultat"' in html
    # Without JavaScript, « Lancer » lands on the result and « Ajouter » on the new row.
    assert 'action="/bac-a-sable/#resultat"' in html
    assert 'value="add:o" id="sb-add-o" formaction="/bac-a-sable/#sb-o-0"' in html
    assert 'value="add:p" id="sb-add-p" formaction="/bac-a-sable/#sb-p-2"' in html
    assert 'value="add:b" id="sb-add-b" formaction="/bac-a-sable/#sb-b-2"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_ready_situation_runs(client, slug):
    response = client.get(URL, {"modele": slug})
    html = html_of(response)
    assert response.status_code == 200, html[html.find("sb-errors") :][:800]
    assert 'id="sandbox-player"' in html and "Joueuse A" in html
    assert client.get(URL, {"modele": "inconnu"}).status_code == 404


@pytest.mark.django_db
def test_buttons_of_a_row_land_on_the_changed_row(client):
    html = html_of(client.get(URL, {"modele": "deux-effets"}))
    assert 'value="up:e-1" id="sb-e-1-up" formaction="/bac-a-sable/#sb-e-0"' in html
    assert 'value="down:e-0" id="sb-e-0-down" formaction="/bac-a-sable/#sb-e-1"' in html
    assert 'value="del:e-1" id="sb-e-1-del" formaction="/bac-a-sable/#sb-e-0"' in html
    assert 'value="del:e-0" id="sb-e-0-del" formaction="/bac-a-sable/#sb-e-0"' in html
    assert 'value="del:o-0" id="sb-o-0-del" formaction="/bac-a-sable/#sb-section-o"' in html
    response = client.post(URL, post_of(importing.data_from_scenario(PRESETS["deux-effets"].scenario), op="del:e-0"))
    assert '<fieldset class="sb-row sb-row--e" id="sb-e-0" tabindex="-1" autofocus>' in html_of(response)


@pytest.mark.django_db
def test_lancer_shows_the_player_with_6(client):
    code = share.encode(at_least_5())
    response = client.get(URL, {"s": code})
    html = html_of(response)
    assert response.status_code == 200
    assert 'id="sandbox-player"' in html and "Pourquoi cet ordre ?" in html and "Et si… ?" in html
    assert "Unité A : puissance 6" in html
    # Stepping links keep the situation.
    assert f"?s={code}&amp;etape=" in html


@pytest.mark.django_db
def test_htmx_step_returns_only_the_player(client):
    code = share.encode(at_least_5())
    response = client.get(URL, {"s": code, "etape": 2}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sandbox-player")
    html = html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith("<section") and "sandbox-form" not in html


@pytest.mark.django_db
def test_htmx_post_returns_the_workspace_and_the_address(client):
    post = post_of(importing.data_from_scenario(at_least_5()), op="run")
    response = client.post(URL, post, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sandbox-workspace")
    html = html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sandbox-workspace"') and "<html" not in html
    assert response["HX-Replace-Url"].startswith("/bac-a-sable/?s=1.")
    assert 'name="lance" value="1"' in html and "Unité A : puissance 6" in html
    assert 'id="sb-result-title" tabindex="-1" autofocus' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "value, message",
    [
        ("", "Ce champ est obligatoire : indiquez un nombre entier."),
        ("quatre", "Un nombre entier est attendu (par exemple 4 ou -2)."),
        ("4.5", "Un nombre entier est attendu (par exemple 4 ou -2)."),
        ("150", "La valeur doit être comprise entre -10 et 20."),
    ],
)
def test_bad_numbers_are_explained_next_to_the_field_and_kept(client, value, message):
    response = run_page(client, at_least_5(), o__0__printed_power=value)
    html = html_of(response)
    assert response.status_code == 400
    assert f'<p class="field-error" id="sb-o-0-printed_power_error">{message}</p>' in html
    assert f'name="o-0-printed_power" value="{value}"' in html or (value == "" and 'name="o-0-printed_power" ' in html)
    assert 'aria-invalid="true" aria-describedby="sb-o-0-printed_power_helptext sb-o-0-printed_power_error"' in html
    assert 'name="o-0-name" value="Unité A"' in html  # the other fields are kept
    assert f'<a href="#sb-o-0-printed_power">Unité 1 : {message}</a>' in html
    assert 'id="sb-errors" tabindex="-1" autofocus' in html


@pytest.mark.django_db
def test_unicode_minus_is_a_minus(client):
    response = run_page(client, at_least_5(), o__0__printed_power="\u22123")
    assert response.status_code == 200
    assert share.decode(code_of(html_of(response)))["objects"][0]["printed_power"] == -3


@pytest.mark.django_db
def test_unknown_unit_in_an_effect_is_explained(client):
    html = html_of(run_page(client, at_least_5(), e__1__target="fantome"))
    assert "Cible inconnue « fantome » : choisissez une cible dans la liste." in html
    assert '<option value="fantome" selected>« fantome » (introuvable)</option>' in html


@pytest.mark.django_db
def test_too_many_rows_and_too_long_names(client):
    data = importing.data_from_scenario(at_least_5())
    for _ in range(sf.MAX_OBJECTS - 1):
        operations.apply_op(data, "add:o")
    post = post_of(data, op="run")
    post["o-0-name"] = ["N" * 61]
    for i in range(sf.MAX_OBJECTS, sf.MAX_OBJECTS + 3):
        post.update(
            {
                f"o-{i}-id": [f"x{i}"],
                f"o-{i}-name": [f"U{i}"],
                f"o-{i}-printed_power": ["1"],
                f"o-{i}-zone": ["base"],
                f"o-{i}-controller": ["p1"],
                f"o-{i}-type": ["unit"],
            }
        )
    post["o-TOTAL_FORMS"] = [str(sf.MAX_OBJECTS + 3)]
    html = html_of(client.post(URL, post))
    assert "Texte trop long : 60 caractères au maximum (ici 61)." in html
    assert "Trop de lignes : 20 au maximum (ici 23). Supprimez-en." in html


@pytest.mark.django_db
def test_engine_refusal_is_shown_next_to_the_row(client):
    data = importing.data_from_scenario(at_least_5())
    operations.apply_op(data, "add:a", {"new_action": "swap"})
    data.rows["a"][1]["objects"] = ["u1"]
    html = html_of(client.post(URL, post_of(data, op="run")))
    assert "Le moteur refuse" in html and "exactement deux objets" in html
    assert 'id="sb-a-1-objects_error"' in html


@pytest.mark.django_db
def test_tampered_link_is_a_clear_400(client):
    response = client.get(URL, {"s": share.encode(at_least_5())[:-6]})
    assert response.status_code == 400
    html = html_of(response)
    assert "ouvrir ce lien" in html and "Ajouter une unité" in html


@pytest.mark.django_db
def test_open_a_worked_example(client, site_content):
    response = client.get(URL, {"exemple": "deux-augmentations-limitees"})
    html = html_of(response)
    assert response.status_code == 200
    assert 'value="Jusqu&#x27;à 5 (passive)"' in html and "Unité A : puissance 5" in html
    assert client.get(URL, {"exemple": "inconnu"}).status_code == 404
    detail = html_of(client.get(reverse("examples:detail", args=["deux-augmentations-limitees"])))
    assert "/bac-a-sable/?exemple=deux-augmentations-limitees" in detail
    faq = html_of(client.get("/faq/"))
    assert "Bac à sable" in faq  # the navigation link
    from rules.models import FAQEntry

    entry = FAQEntry.objects.filter(examples__isnull=False).first()
    page = html_of(client.get(entry.get_absolute_url()))
    assert "player__kicker" in page and "/bac-a-sable/?exemple=" in page  # embedded players too


@pytest.mark.django_db
def test_what_if_inside_the_sandbox(client):
    code = share.encode(at_least_5())
    response = client.get(
        URL,
        {"s": code, "si": "1", "effect:e1": "1", "effect:e2": "1", "xp:p1": "0", "power:u1": "1", "defending:u1": ""},
    )
    assert response.status_code == 200
    assert "Situation modifiée" in html_of(response)


def _pressed_buttons(wanted: formdata.FormData) -> tuple[formdata.FormData, dict[str, dict[str, str]]]:
    """An empty sandbox with as many rows as ``wanted``, each made by its « Ajouter » button; and, per section, the
    ids the buttons gave (the example's id → the new row's)."""
    data = board.empty_data()
    for _ in wanted.rows["p"][1:]:
        operations.apply_op(data, "add:p")
    for prefix in ("b", "o"):
        for _ in wanted.rows[prefix]:
            operations.apply_op(data, f"add:{prefix}")
    for row in wanted.rows["e"]:
        operations.apply_op(data, "add:e", {"new_kind": row["kind"][0]})
    for row in wanted.rows["a"]:
        operations.apply_op(data, "add:a", {"new_action": row["do"][0]})
    for row in wanted.rows["c"]:
        operations.apply_op(data, "add:c-" + row["type"][0])
    ids = {
        prefix: {old["id"][0]: new["id"][0] for old, new in zip(wanted.rows[prefix], data.rows[prefix], strict=True)}
        for prefix in wanted.rows
    }
    return data, ids


def _type_values(wanted: formdata.FormData, data: formdata.FormData, ids: dict) -> None:
    """Type every field of ``wanted`` into ``data``'s rows; the learner picks units, players and effects by name in
    lists, so the example's ids become the new rows'."""
    pools = {
        "objects": ids["o"] | ids["b"],
        "targets": ids["o"] | ids["b"],
        "players": ids["p"],
        "effects": ids["e"],
        "actions": ids["a"],
        "battlefields": ids["b"],
        "locations": ids["b"],
    }
    wanted_pools = formdata.pools_of(wanted)
    for prefix, rows in wanted.rows.items():
        kind_key = sf.SECTIONS[prefix].kind_key
        for old, new in zip(rows, data.rows[prefix], strict=True):
            form = formdata.row_form(prefix, old[kind_key][0] if kind_key else "", wanted_pools)
            for name, field in form.fields.items():
                if name == "id":
                    continue
                for key in [k for k in old if k == name or k.startswith(name + "_")]:
                    pool = getattr(field, "pool", None)
                    new[key] = [pools[pool].get(v, v) for v in old[key]] if pool else old[key]
                for key in [k for k in new if (k == name or k.startswith(name + "_")) and k not in old]:
                    del new[key]  # an unticked checkbox
    data.top.update({k: v for k, v in wanted.top.items() if k != "turn_player"})
    data.top["turn_player"] = [ids["p"].get(wanted.top["turn_player"][0], "")]


def _renamed(value, names: dict):
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def _unordered(value):
    if isinstance(value, dict):
        return {k: _unordered(v) for k, v in value.items()}
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return sorted(value)
    if isinstance(value, list):
        return [_unordered(v) for v in value]
    return value


def _plain(outcomes: list) -> list[str]:
    """Objects and players in order (they are keyed by id), lists of ids as sets (the engine sorts them by id),
    outcomes as a set (explored in the order of the ids of the choices)."""
    return sorted(
        json.dumps(
            [
                # Objects in any order: the board lists its battlefields first, a worked example may not.
                sorted(json.dumps(_unordered(v), sort_keys=True) for v in o["objects"].values()),
                _unordered(list(o["players"].values())),
                o["queries"],
                [e[0] for e in o["events"]],
            ],
            sort_keys=True,
        )
        for o in outcomes
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_can_be_rebuilt_from_scratch(path):
    """Only the palette's buttons and typed values, starting from an empty sandbox: same engine result."""
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    original.pop("expect")
    wanted = importing.data_from_scenario(original)
    data, ids = _pressed_buttons(wanted)
    _type_values(wanted, data, ids)
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    expected = comparable(computing.compute(original))
    names = {**ids["o"], **ids["b"], **ids["p"], **ids["e"]}
    assert _plain(_renamed(expected, names)) == _plain(comparable(running.run_scenario(rebuilt)))


# --------------------------------------------------------------------------- at the table (issue 23, item 10)


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["kill", "start", "create_token", "query"])
def test_an_added_action_waits_for_its_choices_without_an_error(client, action):
    post = post_of(importing.data_from_scenario(PRESETS["combat"].scenario), op="add:a", new_action=action)
    response = client.post(URL, post, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sandbox-workspace")
    html = html_of(response)
    assert response.status_code == 200
    assert "à corriger" not in html and 'aria-invalid="true"' not in html and "Le moteur refuse" not in html
    assert "Il reste à faire les choix de la ligne « Action 7 »" in html
    # Once the learner goes on without choosing, the missing choice is an error again.
    again = client.post(URL, form_fields(response.content.decode()) | {"op": ["run"]})
    assert "à corriger" in html_of(again)


@pytest.mark.django_db
def test_an_error_elsewhere_is_still_shown_when_a_row_is_added(client):
    post = post_of(importing.data_from_scenario(PRESETS["combat"].scenario), op="add:a", new_action="kill")
    post["o-0-printed_power"] = ["quatre"]
    html = html_of(client.post(URL, post))
    assert "1 erreur à corriger" in html and "nombre entier" in html


@pytest.mark.django_db
def test_a_shared_link_opens_at_the_result(client):
    html = html_of(client.get(URL, {"s": share.encode(at_least_5())}))
    assert '<h2 id="sb-result-title" tabindex="-1" autofocus>' in html
    assert re.search(r'id="sb-share-url" type="text" readonly value="http://[^"]*\?s=1\.[^"]*#resultat"', html)


@pytest.mark.django_db
def test_the_scenario_file_is_for_editors_only(client, admin_client):
    code = share.encode(at_least_5())
    html = html_of(client.get(URL, {"s": code}))
    assert "Scénario à coller" not in html and "Exporter le scénario" not in html and 'id="sb-yaml"' not in html
    html = html_of(admin_client.get(URL, {"s": code}))
    assert "Scénario à coller" in html and "Exporter le scénario" in html and 'id="sb-yaml"' in html


@pytest.mark.django_db
def test_a_worked_example_on_real_cards_opens_with_its_cards(client, site_content):
    """Serrated Dirk (SFD-009): its row names the card, its printed values are greyed (not typed), and it runs."""
    response = client.get(URL, {"exemple": "equiper-serrated-dirk"})
    html = html_of(response)
    assert response.status_code == 200
    assert 'name="o-1-card" value="SFD-009"' in html
    assert re.search(r'<input type="text" name="o-1-name" value="Serrated Dirk"[^>]* disabled', html)
    assert re.search(r'name="o-1-keyword_costs" value="Équiper : 0, Fureur"[^>]* disabled', html)
    assert "n'est pas repris" not in html and 'id="sandbox-player"' in html
