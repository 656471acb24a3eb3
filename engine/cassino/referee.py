"""Why a move is refused: the first rule it breaks, in words (R6-R22, R27; V1.1).

Only called for a move that :func:`engine.cassino.play.legal_moves` does not list, so the
checks may be slow and thorough; the fallback names the rule range.
"""

from __future__ import annotations

from engine.cards import RANKS, card_name, cards_of, format_cards
from engine.cassino.count_out import claims_allowed
from engine.cassino.game import partner
from engine.cassino.moves import BUILD, CAPTURE, TRAIL, Move
from engine.cassino.state import PLAYING, Full, Public
from engine.cassino.sums import split_into_groups
from engine.cassino.table import Build
from engine.errors import GameOverError, IllegalMoveError, MoveFormatError

__all__ = ["claim_refusal", "game_over", "refusal"]


def refusal(state: Full, move: Move) -> IllegalMoveError | MoveFormatError:
    """The error that says why ``move`` is not legal in ``state``."""
    try:
        _check(state, move)
    except (IllegalMoveError, MoveFormatError) as exc:
        return exc
    return IllegalMoveError(f"{move.id} is not a legal move here (R9-R22)", rule="R9-R22")


def claim_refusal(state: Public, move: Move) -> IllegalMoveError | MoveFormatError | None:
    """Why a claim (T5) cannot be made now, or ``None``: the game must be in play, the
    variant must allow claims, and the claim must name a seat."""
    if state.status != PLAYING:
        return game_over(state)
    if not claims_allowed(state.rules):
        return IllegalMoveError(f"{state.rules.name} has no claims: the game is decided only "
                                "when a hand's points are counted (R27; claims are "
                                "twenty-one-claims' T5)", field="move.type", rule="R27")
    seat = move.player
    if seat is None:
        return MoveFormatError("a claim names the seat that claims: move.player (T5)",
                               field="move.player", rule="T5")
    if not 0 <= seat < state.rules.players:
        return IllegalMoveError(f"move.player must be a seat 0..{state.rules.players - 1}, not "
                                f"{seat} (R3)", field="move.player", rule="R3")
    return None


def game_over(game: Public, field: str = "state.status") -> GameOverError:
    """The refusal of anything that needs a next move once the game (a state or a view)
    is over (R27)."""
    scores = " to ".join(str(s) for s in game.scores)
    result = f"drawn at {scores}" if game.winner is None else \
        f"player {game.winner} won {scores}"
    return GameOverError(f"the game is over: {result}; start a new game (R27)", rule="R27",
                         field=field)


def _fail(message: str, rule: str, field: str = "move") -> IllegalMoveError:
    return IllegalMoveError(f"{message} ({rule})", rule=rule, field=field)


def _check(state: Full, move: Move) -> None:
    if state.status != PLAYING:
        raise game_over(state)
    p = state.to_move
    values = state.rules.card_values()
    name = card_name(move.card)
    if not state.hands[p] >> move.card & 1:
        holder = next((q for q, hand in enumerate(state.hands) if hand >> move.card & 1), None)
        if holder is not None:
            raise _fail(f"it is player {p}'s turn, not player {holder}'s: {name} is in "
                        f"player {holder}'s hand", "R4", "move.card")
        raise _fail(f"card {name} is not in player {p}'s hand", "R6", "move.card")
    hand_after = state.hands[p] & ~(1 << move.card)
    held_after = {values[c] for c in cards_of(hand_after)} - {0}
    own = [b for b in state.builds if b.owner == p]
    targets = move.targets
    off_table = targets & ~state.table_cards
    if off_table:
        raise _fail(f"{' '.join(format_cards(off_table))} not on the table", "R11, R15",
                    "move.targets")
    used = [b for b in state.builds if b.cards & targets]
    for b in used:
        if b.cards & targets != b.cards:
            raise MoveFormatError(
                f"the build {' '.join(format_cards(b.cards))} must be named by all its cards: "
                "a build is indivisible (R8)", field="move.targets", rule="R8")
    loose = [(values[c], c) for c in cards_of(targets & state.loose)]
    cv = values[move.card]

    if move.type == TRAIL:
        if own:
            raise _fail(f"you own a build of {own[0].value}: you must capture or build, not trail",
                        "R21")
        return
    if move.type == CAPTURE:
        same_rank = state.loose & (0xF << (move.card & ~3))
        if not cv:
            if state.rules.court_captures_all:
                if used or not targets or targets != same_rank:
                    raise _fail(f"a court card takes every loose card of its rank at once, "
                                f"{name[:-1]}: "
                                f"{' '.join(format_cards(same_rank)) or 'none on the table'}",
                                "V1.1", "move.targets")
                return
            if used or len(loose) != 1 or loose[0][1] >> 2 != move.card >> 2:
                raise _fail(f"a court card captures exactly one loose card of its own rank, "
                            f"{name[:-1]}", "R10", "move.targets")
            return
        _check_no_court(loose, "R1, R11")
        wrong = [b for b in used if b.value != cv]
        if wrong:
            raise _fail(f"a build of {wrong[0].value} can be captured only by "
                        f"{_worth(wrong[0].value, values)}", "R18", "move.targets")
        if split_into_groups(loose, cv) is None:
            raise _fail(f"{' '.join(format_cards(targets & state.loose))} cannot be split into "
                        f"cards or groups worth {cv}", "R11", "move.targets")
        if state.rules.pairing_takes_all and targets & same_rank not in (0, same_rank):
            raise _fail(f"pairing takes every loose card of the rank at once: with "
                        f"{' '.join(format_cards(targets & same_rank))} take "
                        f"{' '.join(format_cards(same_rank & ~targets))} too", "V1.1",
                        "move.targets")
        _check_kept_builds(own, targets, held_after, values)
        return
    assert move.type == BUILD
    v = move.value
    if not cv:
        raise _fail(f"{name} is a court card with no value: only a numeral can build", "R14",
                    "move.card")
    if not 1 <= v <= state.rules.max_build:
        raise _fail(f"a build's value is between 1 and {state.rules.max_build}, not {v}", "R17",
                    "move.value")
    if v not in held_after:
        _check_partner_value(state, p, v, used, values)
    _check_no_court(loose, "R1, R14")
    other = [b for b in used if b.value != v]
    if len(other) > 1:
        raise _fail("a raise adds the card to one single build", "R14b", "move.targets")
    if other:
        raised = other[0]
        if not raised.single:
            raise _fail(f"the build of {raised.value} is multiple and can never be raised",
                        "R8, R14b", "move.targets")
        if raised.value + cv != v:
            raise _fail(f"{name} on the build of {raised.value} makes {raised.value + cv}, "
                        f"not {v}; loose cards cannot add to a raise", "R14b", "move.value")
        if split_into_groups(loose, v) is None:
            raise _fail(f"the loose cards used do not form groups worth {v}", "R14b",
                        "move.targets")
    else:
        if not targets:
            raise _fail("a build uses at least one table card", "R16", "move.targets")
        if split_into_groups([*loose, (cv, move.card)], v) is None:
            used_loose = " ".join(format_cards(targets & state.loose)) or "no loose cards"
            raise _fail(f"{name} and {used_loose} do not form groups worth {v}", "R14",
                        "move.targets")
    _check_kept_builds(own, targets, held_after, values)


def _check_partner_value(state: Full, player: int, v: int, used: list[Build],
                         values: tuple[int, ...]) -> None:
    """R14's retain rule, relaxed by V6.3: without a numeral of ``v`` left in hand, a build
    of ``v`` must use the partner's build of ``v`` (docs/rules/partnership.md V6.6)."""
    mate = partner(player, state.rules) if state.rules.partnerships else None
    if mate is None:
        raise _fail(f"to build {v} you must keep {_worth(v, values)} in hand", "R14",
                    "move.value")
    if any(b.owner == mate and b.value == v for b in used):
        return
    theirs = [b for b in state.builds if b.owner == mate and b.value == v]
    if theirs:
        raise _fail(f"without {_worth(v, values)} in hand you may build {v} only by adding "
                    f"to your partner's build of {v}: name its cards too", "V6.3",
                    "move.targets")
    raise _fail(f"to build {v} you must keep {_worth(v, values)} in hand, or add to a build "
                f"of {v} your partner owns on the table; a value declared by a build that is "
                "gone does not count, see V6.9", "V6.3", "move.value")


def _worth(value: int, values: tuple[int, ...]) -> str:
    """A card of ``value`` in words: ``a 7``, or with the ranks that carry a value other than
    their name, ``a K (13)``, ``an A (14)`` (V3)."""
    ranks = [RANKS[c >> 2] for c in range(0, 52, 4) if values[c] == value]
    if not ranks:
        return f"a card worth {value} (there is none)"
    if ranks == [str(value)]:
        return f"a {value}"
    return f"{'an' if ranks[0] == 'A' else 'a'} {'/'.join(ranks)} ({value})"


def _check_no_court(loose: list[tuple[int, int]], rule: str) -> None:
    for value, card in loose:
        if not value:
            raise _fail(f"{card_name(card)} is a court card with no value: it cannot be part "
                        "of a sum or a build", rule, "move.targets")


def _check_kept_builds(own: list[Build], targets: int, held_after: set[int],
                       values: tuple[int, ...]) -> None:
    for b in own:
        if not b.cards & targets and b.value not in held_after:
            raise _fail(f"you would own the build of {b.value} without "
                        f"{_worth(b.value, values)} in hand to take it", "R22")
