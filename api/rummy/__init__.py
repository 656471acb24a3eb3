"""Rummy's part of the API (its entry in the registry: entry.SERVED)."""
