"""How points reach the game totals and when the game ends: one small class per
``Rules.counting`` value (R27; V1.2, V1.3; V4.2, V4.3).

:mod:`engine.cassino.play` calls the counting of the rules at two moments, and applies
the :class:`Tally` it answers (the totals, and once the game is over its winner and
value):

* :meth:`Counting.captured` after every capture: ``None`` when nothing scores during the
  hand (R27), the new totals when points are pegged as they are taken (V4.2);
* :meth:`Counting.round_end` after the round's last card, with the round's breakdown
  (R26) taken after the residue (R24).

Validation (:func:`engine.cassino.state.check_progress`) asks :meth:`Counting.check`
whether a state's totals, status, winner and game value can go together, and
:meth:`Counting.score` is the breakdown of the piles as they stand.  A new counting (say
V2's counting out) is one more subclass in :data:`COUNTINGS`.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, cast

from engine.cassino import count_out
from engine.cassino.events import Event
from engine.cassino.rules import Rules
from engine.cassino.scoring import Breakdown, card_points, least_points, scheme, score
from engine.errors import StateError, UnsupportedVariantError

__all__ = ["COUNTINGS", "CountOut", "Counting", "DealCounting", "ElevenUp", "Game", "Pegged",
           "Tally", "counting_of"]

PLAYING = "playing"  # engine.cassino.state's status names (state imports this module)


class Tally(NamedTuple):
    """What a counting makes of a moment of the game."""

    scores: tuple[int, ...]
    """The totals now."""
    winner: int | None = None
    """The winner of a finished game (``None`` also for a drawn game, V1.3)."""
    game_value: int | None = None
    """What the finished game is worth (V1.4); ``None`` while the game goes on."""
    target: int | None = None
    """A new target for the game (V2.3); ``None`` keeps it."""
    counted: bool = True
    """At a round's end: whether its breakdown entered the totals in full (it did not when
    the game ended on the way, V4.3)."""

    @property
    def over(self) -> bool:
        return self.game_value is not None


class Game(Protocol):
    """What a counting reads of a state or a view: the totals and what they come from
    (:class:`engine.cassino.state.Public` adds the table, the turn and the history)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def round(self) -> int: ...
    @property
    def captured(self) -> tuple[int, ...]: ...
    @property
    def sweeps(self) -> tuple[int, ...]: ...
    @property
    def last_capturer(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def status(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def previous_round(self) -> Breakdown | None: ...
    @property
    def target(self) -> int: ...
    @property
    def game_value(self) -> int | None: ...


def _fail(message: str, field: str, rule: str) -> StateError:
    return StateError(f"{message} ({rule})", field=field, rule=rule)


def check_playing(game: Game) -> None:
    """No result while the game is played."""
    if game.winner is not None:
        raise StateError("winner must be null while the game is playing", field="winner")
    if game.game_value is not None:
        raise StateError("game_value is given only for a finished game (V1.4)",
                         field="game_value")


def check_value(game: Game, value: int) -> None:
    """A finished game's value is what its totals make it (V1.4)."""
    if game.game_value != value:
        raise _fail(f"a finished game with scores {list(game.scores)} is worth {value}, not "
                    f"{game.game_value}", "game_value", "V1.4")


class Counting:
    """The interface every counting implements, and the ``round`` counting of R27: a
    round's points are added to the totals after the round; once a total is at
    the target, the sole leader wins (a tie at the top plays another round)."""

    name = "round"
    rule = "R27"
    ends_mid_hand = False
    """Whether a game may end with cards still in play (V4.3)."""

    def captured(self, game: Game, player: int, taken: int, swept: bool) -> Tally | None:
        """After a capture by ``player`` of ``taken`` (played card included; ``swept``: it
        cleared the table): the new totals when they change, else ``None``."""
        return None

    def round_end(self, game: Game, breakdown: Breakdown, residue: int,
                  events: list[Event] | None = None) -> Tally:
        """After the round's last card: ``game`` as it stood before the residue (R24) went
        to its last capturer, ``breakdown`` the round's points with the residue; a counting
        that tells how it counted appends to ``events`` (V2.1's ``count_out``)."""
        scores = tuple(s + t for s, t in zip(game.scores, breakdown.totals, strict=True))
        return self.settle(scores, game.target)

    def settle(self, scores: tuple[int, ...], target: int) -> Tally:
        """The sole leader at ``target`` or more wins (R27)."""
        top = max(scores)
        if top >= target and scores.count(top) == 1:
            return Tally(scores, scores.index(top), 1)
        return Tally(scores)

    def score(self, game: Game) -> Breakdown:
        """The breakdown of the capture piles as they stand (R26)."""
        return score(game.captured, game.sweeps, game.rules)

    def game_value(self, game: Game) -> int:
        """What a finished game with these totals is worth (V1.4)."""
        return 1

    def check(self, game: Game) -> None:
        """The totals, status, winner and game value go together; :class:`StateError`
        names what does not."""
        scores = game.scores
        self.check_totals(game)
        if game.status == PLAYING:
            check_playing(game)
            if self.settle(scores, game.target).over:
                raise _fail(f"scores {list(scores)} end the game: status must be game_over",
                            "status", self.rule)
            return
        result = self.settle(scores, game.target)
        if not result.over or game.winner != result.winner:
            raise _fail(self.finished(game), "winner", self.rule)
        check_value(game, self.game_value(game))

    def finished(self, game: Game) -> str:
        return (f"a finished game needs a sole leader with {game.target} or more, who is "
                f"the winner; scores are {list(game.scores)}")

    def check_totals(self, game: Game) -> None:
        """Totals that the rounds played can give (R26, R27)."""
        scores = game.scores
        least = least_points(game.rules) * (game.round - 1)
        if sum(scores) < least:
            raise _fail(f"scores {list(scores)} are too low: {game.round - 1} complete "
                        f"round(s) award at least {least} points in all (R26)", "scores",
                        self.rule)
        previous = game.previous_round
        if previous is not None and any(s < t for s, t in zip(scores, previous.totals,
                                                                strict=True)):
            raise _fail(f"scores {list(scores)} are below the points of the previous round "
                        f"{list(previous.totals)}, which are part of them", "scores",
                        self.rule)


class ElevenUp(Counting):
    """V1.2 "11 up": after each round the lower round score is taken from the higher and
    the difference goes to the higher side's total; the first total to reach 11 wins, and
    the game is worth 2 (a lurch) when the loser's total is then below 6."""

    name = "eleven_up"
    rule = "V1.2"
    lurch_below = 6
    """The loser's total under which the game is a lurch (V1.2)."""
    lurch_value = 2

    def round_end(self, game: Game, breakdown: Breakdown, residue: int,
                  events: list[Event] | None = None) -> Tally:
        totals = breakdown.totals
        top = max(totals)
        scores = game.scores
        if totals.count(top) == 1:  # equal round scores add nothing
            ahead = totals.index(top)
            scores = tuple(s + (top - min(totals) if seat == ahead else 0)
                           for seat, s in enumerate(scores))
        result = self.settle(scores, game.target)
        if result.over:
            return result._replace(game_value=self.value(scores, result.winner))
        return result

    def value(self, scores: tuple[int, ...], winner: int | None) -> int:
        losers = [s for seat, s in enumerate(scores) if seat != winner]
        return self.lurch_value if max(losers) < self.lurch_below else 1

    def game_value(self, game: Game) -> int:
        return self.value(game.scores, game.winner)

    def check_totals(self, game: Game) -> None:
        """Only one side gains in a round and the game ends when one reaches the target, so
        no other total can be there too (equal round scores add nothing: no lower bound)."""
        scores = sorted(game.scores)
        if scores[-2] >= game.target:
            raise _fail(f"scores {list(game.scores)}: only one total can reach "
                        f"{game.target}, the game ends there", "scores", self.rule)


class DealCounting(Counting):
    """V1.3 (``classic-deal``): every round is a game.  The higher round score wins it and
    the game is worth the difference; equal scores are a drawn game (no winner, value 0).
    The totals are that round's points."""

    name = "deal"
    rule = "V1.3"

    def round_end(self, game: Game, breakdown: Breakdown, residue: int,
                  events: list[Event] | None = None) -> Tally:
        return self.settle(breakdown.totals, game.target)

    def settle(self, scores: tuple[int, ...], target: int) -> Tally:
        """The result of the game whose round scored ``scores``."""
        top = max(scores)
        return Tally(scores, scores.index(top) if scores.count(top) == 1 else None,
                     top - min(scores))

    def game_value(self, game: Game) -> int:
        return max(game.scores) - min(game.scores)

    def check(self, game: Game) -> None:
        scores = game.scores
        if game.status == PLAYING:
            check_playing(game)
            if any(scores):
                raise _fail(f"scores are {list(scores)} in play, but every round is a game: "
                            "they hold the round's points once it is over", "scores",
                            self.rule)
            if game.round != 1:
                raise _fail(f"round {game.round}: every round is a game, so a game has one",
                            "round", self.rule)
            return
        result = self.settle(scores, game.target)
        if game.winner != result.winner:
            raise _fail(f"the higher round score wins, equal scores draw: scores "
                        f"{list(scores)} give winner {result.winner}", "winner", self.rule)
        check_value(game, self.game_value(game))
        previous = game.previous_round
        if previous is not None and previous.totals != scores:
            raise _fail(f"scores {list(scores)} must be the round's points "
                        f"{list(previous.totals)}", "scores", self.rule)


class Pegged(Counting):
    """V4.2, V4.3 (``spade``): every point but the majorities is scored the moment its card
    is taken or its sweep made, the residue's too (R24); the majorities (cards, 3) at the end
    of the hand, a tie scoring nothing.  The first total to reach the target (61) wins at
    once, even in the middle of the hand.  ``scores`` are running totals (V4.4)."""

    name = "pegged"
    rule = "V4.3"
    ends_mid_hand = True

    def pegs(self, rules: Rules, cards: int) -> int:
        """The points of ``cards`` that are scored the moment they are taken (V4.2)."""
        return sum(points for card, points in card_points(rules).items() if cards >> card & 1)

    def captured(self, game: Game, player: int, taken: int, swept: bool) -> Tally | None:
        points = self.pegs(game.rules, taken) + (game.rules.sweep_points if swept else 0)
        if not points:
            return None
        return self.peg(game.scores, player, points, game.target)

    def peg(self, scores: tuple[int, ...], player: int, points: int, target: int) -> Tally:
        """``points`` to ``player``; reaching ``target`` wins at once (V4.3)."""
        scores = tuple(s + points if seat == player else s for seat, s in enumerate(scores))
        return Tally(scores, player, 1) if scores[player] >= target else Tally(scores)

    def round_end(self, game: Game, breakdown: Breakdown, residue: int,
                  events: list[Event] | None = None) -> Tally:
        """The residue is pegged first (V4.2): if it wins the game, the majorities are never
        counted (``counted`` is false).  Then each majority goes to its side."""
        tally = Tally(game.scores)
        last = game.last_capturer
        if residue and last is not None:
            tally = self.peg(tally.scores, last, self.pegs(game.rules, residue), game.target)
            if tally.over:
                return tally._replace(counted=False)
        for category in scheme(game.rules).categories:
            if category.kind != "most":
                continue
            column = tuple(getattr(p.points, category.key) for p in breakdown.players)
            for seat, points in enumerate(column):
                if points and not tally.over:
                    tally = self.peg(tally.scores, seat, points, game.target)
        return tally

    def score(self, game: Game) -> Breakdown:
        """The points pegged in this hand so far: the majorities enter only with the hand's
        count (V4.4), in ``round_scored`` and ``previous_round``."""
        return score(game.captured, game.sweeps, game.rules, majorities=False)

    def check_totals(self, game: Game) -> None:
        super().check_totals(game)
        pegged = self.score(game).totals
        if any(s < t for s, t in zip(game.scores, pegged, strict=True)):
            raise _fail(f"scores {list(game.scores)} are below the points pegged in this hand "
                        f"{list(pegged)}, which are part of them (V4.4)", "scores", "V4.4")


class CountOut(Counting):
    """V2 (``twenty-one``, ``twenty-one-claims``): nothing scores during the hand; at its end
    the points count out (:mod:`engine.cassino.count_out` says how, T1-T4, T8-T10).  A claim
    (T5-T7) ends the game in play; :func:`engine.cassino.play.apply` judges it."""

    name = "count_out"
    rule = "T3"

    def round_end(self, game: Game, breakdown: Breakdown, residue: int,
                  events: list[Event] | None = None) -> Tally:
        last = game.last_capturer
        captured = tuple(pile | residue if seat == last else pile
                         for seat, pile in enumerate(game.captured))
        winner, target = count_out.settle(game.scores, captured, breakdown, game.target,
                                          game.rules, events)
        scores = tuple(s + t for s, t in zip(game.scores, breakdown.totals, strict=True))
        return Tally(scores, winner, None if winner is None else 1,
                     None if target == game.target else target)

    def check(self, game: Game) -> None:
        """The totals as R27 has them; the target, status and winner as the count or a
        claim leaves them (T3, T7-T10).  ``game`` is a whole state or view here."""
        self.check_totals(game)
        if game.status == PLAYING:
            check_playing(game)
        count_out.check_count_out(cast(count_out.Public, game))


COUNTINGS: dict[str, Counting] = {
    counting.name: counting
    for counting in (Counting(), ElevenUp(), DealCounting(), Pegged(), CountOut())}
"""Every implemented counting by its ``Rules.counting`` name."""


def counting_of(rules: Rules) -> Counting:
    """The counting of ``rules``; :class:`UnsupportedVariantError` if not implemented."""
    found = COUNTINGS.get(rules.counting)
    if found is None:
        raise UnsupportedVariantError(
            f"the {rules.counting!r} counting of {rules.name!r} is not implemented")
    if rules.players != 2 and found.name != Counting.name:
        raise UnsupportedVariantError(
            f"the {rules.counting!r} counting of {rules.name!r} is for two players; with "
            f"{rules.players} only the round counting (R27, V6.2, V7.2) is implemented")
    return found
