/* The client's old name: /sdk/cassino.js is /sdk/cardgames.js (the same module, so the
 * same classes and functions), with CassinoClient and CassinoError the old names of
 * CardGamesClient and CardGamesError.  Kept so that no page that imports it breaks; new
 * pages import /sdk/cardgames.js.  Types: cassino.d.ts. */
export * from "./cardgames.js";
export { CardGamesClient as CassinoClient, CardGamesError as CassinoError } from "./cardgames.js";
