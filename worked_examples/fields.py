"""Form fields for the engine's typed parameters, shared by the sandbox and the player's « Et si… ? ».

``field_for`` turns one parameter of the vocabulary (``engine.kinds.Param``) into a Django form field with its
French label, its bounds and its French messages: the sandbox builds a row of a situation from an effect kind's or
an action's parameters, « Et si… ? » builds its form from the switches ``engine.variants.available_changes``
lists, which are parameters too. A select that names another row (a unit, a player, an effect…) takes its options
from a ``Pools``: the rows of the submitted situation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst

from engine import kinds, vocab
from engine import scenario as engine_scenario
from engine.kinds import Param

# --------------------------------------------------------------------------- limits and labels

MAX_KEYWORDS = 10
MAX_KEYWORD = 40
MAX_TEXT = 200
PRODUCE_SLOTS = 5

ID_RE = engine_scenario.ID_RE
# The engine's vocabulary names every list the forms offer; its labels start in lower case, a field's do not.
ZONE_LABELS = kinds.ZONE_TITLES
OBJECT_TYPE_LABELS = vocab.ObjectType.labels()
DURATION_LABELS = {duration: capfirst(label) for duration, label in kinds.DURATION_LABELS.items()}
# The French label of each choice of an enum parameter, by parameter name: all from the engine's vocabulary.
ENUM_LABELS: dict[str, dict[str, str]] = {
    "event": {k: capfirst(v) for k, v in kinds.EVENT_LABELS.items()},
    "applies_to": vocab.AppliesTo.labels(),
    "mode": vocab.ReplacementMode.labels(),
    "active_zone": vocab.ActiveZone.labels(),
    "when": {event: capfirst(kinds.Event(event).label) for event in kinds.TRIGGER_EVENTS},
    "subject": vocab.TriggerSubject.labels(),
    "duration": DURATION_LABELS,
    "zone": ZONE_LABELS,
    "speed": {k: capfirst(v) for k, v in kinds.Speed.labels().items()},
    "ask": vocab.Ask.labels(),
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


class IndicesField(forms.CharField):
    """Ranks separated by commas (« 0, 1 ») → a list of whole numbers (a parameter of type ``indices``: Repeat's
    costs paid, by their rank on the card)."""

    def to_python(self, value):
        items = [x.strip() for x in super().to_python(value).split(",") if x.strip()]
        if not all(x.isdigit() and int(x) <= 9 for x in items):
            raise ValidationError("Indiquez des rangs (0, 1, 2…) séparés par des virgules.", code="invalid")
        return [int(x) for x in items] or None

    def prepare_value(self, value):
        return ", ".join(str(x) for x in value) if isinstance(value, (list, tuple)) else value


class KeepUnknown:
    """A choice widget that keeps a value it does not know (a deleted unit…), shown as « (introuvable) »."""

    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        known = {str(v) for v, _ in self.choices}
        for v in value:
            if v and str(v) not in known:
                option = self.create_option(name, v, f"« {str(v)[:60]} » (introuvable)", True, len(groups), attrs=attrs)
                groups.append((None, [option], len(groups)))
        return groups


class KeepSelect(KeepUnknown, forms.Select):
    pass


class KeepCheckboxes(KeepUnknown, forms.CheckboxSelectMultiple):
    pass


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

    template_name = "examples/widgets/slots.html"
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


def field_for(param: Param, pools: Pools | None = None, *, label: str | None = None) -> forms.Field | None:
    """The form field for one parameter of the engine's vocabulary, or None when the form shows it otherwise.

    Bounds, defaults, choices and whether it is required come from the parameter itself. ``pools`` are the rows
    a select may name (none for a form that names no row, like « Et si… ? »).
    """
    pools = pools or Pools([], [], [], [], [])
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
    if t == "indices":
        return IndicesField(label=label + " (séparés par des virgules)", required=param.required)
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
    if param.type == "effects":  # a list of effects starts with the first one
        options = pools.options("effects")
        return [options[0][0]] if options else []
    pool = {"object": "objects", "player": "players", "effect": "effects", "location": "locations"}.get(param.type)
    if pool:
        options = pools.options(pool)
        return options[0][0] if options else None
    return None
