"""Turn one trace step (a dict) into one or two short French sentences.

Only reads the step itself (its ``state`` carries every name and label), so the same trace can be
narrated on the web page, in the JSON API and in tests.
"""

from __future__ import annotations

from .kinds import (
    ACTIONS,
    EVENT_LABELS,
    LAYER_LABELS,
    STEP_LABELS,
    WHY_LABELS,
    WHY_RULES,
    ZONE_LABELS,
    Keyword,
    Layer,
    Reason,
    Speed,
    StepKind,
    has_keyword,
)
from .vocab import ReplacementMode

_VOWELS = "aeiouyéèêëàâîïôûùh"


def de(name: str) -> str:
    """« de » before a name used as a proper noun, with elision: « de Vi », « d'Ahri », « d'Unité A »."""
    return f"d'{name}" if name[:1].lower() in _VOWELS else f"de {name}"


def a_(name: str) -> str:
    """« à » before a proper noun: « à Vi », « à Ahri »."""
    return f"à {name}"


def _why(w: dict | None) -> str:
    """A structured « pourquoi ? » (code, rule) as a French clause with its rule number."""
    if not w:
        return ""
    code = w.get("code")
    return f"{WHY_LABELS.get(code, code)} ({WHY_RULES.get(code, w.get('rule', ''))})"


_ASK = {
    "power": "Puissance {de} : {v}.",
    "reference_power": "Puissance {de} lue par une référence ordinaire : {v}.",
    "keywords": "Mots-clés {de} : {v}.",
    "mighty": "{s} est-elle puissante ? {v}.",
    "zone": "Zone {de} : {v}.",
    "controller": "Contrôleur {de} : {v}.",
    "exhausted": "{s} est-elle épuisée ? {v}.",
    "xp": "XP {de} : {v}.",
    "active": "« {s} » est-il actif ? {v}.",
}


def query_text(q: dict) -> str:
    """The answer to a query, in French (``q`` has ask, value, subject)."""
    val = q.get("value")
    if isinstance(val, bool):
        v = "oui" if val else "non"
    elif isinstance(val, list):
        v = ", ".join(val) if val else "aucun"
    elif q.get("ask") == "zone":
        v = ZONE_LABELS.get(val, str(val))
    else:
        v = str(val)
    subject = str(q.get("subject", ""))
    return _ASK.get(q.get("ask"), "{s} : {v}.").format(s=subject, de=de(subject), v=v)


def _obj(step: dict, oid) -> str:
    if oid is None:
        return "?"
    o = step.get("state", {}).get("objects", {}).get(oid)
    return o["name"] if o else str(oid)


def _eff(step: dict, eid) -> str:
    if eid is None:
        return "?"
    e = step.get("state", {}).get("effects", {}).get(eid)
    return f"« {e['label']} »" if e else f"« {eid} »"


def _player(step: dict, pid) -> str:
    if pid is None:
        return "le joueur"
    p = step.get("state", {}).get("players", {}).get(pid)
    return p["name"] if p else str(pid)


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
    "level": lambda s, r: (
        f"Niveau {r.get('level')} n'est pas atteint ({_player(s, r.get('player'))} a {r.get('xp')} XP)"
    ),
    "legion": lambda s, r: "Légion n'est pas remplie (aucune autre carte jouée ce tour)",
    "not_empowered": lambda s, r: "sa source n'est pas amplifiée (R. 828)",
    "not_shown_off": lambda s, r: "rien n'a été montré en la jouant (Show Off, R. 832)",
    "not_attached": lambda s, r: "sa source n'est équipée à aucune unité",
    "source_absent": lambda s, r: f"sa source est dans {ZONE_LABELS.get(r.get('zone'), r.get('zone'))}",
    "ended": lambda s, r: "l'effet a pris fin",
    "not_started": lambda s, r: "l'effet n'a pas encore commencé",
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
    if r.get("code") == "not_affected":
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


def _names(step: dict, ids) -> str:
    return ", ".join(_obj(step, x) for x in ids or []) or "aucune"


def _priority(step: dict, r: dict, o: str, e: str = "") -> str:
    code = r.get("code")
    if code == "focus":
        return f"Confrontation à {o} : {_player(step, r.get('player'))} a la focalisation (R. 311, 341)."
    if code == "all_passed" and r.get("chain"):
        return (
            "Personne ne répond : tous les joueurs passent, l'élément le plus récent de la chaîne se résout (R. 340)."
        )
    if code == "answer_window" and r.get("where") == "combat":
        return (
            f"Le combat attend : {_player(step, r.get('player'))} a la priorité sur la chaîne ouverte par son "
            "nettoyage, et chacun peut y répondre avant l'étape de résolution (R. 468.2, 337.4)."
        )
    if code == "answer_window":
        return (
            f"Le début du tour attend : {_player(step, r.get('player'))} a la priorité sur la chaîne ouverte, et "
            "chacun peut y répondre avant que le tour continue (R. 335, 337.4)."
        )
    if code == "all_passed":
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
    if code == "empty_battlefield":
        return (
            f"Nettoyage : {_player(step, r.get('player'))} n'a plus aucune unité à {o} ; hors chaîne et sans "
            "combat ni confrontation à cet endroit, le champ de bataille perd son contrôleur (R. 190.4.c, 323.5)."
        )
    if code == "cleanup_done":
        n = len(r.get("effects") or [])
        what = "la compétence déclenchée va" if n == 1 else f"les {n} compétences déclenchées vont"
        return f"Nettoyage terminé : {what} sur la chaîne, où chacun peut y répondre (R. 334, 383.3)."
    if code == "gear_recalled":
        return (
            f"Nettoyage : l'équipement {o} n'est équipé à aucune unité et se trouve seul sur "
            f"{_obj(step, r['battlefield']) if r.get('battlefield') else 'le champ de bataille'} : rappel dans la "
            "base de son contrôleur (R. 323.6, 436.4.a)."
        )
    if code == "hidden_removed":
        return (
            f"Nettoyage : {o} est face cachée sur un champ de bataille que son contrôleur ne contrôle plus ; elle "
            "part dans la Défausse (R. 107.3.d, 323.6.a)."
        )
    if code == "combat_staged":
        return (
            f"Nettoyage : des unités de {_player(step, r.get('defender'))} se trouvent maintenant à {o}, face à "
            f"celles de {_player(step, r.get('attacker'))} : la confrontation devient un combat (R. 323.8, 323.13)."
        )
    if code == "victory":
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
    if any((part.get("why") or {}).get("code") == "stunned" for part in parts):
        notes.append("l'unité étourdie ne compte pas")
        rules.append("424")
    return "".join(f"{note} ; " for note in notes) + "R. " + ", ".join(rules)


def _combat(step: dict, r: dict, o: str, e: str = "") -> str:
    if r.get("code") == "damage_dealt":
        dealt = [d for d in r.get("dealt") or [] if d.get("amount")]
        if not dealt:
            return f"Combat à {o} : aucune unité ne reçoit de dégâts (R. 467.2.d)."
        parts = ", ".join(f"{d.get('amount')} pour {_obj(step, d.get('object'))}" for d in dealt)
        return (f"Combat à {o} : tous les dégâts attribués sont infligés en même temps — {parts} "
                f"(R. 467.2.c.1.a, 467.2.d).")
    if r.get("code") == "damage_step":
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
    if code == "hunt":
        return f"Chasse {r.get('amount')} {de(o)} : son contrôleur gagne {r.get('amount')} XP (R. 823)."
    if code == "burn_out":
        again = " de nouveau" if r.get("repeat") else ""
        return (
            f"Exténuation{again} : le deck {de(_player(step, r.get('player')))} est vide ; sa Défausse "
            f"({r.get('shuffled')} carte{'s' if (r.get('shuffled') or 0) > 1 else ''}) y est recyclée et "
            f"{_player(step, r.get('opponent'))}, l'adversaire choisi, gagne un point (R. 432.2)"
            + (" ; la Défausse était vide, la pioche recommence (R. 432.3)." if not r.get("shuffled") else ".")
        )
    who = _player(step, r.get("player"))
    how = "conquiert" if r.get("how") == "conquer" else "occupe"
    if not r.get("point") and (r.get("why") or {}).get("code") == "final_refused":
        return f"{who} {how} {o} : {_why(r.get('why'))}."
    if not r.get("point"):
        return f"{who} {how} {o}, mais {_why(r.get('why'))}."
    before, after = r.get("points_before"), r.get("points_after")
    return f"{who} {how} {o} et marque un point ({before} → {after}) — {_why(r.get('why'))}."


def _phase(step: dict, r: dict, o: str, e: str = "") -> str:
    p = _player(step, r.get("player"))
    return {
        "awaken": f"Début du tour {de(p)} : ses unités et équipements sont préparés (R. 315.1).",
        "beginning": (
            "Phase de départ : les unités Temporaires meurent, puis on marque les champs de bataille occupés "
            "(R. 315, 471)."
        ),
        "temporary": f"{_names(step, r.get('objects'))} : {_why(r.get('why'))}.",
        "channel": f"{p} canalise deux runes (R. 315, 431).",
        "draw": f"{p} pioche une carte (R. 315, 414).",
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


def _where(step: dict, dest) -> str:
    if dest in (None, "base"):
        return "la base"
    if dest in ZONE_LABELS:
        return ZONE_LABELS[dest]
    return _obj(step, dest)


def _event_text(step: dict, r: dict, o: str, e: str) -> str:
    code = r.get("code")
    if r.get("label") and code in ("triggered", "trigger_resolved"):
        e = f"« {r['label']} »"  # a keyword's play effect: no effect of the scenario carries its name
    p = _player(step, r.get("player")) if r.get("player") else ""
    where = _where(step, r.get("to") or r.get("zone"))
    texts = {
        "became_mighty": f"{o} devient une unité puissante : {r.get('before')} → {r.get('after')}.",
        "no_longer_mighty": f"{o} n'est plus une unité puissante : {r.get('before')} → {r.get('after')}.",
        "died": f"{o} meurt.",
        "destroyed": f"Élimination {de(o)}.",
        "replaced": f"Le remplacement {e} est appliqué (ordre choisi par {_player(step, r.get('by'))}).",
        "added_to_event": f"{e} ajoute une action à l'événement.",
        "triggered": f"{e} se déclenche.",
        "trigger_waits": f"{e} attend la fin du nettoyage pour aller sur la chaîne (R. 334.1, 383.3).",
        "trigger_resolved": f"{e} se résout.",
        "xp_gained": f"{p} gagne {r.get('amount')} XP ({r.get('before')} → {r.get('after')}).",
        "xp_spent": f"{p} dépense {r.get('amount')} XP ({r.get('before')} → {r.get('after')}).",
        "xp_spend_refused": f"{p} n'a pas assez d'XP.",
        "healed": f"Les dégâts {de(o)} sont retirés.",
        "exhausted": f"On épuise {o}.",
        "recalled": f"{o} retourne à la base (rappel).",
        "returned_to_hand": f"{o} retourne en main.",
        "token_created": f"{o} entre en jeu (création{', à l’état épuisé' if r.get('exhausted') else ''}).",
        "drew": f"{p} pioche une carte.",
        "buffed": f"{o} reçoit un buff (+1).",
        "power_changed": f"La puissance {de(o)} est modifiée de {r.get('amount', 0):+d}.",
        "doubling": f"Doubler {o} ajoute {r.get('amount')} (sa puissance actuelle est {r.get('power')}, "
        "jamais une "
        "quantité négative).",
        "swap": f"Intervertir : écart {r.get('difference')}, ajouté à {o}, retiré à {_obj(step, r.get('other'))}.",
        "swap_nothing": "Les deux puissances sont égales : les intervertir ne change rien.",
        "effect_started": f"{e} commence à s'appliquer (horodatage {r.get('since')}).",
        "effect_ended": f"{e} prend fin.",
        "expired": f"{e} expire.",
        "activated": f"{e} est activée et attend sur la chaîne.",
        "activation_refused": f"{e} ne peut pas être activée : son texte est inactif.",
        "ability_resolved": f"{e} se termine, même si sa condition n'est plus remplie."
        if not r.get("still_active", True)
        else f"{e} se termine.",
        "combat_damage": (
            f"{o} reçoit {r.get('amount')} dégât{'s' if (r.get('amount') or 0) > 1 else ''} de combat "
            f"de {_player(step, r.get('by'))}."
            if r.get("by")
            else f"{o} inflige {r.get('amount')} dégâts de combat (puissance réelle {r.get('power')})."
        ),
        "hunt_resolved": f"La Chasse {r.get('amount')} {de(o)} se résout.",
        "played": f"{o} est jouée.",
        "predicted": (f"{p} regarde {r.get('looked')} carte(s) du dessus de son deck et en recycle "
                      f"{r.get('recycled')} (Prédiction, R. 437)."),
        "equipped": f"{o} est équipé à {_obj(step, r.get('to'))} : Équiper (R. 818.2).",
        "empowered": f"{o} devient amplifiée (R. 827.2).",
        "showed_off": f"En jouant {o}, {p} montre {_obj(step, r.get('shown'))} (Show Off, R. 832.1.c).",
        "gear_played": (f"{p} joue l'équipement {o}, qui arrive "
                        + (f"sur {_obj(step, r.get('to'))}" if r.get("to") not in (None, "base") else "dans sa base")
                        + " (R. 349)."),
        "banished": f"{o} quitte la chaîne et est bannie au lieu d'aller dans la Défausse (Flux, R. 829.1.b.1).",
        "burned": f"{p} met la carte du dessus de son deck dans sa Défausse (Brûler, R. 441).",
        "card_played": (f"{p} joue {o} depuis sa face cachée (Réaction, R. 811.6)." if r.get("from_hidden")
                        else f"{p} joue une carte."),
        "defending": f"{o} défend.",
        "stopped_defending": f"{o} ne défend plus.",
        "attached": f"{o} est équipé à {_obj(step, r.get('to'))}.",
        "detached": f"{o} est déséquipé.",
        "moved": f"{o} va {'sur' if r.get('to') not in (None, 'base') else 'dans'} {where}.",
        "readied": f"On prépare {o}.",
        "unit_played": (f"{o} est jouée depuis sa face cachée, sans son coût de base, sur "
                        f"{_obj(step, r.get('from_hidden'))} (R. 811.1.b, 811.1.d.1) et arrive " if r.get("from_hidden")
                        else f"{o} arrive ")
        + ("à l'état prêt (Accélération, R. 805)." if not r.get("exhausted")
           else "à l'état épuisé (sans Accélération, R. 805)."),
        "damaged": f"{o} subit {r.get('amount')} dégâts ({r.get('total')} au total) ; "
        "une blessure mortelle tue au nettoyage (R. 323.4).",
        "stunned": f"On étourdit {o} : pas de dégâts de combat ce tour (R. 424).",
        "chain_added": (
            f"« {r.get('label')} », compétence déclenchée de {p}, va sur la chaîne (R. 383.3)."
            if r.get("speed") == "trigger"
            else f"{p} joue « {r.get('label')} » : il s'ajoute à la chaîne (R. 328, 338.1.a)."
        ),
        "chain_resolved": f"« {r.get('label')} » est résolu.",
        "fizzled": f"La cible de « {r.get('label')} » a disparu : il ne fait rien (R. 340).",
        "passed": f"{p} passe" + (" et ne joue pas « " + str(r.get("label")) + " »." if r.get("label") else "."),
        "contested": f"{o} devient contesté par {p} (R. 447).",
        "showdown_started": f"Une confrontation commence à {o} (R. 341).",
        "showdown_ended": f"La confrontation à {o} se termine.",
        "combat_started": f"Combat à {o} : {_player(step, r.get('attacker'))} attaque, "
        f"{_player(step, r.get('defender'))} défend (R. 461).",
        "combat_ended": f"Le combat à {o} se termine.",
        "attacking": f"{o} attaque.",
        "control_gained": f"{p} prend le contrôle {de(o)} (R. 188).",
        "control_lost": f"{o} n'a plus de contrôleur (R. 190.4.c, 468.5.b).",
        "conquered": f"{p} conquiert {o} (R. 471).",
        "held": f"{p} occupe {o} (R. 471).",
        "scored": f"{p} marque {o}.",
        "score_refused": f"{p} ne gagne pas de point à {o} : {_why({'code': r.get('why')})}.",
        "point_gained": f"{p} gagne {r.get('amount')} point{'s' if (r.get('amount') or 0) > 1 else ''} "
        f"({r.get('before')} → {r.get('after')}).",
        "game_won": f"{p} gagne la partie avec {r.get('points')} points (R. 194.2).",
        "burned_out": f"Exténuation de {p} (R. 432).",
        "turn_started": f"Début du tour {de(p)}.",
        "turn_ended": f"Fin du tour {de(p)} : les dégâts et l'étourdissement disparaissent (R. 317).",
        "runes_channeled": f"{p} canalise {r.get('amount')} rune{'s' if (r.get('amount') or 0) > 1 else ''}.",
        "resource_added": (
            f"{o} ajoute {'1 Énergie' if r.get('energy') else '1 essence runique ' + str(r.get('domain'))} à la "
            f"Réserve runique {de(p)} (R. 164.2) ; elle contient {r.get('pool')}."
        ),
        "recycled": f"{o} est recyclée : elle retourne sous le deck de runes (R. 417.1.b).",
        "cost_paid": (
            f"{p} paie « {r.get('label')} » : {r.get('energy')} Énergie"
            + "".join(f", {n} essence runique {d}" for d, n in sorted((r.get("essence") or {}).items()))
            + f" (R. 357.1, 445) ; il reste {r.get('pool')}."
        ),
        "pool_emptied": (
            f"La Réserve runique {de(p)} se vide : l'Énergie et l'essence runique non dépensées sont perdues (R. 167)."
        ),
        "cost_modified": (
            f"Coût total de « {r.get('label')} » pour {p} : {r.get('energy')} Énergie"
            + (f" et {len(r['power'])} essence runique de domaine imposé" if isinstance(r.get("power"), list)
               and r["power"] else "")
            + (f" et {r.get('any_power')} essence de n'importe quel domaine" if r.get("any_power") else "")
            + " — " + " ; ".join(r.get("notes") or [] if isinstance(r.get("notes"), list) else [])
            + " (R. 356.1–356.6)."
        ),
        "hidden": f"{p} cache {o} face cachée sur {_obj(step, r.get('to'))} (R. 422, 811) ; elle se jouera à "
        "partir du tour suivant, avec Réaction et sans son coût de base.",
        "hidden_removed": f"{o}, face cachée sur {_obj(step, r.get('battlefield'))} que {p} ne contrôle plus, est "
        "révélée et part dans la Défausse (R. 323.6.a, 468.5.c).",
        "resolving": f"Résolution de « {r.get('label')} ».",
        "nothing_happens": "Rien ne se passe.",
    }
    return texts.get(code, f"Événement : {code}.")


# The narration of each kind of step: (step, reason, object's name, effect's name) → French sentences.
_TEXTS = {
    StepKind.SETUP: _setup_text, StepKind.RESULT: _result_text, StepKind.ACTION: _action_step,
    StepKind.INSTRUCTION: _instruction, StepKind.OBJECT: _object, StepKind.LAYER: _layer_step, StepKind.APPLY: _apply,
    StepKind.SKIP: _skip, StepKind.REEXAMINE: _reexamine, StepKind.CONDITION: _condition, StepKind.CHOICE: _choice,
    StepKind.REPLACEMENT: _replacement,
    StepKind.QUERY: lambda step, r, o, e: query_text(r),
    StepKind.EVENT: _event_text,
    StepKind.PRIORITY: _priority, StepKind.CHAIN: _chain, StepKind.CLEANUP: _cleanup, StepKind.COMBAT: _combat,
    StepKind.ASSIGN: _assign, StepKind.SCORE: _score, StepKind.PHASE: _phase,
}
