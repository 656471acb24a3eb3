/* Solitaire Cribbage's web table (docs/rules/solitaire-cribbage.md): the solitaire, or a
 * competition against house seats, each with his own pack (SC1, SC2).  The seat's six cards
 * are buttons: pick two and lay them away (SC5), or play a listed move; a Why? tells the
 * rule a pick breaks and what a legal pick is expected to score.  Every seat's counts are
 * shown as the view gives them (SC24), with the holes and the games settled (SC21).
 * play.js loads this module by the game's name. */
import { el } from "./dom.js";

export const title = "Solitaire Cribbage";
const TITLES = { "solitaire-cribbage": "Solitaire Cribbage",
                 "solitaire-cribbage-partners": "Solitaire Cribbage (partners)" };
/** The game menu's entries: each playable variant. */
export const menu = (entry) => entry.variants.filter((v) => v.playable)
  .map((v) => ({ variant: v.name, label: TITLES[v.name] || v.name }));

const $ = (id) => document.getElementById(id);
const byTest = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** A card as words show it: 10♦. */
export const cardText = (card) => `${card.slice(0, -1)}${SUITS[card.slice(-1)] || card.slice(-1)}`;
const cardsText = (cards) => cards.map(cardText).join(" ");

/** One count of a view (a deal, or the last hand) in words. */
export function countText(count) {
  const starter = count.starter ? ` · starter ${cardText(count.starter)}` : "";
  const crib = count.crib.length ? ` · crib ${cardsText(count.crib)} ${count.crib_points.total}` : "";
  const heels = count.heels ? ` · heels ${count.heels}` : "";
  const what = count.deal > 6 ? "Last hand" : `Deal ${count.deal}`;
  return `${what}: hand ${cardsText(count.hand)} ${count.hand_points.total}${crib}${starter}${heels} = ${count.points}`;
}

/** The move of `moves` that lays exactly `picked` away, if any. */
export const moveOf = (moves, picked) => moves.find((m) => m.cards.length === picked.length
  && m.cards.every((c) => picked.includes(c)));

export function start(api, config, context) {
  const { entry, game } = context;
  const variants = entry.variants.filter((v) => v.playable);
  const chosen = variants.find((v) => v.name === config.variant) || variants[0];
  const [low, high] = [chosen.min_seats || chosen.seats, chosen.max_seats || chosen.seats];
  const wanted = Number(context.params && context.params.get("players"));
  const players = wanted >= low && wanted <= high ? wanted : chosen.seats;
  const human = config.human < players ? config.human : 0;
  const bots = [...((chosen.house && chosen.house.bots) || []), ...((chosen.house && chosen.house.levels) || [])];
  const bot = bots.includes(config.opponent) ? config.opponent : bots[0];
  const state = { token: null, credential: null, view: null, moves: [], risks: new Map(), picked: [], generation: 0 };
  const seat = () => ({ game: state.token, credential: state.credential });

  for (const id of ["opponent", "builds", "dial-pick", "show-round", "stock"]) {
    const part = $(id) || byTest(id);
    if (part) part.style.display = "none";
  }
  $("hint-equity").textContent = players === 1
    ? "Equity is the chance of reaching 91 in this pass if you lay these two away (SC11); the deal's expected points beside it."
    : "Equity is your chance of winning if you lay these two away (the solver's model); the deal's expected points beside it.";
  $("variant-name").textContent = TITLES[chosen.name] || chosen.name;
  $("rules-link").href = `..${chosen.rules_url || entry.rules_url}`;
  $("table-title").textContent = players === 1 ? "The solitaire" : `Your seat: ${human}`;
  $("you-title").textContent = "Your hand";
  byTest("keys").textContent = "Pick two cards and lay them away, or play a listed move; Tab and Enter reach every move.";
  fill("variant-select", variants.map((v) => v.name), chosen.name);
  fill("level-select", bots, bot);
  const counts = [];
  for (let n = low; n <= high; n += 1) counts.push(n);
  $("players-select").replaceChildren(...counts.map((n) => el("option", { value: String(n), text: `${n} player${n > 1 ? "s" : ""}` })));
  $("players-select").value = String(players);
  $("players-pick").hidden = counts.length < 2;
  $("level-select").disabled = players === 1 || bots.length < 2;

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
      $("log").append(el("li", { "data-testid": "log-entry", text: event.description || event.type }));
    }
  }

  function seatName(s) {
    if (s === human) return "You";
    if (chosen.name === "solitaire-cribbage-partners" && (s + 2) % 4 === human) return `Partner (seat ${s})`;
    return `Seat ${s}`;
  }

  function renderCounts(view) {
    const rows = view.counts.map((seatCounts, s) => el("section", { className: "seat-counts", "data-testid": `counts-${s}` },
      el("h3", { text: `${seatName(s)}: ${view.holes[s]} holes${view.waiting.includes(s) ? " · to lay away" : ""}` }),
      el("ol", {}, seatCounts.map((c) => el("li", { "data-testid": "count", text: countText(c) })))));
    $("loose").replaceChildren(...rows);
  }

  function renderHand(view) {
    const cards = [...view.hand];
    const picking = document.body.dataset.phase === "human" || state.moves.length;
    $("hand").replaceChildren(...cards.map((card) => el("button", {
      type: "button", className: `card${state.picked.includes(card) ? " picked" : ""}`,
      "data-testid": `card-${card}`, "aria-pressed": state.picked.includes(card) ? "true" : "false",
      disabled: !picking, onclick: () => pick(card) }, cardText(card))));
    $("your-stats").textContent = view.laid.length ? `Laid away: ${cardsText(view.laid)}` : "";
    $("selection-text").textContent = state.picked.length ? `Picked: ${cardsText(state.picked)}` : "Pick two cards to lay away.";
    const move = moveOf(state.moves, state.picked);
    $("selection-moves").replaceChildren(...(move ? [el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": "lay-away", onclick: () => playHuman(move) },
      `Lay ${cardsText(move.cards)} away`))] : []));
  }

  function render() {
    const view = state.view;
    if (!view) return;
    renderCounts(view);
    renderHand(view);
    $("round-info").textContent = view.deal > 6 ? "The pack is out" : `Deal ${view.deal} of 6`;
    const games = view.games && view.games.some((g) => g) ? ` · games ${view.games.join(" · ")}` : "";
    $("scoreboard").textContent = `Holes: ${view.holes.join(" · ")}${games}`;
    const warned = (move) => {  // a discard far below the best (the legal moves' risks)
      const risk = state.risks.get(move.id);
      return risk && risk.how === "short" ? ` (${risk.lost} points below the best)` : "";
    };
    const button = (move) => el("li", {}, el("button", {
      type: "button", className: "play", "data-testid": `any-move-${move.id}`, "data-move-id": move.id,
      onclick: () => playHuman(move) }, `${move.description || move.id}${warned(move)}`));
    $("all-moves").replaceChildren(...state.moves.map(button));
  }

  function pick(card) {
    if (document.body.dataset.phase !== "human") return;
    state.picked = state.picked.includes(card) ? state.picked.filter((c) => c !== card)
      : [...state.picked, card].slice(-2);
    $("why-not").textContent = "";
    render();
  }

  async function whyNot() {
    if (!state.token) return;
    try {
      const answer = await api.why({ ...seat(), cards: state.picked });
      const legal = answer.legal && answer.moves.length
        ? `Legal: expected ${answer.moves[0].deal_points} points this deal.` : "";
      const warnings = (answer.warnings || []).map((w) => w.message).join(" ");
      $("why-not").textContent = answer.legal ? `${legal} ${warnings}`.trim() : answer.message;
    } catch (err) {
      $("why-not").textContent = err.message || String(err);
    }
  }

  async function nextTurn(generation) {
    state.moves = [];
    state.picked = [];
    const result = state.view.result;
    if (result && result.over) {
      const won = result.winners.includes(human);
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {
        game: state.token, credential: state.credential, seat: human,
        names: Array.from({ length: players }, (_, s) => (s === human ? "You" : `Seat ${s}`)) } }));
      render();
      const how = players === 1 ? (won ? "you reached 91" : "you did not reach 91")
        : (won ? "you win" : result.winners.length ? "you lose" : "a drawn game");
      setPhase("game-over", `Game over: ${how} (holes ${state.view.holes.join(" to ")}).`);
      return;
    }
    const listed = await api.legalMoves({ ...seat(), risks: true });
    if (generation !== state.generation) return;
    state.moves = listed.moves;
    state.risks = new Map((listed.risks || []).map((r) => [r.move, r]));
    setPhase("human", "Your turn: lay two cards away to your crib.");
    render();
  }

  async function newGame() {
    const generation = ++state.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));
    $("log").replaceChildren();
    $("hint-panel").hidden = true;
    setPhase("busy", "Dealing…");
    const house = Array.from({ length: players }, (_, s) => s).filter((s) => s !== human)
      .map((player) => ({ player, bot }));
    const body = { game, variant: chosen.name, sealed: true, house, players };
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
    try {
      const answer = await api.hints({ ...seat(), seed: config.hintSeed });
      const byId = new Map(state.moves.map((m) => [m.id, m]));
      $("hint-list").replaceChildren(...answer.moves.map((hint) => el("li", {
        "data-testid": "hint-row", "data-move-id": hint.move.id },
        `${hint.move.description}: ${(100 * hint.equity).toFixed(1)}% · ${hint.move.deal_points} points expected `,
        el("button", { type: "button", className: "link", "data-testid": "hint-play",
                       onclick: () => playHuman(byId.get(hint.move.id) || hint.move) }, "Play"))));
      $("hint-solver").textContent = `${answer.solver.algorithm}: every crib card and starter counted`;
    } catch (err) {
      fail(err);
    }
  }

  $("new-game").addEventListener("click", newGame);
  $("hint-button").addEventListener("click", showHint);
  $("clear-selection").addEventListener("click", () => { state.picked = []; $("why-not").textContent = ""; render(); });
  $("why-not").addEventListener("click", whyNot);
  const whyButton = el("button", { type: "button", className: "link", "data-testid": "why-button", onclick: whyNot }, "Why?");
  $("selection-text").after(whyButton);
  const restart = (key) => (event) => {
    const url = new URL(location.href);
    url.searchParams.set(key, event.target.value);
    location.assign(url.href);
  };
  $("variant-select").addEventListener("change", restart("variant"));
  $("level-select").addEventListener("change", restart("opponent"));
  $("players-select").addEventListener("change", restart("players"));
  newGame();
}

// ---- a replayed position (replay.js) -----------------------------------------------------

/** The words of the deal (move 0). */
export const replayDealt = () => "The packs shuffled and the first deal dealt.";

/** Each seat's hand as it lies, and its holes. */
export function replaySeats(state) {
  return state.hands.map((hand, s) => ({ groups: [hand], stats: `${state.holes[s]} holes` }));
}

/** Every seat's counts so far. */
export function replayTable(state, t) {
  return [t.el("h3", { text: "The counts" }), ...state.counts.map((seatCounts, s) => t.el("section", {},
    t.el("h4", { text: `Seat ${s}: ${state.holes[s]} holes` }),
    t.el("ol", {}, seatCounts.map((c) => t.el("li", { text: countText(c) })))))];
}

/** Every event of the move, each by its description. */
export const replayEvents = (position) => position.events;
