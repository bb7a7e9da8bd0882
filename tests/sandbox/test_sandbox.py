"""The sandbox: form ⇄ scenario translation, share codes, export, validation messages and the page."""

from __future__ import annotations

import base64
import json
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.urls import reverse

from rules import engine
from sandbox import builder as sb

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "rules" / "content" / "scenarios").glob("*.yaml"))
URL = "/bac-a-sable/"


# --------------------------------------------------------------------------- helpers


def at_least_5() -> dict:
    """« 4, jusqu'à 5, +2 » as the engine's scenario dict."""
    return {
        "title": "Au moins 5",
        "description": "Une unité de 4, jusqu'à 5 et +2.",
        "topic": "couches",
        "players": [{"id": "p1", "name": "Joueuse A"}],
        "objects": [
            {"id": "u1", "name": "Unité A", "printed_power": 4, "zone": "battlefield", "controller": "p1"}
        ],
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


def form_fields(html: str) -> dict[str, list[str]]:
    parser = FormFields()
    parser.feed(html)
    out: dict[str, list[str]] = {}
    for name, value in parser.fields:
        out.setdefault(name, []).append(value)
    return out


def code_of(html: str) -> str | None:
    import re

    match = re.search(r'id="sb-share-url" type="text" readonly value="[^"]*\?s=([^"]+)"', html)
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
                (e.get("type"), e.get("object"), e.get("player"), e.get("effect"))
                for e in o.get("events") or []
            ],
        }
        for o in outcomes
    ]


# ---------------------------------------------------------------- every worked example fits in the form


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_goes_through_the_form_unchanged(path):
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    form = sb.form_from_scenario(original)
    assert form.notices == []
    rebuilt, _paths = sb.build(form)
    assert rebuilt is not None, [(r.id, r.errors, r.row_error) for rows in form.rows.values() for r in rows]
    # The rebuilt scenario keeps every expectation of the worked example…
    checked = engine.run(engine.load_scenario({**rebuilt, "expect": original["expect"]}))
    assert checked.ok, [e for e in checked.to_dict()["expectations"] if not e["ok"]]
    # …and gives the same result as the original, event by event.
    without_expect = {k: v for k, v in original.items() if k != "expect"}
    assert comparable(sb.run_scenario(rebuilt)) == comparable(
        engine.run(engine.load_scenario(without_expect)).to_dict()
    )
    # The share code rebuilds it exactly.
    assert sb.build(sb.form_from_scenario(sb.decode(sb.encode(rebuilt))))[0] == rebuilt


@pytest.mark.django_db
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_html_form_posts_back_the_same_scenario(client, path):
    """Through the real page: open a scenario, submit the form as a browser would, get the same code."""
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    original.pop("expect")
    code = sb.encode(sb.build(sb.form_from_scenario(original))[0])
    html = client.get(URL, {"s": code}).content.decode()
    response = client.post(URL, form_fields(html))
    assert response.status_code == 200
    posted = code_of(response.content.decode())
    # Checkboxes list units in the order of the units: « kill [b, a] » comes back as « kill [a, b] »,
    # the same single instruction. Everything else comes back exactly, and the engine agrees.
    assert comparable(sb.run_scenario(sb.decode(posted))) == comparable(sb.run_scenario(sb.decode(code)))
    again = client.post(URL, form_fields(response.content.decode()))
    assert code_of(again.content.decode()) == posted
    normalise = lambda d: json.dumps(  # noqa: E731
        {
            **d,
            "actions": [{k: sorted(v) if k == "objects" else v for k, v in a.items()} for a in d["actions"]],
        },
        sort_keys=True,
    )
    assert normalise(sb.decode(posted)) == normalise(sb.decode(code))


# --------------------------------------------------------------------------- translation


def test_timestamps_follow_the_order_of_effects():
    form = sb.form_from_scenario(at_least_5())
    data, _ = sb.build(form)
    assert [e["since"] for e in data["effects"]] == [1, 2]
    sb.apply_op(form, "up:e1")
    form = sb.form_from_scenario(sb.build(form)[0])
    data, _ = sb.build(form)
    assert [(e["label"], e["since"]) for e in data["effects"]] == [("+2", 1), ("Jusqu'à 5", 2)]


def test_same_instant_shares_a_timestamp():
    scenario = at_least_5()
    scenario["effects"][1]["since"] = 1
    form = sb.form_from_scenario(scenario)
    assert form.rows["e"][1].values["same_time"] is True
    assert [e["since"] for e in sb.build(form)[0]["effects"]] == [1, 1]


def test_effects_are_sorted_by_timestamp_when_imported():
    scenario = at_least_5()
    scenario["effects"][0]["since"], scenario["effects"][1]["since"] = 5, 3
    form = sb.form_from_scenario(scenario)
    assert [r.values["label"] for r in form.rows["e"]] == ["+2", "Jusqu'à 5"]


def test_spell_instructions_are_rows_under_the_spell():
    scenario = yaml.safe_load(
        (SCENARIOS[0].parent / "instructions-successives.yaml").read_text(encoding="utf-8")
    )
    form = sb.form_from_scenario(scenario)
    assert [(r.kind, r.values.get("in_spell")) for r in form.rows["a"]] == [
        ("resolve", None),
        ("kill", True),
        ("kill", True),
    ]
    assert sb.build(form)[0]["actions"][0]["steps"] == scenario["actions"][0]["steps"]


def test_every_kind_and_action_of_the_registry_has_a_form():
    form = sb.form_from_scenario(at_least_5())
    for kind in engine.kinds.KINDS:
        sb.apply_op(form, "add-effect", {"new_kind": kind})
    for action in engine.kinds.ACTIONS:
        sb.apply_op(form, "add-action", {"new_action": action})
    assert {r.kind for r in form.rows["e"]} == set(engine.kinds.KINDS)
    assert {r.kind for r in form.rows["a"]} == set(engine.kinds.ACTIONS)


def test_a_new_kind_appears_in_the_sandbox_by_itself(monkeypatch):
    from rules.engine.kinds import KINDS, Kind, Param

    monkeypatch.setitem(
        KINDS,
        "triple_bonus",
        Kind(
            "triple_bonus",
            "Bonus triple",
            "continuous",
            "numeric",
            "increase",
            "power",
            (Param("value", "int", "valeur", min=0, max=9),),
        ),
    )
    form = sb.empty_form()
    sb.apply_op(form, "add-object")
    sb.apply_op(form, "add-effect", {"new_kind": "triple_bonus"})
    assert form.rows["e"][0].values["value"] == "1"
    data, _ = sb.build(form)
    assert data["effects"][0]["kind"] == "triple_bonus"


def test_ops_add_delete_move_and_ignore_nonsense():
    form = sb.empty_form()
    sb.apply_op(form, "add-object")
    sb.apply_op(form, "add-object")
    assert [r.values["name"] for r in form.rows["o"]] == ["Unité A", "Unité B"]
    assert form.focus == "sb-o1-name"
    sb.apply_op(form, "del:o0")
    assert [r.values["name"] for r in form.rows["o"]] == ["Unité B"]
    sb.apply_op(form, "del:p0")  # the last player stays
    assert len(form.rows["p"]) == 1 and "p" in form.section_errors
    for op in ("up:e99", "del:x1", "down:o0", "", "add-effect", "<script>", "up:e-1"):
        sb.apply_op(form, op, {})
    assert len(form.rows["o"]) == 1


def test_limits_are_enforced_by_the_add_buttons():
    form = sb.empty_form()
    for _ in range(sb.MAX_OBJECTS + 3):
        sb.apply_op(form, "add-object")
    assert len(form.rows["o"]) == sb.MAX_OBJECTS
    assert "20" in form.section_errors["o"]


# --------------------------------------------------------------------------- share codes


def test_share_code_round_trip_and_length():
    data = at_least_5()
    code = sb.encode(data)
    assert code.startswith("1.") and len(code) < 400
    assert sb.decode(code) == data


@pytest.mark.parametrize(
    "code, words",
    [
        ("", "vide"),
        ("abc", "version"),
        ("2.AAAA", "plus récente"),
        ("x.AAAA", "inconnue"),
        ("1.***", "caractères"),
        ("1.A", "incomplet"),
        ("1." + "A" * (sb.MAX_CODE_LENGTH + 1), "trop long"),
    ],
)
def test_bad_share_codes_have_a_french_message(code, words):
    with pytest.raises(sb.ShareCodeError) as info:
        sb.decode(code)
    assert words in info.value.message


def _raw_code(payload: bytes) -> str:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, zdict=sb.SHARE_DICTIONARY_V1)
    return "1." + base64.urlsafe_b64encode(compressor.compress(payload) + compressor.flush()).decode().rstrip(
        "="
    )


def test_truncated_tampered_bombs_and_non_situations_are_refused():
    code = sb.encode(at_least_5())
    middle = len(code) // 2
    tampered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    for bad in (code[:-10], code[:20], code[:-3], tampered):
        with pytest.raises(sb.ShareCodeError):
            sb.decode(bad)
    bomb = _raw_code(b" " * (5 * 1024 * 1024))
    assert len(bomb) < sb.MAX_CODE_LENGTH
    with pytest.raises(sb.ShareCodeError, match="trop grande"):
        sb.decode(bomb)
    for payload in (b"[1, 2]", b"\xff\xfe", b"[" * 50_000, b"null"):
        with pytest.raises(sb.ShareCodeError):
            sb.decode(_raw_code(payload))


def test_a_decodable_but_absurd_situation_gives_a_partial_form():
    junk = {
        "title": 5,
        "players": [{"id": "p1", "name": ["x"]}, 7],
        "objects": "nope",
        "effects": [{"kind": "increase", "value": "<script>"}, {"kind": "nonsense"}],
        "actions": [{"do": 3}],
    }
    form = sb.form_from_scenario(junk)
    data, _ = sb.build(form)
    assert data is None and form.has_errors()
    assert any("ignoré" in n for n in form.notices)


# --------------------------------------------------------------------------- export


def test_exported_yaml_is_accepted_by_the_engine():
    data = sb.build(sb.form_from_scenario(at_least_5()))[0]
    text = sb.to_yaml(data)
    scenario = engine.load_scenario(text)
    assert scenario.title == "Au moins 5"
    assert engine.run(scenario).to_dict()["queries"][0]["value"] == 6


@pytest.mark.django_db
def test_export_is_a_download(client):
    code = sb.encode(at_least_5())
    response = client.get(reverse("sandbox:export"), {"s": code})
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="au-moins-5.yaml"'
    engine.load_scenario(response.content.decode())
    assert client.get(reverse("sandbox:export"), {"s": "1.zz"}).status_code == 400


# --------------------------------------------------------------------------- the page


def base_post(**extra) -> dict:
    post = {
        "title": "Ma situation",
        "topic": "couches",
        "turn_player": "p1",
        "p0-id": "p1",
        "p0-name": "Joueuse A",
        "p0-xp": "0",
        "p0-cards_played": "0",
        "p0-hand": "0",
    }
    post.update(extra)
    return post


def unit_post(**values) -> dict:
    row = {
        "o0-id": "u1",
        "o0-name": "Unité A",
        "o0-type": "unit",
        "o0-printed_power": "4",
        "o0-zone": "battlefield",
        "o0-controller": "p1",
    }
    row.update({f"o0-{k}": v for k, v in values.items()})
    return row


@pytest.mark.django_db
def test_empty_sandbox_states_its_limits(client):
    html = client.get(URL).content.decode()
    assert "Limites : 8 joueurs, 20 unités ou objets, 40 effets, 50 actions" in html
    assert 'hx-headers=\'{"X-CSRFToken": ' in html
    assert "Ajouter une unité" in html and "Lancer" in html


@pytest.mark.django_db
def test_lancer_shows_the_player_with_6(client):
    code = sb.encode(at_least_5())
    response = client.get(URL, {"s": code})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="sandbox-player"' in html and "Pourquoi cet ordre ?" in html and "Et si… ?" in html
    assert "Unité A : puissance 6" in html
    # Stepping links keep the situation.
    assert f"?s={code}&amp;etape=1" in html


@pytest.mark.django_db
def test_htmx_step_returns_only_the_player(client):
    code = sb.encode(at_least_5())
    response = client.get(
        URL, {"s": code, "etape": 2}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sandbox-player"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<section") and "sandbox-form" not in html


@pytest.mark.django_db
def test_htmx_post_returns_the_workspace_and_the_address(client):
    response = client.post(
        URL, base_post(op="run", **unit_post()), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sandbox-workspace"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sandbox-workspace"') and "<html" not in html
    assert response["HX-Replace-Url"].startswith("/bac-a-sable/?s=1.")
    assert 'name="lance" value="1"' in html and "Unité A : puissance 4" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "value, message",
    [
        ("", "obligatoire"),
        ("quatre", "nombre entier"),
        ("4.5", "nombre entier"),
        ("150", "entre -99 et 99"),
    ],
)
def test_bad_numbers_are_explained_next_to_the_field_and_kept(client, value, message):
    response = client.post(URL, base_post(op="run", **unit_post(printed_power=value)))
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="sb-o0-printed_power-error"' in html and message in html
    assert f'name="o0-printed_power" value="{value}"' in html
    assert 'aria-invalid="true"' in html
    assert 'name="o0-name" value="Unité A"' in html  # the other fields are kept


@pytest.mark.django_db
def test_unknown_unit_in_an_effect_is_explained(client):
    post = base_post(
        **unit_post(),
        **{
            "e0-id": "e1",
            "e0-kind": "increase",
            "e0-label": "+2",
            "e0-value": "2",
            "e0-target": "fantome",
            "e0-duration": "permanent",
        },
    )
    html = client.post(URL, post).content.decode()
    assert "Unité inconnue « fantome »" in html
    assert '<option value="fantome" selected>« fantome » (introuvable)</option>' in html


@pytest.mark.django_db
def test_too_many_rows_and_too_long_names(client):
    post = base_post(**unit_post(name="N" * 61))
    for i in range(1, sb.MAX_OBJECTS + 3):
        post.update(
            {
                f"o{i}-id": f"u{i + 1}",
                f"o{i}-name": f"U{i}",
                f"o{i}-printed_power": "1",
                f"o{i}-zone": "base",
                f"o{i}-controller": "p1",
                f"o{i}-type": "unit",
            }
        )
    html = client.post(URL, post).content.decode()
    assert "Texte trop long : 60 caractères au maximum" in html
    assert "Trop de lignes : 20 au maximum (ici 23)" in html


@pytest.mark.django_db
def test_engine_refusal_is_shown_next_to_the_row(client):
    post = base_post(
        **unit_post(), **{"a0-id": "a1", "a0-do": "swap", "a0-objects": ["u1"], "a0-duration": "turn"}
    )
    html = client.post(URL, post).content.decode()
    assert "Le moteur refuse" in html and "exactement deux objets" in html


@pytest.mark.django_db
def test_tampered_link_is_a_clear_400(client):
    response = client.get(URL, {"s": sb.encode(at_least_5())[:-6]})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Impossible d'ouvrir ce lien" in html and "Ajouter une unité" in html


@pytest.mark.django_db
def test_open_a_worked_example(client, site_content):
    response = client.get(URL, {"exemple": "deux-augmentations-limitees"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'value="Jusqu&#x27;à 5 (passive)"' in html and "Unité A : puissance 5" in html
    assert client.get(URL, {"exemple": "inconnu"}).status_code == 404
    detail = client.get(
        reverse("examples:detail", args=["deux-augmentations-limitees"])
    ).content.decode()
    assert "/bac-a-sable/?exemple=deux-augmentations-limitees" in detail
    faq = client.get("/faq/").content.decode()
    assert "Bac à sable" in faq  # the navigation link
    from rules.models import FAQEntry

    entry = FAQEntry.objects.filter(examples__isnull=False).first()
    page = client.get(entry.get_absolute_url()).content.decode()
    assert "player__kicker" in page and "/bac-a-sable/?exemple=" in page  # embedded players too


@pytest.mark.django_db
def test_what_if_inside_the_sandbox(client):
    code = sb.encode(at_least_5())
    response = client.get(
        URL,
        {
            "s": code,
            "si": "1",
            "effect:e1": "1",
            "effect:e2": "1",
            "xp:p1": "0",
            "power:u1": "1",
            "defending:u1": "",
        },
    )
    assert response.status_code == 200
    assert "Situation modifiée" in response.content.decode()


def test_version_1_links_keep_working():
    """A link made today must open the same situation forever: this code was made by version 1."""
    data = sb.decode("1.ePmcFh9Yqx6saZAOqSxWh0DK8SotLixVB3rNFDPd4IsxItKLthGBpIjVMCOQmxHxHFsLANfNkXQ")
    assert data["objects"] == [
        {"id": "u1", "name": "Unité A", "printed_power": 4, "zone": "battlefield", "controller": "p1"}
    ]
    assert [(e["kind"], e["value"], e["since"]) for e in data["effects"]] == [
        ("increase_up_to", 5, 1),
        ("increase", 2, 2),
    ]
    assert sb.run_scenario(sb.build(sb.form_from_scenario(data))[0])["objects"]["u1"]["power"] == 6


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_worked_example_can_be_rebuilt_from_scratch(path):
    """Only the palette's buttons and typed values, starting from an empty sandbox: same engine result."""
    original = yaml.safe_load(path.read_text(encoding="utf-8"))
    original.pop("expect")
    wanted = sb.form_from_scenario(original)
    form = sb.empty_form()
    sb.apply_op(form, "del:p0")  # refused: the last player stays, it is reused below
    for _ in wanted.rows["p"][1:]:
        sb.apply_op(form, "add-player")
    for _ in wanted.rows["o"]:
        sb.apply_op(form, "add-object")
    for row in wanted.rows["e"]:
        sb.apply_op(form, "add-effect", {"new_kind": row.kind})
    for row in wanted.rows["a"]:
        sb.apply_op(form, "add-action", {"new_action": row.kind})
    for row in wanted.rows["c"]:
        sb.apply_op(form, "add-choice-" + row.kind)
    form.section_errors.clear()
    # The learner picks units, players and effects by name in lists: translate the example's ids.
    ids = {
        section: {old.id: new.id for old, new in zip(wanted.rows[section], form.rows[section], strict=True)}
        for section in wanted.rows
    }
    pools = {
        "objects": ids["o"],
        "targets": ids["o"],
        "players": ids["p"],
        "effects": ids["e"],
        "actions": ids["a"],
    }
    for section, rows in wanted.rows.items():
        for old, new in zip(rows, form.rows[section], strict=True):
            for spec in sb.row_specs(section, {"kind": old.kind, "do": old.kind, "type": old.kind}):
                value = old.values[spec.key]
                if spec.type == "ref":
                    value = pools[spec.ref].get(value, value)
                elif spec.type == "refs":
                    value = [pools[spec.ref].get(v, v) for v in value]
                new.values[spec.key] = value
    form.meta.update({k: v for k, v in wanted.meta.items() if k != "turn_player"})
    form.meta["turn_player"] = ids["p"].get(wanted.meta["turn_player"], "")
    rebuilt, _ = sb.build(form)
    assert rebuilt is not None, [(r.id, r.errors, r.row_error) for rows in form.rows.values() for r in rows]
    expected = comparable(engine.run(engine.load_scenario(original)).to_dict())
    names = {**ids["o"], **ids["p"], **ids["e"]}

    def rename(value):
        if isinstance(value, dict):
            return {k: rename(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [rename(v) for v in value]
        return names.get(value, value) if isinstance(value, str) else value

    renamed = rename(expected)
    got = comparable(sb.run_scenario(rebuilt))
    # Objects and players are keyed by id: compare them in order.
    for want, have in zip(renamed, got, strict=True):
        assert list(want["objects"].values()) == list(have["objects"].values())
        assert list(want["players"].values()) == list(have["players"].values())
        assert want["queries"] == have["queries"]
        assert [e[0] for e in want["events"]] == [e[0] for e in have["events"]]
