"""The sandbox: forms ⇄ scenario translation, the engine's vocabulary, buttons, share codes and export."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
import yaml
from django.urls import reverse

import engine
from engine import kinds, variants
from sandbox import board, formdata, importing, operations, running, share, situation
from sandbox import forms as sf
from tests.sandbox.helpers import URL, at_least_5, build, code_of, comparable, form_fields, html_of
from worked_examples import computing
from worked_examples import fields as ef
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = sorted((SCENARIOS_DIR).glob("*.yaml"))


# ---------------------------------------------------------------- every worked example fits in the form


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_goes_through_the_form_unchanged(path):
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    data = importing.data_from_scenario(original)
    # Nothing is left out, real cards included (their rows keep the card).
    assert data.notices == []
    assert [row["card"] for row in data.rows["o"] if row["card"] != [""]] == [
        [o["card"]] for o in original.get("objects", []) if "card" in o
    ]
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    # The rebuilt scenario keeps every expectation of the worked example…
    checked = engine.run(engine.load_scenario({**rebuilt, "expect": original["expect"]}, cards=computing.card_data()))
    assert checked.ok, [e for e in checked.to_dict()["expectations"] if not e["ok"]]
    # …and gives the same result as the original, event by event.
    without_expect = {k: v for k, v in original.items() if k != "expect"}
    assert comparable(running.run_scenario(rebuilt)) == comparable(computing.compute(without_expect))
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


# --------------------------------------------------------------------------- real cards (issue 32)


def test_a_worked_example_on_real_cards_keeps_each_card():
    original = yaml.safe_load((SCENARIOS_DIR / "legion-noxus-hopeful.yaml").read_text(encoding="utf-8"))
    data = importing.data_from_scenario(original)
    assert data.notices == []
    assert [row["card"] for row in data.rows["o"]] == [["OGN-012"], ["OGN-012"]]
    # Two copies of a card share their name; the lists tell them apart by a number.
    assert [name for _id, name in formdata.pools_of(data).objects] == ["Noxus Hopeful (1)", "Noxus Hopeful (2)"]
    rebuilt = build(original)
    assert [o["card"] for o in rebuilt["objects"]] == ["OGN-012", "OGN-012"]


def test_a_card_number_alone_fills_the_printed_values():
    """Noxus Hopeful (OGN-012) is printed as a 4-Might Fury unit costing 4, with Legion."""
    scenario = at_least_5()
    scenario["objects"][0] = {"id": "u1", "card": "OGN-012", "zone": "battlefield", "controller": "p1"}
    data = importing.data_from_scenario(scenario)
    row = data.rows["o"][0]
    assert (row["name"], row["printed_power"], row["cost"], row["keywords"]) == (
        ["Noxus Hopeful"], ["4"], ["4"], ["Légion"],
    )
    # A value typed over the card's is not read: the card's printed values are Riot's.
    data.rows["o"][0]["printed_power"] = ["9"]
    data.rows["o"][0]["name"] = ["Autre nom"]
    sandbox = situation.Sandbox(data)
    rebuilt = sandbox.build()
    assert rebuilt is not None, sandbox.errors()
    assert rebuilt["objects"][0]["printed_power"] == 4 and rebuilt["objects"][0]["name"] == "Noxus Hopeful"
    assert sandbox.formsets["o"].forms[0].fields["printed_power"].disabled
    # The card's printed 4 plays as « Unité A »'s 4 did: +2 first (« jusqu'à 5 » depends on it), then nothing: 6.
    assert running.run_scenario(rebuilt)["queries"][0]["value"] == 6


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("OGN-9999", "Aucune carte ne porte le numéro « OGN-9999 »."),
        ("n'importe quoi", "Numéro de collection attendu, par exemple OGN-003."),
    ],
)
def test_an_unknown_card_is_refused_next_to_its_field(client, code, message):
    response = client.post(URL, {**post_dict(at_least_5()), "o-0-card": [code], "op": ["run"]})
    assert response.status_code == 400
    html = html_of(response)
    assert message in html and 'id="sb-o-0-card_error"' in html


def test_keyword_costs_are_typed_in_french():
    scenario = at_least_5()
    scenario["objects"][0]["keyword_costs"] = {"equip": {"energy": 1, "power": ["Fureur"]}, "flow": {"energy": 4,
                                               "power": ["A"]}}
    data = importing.data_from_scenario(scenario)
    assert data.rows["o"][0]["keyword_costs"] == ["Équiper : 1, Fureur ; Flux : 4, tout domaine"]
    assert build(scenario)["objects"][0]["keyword_costs"] == scenario["objects"][0]["keyword_costs"]
    data.rows["o"][0]["keyword_costs"] = ["Équiper 1"]
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None
    assert "écrivez le mot-clé" in str(sandbox.formsets["o"].forms[0].errors["keyword_costs"])


def post_dict(scenario: dict) -> dict:
    q = importing.data_from_scenario(scenario).to_querydict()
    return {k: q.getlist(k) for k in q}


def test_a_battlefield_may_be_a_real_card():
    """Altar to Unity (OGN-275) is a battlefield card: its row takes the printed name; a unit card is refused there."""
    scenario = at_least_5()
    scenario["objects"].insert(0, {"id": "autel", "card": "OGN-275", "type": "battlefield", "controller": "p1"})
    scenario["objects"][1]["at"] = "autel"
    data = importing.data_from_scenario(scenario)
    assert data.notices == []
    assert data.rows["b"][0]["card"] == ["OGN-275"] and data.rows["b"][0]["name"] == ["Altar to Unity"]
    rebuilt = build(scenario)
    assert rebuilt["objects"][0] == {"id": "autel", "name": "Altar to Unity", "type": "battlefield",
                                     "controller": "p1", "card": "OGN-275"}
    assert running.run_scenario(rebuilt)["queries"][0]["value"] == 6
    data.rows["b"][0]["card"] = ["OGN-012"]
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None
    assert "n'est pas un champ de bataille" in " ".join(sandbox.formsets["b"].forms[0].errors["card"])
