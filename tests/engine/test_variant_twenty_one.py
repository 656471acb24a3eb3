"""twenty-one and twenty-one-claims (docs/rules/twenty-one.md T1-T10, TD1-TD8; V2).

Scenario tests per numbered rule, with the book's own cases where it gives them: the
count-out order ("Cards first, then Spades, Big Cassino, Little Cassino, Aces, and
Sweeps"; "the spade Ace goes out first, then clubs, hearts, and diamonds"; only the
difference of sweeps), a right claim winning "even if his adversary has 21 or more", a
wrong one losing "no matter what his adversary's score may be", and the game going on to
32 when both are out without a claim.  Then properties of random play, and perft pins.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

import engine
from engine.cards import FULL_DECK, RANKS, SPADE_MASK, cards_of, parse_cards
from engine.cassino import VARIANTS, claim, score, secured
from engine.cassino.count_out import count_out, order, settle
from engine.cassino.play import State, advance
from engine.cassino.scoring import scheme
from engine.errors import GameOverError, IllegalMoveError, MoveFormatError, StateError
from tests.engine.reference import reference_moves_of
from tests.engine.test_perft import END_MOVES, END_SEED, PERFT, perft

TWENTY_ONE = VARIANTS["twenty-one"]
CLAIMS = VARIANTS["twenty-one-claims"]
POINT_FREE = FULL_DECK & ~SPADE_MASK & ~parse_cards(["AH", "AD", "AC", "10D"])
"""Cards that score nothing by themselves and are no spades: fillers for piles."""


def mask(text: str) -> int:
    return parse_cards(text.split())


def piles(p0: str, p1: str) -> tuple[int, int]:
    """Two complete piles: the cards named, and the rest of the pack to seat 1."""
    first = mask(p0)
    second = mask(p1) if p1 else FULL_DECK & ~first
    assert not first & second and first | second == FULL_DECK
    return first, second


def staged(variant: str, pile0: str = "", pile1: str = "", *, sweeps: tuple[int, int] = (0, 0),
           scores: tuple[int, int] = (0, 0), target: int | None = None,
           seed_: int = 5) -> State:
    """A consistent position of round 1, batch 2 or later: the given capture piles (taken
    from the stock), the hands and table of ``new_game(seed_)`` (plus stock cards up to
    whole batches), seat 0 last capturer."""
    state = engine.new_game(seed_, variant, dealer=1)
    wanted = (mask(pile0), mask(pile1))
    taken = wanted[0] | wanted[1]
    hands, loose = list(state.hands), state.loose
    spare = [c for c in state.stock if not taken >> c & 1]
    for zone in range(3):  # the wanted cards dealt to hands or table trade places with spares
        held = hands[zone] if zone < 2 else loose
        for card in cards_of(held & taken):
            swap = spare.pop()
            held = held & ~(1 << card) | 1 << swap
        if zone < 2:
            hands[zone] = held
        else:
            loose = held
    while len(spare) % 8:  # whole batches left in the stock: the rest lies on the table
        loose |= 1 << spare.pop()
    stock = tuple(spare)
    data = state._replace(hands=tuple(hands), loose=loose, stock=stock, captured=wanted,
                          sweeps=sweeps, last_capturer=0 if wanted[0] else None,
                          scores=scores,
                          target=target if target is not None else state.target)
    data.validate()
    return data


def breakdown_of(pile0: int, pile1: int, sweeps: tuple[int, int] = (0, 0),
                 rules: engine.Rules = TWENTY_ONE) -> engine.Breakdown:
    return score((pile0, pile1), sweeps, rules)


# --- T1-T4: the count at the end of a hand (twenty-one) --------------------------------


def test_t1_the_count_goes_out_in_the_books_order() -> None:
    """T1: cards, spades, big cassino, little cassino, the aces, sweeps; TD4: the aces
    A♠, A♣, A♥, A♦ one at a time."""
    assert [key for key, *_ in order(TWENTY_ONE)] == [
        "cards", "spades", "big_cassino", "little_cassino", "AS", "AC", "AH", "AD", "sweeps"]
    # every category of the scheme is counted once: the aces card by card
    keys = {c.key for c in scheme(TWENTY_ONE).categories}
    assert keys == {"cards", "spades", "big_cassino", "little_cassino", "aces", "sweeps"}


def test_t1_an_order_that_misses_a_category_is_refused() -> None:
    broken = engine.Rules(name="broken", counting="count_out",
                          extra={"count_out_order": ["cards", "spades", "AS", "sweeps"]})
    with pytest.raises(ValueError, match="exactly once"):
        order(broken)


def test_t2_only_the_difference_of_sweeps_scores() -> None:
    """T2: three sweeps against one score 2 to the first and nothing to the other, in the
    breakdown and so in the totals; standard scores every sweep (R13)."""
    p0, p1 = piles("2H 3H 4H 5H 6H 7H", "")
    twenty_one = breakdown_of(p0, p1, (3, 1))
    assert [p.points.sweeps for p in twenty_one.players] == [2, 0]
    standard = score((p0, p1), (3, 1), engine.STANDARD)
    assert [p.points.sweeps for p in standard.players] == [3, 1]
    assert [a - b for a, b in zip(standard.totals, twenty_one.totals, strict=True)] == [1, 1]
    equal = breakdown_of(p0, p1, (2, 2))
    assert [p.points.sweeps for p in equal.players] == [0, 0]


# Seat 0: every heart and club and 3♦ 4♦ (28 cards, A♥ A♣); seat 1: every spade and the
# other diamonds (24 cards, A♠ A♦, both cassinos).
CARDS_FIRST = piles(" ".join(f"{r}{s}" for s in "HC" for r in RANKS) + " 3D 4D", "")


def test_t3_the_first_to_reach_21_wins_though_the_other_ends_higher() -> None:
    """T3: at 18 to 19, seat 0's cards (3) go out first and make 21; seat 1 then makes 6
    more and ends at 25, above seat 0's 23, and still loses."""
    p0, p1 = CARDS_FIRST
    breakdown = breakdown_of(p0, p1)
    assert breakdown.totals == (5, 6)
    winner, steps = count_out((18, 19), (p0, p1), breakdown, 21, TWENTY_ONE)
    assert winner == 0
    assert steps[0].key == "cards" and steps[0].totals == (21, 19) and steps[0].reached
    assert steps[-1].totals == (23, 25)  # every category still joins the totals
    assert sum(s.reached for s in steps) == 1


# Round where cards tie 26-26 and the aces decide (TD4): seat 0 holds 7 spades (3♠-9♠),
# 10♦, A♣ and A♥; seat 1 holds A♠, 2♠, 10♠-K♠ and A♦; fillers even out the cards.
def _aces_round() -> tuple[int, int]:
    p0 = mask("3S 4S 5S 6S 7S 8S 9S 10D AC AH")
    p1 = mask("AS 2S 10S JS QS KS AD")
    fillers = [c for c in cards_of(POINT_FREE & ~p0 & ~p1)]
    p0 |= sum(1 << c for c in fillers[:16])
    p1 |= sum(1 << c for c in fillers[16:])
    assert p0.bit_count() == p1.bit_count() == 26 and p0 | p1 == FULL_DECK
    return p0, p1


@pytest.mark.parametrize(("before", "winner", "deciding"), [
    ((17, 18), 0, "AC"),  # ... little cassino 20-19, A♠ 20-20, A♣ makes seat 0's 21
    ((17, 19), 1, "AS"),  # ... little cassino 20-20: A♠ goes out before A♣
])
def test_t3_td4_the_spade_ace_goes_out_before_the_club(before: tuple[int, int], winner: int,
                                                        deciding: str) -> None:
    p0, p1 = _aces_round()
    winner_found, steps = count_out(before, (p0, p1), breakdown_of(p0, p1), 21, TWENTY_ONE)
    assert winner_found == winner
    assert next(s.key for s in steps if s.reached) == deciding
    assert steps[0].points == 0  # cards tied: nothing to either (R26)
    assert steps[-1].totals[0] >= 21 and steps[-1].totals[1] >= 21


def test_t4_nobody_reaches_21_another_round_is_dealt() -> None:
    p0, p1 = CARDS_FIRST
    assert count_out((0, 0), (p0, p1), breakdown_of(p0, p1), 21, TWENTY_ONE)[0] is None
    state = engine.new_game(3, "twenty-one")
    rng = random.Random(3)
    events: list[engine.Event] = []
    while state.round == 1:
        state = advance(state, rng.choice(state.legal_moves()), events)
    kinds = [e.type for e in events]
    assert kinds[kinds.index("round_scored"):] == ["round_scored", "count_out", "deal"]
    counted = events[kinds.index("count_out")].to_dict()
    assert counted["winner"] is None and counted["target"] == 21
    assert [s["key"] for s in counted["steps"]][:2] == ["cards", "spades"]
    assert state.status == "playing" and state.scores == events[kinds.index(
        "round_scored")].get("scores") and state.target == 21


def test_t3_a_played_game_ends_at_the_count_and_validates() -> None:
    """Seed 23: both end at 22, seat 0 first there in the count (T3); the final state
    reads back and its winner is checked against a replay of the count."""
    state = engine.new_game(23, "twenty-one")
    rng = random.Random(23)
    events: list[engine.Event] = []
    while state.status == "playing":
        state = advance(state, rng.choice(state.legal_moves()), events)
    assert state.scores == (22, 22) and state.winner == 0
    assert [e.type for e in events[-3:]] == ["round_scored", "count_out", "game_over"]
    assert "Player 0 reaches 21 first" in events[-2].to_dict()["description"]
    again = State.from_dict(state.to_dict())
    assert again == state
    with pytest.raises(StateError, match="first to reach the target") as caught:
        State.from_dict({**state.to_dict(), "winner": 1})
    assert caught.value.rule == "T3"


# --- T5-T8: claims (twenty-one-claims) ------------------------------------------------


def test_t5_either_seat_may_claim_at_any_moment_of_play() -> None:
    state = engine.new_game(4, "twenty-one-claims")
    mover, other = state.to_move, 1 - state.to_move
    assert state.acting == frozenset({0, 1})
    assert state.moves_for(other) == [claim(other)]
    assert state.moves_for(mover) == [*state.legal_moves(), claim(mover)]
    assert all(m.type != "claim" for m in state.legal_moves())  # TD6: card plays only
    # twenty-one and standard: no claims, the mover alone acts (R27)
    for variant in ("twenty-one", "standard"):
        plain = engine.new_game(4, variant)
        assert plain.acting == frozenset({plain.to_move})
        assert plain.moves_for(1 - plain.to_move) == []
        with pytest.raises(IllegalMoveError) as caught:
            plain.apply(claim(0))
        assert caught.value.rule == "R27" and caught.value.field == "move.type"


def test_t5_claim_notation_round_trips() -> None:
    for move in (claim(0), claim(1), claim()):
        assert engine.parse_move_id(move.id) == move
        assert engine.parse_move(move.to_dict()) == move
    assert claim(1).id == "claim1" and claim(1).to_dict() == {"type": "claim", "player": 1}
    assert engine.parse_move({"type": "claim"}).player is None
    assert engine.parse_move_id("CLAIM0") == claim(0)
    with pytest.raises(MoveFormatError) as caught:
        engine.parse_move({"type": "claim", "card": "7S"})
    assert caught.value.field == "move.card"
    with pytest.raises(MoveFormatError, match="seat of a claim") as caught:
        engine.parse_move({"type": "trail", "card": "7S", "player": 0})
    with pytest.raises(MoveFormatError):
        engine.parse_move({"type": "claim", "player": "one"})


def test_t5_an_unnamed_or_foreign_claim_is_refused() -> None:
    state = engine.new_game(4, "twenty-one-claims")
    with pytest.raises(MoveFormatError) as caught:
        state.apply(claim())
    assert caught.value.field == "move.player" and caught.value.rule == "T5"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(claim(2))
    assert caught.value.field == "move.player"


def test_t6_what_a_player_has_secured() -> None:
    """T6: the total before the hand, the aces and cassinos taken, every own sweep, 3 for
    cards from 27 on, 1 for spades from 7 on."""
    spades7 = "AS 2S 3S 4S 5S 6S 7S"
    state = staged("twenty-one-claims", f"{spades7} 10D AD", "8S 9S", sweeps=(2, 1),
                   scores=(5, 7))
    # 5 + spades 1 + A♠ A♦ 2 + big 2 + little 1 + sweeps 2; seat 1: 7 + 1 sweep
    assert secured(state, 0) == 13 and secured(state, 1) == 8
    six = staged("twenty-one-claims", "2S 3S 4S 5S 6S 7S 2H", "8S 9S")
    assert secured(six, 0) == 1  # 6 spades are not secured: only the little cassino


def test_t6_the_cards_majority_is_secured_at_27() -> None:
    hearts_clubs = [f"{r}{s}" for s in "HC" for r in RANKS[1:]]
    p26 = " ".join(hearts_clubs[:24]) + " 2D 3D"
    assert len(p26.split()) == 26
    assert secured(staged("twenty-one-claims", p26, "AH AC"), 0) == 0  # a tie is possible
    assert secured(staged("twenty-one-claims", p26 + " 4D", "AH AC"), 0) == 3


def test_t7_a_right_claim_wins_at_once_whatever_the_other_total() -> None:
    """T7, the book: "if his claim is correct he wins, even if his adversary has 21 or
    more" (here the adversary, at 19, holds 2 secured points more)."""
    state = staged("twenty-one-claims", "10D AS AC", "AH AD 2S", scores=(17, 19),
                   sweeps=(0, 0))
    assert secured(state, 0) == 21 and secured(state, 1) == 22
    step = state.apply(claim(0))
    final = step.state
    assert final.status == "game_over" and final.winner == 0 and final.game_value == 1
    assert final.scores == (17, 19)  # scores are not changed by a claim
    assert final.hands == state.hands and final.stock == state.stock  # play stops as it is
    assert final.history[-1] == (0, claim(0))
    assert [e.type for e in step.events] == ["claim", "game_over"]
    told = step.events[0].to_dict()
    assert told["secured"] == 21 and told["correct"] is True
    assert final.returns() == (1, -1)
    again = State.from_dict(final.to_dict())
    assert again == final
    assert again.view(1).to_dict()["history"][-1]["move"]["type"] == "claim"
    with pytest.raises(GameOverError):
        final.apply(claim(1))
    assert final.moves_for(0) == final.moves_for(1) == []


def test_t7_a_wrong_claim_loses_at_once() -> None:
    """T7, the book: a player "mistaken ... loses the game, no matter what his
    adversary's score may be"."""
    state = staged("twenty-one-claims", "10D AS", "AH AD 2S", scores=(17, 3))
    assert secured(state, 0) == 20
    step = state.apply(claim(0))
    assert step.state.winner == 1 and step.state.scores == (17, 3)
    assert step.events[0].get("correct") is False
    State.from_dict(step.state.to_dict())
    # a claim ended by the wrong winner is refused when read back
    with pytest.raises(StateError, match="right") as caught:
        State.from_dict({**step.state.to_dict(), "winner": 0})
    assert caught.value.rule == "T7"


def test_t7_the_seat_not_to_move_claims_too() -> None:
    state = staged("twenty-one-claims", "4H 4C", "10D AS AC AH", scores=(0, 17))
    claimer = 1 - state.to_move
    assert claimer == 1  # the dealer, seat 1, is not to move
    assert state.apply(claim(1)).state.winner == 1


def test_td1_a_claim_is_judged_on_the_new_hand_once_the_count_is_done() -> None:
    """TD1, TD2: the last card's move counts the hand at once, so the next claim is
    judged with the totals after the count and the new hand's empty piles."""
    state = engine.new_game(11, "twenty-one-claims")
    rng = random.Random(11)
    while state.round == 1:
        state = advance(state, rng.choice(state.legal_moves()))
    assert state.captured == (0, 0) and state.status == "playing"
    for seat in (0, 1):
        assert secured(state, seat) == state.scores[seat]


# --- T8-T10: the end of a hand without a claim ----------------------------------------


def test_t9_a_total_alone_at_21_wins() -> None:
    p0, p1 = CARDS_FIRST
    breakdown = score((p0, p1), (0, 0), CLAIMS)
    assert settle((20, 3), (p0, p1), breakdown, 21, CLAIMS) == (0, 21)
    assert settle((2, 3), (p0, p1), breakdown, 21, CLAIMS) == (None, 21)


def test_t10_both_out_the_target_rises_by_eleven_and_is_checked_at_once() -> None:
    """The book: "If neither claims out, and both are found to be, neither wins, and the
    game must be continued to 32 points, and so on"."""
    p0, p1 = CARDS_FIRST  # 5 and 6 points
    breakdown = score((p0, p1), (0, 0), CLAIMS)
    events: list[engine.Event] = []
    assert settle((18, 19), (p0, p1), breakdown, 21, CLAIMS, events) == (None, 32)
    assert [e.to_dict()["description"] for e in events] == [
        "Both totals reach 21: neither wins, the game now goes to 32"]
    assert settle((27, 21), (p0, p1), breakdown, 21, CLAIMS) == (0, 32)  # 32 against 27
    assert settle((28, 26), (p0, p1), breakdown, 21, CLAIMS) == (None, 43)  # 33 and 32
    events.clear()
    assert settle((38, 38), (p0, p1), breakdown, 21, CLAIMS, events) == (None, 54)
    assert [e.get("target") for e in events] == [32, 43, 54]


def test_t10_a_raised_target_is_carried_and_validated() -> None:
    state = engine.new_game(24, "twenty-one-claims")
    rng = random.Random(24)
    raised = None
    while state.status == "playing":
        state = advance(state, rng.choice(state.legal_moves()))
        if raised is None and state.target > 21:
            raised = state
    assert raised is not None and raised.to_dict()["target"] == 32
    assert State.from_dict(raised.to_dict()) == raised
    assert "target" not in engine.new_game(24, "twenty-one-claims").to_dict()
    data = raised.to_dict()
    with pytest.raises(StateError) as caught:
        State.from_dict({**data, "target": 30})
    assert caught.value.field == "target" and caught.value.rule == "T10"
    with pytest.raises(StateError, match="reach the target"):
        State.from_dict({**data, "scores": [s + 40 for s in data["scores"]]})
    twenty_one = engine.new_game(24, "twenty-one").to_dict()
    with pytest.raises(StateError, match="target"):
        State.from_dict({**twenty_one, "target": 32})


def test_claims_in_history_are_checked() -> None:
    state = engine.new_game(4, "twenty-one-claims")
    data = state.to_dict()
    data["history"] = [{"player": 0, "move": {"type": "claim", "player": 0}}]
    with pytest.raises(StateError, match="ends the game") as caught:
        State.from_dict(data)
    assert caught.value.rule == "T7"
    plain = engine.new_game(4, "standard").to_dict()
    plain["history"] = data["history"]
    with pytest.raises(StateError, match="no claims"):
        State.from_dict(plain)


# --- properties of random play ---------------------------------------------------------

SEEDS = st.integers(0, 2**63 - 1)


def _random_game(game_seed: int, variant: str, claim_odds: float = 0.0
                 ) -> tuple[State, list[engine.Event]]:
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed, variant)
    events: list[engine.Event] = []
    while state.status == "playing":
        assert set(state.legal_moves()) == reference_moves_of(state)  # same card play
        if claim_odds and rng.random() < claim_odds:
            seat = rng.randrange(2)
            right = secured(state, seat) >= state.target
            step = state.apply(claim(seat))
            assert step.state.winner == (seat if right else 1 - seat)
        else:
            step = state.apply(rng.choice(state.legal_moves()))
        events += step.events
        state = step.state
        again = State.from_dict(state.to_dict())
        assert again == state
        for seat in (0, 1):
            engine.cassino.View.from_dict(state.view(seat).to_dict())
    return state, events


@seed(21)
@settings(max_examples=12, deadline=None, database=None)
@given(SEEDS)
def test_twenty_one_games_conserve_points_and_end_at_the_count(game_seed: int) -> None:
    final, events = _random_game(game_seed, "twenty-one")
    rounds = [e.get("breakdown") for e in events if e.type == "round_scored"]
    assert sum(sum(b.totals) for b in rounds) == sum(final.scores)  # conserved per round
    for b in rounds:  # 11 a round less tied majorities, plus the net sweeps (T2)
        ps = b.players
        tied = 3 * (ps[0].cards == ps[1].cards) + (ps[0].spades == ps[1].spades)
        net = abs(ps[0].sweeps - ps[1].sweeps)
        assert sum(b.totals) == 11 - tied + net
    counted = [e.to_dict() for e in events if e.type == "count_out"]
    assert len(counted) == len(rounds)
    assert counted[-1]["winner"] == final.winner and final.scores[final.winner] >= 21
    reached = next(s for s in counted[-1]["steps"] if s["reached"])
    assert reached["player"] == final.winner
    assert all(c["winner"] is None for c in counted[:-1])


@seed(22)
@settings(max_examples=12, deadline=None, database=None)
@given(SEEDS)
def test_claims_games_validate_with_random_claims(game_seed: int) -> None:
    final, events = _random_game(game_seed, "twenty-one-claims", claim_odds=0.01)
    assert final.status == "game_over" and final.winner is not None
    if events[-2].type == "claim":
        assert final.history[-1].move.type == "claim"
    else:  # the count: one total alone at the (maybe raised) target (T9, T10)
        assert [s >= final.target for s in final.scores].count(True) == 1
        assert final.scores[final.winner] >= final.target


# --- perft (TD6: card plays only) -----------------------------------------------------


@pytest.mark.parametrize("variant", ["twenty-one", "twenty-one-claims"])
def test_perft_card_play_is_standards(variant: str) -> None:
    """TD6: perft counts card plays, which the presets leave as standard's: the same
    counts from the same deal, and through the end of a hand and its count."""
    state = engine.new_game(1, variant)
    assert [perft(state, d) for d in range(1, 6)] == PERFT["new_game(1)"][:5]
    end = engine.new_game(END_SEED, variant)
    for move_id in END_MOVES:
        end = end.apply(engine.parse_move_id(move_id)).state
    assert [perft(end, d) for d in range(1, 6)] == [1, 6, 6, 12, 168]


def perft_acting(state: State, depth: int) -> int:
    """Leaves when every acting seat's moves count, claims included."""
    if depth == 0:
        return 1
    moves = [m for seat in sorted(state.acting) for m in state.moves_for(seat)]
    if depth == 1:
        return len(moves)
    return sum(perft_acting(advance(state, m), depth - 1) for m in moves)


def test_perft_with_claims_adds_two_terminal_leaves_per_node() -> None:
    """TD6: counted with claims, each node in play adds both seats' claims, which end the
    game (a leaf only at the last ply): pinned, and equal to the card-play count plus
    twice the nodes one ply above."""
    state = engine.new_game(1, "twenty-one-claims")
    got = [perft_acting(state, d) for d in range(1, 5)]
    assert got == [7, 37, 160, 664]
    plain = [1] + [perft(state, d) for d in range(1, 5)]
    assert got == [plain[d] + 2 * plain[d - 1] for d in range(1, 5)]


def test_every_cited_rule_is_on_the_page() -> None:
    """The T and TD numbers the code cites (errors' ``rule``, docstrings) are anchors of
    docs/rules/twenty-one.md."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "rules" / "twenty-one.md").read_text(encoding="utf-8")
    cited: set[str] = set()
    for folder in ("engine", "api", "solver", "client"):
        for path in (root / folder).rglob("*.py"):
            cited.update(re.findall(r"\b(TD?\d+)\b", path.read_text(encoding="utf-8")))
    assert {"T3", "T5", "T7", "T10"} <= cited
    assert sorted(rule for rule in cited if f"{{#{rule}}}" not in page) == []
