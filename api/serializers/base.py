"""What the read-only serializers share."""

from __future__ import annotations

import copy
from typing import Any


class FieldsBuiltOnce:
    """Build a read-only ModelSerializer's fields once per class, then hand each instance a copy.

    ModelSerializer inspects the model and builds every field again for each instance, which was half the cost of
    serializing a match (measured by bench/profile_deal.py). Only for serializers whose fields do not depend on
    the instance or the context; DRF itself deep-copies declared fields the same way.
    """

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built  # type: ignore[attr-defined]
        return copy.deepcopy(built)
