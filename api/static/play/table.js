/* Cassino's web table's arithmetic of a round, kept apart from game-cassino.js so that
 * tests can call it with positions of their own: the points a seat has made for sure so far, and the
 * last table of a round (shown before its dialog). */

/** The cards each majority category is counted over (R26: most cards, most spades). */
export const MAJORITY_CARDS = { cards: 52, spades: 13 };

/** Whether `category` (GET /v1/variants) is a majority: a share of cards, not points of
 *  each card or of one card (V4.1's every spade scores each: not a majority). */
export const isMajority = (category) =>
  !category.each && !category.card && category.key in MAJORITY_CARDS;

/** The round points of side `side` that no card still to be captured can change:
 *  `score` is /v1/score of the capture piles as they stand (one entry per side), and a
 *  majority counts only once its leader is ahead by more than the cards left of it. */
export function decidedPoints(score, categories, side) {
  const players = score.players;
  let total = players[side].total;
  for (const category of categories || []) {
    if (!isMajority(category)) continue;
    const key = category.key;
    const counts = players.map((p) => p[key] || 0);
    const left = MAJORITY_CARDS[key] - counts.reduce((a, b) => a + b, 0);
    const [first, second] = [...counts].sort((a, b) => b - a);
    const decided = left <= 0 || first > (second || 0) + left;
    if (!decided) total -= (players[side].points && players[side].points[key]) || 0;
  }
  return total;
}

/** The human's view after each move and sweep of `events` up to the round's end (the
 *  residue still on the table), from `view`, the view the first event was played on;
 *  `apply(view, event)` is variants.js's afterEvent.  The viewer's own card leaves its
 *  hand too.  null when no event ends a round. */
const MOVES = ["trail", "capture", "build"];

export function lastTable(view, events, apply) {
  const end = events.findIndex((e) => e.type === "round_scored" || e.type === "round_void");
  if (end < 0 || !view) return null;
  let shown = view;
  for (const event of events.slice(0, end)) {
    if (!["trail", "capture", "build", "sweep", "deal"].includes(event.type)) continue;
    shown = apply(shown, event);
    if (event.player === shown.player && event.card && MOVES.includes(event.type)) {
      shown = { ...shown, hand: shown.hand.filter((c) => c !== event.card) };
    }
  }
  return { ...shown, to_move: null };
}
