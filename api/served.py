"""Every game the API serves, through one protocol (docs/architecture.md "The registry").

A game's API part (``api/<name>/``, or the registered package's ``api`` module,
engine.games.module_of) holds its :class:`ServedGame` as ``SERVED``: its engine's protocol
(engine.games.Game), its solver (solver.games.HintGame, where it has one), the wire
schemas of its states and views, the features it offers, and the few hooks where its flow
is its own (a claim any seat may make, the events of a deal, the moves of earlier deals a
token keeps).  The endpoints (api/games.py, api/sealed.py, api/hints.py) serve every game,
the first one included, by calling these; none of them names a game.
"""

from __future__ import annotations

import functools
import importlib
import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from flask_smorest import abort
from marshmallow import Schema, fields

from api.errors import about
from api.features import FEATURES
from api.limits import charge_search
from engine.errors import GameOverError, IllegalMoveError, StateError, UnsupportedVariantError
from engine.games import Game, engine_of, game_names, get_game, module_of, unnamed_game
from solver.games import HintGame, solver_of
from solver.risks import NO_RISK

__all__ = ["FEATURES", "Played", "ServedGame", "Wire", "game_of", "page", "served",
           "unnamed_form", "wires"]


def page(moves: Sequence[Any], body: Mapping[str, Any]) -> tuple[Sequence[Any], int]:
    """The moves a legal-moves request lists, ``offset`` on, at most ``limit``, and how
    many there are in all: a lazy list (I Doubt It's claims) is indexed, never listed."""
    count, offset, limit = len(moves), body.get("offset", 0), body.get("limit")
    end = count if limit is None else min(count, offset + limit)
    return moves[offset:end] if offset or end < count else moves, count


@dataclass(frozen=True)
class Wire:
    """A game's wire forms, as the spec documents them (``api/<game>/schemas.py``): its
    answers' components are named ``<prefix>StateResponse``, ``<prefix>ApplyResponse``...
    and built from these forms (api/game_responses.py), their examples the recorded answers
    of its variant ``example``; a game may write its own instead (``answers``: Cassino's,
    under the names they had when it was the only game, prefix ``""``)."""

    prefix: str
    state: type[Schema]
    view: type[Schema]
    move: type[Schema]
    event: type[Schema] | type[fields.Field[Any]]
    """Its events' form: a schema (named ``<prefix>Event`` in the spec), or a field that
    documents several (Cassino's, one schema per event type)."""
    example: str
    move_id: Mapping[str, Any] | None = None
    """The spec's form of its move ids where a move may be sent as one (``None``: as
    another game's move id, any short string)."""
    answers: Mapping[str, type[Schema]] | None = None
    """Its own answer components, by their names in the spec, in place of those built from
    its forms: ``<prefix>StateResponse``, ``<prefix>LegalMovesResponse``,
    ``<prefix>ApplyResponse``, ``<prefix>ViewResponse``, ``<prefix>HintsResponse`` and its
    :attr:`score`."""
    score: str = "GameScore"
    """The component of its ``POST /v1/score`` answer."""
    forms: Mapping[str, type[Schema]] = field(default_factory=dict)
    """The forms, by component name, of the endpoints the spec documents by the unnamed
    game's forms alone (:func:`unnamed_form`): why-not, bot moves, replays, variants."""
    engine_checks_fields: bool = False
    """Its engine refuses a field its forms lack, naming it (the API need not check first,
    :meth:`ServedGame.read_state`)."""


class Played(NamedTuple):
    """A move of an earlier deal, as a token keeps it."""

    player: int
    move: Any


class ServedGame:
    """What the API needs of one game; the defaults serve a game whose seats act one at a
    time, as the state's ``acting`` says, and whose every move is its seat's own."""

    features: ClassVar[frozenset[str]] = frozenset({"hints", "evaluate", "sealed", "house"})
    wire: ClassVar[Wire | None] = None
    """The game's wire forms in the spec (``None``: the spec does not document its own; its
    engine reads its states and views alone)."""
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """The spec's example requests of the game's variants beside the first game's own
    (api/examples.py): each variant's new game (a fixed deal), then its first position's
    legal moves, a move, a view, a score and a hint."""
    unhinted_examples: ClassVar[frozenset[str]] = frozenset()
    """Variants whose examples show no hint."""
    listed_later_examples: ClassVar[frozenset[str]] = frozenset()
    """Variants whose legal-moves example lists those after the example's move: the deal's
    are too many to show."""

    def operation_examples(self) -> Mapping[str, Mapping[str, Any]]:
        """Each operation's example request (api.examples.OPERATIONS) when this is the
        unnamed game, whose examples the spec's operations show."""
        return {}

    def __init__(self, name: str) -> None:
        self.name = name
        self.engine: Game[Any, Any, Any] = engine_of(name)
        self.solver: HintGame[Any] | None = solver_of(name)
        wire = None if self.wire is None or self.wire.engine_checks_fields else self.wire
        self._state_fields = None if wire is None else frozenset(wire.state._declared_fields)
        self._view_fields = None if wire is None else frozenset(wire.view._declared_fields)

    def offers(self, feature: str) -> bool:
        return feature in self.features

    def refuse_unless(self, feature: str, field: str, what: str) -> None:
        """A 422 naming ``field`` when this game does not offer ``feature``."""
        if feature not in self.features:
            abort(422, message=f"{field}: {what} is not offered for {self.name} games "
                               "(GET /v1/catalog lists each game's features)", field=field)

    # --- reading ------------------------------------------------------------------------

    def read_state(self, data: Any) -> Any:
        """A state from its JSON: a field its wire form lacks is refused first (a misspelt
        field never passes silently), then the engine checks it."""
        if self._state_fields is not None:
            _fields(data, self._state_fields, self.engine.type.title, "state")
        return self.engine.read_state(data)

    def read_view(self, data: Any) -> Any:
        if self._view_fields is not None:
            _fields(data, self._view_fields, self.engine.type.title, "view")
        return self.engine.read_view(data)

    def read_move(self, sent: Any) -> Any:
        """The request's move (as sent: an id or an object) as the engine reads it."""
        with about("move"):
            return self.engine.parse_move(sent)

    def new_game(self, seed: int, variant: str, dealer: int | None,
                 players: int | None) -> Any:
        return self.engine.new_game(seed, variant, dealer, players)

    def seats(self, position: Any) -> int:
        return self.engine.seat_count(position)

    # --- turns and ends -----------------------------------------------------------------

    def over(self, position: Any) -> bool:
        return bool(position.game_over)

    def over_error(self, position: Any, field: str, what: str = "no move can follow"
                   ) -> GameOverError:
        """The 409 of a move or a question once the game is over."""
        return GameOverError(f"the hand is over: {what}", field=field,
                             rule=self.engine.over_rule)

    def to_move(self, state: Any) -> int:
        """The seat a request that names none is about (its legal moves, the house's first
        searches): the first of the seats the state says may act."""
        return min(state.acting, default=0)

    def turn_error(self, state: Any, seat: int, field: str, *, listing: bool = True
                   ) -> IllegalMoveError:
        """The refusal of a seat that may not act now."""
        tail = ": legal moves are the mover's" if listing else ""
        return IllegalMoveError(f"it is player {self.to_move(state)}'s turn, not player "
                                f"{seat}'s{tail} ({self.engine.turn_rule})", field=field,
                                rule=self.engine.turn_rule)

    def open_move(self, state: Any, sent: Any, seat: int | None) -> Any:
        """An open game's move, played by ``seat`` when the request names one."""
        if seat is not None and seat not in state.acting:
            raise self.turn_error(state, seat, "player")
        return self.read_move(sent)

    def sealed_move(self, state: Any, seat: int, move: Any) -> Any:
        """A sealed game's move from the credential's seat: refused unless it may act."""
        if seat not in state.acting:
            raise self.turn_error(state, seat, "credential")
        return move

    # --- answers ------------------------------------------------------------------------

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]] | None:
        """Each of ``moves``' warning where it has one (``risks``: the meld games'
        discards, solver/risks.py; the others get :data:`solver.risks.NO_RISK`), from the
        seat's ``view``; ``None`` for a game that warns of nothing."""
        del view, moves
        return None

    def moves_answer(self, state: Any, seat: int, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /v1/legal-moves``: every legal move of ``seat`` (a page of them, with
        ``offset`` and ``limit``), in words; with ``risks`` each listed move's warning,
        from the seat's view only (:attr:`warnings`)."""
        moves, count = page(state.moves_for(seat), body)
        answer: dict[str, Any] = {"player": seat, "count": count, "moves": [
            self.engine.move_json(state, m) for m in moves]}
        risks = self.warnings(state.view(seat), list(moves)) if body.get("risks") else None
        if risks is not None:
            answer["risks"] = [{"move": m.id, **risks.get(m, NO_RISK)} for m in moves]
        return answer

    def score_answer(self, position: Any) -> dict[str, Any]:
        """``POST /v1/score``: the points per seat as they stand (``GameScore``)."""
        return {"game": self.name, "variant": position.variant,
                "game_over": position.game_over, "scores": self.scores(position)}

    def scores(self, position: Any) -> list[int]:
        """The points per seat of a state or view as they stand."""
        return list(position.result.points)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /v1/why`` of ``view``'s seat (the feature ``why``): the moves the cards
        the request picks make, or the rule each kind of move breaks."""
        del view, body
        self.refuse_unless("", "state", "why")
        raise AssertionError  # pragma: no cover - refused above

    def bot_move(self, view: Any, level: str | None, dial: float, seed: int,
                 where: str) -> dict[str, Any]:
        """``POST /v1/bot-move`` (the feature ``bot_move``): the move the house's bot at
        ``dial`` (its named ``level``'s, when one was asked) plays from ``view`` alone,
        charged as a house move; a seat with no move is refused naming ``where``."""
        house = None if self.solver is None else self.solver.house
        if house is None or house.dial_spec is None:
            self.refuse_unless("", where, "bot-move")
        assert house is not None and house.dial_spec is not None and self.solver is not None
        spec = house.dial_spec(dial)
        cost = self.house_move_cost(view.variant, spec)
        charge_search(cost, f"a bot's move counts {cost}")
        if not self.solver.moves(view):
            rule = self.engine.turn_rule
            raise IllegalMoveError(f"player {view.player} may not act now: a bot moves for a "
                                   f"seat that may ({rule})", field=where, rule=rule)
        bot = self.make_bot(spec, seed)
        named = getattr(bot, "anchor_name", None)  # a dial's bot: the anchor that chose
        move = bot.choose(view)
        out: dict[str, Any] = {"player": view.player, "dial": dial,
                               "bot": named(view) if named is not None else spec,
                               "move": self.engine.move_json(view, move)}
        if level is not None:
            out["level"] = level
        return out

    def variants_answer(self) -> dict[str, Any]:
        """``GET /v1/variants`` when this is the unnamed game: each variant's rule options
        (by default, the catalog's name, description and seats)."""
        return {"variants": [{"name": v.name, "description": v.description,
                              "players": v.seats, "playable": v.playable}
                             for v in self.engine.type.variants]}

    def search_failed(self, view: Any, error: Exception) -> None:
        """Answer a search that failed: a 500 (the server's fault, logged)."""
        del view
        abort(500, message=f"the search failed: {error}")

    # --- the house ----------------------------------------------------------------------

    def house_bots(self, variant: str) -> tuple[str, ...]:
        return () if self.solver is None else self.solver.house.bots(variant)

    def house_spec(self, seat: Mapping[str, Any], i: int, variant: str) -> str:
        """A house seat of ``POST /v1/games`` as its bot's name (a dial's: ``dial:VALUE``)."""
        house = None if self.solver is None else self.solver.house
        if "dial" in seat:
            if house is None or house.dial_spec is None:
                abort(422, message=f"house[{i}].dial: {variant} has no dial; it is played by "
                                   f"a bot: {', '.join(self.house_bots(variant))}",
                      field=f"house[{i}].dial")
            assert house is not None and house.dial_spec is not None
            return house.dial_spec(float(seat["dial"]))
        bots = self.house_bots(variant)
        if seat["bot"] not in bots:
            abort(422, message=f"house[{i}].bot: {variant} is played by {', '.join(bots)}",
                  field=f"house[{i}].bot")
        return str(seat["bot"])

    def house_step(self, state: Any, house: Mapping[int, str],
                   bot: Any) -> tuple[int, Any, bool] | None:
        """The house's next move, or ``None`` when no house seat may act: the first house
        seat among those the state says may act, its bot (``bot(spec)``) choosing from its
        view; and whether the house stops after it."""
        seat = next((s for s in sorted(state.acting) if s in house), None)
        if seat is None:
            return None
        return seat, bot(house[seat]).choose(state.view(seat)), False

    def make_bot(self, spec: str, seed: int) -> Any:
        assert self.solver is not None
        return self.solver.house.make(spec, seed)

    def first_events(self, state: Any) -> list[Any]:
        """The events a new game's seats see first (none by default)."""
        del state
        return []

    def turn_order(self, state: Any) -> Iterator[int]:
        """The seats whose turns come one after another from ``state`` on, in the order
        the rules pass the turn, told from public facts alone (who acts now, the dealer,
        the tricks played: never a card, never the time).  The house's cost counts the
        house seats at its head before the house plays (api/sealed.py ``house_run``), so
        a game whose next seat a move decides (a trick's winner leads) ends it there.  By
        default: the seat to act (:meth:`to_move`), then the turn passing to the left, seat
        to seat + 1, as in every game of the book served so far (R6, Q3, RM7); none once
        the game is over."""
        if self.over(state):
            return
        first, seats = self.to_move(state), self.seats(state)
        for turn in itertools.count():
            yield (first + turn) % seats

    def house_move_cost(self, variant: str, bot: str) -> int:
        """One house move of ``bot``, in searches (api/costs.py)."""
        del variant, bot
        return 1

    # --- the moves a token keeps ----------------------------------------------------------

    def default_past(self, state: Any) -> tuple[Any, ...] | None:
        """The earlier deals' moves of a token that lists none."""
        del state
        return ()

    def read_played(self, seat: int, move_id: str) -> Any:
        return Played(seat, self.engine.parse_move(move_id))

    def carried(self, past: tuple[Any, ...] | None, before: Any, seat: int, move: Any,
                after: Any) -> tuple[Any, ...] | None:
        """The earlier deals' moves once ``seat`` played ``move`` (a game of one deal: none)."""
        del before, seat, move, after
        return past


def _fields(data: Any, allowed: frozenset[str], title: str, what: str) -> None:
    """Refuse the first field of ``data`` that a game's ``what`` (state, view) lacks."""
    if isinstance(data, dict):
        extra = sorted(str(key) for key in data if key not in allowed)
        if extra:
            raise StateError(f"{extra[0]}: not a field of a {title} {what}", field=extra[0])


@functools.cache
def _served(name: str) -> ServedGame:
    found: ServedGame = importlib.import_module(module_of(name, "api")).SERVED
    return found


def served(name: str) -> ServedGame:
    """The API's entry of game ``name`` (a registered game)."""
    get_game(name)  # a registered game, or the refusal naming it
    return _served(name)


def game_of(data: Any, field: str = "state") -> str:
    """The game a state or view's JSON is of: its ``game``, the unnamed game's
    (engine.games.unnamed_game) when it names none."""
    unnamed = unnamed_game().name
    if not isinstance(data, dict):
        return unnamed
    name = data.get("game", unnamed)
    if not isinstance(name, str) or name not in game_names():
        raise UnsupportedVariantError(
            f"{field}.game: unknown game {name!r}; known: {', '.join(game_names())}",
            field=f"{field}.game")
    return name


def wires(feature: str | None = None) -> list[Wire]:
    """The wire forms of every registered game that declares its own (of those that offer
    ``feature``), in registry order."""
    return [entry.wire for name in game_names() if (entry := served(name)).wire is not None
            and (feature is None or entry.offers(feature))]


def unnamed_form(name: str) -> type[Schema]:
    """The unnamed game's form ``name`` (its wire's ``forms``), by which the spec documents
    an endpoint that only it offers today (``WhyRequest``, ``BotMoveResponse``, ...)."""
    wire = served(unnamed_game().name).wire
    if wire is None or name not in wire.forms:
        raise LookupError(f"the unnamed game's wire has no form {name!r}")
    return wire.forms[name]
