"""Riftbound deck codes, versions 1 to 6: decode and encode (plain Python, no Django).

The byte layout is the one of ``decks/data/deck-codes/FORMAT.md`` (a copy of the shared description of
Piltover-Archive/RiftboundDeckCodes): base32 without padding, a first byte ``format << 4 | version``, then copy-count
sections of groups of cards sharing a set and a variant. The encoder makes the same choices as the reference library
(version, prefix bit, order of groups and numbers), so the strings it gives are the ones other deck sites give.

Every failure is a ``DeckCodeError`` whose ``message`` says in French what is wrong; nothing else leaves the module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_VALUES = {char: value for value, char in enumerate(ALPHABET)}
SETS = ("OGN", "OGS", "ARC", "SFD", "UNL", "VEN", "RAD")
VARIANTS = ("", "a", "s", "b")  # 2 = signed, written « s » (or « * » on the card)
PREFIXES = ("", "R", "SP")  # the flag byte: 0x00 none, 0x01 rune, 0x02 special (v5+)
FORMAT = 1
MAX_VERSION = 6
MAX_CODE_LENGTH = 4_000  # a 40-card deck takes about 130 characters; this is far above any real deck
MAX_VARINT_BYTES = 5
CARD_CODE = re.compile(r"(?P<set>[A-Z]{3})-(?P<prefix>R|SP)?(?P<digits>\d{1,5})(?P<variant>[ABS*]?)")


class DeckCodeError(Exception):
    """A deck code (or a deck) that cannot be read or written; ``message`` is French and names what is wrong."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class DeckCode:
    """What a code carries: ``(card code, copies)`` pairs in decoder order, the chosen champion (a label: its copy
    is also counted in ``main``), and the additional legends (``None`` before version 6, which cannot carry them)."""

    main: tuple[tuple[str, int], ...]
    sideboard: tuple[tuple[str, int], ...] = ()
    champion: str | None = None
    legends: tuple[str, ...] | None = None
    version: int = 0


@dataclass(frozen=True, order=True)
class CardRef:
    set_id: int
    variant: int
    prefix: int
    digits: int

    @property
    def code(self) -> str:
        prefix = PREFIXES[self.prefix]
        number = f"{self.digits:03d}" if not prefix else f"{self.digits:02d}" if prefix == "R" else str(self.digits)
        return f"{SETS[self.set_id]}-{prefix}{number}{VARIANTS[self.variant]}"

    @property
    def number_key(self) -> tuple[int, int]:
        # Natural order of the number text: digits before « R… » before « SP… », then by value.
        return self.prefix, self.digits


def parse_card_code(code: str) -> CardRef:
    """``OGN-007``, ``SFD-R02``, ``UNL-R05a``, ``VEN-SP1``, ``OGN-299*`` → its parts; DeckCodeError otherwise."""
    text = code.strip() if isinstance(code, str) else ""
    found = CARD_CODE.fullmatch(text.upper())
    if not found:
        raise DeckCodeError(f"Code de carte illisible : « {text[:20]} » (attendu : ENS-NUMÉRO, comme OGN-007).")
    set_name = found["set"]
    if set_name not in SETS:
        raise DeckCodeError(f"Extension inconnue dans le code de carte « {text[:20]} » : {set_name}.")
    variant = {"": 0, "A": 1, "S": 2, "*": 2, "B": 3}[found["variant"]]
    return CardRef(SETS.index(set_name), variant, PREFIXES.index(found["prefix"] or ""), int(found["digits"]))


# --- base32 ---------------------------------------------------------------------------------------------------------

def to_bytes(code: str) -> bytes:
    if not isinstance(code, str):
        raise DeckCodeError("Le code de deck doit être un texte.")
    text = code.strip().upper().rstrip("=")
    if not text:
        raise DeckCodeError("Le code de deck est vide.")
    if len(text) > MAX_CODE_LENGTH:
        raise DeckCodeError(f"Le code de deck est trop long ({len(text)} caractères ; {MAX_CODE_LENGTH} au plus).")
    out = bytearray()
    buffer = bits = 0
    for position, char in enumerate(text, start=1):
        value = _VALUES.get(char)
        if value is None:
            shown = char if char.isprintable() else "?"
            raise DeckCodeError(f"Code de deck invalide (base32) : le caractère « {shown} » en position {position} "
                                "n'est pas une lettre A–Z ni un chiffre 2–7.")
        buffer = (buffer << 5) | value
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((buffer >> bits) & 0xFF)
            buffer &= (1 << bits) - 1
    return bytes(out)


def to_base32(data: bytes) -> str:
    out = []
    buffer = bits = 0
    for byte in data:
        buffer = (buffer << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(ALPHABET[(buffer >> bits) & 31])
        buffer &= (1 << bits) - 1
    if bits:
        out.append(ALPHABET[(buffer << (5 - bits)) & 31])
    return "".join(out)


# --- decoding -------------------------------------------------------------------------------------------------------

class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def u8(self, what: str) -> int:
        if self.at >= len(self.data):
            raise DeckCodeError(f"Code de deck tronqué à l'octet {self.at + 1} : il manque {what}. "
                                "Copiez le code en entier.")
        value = self.data[self.at]
        self.at += 1
        return value

    def varint(self, what: str) -> int:
        value = shift = 0
        for _ in range(MAX_VARINT_BYTES):
            byte = self.u8(what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
        raise DeckCodeError(f"Code de deck invalide à l'octet {self.at} : un nombre ({what}) est trop grand.")


def _set_and_variant(reader: _Reader, of: str, what: str) -> tuple[int, int]:
    """The set and variant bytes of a card or a group (``of``: « d'une carte », « d'un groupe »), both known."""
    set_id = reader.u8(f"l'extension {of} ({what})")
    if set_id >= len(SETS):
        raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : extension inconnue (n° {set_id}).")
    variant = reader.u8(f"la variante {of} ({what})")
    if variant >= len(VARIANTS):
        raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : variante inconnue (n° {variant}).")
    return set_id, variant


def _card(reader: _Reader, flagged: bool, what: str) -> CardRef:
    set_id, variant = _set_and_variant(reader, "d'une carte", what)
    return _number(reader, set_id, variant, flagged, what)


def _number(reader: _Reader, set_id: int, variant: int, flagged: bool, what: str) -> CardRef:
    prefix = 0
    if flagged:
        prefix = reader.u8(f"le préfixe d'un numéro de carte ({what})")
        if prefix >= len(PREFIXES):
            raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : préfixe de numéro inconnu "
                                f"(0x{prefix:02x}).")
    return CardRef(set_id, variant, prefix, reader.varint(f"un numéro de carte ({what})"))


def _groups(reader: _Reader, copies: int, flagged: bool, what: str, out: list[tuple[str, int]]) -> None:
    for _ in range(reader.varint(f"le nombre de groupes à {copies} exemplaires ({what})")):
        size = reader.varint(f"la taille d'un groupe ({what})")
        set_id, variant = _set_and_variant(reader, "d'un groupe", what)
        for _ in range(size):
            out.append((_number(reader, set_id, variant, flagged, what).code, copies))


def _fixed(reader: _Reader, ceiling: int, flagged: bool, what: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for copies in range(ceiling, 0, -1):
        _groups(reader, copies, flagged, what, out)
    return tuple(out)


def _sparse(reader: _Reader, flagged: bool, what: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for _ in range(reader.varint(f"le nombre de quantités différentes ({what})")):
        copies = reader.varint(f"une quantité d'exemplaires ({what})")
        if copies < 1:
            raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : une carte y est à 0 exemplaire.")
        _groups(reader, copies, flagged, what, out)
    return tuple(out)


def decode(code: str, known: Callable[[str], object] | None = None) -> DeckCode:
    """The deck a code carries. With ``known`` (a card code → truthy when the card exists), a code naming a card
    that does not exist is refused too, with that card's code in the message."""
    try:
        deck = _decode(to_bytes(code))
    except DeckCodeError:
        raise
    except Exception:  # a defect of this module must still reach the player as a French message, never a 500
        raise DeckCodeError("Ce code de deck est illisible.") from None
    if known is not None:
        every = [c for c, _ in deck.main] + [c for c, _ in deck.sideboard] + [deck.champion or ""]
        for card_code in [*every, *(deck.legends or ())]:
            if card_code and not known(card_code):
                raise DeckCodeError(f"Carte inconnue dans le code de deck : {card_code} n'existe pas dans la liste "
                                    "des cartes de RiftPal.")
    return deck


def _decode(data: bytes) -> DeckCode:
    reader = _Reader(data)
    first = reader.u8("le numéro de version")
    form, version = first >> 4, first & 0x0F
    if form != FORMAT:
        raise DeckCodeError(f"Ce n'est pas un code de deck Riftbound : format inconnu ({form}, attendu {FORMAT}).")
    if not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"Version de code de deck inconnue : v{version} (RiftPal lit les versions 1 à "
                            f"{MAX_VERSION}).")
    if version <= 4:
        flagged = version == 4
        main = _fixed(reader, 12, flagged, "deck principal")
        side = _fixed(reader, 3, flagged, "réserve") if version >= 2 else ()
    else:
        bit = reader.u8("le bit de préfixe")
        if bit > 1:
            raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : bit de préfixe {bit} (0 ou 1 attendu).")
        flagged = bit == 1
        main = _sparse(reader, flagged, "deck principal")
        side = _sparse(reader, flagged, "réserve")
    champion = None
    if version >= 3:
        marker = reader.u8("le champion choisi")
        if marker > 1:
            raise DeckCodeError(f"Code de deck invalide à l'octet {reader.at} : marqueur de champion {marker} "
                                "(0 ou 1 attendu).")
        if marker:
            champion = _card(reader, flagged, "champion choisi").code
    legends = None
    if version == 6:
        legends = tuple(_card(reader, flagged, "légendes supplémentaires").code
                        for _ in range(reader.varint("le nombre de légendes supplémentaires")))
    if reader.at != len(data):
        raise DeckCodeError(f"Code de deck invalide : {len(data) - reader.at} octet(s) en trop après l'octet "
                            f"{reader.at}. Le code a sans doute été modifié.")
    return DeckCode(main=main, sideboard=side, champion=champion, legends=legends, version=version)


# --- encoding -------------------------------------------------------------------------------------------------------

def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _write_number(ref: CardRef, flagged: bool) -> bytes:
    return (bytes([ref.prefix]) if flagged else b"") + _varint(ref.digits)


def _write_groups(cards: list[CardRef], flagged: bool) -> bytes:
    groups: dict[tuple[int, int], list[CardRef]] = {}
    for ref in cards:
        groups.setdefault((ref.set_id, ref.variant), []).append(ref)
    out = bytearray(_varint(len(groups)))
    for (set_id, variant), refs in sorted(groups.items()):
        out += _varint(len(refs)) + bytes([set_id, variant])
        for ref in sorted(refs, key=lambda r: r.number_key):
            out += _write_number(ref, flagged)
    return bytes(out)


def _by_count(cards: list[tuple[CardRef, int]]) -> dict[int, list[CardRef]]:
    out: dict[int, list[CardRef]] = {}
    for ref, copies in cards:
        out.setdefault(copies, []).append(ref)
    return out


def _counted(pairs: Iterable[tuple[str, int]], what: str) -> list[tuple[CardRef, int]]:
    out = []
    for code, copies in pairs:
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise DeckCodeError(f"Quantité invalide pour {code} ({what}) : un nombre entier d'au moins 1 est attendu.")
        out.append((parse_card_code(code), copies))
    return out


def encode(main: Iterable[tuple[str, int]], sideboard: Iterable[tuple[str, int]] = (), champion: str | None = None,
           legends: Iterable[str] | None = None, version: int | None = None) -> str:
    """The code of a deck, as the reference encoder writes it (version 6 with additional legends, 5 for high counts
    or ``SP`` cards, 4 for ``R`` cards, else 3). ``version`` forces 3–6 when the deck fits in it."""
    main_cards = _counted(main, "deck principal")
    side_cards = _counted(sideboard, "réserve")
    champion_ref = parse_card_code(champion) if champion else None
    legend_refs = [parse_card_code(code) for code in legends] if legends is not None else None
    every = [ref for ref, _ in main_cards + side_cards] + ([champion_ref] if champion_ref else [])
    every += legend_refs or []
    high = any(c > 12 for _, c in main_cards) or any(c > 3 for _, c in side_cards)
    special = any(ref.prefix == 2 for ref in every)
    if version is None:
        version = 6 if legend_refs else 5 if high or special else 4 if any(r.prefix for r in every) else 3
    if version not in (3, 4, 5, 6):
        raise DeckCodeError(f"Version de code de deck impossible à écrire : v{version} (3 à 6).")
    if version < 6 and legend_refs:
        raise DeckCodeError("Seule la version 6 d'un code de deck peut porter des légendes supplémentaires.")
    if version <= 4 and (high or special or (version == 3 and any(r.prefix for r in every))):
        raise DeckCodeError(f"Ce deck ne tient pas dans un code v{version}.")
    out = bytearray([(FORMAT << 4) | version])
    if version <= 4:
        flagged = version == 4
        for cards, ceiling in ((main_cards, 12), (side_cards, 3)):
            counts = _by_count(cards)
            for copies in range(ceiling, 0, -1):
                out += _write_groups(counts.get(copies, []), flagged)
    else:
        flagged = any(ref.prefix for ref in every)
        out.append(int(flagged))
        for cards in (main_cards, side_cards):
            counts = _by_count(cards)
            out += _varint(len(counts))
            for copies in sorted(counts, reverse=True):
                out += _varint(copies) + _write_groups(counts[copies], flagged)
    out.append(1 if champion_ref else 0)
    if champion_ref:
        out += bytes([champion_ref.set_id, champion_ref.variant]) + _write_number(champion_ref, flagged)
    if version == 6:
        refs = legend_refs or []
        out += _varint(len(refs))
        for ref in refs:
            out += bytes([ref.set_id, ref.variant]) + _write_number(ref, flagged)
    return to_base32(bytes(out))
