"""Pages under the production configuration the README ships, beside the floors of this machine, in one run.

What it does, on loopback only:

1. scripts/prod-stack.sh, as an operator runs it: nginx (deploy/nginx.conf) in front of gunicorn reading
   gunicorn.conf.py (its worker class, 2 workers), riftpal.settings.prod, collectstatic with the manifest storage,
   the shipped content, on a throwaway SQLite database, or the PostgreSQL database scripts/with-postgres.sh
   exports; `--redis` adds Redis (the page cache then lives there, otherwise in diskcache files);
2. beside it, the framework floor (bench/floor.py: a bare Django view, no middleware, 20 KB) under the same
   gunicorn.conf.py, and nginx serving a static file of the same size as the FAQ page (the physical floor);
3. the same bounded client for every URL (16 connections: 2 processes × 8 threads, fixed duration, gzip accepted):
   req/s, p50, p99, the ratio to the Django floor and to nginx's file; then the memory of each worker and the
   size of the shared cache;
4. the first visit of every page type (core/budgets.py) in Chromium throttled like a slow phone (bench/phone.py:
   150 ms, 1.6 Mbit/s, CPU × 4): first byte, first contentful paint, DOMContentLoaded and the load event (the
   one judged), and the bytes of HTML, JS and CSS against the budget;
5. renders in-process with the page cache off, and the site with 10,000 extra FAQ entries (RSS, size of /faq/).

The load average is printed at the start and the end: the machine may be shared, and the figures move with it.
Run from the repository root: `.venv/bin/python bench/pages.py [--seconds 5] [--redis]`; on PostgreSQL,
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
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stack import Stack, StackError, add_counts, children, rss_mb, run_threads, stop_process  # noqa: E402
from phone import first_visits  # noqa: E402

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
        return children(self.process.pid)

    @staticmethod
    def rss_mb(pid: int) -> float:
        return rss_mb(pid)

    def stop(self) -> None:
        stop_process(self.process, timeout=30)


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
            add_counts(statuses, codes)

    run_threads(run, threads)
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
        add_counts(statuses, codes)
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


def measure(port: int, label: str, path: str, seconds: float, floor: float | None,
            static: float | None = None) -> dict:
    for _ in range(2 * WORKERS):  # each worker stores the page before the measure
        fetch(port, path)
    status, headers, body = fetch(port, path)
    result = load(port, [path], seconds)
    codes = ", ".join(f"{code}×{n}" for code, n in sorted(result["statuses"].items()))
    extra = f", erreurs×{result['errors']}" if result["errors"] else ""
    ratio = result["rps"] / floor if floor else 1.0
    to_static = f"{result['rps'] / static:>8.2f}" if static else f"{'':>8}"
    print(f"{label:<48} {result['rps']:>8.0f} {result['p50']:>8.2f} {result['p99']:>8.2f} "
          f"{ratio:>9.2f} {to_static}  {codes}{extra} · {len(body)} o "
          f"{headers.get('content-encoding', 'identity')} {headers.get('x-cache', '')}".rstrip())
    return result


def throughput(stack: Stack, floor_server: Server, seconds: float) -> None:
    port = stack.port
    if fetch(port, FAQ_PAGE)[0] != 200:
        sys.exit(f"{FAQ_PAGE} introuvable : le contenu livré n'est pas chargé.")
    home = fetch(port, "/")[2]
    home_html = gzip.decompress(home) if home[:2] == b"\x1f\x8b" else home
    css = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', home_html)
    glossary = re.search(rb'href="(/glossaire/[a-z0-9-]+/)"', gzip.decompress(fetch(port, "/glossaire/")[2]))
    example = re.search(rb'href="(/exemples/[a-z0-9-]+/)"', gzip.decompress(fetch(port, "/exemples/")[2]))
    # The physical floor: nginx sending a file as large as the FAQ page's compressed body.
    faq_body = fetch(port, FAQ_PAGE)[2]
    (stack.folder / "static" / "bench-meme-taille.html").write_bytes(os.urandom(len(faq_body)))
    print(f"\nDébit ({WORKERS} workers, {CONNECTIONS} connexions, {seconds:g} s par adresse, gzip accepté, une "
          "connexion par requête)")
    print(f"{'adresse':<48} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'× Django':>9} {'× nginx':>8}  réponses")
    floor = measure(floor_server.port, "plancher : Django nu, 20 Ko (gunicorn seul)", "/plancher/", seconds, None)
    static = measure(port, f"plancher physique : nginx, fichier de {len(faq_body)} o", "/static/bench-meme-taille.html",
                     seconds, floor["rps"])
    targets = [
        ("page minimale du site (tout le middleware)", port, "/_bench/minimal/"),
        (f"{FAQ_PAGE} (cache)", port, FAQ_PAGE),
        (f"{FAQ_PAGE} (cache, gunicorn seul)", stack.app_port, FAQ_PAGE),
        ("/faq/ (cache)", port, "/faq/"),
        ("terme du glossaire (cache)", port, glossary.group(1).decode() if glossary else "/glossaire/"),
        ("exemple, étape 1 (cache)", port, example.group(1).decode() if example else "/exemples/"),
        ("fichier statique haché (nginx)", port, css.group(1).decode() if css else "/static/css/site.css"),
    ]
    results = {}
    for label, target_port, path in targets:
        results[label] = measure(target_port, label, path, seconds, floor["rps"], static["rps"])
    faq = results[f"{FAQ_PAGE} (cache)"]
    direct = results[f"{FAQ_PAGE} (cache, gunicorn seul)"]
    ratio = faq["rps"] / floor["rps"]
    print(f"{mark(ratio >= 0.8 and faq['p99'] < 50)} page de FAQ en cache par nginx : {ratio:.2f} × Django nu, "
          f"p99 {faq['p99']:.1f} ms (objectif ≥ 0,8 × et p99 < 50 ms) ; {faq['rps'] / static['rps']:.2f} × le "
          f"fichier de nginx ; sans nginx : {direct['rps'] / floor['rps']:.2f} × Django nu")


def worker_memory(stack: Stack) -> None:
    sizes = [stack.rss_mb(pid) for pid in stack.workers()]
    cache = sum(f.stat().st_size for f in (stack.folder / "cache").rglob("*") if f.is_file())
    print(f"\nMémoire après la charge : workers {', '.join(f'{rss:.0f}' for rss in sizes)} Mo (RSS, pages "
          f"partagées avec le maître comprises) ; cache de pages partagé sur disque : {cache / 1024 / 1024:.1f} Mo")


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
    out = manage({**env, "DJANGO_PAGE_CACHE": "false", "DJANGO_ALLOWED_HOSTS": "testserver"}, "shell", "-c",
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
    """A site of its own (bench/soak.py's faults need the database file): migrate, content, collectstatic."""
    database = tmp / "site.sqlite3"
    env = site_env(tmp, database)
    started = time.perf_counter()
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "load_content")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    print(f"Site préparé en {time.perf_counter() - started:.0f} s ({DATABASE_LABEL}, contenu livré, collectstatic)")
    return database, env


def load_average(moment: str) -> None:
    load = os.getloadavg()
    print(f"Machine : {os.cpu_count()} processeurs, charge moyenne {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} "
          f"{moment} (le client tourne sur la même machine que le serveur)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="durée de la charge pour chaque adresse")
    parser.add_argument("--redis", action="store_true", help="le cache de pages dans Redis (REDIS_URL)")
    parser.add_argument("--debit-seulement", action="store_true",
                        help="le débit et la mémoire seulement (ni téléphone lent, ni rendus, ni 10 000 questions)")
    parser.add_argument("--sans-10000", action="store_true", help="sans l'essai des 10 000 questions de plus")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-bench-"))
    load_average("au départ")
    stack = None
    try:
        try:
            stack = Stack(tmp, redis=args.redis, extra={"GUNICORN_WORKERS": str(WORKERS), "DJANGO_BENCH_VIEW": "1"})
        except StackError as error:
            sys.exit(str(error))
        env = stack.env()
        config = {"__file__": str(ROOT / "gunicorn.conf.py")}
        exec((ROOT / "gunicorn.conf.py").read_text(), config)  # noqa: S102 - the repository's own configuration
        print(f"Configuration mesurée, celle du README : scripts/prod-stack.sh — nginx (deploy/nginx.conf) → gunicorn "
              f"(gunicorn.conf.py : {config['worker_class']}, {WORKERS} workers, recyclage tous les "
              f"{config['max_requests']} requêtes), riftpal.settings.prod, stockage statique à manifeste, cache de "
              f"pages {'Redis' if args.redis else 'diskcache (fichiers partagés par les workers)'}, {DATABASE_LABEL}")
        print("Préparation : " + " · ".join(stack.preparation))
        floor_env = {key: value for key, value in env.items() if key != "DJANGO_SETTINGS_MODULE"}
        floor = Server(floor_env, app="bench.floor:application", ready="/plancher/", config="gunicorn.conf.py")
        try:
            throughput(stack, floor, args.seconds)
            worker_memory(stack)
        finally:
            floor.stop()
        if not args.debit_seulement:
            first_visits(stack.url, times=3)  # the median of three: one visit moves with the load
            renders(env)
            # The 10,000 questions go into a copy of the site (SQLite) or the throwaway PostgreSQL database.
            if not POSTGRES_URL:
                shutil.copy(env["DATABASE_URL"].removeprefix("sqlite:///"), tmp / "site.sqlite3")
            shutil.copytree(stack.folder / "static", tmp / "static")
        stack.stop()
        if not args.debit_seulement and not args.sans_10000:
            memory(tmp, tmp / "site.sqlite3")
    finally:
        if stack:  # whatever failed above (a render, a sys.exit): the stack started here is stopped here
            stack.stop()
        shutil.rmtree(tmp, ignore_errors=True)
        load_average("à la fin")


if __name__ == "__main__":
    main()
