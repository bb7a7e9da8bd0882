"""Where a sandbox starts (a duel's board) and the board at a glance, read from the raw fields so it never fails."""

from __future__ import annotations

from engine.vocab import ObjectType, Zone
from worked_examples import fields as ef

from .formdata import PLAYER_NAMES, FormData, Row, row_id
from .importing import EMPTY_SCENARIO, data_from_scenario

# A new sandbox opens on the board of a duel: two players (each with a base) and two battlefields that
# nobody controls yet (R. 190.2.b); the learner says who controls which, and adds units to the bases.
BOARD_SCENARIO: dict = {
    "title": "Ma situation",
    "description": "",
    "topic": "combat",
    "players": [{"id": "p1", "name": PLAYER_NAMES[0]}, {"id": "p2", "name": PLAYER_NAMES[1]}],
    "objects": [
        {"id": "bf1", "name": "Champ de bataille 1", "type": "battlefield"},
        {"id": "bf2", "name": "Champ de bataille 2", "type": "battlefield"},
    ],
}


def empty_data() -> FormData:
    """One player and nothing else: where an unreadable link starts again, and the tests' blank page."""
    return data_from_scenario(EMPTY_SCENARIO)


def board_data() -> FormData:
    """What a new sandbox opens on: the board of a duel."""
    return data_from_scenario(BOARD_SCENARIO)


def board_view(data: FormData) -> dict:
    """The board as typed (even half-typed): each player's base and each battlefield with its controller and
    the units there, every unit linking to its row. Read from the raw fields, so it never fails."""

    def first(row: Row, key: str) -> str:
        return (row.get(key) or [""])[0].strip()

    players = {first(r, "id"): first(r, "name") or first(r, "id") for r in data.rows["p"]}
    battlefields = [
        (first(r, "id"), first(r, "name") or first(r, "id"), first(r, "controller")) for r in data.rows["b"]
    ]
    bases: dict[str, list[dict]] = {pid: [] for pid in players}
    fields: dict[str, list[dict]] = {bid: [] for bid, _n, _c in battlefields}
    elsewhere: list[dict] = []
    for i, r in enumerate(data.rows["o"]):
        power = first(r, "printed_power")
        owner = players.get(first(r, "controller"), "")
        unit = {
            "name": first(r, "name") or f"Unité {i + 1}",
            "power": power if first(r, "type") in (ObjectType.UNIT, ObjectType.TOKEN, "") else "",
            "player": owner,
            "href": f"#{row_id('o', i)}",
        }
        zone, at = first(r, "zone"), first(r, "at")
        if zone == Zone.BASE and first(r, "controller") in bases:
            bases[first(r, "controller")].append(unit)
        elif zone == Zone.BATTLEFIELD and (at in fields or (not at and len(fields) == 1)):
            fields[at or next(iter(fields))].append(unit)
        else:
            unit["where"] = ef.ZONE_LABELS.get(zone, zone) if zone else ""
            elsewhere.append(unit)
    return {
        "bases": [{"player": name, "units": bases[pid]} for pid, name in players.items()],
        "battlefields": [
            {
                "name": name,
                "controller": players.get(controller) if controller else None,
                "units": fields[bid],
                "href": f"#{row_id('b', i)}",
            }
            for i, (bid, name, controller) in enumerate(battlefields)
        ],
        "elsewhere": elsewhere,
    }
