"""Benchmark of the rules engine: one full computation for 10..160 effects on 10 objects; a full
combat (6 units a side, 10 effects); a 10-turn scripted duel; growth exponents in units and effects.

Run from the repository root:  .venv/bin/python bench/engine.py
Prints a small table, the growth exponent (log-log least squares fit) and the slowest source example. Times are
the process's CPU time (best of several runs), so other work on the machine does not inflate them.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import load_scenario, run  # noqa: E402
from engine.__main__ import read_cards  # noqa: E402
from engine.layers import compute  # noqa: E402
from engine.sim import Sim  # noqa: E402
from worked_examples.paths import SCENARIOS_DIR  # noqa: E402

# CPU time of this process, best of several runs: what the engine costs, whatever else the machine runs (the wall
# clock of a shared 2-core machine measured the other processes as much as the engine).
clock = time.process_time
SIZES = (10, 20, 40, 80, 160)
N_OBJECTS = 10

_KINDS = (
    lambda i, t: {"kind": "increase", "value": 1 + i % 3},
    lambda i, t: {"kind": "decrease", "value": 1 + i % 2},
    lambda i, t: {"kind": "increase_up_to", "value": 4 + i % 4},
    lambda i, t: {"kind": "increase_capped", "value": 2, "max": 6 + i % 3},
    lambda i, t: {
        "kind": "grant_keywords",
        "keywords": ["Bouclier 1" if i % 2 else "Gank"],
        "condition": {"mighty": True},
    },
    lambda i, t: {"kind": "set_power", "value": 2 + i % 3},
    lambda i, t: {"kind": "decrease_floored", "value": 3, "min": 1},
    lambda i, t: {"kind": "remove_keywords", "keywords": ["Gank"]},
)


def scenario(n_effects: int) -> dict:
    objects = [
        {
            "id": f"u{j}",
            "name": f"Unité {j}",
            "printed_power": 2 + j % 4,
            "zone": "battlefield",
            "controller": "p1",
            "defending": j % 2 == 0,
        }
        for j in range(N_OBJECTS)
    ]
    effects = []
    for i in range(n_effects):
        target = f"u{i % N_OBJECTS}"
        e = {"id": f"e{i}", "label": f"Effet {i}", "target": target, "since": 1 + (i * 7) % n_effects}
        e.update(_KINDS[(i // N_OBJECTS + i) % len(_KINDS)](i, target))
        effects.append(e)
    return {
        "title": "Banc d'essai",
        "description": "Scénario synthétique pour mesurer le moteur.",
        "topic": "couches",
        "players": [{"id": "p1", "name": "Joueuse A"}],
        "objects": objects,
        "effects": effects,
        "actions": [],
    }


def time_compute(sc, tracing: bool, repeat: int) -> float:
    """Best time of one full layer computation of every object (seconds)."""
    best = math.inf
    for _ in range(repeat):
        sim = Sim(sc, tracing=tracing)
        w = sim.world
        for eff in w.effects.values():
            eff.active = True
        t0 = clock()
        compute(w, sim.tr, [])
        best = min(best, clock() - t0)
    return best


def time_run(sc, repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = clock()
        run(sc, trace=True)
        best = min(best, clock() - t0)
    return best


def fit_exponent(xs, ys) -> float:
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly, strict=True)) / sum((a - mx) ** 2 for a in lx)


def main() -> None:
    print(f"Calcul complet des couches, {N_OBJECTS} objets (temps CPU, meilleur de plusieurs essais)")
    print(f"{'effets':>7} | {'sans trace (ms)':>15} | {'avec trace (ms)':>15}")
    print("-" * 45)
    no_trace, with_trace = [], []
    for n in SIZES:
        sc = load_scenario(scenario(n))
        a = time_compute(sc, False, 15) * 1000
        b = time_compute(sc, True, 15) * 1000
        no_trace.append(a)
        with_trace.append(b)
        print(f"{n:>7} | {a:>15.3f} | {b:>15.3f}")
    print(
        f"exposant de croissance (log-log) : {fit_exponent(SIZES, no_trace):.2f} sans trace, "
        f"{fit_exponent(SIZES, with_trace):.2f} avec trace"
    )
    i40 = SIZES.index(40)
    print(f"40 effets x 10 objets : {with_trace[i40]:.3f} ms avec trace (cible < 20 ms)")
    folder = SCENARIOS_DIR
    worst = (0.0, "")
    worst_run = (0.0, "")
    for path in sorted(folder.glob("*.yaml")):
        sc = load_scenario(path.read_text(encoding="utf-8"), cards=read_cards(None))  # real cards named by number
        t = time_compute(sc, True, 20) * 1000
        r = time_run(sc, 5) * 1000
        worst = max(worst, (t, path.stem))
        worst_run = max(worst_run, (r, path.stem))
    print(f"exemples des sources : calcul complet le plus lent {worst[0]:.3f} ms ({worst[1]}), cible < 1 ms")
    print(
        f"exemples des sources : scénario entier le plus lent (toutes actions, issues et trace) "
        f"{worst_run[0]:.3f} ms ({worst_run[1]})"
    )


def combat_scenario(per_side: int, n_effects: int) -> dict:
    """A full combat: ``per_side`` attackers move in against as many defenders, with effects on them."""
    kws = (["Tank"], [], ["Assaut 1"], ["Bouclier 1"], ["Arrière-ligne"], [])
    objects = [{"id": "pont", "name": "Pont", "type": "battlefield", "controller": "p2"}]
    for side, pid in (("a", "p1"), ("d", "p2")):
        for j in range(per_side):
            o = {
                "id": f"{side}{j}",
                "name": f"{side.upper()}{j}",
                "printed_power": 2 + j % 4,
                "controller": pid,
                "keywords": kws[j % len(kws)],
            }
            o.update({"zone": "base"} if side == "a" else {"zone": "battlefield", "at": "pont"})
            objects.append(o)
    effects = []
    for i in range(n_effects):
        side = "a" if i % 2 else "d"
        target = f"{side}{i % per_side}"
        e = {"id": f"e{i}", "label": f"Effet {i}", "target": target, "since": 1 + i}
        e.update(_KINDS[i % 4](i, target))
        effects.append(e)

    # the defender's assignment order is fixed so one outcome is timed (choices explored otherwise)
    def legal(side):  # Tank first, Backline last (R. 815, 826)
        rank = {0: 0, 4: 2}
        return sorted((f"{side}{j}" for j in range(per_side)), key=lambda x: rank.get(int(x[1:]) % len(kws), 1))

    return {
        "title": "Combat complet",
        "description": "Scénario synthétique pour mesurer un combat.",
        "topic": "combat",
        "players": [{"id": "p1", "name": "Joueuse A"}, {"id": "p2", "name": "Joueur B"}],
        "objects": objects,
        "effects": effects,
        "actions": [{"do": "standard_move", "objects": [f"a{j}" for j in range(per_side)], "to": "pont"}],
        "choices": [{"assign": legal("a"), "by": "p2"}, {"assign": legal("d"), "by": "p1"}],
    }


def duel_scenario(turns: int) -> dict:
    """A scripted duel: each turn, the turn player starts, moves its unit (base ↔ its battlefield), ends."""
    objects = [
        {"id": "pont", "name": "Pont", "type": "battlefield"},
        {"id": "autel", "name": "Autel", "type": "battlefield"},
        {"id": "va", "name": "Vi", "printed_power": 3, "zone": "base", "controller": "p1", "keywords": ["Chasse 1"]},
        {"id": "vb", "name": "Garen", "printed_power": 3, "zone": "base", "controller": "p2"},
        {"id": "xa", "name": "Ahri", "printed_power": 1, "zone": "base", "controller": "p1", "keywords": ["Assaut 1"]},
    ]
    effects = [{"id": "buff-vi", "label": "Bannière (+1)", "kind": "increase", "value": 1, "target": "va", "since": 1}]
    actions = []
    for t in range(turns):
        unit, bf = ("va", "pont") if t % 2 == 0 else ("vb", "autel")
        dest = bf if (t // 2) % 2 == 0 else "base"
        actions += [{"do": "start_turn"}, {"do": "standard_move", "objects": [unit], "to": dest}, {"do": "end_turn"}]
    return {
        "title": "Duel scripté",
        "description": "Une partie de plusieurs tours pour mesurer le moteur.",
        "topic": "score",
        "victory_score": 99,
        "players": [{"id": "p1", "name": "Joueuse A", "deck": 40}, {"id": "p2", "name": "Joueur B", "deck": 40}],
        "objects": objects,
        "effects": effects,
        "actions": actions,
    }


def best_run(sc, repeat: int, trace: bool = True) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = clock()
        run(sc, trace=trace)
        best = min(best, clock() - t0)
    return best * 1000


def main_turn() -> None:
    sc = load_scenario(combat_scenario(6, 10))
    t = best_run(sc, 15)
    print(f"combat complet, 6 unités par camp, 10 effets : {t:.2f} ms avec trace (cible < 10 ms)")
    d = load_scenario(duel_scenario(10))
    t = best_run(d, 5)
    print(f"duel scripté de 10 tours ({len(d.actions)} actions) : {t:.2f} ms avec trace (cible < 200 ms)")
    units = (2, 3, 4, 6, 8)
    tu = [best_run(load_scenario(combat_scenario(n, 10)), 7) for n in units]
    effects = (5, 10, 20, 40)
    te = [best_run(load_scenario(combat_scenario(6, n)), 7) for n in effects]
    print("combat, unités par camp : " + ", ".join(f"{n} → {x:.2f} ms" for n, x in zip(units, tu, strict=True)))
    print("combat, effets : " + ", ".join(f"{n} → {x:.2f} ms" for n, x in zip(effects, te, strict=True)))
    print(
        f"exposant de croissance du combat : {fit_exponent(units, tu):.2f} en unités, "
        f"{fit_exponent(effects, te):.2f} en effets (cible ≤ 2)"
    )


if __name__ == "__main__":
    main()
    main_turn()
