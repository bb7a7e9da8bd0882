"""Small factories for engine test scenarios (plain dicts, valid by construction)."""

from __future__ import annotations

from engine import load_scenario, run


def player(pid: str = "p1", xp: int = 0, **kw) -> dict:
    return {"id": pid, "name": kw.pop("name", f"Joueur {pid}"), "xp": xp, **kw}


def unit(uid: str = "u", power: int = 3, zone: str = "battlefield", controller: str = "p1", **kw) -> dict:
    return {
        "id": uid,
        "name": kw.pop("name", f"Unité {uid}"),
        "printed_power": power,
        "zone": zone,
        "controller": controller,
        **kw,
    }


def effect(eid: str, kind: str, target: str | None = "u", since: int | None = 1, **kw) -> dict:
    d = {"id": eid, "label": kw.pop("label", eid), "kind": kind}
    if target is not None:
        d["target"] = target
    if since is None:
        d["starts"] = "later"
    else:
        d["since"] = since
    d.update(kw)
    return d


def scenario(objects=None, effects=None, actions=None, players=None, **kw) -> dict:
    return {
        "title": "Test",
        "description": "Scénario de test.",
        "topic": kw.pop("topic", "couches"),
        "players": players or [player()],
        "objects": objects if objects is not None else [unit()],
        "effects": effects or [],
        "actions": actions or [],
        **kw,
    }


def play(data: dict, trace: bool = True):
    return run(load_scenario(data), trace=trace)


def power(data: dict, oid: str = "u") -> int:
    return play(data, trace=False).main.objects[oid]["power"]


def query(uid: str = "u", ask: str = "power") -> dict:
    return {"do": "query", "ask": ask, "object": uid}


def answers(data: dict) -> list:
    return [q["value"] for q in play(data, trace=False).main.queries]
