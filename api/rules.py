"""The rules, served: ``GET /rules/<variant>`` renders ``docs/rules/<variant>.md``, for
every such page present, and ``GET /rules`` the index (``docs/rules/README.md``).  A game
registered from outside the tree (engine.games.register) brings its page in its package,
``rules.md``, served at its ``GameType.rules_page`` (``/rules/war``) while it is registered
(docs/adding-a-game.md "The steps").

Every numbered rule has an anchor (``/rules/standard#R14``, ``/rules/classic#C3``): a
heading that starts with a rule number gets it as its id unless the page gives one
(``{#C3}``), and so does a paragraph or list item that starts with it in bold.  Every
error that breaks a rule links to it (``rule_url``): to the page of the variant the
request is about when that page has the rule's anchor, else to the standard page.  A
plain Flask Blueprint: pages for people, not part of the OpenAPI document.
"""

from __future__ import annotations

import functools
import html
import importlib.resources
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import markdown
import orjson
from flask import Blueprint, Response, current_app, g, has_request_context, request
from flask_smorest import abort
from markdown.extensions import Extension  # type: ignore[import-untyped]
from markdown.treeprocessors import Treeprocessor  # type: ignore[import-untyped]

from engine.games import game_types, get_game, registered

__all__ = ["PACKAGE_PAGE", "RULES_DIR", "blp", "note_variant", "page_url", "rule_url",
           "rules_pages"]

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
PACKAGE_PAGE = "rules.md"
"""A registered game's rules page, in its package (served at its ``rules_page``)."""
PAGE_PREFIX = "/rules/"
STANDARD = "standard"
INDEX = "README"
_RULE = re.compile(r"\b([RDV]\d+(?:\.\d+)?[a-z]?)\b")
"""A standard rule number (R14b), decision (D16) or the book's variant rule (V2.3)."""
_NUMBER = re.compile(r"\b([A-Z]{1,3}\d+(?:\.\d+)?[a-z]?)\b")
"""Any page's rule number: a capital prefix of its own (C3 on classic's page, R14 on
standard's), a number, an optional sub-number or letter."""
_LEADING = re.compile(r"^\s*([A-Z]{1,3}\d+(?:\.\d+)?[a-z]?)\b")
_NAME = re.compile(r"^[a-z0-9-]+$")
_ID = re.compile(r'\bid="([^"]+)"')

blp = Blueprint("rules", __name__, url_prefix="/rules")


# --- which page a rule is on -------------------------------------------------------------


def note_variant(name: str) -> None:
    """Record the variant the current request is about when its body does not say it
    (a sealed game's is inside its token), for the ``rule_url`` of its errors."""
    g.cassino_variant = name


def _request_variant() -> str | None:
    """The variant the request being answered is about: noted, or named in its body
    (``variant``, ``state.variant``, ``view.variant``); ``None`` outside a request."""
    if not has_request_context():
        return None
    noted = g.get("cassino_variant")
    if isinstance(noted, str):
        return noted
    try:
        body = orjson.loads(request.get_data(cache=True) or b"null")
    except orjson.JSONDecodeError:
        return None
    if not isinstance(body, dict):
        return None
    for holder in (body, body.get("state"), body.get("view")):
        if isinstance(holder, dict) and isinstance(holder.get("variant"), str):
            return str(holder["variant"])
    return None


def rule_url(rule: str, variant: str | None = None) -> str:
    """The page and anchor of the rule named in ``rule`` (``"R8, R14b"`` -> R8).

    ``variant`` (by default the one the current request is about): when it has a page of
    its own and one of the rule numbers in ``rule`` is an anchor of that page, that page
    and that anchor (``/rules/classic#C3``); else, for a variant's rule of the book
    (``V1.1``), the page that has it as an anchor; otherwise the standard page and the first
    standard number (``/rules/standard#R14``), as every variant builds on standard.
    """
    if variant is None:
        variant = _request_variant()
    if variant and variant != STANDARD and variant in _present():
        anchors = _anchors(variant)
        for number in _NUMBER.findall(rule):
            if number in anchors:
                return f"/rules/{variant}#{number}"
    game_page = _game_page(variant) if variant else None
    if game_page is not None:  # another game's rule, on its game's page (rummy's RM7)
        for number in _NUMBER.findall(rule):
            if number in _anchors(game_page):
                return f"/rules/{game_page}#{number}"
    for number in _NUMBER.findall(rule):  # a variant's rule (V1.1): the page that has it
        page = _defined_in(number) if number.startswith("V") else None
        if page is not None:
            return f"/rules/{page}#{number}"
    match = _RULE.search(rule)
    return f"/rules/{STANDARD}" + (f"#{match.group(1)}" if match else "")


def _game_page(variant: str) -> str | None:
    """The rules page of the game ``variant`` belongs to, when it is present
    (``/rules/rummy`` for ``poker-gin``, ``/rules/war`` for ``war-alternate``)."""
    return _game_pages(_games()).get(variant)


@functools.cache
def _game_pages(games: tuple[tuple[str, str], ...]) -> Mapping[str, str]:
    """Each variant whose game's page is present, and that page, for the registry that
    ``games`` registered (a request's variant, any text, is looked up, never cached)."""
    present = _sources(games)
    return {info.name: page for game in game_types()
            if (page := game.rules_page.removeprefix(PAGE_PREFIX)) in present
            for info in game.variants}


def rules_pages() -> list[str]:
    """The variants and games that have a rules page, standard first."""
    return list(_listed(_games()))


def page_url(variant: str) -> str | None:
    """Where the rules page of ``variant`` is served, or ``None`` when it has none."""
    return f"/rules/{variant}" if variant in _present() else None


def _games() -> tuple[tuple[str, str], ...]:
    """The games registered from outside the tree, by name: what the pages depend on."""
    return tuple(sorted(registered().items()))


def _present() -> Mapping[str, Path]:
    """Every page and where it is read from: only these are ever rendered and cached."""
    return _sources(_games())


@functools.cache
def _sources(games: tuple[tuple[str, str], ...]) -> Mapping[str, Path]:
    """The pages in ``RULES_DIR`` (read once), and each registered game's page in its
    package (``PACKAGE_PAGE``), under its ``rules_page``'s name: one the tree has is the
    tree's."""
    pages: dict[str, Path] = {path.stem: path for path in RULES_DIR.glob("*.md")
                                     if _NAME.match(path.stem)}
    for name, package in games:
        page = get_game(name).rules_page
        found = importlib.resources.files(package) / PACKAGE_PAGE
        named = page.removeprefix(PAGE_PREFIX)
        if page.startswith(PAGE_PREFIX) and _NAME.match(named) and isinstance(
                found, Path) and found.is_file():  # a package on disk (not in a zip)
            pages.setdefault(named, found)
    return pages


@functools.cache
def _listed(games: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    return tuple(sorted(_sources(games), key=lambda name: (name != STANDARD, name)))


def clear_cache() -> None:
    """Forget the pages read (for tests that point ``RULES_DIR`` elsewhere)."""
    for cached in (_sources, _listed, _ids, _defined_in_of, _page, _game_pages):
        cached.cache_clear()


def _defined_in(number: str) -> str | None:
    """The rules page (standard's excepted) that has ``number`` as an anchor, if any."""
    return _defined_in_of(number, _games())


@functools.cache
def _defined_in_of(number: str, games: tuple[tuple[str, str], ...]) -> str | None:
    return next((name for name in _listed(games) if name != STANDARD
                 and number in _anchors(name)), None)


def _anchors(name: str) -> frozenset[str]:
    page = _html(name)
    return _ids(page) if page is not None else frozenset()


@functools.cache
def _ids(page: str) -> frozenset[str]:
    return frozenset(_ID.findall(page))


# --- rendering ----------------------------------------------------------------------------


class _RuleAnchors(Treeprocessor):  # type: ignore[misc]
    """Give each numbered rule its number as id: a heading that starts with it (unless
    the page set an id with ``{#...}``), or a paragraph or list item that starts with it
    in bold.  Runs after attr_list (priority 8) and before toc (5), which keeps ids."""

    def run(self, root: ET.Element) -> None:
        taken = {element.get("id") for element in root.iter() if element.get("id")}
        for element in root.iter():
            number = _leading_number(element)
            if number and not element.get("id") and number not in taken:
                element.set("id", number)
                taken.add(number)


def _leading_number(element: ET.Element) -> str | None:
    if element.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        text = element.text or ""
    elif element.tag in ("p", "li"):
        first = next(iter(element), None)
        if (element.text and element.text.strip()) or first is None or first.tag != "strong":
            return None
        text = first.text or ""
    else:
        return None
    match = _LEADING.match(text)
    return match.group(1) if match else None


class _RuleAnchorsExtension(Extension):  # type: ignore[misc]
    def extendMarkdown(self, md: Any) -> None:  # noqa: N802 - markdown's name
        md.treeprocessors.register(_RuleAnchors(md), "rule_anchors", 6)


def _render(text: str) -> str:
    return str(markdown.markdown(text, extensions=["attr_list", "tables", "fenced_code", "toc",
                                               _RuleAnchorsExtension()]))


def _title(text: str, name: str) -> str:
    return next((line.lstrip("# ").split("{")[0].strip() for line in text.splitlines()
                 if line.startswith("# ")), name)


def _html(name: str) -> str | None:
    """The HTML of page ``name`` (a variant's or a game's, or ``README`` for the index,
    which lists the pages it does not link)."""
    if name == INDEX:
        return _page(name, RULES_DIR / f"{INDEX}.md", tuple(rules_pages()))
    source = _present().get(name)
    return None if source is None else _page(name, source)


@functools.cache
def _page(name: str, source: Path, listed: tuple[str, ...] = ()) -> str | None:
    """The HTML of page ``name``, read from ``source``; the index's lists the ``listed``
    pages it does not link."""
    if not source.is_file():
        return None
    text = source.read_text(encoding="utf-8")
    body = _render(text)
    if listed:
        body += _unlisted(text, listed)
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(_title(text, name))}</title><style>body{{max-width:46rem;"
            f"margin:2rem auto;padding:0 1rem;font:16px/1.5 system-ui,sans-serif}}"
            f":target{{background:#fff3b0}}code{{background:#f3f3f3;padding:0 .2em}}"
            f"</style></head><body>{body}</body></html>")


def _unlisted(index: str, listed: tuple[str, ...]) -> str:
    """The index's list of the pages it does not link itself, so that every page present
    is reachable from ``/rules`` as soon as it is added."""
    missing = [name for name in listed if f"/rules/{name})" not in index]
    if not missing:
        return ""
    items = "".join(
        f'<li><a href="/rules/{name}">{html.escape(_title(_source(name), name))}</a> '
        f"(<code>/rules/{name}</code>)</li>" for name in missing)
    return f'<h2 id="more-pages">More rules pages</h2><ul data-pages="unlisted">{items}</ul>'


def _source(name: str) -> str:
    return _present()[name].read_text(encoding="utf-8")


# --- the pages ----------------------------------------------------------------------------


def _missing(name: str) -> None:
    abort(404, message=f"no rules page {name!r} (GET /rules lists the pages)", field="variant")


def _serve(name: str) -> Response:
    page = _html(name)
    if page is None:
        _missing(name)
    response = current_app.response_class(page, mimetype="text/html")
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.get("")
@blp.get("/")
def index() -> Response:
    """The index of the rules pages."""
    return _serve(INDEX)


@blp.get("/<name>")
def page(name: str) -> Response:
    """One variant's rules, every numbered rule an anchor."""
    if name not in _present():  # only the pages present are read (and cached)
        _missing(name)
    return _serve(name)
