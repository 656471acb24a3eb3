// The client's 202 protocol and URL handling against a scripted fetch (no server, no
// waiting: setTimeout is replaced to record the delays asked).
//   node tests/api/sdk_protocol.mjs   prints one JSON object for tests/api/test_sdk.py
import { CardGamesClient, CardGamesError } from "../../api/static/sdk/cardgames.js";

const delays = [];
globalThis.setTimeout = (fn, ms) => { delays.push(ms); queueMicrotask(fn); return 0; };

/** A fetch that plays `answers` in order ([status, body, headers]) and records the calls. */
function scripted(answers) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, method: init.method, type: init.headers["Content-Type"] ?? null });
    const [status, body, headers = {}] = answers.shift();
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
  };
  return { calls, fetch };
}

const job = (status, extra = {}) => ({ id: "j1", status, progress: { done: 1, total: 2 }, ...extra });
const out = {};

// Location and Retry-After win over body.job.url and the default; waits are capped at 2 s.
{
  const { calls, fetch } = scripted([
    [202, { job: { id: "j1", status: "queued", url: "/v1/jobs/from-body" } },
     { Location: "/v1/jobs/j1", "Retry-After": "1" }],
    [200, job("started"), { "Retry-After": "30" }],
    [200, job("finished", { result: { moves: [] } })],
  ]);
  const progress = [];
  delays.length = 0;
  const api = new CardGamesClient({ baseUrl: "http://api.test:8000/cassino", fetch });
  out.headers = { result: await api.hints({ view: {} }, { onProgress: (p) => progress.push(p) }),
                  urls: calls.map((c) => `${c.method} ${c.url} ${c.type}`),
                  delays: [...delays], progress };
}

// Without the headers: body.job.url, 0.25 s; an absolute URL is kept; a failed job throws.
{
  const { calls, fetch } = scripted([
    [202, { job: { id: "j2", status: "queued", url: "/v1/jobs/j2" } }],
    [200, job("queued")],
    [200, job("failed", { error: "out of memory" })],
  ]);
  delays.length = 0;
  const api = new CardGamesClient({ baseUrl: "http://api.test:8000/cassino/", fetch });
  try {
    await api.evaluate({ view: {} });
  } catch (err) {
    out.failed = { cassino: err instanceof CardGamesError, code: err.code, message: err.message,
                   job: err.job.status, urls: calls.map((c) => c.url), delays: [...delays] };
  }
  out.urls = ["v1/games", "/v1/jobs/x", "/cassino/v1/jobs/y", "http://other.test/v1/jobs/z"]
    .map((path) => api.url(path));
}

// A non-JSON error answer (a proxy's 502 page) is still a CardGamesError.
{
  const { fetch } = scripted([[502, "<html>Bad Gateway</html>", { "Content-Type": "text/html" }]]);
  try {
    await new CardGamesClient({ baseUrl: "http://api.test", fetch }).newGame();
  } catch (err) {
    out.bad_gateway = { cassino: err instanceof CardGamesError, code: err.code, message: err.message };
  }
}

// Outside a browser a relative baseUrl is refused with a clear message.
try {
  new CardGamesClient({ baseUrl: "/api/" });
} catch (err) {
  out.relative = `${err.name}: ${err.message}`;
}

console.log(JSON.stringify(out));
