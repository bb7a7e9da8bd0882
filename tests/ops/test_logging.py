"""Logs: one JSON line per event on stdout, and an ordinary 4xx is no warning."""

from __future__ import annotations

import json
import logging

import pytest

from core.logs import JsonLineFormatter

pytestmark = pytest.mark.django_db


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def request_log():
    handler = Collect()
    logger = logging.getLogger("django.request")
    logger.addHandler(handler)
    yield handler.records
    logger.removeHandler(handler)


def test_ordinary_client_errors_are_not_logged(client, request_log):
    client.get("/faq/question-qui-n-existe-pas/")
    client.post("/bac-a-sable/", {"op": "run", "p-0-name": ""})
    client.get("/bac-a-sable/?exemple=%00")
    client.put("/faq/")
    assert request_log == []


def test_server_errors_are_logged(request_log):
    from django.http import HttpResponse
    from django.test import RequestFactory
    from django.utils.log import log_response

    log_response("Boum", response=HttpResponse(status=500), request=RequestFactory().get("/faq/"))
    assert [record.status_code for record in request_log] == [500]


def test_one_line_of_json_per_event():
    try:
        raise ValueError("première ligne\nseconde ligne")
    except ValueError:
        record = logging.getLogger("riftpal").makeRecord("riftpal", logging.ERROR, __file__, 1, "Échec %s", ("x",),
                                                          exc_info=__import__("sys").exc_info())
    line = JsonLineFormatter().format(record)
    assert "\n" not in line
    event = json.loads(line)
    assert event["level"] == "ERROR" and event["message"] == "Échec x"
    assert "seconde ligne" in event["exception"]


def test_settings_send_logs_to_stdout():
    from django.conf import settings

    handler = settings.LOGGING["handlers"]["stdout"]
    assert handler["stream"] == "ext://sys.stdout"
