"""Real cards in a scenario: an object naming a card (``card: OGN-001``) takes its name, type, Might, costs, domains,
tags, keywords (with their numbers) and keyword costs from the card data handed to the engine — a dict of card
records keyed by ``id`` (``cards/data/cards.json``, read by ``python -m engine`` from a file, or by the caller).

The card's other abilities stay written in the scenario's effect language.  What the scenario writes beside
``card`` must agree with the card: a different value is refused, so a worked example cannot misprint a real card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from . import keywords
from .errors import ScenarioError

TYPES = {"Unit": "unit", "Spell": "spell", "Gear": "gear", "Battlefield": "battlefield", "Rune": "rune"}
# The domains as the official French rules name them (R. 164.1 of the French v1.4).
DOMAINS = {"Fury": "Fureur", "Calm": "Calme", "Mind": "Esprit", "Body": "Corps", "Chaos": "Chaos", "Order": "Ordre"}
# Power symbols of the text shorthand (R. 134.2 / 135.2.e); « A » is a Power of any domain.
SYMBOLS = {"R": "Fureur", "G": "Calme", "B": "Esprit", "O": "Corps", "P": "Chaos", "Y": "Ordre", "A": "A"}
_COST = re.compile(r"\[(Equip|Repeat|Flow|Empower)\]((?:\s*\[[0-9A-Z]\])+)")
# « [Equip] — [Y], Kill a friendly unit (…) »: a cost after a dash, up to the reminder text or the sentence's end
_DASH_COST = re.compile(r"\[(Equip|Repeat|Empower)\]\s*—\s*([^(]+?)\.?\s*(?:\(|$)")
# The costs that are not resources (R. 357.2), as the cards word them -> (kind, amount group or fixed amount)
OTHER_COSTS = (
    (re.compile(r"\[E\]"), "exhaust_this", 1),  # the exhaust symbol: « exhaust this » (R. 415.5)
    (re.compile(r"exhaust a friendly unit", re.I), "exhaust_friendly", 1),  # R. 415.4
    (re.compile(r"discard a spell", re.I), "discard_spell", 1),  # R. 423.3
    (re.compile(r"discard (\d+)", re.I), "discard", None),  # R. 423.3
    (re.compile(r"kill a friendly unit", re.I), "kill_friendly", 1),  # R. 429.1.a.1
    (re.compile(r"recycle (\d+) cards? from your trash", re.I), "recycle_trash", None),  # R. 417.3
    (re.compile(r"spend (\d+) XP", re.I), "spend_xp", None),  # R. 730.2
)
OTHER_KINDS = tuple(kind for _, kind, _ in OTHER_COSTS)


def _resources(symbols: str) -> dict:
    """« [1][R] » → {"energy": 1, "power": ["Fureur"]}."""
    energy, power = 0, []
    for sym in re.findall(r"\[([0-9A-Z])\]", symbols):
        if sym.isdigit():
            energy += int(sym)
        elif sym in SYMBOLS:
            power.append(SYMBOLS[sym])
    return {"energy": energy, "power": power}


def _part(text: str) -> dict | None:
    """One part of a cost: resources (« [Y] »), or one cost that is not a resource; None when unknown."""
    text = text.strip()
    if re.fullmatch(r"(?:\s*\[[0-9A-DF-Z]\])+", text):
        return _resources(text)
    for rx, kind, fixed in OTHER_COSTS:
        m = rx.fullmatch(text)
        if m:
            return {"energy": 0, "power": [], "other": {kind: fixed or int(m.group(1))}}
    return None


def _dash_cost(text: str, word: str) -> dict | None:
    """A cost written after a dash: parts joined by commas, alternatives by « or » (« [A] or exhaust a friendly unit »);
    for Repeat, one cost per instance joined by « / » (« [1] / [A] / [1][A] », R. 820.1.c.2): the first, then the
    others in ``more``.  None when a part is unknown."""
    if "/" in text:
        if word != "Repeat":
            return None
        each = [_dash_cost(part, "") for part in text.split("/")]
        if any(c is None for c in each):
            return None
        return {**each[0], "more": each[1:]}
    options = []
    for alt in re.split(r"\s+or\s+", text):
        cost: dict = {"energy": 0, "power": []}
        for piece in re.split(r",\s*", alt):
            part = _part(piece)
            if part is None:
                return None
            cost["energy"] += part["energy"]
            cost["power"] += part["power"]
            for kind, n in part.get("other", {}).items():
                cost.setdefault("other", {})[kind] = cost.get("other", {}).get(kind, 0) + n
        options.append(cost)
    first = options[0]
    if len(options) > 1:
        first["or"] = options[1:]
    return first


def keyword_costs(text: str) -> dict:
    """« [Equip] [1][R] » → {"equip": {"energy": 1, "power": ["Fureur"]}}; a cost after a dash may also hold costs that
    are not resources (``other``: exhaust_this, discard…, R. 357.2) and a second choice (``or``)."""
    out: dict = {}
    for word, symbols in _COST.findall(text or ""):
        out.setdefault(word.lower(), _resources(symbols))
    for word, rest in _DASH_COST.findall(text or ""):
        cost = _dash_cost(rest, word)
        if cost is not None:
            out.setdefault(word.lower(), cost)
    return out


def card_fields(card: dict, path: str) -> dict:
    """The scenario fields a card record gives (R. 131–135: its printed characteristics)."""
    typ = card.get("type")
    if typ == "Token":
        typ_engine = "token" if card.get("might") is not None else "gear"
    elif typ in TYPES:
        typ_engine = TYPES[typ]
    else:
        raise ScenarioError(f"la carte {card['id']} est de type « {typ} », que le moteur ne joue pas",
                            path=f"{path}.card")
    domains = [DOMAINS.get(d, d) for d in card.get("domains") or []]
    fields: dict = {"name": card["name"], "type": typ_engine, "tags": list(card.get("tags") or []),
                    "domains": domains}
    if typ_engine in ("unit", "token") and card.get("might") is not None:
        fields["printed_power"] = card["might"]
    if card.get("energy") is not None:
        fields["cost"] = card["energy"]
    power = card.get("power") or 0
    if power and len(domains) == 1:
        fields["power_cost"] = domains * power
    kws = [k for k in (keywords.from_card(x) for x in card.get("keywords") or []) if k]
    fields["keywords"] = list(dict.fromkeys(kws))
    costs = keyword_costs(card.get("text") or "")
    if costs:
        fields["keyword_costs"] = costs
    return fields


def expand(data: dict, cards: Mapping[str, dict] | None) -> dict:
    """The scenario with each ``card`` object completed from the card data (a new dict; ``data`` is unchanged).  An
    object already completed (its ``name`` given) is accepted without card data: a scenario's ``data`` reloads."""
    objs = data.get("objects") if isinstance(data, dict) else None
    if not isinstance(objs, list) or not any(isinstance(o, dict) and "card" in o for o in objs):
        return data
    out = []
    for i, o in enumerate(objs):
        if not isinstance(o, dict) or "card" not in o:
            out.append(o)
            continue
        path = f"objects[{i}]"
        code = o["card"]
        if not isinstance(code, str) or not re.fullmatch(r"[A-Za-z]{2,4}-[A-Za-z0-9*]{1,6}", code):
            raise ScenarioError("un numéro de collection est attendu (par exemple OGN-001)", path=f"{path}.card")
        if cards is None:
            if "name" in o:
                out.append(o)
                continue
            raise ScenarioError(f"la carte {code} est nommée, mais aucune donnée de cartes n'est fournie au moteur",
                                path=f"{path}.card")
        card = cards.get(code.upper())
        if card is None:
            raise ScenarioError(f"carte inconnue « {code} »", path=f"{path}.card")
        fields = card_fields(card, path)
        if (card.get("power") or 0) and "power_cost" not in fields and len(o.get("power_cost") or []) != card["power"]:
            raise ScenarioError(f"la carte {code} coûte {card['power']} essence de plusieurs domaines possibles : "
                                "précisez « power_cost »", path=f"{path}.power_cost")
        for key, val in fields.items():
            if key in o and o[key] != val:
                raise ScenarioError(f"la carte {code} a {val!r} ; retirez ce champ ou donnez la valeur de la carte",
                                    path=f"{path}.{key}")
        out.append({**o, **fields, "card": card["id"]})
    return {**data, "objects": out}


def _valid_cost(cost, path: str, alternatives: bool, more: bool = False) -> dict:
    keys = {"energy", "power", "other"} | ({"or"} if alternatives else set()) | ({"more"} if more else set())
    if not isinstance(cost, dict) or set(cost) - keys:
        raise ScenarioError("attendu : {energy: n, power: [domaines], other: {coût: n}, or: [autre coût]"
                            + (", more: [coûts de Répétition suivants]" if more else "") + "}", path=path)
    energy, power = cost.get("energy", 0), cost.get("power") or []
    if not isinstance(energy, int) or isinstance(energy, bool) or not 0 <= energy <= 20:
        raise ScenarioError("un nombre entier de 0 à 20 est attendu", path=f"{path}.energy")
    if not isinstance(power, list) or len(power) > 6 or not all(isinstance(x, str) and x for x in power):
        raise ScenarioError("une liste de domaines (au plus 6) est attendue", path=f"{path}.power")
    out: dict = {"energy": energy, "power": list(power)}
    other = cost.get("other")
    if other is not None:
        if not isinstance(other, dict) or not all(
            k in OTHER_KINDS and type(n) is int and 1 <= n <= 10 for k, n in other.items()
        ):
            raise ScenarioError(f"coûts autres que des ressources attendus ({', '.join(OTHER_KINDS)}), "
                                "chacun avec un nombre de 1 à 10", path=f"{path}.other")
        out["other"] = dict(other)
    if "or" in cost:
        if not isinstance(cost["or"], list) or not 1 <= len(cost["or"]) <= 3:
            raise ScenarioError("une liste de 1 à 3 autres coûts est attendue", path=f"{path}.or")
        out["or"] = [_valid_cost(c, f"{path}.or[{i}]", False) for i, c in enumerate(cost["or"])]
    if "more" in cost:  # R. 820.1.c.2: a card's further Repeat costs, each its own instance
        if not isinstance(cost["more"], list) or not 1 <= len(cost["more"]) <= 3:
            raise ScenarioError("une liste de 1 à 3 autres coûts de Répétition est attendue", path=f"{path}.more")
        out["more"] = [_valid_cost(c, f"{path}.more[{i}]", True) for i, c in enumerate(cost["more"])]
    return out


def validate_costs(d, path: str) -> dict:
    """A scenario's ``keyword_costs``: ``{equip|repeat|flow|empower: {energy: n, power: [domain, or A for any]}}``,
    with, where the card has them, costs that are not resources (``other``), a second choice (``or``) and, for
    Repeat, the further Repeat costs (``more``)."""
    if d is None:
        return {}
    if not isinstance(d, dict):
        raise ScenarioError("un dictionnaire est attendu", path=path)
    out = {}
    for word, cost in d.items():
        if word not in ("equip", "repeat", "flow", "empower"):
            raise ScenarioError("coût inconnu (attendu : equip, repeat, flow, empower)", path=f"{path}.{word}")
        out[word] = _valid_cost(cost, f"{path}.{word}", True, more=word == "repeat")
    return out


def index(records) -> dict[str, dict]:
    """A list of card records (``cards.json``) as the dict the engine takes, keyed by ``id``."""
    return {c["id"]: c for c in records}


__all__ = ["card_fields", "expand", "index", "keyword_costs", "validate_costs"]
