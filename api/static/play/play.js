/* The web table: a client of the public /v1 API, like any third-party frontend.
 *
 * This is the page's shared start.  Each game's table is a module of its own, named by
 * the game: game-<name>.js (docs/play.md "Per-game modules"); a game with none is played
 * at the generic table (generic.js: its view and its legal moves as buttons).  The games
 * are those of GET /v1/catalog, so no list of the games is written here: the page loads
 * the module of the game the URL asks for (else the catalog's first), fills the header's
 * game menu from the catalog, and calls the module's `start`.  A module
 * exports `start(api, config, context)`, and may export `title` (the header's name of the
 * game; the catalog's title otherwise) and `menu(entry)` (its entries in the game menu;
 * one entry, the game, otherwise).
 *
 * Every game's table plays a sealed game: the browser holds an opaque token and the human
 * seat's credential, never the full state (RULES R28, R29).  URL parameters (all
 * optional; a game's module may read more of its own):
 *   game           which game's table (a game of the catalog); the catalog's first
 *   seed, dealer   the new game (POST /v1/games); a random seed when omitted
 *   variant        its variant, when the table offers it; the game's default otherwise
 *   seat           the human's seat (default 0)
 *   players        the seats of a meld game's table (Conquian 2 or 3, rummy 2 to 6; the
 *                  variant's own by default), the house at every seat but the human's
 *   opponent       who plays the house seats (default solver)
 *   samples, time_ms, hint_seed   budget and sampler seed of the human's hints
 *   delay          milliseconds before each house move is shown (default 700)
 * Every API call goes through the same client any third-party page uses: /sdk/cardgames.js.
 * A game whose catalog `features` list `replay` gets the replay and review (replay.js),
 * its positions drawn by the game's module, whichever table plays it.
 */
import { CardGamesClient } from "../sdk/cardgames.js";
import * as generic from "./generic.js";
import { installReplay } from "./replay.js";

const params = new URLSearchParams(location.search);
const intParam = (name, fallback) => {
  const raw = params.get(name);
  if (raw === null || raw === "" || !/^\d+$/.test(raw)) return fallback;
  return Number(raw);
};
const CONFIG = {
  seed: intParam("seed", null),
  dealer: intParam("dealer", null),
  human: intParam("seat", 0),
  players: intParam("players", null),
  opponent: /^[a-z]{1,20}$/.test(params.get("opponent") || "") ? params.get("opponent") : "solver",
  samples: intParam("samples", null),
  timeMs: intParam("time_ms", null),
  hintSeed: intParam("hint_seed", 0),
  delay: intParam("delay", 700),
  variant: /^[a-z0-9-]{1,40}$/.test(params.get("variant") || "") ? params.get("variant") : null,
};
// the API root is where /play/ hangs off, so a path prefix in front of both is kept
const api = new CardGamesClient({ baseUrl: new URL("../", location.href).href });
const $ = (id) => document.getElementById(id);

/** A game's name as the catalog gives it, and so the name of its module's file. */
const GAME_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The table module of the game `name` (game-<name>.js), or the generic table when it has
 *  none (a game of the server's with no module here, one registered later); null for a
 *  name that is not a game's. */
async function tableOf(name) {
  if (!GAME_NAME.test(name || "")) return null;
  try {
    return await import(`./game-${name}.js`);
  } catch (err) {
    return generic;
  }
}

/** The catalog's games, each with its table, in the catalog's order: [{entry, table}]. */
async function tables(catalog) {
  const entries = (catalog && catalog.games) || [];
  const found = await Promise.all(entries.map((entry) => tableOf(entry.name)));
  return entries.map((entry, i) => ({ entry, table: found[i] })).filter((t) => t.table);
}

/** The game menu's entries of one game: its module's (`menu`), else the game alone. */
function choicesOf({ entry, table }) {
  const own = typeof table.menu === "function" ? table.menu(entry) : null;
  const choices = own && own.length ? own : [{ variant: null, label: entry.title || entry.name }];
  return choices.map((c) => ({ game: entry.name, variant: c.variant || null, label: c.label }));
}

/** Fill the header's game menu: every game with a table, and each entry its module
 *  gives (a game's variants, for instance); a choice loads the page for it.  Returns
 *  `choose(variant)`, for a table to show which entry of its game it plays. */
function gameMenu(games, current) {
  const select = $("game-select");
  const choices = games.flatMap(choicesOf);
  const value = (c) => (c.variant ? `${c.game}/${c.variant}` : c.game);
  const choose = (variant) => {
    const mine = choices.filter((c) => c.game === current);
    const chosen = mine.find((c) => c.variant === variant) || mine[0];
    if (chosen) select.value = value(chosen);
  };
  select.replaceChildren(...choices.map((c) => {
    const option = document.createElement("option");
    option.value = value(c);
    option.textContent = c.label;
    option.dataset.testid = `game-${value(c).replace("/", "-")}`;
    return option;
  }));
  choose(CONFIG.variant);
  select.disabled = choices.length < 2;
  select.addEventListener("change", () => {
    const [game, variant] = select.value.split("/");
    const url = new URL(location.href);
    url.searchParams.delete("variant");
    if (game === games[0].entry.name) url.searchParams.delete("game");  // the default
    else url.searchParams.set("game", game);
    if (variant) url.searchParams.set("variant", variant);
    location.assign(url.href);
  });
  return choose;
}

function failed(message) {
  document.body.dataset.phase = "error";
  $("status").textContent = "Something went wrong.";
  $("error").textContent = message;
  $("error").hidden = false;
}

document.addEventListener("DOMContentLoaded", async () => {
  let catalog;
  try {
    catalog = await api.catalog();
  } catch (err) {
    failed(`cannot read the games (GET /v1/catalog): ${err.message}`);
    return;
  }
  const games = await tables(catalog);
  if (!games.length) {
    failed("no game of the catalog has a table here");
    return;
  }
  const chosen = games.find((g) => g.entry.name === params.get("game")) || games[0];
  const { entry, table } = chosen;
  const title = table.title || entry.title || entry.name;
  document.body.dataset.game = entry.name;
  document.title = `${title}: play against the solver`;
  document.querySelector(".bar h1").textContent = title;
  const chooseGame = gameMenu(games, entry.name);
  if ((entry.features || []).includes("replay")) {  // after a game, and Open a record…
    installReplay(api, { game: entry.name, table, catalog, tableOf });
  }
  table.start(api, CONFIG, { game: entry.name, entry, table, catalog, params, chooseGame });
});
