"""Movement (R. 144, 447–460), recalls (R. 456), attaching (R. 435–436, 716): where objects are and how they get
there (playing a permanent is in ``playing``); and the piles a player keeps as counts (R. 105–108): the cards in
hand, in the Main Deck and in the trash that the scenario does not describe as objects change only here
(``take_from_hand``, ``put_in_trash``, ``draw_one``, ``recycle_from_trash``, ``shuffle_trash_into_deck``).

``Movement`` is the rules area ``sim.movement`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from . import keywords
from .area import Area
from .kinds import (
    BOARD_ZONES,
    Event,
    Reason,
    StepKind,
)
from .live_state import Ev, Obj, Player


def take_from_hand(p: Player, n: int = 1) -> None:
    """``n`` cards leave the hand (played: R. 349, hidden: R. 422, discarded: R. 423); a count never goes below zero."""
    p.hand = max(0, p.hand - n)


def put_in_trash(p: Player, n: int = 1) -> None:
    """``n`` undescribed cards go to the trash (discarded, burned: R. 423, 441)."""
    p.trash += n


def draw_one(p: Player, to: str = "hand") -> None:
    """The top card of the Main Deck goes to the hand (draw, R. 414) or to the trash (Burn, R. 441); the caller has
    refilled an empty deck first (Burn Out, R. 432)."""
    p.deck -= 1
    if to == "hand":
        p.hand += 1
    else:
        p.trash += 1


def recycle_from_trash(p: Player, n: int) -> None:
    """``n`` cards of the trash go to the bottom of the Main Deck (recycle, R. 417.1.a)."""
    p.trash -= n
    p.deck += n


def shuffle_trash_into_deck(p: Player, described: int = 0) -> int:
    """Burn Out (R. 432.2.a): the trash, its ``described`` card objects included, becomes the Main Deck; returns how
    many cards that is."""
    p.deck, p.trash = p.trash + described, 0
    return p.deck


class Movement(Area):
    """Moves, recalls, attachments and units arriving (the area ``sim.movement``)."""

    def default_location(self, zone: str) -> str | None:
        """A zone move (R. 447): « base », or the only battlefield when battlefields are described."""
        if zone == "base":
            return "base"
        bfs = self.sim.board.battlefields()
        if not bfs:
            return None
        if len(bfs) > 1:
            self.sim.board.refuse("précisez le champ de bataille de destination avec « to » (R. 447)")
        return bfs[0]

    def place(self, o: Obj, zone: str, at: str | None = None) -> None:
        """Put an object in a zone (R. 105–108): leaving a battlefield ends its combat roles (R. 468.7.a) and,
        off the board, its marked damage and stun."""
        if zone != "battlefield" or at != o.at:
            o.defending = o.attacking = False
        if zone not in ("base", "battlefield"):
            o.damage, o.stunned = 0, False
        o.zone, o.at = zone, (at if zone in ("battlefield", "facedown") else None)
        if zone != "facedown":
            o.hidden_turn = None
        for g in self.world.objects.values():
            if g.attached_to == o.id and g is not o:
                if zone in ("base", "battlefield"):
                    g.zone, g.at = o.zone, o.at  # R. 719.3.a: attached cards go where their Top-Most Card goes
                else:
                    g.attached_to = None  # R. 436.4.b: it detaches where the unit last was, on the board

    def move_now(self, o: Obj, dest: str | None) -> None:
        """The location change of a move (R. 447); a battlefield not controlled by the mover is contested."""
        if dest in (None, "base"):
            self.place(o, "base")
            self.sim.board.emit(Event.MOVED, object=o.id, zone="base", to="base")
            return
        if dest == "battlefield":
            self.place(o, "battlefield")
            self.sim.board.emit(Event.MOVED, object=o.id, zone="battlefield")
            return
        self.place(o, "battlefield", dest)
        self.sim.board.emit(Event.MOVED, object=o.id, zone="battlefield", to=dest)
        self.note_contest(o.id, dest)

    def note_contest(self, oid: str, bf: str) -> None:
        """A unit arriving at a battlefield its controller does not control makes it contested (R. 447, 323.7)."""
        player = self.sim.board.ctrl(oid)
        if player is None or not self.world.objects[oid].is_unit:
            return
        if self.world.objects[bf].controller == player or self.sim.showdown.contested_by(bf):
            return
        self.sim.showdown.contest(bf, player)

    def _do_standard_move(self, a):
        """Standard move (R. 144): exhaust ready units of the turn player, base ↔ battlefield;
        battlefield → battlefield needs Ganking (R. 810)."""
        w = self.world
        dest = a["to"]
        units = list(dict.fromkeys(a["objects"]))
        player = None
        for oid in units:
            o = w.objects[oid]
            n = self.sim.board.name(oid)
            if not o.is_unit or not o.on_board:
                self.sim.board.refuse(
                    f"{n} n'est pas une unité sur le plateau : seul une unité peut se déplacer (R. 144)")
            c = self.sim.board.ctrl(oid)
            if player is None:
                player = c
            elif c != player:
                self.sim.board.refuse("un déplacement standard ne concerne que les unités d'un même joueur (R. 144)")
            if o.exhausted:
                self.sim.board.refuse(
                    f"{n} est épuisée : un déplacement standard épuise l'unité, qui doit être prête (R. 144)")
            here = self.sim.board.location(o)
            if here == dest:
                self.sim.board.refuse(f"{n} est déjà à cet endroit (R. 144)")
            gank = keywords.of(self.sim.board.keywords_of(oid), "moves_between_battlefields")
            if here != "base" and dest != "base" and not any(fn(self.sim, oid) for _, fn in gank):
                self.sim.board.refuse(
                    f"{n} n'a pas Gank : elle ne peut pas aller d'un champ de bataille à un autre (R. 810)")
        if player != w.turn_player:
            self.sim.board.refuse(
                f"{w.players[player].name} n'est pas le joueur du tour : le déplacement standard se fait pendant "
                "sa propre phase principale (R. 144.1, 316)"
            )
        for oid in units:
            w.objects[oid].exhausted = True
            self.sim.board.emit(Event.EXHAUSTED, object=oid)
        self.sim.replacement.process([Ev("move", obj=oid, dest=dest) for oid in units])

    def _do_move(self, a):
        """A move by an effect (R. 447): no exhaustion; a move to a location is a replaceable event."""
        o = self.world.objects[a["object"]]
        dest = a.get("to")
        if dest is None and a["zone"] in BOARD_ZONES:
            dest = self.default_location(a["zone"])
        if dest is not None:
            if o.on_board and o.is_unit:
                self.sim.replacement.process([Ev("move", obj=o.id, dest=dest)])
            else:
                self.move_now(o, dest)
            return
        self.place(o, a["zone"])
        self.sim.board.emit(Event.MOVED, object=o.id, zone=a["zone"])

    def _do_recall(self, a):
        """Recall (R. 456): to its owner's base, not a move; a replaceable event (R. 367)."""
        if self.world.objects[a["object"]].on_board:
            self.sim.replacement.process([Ev("recall", obj=a["object"])])

    def _do_attach(self, a):
        """Attach a gear to a unit (R. 435, 716)."""
        g, u = self.world.objects[a["object"]], self.world.objects[a["to"]]
        if g.type != "gear" or not u.on_board or not g.on_board:
            self.sim.board.emit(Event.NOTHING_HAPPENS, object=g.id, why="cannot_attach")
            return
        g.attached_to = u.id
        g.zone, g.at = u.zone, u.at  # R. 435.4: its location becomes the Top-Most Card's (not a move)
        self.sim.board.emit(Event.ATTACHED, object=g.id, to=u.id)

    def recall_lone_gear(self) -> bool:
        """R. 323.6 (step 5 of a cleanup), 436.4.a: unattached non-unit gear at a battlefield is recalled to
        its base — unless a keyword says otherwise (Deploy, R. 830.1.b.3)."""
        from .keywords import stays_at_battlefield

        changed = False
        for g in self.world.objects.values():
            if g.type == "gear" and g.zone == "battlefield" and g.attached_to is None and not stays_at_battlefield(
                    self.sim, g.id):
                bf = g.at
                self.place(g, "base")
                self.tr.step(StepKind.CLEANUP, object=g.id, reason={"code": Reason.GEAR_RECALLED, "battlefield": bf})
                self.sim.board.emit(Event.RECALLED, object=g.id, why="lone_gear")
                changed = True
        return changed

    def _do_detach(self, a):
        """Detach a gear (R. 436, 716)."""
        g = self.world.objects[a["object"]]
        if g.attached_to:
            g.attached_to = None
            self.sim.board.emit(Event.DETACHED, object=g.id)


__all__ = ["Movement"]
