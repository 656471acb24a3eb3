"""Jass in the API."""
