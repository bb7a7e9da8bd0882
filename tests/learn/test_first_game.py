"""« Une première partie entière »: a duel the engine plays from the first turn to the final point, told for a
beginner. The expected values are the rules' (R. 315, 471, 473, 487, 194.2, 323.1), not read from the engine."""

import html as markup

import pytest
import yaml
from django.urls import reverse

import engine
from engine.__main__ import main
from learn import first_game, path
from tests.learn.test_start import example
from worked_examples.paths import SCENARIOS_DIR

SCENARIO = SCENARIOS_DIR / f"{first_game.SLUG}.yaml"


def played() -> tuple[dict, dict]:
    text = SCENARIO.read_text(encoding="utf-8")
    return yaml.safe_load(text), engine.run(engine.load_scenario(text)).to_dict()


def text(page) -> str:
    return markup.unescape(page.content.decode()).replace("\u2019", "'")


def test_the_game_goes_from_the_first_turn_to_the_final_point():
    data, result = played()
    starts = [a for a in data["actions"] if a["do"] == "start_turn"]
    assert len(starts) == 11
    # A duel is won at 8 points (R. 487.3), in the cleanup that sees them (R. 194.2, 323.1).
    assert result["winner"] == "p1"
    assert result["players"]["p1"]["points"] == 8
    assert result["players"]["p2"]["points"] < 8
    events = [event["type"] for event in result["events"]]
    assert events[-1] == "game_won"
    # Each begun turn: two runes channelled (R. 315.3), one card drawn (R. 315.4) — except the last, where the
    # game ends in the Beginning phase, before the Channel phase.
    assert events.count("runes_channeled") == 10 and events.count("drew") == 10
    assert result["players"]["p1"]["runes"] == 12 - 2 * 5 and result["players"]["p1"]["deck"] == 20 - 5
    # What a beginner meets on the way: units played, moves, a showdown with a spell, combats.
    for kind in ("unit_played", "moved", "showdown_started", "chain_added", "combat_started", "died"):
        assert kind in events, kind
    hows = {(score["how"], score["point"]) for score in result["scores"]}
    assert {("conquer", True), ("hold", True)} <= hows
    # The final point comes from holding the Autel, which the final-point restriction of a conquest does not touch
    # (R. 473.1.a.1, 473.1.b).
    final = result["scores"][-1]
    assert (final["player"], final["battlefield"], final["how"], final["points_after"]) == ("p1", "autel", "hold", 8)


def test_the_engine_check_holds_the_games_expectations(capsys):
    assert main(["run", str(SCENARIO)]) == 0
    assert "vainqueur 'p1'" in capsys.readouterr().out


def test_every_turn_is_told_and_every_moment_opens_its_step():
    data, result = played()
    turns = first_game.story(data, result)
    assert [turn["number"] for turn in turns] == list(range(1, 12))
    assert [turn["player"] for turn in turns[:3]] == ["Joueuse A", "Joueur B", "Joueuse A"]
    trace = result["trace"]
    for turn in turns:
        for moment in turn["moments"]:
            assert trace[moment["index"]]["kind"] == "action"
    # The steps of /debuter/ open the moment that shows them.
    assert trace[first_game.moment_index(data, result, "le-combat")]["kind"] == "combat"
    assert trace[first_game.moment_index(data, result, "le-but")]["reason"]["code"] == "victory"
    played_at = first_game.moment_index(data, result, "jouer-une-carte")
    assert data["actions"][trace[played_at]["action"]]["do"] == "play_unit"


@pytest.mark.django_db
def test_the_page_shows_the_player_and_the_story(client):
    example(first_game.SLUG)
    page = client.get(reverse("learn:first_game"))
    assert page.status_code == 200
    body = text(page)
    assert 'id="player-premiere-partie"' in body
    assert "Tour 11 · Joueuse A" in body
    assert "Le récit, tour par tour" in body
    # The last step: the engine declares the winner.
    end = text(client.get(reverse("learn:first_game"), {"etape": "fin"}))
    assert "Joueuse A a gagné la partie" in end
    # htmx asks for the player alone.
    partial = client.get(reverse("learn:first_game"), {"etape": "fin"}, headers={"HX-Request": "true"})
    assert "<html" not in partial.content.decode() and 'id="player-premiere-partie"' in partial.content.decode()


@pytest.mark.django_db
def test_each_step_of_the_path_links_the_first_game(client):
    example(first_game.SLUG)
    body = client.get(reverse("learn:start")).content.decode()
    steps = [step["slug"] for step in path.source()["steps"]]
    assert body.count("Voir ce moment dans une partie entière") == len(steps)
    assert reverse("learn:first_game") in body


@pytest.mark.django_db
def test_without_the_example_the_page_is_missing(client):
    assert client.get(reverse("learn:first_game")).status_code == 404


@pytest.mark.django_db
def test_the_first_game_and_the_permis_questions_are_in_the_sitemap(client):
    from learn.sitemaps import LearnPagesSitemap, QuestionSitemap

    pages = [LearnPagesSitemap().location(name) for name in LearnPagesSitemap().items()]
    assert reverse("learn:first_game") in pages
    assert "permis-reaction-hors-confrontation" in QuestionSitemap().items()


def test_the_pages_own_styles_leave_the_player_alone():
    # Issue 33 item 5: learn.css styled its table plan with `.zone--base { grid-area: base }` and `.zone span`, the
    # very classes of the player's board, so both bases of the first game landed in one grid cell and the Might on
    # tokens turned grey. A page that shows the player must not restyle any class the player uses.
    import re

    from django.conf import settings

    def classes(path) -> set[str]:
        css = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        return set(re.findall(r"\.([a-zA-Z_][\w-]*)", re.sub(r"url\([^)]*\)", "", css)))

    base = settings.BASE_DIR
    learn_css = classes(base / "learn" / "static" / "learn" / "learn.css")
    player_css = classes(base / "worked_examples" / "static" / "css" / "player.css")
    player_html = (base / "templates" / "examples" / "_player.html").read_text(encoding="utf-8")
    used = set(re.findall(r"[\w-]+", " ".join(re.findall(r'class="([^"]*)"', player_html))))
    assert learn_css & (player_css | used) == set()
