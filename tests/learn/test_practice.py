"""/entrainement/: questions derived from the worked examples, answered without JavaScript, graded by the engine."""

import dataclasses
import datetime
import html
import re
from collections import Counter

import pytest
import yaml
from django.urls import reverse
from django.utils import timezone

import engine
from learn import questions
from tests.learn.test_start import example
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR


def answer(client, slug: str, **fields):
    params = {"repondu": "1", **fields}
    return client.get(reverse("learn:question", args=[slug]), params)


def verdict(response) -> str:
    html = response.content.decode()
    return "juste" if 'data-verdict="juste"' in html else "faux" if 'data-verdict="faux"' in html else ""


def test_at_least_120_questions_over_every_area():
    # Unsaved examples with the engine's result (without trace, for speed): what the catalogue is built from.
    shipped = []
    for path in sorted(SCENARIOS_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        result = engine.run(engine.load_scenario(text), trace=False).to_dict()
        shipped.append(WorkedExample(slug=path.stem, title=data["title"], topic=data["topic"], scenario=text,
                                     result=result))
    built = list(questions.build(shipped))
    assert len(built) >= 120
    assert len({question.slug for question in built}) == len(built)
    assert set(Counter(question.area for question in built)) == set(WorkedExample.Topic.values)
    kinds = Counter(question.kind for question in built)
    assert kinds[questions.POWER] and kinds[questions.DEATHS] and kinds[questions.POINTS]
    assert sum(question.is_variant for question in built) >= 40


def test_a_result_without_what_a_question_needs_gives_no_question():
    text = (SCENARIOS_DIR / "combat-tous-morts.yaml").read_text(encoding="utf-8")
    empty = WorkedExample(slug="vide", title="Vide", topic="combat", scenario=text, result={})
    open_choice = WorkedExample(slug="choix", title="Choix", topic="combat", scenario=text,
                                result={"objects": {"vi": {}}, "outcomes": [{}, {}]})
    assert list(questions.build([empty, open_choice])) == []


@pytest.mark.django_db
def test_a_number_right_and_wrong_without_javascript(client):
    example("au-moins-5")
    slug = "au-moins-5-puissance-unite-a"
    page = client.get(reverse("learn:question", args=[slug]))
    assert page.status_code == 200 and 'name="reponse"' in page.content.decode()
    assert verdict(answer(client, slug, reponse="6")) == "juste"
    wrong = answer(client, slug, reponse="7")
    assert verdict(wrong) == "faux"
    assert "<strong data-expected>6</strong>" in wrong.content.decode()
    assert "/exemples/au-moins-5/?indice=" in wrong.content.decode()  # the number the player shows
    # « Pourquoi ? » is the engine's narration of the steps that decide it.
    assert "dépend de lui" in wrong.content.decode()


@pytest.mark.django_db
def test_choices_right_and_wrong_without_javascript(client):
    example("combat-tous-morts")
    assert verdict(answer(client, "combat-tous-morts-morts", reponse=["vi", "garen"])) == "juste"
    wrong = answer(client, "combat-tous-morts-morts", reponse=["vi"])
    assert verdict(wrong) == "faux"
    assert "Vi, Garen" in wrong.content.decode()
    # Nothing ticked is an answer too: « aucune unité ».
    assert verdict(answer(client, "combat-tous-morts-morts")) == "faux"


@pytest.mark.django_db
def test_who_gains_a_point_right_and_wrong(client):
    saved = example("deux-tours")
    question = questions.catalogue().get("deux-tours-points")
    right = questions.expected(question, saved.result, yaml.safe_load(saved.scenario))
    assert right == {"p1", "p2"}  # each player holds or conquers once in these two turns
    assert verdict(answer(client, "deux-tours-points", reponse=sorted(right))) == "juste"
    assert verdict(answer(client, "deux-tours-points", reponse=["p1"])) == "faux"


@pytest.mark.django_db
def test_an_order_right_and_wrong(client):
    saved = example("au-moins-5")
    question = questions.catalogue().get("au-moins-5-ordre")
    right = questions.expected(question, saved.result, yaml.safe_load(saved.scenario))
    assert right == ("plus-2", "jusqu-a-5")  # the limited increase depends on the +2 (R. 480)
    assert verdict(answer(client, "au-moins-5-ordre", rang1="plus-2", rang2="jusqu-a-5")) == "juste"
    assert verdict(answer(client, "au-moins-5-ordre", rang1="jusqu-a-5", rang2="plus-2")) == "faux"


@pytest.mark.django_db
def test_an_incomplete_answer_is_refused_with_a_message(client):
    example("au-moins-5")
    response = answer(client, "au-moins-5-ordre", rang1="plus-2", rang2="plus-2")
    assert response.status_code == 400
    assert "une place" in response.content.decode()
    assert answer(client, "au-moins-5-puissance-unite-a", reponse="six").status_code == 400


@pytest.mark.django_db
def test_the_grade_comes_from_the_engine_not_from_the_page(client):
    saved = example("combat-tous-morts")
    # The same answer is right for the situation as shipped and wrong once « Et si… ? » makes Vi stronger.
    assert verdict(answer(client, "combat-tous-morts-morts", reponse=["vi", "garen"])) == "juste"
    changed = answer(client, "combat-tous-morts-morts-et-si", reponse=["vi", "garen"])
    assert verdict(changed) == "faux"
    assert "Vi valait 6" in changed.content.decode()
    # Any change of the situation changes the expected answer: Garen at 9 survives Vi's 4 damage.
    question = questions.catalogue().get("combat-tous-morts-morts")
    stronger = dataclasses.replace(question, changes=(("power:garen", 9),))
    data = yaml.safe_load(saved.scenario)
    assert questions.expected(question, questions.result_of(question, saved), data) == {"vi", "garen"}
    assert questions.expected(stronger, questions.result_of(stronger, saved), data) == {"vi"}


@pytest.mark.django_db
def test_the_question_does_not_give_its_answer_away(client):
    saved = example("combat-tous-morts")
    html = client.get(reverse("learn:question", args=["combat-tous-morts-morts"])).content.decode()
    assert "Vi (Joueuse A)" in html and "Puissance imprimée 4" in html
    told = "chacun reçoit des dégâts mortels"  # the example's own description tells the outcome
    assert told in saved.description
    assert told not in html
    assert told in answer(client, "combat-tous-morts-morts").content.decode()


@pytest.mark.django_db
def test_index_and_puzzle_of_the_day(client):
    example("combat-tous-morts")
    example("au-moins-5")
    index = client.get(reverse("learn:practice"))
    assert index.status_code == 200
    assert reverse("learn:question", args=["combat-tous-morts-morts"]) in index.content.decode()
    first = client.get(reverse("learn:of_the_day"))
    assert first.status_code == 302
    assert client.get(reverse("learn:of_the_day"))["Location"] == first["Location"]
    catalogue = questions.catalogue()
    today = timezone.localdate()
    assert first["Location"] == reverse("learn:question", args=[catalogue.of_the_day(today).slug])
    assert client.get(reverse("learn:question", args=["pas-une-question"])).status_code == 404


def test_judge_mode_mixes_the_harder_questions_of_the_day():
    text = (SCENARIOS_DIR / "combat-tous-morts.yaml").read_text(encoding="utf-8")
    harder = (SCENARIOS_DIR / "au-moins-5.yaml").read_text(encoding="utf-8")
    shipped = [WorkedExample(slug=slug, title=slug, topic=topic, scenario=source,
                             result=engine.run(engine.load_scenario(source)).to_dict())
               for slug, topic, source in (("combat", "combat", text), ("couches", "couches", harder))]
    catalogue = questions.Catalogue(list(questions.build(shipped)))
    picked = catalogue.judge_set(datetime.date(2026, 12, 2))
    assert picked == catalogue.judge_set(datetime.date(2026, 12, 2))
    assert 0 < len(picked) <= 10
    assert all(question.level >= 2 or question.is_variant for _, question in picked)
    assert max(Counter(question.area for _, question in picked).values()) <= 2


@pytest.mark.django_db
def test_judge_page_renders(client):
    example("au-moins-5")
    response = client.get(reverse("learn:judge"))
    assert response.status_code == 200
    assert "Mode juge" in response.content.decode()
    assert 'role="timer"' in response.content.decode()


@pytest.mark.django_db
def test_a_changed_situation_is_explained_by_the_engine_for_that_situation(client):
    # Issue 33 item 1: the verdict of a « Et si… ? » showed the example's own text (« il meurt au nettoyage et la
    # Sentinelle garde le Pont ») beside the recomputed result, where the Sentinelle dies.
    saved = example("sort-cache-en-reaction")
    question = questions.catalogue().get("sort-cache-en-reaction-morts-et-si")
    assert dict(question.changes) == {"power:pillard": 5}
    # The rules: the Lame deals 3 to a Pillard of 5 (it lives); in combat the Pillard deals 5 to the Sentinelle (2)
    # and takes 2 more: 3 + 2 = 5 damage, lethal (R. 459). Both die.
    page = answer(client, question.slug, reponse=["pillard"]).content.decode()
    verdict_html = page[page.index('id="verdict"'):]
    assert "Sentinelle, Pillard" in verdict_html
    assert "garde le Pont" in saved.description and "garde le Pont" not in verdict_html
    assert "data-variant-source" in verdict_html and "valait 5 au lieu de 3" in verdict_html
    # Every line of « Pourquoi ? » is the engine's narration of the changed situation.
    variant = questions.result_of(question, saved)
    def plain(text: str) -> str:  # the page's typography: curly apostrophes, non-breaking spaces
        text = re.sub(r"<[^>]+>", "", html.unescape(text)).replace("\u2019", "'")
        return re.sub(r"[\s\u202f\xa0]+", " ", text).strip()

    narrated = {plain(step["text"]) for step in variant["trace"] if step.get("text")}
    why = re.findall(r'<ol class="verdict-why">(.*?)</ol>', verdict_html, re.S)[0]
    lines = [plain(line) for line in re.findall(r"<li>(.*?)</li>", why, re.S)]
    assert lines and all(line in narrated for line in lines)
