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


# ---------------------------------------------------------------- the switches of the new keywords (issue 32)


def cards_in(data: dict) -> set[str]:
    return {o["id"] for o in data.get("objects") or [] if "card" in o}


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_switch_changes_a_real_cards_printed_values(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    printed = [c.name for c in available_changes(data) if c.name.split(":")[0] in ("power", "number")]
    assert not [name for name in printed if name.split(":")[1] in cards_in(data)]


def test_a_keyword_number_can_be_lowered_or_removed():
    """Braum's Protection 1 (R. 809.1.c): targeting him costs one more essence. At 0 he has no Protection, so the
    Éclair costs only its 1 Energy and its Fury essence, and the Calm essence stays in the pool."""
    data = data_of("protection-cout-supplementaire")
    keys = {c.name: c for c in available_changes(data)}
    assert keys["number:braum:Protection"].default == 1 and keys["number:braum:Protection"].type == "int"
    new = apply_changes(data, {"number:braum:Protection": 0})
    assert [o["keywords"] for o in new["objects"]] == [[]]
    res = run(load_scenario(new))
    assert res.main.players["p1"]["essence"] == {"Calme": 1}
    # More Protection would cost more than A's pool holds: the switch only lowers it.
    with pytest.raises(ScenarioError, match="entre 0 et 1"):
        apply_changes(data, {"number:braum:Protection": 2})


def test_not_paying_equip_leaves_the_gear_behind():
    """R. 818: Equip attaches only when its cost is paid. Unpaid, the Serrated Dirk stays unattached in the base and
    the Fury essence stays in the pool; the Sentinel conquers alone."""
    data = data_of("equiper-serrated-dirk")
    assert "action:0" in {c.name for c in available_changes(data)}
    res = run(load_scenario(apply_changes(data, {"action:0": False}), cards=None))
    assert res.main.objects["dague"]["attached_to"] is None and res.main.objects["dague"]["zone"] == "base"
    assert res.main.objects["sentinelle"]["zone"] == "battlefield"
    assert res.main.players["p1"]["essence"] == {"Fureur": 1}


def test_not_showing_off_means_the_linked_text_does_nothing():
    """R. 832.1.c.1: The Empyrean's « if you showed off » text needs a card shown off. Without it, no Predict and no
    draw: the deck keeps its 10 cards and the hand keeps only Riptide Rex (the 2 cards minus The Empyrean played)."""
    data = data_of("show-off-the-empyrean")
    res = run(load_scenario(apply_changes(data, {"show_off:0": False})))
    assert res.main.players["p1"]["deck"] == 10 and res.main.players["p1"]["hand"] == 1
    assert not any(e["type"] == "predicted" for e in res.main.events)


def test_a_switch_whose_other_choice_is_illegal_is_not_offered():
    """Armed Assailant cannot also pay Accelerate ([1][R] more: her Rune Pool holds exactly its cost, R. 805), so
    « Et si… ? » does not offer it; Jeweled Colossus's Vision may keep the seen card instead of recycling it."""
    assailant = {c.name for c in available_changes(data_of("expert-en-armes-armed-assailant"))}
    assert "option:0:accelerate" not in assailant
    colossus = {c.name: c for c in available_changes(data_of("vision-jeweled-colossus"))}
    assert colossus["option:0:recycle"].default is True


def test_one_more_card_in_the_deck_and_burn_3_does_not_burn_out():
    """R. 432.1.b: Burn Out happens only when more cards must be burned than the deck holds. With 3 cards, Death
    Mark's Burn 3 empties the deck without burning out: B gains no point, and the trash holds its 4 cards, the 3
    burned and Death Mark itself (R. 441.4)."""
    data = data_of("bruler-death-mark")
    assert {c.name: c.default for c in available_changes(data)}["deck:p1"] == 2
    res = run(load_scenario(apply_changes(data, {"deck:p1": 3})))
    assert res.main.players["p2"]["points"] == 0
    assert res.main.players["p1"]["deck"] == 0 and res.main.players["p1"]["trash"] == 8


def test_each_repeat_cost_of_curtain_call_is_a_switch():
    """R. 820.1.c.2, 820.3: Curtain Call's Repeat costs are paid one by one. Unpaying the second leaves two executions
    (draw, then 2 to the Scout): the Guard at the base is untouched and the [A] stays in the pool; the third cost,
    [1][A], is not offered — the pool cannot pay it (R. 358.2)."""
    data = data_of("repetition-curtain-call")
    names = {c.name for c in available_changes(data)}
    assert {"repeat_cost:0:0", "repeat_cost:0:1"} <= names and "repeat_cost:0:2" not in names
    main = run(load_scenario(apply_changes(data, {"repeat_cost:0:1": False}))).main
    assert main.objects["eclaireur"]["zone"] == "discard" and main.objects["garde"]["zone"] == "base"
    assert main.players["p1"]["energy"] == 0 and main.players["p1"]["essence"] == {"Esprit": 1}


def test_a_spell_that_shows_nothing_off_deals_no_damage():
    """R. 832.1.c.1: Primordial Roar's damage needs a unit shown off; without it, Harpoon Squad lives."""
    data = data_of("show-off-primordial-roar")
    main = run(load_scenario(apply_changes(data, {"show_off:0": False}))).main
    assert main.objects["harpon"]["zone"] == "base" and main.objects["harpon"].get("damage", 0) == 0
