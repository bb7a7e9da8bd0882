"""The content app's fixed choices, declared once: rules versions and the chapters of the rules reference."""

from __future__ import annotations

import datetime

from django.db import models

CURRENT_RULES_VERSION = "1.4"
# Where Riot Games publishes the official rules documents (Core Rules, FAQ, errata), in French.
OFFICIAL_RULES_URL = "https://riftbound.leagueoflegends.com/fr-fr/news/rules-and-releases/"

# Editions of the Riftbound Core Rules, newest first (RULES.md, « Versions »).
RULES_VERSION_DATES = {
    "1.4": datetime.date(2026, 7, 16),
    "1.3": datetime.date(2026, 3, 30),
    "1.2": datetime.date(2025, 12, 1),
    "1.1": datetime.date(2025, 10, 1),
    "1.0": datetime.date(2025, 6, 2),
}


class RulesVersion(models.TextChoices):
    V1_4 = "1.4", "v1.4 (16 juillet 2026)"
    V1_3 = "1.3", "v1.3 (30 mars 2026)"
    V1_2 = "1.2", "v1.2 (1er décembre 2025)"
    V1_1 = "1.1", "v1.1 (octobre 2025)"
    V1_0 = "1.0", "v1.0 (2 juin 2025)"


class Chapter(models.TextChoices):
    """Chapters of the rules reference, in the order of the Core Rules."""

    PRINCIPLES = "principes", "Principes du jeu"
    PREPARATION = "preparation", "Préparer la partie"
    OBJECTS = "objets", "Objets et cartes"
    CONTROL = "controle-victoire", "Contrôle et victoire"
    COSTS = "couts", "Coûts et ressources"
    TURN = "tour", "Le tour"
    CHAIN = "chaine", "La chaîne et les confrontations"
    PLAYING = "jouer", "Jouer des cartes et des compétences"
    ACTIONS = "actions", "Les actions de jeu"
    MOVEMENT = "deplacement", "Déplacements et rappels"
    COMBAT = "combat", "Le combat"
    SCORING = "score", "Le score"
    LAYERS = "couches", "Les couches"
    MODES = "modes", "Les modes de jeu"
    ADDITIONAL = "complements", "Règles complémentaires"
    KEYWORDS = "mots-cles", "Les mots-clés"
