/* The card games API's client: one method per operation of /v1, a plain ES module with
 * no dependencies and no build step (browsers, Node 20).  Types: cardgames.d.ts, built on
 * openapi.d.ts, which `make sdk` generates from the committed openapi.json.  The old
 * names, /sdk/cassino.js with CassinoClient and CassinoError, are this same module.
 *
 *   import { CardGamesClient, CardGamesError } from "/sdk/cardgames.js";
 *   const api = new CardGamesClient();           // this page's origin; or {baseUrl: ...}
 *   const { state } = await api.newGame({ seed: 12345 });
 *   const { moves } = await api.legalMoves({ state });
 *   const hints = await api.hints({ state, player: 0 }, { onProgress: console.log });
 *
 * A sealed game (players who must not see each other's cards): the server keeps the
 * state in an encrypted token, and each seat proves itself with its credential.
 *   const { game, credentials } = await api.newGame({ sealed: true,
 *                                                     house: [{ player: 1, bot: "solver" }] });
 *   const seat = { game, credential: credentials[0] };
 *   const { view, events } = await api.view(seat);
 *   const next = await api.apply({ ...seat, move: (await api.legalMoves(seat)).moves[0].id });
 *   // next.game is the newest token: send it with every later request
 */

/** A JSON error answer of the API (or a failed job): the body's fields as properties. */
export class CardGamesError extends Error {
  /**
   * @param {object} body the error body: code, status, message, field, rule, rule_url, token
   * @param {object} [job] the job, when a hint or evaluation job failed
   */
  constructor(body, job) {
    super(body.message || `${body.code} ${body.status}`);
    this.name = "CardGamesError";
    /** The whole error body. */
    this.body = body;
    this.code = body.code;
    this.status = body.status;
    this.field = body.field;
    this.rule = body.rule;
    this.rule_url = body.rule_url;
    this.token = body.token;
    this.errors = body.errors;
    this.job = job;
  }
}

const DEFAULT_WAIT = 0.25; // seconds between polls when the answer has no Retry-After
const MAX_WAIT = 2; // seconds: the longest wait between two polls

/** Seconds to wait from a Retry-After header (seconds only), capped at MAX_WAIT. */
function retryAfter(response) {
  const raw = response.headers.get("Retry-After");
  const seconds = raw !== null && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : DEFAULT_WAIT;
  return Math.min(seconds, MAX_WAIT);
}

/** Resolves after `seconds`, or rejects with the signal's reason when it aborts. */
function sleep(seconds, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(signal.reason);
    const onAbort = () => { clearTimeout(timer); reject(signal.reason); };
    const timer = setTimeout(() => {
      if (signal) signal.removeEventListener("abort", onAbort);
      resolve();
    }, seconds * 1000);
    if (signal) signal.addEventListener("abort", onAbort, { once: true });
  });
}

export class CardGamesClient {
  /**
   * @param {object} [options]
   * @param {string} [options.baseUrl] where the API lives (the URL `/v1/...` hangs off):
   *   "" is this page's origin; a relative URL resolves against the page ("../" from
   *   /play/); required outside a browser, e.g. "http://127.0.0.1:8000"
   * @param {typeof fetch} [options.fetch] the fetch to use (default: the global one)
   */
  constructor({ baseUrl = "", fetch = globalThis.fetch } = {}) {
    const page = globalThis.location ? globalThis.location.href : undefined;
    if (!page && !/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) {
      throw new TypeError("CardGamesClient: give an absolute baseUrl outside a browser");
    }
    const base = new URL(baseUrl || "/", page).href;
    /** The API's root URL, always ending with "/". */
    this.baseUrl = base.endsWith("/") ? base : `${base}/`;
    this._fetch = (url, init) => fetch(url, init); // unbound: window.fetch needs no `this`
  }

  /**
   * An absolute URL for `path` under the API root.  Paths the server sends ("/v1/jobs/x")
   * are API paths: they stay under baseUrl, so a path prefix ("/cassino/") is kept.
   */
  url(path) {
    const root = new URL(this.baseUrl);
    if (path.startsWith("/") && !path.startsWith("//") && !path.startsWith(root.pathname)) {
      path = path.slice(1);
    }
    return new URL(path, root).href;
  }

  /** One request; resolves with `{response, body}` for 2xx, throws CardGamesError else. */
  async request(method, path, body, { signal } = {}) {
    const init = { method, signal, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await this._fetch(this.url(path), init);
    const data = await response.json().catch(() => null);
    if (!response.ok) { // the API's errors are JSON; a proxy's may not be
      const fallback = { code: response.status, status: response.statusText,
                         message: `HTTP ${response.status} ${response.statusText}`.trim() };
      throw new CardGamesError(data && typeof data === "object" ? { ...fallback, ...data } : fallback);
    }
    return { response, body: data };
  }

  async _post(path, body, options) {
    return (await this.request("POST", path, body, options)).body;
  }

  /**
   * POST, then follow a 202 answer to its job's result: poll the Location header's URL
   * (else body.job.url) every Retry-After seconds (else 0.25 s; at most 2 s).
   */
  async _solve(path, body, { signal, onProgress } = {}) {
    let { response, body: data } = await this.request("POST", path, body, { signal });
    if (response.status !== 202) return data;
    const where = response.headers.get("Location") || (data.job && data.job.url);
    if (!where) {
      throw new CardGamesError({ code: 202, status: "Accepted", message: "a 202 without a job URL" });
    }
    for (;;) {
      await sleep(retryAfter(response), signal);
      ({ response, body: data } = await this.request("GET", where, undefined, { signal }));
      if (onProgress && data.progress) onProgress({ ...data.progress });
      if (data.status === "finished") return data.result;
      if (data.status === "failed") {
        throw new CardGamesError({ code: 500, status: "Internal Server Error",
                                 message: `the ${path === "v1/reviews" ? "review" : "search"} failed: ${data.error || "no reason given"}` },
                               data);
      }
    }
  }

  /** GET /v1/catalog: every game and its variants (seats, teams, playable, rules pages). */
  catalog(options) { return this.request("GET", "v1/catalog", undefined, options).then((r) => r.body); }
  /** GET /v1/variants: every variant and its rule options. */
  variants(options) { return this.request("GET", "v1/variants", undefined, options).then((r) => r.body); }
  /** POST /v1/games: a new game, round 1 dealt. */
  newGame(body = {}, options) { return this._post("v1/games", body, options); }
  /** POST /v1/legal-moves: the legal moves of the player to move. */
  legalMoves(body, options) { return this._post("v1/legal-moves", body, options); }
  /** POST /v1/apply: play a move (object or id); the next state and the events. */
  apply(body, options) { return this._post("v1/apply", body, options); }
  /** POST /v1/view: what one player may see. */
  view(body, options) { return this._post("v1/view", body, options); }
  /** POST /v1/score: the score breakdown of the capture piles as they stand. */
  score(body, options) { return this._post("v1/score", body, options); }
  /** POST /v1/why: what a picked hand card and table cards make, or the rule against it. */
  why(body, options) { return this._post("v1/why", body, options); }
  /** POST /v1/hints: ranked moves; a 202 is followed to the job's result. */
  hints(body, options) { return this._solve("v1/hints", body, options); }
  /** POST /v1/evaluate: the position's evaluation; a 202 is followed to the result. */
  evaluate(body, options) { return this._solve("v1/evaluate", body, options); }
  /** GET /v1/jobs/{id}: a job's status, progress and, when finished, its result. */
  job(id, options) {
    return this.request("GET", `v1/jobs/${encodeURIComponent(id)}`, undefined, options).then((r) => r.body);
  }
  /** POST /v1/records: a whole game as one record (a sealed game once it is over). */
  record(body, options) { return this._post("v1/records", body, options); }
  /** POST /v1/records/replay: every position of a record, every hand shown. */
  replay(body, options) { return this._post("v1/records/replay", body, options); }
  /** POST /v1/reviews: one seat's moves rated; a 202 is followed to the job's result. */
  review(body, options) { return this._solve("v1/reviews", body, options); }
}

/** A game's name as GET /v1/catalog gives it: lower case, short.  A sealed game's `game`
 * is its token instead (far longer, mixed case), never a name; so no list of the games is
 * written here, and a game the server adds is read as any other. */
const GAME_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const isName = (game) => typeof game === "string" && GAME_NAME.test(game);
/** The game of a state or view that names none, and of a score by `players`: Cassino's,
 * whose `State` has `game` optional and whose score names no game (docs/api.md "Other
 * games"). */
const UNNAMED = "cassino";

/** The game an answer (or a state or view) is of: its own `game` when it names one (a
 * state, a view, another game's score), else its state's or view's; a Cassino score
 * (`players`) is Cassino's.  `undefined` when the answer does not say (legal moves, hints,
 * a sealed game's start): the asker knows the game it plays. */
export function gameOf(value) {
  if (value === null || typeof value !== "object") return undefined;
  if (isName(value.game)) return value.game;
  for (const key of ["state", "view"]) {
    const form = value[key];
    if (form !== null && typeof form === "object") return isName(form.game) ? form.game : UNNAMED;
  }
  return Array.isArray(value.players) ? UNNAMED : undefined;
}

/** Whether an answer is of `game`: narrows an answer of any game (docs/api.md "Other
 * games") to that game's type, e.g. `if (isGame(answer, "conquian")) answer.state`. */
export function isGame(value, game) { return gameOf(value) === game; }
