"""The production stack, started once for the module by scripts/prod-stack.sh, exactly as an operator starts it:
nginx (deploy/nginx.conf) in front of gunicorn (gunicorn.conf.py) with riftpal.settings.prod, static files collected
with the manifest storage, the content loaded. Every wait is bounded; the stack is stopped by its process id (a
SIGTERM to the script, which stops what it started), then its process group is killed if it did not stop."""

from __future__ import annotations

import gzip
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 240  # migrate, collectstatic, load_content and the search index on two busy cores


def free_port_pair() -> int:
    """A port whose next one is free too (nginx listens on it, gunicorn on the next)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port >= 65000:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port
    raise RuntimeError("aucun port libre")


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
    port = free_port_pair()
    log = (folder / "stack.log").open("w")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DJANGO_", "GUNICORN_")) and key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(RIFTPAL_PROD_PORT=str(port), RIFTPAL_PROD_DIR=str(folder / "site"))
    process = subprocess.Popen([str(ROOT / "scripts/prod-stack.sh")], cwd=ROOT, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while "Prêt" not in (folder / "stack.log").read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("La pile de production n'a pas démarré :\n" + (folder / "stack.log").read_text()[-3000:])
            time.sleep(0.5)
        yield Stack(url, folder / "site")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()
