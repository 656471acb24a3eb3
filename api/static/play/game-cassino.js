/* Cassino's web table (docs/play.md "The web table"): play.js, the page's shared start,
 * loads this module by the game's name (game-<name>.js) and calls `start`.
 *
 * It plays a sealed game: the browser holds an opaque token and the human seat's
 * credential, never the full state, so the developer tools show only what /v1/view
 * gives that seat (RULES R28, R29).  Every other seat is a house seat: the server's
 * solver (or the bot `opponent` names) answers inside each apply, from its own view, and
 * the table shows each house move one at a time.  Beyond play.js's URL parameters:
 *   variant        the new game's variant, when the table offers it (the menu lists the
 *                  playable variants of GET /v1/catalog); the game's default otherwise
 *   seat           the human's seat (default 0; past the variant's seats, 0)
 *   opponent       who plays the house seats: solver (default), heuristic, greedy, random,
 *                  or a skill level (beginner, casual, club, expert, master: the menu's)
 *   dial           a skill dial 0..100 for the house seats instead (the dial beside the
 *                  menu; solver/cassino/levels.py): the house plays DialBot at that value
 * Every API call goes through the client play.js gives, the SDK's: /sdk/cardgames.js.
 */
import { CardGamesError } from "../sdk/cardgames.js";
import { afterEvent, batchOf, pickVariant, sidesOf, tableVariants } from "./variants.js";
import { decidedPoints, lastTable } from "./table.js";
import { dialOf, dialOptions, houseName, houseSeat, levelAt, levelOptions, parseDial } from "./levels.js";
import { alternativesText, askWhy, decorate, hintNumbers, reachOf, riskText } from "./why.js";
import { el } from "./dom.js";

/** Start the table: `api` the page's client, `CONFIG` play.js's URL options, `context`
 *  the game's name (`game`), its catalog entry (`entry`), the catalog and the URL's
 *  parameters (`params`). */
export function start(api, CONFIG, context) {
  CONFIG.dial = parseDial(context.params.get("dial"));
  // Who sits where: set by each new game from the catalog's entry of its variant
  let SEATS = 2;
  let HUMAN = CONFIG.human === 1 ? 1 : 0;
  let OPPONENT = 1 - HUMAN;  // two seats: the one other seat
  let SIDE = [0, 1];         // seat -> side (the seats that score together)
  let SIDES = 2;
  const seatUp = (entry) => {
    SEATS = (entry && entry.seats) || 2;
    HUMAN = CONFIG.human < SEATS ? CONFIG.human : 0;
    if (SEATS === 2) HUMAN = CONFIG.human === 1 ? 1 : 0;
    OPPONENT = SEATS === 2 ? 1 - HUMAN : null;
    SIDE = sidesOf(entry && entry.teams, SEATS);
    SIDES = Math.max(...SIDE) + 1;
  };
  const many = () => SEATS > 2;
  const teamed = () => SIDES < SEATS;
  /** The other seats in turn order, from the one after the human. */
  const others = () => Array.from({ length: SEATS - 1 }, (_, k) => (HUMAN + k + 1) % SEATS);
  /** The sides, the human's first, then in turn order. */
  const sideOrder = () => [...new Set([SIDE[HUMAN], ...others().map((seat) => SIDE[seat])])];

  const game = {
    token: null,      // the sealed game: opaque, sent back with each request
    credential: null, // the human seat's credential (the house seat has none)
    view: null,       // what the human may see (from /v1/view)
    score: null,      // /v1/score of the capture piles as they stand
    moves: [],        // the human's legal moves when it is their turn
    hand: null,       // selected hand card
    picked: new Set(),// selected table items: loose card codes and "build:<i>"
    generation: 0,    // bumped by New game: late answers of an old game are dropped
    fresh: new Set(), // cards the solver just played or built with (highlighted)
    variant: CONFIG.variant || "standard", // the variant of the next new game (the menu's)
    rules: null,      // the rule options of the game's variant (GET /v1/variants)
    risks: new Map(), // move id -> the sweep it leaves the next player (legal-moves risks)
    hinted: null,     // the hint's best move: its cards light up (why.js)
    why: null,        // the last why-not answer, for the selection it was asked of
  };

  const $ = (id) => document.getElementById(id);

  // ---- cards -------------------------------------------------------------------
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
  const rankOf = (code) => code.slice(0, -1);
  const suitOf = (code) => code.slice(-1);
  const cardText = (code) => rankOf(code) + SUITS[suitOf(code)];
  const cardName = (code) => `${RANK_NAMES[rankOf(code)] || rankOf(code)} of ${SUIT_NAMES[suitOf(code)]}`;
  const cardsText = (codes) => codes.map(cardText).join(" ");
  const groupsText = (groups) => groups.map((g) => g.map(cardText).join("+")).join(" | ");
  const isRed = (code) => suitOf(code) === "H" || suitOf(code) === "D";
  const house = () => houseName(CONFIG.opponent, CONFIG.dial);
  const seatName = (seat) => (seat === HUMAN ? "You" : !many() ? house()
    : SIDE[seat] === SIDE[HUMAN] ? "Partner" : `Seat ${seat}`);
  const sideName = (side) => (!teamed() ? seatName(side)
    : side === SIDE[HUMAN] ? "Your team" : "Their team");
  /** Per-side totals in words, the human's side first: "you 5, seat 1 3, seat 2 4". */
  const sidesText = (scores) => sideOrder().map((side) => `${sideName(side).toLowerCase()} ${scores[side]}`).join(", ");
  const winnerText = (winner, scores) => (winner === null ? `A drawn game: ${sidesText(scores)}.`
    : winner === SIDE[HUMAN] ? `${teamed() ? "Your team wins" : "You win"} the game: ${sidesText(scores)}!`
    : `${sideName(winner)} wins the game: ${sidesText(scores)}.`);


  function cardFace(code, attrs = {}, small = false) {
    const tag = attrs.onclick ? "button" : "span";
    const classes = ["card", isRed(code) ? "red" : "black", small ? "small" : "",
                     game.fresh.has(code) ? "fresh" : ""].filter(Boolean).join(" ");
    const extra = tag === "button" ? { type: "button" } : { role: "img" };
    return el(tag, { className: classes, "aria-label": cardName(code), "data-card": code,
                     ...extra, ...attrs },
              el("span", { className: "rank", "aria-hidden": "true", text: rankOf(code) }),
              el("span", { className: "suit", "aria-hidden": "true", text: SUITS[suitOf(code)] }));
  }

  // ---- the API -----------------------------------------------------------------
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function hintOptions(top) {
    const options = { seed: CONFIG.hintSeed };
    if (CONFIG.samples !== null) options.samples = CONFIG.samples;
    if (CONFIG.timeMs !== null) options.time_ms = CONFIG.timeMs;
    if (top) options.top = top;
    return options;
  }

  /** The sealed game and the human's credential: what every request sends. */
  const seat = () => ({ game: game.token, credential: game.credential });

  /** Ranked moves for the human (the client follows a 202 answer to the job's result). */
  function hints(top) {
    return api.hints({ ...seat(), ...hintOptions(top) });
  }

  // ---- describing moves and events ---------------------------------------------
  function buildsUsed(targets, builds) {
    const set = new Set(targets);
    const used = builds.filter((b) => b.groups.flat().every((c) => set.has(c)));
    const inBuilds = new Set(used.flatMap((b) => b.groups.flat()));
    return { used, loose: targets.filter((c) => !inBuilds.has(c)) };
  }

  function targetsText(targets, builds) {
    const { used, loose } = buildsUsed(targets, builds);
    const parts = used.map((b) => `build ${b.value} (${groupsText(b.groups)})`);
    if (loose.length) parts.push(cardsText(loose));
    return parts.join(" + ");
  }

  /** A move in words, against the table it is played on. */
  function describe(move, table) {
    const builds = table ? table.builds : [];
    if (move.type === "claim") return "Claim the game";  // twenty-one-claims (T5)
    if (!MOVES.has(move.type)) return move.description || move.id || move.type;  // a variant's own
    if (move.type === "trail") return `Trail ${cardText(move.card)}`;
    if (move.type === "capture") {
      return `Capture ${targetsText(move.targets, builds)} with ${cardText(move.card)}`;
    }
    const verb = { raise: "Raise to", extend: "Add to build" }[move.kind] || "Build";
    const groups = move.groups && move.groups.length > 1 ? ` → ${groupsText(move.groups)}` : "";
    return `${verb} ${move.value} with ${cardText(move.card)} on ` +
           `${targetsText(move.targets, builds)}${groups}`;
  }

  function describeEvent(event, table) {
    const who = seatName(event.player);
    switch (event.type) {
      case "trail": return `${who} trailed ${cardText(event.card)}.`;
      case "capture":
        return `${who} captured ${targetsText(event.targets, table.builds)} with ${cardText(event.card)}.`;
      case "build": {
        const value = event.value ?? "";
        return `${who} built ${value} with ${cardText(event.card)}` +
               (event.targets ? ` on ${targetsText(event.targets, table.builds)}.` : ".");
      }
      case "sweep": return `${who} swept the table!`;
      case "deal":
        return event.batch === 1 || event.batch === undefined
          ? `Round ${event.round ?? ""} dealt (${seatName(event.dealer)} deal${event.dealer === HUMAN ? "" : "s"}).`
          : `New cards dealt${event.last_batch ? ": the last batch" : ""}.`;
      case "draw":  // the draw variant: the card only for the seat that drew it (R29)
        return event.card ? `${who} drew ${cardText(event.card)}.` : `${who} drew a card.`;
      case "residue":
        return `${who} took the rest of the table: ${cardsText(event.cards)}.`;
      case "round_scored":
        if (many()) return `Round scored: ${sidesText(event.scores)}.`;
        return `Round scored: you ${event.scores[HUMAN]}, ${house().toLowerCase()} ${event.scores[OPPONENT]}.`;
      case "round_void": return "Nobody captured: the round is void and dealt again.";
      case "game_over":
        if (many()) return `Game over: ${winnerText(event.winner, event.scores)}`;
        return event.winner === null ? "Game over: a draw."
          : event.winner === HUMAN ? "Game over: you win!" : `Game over: ${house()} wins.`;
      case "claim":  // twenty-one-claims (T5-T7)
        return `${who} claim${event.player === HUMAN ? "" : "s"} the game with ${event.secured} ` +
               `points secured of ${event.target}: the claim is ${event.correct ? "right" : "wrong"}.`;
      case "count_out": {  // twenty-one (T1-T4)
        if (event.winner === null || event.winner === undefined) {
          return `Counting out: nobody reaches ${event.target}.`;
        }
        const step = event.steps.find((s) => s.reached);
        return `Counting out: ${seatName(event.winner)} reach${event.winner === HUMAN ? "" : "es"} ` +
               `${event.target} first, with ${step.name}.`;
      }
      case "target_raised":  // twenty-one-claims (T10)
        return `Both totals reach ${event.previous}: the game now goes to ${event.target}.`;
      default: return event.description || `${event.type}`;  // a variant's own: the server's words
    }
  }

  function log(text, who) {
    const item = el("li", { className: who !== undefined && who !== null && who !== HUMAN ? "opp" : "", text });
    const box = $("log");
    box.append(item);
    box.scrollTop = box.scrollHeight;  // the log scrolls, never the page (a phone's)
  }

  // ---- rendering ---------------------------------------------------------------
  function setPhase(phase, status) {
    document.body.dataset.phase = phase;
    if (status !== undefined) $("status").textContent = status;
    const humanTurn = phase === "human";
    $("hint-button").disabled = !humanTurn;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = !message;
  }

  function pickedCards() {
    const builds = game.view ? game.view.table.builds : [];
    const cards = [];
    for (const key of game.picked) {
      if (key.startsWith("build:")) cards.push(...builds[Number(key.slice(6))].groups.flat());
      else cards.push(key);
    }
    return cards;
  }

  const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

  /** The legal moves the current selection makes: that card, exactly those table cards. */
  function selectionMoves() {
    if (!game.hand) return [];
    const cards = pickedCards();
    return game.moves.filter((m) => m.card === game.hand && sameSet(m.targets || [], cards));
  }

  function render() {
    const view = game.view;
    if (!view) return;
    const humanTurn = document.body.dataset.phase === "human";
    const dealt = batchOf(game.rules, view.stock_size);
    $("round-info").textContent =
      `Round ${view.round} · deal ${view.deal}` +
      (dealt ? ` · batch ${dealt.batch} of ${dealt.total}` : ` · stock ${view.stock_size}`) +
      `${view.last_batch ? " (last)" : ""} · ${seatName(view.dealer)} dealt`;

    $("scoreboard").replaceChildren(...scoreParts(view.scores).map((part) => el("span", {
      className: part.side === SIDE[HUMAN] ? "you-score" : "", "data-testid": part.testid,
      text: part.text })));
    if (many()) {
      renderOthers();
    } else {
      renderSeat(OPPONENT);
      $("opponent-title").textContent = house();
    }
    $("opponent").hidden = many();
    $("others").hidden = !many();
    renderSeat(HUMAN);

    // the table
    const loose = view.table.loose.map((code) => cardFace(code, {
      "data-testid": `table-${code}`,
      "aria-pressed": game.picked.has(code) ? "true" : "false",
      disabled: !humanTurn,
      onclick: () => toggleTable(code),
    }));
    $("loose").replaceChildren(...(loose.length ? loose : [el("span", { className: "empty", text: "No loose cards" })]));
    const builds = view.table.builds.map((build, i) => {
      const key = `build:${i}`;
      const owner = build.owner === HUMAN ? "yours" : many() ? `${seatName(build.owner).toLowerCase()}'s` : "the solver's";
      return el("button", {
        type: "button", className: "build", "data-testid": `build-${i}`,
        "data-value": build.value, "data-owner": build.owner,
        "data-cards": build.groups.flat().join(" "),
        "aria-pressed": game.picked.has(key) ? "true" : "false",
        "aria-label": `Build of ${build.value}, ${owner}: ${build.groups.map((g) => g.map(cardName).join(" and ")).join("; ")}`,
        disabled: !humanTurn,
        onclick: () => toggleTable(key),
      },
      el("span", { className: "build-label", "aria-hidden": "true",
                   text: `Build ${build.value} · ${build.owner === HUMAN ? "yours" : many() ? `${seatName(build.owner).toLowerCase()}'s` : "solver's"}` }),
      el("span", { className: "groups", "aria-hidden": "true" },
         build.groups.map((group) => el("span", { className: "group" },
                                        group.map((c) => cardFace(c, {}, true))))));
    });
    $("builds").replaceChildren(...builds);
    $("stock").textContent = view.stock_size
      ? `Stock: ${view.stock_size} cards` : "Stock empty: last batch";

    // your hand
    const hand = view.hand.map((code, i) => cardFace(code, {
      "data-testid": `hand-${code}`,
      "aria-pressed": game.hand === code ? "true" : "false",
      "aria-keyshortcuts": String(i + 1),
      disabled: !humanTurn,
      onclick: () => toggleHand(code),
    }));
    $("hand").replaceChildren(...(hand.length ? hand : [el("span", { className: "empty", text: "No cards in hand" })]));
    decorate(document, humanTurn && game.hand ? reachOf(game.moves, game.hand) : null,
             humanTurn ? game.hinted : null);

    renderMoves(humanTurn);
  }

  /** The game scores per side, the human's first, in the words of the header (which the
   *  round dialog repeats): "You 8", "Solver 3"; "Your team: 5" with three or four seats. */
  function scoreParts(scores) {
    if (!many()) {
      return [{ side: SIDE[HUMAN], testid: "score-you", text: `You ${scores[HUMAN]}` },
              { side: SIDE[OPPONENT], testid: "score-solver", text: `${house()} ${scores[OPPONENT]}` }];
    }
    return sideOrder().map((side) => ({ side, testid: `score-side-${side}`,
                                        text: `${sideName(side)}: ${scores[side]}` }));
  }

  function renderSeat(seat) {
    const view = game.view;
    const mine = seat === HUMAN;
    const badges = [];
    if (view.dealer === seat) badges.push(el("span", { className: "badge", text: "dealer" }));
    if (view.status === "playing" && view.to_move === seat) {
      badges.push(el("span", { className: "badge turn", text: "to move" }));
    }
    if (view.last_capturer === seat) badges.push(el("span", { className: "badge", text: "last capture" }));
    $(mine ? "your-badges" : "opponent-badges").replaceChildren(...badges);

    const pile = view.captured[seat];
    const spades = pile.filter((c) => suitOf(c) === "S").length;
    const aces = pile.filter((c) => rankOf(c) === "A").length;
    const points = game.score  // a majority counts once no card left can change it (R26)
      ? decidedPoints(game.score, game.rules && game.rules.categories, SIDE[seat]) : 0;
    const team = teamed() ? "team " : "";
    $(mine ? "your-stats" : "opponent-stats").textContent =
      `Captured ${pile.length} cards (${spades} ♠, ${aces} aces) · sweeps ${view.sweeps[seat]}` +
      ` · ${team}${points} points this round so far · ${team}game total ${view.scores[SIDE[seat]]}`;

    if (!mine) {
      const count = view.hand_sizes[seat];
      const backs = Array.from({ length: count }, () => el("span", { className: "card back", "aria-hidden": "true" }));
      const box = $("opponent-hand");
      box.replaceChildren(...backs);
      box.setAttribute("aria-label", `${house()}'s hand: ${count} cards`);
      box.dataset.count = String(count);
    }
  }

  /** Three or four seats: one compact section per other seat, in turn order. */
  function renderOthers() {
    const view = game.view;
    const sections = others().map((seat) => {
      const badges = [];
      if (SIDE[seat] === SIDE[HUMAN]) badges.push(el("span", { className: "badge partner", text: "partner" }));
      if (view.dealer === seat) badges.push(el("span", { className: "badge", text: "dealer" }));
      if (view.status === "playing" && view.to_move === seat) {
        badges.push(el("span", { className: "badge turn", "data-testid": `seat-${seat}-turn`, text: "to move" }));
      }
      if (view.last_capturer === seat) badges.push(el("span", { className: "badge", text: "last capture" }));
      const count = view.hand_sizes[seat];
      const pile = view.captured[seat];
      const spades = pile.filter((c) => suitOf(c) === "S").length;
      const name = seatName(seat);
      return el("section", { className: `seat other${view.to_move === seat ? " moving" : ""}`,
                             "data-testid": `seat-${seat}`, "data-seat": seat,
                             "aria-label": `${name} (seat ${seat})` },
        el("div", { className: "seat-head" },
           el("h2", { text: name === `Seat ${seat}` ? name : `${name} · seat ${seat}` }),
           el("span", { className: "badges", "data-testid": `seat-${seat}-badges` }, badges)),
        el("div", { className: "hand backs small-backs", "data-testid": `seat-${seat}-hand`,
                    "data-count": count, "aria-label": `${name}'s hand: ${count} cards` },
           Array.from({ length: count }, () => el("span", { className: "card back", "aria-hidden": "true" }))),
        el("p", { className: "stats", "data-testid": `seat-${seat}-stats`,
                  text: `${count} in hand · captured ${pile.length} (${spades} ♠) · sweeps ${view.sweeps[seat]}` }));
    });
    $("others").replaceChildren(...sections);
  }

  function moveButton(move, testid) {
    const text = describe(move, game.view.table);
    const risk = riskText(game.risks.get(move.id), (seat) => seatName(seat).toLowerCase());
    return el("li", {},
      el("button", { type: "button", className: "play", "data-testid": testid,
                     "data-move-id": move.id, "data-card": move.card,
                     "data-targets": (move.targets || []).join(" "),
                     "aria-label": `Play: ${text}`, onclick: () => playHuman(move) },
         text, el("span", { className: "move-id", "aria-hidden": "true", text: move.id })),
      risk && el("span", { className: "risk", "data-testid": `${testid}-risk`, role: "note",
                           text: risk }));
  }

  function renderMoves(humanTurn) {
    const list = $("selection-moves");
    const all = $("all-moves");
    if (!humanTurn) {
      $("selection-text").textContent = document.body.dataset.phase === "opponent"
        ? (many() ? `Waiting for ${seatName(game.view.to_move).toLowerCase()}…` : "Waiting for the solver…") : "";
      list.replaceChildren();
      all.replaceChildren();
      renderWhy(false, []);
      return;
    }
    const picked = pickedCards();
    let text;
    if (!game.hand) {
      text = "Pick a card from your hand, then the table cards or builds to take or build on.";
    } else if (picked.length === 0) {
      text = `${cardText(game.hand)} alone: trail it, or pick table cards to capture or build.`;
    } else {
      text = `${cardText(game.hand)} with ${cardsText(picked)}:`;
    }
    const matches = selectionMoves();
    if (game.hand && matches.length === 0) text += " no legal move takes exactly these cards.";
    $("selection-text").textContent = text;
    renderWhy(matches.length === 0 && game.hand !== null, picked);
    list.replaceChildren(...matches.map((m) => moveButton(m, `move-${m.id}`)));
    all.replaceChildren(...game.moves.map((m) => moveButton(m, `any-move-${m.id}`)));
  }

  /** The "Why not?" button of a selection that makes no legal move, and the answer of
   *  POST /v1/why once asked (the rule it breaks, linked). */
  function renderWhy(offer, picked) {
    const box = $("why-not");
    const key = `${game.hand} ${[...picked].sort().join(" ")}`;
    if (!offer) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const known = game.why && game.why.key === key ? game.why : null;
    const button = el("button", { type: "button", className: "link", "data-testid": "why-button",
                                  onclick: () => explain(key, picked) }, "Why not?");
    if (!known) {
      box.replaceChildren(button);
      return;
    }
    const lines = known.reasons.map((r) => el("li", { "data-testid": "why-reason", "data-rule": r.rule },
      `${r.message} `, el("a", { href: `..${r.rule_url}`, target: "_blank", rel: "noopener", text: r.rule })));
    box.replaceChildren(el("p", { className: "why-text", "data-testid": "why-text",
                                  "data-rule": known.rule || "", text: known.text || "" }),
                        el("ul", { className: "why-reasons" }, lines));
  }

  async function explain(key, picked) {
    const generation = game.generation;
    try {
      const answer = await askWhy(api, seat(), game.hand, picked);
      if (generation !== game.generation) return;
      game.why = { key, ...answer };
      render();
    } catch (err) {
      fail(err);
    }
  }

  // ---- selection ---------------------------------------------------------------
  function toggleHand(code) {
    game.hand = game.hand === code ? null : code;
    render();
    const again = document.querySelector(`[data-testid="hand-${code}"]`);
    if (again) again.focus();
  }

  function toggleTable(key) {
    if (game.picked.has(key)) game.picked.delete(key);
    else game.picked.add(key);
    render();
    const testid = key.startsWith("build:") ? `build-${key.slice(6)}` : `table-${key}`;
    const again = document.querySelector(`[data-testid="${testid}"]`);
    if (again) again.focus();
  }

  function clearSelection() {
    game.hand = null;
    game.picked.clear();
    render();
  }

  // ---- the game loop -----------------------------------------------------------
  /** The human's view and the score as they stand; the view's events are the last
   *  apply's (the human's move and the house's answers). */
  async function refresh() {
    const [view, score] = await Promise.all([api.view(seat()), api.score(seat())]);
    game.view = view.view;
    game.score = score;
    return view.events || [];
  }

  let equityText = null;  // the page's own words for two seats
  async function newGame() {
    const generation = ++game.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));  // replay.js
    closeDialog();
    showError("");
    $("log").replaceChildren();
    if (notice) log(notice);
    notice = null;
    $("hint-panel").hidden = true;
    $("last-move").textContent = "";
    lastRound = null;
    $("show-round").hidden = true;
    game.fresh = new Set();
    setPhase("busy", "Dealing…");
    seatUp(offered.find((v) => v.name === game.variant));
    const body = { game: context.game, variant: game.variant, sealed: true,
                   house: Array.from({ length: SEATS }, (_, seat) => seat)
                     .filter((seat) => seat !== HUMAN)
                     .map((seat) => houseSeat(seat, CONFIG.opponent, CONFIG.dial)) };
    if (equityText === null) equityText = $("hint-equity").textContent;
    $("hint-equity").textContent = many()
      ? `Equity is the expected round points of ${teamed() ? "your team less the other team's" : "yours less the mean of the others'"} if you play the move; ± is its standard error.`
      : equityText;
    if (CONFIG.seed !== null) body.seed = CONFIG.seed;
    if (CONFIG.dealer !== null) body.dealer = CONFIG.dealer;
    try {
      const data = await api.newGame(body);
      if (generation !== game.generation) return;
      game.token = data.game;
      game.credential = data.credentials[HUMAN];
      const dealt = await refresh();  // the deal, and the house's lead if it leads
      if (generation !== game.generation) return;
      game.rules = await rulesOf(game.view.variant);
      if (generation !== game.generation) return;
      showVariant(game.view.variant);
      const dealer = game.view.dealer;
      const target = game.rules && game.rules.target_score;
      log(`New game of ${game.view.variant}: ${seatName(dealer)} deal${dealer === HUMAN ? "" : "s"} first.` +
          (target ? ` First to ${target} wins.` : ""));
      const deal = dealt.find((e) => e.type === "deal");
      const asDealt = deal && deal.table ? { loose: deal.table, builds: [] } : game.view.table;
      // the table as dealt, then the house's lead if it leads
      const before = !dealt.some(isHouseMove) ? null : many()
        ? { ...game.view, table: asDealt, to_move: (dealer + 1) % SEATS,
            hand_sizes: game.view.hand_sizes.map(() => (deal && deal.hand_size) || game.view.hand.length),
            captured: game.view.captured.map(() => []), sweeps: game.view.sweeps.map(() => 0),
            last_capturer: null }
        : { ...game.view, table: asDealt, to_move: OPPONENT };
      await play(generation, dealt, game.view, before, asDealt);
    } catch (err) {
      fail(err);
    }
  }

  function fail(err) {
    setPhase("error", "Something went wrong.");
    if (err instanceof CardGamesError) {
      showError(err.message);
    } else if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) {
      showError(`cannot reach the API (${err.message})`);
    } else {
      showError(String(err));
      console.error(err);
    }
  }

  const MOVES = new Set(["capture", "build", "trail"]);
  const isHouseMove = (event) => MOVES.has(event.type) && event.player !== HUMAN;

  /** After a move: tell its events one at a time (each house move after the delay; a
   *  round's end in its dialog), then move on with `final`, the human's view once
   *  everything is played.  `before` is the human's view before the house answered,
   *  `table` the table the first event was played on. */
  async function play(generation, events, final, before, table, prior = null) {
    game.view = before || final;
    render();
    let shown = !before;  // the final view is on the table: nothing to replay on it
    for (const event of events) {
      if (isHouseMove(event)) {
        game.moves = [];
        if (many() && !shown) game.view = { ...game.view, to_move: event.player };
        setPhase("opponent", many() ? `${seatName(event.player)} is thinking…` : "The solver is thinking…");
        render();
        await sleep(CONFIG.delay);
        if (generation !== game.generation) return;
        table = game.view.table;  // the house plays on the table shown
        game.fresh = new Set([event.card, ...(event.type === "build" ? event.targets || [] : [])]);
        $("last-move").textContent = describeEvent(event, table);
        if (!many()) {
          game.view = final;  // one house seat: its moves lead to the final table
        } else if (!shown) {  // several: each move on the table shown, one at a time
          game.view = afterEvent(game.view, event, SIDE);
          render();
        }
      } else if (many() && !shown && (event.type === "sweep" || event.type === "deal")) {
        game.view = afterEvent(game.view, event, SIDE);
      }
      log(describeEvent(event, table), event.player);
      if (event.type === "round_scored" || event.type === "round_void") {
        const categories = await scoringCategories();
        if (generation !== game.generation) return;
        // the round's last table first (its last move played, the rest not yet taken)
        const last = lastTable(prior, events, (v, e) => afterEvent(v, e, SIDE));
        // the round is scored: the header and the stats say the server's view of it (its
        // game scores, the dialog's) and the round's points (the breakdown, /v1/score's form)
        game.view = last ? { ...last, scores: final.scores } : final;
        if (event.breakdown) game.score = event.breakdown;
        shown = true;
        const over = final.status === "game_over" ? "Game over." : "Round over.";
        if (last) {  // a phase of its own: "round-end" is the dialog's
          setPhase("last-table", `${over} The last table:`);
          render();
          await sleep(CONFIG.delay);
          if (generation !== game.generation) return;
        }
        setPhase("round-end", over);
        render();
        showRoundEnd(event, events.find((e) => e.type === "game_over"), categories);
        await roundClosed();
        if (generation !== game.generation) return;
        game.view = final;  // the new table: nothing of the last one's moves on it
        game.score = null;  // nothing captured of it yet (refresh asks /v1/score again)
        game.fresh = new Set();
        $("last-move").textContent = "";
        render();
      }
    }
    game.view = final;
    await nextTurn(generation);
  }

  let closeRound = null;
  /** Resolves when the player closes the round dialog ("Next round" or "See the table"). */
  const roundClosed = () => new Promise((resolve) => { closeRound = resolve; });

  async function nextTurn(generation) {
    await refresh();
    if (generation !== game.generation) return;
    const view = game.view;
    game.hand = null;
    game.picked.clear();
    if (view.status === "game_over") {  // replay.js offers the replay and the review
      document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {
        game: game.token, credential: game.credential, seat: HUMAN,
        names: Array.from({ length: SEATS }, (_, s) => seatName(s)) } }));
    }
    if (view.status === "game_over" && many()) {
      setPhase("game-over", `Game over: ${winnerText(view.winner, view.scores)}`);
      render();
      return;
    }
    if (view.status === "game_over") {
      const [mine, theirs] = [view.scores[HUMAN], view.scores[OPPONENT]];
      setPhase("game-over", view.winner === null ? `Game over: a draw, ${mine} to ${theirs}.`
        : view.winner === HUMAN ? `Game over: you win, ${mine} to ${theirs}!`
        : `Game over: ${house()} wins, ${theirs} to ${mine}.`);
      render();
      return;
    }
    // the house has answered: the human moves; each move with the sweep it leaves (R13)
    const data = await api.legalMoves({ ...seat(), risks: true });
    if (generation !== game.generation) return;
    game.moves = data.moves;
    game.risks = new Map((data.risks || []).map((risk) => [risk.move, risk]));
    game.hinted = null;
    game.why = null;
    setPhase("human", "Your turn: pick a card from your hand.");
    render();
    const first = document.querySelector('[data-testid="hand"] button');
    if (first && (document.activeElement === document.body || !document.activeElement)) {
      first.focus({ preventScroll: true });
    }
  }

  async function playHuman(move) {
    if (document.body.dataset.phase !== "human") return;
    const generation = game.generation;
    const tableBefore = game.view.table;
    const viewBefore = game.view;
    setPhase("busy", `You: ${describe(move, tableBefore)}`);
    $("hint-panel").hidden = true;
    game.hinted = null;
    game.fresh = new Set();
    try {
      const data = await api.apply({ ...seat(), move: move.id });
      if (generation !== game.generation) return;
      game.token = data.game;
      $("last-move").textContent = `You: ${describe(move, tableBefore)}.`;
      await play(generation, data.events, data.view, data.view_before_house, tableBefore,
                 viewBefore);
    } catch (err) {
      fail(err);
    }
  }

  async function showHint() {
    if (document.body.dataset.phase !== "human") return;
    const generation = game.generation;
    const panel = $("hint-panel");
    panel.hidden = false;
    $("hint-list").replaceChildren(el("li", { "data-testid": "hint-loading", text: "Thinking…" }));
    $("hint-solver").textContent = "";
    $("hint-button").disabled = true;
    try {
      const answer = await hints();
      if (generation !== game.generation || document.body.dataset.phase !== "human") return;
      const byId = new Map(game.moves.map((m) => [m.id, m]));
      const numbers = hintNumbers(answer.moves);
      const rows = answer.moves.map((hint, i) => {
        const move = byId.get(hint.move.id) || hint.move;
        const text = describe(move, game.view.table) + alternativesText(
          hint, (id) => (byId.has(id) ? describe(byId.get(id), game.view.table) : id));
        const sign = hint.equity > 0 ? "+" : "";
        // readable hints: a move the same as a better-ranked one up to suits is said there,
        // and the rows shown are numbered 1, 2, 3... (the API's rank in data-rank)
        const number = numbers[i];
        return el("li", { "data-testid": "hint-row", "data-move-id": move.id, "data-equity": hint.equity,
                          "data-rank": hint.rank, "data-alternative-of": hint.alternative_of || null,
                          hidden: number === null },
          el("span", { className: "rank-no", text: number === null ? "" : `${number}.` }),
          el("span", { className: "what", text }),
          el("span", { className: "equity", "aria-label": `equity ${hint.equity}, standard error ${hint.stderr}` },
             `${sign}${hint.equity.toFixed(2)} `,
             el("span", { className: "err", text: `± ${hint.stderr.toFixed(2)}` })),
          el("button", { type: "button",
                         "data-testid": number === null ? `hint-play-alike-${hint.rank}` : `hint-play-${number}`,
                         "aria-label": `Play: ${text}`, onclick: () => playHuman(move) }, "Play"));
      });
      $("hint-list").replaceChildren(...rows);
      game.hinted = answer.moves.length ? (byId.get(answer.moves[0].move.id) || answer.moves[0].move) : null;
      render();  // the hinted cards light up
      const s = answer.solver;
      $("hint-solver").textContent =
        `${s.algorithm}: ${s.samples} sampled deals, ${Math.round(s.elapsed_ms)} ms${s.cached ? " (cached)" : ""}`;
    } catch (err) {
      fail(err);
    } finally {
      $("hint-button").disabled = document.body.dataset.phase !== "human";
    }
  }

  // ---- round end and game over -------------------------------------------------
  /** Every variant's rule options, from GET /v1/variants (asked once): name -> options. */
  let allRules = null;
  function variantRules() {
    if (allRules === null) {
      allRules = api.variants()
        .then((answer) => new Map(answer.variants.map((v) => [v.name, v])))
        .catch(() => new Map());  // the table then says less (no batches, no categories)
    }
    return allRules;
  }

  /** The rule options of the game's variant, or null when they are not known. */
  async function rulesOf(variant) {
    return (await variantRules()).get(variant) || null;
  }

  /** The scoring categories of the game's variant, with their names and points; null
   *  when its options have none. */
  async function scoringCategories() {
    const rules = await rulesOf((game.view && game.view.variant) || game.variant);
    return (rules && rules.categories) || null;
  }

  const categoryLabel = (c) =>
    `${c.name}${c.card ? ` ${cardText(c.card)}` : ""} (${c.points}${c.each ? " each" : ""})`;

  function sidesBreakdownTable(breakdown, categories, labelled) {
    const order = sideOrder();
    const cell = (side, key) => {
      const p = breakdown.players[side];
      return el("td", { "data-testid": `breakdown-${key}-side${side}` },
        el("span", { className: "count", text: `${p[key]}` }),
        el("span", { className: "pts", text: `${p.points[key]}` }));
    };
    const rows = labelled.map(([key, label]) =>
      el("tr", {}, el("th", { scope: "row", text: label }), order.map((side) => cell(side, key))));
    return el("table", { className: "breakdown", "data-sides": order.length },
      el("caption", { className: "hint-text",
                      text: "For each category and side: cards taken (grey), then points (bold), R26." }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }),
                         order.map((side) => el("th", { scope: "col", text: sideName(side) })))),
      el("tbody", {}, rows,
         el("tr", { className: "total" }, el("th", { scope: "row", text: "Round points" }),
            order.map((side) => el("td", { "data-testid": `breakdown-total-side${side}`,
                                           text: `${breakdown.players[side].total}` })))));
  }

  function breakdownTable(breakdown, categories) {
    const cell = (seat, key) => {
      const p = breakdown.players[seat];
      return el("td", { "data-testid": `breakdown-${key}-${seat === HUMAN ? "you" : "solver"}` },
        el("span", { className: "count", text: `${p[key]}` }),
        el("span", { className: "pts", text: `${p.points[key]}` }));
    };
    const labelled = categories
      ? categories.map((c) => [c.key, categoryLabel(c)])
      : Object.keys(breakdown.players[0].points).map((key) => {
        const words = key.replace(/_/g, " ");
        return [key, words[0].toUpperCase() + words.slice(1)];
      });
    if (many()) return sidesBreakdownTable(breakdown, categories, labelled);
    const rows = labelled.map(([key, label]) =>
      el("tr", {}, el("th", { scope: "row", text: label }), cell(HUMAN, key), cell(OPPONENT, key)));
    const total = (seat) => el("td", { "data-testid": `breakdown-total-${seat === HUMAN ? "you" : "solver"}`,
                                       text: `${breakdown.players[seat].total}` });
    return el("table", { className: "breakdown" },
      el("caption", { className: "hint-text",
                      text: "For each category: cards taken (grey), then points (bold), R26." }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }),
                         el("th", { scope: "col", text: "You" }), el("th", { scope: "col", text: house() }))),
      el("tbody", {}, rows,
         el("tr", { className: "total" }, el("th", { scope: "row", text: "Round points" }),
            total(HUMAN), total(OPPONENT))));
  }

  let lastRound = null;  // the last round's dialog, to reopen it (the header's button)
  function reopenRound() {
    if (!lastRound || $("round-dialog").open) return;
    showRoundEnd(...lastRound);
    $("continue").textContent = "Close";
  }

  function showRoundEnd(ended, over, categories) {
    lastRound = [ended, over, categories];
    $("show-round").hidden = false;
    $("show-round").textContent = ended.type === "round_void" ? "Last round"
      : `Round ${ended.round ?? ""} breakdown`;
    const dialog = $("round-dialog");
    const box = $("round-breakdown");
    if (ended.type === "round_void") {
      $("round-dialog-title").textContent = "Void round";
      box.replaceChildren(el("p", { text: "Nobody captured anything: no points, and the same dealer deals again (R25)." }));
    } else {
      $("round-dialog-title").textContent = `Round ${ended.round ?? ""} scored`;
      box.replaceChildren(
        breakdownTable(ended.breakdown, categories),
        el("p", { "data-testid": "round-scores",
                  text: `Game scores: ${scoreParts(ended.scores).map((part) => part.text).join(" · ")}.` }));
    }
    const overText = $("game-over");
    if (over && many()) {
      overText.hidden = false;
      overText.textContent = winnerText(over.winner, over.scores);
    } else if (over) {
      overText.hidden = false;
      overText.textContent = over.winner === null
        ? `A drawn game, ${over.scores[HUMAN]} to ${over.scores[OPPONENT]}.`
        : over.winner === HUMAN
        ? `You win the game, ${over.scores[HUMAN]} to ${over.scores[OPPONENT]}!`
        : `${house()} wins the game, ${over.scores[OPPONENT]} to ${over.scores[HUMAN]}.`;
    } else {
      overText.hidden = true;
    }
    $("continue").textContent = over ? "See the table" : "Next round";
    $("dialog-new-game").hidden = !over;
    if (!dialog.open) dialog.showModal();
    (over ? $("dialog-new-game") : $("continue")).focus();
  }

  function closeDialog() {
    const dialog = $("round-dialog");
    if (dialog.open) dialog.close();
  }

  function continueGame() {
    closeDialog();
    const resolve = closeRound;
    closeRound = null;
    if (resolve) resolve();
  }

  // ---- the variant menu ----------------------------------------------------------
  /** The variants offered, from GET /v1/catalog; standard alone when it offers none. */
  let offered = [];
  let notice = null;  // told in the log of the next new game
  const STANDARD_ONLY = [{ name: "standard", rules_url: "/rules/standard" }];

  function loadVariants() {
    offered = tableVariants(context.catalog, context.game);
    if (!offered.length) offered = STANDARD_ONLY;
    game.variant = pickVariant(offered, CONFIG.variant);
    const select = $("variant-select");
    select.replaceChildren(...offered.map((v) => el("option", {
      value: v.name, text: v.name, title: v.description || null,
      "data-testid": `variant-${v.name}`, selected: v.name === game.variant })));
    select.value = game.variant;
    select.disabled = offered.length < 2;
    showVariant(game.variant);
    if (CONFIG.variant && CONFIG.variant !== game.variant) {
      notice = `The variant ${CONFIG.variant} cannot be played at this table: playing ${game.variant}.`;
    }
  }

  /** The variant's name and rules page in the header. */
  function showVariant(name) {
    const entry = offered.find((v) => v.name === name);
    $("variant-name").textContent = name;
    $("variant-name").title = (entry && entry.description) || "";
    const link = $("rules-link");
    const url = entry && entry.rules_url;
    link.hidden = !url;
    if (url) {
      link.href = new URL(url.replace(/^\//, ""), api.baseUrl).href;
      link.textContent = `Rules of ${name}`;
    }
  }

  function loadLevels() {
    const select = $("level-select");
    const dialed = CONFIG.dial !== null;
    const current = dialed ? levelAt(CONFIG.dial) || "dial" : CONFIG.opponent;
    const options = dialed ? dialOptions(CONFIG.dial) : levelOptions(CONFIG.opponent);
    select.replaceChildren(...options.map((level) => el("option", {
      value: level.name, text: level.label, "data-testid": `level-${level.name}`,
      selected: level.name === current })));
    select.value = current;
    $("dial-pick").hidden = false;
    $("dial-input").value = String(dialed ? CONFIG.dial : dialOf(CONFIG.opponent) ?? 100);
    showDial();
  }

  /** The dial's number, and the named level it stands on. */
  function showDial() {
    const value = Number($("dial-input").value);
    const level = levelAt(value);
    $("dial-value").textContent = level ? `${value} · ${level}` : `${value}`;
  }

  function chooseLevel() {
    if ($("level-select").value === "dial") return;
    CONFIG.opponent = $("level-select").value;
    CONFIG.dial = null;
    const url = new URL(location.href);
    url.searchParams.set("opponent", CONFIG.opponent);
    url.searchParams.delete("dial");
    history.replaceState(null, "", url);
    loadLevels();  // the dial moves to the level's value
    newGame();
  }

  /** The dial let go at a value: the next game is against DialBot at it (once the keys
   *  rest: each arrow key press is a change of its own). */
  let dialTimer = null;
  function chooseDial() {
    clearTimeout(dialTimer);
    dialTimer = setTimeout(startDial, 300);
  }

  function startDial() {
    CONFIG.dial = Number($("dial-input").value);
    const url = new URL(location.href);
    url.searchParams.set("dial", String(CONFIG.dial));
    url.searchParams.delete("opponent");
    history.replaceState(null, "", url);
    loadLevels();
    newGame();
  }

  function chooseVariant() {
    game.variant = $("variant-select").value;
    const url = new URL(location.href);
    url.searchParams.set("variant", game.variant);
    history.replaceState(null, "", url);
    showVariant(game.variant);
    newGame();
  }

  // ---- wiring ------------------------------------------------------------------
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if ($("round-dialog").open) return;
    const phase = document.body.dataset.phase;
    if (event.key === "Escape") {
      clearSelection();
    } else if ((event.key === "h" || event.key === "H") && phase === "human") {
      showHint();
    } else if (/^[1-9]$/.test(event.key) && phase === "human" && game.view) {
      const code = game.view.hand[Number(event.key) - 1];
      if (code) toggleHand(code);
    } else {
      return;
    }
    event.preventDefault();
  }

  $("new-game").addEventListener("click", newGame);
  $("dialog-new-game").addEventListener("click", newGame);
  $("continue").addEventListener("click", continueGame);
  $("round-dialog").addEventListener("cancel", (event) => event.preventDefault());
  $("hint-button").addEventListener("click", showHint);
  $("clear-selection").addEventListener("click", clearSelection);
  document.addEventListener("keydown", onKey);
  // a solver turn runs as a background task: its errors end up on the page
  window.addEventListener("unhandledrejection", (event) => fail(event.reason));
  $("variant-select").addEventListener("change", chooseVariant);
  $("level-select").addEventListener("change", chooseLevel);
  $("dial-input").addEventListener("input", showDial);
  $("dial-input").addEventListener("change", chooseDial);
  $("show-round").addEventListener("click", reopenRound);
  // touch screens have no keys to tell of (the legend and the buttons' key caps)
  if (matchMedia("(pointer: coarse)").matches) document.body.dataset.touch = "true";
  loadLevels();
  loadVariants();
  return newGame();
}

// ---- a replayed position (replay.js): a full state, every hand; `t` replay.js's helpers ----

export const replayDealt = (state, t) => `Round ${state.round} dealt by ${t.seatName(state.dealer).toLowerCase()}.`;

/** Each hand, with the cards it has taken and its sweeps. */
export const replaySeats = (state) => state.hands.map((hand, seat) => ({
  groups: [hand],
  stats: `${state.captured[seat].length} cards taken, ${state.sweeps[seat]} sweep${state.sweeps[seat] === 1 ? "" : "s"}` }));

/** The table's loose cards and builds, the stock and the scores. */
export function replayTable(state, t) {
  const table = state.table;
  return [
    t.el("h3", { text: `Table (stock ${state.stock.length}) · scores ${state.scores.join(" – ")}` }),
    t.el("div", { className: "replay-hand", "aria-label": "Table" },
         table.loose.map(t.card),
         table.builds.map((b) => t.el("span", { className: "build", text: `${t.seatName(b.owner)}'s build of ${b.value}: ` },
                                      b.groups.flat().map(t.card))))];
}

/** The events but the move's own (a trail, capture or build says the move again). */
export const replayEvents = (position) => position.events
  .filter((e) => !["trail", "capture", "build"].includes(e.type));
