"""The whole turn: movement, the chain, showdowns, combat and scoring (Core Rules v1.4).

``Play`` is the part of the simulator (``sim.Sim`` inherits it) that knows the board: battlefields
and who controls them, the chain with priority, showdowns with focus, combat with its damage
assignment, scoring and the final point, the start and the end of a turn.  Every order is derived
here from the rules; a scenario only gives the situation, the actions and, where a player chooses,
``choices`` (otherwise each option is explored as an outcome).

Illegal actions (moving an exhausted unit, Ganking without the keyword, acting without priority or
focus, assigning damage against Tank or Backline) raise ``ScenarioError`` with a French message
naming the rule: the engine never plays a silently different game.
"""

from __future__ import annotations

from .kinds import Why, has_keyword, keyword_base, keyword_number
from .scenario import ScenarioError
from .state import Ev, Obj

TANK, BACKLINE = "Tank", "Arrière-ligne"


def why(code: Why, **extra) -> dict:
    """The structured « pourquoi ? » of a decision: code, rule and French label."""
    return {"code": code.value, "rule": code.doc, "label": code.label, **extra}


class Play:
    """Board, chain, showdown, combat and scoring procedures of the simulator."""

    def init_play(self) -> None:
        self.items: list[dict] = []  # the chain, bottom first (R. 325)
        self.item_no = 0
        self.priority: str | None = None  # who may add to the open chain (R. 311)
        self.passes = 0
        self.chain_starter: str | None = None
        self.showdown: dict | None = None  # {battlefield, attacker, defender, focus, passes, combat}
        self.contested: list[tuple[str, str]] = []  # (battlefield, contesting player), in order (R. 447)
        self.scored: dict[str, set[str]] = {pid: set() for pid in self.world.players}
        self.winner: str | None = None
        self.turn = 1
        self.combats: list[dict] = []
        self.scores: list[dict] = []
        self.combat_at: str | None = None  # the battlefield of the combat going on (R. 323.5)
        self._last_burn_out: str | None = None
        self.turn_rest = None  # the rest of a start of turn waiting for answers (generator)

    # ------------------------------------------------------------------ board helpers
    def refuse(self, message: str) -> None:
        """An illegal action: a French error naming the action and the rule (never a silent change)."""
        where = f"actions[{self.action}]" if self.action is not None else "scénario"
        raise ScenarioError(f"{where} : {message}")

    def battlefields(self) -> list[str]:
        return [oid for oid, o in self.world.objects.items() if o.type == "battlefield"]

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

    def default_location(self, zone: str) -> str | None:
        """A legacy zone move: « base », or the only battlefield when battlefields are described."""
        if zone == "base":
            return "base"
        bfs = self.battlefields()
        if not bfs:
            return None
        if len(bfs) > 1:
            self.refuse("précisez le champ de bataille de destination avec « to » (R. 447)")
        return bfs[0]

    def next_player(self, pid: str) -> str:
        ids = list(self.world.players)
        return ids[(ids.index(pid) + 1) % len(ids)]

    def label_of(self, oid: str | None) -> str:
        return self.name(oid) if oid else ""

    def has_kw(self, oid: str, base: str) -> bool:
        o = self.world.objects[oid]
        kws = self.world.view[oid].keywords if o.on_board and oid in self.world.view else o.keywords
        return has_keyword(tuple(kws), base)

    def board_tuple(self) -> tuple:
        w = self.world
        contested = dict(self.contested)
        bfs = tuple((b, w.objects[b].controller, contested.get(b)) for b in self.battlefields())
        chain = tuple((it["id"], it["label"], it["player"], it["speed"], it["target"]) for it in self.items)
        sd = None
        if self.showdown:
            sd = tuple((k, self.showdown[k]) for k in ("battlefield", "attacker", "defender", "focus", "combat"))
        return (bfs, chain, sd, self.priority if self.items else None, w.turn_player, self.turn)

    def board_out(self) -> dict:
        from .trace import board_dict

        d = board_dict(self.board_tuple())
        d.update(victory_score=self.sc.victory_score, mode=self.sc.mode, winner=self.winner)
        for b, v in d["battlefields"].items():
            v["name"] = self.name(b)
            v["units"] = self.units_at(b)
            v["scored_by"] = sorted(p for p, s in self.scored.items() if b in s)
        return d

    def place(self, o: Obj, zone: str, at: str | None = None) -> None:
        """Put an object in a zone; leaving a battlefield ends its combat roles and marked damage."""
        if zone != "battlefield" or at != o.at:
            o.defending = o.attacking = False
        if zone not in ("base", "battlefield"):
            o.damage, o.stunned = 0, False
        o.zone, o.at = zone, (at if zone in ("battlefield", "facedown") else None)
        if zone != "facedown":
            o.hidden_turn = None

    def move_now(self, o: Obj, dest: str | None) -> None:
        """The location change of a move (R. 447); a battlefield not controlled by the mover is contested."""
        if dest in (None, "base"):
            self.place(o, "base")
            self.emit("moved", object=o.id, zone="base", to="base")
            return
        if dest == "battlefield":
            self.place(o, "battlefield")
            self.emit("moved", object=o.id, zone="battlefield")
            return
        self.place(o, "battlefield", dest)
        self.emit("moved", object=o.id, zone="battlefield", to=dest)
        self.note_contest(o.id, dest)

    def note_contest(self, oid: str, bf: str) -> None:
        player = self.ctrl(oid)
        if player is None or not self.world.objects[oid].is_unit:
            return
        if self.world.objects[bf].controller == player or any(b == bf for b, _ in self.contested):
            return
        self.contested.append((bf, player))
        self.emit("contested", object=bf, player=player)

    # ------------------------------------------------------------------ implicit passes
    def before_action(self, act: dict) -> bool:
        """Before an action: what everyone did not do happens — the open chain resolves and an open
        showdown ends when the next action is not an answer (R. 311, 340, 341).  False: game over."""
        if self.winner is not None:
            self.tr.step("skip", reason={"code": "game_over", "winner": self.winner})
            return False
        do = act["do"]
        reaction = self.is_reaction(act)
        if self.turn_rest is not None and not (self.items and (reaction or do in ("pass", "query"))):
            # the answers to the start of the turn are over: the chain resolves and the turn goes on
            self.resolve_chain()
            self.resume_turn(reaction)
            if self.winner is not None:
                return False
        if self.items and not (do in ("pass", "query", "add") or reaction):
            self.resolve_chain()
        elif self.items and reaction and self.actor(act) != self.priority:
            self.implicit_passes(self.actor(act))
        while (self.showdown or self.pending_triggers) and not self.items and do not in ("pass", "query", "add"):
            if self.pending_triggers:
                self.settle_chain()
                continue
            if reaction or (do == "cast" and act.get("speed") == "action"):
                break
            self.close_showdown(implicit=True)
        return self.winner is None

    def is_reaction(self, act: dict) -> bool:
        """Whether an action may answer an open chain: a Reaction spell (R. 813) or a card played from
        facedown, which has Reaction (R. 811.6)."""
        if act["do"] == "cast":
            return act.get("speed") == "reaction" or bool(act.get("hidden"))
        return act["do"] == "play_unit" and self.world.objects[act["object"]].zone == "facedown"

    def actor(self, act: dict) -> str | None:
        if act["do"] == "play_unit":
            return self.world.objects[act["object"]].controller
        return act.get("player")

    def closed(self) -> bool:
        """R. 331.1, 329.1: a chain exists (pending triggered abilities are already on it)."""
        return bool(self.items or self.pending_triggers)

    def triggers_to_chain(self) -> None:
        """R. 383.3, 337.1: once the outstanding tasks are done, the abilities that triggered are
        finalized on the chain.  Several at once (R. 383.3.d): the turn player places theirs first,
        then each player in turn order; each player orders their own (an open choice, or ``choices``:
        {order: [effect ids]}).  The newest item is resolved first, so what is placed last resolves first."""
        if not self.pending_triggers or self.winner is not None:
            return
        pending, self.pending_triggers = self.pending_triggers, []
        by_player: dict[str, list[str]] = {}
        for eid, _cause in pending:
            src = self.world.effects[eid].spec.source
            who = (self.ctrl(src) if src else None) or self.world.turn_player
            by_player.setdefault(who, []).append(eid)
        started = not self.items
        for pid in [p for p in self.world.turn_order() if p in by_player]:
            rest = list(by_player[pid])
            while rest:
                if len(rest) > 1:
                    labels = [self.world.effects[e].spec.label for e in rest]
                    idx = self.choose("trigger_order", list(rest), pid, labels)
                else:
                    idx = 0
                eid = rest.pop(idx)
                self.item_no += 1
                item = {"id": self.item_no, "player": pid, "label": self.world.effects[eid].spec.label,
                        "speed": "trigger", "target": None, "target_at": None, "steps": [], "trigger": eid,
                        "action": self.action}
                self.items.append(item)
                self.emit("chain_added", player=pid, label=item["label"], item=item["id"], speed="trigger",
                          effect=eid)
        if started:
            self.chain_starter = None  # R. 346.1: a chain opened by a triggered ability does not pass focus
        self.priority = self.items[-1]["player"]  # R. 337.4
        self.passes = 0
        self.tr.show_board(self.board_tuple())
        self.tr.step("priority", reason={"code": "priority", "player": self.priority, "chain": len(self.items)})

    def settle_chain(self) -> None:
        """A task that must finish before the game goes on (a phase, a combat step, R. 335, 468.2):
        the abilities that triggered go on the chain and, nobody answering, the chain resolves."""
        self.triggers_to_chain()
        if self.items:
            self.resolve_chain()

    def implicit_passes(self, player: str) -> None:
        """A Reaction by another player than the one with priority: those before them in turn order
        passed (R. 338.1.b, 339); if everyone passed in sequence, the newest item resolves (R. 339.1)."""
        while self.items and self.priority != player:
            holder = self.priority
            self.emit("passed", player=holder, what="priority")
            self.passes += 1
            self.priority = self.next_player(holder)
            if self.passes >= len(self.world.players):
                self.resolve_top()

    def finish_open(self) -> None:
        """After the last action: the chain resolves, showdowns and combats still pending take place."""
        if self.turn_rest is not None:
            self.resolve_chain()
            self.resume_turn(False)
        guard = 0
        while (self.items or self.pending_triggers or self.showdown or self.contested) and self.winner is None:
            guard += 1
            if guard > 50:  # pragma: no cover - each pass removes a contest or an item
                break
            if self.items or self.pending_triggers:
                self.settle_chain()
            elif self.showdown:
                self.close_showdown(implicit=True)
            else:
                self.cleanup()
                if not self.showdown:
                    break

    # ------------------------------------------------------------------ cleanup (R. 318–323)
    def cleanup(self) -> None:
        """A cleanup (R. 318–323), repeated while it changes something (R. 322): the victory check
        (R. 323.1), units with lethal damage die (R. 323.4), empty battlefields lose their controller
        (R. 323.5, 190.4.c); then, the chain empty and no showdown, a staged showdown opens (R. 323.11)."""
        for _ in range(20):
            if self.check_victory():
                return
            changed = self.kill_lethal()
            changed = self.lose_empty_control() or changed
            changed = self.remove_lost_hidden() or changed
            if not changed:
                break
        self.combat_in_showdown()
        if self.pending_triggers:
            # R. 334.1–334.2: the cleanup is done; the abilities that triggered can now be finalized.
            self.tr.step("cleanup", reason={"code": "cleanup_done",
                                            "effects": [eid for eid, _ in self.pending_triggers]})
        if self.closed() or self.showdown or self.combat_at or not self.contested or self.winner is not None:
            return
        # R. 323.10: a contest whose units have all left is over (nothing to fight for).
        self.contested = [(b, p) for b, p in self.contested if self.units_at(b, p)]
        if not self.contested:
            return
        if len(self.contested) > 1:
            # R. 323.11–323.12: the turn player chooses which battlefield comes first
            opts = [b for b, _ in self.contested]
            idx = self.choose("combat", opts, self.world.turn_player, [self.name(b) for b in opts])
            self.contested.insert(0, self.contested.pop(idx))
        bf, attacker = self.contested[0]
        self.open_showdown(bf, attacker)

    def combat_in_showdown(self) -> None:
        """R. 323.8, 323.13: in a Showdown Open State, units of an opponent now at the battlefield of a
        non-combat showdown stage a combat there, and the showdown becomes a combat showdown."""
        sd = self.showdown
        if sd is None or sd["combat"] or self.closed() or self.winner is not None:
            return
        bf, attacker = sd["battlefield"], sd["attacker"]
        others = [p for p in self.world.turn_order() if p != attacker and self.units_at(bf, p)]
        if not others or not self.units_at(bf, attacker):
            return
        sd["combat"], sd["defender"] = True, others[0]
        self.tr.step("cleanup", object=bf, reason={"code": "combat_staged", "attacker": attacker,
                                                    "defender": others[0]})
        self.start_combat(bf, attacker, others[0])

    def start_combat(self, bf: str, attacker: str, defender: str) -> None:
        """R. 461, 344.1: a combat begins — attacker and defender designations."""
        self.emit("combat_started", object=bf, attacker=attacker, defender=defender)
        for oid in self.units_at(bf, attacker):
            self.world.objects[oid].attacking = True
            self.emit("attacking", object=oid)
        for oid in self.units_at(bf, defender):
            self.world.objects[oid].defending = True
            self.emit("defending", object=oid)
        self.settle()

    def kill_lethal(self) -> bool:
        """R. 323.4: every unit with lethal damage marked dies, all together (R. 142.4)."""
        w = self.world
        lethal = [
            oid
            for oid, o in w.objects.items()
            if o.is_unit and o.on_board and o.damage > 0 and o.damage >= max(1, self.power(oid))
        ]
        if not lethal:
            return False
        self.tr.step("cleanup", candidates=lethal, reason={"code": "lethal_damage", "objects": lethal})
        self.process([Ev("die", obj=oid) for oid in lethal])
        self.settle()
        return True

    def lose_empty_control(self) -> bool:
        """R. 323.5, 190.4.c: in an Open state (no chain), a player who has no unit left at a battlefield
        they control loses its control, unless a showdown or a combat is going on there."""
        if self.closed():
            return False
        busy = {self.showdown["battlefield"]} if self.showdown else set()
        if self.combat_at:
            busy.add(self.combat_at)
        changed = False
        for bf in self.battlefields():
            holder = self.world.objects[bf].controller
            if holder is None or bf in busy or self.units_at(bf, holder):
                continue
            self.world.objects[bf].controller = None
            self.tr.step("cleanup", object=bf, reason={"code": "empty_battlefield", "player": holder,
                                                        "why": why(Why.EMPTY_BATTLEFIELD)})
            self.emit("control_lost", object=bf, player=holder, why=Why.EMPTY_BATTLEFIELD.value)
            changed = True
        if changed:
            self.settle()
        return changed

    def check_victory(self, immediate: bool = False) -> bool:
        """R. 194.2, 323.1: at a cleanup, a player with at least the victory score and more points than
        every other player wins (a tie at or above it: play goes on, R. 194.2.b).  ``immediate``: the
        repeated Burn Out, whose winner needs no cleanup (R. 432.3.c)."""
        if self.winner is not None:
            return True
        players = self.world.players
        best = max((p.points for p in players.values()), default=0)
        if best < self.sc.victory_score:
            return False
        leaders = [pid for pid, p in players.items() if p.points == best]
        if len(leaders) > 1:
            return False
        self.winner = leaders[0]
        self.tr.step("cleanup", reason={"code": "victory", "player": self.winner, "points": best,
                                        "immediate": immediate})
        self.emit("game_won", player=self.winner, points=best)
        return True

    # ------------------------------------------------------------------ showdown (R. 341, 311)
    def open_showdown(self, bf: str, attacker: str) -> None:
        others = [p for p in self.world.turn_order() if p != attacker and self.units_at(bf, p)]
        combat = bool(others)
        defender = others[0] if others else self.world.objects[bf].controller
        if defender is None or defender == attacker:
            defender = self.next_player(attacker) if len(self.world.players) > 1 else None
        self.showdown = {
            "battlefield": bf,
            "attacker": attacker,
            "defender": defender,
            "focus": attacker,
            "passes": 0,
            "combat": combat,
        }
        self.emit("showdown_started", object=bf, attacker=attacker, defender=defender, combat=combat)
        if combat:
            self.start_combat(bf, attacker, defender)
        self.tr.show_board(self.board_tuple())
        self.tr.step("priority", object=bf, reason={"code": "focus", "player": attacker, "battlefield": bf})

    def showdown_players(self) -> list[str]:
        sd = self.showdown
        return [p for p in (sd["attacker"], sd["defender"]) if p is not None]

    def close_showdown(self, implicit: bool = False) -> None:
        """Everyone passed in succession (R. 341): combat damage, or control for the one who moved in."""
        sd = self.showdown
        bf = sd["battlefield"]
        if implicit:
            self.tr.step("priority", object=bf, reason={"code": "all_passed", "players": self.showdown_players()})
        self.emit("showdown_ended", object=bf)
        self.showdown = None
        self.contested = [(b, p) for b, p in self.contested if b != bf]
        if sd["combat"]:
            self.run_combat(bf, sd["attacker"], sd["defender"])
        else:
            # R. 348.2.a: the only player with units left there establishes control (not necessarily
            # the one who contested it); a conquer if it was not theirs (R. 348.2.a.1).
            present = [p for p in self.world.turn_order() if self.units_at(bf, p)]
            if len(present) == 1:
                self.gain_control(bf, present[0])
        self.tr.show_board(self.board_tuple())
        self.cleanup()

    # ------------------------------------------------------------------ the chain (R. 327–340)
    def _do_cast(self, a):
        """Play a spell or ability: it becomes the newest item of the chain (R. 325, 349, 398)."""
        player, speed = a["player"], a["speed"]
        card, hidden_at = None, None
        if a.get("hidden"):
            card = self.world.objects[a["hidden"]]
            if card.zone != "facedown" or card.type != "spell":
                self.refuse(f"{card.name} n'est pas un sort face cachée (R. 811.1.b)")
            hidden_at = self.from_hidden(card, player)
            speed = "reaction"  # R. 811.6
            target = a.get("target")
            if target is not None and self.world.objects[target].at != hidden_at:
                self.refuse(f"joué depuis {self.name(hidden_at)}, « {a['label']} » doit y choisir sa cible "
                            "(R. 811.1.d, 811.1.d.2)")
        problem = self.cast_timing(player, speed, a["label"], card is not None)
        if problem and a.get("optional"):
            # an answer the player may play, but cannot now (nothing to answer, no priority): not played
            self.emit("passed", player=player, label=a["label"], why="cannot_play")
            return
        if problem:
            self.refuse(problem)
        if a.get("optional"):
            if self.choose("answer", [a["label"]], player, [a["label"]]) != 0:
                self.emit("passed", player=player, label=a["label"], why="declined")
                return
        # R. 356–357: its cost, Deflect included (R. 809); from facedown, without its base cost (R. 811.1.b)
        self.pay_spell(a, "all" if card is not None else "")
        if card is not None:
            self.place(card, "chain")
            self.emit("card_played", player=player, object=card.id, from_hidden=hidden_at)
        self.item_no += 1
        target = a.get("target")
        t_obj = self.world.objects[target] if target else None
        item = {
            "id": self.item_no,
            "player": player,
            "label": a["label"],
            "speed": speed,
            "target": target,
            "target_at": (t_obj.zone, t_obj.at) if t_obj else None,
            "steps": a.get("steps") or [],
            "action": self.action,
            "card": card.id if card is not None else None,
        }
        if not self.items:
            self.chain_starter = player
        self.items.append(item)
        self.emit("chain_added", player=player, label=a["label"], item=item["id"], speed=speed, object=target)
        # R. 337.4: once the item is finalized, the controller of the newest item gains priority — the
        # caster may answer their own spell with a Reaction before passing.
        self.priority = player
        self.passes = 0
        self.tr.show_board(self.board_tuple())
        self.tr.step("priority", reason={"code": "priority", "player": self.priority, "chain": len(self.items)})

    def cast_timing(self, player: str, speed: str, label: str, hidden: bool) -> str | None:
        """Who may play now (R. 311, 316, 806, 813): with the chain open, the player with priority and a
        Reaction; in a showdown, the player with focus and an Action or a Reaction; otherwise the turn
        player.  A card from facedown has Reaction (R. 811.6).  Returns the French refusal, or None."""
        names = self.world.players
        sd = self.showdown
        if self.items:
            if speed != "reaction" and not hidden:  # pragma: no cover - before_action resolved the chain
                return f"« {label} » n'est pas de vitesse Réaction : la chaîne doit être vide (R. 806, 813)"
            if player != self.priority:
                return (f"{names[player].name} n'a pas la priorité : c'est à {names[self.priority].name} de répondre "
                        "ou de passer (R. 311)")
        elif sd is not None:
            if speed == "normal" and not hidden:  # pragma: no cover - before_action closed the showdown
                return f"« {label} » ne peut pas être joué pendant une confrontation (R. 316, 806)"
            if player != sd["focus"]:
                return (f"{names[player].name} n'a pas la focalisation : c'est à {names[sd['focus']].name} d'agir ou "
                        "de passer (R. 311, 341)")
        elif player != self.world.turn_player:
            return (f"{names[player].name} ne peut pas jouer « {label} » : chaîne vide, seul le joueur du tour a la "
                    "priorité (R. 311, 316)")
        return None

    def _do_pass(self, a):
        """Pass priority (chain open) or focus (showdown, chain empty) (R. 311)."""
        player = a["player"]
        name = self.world.players[player].name
        if self.items:
            if player != self.priority:
                self.refuse(
                    f"{name} ne peut pas passer : la priorité est à {self.world.players[self.priority].name} (R. 311)"
                )
            self.emit("passed", player=player, what="priority")
            self.passes += 1
            self.priority = self.next_player(player)
            if self.passes >= len(self.world.players):
                self.resolve_top()
            return
        sd = self.showdown
        if sd is None:
            self.refuse(f"{name} ne peut pas passer : ni chaîne ouverte ni confrontation en cours (R. 311)")
        if player != sd["focus"]:
            self.refuse(
                f"{name} n'a pas la focalisation : elle est à {self.world.players[sd['focus']].name} (R. 311, 341)"
            )
        self.emit("passed", player=player, what="focus")
        sd["passes"] += 1
        others = [p for p in self.showdown_players() if p != player]
        sd["focus"] = others[0] if others else player
        if sd["passes"] >= len(self.showdown_players()):
            self.close_showdown()
        else:
            self.tr.show_board(self.board_tuple())
            self.tr.step("priority", object=sd["battlefield"],
                         reason={"code": "focus", "player": sd["focus"], "battlefield": sd["battlefield"]})

    def resolve_chain(self) -> None:
        """Nobody answers: items resolve newest first, each followed by a cleanup (R. 318, 340)."""
        while self.items:
            self.tr.step("priority", reason={"code": "all_passed", "chain": len(self.items)})
            self.resolve_top()

    def resolve_top(self) -> None:
        item = self.items.pop()
        self.tr.show_board(self.board_tuple())
        self.tr.step(
            "chain",
            reason={
                "code": "chain_resolve",
                "item": item["id"],
                "label": item["label"],
                "player": item["player"],
                "left": len(self.items),
            },
        )
        target = item["target"]
        if target is not None:
            o = self.world.objects[target]
            if (o.zone, o.at) != item["target_at"] or not o.on_board:
                if item.get("card"):
                    self.place(self.world.objects[item["card"]], "discard")
                self.emit("fizzled", label=item["label"], object=target, item=item["id"])
                self.after_item()
                return
        saved = self.action
        self.action = item["action"]
        if item.get("trigger"):
            self.in_resolution = True
            self.resolve_trigger(item["trigger"])
            self.settle()
            self.in_resolution = False
        else:
            self._do_resolve({"label": item["label"], "steps": item["steps"]})
        self.action = saved
        if item.get("card") and self.world.objects[item["card"]].zone == "chain":
            self.place(self.world.objects[item["card"]], "discard")  # a resolved spell goes to the trash
        self.emit("chain_resolved", label=item["label"], item=item["id"], player=item["player"])
        self.after_item()

    def after_item(self) -> None:
        self.settle()
        self.cleanup()  # R. 319.5: a cleanup after an item leaves the chain
        self.triggers_to_chain()
        self.passes = 0
        sd = self.showdown
        if self.items:
            self.priority = self.items[-1]["player"]  # R. 340.4: the controller of the newest item
        else:
            self.priority = None
            if sd and self.chain_starter in self.showdown_players():
                # After a chain in a showdown, focus goes to the next player; both must pass again.
                others = [p for p in self.showdown_players() if p != self.chain_starter]
                sd["focus"] = others[0] if others else self.chain_starter
                sd["passes"] = 0
        self.tr.show_board(self.board_tuple())


    # ------------------------------------------------------------------ combat (R. 461–468)
    def side_might(self, units: list[str]) -> tuple[int, list[dict]]:
        """Total Might of one side (R. 467): stunned units deal nothing, a negative Might counts 0."""
        total, parts = 0, []
        for oid in units:
            p = self.power(oid)
            if self.world.objects[oid].stunned:
                parts.append({"object": oid, "might": p, "counts": 0, "why": why(Why.STUNNED)})
                continue
            c = max(0, p)
            part = {"object": oid, "might": p, "counts": c}
            if p < 0:
                part["why"] = why(Why.NEGATIVE_MIGHT)
            parts.append(part)
            total += c
        return total, parts

    def rank(self, oid: str) -> int:
        if self.has_kw(oid, TANK):
            return 0
        if self.has_kw(oid, BACKLINE):
            return 2
        return 1

    def lethal(self, oid: str) -> int:
        o = self.world.objects[oid]
        return max(1, max(0, self.power(oid)) - o.damage)

    def scripted_assign(self, order: tuple, options: list[str]) -> int | None:
        """A damage order given by ``choices`` (R. 467): checked against Tank and Backline."""
        pool = self._assign_pool
        first = next((x for x in order if x in pool), None)
        if first is None:
            return None
        if first not in options:
            blocker = options[0]
            if self.rank(first) > self.rank(blocker):
                rule = "Tank (R. 815)" if self.rank(blocker) == 0 else "Arrière-ligne (R. 826)"
                reason = (
                    f"{self.name(blocker)} a Tank et doit recevoir des dégâts mortels d'abord"
                    if self.rank(blocker) == 0
                    else f"{self.name(first)} a Arrière-ligne et ne reçoit des dégâts qu'en dernier"
                )
            else:
                rule = "Arrière-ligne (R. 826)"
                reason = f"{self.name(first)} a Arrière-ligne et ne reçoit des dégâts qu'en dernier"
            raise ScenarioError(
                f"choices : répartition contraire aux règles — {self.name(first)} ne peut pas recevoir de "
                f"dégâts maintenant : {reason} ({rule})"
            )
        idx = options.index(first)
        self.tr.step(
            "choice",
            object=first,
            reason={
                "code": "assign_choice",
                "by": self._assign_by,
                "options": options,
                "picked": first,
                "scripted": True,
            },
        )
        return idx

    def check_script(self, by: str, cands: list[str]) -> None:
        """A scripted order must respect Tank and Backline even where the rules leave no choice."""
        for c in self.sc.choices:
            if "assign" in c and c.get("by", by) == by:
                first = next((x for x in c["assign"] if x in self._assign_pool), None)
                if first is not None and first not in cands:
                    self.scripted_assign(c["assign"], cands)

    def assign(self, by: str, total: int, receivers: list[str]) -> list[dict]:
        """R. 467 with Tank (R. 815) and Backline (R. 826): lethal damage to one unit before the next,
        Tank units first, Backline units last, the excess on the last unit."""
        pool = list(receivers)
        out: list[dict] = []
        remaining = total
        self._assign_by, self._assign_pool = by, pool
        while remaining > 0 and pool:
            best = min(self.rank(u) for u in pool)
            cands = sorted(u for u in pool if self.rank(u) == best)
            self.check_script(by, cands)
            if len(cands) == 1:
                pick = cands[0]
                reason = why(Why.TANK_FIRST if best == 0 else Why.BACKLINE_LAST if best == 2 else Why.ONLY_CANDIDATE)
            elif remaining >= sum(self.lethal(u) for u in cands):
                pick = cands[0]
                reason = why(Why.ANY_ORDER)
                if best == 0:
                    reason = why(Why.TANK_FIRST, also=why(Why.ANY_ORDER)["label"])
            else:
                pick = cands[self.choose("assign", cands, by, [self.name(u) for u in cands])]
                reason = why(Why.CHOSEN)
                if best == 0:
                    reason = why(Why.TANK_FIRST, chosen=True)
            lethal = self.lethal(pick)
            pool.remove(pick)
            give = min(remaining, lethal)
            if not pool:
                give = remaining
            item = {"object": pick, "amount": give, "lethal": lethal, "why": reason}
            if give > lethal:
                item["excess"] = give - lethal
                item["why_excess"] = why(Why.EXCESS_ON_LAST)
            elif give < lethal:
                item["why_short"] = why(Why.NOT_ENOUGH)
            out.append(item)
            remaining -= give
            self.tr.step(
                "assign",
                object=pick,
                candidates=cands,
                reason={
                    "code": "assign",
                    "by": by,
                    "amount": give,
                    "lethal": lethal,
                    "remaining": remaining,
                    "why": item["why"],
                    **({"excess": item["excess"]} if "excess" in item else {}),
                    **({"short": True} if give < lethal else {}),
                },
            )
        for u in pool:
            self.tr.step(
                "assign",
                object=u,
                reason={
                    "code": "assign",
                    "by": by,
                    "amount": 0,
                    "lethal": self.lethal(u),
                    "remaining": 0,
                    "why": why(Why.NOT_ENOUGH),
                },
            )
        self._assign_pool = []
        return out

    def run_combat(self, bf: str, attacker: str, defender: str) -> None:
        """Damage step (R. 467), the combat cleanup (R. 468.1), resolution step (R. 468.3–468.7)."""
        self.combat_at = bf
        A, D = self.units_at(bf, attacker), self.units_at(bf, defender)
        report = {"battlefield": bf, "attacker": attacker, "defender": defender, "attackers": A, "defenders": D}
        ta, pa = self.side_might(A)
        td, pd = self.side_might(D)
        report["might"] = {"attacker": ta, "defender": td}
        report["contributions"] = {"attacker": pa, "defender": pd}
        self.tr.step(
            "combat",
            object=bf,
            candidates=A + D,
            reason={
                "code": "damage_step",
                "attacker": attacker,
                "defender": defender,
                "might_attacker": ta,
                "might_defender": td,
                "contributions": pa + pd,
            },
        )
        assignments = []
        if A and D:
            for by, total, to in ((attacker, ta, D), (defender, td, A)):
                items = self.assign(by, total, to)
                assignments.append({"by": by, "total": total, "items": items})
        report["assignments"] = assignments
        for a in assignments:
            for it in a["items"]:
                o = self.world.objects[it["object"]]
                o.damage += it["amount"]
                self.emit(
                    "combat_damage",
                    object=it["object"],
                    amount=it["amount"],
                    by=a["by"],
                    why=it["why"]["code"],
                    rule=it["why"]["rule"],
                    lethal=it["lethal"],
                )
        self.settle()
        before = set(A + D)
        # R. 468.1: the combat cleanup — deaths (R. 323.4), then every unit is healed (R. 468.1.a.1)
        self.cleanup()
        self.settle_chain()  # R. 468.2: what the damage and the cleanup triggered resolves first
        alive_a, alive_d = self.units_at(bf, attacker), self.units_at(bf, defender)
        report["deaths"] = sorted(
            u for u in before if self.world.objects[u].zone != "battlefield" or self.world.objects[u].at != bf
        )
        self.tr.step(
            "combat",
            object=bf,
            reason={"code": "resolution_step", "attackers_left": alive_a, "defenders_left": alive_d},
        )
        for oid, o in self.world.objects.items():  # R. 468.1.a.1: heal all units, not only the combatants
            if o.is_unit and o.on_board and o.damage:
                o.damage = 0
                self.emit("healed", object=oid)
        restaged = False
        if alive_a and alive_d:
            report["result"] = "recalled"
            self.process([Ev("recall", obj=oid) for oid in alive_a])
            if self.units_at(bf, attacker) and self.units_at(bf, defender):
                # R. 468.3.d.1: the recall was replaced and both sides are still here — no result, and
                # a new showdown and combat are staged at this battlefield (no control change, R. 468.5).
                restaged = True
                report["restaged"] = True
        elif alive_a:
            report["result"] = "conquered"
        elif alive_d:
            report["result"] = "defended"
        else:
            report["result"] = "uncontrolled"
            if self.world.objects[bf].controller is not None:
                self.world.objects[bf].controller = None
                self.emit("control_lost", object=bf)
        for o in self.world.objects.values():
            if o.attacking:
                o.attacking = False
        self._do_end_combat({})
        self.emit("combat_ended", object=bf, result=report["result"])
        self.combats.append(report)
        self.combat_at = None
        self.settle()
        if restaged:
            self.contested.append((bf, attacker))
            self.emit("contested", object=bf, player=attacker)
        elif report["result"] in ("conquered", "defended"):
            # R. 468.5, 468.5.d–e: the winner establishes control if it was not theirs — the defender
            # of a battlefield they did not control conquers it too.
            self.gain_control(bf, attacker if report["result"] == "conquered" else defender)

    # ------------------------------------------------------------------ scoring (R. 469–474)
    def gain_control(self, bf: str, player: str) -> None:
        """Establish control (R. 188, 468.5, 348.2.a): a player who did not control the battlefield
        gains it, which is a Conquer (R. 471.1); keeping a battlefield already controlled scores nothing."""
        o = self.world.objects[bf]
        if o.controller == player:
            return
        o.controller = player
        self.emit("control_gained", object=bf, player=player)
        self.settle()
        self.score(player, bf, "conquer")

    def score(self, player: str, bf: str, how: str) -> None:
        """Conquer or hold (R. 471), once per battlefield per player per turn; the final point (R. 473)."""
        p = self.world.players[player]
        entry = {"player": player, "battlefield": bf, "how": how, "points_before": p.points, "turn": self.turn}
        if bf in self.scored[player]:
            entry.update(point=False, why=why(Why.ALREADY_SCORED), points_after=p.points)
            self.scores.append(entry)
            self.tr.step("score", object=bf, reason={"code": "score", **entry})
            self.emit("score_refused", object=bf, player=player, how=how, why=entry["why"]["code"])
            return
        self.scored[player].add(bf)
        final = p.points >= self.sc.victory_score - 1
        if not final:
            reason, point = why(Why.CONQUER if how == "conquer" else Why.HOLD), True
        elif how == "hold":
            reason, point = why(Why.FINAL_BY_HOLD), True
        elif all(b in self.scored[player] for b in self.battlefields()):
            reason, point = why(Why.FINAL_ALL_SCORED), True
        else:
            missing = [b for b in self.battlefields() if b not in self.scored[player]]
            reason, point = why(Why.FINAL_REFUSED, missing=missing), False
        entry.update(point=point, why=reason)
        self.tr.step("score", object=bf, reason={"code": "score", **entry, "points_after": p.points + point})
        self.emit("conquered" if how == "conquer" else "held", object=bf, player=player)
        if point:
            self.emit("scored", object=bf, player=player, how=how, why=reason["code"])
            self.add_points(player, 1, how)
        else:
            self.emit("score_refused", object=bf, player=player, how=how, why=reason["code"])
            self.process([Ev("draw", player=player)])
        entry["points_after"] = p.points
        self.scores.append(entry)
        self.hunt_at(bf, player)
        self.settle()

    def hunt_at(self, bf: str, player: str) -> None:
        """Hunt N (R. 823): each unit of the scorer at that battlefield makes its controller gain N XP."""
        for oid in self.units_at(bf, player):
            kws = self.world.view[oid].keywords if oid in self.world.view else ()
            for k in kws:
                if keyword_base(k) == "Chasse":
                    n = keyword_number(k)
                    self.tr.step("score", object=oid, reason={"code": "hunt", "amount": n, "why": why(Why.HUNT)})
                    self.emit("hunt_resolved", object=oid, amount=n)
                    self._do_gain_xp({"player": player, "amount": n})

    def add_points(self, player: str, n: int, how: str) -> None:
        p = self.world.players[player]
        before = p.points
        p.points += n
        self.emit("point_gained", player=player, amount=n, before=before, after=p.points, how=how)

    def draw_now(self, pid: str) -> None:
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
                self.emit("nothing_happens", player=pid, why="empty_deck")
                return
            trash_objs = [o for o in w.objects.values() if o.zone == "discard" and o.controller == pid]
            shuffled = p.trash + len(trash_objs)
            for o in trash_objs:
                self.place(o, "deck")
            p.deck, p.trash = shuffled, 0
            opp = self.burn_out_opponent(pid, opponents, repeat)
            self.tr.step(
                "score",
                reason={
                    "code": "burn_out",
                    "player": pid,
                    "opponent": opp,
                    "shuffled": shuffled,
                    "repeat": repeat,
                    "why": why(Why.BURN_OUT),
                },
            )
            self.emit("burned_out", player=pid, shuffled=shuffled, opponent=opp, repeat=repeat)
            self.add_points(opp, 1, "burn_out")
            if repeat and self.check_victory(immediate=True):
                return
            repeat += 1
        p.deck -= 1
        p.hand += 1
        self.emit("drew", player=pid)

    def burn_out_opponent(self, pid: str, opponents: list[str], repeat: int) -> str:
        """R. 432.2.c: the player who burns out chooses the opponent who gains the point.  A choice in
        ``choices`` ({burn_out: [ids]}) is read in order, its last id kept for later repeats; unscripted,
        the first Burn Out of the action is explored and a repeat gives to the same opponent (the rules
        leave each repeat to the player, R. 432.3; exploring them all would multiply the outcomes)."""
        if len(opponents) == 1:
            return opponents[0]
        for c in self.sc.choices:
            if "burn_out" in c and (c.get("action") is None or c["action"] == self.action):
                picks = [x for x in c["burn_out"] if x in opponents]
                if picks:
                    pick = picks[min(repeat, len(picks) - 1)]
                    self.tr.step("choice", reason={"code": "burn_out_choice", "by": pid, "options": opponents,
                                                   "picked": pick, "scripted": True})
                    return pick
        if repeat and self._last_burn_out in opponents:
            return self._last_burn_out
        idx = self.choose("burn_out", opponents, pid, [self.world.players[q].name for q in opponents])
        self._last_burn_out = opponents[idx]
        return opponents[idx]

    # ------------------------------------------------------------------ actions
    def _do_standard_move(self, a):
        """Standard move (R. 144): exhaust ready units of the turn player, base ↔ battlefield;
        battlefield → battlefield needs Ganking (R. 810)."""
        w = self.world
        dest = a["to"]
        units = list(dict.fromkeys(a["objects"]))
        player = None
        for oid in units:
            o = w.objects[oid]
            n = self.name(oid)
            if not o.is_unit or not o.on_board:
                self.refuse(f"{n} n'est pas une unité sur le plateau : seul une unité peut se déplacer (R. 144)")
            c = self.ctrl(oid)
            if player is None:
                player = c
            elif c != player:
                self.refuse("un déplacement standard ne concerne que les unités d'un même joueur (R. 144)")
            if o.exhausted:
                self.refuse(f"{n} est épuisée : un déplacement standard épuise l'unité, qui doit être prête (R. 144)")
            here = self.location(o)
            if here == dest:
                self.refuse(f"{n} est déjà à cet endroit (R. 144)")
            if here != "base" and dest != "base" and not self.has_kw(oid, "Gank"):
                self.refuse(f"{n} n'a pas Gank : elle ne peut pas aller d'un champ de bataille à un autre (R. 810)")
        if player != w.turn_player:
            self.refuse(
                f"{w.players[player].name} n'est pas le joueur du tour : le déplacement standard se fait pendant "
                "sa propre phase principale (R. 144.1, 316)"
            )
        for oid in units:
            w.objects[oid].exhausted = True
            self.emit("exhausted", object=oid)
        self.process([Ev("move", obj=oid, dest=dest) for oid in units])

    def _do_recall(self, a):
        """Recall (R. 456): to its owner's base, not a move; a replaceable event (R. 367)."""
        if self.world.objects[a["object"]].on_board:
            self.process([Ev("recall", obj=a["object"])])

    def _do_play_unit(self, a):
        """Play a unit (R. 349): it enters exhausted unless Accelerate is paid (R. 805)."""
        w = self.world
        o = w.objects[a["object"]]
        n = o.name
        if not o.is_unit or o.on_board:
            self.refuse(f"{n} n'est pas une unité hors du plateau : elle ne peut pas être jouée (R. 349)")
        player = o.controller
        hidden_at = self.from_hidden(o, player) if o.zone == "facedown" else None
        if hidden_at is not None:
            self.hidden_timing(player, n)  # R. 811.6: it has Reaction
            if a.get("to") not in (None, "base", hidden_at):
                self.refuse(f"{n}, jouée face cachée, arrive sur {self.name(hidden_at)} (R. 811.1.d.1)")
            dest = hidden_at
        else:
            if player != w.turn_player:
                self.refuse(f"{w.players[player].name} ne peut jouer une unité que pendant son tour (R. 316)")
            dest = a.get("to") or "base"
            if dest != "base" and w.objects[dest].controller != player:
                self.refuse(f"{n} ne peut arriver que sur sa base ou un champ de bataille contrôlé (R. 349)")
        if a["accelerate"] and not has_keyword(o.keywords, "Accélération"):
            self.refuse(f"{n} n'a pas Accélération : rien ne permet de la faire arriver prête (R. 805)")
        # R. 356–357: the total cost, Accelerate included; from facedown, without the base cost (R. 811.1.b)
        self.pay_unit(o, player, a["accelerate"], "all" if hidden_at is not None else a.get("ignore_cost") or "")
        self.place(o, "base" if dest == "base" else "battlefield", None if dest == "base" else dest)
        o.exhausted = not a["accelerate"]
        o.since = w.clock
        w.clock += 1
        w.players[player].cards_played += 1
        if hidden_at is None:
            w.players[player].hand = max(0, w.players[player].hand - 1)
        self.emit("unit_played", object=o.id, player=player, accelerate=a["accelerate"], exhausted=o.exhausted, to=dest,
                  from_hidden=hidden_at)

    def _do_damage(self, a):
        """Deal damage (R. 418): it is marked; a unit with lethal damage dies at the next cleanup (R. 323.4)."""
        o = self.world.objects[a["object"]]
        if not o.is_unit or not o.on_board:
            self.emit("nothing_happens", object=o.id, why="off_board")
            return
        o.damage += a["amount"]
        self.emit("damaged", object=o.id, amount=a["amount"], total=o.damage)

    def _do_stun(self, a):
        """Stun (R. 424): the unit deals no combat damage until the end of the turn."""
        o = self.world.objects[a["object"]]
        if o.on_board and o.is_unit:
            o.stunned = True
            self.emit("stunned", object=o.id)

    def _do_gain_points(self, a):
        self.add_points(a["player"], a["amount"], "effect")

    def _do_start_turn(self, a):
        """Start of turn (R. 315), run by ``start_turn_steps``; it pauses where a chain opens that the
        next scripted action answers (R. 335: the phase's task waits for the chain), and goes on before
        the first action that is no answer."""
        self.turn_rest = self.start_turn_steps()
        self.resume_turn(self.is_answer(self.action + 1))

    def is_answer(self, idx: int | None) -> bool:
        """Whether scenario action ``idx`` answers an open chain: a pass or a card with Reaction."""
        acts = self.sc.actions
        if idx is None or idx >= len(acts):
            return False
        return acts[idx]["do"] == "pass" or self.is_reaction(acts[idx])

    def resume_turn(self, answered: bool) -> None:
        """Go on with the start of the turn; a chain it opens waits for the answers when ``answered``,
        and otherwise resolves at once, nobody answering (R. 340)."""
        while self.turn_rest is not None:
            try:
                next(self.turn_rest)
            except StopIteration:
                self.turn_rest = None
                return
            if self.items and answered and self.winner is None:
                self.tr.step("priority", reason={"code": "answer_window", "player": self.priority,
                                                 "chain": len(self.items)})
                return
            self.resolve_chain()

    def start_turn_steps(self):
        """Start of turn (R. 315): Awaken (ready, R. 315.1), Beginning phase (Temporary kills before
        scoring, R. 816.1.b; then hold, R. 315.2.b, 471.2), Channel two runes (R. 315.3), Draw one
        (R. 315.4).  A cleanup follows each phase (R. 319.2): an empty battlefield is lost before the
        scoring step, and a victory is judged there (R. 323.1)."""
        w = self.world
        tp = w.turn_player
        self.emit("turn_started", player=tp, turn=self.turn)
        self.tr.step("phase", reason={"code": "awaken", "player": tp})
        for oid, o in w.objects.items():
            if o.on_board and o.controller == tp and o.exhausted:
                o.exhausted = False
                self.emit("readied", object=oid)
        self.phase_cleanup()
        self.tr.step("phase", reason={"code": "beginning", "player": tp})
        temp = [
            oid
            for oid, o in w.objects.items()
            if o.is_unit and o.on_board and self.ctrl(oid) == tp and self.has_kw(oid, "Temporaire")
        ]
        if temp:
            # R. 816.1: Temporary is a triggered ability — « kill this » goes on the chain, before scoring.
            self.tr.step(
                "phase", candidates=temp, reason={"code": "temporary", "objects": temp, "why": why(Why.TEMPORARY)}
            )
            for oid in temp:
                self.item_no += 1
                label = f"Temporaire ({self.name(oid)})"
                self.items.append({"id": self.item_no, "player": tp, "label": label, "speed": "trigger",
                                   "target": None, "target_at": None, "action": self.action,
                                   "steps": [{"do": "kill", "objects": [oid]}]})
                self.emit("chain_added", player=tp, label=label, item=self.item_no, speed="trigger", object=oid)
            self.chain_starter = None
            self.priority = tp
            yield
        yield from self.phase_cleanup()
        for bf in self.battlefields():
            if w.objects[bf].controller == tp and self.winner is None:
                self.score(tp, bf, "hold")
        yield from self.phase_cleanup()
        if self.winner is not None:
            return
        self.tr.step("phase", reason={"code": "channel", "player": tp})
        self.channel(tp, 2)
        yield from self.phase_cleanup()
        self.tr.step("phase", reason={"code": "draw", "player": tp})
        self.process([Ev("draw", player=tp)])
        self.empty_pools("main_phase")  # R. 167: the Main Phase starts with empty Rune Pools

    def phase_cleanup(self):
        """R. 319.2, 335: between two phases, a cleanup, then what triggered goes on the chain, which
        resolves (or is answered) before going on — a generator step of ``start_turn_steps``."""
        if self.fresh:  # something happened since the last computation
            self.settle()
        self.cleanup()
        self.triggers_to_chain()
        while self.items:
            yield
            self.triggers_to_chain()

    def end_turn_board(self) -> None:
        """Ending phase (R. 317): damage removed, stun ends, scores of the turn forgotten, next player."""
        w = self.world
        for o in w.objects.values():
            o.damage = 0
            o.stunned = False
        for s in self.scored.values():
            s.clear()
        self.emit("turn_ended", player=w.turn_player, turn=self.turn)
        if len(w.players) > 1:
            w.turn_player = self.next_player(w.turn_player)
        self.turn += 1
        self.tr.show_board(self.board_tuple())
