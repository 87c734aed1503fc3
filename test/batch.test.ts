// assault batch: matrix files, rows that replay alone with sim, CSV that any reader loads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';
import { loadMatrix, runBatch, toCsv, type BatchRow } from '../src/batch/batch.js';
import { InputError } from '../src/errors.js';
import { poolThreads, type PoolJob } from '../src/sim/pool.js';
import { threadsFor } from '../src/sim/threads.js';
import { simulate } from '../src/sim/run.js';

const root = new URL('..', import.meta.url).pathname;
const { dir, write } = tempFiles('batch');
/** The command line in this process (test/cli-in-process.ts). */
const cli = (args: string[]) => assault(args, { cwd: root, env: { NO_COLOR: '1' } });

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += ch;
  }
  return rows;
}

describe('assault batch (srd4)', { timeout: 60_000 }, () => {
  const matrix = write('m.yaml', [
    'runs: 300', 'seed: 9', 'rules: srd4',
    `scenarios: [${join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')}]`,
    'attackers: [space-marines/tactical-squad, tyranids/genestealers]', 'defenders: [imperial-guard]', '',
  ].join('\n'));

  it('srd4 a row per scenario and per attacker x defender (a roster stem means all its units)', async () => {
    const m = loadMatrix(matrix);
    expect(m.matchups.map((x) => x.label)).toEqual([
      'Tactical squad charges Ork boyz',
      'space-marines/tactical-squad vs imperial-guard/infantry-squad',
      'tyranids/genestealers vs imperial-guard/infantry-squad',
    ]);
    const rows = await runBatch(m);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.attackerWins + r.defenderWins + r.drawOrLocked).toBeCloseTo(1, 6);
  });

  /** Run a row's replay command in a shell from another folder, as a user would paste it. */
  const replay = (row: BatchRow) => {
    const r = spawnSync('sh', ['-c', `${row.replay.replace(/^assault /, `"${process.execPath}" "${join(root, 'bin/assault')}" `)} --json`], { cwd: tmpdir(), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout);
  };
  const same = (row: BatchRow, sim: { seed: string; final: { winner: { attacker: number }; woundsInflicted: { defender: { mean: number } }; survivors: { defender: { mean: number } } } }) => {
    expect(sim.seed).toBe(row.seed);
    expect(sim.final.winner.attacker).toBe(row.attackerWins);
    expect(sim.final.woundsInflicted.defender.mean).toBe(row.woundsByDefender);
    expect(sim.final.survivors.defender.mean).toBe(row.defenderSurvivors);
  };

  it('threads are started only for enough runs: 729 rows of 1 run stay in this thread, of 1,000 runs they share the cores', async () => {
    // only the ruleset of a job's scenario is read (an edition registered at run time keeps the batch in this thread)
    const job = (runs: number): PoolJob => ({ scenario: { rules: 'srd4' } as PoolJob['scenario'], seed: 's', runs });
    expect(poolThreads(Array.from({ length: 729 }, () => job(1)), 2)).toBe(1);
    expect(poolThreads(Array.from({ length: 729 }, () => job(1000)), 2)).toBe(threadsFor(2));
    expect(poolThreads([job(1_000_000)], 2)).toBe(1); // one job: one thread
    expect(poolThreads(Array.from({ length: 3 }, () => job(1)), 2, 1)).toBe(threadsFor(2));
  });

  it('srd4 rows over two worker threads are the rows of one thread, in the same order', async () => {
    const m = loadMatrix(matrix);
    expect(JSON.stringify(await runBatch(m, { workers: 2, minRunsPerWorker: 1 }))).toBe(JSON.stringify(await runBatch(m)));
  });

  it('srd4 each row replays alone: its replay command gives the same figures', async () => {
    const rows: BatchRow[] = JSON.parse((await cli(['batch', matrix, '--json'])).stdout);
    for (const row of rows) same(row, replay(row));
  }, 60_000);

  it('srd4 rows replay exactly also with the matrix\'s rounds, its own rosters and a folder name with a space', async () => {
    const sub = join(dir, 'my rosters');
    mkdirSync(sub, { recursive: true });
    // a local roster that shadows the shipped one: a one-model unit, so replaying from elsewhere would differ
    writeFileSync(join(sub, 'orks.yaml'), 'faction: Orks\nunits:\n  boyz:\n    name: Lone Boy\n    models:\n      - { name: Boy, count: 1, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7 } }\n');
    const m = join(sub, 'm.yaml');
    writeFileSync(m, `runs: 200\nseed: "a seed"\nrounds: 1\nscenarios: [${join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')}]\nattackers: [space-marines/tactical-squad]\ndefenders: [orks/boyz]\n`);
    const rows = await runBatch(loadMatrix(m));
    expect(rows.every((r) => r.replay.includes('--rounds 1'))).toBe(true);
    expect(rows[1]!.replay).toContain("--roster-dir '");
    for (const row of rows) same(row, replay(row));
  }, 60_000);

  it('every row\'s figures are those of its sim\'s report, under every edition (kernel and reference fights, one unit a side and several)', async () => {
    const scenarios = ['tactical-vs-boyz', 'two-squads-vs-boyz', 'berserkers-vs-crusaders', 'librarian-vs-nobz', 'boyz-charge-into-overwatch', 'lone-sergeant-final-blow'];
    const m = loadMatrix(write('eds.yaml', [
      'runs: 150', 'seed: e', 'rules: [srd4, revised4, fightphase, waffle]',
      `scenarios: [${scenarios.map((s) => join(root, `rosters/scenarios/${s}.yaml`)).join(', ')}]`,
      'attackers: [space-marines/tactical-squad, dark-eldar]', 'defenders: [orks/boyz, eldar/howling-banshees]', '',
    ].join('\n')));
    const rows = await runBatch(m);
    expect(rows).toHaveLength(4 * m.matchups.length);
    for (const [i, row] of rows.entries()) {
      const scenario = m.matchups[i % m.matchups.length]!.build(row.rules);
      const { final: f } = await simulate(scenario, { runs: m.runs, seed: row.seed });
      expect([row.attackerWins, row.defenderWins, row.drawOrLocked]).toEqual([f.winner.attacker, f.winner.defender, f.winner.none]);
      expect([row.attackerWinsLow, row.attackerWinsHigh, row.defenderWinsLow, row.defenderWinsHigh])
        .toEqual([f.winnerCI.attacker!.low, f.winnerCI.attacker!.high, f.winnerCI.defender!.low, f.winnerCI.defender!.high]);
      expect([row.woundsByAttacker, row.woundsByDefender, row.attackerSurvivors, row.defenderSurvivors])
        .toEqual([f.woundsInflicted.attacker.mean, f.woundsInflicted.defender.mean, f.survivors.attacker.mean, f.survivors.defender.mean]);
    }
  });

  it('each roster file is read once for the whole matrix, under every ruleset: the rows are built from the rosters as checked', async () => {
    const sub = join(dir, 'read-once');
    mkdirSync(sub, { recursive: true });
    const roster = (n: number) => `faction: Test\nunits:\n  mob:\n    name: Mob\n    models:\n      - { name: Boy, count: ${n}, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7 } }\n`;
    writeFileSync(join(sub, 'test.yaml'), roster(5));
    const file = join(sub, 'm.yaml');
    writeFileSync(file, 'runs: 10\nrules: [srd4, revised4]\nattackers: [test/mob]\ndefenders: [test/mob]\n');
    const m = loadMatrix(file);
    writeFileSync(join(sub, 'test.yaml'), roster(7));
    for (const rules of ['srd4', 'revised4']) expect(m.matchups[0]!.build(rules).attacker.units[0]!.models[0]!.count).toBe(5);
  });

  it('srd4 CSV: a header row and one row per matchup, loadable by an RFC 4180 reader', async () => {
    const rows = await runBatch(loadMatrix(matrix));
    rows[0]!.attacker = 'a "quoted", name';
    const parsed = parseCsv(toCsv(rows));
    expect(parsed[0]).toEqual([
      'attacker', 'defender', 'rules', 'runs', 'seed', 'attackerWins', 'defenderWins', 'drawOrLocked', 'woundsByAttacker', 'woundsByDefender',
      'attackerSurvivors', 'defenderSurvivors', 'attackerWinsLow', 'attackerWinsHigh', 'defenderWinsLow', 'defenderWinsHigh',
      'attackerPoints', 'defenderPoints', 'attackerWoundsPer100Points', 'defenderWoundsPer100Points', 'replay', 'row',
    ]);
    expect(parsed).toHaveLength(4);
    expect(parsed[1]![0]).toBe('a "quoted", name');
    expect(parsed.every((r) => r.length === 22)).toBe(true);
    // each row's number is its place in the matrix, what --row takes: 1 to n, once each
    expect(rows.map((r) => r.row).sort((x, y) => x - y)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) if (r.replay.includes('--row')) expect(r.replay).toContain(`--row ${r.row} `);
    const one = await runBatch(loadMatrix(matrix), { row: rows[1]!.row });
    expect([one.length, one[0]!.attacker, one[0]!.defender, one[0]!.attackerWins]).toEqual([1, rows[1]!.attacker, rows[1]!.defender, rows[1]!.attackerWins]);
  });

  it('bad matrix files: every problem located, exit 2', async () => {
    const bad = write('bad.yaml', 'runs: 10\nrules: [srd4, srd9]\nattackers: [space-marines/tactical-squadd, orcs]\ndefenders: [orks]\n');
    const err = (() => { try { loadMatrix(bad); } catch (e) { return e; } })();
    expect(err).toBeInstanceOf(InputError);
    const msg = (err as InputError).message;
    expect(msg).toMatch(/bad\.yaml:2:15: unknown ruleset 'srd9'/);
    expect(msg).toMatch(/bad\.yaml:3:13: no unit 'tactical-squadd'.*did you mean 'tactical-squad'/);
    expect(msg).toMatch(/bad\.yaml:3:44: no roster file 'orcs\.yaml'; did you mean 'orks'\?/);
    expect((await cli(['batch', bad])).status).toBe(2);
  }, 30_000);
});
