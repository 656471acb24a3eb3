"""No answer to a seat of a sealed game depends on what that seat cannot see (issue 24).

The attack: a refusal, an answer, a job id or a cache hit that differs with a card the
asking seat cannot see lets it try each candidate in turn and read the hidden cards off.
The check: two sealed games that differ only in what seat ``s`` cannot see (the other
hands, the stock's order, the seed), with the same view of ``s``, must give ``s`` the same
answers byte for byte (why-not, risks, bot-move, hints and evaluate but for the time they
took, view, score, and the refusals of records and reviews of a game in play), and the
same job and cache key, in every game (Cassino and its three-hand, partnership, draw and
claims variants, Conquian, Poker Rum, Poker Gin, Double-Pack Rum).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from api import create_app
from api.hints import read_request
from api.sealed import SealedGame
from engine import conquian, rummy
from engine import new_game as cassino_game
from engine.cards import card_name
from tests.api.conftest import UNLIMITED
from workers.requests import JOB_ID

HINT = {"samples": 2, "seed": 3}
EVALUATE = {"samples": 2, "seed": 4}
"""Another seed: a cache family is the view's and the seed's, whatever the kind."""
BOTS: list[dict[str, Any]] = [{"level": "beginner", "seed": 1}, {"dial": 50, "seed": 2},
                              {"level": "expert", "seed": 4}]
"""Bot-move options: random and greedy by the dial's draw, the heuristic, the light solver."""


def _ended(state: Any) -> bool:
    return bool(state.game_over) if state.game != "cassino" else state.status != "playing"


def played(state: Any, plies: int, seed: int) -> Any:
    """``state`` after ``plies`` random legal moves (stopping short of the hand's end)."""
    rng = random.Random(seed)
    for _ in range(plies):
        moves = state.legal_moves()
        after = state.apply(rng.choice(moves))
        after = after.state if hasattr(after, "state") else after[0]
        if _ended(after):
            break
        state = after
    return state


def twin(state: Any, seat: int) -> Any:
    """A state with ``seat``'s very view but other hidden cards: other hands (where the
    view leaves them open), another stock order and another seed."""
    view = state.view(seat).to_dict()
    for k in range(200):
        other = state.view(seat).resample(random.Random(k))
        if (other.view(seat).to_dict() == view and other.hands != state.hands
                and other.stock != state.stock and other.seed != state.seed):
            return other
    raise AssertionError("no other hidden cards fit the view")


CASES: dict[str, Callable[[], Any]] = {
    "standard": lambda: played(cassino_game(11), 5, 1),
    "three-hand": lambda: played(cassino_game(12, "three-hand"), 7, 2),
    "partnership": lambda: played(cassino_game(13, "partnership"), 6, 3),
    "draw": lambda: played(cassino_game(14, "draw"), 5, 4),
    "twenty-one-claims": lambda: played(cassino_game(15, "twenty-one-claims"), 9, 5),
    "conquian": lambda: played(conquian.new_game(16), 7, 6),
    "poker-rum": lambda: played(rummy.new_game(17, "poker-rum"), 6, 7),
    "poker-gin": lambda: played(rummy.new_game(18, "poker-gin"), 5, 18),
    "double-pack-rum": lambda: played(rummy.new_game(19, "double-pack-rum"), 9, 9),
}


def seats_asked(state: Any) -> list[int]:
    """The seat to act and the next one (a seat on its turn and off it)."""
    seats = len(state.hands)
    return [state.to_move, (state.to_move + 1) % seats]


def sealed(app: Flask, state: Any, game_id: str) -> tuple[str, list[str]]:
    """A sealed game of ``state`` under ``game_id``, with fixed credentials, recorded in
    the ledger as a game at its start (its twin, of the same id, shares the entry)."""
    seats = len(state.hands)
    secrets = tuple(f"secret-of-seat-{seat}" for seat in range(seats))
    sealer = app.extensions["cardgames_sealer"]
    sealer.ledger.advance(game_id, -1, sealer.ttl)
    game = SealedGame(game_id, 0, state, secrets, {}, tuple(() for _ in range(seats)),
                      epoch=sealer.ledger.epoch())
    return (sealer.seal(game),
            [f"{seat}.{secret}" for seat, secret in enumerate(secrets)])


def questions(state: Any, seat: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every question a seat may ask besides moving, with the cards it may name: every
    card of the pack as why-not's card, and (on the seat's turn) as the table card picked
    with a card of the seat's hand, a build value asked."""
    yield "/v1/view", {}
    yield "/v1/score", {}
    yield "/v1/records", {}
    yield "/v1/reviews", {}
    yield "/v1/hints", HINT
    yield "/v1/evaluate", EVALUATE
    for bot in BOTS:
        yield "/v1/bot-move", bot
    if state.game != "cassino":
        return
    yield "/v1/legal-moves", {"risks": True}
    view = state.view(seat)
    held = card_name(view.hand.bit_length() - 1)
    for card in map(card_name, range(52)):
        yield "/v1/why", {"card": card, "table": []}
        if seat == state.to_move:
            yield "/v1/why", {"card": held, "table": [card], "value": 9}


def wire(answer: Any) -> tuple[int, bytes]:
    """An answer as the client reads it, but for the time a search took."""
    body = answer.json
    if isinstance(body, dict) and isinstance(body.get("solver"), dict):
        assert body["solver"].pop("cached") is False  # searched afresh: the real test
        body["solver"].pop("elapsed_ms")
        return answer.status_code, repr(body).encode()
    return answer.status_code, answer.get_data()


def message(answer: Any) -> str:
    return str(answer.json["message"])


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return create_app({**UNLIMITED, "STORE": str(tmp_path_factory.mktemp("oracles"))})


@pytest.mark.parametrize("case", list(CASES))
def test_no_answer_depends_on_a_hidden_card(app: Flask, case: str) -> None:
    """Each twin under a game id of its own (ids are secrets, not hidden cards): no job
    and no cache entry is shared, so each answer is computed from its own game."""
    client = app.test_client()
    state = CASES[case]()
    for seat in seats_asked(state):
        other = twin(state, seat)
        token, credentials = sealed(app, state, f"{case}-{seat}-a".ljust(32, "0"))
        twin_token, _ = sealed(app, other, f"{case}-{seat}-b".ljust(32, "0"))
        asked = 0
        for path, body in questions(state, seat):
            mine = {**body, "credential": credentials[seat]}
            first = wire(client.post(path, json={**mine, "game": token}))
            second = wire(client.post(path, json={**mine, "game": twin_token}))
            assert first == second, (case, seat, path, body)
            asked += 1
        assert asked >= 9


def job_id(answer: Any) -> str:
    """The id of the job a 202 answer names."""
    assert answer.status_code == 202, answer.json
    return str(answer.json["job"]["id"])


def cached(answer: Any) -> bool:
    """Whether a 200 hints or evaluate answer came from the cache."""
    assert answer.status_code == 200, answer.json
    return bool(answer.json["solver"]["cached"])


@pytest.mark.parametrize("case", ["standard", "three-hand", "conquian", "double-pack-rum"])
def test_job_and_cache_keys_are_the_views(app: Flask, case: str) -> None:
    """Twins under one game id: the same scope and view, so the same cache family and job
    key, and the second twin is answered by the first's search; the other seats of that
    game share nothing with either."""
    client = app.test_client()
    state = CASES[case]()
    seat, seats = state.to_move, len(state.hands)
    game_id = f"keys-{case}".ljust(32, "0")
    token, credentials = sealed(app, state, game_id)
    twin_token, _ = sealed(app, twin(state, seat), game_id)
    others = [credentials[s] for s in range(seats) if s != seat]
    with app.app_context():
        def key(game: str, credential: str) -> tuple[str | None, str | None]:
            request = read_request("hints", {**HINT, "game": game, "credential": credential})
            return request.family, request.share_key

        mine = key(token, credentials[seat])
        assert None not in mine and key(twin_token, credentials[seat]) == mine
        assert all(set(key(token, c)).isdisjoint(mine) for c in others)

    body = {**HINT, "seed": 5}
    assert not cached(client.post("/v1/hints", json={
        **body, "game": token, "credential": credentials[seat]}))
    assert cached(client.post("/v1/hints", json={
        **body, "game": twin_token, "credential": credentials[seat]}))
    assert not any(cached(client.post("/v1/hints", json={**body, "game": token,
                                                         "credential": c})) for c in others)

    queued = {"samples": 8, "seed": 6, "async": True}
    first = client.post("/v1/evaluate", json={**queued, "game": token,
                                              "credential": credentials[seat]})
    assert JOB_ID.match(job_id(first))
    again = client.post("/v1/evaluate", json={**queued, "game": twin_token,
                                              "credential": credentials[seat]})
    # the twin joins the first's job, or is answered from its search if it is done
    assert job_id(again) == job_id(first) if again.status_code == 202 else cached(again)
    for credential in others:
        assert job_id(client.post("/v1/evaluate", json={
            **queued, "game": token, "credential": credential})) != job_id(first)


@pytest.mark.parametrize("case", list(CASES))
def test_a_sealed_seat_is_answered_as_its_bare_view(app: Flask, case: str) -> None:
    """Hints, evaluate and bot-move of a sealed seat are those of its view sent alone: the
    solver searches worlds drawn from the view with the request's seed, never the game's
    hidden cards nor its seed."""
    client = app.test_client()
    state = CASES[case]()
    token, credentials = sealed(app, state, f"bare-{case}".ljust(32, "0"))
    for seat in seats_asked(state):
        view = state.view(seat).to_dict()
        asks = [("/v1/hints", HINT), ("/v1/evaluate", EVALUATE)]
        if state.game == "cassino":
            asks += [("/v1/bot-move", bot) for bot in BOTS]
        for path, body in asks:
            bare = client.post(path, json={**body, "view": view})
            seated = client.post(path, json={**body, "game": token,
                                             "credential": credentials[seat]})
            if path == "/v1/bot-move" and seat != state.to_move:  # R4, naming the field
                assert wire(bare)[0] == wire(seated)[0] == 422
                assert message(bare) == message(seated)  # its field names what was sent
                continue
            assert wire(bare) == wire(seated), (case, seat, path)
            assert bare.status_code == 200


@pytest.mark.parametrize("case", ["standard", "poker-rum"])
def test_a_bare_view_is_answered_from_itself_alone(app: Flask, tmp_path: Any,
                                                   case: str) -> None:
    """A bare view proves nothing and is tied to no game: once the victim (a sealed seat)
    asked hints, evaluate and bot-move, the attacker's bare views of the victim's seat,
    the true one and a false one, are answered exactly as a server that never saw the
    victim answers them (no cache entry, job or refusal of the victim's shows)."""
    state = CASES[case]()
    victim = state.to_move
    token, credentials = sealed(app, state, f"victim-{case}".ljust(32, "0"))
    client, fresh = app.test_client(), create_app(
        {**UNLIMITED, "STORE": str(tmp_path)}).test_client()
    asks = [("/v1/hints", HINT), ("/v1/evaluate", EVALUATE)]
    if state.game == "cassino":
        asks.append(("/v1/bot-move", BOTS[1]))
    for path, body in asks:
        told = client.post(path, json={**body, "game": token, "credential": credentials[victim]})
        assert told.status_code == 200, told.json
    true_view = state.view(victim).to_dict()
    false_view = twin(state, (victim + 1) % len(state.hands)).view(victim).to_dict()
    assert false_view["hand"] != true_view["hand"]
    for view in (true_view, false_view):
        for path, body in asks:
            asked = client.post(path, json={**body, "view": view})
            assert wire(asked) == wire(fresh.post(path, json={**body, "view": view})), path
