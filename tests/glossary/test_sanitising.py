"""Markdown is sanitised before the tooltip markup is added: no payload reaches the page."""

import re

import pytest

from glossary.rendering import render_markdown

from .factories import glossary, info

GLOSSARY = glossary(info("Couche", "couches"), info("Bouclier"))

PAYLOADS = [
    "<script>alert(1)</script> couche",
    "<img src=x onerror=alert(1)> couche",
    "[couche](javascript:alert(1))",
    "[clic](JaVaScRiPt:alert(1)) couche",
    "<a href=\"javascript:alert(1)\">couche</a>",
    "<svg onload=alert(1)>couche</svg>",
    "<iframe src=\"https://evil.example\"></iframe> couche",
    "<p style=\"background:url(javascript:alert(1))\">couche</p>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">couche</a>",
    "couche <details open ontoggle=alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>couche",
    "\"><script>alert(1)</script>couche",
    "<object data=\"javascript:alert(1)\"></object> Bouclier",
    "![couche](javascript:alert(1))",
    "<a href=\"&#106;avascript:alert(1)\">couche</a>",
    "<form action=\"javascript:alert(1)\"><button>couche</button></form>",
    "couche <!-- <script>alert(1)</script> -->",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payloads_never_reach_the_page(payload):
    html = render_markdown(payload, glossary=GLOSSARY)
    lowered = html.lower()
    assert "<script" not in lowered
    assert "javascript:" not in lowered
    assert "data:text" not in lowered
    assert not re.search(r"\son\w+\s*=", lowered)
    assert "<iframe" not in lowered and "<svg" not in lowered and "<object" not in lowered
    assert "style=" not in lowered
    assert "<form" not in lowered and "<img" not in lowered


def test_a_term_name_with_markup_is_escaped_in_the_tooltip():
    evil = glossary(info("Couche", definition="<img src=x onerror=alert(1)> & co"))
    html = render_markdown("Une couche.", glossary=evil)
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; co" in html
