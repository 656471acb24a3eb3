// Type-checked only (tsc --noEmit --strict, tests/api/test_sdk.py), never run: the client's
// hand-written types (cardgames.d.ts) must agree with the types generated from the spec.
import { CardGamesClient, CardGamesError, gameOf, isGame } from "../../api/static/sdk/cardgames.js";
import type { Schemas } from "../../api/static/sdk/cardgames.js";
import * as old from "../../api/static/sdk/cassino.js";
import type { components, paths } from "../../api/static/sdk/openapi.js";

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;

export async function aTurn(baseUrl: string): Promise<number> {
  const api = new CardGamesClient({ baseUrl, fetch: globalThis.fetch });
  const variants: components["schemas"]["VariantsResponse"] = await api.variants();
  const catalog: components["schemas"]["CatalogResponse"] = await api.catalog();
  const playable: string[] = catalog.games[0].variants.filter((v) => v.playable).map((v) => v.name);
  const created = await api.newGame({ variant: "standard", seed: 12345, dealer: 0 });
  // an open game answers its state (a sealed one a token and credentials instead)
  const state: components["schemas"]["State"] = created.state!;
  const legal: Json<paths["/v1/legal-moves"]["post"]["responses"][200]> =
    await api.legalMoves({ state });
  const first: Schemas["Move"] = legal.moves[0];
  const applied = await api.apply({ state, move: first.id ?? first });
  const events: components["schemas"]["ApplyResponse"]["events"] = applied.events;
  const { view } = await api.view({ state: applied.state, player: 1 });
  const sealed = await api.newGame({ sealed: true, house: [{ player: 1, bot: "greedy" }] });
  const credential: string | null | undefined = sealed.credentials?.[0];
  const mine = await api.view({ game: sealed.game, credential: credential ?? undefined });
  // a sealed game's token may be any game's: its answers are narrowed by their game
  if (!isGame(mine, "cassino")) throw new Error(`not a Cassino game: ${gameOf(mine)}`);
  const told: components["schemas"]["ViewResponse"]["events"] = mine.events;
  const score: components["schemas"]["Breakdown"] = await api.score({ view });

  const controller = new AbortController();
  const progress: { done: number; total: number }[] = [];
  const hints: components["schemas"]["HintsResponse"] = await api.hints(
    { state, player: 0, samples: 4, seed: 1, async: true },
    { signal: controller.signal, onProgress: (p) => { progress.push(p); } });
  const best: number = hints.moves[0].equity;
  const evaluation: components["schemas"]["EvaluateResponse"] = await api.evaluate({ view });
  const job: components["schemas"]["Job"] = await api.job("h3f2a9c0d");
  const status: "queued" | "started" | "finished" | "failed" = job.status;

  try {
    await api.apply({ state, move: "ZZ" });
  } catch (error) {
    if (error instanceof CardGamesError) {
      const code: number = error.code;
      const where: string | undefined = error.field;
      const rule: string | undefined = error.rule;
      const ruleUrl: string | undefined = error.rule_url;
      const token: string | undefined = error.token;
      const message: string = error.message;
      return code + (where ?? rule ?? ruleUrl ?? token ?? message).length;
    }
    throw error;
  }
  return variants.variants.length + playable.length + events.length + (told?.length ?? 0) + score.players.length + best +
    evaluation.evaluation.equity + progress.length + status.length;
}

export async function otherGames(api: CardGamesClient): Promise<number> {
  // a request whose state or view is another game's gets that game's answer types
  const started = await api.newGame({ game: "conquian", variant: "conquian", seed: 8 });
  const state: Schemas["ConquianState"] = started.state!;
  const legal: Schemas["ConquianLegalMovesResponse"] = await api.legalMoves({ state });
  const first: Schemas["ConquianMove"] = legal.moves[0];
  const applied = await api.apply({ state, move: first.id ?? first });
  const events: Schemas["ConquianEvent"][] = applied.events;
  const score: Schemas["GameScore"] = await api.score({ state: applied.state! });
  const hints: Schemas["ConquianHintsResponse"] = await api.hints({ state, player: 0 });
  const rummy = await api.newGame({ game: "rummy", variant: "double-pack-rum", seed: 8 });
  const seen = await api.view({ state: rummy.state!, player: 0 });
  const known: string[][] = seen.view.known;
  const sealed = await api.newGame({ game: "rummy", sealed: true, house: [{ player: 1 }] });
  const told = await api.view({ game: sealed.game!, credential: sealed.credentials![0]! });
  const shown: string[][] | null = isGame(told, "rummy") ? told.view.shown : null;
  // @ts-expect-error: a Conquian answer's state is not Cassino's
  const wrong: Schemas["State"] = started.state!;
  // @ts-expect-error: a rummy view has no capture piles
  void seen.view.captured;
  void wrong;
  return events.length + score.scores.length + hints.moves.length + known.length +
    (shown?.length ?? 0);
}

export async function mistakes(api: CardGamesClient, state: Schemas["State"]): Promise<void> {
  // @ts-expect-error: player is a number
  await api.view({ state, player: "zero" });
  // @ts-expect-error: a sealed game's token is a string
  await api.legalMoves({ game: 7, credential: "0.x" });
  // @ts-expect-error: no such house bot
  await api.newGame({ sealed: true, house: [{ player: 1, bot: "oracle" }] });
  // @ts-expect-error: hints answer moves, not a state
  const wrong: Schemas["State"] = await api.hints({ state, player: 0 });
  // @ts-expect-error: no such option
  await api.newGame({ colour: "red" });
  // @ts-expect-error: samples is a number
  await api.evaluate({ state, player: 0, samples: "many" });
  // @ts-expect-error: onProgress gets {done, total}
  await api.hints({ state, player: 0 }, { onProgress: (p: string) => p });
  void wrong;
}

export function oldNames(baseUrl: string): number {
  // the old module's names are the same classes and types: code written for them compiles
  const api: CardGamesClient = new old.CassinoClient({ baseUrl });
  const typed: old.CassinoClient = new CardGamesClient({ baseUrl });
  const error: CardGamesError = new old.CassinoError({ code: 422, status: "Unprocessable Entity" });
  const schemas: old.Schemas["State"] | undefined = undefined;
  const game: ReturnType<typeof old.gameOf> = gameOf(error.body);
  // @ts-expect-error: the old module has no client by another name
  void old.CassinoApi;
  void schemas;
  return api.baseUrl.length + typed.baseUrl.length + (game?.length ?? 0);
}
