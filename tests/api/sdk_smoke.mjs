// The JavaScript client (api/static/sdk/cardgames.js) in Node against a live server:
//   node tests/api/sdk_smoke.mjs http://127.0.0.1:PORT
// prints one JSON object for tests/api/test_sdk.py to check.
import { CardGamesClient, CardGamesError, gameOf, isGame } from "../../api/static/sdk/cardgames.js";
import * as current from "../../api/static/sdk/cardgames.js";
import * as old from "../../api/static/sdk/cassino.js";

const baseUrl = process.argv[2];
const seen = []; // every answer: method, URL path, status, Location, Retry-After
const recordingFetch = async (url, init) => {
  const response = await fetch(url, init);
  seen.push({ method: init.method, path: new URL(url).pathname, status: response.status,
              location: response.headers.get("Location"),
              retry_after: response.headers.get("Retry-After"),
              content_type: init.headers["Content-Type"] ?? null });
  return response;
};

const api = new CardGamesClient({ baseUrl, fetch: recordingFetch });
const out = { baseUrl: api.baseUrl };

const variants = await api.variants();
out.variants = variants.variants.map((v) => v.name);
const catalog = await api.catalog();
out.catalog = catalog.games.map((g) => [g.name, g.variants.filter((v) => v.playable).map((v) => v.name)]);
const { state } = await api.newGame({ seed: 12345, dealer: 0 });
out.to_move = state.to_move;
const legal = await api.legalMoves({ state });
out.moves = legal.moves.map((m) => m.id);
const applied = await api.apply({ state, move: legal.moves[0].id });
out.events = applied.events.map((e) => e.type);
out.next_to_move = applied.state.to_move;
const { view } = await api.view({ state: applied.state, player: applied.state.to_move });
const score = await api.score({ view });
out.score_players = score.players.length;

// every game's answers through the same client: gameOf reads the game an answer carries
const conquian = await api.newGame({ game: "conquian", seed: 8 });
const conquianScore = await api.score({ state: conquian.state });
const rummySealed = await api.newGame({ game: "rummy", sealed: true, house: [{ player: 1 }] });
const rummyView = await api.view({ game: rummySealed.game,
                                   credential: rummySealed.credentials[0] });
out.games = [applied, score, legal, conquian, conquianScore, rummySealed, rummyView]
  .map((answer) => gameOf(answer) ?? null);
out.is_rummy = [isGame(rummyView, "rummy"), isGame(rummyView, "cassino")];

const progress = [];
const hints = await api.hints(
  { view, samples: 4, seed: 7, async: true },
  { onProgress: (p) => progress.push(p) });
out.hint_moves = hints.moves.map((h) => h.move.id);
out.hint_player = hints.player;
out.progress = progress;
const accepted = seen.find((s) => s.path === "/v1/hints");
out.hint_status = accepted.status;
out.location_seen = accepted.location;
out.retry_after_seen = accepted.retry_after;
out.polls = seen.filter((s) => s.path.startsWith("/v1/jobs/")).length;

const evaluation = await api.evaluate({ view, samples: 4, seed: 8, async: true });
out.evaluation_keys = Object.keys(evaluation).sort();

try {
  await api.apply({ state: applied.state, move: "ZZ" });
  out.error = null;
} catch (err) {
  out.error = { is_client_error: err instanceof CardGamesError,
                is_cassino_error: err instanceof old.CassinoError, is_error: err instanceof Error,
                name: err.name, code: err.code, status: err.status, message: err.message,
                field: err.field ?? null, rule: err.rule ?? null, token: err.token ?? null };
}

const aborted = new AbortController();
aborted.abort();
try {
  await api.hints({ view, samples: 4, seed: 9, async: true }, { signal: aborted.signal });
  out.abort = null;
} catch (err) {
  out.abort = err.name;
}

try {
  await api.job("no-such-job");
} catch (err) {
  out.missing_job = { code: err.code, field: err.field ?? null };
}

// the old module, /sdk/cassino.js: the same module under the old names, and it plays
out.old = { client: old.CassinoClient === CardGamesClient, error: old.CassinoError === CardGamesError,
            shared: Object.keys(current).every((name) => old[name] === current[name]),
            names: Object.keys(old).sort() };
const oldApi = new old.CassinoClient({ baseUrl });
const oldGame = await oldApi.newGame({ seed: 12345, dealer: 0 });
out.old.moves = (await oldApi.legalMoves({ state: oldGame.state })).moves.map((m) => m.id);

out.requests = seen;
console.log(JSON.stringify(out));
