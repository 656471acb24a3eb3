"""Hi-Lo's rules engine, a solitaire of the tests (rules H1-H6):

* H1: twelve cards, the ace to the six of spades and of hearts, the ace low;
* H2: the pack is shuffled from the seed; its first card is turned face up, the current
  card, and the eleven others are the stock, face down;
* H3: the player calls ``high`` or ``low`` and the stock's top card is turned: a call is
  right, and scores a point, when its rank is higher (lower) than the current card's, the
  same rank scoring nothing; the card turned is the current card;
* H4: the game ends when the stock is out, after eleven calls;
* H5: ``hilo``'s result is the score, the right calls; ``hilo-eight`` is won with eight
  right calls or more (a win or a loss);
* H6: the player sees every card turned and the stock's size, not its order.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engine.errors import GameOverError, MoveFormatError, StateError
from engine.events import Event
from engine.games import Game, GameType, VariantInfo
from engine.result import Result

__all__ = ["ENGINE", "GAME", "PACK", "TARGET", "Move", "State", "View", "rank"]

NAME, MAX_SEED, TARGET = "hilo", 2**53 - 1, 8
PACK = tuple(f"{r}{s}" for s in "SH" for r in "A23456")
"""H1: the twelve cards."""
CALLS = ("high", "low")
GAME = GameType(
    name=NAME, title="Hi-Lo", information="imperfect", chance="sampled",
    default_variant=NAME, rules_page="/rules/hilo", result="score",
    variants=(VariantInfo(NAME, "One seat, eleven calls, scored (H1-H5).", 1, ((0,),), True),
              VariantInfo("hilo-eight", "Eight right calls win (H5).", 1, ((0,),), True,
                          result="win")))


def rank(card: str) -> int:
    """H1: the ace 1 to the six 6."""
    return "A23456".index(card[0]) + 1


class Move(NamedTuple):
    """H3: a call; its id is its name."""

    call: str

    @property
    def id(self) -> str:
        return self.call


@dataclass(frozen=True)
class _Game:
    variant: str
    turned: tuple[str, ...]
    """H2, H3: the cards turned, the current card last."""
    score: int
    game = NAME
    player = 0
    seats = 1

    @property
    def left(self) -> int:
        raise NotImplementedError

    @property
    def game_over(self) -> bool:
        return not self.left

    @property
    def acting(self) -> frozenset[int]:
        return frozenset() if self.game_over else frozenset({0})

    @property
    def result(self) -> Result:
        """H5: the score; in ``hilo-eight`` won from eight right calls."""
        if self.variant == NAME:
            return Result.settled(self.game_over, (self.score,))
        won = self.game_over and self.score >= TARGET
        return Result(self.game_over, (0,) if won else (), (self.score,))

    def legal_moves(self) -> list[Move]:
        return [] if self.game_over else [Move(c) for c in CALLS]

    def moves_for(self, seat: int) -> list[Move]:
        return self.legal_moves() if seat == 0 else []

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0,)

    def _json(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "turned": list(self.turned),
                "score": self.score, "result": self.result.to_dict()}


@dataclass(frozen=True)
class State(_Game):
    seed: int = 0
    stock: tuple[str, ...] = ()
    """H2: face down, top first."""

    @property
    def left(self) -> int:
        return len(self.stock)

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """H3: the call judged on the stock's top card, which becomes the current card."""
        if self.game_over:
            raise GameOverError("the game is over: the stock is out (H4)", rule="H4")
        if move not in self.legal_moves():
            raise MoveFormatError("move: high or low (H3)", field="move", rule="H3")
        card, current = self.stock[0], rank(self.turned[-1])
        right = rank(card) > current if move.call == "high" else rank(card) < current
        after = replace(self, turned=(*self.turned, card), stock=self.stock[1:],
                        score=self.score + right)
        return after, [Event.of("turn", call=move.call, card=card, right=right)]

    def view(self, player: int) -> View:
        if player != 0:
            raise StateError("player: the one seat, 0", field="player")
        return View(self.variant, self.turned, self.score, len(self.stock))

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "seed": self.seed, "stock": list(self.stock)}


@dataclass(frozen=True)
class View(_Game):
    stock_size: int = 0

    @property
    def left(self) -> int:
        return self.stock_size

    @property
    def unseen(self) -> list[str]:
        """H6: the cards of the stock, in the pack's order."""
        return [c for c in PACK if c not in self.turned]

    def refusal(self, move: Move) -> Exception | None:
        if self.game_over:
            return GameOverError("the game is over: the stock is out (H4)", rule="H4")
        return None if move in self.legal_moves() else MoveFormatError(
            "move: high or low (H3)", field="move", rule="H3")

    def resample(self, rng: random.Random) -> State:
        """H6: the stock in an order drawn from ``rng``."""
        stock = self.unseen
        rng.shuffle(stock)
        return self.with_stock(tuple(stock), rng.randrange(MAX_SEED + 1))

    def with_stock(self, stock: tuple[str, ...], seed: int = 0) -> State:
        """The whole state with the stock in the order ``stock``."""
        return State(self.variant, self.turned, self.score, seed, stock)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "player": 0, "stock_size": self.stock_size}


def _read(data: Any, cls: type[State] | type[View]) -> Any:
    if not isinstance(data, dict) or data.get("game", NAME) != NAME:
        raise StateError("a Hi-Lo state or view is expected", field="game")
    GAME.variant(data.get("variant"))
    turned, score = data.get("turned"), data.get("score")
    if not isinstance(turned, list) or not turned or not set(turned) <= set(PACK):
        raise StateError("turned: the cards turned, the pack's (H1)", field="turned")
    if not isinstance(score, int) or not 0 <= score < len(turned):
        raise StateError("score: the right calls so far (H3)", field="score")
    if cls is State:
        stock = data.get("stock")
        if not isinstance(stock, list) or sorted(turned + stock) != sorted(PACK):
            raise StateError("stock: the cards not turned (H2)", field="stock")
        return State(data["variant"], tuple(turned), score, int(data.get("seed", 0)),
                     tuple(stock))
    return View(data["variant"], tuple(turned), score, len(PACK) - len(turned))


class HiloGame(Game[State, View, Move]):
    """Hi-Lo (H1-H6)."""

    type, max_seed, turn_rule, over_rule = GAME, MAX_SEED, "H3", "H4"

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """H2: the deal from the seed."""
        GAME.variant(variant)
        if players not in (None, 1):
            raise StateError("players: a solitaire, one (H2)", field="players")
        pack = list(PACK)
        random.Random(seed).shuffle(pack)
        return State(variant, (pack[0],), 0, seed, tuple(pack[1:]))

    def read_state(self, data: Any) -> State:
        state: State = _read(data, State)
        return state

    def read_view(self, data: Any) -> View:
        view: View = _read(data, View)
        return view

    def parse_move(self, data: Any) -> Move:
        call = data.get("id", data.get("call")) if isinstance(data, dict) else data
        if call not in CALLS:
            raise MoveFormatError("move: high or low (H3)", field="move", rule="H3")
        return Move(call)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        return {"call": move.call, "id": move.id,
                "description": f"Call {move.call} on {position.turned[-1]}"}

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        return {"type": event.type, "description": f"{event.get('card')} turned", **dict(
            event.fields)}

    def seat_count(self, position: State | View) -> int:
        return 1

    def cards(self, state: State) -> Counter[str]:
        return Counter([*state.turned, *state.stock])

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """H6: the stock's cards are known, not their order."""
        return frozenset()


ENGINE = HiloGame()
