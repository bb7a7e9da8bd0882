"""The sandbox's forms: Django forms and formsets generated from the engine's vocabulary.

``field_for`` turns one typed parameter of the vocabulary (``engine.kinds.Param``) into a form
field, with its French label, its bounds and its French messages. The form of an effect is made of the
fields of its kind's parameters, the form of an action of its action's parameters: a kind or an action
added to the engine's registry shows up here by itself.

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

from engine import kinds
from engine import scenario as engine_scenario
from engine.kinds import ACTIONS, CONDITIONS, KINDS, Param

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
MAX_KEYWORDS = 10
MAX_KEYWORD = 40
MAX_TEXT = 200
PRODUCE_SLOTS = 5
# Rows beyond a section's limit are kept (with an error) up to this slack, then dropped: a real form never
# gets there because « Ajouter » refuses at the limit.
ROW_SLACK = 5

ID_RE = engine_scenario.ID_RE
PLAYER_FIELDS = {f.name: f for f in dataclasses.fields(engine_scenario.PlayerSpec)}
OBJECT_FIELDS = {f.name: f for f in dataclasses.fields(engine_scenario.ObjectSpec)}
# The engine's vocabulary names every list the forms offer; its labels start in lower case, a field's do not.
TOPIC_LABELS = kinds.TOPIC_LABELS
ZONE_LABELS = {
    zone: capfirst(label.removeprefix("la ").removeprefix("le ")) for zone, label in kinds.ZONE_LABELS.items()
}
OBJECT_TYPE_LABELS = {
    "unit": "Unité",
    "gear": "Équipement",
    "token": "Création",
    "battlefield": "Champ de bataille",
    "spell": "Sort",
    "rune": "Rune",
}
DURATION_LABELS = {duration: capfirst(label) for duration, label in kinds.DURATION_LABELS.items()}
ENUM_LABELS: dict[str, dict[str, str]] = {
    "event": {k: capfirst(v) for k, v in kinds.EVENT_LABELS.items()},
    "applies_to": {
        "self": "La source elle-même",
        "attached": "L'unité équipée",
        "allies": "Les unités alliées",
        "other_allies": "Les autres unités alliées",
        "any": "N'importe quel objet",
        "player": "Le joueur",
    },
    "mode": {"instead": "À la place", "also": "En plus"},
    "active_zone": {"board": "Sur le plateau", "discard": "Dans la défausse", "hand": "En main", "anywhere": "Partout"},
    "when": {
        "became_mighty": "Devient puissante",
        "buffed": "Reçoit un buff",
        "xp_gained": "Gain d'XP",
        "died": "Meurt",
        "conquered": "Conquiert un champ de bataille",
        "held": "Occupe un champ de bataille",
    },
    "subject": {
        "self": "La source elle-même",
        "ally": "Une unité alliée",
        "any": "N'importe quelle unité",
        "you": "Vous",
    },
    "duration": DURATION_LABELS,
    "zone": ZONE_LABELS,
    "speed": {k: capfirst(v) for k, v in kinds.Speed.labels().items()},
    "ask": {
        "power": "Puissance",
        "reference_power": "Puissance de référence",
        "keywords": "Mots-clés",
        "mighty": "Puissante ?",
        "zone": "Zone",
        "controller": "Contrôleur",
        "xp": "XP d'un joueur",
        "active": "Effet actif ?",
        "exhausted": "Épuisée ?",
        "points": "Points de victoire d'un joueur",
        "hand": "Cartes en main d'un joueur",
        "deck": "Cartes dans le deck d'un joueur",
        "damage": "Dégâts marqués",
        "location": "Emplacement (base ou champ de bataille)",
    },
}
TARGET_SPECIALS = (
    ("source", "La source elle-même"),
    ("attached", "L'unité équipée par la source"),
    ("allies", "Les unités alliées de la source"),
)

# --------------------------------------------------------------------------- the rows other rows name


@dataclass
class Pools:
    """The rows a select may name, as (id, French label), read from the submitted data before binding."""

    players: list[tuple[str, str]]
    objects: list[tuple[str, str]]
    effects: list[tuple[str, str]]
    actions: list[tuple[str, str]]
    battlefields: list[tuple[str, str]]

    def options(self, pool: str) -> list[tuple[str, str]]:
        if pool == "targets":
            return list(TARGET_SPECIALS) + self.objects
        if pool == "locations":
            return [("base", "La base")] + self.battlefields
        return getattr(self, pool)


REF_NOUNS = {  # what the « unknown » message calls an entry of each pool
    "objects": ("Unité inconnue", "une unité"),
    "targets": ("Cible inconnue", "une cible"),
    "players": ("Joueur inconnu", "un joueur"),
    "effects": ("Effet inconnu", "un effet"),
    "actions": ("Action inconnue", "une action"),
    "battlefields": ("Champ de bataille inconnu", "un champ de bataille"),
    "locations": ("Destination inconnue", "« La base » ou un champ de bataille"),
}

# --------------------------------------------------------------------------- fields


class WholeNumberField(forms.IntegerField):
    """An integer typed in a text box (so « quatre » or « 4,5 » stay as typed next to their message)."""

    widget = forms.TextInput

    def __init__(self, *, min_value: int | None = None, max_value: int | None = None, **kwargs):
        between = f"La valeur doit être comprise entre {min_value} et {max_value}."
        kwargs.setdefault(
            "help_text", f"Nombre entier entre {min_value} et {max_value}." if min_value is not None else ""
        )
        kwargs["error_messages"] = {
            "required": "Ce champ est obligatoire : indiquez un nombre entier.",
            "invalid": "Un nombre entier est attendu (par exemple 4 ou -2).",
            "min_value": between,
            "max_value": between,
        }
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)
        self.widget.attrs.update({"class": "sb-num", "autocomplete": "off", "inputmode": "text"})

    def to_python(self, value):
        text = str(value if value is not None else "").strip().replace("\u2212", "-").replace(" ", "")
        if text == "":
            return None
        if not re.fullmatch(r"[+-]?\d{1,6}", text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


def _no_control_characters(text: str) -> None:
    if any(ord(c) < 32 and c not in "\t\n\r" for c in text):
        raise ValidationError("Ce texte contient des caractères de contrôle.", code="control")


class TextField(forms.CharField):
    """Free text; too long is said with its length (no ``maxlength``, so nothing typed is cut)."""

    def __init__(self, *, limit: int = MAX_TEXT, **kwargs):
        self.limit = limit
        kwargs.setdefault("error_messages", {"required": "Ce champ est obligatoire."})
        super().__init__(**kwargs)

    def widget_attrs(self, widget):
        return {}

    def clean(self, value):
        return super().clean(value) or None

    def validate(self, value):
        super().validate(value)
        _no_control_characters(value)
        if len(value) > self.limit:
            raise ValidationError(
                f"Texte trop long : {self.limit} caractères au maximum (ici {len(value)}).", code="max_length"
            )


class IdField(TextField):
    def validate(self, value):
        super().validate(value)
        if value and not ID_RE.match(value):
            raise ValidationError(
                "Lettres sans accent, chiffres, « - », « _ » ou « . » seulement (sans espace).", code="invalid"
            )


class KeywordsField(forms.CharField):
    """Words separated by commas (« Bouclier 2, Chasse 2 ») → a list."""

    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", {"required": "Indiquez au moins un mot-clé."})
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value)
        return [k.strip() for k in text.split(",") if k.strip()]

    def validate(self, value):
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")
        if len(value) > MAX_KEYWORDS:
            raise ValidationError(f"Trop de mots-clés : {MAX_KEYWORDS} au maximum.", code="too_many")
        for word in value:
            _no_control_characters(word)
            if len(word) > MAX_KEYWORD:
                raise ValidationError(f"Mot-clé trop long : {MAX_KEYWORD} caractères au maximum.", code="too_long")

    def prepare_value(self, value):
        return ", ".join(value) if isinstance(value, (list, tuple)) else value


class KeepSelect(forms.Select):
    """A select that keeps a value it does not know (a deleted unit…), shown as « (introuvable) »."""

    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        known = {str(v) for v, _ in self.choices}
        for v in value:
            if v and str(v) not in known:
                option = self.create_option(name, v, f"« {str(v)[:60]} » (introuvable)", True, len(groups))
                groups.append((None, [option], len(groups)))
        return groups


class KeepCheckboxes(forms.CheckboxSelectMultiple):
    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        known = {str(v) for v, _ in self.choices}
        for v in value:
            if v and str(v) not in known:
                option = self.create_option(name, v, f"« {str(v)[:60]} » (introuvable)", True, len(groups), attrs)
                groups.append((None, [option], len(groups)))
        return groups


class RefField(forms.ChoiceField):
    """The id of another row: a unit, a player, an effect, an action, a battlefield or a destination."""

    widget = KeepSelect

    def __init__(
        self, *, pool: str, options: list[tuple[str, str]], required: bool, empty_label: str | None = None, **kwargs
    ):
        self.pool = pool
        unknown, article = REF_NOUNS[pool]
        empty = empty_label or ("— choisir —" if required else "— aucune —")
        super().__init__(
            choices=[("", empty), *options],
            required=required,
            error_messages={
                "required": f"Choisissez {article} dans la liste.",
                "invalid_choice": f"{unknown} « %(value)s » : choisissez {article} dans la liste.",
            },
            **kwargs,
        )

    def clean(self, value):
        value = super().clean(value)
        return value or None


class RefsField(forms.MultipleChoiceField):
    widget = KeepCheckboxes

    def __init__(self, *, pool: str, options: list[tuple[str, str]], required: bool, **kwargs):
        self.pool = pool
        super().__init__(
            choices=options,
            required=required,
            error_messages={
                "required": "Cochez au moins un élément.",
                "invalid_choice": "Élément inconnu « %(value)s » : cochez seulement des éléments de la liste.",
            },
            **kwargs,
        )

    def clean(self, value):
        return list(dict.fromkeys(super().clean(value)))


class EnumField(forms.ChoiceField):
    def __init__(self, *, choices, **kwargs):
        super().__init__(
            choices=choices,
            error_messages={
                "required": "Choisissez une valeur dans la liste.",
                "invalid_choice": "Choisissez une valeur dans la liste.",
            },
            **kwargs,
        )

    def clean(self, value):
        return super().clean(value) or None


class TriStateField(forms.ChoiceField):
    """A condition that may be absent, true or false."""

    def __init__(self, **kwargs):
        super().__init__(
            choices=[("", "— sans condition —"), ("1", "oui"), ("0", "non")],
            required=False,
            error_messages={"invalid_choice": "Choisissez « oui », « non » ou rien dans la liste."},
            **kwargs,
        )

    def clean(self, value):
        value = super().clean(value)
        return None if value == "" else value == "1"

    def prepare_value(self, value):
        return "" if value is None else ("1" if value is True else "0" if value is False else value)


class SlotsWidget(forms.MultiWidget):
    """Several selects in a row, each with its own label (« 1re », « 2e »…)."""

    template_name = "sandbox/widgets/slots.html"
    use_fieldset = True

    def __init__(self, choices, slots: int):
        super().__init__([forms.Select(choices=choices) for _ in range(slots)])

    def decompress(self, value):
        items = list(value or [])
        return (items + [""] * len(self.widgets))[: len(self.widgets)]

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        for n, sub in enumerate(context["widget"]["subwidgets"]):
            sub["ordinal"] = "1re" if n == 0 else f"{n + 1}e"
        return context


class SlotsField(forms.MultiValueField):
    """An ordered list chosen in a few selects (« 1re », « 2e »…); empty selects are skipped."""

    message = "Choisissez chaque élément dans la liste."

    def __init__(self, *, choices, slots: int = PRODUCE_SLOTS, pool: str | None = None, **kwargs):
        self.pool = pool  # the rows it names, if it names rows
        options = [("", "—"), *choices]
        fields = [
            forms.ChoiceField(choices=options, required=False, error_messages={"invalid_choice": self.message})
            for _ in range(slots)
        ]
        super().__init__(fields, widget=SlotsWidget(options, slots), require_all_fields=False, required=False, **kwargs)

    def compress(self, data_list):
        return [x for x in (data_list or []) if x]


class ProduceField(SlotsField):
    """What a replacement does instead (or as well), in order."""

    message = "Choisissez chaque conséquence dans la liste."


# --------------------------------------------------------------------------- the factory


def enum_choices(param: Param) -> list[tuple[str, str]]:
    labels = ENUM_LABELS.get(param.name, {})
    return [(c, labels.get(c, c)) for c in param.choices]


def field_for(param: Param, pools: Pools, *, label: str | None = None) -> forms.Field | None:
    """The form field for one parameter of the engine's vocabulary, or None when the form shows it otherwise.

    Bounds, defaults, choices and whether it is required come from the parameter itself.
    """
    label = label or capfirst(param.label)
    t = param.type
    if t == "int":
        return WholeNumberField(label=label, required=param.required, min_value=param.min, max_value=param.max)
    if t == "bool":
        return forms.BooleanField(label=label, required=False)
    if t == "str":
        return TextField(label=label, required=param.required, limit=MAX_KEYWORD if param.name == "tag" else MAX_TEXT)
    if t in ("object", "player", "effect", "location"):
        pool = {"object": "objects", "player": "players", "effect": "effects", "location": "locations"}[t]
        return RefField(label=label, pool=pool, options=pools.options(pool), required=param.required)
    if t in ("objects", "effects"):
        return RefsField(label=label, pool=t, options=pools.options(t), required=param.required)
    if t == "keywords":
        return KeywordsField(label=label + " (séparés par des virgules)", required=param.required)
    if t == "enum":
        choices = enum_choices(param)
        if not param.required and param.default is None:
            choices = [("", "— aucune —"), *choices]
        return EnumField(label=label, choices=choices, required=param.required)
    if t == "produce":
        choices = [(c, capfirst(v)) for c, v in kinds.PRODUCE_LABELS.items()]
        return ProduceField(label=label, choices=choices)
    if t == "steps":
        return None  # a spell's instructions are the action rows marked « instruction du sort »
    # A type of parameter the sandbox does not know yet: plain text, the engine checks it.
    return TextField(label=label, required=param.required)


def default_of(param: Param, pools: Pools) -> Any:
    """The value a new row starts with for this parameter (valid as soon as it appears)."""
    if param.default is not None:
        return list(param.default) if isinstance(param.default, tuple) else param.default
    if not param.required:
        return None
    if param.type == "int":
        lo = param.min if param.min is not None else -99
        hi = param.max if param.max is not None else 99
        return 1 if lo <= 1 <= hi else lo
    if param.type == "enum":
        return param.choices[0]
    pool = {"object": "objects", "player": "players", "effect": "effects", "location": "locations"}.get(param.type)
    if pool:
        options = pools.options(pool)
        return options[0][0] if options else None
    return None


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
    advanced = ("cost", "tags", "domains", "power_cost", "attached_to")
    advanced_label = "Coût, tags, domaines et équipement"
    folded_defaults = {"cost": 0}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        pools = self.pools
        f = self.fields
        f["name"] = TextField(label="Nom", limit=MAX_NAME)
        f["type"] = EnumField(
            label="Type",
            choices=[(t, OBJECT_TYPE_LABELS.get(t, t)) for t in kinds.OBJECT_TYPES if t != "battlefield"],
        )
        lo, hi = PRINTED_MIGHT_RANGE
        f["printed_power"] = WholeNumberField(label="Puissance imprimée", min_value=lo, max_value=hi)
        if "cost" in OBJECT_FIELDS:
            f["cost"] = _count("cost", "Coût")
        f["zone"] = EnumField(label="Zone", choices=[(z, ZONE_LABELS.get(z, z)) for z in kinds.ZONES])
        f["at"] = RefField(
            label="Sur le champ de bataille",
            pool="battlefields",
            options=pools.battlefields,
            required=False,
            help_text="Pour la zone « Champ de bataille » : celui où se trouve l'unité.",
        )
        f["controller"] = RefField(
            label="Contrôleur",
            pool="players",
            options=pools.players,
            required=False,
            help_text="Dans la zone « Base », l'unité est dans la base de ce joueur.",
        )
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
        f["attached_to"] = RefField(
            label="Équipé à (pour un équipement)", pool="objects", options=pools.objects, required=False
        )
        f["defending"] = forms.BooleanField(label="En défense", required=False)
        f["exhausted"] = forms.BooleanField(label="Épuisée", required=False)
        if "stunned" in OBJECT_FIELDS:
            f["stunned"] = forms.BooleanField(label="Étourdie", required=False)

    def clean(self):
        """A unit on a battlefield says which one when there are several; elsewhere it is on none."""
        data = super().clean()
        zone = data.get("zone")
        if zone in ("battlefield", "facedown"):
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
        self.fields["controller"] = RefField(
            label="Contrôlé par",
            pool="players",
            options=self.pools.players,
            required=False,
            empty_label=NO_CONTROLLER,
            help_text="Au départ de la situation.",
        )


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


class ActionForm(RowForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.refuse_unknown_kind(ACTIONS):
            return
        f = self.fields
        for param in ACTIONS[self.kind][1]:
            if self.kind == "start" and param.name == "effect":
                continue  # « effects » (one or several) covers both
            if self.kind == "start" and param.name == "effects":
                f["effects"] = RefsField(
                    label="Effets qui commencent", pool="effects", options=self.pools.effects, required=True
                )
                continue
            if (field := field_for(param, self.pools)) is not None:
                f[param.name] = field
        if may_be_instruction(self.kind):
            f["in_spell"] = forms.BooleanField(
                label="Instruction du sort au-dessus",
                required=False,
                help_text="Cochée : cette action est une instruction du dernier sort placé au-dessus.",
            )
        f["note"] = TextField(label="Note (facultatif)", required=False, limit=MAX_NOTE)


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
        """The row's kind from its first value, as ``sandbox.builder.split`` reads it: a field sent twice
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
        return kwargs

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
        if self.section.prefix in ("o", "b"):
            what = "unités" if self.section.prefix == "o" else "champs de bataille"
            seen: set[str] = set()
            for form in self.forms:
                name = str(form.cleaned_data.get("name") or "").casefold()
                if name and name in seen:
                    form.add_error("name", f"Deux {what} portent ce nom : donnez-leur des noms différents.")
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
