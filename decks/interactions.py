"""Interactions inside a deck, found from the card data, never written per deck (plain Python, no Django).

Each detector looks at the deck's cards (keywords, types, text) and, when two parts of the deck meet, gives an
``Interaction``: the cards involved, what to watch in our words, the rules, and, where the engine models it, a
situation built from the cards' own data (name, Might, cost, keywords) that the engine plays, with one question
the engine answers (« Prédis, puis regarde »). A card text the engine does not model is never guessed: the
situation keeps only what the card data says (a keyword, a Might, a cost), and says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.stored import StoredResult
from engine.vocab import Event, Keyword

from .deck import Deck, Entry
from .keywords import keywords_of

DOMAIN_FR = {"Fury": "Fureur", "Calm": "Calme", "Mind": "Esprit", "Body": "Corps", "Chaos": "Chaos",
             "Order": "Ordre"}
CHEAP = 2  # an Energy cost a deck can add to a turn to switch Legion on
_SACRIFICE = re.compile(r"kill (a|another|any number of) friendly unit|recall|return a friendly unit|instead", re.I)
_XP_GAIN = re.compile(r"gain (\d+) XP", re.I)
_TARGETS_OWN = re.compile(r"\b(a friendly unit|a unit|your units?|a unit you control)\b", re.I)
_MIGHT_BONUS = re.compile(r"\+(\d+) \[M\]")


EXAMPLES_OF = {
    "cache": ("cache-puis-jouee-sans-cout", "sort-cache-en-reaction", "carte-cachee-perdue-avec-le-champ"),
    "agonie": ("agonie-en-combat",),
    "acceleration": ("acceleration-payee", "acceleration", "acceleration-cout-ignore"),
    "legion": ("niveau-et-legion",),
    "niveau": ("niveau-et-legion", "sequence-xp"),
    "equiper": ("equiper-serrated-dirk", "boots-of-swiftness"),
    "protection": ("protection-cout-supplementaire",),
    "combat": ("combat-assaut-contre-bouclier", "combat-tank-et-arriere-ligne"),
}


@dataclass(frozen=True)
class Question:
    prompt: str
    kind: str  # "number" or "yesno"
    query: int = -1  # which engine query answers it (index in the result's ``queries``), -1: see ``event``
    event: Event | None = None  # or: an event whose presence is the answer (yes/no)
    field: str = ""  # or: a field of that event (a number)


@dataclass
class Interaction:
    slug: str
    title: str
    cards: list[Entry]
    partners: list[Entry]
    explanation: str
    rules: list[str]
    scenario: dict | None = None
    question: Question | None = None
    limits: str = ""  # what the engine's situation leaves out of the cards' text

    @property
    def examples(self) -> tuple[str, ...]:
        """The site's worked examples on the same rules (their slugs), to read after this deck's situation."""
        return EXAMPLES_OF.get(self.slug, ())


def _has(entry: Entry, keyword: str) -> bool:
    return keyword in keywords_of(entry.card)


def _units(deck: Deck) -> list[Entry]:
    return [e for e in deck.main if e.type == "Unit"]


def _might(entry: Entry, default: int = 2) -> int:
    value = entry.card.get("might")
    return value if isinstance(value, int) and value >= 0 else default


def _energy(entry: Entry) -> int:
    value = entry.card.get("energy")
    return value if isinstance(value, int) and value >= 0 else 0


def _domain(entry: Entry) -> str | None:
    domains = [d for d in entry.card.get("domains") or [] if d in DOMAIN_FR]
    return DOMAIN_FR[domains[0]] if domains else None


def _players(**first) -> list[dict]:
    return [{"id": "p1", "name": "Joueuse A", **first}, {"id": "p2", "name": "Joueur B"}]


def _base(title: str, description: str, topic: str) -> dict:
    return {"title": title, "description": description, "topic": topic}


def _number(keyword_text: str, keyword: str) -> int:
    found = re.search(rf"\[{keyword} (\d+)\]", keyword_text)
    return int(found.group(1)) if found else 1


# --- detectors ------------------------------------------------------------------------------------------------------

def hidden(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in deck.main if _has(e, "Hidden")]
    if not cards:
        return
    reactions = [e for e in deck.main if _has(e, "Reaction") and e not in cards]
    # A unit is played from face down, a spell is cast from it; the engine has no model for other hidden cards.
    card = next((e for e in cards if e.type == "Unit"), None) or next((e for e in cards if e.type == "Spell"), None)
    if card is None:
        return
    is_unit = card.type == "Unit"
    cost = _energy(card)
    obj = {"id": "carte", "name": card.name, "keywords": [Keyword.CACHE], "zone": "hand", "controller": "p1",
           "cost": cost}
    if is_unit:
        obj["printed_power"] = _might(card)
    else:
        obj["type"] = "spell"
    actions: list[dict] = [{"do": "hide", "object": "carte", "to": "champ"}, {"do": "end_turn"},
                           {"do": "start_turn"}, {"do": "end_turn"}, {"do": "start_turn"}]
    if is_unit:
        actions.append({"do": "play_unit", "object": "carte"})
    else:
        actions.append({"do": "cast", "player": "p1", "label": card.name, "hidden": "carte", "cost": cost,
                        "steps": [{"do": "query", "ask": "points", "player": "p1"}]})
    scenario = {**_base(f"{card.name} cachée, puis jouée", f"Tu caches {card.name} sur un champ de bataille que "
                        "tu contrôles, et tu la joues à un tour suivant.", "deplacement"),
                "players": _players(essence=["Calme"]),
                "objects": [{"id": "champ", "name": "Champ de bataille", "type": "battlefield", "controller": "p1"},
                            {"id": "gardien", "name": "Ton unité", "printed_power": 2, "zone": "battlefield",
                             "controller": "p1"}, obj],
                "actions": actions}
    yield Interaction(
        "cache", "Caché : cacher maintenant, jouer plus tard", cards, reactions,
        "Cacher une carte coûte une essence de n'importe quel domaine, pendant ton tour, sur un champ de bataille "
        "que tu contrôles. À partir du tour suivant, tu la joues depuis sa face cachée sans son coût de base, "
        "même pendant le tour adverse, comme une Réaction ; si tu perds le champ, la carte cachée est perdue."
        + (" Tes cartes à Réaction se jouent elles aussi sur la chaîne ouverte : c'est là que tout se règle."
           if reactions else ""),
        ["811", "422", "325"], scenario,
        Question(f"Combien d'Énergie paies-tu pour jouer {card.name} depuis sa face cachée ?", "number",
                 event=Event.COST_PAID, field="energy"),
        limits="Seuls le coût et Caché viennent de la carte ; le reste de son texte n'est pas joué ici.")


def deathknell(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in _units(deck) if _has(e, "Deathknell")]
    if not cards:
        return
    partners = [e for e in deck.main if e not in cards and _SACRIFICE.search(e.card.get("text") or "")]
    card = cards[0]
    might = _might(card)
    scenario = {**_base(f"L'Agonie de {card.name}", f"{card.name} défend un champ de bataille contre une unité "
                        "plus forte et meurt au combat.", "combat"),
                "players": _players(),
                "objects": [{"id": "champ", "name": "Champ de bataille", "type": "battlefield", "controller": "p1"},
                            {"id": "carte", "name": card.name, "printed_power": might, "keywords": [Keyword.AGONIE],
                             "zone": "battlefield", "controller": "p1"},
                            {"id": "adverse", "name": "Unité adverse", "printed_power": might + 2, "zone": "base",
                             "controller": "p2"}],
                "effects": [{"id": "agonie", "label": f"Agonie de {card.name}", "kind": "triggered", "when": "died",
                             "subject": "self", "source": "carte"}],
                "turn_player": "p2",
                "actions": [{"do": "standard_move", "objects": ["adverse"], "to": "champ"}]}
    yield Interaction(
        "agonie", "Agonie : la mort qui rapporte", cards, partners,
        "Une compétence d'Agonie se déclenche quand l'unité meurt, même si elle a déjà quitté le plateau : elle va "
        "sur la chaîne après le nettoyage. Un remplacement qui l'empêche de mourir (un rappel à la base, par "
        "exemple) l'empêche aussi de se déclencher."
        + (" Tes cartes qui tuent ou rappellent tes propres unités décident du moment où elle part." if partners
           else ""),
        ["808", "382", "367"], scenario,
        Question(f"{card.name} meurt en défendant : son Agonie se déclenche-t-elle ?", "yesno", event=Event.TRIGGERED),
        limits="L'effet de l'Agonie n'est pas joué : le moteur montre quand elle se déclenche.")


def accelerate(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in _units(deck) if _has(e, "Accelerate") and _domain(e)]
    if not cards:
        return
    card = min(cards, key=_energy)
    cost, domain = _energy(card), _domain(card)
    scenario = {**_base(f"{card.name} accélérée", f"Tu joues {card.name} en payant Accélération, puis la "
                        "déplacez aussitôt vers un champ de bataille vide.", "deplacement"),
                "players": _players(energy=cost + 1, essence=[domain]),
                "objects": [{"id": "champ", "name": "Champ de bataille", "type": "battlefield"},
                            {"id": "carte", "name": card.name, "printed_power": _might(card), "cost": cost,
                             "domains": [domain], "keywords": [Keyword.ACCELERATION], "zone": "hand",
                             "controller": "p1"}],
                "actions": [{"do": "play_unit", "object": "carte", "accelerate": True},
                            {"do": "standard_move", "objects": ["carte"], "to": "champ"}]}
    yield Interaction(
        "acceleration", "Accélération : arriver prête", cards, [],
        "Accélération est un coût supplémentaire facultatif : 1 Énergie et une essence d'un domaine de l'unité, "
        "payés en la jouant. L'unité entre alors prête et peut se déplacer ou attaquer dès ce tour.",
        ["805", "356"], scenario,
        Question(f"{card.name} coûte {cost} : combien d'Énergie paies-tu en tout en l'accélérant ?", "number",
                 event=Event.COST_PAID, field="energy"),
        limits="Le coût en Puissance de la carte n'est pas compté ici : seule l'essence d'Accélération l'est.")


def legion(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in deck.main if _has(e, "Legion")]
    enablers = [e for e in deck.main if e not in cards and _energy(e) <= CHEAP]
    if not cards or not enablers:
        return
    card, enabler = cards[0], min(enablers, key=_energy)
    scenario = {**_base(f"La Légion de {card.name}", f"Tu joues {enabler.name}, puis tu regardes si la Légion de "
                        f"{card.name} est remplie.", "niveau-xp"),
                "players": _players(),
                "objects": [{"id": "carte", "name": card.name, "printed_power": _might(card), "zone": "base",
                             "controller": "p1"}],
                "effects": [{"id": "legion", "label": f"Légion de {card.name}", "kind": "increase", "value": 0,
                             "source": "carte", "target": "source", "condition": {"legion": True}, "since": 1}],
                "actions": [{"do": "query", "ask": "active", "effect": "legion"},
                            {"do": "play_card", "player": "p1"},
                            {"do": "query", "ask": "active", "effect": "legion"},
                            {"do": "end_turn"},
                            {"do": "query", "ask": "active", "effect": "legion"}]}
    yield Interaction(
        "legion", "Légion et les cartes bon marché", cards, enablers[:6],
        "Légion demande d'avoir déjà joué une autre carte ce tour-ci. Tes cartes qui coûtent 2 Énergie ou moins "
        "l'allument sans vider ta Réserve ; la condition retombe à la fin du tour.",
        ["812"], scenario,
        Question(f"Après {enabler.name}, la Légion de {card.name} est-elle remplie ?", "yesno", query=1),
        limits="Le moteur montre quand la condition de Légion est remplie ; ce qu'elle donne est dans le texte de "
               "la carte et n'est pas joué ici.")


def level(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in deck.main + ([deck.legend] if deck.legend else []) if _has(e, "Level")]
    sources = [e for e in deck.main if e not in cards and (_has(e, "Hunt") or _XP_GAIN.search(e.card.get("text")
                                                                                                or ""))]
    if not cards or not sources:
        return
    card = cards[0]
    threshold = _number(card.card.get("text") or "", "Level") if "[Level" in (card.card.get("text") or "") else 3
    gained = _XP_GAIN.search(sources[0].card.get("text") or "")
    gain = int(gained.group(1)) if gained else _number(sources[0].card.get("text") or "", "Hunt")
    scenario = {**_base(f"Le Niveau {threshold} de {card.name}", f"{sources[0].name} te fait gagner {gain} XP.",
                        "niveau-xp"),
                "players": _players(xp=max(threshold - gain, 0)),
                "objects": [{"id": "carte", "name": card.name, "printed_power": _might(card), "zone": "base",
                             "controller": "p1"}],
                "effects": [{"id": "niveau", "label": f"Niveau {threshold} de {card.name}", "kind": "increase",
                             "value": 0, "source": "carte", "target": "source", "condition": {"level": threshold},
                             "since": 1}],
                "actions": [{"do": "query", "ask": "active", "effect": "niveau"},
                            {"do": "resolve", "label": sources[0].name,
                             "steps": [{"do": "gain_xp", "player": "p1", "amount": gain}]},
                            {"do": "query", "ask": "active", "effect": "niveau"}]}
    yield Interaction(
        "niveau", "Niveau et tes sources d'XP", cards, sources[:6],
        "Une capacité de Niveau ne joue que tant que ton total d'XP atteint son seuil. Chaque carte qui te "
        "donne de l'XP la rapproche ; dépenser de l'XP peut la faire retomber.",
        ["824", "823"], scenario,
        Question(f"Après {sources[0].name}, le Niveau {threshold} de {card.name} est-il atteint ?", "yesno", query=1),
        limits="Le moteur montre quand le seuil de Niveau est atteint ; ce qu'il donne est dans le texte de la "
               "carte et n'est pas joué ici.")


def equip(deck: Deck) -> Iterator[Interaction]:
    gear = [e for e in deck.main if e.type == "Gear" and _has(e, "Equip")]
    masters = [e for e in _units(deck) if _has(e, "Weaponmaster")]
    if not gear:
        return
    units = masters or _units(deck)
    if not units:
        return
    item, unit = gear[0], units[0]
    bonus = item.card.get("might")
    found = _MIGHT_BONUS.search(item.card.get("effect_text") or "")
    bonus = bonus if isinstance(bonus, int) else int(found.group(1)) if found else None
    scenario = question = None
    if bonus is not None:
        scenario = {**_base(f"{item.name} sur {unit.name}", f"Tu équipes {unit.name} de {item.name}.", "couches"),
                    "players": _players(),
                    "objects": [{"id": "unite", "name": unit.name, "printed_power": _might(unit), "zone": "base",
                                 "controller": "p1"},
                                {"id": "equipement", "name": item.name, "type": "gear", "zone": "base",
                                 "controller": "p1"}],
                    "effects": [{"id": "bonus", "label": f"Bonus de {item.name}", "kind": "increase", "value": bonus,
                                 "source": "equipement", "target": "attached", "since": 1}],
                    "actions": [{"do": "query", "ask": "power", "object": "unite"},
                                {"do": "attach", "object": "equipement", "to": "unite"},
                                {"do": "query", "ask": "power", "object": "unite"}]}
        question = Question(f"Quelle est la Puissance de {unit.name} une fois {item.name} équipé ?", "number",
                            query=1)
    yield Interaction(
        "equiper", "Équipements et Expert en armes" if masters else "Équiper tes unités", gear, units[:6],
        "Équiper est une compétence activée de l'équipement : tu paies son coût pour l'équiper à une unité que "
        "tu contrôles, et ce qu'il donne suit cette unité. "
        + ("Quand tu joues l'unité, Expert en armes te laisse lui équiper un de tes objets en payant son coût "
           "d'Équiper moins une essence de n'importe quel domaine, même s'il est déjà équipé ailleurs."
           if masters else "Si l'unité quitte le plateau, l'équipement reste, déséquipé."),
        ["818", "821", "435", "436"] if masters else ["818", "435", "436"], scenario, question,
        limits="" if scenario else "Le bonus de Puissance de ces équipements n'est pas dans nos données : le moteur "
                                   "ne le joue pas.")


def deflect(deck: Deck) -> Iterator[Interaction]:
    cards = [e for e in _units(deck) if _has(e, "Deflect")]
    spells = [e for e in deck.main if e.type == "Spell" and _TARGETS_OWN.search(e.card.get("text") or "")]
    if not cards or not spells:
        return
    card, spell = cards[0], min(spells, key=_energy)
    amount = _number(card.card.get("text") or "", "Deflect")
    cost = _energy(spell)
    scenario = {**_base(f"Viser ton {card.name}", f"Tu joues {spell.name} sur ton propre {card.name}.",
                        "chaine"),
                "players": _players(energy=cost),
                "objects": [{"id": "carte", "name": card.name, "printed_power": _might(card),
                             "keywords": [f"{Keyword.PROTECTION} {amount}"], "zone": "base", "controller": "p1"}],
                "actions": [{"do": "cast", "player": "p1", "label": spell.name, "cost": cost, "target": "carte",
                             "steps": [{"do": "query", "ask": "power", "object": "carte"}]}]}
    yield Interaction(
        "protection", "Protection contre tes propres sorts", cards, spells[:6],
        "Protection ne taxe que les adversaires : eux paient une essence de plus pour choisir l'unité avec un sort "
        "ou une compétence. Tes propres sorts la visent au prix normal.",
        ["809"], scenario,
        Question(f"Tu joues {spell.name} sur ton {card.name} : combien d'essence runique paies-tu en plus ?",
                 "number", event=Event.COST_PAID, field="essence"),
        limits=f"L'effet de {spell.name} n'est pas joué : seul son coût compte ici.")


def combat(deck: Deck) -> Iterator[Interaction]:
    attackers = [e for e in _units(deck) if _has(e, "Assault")]
    defenders = [e for e in _units(deck) if _has(e, "Shield") or _has(e, "Tank")]
    if not attackers and not defenders:
        return
    attacker = attackers[0] if attackers else None
    defender = defenders[0] if defenders else None
    a_kw = [f"{Keyword.ASSAUT} {_number(attacker.card.get('text') or '', 'Assault')}"] if attacker else []
    d_kw = []
    if defender and _has(defender, "Shield"):
        d_kw.append(f"{Keyword.BOUCLIER} {_number(defender.card.get('text') or '', 'Shield')}")
    if defender and _has(defender, "Tank"):
        d_kw.append(Keyword.TANK)
    a_name = attacker.name if attacker else "Unité adverse"
    d_name = defender.name if defender else "Unité adverse"
    a_might = _might(attacker) if attacker else 3
    d_might = _might(defender) if defender else 3
    scenario = {**_base(f"{a_name} contre {d_name}", f"{a_name} attaque un champ de bataille que défend {d_name}.",
                        "combat"),
                "players": _players(),
                "objects": [{"id": "champ", "name": "Champ de bataille", "type": "battlefield", "controller": "p2"},
                            {"id": "attaquant", "name": a_name, "printed_power": a_might, "keywords": a_kw,
                             "zone": "base", "controller": "p1"},
                            {"id": "defenseur", "name": d_name, "printed_power": d_might, "keywords": d_kw,
                             "zone": "battlefield", "controller": "p2"}],
                "actions": [{"do": "query", "ask": "power", "object": "attaquant"},
                            {"do": "standard_move", "objects": ["attaquant"], "to": "champ"},
                            {"do": "query", "ask": "power", "object": "attaquant"}]}
    shown = [e for e in (attacker, defender) if e]
    yield Interaction(
        "combat", "Assaut, Bouclier et Tank au combat", shown, [],
        "Assaut ajoute sa valeur à la Puissance d'une unité seulement tant qu'elle attaque, Bouclier seulement "
        "tant qu'elle défend. Tank oblige l'adversaire à lui attribuer des dégâts mortels avant les autres "
        "unités.",
        ["807", "814", "815", "461"], scenario,
        Question(f"Quelle Puissance compte {a_name} une fois en attaque ?", "number", query=1),
        limits="Face à la carte du deck, l'autre camp est une unité sans texte quand le deck n'en fournit pas.")


DETECTORS: tuple[Callable[[Deck], Iterator[Interaction]], ...] = (
    legion, level, equip, deathknell, deflect, hidden, combat, accelerate)


def found(deck: Deck) -> list[Interaction]:
    """Every interaction of the deck, in a fixed order (the rarer, more specific ones first)."""
    return [item for detector in DETECTORS for item in detector(deck)]


def by_slug(deck: Deck, slug: str) -> Interaction | None:
    return next((item for item in found(deck) if item.slug == slug), None)


def answer(question: Question, result: StoredResult | dict) -> object:
    """The right answer to a question, read from the engine's result (never written down)."""
    main = StoredResult.from_dict(result, states=False).main
    if question.query >= 0:
        return main.queries[question.query].value if question.query < len(main.queries) else None
    events = [e for e in main.events if e.type == question.event]
    if question.kind == "yesno":
        return bool(events)
    if not events:
        return None
    value = events[-1].get(question.field)
    if isinstance(value, dict):  # essence by domain
        return sum(value.values())
    return value
