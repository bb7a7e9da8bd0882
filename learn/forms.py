"""One Django form per kind of question, built from the question's data."""

from __future__ import annotations

from django import forms

from .questions import ALLOWED, DEATHS, ORDER, POINTS, POWER, Question

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
