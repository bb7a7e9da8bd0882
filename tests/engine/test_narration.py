"""French narration of key steps, read from the same trace the web player uses."""

from __future__ import annotations

from engine import load_scenario, run
from worked_examples.paths import SCENARIOS_DIR

FOLDER = SCENARIOS_DIR


def texts(slug: str, outcome: int | None = None) -> list[str]:
    d = run(load_scenario((FOLDER / f"{slug}.yaml").read_text(encoding="utf-8"))).to_dict()
    branch = d["outcomes"][outcome] if outcome is not None else d
    return [s["text"] for s in branch["trace"]]


def test_fiora_reexamination_is_told():
    t = texts("fiora-reexamen-des-competences")
    assert any(x.startswith("Une couche plus tardive rend « Fiora") and "qu'une fois" in x for x in t)
    assert "Fiora, Victorieuse devient une unité puissante : 4 → 6." in t


def test_fiora_is_named_in_french_in_french_narration():
    """Riot published the card's French name (Fiora, Victorieuse): French sentences use it, never the English
    adjective inside a French sentence (« Fiora, Victorious reçoit… »)."""
    for slug in ("fiora-reexamen-des-competences", "fiora-retrait-du-buff"):
        scenario = (FOLDER / f"{slug}.yaml").read_text(encoding="utf-8")
        narration = texts(slug)
        assert not [line for line in narration if "Victorious" in line], slug
        assert any("Fiora, Victorieuse" in line for line in narration), slug
        # The English name is given once, as the card's official name, in the description.
        assert scenario.count("Victorious") == 1 and "(Fiora, Victorious en anglais)" in scenario, slug
    assert "Fiora, Victorieuse n'est plus une unité puissante : 6 → 4." in texts("fiora-retrait-du-buff")


def test_timestamp_and_mutual_change_are_told():
    t = texts("plusieurs-seuils")
    assert any("chacun change l'autre" in x and "l'horodatage (1) décide" in x for x in t)


def test_too_late_source_is_told():
    t = texts("source-arrivee-trop-tard")
    assert any("trop tard" in x for x in t)


def test_inherited_and_ignored_changes_are_told():
    assert any("hérite de l'état épuisé" in x for x in texts("creation-epuisee-heritee"))
    assert any(
        "L'état épuisé ne s'applique pas au nouvel événement : ignoré." in x for x in texts("pioche-ignore-epuisee")
    )


def test_trigger_inactive_at_event_is_told():
    t = texts("buff-puis-xp")
    assert any("ne se déclenche pas" in x and "Niveau 3 n'est pas atteint" in x for x in t)


def test_level_text_losing_and_regaining_timestamp_is_told():
    t = texts("condition-qui-change")
    assert any("devient inactif" in x and "perd son horodatage" in x for x in t)
    assert any("devient actif et reçoit l'horodatage" in x for x in t)


def test_locked_amount_is_told():
    assert any("La quantité 1 est mémorisée." in x for x in texts("reduire-avec-minimum"))


def all_narration() -> dict[str, list[str]]:
    out = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        d = run(load_scenario(path.read_text(encoding="utf-8"))).to_dict()
        out[path.stem] = [s["text"] for branch in [d, *d.get("outcomes", [])] for s in branch["trace"]]
    return out


def test_no_sentence_guesses_a_gender_or_adds_notes_nobody_needs():
    """Names carry no gender the engine knows (« Garen est épuisée ») — sentences are built to need none; the
    damage step names Assaut, Bouclier and a stunned unit only when a unit in that combat has them."""
    gendered = (" est épuisé", " est préparé", " est étourdi", " est soigné", " est éliminé", " est rappelé",
                "arrive prête", "arrive prêt ", "arrive épuisé", " devient puissante", " est créée")
    assault = {"combat-assaut-contre-bouclier"}
    stunned = {"combat-defenseur-etourdi", "rappel-remplace-par-la-mort", "rappel-remplace-combat-rejoue"}
    for slug, lines in all_narration().items():
        assert not [line for line in lines if any(word in line for word in gendered)], slug
        assert not [line for line in lines if "une des issues explorées" in line], slug
        damage = [line for line in lines if "étape des dégâts" in line]
        assert all(("Assaut compris" in line) == (slug in assault) for line in damage), slug
        assert all(("étourdie ne compte pas" in line) == (slug in stunned) for line in damage), slug
    told = all_narration()
    assert "(Assaut compris ; Bouclier compris ; R. 467, 807, 814)." in " ".join(told["combat-assaut-contre-bouclier"])
    assert any(line.startswith("On étourdit ") or "étourdie ne compte pas" in line
               for line in told["combat-defenseur-etourdi"])
