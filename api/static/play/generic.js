/* The web table of a game with no module of its own (docs/play.md "Per-game modules"):
 * every game of the catalog can be played here, the ones registered later too.  It knows
 * the protocol every game shares and nothing of any game's rules: a sealed game against
 * the house in every other seat, the seat's view as /v1/view gives it (each field, as
 * it is), its legal moves as buttons (/v1/legal-moves, each by its `description`),
 * what happened (each event's `description`, else its fields), a hint where the game
 * offers them (the catalog's `features`), and the result once the view's `result` says the
 * game is over.  play.js starts it as a game's module when game-<name>.js is missing. */
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
const byTest = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const text = (value) => (typeof value === "string" ? value : JSON.stringify(value));
const playable = (entry) => entry.variants.filter((v) => v.playable);

/** The words of an event: its own description, else its fields. */
const eventText = (event) => event.description
  || Object.entries(event).map(([key, value]) => `${key} ${text(value)}`).join(", ");

export function start(api, config, context) {
  const { entry, game } = context;
  const variants = playable(entry);
  const chosen = variants.find((v) => v.name === config.variant) || variants.find(
    (v) => v.name === entry.default_variant) || variants[0];
  const human = config.human < chosen.seats ? config.human : 0;
  const bots = (chosen.house && chosen.house.bots) || [];
  const bot = bots.includes(config.opponent) ? config.opponent : bots[0];
  const hints = (entry.features || []).includes("hints");
  const state = { token: null, credential: null, view: null, moves: [], generation: 0 };
  const seat = () => ({ game: state.token, credential: state.credential });

  for (const id of ["opponent", "others", "you", "builds", "why-not", "dial-pick", "show-round",
                    "clear-selection", "selection-moves"]) {
    const part = $(id) || byTest(id);  // the parts of the page a game's module fills
    if (part) part.style.display = "none";
  }
  $("hint-equity").textContent = "Equity is the expected result of the game for you if you play the move, as the game's hints value it.";
  $("variant-name").textContent = chosen.name;
  $("rules-link").href = `..${chosen.rules_url || entry.rules_url}`;
  $("table-title").textContent = `Your view: seat ${human}`;
  byTest("keys").textContent = "Tab and Enter reach every move.";
  fill("variant-select", variants.map((v) => v.name), chosen.name);
  fill("level-select", bots, bot);
  byTest("all-moves-details").open = true;
  $("hint-button").hidden = !hints;

  function fill(id, values, value) {
    $(id).replaceChildren(...values.map((v) => el("option", { value: v, text: v })));
    $(id).value = value;
    $(id).disabled = values.length < 2;
  }

  function setPhase(phase, status) {
    document.body.dataset.phase = phase;
    $("status").textContent = status;
    $("hint-button").disabled = phase !== "human";
  }

  function fail(err) {
    setPhase("error", "Something went wrong.");
    $("error").textContent = err.message || String(err);
    $("error").hidden = false;
  }

  function log(events) {
    for (const event of events) {
      $("log").append(el("li", { "data-testid": "log-entry", text: eventText(event) }));
    }
  }

  function render() {
    const rows = Object.entries(state.view || {}).filter(([key]) => key !== "result");
    $("loose").replaceChildren(el("dl", { className: "view", "data-testid": "view" },
      rows.flatMap(([key, value]) => [el("dt", { text: key }),
                                  el("dd", { "data-field": key, text: text(value) })])));
    const button = (move, testid) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": testid, "data-move-id": move.id,
      onclick: () => playHuman(move) }, move.description || move.id));
    $("all-moves").replaceChildren(...state.moves.map((m) => button(m, `any-move-${m.id}`)));
    const result = state.view && state.view.result;
    $("scoreboard").textContent = result ? `Points: ${result.points.join(" · ")}` : "";
  }

  async function nextTurn(generation) {
    state.moves = [];
    const result = state.view.result;
    if (result && result.over) {
      const won = result.winners.includes(human);
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {  // replay.js
        game: state.token, credential: state.credential, seat: human,
        names: Array.from({ length: chosen.seats }, (_, s) => (s === human ? "You" : "House")) } }));
      render();
      setPhase("game-over", `Game over: ${won ? "you win" : "you lose"} (points ${result.points.join(" to ")}).`);
      return;
    }
    const listed = await api.legalMoves(seat());
    if (generation !== state.generation) return;
    state.moves = listed.moves;
    render();
    setPhase("human", "Your turn: pick a move.");
  }

  async function newGame() {
    const generation = ++state.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));  // replay.js, where installed
    $("log").replaceChildren();
    $("hint-panel").hidden = true;
    setPhase("busy", "Dealing…");
    const house = Array.from({ length: chosen.seats }, (_, s) => s).filter((s) => s !== human)
      .map((player) => ({ player, bot }));
    const body = { game, variant: chosen.name, sealed: true, house };
    if (config.seed !== null) body.seed = config.seed;
    try {
      const started = await api.newGame(body);
      state.token = started.game;
      state.credential = started.credentials[human];
      const seen = await api.view(seat());
      if (generation !== state.generation) return;
      state.view = seen.view;
      log(seen.events || []);
      await nextTurn(generation);
    } catch (err) {
      fail(err);
    }
  }

  async function playHuman(move) {
    if (document.body.dataset.phase !== "human") return;
    const generation = state.generation;
    setPhase("busy", `You: ${move.description || move.id}`);
    $("hint-panel").hidden = true;
    try {
      const answer = await api.apply({ ...seat(), move: move.id });
      if (generation !== state.generation) return;
      state.token = answer.game;
      state.view = answer.view;
      log(answer.events);
      await nextTurn(generation);
    } catch (err) {
      fail(err);
    }
  }

  async function showHint() {
    if (document.body.dataset.phase !== "human") return;
    $("hint-panel").hidden = false;
    $("hint-list").replaceChildren(el("li", { "data-testid": "hint-loading", text: "Thinking…" }));
    const options = { seed: config.hintSeed };
    if (config.samples !== null) options.samples = config.samples;
    if (config.timeMs !== null) options.time_ms = config.timeMs;
    try {
      const answer = await api.hints({ ...seat(), ...options });
      const byId = new Map(state.moves.map((m) => [m.id, m]));
      $("hint-list").replaceChildren(...answer.moves.map((hint) => el("li", {
        "data-testid": "hint-row", "data-move-id": hint.move.id },
        `${hint.move.description || hint.move.id}: ${hint.equity}`,
        el("button", { type: "button", className: "link", "data-testid": "hint-play",
                       onclick: () => playHuman(byId.get(hint.move.id) || hint.move) }, "Play"))));
      $("hint-solver").textContent = `${answer.solver.algorithm}, ${answer.solver.samples} worlds`;
    } catch (err) {
      fail(err);
    }
  }

  $("new-game").addEventListener("click", newGame);
  $("hint-button").addEventListener("click", showHint);
  const restart = (key) => (event) => {
    const url = new URL(location.href);
    url.searchParams.set(key, event.target.value);
    location.assign(url.href);
  };
  $("variant-select").addEventListener("change", restart("variant"));
  $("level-select").addEventListener("change", restart("opponent"));
  newGame();
}

// ---- a replayed position (replay.js): the drawing of a game whose module draws none -----
// Each is given a full state (every hand) and replay.js's helpers `t`.

/** The words of the deal (move 0). */
export const replayDealt = (state, t) => (Number.isInteger(state.dealer)
  ? `Dealt by ${t.seatName(state.dealer).toLowerCase()}.` : "The deal.");

/** Each hand of the state's `hands`, as it lies, and its size. */
export function replaySeats(state) {
  const hands = Array.isArray(state.hands) ? state.hands : [];
  return hands.map((hand) => (Array.isArray(hand)
    ? { groups: [hand.map(String)], stats: `${hand.length} card${hand.length === 1 ? "" : "s"}` }
    : { groups: [], stats: text(hand) }));
}

/** The state's other fields, each as it is (the hands are the seats'). */
export function replayTable(state, t) {
  const rows = Object.entries(state).filter(([key]) => !["hands", "history"].includes(key));
  return [t.el("h3", { text: "The rest of the state" }),
          t.el("dl", { className: "view", "data-testid": "replay-state" },
               rows.flatMap(([key, value]) => [t.el("dt", { text: key }),
                                               t.el("dd", { "data-field": key, text: text(value) })]))];
}

/** Every event of the move, each by its description. */
export const replayEvents = (position) => position.events;
