"""Solitaire Cribbage in the API (api/solitaire_cribbage/entry.py)."""
