"""« Et si ? » switches."""

from __future__ import annotations

import pytest
import yaml

from engine import ScenarioError, load_scenario, run
from engine.variants import apply_changes, available_changes
from worked_examples.paths import SCENARIOS_DIR

FOLDER = SCENARIOS_DIR


def data_of(slug):
    return yaml.safe_load((FOLDER / f"{slug}.yaml").read_text(encoding="utf-8"))


def test_switches_listed():
    keys = {c.name: c for c in available_changes(data_of("fiora-retrait-du-buff"))}
    assert {"effect:buff", "effect:fiora-texte", "defending:fiora", "xp:p1", "power:fiora"} <= set(keys)
    assert keys["xp:p1"].min == 0 and keys["xp:p1"].max == 20 and keys["xp:p1"].type == "int"
    assert keys["power:fiora"].default == 4 and keys["defending:fiora"].default is True


def test_switching_off_buff_gives_4():
    data = data_of("fiora-reexamen-des-competences")
    new = apply_changes(data, {"effect:buff": False})
    assert "expect" not in new and "expect" in data
    res = run(load_scenario(new))
    assert res.main.objects["fiora"]["power"] == 4


def test_not_defending_and_power_change():
    new = apply_changes(data_of("fiora-reexamen-des-competences"), {"defending:fiora": False, "power:fiora": 5})
    res = run(load_scenario(new))
    assert res.main.objects["fiora"]["power"] == 6  # 5 + buff, no Shield without defending


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_switch_keeps_every_scenario_valid(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for c in available_changes(data):
        value = (not c.default) if c.type == "bool" else c.max
        run(load_scenario(apply_changes(data, {c.name: value})), trace=False)


def test_bad_switches_refused():
    data = data_of("au-moins-5")
    with pytest.raises(ScenarioError, match="interrupteur inconnu"):
        apply_changes(data, {"effect:nope": False})
    with pytest.raises(ScenarioError, match="entre 0 et 20"):
        apply_changes(data, {"xp:p1": 21})
    with pytest.raises(ScenarioError, match="vrai ou faux"):
        apply_changes(data, {"effect:plus-2": 0})
