"""Hostile input: thousands of random forms and share codes never give a 500 nor unescaped text back."""

from __future__ import annotations

import pytest
import yaml
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sandbox import importing, running, share
from worked_examples.paths import SCENARIOS_DIR

from .helpers import at_least_5, form_fields, html_of

pytestmark = pytest.mark.django_db

SCENARIOS = sorted((SCENARIOS_DIR).glob("*.yaml"))
PAYLOAD = "<script>alert('riftpal')</script>"
URL = "/bac-a-sable/"

_bases: list[dict[str, list[str]]] = []


def bases(client) -> list[dict[str, list[str]]]:
    """The fields a browser submits for a few real situations (the starting point of each hostile form)."""
    if not _bases:
        picks = [at_least_5()] + [yaml.safe_load(p.read_text(encoding="utf-8")) for p in SCENARIOS[::6]]
        for data in picks:
            data.pop("expect", None)
            code = share.encode(running.scenario_of(importing.data_from_scenario(data)))
            _bases.append(form_fields(html_of(client.get(URL, {"s": code}))))
        _bases.append(form_fields(html_of(client.get(URL))))
    return _bases


hostile_text = st.one_of(
    st.just(PAYLOAD),
    st.just(""),
    st.just("   "),
    st.sampled_from(["-1", "-99999999999", "1e9", "99", "100", "4.5", "0x10", "−3", "+2", "NaN", "∞", "٣"]),
    st.sampled_from(
        [
            "p1",
            "u1",
            "e1",
            "a1",
            "source",
            "attached",
            "allies",
            "unit",
            "battlefield",
            "turn",
            "increase",
            "resolve",
            "query",
            "power",
            "1",
            "0",
            "on",
        ]
    ),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=3000),
    st.builds(lambda s: PAYLOAD + s, st.text(max_size=10)),
)
ops = st.one_of(
    st.sampled_from(
        [
            "run",
            "add:p",
            "add:o",
            "add:e",
            "add:a",
            "add:c-order",
            "add:c-accept",
            "add:c-assign",
            "add:c-play",
            "add:c-combat_first",
            "del:o-0",
            "del:p-0",
            "del:e-0",
            "del:a-0",
            "del:c-0",
            "up:e-1",
            "down:e-0",
            "up:a-1",
            "down:a-0",
            "up:e-0",
            "down:e-99",
            "",
        ]
    ),
    hostile_text,
)
field_name = st.one_of(
    st.sampled_from(["title", "description", "topic", "turn_player", "new_kind", "new_action", "lance"]),
    st.builds(
        lambda s, k: f"{s}-{k}",
        st.sampled_from("poeac"),
        st.sampled_from(["TOTAL_FORMS", "INITIAL_FORMS", "MAX_NUM_FORMS"]),
    ),
    st.builds(
        lambda s, i, k: f"{s}-{i}-{k}",
        st.sampled_from("poeac"),
        st.integers(0, 30),
        st.sampled_from(
            [
                "id",
                "name",
                "kind",
                "do",
                "type",
                "value",
                "target",
                "source",
                "label",
                "printed_power",
                "controller",
                "zone",
                "objects",
                "effects",
                "produce_0",
                "assign_1",
                "at",
                "to",
                "combat_first",
                "play",
                "cond_level",
                "cond_mighty",
                "in_spell",
                "showed_off",
                "execution",
                "max",
                "min",
                "event",
                "player",
            ]
        ),
    ),
    st.text(max_size=20),
)


@settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_and_hostile_forms_never_break_the_page(data):
    client = Client()
    base = dict(data.draw(st.sampled_from(bases(client))))
    post = {k: list(v) for k, v in base.items()}
    for _ in range(data.draw(st.integers(0, 8))):
        action = data.draw(st.sampled_from(["set", "set", "drop", "add"]))
        if action == "drop" and post:
            post.pop(data.draw(st.sampled_from(sorted(post))))
        elif action == "set" and post:
            post[data.draw(st.sampled_from(sorted(post)))] = data.draw(st.lists(hostile_text, min_size=1, max_size=3))
        else:
            post[data.draw(field_name)] = data.draw(st.lists(hostile_text, min_size=1, max_size=2))
    post["op"] = [data.draw(ops)]
    if data.draw(st.booleans()):
        post["lance"] = ["1"]
    headers = {}
    if data.draw(st.booleans()):
        headers = {
            "HTTP_HX_REQUEST": "true",
            "HTTP_HX_TARGET": data.draw(st.sampled_from(["sandbox-workspace", "sandbox-player", "autre"])),
        }
    response = client.post(URL, post, **headers)
    assert response.status_code < 500
    assert PAYLOAD not in response.content.decode()


share_codes = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda s: "1." + s,
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=300),
    ),
    st.builds(
        lambda d: share.encode(d),
        st.dictionaries(
            st.sampled_from(["title", "players", "objects", "effects", "actions", "choices", "topic", "x"]),
            st.recursive(
                st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12), hostile_text),
                lambda children: st.one_of(
                    st.lists(children, max_size=4),
                    st.dictionaries(st.text(max_size=12), children, max_size=4),
                ),
                max_leaves=20,
            ),
            max_size=8,
        ),
    ),
    st.builds(
        lambda i, cut: share.encode(at_least_5())[:cut] if i else share.encode(at_least_5())[cut:],
        st.booleans(),
        st.integers(0, 300),
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    code=share_codes,
    step=hostile_text,
    extra=st.dictionaries(st.text(max_size=15), hostile_text, max_size=4),
    htmx=st.booleans(),
)
def test_random_share_codes_never_break_the_page(code, step, extra, htmx):
    client = Client()
    params = {**extra, "s": code, "etape": step}
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sandbox-player"} if htmx else {}
    response = client.get(URL, params, **headers)
    assert response.status_code < 500
    assert PAYLOAD not in response.content.decode()
    response = client.get("/bac-a-sable/exporter/", {"s": code})
    assert response.status_code < 500


def row_with_kind_twice(prefix: str, key: str, values: list[str]) -> dict[str, list[str]]:
    return {f"{prefix}-TOTAL_FORMS": ["1"], f"{prefix}-INITIAL_FORMS": ["0"], f"{prefix}-0-{key}": values,
            "op": ["run"]}


@pytest.mark.parametrize(
    ("prefix", "key", "values"),
    [
        ("e", "kind", ["increase_up_to", "x"]),
        ("e", "kind", ["x", "increase_up_to"]),
        ("a", "do", ["resolve", "zz"]),
        ("a", "do", ["zz", "resolve"]),
        ("c", "type", ["order", "nope"]),
    ],
)
def test_a_row_kind_sent_twice_is_read_once(client, prefix, key, values):
    """The splitter and the row's form read the same (first) value: a form error or a notice, never a 500."""
    response = client.post(URL, row_with_kind_twice(prefix, key, values))
    assert response.status_code in (200, 400)
    assert "<html" in response.content.decode().lower()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_field_sent_twice_never_breaks_the_page(data):
    """A real form where some fields carry a second, hostile value (the first is what a browser sent)."""
    client = Client()
    post = {k: list(v) for k, v in data.draw(st.sampled_from(bases(client))).items()}
    for name in data.draw(st.lists(st.sampled_from(sorted(post)), max_size=6)):
        post[name] = post[name][:1] + data.draw(st.lists(hostile_text, min_size=1, max_size=2))
    post["op"] = ["run"]
    response = client.post(URL, post)
    assert response.status_code < 500
    assert PAYLOAD not in response.content.decode()
