# RiftPal — two commands for a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

# First Python >= 3.12 found: python3.14/3.13/3.12 on PATH, then pyenv's versions, then python3.
define find_python
for c in python3.14 python3.13 python3.12 $$(ls -d $$HOME/.pyenv/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -rV) /usr/local/bin/python3 python3; do \
  if command -v $$c >/dev/null 2>&1 && $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then echo $$c; break; fi; \
done
endef

.PHONY: run admin test test-postgres install install-test chromium nginx content lint bench clean

$(PY):
	@py=$$($(find_python)); \
	if [ -z "$$py" ]; then echo "Python 3.12 ou plus récent introuvable." >&2; exit 1; fi; \
	echo "Création de $(VENV) avec $$py"; $$py -m venv $(VENV)

$(STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

# The test tools (pytest, Playwright, ruff…) only for `make test`: `make run` installs what the site needs.
$(TEST_STAMP): requirements-test.txt $(STAMP)
	$(PY) -m pip install --quiet -r requirements-test.txt
	touch $(TEST_STAMP)

install: $(STAMP)

install-test: $(TEST_STAMP)

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installation de Chromium (paquet Debian)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	fi

# tests/production and tests/ops/test_slow_clients.py start the production stack (scripts/prod-stack.sh): nginx in
# front of gunicorn, with the Brotli module for pre-compressed static files.
nginx:
	@if [ ! -x /usr/sbin/nginx ] || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then \
	  echo "Installation de nginx (paquets Debian)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null; \
	fi

content: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_content
	$(PY) manage.py rebuild_search_index

run: content
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# An editor account for /admin/ (asks for a name, an e-mail and a password).
admin: content
	$(PY) manage.py createsuperuser

# The database tests run twice: on SQLite (with everything else) and on a throwaway PostgreSQL cluster
# (scripts/with-postgres.sh installs the Debian package if needed, starts it on a local port, stops it).
PG_TESTS := tests/search tests/rules tests/glossary tests/worked_examples tests/cards tests/decks/test_views.py tests/ops/test_databases.py \
	tests/ops/test_bad_characters.py tests/ops/test_faq_index.py tests/ops/test_fragments.py tests/ops/test_page_cache.py \
	tests/ops/test_outage.py tests/ops/test_hardening.py tests/ops/test_admin_login.py \
	tests/ops/test_sqlite_writes.py

# Tests run in TEST_WORKERS processes (pytest-xdist), a whole file per process so a file's tests keep their order;
# each process has its own test database (SQLite in memory, or test_riftpal_gwN on PostgreSQL) and its own browser.
# The 25 slowest tests are printed at the end. `make test TEST_WORKERS=0` runs everything in one process.
TEST_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --durations=25

test: install-test chromium nginx
	$(VENV)/bin/ruff check .
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(PYTEST)
	$(MAKE) --no-print-directory test-postgres

test-postgres: install-test
	DJANGO_ALLOW_ASYNC_UNSAFE=true scripts/with-postgres.sh $(PYTEST) $(PG_TESTS)

lint: install-test
	$(VENV)/bin/ruff check .

bench: install-test nginx
	$(PY) bench/engine.py
	$(PY) bench/search.py
	$(PY) bench/relevance.py
	$(PY) bench/autolink.py
	$(PY) bench/player.py
	$(PY) bench/pages.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
