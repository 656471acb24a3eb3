/* The rummy games' web table (Poker Rum, Poker Gin, Double-Pack Rum; docs/rules/rummy.md):
 * the meld games' shared table (melds.js) with what is rummy's own, read from its views:
 * the full pack (the ace low or high), the melds laid on the table, the discard pile, the
 * scores and the show-down.  play.js loads this module by the game's name. */
import { handMelds as melds, laidCards, pip, suitGroups as bySuit } from "./meldcards.js";
import { variantMenu } from "./melds.js";

export { startMelds as start } from "./melds.js";
export { replayDealt, replaySeats, replayTable, replayEvents } from "./melds.js";

export const title = "Rummy";
export const variantTitles = { "poker-rum": "Poker Rum", "poker-gin": "Poker Gin",
                               "double-pack-rum": "Double-Pack Rum",
                               "poker-gin-caller": "Poker Gin (each with the caller)" };
/** The game menu's entries: each playable variant, by its name. */
export const menu = (entry) => variantMenu(entry, variantTitles);

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** The variants with no show-down, so no deadwood to count (RM12-RM24 do not apply). */
const NO_DEADWOOD = new Set(["double-pack-rum"]);

/** The hand by suit, each in sequence (the ace low). */
export const suitGroups = (hand) => bySuit(hand, RANKS);
/** The melds the hand holds: a run may end with the ace high, never round the corner
 *  (RM11). */
export const handMelds = (hand) => melds(hand, [...RANKS, "A"]);

/** The least deadwood of a hand (RM12, RM13): the pips of the cards no meld of the best
 *  arrangement holds, and that arrangement's melds. */
export function deadwood(hand) {
  const found = handMelds(hand);
  let best = { points: hand.reduce((s, c) => s + pip(c), 0), melds: [] };
  const search = (from, used, chosen) => {
    const points = hand.filter((c) => !used.has(c)).reduce((s, c) => s + pip(c), 0);
    if (points < best.points) best = { points, melds: chosen };
    for (let i = from; i < found.length; i += 1) {
      if (found[i].some((c) => used.has(c))) continue;
      search(i + 1, new Set([...used, ...found[i]]), [...chosen, found[i]]);
    }
  };
  search(0, new Set(), []);
  return best;
}

/** A move's id from its JSON form (docs/rules/rummy.md, engine/rummy/moves.py), for
 *  answers that carry none. */
export function idFromFields(move) {
  const at = move.low ? `@${move.low}` : "";
  switch (move.type) {
    case "discard": return move.card + (move.call ? "!" : "");
    case "meld": return move.cards.join("+") + at;
    case "add": return `${move.meld}:${move.cards.join("+")}${at}`;
    case "shift":
      return `${move.joker}~${move.fill ? `=${move.fill}` : ""}${move.extend ? `+${move.extend}` : ""}`;
    default: return move.type;
  }
}

/** A move's id: its own, or made from its fields. */
export const moveId = (move) => move.id || idFromFields(move);

/** Every meld on the table: `key` (its index, what `add` names), `owner`, `cards`, its
 *  kind and the jokers moved. */
export function tableMelds(view) {
  return (view.table || []).map((laid, i) => ({
    key: String(i), owner: laid.owner, cards: laid.cards, index: i, kind: laid.kind,
    moved: laid.moved || [] }));
}

/** How POST /v1/why names a meld on the table aimed at: its number (`meld`, DP5). */
export const whyMeld = (meld) => ({ meld: meld.index });

/** The top of the discard pile, if any. */
export const faceUp = (view) => (view.pile && view.pile.length ? view.pile[view.pile.length - 1] : null);

/** What a move uses, for choosing it by clicking: the cards (of the hand, or the pile's
 *  top) and the key of the table meld it goes onto, if any. */
export function moveUses(move, view) {
  const up = faceUp(view);
  switch (move.type) {
    case "take": return { cards: up ? [up] : [], meld: null };
    case "discard": return { cards: [move.card], meld: null };
    case "meld": return { cards: move.cards, meld: null };
    case "add": return { cards: move.cards, meld: String(move.meld) };
    case "shift": {
      const target = tableMelds(view).find((m) => m.cards.includes(move.joker));
      return { cards: [move.fill, move.extend].filter(Boolean), meld: target ? target.key : null };
    }
    default: return { cards: [], meld: null };
  }
}

/** A view after one house move's event, for showing the house's moves one at a time: the
 *  pile, the stock's and hands' sizes, the melds.  Only what the event tells (the server's
 *  next view replaces it); the view unchanged for any other event. */
export function afterEvent(view, event) {
  const v = JSON.parse(JSON.stringify(view));
  const seat = event.player ?? event.seat;
  const other = (s) => (s + 1) % v.hand_sizes.length;
  switch (event.type) {
    case "draw": v.stock_size -= 1; v.hand_sizes[seat] += 1; v.phase = "discard"; break;
    case "take": v.pile = v.pile.slice(0, -1); v.hand_sizes[seat] += 1; v.phase = "discard"; break;
    case "discard":
      v.pile = [...v.pile, event.card];
      v.hand_sizes[seat] -= 1;
      Object.assign(v, { phase: "draw", to_move: other(seat) });
      break;
    case "reshuffle":  // RM25, DP11: the pile but its top card becomes the stock
      v.stock_size = (event.cards || []).length;
      v.pile = v.pile.slice(-1);
      break;
    case "meld": case "add": case "shift": {
      const cards = laidCards(event.text);
      const old = v.table[event.meld];
      v.table[event.meld] = { ...(old || { owner: seat, kind: String(event.text).includes("@") ? "run" : "set" }),
                              cards, moved: (old && old.moved) || [] };
      v.hand_sizes[seat] -= (event.cards || []).length;
      break;
    }
    default: break;
  }
  return v;
}

// ---- the parts of the page that are rummy's (melds.js calls them; `t` its helpers) --------
export const equityText = "Equity is the expected points of this hand (you less the solver); ± is its standard error.";
export const noCard = "Empty pile";

export const scoreboard = (view, t) => [
  t.el("span", { className: "you-score", "data-testid": "score-you", text: `You ${view.scores[t.human]}` }),
  ...t.others.map((seat) => t.el("span", { "data-testid": t.others.length > 1 ? `score-seat-${seat}` : "score-solver",
                                           text: `${t.seatName(seat)} ${view.scores[seat]}` }))];

export const pileWords = (view) =>
  `Discard pile: ${view.pile.length} card${view.pile.length === 1 ? "" : "s"}`;

export const handNote = (view) =>
  (NO_DEADWOOD.has(view.variant) ? "" : `deadwood ${deadwood(view.hand).points}`);

export const turnText = (view) => (view.phase === "draw"
  ? "Your turn: draw from the stock or take the pile's top card."
  : "Your turn: lay down, or discard.");

/** The end of a hand: who went out or called, the show-down (or the cards left in hand),
 *  and the points. */
export function handEnd(view, events, t) {
  const { el, cardsText, seatName, who } = t;
  const find = (type) => events.filter((e) => e.type === type);
  const shows = find("show");
  const settle = find("settle")[0] || find("out")[0] || find("hand_drawn")[0];
  const title = view.status === "drawn" ? "A drawn hand"
    : view.status === "out" ? `${seatName(view.caller)} went out` : `${seatName(view.caller)} called a show-down`;
  const rows = [];
  if (shows.length) {
    rows.push(el("table", { className: "breakdown melds-showdown", "data-testid": "showdown" },
      el("thead", {}, el("tr", {}, ["", "Melds", "Laid off", "Deadwood", "Points"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, shows.map((e) => el("tr", { "data-testid": `show-${who(e) === t.human ? "you" : "solver"}` },
        el("th", { scope: "row", text: seatName(who(e)) }),
        el("td", { text: (e.melds || []).map(cardsText).join(" | ") || "—" }),
        el("td", { text: (e.layoffs || []).map(cardsText).join(" | ") || "—" }),
        el("td", { text: cardsText(e.deadwood) || "—" }),
        el("td", { text: String(e.points) }))))));
  } else if (view.shown) {  // out (DP9): the cards left in hand, at their pips
    view.shown.forEach((cards, seatNo) => {
      if (!cards.length) return;
      rows.push(el("p", { "data-testid": `held-${seatNo === t.human ? "you" : "solver"}`,
        text: `${seatName(seatNo)} held ${cardsText(cards)} (${cards.reduce((sum, c) => sum + pip(c), 0)} points).` }));
    });
  }
  return { title, rows, points: settle && settle.points ? settle.points : null };
}

// ---- a replayed position (replay.js, through melds.js's drawing): a full state ---------------
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** A seat's least deadwood (RM12, RM13), where the variant counts it. */
export const replayNote = (state, seat) =>
  (NO_DEADWOOD.has(state.variant) ? "" : `deadwood ${deadwood(state.hands[seat]).points}`);

export const replayHeading = (state) =>
  `Stock ${state.stock.length} · scores ${state.scores.join(" – ")}`;

/** The whole discard pile, its top last. */
export const replayCentre = (state, t) => [t.el("div", {
  className: "replay-hand replay-pile", "data-testid": "replay-pile", "data-count": state.pile.length,
  "aria-label": "Discard pile" },
  t.el("span", { text: state.pile.length ? `Discard pile (${state.pile.length}, top last): ` : "Discard pile: empty." }),
  state.pile.map(t.card))];

/** Who went out or called a show-down (or a drawn hand), and each seat's points. */
export function replayOver(state, t) {
  const what = state.status === "drawn" ? "a drawn hand"
    : state.status === "out" ? `${t.seatName(state.caller)} went out`
    : `${t.seatName(state.caller)} called a show-down`;
  return `${what}; ${state.result.points.map((p, s) => `${t.seatName(s)} ${signed(p)}`).join(", ")}`;
}
