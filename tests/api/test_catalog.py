"""The catalog (GET /v1/catalog), the `game` of states and views, seat numbers and per-seat
lists checked by the engine for every variant, and the rules pages (docs/api.md)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import api.catalog
import api.rules
from api.errors import game_error
from api.features import FEATURES
from api.rules import RULES_DIR, rule_url, rules_pages
from api.served import served
from engine import new_game
from engine.cards import CARD_PATTERN, DECK, card_name, parse_card
from engine.cassino import VARIANTS
from engine.errors import IllegalMoveError
from engine.games import game_types, get_game

# --- the catalog ------------------------------------------------------------------------


def test_the_catalog_lists_every_game_and_variant_of_the_registry(client: FlaskClient) -> None:
    answer = client.get("/v1/catalog")
    assert answer.status_code == 200
    games = answer.json["games"]
    assert [g["name"] for g in games] == [g.name for g in game_types()]
    assert games[0]["name"] == "cassino"  # the first game, and the default one
    for listed_game, declared in zip(games, game_types(), strict=True):  # every game alike
        assert listed_game["seats"] == list(declared.seat_counts)
        assert listed_game["rules_url"] == declared.rules_page
        assert [v["name"] for v in listed_game["variants"]] == [
            v.name for v in declared.variants]
        for listed, info in zip(listed_game["variants"], declared.variants, strict=True):
            assert listed["playable"] is info.playable
            assert listed["teams"] == [list(team) for team in info.teams]
            if (RULES_DIR / f"{info.name}.md").is_file():
                assert client.get(listed["rules_url"]).status_code == 200
    cassino = games[0]
    game = get_game("cassino")
    assert {k: cassino[k] for k in ("title", "information", "chance", "default_variant")} == {
        "title": game.title, "information": "imperfect", "chance": "sampled",
        "default_variant": "standard"}
    assert cassino["seats"] == [2, 3, 4] == list(game.seat_counts)
    assert cassino["rules_url"] == "/rules"
    assert [v["name"] for v in cassino["variants"]] == list(VARIANTS)
    for listed, info in zip(cassino["variants"], game.variants, strict=True):
        assert listed["seats"] == info.seats == VARIANTS[info.name].players
        assert listed["teams"] == [list(team) for team in info.teams]
        assert listed["playable"] is info.playable is VARIANTS[info.name].playable
        assert listed["description"] == info.description
        page = RULES_DIR / f"{info.name}.md"
        if page.is_file():
            assert listed["rules_url"] == f"/rules/{info.name}"
            assert client.get(listed["rules_url"]).status_code == 200
        else:
            assert "rules_url" not in listed
    by_name = {v["name"]: v for v in cassino["variants"]}
    assert by_name["standard"]["playable"] is True
    assert by_name["standard"]["rules_url"] == "/rules/standard"
    assert by_name["partnership"]["teams"] == [[0, 2], [1, 3]]
    assert by_name["three-hand"]["teams"] == [[0], [1], [2]]


def test_the_catalog_lists_what_each_game_offers(client: FlaskClient) -> None:
    """Each game's ``features``, as its API part declares them (api/served.py), sorted: a
    client learns there what it may ask of a game, and a feature not listed is refused."""
    games = {g["name"]: g for g in client.get("/v1/catalog").json["games"]}
    for name, listed in games.items():
        assert listed["features"] == sorted(served(name).features), name
        assert set(listed["features"]) <= set(FEATURES), name
    for name in ("cassino", "conquian", "rummy"):  # every game of the book, every feature
        assert games[name]["features"] == sorted(FEATURES), name


def test_a_feature_not_listed_is_refused_naming_the_catalog(client: FlaskClient) -> None:
    from tests.conformance.common import example_registered

    with example_registered():  # War offers play, hints and sealed games only
        assert "why" not in served("war").features
        state = client.post("/v1/games", json={"game": "war", "seed": 8}).json["state"]
        refused = client.post("/v1/why", json={"state": state, "cards": []})
    assert refused.status_code == 422 and "GET /v1/catalog" in refused.json["message"]


def test_a_variant_made_playable_appears_as_it_is(monkeypatch: pytest.MonkeyPatch,
                                                  client: FlaskClient) -> None:
    """What the variants' engineers change (``playable``, a page) needs no change here."""
    game = get_game("cassino")
    flipped = replace(game, variants=tuple(
        replace(v, playable=True) if v.name == "royal" else v for v in game.variants))
    monkeypatch.setattr(api.catalog, "game_types", lambda: [flipped])
    listed = client.get("/v1/catalog").json["games"][0]["variants"]
    assert {v["name"] for v in listed if v["playable"]} == {
        v.name for v in game.variants if v.playable} | {"royal"}


def test_variants_stay_as_they_were_and_point_to_the_catalog(client: FlaskClient) -> None:
    variants = client.get("/v1/variants").json["variants"]
    assert [v["name"] for v in variants] == list(VARIANTS)
    assert variants[0]["rules_url"] == "/rules/standard" and variants[0]["players"] == 2
    spec = client.get("/openapi.json").json
    assert "/v1/catalog" in spec["paths"]["/v1/variants"]["get"]["description"]
    assert spec["paths"]["/v1/catalog"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"] == {"$ref": "#/components/schemas/CatalogResponse"}


# --- game in states and views -----------------------------------------------------------


def test_states_and_views_carry_their_game(client: FlaskClient) -> None:
    state = client.post("/v1/games", json={"seed": 7, "dealer": 0}).json["state"]
    assert list(state)[:2] == ["game", "variant"] and state["game"] == "cassino"
    assert client.post("/v1/games", json={"game": "cassino", "seed": 7, "dealer": 0}
                       ).json["state"] == state
    view = client.post("/v1/view", json={"state": state, "player": 1}).json["view"]
    assert view["game"] == "cassino" and view["variant"] == "standard"
    applied = client.post("/v1/apply", json={"state": state, "move": state["hands"][1][0]})
    assert applied.status_code == 200 and applied.json["state"]["game"] == "cassino"
    # a state without game (older clients) is read as before
    bare = {k: v for k, v in state.items() if k != "game"}
    assert client.post("/v1/legal-moves", json={"state": bare}).json == client.post(
        "/v1/legal-moves", json={"state": state}).json
    sealed = client.post("/v1/games", json={"sealed": True, "seed": 7, "dealer": 0}).json
    seen = client.post("/v1/view", json={"game": sealed["game"],
                                         "credential": sealed["credentials"][0]}).json
    assert seen["view"]["game"] == "cassino"


@pytest.mark.parametrize("game", ["chess", "", 5, ["cassino"], "Cassino"])
def test_a_wrong_game_is_refused_naming_the_field(client: FlaskClient, game: Any) -> None:
    state = new_game(7, dealer=0).to_dict()
    for path, body, field in [
            ("/v1/legal-moves", {"state": {**state, "game": game}}, "state.game"),
            ("/v1/score", {"view": {**new_game(7, dealer=0).view(0).to_dict(), "game": game}},
             "view.game"),
            ("/v1/hints", {"state": {**state, "game": game}, "player": 1}, "state.game"),
            ("/v1/games", {"game": game}, "game")]:
        answer = client.post(path, json=body)
        assert answer.status_code == 422, (path, answer.json)
        assert answer.json["field"] == field, (path, answer.json)
        assert "game" in answer.json["message"]


# --- seats and per-seat lists: the engine's, per variant ---------------------------------


def _spec_schemas(client: FlaskClient) -> dict[str, Any]:
    return dict(client.get("/openapi.json").json["components"]["schemas"])


def test_the_spec_fixes_no_seat_count(client: FlaskClient) -> None:
    schemas = _spec_schemas(client)
    for schema, name in [("State", "to_move"), ("State", "dealer"), ("View", "player"),
                         ("NewGameRequest", "dealer"), ("HouseSeat", "player"),
                         ("ApplyRequest", "player"), ("HintsRequest", "player")]:
        field = schemas[schema]["properties"][name]
        assert field.get("minimum") == 0 and "maximum" not in field, (schema, name)
    for schema, name, each in [("State", "hands", "seat"), ("State", "captured", "seat"),
                               ("State", "sweeps", "seat"), ("State", "scores", "side"),
                               ("View", "hand_sizes", "seat"), ("Breakdown", "players", "side"),
                               ("Evaluation", "expected_points", "seat")]:
        field = schemas[schema]["properties"][name]
        assert "maxItems" not in field and field.get("minItems", 2) == 2, (schema, name)
        assert f"one per {each}" in field["description"], (schema, name)
    assert "maxItems" not in schemas["NewGameRequest"]["properties"]["house"]


def test_the_engine_names_the_seat_field_it_refuses(client: FlaskClient) -> None:
    state = new_game(7, dealer=0).to_dict()
    view = new_game(7, dealer=0).view(0).to_dict()
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("/v1/legal-moves", {"state": {**state, "to_move": 2}}, "state.to_move"),
        ("/v1/legal-moves", {"state": {**state, "dealer": 3}}, "state.dealer"),
        ("/v1/legal-moves", {"state": {**state, "hands": [*state["hands"], []]}},
         "state.hands"),
        ("/v1/legal-moves", {"state": {**state, "captured": [[], [], []]}}, "state.captured"),
        ("/v1/legal-moves", {"state": {**state, "sweeps": [0]}}, "state.sweeps"),
        ("/v1/legal-moves", {"state": {**state, "scores": [0, 0, 0, 0]}}, "state.scores"),
        ("/v1/score", {"view": {**view, "hand_sizes": [4, 4, 4]}}, "view.hand_sizes"),
        ("/v1/score", {"view": {**view, "player": 2}}, "view.player"),
        ("/v1/view", {"state": state, "player": 2}, "player"),
        ("/v1/hints", {"state": state, "player": 2}, "player"),
        ("/v1/apply", {"state": state, "player": 5, "move": state["hands"][1][0]}, "player"),
        ("/v1/games", {"dealer": 2}, "dealer"),
        ("/v1/games", {"sealed": True, "house": [{"player": 2}]}, "house[0].player"),
    ]
    for path, body, field in cases:
        answer = client.post(path, json=body)
        assert answer.status_code == 422, (path, field, answer.json)
        assert answer.json["field"] == field, (path, answer.json)


def test_the_card_pattern_is_the_engines(client: FlaskClient) -> None:
    schemas = _spec_schemas(client)
    pattern = schemas["Move"]["properties"]["card"]["pattern"]
    assert pattern == f"^{CARD_PATTERN}$"
    spellings = {f"{rank}{suit}" for rank in ("A", "2", "9", "10", "T", "J", "Q", "K", "a",
                                              "t", "k")
                 for suit in ("S", "h", "♦", "♣", "♤", "♡")}
    for text in spellings:
        assert re.match(pattern, text), text
        parse_card(text)
    for text in ("1S", "11H", "KX", "10", "S", "", "AS ", "0D"):
        assert not re.match(pattern, text), text
    assert all(re.match(pattern, card_name(c)) for c in DECK)
    assert client.post("/v1/apply", json={"state": new_game(7, dealer=0).to_dict(),
                                          "move": {"type": "trail", "card": "1S"}}
                       ).status_code == 422


# --- rules pages --------------------------------------------------------------------------


def test_every_rules_page_is_served_and_listed(client: FlaskClient) -> None:
    names = sorted(p.stem for p in RULES_DIR.glob("*.md") if p.stem != "README")
    assert sorted(rules_pages()) == names and rules_pages()[0] == "standard"
    index = client.get("/rules").get_data(as_text=True)
    assert client.get("/rules/").status_code == 200
    for name in names:
        page = client.get(f"/rules/{name}")
        assert page.status_code == 200 and page.mimetype == "text/html", name
        assert f'href="/rules/{name}"' in index, name
        html = page.get_data(as_text=True)
        for line in (RULES_DIR / f"{name}.md").read_text(encoding="utf-8").splitlines():
            heading = re.match(r"^#{1,6} ([A-Z]{1,3}\d+(?:\.\d+)?[a-z]?)\b", line)
            if heading:  # every numbered rule is an anchor
                assert f'id="{heading.group(1)}"' in html, (name, line)
    assert client.get("/rules/no-such-variant").status_code == 404
    assert client.get("/rules/README").status_code == 404  # the index is /rules


def test_the_page_cache_holds_only_pages(client: FlaskClient) -> None:
    client.get("/rules/standard")
    before = api.rules._page.cache_info().currsize
    for i in range(20):
        assert client.get(f"/rules/nothing-{i}").status_code == 404
    assert api.rules._page.cache_info().currsize == before


@pytest.fixture
def with_classic_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The rules folder with a page for classic as a variant's engineer would write it:
    numbered headings without explicit ids, and a rule in a list."""
    for page in RULES_DIR.glob("*.md"):
        shutil.copy(page, tmp_path / page.name)
    (tmp_path / "classic.md").write_text(
        "# Classic Cassino\n\nStandard rules (R1-R29) except:\n\n"
        "### C1 Pairs by rank (changes R10)\n\nA court card takes every loose card of its "
        "rank.\n\n## C2 Eleven up {#eleven}\n\nText.\n\n"
        "- **C3** A lurch scores a double game.\n- plain item\n", encoding="utf-8")
    (tmp_path / "nine-hand.md").write_text("# Nine-hand Cassino\n\n### N1 Nine seats\n",
                                           encoding="utf-8")  # a page no table links yet
    monkeypatch.setattr(api.rules, "RULES_DIR", tmp_path)
    api.rules.clear_cache()
    yield tmp_path
    api.rules.clear_cache()


@pytest.mark.usefixtures("with_classic_page")
def test_a_new_page_is_served_with_its_rule_anchors_and_listed(client: FlaskClient) -> None:
    page = client.get("/rules/classic")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'id="C1"' in html and 'id="eleven"' in html and 'id="C3"' in html
    assert "<title>Classic Cassino</title>" in html
    index = client.get("/rules").get_data(as_text=True)
    assert 'href="/rules/classic"' in index  # the table links it
    assert 'href="/rules/nine-hand"' in index and "Nine-hand Cassino" in index  # listed
    assert api.rules.page_url("classic") == "/rules/classic"


@pytest.mark.usefixtures("with_classic_page")
def test_rule_urls_point_into_the_variants_own_page(app: Flask) -> None:
    assert rule_url("C1", "classic") == "/rules/classic#C1"
    assert rule_url("C3 (changes R27)", "classic") == "/rules/classic#C3"
    assert rule_url("R14", "classic") == "/rules/standard#R14"  # standard's, not changed
    assert rule_url("C2", "classic") == "/rules/standard"  # no such anchor: the page's id
    assert rule_url("C1", "royal") == "/rules/standard"  # royal has no page here
    assert rule_url("R8, R14b") == "/rules/standard#R8"
    assert rule_url("R14", "standard") == "/rules/standard#R14"
    # in a request: the variant its body names, or the one noted (a sealed game's)
    error = IllegalMoveError("a lurch counts double (C3)", field="move", rule="C3")
    for body in ({"state": {"variant": "classic"}}, {"view": {"variant": "classic"}},
                 {"variant": "classic", "seed": 1}):
        with app.test_request_context("/v1/apply", method="POST", json=body):
            assert game_error(error).get_json()["rule_url"] == "/rules/classic#C3"
    with app.test_request_context("/v1/apply", method="POST", json={"state": {}}):
        api.rules.note_variant("classic")
        assert rule_url("C3") == "/rules/classic#C3"
    with app.test_request_context("/v1/apply", method="POST", data=b"{not json",
                                  content_type="application/json"):
        assert rule_url("C3") == "/rules/standard"
    with app.test_request_context("/v1/apply", method="POST",
                                  json={"state": {"variant": "standard"}}):
        assert rule_url("R14") == "/rules/standard#R14"


def test_standard_errors_still_link_the_standard_page(client: FlaskClient) -> None:
    state = new_game(7, dealer=0).to_dict()
    state["status"] = "game_over"
    answer = client.post("/v1/legal-moves", json={"state": state})
    assert answer.status_code == 422 and answer.json["rule_url"].startswith("/rules/standard#")


def test_a_variant_alone_starts_its_own_game(client: FlaskClient) -> None:
    """A variant's name is unique across the catalog, so a new game may name it alone."""
    variants = [(game["name"], variant["name"]) for game in client.get("/v1/catalog").json[
        "games"] for variant in game["variants"] if variant["playable"]]
    assert len({name for _, name in variants}) == len(variants)
    for game, variant in variants:
        answer = client.post("/v1/games", json={"variant": variant, "seed": 5})
        assert answer.status_code == 200, (variant, answer.json)
        assert (answer.json["state"]["game"], answer.json["state"]["variant"]) == (game, variant)
    # a game named with another game's variant is still refused, naming the variant
    answer = client.post("/v1/games", json={"game": "cassino", "variant": "poker-rum"})
    assert answer.status_code == 422 and answer.json["field"] == "variant"


def test_a_generic_client_builds_its_menus_from_the_catalog_alone(client: FlaskClient) -> None:
    """Every choice the catalog offers starts a game: each playable variant at each of its
    seat counts, sealed with each house bot, each level and the dial's ends; and a seat
    count outside the range is refused naming ``players`` (issue 25)."""
    started = 0
    for game in client.get("/v1/catalog").json["games"]:
        for variant in game["variants"]:
            if not variant["playable"]:
                assert variant["house"] is None
                continue
            menu = {"game": game["name"], "variant": variant["name"], "seed": 11}
            assert set(range(variant["min_seats"], variant["max_seats"] + 1)) <= set(
                game["seats"])
            for players in range(variant["min_seats"], variant["max_seats"] + 1):
                answer = client.post("/v1/games", json={**menu, "players": players})
                assert answer.status_code == 200, (menu, players, answer.json)
                started += 1
            for players in (variant["min_seats"] - 1, variant["max_seats"] + 1):
                answer = client.post("/v1/games", json={**menu, "players": players})
                assert answer.status_code == 422 and answer.json["field"] == "players"
            house = variant["house"]
            assert set(house["levels"]) <= set(house["bots"])
            if variant["max_seats"] < 2:  # a solitaire: no seat for the house
                continue
            seats = [{"player": 1, "bot": bot} for bot in house["bots"]]
            if house["dial"] is not None:
                seats += [{"player": 1, "dial": house["dial"][end]} for end in ("min", "max")]
            # a house seat 1 needs two seats: a solitaire's variant is asked at two
            two = {"players": 2} if variant["max_seats"] >= 2 > variant["seats"] else {}
            for seat in seats:
                answer = client.post("/v1/games", json={**menu, **two, "sealed": True,
                                                        "house": [seat]})
                assert answer.status_code == 200, (menu, seat, answer.json)
                started += 1
            if house["dial"] is None:  # no dial offered: none accepted
                answer = client.post("/v1/games", json={**menu, **two, "sealed": True,
                                                        "house": [{"player": 1, "dial": 50}]})
                assert answer.status_code == 422
    assert started > 60
