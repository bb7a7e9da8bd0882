"""What the sandbox tests share: a scenario, reading the form back from the page, posting it again."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from sandbox import formdata, importing, situation

URL = "/bac-a-sable/"

def at_least_5() -> dict:
    """« 4, jusqu'à 5, +2 » as the engine's scenario dict."""
    return {
        "title": "Au moins 5",
        "description": "Une unité de 4, jusqu'à 5 et +2.",
        "topic": "couches",
        "players": [{"id": "p1", "name": "Joueuse A"}],
        "objects": [{"id": "u1", "name": "Unité A", "printed_power": 4, "zone": "battlefield", "controller": "p1"}],
        "effects": [
            {
                "id": "e1",
                "label": "Jusqu'à 5",
                "kind": "increase_up_to",
                "value": 5,
                "target": "u1",
                "since": 1,
            },
            {"id": "e2", "label": "+2", "kind": "increase", "value": 2, "target": "u1", "since": 2},
        ],
        "actions": [{"do": "query", "ask": "power", "object": "u1"}],
    }


class FormFields(HTMLParser):
    """What a browser would submit for the sandbox form (without pressing any button)."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.in_form = False
        self.select: str | None = None
        self.select_value: str | None = None
        self.first_option: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "sandbox-form":
            self.in_form = True
        if not self.in_form:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.select_value, self.first_option = a.get("name"), None, None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value", "")
            if "selected" in a:
                self.select_value = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form" and self.in_form:
            self.in_form = False
        if tag == "select" and self.select:
            value = self.select_value if self.select_value is not None else self.first_option
            self.fields.append((self.select, value or ""))
            self.select = None


def html_of(response) -> str:
    """The page as text, French non-breaking spaces (added site-wide before « : », « ; »…) as plain spaces."""
    return response.content.decode().replace("\xa0", " ").replace("\u202f", " ")


def form_fields(html: str) -> dict[str, list[str]]:
    parser = FormFields()
    parser.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in parser.fields:
        out.setdefault(name, []).append(value)
    return out


def code_of(html: str) -> str | None:

    match = re.search(r'id="sb-share-url" type="text" readonly value="[^"]*\?s=([^"#]+)', html)
    return match.group(1) if match else None


def comparable(result: dict) -> list:
    """The parts of an engine result that must not change when a scenario goes through the form."""
    outcomes = result.get("outcomes") or [result]
    return [
        {
            "objects": o.get("objects"),
            "players": o.get("players"),
            "queries": [q.get("value") for q in o.get("queries") or []],
            "events": [
                (e.get("type"), e.get("object"), e.get("player"), e.get("effect")) for e in o.get("events") or []
            ],
        }
        for o in outcomes
    ]


def build(scenario: dict) -> dict | None:
    return situation.Sandbox(importing.data_from_scenario(scenario)).build()


def post_of(data: formdata.FormData, **extra) -> dict:
    """What a browser submits for this form data (a dict of lists, as the test client takes it)."""
    q = data.to_querydict()
    post = {k: q.getlist(k) for k in q}
    post.update({k: [v] if isinstance(v, str) else v for k, v in extra.items()})
    return post


def run_page(client, scenario: dict, **fields):
    """Post the form of a scenario with some fields changed (``o-0-printed_power="quatre"``) and « Lancer »."""
    post = post_of(importing.data_from_scenario(scenario), op="run")
    post.update({k.replace("__", "-"): [v] if isinstance(v, str) else v for k, v in fields.items()})
    return client.post(URL, post)


