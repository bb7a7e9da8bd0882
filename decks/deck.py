"""A deck sorted the way players lay it out (plain Python, no Django).

A deck code carries everything but the sideboard in one list (the Piltover Archive convention the test vectors and
the shipped decklists follow): the legend ×1, the main deck with the chosen champion's copy, the runes and each
battlefield ×1. Cards are sorted back out by their type in the card data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cards.catalog import Catalog, catalog

from . import codes

RUNE_OF_DOMAIN = {"Fury": "OGN-007", "Calm": "OGN-042", "Mind": "OGN-089", "Body": "OGN-126", "Chaos": "OGN-166",
                  "Order": "OGN-214"}
MAIN_TYPES = ("Unit", "Spell", "Gear")


@dataclass
class Entry:
    """One line of a deck: the code as written (an alternate art keeps its own code), the card, the copies."""

    code: str
    card: dict = field(repr=False)
    count: int = 1

    @property
    def card_id(self) -> str:
        return self.card["id"]

    @property
    def name(self) -> str:
        return self.card["name"]

    @property
    def type(self) -> str:
        return self.card["type"]


@dataclass
class Deck:
    legend: Entry | None = None
    champion: Entry | None = None
    main: list[Entry] = field(default_factory=list)
    runes: list[Entry] = field(default_factory=list)
    battlefields: list[Entry] = field(default_factory=list)
    sideboard: list[Entry] = field(default_factory=list)
    # More than one legend card: the extras (Neeko's three legends, R. 103.1) or a second legend by mistake.
    extra_legends: list[Entry] = field(default_factory=list)

    @property
    def main_count(self) -> int:
        return sum(entry.count for entry in self.main)

    @property
    def rune_count(self) -> int:
        return sum(entry.count for entry in self.runes)

    @property
    def sideboard_count(self) -> int:
        return sum(entry.count for entry in self.sideboard)

    def is_empty(self) -> bool:
        return not (self.legend or self.main or self.runes or self.battlefields or self.sideboard
                    or self.extra_legends)

    def cards(self) -> list[Entry]:
        """Every line except the sideboard and the champion label (which is already counted in the main deck)."""
        return [*([self.legend] if self.legend else []), *self.extra_legends, *self.main, *self.runes,
                *self.battlefields]

    def code(self) -> str:
        """The deck code of this deck, written as the reference encoder writes it (v3 for ordinary decks)."""
        every = [(entry.code, entry.count) for entry in self.cards()
                 if not (self.extra_legends and entry in self.extra_legends)]
        legends = [entry.code for entry in self.extra_legends] or None
        return codes.encode(merge(every), merge((e.code, e.count) for e in self.sideboard),
                            self.champion.code if self.champion else None, legends)


def merge(pairs) -> list[tuple[str, int]]:
    """The same code written twice counts once, with the copies added."""
    out: dict[str, int] = {}
    for code, count in pairs:
        out[code] = out.get(code, 0) + count
    return list(out.items())


def add(entries: list[Entry], entry: Entry) -> None:
    for existing in entries:
        if existing.code == entry.code:
            existing.count += entry.count
            return
    entries.append(entry)


def place(deck: Deck, entry: Entry, sideboard: bool = False) -> None:
    """Put a card where its type says (a legend, a rune, a battlefield), else in the main deck or the sideboard."""
    kind = entry.type
    if kind == "Legend" and not sideboard:
        if deck.legend is None:
            deck.legend = entry
        elif entry.code == deck.legend.code:
            deck.legend.count += entry.count
        else:
            add(deck.extra_legends, entry)
    elif kind == "Rune" and not sideboard:
        add(deck.runes, entry)
    elif kind == "Battlefield" and not sideboard:
        add(deck.battlefields, entry)
    else:
        add(deck.sideboard if sideboard else deck.main, entry)


def from_code(decoded: codes.DeckCode, source: Catalog | None = None) -> Deck:
    """The deck a decoded code describes; every card must exist (``codes.decode(code, known=…)`` checks it)."""
    source = source or catalog()
    deck = Deck()
    legends = list(decoded.legends or ())
    for code, count in decoded.main:
        card = source.card(code)
        if card is None:
            raise codes.DeckCodeError(f"Carte inconnue dans le code de deck : {code}.")
        if card["type"] == "Legend" and legends and deck.legend is not None:
            add(deck.extra_legends, Entry(code, card, count))
        else:
            place(deck, Entry(code, card, count))
    for code in legends:
        card = source.card(code)
        if card is None:
            raise codes.DeckCodeError(f"Carte inconnue dans le code de deck : {code}.")
        if not any(e.code == code for e in deck.extra_legends):
            deck.extra_legends.append(Entry(code, card, 1))
    for code, count in decoded.sideboard:
        card = source.card(code)
        if card is None:
            raise codes.DeckCodeError(f"Carte inconnue dans le code de deck : {code}.")
        add(deck.sideboard, Entry(code, card, count))
    if decoded.champion:
        card = source.card(decoded.champion)
        if card is None:
            raise codes.DeckCodeError(f"Carte inconnue dans le code de deck : {decoded.champion}.")
        deck.champion = Entry(decoded.champion, card, 1)
    return deck


def read_code(text: str, source: Catalog | None = None) -> Deck:
    """A deck code → the deck; ``codes.DeckCodeError`` (French) for anything unreadable or any unknown card."""
    source = source or catalog()
    return from_code(codes.decode(text, known=source.resolve), source)
