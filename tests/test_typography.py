"""French typography on every HTML page (core.typography)."""

from django.http import HttpResponse, JsonResponse

from core.typography import TypographyMiddleware, french_typography


def test_apostrophes_become_typographic_between_letters_and_before_a_link():
    assert french_typography("<p>l'unité, aujourd'hui</p>") == "<p>l’unité, aujourd’hui</p>"
    assert french_typography("<p>Pendant l'<a href='/x'>étape</a></p>") == "<p>Pendant l’<a href='/x'>étape</a></p>"
    assert french_typography("<p>Qu&#x27;est-ce</p>") == "<p>Qu’est-ce</p>"


def test_spaces_before_high_punctuation_and_inside_guillemets_do_not_break():
    assert french_typography("<p>6 ou 7 ? Oui ! Voici ; « Tank »</p>") == (
        "<p>6 ou 7\u202f? Oui\u202f! Voici\u202f; «\u00a0Tank\u00a0»</p>")
    assert french_typography("<h1>Tank, ça fait quoi?</h1>") == "<h1>Tank, ça fait quoi\u202f?</h1>"
    assert french_typography("<p>Note : ceci</p>") == "<p>Note\u00a0: ceci</p>"


def test_code_attributes_times_and_english_are_left_alone():
    source = ('<a href="/q?a=1&b=2" title="l\'x ?">10:30</a><code>a ? b</code>'
              '<script>let s = "l\'x ?";</script><span lang="en">Combat: it\'s</span> https://x.org')
    assert french_typography(source) == source


def test_the_middleware_typesets_html_only(rf):
    def html_view(request):
        return HttpResponse("<p>C'est ça ?</p>")

    def json_view(request):
        return JsonResponse({"texte": "C'est ça ?"}, json_dumps_params={"ensure_ascii": False})

    assert TypographyMiddleware(html_view)(rf.get("/")).content.decode() == "<p>C’est ça\u202f?</p>"
    assert "C'est ça ?" in TypographyMiddleware(json_view)(rf.get("/")).content.decode()


def test_character_references_keep_their_semicolon():
    # « 4 < 6 » is written « 4 &lt; 6 »: a space before « ; » would break the reference into « &lt ; ».
    assert french_typography("<li>survit (4 &lt; 6). A &amp; B ; c</li>") == (
        "<li>survit (4 &lt; 6). A &amp; B\u202f; c</li>")
    assert french_typography("<p>&quot;Tank&quot; ? l&#39;unité</p>") == "<p>&quot;Tank&quot;\u202f? l’unité</p>"


def test_text_at_the_start_of_a_fragment_and_after_code_is_typeset():
    assert french_typography("Qu'est-ce ? <b>x</b>") == "Qu’est-ce\u202f? <b>x</b>"
    assert french_typography("<code>a:b</code> : l'a") == "<code>a:b</code>\u00a0: l’a"
    # A sign whose left side does not qualify stays as it is: a digit before « : », a space before « ? ».
    assert french_typography("<p>10:30, 9\u00a0: x, '3</p>") == "<p>10:30, 9\u00a0: x, '3</p>"


def test_english_text_is_left_alone_whatever_the_case_of_its_markup():
    # The page-level check for English text (ENGLISH_RE) must not miss a value written in capitals.
    source = '<p>Oui ? <SPAN LANG="EN">it\'s: ok?</SPAN> <em lang="En">Tank?</em></p>'
    assert french_typography(source) == source.replace("Oui ?", "Oui\u202f?")


def test_one_no_break_space_inside_guillemets_whatever_the_source_had():
    # Markdown already holding a no-break space, an entity or a line break gave two spaces (issue 23).
    for inside in (" ", "\u00a0", "\u202f", "&nbsp;", "\n", "  ", " \u00a0", "\n  "):
        assert french_typography(f"<p>«{inside}Tank{inside}»</p>") == "<p>«\u00a0Tank\u00a0»</p>", repr(inside)
    assert french_typography("<p>«<a href='/x'>Tank</a>»</p>") == "<p>«\u00a0<a href='/x'>Tank</a>\u00a0»</p>"


def test_a_rule_citation_never_breaks_between_r_and_its_number():
    assert french_typography("<p>voir R. 459 et <a href='/r/'>R. 465.2.a</a></p>") == (
        "<p>voir R.\u00a0459 et <a href='/r/'>R.\u00a0465.2.a</a></p>")
    assert french_typography("R. 12, puis R.\u202f13") == "R.\u00a012, puis R.\u00a013"
    # Attribute values, code, words ending in « R. » and an « R. » without a number are left alone.
    source = '<a title="R. 459" href="/x">x</a><code>R. 4</code><p>AR. 4, R. Martin</p>'
    assert french_typography(source) == source
