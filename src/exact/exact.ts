// `assault exact`: the whole outcome distribution of a combat, with no sampling. The combat is
// fought by the same steps as `fight` and `sim`, one atom at a time (engine/fight.ts
// `advance`), with the enumerating chance (exact/chance.ts): from each state, the atom is
// replayed once per combination of its dice outcomes, and the states it leads to are merged
// when equal (engine/snapshot.ts), carrying the sum of the probabilities of the paths to them.
// States are taken in the order of the procedure (no state can lead back to an earlier atom),
// so each is fought once, with all the probability that reaches it. Fights that end are added
// to the same aggregate as `sim`'s, weighted by their probability.
import { advance, CHARGE, CHARGE_TALLIES, startFight, type FightOutcome } from '../engine/fight.js';
import { Snapshots } from '../engine/snapshot.js';
import { FightState } from '../engine/state.js';
import type { Combat } from '../engine/steps.js';
import { getRuleset } from '../editions/registry.js';
import { ATOM_BUDGET, STATE_BUDGET, tooLarge, TooLarge } from './budget.js';
import type { Scenario } from '../model.js';
import { Aggregate, COUNTS, FIRST_PHASE, limitsOf, report, type SimReport } from '../sim/aggregate.js';
import { EnumChance } from './chance.js';


export interface ExactOptions {
  /** the most states kept at once (default STATE_BUDGET) */
  states?: number;
  /** the most atoms fought (default ATOM_BUDGET) */
  atoms?: number;
}

/** Where a combat is, as one number that grows as the procedure goes on (states are taken smallest first). */
function cursor(c: Combat): number {
  const s = c.state.step;
  // inside the fight step: the Initiative step, its part (15: the step is over), its atom
  const inside = c.inStep && s ? ((11 - s.init) * 16 + (s.part < 0 ? 15 : s.part + 1)) * 256 + s.atom : 0;
  return (((c.part === CHARGE ? 0 : c.phase) * 64 + c.stepIndex) * 2 + (c.inStep ? 1 : 0)) * 65536 + inside;
}

/** A state waiting to be fought, with the probability that reaches it; `next`: another state with the same hash */
interface Waiting { data: number[]; p: number; next: Waiting | null }

/** A hash of the first `n` numbers of a state (equal states, equal hashes). */
function hashOf(d: readonly number[], n: number): number {
  let h1 = 0x811c9dc5 ^ n;
  let h2 = 0x5bd1e995;
  for (let i = 0; i < n; i++) {
    const v = d[i]! | 0;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ v, 0x85ebca6b) ^ (h2 >>> 13);
  }
  // a small integer key is the fastest a Map has (equal hashes are compared number by number)
  return (h1 ^ (h2 >>> 7)) & 0x3fffffff;
}

const same = (a: readonly number[], b: readonly number[], n: number) => {
  if (a.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

export function exact(scenario: Scenario, opts: ExactOptions = {}): SimReport {
  const ruleset = getRuleset(scenario.rules);
  const state = new FightState(scenario, ruleset);
  const where = scenario.file ?? scenario.name;
  const chance = new EnumChance(where);
  const c = startFight(state, ruleset, chance, null);
  const codec = new Snapshots(c);
  const agg = new Aggregate(limitsOf(scenario));
  const maxStates = opts.states ?? STATE_BUDGET;
  const maxAtoms = opts.atoms ?? ATOM_BUDGET;
  // the states waiting, by cursor, then by hash (equal hashes compared number by number)
  const queue = new Map<number, Map<number, Waiting>>();
  const buf: number[] = [];
  let waiting = 0;
  let atoms = 0;
  let lastAt = -1;
  let lastBucket: Map<number, Waiting> | null = null;
  const wait = (n: number, p: number) => {
    const at = cursor(c);
    let bucket = at === lastAt ? lastBucket : queue.get(at);
    if (!bucket) queue.set(at, (bucket = new Map()));
    lastAt = at;
    lastBucket = bucket;
    const h = hashOf(buf, n);
    const first = bucket.get(h) ?? null;
    for (let w = first; w; w = w.next) {
      if (same(w.data, buf, n)) {
        w.p += p;
        return;
      }
    }
    bucket.set(h, { data: buf.slice(0, n), p, next: first });
    if (++waiting > maxStates) tooLarge(where, `more than ${maxStates.toLocaleString('en')} states at once`);
  };
  wait(codec.save(buf), 1);
  while (queue.size > 0) {
    let at = Infinity;
    for (const k of queue.keys()) if (k < at) at = k;
    const bucket = queue.get(at)!;
    queue.delete(at);
    if (lastAt === at) lastAt = -1;
    for (const entry of bucket.values()) for (let w: Waiting | null = entry; w; w = w.next) {
      const { data, p } = w;
      waiting--;
      chance.reset();
      do {
        if (++atoms > maxAtoms) tooLarge(where, `more than ${maxAtoms.toLocaleString('en')} atoms to fight`);
        codec.load(data);
        chance.restart();
        const phase = c.phase;
        const o = c.out;
        const taken = o.moraleTaken;
        const failed = o.moraleFailed;
        const attempted = o.sweepsAttempted;
        const caught = o.sweepsCaught;
        // atoms that roll nothing are fought in the same replay: the next merge is after one that rolls
        let over = advance(c);
        while (!over && chance.calls === 0) over = advance(c);
        const q = p * chance.prob;
        const cells = agg.cells;
        cells.moraleTaken.n += q * (o.moraleTaken - taken);
        cells.moraleFailed.n += q * (o.moraleFailed - failed);
        cells.sweepsAttempted.n += q * (o.sweepsAttempted - attempted);
        cells.sweepsCaught.n += q * (o.sweepsCaught - caught);
        // waffle's charge figures are only summed: added as each atom adds to them and kept out of the states
        const t = o.charge;
        for (let k = 0; k < CHARGE_TALLIES.length; k++) {
          const key = CHARGE_TALLIES[k]!;
          if (t[key] !== 0) {
            cells.charge[key].n += q * t[key];
            t[key] = 0;
          }
        }
        o.moraleTaken = Math.min(o.moraleTaken, 1);
        o.moraleFailed = Math.min(o.moraleFailed, 1);
        o.sweepsAttempted = Math.min(o.sweepsAttempted, 1);
        o.sweepsCaught = Math.min(o.sweepsCaught, 1);
        agg.cells.dice.n += q * chance.rolled;
        if (phase <= 1 && o.phases >= 2) flushFirstPhase(agg, o, q);
        if (over) agg.add(o, 0, 0, q, COUNTS | (o.phases >= 2 ? FIRST_PHASE : 0));
        else wait(codec.save(buf), q);
      } while (chance.nextPath());
    }
  }
  return report(agg, { rules: scenario.rules, scenario: scenario.name, seed: null, partial: false, method: 'exact' });
}

/*
 * What a fight adds to the statistics is added as soon as it is known, and left out of the
 * states, so that fights that differ only in it are one state: the first phase's result and
 * wounds when the second phase starts, and the counts of Morale checks and sweeps as each
 * atom adds to them (a state keeps only whether there was one, for the "fights with" shares).
 */
function flushFirstPhase(agg: Aggregate, o: FightOutcome, q: number): void {
  agg.addOnly(o, q, FIRST_PHASE);
  o.firstResult = 'draw';
  o.firstWounds.attacker = o.firstWounds.defender = 0;
}

export { ATOM_BUDGET, STATE_BUDGET, TooLarge };
