// Special rules as data (../shared/rules/abilities.md): an ability is a name and a list of
// effects, each of which changes one thing the 40K steps read (a characteristic, a roll, a test,
// who is engaged, what a sweeping advance does). Rosters define their own; every 40K edition
// ships the rules the effects express exactly as abilities of its own (editions/abilities.ts).

/** When an effect holds (A3): always, in the first phase for a unit that charged, that was charged, or either way. */
export const WHENS = ['always', 'charging', 'charged', 'firstRound'] as const;
export type When = (typeof WHENS)[number];

/** The characteristics `modify` changes (B1). */
export const MODIFIABLE = ['WS', 'S', 'T', 'I', 'A', 'Ld'] as const;
export type Modifiable = (typeof MODIFIABLE)[number];

/** The rolls `reroll` re-rolls (B2), and which of their results. */
export const REROLLS = ['hit', 'wound', 'save'] as const;
export type RerollRoll = (typeof REROLLS)[number];
export type RerollResults = 'failed' | 'ones';

/** Every effect's name, in the order abilities.md gives them (B1-B12). */
export const EFFECT_KINDS = [
  'modify', 'reroll', 'hitOn', 'feelNoPain', 'eternalWarrior', 'chargeBonus', 'fearless', 'leadership',
  'strikeAt', 'engageAll', 'hitAndRun', 'sweepProof',
] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** The effects that act on a model's blows, which alone may take `notAgainst` (A3). */
export const ON_BLOWS: readonly EffectKind[] = ['hitOn', 'reroll'];

/** The effects a walker may take (A1): those on its blows. */
export const WALKER_EFFECTS: readonly EffectKind[] = ['modify', 'hitOn', 'reroll', 'strikeAt', 'chargeBonus'];

/** The effects that may be given twice in one ability (they add up, B1). */
export const STACKING: readonly EffectKind[] = ['modify'];

interface EffectBase {
  when: When;
  /** special rule or ability names: it does not act against a unit most of whose living models have one (hitOn, reroll of hits or wounds) */
  notAgainst?: readonly string[];
}

export type Effect = EffectBase & (
  | { kind: 'modify'; modify: Readonly<Partial<Record<Modifiable, number>>> }
  | { kind: 'reroll'; roll: RerollRoll; results: RerollResults }
  | { kind: 'hitOn'; n: number }
  | { kind: 'feelNoPain'; n: number }
  | { kind: 'eternalWarrior' }
  /** chargeBonus: false, the only form: no +1 attack for charging */
  | { kind: 'chargeBonus' }
  /** models: passes only while it has this many living models; null: always */
  | { kind: 'fearless'; models: number | null }
  /** leadership: models */
  | { kind: 'leadership' }
  | { kind: 'strikeAt'; n: number }
  | { kind: 'engageAll' }
  | { kind: 'hitAndRun' }
  | { kind: 'sweepProof' }
);

export interface Ability {
  /** the name `rules:` lists give it */
  key: string;
  /** the name the log and `assault rules` show */
  name: string;
  effects: readonly Effect[];
  /** where it comes from (a shipped rule's source; unset for a roster's own) */
  source?: string;
}

/** An ability's effects of one kind. */
export function effectsOf<K extends EffectKind>(a: Ability, kind: K): Extract<Effect, { kind: K }>[] {
  return a.effects.filter((e): e is Extract<Effect, { kind: K }> => e.kind === kind);
}
