"""The vocabulary of a card, declared once: types, supertypes, domains, sets, rarities and the text's symbols.

Values are the English words of the card data (``cards/data/cards.json``); labels are the official French terms of
the French Core Rules v1.4 (« Règles du jeu ») where Riot printed one: card types (140, 147, 153, 161, 169, 173,
179), supertypes (133.7), domains (134.2), Energy and Power (163), Might (143.2) and Might bonus (137).
"""

from __future__ import annotations

from django.db import models


class CardType(models.TextChoices):
    UNIT = "Unit", "Unité"
    SPELL = "Spell", "Sort"
    GEAR = "Gear", "Équipement"
    BATTLEFIELD = "Battlefield", "Champ de bataille"
    LEGEND = "Legend", "Légende"
    RUNE = "Rune", "Rune"
    TOKEN = "Token", "Création"


class Supertype(models.TextChoices):
    CHAMPION = "Champion", "Champion"
    SIGNATURE = "Signature", "Signature"
    TOKEN = "Token", "Création"
    BASIC = "Basic", "De base"


class Domain(models.TextChoices):
    FURY = "Fury", "Fureur"
    CALM = "Calm", "Calme"
    MIND = "Mind", "Esprit"
    BODY = "Body", "Corps"
    CHAOS = "Chaos", "Chaos"
    ORDER = "Order", "Ordre"
    # The rules name no seventh domain: « Colorless » is the data's word for a card without one.
    COLORLESS = "Colorless", "Sans domaine"


class CardSet(models.TextChoices):
    # Set names are Riot's English product names: no French name has been published.
    OGN = "OGN", "Origins"
    OGS = "OGS", "Proving Grounds"
    SFD = "SFD", "Spiritforged"
    UNL = "UNL", "Unleashed"
    VEN = "VEN", "Vendetta"
    RAD = "RAD", "Radiance"
    ARC = "ARC", "Arcane Box Set"
    OPP = "OPP", "Promo OPP"
    PR = "PR", "Promo PR"
    JDG = "JDG", "Promo juge"


# Rarities have no official French name: these are plain French words, shown beside nothing else.
RARITY_LABELS = {"Common": "Commune", "Uncommon": "Peu commune", "Rare": "Rare", "Epic": "Épique",
                 "Showcase": "Vitrine", "Promo": "Promo"}

# The set whose data is preview quality (cards.json ``quality``): its pages say « aperçu, non définitif ».
PREVIEW_SETS = {"RAD"}

# The shorthand of the rules text (Core Rules 134.2 and 135.2.e) and how a reader hears it. [n] is any number.
SYMBOLS = {
    "M": ("might", "Puissance"),
    "E": ("exhaust", "Épuiser"),
    "A": ("any", "Essence runique de n'importe quel domaine"),
    "R": ("fury", "Essence runique de Fureur"),
    "G": ("calm", "Essence runique de Calme"),
    "B": ("mind", "Essence runique d'Esprit"),
    "O": ("body", "Essence runique de Corps"),
    "P": ("chaos", "Essence runique de Chaos"),
    "Y": ("order", "Essence runique d'Ordre"),
    # [C] is one Power of the card's own domain, any of them if it has several, [A] if it has none (135.2.e.6).
    "C": ("any", "Essence runique du domaine de la carte"),
    ">": ("then", "alors"),
    ">>": ("then", "alors"),
}
