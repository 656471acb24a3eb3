"""D16: what a move list holds.  Every position the rules reach lists its moves and plays
them, whatever the table: a card's captures, or its builds of one value, past
``MAX_FAMILY`` are a family listed in part, every move of which is accepted, checked
exactly; the lists stay bounded on any table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from flask.testing import FlaskClient

import engine
from api import create_app
from engine import Move, State, new_game
from engine.cards import parse_cards
from engine.cassino import (
    LISTED,
    MAX_FAMILY,
    VARIANTS,
    Family,
    is_legal,
    movegen,
    moves_and_families,
    sums,
    why,
)
from engine.cassino.play import advance
from engine.cassino.sums import split_into_groups
from tests.engine.reference import reference_moves
from tests.engine.test_variant_royal import position

UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0, "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}


def always_trail(state: State) -> Move:
    """The first trail listed, of the mover's lowest card: the game of issue 24, where both
    seats always trail (nobody builds, so a trail is always legal, R21)."""
    return next(m for m in state.legal_moves() if m.type == "trail")


def trail_then_take(state: State) -> Move:
    """Trail the lowest card, except the round's last card, which takes the most cards a
    listed capture takes: always trailing, nobody would ever capture and every round would
    be void (R25, D11), so the game could not end."""
    moves = state.legal_moves()
    captures = [m for m in moves if m.type == "capture"]
    if captures and not state.stock and sum(h.bit_count() for h in state.hands) == 1:
        return max(captures, key=lambda m: m.targets.bit_count())
    return always_trail(state)


def families_of(state: State) -> list[Family]:
    p = state.to_move
    return moves_and_families(state.hands[p], state.loose, state.builds, p, state.rules)[1]


def test_the_always_trail_deal_lists_every_position_to_its_end() -> None:
    """Seed 1, dealer 1, both seats always trailing: the position of issue 24 (22 plies, 26
    loose cards, seat 0 holding J♥ alone) lists its move, and so does every later one, up
    to 51 loose cards; nobody captured, so the round is dealt again (R25, D11)."""
    state = new_game(1, dealer=1)
    opened = 0
    for ply in range(48):
        if ply == 22:
            assert state.loose.bit_count() == 26 and state.hands[0] == parse_cards(["JH"])
            assert [m.id for m in state.legal_moves()] == ["JHxJS", "JHxJD", "JH"]
        assert state.legal_moves()
        opened += bool(families_of(state))
        state = state.apply(always_trail(state)).state
    assert opened > 10  # families listed in part on the way
    assert (state.round, state.deal, state.status) == (1, 2, "playing")


def test_the_always_trail_game_ends() -> None:
    """The same game with the round's last card capturing: every round reaches a table of
    51 loose cards, and the game ends (R27)."""
    state, plies, opened = new_game(1, dealer=1), 0, 0
    while state.status == "playing":
        opened += bool(families_of(state))
        state = state.apply(trail_then_take(state)).state
        plies += 1
    assert state.winner is not None and max(state.scores) >= 21
    assert opened > 20 and plies == 48 * state.deal


def test_the_always_trail_game_ends_through_the_api() -> None:
    """The same game through the API: every position's legal moves, each move applied (the
    web table's and the CLI's requests), to the end of the game."""
    client: FlaskClient = create_app(UNLIMITED).test_client()
    state, named = new_game(1, dealer=1), 0
    while state.status == "playing":
        body = {"state": state.to_dict()}
        listed = client.post("/v1/legal-moves", json=body)
        assert listed.status_code == 200, listed.json
        move = trail_then_take(state)
        assert move.id in {m["id"] for m in listed.json["moves"]}
        families = listed.json.get("families", [])
        assert [f["card"] for f in families] == [engine.card_name(f.card)
                                                 for f in families_of(state)]
        named += bool(families)
        answer = client.post("/v1/apply", json={**body, "move": move.id})
        assert answer.status_code == 200, answer.json
        state = State.from_dict(answer.json["state"])
    assert state.status == "game_over" and named > 20


def trail_heavy(rng: random.Random) -> Callable[[State], Move]:
    """A random policy that trails with a probability drawn for the game (from 0.6 to 1),
    else plays a random listed move: it reaches tables of every size."""
    odds = rng.uniform(0.6, 1.0)

    def play(state: State) -> Move:
        moves = [m for m in state.legal_moves() if m.type != "claim"]
        trails = [m for m in moves if m.type == "trail"]
        return rng.choice(trails if trails and rng.random() < odds else moves)

    return play


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_trail_heavy_games_list_a_move_in_every_position(variant: str) -> None:
    """Two random trail-heavy games of every variant: every position to the end of the game
    lists at least one move, every listed move of a family listed in part is one it
    admits (exactly, R11-R22), and the list keeps within its bounds."""
    for game in (1, 2):
        rng = random.Random(f"families/{variant}/{game}")
        state = new_game(rng.randrange(1 << 32), variant)
        policy = trail_heavy(rng)
        while state.status == "playing":
            p = state.to_move
            moves, families = moves_and_families(state.hands[p], state.loose, state.builds, p,
                                                 state.rules)
            assert moves, state.to_dict()
            check_bounds(moves, families)
            for f in families:
                assert all(f.admits(m.targets, state.loose, state.builds, state.rules)
                           for m in moves if f.holds(m))
            state = state.apply(policy(state)).state


def check_bounds(moves: list[Move], families: list[Family]) -> None:
    """At most ``LISTED`` moves of each family listed in part, at most ``MAX_FAMILY`` of any
    other card, kind and value; each move once."""
    assert len(moves) == len(set(moves))
    sizes = Counter((m.card, m.type, m.value if m.type == "build" else 0) for m in moves)
    for f in families:
        key = (f.card, f.type, f.value if f.type == "build" else 0)
        assert 0 < sizes.pop(key) <= LISTED
    assert all(n <= MAX_FAMILY for n in sizes.values())


@pytest.mark.parametrize(("variant", "hand"), [
    ("standard", "AS 2S 3S 10S"), ("standard", "4S 5S 9S 10S"),
    ("royal", "AS 2S 6S KS"), ("royal-14", "2S 3S 7S AS")])
def test_a_hostile_table_lists_a_bounded_number_of_moves(variant: str, hand: str) -> None:
    """Every numeral but the hands on the table: each card's captures and builds are listed
    within their bounds, their families named, and what is listed is played."""
    rules = engine.get_rules(variant)
    mine = parse_cards(hand.split())
    theirs = parse_cards(["3H", "4H", "5H", "6H"]) & ~mine
    table = rules.numerals & ~mine & ~theirs & ~parse_cards(["KH", "KD", "QH", "QD"])
    state = position(variant, hand, " ".join(engine.card_name(c) for c in range(52)
                                             if table >> c & 1),
                     other=" ".join(engine.card_name(c) for c in range(52) if theirs >> c & 1))
    moves, families = moves_and_families(mine, state.loose, (), 0, rules)
    assert families and {f.card for f in families} <= {m.card for m in moves}
    check_bounds(moves, families)
    for f in families:
        first = next(m for m in moves if f.holds(m))
        assert is_legal(state, first)
        advance(state, first)  # forms the build or takes the cards


@pytest.fixture
def every_family_open(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``MAX_FAMILY`` 0: every capture and build of a numeral is a family listed in part."""
    monkeypatch.setattr(sums, "MAX_FAMILY", 0)
    monkeypatch.setattr(sums, "_DISJOINT", 1)
    monkeypatch.setattr(movegen, "MAX_FAMILY", 0)
    fresh()
    yield
    fresh()


def fresh() -> None:
    sums._unions.cache_clear()
    for rules in VARIANTS.values():
        rules.memo.clear()


def subsets(state: State) -> Iterator[int]:
    """Every set of table items: loose cards and whole builds (R8)."""
    items = [1 << c for c in range(52) if state.loose >> c & 1]
    items += [b.cards for b in state.builds]
    for pick in range(1, 1 << len(items)):
        yield sum(item for i, item in enumerate(items) if pick >> i & 1)


@pytest.mark.usefixtures("every_family_open")
@pytest.mark.parametrize("variant", ["standard", "classic", "royal", "partnership"])
def test_a_family_admits_exactly_the_moves_of_the_rules(variant: str) -> None:
    """With every family listed in part, what each admits is exactly what the brute-force
    reference (tests/engine/reference.py, from the rule text) allows for its card, kind
    and value, over every set of table items; and it lists one of them when there is one
    (V1.1's pairs in classic, V6.3's partner builds in partnership)."""
    rng = random.Random(f"admits/{variant}")
    checked = 0
    for seed in range(2):
        state = new_game(seed, variant)
        while state.status == "playing":
            p = state.to_move
            if state.loose.bit_count() + len(state.builds) <= 8:
                rules = state.rules
                allowed = reference_moves(state.hands[p], state.loose, state.builds, p, variant)
                moves, families = moves_and_families(state.hands[p], state.loose, state.builds,
                                                     p, rules)
                assert set(moves) <= allowed
                for f in families:
                    theirs = {m.targets for m in allowed if f.holds(m)}
                    assert any(f.holds(m) for m in moves) == bool(theirs)
                    for targets in subsets(state):
                        assert f.admits(targets, state.loose, state.builds, rules) == \
                            (targets in theirs), (f, targets)
                        checked += 1
                for m in allowed - set(moves):
                    assert any(f.holds(m) for f in families)
            state = advance(state, rng.choice(state.legal_moves()))
    assert checked > 10_000


def test_a_family_admits_exactly_its_moves_on_a_large_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first positions of the always-trail deal with families listed in part: with a
    bound high enough to list them whole, each admits exactly its moves, among them and
    among random unions of its groups and random sets of its cards."""
    state, found = new_game(1, dealer=1), []
    while len(found) < 2:
        if families_of(state):
            found.append((state, families_of(state)))
        state = state.apply(always_trail(state)).state
    monkeypatch.setattr(movegen, "MAX_FAMILY", 300_000)
    monkeypatch.setattr(sums, "MAX_FAMILY", 300_000)
    monkeypatch.setattr(sums, "_DISJOINT", 300_001 .bit_length())
    fresh()
    rng = random.Random(24)
    compared = 0
    try:
        for big, families in found:
            p, rules = big.to_move, big.rules
            whole, still = moves_and_families(big.hands[p], big.loose, big.builds, p, rules)
            for f in families:
                if any(g.holds(Move(f.type, f.card, 0, f.value)) for g in still):
                    continue  # too large even so
                every = {m.targets for m in whole if f.holds(m)}
                assert len(every) > LISTED
                assert all(f.admits(t, big.loose, big.builds, rules) for t in every)
                cards = [c for c in range(52) if f.cards >> c & 1]
                groups = sums.groups(big.loose, f.value, rules)
                for _ in range(1000):
                    picked = rng.sample(groups, min(len(groups), rng.randint(1, 4)))
                    tries = [sum(1 << c for c in rng.sample(cards, rng.randint(1, 5))),
                             _union(picked)]
                    for targets in tries:
                        assert f.admits(targets, big.loose, big.builds, rules) == \
                            (targets in every), (f, targets)
                        compared += 1
    finally:
        monkeypatch.undo()
        fresh()
    assert compared >= 2000


def _union(sets: list[int]) -> int:
    out = 0
    for s in sets:
        out |= s
    return out


def test_split_into_groups_finds_the_plain_searchs_partition() -> None:
    """The pruned partition search (R15, D8) finds what the plain depth-first search finds,
    and answers a table of any size at once."""
    rng = random.Random(15)
    for _ in range(3000):
        target = rng.randint(2, 14)
        cards = [(rng.randint(1, target), c) for c in rng.sample(range(52), rng.randint(1, 9))]
        assert split_into_groups(cards, target) == plain_split(cards, target)
    every = [(v, c) for c, v in enumerate(engine.STANDARD.values) if v]
    found = split_into_groups(every, 10)  # the 40 numerals: 220 = 22 groups of 10
    assert found is not None and len(found) == 22
    assert sum(found) == sum(1 << c for _, c in every)


def plain_split(cards: list[tuple[int, int]], target: int) -> list[int] | None:
    """The partition search before D16's families: depth first, largest values first."""
    if sum(v for v, _ in cards) % target:
        return None

    def fill(left: list[tuple[int, int]], need: int) -> list[tuple[int, list[tuple[int, int]]]]:
        if need == 0:
            return [(0, left)]
        out = []
        for i, (v, card) in enumerate(left):
            if v <= need:
                out += [(chosen | 1 << card, left[:i] + rest)
                        for chosen, rest in fill(left[i + 1:], need - v)]
        return out

    def cover(left: list[tuple[int, int]]) -> list[int] | None:
        if not left:
            return []
        (value, first), rest = left[0], left[1:]
        for chosen, remaining in fill(rest, target - value):
            found = cover(remaining)
            if found is not None:
                return [chosen | 1 << first, *found]
        return None

    return cover(sorted(cards, reverse=True))


def test_the_api_names_the_families_and_plays_any_of_their_moves() -> None:
    """legal-moves names each family listed in part; apply plays a move of one that is not
    listed (and `why`, docs/api.md's "Why not", calls it legal), and refuses one of its card
    that breaks a rule, naming it (R11), changing nothing."""
    client: FlaskClient = create_app(UNLIMITED).test_client()
    state = new_game(1, dealer=1)
    while not any(f.type == "capture" for f in families_of(state)):
        state = state.apply(always_trail(state)).state
    family = next(f for f in families_of(state) if f.type == "capture")
    body = {"state": state.to_dict()}
    listed = client.post("/v1/legal-moves", json=body).json
    assert family.to_dict() in listed["families"]
    shown = {m["id"] for m in listed["moves"]}
    groups = sums.groups(state.loose, family.value, state.rules)
    unlisted = next(Move("capture", family.card, a | b) for a in groups for b in groups
                    if not a & b and Move("capture", family.card, a | b).id not in shown)
    assert why(state.view(state.to_move), family.card, unlisted.targets).moves == [unlisted]
    assert state.view(state.to_move).refusal(unlisted) is None  # D17's view-only judge
    played = client.post("/v1/apply", json={**body, "move": unlisted.id})
    assert played.status_code == 200, played.json
    assert played.json["state"]["captured"] != body["state"]["captured"]
    odd = min(c for c in range(52) if family.cards >> c & 1)
    refused = client.post("/v1/apply", json={**body, "move": Move("capture", family.card,
                                                                   1 << odd).id})
    if state.rules.values[odd] != family.value:
        assert refused.status_code == 422 and refused.json["rule"] == "R11", refused.json


def thirty_two_trails() -> State:
    """The always-trail game after 32 plies: 36 loose cards, families listed in part."""
    state = new_game(1, dealer=1)
    for _ in range(32):
        state = state.apply(always_trail(state)).state
    assert state.loose.bit_count() == 36 and families_of(state)
    return state


def test_a_sealed_game_at_a_huge_table_plays_on_against_the_house() -> None:
    """Trailing again and again is legal: a sealed game reaches such tables.  Its moves
    are listed and played, the house (the solver) answers without a search, and only a
    hint, whose search could not be bounded there, is refused, naming D16."""
    app = create_app(UNLIMITED)
    sealer = app.extensions["cardgames_sealer"]
    state = thirty_two_trails()
    game = sealer.start(state, {1 - state.to_move: "solver"})
    seat = {"game": sealer.seal(game), "credential": game.credential(state.to_move)}
    client = app.test_client()
    listed = client.post("/v1/legal-moves", json=seat)
    assert listed.status_code == 200 and listed.json["families"], listed.json
    hinted = client.post("/v1/hints", json=seat)
    assert hinted.status_code == 422 and hinted.json["rule"] == "D16", hinted.json
    assert hinted.json["rule_url"] == "/rules/standard#D16"
    played = client.post("/v1/apply", json={**seat, "move": listed.json["moves"][0]["id"]})
    assert played.status_code == 200, played.json
    assert len(played.json["view"]["history"]) == len(state.history) + 2  # the house moved
