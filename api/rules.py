"""The rules, served: ``GET /rules/<variant>`` renders ``docs/rules/<variant>.md``.

Every numbered rule has an anchor (``/rules/standard#R14``), and every error that
breaks a rule links to it (``rule_url``).  A plain Flask Blueprint: pages for people,
not part of the OpenAPI document.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import markdown
from flask import Blueprint, Response, current_app
from flask_smorest import abort

__all__ = ["RULES_DIR", "blp", "rule_url"]

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
_RULE = re.compile(r"\b([RDV]\d+(?:\.\d+)?[a-z]?)\b")
_NAME = re.compile(r"^[a-z0-9-]+$")

blp = Blueprint("rules", __name__, url_prefix="/rules")


def rule_url(rule: str, variant: str = "standard") -> str:
    """The page and anchor of the first rule named in ``rule`` (``"R8, R14b"`` -> R8).  A
    variant's own rule (``V1.1``) links to the page that defines it."""
    match = _RULE.search(rule)
    if not match:
        return f"/rules/{variant}"
    anchor = match.group(1)
    return f"/rules/{_defined_in(anchor) or variant}#{anchor}"


@functools.cache
def _defined_in(anchor: str) -> str | None:
    """The rules page with the heading ``{#anchor}`` of a variant's rule, if any."""
    if not anchor.startswith("V"):
        return None
    for path in sorted(RULES_DIR.glob("*.md")):
        if f"{{#{anchor}}}" in path.read_text(encoding="utf-8"):
            return path.stem
    return None


@functools.cache
def _page(name: str) -> str | None:
    path = RULES_DIR / f"{name}.md"
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["attr_list", "tables", "fenced_code", "toc"])
    title = next((line.lstrip("# ").split("{")[0].strip() for line in text.splitlines()
                  if line.startswith("# ")), name)
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><style>body{{max-width:46rem;margin:2rem auto;"
            f"padding:0 1rem;font:16px/1.5 system-ui,sans-serif}}:target{{background:#fff3b0}}"
            f"code{{background:#f3f3f3;padding:0 .2em}}</style></head><body>{body}"
            f"</body></html>")


def _serve(name: str) -> Response:
    page = _page(name)
    if page is None:
        abort(404, message=f"no rules page {name!r} (GET /v1/variants lists the variants)",
              field="variant")
    response = current_app.response_class(page, mimetype="text/html")
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.get("")
@blp.get("/")
def index() -> Response:
    """The index of the rules pages."""
    return _serve("README")


@blp.get("/<name>")
def page(name: str) -> Response:
    """One variant's rules, every numbered rule an anchor."""
    if not _NAME.match(name):
        abort(404, message=f"no rules page {name!r} (GET /v1/variants lists the variants)",
              field="variant")
    return _serve(name)
