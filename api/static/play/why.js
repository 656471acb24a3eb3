/* Why not, sweep warnings and readable hints at the web table (docs/play.md).
 *
 * Pure helpers of game-cassino.js: what the selected hand card can take or build with (lit up on
 * the table), the sweep warning a move carries (from legal-moves' `risks`), the cards of a
 * hinted move (lit up in the hand and on the table), and the why-not question, asked of
 * POST /v1/why through the page's own SDK client.  Nothing here sees another seat's cards:
 * everything comes from the human's own answers.
 */

/** The table cards the legal moves of `card` take (captures) or use (builds). */
export function reachOf(moves, card) {
  const captures = new Set();
  const builds = new Set();
  for (const move of moves) {
    if (move.card !== card) continue;
    for (const target of move.targets || []) {
      (move.type === "capture" ? captures : builds).add(target);
    }
  }
  return { captures, builds };
}

/** Light up the table and the hand: `reach` (from reachOf) when a hand card is
 *  selected, and the cards of the `hinted` move. Builds light up when all their cards do. */
export function decorate(root, reach, hinted) {
  const hintedCards = new Set(hinted ? [hinted.card, ...(hinted.targets || [])] : []);
  const mark = (node, cards) => {
    const capture = reach && cards.every((c) => reach.captures.has(c));
    const build = reach && !capture && cards.every((c) => reach.builds.has(c) || reach.captures.has(c));
    node.classList.toggle("reach-capture", Boolean(capture));
    node.classList.toggle("reach-build", Boolean(build));
    if (capture || build) node.dataset.reach = capture ? "capture" : "build";
    else delete node.dataset.reach;
    const lit = hintedCards.size > 0 && cards.every((c) => hintedCards.has(c));
    node.classList.toggle("hinted", lit);
    if (lit) node.dataset.hinted = "true";
    else delete node.dataset.hinted;
  };
  for (const node of root.querySelectorAll('[data-testid^="table-"]')) mark(node, [node.dataset.card]);
  for (const node of root.querySelectorAll('[data-testid^="build-"]')) {
    mark(node, (node.dataset.cards || "").split(" ").filter(Boolean));
  }
  for (const node of root.querySelectorAll('[data-testid^="hand-"]')) {
    const lit = hintedCards.has(node.dataset.card);
    node.classList.toggle("hinted", lit);
    if (lit) node.dataset.hinted = "true";
    else delete node.dataset.hinted;
  }
}

/** The words of a sweep warning, or null when the move leaves no sweep (R13). */
export function riskText(risk, seatName) {
  if (!risk || !risk.probability || risk.player === null) return null;
  const pct = risk.probability * 100;
  const odds = risk.probability >= 1 ? "certain" : pct >= 1 ? `${Math.round(pct)}%` : "under 1%";
  return `⚠ sweep for ${seatName(risk.player)}: ${odds} (a ${risk.ranks.join("/")})`;
}

/** Ask the server why the selection makes no legal move: the first reason's words and
 *  rule link, and every reason. */
export async function askWhy(client, position, card, table) {
  const answer = await client.why({ ...position, card, table });
  return {
    legal: answer.legal,
    reasons: answer.reasons,
    text: answer.legal ? null : answer.message || "No legal move takes exactly these cards.",
    ruleUrl: answer.rule_url || null,
    rule: answer.rule || null,
  };
}

/** The words of a hinted move's alternatives, " (or: Trail 4♦)", or "" when it has none;
 *  `describeId` tells a move id in words. */
export function alternativesText(hint, describeId) {
  const others = hint.alternatives || [];
  return others.length ? ` (or: ${others.map(describeId).join("; ")})` : "";
}

/** The number each hint row shows: the rows a player sees (every move but those folded
 *  into a better-ranked alike move, `alternative_of`) are numbered 1, 2, 3... without a
 *  gap; a folded row gets null.  The API's own `rank` stays on the row (data-rank). */
export function hintNumbers(hints) {
  let shown = 0;
  return hints.map((hint) => (hint.alternative_of ? null : ++shown));
}

/* ---- the meld games' why-not and warnings (melds.js; docs/api.md "Why not in the meld
 * games", "Warnings of the meld games") ----------------------------------------------------- */

const odds = (probability) => {
  const pct = probability * 100;
  return probability >= 1 ? "certain" : pct >= 1 ? `${Math.round(pct)}%` : "under 1%";
};

/** The words of a discard's warning (legal-moves' `risks`), or null when it offers
 *  nothing: "⚠ the next player melds with it: 49%"; `who` names the seat it is offered to. */
export function meldRiskText(risk, who) {
  if (!risk || !risk.probability || risk.player === null) return null;
  const name = who(risk.player);
  const what = { add: `${name} adds it to a meld`, extend: `${name} extends a meld with it` }[risk.how]
    || `${name} melds with it`;
  return `⚠ ${what}: ${odds(risk.probability)}`;
}

/** Ask POST /v1/why about the picked hand `cards` (and the meld aimed at, `target`:
 *  `{table: cards}` or rummy's `{meld: n}`): the answer as the API gives it. */
export function askMeldWhy(client, position, cards, target) {
  return client.why({ ...position, cards, ...(target || {}) });
}
