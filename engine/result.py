"""The result of a run, its JSON shape, and the check of a scenario's expectations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import narration
from .kinds import TOPIC_LABELS
from .scenario import Scenario
from .sim import Outcome
from .trace import steps_to_dicts

# Version of the JSON shape of ``Result.to_dict()`` (2: board, chain, combats, scores, kind_label…; 3: the state
# after every step, objects with attached_to and lethal, battlefields with name and scored_by, the item resolving;
# 4: a started effect is always in the action's list « effects », never a lone « effect »).
SHAPE_VERSION = 4


@dataclass
class Result:
    scenario: Scenario
    outcomes: list[Outcome]
    expectations: list[dict] = field(default_factory=list)

    @property
    def main(self) -> Outcome:
        return self.outcomes[0]

    @property
    def ok(self) -> bool:
        return all(e["ok"] for e in self.expectations)

    @property
    def open_choices(self) -> bool:
        return any(o.choice_log for o in self.outcomes)

    def _outcome_dict(self, o: Outcome, with_trace: bool = True) -> dict:
        d = {
            "objects": o.objects,
            "players": o.players,
            "events": o.events,
            "queries": [dict(q, text=narration.query_text(q)) for q in o.queries],
            "order_decisions": o.decisions,
            "board": o.board,
            "combats": o.combats,
            "scores": o.scores,
            "winner": o.winner,
        }
        if with_trace:
            d["trace"] = steps_to_dicts(o.steps, narration.describe)
        return d

    def to_dict(self, trace: bool = True) -> dict:
        """JSON-serialisable dict: objects, players, events, queries, outcomes, trace, expectations, ok."""
        sc = self.scenario
        d: dict[str, Any] = {
            "version": SHAPE_VERSION,
            "title": sc.title,
            "description": sc.description,
            "topic": sc.topic,
            "topic_label": TOPIC_LABELS.get(sc.topic, sc.topic),
        }
        d.update(self._outcome_dict(self.main, trace))
        if self.open_choices:
            d["outcomes"] = []
            for o in self.outcomes:
                od = {"label": o.label, "choice": choice_of(o)}
                od.update(self._outcome_dict(o, trace))
                d["outcomes"].append(od)
        d["expectations"] = self.expectations
        d["ok"] = self.ok
        return d


def choice_of(o: Outcome) -> list[dict]:
    """The decisions behind an outcome (M10: who chose which replacement first)."""
    out = []
    for c in o.choice_log:
        if c["kind"] in ("assign", "combat", "burn_out"):
            out.append(
                {
                    "action": c["action"],
                    "by": c["by"],
                    "kind": c["kind"],
                    "picked": c["options"][c["picked"]],
                    "options": c["options"],
                }
            )
        elif c["kind"] == "answer":
            out.append(
                {
                    "action": c["action"],
                    "by": c["by"],
                    "kind": "answer",
                    "label": c["labels"][0],
                    "play": c["picked"] == 0,
                }
            )
        elif c["kind"] in ("order", "trigger_order"):
            out.append(
                {
                    "action": c["action"],
                    "by": c["by"],
                    "picked": c["options"][c["picked"]],
                    "options": c["options"],
                }
            )
        else:
            out.append({"action": c["action"], "by": c["by"], "effect": c["options"][0], "accept": c["picked"] == 0})
    return out


def picked_of(o: Outcome) -> list[str]:
    """The decisions of an outcome as short strings, used to find an expected outcome."""
    out = []
    for c in choice_of(o):
        if c.get("kind") == "answer":
            out.append(f"{'jouer' if c['play'] else 'passer'}:{c['action']}")
        else:
            out.append(c["picked"] if "picked" in c else f"{'accepter' if c['accept'] else 'refuser'}:{c['effect']}")
    return out


# --------------------------------------------------------------------------- expectations


def _norm(field_name: str, v: Any) -> Any:
    if field_name in ("keywords", "tags") and isinstance(v, list):
        return sorted(v)
    return v


def _subset(exp, actual) -> bool:
    """``exp`` is contained in ``actual`` (dicts by key, lists item by item, ``why`` by its code)."""
    if isinstance(exp, dict) and isinstance(actual, dict):
        return all(k in actual and _subset(v, actual[k]) for k, v in exp.items())
    if isinstance(exp, str) and isinstance(actual, dict) and "code" in actual:
        return actual["code"] == exp
    if isinstance(exp, list) and isinstance(actual, list):
        return len(exp) == len(actual) and all(_subset(a, b) for a, b in zip(exp, actual, strict=True))
    return exp == actual


def _event_matches(exp: dict, ev: dict) -> bool:
    return all(ev.get(k) == v for k, v in exp.items())


def _first_missing(expected: list[dict], events: list[dict]) -> dict | None:
    """The first expected event not found in order among ``events`` (None when all are, in this order)."""
    pos = 0
    for e in expected:
        while pos < len(events) and not _event_matches(e, events[pos]):
            pos += 1
        if pos >= len(events):
            return e
        pos += 1
    return None


def check_outcome(exp: dict, o: Outcome, prefix: str) -> list[dict]:
    """Compare one outcome with expectations stated in a scenario (no rule: test support)."""
    res = []

    def add(desc, ok, expected, actual):
        res.append({"description": prefix + desc, "ok": bool(ok), "expected": expected, "actual": actual})

    for oid, fields in (exp.get("objects") or {}).items():
        actual_obj = o.objects.get(oid)
        for f, v in fields.items():
            actual = None if actual_obj is None else actual_obj.get(f)
            add(f"objets.{oid}.{f} vaut {v!r}", _norm(f, actual) == _norm(f, v), v, actual)
    for pid, fields in (exp.get("players") or {}).items():
        actual_p = o.players.get(pid)
        for f, v in fields.items():
            actual = None if actual_p is None else actual_p.get(f)
            add(f"joueurs.{pid}.{f} vaut {v!r}", actual == v, v, actual)
    if "queries" in exp:
        actual = [q["value"] for q in o.queries]
        expected = [_norm("keywords", q) for q in exp["queries"]]
        add(
            f"réponses aux questions {exp['queries']!r}",
            [_norm("keywords", a) for a in actual] == expected,
            exp["queries"],
            actual,
        )
    if "events" in exp:
        missing = _first_missing(exp["events"], o.events)
        ok = missing is None
        add(
            "événements attendus, dans cet ordre" + ("" if ok else f" (manque {missing!r})"),
            ok,
            exp["events"],
            [{k: v for k, v in ev.items() if k in ("type", "object", "effect", "player")} for ev in o.events],
        )
    if "winner" in exp:
        add(f"vainqueur {exp['winner']!r}", o.winner == exp["winner"], exp["winner"], o.winner)
    for key, label in (("scores", "décision de score"), ("combats", "combat")):
        for d in exp.get(key) or []:
            found = [x for x in getattr(o, key) if _subset(d, x)]
            add(f"{label} {d!r}", bool(found), d, getattr(o, key))
    for e in exp.get("absent_events") or []:
        found = [ev for ev in o.events if _event_matches(e, ev)]
        add(f"aucun événement {e!r}", not found, [], found)
    for d in exp.get("decisions") or []:
        found = [x for x in o.decisions if all(x.get(k) == v for k, v in d.items())]
        add(
            f"décision d'ordre {d!r}",
            bool(found),
            d,
            [{k: x[k] for k in ("first", "then", "reason", "value", "other_value")} for x in o.decisions],
        )
    return res


def check(sc: Scenario, outcomes: list[Outcome]) -> list[dict]:
    """All expectations of a scenario, for every outcome it names (no rule: test support)."""
    exp = sc.expect
    if not exp:
        return []
    res = check_outcome(exp, outcomes[0], "")
    if "outcome_count" in exp:
        res.append(
            {
                "description": f"nombre d'issues : {exp['outcome_count']}",
                "ok": len(outcomes) == exp["outcome_count"],
                "expected": exp["outcome_count"],
                "actual": len(outcomes),
            }
        )
    for i, oe in enumerate(exp.get("outcomes") or []):
        want = oe.get("picked")
        match = None
        for o in outcomes:
            if want is None or picked_of(o) == list(want):
                match = o
                break
        if match is None:
            res.append(
                {
                    "description": f"issue {want!r} présente",
                    "ok": False,
                    "expected": want,
                    "actual": [picked_of(o) for o in outcomes],
                }
            )
            continue
        res.extend(check_outcome(oe, match, f"issue {i + 1} ({match.label}) : "))
    return res
