"""The shipped glossary loads like the rest of the content, and leaves every text of the site linked."""


import pytest

from cards.models import CardExplanation
from glossary.loader import CONTENT_DIR, FILES, read_terms
from glossary.models import Term
from rules.loader import Loader
from rules.models import FAQEntry, GuideSection

pytestmark = pytest.mark.django_db



def test_shipped_terms_are_complete_and_tooltip_sized():
    entries = read_terms()
    assert len(entries) >= 40
    slugs = {entry["slug"] for entry in entries}
    assert len(slugs) == len(entries)
    for entry in entries:
        assert 0 < len(" ".join(entry["short_definition"].split())) <= 300, entry["slug"]
        assert entry.get("explanation"), entry["slug"]
        assert set(entry.get("related") or []) <= slugs, entry["slug"]
    english = {entry["slug"]: entry.get("english_name") for entry in entries}
    assert english["bouclier"] == "Shield" and english["gank"] == "Ganking" and english["chasse"] == "Hunt"
    assert english["niveau"] == "Level" and english["legion"] == "Legion"
    assert english["unite-puissante"] == "Mighty"


def test_each_content_file_holds_the_terms_of_one_kind():
    """A file's name says what it holds: every kind has its file, and a term sits in the file of its kind."""
    assert set(FILES) == set(Term.Kind)
    assert sorted(path.name for path in CONTENT_DIR.glob("*.yaml")) == sorted(FILES.values())
    for kind, name in FILES.items():
        entries = read_terms(CONTENT_DIR / name)
        assert entries, name
        assert {entry.get("kind") for entry in entries} == {kind.value}, name


def test_load_content_links_every_kind_of_text():
    Loader().load_all()
    assert Term.objects.count() >= 40
    for model, field in ((FAQEntry, "short_answer_html"), (GuideSection, "body_html"), (CardExplanation, "text_html"),
                         (Term, "explanation_html")):
        texts = [getattr(obj, field) for obj in model.objects.all() if getattr(obj, field)]
        linked = [text for text in texts if 'class="term"' in text]
        assert len(linked) >= 0.8 * len(texts), model
    couche = Term.objects.get(slug="couche")
    assert couche.related.filter(slug="dependance").exists()
    assert Term.objects.get(slug="dependance").related.filter(slug="couche").exists()  # symmetrical


def test_a_second_load_changes_nothing_and_keeps_editors_work():
    Loader().load_all()
    term = Term.objects.get(slug="couche")
    term.short_definition = "Définition réécrite par un éditeur."
    term.save()
    stats = Loader().load_all()
    assert stats["created"] == 0 and stats["updated"] == 0
    assert stats["kept_edited"] == 1
    assert Term.objects.get(slug="couche").short_definition == "Définition réécrite par un éditeur."
    # The editor's definition is what tooltips show.
    texts = [entry.short_answer_html + entry.explanation_html for entry in FAQEntry.objects.all()]
    assert any("Définition réécrite par un éditeur." in text for text in texts)


