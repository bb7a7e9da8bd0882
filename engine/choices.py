"""Player decisions (the engine's model; R. 372, 383.3.d, 467, 432.2.c): scripted in
``choices`` or explored one by one as outcomes.

``Choices`` is the rules area ``sim.choices`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .kinds import Reason, StepKind

# an ordering decision: of replacement effects (rule 16) or of triggered abilities (R. 383.3.d)
_ORDER_CODES = {"order": Reason.REPLACEMENT_CHOICE, "trigger_order": Reason.TRIGGER_ORDER_CHOICE}


def _picked(code: Reason, by: str, options: list[str], idx: int, scripted: bool) -> dict:
    """The trace's reason for a decision among ``options``: stated by the scenario, or one explored path."""
    reason = {"code": code, "by": by, "options": options, "picked": options[idx], "scripted": scripted}
    if not scripted:
        reason["explored"] = True
    return reason


class Choices(Area):
    """Scripted or explored decisions (the area ``sim.choices``)."""

    def choose(self, kind: str, options: list[str], by: str, labels: list[str]) -> int:
        """Choix 19 du README: the player concerned decides; unstated decisions are explored one by one."""
        for c in self.sc.choices:
            if c.get("action") is not None and c["action"] != self.record.action:
                continue
            if kind in _ORDER_CODES and "order" in c:
                for eid in c["order"]:
                    if eid in options:
                        idx = options.index(eid)
                        self.tr.step(StepKind.CHOICE, effect=options[idx],
                                     reason=_picked(_ORDER_CODES[kind], by, options, idx, scripted=True))
                        return idx
            if kind == "assign" and "assign" in c and c.get("by", by) == by:
                idx = self.sim.combat.scripted_assign(c["assign"], options)
                if idx is not None:
                    return idx
                continue
            if kind == "combat" and c.get("combat_first") in options:
                idx = options.index(c["combat_first"])
                self.tr.step(StepKind.CHOICE, object=options[idx],
                             reason=_picked(Reason.COMBAT_CHOICE, by, options, idx, scripted=True))
                return idx
            if kind == "answer" and "play" in c:
                idx = 0 if c["play"] else 1
                self.tr.step(
                    StepKind.CHOICE,
                    reason={"code": Reason.ANSWER_CHOICE, "by": by, "label": labels[0], "play": c["play"],
                            "scripted": True},
                )
                return idx
            if kind == "accept" and c.get("effect") == options[0]:
                idx = 0 if c["accept"] else 1
                self.tr.step(
                    StepKind.CHOICE,
                    effect=options[0],
                    reason={"code": Reason.OPTIONAL_CHOICE, "by": by, "accept": c["accept"], "scripted": True},
                )
                return idx
        k = len(self.record.choice_log)
        idx = self.record.prefix[k] if k < len(self.record.prefix) else 0
        self.record.choice_log.append(
            {
                "kind": kind,
                "options": options,
                "labels": labels,
                "picked": idx,
                "by": by,
                "action": self.record.action,
            }
        )
        self.record.choice_log[-1]["n"] = 2 if kind in ("accept", "answer") else len(options)
        if kind in ("assign", "combat", "burn_out"):
            code = {"assign": Reason.ASSIGN_CHOICE, "combat": Reason.COMBAT_CHOICE}.get(kind, Reason.BURN_OUT_CHOICE)
            self.tr.step(StepKind.CHOICE, object=options[idx], reason=_picked(code, by, options, idx, scripted=False))
            return idx
        if kind == "answer":
            self.tr.step(
                StepKind.CHOICE,
                reason={
                    "code": Reason.ANSWER_CHOICE,
                    "by": by,
                    "label": labels[0],
                    "play": idx == 0,
                    "scripted": False,
                    "explored": True,
                },
            )
            return idx
        if kind in _ORDER_CODES:
            reason = _picked(_ORDER_CODES[kind], by, options, idx, scripted=False)
        else:
            reason = {
                "code": Reason.OPTIONAL_CHOICE,
                "by": by,
                "accept": idx == 0,
                "scripted": False,
                "explored": True,
            }
        self.tr.step(StepKind.CHOICE, effect=options[0] if kind == "accept" else options[idx], reason=reason)
        return idx


__all__ = ["Choices"]
