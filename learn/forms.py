"""The answer form of a question (its fields come from its kind, ``kinds.KINDS``) and the practice list's filter."""

from __future__ import annotations

from django import forms

from .kinds import KIND_LABELS
from .questions import LEVEL_LABELS, Question


class AnswerForm(forms.Form):
    """The answer to one question: its kind's fields (``kinds.QuestionKind.fields``); ``answer()`` gives it in the
    shape of ``questions.expected``."""

    def __init__(self, question: Question, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.question = question
        self.fields.update(question.kind_of.fields(question))

    def clean(self):
        cleaned = super().clean()
        if self.question.kind_of.ordered and not self.errors:
            picked = [cleaned[name] for name in self.fields]
            if len(set(picked)) != len(picked):
                raise forms.ValidationError("Chaque effet ne peut occuper qu'une place.")
        return cleaned

    def answer(self):
        return self.question.kind_of.read({name: self.cleaned_data[name] for name in self.fields})


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
