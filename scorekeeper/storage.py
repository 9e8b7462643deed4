"""The static files' storage: whitenoise's manifest storage (hashed names, gzip copies) with the table page's
ES-module imports rewritten to the hashed names too."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's own patterns for `import ... from "./x.js"` (and export-from, bare and dynamic imports), which it applies to
# every .js file when support_js_module_import_aggregation is on. Its lazy DOTALL patterns crawl large minified
# bundles (Swagger UI's, ReDoc's): collectstatic took 59 s of CPU instead of 5. Only the table's modules need them.
_MODULE_IMPORTS = CompressedManifestStaticFilesStorage._js_module_import_aggregation_patterns[1]


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """``collectstatic`` names each file by its content's hash, and whitenoise serves those names with a year's
    ``Cache-Control: immutable``, so a phone downloads a file once per version. The page's ES modules import each
    other by relative path (``import { x } from "./outbox.js"``); those imports are rewritten to the hashed names as
    well, or a module would load its neighbours under names that are revalidated on every visit and could mix two
    versions of the code."""

    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("table/*.js", _MODULE_IMPORTS))
