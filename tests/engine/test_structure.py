"""The engine's shape (issue 21): one module per rules area, small modules and classes, the vocabulary
as the code, and each public function of a rules area naming its rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")])
MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 400
RULE_AREAS = ("turn", "chain", "showdown", "combat", "scoring", "movement", "replacement", "triggers", "cleanup",
              "costs", "hidden", "effects", "choices")
# « R. 468.5 », one of the engine's interpretation choices (« choix 18 du README », engine/README.md) or a
# principle of RULES.md (« M6 »)
CITES_A_RULE = re.compile(r"\bR\. ?\d|\b[Cc]hoix \d+ du README|\bM\d+\b")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_over_700_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_class_over_400_lines(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    too_long = [
        (n.name, n.end_lineno - n.lineno + 1)
        for n in ast.walk(tree)
        if isinstance(n, ast.ClassDef) and n.end_lineno - n.lineno + 1 > MAX_CLASS_LINES
    ]
    assert too_long == []


def test_each_rules_area_has_its_module_and_the_simulator_holds_its_object():
    from engine import load_scenario
    from engine.sim import Sim

    from .factories import scenario, unit

    sim = Sim(load_scenario(scenario(objects=[unit()])))
    for area in RULE_AREAS:
        assert (ENGINE / f"{area}.py").exists(), area
        assert type(getattr(sim, area)).__module__ == f"engine.{area}", area


@pytest.mark.parametrize("area", RULE_AREAS)
def test_public_functions_of_a_rules_area_name_their_rule(area):
    tree = ast.parse((ENGINE / f"{area}.py").read_text(encoding="utf-8"))
    silent = [
        n.name
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef)
        and (not n.name.startswith("_") or n.name.startswith("_do_"))
        and not CITES_A_RULE.search(ast.get_docstring(n) or "")
    ]
    assert silent == []


def test_every_action_has_its_handler():
    from engine.kinds import ACTIONS

    def handled(name: str) -> bool:
        return any(hasattr(cls, name) for cls in _area_classes())

    assert [a for a, e in ACTIONS.items() if e.run is None and not handled(f"_do_{a}")] == []


def _area_classes() -> list[type]:
    """The class of each rules area object the simulator holds (``sim.chain`` is a ``chain.Chain``…)."""
    import importlib

    from engine.area import AREAS

    return [getattr(importlib.import_module(f"engine.{a}"), a.capitalize()) for a in AREAS]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_events_and_steps_are_emitted_as_vocabulary_members(path):
    """A raw string where an Event or a StepKind member belongs would escape the check of the vocabulary."""
    text = path.read_text(encoding="utf-8")
    raw = re.findall(r'\b(?:emit|tr\.step|tracer\.step)\(\s*"[a-z_]+"', text)
    assert raw == []


def test_an_unknown_event_or_step_kind_is_an_error():
    from engine import load_scenario
    from engine.sim import Sim

    from .factories import scenario, unit

    sim = Sim(load_scenario(scenario(objects=[unit()])))
    with pytest.raises(KeyError):
        sim.board.emit("dide", object="u")
    with pytest.raises(KeyError):
        sim.tr.step("chian")


def test_every_event_and_action_has_its_french_narration():
    """Each entry of the vocabulary is told in French (no « Événement : x » fallback)."""
    from engine.kinds import ACTIONS, Event
    from engine.narration import describe

    untold = [e.value for e in Event
              if describe({"kind": "event", "reason": {"code": e.value}}).startswith("Événement")]
    assert untold == []
    for name in ACTIONS:
        text = describe({"kind": "action", "action": 0, "reason": {"code": "action", "do": name}})
        assert text != f"Action 1 : {name}.", name


def test_every_action_is_one_entry_with_parameters_handler_and_narration():
    """Issue 21, item 4: an action kind is one ``Action`` (label, parameters, handler, narration)."""
    import dataclasses

    from engine.actions import Action
    from engine.kinds import ACTIONS
    from engine.narration import describe

    for name, action in ACTIONS.items():
        assert isinstance(action, Action) and action.name == name
        assert callable(action.run) or any(callable(getattr(c, action.handler, None))
                                           for c in _area_classes())
        text = describe({"kind": "action", "action": 0, "reason": {"code": "action", "do": name}})
        assert text.startswith("Action 1 : ") and text != f"Action 1 : {name}.", name  # no raw-name fallback
    with pytest.raises(dataclasses.FrozenInstanceError):
        ACTIONS["buff"].label = "x"
    label, params = ACTIONS["buff"]  # the (label, params) pair the sandbox reads still unpacks
    assert (label, params) == (ACTIONS["buff"].label, ACTIONS["buff"].params)


def test_an_unknown_reason_code_is_an_error():
    from engine import load_scenario
    from engine.kinds import Reason, StepKind
    from engine.sim import Sim

    from .factories import scenario, unit

    sim = Sim(load_scenario(scenario(objects=[unit()])))
    with pytest.raises(KeyError):
        sim.tr.step(StepKind.SETUP, reason={"code": "setpu"})
    sim.tr.step(StepKind.SETUP, reason={"code": Reason.SETUP})
    assert sim.tr.steps[-1].reason["code"] == "setup"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_reasons_and_keywords_are_written_as_vocabulary_members(path):
    """A step's reason code is a ``Reason`` member, a keyword a ``Keyword`` member and an action matched by its
    ``Do`` member, not a bare string."""
    if path.name == "vocab.py":
        pytest.skip("the vocabulary itself")
    text = path.read_text(encoding="utf-8")
    assert re.findall(r'"code": "[a-z_]+"|\bcode="[a-z_]+"', text) == []
    assert re.findall(r'"do"\)?\]?\s*[!=]=\s*"|\bdo\s*[!=]=\s*"|\bdo in \("', text) == []  # Do.X, not "x"
    from engine.kinds import Keyword

    text = re.sub(r"__all__ = \[[^\]]*\]", "", text)  # identifiers exported, such as the class ``Action``
    assert [k for k in Keyword if f'"{k.value}"' in text] == []


# The reading side: the modules that turn a stored trace into French.  They read plain JSON, whose strings equal
# the vocabulary's members (``StrEnum``), and match them by member all the same.
READING_SIDE = ("narration.py", "event_sentences.py", "step_words.py")
# Names of the engine that are not a vocabulary's member but share a spelling with one: an effect's conditions
# (``effect_kinds.CONDITIONS``: « defending », « mighty »…) and an event's modifier « exhausted »
# (``replacement.MOD_APPLIES``).
NOT_MEMBERS = {"defending", "attacking", "mighty", "has_keyword", "max_power", "level", "legion", "attached",
               "empowered", "showed_off", "exhausted"}


def bare_vocabulary(source: str) -> list[tuple[int, str]]:
    """The string literals of ``source`` that spell a member of the vocabulary (events, zones, step kinds, reasons,
    « pourquoi ? », queries, keywords, speeds, layers) where the code matches a value: compared, or a table's key."""
    from engine.vocab import Ask, Event, Keyword, Layer, Reason, Speed, StepKind, Why, Zone

    enums = (Ask, Event, Keyword, Layer, Reason, Speed, StepKind, Why, Zone)
    words = {m.value for enum in enums for m in enum} - NOT_MEMBERS
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            seen = [node.left, *node.comparators]
            seen += [e for c in node.comparators if isinstance(c, ast.Tuple | ast.List | ast.Set) for e in c.elts]
        elif isinstance(node, ast.Dict):
            seen = [k for k in node.keys if k is not None]
        else:
            continue
        found += [(c.lineno, c.value) for c in seen
                  if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in words]
    return sorted(found)


def test_bare_vocabulary_finds_a_string_where_a_member_belongs():
    sample = 'if code == "focus":\n    x = {"awaken": 1, Reason.DRAW: 2}\nif z in (None, "base"):\n    pass\n'
    assert bare_vocabulary(sample) == [(1, "focus"), (2, "awaken"), (3, "base")]
    assert bare_vocabulary('if c == "mighty" or r.get("speed") == Speed.TRIGGER:\n    pass\n') == []


@pytest.mark.parametrize("name", READING_SIDE)
def test_the_narration_matches_vocabulary_members_not_strings(name):
    assert bare_vocabulary((ENGINE / name).read_text(encoding="utf-8")) == []


def test_every_rule_reference_points_somewhere():
    """A comment cites an official rule (« R. 818.1.c ») or one of the engine's interpretation choices (« choix 18
    du README »); a bare « Rule 22 » left from an older numbering pointed nowhere."""
    stale = [f"{path.relative_to(ENGINE.parent)}:{n}" for path in sorted(ENGINE.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bRules? \d", line)]
    assert stale == []
    readme = (ENGINE / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^(\d+)\. ", readme.split("## Choix d'interprétation", 1)[1], re.M))
    cited = {number for path in ENGINE.rglob("*.py")
             for number in re.findall(r"[Cc]hoix (\d+) du README", path.read_text(encoding="utf-8"))}
    assert cited and cited <= listed, sorted(cited - listed)
