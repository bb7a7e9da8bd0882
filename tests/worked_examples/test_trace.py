"""The typed view of the engine's result (issue 9, item 4): built once, defaults decided in its constructors."""

import dataclasses
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from engine.kinds import STEP_KIND_LABELS, WHY_LABELS, WHY_RULES
from engine.snapshots import BoardState, GameState, ObjectState
from engine.stored import Branch, Step, WhyNote
from engine.stored import StoredResult as Result
from worked_examples import computing, player, steps, summary
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = SCENARIOS_DIR


def result_of(slug: str) -> dict:
    return computing.compute((SCENARIOS / f"{slug}.yaml").read_text(encoding="utf-8"))


def test_the_view_reads_what_the_json_says():
    raw = result_of("combat-tank-et-arriere-ligne")
    result = Result.from_dict(raw)
    assert result.version == raw["version"] and result.branches == (result.main,)
    branch = result.main
    assert len(branch.trace) == len(raw["trace"])
    for step, raw_step in zip(branch.trace, raw["trace"], strict=True):
        assert (step.index, step.kind, step.kind_label, step.text) == (
            raw_step["index"], raw_step["kind"], raw_step["kind_label"], raw_step["text"])
        assert step.reason.code == raw_step["reason"]["code"]
        assert set(step.state.objects) == set(raw_step["state"]["objects"])
        for oid, obj in step.state.objects.items():
            assert obj.power == raw_step["state"]["objects"][oid]["power"]
            assert obj.keywords == tuple(raw_step["state"]["objects"][oid]["keywords"])
    assert branch.board.victory_score == raw["board"]["victory_score"]
    assert [c.result for c in branch.combats] == [c["result"] for c in raw["combats"]]
    assert [(c.might_attacker, c.might_defender) for c in branch.combats] == [
        (c["might"]["attacker"], c["might"]["defender"]) for c in raw["combats"]]


def test_open_choices_give_one_branch_per_outcome():
    raw = result_of("ange-gardien-et-retraite")
    result = Result.from_dict(raw)
    assert len(result.branches) == len(raw["outcomes"]) == 2
    assert [b.label for b in result.branches] == [o["label"] for o in raw["outcomes"]]


def test_missing_keys_get_their_defaults_in_the_constructors():
    step = Step.from_dict({"kind": "apply"})
    assert step.index == 0 and step.pass_ == 0 and step.text == ""
    assert step.kind_label == STEP_KIND_LABELS["apply"]
    assert Step.from_dict({}).kind_label == "Étape"
    assert step.reason.code is None and step.reason.objects == () and step.reason.why is None
    assert step.state == GameState(board=BoardState())
    assert step.state.board.showdown is None and step.state.board.focus is None
    obj = ObjectState.from_dict("fiora", {"power": 4})
    assert obj.name == "fiora" and obj.type is None and obj.kind == "unit"
    assert (obj.damage, obj.keywords, obj.mighty, obj.zone, obj.at) == (0, (), False, None, None)
    branch = Branch.from_dict({"objects": None, "trace": None})
    assert branch.trace == () and branch.objects == {} and branch.winner is None


def test_a_why_is_a_code_or_a_dict():
    code = WhyNote.from_raw("tank_first")
    assert code == WhyNote(code="tank_first", label=WHY_LABELS["tank_first"], rule=WHY_RULES["tank_first"])
    written = WhyNote.from_raw({"code": "final_refused", "rule": "R. 471", "missing": ["pont"]})
    assert written.label == WHY_LABELS["final_refused"] and written.missing == ("pont",)
    assert WhyNote.from_raw(None) is None and WhyNote.from_raw("") is None and WhyNote.from_raw({}) is None


def test_the_view_is_read_only():
    step = Result.from_dict(result_of("au-moins-5")).main.trace[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.text = "autre"  # type: ignore[misc]


def strip_version_2(value):
    """A result as an engine of shape version 1 stored it: no board, combats, scores nor French step labels."""
    if isinstance(value, dict):
        dropped = {"board", "combats", "scores", "winner", "kind_label", "at", "damage", "stunned", "attacking",
                   "type", "points", "deck", "version"}
        return {k: strip_version_2(v) for k, v in value.items() if k not in dropped}
    if isinstance(value, list):
        return [strip_version_2(item) for item in value]
    return value


@pytest.mark.parametrize("slug", ["au-moins-5", "fiora-reexamen-des-competences"])
def test_an_older_result_still_renders(slug, db):
    text = (SCENARIOS / f"{slug}.yaml").read_text(encoding="utf-8")
    old = strip_version_2(computing.compute(text))
    request = RequestFactory().get("/")
    for query in ({}, {"etape": "fin"}, {"detail": "1", "etape": "2"}):
        context, status = player.player_context(result=old, data=computing.parse_scenario(text), scenario_hash="x",
                                                query=query, base_url="/x/", player_id="p", title="t")
        html = render_to_string("examples/_player.html", context, request)
        assert status == 200 and "data-player" in html
        assert context["view"].kind_label in STEP_KIND_LABELS.values()  # French, from kinds, not « apply »


def test_the_player_reads_the_trace_only_through_the_typed_view():
    # The player's modules: the page's context, one step, the end of an example, running the engine.
    modules = (player, steps, summary, computing)
    source = "".join(Path(module.__file__).read_text(encoding="utf-8") for module in modules)
    trace_keys = ("trace", "state", "reason", "board", "objects", "players", "effects", "kind", "why", "outcomes")
    reads = re.findall(r'(\w+)\.get\("(' + "|".join(trace_keys) + r')"', source)
    # Only the scenario (``data``, ``o``/``obj``/``new`` items of it) and the raw ``branches()`` for outside callers.
    assert {holder for holder, _ in reads} <= {"data", "new", "o", "obj", "result"}, reads
    assert source.count('result.get("outcomes")') == 1
