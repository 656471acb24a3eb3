/* Replay and review after a game (docs/play.md "Replay and review"), for every game whose
 * catalog `features` list them: play.js installs it for such a game's table, whichever
 * module plays it.  When the table says the game is over (the `cassino:game-over` event,
 * with the sealed game's token, the human's credential and seat, and the seats' names;
 * a meld game's hand is its game), the header's "Replay & review" button, and the same
 * button in the table's end-of-hand dialog, open a dialog that steps through the game's
 * record move by move with every hand shown (POST /v1/records, then /v1/records/replay):
 * First, Previous, Next and Last as buttons and as the keys Home, ←, → and End.  "Review
 * my moves" rates each of the human's moves (POST /v1/reviews, its job followed with
 * progress): the summary, each move's verdict in a list that jumps to the move, and the
 * verdict on the replay itself.  A sealed game's record exists only once the game is
 * over: it shows every hand.  "Save the record" downloads it as <game>-record.json.
 *
 * "Open a record…" in the header reads a record file the player chooses (the dialog's
 * "Save the record", or `cassino replay`'s input), of any game, replays it through
 * /v1/records/replay and opens the same dialog on it; its review rates the seat chosen
 * beside the button (POST /v1/reviews with the record).  A file that is not JSON, or a
 * record the API refuses, is told in the dialog in the API's own words.
 *
 * A position is drawn by its record's game's module (game-<name>.js; generic.js for a
 * game with none), which may export, each given a full state (every hand) and `t`, the
 * dialog's helpers ({el, card, cards, seatName, rules: the module itself}):
 *   replayDealt(state, t)    the words of the deal (move 0)
 *   replaySeats(state, t)    per seat: {groups: [[card]], stats: "words"}, its hand
 *   replayTable(state, t)    the nodes of the table's box: melds, pile, stock, scores
 *   replayEvents(position)   the events listed under the move (those that add to it)
 * and each hook a module does not export is generic.js's.
 */
import { CardGamesError } from "../sdk/cardgames.js";
import { el } from "./dom.js";
import * as generic from "./generic.js";

/** The features that make the replay, as the catalog names them. */
const FEATURES = ["records", "replay", "review"];

/** Put the replay and review on the page, for a game whose catalog `features` list
 *  `replay` (play.js calls it): `api` the page's client; `context` the table's game
 *  (`game`), its module (`table`), the catalog, and `tableOf(name)`, the module of any
 *  game (for a record file of another game). */
export function installReplay(api, context = {}) {
  const params = new URLSearchParams(location.search);
  // the review's budget per move: the URL's samples (as for hints), else the server's
  const SAMPLES = /^\d+$/.test(params.get("samples") || "") ? Number(params.get("samples")) : null;
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
  const MARKS = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
  const entries = new Map(((context.catalog && context.catalog.games) || []).map((g) => [g.name, g]));
  /** What the catalog says a game offers of the records' features. */
  const featuresOf = (name) => {
    const entry = entries.get(name);
    return new Set(((entry && entry.features) || []).filter((f) => FEATURES.includes(f)));
  };
  const modules = new Map(context.game ? [[context.game, context.table || generic]] : []);
  /** The module that draws a record's positions: its game's (game-<name>.js), else the
   *  generic one. */
  async function moduleOf(name) {
    if (!name) return context.table || generic;
    if (!modules.has(name)) {
      let found = null;
      try { found = context.tableOf ? await context.tableOf(name) : null; } catch (err) { found = null; }
      modules.set(name, found || generic);
    }
    return modules.get(name);
  }

  const replay = {
    game: null,        // {game, credential, seat, names} from the table
    drawer: generic,   // the module that draws the positions (the record's game's)
    source: null,      // what the dialog shows: "game" (the table's) or "file" (opened)
    names: [],         // the seats' names in the dialog (a file's seats have none)
    opened: 0,         // files chosen so far: only the last one's answer is shown
    record: null,
    positions: [],
    at: 0,
    review: null,      // the review once rated
    byPly: new Map(),  // ply -> rated move
  };
  const $ = (id) => document.getElementById(id);


  /** A card's face from its wire name: `7H`, `10D`, a second pack's `7H'`, a joker
   *  `JK1`; any other name as its text. */
  function card(code) {
    const match = /^(10|[A2-9JQK])([SHDC])('?)$/.exec(code);
    if (!match) {
      const joker = /^JK(\d)$/.exec(code);
      return el("span", { className: `card small${joker ? " joker" : ""}`, role: "img", "data-card": code,
                          "aria-label": joker ? `joker ${joker[1]}` : code },
                el("span", { className: "rank", "aria-hidden": "true", text: joker ? "JK" : code }),
                el("span", { className: "suit", "aria-hidden": "true", text: joker ? joker[1] : "" }));
    }
    const [, rank, suit, prime] = match;
    const red = suit === "H" || suit === "D";
    return el("span", { className: `card small ${red ? "red" : "black"}${prime ? " prime" : ""}`, role: "img",
                        "data-card": code,
                        "aria-label": `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit]}${prime ? " (second pack)" : ""}` },
              el("span", { className: "rank", "aria-hidden": "true", text: rank }),
              el("span", { className: "suit", "aria-hidden": "true", text: SUITS[suit] + (prime ? "′" : "") }));
  }
  const seatName = (seat) => replay.names[seat] || `Seat ${seat}`;
  /** The helpers a game's drawing hooks are given. */
  const helpers = () => ({ el, card, cards: (codes) => (codes || []).map(card), seatName,
                           rules: replay.drawer });
  /** A drawing hook of the record's game's module, else generic.js's. */
  const hook = (name) => (typeof replay.drawer[name] === "function" ? replay.drawer[name] : generic[name]);
  const REVIEW_TEXT = "Rates each of your moves against the solver's best from what you could see then.";

  // ---- the page's parts (made once) ------------------------------------------------
  function install() {
    const open = el("button", { type: "button", id: "replay-button", "data-testid": "replay-button",
                                hidden: true, onclick: openReplay }, "Replay & review");
    const file = el("input", { type: "file", id: "open-record", "data-testid": "open-record",
                               className: "visually-hidden", accept: ".json,application/json",
                               onchange: (event) => openFile(event.target) });
    const pick = el("label", { className: "file-pick", for: "open-record",
                               "data-testid": "open-record-label",
                               title: "Replay a saved record (<game>-record.json) with every hand shown" },
                    "Open a record…", file);
    document.querySelector(".bar .actions").append(open, pick);
    const nav = (id, label, key, text, onclick) => el("button", {
      type: "button", id, "data-testid": id, "aria-label": label, "aria-keyshortcuts": key,
      title: `${label} (${key})`, onclick }, text);
    const dialog = el("dialog", { className: "replay", id: "replay-dialog", "data-testid": "replay-dialog",
                                  "aria-labelledby": "replay-title" },
      el("div", { className: "replay-head" },
         el("h2", { id: "replay-title", text: "Replay" }),
         el("label", { className: "review-seat", id: "review-seat-pick", hidden: true },
            "Review seat ",
            el("select", { id: "review-seat", "data-testid": "review-seat" })),
         el("a", { id: "replay-save", "data-testid": "replay-save", hidden: true,
                   download: "record.json", text: "Save the record",
                   title: "The game as one JSON record (cassino replay FILE reads it)" }),
         el("button", { type: "button", className: "link", "data-testid": "replay-close",
                        onclick: () => $("replay-dialog").close() }, "Close")),
      el("div", { className: "replay-nav", role: "group", "aria-label": "Step through the game" },
         nav("replay-first", "First", "Home", "«"),
         nav("replay-prev", "Previous move", "ArrowLeft", "◀"),
         el("span", { className: "replay-at", id: "replay-at", "data-testid": "replay-at",
                      "aria-live": "polite" }),
         nav("replay-next", "Next move", "ArrowRight", "▶"),
         nav("replay-last", "Last", "End", "»")),
      el("p", { className: "replay-move", id: "replay-move", "data-testid": "replay-move" }),
      el("p", { className: "error", id: "replay-error", "data-testid": "replay-error", role: "alert",
                hidden: true }),
      el("p", { className: "replay-verdict", id: "replay-verdict", "data-testid": "replay-verdict", hidden: true }),
      el("div", { className: "replay-seats", id: "replay-seats", "data-testid": "replay-seats" }),
      el("div", { className: "replay-table", id: "replay-table", "data-testid": "replay-table" }),
      el("ul", { className: "replay-events", id: "replay-events", "data-testid": "replay-events" }),
      el("section", { className: "replay-review", id: "replay-review", "aria-labelledby": "review-title" },
         el("div", { className: "replay-head" },
            el("h3", { id: "review-title", text: "Review" }),
            el("button", { type: "button", id: "review-button", "data-testid": "review-button",
                           onclick: runReview }, "Review my moves")),
         el("p", { className: "hint-text", id: "review-status", "data-testid": "review-status",
                   "aria-live": "polite",
                   text: REVIEW_TEXT }),
         el("ol", { className: "review-list", id: "review-list", "data-testid": "review-list" })));
    document.body.append(dialog);
    // the same button in the table's end-of-hand dialog, which is modal over the header
    const actions = document.querySelector("#round-dialog .dialog-actions");
    if (actions) {
      actions.append(el("button", { type: "button", id: "dialog-replay", "data-testid": "dialog-replay",
                                    hidden: true, onclick: () => {
                                      const round = $("round-dialog");
                                      if (round.open) round.close();
                                      openReplay();
                                    } }, "Replay & review"));
    }
    $("replay-first").addEventListener("click", () => go(0));
    $("replay-prev").addEventListener("click", () => go(replay.at - 1));
    $("replay-next").addEventListener("click", () => go(replay.at + 1));
    $("replay-last").addEventListener("click", () => go(replay.positions.length - 1));
    document.addEventListener("keydown", onKey);
  }

  function onKey(event) {
    if (!$("replay-dialog").open || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target && event.target.tagName === "INPUT") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) go(replay.at + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(replay.positions.length - 1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  // ---- opening the replay -------------------------------------------------------------
  /** A fresh dialog for ``source``: no record, no review, nothing said. */
  function reset(source) {
    replay.source = source;
    replay.names = source === "game" && replay.game ? replay.game.names : [];
    replay.record = null;
    replay.positions = [];
    replay.at = 0;
    replay.review = null;
    replay.byPly = new Map();
    $("review-list").replaceChildren();
    $("review-button").disabled = false;
    $("review-status").textContent = REVIEW_TEXT;
    $("review-seat-pick").hidden = true;
    $("replay-save").hidden = true;
    $("replay-title").textContent = "Replay";
    $("replay-error").hidden = true;
    for (const part of ["replay-seats", "replay-table", "replay-events"]) $(part).replaceChildren();
    $("replay-verdict").hidden = true;
    $("replay-at").textContent = "";
    $("replay-review").hidden = false;
  }

  /** The record's game: its drawing module, the review offered as its features say. */
  async function useGame(name) {
    replay.drawer = await moduleOf(name);
    const offered = featuresOf(name);
    $("replay-review").hidden = entries.size > 0 && !offered.has("review");
  }

  function showError(message) {
    $("replay-move").textContent = "";
    $("replay-error").textContent = message;
    $("replay-error").hidden = false;
    $("review-button").disabled = true;
    for (const id of ["replay-first", "replay-prev", "replay-next", "replay-last"]) $(id).disabled = true;
  }

  /** The record file chosen: replayed by the API, then stepped through like a game's. */
  async function openFile(input) {
    const file = input.files && input.files[0];
    input.value = "";  // the same file may be opened again
    if (!file) return;
    reset("file");
    const ticket = ++replay.opened;
    const stale = () => replay.source !== "file" || ticket !== replay.opened;
    $("replay-title").textContent = `Replay of ${file.name}`;
    const dialog = $("replay-dialog");
    if (!dialog.open) dialog.showModal();
    $("replay-move").textContent = "Reading the record…";
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (err) {
      if (!stale()) showError(`${file.name} is not a JSON file: ${err.message}`);
      return;
    }
    // the saved record itself, or an answer of POST /v1/records ({"record": ...})
    const record = data && typeof data === "object" && !data.format && data.record ? data.record : data;
    try {
      const answer = await api.replay({ record });
      if (stale()) return;
      await useGame(answer.record.game);
      if (stale()) return;
      replay.record = answer.record;
      replay.positions = answer.positions;
      const dealt = replay.positions[0].state;
      const seats = Array.isArray(dealt.hands) ? dealt.hands.length : Number(replay.record.players) || 2;
      $("review-seat").replaceChildren(...Array.from({ length: seats }, (_, seat) => el("option", {
        value: String(seat), text: `Seat ${seat}` })));
      $("review-seat-pick").hidden = false;
      $("review-status").textContent = "Rates each move of the seat chosen against the solver's best from what it could see then.";
      go(0);
    } catch (err) {
      if (stale()) return;
      showError(err instanceof CardGamesError ? `${file.name}: ${err.message}` : String(err));
    }
  }

  async function openReplay() {
    if (replay.source !== "game") reset("game");
    const dialog = $("replay-dialog");
    if (!dialog.open) dialog.showModal();
    if (replay.positions.length) {
      go(replay.at);
      return;
    }
    $("replay-move").textContent = "Loading the game…";
    try {
      const sealed = { game: replay.game.game, credential: replay.game.credential };
      replay.record = (await api.record(sealed)).record;
      await useGame(replay.record.game || context.game);
      const save = $("replay-save");
      if (save.href) URL.revokeObjectURL(save.href);
      save.href = URL.createObjectURL(new Blob([JSON.stringify(replay.record, null, 1)],
                                               { type: "application/json" }));
      save.download = `${replay.record.game || context.game || "game"}-record.json`;
      save.hidden = false;
      replay.positions = (await api.replay({ record: replay.record })).positions;
      go(0);
    } catch (err) {
      $("replay-move").textContent = err instanceof CardGamesError ? err.message : String(err);
    }
  }

  function go(at) {
    const last = replay.positions.length - 1;
    if (last < 0) return;
    replay.at = Math.max(0, Math.min(last, at));
    render();
  }

  function render() {
    const position = replay.positions[replay.at];
    const state = position.state;
    const last = replay.positions.length - 1;
    const t = helpers();
    $("replay-at").textContent = `Move ${position.ply} of ${last}`;
    $("replay-move").textContent = position.move
      ? `${seatName(position.player)}: ${position.move.description}`
      : hook("replayDealt")(state, t);
    $("replay-first").disabled = $("replay-prev").disabled = replay.at === 0;
    $("replay-last").disabled = $("replay-next").disabled = replay.at === last;
    const rated = replay.byPly.get(position.ply);
    const verdict = $("replay-verdict");
    verdict.hidden = !rated;
    if (rated) {
      verdict.dataset.verdict = rated.verdict;
      verdict.textContent = rated.points_lost > 0
        ? `${rated.verdict}${MARKS[rated.verdict]}: ${rated.points_lost.toFixed(2)} points lost; best was ${rated.best ? rated.best.description : "no claim"}.`
        : `${rated.verdict}${rated.forced ? " (the only move)" : ""}.`;
    }
    const playing = !(state.result && state.result.over) && (state.status === undefined || state.status === "playing");
    $("replay-seats").replaceChildren(...hook("replaySeats")(state, t).map((shown, seat) => el("div", {
      className: `replay-seat${playing && state.to_move === seat ? " to-move" : ""}`,
      "data-testid": `replay-seat-${seat}` },
      el("h3", { text: replay.names[seat] ? `${seatName(seat)} (seat ${seat})` : seatName(seat) }),
      el("div", { className: "replay-hand", "aria-label": `${seatName(seat)}'s hand` },
         shown.groups.some((g) => g.length)
           ? shown.groups.filter((g) => g.length).map((g) => el("span", { className: "replay-group" }, g.map(card)))
           : el("span", { className: "muted", text: "no cards" })),
      shown.stats ? el("p", { className: "stats", text: shown.stats }) : null)));
    $("replay-table").replaceChildren(...hook("replayTable")(state, t));
    $("replay-events").replaceChildren(...hook("replayEvents")(position)
      .map((e) => el("li", { text: e.description || e.type })));
  }

  // ---- review -----------------------------------------------------------------------
  async function runReview() {
    const button = $("review-button");
    button.disabled = true;
    $("review-status").textContent = "Rating your moves…";
    try {
      const body = replay.source === "file"
        ? { record: replay.record, player: Number($("review-seat").value), async: true }
        : { game: replay.game.game, credential: replay.game.credential, async: true };
      if (SAMPLES) body.samples = SAMPLES;
      const result = await api.review(body, { onProgress: ({ done, total }) => {
        $("review-status").textContent = `Rating your moves… ${done} of ${total}`;
      } });
      showReview(result);
    } catch (err) {
      $("review-status").textContent = err instanceof CardGamesError ? err.message : String(err);
      button.disabled = false;
    }
  }

  function showReview(result) {
    replay.review = result;
    replay.byPly = new Map(result.moves.map((m) => [m.ply, m]));
    const s = result.summary;
    const counts = Object.entries(s.counts).filter(([, n]) => n).map(([name, n]) => `${n} ${name}`).join(", ");
    $("review-status").textContent =
      `Accuracy ${s.accuracy}% over ${s.moves} moves · ${s.points_lost.toFixed(2)} points lost (${counts}).`;
    $("review-list").replaceChildren(...result.moves.map((m) => el("li", {
      "data-testid": "review-row", "data-verdict": m.verdict, "data-ply": m.ply },
      el("button", { type: "button", className: "link", "data-testid": `review-go-${m.ply}`, onclick: () => go(m.ply),
                     text: `${m.ply}. ${m.move.description}${MARKS[m.verdict]}` }),
      el("span", { className: `verdict ${m.verdict}`, text: m.verdict }),
      m.points_lost > 0 ? el("span", { className: "lost", text: `−${m.points_lost.toFixed(2)}` }) : null)));
    if (replay.positions.length) render();
  }

  // ---- the table's signals ---------------------------------------------------------------
  document.addEventListener("cassino:game-over", (event) => {
    replay.game = event.detail;
    reset("game");
    $("replay-button").hidden = false;
    if ($("dialog-replay")) $("dialog-replay").hidden = false;
  });
  document.addEventListener("cassino:new-game", () => {
    replay.game = null;
    $("replay-button").hidden = true;
    if ($("dialog-replay")) $("dialog-replay").hidden = true;
    if ($("replay-dialog").open && replay.source === "game") $("replay-dialog").close();
  });

  install();
}
