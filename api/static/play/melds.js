/* The web table of the draw-and-meld games (Conquian and the rummy games: Poker Rum,
 * Poker Gin, Double-Pack Rum), shared: each such game's module (game-conquian.js,
 * game-rummy.js) exports this module's `start` as its own, and with it what differs
 * between the games (the `rules` below: where the melds and the face-up card are in the
 * view, what a move uses, the scoreboard, the end of a hand...).  Against a house seat,
 * through the public /v1 API like every table (play.js starts the game's module).  A
 * sealed game: the page holds the token and the human seat's credential, and renders what
 * /v1/view gives that seat (the engines' own view forms): your hand by suit with its melds
 * marked, the stock's size, the face-up card or the discard pile, every meld on the table
 * with its owner, the other hand as backs.  Moves are chosen by clicking cards (and a
 * table meld) or from the list of legal moves; hints rank them.  What the game's catalog
 * `features` list is offered (docs/play.md "The meld games' features"): the Opponent menu
 * with the variant's levels and the Dial (`levels`, `dial`), a Why? on the picked cards
 * (`why`), the warning beside each discard (`risks`), the hints with alike moves grouped. */
import { CardGamesError } from "../sdk/cardgames.js";
import { el } from "./dom.js";
import { alternativesText, askMeldWhy, hintNumbers, meldRiskText } from "./why.js";
import { houseOptions, houseSeat, parseDial } from "./levels.js";
import { laidCards, parseCard, pip, selectionMoves } from "./meldcards.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A meld game's entries in the page's game menu: each playable variant, by its title
 *  (`titles`, the game's module's). */
export function variantMenu(entry, titles) {
  return entry.variants.filter((v) => v.playable)
    .map((v) => ({ variant: v.name, label: titles[v.name] || v.name }));
}

const cardText = (code) => {
  const c = parseCard(code);
  if (c.joker) return `🃏${code.slice(2)}`;
  return `${c.rank}${SUITS[c.suit]}${c.prime ? "′" : ""}`;
};
const cardName = (code) => {
  const c = parseCard(code);
  if (c.joker) return `joker ${code.slice(2)}`;
  return `${RANK_NAMES[c.rank] || c.rank} of ${SUIT_NAMES[c.suit]}${c.prime ? " (second pack)" : ""}`;
};
const cardsText = (codes) => (codes || []).map(cardText).join(" ");
/** A laid meld's text (`6C+JK1+8C@6`) in cards. */
const laidText = (text) => cardsText(laidCards(text));

/** Start the table of a meld game (play.js calls it as the game's module's `start`):
 *  `config` is play.js's URL options, `context` names the game (`game`, its catalog
 *  `entry`) and holds its module (`table`), whose exports are the game's `rules`:
 *    suitGroups(hand, view), handMelds(hand, view)   the hand by suit; the melds it
 *                                          holds (in the pack of the view's variant)
 *    tableMelds(view), faceUp(view)        the melds on the table; the card one may take
 *    moveUses(move, view), moveId(move)    what a move uses (to pick it by clicking); its id
 *    afterEvent(view, event)               the view after a house move (shown one by one)
 *    variantTitles, equityText, noCard     words: the variants', the hint's, no face-up card
 *    scoreboard(view, t), pileWords(view, t), extra(view, t), handNote(view, t),
 *    turnText(view, t), handEnd(view, events, t)   the parts of the page that differ
 *    sitsOut(view, seat)                   optional: whether a seat sits the hand out
 *    whyMeld(meld)                         optional: how POST /v1/why names a table meld
 *                                          aimed at (`{meld: n}`); `{table: cards}` else
 *  where `t` holds the page's helpers (el, cardText, cardsText, seatName, houseName, the
 *  human's seat and the other's). */
export function startMelds(api, config, context) {
  const game = context.game;
  const rules = context.table;
  const { tableMelds, faceUp, moveUses, moveId } = rules;
  const VARIANT_TITLES = rules.variantTitles || {};
  const state = {
    game, variant: config.variant, human: config.human || 0, players: config.players || null,
    token: null, credential: null, view: null, moves: [], picked: new Set(), meld: null,
    generation: 0, fresh: new Set(), offered: [],
    bot: config.opponent,  // the house's bot: the URL's, or random where the variant has no other
    dial: null,            // the house's skill dial 0..100 instead (the URL's `dial`)
    risks: new Map(),      // move id -> its warning (legal-moves' risks)
    why: null,             // the last why-not answer, for the selection it was asked of
  };
  const features = new Set((context.entry && context.entry.features) || []);
  config.dial = features.has("dial") && context.params ? parseDial(context.params.get("dial")) : null;
  /** The seats at the table: the view's, else the game asked for (two by default). */
  const seats = () => (state.view ? state.view.hand_sizes.length : state.players || 2);
  /** The other seats in turn order, from the one after the human's: every one a house's. */
  const others = () => Array.from({ length: seats() - 1 }, (_, i) => (state.human + 1 + i) % seats());
  const other = () => others()[0];
  const seatName = (seat) => (seat === state.human ? "You"
    : seats() > 2 ? `${houseName()} (seat ${seat})` : houseName());
  const houseName = () => (state.dial !== null ? `House (dial ${state.dial})`
    : state.bot === "solver" ? "Solver" : `House (${state.bot})`);
  /** `you +1, solver -1`: each seat's points, the human's first. */
  const each = (points) => [state.human, ...others()].map((s) =>
    `${s === state.human ? "you" : seatName(s).toLowerCase()} ${signed(points[s])}`).join(", ");
  /** A suffix for the test ids of one opponent's parts: none at two seats. */
  const seatId = (seatNo) => (seats() > 2 ? `-${seatNo}` : "");
  const who = (event) => (event.player ?? event.seat);
  const seat = () => ({ game: state.token, credential: state.credential });

  /** The page's helpers, for the game's module's parts of the page. */
  const t = {
    el, cardText, cardsText, pip, seatName, who,
    houseName: () => houseName(),
    get human() { return state.human; },
    get other() { return other(); },
    get others() { return others(); },
  };

  // ---- the page: the board of the page's HTML replaced by ours ---------------------------
  const page = document.querySelector(".board");  // the HTML's board (Cassino's): not used here
  const board = el("div", { className: "melds-board", "data-testid": "melds-board" });
  page.replaceWith(board);
  const keys = document.querySelector(".keys");
  if (keys) keys.textContent = "Click cards of your hand (and a meld on the table) to see the moves that use them; Esc clears, H asks for a hint.";
  if (rules.equityText) $("hint-equity").textContent = rules.equityText;

  // ---- rendering ---------------------------------------------------------------------
  function setPhase(phase, status) {
    document.body.dataset.phase = phase;
    if (status !== undefined) $("status").textContent = status;
    $("hint-button").disabled = phase !== "human";
  }

  function showError(message) {
    $("error").textContent = message;
    $("error").hidden = !message;
  }

  function log(text, seatNo) {
    const item = el("li", { className: seatNo !== undefined && seatNo !== null && seatNo !== state.human ? "opp" : "", text });
    $("log").append(item);
    item.scrollIntoView({ block: "nearest" });
  }

  function face(code, attrs = {}, extra = "") {
    const c = parseCard(code);
    const tag = attrs.onclick ? "button" : "span";
    const red = c.suit === "H" || c.suit === "D";
    const classes = ["card", red ? "red" : "black", c.joker ? "joker" : "", c.prime ? "prime" : "",
                     state.fresh.has(code) ? "fresh" : "", extra].filter(Boolean).join(" ");
    return el(tag, { className: classes, "aria-label": cardName(code), "data-card": code,
                     ...(tag === "button" ? { type: "button" } : { role: "img" }), ...attrs },
      el("span", { className: "rank", "aria-hidden": "true", text: c.joker ? "JK" : c.rank }),
      el("span", { className: "suit", "aria-hidden": "true", text: c.joker ? code.slice(2) : SUITS[c.suit] + (c.prime ? "′" : "") }));
  }

  function render() {
    const view = state.view;
    if (!view) return;
    const humanTurn = document.body.dataset.phase === "human";
    const picked = state.picked;
    const melds = tableMelds(view);
    const up = faceUp(view);

    // header: the hand, the stock, the scores
    const phaseWords = { offer: "a card is offered", meld: "laying or discarding", draw: "draw",
                         discard: "discard", over: "hand over" }[view.phase] || view.phase;
    $("round-info").textContent = `${VARIANT_TITLES[view.variant] || view.variant} · ` +
      `${seatName(view.dealer)} dealt · ${phaseWords}`;
    $("scoreboard").replaceChildren(...rules.scoreboard(view, t));

    // each other seat: backs, its count, and the cards it is known to hold (rummy, RM27)
    const opponents = others().map((seatNo) => {
      const count = view.hand_sizes[seatNo];
      const known = (view.known && view.known[seatNo]) || [];
      const shown = view.shown ? view.shown[seatNo] : null;
      const id = seatId(seatNo);
      const name = seatName(seatNo);
      return el("section", { className: "seat opponent", "data-testid": `melds-opponent${id}`,
                             "data-seat": seatNo, "aria-label": `${name}'s hand` },
        el("div", { className: "seat-head" }, el("h2", { text: name }),
           el("span", { className: "badges" }, badges(seatNo))),
        shown
          ? el("div", { className: "hand", "data-testid": `opponent-shown${id}` }, shown.map((c) => face(c, {}, "small")))
          : el("div", { className: "hand backs", "data-testid": `opponent-hand${id}`, "data-count": count,
                        "aria-label": `${name}'s hand: ${count} cards` },
               Array.from({ length: count }, () => el("span", { className: "card back", "aria-hidden": "true" }))),
        el("p", { className: "stats", "data-testid": `opponent-stats${id}`,
                  text: `${count} card${count === 1 ? "" : "s"} in hand` +
                        (known.length && !shown ? ` · known to hold ${cardsText(known)}` : "") }));
    });

    // the centre: stock, face-up card or pile, dead cards
    const pileBox = el("div", { className: "pile", "data-testid": "pile" });
    if (up) {
      // a card you can take is a live control, marked so; any other is shown as it lies
      // (a picture, never a faded button: it is what is on offer, not a switch turned off)
      const takeable = humanTurn && state.moves.some((m) => moveUses(m, view).cards.includes(up));
      pileBox.append(takeable
        ? face(up, { "data-testid": "up-card", "data-takeable": "true",
                     "aria-pressed": picked.has(up) ? "true" : "false", onclick: () => toggleCard(up) },
               ["takeable", picked.has(up) ? "picked" : ""].filter(Boolean).join(" "))
        : face(up, { "data-testid": "up-card" }));
    } else {
      pileBox.append(el("span", { className: "empty", text: rules.noCard || "No card" }));
    }
    const pileWords = rules.pileWords(view, t);
    const centre = el("section", { className: "felt melds-centre", "data-testid": "table", "aria-label": "Stock and face-up card" },
      el("div", { className: "stock-pile" },
        el("div", { className: "stock-box", "data-testid": "stock", "data-count": view.stock_size },
           view.stock_size ? el("span", { className: "card back", "aria-hidden": "true" }) : null,
           el("span", { text: `Stock: ${view.stock_size}` })),
        pileBox,
        el("p", { className: "pile-words", "data-testid": "pile-words", text: pileWords })),
      rules.extra ? rules.extra(view, t) : null,
      el("p", { className: "last-move", id: "melds-last-move", "data-testid": "last-move", "aria-live": "polite",
                text: state.lastMove || "" }));

    // the tableau: every seat's melds, with whose they are
    const meldBoxes = (owner) => melds.filter((m) => m.owner === owner).map((m) => {
      // a meld a move may go onto; any meld on your turn where why-not may ask about it
      const usable = humanTurn && (features.has("why") || state.moves.some((mv) => moveUses(mv, view).meld === m.key));
      const label = `${m.owner === state.human ? "your" : `${seatName(m.owner).toLowerCase()}'s`} meld${m.kind ? ` (${m.kind})` : ""}: ${m.cards.map(cardName).join(", ")}`;
      return el("button", {
        type: "button", className: `meld${state.meld === m.key ? " picked" : ""}`,
        "data-testid": `meld-${m.key.replace(":", "-")}`, "data-meld": m.key, "data-owner": m.owner,
        "data-cards": m.cards.join(" "), "aria-pressed": state.meld === m.key ? "true" : "false",
        "aria-label": label, disabled: !usable, onclick: () => toggleMeld(m.key) },
        m.cards.map((c) => face(c, {}, `small${m.moved.includes(c) ? " moved" : ""}`)));
    });
    const tableau = el("section", { className: "tableau", "data-testid": "tableau", "aria-label": "Melds on the table" },
      [state.human, ...others()].map((owner) => el("div", { className: "meld-row", "data-testid": `melds-of-${owner}` },
        el("h3", { text: owner === state.human ? "Your melds" : `${seatName(owner)}'s melds` }),
        el("div", { className: "melds" }, ...(meldBoxes(owner).length ? meldBoxes(owner)
          : [el("span", { className: "empty", text: "none yet" })])))));

    // your hand: by suit, the cards of a meld marked
    const inMeld = new Set(rules.handMelds(view.hand, view).flat());
    const rows = rules.suitGroups(view.hand, view).map((group) => el("div", {
      className: "suit-group", "data-suit": group.suit },
      group.cards.map((code) => face(code, {
        "data-testid": `hand-${code}`, "aria-pressed": picked.has(code) ? "true" : "false",
        disabled: !humanTurn, onclick: () => toggleCard(code),
      }, [inMeld.has(code) ? "in-meld" : "", picked.has(code) ? "picked" : ""].filter(Boolean).join(" ")))));
    const note = rules.handNote ? rules.handNote(view, t) : "";
    const handStats = `${view.hand.length} cards${note ? ` · ${note}` : ""}`;
    const you = el("section", { className: "seat you", "data-testid": "you", "aria-label": "Your hand" },
      el("div", { className: "seat-head" }, el("h2", { text: "You" }), el("span", { className: "badges" }, badges(state.human))),
      el("div", { className: "hand suited", id: "hand", role: "group", "aria-label": "Your hand", "data-testid": "hand" },
         rows.length ? rows : [el("span", { className: "empty", text: "No cards in hand" })]),
      el("p", { className: "stats", "data-testid": "your-stats", text: `${handStats} · marked cards make melds` }));
    board.replaceChildren(...opponents, centre, tableau, you);
    renderMoves(humanTurn);
  }

  function badges(seatNo) {
    const view = state.view;
    const out = [];
    if (view.dealer === seatNo) out.push(el("span", { className: "badge", text: "dealer" }));
    if (view.phase !== "over" && view.to_move === seatNo) out.push(el("span", { className: "badge turn", text: "to move" }));
    if (rules.sitsOut && rules.sitsOut(view, seatNo)) out.push(el("span", { className: "badge", "data-testid": "sits-out", text: "sits this hand out" }));
    return out;
  }

  // ---- moves in words ----------------------------------------------------------------
  function describe(move) {
    const view = state.view;
    const melds = view ? tableMelds(view) : [];
    switch (move.type) {
      case "pass": return `Pass ${view && view.up ? cardText(view.up) : "the card"}`;
      case "take":
        if (move.meld) return `Take ${cardText(move.card)}: meld ${cardsText(move.meld)}`;
        return `Take ${view ? cardText(faceUp(view) || "") : "the top card"} from the discard pile`;
      case "lay": return `Lay down ${cardsText(move.meld)}`;
      case "force": {
        const onto = melds.find((m) => m.key === moveUses(move, view).meld);
        return `Force ${cardText(move.card)} onto ${onto ? seatName(onto.owner) : houseName()}'s meld: ${cardsText(move.meld)}`;
      }
      case "draw": return "Draw from the stock";
      case "discard":
        return `Discard ${cardText(move.card)}${move.call ? " and call a show-down" : ""}`;
      case "meld": return `Lay out ${cardsText(move.cards)}`;
      case "add": {
        const target = melds.find((m) => m.key === String(move.meld));
        return `Add ${cardsText(move.cards)} to ${target ? cardsText(target.cards) : `meld ${move.meld}`}`;
      }
      case "shift":
        return `Move ${cardText(move.joker)} to the other end` +
          (move.fill ? `, ${cardText(move.fill)} in its place` : "") +
          (move.extend ? `, adding ${cardText(move.extend)}` : "");
      default: return move.description || moveId(move);
    }
  }

  function describeEvent(e) {
    const name = seatName(who(e));
    const s = who(e) === state.human ? "" : "s";
    switch (e.type) {
      case "turn": return `${name} turn${s} up ${cardText(e.card)} (${e.stock} left in the stock).`;
      case "pass": return `${name} pass${who(e) === state.human ? "" : "es"} ${cardText(e.card)}.`;
      case "dead": return `${name} pass${who(e) === state.human ? "" : "es"} ${cardText(e.card)} too: it is dead.`;
      case "take":
        return e.meld ? `${name} take${s} ${cardText(e.card)} and meld${s} ${cardsText(e.meld)}` +
          (e.borrowed && e.borrowed.length ? ` (borrowing ${cardsText(e.borrowed)}).` : ".")
          : `${name} take${s} ${cardText(e.card)} from the pile.`;
      case "lay": return `${name} lay${s} down ${cardsText(e.meld)}` +
          (e.borrowed && e.borrowed.length ? ` (borrowing ${cardsText(e.borrowed)}).` : ".");
      case "force": return `${name} force${s} ${cardText(e.card)} onto ${seatName(e.onto).toLowerCase()}: ${cardsText(e.meld)}.`;
      case "discard": return `${name} discard${s} ${cardText(e.card)}${e.call ? ` and call${s} a show-down` : ""}.`;
      case "draw": return e.card ? `${name} draw${s} ${cardText(e.card)}.` : `${name} draw${s} from the stock.`;
      case "meld": return `${name} lay${s} out ${cardsText(e.cards)}.`;
      case "add": return `${name} add${s} ${cardsText(e.cards)}: the meld is now ${laidText(e.text)}.`;
      case "shift": return `${name} move${s} a joker: the meld is now ${laidText(e.text)}.`;
      case "out": return e.down !== undefined ? `${name} ${who(e) === state.human ? "have" : "has"} ${e.down} down: out!`
        : `${name} ${who(e) === state.human ? "go" : "goes"} out${e.splash ? " in one turn (double)" : ""}!`;
      case "tableau": return e.stakes ? `The stock is out: a tableau, the pool holds ${e.stakes.reduce((a, b) => a + b, 0)}.`
        : `The stock is out: a tableau, the pool holds ${e.pool} each.`;
      case "settled": return `Settled: ${each(e.returns)}.`;
      case "show": return `${name} show${s} ${(e.melds || []).map(cardsText).join(" | ") || "no meld"}` +
          `${e.layoffs && e.layoffs.length ? `, lay${s} off ${e.layoffs.map(cardsText).join(" | ")}` : ""}; deadwood ${cardsText(e.deadwood) || "none"} (${e.points}).`;
      case "settle": return `Settled: ${each(e.points)}.`;
      case "false_call": return `${name} called with ${e.points} of deadwood, over the limit: ${cardsText(e.cards)}; play goes on.`;
      case "reshuffle": return e.shuffled === false ? "The pile is turned face down into a new stock, as it lay."
        : "The pile is turned and shuffled into a new stock.";
      case "hand_drawn": return e.reason && e.reason !== "again" ? e.description : "The stock is out again: the hand is drawn.";
      default: return e.description || e.type;
    }
  }
  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
  const HOUSE_MOVES = new Set(["pass", "dead", "take", "lay", "force", "discard", "draw", "meld", "add", "shift"]);
  const isHouseMove = (e) => HOUSE_MOVES.has(e.type) && who(e) !== state.human;

  // ---- the moves panel -----------------------------------------------------------------
  /** Whom a warning names: the next player, or the seat by name (Conquian's adversary). */
  const offeredTo = (seatNo) => (seatNo === other() ? "the next player" : seatName(seatNo).toLowerCase());

  function moveButton(move, testid) {
    const text = describe(move);
    const uses = moveUses(move, state.view);
    const risk = meldRiskText(state.risks.get(moveId(move)), offeredTo);
    return el("li", {},
      el("button", { type: "button", className: "play", "data-testid": testid, "data-move-id": moveId(move),
                     "data-cards": uses.cards.join(" "), "data-meld": uses.meld ?? "",
                     "aria-label": `Play: ${text}`, onclick: () => playHuman(move) },
         text, el("span", { className: "move-id", "aria-hidden": "true", text: moveId(move) })),
      risk && el("span", { className: "risk", "data-testid": `${testid}-risk`, role: "note", text: risk }));
  }

  function renderMoves(humanTurn) {
    const list = $("selection-moves");
    const all = $("all-moves");
    if (!humanTurn) {
      $("selection-text").textContent = document.body.dataset.phase === "opponent" ? `Waiting for ${houseName().toLowerCase()}…` : "";
      list.replaceChildren();
      all.replaceChildren();
      renderWhy([]);
      return;
    }
    const matches = selectionMoves(state.moves, state.view, state.picked, state.meld, moveUses);
    const none = state.picked.size === 0 && state.meld === null;
    // nothing picked: the moves of the card on offer (each take, force or pass of it; a
    // draw), so Conquian's takes are here beside Pass and not only under "All legal moves"
    const up = faceUp(state.view);
    const offered = (m) => {
      const cards = moveUses(m, state.view).cards;
      return cards.length === 0 || (up !== null && cards.includes(up));
    };
    const shown = none ? state.moves.filter(offered) : matches;
    $("selection-text").textContent = none
      ? "Pick cards of your hand (or the face-up card, or a meld on the table) to see the moves that use them."
      : `${cardsText([...state.picked])}${state.meld !== null ? " on a meld" : ""}: ` +
        (matches.length ? `${matches.length} move${matches.length === 1 ? "" : "s"}` : "no legal move uses these.");
    list.replaceChildren(...shown.map((m) => moveButton(m, `move-${moveId(m)}`)));
    all.replaceChildren(...state.moves.map((m) => moveButton(m, `any-move-${moveId(m)}`)));
    renderWhy(matches);
  }

  // ---- why (not): POST /v1/why on the picked hand cards and the meld aimed at ----------
  /** The picked cards of the hand (the face-up card is the game's to add: a use of it). */
  const pickedHand = () => [...state.picked].filter((c) => state.view.hand.includes(c)).sort();
  const whyKey = () => `${pickedHand().join(" ")}|${state.meld ?? ""}`;
  const ruleLink = (url, rule) => el("a", { href: new URL(url.replace(/^\//, ""), api.baseUrl).href,
                                            target: "_blank", rel: "noopener", text: rule });

  /** The Why? button of the picked cards ("Why not?" when no legal move uses them), and
   *  the answer once asked: the moves they make, each other kind's first broken rule
   *  linked, the warnings, and (Poker Rum, Poker Gin) whether they are a meld. */
  function renderWhy(matches) {
    const box = $("why-not");
    const cards = document.body.dataset.phase === "human" ? pickedHand() : [];
    if (!features.has("why") || cards.length === 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const known = state.why && state.why.key === whyKey() ? state.why.answer : null;
    if (!known) {
      box.replaceChildren(el("button", { type: "button", className: "link", "data-testid": "why-button",
                                         onclick: explain }, matches.length ? "Why?" : "Why not?"));
      return;
    }
    const count = known.moves.length;
    const head = known.legal ? `${cardsText(known.cards)}: ${count} legal move${count === 1 ? "" : "s"}`
      + ` (${known.moves.map(describe).join("; ")}).` : `${cardsText(known.cards)}: ${known.message}`;
    const rows = [
      el("p", { className: "why-text", "data-testid": "why-text", "data-rule": known.rule || "", text: head }),
      el("ul", { className: "why-reasons" },
         known.reasons.map((r) => el("li", { "data-testid": "why-reason", "data-type": r.type, "data-rule": r.rule },
           `not ${/^[aeiou]/.test(r.type) ? "an" : "a"} ${r.type}: ${r.message} `, ruleLink(r.rule_url, r.rule))),
         (known.warnings || []).map((w) => el("li", { className: "risk", "data-testid": "why-warning", "data-type": w.type,
                                                       "data-rule": w.rule },
           `⚠ ${w.type}: ${w.message} `, ruleLink(w.rule_url, w.rule))))];
    if (typeof known.meld === "boolean") {  // Poker Rum, Poker Gin: melds shown at the show-down
      const rules = currentVariant() && currentVariant().rules_url;
      rows.push(el("p", { "data-testid": "why-meld", "data-meld": String(known.meld), "data-rule": known.meld_rule || "" },
        known.meld ? "These cards are a meld." : `Not a meld: ${known.meld_message} `,
        !known.meld && rules && known.meld_rule ? ruleLink(`${rules}#${known.meld_rule}`, known.meld_rule) : null));
    }
    box.replaceChildren(...rows);
  }

  async function explain() {
    const generation = state.generation;
    const key = whyKey();
    const laid = state.meld === null ? null : tableMelds(state.view).find((m) => m.key === state.meld);
    const target = laid ? (rules.whyMeld ? rules.whyMeld(laid) : { table: laid.cards }) : null;
    try {
      const answer = await askMeldWhy(api, seat(), pickedHand(), target);
      if (generation !== state.generation) return;
      state.why = { key, answer };
      render();
    } catch (err) {
      fail(err);
    }
  }

  function toggleCard(code) {
    if (state.picked.has(code)) state.picked.delete(code);
    else state.picked.add(code);
    render();
    const again = document.querySelector(`[data-card="${CSS.escape(code)}"][aria-pressed]`);
    if (again) again.focus();
  }

  function toggleMeld(key) {
    state.meld = state.meld === key ? null : key;
    render();
  }

  function clearSelection() {
    state.picked.clear();
    state.meld = null;
    render();
  }

  // ---- the game loop -------------------------------------------------------------------
  async function refresh() {
    const answer = await api.view(seat());
    state.view = answer.view;
    return answer.events || [];
  }

  async function newGame() {
    const generation = ++state.generation;
    document.dispatchEvent(new CustomEvent("cassino:new-game"));  // replay.js, where installed
    closeDialog();
    showError("");
    $("log").replaceChildren();
    $("hint-panel").hidden = true;
    state.lastMove = "";
    state.fresh = new Set();
    setPhase("busy", "Dealing…");
    state.bot = config.opponent;
    state.view = null;  // the seats are the game's asked for until its view comes
    if (state.human >= seats()) state.human = 0;
    state.dial = config.dial;
    const house = (bot) => others().map((seatNo) => houseSeat(seatNo, bot, state.dial));
    const body = { game, variant: state.variant, sealed: true, house: house(state.bot) };
    if (state.players) body.players = state.players;
    if (config.seed !== null) body.seed = config.seed;
    if (config.dealer !== null) body.dealer = config.dealer;
    try {
      let data;
      try {
        data = await api.newGame(body);
      } catch (err) {  // a variant the bot asked for does not play (e.g. double-pack rum)
        if (!(err instanceof CardGamesError) || !/^house\[\d+\]\.bot$/.test(err.field || "")
            || state.bot === "random" || state.dial !== null) throw err;
        log(`${err.message}: the house plays random moves.`);
        state.bot = "random";
        data = await api.newGame({ ...body, house: house(state.bot) });
      }
      if (generation !== state.generation) return;
      state.token = data.game;
      state.credential = data.credentials[state.human];
      const dealt = await refresh();
      if (generation !== state.generation) return;
      log(`New hand of ${VARIANT_TITLES[state.view.variant] || state.view.variant} against ` +
          `${state.dial !== null ? `the dial at ${state.dial}` : `the ${state.bot}`}: ` +
          `${seatName(state.view.dealer).toLowerCase() === "you" ? "you deal" : `${houseName().toLowerCase()} deals`}.`);
      await play(generation, dealt, state.view, null);
    } catch (err) {
      fail(err);
    }
  }

  /** Tell a move's events one at a time (each house move after the delay), then on. */
  async function play(generation, events, final, before) {
    state.view = before || final;
    render();
    let ended = null;
    for (const event of events) {
      if (isHouseMove(event)) {
        state.moves = [];
        setPhase("opponent", `${houseName()} is thinking…`);
        render();
        await sleep(config.delay);
        if (generation !== state.generation) return;
        state.fresh = new Set([event.card, ...(event.meld && Array.isArray(event.meld) ? event.meld : []),
                               ...(event.cards || [])].filter(Boolean));
        state.lastMove = describeEvent(event);
        if (before) {  // the table before the house answered, one house move at a time
          try { state.view = rules.afterEvent(state.view, event); } catch (err) { state.view = final; }
        }
        render();
      } else if (before && event.type === "turn" && who(event) !== state.human) {
        try { state.view = rules.afterEvent(state.view, event); } catch (err) { state.view = final; }
      }
      log(describeEvent(event), who(event));
      if (["settled", "settle", "hand_drawn"].includes(event.type)
          || (event.type === "out" && event.scores)) ended = ended || event;
    }
    state.view = final;
    if (ended || final.phase === "over") {
      setPhase("round-end", "Hand over.");
      render();
      showHandEnd(events);
      return;
    }
    await nextTurn(generation);
  }

  async function nextTurn(generation) {
    await refresh();
    if (generation !== state.generation) return;
    state.picked.clear();
    state.meld = null;
    if (state.view.phase === "over") {
      setPhase("round-end", "Hand over.");
      render();
      showHandEnd([]);
      return;
    }
    const data = await api.legalMoves(features.has("risks") ? { ...seat(), risks: true } : seat());
    if (generation !== state.generation) return;
    state.moves = data.moves;
    state.risks = new Map((data.risks || []).map((risk) => [risk.move, risk]));
    state.why = null;
    setPhase("human", rules.turnText(state.view, t));
    render();
  }

  async function playHuman(move) {
    if (document.body.dataset.phase !== "human") return;
    const generation = state.generation;
    const text = describe(move);
    setPhase("busy", `You: ${text}`);
    $("hint-panel").hidden = true;
    state.fresh = new Set();
    try {
      const data = await api.apply({ ...seat(), move: moveId(move) });
      if (generation !== state.generation) return;
      state.token = data.game;
      state.lastMove = `You: ${text}.`;
      await play(generation, data.events, data.view, data.view_before_house || null);
    } catch (err) {
      fail(err);
    }
  }

  async function showHint() {
    if (document.body.dataset.phase !== "human") return;
    const generation = state.generation;
    $("hint-panel").hidden = false;
    $("hint-list").replaceChildren(el("li", { "data-testid": "hint-loading", text: "Thinking…" }));
    $("hint-solver").textContent = "";
    $("hint-button").disabled = true;
    const options = { seed: config.hintSeed };
    if (config.samples !== null) options.samples = config.samples;
    if (config.timeMs !== null) options.time_ms = config.timeMs;
    try {
      const answer = await api.hints({ ...seat(), ...options });
      if (generation !== state.generation || document.body.dataset.phase !== "human") return;
      const byId = new Map(state.moves.map((m) => [moveId(m), m]));
      const numbers = hintNumbers(answer.moves);  // the rows shown: 1, 2, 3...
      $("hint-list").replaceChildren(...answer.moves.map((hint, i) => {
        const id = typeof hint.move === "string" ? hint.move : moveId(hint.move);
        const move = byId.get(id) || (typeof hint.move === "object" ? hint.move : { type: id, id });
        const text = describe(move) + alternativesText(
          hint, (other) => (byId.has(other) ? describe(byId.get(other)) : other));
        const number = numbers[i];
        return el("li", { "data-testid": "hint-row", "data-move-id": id, "data-equity": hint.equity,
                          "data-rank": hint.rank, hidden: number === null },
          el("span", { className: "rank-no", text: number === null ? "" : `${number}.` }),
          el("span", { className: "what", text }),
          el("span", { className: "equity", "aria-label": `equity ${hint.equity}, standard error ${hint.stderr}` },
             `${hint.equity > 0 ? "+" : ""}${hint.equity.toFixed(2)} `,
             el("span", { className: "err", text: `± ${hint.stderr.toFixed(2)}` })),
          el("button", { type: "button", "aria-label": `Play: ${text}`,
                         "data-testid": number === null ? `hint-play-alike-${hint.rank}` : `hint-play-${number}`,
                         onclick: () => playHuman(move) }, "Play"));
      }));
      const s = answer.solver || {};
      $("hint-solver").textContent = `${s.algorithm || "solver"}: ${s.samples ?? "?"} sampled deals, ${Math.round(s.elapsed_ms || 0)} ms${s.cached ? " (cached)" : ""}`;
    } catch (err) {
      fail(err);
    } finally {
      $("hint-button").disabled = document.body.dataset.phase !== "human";
    }
  }

  // ---- the end of a hand: the settlement ------------------------------------------------
  function showHandEnd(events) {
    const view = state.view;
    // a hand is the game: replay.js (where the game's features install it) offers its
    // record's replay and the review, here and in the dialog
    document.dispatchEvent(new CustomEvent("cassino:game-over", { detail: {
      game: state.token, credential: state.credential, seat: state.human,
      names: [0, 1].map(seatName) } }));
    const box = $("round-breakdown");
    // the game's own: the title, its rows (who went out, the hands shown) and the points
    const { title, rows, points } = rules.handEnd(view, events, t);
    if (points) {
      rows.push(el("p", { "data-testid": "hand-settlement", text: `This hand: ${each(points)}.` }));
    }
    if (view.scores) {
      rows.push(el("p", { "data-testid": "round-scores",
        text: `Scores: ${[state.human, ...others()].map((s) => `${s === state.human ? "you" : seatName(s).toLowerCase()} ${view.scores[s]}`).join(", ")}.` }));
    }
    $("round-dialog-title").textContent = title;
    box.replaceChildren(...rows);
    $("game-over").hidden = true;
    $("continue").textContent = "See the table";
    $("dialog-new-game").hidden = false;
    $("dialog-new-game").textContent = "New hand";
    const dialog = $("round-dialog");
    if (!dialog.open) dialog.showModal();
    $("dialog-new-game").focus();
    setPhase("round-end", `Hand over: ${title.toLowerCase().replace(/[.!]$/, "")}.`);
  }

  function closeDialog() {
    const dialog = $("round-dialog");
    if (dialog.open) dialog.close();
  }

  function fail(err) {
    setPhase("error", "Something went wrong.");
    if (err instanceof CardGamesError) showError(err.message);
    else if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) showError(`cannot reach the API (${err.message})`);
    else { showError(String(err)); console.error(err); }
  }

  // ---- the variant menu, the Opponent menu and wiring -----------------------------------
  const currentVariant = () => state.offered.find((v) => v.name === state.variant) || null;

  /** The Opponent menu from the variant's catalog `house` (its levels, then its bots) and
   *  the Dial where the catalog offers it (`house.dial`'s range); the URL's choice kept
   *  when the house has it, else the solver. */
  function loadLevels() {
    const house = (currentVariant() || {}).house || {};
    const dialRange = features.has("dial") ? house.dial : null;
    if (!dialRange) config.dial = null;
    const bots = house.bots || [];
    if (config.dial === null && bots.length && !bots.includes(config.opponent)) {
      config.opponent = bots.includes("solver") ? "solver" : bots[0];
    }
    const options = houseOptions(features.has("levels") ? house : { bots: bots.filter((b) => !(house.levels || []).includes(b)) },
                                 config.opponent, config.dial);
    const current = config.dial !== null ? "dial" : config.opponent;
    $("level-select").replaceChildren(...options.map((o) => el("option", {
      value: o.name, text: o.label, "data-testid": `level-${o.name}`, selected: o.name === current })));
    $("level-select").value = current;
    const input = $("dial-input");
    $("dial-pick").hidden = !dialRange;
    input.removeAttribute("list");  // the marks of Cassino's levels: not this game's values
    if (dialRange) {
      input.min = String(dialRange.min);
      input.max = String(dialRange.max);
      input.value = String(config.dial !== null ? config.dial : config.opponent === "random" ? dialRange.min : dialRange.max);
      $("dial-value").textContent = input.value;
    }
  }

  function loadVariants() {
    const entry = context.entry;
    const offered = entry.variants.filter((v) => v.playable);
    state.offered = offered;
    const fallback = entry.default_variant;
    if (!offered.some((v) => v.name === state.variant)) {
      if (state.variant) log(`The variant ${state.variant} cannot be played here: playing ${offered[0] ? offered[0].name : fallback}.`);
      state.variant = offered.some((v) => v.name === fallback) ? fallback : offered[0] ? offered[0].name : fallback;
    }
    const select = $("variant-select");
    select.replaceChildren(...(offered.length ? offered : [{ name: state.variant }]).map((v) => el("option", {
      value: v.name, text: VARIANT_TITLES[v.name] || v.name, "data-testid": `variant-${v.name}`,
      selected: v.name === state.variant })));
    select.value = state.variant;
    select.disabled = offered.length < 2;
    const chosen = offered.find((v) => v.name === state.variant);
    $("variant-name").textContent = VARIANT_TITLES[state.variant] || state.variant;
    // the players menu: the seats the variant may have (Conquian's three, QD12)
    const low = (chosen && chosen.min_seats) || 2;
    const high = (chosen && chosen.max_seats) || low;
    if (state.players !== null && (state.players < low || state.players > high)) state.players = null;
    const counts = Array.from({ length: high - low + 1 }, (_, i) => low + i);
    const shown = state.players || (chosen && chosen.seats) || low;
    $("players-select").replaceChildren(...counts.map((n) => el("option", {
      value: String(n), text: String(n), "data-testid": `players-${n}`, selected: n === shown })));
    $("players-select").value = String(shown);
    $("players-pick").hidden = counts.length < 2;
    const link = $("rules-link");
    const url = (chosen && chosen.rules_url) || entry.rules_url;
    link.hidden = !url;
    if (url) {
      link.href = new URL(url.replace(/^\//, ""), api.baseUrl).href;
      link.textContent = `Rules of ${VARIANT_TITLES[state.variant] || state.variant}`;
    }
    if (context.chooseGame) context.chooseGame(state.variant);  // the game menu's entry
    loadLevels();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || $("round-dialog").open) return;
    if (event.key === "Escape") clearSelection();
    else if ((event.key === "h" || event.key === "H") && document.body.dataset.phase === "human") showHint();
    else return;
    event.preventDefault();
  }

  $("new-game").addEventListener("click", newGame);
  $("dialog-new-game").addEventListener("click", newGame);
  $("continue").addEventListener("click", closeDialog);
  $("hint-button").addEventListener("click", showHint);
  $("clear-selection").addEventListener("click", clearSelection);
  document.addEventListener("keydown", onKey);
  window.addEventListener("unhandledrejection", (event) => fail(event.reason));
  $("players-select").addEventListener("change", () => {
    state.players = Number($("players-select").value);
    const url = new URL(location.href);
    url.searchParams.set("players", String(state.players));
    history.replaceState(null, "", url);
    newGame();
  });
  $("variant-select").addEventListener("change", () => {
    state.variant = $("variant-select").value;
    const url = new URL(location.href);
    url.searchParams.set("variant", state.variant);
    history.replaceState(null, "", url);
    loadVariants();
    newGame();
  });
  // the Opponent menu and the Dial: the variant's house as the catalog lists it
  // (its levels and bots, the dial's range where offered; levels.js)
  $("level-select").addEventListener("change", () => {
    if ($("level-select").value === "dial") return;
    config.opponent = $("level-select").value;
    config.dial = null;
    const url = new URL(location.href);
    url.searchParams.set("opponent", config.opponent);
    url.searchParams.delete("dial");
    history.replaceState(null, "", url);
    loadLevels();
    newGame();
  });
  let dialTimer = null;  // the dial let go at a value (each arrow key press is a change)
  $("dial-input").addEventListener("input", () => {
    $("dial-value").textContent = $("dial-input").value;
    clearTimeout(dialTimer);
    dialTimer = setTimeout(() => {
      config.dial = Number($("dial-input").value);
      const url = new URL(location.href);
      url.searchParams.set("dial", String(config.dial));
      url.searchParams.delete("opponent");
      history.replaceState(null, "", url);
      loadLevels();
      newGame();
    }, 300);
  });
  loadVariants();
  return newGame();
}

// ---- a replayed position (replay.js): a full state, every hand shown -----------------------
// The meld games' drawing, shared: each game's module exports these as its own, with its
// parts (`t.rules`, the module): suitGroups, tableMelds, variantTitles, and
//   replayNote(state, seat, t)   a seat's note (deadwood, cards down)
//   replayHeading(state, t)      the table's heading (the stock, the scores or the pool)
//   replayCentre(state, t)       the nodes of the pile or the card on offer, the dead cards
//   replayOver(state, t)         the end of the hand in words (who went out, the points)

const RESTATED = new Set(["pass", "take", "lay", "force", "discard", "meld", "add", "shift"]);

export const replayDealt = (state, t) => {
  const titles = t.rules.variantTitles || {};
  return `${titles[state.variant] || state.variant} dealt by ${t.seatName(state.dealer).toLowerCase()}.`;
};

/** Each hand by suit in the game's sequence, its size and its note. */
export const replaySeats = (state, t) => state.hands.map((hand, seat) => ({
  groups: t.rules.suitGroups(hand, state).map((g) => g.cards),
  stats: [`${hand.length} card${hand.length === 1 ? "" : "s"}`,
          t.rules.replayNote ? t.rules.replayNote(state, seat, t) : ""].filter(Boolean).join(" · ") }));

/** The heading, the end of the hand once it is over, every meld on the table with its
 *  owner, then the game's centre (the pile, or the card on offer and the dead cards). */
export function replayTable(state, t) {
  const rules = t.rules;
  const melds = rules.tableMelds(state);
  const over = Boolean(state.result && state.result.over);
  return [
    t.el("h3", { text: rules.replayHeading(state, t) }),
    over ? t.el("p", { className: "replay-result", "data-testid": "replay-result",
                       text: `Hand over: ${rules.replayOver(state, t)}.` }) : null,
    t.el("div", { className: "replay-hand replay-melds", "data-testid": "replay-melds", "aria-label": "Melds on the table" },
         melds.length ? melds.map((m) => t.el("span", {
           className: "build", "data-meld": m.key, "data-owner": m.owner, "data-cards": m.cards.join(" "),
           text: `${t.seatName(m.owner)}'s ${m.kind || "meld"}: ` }, m.cards.map(t.card)))
           : t.el("span", { text: "No melds on the table." })),
    ...rules.replayCentre(state, t)].filter(Boolean);
}

/** The events that add to the move: the card drawn, a turn, a reshuffle, a call, the
 *  settlement (a take, discard or meld says the move again). */
export const replayEvents = (position) => position.events
  .filter((e) => !RESTATED.has(e.type))
  .map((e) => (e.type === "draw" && e.card ? { ...e, description: `${e.description}: ${cardText(e.card)}` } : e));
