"""Public API, JSON shape, narration and command line."""

from __future__ import annotations

import json

from engine import ScenarioError, load_scenario, run
from engine.__main__ import main
from engine.kinds import KINDS
from engine.narration import describe
from tests.engine.factories import effect, play, scenario, unit
from worked_examples.paths import SCENARIOS_DIR

FOLDER = SCENARIOS_DIR
STEP_KEYS = {
    "index",
    "kind",
    "action",
    "object",
    "layer",
    "pass",
    "effect",
    "reason",
    "candidates",
    "before",
    "after",
    "state",
    "text",
}


def test_result_dict_shape():
    d = play(
        scenario(
            effects=[effect("p", "increase", value=2)],
            actions=[{"do": "query", "ask": "power", "object": "u"}],
        )
    ).to_dict()
    for key in ("objects", "players", "events", "queries", "trace", "expectations", "ok", "order_decisions"):
        assert key in d
    assert "outcomes" not in d
    assert {"power", "keywords", "mighty", "zone"} <= set(d["objects"]["u"])
    assert d["players"]["p1"]["xp"] == 0
    assert d["queries"][0]["value"] == 5
    step = d["trace"][-1]
    assert STEP_KEYS <= set(step)
    assert d["version"] == 4
    assert set(step["state"]) == {"objects", "players", "effects", "board"}
    assert step["kind_label"] == "Résultat"
    assert set(step["state"]["players"]["p1"]) == {"name", "xp", "points", "hand", "deck"}
    assert set(step["state"]["board"]) == {"battlefields", "chain", "resolving", "showdown", "priority",
                                             "turn_player", "turn"}
    assert set(step["state"]["objects"]["u"]) == {
        "name",
        "printed_power",
        "power",
        "keywords",
        "mighty",
        "zone",
        "exhausted",
        "controller",
        "defending",
        "at",
        "damage",
        "stunned",
        "attacking",
        "type",
        "attached_to",
        "lethal",
    }
    assert set(step["state"]["effects"]["p"]) == {"label", "active", "since", "applied"}
    json.dumps(d)


def test_state_is_a_snapshot_of_each_step():
    d = play(scenario(objects=[unit(power=1)], effects=[effect("p", "increase", value=2)])).to_dict()
    applies = [s for s in d["trace"] if s["kind"] == "apply"]
    layer = [s for s in d["trace"] if s["kind"] == "layer"][0]
    assert layer["state"]["objects"]["u"]["power"] == 1
    assert layer["state"]["effects"]["p"]["applied"] is False
    assert applies[0]["state"]["objects"]["u"]["power"] == 3
    assert applies[0]["state"]["effects"]["p"]["applied"] is True
    assert (applies[0]["before"]["power"], applies[0]["after"]["power"]) == (1, 3)


def test_outcomes_carry_label_choice_and_trace():
    d = run(load_scenario((FOLDER / "ange-gardien-et-retraite.yaml").read_text(encoding="utf-8"))).to_dict()
    assert len(d["outcomes"]) == 2
    for o in d["outcomes"]:
        assert {"label", "choice", "objects", "players", "events", "queries", "trace"} <= set(o)
        assert o["label"].endswith("d'abord")
    assert {o["label"] for o in d["outcomes"]} == {"Ange gardien d'abord", "Tactical Retreat d'abord"}


def test_narration_is_french_and_short():
    d = run(load_scenario((FOLDER / "au-moins-5.yaml").read_text(encoding="utf-8"))).to_dict()
    first = [s for s in d["trace"] if s["kind"] == "apply"][0]
    assert first["text"].startswith("« +2 » s'applique d'abord")
    assert "dépend de lui" in first["text"]
    assert all(len(s["text"]) < 400 for s in d["trace"])
    assert describe({"kind": "inconnu"}) == "inconnu"


def test_registry_entries_are_complete():
    for kind in KINDS.values():
        assert kind.label and kind.category in {"continuous", "replacement", "triggered", "activated", "cost"}
        if kind.category == "continuous":
            assert kind.layer and kind.apply is not None and kind.characteristic


def test_cli_exit_codes(tmp_path, capsys):
    assert main(["run", str(FOLDER / "au-moins-5.yaml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["objects"]["unite-a"]["power"] == 6 and "trace" not in out
    assert main(["run", str(FOLDER / "au-moins-5.yaml"), "--json", "--trace"]) == 0
    assert json.loads(capsys.readouterr().out)["trace"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [", encoding="utf-8")
    assert main(["run", str(bad)]) == 2
    failing = tmp_path / "failing.yaml"
    text = (FOLDER / "au-moins-5.yaml").read_text(encoding="utf-8").replace("queries: [6]", "queries: [7]")
    failing.write_text(text, encoding="utf-8")
    assert main(["run", str(failing)]) == 1
    capsys.readouterr()
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.strip().splitlines()[-1] == "0 passed, 2 failed"


def test_cli_check_default_folder(capsys):
    assert main(["check"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    n = len(list(FOLDER.glob("*.yaml")))
    assert last == f"{n} passed, 0 failed"


def test_vocabulary_is_json_ready_for_the_sandbox_form():
    from engine.kinds import vocabulary

    v = json.loads(json.dumps(vocabulary()))
    inc = next(k for k in v["kinds"] if k["name"] == "increase")
    assert (inc["layer"], inc["step"], inc["params"][0]["min"]) == ("numeric", "increase", 0)
    assert {a["name"] for a in v["actions"]} >= {"kill", "swap", "double", "resolve", "query"}


def test_a_started_effect_may_be_written_alone_and_is_read_as_a_list():
    """« effect: p » and « effects: [p] » start the same effect (the shipped scenarios write the first); the engine
    and every reader see only the list, and a start with nothing to start is refused in French."""
    effects = [effect("p", "increase", value=2, since=None), effect("q", "increase", value=1, since=None)]
    alone = load_scenario(scenario(effects=effects, actions=[{"do": "start", "effect": "p"}]))
    listed = load_scenario(scenario(effects=effects, actions=[{"do": "start", "effects": ["p"]}]))
    assert alone.actions == listed.actions
    assert list(alone.actions[0]["effects"]) == ["p"] and "effect" not in alone.actions[0]
    both = load_scenario(scenario(effects=effects, actions=[{"do": "start", "effect": "p", "effects": ["q"]}]))
    assert list(both.actions[0]["effects"]) == ["p", "q"]
    assert run(both).to_dict()["objects"]["u"]["power"] == run(load_scenario(scenario(effects=[
        effect("p", "increase", value=2), effect("q", "increase", value=1)]))).to_dict()["objects"]["u"]["power"]
    for written in ({"do": "start"}, {"do": "start", "effects": []}):
        try:
            load_scenario(scenario(effects=effects, actions=[written]))
        except ScenarioError as error:
            assert error.path[-1] == "effects"
            assert "obligatoire" in error.reason or "au moins un effet" in error.reason
        else:
            raise AssertionError(f"{written} was accepted")
