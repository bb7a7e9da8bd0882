"""The sandbox opens on the board (issue 23, item 9): two players, their bases, battlefields whose controller is
chosen explicitly; ready situations the engine plays; and the reason when nothing happens.

The expected outcome of each ready situation is worked out below from the rules of the 2026-10-09 edition,
never copied from the engine's output.
"""

from __future__ import annotations

import pytest

import engine
from sandbox import board, formdata, importing, operations, share, situation
from sandbox import forms as sf
from sandbox.explain import board_notes
from sandbox.presets import GROUPS, PRESETS, grouped

from .helpers import form_fields, html_of, post_of

URL = "/bac-a-sable/"


def run(scenario: dict) -> dict:
    return engine.run(engine.load_scenario(scenario)).to_dict()


def branches(result: dict) -> list[dict]:
    return result.get("outcomes") or [result]


def notes_of(scenario: dict) -> str:
    return " ".join(board_notes(scenario, run(scenario)))


def duel(objects: list[dict], actions: list[dict]) -> dict:
    """A small situation on a duel's board, written by hand (not a preset)."""
    return {
        "title": "Essai",
        "description": "Essai.",
        "topic": "combat",
        "players": [{"id": "a", "name": "Joueuse A"}, {"id": "b", "name": "Joueur B"}],
        "objects": objects,
        "actions": actions,
    }


def field(oid: str, name: str, controller: str | None = None) -> dict:
    return {"id": oid, "name": name, "type": "battlefield", **({"controller": controller} if controller else {})}


def unit(oid: str, name: str, power: int, player: str, at: str | None = None) -> dict:
    where = {"zone": "battlefield", "at": at} if at else {"zone": "base"}
    return {"id": oid, "name": name, "printed_power": power, "controller": player, **where}


# --------------------------------------------------------------------------- the board first


def test_a_new_sandbox_is_a_duel_board_whose_battlefields_nobody_controls():
    data = board.board_data()
    assert [r["name"] for r in data.rows["p"]] == [["Joueuse A"], ["Joueur B"]]
    assert len(data.rows["b"]) == 2 and data.rows["o"] == []
    # R. 190.2.b: a battlefield may be controlled by no one; the board never gives it to a player silently.
    assert [r["controller"] for r in data.rows["b"]] == [[""], [""]]
    built = situation.Sandbox(data).build()
    assert [o for o in built["objects"] if o["type"] == "battlefield"] == [
        {"id": "bf1", "name": "Champ de bataille 1", "type": "battlefield"},
        {"id": "bf2", "name": "Champ de bataille 2", "type": "battlefield"},
    ]


def test_an_added_battlefield_has_no_controller_and_a_new_unit_waits_in_its_base():
    data = board.board_data()
    landed = operations.apply_op(data, "add:b")
    assert landed == operations.OpResult(focus="sb-b-2-name", anchor="sb-b-2", added=("b", 2))
    assert data.rows["b"][2]["name"] == ["Champ de bataille 3"] and data.rows["b"][2]["controller"] == [""]
    operations.apply_op(data, "add:o")
    unit_row = data.rows["o"][0]
    assert unit_row["zone"] == ["base"] and unit_row["controller"] == ["p1"]
    built = situation.Sandbox(data).build()
    ids = [o["id"] for o in built["objects"]]
    assert len(ids) == len(set(ids)) == 4  # units and battlefields never share an id
    for _ in range(sf.MAX_BATTLEFIELDS):
        operations.apply_op(data, "add:b")
    assert len(data.rows["b"]) == sf.MAX_BATTLEFIELDS
    assert data.section_errors["b"][0] == f"Limite atteinte : {sf.MAX_BATTLEFIELDS} champs de bataille au maximum."


def test_the_controller_is_chosen_from_the_players_or_personne():
    data = board.board_data()
    form = situation.Sandbox(data).formsets["b"].forms[0]
    assert list(form.fields["controller"].choices) == [
        ("", "Personne (non contrôlé)"),
        ("p1", "Joueuse A"),
        ("p2", "Joueur B"),
    ]
    # A unit type list without « Champ de bataille »: a battlefield is a row of the board.
    assert "battlefield" not in dict(situation.Sandbox(data).formsets["o"].empty_form.fields["type"].choices)


@pytest.mark.django_db
def test_the_page_opens_on_the_board(client):
    html = html_of(client.get(URL))
    fields = form_fields(html)
    assert fields["p-0-name"] == ["Joueuse A"] and fields["p-1-name"] == ["Joueur B"]
    assert fields["b-0-controller"] == [""] and fields["b-1-controller"] == [""]
    assert "Base de Joueuse A" in html and "Base de Joueur B" in html
    assert html.count("Contrôlé par personne") == 2
    assert html.index('id="sb-section-b"') < html.index('id="sb-section-p"') < html.index('id="sb-section-o"')
    for title in GROUPS.values():
        assert title in html


@pytest.mark.django_db
def test_a_unit_on_the_board_shows_where_it_is(client):
    data = importing.data_from_scenario(PRESETS["deux-contre-un"].scenario)
    html = html_of(client.post(URL, post_of(data)))
    base_a = html[html.index("Base de Joueuse A") :]
    assert base_a.index('href="#sb-o-0">Vi (3)</a>') < base_a.index("Pont de Piltover")
    pont = html[html.index('<h3 class="sb-map__title">Pont de Piltover') :]
    assert "Contrôlé par Joueur B" in pont[:200] and 'href="#sb-o-2">Garen (4)</a>' in pont


@pytest.mark.django_db
def test_adding_a_battlefield_without_javascript_lands_on_it(client):
    post = post_of(board.board_data(), op="add:b")
    response = client.post(URL, post)
    html = html_of(response)
    assert response.status_code == 200
    assert form_fields(html)["b-2-name"] == ["Champ de bataille 3"]
    assert 'id="sb-b-2-name" autofocus' in html or ('id="sb-b-2-name"' in html and "autofocus" in html)


@pytest.mark.django_db
def test_bad_board_input_is_a_french_400(client):
    post = post_of(board.board_data(), op="run", **{"b-0-controller": "zz", "b-1-name": ""})
    response = client.post(URL, post)
    html = html_of(response)
    assert response.status_code == 400
    assert "Joueur inconnu « zz » : choisissez un joueur dans la liste." in html
    assert "Champ de bataille 2 : Ce champ est obligatoire." in html
    # A unit said to be on a battlefield, with two of them and none chosen.
    data = board.board_data()
    operations.apply_op(data, "add:o")
    response = client.post(URL, post_of(data, op="run", **{"o-0-zone": "battlefield"}))
    assert response.status_code == 400
    assert "Unité 1 : Choisissez le champ de bataille où se trouve l" in html_of(response)


@pytest.mark.django_db
def test_a_form_posted_by_a_page_from_before_the_board_still_opens(client):
    """Before the board, battlefields were units of type « battlefield »: such a post keeps its controllers."""
    data = importing.data_from_scenario(PRESETS["deux-contre-un"].scenario)
    old = formdata.FormData(top=data.top, rows={**data.rows, "b": []})
    old.rows["o"] = [
        {
            "id": r["id"],
            "name": r["name"],
            "type": ["battlefield"],
            "controller": r["controller"],
            "zone": ["battlefield"],
        }
        for r in data.rows["b"]
    ] + data.rows["o"]
    post = post_of(old, op="run")
    post.pop("b-TOTAL_FORMS", None)
    response = client.post(URL, post)
    assert response.status_code == 200
    code = html_of(response).split("?s=", 1)[1].split("#", 1)[0]
    assert share.decode(code)["objects"][:2] == PRESETS["deux-contre-un"].scenario["objects"][:2]


def test_a_shared_link_with_battlefields_anywhere_opens_the_same_situation():
    """Links made before the board could list a battlefield after the units: same situation, same result."""
    scenario = duel(
        [unit("vi", "Vi", 3, "a"), field("pont", "Pont", "b"), unit("garen", "Garen", 2, "b", at="pont")],
        [{"do": "standard_move", "objects": ["vi"], "to": "pont"}],
    )
    rebuilt = situation.Sandbox(importing.data_from_scenario(share.decode(share.encode(scenario)))).build()
    assert [o["id"] for o in rebuilt["objects"]] == ["pont", "vi", "garen"]
    assert {k: v["zone"] for k, v in run(rebuilt)["objects"].items()} == {
        k: v["zone"] for k, v in run(scenario)["objects"].items()
    }


# --------------------------------------------------------------------------- ready situations, from the rules


def test_ready_situations_are_grouped_and_the_common_ones_come_first():
    groups = grouped()
    assert groups[0][0] == "Situations courantes"
    assert [p.slug for p in groups[0][1]][:4] == [
        "deux-contre-un",
        "conquerir-un-champ-vide",
        "defendre-avec-un-tank",
        "repondre-a-un-sort",
    ]


def test_two_units_against_one():
    """Vi (3) and Ahri (2) move onto the Pont, which Joueur B controls with Garen (4).

    Their arrival contests it (R. 190.3.a.1) and, with units of both players there, a combat follows
    (R. 463, 323.8). Attacking Might 3 + 2 = 5, defending 4 (R. 467.2.a–b). Joueuse A's 5 is lethal for Garen.
    Joueur B's 4 must be lethal to one unit before the next (R. 467.2.c.3): Vi takes 3 and Ahri 1, or Ahri
    takes 2 and Vi 2 — one attacker dies either way, the choice is Joueur B's. Only Joueuse A has units left:
    she wins (R. 468.3.a), establishes control (R. 468.5) and conquers (R. 468.5.d, 471.1): 0 → 1 point
    (R. 473.1; far from the victory score, so no final-point rule).
    """
    result = run(PRESETS["deux-contre-un"].scenario)
    outcomes = branches(result)
    assert len(outcomes) == 2
    for outcome in outcomes:
        objects = outcome["objects"]
        assert objects["garen"]["zone"] == "discard"
        assert sorted(objects[u]["zone"] for u in ("vi", "ahri")) == ["battlefield", "discard"]
        assert objects["pont"]["controller"] == "p1"
        assert {p: v["points"] for p, v in outcome["players"].items()} == {"p1": 1, "p2": 0}
    combat = result["combats"][0]
    assert combat["might"] == {"attacker": 5, "defender": 4} and combat["attacker"] == "p1"
    assert combat["result"] == "conquered"


def test_conquer_an_empty_battlefield():
    """Vi moves onto the Autel, which nobody controls and where nobody stands: it is contested (R. 190.3.a.1),
    no combat can happen without units of two players (R. 463), a showdown opens (R. 344.2) and, at its end,
    Vi's player alone has units there and establishes control (R. 348.2.a): a conquest (R. 348.2.a.1, 471.1),
    1 point (R. 473.1). The Pont, where Garen stays, remains Joueur B's."""
    result = run(PRESETS["conquerir-un-champ-vide"].scenario)
    assert result["combats"] == []
    assert result["objects"]["autel"]["controller"] == "p1"
    assert result["objects"]["pont"]["controller"] == "p2"
    assert result["players"]["p1"]["points"] == 1 and result["players"]["p2"]["points"] == 0
    assert [(s["player"], s["battlefield"], s["how"]) for s in result["scores"]] == [("p1", "autel", "conquer")]


def test_defend_with_a_tank():
    """Jinx (4) attacks the Pont, which Joueur B holds with Braum (Tank, 3) and Lux (2).

    Joueuse A's 4 must go to the Tank first (R. 815.1.b): 3 is lethal for Braum, the last 1 is not lethal for Lux.
    Joueur B's 3 + 2 = 5 is lethal for Jinx. Braum and Jinx die; Lux survives and is healed (R. 468.1.a.1).
    Only Joueur B has units left and already controlled the Pont: no change of control, so no conquest
    (R. 468.5, 471.1) and nobody scores."""
    result = run(PRESETS["defendre-avec-un-tank"].scenario)
    objects = result["objects"]
    assert objects["braum"]["zone"] == "discard" and objects["jinx"]["zone"] == "discard"
    assert objects["lux"]["zone"] == "battlefield" and objects["lux"]["damage"] == 0
    assert objects["pont"]["controller"] == "p2"
    assert result["combats"][0]["might"] == {"attacker": 4, "defender": 5}
    assert result["scores"] == [] and {p["points"] for p in result["players"].values()} == {0}


def test_answer_a_spell():
    """Renfort (a buff on Vi) goes on the chain, Éclair (3 damage to Vi) answers it. The newest item resolves
    first (R. 340.1): Vi (3) takes lethal damage and dies at the cleanup (R. 323.4). Renfort's chosen unit is
    gone, so it does nothing (R. 359.3.e.9). Joueuse A has no unit left on the Pont: she loses its control
    (R. 190.4.c, 323.5)."""
    result = run(PRESETS["repondre-a-un-sort"].scenario)
    types = [e["type"] for e in result["events"]]
    assert result["objects"]["vi"]["zone"] == "discard"
    assert "buffed" not in types and "fizzled" in types
    assert types.index("damaged") < types.index("fizzled")
    assert result["objects"]["pont"]["controller"] is None


def test_a_battlefield_already_yours():
    """Vi joins Ahri on the Pont, which Joueuse A controls: no contest (R. 190.3.a.1), so no combat and no
    conquest; nothing scores."""
    result = run(PRESETS["champ-deja-a-vous"].scenario)
    assert result["objects"]["vi"]["at"] == "pont" and result["objects"]["pont"]["controller"] == "p1"
    assert result["combats"] == [] and result["scores"] == []


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [slug for slug, p in PRESETS.items() if p.group == "board"])
def test_every_common_situation_opens_on_the_board_and_plays(client, slug):
    html = html_of(client.get(URL, {"modele": slug}))
    fields = form_fields(html)
    assert fields["p-0-name"] == ["Joueuse A"] and fields["p-1-name"] == ["Joueur B"]
    assert fields["b-0-name"] == ["Pont de Piltover"] and fields["b-1-name"] == ["Autel du Soleil"]
    assert "Résultat mis à jour" in html and 'id="sandbox-player"' in html


# --------------------------------------------------------------------------- why nothing happened


def test_a_move_onto_a_battlefield_the_player_controls_says_why_nothing_happens():
    notes = notes_of(
        duel(
            [field("forge", "Forge", "a"), field("lac", "Lac"), unit("teemo", "Teemo", 1, "a")],
            [{"do": "standard_move", "objects": ["teemo"], "to": "forge"}],
        )
    )
    assert "Teemo arrive sur « Forge », que Joueuse A contrôle déjà" in notes
    assert "ni combat ni conquête (R. 190.3.a.1)" in notes


def test_the_same_move_onto_the_opponents_battlefield_is_a_combat():
    notes = notes_of(
        duel(
            [field("forge", "Forge", "b"), unit("teemo", "Teemo", 1, "a"), unit("nasus", "Nasus", 5, "b", at="forge")],
            [{"do": "standard_move", "objects": ["teemo"], "to": "forge"}],
        )
    )
    assert "Combat sur « Forge » : Joueuse A attaque avec une puissance totale de 1, Joueur B défend avec 5" in notes
    assert "Joueuse A ne conquiert rien" in notes


def test_units_going_back_to_base_do_not_fight():
    notes = notes_of(
        duel(
            [
                field("forge", "Forge", "a"),
                unit("teemo", "Teemo", 1, "a", at="forge"),
                unit("vi", "Vi", 3, "a", at="forge"),
            ],
            [{"do": "standard_move", "objects": ["teemo", "vi"], "to": "base"}],
        )
    )
    assert "Teemo et Vi rentrent à la base" in notes and "ni combat ni conquête" in notes
    # Nobody of Joueuse A is left on the Forge: its control is lost, and the notes say so.
    assert "« Forge »" in notes


def test_nobody_arriving_means_no_combat():
    assert "Aucune unité n'arrive sur un champ de bataille" in notes_of(
        duel([field("forge", "Forge"), unit("teemo", "Teemo", 1, "a")], [])
    )
    shared = notes_of(
        duel(
            [
                field("forge", "Forge", "a"),
                unit("teemo", "Teemo", 1, "a", at="forge"),
                unit("vi", "Vi", 3, "b", at="forge"),
            ],
            [],
        )
    )
    assert "déjà ensemble sur « Forge » (Teemo et Vi)" in shared and "aucune n'y arrive" in shared


def test_an_empty_opposing_battlefield_is_taken_without_combat():
    notes = notes_of(
        duel(
            [field("forge", "Forge", "b"), unit("teemo", "Teemo", 1, "a")],
            [{"do": "standard_move", "objects": ["teemo"], "to": "forge"}],
        )
    )
    assert "Aucune unité adverse ne s'y trouve : pas de combat" in notes
    assert "Joueuse A conquiert « Forge » et gagne 1 point" in notes


def test_a_calculation_without_battlefields_has_no_board_notes():
    assert notes_of({**PRESETS["deux-effets"].scenario}) == ""


@pytest.mark.django_db
def test_the_page_says_why_nothing_happened(client):
    html = html_of(client.get(URL, {"modele": "champ-deja-a-vous"}))
    why = html[html.index('id="sb-why"') :]
    assert "Sur le plateau" in why[:200]
    assert "que Joueuse A contrôle déjà" in why and "ni combat ni conquête" in why
