/* Jass's web table (docs/play.md "Per-game modules", docs/rules/jass.md): a sealed game
 * against the house in every other seat, in each variant (four, three, two with a stock).
 * The seat's hand as cards: a card it may play is played by a click (J9-J11, J22); the
 * calls of the phase (take the table's nine or keep, J6; pass out or play, J8) and the melds
 * to declare after the first card (J14; two-hand after a trick won, J21) as buttons; the
 * trump, the trick on the table, every seat's cards, tricks, points and shown melds (JD11);
 * Why? on a picked card (POST /v1/why: the rule a card breaks), hints (every move ranked by
 * its value), the Opponent menu (the house's levels and bots), every legal move listed.
 * In a match (J18, JD17-JD22) every seat's running total and the target, or its marks
 * left, and the deal's number; the call-out (JD19) is a button among the moves. 
 * play.js loads this module by the game's name. */
import { el } from "./dom.js";

export const title = "Jass";
const TITLES = { jass: "Jass (four)", "three-hand-jass": "Three-hand Jass",
                 "two-hand-jass": "Two-hand Jass", "jass-1000": "Jass (four) to 1,000",
                 "three-hand-jass-1000": "Three-hand Jass to 1,000",
                 "two-hand-jass-1000": "Two-hand Jass to 1,000",
                 "jass-marks": "Jass (four) on marks",
                 "three-hand-jass-marks": "Three-hand Jass on marks" };
/** A seat's standing in words: its points of the deal, or in a match its total or marks. */
const standing = (view, s) => (!view.match ? `${view.result.points[s]} points`
  : view.match.marks ? `${view.match.marks[s]} marks left` : `${view.result.points[s]} in all`);
/** The match in words (J18): the deal's number, the totals and target, or the marks. */
const matchText = (view) => (!view.match ? "" : view.match.marks
  ? `Match on marks: deal ${view.match.deal} of ${view.match.deals}`
  : `Match to ${view.match.target}: deal ${view.match.deal} · call out when your total reaches it`);
/** The game menu's entries: each playable variant. */
export const menu = (entry) => entry.variants.filter((v) => v.playable)
  .map((v) => ({ variant: v.name, label: TITLES[v.name] || v.name }));

const $ = (id) => document.getElementById(id);
const byTest = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const cardText = (card) => `${card.slice(0, -1)}${SUITS[card.slice(-1)] || card.slice(-1)}`;
const cardsText = (cards) => cards.map(cardText).join(" ");
const red = (card) => "HD".includes(card.slice(-1));
const PHASES = { exchange: "Take the nine cards on the table for yours, or keep your own.",
                 pass: "Play this deal, or pass out of it.",
                 declare: "Declare your melds (or none).", play: "Your turn: play a card." };

export function start(api, config, context) {
  const { entry, game } = context;
  const variants = entry.variants.filter((v) => v.playable);
  const variant = variants.find((v) => v.name === config.variant) || variants[0];
  const players = variant.seats;
  const human = config.human < players ? config.human : 0;
  const house = variant.house || {};
  const choices = [...Object.keys(house.levels || {}), ...(house.bots || [])];
  const bot = choices.includes(config.opponent) ? config.opponent : "solver";
  const features = entry.features || [];
  const state = { token: null, credential: null, view: null, moves: [], picked: null,
                  risks: new Map(), generation: 0 };
  const seat = () => ({ game: state.token, credential: state.credential });

  for (const id of ["builds", "dial-pick", "show-round", "opponent"]) {
    const part = $(id) || byTest(id);
    if (part) part.style.display = "none";
  }
  $("hint-equity").textContent = "Equity is the move's value in points: your points at the deal's end less the mean of the others'.";
  $("variant-name").textContent = TITLES[variant.name] || variant.name;
  $("rules-link").href = `..${variant.rules_url || entry.rules_url || "/rules/jass"}`;
  $("table-title").textContent = "The trick";
  $("you-title").textContent = `Your hand (seat ${human})`;
  byTest("keys").textContent = "Click a card to play it; Tab and Enter reach every card and move.";
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

  const myTurn = () => state.view && !state.view.result.over && state.view.turn === human;
  const playId = (card) => `play:${card}`;

  function clickCard(card) {
    if (!myTurn()) return;
    if (state.moves.some((m) => m.id === playId(card))) {
      play(playId(card));
      return;
    }
    state.picked = card;
    render();
  }

  function render() {
    const view = state.view;
    if (!view) return;
    $("others").replaceChildren(...view.hand_sizes.map((n, s) => el("div", {
      className: "seat", "data-testid": `seat-${s}`,
      text: `${s === human ? "You" : `Seat ${s}`}: ${view.out === s ? "passed out" : `${n} card${n === 1 ? "" : "s"}`}`
        + ` · ${view.tricks[s]} trick${view.tricks[s] === 1 ? "" : "s"} · ${standing(view, s)}`
        + (view.shown[s].length && s !== human ? ` · shown ${cardsText(view.shown[s])}` : "")
        + (view.melds[s].length ? ` · melds ${view.melds[s].map(cardsText).join("; ")}` : "")
        + (view.dealer === s ? " · dealer" : "") + (view.turn === s && !view.result.over ? " · to play" : "") })));
    const table = [`Trumps: ${SUITS[view.trump]} (turned ${cardText(view.turned)})`];
    if (view.stock_size) table.push(`Stock: ${view.stock_size}`);
    if (view.widow_size) table.push(`On the table: ${view.widow_size} face down`
      + (view.table_shown.length ? ` (${cardsText(view.table_shown)} face up)` : ""));
    if (view.match) table.push(matchText(view));
    $("stock").textContent = table.join(" · ");
    $("loose").replaceChildren(el("p", { "data-testid": "trick", text: view.trick.length
      ? view.trick.map((t) => `${t.player === human ? "You" : `Seat ${t.player}`}: ${cardText(t.card)}`).join(" · ")
      : `Trick ${view.played + 1}: seat ${view.leader} to lead.` }));
    const playable = new Set(state.moves.filter((m) => m.type === "play").map((m) => m.card));
    $("hand").replaceChildren(...view.hand.map((card) => el("button", {
      type: "button", className: `card${red(card) ? " red" : ""}${state.picked === card ? " picked" : ""}`,
      "data-testid": `hand-card-${card}`, "aria-pressed": String(state.picked === card),
      "aria-label": `${cardText(card)}${riskText(`play:${card}`)}${playable.has(card) ? ", playable" : ""}`,
      onclick: () => clickCard(card) }, cardText(card))));
    $("your-stats").textContent = `Your ${view.match ? "standing" : "points"}: ${view.match ? standing(view, human) : view.result.points[human]} · tricks ${view.tricks[human]}`;
    const actions = [];
    for (const move of state.moves.filter((m) => m.type !== "play")) {
      actions.push(el("button", { type: "button", className: "play", "data-testid": `move-${move.type}`,
        "data-move-id": move.id, onclick: () => play(move.id) }, (move.description || move.id) + riskText(move.id)));
    }
    if (features.includes("why") && state.picked) {
      actions.push(el("button", { type: "button", className: "link", "data-testid": "why-button",
        onclick: whyNot }, `Why not ${cardText(state.picked)}?`));
    }
    $("selection-moves").replaceChildren(...actions);
    $("selection-text").textContent = state.picked ? `Picked: ${cardText(state.picked)}` : "";
    $("all-moves").replaceChildren(...state.moves.map((m) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": `any-move-${m.id}`, "data-move-id": m.id,
      ...(state.risks.has(m.id) ? { "data-risk": state.risks.get(m.id).how } : {}),
      onclick: () => play(m.id) }, (m.description || m.id) + riskText(m.id)))));
    $("scoreboard").textContent = view.result.over ? `Points: ${view.result.points.join(" · ")}` : "";
  }

  /** The warning of a move in words, or "" (legal-moves' risks, how "give"). */
  function riskText(moveId) {
    const risk = state.risks.get(moveId);
    if (risk && risk.how === "lose") return ` (a wrong call: your total is ${risk.lost} short, and seat ${risk.player} would win the match)`;
    return risk ? ` (gives ${risk.lost} more points away than ${cardText(risk.best.slice(5))} would, to a trick seat ${risk.player} is winning)` : "";
  }

  async function nextTurn(generation) {
    state.moves = [];
    state.risks = new Map();
    state.picked = null;
    $("why-not").hidden = true;
    const result = state.view.result;
    if (result.over) {
      render();
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {
        game: state.token, credential: state.credential, seat: human,
        names: Array.from({ length: players }, (_, s) => (s === human ? "You" : `Seat ${s}`)) } }));
      const won = result.winners.includes(human);
      setPhase("game-over", `The ${state.view.match ? "match" : "deal"} is over: ${won ? "you win" : `seat ${result.winners[0]} wins`} (points ${result.points.join(" · ")}).`);
      return;
    }
    const listed = await api.legalMoves(features.includes("risks") ? { ...seat(), risks: true } : seat());
    if (generation !== state.generation) return;
    state.moves = listed.moves;
    // a card of points thrown onto a trick the seat cannot win (solver/jass/risks.py)
    // and a wrong call-out, which loses the match (JD20)
    state.risks = new Map((listed.risks || []).filter((r) => r.how === "give" || r.how === "lose").map((r) => [r.move, r]));
    render();
    setPhase("human", PHASES[state.view.phase] || "Your turn.");
  }

  async function newGame() {
    const generation = ++state.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));
    $("log").replaceChildren();
    $("hint-panel").hidden = true;
    setPhase("busy", "Dealing…");
    const seats = Array.from({ length: players }, (_, s) => s).filter((s) => s !== human)
      .map((player) => ({ player, bot }));
    const body = { game, variant: variant.name, sealed: true, house: seats };
    if (config.dealer !== null) body.dealer = config.dealer;
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
    if (!state.view || !state.picked) return;
    try {
      const answer = await api.why({ ...seat(), cards: [state.picked] });
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
      $("hint-list").replaceChildren(...answer.moves.map((hint) => el("li", {
        "data-testid": "hint-row", "data-move-id": hint.move.id },
        `${hint.move.description || hint.move.id}: ${hint.equity}`,
        el("button", { type: "button", className: "link", "data-testid": "hint-play",
                       onclick: () => play(hint.move.id) }, "Play"))));
      $("hint-solver").textContent = `${answer.solver.algorithm}, ${answer.solver.samples} worlds`;
    } catch (err) {
      fail(err);
    }
  }

  $("new-game").addEventListener("click", newGame);
  $("hint-button").addEventListener("click", showHint);
  $("clear-selection").addEventListener("click", () => { state.picked = null; render(); });
  $("level-select").addEventListener("change", (event) => {
    const url = new URL(location.href);
    url.searchParams.set("opponent", event.target.value);
    location.assign(url.href);
  });
  newGame();
}

// ---- a replayed position (replay.js) ------------------------------------------------------

export const replayDealt = (state, t) => `Dealt by ${t.seatName(state.dealer).toLowerCase()}; trumps ${SUITS[state.trump]}.`;

export function replaySeats(state) {
  return state.hands.map((hand, s) => ({ groups: [hand],
    stats: `${state.tricks[s]} trick${state.tricks[s] === 1 ? "" : "s"} · ${state.result.points[s]} points` }));
}

export function replayTable(state, t) {
  const trick = state.trick.map((p) => `${t.seatName(p.player)}: ${p.card}`).join(" · ");
  return [t.el("h3", { text: "The trick" }),
          t.el("p", { "data-testid": "replay-trick", text: trick || "No card on the table." }),
          t.el("p", { "data-testid": "replay-stock", text: `Stock: ${state.stock.length} · on the table: ${state.widow.length}` })];
}

export const replayEvents = (position) => position.events;
