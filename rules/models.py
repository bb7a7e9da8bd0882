"""Content of the site: categories, FAQ entries, guides and their sections, the rules reference."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, F, Window
from django.db.models.functions import RowNumber
from django.urls import reverse

from glossary.rendering import MarkdownFieldsMixin
from worked_examples.models import WorkedExample

from . import citations, editions
from .choices import CURRENT_RULES_VERSION, RULES_VERSION_DATES, RULES_VERSION_NAMES, Chapter, RulesVersion


class CheckedMixin(models.Model):
    """Content that says which edition of the Core Rules it was checked against."""

    checked_version = models.CharField("vérifié avec les règles", max_length=8, choices=RulesVersion.choices,
                                       blank=True, help_text="Laisser vide tant que le texte n'a pas été vérifié.")

    class Meta:
        abstract = True

    @property
    def checked_date(self):
        return RULES_VERSION_DATES.get(self.checked_version)

    @property
    def checked_name(self) -> str:
        """« du 9 octobre 2026 », « v1.4 du 16 juillet 2026 »: how a page names the edition."""
        return RULES_VERSION_NAMES.get(self.checked_version, "")

    @property
    def is_current(self) -> bool:
        return self.checked_version == CURRENT_RULES_VERSION

    def cited_numbers(self) -> list[str]:
        """Every rule number the item cites, numbered as in the edition it was checked against."""
        return []

    def rule_changes(self) -> list[dict]:
        """The cited rules a newer edition edited or removed since the check, from the shipped index."""
        if not self.checked_version or self.is_current:
            return []  # nothing newer to compare with: the texts are not even read
        return editions.changed_since_check(self.checked_version, self.cited_numbers())


def _numbers(listed, *texts: str) -> list[str]:
    parsed = [citations.parse(str(item)) for item in listed or []]
    return list(dict.fromkeys([number for number in parsed if number] + citations.cited_in(*texts)))


def rule_list_validator(value):
    if not isinstance(value, list) or not all(isinstance(item, str) and citations.parse(item) for item in value):
        raise ValidationError("Une liste de numéros de règles est attendue, par exemple [\"466\", \"467.2\"].")


class CategoryQuerySet(models.QuerySet):
    def with_counts(self):
        """Each theme with ``entry_count``, its number of questions, in the themes' order (a GROUP BY query ignores
        ``Meta.ordering``: the order is explicit, or each database picks its own)."""
        return self.annotate(entry_count=Count("entries")).order_by("order", "name", "pk")


class Category(models.Model):
    slug = models.SlugField("identifiant", unique=True, max_length=80)
    name = models.CharField("nom", max_length=120)
    description = models.CharField("description", max_length=300, blank=True)
    order = models.PositiveIntegerField("ordre", default=0)

    objects = CategoryQuerySet.as_manager()

    class Meta:
        ordering = ["order", "name"]
        verbose_name = "catégorie"
        verbose_name_plural = "catégories"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:faq_index") + f"#{self.slug}"


class FAQEntryQuerySet(models.QuerySet):
    def by_category(self):
        return self.select_related("category").order_by("category__order", "order", "question")

    def first_per_category(self, count: int):
        """The first ``count`` questions of every theme, in each theme's order, in one window query: each carries
        ``rank`` (its place in its theme) and ``total`` (how many questions the theme holds). Only what a list of
        links needs is read."""
        in_theme = {"partition_by": F("category_id")}
        return (
            self.order_by()
            .annotate(rank=Window(RowNumber(), order_by=[F("order"), F("question"), F("pk")], **in_theme),
                      total=Window(Count("pk"), **in_theme))
            .filter(rank__lte=count)
            .only("slug", "question", "category_id")
            .order_by("category_id", "rank")
        )

    def in_theme_order(self):
        """Questions by theme, then as the theme orders them (the « Voir aussi » list)."""
        return self.order_by("category__order", "category_id", "order", "question", "pk")


class FAQEntry(CheckedMixin, MarkdownFieldsMixin, models.Model):
    slug = models.SlugField("identifiant", unique=True, max_length=120)
    category = models.ForeignKey(Category, on_delete=models.PROTECT, related_name="entries",
                                 verbose_name="catégorie")
    question = models.CharField("question", max_length=250)
    short_answer = models.TextField("réponse en bref")
    short_answer_html = models.TextField(editable=False, blank=True)
    explanation = models.TextField("comment ça marche", blank=True)
    explanation_html = models.TextField(editable=False, blank=True)
    example = models.TextField("en pratique", blank=True)
    example_html = models.TextField(editable=False, blank=True)
    examples = models.ManyToManyField(WorkedExample, blank=True, related_name="faq_entries",
                                      verbose_name="exemples commentés")
    cards = models.ManyToManyField("cards.Card", blank=True, related_name="faq_entries", verbose_name="cartes")
    related = models.ManyToManyField("self", blank=True, symmetrical=False, verbose_name="questions liées")
    rules = models.JSONField("règles citées", default=list, blank=True, validators=[rule_list_validator],
                             help_text="Numéros des règles de base sur lesquelles repose la réponse.")
    featured = models.BooleanField("à la une", default=False)
    order = models.PositiveIntegerField("ordre", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    objects = FAQEntryQuerySet.as_manager()

    markdown_fields = {
        "short_answer": "short_answer_html",
        "explanation": "explanation_html",
        "example": "example_html",
    }

    class Meta:
        ordering = ["category__order", "order", "question"]
        # The FAQ index reads the first questions of each theme in this order, from the index alone.
        indexes = [models.Index(fields=["category", "order", "question", "slug"], name="faq_theme_order")]
        verbose_name = "question de la FAQ"
        verbose_name_plural = "questions de la FAQ"

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return reverse("rules:faq_detail", args=[self.slug])

    def cited_numbers(self) -> list[str]:
        return _numbers(self.rules, self.short_answer, self.explanation, self.example)


class Guide(CheckedMixin, MarkdownFieldsMixin, models.Model):
    slug = models.SlugField("identifiant", unique=True, max_length=120)
    title = models.CharField("titre", max_length=200)
    summary = models.CharField("résumé (meta description)", max_length=200, blank=True)
    intro = models.TextField("introduction", blank=True)
    intro_html = models.TextField(editable=False, blank=True)
    order = models.PositiveIntegerField("ordre", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {"intro": "intro_html"}

    class Meta:
        ordering = ["order", "title"]
        verbose_name = "guide"
        verbose_name_plural = "guides"

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rules:guide_detail", args=[self.slug])

    def cited_numbers(self) -> list[str]:
        sections = list(self.sections.all())
        return _numbers([n for section in sections for n in section.rules or []], self.intro,
                        *(section.body for section in sections))


class GuideSection(MarkdownFieldsMixin, models.Model):
    guide = models.ForeignKey(Guide, on_delete=models.CASCADE, related_name="sections", verbose_name="guide")
    anchor = models.SlugField("ancre", max_length=120)
    title = models.CharField("titre", max_length=200)
    body = models.TextField("texte")
    body_html = models.TextField(editable=False, blank=True)
    examples = models.ManyToManyField(WorkedExample, blank=True, related_name="guide_sections",
                                      verbose_name="exemples commentés")
    rules = models.JSONField("règles citées", default=list, blank=True, validators=[rule_list_validator])
    order = models.PositiveIntegerField("ordre", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {"body": "body_html"}

    class Meta:
        ordering = ["guide", "order"]
        constraints = [models.UniqueConstraint(fields=["guide", "anchor"], name="unique_anchor_per_guide")]
        verbose_name = "section de guide"
        verbose_name_plural = "sections de guide"

    def __str__(self) -> str:
        return f"{self.guide.title} — {self.title}"

    def get_absolute_url(self) -> str:
        return self.guide.get_absolute_url() + f"#{self.anchor}"


class RuleSection(CheckedMixin, MarkdownFieldsMixin, models.Model):
    """One section of the rules reference (/regles/<slug>/): a part of the Core Rules explained in our words.

    ``covers`` lists the rule numbers it explains as ``[first, last]`` pairs of top-level numbers, so
    ``/regles/465.2.a/`` finds the section covering 465. ``rule_summaries`` maps a rule number to one sentence
    in our words, shown as the tooltip of every « R. n » citation on the site.
    """

    slug = models.SlugField("identifiant", unique=True, max_length=120)
    title = models.CharField("titre", max_length=200)
    english_title = models.CharField("titre anglais officiel", max_length=200, blank=True)
    chapter = models.CharField("chapitre", max_length=30, choices=Chapter.choices)
    order = models.PositiveIntegerField("ordre", default=0, help_text="Le premier numéro de règle expliqué.")
    covers = models.JSONField("règles couvertes", default=list,
                              help_text="Paires [premier, dernier] de numéros de règles, par exemple [[461, 468]].")
    rule_summaries = models.JSONField("résumés des règles", default=dict, blank=True)
    summary = models.CharField("résumé (meta description)", max_length=250, blank=True)
    body = models.TextField("explication")
    body_html = models.TextField(editable=False, blank=True)
    terms = models.ManyToManyField("glossary.Term", blank=True, related_name="rule_sections",
                                   verbose_name="termes liés")
    examples = models.ManyToManyField(WorkedExample, blank=True, related_name="rule_sections",
                                      verbose_name="exemples commentés")
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {"body": "body_html"}

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = "section des règles"
        verbose_name_plural = "sections des règles"

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rules:rule_section", args=[self.slug])

    def clean(self):
        if not citations.valid_covers(self.covers):
            raise ValidationError({"covers": "Une liste de paires [premier, dernier] est attendue, "
                                             "par exemple [[461, 468]] (premier ≤ dernier, de 1 à 999)."})
        if not isinstance(self.rule_summaries, dict) or not all(
            citations.parse(str(key)) and isinstance(value, str) for key, value in self.rule_summaries.items()
        ):
            raise ValidationError({"rule_summaries": "Un dictionnaire numéro → phrase est attendu, "
                                                     "par exemple {\"466\": \"Ce qui ouvre un combat.\"}."})

    def cited_numbers(self) -> list[str]:
        return _numbers(sorted(self.rule_summaries or {}, key=citations.sort_key), self.body)

    def covers_number(self, top: int) -> bool:
        return any(first <= top <= last for first, last in self.covers)

    def summaries(self) -> list[dict]:
        """The rules this section explains, in rule order, each with its anchor on the page."""
        return [{"number": number, "anchor": citations.anchor(number), "text": text}
                for number, text in sorted(self.rule_summaries.items(), key=lambda item: citations.sort_key(item[0]))]


class RuleCitation(models.Model):
    """One rule cited by one text (FAQ entry, guide section or glossary term), so a section finds what cites it.

    Exactly one of ``faq``, ``section`` and ``term`` names the citing text; the database refuses any other row.
    """

    number = models.CharField(max_length=20)
    top = models.PositiveIntegerField(db_index=True)
    faq = models.ForeignKey(FAQEntry, null=True, blank=True, on_delete=models.CASCADE, related_name="citations")
    section = models.ForeignKey(GuideSection, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="citations")
    term = models.ForeignKey("glossary.Term", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="citations")

    class Meta:
        verbose_name = "règle citée"
        verbose_name_plural = "règles citées"
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(faq__isnull=False, section__isnull=True, term__isnull=True)
                    | models.Q(faq__isnull=True, section__isnull=False, term__isnull=True)
                    | models.Q(faq__isnull=True, section__isnull=True, term__isnull=False)
                ),
                name="rulecitation_one_citing_text",
                violation_error_message=(
                    "Une règle citée appartient à un seul texte : une FAQ, une section ou un terme."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"R. {self.number}"


class Feedback(models.Model):
    """« Cette réponse vous a aidé ? » and « Signaler une erreur », left by a reader on a page."""

    class Kind(models.TextChoices):
        HELPFUL = "utile", "Réponse utile"
        NOT_HELPFUL = "pas-utile", "Réponse pas utile"
        ERROR = "erreur", "Erreur signalée"

    path = models.CharField("page", max_length=300, db_index=True)
    kind = models.CharField("nature", max_length=12, choices=Kind.choices)
    message = models.TextField("message", max_length=1000, blank=True)
    created_at = models.DateTimeField("reçu le", auto_now_add=True)
    handled = models.BooleanField("traité", default=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "retour de lecteur"
        verbose_name_plural = "retours de lecteurs"

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.path}"


class ContentRecord(models.Model):
    """What the content loader shipped for one object, so a reload can tell an editor's change from its own.

    ``fingerprint`` is the hash of the object's editable fields right after the loader wrote them. When the
    object's current fields hash differently, an editor changed it and the loader leaves it alone; when
    the object is gone but the record remains, an editor deleted it and the loader does not bring it back.
    """

    kind = models.CharField(max_length=40)
    key = models.CharField(max_length=200)
    shipped_hash = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)
    loaded_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_content_record")]
        verbose_name = "contenu livré"
        verbose_name_plural = "contenus livrés"

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}"
