// How far `exact` goes before it stops and suggests `sim`.

/** At most this many states waiting at once, and this many atoms fought in all. */
export const STATE_BUDGET = 100_000;
export const ATOM_BUDGET = 3_000_000;
/** The most dice one roll may have (with the 6s counted apart: fewer), beyond which its outcomes are too many to list. */
export const MAX_DICE = 1000;
export const MAX_DICE_WITH_SIXES = 200;

/** The scenario outgrew the budget: exit 2, and what to do instead. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

/** Stop: `where` (the scenario) is too large to enumerate, because of `what`. */
export function tooLarge(where: string, what: string): never {
  throw new TooLarge(`${where}: too large to enumerate exactly (${what}); use \`assault sim\` for this scenario`);
}
