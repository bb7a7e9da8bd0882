"""Static files for production: hashed names everywhere, ES module imports included."""

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage that also rewrites ``import … from "./x.js"`` to the hashed
    name, so a module and the modules it imports are all served with a far-future cache.

    ``url()`` is remembered per name: the manifest is read once, when the storage is created, so a name's URL
    cannot change in a running process, and every page asks for the same few names (the lookup cost more than
    a fifth of the frame of every page). The memo holds one entry per static file at most."""

    support_js_module_import_aggregation = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name, force=False):
        if force or settings.DEBUG:
            return super().url(name, force)
        try:
            return self._urls[name]
        except KeyError:
            url = self._urls[name] = super().url(name)
            return url
