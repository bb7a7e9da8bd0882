"""After collectstatic with the production storage, every file is referenced by its hashed name, ES module imports
included, and WhiteNoise serves it with a far-future cache."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
IMPORT_RE = re.compile(r"""\bfrom\s+["']([^"']+)["']""")


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("static")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "riftpal.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "riftpal.example",
        "DJANGO_STATIC_ROOT": str(root),
    }
    result = subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def test_es_modules_import_their_siblings_by_hashed_name(collected):
    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    modules = [name for name in paths if name.startswith("js/") and name.endswith(".js")]
    assert "js/site.js" in modules and "js/player.js" in modules
    hashed = set(paths.values())
    seen = 0
    for name in modules:
        source = (collected / paths[name]).read_text()
        for target in IMPORT_RE.findall(source):
            seen += 1
            resolved = os.path.normpath(os.path.join(os.path.dirname(paths[name]), target))
            assert resolved in hashed, f"{paths[name]} imports {target}, which is not a hashed name"
    assert seen >= 3


def test_hashed_files_are_cached_for_a_year(collected, rf):
    from whitenoise.middleware import WhiteNoiseMiddleware

    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    with override_settings(STATIC_ROOT=collected, WHITENOISE_USE_FINDERS=False, WHITENOISE_AUTOREFRESH=False,
                           STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                                     "staticfiles": {"BACKEND": "core.storage.StaticFilesStorage"}}):
        middleware = WhiteNoiseMiddleware(lambda request: None)
        for name in ("js/site.js", "js/announce.js", "css/site.css"):
            response = middleware(rf.get(f"/static/{paths[name]}", HTTP_ACCEPT_ENCODING="gzip"))
            assert response.status_code == 200
            assert "max-age=315360000" in response["Cache-Control"] and "immutable" in response["Cache-Control"]
            assert response["Content-Encoding"] in ("gzip", "br")


def test_the_storage_gives_each_static_url_from_the_manifest_and_remembers_it(collected):
    from core.storage import StaticFilesStorage

    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    with override_settings(STATIC_ROOT=collected, DEBUG=False):
        storage = StaticFilesStorage(location=collected)
        assert storage.url("css/site.css") == f"/static/{paths['css/site.css']}"
        with pytest.MonkeyPatch.context() as patch:
            # Once asked, a name's URL no longer needs the manifest.
            patch.setattr(storage, "hashed_files", {})
            assert storage.url("css/site.css") == f"/static/{paths['css/site.css']}"
        with pytest.raises(ValueError):
            storage.url("css/absent.css")  # a missing file still fails loudly, and is not remembered


def test_the_service_worker_is_served_under_the_manifest_storage(collected, client):
    """Production's storage has no manifest entry for "" (asking it for one was a 500 on every /sw.js)."""
    from core import offline

    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    with override_settings(STATIC_ROOT=collected, WHITENOISE_USE_FINDERS=False, WHITENOISE_AUTOREFRESH=False,
                           STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                                     "staticfiles": {"BACKEND": "core.storage.StaticFilesStorage"}}):
        offline._release.cache_clear()  # Django's setting_changed handler rebuilds the static storage itself
        response = client.get("/sw.js")
    assert response.status_code == 200
    config = json.loads(response.content.decode().split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["static"] == "/static/"
    assert f"/static/{paths['css/site.css']}" in config["frame"]
