"""A practice question's situation told from the scenario the engine plays, fact by fact, without its outcome.

Every fact of the scenario that can change what the engine computes is written out: whose turn it is, each player's
counters, each object with its zone, place, controller, Might, keywords, cost and state (a rune never said to be
exhausted is ready), each effect with its text as the engine reads it (kind, source, target, value, condition,
duration, timestamp), then what the players do in the engine's own words, « début du tour » with whose turn it is.
A field this module does not know is still written (« champ : valeur »), so a new field of the engine is never
silently left out; ``tests/learn/test_situation_facts.py`` changes every fact the text does not show and checks the
answer does not change.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.french import de, with_article
from engine.actions import Do
from engine.effect_kinds import CONDITIONS, KINDS
from engine.kinds import DURATION_LABELS, PRODUCE_LABELS, StepKind
from engine.stored import Step
from engine.vocab import ActiveZone, AppliesTo, Event, ObjectType, TriggerSubject, Zone

UNIT_TYPES = (ObjectType.UNIT, ObjectType.TOKEN)
TYPE_LABELS = {kind.value: kind.label.lower() for kind in ObjectType}  # the engine's words (« création », R. 179)
# Where an object is, as a sentence says it (the battlefield is named separately).
WHERE = {Zone.BASE: "dans la base de son contrôleur", Zone.HAND: "en main", Zone.DECK: "dans le deck",
         Zone.DISCARD: "dans la Défausse", Zone.BANISHED: "bannie", Zone.FACEDOWN: "cachée face cachée",
         Zone.RUNE_DECK: "dans le deck de runes", Zone.CHAIN: "sur la chaîne"}
STATE_LABELS = {"exhausted": ("épuisée", "prête"), "stunned": ("étourdie", None), "defending": ("en défense", None),
                "attacking": ("en attaque", None)}
SUBJECTS = {TriggerSubject.SELF: "cette unité", TriggerSubject.ALLY: "une unité alliée",
            TriggerSubject.ANY: "une unité", TriggerSubject.YOU: "son contrôleur"}
WHEN = {Event.BECAME_MIGHTY: "devient puissante", Event.BUFFED: "reçoit un bonus", Event.XP_GAINED: "gagne de l'XP",
        Event.DIED: "meurt", Event.CONQUERED: "conquiert un champ de bataille",
        Event.HELD: "occupe un champ de bataille"}
EVENTS = {"die": "mourir", "recall": "être rappelée à la base", "create_token": "créer une création",
          "power_change": "voir sa Puissance modifiée", "return_to_hand": "retourner en main", "move": "se déplacer"}
APPLIES_TO = {AppliesTo.SELF: "sa source", AppliesTo.ATTACHED: "l'unité qu'il équipe",
              AppliesTo.ALLIES: "les unités alliées", AppliesTo.OTHER_ALLIES: "les autres unités alliées",
              AppliesTo.ANY: "toute unité", AppliesTo.PLAYER: "son joueur"}
ACTIVE_ZONES = {ActiveZone.BOARD: "sur le plateau", ActiveZone.DISCARD: "depuis la Défausse",
                ActiveZone.HAND: "depuis la main", ActiveZone.ANYWHERE: "où que soit sa source"}
COST_APPLIES = {"all": "toutes les cartes", "units": "les unités", "spells": "les sorts", "self": "cette carte"}
# (singular, plural) of each counter of a player.
PLAYER_FIELDS = {"points": ("point", "points"), "xp": ("XP", "XP"), "hand": ("carte en main", "cartes en main"),
                 "deck": ("carte dans le deck", "cartes dans le deck"),
                 "trash": ("carte dans la Défausse", "cartes dans la Défausse"),
                 "runes": ("rune dans le deck de runes", "runes dans le deck de runes"),
                 "energy": ("Énergie", "Énergie")}
# Fields that name or number a thing rather than state a fact about it.
SILENT = {"id", "name", "label"}


def _plural(count: int, forms: tuple[str, str]) -> str:
    """« 1 point », « 0 point », « 7 points » (French: the singular up to 1)."""
    return f"{count} {forms[0] if abs(count) <= 1 else forms[1]}"


def _value(value) -> str:
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or "aucun"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    return str(value)


class Teller:
    """Writes the facts of one scenario; ``names`` resolves the ids an effect or an object refers to."""

    def __init__(self, data: dict):
        self.data = data
        self.objects = {o["id"]: o for o in data.get("objects") or []}
        self.names = {oid: o.get("name") or oid for oid, o in self.objects.items()}
        self.players = {p["id"]: p.get("name") or p["id"] for p in data.get("players") or []}
        self.effects = {e["id"]: e.get("label") or e["id"] for e in data.get("effects") or []}

    def name(self, ident) -> str:
        return self.names.get(ident) or self.players.get(ident) or self.effects.get(ident) or str(ident)

    # --- players ----------------------------------------------------------------------------------------------

    def turn_player(self) -> str | None:
        order = [p["id"] for p in self.data.get("players") or []]
        return self.data.get("turn_player") or (order[0] if order else None)

    def player_lines(self) -> list[str]:
        lines = []
        turn = self.turn_player()
        if turn:
            lines.append(f"C'est le tour {de(self.name(turn))}.")
        for player in self.data.get("players") or []:
            parts = []
            for key, value in player.items():
                if key in SILENT:
                    continue
                if key in PLAYER_FIELDS and isinstance(value, int):
                    parts.append(_plural(value, PLAYER_FIELDS[key]))
                elif key == "essence":
                    parts.append("Essence runique : " + _value(value))
                elif key == "rune_deck":
                    parts.append("deck de runes : " + _value(value))
                elif key == "team":
                    parts.append(f"équipe {value}")
                else:
                    parts.append(f"{key} : {_value(value)}")
            if parts:
                lines.append(f"{self.name(player['id'])} : {', '.join(parts)}.")
        return lines

    # --- objects ----------------------------------------------------------------------------------------------

    def object_line(self, obj: dict) -> str:
        kind = obj.get("type", ObjectType.UNIT)
        owner = self.players.get(obj.get("controller"), "")
        if kind == ObjectType.BATTLEFIELD:
            held = f"contrôlé par {owner}" if owner else "sans contrôleur"
            extra = [self._field(key, value) for key, value in obj.items()
                     if key not in SILENT | {"type", "controller", "zone"}]
            return f"{self.name(obj['id'])} : champ de bataille, {', '.join([held, *filter(None, extra)])}."
        parts = [] if kind == ObjectType.UNIT else [TYPE_LABELS.get(kind, kind)]
        zone = obj.get("zone", Zone.BASE)
        if zone in (Zone.BATTLEFIELD, Zone.FACEDOWN):
            fields = [o["id"] for o in self.objects.values() if o.get("type") == ObjectType.BATTLEFIELD]
            at = obj.get("at") or (fields[0] if len(fields) == 1 else None)
            place = f"sur {self.name(at)}" if at else "sur un champ de bataille"
            parts.append(place if zone == Zone.BATTLEFIELD else f"cachée face cachée {place}")
        else:
            parts.append(WHERE.get(zone, zone))
        if kind in UNIT_TYPES or "printed_power" in obj:
            parts.append(f"Puissance imprimée {obj.get('printed_power', 0)}")
        for key, value in obj.items():
            if key in SILENT | {"type", "controller", "zone", "at", "printed_power"}:
                continue
            said = self._field(key, value)
            if said:
                parts.append(said)
        if kind == ObjectType.RUNE and not obj.get("exhausted"):
            parts.append("prête")
        who = f" ({owner})" if owner else ""
        return f"{self.name(obj['id'])}{who} : " + ", ".join(parts) + "."

    def _field(self, key: str, value) -> str:
        if key in STATE_LABELS:
            yes, no = STATE_LABELS[key]
            return yes if value else (no or "")
        if key == "keywords":
            return ("mots-clés " + ", ".join(value)) if value else "aucun mot-clé"
        if key == "cost":
            return f"coût {value} Énergie"
        if key == "power_cost":
            return "coût en Essence runique " + _value(value)
        if key == "domains":
            return "domaine " + _value(value)
        if key == "attached_to":
            return f"équipe {self.name(value)}"
        if key == "damage":
            return _plural(value, ("dégât", "dégâts"))
        return f"{key} : {_value(value)}"

    # --- effects ----------------------------------------------------------------------------------------------

    def effect_line(self, effect: dict) -> str:
        kind = KINDS.get(effect.get("kind"))
        said = self._effect_text(effect, kind)
        label = effect.get("label") or effect["id"]
        return f"Effet « {label} » — {said}."

    def _target(self, ident) -> str:
        if ident == "source":
            return "sa source"
        if ident == "attached":
            return "l'unité qu'il équipe"
        return self.name(ident)

    def _effect_text(self, effect: dict, kind) -> str:
        told: list[str] = []
        used = {"id", "label", "kind"}
        category = kind.label.lower() if kind else str(effect.get("kind"))
        head = category[:1].upper() + category[1:]
        if "source" in effect:
            told.append(f"source : {self.name(effect['source'])}")
            used.add("source")
        if "target" in effect:
            told.append(f"affecte {self._target(effect['target'])}")
            used.add("target")
        name = effect.get("kind")
        if name == "triggered":
            subject = SUBJECTS.get(effect.get("subject"), effect.get("subject", "cette unité"))
            told.append(f"quand {subject} {WHEN.get(effect.get('when'), effect.get('when'))}")
            used |= {"subject", "when"}
        elif name == "replacement":
            event = EVENTS.get(effect.get("event"), effect.get("event"))
            who = APPLIES_TO.get(effect.get("applies_to"), "")
            mode = "en plus" if effect.get("mode") == "also" else "à la place"
            produce = ", ".join(PRODUCE_LABELS.get(p, p) for p in effect.get("produce") or [])
            told.append(f"quand {who or 'sa cible'} devrait {event}, {mode} : {produce or 'rien'}")
            used |= {"event", "applies_to", "produce", "mode"}
        elif name == "cost_modifier":
            change = "augmente" if effect.get("change") == "increase" else "réduit"
            applies = COST_APPLIES.get(effect.get("applies"), effect.get("applies", "les cartes"))
            told.append(f"{change} de {effect.get('energy', 0)} Énergie le coût pour {applies}")
            used |= {"change", "applies", "energy"}
        for key, value in effect.items():
            if key in used:
                continue
            told.append(self._effect_field(key, value, kind))
        return head + " : " + " ; ".join(part for part in told if part)

    def _effect_field(self, key: str, value, kind) -> str:
        if key == "value":
            return f"valeur {value}"
        if key == "of":
            return f"lit la Puissance {de(self.name(value))}"
        if key == "since":
            return f"horodatage {value}"
        if key == "starts":
            return "créé pendant la partie par une action" if value == "later" else f"début : {value}"
        if key == "duration":
            return f"dure {DURATION_LABELS.get(value, value)}"
        if key == "condition":
            return "condition : " + ", ".join(self._condition(k, v) for k, v in value.items())
        if key == "keywords":
            return "mots-clés " + ", ".join(value)
        if key == "then":
            return f"puis lance « {self.name(value)} »"
        if key == "player":
            return f"joueur : {self.name(value)}"
        if key == "active_zone":
            return "actif " + ACTIVE_ZONES.get(value, value)
        if key in ("gain_xp", "spend_xp", "draw", "points", "amount", "min", "max", "tag", "energy"):
            param = next((p for p in (kind.params if kind else ()) if p.name == key), None)
            label = param.label if param else key
            return f"{label.replace('N ', '')} : {value}" if "N " in label else f"{label} : {value}"
        if isinstance(value, bool):
            param = next((p for p in (kind.params if kind else ()) if p.name == key), None)
            label = param.label if param else key
            return label if value else f"pas « {label} »"
        return f"{key} : {_value(value)}"

    @staticmethod
    def _condition(key: str, value) -> str:
        if key == "level":
            return f"son contrôleur au Niveau {value} ou plus"
        param = CONDITIONS.get(key)
        label = param.label if param else key
        if isinstance(value, bool):
            return label if value else f"pas {label}"
        return f"{label} {value}"

    # --- actions ------------------------------------------------------------------------------------------------

    def action_lines(self, trace: Iterable[Step]) -> list[str]:
        """The engine's narration of each action, « début du tour » saying whose turn it is."""
        actions = self.data.get("actions") or []
        order = [p["id"] for p in self.data.get("players") or []]
        current = self.turn_player()
        turns: dict[int, str] = {}
        for number, action in enumerate(actions):
            if action.get("do") == Do.START_TURN and current:
                turns[number] = current
            if action.get("do") == Do.END_TURN and current in order:
                current = order[(order.index(current) + 1) % len(order)]
        lines = []
        for step in trace:
            if step.kind != StepKind.ACTION or not step.text:
                continue
            text = step.text
            whose = turns.get(step.action)
            if whose and "début du tour" in text and "début du tour d" not in text:
                text = text.replace("début du tour", f"début du tour {de(self.name(whose))}", 1)
            extra = self.action_facts(actions[step.action]) if isinstance(step.action, int) \
                and step.action < len(actions) else ""
            lines.append(f"{text} {extra}".strip())
        return lines

    def action_facts(self, action: dict) -> str:
        """What the narration of an action leaves out and the outcome may depend on: a spell's target, its text
        (its steps), its cost and speed."""
        told = []
        named = [self.name(oid) for oid in action.get("objects") or []]
        if action.get("do") == Do.SWAP and named:
            told.append("Unités : " + ", ".join(named) + ".")
        if action.get("target"):
            told.append(f"Cible : {self._target(action['target'])}.")
        if action.get("steps"):
            # A query only looks at the state (the example's checkpoint): it is no part of the text.
            steps = [self.instruction(step) for step in action["steps"] if step.get("do") != Do.QUERY]
            if steps:
                told.append("Texte : " + " ; ".join(steps) + ".")
        for key, label in (("cost", "Coût de base"), ("discount", "Réduction")):
            if key in action:
                told.append(f"{label} : {action[key]} Énergie.")
        if action.get("power_cost"):
            told.append("Coût en Essence runique : " + _value(action["power_cost"]) + ".")
        # The objects paying a cost that is not a resource (R. 357.2), with the official verbs.
        for key, verb in (("kill", "éliminant"), ("exhaust", "épuisant"), ("discard", "défaussant")):
            if action.get(key):
                told.append(f"Coût payé en {verb} {self.name(action[key])}.")
        ranks = action.get("repeat_costs") or ([0] if action.get("repeat") else [])
        if ranks:
            numbers = [str(rank + 1) for rank in ranks]
            listed = " et ".join(filter(None, (", ".join(numbers[:-1]), numbers[-1])))
            told.append(f"Répétition payée {len(ranks)} fois (coût{'s' if len(ranks) > 1 else ''} n° {listed} "
                        "de la carte).")
        if action.get("optional"):
            told.append("Effet facultatif.")
        if "duration" in action:
            told.append(f"Dure {DURATION_LABELS.get(action['duration'], action['duration'])}.")
        if action.get("exhausted"):
            told.append("Arrive épuisé.")
        return " ".join(told)

    def instruction(self, step: dict) -> str:
        """One instruction of a spell or an ability, in French."""
        do = step.get("do")
        ids = [step[key] for key in ("object", "target") if step.get(key)] + list(step.get("objects") or [])
        who = ", ".join(self._target(ident) for ident in ids)
        amount = step.get("amount", step.get("value", 1))
        player = self.name(step["player"]) if step.get("player") else "son joueur"
        said = {
            Do.DAMAGE: f"inflige {amount} dégât{'s' if amount != 1 else ''} {('à ' + who) if who else ''}",
            Do.BUFF: f"donne un bonus (+1 Puissance) {('à ' + who) if who else ''}",
            Do.KILL: f"élimine {who}",
            Do.GAIN_XP: f"{player} gagne {amount} XP",
            Do.SPEND_XP: f"{player} dépense {amount} XP",
            Do.GAIN_POINTS: f"{player} gagne {amount} point{'s' if amount != 1 else ''}",
            Do.DRAW: f"{player} pioche une carte",
            Do.MOVE: f"déplace {who} vers {self.name(step.get('to'))}" if step.get("to") else f"déplace {who}",
        }.get(do)
        rest = {k: v for k, v in step.items() if k not in {"do", "object", "objects", "target", "amount", "value",
                                                           "player", "to"}}
        if said is None:
            said = str(do) + (f" {who}" if who else "")
            rest = {k: v for k, v in step.items() if k not in {"do", "object", "objects", "target"}}
        extra = ", ".join(f"{k} : {_value(v)}" for k, v in rest.items())
        return " ".join(said.split()) + (f" ({extra})" if extra else "")


def lines(data: dict, trace: Iterable[Step] = ()) -> list[str]:
    """The whole situation: whose turn, the players, the objects, the effects, then the actions."""
    teller = Teller(data)
    told = teller.player_lines()
    told += [teller.object_line(obj) for obj in data.get("objects") or []]
    told += [teller.effect_line(effect) for effect in data.get("effects") or []]
    told += teller.action_lines(trace)
    return told


def subject(name: str) -> str:
    """A name as the subject of a generated sentence (« l'unité A », « Annie »)."""
    return with_article(name)
