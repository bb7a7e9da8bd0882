"""Worked examples: a scenario the rules engine resolves, stored with its computed result."""

from __future__ import annotations

import hashlib

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

import engine
from engine import kinds

from . import computing


class WorkedExample(models.Model):
    """A worked example: a scenario the engine resolves, shown step by step by the example player."""

    # The engine's topics (``engine.kinds.Topic``) are the one list: a scenario file names one of them, and the page,
    # the admin and the JSON API show the same label.
    Topic = models.TextChoices("Topic", [(topic.name, (topic.value, topic.label)) for topic in kinds.Topic],
                               module=__name__, qualname="WorkedExample.Topic")

    slug = models.SlugField("identifiant", unique=True, max_length=80)
    title = models.CharField("titre", max_length=200)
    topic = models.CharField("thème", max_length=20, choices=Topic.choices, default=Topic.LAYERS)
    description = models.TextField("situation", blank=True)
    scenario = models.TextField("scénario (YAML)")
    scenario_hash = models.CharField(max_length=64, editable=False, blank=True)
    result = models.JSONField("résultat calculé", default=dict, editable=False, blank=True)
    order = models.PositiveIntegerField("ordre", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["topic", "order", "title"]
        verbose_name = "exemple commenté"
        verbose_name_plural = "exemples commentés"

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs):
        if self.scenario_hash != self.compute_hash() or self.result_is_stale():
            self.refresh_result()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("examples:detail", args=[self.slug])

    def card_ids(self) -> list[str]:
        """The collector numbers of the real cards the scenario names (``card: RAD-082``), in its order, once each."""
        try:
            objects = computing.parse_scenario(self.scenario).get("objects") or []
        except engine.ScenarioError:
            return []
        return list(dict.fromkeys(o["card"] for o in objects if isinstance(o, dict) and o.get("card")))

    def compute_hash(self) -> str:
        return hashlib.sha256(self.scenario.encode("utf-8")).hexdigest()

    def clean(self):
        """Refuse a scenario the engine refuses, with the engine's French message: a malformed file, and also
        a game the rules forbid (moving an exhausted unit, Ganking without the keyword…), found by playing it."""
        try:
            computing.compute(self.scenario)  # cached by text: saving right after runs nothing twice
        except engine.ScenarioError as exc:
            raise ValidationError({"scenario": exc.message}) from exc

    def result_is_stale(self) -> bool:
        """A result stored by an older engine shape (no board, no French step labels) is computed again."""
        return not self.result or self.result.get("version") != computing.RESULT_VERSION

    def current_result(self) -> dict:
        """The result a page shows. One stored by an older engine is computed again in memory (the engine caches
        it by scenario text), never written from a GET: ``load_content`` stores the new one (``refresh_stale``)."""
        return computing.compute(self.scenario) if self.result_is_stale() else self.result

    @classmethod
    def refresh_stale(cls) -> int:
        """Store a new result for every example an older engine computed (run by ``load_content``)."""
        stale = [example for example in cls.objects.all() if example.result_is_stale()]
        for example in stale:
            example.save()
        return len(stale)

    def refresh_result(self) -> None:
        """Run the engine once for this version of the scenario and store the result (trace included)."""
        self.result = computing.compute(self.scenario)
        self.scenario_hash = self.compute_hash()
