"""The sandbox's forms: Django forms and formsets generated from the engine's vocabulary.

``worked_examples.fields.field_for`` (the parameter factory « Et si… ? » uses too) turns one typed parameter of the
vocabulary (``engine.kinds.Param``) into a form field, with its French label, its bounds and its French
messages. The form of an effect is made of the fields of its kind's parameters, the form of an action of its
action's parameters: a kind or an action added to the engine's registry shows up here by itself.

Each section of the page is a formset: players (prefix ``p``), battlefields (``b``: the board, with their
controller), units and objects (``o``), effects (``e``),
actions (``a``) and players' choices (``c``). A select that names another row (a unit, a player, an
effect…) offers the rows as they were typed, so its choices come from the submitted data: see ``Pools``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst

import engine
from engine import cards as engine_cards
from engine import kinds
from engine import scenario as engine_scenario
from engine.actions import STEP_PARAMS
from engine.kinds import ACTIONS, CONDITIONS, KINDS, Keyword, Zone
from engine.vocab import ObjectType, OtherCost
from worked_examples.computing import card_data
from worked_examples.fields import (
    DURATION_LABELS,
    OBJECT_TYPE_LABELS,
    ZONE_LABELS,
    EnumField,
    IdField,
    KeywordsField,
    Pools,
    RefField,
    SlotsField,
    TextField,
    TriStateField,
    WholeNumberField,
    field_for,
)

# --------------------------------------------------------------------------- bounds and limits

# The engine's own bounds (engine/kinds.py), the ones its loader and « Et si… ? » apply too.
PRINTED_MIGHT_RANGE = kinds.PRINTED_POWER_RANGE
XP_RANGE = kinds.XP_RANGE
COUNT_RANGE = kinds.COUNT_RANGE
MAX_PLAYERS = engine_scenario.MAX_PLAYERS
MAX_OBJECTS = engine_scenario.MAX_OBJECTS
MAX_EFFECTS = min(40, engine_scenario.MAX_EFFECTS)
MAX_ACTIONS = engine_scenario.MAX_ACTIONS
MAX_CHOICES = 10
MAX_BATTLEFIELDS = 6
MAX_NAME = 60
MAX_LABEL = 120
MAX_NOTE = 200
MAX_TITLE = 200
MAX_DESCRIPTION = 1000
# Rows beyond a section's limit are kept (with an error) up to this slack, then dropped: a real form never
# gets there because « Ajouter » refuses at the limit.
ROW_SLACK = 5

PLAYER_FIELDS = {f.name: f for f in dataclasses.fields(engine_scenario.PlayerSpec)}
OBJECT_FIELDS = {f.name: f for f in dataclasses.fields(engine_scenario.ObjectSpec)}
TOPIC_LABELS = kinds.TOPIC_LABELS

# --------------------------------------------------------------------------- real cards

CARD_RE = re.compile(r"^[A-Za-z]{2,4}-[A-Za-z0-9*]{1,6}$")
# The printed values a card gives its row (``engine.cards.card_fields``): not typed when the row names a card.
CARD_FIELDS = ("name", "type", "printed_power", "cost", "domains", "tags", "keywords", "keyword_costs", "power_cost")
# The costs a keyword may carry (R. 818, 820, 827, 829), by their official French names.
COST_WORDS = {"equip": Keyword.EQUIPER, "repeat": Keyword.REPETITION, "flow": Keyword.FLUX,
              "empower": Keyword.AMPLIFICATION}
ANY_DOMAIN = "tout domaine"


def card_values(code: Any) -> dict | None:
    """The printed values of the card a row names (its collector number), or None when it names no known card."""
    if not isinstance(code, str) or not CARD_RE.match(code.strip()):
        return None
    record = card_data().get(code.strip().upper())
    if record is None:
        return None
    try:
        return engine_cards.card_fields(record, "objects")
    except engine.ScenarioError:
        return None


class CardField(forms.CharField):
    """A card by its collector number (« OGN-003 »), checked against the cards RiftPal knows."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.widget.attrs.update(autocomplete="off", spellcheck="false", inputmode="text")

    def clean(self, value):
        code = (super().clean(value) or "").strip().upper()
        if not code:
            return None
        if len(code) > 12 or not CARD_RE.match(code):
            raise ValidationError("Numéro de collection attendu, par exemple OGN-003.")
        record = card_data().get(code)
        if record is None:
            raise ValidationError(f"Aucune carte ne porte le numéro « {code} ».")
        if card_values(code) is None:
            raise ValidationError(f"La carte {code} est de type « {record.get('type')} », que le moteur ne joue pas.")
        return code


def _one_cost(cost: dict) -> str:
    """« 0, Ordre, éliminer une unité alliée »: Energy, essences, then the costs that are not resources (R. 357.2)."""
    power = [ANY_DOMAIN if p == "A" else str(p) for p in cost.get("power") or []]
    other = [OtherCost(kind).label + (f" ({n})" if n != 1 else "") if kind in OtherCost.values() else str(kind)
             for kind, n in (cost.get("other") or {}).items()]
    return ", ".join([str(cost.get("energy", 0)), *power, *other])


def costs_text(costs: Any) -> str:
    """``{equip: {energy: 0, power: [Fureur]}}`` → « Équiper : 0, Fureur » (what the field shows); a cost to choose
    among several reads « … ou … », Repeat's further costs « … / … » (R. 820.1.c.2)."""
    if not isinstance(costs, dict):
        return "" if costs in (None, "") else str(costs)
    parts = []
    for word, cost in costs.items():
        if not isinstance(cost, dict):
            return str(costs)
        said = " ou ".join(_one_cost(c) for c in [cost, *(cost.get("or") or [])] if isinstance(c, dict))
        said = " / ".join([said, *(_one_cost(c) for c in cost.get("more") or [] if isinstance(c, dict))])
        parts.append(f"{COST_WORDS.get(word, word)} : {said}")
    return " ; ".join(parts)


class KeywordCostsField(forms.CharField):
    """The costs of a row's Equip, Repeat, Flow or Empower, typed « Équiper : 1, Fureur ; Flux : 4 »."""

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=200, **kwargs)

    def prepare_value(self, value):
        return costs_text(value) if isinstance(value, dict) else value

    def clean(self, value):
        if self.disabled:
            return {}  # a card's printed costs, shown only: the form takes them from the card (``ObjectForm.clean``)
        text = (super().clean(value) or "").strip()
        if not text:
            return {}
        words = {label.casefold(): word for word, label in COST_WORDS.items()}
        out: dict[str, dict] = {}
        for part in filter(None, (p.strip() for p in text.split(";"))):
            name, colon, rest = part.partition(":")
            word = words.get(name.strip().casefold())
            if not colon or word is None:
                raise ValidationError(
                    f"« {part[:40]} » : écrivez le mot-clé ({', '.join(COST_WORDS.values())}), « : », puis l'Énergie "
                    "et les domaines des essences, séparés par des virgules (par exemple « Équiper : 1, Fureur »)."
                )
            items = [x.strip() for x in rest.split(",") if x.strip()]
            if not items or not items[0].isdigit() or int(items[0]) > 20:
                raise ValidationError(f"« {part[:40]} » : l'Énergie (un nombre entier de 0 à 20) vient en premier.")
            power = ["A" if x.casefold() == ANY_DOMAIN else x for x in items[1:]]
            if len(power) > 6:
                raise ValidationError(f"« {part[:40]} » : 6 essences au plus.")
            out[word] = {"energy": int(items[0]), "power": power}
        return out


# --------------------------------------------------------------------------- the rows


class RowForm(forms.Form):
    """One row of a section; ``id`` is the engine's identifier of the row, never typed."""

    label_suffix = ""
    advanced: tuple[str, ...] = ()  # fields shown folded, under ``advanced_label``
    advanced_label = "Conditions et début"
    folded_defaults: dict[str, Any] = {}  # a folded field holding its default stays folded
    id = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, pools: Pools, kind: str = "", **kwargs):
        kwargs.setdefault("auto_id", "sb-%s")
        super().__init__(*args, **kwargs)
        self.pools = pools
        self.kind = kind

    def refuse_unknown_kind(self, known) -> bool:
        """True (with a French form error, never a KeyError) when the row names a kind the engine lacks."""
        if self.kind in known:
            return False
        self.add_error(None, f"Sorte inconnue « {self.kind[:40]} » : choisissez-en une dans la liste.")
        return True

    def main_fields(self):
        return [bf for bf in self.visible_fields() if bf.name not in self.advanced]

    def folded_open(self) -> bool:
        """Whether the folded fields open by themselves: one has an error, or a value other than its default."""
        for bf in self.advanced_fields():
            value = bf.value()
            default = self.folded_defaults.get(bf.name)
            if bf.errors:
                return True
            if value in ("", None, False, [], ()) or (default is not None and str(value).strip() == str(default)):
                continue
            return True
        return False

    def advanced_fields(self):
        return [bf for bf in self.visible_fields() if bf.name in self.advanced]


def _count(name: str, label: str) -> forms.Field:
    lo, hi = XP_RANGE if name == "xp" else COUNT_RANGE
    return WholeNumberField(label=label, required=True, min_value=lo, max_value=hi)


class PlayerForm(RowForm):
    advanced_label = "XP, cartes et réserve"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"] = TextField(label="Nom", limit=MAX_NAME)
        self.fields["xp"] = _count("xp", "XP")
        self.fields["team"] = IdField(
            label="Équipe (facultatif)",
            required=False,
            limit=30,
            help_text="Lettres sans accent, chiffres, « - », « _ » ou « . » ; même équipe = coéquipiers.",
        )
        for name, label in (
            ("cards_played", "Cartes jouées ce tour"),
            ("hand", "Cartes en main"),
            ("points", "Points de victoire"),
            ("deck", "Cartes dans le deck"),
            ("runes", "Cartes dans le deck de runes"),
            ("trash", "Cartes dans la Défausse"),
            ("energy", "Énergie dans la Réserve runique"),
        ):
            if name in PLAYER_FIELDS:
                self.fields[name] = _count(name, label)
        if "essence" in PLAYER_FIELDS:
            self.fields["essence"] = KeywordsField(
                label="Essence runique dans la Réserve (un domaine par unité, séparés par des virgules)", required=False
            )
        if "rune_deck" in PLAYER_FIELDS:
            self.fields["rune_deck"] = KeywordsField(
                label="Deck de runes, du dessus vers le dessous (domaines séparés par des virgules)", required=False
            )
        # What a first situation needs in sight: the name and the score; the rest waits folded.
        self.advanced = tuple(name for name in self.fields if name not in ("id", "name", "points"))
        self.folded_defaults = {
            name: default
            for name in self.advanced
            if (default := getattr(PLAYER_FIELDS.get(name), "default", None)) is not None and isinstance(default, int)
        }


class UnitForm(RowForm):
    advanced = ("cost", "tags", "domains", "power_cost", "keyword_costs", "attached_to")
    advanced_label = "Coût, tags, domaines et équipement"
    folded_defaults = {"cost": 0}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        pools = self.pools
        f = self.fields
        f["name"] = TextField(label="Nom", limit=MAX_NAME)
        f["card"] = CardField(
            label="Carte (numéro de collection, facultatif)",
            help_text="Par exemple OGN-003 : la ligne prend alors le nom, le type, la Puissance, les coûts, les "
            "domaines, les tags et les mots-clés imprimés sur la carte (grisés ici).",
        )
        f["type"] = EnumField(
            label="Type",
            choices=[(t, OBJECT_TYPE_LABELS.get(t, t)) for t in kinds.OBJECT_TYPES if t != ObjectType.BATTLEFIELD],
        )
        lo, hi = PRINTED_MIGHT_RANGE
        f["printed_power"] = WholeNumberField(label="Puissance imprimée", min_value=lo, max_value=hi)
        if "cost" in OBJECT_FIELDS:
            f["cost"] = _count("cost", "Coût")
        f["zone"] = EnumField(label="Zone", choices=[(z, ZONE_LABELS.get(z, z)) for z in kinds.ZONES])
        for name, label, pool, help_text in (
            ("at", "Sur le champ de bataille", "battlefields",
             "Pour la zone « Champ de bataille » : celui où se trouve l'unité."),
            ("controller", "Contrôleur", "players", "Dans la zone « Base », l'unité est dans la base de ce joueur."),
        ):
            f[name] = RefField(label=label, pool=pool, options=pools.options(pool), required=False, help_text=help_text)
        f["keywords"] = KeywordsField(
            label="Mots-clés imprimés (séparés par des virgules)",
            required=False,
            help_text="Par exemple : Bouclier 2, Chasse 2, Gank",
        )
        f["tags"] = KeywordsField(label="Tags (séparés par des virgules)", required=False)
        if "domains" in OBJECT_FIELDS:
            f["domains"] = KeywordsField(label="Domaines (séparés par des virgules)", required=False)
        if "power_cost" in OBJECT_FIELDS:
            f["power_cost"] = KeywordsField(
                label="Coût en essence runique (un domaine par symbole, séparés par des virgules)", required=False
            )
        if "keyword_costs" in OBJECT_FIELDS:
            f["keyword_costs"] = KeywordCostsField(
                label="Coûts de mots-clés (Équiper, Répétition, Flux, Amplification)",
                help_text="Par exemple : Équiper : 1, Fureur ; Flux : 4 — l'Énergie d'abord, puis une essence par "
                f"domaine (« {ANY_DOMAIN} » pour une essence au choix).",
            )
        f["attached_to"] = RefField(
            label="Équipé à (pour un équipement)", pool="objects", options=pools.objects, required=False
        )
        f["defending"] = forms.BooleanField(label="En défense", required=False)
        f["exhausted"] = forms.BooleanField(label="Épuisée", required=False)
        if "stunned" in OBJECT_FIELDS:
            f["stunned"] = forms.BooleanField(label="Étourdie", required=False)
        if "empowered" in OBJECT_FIELDS:
            f["empowered"] = forms.BooleanField(label="Amplifiée (Amplification déjà payée)", required=False)
        self._printed_by_card()

    def _printed_by_card(self) -> None:
        """A row naming a known card shows the card's printed values, greyed: they are Riot's, never typed (the
        engine refuses a value the card contradicts). A multi-domain card still asks which essence it costs."""
        if not self.is_bound:
            return
        code = self.data.get(self.add_prefix("card"))
        values = card_values(code)
        if values is None or values["type"] == ObjectType.BATTLEFIELD:
            return
        blank = {"printed_power": 0, "cost": 0, "keyword_costs": {}}
        # Which essences a card of several domains costs is the player's to say (R. 131.3); none is the card's.
        chosen = "power_cost" not in values and bool(card_data()[code.strip().upper()].get("power"))
        for name in CARD_FIELDS:
            if name not in self.fields or (name == "power_cost" and chosen):
                continue
            value = values.get(name, blank.get(name, []))
            self.fields[name].disabled = True
            self.initial[name] = costs_text(value) if name == "keyword_costs" else (
                ", ".join(value) if isinstance(value, list) else value
            )

    def clean(self):
        """A unit on a battlefield says which one when there are several; elsewhere it is on none."""
        data = super().clean()
        values = card_values(data.get("card"))
        if values is not None and values["type"] == ObjectType.BATTLEFIELD:
            message = "Cette carte est un champ de bataille : ajoutez-la au plateau (« Ajouter un champ de bataille »)."
            self.add_error("card", message)
        elif values is not None:
            # The card's printed values as the card gives them: the text shown does not say a cost that is not a
            # resource, a choice between costs or Repeat's further costs, so it is not read back.
            data.update({name: values[name] for name in CARD_FIELDS
                         if name in values and name in self.fields and self.fields[name].disabled})
        zone = data.get("zone")
        if zone in (Zone.BATTLEFIELD, Zone.FACEDOWN):
            if not data.get("at") and len(self.pools.battlefields) > 1 and "at" not in self.errors:
                self.add_error("at", "Choisissez le champ de bataille où se trouve l'unité.")
        elif zone:
            data["at"] = None
        return data


NO_CONTROLLER = "Personne (non contrôlé)"


class BattlefieldForm(RowForm):
    """A battlefield of the board: its name and who controls it, chosen explicitly (« Personne » by default)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"] = TextField(label="Nom", limit=MAX_NAME)
        self.fields["card"] = CardField(
            label="Carte (numéro de collection, facultatif)",
            help_text="Par exemple OGN-275 : le champ de bataille prend alors le nom imprimé sur la carte.",
        )
        self.fields["controller"] = RefField(
            label="Contrôlé par",
            pool="players",
            options=self.pools.players,
            required=False,
            empty_label=NO_CONTROLLER,
            help_text="Au départ de la situation.",
        )
        values = card_values(self.data.get(self.add_prefix("card"))) if self.is_bound else None
        if values is not None and values["type"] == ObjectType.BATTLEFIELD:
            self.fields["name"].disabled = True
            self.initial["name"] = values["name"]

    def clean(self):
        data = super().clean()
        values = card_values(data.get("card"))
        if values is not None and values["type"] != ObjectType.BATTLEFIELD:
            self.add_error("card", "Cette carte n'est pas un champ de bataille : ajoutez-la aux unités et objets.")
        return data


class EffectForm(RowForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.refuse_unknown_kind(KINDS):
            return
        kind = KINDS[self.kind]
        continuous = kind.category == "continuous"
        f = self.fields
        f["label"] = TextField(label="Nom de l'effet", limit=MAX_LABEL)
        f["source"] = RefField(
            label="Source (l'objet qui porte le texte)",
            pool="objects",
            options=self.pools.objects,
            required=False,
            help_text="Vide pour un sort.",
        )
        f["target"] = RefField(
            label="Cible", pool="targets", options=self.pools.options("targets"), required=continuous
        )
        for param in kind.params:
            if param.name not in f and (field := field_for(param, self.pools)) is not None:
                f[param.name] = field
        f["duration"] = EnumField(label="Durée", choices=[(d, DURATION_LABELS.get(d, d)) for d in kinds.DURATIONS])
        f["starts_later"] = forms.BooleanField(
            label="Commence plus tard (par l'action « Un effet commence à s'appliquer »)", required=False
        )
        if continuous:
            f["same_time"] = forms.BooleanField(
                label="A commencé au même instant que l'effet au-dessus", required=False
            )
        for name, param in CONDITIONS.items():
            label = "Condition : " + param.label
            if param.type == "bool":
                f["cond_" + name] = TriStateField(label=label)
            else:
                f["cond_" + name] = field_for(dataclasses.replace(param, required=False), self.pools, label=label)
        self.advanced = ("starts_later", *("cond_" + name for name in CONDITIONS))


def container(action: str) -> bool:
    """Whether an action holds instructions (a spell: the rows marked « instruction du sort » below it)."""
    return any(p.type == "steps" for p in ACTIONS[action][1])


def may_be_instruction(action: str) -> bool:
    return not container(action) and action not in engine_scenario.ORDINARY_ACTIONS


# The action that plays a spell: only its instructions may belong to its Show Off or Repeat text.
PLAYED_SPELL = "cast"


class ActionForm(RowForm):
    """An action, or an instruction of the spell above it. ``spell`` is the ``do`` of that spell (« cast »,
    « resolve »), None when the row is no instruction (``RowFormSet`` reads it from the rows above)."""

    def __init__(self, *args, spell: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.spell: str | None = spell
        if self.refuse_unknown_kind(ACTIONS):
            return
        f = self.fields
        for param in ACTIONS[self.kind][1]:
            if (field := field_for(param, self.pools)) is not None:
                f[param.name] = field
        if may_be_instruction(self.kind):
            f["in_spell"] = forms.BooleanField(
                label="Instruction du sort au-dessus",
                required=False,
                help_text="Cochée : cette action est une instruction du dernier sort placé au-dessus.",
            )
            # What an instruction of a played spell may add: the keyword text it belongs to (Show Off, Repeat's
            # executions); a resolved spell has neither. Kept wherever a value was sent, to be refused next to it
            # (``clean``); an unbound form lists every field a row may hold.
            for param in STEP_PARAMS:
                if not self.is_bound or spell == PLAYED_SPELL or self._sent(param.name):
                    f[param.name] = (TriStateField(label=capfirst(param.label)) if param.type == "bool"
                                     else field_for(param, self.pools))
            self.advanced = tuple(p.name for p in STEP_PARAMS)
            self.advanced_label = "Instruction liée à un mot-clé"
        if "might_of_shown" in f and "amount" in f:
            f["amount"].required = False  # Show Off: the amount may be the Might of the object shown (R. 832.1.d.1)
        f["note"] = TextField(label="Note (facultatif)", required=False, limit=MAX_NOTE)

    def _sent(self, name: str) -> bool:
        return bool(str(self.data.get(self.add_prefix(name)) or "").strip())  # what the field itself would read

    def clean(self):
        data = super().clean()
        if "might_of_shown" in self.fields and data.get("amount") is None and not data.get("might_of_shown") \
                and "amount" not in self.errors:
            self.add_error("amount", "Indiquez un nombre entier, ou cochez la puissance de l'objet montré.")
        if self.spell != PLAYED_SPELL:
            for param in STEP_PARAMS:
                if data.get(param.name) is not None and param.name not in self.errors:
                    self.add_error(param.name, self._not_played(param))
        return data

    def _not_played(self, param) -> str:
        """Why a Show Off or Repeat link is refused on this row, and the ways out."""
        played = ACTIONS[PLAYED_SPELL][0].split(" (")[0]
        what = "Show Off" if param.name == "showed_off" else "Répétition"
        said = f"{what} ne vaut que pour une instruction d'un sort joué (« {played} »)"
        if self.spell is None:
            return (f"{said} : cette action n'est pas une instruction de sort. Videz ce champ, ou placez l'action sous "
                    "un sort joué et cochez « Instruction du sort au-dessus ».")
        resolved = ACTIONS[self.spell][0].split(" (")[0]
        return (f"{said} : le sort au-dessus est seulement résolu (« {resolved} »), sans Show Off ni Répétition. "
                f"Videz ce champ, ou remplacez ce sort par l'action « {played} ».")


CHOICE_TYPES = {
    "order": "Ordre des remplacements",
    "accept": "Remplacement facultatif accepté ou refusé",
    "assign": "Répartition des dégâts de combat",
    "combat_first": "Premier combat résolu",
    "play": "Réponse facultative jouée ou non",
}
CHOICE_BUTTONS = {
    "order": "Fixer l'ordre de remplacements",
    "accept": "Fixer un remplacement facultatif",
    "assign": "Fixer une répartition de dégâts",
    "combat_first": "Fixer le premier combat",
    "play": "Fixer une réponse facultative",
}


class ChoiceForm(RowForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        f = self.fields
        effects, actions = self.pools.effects, self.pools.actions
        every_time = "Vide : à chaque fois."
        if self.kind == "order":
            f["first"] = RefField(
                label="Remplacement choisi en premier", pool="effects", options=effects, required=True
            )
            f["then"] = RefField(label="Puis (facultatif)", pool="effects", options=effects, required=False)
        elif self.kind == "accept":
            f["effect"] = RefField(label="Remplacement facultatif", pool="effects", options=effects, required=True)
            f["accept"] = forms.BooleanField(label="Accepté", required=False)
        elif self.kind == "assign":
            f["assign"] = SlotsField(
                label="Unités qui reçoivent des dégâts mortels, dans l'ordre",
                choices=self.pools.objects,
                pool="objects",
            )
            f["by"] = RefField(
                label="Joueur qui répartit",
                pool="players",
                options=self.pools.players,
                required=False,
                help_text="Vide : chaque joueur qui répartit.",
            )
        elif self.kind == "combat_first":
            f["combat_first"] = RefField(
                label="Champ de bataille dont le combat est résolu en premier",
                pool="battlefields",
                options=self.pools.battlefields,
                required=True,
            )
        elif self.kind == "play":
            f["play"] = forms.BooleanField(label="Jouée", required=False)
        if self.kind != "combat_first":
            f["action"] = RefField(
                label="Pendant l'action" if self.kind != "play" else "Action « jouer » facultative",
                pool="actions",
                options=actions,
                required=self.kind == "play",
                help_text=every_time if self.kind != "play" else "",
            )


class SituationForm(forms.Form):
    label_suffix = ""
    title = TextField(label="Titre de la situation", limit=MAX_TITLE)
    description = TextField(label="Description (facultatif)", required=False, limit=MAX_DESCRIPTION)
    topic = EnumField(label="Thème", choices=list(TOPIC_LABELS.items()))

    def __init__(self, *args, pools: Pools, **kwargs):
        kwargs.setdefault("auto_id", "sb-%s")
        super().__init__(*args, **kwargs)
        self.fields["turn_player"] = RefField(
            label="Joueur dont c'est le tour", pool="players", options=pools.players, required=True
        )


# --------------------------------------------------------------------------- the sections (formsets)


@dataclass(frozen=True)
class Section:
    prefix: str
    form: type[RowForm]
    limit: int
    id_prefix: str  # of the engine ids it gives new rows: p1, u1, e1…
    noun: str
    plural: str
    kind_key: str | None = None  # the hidden field telling the row's kind
    kinds: tuple[str, ...] = ()
    movable: bool = False


SECTIONS = {
    s.prefix: s
    for s in (
        Section("p", PlayerForm, MAX_PLAYERS, "p", "joueur", "joueurs"),
        Section("b", BattlefieldForm, MAX_BATTLEFIELDS, "bf", "champ de bataille", "champs de bataille"),
        Section("o", UnitForm, MAX_OBJECTS, "u", "unité", "unités"),
        Section("e", EffectForm, MAX_EFFECTS, "e", "effet", "effets", "kind", tuple(KINDS), movable=True),
        Section("a", ActionForm, MAX_ACTIONS, "a", "action", "actions", "do", tuple(ACTIONS), movable=True),
        Section("c", ChoiceForm, MAX_CHOICES, "c", "choix", "choix", "type", tuple(CHOICE_TYPES)),
    )
}


class RowFormSet(forms.BaseFormSet):
    """Rows of one section; each row's kind (effect kind, action, choice type) is read from its data."""

    section: Section

    def __init__(self, *args, pools: Pools, **kwargs):
        self.pools = pools
        kwargs.setdefault("auto_id", "sb-%s")
        super().__init__(*args, **kwargs)

    def kind_of(self, i: int) -> str:
        """The row's kind from its first value, as ``sandbox.formdata.split`` reads it: a field sent twice
        (``e-0-kind=increase_up_to&e-0-kind=x``) must not give the splitter one kind and the row another."""
        key = self.section.kind_key
        if not key:
            return ""
        name = f"{self.prefix}-{i}-{key}"
        values = self.data.getlist(name) if hasattr(self.data, "getlist") else [self.data.get(name, "")]
        return str(values[0]) if values else ""

    def get_form_kwargs(self, index):
        kwargs = {"pools": self.pools}
        if index is not None and self.section.kind_key:
            kwargs["kind"] = self.kind_of(index)
        if index is not None and self.section.form is ActionForm and self.is_bound:
            kwargs["spell"] = self.spells()[index]
        return kwargs

    def spells(self) -> list[str | None]:
        """For each action row, the ``do`` of the spell it is an instruction of (or None), nested as in
        ``sandbox.situation``: « Instruction du sort au-dessus » ticked under a spell or one of its instructions."""
        if getattr(self, "_spells", None) is None:
            spells: list[str | None] = []
            spell = None
            for i in range(self.total_form_count()):
                kind = self.kind_of(i)
                # ticked as the box's own widget reads it
                tick = forms.CheckboxInput().value_from_datadict(self.data, self.files, f"{self.prefix}-{i}-in_spell")
                if kind in ACTIONS and may_be_instruction(kind) and spell is not None and tick:
                    spells.append(spell)
                    continue
                spell = kind if kind in ACTIONS and container(kind) else None
                spells.append(None)
            self._spells = spells
        return self._spells

    @property
    def submitted_count(self) -> int:
        try:
            return int(self.data.get(f"{self.prefix}-TOTAL_FORMS", 0))
        except (TypeError, ValueError):
            return 0

    def clean(self):
        limit, count = self.section.limit, self.submitted_count
        if count > limit:
            raise ValidationError(f"Trop de lignes : {limit} au maximum (ici {count}). Supprimez-en.")
        if self.section.prefix == "b":
            # Two copies of a card (two units, five runes) may share a name: the lists number them. Battlefields
            # are told apart by their names alone.
            seen: set[str] = set()
            for form in self.forms:
                name = str(form.cleaned_data.get("name") or "").casefold()
                if name and name in seen:
                    form.add_error("name", "Deux champs de bataille portent ce nom : donnez-leur des noms différents.")
                seen.add(name)


def formset_class(section: Section) -> type[RowFormSet]:
    cls = forms.formset_factory(
        section.form,
        formset=RowFormSet,
        extra=0,
        max_num=section.limit,
        absolute_max=section.limit + ROW_SLACK,
    )
    cls.section = section
    return cls


FORMSETS = {prefix: formset_class(section) for prefix, section in SECTIONS.items()}
