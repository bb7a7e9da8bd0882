"""Fuzz: thousands of hostile requests (odd paths, parameters, methods, headers, mangled sandbox and feedback posts)
against gunicorn with the production settings; no answer may be a 5xx.

Used by bench/soak.py (its last phase); alone: `.venv/bin/python bench/fuzz.py [--requests 10000]`, on PostgreSQL
`scripts/with-postgres.sh .venv/bin/python bench/fuzz.py`.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import DATABASE_LABEL, HOST, Server, fetch, prepare  # noqa: E402

JUNK = ["<script>alert(1)</script>", "'\"><svg onload=1>", "%00", "\x00", "\x07", "../../etc/passwd", "-1", "0",
        "99999999999999999999", "1e9", "NaN", "é" * 300, "🂡" * 20, "", " ", "a" * 5000, "{{7*7}}", "${7*7}",
        "increase_up_to", "x", "p1", "u1", "e1", "run", "on", "1", "\ud800"]
PARAMS = ["q", "page", "etape", "categorie", "si", "detail", "integre", "merci", "s", "modele", "exemple", "x",
          "power:u1", "keyword:u1:Tank", "utm_source", "__proto__"]
PATHS = ["/", "/faq/", "/faq/{}/", "/guides/{}/", "/regles/{}/", "/regles/999.9/", "/regles/v1.4/{}/",
         "/glossaire/{}/", "/cartes/{}/", "/exemples/{}/", "/api/exemples/{}/", "/bac-a-sable/", "/recherche/",
         "/sitemap.xml", "/plan-du-site/", "/sante/", "/avis/", "/admin/", "/admin/login/", "/static/{}",
         "/bac-a-sable/exporter/", "//evil.example/", "/%2e%2e/", "/faq/%00/"]
METHODS = ["GET"] * 8 + ["HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"]


def junk(rng: random.Random) -> str:
    return rng.choice(JUNK) if rng.random() < 0.8 else "".join(chr(rng.randrange(1, 0x3000)) for _ in range(12))


def safe_text(value: str) -> str:
    return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def hostile_get(rng: random.Random, urls: list[str]) -> tuple[str, str, dict, bytes]:
    if rng.random() < 0.5:
        path = rng.choice(urls).split("?")[0]
    else:
        path = rng.choice(PATHS).format(quote(safe_text(junk(rng))[:80], safe=""))
    params = [(rng.choice(PARAMS), safe_text(junk(rng))) for _ in range(rng.randrange(0, 4))]
    target = path + ("?" + urlencode(params) if params else "")
    method = rng.choice(METHODS)
    headers: dict[str, str] = {}
    roll = rng.random()
    if roll < 0.05:
        headers["Host"] = "attaquant.example"
    elif roll < 0.1:
        headers["HX-Request"] = "true"
        headers["HX-Target"] = safe_text(junk(rng))[:40]
    elif roll < 0.15:
        headers["Cookie"] = f"sessionid={quote(safe_text(junk(rng))[:60])}; csrftoken=x"
    elif roll < 0.2:
        headers["If-None-Match"] = '"' + safe_text(junk(rng))[:30].replace('"', "") + '"'
    body = urlencode(params).encode() if method in ("POST", "PUT", "PATCH") else b""
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    return method, target, headers, body


def hostile_sandbox_post(rng: random.Random, port: int, forms: list) -> tuple[str, str, dict, bytes]:
    cookies, fields = rng.choice(forms)
    fields = list(fields)
    for _ in range(rng.randrange(1, 6)):
        roll = rng.random()
        if roll < 0.3 and fields:  # a field sent twice, the second value hostile (the splitter's first)
            name, _value = rng.choice(fields)
            fields.append((name, junk(rng)))
        elif roll < 0.5 and fields:
            fields.pop(rng.randrange(len(fields)))
        elif roll < 0.7 and fields:
            index = rng.randrange(len(fields))
            fields[index] = (fields[index][0], junk(rng))
        elif roll < 0.85:
            fields.append((f"{rng.choice('poeac')}-{rng.randrange(0, 40)}-{rng.choice(['kind', 'do', 'type', 'id'])}",
                           junk(rng)))
        else:
            fields.append((f"{rng.choice('poeac')}-TOTAL_FORMS", rng.choice(["-1", "9999", "x", "3"])))
    op = rng.choice(["run", "check", "add:e", "add:a", "del:e-0", "up:a-1", "add:c-order", junk(rng)[:40]])
    body = urlencode([(n, safe_text(v)) for n, v in fields] + [("op", safe_text(op)), ("lance", "1")]).encode()
    origin = f"https://{HOST}:{port}"
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin,
               "Referer": f"{origin}/bac-a-sable/", "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    if rng.random() < 0.3:
        headers |= {"HX-Request": "true", "HX-Target": rng.choice(["sandbox-workspace", "sandbox-player", "x"])}
    return "POST", "/bac-a-sable/", headers, body


def hostile_feedback(rng: random.Random, port: int, urls: list[str]) -> tuple[str, str, dict, bytes]:
    faq = [u for u in urls if u.startswith("/faq/") and u.count("/") == 3] or ["/faq/"]
    data = {"path": rng.choice(faq) if rng.random() < 0.6 else safe_text(junk(rng)),
            "kind": rng.choice(["utile", "inutile", "erreur", safe_text(junk(rng))]),
            "message": safe_text(junk(rng))}
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{HOST}:{port}",
               "X-Forwarded-For": f"198.51.{rng.randrange(256)}.{rng.randrange(256)}"}
    return "POST", "/avis/", headers, urlencode(data).encode()


def fuzz(port: int, urls: list[str], forms: list, total: int, connections: int = 16, seed: int = 1) -> dict:
    """Send ``total`` hostile requests over ``connections`` threads; return the counts it printed."""
    statuses: dict[int, int] = {}
    kinds: dict[str, int] = {}
    failures: list[str] = []
    lock = threading.Lock()
    remaining = [total]
    started = time.monotonic()

    def run(n: int) -> None:
        rng = random.Random(seed * 1000 + n)
        while True:
            with lock:
                if remaining[0] <= 0:
                    return
                remaining[0] -= 1
            roll = rng.random()
            if forms and roll < 0.2:
                kind, request = "POST du bac à sable", hostile_sandbox_post(rng, port, forms)
            elif roll < 0.27:
                kind, request = "POST d'avis", hostile_feedback(rng, port, urls)
            else:
                kind, request = "autres", hostile_get(rng, urls)
            method, target, headers, body = request
            try:
                code = fetch(port, target, method=method, body=body, headers=headers, timeout=60)[0]
            except (OSError, ValueError, IndexError) as exc:
                code = 0
                with lock:
                    failures.append(f"{method} {target[:80]} : {exc!r}")
            with lock:
                statuses[code] = statuses.get(code, 0) + 1
                kinds[kind] = kinds.get(kind, 0) + 1
                if code >= 500:
                    failures.append(f"{method} {target[:80]} : {code}")

    threads = [threading.Thread(target=run, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    failed = statuses.get(0, 0)
    print(f"Fuzz : {total} requêtes hostiles en {elapsed:.0f} s ({total / elapsed:.0f} req/s) — "
          + ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())))
    print("  réponses : " + ", ".join(f"{code or 'échec'}×{n}" for code, n in sorted(statuses.items())))
    for line in failures[:10]:
        print("  échec :", line)
    print(f"{'✓' if not server_errors and not failed else '✗'} fuzz : réponses 5xx : {server_errors} ; "
          f"connexions échouées : {failed}")
    return {"server_errors": server_errors, "failed": failed}


def main() -> None:
    from soak import sandbox_forms, site_urls

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-fuzz-"))
    try:
        _database, env = prepare(tmp)
        env["DJANGO_TRUSTED_PROXIES"] = "127.0.0.1"
        server = Server(env, config="gunicorn.conf.py")
        try:
            urls = site_urls(server.port)
            print(f"{DATABASE_LABEL} : {len(urls)} adresses")
            result = fuzz(server.port, urls, sandbox_forms(server.port, urls), args.requests, args.connections)
        finally:
            server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if result["server_errors"] or result["failed"] else 0)


if __name__ == "__main__":
    main()
