/* Patience Poker's web table (docs/rules/patience-poker.md, docs/play.md "Per-game
 * modules"): the seat's tableau drawn as its grid (nine by nine in the book's variants, the
 * first card in the middle; five by five in poker-squares), every place the card called may
 * go a button in its cell (PP6, PP7, PP19), the others' tableaus as the seat may see them
 * (PPD9), the count of each seat as it stands (PPD10), a hint ranking the places.  A sealed
 * game against the house in the other seats; the flow is the generic table's. */
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
  const [fewest, most] = [chosen.min_seats || chosen.seats, chosen.max_seats || chosen.seats];
  const seats = Math.min(Math.max(config.players || chosen.seats, fewest), most);  // PPD4
  const human = config.human < seats ? config.human : 0;
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
    const view = state.view;
    if (view) {
      const grids = view.tableaus.map((cells, s) => grid(view, cells, s === human ? state.moves : [], s));
      const others = grids.filter((_, s) => s !== human);
      $("loose").replaceChildren(
        el("p", { "data-testid": "called-card", text: view.card
          ? `Card ${view.called.length} of 25: ${view.card}` : "Every tableau is complete." }),
        el("p", { "data-testid": "counts", text: `Counts: ${view.scores.map((p, s) => `${s === human ? "you" : `player ${s}`} ${p}`).join(" · ")}` }),
        grids[human], ...(others.length ? [el("h3", { text: "The other tableaus" }), ...others] : []));
    }
    const button = (move, testid) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": testid, "data-move-id": move.id,
      onclick: () => playHuman(move) }, move.description || move.id));
    $("all-moves").replaceChildren(...state.moves.map((m) => button(m, `any-move-${m.id}`)));
    const result = state.view && state.view.result;
    $("scoreboard").textContent = result ? `Points: ${result.points.join(" · ")}` : "";
  }

  /** A tableau as its grid: the cards laid, and a button in each cell the card may go. */
  function grid(view, cells, moves, s) {
    const size = view.variant === "poker-squares" ? 5 : 9;
    const laid = new Map(cells.map((cell, i) => [cell, view.called[i]]));
    const places = new Map(moves.map((m) => [m.cell, m]));
    const spots = [...laid.keys(), ...places.keys()].map((c) => [Number(c[1]), Number(c[3])]);
    const rows = spots.map(([r]) => r);
    const cols = spots.map(([, c]) => c);
    const [r0, r1] = spots.length ? [Math.min(...rows), Math.max(...rows)] : [0, size - 1];
    const [c0, c1] = spots.length ? [Math.min(...cols), Math.max(...cols)] : [0, size - 1];
    const table = el("table", { className: "tableau", "data-testid": `tableau-${s}` });
    for (let r = r0; r <= r1; r += 1) {
      const tr = el("tr");
      for (let c = c0; c <= c1; c += 1) {
        const cell = `r${r}c${c}`;
        const move = places.get(cell);
        tr.append(el("td", { "data-cell": cell }, move
          ? el("button", { type: "button", className: "play", "data-testid": `place-${cell}`,
                           "data-move-id": move.id, title: move.description,
                           onclick: () => playHuman(move) }, "·")
          : (laid.get(cell) || "")));
      }
      table.append(tr);
    }
    return table;
  }

  async function nextTurn(generation) {
    state.moves = [];
    const result = state.view.result;
    if (result && result.over) {
      const won = result.winners.includes(human);
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {  // replay.js
        game: state.token, credential: state.credential, seat: human,
        names: Array.from({ length: seats }, (_, s) => (s === human ? "You" : "House")) } }));
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
    const house = Array.from({ length: seats }, (_, s) => s).filter((s) => s !== human)
      .map((player) => ({ player, bot }));
    const body = { game, variant: chosen.name, sealed: true, house, players: seats };
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

// ---- a replayed position (replay.js) ----------------------------------------------------

/** The words of the deal (move 0). */
export const replayDealt = (state, t) => `Called by ${t.seatName(state.caller).toLowerCase()}.`;

/** Each seat's tableau: its cards by row (the cells in call order). */
export function replaySeats(state) {
  return state.tableaus.map((cells) => {
    const rows = new Map();
    cells.forEach((cell, i) => {
      const r = cell.slice(0, 2);
      rows.set(r, [...(rows.get(r) || []), state.called[i]]);
    });
    return { groups: [...rows.values()], stats: `${cells.length} cards, count ${state.scores[state.tableaus.indexOf(cells)]}` };
  });
}

/** The cards called and the card to place. */
export function replayTable(state, t) {
  return [t.el("p", { "data-testid": "replay-state",
                      text: `Called: ${state.called.join(" ")}${state.card ? ` · to place: ${state.card}` : ""}` })];
}

/** Every event of the move, each by its description. */
export const replayEvents = (position) => position.events;
export const title = "Patience Poker";
