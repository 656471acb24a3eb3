/* Which variants the web table offers: pure functions of the catalog (GET /v1/catalog),
 * so a variant the server makes playable appears in the menu by itself.  Kept apart from
 * play.js so that tests can call them with a catalog of their own. */

/** The table seats two players: you and the solver. */
export const TABLE_SEATS = 2;

/** The game this table plays. */
export const GAME = "cassino";

/** The variants of `game` the table can start: playable, two seats; the game's default
 *  first, then the catalog's order.  Each is the catalog's entry (name, description,
 *  seats, rules_url...). */
export function tableVariants(catalog, game = GAME) {
  const entry = ((catalog && catalog.games) || []).find((g) => g.name === game);
  if (!entry) return [];
  const offered = entry.variants.filter((v) => v.playable && v.seats === TABLE_SEATS);
  const first = offered.filter((v) => v.name === entry.default_variant);
  return [...first, ...offered.filter((v) => v.name !== entry.default_variant)];
}

/** The variant to start with: `asked` (the URL's) when the table offers it, else the
 *  first offered (the default), else `fallback`. */
export function pickVariant(offered, asked, fallback = "standard") {
  if (asked && offered.some((v) => v.name === asked)) return asked;
  return offered.length ? offered[0].name : fallback;
}

/** How a round is dealt under a variant's options (GET /v1/variants): the batches of a
 *  round and the one in play, or null when the variant does not deal in batches (draw). */
export function batchOf(rules, stockSize) {
  if (!rules || rules.draw_after_play || !rules.hand_size || !rules.players) return null;
  const perBatch = rules.players * rules.hand_size;
  const total = Math.floor((52 - (rules.table_size ?? 0)) / perBatch);
  return { batch: total - Math.floor(stockSize / perBatch), total };
}
