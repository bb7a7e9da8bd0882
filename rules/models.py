"""Content of the site: categories, FAQ entries, guides and their sections, reference cards."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from examples.models import WorkedExample
from glossary.rendering import MarkdownFieldsMixin


class Category(models.Model):
    slug = models.SlugField("identifiant", unique=True, max_length=80)
    name = models.CharField("nom", max_length=120)
    description = models.CharField("description", max_length=300, blank=True)
    order = models.PositiveIntegerField("ordre", default=0)

    class Meta:
        ordering = ["order", "name"]
        verbose_name = "catégorie"
        verbose_name_plural = "catégories"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:faq_index") + f"#{self.slug}"


class Card(MarkdownFieldsMixin, models.Model):
    class CardType(models.TextChoices):
        UNIT = "Unité", "Unité"
        GEAR = "Équipement", "Équipement"
        SPELL = "Sort", "Sort"
        ABILITY = "Compétence", "Compétence"

    slug = models.SlugField("identifiant", unique=True, max_length=80)
    name = models.CharField("nom", max_length=120)
    card_type = models.CharField("type", max_length=20, choices=CardType.choices, blank=True,
                                 help_text="Laisser vide si les sources ne le précisent pas.")
    domains = models.JSONField("domaines", default=list, blank=True)
    power = models.IntegerField("puissance imprimée", null=True, blank=True)
    keywords = models.JSONField("mots-clés", default=list, blank=True)
    rules_text = models.TextField("texte de règles", blank=True)
    rules_html = models.TextField(editable=False, blank=True)
    attached_text = models.TextField("effet attaché", blank=True)
    attached_html = models.TextField(editable=False, blank=True)
    notes = models.TextField("ce que disent les sources", blank=True)
    notes_html = models.TextField(editable=False, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {"rules_text": "rules_html", "attached_text": "attached_html", "notes": "notes_html"}

    class Meta:
        ordering = ["name"]
        verbose_name = "carte de référence"
        verbose_name_plural = "cartes de référence"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:card_detail", args=[self.slug])

    def clean(self):
        for field in ("domains", "keywords"):
            value = getattr(self, field)
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise ValidationError({field: "Une liste de textes est attendue, par exemple [\"Chaos\"]."})


class FAQEntry(MarkdownFieldsMixin, models.Model):
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
    cards = models.ManyToManyField(Card, blank=True, related_name="faq_entries", verbose_name="cartes")
    related = models.ManyToManyField("self", blank=True, symmetrical=False, verbose_name="questions liées")
    featured = models.BooleanField("à la une", default=False)
    order = models.PositiveIntegerField("ordre", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {
        "short_answer": "short_answer_html",
        "explanation": "explanation_html",
        "example": "example_html",
    }

    class Meta:
        ordering = ["category__order", "order", "question"]
        verbose_name = "question de la FAQ"
        verbose_name_plural = "questions de la FAQ"

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return reverse("rules:faq_detail", args=[self.slug])


class Guide(MarkdownFieldsMixin, models.Model):
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


class GuideSection(MarkdownFieldsMixin, models.Model):
    guide = models.ForeignKey(Guide, on_delete=models.CASCADE, related_name="sections", verbose_name="guide")
    anchor = models.SlugField("ancre", max_length=120)
    title = models.CharField("titre", max_length=200)
    body = models.TextField("texte")
    body_html = models.TextField(editable=False, blank=True)
    examples = models.ManyToManyField(WorkedExample, blank=True, related_name="guide_sections",
                                      verbose_name="exemples commentés")
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
