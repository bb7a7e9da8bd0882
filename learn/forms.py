"""One Django form per kind of question, built from the question's data."""

from __future__ import annotations

from django import forms

from .questions import ALLOWED, DEATHS, KIND_LABELS, LEVEL_LABELS, ORDER, POINTS, POWER, Question

ORDINALS = ["En premier", "En deuxième", "En troisième", "En quatrième", "En cinquième"]


class AnswerForm(forms.Form):
    """The answer to one question; ``answer()`` gives it in the shape of ``questions.expected``."""

    def __init__(self, question: Question, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.question = question
        if question.kind == POWER:
            self.fields["reponse"] = forms.IntegerField(
                label="Votre réponse (un nombre)", min_value=-99, max_value=99,
                error_messages={"required": "Indiquez un nombre.", "invalid": "Indiquez un nombre entier."})
        elif question.kind in (DEATHS, POINTS):
            self.fields["reponse"] = forms.MultipleChoiceField(
                label=question.prompt, required=False, widget=forms.CheckboxSelectMultiple,
                choices=[(choice.value, choice.label) for choice in question.choices])
        elif question.kind == ALLOWED:
            self.fields["reponse"] = forms.ChoiceField(
                label=question.prompt, widget=forms.RadioSelect,
                choices=[(choice.value, choice.label) for choice in question.choices],
                error_messages={"required": "Choisissez oui ou non."})
        elif question.kind == ORDER:
            options = [("", "— choisir —")] + [(choice.value, choice.label) for choice in question.choices]
            for position in range(len(question.choices)):
                self.fields[f"rang{position + 1}"] = forms.ChoiceField(
                    label=ORDINALS[position], choices=options,
                    error_messages={"required": "Choisissez un effet pour chaque place."})

    def clean(self):
        cleaned = super().clean()
        if self.question.kind == ORDER and not self.errors:
            picked = [cleaned[name] for name in self.fields]
            if len(set(picked)) != len(picked):
                raise forms.ValidationError("Chaque effet ne peut occuper qu'une place.")
        return cleaned

    def answer(self):
        if self.question.kind == POWER:
            return self.cleaned_data["reponse"]
        if self.question.kind == ALLOWED:
            return self.cleaned_data["reponse"]
        if self.question.kind == ORDER:
            return tuple(self.cleaned_data[name] for name in self.fields)
        return frozenset(self.cleaned_data["reponse"])


class PracticeFilter(forms.Form):
    """/entrainement/?theme=…&type=…&niveau=…: the list narrowed to a theme, a kind of question or a level."""

    theme = forms.ChoiceField(label="Thème", required=False)
    type = forms.ChoiceField(label="Type de question", required=False,
                             choices=[("", "Tous les types"), *KIND_LABELS.items()])
    niveau = forms.TypedChoiceField(label="Niveau", required=False, coerce=int, empty_value=None,
                                    choices=[("", "Tous les niveaux"), *LEVEL_LABELS.items()])

    def __init__(self, areas: list[dict], *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["theme"].choices = [("", "Tous les thèmes"), *((a["slug"], a["label"]) for a in areas)]
        for field in self.fields.values():
            field.error_messages["invalid_choice"] = "Ce choix n'existe pas : choisissez dans la liste."

    def keep(self, area: dict, question: Question) -> bool:
        data = self.cleaned_data
        return ((not data.get("theme") or area["slug"] == data["theme"])
                and (not data.get("type") or question.kind == data["type"])
                and (data.get("niveau") is None or question.level == data["niveau"]))
