"""The HTTP face of the engine (flask-smorest); see :func:`create_app`."""

from api.app import create_app

__all__ = ["create_app"]
