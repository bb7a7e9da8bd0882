"""Turn one trace step (a dict) into one or two short French sentences.

Only reads the step itself (its ``state`` carries every name and label), so the same trace can be
narrated on the web page, in the JSON API and in tests.
"""

from __future__ import annotations

from .kinds import EVENT_LABELS, LAYER_LABELS, STEP_LABELS, ZONE_LABELS


def de(name: str) -> str:
    """« de » with French elision: « de Soraka », « d'Unité A »."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêàâîôû" else f"de {name}"


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
    lab = f"couche {LAYER_LABELS.get(layer, layer)}"
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


def describe(step: dict) -> str:
    """One or two short French sentences for a trace step."""
    k = step.get("kind")
    r = step.get("reason") or {}
    code = r.get("code")
    e = _eff(step, step.get("effect")) if step.get("effect") else ""
    o = _obj(step, step.get("object")) if step.get("object") else ""
    if k == "setup":
        return "Situation de départ : on calcule les caractéristiques de chaque objet."
    if k == "result":
        return "Fin du scénario : voici l'état final."
    if k == "action":
        return f"Action {step.get('action', 0) + 1} : {_action_text(step, r)}."
    if k == "instruction":
        return (
            f"Instruction {r.get('index', 0) + 1} du sort : {_action_text(step, r)} ; les conditions seront "
            "mises à jour juste après."
        )
    if k == "object":
        if code == "needs_object":
            needs = ", ".join(_obj(step, x) for x in r.get("needs", []))
            return (
                f"Calcul {de(o)} : il a besoin des caractéristiques actuelles {de(needs)}, calculées d'abord."
            )
        if code == "loop":
            names = ", ".join(_obj(step, x) for x in r.get("group", []))
            return f"{names} dépendent les uns des autres : on les calcule ensemble, couche par couche."
        return f"Calcul des caractéristiques {de(o)}."
    if k == "layer":
        n = len(step.get("candidates") or [])
        passe = f", passage {step.get('pass')}" if step.get("pass", 1) > 1 else ""
        return f"{_layer(step).capitalize()}{passe} : {n} effet{'s' if n > 1 else ''} à examiner."
    if k == "apply":
        after = step.get("after") or {}
        before = step.get("before") or {}
        if step.get("layer") == "abilities":
            val = f"mots-clés : {_kw(after.get('keywords'))}"
        elif step.get("layer") == "characteristics" and before.get("controller") != after.get("controller"):
            val = f"contrôleur : {_player(step, after.get('controller'))}"
        else:
            val = f"puissance {before.get('power')} → {after.get('power')}"
        if code == "dependency" and r.get("depends_on"):
            why = f"il dépend de {_eff(step, r['depends_on'])}, appliqué juste avant"
        elif code == "dependency" and r.get("before"):
            deps = ", ".join(_eff(step, x) for x in r["before"])
            what = "son existence (ou ce qu'il affecte)" if r.get("aspect") == "existence" else "son résultat"
            why = f"{deps} dépend de lui, car {what} change selon qu'il s'applique ou non"
            return f"{e} s'applique d'abord : {why} ({val})."
        elif code == "timestamp" and r.get("mutual_with"):
            others = ", ".join(_eff(step, x) for x in r["mutual_with"])
            why = (
                f"chacun change l'autre avec {others}, donc pas de dépendance : "
                f"l'horodatage ({r.get('since')}) "
                "décide"
            )
        elif code == "timestamp":
            why = f"aucune dépendance, ordre d'horodatage ({r.get('since')})"
        else:
            why = "seul effet de cette étape"
        lock = f" La quantité {r['locked']} est mémorisée." if "locked" in r else ""
        return f"{e} s'applique ({_layer(step)}) : {why} ; {val}.{lock}"
    if k == "skip":
        if code == "no_target":
            return f"{e} ne s'applique à rien : sa source n'est équipée à aucune unité."
        if code == "too_late":
            return (
                f"{e} ne peut pas remplacer cet événement : sa source n'arrive dans sa zone active "
                "que par ce "
                "même ensemble d'événements, trop tard."
            )
        if code == "already_applied":
            return f"{e} s'est déjà appliqué à cet événement ou à celui qu'il remplace : il ne boucle pas."
        if code == "already_used_in_set":
            return f"{e} a déjà servi dans une séquence de cet ensemble simultané : pas de seconde séquence."
        if code == "no_longer_matches":
            return f"{e} ne s'applique pas : l'événement qu'il visait n'existe plus."
        if code == "declined":
            return f"{e} est refusé ; refuser un remplacement facultatif ne consomme pas son usage."
        if code == "inactive_at_event":
            return (
                f"{e} ne se déclenche pas : elle était inactive quand l'événement a été évalué "
                f"({_cond(step, r)})."
            )
        return f"{e} ne s'applique pas : {_cond(step, r)}."
    if k == "reexamine":
        return (
            f"Une couche plus tardive rend {e} applicable : retour à la {_layer(step)} (passage "
            f"{step.get('pass')}). Chaque effet ne s'applique qu'une fois."
        )
    if k == "condition":
        if code == "condition_true":
            return f"{e} devient actif et reçoit l'horodatage {r.get('since')}."
        return f"{e} devient inactif ({_cond(step, r)}) et perd son horodatage."
    if k == "choice":
        who = _player(step, r.get("by"))
        if code == "optional_choice":
            verb = "accepte" if r.get("accept") else "refuse"
            return f"{who} {verb} le remplacement facultatif {e}."
        how = "comme le prévoit le scénario" if r.get("scripted") else "une des issues explorées"
        return f"{who} choisit d'appliquer {_eff(step, r.get('picked'))} d'abord ({how})."
    if k == "replacement":
        if code == "candidates":
            names = ", ".join(_eff(step, x) for x in step.get("candidates") or [])
            target = f" {de(o)}" if o else " (événements simultanés)"
            return (
                f"Remplacements possibles pour {EVENT_LABELS.get(r.get('event'), r.get('event'))}{target} : "
                f"{names} ; {_player(step, r.get('by'))} décide."
            )
        inh = f" Le nouvel événement hérite de {_mods(r['inherited'])}." if r.get("inherited") else ""
        ign = (
            f" {_mods(r['ignored']).capitalize()} ne s'applique pas au nouvel événement : ignoré."
            if r.get("ignored")
            else ""
        )
        if r.get("mode") == "also":
            return f"{e} ajoute une action à {EVENT_LABELS.get(r.get('event'), r.get('event'))}.{inh}{ign}"
        return (
            f"{e} remplace {EVENT_LABELS.get(r.get('event'), r.get('event'))} {de(o)} : "
            "cet événement n'a pas "
            f"lieu, l'alternative se produit.{inh}{ign}"
        )
    if k == "query":
        return query_text(r)
    if k == "event":
        return _event_text(step, r, o, e)
    return k or ""


def _action_text(step: dict, r: dict) -> str:
    do = r.get("do")
    o = _obj(step, r.get("object")) if r.get("object") else ""
    p = _player(step, r.get("player")) if r.get("player") else ""
    return {
        "start": "début de "
        + ", ".join(
            _eff(step, x) for x in ([r["effect"]] if r.get("effect") else []) + list(r.get("effects") or [])
        ),
        "end": f"{_eff(step, r.get('effect'))} prend fin",
        "defend": f"{o} {'défend' if r.get('value', True) else 'cesse de défendre'}",
        "end_combat": "le combat se termine",
        "end_turn": "le tour se termine",
        "gain_xp": f"{p} gagne {r.get('amount')} XP",
        "spend_xp": f"{p} dépense {r.get('amount')} XP",
        "hunt": f"la Chasse {de(o)} se résout",
        "buff": f"{o} reçoit un buff",
        "double": f"la puissance {de(o)} est doublée",
        "swap": "deux puissances sont échangées",
        "kill": "une instruction élimine " + ", ".join(_obj(step, x) for x in r.get("objects", [])),
        "return_to_hand": f"{o} doit retourner en main",
        "create_token": f"{p} doit créer {r.get('name')}",
        "draw": f"{p} pioche",
        "attach": f"{o} est équipé à {_obj(step, r.get('to'))}",
        "detach": f"{o} est détaché",
        "move": f"{o} va dans {ZONE_LABELS.get(r.get('zone'), r.get('zone'))}",
        "play_card": f"{p} joue une autre carte",
        "activate": f"on tente d'activer {_eff(step, r.get('effect'))}",
        "finish": f"on termine {_eff(step, r.get('effect'))}, en attente sur la chaîne",
        "combat_damage": f"{o} inflige ses dégâts de combat",
        "query": "on consulte l'état du jeu",
        "resolve": f"le sort « {r.get('label')} » se résout, instruction par instruction",
    }.get(do, str(do))


def _event_text(step: dict, r: dict, o: str, e: str) -> str:
    code = r.get("code")
    p = _player(step, r.get("player")) if r.get("player") else ""
    texts = {
        "became_mighty": f"{o} devient puissante : {r.get('before')} → {r.get('after')}.",
        "no_longer_mighty": f"{o} n'est plus puissante : {r.get('before')} → {r.get('after')}.",
        "died": f"{o} meurt.",
        "destroyed": f"{o} est éliminé.",
        "replaced": f"Le remplacement {e} est appliqué (ordre choisi par {_player(step, r.get('by'))}).",
        "added_to_event": f"{e} ajoute une action à l'événement.",
        "triggered": f"{e} se déclenche.",
        "trigger_waits": f"{e} attend la fin de la résolution en cours.",
        "trigger_resolved": f"{e} est traitée.",
        "xp_gained": f"{p} gagne {r.get('amount')} XP ({r.get('before')} → {r.get('after')}).",
        "xp_spent": f"{p} dépense {r.get('amount')} XP ({r.get('before')} → {r.get('after')}).",
        "xp_spend_refused": f"{p} n'a pas assez d'XP.",
        "healed": f"{o} est soignée.",
        "exhausted": f"{o} est épuisée.",
        "recalled": f"{o} est rappelée à la base.",
        "returned_to_hand": f"{o} retourne en main.",
        "token_created": f"{o} est créée{' épuisée' if r.get('exhausted') else ''}.",
        "drew": f"{p} pioche une carte.",
        "buffed": f"{o} reçoit un buff (+1).",
        "power_changed": f"La puissance {de(o)} est modifiée de {r.get('amount', 0):+d}.",
        "doubling": f"Doubler {o} ajoute {r.get('amount')} (sa puissance actuelle est {r.get('power')}, "
        "jamais une "
        "quantité négative).",
        "swap": f"Échange : différence {r.get('difference')}, ajoutée à {o}, "
        f"retirée à {_obj(step, r.get('other'))}.",
        "swap_nothing": "Les deux puissances sont égales : l'échange ne change rien.",
        "effect_started": f"{e} commence à s'appliquer (horodatage {r.get('since')}).",
        "effect_ended": f"{e} prend fin.",
        "expired": f"{e} expire.",
        "activated": f"{e} est activée et attend sur la chaîne.",
        "activation_refused": f"{e} ne peut pas être activée : son texte est inactif.",
        "ability_resolved": f"{e} se termine, même si sa condition n'est plus remplie."
        if not r.get("still_active", True)
        else f"{e} se termine.",
        "combat_damage": f"{o} inflige {r.get('amount')} dégâts de combat "
        f"(puissance réelle {r.get('power')}).",
        "hunt_resolved": f"La Chasse {r.get('amount')} {de(o)} se résout.",
        "card_played": f"{p} joue une carte.",
        "defending": f"{o} défend.",
        "stopped_defending": f"{o} ne défend plus.",
        "attached": f"{o} est équipé à {_obj(step, r.get('to'))}.",
        "detached": f"{o} est détaché.",
        "moved": f"{o} va dans {ZONE_LABELS.get(r.get('zone'), r.get('zone'))}.",
        "resolving": f"Résolution de « {r.get('label')} ».",
        "nothing_happens": "Rien ne se passe.",
    }
    return texts.get(code, f"Événement : {code}.")
