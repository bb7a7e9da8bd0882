"""The existing content uses the real cards: FAQ entries that name a card link its page."""

from __future__ import annotations

import json

import pytest
import yaml

from cards.catalog import DATA_DIR
from rules.loader import CONTENT_DIR

pytestmark = pytest.mark.django_db


def test_every_card_an_faq_entry_lists_is_a_real_card():
    ids = {card["id"] for card in json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))}
    listed = {}
    for path in sorted((CONTENT_DIR / "faq").glob("*.yaml")):
        for card_id in yaml.safe_load(path.read_text(encoding="utf-8")).get("cards") or []:
            listed.setdefault(str(card_id), []).append(path.stem)
    assert len(listed) >= 20
    assert {card_id: entries for card_id, entries in listed.items() if card_id not in ids} == {}


def test_an_faq_entry_naming_cards_links_their_pages(client, site_content):
    html = client.get("/faq/choisir-son-champion-elu/").content.decode()
    # Jinx, Rebel; Jinx, Demolitionist; Tibbers: named in the answer by their official French names.
    for url in ("/cartes/ogn-202/", "/cartes/ogn-030/", "/cartes/ogs-018/"):
        assert f'href="{url}"' in html, url
    assert "Jinx, Rebelle" in html and 'lang="en">Jinx, Rebel<' in html
