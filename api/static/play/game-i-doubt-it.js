/* I Doubt It's web table (docs/play.md "Per-game modules", docs/rules/i-doubt-it.md): a
 * sealed game against the house in every other seat.  The seat's hand as cards to pick,
 * the rank to name and Claim (ID4), Doubt it / Pass while a claim lies face down (ID5,
 * IDD3), each hand's count and the centre's (IDD9), Why? on the picked cards (POST
 * /v1/why: the rule a claim breaks), each bluff's warning (legal-moves risks: the chance
 * another hand disproves it), hints (the best claims; for a doubt the chance the claim is
 * true), the Opponent menu (the house's levels and bots), and every legal move listed. */
import { el } from "./dom.js";

export const title = "I Doubt It";
const $ = (id) => document.getElementById(id);
const byTest = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const LISTED = 60;  // the claims listed as buttons at most: the rest by picking cards
const cardText = (card) => `${card.slice(0, -1)}${SUITS[card.slice(-1)]}`;
const red = (card) => "HD".includes(card.slice(-1));

export function start(api, config, context) {
  const { entry, game } = context;
  const variant = entry.variants.find((v) => v.playable) || entry.variants[0];
  const players = config.players && config.players >= 2 && config.players <= 10
    ? config.players : variant.seats;
  const human = config.human < players ? config.human : 0;
  const house = variant.house || {};
  const levels = Object.keys(house.levels || {});
  const choices = [...levels, ...(house.bots || [])];
  const bot = choices.includes(config.opponent) ? config.opponent : "solver";
  const features = entry.features || [];
  const state = { token: null, credential: null, view: null, moves: [], count: 0, picked: [],
                  risks: new Map(), generation: 0 };
  const seat = () => ({ game: state.token, credential: state.credential });

  for (const id of ["builds", "dial-pick", "show-round", "opponent"]) {
    const part = $(id) || byTest(id);
    if (part) part.style.display = "none";
  }
  $("hint-equity").textContent = "Equity is the move's value in cards: your hand against the others' (shedding a card is worth one).";
  $("variant-name").textContent = `${players} players`;
  $("rules-link").href = `..${entry.rules_url || "/rules/i-doubt-it"}`;
  $("table-title").textContent = "The centre";
  $("you-title").textContent = `Your hand (seat ${human})`;
  byTest("keys").textContent = "Tab and Enter reach every card and move.";
  $("variant-select").replaceChildren(el("option", { value: variant.name, text: title }));
  $("variant-select").disabled = true;
  $("level-select").replaceChildren(...choices.map((c) => el("option", { value: c, text: c })));
  $("level-select").value = bot;
  $("hint-button").hidden = !features.includes("hints");
  $("others").hidden = false;

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
      $("log").append(el("li", { "data-testid": "log-entry", text: event.description || event.type }));
    }
    $("log").scrollTop = $("log").scrollHeight;
  }

  const claiming = () => state.view && state.view.speaker === null
    && state.view.claimer === human && !state.view.result.over;
  const speaking = () => state.view && state.view.speaker === human;
  const size = () => Math.min(3, state.view.hand.length);

  function toggle(card) {
    if (!claiming()) return;
    const at = state.picked.indexOf(card);
    if (at >= 0) state.picked.splice(at, 1);
    else if (state.picked.length < size()) state.picked.push(card);
    render();
    if (state.picked.length === size()) pickedRisks(state.generation);
  }

  // The claims of a set of cards lie together in the engine's list: each set of the hand
  // (in the hand's order, as combinations come) with the thirteen ranks after it.  So the
  // picked cards' claims are one page of legal-moves, their warnings with them, and the
  // thousands of claims of a big hand are never fetched whole.
  function choose(n, k) {
    let out = 1;
    for (let i = 0; i < k; i += 1) out = (out * (n - i)) / (i + 1);
    return Math.round(out);
  }

  function claimsOffset() {
    const hand = state.view.hand;
    const at = state.picked.map((c) => hand.indexOf(c)).sort((a, b) => a - b);
    let index = 0;
    let next = 0;
    at.forEach((position, j) => {
      for (let x = next; x < position; x += 1) index += choose(hand.length - 1 - x, at.length - 1 - j);
      next = position + 1;
    });
    return index * RANKS.length;
  }

  async function pickedRisks(generation) {
    if (!features.includes("risks")) return;
    const page = await api.legalMoves({ ...seat(), risks: true, offset: claimsOffset(),
                                        limit: RANKS.length });
    if (generation !== state.generation || state.picked.length !== size()) return;
    for (const risk of page.risks || []) state.risks.set(risk.move, risk);
    render();
  }

  function claimId(rank) {
    const order = state.view.hand;
    const cards = [...state.picked].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return `claim:${cards.join(",")}:${rank}`;
  }

  function render() {
    const view = state.view;
    if (!view) return;
    $("others").replaceChildren(...view.hand_sizes.map((n, s) => el("div", {
      className: "seat", "data-testid": `seat-${s}`,
      text: `${s === human ? "You" : `Seat ${s}`}: ${n} card${n === 1 ? "" : "s"}`
        + (view.claimer === s ? (view.laid ? " · claiming" : " · to lay") : "")
        + (view.speaker === s ? " · to speak" : "") })));
    $("stock").textContent = `Centre: ${view.centre_size} face down`
      + (view.centre_known.length ? ` (yours among them: ${view.centre_known.map(cardText).join(" ")})` : "");
    $("loose").replaceChildren(el("p", { "data-testid": "claim", text: view.laid
      ? `Seat ${view.claimer} says: ${view.laid} × ${view.rank}` : "No claim on the table." }));
    $("hand").replaceChildren(...view.hand.map((card) => el("button", {
      type: "button", className: `card${red(card) ? " red" : ""}${state.picked.includes(card) ? " picked" : ""}`,
      "data-testid": `hand-card-${card}`, "aria-pressed": String(state.picked.includes(card)),
      onclick: () => toggle(card) }, cardText(card))));
    $("your-stats").textContent = `Claims so far: ${view.claims} of 100`;
    const actions = [];
    if (claiming()) {
      const select = el("select", { "data-testid": "rank-select", id: "rank-select" },
        RANKS.map((r) => el("option", { value: r, text: r })));
      if (state.rank) select.value = state.rank;
      select.addEventListener("change", () => { state.rank = select.value; });
      const ready = state.picked.length === size();
      actions.push(el("label", { text: "Name " }, select), el("button", {
        type: "button", className: "play", "data-testid": "claim-button", disabled: !ready,
        onclick: () => play(claimId(select.value)) }, `Claim ${size()} of a kind`));
      if (features.includes("why")) {
        actions.push(el("button", { type: "button", className: "link", "data-testid": "why-button",
          onclick: whyNot }, "Why?"));
      }
      if (ready) {
        const risk = state.risks.get(claimId(select.value));
        if (risk && risk.probability > 0) {
          actions.push(el("p", { "data-testid": "risk", text: `A bluff: another hand disproves it ${Math.round(100 * risk.probability)}% of the time.` }));
        }
      }
    } else if (speaking()) {
      for (const id of ["doubt", "pass"]) {
        actions.push(el("button", { type: "button", className: "play", "data-testid": `${id}-button`,
          onclick: () => play(id) }, id === "doubt" ? "I doubt it" : "Pass"));
      }
    }
    $("selection-moves").replaceChildren(...actions);
    $("selection-text").textContent = claiming() ? `Picked: ${state.picked.map(cardText).join(" ") || "none"}` : "";
    const more = state.count > state.moves.length ? [el("li", { "data-testid": "more-moves",
      text: `… ${state.count.toLocaleString("en")} claims in all: pick the cards and name the rank.` })] : [];
    $("all-moves").replaceChildren(...state.moves.map((m) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": `any-move-${m.id}`, "data-move-id": m.id,
      onclick: () => play(m.id) }, m.description || m.id))), ...more);
    const result = view.result;
    $("scoreboard").textContent = result.over ? `Chips: ${result.points.join(" · ")}` : "";
  }

  async function nextTurn(generation) {
    state.moves = [];
    state.count = 0;
    state.picked = [];
    $("why-not").hidden = true;
    const result = state.view.result;
    if (result.over) {
      render();
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {
        game: state.token, credential: state.credential, seat: human,
        names: Array.from({ length: players }, (_, s) => (s === human ? "You" : `Seat ${s}`)) } }));
      const won = result.winners.includes(human);
      setPhase("game-over", `Game over: ${won ? "you win" : `seat ${result.winners[0]} wins`} (chips ${result.points.join(" · ")}).`);
      return;
    }
    const listed = await api.legalMoves({ ...seat(), limit: LISTED });
    if (generation !== state.generation) return;
    state.moves = listed.moves;
    state.count = listed.count;
    state.risks = new Map();
    render();
    setPhase("human", claiming() ? "Your turn: pick cards, name a rank, claim." : "A claim lies face down: doubt it or pass.");
  }

  async function newGame() {
    const generation = ++state.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));
    $("log").replaceChildren();
    $("hint-panel").hidden = true;
    setPhase("busy", "Dealing…");
    const seats = Array.from({ length: players }, (_, s) => s).filter((s) => s !== human)
      .map((player) => ({ player, bot }));
    const body = { game, variant: variant.name, players, sealed: true, house: seats };
    if (players !== variant.seats || config.dealer !== null) body.dealer = config.dealer ?? players - 1;
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

  async function play(moveId) {
    if (document.body.dataset.phase !== "human") return;
    const generation = state.generation;
    setPhase("busy", "…");
    $("hint-panel").hidden = true;
    try {
      const answer = await api.apply({ ...seat(), move: moveId });
      if (generation !== state.generation) return;
      state.token = answer.game;
      state.view = answer.view;
      log(answer.events);
      await nextTurn(generation);
    } catch (err) {
      fail(err);
    }
  }

  async function whyNot() {
    if (!state.view) return;
    const body = { ...seat(), cards: state.picked };
    const rank = $("rank-select");
    if (rank && state.picked.length) body.rank = rank.value;
    try {
      const answer = await api.why(body);
      const lines = answer.legal ? answer.moves.map((m) => `Legal: ${m.description}`)
        : (answer.reasons || []).map((r) => `${r.type}: ${r.message}`);
      if (!lines.length && answer.message) lines.push(answer.message);
      $("why-not").hidden = false;
      $("why-not").replaceChildren(...lines.map((line) => el("p", { "data-testid": "why-row", text: line })));
    } catch (err) {
      fail(err);
    }
  }

  async function showHint() {
    if (document.body.dataset.phase !== "human") return;
    $("hint-panel").hidden = false;
    $("hint-list").replaceChildren(el("li", { "data-testid": "hint-loading", text: "Thinking…" }));
    const options = { seed: config.hintSeed, top: 5 };
    if (config.samples !== null) options.samples = config.samples;
    if (config.timeMs !== null) options.time_ms = config.timeMs;
    try {
      const answer = await api.hints({ ...seat(), ...options });
      const listed = new Set(state.moves.map((m) => m.id));  // the hinted claims listed too
      state.moves = [...state.moves, ...answer.moves.map((h) => h.move).filter((m) => !listed.has(m.id))];
      render();
      $("hint-list").replaceChildren(...answer.moves.map((hint) => el("li", {
        "data-testid": "hint-row", "data-move-id": hint.move.id },
        `${hint.move.description || hint.move.id}: ${hint.equity}`,
        el("button", { type: "button", className: "link", "data-testid": "hint-play",
                       onclick: () => play(hint.move.id) }, "Play"))));
      const p = answer.solver.claim_true;
      $("hint-solver").textContent = `${answer.solver.algorithm}, ${answer.solver.samples} worlds`
        + (p === null || p === undefined ? "" : `; the claim is true ${Math.round(100 * p)}% of the time`);
    } catch (err) {
      fail(err);
    }
  }

  $("new-game").addEventListener("click", newGame);
  $("hint-button").addEventListener("click", showHint);
  $("clear-selection").addEventListener("click", () => { state.picked = []; render(); });
  $("level-select").addEventListener("change", (event) => {
    const url = new URL(location.href);
    url.searchParams.set("opponent", event.target.value);
    location.assign(url.href);
  });
  newGame();
}

// ---- a replayed position (replay.js) ------------------------------------------------------

export const replayDealt = (state, t) => `Dealt by ${t.seatName(state.dealer).toLowerCase()}.`;

export function replaySeats(state) {
  return state.hands.map((hand) => ({ groups: [hand], stats: `${hand.length} card${hand.length === 1 ? "" : "s"}` }));
}

export function replayTable(state, t) {
  const claim = state.laid ? `Seat ${state.claimer} claims ${state.laid} × ${state.rank}: ${state.claim.join(" ")}` : "No claim on the table.";
  return [t.el("h3", { text: "The centre" }),
          t.el("p", { "data-testid": "replay-centre", text: `${state.centre.length} face down: ${state.centre.join(" ")}` }),
          t.el("p", { "data-testid": "replay-claim", text: claim })];
}

export const replayEvents = (position) => position.events;
