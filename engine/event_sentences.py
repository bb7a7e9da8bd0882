"""What each event of the engine (``vocab.Event``) says in French: one function per event, in ``SENTENCES``.

A trace step of kind ``event`` carries the event's type as its ``reason.code``; ``event_text`` looks that
member up here.  A new event is one entry in ``Event`` and one entry below (``tests/engine/test_structure.py``
fails on an event with no sentence).  Each function receives the ``Told`` facts of the step and returns one
or two short sentences, citing the rule they apply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .step_words import de, obj, player, where, why
from .vocab import Event, OtherCost, Reason, Speed, Zone


@dataclass(frozen=True, slots=True)
class Told:
    """The facts an event's sentence reads: the step, its reason, the names of its object, effect and player."""

    step: dict
    r: dict
    o: str  # the object's name
    e: str  # the effect's label, quoted
    p: str  # the player's name

    def obj(self, key: str) -> str:
        """The name of the object the reason names under ``key``."""
        return obj(self.step, self.r.get(key))

    def player(self, key: str) -> str:
        """The name of the player the reason names under ``key``."""
        return player(self.step, self.r.get(key))

    def plural(self, key: str) -> str:
        """« s » when the number under ``key`` is more than one."""
        return "s" if (self.r.get(key) or 0) > 1 else ""

    @property
    def where(self) -> str:
        """Where the event sends its object (``to``, else ``zone``)."""
        return where(self.step, self.r.get("to") or self.r.get("zone"))


def _goes_onto(dest) -> bool:
    """A card or a unit going somewhere other than its base goes « sur » a battlefield or a unit."""
    return dest not in (None, Zone.BASE)


def _combat_damage(t: Told) -> str:
    r = t.r
    if r.get("by"):
        return f"{t.o} reçoit {r.get('amount')} dégât{t.plural('amount')} de combat de {t.player('by')}."
    return f"{t.o} inflige {r.get('amount')} dégâts de combat (puissance réelle {r.get('power')})."


def _gear_played(t: Told) -> str:
    dest = f"sur {t.obj('to')}" if _goes_onto(t.r.get("to")) else "dans sa base"
    return f"{t.p} joue l'équipement {t.o}, qui arrive {dest} (R. 349)."


def _unit_played(t: Told) -> str:
    if t.r.get("from_hidden"):
        start = (f"{t.o} est jouée depuis sa face cachée, sans son coût de base, sur {t.obj('from_hidden')} "
                 "(R. 811.1.b, 811.1.d.1) et arrive ")
    else:
        start = f"{t.o} arrive "
    if not t.r.get("exhausted"):
        return start + "à l'état prêt (Accélération, R. 805)."
    return start + "à l'état épuisé (sans Accélération, R. 805)."


def _chain_added(t: Told) -> str:
    if t.r.get("speed") == Speed.TRIGGER:
        return f"« {t.r.get('label')} », compétence déclenchée de {t.p}, va sur la chaîne (R. 383.3)."
    return f"{t.p} joue « {t.r.get('label')} » : il s'ajoute à la chaîne (R. 328, 338.1.a)."


def _passed(t: Told) -> str:
    label = t.r.get("label")
    return f"{t.p} passe" + (" et ne joue pas « " + str(label) + " »." if label else ".")


def _resource_added(t: Told) -> str:
    r = t.r
    what = "1 Énergie" if r.get("energy") else "1 essence runique " + str(r.get("domain"))
    return f"{t.o} ajoute {what} à la Réserve runique {de(t.p)} (R. 164.2) ; elle contient {r.get('pool')}."


# What a cost that is not a resource (R. 357.2) took, named when the step says which object paid it: (facts, amount,
# the name of the object chosen for it, or "") → the payment, with the official French verb.
_OTHER_PAID: dict[OtherCost, Callable[[Told, int, str], str]] = {
    OtherCost.EXHAUST_THIS: lambda t, n, named: f"épuiser {t.obj('source')}" if t.r.get("source")
    else OtherCost.EXHAUST_THIS.label,
    OtherCost.EXHAUST_FRIENDLY: lambda t, n, named: f"épuiser {named}" if named else OtherCost.EXHAUST_FRIENDLY.label,
    OtherCost.KILL_FRIENDLY: lambda t, n, named: f"éliminer {named}" if named else OtherCost.KILL_FRIENDLY.label,
    OtherCost.DISCARD: lambda t, n, named: f"défausser {n} carte{'s' if n > 1 else ''}",
    OtherCost.DISCARD_SPELL: lambda t, n, named: f"défausser {named}" if named else OtherCost.DISCARD_SPELL.label,
    OtherCost.RECYCLE_TRASH: lambda t, n, named: f"recycler {n} carte{'s' if n > 1 else ''} de sa Défausse",
    OtherCost.SPEND_XP: lambda t, n, named: f"dépenser {n} XP",
}
# The action's parameter naming the object a cost takes (``chosen`` of the step).
_CHOSEN_FOR = {OtherCost.EXHAUST_FRIENDLY: "exhaust", OtherCost.KILL_FRIENDLY: "kill",
               OtherCost.DISCARD_SPELL: "discard"}


def _other_paid(t: Told, kind: str, n: int) -> str:
    chosen = (t.r.get("chosen") or {}).get(_CHOSEN_FOR.get(kind, ""))
    said = _OTHER_PAID.get(kind)
    return said(t, n, obj(t.step, chosen) if chosen else "") if said else str(kind)


def _listed(parts: list[str]) -> str:
    """« a », « a et b », « a, b et c »."""
    return " et ".join(filter(None, (", ".join(parts[:-1]), parts[-1]))) if parts else ""


def _cost_paid(t: Told) -> str:
    """Resources from the Rune Pool (R. 357.1, 445), and the costs that are not resources (R. 357.2) named with their
    official verbs: exhausting, killing, discarding, recycling, spending XP."""
    r = t.r
    label, other = r.get("label"), r.get("other")
    essence = "".join(f", {n} essence runique {d}" for d, n in sorted((r.get("essence") or {}).items()))
    if not isinstance(other, dict) or not other:
        return (f"{t.p} paie « {label} » : {r.get('energy')} Énergie{essence} (R. 357.1, 445) ; "
                f"il reste {r.get('pool')}.")
    paid = [_other_paid(t, kind, n) for kind, n in other.items()]
    rules = ["357.2", *dict.fromkeys(OtherCost(k).doc.removeprefix("R. ") for k in other if k in OtherCost.values())]
    if r.get("energy") or essence:
        resources = f"{r.get('energy') or 0} Énergie{essence}"
        return (f"{t.p} paie « {label} » : {_listed([resources, *paid])} (R. 357.1, 445, {', '.join(rules)}) ; "
                f"il reste {r.get('pool')}.")
    return f"{t.p} paie « {label} » sans puiser dans sa Réserve runique : {_listed(paid)} (R. {', '.join(rules)})."


def _cost_modified(t: Told) -> str:
    r = t.r
    power = r.get("power")
    notes = r.get("notes")
    return (
        f"Coût total de « {r.get('label')} » pour {t.p} : {r.get('energy')} Énergie"
        + (f" et {len(power)} essence runique de domaine imposé" if isinstance(power, list) and power else "")
        + (f" et {r.get('any_power')} essence de n'importe quel domaine" if r.get("any_power") else "")
        + " — " + " ; ".join(notes if isinstance(notes, list) else [])
        + " (R. 356.1–356.6)."
    )


def _ability_resolved(t: Told) -> str:
    if not t.r.get("still_active", True):
        return f"{t.e} se termine, même si sa condition n'est plus remplie."
    return f"{t.e} se termine."


def _card_played(t: Told) -> str:
    if t.r.get("from_hidden"):
        return f"{t.p} joue {t.o} depuis sa face cachée (Réaction, R. 811.6)."
    return f"{t.p} joue une carte."


# The sentence of each event: (the step's facts) → French sentences.  A triggered ability waiting for the end of a
# cleanup is told as an event too, under its reason (``Reason.TRIGGER_WAITS``).
# Why a gear stays where it was (R. 821.1.c.5), said after « Rien ne se passe » (the event's ``why``).
_STAYS: dict[str, Callable[[Told], str]] = {
    "equip_unpaid": lambda t: (f"le coût d'équipement {de(t.o)} ne peut pas être payé, ou l'unité ne peut pas le "
                               "porter ; il reste où il était (R. 821.1.c.5)"),
    "cannot_attach": lambda t: f"{t.o} ne peut pas être attaché à cette unité ; il reste où il était",
}

SENTENCES: dict[Event | Reason, Callable[[Told], str]] = {
    Event.BECAME_MIGHTY: lambda t: f"{t.o} devient une unité puissante : {t.r.get('before')} → {t.r.get('after')}.",
    Event.NO_LONGER_MIGHTY: lambda t: (f"{t.o} n'est plus une unité puissante : {t.r.get('before')} → "
                                       f"{t.r.get('after')}."),
    Event.DIED: lambda t: f"{t.o} meurt.",
    Event.DESTROYED: lambda t: f"Élimination {de(t.o)}.",
    Event.REPLACED: lambda t: f"Le remplacement {t.e} est appliqué (ordre choisi par {t.player('by')}).",
    Event.ADDED_TO_EVENT: lambda t: f"{t.e} ajoute une action à l'événement.",
    Event.TRIGGERED: lambda t: f"{t.e} se déclenche.",
    Reason.TRIGGER_WAITS: lambda t: f"{t.e} attend la fin du nettoyage pour aller sur la chaîne (R. 334.1, 383.3).",
    Event.TRIGGER_RESOLVED: lambda t: f"{t.e} se résout.",
    Event.XP_GAINED: lambda t: f"{t.p} gagne {t.r.get('amount')} XP ({t.r.get('before')} → {t.r.get('after')}).",
    Event.XP_SPENT: lambda t: f"{t.p} dépense {t.r.get('amount')} XP ({t.r.get('before')} → {t.r.get('after')}).",
    Event.XP_SPEND_REFUSED: lambda t: f"{t.p} n'a pas assez d'XP.",
    Event.HEALED: lambda t: f"Les dégâts {de(t.o)} sont retirés.",
    Event.EXHAUSTED: lambda t: f"On épuise {t.o}.",
    Event.RECALLED: lambda t: f"{t.o} retourne à la base (rappel).",
    Event.RETURNED_TO_HAND: lambda t: f"{t.o} retourne en main.",
    Event.TOKEN_CREATED: lambda t: (f"{t.o} entre en jeu (création"
                                    f"{', à l’état épuisé' if t.r.get('exhausted') else ''})."),
    Event.DREW: lambda t: f"{t.p} pioche une carte.",
    Event.BUFFED: lambda t: f"{t.o} reçoit un buff (+1).",
    Event.POWER_CHANGED: lambda t: f"La puissance {de(t.o)} est modifiée de {t.r.get('amount', 0):+d}.",
    Event.DOUBLING: lambda t: (f"Doubler {t.o} ajoute {t.r.get('amount')} (sa puissance actuelle est "
                               f"{t.r.get('power')}, jamais une quantité négative)."),
    Event.SWAP: lambda t: (f"Intervertir : écart {t.r.get('difference')}, ajouté à {t.o}, retiré à "
                           f"{t.obj('other')}."),
    Event.SWAP_NOTHING: lambda t: "Les deux puissances sont égales : les intervertir ne change rien.",
    Event.EFFECT_STARTED: lambda t: f"{t.e} commence à s'appliquer (horodatage {t.r.get('since')}).",
    Event.EFFECT_ENDED: lambda t: f"{t.e} prend fin.",
    Event.EXPIRED: lambda t: f"{t.e} expire.",
    Event.ACTIVATED: lambda t: f"{t.e} est activée et attend sur la chaîne.",
    Event.ACTIVATION_REFUSED: lambda t: f"{t.e} ne peut pas être activée : son texte est inactif.",
    Event.ABILITY_RESOLVED: _ability_resolved,
    Event.COMBAT_DAMAGE: _combat_damage,
    Event.HUNT_RESOLVED: lambda t: f"La Chasse {t.r.get('amount')} {de(t.o)} se résout.",
    Event.PLAYED: lambda t: f"{t.o} est jouée.",
    Event.PREDICTED: lambda t: (f"{t.p} regarde {t.r.get('looked')} carte(s) du dessus de son deck et en recycle "
                                f"{t.r.get('recycled')} (Prédiction, R. 437)."),
    Event.EQUIPPED: lambda t: f"{t.o} est équipé à {t.obj('to')} : Équiper (R. 818.2).",
    Event.EMPOWERED: lambda t: f"{t.o} devient amplifiée (R. 827.2).",
    Event.SHOWED_OFF: lambda t: f"En jouant {t.o}, {t.p} montre {t.obj('shown')} (Show Off, R. 832.1.c).",
    Event.GEAR_PLAYED: _gear_played,
    Event.BANISHED: lambda t: (f"{t.o} quitte la chaîne et est bannie au lieu d'aller dans la Défausse (Flux, "
                               "R. 829.1.b.1)."),
    Event.BURNED: lambda t: f"{t.p} met la carte du dessus de son deck dans sa Défausse (Brûler, R. 441).",
    Event.CARD_PLAYED: _card_played,
    Event.DEFENDING: lambda t: f"{t.o} défend.",
    Event.STOPPED_DEFENDING: lambda t: f"{t.o} ne défend plus.",
    Event.ATTACHED: lambda t: f"{t.o} est équipé à {t.obj('to')}.",
    Event.DETACHED: lambda t: f"{t.o} est déséquipé.",
    Event.MOVED: lambda t: f"{t.o} va {'sur' if _goes_onto(t.r.get('to')) else 'dans'} {t.where}.",
    Event.READIED: lambda t: f"On prépare {t.o}.",
    Event.UNIT_PLAYED: _unit_played,
    Event.DAMAGED: lambda t: (f"{t.o} subit {t.r.get('amount')} dégâts ({t.r.get('total')} au total) ; une "
                              "blessure mortelle tue au nettoyage (R. 323.4)."),
    Event.STUNNED: lambda t: f"On étourdit {t.o} : pas de dégâts de combat ce tour (R. 424).",
    Event.CHAIN_ADDED: _chain_added,
    Event.CHAIN_RESOLVED: lambda t: f"« {t.r.get('label')} » est résolu.",
    Event.FIZZLED: lambda t: f"La cible de « {t.r.get('label')} » a disparu : il ne fait rien (R. 340).",
    Event.PASSED: _passed,
    Event.CONTESTED: lambda t: f"{t.o} devient contesté par {t.p} (R. 447).",
    Event.SHOWDOWN_STARTED: lambda t: f"Une confrontation commence à {t.o} (R. 341).",
    Event.SHOWDOWN_ENDED: lambda t: f"La confrontation à {t.o} se termine.",
    Event.COMBAT_STARTED: lambda t: (f"Combat à {t.o} : {t.player('attacker')} attaque, {t.player('defender')} "
                                     "défend (R. 461)."),
    Event.COMBAT_ENDED: lambda t: f"Le combat à {t.o} se termine.",
    Event.ATTACKING: lambda t: f"{t.o} attaque.",
    Event.CONTROL_GAINED: lambda t: f"{t.p} prend le contrôle {de(t.o)} (R. 188).",
    Event.CONTROL_LOST: lambda t: f"{t.o} n'a plus de contrôleur (R. 190.4.c, 468.5.b).",
    Event.CONQUERED: lambda t: f"{t.p} conquiert {t.o} (R. 471).",
    Event.HELD: lambda t: f"{t.p} occupe {t.o} (R. 471).",
    Event.SCORED: lambda t: f"{t.p} marque {t.o}.",
    Event.SCORE_REFUSED: lambda t: f"{t.p} ne gagne pas de point à {t.o} : {why({'code': t.r.get('why')})}.",
    Event.POINT_GAINED: lambda t: (f"{t.p} gagne {t.r.get('amount')} point{t.plural('amount')} "
                                   f"({t.r.get('before')} → {t.r.get('after')})."),
    Event.GAME_WON: lambda t: f"{t.p} gagne la partie avec {t.r.get('points')} points (R. 194.2).",
    Event.BURNED_OUT: lambda t: f"Exténuation de {t.p} (R. 432).",
    Event.TURN_STARTED: lambda t: f"Début du tour {de(t.p)}.",
    Event.TURN_ENDED: lambda t: f"Fin du tour {de(t.p)} : les dégâts et l'étourdissement disparaissent (R. 317).",
    Event.RUNES_CHANNELED: lambda t: f"{t.p} canalise {t.r.get('amount')} rune{t.plural('amount')}.",
    Event.RESOURCE_ADDED: _resource_added,
    Event.RECYCLED: lambda t: f"{t.o} est recyclée : elle retourne sous le deck de runes (R. 417.1.b).",
    Event.COST_PAID: _cost_paid,
    Event.POOL_EMPTIED: lambda t: (f"La Réserve runique {de(t.p)} se vide : l'Énergie et l'essence runique non "
                                   "dépensées sont perdues (R. 167)."),
    Event.COST_MODIFIED: _cost_modified,
    Event.HIDDEN: lambda t: (f"{t.p} cache {t.o} face cachée sur {t.obj('to')} (R. 422, 811) ; elle se jouera à "
                             "partir du tour suivant, avec Réaction et sans son coût de base."),
    Event.HIDDEN_REMOVED: lambda t: (f"{t.o}, face cachée sur {t.obj('battlefield')} que {t.p} ne contrôle plus, "
                                     "est révélée et part dans la Défausse (R. 323.6.a, 468.5.c)."),
    Event.RESOLVING: lambda t: f"Résolution de « {t.r.get('label')} ».",
    Event.NOTHING_HAPPENS: lambda t: "Rien ne se passe" + (f" : {_STAYS[w](t)}." if (w := t.r.get("why")) in _STAYS
                                                           else "."),
}

# Events whose effect is a keyword's play effect, which no effect of the scenario names: the sentence reads the
# label the event carries instead.
_LABELLED = (Event.TRIGGERED, Event.TRIGGER_RESOLVED)


def event_text(step: dict, r: dict, o: str, e: str) -> str:
    """The French sentences of a step of kind ``event`` (its type is ``r["code"]``)."""
    code = r.get("code")
    said = SENTENCES.get(code)
    if said is None:
        return f"Événement : {code}."
    if r.get("label") and code in _LABELLED:
        e = f"« {r['label']} »"
    p = player(step, r.get("player")) if r.get("player") else ""
    return said(Told(step, r, o, e, p))
