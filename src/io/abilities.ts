// A file's `abilities:` map read into abilities (abilities.md A1): each effect one of B's, with
// `when` and, on blows, `notAgainst`; every refusal located, with a suggestion where a name is close.
import { EFFECT_KINDS, STACKING, WALKER_EFFECTS, type Ability, type Effect, type EffectKind, type Modifiable, type When } from '../abilities.js';
import { didYouMean } from '../suggest.js';
import { plain } from '../plain.js';
import type { z } from 'zod';
import type { AbilityDef, EffectDef } from './schema.js';
import type { Path } from './yamlfile.js';

type AbilityDefT = z.infer<typeof AbilityDef>;
type EffectDefT = z.infer<typeof EffectDef>;

/** An ability's key: lowercase letters, digits and dashes. */
export const ABILITY_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Where problems go: `problem(path, message, key)` made at the file being read (`key`: at that key of the mapping at `path`). */
export type Report = (path: Path, message: string, key?: string) => void;

/** One effect as written, checked: exactly one effect key; `notAgainst` only on blows. Null when refused (reported). */
export function readEffect(e: EffectDefT, report: Report, path: Path): Effect | null {
  const given = EFFECT_KINDS.filter((k) => e[k] !== undefined);
  if (given.length !== 1) {
    report(path, given.length === 0
      ? `an effect needs one of ${EFFECT_KINDS.join(', ')}`
      : `an effect has one of ${EFFECT_KINDS.join(', ')}; this one has ${given.join(' and ')}: write each as an effect of its own`);
    return null;
  }
  const kind = given[0]!;
  const when: When = e.when ?? 'always';
  const blows = kind === 'hitOn' || (kind === 'reroll' && e.reroll!.roll !== 'save');
  if (e.notAgainst !== undefined && !blows) {
    report([...path, 'notAgainst'], `notAgainst belongs to an effect on blows (hitOn, reroll of hits or wounds), not ${kind}${kind === 'reroll' ? ' of saves' : ''}`);
    return null;
  }
  const twice = (e.notAgainst ?? []).findIndex((n, j) => e.notAgainst!.indexOf(n) !== j);
  if (twice >= 0) {
    report([...path, 'notAgainst', twice], `'${e.notAgainst![twice]}' is named twice in notAgainst: name it once`);
    return null;
  }
  const base = { when, ...(e.notAgainst ? { notAgainst: e.notAgainst } : {}) };
  switch (kind) {
    case 'modify': {
      const m = e.modify!;
      if (Object.keys(m).length === 0) {
        report([...path, 'modify'], 'modify needs at least one of WS, S, T, I, A, Ld');
        return null;
      }
      return { kind, modify: m, ...base };
    }
    case 'reroll': return { kind, roll: e.reroll!.roll, results: e.reroll!.results ?? 'failed', ...base };
    case 'hitOn': return { kind, n: e.hitOn!, ...base };
    case 'feelNoPain': return { kind, n: e.feelNoPain!, ...base };
    case 'strikeAt': return { kind, n: e.strikeAt!, ...base };
    case 'fearless': return { kind, models: e.fearless === true ? null : e.fearless!.models, ...base };
    case 'eternalWarrior': case 'chargeBonus': case 'leadership': case 'engageAll': case 'hitAndRun': case 'sweepProof':
      return { kind, ...base };
  }
}

/** What makes two effects of one kind the same effect given twice (a reroll of another roll is another effect). */
function slot(e: Effect): string {
  return e.kind === 'reroll' ? `reroll ${e.roll}` : e.kind;
}

/** A roster's ability key that is a shipped rule's name (`shipped`: those names) refused (A1: it shadows nothing shipped). */
export function rosterClash(shipped: ReadonlySet<string>, title: (key: string) => string | null): (key: string) => string | null {
  return (key) => {
    if (!shipped.has(key)) return null;
    const t = title(key);
    return `'${key}' is the name of a shipped rule (${t ? `the ability ${t}` : 'a special rule of code'}): an ability of a roster shadows nothing shipped; give it another key (or use the shipped ${key} as it is)`;
  };
}

/**
 * An ability under `key` (`path` its place in the file): its effects read, an effect that cannot
 * stack given twice refused, a key `clash` refuses (a roster's: a shipped rule's name) refused.
 */
export function readAbility(key: string, def: AbilityDefT, clash: (key: string) => string | null, report: Report, path: Path): Ability | null {
  let ok = true;
  // a problem of the key itself is said at the key
  const [within, at] = [path.slice(0, -1), String(path[path.length - 1])];
  if (!ABILITY_KEY.test(key)) {
    report(within, `'${key}' is not an ability key: use lowercase letters, digits and dashes (e.g. ${key.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'my-rule'})`, at);
    ok = false;
  }
  const clashes = ok ? clash(key) : null;
  if (clashes) {
    report(within, clashes, at);
    ok = false;
  }
  const effects: Effect[] = [];
  const seen = new Map<string, number>();
  def.effects.forEach((d, i) => {
    const e = readEffect(d, report, [...path, 'effects', i]);
    if (!e) {
      ok = false;
      return;
    }
    const s = slot(e);
    const first = seen.get(s);
    if (first !== undefined && !STACKING.includes(e.kind as EffectKind)) {
      report([...path, 'effects', i], `${s} is given twice in this ability (effects ${first} and ${i}): it does not stack; give it once`);
      ok = false;
      return;
    }
    seen.set(s, i);
    effects.push(e);
  });
  return ok ? { key, name: plain(def.name), effects } : null;
}

/** The message for a rule name found nowhere, with the closest known name (of the roster's abilities and the shipped rules). */
export function unknownRule(name: string, known: Iterable<string>): string {
  const near = didYouMean(name, known);
  return `unknown rule '${name}'${near ? `${near} A` : ': a'} rule is a shipped rule (assault rules ID lists them) or a key of the roster's abilities`;
}

/** A unit's rule that is an ability of some of its models' roster files only (A1: each model looks it up in its own). */
export function undefinedFor(name: string, files: readonly string[], models: readonly string[]): string {
  const where = files.length > 0 ? `an ability of ${files.join(', ')}` : 'an ability of a roster file';
  return `'${name}' is ${where}, but no roster file of ${models.join(', ')} defines it (a model written in the scenario has none): a unit's rule reaches each model through its own roster file (abilities.md A1); define the ability there, or name it on the models that have it`;
}

/** What a walker's ability may not do (A1: only effects on its blows), in words, or null; a vehicle that is not a walker takes no effect at all. */
export function vehicleRefusal(kind: 'vehicle' | 'walker', a: Ability): string | null {
  if (kind === 'vehicle') {
    return `'${a.key}' (${a.name}) is an ability, and a vehicle that is not a walker takes none: it makes no attacks, is never wounded and never tests (abilities.md A1, vehicles.md V1)`;
  }
  const bad = a.effects.map(offWalker).filter((w): w is string => w !== null);
  if (bad.length === 0) return null;
  const list = [...new Set(bad)];
  return `'${a.key}' (${a.name}) has ${list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list[0]}, which a walker cannot take: a walker takes only effects on its blows (modify of WS, S, I, A; hitOn; reroll of hits or wounds; strikeAt; chargeBonus: abilities.md A1)`;
}

/** The part of an effect a walker cannot take, in words, or null. */
function offWalker(e: Effect): string | null {
  switch (e.kind) {
    case 'modify': {
      const off = Object.keys(e.modify).filter((k) => !WALKER_MODIFY.includes(k as Modifiable));
      return off.length === 0 ? null : `modify of ${off.join(', ')}`;
    }
    case 'reroll': return e.roll === 'save' ? 'reroll of saves' : null;
    default: return WALKER_EFFECTS.includes(e.kind) ? null : e.kind;
  }
}

/** The characteristics a walker's `modify` may change (its fighting ones). */
const WALKER_MODIFY: readonly Modifiable[] = ['WS', 'S', 'I', 'A'];

/** The names each `notAgainst` of an ability definition gives, with their places (`path` the ability's). */
export function notAgainstNames(def: AbilityDefT, path: Path): { name: string; path: Path }[] {
  return def.effects.flatMap((e, i) => (e.notAgainst ?? []).map((name, j) => ({ name, path: [...path, 'effects', i, 'notAgainst', j] })));
}

/** The message for a `notAgainst` name that is no rule anywhere. */
export function unknownNotAgainst(name: string, known: Iterable<string>): string {
  const near = didYouMean(name, known);
  return `notAgainst names '${name}', which is no special rule or ability anywhere${near ? `${near} It` : ': it'} names a shipped rule (assault rules ID lists them), an ability of this file, or one of a roster beside it or shipped (a name nothing has would spare no one)`;
}
