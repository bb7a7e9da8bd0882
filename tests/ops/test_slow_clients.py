"""The shipped gunicorn configuration keeps answering while slow clients trickle their headers (slowloris).

With sync workers, three such sockets held every worker and the site answered nothing for about 30 s."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

GUNICORN = str(Path(sys.executable).parent / "gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answer(port: int, timeout: float) -> int:
    """The status of one GET /sante/, or 0 when nothing came back in time."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(b"GET /sante/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            head = conn.recv(64)
    except OSError:
        return 0
    return int(head.split()[1]) if head.startswith(b"HTTP/") else 0


@pytest.fixture
def gunicorn(tmp_path):
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "GUNICORN_"))}
    env.update({
        "DJANGO_SETTINGS_MODULE": "riftpal.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",  # /sante/ answers 503: an answer all the same
        "DJANGO_CACHE_DIR": str(tmp_path / "cache"),
        "DJANGO_LOG_LEVEL": "ERROR",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "2",  # fewer workers than slow clients
    })
    process = subprocess.Popen([GUNICORN], cwd=settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not answer(port, 2):
            if time.monotonic() > deadline or process.poll() is not None:
                pytest.fail("gunicorn n'a pas démarré avec gunicorn.conf.py")
            time.sleep(0.2)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_three_slow_clients_do_not_stop_the_site(gunicorn):
    slow = []
    for _ in range(3):
        conn = socket.create_connection(("127.0.0.1", gunicorn), timeout=5)
        conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(conn)
    try:
        answered = []
        for n in range(6):
            for conn in slow:  # one more header byte each, never the end of the headers
                conn.sendall(f"X-{n}: a\r\n".encode())
            answered.append(answer(gunicorn, timeout=3))
            time.sleep(0.2)
    finally:
        for conn in slow:
            conn.close()
    assert all(answered), answered
