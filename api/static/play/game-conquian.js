/* Conquian's web table (docs/rules/conquian.md): the meld games' shared table (melds.js)
 * with what is Conquian's own, read from its views: the forty-card pack, each seat's
 * melds, the card on offer, the pool.  play.js loads this module by the game's name. */
import { handMelds as melds, sameCards, suitGroups as bySuit } from "./meldcards.js";
import { variantMenu } from "./melds.js";

export { startMelds as start } from "./melds.js";
export { replayDealt, replaySeats, replayTable, replayEvents } from "./melds.js";

export const title = "Conquian";
export const variantTitles = { conquian: "Conquian" };
/** The game menu's entries: each playable variant. */
export const menu = (entry) => variantMenu(entry, variantTitles);

/** The forty-card pack in sequence order (Q2): the 7 is next below the jack. */
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"];
/** The cards a player lays down to go out (Q9). */
const DOWN = 11;
const SOURCES = { turned: "turned up from the stock", passed: "passed by the other player",
                  discarded: "discarded" };

/** The hand by suit, each in the pack's sequence. */
export const suitGroups = (hand) => bySuit(hand, RANKS);
/** The melds the hand holds (a run never goes round from the king to the ace). */
export const handMelds = (hand) => melds(hand, RANKS);
/** Every Conquian move has its id. */
export const moveId = (move) => move.id;

/** Every meld on the table, one list: `key` (`seat:i`, what a selection names), `owner`,
 *  `cards`, its `index` among the owner's. */
export function tableMelds(view) {
  return view.melds.flatMap((laid, owner) => laid.map((cards, i) => ({
    key: `${owner}:${i}`, owner, cards, index: i, kind: null, moved: [] })));
}

/** The card on offer (turned, passed or discarded), if any. */
export const faceUp = (view) => view.up || null;

/** What a move uses, for choosing it by clicking: the cards (of the hand, or the card on
 *  offer) and the key of the table meld it goes onto, if any. */
export function moveUses(move, view) {
  const laid = tableMelds(view);
  const hand = new Set(view.hand);
  const up = faceUp(view);
  const cards = [...new Set([...(move.meld || []), ...(move.card ? [move.card] : [])])];
  const mine = cards.filter((c) => hand.has(c) || (c === up && move.type === "take"));
  let meld = null;
  if (move.type === "force") {
    const rest = cards.filter((c) => c !== move.card);
    const target = laid.find((m) => m.owner !== view.player && sameCards(m.cards, rest));
    meld = target ? target.key : null;
  } else if (move.meld) {
    const target = laid.find((m) => m.owner === view.player && m.cards.every((c) => cards.includes(c)));
    meld = target ? target.key : null;
  }
  if (move.type === "force" && move.card === up) mine.push(up);
  return { cards: [...new Set(mine)], meld };
}

/** A view after one house move's event, for showing the house's moves one at a time: the
 *  card on offer, the stock's and hands' sizes, the melds.  Only what the event tells (the
 *  server's next view replaces it); the view unchanged for any other event. */
export function afterEvent(view, event) {
  const v = JSON.parse(JSON.stringify(view));
  const seat = event.player ?? event.seat;
  const other = (s) => (s + 1) % v.hand_sizes.length;
  switch (event.type) {
    case "turn": Object.assign(v, { up: event.card, source: "turned", stock_size: event.stock,
                                    to_move: seat, phase: "offer" }); break;
    case "pass": Object.assign(v, { source: "passed", to_move: other(seat) }); break;
    case "dead": Object.assign(v, { dead: [...v.dead, event.card], up: null, source: null }); break;
    case "take": case "lay": {
      const meld = event.meld || [];
      const down = v.melds[seat].flat();
      const fromHand = meld.filter((c) => c !== event.card && !down.includes(c));
      v.melds[seat] = [...v.melds[seat].map((m) => m.filter((c) => !meld.includes(c))).filter((m) => m.length), meld];
      v.hand_sizes[seat] -= fromHand.length;
      Object.assign(v, { phase: "meld", to_move: seat });
      if (event.type === "take") Object.assign(v, { up: null, source: null });
      break;
    }
    case "discard":
      v.hand_sizes[seat] -= 1;
      Object.assign(v, { up: event.card, source: "discarded", phase: "offer", to_move: other(seat) });
      break;
    default: break;
  }
  return v;
}

// ---- the parts of the page that are Conquian's (melds.js calls them; `t` its helpers) -----
export const equityText = "Equity is the expected counters won on this hand (you less the solver); ± is its standard error.";
export const noCard = "No card offered";

export const scoreboard = (view, t) =>
  [t.el("span", { "data-testid": "pool", text: `Pool: ${view.pool} counter${view.pool === 1 ? "" : "s"} each` })];

export function pileWords(view, t) {
  const up = faceUp(view);
  return up ? `${t.cardText(up)} ${SOURCES[view.source] || ""}, offered to ${t.seatName(view.to_move).toLowerCase()}` : "";
}

/** The dead cards (passed by both), if any. */
export const extra = (view, t) => (view.dead.length
  ? t.el("p", { className: "dead", "data-testid": "dead", text: `Dead: ${t.cardsText(view.dead)}` }) : null);

export function handNote(view, t) {
  const down = view.melds[t.human].reduce((s, m) => s + m.length, 0);
  return `${down} down of ${DOWN}`;
}

export const turnText = (view, t) => (view.phase === "offer"
  ? `Your turn: take ${t.cardText(faceUp(view))} into a meld, or pass it.`
  : "Your turn: lay down, or discard.");

/** The end of a hand: who laid eleven down, or the tableau and its pool; the returns. */
export function handEnd(view, events, t) {
  const find = (type) => events.filter((e) => e.type === type);
  const settled = find("settled")[0];
  const nobody = view.winner === null || view.winner === undefined;
  const title = nobody ? "A tableau: nobody went out"
    : view.winner === t.human ? "You went out!" : `${t.houseName()} went out`;
  const rows = [t.el("p", { "data-testid": "hand-result", text: nobody
    ? `The stock ran out: the stakes go to the pool (${(find("tableau")[0] || view).pool} each), the next hand plays for it.`
    : `${t.seatName(view.winner)} laid eleven cards down.` })];
  return { title, rows, points: settled ? settled.returns : null };
}

// ---- a replayed position (replay.js, through melds.js's drawing): a full state ---------------
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The cards a seat has down, of the eleven that go out (Q9). */
export const replayNote = (state, seat) =>
  `${state.melds[seat].reduce((s, m) => s + m.length, 0)} down of ${DOWN}`;

export const replayHeading = (state) => `Stock ${state.stock.length} · pool ${state.pool} each`;

/** The card on offer, whence and to whom; the dead cards. */
export function replayCentre(state, t) {
  const up = faceUp(state);
  return [
    t.el("div", { className: "replay-hand replay-pile", "data-testid": "replay-pile", "aria-label": "Card on offer" },
         up ? [t.el("span", { text: `Face up (${SOURCES[state.source] || "on offer"}), offered to ${t.seatName(state.to_move).toLowerCase()}: ` }), t.card(up)]
           : t.el("span", { text: "No card offered." })),
    state.dead.length ? t.el("div", { className: "replay-hand", "data-testid": "replay-dead", "aria-label": "Dead cards" },
                             t.el("span", { text: "Dead: " }), state.dead.map(t.card)) : null].filter(Boolean);
}

/** Who laid eleven down, or the tableau; each seat's returns. */
export function replayOver(state, t) {
  const what = state.winner === null || state.winner === undefined ? "a tableau, nobody went out"
    : `${t.seatName(state.winner)} laid eleven down`;
  return `${what}; ${state.result.points.map((p, s) => `${t.seatName(s)} ${signed(p)}`).join(", ")}`;
}
