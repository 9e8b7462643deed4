"""The static files' storage: whitenoise's manifest storage (hashed names, gzip copies) with ES-module imports
rewritten to the hashed names too."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """``collectstatic`` names each file by its content's hash, and whitenoise serves those names with a year's
    ``Cache-Control: immutable``, so a phone downloads a file once per version. The page's ES modules import each
    other by relative path (``import { x } from "./outbox.js"``); Django rewrites those imports to the hashed names
    as well, or a module would load its neighbours under names that are revalidated on every visit and could mix two
    versions of the code."""

    support_js_module_import_aggregation = True
