// waffle's sweep hits spread at random over the caught unit's models (rules ruling 25), measured:
// `exact` on a small fight against its figures worked out here by hand, `sim` within 4 standard
// errors of them; `exact`'s figures with its one call for a striking class's unsaved wounds
// (Chance.sweepUnsaved) against those of the spread, wound and save calls it stands for, on
// shipped fights (test/spread.test.ts: path by path); and a logged fight (faces drawn for the log) fighting as the unlogged one, run for run.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fight, loadScenario, simulate } from '../src/index.js';
import { SHIPPED_ROSTERS } from '../src/io/load.js';
import { EnumChance } from '../src/exact/chance.js';
import { exact } from '../src/exact/exact.js';
import { modelIn, scenario, unit } from './helpers.js';

type EnumChance = InstanceType<typeof EnumChance>;

const m = (name: string, p: Parameters<typeof modelIn>[2]) => modelIn('waffle', name, p);

/**
 * Two Killers (WS10: they hit WS3 automatically, S6, I4) against three Guardsmen (T3, Sv 5+, I3)
 * and an Ogryn (T5, W2, Sv 4+, I2), none of whom strikes, all at Ld 2: one phase.
 */
const killers = () => unit('Killers', [[m('Killer', { WS: 10, S: 6, T: 4, I: 4, A: 1 }), 2]]);
const victims = () => unit('Victims', [
  [m('Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 0, Ld: 2, Sv: 5 }), 3],
  [m('Ogryn', { WS: 3, S: 5, T: 5, W: 2, I: 2, A: 0, Ld: 2, Sv: 4 }), 1],
]);
const small = () => scenario('waffle', [killers()], [victims()], 1);

/**
 * The fight worked out by hand. Its two hits wound the majority T3 on 2+ (5/6) and go to the
 * Guardsmen (closest first, the removal order), who fail their 5+ saves on 1-4 (2/3): F
 * Guardsmen die, F ~ binomial(2, 5/9). F = 0: a draw, the combat goes on (locked). Else the
 * Victims fail Morale (2D6 <= 2 - F cannot be rolled) and flee on D6 + 3 against D6 + 4, caught
 * unless the Victims roll 2 more (26/36). Caught: each of two hits falls on a Guardsman (3 - F
 * of the 4 - F models) or on the Ogryn; on a Guardsman it wounds on 2+ (S6 v T3) and he fails
 * his 5+ save 4 in 6; on the Ogryn it wounds on 3+ (S6 v T5) and he fails his 4+ save 3 in 6.
 * An unsaved wound kills a Guardsman (no more than are left) and takes one of the Ogryn's two.
 */
function byHand() {
  const fights: { p: number; end: string; survivors: number; woundsLeft: number; sweepWounds: number }[] = [];
  const binom2 = (q: number) => [(1 - q) ** 2, 2 * q * (1 - q), q * q];
  const pF = binom2((5 / 6) * (2 / 3));
  fights.push({ p: pF[0]!, end: 'locked', survivors: 4, woundsLeft: 5, sweepWounds: 0 });
  for (const f of [1, 2]) {
    const guards = 3 - f;
    const models = guards + 1;
    fights.push({ p: pF[f]! * (10 / 36), end: 'fellBack', survivors: models, woundsLeft: guards + 2, sweepWounds: 0 });
    const onGuard = (guards / models) * (5 / 6) * (4 / 6);
    const onOgryn = (1 / models) * (4 / 6) * (3 / 6);
    // each hit: a dead Guardsman, a wound on the Ogryn, or nothing
    for (const [g, o, p] of [[0, 0, 1], [1, 0, 2], [0, 1, 2], [2, 0, 1], [1, 1, 2], [0, 2, 1]] as const) {
      const none = 1 - onGuard - onOgryn;
      const chance = p * onGuard ** g * onOgryn ** o * none ** (2 - g - o);
      const dead = Math.min(g, guards);
      fights.push({
        p: pF[f]! * (26 / 36) * chance, end: 'swept', survivors: models - dead - (o === 2 ? 1 : 0),
        woundsLeft: guards - dead + 2 - o, sweepWounds: dead + o,
      });
    }
  }
  const total = (read: (x: (typeof fights)[number]) => number) => fights.reduce((a, x) => a + x.p * read(x), 0);
  const share = (end: string) => total((x) => (x.end === end ? 1 : 0));
  const moments = (read: (x: (typeof fights)[number]) => number) => {
    const mean = total(read);
    return { mean, sd: Math.sqrt(total((x) => read(x) ** 2) - mean * mean) };
  };
  return {
    sum: total(() => 1), share, survivors: moments((x) => x.survivors), woundsLeft: moments((x) => x.woundsLeft), sweepWounds: moments((x) => x.sweepWounds),
  };
}

describe('waffle sweep hits at random (rules ruling 25): a small fight against its figures worked out by hand', { timeout: 60_000 }, () => {
  const want = byHand();
  const close = (got: number, x: number, what: string) => expect(Math.abs(got - x), `${what}: got ${got}, want ${x}`).toBeLessThanOrEqual(1e-9);
  it('exact, every figure to 1e-9', () => {
    expect(Math.abs(want.sum - 1)).toBeLessThan(1e-12);
    const r = exact(small());
    for (const end of ['locked', 'fellBack', 'swept']) close(r.final.end[end] ?? 0, want.share(end), `end ${end}`);
    close(r.final.survivors.defender.mean, want.survivors.mean, 'defender survivors');
    close(r.final.woundsLeft.defender.mean, want.woundsLeft.mean, 'defender wounds left');
    close(r.sweepingAdvance.woundsPerRun, want.sweepWounds.mean, 'sweep wounds');
  });
  it('sim within 4 standard errors of them', async () => {
    const RUNS = 20_000;
    const r = await simulate(small(), { runs: RUNS, seed: 'sweep-at-random' });
    for (const end of ['locked', 'fellBack', 'swept']) {
      const p = want.share(end);
      expect(Math.abs((r.final.end[end] ?? 0) - p), `end ${end}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / RUNS));
    }
    for (const [got, x] of [[r.final.survivors.defender.mean, want.survivors], [r.sweepingAdvance.woundsPerRun, want.sweepWounds], [r.final.woundsLeft.defender.mean, want.woundsLeft]] as const) {
      expect(Math.abs(got - x.mean)).toBeLessThanOrEqual((4 * x.sd) / Math.sqrt(RUNS));
    }
  });
});

describe('exact: a striking class\'s unsaved wounds on each kind in one call (Chance.sweepUnsaved), as the calls one by one', () => {
  it('the engine\'s figures are the same with the one call as with the calls one by one, on this fight and shipped ones', { timeout: 120_000 }, () => {
    const dir = join(SHIPPED_ROSTERS, 'scenarios');
    const fights = [small(), ...['banshees-vs-mixed-armour', 'charge-through-woods', 'tactical-vs-boyz'].map((f) => ({ ...loadScenario(join(dir, `${f}.yaml`), { rules: 'waffle' }), rounds: 1 as const }))];
    const numbers = (r: unknown, at = ''): [string, number][] =>
      typeof r === 'number' ? [[at, r]] : r && typeof r === 'object' ? Object.entries(r).flatMap(([k, v]) => numbers(v, `${at}.${k}`)) : [];
    const proto = EnumChance.prototype as { sweepUnsaved?: EnumChance['sweepUnsaved'] };
    const oneCall = proto.sweepUnsaved;
    for (const s of fights) {
      const quick = exact(s);
      let slow: ReturnType<typeof exact>;
      try {
        proto.sweepUnsaved = undefined;
        slow = exact(s, { atoms: 10_000_000 });
      } finally {
        proto.sweepUnsaved = oneCall;
      }
      const want = new Map(numbers(slow));
      const got = numbers(quick);
      expect(got.length).toBeGreaterThan(50);
      for (const [k, v] of got) expect(Math.abs(v - want.get(k)!), `${s.name} ${k}`).toBeLessThanOrEqual(1e-10 * Math.max(1, Math.abs(v)));
    }
  });
});

describe('exact: a run of striking classes whose hits fall, wound and save alike, drawn as one call of all their hits', () => {
  // the Killers as two classes of one model each, alike but for their names: each sweep draws
  // both their hits in one call, and the fight is the one worked out by hand above
  const twoClasses = () => scenario('waffle', [unit('Killers', [[m('Killer', { WS: 10, S: 6, T: 4, I: 4, A: 1 }), 1], [m('Killer Boss', { WS: 10, S: 6, T: 4, I: 4, A: 1 }), 1]])], [victims()], 1);
  it('the same figures as worked out by hand, to 1e-9, with one call per sweep of both classes\' hits', { timeout: 60_000 }, () => {
    const want = byHand();
    const proto = EnumChance.prototype as { sweepUnsaved: NonNullable<EnumChance['sweepUnsaved']> };
    const oneCall = proto.sweepUnsaved;
    const hits: number[] = [];
    let r: ReturnType<typeof exact>;
    try {
      proto.sweepUnsaved = function (this: EnumChance, k, ...rest) {
        hits.push(k);
        return oneCall.call(this, k, ...rest);
      };
      r = exact(twoClasses());
    } finally {
      proto.sweepUnsaved = oneCall;
    }
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((k) => k === 2)).toBe(true);
    const close = (got: number, x: number, what: string) => expect(Math.abs(got - x), `${what}: got ${got}, want ${x}`).toBeLessThanOrEqual(1e-9);
    for (const end of ['locked', 'fellBack', 'swept']) close(r.final.end[end] ?? 0, want.share(end), `end ${end}`);
    close(r.final.survivors.defender.mean, want.survivors.mean, 'defender survivors');
    close(r.final.woundsLeft.defender.mean, want.woundsLeft.mean, 'defender wounds left');
    close(r.sweepingAdvance.woundsPerRun, want.sweepWounds.mean, 'sweep wounds');
  });
  it('classes whose hits differ (another Strength) are drawn apart', { timeout: 60_000 }, () => {
    const mixed = scenario('waffle', [unit('Killers', [[m('Killer', { WS: 10, S: 6, T: 4, I: 4, A: 1 }), 1], [m('Killer Boss', { WS: 10, S: 5, T: 4, I: 4, A: 1 }), 1]])], [victims()], 1);
    const proto = EnumChance.prototype as { sweepUnsaved: NonNullable<EnumChance['sweepUnsaved']> };
    const oneCall = proto.sweepUnsaved;
    const hits: number[] = [];
    try {
      proto.sweepUnsaved = function (this: EnumChance, k, ...rest) {
        hits.push(k);
        return oneCall.call(this, k, ...rest);
      };
      exact(mixed);
    } finally {
      proto.sweepUnsaved = oneCall;
    }
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((k) => k === 1)).toBe(true);
  });
});

describe('dice stream 2: a logged fight whose sweep hits fall at random is the fight sim fights unlogged', () => {
  it('the small fight and a shipped one, 300 runs each: the same outcome', () => {
    const dir = join(SHIPPED_ROSTERS, 'scenarios');
    for (const s of [small(), loadScenario(join(dir, 'two-squads-vs-boyz.yaml'), { rules: 'waffle' })]) {
      let spread = 0;
      for (let run = 1; run <= 300; run++) {
        const logged = fight(s, { seed: 'logged', run });
        const quiet = fight(s, { seed: 'logged', run, quiet: true });
        expect(JSON.stringify(quiet.outcome), `${s.name} run ${run}`).toBe(JSON.stringify(logged.outcome));
        spread += logged.events.filter((e) => e.type === 'sweepSpread' && e.rolls.length > 0).length;
      }
      // the hits were spread with dice in some of them
      expect(spread, s.name).toBeGreaterThan(10);
    }
  });
});
