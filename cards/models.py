"""Every card of the game, as imported from the shared card list (``manage.py import_cards``, then ``load_content``).

A card is keyed by its collector id (``OGN-001``, its earliest main-set number, the form deck codes use). Its name
and text are Riot's, in English, exactly as published; French appears only as Riot's official French name
(``name_fr``) and as our own labels and explanations, never as the card's text.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.text import slugify

from glossary.rendering import MarkdownFieldsMixin

from . import rules_notes
from . import text as card_text
from .choices import PREVIEW_SETS, RARITY_LABELS, CardSet, CardType, Domain, Supertype
from .search_words import words_of

SET_ORDER = {code: index for index, code in enumerate(CardSet.values)}
IMAGE_SIZE = re.compile(r"-(\d{2,5})x(\d{2,5})\.(?:png|jpe?g|webp)", re.IGNORECASE)
DEFAULT_IMAGE_SIZE = (744, 1039)  # the size of Riot's gallery images


def position_of(card_id: str) -> int:
    """Gallery order: sets in release order, then the collector number (runes and tokens after the base cards)."""
    set_code, _, number = card_id.partition("-")
    digits = re.match(r"\d+", number)
    base = int(digits.group()) if digits else 900
    if number[:1] in {"R", "T", "S"}:
        base += {"R": 500, "T": 700, "S": 600}[number[0]]
    return SET_ORDER.get(set_code, 99) * 10_000 + base


class CardQuerySet(models.QuerySet):
    def for_gallery(self):
        """What a gallery tile shows, in gallery order, with the primary printing's image in the same query."""
        return self.only("id", "name", "name_fr", "card_type", "supertype", "domains", "energy", "power",
                         "might", "set_code", "preview", "image_url").order_by("position")

    def filtered(self, *, sets=(), domains=(), types=(), keyword="", energy=None, might=None, words=""):
        """The cards a gallery form asks for; every argument narrows the list (an empty one is ignored)."""
        cards = self
        if sets:
            cards = cards.filter(set_code__in=sets)
        if types:
            cards = cards.filter(card_type__in=types)
        if domains:
            match = models.Q()
            for domain in domains:
                match |= models.Q(domains_key__contains=f" {domain} ")
            cards = cards.filter(match)
        if keyword:
            cards = cards.filter(pk__in=CardKeyword.objects.filter(name=keyword).values("card_id"))
        if energy is not None:
            cards = cards.filter(energy__gte=energy) if energy >= ENERGY_OR_MORE else cards.filter(energy=energy)
        if might is not None:
            cards = cards.filter(might__gte=might) if might >= MIGHT_OR_MORE else cards.filter(might=might)
        for word in words_of(words):
            cards = cards.filter(words__contains=word)
        return cards


# The last choice of the cost and Might filters means « this much or more ».
ENERGY_OR_MORE = 8
MIGHT_OR_MORE = 8


class Card(models.Model):
    id = models.CharField("numéro de collection", max_length=16, primary_key=True,
                          help_text="Le premier numéro de la carte (OGN-001), comme dans les codes de deck.")
    name = models.CharField("nom officiel (anglais)", max_length=120,
                            help_text="Le nom exact publié par Riot, en anglais.")
    name_fr = models.CharField("nom français officiel", max_length=120, blank=True,
                               help_text="Seulement un nom que Riot a imprimé en français ; ne jamais en inventer un.")
    name_fr_source = models.CharField("source du nom français", max_length=200, blank=True)
    aliases = models.JSONField("autres graphies", default=list, blank=True)
    card_type = models.CharField("type", max_length=12, choices=CardType.choices)
    supertype = models.CharField("super-type", max_length=12, choices=Supertype.choices, blank=True)
    tags = models.JSONField("tags", default=list, blank=True)
    domains = models.JSONField("domaines", default=list, blank=True)
    energy = models.PositiveSmallIntegerField("coût en énergie", null=True, blank=True)
    power = models.PositiveSmallIntegerField("coût en essence runique", null=True, blank=True)
    might = models.PositiveSmallIntegerField("puissance (ou bonus de puissance)", null=True, blank=True)
    text = models.TextField("texte officiel (anglais)", blank=True,
                            help_text="Le texte de Riot, errata compris, avec ses abréviations ([M], [E], [2]…).")
    text_printed = models.TextField("texte imprimé avant errata", blank=True)
    effect_text = models.TextField("effet conféré (équipement)", blank=True)
    keywords = models.JSONField("mots-clés du texte", default=list, blank=True,
                                help_text="Avec leur nombre : [\"Shield 2\", \"Tank\"].")
    set_code = models.CharField("extension", max_length=4, choices=CardSet.choices)
    rarity = models.CharField("rareté", max_length=12, blank=True)
    preview = models.BooleanField("aperçu", default=False,
                                  help_text="Données d'aperçu (Radiance) : la page dit « aperçu, non définitif ».")
    quality = models.TextField("réserves sur les données", blank=True)
    image_url = models.URLField("image (adresse de Riot)", max_length=400, blank=True)
    # Derived on save and on import: never edited, never part of an editor's fingerprint.
    text_html = models.TextField(editable=False, blank=True)
    effect_html = models.TextField(editable=False, blank=True)
    text_printed_html = models.TextField(editable=False, blank=True)
    domains_key = models.CharField(editable=False, max_length=80, blank=True)
    words = models.TextField(editable=False, blank=True)
    position = models.PositiveIntegerField(editable=False, default=0)
    updated_at = models.DateTimeField(auto_now=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["position"]
        indexes = [
            models.Index(fields=["position"], name="card_gallery_order"),
            models.Index(fields=["set_code", "position"], name="card_set"),
            models.Index(fields=["card_type", "position"], name="card_type"),
            models.Index(fields=["energy", "position"], name="card_energy"),
            models.Index(fields=["might", "position"], name="card_might"),
        ]
        verbose_name = "carte"
        verbose_name_plural = "cartes"

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"

    def save(self, *args, **kwargs):
        self.derive()
        super().save(*args, **kwargs)
        # The keyword table follows the edited list (the gallery filters on it).
        CardKeyword.objects.filter(card_id=self.id).delete()
        CardKeyword.objects.bulk_create(self.keyword_rows())

    def get_absolute_url(self) -> str:
        return reverse("cards:detail", args=[self.id.lower()])

    def clean(self):
        for name in ("aliases", "tags", "domains", "keywords"):
            value = getattr(self, name)
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise ValidationError({name: "Une liste de textes est attendue, par exemple [\"Shield 2\"]."})
        unknown = [domain for domain in self.domains if domain not in Domain.values]
        if unknown:
            raise ValidationError({"domains": f"Domaine inconnu : « {unknown[0]} »."})

    def derive(self) -> None:
        """Fill the derived fields from the edited ones (the importer calls it before its bulk writes)."""
        self.text_html = card_text.text_html(self.text)
        self.effect_html = card_text.text_html(self.effect_text)
        self.text_printed_html = card_text.text_html(self.text_printed)
        self.domains_key = " " + " ".join(self.domains) + " " if self.domains else ""
        self.words = " ".join(words_of(" ".join(
            [self.id, self.name, self.name_fr, *self.aliases, card_text.plain(self.text), *self.tags])))
        self.position = position_of(self.id)

    def keyword_rows(self) -> list[CardKeyword]:
        rows = []
        for order, keyword in enumerate(dict.fromkeys(self.keywords)):
            name, number = card_text.keyword_parts(keyword)
            name = name.capitalize() if name.isupper() and len(name) > 1 else name  # « [ADD] » once in the data
            rows.append(CardKeyword(card_id=self.id, name=name, number=number, order=order))
        return rows

    # --- what the pages show ----------------------------------------------------------------------

    @property
    def type_label(self) -> str:
        return CardType(self.card_type).label if self.card_type in CardType.values else self.card_type

    @property
    def supertype_label(self) -> str:
        return Supertype(self.supertype).label if self.supertype in Supertype.values else self.supertype

    @property
    def domain_labels(self) -> list[tuple[str, str]]:
        return [(domain, Domain(domain).label if domain in Domain.values else domain) for domain in self.domains]

    @property
    def rarity_label(self) -> str:
        return RARITY_LABELS.get(self.rarity, self.rarity)

    @property
    def set_label(self) -> str:
        return CardSet(self.set_code).label if self.set_code in CardSet.values else self.set_code

    @property
    def frame_class(self) -> str:
        """The site's domain frame (« frame-1-fureur frame-2-calme »), as the reference cards draw it."""
        names = [slugify(label) for _domain, label in self.domain_labels if _domain in Domain.values][:2]
        return f"frame-1-{names[0]} frame-2-{names[-1]}" if names else ""

    def cited_numbers(self) -> list[str]:
        """The rules its keywords (or, without one, its type) rest on: what the practice panel matches."""
        notes = rules_notes.notes()
        found = [number for row in self.keyword_set.all()
                 for number in (notes["keywords"].get(row.name) or {}).get("rules", [])]
        if not found:
            found = list((notes["types"].get(self.card_type) or {}).get("rules", []))
        return list(dict.fromkeys(found))

    @property
    def is_preview(self) -> bool:
        return self.preview or self.set_code in PREVIEW_SETS

    @property
    def might_label(self) -> str:
        return "Bonus de puissance" if self.card_type == CardType.GEAR else "Puissance"

    @property
    def image_size(self) -> tuple[int, int]:
        match = IMAGE_SIZE.search(self.image_url or "")
        return (int(match.group(1)), int(match.group(2))) if match else DEFAULT_IMAGE_SIZE

    @property
    def image_alt(self) -> str:
        return f"Illustration de la carte {self.name}" + (f" ({self.name_fr})" if self.name_fr else "")


class CardKeyword(models.Model):
    """A keyword of a card's text with its number (« Shield » 2): what the keyword filter and the page read."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="keyword_set")
    name = models.CharField("mot-clé (anglais)", max_length=40)
    number = models.PositiveSmallIntegerField("nombre", null=True, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "order"]
        indexes = [models.Index(fields=["name", "card"], name="card_keyword")]
        verbose_name = "mot-clé d'une carte"
        verbose_name_plural = "mots-clés des cartes"

    def __str__(self) -> str:
        return f"{self.name} {self.number}" if self.number is not None else self.name


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    code = models.CharField("code", max_length=20, unique=True)
    set_code = models.CharField("extension", max_length=4)
    number = models.CharField("numéro", max_length=12, blank=True)
    variant = models.CharField("variante", max_length=12, blank=True)
    kind = models.CharField("sorte d'impression", max_length=30, blank=True)
    rarity = models.CharField("rareté", max_length=12, blank=True)
    public_code = models.CharField("numéro imprimé", max_length=20, blank=True)
    artist = models.CharField("illustration", max_length=200, blank=True)
    image_url = models.URLField("image", max_length=400, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "order"]
        verbose_name = "impression"
        verbose_name_plural = "impressions"

    def __str__(self) -> str:
        return self.code

    @property
    def set_label(self) -> str:
        return CardSet(self.set_code).label if self.set_code in CardSet.values else self.set_code

    @property
    def rarity_label(self) -> str:
        return RARITY_LABELS.get(self.rarity, self.rarity)

    KIND_LABELS = {
        "base": "normale", "alternate-art": "illustration alternative", "overnumbered": "hors numérotation",
        "overnumbered-signed": "hors numérotation, signée", "signature-reprint": "réimpression signature",
        "reprint": "réimpression", "token": "création", "rune": "rune", "rune-alternate-art":
        "rune, illustration alternative", "promo": "promotionnelle",
    }

    @property
    def kind_label(self) -> str:
        return self.KIND_LABELS.get(self.kind, self.kind)


class Erratum(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="errata")
    old = models.TextField("ancien texte")
    new = models.TextField("nouveau texte")
    old_html = models.TextField(editable=False, blank=True)
    new_html = models.TextField(editable=False, blank=True)
    document = models.CharField("document de Riot", max_length=200, blank=True)
    url = models.URLField("adresse", max_length=400, blank=True)
    announced = models.DateField("annoncé le", null=True, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "order"]
        verbose_name = "erratum"
        verbose_name_plural = "errata"

    def __str__(self) -> str:
        return f"{self.card_id} ({self.announced})"

    def save(self, *args, **kwargs):
        self.old_html = card_text.text_html(self.old)
        self.new_html = card_text.text_html(self.new)
        super().save(*args, **kwargs)


class CardExplanation(MarkdownFieldsMixin, models.Model):
    """« Notre explication »: our own French text about one card, loaded from ``cards/content/explanations/``."""

    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="explanation", verbose_name="carte")
    text = models.TextField("explication (Markdown)")
    text_html = models.TextField(editable=False, blank=True)
    checked = models.CharField("vérifié avec les règles du", max_length=10, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    markdown_fields = {"text": "text_html"}

    class Meta:
        verbose_name = "explication d'une carte"
        verbose_name_plural = "explications des cartes"
        ordering = ["card_id"]

    def __str__(self) -> str:
        return str(self.card)

    def get_absolute_url(self) -> str:
        # The explanation is read on its card's page.
        return self.card.get_absolute_url()

    def markdown_options(self) -> dict:
        # The card's own page: its explanation never links the card to itself.
        return {"exclude_term_slug": self.card_id}


class ImportRecord(models.Model):
    """What the last import wrote for one card: the hash of the shipped data and a fingerprint of the row.

    The same bookkeeping as the content loader's (``rules.loader``), kept here in one table that is read and written
    in bulk: a card whose row still matches its fingerprint takes a newer import; one an editor changed is kept; one
    an editor deleted is not brought back.
    """

    card_id = models.CharField(max_length=16, unique=True)
    shipped_hash = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)

    class Meta:
        verbose_name = "trace d'import"
        verbose_name_plural = "traces d'import"

    def __str__(self) -> str:
        return self.card_id
