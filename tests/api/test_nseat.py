"""Three-hand (V7) and partnership (V6) through HTTP: sealed games with several house
seats, per-side data on the wire, and no answer for a seat showing another seat's cards
(partner included)."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine import State
from engine.cards import format_cards
from engine.cassino import VARIANTS, side_of, sides, teams
from tests.api.test_rate_limits import app_with
from workers.service import JobFailed

N_SEATS = [name for name, rules in VARIANTS.items() if rules.players > 2]
"""Every variant of more than two seats (the engine's presets: three-hand, partnership)."""
CARD = re.compile(r"^(?:[2-9]|10|[AJQK])[SHDC]$")
PLAYS = ("capture", "build", "trail")


def test_the_n_seat_variants_are_three_hand_and_partnership() -> None:
    assert sorted(N_SEATS) == ["partnership", "three-hand"]


def cards_in(data: Any) -> set[str]:
    """Every card named anywhere in a JSON answer."""
    if isinstance(data, str):
        return {data} if CARD.match(data) else set()
    if isinstance(data, dict):
        return set().union(*(cards_in(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(cards_in(v) for v in data)) if data else set()
    return set()


def hidden_from(state: State, seat: int) -> set[str]:
    """What ``seat`` may not see in ``state``: every other hand, partner's too, and the stock."""
    hidden = [card for other, hand in enumerate(state.hands) if other != seat
              for card in format_cards(hand)]
    return set(hidden) | set(format_cards(sum(1 << c for c in state.stock)))


def since_deal(answer: dict[str, Any]) -> dict[str, Any]:
    """The part of an answer about the hands now: events before a deal are of hands
    played out (and of a round whose cards were all played, then dealt again)."""
    events = answer.get("events") or []
    deals = [i for i, event in enumerate(events) if event["type"] == "deal"]
    if not deals:
        return answer
    return {**{k: v for k, v in answer.items() if k != "view_before_house"},
            "events": events[deals[-1]:]}


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.json)
    return answer.json  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant", N_SEATS)
def test_every_seat_sees_its_own_hand_only(app: Flask, client: FlaskClient,
                                           variant: str) -> None:
    created = post(client, "/v1/games", {"seed": 11, "variant": variant, "sealed": True})
    token, credentials = created["game"], created["credentials"]
    seats = VARIANTS[variant].players
    assert len(credentials) == seats and len(set(credentials)) == seats
    state = sealer_of(app).open(token).state
    for seat, credential in enumerate(credentials):
        sealed = {"game": token, "credential": credential}
        for path in ("/v1/view", "/v1/score", "/v1/legal-moves"):
            answer = client.post(path, json=sealed)
            if path == "/v1/legal-moves" and seat != state.to_move:
                assert answer.status_code == 422 and answer.json["rule"] == "R4"
                continue
            assert answer.status_code == 200, answer.json
            assert not cards_in(answer.json) & hidden_from(state, seat), (path, seat)
        view = post(client, "/v1/view", sealed)["view"]
        assert set(view["hand"]) == set(format_cards(state.hands[seat]))
        assert len(view["hand_sizes"]) == len(view["captured"]) == len(view["sweeps"]) == seats
        assert len(view["scores"]) == sides(state.rules)


def play_sealed(app: Flask, client: FlaskClient, variant: str, house: list[int],
                seed: int) -> tuple[State, int]:
    """A whole sealed game: the credentials' seats play their first legal move (a capture
    when there is one), the house plays ``house`` with greedy and random bots.  Every answer
    a seat receives is checked for the other seats' cards.  The final state and the
    number of applies."""
    bots = ["greedy", "random"]
    created = post(client, "/v1/games", {
        "seed": seed, "variant": variant, "dealer": 0, "sealed": True,
        "house": [{"player": seat, "bot": bots[i % 2]} for i, seat in enumerate(house)]})
    token, credentials = created["game"], created["credentials"]
    seats = VARIANTS[variant].players
    assert [credentials[seat] is None for seat in range(seats)] == [
        seat in house for seat in range(seats)]
    applies = 0
    while True:
        state = sealer_of(app).open(token).state
        if state.status != "playing":
            return state, applies
        seat = state.to_move
        assert seat not in house  # the house played its turns inside the last request
        sealed = {"game": token, "credential": credentials[seat]}
        for path in ("/v1/view", "/v1/legal-moves", "/v1/score"):
            answer = post(client, path, sealed)
            assert not cards_in(since_deal(answer)) & hidden_from(state, seat), (path, seat)
        moves = post(client, "/v1/legal-moves", sealed)["moves"]
        move = next((m for m in moves if m["type"] == "capture"), moves[0])["id"]
        played = post(client, "/v1/apply", {**sealed, "move": move})
        applies += 1
        token = played["game"]
        after = sealer_of(app).open(token).state
        assert not cards_in(since_deal(played)) & hidden_from(after, seat), (
            "a hidden card in the answer")
        movers = [e["player"] for e in played["events"] if e["type"] in PLAYS]
        assert movers[0] == seat
        for before, mover in pairwise(movers):
            # turns go round (a new round's first mover follows its dealer)
            assert mover in house and (mover == (before + 1) % seats or any(
                e["type"] == "deal" for e in played["events"]))
        if len(movers) > 1:  # the house answered: the table before its first move
            assert played["view_before_house"]["player"] == seat
            assert played["view_before_house"]["to_move"] == movers[1] or after.round > 1


@pytest.mark.parametrize(("variant", "house"), [("three-hand", [1, 2]),
                                                 ("partnership", [1, 2, 3]),
                                                 ("partnership", [1, 3])])
def test_whole_sealed_games_with_house_seats(app: Flask, client: FlaskClient, variant: str,
                                             house: list[int]) -> None:
    final, applies = play_sealed(app, client, variant, house, seed=5)
    rules = VARIANTS[variant]
    sides_of = teams(rules)
    assert final.status == "game_over" and final.winner is not None
    assert len(final.scores) == len(sides_of)
    assert max(final.scores) == final.scores[final.winner] >= rules.target_score
    humans = rules.players - len(house)
    assert applies >= 52 // rules.players * humans // 2  # at least a round's plays
    # the last breakdown has one entry per side
    assert final.previous_round is not None
    assert len(final.previous_round.to_dict()["players"]) == len(sides_of)
    if variant == "partnership":
        assert side_of(rules)[1] == side_of(rules)[3] != side_of(rules)[0]


@pytest.mark.parametrize("variant", N_SEATS)
def test_the_round_and_the_game_are_told_per_side(client: FlaskClient, variant: str) -> None:
    """An open game to its end: round_scored and game_over carry one entry per side, and
    partnership's game_over names the winning team's seats."""
    rules = VARIANTS[variant]
    state = post(client, "/v1/games", {"seed": 3, "variant": variant, "dealer": 0})["state"]
    scored = []
    while state["status"] == "playing":
        moves = post(client, "/v1/legal-moves", {"state": state})["moves"]
        move = next((m for m in moves if m["type"] == "capture"), moves[0])
        played = post(client, "/v1/apply", {"state": state, "move": move["id"]})
        state = played["state"]
        scored += [e for e in played["events"] if e["type"] in ("round_scored", "game_over")]
    sides_of = teams(State.from_dict(state).rules)
    rounds = [e for e in scored if e["type"] == "round_scored"]
    assert rounds and all(len(e["breakdown"]["players"]) == len(e["scores"]) == len(sides_of)
                          for e in rounds)
    over = scored[-1]
    assert over["type"] == "game_over" and over["winner"] == state["winner"]
    if rules.partnerships:
        assert over["seats"] == list(sides_of[over["winner"]])
    score = post(client, "/v1/score", {"state": state})
    assert len(score["players"]) == len(sides_of)
    # a breakdown of the wrong length is refused naming the field, never a 500
    state["previous_round"]["players"] = state["previous_round"]["players"][:1] * (
        len(sides_of) + 1)
    answer = client.post("/v1/score", json={"state": state})
    assert answer.status_code == 422 and "previous_round" in answer.json["field"]


def test_house_seats_in_a_row_each_count_as_a_search() -> None:
    """Three-hand, the human at seat 0 and the house at 1 and 2: each apply makes two
    house moves, two searches against HINT_RATE_LIMIT, refused before anything is played."""
    client = app_with(HINT_RATE_LIMIT="4 per minute").test_client()
    address = {"environ_base": {"REMOTE_ADDR": "10.0.0.33"}}
    created = client.post("/v1/games", json={
        "seed": 4, "variant": "three-hand", "dealer": 2, "sealed": True,
        "house": [{"player": 1, "bot": "greedy"}, {"player": 2, "bot": "greedy"}]}, **address)
    assert created.status_code == 200  # seat 0 leads: one search, as for two seats
    seat = {"game": created.json["game"], "credential": created.json["credentials"][0]}
    moves = client.post("/v1/legal-moves", json=seat, **address).json["moves"]
    played = client.post("/v1/apply", json={**seat, "move": moves[0]["id"]}, **address)
    assert played.status_code == 200  # three
    assert [e["player"] for e in played.json["events"] if e["type"] in PLAYS] == [0, 1, 2]
    seat["game"] = played.json["game"]
    moves = client.post("/v1/legal-moves", json=seat, **address).json["moves"]
    over = client.post("/v1/apply", json={**seat, "move": moves[0]["id"]}, **address)
    assert over.status_code == 429 and "house seat" in over.json["message"]
    again = client.post("/v1/view", json=seat, **address)
    assert again.status_code == 200 and again.json["view"] == played.json["view"]


class FailingSearch:
    """A hint service whose every search fails (the N-seat solver not there yet), on the
    direct path and as a job."""

    def quick(self, request: Any, **options: Any) -> Any:
        raise JobFailed("the search failed")

    def submit(self, request: Any, **options: Any) -> Any:
        raise JobFailed("the search failed")


@pytest.mark.parametrize("variant", N_SEATS)
def test_a_failed_n_seat_search_is_a_clear_error_naming_the_variant(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    monkeypatch.setitem(app.extensions, "cardgames_hints", FailingSearch())
    created = post(client, "/v1/games", {"seed": 2, "variant": variant, "dealer": 0,
                                         "sealed": True})
    state = sealer_of(app).open(created["game"]).state
    sealed = {"game": created["game"], "credential": created["credentials"][state.to_move]}
    for path in ("/v1/hints", "/v1/evaluate"):
        answer = client.post(path, json=sealed)
        assert answer.status_code == 422 and answer.json["field"] == "variant", answer.json
        assert variant in answer.json["message"]
    # two seats keep their 500: that failure is the server's
    two = post(client, "/v1/games", {"seed": 2})["state"]
    assert client.post("/v1/hints", json={"state": two, "player": 0}).status_code == 500
