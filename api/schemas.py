"""The envelopes every game's requests and answers share (docs/api.md): the requests that
name a state, a view, a sealed game and a credential, the hint and review requests, the
evaluation and the solver's report, jobs, the catalog and errors.  Marshmallow schemas: they
validate the form of every request and document it in the OpenAPI spec.

A game's own forms (its states, views, moves, events, scores and answers) are in its folder
(``api/<game>/schemas.py``) and reach the spec through its :class:`api.served.Wire`; where
an envelope nests one (a request's ``state``), the spec lists every game's form
(:class:`api.game_schemas.GameForm`).  Nothing here names a game: what differs by game is
read from the registry (engine.games, solver.games).  Form only: the engine checks meaning
and its errors become 422 answers too.  Every field has a description and an example.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from api.features import FEATURES
from api.game_schemas import CARD_PATTERNS, GameForm, Registered, variant_names
from engine.games import engine_of, game_types, unnamed_game
from solver.games import solver_of

SEATS = validate.Range(min=0)
"""A seat number: 0 up to the variant's seats less one, which the engine checks (naming the
field), so the form holds for every variant (GET /v1/catalog: each variant's seats)."""
PER_SEAT = "one per seat, by seat number"
PER_SIDE = ("one per side, by side number (a side is the seats that score together: each "
            "seat alone, or a team in partnership; GET /v1/catalog gives each variant's "
            "`teams`)")
DEFAULT_GAME = unnamed_game().name
"""The game a request, state or view that names none is about (engine.games.unnamed_game)."""


def _house_bots() -> tuple[tuple[str, ...], dict[str, float]]:
    """Every registered game's house bots (in game order, each once) and skill levels."""
    bots: list[str] = []
    levels: dict[str, float] = {}
    for game in game_types():
        found = solver_of(game.name)
        if found is None:
            continue
        for info in game.variants:
            bots += [bot for bot in found.house.bots(info.name) if bot not in bots]
        levels.update(found.house.levels)
    return tuple(bots), levels


HOUSE_BOTS, LEVELS = _house_bots()
"""Who may play a house seat in some game, and the named skill levels with their dials."""
MIN_PLAYERS = min(info.seat_range[0] for game in game_types() for info in game.variants)
"""The fewest seats of any variant of any game (a solitaire's one); the engine checks each
variant's."""
MAX_PLAYERS = max(info.seat_range[1] for game in game_types() for info in game.variants)
"""The most seats of any variant of any game (rummy's six, RM1); the engine checks each
variant's."""
MAX_SEED = max(engine_of(game.name).max_seed for game in game_types())
"""The largest seed of any game; each game's engine checks its own."""


def _model_default() -> float:
    """The default weight of the opponent model: the first game's whose search has one
    (Cassino's two-seat search; the others refuse the field)."""
    return next(float(found.default.opponent_model) for game in game_types()
                if (found := solver_of(game.name)) is not None and found.model is not None)


MODEL_DEFAULT = _model_default()
"""A hint's ``opponent_model`` when the request sends none (docs/api.md "Hints")."""
SAFE_TEXT = ("Seeds up to 2^63 - 1 are accepted, but only those below 2^53 read exactly in "
             "JavaScript; the server never draws a larger one.")
EXAMPLE_SEED = 12345
"""The seed of the examples' first deal."""


def _examples() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """The examples of a request's state, view and record: the unnamed game's, whom a
    request that names no game is about: its default variant's first deal of
    :data:`EXAMPLE_SEED` with seat 0 dealing, seat 1's view of it, and the record of its
    first two moves (each the first listed of the first seat that may act)."""
    game = unnamed_game()
    engine = engine_of(game.name)
    state = engine.new_game(EXAMPLE_SEED, game.default_variant, 0)
    deal, view = state.to_dict(), state.view(1).to_dict()
    if engine.records is None:
        return deal, view, None
    for _ in range(2):
        state = state.apply(state.moves_for(min(state.acting))[0])[0]
    return deal, view, engine.records.to_dict(engine.records.of_state(state, None))


EXAMPLE_STATE, EXAMPLE_VIEW, EXAMPLE_RECORD = _examples()


class Int(fields.Integer):
    """A JSON integer: no strings, no floats (marshmallow's default casts them)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)


class Bool(fields.Boolean):
    """A JSON boolean: no strings, no numbers (marshmallow's default casts "yes", 1...)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _meta(description: str, example: Any) -> dict[str, Any]:
    return {"description": description, "example": example}


def game_field(description: str, **kwargs: Any) -> fields.String:
    """The name of a registered game (engine.games)."""
    return fields.String(validate=Registered(),
                         metadata=_meta(description, DEFAULT_GAME), **kwargs)


class Strict(Schema):
    """Unknown fields are errors, so a misspelt field never passes silently."""

    class Meta:
        unknown = RAISE
        ordered = True


class MoveOrId(fields.Field[Any]):
    """A move object, or a move ``id`` string in its place (docs/api.md "Moves").

    Its game reads it (api/served.py ``read_move``): the game of the state, or of the
    sealed game's token, which the schema cannot open; each names the field of any error
    (Cassino's moves are checked by its schema, api/cassino/schemas.py)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, (str, dict)):
            return value
        raise ValidationError("a move must be an object or a move id string")


# --- request bodies --------------------------------------------------------------------


TOKEN_TEXT = ("A sealed game's token: from `POST /v1/games` with `sealed`, then from each "
              "apply. Opaque: the server's key encrypts it. Only the newest token of a game "
              "is accepted.")
CREDENTIAL_TEXT = "The asking seat's credential (sealed games), from `POST /v1/games`."


def token_field(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=200_000), metadata=_meta(
        TOKEN_TEXT, "gAAAAABn...(opaque)"), **kwargs)


def credential_field() -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=100),
                         metadata=_meta(CREDENTIAL_TEXT, "0.Zk3b2mD0cXq0p7n1uJmH0Q"))


class Number(fields.Float):
    """A JSON number: no strings, no booleans (marshmallow's default casts "50")."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        return super()._deserialize(value, attr, data, **kwargs)


def opponent_model_field() -> Number:
    """A hint's or review's ``opponent_model`` (docs/api.md "Hints"): a JSON number in 0..1."""
    return Number(validate=validate.Range(min=0, max=1), allow_nan=False, metadata=_meta(
        "Cassino: the weight of the opponent model in the search of each world (0 to 1; "
        f"default {MODEL_DEFAULT:g}): the opponent's replies are valued as "
        "`1 - w` times its best reply plus `w` times the reply of a one-ply policy that "
        "does not see the asking player's hand. 0 is plain minimax: in the last batch, "
        "where every card is known, the equities are then the game's value "
        "(`solver.exact`). The N-seat search has no model (only 0 is accepted there); "
        "other games refuse the field.", 0))


class HouseSeatSchema(Strict):
    player = Int(required=True, validate=SEATS, metadata=_meta("The seat the house plays.", 1))
    bot = fields.String(load_default="solver", validate=validate.OneOf(HOUSE_BOTS),
                        metadata=_meta("Who plays it, from its own view only: `solver` (the "
                                       "default hint), a simpler bot, or a skill level "
                                       "(`beginner` to `master`, docs/ladder.md).", "solver"))
    dial = Number(validate=validate.Range(min=0, max=100), allow_nan=False, metadata=_meta(
        "Cassino only, in place of `bot`: a skill dial from 0 (random moves) to 100 (the "
        "full solver); the house plays the dial's bot (solver/cassino/levels.py, docs/ladder.md). "
        "Sending both `bot` and `dial` is a 422 naming `dial`.", 60))

    @validates_schema(pass_original=True)
    def _bot_or_dial(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if isinstance(original, Mapping) and "bot" in original and "dial" in original:
            raise ValidationError("send bot or dial, not both", field_name="dial")


class NewGameRequest(Strict):
    game = game_field("The game to start (GET /v1/catalog): by default the game whose "
                      "variant `variant` names (variant names are unique across the "
                      "catalog), else `cassino`. (In answers and other requests `game` is a "
                      "sealed game's token.)")
    variant = fields.String(validate=Registered(variant_names), metadata=_meta(
        "Rules variant of the game (GET /v1/catalog); only playable ones start. By default "
        "the game's `default_variant`: `standard` for Cassino.", "standard"))
    players = Int(validate=validate.Range(min=MIN_PLAYERS, max=MAX_PLAYERS), metadata=_meta(
        "Seats: the variant's own by default; rummy plays with 2 to 6, Conquian with 2 or "
        "3 (three at the table, the dealer sitting out of the hand, QD12), Patience Poker "
        "with 1 (the solitaire) to 8 (PPD4), Solitaire Cribbage with 1 to 4 (SC2); a "
        "Cassino variant has one number of seats, and only it is accepted.", 2))
    seed = Int(validate=validate.Range(min=0, max=MAX_SEED),
               metadata=_meta("Game seed; when omitted the server draws one below 2^53. "
                              + SAFE_TEXT, 12345))
    dealer = Int(validate=SEATS,
                            metadata=_meta("First dealer; drawn by lot when omitted (R3).", 0))
    sealed = Bool(load_default=False, metadata=_meta(
        "Answer a sealed game (a token and one credential per seat) instead of the full "
        "state: the server referees and each seat sees only its own view. For frontends "
        "whose players must not see each other's cards.", False))
    house = fields.List(fields.Nested(HouseSeatSchema),
                        metadata=_meta("Sealed games only: seats the server plays itself; "
                                       "they get no credential.", [{"player": 1}]))


class StateRequest(Strict):
    state = GameForm("state", metadata=_meta(
        "A full state (open games). Send a state, or a sealed game's `game` and "
        "`credential`.", EXAMPLE_STATE))
    game = token_field()
    credential = credential_field()


class LegalMovesRequest(StateRequest):
    player = Int(validate=SEATS, metadata=_meta(
        "Optional: the seat whose moves to list, by default the seat to move. Another seat "
        "has moves only where it may act out of turn (a claim in twenty-one-claims, T5); "
        "elsewhere asking for it is a 422 (R4). Sealed games: the credential's seat.", 0))
    risks = Bool(load_default=False, metadata=_meta(
        "Optional: also answer `risks`, for each move the sweep it leaves the next player "
        "and its exact probability from this seat's view (R13, R23; docs/api.md \"Sweep "
        "warnings\").", False))
    offset = Int(load_default=0, validate=validate.Range(min=0), metadata=_meta(
        "Optional: list the moves from this index of the whole list on (0, the first). "
        "With `limit`, a client pages through a list too long to take at once (an I Doubt "
        "It claimer has C(n, 3) x 13 claims); `count` says how many there are.", 0))
    limit = Int(validate=validate.Range(min=1), metadata=_meta(
        "Optional: list at most this many moves (by default every one from `offset`).",
        100))


class ApplyRequest(StateRequest):
    move = MoveOrId(required=True, metadata={
        "description": "The move: an object (as listed by legal-moves), or its id string.",
        "example": {"type": "capture", "card": "7S", "targets": ["5C", "2H", "7D"]}})
    player = Int(validate=SEATS, metadata=_meta(
        "Optional: the seat making the move. It must be the seat to move (R4), except for "
        "a claim, which any seat makes (T5) and which this field may name; the events are "
        "then told as that seat may see them (a deal shows its own hand only). Sealed "
        "games: the credential's seat.", 0))


class ViewRequest(StateRequest):
    player = Int(validate=SEATS, metadata=_meta(
        "Seat whose view to build: required with `state`; with a sealed game, the "
        "credential's seat (if given, it must be that seat).", 0))


class ScoreRequest(Strict):
    state = GameForm("state", metadata=_meta("A full state (or give a view).", EXAMPLE_STATE))
    view = GameForm("view", metadata=_meta("A view (capture piles are public).",
                                           EXAMPLE_VIEW))
    game = token_field()
    credential = credential_field()


# --- the catalog and errors ----------------------------------------------------------------


class DialRangeSchema(Schema):
    min = fields.Float(required=True, metadata=_meta("The weakest dial: random moves.", 0))
    max = fields.Float(required=True, metadata=_meta("The strongest: the solver.", 100))


class HouseOptionsSchema(Schema):
    bots = fields.List(fields.String(), required=True, metadata=_meta(
        "Every `bot` a house seat may be, each deciding from its own view only.",
        ["solver", "heuristic", "greedy", "random", "beginner", "master"]))
    levels = fields.List(fields.String(), required=True, metadata=_meta(
        "The skill levels among them, weakest first (docs/ladder.md); empty where the game "
        "has none yet.", ["beginner", "casual", "club", "expert", "master"]))
    dial = fields.Nested(DialRangeSchema, allow_none=True, required=True, metadata=_meta(
        "The range of `house[i].dial`, or null where the game has no dial.",
        {"min": 0, "max": 100}))
    level_dials = fields.Dict(keys=fields.String(), values=fields.Float(), metadata=_meta(
        "Each level's place on the dial (docs/ladder.md): a table marks them on its dial.",
        {"beginner": 10, "casual": 25, "club": 50, "expert": 75, "master": 100}))


class CatalogVariantSchema(Schema):
    name = fields.String(required=True, metadata=_meta(
        "The variant's name: `variant` in POST /v1/games and in states.", "standard"))
    description = fields.String(required=True, metadata=_meta(
        "What it is, in a sentence.", "Two-player Cassino."))
    seats = Int(required=True, metadata=_meta(
        "Its seats (players) at a game that names no `players`, numbered from 0.", 2))
    min_seats = Int(required=True, metadata=_meta(
        "The fewest seats a game of it may have (`players` in POST /v1/games).", 2))
    max_seats = Int(required=True, metadata=_meta(
        "The most seats a game of it may have: rummy plays with 2 to 6 (RM1), the others "
        "with `seats` exactly.", 2))
    teams = fields.List(fields.List(Int()), required=True, metadata=_meta(
        "The seats that score together at the default table (`seats`): one list per side "
        "(each seat alone unless the variant plays in partnerships).", [[0], [1]]))
    playable = fields.Boolean(required=True, metadata=_meta(
        "Whether games of it can start (POST /v1/games); the others are declared only.",
        True))
    house = fields.Nested(HouseOptionsSchema, allow_none=True, required=True, metadata=_meta(
        "What a sealed game's house seat (`house[i]` of POST /v1/games) may be; null for a "
        "variant that is not playable.", {"bots": ["solver", "greedy", "random"],
                                          "levels": [], "dial": None}))
    rules_url = fields.String(metadata=_meta(
        "Its rules page (HTML, every numbered rule an anchor); absent while it has none.",
        "/rules/standard"))


class GameTypeSchema(Schema):
    name = fields.String(required=True, validate=Registered(), metadata=_meta(
        "The game's name: `game` in POST /v1/games and in states and views.", DEFAULT_GAME))
    title = fields.String(required=True, metadata=_meta("Its name for people.", "Cassino"))
    information = fields.String(required=True, validate=validate.OneOf(
        ["perfect", "imperfect"]), metadata=_meta(
        "`imperfect`: each seat sees only its view (hidden hands, stock order).",
        "imperfect"))
    chance = fields.String(required=True, validate=validate.OneOf(
        ["deterministic", "explicit", "sampled"]), metadata=_meta(
        "`sampled`: the shuffles are chance, drawn from the game's seed.", "sampled"))
    seats = fields.List(Int(), required=True, metadata=_meta(
        "The seat counts its variants play with, ascending.", [2, 3, 4]))
    default_variant = fields.String(required=True, metadata=_meta(
        "The variant of a new game that names none.", "standard"))
    rules_url = fields.String(required=True, metadata=_meta(
        "The index of its rules pages.", "/rules"))
    features = fields.List(fields.String(validate=validate.OneOf(FEATURES)), required=True,
                           metadata=_meta(
        "What it offers beyond play (new games, legal moves, moves, views, scores), sorted; "
        "a request for a feature it lacks is a 422 naming the field that carries the game.",
        ["evaluate", "hints", "house", "sealed"]))
    variants = fields.List(fields.Nested(CatalogVariantSchema), required=True, metadata=_meta(
        "Every variant, playable or declared.", [
            {"name": "standard", "description": "Two-player Cassino.", "seats": 2,
             "teams": [[0], [1]], "playable": True, "rules_url": "/rules/standard"}]))


class CatalogResponse(Schema):
    games = fields.List(fields.Nested(GameTypeSchema), required=True, metadata=_meta(
        "Every game the server plays or declares.", [{
            "name": DEFAULT_GAME, "title": "Cassino", "information": "imperfect",
            "chance": "sampled", "seats": [2, 3, 4], "default_variant": "standard",
            "rules_url": "/rules", "features": sorted(FEATURES), "variants": [
                {"name": "standard", "description": "Two-player Cassino.", "seats": 2,
                 "teams": [[0], [1]], "playable": True, "rules_url": "/rules/standard"}]}]))


class ErrorSchema(Schema):
    code = Int(required=True, metadata=_meta("HTTP status.", 422))
    status = fields.String(required=True, metadata=_meta("HTTP status name.",
                                                         "Unprocessable Entity"))
    message = fields.String(metadata=_meta("What is wrong, naming the field, card or rule.",
                                           "to build 7 you must keep a 7 in hand (R14)"))
    field = fields.String(metadata=_meta("Path of the offending field.", "move.value"))
    rule = fields.String(metadata=_meta("Rule broken: its number in the rules page.", "R14"))
    rule_url = fields.String(metadata=_meta(
        "Where that rule is explained (`GET /rules/<variant>`), with its anchor.",
        "/rules/standard#R14"))
    token = fields.String(metadata=_meta("The offending text.", "ZZ"))
    errors = fields.Dict(metadata=_meta("Field-by-field validation errors.",
                                        {"json": {"state": {"seed": ["Missing data."]}}}))


# --- hints, evaluation and jobs ----------------------------------------------------------


class HintsRequest(Strict):
    """A view, or a state and a player (the server derives the view and looks no further)."""

    view = GameForm("view", metadata=_meta("The asking player's view.", EXAMPLE_VIEW))
    state = GameForm("state", metadata=_meta(
        "A full state: only the view of `player` is used (R29).", EXAMPLE_STATE))
    player = Int(validate=SEATS, metadata=_meta("With `state`: the asking seat.", 1))
    game = token_field()
    credential = credential_field()
    samples = Int(validate=validate.Range(min=1, max=100_000), metadata=_meta(
        "Worlds (determinizations) to search; budgets over 64 are split into jobs. The "
        "deployment caps it (`HINT_MAX_SAMPLES`, 200 by default): `solver.samples` in the "
        "answer says how many were searched, and `solver.capped` that it was cut.", 48))
    time_ms = Int(validate=validate.Range(min=1, max=600_000), metadata=_meta(
        "Time budget in milliseconds (answers then depend on the machine); capped by the "
        "deployment (`HINT_MAX_TIME_MS`, 3000 by default; `solver.capped` says so).", 200))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of the world sampler: the same view, seed and options give the same answer. "
        + SAFE_TEXT, 0))
    top = Int(validate=validate.Range(min=1, max=1000),
              metadata=_meta("How many moves to return (all by default).", 3))
    opponent_model = opponent_model_field()
    async_ = Bool(data_key="async", load_default=False, metadata=_meta(
        "Answer 202 with a job at once instead of waiting.", False))


class EvaluationSchema(Schema):
    equity = fields.Float(required=True, metadata=_meta(
        "Expected round points of the asking seat's side less the mean of the other "
        "sides' (two seats: asking player minus opponent; partnership: the team margin).",
        1.84))
    stderr = fields.Float(metadata=_meta("Standard error of the equity.", 0.21))
    expected_points = fields.List(fields.Float(), required=True, metadata=_meta(
        f"Expected round points, {PER_SEAT}: each seat its side's (partners alike).",
        [5.9, 4.1]))


class SolverMetaSchema(Schema):
    class Meta:
        unknown = INCLUDE

    algorithm = fields.String(required=True, metadata=_meta("Search used.", "pimc-alphabeta"))
    samples = Int(required=True, metadata=_meta("Worlds searched.", 48))
    elapsed_ms = fields.Float(required=True, metadata=_meta("Search time.", 143.0))
    cached = fields.Boolean(required=True, metadata=_meta("Served from the cache.", False))
    nodes = Int(metadata=_meta("Search nodes visited.", 30000))
    seed = Int(metadata=_meta("Seed of the world sampler.", 0))
    capped = fields.Dict(keys=fields.String(), values=Int(), metadata=_meta(
        "The request's budget fields the deployment cut, each with the cap it was cut to: "
        "`samples` past `HINT_MAX_SAMPLES` (200 by default), `time_ms` past "
        "`HINT_MAX_TIME_MS` (3000 by default); absent when nothing was cut.",
        {"samples": 200}))
    exact = fields.Boolean(metadata=_meta(
        "Cassino: the values are the game's value: every hidden card known (one world), "
        "searched to the round's end by minimax with no opponent model (the last batch "
        "with `opponent_model` 0; in partnership team against team, in three-hand the "
        "asking player against the two others together). Conquian and rummy: every world "
        "was searched to the hand's end.", False))
    opponent_model = fields.Float(metadata=_meta(
        "Cassino: the opponent model's weight the search applied (0: none, plain "
        "minimax; 0 wherever the search has no model: N seats, `draw` while the stock "
        "lasts).", 0.25))


class EvaluateResponse(Schema):
    player = Int(required=True, metadata=_meta("The asking seat.", 0))
    evaluation = fields.Nested(EvaluationSchema, required=True, metadata=_meta(
        "The position's value for the asking player.",
        {"equity": 1.84, "expected_points": [5.9, 4.1]}))
    solver = fields.Nested(SolverMetaSchema, required=True, metadata=_meta(
        "How the answer was found.", {"algorithm": "pimc-alphabeta", "samples": 48,
                                      "elapsed_ms": 143.0, "cached": False}))


JOB_EXAMPLE = "j5f1c0e2a9b7d4c3e8f6a1b2c3d4e5f60"
"""A job id as the server makes them: ``j`` and 128 random bits in hex."""


class JobRefSchema(Schema):
    id = fields.String(required=True, metadata=_meta("Job id.", JOB_EXAMPLE))
    status = fields.String(required=True, validate=validate.OneOf(
        ["queued", "started", "finished", "failed"]), metadata=_meta("Job status.", "queued"))
    url = fields.String(required=True, metadata=_meta("Where to poll.", f"/v1/jobs/{JOB_EXAMPLE}"))


class JobAcceptedResponse(Schema):
    job = fields.Nested(JobRefSchema, required=True, metadata=_meta(
        "The job computing the answer.", {"id": JOB_EXAMPLE, "status": "queued",
                                          "url": f"/v1/jobs/{JOB_EXAMPLE}"}))
    capped = fields.Dict(keys=fields.String(), values=Int(), metadata=_meta(
        "As `solver.capped`: the budget fields the deployment cut, with their caps.",
        {"samples": 200}))


class ProgressSchema(Schema):
    done = Int(required=True, metadata=_meta("Worlds searched so far.", 24))
    total = Int(required=True, metadata=_meta("Worlds in the budget.", 48))


class JobSchema(Schema):
    id = fields.String(required=True, metadata=_meta("Job id.", JOB_EXAMPLE))
    status = fields.String(required=True, validate=validate.OneOf(
        ["queued", "started", "finished", "failed"]), metadata=_meta("Job status.", "started"))
    progress = fields.Nested(ProgressSchema, required=True, metadata=_meta(
        "Worlds done and in all.", {"done": 24, "total": 48}))
    result = fields.Dict(metadata=_meta("The hints (or evaluation) answer when finished.",
                                        None))
    error = fields.String(metadata=_meta("Why the job failed.", "the job failed"))


# --- game records, replays and reviews (api/records.py) ----------------------------------


class RecordField(fields.Dict):
    """A game record (docs/api.md "Game records"): its form is the engine's to check
    (every move replayed), so any field it names is reported by the engine."""


class RecordRequest(Strict):
    state = GameForm("state", "records", metadata=_meta(
        "An open game's full state. Its `history` holds its own deal's moves only: past "
        "the first deal, send the record of the earlier deals as `record` too.",
        EXAMPLE_STATE))
    record = RecordField(metadata=_meta(
        "With `state`: the record of the game before the state's deal (or any part of the "
        "game up to the state); the state's history extends it.", EXAMPLE_RECORD))
    game = token_field()
    credential = credential_field()


class RecordResponse(Schema):
    record = RecordField(required=True, metadata=_meta(
        "The whole game so far: variant, seed, first dealer, each deal's moves in order "
        "and, once the game is over, its result.", EXAMPLE_RECORD))


class ReplayRequest(Strict):
    record = RecordField(required=True, metadata=_meta("The record to replay.",
                                                       EXAMPLE_RECORD))


class ReviewRequest(Strict):
    record = RecordField(metadata=_meta("The game's record (or send a sealed game that is "
                                        "over).", EXAMPLE_RECORD))
    game = token_field()
    credential = credential_field()
    player = Int(validate=SEATS, metadata=_meta(
        "The seat whose moves to rate: required with `record`; with a sealed game, the "
        "credential's seat by default.", 1))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of every hint's world sampler: the same record, seat and seed give the same "
        "review. " + SAFE_TEXT, 0))
    samples = Int(validate=validate.Range(min=1, max=100_000), metadata=_meta(
        "Worlds per move (the default hint's budget when omitted), capped by "
        "`HINT_MAX_SAMPLES`.", 48))
    opponent_model = opponent_model_field()
    async_ = Bool(data_key="async", load_default=False, metadata=_meta(
        "Answer 202 with a job at once instead of waiting.", False))


class ReviewResponse(Schema):
    player = Int(required=True, metadata=_meta("The seat reviewed.", 1))
    seed = Int(required=True, metadata=_meta("Seed of the hints.", 0))
    opponent_model = fields.Float(required=True, metadata=_meta(
        "The opponent model's weight of the hints' two-seat searches (0 for N seats, "
        "whose search has none; `draw`'s horizon search while the stock lasts has none "
        "either).", 0.25))
    moves = fields.List(fields.Dict(), required=True, metadata=_meta(
        "Each of the seat's moves in order: `ply`, `round`, `deal`, the `move` and the "
        "`best` move from the seat's view then, their `equity` and `best_equity`, "
        "`points_lost`, `verdict` (best, good, inaccuracy, mistake, blunder), `forced`, "
        "the worlds searched (`samples`) and `exact` (the equities are the game's value, "
        "as a hint's `solver.exact`).",
        [{"ply": 1, "round": 1, "deal": 1, "move": {"id": "KC"}, "best": {"id": "KC"},
          "equity": 0.4, "best_equity": 0.4, "points_lost": 0.0, "verdict": "best",
          "forced": False, "samples": 48, "exact": False}]))
    summary = fields.Dict(required=True, metadata=_meta(
        "`moves` rated, total and mean `points_lost`, `accuracy` (percent rated best or "
        "good) and each verdict's `counts`.",
        {"moves": 20, "points_lost": 3.2, "mean_points_lost": 0.16, "accuracy": 85.0,
         "counts": {"best": 15, "good": 2, "inaccuracy": 2, "mistake": 1, "blunder": 0}}))
    verdicts = fields.Dict(required=True, metadata=_meta(
        "Each verdict's bound in round points lost (inclusive); past the last, a blunder.",
        {"best": 0.1, "good": 0.5, "inaccuracy": 1.0, "mistake": 2.0}))


# --- Skill levels (docs/api.md "Bot moves"): the move a bot of a level plays -------------

class BotMoveRequest(Strict):
    """A view (given, or a state and a player, or a sealed game and a credential) and the
    bot's level: a named level or a dial value (one of them; ``master`` when neither)."""

    view = GameForm("view", "bot_move", metadata=_meta("The bot's view.", EXAMPLE_VIEW))
    state = GameForm("state", "bot_move", metadata=_meta(
        "A full state: only the view of `player` is used (R29).", EXAMPLE_STATE))
    player = Int(validate=SEATS, metadata=_meta("With `state`: the bot's seat.", 1))
    game = token_field()
    credential = credential_field()
    level = fields.String(validate=validate.OneOf(list(LEVELS)), metadata=_meta(
        "A named level, weakest first: " + ", ".join(f"`{name}` (dial {dial:g})"
                                                   for name, dial in LEVELS.items())
        + " (docs/ladder.md).", "club"))
    dial = Number(validate=validate.Range(min=0, max=100), allow_nan=False,
                        metadata=_meta("A skill dial from 0 (random moves) to 100 (the full "
                                       "solver), in place of `level`.", 60))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of the bot's draws: the same view, level and seed give the same move. "
        + SAFE_TEXT, 0))




# --- why not (docs/api.md "Why not"): every game's request, the kinds-of-move answer ------

ANY_CARD = "|".join(f"(?:{pattern.strip('^$')})" for pattern in CARD_PATTERNS)
"""A card of any game's notation (each game reads its own: Cassino's R2, rummy's RM3)."""


def _any_card(description: str, example: str, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(f"^(?:{ANY_CARD})$",
                                                  error="{input!r} is not a card"),
                         metadata={**_meta(description, example), "pattern": f"^(?:{ANY_CARD})$"},
                         **kwargs)


class WhyRequest(StateRequest):
    """What a seat picks: Cassino's hand ``card`` and ``table`` cards (and a build
    ``value``); a meld game's hand ``cards`` and the ``table`` cards of a meld (or its
    number, ``meld``)."""

    state = GameForm("state", "why", metadata=_meta(
        "A full state (open games). Send a state, or a sealed game's `game` and "
        "`credential`.", EXAMPLE_STATE))
    player = Int(validate=SEATS, metadata=_meta(
        "The seat asking: by default the seat to move (open games); a sealed game's "
        "credential names it. Only its own view is read.", 0))
    card = _any_card("Cassino: the hand card picked (R6; required there).", "7S")
    cards = fields.List(_any_card("A card.", "7H"), validate=validate.Length(max=64),
                        metadata=_meta("Meld games: the hand cards picked (required there).",
                                       ["5H", "6H", "7H"]))
    table = fields.List(_any_card("A card.", "5C"), load_default=list,
                        validate=validate.Length(max=128), metadata=_meta(
        "The table cards picked: Cassino's loose cards and every card of each build picked "
        "(R8), empty for a trail; a meld game's cards of the meld the pick is meant for "
        "(Conquian: a meld to extend or borrow from, the adversary's to force on).",
        ["5C", "2H"]))
    value = Int(validate=validate.Range(min=1, max=99), metadata=_meta(
        "Cassino: optional, the build value asked about (R14).", 7))
    meld = Int(validate=validate.Range(min=0, max=999), metadata=_meta(
        "The rummy games: optional, the number of the table's meld the cards are meant for "
        "(as an addition's id names it, DP5), in place of its `table` cards.", 0))
    cell = fields.String(validate=validate.Regexp(r"^r\dc\d$"), metadata=_meta(
        "Placement games (Patience Poker): the cell asked about, r<row>c<col> (PPD1); "
        "`card` is then the card called by default.", "r4c5"))
    rank = fields.String(validate=validate.Length(max=2), metadata=_meta(
        "I Doubt It: optional, the rank a claim of the picked `cards` would name (`A`, `2` "
        "to `10`, `J`, `Q`, `K`; ID4); every rank when left out.", "J"))


class KindReasonSchema(Schema):
    type = fields.String(required=True, metadata=_meta(
        "The kind of move: `discard`, `call`, `meld`, `add` (rummy); `take`, `lay`, "
        "`discard`, `force`, `pass` (Conquian).", "meld"))
    rule = fields.String(metadata=_meta("The rule it breaks.", "DP4"))
    rule_url = fields.String(metadata=_meta("The rule's page and heading.",
                                            "/rules/double-pack-rum#DP4"))
    message = fields.String(required=True, metadata=_meta(
        "Why, in words.", "a meld has three cards or more"))


class KindsWhyResponse(Schema):
    """A meld game's why-not (engine/why.py): the legal moves of the picked cards, and for
    each kind of move they make none of, the first rule it breaks."""

    player = Int(required=True, metadata=_meta("The seat asking.", 0))
    cards = fields.List(fields.String(), required=True, metadata=_meta(
        "The hand cards picked, as the server writes them.", ["5H", "6H", "7H"]))
    table = fields.List(fields.String(), required=True, metadata=_meta(
        "The table cards picked.", []))
    legal = fields.Boolean(required=True, metadata=_meta(
        "Whether the pick makes at least one legal move.", True))
    moves = fields.List(fields.Dict(), required=True, metadata=_meta(
        "Those moves, as legal-moves lists them.", [{"type": "meld", "id": "5H+6H+7H"}]))
    reasons = fields.List(fields.Nested(KindReasonSchema), required=True, metadata=_meta(
        "For each kind of move the pick makes none of: the first rule it breaks, judged "
        "from the seat's view (off its turn: whose turn it is).", []))
    warnings = fields.List(fields.Nested(KindReasonSchema), required=True, metadata=_meta(
        "Legal moves that cost: a call over Poker Gin's limit pays a penalty (RM24).", []))
    rule = fields.String(metadata=_meta("When no move is legal: the first reason's rule.",
                                        "DP4"))
    rule_url = fields.String(metadata=_meta("When no move is legal: its page.",
                                            "/rules/double-pack-rum#DP4"))
    message = fields.String(metadata=_meta("When no move is legal: the first reason's words.",
                                           "a meld has three cards or more"))
    meld = fields.Boolean(metadata=_meta(
        "Poker Rum and Poker Gin: whether the cards are a meld of the show-down (RM9-RM11).",
        True))
    meld_rule = fields.String(metadata=_meta("When they are not: the rule.", "RM11"))
    meld_rule_url = fields.String(metadata=_meta("When they are not: the rule's page.",
                                                 "/rules/rummy#RM11"))
    meld_message = fields.String(metadata=_meta(
        "When they are not: why.", "the ace is low (A 2 3) or high (Q K A), never both"))


class DiscardRiskSchema(Schema):
    """A meld game's warning of one move (docs/api.md "Warnings"): the chance that what it
    discards lets the next player meld, counted exactly from the seat's view."""

    move = fields.String(required=True, metadata=_meta("The move's id.", "KC"))
    player = Int(required=True, allow_none=True, metadata=_meta(
        "The seat the discard is offered to (null: the move discards nothing).", 1))
    probability = fields.Float(required=True, metadata=_meta(
        "The chance it can use the card: it holds two cards that make a meld with it, or "
        "the card extends a meld on the table it may add to.", 0.1301))
    how = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["meld", "add", "extend", "short", "bury", "end", "give", "lose"]), metadata=_meta(
        "`meld`: a new meld with cards of its hand (Conquian: or borrowed, Q14); `add`: a "
        "meld on the table (Double-Pack Rum, DP5); `extend`: one of its melds (Conquian); "
        "`short`: Solitaire Cribbage, a discard far below the best in expected points, "
        "`probability` its chance of scoring less than the best is expected to; `bury` and "
        "`end`: Canfield, a card laid on one that could go to its foundation, and a stop "
        "or a pass ending while a card could still be played; `give`: Jass, a card of points "
        "thrown onto a trick the seat cannot win, `player` the seat winning it so far; "
        "`lose`: Jass, a wrong call-out, which loses the match (JD20), `player` the seat "
        "that would win it (docs/api.md).", "meld"))
    lost = fields.Float(metadata=_meta(
        "`short`: the expected points below the best discard; `give`: the points given "
        "beyond the legal card of fewest points; `lose`: the points the caller's total "
        "lacks.", 2.5))
    best = fields.String(metadata=_meta(
        "`short`: the best discard's id; `give`: the legal card of fewest points.",
        "0:5H+KD"))
    method = fields.String(required=True, validate=validate.OneOf(["exact"]), metadata=_meta(
        "How it was found: `exact` (counted over every way the hidden cards may lie).",
        "exact"))
