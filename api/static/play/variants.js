/* Which variants Cassino's web table offers, and how its rounds go: pure functions of the
 * catalog (GET /v1/catalog), so a variant the server makes playable appears in the menu by
 * itself, and of the views and events.  Kept apart from game-cassino.js so that tests can
 * call them with a catalog of their own. */

/** The variants of `game` (the catalog's first game when none is named) the table can
 *  start: the playable ones (you at one seat, the house at every other, so any seat count
 *  plays); the game's default first, then the catalog's order.  Each is the catalog's
 *  entry (name, description, seats, teams, rules_url...). */
export function tableVariants(catalog, game) {
  const games = (catalog && catalog.games) || [];
  const entry = game === undefined ? games[0] : games.find((g) => g.name === game);
  if (!entry) return [];
  const offered = entry.variants.filter((v) => v.playable);
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

/** The side (the seats that score together) of each seat, from a catalog entry's `teams`:
 *  seat -> side index.  Each seat alone when `teams` is missing. */
export function sidesOf(teams, seats) {
  const side = Array.from({ length: seats }, (_, seat) => seat);
  (teams || []).forEach((team, i) => team.forEach((seat) => { side[seat] = i; }));
  return side;
}

const cardsOfBuild = (build) => build.groups.flat();

/** The human's view after one event it was told (a move of another seat, a sweep, a deal
 *  of a new batch), for showing the house's moves one at a time; the server's next view
 *  replaces it.  `side` maps seats to sides (a build raised on a partner's stays his). */
export function afterEvent(view, event, side) {
  const next = structuredClone(view);
  const seats = next.hand_sizes.length;
  const player = event.player;
  const taken = new Set(event.targets || []);
  const table = next.table;
  if (event.type === "trail" || event.type === "capture" || event.type === "build") {
    next.hand_sizes[player] = Math.max(0, next.hand_sizes[player] - 1);
    const used = table.builds.filter((b) => cardsOfBuild(b).every((c) => taken.has(c)));
    table.builds = table.builds.filter((b) => !used.includes(b));
    table.loose = table.loose.filter((c) => !taken.has(c));
    if (event.type === "trail") table.loose.push(event.card);
    if (event.type === "capture") {
      next.captured[player] = [...next.captured[player], event.card, ...event.targets];
      next.last_capturer = player;
    }
    if (event.type === "build") {
      const kept = used.find((b) => b.value === event.value && b.owner !== player &&
                                    side[b.owner] === side[player]);
      table.builds.push({ value: event.value, owner: kept ? kept.owner : player,
                          groups: event.groups || [[event.card, ...(event.targets || [])]] });
    }
    next.to_move = (player + 1) % seats;
    next.history = [...(next.history || []), { player, move: { type: event.type, card: event.card } }];
  } else if (event.type === "sweep") {
    next.sweeps[player] += 1;
  } else if (event.type === "deal" && event.batch > 1 && event.hands) {
    next.hand = event.hands[next.player] || next.hand;
    next.hand_sizes = next.hand_sizes.map(() => event.hand_size);
    next.stock_size = Math.max(0, next.stock_size - seats * event.hand_size);
    next.last_batch = !!event.last_batch;
  }
  return next;
}
