"""The production stack for the benchmarks: scripts/prod-stack.sh (nginx → gunicorn.conf.py → riftpal.settings.prod,
manifest storage, shipped content), the configuration the README ships, started and stopped by process id.

Under scripts/with-postgres.sh the stack runs on the throwaway PostgreSQL database it exports (DATABASE_URL).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port_pair() -> int:
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port
    raise RuntimeError("aucun port libre")


class Stack:
    """nginx on ``port``, gunicorn on ``app_port``; ``folder`` holds the database, static files, cache and logs."""

    def __init__(self, folder: Path, redis: bool = False, extra: dict[str, str] | None = None,
                 start_seconds: float = 600):
        self.folder = folder / "site"
        self.port = free_port_pair()
        self.app_port = self.port + 1
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("DJANGO_", "GUNICORN_")) and key != "REDIS_URL"}
        env.update({"RIFTPAL_PROD_PORT": str(self.port), "RIFTPAL_PROD_DIR": str(self.folder),
                    "RIFTPAL_REDIS_PORT": str(free_port_pair()), "DJANGO_LOG_LEVEL": "WARNING", **(extra or {})})
        self.log = folder / "stack.log"
        self.process = subprocess.Popen([str(ROOT / "scripts/prod-stack.sh"), *(["--redis"] if redis else [])],
                                        cwd=ROOT, env=env, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + start_seconds
        while "Prêt" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit("La pile de production n'a pas démarré :\n" + self.log.read_text()[-3000:])
            time.sleep(0.5)
        self.preparation = [line.strip() for line in self.log.read_text().splitlines() if " s" in line
                            and ":" in line and line.startswith("  ")]

    def env(self) -> dict[str, str]:
        values = dict(os.environ)
        for line in (self.folder / "environment").read_text().splitlines():
            name, _, value = line.partition("=")
            values[name] = value
        return values

    def pid(self, name: str) -> int:
        return int((self.folder / f"{name}.pid").read_text().strip())

    def workers(self) -> list[int]:
        master = self.pid("gunicorn")
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                    pids.append(int(entry.name))
        return sorted(pids)

    @staticmethod
    def rss_mb(pid: int) -> float:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
