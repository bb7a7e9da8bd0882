"""The chain and priority (R. 325–340): adding items, who may answer, passing, resolving newest first,
and the implicit passes between two scripted actions.

``Chain`` is the rules area ``sim.chain`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area, handler
from .kinds import ACTIONS, Do, Event, Reason, StepKind
from .layers import text_active


class Chain(Area):
    """Chain, priority and resolution (the area ``sim.chain``)."""

    def before_action(self, act: dict) -> bool:
        """Before an action: what everyone did not do happens — the open chain resolves and an open
        showdown ends when the next action is not an answer (R. 311, 340, 341).  False: game over."""
        if self.world.scoring.winner is not None:
            self.tr.step(StepKind.SKIP, reason={"code": Reason.GAME_OVER, "winner": self.world.scoring.winner})
            return False
        do = act["do"]
        reaction = self.is_reaction(act)
        chain = self.world.chain
        if self.world.turn.rest is not None and not (chain.items and (reaction or do in (Do.PASS, Do.QUERY))):
            # the answers to the start of the turn are over: the chain resolves and the turn goes on
            self.resolve_chain()
            self.sim.turn.resume_turn(reaction)
            if self.world.scoring.winner is not None:
                return False
        if self.world.chain.items and not (do in (Do.PASS, Do.QUERY, Do.ADD) or reaction):
            self.resolve_chain()
        elif self.world.chain.items and reaction and self.actor(act) != self.world.chain.priority:
            self.implicit_passes(self.actor(act))
        while (self.world.showdown.current or self.world.triggers.pending) and not chain.items \
                and do not in ("pass", "query", "add"):
            if self.world.triggers.pending:
                self.settle_chain()
                continue
            if reaction or (do == Do.CAST and act.get("speed") == "action"):
                break
            self.sim.showdown.close_showdown(implicit=True)
        return self.world.scoring.winner is None

    def is_reaction(self, act: dict) -> bool:
        """Whether an action may answer an open chain: a Reaction spell (R. 813) or a card played from
        facedown, which has Reaction (R. 811.6)."""
        if act["do"] == Do.CAST:
            return act.get("speed") == "reaction" or bool(act.get("hidden"))
        if act["do"] not in (Do.PLAY_UNIT, Do.PLAY_GEAR):
            return False
        o = self.world.objects[act["object"]]
        return o.zone == "facedown" or self.sim.playing.play_speed(o, act.get("to") or "base") == "reaction"

    def actor(self, act: dict) -> str | None:
        """The player who takes an action (R. 311): the caster, or the controller of the unit played."""
        if act["do"] in (Do.PLAY_UNIT, Do.PLAY_GEAR):
            return self.world.objects[act["object"]].controller
        return act.get("player")

    def closed(self) -> bool:
        """R. 331.1, 329.1: a chain exists (pending triggered abilities are already on it)."""
        return bool(self.world.chain.items or self.world.triggers.pending)

    def triggers_to_chain(self) -> None:
        """R. 383.3, 337.1: once the outstanding tasks are done, the abilities that triggered are
        finalized on the chain.  Several at once (R. 383.3.d): the turn player places theirs first,
        then each player in turn order; each player orders their own (an open choice, or ``choices``:
        {order: [effect ids]}).  The newest item is resolved first, so what is placed last resolves first."""
        if not self.world.triggers.pending or self.world.scoring.winner is not None:
            return
        pending = self.sim.triggers.take_pending_triggers()
        by_player: dict[str, list[str]] = {}
        for eid, _cause in pending:
            src = self.sim.triggers.trigger_source(eid)
            who = (self.sim.board.ctrl(src) if src else None) or self.world.turn_player
            by_player.setdefault(who, []).append(eid)
        started = not self.world.chain.items
        for pid in [p for p in self.world.turn_order() if p in by_player]:
            rest = list(by_player[pid])
            while rest:
                if len(rest) > 1:
                    labels = [self.sim.triggers.trigger_label(e) for e in rest]
                    idx = self.sim.choices.choose("trigger_order", list(rest), pid, labels)
                else:
                    idx = 0
                eid = rest.pop(idx)
                self.push_trigger_item(pid, self.sim.triggers.trigger_label(eid), trigger=eid)
        chain = self.world.chain
        if started:
            chain.starter = None  # R. 346.1: a chain opened by a triggered ability does not pass focus
        chain.priority = chain.items[-1]["player"]  # R. 337.4
        chain.passes = 0
        self.tr.show_board(self.sim.board.board_tuple())
        self.tr.step(StepKind.PRIORITY,
                     reason={"code": Reason.PRIORITY, "player": chain.priority, "chain": len(chain.items)})

    def push_trigger_item(self, pid: str, label: str, trigger: str | None = None, steps: list | None = None,
                          object: str | None = None) -> dict:
        """R. 383.3: a triggered ability controlled by ``pid`` is finalized on top of the chain: the effect id of
        a written trigger, or the ``steps`` an engine-made one (Temporary, R. 816.1) carries out."""
        chain = self.world.chain
        chain.item_no += 1
        item = {"id": chain.item_no, "player": pid, "label": label, "speed": "trigger", "target": None,
                "target_at": None, "steps": steps or [], "action": self.record.action}
        if trigger is not None:
            item["trigger"] = trigger
        chain.items.append(item)
        self.sim.board.emit(
            Event.CHAIN_ADDED, player=pid, label=label, item=item["id"], speed="trigger", effect=trigger, object=object)
        return item

    def chain_opened_by_trigger(self) -> None:
        """R. 346.1, 337.4: a chain opened by a triggered ability of the turn player: they hold priority and
        nobody gains focus from it."""
        chain = self.world.chain
        chain.starter = None
        chain.priority = chain.items[-1]["player"]

    def settle_chain(self) -> None:
        """A task that must finish before the game goes on (a phase, a combat step, R. 335, 468.2):
        the abilities that triggered go on the chain and, nobody answering, the chain resolves."""
        self.triggers_to_chain()
        if self.world.chain.items:
            self.resolve_chain()

    def implicit_passes(self, player: str) -> None:
        """A Reaction by another player than the one with priority: those before them in turn order
        passed (R. 338.1.b, 339); if everyone passed in sequence, the newest item resolves (R. 339.1)."""
        while self.world.chain.items and self.world.chain.priority != player:
            holder = self.world.chain.priority
            self.sim.board.emit(Event.PASSED, player=holder, what="priority")
            self.world.chain.passes += 1
            self.world.chain.priority = self.sim.board.next_player(holder)
            if self.world.chain.passes >= len(self.world.players):
                self.resolve_top()

    def finish_open(self) -> None:
        """After the last action: the chain resolves (R. 340), pending showdowns and combats take place
        (R. 323.11–323.12)."""
        if self.world.turn.rest is not None:
            self.resolve_chain()
            self.sim.turn.resume_turn(False)
        guard = 0
        w = self.world
        while ((w.chain.items or w.triggers.pending or w.showdown.current or w.showdown.contested)
               and w.scoring.winner is None):
            guard += 1
            if guard > 50:  # pragma: no cover - each pass removes a contest or an item
                break
            if self.world.chain.items or self.world.triggers.pending:
                self.settle_chain()
            elif self.world.showdown.current:
                self.sim.showdown.close_showdown(implicit=True)
            else:
                self.sim.cleanup.cleanup()
                if not self.world.showdown.current:
                    break

    def _do_cast(self, a):
        """Play a spell or ability: it becomes the newest item of the chain (R. 325, 349, 398)."""
        player, speed = a["player"], a["speed"]
        card, hidden_at = None, None
        if a.get("hidden"):
            card = self.world.objects[a["hidden"]]
            if card.zone != "facedown" or card.type != "spell":
                self.sim.board.refuse(f"{card.name} n'est pas un sort face cachée (R. 811.1.b)")
            hidden_at = self.sim.hidden.from_hidden(card, player)
            speed = "reaction"  # R. 811.6
            target = a.get("target")
            if target is not None and self.world.objects[target].at != hidden_at:
                self.sim.board.refuse(f"joué depuis {self.sim.board.name(hidden_at)}, « {a['label']} » doit y "
                                      "choisir sa cible (R. 811.1.d, 811.1.d.2)")
        elif a.get("card"):
            card = self.sim.playing.card_to_cast(a, player)
        repeats = self.sim.playing.repeat_costs(card, a)
        problem = self.cast_timing(player, speed, a["label"], hidden_at is not None)
        if problem and a.get("optional"):
            # an answer the player may play, but cannot now (nothing to answer, no priority): not played
            self.sim.board.emit(Event.PASSED, player=player, label=a["label"], why="cannot_play")
            return
        if problem:
            self.sim.board.refuse(problem)
        if a.get("optional"):
            if self.sim.choices.choose("answer", [a["label"]], player, [a["label"]]) != 0:
                self.sim.board.emit(Event.PASSED, player=player, label=a["label"], why="declined")
                return
        self.sim.playing.show_off(card, a)  # R. 832.1.c.2: decided as it is finalized, before its costs
        # R. 356–357: its cost, Deflect included (R. 809); from facedown, without its base cost (R. 811.1.b)
        self.sim.costs.pay_spell(a, "all" if hidden_at is not None else "", repeats)
        if card is not None:
            self.sim.movement.place(card, "chain")
            self.sim.scoring.count_played(player, card.id)  # R. 811.1.c.3: playing from facedown is playing the card
            self.sim.board.emit(Event.CARD_PLAYED, player=player, object=card.id, from_hidden=hidden_at)
        target = a.get("target")
        t_obj = self.world.objects[target] if target else None
        item = {
            "player": player,
            "label": a["label"],
            "speed": speed,
            "target": target,
            "target_at": (t_obj.zone, t_obj.at) if t_obj else None,
            "steps": self.sim.playing.spell_steps(card, a, len(repeats)),
            "action": self.record.action,
            "card": card.id if card is not None else None,
            "flow": bool(a.get("flow")),
        }
        self.add_item(item)

    def activate(self, player: str, label: str, run, target: str | None = None, legal=None) -> None:
        """R. 377.3: an activated ability, its cost paid, goes on the chain as an item with no card; it can be
        answered, and ``run(sim)`` does its effect when it resolves.  ``legal(sim)`` says whether its target is still
        a legal choice then (R. 359.3.e.2); an illegal target leaves it without effect."""
        self.add_item({"player": player, "label": label, "speed": "normal", "target": target, "target_at": None,
                       "steps": [], "action": self.record.action, "run": run, "legal": legal})

    def add_item(self, item: dict) -> None:
        """R. 325, 337.4: a finalized item becomes the newest of the chain, and its controller gains priority — the
        player may answer their own item with a Reaction before passing."""
        chain = self.world.chain
        player = item["player"]
        chain.item_no += 1
        item["id"] = chain.item_no
        if not chain.items:
            chain.starter = player
        chain.items.append(item)
        self.sim.board.emit(Event.CHAIN_ADDED, player=player, label=item["label"], item=item["id"], speed=item["speed"],
                            object=item["target"])
        chain.priority = player
        chain.passes = 0
        self.tr.show_board(self.sim.board.board_tuple())
        self.tr.step(StepKind.PRIORITY, reason={"code": Reason.PRIORITY, "player": player, "chain": len(chain.items)})

    def cast_timing(self, player: str, speed: str, label: str, hidden: bool) -> str | None:
        """Who may play now (R. 311, 316, 806, 813): with the chain open, the player with priority and a
        Reaction; in a showdown, the player with focus and an Action or a Reaction; otherwise the turn
        player.  A card from facedown has Reaction (R. 811.6).  Returns the French refusal, or None."""
        names = self.world.players
        sd = self.world.showdown.current
        if self.world.chain.items:
            if speed != "reaction" and not hidden:  # pragma: no cover - before_action resolved the chain
                return f"« {label} » n'est pas de vitesse Réaction : la chaîne doit être vide (R. 806, 813)"
            if player != self.world.chain.priority:
                holder = names[self.world.chain.priority].name
                return f"{names[player].name} n'a pas la priorité : c'est à {holder} de répondre ou de passer (R. 311)"
        elif sd is not None:
            if speed == "normal" and not hidden:  # pragma: no cover - before_action closed the showdown
                return f"« {label} » ne peut pas être joué pendant une confrontation (R. 316, 806)"
            if player != sd.focus:
                return (f"{names[player].name} n'a pas la focalisation : c'est à {names[sd.focus].name} d'agir ou "
                        "de passer (R. 311, 341)")
        elif player != self.world.turn_player:
            return (f"{names[player].name} ne peut pas jouer « {label} » : chaîne vide, seul le joueur du tour a la "
                    "priorité (R. 311, 316)")
        return None

    def _do_pass(self, a):
        """Pass priority (chain open) or focus (showdown, chain empty) (R. 311)."""
        player = a["player"]
        name = self.world.players[player].name
        if self.world.chain.items:
            if player != self.world.chain.priority:
                holder = self.world.players[self.world.chain.priority].name
                self.sim.board.refuse(f"{name} ne peut pas passer : la priorité est à {holder} (R. 311)")
            self.sim.board.emit(Event.PASSED, player=player, what="priority")
            self.world.chain.passes += 1
            self.world.chain.priority = self.sim.board.next_player(player)
            if self.world.chain.passes >= len(self.world.players) and self.world.scoring.winner is None:
                self.resolve_top()
            return
        sd = self.world.showdown.current
        if sd is None:
            self.sim.board.refuse(f"{name} ne peut pas passer : ni chaîne ouverte ni confrontation en cours (R. 311)")
        if player != sd.focus:
            self.sim.board.refuse(
                f"{name} n'a pas la focalisation : elle est à {self.world.players[sd.focus].name} (R. 311, 341)"
            )
        self.sim.board.emit(Event.PASSED, player=player, what="focus")
        if self.sim.showdown.pass_focus(player):
            self.sim.showdown.close_showdown()
        else:
            self.tr.show_board(self.sim.board.board_tuple())
            self.tr.step(StepKind.PRIORITY, object=sd.battlefield,
                         reason={"code": Reason.FOCUS, "player": sd.focus, "battlefield": sd.battlefield})

    def resolve_chain(self) -> None:
        """Nobody answers: items resolve newest first, each followed by a cleanup (R. 318, 340)."""
        # R. 196: once the game is won, nothing more resolves
        while self.world.chain.items and self.world.scoring.winner is None:
            self.tr.step(StepKind.PRIORITY, reason={"code": Reason.ALL_PASSED, "chain": len(self.world.chain.items)})
            self.resolve_top()

    def resolve_top(self) -> None:
        """The newest item of the chain resolves (R. 340.1); a spell whose target has left does nothing
        (R. 359.3.e.5)."""
        item = self.world.chain.items.pop()
        self.world.chain.resolving = item
        self.tr.show_board(self.sim.board.board_tuple())
        self.tr.step(
            StepKind.CHAIN,
            reason={
                "code": Reason.CHAIN_RESOLVE,
                "item": item["id"],
                "label": item["label"],
                "player": item["player"],
                "left": len(self.world.chain.items),
            },
        )
        target = item["target"]
        if target is not None:
            o = self.world.objects[target]
            legal = item.get("legal")
            if not (legal(self.sim) if legal else (o.zone, o.at) == item["target_at"] and o.on_board):
                if item.get("card"):
                    self.sim.playing.spell_leaves_chain(item)
                self.world.chain.resolving = None
                self.sim.board.emit(Event.FIZZLED, label=item["label"], object=target, item=item["id"])
                self.after_item()
                return
        saved = self.record.action
        self.record.action = item["action"]
        if item.get("trigger") or item.get("run"):
            self.world.chain.in_resolution = True
            if item.get("run"):
                item["run"](self.sim)
            elif item["trigger"] in self.world.triggers.keyword:
                self.sim.playing.resolve_keyword_trigger(item["trigger"])
            else:
                self.sim.triggers.resolve_trigger(item["trigger"])
            self.sim.effects.settle()
            self.world.chain.in_resolution = False
        else:
            self._do_resolve({"label": item["label"], "steps": item["steps"]})
        self.record.action = saved
        if item.get("card") and self.world.objects[item["card"]].zone == "chain":
            self.sim.playing.spell_leaves_chain(item)
        self.world.chain.resolving = None
        self.sim.board.emit(Event.CHAIN_RESOLVED, label=item["label"], item=item["id"], player=item["player"])
        self.after_item()

    def after_item(self) -> None:
        """After an item resolves: a cleanup (R. 319.5), new triggers go on the chain (R. 383.3), priority to the
        controller of the newest item (R. 340.4) or, the chain empty in a showdown, focus passes (R. 346)."""
        self.sim.effects.settle()
        self.sim.cleanup.cleanup()  # R. 319.5: a cleanup after an item leaves the chain
        self.triggers_to_chain()
        chain = self.world.chain
        chain.passes = 0
        if chain.items:
            chain.priority = chain.items[-1]["player"]  # R. 340.4: the controller of the newest item
        else:
            chain.priority = None
            self.sim.showdown.focus_after_chain(chain.starter)
        self.tr.show_board(self.sim.board.board_tuple())

    def _do_activate(self, a):
        """Choix 18 du README: only an active text can be activated."""
        eff = self.world.effects[a["effect"]]
        if eff.spec.kind != "activated":
            self.sim.board.emit(Event.ACTIVATION_REFUSED, effect=eff.id, why="not_activated_ability")
            return
        ok, why = text_active(self.world, eff, self.sim.board.ctrl)
        if not ok or eff.id in self.world.chain.activated:
            self.sim.board.emit(
                Event.ACTIVATION_REFUSED,
                effect=eff.id,
                object=eff.spec.source,
                why=(why or {}).get("code", "already_pending"),
            )
            return
        self.world.chain.activated.add(eff.id)
        self.sim.board.emit(Event.ACTIVATED, effect=eff.id, object=eff.spec.source)

    def _do_finish(self, a):
        """Choix 18 du README: a pending activation already on the chain finishes even if its condition failed."""
        eid = a["effect"]
        if eid not in self.world.chain.activated:
            self.sim.board.emit(Event.NOTHING_HAPPENS, effect=eid, why="not_pending")
            return
        self.world.chain.activated.discard(eid)
        eff = self.world.effects[eid]
        self.sim.board.emit(Event.ABILITY_RESOLVED, effect=eid, object=eff.spec.source, still_active=eff.active)
        self.sim.triggers.ability_result(eff)

    def _do_resolve(self, a):
        """Choix 17 du README: instructions resolve in order, conditions updated after each; triggers wait."""
        self.world.chain.in_resolution = True
        self.sim.board.emit(Event.RESOLVING, label=a["label"])
        for j, step in enumerate(a["steps"]):
            if self.world.scoring.winner is not None:  # R. 196, 432.3.c.1: a repeated Burn Out ended the game mid-spell
                break
            self.tr.step(
                StepKind.INSTRUCTION,
                reason={
                    "code": Reason.INSTRUCTION,
                    "index": j,
                    "do": step["do"],
                    **{k: v for k, v in step.items() if k != "do"},
                },
            )
            self.perform(step)
            if step["do"] != Do.QUERY:
                self.sim.effects.settle()
        self.world.chain.in_resolution = False

    def perform(self, a: dict) -> None:
        """Run one action or instruction (R. 340.1: an instruction at a time) by the handler its entry names."""
        entry = ACTIONS[a["do"]]
        if entry.run is not None:
            entry.run(self.sim, a)
        else:
            handler(self.sim, entry.handler)(a)


__all__ = ["Chain"]
