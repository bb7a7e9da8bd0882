"""The end of an example in sentences: where everything stands at the last step, and what a « Et si… ? » changed."""

from __future__ import annotations

from engine.snapshots import ObjectState, PlayerState
from engine.stored import Branch, StoredResult
from engine.vocab import ObjectType, Zone

from .steps import COMBAT_RESULTS, HOW_LABELS, ZONE_LABELS, display_order, ordered, where_is, why_of


def _names(branch: Branch) -> dict[str, str]:
    """Object names as the first and last steps give them (a name may change), then the branch's own."""
    names = {}
    for step in (branch.trace[0], branch.trace[-1]) if branch.trace else ():
        for oid, obj in step.state.objects.items():
            names[oid] = obj.name
    for oid, obj in branch.objects.items():
        names.setdefault(oid, obj.name)
    return names


def _as_branch(branch: Branch | dict) -> Branch:
    """Callers outside the player (the sandbox) pass a raw branch dict."""
    return branch if isinstance(branch, Branch) else Branch.from_dict(branch)


def summary(branch: Branch | dict, result: StoredResult | dict | None = None, data: dict | None = None) -> list[str]:
    """The final result stated plainly: one sentence per unit, per combat, per score, per query."""
    branch = _as_branch(branch)
    lines = []
    names = _names(branch)
    order = display_order(data or {}, branch)
    players = {pid: p.name for pid, p in branch.players.items()}
    objects = branch.objects
    for oid, obj in ordered(objects, order["objects"]):
        name = names.get(oid, oid)
        if obj.kind == ObjectType.BATTLEFIELD:
            controller = players.get(obj.controller)
            lines.append(f"{name} : contrôlé par {controller}." if controller else f"{name} : sans contrôleur.")
            continue
        if obj.kind == ObjectType.GEAR:
            unit = objects.get(obj.attached_to or "")
            where = f"attaché à {names.get(obj.attached_to)}" if unit else where_is(obj.zone)
            lines.append(f"{name} (équipement) : {where}.")
            continue
        parts = [f"{name} : puissance {obj.power}"]
        parts.append("mots-clés " + ", ".join(obj.keywords) if obj.keywords else "aucun mot-clé")
        if obj.mighty:
            parts.append("unité puissante")
        if obj.damage:
            parts.append(f"{obj.damage} dégât{'s' if obj.damage > 1 else ''}")
        if obj.zone == Zone.BATTLEFIELD and obj.at in objects:
            parts.append(f"sur {names.get(obj.at)}")
        elif obj.zone:
            parts.append(where_is(obj.zone))
        lines.append(", ".join(parts) + ".")
    for combat in branch.combats:
        lines.append(
            f"Combat à {names.get(combat.battlefield, '')} : {players.get(combat.attacker, '')} "
            f"{combat.might_attacker} contre {players.get(combat.defender, '')} {combat.might_defender} — "
            f"{COMBAT_RESULTS.get(combat.result, combat.result or '')}.")
    for score in branch.scores:
        why = why_of(score.why)
        # « Autel du Soleil conquis par Vous » reads right for any player's name (« Vous conquiert » did not).
        verb = HOW_LABELS.get(score.how, score.how or "")
        outcome = f"un point ({score.points_before} → {score.points_after})" if score.point else "aucun point"
        line = f"{names.get(score.battlefield, '')} {verb} par {players.get(score.player, '')} : {outcome}"
        lines.append(line + (f" — {why['label'][0].lower()}{why['label'][1:]}" if why else "") + ".")
    if branch.winner:
        winner = players.get(branch.winner, branch.winner)
        lines.append(f"{winner} atteint le score de la victoire et gagne la partie.")
    for query in branch.queries:
        if query.text:
            lines.append(query.text)
    return lines


def _place(obj: ObjectState, names: dict[str, str]) -> str:
    if obj.zone == Zone.BATTLEFIELD and obj.at in names:
        return names[obj.at]
    return ZONE_LABELS.get(obj.zone, obj.zone or "—")


def _object_difference(before: ObjectState, after: ObjectState, names: dict[str, str],
                       players: dict[str, str]) -> list[str]:
    """What changed for one object: « 6 → 4 », « Bouclier perdu », « contrôlé par … au lieu de … »."""
    if (before.type or after.type) == ObjectType.BATTLEFIELD:
        if before.controller == after.controller:
            return []
        return [f"contrôlé par {players.get(after.controller, 'personne')} au lieu de "
                f"{players.get(before.controller, 'personne')}"]
    parts = []
    if before.power != after.power and before.kind != ObjectType.GEAR:
        parts.append(f"{before.power} → {after.power}")
    parts += [f"{k} perdu" for k in before.keywords if k not in after.keywords]
    parts += [f"{k} gagné" for k in after.keywords if k not in before.keywords]
    if before.mighty != after.mighty:
        parts.append("devient une unité puissante" if after.mighty else "n'est plus une unité puissante")
    if before.damage != after.damage:
        parts.append(f"dégâts {before.damage} → {after.damage}")
    if (before.zone, before.at) != (after.zone, after.at):
        parts.append(f"{_place(before, names)} → {_place(after, names)}")
    return parts


def difference(original: Branch, changed: Branch, data: dict | None = None) -> list[str]:
    """What a "what if?" changed in the final result: « Fiora : 6 → 4, Bouclier perdu »."""
    lines = []
    before_objects = original.objects
    after_objects = changed.objects
    names = _names(original)
    players = {pid: p.name for pid, p in original.players.items()}
    order = display_order(data or {}, original)
    ids = {oid: None for oid in list(before_objects) + list(after_objects)}
    for oid, _ in ordered(ids, order["objects"]):
        # An object on one side only is compared with an object the result says nothing about.
        before = before_objects.get(oid) or ObjectState.from_dict(oid, {})
        after = after_objects.get(oid) or ObjectState.from_dict(oid, {})
        parts = _object_difference(before, after, names, players)
        if parts:
            lines.append(f"{names.get(oid, oid)} : " + ", ".join(parts))
    for pid, p in ordered(original.players, order["players"]):
        q = changed.players.get(pid) or PlayerState.from_dict(pid, {})
        if p.points != q.points:
            lines.append(f"{players.get(pid, pid)} : {p.points} → {q.points} points")
        if p.xp != q.xp:
            lines.append(f"{players.get(pid, pid)} : {p.xp} → {q.xp} XP")
    if original.winner != changed.winner:
        winner = changed.winner
        lines.append(f"{players.get(winner, winner)} gagne la partie" if winner else "personne ne gagne la partie")
    return lines
