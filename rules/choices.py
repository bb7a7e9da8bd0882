"""The content app's fixed choices, declared once: rules versions and the chapters of the rules reference."""

from __future__ import annotations

import datetime

from django.db import models

# The newest edition of the Core Rules: the site's authority, whose numbers every citation uses.
CURRENT_RULES_VERSION = "2026-10"
# Where Riot Games publishes the official rules documents (Core Rules, FAQ, errata), in French.
OFFICIAL_RULES_URL = "https://riftbound.leagueoflegends.com/fr-fr/news/rules-and-releases/"

# Editions of the Riftbound Core Rules, newest first (RULES.md, « Versions »).
RULES_VERSION_DATES = {
    "2026-10": datetime.date(2026, 10, 9),
    "1.4": datetime.date(2026, 7, 16),
    "1.3": datetime.date(2026, 3, 30),
    "1.2": datetime.date(2025, 12, 1),
    "1.1": datetime.date(2025, 10, 1),
    "1.0": datetime.date(2025, 6, 2),
}


class RulesVersion(models.TextChoices):
    E2026_10 = "2026-10", "règles de base du 9 octobre 2026"
    V1_4 = "1.4", "v1.4 (16 juillet 2026)"
    V1_3 = "1.3", "v1.3 (30 mars 2026)"
    V1_2 = "1.2", "v1.2 (1er décembre 2025)"
    V1_1 = "1.1", "v1.1 (octobre 2025)"
    V1_0 = "1.0", "v1.0 (2 juin 2025)"


# How a page names the edition it was checked against: « Vérifié avec les règles de base {name} ». The editions
# published with a version number keep it; the newest one has none, only its date.
RULES_VERSION_NAMES = {
    "2026-10": "du 9 octobre 2026",
    "1.4": "v1.4 du 16 juillet 2026",
    "1.3": "v1.3 du 30 mars 2026",
    "1.2": "v1.2 du 1er décembre 2025",
    "1.1": "v1.1 d'octobre 2025",
    "1.0": "v1.0 du 2 juin 2025",
}
# Editions with a shipped index of their rule numbers (rules/content/editions/<slug>.json, RULES.md « Versions »):
# edition → the slug that names it in files and in URLs (/regles/v1.4/466.1/).
INDEXED_EDITIONS = {
    "2026-10": "2026-10",
    "1.4": "v1.4",
}


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
