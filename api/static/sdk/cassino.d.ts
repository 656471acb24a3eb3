/**
 * Types of the client's old name (cassino.js): those of cardgames.js, with CassinoClient
 * and CassinoError the old names of CardGamesClient and CardGamesError.
 */
export * from "./cardgames.js";
export { CardGamesClient as CassinoClient, CardGamesError as CassinoError } from "./cardgames.js";
