"""Load the project's card data (``cards/data/``) into the database, in bulk, without undoing an editor's work.

``rules.loader.Loader.load_all`` calls ``load_cards(loader)`` after the glossary and before the FAQ (which links
cards). The rules are the content loader's (see ``rules.loader``), kept per card in ``ImportRecord``:

- a new card is created; a card nobody edited since the last import takes the newer data;
- a card an editor changed in the admin is kept as the editor left it, with its printings and errata;
- a card an editor deleted is not brought back; ``force`` overwrites everything;
- a row no import wrote (the stand-ins the migration made for the former placeholder cards) takes the data.

1,058 cards are read, compared and written with a few bulk queries (``bench/cards.py`` prints the time); an
unchanged reload compares hashes only. Bulk writes send no signal: the written cards are announced once each with
``post_save`` inside the loader's bulk change, so the search index and the page cache follow as for any save.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import yaml
from django.db import models, transaction
from django.db.models.signals import post_save

from core.bulk import bulk_change
from glossary.loader import digest

from . import text as card_text
from .catalog import DATA_DIR
from .models import Card, CardExplanation, CardKeyword, Erratum, ImportRecord, Printing

EXPLANATIONS_DIR = Path(__file__).resolve().parent / "content" / "explanations"
CHUNK = 400
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed


def fingerprint(card: Card) -> str:
    """Hash of the card's editable fields, as an editor sees them in the admin."""
    values = {}
    for f in card._meta.concrete_fields:
        if f.primary_key or not f.editable or isinstance(f, models.DateTimeField):
            continue
        values[f.name] = f.value_from_object(card)
    return digest(values)


def fill(card: Card, data: dict) -> Card:
    """Copy one record of ``cards.json`` onto ``card`` and derive the rest."""
    primary = next((p for p in data.get("printings") or [] if p.get("code") == data["id"]), None)
    primary = primary or next(iter(data.get("printings") or []), {})
    card.name = data["name"]
    card.name_fr = data.get("name_fr") or ""
    card.name_fr_source = " ; ".join(data.get("name_fr_sources") or [])[:200]
    card.aliases = list(data.get("aliases") or [])
    card.card_type = data["type"]
    card.supertype = data.get("supertype") or ""
    card.tags = list(data.get("tags") or [])
    card.domains = list(data.get("domains") or [])
    card.energy = data.get("energy")
    card.power = data.get("power")
    card.might = data.get("might")
    card.text = data.get("text") or ""
    card.text_printed = data.get("text_printed") or ""
    card.effect_text = data.get("effect_text") or ""
    card.keywords = list(dict.fromkeys(data.get("keywords_mentioned") or data.get("keywords") or []))
    card.set_code = data["set"]
    card.rarity = data.get("rarity") or ""
    card.quality = "\n".join(data.get("quality") or [])
    card.preview = bool(data.get("quality"))
    card.image_url = primary.get("image_url") or ""
    card.derive()
    return card


def printings_of(data: dict) -> list[Printing]:
    return [
        Printing(card_id=data["id"], code=p["code"], set_code=p.get("set") or "", number=p.get("number") or "",
                 variant=p.get("variant") or "", kind=p.get("kind") or "", rarity=p.get("rarity") or "",
                 public_code=p.get("public_code") or "", artist=p.get("artist") or "",
                 image_url=p.get("image_url") or "", order=order)
        for order, p in enumerate(data.get("printings") or [])
    ]


def errata_of(data: dict) -> list[Erratum]:
    rows = []
    for order, e in enumerate(data.get("errata") or []):
        announced = datetime.date.fromisoformat(e["announced"]) if e.get("announced") else None
        rows.append(Erratum(card_id=data["id"], old=e.get("old") or "", new=e.get("new") or "",
                            old_html=card_text.text_html(e.get("old") or ""),
                            new_html=card_text.text_html(e.get("new") or ""),
                            document=e.get("document") or "", url=e.get("url") or "", announced=announced,
                            order=order))
    return rows


def read_cards(directory: Path = DATA_DIR) -> list[dict]:
    return json.loads((directory / "cards.json").read_text(encoding="utf-8"))


def load_cards(loader, directory: Path | None = None) -> None:
    """Create, update or keep every card of ``directory/cards.json`` (the loader's ``stats`` and ``messages``)."""
    # The stored HTML is derived from the data by cards.text: its FORMAT is part of what was shipped.
    shipped = [(data, digest({"card": data, "format": card_text.FORMAT}))
               for data in read_cards(directory or getattr(loader, "cards_dir", DATA_DIR))]
    records = {record.card_id: record for record in ImportRecord.objects.all()}
    if not loader.force and len(records) == len(shipped) and all(
            data["id"] in records and records[data["id"]].shipped_hash == hashed for data, hashed in shipped):
        # The common case: nothing to compare field by field. A card an editor deleted stays deleted.
        deleted = sorted(set(records) - set(Card.objects.values_list("id", flat=True)))
        loader.stats["unchanged"] += len(shipped) - len(deleted)
        loader.stats["kept_deleted"] += len(deleted)
        loader.messages.extend(f"carte « {card_id} » : supprimée par un éditeur, non recréée." for card_id in deleted)
    else:
        write_cards(loader, shipped, records)
    load_explanations(loader)


def write_cards(loader, shipped: list[tuple[dict, str]], records: dict[str, ImportRecord]) -> None:
    existing = {card.id: card for card in Card.objects.all()}
    created, updated, written = [], [], []
    for data, hashed in shipped:
        card_id, record, card = data["id"], records.get(data["id"]), existing.get(data["id"])
        if not loader.force:
            if card is None and record is not None:
                loader.stats["kept_deleted"] += 1
                loader.messages.append(f"carte « {card_id} » : supprimée par un éditeur, non recréée.")
                continue
            if card is not None and record is not None and fingerprint(card) != record.fingerprint:
                loader.stats["kept_edited"] += 1
                loader.messages.append(f"carte « {card_id} » : modifiée dans l'administration, conservée.")
                continue
            if card is not None and record is not None and record.shipped_hash == hashed:
                loader.stats["unchanged"] += 1
                continue
        (updated if card is not None else created).append(fill(card or Card(id=card_id), data))
        written.append((data, hashed))
    fields = [f.name for f in Card._meta.concrete_fields if not f.primary_key and f.name != "updated_at"]
    ids = [data["id"] for data, _hashed in written]
    with transaction.atomic(), bulk_change():
        Card.objects.bulk_create(created, batch_size=CHUNK)
        Card.objects.bulk_update(updated, fields, batch_size=CHUNK)
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            for model in (Printing, Erratum, CardKeyword):
                model.objects.filter(card_id__in=chunk).delete()
        Printing.objects.bulk_create([p for data, _h in written for p in printings_of(data)], batch_size=CHUNK)
        Erratum.objects.bulk_create([e for data, _h in written for e in errata_of(data)], batch_size=CHUNK)
        CardKeyword.objects.bulk_create([k for card in created + updated for k in card.keyword_rows()],
                                        batch_size=CHUNK)
        cards = {card.id: card for card in created + updated}
        old = [records[card_id] for card_id in ids if card_id in records]
        hashes = {data["id"]: hashed for data, hashed in written}
        for record in old:
            record.shipped_hash, record.fingerprint = hashes[record.card_id], fingerprint(cards[record.card_id])
        ImportRecord.objects.bulk_update(old, ["shipped_hash", "fingerprint"], batch_size=CHUNK)
        ImportRecord.objects.bulk_create(
            [ImportRecord(card_id=card_id, shipped_hash=hashes[card_id], fingerprint=fingerprint(cards[card_id]))
             for card_id in ids if card_id not in records], batch_size=CHUNK)
        new_ids = {card.id for card in created}
        for card in created + updated:
            # Each written card once, as a save would: the search index and the content version follow.
            post_save.send(sender=Card, instance=card, created=card.id in new_ids, update_fields=None, raw=False,
                           using="default")
    loader.stats["created"] += len(created)
    loader.stats["updated"] += len(updated)


def load_explanations(loader, directory: Path = EXPLANATIONS_DIR) -> None:
    """« Notre explication » of each card, one YAML file per rules area (see the folder's README)."""
    known = set(Card.objects.values_list("id", flat=True))
    for path in sorted(directory.glob("*.yaml")):
        with path.open(encoding="utf-8") as handle:
            entries = yaml.load(handle, Loader=SAFE_LOADER) or []  # noqa: S506 - a safe loader
        for data in entries:
            card_id = str(data.get("card") or "").upper()
            if card_id not in known or not data.get("text"):
                loader.stats["refused"] += 1
                loader.messages.append(f"explication « {card_id or '?'} » ({path.name}) : carte inconnue, ignorée.")
                continue

            def write(obj, data=data, card_id=card_id):
                obj = obj or CardExplanation(card_id=card_id)
                obj.text = data["text"]
                obj.checked = str(data.get("checked") or "")
                obj.save()
                return obj

            loader.sync("card-explanation", card_id, data,
                        lambda c=card_id: CardExplanation.objects.filter(card_id=c).first(), write)
