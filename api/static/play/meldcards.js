/* The draw-and-meld games at the web table (Conquian, Poker Rum, Poker Gin, Double-Pack
 * Rum): pure functions of the engines' wire forms (docs/rules/conquian.md, rummy.md), kept
 * apart from the page (melds.js) so that tests can call them.  Cards are the wire's names:
 * `7H`, `10D`, a second pack's `7H'`, the jokers `JK1` and `JK2`. */

/** The games this module plays; Cassino is play.js's. */
export const MELD_GAMES = ["conquian", "rummy"];

const SUIT_ORDER = ["S", "H", "D", "C"];
const RUMMY_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** Conquian's forty-card pack in sequence order (Q2): the 7 is next below the jack. */
const CONQUIAN_RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"];

/** A card's parts: rank, suit, whether it is of the second pack, whether a joker. */
export function parseCard(code) {
  if (/^JK\d$/.test(code)) return { rank: null, suit: null, prime: false, joker: true };
  const match = /^(10|[A2-9JQK])([SHDC])('?)$/.exec(code);
  if (!match) return { rank: null, suit: null, prime: false, joker: false };
  return { rank: match[1], suit: match[2], prime: match[3] === "'", joker: false };
}

const ranksOf = (game) => (game === "conquian" ? CONQUIAN_RANKS : RUMMY_RANKS);

/** The hand grouped by suit (S, H, D, C, then jokers), each suit in sequence order. */
export function suitGroups(hand, game) {
  const ranks = ranksOf(game);
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
 *  three or more in a suit (Conquian's sequence A..7 J Q K; rummy's ace low or high, not
 *  round the corner).  Each meld is a list of card names. */
export function handMelds(hand, game) {
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
  const ranks = ranksOf(game);
  const places = game === "conquian" ? ranks : [...ranks, "A"];  // rummy: the ace high too
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

/** The least deadwood of a rummy hand (RM12, RM13): the pips of the cards no meld of
 *  the best arrangement holds, and that arrangement's melds. */
export function deadwood(hand) {
  const melds = handMelds(hand, "rummy");
  let best = { points: hand.reduce((s, c) => s + pip(c), 0), melds: [] };
  const search = (from, used, chosen) => {
    const points = hand.filter((c) => !used.has(c)).reduce((s, c) => s + pip(c), 0);
    if (points < best.points) best = { points, melds: chosen };
    for (let i = from; i < melds.length; i += 1) {
      if (melds[i].some((c) => used.has(c))) continue;
      search(i + 1, new Set([...used, ...melds[i]]), [...chosen, melds[i]]);
    }
  };
  search(0, new Set(), []);
  return best;
}

/** A rummy move's id from its JSON form (docs/rules/rummy.md, engine/rummy/moves.py),
 *  for answers that carry none. */
export function rummyMoveId(move) {
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

/** A move's id: its own, or (rummy) made from its fields. */
export const moveId = (move) => move.id || rummyMoveId(move);

/** Every meld on the table, one list for both games: `key` (what a selection names),
 *  `owner`, `cards`, a rummy meld's `index`, kind and the jokers moved. */
export function tableMelds(view) {
  if (view.game === "conquian") {
    return view.melds.flatMap((melds, owner) => melds.map((cards, i) => ({
      key: `${owner}:${i}`, owner, cards, index: i, kind: null, moved: [] })));
  }
  return (view.table || []).map((laid, i) => ({
    key: String(i), owner: laid.owner, cards: laid.cards, index: i, kind: laid.kind,
    moved: laid.moved || [] }));
}

/** The card the seat to move may take: Conquian's face-up card, rummy's pile top. */
export function faceUp(view) {
  if (view.game === "conquian") return view.up || null;
  return view.pile && view.pile.length ? view.pile[view.pile.length - 1] : null;
}

const sameCards = (a, b) => a.length === b.length && a.every((c) => b.includes(c));

/** What a move uses, for choosing it by clicking: the cards (of the hand, or the
 *  face-up card) and the key of the table meld it goes onto, if any. */
export function moveUses(move, view) {
  const melds = tableMelds(view);
  const hand = new Set(view.hand);
  const up = faceUp(view);
  if (view.game === "conquian") {
    const cards = [...new Set([...(move.meld || []), ...(move.card ? [move.card] : [])])];
    const mine = cards.filter((c) => hand.has(c) || (c === up && move.type === "take"));
    let meld = null;
    if (move.type === "force") {
      const rest = cards.filter((c) => c !== move.card);
      const target = melds.find((m) => m.owner !== view.player && sameCards(m.cards, rest));
      meld = target ? target.key : null;
    } else if (move.meld) {
      const target = melds.find((m) => m.owner === view.player && m.cards.every((c) => cards.includes(c)));
      meld = target ? target.key : null;
    }
    if (move.type === "force" && move.card === up) mine.push(up);
    return { cards: [...new Set(mine)], meld };
  }
  switch (move.type) {
    case "take": return { cards: up ? [up] : [], meld: null };
    case "discard": return { cards: [move.card], meld: null };
    case "meld": return { cards: move.cards, meld: null };
    case "add": return { cards: move.cards, meld: String(move.meld) };
    case "shift": {
      const target = melds.find((m) => m.cards.includes(move.joker));
      return { cards: [move.fill, move.extend].filter(Boolean), meld: target ? target.key : null };
    }
    default: return { cards: [], meld: null };
  }
}

/** The legal moves a selection (cards picked, a table meld picked or null) makes: those
 *  that use every card picked and the meld picked. */
export function selectionMoves(moves, view, picked, meld) {
  return moves.filter((move) => {
    const uses = moveUses(move, view);
    return [...picked].every((c) => uses.cards.includes(c)) && (meld === null || uses.meld === meld);
  });
}

/** A view after one house move's event, for showing the house's moves one at a time: the
 *  face-up card or pile, the stock's and hands' sizes, the melds.  Only what the event
 *  tells (the server's next view replaces it); the view unchanged for any other event. */
export function afterEvent(view, event) {
  const v = JSON.parse(JSON.stringify(view));
  const seat = event.player ?? event.seat;
  const other = (s) => (s + 1) % v.hand_sizes.length;
  const laid = (text) => String(text || "").split("@")[0].split("+").filter(Boolean);
  if (v.game === "conquian") {
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
  switch (event.type) {
    case "draw": v.stock_size -= 1; v.hand_sizes[seat] += 1; v.phase = "discard"; break;
    case "take": v.pile = v.pile.slice(0, -1); v.hand_sizes[seat] += 1; v.phase = "discard"; break;
    case "discard":
      v.pile = [...v.pile, event.card];
      v.hand_sizes[seat] -= 1;
      Object.assign(v, { phase: "draw", to_move: other(seat) });
      break;
    case "reshuffle":  // RM25: the pile but its top card becomes the stock
      v.stock_size = (event.cards || []).length;
      v.pile = v.pile.slice(-1);
      break;
    case "meld": case "add": case "shift": {
      const cards = laid(event.text);
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
