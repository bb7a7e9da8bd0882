"""Every scenario file runs and meets its own expectations; the seed examples all exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import load_scenario, run
from worked_examples.paths import SCENARIOS_DIR

ROOT = Path(__file__).resolve().parents[2]
FOLDER = SCENARIOS_DIR
FILES = sorted(FOLDER.glob("*.yaml"))

SEED_SLUGS = """
fixer-puis-modifier fiora-reexamen-des-competences au-moins-5 deux-augmentations-limitees condition-qui-change
fiora-retrait-du-buff valeurs-intermediaires calcul-entre-objets retraite-tactique-remplace-la-mort
ange-gardien-et-retraite ange-gardien-d-abord retraite-tactique-d-abord morts-simultanees
instructions-successives
source-arrivee-trop-tard source-qui-part-en-meme-temps soraka creation-epuisee-heritee pioche-ignore-epuisee
remplacement-une-seule-fois faq-jusqu-a-5-et-sort boots-of-swiftness plusieurs-seuils reduire-avec-minimum
deux-expirations echange-2-et-5 gangplank echange-negatif doubler-negatif puissante-au-fil-du-combat
puissance-hors-du-plateau puissance-negative-et-degats gustwalker-chasse sequence-xp buff-puis-xp xp-puis-buff
activation-et-declencheur-simultanes changement-de-controleur competence-activee-en-attente niveau-et-legion
""".split()


def test_every_seed_example_has_its_file():
    present = {p.stem for p in FILES}
    assert [s for s in SEED_SLUGS if s not in present] == []
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_its_expectations(path):
    sc = load_scenario(path.read_text(encoding="utf-8"))
    assert sc.expect, "chaque exemple porte des attentes"
    res = run(sc)
    failed = [e for e in res.expectations if not e["ok"]]
    assert failed == []
    assert res.expectations
    d = res.to_dict()
    json.dumps(d)  # JSON-serialisable
    for s in d["trace"]:
        assert s["text"], s


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def test_order_decision_reports_the_other_order():
    res = run(load_scenario((FOLDER / "au-moins-5.yaml").read_text(encoding="utf-8")))
    d = res.to_dict()["order_decisions"]
    assert {"first": "plus-2", "then": "jusqu-a-5", "value": 6, "other_value": 7} == {
        k: d[0][k] for k in ("first", "then", "value", "other_value")
    }
    assert d[0]["reason"] == "dependency"
    step = res.to_dict()["trace"][d[0]["step"]]
    assert step["kind"] == "apply" and step["effect"] == "jusqu-a-5"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_description_is_one_or_two_sentences(path):
    sc = load_scenario(path.read_text(encoding="utf-8"))
    # « R. 190.4.c » cites a rule: its dot ends no sentence.
    sentences = [s for s in re.split(r"(?<=[.!?])(?<!\bR\.)\s+", sc.description.strip()) if s]
    assert 1 <= len(sentences) <= 2
