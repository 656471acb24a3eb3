"""What a third-party frontend relies on: words, JS-safe numbers, headers, clear refusals."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from engine import State, new_game
from engine.cassino.moves import parse_move_id
from engine.cassino.play import advance
from engine.cassino.state import MAX_SAFE_SEED
from tests.engine.test_rules import position


def state_of(client: FlaskClient, **body: Any) -> dict[str, Any]:
    r = client.post("/v1/games", json=body)
    assert r.status_code == 200, r.json
    return r.json["state"]  # type: ignore[no-any-return]


# --- numbers ------------------------------------------------------------------------------


def test_drawn_seeds_are_exact_in_javascript(client: FlaskClient) -> None:
    seeds = [state_of(client)["seed"] for _ in range(300)]
    assert all(0 <= s <= MAX_SAFE_SEED for s in seeds)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) > 2**40  # drawn over the whole safe range, not a small one


def test_a_larger_seed_from_an_older_client_still_plays(client: FlaskClient) -> None:
    big = 2673386928623247997  # a seed the service drew before: above 2^53
    state = state_of(client, seed=big, dealer=0)
    assert state["seed"] == big
    r = client.post("/v1/apply", json={"state": state, "move": state["hands"][1][0]})
    assert r.status_code == 200 and r.json["state"]["seed"] == big


# --- words ----------------------------------------------------------------------------------


def test_every_move_has_words_sweep_and_point_cards(client: FlaskClient) -> None:
    state = position((["7S", "AS", "3H"], ["KC", "3C", "10H"]), ["2H", "5C"], stock=8)
    r = client.post("/v1/legal-moves", json={"state": state.to_dict()})
    by_id = {m["id"]: m for m in r.json["moves"]}
    assert by_id["7Sx2H5C"]["description"] == "Take 2♥ and 5♣ with 7♠"
    assert by_id["7Sx2H5C"]["sweep"] is True and by_id["7Sx2H5C"]["points"] == []
    assert by_id["AS+2H=3"]["description"] == "Build 3 from A♠ on 2♥"
    assert by_id["AS+2H=3"]["sweep"] is False and by_id["AS+2H=3"]["kind"] == "create"
    assert by_id["3H"] == {"type": "trail", "card": "3H", "id": "3H", "description": "Trail 3♥",
                           "sweep": False, "points": []}
    ace = position((["AS", "9D"], ["KC", "3C"]), ["AH", "10D"], stock=8)
    r = client.post("/v1/legal-moves", json={"state": ace.to_dict()})
    take = next(m for m in r.json["moves"] if m["id"] == "ASxAH")
    assert take["points"] == ["AS", "AH"] and take["sweep"] is False
    # A move object is sent back as it was received, words and all.
    r = client.post("/v1/apply", json={"state": state.to_dict(), "move": by_id["7Sx2H5C"]})
    assert r.status_code == 200, r.json
    assert [e["description"] for e in r.json["events"]] == [
        "Player 0 takes 2♥ and 5♣ with 7♠", "Sweep!"]
    assert r.json["state"]["history"][-1]["move"]["description"] == "Take 2♥ and 5♣ with 7♠"


def test_hinted_moves_have_words(client: FlaskClient) -> None:
    state = position((["7S", "AS", "3H"], ["KC", "3C", "10H"]), ["2H", "5C"], stock=8)
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0, "samples": 4})
    assert r.status_code == 200
    for ranked in r.json["moves"]:
        move = ranked["move"]
        assert move["description"] and isinstance(move["sweep"], bool)
        assert isinstance(move["points"], list)


def _before_a_deal(state: State, dealt: Any) -> tuple[State, Any]:
    """The position and move (captures first) after which cards are dealt and the next
    state satisfies ``dealt``."""
    while True:
        moves = state.legal_moves()
        move = ([m for m in moves if m.type == "capture"] or moves)[0]
        after = advance(state, move)
        if (len(after.stock) < len(state.stock) or after.deal != state.deal) and dealt(after):
            return state, move
        state = after


def test_deal_events_name_the_cards_the_viewer_may_see(client: FlaskClient) -> None:
    before, last = _before_a_deal(new_game(7, dealer=0),
                                  lambda s: s.round == 1 and s.batch == 2)
    full = client.post("/v1/apply", json={"state": before.to_dict(), "move": last.id}).json
    deal = next(e for e in full["events"] if e["type"] == "deal")
    assert deal["batch"] == 2 and deal["hand_size"] == 4
    assert deal["hands"] == full["state"]["hands"]  # the caller holds the full state
    assert deal["description"].startswith("Round 1, batch 2: 4 cards to each player")
    seat = before.to_move
    told = client.post("/v1/apply", json={"state": before.to_dict(), "move": last.id,
                                          "player": seat}).json
    deal = next(e for e in told["events"] if e["type"] == "deal")
    assert deal["hands"][seat] == full["state"]["hands"][seat]
    assert deal["hands"][1 - seat] is None  # never the other hand


def test_a_rounds_first_deal_shows_the_table(client: FlaskClient) -> None:
    before, last = _before_a_deal(new_game(3, dealer=1), lambda s: s.round == 2)
    seat = before.to_move
    r = client.post("/v1/apply", json={"state": before.to_dict(), "move": last.id,
                                       "player": seat})
    deal = next(e for e in r.json["events"] if e["type"] == "deal")
    assert deal["batch"] == 1 and deal["table"] == r.json["state"]["table"]["loose"]
    assert deal["hands"][1 - seat] is None and deal["hands"][seat] == r.json["state"]["hands"][seat]
    assert "4 face up on the table" in deal["description"]


# --- refusals that say what to do ------------------------------------------------------------


def test_a_body_without_json_content_type_says_so(client: FlaskClient) -> None:
    body = '{"state": {}}'
    for headers, said in (({}, "the request has no Content-Type"),
                          ({"Content-Type": "text/plain"}, "not 'text/plain'")):
        r = client.post("/v1/legal-moves", data=body, headers=headers)
        assert r.status_code == 415, r.json
        assert "Content-Type: application/json" in r.json["message"] and said in r.json["message"]
        assert r.json["field"] == "Content-Type"
    assert client.post("/v1/games").status_code == 200  # no body at all is still a new game


def test_a_finished_game_is_a_409_everywhere(client: FlaskClient) -> None:
    state = new_game(99, dealer=0)
    while state.status == "playing":
        moves = state.legal_moves()
        state = advance(state, ([m for m in moves if m.type == "capture"] or moves)[0])
    for path, body in (("/v1/legal-moves", {"state": state.to_dict()}),
                       ("/v1/apply", {"state": state.to_dict(), "move": "KC"}),
                       ("/v1/hints", {"state": state.to_dict(), "player": 0}),
                       ("/v1/evaluate", {"view": state.view(1).to_dict()})):
        r = client.post(path, json=body)
        assert r.status_code == 409 and r.json["status"] == "Conflict", (path, r.json)
        assert f"player {state.winner} won" in r.json["message"]


# --- jobs ---------------------------------------------------------------------------------------


def test_a_202_says_where_and_when_to_poll(client: FlaskClient) -> None:
    state = position((["7S", "AS", "3H"], ["KC", "3C", "10H"]), ["2H", "5C"], stock=8)
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0, "samples": 300,
                                       "seed": 77, "async": True})
    assert r.status_code == 202
    assert r.headers["Location"] == r.json["job"]["url"] == f"/v1/jobs/{r.json['job']['id']}"
    assert int(r.headers["Retry-After"]) >= 1
    polled = client.get(r.headers["Location"])
    assert polled.status_code == 200
    if polled.json["status"] in ("queued", "started"):
        assert int(polled.headers["Retry-After"]) >= 1
    else:
        assert "Retry-After" not in polled.headers


def test_identical_requests_that_join_a_job_get_its_answer(tmp_path: Any) -> None:
    """The join race: every one of several identical requests sent together answers 200
    (none waits out its budget on a job that already finished)."""
    app: Flask = create_app({"STORE": str(tmp_path), "HINT_SYNC_WAITS": 8})
    state = new_game(21, dealer=0)
    body = {"state": state.to_dict(), "player": state.to_move, "samples": 6, "seed": 5}
    answers: list[Any] = []

    def ask() -> None:
        answers.append(app.test_client().post("/v1/hints", json=body))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [200] * 8
    assert len({str(a.json["moves"]) for a in answers}) == 1


# --- where to read more --------------------------------------------------------------------------


def test_health_reports_the_package_version(client: FlaskClient) -> None:
    import importlib.metadata

    body = client.get("/health").json
    assert body["version"] == importlib.metadata.version("cassino")
    assert client.get("/openapi.json").json["info"]["version"] == body["version"]


def test_errors_link_the_rule_they_cite(client: FlaskClient) -> None:
    state = position((["2H", "7D", "9S"], ["KC", "3C", "10H"]), ["5C", "8D"], stock=8)
    r = client.post("/v1/apply", json={"state": state.to_dict(), "move": "2H+5C=7"})
    assert r.status_code == 200  # a 7 is kept in hand
    r = client.post("/v1/apply", json={"state": state.to_dict(), "move": "9S+5C=14"})
    assert r.status_code == 422 and r.json["rule"] == "R17"
    url = r.json["rule_url"]
    assert url == "/rules/standard#R17"
    page = client.get(url.split("#")[0])
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert 'id="R17"' in page.get_data(as_text=True)


def test_every_rule_an_error_can_cite_has_an_anchor(client: FlaskClient) -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    cited = set()
    for folder in ("engine", "api"):
        for path in (root / folder).rglob("*.py"):
            for rule in re.findall(r'rule="([^"]+)"', path.read_text(encoding="utf-8")):
                cited.update(re.findall(r"\b[RD]\d+[a-z]?\b", rule))
    for path in (root / "engine").rglob("*.py"):
        cited.update(re.findall(r"_fail\([^)]*?\"(R\d+[a-z]?)", path.read_text(encoding="utf-8")))
    assert {"R4", "R14", "R27"} <= cited
    html = client.get("/rules/standard").get_data(as_text=True)
    missing = sorted(rule for rule in cited if f'id="{rule}"' not in html)
    assert missing == []
    assert client.get("/rules/").status_code == 200
    assert client.get("/rules/no-such-game").status_code == 404
    assert client.get("/rules/no-such-game").json["code"] == 404


def test_variants_link_their_rules(client: FlaskClient) -> None:
    variants = {v["name"]: v for v in client.get("/v1/variants").json["variants"]}
    assert variants["standard"]["rules_url"] == "/rules/standard"
    assert client.get(variants["standard"]["rules_url"]).status_code == 200


def test_cors_lets_any_page_call_the_api_by_default(client: FlaskClient) -> None:
    r = client.options("/v1/legal-moves", headers={
        "Origin": "https://table.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert r.headers["Access-Control-Allow-Origin"] == "*"
    assert "content-type" in r.headers["Access-Control-Allow-Headers"].lower()
    assert "Access-Control-Allow-Credentials" not in r.headers
    r = client.post("/v1/games", json={}, headers={"Origin": "https://table.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "*"
    assert {"Location", "Retry-After"} <= set(
        h.strip() for h in r.headers["Access-Control-Expose-Headers"].split(","))


def test_cors_origins_can_be_restricted() -> None:
    client = create_app({"CORS_ORIGINS": "https://a.example, https://b.example"}).test_client()
    allowed = client.post("/v1/games", json={}, headers={"Origin": "https://b.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://b.example"
    refused = client.post("/v1/games", json={}, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_moves_read_the_same_everywhere() -> None:
    """One phrase per move: legal moves, hints and history all use engine.cassino.words."""
    from engine.cassino.words import move_text

    assert move_text(parse_move_id("4Sx4D")) == "Take 4♦ with 4♠"
    assert move_text(parse_move_id("5C+4D=9")) == "Build 9 from 5♣ on 4♦"
    assert move_text(parse_move_id("KC")) == "Trail K♣"
    assert isinstance(State, type)
