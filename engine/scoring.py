"""Scoring and victory points (R. 469–474): conquer and hold, the final point, Hunt, drawing and
Burn Out (R. 414, 432), XP (R. 728).

``Scoring`` is the rules area ``sim.scoring`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from . import keywords
from .area import Area
from .board import why
from .kinds import (
    Event,
    Keyword,
    Reason,
    StepKind,
    Why,
    keyword_base,
    keyword_number,
)
from .live_state import Ev
from .movement import draw_one, shuffle_trash_into_deck


class Scoring(Area):
    """Scores, points, draws and XP (the area ``sim.scoring``)."""

    def gain_control(self, bf: str, player: str) -> None:
        """Establish control (R. 188, 468.5, 348.2.a): a player who did not control the battlefield
        gains it, which is a Conquer (R. 471.1); keeping a battlefield already controlled scores nothing."""
        o = self.world.objects[bf]
        if o.controller == player:
            return
        o.controller = player
        self.sim.combat.control_established()
        self.sim.board.emit(Event.CONTROL_GAINED, object=bf, player=player)
        self.sim.effects.settle()
        self.score(player, bf, "conquer")

    def declare_winner(self, player: str) -> None:
        """R. 194.2, 196: ``player`` wins the game; nothing more resolves or scores."""
        self.world.scoring.winner = player

    def score(self, player: str, bf: str, how: str) -> None:
        """Conquer or hold (R. 471), once per battlefield per player per turn; the final point (R. 473)."""
        p = self.world.players[player]
        entry = {"player": player, "battlefield": bf, "how": how, "points_before": p.points,
                 "turn": self.world.turn.number}
        if bf in self.world.scoring.scored[player]:
            entry.update(point=False, why=why(Why.ALREADY_SCORED), points_after=p.points)
            self.world.scoring.log.append(entry)
            self.tr.step(StepKind.SCORE, object=bf, reason={"code": Reason.SCORE, **entry})
            self.sim.board.emit(Event.SCORE_REFUSED, object=bf, player=player, how=how, why=entry["why"]["code"])
            return
        self.world.scoring.scored[player].add(bf)
        final = p.points >= self.sc.victory_score - 1
        if not final:
            reason, point = why(Why.CONQUER if how == "conquer" else Why.HOLD), True
        elif how == "hold":
            reason, point = why(Why.FINAL_BY_HOLD), True
        elif all(b in self.world.scoring.scored[player] for b in self.sim.board.battlefields()):
            reason, point = why(Why.FINAL_ALL_SCORED), True
        else:
            missing = [b for b in self.sim.board.battlefields() if b not in self.world.scoring.scored[player]]
            reason, point = why(Why.FINAL_REFUSED, missing=missing), False
        entry.update(point=point, why=reason)
        before = p.points
        if point:
            p.points += 1  # R. 471: the point is scored with the conquest or hold the step tells
        self.tr.step(StepKind.SCORE, object=bf, reason={"code": Reason.SCORE, **entry, "points_after": p.points})
        self.sim.board.emit(Event.CONQUERED if how == "conquer" else "held", object=bf, player=player)
        if point:
            self.sim.board.emit(Event.SCORED, object=bf, player=player, how=how, why=reason["code"])
            self.sim.board.emit(Event.POINT_GAINED, player=player, amount=1, before=before, after=p.points, how=how)
        else:
            self.sim.board.emit(Event.SCORE_REFUSED, object=bf, player=player, how=how, why=reason["code"])
            self.sim.replacement.process([Ev("draw", player=player)])
        entry["points_after"] = p.points
        self.world.scoring.log.append(entry)
        self.hunt_at(bf, player)
        if how == "hold":  # « when an opponent holds here » (Deploy, R. 830.1.b)
            for oid, o in list(self.world.objects.items()):
                if o.zone == "battlefield" and o.at == bf:
                    for _, fn in keywords.of(self.sim.board.keywords_of(oid), "on_hold_here"):
                        fn(self.sim, oid, player)
        self.sim.effects.settle()

    def hunt_at(self, bf: str, player: str) -> None:
        """Hunt N (R. 823): each unit of the scorer at that battlefield makes its controller gain N XP."""
        for oid in self.sim.board.units_at(bf, player):
            for _, fn in keywords.of(self.sim.board.keywords_of(oid), "on_conquer_or_hold"):
                fn(self.sim, oid, player)

    def add_points(self, player: str, n: int, how: str) -> None:
        """A player gains victory points (R. 469); the victory itself is judged at a cleanup (R. 323.1)."""
        p = self.world.players[player]
        before = p.points
        p.points += n
        self.sim.board.emit(Event.POINT_GAINED, player=player, amount=n, before=before, after=p.points, how=how)

    def draw_now(self, pid: str) -> None:
        """Draw one card (R. 414)."""
        self.take_top(pid, "hand")

    def take_top(self, pid: str, to: str) -> None:
        """Draw (R. 414); from an empty Main Deck, Burn Out (R. 432.2): the trash is recycled into the
        deck, the player chooses an opponent who gains 1 point, then the draw goes on.  With an empty
        trash too the deck stays empty and the draw burns out again and again (R. 432.3) until an
        opponent wins — at once for the points after the first Burn Out (R. 432.3.c)."""
        w = self.world
        p = w.players[pid]
        opponents = [q for q in w.turn_order() if q != pid]
        repeat = 0
        while p.deck <= 0:
            if not opponents or repeat >= 100:  # pragma: no cover - a lone player has nobody to score
                self.sim.board.emit(Event.NOTHING_HAPPENS, player=pid, why="empty_deck")
                return
            trash_objs = [o for o in w.objects.values() if o.zone == "discard" and o.controller == pid]
            for o in trash_objs:
                self.sim.movement.place(o, "deck")
            shuffled = shuffle_trash_into_deck(p, len(trash_objs))
            opp = self.burn_out_opponent(pid, opponents, repeat)
            self.tr.step(
                StepKind.SCORE,
                reason={
                    "code": Reason.BURN_OUT,
                    "player": pid,
                    "opponent": opp,
                    "shuffled": shuffled,
                    "repeat": repeat,
                    "why": why(Why.BURN_OUT),
                },
            )
            self.sim.board.emit(Event.BURNED_OUT, player=pid, shuffled=shuffled, opponent=opp, repeat=repeat)
            self.add_points(opp, 1, "burn_out")
            # R. 432.3.c: only the points after the first Burn Out win at once, for the player who gains them
            if repeat and self.sim.cleanup.check_victory(immediate=True, only=opp):
                return
            repeat += 1
        draw_one(p, to)
        if to == "hand":
            self.sim.board.emit(Event.DREW, player=pid)
        else:  # Burn (R. 441): into the trash
            self.sim.board.emit(Event.BURNED, player=pid)

    def burn_out_opponent(self, pid: str, opponents: list[str], repeat: int) -> str:
        """R. 432.2.c: the player who burns out chooses the opponent who gains the point.  A choice in
        ``choices`` ({burn_out: [ids]}) is read in order, its last id kept for later repeats; unscripted,
        the first Burn Out of the action is explored and a repeat gives to the same opponent (the rules
        leave each repeat to the player, R. 432.3; exploring them all would multiply the outcomes)."""
        if len(opponents) == 1:
            return opponents[0]
        for c in self.sc.choices:
            if "burn_out" in c and (c.get("action") is None or c["action"] == self.record.action):
                picks = [x for x in c["burn_out"] if x in opponents]
                if picks:
                    pick = picks[min(repeat, len(picks) - 1)]
                    self.tr.step(StepKind.CHOICE, reason={"code": Reason.BURN_OUT_CHOICE, "by": pid,
                                                          "options": opponents, "picked": pick, "scripted": True})
                    return pick
        if repeat and self.world.scoring.last_burn_out in opponents:
            return self.world.scoring.last_burn_out
        idx = self.sim.choices.choose("burn_out", opponents, pid, [self.world.players[q].name for q in opponents])
        self.world.scoring.last_burn_out = opponents[idx]
        return opponents[idx]

    def _do_gain_points(self, a):
        """Gain points without scoring a battlefield (R. 469)."""
        self.add_points(a["player"], a["amount"], "effect")

    def _do_hunt(self, a):
        """Hunt N resolves (R. 823): its controller gains N XP (R. 728)."""
        oid = a["object"]
        kws = self.world.view[oid].keywords if oid in self.world.view else ()
        hunts = [k for k in kws if keyword_base(k) == Keyword.CHASSE]
        if not hunts or not self.world.objects[oid].on_board:
            self.sim.board.emit(Event.NOTHING_HAPPENS, object=oid, why="no_hunt")
            return
        n = keyword_number(hunts[0])
        self.sim.board.emit(Event.HUNT_RESOLVED, object=oid, amount=n)
        self._do_gain_xp({"player": self.sim.board.ctrl(oid), "amount": n})

    def _do_gain_xp(self, a):
        """Gain XP (R. 728)."""
        p = self.world.players[a["player"]]
        before = p.xp
        p.xp += a["amount"]
        self.sim.board.emit(Event.XP_GAINED, player=p.id, amount=a["amount"], before=before, after=p.xp)

    def _do_spend_xp(self, a):
        """Spend XP (R. 728): refused when there is not enough."""
        p = self.world.players[a["player"]]
        if p.xp < a["amount"]:
            self.sim.board.emit(Event.XP_SPEND_REFUSED, player=p.id, amount=a["amount"], xp=p.xp)
            return
        self.spend_xp(p.id, a["amount"])

    def spend_xp(self, pid: str, amount: int) -> None:
        """R. 730.2: spending XP reduces the XP marked on the player (the caller checked there is enough)."""
        p = self.world.players[pid]
        before = p.xp
        p.xp -= amount
        self.sim.board.emit(Event.XP_SPENT, player=pid, amount=amount, before=before, after=p.xp)

    def _do_draw(self, a):
        """Draw one card (R. 414), a replaceable event (R. 367)."""
        self.sim.replacement.process([Ev("draw", player=a["player"])])

    def _do_play_card(self, a):
        """Count another card played this turn (R. 349), read by Legion (R. 812)."""
        self.count_played(a["player"])
        self.sim.board.emit(Event.CARD_PLAYED, player=a["player"])

    def count_played(self, pid: str, card: str | None = None) -> None:
        """A card finalized by ``pid`` this turn (R. 812.1.c), with its id when it is described."""
        p = self.world.players[pid]
        p.cards_played += 1
        if card is not None:
            p.played = (*p.played, card)


__all__ = ["Scoring"]
