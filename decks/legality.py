"""Is this deck legal? The deck-building rules of the Core Rules of 2026-10-09 (R. 101–103, 825, 487–491), the
sideboard rules of the Tournament Rules of 2026-10-09 (601.1.c), and what some cards change in them: Unique (R. 825),
« any number of cards named Spiderling », Neeko's three additional legends (R. 103.1). Plain Python, no Django.

Every problem names its rule; a deck with none is « deck conforme ». What the rules leave open, or what a deck code
cannot say (which champion was chosen, when the code does not carry it), is a note, not a problem.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from cards.catalog import catalog, name_key

from .deck import MAIN_TYPES, Deck, Entry

MIN_MAIN = 40  # R. 103.3
TOURNAMENT_MAIN = 40  # Tournament Rules 601.1.b: exactly 40
MAX_COPIES = 3  # R. 103.3.b
MAX_SIGNATURES = 3  # R. 103.3.d.1
RUNES = 12  # R. 103.4.a
BATTLEFIELDS = 3  # R. 487.4.a, 488.4.a (and 489–491): each player brings three
MAX_SIDEBOARD = 10  # Tournament Rules 601.1.c.1
NEEKO_LEGENDS = 3
NEUTRAL = "Colorless"
TOURNAMENT = "TR"  # a number of the Tournament Rules, not of the Core Rules


@dataclass(frozen=True)
class Finding:
    rule: str
    message: str
    tournament: bool = False  # the rule is a Tournament Rule (no section of /regles/ explains it)


@dataclass
class Report:
    problems: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def verdict(self) -> str:
        if self.legal:
            return "deck conforme"
        count = len(self.problems)
        return f"{count} problème{'s' if count > 1 else ''} de construction"


def _names(entries: list[Entry]) -> str:
    return ", ".join(f"{e.name} ({e.code})" for e in entries)


def _domains(card: dict) -> set[str]:
    return {d for d in card.get("domains") or [] if d != NEUTRAL}


def _has(card: dict, keyword: str) -> bool:
    return keyword in (card.get("keywords") or []) or keyword in (card.get("keywords_mentioned") or [])


def _any_number(card: dict) -> bool:
    """A card whose text lifts the three-copy limit for its own name (« Your deck can have any number of cards
    named Spiderling »)."""
    return f"any number of cards named {card['name']}".lower() in (card.get("text") or "").lower()


def _neeko(card: dict) -> bool:
    return "choose 3 different legends" in (card.get("text") or "")


@lru_cache(maxsize=1)
def _champion_names() -> frozenset[str]:
    """Every champion's name as tags write it: the part before the comma of a champion unit's name."""
    return frozenset(card["name"].split(",")[0].strip() for card in catalog().cards.values()
                     if card.get("supertype") == "Champion" and card["type"] == "Unit")


def champion_tags(deck: Deck) -> set[str]:
    """The legend's champion tag: its tags that name a champion (R. 103.3.a.2), « Kennen » and not « Yordle »."""
    if deck.legend is None:
        return set()
    return set(deck.legend.card.get("tags") or []) & _champion_names()


def eligible_champions(deck: Deck) -> list[Entry]:
    tags = champion_tags(deck)
    return [e for e in deck.main if e.type == "Unit" and e.card.get("supertype") == "Champion"
            and tags & set(e.card.get("tags") or [])]


def check(deck: Deck) -> Report:
    report = Report()
    _legend(deck, report)
    _main(deck, report)
    _copies(deck, report)
    _identity(deck, report)
    _champion(deck, report)
    _signatures(deck, report)
    _runes(deck, report)
    _battlefields(deck, report)
    _sideboard(deck, report)
    return report


def _legend(deck: Deck, report: Report) -> None:
    if deck.legend is None:
        report.problems.append(Finding("103.2", "Il manque la légende de champion : un deck en a exactement une, "
                                                "et ses domaines fixent l'identité du deck."))
        return
    if deck.legend.count > 1:
        report.problems.append(Finding("103.2", f"La légende {deck.legend.name} est comptée {deck.legend.count} "
                                                "fois : un deck n'a qu'une légende de champion."))
    has_neeko = any(_neeko(e.card) for e in deck.main + deck.sideboard)
    extra = deck.extra_legends
    if extra and not has_neeko:
        report.problems.append(Finding("103.2", f"Plusieurs légendes : {_names([deck.legend, *extra])}. Un deck n'a "
                                                "qu'une légende de champion, sauf si une de ses cartes lui en fait "
                                                "choisir d'autres."))
    if has_neeko:
        names = [name_key(e.name) for e in [deck.legend, *extra]]
        if len(extra) != NEEKO_LEGENDS or len(set(names)) != len(names):
            report.problems.append(Finding(
                "103.1", f"Neeko est dans le deck : son texte fait choisir, en construisant le deck, 3 légendes de "
                         f"noms différents en plus de la légende de départ ; ce deck en nomme {len(extra)}"
                         + (" dont deux du même nom." if len(set(names)) != len(names) else ".")))
        else:
            report.notes.append(Finding("103.1", "Neeko : les 3 légendes supplémentaires sont choisies. Les règles ne "
                                                 "disent pas que leurs domaines entrent dans l'identité du deck : "
                                                 "seule la légende de départ la fixe (R. 103.2.b.2)."))


def _main(deck: Deck, report: Report) -> None:
    total = deck.main_count
    if total < MIN_MAIN:
        report.problems.append(Finding("103.3", f"Le deck principal compte {total} carte{'s' if total > 1 else ''} "
                                                f"(champion choisi compris) : il en faut au moins {MIN_MAIN}."))
    elif total > TOURNAMENT_MAIN:
        report.notes.append(Finding("601.1.b", f"{total} cartes : permis par les règles de base, mais en tournoi le "
                                               f"deck principal compte exactement {TOURNAMENT_MAIN} cartes.",
                                    tournament=True))
    wrong = [e for e in deck.main if e.type not in MAIN_TYPES]
    if wrong:
        report.problems.append(Finding("103.3", "Le deck principal ne contient que des unités, des équipements et "
                                                f"des sorts ; ces cartes n'y ont pas leur place : {_names(wrong)}."))


def _copies(deck: Deck, report: Report) -> None:
    # Copies are counted by name, across printings, main deck and sideboard together (R. 103.3.b, TR 601.1.c.3).
    counts: Counter[str] = Counter()
    first: dict[str, Entry] = {}
    for entry in deck.main + deck.sideboard:
        key = name_key(entry.name)
        counts[key] += entry.count
        first.setdefault(key, entry)
    side = " (réserve comprise)" if deck.sideboard else ""
    for key, count in counts.items():
        entry = first[key]
        if _has(entry.card, "Unique") and "[Unique]" in (entry.card.get("text") or "") and count > 1:
            report.problems.append(Finding("825.3.a", f"{entry.name} a Unique : une seule carte de ce nom par deck, "
                                                      f"et ce deck en compte {count}{side}."))
        elif count > MAX_COPIES and not _any_number(entry.card):
            report.problems.append(Finding("103.3.b", f"{count} exemplaires de {entry.name}{side} : trois au plus "
                                                      "par nom, champion choisi compris."))


def _outside(entries: list[Entry], allowed: set[str]) -> list[Entry]:
    return [e for e in entries if not _domains(e.card) <= allowed]


def _identity(deck: Deck, report: Report) -> None:
    if deck.legend is None:
        return
    allowed = _domains(deck.legend.card)
    shown = " et ".join(sorted(allowed)) or "aucun domaine"
    for entries, rule, where in ((deck.main, "103.2.b.4", "du deck principal"), (deck.runes, "103.4.a.1", "runes"),
                                 (deck.battlefields, "103.5.b", "champs de bataille")):
        wrong = _outside(entries, allowed)
        if wrong:
            report.problems.append(Finding(rule, f"Identité de domaine ({shown}, les domaines de la légende) : "
                                                 f"ces cartes {where} ont un domaine hors de l'identité : "
                                                 f"{_names(wrong)}."))


def _champion(deck: Deck, report: Report) -> None:
    if deck.legend is None:
        return
    eligible = eligible_champions(deck)
    chosen = deck.champion
    if chosen is None:
        if eligible:
            names = " ou ".join(dict.fromkeys(e.name for e in eligible))
            report.notes.append(Finding("103.3.a", f"La liste ne dit pas quel champion est choisi ; {names} peut "
                                                   "l'être. Le champion choisi est posé dans la zone des champions "
                                                   "au début de la partie."))
        else:
            report.problems.append(Finding("103.3.a.2", "Aucune unité du deck ne peut être le champion choisi : il "
                                                        "faut une unité champion qui porte le tag de champion de la "
                                                        f"légende ({', '.join(sorted(champion_tags(deck)))})."))
        return
    card = chosen.card
    if card["type"] != "Unit" or card.get("supertype") != "Champion":
        what = "une carte Signature" if card.get("supertype") == "Signature" else "pas une unité champion"
        report.problems.append(Finding("103.3.a.2", f"{chosen.name} ne peut pas être le champion choisi : c'est "
                                                    f"{what}."))
    elif not champion_tags(deck) & set(card.get("tags") or []):
        report.problems.append(Finding("103.3.a.2", f"{chosen.name} ne porte pas le tag de champion de la légende "
                                                    f"({', '.join(sorted(champion_tags(deck)))})."))
    if not any(name_key(e.name) == name_key(chosen.name) for e in deck.main):
        report.problems.append(Finding("103.3", f"Le champion choisi, {chosen.name}, fait partie du deck principal : "
                                                "son exemplaire doit y être compté."))


def _signatures(deck: Deck, report: Report) -> None:
    signatures = [e for e in deck.main + deck.sideboard if e.card.get("supertype") == "Signature"]
    total = sum(e.count for e in signatures)
    if total > MAX_SIGNATURES:
        report.problems.append(Finding("103.3.d.1", f"{total} cartes Signature : trois au plus, tous noms "
                                                    "confondus."))
    tags = champion_tags(deck)
    foreign = [e for e in signatures if not tags & set(e.card.get("tags") or [])]
    if foreign and deck.legend is not None:
        report.problems.append(Finding("103.3.d.2", "Ces cartes Signature ne portent pas le tag de champion de la "
                                                    f"légende ({', '.join(sorted(tags))}) : {_names(foreign)}."))


def _runes(deck: Deck, report: Report) -> None:
    if deck.rune_count != RUNES:
        report.problems.append(Finding("103.4.a", f"Le deck de runes compte {deck.rune_count} rune"
                                                  f"{'s' if deck.rune_count > 1 else ''} : il en faut exactement "
                                                  f"{RUNES}."))


def _battlefields(deck: Deck, report: Report) -> None:
    count = sum(e.count for e in deck.battlefields)
    if count != BATTLEFIELDS:
        report.problems.append(Finding("487.4.a", f"{count} champ{'s' if count > 1 else ''} de bataille : chaque "
                                                  f"joueur en apporte {BATTLEFIELDS} (tous les modes officiels, "
                                                  "R. 487 à 491)."))
    names = Counter(name_key(e.name) for e in deck.battlefields for _ in range(e.count))
    repeated = [e for e in deck.battlefields if names[name_key(e.name)] > 1]
    if repeated:
        report.problems.append(Finding("103.5.c", f"Deux champs de bataille du même nom : {_names(repeated[:1])}."))


def _sideboard(deck: Deck, report: Report) -> None:
    if not deck.sideboard:
        return
    if deck.sideboard_count > MAX_SIDEBOARD:
        report.problems.append(Finding("601.1.c.1", f"La réserve compte {deck.sideboard_count} cartes : "
                                                    f"{MAX_SIDEBOARD} au plus.", tournament=True))
    wrong = [e for e in deck.sideboard if e.type not in MAIN_TYPES]
    if deck.legend is not None:
        allowed = _domains(deck.legend.card)
        wrong += [e for e in _outside(deck.sideboard, allowed) if e not in wrong]
    if wrong:
        report.problems.append(Finding("601.1.c.2", "La réserve ne contient que des cartes permises dans le deck "
                                                    f"principal ; celles-ci ne le sont pas : {_names(wrong)}.",
                                       tournament=True))
