"""Sealed games (api/sealed.py): the server referees, each seat sees only its own view."""

from __future__ import annotations

import base64
import threading
import time
from dataclasses import replace
from typing import Any

import orjson
import pytest
from cryptography.fernet import Fernet
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.sealed import SealedGame, Sealer
from engine.cards import cards_of, format_cards
from tests.api.helpers import finished

UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0}
KEY = Fernet.generate_key().decode()


def sealed_game(client: FlaskClient, **options: Any) -> tuple[str, list[str | None]]:
    answer = client.post("/v1/games", json={"seed": 7, "dealer": 1, "sealed": True, **options})
    assert answer.status_code == 200, answer.json
    assert "state" not in answer.json
    return answer.json["game"], answer.json["credentials"]


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]




def first_move(client: FlaskClient, token: str, credential: str) -> str:
    answer = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
    assert answer.status_code == 200, answer.json
    moves = answer.json["moves"]
    return next((m for m in moves if m["type"] == "capture"), moves[0])["id"]  # type: ignore[no-any-return]


def test_a_sealed_game_hands_out_a_token_and_one_credential_per_seat(client: FlaskClient) -> None:
    token, credentials = sealed_game(client)
    assert len(credentials) == 2 and all(credentials) and credentials[0] != credentials[1]
    # the token is opaque: no card, seed or hand readable in it
    text = base64.urlsafe_b64decode(token.encode() + b"==")
    assert b"hands" not in text and b"stock" not in text and b"seed" not in text


@pytest.mark.parametrize("variant", ["standard", "three-hand", "partnership"])
def test_each_seat_sees_its_own_hand_and_never_the_other(app: Flask, client: FlaskClient,
                                                         variant: str) -> None:
    from tests.api.test_nseat import cards_in

    token, credentials = sealed_game(client, variant=variant)
    state = sealer_of(app).open(token).state
    assert len(credentials) == len(state.hands)
    for seat, credential in enumerate(credentials):
        answer = client.post("/v1/view", json={"game": token, "credential": credential})
        assert answer.status_code == 200, answer.json
        view = answer.json["view"]
        assert view["player"] == seat
        assert set(view["hand"]) == set(format_cards(state.hands[seat]))
        other = [card for other, hand in enumerate(state.hands) if other != seat
                 for card in format_cards(hand)] + format_cards(
            sum(1 << c for c in state.stock))
        assert len(other) == 52 - len(view["hand"]) - len(view["table"]["loose"]) - sum(
            len(pile) for pile in view["captured"])
        assert not set(other) & cards_in(answer.json), "a hidden card in the answer"
        assert "seed" not in view


def test_a_seat_moves_for_itself_only(client: FlaskClient) -> None:
    token, credentials = sealed_game(client)  # dealer 1: seat 0 leads (R4)
    move = first_move(client, token, credentials[0])  # type: ignore[arg-type]
    # the other seat may neither see the mover's legal moves nor play for it
    waiting = client.post("/v1/legal-moves", json={"game": token, "credential": credentials[1]})
    assert waiting.status_code == 422 and waiting.json["rule"] == "R4"
    out_of_turn = client.post("/v1/apply", json={"game": token, "credential": credentials[1],
                                                 "move": move})
    assert out_of_turn.status_code == 422 and out_of_turn.json["rule"] == "R4"
    posing = client.post("/v1/apply", json={"game": token, "credential": credentials[1],
                                            "move": move, "player": 0})
    assert posing.status_code == 403 and posing.json["field"] == "player"
    # the refusals changed nothing: the token still plays
    played = client.post("/v1/apply", json={"game": token, "credential": credentials[0],
                                            "move": move})
    assert played.status_code == 200, played.json
    assert set(played.json) == {"game", "view", "events"}  # no house: no view_before_house
    assert played.json["view"]["player"] == 0 and played.json["view"]["to_move"] == 1
    # the other seat reads the same move in its events
    seen = client.post("/v1/view", json={"game": played.json["game"],
                                         "credential": credentials[1]}).json
    assert [e["type"] for e in seen["events"]] == [e["type"] for e in played.json["events"]]


@pytest.mark.parametrize("credential", ["", "0", "0.", "1.x", "7.abc", "zz", "0.AAAA" * 3])
def test_a_credential_that_proves_no_seat_is_refused(client: FlaskClient, credential: str) -> None:
    token, _ = sealed_game(client)
    answer = client.post("/v1/view", json={"game": token, "credential": credential})
    assert answer.status_code in (403, 422), answer.json
    assert answer.json["field"] == "credential"


def test_altered_forged_and_expired_tokens_are_refused(app: Flask, client: FlaskClient) -> None:
    token, credentials = sealed_game(client)
    body = {"credential": credentials[0]}
    middle = len(token) // 2
    altered = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]
    game = sealer_of(app).open(token)
    forged = Fernet(Fernet.generate_key()).encrypt(orjson.dumps(game.to_payload())).decode()
    for bad in (altered, forged, "not a token", token[:-4]):
        answer = client.post("/v1/view", json={"game": bad, **body})
        assert answer.status_code == 422 and answer.json["field"] == "game", answer.json
        assert "altered, forged" in answer.json["message"]
    sealer = sealer_of(app)
    old = sealer.fernet.encrypt_at_time(orjson.dumps(game.to_payload()),
                                        int(time.time()) - sealer.ttl - 60).decode()
    answer = client.post("/v1/view", json={"game": old, **body})
    assert answer.status_code == 410 and "expired" in answer.json["message"]


def test_an_earlier_token_is_refused_once_a_move_is_played(client: FlaskClient) -> None:
    token, credentials = sealed_game(client)
    seat0 = {"game": token, "credential": credentials[0]}
    move = first_move(client, token, credentials[0])  # type: ignore[arg-type]
    assert client.post("/v1/apply", json={**seat0, "move": move}).status_code == 200
    for path, extra in (("/v1/apply", {"move": move}), ("/v1/view", {}),
                        ("/v1/legal-moves", {}), ("/v1/score", {}),
                        ("/v1/hints", {"samples": 2})):
        answer = client.post(path, json={**seat0, **extra})
        assert answer.status_code == 409, (path, answer.json)
        assert answer.json["field"] == "game" and "newest token" in answer.json["message"]


def test_two_moves_from_one_token_race_and_one_wins(app: Flask) -> None:
    client = app.test_client()
    token, credentials = sealed_game(client)
    move = first_move(client, token, credentials[0])  # type: ignore[arg-type]
    statuses: list[int] = []
    start = threading.Barrier(4)

    def play() -> None:
        start.wait()
        answer = app.test_client().post("/v1/apply", json={
            "game": token, "credential": credentials[0], "move": move})
        statuses.append(answer.status_code)

    threads = [threading.Thread(target=play) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409, 409, 409]


def test_every_process_of_a_deployment_refuses_a_stale_token(tmp_path: Any) -> None:
    config = {**UNLIMITED, "STORE": str(tmp_path), "SEAL_KEYS": KEY}
    one, two = create_app(config).test_client(), create_app(config).test_client()
    token, credentials = sealed_game(one)
    move = first_move(two, token, credentials[0])  # type: ignore[arg-type]
    assert two.post("/v1/apply", json={"game": token, "credential": credentials[0],
                                       "move": move}).status_code == 200
    stale = one.post("/v1/view", json={"game": token, "credential": credentials[0]})
    assert stale.status_code == 409


def test_keys_rotate_old_tokens_open_under_a_new_key_list(tmp_path: Any) -> None:
    new = Fernet.generate_key().decode()
    old_app = create_app({**UNLIMITED, "STORE": str(tmp_path), "SEAL_KEYS": KEY})
    token, credentials = sealed_game(old_app.test_client())
    body = {"game": token, "credential": credentials[0]}
    rotated = create_app({**UNLIMITED, "STORE": str(tmp_path), "SEAL_KEYS": f"{new},{KEY}"})
    move = first_move(rotated.test_client(), token, credentials[0])  # type: ignore[arg-type]
    played = rotated.test_client().post("/v1/apply", json={**body, "move": move})
    assert played.status_code == 200
    # the new token is sealed with the new key: the old key alone no longer opens it
    assert sealer_of(rotated).fernet._fernets[0].decrypt(played.json["game"].encode())
    newest = {"game": played.json["game"], "credential": credentials[0]}
    retired = create_app({**UNLIMITED, "STORE": str(tmp_path), "SEAL_KEYS": new})
    assert retired.test_client().post("/v1/view", json=newest).status_code == 200
    assert retired.test_client().post("/v1/view", json=body).status_code == 422  # key retired
    assert old_app.test_client().post("/v1/view", json=newest).status_code == 422


def test_a_bad_key_list_stops_the_app_at_start() -> None:
    with pytest.raises(ValueError, match="SEAL_KEYS"):
        create_app({"SEAL_KEYS": "not-a-key"})


def test_the_house_plays_its_seats_from_their_views(app: Flask, client: FlaskClient) -> None:
    token, credentials = sealed_game(client, house=[{"player": 1, "bot": "greedy"}])
    assert credentials[0] and credentials[1] is None
    assert client.post("/v1/view", json={"game": token, "credential": "1.x"}).status_code == 403
    human = {"credential": credentials[0]}
    plies = 0
    while True:
        view = client.post("/v1/view", json={"game": token, **human}).json["view"]
        assert view["to_move"] == 0 or view["status"] != "playing"
        if view["status"] != "playing":
            break
        move = first_move(client, token, credentials[0])  # type: ignore[arg-type]
        played = client.post("/v1/apply", json={"game": token, **human, "move": move})
        assert played.status_code in (200, 409), played.json
        if played.status_code == 409:  # the human's move ended the game
            break
        token = played.json["game"]
        plies += 1
        movers = [e["player"] for e in played.json["events"] if e["type"] in (
            "capture", "build", "trail")]
        assert movers[0] == 0 and all(p == 1 for p in movers[1:])
        if played.json["view"]["status"] != "playing":
            break
    assert plies >= 24  # at least one round of 48 plays
    final = client.post("/v1/score", json={"game": token, **human})
    assert final.status_code == 200
    over = client.post("/v1/legal-moves", json={"game": token, **human})
    assert over.status_code == 409 and over.json["rule"] == "R27"


def test_house_seats_need_a_sealed_game_and_a_player(client: FlaskClient) -> None:
    open_game = client.post("/v1/games", json={"house": [{"player": 1}]})
    assert open_game.status_code == 422 and open_game.json["field"] == "house"
    nobody = client.post("/v1/games", json={"sealed": True, "house": [{"player": 0},
                                                                      {"player": 1}]})
    assert nobody.status_code == 422 and nobody.json["field"] == "house"


@pytest.mark.parametrize("body", [
    {"credential": "0.x"},  # no game
    {"game": "x"},  # no credential
    {"state": {}, "game": "x", "credential": "0.x"},
])
def test_a_sealed_request_says_what_it_lacks(client: FlaskClient, body: dict[str, Any]) -> None:
    answer = client.post("/v1/view", json={**body, "player": 0})
    assert answer.status_code == 422, answer.json


def test_hints_of_a_sealed_seat_use_its_view_and_share_only_with_that_seat(
        app: Flask, client: FlaskClient) -> None:
    token, credentials = sealed_game(client)
    options = {"samples": 4, "seed": 1}
    asked = finished(client, client.post("/v1/hints", json={
        "game": token, "credential": credentials[0], **options}))
    assert asked["solver"]["cached"] is False
    again = client.post("/v1/hints", json={"game": token, "credential": credentials[0],
                                           **options})
    assert again.status_code == 200 and again.json["solver"]["cached"] is True
    assert again.json["moves"] == asked["moves"]
    # the same view sent bare proves nothing: it neither hits that cache nor differs
    view = client.post("/v1/view", json={"game": token, "credential": credentials[0]}).json
    bare = finished(client, client.post("/v1/hints", json={"view": view["view"], **options}))
    assert bare["solver"]["cached"] is False
    assert [m["move"]["id"] for m in bare["moves"]] == [m["move"]["id"] for m in asked["moves"]]
    # the other seat may not ask for the mover's hints with its own credential as the mover
    posing = client.post("/v1/hints", json={"game": token, "credential": credentials[1],
                                            "player": 0, **options})
    assert posing.status_code == 403


def test_a_token_round_trips_its_game(app: Flask, client: FlaskClient) -> None:
    token, _ = sealed_game(client, house=[{"player": 1}])
    sealer = sealer_of(app)
    game = sealer.open(token)
    assert SealedGame.from_payload(game.to_payload()) == game
    assert sealer.open(sealer.seal(game)) == game


@pytest.mark.parametrize("variant", ["standard", "three-hand", "partnership"])
def test_a_tokens_length_tells_nothing_hidden(app: Flask, variant: str) -> None:
    """Deals that differ only in the hidden cards (the other hands and the stock order)
    seal to tokens of the same length: the length depends on public facts only."""
    sealer = sealer_of(app)
    game = sealer.open(sealed_game(app.test_client(), variant=variant)[0])
    state = game.state
    others = range(1, len(state.hands))
    sizes = [state.hands[seat].bit_count() for seat in others]
    hidden = list(state.stock) + [c for seat in others for c in sorted(cards_of(state.hands[seat]))]
    lengths = set()
    for shift in range(1, 6):
        moved = hidden[shift:] + hidden[:shift]
        stock, rest = tuple(moved[:len(state.stock)]), moved[len(state.stock):]
        hands = [state.hands[0]]
        for size in sizes:
            hands.append(sum(1 << c for c in rest[:size]))
            rest = rest[size:]
        other = state._replace(hands=tuple(hands), stock=stock)
        lengths.add(len(sealer.seal(replace(game, state=other))))
    assert len(lengths) == 1


def test_D17_a_refusal_does_not_say_which_hand_holds_a_card(app: Flask,
                                                           client: FlaskClient) -> None:
    """Issue 24's probe: seat 0 tries each card it does not hold; a card of the house's
    hand and a card of the stock are refused in the same words (docs/api.md)."""
    answer = client.post("/v1/games", json={"seed": 12345, "sealed": True,
                                            "house": [{"player": 1}]})
    token, credential = answer.json["game"], answer.json["credentials"][0]
    state = sealer_of(app).open(token).state
    assert state.to_move == 0
    theirs = format_cards(state.hands[1])
    stock = format_cards(sum(1 << card for card in state.stock))
    said = set()
    for name in [*theirs, *stock[:4]]:
        refused = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                 "move": name})
        assert refused.status_code == 422
        said.add((refused.json["message"].replace(name, "?"), refused.json["field"]))
        played = next(m for m in client.post("/v1/legal-moves", json={
            "game": token, "credential": credential}).json["moves"] if m["type"] == "trail")
        capture = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                 "move": f"{played['card']}x{name}"})
        said.add((capture.json["message"].replace(name, "?"), capture.json["field"]))
    assert said == {("card ? is not in player 0's hand (R6)", "move.card"),
                    ("? not on the table (R11, R15)", "move.targets")}


SEALED_ENDPOINTS: dict[str, dict[str, Any]] = {
    "/v1/legal-moves": {}, "/v1/apply": {"move": "KC"}, "/v1/view": {}, "/v1/score": {},
    "/v1/hints": {"samples": 2}, "/v1/evaluate": {"samples": 2}, "/v1/records": {},
    "/v1/reviews": {}, "/v1/bot-move": {}, "/v1/why": {"card": "KC"},
}
"""Every endpoint that takes a sealed game and a credential, with what else it needs."""


@pytest.mark.parametrize("path", SEALED_ENDPOINTS)
def test_a_seat_number_in_other_digits_proves_no_seat(client: FlaskClient, path: str) -> None:
    """A seat part is ASCII digits as the server writes it: a superscript, a circled or an
    Arabic-Indic digit (which Python's ``isdigit`` takes, and ``int`` reads or refuses) is
    a 403 naming the credential, never a 500, never seat 0 (issue 24)."""
    token, credentials = sealed_game(client)
    secret = str(credentials[0]).partition(".")[2]
    for credential in ("².x", "①.x", f"٠.{secret}", f"۰.{secret}", f"00.{secret}",
                       f"+0.{secret}", f" 0.{secret}"):
        answer = client.post(path, json={"game": token, "credential": credential,
                                         **SEALED_ENDPOINTS[path]})
        assert answer.status_code == 403, (path, credential, answer.json)
        assert answer.json["field"] == "credential"
    real = client.post("/v1/view", json={"game": token, "credential": credentials[0]})
    assert real.status_code == 200  # the refusals changed nothing
