"""The production stack started from Python: scripts/prod-stack.sh (nginx → gunicorn.conf.py → riftpal.settings.prod,
manifest storage, shipped content), the configuration the README ships, started and stopped by process id.

One helper for every caller: the benchmarks (bench/pages.py, bench/soak.py, bench/workers.py) and the tests that run
the stack (tests/production/conftest.py, tests/ops/test_slow_clients.py import it as ``bench._stack``). Under
scripts/with-postgres.sh the benchmarks' stack runs on the throwaway PostgreSQL database it exports (DATABASE_URL);
the tests always run on their own SQLite file.

Ports: a free pair (nginx, then gunicorn on the next one), taken from ``RIFTPAL_PORTS`` (``8810-8829``) when it is
set, so sessions sharing a machine can each keep to their own range; otherwise any free pair the system gives.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class StackError(RuntimeError):
    """The stack did not start: the message ends with its log."""


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port_pair() -> int:
    """A free port whose next one is free too, within ``RIFTPAL_PORTS`` (``first-last``) when it is set."""
    wanted = os.environ.get("RIFTPAL_PORTS", "")
    if wanted:
        first, _, last = wanted.partition("-")
        candidates = range(int(first), int(last or first))
    else:
        candidates = []
        for _ in range(50):
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            if port < 65000:
                candidates.append(port)
    for port in candidates:
        if _free(port) and _free(port + 1):
            return port
    raise RuntimeError(f"aucune paire de ports libres{f' dans {wanted}' if wanted else ''}")


def stop_process(process: subprocess.Popen, timeout: float = 60, group: bool = False) -> None:
    """SIGTERM to ``process`` (it stops what it started), then SIGKILL to it, or to its group, if it lingers."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        if group:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
        process.wait(timeout=10)


def add_counts(total: dict, part: dict) -> None:
    """Adds the counts of ``part`` (status → number) into ``total``."""
    for key, number in part.items():
        total[key] = total.get(key, 0) + number


def run_threads(target: Callable[[int], None], count: int) -> None:
    """``target(n)`` for n in range(count), each in its own thread; returns when all have finished."""
    threads = [threading.Thread(target=target, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class Stack:
    """nginx on ``port``, gunicorn on ``app_port``; ``folder`` holds the database, static files, cache and logs.

    ``bare``: migrate only (no static files, no content). ``inherit_database``: keep the caller's DATABASE_URL
    (the benchmarks under scripts/with-postgres.sh); the tests pass False and get a SQLite file of their own.
    ``reuse``: the folder is kept when the stack stops, and a stack started again on it skips the preparation
    (the same site under other server settings, in seconds).
    """

    def __init__(self, folder: Path, redis: bool = False, bare: bool = False, extra: dict[str, str] | None = None,
                 start_seconds: float = 600, inherit_database: bool = True, reuse: bool = False):
        self.folder = folder / "site"
        self.port = free_port_pair()
        self.app_port = self.port + 1
        self.url = f"http://127.0.0.1:{self.port}"
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("DJANGO_", "GUNICORN_")) and key != "REDIS_URL"
               and (inherit_database or key != "DATABASE_URL")}
        env.update({"RIFTPAL_PROD_PORT": str(self.port), "RIFTPAL_PROD_DIR": str(self.folder),
                    "RIFTPAL_REDIS_PORT": str(free_port_pair() if redis else 6390), "DJANGO_LOG_LEVEL": "WARNING",
                    **(extra or {})})
        self.log = folder / "stack.log"
        options = [*(["--redis"] if redis else []), *(["--bare"] if bare else []),
                   *(["--keep", "--reuse"] if reuse else [])]
        with self.log.open("w") as log:
            self.process = subprocess.Popen([str(ROOT / "scripts/prod-stack.sh"), *options], cwd=ROOT, env=env,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + start_seconds
        while "Prêt" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise StackError("La pile de production n'a pas démarré :\n" + self.log.read_text()[-3000:])
            time.sleep(0.2)
        self.preparation = [line.strip() for line in self.log.read_text().splitlines() if " s" in line
                            and ":" in line and line.startswith("  ")]

    def env(self) -> dict[str, str]:
        """The caller's environment with the stack's settings (for `manage.py` against this stack)."""
        values = dict(os.environ)
        for line in (self.folder / "environment").read_text().splitlines():
            name, _, value = line.partition("=")
            values[name] = value
        return values

    def pid(self, name: str) -> int:
        return int((self.folder / f"{name}.pid").read_text().strip())

    def workers(self) -> list[int]:
        return children(self.pid("gunicorn"))

    @staticmethod
    def rss_mb(pid: int) -> float:
        return rss_mb(pid)

    def stop(self) -> None:
        stop_process(self.process, timeout=60, group=True)


def children(parent: int) -> list[int]:
    """The process ids whose parent is ``parent`` (gunicorn's workers)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                pids.append(int(entry.name))
    return sorted(pids)


def rss_mb(pid: int) -> float:
    """The resident memory of ``pid`` in MB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
