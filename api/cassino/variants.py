"""Cassino's variants and their rule options (docs/rules/README.md: V1-V7 as presets of
Rules), as ``GET /v1/variants`` lists them."""

from __future__ import annotations

import functools
from typing import Any

from api.rules import page_url
from engine.cassino import VARIANTS, Rules, scheme
from engine.errors import UnsupportedVariantError

__all__ = ["variants_answer"]


def _categories(rules: Rules) -> dict[str, Any]:
    """What a round scores under the variant's scheme, once that scheme is implemented."""
    try:
        return {"categories": scheme(rules).to_dicts()}
    except UnsupportedVariantError:
        return {}


@functools.cache
def variants_answer() -> dict[str, Any]:
    """Every variant's rule options, its scoring categories and its rules page."""
    return {"variants": [
        {**rules.to_dict(), **_categories(rules),
         **({"rules_url": url} if (url := page_url(name)) else {})}
        for name, rules in VARIANTS.items()]}
