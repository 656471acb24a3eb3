/* Conquian's web table (docs/rules/conquian.md): the meld games' shared table (melds.js)
 * with what is Conquian's own, read from its views: the forty-card pack (the Spanish or
 * the American, QD1), each seat's melds, the card on offer, the pool.  play.js loads this
 * module by the game's name. */
import { handMelds as melds, sameCards, suitGroups as bySuit } from "./meldcards.js";
import { variantMenu } from "./melds.js";

export { startMelds as start } from "./melds.js";
export { replayDealt, replaySeats, replayTable, replayEvents } from "./melds.js";

export const title = "Conquian";
export const variantTitles = { conquian: "Conquian", "conquian-american": "Conquian (American pack)" };
/** The game menu's entries: each playable variant. */
export const menu = (entry) => variantMenu(entry, variantTitles);

/** Each variant's forty-card pack in sequence order: the Spanish pack's 7 is next below the
 *  jack (Q2); the American pack goes from the ace to the ten (QD1). */
const RANKS = {
  conquian: ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"],
  "conquian-american": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
};
/** The pack of a view's variant (the Spanish without a view). */
export const ranksOf = (view) => RANKS[view && view.variant] || RANKS.conquian;
/** The cards a player lays down to go out (Q9). */
const DOWN = 11;
const SOURCES = { turned: "turned up from the stock", passed: "passed by the other player",
                  discarded: "discarded" };

/** The hand by suit, each in the sequence of the view's pack. */
export const suitGroups = (hand, view) => bySuit(hand, ranksOf(view));
/** The melds the hand holds (a run never goes round from the king, or the ten, to the ace). */
export const handMelds = (hand, view) => melds(hand, ranksOf(view));
/** Every Conquian move has its id. */
export const moveId = (move) => move.id;

/** Whether `seat` deals at three and so sits the hand out (QD12). */
export const sitsOut = (view, seat) => view.hand_sizes.length > 2 && view.dealer === seat;

/** The other player of the hand (Q3): at three, the seat neither the mover's nor the
 *  dealer's (QD12). */
export function adversary(view, seat) {
  const n = view.hand_sizes.length;
  if (n === 2) return 1 - seat;
  return [1, 2].map((i) => (view.dealer + i) % n).find((s) => s !== seat);
}

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
  const other = (s) => adversary(v, s);
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
  [t.el("span", { "data-testid": "pool", text: view.hand_sizes.length > 2
    ? `Pool: ${view.pool} tableau${view.pool === 1 ? "" : "x"}`  // each a stake of its two players (QD16)
    : `Pool: ${view.pool} counter${view.pool === 1 ? "" : "s"} each` })];

export function pileWords(view, t) {
  const up = faceUp(view);
  return up ? `${t.cardText(up)} ${SOURCES[view.source] || ""}, offered to ${t.seatName(view.to_move).toLowerCase()}` : "";
}

/** The dead cards (passed by both), if any. */
export const extra = (view, t) => (view.dead.length
  ? t.el("p", { className: "dead", "data-testid": "dead", text: `Dead: ${t.cardsText(view.dead)}` }) : null);

export function handNote(view, t) {
  if (sitsOut(view, t.human)) return "you deal and sit this hand out (QD12)";
  const down = view.melds[t.human].reduce((s, m) => s + m.length, 0);
  return `${down} down of ${DOWN}`;
}

export const turnText = (view, t) => (view.phase === "offer"
  ? `Your turn: take ${t.cardText(faceUp(view))} into a meld, or pass it.`
  : "Your turn: lay down, or discard.");

/** A tableau's pool: each player's stake at two, the counters in it at three (QD16). */
const poolWords = (e) => (e.stakes ? `${e.stakes.reduce((a, b) => a + b, 0)} in all` : `${e.pool} each`);

/** The end of a hand: who laid eleven down, or the tableau and its pool; the returns. */
export function handEnd(view, events, t) {
  const find = (type) => events.filter((e) => e.type === type);
  const settled = find("settled")[0];
  const nobody = view.winner === null || view.winner === undefined;
  const title = nobody ? "A tableau: nobody went out"
    : view.winner === t.human ? "You went out!" : `${t.seatName(view.winner)} went out`;
  const rows = [t.el("p", { "data-testid": "hand-result", text: nobody
    ? `The stock ran out: the stakes go to the pool (${poolWords(find("tableau")[0] || view)}), the next hand plays for it.`
    : `${t.seatName(view.winner)} laid eleven cards down.` })];
  return { title, rows, points: settled ? settled.returns : null };
}

// ---- a replayed position (replay.js, through melds.js's drawing): a full state ---------------
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The cards a seat has down, of the eleven that go out (Q9); at three, the dealer sits
 *  the hand out (QD12). */
export const replayNote = (state, seat) => (
  state.hands.length > 2 && state.dealer === seat ? "sits this hand out (QD12)"
    : `${state.melds[seat].reduce((s, m) => s + m.length, 0)} down of ${DOWN}`);

/** The stock and the pool: at two the counters each player has in it, at three the
 *  tableaux in a row it holds (QD16). */
export const replayHeading = (state) => `Stock ${state.stock.length} · ` + (state.hands.length > 2
  ? `pool of ${state.pool} tableau${state.pool === 1 ? "" : "x"}` : `pool ${state.pool} each`);

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
