"""The sandbox: forms ⇄ scenario translation, share codes, export, validation messages and the page."""

from __future__ import annotations

import base64
import json
import re
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.urls import reverse

import engine
from engine import kinds, variants
from sandbox import board, formdata, importing, operations, running, share, situation
from sandbox import forms as sf
from sandbox.presets import PRESETS
from worked_examples import fields as ef
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = sorted((SCENARIOS_DIR).glob("*.yaml"))
URL = "/bac-a-sable/"


# --------------------------------------------------------------------------- helpers


def at_least_5() -> dict:
    """« 4, jusqu'à 5, +2 » as the engine's scenario dict."""
    return {
        "title": "Au moins 5",
        "description": "Une unité de 4, jusqu'à 5 et +2.",
        "topic": "couches",
        "players": [{"id": "p1", "name": "Joueuse A"}],
        "objects": [{"id": "u1", "name": "Unité A", "printed_power": 4, "zone": "battlefield", "controller": "p1"}],
        "effects": [
            {
                "id": "e1",
                "label": "Jusqu'à 5",
                "kind": "increase_up_to",
                "value": 5,
                "target": "u1",
                "since": 1,
            },
            {"id": "e2", "label": "+2", "kind": "increase", "value": 2, "target": "u1", "since": 2},
        ],
        "actions": [{"do": "query", "ask": "power", "object": "u1"}],
    }


class FormFields(HTMLParser):
    """What a browser would submit for the sandbox form (without pressing any button)."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.in_form = False
        self.select: str | None = None
        self.select_value: str | None = None
        self.first_option: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "sandbox-form":
            self.in_form = True
        if not self.in_form:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.select_value, self.first_option = a.get("name"), None, None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value", "")
            if "selected" in a:
                self.select_value = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form" and self.in_form:
            self.in_form = False
        if tag == "select" and self.select:
            value = self.select_value if self.select_value is not None else self.first_option
            self.fields.append((self.select, value or ""))
            self.select = None


def html_of(response) -> str:
    """The page as text, French non-breaking spaces (added site-wide before « : », « ; »…) as plain spaces."""
    return response.content.decode().replace("\xa0", " ").replace("\u202f", " ")


def form_fields(html: str) -> dict[str, list[str]]:
    parser = FormFields()
    parser.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in parser.fields:
        out.setdefault(name, []).append(value)
    return out


def code_of(html: str) -> str | None:
    import re

    match = re.search(r'id="sb-share-url" type="text" readonly value="[^"]*\?s=([^"#]+)', html)
    return match.group(1) if match else None


def comparable(result: dict) -> list:
    """The parts of an engine result that must not change when a scenario goes through the form."""
    outcomes = result.get("outcomes") or [result]
    return [
        {
            "objects": o.get("objects"),
            "players": o.get("players"),
            "queries": [q.get("value") for q in o.get("queries") or []],
            "events": [
                (e.get("type"), e.get("object"), e.get("player"), e.get("effect")) for e in o.get("events") or []
            ],
        }
        for o in outcomes
    ]


def build(scenario: dict) -> dict | None:
    return situation.Sandbox(importing.data_from_scenario(scenario)).build()


def post_of(data: formdata.FormData, **extra) -> dict:
    """What a browser submits for this form data (a dict of lists, as the test client takes it)."""
    q = data.to_querydict()
    post = {k: q.getlist(k) for k in q}
    post.update({k: [v] if isinstance(v, str) else v for k, v in extra.items()})
    return post


def run_page(client, scenario: dict, **fields):
    """Post the form of a scenario with some fields changed (``o-0-printed_power="quatre"``) and « Lancer »."""
    post = post_of(importing.data_from_scenario(scenario), op="run")
    post.update({k.replace("__", "-"): [v] if isinstance(v, str) else v for k, v in fields.items()})
    return client.post(URL, post)


# ---------------------------------------------------------------- every worked example fits in the form


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_goes_through_the_form_unchanged(path):
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    data = importing.data_from_scenario(original)
    assert data.notices == []
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    # The rebuilt scenario keeps every expectation of the worked example…
    checked = engine.run(engine.load_scenario({**rebuilt, "expect": original["expect"]}))
    assert checked.ok, [e for e in checked.to_dict()["expectations"] if not e["ok"]]
    # …and gives the same result as the original, event by event.
    without_expect = {k: v for k, v in original.items() if k != "expect"}
    assert comparable(running.run_scenario(rebuilt)) == comparable(
        engine.run(engine.load_scenario(without_expect)).to_dict()
    )
    # The share code rebuilds it exactly.
    assert build(share.decode(share.encode(rebuilt))) == rebuilt


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_html_form_posts_back_the_same_scenario(client, path):
    """Through the real page: open a scenario, submit the form as a browser would, get the same code."""
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    original.pop("expect")
    code = share.encode(build(original))
    html = html_of(client.get(URL, {"s": code}))
    response = client.post(URL, form_fields(html))
    assert response.status_code == 200
    posted = code_of(html_of(response))
    # Checkboxes list units in the order of the units: « kill [b, a] » comes back as « kill [a, b] »,
    # the same single instruction. Everything else comes back exactly, and the engine agrees.
    run = running.run_scenario
    assert comparable(run(share.decode(posted))) == comparable(run(share.decode(code)))
    again = client.post(URL, form_fields(html_of(response)))
    assert code_of(html_of(again)) == posted
    normalise = lambda d: json.dumps(  # noqa: E731
        {
            **d,
            "actions": [{k: sorted(v) if k == "objects" else v for k, v in a.items()} for a in d["actions"]],
        },
        sort_keys=True,
    )
    assert normalise(share.decode(posted)) == normalise(share.decode(code))


# --------------------------------------------------------------------------- links given out before the forms

SHARE_LINKS_V1 = json.loads((Path(__file__).parent / "share_links_v1.json").read_text(encoding="utf-8"))["links"]


def outcome_of(result: dict) -> list:
    """The part of a result the fixture stored: final objects and players, answers to the questions."""
    return [
        {
            "objects": {
                k: {f: o[f] for f in ("power", "zone", "exhausted", "controller", "keywords", "attached_to")}
                for k, o in out["objects"].items()
            },
            "players": {k: {f: p[f] for f in ("xp", "points")} for k, p in out["players"].items()},
            "queries": [q.get("value") for q in out.get("queries") or []],
        }
        for out in (result.get("outcomes") or [result])
    ]


@pytest.mark.parametrize("link", SHARE_LINKS_V1, ids=[link["name"] for link in SHARE_LINKS_V1])
def test_links_made_before_the_forms_open_the_same_situation(link):
    """Made with the hand-written form layer (commit 6e6bb35): same situation, same engine outcome."""
    code = link["link"].split("?s=", 1)[1]
    data = importing.data_from_scenario(share.decode(code))
    assert data.notices == []
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    assert rebuilt == share.decode(code)  # the forms rebuild it key for key…
    assert share.encode(rebuilt) == code  # …so the link of the situation does not even change
    assert outcome_of(running.run_scenario(rebuilt)) == link["outcome"]


@pytest.mark.django_db
def test_an_old_link_opens_on_the_page(client):
    link = SHARE_LINKS_V1[0]
    response = client.get(link["link"])
    assert response.status_code == 200
    assert "Unité A : puissance 6" in html_of(response)


# --------------------------------------------------------------------------- translation


def test_timestamps_follow_the_order_of_effects():
    data = importing.data_from_scenario(at_least_5())
    assert [e["since"] for e in running.scenario_of(data)["effects"]] == [1, 2]
    operations.apply_op(data, "up:e-1")
    assert [(e["label"], e["since"]) for e in running.scenario_of(data)["effects"]] == [("+2", 1), ("Jusqu'à 5", 2)]


def test_same_instant_shares_a_timestamp():
    scenario = at_least_5()
    scenario["effects"][1]["since"] = 1
    data = importing.data_from_scenario(scenario)
    assert data.rows["e"][1]["same_time"] == ["1"]
    assert [e["since"] for e in running.scenario_of(data)["effects"]] == [1, 1]


def test_effects_are_sorted_by_timestamp_when_imported():
    scenario = at_least_5()
    scenario["effects"][0]["since"], scenario["effects"][1]["since"] = 5, 3
    data = importing.data_from_scenario(scenario)
    assert [r["label"] for r in data.rows["e"]] == [["+2"], ["Jusqu'à 5"]]


def test_spell_instructions_are_rows_under_the_spell():
    scenario = yaml.safe_load((SCENARIOS[0].parent / "instructions-successives.yaml").read_text(encoding="utf-8"))
    data = importing.data_from_scenario(scenario)
    assert [(r["do"], r.get("in_spell")) for r in data.rows["a"]] == [
        (["resolve"], None),
        (["kill"], ["1"]),
        (["kill"], ["1"]),
    ]
    assert running.scenario_of(data)["actions"][0]["steps"] == scenario["actions"][0]["steps"]


def test_a_spell_without_instructions_and_an_orphan_instruction_are_explained():
    data = importing.data_from_scenario(at_least_5())
    operations.apply_op(data, "add:a", {"new_action": "kill"})
    data.rows["a"][-1].update(in_spell=["1"], objects=["u1"])
    operations.apply_op(data, "add:a", {"new_action": "resolve"})
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None
    texts = [e["text"] for e in sandbox.errors()]
    assert "Action 2 : Aucun sort au-dessus : ajoutez d'abord l'action « Résoudre un sort »." in texts
    assert any(t.startswith("Action 3 : Ce sort n'a aucune instruction") for t in texts)


# --------------------------------------------------------------------------- the engine's vocabulary


def test_every_kind_and_action_of_the_registry_has_a_form():
    data = importing.data_from_scenario(at_least_5())
    for kind in kinds.KINDS:
        operations.apply_op(data, "add:e", {"new_kind": kind})
    for action in kinds.ACTIONS:
        operations.apply_op(data, "add:a", {"new_action": action})
    assert [r["kind"][0] for r in data.rows["e"][2:]] == list(kinds.KINDS)
    assert [r["do"][0] for r in data.rows["a"][1:]] == list(kinds.ACTIONS)
    sandbox = situation.Sandbox(data)
    sandbox.build()
    for form in sandbox.formsets["a"].forms:
        params = {p.name for p in kinds.ACTIONS[form.kind][1] if p.type != "steps"} - {"effect"}
        assert params <= set(form.fields), form.kind


@pytest.mark.django_db
def test_a_new_kind_and_a_new_action_appear_in_the_sandbox_by_themselves(client, monkeypatch):
    """The palette and the forms are generated from the engine's registry: no sandbox change needed."""
    from engine.kinds import Kind, Param

    monkeypatch.setitem(
        kinds.KINDS,
        "triple_bonus",
        Kind(
            "triple_bonus",
            "Bonus triple",
            "continuous",
            "numeric",
            "increase",
            "power",
            (Param("value", "int", "valeur", min=0, max=9),),
        ),
    )
    monkeypatch.setitem(
        kinds.ACTIONS,
        "shout",
        (
            "Crier très fort",
            (Param("object", "object", "unité qui crie"), Param("volume", "int", "volume", min=1, max=3)),
        ),
    )
    monkeypatch.setitem(sf.SECTIONS, "e", sf.dataclasses.replace(sf.SECTIONS["e"], kinds=tuple(kinds.KINDS)))
    monkeypatch.setitem(sf.SECTIONS, "a", sf.dataclasses.replace(sf.SECTIONS["a"], kinds=tuple(kinds.ACTIONS)))
    html = html_of(client.get(URL))
    assert '<option value="triple_bonus">Bonus triple</option>' in html
    assert '<option value="shout">Crier très fort</option>' in html
    data = board.empty_data()
    operations.apply_op(data, "add:o")
    operations.apply_op(data, "add:e", {"new_kind": "triple_bonus"})
    operations.apply_op(data, "add:a", {"new_action": "shout"})
    assert data.rows["e"][0]["value"] == ["1"]
    form = situation.Sandbox(data).formsets["a"].forms[0]
    assert form["volume"].label == "Volume" and form.fields["volume"].min_value == 1
    data.rows["e"][0]["value"] = ["12"]
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None
    assert "Effet 1 : La valeur doit être comprise entre 0 et 9." in [e["text"] for e in sandbox.errors()]


def test_bounds_come_from_the_engine():
    """One place for each bound: the vocabulary's parameters, and « Et si… ? »'s ranges for printed Might."""
    pools = ef.Pools([], [], [], [], [])
    unit = sf.UnitForm(pools=pools)
    assert (unit.fields["printed_power"].min_value, unit.fields["printed_power"].max_value) == variants.POWER_RANGE
    player = sf.PlayerForm(pools=pools)
    assert (player.fields["xp"].min_value, player.fields["xp"].max_value) == variants.XP_RANGE
    for kind in kinds.KINDS.values():
        form = sf.EffectForm(pools=pools, kind=kind.name)
        for p in kind.params:
            if p.type == "int":
                assert (form.fields[p.name].min_value, form.fields[p.name].max_value) == (p.min, p.max)
                assert form.fields[p.name].help_text == f"Nombre entier entre {p.min} et {p.max}."


# --------------------------------------------------------------------------- buttons


def test_add_delete_move_and_where_the_learner_lands():
    data = board.empty_data()
    landed = operations.apply_op(data, "add:o")
    assert landed == operations.OpResult(focus="sb-o-0-name", anchor="sb-o-0", added=("o", 0))
    operations.apply_op(data, "add:o")
    assert [r["name"] for r in data.rows["o"]] == [["Unité A"], ["Unité B"]]
    # Deleting a row lands on its neighbour; the last one, on the « Ajouter » button.
    assert operations.apply_op(data, "del:o-0") == operations.OpResult(focus="sb-o-0", anchor="sb-o-0")
    assert [r["name"] for r in data.rows["o"]] == [["Unité B"]]
    assert operations.apply_op(data, "del:o-0") == operations.OpResult(focus="sb-add-o", anchor="sb-section-o")
    # Adding a choice lands on it (it used to leave the focus on the buttons' paragraph).
    operations.apply_op(data, "add:e", {"new_kind": "replacement"})
    assert operations.apply_op(data, "add:c-order").focus == "sb-c-0-first"
    assert operations.apply_op(data, "add:a", {"new_action": "query"}).focus == "sb-a-0-ask"
    operations.apply_op(data, "add:e", {"new_kind": "increase"})
    assert operations.apply_op(data, "up:e-1") == operations.OpResult(focus="sb-e-0-up", anchor="sb-e-0")
    assert operations.apply_op(data, "up:e-0").focus == "sb-e-0-up"  # already first: stays
    assert [r["kind"] for r in data.rows["e"]] == [["increase"], ["replacement"]]
    # The last player stays.
    assert operations.apply_op(data, "del:p-0").focus == "sb-p-0"
    assert len(data.rows["p"]) == 1 and data.section_errors["p"] == ["Il faut au moins un joueur."]
    for op in ("up:e-99", "del:x-1", "down:o-0", "", "add:e", "<script>", "up:e--1", "add:zz"):
        operations.apply_op(data, op, {})
    assert len(data.rows["o"]) == 0 and len(data.rows["e"]) == 2


def test_players_are_you_and_the_opponent():
    data = board.empty_data()
    operations.apply_op(data, "add:p")
    operations.apply_op(data, "add:p")
    assert [r["name"] for r in data.rows["p"]] == [["Joueuse A"], ["Joueur B"], ["Joueur C"]]
    assert [r["name"] for r in board.board_data().rows["p"]] == [["Joueuse A"], ["Joueur B"]]


def test_limits_are_enforced_by_the_add_buttons():
    data = board.empty_data()
    for _ in range(sf.MAX_OBJECTS + 3):
        operations.apply_op(data, "add:o")
    assert len(data.rows["o"]) == sf.MAX_OBJECTS
    assert data.section_errors["o"][0] == "Limite atteinte : 20 unités au maximum."


# --------------------------------------------------------------------------- share codes


def test_share_code_round_trip_and_length():
    data = at_least_5()
    code = share.encode(data)
    assert code.startswith("1.") and len(code) < 400
    assert share.decode(code) == data


@pytest.mark.parametrize(
    "code, words",
    [
        ("", "vide"),
        ("abc", "version"),
        ("2.AAAA", "plus récente"),
        ("x.AAAA", "inconnue"),
        ("1.***", "caractères"),
        ("1.A", "incomplet"),
        ("1." + "A" * (share.MAX_CODE_LENGTH + 1), "trop long"),
    ],
)
def test_bad_share_codes_have_a_french_message(code, words):
    with pytest.raises(share.ShareCodeError) as info:
        share.decode(code)
    assert words in info.value.message


def _raw_code(payload: bytes) -> str:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, zdict=share.SHARE_DICTIONARY_V1)
    return "1." + base64.urlsafe_b64encode(compressor.compress(payload) + compressor.flush()).decode().rstrip("=")


def test_truncated_tampered_bombs_and_non_situations_are_refused():
    code = share.encode(at_least_5())
    middle = len(code) // 2
    tampered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    for bad in (code[:-10], code[:20], code[:-3], tampered):
        with pytest.raises(share.ShareCodeError):
            share.decode(bad)
    bomb = _raw_code(b" " * (5 * 1024 * 1024))
    assert len(bomb) < share.MAX_CODE_LENGTH
    with pytest.raises(share.ShareCodeError, match="trop grande"):
        share.decode(bomb)
    for payload in (b"[1, 2]", b"\xff\xfe", b"[" * 50_000, b"null"):
        with pytest.raises(share.ShareCodeError):
            share.decode(_raw_code(payload))


def test_a_decodable_but_absurd_situation_gives_a_partial_form():
    junk = {
        "title": 5,
        "players": [{"id": "p1", "name": ["x"]}, 7],
        "objects": "nope",
        "effects": [{"kind": "increase", "value": "<script>"}, {"kind": "nonsense"}],
        "actions": [{"do": 3}],
    }
    data = importing.data_from_scenario(junk)
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None and sandbox.has_errors()
    assert any("ignoré" in n for n in data.notices)


# --------------------------------------------------------------------------- export


def test_exported_yaml_is_accepted_by_the_engine():
    text = running.to_yaml(build(at_least_5()))
    scenario = engine.load_scenario(text)
    assert scenario.title == "Au moins 5"
    assert engine.run(scenario).to_dict()["queries"][0]["value"] == 6


@pytest.mark.django_db
def test_export_is_a_download(client):
    code = share.encode(at_least_5())
    response = client.get(reverse("sandbox:export"), {"s": code})
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="au-moins-5.yaml"'
    engine.load_scenario(html_of(response))
    assert client.get(reverse("sandbox:export"), {"s": "1.zz"}).status_code == 400


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


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_can_be_rebuilt_from_scratch(path):
    """Only the palette's buttons and typed values, starting from an empty sandbox: same engine result."""
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    original.pop("expect")
    wanted = importing.data_from_scenario(original)
    data = board.empty_data()
    for _ in wanted.rows["p"][1:]:
        operations.apply_op(data, "add:p")
    for _ in wanted.rows["b"]:
        operations.apply_op(data, "add:b")
    for _ in wanted.rows["o"]:
        operations.apply_op(data, "add:o")
    for row in wanted.rows["e"]:
        operations.apply_op(data, "add:e", {"new_kind": row["kind"][0]})
    for row in wanted.rows["a"]:
        operations.apply_op(data, "add:a", {"new_action": row["do"][0]})
    for row in wanted.rows["c"]:
        operations.apply_op(data, "add:c-" + row["type"][0])
    # The learner picks units, players and effects by name in lists: translate the example's ids.
    ids = {
        prefix: {old["id"][0]: new["id"][0] for old, new in zip(wanted.rows[prefix], data.rows[prefix], strict=True)}
        for prefix in wanted.rows
    }
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
        for old, new in zip(rows, data.rows[prefix], strict=True):
            kind_key = sf.SECTIONS[prefix].kind_key
            form = formdata.row_form(prefix, old[kind_key][0] if kind_key else "", wanted_pools)
            for name, field in form.fields.items():
                if name == "id":
                    continue
                for key in [k for k in old if k == name or k.startswith(name + "_")]:
                    values = old[key]
                    if getattr(field, "pool", None):
                        values = [pools[field.pool].get(v, v) for v in values]
                    new[key] = values
                for key in [k for k in new if (k == name or k.startswith(name + "_")) and k not in old]:
                    del new[key]  # an unticked checkbox
    data.top.update({k: v for k, v in wanted.top.items() if k != "turn_player"})
    data.top["turn_player"] = [ids["p"].get(wanted.top["turn_player"][0], "")]
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    expected = comparable(engine.run(engine.load_scenario(original)).to_dict())
    names = {**ids["o"], **ids["b"], **ids["p"], **ids["e"]}

    def rename(value):
        if isinstance(value, dict):
            return {k: rename(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [rename(v) for v in value]
        return names.get(value, value) if isinstance(value, str) else value

    def plain(outcomes: list) -> list[str]:
        """Objects and players in order (they are keyed by id), lists of ids as sets (the engine sorts them by
        id), outcomes as a set (explored in the order of the ids of the choices)."""

        def unordered(value):
            if isinstance(value, dict):
                return {k: unordered(v) for k, v in value.items()}
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                return sorted(value)
            if isinstance(value, list):
                return [unordered(v) for v in value]
            return value

        return sorted(
            json.dumps(
                [
                    # Objects in any order: the board lists its battlefields first, a worked example may not.
                    sorted(json.dumps(unordered(v), sort_keys=True) for v in o["objects"].values()),
                    unordered(list(o["players"].values())),
                    o["queries"],
                    [e[0] for e in o["events"]],
                ],
                sort_keys=True,
            )
            for o in outcomes
        )

    assert plain(rename(expected)) == plain(comparable(running.run_scenario(rebuilt)))


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
