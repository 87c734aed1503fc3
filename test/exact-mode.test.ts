// `assault exact`: the enumerated distribution against probabilities computed independently
// (test/exact.ts) to 1e-9, probabilities that sum to 1 to 1e-12, agreement with `sim` within 4
// standard errors on every shipped scenario's first phase under every ruleset (those past a small
// budget left out, at most as many as TOO_LARGE says) and on every shipped scenario to resolution
// under its own ruleset but those named past the default budget (the later phases fought as a graph), the budget
// refusal, `check` files with `method: exact`, and the command line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { exact, TooLarge } from '../src/exact/exact.js';
import { scaled, STATE_SIZE } from '../src/exact/budget.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { runChecks } from '../src/check/check.js';
import { simulate } from '../src/sim/run.js';
import { binom, cappedMoments, simultaneousDuel } from './exact.js';
import { wh40kScenarioFiles, model, scenario, tempFiles, unit } from './helpers.js';

const close = (got: number, want: number) => expect(Math.abs(got - want), `got ${got}, want ${want}`).toBeLessThanOrEqual(1e-9);
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('exact against probabilities computed from first principles', { timeout: 60_000 }, () => {
  it('one model, three attacks at 4+ and 4+: wounds ~ Binomial(3, 1/4)', () => {
    const s = scenario('srd4', [unit('A', [[model('A', { WS: 4, S: 4, I: 4, A: 3 }), 1]])], [unit('D', [[model('D', { WS: 4, T: 4, I: 1, A: 0 }), 10]])], 1);
    const r = exact(s);
    const pmf = binom(3, 1 / 4);
    close(r.firstRound.woundsInflicted.attacker.mean, 0.75);
    close(r.firstRound.result.attacker!, 1 - pmf[0]!);
    close(r.firstRound.result.draw!, pmf[0]!);
    r.firstRound.woundsInflicted.attacker.histogram.forEach(([k, p]) => close(p, pmf[k]!));
  });
  it('ten charging Marines against ten Guardsmen: 20 attacks at 8/27, excess over 10 lost; "at least k"', () => {
    const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
    const guard = model('Guard', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 7, Sv: 5 });
    const r = exact(scenario('srd4', [unit('M', [[marine, 10]], { charged: true })], [unit('G', [[guard, 10]])], 1));
    const pmf = binom(20, (2 / 3) ** 3);
    const { mean, variance } = cappedMoments(pmf, 10);
    close(r.firstRound.woundsInflicted.attacker.mean, mean);
    close(r.firstRound.woundsInflicted.attacker.sd ** 2, variance);
    expect(r.firstRound.woundsInflicted.attacker.se).toBe(0);
    close(r.final.end.destroyed!, pmf.slice(10).reduce((a, b) => a + b, 0));
    for (let k = 1; k <= 10; k++) {
      close(r.atLeast.firstRoundWounds.attacker[k]!.p, pmf.slice(k).reduce((a, b) => a + b, 0));
      expect(r.atLeast.firstRoundWounds.attacker[k]!.low).toBe(r.atLeast.firstRoundWounds.attacker[k]!.p);
    }
  });
  it('fearless Guardsmen never break: at least k models left is P(wounds <= 10 - k)', () => {
    const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
    const guard = model('Guard', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 7, Sv: 5 }, [], ['fearless']);
    const r = exact(scenario('srd4', [unit('M', [[marine, 10]], { charged: true })], [unit('G', [[guard, 10]])], 1));
    const pmf = binom(20, (2 / 3) ** 3);
    for (let k = 1; k <= 10; k++) close(r.atLeast.survivors.defender[k]?.p ?? 0, pmf.slice(0, 11 - k).reduce((a, b) => a + b, 0));
  });
  it('simultaneous blows, then Morale at Ld7 (fails 15/36): first-round result and final winner', () => {
    const m = (name: string) => model(name, { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 7 });
    const r = exact(scenario('srd4', [unit('A', [[m('A'), 5]])], [unit('D', [[m('D'), 5]])], 1));
    const { firstWin, finalWin, draw } = simultaneousDuel(5, 1 / 4, 7);
    close(r.firstRound.result.attacker!, firstWin);
    close(r.firstRound.result.defender!, firstWin);
    close(r.final.winner.attacker!, finalWin);
    close(r.final.winner.defender!, finalWin);
    close(r.firstRound.result.draw!, 1 - 2 * firstWin);
    expect(draw).toBeGreaterThan(0);
  });

  it('fightphase: the wounds a sweeping advance inflicts, exact and sim against the chart worked out by hand (ruling 9)', async () => {
    // One Killer (I4) strikes once: it wounds with 1/2 x 1/2 (no save). Then one Victim of five is
    // dead, the rest test on Ld 2 less 1 and fail, and D6 + 4 against D6 + 2 catches them unless
    // the Victims roll 3 more: they lose the difference, at most their 4 wounds left. Else a draw.
    const killer = model('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 });
    const victim = model('Victim', { WS: 4, S: 3, T: 4, I: 2, A: 0, Ld: 2 });
    const s = scenario('fightphase', [unit('K', [[killer, 1]])], [unit('V', [[victim, 5]])], 1);
    let lost = 0;
    let lostSquared = 0;
    for (let sweep = 1; sweep <= 6; sweep++) {
      for (let flee = 1; flee <= 6; flee++) {
        const d = sweep + 4 - (flee + 2);
        const w = d >= 0 ? Math.min(d, 4) : 0;
        lost += w / 36;
        lostSquared += (w * w) / 36;
      }
    }
    const mean = lost / 4;
    close(exact(s).sweepingAdvance.woundsPerRun, mean);
    const RUNS = 20_000;
    const sd = Math.sqrt(lostSquared / 4 - mean * mean);
    const m = await simulate(s, { runs: RUNS, seed: 'sweep-wounds' });
    expect(Math.abs(m.sweepingAdvance.woundsPerRun - mean)).toBeLessThanOrEqual(4 * sd / Math.sqrt(RUNS));
  });
});

describe('exact: every probability accounted for', () => {
  it('shares, fates and histograms sum to 1 within 1e-12, to resolution', { timeout: 60_000 }, () => {
    const s = scenario('revised4',
      [unit('A', [[model('A', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 8, Sv: 4 }), 4]], { charged: true })],
      [unit('D1', [[model('D', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 }), 3]]), unit('D2', [[model('E', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 }), 3]])], 'resolve');
    const r = exact(s);
    expect(r.method).toBe('exact');
    for (const shares of [r.firstRound.result, r.final.winner, r.final.end, ...r.units!.map((u) => u.fate)]) expect(Math.abs(sum(shares) - 1)).toBeLessThan(1e-12);
    for (const d of [r.final.survivors.attacker, r.final.woundsLeft.defender, r.final.rounds, r.firstRound.woundsInflicted.attacker]) {
      expect(Math.abs(d.histogram.reduce((a, [, p]) => a + p, 0) - 1)).toBeLessThan(1e-12);
    }
  });
});

/**
 * The report of `assault exact` and of `assault sim` (4,000 runs, one worker) on a shipped scenario
 * under `rules`, as --json prints them (`budget`: exact's --budget, else its default), by the built command line in this process
 * (test/cli-in-process.ts): the bundle enumerates these fights in about two thirds of the CPU the
 * sources take through vitest's module runner. Null for exact past `budget` atoms.
 */
const RUNS = 4000;
async function exactAndSim(file: string, rules: string, rounds: string, budget: number | undefined, seed: string): Promise<{ e: ReturnType<typeof exact>; m: Awaited<ReturnType<typeof simulate>> } | null> {
  const common = [file, '--rules', rules, '--rounds', rounds, '--json'];
  const e = await assault(['exact', ...common, ...(budget === undefined ? [] : ['--budget', String(budget)])]);
  if (e.status === 2 && /too large to enumerate exactly/.test(e.stderr)) return null;
  expect([e.status, e.stderr], `exact ${file} under ${rules}`).toEqual([0, '']);
  const m = await assault(['sim', ...common, '--runs', String(RUNS), '--seed', seed, '--workers', '1']);
  expect([m.status, m.stderr], `sim ${file} under ${rules}`).toEqual([0, '']);
  return { e: JSON.parse(e.stdout), m: JSON.parse(m.stdout) };
}

describe('exact against sim: every shipped scenario, first phase, every ruleset, within 4 standard errors', () => {
  const dir = join(SHIPPED_ROSTERS, 'scenarios');
  const files = wh40kScenarioFiles(dir).sort();
  // the first phases that do not fit a small budget are left out, at most this many per ruleset:
  // none (the largest, two-squads-vs-boyz under waffle, fights 1.2 million atoms)
  const TOO_LARGE = { srd4: 0, revised4: 0, fightphase: 0, waffle: 0 };
  for (const [rules, allowed] of Object.entries(TOO_LARGE)) {
    it(`${rules}`, { timeout: 120_000 }, async () => {
      let skipped = 0;
      for (const f of files) {
        const both = await exactAndSim(join(dir, f), rules, '1', 2_000_000, `vs-exact-${f}`);
        if (both === null) {
          skipped++;
          continue;
        }
        const { e, m } = both;
        const share = (p: number, got: number, what: string) =>
          expect(Math.abs(got - p), `${f} ${what}: sim ${got}, exact ${p}`).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS));
        for (const k of ['attacker', 'defender', 'none'] as const) share(e.final.winner[k]!, m.final.winner[k]!, `winner ${k}`);
        for (const k of Object.keys(e.final.end)) share(e.final.end[k]!, m.final.end[k]!, `end ${k}`);
        for (const side of ['attacker', 'defender'] as const) {
          const d = e.firstRound.woundsInflicted[side];
          expect(Math.abs(m.firstRound.woundsInflicted[side].mean - d.mean), `${f} wounds by ${side}`).toBeLessThanOrEqual(4 * d.sd / Math.sqrt(RUNS) + 1e-6);
        }
      }
      expect(skipped, `${rules}: first phases too large for the budget`).toBeLessThanOrEqual(allowed);
    });
  }
});

describe('exact against sim: every shipped scenario to resolution, under its own ruleset, within 4 standard errors', () => {
  const dir = join(SHIPPED_ROSTERS, 'scenarios');
  const files = wh40kScenarioFiles(dir).sort();
  // those whose later phases outgrow the default budget (docs/performance.md): none since a step's
  // second unit takes its casualties among the blows (engine/strike.ts `earlyCasualties`); a
  // scenario named here is not enumerated, and every other one must answer
  const TOO_LARGE: string[] = [];
  it('every phase, the later ones fought as a graph (exact/phases.ts)', { timeout: 300_000 }, async () => {
    expect(TOO_LARGE.every((f) => files.includes(f)), 'TOO_LARGE names shipped scenarios').toBe(true);
    for (const f of files) {
      if (TOO_LARGE.includes(f)) continue;
      const s = loadScenario(join(dir, f));
      const both = await exactAndSim(join(dir, f), s.rules, 'resolve', undefined, `vs-exact-resolved-${f}`);
      expect(both, `${f} fits the default budget`).not.toBeNull();
      const { e, m } = both!;
      const share = (p: number, got: number, what: string) =>
        expect(Math.abs(got - p), `${f} ${what}: sim ${got}, exact ${p}`).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS));
      for (const k of ['attacker', 'defender', 'none'] as const) share(e.final.winner[k]!, m.final.winner[k]!, `winner ${k}`);
      for (const k of Object.keys(e.final.end)) share(e.final.end[k]!, m.final.end[k]!, `end ${k}`);
      // (sim's histograms hold counts, exact's probabilities)
      for (const k of [2, 3, 5]) share(e.final.rounds.histogram.find(([v]) => v === k)?.[1] ?? 0, (m.final.rounds.histogram.find(([v]) => v === k)?.[1] ?? 0) / RUNS, `${k} phases`);
      for (const side of ['attacker', 'defender'] as const) {
        for (const d of ['survivors', 'woundsInflicted'] as const) {
          const x = e.final[d][side];
          expect(Math.abs(m.final[d][side].mean - x.mean), `${f} ${d} ${side}`).toBeLessThanOrEqual(4 * x.sd / Math.sqrt(RUNS) + 1e-6);
        }
      }
      expect(Math.abs(m.morale.runsWithCheck - e.morale.runsWithCheck), `${f} fights with a Morale check`).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(e.morale.runsWithCheck * (1 - e.morale.runsWithCheck), 1 / RUNS) / RUNS));
    }
  });
});

describe('exact: the budget, check files, the command line', { timeout: 60_000 }, () => {
  const root = join(import.meta.dirname, '..');
  const shipped = join(SHIPPED_ROSTERS, 'scenarios', 'tactical-vs-boyz.yaml');
  it('a scenario past the budget stops with a message that names the size and suggests sim', () => {
    expect(() => exact(loadScenario(shipped), { atoms: 1000 })).toThrow(TooLarge);
    expect(() => exact(loadScenario(shipped), { states: 10 })).toThrow(/too large to enumerate exactly \(more than 10 states at once\); use `assault sim`/);
  });
  it('later phases whose graph outgrows the budget stop with the same message, naming it; a budget that holds them gives the same figures', { timeout: 120_000 }, () => {
    const s = loadScenario(shipped);
    const graph = exact(s);
    // 2,000 nodes: fewer than the later phases' graph holds
    expect(() => exact(s, { nodes: 2_000 })).toThrow(/too large to enumerate exactly \(more than 2,000 states in the later phases\); use `assault sim`/);
    const roomy = exact(s, { nodes: 10_000_000 });
    for (const k of ['attacker', 'defender', 'none'] as const) expect(roomy.final.winner[k]).toBe(graph.final.winner[k]);
    expect(roomy.diceRolled).toBe(graph.diceRolled);
  });
  it('a combat with long states (hundreds of model classes) gets budgets scaled to their length, and says so', { timeout: 120_000 }, () => {
    expect(scaled(100_000, 100)).toBe(100_000);
    expect(scaled(100_000, STATE_SIZE)).toBe(100_000);
    expect(scaled(100_000, 6454)).toBe(1983);
    expect(scaled(5, 1_000_000)).toBe(1);
    // 150 different single models a side: each a class of its own, a state of over 2,400 numbers
    const side = (name: string) => unit(name, Array.from({ length: 150 }, (_, i) =>
      [model(`${name}${i}`, { WS: 4, S: 4, T: 4, W: 1 + (i % 2), I: 1 + (i % 6), A: 1 + (i % 3), Sv: 2 + (i % 5) }), 1] as [ReturnType<typeof model>, number]), { charged: name === 'A' });
    // to resolution it is refused at once by its estimate (test/exact-estimate.test.ts); one phase is enumerated until a scaled budget stops it:
    // a tenth of the default states (the default one scaled the same way took 6 s to fill)
    const many = scenario('srd4', [side('A')], [side('D')], 1);
    let refusal = '';
    try {
      exact(many, { states: 10_000 });
    } catch (err) {
      if (!(err instanceof TooLarge)) throw err;
      refusal = err.message;
    }
    const said = /too large to enumerate exactly \(more than ([\d,]+) states at once, for states of (2,4\d\d) numbers\); use `assault sim`/.exec(refusal);
    expect(said, refusal).not.toBeNull();
    const number = (text: string) => Number(text.replaceAll(',', ''));
    expect(number(said![1]!)).toBe(Math.floor((10_000 * STATE_SIZE) / number(said![2]!)));
    expect(() => exact({ ...many, rounds: 'resolve' })).toThrow(/too large to enumerate exactly \(about [\d,]+ states by its size, past the 600,000 the budget holds\)/);
  });
  it('a Final Blow chain of hundreds of links is one call by its law, whose links are counted as rolls (ten per atom of the budget)', () => {
    // a champion behind one model in front: when the front model dies, every wound he rolls is
    // another attack (waffle, ruling 19), on 2+ and 2+ with a re-roll: about 70 a fight. Its law
    // takes about 7,000 links to work out, within a few dozen atoms.
    const file = tempFiles('exact-final-blow').write('final-blow.yaml', [
      'name: Final Blow chain', 'rules: waffle', 'rounds: 1',
      'attacker:', '  units:', '    - name: Scorps', '      reaction: none', '      models:',
      '        - { name: Scorpion, count: 2, profile: { WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 10, A: 1, Ld: 9, Sv: 5 }, wargear: [close-combat-weapon] }',
      'defender:', '  units:', '    - name: Heroes', '      reaction: none', '      models:',
      '        - { name: Fodder, count: 1, distance: 0, profile: { WS: 1, BS: 1, S: 1, T: 1, W: 1, I: 1, A: 0, Ld: 10 }, wargear: [close-combat-weapon] }',
      '        - { name: Champion, count: 1, distance: 1, profile: { WS: 10, BS: 1, S: 10, T: 1, W: 1, I: 1, A: 2, Ld: 10, Sv: 2, Inv: 2 }, wargear: [lightning-claw, lightning-claw] }',
      '',
    ].join('\n'));
    expect(() => exact(loadScenario(file), { atoms: 600 })).toThrow(/too large to enumerate exactly \(more than 6,000 rolls to make\); use `assault sim`/);
    // within the default budget it answers (path by path, link by link, it made over 30 million rolls)
    const r = exact(loadScenario(file));
    expect(Math.abs(sum(r.final.winner) - 1)).toBeLessThan(1e-12);
    expect(r.charge.finalBlowAttacks).toBeGreaterThan(60);
  });
  it('a roll too large to list (a horde of 1500 models striking at once) stops at once, named', () => {
    const horde = scenario('srd4', [unit('Horde', [[model('Gaunt', { A: 1 }), 1500]], { charged: true })], [unit('D', [[model('D', {}), 5]])], 1);
    // at once: the CPU time of this process, which other work on the machine does not lengthen
    const cpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
    const t = cpu();
    expect(() => exact(horde)).toThrow(/too large to enumerate exactly \(a roll of 3000 dice\); use `assault sim`/);
    expect(cpu() - t).toBeLessThan(10_000);
  });
  it('assault exact: the report, --json with method exact, --budget refusal with exit 2', async () => {
    const run = (args: string[]) => assault(args); // in this process (test/cli-in-process.ts)
    const text = await run(['exact', shipped, '--rounds', '1']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/\(srd4, exact\)/);
    const json = JSON.parse((await run(['exact', shipped, '--rounds', '1', '--json'])).stdout);
    expect(json.method).toBe('exact');
    expect(json.seed).toBeNull();
    const refused = await run(['exact', shipped, '--budget', '1000']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/too large to enumerate exactly \(more than 1,000 atoms to fight\); use `assault sim`/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
  it('check files with method: exact (no runs, no seed)', async () => {
    const { write } = tempFiles('exact-check');
    const duel = simultaneousDuel(5, 1 / 4, 7);
    const scenarioText = `scenario:\n  rules: srd4\n  rounds: 1\n  attacker:\n    units:\n      - name: A\n        charged: false\n        models:\n          - { name: A, count: 5, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 7 } }\n  defender:\n    units:\n      - name: D\n        models:\n          - { name: D, count: 5, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 7 } }\n`;
    const good = write('duel.check.yaml', `${scenarioText}method: exact\nexpect:\n  final.winner.attacker: { approx: ${duel.finalWin}, within: 1e-9 }\n  firstRound.result.attacker: { approx: ${duel.firstWin}, within: 1e-9 }\n`);
    const run = await runChecks([good]);
    expect(run.problems).toEqual([]);
    expect(run.results.map((r) => r.pass)).toEqual([true, true]);
    const bad = write('bad.check.yaml', `${scenarioText}method: exact\nruns: 100\nexpect:\n  final.winner.attacker: { min: 0 }\n`);
    const refused = await runChecks([bad]);
    expect(refused.problems.map((p) => p.message).join()).toMatch(/`method: exact` measures no runs: leave out `runs`/);
  });
  it('a check file whose scenario is past the budget: its method line is the problem, and its golden log still runs', { timeout: 120_000 }, async () => {
    const { write } = tempFiles('exact-check-big');
    // 200 Boyz against 200 Guardsmen: past the states at once within a second
    write('big.yaml', ['name: big', 'rules: srd4', 'rounds: resolve', 'attacker:', '  units:', '    - { unit: orks/boyz, size: 200 }', 'defender:', '  units:', '    - { unit: imperial-guard/infantry-squad, size: 200 }', ''].join('\n'));
    const big = write('big.check.yaml', `scenario: big.yaml\nmethod: exact\nexpect:\n  final.winner.attacker: { min: 0 }\nfight: { seed: 7, log: big.log }\n`);
    const first = await runChecks([big], { update: true });
    expect(first.problems).toEqual([expect.objectContaining({ line: 2, col: 9, path: 'method', message: expect.stringMatching(/too large to enumerate exactly/) })]);
    expect(first.results.map((r) => [r.kind, r.got])).toEqual([['golden', 'updated']]);
    const again = await runChecks([big]);
    expect(again.results.map((r) => [r.kind, r.pass])).toEqual([['golden', true]]);
  });
});
