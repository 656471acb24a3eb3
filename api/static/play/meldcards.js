/* The draw-and-meld games' cards at the web table (Conquian, Poker Rum, Poker Gin,
 * Double-Pack Rum): the pure functions their modules share, kept apart from the page
 * (melds.js) so that tests can call them.  What differs between the games (the pack's
 * sequence, where a view holds the melds, what a move uses) is each game's own module's,
 * game-<name>.js, which calls these with its own data.  Cards are the wire's names: `7H`,
 * `10D`, a second pack's `7H'`, the jokers `JK1` and `JK2`. */

const SUIT_ORDER = ["S", "H", "D", "C"];

/** A card's parts: rank, suit, whether it is of the second pack, whether a joker. */
export function parseCard(code) {
  if (/^JK\d$/.test(code)) return { rank: null, suit: null, prime: false, joker: true };
  const match = /^(10|[A2-9JQK])([SHDC])('?)$/.exec(code);
  if (!match) return { rank: null, suit: null, prime: false, joker: false };
  return { rank: match[1], suit: match[2], prime: match[3] === "'", joker: false };
}

/** The hand grouped by suit (S, H, D, C, then jokers), each suit in the sequence `ranks`
 *  (the game's pack, lowest first). */
export function suitGroups(hand, ranks) {
  const groups = SUIT_ORDER.map((suit) => ({ suit, cards: [] }));
  const jokers = { suit: "JK", cards: [] };
  for (const code of hand) {
    const card = parseCard(code);
    if (card.joker) jokers.cards.push(code);
    else groups[SUIT_ORDER.indexOf(card.suit)].cards.push(code);
  }
  for (const g of groups) {
    g.cards.sort((a, b) => ranks.indexOf(parseCard(a).rank) - ranks.indexOf(parseCard(b).rank)
      || a.localeCompare(b));
  }
  return [...groups, jokers].filter((g) => g.cards.length);
}

/** A card's pip value in hand (RM4): the ace 11, court cards 10, others their number. */
export function pip(code) {
  const card = parseCard(code);
  if (card.joker) return 15;
  if (card.rank === "A") return 11;
  if (["J", "Q", "K"].includes(card.rank)) return 10;
  return Number(card.rank);
}

/** Every meld of natural cards the hand holds: sets of three or four of a rank, runs of
 *  three or more in a suit along `places` (the game's sequence: its ranks, and the ace
 *  again after the king where a run may end ace high).  Each meld is a list of card
 *  names. */
export function handMelds(hand, places) {
  const out = [];
  const naturals = hand.filter((c) => !parseCard(c).joker);
  const byRank = new Map();
  for (const c of naturals) {
    const rank = parseCard(c).rank;
    if (!byRank.has(rank)) byRank.set(rank, []);
    byRank.get(rank).push(c);
  }
  const subsets = (cards, size, from = 0, acc = []) => {
    if (acc.length === size) return [acc];
    const all = [];
    for (let i = from; i < cards.length; i += 1) all.push(...subsets(cards, size, i + 1, [...acc, cards[i]]));
    return all;
  };
  for (const cards of byRank.values()) {
    for (let size = 3; size <= Math.min(4, cards.length); size += 1) out.push(...subsets(cards, size));
  }
  for (const suit of SUIT_ORDER) {
    const at = places.map((rank) => naturals.find((c) => {
      const card = parseCard(c);
      return card.suit === suit && card.rank === rank;
    }));
    for (let low = 0; low < at.length; low += 1) {
      for (let high = low + 2; high < at.length && at.slice(low, high + 1).every(Boolean); high += 1) {
        out.push(at.slice(low, high + 1));
      }
    }
  }
  return out;
}

/** Whether two lists hold the same cards, in any order. */
export const sameCards = (a, b) => a.length === b.length && a.every((c) => b.includes(c));

/** A laid meld's cards from its text (`6C+JK1+8C@6`). */
export const laidCards = (text) => String(text || "").split("@")[0].split("+").filter(Boolean);

/** The legal moves a selection (cards picked, a table meld picked or null) makes: those
 *  that use every card picked and the meld picked; `uses(move, view)` is the game's
 *  moveUses. */
export function selectionMoves(moves, view, picked, meld, uses) {
  return moves.filter((move) => {
    const used = uses(move, view);
    return [...picked].every((c) => used.cards.includes(c)) && (meld === null || used.meld === meld);
  });
}
