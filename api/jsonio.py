"""Fast JSON in and out (orjson), for Flask and for webargs' request parsing."""

from __future__ import annotations

import functools
import json
from typing import Any

import flask_smorest
import orjson
from flask import Request, Response, current_app
from flask.json.provider import JSONProvider
from flask_smorest import abort
from marshmallow import Schema
from webargs.core import missing
from webargs.flaskparser import FlaskParser, is_json_request

MAX_BODY = 256 * 1024
"""The largest request body (``MAX_CONTENT_LENGTH``): a full state with a long history is
under 10 KiB."""


def too_large(limit: int | None) -> str:
    """The 413's message: the body limit in bytes (``MAX_CONTENT_LENGTH``)."""
    most = f"the {limit:,} bytes ({limit // 1024} KiB) a request may send" if limit else \
        "what a request may send"
    return f"the body is larger than {most}; a full state, even late in a game, is under 10 KiB"


def _dump(obj: Any) -> bytes:
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)  # error dicts have int keys


class OrjsonProvider(JSONProvider):
    """Flask's JSON provider backed by orjson (several times faster than the stdlib)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return _dump(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = args[0] if len(args) == 1 else (args or kwargs)
        return respond(obj)


def respond(payload: Any, status: int = 200) -> Response:
    """A JSON response of ``payload`` as it is (already in wire form)."""
    response = current_app.response_class(_dump(payload), mimetype="application/json")
    response.status_code = status
    return response


@functools.cache
def _schema(kind: type[Schema]) -> Schema:
    """The one instance of a request schema."""
    return kind()


class OrjsonParser(FlaskParser):
    """webargs' Flask parser reading JSON bodies with orjson, each request schema made once
    (webargs makes one per request from a class: some 40 us a hint, most of it copying
    the fields; a marshmallow schema keeps no state between loads)."""

    def _get_schema(self, argmap: Any, req: Request) -> Schema:
        if isinstance(argmap, type) and issubclass(argmap, Schema):
            return _schema(argmap)
        return super()._get_schema(argmap, req)

    def _raw_load_json(self, req: Request) -> Any:
        data = req.get_data(cache=True)
        if not is_json_request(req):
            if not data:
                return missing  # no body at all: the schema says what is missing
            given = req.headers.get("Content-Type")
            abort(415, message="send the body as JSON with the header Content-Type: "
                               "application/json" + (f" (not {given!r})" if given else
                                                     " (the request has no Content-Type)"),
                  field="Content-Type")
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError as exc:  # webargs: an empty body is missing, else 400
            raise json.JSONDecodeError(str(exc), data.decode("utf-8", "replace"), 0) from exc


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """flask-smorest's Blueprint with the orjson request parser."""

    ARGUMENTS_PARSER = OrjsonParser()
