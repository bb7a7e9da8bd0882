import pytest

from rules.models import FAQEntry

from .factories import faq, guide

pytestmark = pytest.mark.django_db


def test_markdown_is_rendered_once_on_save_and_stored():
    entry = faq(short_answer="**6**, pas 7.")
    stored = FAQEntry.objects.get(pk=entry.pk)
    assert "<strong>6</strong>" in stored.short_answer_html


@pytest.mark.parametrize("payload", [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[clic](javascript:alert(1))",
    '<a href="javascript:alert(1)">clic</a>',
    "<iframe src=//evil></iframe>",
    '<p style="background:url(x)">s</p>',
])
def test_markdown_is_sanitised(payload):
    entry = faq(explanation=f"Texte {payload} fin.")
    html = entry.explanation_html.lower()
    assert "<script" not in html
    assert "onerror" not in html
    assert "javascript:" not in html
    assert "<iframe" not in html
    assert "style=" not in html


def test_guide_sections_keep_their_order_and_anchor():
    obj = guide(sections=[("b", "Deux", "B"), ("a", "Un", "A")])
    assert [s.anchor for s in obj.sections.order_by("order")] == ["b", "a"]
    assert obj.sections.get(anchor="a").get_absolute_url().endswith("#a")
