"""Issue 32, item 2: the live state is typed per rules area, each area writes only its own part, and the
simulator holds no game state of its own."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from engine import load_scenario
from engine.live_state import World
from engine.sim import Sim

from .factories import scenario, unit

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# the part of ``World`` -> the one module that may change it
OWNERS = {
    "chain": "chain.py",
    "triggers": "triggers.py",
    "showdown": "showdown.py",
    "combat": "combat.py",
    "turn": "turn.py",
    "scoring": "scoring.py",
    "costs": "costs.py",
    "replacements": "replacement.py",
    "layers": "effects.py",
}
MUTATORS = {"append", "add", "clear", "discard", "pop", "extend", "remove", "update", "insert", "setdefault"}


def _area(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """The area part an expression denotes: ``self.world.chain``, ``w.chain`` or a name bound to one."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute) and node.attr in OWNERS:
        base = node.value
        if (isinstance(base, ast.Attribute) and base.attr == "world") or (
            isinstance(base, ast.Name) and base.id in ("w", "world")
        ):
            return node.attr
    return None


def _written_area(target: ast.AST, aliases: dict[str, str]) -> str | None:
    """The area whose field a write target changes (``x.chain.items[0] = …``, ``chain.passes += 1``)."""
    node = target
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        area = _area(node.value, aliases)
        if area:
            return area
        node = node.value
    return None


def _writes(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            continue
        aliases: dict[str, str] = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    area = _area(node.value, aliases) or _written_area(node.value, aliases)
                    if isinstance(t, ast.Name) and area:
                        aliases[t.id] = area
        for node in ast.walk(fn):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                targets = [node.func]
            for t in targets:
                for elt in t.elts if isinstance(t, ast.Tuple) else [t]:
                    area = _written_area(elt, aliases)
                    if area:
                        found.append((node.lineno, area))
    return found


def test_each_part_of_the_live_state_is_written_only_by_its_rules_area():
    trespass = [
        f"{path.name}:{line} writes world.{area}"
        for path in sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")])
        for line, area in _writes(path)
        if OWNERS[area] != path.name
    ]
    assert trespass == []


def test_the_check_sees_a_write_from_another_area():
    """The check above can fail: a write through an alias or a subscript, from the wrong module, is found."""
    source = (
        "def f(self):\n    w = self.world\n    chain = w.chain\n    chain.priority = 'a'\n"
        "    self.world.combat.log[0] = 1\n    w.scoring.scored['a'].add('b')\n"
        "    sd = self.world.showdown.current\n    sd['focus'] = 'b'\n"
    )
    probe = ENGINE.parent / "tests" / "engine" / "_probe_area_write.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert sorted(area for _, area in _writes(probe)) == ["chain", "combat", "scoring", "showdown"]
    finally:
        probe.unlink()


def test_the_world_is_typed_per_rules_area():
    fields = {f.name: f.type for f in dataclasses.fields(World)}
    for area in OWNERS:
        assert area in fields, area
        assert fields[area].endswith(("State", "Area")), (area, fields[area])


def test_the_simulator_holds_no_game_state_of_its_own():
    """After each shipped scenario (chains, combats, showdowns, scores, costs), ``Sim`` keeps only its scenario,
    its tracer, the world and the run's record."""
    from engine.__main__ import DEFAULT_CARDS, read_cards
    from worked_examples.paths import SCENARIOS_DIR

    cards = read_cards(DEFAULT_CARDS)
    kept = set()
    for path in sorted(SCENARIOS_DIR.glob("*.yaml")):
        sim = Sim(load_scenario(path.read_text(encoding="utf-8"), cards=cards), tracing=False)
        sim.run()
        kept |= set(vars(sim))
    assert kept == {"sc", "tr", "world", "record"}
    sim = Sim(load_scenario(scenario(objects=[unit()])))
    assert set(vars(sim)) == {"sc", "tr", "world", "record"}


def test_zones_and_locations_change_only_through_movement():
    """Zones and movement (R. 105–108, 144, 447): an object's ``zone`` and ``at`` are set by ``movement.py`` (``place``,
    attaching), the scenario loader aside; every other area asks it."""
    writers = set()
    for path in sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for t in targets:
                for elt in t.elts if isinstance(t, ast.Tuple) else [t]:
                    if (isinstance(elt, ast.Attribute) and elt.attr in ("zone", "at")
                            and not (isinstance(elt.value, ast.Attribute) and elt.value.attr == "combat")):
                        writers.add(path.name)
    assert writers == {"movement.py", "scenario.py"}


PILES = ("hand", "deck", "trash")  # a player's cards kept as counts (R. 105–108)


def _pile_writes(path: Path) -> list[tuple[int, str]]:
    """Each write to a player's ``hand``, ``deck`` or ``trash`` count: an assignment (tuples too), an augmented one,
    or ``setattr(p, "hand", …)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in PILES):
            found.append((node.lineno, node.args[1].value))
        for t in targets:
            for elt in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(elt, ast.Attribute) and elt.attr in PILES:
                    found.append((node.lineno, elt.attr))
    return found


def test_hand_deck_and_trash_counts_change_only_through_movement():
    """The cards in hand, in the Main Deck and in the trash (R. 105–108) that are counts, not objects, are changed by
    ``movement.py`` alone (``take_from_hand``, ``put_in_trash``, ``draw_one``, ``recycle_from_trash``,
    ``shuffle_trash_into_deck``); paying a discard, drawing, Burn Out and playing a card ask it."""
    trespass = [
        f"{path.name}:{line} writes .{pile}"
        for path in sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")])
        if path.name != "movement.py"
        for line, pile in _pile_writes(path)
    ]
    assert trespass == []
    assert {pile for _, pile in _pile_writes(ENGINE / "movement.py")} == set(PILES)


def test_the_check_sees_a_pile_written_from_another_module():
    """The check above can fail: a count changed in place, through an index, in a tuple or by ``setattr`` is found."""
    source = (
        "def f(self, p):\n    p.hand -= 1\n    self.world.players['a'].trash += 2\n"
        "    p.deck, p.trash = 3, 0\n    setattr(p, 'hand', 0)\n    p.handed = 1\n"
    )
    probe = ENGINE.parent / "tests" / "engine" / "_probe_pile_write.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert sorted(pile for _, pile in _pile_writes(probe)) == ["deck", "hand", "hand", "trash", "trash"]
    finally:
        probe.unlink()
