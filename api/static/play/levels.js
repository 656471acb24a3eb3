/* The opponent levels the web table offers (docs/ladder.md), weakest first: the house
 * seats' `bot` of POST /v1/games.  Kept apart from play.js so that tests can call it. */

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
