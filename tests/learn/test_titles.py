"""The practice list (issue 33, item 4): titles that tell questions apart and read as French, a list grouped by
theme and filtered, a theme that opens on its own kind of question. And the one « de » helper behind the French."""

import re

import pytest
import yaml
from django.urls import reverse

import engine
from core.french import a, de, with_article
from learn import questions
from tests.learn.test_start import example
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR


def test_de_elides_before_a_vowel_and_gives_a_placeholder_its_article():
    assert de("Annie") == "d'Annie" and de("Ahri") == "d'Ahri" and de("Vi") == "de Vi"
    assert de("Yasuo") == "de Yasuo"  # a y before a vowel is a consonant: « de Yasuo », never « d'Yasuo »
    assert de("Unité A") == "de l'unité A" and de("Jeton B") == "du jeton B"
    assert a("Jeton B") == "au jeton B" and a("Unité A") == "à l'unité A" and a("Vi") == "à Vi"
    assert with_article("Unité B") == "l'unité B" and with_article("Garen") == "Garen"


@pytest.fixture(scope="module")
def shipped_questions() -> list[questions.Question]:
    shipped = []
    for path in sorted(SCENARIOS_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        result = engine.run(engine.load_scenario(text), trace=False).to_dict()
        shipped.append(WorkedExample(slug=path.stem, title=data["title"], topic=data["topic"], scenario=text,
                                     result=result))
    return questions.distinct_titles([*questions.build(shipped), *questions.allowed_questions()])


def test_every_title_is_its_own_and_reads_as_french(shipped_questions):
    titles = [question.title for question in shipped_questions]
    assert len(set(titles)) == len(titles)
    for said in titles + [question.prompt for question in shipped_questions]:
        title = re.sub(r"« [^«»]*(«[^«»]*»[^«»]*)* »", "« … »", said)  # a label is quoted as written: not ours
        assert not re.search(r"\bde (Unité|Jeton|[AEIOUÉ])", title), title  # « de Unité A », « de Annie »
        assert not re.search(r"\bd'Y[aeiou]", title), title
        assert "à le " not in title and "de le " not in title and " 1 autres" not in title


@pytest.mark.django_db
def test_a_theme_opens_on_its_own_kind_of_question(client):
    # « Déplacements · débutant » opened on Might questions: a theme's list starts with what the theme teaches.
    example("gank-entre-champs")
    page = client.get(reverse("learn:practice"), {"theme": "deplacement"}).content.decode()
    slugs = re.findall(r'<li data-question="([^"]+)"', page)
    assert slugs and all(questions.catalogue().get(slug).area == "deplacement" for slug in slugs)
    kinds = [questions.catalogue().get(slug).kind for slug in slugs]
    assert kinds[0] != questions.POWER and kinds.index(questions.POWER) > kinds.index(questions.POINTS)
    # The breadcrumb of a question leads back to its theme's list, not to the top of every question.
    question = client.get(reverse("learn:question", args=[slugs[0]])).content.decode()
    assert "/entrainement/?theme=deplacement#questions" in question


@pytest.mark.django_db
def test_the_list_is_grouped_and_filtered(client):
    example("combat-tous-morts")
    example("au-moins-5")
    everything = client.get(reverse("learn:practice")).content.decode()
    assert everything.count("<details") == len(questions.catalogue().areas())  # one folded block per theme
    power = client.get(reverse("learn:practice"), {"type": "puissance"}).content.decode()
    listed = re.findall(r'<li data-question="([^"]+)"', power)
    assert listed and all(questions.catalogue().get(slug).kind == "puissance" for slug in listed)
    judge = client.get(reverse("learn:practice"), {"niveau": "3"}).content.decode()
    assert all(questions.catalogue().get(slug).level == 3 for slug in re.findall(r'<li data-question="([^"]+)"',
                                                                                   judge))
    wrong = client.get(reverse("learn:practice"), {"theme": "pas-un-theme"})
    assert wrong.status_code == 400 and "Ce choix n" in wrong.content.decode()


# The official French (v1.4) names one notion once: the other names players met for it in our generated French.
NOT_OFFICIAL = re.compile(r"phase de début|score de victoire|attach|Objet de jeu|annulé", re.I)


def test_generated_french_uses_the_official_name_of_each_notion(shipped_questions):
    from worked_examples import summary

    said = [line for question in shipped_questions for line in (question.title, *question.facts)]
    # The player's summary of a won game (« … atteint le score de la victoire … »).
    text = (SCENARIOS_DIR / "premiere-partie.yaml").read_text(encoding="utf-8")
    result = engine.run(engine.load_scenario(text)).to_dict()
    lines = summary.summary(result["outcomes"][0] if result.get("outcomes") else result, result,
                          yaml.safe_load(text))
    won = [line for line in lines if "gagne la partie" in line]
    assert won and "score de la victoire" in won[0]
    # (The engine's own vocabulary, quoted in other lines of the summary, is the engine's to word.)
    assert not [line for line in said + won if NOT_OFFICIAL.search(line)]
