"""gunicorn's production configuration (read from the working directory: `gunicorn` with no `-c` finds it).

Decided by measurement (bench/pages.py, bench/soak.py; figures in the README):

- **sync workers behind nginx** (deploy/nginx.conf, started with the rest by scripts/prod-stack.sh). A page from
  the cache costs well under a millisecond of Python; a sync worker serves it with no thread switch, where
  gthread workers added a tail of hundreds of milliseconds under load. A sync worker cannot wait on a slow client
  without stopping, so it never talks to one: nginx reads each request whole and takes each answer whole
  (slowloris and slow readers hold nginx connections, not workers). Never expose these workers directly.
- **cores + 1 workers** (3 on a 2-core machine), measured by bench/workers.py (2, 3 and 5 workers in turn, twice,
  in one run; figures in the README): a page that is computed (a search) is CPU-bound, so workers beyond the cores
  only queue behind one another: 5 workers gave the fewest searches a second and a p99 near 2 s, 3 workers as
  many or more than 2, and one more than the cores keeps a core busy while a worker waits on the database or the
  cache's disk. Cached pages barely depend on it (nginx answers most of them itself).
- **Recycling rarely**: the page cache lives outside the workers (diskcache files or Redis), so a recycled
  worker loses nothing; recycling every 50,000 requests still bounds any slow growth of memory.

Every value can be changed from the environment (GUNICORN_*), e.g. for a machine with more cores.
"""

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, "") or default)


wsgi_app = "riftpal.wsgi"
# A unix socket (scripts/prod-stack.sh) or an address; nginx is the only client.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = _int("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1)
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
threads = _int("GUNICORN_THREADS", 1)
# Connections waiting for a free worker: nginx's bursts queue here rather than being refused.
backlog = _int("GUNICORN_BACKLOG", 2048)
# A request taking longer than this gets its worker restarted.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 30
max_requests = _int("GUNICORN_MAX_REQUESTS", 50_000)
max_requests_jitter = 5_000
# The application is loaded once in the master and forked: workers share its memory pages, and a new worker
# (recycled or replacing a killed one) starts at once instead of importing Django again.
preload_app = True
# No control socket: it defaults to one path per user (~/.gunicorn/gunicorn.ctl), which two sites, or a bench
# beside the site, would fight over.
control_socket_disable = True
# Request line and headers: gunicorn's limits, stated here so an operator sees them.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# X-Forwarded-Proto is believed only from these addresses (the same proxies Django trusts for client addresses).
forwarded_allow_ips = os.environ.get("DJANGO_TRUSTED_PROXIES") or "127.0.0.1"


def post_fork(server, worker) -> None:
    """Each worker opens its own database and cache connections: none inherited from the preloading master."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        connection.close()
