"""Pages under gunicorn with the production settings: cached pages beside the smallest page the stack can serve.

What it does, in one run, on loopback only:

1. a throwaway SQLite copy of the site, or the throwaway PostgreSQL database scripts/with-postgres.sh exports
   (migrate + load_content, as `make content` does), collectstatic with the
   production storage into a temporary STATIC_ROOT;
2. gunicorn with riftpal.settings.prod, 2 sync workers, and the bench-only minimal page (DJANGO_BENCH_VIEW=1), on
   the same server and middleware as every page; beside it, the framework floor (bench/floor.py: a bare Django
   view, no middleware, 20 KB) under the same gunicorn settings;
3. the same bounded client for every URL (16 connections: 2 processes × 8 threads, fixed duration, gzip
   accepted as a browser does): req/s, p50, p99, and the ratio to the floor;
4. renders in-process with the page cache off (median of 200; players from the fragment cache), and the FAQ page
   right after a content change (everything rendered), between two runs of a calibration loop (the machine's
   speed of the moment);
5. the same site with 10,000 extra FAQ entries: every index page and every glossary page visited, then the RSS of
   each worker and the size of /faq/.

Run from the repository root: `.venv/bin/python bench/pages.py [--seconds 5]`; on PostgreSQL,
`scripts/with-postgres.sh .venv/bin/python bench/pages.py`. Figures, not a test.
"""

from __future__ import annotations

import argparse
import gzip
import multiprocessing
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
HOST = "127.0.0.1"
WORKERS = 2
CONNECTIONS = 16
CLIENT_PROCESSES = 2
EXTRA_FAQ = 10_000
FAQ_PAGE = "/faq/jusqu-a-5-et-sort/"
# Under scripts/with-postgres.sh, which exports the URL of a throwaway PostgreSQL database: the site runs on it.
POSTGRES_URL = next((url for url in [os.environ.get("DATABASE_URL", "")]
                     if url.startswith(("postgres://", "postgresql://"))), "")
DATABASE_LABEL = "PostgreSQL jetable" if POSTGRES_URL else "SQLite jetable"


# --- the site ------------------------------------------------------------------------------------------------


def site_env(tmp: Path, database: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("DJANGO_") and key not in ("DATABASE_URL", "REDIS_URL")}
    env.update({
        "DJANGO_SETTINGS_MODULE": "riftpal.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost,testserver",
        "DATABASE_URL": POSTGRES_URL or f"sqlite:///{database}",
        "DJANGO_STATIC_ROOT": str(tmp / "static"),
        "DJANGO_CACHE_DIR": str(tmp / "cache"),
        "DJANGO_BENCH_VIEW": "1",
        "DJANGO_LOG_LEVEL": "WARNING",
    })
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"manage.py {' '.join(args)} a échoué :\n{result.stdout}\n{result.stderr}")
    return result.stdout


ADD_ENTRIES = """
from rules.models import Category, FAQEntry
from glossary.rendering import render_markdown
categories = list(Category.objects.all())
html = render_markdown("Une réponse générée pour le banc d'essai : la **puissance** compte.")
FAQEntry.objects.bulk_create(
    (FAQEntry(slug=f"banc-{i}", question=f"Question générée numéro {i} sur la puissance ?",
              short_answer="Une réponse générée.", short_answer_html=html, category=categories[i % len(categories)],
              order=1000 + i) for i in range({count})),
    batch_size=1000,
)
print(FAQEntry.objects.count())
"""


class Server:
    """gunicorn started by this script, stopped by its own process id."""

    def __init__(self, env: dict[str, str], workers: int = WORKERS, config: str | None = None,
                 log: Path | None = None, app: str = "riftpal.wsgi", ready: str = "/sante/"):
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            self.port = probe.getsockname()[1]
        # Without a config, sync workers and none of the repository's gunicorn.conf.py (gunicorn would read it).
        serving = ["--config", config] if config else ["--config", os.devnull, "--worker-class", "sync",
                                                       "--timeout", "60"]
        self.process = subprocess.Popen(
            [GUNICORN, app, *serving, "--bind", f"{HOST}:{self.port}", "--workers", str(workers),
             "--backlog", "2048", "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log.open("a") if log else subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if fetch(self.port, ready)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        sys.exit(f"gunicorn n'a pas répondu sur {ready} :\n" + (self.process.stderr.read() or ""))

    def worker_pids(self) -> list[int]:
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    pids.append(int(entry.name))
        return sorted(pids)

    @staticmethod
    def rss_mb(pid: int) -> float:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# --- the client ----------------------------------------------------------------------------------------------


def fetch(port: int, path: str, method: str = "GET", body: bytes = b"", headers: dict | None = None,
          timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on its own connection (gunicorn's sync workers close it after each answer)."""
    fields = {"Host": f"{HOST}:{port}", "Connection": "close", "Accept-Encoding": "gzip",
              "X-Forwarded-Proto": "https", "User-Agent": "riftpal-bench", **(headers or {})}
    lines = [f"{method} {path} HTTP/1.1"] + [f"{name}: {value}" for name, value in fields.items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    with socket.create_connection((HOST, port), timeout=timeout) as conn:
        conn.sendall(raw)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    data = b"".join(chunks)
    head, _, content = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    if not status_line.startswith("HTTP/"):
        raise ConnectionResetError(f"pas de réponse HTTP ({len(data)} octets)")
    parsed: dict[str, str] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        parsed[key] = f"{parsed[key]}\n{value.strip()}" if key in parsed else value.strip()
    return int(status_line.split()[1]), parsed, content


def _client_process(port: int, paths: list[str], threads: int, seconds: float, queue) -> None:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def run(offset: int) -> None:
        mine, codes, failed, i = [], {}, 0, offset
        while time.monotonic() < stop_at:
            start = time.perf_counter()
            try:
                status = fetch(port, paths[i % len(paths)])[0]
            except OSError:
                failed += 1
                continue
            finally:
                i += 1
            mine.append(time.perf_counter() - start)
            codes[status] = codes.get(status, 0) + 1
        with lock:
            latencies.extend(mine)
            errors[0] += failed
            for code, number in codes.items():
                statuses[code] = statuses.get(code, 0) + number

    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    queue.put((latencies, statuses, errors[0]))


def load(port: int, paths: list[str], seconds: float) -> dict:
    """CONNECTIONS concurrent connections for ``seconds``: req/s, p50, p99 (ms), status counts."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    threads = CONNECTIONS // CLIENT_PROCESSES
    processes = [context.Process(target=_client_process, args=(port, paths, threads, seconds, queue))
                 for _ in range(CLIENT_PROCESSES)]
    for process in processes:
        process.start()
    latencies, statuses, errors = [], {}, 0
    for _ in processes:
        part, codes, failed = queue.get()
        latencies += part
        errors += failed
        for code, number in codes.items():
            statuses[code] = statuses.get(code, 0) + number
    for process in processes:
        process.join()
    latencies.sort()
    count = len(latencies)
    return {
        "rps": count / seconds,
        "p50": latencies[count // 2] * 1000 if count else float("nan"),
        "p99": latencies[min(count - 1, int(count * 0.99))] * 1000 if count else float("nan"),
        "statuses": statuses,
        "errors": errors,
    }


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


# --- the figures ---------------------------------------------------------------------------------------------


def measure(port: int, label: str, path: str, seconds: float, floor: float | None) -> dict:
    for _ in range(2 * WORKERS):  # each worker stores the page before the measure
        fetch(port, path)
    status, headers, body = fetch(port, path)
    result = load(port, [path], seconds)
    codes = ", ".join(f"{code}×{n}" for code, n in sorted(result["statuses"].items()))
    extra = f", erreurs×{result['errors']}" if result["errors"] else ""
    ratio = result["rps"] / floor if floor else 1.0
    print(f"{label:<44} {result['rps']:>8.0f} {result['p50']:>8.2f} {result['p99']:>8.2f} "
          f"{ratio:>10.2f}  {codes}{extra} · {len(body)} o "
          f"{headers.get('content-encoding', 'identity')} {headers.get('x-cache', '')}".rstrip())
    return result


def throughput(server: Server, floor_server: Server, seconds: float) -> None:
    port = server.port
    faq_page = FAQ_PAGE if fetch(port, FAQ_PAGE)[0] == 200 else None
    if faq_page is None:
        sys.exit(f"{FAQ_PAGE} introuvable : le contenu livré n'est pas chargé.")
    home = fetch(port, "/")[2]
    home_html = gzip.decompress(home) if home[:2] == b"\x1f\x8b" else home
    css = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', home_html)
    glossary = re.search(rb'href="(/glossaire/[a-z0-9-]+/)"', gzip.decompress(fetch(port, "/glossaire/")[2]))
    example = re.search(rb'href="(/exemples/[a-z0-9-]+/)"', gzip.decompress(fetch(port, "/exemples/")[2]))
    targets = [
        ("page minimale du site (tout le middleware)", "/_bench/minimal/"),
        (f"{faq_page} (cache)", faq_page),
        ("/faq/ (cache)", "/faq/"),
        ("terme du glossaire (cache)", glossary.group(1).decode() if glossary else "/glossaire/"),
        ("exemple, étape 1 (cache)", example.group(1).decode() if example else "/exemples/"),
        ("fichier statique haché", css.group(1).decode() if css else "/static/css/site.css"),
    ]
    print(f"\nDébit sous gunicorn ({WORKERS} workers sync, {CONNECTIONS} connexions, {seconds:g} s par adresse, "
          f"gzip accepté)")
    print(f"{'adresse':<44} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'× plancher':>10}  réponses")
    floor = measure(floor_server.port, "plancher : Django nu, sans middleware, 20 Ko", "/plancher/", seconds,
                    None)["rps"]
    results = {path: measure(port, label, path, seconds, floor) for label, path in targets}
    ratio = results[faq_page]["rps"] / floor
    print(f"{mark(ratio >= 0.8)} page de FAQ en cache : {ratio:.2f} × le plancher (objectif ≥ 0,8)")


RENDER = """
import statistics, time
from django.test import Client
from core.content_version import bump_content_version
client = Client()

def loop():
    # The machine's speed at this moment: this shared 2-core machine swings by half from one minute to the next.
    start = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i * i
    return (time.perf_counter() - start) * 1000

print(f"boucle de calibration (avant)\\t{{min(loop() for _ in range(5)):.2f}}")
for path in {paths!r}:
    assert client.get(path, secure=True).status_code == 200, path
    times = []
    for _ in range({count}):
        start = time.perf_counter()
        client.get(path, secure=True)
        times.append(time.perf_counter() - start)
    print(f"{{path}}\\t{{statistics.median(times) * 1000:.2f}}")
# The first visit after an editor's change: a new content version, so the glossary, the rules index and the
# players are all read and rendered again.
times = []
for _ in range({cold}):
    bump_content_version()
    start = time.perf_counter()
    client.get({faq_page!r}, secure=True)
    times.append(time.perf_counter() - start)
print(f"{faq_page} (froid)\\t{{statistics.median(times) * 1000:.2f}}")
print(f"boucle de calibration (après)\\t{{min(loop() for _ in range(5)):.2f}}")
"""


def renders(env: dict[str, str]) -> None:
    out = manage({**env, "DJANGO_PAGE_CACHE": "false"}, "shell", "-c",
                 RENDER.format(paths=["/_bench/minimal/", FAQ_PAGE, "/faq/", "/glossaire/", "/"], count=200, cold=50,
                               faq_page=FAQ_PAGE))
    print("\nRendu sans le cache de pages, dans le processus (médiane, tout le middleware, réglages de production ;")
    print("les lecteurs d'exemples viennent du cache de fragments, sauf « froid » : juste après une modification)")
    for line in out.strip().splitlines():
        if "\t" not in line:
            continue
        path, ms = line.split("\t")
        # The figure is for the FAQ page (the question it measured); the other pages are printed beside it.
        goal = f"  {mark(float(ms) <= 3)} objectif ≤ 3 ms" if path == FAQ_PAGE else ""
        print(f"  {path:<36} {float(ms):>7.2f} ms{goal}")


def memory(tmp: Path, database: Path) -> None:
    # SQLite: a copy of the site gets the extra questions. PostgreSQL: the throwaway database itself (last step).
    big = tmp / "big.sqlite3"
    if not POSTGRES_URL:
        shutil.copy(database, big)
    env = site_env(tmp, big)
    total = manage(env, "shell", "-c", ADD_ENTRIES.replace("{count}", str(EXTRA_FAQ))).strip().splitlines()[-1]
    server = Server(env)
    try:
        port = server.port
        before = {pid: server.rss_mb(pid) for pid in server.worker_pids()}
        start = time.perf_counter()
        status, headers, body = fetch(port, "/faq/")
        first_ms = (time.perf_counter() - start) * 1000
        identity = fetch(port, "/faq/", headers={"Accept-Encoding": "identity"})[2]
        index = gzip.decompress(body).decode()
        paths = ["/", "/faq/", "/guides/", "/glossaire/", "/cartes/", "/exemples/", "/regles/"]
        for slug in dict.fromkeys(re.findall(r'href="/faq/\?categorie=([a-z0-9-]+)"', index)):
            page = gzip.decompress(fetch(port, f"/faq/?categorie={slug}")[2]).decode()
            pages = max([1, *map(int, re.findall(r"page=(\d+)", page))])
            paths += [f"/faq/?categorie={slug}"] + [f"/faq/?categorie={slug}&page={n}" for n in range(2, pages + 1)]
        glossary = gzip.decompress(fetch(port, "/glossaire/")[2]).decode()
        paths += list(dict.fromkeys(re.findall(r'href="(/glossaire/[a-z0-9-]+/)"', glossary)))
        bad = 0
        for _ in range(3):  # both workers see every page
            for path in paths:
                bad += fetch(port, path)[0] >= 500
        after = {pid: server.rss_mb(pid) for pid in server.worker_pids()}
    finally:
        server.stop()
    print(f"\nAvec {EXTRA_FAQ} questions de plus ({total} au total), {len(paths)} pages d'index et de glossaire "
          f"visitées 3 fois ({bad} réponses 5xx)")
    for pid, rss in after.items():
        print(f"  worker {pid} : RSS {before.get(pid, 0):.0f} Mo au départ → {rss:.0f} Mo  "
              f"{mark(rss < 150)} objectif < 150 Mo")
    print(f"  /faq/ : {len(identity) / 1024:.1f} Ko ({len(body) / 1024:.1f} Ko en gzip), premier rendu "
          f"{first_ms:.0f} ms  {mark(len(identity) < 100 * 1024)} objectif < 100 Ko")


def prepare(tmp: Path) -> tuple[Path, dict[str, str]]:
    database = tmp / "site.sqlite3"
    env = site_env(tmp, database)
    started = time.perf_counter()
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "load_content")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    print(f"Site préparé en {time.perf_counter() - started:.0f} s ({DATABASE_LABEL}, contenu livré, collectstatic)")
    return database, env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="durée de la charge pour chaque adresse")
    parser.add_argument("--debit-seulement", action="store_true", help="le débit seulement (ni rendus ni mémoire)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-bench-"))
    load = os.getloadavg()
    print(f"Machine : {os.cpu_count()} processeurs, charge moyenne {load[0]:.1f} au départ (le client tourne sur la "
          "même machine que le serveur)")
    try:
        database, env = prepare(tmp)
        server = Server(env)
        floor_env = {key: value for key, value in env.items() if key != "DJANGO_SETTINGS_MODULE"}
        floor = Server(floor_env, app="bench.floor:application", ready="/plancher/")
        try:
            throughput(server, floor, args.seconds)
        finally:
            server.stop()
            floor.stop()
        # The load test has just stopped: let the machine settle, so the renders are not timed in its wake (the
        # calibration loop printed around them shows the speed they got).
        if not args.debit_seulement:
            time.sleep(10)
            renders(env)
            memory(tmp, database)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
