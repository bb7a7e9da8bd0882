"""Static files for production: hashed names everywhere, ES module imports included."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage that also rewrites ``import … from "./x.js"`` to the hashed
    name, so a module and the modules it imports are all served with a far-future cache."""

    support_js_module_import_aggregation = True
