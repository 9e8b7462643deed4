"""Cache keys for derived data: a readable prefix and a digest of everything the data depends on."""

from __future__ import annotations

import hashlib


def fingerprint_key(prefix: str, *parts: object) -> str:
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f"{prefix}:{digest}"
