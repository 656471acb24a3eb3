/* The opponent levels the web table offers (docs/ladder.md), weakest first: the house
 * seats' `bot` of POST /v1/games.  Kept apart from game-cassino.js so that tests can call it. */

export const LEVELS = [
  { name: "beginner", label: "Beginner" },
  { name: "casual", label: "Casual" },
  { name: "club", label: "Club" },
  { name: "expert", label: "Expert" },
  { name: "master", label: "Master (the solver)" },
];

/** The menu's entries: the levels, and `current` first when it is a bot of its own
 *  (the `opponent` URL parameter may name solver, heuristic, greedy or random). */
export function levelOptions(current) {
  const known = LEVELS.some((level) => level.name === current);
  return known || !current ? LEVELS : [{ name: current, label: current }, ...LEVELS];
}

/* The skill dial (solver/cassino/levels.py): 0 plays random moves, 100 the full solver.  The named
 * levels are points on it, and the menu's other bots are its anchors. */
export const LEVEL_DIALS = { beginner: 10, casual: 25, club: 50, expert: 75, master: 100 };
const BOT_DIALS = { random: 0, greedy: 25, heuristic: 50, solver: 100 };

/** The dial value of a menu entry (a level or an anchor bot), or null. */
export function dialOf(name) {
  if (name in LEVEL_DIALS) return LEVEL_DIALS[name];
  return name in BOT_DIALS ? BOT_DIALS[name] : null;
}

/** A dial value from the URL's text: a whole number 0..100, or null. */
export function parseDial(text) {
  if (!/^\d{1,3}$/.test(text || "")) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
}

/** The named level at a dial value, or null between them. */
export function levelAt(dial) {
  const found = LEVELS.find((level) => LEVEL_DIALS[level.name] === dial);
  return found ? found.name : null;
}

/** A house seat of POST /v1/games: at the dial when one is chosen, else the bot named. */
export function houseSeat(player, opponent, dial) {
  return dial === null ? { player, bot: opponent } : { player, dial };
}

/** The menu's entries when the dial is chosen: its named level, or "Dial N" first. */
export function dialOptions(dial) {
  return levelAt(dial) ? LEVELS : [{ name: "dial", label: `Dial ${dial}` }, ...LEVELS];
}

/** The house's name at a two-seat table: "Solver" for the full solver (and master),
 *  the level or bot otherwise ("Club", "Greedy"), or "Dial N". */
export function houseName(opponent, dial) {
  if (dial !== null) return `Dial ${dial}`;
  if (!opponent || opponent === "solver" || opponent === "master") return "Solver";
  return opponent.charAt(0).toUpperCase() + opponent.slice(1);
}

/* ---- the house of any game, from its catalog entry (the meld tables, melds.js) ----------
 * A variant's `house` in GET /v1/catalog lists its `bots` (the levels among them) and,
 * where the dial is offered, its `dial` range; nothing here is a game's own. */

const LABELS = Object.fromEntries(LEVELS.map((level) => [level.name, level.label]));
const labelOf = (name) => LABELS[name] || name.charAt(0).toUpperCase() + name.slice(1);

/** The Opponent menu's entries for a variant's catalog `house`: its levels weakest first,
 *  then its other bots; `current` first when the house has no such bot (the URL's), and
 *  "Dial N" first when the dial is chosen. */
export function houseOptions(house, current, dial) {
  const levels = (house && house.levels) || [];
  const bots = ((house && house.bots) || []).filter((name) => !levels.includes(name));
  const options = [...levels, ...bots].map((name) => ({ name, label: labelOf(name) }));
  if (dial !== null && dial !== undefined) return [{ name: "dial", label: `Dial ${dial}` }, ...options];
  const known = options.some((o) => o.name === current);
  return known || !current ? options : [{ name: current, label: labelOf(current) }, ...options];
}
