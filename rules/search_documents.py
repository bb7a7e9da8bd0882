"""What the content app gives to search: FAQ entries, guides and their sections and the rules reference.

Declared on ``RulesConfig.search_documents``; the ``search`` app reads it (this app does not import search).
"""

from glossary.rendering import plain_text

from .models import FAQEntry, Guide, GuideSection, RuleSection


def faq_document(entry: FAQEntry):
    text = " ".join(plain_text(part) for part in (entry.short_answer_html, entry.explanation_html, entry.example_html))
    # The short answer is shown above the results when this entry is the best hit.
    return ("faq", str(entry.pk), entry.question, entry.get_absolute_url(), text,
            {"answer": entry.short_answer_html})


def section_document(section: GuideSection):
    return ("section", str(section.pk), f"{section.guide.title} — {section.title}", section.get_absolute_url(),
            plain_text(section.body_html))


def guide_document(guide: Guide):
    own = ("guide", str(guide.pk), guide.title, guide.get_absolute_url(),
           " ".join([guide.summary, plain_text(guide.intro_html)]))
    # Section results carry the guide's title and address.
    return [own, *(section_document(section) for section in guide.sections.all())]


def rule_section_document(section: RuleSection):
    numbers = " ".join(f"R{number} {number}" for number in section.rule_summaries)
    text = " ".join([section.summary, " ".join(section.rule_summaries.values()), plain_text(section.body_html)])
    # The English title is matched (players type « Showdown ») but is no French word to correct toward.
    return ("rule", str(section.pk), section.title, section.get_absolute_url(), text,
            {"keywords": numbers, "english": section.english_title})


DOCUMENTS = {
    FAQEntry: ("faq", faq_document),
    GuideSection: ("section", section_document),
    Guide: ("guide", guide_document),
    RuleSection: ("rule", rule_section_document),
}

# What each kind is for in a search: the label beside a result and the role that weighs it.
KINDS = {
    "faq": {"label": "Question", "role": "answer"},
    "guide": {"label": "Guide", "role": "explanation"},
    "section": {"label": "Guide", "role": "explanation"},
    "rule": {"label": "Règles", "role": "explanation"},
}
