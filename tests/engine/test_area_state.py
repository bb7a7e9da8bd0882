"""Issue 32, item 2: the live state is typed per rules area; each rules area is an object of its own class
(``sim.chain``, ``sim.combat``…) that writes only its own part and asks the others through explicit calls; and
the simulator holds no game state of its own."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

from engine import load_scenario
from engine.area import AREAS, Area
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
    return [(line, area) for line, area, _ in _located_writes(path)]


def _classes_of(tree: ast.Module) -> dict[int, str]:
    """The name of the top-level class around each node (by the node's ``id``)."""
    return {id(node): cls.name for cls in tree.body if isinstance(cls, ast.ClassDef) for node in ast.walk(cls)}


def _located_writes(path: Path) -> list[tuple[int, str, str | None]]:
    """Each write to a part of the world: its line, the part, and the class whose method makes it (``None`` for a
    module-level function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    owner_class = _classes_of(tree)
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
                        found.append((node.lineno, area, owner_class.get(id(fn))))
    return sorted(set(found))


def test_each_part_of_the_live_state_is_written_only_by_its_rules_area():
    """A part of the world is written by the methods of its area's class alone (``world.chain`` by ``Chain``,
    the object ``sim.chain``), never by another area, a keyword module or a helper function outside the class."""
    trespass = [
        f"{path.name}:{line} writes world.{area} ({cls or 'outside any class'})"
        for path in sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")])
        for line, area, cls in _located_writes(path)
        if OWNERS[area] != path.name or cls != _area_class_name(OWNERS[area])
    ]
    assert trespass == []
    assert {area for path in ENGINE.glob("*.py") for _, area in _writes(path)} == set(OWNERS)  # the check sees them


def _area_class_name(module: str) -> str:
    """The class of the area object a module defines: ``chain.py`` → ``Chain`` (``sim.chain``)."""
    return module.removesuffix(".py").capitalize()


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
    its tracer, the world, the run's record and its area objects; an area object keeps nothing but its simulator."""
    from engine.__main__ import DEFAULT_CARDS, read_cards
    from worked_examples.paths import SCENARIOS_DIR

    cards = read_cards(DEFAULT_CARDS)
    kept = set()
    for path in sorted(SCENARIOS_DIR.glob("*.yaml")):
        sim = Sim(load_scenario(path.read_text(encoding="utf-8"), cards=cards), tracing=False)
        sim.run()
        kept |= set(vars(sim))
        for area in AREAS:
            kept |= {f"{area}.{name}" for name in vars(getattr(sim, area)) if name != "sim"}
    assert kept == {"sc", "tr", "world", "record", *AREAS}
    sim = Sim(load_scenario(scenario(objects=[unit()])))
    assert set(vars(sim)) == {"sc", "tr", "world", "record", *AREAS}
    assert all(vars(getattr(sim, area)) == {"sim": sim} for area in AREAS)


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


def _area_classes() -> dict[str, type]:
    return {area: getattr(importlib.import_module(f"engine.{area}"), area.capitalize()) for area in AREAS}


def test_each_rules_area_is_an_object_of_its_own_class():
    """Each area is reached through its attribute (``sim.combat`` is a ``combat.Combat``); its class is built on
    ``Area`` alone and inherits no other area's methods."""
    sim = Sim(load_scenario(scenario(objects=[unit()])))
    classes = _area_classes()
    for area, cls in classes.items():
        assert type(getattr(sim, area)) is cls, area
        assert cls.__mro__ == (cls, Area, object), area
    methods = {name for cls in classes.values() for name, v in vars(cls).items() if callable(v)}
    assert Sim.__mro__ == (Sim, object)
    assert {name for name, v in vars(Sim).items() if callable(v)} & methods == set()
    assert not any(hasattr(sim, name) for name in methods if not name.startswith("__") and name not in AREAS)


SHARED = {"sim", "world", "tr", "sc", "record"}  # what ``Area`` gives every area
LOOP = {name for name, v in vars(Sim).items() if callable(v)}  # the simulator's own run loop (``sim.run()``)


def _foreign_calls(path: Path, own: set[str]) -> list[tuple[int, str]]:
    """Inside the area class of ``path``, each ``self.x`` that is neither its own method nor shared by ``Area``;
    anywhere in ``path``, each ``sim.x`` that is neither an area, nor shared, nor the run loop: an area asked
    without being named."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef) and path.stem in AREAS and cls.name == _area_class_name(path.name):
            for n in ast.walk(cls):
                if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
                        and n.attr not in own | SHARED):
                    found.append((n.lineno, f"self.{n.attr}"))
    for n in ast.walk(tree):
        if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "sim"
                and n.attr not in SHARED | LOOP | set(AREAS)):
            found.append((n.lineno, f"sim.{n.attr}"))
    return found


def test_an_area_asks_another_through_an_explicit_call():
    """``self.x(…)`` inside an area is one of its own methods; another area's is ``self.sim.<area>.x(…)``; a
    keyword module asks ``sim.<area>.x(…)``."""
    classes = _area_classes()
    implicit = []
    for path in sorted([*ENGINE.glob("*.py"), *ENGINE.glob("keywords/*.py")]):
        cls = classes.get(path.stem)
        own = {name for name, v in vars(cls).items() if callable(v)} if cls is not None else set()
        implicit += [f"{path.name}:{line} {what}" for line, what in _foreign_calls(path, own)]
    assert implicit == []


def test_the_check_sees_an_implicit_call_to_another_area(tmp_path):
    """The two checks above can fail: a call to another area's method through ``self``, a ``sim.x`` that names
    no area, and a write to another area's part from inside an area class are found."""
    source = (
        "class Chain:\n    def f(self):\n        self.emit('x')\n        self.resolve()\n"
        "        self.sim.combat.run_combat()\n        self.world.combat.log = []\n    def resolve(self):\n"
        "        pass\n\ndef g(sim):\n    sim.ctrl('u')\n    sim.board.ctrl('u')\n"
    )
    probe = tmp_path / "chain.py"
    probe.write_text(source, encoding="utf-8")
    assert _foreign_calls(probe, {"f", "resolve"}) == [(3, "self.emit"), (11, "sim.ctrl")]
    assert _located_writes(probe) == [(6, "combat", "Chain")]
