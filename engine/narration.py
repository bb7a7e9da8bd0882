"""Turn one trace step (a dict) into one or two short French sentences.

Only reads the step itself (its ``state`` carries every name and label), so the same trace can be
narrated on the web page, in the JSON API and in tests.
"""

from __future__ import annotations

from .event_sentences import event_text
from .kinds import (
    ACTIONS,
    EVENT_LABELS,
    LAYER_LABELS,
    STEP_LABELS,
    ZONE_LABELS,
    Keyword,
    Layer,
    Reason,
    Speed,
    StepKind,
    has_keyword,
)
from .step_words import a_, de
from .step_words import eff as _eff
from .step_words import names as _names
from .step_words import obj as _obj
from .step_words import player as _player
from .step_words import where as _where
from .step_words import why as _why
from .vocab import Ask, ReplacementMode, Why

_ASK = {
    Ask.POWER: "Puissance {de} : {v}.",
    Ask.REFERENCE_POWER: "Puissance {de} lue par une référence ordinaire : {v}.",
    Ask.KEYWORDS: "Mots-clés {de} : {v}.",
    Ask.MIGHTY: "{s} est-elle puissante ? {v}.",
    Ask.ZONE: "Zone {de} : {v}.",
    Ask.CONTROLLER: "Contrôleur {de} : {v}.",
    Ask.EXHAUSTED: "{s} est-elle épuisée ? {v}.",
    Ask.XP: "XP {de} : {v}.",
    Ask.ACTIVE: "« {s} » est-il actif ? {v}.",
}


def query_text(q: dict) -> str:
    """The answer to a query, in French (``q`` has ask, value, subject)."""
    val = q.get("value")
    if isinstance(val, bool):
        v = "oui" if val else "non"
    elif isinstance(val, list):
        v = ", ".join(val) if val else "aucun"
    elif q.get("ask") == Ask.ZONE:
        v = ZONE_LABELS.get(val, str(val))
    else:
        v = str(val)
    subject = str(q.get("subject", ""))
    return _ASK.get(q.get("ask"), "{s} : {v}.").format(s=subject, de=de(subject), v=v)


def _layer(step: dict) -> str:
    layer = step.get("layer")
    if layer is None:
        return ""
    number, _, name = LAYER_LABELS.get(layer, layer).partition(". ")
    lab = f"couche {number} ({name})" if name else f"couche {number}"
    if step.get("step"):
        lab += f" ({STEP_LABELS.get(step['step'], step['step'])})"
    return lab


_MOD_LABELS = {"exhausted": "l'état épuisé"}


def _mods(mods) -> str:
    return ", ".join(_MOD_LABELS.get(m, m) for m in mods)


def _kw(lst) -> str:
    return ", ".join(lst) if lst else "aucun mot-clé"


_WHY = {
    Reason.LEVEL: lambda s, r: (
        f"Niveau {r.get('level')} n'est pas atteint ({_player(s, r.get('player'))} a {r.get('xp')} XP)"
    ),
    Reason.LEGION: lambda s, r: "Légion n'est pas remplie (aucune autre carte jouée ce tour)",
    Reason.NOT_EMPOWERED: lambda s, r: "sa source n'est pas amplifiée (R. 828)",
    Reason.NOT_SHOWN_OFF: lambda s, r: "rien n'a été montré en la jouant (Show Off, R. 832)",
    Reason.NOT_ATTACHED: lambda s, r: "sa source n'est équipée à aucune unité",
    Reason.SOURCE_ABSENT: lambda s, r: f"sa source est dans {ZONE_LABELS.get(r.get('zone'), r.get('zone'))}",
    Reason.ENDED: lambda s, r: "l'effet a pris fin",
    Reason.NOT_STARTED: lambda s, r: "l'effet n'a pas encore commencé",
}


def _cond(step: dict, r: dict) -> str:
    c = r.get("condition")
    if c == "mighty":
        return (
            f"la condition « puissante » n'est pas remplie (puissance {r.get('power')})"
            if r.get("expected", True)
            else "l'unité est puissante"
        )
    if c == "defending":
        return "l'unité ne défend pas" if r.get("expected", True) else "l'unité défend"
    if c == "has_keyword":
        return f"l'unité n'a pas {r.get('keyword')}"
    if c == "max_power":
        return f"sa puissance ({r.get('power')}) dépasse {r.get('max')}"
    if r.get("code") == Reason.NOT_AFFECTED:
        return "cette unité n'est pas une alliée de la source, l'effet ne l'affecte pas"
    code = r.get("why") or r.get("code")
    if code in _WHY:
        return _WHY[code](step, r)
    return "sa condition n'est pas remplie"


def _setup_text(step: dict, r: dict, o: str, e: str) -> str:
    return "Situation de départ : on calcule les caractéristiques de chaque objet."


def _result_text(step: dict, r: dict, o: str, e: str) -> str:
    if r.get("winner"):
        return f"Fin du scénario : {_player(step, r['winner'])} a gagné la partie ; voici l'état final."
    return "Fin du scénario : voici l'état final."


def _action_step(step: dict, r: dict, o: str, e: str) -> str:
    return f"Action {step.get('action', 0) + 1} : {_action_text(step, r)}."


def _instruction(step: dict, r: dict, o: str, e: str) -> str:
    return (f"Instruction {r.get('index', 0) + 1} du sort : {_action_text(step, r)} ; les conditions seront "
            "mises à jour juste après.")


def _object(step: dict, r: dict, o: str, e: str) -> str:
    code = r.get("code")
    if code == Reason.NEEDS_OBJECT:
        needs = ", ".join(_obj(step, x) for x in r.get("needs", []))
        return f"Calcul {de(o)} : il a besoin des caractéristiques actuelles {de(needs)}, calculées d'abord."
    if code == Reason.LOOP:
        names = ", ".join(_obj(step, x) for x in r.get("group", []))
        return f"{names} dépendent les uns des autres : on les calcule ensemble, couche par couche."
    return f"Calcul des caractéristiques {de(o)}."


def _layer_step(step: dict, r: dict, o: str, e: str) -> str:
    n = len(step.get("candidates") or [])
    passe = f", passage {step.get('pass')}" if step.get("pass", 1) > 1 else ""
    return f"{_layer(step).capitalize()}{passe} : {n} effet{'s' if n > 1 else ''} à examiner."


def _applied_value(step: dict) -> str:
    """What an applied effect changed: keywords, controller or Might."""
    after = step.get("after") or {}
    before = step.get("before") or {}
    if step.get("layer") == Layer.ABILITIES:
        return f"mots-clés : {_kw(after.get('keywords'))}"
    if step.get("layer") == Layer.CHARACTERISTICS and before.get("controller") != after.get("controller"):
        return f"contrôleur : {_player(step, after.get('controller'))}"
    return f"puissance {before.get('power')} → {after.get('power')}"


def _apply(step: dict, r: dict, o: str, e: str) -> str:
    code = r.get("code")
    val = _applied_value(step)
    if code == Reason.DEPENDENCY and r.get("depends_on"):
        why = f"il dépend de {_eff(step, r['depends_on'])}, appliqué juste avant"
    elif code == Reason.DEPENDENCY and r.get("before"):
        deps = ", ".join(_eff(step, x) for x in r["before"])
        what = "son existence (ou ce qu'il affecte)" if r.get("aspect") == "existence" else "son résultat"
        why = f"{deps} dépend de lui, car {what} change selon qu'il s'applique ou non"
        return f"{e} s'applique d'abord : {why} ({val})."
    elif code == Reason.TIMESTAMP and r.get("mutual_with"):
        others = ", ".join(_eff(step, x) for x in r["mutual_with"])
        why = f"chacun change l'autre avec {others}, donc pas de dépendance : l'horodatage ({r.get('since')}) décide"
    elif code == Reason.TIMESTAMP:
        why = f"aucune dépendance, ordre d'horodatage ({r.get('since')})"
    else:
        why = "seul effet de cette étape"
    lock = f" La quantité {r['locked']} est mémorisée." if "locked" in r else ""
    return f"{e} s'applique ({_layer(step)}) : {why} ; {val}.{lock}"


# Why an effect considered does not apply (steps of kind ``skip``), by reason.
_SKIPPED = {
    Reason.GAME_OVER: lambda step, r, e: (f"La partie est finie ({_player(step, r.get('winner'))} a gagné) : "
                                          "cette action n'a pas lieu (R. 194.2)."),
    Reason.NO_TARGET: lambda step, r, e: f"{e} ne s'applique à rien : sa source n'est équipée à aucune unité.",
    Reason.TOO_LATE: lambda step, r, e: (f"{e} ne peut pas remplacer cet événement : sa source n'arrive dans sa "
                                         "zone active que par ce même ensemble d'événements, trop tard."),
    Reason.ALREADY_APPLIED: lambda step, r, e: (f"{e} s'est déjà appliqué à cet événement ou à celui qu'il "
                                                "remplace : il ne boucle pas."),
    Reason.ALREADY_USED_IN_SET: lambda step, r, e: (f"{e} a déjà servi dans une séquence de cet ensemble "
                                                    "simultané : pas de seconde séquence."),
    Reason.NO_LONGER_MATCHES: lambda step, r, e: f"{e} ne s'applique pas : l'événement qu'il visait n'existe plus.",
    Reason.DECLINED: lambda step, r, e: (f"{e} est refusé ; refuser un remplacement facultatif ne consomme pas "
                                         "son usage."),
    Reason.INACTIVE_AT_EVENT: lambda step, r, e: (f"{e} ne se déclenche pas : elle était inactive quand "
                                                  f"l'événement a été évalué ({_cond(step, r)})."),
}


def _skip(step: dict, r: dict, o: str, e: str) -> str:
    said = _SKIPPED.get(r.get("code"))
    return said(step, r, e) if said else f"{e} ne s'applique pas : {_cond(step, r)}."


def _reexamine(step: dict, r: dict, o: str, e: str) -> str:
    return (f"Une couche plus tardive rend {e} applicable : retour à la {_layer(step)} (passage "
            f"{step.get('pass')}). Chaque effet ne s'applique qu'une fois.")


def _condition(step: dict, r: dict, o: str, e: str) -> str:
    if r.get("code") == Reason.CONDITION_TRUE:
        return f"{e} devient actif et reçoit l'horodatage {r.get('since')}."
    return f"{e} devient inactif ({_cond(step, r)}) et perd son horodatage."


# A player's choice, by reason: (step, reason, who chooses, how the choice was made, the effect) → sentence.
_CHOSEN = {
    Reason.OPTIONAL_CHOICE: lambda step, r, who, how, e: (
        f"{who} {'accepte' if r.get('accept') else 'refuse'} le remplacement facultatif {e}."),
    Reason.ASSIGN_CHOICE: lambda step, r, who, how, e: (
        f"{who} choisit de donner d'abord des dégâts mortels {a_(_obj(step, r.get('picked')))}, "
        f"parmi les unités permises ({how} ; R. 467)."),
    Reason.TRIGGER_ORDER_CHOICE: lambda step, r, who, how, e: (
        f"{who} place d'abord {_eff(step, r.get('picked'))} sur la chaîne : c'est à lui d'ordonner ses "
        f"compétences déclenchées ensemble ({how} ; R. 383.3.d)."),
    Reason.BURN_OUT_CHOICE: lambda step, r, who, how, e: (
        f"{who} choisit l'adversaire qui gagne le point d'Exténuation : {_player(step, r.get('picked'))} "
        "(R. 432.2.c)."),
    Reason.COMBAT_CHOICE: lambda step, r, who, how, e: (
        f"{who}, joueur du tour, choisit le combat à {_obj(step, r.get('picked'))} en premier ({how} ; R. 461)."),
    Reason.ANSWER_CHOICE: lambda step, r, who, how, e: (
        f"{who} {'joue' if r.get('play') else 'ne joue pas'} « {r.get('label')} » ({how})."),
}


def _choice(step: dict, r: dict, o: str, e: str) -> str:
    who = _player(step, r.get("by"))
    how = "comme le prévoit le scénario" if r.get("scripted") else "un des choix possibles : le moteur les essaie tous"
    said = _CHOSEN.get(r.get("code"))
    if said:
        return said(step, r, who, how, e)
    return f"{who} choisit d'appliquer {_eff(step, r.get('picked'))} d'abord ({how})."


def _replacement(step: dict, r: dict, o: str, e: str) -> str:
    event = EVENT_LABELS.get(r.get("event"), r.get("event"))
    if r.get("code") == Reason.CANDIDATES:
        names = ", ".join(_eff(step, x) for x in step.get("candidates") or [])
        target = f" {de(o)}" if o else " (événements simultanés)"
        return f"Remplacements possibles pour {event}{target} : {names} ; {_player(step, r.get('by'))} décide."
    inh = f" Le nouvel événement hérite de {_mods(r['inherited'])}." if r.get("inherited") else ""
    ign = (f" {_mods(r['ignored']).capitalize()} ne s'applique pas au nouvel événement : ignoré."
           if r.get("ignored") else "")
    if r.get("mode") == ReplacementMode.ALSO:
        return f"{e} ajoute une action à {event}.{inh}{ign}"
    return f"{e} remplace {event} {de(o)} : cet événement n'a pas lieu, l'alternative se produit.{inh}{ign}"


def describe(step: dict) -> str:
    """One or two short French sentences for a trace step: the narration of its kind (``_TEXTS``)."""
    kind = step.get("kind")
    told = _TEXTS.get(kind)
    if told is None:
        return kind or ""
    r = step.get("reason") or {}
    e = _eff(step, step.get("effect")) if step.get("effect") else ""
    o = _obj(step, step.get("object")) if step.get("object") else ""
    return told(step, r, o, e)


def _speed(value: str) -> str:
    """French label of a speed (« normale », « Action », « Réaction »)."""
    try:
        return Speed(value).label
    except ValueError:
        return value


def _priority(step: dict, r: dict, o: str, e: str = "") -> str:
    code = r.get("code")
    if code == Reason.FOCUS:
        return f"Confrontation à {o} : {_player(step, r.get('player'))} a la focalisation (R. 311, 341)."
    if code == Reason.ALL_PASSED and r.get("chain"):
        return (
            "Personne ne répond : tous les joueurs passent, l'élément le plus récent de la chaîne se résout (R. 340)."
        )
    if code == Reason.ANSWER_WINDOW and r.get("where") == StepKind.COMBAT:
        return (
            f"Le combat attend : {_player(step, r.get('player'))} a la priorité sur la chaîne ouverte par son "
            "nettoyage, et chacun peut y répondre avant l'étape de résolution (R. 468.2, 337.4)."
        )
    if code == Reason.ANSWER_WINDOW:
        return (
            f"Le début du tour attend : {_player(step, r.get('player'))} a la priorité sur la chaîne ouverte, et "
            "chacun peut y répondre avant que le tour continue (R. 335, 337.4)."
        )
    if code == Reason.ALL_PASSED:
        return "Personne n'agit plus : les deux joueurs passent, la confrontation se termine (R. 341)."
    return (
        f"{_player(step, r.get('player'))} a la priorité : répondre par une Réaction ou passer "
        f"({r.get('chain')} élément{'s' if (r.get('chain') or 0) > 1 else ''} sur la chaîne, R. 311)."
    )


def _chain(step: dict, r: dict, o: str, e: str = "") -> str:
    left = r.get("left", 0)
    rest = f" ; il en reste {left} sur la chaîne" if left else ""
    return f"« {r.get('label')} » se résout : dernier arrivé, premier résolu (R. 340){rest}."


def _cleanup(step: dict, r: dict, o: str, e: str = "") -> str:
    code = r.get("code")
    if code == Reason.EMPTY_BATTLEFIELD:
        return (
            f"Nettoyage : {_player(step, r.get('player'))} n'a plus aucune unité à {o} ; hors chaîne et sans "
            "combat ni confrontation à cet endroit, le champ de bataille perd son contrôleur (R. 190.4.c, 323.5)."
        )
    if code == Reason.CLEANUP_DONE:
        n = len(r.get("effects") or [])
        what = "la compétence déclenchée va" if n == 1 else f"les {n} compétences déclenchées vont"
        return f"Nettoyage terminé : {what} sur la chaîne, où chacun peut y répondre (R. 334, 383.3)."
    if code == Reason.GEAR_RECALLED:
        return (
            f"Nettoyage : l'équipement {o} n'est équipé à aucune unité et se trouve seul sur "
            f"{_obj(step, r['battlefield']) if r.get('battlefield') else 'le champ de bataille'} : rappel dans la "
            "base de son contrôleur (R. 323.6, 436.4.a)."
        )
    if code == Reason.HIDDEN_REMOVED:
        return (
            f"Nettoyage : {o} est face cachée sur un champ de bataille que son contrôleur ne contrôle plus ; elle "
            "part dans la Défausse (R. 107.3.d, 323.6.a)."
        )
    if code == Reason.COMBAT_STAGED:
        return (
            f"Nettoyage : des unités de {_player(step, r.get('defender'))} se trouvent maintenant à {o}, face à "
            f"celles de {_player(step, r.get('attacker'))} : la confrontation devient un combat (R. 323.8, 323.13)."
        )
    if code == Reason.VICTORY:
        if r.get("immediate"):
            return (
                f"{_player(step, r.get('player'))} a {r.get('points')} points, au moins le score de la victoire "
                "et plus que tout adversaire, par une Exténuation répétée : la victoire est immédiate (R. 432.3.c)."
            )
        return (
            f"Nettoyage : {_player(step, r.get('player'))} a {r.get('points')} points, au moins le score de "
            "victoire et plus que tout autre joueur : victoire (R. 194.2, 323.1)."
        )
    return (
        f"Nettoyage : {_names(step, r.get('objects'))} "
        + ("ont des dégâts mortels et meurent ensemble (R. 323.4)." if len(r.get("objects") or []) > 1
           else "a des dégâts mortels et meurt (R. 323.4).")
    )


def _combat_notes(step: dict, r: dict) -> str:
    """What the totals of a damage step include, said only when a unit in the combat has it: Assaut of an attacker
    (R. 807), Bouclier of a defender (R. 814), a stunned unit that deals nothing (R. 424)."""
    objects = (step.get("state") or {}).get("objects") or {}
    parts = r.get("contributions") or []
    notes, rules = [], ["467"]
    for word, role, rule in ((Keyword.ASSAUT, "attacking", "807"), (Keyword.BOUCLIER, "defending", "814")):
        if any(has_keyword(tuple((objects.get(part.get("object")) or {}).get("keywords") or ()), word)
               and (objects.get(part.get("object")) or {}).get(role) for part in parts):
            notes.append(f"{word} compris")
            rules.append(rule)
    if any((part.get("why") or {}).get("code") == Why.STUNNED for part in parts):
        notes.append("l'unité étourdie ne compte pas")
        rules.append("424")
    return "".join(f"{note} ; " for note in notes) + "R. " + ", ".join(rules)


def _combat(step: dict, r: dict, o: str, e: str = "") -> str:
    if r.get("code") == Reason.DAMAGE_DEALT:
        dealt = [d for d in r.get("dealt") or [] if d.get("amount")]
        if not dealt:
            return f"Combat à {o} : aucune unité ne reçoit de dégâts (R. 467.2.d)."
        parts = ", ".join(f"{d.get('amount')} pour {_obj(step, d.get('object'))}" for d in dealt)
        return (f"Combat à {o} : tous les dégâts attribués sont infligés en même temps — {parts} "
                f"(R. 467.2.c.1.a, 467.2.d).")
    if r.get("code") == Reason.DAMAGE_STEP:
        return (
            f"Combat à {o}, étape des dégâts : {_player(step, r.get('attacker'))} (attaque) totalise "
            f"{r.get('might_attacker')}, {_player(step, r.get('defender'))} (défense) {r.get('might_defender')} "
            f"({_combat_notes(step, r)})."
        )
    a, d = r.get("attackers_left") or [], r.get("defenders_left") or []
    if a and d:
        out = "il reste des unités des deux côtés : les attaquants sont rappelés"
    elif a:
        out = "seuls les attaquants restent : ils prennent le contrôle"
    elif d:
        out = "seuls les défenseurs restent : ils gardent le champ de bataille"
    else:
        out = "aucune unité ne reste : le champ de bataille n'a plus de contrôleur"
    return f"Étape de résolution à {o} : {out} ; toutes les unités vont être soignées (R. 468)."


def _assign(step: dict, r: dict, o: str, e: str = "") -> str:
    who = _player(step, r.get("by"))
    if not r.get("amount"):
        return f"{o} ne reçoit aucun dégât : {who} n'a plus de dégâts à répartir."
    extra = ""
    if r.get("excess"):
        extra = f" ; l'excédent ({r['excess']}) reste sur la dernière unité (R. 467)"
    elif r.get("short"):
        extra = f" ; ce n'est pas assez pour la tuer ({r.get('lethal')} nécessaires)"
    return (
        f"{who} attribue {r.get('amount')} dégât{'s' if r.get('amount', 0) > 1 else ''} "
        f"{a_(o)} (mortel : {r.get('lethal')}) — {_why(r.get('why'))}{extra}."
    )


def _score(step: dict, r: dict, o: str, e: str = "") -> str:
    code = r.get("code")
    if code == Reason.HUNT:
        return f"Chasse {r.get('amount')} {de(o)} : son contrôleur gagne {r.get('amount')} XP (R. 823)."
    if code == Reason.BURN_OUT:
        again = " de nouveau" if r.get("repeat") else ""
        return (
            f"Exténuation{again} : le deck {de(_player(step, r.get('player')))} est vide ; sa Défausse "
            f"({r.get('shuffled')} carte{'s' if (r.get('shuffled') or 0) > 1 else ''}) y est recyclée et "
            f"{_player(step, r.get('opponent'))}, l'adversaire choisi, gagne un point (R. 432.2)"
            + (" ; la Défausse était vide, la pioche recommence (R. 432.3)." if not r.get("shuffled") else ".")
        )
    who = _player(step, r.get("player"))
    how = "conquiert" if r.get("how") == Why.CONQUER else "occupe"
    if not r.get("point") and (r.get("why") or {}).get("code") == Why.FINAL_REFUSED:
        return f"{who} {how} {o} : {_why(r.get('why'))}."
    if not r.get("point"):
        return f"{who} {how} {o}, mais {_why(r.get('why'))}."
    before, after = r.get("points_before"), r.get("points_after")
    return f"{who} {how} {o} et marque un point ({before} → {after}) — {_why(r.get('why'))}."


def _phase(step: dict, r: dict, o: str, e: str = "") -> str:
    p = _player(step, r.get("player"))
    return {
        Reason.AWAKEN: f"Début du tour {de(p)} : ses unités et équipements sont préparés (R. 315.1).",
        Reason.BEGINNING: (
            "Phase de départ : les unités Temporaires meurent, puis on marque les champs de bataille occupés "
            "(R. 315, 471)."
        ),
        Reason.TEMPORARY: f"{_names(step, r.get('objects'))} : {_why(r.get('why'))}.",
        Reason.CHANNEL: f"{p} canalise deux runes (R. 315, 431).",
        Reason.DRAW: f"{p} pioche une carte (R. 315, 414).",
    }.get(r.get("code"), "Phase du tour.")


class _Words:
    """The names an action's narration (``actions.Action.says``) reads, resolved from the step's state."""

    __slots__ = ("step", "r")

    def __init__(self, step: dict, r: dict):
        self.step, self.r = step, r

    @property
    def object(self) -> str:
        return _obj(self.step, self.r.get("object")) if self.r.get("object") else ""

    @property
    def player(self) -> str:
        return _player(self.step, self.r.get("player")) if self.r.get("player") else ""

    @property
    def effect(self) -> str:
        return _eff(self.step, self.r.get("effect"))

    @property
    def effects(self) -> str:
        r = self.r
        return ", ".join(_eff(self.step, x) for x in r.get("effects") or [])

    @property
    def objects(self) -> str:
        return _names(self.step, self.r.get("objects"))

    @property
    def where(self) -> str:
        return _where(self.step, self.r.get("to") or self.r.get("zone"))

    @property
    def to_object(self) -> str:
        return _obj(self.step, self.r.get("to"))

    @property
    def speed(self) -> str:
        return _speed(self.r["speed"])

    de = staticmethod(lambda name: de(name))


def _action_text(step: dict, r: dict) -> str:
    """What an action (or a spell's instruction) does, as its entry in ``ACTIONS`` says it."""
    action = ACTIONS.get(r.get("do"))
    return action.says(_Words(step, r)) if action else str(r.get("do"))


# The narration of each kind of step: (step, reason, object's name, effect's name) → French sentences.
_TEXTS = {
    StepKind.SETUP: _setup_text, StepKind.RESULT: _result_text, StepKind.ACTION: _action_step,
    StepKind.INSTRUCTION: _instruction, StepKind.OBJECT: _object, StepKind.LAYER: _layer_step, StepKind.APPLY: _apply,
    StepKind.SKIP: _skip, StepKind.REEXAMINE: _reexamine, StepKind.CONDITION: _condition, StepKind.CHOICE: _choice,
    StepKind.REPLACEMENT: _replacement,
    StepKind.QUERY: lambda step, r, o, e: query_text(r),
    StepKind.EVENT: event_text,
    StepKind.PRIORITY: _priority, StepKind.CHAIN: _chain, StepKind.CLEANUP: _cleanup, StepKind.COMBAT: _combat,
    StepKind.ASSIGN: _assign, StepKind.SCORE: _score, StepKind.PHASE: _phase,
}
