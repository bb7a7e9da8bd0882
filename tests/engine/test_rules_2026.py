"""The rules fixed against the 2026-10-09 Core Rules — one rule per test, each built from the rule's text."""

from __future__ import annotations

from tests.engine.factories import play, player, scenario, unit


def board(objects, actions, pont=None, autel=None, **kw) -> dict:
    bfs = [
        {"id": "pont", "name": "Pont", "type": "battlefield", "controller": pont},
        {"id": "autel", "name": "Autel", "type": "battlefield", "controller": autel},
    ]
    return scenario(
        objects=bfs + objects,
        actions=actions,
        players=kw.pop("players", [player("p1"), player("p2")]),
        topic="score",
        **kw,
    )


def types(outcome) -> list[str]:
    return [e["type"] for e in outcome.events]


# ---------------------------------------------------------------- R. 190.4.c, 323.5: an empty battlefield is lost


def test_a_battlefield_whose_last_unit_leaves_loses_its_controller_at_the_cleanup():
    data = board([unit("vi", 3, at="pont")], [{"do": "standard_move", "objects": ["vi"], "to": "base"}], pont="p1")
    o = play(data).main
    assert o.objects["pont"]["controller"] is None
    assert {"type": "control_lost", "object": "pont"}.items() <= next(
        e for e in o.events if e["type"] == "control_lost"
    ).items()


def test_a_battlefield_whose_last_unit_dies_is_lost():
    data = board([unit("vi", 2, at="pont")], [{"do": "damage", "object": "vi", "amount": 2}], pont="p1")
    assert play(data).main.objects["pont"]["controller"] is None


def test_control_stays_while_a_chain_is_open():
    """R. 190.4.c: the loss needs an Open state — with an item still on the chain, nothing changes yet."""
    kill = {"do": "cast", "player": "p1", "label": "Sacrifice", "steps": [{"do": "kill", "objects": ["vi"]}]}
    ask = {"do": "cast", "player": "p1", "label": "Question", "speed": "reaction",
           "steps": [{"do": "query", "ask": "controller", "object": "pont"}]}
    data = board([unit("vi", 2, at="pont")], [kill, ask], pont="p1")
    o = play(data).main
    # Question resolves first (newest item): the battlefield still belongs to p1; after Sacrifice it is lost.
    assert o.queries[0]["value"] == "p1"
    assert o.objects["pont"]["controller"] is None


def test_an_empty_battlefield_is_not_held():
    """R. 315.2.b, 471.2: only a battlefield still controlled at the scoring step is held."""
    data = board(
        [unit("sbire", 1, at="pont", keywords=["Temporaire"])], [{"do": "start_turn"}], pont="p1"
    )
    o = play(data).main
    assert o.players["p1"]["points"] == 0
    assert "held" not in types(o)


# ---------------------------------------------------------------- R. 468.1.a.1: the combat cleanup heals every unit


def test_combat_cleanup_heals_units_that_did_not_fight():
    data = board(
        [
            unit("vi", 5, zone="base"),
            unit("garen", 2, at="pont", controller="p2"),
            unit("sion", 4, at="autel", controller="p2"),
        ],
        [{"do": "damage", "object": "sion", "amount": 1}, {"do": "standard_move", "objects": ["vi"], "to": "pont"}],
        pont="p2",
        autel="p2",
    )
    o = play(data).main
    assert o.objects["sion"]["damage"] == 0
    assert any(e["type"] == "healed" and e["object"] == "sion" for e in o.events)


# ---------------------------------------------------------------- R. 194.2, 323.1: victory at a cleanup


def test_reaching_the_victory_score_tied_with_another_player_wins_nothing():
    """R. 194.2.b: at or above the score with equal points, play goes on."""
    data = board(
        [unit("vi", 1, zone="base")],
        [{"do": "resolve", "label": "Tous", "steps": [{"do": "gain_points", "player": "p1", "amount": 1},
                                                       {"do": "gain_points", "player": "p2", "amount": 1}]}],
        players=[player("p1", points=7), player("p2", points=7)],
    )
    o = play(data).main
    assert o.winner is None and o.players["p1"]["points"] == 8 == o.players["p2"]["points"]


def test_victory_waits_for_the_cleanup():
    """R. 194.2: reaching the score inside a spell is not a win yet; the cleanup after it is."""
    data = board(
        [unit("vi", 1, zone="base")],
        [{"do": "resolve", "label": "Deux temps", "steps": [
            {"do": "gain_points", "player": "p1", "amount": 1},
            {"do": "gain_points", "player": "p2", "amount": 2}]}],
        players=[player("p1", points=7), player("p2", points=7)],
    )
    o = play(data).main
    assert o.winner == "p2"
    assert [e["type"] for e in o.events].index("game_won") > max(
        i for i, e in enumerate(o.events) if e["type"] == "point_gained"
    )


# ---------------------------------------------------------------- R. 337.4: the caster keeps priority


def test_a_reaction_on_ones_own_spell_is_accepted_and_resolves_first():
    buff = {"do": "cast", "player": "p1", "label": "Renfort", "steps": [{"do": "buff", "object": "vi"}]}
    again = {"do": "cast", "player": "p1", "label": "Vivacité", "speed": "reaction",
             "steps": [{"do": "buff", "object": "vi"}]}
    o = play(board([unit("vi", 2, zone="base")], [buff, again])).main
    assert o.objects["vi"]["power"] == 4
    resolved = [e["label"] for e in o.events if e["type"] == "chain_resolved"]
    assert resolved == ["Vivacité", "Renfort"]
    assert not any(e["type"] == "passed" and e["player"] == "p1" for e in o.events[: o.events.index(
        next(e for e in o.events if e["type"] == "chain_added" and e["label"] == "Vivacité"))])


def test_an_opponents_reaction_means_the_caster_passed_first():
    """R. 338.1.b, 339.2: priority goes round in turn order; the opponent answers after the caster passed."""
    buff = {"do": "cast", "player": "p1", "label": "Renfort", "steps": [{"do": "buff", "object": "vi"}]}
    bolt = {"do": "cast", "player": "p2", "label": "Éclair", "speed": "reaction",
            "steps": [{"do": "damage", "object": "vi", "amount": 1}]}
    o = play(board([unit("vi", 2, zone="base")], [buff, bolt])).main
    kinds = [(e["type"], e.get("player")) for e in o.events if e["type"] in ("chain_added", "passed")]
    assert kinds[:3] == [("chain_added", "p1"), ("passed", "p1"), ("chain_added", "p2")]


# ---------------------------------------------------------------- R. 432: Burn Out


def test_burn_out_with_an_empty_trash_repeats_until_the_opponent_wins():
    """R. 432.3: nothing to recycle, the deck stays empty: each new try burns out again."""
    data = board(
        [unit("vi", 1, zone="base")],
        [{"do": "draw", "player": "p1"}],
        players=[player("p1", points=2, deck=0, trash=0), player("p2", points=5)],
    )
    o = play(data).main
    assert o.players["p2"]["points"] == 8 and o.winner == "p2"
    assert sum(e["type"] == "burned_out" for e in o.events) == 3
    assert o.players["p1"]["hand"] == 0


def test_burn_out_with_cards_in_the_trash_happens_once_then_draws():
    data = board(
        [unit("vi", 1, zone="base")],
        [{"do": "draw", "player": "p1"}],
        players=[player("p1", deck=0, trash=3), player("p2")],
    )
    o = play(data).main
    assert sum(e["type"] == "burned_out" for e in o.events) == 1
    assert o.players["p2"]["points"] == 1 and o.players["p1"]["hand"] == 1 and o.players["p1"]["deck"] == 2


def test_the_player_who_burns_out_chooses_the_opponent():
    """R. 432.2.c: with two opponents both picks are outcomes; ``choices`` can fix one."""
    players = [player("p1", deck=0, trash=2), player("p2"), player("p3")]
    data = board([unit("vi", 1, zone="base")], [{"do": "draw", "player": "p1"}], players=players)
    res = play(data)
    assert sorted(o.players["p2"]["points"] * 10 + o.players["p3"]["points"] for o in res.outcomes) == [1, 10]
    data["choices"] = [{"burn_out": ["p3"]}]
    o = play(data).main
    assert o.players["p3"]["points"] == 1 and o.players["p2"]["points"] == 0


# ---------------------------------------------------------------- R. 383.3, 318–323: triggered abilities on the chain


def _xp_trigger(eid="soutien", source="veilleuse", then="renfort", **kw):
    return {"id": eid, "label": kw.pop("label", eid), "kind": "triggered", "when": "xp_gained", "subject": "you",
            "source": source, "then": then, **kw}


def _later_buff(eid="renfort", target="vi", value=2):
    return {"id": eid, "label": f"+{value}", "kind": "increase", "target": target, "value": value, "starts": "later"}


def test_a_unit_with_lethal_damage_dies_at_the_cleanup_before_the_trigger_resolves():
    """R. 383.3, 319.5, 323.4: the damage kills at the cleanup after the spell; the +2 it triggered comes too late."""
    spell = {"do": "cast", "player": "p1", "label": "Pacte", "steps": [
        {"do": "damage", "object": "vi", "amount": 3}, {"do": "gain_xp", "player": "p1", "amount": 1}]}
    data = board([unit("vi", 3, zone="base"), unit("veilleuse", 1, zone="base")], [spell],
                 effects=[_xp_trigger(), _later_buff()])
    o = play(data).main
    assert o.objects["vi"]["zone"] == "discard"
    order = [e["type"] for e in o.events if e["type"] in ("triggered", "died", "trigger_resolved")]
    assert order == ["triggered", "died", "trigger_resolved"]


def test_an_opponent_can_answer_a_triggered_ability():
    """R. 337.4, 338: the trigger is a chain item; a Reaction answers it and resolves first."""
    gain = {"do": "gain_xp", "player": "p1", "amount": 1}
    bolt = {"do": "cast", "player": "p2", "label": "Éclair", "speed": "reaction",
            "steps": [{"do": "damage", "object": "vi", "amount": 3}]}
    data = board([unit("vi", 3, zone="base"), unit("veilleuse", 1, zone="base")], [gain, bolt],
                 effects=[_xp_trigger(), _later_buff()])
    o = play(data).main
    assert o.objects["vi"]["zone"] == "discard"
    resolved = [e.get("label") for e in o.events if e["type"] == "chain_resolved"]
    assert resolved == ["Éclair", "soutien"]


def test_two_triggers_of_one_player_are_ordered_by_that_player():
    """R. 383.3.d: the controller chooses the order — both orders are explored."""
    effects = [_xp_trigger("a", then="plus-1"), _xp_trigger("b", then="fois"),
               _later_buff("plus-1", value=1),
               {"id": "fois", "label": "fixée à 4", "kind": "set_power", "target": "vi", "value": 4,
                "starts": "later"}]
    data = board([unit("vi", 2, zone="base"), unit("veilleuse", 1, zone="base")],
                 [{"do": "gain_xp", "player": "p1", "amount": 1}], effects=effects)
    res = play(data)
    assert len(res.outcomes) == 2
    firsts = {o.choice_log[0]["options"][o.choice_log[0]["picked"]] for o in res.outcomes}
    assert firsts == {"a", "b"}


def test_the_turn_players_triggers_go_on_the_chain_first_and_resolve_last():
    """R. 383.3.d.1: turn player first, then in turn order; the newest item resolves first (R. 340.1)."""
    effects = [
        {"id": "mort-a", "label": "mort-a", "kind": "triggered", "when": "died", "subject": "any",
         "source": "veilleuse", "gain_xp": 1},
        {"id": "mort-b", "label": "mort-b", "kind": "triggered", "when": "died", "subject": "any",
         "source": "guetteur", "gain_xp": 1},
    ]
    data = board([unit("vi", 1, zone="base"), unit("veilleuse", 1, zone="base"),
                  unit("guetteur", 1, zone="base", controller="p2")],
                 [{"do": "kill", "objects": ["vi"]}], effects=effects)
    o = play(data).main
    added = [e["effect"] for e in o.events if e["type"] == "chain_added"]
    resolved = [e["effect"] for e in o.events if e["type"] == "trigger_resolved"]
    assert added == ["mort-a", "mort-b"] and resolved == ["mort-b", "mort-a"]
