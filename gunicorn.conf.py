"""gunicorn's production configuration (read from the working directory: `gunicorn` with no `-c` finds it).

Why threads (``gthread``): a sync worker reads a request's headers itself, so one client trickling them a byte at a
time holds the worker until it finishes, and three such clients stopped a three-worker site (slowloris). A gthread
worker waits for a connection's first bytes in its event loop, without a thread, and serves each request in a pool
of threads: a slow client occupies one thread of one worker at most, and the other threads keep answering. Behind
the HTTPS proxy the README asks for, a proxy that buffers whole requests (nginx does by default) stops floods of
slow clients before they reach gunicorn; this configuration keeps the site answering without one.

Every value can be changed from the environment (GUNICORN_*), e.g. for a machine with more cores.
"""

import os


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, "") or default)


wsgi_app = "riftpal.wsgi"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = _int("GUNICORN_WORKERS", 3)
worker_class = "gthread"
threads = _int("GUNICORN_THREADS", 8)
# Connections a worker keeps at once (waiting, kept alive or being served).
worker_connections = _int("GUNICORN_WORKER_CONNECTIONS", 1000)
# A request taking longer than this gets its worker restarted; idle kept-alive connections close after keepalive.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 30
keepalive = _int("GUNICORN_KEEPALIVE", 5)
# Worker recycling bounds any slow growth of memory.
max_requests = _int("GUNICORN_MAX_REQUESTS", 5000)
max_requests_jitter = 500
# Request line and headers: gunicorn's limits, stated here so an operator sees them.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# X-Forwarded-Proto is believed only from these addresses (the same proxies Django trusts for client addresses).
forwarded_allow_ips = os.environ.get("DJANGO_TRUSTED_PROXIES") or "127.0.0.1"
