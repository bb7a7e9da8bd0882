"""A deck from what a player pastes: a deck code, or a text list (plain Python, no Django).

Lists come from deck sites, chats and notes, so every usual form is read: « 3 Blazing Scorcher », « 3x OGN-001 »,
« Blazing Scorcher x3 », « x3 Name », « Name (3) », one card a line, with or without section headers (Légende /
Legend, Champion, Runes, Champs de bataille / Battlefields, Side / Sideboard / Réserve, Main / Deck principal),
English names, aliases, official French names or collector codes. A line that cannot be read is listed with the
reason, and the rest of the list still makes a deck.

The section decides little: a card's type puts a legend, a rune or a battlefield in its place wherever it is
written. The « Champion » section names the chosen champion, whose copy belongs to the main deck (R. 103.3), so it
is added to the main deck's count; the lines after it without a header of their own are the main deck (« Champion :
Jinx, Rebel » then the list). The « Side » section is the sideboard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cards.catalog import Catalog, catalog, name_key

from . import codes
from .deck import RUNE_OF_DOMAIN, Deck, Entry, place

MAX_TEXT = 20_000
MAX_LINE = 300
MAX_COPIES = 99
MAX_UNREAD_SHOWN = 30

MAIN, LEGEND, CHAMPION, RUNES, BATTLEFIELDS, SIDEBOARD = "main", "legend", "champion", "runes", "battlefields", "side"
SECTIONS = {
    LEGEND: ("legende", "legend", "legends", "legendes", "champion legend", "legende de champion"),
    CHAMPION: ("champion", "chosen champion", "champion choisi", "champions"),
    RUNES: ("runes", "rune", "rune deck", "deck de runes", "runes deck"),
    BATTLEFIELDS: ("champs de bataille", "champ de bataille", "battlefields", "battlefield"),
    SIDEBOARD: ("side", "sideboard", "reserve", "side deck", "sideboard deck"),
    MAIN: ("main", "main deck", "maindeck", "deck", "deck principal", "units", "unites", "spells", "sorts", "gear",
           "gears", "equipements", "equipment", "cards", "cartes"),
}
HEADERS = {name_key(label): section for section, labels in SECTIONS.items() for label in labels}
DOMAIN_WORDS = {"fury": "Fury", "fureur": "Fury", "calm": "Calm", "calme": "Calm", "mind": "Mind", "esprit": "Mind",
                "body": "Body", "corps": "Body", "chaos": "Chaos", "order": "Order", "ordre": "Order"}

_COUNT_FIRST = re.compile(r"^(?P<count>\d{1,3})\s*[x×]?\s+(?P<name>.+)$|^(?P<count2>\d{1,3})\s*[x×]\s*(?P<name2>.+)$"
                          r"|^[x×]\s*(?P<count3>\d{1,3})\s+(?P<name3>.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(?P<name>.+?)\s*(?:[x×]\s*(?P<count>\d{1,3})|\(\s*[x×]?\s*(?P<count2>\d{1,3})\s*\))$",
                         re.IGNORECASE)
_CODE_IN = re.compile(r"\b([A-Za-z]{3}-(?:R|SP|r|sp)?\d{1,3}[aAbBsS*]?)\b")
_BULLET = re.compile(r"^[\s\-*•·>]+")
_HEADER = re.compile(r"^(?P<label>[^\d:()]+?)\s*(?:\(\s*\d+\s*\))?\s*(?::\s*(?P<rest>.*))?$")


@dataclass
class Unread:
    number: int
    line: str
    reason: str


@dataclass
class Pasted:
    deck: Deck
    unread: list[Unread] = field(default_factory=list)
    from_code: bool = False
    error: str = ""  # set when nothing at all could be read


def looks_like_code(text: str) -> bool:
    """One word of base32 that starts like a deck code (format 1: « C » then the version's letter)."""
    word = text.strip()
    return bool(re.fullmatch(r"[A-Za-z2-7]{8,}=*", word)) and word[:1].upper() == "C" and " " not in word


def read(text: str, source: Catalog | None = None) -> Pasted:
    """What was pasted → a deck, the lines that could not be read, or a French error when nothing could."""
    source = source or catalog()
    if not isinstance(text, str) or not text.strip():
        return Pasted(Deck(), error="Collez un code de deck ou une liste de cartes : le champ est vide.")
    if len(text) > MAX_TEXT:
        return Pasted(Deck(), error=f"Le texte collé est trop long ({len(text)} caractères ; {MAX_TEXT} au plus).")
    if looks_like_code(text):
        try:
            from .deck import read_code

            return Pasted(read_code(text.strip(), source), from_code=True)
        except codes.DeckCodeError as error:
            return Pasted(Deck(), error=error.message)
    pasted = read_list(text, source)
    if pasted.deck.is_empty():
        shown = len(pasted.unread)
        pasted.error = ("Aucune carte n'a été reconnue dans ce texte"
                        + (f" ({shown} ligne{'s' if shown > 1 else ''} illisible{'s' if shown > 1 else ''})."
                           if shown else "."))
    return pasted


def read_list(text: str, source: Catalog) -> Pasted:
    deck = Deck()
    unread: list[Unread] = []
    section = MAIN
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _BULLET.sub("", raw).strip()
        if not line or line.startswith(("#", "//")):
            continue
        if len(line) > MAX_LINE:
            unread.append(Unread(number, line[:60] + "…", "ligne trop longue pour être une carte"))
            continue
        header = _HEADER.match(line)
        if header and name_key(header["label"]) in HEADERS:
            section = HEADERS[name_key(header["label"])]
            line = (header["rest"] or "").strip()
            if not line:
                continue
        count, name = _split(line)
        if count is None:
            count, name = 1, line
        if not 1 <= count <= MAX_COPIES:
            unread.append(Unread(number, line, f"quantité impossible ({count})"))
            continue
        card = _find(name, section, source)
        if card is None:
            unread.append(Unread(number, line, "carte inconnue"))
            continue
        code, card = card
        entry = Entry(code, card, count)
        if section == CHAMPION and card["type"] == "Unit":
            deck.champion = Entry(code, card, 1)
            place(deck, entry)
            section = MAIN  # one chosen champion (R. 103.3): the lines after it, with no header, are the main deck
        else:
            place(deck, entry, sideboard=section == SIDEBOARD)
    return Pasted(deck, unread)


def _split(line: str) -> tuple[int | None, str]:
    found = _COUNT_FIRST.match(line)
    if found:
        count = found["count"] or found["count2"] or found["count3"]
        name = found["name"] or found["name2"] or found["name3"]
        return int(count), name.strip()
    found = _COUNT_LAST.match(line)
    if found:
        return int(found["count"] or found["count2"]), found["name"].strip()
    return None, line


def _written(code: str) -> str:
    """A collector code as deck codes write it: « ogn-246A » → « OGN-246a », « OGN-299* » → « OGN-299s »."""
    code = code.strip().upper().replace("*", "S")
    head, tail = code[:-1], code[-1]
    return head + tail.lower() if tail in "ABS" and not head.endswith(("-", "S", "R")) else code


def _domain_rune(key: str) -> str | None:
    for word, domain in DOMAIN_WORDS.items():
        if key in (word, f"{word}rune", f"{word}runes", f"rune{word}", f"runede{word}", f"runesde{word}"):
            return domain
    return None


def _find(name: str, section: str, source: Catalog) -> tuple[str, dict] | None:
    """The card a name or a code means: the code as written when there is one, else the card's own id."""
    name = name.strip().strip("\"'«»“”").strip()
    code_match = _CODE_IN.search(name)
    if code_match:
        card = source.card(code_match.group(1))
        if card is not None:
            return _written(code_match.group(1)), card
    for candidate, legend_only in _spellings(name):
        card_id = source.find_name(candidate)
        if card_id and (not legend_only or source.cards[card_id]["type"] == "Legend"):
            return card_id, source.cards[card_id]
    domain = _domain_rune(name_key(name))
    if domain and (section == RUNES or "rune" in name_key(name)):
        return RUNE_OF_DOMAIN[domain], source.cards[RUNE_OF_DOMAIN[domain]]
    return None


def _spellings(name: str):
    yield name, False
    # « Jinx, Loose Cannon » or « Kai'Sa - Daughter of the Void »: legends are named by their title alone.
    for separator in (", ", " - ", " – ", " — ", ": "):
        if separator in name:
            yield name.split(separator, 1)[1], True
    # « Blazing Scorcher (OGN-001) » with an unknown code, or a trailing mark in brackets.
    bare = re.sub(r"\s*[\(\[].*?[\)\]]\s*$", "", name)
    if bare != name:
        yield bare, False
