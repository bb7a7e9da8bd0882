"""Soak: 50 concurrent connections over the whole site, sandbox posts included, then faults and a fuzz.

The production stack the README ships (scripts/prod-stack.sh: nginx → gunicorn.conf.py with 2 workers →
riftpal.settings.prod) on a throwaway SQLite copy of the site (or, under scripts/with-postgres.sh, on the throwaway
PostgreSQL database it exports); `--redis` puts the page cache in Redis. Loopback only; every loop is bounded in
count and time. The client walks every URL of the sitemap, the indexes, searches, example steps, the sandbox (its
presets, share links and form posts with their CSRF token), readers' feedback and /sante/, and prints the count of
each status. Then, each under load and each printing its requests, failures and recovery time:

1. a worker killed (SIGKILL);
2. the database stopped 10 s (PostgreSQL: its cluster stopped and started again; SQLite: the file locked by an
   exclusive transaction, as a stuck writer would);
3. ``load_content`` rewriting every FAQ entry and card while readers post feedback;
4. 3, 30 and 60 slow clients trickling their headers;
5. a query-parameter flood (3,000 made-up parameters on the sitemap and the learning pages), with the size of the
   cache and of the workers before and after;
6. with ``--redis``: Redis stopped 10 s; without: the cache's disk full (a 64 MB tmpfs this script mounts and
   removes, filled then freed), with an editor's change made during and after it;

and last the fuzz of bench/fuzz.py (10,000 hostile requests, sandbox posts included). Exit status 1 if any answer
was a 500 (a 503 is expected only while the database is down), or a connection failed outside a fault.

Run from the repository root: `.venv/bin/python bench/soak.py [--seconds 60] [--connections 50] [--fuzz 10000]
[--redis]`; on PostgreSQL, `scripts/with-postgres.sh .venv/bin/python bench/soak.py`.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stack import Stack, StackError, add_counts, run_threads  # noqa: E402
from fuzz import fuzz  # noqa: E402
from pages import DATABASE_LABEL, HOST, POSTGRES_URL, PYTHON, ROOT, fetch  # noqa: E402

SEARCHES = ["puissance", "horodatage", "jusqu'à 5", "bouclier", "couche", "xp niveau", "%00", "zzz", "é" * 50]


def html(response: tuple[int, dict, bytes]) -> str:
    body = response[2]
    return (gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body).decode("utf-8", "replace")


def site_urls(port: int) -> list[str]:
    sitemap = html(fetch(port, "/sitemap.xml"))
    urls = {urlsplit(unescape(loc)).path for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)}
    urls |= {"/", "/faq/", "/guides/", "/regles/", "/glossaire/", "/cartes/", "/exemples/", "/bac-a-sable/",
             "/sante/", "/faq/page-inconnue/", "/glossaire/?q=puis"}
    urls |= {f"/recherche/?{urlencode({'q': q})}" for q in SEARCHES}
    faq = html(fetch(port, "/faq/"))
    urls |= {unescape(u) for u in re.findall(r'href="(/faq/\?categorie=[^"]+)"', faq)}
    sandbox = html(fetch(port, "/bac-a-sable/"))
    urls |= {unescape(u) for u in re.findall(r'href="(/bac-a-sable/\?modele=[^"#]+)', sandbox)}
    examples = [u for u in urls if u.startswith("/exemples/") and u != "/exemples/"]
    urls |= {f"{u}?etape=2" for u in examples} | {f"/bac-a-sable/?exemple={u.split('/')[2]}" for u in examples[:5]}
    return sorted(urls)


def sandbox_form(port: int, path: str) -> tuple[dict[str, str], list[tuple[str, str]]] | None:
    """The cookies and fields of the sandbox form on ``path``, as a browser would post them."""
    status, headers, body = fetch(port, path)
    if status != 200 and status != 400:
        return None
    page = html((status, headers, body))
    cookies = dict(re.findall(r"^([^=;\s]+)=([^;]*)", headers.get("set-cookie", ""), re.M))
    form = re.search(r"<form[^>]*id=\"sandbox[^>]*>(.*?)</form>", page, re.S) or re.search(
        r"<form[^>]*method=\"post\"[^>]*>(.*?)</form>", page, re.S)
    if not form or "csrftoken" not in cookies:
        return None
    fields = []
    body = form.group(1)
    for name, options in re.findall(r'<select\b[^>]*name="([^"]+)"[^>]*>(.*?)</select>', body, re.S):
        chosen = re.search(r'<option[^>]*value="([^"]*)"[^>]*selected', options) or re.search(
            r'<option[^>]*value="([^"]*)"', options)
        fields.append((unescape(name), unescape(chosen.group(1)) if chosen else ""))
    for name, text in re.findall(r'<textarea\b[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', body, re.S):
        fields.append((unescape(name), unescape(text).lstrip("\n")))
    for tag in re.findall(r"<input\b[^>]*>", body):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or re.search(r'type="(?:submit|button|file)"', tag):
            continue
        if re.search(r'type="checkbox"', tag) and "checked" not in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        fields.append((unescape(name.group(1)), unescape(value.group(1)) if value else ""))
    return cookies, fields


def post(port: int, form: tuple[dict[str, str], list[tuple[str, str]]], op: str) -> int:
    cookies, fields = form
    body = urlencode([*fields, ("op", op), ("lance", "1")]).encode()
    origin = f"http://127.0.0.1:{port}"  # nginx on loopback speaks HTTP (scripts/prod-stack.sh)
    return fetch(port, "/bac-a-sable/", method="POST", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
        "Origin": origin, "Referer": f"{origin}/bac-a-sable/",
    })[0]


def soak(port: int, urls: list[str], forms: list, seconds: float, connections: int) -> tuple[dict, int, int]:
    statuses: dict[int, int] = {}
    posts: dict[int, int] = {}
    failures: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def run(seed: int) -> None:
        rng = random.Random(seed)
        codes: dict[int, int] = {}
        while time.monotonic() < stop_at:
            try:
                if forms and rng.random() < 0.15:
                    code = post(port, rng.choice(forms), rng.choice(["run", "run", "check"]))
                    label = "POST /bac-a-sable/"
                else:
                    label = rng.choice(urls)
                    code = fetch(port, label, timeout=60)[0]
            except OSError as exc:
                with lock:
                    failures.append(f"{label}: {exc}")
                continue
            codes[code] = codes.get(code, 0) + 1
            if label.startswith("POST"):
                with lock:
                    posts[code] = posts.get(code, 0) + 1
            if code >= 500:
                with lock:
                    failures.append(f"{label}: {code}")
        with lock:
            add_counts(statuses, codes)

    run_threads(run, connections)
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    for line in failures[:20]:
        print("  échec :", line)
    print("  dont POST du bac à sable : " + ", ".join(f"{code}×{n}" for code, n in sorted(posts.items())))
    return statuses, server_errors, len(failures) - server_errors


def sandbox_forms(port: int, urls: list[str]) -> list:
    presets = [u for u in urls if "modele=" in u][:6] or ["/bac-a-sable/"]
    return [form for form in (sandbox_form(port, u) for u in presets) if form]


def feedback_post(port: int, path: str, rng: random.Random) -> int:
    """One reader's « utile » on an FAQ entry, from an address of its own behind the (trusted) proxy."""
    body = urlencode({"path": path, "kind": "utile"}).encode()
    return fetch(port, "/avis/", method="POST", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://{HOST}:{port}",
        "X-Forwarded-For": f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}",
    })[0]


# --- faults under load ---------------------------------------------------------------------------------------

class Load:
    """Readers (pages, uncached searches, feedback posts) on ``connections`` threads until stopped; every answer
    is kept with its time, so a fault's cost and the time the site took to recover can be read afterwards."""

    def __init__(self, port: int, urls: list[str], connections: int, feedback: float = 0.1):
        self.port, self.urls, self.feedback = port, urls, feedback
        self.faq = [u for u in urls if u.startswith("/faq/") and u.count("/") == 3 and "inconnue" not in u]
        self.events: list[tuple[float, int]] = []  # (monotonic time, status; 0 = no answer)
        self.lock = threading.Lock()
        self.running = True
        self.threads = [threading.Thread(target=self.run, args=(n,)) for n in range(connections)]
        for thread in self.threads:
            thread.start()

    def run(self, seed: int) -> None:
        rng = random.Random(seed)
        while self.running:
            try:
                if self.faq and rng.random() < self.feedback:
                    code = feedback_post(self.port, rng.choice(self.faq), rng)
                elif rng.random() < 0.2:  # a page the page cache does not keep: it needs the database
                    code = fetch(self.port, "/recherche/?" + urlencode({"q": rng.choice(SEARCHES[:6])}),
                                 timeout=60)[0]
                else:
                    code = fetch(self.port, rng.choice(self.urls), timeout=60)[0]
            except OSError:
                code = 0
                time.sleep(0.05)
            with self.lock:
                self.events.append((time.monotonic(), code))
            time.sleep(0.02)  # readers, not a flood: the faults are the test, and the machine is small

    def stop(self) -> None:
        self.running = False
        for thread in self.threads:
            thread.join()


def report(name: str, load: Load, fault_start: float, fault_end: float, expected: set[int] = frozenset(),
           note: str = "") -> bool:
    """Print a fault's figures; true when no answer was a failure other than the expected ones."""
    counts: dict[int, int] = {}
    for _at, code in load.events:
        counts[code] = counts.get(code, 0) + 1
    bad = [(at, code) for at, code in load.events if code == 0 or code >= 500]
    unexpected = [code for _at, code in bad if code not in expected]
    last_bad = max((at for at, _code in bad), default=None)
    recovery = "aucune panne vue" if last_bad is None else \
        f"rétabli {max(0.0, last_bad - fault_end):.1f} s après la fin de la panne"
    total = len(load.events)
    failures = len(bad)
    print(f"  {name} : {total} requêtes, {failures} en échec ({failures / max(total, 1):.1%}) ; "
          + ", ".join(f"{code or 'sans réponse'}×{n}" for code, n in sorted(counts.items()))
          + f" ; panne de {fault_end - fault_start:.1f} s, {recovery}" + (f" ; {note}" if note else ""))
    ok = not unexpected
    print(f"  {'✓' if ok else '✗'} {name} : réponses inattendues (500, ou échec hors panne) : {len(unexpected)}")
    return ok


def under_load(port: int, urls: list[str], connections: int, fault: Callable[[], str | None],
               before: float = 3.0, after: float = 5.0) -> tuple[Load, float, float, str]:
    load = Load(port, urls, connections)
    time.sleep(before)
    fault_start = time.monotonic()
    try:
        note = fault() or ""
    except Exception as exc:  # noqa: BLE001 - the bench goes on and says so
        note = f"panne non provoquée : {exc!r}"
    fault_end = time.monotonic()
    time.sleep(after)
    load.stop()
    return load, fault_start, fault_end, note


def kill_a_worker(stack: Stack) -> Callable[[], str]:
    def fault() -> str:
        victim = stack.workers()[0]
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pids = stack.workers()
            if victim not in pids and len(pids) >= 2:
                return f"worker {victim} tué, remplacé par gunicorn"
            time.sleep(0.1)
        return f"worker {victim} tué, pas remplacé en 30 s"
    return fault


def postgres_cluster() -> tuple[list[str], str, Path, str]:
    """How scripts/with-postgres.sh started the cluster: its pg_ctl, user prefix, data folder and port."""
    query = parse_qs(urlsplit(POSTGRES_URL).query)
    folder, port = Path(query["host"][0]), query.get("port", ["5432"])[0]
    binary = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))[-1] if Path("/usr/lib/postgresql").exists() \
        else Path(shutil.which("pg_ctl") or "pg_ctl")
    prefix = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    return [*prefix, str(binary)], port, folder, str(folder / "data")


def stop_database(database: Path, seconds: float = 10.0) -> Callable[[], str]:
    def postgres() -> str:
        pg_ctl, port, folder, data = postgres_cluster()
        subprocess.run([*pg_ctl, "-D", data, "-m", "fast", "-w", "stop"], check=True, capture_output=True)
        time.sleep(seconds)
        options = (f"-p {port} -k {folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off")
        subprocess.run([*pg_ctl, "-D", data, "-l", str(folder / "server.log"), "-w", "-o", options, "start"],
                       check=True, capture_output=True)
        return "PostgreSQL arrêté (pg_ctl stop -m fast) puis redémarré"

    def sqlite() -> str:
        # SQLite has no server to stop: the nearest outage is a writer holding the file's exclusive lock. Readers go on
        # (WAL); writers queue behind it within the busy timeout, and fail past it.
        holder = sqlite3.connect(database, timeout=30, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        time.sleep(seconds)
        holder.execute("COMMIT")
        holder.close()
        return "SQLite n'a pas de serveur à arrêter : fichier verrouillé (BEGIN EXCLUSIVE) pendant la panne"

    return postgres if POSTGRES_URL else sqlite


REWIND = ("from rules.models import ContentRecord; "
          "print(ContentRecord.objects.filter(kind__in=['faq', 'card']).update(shipped_hash=''))")


def load_content(env: dict[str, str]) -> Callable[[], str]:
    """A shipped update reaching a site in use: every FAQ entry and card counts as changed since the last load
    (their records are rewound first), so load_content rewrites each of them while readers post feedback."""
    def fault() -> str:
        rewound = subprocess.run([PYTHON, "manage.py", "shell", "-c", REWIND], cwd=ROOT, env=env,
                                 capture_output=True, text=True).stdout.strip().splitlines()[-1:]
        started = time.monotonic()
        result = subprocess.run([PYTHON, "manage.py", "load_content"], cwd=ROOT, env=env,
                                capture_output=True, text=True)
        took = time.monotonic() - started
        if result.returncode:
            print("  ✗ load_content a échoué :", (result.stderr or result.stdout).strip().splitlines()[-1:])
            load_content.failed = True
            return f"load_content ÉCHOUÉ en {took:.0f} s"
        return (f"load_content réussi en {took:.0f} s, {''.join(rewound)} contenus à réécrire "
                f"({result.stdout.strip().splitlines()[-1][:100]})")
    return fault


def slow_clients(port: int, clients: int = 3, seconds: float = 10.0) -> Callable[[], str]:
    def fault() -> str:
        sockets = []
        for _ in range(clients):
            conn = socket.create_connection((HOST, port), timeout=5)
            conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            sockets.append(conn)
        stop_at, n = time.monotonic() + seconds, 0
        while time.monotonic() < stop_at:
            for conn in sockets:
                conn.sendall(f"X-{n}: a\r\n".encode())
            n += 1
            time.sleep(0.5)
        for conn in sockets:
            conn.close()
        return f"{clients} clients lents, un en-tête toutes les 0,5 s pendant {seconds:g} s"
    return fault


def cache_size(stack: Stack, env: dict[str, str]) -> str:
    if env.get("REDIS_URL"):
        port = env["REDIS_URL"].rsplit(":", 1)[1].split("/")[0]
        info = subprocess.run(["redis-cli", "-p", port, "info", "memory"], capture_output=True, text=True).stdout
        used = re.search(r"used_memory:(\d+)", info)
        return f"Redis {int(used.group(1)) / 2**20:.1f} Mo" if used else "Redis injoignable"
    folder = Path(env["DJANGO_CACHE_DIR"])
    return f"disque {sum(f.stat().st_size for f in folder.rglob('*') if f.is_file()) / 2**20:.1f} Mo"


def workers_rss(stack: Stack) -> str:
    return "/".join(f"{stack.rss_mb(pid):.0f}" for pid in stack.workers()) + " Mo"


def parameter_flood(stack: Stack, env: dict[str, str], count: int = 3000, seconds: float = 90) -> Callable[[], str]:
    """Made-up parameters on pages that read none of them: none may store a page or render it each time."""
    def fault() -> str:
        before = (cache_size(stack, env), workers_rss(stack))
        paths = ["/sitemap.xml?x={n}", "/debuter/?page={n}", "/faq/?utm={n}", "/glossaire/?x={n}&y={n}"]
        codes: dict[int, int] = {}
        lock = threading.Lock()
        numbers = iter(range(count))
        stop_at = time.monotonic() + seconds

        def run() -> None:
            for n in numbers:
                if time.monotonic() > stop_at:
                    return
                try:
                    code = fetch(stack.port, paths[n % len(paths)].format(n=n), timeout=30)[0]
                except OSError:
                    code = 0
                with lock:
                    codes[code] = codes.get(code, 0) + 1

        threads = [threading.Thread(target=run) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = (cache_size(stack, env), workers_rss(stack))
        return (f"{sum(codes.values())} requêtes inventées ("
                + ", ".join(f"{code or 'sans réponse'}×{n}" for code, n in sorted(codes.items()))
                + f") ; cache {before[0]} → {after[0]} ; workers {before[1]} → {after[1]}")
    return fault


def stop_redis(stack: Stack, env: dict[str, str], started: list, seconds: float = 10.0) -> Callable[[], str]:
    """Redis stopped (SIGTERM), then started again on the same port (by this script, stopped at the end)."""
    def fault() -> str:
        pid = stack.pid("redis")
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(seconds)
        port = env["REDIS_URL"].rsplit(":", 1)[1].split("/")[0]
        process = subprocess.Popen(["redis-server", "--bind", HOST, "--port", port, "--save", "", "--appendonly",
                                    "no", "--maxmemory", "256mb", "--maxmemory-policy", "allkeys-lru"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(process)
        (stack.folder / "redis.pid").write_text(str(process.pid))
        return f"Redis arrêté {seconds:g} s puis relancé"
    return fault


EDIT = ("from rules.models import FAQEntry; entry = FAQEntry.objects.get(slug={slug!r}); "
        "entry.short_answer = entry.short_answer.split(' Zorglub')[0] + ' Zorglub{n}.'; entry.save(); print('ok')")


def full_cache_disk(stack: Stack, env: dict[str, str], mount: Path, seconds: float = 10.0) -> Callable[[], str]:
    """The cache's disk filled to the last byte, then freed; an editor saves a change during and after."""
    slug = "jusqu-a-5-et-sort"

    def edit(n: int) -> str:
        result = subprocess.run([PYTHON, "manage.py", "shell", "-c", EDIT.format(slug=slug, n=n)], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=120)
        if result.returncode == 0:
            return "enregistrée"
        return "refusée (" + (result.stderr.strip().splitlines() or ["?"])[-1][:90] + ")"

    def fault() -> str:
        filler = mount / "remplissage"
        with filler.open("wb") as handle:
            try:
                for _ in range(10_000):  # bounded: the tmpfs is 64 MB
                    handle.write(b"\0" * 2**20)
                    handle.flush()
            except OSError:
                pass
        during = edit(1)
        time.sleep(seconds)
        filler.unlink()
        after = edit(2)
        page = html(fetch(stack.port, f"/faq/{slug}/"))
        seen = "Zorglub2" in page
        return (f"disque plein {seconds:g} s ; modification pendant : {during} ; après : {after}, "
                f"{'visible' if seen else 'INVISIBLE'} sur la page en cache")
    return fault


def faults(stack: Stack, env: dict[str, str], urls: list[str], connections: int, cache_mount: Path | None,
           redis_started: list) -> bool:
    print(f"Pannes sous charge ({connections} connexions, 10 % de POST d'avis, 20 % de recherches, qui ne sont pas "
          "mises en cache) :")
    ok = True
    port = stack.port
    load, start, end, note = under_load(port, urls, connections, kill_a_worker(stack))
    ok &= report("worker tué", load, start, end, expected={0}, note=note)
    if POSTGRES_URL:
        database = Path("/nonexistent")
    else:
        database = Path(env["DATABASE_URL"].removeprefix("sqlite:///"))
    load, start, end, note = under_load(port, urls, connections, stop_database(database), after=10)
    ok &= report("base arrêtée 10 s", load, start, end, expected={503}, note=note)
    load_content.failed = False
    load, start, end, note = under_load(port, urls, connections, load_content(env))
    ok &= report("load_content sous charge", load, start, end, note=note) and not load_content.failed
    for clients in (3, 30, 60):
        load, start, end, note = under_load(port, urls, connections, slow_clients(port, clients))
        ok &= report(f"{clients} clients lents", load, start, end, note=note)
    load, start, end, note = under_load(port, urls, connections, parameter_flood(stack, env))
    ok &= report("afflux de paramètres inventés", load, start, end, note=note)
    if env.get("REDIS_URL"):
        load, start, end, note = under_load(port, urls, connections, stop_redis(stack, env, redis_started))
        ok &= report("Redis arrêté 10 s", load, start, end, note=note)
    elif cache_mount:
        load, start, end, note = under_load(port, urls, connections, full_cache_disk(stack, env, cache_mount))
        ok &= report("disque du cache plein", load, start, end, note=note) and "INVISIBLE" not in note
    return ok


def mount_tmpfs(folder: Path) -> Path | None:
    folder.mkdir(parents=True)
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(folder)], capture_output=True,
                            text=True)
    if result.returncode:
        print(f"  (pas de tmpfs pour le disque plein : {result.stderr.strip()[:120]})")
        return None
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="durée de la charge sans panne")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--fault-connections", type=int, default=8)
    parser.add_argument("--fuzz", type=int, default=10_000, help="requêtes hostiles (0 : pas de fuzz)")
    parser.add_argument("--redis", action="store_true", help="le cache de pages dans Redis (REDIS_URL)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-soak-"))
    load = os.getloadavg()
    print(f"Machine : {os.cpu_count()} processeurs, charge moyenne {load[0]:.1f} au départ")
    cache_mount = None if args.redis else mount_tmpfs(tmp / "cache-disk")
    redis_started: list[subprocess.Popen] = []
    server_errors = failed = 1
    faults_ok = fuzz_ok = False
    stack = None
    try:
        extra = {"GUNICORN_WORKERS": "2"}
        if cache_mount:
            extra["DJANGO_CACHE_DIR"] = str(cache_mount / "cache")
        try:
            stack = Stack(tmp, redis=args.redis, extra=extra)
        except StackError as error:
            sys.exit(str(error))
        env = stack.env()
        port = stack.port
        urls = site_urls(port)
        forms = sandbox_forms(port, urls)
        print(f"{DATABASE_LABEL}, cache {'Redis' if args.redis else 'diskcache'} : {len(urls)} adresses, "
              f"{len(forms)} formulaires du bac à sable ; {args.connections} connexions pendant {args.seconds:g} s "
              "(scripts/prod-stack.sh : nginx → gunicorn.conf.py, 2 workers)…")
        started = time.monotonic()
        statuses, server_errors, failed = soak(port, urls, forms, args.seconds, args.connections)
        elapsed = time.monotonic() - started
        total = sum(statuses.values())
        print(f"{total} réponses en {elapsed:.0f} s ({total / elapsed:.0f} req/s) : "
              + ", ".join(f"{code}×{n}" for code, n in sorted(statuses.items())))
        print(f"{'✓' if not server_errors and not failed else '✗'} réponses 5xx : {server_errors} ; "
              f"connexions échouées : {failed}")
        faults_ok = faults(stack, env, urls, args.fault_connections, cache_mount, redis_started)
        fuzz_ok = True
        if args.fuzz:
            result = fuzz(port, urls, forms, args.fuzz)
            fuzz_ok = not result["server_errors"] and not result["failed"]
    finally:
        if stack:
            log = stack.folder / "gunicorn.log"
            errors = [line for line in log.read_text(errors="replace").splitlines() if '"status": 500' in line] \
                if log.exists() else []
            for line in errors[:5]:
                print("  erreur du serveur :", line[:600])
            stack.stop()
        for process in redis_started:
            process.terminate()
            process.wait(timeout=10)
        if cache_mount:
            subprocess.run(["umount", str(cache_mount)], check=False)
        shutil.rmtree(tmp, ignore_errors=True)
        load = os.getloadavg()
        print(f"Machine : charge moyenne {load[0]:.1f} à la fin")
    sys.exit(0 if not server_errors and not failed and faults_ok and fuzz_ok else 1)


if __name__ == "__main__":
    main()
