"""Card popovers: every card's names as entries of the glossary's matcher, each with its popover.

The glossary links terms in every text of the site with one matcher (``glossary.matcher``); the cards are another
kind of entry of that same matcher (``CardsConfig.glossary_entries`` names ``entries``), so a card's name in an FAQ
answer, a guide, a rules section, an example or a practice question links to the card's page and opens a popover
(name, type, costs, Might, Riot's text verbatim). No second linking pass exists.

Which names link:

- the official English name, the other spellings of the data (``aliases``) and the official French name where Riot
  printed one; a name two cards share links neither (« Recruit » names several tokens);
- only when written with a capital: players and editors write a card's name like a proper name, and « ange
  gardien » or « courant d'air » in lower case are ordinary words;
- names that are also ordinary words (``ORDINARY``: « Flash », « Defy », « Gust », « Encore », « Discipline »…)
  link only as a proper name: with a capital AND not at the start of a sentence, where any word takes a capital
  (« Encore une fois… »); between guillemets on their own (« Flash ») they do link;
- a glossary term's form or « sauf dans » phrase wins over a card of the same name (``glossary.matcher``);
- ``NEVER`` names never link alone (« PO » is the French name of the Gold token, and an abbreviation everywhere).

The popover is built from the card's fields (nothing is stored on the card): Riot's text is its ``text_html``
(symbols drawn as labelled icons), each line a span, marked ``lang="en"`` so French typography leaves it exact.
"""

from __future__ import annotations

import re
import threading

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils.html import escape

from core import bulk
from glossary import linking
from glossary.batch import mark_dirty, suspended
from glossary.matcher import CARD, Glossary, TermInfo, canonical
from glossary.signals import entry_deleted, rerender_affected, rerender_all

from .choices import CardType, Supertype
from .models import Card

# Card names that are also words of everyday French or English (or of the rules): they link only as a proper
# name (see the module's docstring). Checked name by name against the card list (cards/data/cards.json).
ORDINARY = frozenset(canonical(name) for name in [
    # English names
    "Abandon", "Arise!", "Avalanche", "Bird", "Block", "Bomb", "Brawl", "Brush", "Buff", "Bushwhack", "Cataclysm",
    "Challenge", "Charm", "Clairvoyance", "Cleave", "Concentrate", "Confront", "Conscription", "Cull", "Deceiver",
    "Defy", "Detonate", "Discipline", "Disintegrate", "Eclipse", "Encore", "Fanfare", "Firestorm", "Flash",
    "Forecaster", "Friendship", "Gearhead", "Gold", "Guards!", "Gust", "Highlander", "Incinerate", "Isolate",
    "Lacerate", "Mech", "Meditation", "Mesmerize", "Minefield", "Mobilize", "Moonfall", "Onslaught", "Pickpocket",
    "Possession", "Premonition", "Profiteer", "Purifier", "Rampage", "Rebuke", "Rebuttal", "Recruit", "Reflection",
    "Reinforce", "Repulse", "Retreat", "Riposte", "Sabotage", "Sacrifice", "Salvage", "Sanction", "Scrapheap",
    "Shadow", "Shakedown", "Showstopper", "Singularity", "Smite", "Sprite", "Stargazer", "Stupefy", "Supernova",
    "Switcheroo", "Temptation", "Unforgiven", "Vengeance", "Virtuoso", "Wallop", "Whirlwind",
    "Last Stand", "Time Warp", "Here to Help", "Counter Strike", "Alpha Strike", "Fight or Flight", "Stand United",
    # Official French names
    "Assommoir", "Bélier", "Blocage", "Brutaliseur", "Contre-attaque", "Contre-sort", "Défi", "Dépotoir", "Éclipse",
    "Fendoir", "Fournaise", "Lucioles", "Manipulatrice", "Oiseau", "Recrue", "Reflet", "Réprimande", "Singularité",
    "Ange gardien", "Assaut éclair", "Baroud d'honneur", "Chasseur-né", "Combattre ou fuir", "Courant d'air",
    "Dragon ancestral", "Étoile filante", "Force sauvage", "Hall abandonné", "Hautes herbes", "Partie truquée",
    "Prise de contrôle hostile", "Soldat de sable", "Toucher glacial", "Agent infiltré", "Marchand itinérant",
])
NEVER = frozenset({"po"})
# Phrases where a card's name is part of another name: « Shadow Clone » is a token of the rules (R. 187.11), not the
# card Shadow. Matched, never linked (the glossary's « sauf dans »).
NOT_IN = {"Shadow": ("Shadow Clone",)}
TYPE_LABELS = dict(CardType.choices)
SUPERTYPE_LABELS = dict(Supertype.choices)
PARAGRAPH_RE = re.compile(r"<(/?)p\b[^>]*>")
SOURCE_LABEL = "Texte officiel de Riot (anglais)"
FIELDS = ("id", "name", "name_fr", "aliases", "card_type", "supertype", "energy", "power", "might", "text_html",
          "set_code", "preview")


def card_forms(card: Card) -> list[str]:
    """The names that may link to ``card``: English name, usable aliases, official French name."""
    forms = [card.name, *(alias for alias in card.aliases if "(" not in alias), card.name_fr]
    if card.name.endswith(" - Starter"):
        forms.append(card.name.removesuffix(" - Starter"))
    return [form for form in dict.fromkeys(form.strip() for form in forms if form and form.strip())
            if canonical(form) not in NEVER]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count in (0, 1) else f"{count} {word}s"


def meta_line(card: Card) -> str:
    """« Unité · Champion · 3 énergies et 1 essence runique · Puissance 4 », with the official French words."""
    parts = [TYPE_LABELS.get(card.card_type, card.card_type)]
    if card.supertype:
        parts.append(SUPERTYPE_LABELS.get(card.supertype, card.supertype))
    costs = []
    if card.energy is not None:
        costs.append(plural(card.energy, "énergie"))
    if card.power:
        costs.append(f"{card.power} essence{'s' if card.power > 1 else ''} runique{'s' if card.power > 1 else ''}")
    if costs:
        parts.append("Coût : " + " et ".join(costs))
    if card.might is not None:
        gear = card.card_type == CardType.GEAR
        parts.append(f"{'Bonus de puissance +' if gear else 'Puissance '}{card.might}")
    return " · ".join(escape(part) for part in parts)


def tip_html(card: Card) -> str:
    """The popover's content: trusted markup built from the card's fields, never from a text's content."""
    parts = [f'<b class="term-tip__name" lang="en">{escape(card.name)}</b>']
    if card.name_fr:
        parts.append(f'<span class="card-tip__fr">Nom français officiel : {escape(card.name_fr)}</span>')
    parts.append(f'<span class="card-tip__meta">{meta_line(card)}</span>')
    if card.preview or card.set_code == "RAD":
        parts.append('<span class="card-tip__preview">Aperçu, non définitif</span>')
    if card.text_html:
        # One span per line of Riot's text (a <p> cannot sit inside a paragraph); <i lang="en"> keeps the whole
        # text out of French typography (core.typography protects an element marked English up to its end tag).
        lines = PARAGRAPH_RE.sub(lambda m: "</span>" if m.group(1) else '<span class="card-tip__line">',
                                 card.text_html)
        parts.append(f'<i class="card-tip__text" lang="en">{lines}</i>')
        parts.append(f'<span class="card-tip__source">{SOURCE_LABEL}</span>')
    return "".join(parts)


def entries() -> list[TermInfo]:
    """Every card of the database as a matcher entry (``CardsConfig.glossary_entries``)."""
    return entries_of(Card.objects.only(*FIELDS).order_by("position"))


def entries_of(cards) -> list[TermInfo]:
    """Each card as a matcher entry (its names, its popover); a name two cards share is left out."""
    cards = list(cards)
    owners: dict[str, set[str]] = {}
    forms_of = {}
    keys: dict[str, str] = {}  # form -> canonical form, worked out once
    for card in cards:
        forms_of[card.id] = card_forms(card)
        for form in forms_of[card.id]:
            keys[form] = key = canonical(form)
            owners.setdefault(key, set()).add(card.id)
    found = []
    # One reverse() for all: the card's address is its lower-case number in the same pattern (Card.get_absolute_url).
    address = reverse("cards:detail", args=["ogn-000"]).replace("ogn-000", "{}")
    for card in cards:
        forms = tuple(form for form in forms_of[card.id] if len(owners[keys[form]]) == 1)
        if forms:
            found.append(TermInfo(
                card.id, card.name, address.format(card.id.lower()), "", forms, match_case=True, kind=CARD,
                not_in=NOT_IN.get(card.name, ()),
                tip_html=tip_html(card), name_only=tuple(form for form in forms if keys[form] in ORDINARY)))
    return found


# --- keeping the texts in step -----------------------------------------------------------------------------

_state = threading.local()


@receiver(post_save, sender=Card, dispatch_uid="cards-popovers-saved")
def card_saved(sender, instance: Card, raw=False, **kwargs):
    """A card's names or text changed: the texts that name it link (or show) it anew."""
    if raw:
        return
    linking.invalidate()
    if suspended():  # inside the content loader: the whole site is rendered once at its end
        mark_dirty()
        return
    if bulk.active():  # an import of many cards on its own: render the site once when it ends
        _state.pending = True
        return
    forms = card_forms(instance)
    rerender_affected({instance.get_absolute_url()}, Glossary([TermInfo(instance.id, instance.name, "", "",
                                                                         tuple(forms), kind=CARD)]))


@receiver(bulk.finished, dispatch_uid="cards-popovers-bulk-finished")
def bulk_finished(sender=None, **kwargs):
    if getattr(_state, "pending", False):
        _state.pending = False
        linking.invalidate()
        rerender_all()


@receiver(post_delete, sender=Card, dispatch_uid="cards-popovers-deleted")
def card_deleted(sender, instance: Card, **kwargs):
    entry_deleted(instance.get_absolute_url())
