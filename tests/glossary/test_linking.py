"""The matcher: longest match, inflections, accents, case, exclusions, first per section, no self-link."""

import re
import unicodedata

from glossary.loader import read_terms
from glossary.matcher import Glossary, TermInfo, once_per_page, strip_tooltips
from glossary.rendering import render_markdown

from .factories import glossary, info

COUCHE = info("Couche", "couches")
UNITE = info("Unité", "unités")
PUISSANTE = info("Unité puissante", "unités puissantes", "puissante", slug="unite-puissante")
DESCRIPTION = info("Description d'effet", slug="description-d-effet")
HORODATAGE = info("Horodatage", "horodatages")
GLOSSARY = glossary(COUCHE, UNITE, PUISSANTE, DESCRIPTION, HORODATAGE)


def linked(markdown: str, **kwargs) -> list[tuple[str, str]]:
    """(slug, shown text) of each term link in the rendered text, in order."""
    html = render_markdown(markdown, glossary=kwargs.pop("glossary", GLOSSARY), **kwargs)
    return re.findall(r'<a class="term" href="/glossaire/([^/]+)/"[^>]*>(.*?)</a>', html)


def test_a_term_links_with_its_tooltip():
    html = render_markdown("Une couche.", glossary=GLOSSARY, section="s")
    assert '<a class="term" href="/glossaire/couche/" aria-describedby="tt-couche-' in html
    tip_id = re.search(r'aria-describedby="([^"]+)"', html).group(1)
    assert f'<span class="term-tip" role="tooltip" id="{tip_id}">' in html
    assert "Définition de Couche." in html
    # The bubble's own link goes where the term already goes: not one more Tab stop.
    assert '<a class="term-tip__more" href="/glossaire/couche/" tabindex="-1">Voir dans le glossaire</a>' in html


def test_longest_match_wins():
    assert linked("Une unité puissante attaque.") == [("unite-puissante", "unité puissante")]
    assert linked("Deux unités puissantes, puis une unité.") == [
        ("unite-puissante", "unités puissantes"), ("unite", "unité")]


def test_inflected_forms_link():
    assert linked("Les couches.") == [("couche", "couches")]
    assert linked("Elle devient puissante.") == [("unite-puissante", "puissante")]


def test_case_is_ignored_and_the_text_keeps_its_own_case():
    assert linked("COUCHE et Horodatage") == [("couche", "COUCHE"), ("horodatage", "Horodatage")]


def test_accents_match_in_any_unicode_form():
    decomposed = unicodedata.normalize("NFD", "Une unité")
    assert linked(decomposed) == [("unite", "unité")]
    html = render_markdown(decomposed, glossary=GLOSSARY)
    assert unicodedata.is_normalized("NFC", html)


def test_accents_are_not_optional():
    # « unite » without its accent is not the French word.
    assert linked("une unite") == []


def test_elision_and_typographic_apostrophes():
    assert linked("l'horodatage") == [("horodatage", "horodatage")]
    assert linked("l’horodatage") == [("horodatage", "horodatage")]
    assert linked("la description d’effet") == [("description-d-effet", "description d’effet")]


def test_whole_words_only():
    assert linked("Découchez, horodatageX, recouches.") == []


def test_only_the_first_occurrence_of_a_section_links():
    assert linked("Une couche, puis une autre couche, et des couches.") == [("couche", "couche")]


def test_each_section_links_its_own_first_occurrence():
    first = render_markdown("Une couche.", glossary=GLOSSARY, section="a")
    second = render_markdown("Une couche.", glossary=GLOSSARY, section="b")
    ids = re.findall(r'id="(tt-[^"]+)"', first + second)
    assert len(ids) == 2 and len(set(ids)) == 2


def test_a_consumed_long_form_blocks_shorter_terms_inside_it():
    # Once « unité puissante » has linked, a later one stays plain: no « unité » link inside it.
    text = "Une unité puissante. Une autre unité puissante."
    assert linked(text) == [("unite-puissante", "unité puissante")]


def test_never_inside_headings_links_or_code():
    text = ("## Couche\n\nVoir [la couche](https://example.com/) ou `couche` :\n\n"
            "    couche\n\nEnfin une couche.")
    html = render_markdown(text, glossary=GLOSSARY)
    assert "<h2>Couche</h2>" in html
    assert '<a href="https://example.com/" rel="noopener noreferrer">la couche</a>' in html
    assert "<code>couche</code>" in html
    assert linked(text) == [("couche", "couche")]
    assert html.index('class="term"') > html.index("Enfin")


def test_no_self_link_on_a_term_page():
    text = "Une couche et un horodatage."
    assert linked(text, exclude_term_slug="couche") == [("horodatage", "horodatage")]


def test_a_term_inside_emphasis_still_links():
    assert linked("Une **couche** et *unités puissantes*.") == [
        ("couche", "couche"), ("unite-puissante", "unités puissantes")]


def test_a_form_does_not_span_markup():
    assert linked("Une unité <em>puissante</em>") != [("unite-puissante", "unité puissante")]


def test_non_breaking_space_inside_a_form():
    # nh3 writes the non-breaking space as an entity; the form still matches across it.
    assert linked("Une unité\u00a0puissante") == [("unite-puissante", "unité&nbsp;puissante")]


def test_tooltip_markup_is_phrasing_content_only():
    html = render_markdown("Une couche.", glossary=GLOSSARY)
    tip = re.search(r'<span class="term-tip".*?</span>', html).group()
    assert not re.search(r"<(p|div|ul|ol|li|h\d|section)\b", tip)


def test_plain_text_is_escaped_then_linked():
    out = GLOSSARY.link_plain("<b>Une couche</b> & l'horodatage")
    assert out.startswith("&lt;b&gt;Une ")
    assert "&amp;" in out and "<b>" not in out.split('class="term-tip"')[0]
    assert re.findall(r'data-term="([^"]+)"', out) == ["couche", "horodatage"]


def test_strip_tooltips_leaves_the_text():
    html = render_markdown("Une couche visible.", glossary=GLOSSARY)
    assert re.sub(r"<[^>]+>", "", strip_tooltips(html)) == "Une couche visible."


def test_empty_glossary_and_empty_text():
    assert render_markdown("", glossary=GLOSSARY) == ""
    assert render_markdown("Une couche.", glossary=glossary()) == "<p>Une couche.</p>"


def test_linking_scans_the_text_once_whatever_the_number_of_terms():
    # The cost follows the text, not the glossary: one compiled regex (a trie of every form), one scan of the
    # text, for 3 terms as for 2,003. (Timings are in bench/autolink.py.)
    text = "Une unité puissante sur une couche. " * 50
    scans = {}
    for size in (0, 2000):
        terms = glossary(COUCHE, UNITE, PUISSANTE, *[info(f"Mot{n}x") for n in range(size)])
        pattern = terms.pattern()

        class CountingPattern:
            calls = 0

            def __init__(self, inner):
                self.inner = inner

            def finditer(self, value):
                CountingPattern.calls += 1
                return self.inner.finditer(value)

        terms._pattern = CountingPattern(pattern)
        assert linked(text, glossary=terms) == [("unite-puissante", "unité puissante"), ("couche", "couche")]
        scans[size] = CountingPattern.calls
    assert scans == {0: 1, 2000: 1}


def test_mentions_reads_plain_source_text():
    assert GLOSSARY.mentions("si x < 5, la couche change")
    assert not GLOSSARY.mentions("rien à voir")


def test_words_inside_attributes_never_link():
    text = '[voir](/faq/couche-et-horodatage/ "couche") puis <abbr title="couche">C</abbr> couche'
    html = render_markdown(text, glossary=GLOSSARY)
    assert html.count('class="term"') == 1
    assert 'title="couche"' in html


# --- issue 23, item 11: a term links only where it means the term ------------------------------------------------


def shipped_glossary():
    """The glossary as the shipped content declares it (forms, capitals, phrases that are not the term)."""
    return Glossary(
        TermInfo(entry["slug"], entry["name"], f"/glossaire/{entry['slug']}/", "définition",
                 (entry["name"], *(entry.get("forms") or [])), bool(entry.get("match_case")),
                 tuple(entry.get("not_in") or []))
        for entry in read_terms())


def test_phrases_that_do_not_mean_the_term_do_not_link():
    glossary = shipped_glossary()

    def slugs(text):
        return [slug for slug, _ in linked(text, glossary=glossary)]

    # « Tirez au sort » is no Spell, « (un contre un) » no Counter, « face cachée » no Hidden.
    assert "sort" not in slugs("Tirez au sort le premier joueur.")
    assert "contrer" not in slugs("Un duel (un contre un) se joue en deux manches.")
    assert "contrer" not in slugs("Deux unités contre 1 : Vi attaque.")
    assert "cache" not in slugs("Posez la carte face cachée.")
    # Where the word does mean the term, it still links.
    assert "sort" in slugs("Jouez un sort pendant votre tour.")
    assert "contrer" in slugs("Le sort est contré.")
    assert "cache" in slugs("Jouez ensuite la carte cachée.")
    assert "action-mot-cle" in slugs("Un sort avec Action se joue en confrontation.")


def test_a_phrase_that_is_not_the_term_also_keeps_shorter_terms_out():
    not_a_spell = info("Sort", "sorts")
    glossary_ = glossary(type(not_a_spell)(**{**not_a_spell.__dict__, "not_in": ("au sort",)}), COUCHE)
    assert linked("Au sort, puis un sort et une couche.", glossary=glossary_) == [
        ("sort", "sort"), ("couche", "couche")]


def test_a_page_of_sections_links_each_term_once():
    first = render_markdown("Une unité et une couche.", glossary=GLOSSARY, section="a")
    second = render_markdown("Une autre unité, un horodatage.", glossary=GLOSSARY, section="b")
    page = once_per_page(f"<section>{first}</section><section>{second}</section>")
    assert re.findall(r'data-term="([^"]+)"', page) == ["unite", "couche", "horodatage"]
    assert "Une autre unité, un" in strip_tooltips(page)
    assert page.count('class="term-tip"') == 3
