"""Relevance floor: players' questions (questions.yaml) find their answer in the top 3, on the shipped content."""

import pytest

from search import relevance

pytestmark = pytest.mark.django_db

TOP_3_FLOOR = 0.85


def test_players_questions_find_their_answer_in_the_top_3(site_content):
    # One test, since loading the shipped content is the slow part.
    questions = relevance.load_questions()
    assert len(questions) >= 60
    assert relevance.unknown_targets(questions) == []
    report = relevance.evaluate(questions)
    misses = "\n".join(f"  « {o.query} » → attendu {o.expected[0]}, trouvé {o.found[:3]}" for o in report.misses)
    assert report.share(3) >= TOP_3_FLOOR, f"top 3 : {report.share(3):.0%}\n{misses}"
