"""Settings shared by every environment. Values come from DJANGO_* variables with safe defaults."""

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, "") or default)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    return default if not value else value in ("1", "true", "yes", "on")


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me-in-production")
DEBUG = False
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django_htmx",
    # Failed admin logins counted in the database (every worker sees them); too many and the client is locked out.
    "axes",
    # The project itself: bumps the content version of the page cache when any content model changes.
    "core.apps.CoreConfig",
    # Lower apps first: glossary (terms, Markdown) < cards < worked_examples (engine, player) < rules < search, sandbox
    # < learn < decks.
    "glossary",
    "cards",
    "worked_examples",
    "rules",
    "search",
    "sandbox",
    "learn",
    "decks",
]

MIDDLEWARE = [
    # HEAD runs as GET without the body: views that say @require_GET answer HEAD too (core/middleware.py).
    "core.middleware.HeadAsGetMiddleware",
    # NUL and control characters in the path, a cookie or a form value: a French 400 before any query runs.
    "core.middleware.BadCharactersMiddleware",
    # Whole pages from the cache, with 304s and Cache-Control, as early as possible: a stored page is served by
    # these three. Everything below runs only to render a page, so a stored page is already compressed, typeset
    # and carries its security and CSP headers. Static files never match PAGE_CACHE_PREFIXES.
    "core.middleware.PageCacheMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    # ETag from the uncompressed page (GZip above turns it weak), so every worker gives a page the same ETag.
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Inside the CSP: a page that carries its stylesheets (a first visit, core/stylesheets.py) allows their hashes.
    "core.stylesheets.InlineStylesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Typography runs on the finished page (its text only), after every view and template.
    "core.typography.TypographyMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

# Admin logins: django-axes refuses a client (by the address a trusted proxy reports, as for the feedback limit)
# after DJANGO_LOGIN_FAILURE_LIMIT wrong passwords, for DJANGO_LOGIN_COOLOFF_MINUTES; it checks before the password
# hasher runs, so a guessing loop costs no hashing once locked. A correct login resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("DJANGO_LOGIN_COOLOFF_MINUTES", 30))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "core.middleware.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin-locked.html"
AXES_VERBOSE = False

ROOT_URLCONF = "riftpal.urls"
WSGI_APPLICATION = "riftpal.wsgi.application"
ASGI_APPLICATION = "riftpal.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                # No "csp" processor: no nonce in pages that are cached and shared (see SECURE_CSP).
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.site",
            ],
        },
    },
]

# SQLite is the embedded default; DATABASE_URL (postgres://…) switches to PostgreSQL. Connections are kept
# DJANGO_CONN_MAX_AGE seconds and checked before reuse, so a restarted database costs no failed request.
def database_config(url: str | None = None) -> dict:
    config = dj_database_url.parse(url) if url else dj_database_url.config(
        env="DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    config["CONN_MAX_AGE"] = env_int("DJANGO_CONN_MAX_AGE", 60)
    config["CONN_HEALTH_CHECKS"] = True
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Several workers write (feedback, sessions, load_content) while others read. WAL: readers never wait for
        # a writer. IMMEDIATE: a transaction takes the write lock when it begins, so two writers queue instead of
        # one failing at once with « database is locked » when it upgrades a read to a write. The busy timeout is
        # how long a writer queues. Django's own SQLite options (5.1+).
        config["OPTIONS"] = {
            **config.get("OPTIONS", {}),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("DJANGO_SQLITE_TIMEOUT", 20),
        }
    return config


DATABASES = {"default": database_config()}

# The page cache, shared by every worker of the machine and kept across worker restarts: diskcache's Django backend
# (SQLite files in DJANGO_CACHE_DIR, at most DJANGO_CACHE_SIZE_MB, least recently stored evicted first) by default;
# REDIS_URL (redis://host:6379/0) shares one cache between every server with Django's Redis backend. Both through
# core.cache, which turns a failing store into a miss (the page is rendered) and logs the outage once.
# The content version and the feedback counters use the plain backends: a change or a post whose mark cannot be
# recorded is refused (they fail closed), see core/content_version.py and rules/feedback.py.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_DIR = Path(os.environ.get("DJANGO_CACHE_DIR", "") or Path(tempfile.gettempdir()) / "riftpal-cache")
CACHE_TIMEOUT = 60 * 60 * 24
if REDIS_URL:
    # A stopped Redis must cost a request milliseconds, not the client library's default wait.
    _redis_options = {"socket_connect_timeout": 0.25, "socket_timeout": 0.5, "retry_on_timeout": False}
    CACHES = {
        name: {"BACKEND": backend, "LOCATION": REDIS_URL, "KEY_PREFIX": "riftpal", "TIMEOUT": timeout,
               "OPTIONS": _redis_options}
        for name, backend, timeout in [
            ("default", "core.cache.RedisCache", CACHE_TIMEOUT),
            ("content-version", "django.core.cache.backends.redis.RedisCache", None),
            ("rate-limit", "django.core.cache.backends.redis.RedisCache", 60 * 60),
        ]
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "core.cache.DiskCache",
            "LOCATION": str(CACHE_DIR / "pages"),
            "TIMEOUT": CACHE_TIMEOUT,
            # Writers of different keys rarely wait for each other; a reader never waits longer than this.
            "SHARDS": 8,
            "DATABASE_TIMEOUT": 0.05,
            "OPTIONS": {"size_limit": env_int("DJANGO_CACHE_SIZE_MB", 256) * 1024 * 1024},
        },
        "content-version": {
            "BACKEND": "core.cache.KeptOpenDiskCache",
            "LOCATION": str(CACHE_DIR / "content-version"),
            "TIMEOUT": None,
            "SHARDS": 1,
            "DATABASE_TIMEOUT": 1.0,
        },
        # Counters every worker of the machine shares (the feedback rate limit), not one per worker's memory.
        "rate-limit": {
            "BACKEND": "core.cache.KeptOpenDiskCache",
            "LOCATION": str(CACHE_DIR / "rate-limit"),
            "TIMEOUT": 60 * 60,
            "SHARDS": 1,
            "DATABASE_TIMEOUT": 1.0,
            "OPTIONS": {"size_limit": 64 * 1024 * 1024},
        },
    }
CONTENT_VERSION_CACHE = "content-version"
RATE_LIMIT_CACHE = "rate-limit"

# The client's address for rate limits: X-Forwarded-For is believed only when the connection comes from one of
# these proxies (addresses or networks, e.g. "127.0.0.1,10.0.0.0/8"); otherwise REMOTE_ADDR is the client.
TRUSTED_PROXIES = env_list("DJANGO_TRUSTED_PROXIES")

# Which pages are stored whole (path prefixes; "/" alone is the home page). Only anonymous GETs answered 200
# without a cookie are stored; see core/middleware.py for the rules.
PAGE_CACHE_ENABLED = env_bool("DJANGO_PAGE_CACHE", True)
PAGE_CACHE_PREFIXES = ["/", "/faq/", "/guides/", "/regles/", "/glossaire/", "/cartes/", "/exemples/",
                       "/api/exemples/", "/sitemap.xml", "/plan-du-site/",
                       # Learning pages: progress lives in the browser; an answered question carries parameters
                       # (repondu, reponse…) that are never stored, the day's puzzle and judge mode are never_cache.
                       "/debuter/", "/entrainement/"]
# The query parameters the pages under each prefix read (a regular expression matched against each name; the
# longest prefix wins, "/" is the home page only). Only these make a page a different page: the cache key holds them
# alone. Strict prefixes (True) list every parameter their pages read, so any other is left out of the key and the
# stored page answers (`/sitemap.xml?x=1` is `/sitemap.xml`); on the others (their views read forms or players
# whose fields may grow) a request with any other parameter is rendered and never stored. Either way, a flood of
# made-up parameters can neither fill the cache nor push the visited pages out of it.
_PLAYER_PARAMETERS = (r"etape|indice|detail|integre|si"
                      r"|(?:effect|defending|xp|power|stunned):[\w-]{1,40}|keyword:[\w-]{1,40}:[\w -]{1,40}")
PAGE_CACHE_QUERY_PARAMETERS = {
    "/": ("merci", True),
    "/faq/": ("categorie|page|merci", True),
    "/guides/": ("merci", True),
    "/regles/": ("merci", True),
    "/glossaire/": ("q|merci", True),
    "/plan-du-site/": ("merci", True),
    "/sitemap.xml": ("p", True),
    "/cartes/": ("page|merci", False),
    "/exemples/": (_PLAYER_PARAMETERS + "|merci", False),
    "/api/exemples/": (_PLAYER_PARAMETERS, False),
    "/debuter/": (_PLAYER_PARAMETERS + "|merci", False),
    # Answered questions (repondu, reponse…) are never stored.
    "/entrainement/": ("theme|type|niveau|merci", False),
}
# Saving or deleting any model of these apps starts a new content version (core/apps.py), except these models,
# which no cached page shows.
PAGE_CACHE_CONTENT_APPS = ["rules", "glossary", "examples", "cards"]
PAGE_CACHE_IGNORED_MODELS = ["rules.Feedback"]
# Browsers and CDNs keep a page this long, then may serve it stale while they fetch the new one.
PAGE_CACHE_MAX_AGE = env_int("DJANGO_PAGE_CACHE_MAX_AGE", 60)
PAGE_CACHE_STALE_WHILE_REVALIDATE = env_int("DJANGO_PAGE_CACHE_STALE_WHILE_REVALIDATE", 600)
# How long nginx (deploy/nginx.conf) may answer a stored page itself (X-Accel-Expires), seconds; 0: never. An editor's
# change reaches readers within this delay more (besides browsers' max-age).
PAGE_CACHE_PROXY_SECONDS = env_int("DJANGO_PAGE_CACHE_PROXY_SECONDS", 2)
# How long a worker trusts the content version it last read before reading it again (other workers' edits).
PAGE_CACHE_VERSION_CHECK_SECONDS = 1.0
PAGE_CACHE_MAX_BYTES = 512 * 1024
# Pieces that depend only on the content (an embedded example player) are rendered once per content version and
# kept in the same cache, whether or not the whole page is (core/fragments.py).
FRAGMENT_CACHE_ENABLED = env_bool("DJANGO_FRAGMENT_CACHE", True)
# The search page drops NUL and control characters from its query itself (search/text.py): let it through.
BAD_CHARACTERS_EXEMPT_PREFIXES = ["/recherche/"]
# A bench-only URL (/_bench/minimal/) that bench/pages.py compares the cached pages with. Never in production.
BENCH_VIEW = env_bool("DJANGO_BENCH_VIEW", False)

# One line of JSON per event on stdout; ordinary 4xx answers (a 404, a form error) are not warnings.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"server_errors_only": {"()": "core.logs.ServerErrorsOnly"}},
    "formatters": {"json": {"()": "core.logs.JsonLineFormatter"}},
    "handlers": {
        "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "json"},
    },
    "root": {"handlers": ["stdout"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stdout"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"), "propagate": False},
        "django.request": {"handlers": ["stdout"], "level": "WARNING", "filters": ["server_errors_only"],
                           "propagate": False},
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", "") or BASE_DIR / "staticfiles")

# A page the page cache cannot serve while the database is unreachable: a French 503 asking to come back after
# this many seconds (core.middleware.server_error_or_unavailable, the project's handler500).
DATABASE_RETRY_AFTER = env_int("DJANGO_RETRY_AFTER", 30)

# Requests larger than this are refused before any view runs (hostile form input).
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

# Content Security Policy from Django's own middleware: no inline script or style anywhere. No nonce: pages are
# cached whole and shared, and a nonce stored in a shared page would protect nothing; every script is a file.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    # Card images come from Riot's own address only (issue 30: never copied, never from elsewhere).
    "img-src": [CSP.SELF, "data:", "https://cmsassets.rgpub.io"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

SITE_NAME = "RiftPal"
