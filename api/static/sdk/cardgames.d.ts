/**
 * Types of the card games API's client (cardgames.js; its old name, cassino.js with
 * cassino.d.ts, re-exports them with CassinoClient and CassinoError as aliases).
 * Hand-written on top of openapi.d.ts, which `make sdk` generates from the committed
 * openapi.json: every request body and answer here is the spec's own type, so they change
 * with the spec.
 */
import type { components, paths } from "./openapi.js";

export type { components, paths };

/** The spec's schemas by name, e.g. `Schemas["State"]`, `Schemas["Move"]`. */
export type Schemas = components["schemas"];

type JsonRequest<O> = O extends { requestBody?: { content: { "application/json": infer B } } }
  ? B : never;
type JsonOk<O> = O extends { responses: { 200: { content: { "application/json": infer R } } } }
  ? R : never;

/** The games the API serves; an answer's type may be any game's (docs/api.md "Other games"). */
export type Game = "cassino" | "conquian" | "rummy";

/** Each game's answers, as the spec names them: Cassino's keep their names. */
export interface GameAnswers {
  cassino: Schemas["StateResponse"] | Schemas["LegalMovesResponse"] | Schemas["ApplyResponse"]
    | Schemas["ViewResponse"] | Schemas["Breakdown"] | Schemas["HintsResponse"]
    | Schemas["EvaluateResponse"];
  conquian: Schemas["ConquianStateResponse"] | Schemas["ConquianLegalMovesResponse"]
    | Schemas["ConquianApplyResponse"] | Schemas["ConquianViewResponse"] | Schemas["GameScore"]
    | Schemas["ConquianHintsResponse"] | Schemas["EvaluateResponse"];
  rummy: Schemas["RummyStateResponse"] | Schemas["RummyLegalMovesResponse"]
    | Schemas["RummyApplyResponse"] | Schemas["RummyViewResponse"] | Schemas["GameScore"]
    | Schemas["RummyHintsResponse"] | Schemas["EvaluateResponse"];
}

/** `A` if it is one of the types `U` (each assignable to the other), else never. */
type Among<A, U> = U extends unknown ? ([A] extends [U] ? ([U] extends [A] ? A : never) : never)
  : never;
/** `A`, an answer that may be any game's, narrowed to game `G`'s. */
export type OfGame<A, G extends Game> = A extends unknown ? Among<A, GameAnswers[G]> : never;

/** The game of a state or view: its `game` (Cassino's may name none). */
type GameOfForm<F> = F extends { game: "conquian" } ? "conquian"
  : F extends { game: "rummy" } ? "rummy" : "cassino";
/** The game a request is about: its state's or view's; any game for a sealed game's token. */
export type GameOfBody<B> = B extends { state: infer S } ? GameOfForm<NonNullable<S>>
  : B extends { view: infer V } ? GameOfForm<NonNullable<V>>
  : "game" extends keyof B ? Game : "cassino";
/** The game `POST /v1/games` starts: its `game`, Cassino by default. */
export type GameOfNew<B> = B extends { game: infer G extends Game } ? G : "cassino";
/** The answer of `POST <path>` to `body`: its game's when the body shows it. */
type AnswerTo<P extends keyof paths, B> = OfGame<Answer<P>, GameOfBody<B>>;

/** The game an answer (or a state or view) is of, when it says (cardgames.js). */
export function gameOf(value: unknown): Game | undefined;
/** Whether an answer is of `game`: narrows it to that game's type. */
export function isGame<A, G extends Game>(value: A, game: G): value is OfGame<A, G>;

/** The JSON body of `POST <path>`. */
export type PostBody<P extends keyof paths> = JsonRequest<paths[P]["post"]>;
/** The 200 answer of `POST <path>` (or `GET`, with `M = "get"`). */
export type Answer<P extends keyof paths, M extends "get" | "post" = "post"> = JsonOk<paths[P][M]>;

/** An error field of the spec's `Error` schema; `string | undefined` until the spec has it. */
type ErrorField<K extends string> = K extends keyof Schemas["Error"] ? Schemas["Error"][K]
  : string | undefined;

export interface ClientOptions {
  /** Where the API lives: "" (default) is the page's origin, relative URLs resolve
   * against the page; outside a browser an absolute URL such as "http://127.0.0.1:8000". */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  /** Aborts the request (and, for hints and evaluate, the polling). */
  signal?: AbortSignal;
}

export interface JobOptions extends RequestOptions {
  /** Called after each poll of a 202 answer's job with its progress (worlds done, in all). */
  onProgress?: (progress: Schemas["Progress"]) => void;
}

/** An error answer of the API (its JSON body's fields), or a failed job (`job` set). */
export class CardGamesError extends Error {
  constructor(body: Schemas["Error"], job?: Schemas["Job"]);
  readonly name: "CardGamesError";
  readonly body: Schemas["Error"];
  /** The HTTP status, e.g. 422 (500 for a failed job). */
  readonly code: Schemas["Error"]["code"];
  /** The HTTP status name, e.g. "Unprocessable Entity". */
  readonly status: Schemas["Error"]["status"];
  /** The path of the offending field in the request body, e.g. "state.hands[0][1]". */
  readonly field: ErrorField<"field">;
  /** The rule broken, e.g. "R14". */
  readonly rule: ErrorField<"rule">;
  /** Where the rule is explained. */
  readonly rule_url: ErrorField<"rule_url">;
  /** The offending text, e.g. "ZZ". */
  readonly token: ErrorField<"token">;
  /** Field-by-field validation errors (schema errors only). */
  readonly errors: ErrorField<"errors">;
  /** The job, when a hint or evaluation job failed. */
  readonly job: Schemas["Job"] | undefined;
}

export class CardGamesClient {
  constructor(options?: ClientOptions);
  /** The API's root URL, ending with "/". */
  readonly baseUrl: string;
  /** An absolute URL for a path under the API root ("v1/games", or "/v1/jobs/x"). */
  url(path: string): string;
  /** One request: `{response, body}` for a 2xx answer; throws CardGamesError otherwise. */
  request(method: "GET" | "POST", path: string, body?: unknown,
          options?: RequestOptions): Promise<{ response: Response; body: unknown }>;

  /** GET /v1/catalog: every game and its variants (seats, teams, playable, rules pages). */
  catalog(options?: RequestOptions): Promise<Answer<"/v1/catalog", "get">>;
  /** GET /v1/variants: every variant and its rule options. */
  variants(options?: RequestOptions): Promise<Answer<"/v1/variants", "get">>;
  /** POST /v1/games: a new game, round 1 dealt. */
  newGame<B extends PostBody<"/v1/games"> = {}>(
    body?: B, options?: RequestOptions): Promise<OfGame<Answer<"/v1/games">, GameOfNew<B>>>;
  /** POST /v1/legal-moves: the legal moves of the player to move. */
  legalMoves<B extends PostBody<"/v1/legal-moves">>(
    body: B, options?: RequestOptions): Promise<AnswerTo<"/v1/legal-moves", B>>;
  /** POST /v1/apply: play a move (object or id): the next state and the events. */
  apply<B extends PostBody<"/v1/apply">>(
    body: B, options?: RequestOptions): Promise<AnswerTo<"/v1/apply", B>>;
  /** POST /v1/view: what one player may see. */
  view<B extends PostBody<"/v1/view">>(
    body: B, options?: RequestOptions): Promise<AnswerTo<"/v1/view", B>>;
  /** POST /v1/score: the score breakdown of the capture piles as they stand. */
  score<B extends PostBody<"/v1/score">>(
    body: B, options?: RequestOptions): Promise<AnswerTo<"/v1/score", B>>;
  /** POST /v1/why: what a picked hand card and table cards make, or the rule against it. */
  why(body: PostBody<"/v1/why">, options?: RequestOptions): Promise<Answer<"/v1/why">>;
  /** POST /v1/hints: the moves ranked; a 202 answer is followed to the job's result. */
  hints<B extends PostBody<"/v1/hints">>(
    body: B, options?: JobOptions): Promise<AnswerTo<"/v1/hints", B>>;
  /** POST /v1/evaluate: the position's evaluation; a 202 is followed to the result. */
  evaluate(body: PostBody<"/v1/evaluate">,
           options?: JobOptions): Promise<Answer<"/v1/evaluate">>;
  /** GET /v1/jobs/{job_id}: a job's status, progress and, when finished, its result. */
  job(id: string, options?: RequestOptions): Promise<Answer<"/v1/jobs/{job_id}", "get">>;
  /** POST /v1/records: a whole game as one record (a sealed game once it is over). */
  record(body: PostBody<"/v1/records">, options?: RequestOptions): Promise<Answer<"/v1/records">>;
  /** POST /v1/records/replay: every position of a record, every hand shown. */
  replay(body: PostBody<"/v1/records/replay">,
         options?: RequestOptions): Promise<Answer<"/v1/records/replay">>;
  /** POST /v1/reviews: one seat's moves rated; a 202 is followed to the job's result. */
  review(body: PostBody<"/v1/reviews">, options?: JobOptions): Promise<Answer<"/v1/reviews">>;
}
