"""Hidden (« Caché », R. 811) and the Hide action (R. 422): a card hidden facedown at a battlefield its
player controls (R. 107.3), played from there on a later turn with Reaction and without its base cost.

``Hidden`` is the rules area ``sim.hidden`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .kinds import Event, Keyword, Reason, StepKind, has_keyword
from .live_state import Obj
from .movement import take_from_hand

HIDDEN = Keyword.CACHE  # Hidden (R. 811)


class Hidden(Area):
    """Hide a card, play it from facedown, remove it when its battlefield is lost (the area ``sim.hidden``)."""

    def init_hidden(self) -> None:
        """A card facedown in the situation was hidden on an earlier turn (R. 811.1.b)."""
        for o in self.world.objects.values():
            if o.zone == "facedown" and o.hidden_turn is None:
                o.hidden_turn = 0  # hidden on an earlier turn than the scenario's first

    def facedown_at(self, bf: str) -> list[str]:
        """The cards in a battlefield's Facedown Zone (R. 107.3)."""
        return [oid for oid, o in self.world.objects.items() if o.zone == "facedown" and o.at == bf]

    def _do_hide(self, a):
        """Hide (R. 422, 811.1.b–c): on their own turn, in an Open State, a player pays [A] to put a card
        with Hidden from their hand facedown at a battlefield they control that has no facedown card yet
        (R. 107.3.b–c).  Hiding is not playing (R. 811.1.c.1) and opens no chain (R. 811.1.c.2)."""
        w = self.world
        o = w.objects[a["object"]]
        bf = a["to"]
        player = o.controller
        if o.zone != "hand" or not has_keyword(o.keywords, HIDDEN):
            self.sim.board.refuse(
                f"{o.name} n'est pas une carte avec Caché dans la main : rien ne peut être caché (R. 811.1.b)")
        if player != w.turn_player:
            self.sim.board.refuse(
                f"{w.players[player].name} ne peut cacher une carte que pendant son tour (R. 811.1.b)")
        if self.sim.chain.closed():
            self.sim.board.refuse("une chaîne est ouverte : on ne cache une carte que dans un état ouvert (R. 811.1.b)")
        if bf == "base" or w.objects[bf].controller != player:
            self.sim.board.refuse(
                f"{o.name} ne peut être cachée que sur un champ de bataille contrôlé (R. 422.1, 107.3.c)")
        if self.facedown_at(bf):
            self.sim.board.refuse(
                f"{self.sim.board.name(bf)} a déjà une carte face cachée : une seule à la fois (R. 107.3.b, 811.1.b)")
        if self.sim.costs.pays(player):
            self.sim.costs.pay(player, f"Cacher {o.name}", 0, any_power=1)  # [A]: Power of any domain (R. 135.2.e.5)
        self.sim.movement.place(o, "facedown", bf)
        o.hidden_turn = self.world.turn.number
        take_from_hand(w.players[player])
        self.sim.board.emit(Event.HIDDEN, object=o.id, player=player, to=bf, turn=self.world.turn.number)

    def from_hidden(self, o: Obj, player: str) -> str:
        """Playing a card from facedown (R. 811.1.b, 811.6): from the turn after it was hidden, with
        Reaction; returns its battlefield, where its choices are made (R. 811.1.d)."""
        if o.controller != player:
            self.sim.board.refuse(
                f"{o.name} face cachée n'appartient pas à {self.world.players[player].name} (R. 811.1.b)")
        if o.hidden_turn is not None and o.hidden_turn >= self.world.turn.number:
            self.sim.board.refuse(
                f"{o.name} a été cachée ce tour-ci : elle ne se joue qu'à partir du tour suivant (R. 811.1.b)")
        return o.at

    def hidden_timing(self, player: str, label: str) -> None:
        """R. 811.6, 813: a card played from facedown has Reaction — whoever holds priority (chain open)
        or focus (showdown) may play it, and the turn player in a Neutral Open State."""
        problem = self.sim.chain.cast_timing(player, "reaction", label, True)
        if problem:
            self.sim.board.refuse(problem)

    def remove_lost_hidden(self) -> bool:
        """R. 323.6.a, 468.5.c, 107.3.d: at a cleanup, facedown cards at a battlefield their controller
        no longer controls go to their owner's trash (revealed, R. 422.4)."""
        changed = False
        for oid, o in self.world.objects.items():
            if o.zone == "facedown" and self.world.objects[o.at].controller != o.controller:
                bf = o.at
                self.sim.movement.place(o, "discard")
                self.tr.step(StepKind.CLEANUP, object=oid, reason={"code": Reason.HIDDEN_REMOVED, "battlefield": bf})
                self.sim.board.emit(Event.HIDDEN_REMOVED, object=oid, player=o.controller, battlefield=bf)
                changed = True
        return changed


__all__ = ["HIDDEN", "Hidden"]
