"""What happened on the board, and why nothing did when nothing did, read from the engine's result.

Every sentence is computed from the state the engine reports before each action (its trace) and from the events,
combats and scores that follow: never a text written for one preset. The sandbox shows these lines under
« Résultat », so a move onto a battlefield its player already controls no longer ends in silence.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Do
from engine.snapshots import GameState
from engine.stored import CombatSummary, EventRecord, Score, StoredResult
from engine.vocab import CombatResult, Event, ObjectType, StepKind, Why, Zone

# The actions that bring units to a location, and the parameter naming them.
MOVES = {Do.STANDARD_MOVE: "objects", Do.MOVE: "object", Do.PLAY_UNIT: "object"}
# Events that show a battlefield was contested, fought over or changed hands.
BOARD_EVENTS = {Event.CONTESTED, Event.SHOWDOWN_STARTED, Event.COMBAT_STARTED, Event.CONTROL_GAINED,
                Event.CONTROL_LOST, Event.CONQUERED}


def _listing(names: list[str]) -> str:
    """« Vi », « Vi et Ahri », « Vi, Ahri et Jinx »."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " et " + names[-1]


def _state_before(result: StoredResult, action: int) -> GameState | None:
    """The snapshot at the announcement of an action: the board as it was just before it."""
    for step in result.main.trace:
        if step.kind == StepKind.ACTION and step.action == action:
            return step.state
    return None


def _setup_state(result: StoredResult) -> GameState | None:
    trace = result.main.trace
    return trace[0].state if trace else None


class _Reader:
    """Names and lookups over one engine result."""

    def __init__(self, data: dict, result: StoredResult):
        self.data = data
        self.result = result
        self.objects = result.main.objects
        self.players = result.main.players
        self.events = result.main.events

    def name(self, oid: str | None) -> str:
        obj = self.objects.get(oid or "")
        return str((obj.name if obj else None) or oid or "")

    def field(self, oid: str | None) -> str:
        return f"« {self.name(oid)} »"

    def player(self, pid: str | None) -> str:
        player = self.players.get(pid or "")
        return str((player.name if player else None) or pid or "")

    def events_from(self, action: int) -> tuple[EventRecord, ...]:
        """The events of an action and everything after it (a showdown or combat may end after later actions)."""
        for n, event in enumerate(self.events):
            if event.action is not None and event.action >= action:
                return self.events[n:]
        return ()

    def combat_at(self, bf: str, after: tuple[EventRecord, ...]) -> CombatSummary | None:
        started = sum(1 for e in after if e.type == Event.COMBAT_STARTED and e.object == bf)
        if not started:
            return None
        at_bf = [c for c in self.result.main.combats if c.battlefield == bf]
        return at_bf[-started] if len(at_bf) >= started else None

    def scores_at(self, bf: str, after: tuple[EventRecord, ...]) -> list[Score]:
        count = sum(1 for e in after if e.type == Event.SCORED and e.object == bf)
        at_bf = [s for s in self.result.main.scores if s.battlefield == bf]
        return at_bf[len(at_bf) - count :] if count else []


def _score_lines(r: _Reader, scores: list[Score]) -> list[str]:
    lines = []
    for s in scores:
        how = "conquiert" if s.how == Why.CONQUER else "occupe"
        who, where = r.player(s.player), r.field(s.battlefield)
        if s.point:
            lines.append(f"{who} {how} {where} et gagne 1 point ({s.points_after} au total).")
        else:
            label = s.why.label if s.why else ""
            lines.append(f"{who} {how} {where}, sans gagner de point : {label}.")
    return lines


def _combat_lines(r: _Reader, bf: str, combat: CombatSummary, scores: list[Score]) -> list[str]:
    attacker, defender = r.player(combat.attacker), r.player(combat.defender)
    where = r.field(bf)
    lines = [
        f"Combat sur {where} : {attacker} attaque avec une puissance totale de {combat.might_attacker}, "
        f"{defender} défend avec {combat.might_defender} (R. 467)."
    ]
    result = combat.result
    if result == CombatResult.RECALLED:
        lines.append(
            f"Des unités des deux camps restent sur {where} : celles de {attacker} sont rappelées à sa base, "
            f"et personne ne conquiert ce champ (R. 468.1.a.2, 468.3.d)."
        )
    elif result == CombatResult.DEFENDED and not scores:
        lines.append(
            f"Seules des unités de {defender} restent sur {where} : {defender} gagne le combat et garde le champ ; "
            f"{attacker} ne conquiert rien (R. 468.3, 468.5)."
        )
    elif result == CombatResult.UNCONTROLLED:
        lines.append(
            f"Aucune unité ne reste sur {where} : le champ n'est plus contrôlé par personne et personne ne le "
            "conquiert (R. 468.5.b)."
        )
    return lines + _score_lines(r, scores)


def _move_lines(r: _Reader, index: int, action: dict) -> list[str]:
    before = _state_before(r.result, index)
    if before is None or before.board is None:
        return []
    key = MOVES[action["do"]]
    units = action.get(key) if key == "objects" else [action.get(key)]
    units = [u for u in units or [] if u]
    dest = action.get("to")
    if not units or not dest:
        return []
    names = _listing([r.name(u) for u in units])
    plural = len(units) > 1
    first = before.objects.get(units[0])
    mover_id = first.controller if first else None
    mover = r.player(mover_id)
    if dest == Zone.BASE:
        verb = "rentrent" if plural else "rentre"
        return [
            f"{names} {verb} à la base : seul un champ de bataille peut être contesté, il n'y a donc ni combat "
            "ni conquête (R. 190.3.a)."
        ]
    battlefields = before.board.by_id
    if dest not in battlefields:
        return []
    where = r.field(dest)
    after = r.events_from(index)
    happened = [e for e in after if e.type in BOARD_EVENTS and e.object == dest]
    combat = r.combat_at(dest, after)
    scores = r.scores_at(dest, after)
    verb = "arrivent" if plural else "arrive"
    controller = battlefields[dest].controller
    if combat is not None:
        defender = combat.defender
        held = "que contrôle" if controller == defender else "où se trouvent des unités de"
        return [f"{names} {verb} sur {where}, {held} {r.player(defender)}."] + _combat_lines(r, dest, combat, scores)
    if happened:
        opponents = [
            oid
            for oid, o in before.objects.items()
            if o.zone == Zone.BATTLEFIELD and o.at == dest and o.controller not in (None, mover_id)
        ]
        lines = [f"{names} {verb} sur {where}."]
        if not opponents:
            lines.append(
                f"Aucune unité adverse ne s'y trouve : pas de combat, seulement une confrontation, au bout de laquelle "
                f"{mover} prend le contrôle du champ (R. 344.2, 348.2.a)."
            )
        score_lines = _score_lines(r, scores)
        if not score_lines and any(e.type == Event.CONTROL_GAINED for e in happened):
            score_lines = [
                f"{mover} prend le contrôle de {where} sans le marquer : il l'a déjà marqué ce tour (R. 472)."
            ]
        return lines + score_lines
    if controller is not None and controller == mover_id:
        return [
            f"{names} {verb} sur {where}, que {mover} contrôle déjà : des unités qui arrivent sur un champ que "
            f"leur joueur contrôle ne le contestent pas, donc il n'y a ni combat ni conquête (R. 190.3.a.1). "
            f"{mover} pourra le marquer en l'occupant au début de son prochain tour (R. 471.2)."
        ]
    if battlefields[dest].contested:
        return [
            f"{names} {verb} sur {where}, déjà contesté : ce déplacement ne le conteste pas une seconde fois "
            "(R. 190.3.a.1)."
        ]
    return [f"{names} {verb} sur {where} : ni contestation, ni combat, ni changement de contrôle."]


def _shared_at_start(r: _Reader) -> list[str]:
    """Units of two players already together on a battlefield, with nobody arriving."""
    state = _setup_state(r.result)
    if state is None or state.board is None:
        return []
    lines = []
    for bf in state.board.by_id:
        here = [
            (oid, o.controller)
            for oid, o in state.objects.items()
            if o.zone == Zone.BATTLEFIELD and o.at == bf and o.controller
        ]
        if len({pid for _oid, pid in here}) > 1:
            together = _listing([r.name(oid) for oid, _pid in here])
            lines.append(
                f"Des unités de plusieurs joueurs sont déjà ensemble sur {r.field(bf)} ({together}), "
                "mais aucune n'y arrive : un combat ne se prépare que sur un champ contesté par une arrivée "
                "(R. 190.3.a, 323.8)."
            )
    return lines


def board_notes(data: dict | None, result: StoredResult | dict | None) -> list[str]:
    """French sentences on what each move did on the board, and why nothing happened when nothing did.

    Empty for a situation without battlefields (a calculation of Might, say).
    """
    if not data or not result:
        return []
    if not any(o.get("type") == ObjectType.BATTLEFIELD for o in data.get("objects") or []):
        return []
    r = _Reader(data, StoredResult.from_dict(result))
    actions: list[Any] = data.get("actions") or []
    moves = [(i, a) for i, a in enumerate(actions) if isinstance(a, dict) and a.get("do") in MOVES]
    lines: list[str] = []
    for index, action in moves:
        lines += _move_lines(r, index, action)
    destinations = {a.get("to") for _i, a in moves}
    for event in r.events:
        if event.type == Event.CONTROL_LOST and event.why and event.why.code == Why.EMPTY_BATTLEFIELD:
            if event.object not in destinations:
                lines.append(
                    f"{r.player(event.player)} n'a plus d'unité sur {r.field(event.object)} : "
                    "le champ n'est plus contrôlé par personne (R. 190.4.c)."
                )
    if not moves:
        shared = _shared_at_start(r)
        if shared:
            lines = shared + lines
        elif not any(e.type in BOARD_EVENTS for e in r.events):
            lines.append(
                "Aucune unité n'arrive sur un champ de bataille : aucun champ n'est contesté, donc ni combat ni "
                "conquête (R. 190.3.a). Pour en provoquer un, ajoutez l'action « {ACTIONS['standard_move'][0]} »."
            )
    return lines
