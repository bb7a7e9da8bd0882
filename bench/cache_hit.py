"""Where a page served from Django's page cache spends its time, in-process, without nginx or gunicorn.

Through gunicorn alone a cached FAQ page served about a third of the requests a second of a bare Django view
(bench/pages.py). This splits the Django side of that gap, each figure the best of five loops of 3,000 calls to the
WSGI handler (no network, no server):

1. the bare Django view of bench/floor.py (no middleware, no app, no database), in a process of its own;
2. the site's settings with one middleware that answers at once (the handler, its signals: what any page costs);
3. the middleware in front of the page cache (HeadAsGet, BadCharacters) then that answer;
4. the page cache alone, then the shipped chain, on a cached page;

and the pieces of a hit one by one (the key, the cache read, the answer built from the stored page, the signals).
Run from the repository root against a prepared site (`set -a; . <dossier de prod-stack.sh>/environment; set +a`):
`.venv/bin/python bench/cache_hit.py`. Figures, not a test; the load average is printed beside them.
"""

from __future__ import annotations

import io
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FAQ_PAGE = "/faq/jusqu-a-5-et-sort/"


def environ(path: str) -> dict:
    return {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(),
            "wsgi.errors": sys.stderr, "HTTP_ACCEPT_ENCODING": "gzip", "HTTP_X_FORWARDED_PROTO": "https",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.multithread": False, "wsgi.multiprocess": True}


def call(app, path: str) -> None:
    body = app(environ(path), lambda status, headers, exc_info=None: None)
    b"".join(body)
    if hasattr(body, "close"):
        body.close()


def first_answer(app) -> tuple[str, dict[str, str]]:
    seen = []
    b"".join(app(environ(FAQ_PAGE), lambda status, headers, exc_info=None: seen.append((status, dict(headers)))))
    return seen[0]


def per_call(function, count: int = 3000) -> float:
    """Microseconds per call, the best of five loops."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(count):
            function()
        best = min(best, (time.perf_counter() - start) / count * 1e6)
    return best


def line(label: str, micros: float) -> None:
    print(f"  {label:<68} {micros:>6.0f} µs")


def floor() -> None:
    from bench.floor import application

    line("Django nu (bench/floor.py : sans intergiciel, vue de 20 Ko)",
         per_call(lambda: call(application, "/plancher/")))


def site() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "riftpal.settings.prod")
    import django

    django.setup()
    from django.conf import settings
    from django.core import signals
    from django.core.cache import caches
    from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
    from django.http import HttpResponse

    from core.middleware import PageCacheMiddleware, content_version

    class Answer:  # a middleware that answers at once: what the handler costs around any page
        def __init__(self, get_response):
            pass

        def __call__(self, request):
            return HttpResponse(b"x" * 9000)

    class Refuse(Answer):  # behind the cache alone: a page it does not hold is a 500, never stored unfinished
        def __call__(self, request):
            raise RuntimeError("page absente du cache")

    sys.modules[__name__].Answer = Answer
    sys.modules[__name__].Refuse = Refuse
    shipped = list(settings.MIDDLEWARE)
    cache_at = shipped.index("core.middleware.PageCacheMiddleware")
    answer = f"{__name__}.Answer"
    # The shipped chain first: it stores the page as production does (compressed, with its headers); the cache
    # alone then only reads it, never stores a page the rest of the chain has not finished.
    for label, chain in [
        ("la chaîne livrée, page en cache", shipped),
        ("réglages du site, un intergiciel qui répond aussitôt", [answer]),
        ("HeadAsGet + BadCharacters, puis cette réponse", [*shipped[:cache_at], answer]),
        ("le cache de pages seul, page en cache", [shipped[cache_at], f"{__name__}.Refuse"]),
    ]:
        settings.MIDDLEWARE = chain
        app = WSGIHandler()
        call(app, FAQ_PAGE)
        status, headers = first_answer(app)
        line(f"{label} ({status.split()[0]} {headers.get('X-Cache', '')} {headers.get('Content-Encoding', '')})",
             per_call(lambda app=app: call(app, FAQ_PAGE)))
    print("  morceaux d'une page servie par le cache :")
    middleware = PageCacheMiddleware(lambda request: None)
    request = WSGIRequest(environ(FAQ_PAGE))
    keys = []
    original = PageCacheMiddleware.key
    PageCacheMiddleware.key = lambda self, req, version: keys.append(original(self, req, version)) or keys[-1]
    call(app, FAQ_PAGE)  # the cache alone, on the page the shipped chain stored
    PageCacheMiddleware.key = original
    cache = caches["default"]
    stored = cache.get(keys[-1])
    raw = pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL)
    plain = pickle.dumps((stored.status_code, list(stored.headers.items()), stored.content),
                         protocol=pickle.HIGHEST_PROTOCOL)
    for label, function in [
        ("WSGIRequest(environ)", lambda: WSGIRequest(environ(FAQ_PAGE))),
        ("cacheable_request()", lambda: middleware.cacheable_request(request)),
        ("key() (content_version() compris)", lambda: original(middleware, request, content_version())),
        ("caches['default'].get(clé) : diskcache, SQLite, unpickle", lambda: cache.get(keys[-1])),
        (f"  dont pickle.loads de la HttpResponse gardée ({len(raw)} o)", lambda: pickle.loads(raw)),  # noqa: S301
        (f"  au lieu de pickle.loads d'un tuple statut, en-têtes, octets ({len(plain)} o)",
         lambda: pickle.loads(plain)),  # noqa: S301
        ("from_entry() : X-Cache, X-Accel-Expires, réponse conditionnelle", lambda: middleware.from_entry(
            request, pickle.loads(raw))),  # noqa: S301
        ("signaux request_started + request_finished", lambda: (
            signals.request_started.send(sender=None, environ={}), signals.request_finished.send(sender=None))),
    ]:
        line(label, per_call(function))


def main() -> None:
    if sys.argv[1:] == ["--plancher"]:
        floor()
        return
    load = os.getloadavg()
    print(f"Une page servie par le cache de Django, dans le processus (meilleure de 5 boucles de 3 000 appels WSGI) ; "
          f"charge moyenne {load[0]:.1f} / {load[1]:.1f}")
    subprocess.run([sys.executable, __file__, "--plancher"], check=True)
    site()
    load = os.getloadavg()
    print(f"  charge moyenne à la fin : {load[0]:.1f} / {load[1]:.1f}")


if __name__ == "__main__":
    main()
