"""Soak: 50 concurrent connections for 60 s over the whole site, sandbox posts included: no answer may be a 5xx.

gunicorn with riftpal.settings.prod (2 sync workers) on a throwaway SQLite copy of the site (or, under
scripts/with-postgres.sh, on the throwaway PostgreSQL database it exports), loopback only. The
client walks every URL of the sitemap, the indexes, searches, example steps, the sandbox (its presets, share
links and form posts with their CSRF token) and /sante/, then stops by itself and prints the count of each
status. Exit status 1 if any answer was a 5xx or a connection failed.

Run from the repository root: `.venv/bin/python bench/soak.py [--seconds 60] [--connections 50]`; on PostgreSQL,
`scripts/with-postgres.sh .venv/bin/python bench/soak.py`.
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from html import unescape
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import DATABASE_LABEL, Server, fetch, prepare  # noqa: E402

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
    origin = f"https://127.0.0.1:{port}"
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
            for code, number in codes.items():
                statuses[code] = statuses.get(code, 0) + number

    threads = [threading.Thread(target=run, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    server_errors = sum(n for code, n in statuses.items() if code >= 500)
    for line in failures[:20]:
        print("  échec :", line)
    print("  dont POST du bac à sable : " + ", ".join(f"{code}×{n}" for code, n in sorted(posts.items())))
    return statuses, server_errors, len(failures) - server_errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--connections", type=int, default=50)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-soak-"))
    try:
        _database, env = prepare(tmp)
        server = Server(env)
        try:
            urls = site_urls(server.port)
            presets = [u for u in urls if "modele=" in u][:6] or ["/bac-a-sable/"]
            forms = [form for form in (sandbox_form(server.port, u) for u in presets) if form]
            print(f"{DATABASE_LABEL} : {len(urls)} adresses, {len(forms)} formulaires du bac à sable ; "
                  f"{args.connections} connexions pendant {args.seconds:g} s…")
            started = time.monotonic()
            statuses, server_errors, failed = soak(server.port, urls, forms, args.seconds, args.connections)
            elapsed = time.monotonic() - started
        finally:
            server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    total = sum(statuses.values())
    print(f"{total} réponses en {elapsed:.0f} s ({total / elapsed:.0f} req/s) : "
          + ", ".join(f"{code}×{n}" for code, n in sorted(statuses.items())))
    print(f"{'✓' if not server_errors and not failed else '✗'} réponses 5xx : {server_errors} ; "
          f"connexions échouées : {failed}")
    sys.exit(1 if server_errors or failed else 0)


if __name__ == "__main__":
    main()
