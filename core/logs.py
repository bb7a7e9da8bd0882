"""Logging for operations: one JSON line per event on stdout, and no warning for an ordinary 4xx."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class ServerErrorsOnly(logging.Filter):
    """Keep a ``django.request`` record only for a 5xx: a 404 or a refused form is the site working normally."""

    def filter(self, record: logging.LogRecord) -> bool:
        return getattr(record, "status_code", 500) >= 500


class JsonLineFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", "status", "method", "path", "exception"}`` on one line: a
    traceback stays inside its event, so a log collector never splits it."""

    def format(self, record: logging.LogRecord) -> str:
        event = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if (status := getattr(record, "status_code", None)) is not None:
            event["status"] = status
        request = getattr(record, "request", None)
        if request is not None and hasattr(request, "path"):
            event["method"] = getattr(request, "method", "")
            event["path"] = request.path
        if record.exc_info:
            event["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            event["exception"] = record.exc_text
        return json.dumps(event, ensure_ascii=False, default=str)
