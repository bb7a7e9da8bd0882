"""Glossary terms: the words every text of the site links to a tooltip and a page."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from .matcher import canonical
from .rendering import MarkdownFieldsMixin

SHORT_DEFINITION_MAX = 300


def sort_key(text: str) -> str:
    """Alphabetical order that ignores accents and case: « Échanger » sorts with the E."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class TermQuerySet(models.QuerySet):
    def renamed_from(self, slug: str) -> Term | None:
        """The term that once had ``slug`` as its address (JSON ``contains`` is not portable to SQLite,
        and this runs only for an address no current term has)."""
        for term in self.exclude(former_slugs=[]).only("slug", "former_slugs"):
            if slug in term.former_slugs:
                return term
        return None


class Term(MarkdownFieldsMixin, models.Model):
    class Kind(models.TextChoices):
        KEYWORD = "mot-cle", "Mot-clé"
        STATE = "etat", "État"
        ACTION = "action", "Action de jeu"
        ZONE = "zone", "Zone"
        CARD_TYPE = "type-de-carte", "Type de carte"
        PHASE = "phase", "Phase ou étape du tour"
        CONCEPT = "notion", "Notion"
        RESOURCE = "ressource", "Ressource"
        EFFECT = "effet", "Type d'effet"
        CALCULATION = "calcul", "Calcul de puissance"
        ROLE = "role", "Joueur et rôle"
        OBJECT = "objet", "Élément de jeu"
        MODE = "mode", "Mode de jeu"

    name = models.CharField("nom", max_length=120, unique=True)
    slug = models.SlugField("identifiant", max_length=120, unique=True)
    former_slugs = models.JSONField(
        "anciens identifiants", default=list, blank=True,
        help_text="Identifiants que ce terme a portés : leurs adresses redirigent vers la page du terme.")
    english_name = models.CharField("nom anglais officiel", max_length=120, blank=True,
                                    help_text="Laisser vide s'il n'existe pas de nom officiel en anglais.")
    short_definition = models.TextField(
        "définition courte", max_length=SHORT_DEFINITION_MAX,
        help_text="Texte brut de 300 caractères au plus : c'est le contenu de l'info-bulle.",
    )
    explanation = models.TextField("explication (Markdown)", blank=True)
    explanation_html = models.TextField(editable=False, blank=True)
    match_case = models.BooleanField(
        "seulement avec une majuscule", default=False,
        help_text="Pour un mot-clé qui est aussi un mot courant (Action, Vision…) : lié seulement s'il est écrit "
                  "avec une majuscule.")
    not_in = models.TextField(
        "sauf dans", blank=True,
        help_text="Une expression par ligne où une forme de ce terme ne le désigne pas (« tirez au sort », « face "
                  "cachée ») : le texte ne fait pas de lien à cet endroit.")
    rules = models.JSONField("règles", default=list, blank=True,
                             help_text="Numéros des règles de base qui définissent ce terme, par exemple [\"815\"].")
    forms = models.TextField(
        "autres formes", blank=True,
        help_text="Une forme par ligne (pluriel, féminin, conjugaisons…) ; chacune devient un lien vers ce "
                  "terme. Le nom lui-même est toujours reconnu.",
    )
    kind = models.CharField("nature", max_length=20, choices=Kind.choices, default=Kind.CONCEPT)
    related = models.ManyToManyField("self", blank=True, symmetrical=True, verbose_name="termes liés")
    updated_at = models.DateTimeField(auto_now=True)

    objects = TermQuerySet.as_manager()

    markdown_fields = {"explanation": "explanation_html"}

    class Meta:
        ordering = ["name"]
        verbose_name = "terme du glossaire"
        verbose_name_plural = "termes du glossaire"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("glossary:detail", args=[self.slug])

    def markdown_options(self) -> dict:
        # A term's own page never links to itself.
        return {"exclude_term_slug": self.slug}

    @property
    def form_list(self) -> list[str]:
        """Every text that links to this term: its name first, then the other forms, without duplicates."""
        seen: dict[str, str] = {}
        for form in [self.name, *self.forms.splitlines()]:
            form = " ".join(unicodedata.normalize("NFC", form).split())
            if form and form.casefold() not in seen:
                seen[form.casefold()] = form
        return list(seen.values())

    @property
    def not_in_list(self) -> list[str]:
        """The phrases where a form of this term means something else (one per line of ``not_in``)."""
        return [" ".join(line.split()) for line in self.not_in.splitlines() if line.strip()]

    @property
    def letter(self) -> str:
        key = sort_key(self.name)
        return key[:1].upper() if key[:1].isalpha() else "#"

    def clean(self):
        if len(self.short_definition or "") > SHORT_DEFINITION_MAX:
            raise ValidationError({"short_definition": f"{SHORT_DEFINITION_MAX} caractères au plus."})
        # A form can lead to one term only.
        mine = {canonical(form): form for form in self.form_list}
        for other in Term.objects.exclude(pk=self.pk):
            taken = [mine[key] for key in map(canonical, other.form_list) if key in mine]
            if taken:
                raise ValidationError({"forms": f"« {taken[0]} » mène déjà au terme « {other.name} »."})
