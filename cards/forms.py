"""The gallery's filters: a Django form whose cleaned data feeds ``CardQuerySet.filtered``."""

from __future__ import annotations

from functools import lru_cache

from django import forms

from core.content_version import content_version
from glossary.models import Term

from .choices import CardSet, CardType, Domain
from .models import ENERGY_OR_MORE, MIGHT_OR_MORE, CardKeyword

MAIN_SETS = ["OGN", "OGS", "SFD", "UNL", "VEN", "RAD"]
ANY = [("", "Tous")]


def number_choices(top: int) -> list[tuple[str, str]]:
    return [*ANY, *((str(n), str(n)) for n in range(top)), (str(top), f"{top} ou plus")]


def keyword_choices() -> list[tuple[str, str]]:
    return _keyword_choices(content_version())


@lru_cache(maxsize=2)
def _keyword_choices(version: int) -> list[tuple[str, str]]:
    """Every keyword some card has, under its official French name when the glossary has one (read once per
    content version: the gallery builds this form on every request)."""
    names = sorted(set(CardKeyword.objects.values_list("name", flat=True)))
    french = {term.english_name.casefold(): term.name
              for term in Term.objects.filter(english_name__in=names).only("name", "english_name")}
    labelled = [(name, f"{french[name.casefold()]} ({name})" if name.casefold() in french else name)
                for name in names]
    return [("", "Tous"), *sorted(labelled, key=lambda pair: pair[1].casefold())]


class GalleryForm(forms.Form):
    q = forms.CharField(label="Mots du nom ou du texte", max_length=100, required=False,
                        help_text="En anglais ou en français pour les noms officiels, par exemple « shield » ou "
                                  "« saute-nuages ».")
    extension = forms.ChoiceField(label="Extension", required=False,
                                  choices=[("", "Toutes"), *((code, CardSet(code).label)
                                                                       for code in MAIN_SETS)])
    domaine = forms.ChoiceField(label="Domaine", required=False, choices=[*ANY, *Domain.choices])
    type = forms.ChoiceField(label="Type", required=False, choices=[*ANY, *CardType.choices])
    mot_cle = forms.ChoiceField(label="Mot-clé", required=False)
    cout = forms.TypedChoiceField(label="Coût en énergie", required=False, coerce=int, empty_value=None,
                                  choices=number_choices(ENERGY_OR_MORE))
    puissance = forms.TypedChoiceField(label="Puissance", required=False, coerce=int, empty_value=None,
                                       choices=number_choices(MIGHT_OR_MORE))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mot_cle"].choices = keyword_choices()
        for field in self.fields.values():
            field.error_messages["invalid_choice"] = ("Choisissez une valeur de la liste : « %(value)s » n'en fait "
                                                      "pas partie.")
        self.fields["q"].error_messages["max_length"] = "100 caractères au plus (vous en avez saisi %(show_value)d)."

    def filters(self) -> dict:
        """The arguments of ``CardQuerySet.filtered`` (nothing filtered for an unbound or invalid form)."""
        if not self.is_bound or not self.is_valid():
            return {}
        data = self.cleaned_data
        return {
            "sets": [data["extension"]] if data.get("extension") else [],
            "domains": [data["domaine"]] if data.get("domaine") else [],
            "types": [data["type"]] if data.get("type") else [],
            "keyword": data.get("mot_cle") or "",
            "energy": data.get("cout"),
            "might": data.get("puissance"),
            "words": data.get("q") or "",
        }

    @property
    def active(self) -> bool:
        return any(value not in (None, "", []) for value in self.filters().values())
