"""The production stack, started once for the module by scripts/prod-stack.sh, exactly as an operator starts it:
nginx (deploy/nginx.conf) in front of gunicorn (gunicorn.conf.py) with riftpal.settings.prod, static files collected
with the manifest storage, the content loaded, by the same helper as the benchmarks (bench/_stack.py). Every wait
is bounded; the stack is stopped by its process id (a SIGTERM to the script, which stops what it started), then its
process group is killed if it did not stop."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench._stack import Stack as ProductionStack
from bench._stack import StackError

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 240  # migrate, collectstatic, load_content and the search index on two busy cores


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes  # decompressed
    sent: int = 0  # bytes on the wire (compressed when the server compressed)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Stack:
    url: str
    folder: Path

    def get(self, path: str, **headers: str) -> Answer:
        request = urllib.request.Request(self.url + path, headers={"Accept-Encoding": "gzip", **headers})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw, header_map = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, header_map = error.code, error.read(), error.headers
        lowered = {name.lower(): value for name, value in header_map.items()}
        sent = len(raw)
        if lowered.get("content-encoding") == "gzip":
            raw = gzip.decompress(raw)
        return Answer(status, lowered, raw, sent)

    def env(self) -> dict[str, str]:
        """The settings the stack's gunicorn runs with (for `manage.py check --deploy`)."""
        values = {}
        for line in (self.folder / "environment").read_text().splitlines():
            name, _, value = line.partition("=")
            values[name] = value
        return values


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("prod-stack")
    try:
        running = ProductionStack(folder, start_seconds=START_SECONDS, inherit_database=False,
                                  extra={"DJANGO_LOG_LEVEL": "INFO"})
    except StackError as error:
        pytest.fail(str(error))
    try:
        yield Stack(running.url, running.folder)
    finally:
        running.stop()
