// Test helpers: build scenarios in code and fight them with scripted dice.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { EnumChance } from '../src/exact/chance.js';
import type { FightEvent } from '../src/engine/events.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { runFight } from '../src/engine/fight.js';
import { FightState, type UnitState } from '../src/engine/state.js';
import type { ModelSpec, Profile, Scenario, SpecialRule, UnitSpec, Weapon } from '../src/model.js';
import { FEARLESS } from '../src/editions/abilities.js';
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import { weapon } from '../src/model.js';
import { getEdition, getRuleset } from '../src/editions/registry.js';
import { InputError, formatProblem } from '../src/errors.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import type { Ability, Effect } from '../src/abilities.js';

export const W = ARMOURY_4TH;
export { weapon };

export function profile(p: Partial<Profile> = {}): Profile {
  return { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: null, Inv: null, ...p };
}

/** A rule or an ability shipped alike in every 40K edition (Fearless: an ability, abilities.md A2). */
export type RuleName = SpecialRule | 'fearless';

/** `rules` with Fearless taken out into the abilities it is (as the loader reads a `rules:` list). */
function split(rules: readonly RuleName[]): { rules: SpecialRule[]; abilities?: Ability[] } {
  const coded = rules.filter((r): r is SpecialRule => r !== 'fearless');
  return coded.length === rules.length ? { rules: coded } : { rules: coded, abilities: [FEARLESS] };
}

export function model(name: string, p: Partial<Profile>, wargear: (string | Weapon)[] = [], rules: RuleName[] = []): ModelSpec {
  return {
    key: name.toLowerCase().replace(/\s+/g, '-'), name, profile: profile(p),
    wargear: wargear.map((w) => (typeof w === 'string' ? W[w]! : w)), ...split(rules),
  };
}

/**
 * A scenario with Fearless read as the ability it is (a test's shorthand: `fearless` among the
 * rules of a unit or a model), as the loader gives it: pushed down into each model's spec, one
 * new spec per spec (models of one spec stay alike).
 */
export function fearlessAsAbility(s: Scenario): Scenario {
  const side = (units: UnitSpec[]) => units.map((u) => {
    const unitRules = u.rules as readonly RuleName[];
    const all = unitRules.includes('fearless');
    const made = new Map<ModelSpec, ModelSpec>();
    const specOf = (spec: ModelSpec): ModelSpec => {
      const rules = spec.rules as readonly RuleName[];
      if (!all && !rules.includes('fearless')) return spec;
      let got = made.get(spec);
      if (!got) made.set(spec, (got = { ...spec, rules: split(rules).rules, abilities: [...(spec.abilities ?? []).filter((a) => a !== FEARLESS), FEARLESS] }));
      return got;
    };
    return { ...u, rules: split(unitRules).rules, models: u.models.map((g) => ({ ...g, spec: specOf(g.spec) })) };
  });
  return { ...s, attacker: { ...s.attacker, units: side(s.attacker.units) }, defender: { ...s.defender, units: side(s.defender.units) } };
}

/** An ability of these effects (`when: always` unless given), named after its key. */
export function ability(key: string, ...effects: (Partial<Effect> & Pick<Effect, 'kind'>)[]): Ability {
  return { key, name: key.replace(/-/g, ' '), effects: effects.map((e) => ({ when: 'always', ...e }) as Effect) };
}

/** `spec` with these abilities besides its own. */
export function having(spec: ModelSpec, ...abilities: Ability[]): ModelSpec {
  return { ...spec, abilities: [...(spec.abilities ?? []), ...abilities] };
}

/** A model armed from `rules`'s armoury (fightphase and waffle have their own, with AP). */
export function modelIn(rules: string, name: string, p: Partial<Profile>, wargear: string[] = [], specialRules: RuleName[] = []): ModelSpec {
  const armoury = getRuleset(rules).armoury;
  return model(name, p, wargear.map((w) => armoury[w]!), specialRules);
}

/** A unit whose model groups stand at these distances (ruling 14): [spec, count, inches]. */
export function placed(name: string, groups: [ModelSpec, number, number][], flags: Partial<UnitSpec> = {}): UnitSpec {
  return { ...unit(name, groups.map(([s, n]) => [s, n])), models: groups.map(([spec, count, distance]) => ({ spec, count, distance })), ...flags };
}

export function unit(name: string, groups: [ModelSpec, number][], flags: Partial<UnitSpec> = {}): UnitSpec {
  return {
    ref: null, name, models: groups.map(([spec, count]) => ({ spec, count })), charged: false, inCover: false,
    firedThisTurn: false, inContact: null, casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false,
    nearby: false, ...flags,
  };
}

export function scenario(rules: string, attacker: UnitSpec[], defender: UnitSpec[], rounds: number | 'resolve' = 1): Scenario {
  const known = getEdition(rules);
  const withAbilities = (units: UnitSpec[]) => ('abilities' in known ? units.map((u) => pushAbilities(u, (known as Ruleset).abilities)) : units);
  return fearlessAsAbility({ name: 'test', rules, rounds, attacker: { units: withAbilities(attacker) }, defender: { units: withAbilities(defender) }, file: null });
}

/**
 * As the loader does (src/io/loader.ts `resolve`): the rules of a model and of its unit that
 * are abilities of the edition (`furious-charge`, `preferred-enemy`...) added to each model
 * spec's own (a test's `fearless` is made the ability by `fearlessAsAbility`).
 */
function pushAbilities(u: UnitSpec, shipped: Ruleset['abilities']): UnitSpec {
  return {
    ...u,
    models: u.models.map((g) => {
      const have = g.spec.abilities ?? [];
      const names = [...new Set([...g.spec.rules, ...u.rules])].filter((r) => Object.hasOwn(shipped, r) && !have.some((a) => a.key === r));
      return names.length === 0 ? g : { ...g, spec: { ...g.spec, abilities: [...have, ...names.map((r) => shipped[r]!)] } };
    }),
  };
}

/** Fight with exactly these dice; fails if the fight asks for more or leaves some unused. */
export function scripted(s: Scenario, dice: number[], opts: { allowLeftover?: boolean; ruleset?: Ruleset } = {}) {
  const d = new ScriptedDice(dice);
  const ruleset = opts.ruleset ?? getRuleset(s.rules);
  const state = new FightState(s, ruleset);
  const events: FightEvent[] = [];
  const outcome = runFight(state, ruleset, new DiceChance(d, true), events);
  if (!opts.allowLeftover && d.remaining !== 0) throw new Error(`${d.remaining} scripted dice left unused`);
  return { outcome, events, state };
}

/** The reason for an attack count as the log prints it, e.g. 'A2 +1 two weapons +1 charge'. */
export function why(e: Extract<FightEvent, { type: 'attacks' }>): string {
  return /\[(.*?)\]/.exec(renderEvent(e, painter(false))[0]!)![1]!;
}

export function eventsOf<T extends FightEvent['type']>(events: FightEvent[], type: T): Extract<FightEvent, { type: T }>[] {
  return events.filter((e): e is Extract<FightEvent, { type: T }> => e.type === type);
}

/** A fresh folder for a test file's inputs, and a writer that puts a file in it and returns its path. */
export function tempFiles(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), `assault-${prefix}-`));
  return {
    dir,
    write: (name, text) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}

/** The law of Binomial(n, p): the chance of each number of successes 0..n, worked out here. */
export function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out.push(c * p ** k * (1 - p) ** (n - k));
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}

/** The names of a unit's living models, in the removal order (the next casualty first). */
export function living(u: UnitState): string[] {
  return u.classes.flatMap((c) => Array<string>(c.count).fill(c.spec.name));
}

/**
 * Every path of one call of the enumerating chance (exact): the probability of each key `call`
 * reads off it, and how many paths there were. `call` may also check each path.
 */
export function everyPath<K>(call: (e: EnumChance) => K): { law: Map<K, number>; paths: number } {
  const e = new EnumChance('test');
  const law = new Map<K, number>();
  let paths = 0;
  e.reset();
  do {
    e.restart();
    const k = call(e);
    law.set(k, (law.get(k) ?? 0) + e.prob);
    paths++;
  } while (e.nextPath());
  return { law, paths };
}

/** Two laws alike: the same keys, each probability within 1e-12. */
export function sameLaw<K>(got: Map<K, number>, want: Map<K, number>): void {
  expect([...got.keys()].map(String).sort()).toEqual([...want.keys()].map(String).sort());
  for (const [k, p] of want) expect(Math.abs(got.get(k)! - p), String(k)).toBeLessThan(1e-12);
}

/** The located problems `load` reports for `file`, each as the command line prints it; none when it loads. */
export function problemsOf(load: (file: string) => unknown, file: string): string[] {
  try {
    load(file);
  } catch (e) {
    if (e instanceof InputError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
}

/**
 * The law of `k` hits on the classes of `counts` (Chance.spread), every model as likely: each of
 * the N^k sequences of models hit, counted by the hits it puts on each class ("x,y,z").
 */
export function spreadLaw(k: number, counts: readonly number[]): Map<string, number> {
  const models = counts.flatMap((c, j) => Array<number>(c).fill(j));
  const law = new Map<string, number>();
  const walk = (h: number, x: number[]) => {
    if (h === k) {
      const key = x.join(',');
      law.set(key, (law.get(key) ?? 0) + models.length ** -k);
      return;
    }
    for (const j of models) walk(h + 1, x.map((v, i) => (i === j ? v + 1 : v)));
  };
  walk(0, counts.map(() => 0));
  return law;
}

/**
 * The shipped scenario files (names) in `dir` written for the 40K editions: those written for
 * epic (rules/epic.md: detachments of epic units) are fought under epic alone (test/epic*.ts).
 */
export function wh40kScenarioFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).filter((f) => {
    const rules = (parseYaml(readFileSync(join(dir, f), 'utf8')) as { rules?: string } | null)?.rules ?? 'srd4';
    return getEdition(rules).profileKind === 'wh40k';
  });
}
