"""The board as the simulator sees it: battlefields and units, controllers, the trace's board and
snapshots, emitting events, answering queries (R. 169, 188–190).

``Board`` is the rules area ``sim.board`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .kinds import Event, Reason, StepKind, Why, has_keyword
from .layers import base_chars
from .live_state import Ev, Obj
from .scenario import ScenarioError
from .snapshots import BattlefieldState, BoardState, ChainItemState, EffectState, PlayerState, ShowdownState, board_dict
from .vocab import is_mighty

_EVENTS = {m: m.value for m in Event}


def _chain_item(item: dict) -> ChainItemState:
    return ChainItemState(item["id"], item["label"], item["player"], item["speed"], item["target"])


def why(code: Why, **extra) -> dict:
    """The structured « pourquoi ? » of a decision: code, rule and French label."""
    return {"code": code.value, "rule": code.doc, "label": code.label, **extra}


class Board(Area):
    """Board helpers, events and outputs (the area ``sim.board``)."""

    def refuse(self, message: str) -> None:
        """An illegal action: a French error naming the action and the rule (never a silent change)."""
        if self.record.action is None:
            raise ScenarioError(f"scénario : {message}")
        raise ScenarioError(message, path=("actions", self.record.action))

    def battlefields(self) -> tuple[str, ...]:
        """The battlefields of the game (R. 169): set out before the game, none is added during it."""
        return self.record.battlefields

    def units_at(self, bf: str, player: str | None = None) -> list[str]:
        return [
            oid
            for oid, o in self.world.objects.items()
            if o.is_unit and o.zone == "battlefield" and o.at == bf and (player is None or self.ctrl(oid) == player)
        ]

    def location(self, o: Obj) -> str | None:
        if o.zone == "base":
            return "base"
        if o.zone == "battlefield":
            return o.at or "battlefield"
        return None

    def next_player(self, pid: str) -> str:
        ids = list(self.world.players)
        return ids[(ids.index(pid) + 1) % len(ids)]

    def label_of(self, oid: str | None) -> str:
        return self.name(oid) if oid else ""

    def keywords_of(self, oid: str) -> tuple[str, ...]:
        """Its keywords now: computed by the layers on the board, printed elsewhere."""
        o = self.world.objects[oid]
        return tuple(self.world.view[oid].keywords if o.on_board and oid in self.world.view else o.keywords)

    def has_kw(self, oid: str, base: str) -> bool:
        return has_keyword(self.keywords_of(oid), base)

    def kill_now(self, oid: str) -> None:
        """Kill (R. 429): a replaceable death."""
        self.sim.replacement.process([Ev("die", obj=oid)])

    def change_power(self, oid: str, amount: int, label: str, duration: str) -> None:
        """Give a unit ±N Might for a duration (a replaceable power change, R. 367)."""
        self.sim.replacement.process([Ev("power_change", obj=oid, amount=amount, label=label, duration=duration)])

    def ctrl(self, oid: str) -> str | None:
        v = self.world.view.get(oid)
        return v.controller if v is not None else self.world.objects[oid].controller

    def power(self, oid: str) -> int:
        """Real current power: computed on the board, printed elsewhere (M8)."""
        obj = self.world.objects[oid]
        if not obj.on_board:
            return obj.printed_power
        v = self.world.view.get(oid)
        return v.power if v is not None else obj.printed_power

    def name(self, oid: str | None) -> str:
        if oid is None:
            return ""
        v = self.world.view.get(oid)
        return v.name if v is not None else self.world.objects[oid].name

    def emit(self, type_: Event, **fields) -> dict:
        """An event happens: it is recorded, traced and offered to triggers (R. 383).  ``type_`` must be a
        member of ``kinds.Event``: an unknown event is an error, never a silent new word."""
        type_ = _EVENTS[type_]  # checked against the vocabulary (KeyError otherwise), plain text in the output
        ev = {"type": type_, "action": self.record.action}
        ev.update({k: v for k, v in fields.items() if v is not None})
        self.record.events.append(ev)
        self.record.unsettled.append(ev)
        self.tr.step(
            StepKind.EVENT,
            object=fields.get("object"),
            effect=fields.get("effect"),
            reason={"code": type_, **{k: v for k, v in fields.items() if v is not None}},
        )
        return ev

    def show_all(self, full: bool = True) -> None:
        """Show the world to the trace: every object, player and effect (``full``, after a computation
        changed the characteristics), or those changed since they were last shown (before each step)."""
        tr = self.tr
        if not tr.enabled:
            return
        w = self.world
        view = w.view
        for obj in w.objects.values() if full else [o for o in w.objects.values() if o.stale]:
            tr.show_object(obj.id, obj, view.get(obj.id) or base_chars(obj))
            obj.shown()
        for p in w.players.values() if full else [p for p in w.players.values() if p.stale]:
            tr.show_player(p.id, PlayerState(p.name, p.xp, p.points, p.hand, p.deck))
            p.shown()
        for eid, e in w.effects.items() if full else [(eid, e) for eid, e in w.effects.items() if e.stale]:
            tr.show_effect(eid, EffectState(e.spec.label, e.active, e.since))
            e.shown()
        key = self._board_key()
        if full or key != self.record.shown_board:
            self.record.shown_board = key
            tr.show_board(self.board_tuple())

    def _board_key(self) -> tuple:
        """What the board of the state is made of, cheaply: the board is built again only when it changed."""
        objects = self.world.objects
        sd = self.world.showdown.current
        return (
            [objects[b].controller for b in self.record.battlefields],
            tuple(self.world.showdown.contested),
            [tuple(s) for s in self.world.scoring.scored.values()],
            [it["id"] for it in self.world.chain.items],
            (sd.battlefield, sd.attacker, sd.defender, sd.focus, sd.passes, sd.combat) if sd else None,
            self.world.chain.priority,
            self.world.turn_player,
            self.world.turn.number,
            self.world.chain.resolving["id"] if self.world.chain.resolving else None,
            self.world.combat.contest,
        )

    def show_changes(self) -> None:
        """What changed since the last step, shown before the next one (the trace's ``refresh``)."""
        self.show_all(full=False)

    def board_tuple(self) -> BoardState:
        """The board of the state (R. 169, 325, 341): battlefields (control, contest, who scored them this
        turn, R. 471), the chain and the item resolving (R. 340), the showdown, priority and turn."""
        w = self.world
        contested = dict(self.world.showdown.contested)
        if self.world.combat.contest:
            # R. 190.3.b: once a combat begins the battlefield stays contested until control is established.
            bf, attacker = self.world.combat.contest
            contested.setdefault(bf, attacker)
        bfs = tuple(
            BattlefieldState(b, self.name(b), w.objects[b].controller, contested.get(b),
                             tuple(sorted(p for p, s in self.world.scoring.scored.items() if b in s)))
            for b in self.battlefields()
        )
        chain = tuple(_chain_item(it) for it in self.world.chain.items)
        sd = self.world.showdown.current
        showdown = (ShowdownState(sd.battlefield, sd.attacker, sd.defender, sd.focus, bool(sd.combat))
                    if sd else None)
        resolving = _chain_item(self.world.chain.resolving) if self.world.chain.resolving else None
        priority = w.chain.priority if w.chain.items else None
        return BoardState(bfs, chain, showdown, priority, w.turn_player, w.turn.number, resolving)

    def board_out(self) -> dict:
        d = board_dict(self.board_tuple())
        d.update(victory_score=self.sc.victory_score, mode=self.sc.mode, winner=self.world.scoring.winner)
        for b, v in d["battlefields"].items():
            v["name"] = self.name(b)
            v["units"] = self.units_at(b)
            v["scored_by"] = sorted(p for p, s in self.world.scoring.scored.items() if b in s)
        return d

    def objects_out(self) -> dict:
        w = self.world
        out = {}
        for oid, o in w.objects.items():
            v = w.view.get(oid) or base_chars(o)
            p = self.power(oid)
            out[oid] = {
                "name": v.name,
                "printed_power": o.printed_power,
                "power": p,
                "keywords": list(v.keywords),
                "mighty": is_mighty(p),
                "zone": o.zone,
                "exhausted": o.exhausted,
                "controller": v.controller,
                "defending": o.defending,
                "attacking": o.attacking,
                "at": o.at,
                "damage": o.damage,
                "stunned": o.stunned,
                "attached_to": o.attached_to,
                "tags": list(v.tags),
                "cost": v.cost,
                "domains": list(v.domains),
                "type": o.type,
                **({"card": o.card} if o.card else {}),
                **({"empowered": True} if o.empowered else {}),
            }
        return out

    def players_out(self) -> dict:
        return {
            pid: {
                "name": p.name,
                "xp": p.xp,
                "points": p.points,
                "hand": p.hand,
                "cards_played": p.cards_played,
                "deck": p.deck,
                "runes": p.runes,
                "energy": p.energy,
                "essence": dict(sorted(p.essence.items())),
                "trash": p.trash
                + sum(1 for o in self.world.objects.values() if o.zone == "discard" and o.controller == pid),
                "scored": sorted(self.world.scoring.scored.get(pid, ())),
            }
            for pid, p in self.world.players.items()
        }

    def _do_query(self, a):
        ask = a["ask"]
        w = self.world
        oid, pid, eid = a.get("object"), a.get("player"), a.get("effect")
        if ask == "power":
            val = self.power(oid)
        elif ask == "reference_power":
            val = max(0, self.power(oid))
        elif ask == "keywords":
            val = list(w.view[oid].keywords) if w.objects[oid].on_board else list(w.objects[oid].keywords)
        elif ask == "mighty":
            val = is_mighty(self.power(oid))
        elif ask == "zone":
            val = w.objects[oid].zone
        elif ask == "controller":
            val = self.ctrl(oid)
        elif ask == "exhausted":
            val = w.objects[oid].exhausted
        elif ask == "damage":
            val = w.objects[oid].damage
        elif ask == "location":
            o = w.objects[oid]
            val = o.at if o.zone == "battlefield" and o.at else o.zone
        elif ask in ("xp", "points", "hand", "deck"):
            val = getattr(w.players[pid], ask)
        else:
            val = w.effects[eid].active
        subject = self.name(oid) if oid else (w.players[pid].name if pid else w.effects[eid].spec.label)
        q = {
            "action": self.record.action,
            "ask": ask,
            "object": oid,
            "player": pid,
            "effect": eid,
            "value": val,
            "subject": subject,
        }
        self.record.queries.append({k: v for k, v in q.items() if v is not None or k == "value"})
        self.tr.step(
            StepKind.QUERY,
            object=oid,
            effect=eid,
            reason={"code": Reason.QUERY, "ask": ask, "value": val, "player": pid, "subject": subject},
        )


__all__ = ["Board"]
