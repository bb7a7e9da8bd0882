"""Playing a card (R. 349): a spell card from the hand or, with Flow, the trash (R. 829); a permanent: a unit
(R. 805 Accelerate, 811 Hidden, 822 Ambush) or a gear (R. 830 Deploy,
819 Quick-Draw), with the play effects of its keywords (Vision, Weaponmaster, Quick-Draw, Show Off).

``Playing`` is the rules area ``sim.playing`` of the simulator (``sim.Sim``); the keywords' parts are asked
through ``keywords.of(…, hook)``.
"""

from __future__ import annotations

from . import keywords
from .area import Area
from .keywords import repeat, show_off
from .kinds import Event, Keyword, has_keyword
from .live_state import Obj
from .movement import take_from_hand


class Playing(Area):
    """Units and gear arriving on the board (the area ``sim.playing``)."""

    def play_speed(self, o: Obj, dest) -> str | None:
        """The speed a keyword gives the play (Reaction: Ambush to a battlefield with own units, Quick-Draw)."""
        for _, fn in keywords.of(o.keywords, "play_speed"):
            if fn(self.sim, o.id, dest) == "reaction":
                return "reaction"
        return None

    def allowed_by_keyword(self, o: Obj, dest, player: str) -> bool:
        """A keyword permission to be played there (Ambush, R. 822.1.b; Deploy, R. 830.1.b.1)."""
        return any(fn(self.sim, o.id, dest, player) for _, fn in keywords.of(o.keywords, "play_to"))

    def play_timing(self, o: Obj, player: str, dest) -> None:
        """R. 316, 349: a permanent is played on its player's turn in an open state; with Reaction (a keyword),
        whenever its player could play a Reaction (R. 813.1.c)."""
        if self.play_speed(o, dest) == "reaction":
            self.sim.hidden.hidden_timing(player, o.name)
        elif player != self.world.turn_player:
            self.sim.board.refuse(
                f"{self.world.players[player].name} ne peut jouer {o.name} que pendant son tour (R. 316)")

    def _do_play_unit(self, a):
        """Play a unit (R. 349): it enters exhausted unless Accelerate is paid (R. 805)."""
        w = self.world
        o = w.objects[a["object"]]
        n = o.name
        if not o.is_unit or o.on_board:
            self.sim.board.refuse(f"{n} n'est pas une unité hors du plateau : elle ne peut pas être jouée (R. 349)")
        player = o.controller
        hidden_at = self.sim.hidden.from_hidden(o, player) if o.zone == "facedown" else None
        if hidden_at is not None:
            self.sim.hidden.hidden_timing(player, n)  # R. 811.6: it has Reaction
            if a.get("to") not in (None, "base", hidden_at):
                self.sim.board.refuse(
                    f"{n}, jouée face cachée, arrive sur {self.sim.board.name(hidden_at)} (R. 811.1.d.1)")
            dest = hidden_at
        else:
            dest = a.get("to") or "base"
            self.play_timing(o, player, dest)
            if dest != "base" and w.objects[dest].controller != player and not self.allowed_by_keyword(o, dest, player):
                self.sim.board.refuse(f"{n} ne peut arriver que sur sa base ou un champ de bataille contrôlé (R. 349)"
                                      + (" ; Embuscade demande des unités à soi là-bas (R. 822.1.b)"
                                         if has_keyword(o.keywords, Keyword.EMBUSCADE) else ""))
        if a["accelerate"] and not has_keyword(o.keywords, Keyword.ACCELERATION):
            self.sim.board.refuse(f"{n} n'a pas Accélération : rien ne permet de la faire arriver prête (R. 805)")
        self.show_off(o, a)  # R. 832.1.c.2: decided as it is played
        # R. 356–357: the total cost, Accelerate included; from facedown, without the base cost (R. 811.1.b)
        self.sim.costs.pay_unit(
            o, player, a["accelerate"], "all" if hidden_at is not None else a.get("ignore_cost") or "")
        self.sim.movement.place(o, "base" if dest == "base" else "battlefield", None if dest == "base" else dest)
        o.exhausted = not a["accelerate"]
        o.since = w.clock
        w.clock += 1
        self.sim.scoring.count_played(player, o.id)  # from facedown too (R. 811.1.c.3)
        if hidden_at is None:
            take_from_hand(w.players[player])
        self.sim.board.emit(
            Event.UNIT_PLAYED, object=o.id, player=player, accelerate=a["accelerate"], exhausted=o.exhausted,
            to=dest, from_hidden=hidden_at)
        if dest != "base":
            self.sim.movement.note_contest(o.id, dest)  # R. 822: an Ambush to a battlefield its player does not control
        self.play_effects(o, a)

    def _do_play_gear(self, a):
        """Play a gear (R. 349): to its player's base; with Deploy, only to a battlefield, any one (R. 830.1.b)."""
        w = self.world
        o = w.objects[a["object"]]
        if o.type != "gear" or o.zone != "hand":
            self.sim.board.refuse(f"{o.name} n'est pas un équipement dans la main : il ne peut pas être joué (R. 349)")
        player = o.controller
        dest = a.get("to") or "base"
        self.play_timing(o, player, dest)
        must = any(fn(self.sim, o.id) for _, fn in keywords.of(o.keywords, "must_play_to_battlefield"))
        if must and dest == "base":
            self.sim.board.refuse(f"{o.name} a Deploy : il se joue seulement sur un champ de bataille (R. 830.1.b)")
        if dest != "base" and not self.allowed_by_keyword(o, dest, player):
            self.sim.board.refuse(f"{o.name} se joue dans la base de son joueur (R. 349, 811.1.d.1.a)")
        self.sim.costs.pay_unit(o, player, False, "")
        self.sim.movement.place(o, "base" if dest == "base" else "battlefield", None if dest == "base" else dest)
        o.since = w.clock
        w.clock += 1
        self.sim.scoring.count_played(player, o.id)
        take_from_hand(w.players[player])
        self.sim.board.emit(Event.GEAR_PLAYED, object=o.id, player=player, to=dest)
        self.play_effects(o, a)

    def card_to_cast(self, a: dict, player: str):
        """The spell card of ``cast {card}``: from its player's hand, or from the trash for its Flow cost (R. 829.1.b);
        ``repeat`` needs a Repeat cost (R. 820.1)."""
        card = self.world.objects[a["card"]]
        where = "discard" if a.get("flow") else "hand"
        if card.type != "spell" or card.zone != where or card.controller != player:
            self.sim.board.refuse(
                f"{card.name} n'est pas un sort de {self.world.players[player].name} "
                + ("dans sa Défausse (Flux, R. 829.1.b)" if a.get("flow") else "dans sa main (R. 349)"))
        if a.get("flow") and "flow" not in card.keyword_costs:
            self.sim.board.refuse(f"{card.name} n'a pas Flux : elle ne se joue pas depuis la Défausse (R. 829.1.b)")
        if (a.get("repeat") or a.get("repeat_costs")) and "repeat" not in card.keyword_costs:
            self.sim.board.refuse(f"{card.name} n'a pas de coût de Répétition (R. 820.1.c)")
        if card.zone == "hand":
            take_from_hand(self.world.players[player])
        return card

    def repeat_costs(self, card: Obj | None, a: dict) -> list[dict]:
        """The Repeat costs ``cast`` pays, each once (R. 820.1.c.2, 820.1.c.3)."""
        return repeat.chosen(self.sim, card, a)

    def spell_steps(self, card: Obj | None, a: dict, repeats: int) -> list:
        """A spell's instructions as its keywords make them: once more for each Repeat cost paid (R. 820.1.d, 820.3),
        those linked to Show Off kept as it showed off or not (R. 832.1.c.1)."""
        return show_off.linked_steps(self.sim, card, repeat.steps(a.get("steps") or [], repeats))

    def spell_leaves_chain(self, item: dict) -> None:
        """A spell leaving the chain goes to its owner's trash — banished instead when played for its Flow cost
        (R. 829.1.b.1, a delayed replacement)."""
        card = self.world.objects[item["card"]]
        if item.get("flow"):
            self.sim.movement.place(card, "banished")
            self.sim.board.emit(Event.BANISHED, object=card.id, why="flow")
        else:
            self.sim.movement.place(card, "discard")

    def show_off(self, o: Obj | None, a: dict) -> None:
        """The choices a keyword makes as its card is finalized (Show Off, R. 832.1.c.2); ``show_off`` on a card
        without Show Off, or on a spell written without its card, is refused (R. 832.1)."""
        hooks = keywords.of(o.keywords, "on_finalize") if o is not None else []
        if a.get("show_off") is not None and not hooks:
            what = o.name if o is not None else f"« {a.get('label')} »"
            self.sim.board.refuse(f"{what} n'a pas Show Off : rien n'est montré en le jouant (R. 832.1)")
        for _, fn in hooks:
            fn(self.sim, o.id, a)

    def play_effects(self, o: Obj, a: dict) -> None:
        """The keywords' play effects, in the card's order (R. 803): Vision, Weaponmaster, Quick-Draw — triggered
        abilities put on the chain after the permanent enters the board (R. 383.4.a.2), where they can be answered;
        ``resolve_keyword_trigger`` runs them."""
        for m, fn in keywords.of(o.keywords, "on_play"):
            self.keyword_trigger(m, o.id, "played", lambda sim, oid, fn=fn, a=dict(a): fn(sim, oid, a))

    def keyword_trigger(self, m, oid: str, cause: str, run) -> None:
        """A keyword's triggered ability (a play effect, an attack trigger) waits as a pending item and goes on the
        chain at the next cleanup's end (R. 383.3), where it can be answered; ``run(sim, oid)`` is what it does."""
        eid = f"{m.KEYWORD.name}:{oid}"
        self.sim.triggers.keyword_triggered(eid, (m, oid, run), cause)

    def resolve_keyword_trigger(self, eid: str) -> None:
        """A keyword's triggered ability resolves from the chain (R. 340.1)."""
        m, oid, run = self.world.triggers.keyword[eid]
        self.sim.board.emit(Event.TRIGGER_RESOLVED, effect=eid, object=oid, label=self.sim.triggers.trigger_label(eid))
        run(self.sim, oid)


__all__ = ["Playing"]
