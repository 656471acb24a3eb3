/* Canfield's web table (docs/play.md "Per-game modules"; rules /rules/canfield): the
 * foundations, the stock (or reserve), the four columns and the talon as the player sees
 * them, a card the player has not seen drawn face down (CF15, CFD11).  Click a card that
 * may be played, then its foundation or a column; or Turn, or Stop at a pass's end.  Every
 * legal move is listed too (all-moves).  A hint ranks the moves by the expected dollars
 * (CF14) and shows each one's chance of winning the bet (eleven cards up) and its
 * expected foundation cards.  The game is sealed: the page never holds a hidden card. */
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
  $("hint-equity").textContent = "Equity is the expected net dollars ($5 a foundation card less the $52) if you play the move; the bet is won with eleven cards up (CF14).";
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

  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const face = (name) => (name ? `${name.slice(0, -1)}${SUITS[name.slice(-1)]}` : "🂠");
  const red = (name) => name && "HD".includes(name.slice(-1));
  let picked = null;

  function cardEl(name, testid, pickable) {
    const attrs = { className: `card${red(name) ? " red" : ""}${name ? "" : " back"}`,
                    "data-testid": testid, text: face(name) };
    if (name) attrs["data-card"] = name;
    if (pickable) {
      attrs.role = "button";
      attrs.tabindex = 0;
    }
    return el("span", attrs);
  }

  const movesOf = (card) => state.moves.filter((m) => m.card === card);

  function pick(card) {
    picked = picked === card ? null : card;
    const only = movesOf(card);
    if (picked && only.length === 1) { picked = null; playHuman(only[0]); return; }
    render();
  }

  function drop(target) {
    if (!picked) return;
    const move = movesOf(picked).find((m) => m.target === target);
    picked = null;
    if (move) playHuman(move); else render();
  }

  function render() {
    const v = state.view;
    const free = new Set(state.moves.map((m) => m.card).filter(Boolean));
    const pile = (cards, testid) => el("div", { className: "pile", "data-testid": testid },
      cards.map((c, i) => cardEl(c, `${testid}-card`, free.has(c) && i === cards.length - 1)));
    const parts = [];
    if (v) {
      const word = v.variant === "canfield-classic" ? "Reserve" : "Stock";
      parts.push(el("div", { className: "row", "data-testid": "foundations",
                             onclick: () => drop("f") }, [el("strong", { text: `Foundations (from ${v.base}): ` }),
        ...v.foundations.map((f, s) => (f.length ? cardEl(f[f.length - 1], "foundation", false)
          : el("span", { className: "card empty", text: "SHDC"[s] })))]));
      const stockTop = v.stock.length ? [v.stock[0]] : [];
      parts.push(el("div", { className: "row" }, [
        el("strong", { text: `${word} (${v.stock.length}): ` }),
        ...stockTop.map((c) => cardEl(c, "stock-top", free.has(c))),
        el("strong", { text: ` Hand: ${v.hand.length} · Talon (${v.talon.length}): ` }),
        ...(v.talon.length ? [cardEl(v.talon[v.talon.length - 1], "talon-top", free.has(v.talon[v.talon.length - 1]))] : []),
        el("span", { text: ` Pass ${v.passes}${v.used ? ", a card used" : ""}` })]));
      parts.push(el("div", { className: "columns", "data-testid": "columns" }, v.columns.map(
        (col, j) => el("div", { className: "column", "data-testid": `column-${j}`,
                                onclick: (event) => { if (!event.target.dataset.card || !free.has(event.target.dataset.card)) drop(`c${j}`); } },
          [el("em", { text: `${j + 1}` }), pile(col, `column-${j}`)]))));
      if (picked) parts.push(el("p", { "data-testid": "picked", text: `Picked ${face(picked)}: click its foundation or a column.` }));
    }
    $("loose").replaceChildren(...parts);
    for (const node of $("loose").querySelectorAll("[data-card]")) {
      if (free.has(node.dataset.card) && node.getAttribute("role") === "button") {
        node.classList.add("free");
        node.onclick = (event) => { event.stopPropagation(); pick(node.dataset.card); };
        node.onkeydown = (event) => { if (event.key === "Enter") pick(node.dataset.card); };
      }
    }
    const button = (move, testid) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": testid, "data-move-id": move.id,
      onclick: () => playHuman(move) }, move.description || move.id));
    $("all-moves").replaceChildren(...state.moves.map((m) => button(m, `any-move-${m.id}`)));
    const result = state.view && state.view.result;
    const up = state.view ? state.view.foundations.flat().length : 0;
    $("scoreboard").textContent = result ? `${up} cards up: $${5 * up} for the $52 (net ${result.points[0]})` : "";
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
      setPhase("game-over", `Game over: ${won ? "the bet is won" : "the bet is lost"} (net $${result.points[0]}).`);
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
        `${hint.move.description || hint.move.id}: $${hint.equity} net, bet ${Math.round(100 * ((answer.solver.bet || {})[hint.move.id] || 0))}%, ${(answer.solver.cards || {})[hint.move.id]} cards`,
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

// ---- a replayed position (replay.js) ------------------------------------------------

export const replayDealt = () => "The deal.";

export function replaySeats(state) {
  return [{ groups: [state.columns.flat().map(String)], stats: `${state.hand.length} in the hand` }];
}

export function replayTable(state, t) {
  const rows = ["base", "foundations", "stock", "columns", "hand", "talon", "passes", "end"];
  return [t.el("h3", { text: "The table" }),
          t.el("dl", { className: "view", "data-testid": "replay-state" },
               rows.flatMap((key) => [t.el("dt", { text: key }),
                                      t.el("dd", { "data-field": key, text: JSON.stringify(state[key]) })]))];
}

export const replayEvents = (position) => position.events;

export const title = "Canfield";
